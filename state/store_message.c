/* store_message.c - messages and their threads. */
#include "config.h"
#include "state/store.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"
#include "parsers/message.h"
#include "state/store-internal.h"

static const char sql_msg_by_mid[] =
	"SELECT id FROM messages WHERE message_id = :mid";
static const char sql_msg_by_hash[] =
	"SELECT id FROM messages WHERE content_hash = :h AND content_hash != ''"
	" LIMIT 1";
static const char sql_tid_of[] =
	"SELECT thread_id FROM thread_ids WHERE msgid = :mid";
static const char sql_thread_new[] =
	"INSERT INTO threads (root_msgid) VALUES (:root)";
static const char sql_tid_move[] =
	"UPDATE thread_ids SET thread_id = :to WHERE thread_id = :from";
static const char sql_msg_move[] =
	"UPDATE messages SET thread_id = :to WHERE thread_id = :from";
static const char sql_thread_del[] = "DELETE FROM threads WHERE id = :id";
/* A plain INSERT: an upsert writes more than one row as SQLite sees
 * it, so each one opened a statement journal that copied every page it
 * changed; link_thread puts only ids no thread holds, once each. */
static const char sql_tid_put[] =
	"INSERT INTO thread_ids (msgid, thread_id) VALUES (:mid, :tid)";
static const char sql_msg_insert[] =
	"INSERT INTO messages (message_id, synthetic_id, content_hash,"
	" in_reply_to, refs, subject, from_name, from_addr, to_addrs,"
	" cc_addrs, date, source, quality, problem, thread_id, parent_id,"
	" is_robot, auto_submitted, precedence, list_id, x_lkpbot, raw_at,"
	" raw_len, imported_at, raw_crc, top_id, up_report) VALUES (:mid, :syn,"
	" :hash, :irt, :refs, :subj, :fname, :faddr, :to, :cc, :date, :src, :q,"
	" :prob, :tid, :parent, :robot, :autos, :prec, :listid, :xlkp, :rawat,"
	" :rawlen, :now, :crc, :top, :up)";
/* The parent; its top (or the parent, a root), and the nearest report
 * above: the parent, or the parent's own nearest report. */
static const char sql_parent_of[] =
	"SELECT p.id, coalesce(p.top_id, p.id),"
	" coalesce((SELECT r.id FROM reports r WHERE r.msg_id = p.id),"
	"  p.up_report) FROM messages p WHERE p.message_id = :irt";
static const char sql_adopt_children[] =
	"UPDATE messages SET parent_id = :id "
	"WHERE in_reply_to = :mid AND parent_id IS NULL AND id != :id";
static const char sql_orphans_of[] =
	"SELECT 1 FROM messages "
	"WHERE in_reply_to = :mid AND parent_id IS NULL AND id != :id LIMIT 1";

/* Run a statement binding two integer parameters (or one). */
static int
exec_ii(struct store *st, const char *sql, const char *n1, int64_t v1,
	const char *n2, int64_t v2)
{
	sqlite3_stmt *s = store_stmt(st, sql);
	int rc;

	if (!s)
		return LKB_ERR_DB;
	if ((rc = store_bind_int(st, s, n1, v1)) != LKB_OK)
		goto out;
	if (n2 && (rc = store_bind_int(st, s, n2, v2)) != LKB_OK)
		goto out;
	rc = store_step(st, s);
	rc = store_done_status(rc);
out:
	store_stmt_done(s);
	return rc;
}

static int
put_tid(struct store *st, const char *mid, int64_t tid)
{
	sqlite3_stmt *s = store_stmt(st, sql_tid_put);
	int rc;

	if (!s)
		return LKB_ERR_DB;
	if ((rc = store_bind_text(st, s, ":mid", mid)) != LKB_OK ||
	    (rc = store_bind_int(st, s, ":tid", tid)) != LKB_OK)
		goto out;
	rc = store_step(st, s) == SQLITE_DONE ? LKB_OK : LKB_ERR_DB;
	if (rc == LKB_OK)
		mid_index_put_tid(st, mid, tid);
out:
	store_stmt_done(s);
	return rc;
}

/* The import's index entry of mid: 1 with *e (NULL: mid is in neither
 * thread_ids nor messages), or 0 when there is no index to ask and SQL
 * must answer (also when this lookup dropped it). */
static int
indexed(struct store *st, const char *mid, struct mid_entry **e)
{
	if (!st->mids)
		return 0;
	*e = mid_index_entry(st, mid_index_find(st, mid));
	return st->mids != NULL;
}

