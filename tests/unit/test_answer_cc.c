/* test_answer_cc.c - one addressing path for every answer
 * (bot/outbox/address.c): who is Cc'd, the bot's own address however it
 * is configured, robots, duplicates, the cap, the report's people; and
 * the one call that queues an answer to a stored mail
 * (bot/outbox/answer.c): its threading and audience. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests/unit/check_main.h"
#include "bot/core/settings.h"
#include "bot/ingest/ingest.h"
#include "bot/outbox/address.h"
#include "bot/outbox/answer.h"
#include "bot/outbox/loop.h"
#include "lib/arena.h"
#include "lib/status.h"
#include "lib/xalloc.h"
#include "parsers/conf.h"
#include "state/store.h"
#include "state/store_outbox.h"
#include "templates/tpl_set.h"
#include "templates/tvalue.h"

static struct settings S;	/* outlives what points into it */

/* The addressing as a command sees it: settings_load, then load. */
static int
addressing(struct answer_addressing *ad, const struct config *cfg)
{
	int rc = settings_load(&S, cfg);

	return rc != LKB_OK ? rc : answer_addressing_load(ad, &S);
}

static int
has(const char *const *v, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(v[i], s))
			return 1;
	return 0;
}

/* Request answers once took the bot's address from [bot] address only:
 * with just [smtp] from set they Cc'd the bot itself. */
START_TEST(bot_address_from_smtp_from)
{
	const char *ask[] = { "jane@example.org", "LKPBOT@Example.org",
			      "lkp@intel.com", "jane@example.org",
			      "hugh@example.org", "bad address\r\nBcc: x" };
	const char *cc[ANSWER_MAX_CC];
	struct config *cfg = config_new();
	struct answer_addressing ad;
	struct arena a = ARENA_INIT;
	size_t n;

	config_set(cfg, "smtp", "from", "lkpbot <lkpbot@example.org>");
	ck_assert_int_eq(addressing(&ad, cfg), LKB_OK);
	ck_assert_str_eq(ad.bot_address, "lkpbot@example.org");
	n = answer_pick_cc(&ad, NULL, &a, "hugh@example.org", ask, 6, 0, cc,
			   ANSWER_MAX_CC);
	ck_assert_uint_eq(n, 1);
	ck_assert_str_eq(cc[0], "jane@example.org");

	/* the loop check sees the same address */
	{
		struct loop_policy lp;

		ck_assert_int_eq(settings_load(&S, cfg), LKB_OK);
		ck_assert_int_eq(loop_policy_load(&lp, &S), LKB_OK);
		ck_assert_str_eq(lp.bot_address, "lkpbot@example.org");
	}
	config_set(cfg, "bot", "address", "bot@lists.example.org");
	ck_assert_int_eq(addressing(&ad, cfg), LKB_OK);
	ck_assert_str_eq(ad.bot_address, "bot@lists.example.org");
	arena_release(&a);
	config_free(cfg);
}
END_TEST

/* cc_policy is read in one place: asker means nobody, anything else
 * is a configuration error (requests once only warned). */
START_TEST(cc_policy_one_place)
{
	const char *ask[] = { "jane@example.org" };
	const char *cc[ANSWER_MAX_CC];
	struct config *cfg = config_new();
	struct answer_addressing ad;
	struct arena a = ARENA_INIT;

	config_set(cfg, "bot", "cc_policy", "asker");
	ck_assert_int_eq(addressing(&ad, cfg), LKB_OK);
	ck_assert_uint_eq(answer_pick_cc(&ad, NULL, &a, "h@example.org", ask,
					 1, 0, cc, ANSWER_MAX_CC), 0);
	config_set(cfg, "bot", "cc_policy", "everyone");
	ck_assert_int_eq(addressing(&ad, cfg), LKB_ERR_CONFIG);
	arena_release(&a);
	config_free(cfg);
}
END_TEST

/* Large Cc lists are ordinary on LKML: the answer is cut to fit one
 * mail, never refused (a refusal once stopped triage for good). */
