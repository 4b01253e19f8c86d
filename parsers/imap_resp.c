/* imap_resp.c - framing and parsing of IMAP server responses.
 *
 * Grammar from RFC 3501 section 9 (response, response-data, msg-att,
 * mailbox-data SEARCH, resp-text-code), read with cursor/end scanners
 * (doc/style.md R23): each scan_*() returns 0 and advances *cur on success,
 * nonzero and leaves *cur alone on failure.
 */
#include "config.h"
#include "parsers/imap_resp.h"

#include <string.h>
#include <strings.h>

#include "lib/ascii.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/strbuf.h"

static const char *const utype_names[IMAP_U__COUNT] = {
	"none", "status", "EXISTS", "RECENT", "EXPUNGE", "FETCH", "SEARCH",
	"FLAGS", "CAPABILITY", "LIST", "other",
};
_Static_assert(LKB_ARRAY_SIZE(utype_names) == IMAP_U__COUNT, "utype names");

static const char *const cond_names[IMAP_COND__COUNT] = {
	"none", "OK", "NO", "BAD", "BYE", "PREAUTH",
};
_Static_assert(LKB_ARRAY_SIZE(cond_names) == IMAP_COND__COUNT, "cond names");

const char *
imap_utype_name(enum imap_utype t)
{
	return (unsigned)t < IMAP_U__COUNT ? utype_names[t] : "?";
}

const char *
imap_cond_name(enum imap_cond c)
{
	return (unsigned)c < IMAP_COND__COUNT ? cond_names[c] : "?";
}

/* ---- framing ---- */

/* The segment [s, nl) ends with "{n}\r" or "{n+}\r": 1 and *n_out, 0 if
 * it announces no literal, LKB_ERR_PROTO / LKB_ERR_TOO_BIG if it does
 * badly; IMAP_FRAMER_BIG (with drop_big) for one over
 * LKB_MAX_MESSAGE_BYTES that may be dropped: *n_out its size (which
 * fits: LKB_MAX_IMAP_DROP_BYTES), *digits_out its first digit. */
static int
literal_at_end(const char *s, const char *nl, int drop_big, size_t *n_out,
	       const char **digits_out)
{
	const char *q = nl;
	uint64_t n = 0, mul = 1;
	int digits = 0;

	if (q - s < 4 || q[-1] != '\r' || q[-2] != '}')
		return 0;
	q -= 2;
	if (q[-1] == '+')
		q--;
	while (q > s && LKB_ISDIGIT(q[-1])) {
		if (++digits > 10) {
			lkb_error("imap: literal size of more than 10 digits "
				  "is over LKB_MAX_MESSAGE_BYTES");
			return LKB_ERR_TOO_BIG;
		}
		n += (uint64_t)(q[-1] - '0') * mul;
		mul *= 10;
		q--;
	}
	if (q == s || q[-1] != '{')
		return 0;	/* text that happens to end in "}" */
	if (!digits)
		return LKB_ERR_PROTO;
	if (n > LKB_MAX_MESSAGE_BYTES && drop_big &&
	    n <= LKB_MAX_IMAP_DROP_BYTES) {
		*n_out = (size_t)n;
		*digits_out = q;
		return IMAP_FRAMER_BIG;
	}
	if (n > LKB_MAX_MESSAGE_BYTES) {
		lkb_error("imap: literal of %llu bytes is over "
			  "LKB_MAX_MESSAGE_BYTES", (unsigned long long)n);
		return LKB_ERR_TOO_BIG;
	}
	*n_out = (size_t)n;
	return 1;
}

int
imap_framer_scan(struct imap_framer *fr, const char *buf, size_t len,
		 size_t *frame_len_out)
{
	const char *nl, *digits = NULL;
	size_t lit;
	int rc;

	for (;;) {
		if (fr->seg > LKB_MAX_FETCH_BYTES) {
			lkb_error("imap: response over LKB_MAX_FETCH_BYTES");
			return LKB_ERR_TOO_BIG;
		}
		if (fr->pos >= len)
			return 0;
		nl = memchr(buf + fr->pos, '\n', len - fr->pos);
		if (!nl) {
			fr->pos = len;
			if (len - fr->seg > LKB_MAX_IMAP_LINE_BYTES)
				goto too_long;
			return 0;
		}
		if ((size_t)(nl - buf) - fr->seg > LKB_MAX_IMAP_LINE_BYTES)
			goto too_long;
		rc = literal_at_end(buf + fr->seg, nl, fr->drop_big, &lit,
				    &digits);
		if (rc < 0)
			return rc;
		if (rc == IMAP_FRAMER_BIG) {
			fr->big = lit;
			fr->big_digits = (size_t)(digits - buf);
			fr->big_data = (size_t)(nl - buf) + 1;
			fr->seg = fr->pos = 0;
			return rc;
		}
		if (rc == 0) {
			*frame_len_out = (size_t)(nl - buf) + 1;
			fr->seg = fr->pos = 0;
			return 1;
		}
		/* the literal's bytes, then the line goes on */
		fr->seg = (size_t)(nl - buf) + 1 + lit;
		fr->pos = fr->seg;
	}
too_long:
	lkb_error("imap: response line over LKB_MAX_IMAP_LINE_BYTES");
	return LKB_ERR_TOO_BIG;
}

