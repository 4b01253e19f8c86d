/* store_report_query.c - reading reports back: list, find, JSON. */
#include "config.h"
#include "state/store_report.h"

#include <stdlib.h>
#include <string.h>

#include "lib/ascii.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"
#include "state/store-internal.h"

static const char sql_list[] =
	"SELECT r.id, r.msg_id, coalesce(r.date, -1), m.message_id, m.subject,"
	" r.kind, r.state, r.commit_sha, r.testcase, r.metric, r.verdict,"
	" r.change_pct, r.subkind, r.subject_sha, r.tree, r.branch, r.prefix,"
	" r.close_reason, coalesce(r.duplicate_of, 0), r.nrows,"
	" r.unverified"
	" FROM reports r JOIN messages m ON m.id = r.msg_id"
	" WHERE (:kind IS NULL OR r.kind = :kind)"
	" AND (:state IS NULL OR r.state = :state)"
	" AND (:tc IS NULL OR r.testcase = :tc)"
	" AND (:pfx IS NULL OR substr(r.commit_sha, 1, length(:pfx)) = :pfx)"
	" AND (:since IS NULL OR r.date >= :since)"
	" ORDER BY coalesce(r.date, 0), r.id";
static const char sql_by_id[] = "SELECT id FROM reports WHERE id = :id";
static const char sql_by_mid[] =
	"SELECT r.id FROM reports r JOIN messages m ON m.id = r.msg_id"
	" WHERE m.message_id = :mid";
static const char sql_by_prefix[] =
	"SELECT id, commit_sha FROM reports"
	" WHERE commit_sha >= :pfx AND commit_sha < :pfx || 'g'"	/* index */
	" AND substr(commit_sha, 1, length(:pfx)) = :pfx ORDER BY id LIMIT 11";
static const char sql_msg_id[] = "SELECT msg_id FROM reports WHERE id = :id";
static const char sql_activity[] =
	"SELECT r.id,"
	" (SELECT max(t.date) FROM messages t WHERE t.thread_id = m.thread_id"
	"  AND t.date >= coalesce(r.date, 0)),"
	" (SELECT max(h.date) FROM report_history h WHERE h.report_id = r.id),"
	" (SELECT hm.from_addr FROM report_history h"
	"  JOIN messages hm ON hm.id = h.msg_id WHERE h.report_id = r.id"
	"  ORDER BY h.id DESC LIMIT 1),"
	" (SELECT count(*) FROM events e WHERE e.report_id = r.id"
	"  AND e.review = 'pending'),"
	" (SELECT t.message_id FROM messages t WHERE t.thread_id = m.thread_id"
	"  AND t.date >= coalesce(r.date, 0) ORDER BY t.date DESC, t.id DESC"
	"  LIMIT 1)"
	" FROM reports r JOIN messages m ON m.id = r.msg_id ORDER BY r.id";
static const char sql_newest[] =
	"SELECT max(date) FROM messages WHERE date IS NOT NULL";
static const char sql_json[] = "SELECT json FROM report_json WHERE report_id = :id";

int
store_report_list(struct store *st, const struct store_report_filter *f,
		  store_report_fn *fn, void *arg)
{
	sqlite3_stmt *s = store_stmt(st, sql_list);
	struct store_report_row row;
	int rc;

	if (!s)
		return LKB_ERR_DB;
	if ((rc = store_bind_text(st, s, ":kind", f ? f->kind : NULL)) ||
	    (rc = store_bind_text(st, s, ":state", f ? f->state : NULL)) ||
	    (rc = store_bind_text(st, s, ":tc", f ? f->testcase : NULL)) ||
	    (rc = store_bind_text(st, s, ":pfx",
				  f ? f->commit_prefix : NULL)) ||
	    (rc = f && f->since ? store_bind_int(st, s, ":since", f->since)
				: store_bind_null(st, s, ":since")))
		goto out;
	while ((rc = store_step(st, s)) == SQLITE_ROW) {
		memset(&row, 0, sizeof(row));
		row.id = sqlite3_column_int64(s, 0);
		row.msg_id = sqlite3_column_int64(s, 1);
		row.date = sqlite3_column_int64(s, 2);
		row.message_id = (const char *)sqlite3_column_text(s, 3);
		row.subject = (const char *)sqlite3_column_text(s, 4);
		row.kind = (const char *)sqlite3_column_text(s, 5);
		row.state = (const char *)sqlite3_column_text(s, 6);
		row.commit_sha = (const char *)sqlite3_column_text(s, 7);
		row.testcase = (const char *)sqlite3_column_text(s, 8);
		row.metric = (const char *)sqlite3_column_text(s, 9);
		row.verdict = (const char *)sqlite3_column_text(s, 10);
		row.has_change = sqlite3_column_type(s, 11) != SQLITE_NULL;
		row.change_pct = sqlite3_column_double(s, 11);
		row.subkind = (const char *)sqlite3_column_text(s, 12);
		row.subject_sha = (const char *)sqlite3_column_text(s, 13);
		row.tree = (const char *)sqlite3_column_text(s, 14);
		row.branch = (const char *)sqlite3_column_text(s, 15);
		row.prefix = (const char *)sqlite3_column_text(s, 16);
		row.close_reason = (const char *)sqlite3_column_text(s, 17);
		row.duplicate_of = sqlite3_column_int64(s, 18);
		row.nrows = sqlite3_column_int64(s, 19);
		row.unverified = (const char *)sqlite3_column_text(s, 20);
		if (fn(&row, arg))
			break;
	}
	rc = rc < 0 ? rc : LKB_OK;
out:
	store_stmt_done(s);
	return rc;
}

