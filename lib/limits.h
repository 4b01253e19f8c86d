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
/* Changes judged for noise per report (metric rows times later columns;
 * a real report has under 2,000): the rest are counted, not judged. */
#define LKB_MAX_NOISE_ROWS 20000
/* Columns of one comparison table. */
#define LKB_MAX_TABLE_COLUMNS 64
/* #lkp commands honoured per mail (doc/design.md section 4). */
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
/* Bytes of a #lkp command line kept as its event's evidence (the
 * commands table keeps verb and arguments): refused commands, which
 * anyone may send, must not make a report's history grow by 1 KiB each. */
#define LKB_MAX_COMMAND_EVIDENCE_BYTES 160
/* Events a status answer lists (the latest; the rest and the refused
 * commands are counted), so it renders far below LKB_MAX_RENDER_BYTES
 * however long the history is. */
#define LKB_MAX_STATUS_EVENTS 30
/* Links followed along a duplicate-of chain before giving up. */
#define LKB_MAX_DUP_CHAIN 64
/* Rendered template output. */
#define LKB_MAX_RENDER_BYTES (4u * 1024 * 1024)
/* Bytes fetched from a server in one response. */
#define LKB_MAX_FETCH_BYTES (80u * 1024 * 1024)
/* A FETCH literal over LKB_MAX_MESSAGE_BYTES (a server that understated
 * RFC822.SIZE) is read and dropped, its mail skipped, up to this size;
 * a larger one ends the session (more is no mail an MTA passes). */
#define LKB_MAX_IMAP_DROP_BYTES (1024ull * 1024 * 1024)
/* Messages per sync and triage transaction. */
#define LKB_BATCH_MESSAGES 500
/* Messages per `lkpbot import` transaction (--batch): every commit
 * rewrites the index pages its mails touched, so a bulk import writes
 * less in fewer, larger ones (io-uring, 33,494 mails, 4 KiB pages: 137
 * MB written at 2,000, 91 MB at 10,000, 82 MB at 20,000; 8 KiB pages:
 * 90 MB at 10,000). Pages that no longer fit SQLite's 8 MiB cache go to
 * the WAL before the commit, so memory does not grow with the batch;
 * the lock other writers wait for is held about half a second. */
#define LKB_IMPORT_BATCH_MESSAGES 10000
#define LKB_MAX_IMPORT_BATCH 100000
/* Message-IDs an import keeps in memory (state/store_index.c), about
 * 85 bytes each (5.5 MB): past them it asks SQLite, so its memory is
 * flat. An archive of 60,000 mails names about that many. */
#define LKB_IMPORT_INDEX_IDS (1u << 16)
/* Parsed mails queued between import's parser and store threads, and
 * their raw bytes (one bigger mail still fits): bounds import's memory. */
#define LKB_IMPORT_QUEUE_JOBS 256
#define LKB_IMPORT_QUEUE_BYTES (16u * 1024 * 1024)
/* Bytes the mbox reader asks of one read(2); its window is this plus
 * LKB_MAX_LINE_BYTES (a partial line is kept across reads). */
#define LKB_IMPORT_READ_BYTES (1024u * 1024)
/* Quote depth we track; deeper quotes count as this depth. */
#define LKB_MAX_QUOTE_DEPTH 64
/* LKP report parser (parsers/lkp_*.c): */
/* Parse warnings kept per report; more only add noise. */
#define LKB_MAX_REPORT_WARNINGS 64
/* Comparison sections per report (real reports have <= 8). */
#define LKB_MAX_REPORT_SECTIONS 256
/* Items of one report list (params, status lines, impacts, build errors);
 * real lists have < 200 entries. */
#define LKB_MAX_REPORT_ITEMS 4096
/* Functional evidence (dmesg excerpt) kept per report. */
#define LKB_MAX_DMESG_BYTES (64u * 1024)

/* lkp comparisons (bot/lkp_*): one matrix.json or stats.json, uncompressed;
 * a real matrix.json of ~5,000 stats x 10 runs is < 2 MB. */