/* ---- scanners ---- */

static int
scan_lit(const char **cur, const char *end, const char *lit)
{
	size_t n = strlen(lit);

	if ((size_t)(end - *cur) < n || memcmp(*cur, lit, n))
		return 1;
	*cur += n;
	return 0;
}

/* Case-insensitive keyword followed by SP, CRLF, "(" or "[" (not more
 * letters). */
static int
scan_kw(const char **cur, const char *end, const char *kw)
{
	size_t n = strlen(kw);
	const char *p = *cur;

	if ((size_t)(end - p) < n)
		return 1;
	for (size_t i = 0; i < n; i++)
		if (LKB_TOUPPER(p[i]) != LKB_UC(kw[i]))
			return 1;
	if (p + n < end && (LKB_ISALNUM(p[n]) || p[n] == '.'))
		return 1;
	*cur = p + n;
	return 0;
}

static int
scan_u32(const char **cur, const char *end, uint32_t *v_out)
{
	const char *p = *cur;
	uint64_t v = 0;

	if (p >= end || !LKB_ISDIGIT(*p))
		return 1;
	while (p < end && LKB_ISDIGIT(*p)) {
		v = v * 10 + (uint64_t)(*p - '0');
		if (v > UINT32_MAX)
			return 1;
		p++;
	}
	*v_out = (uint32_t)v;
	*cur = p;
	return 0;
}

static int
scan_u64(const char **cur, const char *end, uint64_t *v_out)
{
	const char *p = *cur;
	uint64_t v = 0;

	if (p >= end || !LKB_ISDIGIT(*p))
		return 1;
	while (p < end && LKB_ISDIGIT(*p)) {
		if (v > (UINT64_MAX - 9) / 10)
			return 1;
		v = v * 10 + (uint64_t)(*p - '0');
		p++;
	}
	*v_out = v;
	*cur = p;
	return 0;
}

/* The final CRLF: it must end the response exactly. */
static int
scan_crlf_end(const char **cur, const char *end)
{
	if (end - *cur != 2 || (*cur)[0] != '\r' || (*cur)[1] != '\n')
		return 1;
	*cur = end;
	return 0;
}

/* Everything up to the final CRLF (no CR or LF inside). */
static int
scan_text(const char **cur, const char *end, struct lkb_span *out)
{
	const char *p = *cur;

	if (end - p < 2 || end[-2] != '\r' || end[-1] != '\n')
		return 1;
	for (const char *q = p; q < end - 2; q++)
		if (*q == '\r' || *q == '\n')
			return 1;
	out->p = p;
	out->len = (size_t)(end - 2 - p);
	*cur = end - 2;
	return 0;
}

/* quoted = DQUOTE *QUOTED-CHAR DQUOTE; with esc, \\ and \" are taken
 * and kept in the span, else any escape is refused (we only take spans,
 * never unescape). */
static int
scan_quoted(const char **cur, const char *end, int esc, struct lkb_span *out)
{
	const char *p = *cur, *q;

	if (p >= end || *p != '"')
		return 1;
	for (q = p + 1; q < end && *q != '"'; q++) {
		if (*q == '\r' || *q == '\n' || (*q == '\\' && !esc))
			return 1;
		if (*q == '\\' && (++q >= end || (*q != '\\' && *q != '"')))
			return 1;
	}
	if (q >= end)
		return 1;
	out->p = p + 1;
	out->len = (size_t)(q - p - 1);
	*cur = q + 1;
	return 0;
}

/* literal = "{" number ["+"] "}" CRLF *CHAR8 */
static int
scan_literal(const char **cur, const char *end, struct lkb_span *out)
{
	const char *p = *cur;
	uint32_t n;

	if (scan_lit(&p, end, "{") || scan_u32(&p, end, &n))
		return 1;
	if (p < end && *p == '+')
		p++;
	if (scan_lit(&p, end, "}\r\n") || n > LKB_MAX_MESSAGE_BYTES ||
	    (size_t)(end - p) < n)
		return 1;
	out->p = p;
	out->len = n;
	*cur = p + n;
	return 0;
}

