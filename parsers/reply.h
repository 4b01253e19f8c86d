/* reply.h - anatomy of a reply: what the author wrote, what is quoted.
 *
 * reply_parse() classifies every line of a decoded UTF-8 body (LF line
 * ends; a CR before the LF is tolerated) as one of enum reply_line_kind:
 *
 *   quoted       ^([ \t]*>)+[ \t]? ; depth = number of '>' (capped at
 *                LKB_MAX_QUOTE_DEPTH); also report text a scrape lost the
 *                '>' of (`unmarked`, see below)
 *   attribution  "On ... wrote:" (one or two lines), "X wrote:",
 *                "Quoting X (date):", "----- Original Message -----" and
 *                the Outlook header block after it, "[Hugh Dickins]"
 *                author lines of scraped pages
 *   signature    from a "-- " (or "--") line or a "_____" list footer up
 *                to the next quoted line or inline patch
 *   patch        inline patches: `diff --git`, `--- a/` + `+++ b/`, a
 *                `---` line followed by a diffstat, hunks counted by
 *                their @@ headers; the commit message above them back to
 *                `From <sha> Mon Sep 17 00:00:00 2001`, `Subject: [PATCH`,
 *                `From: Name <addr>`, a scissors line (`-- >8 --`,
 *                `----8<----`) or the trailer block (Signed-off-by: ...)
 *   snip         `[...]`, `[snip]`, `<snip>`, `...`, `....` (any depth)
 *   noise        scraped-page furniture: a leading header block
 *                (Received:, From:, Date:, ...), hypermail navigation
 *                ("Next message:", "In reply to:", ...), openwall menus
 *                and "View attachment" trailers
 *   blank        empty or white space only
 *   authored     everything else: what the author wrote ("Thanks,\nName"
 *                at the end stays authored)
 *
 * Scrapes (doc/lkp-format.md 1.4) may lose the '>' of a quoted robot report:
 * after an attribution naming the robot that is followed by unquoted
 * text, lines shaped like report text (headline, commit block, test
 * parameters, tables, plots, disclaimer) are classified quoted at depth 1
 * with `unmarked` set.
 *
 * Everything a reply holds lives in the arena passed to reply_parse();
 * line offsets point into the caller's body, which must outlive the
 * reply.
 */
#ifndef LKB_PARSERS_REPLY_H
#define LKB_PARSERS_REPLY_H

#include <stddef.h>

#include "lib/arena.h"
#include "lib/compiler.h"

enum reply_line_kind {
	RL_BLANK,
	RL_AUTHORED,
	RL_QUOTED,
	RL_ATTRIBUTION,
	RL_SIGNATURE,
	RL_PATCH,
	RL_SNIP,
	RL_NOISE,
	RL__COUNT
};

struct reply_line {
	size_t off;		/* start of the line in the body */
	size_t len;		/* without the LF (and a CR before it) */
	size_t text_off;	/* start of the content after a quote prefix */
	enum reply_line_kind kind;
	unsigned depth;		/* quote depth; 0 unless quoted (or a snip
				 * marker or attribution inside a quote) */
	unsigned unmarked : 1;	/* quoted report text a scrape lost '>' of */
	unsigned robot : 1;	/* an attribution naming the test robot */
	unsigned table : 1;	/* authored, in a pasted LKP table: from its
				 * %stddev or fail:runs head to the end of
				 * the paragraph (rules do not read it) */
};

struct reply {
	const char *body;	/* the caller's buffer */
	size_t len;
	struct reply_line *lines;
	size_t nlines;

	/* Authored lines joined with '\n' (no trailing newline); "" if none. */
	const char *authored;
	size_t authored_len;
	/* Quoted lines (every depth, unmarked ones too) with their quote
	 * prefix removed, joined with '\n'; for the report parser. */
	const char *quoted;
	size_t quoted_len;
	unsigned max_depth;
	/* Depth of the quote that follows an attribution naming the robot,
	 * 0 when there is none. */
	unsigned robot_depth;

