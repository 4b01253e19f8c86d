/* reply_scrape.c - scraped web pages of mail (doc/lkp-format.md 1.4): page
 * furniture becomes noise, and report text whose '>' the scrape lost is
 * recognised as quoted. */
#include "config.h"

#include <string.h>

#include "parsers/reply-internal.h"

/* Leading lines further than this from the top are never a page title
 * or a "[Name]" author line. */
#define SCRAPE_HEAD_LINES 12

static int
is_header_line(const char *p, size_t n, size_t *name_len_out)
{
	size_t k = 0;

	if (!n || !LKB_ISALPHA(p[0]))
		return 0;
	while (k < n && k <= 60 && (LKB_ISALNUM(p[k]) || p[k] == '-'))
		k++;
	if (k == n || p[k] != ':' || k > 60)
		return 0;
	if (k + 1 < n && !LKB_ISBLANK(p[k + 1]))
		return 0;
	*name_len_out = k;
	return 1;
}

static int
is_known_header(const char *p, size_t name_len)
{
	static const char *const names[] = {
		"From", "Date", "Subject", "To", "Cc", "Received",
		"Received-SPF", "Message-ID", "References", "In-Reply-To",
		"Return-Path", "Delivered-To", "MIME-Version",
	};

	for (size_t k = 0; k < LKB_ARRAY_SIZE(names); k++)
		if (strlen(names[k]) == name_len &&
		    rl_prefix_ci(p, name_len, names[k]))
			return 1;
	return 0;
}

/* "[Hugh Dickins]": 2 to 4 capitalised words in brackets. */
static int
is_author_line(const char *p, size_t n)
{
	size_t words = 0, k = 1;

	if (n < 5 || n > 64 || p[0] != '[' || p[n - 1] != ']')
		return 0;
	while (k < n - 1) {
		size_t w = k;

		if (!LKB_ISUPPER(p[k]))
			return 0;
		while (k < n - 1 && p[k] != ' ') {
			if (!LKB_ISALPHA(p[k]) && p[k] != '.' && p[k] != '\'' &&
			    p[k] != '-')
				return 0;
			k++;
		}
		if (k - w < 2)
			return 0;
		words++;
		if (k < n - 1)
			k++;	/* the single space */
	}
	return words >= 2 && words <= 4;
}

static int
is_page_furniture(const char *p, size_t n)
{
	static const char *const prefixes[] = {
		"Next message: ", "Previous message: ", "In reply to: ",
		"Next in thread: ", "Previous in thread: ", "Reply: ",
		"Maybe reply: ", "Maybe in reply to: ", "Messages sorted by: ",
		"View attachment \"", "Powered by blists",
		"| lists.openwall.net",
		"Open Source and information security mailing list archives",
	};

	for (size_t k = 0; k < LKB_ARRAY_SIZE(prefixes); k++)
		if (rl_prefix(p, n, prefixes[k])) {
			/* hypermail lines carry `Name: "subject"` or [ date ] */
			if (k < 9 && !memchr(p, '"', n) && !memchr(p, '[', n))
				return 0;
			return 1;
		}
	return n && rl_all_in(p, n, "| ");
}

/* Mark a header block starting at line h as noise; returns the number of
 * header lines (0 when it is not a block). */