/* The thread holding Message-ID mid: 1 and *tid, 0 when none, or a
 * negative status. */
static int
tid_of(struct store *st, const char *mid, int64_t *tid)
{
	struct mid_entry *e;

	if (!indexed(st, mid, &e))
		return store_lookup_int(st, sql_tid_of, ":mid", mid, 0, tid);
	if (!e || !e->tid)
		return 0;
	*tid = e->tid;
	return 1;
}

/* The ids a message names: itself, its parent, its references. */
static size_t
collect_ids(const struct message *m, const char *mid, const char **ids,
	    size_t max)
{
	size_t n = 0;

	ids[n++] = mid;
	if (m->in_reply_to && n < max)
		ids[n++] = m->in_reply_to;
	for (size_t i = 0; i < m->nreferences && n < max; i++)
		ids[n++] = m->references[i];
	return n;
}

static int thread_has_report(struct store *st, int64_t tid);
static int thread_has_kept(struct store *st, int64_t tid);

/* Whether ids[i] is one of the unknown ids before it. */
static int
named_before(const char **ids, const unsigned char *known, size_t i)
{
	for (size_t j = 0; j < i; j++)
		if (!known[j] && !strcmp(ids[j], ids[i]))
			return 1;
	return 0;
}

/* Find or make the thread for ids, merging threads the message joins.
 * With has_report, *has_report is 1 when a thread of ids[1..n) (the
 * ids the mail names) holds a report (want STORE_KEEP_IF_REPORT) or
 * any mail with its raw bytes kept (STORE_KEEP_IF_KEPT; or when its
 * parent, ids[1], was never seen: the reply came first), asked of each
 * thread as it is found, before it is merged (a merged thread holds
 * what the threads it took held), or on an error asking it (the bytes
 * are kept then: nothing lost). */
static int
link_thread(struct store *st, const char **ids, size_t n, int64_t *tid_out,
	    int *has_report, int want)
{
	unsigned char known[LKB_MAX_REFERENCES + 2] = { 0 };
	int64_t tid = 0, t;
	int rc;

	for (size_t i = 0; i < n; i++) {
		rc = tid_of(st, ids[i], &t);
		if (rc < 0)
			return rc;
		known[i] = rc == 1;
		if (rc && i > 0 && has_report && !*has_report)
			*has_report = thread_has_report(st, t) != 0 ||
				      (want == STORE_KEEP_IF_KEPT &&
				       thread_has_kept(st, t) != 0);
		/* a reply come before its parent cannot be told yet */
		if (!rc && i == 1 && has_report && want == STORE_KEEP_IF_KEPT)
			*has_report = 1;
		if (!rc || t == tid)
			continue;
		if (!tid) {
			tid = t;
			continue;
		}
		/* two threads meet: keep the older (smaller) id */
		if (t < tid) {
			int64_t x = t;

			t = tid;
			tid = x;
		}
		store_thread_memo_forget(st);
		if ((rc = exec_ii(st, sql_tid_move, ":to", tid, ":from", t)) ||
		    (rc = exec_ii(st, sql_msg_move, ":to", tid, ":from", t)) ||
		    (rc = exec_ii(st, sql_thread_del, ":id", t, NULL, 0)))
			return rc;
		mid_index_merge(st, t, tid);
	}
	if (!tid) {
		sqlite3_stmt *s = store_stmt(st, sql_thread_new);

		if (!s)
			return LKB_ERR_DB;
		/* oldest named ancestor: first Reference, else the parent */
		rc = store_bind_text(st, s, ":root", ids[n > 2 ? 2 : n - 1]);
		if (rc == LKB_OK)
			rc = store_step(st, s) == SQLITE_DONE ? LKB_OK
							      : LKB_ERR_DB;
		store_stmt_done(s);
		if (rc != LKB_OK)
			return rc;
		tid = sqlite3_last_insert_rowid(st->db);
	}
	/* ids seen before are in tid now (merged threads moved with it);
	 * an id named twice (the parent is the last Reference, most
	 * often) was unknown both times, and is put the first time */
	for (size_t i = 0; i < n; i++) {
		if (known[i] || named_before(ids, known, i))
			continue;
		if ((rc = put_tid(st, ids[i], tid)) != LKB_OK)
			return rc;
	}
	*tid_out = tid;
	return LKB_OK;
}

/* Replies stored before their parent get their parent_id now. Most
 * mail has none: a read finds that for a sixth of what the UPDATE
 * costs when it changes nothing (a write statement's set-up). */
