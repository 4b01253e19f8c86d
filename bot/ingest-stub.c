/* ingest-stub.c - a stand-in for bot/ingest.c until it is merged.
 *
 * It does not parse mail: it finds the Message-ID header crudely and
 * stores a minimal valid row through store_message_add (same messages
 * table, same dedup by Message-ID, or by content hash without one), so
 * the sync code and its tests run unchanged on the real ingest. The lead
 * drops this file at merge (LKB_INGEST_STUB in bot/imap.mk).
 */
#include "config.h"
#include "bot/ingest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <nettle/sha2.h>

#include "lib/arena.h"
#include "lib/ascii.h"
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

/* The id inside <...> of the first Message-ID header in the header
 * block, copied into a; NULL when there is none. */
static const char *
crude_msgid(struct arena *a, const char *raw, size_t len)
{
	static const char name[] = "message-id:";
	const char *p = raw, *end = raw + len, *lt, *gt;
	size_t n = sizeof(name) - 1, i;

	while (p < end) {
		if (*p == '\n' || (*p == '\r' && p + 1 < end && p[1] == '\n'))
			return NULL;	/* end of the header block */
		for (i = 0; i < n && p + i < end; i++)
			if (LKB_TOLOWER(p[i]) != LKB_UC(name[i]))
				break;
		if (i == n) {
			lt = memchr(p + n, '<', (size_t)(end - p - n));
			gt = lt ? memchr(lt, '>', (size_t)(end - lt)) : NULL;
			if (!gt || gt - lt < 2 || memchr(lt, '\n', (size_t)(gt - lt)))
				return NULL;
			return arena_memdup0(a, lt + 1, (size_t)(gt - lt - 1));
		}
		p = memchr(p, '\n', (size_t)(end - p));
		if (!p)
			return NULL;
		p++;
	}
	return NULL;
}

int
ingest_message(struct ingest *ig, const char *raw, size_t len,
	       const char *source, int64_t *msg_id_out)
{
	struct sha256_ctx sha;
	uint8_t digest[SHA256_DIGEST_SIZE];
	char hex[2 * SHA256_DIGEST_SIZE + 1];
	struct message m;
	struct store_msg_in in;
	int64_t id = 0;
	int is_new = 0, rc;

	memset(&m, 0, sizeof(m));
	arena_init(&m.arena);
	sha256_init(&sha);
	sha256_update(&sha, len, (const uint8_t *)raw);
	sha256_digest(&sha, sizeof(digest), digest);
	for (size_t i = 0; i < sizeof(digest); i++)
		snprintf(hex + 2 * i, 3, "%02x", digest[i]);
	m.message_id = crude_msgid(&m.arena, raw, len);
	m.subject = "";
	m.from.name = m.from.addr = "";
	m.date = (time_t)-1;
	m.quality = MSG_OK;
	memset(&in, 0, sizeof(in));
	in.m = &m;
	in.source = source;
	in.content_hash = hex;
	rc = store_message_add(ig->st, &in, &id, &is_new);
	arena_release(&m.arena);
	if (rc != LKB_OK)
		return rc;
	ig->stats.read++;
	ig->stats.bytes += len;
	if (is_new)
		ig->stats.new_msgs++;
	else
		ig->stats.duplicate++;
	if (msg_id_out)
		*msg_id_out = id;
	return LKB_OK;
}
