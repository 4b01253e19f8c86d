/* test_loop.c - which mail lkpbot must not answer (RFC 3834), and the
 * rate limits counted on the outbox. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bot/core/settings.h"
#include "bot/outbox/loop.h"
#include "lib/status.h"
#include "parsers/conf.h"
#include "parsers/message.h"
#include "state/store.h"
#include "state/store_outbox.h"
#include "tests/unit/check_main.h"

static struct loop_policy pol;

static void
human(struct message *m)
{
	memset(m, 0, sizeof(*m));
	m->message_id = "reply@example.com";
	m->from.name = "Jane Doe";
	m->from.addr = "jane@example.com";
	m->subject = "Re: [linus:master] regression";
	memset(&pol, 0, sizeof(pol));
	pol.bot_address = "bot@example.org";
}

START_TEST(loop_human_gets_answer)
{
	struct message m;

	human(&m);
	ck_assert_int_eq(loop_check_message(&m, &pol), LOOP_ANSWER);
	m.auto_submitted = "no";	/* RFC 3834 5.1: "no" is a person */
	ck_assert_int_eq(loop_check_message(&m, &pol), LOOP_ANSWER);
	m.auto_submitted = " No ; comment";
	ck_assert_int_eq(loop_check_message(&m, &pol), LOOP_ANSWER);
	m.precedence = "first-class";
	ck_assert_int_eq(loop_check_message(&m, &pol), LOOP_ANSWER);
	m.return_path = "<jane@example.com>";
	ck_assert_int_eq(loop_check_message(&m, &pol), LOOP_ANSWER);
}
END_TEST

START_TEST(loop_own_and_lkpbot_mail)
{
	struct message m;

	human(&m);
	m.from.addr = "Bot@Example.ORG";	/* case-blind */
	ck_assert_int_eq(loop_check_message(&m, &pol), LOOP_OWN_MAIL);
	human(&m);
	m.x_lkpbot = "lkpbot 0.1.0";	/* another instance */
	ck_assert_int_eq(loop_check_message(&m, &pol), LOOP_LKPBOT);
}
END_TEST

