/* store_report.c - parsed LKP reports and their tables. */
#include "config.h"
#include "state/store_report.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib/ascii.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"
#include "state/store-internal.h"

static const char sql_by_msg[] = "SELECT id FROM reports WHERE msg_id = :m";
static const char sql_insert[] =
	"INSERT INTO reports (msg_id, kind, subkind, commit_sha, subject_sha,"
	" tree, branch, prefix, testcase, metric, change_pct, verdict, date,"
	" nrows, parsed_at) VALUES (:m, :kind, :sub, :sha, :ssha, :tree,"
	" :branch, :prefix, :tc, :metric, :pct, :verdict, :date, :nrows,"
	" :now)";
static const char sql_update[] =
	"UPDATE reports SET kind = :kind, subkind = :sub, commit_sha = :sha,"
	" subject_sha = :ssha, tree = :tree, branch = :branch, prefix = :prefix,"
	" testcase = :tc, metric = :metric, change_pct = :pct,"
	" verdict = :verdict, date = :date, nrows = :nrows,"
	" parsed_at = :now WHERE msg_id = :m";
/* the JSON lives in its own table: state changes rewrite the reports
 * row, and SQLite rewrites a row whole. Import keeps none (readers make
 * it from the mail: bot/ingest/classify.c); a reparse drops what is there. */
static const char sql_json_put[] =
	"INSERT OR REPLACE INTO report_json (report_id, json) VALUES (:r, :j)";
static const char sql_json_drop[] =
	"DELETE FROM report_json WHERE report_id = :r";
static const char *const sql_clear_parts[] = {
	"DELETE FROM report_params WHERE report_id = :r",
	"DELETE FROM report_status_lines WHERE report_id = :r",
	"DELETE FROM report_impacts WHERE report_id = :r",
	"DELETE FROM report_comparisons WHERE report_id = :r",
};
static const char sql_param[] =
	"INSERT INTO report_params (report_id, pos, key, value)"
	" VALUES (:o, :pos, :k, :v)";
static const char sql_status[] =
	"INSERT INTO report_status_lines (report_id, pos, kind, tree, sha)"
	" VALUES (:r, :pos, :kind, :tree, :sha)";
static const char sql_impact[] =
	"INSERT INTO report_impacts (report_id, pos, testcase, metric,"
	" change_pct, verdict, test_machine, params) VALUES (:r, :pos, :tc,"
	" :metric, :pct, :verdict, :machine, :params)";
static const char sql_cmp[] =
	"INSERT INTO report_comparisons (report_id, pos, host, ncolumns)"
	" VALUES (:r, :pos, :host, :n)";
static const char sql_axis[] =
	"INSERT INTO report_axes (comparison_id, pos, key, value)"
	" VALUES (:o, :pos, :k, :v)";
static const char sql_commit[] =
	"INSERT INTO report_commits (comparison_id, pos, sha, column_name,"
	" subject, note) VALUES (:c, :pos, :sha, :col, :subj, :note)";
/* Metric rows, the most numerous of all (a benchmark import writes
 * 400,000), go METRIC_BATCH to a statement, bound by position: the
 * columns of row k are parameters k * METRIC_NCOLS + 1 and on. */
#define METRIC_NCOLS 11
#define METRIC_BATCH 16
#define METRIC_INSERT                                                        \
	"INSERT INTO report_metrics (comparison_id, row, name, ncols, base,"  \
	" base_stddev, change, value, stddev, kind, more) VALUES "
#define METRIC_ROW "(?,?,?,?,?,?,?,?,?,?,?)"
#define METRIC_ROW4 METRIC_ROW "," METRIC_ROW "," METRIC_ROW "," METRIC_ROW
static const char sql_metric[] = METRIC_INSERT METRIC_ROW;
static const char sql_metric_batch[] = METRIC_INSERT METRIC_ROW4 ","
	METRIC_ROW4 "," METRIC_ROW4 "," METRIC_ROW4;
