/* mime.c - walk libetpan's MIME tree and decode the text leaves.
 * libetpan types stay in this file (doc/style.md R27). */
#include "config.h"
#include "parsers/message-internal.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libetpan/libetpan.h>

#include "lib/ascii.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/xalloc.h"
#include "parsers/charset.h"
#include "parsers/header.h"
#include "parsers/mime_plain.h"
#include "parsers/mime_scan.h"
#include "parsers/mime_text.h"
#include "parsers/mime_transfer.h"

static const char *const quality_names[MSG__COUNT] = {
	"ok", "partial", "rejected"
};
_Static_assert(LKB_ARRAY_SIZE(quality_names) == MSG__COUNT,
	       "one name per quality");

atomic_size_t mime_multipart_fast;
atomic_size_t mime_ct_fast;
atomic_size_t mime_plain_fast;

struct walk {
	struct message *m;
	struct mime_part **tail;
	size_t nleaves;
	size_t total;		/* decoded text bytes so far */
	int stop;
};

/* What one leaf says about itself. */
struct leaf {
	const char *type;
	const char *charset;
	const char *filename;
	int is_attachment;
	int encoding;		/* MAILMIME_MECHANISM_* */
	const char *enc_token;
	int flowed, delsp;
	const char *data;
	size_t len;
};

void
mime_note(struct message *m, enum message_quality q, const char *why)
{
	if (q > m->quality || (q == m->quality && !m->problem && q != MSG_OK)) {
		lkb_debug("message quality %s: %s", quality_names[q], why);
		m->quality = q;
		m->problem = why;
	}
}

static const char *
lower_dup(struct arena *a, const char *s)
{
	char *d = arena_strdup(a, s);

	for (char *p = d; *p; p++)
		*p = (char)LKB_TOLOWER(*p);
	return d;
}

static const char *
content_type_str(struct arena *a, struct mailmime_content *ct)
{
	const char *major = "application";
	struct mailmime_type *t;

	if (!ct || !ct->ct_type)
		return "text/plain";
	t = ct->ct_type;
	if (t->tp_type == MAILMIME_TYPE_DISCRETE_TYPE) {
		switch (t->tp_data.tp_discrete_type->dt_type) {
		case MAILMIME_DISCRETE_TYPE_TEXT: major = "text"; break;
		case MAILMIME_DISCRETE_TYPE_IMAGE: major = "image"; break;
		case MAILMIME_DISCRETE_TYPE_AUDIO: major = "audio"; break;
		case MAILMIME_DISCRETE_TYPE_VIDEO: major = "video"; break;
		case MAILMIME_DISCRETE_TYPE_EXTENSION:
			major = t->tp_data.tp_discrete_type->dt_extension;
			break;
		default: break;
		}
	} else if (t->tp_type == MAILMIME_TYPE_COMPOSITE_TYPE) {
		switch (t->tp_data.tp_composite_type->ct_type) {
		case MAILMIME_COMPOSITE_TYPE_MESSAGE: major = "message"; break;
		case MAILMIME_COMPOSITE_TYPE_MULTIPART:
			major = "multipart";
			break;
		default:
			major = t->tp_data.tp_composite_type->ct_token;
			break;
		}
	}
	return lower_dup(a, arena_printf(a, "%s/%s", major ? major : "x",
					 ct->ct_subtype ? ct->ct_subtype : ""));
}

static const char *
param_get(struct mailmime_content *ct, const char *name)
{
	clistiter *c;

	if (!ct || !ct->ct_parameters)
		return NULL;
	for (c = clist_begin(ct->ct_parameters); c; c = clist_next(c)) {
		struct mailmime_parameter *pa = clist_content(c);

		if (pa && pa->pa_name && pa->pa_value &&
		    strcasecmp(pa->pa_name, name) == 0)
			return pa->pa_value;
	}
	return NULL;
}

static void
leaf_disposition(struct arena *a, struct mailmime_disposition *d,
		 struct leaf *lf)
{
	clistiter *c;

	if (d->dsp_type &&
	    d->dsp_type->dsp_type == MAILMIME_DISPOSITION_TYPE_ATTACHMENT)
		lf->is_attachment = 1;
	for (c = d->dsp_parms ? clist_begin(d->dsp_parms) : NULL; c;
	     c = clist_next(c)) {
		struct mailmime_disposition_parm *pm = clist_content(c);
		const char *fn = pm->pa_data.pa_filename;

		if (pm->pa_type == MAILMIME_DISPOSITION_PARM_FILENAME && fn)
			lf->filename = header_decode_arena(a, fn, strlen(fn),
							   NULL);
	}
}

