/* curl_imap.c - libcurl under the IMAP adapter: connect, TLS, login,
 * then raw send/recv on the authenticated connection. */
#include "config.h"
#include "bot/net/imap-internal.h"

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include <curl/curl.h>

#include "bot/net/curl_common.h"
#include "lib/clock.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"

/* CURLcode -> lkb_status at the boundary (R19). */
static int
curl_status(CURLcode cc)
{
	switch (cc) {
	case CURLE_OK:
		return LKB_OK;
	case CURLE_LOGIN_DENIED:
		return LKB_ERR_AUTH;
	case CURLE_URL_MALFORMAT:
	case CURLE_UNSUPPORTED_PROTOCOL:
		return LKB_ERR_CONFIG;
	case CURLE_OUT_OF_MEMORY:
		return LKB_ERR_NOMEM;
	case CURLE_SSL_CONNECT_ERROR:
	case CURLE_PEER_FAILED_VERIFICATION:
	case CURLE_SSL_CACERT_BADFILE:
	case CURLE_SSL_CERTPROBLEM:
	case CURLE_SSL_CIPHER:
	case CURLE_SSL_ENGINE_NOTFOUND:
	case CURLE_USE_SSL_FAILED:
		return LKB_ERR_TLS;
	case CURLE_COULDNT_RESOLVE_HOST:
	case CURLE_COULDNT_RESOLVE_PROXY:
	case CURLE_COULDNT_CONNECT:
	case CURLE_OPERATION_TIMEDOUT:
	case CURLE_SEND_ERROR:
	case CURLE_RECV_ERROR:
	case CURLE_GOT_NOTHING:
	case CURLE_WEIRD_SERVER_REPLY:	/* e.g. a "* BYE busy" greeting */
	case CURLE_PARTIAL_FILE:
		return LKB_ERR_NET;
	default:
		return LKB_ERR;
	}
}

/* The protocol lines of the login, for what it negotiated: the names of
 * the mechanisms only (curl_nego_line); nothing is logged. */
static int
nego_cb(CURL *h, curl_infotype type, char *p, size_t n, void *arg)
{
	(void)h;
	if (type == CURLINFO_HEADER_OUT || type == CURLINFO_HEADER_IN)
		curl_nego_line(arg, type == CURLINFO_HEADER_OUT, p, n);
	return 0;
}

static int
setup(struct imap_conn *c, const struct imap_conf *conf)
{
	CURL *h = c->curl;
	CURLcode cc = CURLE_OK;
	long secs = conf->timeout > 0 ? conf->timeout : 60;
	int local = curl_url_is_loopback(conf->url);
	int starttls = conf->starttls >= 0 ? conf->starttls : !local;
	char *netrc_url = NULL;

#define SET(opt, val)                                                        \
	do {                                                                 \
		if (cc == CURLE_OK)                                          \
			cc = curl_easy_setopt(h, opt, val);                  \
	} while (0)
	SET(CURLOPT_ERRORBUFFER, c->errbuf);
	if (!starttls && !local && !strncmp(conf->url, "imap://", 7))
		lkb_warn("imap: starttls = no: the login to %s crosses the "
			 "network in clear text", conf->url);
	if (!conf->password && !conf->bearer && conf->user) {
		netrc_url = curl_url_with_user(conf->url, conf->user);
		if (!netrc_url)
			return lkb_error("imap: malformed url '%s'", conf->url),
			       LKB_ERR_CONFIG;
	}
	SET(CURLOPT_URL, netrc_url ? netrc_url : conf->url);
#if LIBCURL_VERSION_NUM >= 0x075500
	SET(CURLOPT_PROTOCOLS_STR, "imap,imaps");
#else
	SET(CURLOPT_PROTOCOLS, (long)(CURLPROTO_IMAP | CURLPROTO_IMAPS));
#endif
	SET(CURLOPT_CONNECT_ONLY, 1L);
	SET(CURLOPT_NOSIGNAL, 1L);
	SET(CURLOPT_DEBUGFUNCTION, nego_cb);
	SET(CURLOPT_DEBUGDATA, &c->nego);
	SET(CURLOPT_VERBOSE, 1L);	/* feeds nego_cb only */
	SET(CURLOPT_CONNECTTIMEOUT, secs);
	/* with CONNECT_ONLY: connecting and logging in */
	SET(CURLOPT_TIMEOUT, conf->deadline > 0 ? conf->deadline : 0L);
	SET(CURLOPT_SERVER_RESPONSE_TIMEOUT, secs);
	SET(CURLOPT_TCP_KEEPALIVE, 1L);
	SET(CURLOPT_SSL_VERIFYPEER, conf->insecure ? 0L : 1L);
	SET(CURLOPT_SSL_VERIFYHOST, conf->insecure ? 0L : 2L);
	if (conf->cafile)
		SET(CURLOPT_CAINFO, conf->cafile);
	if (starttls)
		SET(CURLOPT_USE_SSL, (long)CURLUSESSL_ALL);
	if (conf->bearer) {
		SET(CURLOPT_USERNAME, conf->user);
		SET(CURLOPT_XOAUTH2_BEARER, conf->bearer);
		SET(CURLOPT_LOGIN_OPTIONS, CURL_BEARER_MECHS);
	} else if (conf->password) {
		SET(CURLOPT_USERNAME, conf->user);
		SET(CURLOPT_PASSWORD, conf->password);
	} else {
		SET(CURLOPT_NETRC, (long)CURL_NETRC_OPTIONAL);
	}
#undef SET
	curl_free(netrc_url);	/* libcurl copied it */
	c->timeout_ms = secs * 1000;
	c->deadline = conf->deadline;
	c->end_ms = conf->deadline > 0 ? lkb_now_ms() + conf->deadline * 1000 : 0;
	if (cc != CURLE_OK) {
		lkb_error("imap: cannot set up libcurl: %s",
			  curl_easy_strerror(cc));
		return curl_status(cc) == LKB_ERR_NOMEM ? LKB_ERR_NOMEM
							: LKB_ERR_CONFIG;
	}
	return LKB_OK;
}

