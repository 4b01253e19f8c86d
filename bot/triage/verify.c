/* verify.c - DKIM verification of a mail's sender (libopendkim). */
#include "config.h"
#include "bot/triage/verify.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <dkim.h>

#include "lib/ascii.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/xalloc.h"

struct verify_key {
	char *name;		/* selector._domainkey.domain */
	char *record;		/* the TXT record */
};

struct verify {
	DKIM_LIB *lib;
	int use_file;		/* keys from the file only, never DNS */
	struct verify_key *keys;
	size_t nkeys;
};

static void
trim(char **s, char **e)
{
	while (*s < *e && LKB_ISSPACE(**s))
		(*s)++;
	while (*e > *s && LKB_ISSPACE((*e)[-1]))
		(*e)--;
}

/* One line "<name> <record>" of the key file ('#' comments, blanks). */
static int
key_line(struct verify *v, const char *path, unsigned lineno, char *s,
	 char *e)
{
	char *sp;

	trim(&s, &e);
	if (s == e || *s == '#')
		return LKB_OK;
	for (sp = s; sp < e && !LKB_ISSPACE(*sp); sp++)
		;
	if (sp == e) {
		lkb_error("%s:%u: expected '<selector>._domainkey.<domain> "
			  "<TXT record>'", path, lineno);
		return LKB_ERR_CONFIG;
	}
	if (v->nkeys >= LKB_MAX_DKIM_KEYS) {
		lkb_error("%s: more than LKB_MAX_DKIM_KEYS keys", path);
		return LKB_ERR_TOO_BIG;
	}
	v->keys = xreallocarray(v->keys, v->nkeys + 1, sizeof(*v->keys));
	v->keys[v->nkeys].name = xmemdup0(s, (size_t)(sp - s));
	s = sp;
	trim(&s, &e);
	v->keys[v->nkeys].record = xmemdup0(s, (size_t)(e - s));
	v->nkeys++;
	return LKB_OK;
}

static int
keys_load(struct verify *v, const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL, *p, *nl, *end;
	size_t len;
	unsigned lineno = 0;
	int rc = LKB_OK;

	if (!f) {
		lkb_error_errno("cannot open the DKIM key file '%s'", path);
		return LKB_ERR_CONFIG;
	}
	buf = xmalloc(LKB_MAX_DKIM_KEY_FILE_BYTES + 1);
	len = fread(buf, 1, LKB_MAX_DKIM_KEY_FILE_BYTES + 1, f);
	if (ferror(f)) {
		lkb_error_errno("cannot read the DKIM key file '%s'", path);
		rc = LKB_ERR_CONFIG;
		goto out;
	}
	if (len > LKB_MAX_DKIM_KEY_FILE_BYTES) {
		lkb_error("DKIM key file '%s': over "
			  "LKB_MAX_DKIM_KEY_FILE_BYTES", path);
		rc = LKB_ERR_CONFIG;
		goto out;
	}
	end = buf + len;
	for (p = buf; p < end && rc == LKB_OK; p = nl + 1) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			nl = end;
		rc = key_line(v, path, ++lineno, p, nl);
	}
	if (rc != LKB_OK)
		rc = LKB_ERR_CONFIG;
out:
	free(buf);
	fclose(f);
	return rc;
}

/* libopendkim's key lookup when there is a key file: the file, no DNS. */
static DKIM_CBSTAT
key_lookup(DKIM *dkim, DKIM_SIGINFO *sig, u_char *buf, size_t buflen)
{
	struct verify *v = dkim_get_user_context(dkim);
	const char *sel = (const char *)dkim_sig_getselector(sig);
	const char *dom = (const char *)dkim_sig_getdomain(sig);
	char name[512];
	int n;

	if (!v || !sel || !dom)
		return DKIM_CBSTAT_ERROR;
	n = snprintf(name, sizeof(name), "%s._domainkey.%s", sel, dom);
	if (n < 0 || (size_t)n >= sizeof(name))
		return DKIM_CBSTAT_NOTFOUND;
	for (size_t i = 0; i < v->nkeys; i++) {
		size_t rl = strlen(v->keys[i].record);

		if (strcasecmp(v->keys[i].name, name))
			continue;
		if (rl >= buflen)
			return DKIM_CBSTAT_ERROR;
		memcpy(buf, v->keys[i].record, rl + 1);
		return DKIM_CBSTAT_CONTINUE;
	}
	return DKIM_CBSTAT_NOTFOUND;
}

