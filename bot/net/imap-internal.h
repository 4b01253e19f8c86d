/* imap-internal.h - the libcurl transport under bot/net/imap.c (R5). */
#ifndef LKB_BOT_NET_IMAP_INTERNAL_H
#define LKB_BOT_NET_IMAP_INTERNAL_H

#include <stdint.h>

#include <curl/curl.h>

#include "bot/net/curl_common.h"
#include "bot/net/imap.h"
#include "lib/compiler.h"

struct strbuf;

struct imap_conn {
	CURL *curl;
	curl_socket_t sock;
	long timeout_ms;
	long deadline;		/* seconds, as configured; 0: none */
	int64_t end_ms;		/* CLOCK_MONOTONIC ms it ends at; 0: none */
	char errbuf[CURL_ERROR_SIZE];
	struct curl_nego nego;	/* the login's mechanism, the server's */
};

/* Connect, (STARTTLS,) log in through libcurl, leave the session in the
 * authenticated state with nothing pending. c is zeroed first. */
int imap_conn_open(struct imap_conn *c, const struct imap_conf *conf)
	LKB_WARN_UNUSED;
/* Log out and close; safe on a zeroed or failed conn. broken: the
 * session is out of step, so skip the LOGOUT. */
void imap_conn_close(struct imap_conn *c, int broken);
/* Send all n bytes. */
int imap_conn_send(struct imap_conn *c, const char *p, size_t n)
	LKB_WARN_UNUSED;
/* Append what the server sent (at least one byte) to in. LKB_ERR_NET on
 * EOF, error or timeout; LKB_ERR_TOO_BIG when in is full. */
int imap_conn_recv(struct imap_conn *c, struct strbuf *in) LKB_WARN_UNUSED;

#endif
