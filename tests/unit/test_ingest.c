/* test_ingest.c - the two halves of ingest (bot/ingest/ingest.c): a job whose
 * classification and report parse are left to the store half
 * (INGEST_JOB_LATE, what import does while its parsing thread is the
 * slower one) stores exactly what a job prepared in full stores, and
 * what ingest_message stores; a duplicate stores nothing twice. Every
 * mail of tests/data/msg goes through each way into a database of its
 * own; the databases are compared row by row. Which mail keeps its
 * bytes by its body. */
#include "config.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include "bot/ingest/classify.h"
#include "bot/ingest/ingest.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "parsers/message.h"
#include "state/store.h"
#include "tests/unit/check_main.h"
#include "tests/unit/test_lkp_input.h"

#define MAX_MAILS 64

static struct strbuf mails[MAX_MAILS];
static char *names[MAX_MAILS];
static size_t nmails;

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void
read_mails(void)
{
	char dir[1024], path[2048];
	struct dirent *de;
	DIR *d;

	snprintf(dir, sizeof(dir), "%s/msg", lkb_test_data_dir());
	ck_assert_ptr_nonnull(d = opendir(dir));
	while ((de = readdir(d)) != NULL && nmails < MAX_MAILS) {
		size_t n = strlen(de->d_name);

		if (n > 4 && !strcmp(de->d_name + n - 4, ".eml"))
			names[nmails++] = strdup(de->d_name);
	}
	closedir(d);
	qsort(names, nmails, sizeof(*names), by_name);
	for (size_t i = 0; i < nmails; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		strbuf_init(&mails[i], 0);
		ck_assert_int_eq(lkp_input_read_file(path, &mails[i]), 0);
	}
}

static void
free_mails(void)
{
	for (size_t i = 0; i < nmails; i++) {
		strbuf_release(&mails[i]);
		free(names[i]);
	}
	nmails = 0;
}

enum way { WAY_FULL, WAY_LATE, WAY_MESSAGE };

/* Every mail twice (the second time a duplicate) into a new database at
 * path, the given way; the stats. */
static struct ingest_stats
ingest_all(const char *path, enum way way)
{
	struct store *st;
	struct ingest *ig;
	struct ingest_stats s;

	lkb_test_remove_db(path);
	ck_assert_int_eq(store_open(path, STORE_RW, &st), LKB_OK);
	ig = ingest_new(st);
	ck_assert_int_eq(ingest_begin(ig), LKB_OK);
	for (int round = 0; round < 2; round++) {
		for (size_t i = 0; i < nmails; i++) {
			const char *raw = mails[i].buf;
			size_t len = mails[i].len;
			struct ingest_job *j;

			if (way == WAY_MESSAGE) {
				ck_assert_int_eq(ingest_message(ig, raw, len,
						 names[i], NULL), LKB_OK);
				continue;
			}
			j = ingest_job_new(raw, len, names[i], 1, NULL,
					   way == WAY_LATE ? INGEST_JOB_LATE
							   : 0);
			ck_assert_int_eq(ingest_job_store(ig, j, NULL), LKB_OK);
			ingest_job_free(j);
		}
	}
	ck_assert_int_eq(ingest_end(ig), LKB_OK);
	s = *ingest_stats(ig);
	ingest_free(ig);
	store_close(st);
	return s;
}

/* What was stored, one line per message: identity, quality, whether the
 * bytes were kept, its thread's size, and its report in numbers. */
static char *
fingerprint(const char *path)
{
	static const char sql[] =
		"SELECT m.message_id || ' ' || m.quality || ' ' ||"
		" (m.raw_at IS NOT NULL) || ' ' ||"
		" (SELECT count(*) FROM messages t WHERE t.thread_id ="
		"  m.thread_id) || ' ' || coalesce(r.kind, '-') || ' ' ||"
		" coalesce(r.commit_sha, '-') || ' ' || coalesce(r.nrows, '-')"
		" || ' ' || (SELECT count(*) FROM report_comparisons c"
		"  JOIN report_metrics x ON x.comparison_id = c.id"
		"  WHERE c.report_id = r.id) || ' ' ||"
		" (SELECT count(*) FROM report_params p"
		"  WHERE p.report_id = r.id)"
		" FROM messages m LEFT JOIN reports r ON r.msg_id = m.id"
		" ORDER BY m.message_id";
	struct strbuf sb = STRBUF_INIT;
	sqlite3 *db;
	sqlite3_stmt *s;

	ck_assert_int_eq(sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY,
					 NULL), SQLITE_OK);
	ck_assert_int_eq(sqlite3_prepare_v2(db, sql, -1, &s, NULL),
			 SQLITE_OK);
	while (sqlite3_step(s) == SQLITE_ROW)
		strbuf_addf(&sb, "%s\n",
			    (const char *)sqlite3_column_text(s, 0));
	sqlite3_finalize(s);
	sqlite3_close(db);
	return strbuf_detach(&sb, NULL);
}