static const char sql_failure[] =
	"INSERT INTO report_failures (comparison_id, row, name, ncols,"
	" base_fails, base_runs, fails, runs, reproduction_pct, more) VALUES"
	" (:c, :row, :name, :n, :bf, :bruns, :f, :runs, :rep, :more)";
static const char sql_delete[] = "DELETE FROM reports WHERE msg_id = :m";
/* A message that becomes a report after its replies were linked: their
 * shortcuts to a report further up (store_message.c) are wrong now;
 * without them the walk is slower, never wrong. */
static const char sql_forget_shortcuts[] =
	"UPDATE messages SET top_id = NULL, up_report = NULL"
	" WHERE thread_id = (SELECT thread_id FROM messages WHERE id = :m)"
	" AND (top_id IS NOT NULL OR up_report IS NOT NULL)";

/* Bind a number, or NULL when the mail printed none. */
static int
bind_num(struct store *st, sqlite3_stmt *s, const char *name,
	 struct lkp_num n)
{
	if (n.kind == LKP_NUM_INT || n.kind == LKP_NUM_REAL)
		return store_bind_double(st, s, name, n.v);
	return store_bind_null(st, s, name);
}

/* Keep json with report rid; NULL keeps none (and drops an older one). */
static int
write_json(struct store *st, int64_t rid, const char *json)
{
	sqlite3_stmt *s = store_stmt(st, json ? sql_json_put : sql_json_drop);
	int rc;

	if (!s)
		return LKB_ERR_DB;
	if ((rc = store_bind_int(st, s, ":r", rid)) ||
	    (json && (rc = store_bind_text_borrowed(st, s, ":j", json)))) {
		store_stmt_done(s);
		return rc;
	}
	return store_step_done(st, s, LKB_OK);
}

/* INSERT (sql_insert) or UPDATE (sql_update) the report's own row. */
static int
write_report(struct store *st, const char *sql, int64_t msg_id,
	     const struct lkp_report *r)
{
	sqlite3_stmt *s = store_stmt(st, sql);
	int rc;

	if (!s)
		return LKB_ERR_DB;
	if ((rc = store_bind_int(st, s, ":m", msg_id)) ||
	    (rc = store_bind_text(st, s, ":kind", lkp_kind_name(r->kind))) ||
	    (rc = store_bind_text(st, s, ":sub", r->subkind)) ||
	    (rc = store_bind_text(st, s, ":sha", r->commit_sha)) ||
	    (rc = store_bind_text(st, s, ":ssha", r->subject_sha)) ||
	    (rc = store_bind_text(st, s, ":tree", r->tree)) ||
	    (rc = store_bind_text(st, s, ":branch", r->branch)) ||
	    (rc = store_bind_text(st, s, ":prefix", r->prefix)) ||
	    (rc = store_bind_text(st, s, ":tc", r->testcase)) ||
	    (rc = store_bind_text(st, s, ":metric", r->headline_metric)) ||
	    (rc = bind_num(st, s, ":pct", r->headline_change_pct)) ||
	    (rc = store_bind_text(st, s, ":verdict", r->headline_verdict)) ||
	    (rc = r->date == (time_t)-1
			  ? store_bind_null(st, s, ":date")
			  : store_bind_int(st, s, ":date", (int64_t)r->date)) ||
	    (rc = store_bind_int(st, s, ":nrows",
				 (int64_t)lkp_report_row_count(r))) ||
	    (rc = store_bind_int(st, s, ":now", (int64_t)time(NULL)))) {
		store_stmt_done(s);
		return rc;
	}
	return store_step_done(st, s, LKB_OK);
}

/* Rows (owner :o, pos, key, value): parameters, axes. */
static int
insert_kvs(struct store *st, const char *sql, int64_t owner,
	   const struct lkp_kv *kv, size_t n)
{
	int rc = LKB_OK;

	for (size_t i = 0; i < n && rc == LKB_OK; i++) {
		sqlite3_stmt *s = store_stmt(st, sql);

		if (!s)
			return LKB_ERR_DB;
		(void)((rc = store_bind_int(st, s, ":o", owner)) ||
		       (rc = store_bind_int(st, s, ":pos", (int64_t)i)) ||
		       (rc = store_bind_text(st, s, ":k", kv[i].key)) ||
		       (rc = store_bind_text(st, s, ":v", kv[i].value)));
		rc = store_step_done(st, s, rc);
	}
	return rc;
}

