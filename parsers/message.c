/* message.c - message_parse(): the header block cut into fields (by
 * hand when it is clean, else through libetpan's mailimf), then the
 * typed headers and the MIME body.
 * libetpan types stay in this file and mime.c (doc/style.md R27). */
#include "config.h"
#include "message.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include <libetpan/libetpan.h>

#include "lib/ascii.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"
#include "parsers/address.h"
#include "parsers/date.h"
#include "parsers/header.h"
#include "parsers/message-internal.h"
#include "parsers/msgid.h"

/* Where the header block and the body are in the raw bytes. */
struct layout {
	size_t hstart, hend;	/* header lines [hstart, hend) */
	size_t body;		/* first body byte */
	int no_separator;	/* block ended by a non-header line */
};

static size_t
line_end(const char *p, size_t len, size_t i)
{
	const char *nl = memchr(p + i, '\n', len - i);

	return nl ? (size_t)(nl - p) + 1 : len;
}

/* The bytes of an RFC 5322 s2.2 field name: printable ASCII but ':'.
 * A table: the name of every header line is measured (twice). */
static const unsigned char name_byte[256] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
};

/* The line [i, e) as a field line: its name's length in *n and its
 * colon's place in *k. Returns 1 when it is one: a field name, optional
 * blanks (obs-optional, s4.5), then ':'. */
static int
field_colon(const char *p, size_t i, size_t e, size_t *n, size_t *k)
{
	size_t a = i, c;

#ifdef __SSE2__
	/* sixteen bytes at a time while the line has them: a name byte
	 * is one above 0x20 and below 0x7f as a signed byte, and no ':' */
	while (e - a >= 16) {
		__m128i v = _mm_loadu_si128((const void *)(p + a));
		__m128i ok = _mm_andnot_si128(
			_mm_cmpeq_epi8(v, _mm_set1_epi8(':')),
			_mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8(0x20)),
				      _mm_cmplt_epi8(v, _mm_set1_epi8(0x7f))));
		unsigned m = (unsigned)_mm_movemask_epi8(ok) ^ 0xffffu;

		if (m) {
			a += (size_t)__builtin_ctz(m);
			goto measured;
		}
		a += 16;
	}
#endif
	while (a < e && name_byte[(unsigned char)p[a]])
		a++;
#ifdef __SSE2__
measured:
#endif
	c = a;
	while (a > i && c < e && LKB_ISBLANK(p[c]))
		c++;
	*n = a - i;
	*k = c;
	return a > i && c < e && p[c] == ':';
}

static int
is_field_line(const char *p, size_t len)
{
	size_t n, k;

	return field_colon(p, 0, len, &n, &k);
}

static int
is_blank_line(const char *p, size_t n)
{
	return n == 0 || (n == 1 && p[0] == '\r');
}

static void
find_layout(const char *raw, size_t len, struct layout *lo)
{
	size_t i = 0, e;

	memset(lo, 0, sizeof(*lo));
	/* an mbox "From " separator line is not part of the mail */
	if (len >= 5 && memcmp(raw, "From ", 5) == 0)
		i = line_end(raw, len, 0);
	lo->hstart = i;
	while (i < len) {
		e = line_end(raw, len, i);
		if (is_blank_line(raw + i, e - i - (raw[e - 1] == '\n'))) {
			lo->hend = i;
			lo->body = e;
			return;
		}
		if (!is_field_line(raw + i, e - i) &&
		    (i == lo->hstart || !LKB_ISBLANK(raw[i]))) {
			lo->no_separator = i != lo->hstart;
			lo->hend = i;
			lo->body = i;
			return;
		}
		i = e;
	}
	lo->hend = lo->body = len;
}

