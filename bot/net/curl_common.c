/* curl_common.c - common setup of libcurl handles. */
#include "config.h"
#include "bot/net/curl_common.h"

#include <arpa/inet.h>
#include <strings.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>

#include "lib/ascii.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/xalloc.h"

#define DEFAULT_CONNECT_TIMEOUT 30
#define DEFAULT_TIMEOUT 300

static size_t
write_cb(char *p, size_t size, size_t n, void *arg)
{
	struct curl_xfer *x = arg;

	/* size is 1 by contract; a short count makes libcurl stop */
	if (size != 1)
		return 0;
	strbuf_add(&x->body, p, n);
	if (strbuf_status(&x->body) != LKB_OK)
		return 0;
	return n;
}

/* Whether w..e is a mechanism's name: [A-Za-z0-9_-]+. */
static int
nego_name(const char *w, const char *e)
{
	if (w >= e)
		return 0;
	for (; w < e; w++)
		if (!LKB_ISALNUM(*w) && *w != '-' && *w != '_')
			return 0;
	return 1;
}

/* Copy the mechanism names of p..end (its words up to a ']', each after
 * prefix when prefix is not NULL) into dst, space separated; those that
 * do not fit are left out. */
static void
nego_words(char *dst, size_t size, const char *p, const char *end,
	   const char *prefix)
{
	size_t k = 0, plen = prefix ? strlen(prefix) : 0;
	const char *w;

	while (p < end && *p != ']') {
		for (w = p; p < end && *p != ' ' && *p != ']';)
			p++;
		if (prefix && ((size_t)(p - w) > plen &&
			       !strncasecmp(w, prefix, plen)))
			w += plen;
		else if (prefix)
			w = p;	/* not one */
		if (nego_name(w, p) && (size_t)(p - w) + 2 <= size - k) {
			if (k)
				dst[k++] = ' ';
			memcpy(dst + k, w, (size_t)(p - w));
			k += (size_t)(p - w);
		}
		while (p < end && *p == ' ')
			p++;
	}
	dst[k] = '\0';
}

void
curl_nego_line(struct curl_nego *n, int out, const char *p, size_t len)
{
	const char *end = p + len, *w, *q;

	while (end > p && (end[-1] == '\n' || end[-1] == '\r'))
		end--;
	if (!out && n->starttls == -1) {
		/* the answer to our STARTTLS: SMTP 220, IMAP "TAG OK" (on
		 * which libcurl goes on only over TLS) */
		w = memchr(p, ' ', (size_t)(end - p));
		n->starttls = (end - p >= 3 && !memcmp(p, "220", 3)) ||
			      (w && end - w >= 3 && !strncasecmp(w, " OK", 3));
	}
	if (out) {
		/* "STARTTLS", "TAG STARTTLS" */
		w = memchr(p, ' ', (size_t)(end - p));
		if ((end - p == 8 && !strncasecmp(p, "STARTTLS", 8)) ||
		    (w && end - w == 9 && !strncasecmp(w, " STARTTLS", 9))) {
			n->starttls = -1;
			return;
		}
		/* "AUTH MECH ...", "TAG AUTHENTICATE MECH ...", "TAG LOGIN" */
		if ((size_t)(end - p) > 5 && !strncasecmp(p, "AUTH ", 5))
			w = p + 4;
		else if (w && (size_t)(end - w) > 14 &&
			 !strncasecmp(w, " AUTHENTICATE ", 14))
			w += 13;
		else if (w && (size_t)(end - w) >= 6 &&
			 !strncasecmp(w, " LOGIN", 6)) {
			snprintf(n->mech, sizeof(n->mech), "LOGIN");
			return;
		} else
			return;
		w++;
		q = memchr(w, ' ', (size_t)(end - w));
		nego_words(n->mech, sizeof(n->mech), w, q ? q : end, NULL);
		return;
	}
	/* "250-AUTH PLAIN LOGIN", "250 AUTH=PLAIN", "* CAPABILITY ...
	 * AUTH=PLAIN", "* OK [CAPABILITY ... AUTH=PLAIN] ready" */
	if ((size_t)(end - p) > 9 && LKB_ISDIGIT(p[0]) &&
	    (p[3] == ' ' || p[3] == '-') && !strncasecmp(p + 4, "AUTH", 4) &&
	    (p[8] == ' ' || p[8] == '='))
		nego_words(n->offered, sizeof(n->offered), p + 9, end, NULL);
	else if ((size_t)(end - p) > 2 && p[0] == '*' &&
		 memmem(p, (size_t)(end - p), "CAPABILITY", 10))
		nego_words(n->offered, sizeof(n->offered), p, end, "AUTH=");
}