static int
insert_lists(struct store *st, int64_t rid, const struct lkp_report *r)
{
	int rc = insert_kvs(st, sql_param, rid, r->params, r->nparams);
	sqlite3_stmt *s;

	for (size_t i = 0; i < r->nstatus_lines && rc == LKB_OK; i++) {
		const struct lkp_status_line *sl = &r->status_lines[i];

		if (!(s = store_stmt(st, sql_status)))
			return LKB_ERR_DB;
		if ((rc = store_bind_int(st, s, ":r", rid)) ||
		    (rc = store_bind_int(st, s, ":pos", (int64_t)i)) ||
		    (rc = store_bind_text(st, s, ":kind", sl->kind)) ||
		    (rc = store_bind_text(st, s, ":tree", sl->tree)) ||
		    (rc = store_bind_text(st, s, ":sha", sl->sha)))
			store_stmt_done(s);
		else
			rc = store_step_done(st, s, LKB_OK);
	}
	return rc;
}

static int
insert_impacts(struct store *st, int64_t rid, const struct lkp_report *r)
{
	int rc = LKB_OK;

	for (size_t i = 0; i < r->nimpacts && rc == LKB_OK; i++) {
		const struct lkp_impact *im = &r->impacts[i];
		sqlite3_stmt *s = store_stmt(st, sql_impact);
		struct strbuf p = STRBUF_INIT;

		if (!s)
			return LKB_ERR_DB;
		for (size_t k = 0; k < im->nparams; k++)
			strbuf_addf(&p, "%s=%s\n", im->params[k].key,
				    im->params[k].value ? im->params[k].value
							: "");
		if ((rc = store_bind_int(st, s, ":r", rid)) ||
		    (rc = store_bind_int(st, s, ":pos", (int64_t)i)) ||
		    (rc = store_bind_text(st, s, ":tc", im->testcase)) ||
		    (rc = store_bind_text(st, s, ":metric", im->metric)) ||
		    (rc = bind_num(st, s, ":pct", im->change_pct)) ||
		    (rc = store_bind_text(st, s, ":verdict", im->verdict)) ||
		    (rc = store_bind_text(st, s, ":machine",
					  im->test_machine)) ||
		    (rc = store_bind_text(st, s, ":params", p.buf)))
			store_stmt_done(s);
		else
			rc = store_step_done(st, s, LKB_OK);
		strbuf_release(&p);
	}
	return rc;
}

/* Cell c of v[], or none past the end (c may be (size_t)-1 + 1 == 0
 * for "the change of column 0"). */
static struct lkp_num
cell(const struct lkp_num *v, size_t n, size_t c)
{
	struct lkp_num none = { 0, LKP_NUM_NONE };

	return v && c < n ? v[c] : none;
}

/* A number for the "more" JSON: the shortest %g form that reads back
 * as the same double, null when absent. */
static void
add_json_num(struct strbuf *sb, struct lkp_num n)
{
	char buf[40];
	char *end;

	if ((n.kind != LKP_NUM_INT && n.kind != LKP_NUM_REAL) ||
	    !isfinite(n.v)) {
		strbuf_adds(sb, "null");
		return;
	}
	snprintf(buf, sizeof(buf), "%.15g", n.v);
	if (strtod(buf, &end) != n.v)
		snprintf(buf, sizeof(buf), "%.17g", n.v);
	strbuf_adds(sb, buf);
}

/* Columns 2.. of a row as JSON [[x, y, z], ...] into sb, where x, y,
 * z are the cells of a, b, c in that column (c is one shorter: it
 * holds changes against column 0). Empty when there are none. */