/* The header block as libetpan wants it: NULs as U+FFFD, a final LF. */
static void
header_copy(struct strbuf *sb, const char *p, size_t len)
{
	size_t run = 0;
	const char *z;

	/* NULs are rare: memchr finds them, not a loop over every byte */
	while ((z = memchr(p + run, '\0', len - run)) != NULL) {
		size_t i = (size_t)(z - p);

		strbuf_add(sb, p + run, i - run);
		strbuf_add(sb, "\xef\xbf\xbd", 3);
		run = i + 1;
	}
	strbuf_add(sb, p + run, len - run);
	if (len && p[len - 1] != '\n')
		strbuf_addch(sb, '\n');
}

/* The header fields fill_headers() reads, found in one pass over the
 * headers (the first of each name, as hdr_find() would find it). */
enum hfield {
	HF_FROM, HF_TO, HF_CC, HF_REPLY_TO, HF_SUBJECT, HF_DATE,
	HF_MESSAGE_ID, HF_IN_REPLY_TO, HF_REFERENCES, HF_AUTO_SUBMITTED,
	HF_PRECEDENCE, HF_LIST_ID, HF_X_LKPBOT, HF_RETURN_PATH,
	/* the list fields other than List-Id (RFC 2369, and the
	 * X-Mailing-List / Mailing-List of vger and ezmlm), in the order
	 * list_other takes them */
	HF_LIST_POST, HF_LIST_UNSUBSCRIBE, HF_LIST_SUBSCRIBE, HF_LIST_HELP,
	HF_LIST_OWNER, HF_LIST_ARCHIVE, HF_X_MAILING_LIST, HF_MAILING_LIST,
	HF_X_AUTOREPLY, HF_X_AUTORESPOND,
	HF__COUNT
};

/* A field name message_parse() knows: what field_is_used() says of it,
 * the member fill_headers() takes it for (HF__COUNT: none), and whether
 * has_mail_field() counts it. */
struct known_field {
	const char *s;
	size_t n;
	int what;
	int hf;
	int mail;
};

/* The entry for the name of n bytes, or NULL. Looked for among the
 * names with the same first letter (every name starts with one:
 * c | 0x20 is that letter only for it in either case); most header
 * lines of list mail are none of them. */
static const struct known_field *
field_entry(const char *name, size_t n)
{
#define F(s, w, hf, mail) { s, sizeof(s) - 1, w, hf, mail }
#define END { NULL, 0, 0, HF__COUNT, 0 }
	static const struct known_field
	  a[] = { F("auto-submitted", 1, HF_AUTO_SUBMITTED, 0), END },
	  c[] = { F("cc", 1, HF_CC, 1), END },
	  d[] = { F("date", 1, HF_DATE, 1), F("delivered-to", 2, HF__COUNT, 1),
		  END },
	  f[] = { F("from", 1, HF_FROM, 1), END },
	  i[] = { F("in-reply-to", 1, HF_IN_REPLY_TO, 1), END },
	  l[] = { F("list-id", 1, HF_LIST_ID, 1),
		  F("list-post", 1, HF_LIST_POST, 0),
		  F("list-unsubscribe", 1, HF_LIST_UNSUBSCRIBE, 0),
		  F("list-subscribe", 1, HF_LIST_SUBSCRIBE, 0),
		  F("list-help", 1, HF_LIST_HELP, 0),
		  F("list-owner", 1, HF_LIST_OWNER, 0),
		  F("list-archive", 1, HF_LIST_ARCHIVE, 0), END },
	  m[] = { F("message-id", 1, HF_MESSAGE_ID, 1),
		  F("mime-version", 1, HF__COUNT, 1),
		  F("mailing-list", 1, HF_MAILING_LIST, 0), END },
	  p[] = { F("precedence", 1, HF_PRECEDENCE, 0), END },
	  r[] = { F("reply-to", 1, HF_REPLY_TO, 1),
		  F("references", 1, HF_REFERENCES, 1),
		  F("return-path", 1, HF_RETURN_PATH, 1),
		  F("received", 2, HF__COUNT, 1), END },
	  s[] = { F("subject", 1, HF_SUBJECT, 1), F("sender", 2, HF__COUNT, 1),
		  END },
	  t[] = { F("to", 1, HF_TO, 1), END },
	  x[] = { F("x-lkpbot", 1, HF_X_LKPBOT, 0),
		  F("x-mailing-list", 1, HF_X_MAILING_LIST, 0),
		  F("x-autoreply", 1, HF_X_AUTOREPLY, 0),
		  F("x-autorespond", 1, HF_X_AUTORESPOND, 0), END };
#undef END
#undef F
	const struct known_field *k;

	if (!n)
		return NULL;
	switch ((unsigned char)name[0] | 0x20) {
	case 'a': k = a; break;
	case 'c': k = c; break;
	case 'd': k = d; break;
	case 'f': k = f; break;
	case 'i': k = i; break;
	case 'l': k = l; break;
	case 'm': k = m; break;
	case 'p': k = p; break;
	case 'r': k = r; break;
	case 's': k = s; break;
	case 't': k = t; break;
	case 'x': k = x; break;
	default: return NULL;
	}
	/* strncasecmp(), inline: the table's names are lower-case letters
	 * and '-', which c | 0x20 matches in either case only (and, for
	 * '-', a CR, which no field name holds); the first letter is the
	 * switch's, the last is asked first */
	for (; k->s; k++) {
		size_t j = 1;

		if (k->n != n ||
		    (LKB_UC(name[n - 1]) | 0x20) != LKB_UC(k->s[n - 1]))
			continue;
		while (j < n - 1 && (LKB_UC(name[j]) | 0x20) == LKB_UC(k->s[j]))
			j++;
		if (j >= n - 1)
			return k;
	}
	return NULL;
}