/* The encoding and disposition among a part's MIME fields (NULL: none). */
static void
leaf_fields(struct mailmime_fields *mf, struct mailmime_mechanism **mech_out,
	    struct mailmime_disposition **dsp_out)
{
	clistiter *c;

	*mech_out = NULL;
	*dsp_out = NULL;
	if (!mf || !mf->fld_list)
		return;
	for (c = clist_begin(mf->fld_list); c; c = clist_next(c)) {
		struct mailmime_field *f = clist_content(c);

		if (f->fld_type == MAILMIME_FIELD_TRANSFER_ENCODING)
			*mech_out = f->fld_data.fld_encoding;
		else if (f->fld_type == MAILMIME_FIELD_DISPOSITION)
			*dsp_out = f->fld_data.fld_disposition;
	}
}

static void
leaf_describe(struct walk *w, struct mailmime_content *ct,
	      struct mailmime_mechanism *mech,
	      struct mailmime_disposition *dsp, struct leaf *lf)
{
	struct arena *a = &w->m->arena;
	const char *v;

	lf->type = content_type_str(a, ct);
	v = param_get(ct, "charset");
	lf->charset = v ? lower_dup(a, header_decode_arena(a, v, strlen(v),
							    NULL))
			: "";
	v = param_get(ct, "format");
	lf->flowed = v && strcasecmp(v, "flowed") == 0;
	v = param_get(ct, "delsp");
	lf->delsp = v && strcasecmp(v, "yes") == 0;
	lf->encoding = MAILMIME_MECHANISM_8BIT;
	if (mech) {
		lf->encoding = mech->enc_type;
		lf->enc_token = mech->enc_token;
	}
	if (dsp)
		leaf_disposition(a, dsp, lf);
	if (!lf->filename && (v = param_get(ct, "name")) != NULL)
		lf->filename = header_decode_arena(a, v, strlen(v), NULL);
	if (lf->filename)
		lf->is_attachment = 1;
}

/* Transfer decoding: returns the bytes to convert (maybe raw). */
static int
leaf_transfer(struct walk *w, const struct leaf *lf, struct strbuf *tmp,
	      const char **p_out, size_t *len_out)
{
	int rc = 0;

	*p_out = lf->data;
	*len_out = lf->len;
	if (lf->encoding == MAILMIME_MECHANISM_BASE64)
		rc = mime_base64_decode(tmp, lf->data, lf->len);
	else if (lf->encoding == MAILMIME_MECHANISM_QUOTED_PRINTABLE)
		rc = mime_qp_decode(tmp, lf->data, lf->len);
	else if (lf->encoding == MAILMIME_MECHANISM_TOKEN)
		mime_note(w->m, MSG_PARTIAL, arena_printf(&w->m->arena,
			  "unknown transfer encoding '%s', read as 8bit",
			  lf->enc_token ? lf->enc_token : ""));
	else
		return 0;
	if (rc == LKB_ERR_TOO_BIG)
		mime_note(w->m, MSG_PARTIAL, "decoded part too big");
	else if (rc & TRANSFER_TRUNCATED)
		mime_note(w->m, MSG_PARTIAL, "truncated base64");
	else if (rc & TRANSFER_JUNK)
		mime_note(w->m, MSG_PARTIAL, "junk in base64");
	if (lf->encoding == MAILMIME_MECHANISM_TOKEN)
		return 0;
	*p_out = tmp->buf;
	*len_out = tmp->len;
	return 0;
}

static void
leaf_charset(struct walk *w, const struct leaf *lf, const char *p,
	     size_t len, struct strbuf *text)
{
	struct textout t;
	int f;

	textout_init(&t, text);
	f = charset_decode(&t, lf->charset, strlen(lf->charset), p, len);
	if (textout_flush(&t) != LKB_OK)
		mime_note(w->m, MSG_PARTIAL,
			  "decoded text over LKB_MAX_BODY_BYTES");
	if (f & CHARSET_UNKNOWN)
		mime_note(w->m, MSG_PARTIAL, arena_printf(&w->m->arena,
			  "unknown charset '%s', decoded as latin1",
			  lf->charset));
	if (f & CHARSET_INVALID)
		mime_note(w->m, MSG_PARTIAL, arena_printf(&w->m->arena,
			  "invalid bytes for charset '%s'", lf->charset));
	if (f & CHARSET_NUL)
		mime_note(w->m, MSG_PARTIAL, "NUL bytes replaced by U+FFFD");
}