static void
more_json(struct strbuf *sb, size_t ncols, const struct lkp_num *a,
	  const struct lkp_num *b, const struct lkp_num *c, int c_first)
{
	strbuf_reset(sb);
	for (size_t k = 2; k < ncols; k++) {
		struct lkp_num x = c_first ? cell(c, ncols - 1, k - 1)
					   : cell(a, ncols, k);
		struct lkp_num y = c_first ? cell(a, ncols, k)
					   : cell(b, ncols, k);
		struct lkp_num z = c_first ? cell(b, ncols, k)
					   : cell(c, ncols - 1, k - 1);

		strbuf_addch(sb, k == 2 ? '[' : ',');
		strbuf_addch(sb, '[');
		add_json_num(sb, x);
		strbuf_addch(sb, ',');
		add_json_num(sb, y);
		strbuf_addch(sb, ',');
		add_json_num(sb, z);
		strbuf_addch(sb, ']');
	}
	if (ncols > 2)
		strbuf_addch(sb, ']');
}

/* A number by position, NULL when the mail printed none; an SQLite
 * result code. */
static int
bind_num_at(sqlite3_stmt *s, int i, struct lkp_num n)
{
	if (n.kind == LKP_NUM_INT || n.kind == LKP_NUM_REAL)
		return sqlite3_bind_double(s, i, n.v);
	return sqlite3_bind_null(s, i);
}

static int
bind_text_at(sqlite3_stmt *s, int i, const char *v, sqlite3_destructor_type d)
{
	return v ? sqlite3_bind_text(s, i, v, -1, d) : sqlite3_bind_null(s, i);
}

/* Bind table row `row` of comparison cid as the METRIC_NCOLS parameters
 * from i on. LKB_OK or a negative status. */
static int
bind_metric(struct store *st, sqlite3_stmt *s, int i, int64_t cid,
	    size_t row, const struct lkp_metric *m, struct strbuf *more)
{
	const char *kind = m->change_kind == LKP_CHANGE_PERCENT    ? "percent"
			   : m->change_kind == LKP_CHANGE_ABSOLUTE ? "absolute"
								   : NULL;
	size_t n = m->ncols;
	int src;

	more_json(more, n, m->values, m->stddev, m->changes, 1);
	/* more is rewritten for the next row: SQLite keeps a copy */
	if ((src = sqlite3_bind_int64(s, i, cid)) ||
	    (src = sqlite3_bind_int64(s, i + 1, (int64_t)row)) ||
	    (src = bind_text_at(s, i + 2, m->name, SQLITE_STATIC)) ||
	    (src = sqlite3_bind_int64(s, i + 3, (int64_t)n)) ||
	    (src = bind_num_at(s, i + 4, cell(m->values, n, 0))) ||
	    (src = bind_num_at(s, i + 5, cell(m->stddev, n, 0))) ||
	    (src = bind_num_at(s, i + 6, cell(m->changes, n ? n - 1 : 0, 0))) ||
	    (src = bind_num_at(s, i + 7, cell(m->values, n, 1))) ||
	    (src = bind_num_at(s, i + 8, cell(m->stddev, n, 1))) ||
	    (src = bind_text_at(s, i + 9, n > 1 ? kind : NULL, SQLITE_STATIC)) ||
	    (src = bind_text_at(s, i + 10, n > 2 ? more->buf : NULL,
				SQLITE_TRANSIENT)))
		return store_err(st, src, "cannot bind");
	return LKB_OK;
}

/* One row of report_metrics per table row of c (comparison cid). */
static int
insert_metrics(struct store *st, int64_t cid, const struct lkp_comparison *c,
	       struct strbuf *more)
{
	size_t k = 0;
	int rc = LKB_OK;

	while (k < c->nmetrics && rc == LKB_OK) {
		size_t n = c->nmetrics - k >= METRIC_BATCH ? METRIC_BATCH : 1;
		sqlite3_stmt *s = store_stmt(st, n > 1 ? sql_metric_batch
						       : sql_metric);

		if (!s)
			return LKB_ERR_DB;
		for (size_t j = 0; j < n && rc == LKB_OK; j++, k++)
			rc = bind_metric(st, s, (int)(j * METRIC_NCOLS) + 1,
					 cid, k, &c->metrics[k], more);
		rc = store_step_done(st, s, rc);
	}
	return rc;
}