/* The fields message_parse() reads (fill_headers, mime_headers);
 * content-* by prefix. 2: has_mail_field() needs one of them only. */
static int
field_is_used(const char *name, size_t n)
{
	const struct known_field *k;

	if (n > 8 && ((unsigned char)name[0] | 0x20) == 'c' &&
	    !strncasecmp(name, "content-", 8))
		return 1;
	return (k = field_entry(name, n)) != NULL ? k->what : 0;
}

/* A CR in [p, p + len) that no LF follows (one ending the bytes is
 * not: header_copy() puts an LF after it). */
static int
has_lone_cr(const char *p, size_t len)
{
	const char *end = p + len, *q;

	for (q = p; (q = memchr(q, '\r', (size_t)(end - q))) != NULL; q++)
		if (q + 1 < end && q[1] != '\n')
			return 1;
	return 0;
}

/* Is the line from c (up to an LF or lim) blanks and CRs only? */
static int
blank_line_at(const char *p, size_t c, size_t lim)
{
	while (c < lim && (LKB_ISBLANK(p[c]) || p[c] == '\r'))
		c++;
	return c == lim || p[c] == '\n';
}

/* blank_line_at(p, i, e) of the line [i, e), whose only LF is its last
 * byte: a line whose last byte before the LF is no blank or CR is not
 * blank, told without walking its leading blanks (a continuation line
 * mostly starts with several). */
static int
line_is_blank(const char *p, size_t i, size_t e)
{
	size_t c = e;

	if (c > i && p[c - 1] == '\n')
		c--;
	if (c > i && !LKB_ISBLANK(p[c - 1]) && p[c - 1] != '\r')
		return 0;
	return blank_line_at(p, i, e);
}

/* Does a field's group of lines hold something libetpan may read other
 * than as one field: a blank continuation line, a CR not ending a line? */
static int
group_is_odd(const char *p, size_t len)
{
	const char *end = p + len, *q;

	if (has_lone_cr(p, len))
		return 1;
	for (q = p; (q = memchr(q, '\n', (size_t)(end - q))) != NULL &&
		    q + 1 < end; q++)
		if (blank_line_at(p, (size_t)(q + 1 - p), len))
			return 1;
	return 0;
}