static int
is_hex_key(const char *k, size_t n)
{
	if (n < 7 || n > 40)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!LKB_ISXDIGIT(k[i]))
			return 0;
	return 1;
}

static int
find_prefix(struct store *st, const char *key, size_t n, int64_t *id_out,
	    char **why_out)
{
	sqlite3_stmt *s = store_stmt(st, sql_by_prefix);
	struct strbuf why = STRBUF_INIT;
	char pfx[41];
	int rc, found = 0;

	if (!s)
		return LKB_ERR_DB;
	for (size_t i = 0; i < n; i++)
		pfx[i] = (char)LKB_TOLOWER(key[i]);
	pfx[n] = '\0';
	if ((rc = store_bind_text(st, s, ":pfx", pfx)) != LKB_OK)
		goto out;
	while ((rc = store_step(st, s)) == SQLITE_ROW) {
		if (found == 10) {
			strbuf_adds(&why, ", ...");
			continue;
		}
		if (!found)
			*id_out = sqlite3_column_int64(s, 0);
		strbuf_addf(&why, "%s%lld (%s)", found ? ", " : "",
			    (long long)sqlite3_column_int64(s, 0),
			    (const char *)sqlite3_column_text(s, 1));
		found++;
	}
	if (rc < 0)
		goto out;
	rc = found > 1 ? LKB_ERR_USAGE : found;
	if (found > 1 && why_out)
		*why_out = xasprintf("commit prefix '%s' is ambiguous: reports "
				     "%s", pfx, why.buf);
out:
	store_stmt_done(s);
	strbuf_release(&why);
	return rc;
}

int
store_report_find(struct store *st, const char *key, int64_t *id_out,
		  char **why_out)
{
	size_t n = strlen(key);
	int all_digits = n > 0 && n < 18, rc;
	char *mid;

	if (why_out)
		*why_out = NULL;
	for (size_t i = 0; i < n && all_digits; i++)
		all_digits = LKB_ISDIGIT(key[i]);
	if (all_digits) {
		rc = store_lookup_int(st, sql_by_id, ":id", NULL,
				      strtoll(key, NULL, 10), id_out);
		if (rc != 0)
			return rc;
	}
	if (memchr(key, '@', n)) {
		if (n >= 2 && key[0] == '<' && key[n - 1] == '>') {
			mid = xmemdup0(key + 1, n - 2);
			rc = store_lookup_int(st, sql_by_mid, ":mid", mid, 0,
					      id_out);
			free(mid);
			return rc;
		}
		return store_lookup_int(st, sql_by_mid, ":mid", key, 0, id_out);
	}
	if (is_hex_key(key, n))
		return find_prefix(st, key, n, id_out, why_out);
	return 0;
}

int
store_report_msg_id(struct store *st, int64_t id, int64_t *msg_id_out)
{
	return store_lookup_int(st, sql_msg_id, ":id", NULL, id, msg_id_out);
}

int
store_report_json(struct store *st, int64_t id, char **json_out)
{
	sqlite3_stmt *s = store_stmt(st, sql_json);
	int rc;

	*json_out = NULL;
	if (!s)
		return LKB_ERR_DB;
	rc = store_step_row(st, s, store_bind_int(st, s, ":id", id));
	if (rc == 1) {
		*json_out = store_col_strdup(s, 0);
		rc = *json_out ? 1 : 0;
		store_stmt_done(s);
	}
	return rc;
}

static int64_t
col_date(sqlite3_stmt *s, int i)
{
	return sqlite3_column_type(s, i) == SQLITE_NULL
	       ? -1 : sqlite3_column_int64(s, i);
}

int
store_report_activity_foreach(struct store *st, store_activity_fn *fn,
			      void *arg)
{
	sqlite3_stmt *s = store_stmt(st, sql_activity);
	struct store_report_activity a;
	int rc;

	if (!s)
		return LKB_ERR_DB;
	while ((rc = store_step(st, s)) == SQLITE_ROW) {
		a.id = sqlite3_column_int64(s, 0);
		a.last_mail = col_date(s, 1);
		a.last_change = col_date(s, 2);
		a.who = (const char *)sqlite3_column_text(s, 3);
		a.nreview = sqlite3_column_int64(s, 4);
		a.last_mid = (const char *)sqlite3_column_text(s, 5);
		if (fn(&a, arg))
			break;
	}
	rc = rc < 0 ? rc : LKB_OK;
	store_stmt_done(s);
	return rc;
}

int
store_newest_mail(struct store *st, int64_t *out)
{
	sqlite3_stmt *s = store_stmt(st, sql_newest);
	int rc;

	if (!s)
		return LKB_ERR_DB;
	rc = store_step_row(st, s, LKB_OK);
	if (rc == 1) {
		rc = sqlite3_column_type(s, 0) != SQLITE_NULL;
		*out = sqlite3_column_int64(s, 0);
		store_stmt_done(s);
	}
	return rc;
}
