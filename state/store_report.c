/* store_report.c - parsed LKP reports and their tables. */
#include "config.h"
#include "state/store_report.h"

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
	" nrows, json, parsed_at) VALUES (:m, :kind, :sub, :sha, :ssha, :tree,"
	" :branch, :prefix, :tc, :metric, :pct, :verdict, :date, :nrows,"
	" :json, :now)";
static const char sql_update[] =
	"UPDATE reports SET kind = :kind, subkind = :sub, commit_sha = :sha,"
	" subject_sha = :ssha, tree = :tree, branch = :branch, prefix = :prefix,"
	" testcase = :tc, metric = :metric, change_pct = :pct,"
	" verdict = :verdict, date = :date, nrows = :nrows, json = :json,"
	" parsed_at = :now WHERE msg_id = :m";
static const char *const sql_clear_parts[] = {
	"DELETE FROM report_params WHERE report_id = :r",
	"DELETE FROM report_status_lines WHERE report_id = :r",
	"DELETE FROM report_impacts WHERE report_id = :r",
	"DELETE FROM report_comparisons WHERE report_id = :r",
};
static const char sql_param[] =
	"INSERT INTO report_params (report_id, pos, key, value)"
	" VALUES (:r, :pos, :k, :v)";
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
	" VALUES (:c, :pos, :k, :v)";
static const char sql_commit[] =
	"INSERT INTO report_commits (comparison_id, pos, sha, column_name,"
	" subject, note) VALUES (:c, :pos, :sha, :col, :subj, :note)";
static const char sql_metric[] =
	"INSERT INTO report_metrics (comparison_id, row, col, name, value,"
	" stddev, change, kind) VALUES (:c, :row, :col, :name, :v, :sd, :chg,"
	" :kind)";
static const char sql_failure[] =
	"INSERT INTO report_failures (comparison_id, row, col, name, fails,"
	" runs, reproduction_pct) VALUES (:c, :row, :col, :name, :f, :runs,"
	" :rep)";
static const char sql_delete[] = "DELETE FROM reports WHERE msg_id = :m";

static int
done(struct store *st, sqlite3_stmt *s)
{
	int rc = store_step(st, s);

	store_stmt_done(s);
	return rc == SQLITE_DONE ? LKB_OK : rc < 0 ? rc : LKB_ERR_DB;
}

/* Bind a number, or NULL when the mail printed none. */
static int
bind_num(struct store *st, sqlite3_stmt *s, const char *name,
	 struct lkp_num n)
{
	if (n.kind == LKP_NUM_INT || n.kind == LKP_NUM_REAL)
		return store_bind_double(st, s, name, n.v);
	return store_bind_null(st, s, name);
}

static int
lookup(struct store *st, const char *sql, const char *name, int64_t v,
       int64_t *id_out)
{
	sqlite3_stmt *s = store_stmt(st, sql);
	int rc;

	if (!s)
		return LKB_ERR_DB;
	if ((rc = store_bind_int(st, s, name, v)) != LKB_OK)
		goto out;
	rc = store_step(st, s);
	if (rc == SQLITE_ROW) {
		*id_out = sqlite3_column_int64(s, 0);
		rc = 1;
	} else if (rc == SQLITE_DONE) {
		rc = 0;
	}
out:
	store_stmt_done(s);
	return rc;
}

/* INSERT (sql_insert) or UPDATE (sql_update) the report's own row. */
static int
write_report(struct store *st, const char *sql, int64_t msg_id,
	     const struct lkp_report *r, const char *json)
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
	    (rc = store_bind_text(st, s, ":json", json ? json : "{}")) ||
	    (rc = store_bind_int(st, s, ":now", (int64_t)time(NULL)))) {
		store_stmt_done(s);
		return rc;
	}
	return done(st, s);
}

static int
insert_lists(struct store *st, int64_t rid, const struct lkp_report *r)
{
	sqlite3_stmt *s;
	int rc = LKB_OK;

	for (size_t i = 0; i < r->nparams && rc == LKB_OK; i++) {
		if (!(s = store_stmt(st, sql_param)))
			return LKB_ERR_DB;
		if ((rc = store_bind_int(st, s, ":r", rid)) ||
		    (rc = store_bind_int(st, s, ":pos", (int64_t)i)) ||
		    (rc = store_bind_text(st, s, ":k", r->params[i].key)) ||
		    (rc = store_bind_text(st, s, ":v", r->params[i].value)))
			store_stmt_done(s);
		else
			rc = done(st, s);
	}
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
			rc = done(st, s);
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
			if (strbuf_addf(&p, "%s=%s\n", im->params[k].key,
					im->params[k].value ? im->params[k].value
							    : ""))
				break;
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
			rc = done(st, s);
		strbuf_release(&p);
	}
	return rc;
}