/* header_copy() of the fields message_parse() reads, each with its
 * continuation lines, and of every line that starts no clean field:
 * libetpan judges those as in a full parse (a malformed line is skipped
 * and noted either way). The first Received/Sender/Delivered-To goes too,
 * for has_mail_field(). Returns 1 when more than LKB_MAX_HEADER_FIELDS
 * field lines were there (a full parse stops and notes it), else 0. */
static int
header_copy_used(struct strbuf *sb, const char *p, size_t len)
{
	size_t i = 0, fields = 0;
	int known = 0;

	while (i < len) {
		size_t e = line_end(p, len, i), n, k;
		int keep = 1;

		/* is_field_line(p + i, e - i), the name measured too */
		if (field_colon(p, i, e, &n, &k)) {
			if (++fields > LKB_MAX_HEADER_FIELDS)
				break;
			keep = field_is_used(p + i, n);
		}
		if (keep == 2)
			keep = !known++;
		while (e < len && LKB_ISBLANK(p[e]))	/* folded lines */
			e = line_end(p, len, e);
		if (keep || group_is_odd(p + i, e - i))
			header_copy(sb, p + i, e - i);
		i = e;
	}
	if (!sb->len)
		strbuf_addch(sb, '\n');
	return fields > LKB_MAX_HEADER_FIELDS;
}

struct hdrs {
	struct header_field *v;
	size_t n, alloc;
	size_t skipped;
	int too_many;
};

/* One field into h: the name as cut, the value as given. */
static void
hdrs_push_unfolded(struct message *m, struct hdrs *h, const char *name,
		   size_t nlen, const char *value)
{
	if (h->n == h->alloc) {
		size_t na = h->alloc ? lkb_st_mult(h->alloc, 2) : 32;

		h->v = arena_grow(&m->arena, h->v, h->n, na, sizeof(*h->v));
		h->alloc = na;
	}
	h->v[h->n].name = arena_memdup0(&m->arena, name, nlen);
	h->v[h->n].value = value;
	h->n++;
}

/* One field into h: the name as cut, the value unfolded. */
static void
hdrs_push(struct message *m, struct hdrs *h, const char *name, size_t nlen,
	  const char *value, size_t vlen)
{
	hdrs_push_unfolded(m, h, name, nlen,
			   header_unfold(&m->arena, value, vlen));
}

static void
hdrs_take(struct message *m, struct hdrs *h, struct mailimf_fields *f)
{
	clistiter *c;

	for (c = clist_begin(f->fld_list); c; c = clist_next(c)) {
		struct mailimf_field *fl = clist_content(c);
		struct mailimf_optional_field *o;

		if (fl->fld_type != MAILIMF_FIELD_OPTIONAL_FIELD)
			continue;
		if (h->n >= LKB_MAX_HEADER_FIELDS) {
			h->too_many = 1;
			return;
		}
		o = fl->fld_data.fld_optional_field;
		hdrs_push(m, h, o->fld_name, strlen(o->fld_name), o->fld_value,
			  strlen(o->fld_value));
	}
}

atomic_size_t message_header_fast;

/* The header block cut into fields without libetpan, when every group of
 * lines (a field line and its continuations) is clean: no NUL, no CR but
 * before an LF, no blank continuation line, at most LKB_MAX_HEADER_FIELDS
 * fields. The cut is that of libetpan's mailimf_optional_fields_parse():
 * the name up to the blanks before the colon; the value the rest of the
 * group, whose outer blanks and line ends header_unfold() drops as it
 * does those libetpan leaves. used_only keeps what header_copy_used()
 * would copy.
 * Returns -1 when the block is not clean, h emptied: libetpan reads it
 * then. (t: test_message header_split_same, used_fields_same_message;
 * fuzz_message.) */
