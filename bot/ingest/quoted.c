/* quoted.c - a robot report known only from a reply that quotes it or
 * names it.
 *
 * A list keeps the replies to a robot report that was never sent to it
 * (the robot mails the patch author and its own list; people answer
 * with the list in Cc). Such a reply names the report in References and
 * quotes it under "kernel test robot <lkp@intel.com> wrote:". From the
 * quote a stand-in report mail is made, with the report's Message-ID,
 * and stored before the reply, so the reply is linked and read like any
 * other (doc/design.md, "Reports known from a quote"). A reply that
 * quotes no report but names a robot Message-ID (the robot's own form)
 * gets a stand-in with no text: the report is known by its id and the
 * reply's subject. The stand-in is robot mail nobody signed: it is
 * tracked as unverified, and its source is "quoted:<Message-ID of the
 * reply>". */
#include "config.h"
#include "bot/ingest/quoted.h"

#include <string.h>
#include <strings.h>
#include <time.h>

#include "lib/arena.h"
#include "lib/ascii.h"
#include "lib/compiler.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "parsers/lkp_report.h"
#include "parsers/message.h"
#include "state/store.h"

/* A Message-ID fit for a header line: printable ASCII, no <>. */
static int
plain_id(const char *id)
{
	const char *p;

	for (p = id; *p; p++)
		if ((unsigned char)*p <= ' ' || *p == '<' || *p == '>' ||
		    (unsigned char)*p >= 0x7f)
			return 0;
	return p > id && p - id <= 250;
}

/* A Message-ID the robot writes: "<date>.<tag>-lkp@intel.com" and its
 * older forms "...%lkp@intel.com", "...-<name>@intel.com" of the LKP
 * team's reports, and the ids of the team's report machines
 * ("...@xsang-OptiPlex-9020", "...@shao2-debian"). */
static int
robot_message_id(const char *id)
{
	static const char *const dom[] = {
		"lkp@intel.com", "@xsang-OptiPlex-9020", "@shao2-debian",
	};
	size_t n = strlen(id), i;

	for (i = 0; i < LKB_ARRAY_SIZE(dom); i++) {
		size_t d = strlen(dom[i]);

		if (n > d && !strcasecmp(id + n - d, dom[i]))
			return plain_id(id);
	}
	return 0;
}

/* Quote depth of line [p, e): the '>' markers (spaces between them
 * allowed); *text_out after them and one space. */
static int
quote_depth(const char *p, const char *e, const char **text_out)
{
	int k = 0;

	for (;;) {
		const char *s = p;

		while (s < e && *s == ' ')
			s++;
		if (s >= e || *s != '>')
			break;
		p = s + 1;
		k++;
	}
	if (k && p < e && *p == ' ')
		p++;
	*text_out = p;
	return k;
}

/* Whether text [p, e) attributes a quote to the robot: it names "test
 * robot" (or the robot's address) and ends with "wrote:". */
static int
robot_attribution(const char *p, const char *e)
{
	while (e > p && LKB_ISSPACE(e[-1]))
		e--;
	if (e - p < 6 || strncasecmp(e - 6, "wrote:", 6))
		return 0;
	return memmem(p, (size_t)(e - p), "test robot", 10) != NULL ||
	       memmem(p, (size_t)(e - p), "lkp@intel.com", 13) != NULL;
}

/* The quote under the robot's attribution line (which may be wrapped
 * over two lines), at any quote depth: the lines quoted one level
 * deeper, that level and those above it taken off, into out; *depth_out
 * the attribution's depth. 1 when found. */
static int
quoted_text(const char *body, size_t len, struct strbuf *out, int *depth_out)
{
	const char *p = body, *end = body + len, *prev = NULL;
	int in = 0, k = 0;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *e = nl ? nl : end, *t;
		int d = quote_depth(p, e, &t);

		if (!in) {
			if (robot_attribution(t, e) ||
			    (prev && robot_attribution(prev, e))) {
				in = 1;
				k = d;
			}
			prev = t;
		} else if (d > k) {
			int i;

			/* take off k + 1 levels, keep deeper ones */
			for (t = p, i = 0; i <= k; i++) {
				while (t < e && *t == ' ')
					t++;
				t++;	/* the '>' */
			}
			if (t < e && *t == ' ')
				t++;
			if (t > e)
				t = e;
			strbuf_add(out, t, (size_t)(e - t));
			strbuf_addch(out, '\n');
		} else if (quote_depth(p, e, &t) == k && t < e &&
			   !LKB_ISSPACE(*t)) {
			break;	/* the quote has ended */
		}
		p = nl ? nl + 1 : end;
	}
	*depth_out = k;
	return out->len > 0;
}