#define LKB_MAX_MATRIX_BYTES (64u * 1024 * 1024)
/* Stats (keys) in one comparison: real matrices hold < 20,000. */
#define LKB_MAX_MATRIX_STATS 200000
/* JSON values in one matrix.json / stats.json, counted before anything
 * is built (jansson takes ~40 bytes a value: a 600 KB .gz of 31 M numbers
 * peaked at 1.3 GB). Real files: ~5,000 stats x 10 runs. */
#define LKB_MAX_MATRIX_VALUES 2000000
/* Runs of one commit: lkp numbers them 0..99 (create_result_root). */
#define LKB_MAX_RESULT_RUNS 100
/* Seconds one git command may take by default, [git] timeout (a
 * rev-list of 500,000 commits takes ~2 s); past it git is killed. */
#define LKB_MAX_GIT_SECONDS 120
/* Output of one git command (rev-list/log of one series). */
#define LKB_MAX_GIT_OUTPUT (16u * 1024 * 1024)
/* Branches in [git] watch: a tree has a handful worth watching. */
#define LKB_MAX_GIT_WATCH 16
/* Commits one watch run reads of one branch; a branch that moved further
 * (a first run, a merge window) is read from its tip back this far. */
#define LKB_MAX_GIT_WATCH_COMMITS 200000
/* Commits per `git log` of a watch run, so one call stays well inside
 * LKB_MAX_GIT_OUTPUT (real messages average < 2 KB). */
#define LKB_GIT_WATCH_CHUNK 2000
/* Skipped objects a run's summary names one by one (the rest counted;
 * `lkpbot doctor` lists them). */
#define LKB_MAX_RUN_SKIPS_SHOWN 20
/* Closes:/Link:/Fixes:/revert lines used from one commit message. */
#define LKB_MAX_GIT_REFS 64
/* A patch key (author and title, state/store_evidence.h): longer ones
 * are cut; real addresses and titles together stay under 200 bytes. */
#define LKB_MAX_EVIDENCE_KEY 400
/* Message-IDs of a reply's In-Reply-To and References asked whether
 * they are a fix patch: the parent and the first ancestors of the
 * chain (a fix patch is the root of its thread or near it). */
#define LKB_MAX_EVIDENCE_ANCESTORS 16
/* Triage passes in one run: mail queued again because what it names
 * came after it (a report after its fix patch, after the next version
 * of its patch; a reply below a fix patch linked since) is read again,
 * each pass a link further down (report, patch, reply). */
#define LKB_MAX_TRIAGE_PASSES 4
/* The highest patch version read from "[PATCH vN]": real ones stay
 * under 100; more digits are cut, never overflow. */
#define LKB_MAX_PATCH_VERSION 1000
/* Reports one patch mail or one reply may move: a fix names a few. */
#define LKB_MAX_EVIDENCE_REPORTS 16
/* Shortlog lines of one [GIT PULL] mail looked up (large pulls have a
 * few hundred commits). */
#define LKB_MAX_PULL_LINES 2000
/* Patches in one series: real series have < 100 (100-patch caps on lists). */
#define LKB_MAX_SERIES_PATCHES 500
/* One job.yaml read when matching result runs to report parameters. */
#define LKB_MAX_JOB_YAML_BYTES (1024u * 1024)
/* One stat name in a matrix (real ones are < 300 bytes). */
#define LKB_MAX_STAT_NAME 4096
/* One build-error log read from a result tree (make's output of a
 * kernel that did not build; a whole --keep-going log is a few MB). */
#define LKB_MAX_BUILD_LOG_BYTES (16u * 1024 * 1024)
/* Error lines of a build log put in an answer, and their width. */
#define LKB_MAX_BUILD_ERROR_LINES 20
#define LKB_MAX_BUILD_ERROR_WIDTH 240
/* A git URL in "#lkp test <git-url> <ref>" (kernel.org and GitHub
 * URLs are < 100 bytes). */
