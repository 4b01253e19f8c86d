/* reply.c - split a reply into authored, quoted, attribution, signature,
 * patch, snip and noise lines (see reply.h for the grammar). */
#include "config.h"
#include "parsers/reply.h"

#include <string.h>

#include "lib/ascii.h"
#include "lib/limits.h"
#include "lib/status.h"
#include "lib/xalloc.h"
#include "parsers/reply-internal.h"

static const char *const line_kind_names[RL__COUNT] = {
	"blank", "authored", "quoted", "attribution", "signature", "patch",
	"snip", "noise",
};
_Static_assert(LKB_ARRAY_SIZE(line_kind_names) == RL__COUNT,
	       "line_kind_names out of step with enum reply_line_kind");

static const char *const event_names[EV__COUNT] = {
	"ack", "fix-proposed", "retest-request", "fix-confirmed",
	"fix-partial", "fix-no-effect", "cannot-reproduce", "root-caused",
	"more-data-request", "series-compare-request", "dispute", "close",
	"fix-applied", "retest-failed", "data-provided", "command",
};
_Static_assert(LKB_ARRAY_SIZE(event_names) == EV__COUNT,
	       "event_names out of step with enum reply_event_type");

static const char *const reason_names[CR__COUNT] = {
	"none", "fixed", "fix-of-earlier-race", "accepted-tradeoff",
	"not-reproducible", "invalid", "duplicate", "superseded", "reverted",
};
_Static_assert(LKB_ARRAY_SIZE(reason_names) == CR__COUNT,
	       "reason_names out of step with enum close_reason");

const char *
reply_line_kind_name(enum reply_line_kind k)
{
	return (unsigned)k < RL__COUNT ? line_kind_names[k] : "?";
}

const char *
reply_event_name(enum reply_event_type t)
{
	return (unsigned)t < EV__COUNT ? event_names[t] : "?";
}

const char *
close_reason_name(enum close_reason r)
{
	return (unsigned)r < CR__COUNT ? reason_names[r] : "?";
}

static int
name_lookup(const char *const *names, int count, const char *s, size_t len)
{
	for (int i = 0; i < count; i++)
		if (strlen(names[i]) == len && rl_prefix_ci(s, len, names[i]))
			return i;
	return -1;
}

int
reply_event_from_name(const char *s, size_t len)
{
	return name_lookup(event_names, EV__COUNT, s, len);
}

int
close_reason_from_name(const char *s, size_t len)
{
	int r = name_lookup(reason_names, CR__COUNT, s, len);

	return r == CR_NONE ? -1 : r;
}

static const char *const conf_names[] = { "high", "medium", "low" };
static const double conf_values[] = {
	REPLY_CONF_HIGH, REPLY_CONF_MEDIUM, REPLY_CONF_LOW,
};

int
reply_confidence_parse(const char *s, size_t len, double *out)
{
	double num = 0, den = 1;	/* exact below 10^15: one rounding */
	size_t i = 0;
	int k = name_lookup(conf_names, 3, s, len);

	if (k >= 0) {
		*out = conf_values[k];
		return 0;
	}
	/* digits[.digits], by hand: strtod follows the locale */
	if (!len || len > 12 || !LKB_ISDIGIT(s[0]))
		return -1;
	for (; i < len && LKB_ISDIGIT(s[i]); i++)
		num = num * 10 + (s[i] - '0');
	if (i < len && s[i] == '.') {
		if (++i == len)
			return -1;
		for (; i < len && LKB_ISDIGIT(s[i]); i++) {
			num = num * 10 + (s[i] - '0');
			den *= 10;
		}
	}
	if (i != len || num > den)
		return -1;
	*out = num / den;
	return 0;
}

const char *
reply_confidence_level(double c)
{
	for (int k = 0; k < 2; k++)
		if (c >= conf_values[k])
			return conf_names[k];
	return conf_names[2];
}

/* Split into lines and find each line's quote prefix (doc/lkp-format.md 1.5):
 * ^([ \t]*>)+[ \t]? with depth = number of '>'. */