/* One row of report_failures per table row. */
static int
insert_failure(struct store *st, int64_t cid, size_t row,
	       const struct lkp_failure *f, struct strbuf *more)
{
	size_t n = f->ncols;
	sqlite3_stmt *s = store_stmt(st, sql_failure);
	int rc;

	if (!s)
		return LKB_ERR_DB;
	more_json(more, n, f->fails, f->runs, f->repro, 0);
	if ((rc = store_bind_int(st, s, ":c", cid)) ||
	    (rc = store_bind_int(st, s, ":row", (int64_t)row)) ||
	    (rc = store_bind_text_borrowed(st, s, ":name", f->name)) ||
	    (rc = store_bind_int(st, s, ":n", (int64_t)n)) ||
	    (rc = bind_num(st, s, ":bf", cell(f->fails, n, 0))) ||
	    (rc = bind_num(st, s, ":bruns", cell(f->runs, n, 0))) ||
	    (rc = bind_num(st, s, ":f", cell(f->fails, n, 1))) ||
	    (rc = bind_num(st, s, ":runs", cell(f->runs, n, 1))) ||
	    (rc = bind_num(st, s, ":rep", cell(f->repro, n ? n - 1 : 0, 0))) ||
	    (rc = store_bind_text_borrowed(st, s, ":more", n > 2 ? more->buf : NULL))) {
		store_stmt_done(s);
		return rc;
	}
	return store_step_done(st, s, LKB_OK);
}

static int
insert_cmp_head(struct store *st, int64_t cid, const struct lkp_comparison *c)
{
	int rc = insert_kvs(st, sql_axis, cid, c->axes, c->naxes);
	sqlite3_stmt *s;

	for (size_t i = 0; i < c->ncompared && rc == LKB_OK; i++) {
		const struct lkp_commit_ref *cr = &c->compared[i];

		if (!(s = store_stmt(st, sql_commit)))
			return LKB_ERR_DB;
		if ((rc = store_bind_int(st, s, ":c", cid)) ||
		    (rc = store_bind_int(st, s, ":pos", (int64_t)i)) ||
		    (rc = store_bind_text(st, s, ":sha", cr->sha)) ||
		    (rc = store_bind_text(st, s, ":col", i < c->ncolumns
							 ? c->columns[i]
							 : NULL)) ||
		    (rc = store_bind_text(st, s, ":subj", cr->subject)) ||
		    (rc = store_bind_text(st, s, ":note", cr->note)))
			store_stmt_done(s);
		else
			rc = store_step_done(st, s, LKB_OK);
	}
	return rc;
}

static int
insert_comparisons(struct store *st, int64_t rid, const struct lkp_report *r)
{
	struct strbuf more = STRBUF_INIT;
	int rc = LKB_OK;

	for (size_t i = 0; i < r->ncomparisons && rc == LKB_OK; i++) {
		const struct lkp_comparison *c = &r->comparisons[i];
		sqlite3_stmt *s = store_stmt(st, sql_cmp);
		int64_t cid;

		if (!s) {
			rc = LKB_ERR_DB;
			break;
		}
		if ((rc = store_bind_int(st, s, ":r", rid)) ||
		    (rc = store_bind_int(st, s, ":pos", (int64_t)i)) ||
		    (rc = store_bind_text(st, s, ":host", c->host)) ||
		    (rc = store_bind_int(st, s, ":n", (int64_t)c->ncolumns))) {
			store_stmt_done(s);
			break;
		}
		if ((rc = store_step_done(st, s, LKB_OK)) != LKB_OK)
			break;
		cid = sqlite3_last_insert_rowid(st->db);
		rc = insert_cmp_head(st, cid, c);
		if (rc == LKB_OK)
			rc = insert_metrics(st, cid, c, &more);
		for (size_t k = 0; k < c->nfailures && rc == LKB_OK; k++)
			rc = insert_failure(st, cid, k, &c->failures[k],
					    &more);
	}
	strbuf_release(&more);
	return rc;
}

