/* curl_common.h - what every libcurl handle of lkpbot gets.
 *
 * A protocol allowlist, TLS verification on (a CA file may be named),
 * connect and transfer timeouts, an error buffer, a write callback into
 * a capped strbuf and a capture of the server's reply lines (never of
 * what we send, so credentials cannot leak into logs). libcurl types
 * stay in bot/net/; CURLcode is translated here (doc/style.md R19).
 */
#ifndef LKB_BOT_NET_CURL_COMMON_H
#define LKB_BOT_NET_CURL_COMMON_H

#include <stddef.h>

#include <curl/curl.h>

#include "lib/compiler.h"
#include "lib/strbuf.h"

struct curl_common_opts {
	const char *protocols;	/* allowlist, e.g. "smtp,smtps" */
	const char *cafile;	/* NULL: the system store */
	int insecure;		/* 1: no TLS verification (warned about) */
	long connect_timeout;	/* seconds; 0: 30 */
	long timeout;		/* seconds for the whole transfer; 0: 300 */
};

/* What a session negotiated, as its protocol lines showed it: the
 * mechanism of the AUTH (SMTP) or AUTHENTICATE/LOGIN (IMAP) command we
 * sent -- its name only, never the rest of the line -- and the
 * mechanisms the server offered last (EHLO's AUTH, IMAP's AUTH=). */
struct curl_nego {
	char mech[24];		/* "" when we sent none */
	char offered[200];	/* space separated; "" when none offered */
	int starttls;		/* 1: STARTTLS sent and answered; -1: sent */
};

/* Note one protocol line (out: one we sent) in n. */
void curl_nego_line(struct curl_nego *n, int out, const char *p, size_t len);
/* Into out: "TLS" or "no TLS" (an smtps:// or imaps:// session, or one
 * that went on after STARTTLS), then ", AUTH MECH" or ", no AUTH", as h
 * and n found them. LKB_OK or LKB_ERR_TOO_BIG. */
int curl_nego_describe(CURL *h, const struct curl_nego *n,
		       struct strbuf *out) LKB_WARN_UNUSED;

/* The SASL mechanisms libcurl may use with an OAuth2 token
 * (CURLOPT_LOGIN_OPTIONS): no fallback to a plain-text LOGIN with it. */
#define CURL_BEARER_MECHS "AUTH=OAUTHBEARER;AUTH=XOAUTH2"

/* After a refused login in which no mechanism was sent (n->mech empty):
 * 1, and into out what the configuration of section wanted (bearer: an
 * OAuth2 token; else a password) and what the server offered. 0 when a
 * mechanism was sent (the server refused the credentials). */
int curl_nego_missing_mech(const struct curl_nego *n, const char *section,
			   int bearer, struct strbuf *out);

struct curl_xfer {
	CURL *h;
	char errbuf[CURL_ERROR_SIZE];
	struct strbuf body;	/* what the write callback received */
	struct strbuf replies;	/* server reply lines (protocol level) */
	struct curl_nego nego;	/* what the session negotiated */
};

/* Create a handle set up from o. body is capped at body_cap bytes,
 * replies at LKB_MAX_SMTP_REPLY_BYTES. Returns LKB_OK or LKB_ERR_NOMEM
 * (libcurl could not allocate); release with curl_xfer_release(). */
int curl_xfer_init(struct curl_xfer *x, const struct curl_common_opts *o,
		   size_t body_cap) LKB_WARN_UNUSED;
/* Frees the handle and buffers; safe on a zeroed or released xfer. */
void curl_xfer_release(struct curl_xfer *x);

/* The most precise text for a failed transfer: the error buffer, else
 * curl_easy_strerror(code). Borrowed from x or static. */
const char *curl_xfer_error(const struct curl_xfer *x, CURLcode code);

/* The last reply line the server sent with reply code `code` (e.g. 450;
 * 0: any code), copied into out without its line end -- QUIT's "221"
 * comes after the reply that matters. out is empty when none. */
int curl_xfer_last_reply(const struct curl_xfer *x, long code,
			 struct strbuf *out) LKB_WARN_UNUSED;

/* url with user in it: libcurl (7.88) looks a password up in ~/.netrc
 * for the user of the URL, not for CURLOPT_USERNAME. NULL when url is
 * malformed; free with curl_free(). */
char *curl_url_with_user(const char *url, const char *user);

/* url as it may be shown: without the userinfo ("user:password@") of
 * its authority, whatever else is wrong with it (a malformed URL is
 * cut the same way). Never NULL; free with free(). */
char *curl_url_shown(const char *url);
/* 1 if url's authority has a userinfo part with a password in it. */
int curl_url_has_password(const char *url);

/* url's host as libcurl reads it ("127.0.0.1", "[::1]", "mail.example.org");
 * NULL when url is malformed. Free with free(). */
char *curl_url_host(const char *url);

/* 1 if url's host is this machine (localhost, 127.x.y.z, [::1]): there
 * a plaintext connection never leaves it. 0 otherwise or when url is
 * malformed. */
int curl_url_is_loopback(const char *url);

/* 1 if code means our configuration is refused and retrying cannot
 * help until a human acts: the login was denied, the server's TLS
 * certificate did not verify (unknown CA, expired, another name), the
 * CA file is unusable, or the server offers no STARTTLS. */
int curl_code_is_refused(CURLcode code);

/* 1 if code and errbuf say the server answered the TLS handshake with
 * something that is no TLS: a plain-text greeting on the port of an
 * smtps:// or imaps:// url (GnuTLS: "unexpected TLS packet", OpenSSL:
 * "wrong version number"). A configuration mistake: retrying cannot
 * help. */
int curl_tls_mismatch(CURLcode code, const char *errbuf);

/* Into out: errbuf (else curl_easy_strerror(code)), preceded for a
 * refused certificate by why, as the TLS library reported it ("the
 * certificate has expired"). LKB_OK or LKB_ERR_TOO_BIG. */
int curl_describe(CURL *h, CURLcode code, const char *errbuf,
		  struct strbuf *out) LKB_WARN_UNUSED;

/* 1 if code means the server could not be reached or talked to at all
 * (resolve, connect, TLS, timeout, dropped connection). */
int curl_code_is_unreachable(CURLcode code);

#endif
