/* limits.h - every limit that input controls, with its reason (R25).
 * Going over one gives LKB_ERR_TOO_BIG and a log line naming the limit. */
#ifndef LKB_LIB_LIMITS_H
#define LKB_LIB_LIMITS_H

/* One mail, raw: the biggest LKP reports with attachments are ~2 MB. */
#define LKB_MAX_MESSAGE_BYTES (64u * 1024 * 1024)
/* Decoded text of one mail; tables beyond this are not real reports. */
#define LKB_MAX_BODY_BYTES (32u * 1024 * 1024)
/* Header block of one mail (RFC 5322 has no limit; real ones < 64 KiB). */
#define LKB_MAX_HEADER_BYTES (1024u * 1024)
/* MIME nesting depth: real mail nests 3-4 deep. */
#define LKB_MAX_MIME_DEPTH 16
/* MIME parts per mail. */
#define LKB_MAX_MIME_PARTS 256
/* References entries kept per mail. */
#define LKB_MAX_REFERENCES 512
/* Addresses kept per header. */
#define LKB_MAX_ADDRESSES 1024
/* One line of a mailbox file (mbox From_ detection, Maildir names). */
#define LKB_MAX_LINE_BYTES (1024u * 1024)
/* Rows of one report table (a real table has < 2,000). */
#define LKB_MAX_TABLE_ROWS 100000
/* Columns of one comparison table. */
#define LKB_MAX_TABLE_COLUMNS 64
/* #lkp commands honoured per mail (DESIGN.md section 3). */
#define LKB_MAX_COMMANDS 5
/* Commits one `#lkp compare` may name (one table column each). */
#define LKB_MAX_COMPARE_COMMITS 16
/* Bytes of one `#lkp` command line; longer ones are refused. */
#define LKB_MAX_COMMAND_BYTES 1024
/* Rules in one rules file, and bytes of the file and of one pattern. */
#define LKB_MAX_RULES 1000
#define LKB_MAX_RULES_FILE_BYTES (1024u * 1024)
#define LKB_MAX_PATTERN_BYTES 4096
/* PCRE2 match and depth limits per match, so no mail can hang the bot. */
#define LKB_PCRE2_MATCH_LIMIT 1000000u
#define LKB_PCRE2_DEPTH_LIMIT 10000u
/* Extra evidence lines one rule may attach to an event. */
#define LKB_MAX_EVIDENCE_LINES 20
/* Bytes of the evidence kept for one event (the matched lines). */
#define LKB_MAX_EVIDENCE_BYTES 1024
/* Links followed along a duplicate-of chain before giving up. */
#define LKB_MAX_DUP_CHAIN 64
/* Rendered template output. */
#define LKB_MAX_RENDER_BYTES (4u * 1024 * 1024)
/* Bytes fetched from a server in one response. */
#define LKB_MAX_FETCH_BYTES (80u * 1024 * 1024)
/* Messages per import/sync transaction. */
#define LKB_BATCH_MESSAGES 500
/* Quote depth we track; deeper quotes count as this depth. */
#define LKB_MAX_QUOTE_DEPTH 64

#endif
