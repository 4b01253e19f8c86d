/* test_reply.c - reply anatomy: line kinds, quotes, attributions,
 * signatures, inline patches, scraped seeds, limits and linear time. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tests/unit/check_main.h"
#include "lib/arena.h"
#include "lib/limits.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "parsers/reply.h"

/* Read tests/data/reply/NAME; caller frees. */
static char *
load(const char *name, size_t *len_out)
{
	char path[1024];
	FILE *f;
	long n;
	char *buf;

	snprintf(path, sizeof(path), "%s/reply/%s", lkb_test_data_dir(), name);
	f = fopen(path, "rb");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc((size_t)n + 1);
	ck_assert_uint_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	fclose(f);
	*len_out = (size_t)n;
	return buf;
}

/* One letter per kind, to write expectations compactly. */
static char
kind_letter(enum reply_line_kind k)
{
	static const char letters[RL__COUNT] = { 'b', 'a', 'q', 't', 's', 'p',
						  'n', 'z' };

	return letters[k];
}

static void
kinds_of(const struct reply *r, char *out, size_t cap)
{
	size_t i;

	for (i = 0; i < r->nlines && i + 1 < cap; i++)
		out[i] = kind_letter(r->lines[i].kind);
	out[i] = '\0';
}

/* Parse body and write its line kinds into got. */
static struct reply *
parse_kinds(struct arena *a, const char *body, char *got, size_t cap)
{
	struct reply *r;

	ck_assert_int_eq(reply_parse(a, body, strlen(body), &r), LKB_OK);
	kinds_of(r, got, cap);
	return r;
}

static int
has_line(const char *text, const char *line)
{
	return strstr(text, line) != NULL;
}

START_TEST(reply_null_and_empty)
{
	struct arena a = ARENA_INIT;
	struct reply *r;
	size_t cur = 0;
	const struct reply_line *l;

	ck_assert_int_eq(reply_parse(&a, NULL, 0, &r), LKB_OK);
	ck_assert_uint_eq(r->nlines, 0);
	ck_assert_str_eq(r->authored, "");
	ck_assert_str_eq(r->quoted, "");
	ck_assert_int_eq(reply_authored_lines(r, &cur, &l), 0);
	ck_assert_int_eq(reply_parse(&a, "", 0, &r), LKB_OK);
	ck_assert_uint_eq(r->nlines, 0);
	ck_assert_int_eq(reply_parse(&a, "\n", 1, &r), LKB_OK);
	ck_assert_uint_eq(r->nlines, 1);
	ck_assert_int_eq(r->lines[0].kind, RL_BLANK);
	arena_release(&a);
}
END_TEST

/* Kinds: b blank, a authored, q quoted, t attribution, s signature,
 * p patch, n snip, z noise. */
