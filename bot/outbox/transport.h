/* transport.h - the SMTP connection lkpbot sends with, from settings. */
#ifndef LKB_BOT_OUTBOX_TRANSPORT_H
#define LKB_BOT_OUTBOX_TRANSPORT_H

#include "bot/net/smtp.h"
#include "lib/compiler.h"

struct settings;

/* Fill c from the [smtp] settings: url (required here), user, the
 * password (password_file, else password_env, else ~/.netrc by libcurl),
 * starttls (default yes; try for a loopback host), cafile, insecure,
 * timeout. LKB_ERR_CONFIG (logged) when url is unset or a secret cannot
 * be read. Release with smtp_conf_release(). */
int outbox_smtp_conf(struct smtp_conf *c, const struct settings *set)
	LKB_WARN_UNUSED;

#endif
