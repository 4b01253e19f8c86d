/* smtp.c - the SMTP adapter: one message per connection, via libcurl. */
#include "config.h"
#include "bot/net/smtp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "bot/core/secret.h"
#include "lib/ascii.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/xalloc.h"
#include "parsers/conf.h"
#include "templates/escape.h"

static const char *const outcome_names[SMTP__COUNT] = {
	"sent", "temporary failure", "permanent failure", "unreachable",
	"refused", "uncertain",
};
_Static_assert(LKB_ARRAY_SIZE(outcome_names) == SMTP__COUNT, "outcomes");

const char *
smtp_outcome_name(enum smtp_outcome o)
{
	return (unsigned)o < SMTP__COUNT ? outcome_names[o] : "?";
}

void
smtp_conf_release(struct smtp_conf *c)
{
	free(c->url);
	free(c->user);
	secret_free(c->password);
	secret_free(c->bearer);
	free(c->cafile);
	memset(c, 0, sizeof(*c));
}

struct upload {
	const char *p;
	size_t left;
};

static size_t
read_cb(char *buf, size_t size, size_t n, void *arg)
{
	struct upload *u = arg;
	size_t k = size * n < u->left ? size * n : u->left;

	memcpy(buf, u->p, k);
	u->p += k;
	u->left -= k;
	return k;
}