static int
split_fields_fast(struct message *m, const char *p, size_t len,
		  int used_only, struct hdrs *h)
{
	size_t i = 0, fields = 0;
	int known = 0;

	/* group_is_odd() for the whole block at once: a CR not before an
	 * LF can only end the block; blank continuations are found below */
	if (memchr(p, '\0', len) || has_lone_cr(p, len))
		return -1;
	while (i < len) {
		size_t e = line_end(p, len, i), n, k;
		int keep = 1;

		if (!field_colon(p, i, e, &n, &k) ||
		    ++fields > LKB_MAX_HEADER_FIELDS)
			goto slow;	/* no field line: libetpan's to judge */
		while (e < len && LKB_ISBLANK(p[e])) {	/* folded lines */
			size_t c = e;

			e = line_end(p, len, e);
			if (blank_line_at(p, c, e))
				goto slow;	/* a blank continuation line */
		}
		if (used_only && (keep = field_is_used(p + i, n)) == 2)
			keep = !known++;
		if (keep)	/* the blanks and line ends around the
				 * value: header_unfold() drops them */
			hdrs_push(m, h, p + i, n, p + k + 1, e - k - 1);
		i = e;
	}
	atomic_fetch_add_explicit(&message_header_fast, 1,
				  memory_order_relaxed);
	return 0;
slow:
	h->n = 0;
	return -1;
}

/* The group of lines [g, e) starting with the field line whose name is
 * n bytes and whose colon is at k, into h when used_only keeps it (as
 * split_fields_fast() pushes it). A group of one line (folded 0) in a
 * clean block has no line end but its last and no CR but before it:
 * header_unfold() of its value is the value with its outer blanks
 * trimmed. (The fields of a block that is not clean are dropped.) */
static void
group_push(struct message *m, const char *raw, size_t g, size_t n, size_t k,
	   size_t e, int folded, int used_only, int *known, struct hdrs *h)
{
	size_t b = k + 1;
	int keep = 1;

	if (used_only && (keep = field_is_used(raw + g, n)) == 2)
		keep = !(*known)++;
	if (!keep)
		return;
	if (folded) {
		hdrs_push(m, h, raw + g, n, raw + b, e - b);
		return;
	}
	while (b < e && LKB_ISSPACE(raw[b]))
		b++;
	while (e > b && LKB_ISSPACE(raw[e - 1]))
		e--;
	hdrs_push_unfolded(m, h, raw + g, n,
			   arena_memdup0(&m->arena, raw + b, e - b));
}

/* find_layout() and split_fields_fast() of the block it finds, in one
 * pass over the lines: each line end found and each field name measured
 * once, not twice. The layout is *lo in any case; returns 0 with the
 * fields in h when split_fields_fast() would have cut the block (a
 * block within LKB_MAX_HEADER_BYTES: parse_header_block() cuts a longer
 * one short first), else -1 with h emptied. (t: test_message
 * header_split_same, used_fields_same_message; fuzz_message.) */
static int
layout_split(struct message *m, const char *raw, size_t len, int used_only,
	     struct layout *lo, struct hdrs *h)
{
	size_t i = 0, e, g = 0, gn = 0, gk = 0, fields = 0, hlen;
	int known = 0, clean = 1, folded = 0;

	memset(lo, 0, sizeof(*lo));
	if (len >= 5 && memcmp(raw, "From ", 5) == 0)
		i = line_end(raw, len, 0);
	lo->hstart = i;
	lo->hend = lo->body = len;
	for (; i < len; i = e) {
		size_t n, k;

		e = line_end(raw, len, i);
		if (is_blank_line(raw + i, e - i - (raw[e - 1] == '\n'))) {
			lo->hend = i;
			lo->body = e;
			break;
		}
		/* a line starting with a blank is no field line: asked
		 * first, the continuation lines are not measured */
		if (i != lo->hstart && LKB_ISBLANK(raw[i])) {
			folded = 1;
			if (line_is_blank(raw, i, e))
				clean = 0;	/* a blank continuation line */
		} else if (field_colon(raw, i, e, &n, &k)) {
			if (fields && clean)
				group_push(m, raw, g, gn, gk, i, folded,
					   used_only, &known, h);
			if (++fields > LKB_MAX_HEADER_FIELDS)
				clean = 0;
			g = i;
			gn = n;
			gk = k;
			folded = 0;
		} else {
			lo->no_separator = i != lo->hstart;
			lo->hend = lo->body = i;
			break;
		}
	}
	hlen = lo->hend - lo->hstart;
	if (!hlen)
		return 0;
	if (clean)
		group_push(m, raw, g, gn, gk, lo->hend, folded, used_only,
			   &known, h);
	/* group_is_odd() for the whole block, as split_fields_fast() */
	if (!clean || hlen > LKB_MAX_HEADER_BYTES ||
	    memchr(raw + lo->hstart, '\0', hlen) ||
	    has_lone_cr(raw + lo->hstart, hlen)) {
		h->n = 0;
		return -1;
	}
	atomic_fetch_add_explicit(&message_header_fast, 1,
				  memory_order_relaxed);
	return 0;
}

