/* ingest.c - parse one raw mail and store it (import and sync). */
#include "config.h"
#include "bot/ingest/ingest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <nettle/sha2.h>

#include "bot/ingest/classify.h"
#include "bot/ingest/quoted.h"
#include "lib/ascii.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"
#include "parsers/message.h"
#include "state/store.h"
#include "state/store_report.h"

struct ingest {
	struct store *st;
	struct ingest_stats stats;
	/* the stats when the outermost ingest_begin began: what a rollback
	 * puts back, so the stats count committed work only */
	struct ingest_stats committed;
	int depth;
};

struct ingest *
ingest_new(struct store *st)
{
	struct ingest *ig = xcalloc(1, sizeof(*ig));

	ig->st = st;
	return ig;
}

void
ingest_free(struct ingest *ig)
{
	free(ig);
}

int
ingest_begin(struct ingest *ig)
{
	int rc = store_begin_write(ig->st);

	if (rc == LKB_OK && ig->depth++ == 0)
		ig->committed = ig->stats;
	return rc;
}

int
ingest_end(struct ingest *ig)
{
	int rc = store_commit(ig->st);

	if (ig->depth > 0 && --ig->depth == 0 && rc != LKB_OK)
		ig->stats = ig->committed;
	return rc;
}

void
ingest_abort(struct ingest *ig)
{
	store_rollback(ig->st);
	if (ig->depth > 0 && --ig->depth == 0)
		ig->stats = ig->committed;
}

const struct ingest_stats *
ingest_stats(const struct ingest *ig)
{
	return &ig->stats;
}

static void
sha256_hex(const char *p, size_t len, char out[65])
{
	static const char hex[] = "0123456789abcdef";
	struct sha256_ctx ctx;
	uint8_t d[SHA256_DIGEST_SIZE];

	sha256_init(&ctx);
	sha256_update(&ctx, len, (const uint8_t *)p);
	sha256_digest(&ctx, sizeof(d), d);
	for (size_t i = 0; i < sizeof(d); i++) {
		out[2 * i] = hex[d[i] >> 4];
		out[2 * i + 1] = hex[d[i] & 15];
	}
	out[64] = '\0';
}

/* A stand-in message for mail too big to parse: stored as rejected. */
static struct message *
rejected_message(const char *why)
{
	struct message *m = xcalloc(1, sizeof(*m));

	arena_init(&m->arena);
	m->subject = "";
	m->from.name = m->from.addr = "";
	m->date = (time_t)-1;
	m->body = "";
	m->quality = MSG_REJECTED;
	m->problem = why ? arena_strdup(&m->arena, why) : NULL;
	return m;
}

/* One mail between its parse half and its store half. */
struct ingest_job {
	const char *raw;	/* owned when owned, else borrowed */
	size_t len;
	const char *source;	/* owned when owned, else borrowed */
	int owned;
	char hash[65];		/* "" when the mail has a Message-ID */
	struct message *m;	/* owned */
	int ours;		/* m is a rejected_message stand-in */
	int is_robot;
	int late;		/* keep and hooks are the store half's */
	int keep;		/* CLASSIFY_KEEP, _DROP, _ASK_THREAD, _ASK_KEPT */
	struct ingest_hooks_prep hooks;
	/* what the store would make of m and raw, made here: the parse
	 * half runs on the thread with time (`lkpbot import`) */
	struct strbuf refs, to, cc;
	int has_sum;
	uint32_t sum;
};

/* Whether m's bytes matter, as far as m alone tells. */
static int
job_keep(const struct ingest_job *j)
{
	return j->m->quality == MSG_REJECTED
		       ? CLASSIFY_KEEP
		       : classify_keep_raw_local(j->m, j->is_robot);
}

/* The half without the store: parse (or, when !parse, stand in a
 * rejected message for why), hash; unless late, classify and parse a
 * robot report too. */