static int
adopt_children(struct store *st, int64_t id, const char *mid)
{
	struct mid_entry *e;
	sqlite3_stmt *s;
	int rc;

	if (indexed(st, mid, &e)) {
		/* it saw every row stored without its parent */
		if (!e || !e->orphans)
			return LKB_OK;
		e->orphans = 0;	/* all adopted below */
	}
	if (!(s = store_stmt(st, sql_orphans_of)))
		return LKB_ERR_DB;
	if ((rc = store_bind_text_borrowed(st, s, ":mid", mid)) != LKB_OK ||
	    (rc = store_bind_int(st, s, ":id", id)) != LKB_OK) {
		store_stmt_done(s);
		return rc;
	}
	rc = store_step_row(st, s, LKB_OK);
	if (rc <= 0)
		return rc;	/* no orphan (s reset), or an error */
	store_stmt_done(s);
	if (!(s = store_stmt(st, sql_adopt_children)))
		return LKB_ERR_DB;
	if ((rc = store_bind_int(st, s, ":id", id)) != LKB_OK ||
	    (rc = store_bind_text(st, s, ":mid", mid)) != LKB_OK)
		goto out;
	rc = store_step(st, s);
	rc = store_done_status(rc);
out:
	store_stmt_done(s);
	return rc;
}

/* The messages row with Message-ID mid: 1 and *id, 0 when none, or a
 * negative status. */
static int
row_of(struct store *st, const char *mid, int64_t *id)
{
	struct mid_entry *e;

	if (!indexed(st, mid, &e))
		return store_lookup_int(st, sql_msg_by_mid, ":mid", mid, 0,
					id);
	if (!e || !e->row)
		return 0;
	*id = e->row;
	return 1;
}

/* The bytes join_addrs would add, so that the text takes one malloc. */
static size_t
addrs_len(const struct address *a, size_t n)
{
	size_t len = 0;

	for (size_t i = 0; i < n; i++)
		if (a[i].addr && *a[i].addr)
			len += strlen(a[i].addr) + 2;
	return len;
}

static void
join_addrs(struct strbuf *sb, const struct address *a, size_t n)
{
	size_t len = addrs_len(a, n);

	if (!len)
		return;
	strbuf_grow(sb, len);
	for (size_t i = 0; i < n; i++) {
		if (!a[i].addr || !*a[i].addr)
			continue;
		if (sb->len)
			strbuf_add(sb, ", ", 2);
		strbuf_adds(sb, a[i].addr);
	}
}

void
store_msg_texts(const struct message *m, struct strbuf *refs,
		struct strbuf *to, struct strbuf *cc)
{
	size_t len = 0;

	for (size_t i = 0; i < m->nreferences; i++)
		len += strlen(m->references[i]) + 1;
	strbuf_grow(refs, len);
	for (size_t i = 0; i < m->nreferences; i++) {
		if (refs->len)
			strbuf_addch(refs, ' ');
		strbuf_adds(refs, m->references[i]);
	}
	join_addrs(to, m->to, m->nto);
	join_addrs(cc, m->cc, m->ncc);
}

uint32_t
store_raw_sum(const char *raw, size_t len)
{
	return rawpack_sum(raw, len);
}

static const char *const quality_names[MSG__COUNT] = { "ok", "partial",
							"rejected" };

/* The parent's row id, top and nearest report (each 0: none, NULL). */
struct parent_ids {
	int64_t id, top, up;
};

/* One lookup of the parent where the INSERT had a subquery for each. */
static int
parent_of(struct store *st, const char *irt, struct parent_ids *p)
{
	struct mid_entry *e;
	sqlite3_stmt *s;
	int rc;

	memset(p, 0, sizeof(*p));
	if (!irt)
		return LKB_OK;
	if (indexed(st, irt, &e)) {
		if (e && e->row) {
			p->id = e->row;
			p->top = e->top ? e->top : e->row;
			p->up = e->report ? e->report : e->up;
		}
		return LKB_OK;
	}
	if (!(s = store_stmt(st, sql_parent_of)))
		return LKB_ERR_DB;
	rc = store_step_row(st, s, store_bind_text_borrowed(st, s, ":irt",
							    irt));
	if (rc <= 0)
		return rc;
	p->id = sqlite3_column_int64(s, 0);
	p->top = sqlite3_column_int64(s, 1);
	if (sqlite3_column_type(s, 2) != SQLITE_NULL)
		p->up = sqlite3_column_int64(s, 2);
	store_stmt_done(s);
	return LKB_OK;
}