int
imap_conn_open(struct imap_conn *c, const struct imap_conf *conf)
{
	CURLcode cc;
	int rc;

	memset(c, 0, sizeof(*c));
	c->sock = CURL_SOCKET_BAD;
	c->curl = curl_easy_init();
	if (!c->curl)
		return lkb_error("imap: cannot create a libcurl handle"),
		       LKB_ERR_NOMEM;
	if (conf->insecure)
		lkb_warn("imap: TLS certificate verification is off for '%s'",
			 conf->url);
	if ((rc = setup(c, conf)) != LKB_OK)
		return rc;
	cc = curl_easy_perform(c->curl);
	rc = curl_status(cc);
	if (rc == LKB_ERR_AUTH) {
		struct strbuf why = STRBUF_INIT;

		if (curl_nego_missing_mech(&c->nego, "imap", !!conf->bearer,
					   &why)) {
			/* the server lacks what the configuration needs */
			lkb_error("imap: %s: %s", conf->url, why.buf);
			rc = LKB_ERR_CONFIG;
		} else
			lkb_error("imap: login failed for user '%s' at %s: "
				  "authentication failed",
				  conf->user ? conf->user : "", conf->url);
		strbuf_release(&why);
		return rc;
	}
	if (rc != LKB_OK) {
		struct strbuf why = STRBUF_INIT;

		if (curl_describe(c->curl, cc, c->errbuf, &why) != LKB_OK)
			lkb_debug("imap: the error text was cut");
		if (rc == LKB_ERR_TLS)
			lkb_error("imap: TLS with %s failed: %s (check [imap] "
				  "url, cafile and starttls; only insecure = "
				  "yes skips verification)", conf->url,
				  why.buf);
		else
			lkb_error("imap: cannot connect to %s: %s", conf->url,
				  why.buf);
		strbuf_release(&why);
		return rc;
	}
	cc = curl_easy_getinfo(c->curl, CURLINFO_ACTIVESOCKET, &c->sock);
	if (cc != CURLE_OK || c->sock == CURL_SOCKET_BAD) {
		lkb_error("imap: no connection to %s after login", conf->url);
		return LKB_ERR_NET;
	}
	return LKB_OK;
}

void
imap_conn_close(struct imap_conn *c, int broken)
{
	if (!c->curl)
		return;
	/* libcurl sends LOGOUT on cleanup; after a failure there is nothing
	 * to say, so make that fail at once instead of timing out */
	if (broken && c->sock != CURL_SOCKET_BAD)
		shutdown(c->sock, SHUT_RDWR);
	curl_easy_cleanup(c->curl);
	c->curl = NULL;
	c->sock = CURL_SOCKET_BAD;
}

