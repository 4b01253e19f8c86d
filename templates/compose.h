/* compose.h - assemble one outgoing RFC 5322 message.
 *
 * Every mail lkpbot sends is a plain UTF-8 text mail carrying
 * Auto-Submitted: auto-replied and X-LKPBot: VERSION (so bots, including
 * other lkpbots, can tell it is automatic), a Message-ID that is a
 * function of (request id, kind) so a re-render produces the same id,
 * and, for replies, In-Reply-To, References and "Re: " once.
 * Mail-derived text is escaped (escape.h); addresses and ids that cannot
 * be written safely are refused with LKB_ERR_PARSE, never repaired.
 */
#ifndef LKB_TEMPLATES_COMPOSE_H
#define LKB_TEMPLATES_COMPOSE_H

#include <stddef.h>
#include <time.h>

#include "lib/compiler.h"
#include "lib/strbuf.h"

struct compose_addr {
	const char *name;	/* display name, UTF-8; NULL or "" for none */
	const char *addr;	/* local@domain */
};

struct compose_in {
	struct compose_addr from;	/* the bot (configured) */
	struct compose_addr to;		/* the asker */
	const struct compose_addr *cc;	/* see compose_pick_cc() */
	size_t ncc;
	const char *subject;	/* the thread's subject, as decoded */
	const char *parent_id;	/* Message-ID replied to (no <>), or NULL */
	const char *const *parent_refs;	/* the parent's References */
	size_t nparent_refs;
	const char *request_id;	/* with kind: the Message-ID's identity */
	const char *kind;	/* "ack", "error", "compare-report", ... */
	const char *version;	/* X-LKPBot value, e.g. "lkpbot 0.1.0" */
	time_t date;
	const char *body;	/* rendered text, LF line ends */
	size_t body_len;
};

/* Append the whole message (headers, blank line, body; CRLF line ends)
 * to out. *msgid_out (may be NULL) receives the Message-ID without <>;
 * caller frees it with free(). Returns LKB_OK, LKB_ERR_PARSE for an
 * address or id we refuse, or the strbuf's error. */
int compose_message(const struct compose_in *in, struct strbuf *out,
		    char **msgid_out) LKB_WARN_UNUSED;

/* "lkpbot.REQ.KIND.HASH@DOMAIN": REQ and KIND with anything but
 * [A-Za-z0-9_-] turned into '_' (and cut to 64 bytes), HASH 16 hex digits
 * of FNV-1a over the unmodified request id, kind and domain.
 * Caller frees with free(). */
char *compose_message_id(const char *request_id, const char *kind,
			 const char *domain);

/* "Re: " + subject without its leading chain of Re:/RE:/Aw:/Re[2]: ...
 * Appended to out (unescaped; header encoding happens later). */
void compose_reply_subject(struct strbuf *out, const char *subject);

/* The References of a reply: parent_refs (invalid ids dropped) then
 * parent_id (unless already last), keeping the first and the latest
 * when there are more than max. Stores borrowed pointers in ids_out
 * (room for max) and returns their number. */
size_t compose_references(const char *const *parent_refs, size_t nrefs,
			  const char *parent_id, const char **ids_out,
			  size_t max);

/* RFC 5322 date of t in UTC: "Tue, 03 Feb 2026 10:00:00 +0000". */
int compose_date(struct strbuf *out, time_t t) LKB_WARN_UNUSED;

/* Who gets a copy. */
enum cc_policy { CC_THREAD, CC_ASKER, CC__COUNT };
/* "thread" / "asker" -> policy; -1 when neither. */
int compose_cc_policy_parse(const char *s);

/* Cc for a reply: with CC_THREAD the report's recipients and lists
 * (thread_addrs), without the asker, the bot, duplicates (case-blind)
 * and addresses escape_addr_ok() refuses; with CC_ASKER nobody.
 * Stores borrowed pointers in out (room for max), returns the count. */
size_t compose_pick_cc(enum cc_policy policy, const char *asker,
		       const char *bot, const char *const *thread_addrs,
		       size_t n, const char **out, size_t max);

#endif