static void
part_add(struct walk *w, const struct leaf *lf, const char *text,
	 size_t len)
{
	struct mime_part *pt = arena_alloc(&w->m->arena, sizeof(*pt));

	pt->type = lf->type;
	pt->charset = lf->charset;
	pt->filename = lf->filename;
	pt->is_attachment = lf->is_attachment;
	pt->text = arena_memdup0(&w->m->arena, text, len);
	pt->len = len;
	*w->tail = pt;
	w->tail = &pt->next;
	w->m->nparts++;
	w->total += len;
}

/* The part of text that leaf_charset() and text_crlf_to_lf() would
 * make of p when it is clean UTF-8 within the cap: p itself, each CRLF
 * made LF, copied once into the arena instead of through a strbuf.
 * Returns 0 when the text needs them. */
static int
leaf_clean_text(struct walk *w, const struct leaf *lf, const char *p,
		size_t len)
{
	struct mime_part *pt;
	const char *cr;
	char *s;
	size_t n;

	if (len > LKB_MAX_BODY_BYTES - w->total ||
	    (lf->flowed && strcmp(lf->type, "text/plain") == 0) ||
	    !charset_is_utf8(lf->charset, strlen(lf->charset)) ||
	    !charset_utf8_clean(p, len))
		return 0;
	s = arena_memdup0(&w->m->arena, p, len);
	n = len;
	if ((cr = memchr(s, '\r', len)) != NULL) {
		size_t o = (size_t)(cr - s);

		for (size_t i = o; i < len; i++)
			if (s[i] != '\r' || i + 1 == len || s[i + 1] != '\n')
				s[o++] = s[i];
		s[o] = '\0';
		n = o;
	}
	pt = arena_alloc(&w->m->arena, sizeof(*pt));
	pt->type = lf->type;
	pt->charset = lf->charset;
	pt->filename = lf->filename;
	pt->is_attachment = lf->is_attachment;
	pt->text = s;
	pt->len = n;
	*w->tail = pt;
	w->tail = &pt->next;
	w->m->nparts++;
	w->total += n;
	return 1;
}

static void
leaf_decode(struct walk *w, const struct leaf *lf)
{
	struct strbuf tmp, text, flow;
	const char *p;
	size_t len;
	int rc;

	strbuf_init_capped(&tmp, LKB_MAX_MESSAGE_BYTES);
	strbuf_init_capped(&text, LKB_MAX_BODY_BYTES - w->total);
	strbuf_init_capped(&flow, LKB_MAX_BODY_BYTES - w->total);
	rc = leaf_transfer(w, lf, &tmp, &p, &len);
	if (rc == 0 && leaf_clean_text(w, lf, p, len))
		goto out;
	if (rc == 0)
		leaf_charset(w, lf, p, len, &text);
	text_crlf_to_lf(&text, 0);
	if (lf->flowed && strcmp(lf->type, "text/plain") == 0) {
		if (text_unflow(&flow, text.buf, text.len, lf->delsp) != LKB_OK)
			mime_note(w->m, MSG_PARTIAL,
				  "decoded text over LKB_MAX_BODY_BYTES");
		part_add(w, lf, flow.buf, flow.len);
	} else {
		part_add(w, lf, text.buf, text.len);
	}
out:
	strbuf_release(&tmp);
	strbuf_release(&text);
	strbuf_release(&flow);
}

static void
walk_leaf(struct walk *w, struct leaf *lf)
{
	if (++w->nleaves > LKB_MAX_MIME_PARTS) {
		mime_note(w->m, MSG_PARTIAL, "over LKB_MAX_MIME_PARTS parts");
		w->stop = 1;
		return;
	}
	if (strncmp(lf->type, "multipart/", 10) == 0) {
		mime_note(w->m, MSG_PARTIAL, "multipart without boundary");
		lf->type = "text/plain";
	}
	if (strncmp(lf->type, "text/", 5) != 0 || !lf->data)
		return;
	if (w->total >= LKB_MAX_BODY_BYTES) {
		mime_note(w->m, MSG_PARTIAL,
			  "decoded text over LKB_MAX_BODY_BYTES");
		w->stop = 1;
		return;
	}
	leaf_decode(w, lf);
}

