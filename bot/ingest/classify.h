/* classify.h - facts about a parsed mail that decide how it is stored,
 * and the hooks that run on each newly stored mail (reports, triage). */
#ifndef LKB_BOT_INGEST_CLASSIFY_H
#define LKB_BOT_INGEST_CLASSIFY_H

#include <stdint.h>

#include "lib/arena.h"
#include "lib/compiler.h"

struct lkp_report;
struct message;
struct store;

/* 1 if the LKP / 0-Day robot sent m (display name "kernel test robot" or
 * "kbuild test robot", or address lkp@intel.com). */
int classify_is_robot(const struct message *m);

/* Whether m matters to the bot, so its raw bytes are kept for reparse
 * and triage (doc/design.md section 3): robot mail, mail in an LKP
 * thread by its subject, mail carrying "#lkp" or naming the robot or a
 * report's lore link, pull requests (a fix may be in their shortlog),
 * replies into a thread that holds a report, and replies to a patch
 * that say "applied", "queued" or "for-next" outside quotes into a
 * thread that holds a report or other kept mail (a fix patch crediting
 * the robot: they may decide a report from outside its thread). Other
 * mail keeps only what threading needs. Without the store this says
 * keep, drop, or ask the store: a reply is kept when a thread it names
 * holds a report (or kept mail), which the store answers while it
 * links the mail (struct store_msg_in's raw_if_report). */
enum {
	CLASSIFY_DROP = 0,
	CLASSIFY_KEEP = 1,
	CLASSIFY_ASK_THREAD = 2,	/* keep if the thread has a report */
	CLASSIFY_ASK_KEPT = 3		/* ... or any mail kept */
};
int classify_keep_raw_local(const struct message *m, int is_robot);

/* Run every per-message hook (report parsing, ...) on a new message
 * stored as row msg_id, inside the caller's transaction; *reports
 * counts the reports stored. */
int ingest_hooks_run(struct store *st, int64_t msg_id,
		     const struct message *m, uint64_t *reports)
	LKB_WARN_UNUSED;

/* ingest_hooks_run in two halves: prepare needs no store (any thread; it
 * parses robot mail's report into p), store runs on the store's thread
 * for a new message. p is released by the caller. */
struct ingest_hooks_prep {
	struct arena a;			/* holds report */
	struct lkp_report *report;	/* NULL: nothing to store */
	int report_rc;			/* report_parse_mail's result */
};
void ingest_hooks_prepare(struct ingest_hooks_prep *p,
			  const struct message *m);
int ingest_hooks_store(struct store *st, int64_t msg_id,
		       const struct ingest_hooks_prep *p,
		       uint64_t *reports) LKB_WARN_UNUSED;
void ingest_hooks_release(struct ingest_hooks_prep *p);

#endif