/* Splits the header block into fields with mailimf; a line libetpan
 * refuses is skipped and counted. */
static void
parse_fields(struct message *m, const char *p, size_t len, struct hdrs *h)
{
	struct mailimf_fields *f;
	size_t idx = 0, before;
	int r;

	while (idx < len && !h->too_many) {
		before = idx;
		f = NULL;
		r = mailimf_optional_fields_parse(p, len, &idx, &f);
		if (r == MAILIMF_NO_ERROR && f) {
			hdrs_take(m, h, f);
			mailimf_fields_free(f);
		}
		if (r != MAILIMF_NO_ERROR || idx <= before) {
			idx = line_end(p, len, before);
			h->skipped++;
		}
	}
}

static const char *
hdr_find(const struct message *m, const char *name)
{
	for (size_t i = 0; i < m->nheaders; i++)
		if (strcasecmp(m->headers[i].name, name) == 0)
			return m->headers[i].value;
	return NULL;
}

const char *
message_header(const struct message *m, const char *name)
{
	return m && name ? hdr_find(m, name) : NULL;
}


static void
index_fields(const struct message *m, const char *v[HF__COUNT])
{
	memset(v, 0, HF__COUNT * sizeof(v[0]));
	for (size_t i = 0; i < m->nheaders; i++) {
		const char *name = m->headers[i].name;
		const struct known_field *k = field_entry(name, strlen(name));

		if (k && k->hf != HF__COUNT && !v[k->hf])
			v[k->hf] = m->headers[i].value;
	}
}

/* A list that rewrites From for DMARC ("'Name' via list" <list@host>,
 * the author moved to Reply-To: Google Groups, Mailman's munge): the
 * author is the Reply-To address, named as before " via ". Only on list
 * mail, and only with such a name: a plain Reply-To changes nothing. A
 * list's DKIM signature is the list's, so with verified senders the
 * author is unverified (bot/triage/verify.c), as it should be. */
static void
unmunge_from(struct message *m, const char *const *f)
{
	const char *name = m->from.name, *via = NULL, *p;
	size_t n;

	if (!m->reply_to || !*m->from.addr ||
	    !strcasecmp(m->reply_to, m->from.addr) ||
	    (!f[HF_LIST_ID] && !f[HF_LIST_POST] && !f[HF_MAILING_LIST]))
		return;
	for (p = name; (p = strstr(p, " via ")) != NULL; p++)
		via = p;
	if (!via || !via[5] || strchr(via + 5, ' '))
		return;
	n = (size_t)(via - name);
	while (n && (*name == '\'' || *name == '"' || *name == ' '))
		name++, n--;
	while (n && (name[n - 1] == '\'' || name[n - 1] == '"' ||
		     name[n - 1] == ' '))
		n--;
	m->from.name = arena_memdup0(&m->arena, name, n);
	m->from.addr = m->reply_to;
}