START_TEST(cap_degrades)
{
	enum { N = 300 };
	const char *ask[N], *cc[ANSWER_MAX_CC];
	struct config *cfg = config_new();
	struct answer_addressing ad;
	struct arena a = ARENA_INIT;
	size_t n;

	for (int i = 0; i < N; i++)
		ask[i] = arena_printf(&a, "dev%d@example.org", i);
	ck_assert_int_eq(addressing(&ad, cfg), LKB_OK);
	n = answer_pick_cc(&ad, NULL, &a, "h@example.org", ask, N, 0, cc,
			   ANSWER_MAX_CC);
	ck_assert_uint_eq(n, ANSWER_MAX_CC);
	ck_assert_uint_lt(n + 1, LKB_MAX_RECIPIENTS + 1);
	ck_assert_str_eq(cc[0], "dev0@example.org");
	/* a larger max asked for is still capped */
	n = answer_pick_cc(&ad, NULL, &a, "h@example.org", ask, N, 0, cc,
			   ANSWER_MAX_CC + 50);
	ck_assert_uint_eq(n, ANSWER_MAX_CC);
	arena_release(&a);
	config_free(cfg);
}
END_TEST

/* A new store at db, an ingest batch begun in it. */
static struct ingest *
new_store(const char *db, struct store **st_out)
{
	struct ingest *ig;

	lkb_test_remove_db(db);
	ck_assert_int_eq(store_open(db, STORE_RW, st_out), LKB_OK);
	ig = ingest_new(*st_out);
	ck_assert_int_eq(ingest_begin(ig), LKB_OK);
	return ig;
}

/* With a report: its To and Cc join, robots and the asker left out. */
START_TEST(report_people)
{
	const char *src = getenv("LKB_SRCDIR");
	char *path, *db, *raw = NULL;
	const char *cc[ANSWER_MAX_CC];
	struct config *cfg = config_new();
	struct answer_addressing ad;
	struct arena a = ARENA_INIT;
	struct store *st;
	struct ingest *ig;
	size_t len = 0, n;
	int64_t msg;
	FILE *f;

	path = xasprintf("%s/sample/maildir/cur/1562577230.002056_"
			 "a1fa1d3048adbb03d4944962b1f84dc5a9829147.pi:2,",
			 src && *src ? src : ".");
	f = fopen(path, "rb");
	ck_assert_ptr_nonnull(f);
	raw = xmalloc(1 << 20);
	len = fread(raw, 1, 1 << 20, f);
	fclose(f);
	db = xasprintf("/tmp/lkb-answer-cc.%d.db", (int)getpid());
	ig = new_store(db, &st);
	ck_assert_int_eq(ingest_message(ig, raw, len, "t", &msg), LKB_OK);
	ck_assert_int_eq(ingest_end(ig), LKB_OK);
	ingest_free(ig);

	ck_assert_int_eq(addressing(&ad, cfg), LKB_OK);
	n = answer_pick_cc(&ad, st, &a, "darrick.wong@oracle.com", NULL, 0, 1,
			   cc, ANSWER_MAX_CC);
	ck_assert(has(cc, n, "dchinner@redhat.com"));
	ck_assert(has(cc, n, "linux-xfs@vger.kernel.org"));
	ck_assert(!has(cc, n, "darrick.wong@oracle.com"));
	for (size_t i = 0; i < n; i++)
		ck_assert(!loop_is_robot(NULL, cc[i]));
	store_close(st);
	lkb_test_remove_db(db);
	arena_release(&a);
	config_free(cfg);
	free(raw);
	free(path);
	free(db);
}
END_TEST

/* Store raw (a mail) with ig; its row id. */
static int64_t
store_mail(struct ingest *ig, const char *raw)
{
	int64_t id = 0;

	ck_assert_int_eq(ingest_message(ig, raw, strlen(raw), "t", &id),
			 LKB_OK);
	ck_assert_int_gt(id, 0);
	return id;
}

/* Queue an answer to msg (audience to, request id reqid) and check the
 * row's request id is want; its outbox row's bytes. */
static char *
queue_raw(const struct answerer *aw, int64_t msg, enum answer_audience to,
	  const char *reqid, const char *want)
{
	struct tvalue *d = tvalue_new_map();
	struct answer an = { .template = "t", .data = d, .request_id = reqid,
			     .msg_id = msg, .to = to, .what = "test" };
	struct store_outbox_row r;
	int64_t id;
	char *raw;

	ck_assert_int_eq(answer_queue(aw, &an, &id), LKB_OK);
	tvalue_free(d);
	ck_assert_int_gt(id, 0);
	ck_assert_int_eq(store_outbox_get(aw->st, id, 1, &r), 1);
	raw = xstrdup(r.raw);
	ck_assert_str_eq(r.request_id, want);
	store_outbox_row_release(&r);
	return raw;
}