/* nstring = string / "NIL" (NIL gives an empty span). */
static int
scan_nstring(const char **cur, const char *end, struct lkb_span *out)
{
	out->p = *cur;
	out->len = 0;
	if (!scan_kw(cur, end, "NIL"))
		return 0;
	return scan_quoted(cur, end, 0, out) && scan_literal(cur, end, out);
}

/* "(" ... ")" without nesting: flag lists, MODSEQ (n). */
static int
scan_paren_flat(const char **cur, const char *end, struct lkb_span *out)
{
	const char *p = *cur, *q;

	if (p >= end || *p != '(')
		return 1;
	for (q = p + 1; q < end && *q != ')'; q++)
		if (*q == '(' || *q == '\r' || *q == '\n' || *q == '{' ||
		    *q == '"')
			return 1;
	if (q >= end)
		return 1;
	out->p = p + 1;
	out->len = (size_t)(q - p - 1);
	*cur = q + 1;
	return 0;
}

/* ---- response parts ---- */

/* "[" code "]" SP? ; UIDVALIDITY/UIDNEXT with their number */
static int
scan_resp_code(const char **cur, const char *end, struct imap_resp *r)
{
	const char *p = *cur;
	const char *q;

	if (scan_lit(&p, end, "["))
		return 1;
	if (!scan_kw(&p, end, "UIDVALIDITY")) {
		r->code = IMAP_CODE_UIDVALIDITY;
		if (scan_lit(&p, end, " ") || scan_u32(&p, end, &r->code_num))
			return 1;
	} else if (!scan_kw(&p, end, "UIDNEXT")) {
		r->code = IMAP_CODE_UIDNEXT;
		if (scan_lit(&p, end, " ") || scan_u32(&p, end, &r->code_num))
			return 1;
	} else if (!scan_kw(&p, end, "NONEXISTENT")) {
		r->code = IMAP_CODE_NONEXISTENT;
	} else {
		r->code = IMAP_CODE_OTHER;
		for (q = p; q < end && *q != ']' && *q != '\r' && *q != '\n';)
			q++;
		p = q;
	}
	if (scan_lit(&p, end, "]"))
		return 1;
	(void)scan_lit(&p, end, " ");
	*cur = p;
	return 0;
}

/* cond = OK / NO / BAD / BYE / PREAUTH */
static int
scan_cond(const char **cur, const char *end, enum imap_cond *c_out)
{
	static const struct {
		const char *kw;
		enum imap_cond c;
	} conds[] = {
		{ "OK", IMAP_COND_OK }, { "NO", IMAP_COND_NO },
		{ "BAD", IMAP_COND_BAD }, { "BYE", IMAP_COND_BYE },
		{ "PREAUTH", IMAP_COND_PREAUTH },
	};

	for (size_t i = 0; i < LKB_ARRAY_SIZE(conds); i++) {
		if (!scan_kw(cur, end, conds[i].kw)) {
			*c_out = conds[i].c;
			return 0;
		}
	}
	return 1;
}

/* cond SP? ["[" code "]" SP] text CRLF */
static int
scan_status(const char **cur, const char *end, struct imap_resp *r)
{
	const char *p = *cur;

	if (scan_cond(&p, end, &r->cond))
		return 1;
	/* "A1 OK\r\n" without text is seen in the wild */
	if (!scan_lit(&p, end, " ") && p < end && *p == '[' &&
	    scan_resp_code(&p, end, r))
		return 1;
	if (scan_text(&p, end, &r->text) || scan_crlf_end(&p, end))
		return 1;
	*cur = p;
	return 0;
}