static const struct {
	const char *body;
	const char *kinds;
	int has_patch;
} kind_cases[] = {
	/* doc/lkp-format.md 1.5: "> ", ">>", "> > " and ">" glued to text */
	{ "> a\n>> b\n> > c\n>d\ntext", "qqqqa", 0 },
	/* one-line attribution */
	{ "On Mon, 1 Jan 2024, kernel test robot wrote:\n> q\nreply", "tqa", 0 },
	/* attribution wrapped over two lines (Mutt, long names) */
	{ "On Thu, Nov 12, 2020 at 03:16:54PM +0100, Michal Hocko\n"
	  "<mhocko@suse.com> wrote:\n> q\nok", "ttqa", 0 },
	/* "Quoting X (date):" */
	{ "Quoting Dave (2020-01-01 10:00:00):\n> q", "tq", 0 },
	/* Zimbra/Outlook: the header block after Original Message */
	{ "----- Original Message -----\nFrom: a@b.c\nSent: today\nTo: x\n"
	  "Subject: y\n\n> q\nmine", "tttttbqa", 0 },
	/* Outlook top-posting: the unmarked original below the block is
	 * quoted, and so is a command in it */
	{ "ok\n-----Original Message-----\nFrom: a@b.c\nSent: today\n\n"
	  "old text\n#lkp close\n\nmore", "atttbqqbq", 0 },
	/* "-- " opens a signature, a quoted line ends it */
	{ "text\n-- \nName\n> q\nafter", "assqa", 0 },
	/* "Thanks,\nName" at the end is authored */
	{ "Thanks,\nHugh", "aa", 0 },
	/* snip markers at any depth */
	{ "[...]\n> [snip]\n...\n> \xe2\x80\xa6", "nnnn", 0 },
	/* list footer rule of underscores is a signature */
	{ "hi\n_______________________________________________\nLKP list",
	  "ass", 0 },
	/* "---" + diffstat + diff; text after the last hunk is authored */
	{ "Hi\n---\n fs/a.c | 2 +-\n 1 file changed, 1 insertion(+)\n\n"
	  "diff --git a/fs/a.c b/fs/a.c\nindex 1..2 100644\n--- a/fs/a.c\n"
	  "+++ b/fs/a.c\n@@ -1,2 +1,2 @@\n a\n-b\n+c\nDoes this help?",
	  "appppppppppppa", 1 },
	/* a quoted patch is quoted text, not a patch of this author */
	{ "> diff --git a/x b/x\n> --- a/x\n> +++ b/x\nok", "qqqa", 0 },
	/* the trailer block right above a diff belongs to the patch */
	{ "text\n\nSigned-off-by: X <x@y.z>\n---\ndiff --git a/f b/f\n"
	  "--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b", "abpppppppp", 1 },
	/* a hunk shorter than its header says ends at the first prose line */
	{ "diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1,9 +1,9 @@\n a\n"
	  "So this is it.", "pppppa", 1 },
	/* plain diff -u without a git header */
	{ "--- a/f\n+++ b/f\n@@ -1 +1 @@\n-x\n+y\nthanks", "pppppa", 1 },
	/* a "---" rule in prose is not a patch */
	{ "before\n---\nafter", "aaa", 0 },
	/* NUL bytes inside a line are kept, CR before LF dropped */
	{ "a\0b\r\n> q\r\n", "aq", 0 },
};

START_TEST(reply_kinds_table)
{
	struct arena a = ARENA_INIT;
	struct reply *r;
	char got[64];
	const char *b = kind_cases[_i].body;
	/* the NUL row needs its real length */
	size_t len = _i == LKB_ARRAY_SIZE(kind_cases) - 1 ? 10 : strlen(b);

	ck_assert_int_eq(reply_parse(&a, b, len, &r), LKB_OK);
	kinds_of(r, got, sizeof(got));
	ck_assert_msg(!strcmp(got, kind_cases[_i].kinds),
		      "row %d: got %s want %s", _i, got, kind_cases[_i].kinds);
	ck_assert_int_eq(r->has_patch, kind_cases[_i].has_patch);
	arena_release(&a);
}
END_TEST

START_TEST(reply_depths_and_joins)
{
	struct arena a = ARENA_INIT;
	struct reply *r;
	const char *b = "> a\n>> b\n> > c\n>d\ntext\nmore";
	size_t cur = 0, n = 0, len;
	const struct reply_line *l;
	const char *t;

	ck_assert_int_eq(reply_parse(&a, b, strlen(b), &r), LKB_OK);
	ck_assert_uint_eq(r->lines[0].depth, 1);
	ck_assert_uint_eq(r->lines[1].depth, 2);
	ck_assert_uint_eq(r->lines[2].depth, 2);
	ck_assert_uint_eq(r->lines[3].depth, 1);
	ck_assert_uint_eq(r->lines[4].depth, 0);
	ck_assert_uint_eq(r->max_depth, 2);
	ck_assert_str_eq(r->quoted, "a\nb\nc\nd");
	ck_assert_str_eq(r->authored, "text\nmore");
	ck_assert_uint_eq(r->authored_len, 9);
	t = reply_line_text(r, 3, &len);
	ck_assert_int_eq((int)len, 1);
	ck_assert_int_eq(t[0], 'd');
	while (reply_authored_lines(r, &cur, &l))
		n++;
	ck_assert_uint_eq(n, 2);
	ck_assert_str_eq(reply_line_kind_name(RL_PATCH), "patch");
	arena_release(&a);
}
END_TEST

