/* compose.c - assemble an outgoing RFC 5322 message. */
/* gmtime_r is POSIX, not C11 */
#include "config.h"
#include "templates/compose.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/ascii.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/xalloc.h"
#include "templates/escape.h"

#define ID_PART_MAX 64

static const char *const day_names[7] = { "Sun", "Mon", "Tue", "Wed", "Thu",
					  "Fri", "Sat" };
static const char *const month_names[12] = { "Jan", "Feb", "Mar", "Apr",
					     "May", "Jun", "Jul", "Aug",
					     "Sep", "Oct", "Nov", "Dec" };

int
compose_date(struct strbuf *out, time_t t)
{
	struct tm tm;

	if (!gmtime_r(&t, &tm) || tm.tm_wday < 0 || tm.tm_wday > 6 ||
	    tm.tm_mon < 0 || tm.tm_mon > 11)
		return LKB_ERR;
	strbuf_addf(out, "%s, %02d %s %04d %02d:%02d:%02d +0000",
		    day_names[tm.tm_wday], tm.tm_mday,
		    month_names[tm.tm_mon], tm.tm_year + 1900,
		    tm.tm_hour, tm.tm_min, tm.tm_sec);
	return LKB_OK;
}

static uint64_t
fnv1a(uint64_t h, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		h ^= (unsigned char)s[i];
		h *= UINT64_C(0x100000001b3);
	}
	return h;
}

static void
id_part(char *dst, const char *s)
{
	size_t i;

	for (i = 0; s[i] && i < ID_PART_MAX; i++)
		dst[i] = LKB_ISALNUM(s[i]) || s[i] == '-' || s[i] == '_' ? s[i]
									  : '_';
	dst[i] = '\0';
}

char *
compose_message_id(const char *request_id, const char *kind,
		   const char *domain)
{
	char req[ID_PART_MAX + 1], k[ID_PART_MAX + 1];
	uint64_t h = UINT64_C(0xcbf29ce484222325);

	h = fnv1a(h, request_id, strlen(request_id) + 1);
	h = fnv1a(h, kind, strlen(kind) + 1);
	h = fnv1a(h, domain, strlen(domain));
	id_part(req, request_id);
	id_part(k, kind);
	return xasprintf("lkpbot.%s.%s.%016llx@%s", req, k,
			 (unsigned long long)h, domain);
}

/* Length of one reply prefix at s ("Re:", "AW :", "Re[3]:"), 0 if none. */
static size_t
reply_prefix(const char *s)
{
	const char *p = s;

	if (!((LKB_TOLOWER(p[0]) == 'r' && LKB_TOLOWER(p[1]) == 'e') ||
	      (LKB_TOLOWER(p[0]) == 'a' && LKB_TOLOWER(p[1]) == 'w')))
		return 0;
	p += 2;
	if (*p == '[') {
		for (p++; LKB_ISDIGIT(*p); p++)
			;
		if (*p++ != ']')
			return 0;
	}
	while (LKB_ISBLANK(*p))
		p++;
	if (*p != ':')
		return 0;
	for (p++; LKB_ISBLANK(*p); p++)
		;
	return (size_t)(p - s);
}

void
compose_reply_subject(struct strbuf *out, const char *subject)
{
	const char *s = subject ? subject : "";
	size_t n;

	while (LKB_ISBLANK(*s))
		s++;
	while ((n = reply_prefix(s)) > 0)
		s += n;
	strbuf_addf(out, "Re: %s", *s ? s : "(no subject)");
}