static int
bind_id_or_null(struct store *st, sqlite3_stmt *s, const char *name,
		int64_t v)
{
	return v ? store_bind_int(st, s, name, v) : store_bind_null(st, s,
								   name);
}

static int
insert_row(struct store *st, const struct store_msg_in *in, const char *mid,
	   int synthetic, int64_t tid)
{
	const struct message *m = in->m;
	sqlite3_stmt *s;
	struct strbuf refs = STRBUF_INIT, to = STRBUF_INIT, cc = STRBUF_INIT;
	const char *irt = m->in_reply_to;
	const char *refs_text = in->refs_text, *to_text = in->to_text;
	const char *cc_text = in->cc_text;
	struct parent_ids par;
	uint64_t at = 0;
	int rc;

	if (!irt && m->nreferences)
		irt = m->references[m->nreferences - 1];
	if ((rc = parent_of(st, irt, &par)) != LKB_OK)
		return rc;
	if (!(s = store_stmt(st, sql_msg_insert)))
		return LKB_ERR_DB;
	if (in->raw && (rc = rawpack_append(st->pack, in->raw, in->raw_len,
					    &at)) != LKB_OK)
		return rc;
	if (!refs_text || !to_text || !cc_text) {	/* not made ahead */
		store_msg_texts(m, &refs, &to, &cc);
		refs_text = refs.buf;
		to_text = to.buf;
		cc_text = cc.buf;
	}
	if ((rc = store_bind_text_borrowed(st, s, ":mid", mid)) ||
	    (rc = store_bind_int(st, s, ":syn", synthetic)) ||
	    (rc = store_bind_text_borrowed(st, s, ":hash", in->content_hash)) ||
	    (rc = store_bind_text_borrowed(st, s, ":irt", irt)) ||
	    (rc = store_bind_text_borrowed(st, s, ":refs", refs_text)) ||
	    (rc = store_bind_text_borrowed(st, s, ":subj", m->subject)) ||
	    (rc = store_bind_text_borrowed(st, s, ":fname", m->from.name)) ||
	    (rc = store_bind_text_borrowed(st, s, ":faddr", m->from.addr)) ||
	    (rc = store_bind_text_borrowed(st, s, ":to", to_text)) ||
	    (rc = store_bind_text_borrowed(st, s, ":cc", cc_text)) ||
	    (rc = m->date == (time_t)-1
			  ? store_bind_null(st, s, ":date")
			  : store_bind_int(st, s, ":date", (int64_t)m->date)) ||
	    (rc = store_bind_text_borrowed(st, s, ":src", in->source)) ||
	    (rc = store_bind_text_borrowed(st, s, ":q", quality_names[m->quality])) ||
	    (rc = store_bind_text_borrowed(st, s, ":prob", m->problem)) ||
	    (rc = store_bind_int(st, s, ":tid", tid)) ||
	    (rc = bind_id_or_null(st, s, ":parent", par.id)) ||
	    (rc = store_bind_int(st, s, ":robot", in->is_robot)) ||
	    (rc = store_bind_text_borrowed(st, s, ":autos", m->auto_submitted)) ||
	    (rc = store_bind_text_borrowed(st, s, ":prec", m->precedence)) ||
	    (rc = store_bind_text_borrowed(st, s, ":listid", m->list_id)) ||
	    (rc = store_bind_text_borrowed(st, s, ":xlkp", m->x_lkpbot)) ||
	    (rc = in->raw ? store_bind_int(st, s, ":rawat", (int64_t)at)
			  : store_bind_null(st, s, ":rawat")) ||
	    (rc = in->raw ? store_bind_int(st, s, ":crc", (int64_t)(in->has_sum
					   ? in->raw_sum
					   : rawpack_sum(in->raw, in->raw_len)))
			  : store_bind_null(st, s, ":crc")) ||
	    (rc = in->raw ? store_bind_int(st, s, ":rawlen",
					   (int64_t)in->raw_len)
			  : store_bind_null(st, s, ":rawlen")) ||
	    (rc = store_bind_int(st, s, ":now", (int64_t)time(NULL))) ||
	    (rc = bind_id_or_null(st, s, ":top", par.top)) ||
	    (rc = bind_id_or_null(st, s, ":up", par.up)))
		goto out;
	rc = store_step(st, s);
	rc = store_done_status(rc);
	if (rc == LKB_OK && st->mids) {
		mid_index_row(st, mid_index_get(st, mid),
			      sqlite3_last_insert_rowid(st->db), par.top,
			      par.up);
		if (irt && !par.id)	/* it waits for its parent */
			mid_index_orphan(st, irt);
	}
out:
	store_stmt_done(s);
	strbuf_release(&refs);
	strbuf_release(&to);
	strbuf_release(&cc);
	return rc;
}