START_TEST(reply_patch_subjects)
{
	static const char body[] =
		"From 1234567890abcdef1234567890abcdef12345678 Mon Sep 17 "
		"00:00:00 2001\n"
		"From: A U Thor <a@b.c>\n"
		"Subject: [PATCH v2 1/3] mm: fix foo\n"
		"\n"
		"Body text.\n"
		"\n"
		"Signed-off-by: A U Thor <a@b.c>\n"
		"---\n"
		" mm/x.c | 1 +\n"
		"diff --git a/mm/x.c b/mm/x.c\n"
		"--- a/mm/x.c\n"
		"+++ b/mm/x.c\n"
		"@@ -1 +1,2 @@\n"
		" x\n"
		"+y\n"
		"-- \n"
		"2.39.2\n"
		"Does it help?\n";
	struct arena a = ARENA_INIT;
	struct reply *r;
	char got[64];

	ck_assert_int_eq(reply_parse(&a, body, strlen(body), &r), LKB_OK);
	kinds_of(r, got, sizeof(got));
	ck_assert_str_eq(got, "pppppppppppppppssa");
	ck_assert_uint_eq(r->npatch_subjects, 1);
	ck_assert_str_eq(r->patch_subjects[0], "mm: fix foo");
	ck_assert_str_eq(r->authored, "Does it help?");
	arena_release(&a);
}
END_TEST

START_TEST(reply_scissors)
{
	static const char body[] =
		"Try this:\n\n-- >8 --\nSubject: [PATCH] foo: bar\n\nbody\n\n"
		"diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n";
	struct arena a = ARENA_INIT;
	struct reply *r = NULL;
	char got[64];

	r = parse_kinds(&a, body, got, sizeof(got));
	ck_assert_str_eq(got, "abppppppppppp");
	ck_assert_str_eq(r->patch_subjects[0], "foo: bar");
	ck_assert_str_eq(r->authored, "Try this:");
	arena_release(&a);
}
END_TEST

/* A hunk pasted without its file headers (magit's "modified   f") is a
 * patch; an "@@" in prose is not. */
START_TEST(reply_bare_hunk)
{
	static const char body[] =
		"I ended up with the below\n\nmodified   f.c\n"
		"@@ -1,2 +1,3 @@\n a\n+b\n c\nThanks\n";
	static const char prose[] = "See @@ -1 +1 @@\nin the log.\n";
	struct arena a = ARENA_INIT;
	char got[64];

	ck_assert_int_eq(parse_kinds(&a, body, got, sizeof(got))->has_patch,
			 1);
	ck_assert_str_eq(got, "abappppa");
	ck_assert_int_eq(parse_kinds(&a, prose, got, sizeof(got))->has_patch,
			 0);
	arena_release(&a);
}
END_TEST

START_TEST(reply_deep_quotes)
{
	struct arena a = ARENA_INIT;
	struct strbuf sb = STRBUF_INIT;
	struct reply *r;

	/* 50 levels, written both as ">>>..." and "> > > ..." */
	for (int i = 0; i < 50; i++)
		strbuf_adds(&sb, ">");
	strbuf_adds(&sb, " deep\n");
	for (int i = 0; i < 50; i++)
		strbuf_adds(&sb, "> ");
	strbuf_adds(&sb, "deep2\n");
	/* 100 levels are counted as LKB_MAX_QUOTE_DEPTH */
	for (int i = 0; i < 100; i++)
		strbuf_adds(&sb, ">");
	strbuf_adds(&sb, "x\nmine\n");
	ck_assert_int_eq(reply_parse(&a, sb.buf, sb.len, &r), LKB_OK);
	ck_assert_uint_eq(r->lines[0].depth, 50);
	ck_assert_uint_eq(r->lines[1].depth, 50);
	ck_assert_uint_eq(r->lines[2].depth, LKB_MAX_QUOTE_DEPTH);
	ck_assert_str_eq(r->quoted, "deep\ndeep2\nx");
	ck_assert_str_eq(r->authored, "mine");
	strbuf_release(&sb);
	arena_release(&a);
}
END_TEST

static double
parse_seconds(const char *unit, size_t bytes)
{
	struct arena a = ARENA_INIT;
	struct strbuf sb = STRBUF_INIT;
	struct reply *r;
	clock_t t0;
	double s;

	while (sb.len < bytes)
		strbuf_adds(&sb, unit);
	t0 = clock();
	ck_assert_int_eq(reply_parse(&a, sb.buf, sb.len, &r), LKB_OK);
	s = (double)(clock() - t0) / CLOCKS_PER_SEC;
	ck_assert_uint_gt(r->nlines, 1000);
	strbuf_release(&sb);
	arena_release(&a);
	return s;
}