int
verify_new(const char *key_file, struct verify **v_out)
{
	struct verify *v = xcalloc(1, sizeof(*v));
	unsigned int flags = DKIM_LIBFLAGS_FIXCRLF;
	int rc = LKB_OK;

	*v_out = NULL;
	if (key_file && (rc = keys_load(v, key_file)) != LKB_OK)
		goto out;
	v->use_file = key_file != NULL;
	v->lib = dkim_init(NULL, NULL);
	if (!v->lib) {
		lkb_error("cannot set up libopendkim");
		rc = LKB_ERR_NOMEM;
		goto out;
	}
	/* mail is kept as it came: bare LF line ends are CRLF to DKIM */
	if (dkim_options(v->lib, DKIM_OP_SETOPT, DKIM_OPTS_FLAGS, &flags,
			 sizeof(flags)) != DKIM_STAT_OK ||
	    (v->use_file &&
	     dkim_set_key_lookup(v->lib, key_lookup) != DKIM_STAT_OK)) {
		lkb_error("cannot set libopendkim's options");
		rc = LKB_ERR_CONFIG;
		goto out;
	}
out:
	if (rc != LKB_OK) {
		verify_free(v);
		return rc;
	}
	*v_out = v;
	return LKB_OK;
}

void
verify_free(struct verify *v)
{
	if (!v)
		return;
	if (v->lib)
		dkim_close(v->lib);
	for (size_t i = 0; i < v->nkeys; i++) {
		free(v->keys[i].name);
		free(v->keys[i].record);
	}
	free(v->keys);
	free(v);
}

int
verify_aligned(const char *dom, const char *d)
{
	size_t dl, dd;

	if (!dom || !d || !*d || !strchr(d, '.'))
		return 0;	/* never a bare top-level domain */
	dl = strlen(dom);
	dd = strlen(d);
	if (dl == dd)
		return !strcasecmp(dom, d);
	return dl > dd && dom[dl - dd - 1] == '.' &&
	       !strcasecmp(dom + dl - dd, d);
}

/* The fields lkpbot reads whose instance a signature must cover (issue
 * 36): lkpbot reads the first instance of a field, libopendkim checks the
 * last (RFC 6376 5.4.2), so each may be there once only, and each that is
 * there must be named in h=. The threading fields come first. */
static const char *const covered[] = {
	"Message-ID", "In-Reply-To", "References", "From", "Subject",
};
#define N_COVERED LKB_ARRAY_SIZE(covered)
#define N_THREADING 3
#define I_FROM 3

/* What verification asks of a mail's header block. */
struct head {
	unsigned count[N_COVERED];	/* instances of covered[i] */
	int has_sig;			/* a DKIM-Signature field */
	int odd;			/* a line no field or continuation */
	const char *body;		/* after the empty line */
	size_t body_len;
};

/* The field line [p, e): its name (up to the blanks before the colon, as
 * message_parse() cuts it) counted in h; no name: h->odd. */
static void
head_field(struct head *h, const char *p, const char *e)
{
	const char *colon = memchr(p, ':', (size_t)(e - p)), *ne = colon;
	size_t n;

	while (ne && ne > p && LKB_ISBLANK(ne[-1]))
		ne--;
	if (!ne || ne == p) {
		h->odd = 1;
		return;
	}
	n = (size_t)(ne - p);
	if (n == 14 && !strncasecmp(p, "dkim-signature", 14))
		h->has_sig = 1;
	for (size_t i = 0; i < N_COVERED; i++)
		if (strlen(covered[i]) == n && !strncasecmp(p, covered[i], n))
			h->count[i]++;
}

/* The header block of raw[0..len) into h: the fields counted up to the
 * empty line, and the body after it. A line with a NUL or a CR not
 * ending it, a blank continuation line or a line that is no field is odd:
 * lkpbot and libopendkim might cut the block differently. */
