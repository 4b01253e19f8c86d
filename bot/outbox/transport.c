/* transport.c - the SMTP adapter's configuration, from settings. */
#include "config.h"
#include "bot/outbox/transport.h"

#include <stdlib.h>
#include <string.h>

#include "bot/core/secret.h"
#include "bot/core/settings.h"
#include "bot/net/curl_common.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/xalloc.h"

/* "smtp://127.0.0.1:25" and friends talk to this machine. */
static int
url_is_loopback(const char *url)
{
	const char *h = strstr(url, "://");

	h = h ? h + 3 : url;
	return !strncmp(h, "127.", 4) || !strncmp(h, "localhost", 9) ||
	       !strncmp(h, "[::1]", 5);
}

static char *
dup_or_null(const char *s)
{
	return s && *s ? xstrdup(s) : NULL;
}

static int
load_password(struct smtp_conf *c, const struct settings *set)
{
	char *host = curl_url_host(c->url);
	const struct secret_keys k = {
		"smtp", set->smtp.password_file, set->smtp.password_env,
		set->smtp.password_command, set->smtp.oauth2_token_command,
		set->smtp.user, host, curl_url_has_password(c->url),
	};
	enum secret_kind kind;
	char *secret;
	int rc = secret_load(&k, &secret, &kind);

	free(host);

	if (kind == SECRET_BEARER)
		c->bearer = secret;
	else
		c->password = secret;	/* NULL: ~/.netrc, if it has one */
	return rc;
}

int
outbox_smtp_conf(struct smtp_conf *c, const struct settings *set)
{
	static const enum smtp_tls tls[] = {
		[SET_TLS_NO] = SMTP_TLS_NONE,
		[SET_TLS_TRY] = SMTP_TLS_TRY,
		[SET_TLS_YES] = SMTP_TLS_REQUIRE,
	};
	int rc;

	memset(c, 0, sizeof(*c));
	c->url = dup_or_null(set->smtp.url);
	if (!c->url) {
		lkb_error("no [smtp] url in the configuration");
		return LKB_ERR_CONFIG;
	}
	c->user = dup_or_null(set->smtp.user);
	c->cafile = dup_or_null(set->smtp.cafile);
	c->net.protocols = "smtp,smtps";
	c->net.cafile = c->cafile;
	c->net.insecure = set->smtp.insecure;
	c->net.timeout = set->smtp.timeout;
	c->net.connect_timeout = set->smtp.timeout < 30 ? set->smtp.timeout
							: 30;
	if (set->smtp.starttls == SET_TLS_DEFAULT)
		c->tls = url_is_loopback(c->url) ? SMTP_TLS_TRY
						 : SMTP_TLS_REQUIRE;
	else
		c->tls = tls[set->smtp.starttls];
	if ((rc = load_password(c, set)) != LKB_OK) {
		smtp_conf_release(c);
		return rc;
	}
	return LKB_OK;
}