START_TEST(reply_five_megabytes_linear)
{
	static const char *const units[] = {
		/* mixed prose, quotes, attributions, diffs */
		"On Mon, X wrote:\n> quoted line\nauthored words here\n"
		"---\ndiff --git a/f b/f\n@@ -1,2 +1,2 @@\n-a\n+b\n[...]\n",
		/* every line a would-be two-line attribution */
		"On a\n",
		/* every line a would-be patch separator */
		"---\n",
	};

	for (size_t u = 0; u < LKB_ARRAY_SIZE(units); u++) {
		double t1 = parse_seconds(units[u], 1u << 20);
		double t5 = parse_seconds(units[u], 5u << 20);

		/* quadratic would be 25x; allow noise on small numbers */
		ck_assert_msg(t5 < 10 * t1 + 0.5, "unit %zu: 1MB %.3fs 5MB %.3fs",
			      u, t1, t5);
	}
}
END_TEST

START_TEST(reply_too_big)
{
	struct arena a = ARENA_INIT;
	struct reply *r = (struct reply *)1;

	/* the length alone is checked: the pointer is never read */
	ck_assert_int_eq(reply_parse(&a, "x", (size_t)LKB_MAX_BODY_BYTES + 1, &r),
			 LKB_ERR_TOO_BIG);
	ck_assert_ptr_null(r);
	arena_release(&a);
}
END_TEST

/* Bodies need not end in NUL: each ends exactly at the buffer's end
 * (the sanitizer build catches a read past it). */
START_TEST(reply_unterminated_buffers)
{
	static const char *const tails[] = {
		"| |", "____________", "==========", "-- ", "Index: f\n=========",
		"On x\nwrote:", "[Ab Cd]", "#lkp fixed-by 0123abc", "---\n ab | 1 +",
		"diff --git a/f b/f\n@@ -1,5 +1,5 @@\n ", "Re: x\nFrom: a\nDate: b",
	};
	struct arena a = ARENA_INIT;
	struct reply *r;

	for (size_t i = 0; i < LKB_ARRAY_SIZE(tails); i++) {
		size_t n = strlen(tails[i]);
		char *b = malloc(n);

		memcpy(b, tails[i], n);
		ck_assert_int_eq(reply_parse(&a, b, n, &r), LKB_OK);
		ck_assert_uint_ge(r->nlines, 1);
		free(b);
	}
	arena_release(&a);
}
END_TEST

START_TEST(reply_seed_000_hypermail)
{
	struct arena a = ARENA_INIT;
	struct reply *r;
	size_t len;
	char *b = load("seed-000_6755a1ebf08d2740.txt", &len);

	ck_assert_int_eq(reply_parse(&a, b, len, &r), LKB_OK);
	ck_assert_str_eq(r->header_from, "Yang Shi");
	ck_assert_uint_eq(r->robot_depth, 1);
	/* the report lost its '>' in the scrape but is recognised */
	ck_assert(has_line(r->quoted, "FYI, we noticed a -19.6% regression"));
	ck_assert(has_line(r->quoted, "If you fix the issue, kindly add"));
	ck_assert(!has_line(r->authored, "If you fix the issue"));
	ck_assert(!has_line(r->authored, "stress-ng.madvise.ops"));
	ck_assert(!has_line(r->authored, "Disclaimer"));
	ck_assert(has_line(r->authored, "Thanks for reporting the case."));
	ck_assert(has_line(r->authored, "I'm going to post the patch"));
	/* hypermail navigation is noise */
	ck_assert(!has_line(r->authored, "Next message"));
	ck_assert_int_eq(r->lines[0].kind, RL_NOISE);	/* page title */
	free(b);
	arena_release(&a);
}
END_TEST

