/* ingest.c - parse one raw mail and store it (import and sync). */
#include "config.h"
#include "bot/ingest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <nettle/sha2.h>

#include "bot/classify.h"
#include "lib/ascii.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/xalloc.h"
#include "parsers/message.h"
#include "state/store.h"

struct ingest {
	struct store *st;
	struct ingest_stats stats;
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
	return store_begin_write(ig->st);
}

int
ingest_end(struct ingest *ig)
{
	return store_commit(ig->st);
}

void
ingest_abort(struct ingest *ig)
{
	store_rollback(ig->st);
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
	m->problem = why;
	return m;
}

static void
free_message(struct message *m, int ours)
{
	if (ours) {
		arena_release(&m->arena);
		free(m);
	} else {
		message_free(m);
	}
}

/* Store m (taking it: it is freed here) with its raw bytes. */
static int
store_parsed(struct ingest *ig, const char *raw, size_t len,
	     const char *source, struct message *m, int ours,
	     int64_t *msg_id_out)
{
	struct store_msg_in in = { 0 };
	char hash[65];
	int64_t id = 0;
	int rc, is_new = 0;

	sha256_hex(raw, len, hash);
	in.m = m;
	in.source = source;
	in.content_hash = hash;
	in.is_robot = classify_is_robot(m);
	if (m->quality == MSG_REJECTED || classify_keep_raw(ig->st, m, in.is_robot)) {
		/* the bytes matter (or explain a rejection): keep them */
		in.raw = raw;
		in.raw_len = len;
	}
	rc = store_message_add(ig->st, &in, &id, &is_new);
	if (rc != LKB_OK)
		goto out;
	if (!is_new) {
		ig->stats.duplicate++;
	} else {
		ig->stats.new_msgs++;
		if (m->quality == MSG_REJECTED) {
			ig->stats.rejected++;
			lkb_info("%s: stored as rejected: %s", source,
				 m->problem ? m->problem : "unparsable");
		} else if (m->quality == MSG_PARTIAL) {
			ig->stats.partial++;
		}
		rc = ingest_hooks_run(ig->st, id, m, &ig->stats);
		if (rc != LKB_OK)
			goto out;
	}
	if (msg_id_out)
		*msg_id_out = id;
out:
	free_message(m, ours);
	return rc;
}

int
ingest_message(struct ingest *ig, const char *raw, size_t len,
	       const char *source, int64_t *msg_id_out)
{
	struct message *m = NULL;
	int rc;

	ig->stats.read++;
	ig->stats.bytes += len;
	rc = message_parse(raw, len, &m);
	if (rc != LKB_OK || !m) {
		message_free(m);
		return store_parsed(ig, raw, len, source,
				    rejected_message(rc == LKB_ERR_TOO_BIG
					? "message larger than "
					  "LKB_MAX_MESSAGE_BYTES"
					: lkb_status_str(rc)),
				    1, msg_id_out);
	}
	return store_parsed(ig, raw, len, source, m, 0, msg_id_out);
}

int
ingest_rejected(struct ingest *ig, const char *raw, size_t len,
		const char *source, const char *why, int64_t *msg_id_out)
{
	ig->stats.read++;
	ig->stats.bytes += len;
	return store_parsed(ig, raw, len, source, rejected_message(why), 1,
			    msg_id_out);
}
