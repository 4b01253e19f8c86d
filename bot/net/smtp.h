/* smtp.h - send one composed message over SMTP with libcurl.
 *
 * smtp:// (STARTTLS as configured) or smtps://; AUTH with a user and a
 * password or an OAuth2 token (bot/core/secret.h), or ~/.netrc -- never
 * the command line, never logged.
 * The outcome says what the outbox should do with the mail.
 */
#ifndef LKB_BOT_NET_SMTP_H
#define LKB_BOT_NET_SMTP_H

#include <stddef.h>

#include "bot/net/curl_common.h"
#include "lib/compiler.h"
#include "lib/strbuf.h"

struct config;

enum smtp_tls { SMTP_TLS_NONE, SMTP_TLS_TRY, SMTP_TLS_REQUIRE, SMTP_TLS__COUNT };

struct smtp_conf {
	char *url;		/* smtp[s]://host[:port] */
	char *user;		/* NULL: no AUTH unless ~/.netrc has one */
	char *password;		/* NULL: ~/.netrc */
	char *bearer;		/* OAuth2 token instead of a password */
	enum smtp_tls tls;	/* STARTTLS for smtp:// */
	struct curl_common_opts net;
	char *cafile;		/* owned copy behind net.cafile */
};

enum smtp_outcome {
	SMTP_SENT,		/* accepted (250 after DATA) */
	SMTP_TEMPFAIL,		/* 4xx: try this mail again later */
	SMTP_PERMFAIL,		/* 5xx: this mail will never go */
	SMTP_UNREACHABLE,	/* no usable server: stop, retry next run */
	SMTP_REFUSED,		/* login or certificate refused: stop until
				 * the configuration is fixed */
	SMTP_UNCERTAIN,		/* DATA sent, no reply to it: may have gone */
	SMTP__COUNT
};
const char *smtp_outcome_name(enum smtp_outcome o);

/* Free what c owns (filled by outbox_smtp_conf, bot/outbox/transport.h)
 * and wipe its password. */
void smtp_conf_release(struct smtp_conf *c);

/* Send raw (len bytes, CRLF lines) from env_from ("" for the null
 * sender <>) to the n recipients. *outcome_out says what happened;
 * detail gets the server's reply line for 4xx/5xx or the transport
 * error; when the mail was sent but the server refused some of the
 * recipients (the others still get it), it names those. The whole
 * exchange, QUIT included, takes about the configured timeout at most. Returns LKB_OK when an outcome was reached, or a negative
 * status for a local problem (bad recipient, libcurl setup). */
int smtp_send(const struct smtp_conf *c, const char *env_from,
	      const char *const *rcpt, size_t n, const char *raw, size_t len,
	      enum smtp_outcome *outcome_out, struct strbuf *detail)
	LKB_WARN_UNUSED;

/* Connect, EHLO, STARTTLS and AUTH as smtp_send would, then QUIT:
 * nothing is sent. *outcome_out is SMTP_SENT when all went well; detail
 * then says what was negotiated ("TLS, AUTH PLAIN", "no TLS, no AUTH":
 * curl_nego_describe). */
int smtp_check(const struct smtp_conf *c, enum smtp_outcome *outcome_out,
	       struct strbuf *detail) LKB_WARN_UNUSED;

#endif