START_TEST(reply_seed_001_inline_answer)
{
	struct arena a = ARENA_INIT;
	struct reply *r;
	size_t len;
	char *b = load("seed-001_05dade88765bea35.txt", &len);

	ck_assert_int_eq(reply_parse(&a, b, len, &r), LKB_OK);
	ck_assert_str_eq(r->header_from, "Yin Fengwei");
	/* "> On ..., kernel test robot wrote:" quotes the report at 2 */
	ck_assert_uint_eq(r->robot_depth, 2);
	ck_assert_uint_eq(r->max_depth, 2);
	ck_assert(has_line(r->authored, "fix to the race introduced by commit "
				       "eef983ffeae7a1cdde8c3338155ae2dd74b8621b."));
	ck_assert(has_line(r->authored, "We will close this report."));
	ck_assert(has_line(r->quoted, "in testcase: stress-ng"));
	ck_assert(!has_line(r->authored, "Do you have time to look at this?"));
	free(b);
	arena_release(&a);
}
END_TEST

START_TEST(reply_seed_002_header_dump)
{
	struct arena a = ARENA_INIT;
	struct reply *r;
	size_t len;
	char *b = load("seed-002_8c5260647049be9a.txt", &len);

	ck_assert_int_eq(reply_parse(&a, b, len, &r), LKB_OK);
	ck_assert_str_eq(r->header_from, "Feng Tang <feng.tang@intel.com>");
	ck_assert_int_eq(r->lines[0].kind, RL_NOISE);	/* Received-SPF */
	ck_assert_uint_eq(r->max_depth, 6);	/* counted with a script */
	ck_assert_int_eq(r->has_patch, 0);	/* the patch is quoted */
	ck_assert(has_line(r->authored, "tl: memcg=0x7cd1000"));
	ck_assert(!has_line(r->authored, "Michal Hocko"));
	ck_assert(!has_line(r->authored, "diff --git"));
	ck_assert(!has_line(r->authored, "Received"));
	free(b);
	arena_release(&a);
}
END_TEST

START_TEST(reply_seed_003_openwall_report)
{
	struct arena a = ARENA_INIT;
	struct reply *r;
	size_t len;
	char *b = load("seed-003_c3147c1208027c0c.txt", &len);

	ck_assert_int_eq(reply_parse(&a, b, len, &r), LKB_OK);
	ck_assert_str_eq(r->header_from,
			 "kernel test robot <rong.a.chen@...el.com>");
	ck_assert_uint_eq(r->robot_depth, 0);
	ck_assert(!has_line(r->authored, "lists.openwall.net"));
	ck_assert(!has_line(r->authored, "View attachment"));
	ck_assert(!has_line(r->authored, "Powered by blists"));
	/* the wrapped subject line belongs to the header block */
	ck_assert(!has_line(r->authored, "perf-bench-numa-mem.GB_per_thread 38.7%"));
	free(b);
	arena_release(&a);
}
END_TEST

START_TEST(reply_seed_004_author_line)
{
	struct arena a = ARENA_INIT;
	struct reply *r;
	size_t len;
	char *b = load("seed-004_02eb4500e56574e4.txt", &len);

	ck_assert_int_eq(reply_parse(&a, b, len, &r), LKB_OK);
	ck_assert_str_eq(r->scraped_author, "Hugh Dickins");
	ck_assert_uint_eq(r->robot_depth, 1);
	ck_assert(has_line(r->authored, "treat the series of 13 as one,"));
	ck_assert(!has_line(r->authored, "stress-ng.remap.ops"));
	ck_assert(!has_line(r->authored, "[Hugh Dickins]"));
	ck_assert(has_line(r->quoted, "237b445401 (\"mm/munlock: mlock_pte_range()"));
	free(b);
	arena_release(&a);
}
END_TEST

/* A pasted LKP table: its head and rows are flagged (the rules skip
 * them), the commit lines above it, the prose right after it and a row
 * after an empty line are not;
 * the authored text still holds the whole table for the table parser. */