static void
walk_single(struct walk *w, struct mailmime *mm)
{
	struct mailmime_mechanism *mech;
	struct mailmime_disposition *dsp;
	struct leaf lf;

	memset(&lf, 0, sizeof(lf));
	leaf_fields(mm->mm_mime_fields, &mech, &dsp);
	leaf_describe(w, mm->mm_content_type, mech, dsp, &lf);
	if (mm->mm_data.mm_single &&
	    mm->mm_data.mm_single->dt_type == MAILMIME_DATA_TEXT) {
		lf.data = mm->mm_data.mm_single->dt_data.dt_text.dt_data;
		lf.len = mm->mm_data.mm_single->dt_data.dt_text.dt_length;
	}
	walk_leaf(w, &lf);
}

/* RFC 2046 s5.1.1: does "--boundary" occur at a line start of the body?
 * libetpan turns a body without it into one part; we say so instead. */
static int
boundary_present(struct mailmime *mm)
{
	const char *b = param_get(mm->mm_content_type, "boundary");
	const char *p, *end, *nl;
	size_t blen;

	if (!b || !mm->mm_body || mm->mm_body->dt_type != MAILMIME_DATA_TEXT)
		return 1;
	blen = strlen(b);
	if (blen >= 2 && b[0] == '"' && b[blen - 1] == '"') {
		b++;
		blen -= 2;
	}
	p = mm->mm_body->dt_data.dt_text.dt_data;
	end = p + mm->mm_body->dt_data.dt_text.dt_length;
	while (p < end) {
		if ((size_t)(end - p) >= blen + 2 && p[0] == '-' &&
		    p[1] == '-' && memcmp(p + 2, b, blen) == 0)
			return 1;
		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			break;
		p = nl + 1;
	}
	return 0;
}

/* Fallback: the data of a container we could not split, as text. */
static void
walk_raw_text(struct walk *w, struct mailmime_data *d)
{
	struct leaf lf;

	if (!d || d->dt_type != MAILMIME_DATA_TEXT)
		return;
	memset(&lf, 0, sizeof(lf));
	lf.type = "text/plain";
	lf.charset = "";
	lf.encoding = MAILMIME_MECHANISM_8BIT;
	lf.data = d->dt_data.dt_text.dt_data;
	lf.len = d->dt_data.dt_text.dt_length;
	leaf_decode(w, &lf);
}

static void
walk_tree(struct walk *w, struct mailmime *mm, int depth)
{
	clistiter *c;

	if (!mm || w->stop)
		return;
	if (depth > LKB_MAX_MIME_DEPTH) {
		mime_note(w->m, MSG_PARTIAL, "MIME nesting over "
			  "LKB_MAX_MIME_DEPTH");
		return;
	}
	switch (mm->mm_type) {
	case MAILMIME_SINGLE:
		walk_single(w, mm);
		break;
	case MAILMIME_MULTIPLE:
		if (!boundary_present(mm)) {
			mime_note(w->m, MSG_PARTIAL,
				  "multipart boundary not found");
			walk_raw_text(w, mm->mm_body);
			break;
		}
		c = mm->mm_data.mm_multipart.mm_mp_list
			    ? clist_begin(mm->mm_data.mm_multipart.mm_mp_list)
			    : NULL;
		if (!c) {
			mime_note(w->m, MSG_PARTIAL,
				  "multipart boundary not found");
			walk_raw_text(w, mm->mm_body);
		}
		for (; c && !w->stop; c = clist_next(c))
			walk_tree(w, clist_content(c), depth + 1);
		break;
	case MAILMIME_MESSAGE:
		walk_tree(w, mm->mm_data.mm_message.mm_msg_mime, depth + 1);
		break;
	default:
		break;
	}
}

static const struct mime_part *
pick(const struct message *m, const char *type, int inline_only)
{
	for (const struct mime_part *p = m->parts; p; p = p->next)
		if ((!inline_only || !p->is_attachment) &&
		    (!type || strcmp(p->type, type) == 0))
			return p;
	return NULL;
}