START_TEST(late_stores_the_same)
{
	const char *tmp = getenv("TMPDIR");
	char path[3][1024];
	struct ingest_stats s[3];
	char *fp[3];

	read_mails();
	ck_assert_uint_ge(nmails, 20);
	for (int w = 0; w < 3; w++) {
		snprintf(path[w], sizeof(path[w]), "%s/lkb-test-ingest-%ld-"
			 "%d.db", tmp && *tmp ? tmp : "/tmp", (long)time(NULL),
			 w);
		s[w] = ingest_all(path[w], (enum way)w);
		fp[w] = fingerprint(path[w]);
	}
	for (int w = 0; w < 3; w++) {
		/* the second round is all duplicates (two mails of the
		 * first share a Message-ID) */
		ck_assert_uint_eq(s[w].read, 2 * nmails);
		ck_assert_uint_ge(s[w].duplicate, nmails);
		ck_assert_uint_eq(s[w].new_msgs + s[w].duplicate, 2 * nmails);
		ck_assert_uint_eq(s[w].new_msgs, s[WAY_FULL].new_msgs);
		ck_assert_uint_eq(s[w].reports, s[WAY_FULL].reports);
		ck_assert_uint_eq(s[w].rejected, s[WAY_FULL].rejected);
		ck_assert_str_eq(fp[w], fp[WAY_FULL]);
	}
	/* the mails hold robot reports with rows, and mail whose bytes are
	 * not kept: the comparison covers both decisions */
	ck_assert_uint_ge(s[WAY_FULL].reports, 5);
	ck_assert_ptr_nonnull(strstr(fp[WAY_FULL], " ok 0 "));
	ck_assert_ptr_nonnull(strstr(fp[WAY_FULL], " ok 1 "));
	ck_assert_ptr_nonnull(strstr(fp[WAY_FULL], "perf-regression"));
	for (int w = 0; w < 3; w++) {
		free(fp[w]);
		lkb_test_remove_db(path[w]);
	}
	free_mails();
}
END_TEST

/* The stats count committed work only (audit F9: "stats lines count
 * work that was rolled back"): a batch aborted, or nested inside one
 * that is, takes back what it counted; a committed one keeps it. */
START_TEST(stats_count_committed)
{
	static const char a[] = "Message-ID: <a@x>\nSubject: a\n\nbody a\n";
	static const char b[] = "Message-ID: <b@x>\nSubject: b\n\nbody b\n";
	const char *tmp = getenv("TMPDIR");
	char path[1024];
	struct store *st;
	struct ingest *ig;
	const struct ingest_stats *s;

	snprintf(path, sizeof(path), "%s/ingest-stats-%ld.db",
		 tmp ? tmp : "/tmp", (long)getpid());
	lkb_test_remove_db(path);
	ck_assert_int_eq(store_open(path, STORE_RW, &st), LKB_OK);
	ig = ingest_new(st);
	s = ingest_stats(ig);
	/* an aborted batch: nothing counted */
	ck_assert_int_eq(ingest_begin(ig), LKB_OK);
	ck_assert_int_eq(ingest_message(ig, a, strlen(a), "t:a", NULL),
			 LKB_OK);
	ck_assert_uint_eq(s->new_msgs, 1);	/* while in flight */
	ingest_abort(ig);
	ck_assert_uint_eq(s->read, 0);
	ck_assert_uint_eq(s->new_msgs, 0);
	ck_assert_uint_eq(s->bytes, 0);
	/* a committed batch counts; an aborted one after it takes back only
	 * its own */
	ck_assert_int_eq(ingest_begin(ig), LKB_OK);
	ck_assert_int_eq(ingest_message(ig, a, strlen(a), "t:a", NULL),
			 LKB_OK);
	ck_assert_int_eq(ingest_end(ig), LKB_OK);
	ck_assert_int_eq(ingest_begin(ig), LKB_OK);
	ck_assert_int_eq(ingest_message(ig, b, strlen(b), "t:b", NULL),
			 LKB_OK);
	ck_assert_int_eq(ingest_message(ig, a, strlen(a), "t:a2", NULL),
			 LKB_OK);
	ingest_abort(ig);
	ck_assert_uint_eq(s->read, 1);
	ck_assert_uint_eq(s->new_msgs, 1);
	ck_assert_uint_eq(s->duplicate, 0);
	/* nested: the inner batch is undone with the outer one */
	ck_assert_int_eq(ingest_begin(ig), LKB_OK);
	ck_assert_int_eq(ingest_begin(ig), LKB_OK);
	ck_assert_int_eq(ingest_message(ig, b, strlen(b), "t:b", NULL),
			 LKB_OK);
	ck_assert_int_eq(ingest_end(ig), LKB_OK);
	ingest_abort(ig);
	ck_assert_uint_eq(s->new_msgs, 1);
	/* and committed with it */
	ck_assert_int_eq(ingest_begin(ig), LKB_OK);
	ck_assert_int_eq(ingest_begin(ig), LKB_OK);
	ck_assert_int_eq(ingest_message(ig, b, strlen(b), "t:b", NULL),
			 LKB_OK);
	ck_assert_int_eq(ingest_end(ig), LKB_OK);
	ck_assert_int_eq(ingest_end(ig), LKB_OK);
	ck_assert_uint_eq(s->read, 2);
	ck_assert_uint_eq(s->new_msgs, 2);
	ingest_free(ig);
	store_close(st);
	lkb_test_remove_db(path);
}
END_TEST