static void
head_scan(const char *raw, size_t len, struct head *h)
{
	const char *p = raw, *end = raw + len;

	memset(h, 0, sizeof(*h));
	h->body = end;
	if (len >= 5 && !memcmp(raw, "From ", 5)) {	/* mbox's From_ line */
		p = memchr(raw, '\n', len);
		p = p ? p + 1 : end;
	}
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *e = nl ? nl : end;

		if (e > p && e[-1] == '\r')
			e--;
		if (e == p) {
			h->body = nl ? nl + 1 : end;
			break;
		}
		if (memchr(p, '\0', (size_t)(e - p)) ||
		    memchr(p, '\r', (size_t)(e - p)))
			h->odd = 1;
		else if (LKB_ISBLANK(*p)) {
			const char *q = p;

			while (q < e && LKB_ISBLANK(*q))
				q++;
			if (q == e || p == raw)
				h->odd = 1;	/* blank, or continues nothing */
		} else
			head_field(h, p, e);
		p = nl ? nl + 1 : end;
	}
	h->body_len = (size_t)(end - h->body);
}

size_t
verify_canon_len(const char *b, size_t len, int relaxed)
{
	size_t total = 0, kept = 0, i = 0;

	while (i < len) {
		size_t cl = 0;
		int blanks = 0;

		for (; i < len && b[i] != '\n' && b[i] != '\r'; i++) {
			if (relaxed && LKB_ISBLANK(b[i])) {
				blanks = 1;	/* a run is one SP, none at the end */
				continue;
			}
			cl += 1 + (size_t)blanks;
			blanks = 0;
		}
		if (i < len)	/* CRLF, LF or a lone CR: one line end */
			i += b[i] == '\r' && i + 1 < len && b[i + 1] == '\n' ? 2
									     : 1;
		total += cl + 2;
		if (cl)
			kept = total;	/* empty lines at the end do not count */
	}
	return !relaxed && !kept ? 2 : kept;
}

/* Does the h= list hl (names split by colons) name field? */
static int
names_field(const char *hl, const char *field)
{
	size_t fl = strlen(field);

	while (hl && *hl) {
		const char *c = strchr(hl, ':'), *e = c ? c : hl + strlen(hl);

		while (hl < e && LKB_ISSPACE(*hl))
			hl++;
		while (e > hl && LKB_ISSPACE(e[-1]))
			e--;
		if ((size_t)(e - hl) == fl && !strncasecmp(hl, field, fl))
			return 1;
		hl = c ? c + 1 : NULL;
	}
	return 0;
}

/* Does signature sig, which passed, vouch for what lkpbot reads of the
 * mail: every field of covered[] that is there named in its h=, no body
 * beyond its l= (a command after it would not be the signer's)? 1 it
 * does; 0 not, with why. */
static int
sig_covers(DKIM *dkim, DKIM_SIGINFO *sig, const struct head *h, char *why,
	   size_t size)
{
	const char *hl = (const char *)dkim_sig_gettagvalue(
		sig, 0, (u_char *)(uintptr_t)"h");
	dkim_canon_t hc, bc;
	ssize_t signlen = -1;

	for (size_t i = 0; i < N_COVERED; i++)
		if (h->count[i] && !names_field(hl, covered[i])) {
			snprintf(why, size, "not verified: the signature does "
				 "not cover %s", covered[i]);
			return 0;
		}
	if (dkim_sig_getcanonlen(dkim, sig, NULL, NULL, &signlen) !=
		    DKIM_STAT_OK ||
	    dkim_sig_getcanons(sig, &hc, &bc) != DKIM_STAT_OK) {
		snprintf(why, size, "not verified: bad signature");
		return 0;
	}
	if (signlen >= 0 &&
	    (size_t)signlen < verify_canon_len(h->body, h->body_len,
					       bc == DKIM_CANON_RELAXED)) {
		snprintf(why, size, "not verified: the signature covers only "
			 "part of the body (l=)");
		return 0;
	}
	return 1;
}