static void
fill_addresses(struct message *m, const char *const *f)
{
	struct arena *a = &m->arena;
	struct address *v;
	const char *s;

	if ((s = f[HF_FROM]) != NULL &&
	    address_parse_list(a, s, strlen(s), 1, &v))
		m->from = v[0];
	if ((s = f[HF_TO]) != NULL)
		m->nto = address_parse_list(a, s, strlen(s),
					    LKB_MAX_ADDRESSES, &m->to);
	if ((s = f[HF_CC]) != NULL)
		m->ncc = address_parse_list(a, s, strlen(s),
					    LKB_MAX_ADDRESSES, &m->cc);
	if ((s = f[HF_REPLY_TO]) != NULL &&
	    address_parse_list(a, s, strlen(s), 1, &v) && v[0].addr[0])
		m->reply_to = v[0].addr;
	unmunge_from(m, f);
}

static void
fill_headers(struct message *m)
{
	struct arena *a = &m->arena;
	const char *f[HF__COUNT], *s;
	int flags = 0;
	time_t t;

	index_fields(m, f);
	if ((s = f[HF_SUBJECT]) != NULL)
		m->subject = header_decode_arena(a, s, strlen(s), &flags);
	if (flags & HEADER_BAD_CHARSET)
		mime_note(m, MSG_PARTIAL, "unknown charset in Subject");
	fill_addresses(m, f);
	if ((s = f[HF_DATE]) != NULL) {
		m->date_raw = s;
		if (date_parse(s, strlen(s), &t) == 0)
			m->date = t;
	}
	if ((s = f[HF_MESSAGE_ID]) != NULL)
		m->message_id = msgid_parse_first(a, s, strlen(s));
	if ((s = f[HF_IN_REPLY_TO]) != NULL)
		m->in_reply_to = msgid_parse_first(a, s, strlen(s));
	if ((s = f[HF_REFERENCES]) != NULL)
		m->nreferences = msgid_parse_list(a, s, strlen(s),
						  LKB_MAX_REFERENCES,
						  &m->references, NULL);
	m->auto_submitted = f[HF_AUTO_SUBMITTED];
	m->precedence = f[HF_PRECEDENCE];
	m->list_id = f[HF_LIST_ID];
	m->x_lkpbot = f[HF_X_LKPBOT];
	m->return_path = f[HF_RETURN_PATH];
	for (int k = HF_LIST_POST; k <= HF_MAILING_LIST && !m->list_other; k++)
		m->list_other = f[k];
	m->x_autoreply = f[HF_X_AUTOREPLY] ? f[HF_X_AUTOREPLY]
					   : f[HF_X_AUTORESPOND];
}

/* The Content-* and MIME-Version fields, one clean line each. */
static void
mime_headers(const struct message *m, struct strbuf *sb)
{
	for (size_t i = 0; i < m->nheaders; i++) {
		const struct header_field *f = &m->headers[i];

		/* the first letter first: most names start otherwise */
		switch ((unsigned char)f->name[0] | 0x20) {
		case 'c':
			if (strncasecmp(f->name, "content-", 8) != 0)
				continue;
			break;
		case 'm':
			if (strcasecmp(f->name, "mime-version") != 0)
				continue;
			break;
		default:
			continue;
		}
		/* "name: value\n" without printf's format walk */
		strbuf_adds(sb, f->name);
		strbuf_add(sb, ": ", 2);
		strbuf_adds(sb, f->value);
		strbuf_addch(sb, '\n');
	}
}

/* A block of "Name: value" lines none of which is a mail header (a
 * scraped page starting "Re: [mm] ...: regression") is not a header.
 * The mail headers: From, To, Cc, Subject, Date, Message-ID, Received,
 * Return-Path, MIME-Version, Content-Type, Sender, Reply-To,
 * In-Reply-To, References, Delivered-To, List-Id. */
static int
has_mail_field(const struct message *m)
{
	for (size_t i = 0; i < m->nheaders; i++) {
		const char *name = m->headers[i].name;
		const struct known_field *k = field_entry(name, strlen(name));

		if ((k && k->mail) || strcasecmp(name, "content-type") == 0)
			return 1;
	}
	return 0;
}