size_t
compose_references(const char *const *parent_refs, size_t nrefs,
		   const char *parent_id, const char **ids_out, size_t max)
{
	const char *all[LKB_MAX_REFERENCES + 1];
	size_t n = 0, skip;

	for (size_t i = 0; i < nrefs && n < LKB_MAX_REFERENCES; i++) {
		if (escape_msgid_ok(parent_refs[i]))
			all[n++] = parent_refs[i];
		else
			lkb_debug("dropping unusable reference '%.80s'",
				  parent_refs[i]);
	}
	if (parent_id && escape_msgid_ok(parent_id) &&
	    !(n && !strcmp(all[n - 1], parent_id)))
		all[n++] = parent_id;
	if (max == 0)
		return 0;
	if (n <= max) {
		memcpy(ids_out, all, n * sizeof(*all));
		return n;
	}
	/* keep the root and the latest max - 1 */
	ids_out[0] = all[0];
	skip = n - (max - 1);
	for (size_t i = 1; i < max; i++)
		ids_out[i] = all[skip + i - 1];
	return max;
}

int
compose_cc_policy_parse(const char *s)
{
	if (s && !strcmp(s, "thread"))
		return CC_THREAD;
	if (s && !strcmp(s, "asker"))
		return CC_ASKER;
	return -1;
}

/* ASCII case-blind equality (addresses are compared this way). */
static int
addr_eq(const char *a, const char *b)
{
	for (; *a && *b; a++, b++)
		if (LKB_TOLOWER(*a) != LKB_TOLOWER(*b))
			return 0;
	return *a == *b;
}

size_t
compose_pick_cc(enum cc_policy policy, const char *asker, const char *bot,
		const char *const *thread_addrs, size_t n, const char **out,
		size_t max)
{
	size_t k = 0, j;

	if (policy != CC_THREAD)
		return 0;
	for (size_t i = 0; i < n && k < max; i++) {
		const char *a = thread_addrs[i];

		if (!a || !escape_addr_ok(a) || (asker && addr_eq(a, asker)) ||
		    (bot && addr_eq(a, bot)))
			continue;
		for (j = 0; j < k && !addr_eq(out[j], a); j++)
			;
		if (j == k)
			out[k++] = a;
	}
	return k;
}

/* The bytes of name kept in a header: at most
 * LKB_MAX_DISPLAY_NAME_BYTES, cut before a UTF-8 continuation byte and
 * trailing blanks. */
static size_t
name_len(const char *name)
{
	size_t n = strlen(name);

	if (n <= LKB_MAX_DISPLAY_NAME_BYTES)
		return n;
	n = LKB_MAX_DISPLAY_NAME_BYTES;
	while (n > 0 && ((unsigned char)name[n] & 0xc0) == 0x80)
		n--;
	while (n > 0 && (name[n - 1] == ' ' || name[n - 1] == '\t'))
		n--;
	return n;
}

/* "Name: " already written; col bytes used. */
static int
put_addr(struct strbuf *out, const struct compose_addr *a)
{
	size_t n;
	int rc;

	if (!a->addr || !escape_addr_ok(a->addr)) {
		lkb_error("cannot write address '%.80s' into a mail header",
			  a->addr ? a->addr : "(null)");
		return LKB_ERR_PARSE;
	}
	if (a->name && (n = name_len(a->name)) > 0) {
		if ((rc = escape_header_phrase(out, a->name, n)) != LKB_OK)
			return rc;
		strbuf_addf(out, " <%s>", a->addr);
		return LKB_OK;
	}
	strbuf_adds(out, a->addr);
	return LKB_OK;
}

static int
put_cc(struct strbuf *out, const struct compose_in *in)
{
	int rc = LKB_OK;

	if (!in->ncc)
		return LKB_OK;
	strbuf_adds(out, "Cc: ");
	for (size_t i = 0; i < in->ncc && rc == LKB_OK; i++) {
		if (i)
			strbuf_adds(out, ",\r\n ");
		rc = put_addr(out, &in->cc[i]);
	}
	if (rc == LKB_OK)
		strbuf_adds(out, "\r\n");
	return rc;
}

