/* imap.h - the IMAP adapter: libcurl logs in, we speak the few commands.
 *
 * libcurl (7.88) hands untagged FETCH literals of custom requests to
 * nobody, and its own URL fetch sends BODY[] (marks mail \Seen) one UID
 * at a time. So libcurl does what it does well - connect, TLS/STARTTLS
 * with verification, CAPABILITY, authentication, ~/.netrc - with
 * CURLOPT_CONNECT_ONLY, and this module then sends EXAMINE/SELECT,
 * UID SEARCH, UID FETCH (BODY.PEEK[]) for many UIDs at once, UID STORE
 * and UID MOVE over curl_easy_send/recv, reading the answers with
 * parsers/imap_resp. All functions return LKB_OK or a negative status:
 * LKB_ERR_NET (connection lost, timeout: worth retrying), LKB_ERR_AUTH,
 * LKB_ERR_TLS, LKB_ERR_CONFIG (bad URL), LKB_ERR_PROTO, LKB_ERR_TOO_BIG,
 * LKB_ERR (the server said NO/BAD). After any error but NO/BAD the
 * session is broken and only imap_session_free() is allowed.
 */
#ifndef LKB_BOT_NET_IMAP_H
#define LKB_BOT_NET_IMAP_H

#include <stddef.h>
#include <stdint.h>

#include "lib/compiler.h"

struct strbuf;

struct imap_conf {
	const char *url;	/* imap[s]://host[:port]/..., path ignored */
	const char *user;
	const char *password;	/* NULL: libcurl looks in ~/.netrc */
	const char *bearer;	/* OAuth2 token: XOAUTH2 or OAUTHBEARER */
	const char *cafile;	/* NULL: the system's CA store */
	int starttls;		/* imap://: require STARTTLS (1), not (0), or
				 * -1: unless the host is loopback */
	int insecure;		/* do not verify the certificate */
	long timeout;		/* seconds without progress before giving up */
	long deadline;		/* seconds for the whole session; 0: none */
};

struct imap_session;

/* Connect and log in. The password is never logged.
 * Caller frees with imap_session_free(). */
int imap_session_open(const struct imap_conf *c, struct imap_session **s_out)
	LKB_WARN_UNUSED;
/* Into out, what the login negotiated: "TLS, AUTH PLAIN", "no TLS,
 * AUTH LOGIN"... (curl_nego_describe). LKB_OK or LKB_ERR_TOO_BIG. */
int imap_session_negotiated(struct imap_session *s, struct strbuf *out)
	LKB_WARN_UNUSED;
/* Logs out (libcurl does) and frees; NULL is a no-op. */
void imap_session_free(struct imap_session *s);

struct imap_mailbox {
	uint32_t uidvalidity;
	uint32_t uidnext;	/* 0 when the server did not say */
	uint32_t exists;
};

/* EXAMINE (readonly) or SELECT folder. folder must be ASCII (modified
 * UTF-7 for other names) without CR, LF or NUL: else LKB_ERR_CONFIG;
 * LKB_ERR_CONFIG too when the server says it does not exist (RFC 5530
 * [NONEXISTENT]), LKB_ERR for any other NO or BAD. */
int imap_session_select(struct imap_session *s, const char *folder,
			int readonly, struct imap_mailbox *mb_out)
	LKB_WARN_UNUSED;

/* LIST "" "*": into out, the names of the folders that can be selected,
 * as they may be shown (hostile bytes replaced, each cut at 60 bytes;
 * parsers/imap_resp.h), ", " between them: the first
 * LKB_MAX_IMAP_LISTED, then " and N more". */
int imap_session_list(struct imap_session *s, struct strbuf *out)
	LKB_WARN_UNUSED;

/* UID SEARCH UID from:* in the selected folder: the UIDs >= from, in
 * ascending order. Caller frees *uids_out with free(). */
int imap_session_search(struct imap_session *s, uint32_t from,
			uint32_t **uids_out, size_t *n_out) LKB_WARN_UNUSED;

/* Called once per fetched message; raw is valid during the call only.
 * raw is NULL when the body was len bytes, over LKB_MAX_MESSAGE_BYTES
 * (its RFC822.SIZE said less): it was read and dropped, up to
 * LKB_MAX_IMAP_DROP_BYTES; a larger one is LKB_ERR_TOO_BIG.
 * A negative return stops the fetch (and breaks the session). */
typedef int imap_fetch_fn(void *arg, uint32_t uid, const char *raw,
			  size_t len);

/* UID FETCH uidset (UID BODY.PEEK[]): nothing gets marked read. */
int imap_session_fetch(struct imap_session *s, const char *uidset,
		       imap_fetch_fn *fn, void *arg) LKB_WARN_UNUSED;

/* Called once per message of imap_session_sizes with its RFC822.SIZE.
 * A negative return stops the fetch (and breaks the session). */
typedef int imap_size_fn(void *arg, uint32_t uid, uint64_t size);

/* UID FETCH uidset (UID RFC822.SIZE): the sizes before the bodies, so
 * mail over LKB_MAX_MESSAGE_BYTES is never asked for. */
int imap_session_sizes(struct imap_session *s, const char *uidset,
		       imap_size_fn *fn, void *arg) LKB_WARN_UNUSED;

/* UID STORE uidset +FLAGS.SILENT (\Seen); needs a SELECTed folder. */
int imap_session_mark_seen(struct imap_session *s, const char *uidset)
	LKB_WARN_UNUSED;
/* UID MOVE (RFC 6851), or UID COPY + \Deleted (+ UID EXPUNGE with
 * UIDPLUS) on servers without MOVE. */
int imap_session_move(struct imap_session *s, const char *uidset,
		      const char *dest) LKB_WARN_UNUSED;

/* Split url into the server part "imap[s]://host:port/" and the folder
 * in its path (URL-decoded; NULL when the path is empty). LKB_ERR_CONFIG
 * for other schemes or a malformed URL. Callers free both with free(). */
int imap_url_split(const char *url, char **server_out, char **folder_out)
	LKB_WARN_UNUSED;

#endif