/* Wait until the socket is ready for events; LKB_ERR_NET on timeout. */
static int
wait_sock(struct imap_conn *c, short events)
{
	struct pollfd pfd;
	int64_t wait = c->timeout_ms, left;
	int n;

	/* the deadline bounds a server that trickles a byte at a time */
	if (c->end_ms && (left = c->end_ms - lkb_now_ms()) < wait)
		wait = left > 0 ? left : 0;
	pfd.fd = c->sock;
	pfd.events = events;
	pfd.revents = 0;
	do
		n = wait > 0 ? poll(&pfd, 1, (int)wait) : 0;
	while (n < 0 && errno == EINTR);
	if (n < 0)
		return lkb_error_errno("imap: cannot wait for the server"),
		       LKB_ERR_NET;
	if (n == 0 && wait < c->timeout_ms) {
		lkb_error("imap: the session took longer than its deadline "
			  "of %ld s ([imap] deadline)", c->deadline);
		return LKB_ERR_NET;
	}
	if (n == 0) {
		lkb_error("imap: no answer from the server within %ld s",
			  c->timeout_ms / 1000);
		return LKB_ERR_NET;
	}
	return LKB_OK;
}

int
imap_conn_send(struct imap_conn *c, const char *p, size_t n)
{
	CURLcode cc;
	size_t sent;
	int rc;

	while (n > 0) {
		sent = 0;
		cc = curl_easy_send(c->curl, p, n, &sent);
		if (cc == CURLE_AGAIN) {
			if ((rc = wait_sock(c, POLLOUT)) != LKB_OK)
				return rc;
			continue;
		}
		if (cc != CURLE_OK) {
			lkb_error("imap: cannot send to the server: %s",
				  curl_easy_strerror(cc));
			return LKB_ERR_NET;
		}
		p += sent;
		n -= sent;
	}
	return LKB_OK;
}

int
imap_conn_recv(struct imap_conn *c, struct strbuf *in)
{
	char buf[64 * 1024];
	CURLcode cc;
	size_t got;
	int rc;

	for (;;) {
		got = 0;
		cc = curl_easy_recv(c->curl, buf, sizeof(buf), &got);
		if (cc == CURLE_AGAIN) {
			if ((rc = wait_sock(c, POLLIN)) != LKB_OK)
				return rc;
			continue;
		}
		if (cc != CURLE_OK) {
			lkb_error("imap: connection lost: %s",
				  curl_easy_strerror(cc));
			return LKB_ERR_NET;
		}
		if (got == 0) {
			lkb_error("imap: the server closed the connection");
			return LKB_ERR_NET;
		}
		strbuf_add(in, buf, got);
		return LKB_OK;
	}
}

int
imap_url_split(const char *url, char **server_out, char **folder_out)
{
	CURLU *u = curl_url();
	char *scheme = NULL, *host = NULL, *port = NULL, *path = NULL;
	char *shown;	/* url without its userinfo, for messages */
	int rc = LKB_ERR_CONFIG;

	*server_out = *folder_out = NULL;
	if (!u)
		return LKB_ERR_NOMEM;
	shown = curl_url_shown(url);
	if (curl_url_set(u, CURLUPART_URL, url, 0) != CURLUE_OK ||
	    curl_url_get(u, CURLUPART_SCHEME, &scheme, 0) != CURLUE_OK ||
	    curl_url_get(u, CURLUPART_HOST, &host, 0) != CURLUE_OK ||
	    curl_url_get(u, CURLUPART_PORT, &port, CURLU_DEFAULT_PORT) !=
		    CURLUE_OK ||
	    curl_url_get(u, CURLUPART_PATH, &path, CURLU_URLDECODE) !=
		    CURLUE_OK) {
		lkb_error("imap: malformed url '%s'", shown);
		goto out;
	}
	if (strcmp(scheme, "imap") && strcmp(scheme, "imaps")) {
		lkb_error("imap: url '%s' is not imap:// or imaps://",
			  shown);
		goto out;
	}
	if (strchr(path, ';')) {
		lkb_error("imap: url '%s': give only a folder in the path",
			  shown);
		goto out;
	}
	*server_out = xasprintf("%s://%s:%s/", scheme, host, port);
	if (path[0] == '/' && path[1])
		*folder_out = xstrdup(path + 1);
	rc = LKB_OK;
out:
	free(shown);
	curl_free(scheme);
	curl_free(host);
	curl_free(port);
	curl_free(path);
	curl_url_cleanup(u);
	return rc;
}