#define LKB_MAX_GIT_URL 512
/* Result-tree directories scanned when looking for a commit's runs. */
#define LKB_MAX_RESULT_DIRS 10000
/* One template file: ours are < 4 KiB; a bigger one is a mistake. */
#define LKB_MAX_TEMPLATE_BYTES (256u * 1024)
/* Section nesting plus partial inclusion depth while parsing/rendering. */
#define LKB_MAX_TEMPLATE_DEPTH 32
/* RFC 5322 2.1.1: a line of a mail, CRLF excluded, is at most 998 bytes. */
#define LKB_MAX_MAIL_LINE 998
/* Message-IDs kept in an outgoing References header (root + latest). */
#define LKB_MAX_REPLY_REFERENCES 20
/* One Message-ID we copy into a header (RFC 5322 ids are < 250 bytes). */
#define LKB_MAX_MSGID_BYTES 250
/* A display name we copy into an outgoing address header: longer ones
 * are cut (at a UTF-8 character), so no header line nears RFC 5322's
 * 998 bytes (audit F9: a 3,000-byte name made a 3,023-byte To: line). */
#define LKB_MAX_DISPLAY_NAME_BYTES 78
/* Recipients of one outgoing mail (To + Cc). */
#define LKB_MAX_RECIPIENTS 100
/* SMTP attempts per outbox row before it is marked failed. */
#define LKB_MAX_SEND_ATTEMPTS 8
/* Bytes kept from SMTP server replies for one transfer. */
#define LKB_MAX_SMTP_REPLY_BYTES (64u * 1024)
/* A secret read from a password file. */
#define LKB_MAX_SECRET_BYTES 4096
/* One IMAP response line without its literals: a SEARCH answer listing
 * ~3 million UIDs fits; real lines are < 1 KiB otherwise. */
#define LKB_MAX_IMAP_LINE_BYTES (32u * 1024 * 1024)
/* UIDs one UID SEARCH may return (mailboxes hold < 1 million mails). */
#define LKB_MAX_IMAP_UIDS 4000000u
/* UIDs asked for in one UID FETCH command (config imap.batch). */
#define LKB_MAX_IMAP_BATCH 5000
/* Folders synced per IMAP account (config imap.folders). */
#define LKB_MAX_IMAP_FOLDERS 64
/* Keys the mail sources declare in their own files (struct
 * mail_source keys, kept in struct settings): a few each. */
#define LKB_MAX_SOURCE_KEYS 32
/* Items of the lists among those keys, each list's maximum summed
 * ([imap] folders: LKB_MAX_IMAP_FOLDERS; room for as many again). */
#define LKB_MAX_SOURCE_ITEMS 128
/* Folder names a message about a missing folder lists (IMAP LIST). */
#define LKB_MAX_IMAP_LISTED 20
/* Entries of [bot] maintainers, lkp_team and bots (addresses or
 * @domains): a deployment for many subsystems names a few hundred
 * maintainers (bench/triage/maintainers.txt: 259); more is a
 * configuration error, never a silent cut of who may change state. */
#define LKB_MAX_MAINTAINERS 1024

/* Requests one run works on (the rest wait for the next run). */
#define LKB_MAX_REQUESTS_PER_RUN 1000

/* Keys in the DKIM key file ([bot] dkim_key_file) and bytes of the
 * file: a key file names the few domains whose mail may change state. */
#define LKB_MAX_DKIM_KEYS 1000
#define LKB_MAX_DKIM_KEY_FILE_BYTES (1024u * 1024)

/* `lkpbot web`: charts per comparison (one per changed KPI; a table
 * with more KPI rows shows the first ones, the table has them all),
 * bytes of one mail body shown on a page (a longer one is cut, with a
 * note; `lkpbot show --raw` has it all), entries of the Atom feed (the
 * newest state changes), and requests read per run. */
#define LKB_MAX_WEB_CHARTS 24
#define LKB_MAX_WEB_BODY_BYTES (64u * 1024)
#define LKB_MAX_WEB_FEED_ENTRIES 200
#define LKB_MAX_WEB_REQUESTS 100000
/* Siblings and duplicates a report page names one by one (a group of
 * a thousand builds of one error gets a count for the rest). */
#define LKB_MAX_WEB_SIBLINGS 50

#endif