static size_t
mark_header_block(struct reply *r, struct arena *a, size_t h)
{
	size_t i, n, name_len, headers = 0, known = 0, from = (size_t)-1;
	int prev_subject = 0, prev_comma = 0;
	const char *p;

	for (i = h; i < r->nlines; i++) {
		if (r->lines[i].depth || r->lines[i].kind == RL_BLANK)
			break;
		p = rl_text(r, i, &n);
		if (is_header_line(p, n, &name_len)) {
			headers++;
			known += (size_t)is_known_header(p, name_len);
			if (name_len == 4 && rl_prefix_ci(p, n, "From"))
				from = i;
			prev_subject = name_len == 7 &&
				       rl_prefix_ci(p, n, "Subject");
		} else if (!(LKB_ISBLANK(p[0]) || prev_subject || prev_comma)) {
			break;
		} else {
			prev_subject = 0;
		}
		prev_comma = n && p[n - 1] == ',';
	}
	if (headers < 2 || !known)
		return 0;
	for (size_t k = h; k < i; k++)
		r->lines[k].kind = RL_NOISE;
	if (from != (size_t)-1) {
		p = rl_text(r, from, &n);
		p += 5;
		n -= 5;
		while (n && LKB_ISBLANK(*p)) {
			p++;
			n--;
		}
		r->header_from = arena_memdup0(a, p, n);
	}
	return headers;
}

static size_t
next_nonblank(const struct reply *r, size_t i)
{
	while (i < r->nlines && r->lines[i].kind == RL_BLANK)
		i++;
	return i;
}

void
reply_mark_scrape(struct reply *r, struct arena *a)
{
	size_t i = 0, n, j, name_len, seen = 0;
	const char *p;

	/* furniture everywhere at depth 0 */
	for (size_t k = 0; k < r->nlines; k++) {
		if (r->lines[k].kind != RL_AUTHORED)
			continue;
		p = rl_trim(r, k, &n);
		if (is_page_furniture(p, n))
			r->lines[k].kind = RL_NOISE;
	}
	while (i < r->nlines && (r->lines[i].kind == RL_BLANK ||
				 r->lines[i].kind == RL_NOISE))
		i++;
	if (i >= r->nlines || r->lines[i].kind != RL_AUTHORED)
		return;
	p = rl_text(r, i, &n);
	j = next_nonblank(r, i + 1);
	if (is_header_line(p, n, &name_len) && mark_header_block(r, a, i))
		;
	else if (j < r->nlines && r->lines[j].kind == RL_AUTHORED &&
		 (rl_prefix_ci(p, n, "Re:") || rl_prefix_ci(p, n, "Fwd:") ||
		  rl_prefix(p, n, "[")) &&
		 mark_header_block(r, a, j))
		r->lines[i].kind = RL_NOISE;
	/* "[Name]" author lines of scraped pages, near the top */
	for (size_t k = 0; k < r->nlines && seen < SCRAPE_HEAD_LINES; k++) {
		if (r->lines[k].kind == RL_BLANK || r->lines[k].depth)
			continue;
		seen++;
		if (r->lines[k].kind != RL_AUTHORED)
			continue;
		p = rl_trim(r, k, &n);
		if (!is_author_line(p, n))
			continue;
		r->lines[k].kind = RL_ATTRIBUTION;
		r->scraped_author = arena_memdup0(a, p + 1, n - 2);
		/* the page title above it */
		for (size_t t = 0; t < k; t++)
			if (r->lines[t].kind == RL_AUTHORED) {
				p = rl_trim(r, t, &n);
				if (rl_prefix_ci(p, n, "Re:"))
					r->lines[t].kind = RL_NOISE;
				break;
			}
		break;
	}
}

static int
all_in(const char *p, size_t n, const char *set)
{
	for (size_t k = 0; k < n; k++)
		if (!strchr(set, p[k]) || !p[k])
			return 0;
	return 1;
}

static int
has_space(const char *p, size_t n)
{
	return memchr(p, ' ', n) || memchr(p, '\t', n);
}

/* A table row: a number first, at least 3 tokens, a metric name last. */
static int
is_table_row(const char *p, size_t n)
{
	size_t tokens = 0, k = 0, last = 0;

	if (!n || !(LKB_ISDIGIT(p[0]) || p[0] == ':'))
		return 0;
	while (k < n) {
		while (k < n && LKB_ISBLANK(p[k]))
			k++;
		if (k == n)
			break;
		last = k;
		tokens++;
		while (k < n && !LKB_ISBLANK(p[k]))
			k++;
	}
	return tokens >= 3 &&
	       (memchr(p + last, '.', n - last) || memchr(p + last, '_', n - last) ||
		memchr(p + last, ':', n - last));
}