static int
insert_metric(struct store *st, int64_t cid, size_t row,
	      const struct lkp_metric *m)
{
	const char *kind = m->change_kind == LKP_CHANGE_PERCENT    ? "percent"
			   : m->change_kind == LKP_CHANGE_ABSOLUTE ? "absolute"
								   : NULL;
	int rc = LKB_OK;

	for (size_t c = 0; c < m->ncols && rc == LKB_OK; c++) {
		sqlite3_stmt *s = store_stmt(st, sql_metric);
		struct lkp_num none = { 0, LKP_NUM_NONE };

		if (!s)
			return LKB_ERR_DB;
		if ((rc = store_bind_int(st, s, ":c", cid)) ||
		    (rc = store_bind_int(st, s, ":row", (int64_t)row)) ||
		    (rc = store_bind_int(st, s, ":col", (int64_t)c)) ||
		    (rc = store_bind_text(st, s, ":name", m->name)) ||
		    (rc = bind_num(st, s, ":v", m->values[c])) ||
		    (rc = bind_num(st, s, ":sd", m->stddev[c])) ||
		    (rc = bind_num(st, s, ":chg",
				   c ? m->changes[c - 1] : none)) ||
		    (rc = store_bind_text(st, s, ":kind", c ? kind : NULL)))
			store_stmt_done(s);
		else
			rc = done(st, s);
	}
	return rc;
}

static int
insert_failure(struct store *st, int64_t cid, size_t row,
	       const struct lkp_failure *f)
{
	int rc = LKB_OK;

	for (size_t c = 0; c < f->ncols && rc == LKB_OK; c++) {
		sqlite3_stmt *s = store_stmt(st, sql_failure);
		struct lkp_num none = { 0, LKP_NUM_NONE };

		if (!s)
			return LKB_ERR_DB;
		if ((rc = store_bind_int(st, s, ":c", cid)) ||
		    (rc = store_bind_int(st, s, ":row", (int64_t)row)) ||
		    (rc = store_bind_int(st, s, ":col", (int64_t)c)) ||
		    (rc = store_bind_text(st, s, ":name", f->name)) ||
		    (rc = bind_num(st, s, ":f", f->fails[c])) ||
		    (rc = bind_num(st, s, ":runs", f->runs[c])) ||
		    (rc = bind_num(st, s, ":rep", c ? f->repro[c - 1] : none)))
			store_stmt_done(s);
		else
			rc = done(st, s);
	}
	return rc;
}

static int
insert_cmp_head(struct store *st, int64_t cid, const struct lkp_comparison *c)
{
	sqlite3_stmt *s;
	int rc = LKB_OK;

	for (size_t i = 0; i < c->naxes && rc == LKB_OK; i++) {
		if (!(s = store_stmt(st, sql_axis)))
			return LKB_ERR_DB;
		if ((rc = store_bind_int(st, s, ":c", cid)) ||
		    (rc = store_bind_int(st, s, ":pos", (int64_t)i)) ||
		    (rc = store_bind_text(st, s, ":k", c->axes[i].key)) ||
		    (rc = store_bind_text(st, s, ":v", c->axes[i].value)))
			store_stmt_done(s);
		else
			rc = done(st, s);
	}
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
			rc = done(st, s);
	}
	return rc;
}

static int
insert_comparisons(struct store *st, int64_t rid, const struct lkp_report *r)
{
	int rc = LKB_OK;

	for (size_t i = 0; i < r->ncomparisons && rc == LKB_OK; i++) {
		const struct lkp_comparison *c = &r->comparisons[i];
		sqlite3_stmt *s = store_stmt(st, sql_cmp);
		int64_t cid;

		if (!s)
			return LKB_ERR_DB;
		if ((rc = store_bind_int(st, s, ":r", rid)) ||
		    (rc = store_bind_int(st, s, ":pos", (int64_t)i)) ||
		    (rc = store_bind_text(st, s, ":host", c->host)) ||
		    (rc = store_bind_int(st, s, ":n", (int64_t)c->ncolumns))) {
			store_stmt_done(s);
			return rc;
		}
		if ((rc = done(st, s)) != LKB_OK)
			return rc;
		cid = sqlite3_last_insert_rowid(st->db);
		rc = insert_cmp_head(st, cid, c);
		for (size_t k = 0; k < c->nmetrics && rc == LKB_OK; k++)
			rc = insert_metric(st, cid, k, &c->metrics[k]);
		for (size_t k = 0; k < c->nfailures && rc == LKB_OK; k++)
			rc = insert_failure(st, cid, k, &c->failures[k]);
	}
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
	rc = lookup(st, sql_by_msg, ":m", msg_id, &rid);
	if (rc < 0)
		goto fail;
	if (rc == 0) {
		if ((rc = write_report(st, sql_insert, msg_id, r, json)) !=
		    LKB_OK)
			goto fail;
		rid = sqlite3_last_insert_rowid(st->db);
		if ((rc = insert_lists(st, rid, r)) != LKB_OK ||
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
	return done(st, s);
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
	rc = lookup(st, sql_by_msg, ":m", msg_id, &rid);
	if (rc < 0)
		goto fail;
	if (rc == 0) {
		store_rollback(st);
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
		if ((rc = done(st, s)) != LKB_OK)
			goto fail;
	}
	if ((rc = write_report(st, sql_update, msg_id, r, json)) != LKB_OK ||
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