int
store_message_add(struct store *st, const struct store_msg_in *in,
		  int64_t *id_out, int *is_new_out)
{
	const struct message *m = in->m;
	const char *ids[LKB_MAX_REFERENCES + 2];
	struct store_msg_in row;
	char *synth = NULL;
	int keep = 0;
	const char *mid = m->message_id;
	int64_t id = 0, tid;
	size_t n;
	int rc;

	*is_new_out = 0;
	if (!mid || !*mid) {
		/* no Message-ID: the content is the identity */
		synth = xasprintf("%.32s@" STORE_CONTENT_MSGID_DOMAIN,
				  in->content_hash);
		mid = synth;
	}
	if ((rc = store_begin_write(st)) != LKB_OK)
		goto out_free;
	rc = row_of(st, mid, &id);
	if (rc < 0)
		goto fail;
	if (rc == 1) {
		*id_out = id;
		rc = store_commit(st);
		goto out_free;
	}
	n = collect_ids(m, mid, ids, LKB_ARRAY_SIZE(ids));
	if ((rc = link_thread(st, ids, n, &tid,
			      in->raw_if_report ? &keep : NULL,
			      in->raw_if_report)) != LKB_OK)
		goto fail;
	if (in->raw_if_report && !keep) {
		row = *in;
		row.raw = NULL;
		row.raw_len = 0;
		in = &row;
	}
	if ((rc = insert_row(st, in, mid, synth != NULL, tid)) != LKB_OK)
		goto fail;
	id = sqlite3_last_insert_rowid(st->db);
	if ((rc = adopt_children(st, id, mid)) != LKB_OK)
		goto fail;
	*id_out = id;
	*is_new_out = 1;
	rc = store_commit(st);
	goto out_free;
fail:
	store_rollback(st);
out_free:
	free(synth);
	return rc;
}

static const char sql_standin_replace[] =
	"UPDATE messages SET source = :src, subject = :subj,"
	" from_name = :fname, from_addr = :faddr, to_addrs = :to,"
	" cc_addrs = :cc, date = :date, quality = :q, problem = :prob,"
	" is_robot = :robot, raw_at = :rawat, raw_len = :rawlen,"
	" raw_crc = :crc WHERE message_id = :mid AND source LIKE 'quoted:%'";

int
store_message_replace_standin(struct store *st, const struct store_msg_in *in,
			      int64_t *id_out)
{
	const struct message *m = in->m;
	struct strbuf to = STRBUF_INIT, cc = STRBUF_INIT, refs = STRBUF_INIT;
	sqlite3_stmt *s;
	uint64_t at = 0;
	int rc;

	if (!m->message_id || !*m->message_id || !in->raw)
		return 0;
	if ((rc = store_lookup_int(st, sql_msg_by_mid, ":mid", m->message_id,
				   0, id_out)) != 1)
		return rc;
	if ((rc = store_begin_write(st)) != LKB_OK)
		return rc;
	store_msg_texts(m, &refs, &to, &cc);
	if (!(s = store_stmt(st, sql_standin_replace))) {
		rc = LKB_ERR_DB;
		goto fail;
	}
	if ((rc = rawpack_append(st->pack, in->raw, in->raw_len, &at)) ||
	    (rc = store_bind_text_borrowed(st, s, ":mid", m->message_id)) ||
	    (rc = store_bind_text_borrowed(st, s, ":src", in->source)) ||
	    (rc = store_bind_text_borrowed(st, s, ":subj", m->subject)) ||
	    (rc = store_bind_text_borrowed(st, s, ":fname", m->from.name)) ||
	    (rc = store_bind_text_borrowed(st, s, ":faddr", m->from.addr)) ||
	    (rc = store_bind_text_borrowed(st, s, ":to", to.buf)) ||
	    (rc = store_bind_text_borrowed(st, s, ":cc", cc.buf)) ||
	    (rc = m->date == (time_t)-1
			  ? store_bind_null(st, s, ":date")
			  : store_bind_int(st, s, ":date", (int64_t)m->date)) ||
	    (rc = store_bind_text_borrowed(st, s, ":q",
					   quality_names[m->quality])) ||
	    (rc = store_bind_text_borrowed(st, s, ":prob", m->problem)) ||
	    (rc = store_bind_int(st, s, ":robot", in->is_robot)) ||
	    (rc = store_bind_int(st, s, ":rawat", (int64_t)at)) ||
	    (rc = store_bind_int(st, s, ":rawlen", (int64_t)in->raw_len)) ||
	    (rc = store_bind_int(st, s, ":crc",
				 (int64_t)rawpack_sum(in->raw, in->raw_len)))) {
		store_stmt_done(s);
		goto fail;
	}
	rc = store_done_status(store_step(st, s));
	store_stmt_done(s);
	if (rc != LKB_OK)
		goto fail;
	if (sqlite3_changes(st->db) != 1) {
		rc = store_commit(st);
		rc = rc == LKB_OK ? 0 : rc;
		goto out;
	}
	rc = store_commit(st);
	rc = rc == LKB_OK ? 1 : rc;
	goto out;
fail:
	store_rollback(st);
out:
	strbuf_release(&refs);
	strbuf_release(&to);
	strbuf_release(&cc);
	return rc;
}