static void
split_lines(struct reply *r, struct arena *a)
{
	const char *b = r->body, *end = b + r->len, *p = b, *nl;
	size_t n = 0, i = 0;

	while (p < end) {
		nl = memchr(p, '\n', (size_t)(end - p));
		n++;
		p = nl ? nl + 1 : end;
	}
	r->lines = arena_calloc(a, n ? n : 1, sizeof(*r->lines));
	r->nlines = n;
	for (p = b; p < end; i++) {
		struct reply_line *l = &r->lines[i];
		size_t q = 0, len, last_gt = 0;
		unsigned depth = 0;

		nl = memchr(p, '\n', (size_t)(end - p));
		len = (size_t)((nl ? nl : end) - p);
		if (len && p[len - 1] == '\r')
			len--;
		l->off = (size_t)(p - b);
		l->len = len;
		for (;;) {
			while (q < len && LKB_ISBLANK(p[q]))
				q++;
			if (q < len && p[q] == '>') {
				depth++;
				last_gt = ++q;
				continue;
			}
			break;
		}
		if (depth) {
			q = last_gt;
			if (q < len && LKB_ISBLANK(p[q]))
				q++;
			l->kind = RL_QUOTED;
			l->depth = depth > LKB_MAX_QUOTE_DEPTH ?
					   LKB_MAX_QUOTE_DEPTH : depth;
			l->text_off = l->off + q;
		} else {
			l->text_off = l->off;
			l->kind = RL_AUTHORED;
		}
		p = nl ? nl + 1 : end;
	}
	for (i = 0; i < n; i++) {
		size_t len;

		rl_trim(r, i, &len);
		if (!len)
			r->lines[i].kind = RL_BLANK;
	}
}

static int
is_wrote_line(const char *p, size_t n)
{
	/* every form below ends in ':' or U+FF1A (EF BC 9A) */
	if (!n || (p[n - 1] != ':' && (unsigned char)p[n - 1] != 0x9a))
		return 0;
	return rl_suffix_ci(p, n, "wrote:") || rl_suffix_ci(p, n, "writes:") ||
	       rl_suffix_ci(p, n, "wrote :") ||
	       (rl_suffix_ci(p, n, ":") &&
		(reply_contains_ci(p, n, " schrieb") ||
		 reply_contains_ci(p, n, " a \xc3\xa9" "crit") ||
		 reply_contains_ci(p, n, " escribi\xc3\xb3"))) ||
	       rl_suffix_ci(p, n, "\xe5\x86\x99\xe9\x81\x93\xef\xbc\x9a");
}

static int
is_robot_text(const char *p, size_t n)
{
	return reply_contains_ci(p, n, "test robot") ||
	       reply_contains_ci(p, n, "lkp@intel.com");
}

/* How many lines starting at i form an attribution (0: none). */
static size_t
attribution_lines(const struct reply *r, size_t i)
{
	size_t n, n2;
	const char *p = rl_trim(r, i, &n), *p2;

	if (!n || n > 400)
		return 0;
	if (is_wrote_line(p, n))
		return 1;
	if ((rl_prefix_ci(p, n, "Quoting ") && p[n - 1] == ':') ||
	    (rl_prefix(p, n, "* ") && rl_suffix_ci(p, n, "]:")))
		return 1;
	if (rl_prefix(p, n, "---") && reply_contains_ci(p, n, "original message"))
		return 1;
	if (!rl_prefix(p, n, "On ") || n > 300)
		return 0;
	/* "On <date>, <name>\n<addr> wrote:" wrapped over 2 or 3 lines */
	for (size_t k = i + 1; k < r->nlines && k <= i + 2; k++) {
		if (r->lines[k].kind != r->lines[i].kind ||
		    r->lines[k].depth != r->lines[i].depth)
			return 0;
		p2 = rl_trim(r, k, &n2);
		if (n2 > 200)
			return 0;
		if (is_wrote_line(p2, n2))
			return k - i + 1;
	}
	return 0;
}

/* Outlook's header block after "----- Original Message -----". */
static int
is_outlook_header(const char *p, size_t n)
{
	static const char *const names[] = { "From:", "Sent:", "To:", "Cc:",
					     "Subject:", "Date:" };

	for (size_t k = 0; k < LKB_ARRAY_SIZE(names); k++)
		if (rl_prefix_ci(p, n, names[k]))
			return 1;
	return 0;
}

static int
is_snip(const char *p, size_t n)
{
	static const char *const snips[] = {
		"[...]", "[ ... ]", "[\xe2\x80\xa6]", "\xe2\x80\xa6", "...",
		"....", ".....", "[snip]", "<snip>", "[snipped]", "<snipped>",
		"[...snip...]", "[... snip ...]", "<...>", "[trimmed]",
	};

	/* all of them are short and start with one of these bytes */
	if (!n || n > 16 || !memchr("[<.\xe2", p[0], 4))
		return 0;
	for (size_t k = 0; k < LKB_ARRAY_SIZE(snips); k++)
		if (strlen(snips[k]) == n && rl_prefix_ci(p, n, snips[k]))
			return 1;
	return 0;
}

/* Outlook top-posting: below "-----Original Message-----" and its
 * header block the earlier mail follows without '>' marks. When the
 * first line after the block (blanks aside) is unmarked, every unmarked
 * line to the end is that mail, quoted (Zimbra's '>'-quoted original,
 * answered below, stays as it is). */
