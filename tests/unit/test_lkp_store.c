/* test_lkp_store.c - reports in the store: add, list with filters, find
 * by id / Message-ID / commit prefix (ambiguity reported), JSON back
 * (kept, or made from the kept mail), delete for reparse. Cell counts are checked over a second, plain
 * SQLite connection. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sqlite3.h>

#include "bot/report/json.h"
#include "bot/report/stored.h"
#include "lib/arena.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "parsers/message.h"
#include "state/store.h"
#include "state/store_report.h"
#include "tests/unit/check_main.h"
#include "tests/unit/test_lkp_input.h"

static char path[512];
static struct store *st;
static struct arena A;
static struct strbuf bufs[3];

static void
setup(void)
{
	const char *tmp = getenv("TMPDIR");
	static unsigned seq;

	snprintf(path, sizeof(path), "%s/lkb-test-report-%lld-%u-%ld.db",
		 tmp && *tmp ? tmp : "/tmp", (long long)time(NULL), seq++,
		 (long)clock());
	remove(path);
	ck_assert_int_eq(store_open(path, STORE_RW, &st), LKB_OK);
	arena_init(&A);
	for (size_t i = 0; i < 3; i++)
		strbuf_init(&bufs[i], 0);
}

static void
teardown(void)
{
	store_close(st);
	lkb_test_remove_db(path);
	arena_release(&A);
	for (size_t i = 0; i < 3; i++)
		strbuf_release(&bufs[i]);
}

/* Parse tests/data/report/NAME.in and store message + report. */
static int64_t
add(const char *name, struct strbuf *sb, const struct lkp_report **r_out)
{
	struct lkp_report_input in;
	struct lkp_report_part parts[LKP_INPUT_MAX_PARTS];
	struct lkp_report *r;
	struct message m;
	struct store_msg_in smi;
	char file[1024], hash[65];
	int64_t mid, rid, rid2;
	int is_new;

	snprintf(file, sizeof(file), "%s/report/%s.in", lkb_test_data_dir(),
		 name);
	ck_assert_int_eq(lkp_input_read_file(file, sb), 0);
	ck_assert_int_eq(lkp_input_parse(&A, sb->buf, sb->len, &in, parts), 0);
	ck_assert_int_eq(lkp_report_parse(&A, &in, &r), 1);
	memset(&m, 0, sizeof(m));
	m.message_id = in.message_id;
	m.subject = in.subject;
	m.from.name = in.from_name;
	m.from.addr = in.from_addr;
	m.date = in.date;
	m.body = in.body;
	m.body_len = in.body_len;
	memset(&smi, 0, sizeof(smi));
	smi.m = &m;
	smi.source = name;
	snprintf(hash, sizeof(hash), "%064zu", sb->len);
	smi.content_hash = hash;
	smi.is_robot = 1;
	ck_assert_int_eq(store_message_add(st, &smi, &mid, &is_new), LKB_OK);
	ck_assert_int_eq(store_report_add(st, mid, r, "{\"x\": 1}", &rid),
			 LKB_OK);
	/* a second add of the same message writes nothing */
	ck_assert_int_eq(store_report_add(st, mid, r, "{}", &rid2), LKB_OK);
	ck_assert_int_eq(rid, rid2);
	if (r_out)
		*r_out = r;
	return rid;
}

static long long
count(const char *sql)
{
	sqlite3 *db;
	sqlite3_stmt *s;
	long long n = -1;

	ck_assert_int_eq(sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY,
					 NULL), SQLITE_OK);
	ck_assert_int_eq(sqlite3_prepare_v2(db, sql, -1, &s, NULL),
			 SQLITE_OK);
	if (sqlite3_step(s) == SQLITE_ROW)
		n = sqlite3_column_int64(s, 0);
	sqlite3_finalize(s);
	sqlite3_close(db);
	return n;
}

/* A whole mail from tests/data/msg, stored as import stores it: with its
 * raw bytes when keep_raw, its report without JSON. The report id. */
static int64_t
add_mail(const char *name, struct strbuf *sb, int keep_raw,
	 struct message **m_out)
{
	struct store_msg_in smi = { 0 };
	struct lkp_report *r = NULL;
	char file[1024];
	int64_t mid, rid;
	int is_new;

