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

/* From: header fields in the header block of raw (the signed one must be
 * the one lkpbot reads, so more than one is never verified); whether
 * there is a DKIM-Signature field into *signed_out. */
static unsigned
count_from(const char *raw, size_t len, int *signed_out)
{
	const char *p = raw, *end = raw + len;
	unsigned n = 0;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t l = (size_t)((nl ? nl : end) - p);

		if (l == 0 || (l == 1 && *p == '\r'))
			break;	/* the end of the header block */
		if (l >= 5 && !strncasecmp(p, "from:", 5))
			n++;
		if (l >= 15 && !strncasecmp(p, "dkim-signature:", 15))
			*signed_out = 1;
		if (!nl)
			break;
		p = nl + 1;
	}
	return n;
}

/* Why the signatures sigs[0..n) do not verify the sender of dom. */
static int
judge(DKIM_SIGINFO **sigs, int n, const char *dom, char *why, size_t size)
{
	const char *other = NULL;

	for (int i = 0; i < n; i++) {
		const char *d = (const char *)dkim_sig_getdomain(sigs[i]);

		if (!verify_aligned(dom, d)) {
			if (!other)
				other = d;
			continue;
		}
		if (DKIM_SIG_CHECK(sigs[i]))
			return 1;
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

int
verify_sender(struct verify *v, const char *raw, size_t len,
	      const char *from_addr, char *why_out, size_t size)
{
	const char *dom = from_addr ? strrchr(from_addr, '@') : NULL;
	DKIM_SIGINFO **sigs = NULL;
	DKIM_STAT st = DKIM_STAT_OK;
	DKIM *dkim;
	int nsigs = 0, rc, has_sig = 0;

	snprintf(why_out, size, "not verified: no DKIM signature");
	if (!dom || !dom[1]) {
		snprintf(why_out, size, "not verified: no From: address");
		return 0;
	}
	dom++;
	if (count_from(raw, len, &has_sig) != 1) {
		snprintf(why_out, size, "not verified: not one From: header");
		return 0;
	}
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
	if (has_sig)	/* unless one is judged: none could be read */
		snprintf(why_out, size, "not verified: bad signature");
	if (st != DKIM_STAT_NOSIG &&
	    dkim_getsiglist(dkim, &sigs, &nsigs) == DKIM_STAT_OK && nsigs > 0)
		rc = judge(sigs, nsigs, dom, why_out, size);
	dkim_free(dkim);
	return rc;
}