static void
job_prepare(struct ingest_job *j, int parse, const char *why, int late)
{
	struct message *m = NULL;
	int rc;

	if (!parse) {
		j->m = rejected_message(why);
		j->ours = 1;
	} else {
		rc = message_parse_flags(j->raw, j->len, MESSAGE_USED_FIELDS,
					 &m);
		if (rc != LKB_OK || !m) {
			message_free(m);
			j->m = rejected_message(rc == LKB_ERR_TOO_BIG
				? "message larger than LKB_MAX_MESSAGE_BYTES"
				: lkb_status_str(rc));
			j->ours = 1;
		} else {
			j->m = m;
		}
	}
	/* the content is the identity of mail without a Message-ID only */
	if (!j->m->message_id || !*j->m->message_id)
		sha256_hex(j->raw, j->len, j->hash);
	j->is_robot = classify_is_robot(j->m);
	strbuf_init(&j->refs, 0);
	strbuf_init(&j->to, 0);
	strbuf_init(&j->cc, 0);
	store_msg_texts(j->m, &j->refs, &j->to, &j->cc);
	j->late = late;
	if (late)
		return;
	j->keep = job_keep(j);
	if (j->keep == CLASSIFY_KEEP) {	/* the bytes are stored: sum them */
		j->sum = store_raw_sum(j->raw, j->len);
		j->has_sum = 1;
	}
	ingest_hooks_prepare(&j->hooks, j->m);
}

static void
job_release(struct ingest_job *j)
{
	if (j->ours) {
		arena_release(&j->m->arena);
		free(j->m);
	} else {
		message_free(j->m);
	}
	j->m = NULL;
	if (!j->late)
		ingest_hooks_release(&j->hooks);
	strbuf_release(&j->refs);
	strbuf_release(&j->to);
	strbuf_release(&j->cc);
	if (j->owned) {
		free((char *)j->raw);
		free((char *)j->source);
	}
	j->raw = j->source = NULL;
}

static int ingest_borrowed(struct ingest *ig, const char *raw, size_t len,
			   const char *source, int parse, const char *why,
			   int64_t *msg_id_out);

/* A reply that quotes a robot report the store lacks: the stand-in
 * report first (bot/ingest/quoted.c), so the reply is linked to it and
 * kept like any reply to a report. */
static int
quoted_report(struct ingest *ig, const struct ingest_job *j)
{
	struct ingest_stats was = ig->stats;
	struct strbuf mail, src;
	const char *rid;
	int rc;

	if (!j->m->nreferences && !j->m->in_reply_to)
		return LKB_OK;
	strbuf_init(&mail, 0);
	rc = quoted_report_mail(ig->st, j->m, &mail, &rid);
	if (rc == 1) {
		strbuf_init(&src, 0);
		strbuf_addf(&src, "quoted:%s", j->m->message_id);
		rc = ingest_borrowed(ig, mail.buf, mail.len, src.buf, 1, NULL,
				     NULL);
		if (rc == LKB_OK) {
			/* made here, not read: counted as quoted alone
			 * (its report is counted with the reports) */
			was.reports = ig->stats.reports;
			was.quoted++;
			ig->stats = was;
		}
		strbuf_release(&src);
	}
	strbuf_release(&mail);
	return rc < 0 ? rc : LKB_OK;
}

/* The report's own mail took the place of its stand-in (row id): its
 * report is parsed again from it, keeping the report's row, state and
 * events. */
static int
standin_replaced(struct ingest *ig, const struct ingest_job *j, int64_t id,
		 int64_t *msg_id_out)
{
	struct ingest_hooks_prep p;
	int rc = LKB_OK;

	ingest_hooks_prepare(&p, j->m);
	if (p.report)
		rc = store_report_reparse(ig->st, id, p.report, NULL, NULL);
	ingest_hooks_release(&p);
	if (rc == LKB_OK) {
		ig->stats.new_msgs++;
		if (msg_id_out)
			*msg_id_out = id;
	}
	return rc;
}

/* The store half: store j's mail with its raw bytes when they matter;
 * the parts of the parse half left late are done here (a report is
 * parsed only for a new mail). */