	snprintf(file, sizeof(file), "%s/msg/%s", lkb_test_data_dir(), name);
	ck_assert_int_eq(lkp_input_read_file(file, sb), 0);
	/* the full parse, not the one import and report_stored_json use */
	ck_assert_int_eq(message_parse(sb->buf, sb->len, m_out), LKB_OK);
	ck_assert_int_eq(report_parse_mail(&A, *m_out, &r), 1);
	smi.m = *m_out;
	smi.raw = keep_raw ? sb->buf : NULL;
	smi.raw_len = keep_raw ? sb->len : 0;
	smi.source = name;
	smi.content_hash = "";
	smi.is_robot = 1;
	ck_assert_int_eq(store_message_add(st, &smi, &mid, &is_new), LKB_OK);
	ck_assert_int_eq(store_report_add(st, mid, r, NULL, &rid), LKB_OK);
	return rid;
}

static int
collect(const struct store_report_row *row, void *arg)
{
	int *n = arg;

	ck_assert_ptr_nonnull(row->message_id);
	ck_assert_ptr_nonnull(row->kind);
	ck_assert_str_eq(row->state, "open");
	(*n)++;
	return 0;
}

START_TEST(add_list_find)
{
	const struct lkp_report *r;
	struct store_report_filter f;
	int64_t a, b, c, id;
	char *why = NULL, *json = NULL;
	int n = 0;

	a = add("m072725", &bufs[0], &r);	/* 55 rows x 2 columns */
	b = add("m076185", &bufs[1], NULL);	/* c91d38b57f chown */
	c = add("m077817", &bufs[2], NULL);	/* c91d38b57f chmod */
	ck_assert_int_eq(count("SELECT count(*) FROM reports"), 3);
	ck_assert_int_eq(count("SELECT count(*) FROM report_metrics m JOIN "
			       "report_comparisons c ON c.id = m.comparison_id"
			       " JOIN reports r ON r.id = c.report_id WHERE "
			       "r.commit_sha LIKE '1af33317%'"), 55);
	ck_assert_int_eq(count("SELECT count(*) FROM report_params"), 4 + 6 + 6);
	ck_assert_int_eq(count("SELECT count(*) FROM report_status_lines"), 1);
	ck_assert_int_eq(count("SELECT count(*) FROM report_metrics WHERE "
			       "name = 'stress-ng.unlink.unlink_calls_per_sec'"
			       " AND ncols = 2 AND change = -23.3 AND kind = "
			       "'percent' AND value = 9464 AND more IS NULL"
			       " AND base = 12343 AND base_stddev IS NULL"),
			 1);
	ck_assert_int_eq(count("SELECT change_pct * 10 FROM reports WHERE "
			       "metric = 'stress-ng.unlink.unlink_calls_per_"
			       "sec'"), -233);

	ck_assert_int_eq(store_report_list(st, NULL, collect, &n), LKB_OK);
	ck_assert_int_eq(n, 3);
	memset(&f, 0, sizeof(f));
	f.kind = "perf-improvement";
	n = 0;
	ck_assert_int_eq(store_report_list(st, &f, collect, &n), LKB_OK);
	ck_assert_int_eq(n, 2);
	f.kind = NULL;
	f.commit_prefix = "1af3331764";
	n = 0;
	ck_assert_int_eq(store_report_list(st, &f, collect, &n), LKB_OK);
	ck_assert_int_eq(n, 1);

	ck_assert_int_eq(store_report_find(st, "1af3331", &id, NULL), 1);
	ck_assert_int_eq(id, a);
	ck_assert_int_eq(store_report_find(st, "<202510020917.2ead7cfe-lkp@"
					   "intel.com>", &id, NULL), 1);
	ck_assert_int_eq(id, b);
	ck_assert_int_eq(store_report_find(st, "202511071447.b5bd3ddf-lkp@"
					   "intel.com", &id, NULL), 1);
	ck_assert_int_eq(id, c);
	ck_assert_int_eq(store_report_find(st, "c91d38b57f", &id, &why),
			 LKB_ERR_USAGE);
	ck_assert_ptr_nonnull(why);
	ck_assert_ptr_nonnull(strstr(why, "ambiguous"));
	free(why);
	ck_assert_int_eq(store_report_find(st, "deadbeefdead", &id, NULL), 0);
	ck_assert_int_eq(store_report_find(st, "abc", &id, NULL), 0);

	ck_assert_int_eq(store_report_json(st, a, &json), 1);
	ck_assert_str_eq(json, "{\"x\": 1}");
	free(json);
	ck_assert_int_eq(store_report_json(st, 999, &json), 0);
	ck_assert_str_eq(r->testcase, "stress-ng");
}
END_TEST