static int
put_subject(struct strbuf *out, const struct compose_in *in)
{
	struct strbuf subj = STRBUF_INIT;
	int rc;

	if (in->parent_id)
		compose_reply_subject(&subj, in->subject);
	else
		strbuf_adds(&subj, in->subject ? in->subject : "");
	strbuf_adds(out, "Subject: ");
	rc = escape_header_text(out, 9, subj.buf, subj.len);
	if (rc == LKB_OK)
		strbuf_adds(out, "\r\n");
	strbuf_release(&subj);
	return rc;
}

static int
put_threading(struct strbuf *out, const struct compose_in *in)
{
	const char *ids[LKB_MAX_REPLY_REFERENCES];
	size_t n;

	if (!in->parent_id)
		return LKB_OK;
	if (!escape_msgid_ok(in->parent_id)) {
		lkb_error("cannot reply to unusable Message-ID '%.80s'",
			  in->parent_id);
		return LKB_ERR_PARSE;
	}
	strbuf_addf(out, "In-Reply-To: <%s>\r\n", in->parent_id);
	n = compose_references(in->parent_refs, in->nparent_refs,
			       in->parent_id, ids, LKB_ARRAY_SIZE(ids));
	strbuf_adds(out, "References:");
	for (size_t i = 0; i < n; i++)
		strbuf_addf(out, "%s<%s>", i ? "\r\n " : " ",
			    ids[i]);
	strbuf_adds(out, "\r\n");
	return LKB_OK;
}

static int
put_headers(struct strbuf *out, const struct compose_in *in,
	    const char *msgid, enum body_encoding enc)
{
	const char *version = in->version ? in->version : "lkpbot";
	int rc;

	strbuf_adds(out, "From: ");
	if ((rc = put_addr(out, &in->from)))
		return rc;
	strbuf_adds(out, "\r\nTo: ");
	if ((rc = put_addr(out, &in->to)))
		return rc;
	strbuf_adds(out, "\r\n");
	if ((rc = put_cc(out, in)) || (rc = put_subject(out, in)))
		return rc;
	strbuf_adds(out, "Date: ");
	if ((rc = compose_date(out, in->date)))
		return rc;
	strbuf_addf(out, "\r\nMessage-ID: <%s>\r\n", msgid);
	if ((rc = put_threading(out, in)))
		return rc;
	strbuf_adds(out, "MIME-Version: 1.0\r\n"
		    "Content-Type: text/plain; charset=utf-8\r\n");
	strbuf_addf(out, "Content-Transfer-Encoding: %s\r\n",
		    escape_body_encoding_name(enc));
	strbuf_adds(out, "Auto-Submitted: auto-replied\r\nX-LKPBot: ");
	if ((rc = escape_header_text(out, 10, version, strlen(version))))
		return rc;
	strbuf_adds(out, "\r\n\r\n");
	return LKB_OK;
}

int
compose_message(const struct compose_in *in, struct strbuf *out,
		char **msgid_out)
{
	struct strbuf body = STRBUF_INIT;
	enum body_encoding enc;
	const char *domain;
	char *msgid = NULL;
	size_t start = out->len;
	int rc;

	if (msgid_out)
		*msgid_out = NULL;
	if (!in->from.addr || !escape_addr_ok(in->from.addr)) {
		lkb_error("unusable bot address '%.80s'",
			  in->from.addr ? in->from.addr : "(unset)");
		return LKB_ERR_PARSE;
	}
	domain = strchr(in->from.addr, '@') + 1;
	msgid = compose_message_id(in->request_id, in->kind, domain);
	if ((rc = escape_body(&body, in->body ? in->body : "", in->body_len,
			      &enc)) != LKB_OK)
		goto out;
	if ((rc = put_headers(out, in, msgid, enc)) != LKB_OK)
		goto out;
	strbuf_add(out, body.buf, body.len);
out:
	strbuf_release(&body);
	if (rc != LKB_OK) {
		strbuf_setlen(out, start);
		free(msgid);
		return rc;
	}
	if (msgid_out)
		*msgid_out = msgid;
	else
		free(msgid);
	return LKB_OK;
}