static void
choose_body(struct message *m)
{
	const struct mime_part *p;
	struct strbuf sb;

	if ((p = pick(m, "text/plain", 1)) == NULL &&
	    (p = pick(m, "text/html", 1)) == NULL &&
	    (p = pick(m, "text/plain", 0)) == NULL &&
	    (p = pick(m, "text/html", 0)) == NULL &&
	    (p = pick(m, NULL, 0)) == NULL) {
		m->body = "";
		m->body_len = 0;
		m->body_part = NULL;
		return;
	}
	m->body_part = p;
	if (strcmp(p->type, "text/html") != 0) {
		m->body = p->text;
		m->body_len = p->len;
		return;
	}
	strbuf_init_capped(&sb, LKB_MAX_BODY_BYTES);
	if (text_from_html(&sb, p->text, p->len) != LKB_OK)
		mime_note(m, MSG_PARTIAL, "decoded text over LKB_MAX_BODY_BYTES");
	m->body = arena_memdup0(&m->arena, sb.buf, sb.len);
	m->body_len = sb.len;
	strbuf_release(&sb);
}

/* A Content-Type value libetpan 1.9 hands unchanged to
 * mailmime_content_parse. Its mailmime_field_parse first runs every
 * value through mailmime_encoded_phrase_parse: RFC 2047 words decoded,
 * runs of blanks made one space, each word converted by iconv from
 * us-ascii (the costliest part of reading a mail's fields). For
 * printable ASCII words with one space between them and no "=?" that
 * gives the value back as it was. */
static int
ct_value_plain(const char *v)
{
	if (*v == '\0' || *v == ' ')
		return 0;
	for (const char *p = v; *p; p++) {
		unsigned char c = (unsigned char)*p;

		if (c == ' ' ? p[1] == ' ' || p[1] == '\0'
			     : c < 0x21 || c > 0x7e || (c == '=' && p[1] == '?'))
			return 0;
	}
	return 1;
}

/* mailmime_fields_parse(f, result), the same fields, with a plain
 * Content-Type value (ct_value_plain) parsed without the detour. */
static int
mime_fields_parse(struct mailimf_fields *f, struct mailmime_fields **result)
{
	clist *list = clist_new();
	int r = MAILIMF_NO_ERROR;

	if (!list)
		return MAILIMF_ERROR_MEMORY;
	for (clistiter *c = clist_begin(f->fld_list); c; c = clist_next(c)) {
		struct mailimf_field *fld = clist_content(c);
		struct mailimf_optional_field *of;
		struct mailmime_field *mf = NULL;
		struct mailmime_content *ct = NULL;
		size_t idx = 0;

		if (fld->fld_type != MAILIMF_FIELD_OPTIONAL_FIELD)
			continue;
		of = fld->fld_data.fld_optional_field;
		if (strcasecmp(of->fld_name, "Content-Type") == 0 &&
		    ct_value_plain(of->fld_value)) {
			r = mailmime_content_parse(of->fld_value,
						   strlen(of->fld_value), &idx,
						   &ct);
			atomic_fetch_add_explicit(&mime_ct_fast, 1,
						  memory_order_relaxed);
			if (r == MAILIMF_NO_ERROR &&
			    !(mf = mailmime_field_new(MAILMIME_FIELD_TYPE, ct,
						      NULL, NULL, NULL, 0, NULL,
						      NULL, NULL))) {
				mailmime_content_free(ct);
				r = MAILIMF_ERROR_MEMORY;
			}
		} else {
			r = mailmime_field_parse(of, &mf);
		}
		if (r == MAILIMF_ERROR_PARSE)
			continue;
		if (r == MAILIMF_NO_ERROR && clist_append(list, mf) < 0) {
			mailmime_field_free(mf);
			r = MAILIMF_ERROR_MEMORY;
		}
		if (r != MAILIMF_NO_ERROR)
			goto fail;
	}
	r = MAILIMF_ERROR_PARSE;	/* no MIME field, as libetpan says */
	if (clist_begin(list)) {
		if ((*result = mailmime_fields_new(list)) != NULL)
			return MAILIMF_NO_ERROR;
		r = MAILIMF_ERROR_MEMORY;
	}
fail:
	for (clistiter *c = clist_begin(list); c; c = clist_next(c))
		mailmime_field_free(clist_content(c));
	clist_free(list);
	return r;
}

/* The mail's own MIME fields as libetpan's mailmime_parse reads them
 * from the header block; NULL when it cannot, or stops short of its end
 * (the rest would be body to libetpan). */
static struct mailmime_fields *
top_fields(const char *mhdr, size_t mhlen)
{
	struct mailimf_fields *f = NULL;
	struct mailmime_fields *mf = NULL;
	size_t idx = 0;

	if (mailimf_envelope_and_optional_fields_parse(mhdr, mhlen, &idx, &f)
	    != MAILIMF_NO_ERROR)
		return NULL;
	if (idx != mhlen) {
		mailimf_fields_free(f);
		return NULL;
	}
	if (mime_fields_parse(f, &mf) != MAILIMF_NO_ERROR)
		mf = NULL;
	mailimf_fields_free(f);
	return mf;
}