int
curl_nego_describe(CURL *h, const struct curl_nego *n, struct strbuf *out)
{
	char *scheme = NULL;
	size_t k;
	int on = n->starttls;

	/* smtps, imaps: TLS from the first byte */
	if (curl_easy_getinfo(h, CURLINFO_SCHEME, &scheme) == CURLE_OK &&
	    scheme && (k = strlen(scheme)) > 1 &&
	    LKB_TOLOWER(scheme[k - 1]) == 's')
		on = 1;
	strbuf_addf(out, "%s, %s%s", on ? "TLS" : "no TLS",
		    *n->mech ? "AUTH " : "no AUTH", n->mech);
	return strbuf_status(out);
}

int
curl_nego_missing_mech(const struct curl_nego *n, const char *section,
		       int bearer, struct strbuf *out)
{
	if (*n->mech)
		return 0;
	strbuf_reset(out);
	strbuf_addf(out, "no login was tried: [%s] %s needs %s, and the "
		    "server offers %s%s (%s)", section,
		    bearer ? "oauth2_token_command" : "a password",
		    bearer ? "SASL OAUTHBEARER or XOAUTH2"
			   : "PLAIN, LOGIN, CRAM-MD5 or DIGEST-MD5",
		    *n->offered ? "only AUTH " : "no AUTH mechanism",
		    n->offered, bearer ? "enable one on the server, or "
					 "give a password source instead"
				       : "enable one on the server");
	if (strbuf_status(out) != LKB_OK)
		lkb_debug("the text on the missing mechanism was cut");
	return 1;
}

/* Only what the server says is kept and logged: our side carries AUTH
 * (of which only the mechanism's name is noted). */
static int
debug_cb(CURL *h, curl_infotype type, char *p, size_t n, void *arg)
{
	struct curl_xfer *x = arg;

	(void)h;
	if (type == CURLINFO_HEADER_OUT)
		curl_nego_line(&x->nego, 1, p, n);
	if (type != CURLINFO_HEADER_IN)
		return 0;
	curl_nego_line(&x->nego, 0, p, n);
	lkb_debug("server: %.*s", (int)(n && p[n - 1] == '\n' ? n - 1 : n),
		  p);
	/* past the cap the oldest replies matter less: keep what fits */
	strbuf_add(&x->replies, p, n);
	if (strbuf_status(&x->replies) != LKB_OK)
		lkb_debug("server replies exceed LKB_MAX_SMTP_REPLY_BYTES");
	return 0;
}