int
store_report_add(struct store *st, int64_t msg_id, const struct lkp_report *r,
		 const char *json, int64_t *id_out)
{
	int64_t rid = 0;
	int rc;

	if ((rc = store_begin_write(st)) != LKB_OK)
		return rc;
	rc = store_lookup_int(st, sql_by_msg, ":m", NULL, msg_id, &rid);
	if (rc < 0)
		goto fail;
	if (rc == 0) {
		if ((rc = write_report(st, sql_insert, msg_id, r)) != LKB_OK)
			goto fail;
		store_thread_memo_forget(st);	/* its thread holds one now */
		rid = sqlite3_last_insert_rowid(st->db);
		mid_index_report(st, msg_id, rid);
		if ((rc = write_json(st, rid, json)) != LKB_OK ||
		    (rc = insert_lists(st, rid, r)) != LKB_OK ||
		    (rc = insert_impacts(st, rid, r)) != LKB_OK ||
		    (rc = insert_comparisons(st, rid, r)) != LKB_OK)
			goto fail;
	}
	if (id_out)
		*id_out = rid;
	return store_commit(st);
fail:
	store_rollback(st);
	return rc;
}

int
store_report_delete_for_message(struct store *st, int64_t msg_id)
{
	sqlite3_stmt *s = store_stmt(st, sql_delete);
	int rc;

	if (!s)
		return LKB_ERR_DB;
	if ((rc = store_bind_int(st, s, ":m", msg_id)) != LKB_OK) {
		store_stmt_done(s);
		return rc;
	}
	store_thread_memo_forget(st);
	mid_index_drop(st, "a report deleted");
	return store_step_done(st, s, LKB_OK);
}

static int
forget_shortcuts(struct store *st, int64_t msg_id)
{
	sqlite3_stmt *s = store_stmt(st, sql_forget_shortcuts);

	mid_index_drop(st, "shortcuts forgotten");
	if (!s)
		return LKB_ERR_DB;
	return store_step_done(st, s, store_bind_int(st, s, ":m", msg_id));
}

int
store_report_reparse(struct store *st, int64_t msg_id,
		     const struct lkp_report *r, const char *json,
		     int64_t *id_out)
{
	int64_t rid = 0;
	int rc;

	if ((rc = store_begin_write(st)) != LKB_OK)
		return rc;
	rc = store_lookup_int(st, sql_by_msg, ":m", NULL, msg_id, &rid);
	if (rc < 0)
		goto fail;
	if (rc == 0) {
		if ((rc = forget_shortcuts(st, msg_id)) != LKB_OK)
			goto fail;
		if ((rc = store_commit(st)) != LKB_OK)
			return rc;
		return store_report_add(st, msg_id, r, json, id_out);
	}
	/* the row (and its state, events, history) stays; its parts are
	 * written anew from the new parse */
	for (size_t i = 0; i < LKB_ARRAY_SIZE(sql_clear_parts); i++) {
		sqlite3_stmt *s = store_stmt(st, sql_clear_parts[i]);

		if (!s) {
			rc = LKB_ERR_DB;
			goto fail;
		}
		if ((rc = store_bind_int(st, s, ":r", rid)) != LKB_OK) {
			store_stmt_done(s);
			goto fail;
		}
		if ((rc = store_step_done(st, s, LKB_OK)) != LKB_OK)
			goto fail;
	}
	if ((rc = write_report(st, sql_update, msg_id, r)) != LKB_OK ||
	    (rc = write_json(st, rid, json)) != LKB_OK ||
	    (rc = insert_lists(st, rid, r)) != LKB_OK ||
	    (rc = insert_impacts(st, rid, r)) != LKB_OK ||
	    (rc = insert_comparisons(st, rid, r)) != LKB_OK)
		goto fail;
	if (id_out)
		*id_out = rid;
	return store_commit(st);
fail:
	store_rollback(st);
	return rc;
}