/* A mail or part of this Content-Type (NULL: none, text/plain) is
 * one leaf: libetpan reads its body without looking inside. */
static int
is_single(const struct mailmime_content *ct)
{
	return !ct || (ct->ct_type &&
		       ct->ct_type->tp_type != MAILMIME_TYPE_COMPOSITE_TYPE);
}

/* Fast path for the common single-part mail: its fields (top_fields)
 * say no composite type, and its body is the one leaf, decoded in place
 * without building a tree. Returns 0 when the mail needs more. */
static int
extract_single(struct walk *w, struct mailmime_fields *mf,
	       struct mailmime_content *ct, const char *body, size_t blen)
{
	struct mailmime_mechanism *mech;
	struct mailmime_disposition *dsp;
	struct leaf lf;

	if (!is_single(ct))
		return 0;
	memset(&lf, 0, sizeof(lf));
	leaf_fields(mf, &mech, &dsp);
	leaf_describe(w, ct, mech, dsp, &lf);
	lf.data = body;
	lf.len = blen;
	walk_leaf(w, &lf);
	return 1;
}

/* The multipart fast path: libetpan finds the parts of a multipart body
 * by looking at every byte for line ends; robot mail carries ~200 KB of
 * kernel config that way. Here memmem finds the delimiter lines and
 * libetpan parses each part's fields as it would have. Taken only for
 * the plain shape, where the result is libetpan's to the byte (the
 * differential tests in test_message and fuzz_message hold the two
 * side by side): top-level multipart (not digest) with an unquoted
 * boundary; every line starting "--boundary" either a delimiter or, at
 * the end, the close delimiter, both only followed by blanks; no part
 * empty or starting with a blank line (libetpan swallows it); no part
 * that is itself multipart or message; a preamble libetpan reads to the
 * same first delimiter (mime_scan_preamble). Anything else: 0, and
 * libetpan does it all. */

/* The part between two delimiters, with its parsed MIME fields. */
struct mp_part {
	const char *data;
	size_t len, body;		/* the body is data + body */
	struct mailmime_fields *fields;	/* may be NULL */
	struct mailmime_content *ct;	/* borrowed from fields, or own */
	int own_ct;
};

static void
mp_parts_free(struct mp_part *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (v[i].own_ct)
			mailmime_content_free(v[i].ct);
		if (v[i].fields)
			mailmime_fields_free(v[i].fields);
	}
	free(v);
}

/* The first Content-Type among mf's fields, or NULL. */
static struct mailmime_content *
fields_content_type(struct mailmime_fields *mf)
{
	clistiter *c;

	for (c = mf && mf->fld_list ? clist_begin(mf->fld_list) : NULL; c;
	     c = clist_next(c)) {
		struct mailmime_field *f = clist_content(c);

		if (f->fld_type == MAILMIME_FIELD_TYPE)
			return f->fld_data.fld_content;
	}
	return NULL;
}

/* Parse part pt's fields as libetpan's multipart parser does; 0 when
 * the part is no plain leaf. */
static int
mp_part_fields(struct mp_part *pt)
{
	struct mailimf_fields *f = NULL;
	struct mailmime_content *ct;
	size_t idx = 0;
	int r;

	if (mailimf_optional_fields_parse(pt->data, pt->len, &idx, &f) !=
	    MAILIMF_NO_ERROR)
		return 0;
	(void)mailimf_crlf_parse(pt->data, pt->len, &idx);
	r = mime_fields_parse(f, &pt->fields);
	mailimf_fields_free(f);
	if (r != MAILIMF_NO_ERROR) {
		/* a parse error leaves none; others end libetpan's walk */
		if (r != MAILIMF_ERROR_PARSE)
			return 0;
		pt->fields = NULL;
	}
	pt->body = idx;
	if (!(ct = fields_content_type(pt->fields))) {
		if (!(ct = mailmime_get_content_text()))
			return 0;
		pt->own_ct = 1;
	}
	pt->ct = ct;
	return ct->ct_type &&
	       ct->ct_type->tp_type != MAILMIME_TYPE_COMPOSITE_TYPE;
}