int
store_message_exists(struct store *st, const char *message_id,
		     const char *content_hash)
{
	int64_t id;
	int rc = 0;

	if (message_id && *message_id)
		rc = store_lookup_int(st, sql_msg_by_mid, ":mid", message_id, 0,
				      &id);
	if (rc == 0 && content_hash)
		rc = store_lookup_int(st, sql_msg_by_hash, ":h", content_hash, 0,
				      &id);
	return rc;
}

void
store_msg_release(struct store_msg *m)
{
	free(m->message_id);
	free(m->subject);
	free(m->from_name);
	free(m->from_addr);
	free(m->in_reply_to);
	free(m->quality);
	free(m->problem);
	free(m->source);
	free(m->to_addrs);
	free(m->cc_addrs);
	free(m->refs);
	memset(m, 0, sizeof(*m));
}

#define MSG_COLS                                                              \
	"id, thread_id, coalesce(date, -1), coalesce(parent_id, 0),"          \
	" message_id, subject, from_name, from_addr, in_reply_to, quality,"   \
	" problem, source, to_addrs, cc_addrs, refs, is_robot,"               \
	" " STORE_HAS_RAW("messages")

static const char sql_get_by_id[] =
	"SELECT " MSG_COLS " FROM messages WHERE id = :id";
static const char sql_get_by_mid[] =
	"SELECT " MSG_COLS " FROM messages WHERE message_id = :mid";
static const char sql_foreach_all[] =
	"SELECT " MSG_COLS " FROM messages ORDER BY coalesce(date, 0), id";
static const char sql_foreach_thread[] =
	"SELECT " MSG_COLS " FROM messages WHERE thread_id = :tid"
	" ORDER BY coalesce(date, 0), id";
static const char sql_raw[] =
	"SELECT raw, raw_at, raw_len, raw_crc, message_id FROM messages"
	" WHERE id = :id";
static const char sql_counts[] =
	"SELECT count(*), count(DISTINCT thread_id),"
	" coalesce(sum(quality = 'rejected'), 0),"
	" coalesce(sum(quality = 'partial'), 0), coalesce(sum(is_robot), 0)"
	" FROM messages";

static void
read_msg(sqlite3_stmt *s, struct store_msg *m)
{
	m->id = sqlite3_column_int64(s, 0);
	m->thread_id = sqlite3_column_int64(s, 1);
	m->date = sqlite3_column_int64(s, 2);
	m->parent_id = sqlite3_column_int64(s, 3);
	m->message_id = store_col_strdup(s, 4);
	m->subject = store_col_strdup(s, 5);
	m->from_name = store_col_strdup(s, 6);
	m->from_addr = store_col_strdup(s, 7);
	m->in_reply_to = store_col_strdup(s, 8);
	m->quality = store_col_strdup(s, 9);
	m->problem = store_col_strdup(s, 10);
	m->source = store_col_strdup(s, 11);
	m->to_addrs = store_col_strdup(s, 12);
	m->cc_addrs = store_col_strdup(s, 13);
	m->refs = store_col_strdup(s, 14);
	m->is_robot = sqlite3_column_int(s, 15);
	m->has_raw = sqlite3_column_int(s, 16);
}

static int
all_digits(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (*s < '0' || *s > '9')
			return 0;
	return 1;
}