/* answer_queue threads by what the store keeps of the mail asked: its
 * Message-ID and References, "Re: " once; a mail without a Message-ID
 * (the store made one of its content) threads nothing; Cc only for the
 * thread audience; an outsider's request id is marked. */
START_TEST(answer_threads_by_the_store)
{
	static const char a[] =
		"From: Jane <jane@example.org>\n"
		"To: lkp@intel.com\nCc: hugh@example.org\n"
		"Subject: Re: report\n"
		"Message-ID: <ask1@example.org>\n"
		"In-Reply-To: <top@example.org>\n"
		"References: <top@example.org> <mid@example.org>\n"
		"\n#lkp status\n";
	static const char b[] =
		"From: jane@example.org\nTo: lkp@intel.com\n"
		"Subject: no id\nIn-Reply-To: <top@example.org>\n"
		"\n#lkp status\n";
	char dir[] = "/tmp/lkb-answer-tpl.XXXXXX", *db, *tpath, *raw;
	const char *dirs[1] = { dir };
	struct config *cfg = config_new();
	struct answerer aw;
	struct tpl_set *set;
	struct store *st;
	struct ingest *ig;
	int64_t ma, mb;
	FILE *f;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	tpath = xasprintf("%s/t.tmpl", dir);
	f = fopen(tpath, "w");
	ck_assert_ptr_nonnull(f);
	fputs("hello\n", f);
	fclose(f);
	db = xasprintf("/tmp/lkb-answer-q.%d.db", (int)getpid());
	ig = new_store(db, &st);
	ma = store_mail(ig, a);
	mb = store_mail(ig, b);
	ck_assert_int_eq(ingest_end(ig), LKB_OK);
	ingest_free(ig);
	config_set(cfg, "smtp", "from", "lkpbot <lkpbot@example.org>");
	ck_assert_int_eq(settings_load(&S, cfg), LKB_OK);
	set = tpl_set_new(dirs, 1);
	ck_assert_int_eq(answerer_init(&aw, st, &S, set), LKB_OK);

	raw = queue_raw(&aw, ma, ANSWER_THREAD, "m1.c1", "m1.c1");
	ck_assert_ptr_nonnull(strstr(raw, "\nIn-Reply-To: <ask1@example.org>"));
	ck_assert_ptr_nonnull(strstr(raw, "References: <top@example.org>"));
	ck_assert_ptr_nonnull(strstr(raw, "<mid@example.org>"));
	ck_assert_ptr_nonnull(strstr(raw, "\nSubject: Re: report\r\n"));
	ck_assert_ptr_nonnull(strstr(raw, "\nCc: hugh@example.org"));
	free(raw);
	raw = queue_raw(&aw, ma, ANSWER_OUTSIDER, "m1.c2",
			OUTBOX_OUTSIDER_PREFIX "m1.c2");
	ck_assert_ptr_null(strstr(raw, "\nCc: "));
	free(raw);
	raw = queue_raw(&aw, mb, ANSWER_SENDER, "m2.c1", "m2.c1");
	ck_assert_ptr_null(strstr(raw, "In-Reply-To:"));
	ck_assert_ptr_null(strstr(raw, STORE_CONTENT_MSGID_DOMAIN));
	ck_assert_ptr_nonnull(strstr(raw, "\nSubject: no id\r\n"));
	free(raw);
	/* the same answer again is no new row */
	{
		struct tvalue *d = tvalue_new_map();
		struct answer an = { .template = "t", .data = d,
				     .request_id = "m1.c1", .msg_id = ma,
				     .to = ANSWER_THREAD, .what = "test" };
		int64_t id = -1, n = 0;

		ck_assert_int_eq(answer_queue(&aw, &an, &id), LKB_OK);
		ck_assert_int_eq(id, 0);
		tvalue_free(d);
		ck_assert_int_eq(store_outbox_count(st, OUTBOX_PENDING, &n),
				 LKB_OK);
		ck_assert_int_eq(n, 3);
	}
	tpl_set_free(set);
	store_close(st);
	lkb_test_remove_db(db);
	unlink(tpath);
	rmdir(dir);
	free(tpath);
	free(db);
	config_free(cfg);
}
END_TEST

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("answer_cc");
	TCase *tc = tcase_create("address");

	tcase_add_test(tc, bot_address_from_smtp_from);
	tcase_add_test(tc, cc_policy_one_place);
	tcase_add_test(tc, cap_degrades);
	tcase_add_test(tc, report_people);
	tcase_add_test(tc, answer_threads_by_the_store);
	suite_add_tcase(s, tc);
	return s;
}