/* Split body into its parts: how many, or 0 when the body is not of
 * the plain shape. *out is the parts (free with mp_parts_free). */
static size_t
mp_split(const char *body, size_t blen, const char *b, struct mp_part **out)
{
	char needle[2 + 200];
	size_t nl = strlen(b), off, next, n = 0, alloc = 0;
	struct mp_part *v = NULL;
	int kind = MIME_DASH_OPEN;

	*out = NULL;
	if (nl == 0 || nl > sizeof(needle) - 2 || strchr(b, '"'))
		return 0;
	needle[0] = needle[1] = '-';
	memcpy(needle + 2, b, nl);
	nl += 2;
	off = mime_scan_dash_line(body, blen, 0, needle, nl);
	if (off == blen || !mime_scan_preamble(body, off) ||
	    mime_scan_dash_kind(body, blen, off, nl, &next) != MIME_DASH_OPEN)
		return 0;
	while (kind == MIME_DASH_OPEN) {
		size_t start = next, end;

		off = mime_scan_dash_line(body, blen, start, needle, nl);
		if (off == blen || off == start ||
		    mime_scan_blank_line(body + start, blen - start))
			goto bail;
		kind = mime_scan_dash_kind(body, blen, off, nl, &next);
		if (kind == MIME_DASH_ODD)
			goto bail;
		/* the line break before the delimiter is the delimiter's */
		end = off - 1;
		if (end > start && body[end - 1] == '\r')
			end--;
		if (end == start)
			goto bail;
		ALLOC_GROW(v, n + 1, alloc);
		memset(&v[n], 0, sizeof(v[n]));
		v[n].data = body + start;
		v[n].len = end - start;
		if (!mp_part_fields(&v[n++]))
			goto bail;
	}
	/* nothing after the close delimiter looks like a delimiter */
	if (mime_scan_dash_line(body, blen, next, needle, nl) != blen)
		goto bail;
	*out = v;
	return n;
bail:
	mp_parts_free(v, n);
	return 0;
}

static int
extract_multipart(struct walk *w, struct mailmime_content *ct,
		  const char *body, size_t blen)
{
	struct mailmime_mechanism *mech;
	struct mailmime_disposition *dsp;
	struct mp_part *v = NULL;
	const char *b;
	size_t n = 0;

	if (ct && ct->ct_type &&
	    ct->ct_type->tp_type == MAILMIME_TYPE_COMPOSITE_TYPE &&
	    ct->ct_type->tp_data.tp_composite_type &&
	    ct->ct_type->tp_data.tp_composite_type->ct_type ==
		    MAILMIME_COMPOSITE_TYPE_MULTIPART &&
	    ct->ct_subtype && strcasecmp(ct->ct_subtype, "digest") != 0 &&
	    (b = param_get(ct, "boundary")) != NULL)
		n = mp_split(body, blen, b, &v);
	if (!n)
		return 0;
	for (size_t i = 0; i < n && !w->stop; i++) {
		struct leaf lf;

		memset(&lf, 0, sizeof(lf));
		leaf_fields(v[i].fields, &mech, &dsp);
		leaf_describe(w, v[i].ct, mech, dsp, &lf);
		lf.data = v[i].data + v[i].body;
		lf.len = v[i].len - v[i].body;
		walk_leaf(w, &lf);
	}
	mp_parts_free(v, n);
	atomic_fetch_add_explicit(&mime_multipart_fast, 1,
				  memory_order_relaxed);
	return 1;
}

/* The one leaf of a mail whose MIME fields are plain (mime_plain.h):
 * what walk_single() makes of libetpan's reading of them (leaf_describe
 * with the Content-Type, and the encoding, they name). */