/* The robot mail m names: the first robot Message-ID of References
 * (the root), else In-Reply-To's. NULL when none. */
static const char *
named_report_id(const struct message *m)
{
	size_t i;

	for (i = 0; i < m->nreferences; i++)
		if (m->references[i] && robot_message_id(m->references[i]))
			return m->references[i];
	if (m->in_reply_to && robot_message_id(m->in_reply_to))
		return m->in_reply_to;
	return NULL;
}

/* The report the quote is of: the robot mail m names; else, for a
 * quote of the mail answered (depth 0), In-Reply-To; else the thread's
 * root. NULL when none. */
static const char *
quoted_report_id(const struct message *m, int depth)
{
	const char *id = named_report_id(m);

	if (id)
		return id;
	if (depth == 0 && m->in_reply_to && plain_id(m->in_reply_to))
		return m->in_reply_to;
	if (m->nreferences && m->references[0] && plain_id(m->references[0]))
		return m->references[0];
	return NULL;
}

/* The report's subject from the reply's: "Re:"/"Fwd:" prefixes taken
 * off, one "Re: " put back before a patch's subject (the robot answers
 * the patch), control characters made spaces: it becomes a header line. */
static int
add_subject(struct strbuf *sb, const char *s)
{
	for (;;) {
		while (*s == ' ')
			s++;
		if (!strncasecmp(s, "re:", 3) || !strncasecmp(s, "aw:", 3))
			s += 3;
		else if (!strncasecmp(s, "fwd:", 4))
			s += 4;
		else
			break;
	}
	if (!strncmp(s, "[PATCH", 6) || !strncmp(s, "[RFC", 4))
		strbuf_adds(sb, "Re: ");
	for (; *s; s++)
		strbuf_addch(sb, (unsigned char)*s < ' ' ? ' ' : *s);
	return LKB_OK;
}

int
quoted_report_mail(struct store *st, const struct message *m,
		   struct strbuf *out, const char **report_id_out)
{
	struct strbuf q;
	struct arena a;
	struct lkp_report *r = NULL;
	const char *id;
	char date[64] = "";
	struct tm tm;
	int rc = 0, depth = 0;

	*report_id_out = NULL;
	if (m->quality == MSG_REJECTED || !m->body || !m->message_id ||
	    (!m->nreferences && !m->in_reply_to))
		return 0;
	strbuf_init(&q, 0);
	id = quoted_text(m->body, m->body_len, &q, &depth)
		     ? quoted_report_id(m, depth)
		     : NULL;
	if (id) {
		/* only what the report parser takes for a report */
		arena_init(&a);
		rc = lkp_report_parse_text(&a, q.buf, q.len,
					   LKP_TEXT_NO_HEADERS, &r);
		arena_release(&a);
		if (rc < 0 && rc != LKB_ERR_TOO_BIG) {
			strbuf_release(&q);
			return rc;
		}
		if (rc != 1)
			id = NULL;
	}
	if (!id) {
		/* no report quoted: a robot mail known by its Message-ID
		 * alone, with no text (its subject is the reply's) */
		strbuf_reset(&q);
		id = named_report_id(m);
		rc = 0;
	}
	if (!id || (rc = store_message_exists(st, id, NULL)) != 0) {
		strbuf_release(&q);
		return rc < 0 ? rc : 0;
	}
	if (m->date > 0 && gmtime_r(&m->date, &tm))
		strftime(date, sizeof(date), "%a, %d %b %Y %H:%M:%S +0000",
			 &tm);
	strbuf_addf(out, "Message-ID: <%s>\n"
		    "From: kernel test robot <lkp@intel.com>\n", id);
	if (*date)
		strbuf_addf(out, "Date: %s\n", date);
	strbuf_adds(out, "Subject: ");
	rc = add_subject(out, m->subject ? m->subject : "");
	if (!rc && plain_id(m->message_id))
		strbuf_addf(out, "\nX-Report-Quoted-In: <%s>",
			    m->message_id);
	if (!rc) {
		strbuf_adds(out, "\nMIME-Version: 1.0\n"
			    "Content-Type: text/plain; charset=utf-8\n\n");
		strbuf_add(out, q.buf, q.len);
	}
	strbuf_release(&q);
	if (rc)
		return LKB_ERR_NOMEM;
	*report_id_out = id;
	return 1;
}