static void
quote_outlook_original(struct reply *r, size_t from)
{
	size_t i = from;

	while (i < r->nlines && r->lines[i].kind == RL_BLANK)
		i++;
	if (i >= r->nlines || r->lines[i].kind != RL_AUTHORED ||
	    r->lines[i].depth)
		return;
	for (; i < r->nlines; i++) {
		struct reply_line *q = &r->lines[i];

		if (q->depth || (q->kind != RL_AUTHORED && q->kind != RL_BLANK))
			continue;
		if (q->kind == RL_AUTHORED) {
			q->kind = RL_QUOTED;
			q->depth = 1;
			q->unmarked = 1;
		}
	}
}

static void
mark_attributions_and_snips(struct reply *r)
{
	for (size_t i = 0; i < r->nlines; i++) {
		struct reply_line *l = &r->lines[i];
		enum reply_line_kind kind = l->kind;
		size_t n, k;
		int robot = 0;
		const char *p;

		if (kind != RL_AUTHORED && kind != RL_QUOTED)
			continue;
		p = rl_trim(r, i, &n);
		if (is_snip(p, n)) {
			l->kind = RL_SNIP;
			continue;
		}
		k = attribution_lines(r, i);
		if (!k)
			continue;
		for (size_t j = i; j < i + k; j++) {
			p = rl_trim(r, j, &n);
			robot |= is_robot_text(p, n);
		}
		for (size_t j = i; j < i + k; j++) {
			if (kind == RL_AUTHORED)
				r->lines[j].kind = RL_ATTRIBUTION;
			r->lines[j].robot = (unsigned)robot;
		}
		p = rl_trim(r, i, &n);
		if (l->kind == RL_ATTRIBUTION && rl_prefix(p, n, "---")) {
			/* the Outlook header block that follows */
			while (i + k < r->nlines &&
			       r->lines[i + k].kind == RL_AUTHORED) {
				p = rl_trim(r, i + k, &n);
				if (!is_outlook_header(p, n))
					break;
				r->lines[i + k].kind = RL_ATTRIBUTION;
				k++;
			}
			if (!l->depth)
				quote_outlook_original(r, i + k);
		}
		i += k - 1;
	}
}

/* "-- " (or "--") at depth 0 opens a signature; so does a mailing list
 * footer rule of underscores. It runs to the next quoted line. */
static void
mark_signatures(struct reply *r)
{
	int in_sig = 0;

	for (size_t i = 0; i < r->nlines; i++) {
		struct reply_line *l = &r->lines[i];
		size_t n;
		const char *p = rl_text(r, i, &n);

		if (l->depth) {
			in_sig = 0;
			continue;
		}
		if (l->kind == RL_AUTHORED &&
		    ((n == 2 && p[0] == '-' && p[1] == '-') ||
		     (n >= 10 && rl_all_in(p, n, "_"))))
			in_sig = 1;
		if (in_sig && (l->kind == RL_AUTHORED || l->kind == RL_SNIP))
			l->kind = RL_SIGNATURE;
	}
}

static void
find_robot_depth(struct reply *r)
{
	for (size_t i = 0; i < r->nlines && !r->robot_depth; i++) {
		const struct reply_line *l = &r->lines[i];
		size_t n;
		const char *p;

		if (l->kind == RL_QUOTED) {
			p = rl_trim(r, i, &n);
			if (is_wrote_line(p, n) && is_robot_text(p, n))
				r->robot_depth = l->depth + 1;
		} else if (l->kind == RL_ATTRIBUTION && l->robot) {
			for (size_t k = i + 1; k < r->nlines; k++) {
				if (r->lines[k].kind == RL_BLANK ||
				    r->lines[k].kind == RL_ATTRIBUTION)
					continue;
				if (r->lines[k].kind == RL_QUOTED)
					r->robot_depth = r->lines[k].depth;
				break;
			}
		}
	}
}

/* Join the lines of one kind (content only) with '\n'. */
static const char *
join_kind(const struct reply *r, struct arena *a, enum reply_line_kind kind,
	  size_t *len_out)
{
	size_t total = 0, n, pos = 0;
	const char *p;
	char *s;

	for (size_t i = 0; i < r->nlines; i++)
		if (r->lines[i].kind == kind) {
			rl_text(r, i, &n);
			total = lkb_st_add(total, lkb_st_add(n, 1));
		}
	s = arena_alloc(a, total + 1);
	for (size_t i = 0; i < r->nlines; i++) {
		if (r->lines[i].kind != kind)
			continue;
		p = rl_text(r, i, &n);
		if (pos)
			s[pos++] = '\n';
		memcpy(s + pos, p, n);
		pos += n;
	}
	s[pos] = '\0';
	*len_out = pos;
	return s;
}