/* One msg-att of a FETCH response. */
static int
scan_fetch_att(const char **cur, const char *end, struct imap_resp *r)
{
	const char *p = *cur;
	struct lkb_span junk;

	if (!scan_kw(&p, end, "UID")) {
		if (scan_lit(&p, end, " ") || scan_u32(&p, end, &r->uid) ||
		    r->uid == 0)
			return 1;
		r->has_uid = 1;
	} else if (!scan_kw(&p, end, "BODY") || !scan_kw(&p, end, "RFC822")) {
		if (p < end && *p == '[' && scan_lit(&p, end, "[]"))
			return 1;	/* only the whole message: BODY[] */
		if (scan_lit(&p, end, " ") ||
		    scan_nstring(&p, end, &r->body))
			return 1;
		r->has_body = 1;
	} else if (!scan_kw(&p, end, "FLAGS")) {
		if (scan_lit(&p, end, " ") ||
		    scan_paren_flat(&p, end, &r->flags))
			return 1;
	} else if (!scan_kw(&p, end, "RFC822.SIZE")) {
		if (scan_lit(&p, end, " ") || scan_u64(&p, end, &r->size))
			return 1;
		r->has_size = 1;
	} else if (!scan_kw(&p, end, "MODSEQ")) {
		if (scan_lit(&p, end, " ") || scan_paren_flat(&p, end, &junk))
			return 1;
	} else if (!scan_kw(&p, end, "INTERNALDATE")) {
		if (scan_lit(&p, end, " ") || scan_quoted(&p, end, 0, &junk))
			return 1;
	} else {
		return 1;
	}
	*cur = p;
	return 0;
}

/* "(" msg-att *(SP msg-att) ")" CRLF */
static int
scan_fetch(const char **cur, const char *end, struct imap_resp *r)
{
	const char *p = *cur;

	if (scan_lit(&p, end, "("))
		return 1;
	for (;;) {
		if (scan_fetch_att(&p, end, r))
			return 1;
		if (!scan_lit(&p, end, ")"))
			break;
		if (scan_lit(&p, end, " "))
			return 1;
	}
	if (scan_crlf_end(&p, end))
		return 1;
	*cur = p;
	return 0;
}

/* "* " number SP (EXISTS|RECENT|EXPUNGE|FETCH ...) */
static int
scan_numbered(const char **cur, const char *end, struct imap_resp *r)
{
	const char *p = *cur;

	if (scan_u32(&p, end, &r->num) || scan_lit(&p, end, " "))
		return 1;
	if (!scan_kw(&p, end, "EXISTS"))
		r->type = IMAP_U_EXISTS;
	else if (!scan_kw(&p, end, "RECENT"))
		r->type = IMAP_U_RECENT;
	else if (!scan_kw(&p, end, "EXPUNGE"))
		r->type = IMAP_U_EXPUNGE;
	else if (!scan_kw(&p, end, "FETCH"))
		r->type = IMAP_U_FETCH;
	else
		return 1;
	if (r->type == IMAP_U_FETCH) {
		if (r->num == 0 || scan_lit(&p, end, " ") ||
		    scan_fetch(&p, end, r))
			return 1;
	} else if (scan_crlf_end(&p, end)) {
		return 1;
	}
	*cur = p;
	return 0;
}

/* "LIST" SP "(" flags ")" SP (quoted / NIL) SP mailbox CRLF (RFC 3501
 * 7.2.2); mailbox is an atom, a quoted string or a literal. */
static int
scan_list(const char **cur, const char *end, struct imap_resp *r)
{
	const char *p = *cur, *q;
	struct lkb_span delim;

	if (scan_lit(&p, end, " ") ||
	    scan_paren_flat(&p, end, &r->list_flags) ||
	    scan_lit(&p, end, " ") ||
	    (scan_kw(&p, end, "NIL") && scan_quoted(&p, end, 1, &delim)) ||
	    scan_lit(&p, end, " "))
		return 1;
	if (p < end && *p == '"') {
		if (scan_quoted(&p, end, 1, &r->list_name))
			return 1;
		r->list_quoted = 1;
	} else if (p < end && *p == '{') {
		if (scan_literal(&p, end, &r->list_name))
			return 1;
	} else {
		for (q = p; q < end && LKB_UC(*q) > 0x20 && LKB_UC(*q) < 0x7f &&
			    !strchr("(){\"", *q);)
			q++;
		if (q == p)
			return 1;
		r->list_name.p = p;
		r->list_name.len = (size_t)(q - p);
		p = q;
	}
	if (scan_crlf_end(&p, end))
		return 1;
	*cur = p;
	return 0;
}

int
imap_list_name_show(const struct imap_resp *r, size_t max,
		    struct strbuf *out)
{
	const char *p = r->list_name.p, *end = p + r->list_name.len;
	size_t n = 0;
	int c;

	for (; p < end; p++, n++) {
		if (n == max) {
			strbuf_adds(out, "...");
			break;
		}
		if (r->list_quoted && *p == '\\' && p + 1 < end)
			p++;
		c = LKB_UC(*p) >= 0x20 && LKB_UC(*p) < 0x7f ? *p : '?';
		strbuf_addch(out, (char)c);
	}
	return strbuf_status(out);
}