static int
job_store(struct ingest *ig, const struct ingest_job *j, int64_t *msg_id_out)
{
	struct store_msg_in in = { 0 };
	struct message *m = j->m;
	struct ingest_hooks_prep late;
	int64_t id = 0;
	int rc, is_new = 0, keep = j->late ? job_keep(j) : j->keep;

	ig->stats.read++;
	ig->stats.bytes += j->len;
	ig->stats.late += j->late != 0;
	in.m = m;
	in.source = j->source;
	in.content_hash = j->hash;
	in.is_robot = j->is_robot;
	in.refs_text = j->refs.buf;
	in.to_text = j->to.buf;
	in.cc_text = j->cc.buf;
	in.has_sum = j->has_sum;
	in.raw_sum = j->sum;
	/* a reply in a thread that holds a report (or, for an applied
	 * reply, kept mail): the store asks while it links the mail */
	in.raw_if_report = keep == CLASSIFY_ASK_THREAD ? STORE_KEEP_IF_REPORT
			   : keep == CLASSIFY_ASK_KEPT ? STORE_KEEP_IF_KEPT
						       : 0;
	if (keep) {
		/* the bytes matter (or explain a rejection): keep them */
		in.raw = j->raw;
		in.raw_len = j->len;
	}
	if (j->is_robot && in.raw && m->quality != MSG_REJECTED) {
		/* the report itself, after a stand-in made from a quote */
		if ((rc = store_message_replace_standin(ig->st, &in, &id)) < 0)
			return rc;
		if (rc == 1)
			return standin_replaced(ig, j, id, msg_id_out);
	} else if (!j->is_robot && (rc = quoted_report(ig, j)) != LKB_OK) {
		return rc;
	}
	rc = store_message_add(ig->st, &in, &id, &is_new);
	if (rc != LKB_OK)
		return rc;
	if (!is_new) {
		ig->stats.duplicate++;
	} else {
		ig->stats.new_msgs++;
		if (m->quality == MSG_REJECTED) {
			ig->stats.rejected++;
			lkb_info("%s: stored as rejected: %s", j->source,
				 m->problem ? m->problem : "unparsable");
		} else if (m->quality == MSG_PARTIAL) {
			ig->stats.partial++;
		}
		if (j->late) {
			ingest_hooks_prepare(&late, m);
			rc = ingest_hooks_store(ig->st, id, &late,
						&ig->stats.reports);
			ingest_hooks_release(&late);
		} else {
			rc = ingest_hooks_store(ig->st, id, &j->hooks,
						&ig->stats.reports);
		}
		if (rc != LKB_OK)
			return rc;
	}
	if (msg_id_out)
		*msg_id_out = id;
	return LKB_OK;
}

static int
ingest_borrowed(struct ingest *ig, const char *raw, size_t len,
		const char *source, int parse, const char *why,
		int64_t *msg_id_out)
{
	struct ingest_job j = { 0 };
	int rc;

	j.raw = raw;
	j.len = len;
	j.source = source;
	/* late: classify and parse a report in job_store, for new mail */
	job_prepare(&j, parse, why, 1);
	rc = job_store(ig, &j, msg_id_out);
	job_release(&j);
	return rc;
}

int
ingest_message(struct ingest *ig, const char *raw, size_t len,
	       const char *source, int64_t *msg_id_out)
{
	return ingest_borrowed(ig, raw, len, source, 1, NULL, msg_id_out);
}

int
ingest_rejected(struct ingest *ig, const char *raw, size_t len,
		const char *source, const char *why, int64_t *msg_id_out)
{
	return ingest_borrowed(ig, raw, len, source, 0, why, msg_id_out);
}

struct ingest_job *
ingest_job_take(char *raw, size_t len, const char *source, int parse,
		const char *why, unsigned flags)
{
	struct ingest_job *j = xcalloc(1, sizeof(*j));

	j->raw = raw;
	j->len = len;
	j->source = xstrdup(source);
	j->owned = 1;
	job_prepare(j, parse, why, !!(flags & INGEST_JOB_LATE));
	return j;
}

struct ingest_job *
ingest_job_new(const char *raw, size_t len, const char *source, int parse,
	       const char *why, unsigned flags)
{
	char *copy = xmalloc(lkb_st_add(len, 1));

	memcpy(copy, raw, len);
	copy[len] = '\0';
	return ingest_job_take(copy, len, source, parse, why, flags);
}

size_t
ingest_job_bytes(const struct ingest_job *j)
{
	return j->len;
}

int
ingest_job_store(struct ingest *ig, const struct ingest_job *j,
		 int64_t *msg_id_out)
{
	return job_store(ig, j, msg_id_out);
}

void
ingest_job_free(struct ingest_job *j)
{
	if (!j)
		return;
	job_release(j);
	free(j);
}