#define SETOPT(opt, val)                                                     \
	do {                                                                 \
		if (curl_easy_setopt(x.h, opt, val) != CURLE_OK) {           \
			lkb_error("cannot set libcurl option %s", #opt);     \
			rc = LKB_ERR;                                        \
			goto out;                                            \
		}                                                            \
	} while (0)

static const long use_ssl[SMTP_TLS__COUNT] = {
	[SMTP_TLS_NONE] = CURLUSESSL_NONE,
	[SMTP_TLS_TRY] = CURLUSESSL_TRY,
	[SMTP_TLS_REQUIRE] = CURLUSESSL_ALL,
};

/* Decide the outcome from libcurl's code and the last reply code. */
static enum smtp_outcome
classify(CURLcode code, long reply)
{
	if (code == CURLE_OK)
		return SMTP_SENT;
	if (code == CURLE_LOGIN_DENIED && reply >= 400 && reply < 500)
		return SMTP_UNREACHABLE;	/* 454: the server's trouble */
	if (curl_code_is_refused(code))
		return SMTP_REFUSED;	/* our configuration, not the mail */
	if (reply >= 500 && reply < 600)
		return SMTP_PERMFAIL;
	if (reply >= 400 && reply < 500)
		return SMTP_TEMPFAIL;
	if (curl_code_is_unreachable(code))
		return SMTP_UNREACHABLE;
	return SMTP_TEMPFAIL;
}

/* The server, TLS and login of c on h; *netrc_url_out (curl_free) is
 * the URL with the user in it when ~/.netrc is to be read. */
static int
set_login(CURL *h, const struct smtp_conf *c, char **netrc_url_out)
{
	CURLcode cc = CURLE_OK;
	char *nu = NULL;

	*netrc_url_out = NULL;
	if (!c->password && !c->bearer && c->user) {
		nu = curl_url_with_user(c->url, c->user);
		if (!nu) {
			char *shown = curl_url_shown(c->url);

			lkb_error("smtp: malformed url '%s'", shown);
			free(shown);
			return LKB_ERR_CONFIG;
		}
	}
	*netrc_url_out = nu;
#define SET(opt, val)                                                        \
	do {                                                                 \
		if (cc == CURLE_OK)                                          \
			cc = curl_easy_setopt(h, opt, val);                  \
	} while (0)
	SET(CURLOPT_URL, nu ? nu : c->url);
	SET(CURLOPT_USE_SSL, use_ssl[c->tls]);
	if (c->user && !nu)
		SET(CURLOPT_USERNAME, c->user);
	if (c->bearer) {
		SET(CURLOPT_XOAUTH2_BEARER, c->bearer);
		SET(CURLOPT_LOGIN_OPTIONS, CURL_BEARER_MECHS);
	} else if (c->password)
		SET(CURLOPT_PASSWORD, c->password);
	else
		SET(CURLOPT_NETRC, (long)CURL_NETRC_OPTIONAL);
#undef SET
	if (cc != CURLE_OK) {
		lkb_error("cannot set libcurl options: %s",
			  curl_easy_strerror(cc));
		return LKB_ERR;
	}
	return LKB_OK;
}

/* The outcome of a finished curl_easy_perform by c and its detail. */
static int
outcome(const struct smtp_conf *c, struct curl_xfer *x, CURLcode code,
	enum smtp_outcome *outcome_out, struct strbuf *detail)
{
	long reply = 0;
	int rc = LKB_OK;

	if (curl_easy_getinfo(x->h, CURLINFO_RESPONSE_CODE, &reply) !=
	    CURLE_OK)
		reply = 0;
	*outcome_out = classify(code, reply);
	if (code == CURLE_LOGIN_DENIED && *outcome_out == SMTP_REFUSED &&
	    curl_nego_missing_mech(&x->nego, "smtp", !!c->bearer, detail))
		return LKB_OK;	/* no AUTH sent: the server lacks ours */
	if (code != CURLE_OK && reply >= 400 && reply < 600)
		rc = curl_xfer_last_reply(x, reply, detail);
	if (code != CURLE_OK && !detail->len)
		rc = curl_describe(x->h, code, x->errbuf, detail);
	if (rc == LKB_OK && curl_tls_mismatch(code, x->errbuf)) {
		/* a plain-text server on an smtps:// port: no retry helps */
		*outcome_out = SMTP_REFUSED;
		strbuf_adds(detail, " (the server does not speak TLS "
			    "on connect: smtps:// is for port 465; for "
			    "587 or 25 use smtp://, which starts TLS with "
			    "STARTTLS)");
	}
	if (rc == LKB_ERR_TOO_BIG)
		rc = LKB_OK;	/* a cut detail is still a detail */
	lkb_debug("smtp: %s (curl %d, reply %ld)",
		  smtp_outcome_name(*outcome_out), (int)code, reply);
	return rc;
}

/* The final reply line ("250 ok", not "250-...") before *end in b..:
 * 1 and its code, *end moved to its start; 0 when there is none. */
static int
prev_final(const char *b, const char **end, const char **line_out,
	   size_t *len_out)
{
	const char *e = *end, *s;

	for (;;) {
		while (e > b && (e[-1] == '\n' || e[-1] == '\r'))
			e--;
		if (e == b)
			return 0;
		for (s = e; s > b && s[-1] != '\n'; s--)
			;
		*end = s;
		if (e - s >= 3 && LKB_ISDIGIT(s[0]) && LKB_ISDIGIT(s[1]) &&
		    LKB_ISDIGIT(s[2]) && (e - s == 3 || s[3] == ' ')) {
			*line_out = s;
			*len_out = (size_t)(e - s);
			return (s[0] - '0') * 100 + (s[1] - '0') * 10 +
			       (s[2] - '0');
		}
		e = s;
	}
}

/* The server's replies end with 354 (go ahead) to DATA: the whole mail
 * was offered, and no answer to it came. */
static int
data_unanswered(const struct strbuf *rep)
{
	const char *end = rep->buf + rep->len, *line;
	size_t len;

	return prev_final(rep->buf, &end, &line, &len) == 354;
}

/* With CURLOPT_MAIL_RCPT_ALLOWFAILS a refused RCPT no longer fails the
 * mail: the n replies before the last 354 are those to RCPT, in order.
 * Name the refused recipients in detail. */
static void
note_refused(const struct strbuf *rep, const char *const *rcpt, size_t n,
	     struct strbuf *detail)
{
	const char *end = rep->buf + rep->len, *line;
	size_t len, i = n;
	int code;

	strbuf_reset(detail);
	while ((code = prev_final(rep->buf, &end, &line, &len)) != 0 &&
	       code != 354)
		;
	while (code && i > 0) {
		code = prev_final(rep->buf, &end, &line, &len);
		i--;
		if (code < 400)
			continue;
		strbuf_adds(detail, detail->len ? "; "
						: "refused recipients: ");
		strbuf_addf(detail, "%s (%.*s)", rcpt[i], (int)len, line);
	}
}

/* curl_easy_cleanup sends QUIT and waits for its reply, which tells
 * nothing about the mail (its fate is known by then); a silent server
 * held each run 120 s there. Shut the reading side, so QUIT goes out and
 * the wait ends at once; after a failed exchange, send nothing more. */
static void
skip_quit_wait(struct curl_xfer *x, int failed)
{
	curl_socket_t fd = CURL_SOCKET_BAD;

	if (curl_easy_getinfo(x->h, CURLINFO_ACTIVESOCKET, &fd) == CURLE_OK &&
	    fd != CURL_SOCKET_BAD)
		shutdown(fd, failed ? SHUT_RDWR : SHUT_RD);
}

int
smtp_send(const struct smtp_conf *c, const char *env_from,
	  const char *const *rcpt, size_t n, const char *raw, size_t len,
	  enum smtp_outcome *outcome_out, struct strbuf *detail)
{
	struct curl_slist *list = NULL, *tmp;
	struct curl_xfer x;
	struct upload up = { raw, len };
	char *netrc_url = NULL;
	CURLcode code;
	long timeout = c->net.timeout > 0 ? c->net.timeout : 300;
	int rc = LKB_OK;

	*outcome_out = SMTP_UNREACHABLE;
	strbuf_reset(detail);
	if (env_from && *env_from && !escape_addr_ok(env_from)) {
		lkb_error("unusable envelope sender '%.80s'", env_from);
		return LKB_ERR_USAGE;
	}
	for (size_t i = 0; i < n; i++) {
		if (!escape_addr_ok(rcpt[i])) {
			lkb_error("unusable recipient '%.80s'", rcpt[i]);
			rc = LKB_ERR_USAGE;
			goto out_list;
		}
		tmp = curl_slist_append(list, rcpt[i]);
		if (!tmp) {
			rc = LKB_ERR_NOMEM;
			goto out_list;
		}
		list = tmp;
	}
	if ((rc = curl_xfer_init(&x, &c->net, 4096)) != LKB_OK)
		goto out_list;
	if ((rc = set_login(x.h, c, &netrc_url)) != LKB_OK)
		goto out;
	SETOPT(CURLOPT_MAIL_FROM, env_from ? env_from : "");
	SETOPT(CURLOPT_MAIL_RCPT, list);
	SETOPT(CURLOPT_UPLOAD, 1L);
	SETOPT(CURLOPT_READFUNCTION, read_cb);
	SETOPT(CURLOPT_READDATA, &up);
	SETOPT(CURLOPT_INFILESIZE_LARGE, (curl_off_t)len);
	/* each reply within the timeout, not libcurl's 120 s */
	SETOPT(CURLOPT_SERVER_RESPONSE_TIMEOUT, timeout);
	/* one refused recipient does not stop the others */
#if LIBCURL_VERSION_NUM >= 0x080200
	SETOPT(CURLOPT_MAIL_RCPT_ALLOWFAILS, 1L);
#else
	SETOPT(CURLOPT_MAIL_RCPT_ALLLOWFAILS, 1L);
#endif
	code = curl_easy_perform(x.h);
	if (code != CURLE_OK && up.left == 0 && data_unanswered(&x.replies)) {
		*outcome_out = SMTP_UNCERTAIN;
		strbuf_addf(detail, "uncertain: the mail was sent, no "
			    "reply to it came: %s", curl_xfer_error(&x, code));
	} else {
		rc = outcome(c, &x, code, outcome_out, detail);
		if (rc == LKB_OK && code == CURLE_OK && n > 1)
			note_refused(&x.replies, rcpt, n, detail);
	}
	skip_quit_wait(&x, code != CURLE_OK);
out:
	curl_free(netrc_url);
	curl_xfer_release(&x);
out_list:
	curl_slist_free_all(list);
	return rc;
}

int
smtp_check(const struct smtp_conf *c, enum smtp_outcome *outcome_out,
	   struct strbuf *detail)
{
	struct curl_xfer x;
	char *netrc_url = NULL;
	int rc;

	*outcome_out = SMTP_UNREACHABLE;
	strbuf_reset(detail);
	if ((rc = curl_xfer_init(&x, &c->net, 4096)) != LKB_OK)
		return rc;
	if ((rc = set_login(x.h, c, &netrc_url)) != LKB_OK)
		goto out;
	/* libcurl's connect phase is greeting, EHLO, STARTTLS, AUTH */
	SETOPT(CURLOPT_CONNECT_ONLY, 1L);
	rc = outcome(c, &x, curl_easy_perform(x.h), outcome_out, detail);
	if (rc == LKB_OK && *outcome_out == SMTP_SENT) {
		strbuf_reset(detail);
		rc = curl_nego_describe(x.h, &x.nego, detail);
	}
out:
	curl_free(netrc_url);
	curl_xfer_release(&x);
	return rc;
}