int
imap_list_noselect(const struct imap_resp *r)
{
	const char *p = r->list_flags.p, *end = p + r->list_flags.len, *w;

	for (; p < end; p = w) {
		while (p < end && *p == ' ')
			p++;
		for (w = p; w < end && *w != ' ';)
			w++;
		if ((w - p == 9 && !strncasecmp(p, "\\Noselect", 9)) ||
		    (w - p == 12 && !strncasecmp(p, "\\NonExistent", 12)))
			return 1;
	}
	return 0;
}

/* keyword responses: SEARCH, FLAGS, CAPABILITY, LIST, anything else */
static int
scan_keyword(const char **cur, const char *end, struct imap_resp *r)
{
	const char *p = *cur, *q;

	if (!scan_kw(&p, end, "SEARCH"))
		r->type = IMAP_U_SEARCH;
	else if (!scan_kw(&p, end, "FLAGS"))
		r->type = IMAP_U_FLAGS;
	else if (!scan_kw(&p, end, "CAPABILITY"))
		r->type = IMAP_U_CAPABILITY;
	else if (!scan_kw(&p, end, "LIST"))
		r->type = IMAP_U_LIST;
	else
		r->type = IMAP_U_OTHER;
	if (r->type == IMAP_U_OTHER) {
		/* an atom; the rest (which may hold literals) is not ours */
		for (q = p; q < end && LKB_ISALPHA(*q);)
			q++;
		if (q == p || end - q < 2 || end[-2] != '\r' ||
		    end[-1] != '\n')
			return 1;
		r->text.p = q;
		r->text.len = (size_t)(end - 2 - q);
		*cur = end;
		return 0;
	}
	if (r->type == IMAP_U_LIST) {
		if (scan_list(&p, end, r))
			return 1;
		*cur = p;
		return 0;
	}
	(void)scan_lit(&p, end, " ");
	if (scan_text(&p, end, &r->text) || scan_crlf_end(&p, end))
		return 1;
	if (r->type == IMAP_U_SEARCH)
		r->search = r->text;
	*cur = p;
	return 0;
}

static int
scan_tag(const char **cur, const char *end, struct lkb_span *out)
{
	const char *p = *cur;

	while (p < end && *p != ' ') {
		if (LKB_UC(*p) <= 0x20 || LKB_UC(*p) >= 0x7f ||
		    strchr("(){%*\"\\+", *p))
			return 1;
		p++;
	}
	if (p == *cur)
		return 1;
	out->p = *cur;
	out->len = (size_t)(p - *cur);
	*cur = p;
	return 0;
}

int
imap_resp_parse(const char *p, const char *end, struct imap_resp *r)
{
	const char *cur = p;

	memset(r, 0, sizeof(*r));
	if (!p || end <= p)
		return LKB_ERR_PROTO;
	if (!scan_lit(&cur, end, "+")) {
		r->kind = IMAP_RK_CONTINUE;
		(void)scan_lit(&cur, end, " ");
		if (scan_text(&cur, end, &r->text) ||
		    scan_crlf_end(&cur, end))
			return LKB_ERR_PROTO;
		return LKB_OK;
	}
	if (!scan_lit(&cur, end, "* ")) {
		r->kind = IMAP_RK_UNTAGGED;
		if (cur < end && LKB_ISDIGIT(*cur))
			return scan_numbered(&cur, end, r) ? LKB_ERR_PROTO
							   : LKB_OK;
		p = cur;
		if (!scan_cond(&p, end, &r->cond)) {
			/* a status word: it must be a whole status response */
			r->type = IMAP_U_STATUS;
			return scan_status(&cur, end, r) ? LKB_ERR_PROTO
							 : LKB_OK;
		}
		return scan_keyword(&cur, end, r) ? LKB_ERR_PROTO : LKB_OK;
	}
	r->kind = IMAP_RK_TAGGED;
	if (scan_tag(&cur, end, &r->tag) || scan_lit(&cur, end, " ") ||
	    scan_status(&cur, end, r) || r->cond == IMAP_COND_BYE ||
	    r->cond == IMAP_COND_PREAUTH)
		return LKB_ERR_PROTO;
	return LKB_OK;
}

int
imap_search_next(const char **cur, const char *end, uint32_t *uid_out)
{
	const char *p = *cur;

	while (p < end && *p == ' ')
		p++;
	if (p == end) {
		*cur = p;
		return 1;
	}
	/* RFC 7162: "(MODSEQ n)" may end the list; we never ask for it */
	if (scan_u32(&p, end, uid_out) || *uid_out == 0 ||
	    (p < end && *p != ' '))
		return LKB_ERR_PROTO;
	*cur = p;
	return 0;
}
