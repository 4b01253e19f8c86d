/* test_group.c - one culprit, many reports (bot/report/group.c): what a
 * patch's subject is, and groups made of real robot mail
 * (tests/data/groups) with the store edited into the weak cases that
 * must not group. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include <sqlite3.h>

#include "bot/ingest/ingest.h"
#include "bot/report/group.h"
#include "lib/compiler.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "state/store.h"
#include "tests/unit/check_main.h"
#include "tests/unit/test_lkp_input.h"

static const struct {
	const char *subject, *title;	/* title NULL: no patch */
} subjects[] = {
	{ "", NULL },
	{ "Re: [PATCH v2 1/3] dm-inlinecrypt: Add inline encryption support",
	  "dm-inlinecrypt: Add inline encryption support" },
	{ "Re: [PATCHv5 6/7] block: protect wbt_lat_usec", "block: protect "
	  "wbt_lat_usec" },
	{ "re: Re:  [RFC PATCH net-next v3 02/10] [foo] net: thing",
	  "net: thing" },
	{ "Re: [PATCH] Do not require atomic writes", "Do not require atomic "
	  "writes" },
	/* the robot's own subjects name a commit, not a patch */
	{ "[linus:master] [block] 060406c61c: stress-ng.fsize.ops_per_sec "
	  "-35.5% regression", NULL },
	{ "[djwong-xfs:vectorized-scrub 161/315] fs/xfs/libxfs/xfs_dir2.c: "
	  "xfs_shared.h is included more than once.", NULL },
	{ "Re: [DISPATCH] not a patch", NULL },
	{ "Re: [PATCH no closing bracket", NULL },
	{ "PATCH without brackets", NULL },
};

START_TEST(group_patch_subjects)
{
	const char *title = NULL;
	const char *s = report_group_patch_subject(subjects[_i].subject,
						   &title);

	if (!subjects[_i].title) {
		ck_assert_msg(s == NULL, "'%s' taken for a patch",
			      subjects[_i].subject);
	} else {
		ck_assert_ptr_nonnull(s);
		ck_assert_str_eq(title, subjects[_i].title);
	}
}
END_TEST

#define DB "test-group.db"

static void
import_groups(void)
{
	static const char *const files[] = {
		"r115", "r141", "r133", "r137", "scsi-v3", "scsi-v2", "r147",
		"r148", "r146", "scsi-other",
	};
	struct store *st;
	struct ingest *ig;
	char path[1024];

	lkb_test_remove_db(DB);
	ck_assert_int_eq(store_open(DB, STORE_RW, &st), LKB_OK);
	ig = ingest_new(st);
	ck_assert_int_eq(ingest_begin(ig), LKB_OK);
	for (size_t i = 0; i < LKB_ARRAY_SIZE(files); i++) {
		struct strbuf raw = STRBUF_INIT;

		snprintf(path, sizeof(path), "%s/groups/%s.eml",
			 lkb_test_data_dir(), files[i]);
		ck_assert_int_eq(lkp_input_read_file(path, &raw), 0);
		ck_assert_int_eq(ingest_message(ig, raw.buf, raw.len, files[i],
						NULL), LKB_OK);
		strbuf_release(&raw);
	}
	ck_assert_int_eq(ingest_end(ig), LKB_OK);
	ingest_free(ig);
	store_close(st);
}

static void
sql(const char *text)
{
	sqlite3 *db;

	ck_assert_int_eq(sqlite3_open(DB, &db), SQLITE_OK);
	ck_assert_msg(sqlite3_exec(db, text, NULL, NULL, NULL) == SQLITE_OK,
		      "%s: %s", text, sqlite3_errmsg(db));
	sqlite3_close(db);
}

/* The groups as "id,id|id,id" with each member's why after a ':'. */
static void
groups_text(char *buf, size_t size)
{
	struct report_groups *g;
	struct store *st;
	size_t n = 0;

	ck_assert_int_eq(store_open(DB, STORE_RO, &st), LKB_OK);
	ck_assert_int_eq(report_groups_load(st, &g), LKB_OK);
	buf[0] = '\0';
	for (size_t i = 0; i < report_groups_count(g); i++) {
		const struct report_group *gr = report_groups_at(g, i);

		for (size_t j = 0; j < gr->n; j++)
			n += (size_t)snprintf(buf + n, size - n, "%s%lld:%u",
					      j ? "," : i ? "|" : "",
					      (long long)gr->m[j].id,
					      gr->m[j].why);
	}
	report_groups_free(g);
	store_close(st);
}

/* Report ids follow the import order above: 1, 2 one commit; 3, 4 one
 * commit; 5, 6 versions of one patch; 7, 8 one patch mail. */
START_TEST(group_real_reports)
{
	char got[512];

	import_groups();
	groups_text(got, sizeof(got));
	ck_assert_str_eq(got, "1:1,2:1|3:1,4:1|5:4,6:4|7:6,8:6");
}
END_TEST

/* Weak evidence groups nothing: each edit breaks one group. */
static const struct {
	const char *edit, *want;
} weak[] = {
	/* improvements on one commit are no culprit */
	{ "UPDATE reports SET kind = 'perf-improvement' WHERE id = 2",
	  "3:1,4:1|5:4,6:4|7:6,8:6" },
	/* a sha too short to trust */
	{ "UPDATE reports SET commit_sha = substr(commit_sha, 1, 10)"
	  " WHERE id IN (1, 2)", "3:1,4:1|5:4,6:4|7:6,8:6" },
	/* the same subject to another author */
	{ "UPDATE messages SET to_addrs = 'someone@example.org' WHERE id ="
	  " (SELECT msg_id FROM reports WHERE id = 6)",
	  "1:1,2:1|3:1,4:1|7:6,8:6" },
	/* too short a subject to mean one patch */
	{ "UPDATE messages SET subject = 'Re: [PATCH v' || id || '] fix'"
	  " WHERE id IN (SELECT msg_id FROM reports WHERE id IN (5, 6))",
	  "1:1,2:1|3:1,4:1|7:6,8:6" },
	/* a maintainer split one off */
	{ "INSERT INTO report_splits VALUES (8, 'me', 0)",
	  "1:1,2:1|3:1,4:1|5:4,6:4" },
	/* one shared sha links two groups into one, each saying why */
	{ "UPDATE reports SET commit_sha = (SELECT commit_sha FROM reports"
	  " WHERE id = 1) WHERE id = 5",
	  "1:1,2:1,5:5,6:4|3:1,4:1|7:6,8:6" },
};

START_TEST(group_weak_evidence)
{
	char got[512];

	import_groups();
	sql(weak[_i].edit);
	groups_text(got, sizeof(got));
	ck_assert_str_eq(got, weak[_i].want);
}
END_TEST

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("group");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, group_patch_subjects, 0,
			    (int)LKB_ARRAY_SIZE(subjects));
	tcase_add_test(tc, group_real_reports);
	tcase_add_loop_test(tc, group_weak_evidence, 0,
			    (int)LKB_ARRAY_SIZE(weak));
	suite_add_tcase(s, tc);
	return s;
}