START_TEST(delete_for_reparse)
{
	int64_t a, mid = 0;
	char *json = NULL;

	a = add("m041829", &bufs[0], NULL);	/* 4 tables, 4 impacts */
	ck_assert_int_eq(count("SELECT count(*) FROM report_impacts"), 3);
	ck_assert_int_eq(count("SELECT count(*) FROM report_comparisons"), 4);
	/* one row per table row */
	ck_assert_int_eq(count("SELECT count(*) FROM report_metrics"),
			 48 + 192 + 104 + 376);
	mid = count("SELECT msg_id FROM reports");
	ck_assert_int_eq(store_report_delete_for_message(st, mid), LKB_OK);
	ck_assert_int_eq(count("SELECT count(*) FROM reports"), 0);
	ck_assert_int_eq(count("SELECT count(*) FROM report_metrics"), 0);
	ck_assert_int_eq(count("SELECT count(*) FROM report_axes"), 0);
	ck_assert_int_eq(store_report_json(st, a, &json), 0);
	ck_assert_int_eq(store_report_delete_for_message(st, mid), LKB_OK);
}
END_TEST

/* Import keeps no JSON: it is made again from the kept mail, the same
 * as the full parse gives; JSON a database kept comes first; a reparse
 * without JSON drops it; mail that was not kept is an error. */
START_TEST(json_from_mail)
{
	struct message *m = NULL, *m2 = NULL;
	struct lkp_report *r = NULL;
	char *json = NULL, *want;
	int64_t rid, rid2, mid;

	rid = add_mail("0001-report-2019-multipart-utf8.eml", &bufs[0], 1, &m);
	ck_assert_int_eq(count("SELECT count(*) FROM report_json"), 0);
	ck_assert_int_eq(store_report_json(st, rid, &json), 0);
	ck_assert_int_eq(report_stored_json(st, rid, &json), 1);
	ck_assert_int_eq(report_parse_mail(&A, m, &r), 1);
	want = report_json_dump_compact(r, 0);
	ck_assert_str_eq(json, want);
	/* by hand from the mail: its commit line */
	ck_assert_ptr_nonnull(strstr(json, "\"sha\":\"490d451fa5188975c21246f7"
					   "f8f4914cd3f2d6f2\""));
	free(json);
	free(want);

	/* what an older lkpbot kept is used as it is */
	mid = count("SELECT msg_id FROM reports");
	ck_assert_int_eq(store_report_reparse(st, mid, r, "{\"old\": 1}",
					      &rid2), LKB_OK);
	ck_assert_int_eq(rid2, rid);
	ck_assert_int_eq(report_stored_json(st, rid, &json), 1);
	ck_assert_str_eq(json, "{\"old\": 1}");
	free(json);
	/* a reparse without JSON drops it: the mail speaks again */
	ck_assert_int_eq(store_report_reparse(st, mid, r, NULL, &rid2),
			 LKB_OK);
	ck_assert_int_eq(count("SELECT count(*) FROM report_json"), 0);
	ck_assert_int_eq(report_stored_json(st, rid, &json), 1);
	ck_assert_ptr_nonnull(strstr(json, "490d451fa5188975"));
	free(json);

	ck_assert_int_eq(report_stored_json(st, rid + 100, &json), 0);
	ck_assert_ptr_null(json);
	/* a report whose mail was not kept has nothing to be made from */
	rid2 = add_mail("0005-perf-iso8859-raw-b1.eml", &bufs[1], 0, &m2);
	ck_assert_int_lt(report_stored_json(st, rid2, &json), 0);
	ck_assert_ptr_null(json);
	message_free(m);
	message_free(m2);
}
END_TEST

/* Three columns: column 0 and 1 as numbers, column 2 in "more"; 17
 * rows, so that 16 go in one statement and one alone, each with cells
 * of its own. */
