/* triage-internal.h - shared by bot/triage*.c only. */
#ifndef LKB_BOT_TRIAGE_INTERNAL_H
#define LKB_BOT_TRIAGE_INTERNAL_H

#include <stdint.h>

#include "bot/lifecycle.h"
#include "bot/loop.h"
#include "bot/triage.h"
#include "lib/arena.h"
#include "templates/compose.h"

struct bot_ctx;
struct message;
struct rules;
struct store;
struct tpl_set;
struct lkp_command;
struct reply;

#define TRIAGE_MAX_MAINTAINERS 256
#define TRIAGE_MAX_ADDRS 512

struct triage {
	struct bot_ctx *ctx;
	struct store *st;
	struct rules *rules;
	struct tpl_set *tpl;
	struct loop_policy lp;
	enum cc_policy ccp;
	const char *maintainers[TRIAGE_MAX_MAINTAINERS];
	size_t nmaintainers;
	struct triage_stats stats;
	unsigned requeued;	/* replies queued again by a new report */
	unsigned in_batch;	/* messages in the open transaction */
};

/* One mail being triaged against one report. */
struct triage_mail {
	int64_t msg_id, report_id, thread_id;
	const struct message *m;	/* NULL for the CLI */
	const char *author;		/* address */
	const char *author_name;
	struct lc_state cur;		/* the report's state, kept current */
	char *commit_buf, *state_buf;	/* backing store of cur */
	struct arena *a;
	const char *addrs[TRIAGE_MAX_ADDRS];	/* thread addresses */
	size_t naddrs;
	unsigned ncommands;		/* answered commands, for numbering */
	int cli;			/* a maintainer at the terminal */
	unsigned total_commands;
};

/* store_addr_fn collecting a thread's addresses into tm->addrs. */
int triage_add_addr(const char *addr, void *arg);
/* Load the report's state into tm->cur. */
int triage_load_state(struct triage *t, struct triage_mail *tm)
	LKB_WARN_UNUSED;
/* Apply one lifecycle input; on LC_CHANGED write the transition, the
 * related commits and update tm->cur. cause names what did it. */
int triage_apply(struct triage *t, struct triage_mail *tm,
		 const struct lc_input *in, const char *cause,
		 enum lc_verdict *verdict_out, const char **message_out)
	LKB_WARN_UNUSED;
/* Carry out one command, record it, queue its answer. */
int triage_command(struct triage *t, struct triage_mail *tm,
		   const struct lkp_command *cmd, int idx) LKB_WARN_UNUSED;
/* Commands in a mail outside any tracked report: each gets an error. */
int triage_orphan_commands(struct triage *t, struct triage_mail *tm,
			   const struct reply *r, enum loop_verdict lv)
	LKB_WARN_UNUSED;
/* Load rules, templates, maintainers, policies from the configuration. */
int triage_init(struct triage *t, struct bot_ctx *ctx) LKB_WARN_UNUSED;
void triage_release(struct triage *t);

#endif