int
store_message_get(struct store *st, const char *key, struct store_msg *out)
{
	int by_id = all_digits(key) && strlen(key) < 18;
	sqlite3_stmt *s = store_stmt(st, by_id ? sql_get_by_id
					       : sql_get_by_mid);
	size_t kl = strlen(key);
	char *mid = NULL;
	int rc;

	memset(out, 0, sizeof(*out));
	if (!s)
		return LKB_ERR_DB;
	if (by_id) {
		rc = store_bind_int(st, s, ":id", strtoll(key, NULL, 10));
	} else {
		/* accept <id> as well as id */
		if (kl >= 2 && key[0] == '<' && key[kl - 1] == '>')
			mid = xmemdup0(key + 1, kl - 2);
		rc = store_bind_text(st, s, ":mid", mid ? mid : key);
	}
	if ((rc = store_step_row(st, s, rc)) == 1) {
		read_msg(s, out);
		store_stmt_done(s);
	}
	free(mid);
	return rc;
}

static const char sql_brief[] =
	"SELECT m.thread_id, coalesce(m.date, -1), m.from_addr, m.quality,"
	" " STORE_HAS_RAW("m") ", coalesce(r.id, 0)"
	" FROM messages m LEFT JOIN reports r ON r.msg_id = m.id"
	" WHERE m.id = :id";

int
store_message_brief(struct store *st, int64_t id, struct store_msg *out,
		    int64_t *report_id_out)
{
	sqlite3_stmt *s = store_stmt(st, sql_brief);
	int rc;

	memset(out, 0, sizeof(*out));
	*report_id_out = 0;
	if (!s)
		return LKB_ERR_DB;
	rc = store_step_row(st, s, store_bind_int(st, s, ":id", id));
	if (rc == 1) {
		out->id = id;
		out->thread_id = sqlite3_column_int64(s, 0);
		out->date = sqlite3_column_int64(s, 1);
		out->from_addr = store_col_strdup(s, 2);
		out->quality = store_col_strdup(s, 3);
		out->has_raw = sqlite3_column_int(s, 4);
		*report_id_out = sqlite3_column_int64(s, 5);
		store_stmt_done(s);
	}
	return rc;
}

/* The record at..at+len of row s (raw_crc in column 3, the Message-ID
 * in 4): 1 and *raw_out; 0 when it is cut off or its checksum is wrong
 * (logged, naming the message: never handed on to be parsed), or
 * LKB_ERR_IO when the pack cannot be read at all. */
static int
read_packed(struct store *st, sqlite3_stmt *s, uint64_t at, size_t len,
	    char **raw_out)
{
	const char *mid = (const char *)sqlite3_column_text(s, 4);
	uint64_t size;
	int rc;

	if (rawpack_size(st->pack, &size) < 0)
		return LKB_ERR_IO;
	if (at > size || len > size - at) {
		lkb_error("message <%s>: its raw bytes (%zu at offset %llu) "
			  "are cut off: '%s.raw' has %llu bytes; skipped",
			  mid ? mid : "?", len, (unsigned long long)at,
			  st->path, (unsigned long long)size);
		return 0;
	}
	if ((rc = rawpack_read(st->pack, at, len, raw_out)) != LKB_OK)
		return LKB_ERR_IO;
	if (sqlite3_column_type(s, 3) != SQLITE_NULL &&
	    (uint32_t)sqlite3_column_int64(s, 3) !=
	    rawpack_sum(*raw_out, len)) {
		lkb_error("message <%s>: its raw bytes at offset %llu of "
			  "'%s.raw' are damaged (checksum); skipped",
			  mid ? mid : "?", (unsigned long long)at, st->path);
		FREE_AND_NULL(*raw_out);
		return 0;
	}
	return 1;
}

static const char sql_trust[] =
	"UPDATE messages SET trusted = 1 WHERE id = :id";
static const char sql_trusted[] =
	"SELECT 1 FROM messages WHERE id = :id AND trusted = 1";

int
store_message_trust(struct store *st, int64_t id)
{
	sqlite3_stmt *s = store_stmt(st, sql_trust);

	if (!s)
		return LKB_ERR_DB;
	return store_step_done(st, s, store_bind_int(st, s, ":id", id));
}

int
store_message_trusted(struct store *st, int64_t id)
{
	sqlite3_stmt *s = store_stmt(st, sql_trusted);
	int rc;

	if (!s)
		return LKB_ERR_DB;
	rc = store_step_row(st, s, store_bind_int(st, s, ":id", id));
	if (rc == 1)
		store_stmt_done(s);
	return rc;
}