#define NROWS 17
START_TEST(three_columns)
{
	struct lkp_num none = { 0, LKP_NUM_NONE };
	struct lkp_num vals[NROWS][3], sd[3] = { { 2, LKP_NUM_INT },
						 { 0, LKP_NUM_NONE },
						 { 7, LKP_NUM_INT } };
	struct lkp_num chg[NROWS][2];
	struct lkp_num fails[3] = { { 0, LKP_NUM_INT }, { 4, LKP_NUM_INT },
				    { 6, LKP_NUM_INT } };
	struct lkp_num runs[3] = { { 5, LKP_NUM_INT }, { 5, LKP_NUM_INT },
				   { 6, LKP_NUM_INT } };
	struct lkp_num rep[2] = { { 80, LKP_NUM_REAL }, { 100, LKP_NUM_REAL } };
	struct lkp_metric m[NROWS];
	struct lkp_failure f = { "dmesg.oops", 3, fails, runs, rep, NULL };
	struct lkp_comparison c;
	struct lkp_report r;
	char names[NROWS][24], sql[512];
	int64_t mid, id;

	for (int i = 0; i < NROWS; i++) {
		snprintf(names[i], sizeof(names[i]), "x.ops%d", i);
		vals[i][0] = (struct lkp_num){ 10 + i, LKP_NUM_INT };
		vals[i][1] = (struct lkp_num){ 25, LKP_NUM_INT };
		vals[i][2] = (struct lkp_num){ 0.25 * (i + 1), LKP_NUM_REAL };
		chg[i][0] = (struct lkp_num){ 150, LKP_NUM_REAL };
		chg[i][1] = (struct lkp_num){ -99 + i, LKP_NUM_REAL };
		m[i] = (struct lkp_metric){ names[i], 3, vals[i], sd, chg[i],
					    LKP_CHANGE_PERCENT, NULL };
	}
	add("m072725", &bufs[0], NULL);
	mid = count("SELECT msg_id FROM reports");
	memset(&c, 0, sizeof(c));
	c.metrics = m;
	c.nmetrics = NROWS;
	c.failures = &f;
	c.nfailures = 1;
	c.ncolumns = 3;
	memset(&r, 0, sizeof(r));
	r.kind = LKP_KIND_PERF_IMPROVEMENT;
	r.date = (time_t)-1;
	r.headline_change_pct = none;
	r.build_configs_tested = none;
	r.comparisons = &c;
	r.ncomparisons = 1;
	ck_assert_int_eq(store_report_reparse(st, mid, &r, "{}", &id), LKB_OK);
	ck_assert_int_eq(count("SELECT count(*) FROM report_metrics"), NROWS);
	for (int i = 0; i < NROWS; i++) {
		char more[64];

		snprintf(more, sizeof(more), "[[%d,%.15g,7]]", -99 + i,
			 0.25 * (i + 1));
		snprintf(sql, sizeof(sql), "SELECT count(*) FROM report_metrics"
			 " WHERE row = %d AND name = 'x.ops%d' AND ncols = 3 "
			 "AND base = %d AND base_stddev = 2 AND change = 150 "
			 "AND value = 25 AND stddev IS NULL AND kind = "
			 "'percent' AND more = '%s'", i, i, 10 + i, more);
		ck_assert_msg(count(sql) == 1, "row %d: %s", i, sql);
	}
	ck_assert_int_eq(count("SELECT count(*) FROM report_failures WHERE "
			       "name = 'dmesg.oops' AND ncols = 3 AND "
			       "base_fails = 0 AND base_runs = 5 AND fails = 4"
			       " AND runs = 5 AND reproduction_pct = 80 AND "
			       "more = '[[6,6,100]]'"), 1);
	/* the packed cells read back through SQLite's JSON functions */
	ck_assert_int_eq(count("SELECT json_extract(more, '$[0][1]') * 4 "
			       "FROM report_metrics WHERE row = 0"), 1);
}
END_TEST

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("lkp_store");
	TCase *tc = tcase_create("store");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, add_list_find);
	tcase_add_test(tc, delete_for_reparse);
	tcase_add_test(tc, three_columns);
	tcase_add_test(tc, json_from_mail);
	suite_add_tcase(s, tc);
	return s;
}