/* A number of a table cell: digits and . + - % : e E ? (and bytes of
 * the +- sign however it was encoded); counts its digits into *digits. */
static int
is_cell(const char *p, size_t n, size_t *digits)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)p[i];

		if (LKB_ISDIGIT(c))
			(*digits)++;
		else if (c < 0x80 && (!c || !strchr(".+-%:eE?", c)))
			return 0;
	}
	return 1;
}

/* A row of a pasted table: numbers then one name ("47979 +80.6% 86655
 * stress-ng.mknod.ops", "112:1 456% 117:1 dmesg.timestamp:last"), a
 * guide line ("\ | \"), or "...". */
static int
is_table_row(const char *p, size_t n)
{
	const char *tok = NULL;
	size_t i = 0, len = 0, ntok = 0, digits = 0, guides = 0;
	int words = 0;	/* a word before the last token */

	while (i < n) {
		size_t s;

		while (i < n && LKB_ISBLANK(p[i]))
			i++;
		if (i >= n)
			break;
		if (tok && !is_cell(tok, len, &digits))
			words = 1;
		s = i;
		while (i < n && !LKB_ISBLANK(p[i]))
			i++;
		tok = p + s;
		len = i - s;
		ntok++;
		guides += len == 1 && *tok && strchr("\\|/", *tok) != NULL;
	}
	if (ntok && guides == ntok)
		return 1;
	if (ntok == 1)
		return len == 3 && !memcmp(tok, "...", 3);
	return ntok >= 2 && digits && !words;
}

/* Does [p, p+n) hold both words? */
static int
has_both(const char *p, size_t n, const char *w0, const char *w1)
{
	return memmem(p, n, w0, strlen(w0)) && memmem(p, n, w1, strlen(w1));
}

/* Tables people paste (LKP retest results): a %stddev or fail:runs head
 * line and the rows after it, up to an empty line or a line of words.
 * Machine output, not words: the rules skip it; the table parser still
 * gets the whole authored text. */
static void
mark_tables(struct reply *r)
{
	int in = 0;

	for (size_t i = 0; i < r->nlines; i++) {
		struct reply_line *l = &r->lines[i];
		const char *p;
		size_t n;

		l->table = 0;
		if (l->kind != RL_AUTHORED) {
			/* a guide line read as a '|' quote, a "..." snip:
			 * the table goes on; an empty line ends it */
			if (l->kind == RL_BLANK)
				in = 0;
			continue;
		}
		p = rl_text(r, i, &n);
		if (in && is_table_row(p, n)) {
			l->table = 1;
			continue;
		}
		in = memchr(p, '%', n) &&
		     (has_both(p, n, "%stddev", "%change") ||
		      has_both(p, n, "fail:runs", "%reproduction"));
		l->table = in;
	}
}

int
reply_parse(struct arena *a, const char *body, size_t len,
	    struct reply **r_out)
{
	struct reply *r;

	*r_out = NULL;
	if (len > LKB_MAX_BODY_BYTES)
		return LKB_ERR_TOO_BIG;
	r = arena_alloc(a, sizeof(*r));
	r->body = body ? body : "";
	r->len = body ? len : 0;
	split_lines(r, a);
	reply_mark_scrape(r, a);
	mark_attributions_and_snips(r);
	mark_signatures(r);
	reply_mark_patches(r, a);
	reply_mark_unmarked_quotes(r);
	find_robot_depth(r);
	mark_tables(r);
	for (size_t i = 0; i < r->nlines; i++)
		if (r->lines[i].kind == RL_QUOTED &&
		    r->lines[i].depth > r->max_depth)
			r->max_depth = r->lines[i].depth;
	r->authored = join_kind(r, a, RL_AUTHORED, &r->authored_len);
	r->quoted = join_kind(r, a, RL_QUOTED, &r->quoted_len);
	*r_out = r;
	return LKB_OK;
}

int
reply_authored_lines(const struct reply *r, size_t *cursor,
		     const struct reply_line **line_out)
{
	while (*cursor < r->nlines) {
		const struct reply_line *l = &r->lines[(*cursor)++];

		if (l->kind == RL_AUTHORED) {
			*line_out = l;
			return 1;
		}
	}
	return 0;
}

const char *
reply_line_text(const struct reply *r, size_t i, size_t *len_out)
{
	if (i >= r->nlines) {
		*len_out = 0;
		return "";
	}
	return rl_text(r, i, len_out);
}