int
store_message_raw(struct store *st, int64_t id, char **raw_out,
		  size_t *len_out)
{
	sqlite3_stmt *s = store_stmt(st, sql_raw);
	int rc;

	*raw_out = NULL;
	*len_out = 0;
	if (!s)
		return LKB_ERR_DB;
	rc = store_step_row(st, s, store_bind_int(st, s, ":id", id));
	if (rc == 1) {
		const void *p = sqlite3_column_blob(s, 0);
		size_t n = (size_t)sqlite3_column_bytes(s, 0);
		int64_t at = sqlite3_column_int64(s, 1);
		int64_t len = sqlite3_column_int64(s, 2);

		rc = 0;
		if (sqlite3_column_type(s, 2) != SQLITE_NULL) {
			/* in the pack beside the database */
			if (at < 0 || len < 0 || (uint64_t)len > SIZE_MAX - 1)
				rc = LKB_ERR_DB;
			else
				rc = read_packed(st, s, (uint64_t)at,
						 (size_t)len, raw_out);
			if (rc == 1)
				*len_out = (size_t)len;
		} else if (p) {		/* kept before schema 8 */
			*raw_out = xmemdup0(p, n);
			*len_out = n;
			rc = 1;
		}
		store_stmt_done(s);
	}
	return rc;
}

int
store_message_foreach(struct store *st, int64_t thread_id, store_msg_fn *fn,
		      void *arg)
{
	sqlite3_stmt *s = store_stmt(st, thread_id ? sql_foreach_thread
						   : sql_foreach_all);
	struct store_msg m;
	int rc = LKB_OK;

	if (!s)
		return LKB_ERR_DB;
	if (thread_id && (rc = store_bind_int(st, s, ":tid", thread_id)))
		goto out;
	while ((rc = store_step(st, s)) == SQLITE_ROW) {
		int stop;

		read_msg(s, &m);
		stop = fn(&m, arg);
		store_msg_release(&m);
		if (stop)
			break;
	}
	rc = rc < 0 ? rc : LKB_OK;
out:
	store_stmt_done(s);
	return rc;
}

int
store_counts(struct store *st, struct store_counts *out)
{
	sqlite3_stmt *s = store_stmt(st, sql_counts);
	int rc;

	memset(out, 0, sizeof(*out));
	if (!s)
		return LKB_ERR_DB;
	rc = store_step(st, s);
	if (rc == SQLITE_ROW) {
		out->messages = sqlite3_column_int64(s, 0);
		out->threads = sqlite3_column_int64(s, 1);
		out->rejected = sqlite3_column_int64(s, 2);
		out->partial = sqlite3_column_int64(s, 3);
		out->robot = sqlite3_column_int64(s, 4);
		rc = LKB_OK;
	} else if (rc >= 0) {
		rc = LKB_ERR_DB;
	}
	store_stmt_done(s);
	return rc;
}

static const char sql_thread_has_report[] =
	"SELECT EXISTS (SELECT 1 FROM reports r JOIN messages m"
	" ON m.id = r.msg_id WHERE m.thread_id = :tid)";

/* Whether thread tid holds a mail whose raw bytes are kept (asked for
 * the few replies that say a patch was applied: no memo). */
static const char sql_thread_has_kept[] =
	"SELECT EXISTS (SELECT 1 FROM messages m WHERE m.thread_id = :tid"
	" AND " STORE_HAS_RAW("m") ")";

static int
thread_has_kept(struct store *st, int64_t tid)
{
	int64_t found = 0;
	int rc = store_lookup_int(st, sql_thread_has_kept, ":tid", NULL, tid,
				  &found);

	return rc < 0 ? rc : rc == 1 && found;
}

/* Whether thread tid holds a report: the query walks the thread's
 * messages, so within a write transaction each answer is kept until a
 * report or a merge may change it. */
static int
thread_has_report(struct store *st, int64_t tid)
{
	size_t slot = (uint64_t)tid % STORE_THREAD_MEMO;
	int64_t found = 0;
	int rc;

	if (st->depth > 0 && st->thread_memo[slot].gen == st->thread_gen &&
	    st->thread_memo[slot].tid == tid)
		return st->thread_memo[slot].has;
	rc = store_lookup_int(st, sql_thread_has_report, ":tid", NULL, tid,
			      &found);
	if (rc < 0)
		return rc;
	found = rc == 1 && found;
	if (st->depth > 0) {
		st->thread_memo[slot].tid = tid;
		st->thread_memo[slot].gen = st->thread_gen;
		st->thread_memo[slot].has = (int)found;
	}
	return (int)found;
}