static void
parse_header_block(struct message *m, const char *raw, const struct layout *lo,
		   unsigned flags)
{
	struct strbuf hb = STRBUF_INIT;
	struct hdrs h = { NULL, 0, 0, 0, 0 };
	size_t hlen = lo->hend - lo->hstart;
	int over = 0;

	if (hlen > LKB_MAX_HEADER_BYTES) {
		mime_note(m, MSG_PARTIAL, "header block over "
			  "LKB_MAX_HEADER_BYTES, rest ignored");
		while (hlen && raw[lo->hstart + hlen - 1] != '\n')
			hlen--;
		if (hlen > LKB_MAX_HEADER_BYTES)
			hlen = LKB_MAX_HEADER_BYTES;
	}
	if ((flags & MESSAGE_LIBETPAN_HEADER) ||
	    split_fields_fast(m, raw + lo->hstart, hlen,
			      (flags & MESSAGE_USED_FIELDS) != 0, &h) < 0) {
		if (flags & MESSAGE_USED_FIELDS)
			over = header_copy_used(&hb, raw + lo->hstart, hlen);
		else
			header_copy(&hb, raw + lo->hstart, hlen);
		parse_fields(m, hb.buf, hb.len, &h);
	}
	h.too_many |= over;
	m->headers = h.v;
	m->nheaders = h.n;
	if (h.too_many)
		mime_note(m, MSG_PARTIAL, "over LKB_MAX_HEADER_FIELDS fields");
	if (h.skipped)
		mime_note(m, MSG_PARTIAL, "malformed header line skipped");
	strbuf_release(&hb);
}

int
message_parse(const char *raw, size_t len, struct message **m_out)
{
	return message_parse_flags(raw, len, 0, m_out);
}

int
message_parse_flags(const char *raw, size_t len, unsigned flags,
		    struct message **m_out)
{
	struct strbuf mh = STRBUF_INIT;
	struct hdrs h = { NULL, 0, 0, 0, 0 };
	struct message *m;
	struct layout lo;

	*m_out = NULL;
	if (len > LKB_MAX_MESSAGE_BYTES)
		return LKB_ERR_TOO_BIG;
	m = xcalloc(1, sizeof(*m));
	arena_init(&m->arena);
	m->subject = "";
	m->from.name = m->from.addr = "";
	m->date = -1;
	m->body = "";
	m->quality = MSG_OK;
	if (!raw)
		len = 0;
	if (flags & MESSAGE_LIBETPAN_HEADER) {
		find_layout(raw ? raw : "", len, &lo);
		if (lo.hend > lo.hstart)
			parse_header_block(m, raw, &lo, flags);
	} else if (layout_split(m, raw ? raw : "", len,
				(flags & MESSAGE_USED_FIELDS) != 0, &lo,
				&h) == 0) {
		m->headers = h.v;
		m->nheaders = h.n;
	} else {
		/* the block as parse_header_block() reads it: cut short,
		 * cut by hand or by libetpan */
		parse_header_block(m, raw, &lo, flags);
	}
	if (!has_mail_field(m)) {
		m->headers = NULL;
		m->nheaders = 0;
		m->quality = MSG_OK;	/* forget header-level notes */
		m->problem = NULL;
	}
	if (len == 0) {
		mime_note(m, MSG_REJECTED, "empty input");
	} else if (m->nheaders == 0) {
		mime_note(m, MSG_REJECTED, "no header block");
		lo.body = 0;
	} else {
		if (lo.no_separator)
			mime_note(m, MSG_PARTIAL, "no empty line after the "
				  "header block");
		fill_headers(m);
		mime_headers(m, &mh);
	}
	if (len)
		mime_extract(m, mh.buf, mh.len, raw + lo.body, len - lo.body,
			     flags);
	strbuf_release(&mh);
	*m_out = m;
	return LKB_OK;
}

void
message_free(struct message *m)
{
	if (!m)
		return;
	arena_release(&m->arena);
	free(m);
}