	int has_patch;
	const char **patch_subjects;	/* "xfs: fix foo", tags removed */
	size_t npatch_subjects;

	/* Scraped pages only (NULL otherwise): the From: value of a leading
	 * header block, and a "[Name]" author line. */
	const char *header_from;
	const char *scraped_author;
};

/* Parse len bytes of body. *r_out is allocated in a and borrows body.
 * Returns LKB_OK, or LKB_ERR_TOO_BIG when len > LKB_MAX_BODY_BYTES.
 * A NULL body with len 0 is an empty reply. */
int reply_parse(struct arena *a, const char *body, size_t len,
		struct reply **r_out) LKB_WARN_UNUSED;

/* Iterate the authored lines: start with *cursor = 0; returns 1 and sets
 * *line_out while there are lines, then 0. */
int reply_authored_lines(const struct reply *r, size_t *cursor,
			 const struct reply_line **line_out);

/* The content of line i (after any quote prefix); borrowed from body. */
const char *reply_line_text(const struct reply *r, size_t i, size_t *len_out);

/* Static name of a kind ("authored", "quoted", ...); never NULL. */
const char *reply_line_kind_name(enum reply_line_kind k);

/* The fixed event vocabulary of doc/design.md section 4. */
enum reply_event_type {
	EV_ACK,
	EV_FIX_PROPOSED,
	EV_RETEST_REQUEST,
	EV_FIX_CONFIRMED,
	EV_FIX_PARTIAL,
	EV_FIX_NO_EFFECT,
	EV_CANNOT_REPRODUCE,
	EV_ROOT_CAUSED,
	EV_MORE_DATA_REQUEST,
	EV_SERIES_COMPARE_REQUEST,
	EV_DISPUTE,
	EV_CLOSE,
	EV_FIX_APPLIED,		/* a fix (or the culprit's removal) applied */
	EV_RETEST_FAILED,	/* the LKP team: the fix did not apply/build */
	EV_DATA_PROVIDED,	/* the LKP team: the asked-for data */
	EV_COMMAND,
	EV__COUNT
};

/* Why a report was closed (doc/design.md section 4); CR_NONE when open. */
enum close_reason {
	CR_NONE,
	CR_FIXED,
	CR_FIX_OF_EARLIER_RACE,
	CR_ACCEPTED_TRADEOFF,
	CR_NOT_REPRODUCIBLE,
	CR_INVALID,
	CR_DUPLICATE,
	CR_SUPERSEDED,
	CR_REVERTED,		/* the culprit was reverted (git watch) */
	CR__COUNT
};

/* Static names ("fix-proposed", "fix-of-earlier-race"); never NULL. */
const char *reply_event_name(enum reply_event_type t);
const char *close_reason_name(enum close_reason r);
/* Look a name up (exact, case-insensitive); -1 when unknown. */
int reply_event_from_name(const char *s, size_t len);
int close_reason_from_name(const char *s, size_t len);

/* How sure an event is, 0..1 (lkpbot-rules(5) `confidence`, [triage]
 * auto_confidence of lkpbot.conf(5)). The three levels are also floors:
 * a value is high from REPLY_CONF_HIGH, medium from REPLY_CONF_MEDIUM,
 * low below. Rules without a `confidence` line are high; #lkp commands
 * are exact (1). */
#define REPLY_CONF_HIGH 0.9
#define REPLY_CONF_MEDIUM 0.6
#define REPLY_CONF_LOW 0.3
#define REPLY_CONF_EXACT 1.0
/* "high", "medium", "low" or a decimal number 0..1 ("0.75", "1") in
 * s[0..len): 0 and *out, or -1 when it is none of them. */
int reply_confidence_parse(const char *s, size_t len, double *out);
/* The level of c: "high", "medium" or "low" (static). */
const char *reply_confidence_level(double c);

#endif
