/* imap_resp.h - IMAP server responses: framing and parsing (RFC 3501 s7).
 *
 * Two steps, both over bytes the network layer collected:
 *  1. imap_framer_scan() finds where one complete response ends: its
 *     lines and the literals ({n}CRLF + n bytes) they announce.
 *  2. imap_resp_parse() reads one complete response: tagged status,
 *     continuation, or an untagged EXISTS/EXPUNGE/RECENT, status with a
 *     UIDVALIDITY/UIDNEXT code, SEARCH, FETCH (UID, BODY[], FLAGS, ...).
 * No I/O, no allocation: results point into the caller's buffer.
 * Anything malformed is LKB_ERR_PROTO; anything over a limit from
 * lib/limits.h is LKB_ERR_TOO_BIG.
 */
#ifndef LKB_PARSERS_IMAP_RESP_H
#define LKB_PARSERS_IMAP_RESP_H

#include <stddef.h>
#include <stdint.h>

#include "lib/compiler.h"
#include "lib/span.h"

/* Resumable framing state; zero it (IMAP_FRAMER_INIT) per response. */
struct imap_framer {
	size_t seg;	/* start of the line segment being scanned */
	size_t pos;	/* no CRLF of that segment before this offset */
	/* set by the caller: a literal over LKB_MAX_MESSAGE_BYTES (and not
	 * over LKB_MAX_IMAP_DROP_BYTES) is IMAP_FRAMER_BIG, not an error */
	int drop_big;
	/* with IMAP_FRAMER_BIG: the literal's size, the offsets of its
	 * first digit (after '{') and of its first byte (after CRLF) */
	uint64_t big;
	size_t big_digits, big_data;
};
#define IMAP_FRAMER_INIT { 0, 0, 0, 0, 0, 0 }
#define IMAP_FRAMER_BIG 2

/* buf[0..len) starts with a response. Returns 1 and sets *frame_len_out
 * when a whole response (with its literals and final CRLF) is there and
 * resets fr; 0 when more bytes are needed (call again with the same fr
 * and the same, grown, buffer); LKB_ERR_TOO_BIG when a line, a literal
 * or the whole response is over its limit; LKB_ERR_PROTO on a bad
 * literal announcement. With fr->drop_big, IMAP_FRAMER_BIG for a
 * literal over LKB_MAX_MESSAGE_BYTES but not over LKB_MAX_IMAP_DROP_BYTES
 * (fr->big and the offsets say where; fr is reset): the caller drops
 * its bytes, zeroes its digits ("{00000000}", an empty literal) and
 * scans again. */
int imap_framer_scan(struct imap_framer *fr, const char *buf, size_t len,
		     size_t *frame_len_out) LKB_WARN_UNUSED;

enum imap_resp_kind {
	IMAP_RK_TAGGED,		/* TAG SP cond SP text */
	IMAP_RK_UNTAGGED,	/* "*" SP ... */
	IMAP_RK_CONTINUE,	/* "+" ... */
	IMAP_RK__COUNT
};

enum imap_cond {
	IMAP_COND_NONE,		/* not a status response */
	IMAP_COND_OK,
	IMAP_COND_NO,
	IMAP_COND_BAD,
	IMAP_COND_BYE,
	IMAP_COND_PREAUTH,
	IMAP_COND__COUNT
};

enum imap_utype {
	IMAP_U_NONE,		/* tagged or continuation */
	IMAP_U_STATUS,		/* * OK|NO|BAD|BYE|PREAUTH [code] text */
	IMAP_U_EXISTS,
	IMAP_U_RECENT,
	IMAP_U_EXPUNGE,
	IMAP_U_FETCH,
	IMAP_U_SEARCH,
	IMAP_U_FLAGS,
	IMAP_U_CAPABILITY,
	IMAP_U_LIST,		/* * LIST (flags) delimiter mailbox */
	IMAP_U_OTHER,		/* well-formed, not one we read (ID, ...) */
	IMAP_U__COUNT
};

/* Response codes we read (RFC 3501 7.1); others are IMAP_CODE_OTHER. */
enum imap_code {
	IMAP_CODE_NONE,
	IMAP_CODE_UIDVALIDITY,
	IMAP_CODE_UIDNEXT,
	IMAP_CODE_NONEXISTENT,	/* RFC 5530: the mailbox named is not there */
	IMAP_CODE_OTHER,
	IMAP_CODE__COUNT
};

struct imap_resp {
	enum imap_resp_kind kind;
	enum imap_utype type;
	enum imap_cond cond;
	enum imap_code code;
	uint32_t code_num;	/* UIDVALIDITY / UIDNEXT value */
	uint32_t num;		/* N of "* N EXISTS|RECENT|EXPUNGE|FETCH" */
	struct lkb_span tag;	/* tagged: the tag */
	struct lkb_span text;	/* status text after the code, or the rest */
	/* FETCH items */
	int has_uid, has_body, has_size;
	uint32_t uid;
	uint64_t size;		/* RFC822.SIZE */
	struct lkb_span body;	/* BODY[] / RFC822 contents (may hold NUL) */
	struct lkb_span flags;	/* inside FLAGS ( ... ) */
	/* SEARCH: the numbers after "SEARCH"; walk with imap_search_next */
	struct lkb_span search;
	/* LIST: inside its flag list; the mailbox name as sent (an atom,
	 * a quoted string's inside with its escapes, or a literal) */
	struct lkb_span list_flags, list_name;
	int list_quoted;	/* list_name was a quoted string */
};

/* Parse one complete response p..end (as framed above, CRLF included).
 * All spans point into p..end. Returns LKB_OK or LKB_ERR_PROTO. */
int imap_resp_parse(const char *p, const char *end, struct imap_resp *r_out)
	LKB_WARN_UNUSED;

/* Next number of a SEARCH list. Returns 0 and advances *cur with
 * *uid_out set, 1 at the end of the list, LKB_ERR_PROTO on junk. */
int imap_search_next(const char **cur, const char *end, uint32_t *uid_out)
	LKB_WARN_UNUSED;

/* Append the mailbox name of a LIST response r to out as it may be
 * shown in a message (the server's text is hostile): quoted escapes
 * undone, any byte outside printable ASCII as '?', and at most max
 * bytes of it, "..." marking a cut. LKB_OK or LKB_ERR_TOO_BIG. */
struct strbuf;
int imap_list_name_show(const struct imap_resp *r, size_t max,
			struct strbuf *out) LKB_WARN_UNUSED;
/* 1 if the flags of a LIST response r say it cannot be selected
 * (\Noselect, \NonExistent). */
int imap_list_noselect(const struct imap_resp *r);

/* Names for logs. Never NULL. */
const char *imap_utype_name(enum imap_utype t);
const char *imap_cond_name(enum imap_cond c);

#endif
