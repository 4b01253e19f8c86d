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
/* multipart and message/rfc822 Content-Type lines per mail: libetpan
 * recurses and rescans the rest of the mail once per container level. */
#define LKB_MAX_MIME_CONTAINERS 64
/* Header fields per header block (real mail has < 100). */
#define LKB_MAX_HEADER_FIELDS 2000
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
/* Rendered template output. */
#define LKB_MAX_RENDER_BYTES (4u * 1024 * 1024)
/* Bytes fetched from a server in one response. */
#define LKB_MAX_FETCH_BYTES (80u * 1024 * 1024)
/* Messages per import/sync transaction. */
#define LKB_BATCH_MESSAGES 500
/* Quote depth we track; deeper quotes count as this depth. */
#define LKB_MAX_QUOTE_DEPTH 64

#endif