START_TEST(loop_robots)
{
	struct message m;
	static const struct { const char *name, *addr; int robot; } cases[] = {
		{ "kernel test robot", "lkp@intel.com", 1 },
		/* reports sent by people's addresses, signed as the robot */
		{ "kernel test robot", "oliver.sang@intel.com", 1 },
		{ "", "lkp@intel.com", 1 },
		{ "syzbot", "syzbot+0123abcd@syzkaller.appspotmail.com", 1 },
		{ "", "noreply@github.com", 1 },
		{ "", "no-reply@example.com", 1 },
		{ "Oliver Sang", "oliver.sang@intel.com", 0 },
		{ "", "noreplyguy@example.com", 0 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		ck_assert_msg(loop_is_robot(cases[i].name, cases[i].addr) ==
			      cases[i].robot, "case %zu", i);
		human(&m);
		m.from.name = cases[i].name;
		m.from.addr = cases[i].addr;
		ck_assert_int_eq(loop_check_message(&m, &pol),
				 cases[i].robot ? LOOP_ROBOT : LOOP_ANSWER);
	}
	ck_assert_int_eq(loop_is_robot(NULL, NULL), 0);
}
END_TEST

START_TEST(loop_auto_submitted)
{
	struct message m;

	human(&m);
	m.auto_submitted = "auto-replied";
	ck_assert_int_eq(loop_check_message(&m, &pol), LOOP_AUTO_SUBMITTED);
	m.auto_submitted = "auto-generated";
	ck_assert_int_eq(loop_check_message(&m, &pol), LOOP_AUTO_SUBMITTED);
	m.auto_submitted = "auto-notified; owner-email=x@y";
	ck_assert_int_eq(loop_check_message(&m, &pol), LOOP_AUTO_SUBMITTED);
	/* an authorised command does not make auto-replies answerable */
	pol.authorised_command = 1;
	ck_assert_int_eq(loop_check_message(&m, &pol), LOOP_AUTO_SUBMITTED);
}
END_TEST

/* Auto-responders older than RFC 3834 are automatic mail too, list
 * headers or not. */
START_TEST(loop_old_autoreplies)
{
	struct message m;

	human(&m);
	m.x_autoreply = "yes";
	ck_assert_int_eq(loop_check_message(&m, &pol), LOOP_AUTO_SUBMITTED);
	m.list_id = "<linux-mm.kvack.org>";	/* a list passed it on */
	m.precedence = "bulk";
	ck_assert_int_eq(loop_check_message(&m, &pol), LOOP_AUTO_SUBMITTED);
	m.x_autoreply = "no";
	ck_assert_int_eq(loop_check_message(&m, &pol), LOOP_ANSWER);
	human(&m);
	m.precedence = "auto_reply";
	ck_assert_int_eq(loop_check_message(&m, &pol), LOOP_AUTO_SUBMITTED);
	m.list_id = "<linux-mm.kvack.org>";
	ck_assert_int_eq(loop_check_message(&m, &pol), LOOP_AUTO_SUBMITTED);
	/* a vacation reply relayed by a list keeps its Auto-Submitted */
	human(&m);
	m.auto_submitted = "auto-replied";
	m.precedence = "bulk";
	m.list_id = "<linux-mm.kvack.org>";
	m.list_other = "linux-mm@kvack.org";
	ck_assert_int_eq(loop_check_message(&m, &pol), LOOP_AUTO_SUBMITTED);
}
END_TEST

START_TEST(loop_bounces)
{
	struct message m;
	struct mime_part dsn = { "message/delivery-status", "", NULL, "x", 1,
				 0, NULL };

	human(&m);
	m.return_path = "<>";	/* RFC 5321 4.5.5 null reverse-path */
	ck_assert_int_eq(loop_check_message(&m, &pol), LOOP_BOUNCE);
	m.return_path = "  ";
	ck_assert_int_eq(loop_check_message(&m, &pol), LOOP_BOUNCE);
	human(&m);
	m.from.addr = "MAILER-DAEMON@mx.example.com";
	ck_assert_int_eq(loop_check_message(&m, &pol), LOOP_BOUNCE);
	human(&m);
	pol.content_type = "multipart/report; report-type=delivery-status";
	ck_assert_int_eq(loop_check_message(&m, &pol), LOOP_BOUNCE);
	human(&m);
	m.parts = &dsn;
	ck_assert_int_eq(loop_check_message(&m, &pol), LOOP_BOUNCE);
}
END_TEST

/* A list's copy is ordinary mail: vger adds Precedence: bulk to every
 * list mail, with List-Id, X-Mailing-List and List-Unsubscribe (all 302
 * list mails of the project's corpus have them). */
START_TEST(loop_list_mail_gets_answer)
{
	struct message m;
	static const char *const prec[] = { "bulk", "junk", "list", "BULK" };

	for (size_t i = 0; i < sizeof(prec) / sizeof(*prec); i++) {
		human(&m);
		m.precedence = prec[i];
		m.list_id = "<linux-mm.kvack.org>";
		m.list_other = "linux-mm@kvack.org";	/* X-Mailing-List */
		ck_assert_int_eq(loop_check_message(&m, &pol), LOOP_ANSWER);
		m.list_id = NULL;	/* any list header will do */
		ck_assert_int_eq(loop_check_message(&m, &pol), LOOP_ANSWER);
		m.list_other = NULL;
		m.list_id = "<oe-lkp.lists.linux.dev>";
		ck_assert_int_eq(loop_check_message(&m, &pol), LOOP_ANSWER);
	}
	/* robots and own mail stay unanswered on a list too */
	human(&m);
	m.precedence = "bulk";
	m.list_id = "<linux-mm.kvack.org>";
	m.from.name = "kernel test robot";
	m.from.addr = "lkp@intel.com";
	ck_assert_int_eq(loop_check_message(&m, &pol), LOOP_ROBOT);
	m.from.addr = "bot@example.org";
	ck_assert_int_eq(loop_check_message(&m, &pol), LOOP_OWN_MAIL);
	human(&m);
	m.precedence = "bulk";
	m.list_id = "<linux-mm.kvack.org>";
	m.x_lkpbot = "lkpbot 0.1.0";
	ck_assert_int_eq(loop_check_message(&m, &pol), LOOP_LKPBOT);
}
END_TEST

/* Precedence: bulk without any list header is a bulk mailer, not a
 * list: skipped (unless an authorised command, as before). */
START_TEST(loop_bulk_unless_authorised)
{
	struct message m;
	static const char *const prec[] = { "bulk", "junk", "list", "BULK" };

	for (size_t i = 0; i < sizeof(prec) / sizeof(*prec); i++) {
		human(&m);
		m.precedence = prec[i];
		ck_assert_int_eq(loop_check_message(&m, &pol), LOOP_BULK);
		pol.authorised_command = 1;
		ck_assert_int_eq(loop_check_message(&m, &pol), LOOP_ANSWER);
	}
}
END_TEST

static void
add_row(struct store *st, const char *req, int64_t tid, int64_t when)
{
	static const char *const rcpt[] = { "jane@example.com" };
	struct store_outbox_in in = { 0 };
	char mid[64];
	int64_t id;
	int is_new;

	snprintf(mid, sizeof(mid), "lkpbot.%s.ack@example.org", req);
	in.kind = "ack";
	in.request_id = req;
	in.thread_id = tid;
	in.message_id = mid;
	in.rcpt = rcpt;
	in.nrcpt = 1;
	in.raw = "x";
	in.raw_len = 1;
	in.now = when;
	ck_assert_int_eq(store_outbox_enqueue(st, &in, &id, &is_new), LKB_OK);
}

START_TEST(loop_rate_limits)
{
	char path[] = "/tmp/lkb-loop-XXXXXX";
	struct store *st;
	struct message m;
	enum loop_verdict v;
	int64_t now = 100000;
	int fd = mkstemp(path);

	ck_assert_int_ge(fd, 0);
	close(fd);
	ck_assert_int_eq(store_open(path, STORE_RW, &st), LKB_OK);
	human(&m);
	pol.max_per_hour = 2;
	pol.max_per_thread = 2;
	add_row(st, "1", 5, now - 4000);	/* outside the hour */
	add_row(st, "2", 5, now - 100);
	ck_assert_int_eq(loop_should_answer(&m, &pol, st, 6, now, &v), 1);
	ck_assert_int_eq(v, LOOP_ANSWER);
	/* thread 5 has 2 answers in 24 h */
	ck_assert_int_eq(loop_should_answer(&m, &pol, st, 5, now, &v), 0);
	ck_assert_int_eq(v, LOOP_RATE_THREAD);
	/* ... but not 25 h later */
	ck_assert_int_eq(loop_should_answer(&m, &pol, st, 5,
					    now - 100 + 25 * 3600, &v), 1);
	add_row(st, "3", 7, now - 10);
	ck_assert_int_eq(loop_should_answer(&m, &pol, st, 6, now, &v), 0);
	ck_assert_int_eq(v, LOOP_RATE_HOUR);
	pol.max_per_hour = 0;	/* no limit */
	ck_assert_int_eq(loop_should_answer(&m, &pol, st, 6, now, &v), 1);
	/* mail checks come first */
	m.auto_submitted = "auto-replied";
	ck_assert_int_eq(loop_should_answer(&m, &pol, st, 6, now, &v), 0);
	ck_assert_int_eq(v, LOOP_AUTO_SUBMITTED);
	store_close(st);
	lkb_test_remove_db(path);
}
END_TEST

/* Audit F10: one run with the clock ten years ahead left rows that
 * counted in every later hour; windows are bounded on both sides. */
START_TEST(loop_rate_future_rows)
{
	char path[] = "/tmp/lkb-loop-XXXXXX";
	struct store *st;
	enum loop_verdict v;
	int64_t now = 100000;
	int fd = mkstemp(path);

	ck_assert_int_ge(fd, 0);
	close(fd);
	ck_assert_int_eq(store_open(path, STORE_RW, &st), LKB_OK);
	memset(&pol, 0, sizeof(pol));
	pol.max_per_hour = 1;
	pol.max_per_thread = 1;
	add_row(st, "1", 5, now + 315360000);	/* ten years ahead */
	ck_assert_int_eq(loop_check_rate(st, &pol, 0, 5, now, &v), LKB_OK);
	ck_assert_int_eq(v, LOOP_ANSWER);
	/* ... and when that time comes, it counts */
	ck_assert_int_eq(loop_check_rate(st, &pol, 0, 5, now + 315360000, &v),
			 LKB_OK);
	ck_assert_int_eq(v, LOOP_RATE_HOUR);
	/* but not against the maintainers' and the LKP team's answers,
	 * which have budgets of their own (issue 36 row 8) */
	ck_assert_int_eq(loop_check_rate(st, &pol, 1, 5, now + 315360000, &v),
			 LKB_OK);
	ck_assert_int_eq(v, LOOP_ANSWER);
	store_close(st);
	lkb_test_remove_db(path);
}
END_TEST

/* The policy as a command sees it: the configuration read and checked
 * (settings_load), then the loop policy from it. S outlives the policy,
 * whose strings point into it. */
static struct settings S;

static int
policy(struct loop_policy *p, const struct config *cfg)
{
	int rc = settings_load(&S, cfg);

	return rc != LKB_OK ? rc : loop_policy_load(p, &S);
}

START_TEST(loop_policy_from_config)
{
	struct config *cfg = config_new();
	struct loop_policy p;
	const char *ini = "[smtp]\nfrom = \"lkp bot\" <bot@example.org>\n";

	ck_assert_int_eq(config_parse_buffer(cfg, "t", ini, strlen(ini)),
			 LKB_OK);
	ck_assert_int_eq(policy(&p, cfg), LKB_OK);
	ck_assert_str_eq(p.bot_address, "bot@example.org");
	ck_assert_int_eq(p.max_per_hour, 60);
	ck_assert_int_eq(p.max_per_thread, 10);
	config_set(cfg, "bot", "address", "other@example.org");
	config_set(cfg, "bot", "max_per_thread", "-1");
	ck_assert_int_eq(policy(&p, cfg), LKB_ERR_CONFIG);
	config_set(cfg, "bot", "max_per_thread", "3");
	ck_assert_int_eq(policy(&p, cfg), LKB_OK);
	ck_assert_str_eq(p.bot_address, "other@example.org");
	ck_assert_int_eq(p.max_per_thread, 3);
	for (int i = 0; i < LOOP__COUNT; i++)
		ck_assert_str_ne(loop_verdict_name(i), "?");
	config_free(cfg);
}
END_TEST

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("loop");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, loop_human_gets_answer);
	tcase_add_test(tc, loop_own_and_lkpbot_mail);
	tcase_add_test(tc, loop_robots);
	tcase_add_test(tc, loop_auto_submitted);
	tcase_add_test(tc, loop_old_autoreplies);
	tcase_add_test(tc, loop_bounces);
	tcase_add_test(tc, loop_list_mail_gets_answer);
	tcase_add_test(tc, loop_bulk_unless_authorised);
	tcase_add_test(tc, loop_rate_limits);
	tcase_add_test(tc, loop_rate_future_rows);
	tcase_add_test(tc, loop_policy_from_config);
	suite_add_tcase(s, tc);
	return s;
}