int
reply_is_report_line(const char *p, size_t n)
{
	static const char *const prefixes[] = {
		"Greeting", "Hello,", "FYI, we noticed", "FYI, ",
		"kernel test robot noticed", "commit:", "url:", "base:",
		"patch link:", "patch subject:", "branch:", "tree:", "head:",
		"in testcase:", "testcase:", "on test machine:",
		"test machine:", "with following parameters", "parameters:",
		"test-description:", "test-url:", "If you fix the issue",
		"Reported-by:", "Closes:", "Link:", "| Reported-by:",
		"| Closes:", "| Link:", "Details are as below",
		"To reproduce:", "git clone ", "cd lkp-tests", "bin/lkp ",
		"sudo bin/lkp", "# if come across", "# please remove",
		"The kernel config and materials", "https://", "http://",
		"Disclaimer:", "Results have been estimated",
		"for informational purposes", "design or configuration",
		"[*] bisect-good", "[O] bisect-bad", "%stddev", "fail:runs",
		"0-DAY CI", "0DAY/LKP", "In addition to that",
		"please be noted", "(please refer to attached",
	};
	size_t colon;

	if (!n)
		return 0;
	for (size_t k = 0; k < LKB_ARRAY_SIZE(prefixes); k++)
		if (rl_prefix(p, n, prefixes[k]))
			return 1;
	if (n >= 8 && (p[0] == '-' || p[0] == '=') && all_in(p, n, "-=> "))
		return 1;
	if (all_in(p, n, "\\| "))		/* "\ | \" */
		return 1;
	if (all_in(p, n, " \t0123456789.e+-|O*:") &&
	    (memchr(p, '|', n) || memchr(p, 'O', n) || memchr(p, '+', n)))
		return 1;			/* ASCII plots */
	if (is_table_row(p, n))
		return 1;
	if (!has_space(p, n) && (memchr(p, '/', n) || memchr(p, '.', n)) &&
	    !strchr(".!?", p[n - 1]))
		return 1;	/* axis header/values, metric names, shas */
	if (all_in(p, n, "0123456789abcdef ") && n >= 7)
		return 1;	/* sha header rows */
	if (n > 11 && all_in(p, 10, "0123456789abcdef") &&
	    rl_prefix(p + 10, n - 10, " (\""))
		return 1;	/* 0a432dcbeb ("subject") */
	colon = 0;
	while (colon < n && (LKB_ISALNUM(p[colon]) || p[colon] == '_'))
		colon++;
	/* "nr_threads: 100%" parameter lines */
	if (colon && colon + 2 < n && p[colon] == ':' && p[colon + 1] == ' ' &&
	    !has_space(p + colon + 2, n - colon - 2) && n < 60)
		return 1;
	return 0;
}

void
reply_mark_unmarked_quotes(struct reply *r)
{
	for (size_t i = 0; i < r->nlines; i++) {
		size_t j, n;
		const char *p;

		if (r->lines[i].kind != RL_ATTRIBUTION || !r->lines[i].robot)
			continue;
		j = i + 1;
		while (j < r->nlines && (r->lines[j].kind == RL_BLANK ||
					 r->lines[j].kind == RL_ATTRIBUTION))
			j++;
		if (j >= r->nlines || r->lines[j].kind != RL_AUTHORED)
			continue;
		for (; j < r->nlines; j++) {
			struct reply_line *l = &r->lines[j];

			if (l->depth || l->kind == RL_ATTRIBUTION)
				break;
			if (l->kind != RL_AUTHORED)
				continue;
			p = rl_trim(r, j, &n);
			if (reply_is_report_line(p, n)) {
				l->kind = RL_QUOTED;
				l->depth = 1;
				l->unmarked = 1;
				l->text_off = (size_t)(p - r->body);
			}
		}
		i = j ? j - 1 : j;
	}
}