START_TEST(reply_pasted_table)
{
	static const char body[] =
		"We tested the patch, it did not fix the regression:\n"
		"3468bb1ca6e88407 eef983ffeae7a1cdde8c3338155\n"
		"---------------- ---------------------------\n"
		"       fail:runs  %reproduction    fail:runs\n"
		"           |             |             |\n"
		"        112:1          456%         117:1  dmesg.timestamp:last\n"
		"         %stddev     %change         %stddev\n"
		"             \\          |                \\\n"
		"     47979           +80.6%      86655        stress-ng.mknod.ops\n"
		"      0.08 \xc2\xb1" "223%      +0.5        0.61 \xc2\xb1" "  8%  perf-profile.x\n"
		"...\n"
		"It's like commit eef983ff bought 80% performance gain.\n"
		"We will close this report.\n"
		"\n"
		"  1234 +5.6% 5678 not.after.a.head\n";
	/* 1 table, 0 words, - not authored ('|' quote, snip, blank) */
	static const char want[] = "0001-11111-00-0";
	struct arena a = ARENA_INIT;
	struct reply *r;
	char got[32];
	size_t i;

	ck_assert_int_eq(reply_parse(&a, body, strlen(body), &r), LKB_OK);
	ck_assert_uint_eq(r->nlines, 15);
	for (i = 0; i < r->nlines && i + 1 < sizeof(got); i++)
		got[i] = r->lines[i].table ? '1' :
			 r->lines[i].kind != RL_AUTHORED ? '-' : '0';
	got[i] = '\0';
	ck_assert_str_eq(got, want);
	ck_assert_ptr_nonnull(strstr(r->authored, "stress-ng.mknod.ops"));
	arena_release(&a);
}
END_TEST

START_TEST(reply_corpus_patches)
{
	struct arena a = ARENA_INIT;
	struct reply *r;
	size_t len;
	char *b;

	/* Dave Chinner pastes a patch after his signature (1651872564) */
	b = load("corpus-chinner-inline-patch.txt", &len);
	ck_assert_int_eq(reply_parse(&a, b, len, &r), LKB_OK);
	ck_assert_int_eq(r->has_patch, 1);
	ck_assert_uint_eq(r->npatch_subjects, 1);
	ck_assert_str_eq(r->patch_subjects[0], "xfs: avoid unnecessary runtime "
			 "sibling pointer endian conversions");
	ck_assert(has_line(r->authored, "Can you try the patch below"));
	ck_assert(!has_line(r->authored, "Reported-by: kernel test robot"));
	ck_assert(!has_line(r->authored, "Rework the checks"));
	free(b);
	/* Feng Tang: "---" + diff, then more prose (1684075008) */
	b = load("corpus-tang-debug-patch.txt", &len);
	ck_assert_int_eq(reply_parse(&a, b, len, &r), LKB_OK);
	ck_assert_int_eq(r->has_patch, 1);
	ck_assert_uint_eq(r->npatch_subjects, 0);
	ck_assert(has_line(r->authored, "With the debug\nbelow, the performance "
				       "is restored."));
	ck_assert(has_line(r->authored, "Also for the turbostat.Bzy_MHz diff"));
	ck_assert(!has_line(r->authored, "xfs_alloc_fix_freelist(args, flag)"));
	free(b);
	/* Jan Stancek: Zimbra's "----- Original Message -----" (1573560143) */
	b = load("corpus-stancek-original-message.txt", &len);
	ck_assert_int_eq(reply_parse(&a, b, len, &r), LKB_OK);
	ck_assert(has_line(r->authored, "Test still PASSes."));
	ck_assert(!has_line(r->authored, "Original Message"));
	ck_assert_int_eq(r->lines[1].kind, RL_ATTRIBUTION);
	free(b);
	arena_release(&a);
}
END_TEST

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("reply");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, reply_null_and_empty);
	tcase_add_loop_test(tc, reply_kinds_table, 0,
			    (int)LKB_ARRAY_SIZE(kind_cases));
	tcase_add_test(tc, reply_depths_and_joins);
	tcase_add_test(tc, reply_patch_subjects);
	tcase_add_test(tc, reply_scissors);
	tcase_add_test(tc, reply_bare_hunk);
	tcase_add_test(tc, reply_deep_quotes);
	tcase_add_test(tc, reply_five_megabytes_linear);
	tcase_add_test(tc, reply_too_big);
	tcase_add_test(tc, reply_unterminated_buffers);
	tcase_add_test(tc, reply_seed_000_hypermail);
	tcase_add_test(tc, reply_seed_001_inline_answer);
	tcase_add_test(tc, reply_seed_002_header_dump);
	tcase_add_test(tc, reply_seed_003_openwall_report);
	tcase_add_test(tc, reply_seed_004_author_line);
	tcase_add_test(tc, reply_corpus_patches);
	tcase_add_test(tc, reply_pasted_table);
	suite_add_tcase(s, tc);
	return s;
}