#define SETOPT(opt, val)                                                     \
	do {                                                                 \
		if (curl_easy_setopt(x->h, opt, val) != CURLE_OK) {          \
			lkb_error("cannot set libcurl option %s", #opt);     \
			rc = LKB_ERR;                                        \
			goto out;                                            \
		}                                                            \
	} while (0)

int
curl_xfer_init(struct curl_xfer *x, const struct curl_common_opts *o,
	       size_t body_cap)
{
	int rc = LKB_OK;

	memset(x, 0, sizeof(*x));
	strbuf_init_capped(&x->body, body_cap);
	strbuf_init_capped(&x->replies, LKB_MAX_SMTP_REPLY_BYTES);
	x->h = curl_easy_init();
	if (!x->h)
		return LKB_ERR_NOMEM;
#if LIBCURL_VERSION_NUM >= 0x075500
	SETOPT(CURLOPT_PROTOCOLS_STR, o->protocols);
	SETOPT(CURLOPT_REDIR_PROTOCOLS_STR, o->protocols);
#else
#error "libcurl >= 7.85 is needed for CURLOPT_PROTOCOLS_STR"
#endif
	SETOPT(CURLOPT_NOSIGNAL, 1L);
	SETOPT(CURLOPT_ERRORBUFFER, x->errbuf);
	SETOPT(CURLOPT_WRITEFUNCTION, write_cb);
	SETOPT(CURLOPT_WRITEDATA, x);
	SETOPT(CURLOPT_DEBUGFUNCTION, debug_cb);
	SETOPT(CURLOPT_DEBUGDATA, x);
	SETOPT(CURLOPT_VERBOSE, 1L);	/* feeds debug_cb only */
	SETOPT(CURLOPT_CONNECTTIMEOUT, o->connect_timeout > 0
		       ? o->connect_timeout : (long)DEFAULT_CONNECT_TIMEOUT);
	SETOPT(CURLOPT_TIMEOUT, o->timeout > 0 ? o->timeout
					       : (long)DEFAULT_TIMEOUT);
	SETOPT(CURLOPT_SSL_VERIFYPEER, o->insecure ? 0L : 1L);
	SETOPT(CURLOPT_SSL_VERIFYHOST, o->insecure ? 0L : 2L);
	if (o->insecure)
		lkb_warn("TLS certificate verification is off (insecure = "
			 "yes in the configuration)");
	if (o->cafile && *o->cafile)
		SETOPT(CURLOPT_CAINFO, o->cafile);
out:
	if (rc != LKB_OK)
		curl_xfer_release(x);
	return rc;
}

void
curl_xfer_release(struct curl_xfer *x)
{
	if (x->h)
		curl_easy_cleanup(x->h);
	x->h = NULL;
	strbuf_release(&x->body);
	strbuf_release(&x->replies);
}

const char *
curl_xfer_error(const struct curl_xfer *x, CURLcode code)
{
	return x->errbuf[0] ? x->errbuf : curl_easy_strerror(code);
}

int
curl_xfer_last_reply(const struct curl_xfer *x, long code, struct strbuf *out)
{
	const char *b = x->replies.buf, *end = b + x->replies.len, *start;
	char want[8];

	strbuf_reset(out);
	snprintf(want, sizeof(want), "%03ld", code);
	while (end > b) {
		while (end > b && (end[-1] == '\n' || end[-1] == '\r'))
			end--;
		for (start = end; start > b && start[-1] != '\n'; start--)
			;
		if (!code || ((size_t)(end - start) >= 3 &&
			      !memcmp(start, want, 3)))
			break;
		end = start;
	}
	if (end > b)
		strbuf_add(out, start, (size_t)(end - start));
	return strbuf_status(out);
}

char *
curl_url_with_user(const char *url, const char *user)
{
	CURLU *u = curl_url();
	char *out = NULL;

	if (u && curl_url_set(u, CURLUPART_URL, url, 0) == CURLUE_OK &&
	    curl_url_set(u, CURLUPART_USER, user, CURLU_URLENCODE) ==
		    CURLUE_OK &&
	    curl_url_get(u, CURLUPART_URL, &out, 0) != CURLUE_OK)
		out = NULL;
	curl_url_cleanup(u);
	return out;
}

/* The userinfo of url: [*start_out, *end_out) up to and including its
 * '@'; 0 when there is none. */
static int
url_userinfo(const char *url, const char **start_out, const char **end_out)
{
	const char *p = strstr(url, "://"), *auth, *at = NULL;

	if (!p)
		return 0;
	auth = p + 3;
	for (p = auth; *p && *p != '/' && *p != '?' && *p != '#'; p++)
		if (*p == '@')
			at = p;	/* the last one: a password may hold '@' */
	if (!at)
		return 0;
	*start_out = auth;
	*end_out = at + 1;
	return 1;
}

char *
curl_url_shown(const char *url)
{
	const char *s, *e;

	if (!url_userinfo(url, &s, &e))
		return xstrdup(url);
	return xasprintf("%.*s%s", (int)(s - url), url, e);
}

int
curl_url_has_password(const char *url)
{
	const char *s, *e;

	return url_userinfo(url, &s, &e) && memchr(s, ':', (size_t)(e - s));
}

char *
curl_url_host(const char *url)
{
	CURLU *u = curl_url();
	char *host = NULL, *out = NULL;

	if (u && curl_url_set(u, CURLUPART_URL, url, 0) == CURLUE_OK &&
	    curl_url_get(u, CURLUPART_HOST, &host, 0) == CURLUE_OK)
		out = xstrdup(host);
	curl_free(host);
	curl_url_cleanup(u);
	return out;
}

int
curl_url_is_loopback(const char *url)
{
	CURLU *u = curl_url();
	struct in_addr a;
	char *host = NULL;
	int yes = 0;

	if (u && curl_url_set(u, CURLUPART_URL, url, 0) == CURLUE_OK &&
	    curl_url_get(u, CURLUPART_HOST, &host, 0) == CURLUE_OK)
		yes = !strcmp(host, "localhost") || !strcmp(host, "[::1]") ||
		      (inet_pton(AF_INET, host, &a) == 1 &&
		       (ntohl(a.s_addr) >> 24) == 127);
	curl_free(host);
	curl_url_cleanup(u);
	return yes;
}

int
curl_code_is_refused(CURLcode code)
{
	switch (code) {
	case CURLE_LOGIN_DENIED:
	case CURLE_PEER_FAILED_VERIFICATION:
	case CURLE_SSL_CACERT_BADFILE:
	case CURLE_SSL_CERTPROBLEM:
	case CURLE_USE_SSL_FAILED:
		return 1;
	default:
		return 0;
	}
}

/* What the TLS library said about the peer's certificate, from
 * CURLINFO_SSL_VERIFYRESULT: GnuTLS status bits or an OpenSSL X509_V_ERR
 * code, whichever libcurl was built with. NULL when it says nothing. */
static const char *
verify_reason(CURL *h)
{
	static const struct {
		long bit;
		const char *why;
	} gnutls_bits[] = {
		{ 1L << 10, "the certificate has expired" },
		{ 1L << 9, "the certificate is not valid yet" },
		{ 1L << 5, "the certificate is revoked" },
		{ 1L << 6, "it is not signed by a trusted CA" },
		{ 1L << 7, "its signer is not a CA" },
		{ 1L << 8, "it uses an insecure algorithm" },
		{ 1L << 11, "its signature is wrong" },
	};
	const curl_version_info_data *v = curl_version_info(CURLVERSION_NOW);
	long res = 0;

	if (curl_easy_getinfo(h, CURLINFO_SSL_VERIFYRESULT, &res) !=
		    CURLE_OK || res == 0 || !v->ssl_version)
		return NULL;
	if (!strncmp(v->ssl_version, "GnuTLS", 6)) {
		for (size_t i = 0; i < LKB_ARRAY_SIZE(gnutls_bits); i++)
			if (res & gnutls_bits[i].bit)
				return gnutls_bits[i].why;
		return NULL;
	}
	if (!strncmp(v->ssl_version, "OpenSSL", 7)) {
		switch (res) {	/* X509_V_ERR_* */
		case 10:
			return "the certificate has expired";
		case 9:
			return "the certificate is not valid yet";
		case 2:
		case 18:
		case 19:
		case 20:
		case 21:
			return "it is not signed by a trusted CA";
		case 62:
			return "it is for another host name";
		default:
			return NULL;
		}
	}
	return NULL;
}

int
curl_describe(CURL *h, CURLcode code, const char *errbuf, struct strbuf *out)
{
	const char *why = code == CURLE_PEER_FAILED_VERIFICATION
				  ? verify_reason(h) : NULL;

	strbuf_reset(out);
	if (why)
		strbuf_addf(out, "TLS certificate refused: %s; ", why);
	strbuf_adds(out, errbuf && *errbuf ? errbuf : curl_easy_strerror(code));
	return strbuf_status(out);
}

int
curl_tls_mismatch(CURLcode code, const char *errbuf)
{
	static const char *const said[] = {
		"unexpected TLS packet",	/* GnuTLS */
		"TLS packet with unexpected length",
		"wrong version number",		/* OpenSSL */
		"packet length too long",
		"unknown protocol",
	};

	if (code != CURLE_SSL_CONNECT_ERROR || !errbuf)
		return 0;
	for (size_t i = 0; i < LKB_ARRAY_SIZE(said); i++)
		if (strstr(errbuf, said[i]))
			return 1;
	return 0;
}

int
curl_code_is_unreachable(CURLcode code)
{
	switch (code) {
	case CURLE_COULDNT_RESOLVE_HOST:
	case CURLE_COULDNT_RESOLVE_PROXY:
	case CURLE_COULDNT_CONNECT:
	case CURLE_OPERATION_TIMEDOUT:
	case CURLE_SSL_CONNECT_ERROR:
	case CURLE_PEER_FAILED_VERIFICATION:
	case CURLE_SSL_CERTPROBLEM:
	case CURLE_SSL_CACERT_BADFILE:
	case CURLE_USE_SSL_FAILED:
	case CURLE_SEND_ERROR:
	case CURLE_RECV_ERROR:
	case CURLE_GOT_NOTHING:
	case CURLE_LOGIN_DENIED:
		return 1;
	default:
		return 0;
	}
}