static void
extract_plain(struct walk *w, const struct mime_plain *pl, const char *body,
	      size_t blen)
{
	static const int mech[MIME_PLAIN__COUNT] = {
		MAILMIME_MECHANISM_8BIT, MAILMIME_MECHANISM_7BIT,
		MAILMIME_MECHANISM_8BIT, MAILMIME_MECHANISM_BINARY,
		MAILMIME_MECHANISM_QUOTED_PRINTABLE, MAILMIME_MECHANISM_BASE64
	};
	struct arena *a = &w->m->arena;
	const struct mime_plain_str *s = &pl->subtype;
	struct leaf lf;

	memset(&lf, 0, sizeof(lf));
	lf.type = "text/plain";
	if (s->p) {	/* content_type_str(): "text/" and the subtype */
		char *t = arena_alloc(a, lkb_st_add(s->len, 6));

		memcpy(t, "text/", 5);
		for (size_t i = 0; i < s->len; i++)
			t[5 + i] = (char)LKB_TOLOWER(s->p[i]);
		lf.type = t;
	}
	s = &pl->charset;
	lf.charset = s->p ? lower_dup(a, header_decode_arena(a, s->p, s->len,
							     NULL))
			  : "";
	s = &pl->format;
	lf.flowed = s->p && s->len == 6 && !strncasecmp(s->p, "flowed", 6);
	s = &pl->delsp;
	lf.delsp = s->p && s->len == 3 && !strncasecmp(s->p, "yes", 3);
	lf.encoding = mech[pl->enc];
	if ((s = &pl->name)->p)
		lf.filename = header_decode_arena(a, s->p, s->len, NULL);
	if (lf.filename)
		lf.is_attachment = 1;
	lf.data = body;
	lf.len = blen;
	walk_leaf(w, &lf);
	atomic_fetch_add_explicit(&mime_plain_fast, 1, memory_order_relaxed);
}

void
mime_extract(struct message *m, const char *mhdr, size_t mhlen,
	     const char *body, size_t blen, unsigned flags)
{
	struct walk w = { m, &m->parts, 0, 0, 0 };
	struct mailmime *mm = NULL;
	struct mailmime_fields *top = NULL;
	struct mailmime_content *ct = NULL;
	struct mailmime_data raw;
	struct mime_plain pl;
	char *msg;
	size_t len, idx = 0;
	int done = 0, single = 0;

	/* the common single text part: its fields read by hand. A mail
	 * with no MIME field at all is one too: libetpan's whole-tree
	 * parse finds no field before the line end put ahead of the body,
	 * and reads the body as text/plain without parameters (unless
	 * over the container limit, below) */
	if (!(flags & MESSAGE_LIBETPAN_MIME) &&
	    (mime_plain_read(mhdr, mhlen, &pl) ||
	     (mhlen == 0 && mime_scan_containers(body, blen) <=
				    LKB_MAX_MIME_CONTAINERS))) {
		extract_plain(&w, &pl, body, blen);
		choose_body(m);
		return;
	}

	/* the reference parse reads the fields too: a single-part mail is
	 * one leaf to libetpan however many "Content-Type: multipart"
	 * lines its body quotes, so the container limit is not its */
	if ((top = top_fields(mhdr, mhlen)) != NULL) {
		ct = fields_content_type(top);
		single = is_single(ct);
		if (!(flags & MESSAGE_LIBETPAN_MIME))
			done = extract_single(&w, top, ct, body, blen);
	}
	/* the header block ends with a line end: counted apart, the same */
	if (!done && !single &&
	    mime_scan_containers(mhdr, mhlen) +
			    mime_scan_containers(body, blen) >
		    LKB_MAX_MIME_CONTAINERS) {
		mime_note(m, MSG_PARTIAL, "over LKB_MAX_MIME_CONTAINERS "
			  "multipart levels, read as plain text");
		raw.dt_type = MAILMIME_DATA_TEXT;
		raw.dt_data.dt_text.dt_data = body;
		raw.dt_data.dt_text.dt_length = blen;
		walk_raw_text(&w, &raw);
		done = 1;
	}
	if (!done && top && !(flags & MESSAGE_LIBETPAN_MIME))
		done = extract_multipart(&w, ct, body, blen);
	if (top)
		mailmime_fields_free(top);
	if (done) {
		choose_body(m);
		return;
	}
	len = lkb_st_add(lkb_st_add(mhlen, blen), 1);
	msg = xmalloc(len);
	memcpy(msg, mhdr, mhlen);
	msg[mhlen] = '\n';
	if (blen)
		memcpy(msg + mhlen + 1, body, blen);
	if (mailmime_parse(msg, len, &idx, &mm) != MAILIMF_NO_ERROR) {
		mime_note(m, MSG_PARTIAL, "MIME structure not parsable, "
			  "read as plain text");
		mm = NULL;
	}
	if (mm) {
		walk_tree(&w, mm, 0);
		mailmime_free(mm);
	} else {
		raw.dt_type = MAILMIME_DATA_TEXT;
		raw.dt_data.dt_text.dt_data = msg + mhlen + 1;
		raw.dt_data.dt_text.dt_length = blen;
		walk_raw_text(&w, &raw);
	}
	free(msg);
	choose_body(m);
}