/* Which mail keeps its bytes by what it says itself: the tags and names
 * anywhere in the body, at its very start and end too. */
START_TEST(keep_by_body)
{
	static const struct {
		const char *body;
		int reply, want;
	} t[] = {
		{ "#lkp retest", 0, CLASSIFY_KEEP },
		{ "please #LKP test", 0, CLASSIFY_KEEP },
		{ "ends with #lkp", 0, CLASSIFY_KEEP },
		{ "##lkp", 0, CLASSIFY_KEEP },
		{ "#lk", 0, CLASSIFY_DROP },
		{ "#Lkp is not the tag", 0, CLASSIFY_DROP },
		{ "#include <lkp.h>\n# lkp", 0, CLASSIFY_DROP },
		{ "the kernel test robot said", 0, CLASSIFY_KEEP },
		{ "see https://lore.kernel.org/oe-lkp/x", 0, CLASSIFY_KEEP },
		{ "", 0, CLASSIFY_DROP },
		{ "nothing here #", 1, CLASSIFY_ASK_THREAD },
		{ "a reply with #lkp", 1, CLASSIFY_KEEP },
	};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		struct message m;
		const char *ref = "parent@x";

		memset(&m, 0, sizeof(m));
		m.subject = "Re: a patch";
		m.body = t[i].body;
		m.body_len = strlen(t[i].body);
		if (t[i].reply)
			m.in_reply_to = ref;
		ck_assert_msg(classify_keep_raw_local(&m, 0) == t[i].want,
			      "'%s': %d", t[i].body,
			      classify_keep_raw_local(&m, 0));
	}
}
END_TEST

/* Mail that may decide a report from outside its thread: a pull is
 * kept, a reply to a patch saying it was applied asks the store whether
 * its thread holds kept mail; quoted words and other mail do not. */
START_TEST(keep_applied)
{
	static const struct {
		const char *subject, *body;
		int reply, want;
	} t[] = {
		{ "[GIT PULL] Block fixes for 6.17-rc4", "Hi Linus,", 0,
		  CLASSIFY_KEEP },
		{ "Re: [GIT PULL] Block fixes", "Pulled.", 1,
		  CLASSIFY_ASK_THREAD },
		{ "Re: [PATCH v2] loop: fix", "\nApplied, thanks!\n", 1,
		  CLASSIFY_ASK_KEPT },
		{ "Re: [PATCH] x", "Thanks, queued.", 1, CLASSIFY_ASK_KEPT },
		{ "Re: [PATCH] x", "in for-next now", 1, CLASSIFY_ASK_KEPT },
		{ "Re: [PATCH] x", "> Applied, thanks\n  > queued\nNo.", 1,
		  CLASSIFY_ASK_THREAD },
		{ "Re: a question", "Applied, thanks!", 1,
		  CLASSIFY_ASK_THREAD },
		{ "[PATCH] x", "Applied, thanks!", 0, CLASSIFY_DROP },
	};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		struct message m;

		memset(&m, 0, sizeof(m));
		m.subject = t[i].subject;
		m.body = t[i].body;
		m.body_len = strlen(t[i].body);
		if (t[i].reply)
			m.in_reply_to = "parent@x";
		ck_assert_msg(classify_keep_raw_local(&m, 0) == t[i].want,
			      "%zu: %d", i, classify_keep_raw_local(&m, 0));
	}
}
END_TEST

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("ingest");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, late_stores_the_same);
	tcase_add_test(tc, keep_by_body);
	tcase_add_test(tc, keep_applied);
	tcase_add_test(tc, stats_count_committed);
	suite_add_tcase(s, tc);
	return s;
}