/* Why the signatures sigs[0..n) do not verify the sender of dom. */
static int
judge(DKIM *dkim, DKIM_SIGINFO **sigs, int n, const char *dom,
      const struct head *h, char *why, size_t size)
{
	const char *other = NULL;
	char first[160] = "";

	for (int i = 0; i < n; i++) {
		const char *d = (const char *)dkim_sig_getdomain(sigs[i]);
		char w[160];

		if (!verify_aligned(dom, d)) {
			if (!other)
				other = d;
			continue;
		}
		if (!DKIM_SIG_CHECK(sigs[i]))
			continue;
		if (sig_covers(dkim, sigs[i], h, w, sizeof(w)))
			return 1;
		if (!*first)	/* the first passing signature's reason */
			snprintf(first, sizeof(first), "%s", w);
	}
	if (*first) {
		snprintf(why, size, "%s", first);
		return 0;
	}
	for (int i = 0; i < n; i++) {
		const char *d = (const char *)dkim_sig_getdomain(sigs[i]);
		const char *s = (const char *)dkim_sig_getselector(sigs[i]);

		if (!verify_aligned(dom, d))
			continue;
		if (dkim_sig_geterror(sigs[i]) == DKIM_SIGERROR_NOKEY) {
			snprintf(why, size, "not verified: no key for "
				 "%.80s._domainkey.%.120s", s ? s : "?", d);
			return 0;
		}
		snprintf(why, size, "not verified: bad signature");
		return 0;
	}
	snprintf(why, size, "not verified: signed by %.120s, not the From: "
		 "domain", other ? other : "?");
	return 0;
}

/* Can the header block h be verified at all: one From:, none of the
 * fields lkpbot reads twice, no odd line? 1 yes; 0 not, with why. */
static int
head_usable(const struct head *h, char *why, size_t size)
{
	if (h->count[I_FROM] != 1) {
		snprintf(why, size, "not verified: not one From: header");
		return 0;
	}
	for (size_t i = 0; i < N_COVERED; i++)
		if (h->count[i] > 1) {
			snprintf(why, size, "not verified: %sheader %s appears "
				 "twice", i < N_THREADING ? "threading " : "",
				 covered[i]);
			return 0;
		}
	if (h->odd) {
		snprintf(why, size, "not verified: a header line is no field");
		return 0;
	}
	return 1;
}

int
verify_sender(struct verify *v, const char *raw, size_t len,
	      const char *from_addr, char *why_out, size_t size)
{
	const char *dom = from_addr ? strrchr(from_addr, '@') : NULL;
	DKIM_SIGINFO **sigs = NULL;
	DKIM_STAT st = DKIM_STAT_OK;
	DKIM *dkim;
	struct head h;
	int nsigs = 0, rc;

	snprintf(why_out, size, "not verified: no DKIM signature");
	if (!dom || !dom[1]) {
		snprintf(why_out, size, "not verified: no From: address");
		return 0;
	}
	dom++;
	head_scan(raw, len, &h);
	if (!head_usable(&h, why_out, size))
		return 0;
	dkim = dkim_verify(v->lib, (const unsigned char *)"lkpbot", NULL, &st);
	if (!dkim) {
		lkb_error("cannot verify a signature: %s",
			  dkim_getresultstr(st));
		return LKB_ERR_NOMEM;
	}
	dkim_set_user_context(dkim, v);
	/* dkim_chunk reads the bytes only (its prototype is not const) */
	st = dkim_chunk(dkim, (u_char *)(uintptr_t)raw, len);
	if (st == DKIM_STAT_OK)
		st = dkim_chunk(dkim, NULL, 0);
	if (st == DKIM_STAT_OK || st == DKIM_STAT_BADSIG ||
	    st == DKIM_STAT_NOKEY || st == DKIM_STAT_CANTVRFY ||
	    st == DKIM_STAT_REVOKED || st == DKIM_STAT_SYNTAX)
		st = dkim_eom(dkim, NULL);
	rc = 0;
	if (h.has_sig)	/* unless one is judged: none could be read */
		snprintf(why_out, size, "not verified: bad signature");
	if (st != DKIM_STAT_NOSIG &&
	    dkim_getsiglist(dkim, &sigs, &nsigs) == DKIM_STAT_OK && nsigs > 0)
		rc = judge(dkim, sigs, nsigs, dom, &h, why_out, size);
	dkim_free(dkim);
	return rc;
}
