/* test_store_index.c - the import's Message-ID index stores what SQL
 * alone stores: the same mails, added to two empty stores, one with the
 * index and one without, give the same rows, whatever the order, the
 * duplicates, the merges, a cap reached half-way, a rollback or another
 * connection's write. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "tests/unit/check_main.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "parsers/message.h"
#include "state/store.h"
#include "state/store-internal.h"	/* st->db */

#define MAX_REFS 6

struct mail {
	char mid[32], irt[32];
	char refs[MAX_REFS][32];
	int nrefs;
	int no_irt;
};

struct pair {
	char path[2][64];
	struct store *st[2];	/* [0] without the index, [1] with it */
};

static void
pair_open(struct pair *p, unsigned max_ids)
{
	for (int i = 0; i < 2; i++) {
		int fd;

		snprintf(p->path[i], sizeof(p->path[i]),
			 "/tmp/lkb-index-XXXXXX");
		fd = mkstemp(p->path[i]);
		ck_assert_int_ge(fd, 0);
		close(fd);
		ck_assert_int_eq(store_open(p->path[i], STORE_RW, &p->st[i]),
				 LKB_OK);
	}
	ck_assert_int_eq(store_mid_index_start(p->st[1], max_ids), 1);
	ck_assert(store_mid_index_on(p->st[1]));
}

static void
pair_close(struct pair *p)
{
	for (int i = 0; i < 2; i++) {
		store_close(p->st[i]);
		lkb_test_remove_db(p->path[i]);
	}
}

static int64_t
add(struct store *st, const struct mail *ml)
{
	const char *refs[MAX_REFS];

	for (int i = 0; i < ml->nrefs; i++)
		refs[i] = ml->refs[i];
	return lkb_test_add_message(st, ml->mid, ml->no_irt ? NULL : ml->irt,
				    refs, (size_t)ml->nrefs);
}

static void
add_both(struct pair *p, const struct mail *ml)
{
	ck_assert_int_eq(add(p->st[0], ml), add(p->st[1], ml));
}

/* Every row of the tables the index answers for, import times left
 * out, as text. */
static char *
dump(struct store *st)
{
	static const char *const sql[] = {
		"SELECT id, message_id, in_reply_to, refs, thread_id,"
		" parent_id, top_id, up_report FROM messages ORDER BY id",
		"SELECT msgid, thread_id FROM thread_ids ORDER BY msgid",
		"SELECT id, root_msgid FROM threads ORDER BY id",
	};
	struct strbuf sb = STRBUF_INIT;

	for (size_t k = 0; k < sizeof(sql) / sizeof(sql[0]); k++) {
		sqlite3_stmt *s;

		ck_assert_int_eq(sqlite3_prepare_v2(st->db, sql[k], -1, &s,
						    NULL), SQLITE_OK);
		while (sqlite3_step(s) == SQLITE_ROW) {
			for (int c = 0; c < sqlite3_column_count(s); c++) {
				const unsigned char *t =
					sqlite3_column_text(s, c);

				strbuf_adds(&sb, t ? (const char *)t : "NULL");
				strbuf_addch(&sb, '|');
			}
			strbuf_addch(&sb, '\n');
		}
		sqlite3_finalize(s);
		strbuf_adds(&sb, "--\n");
	}
	return strbuf_detach(&sb, NULL);
}

static void
assert_same(struct pair *p)
{
	char *a = dump(p->st[0]), *b = dump(p->st[1]);

	size_t i = 0, line = 0;

	ck_assert_msg(strlen(a) > 10, "the stores hold something");
	while (a[i] && a[i] == b[i])
		i++;
	while (line < i && a[i - line - 1] != '\n')
		line++;	/* back to the start of the first differing row */
	ck_assert_msg(!a[i] && !b[i], "first differing row: '%.60s' with "
		      "SQL alone, '%.60s' with the index", a + i - line,
		      b + i - line);
	free(a);
	free(b);
}

/* A deterministic generator (no libc rand: the same mails everywhere). */
static uint32_t
next_rand(uint32_t *s)
{
	*s = *s * 1103515245u + 12345u;
	return (*s >> 8) & 0xffffff;
}

/* Mail k of a list of n in which most reply to an earlier one, some to
 * a later one or to one never sent, some name only References, some
 * reply to themselves, and some Message-IDs come twice. */
static void
make_mail(struct mail *ml, int k, int n, uint32_t *seed)
{
	int pick = (int)(next_rand(seed) % 100), parent;

	memset(ml, 0, sizeof(*ml));
	snprintf(ml->mid, sizeof(ml->mid), "m%d@x",
		 pick < 3 && k ? (int)(next_rand(seed) % (unsigned)k) : k);
	if (pick < 15) {
		ml->no_irt = 1;	/* a thread of its own */
		return;
	}
	parent = pick < 80 && k ? (int)(next_rand(seed) % (unsigned)k)
	       : pick < 90 ? (int)(next_rand(seed) % (unsigned)(n + n / 4))
	       : k;	/* itself */
	snprintf(ml->irt, sizeof(ml->irt), "m%d@x", parent);
	ml->nrefs = (int)(next_rand(seed) % (MAX_REFS + 1));
	for (int r = 0; r < ml->nrefs; r++)
		snprintf(ml->refs[r], sizeof(ml->refs[r]), "m%d@x",
			 r == ml->nrefs - 1 ? parent
			 : (int)(next_rand(seed) % (unsigned)(n + 1)));
	if (pick % 7 == 0)
		ml->no_irt = 1;	/* the parent from References alone */
}

/* n mails in transactions of batch, in a shuffled order. */
static void
add_many(struct pair *p, int n, int batch, uint32_t seed)
{
	int *order = calloc((size_t)n, sizeof(*order));

	ck_assert_ptr_nonnull(order);
	for (int i = 0; i < n; i++)
		order[i] = i;
	for (int i = n - 1; i > 0; i--) {	/* mostly in order */
		int j = i - (int)(next_rand(&seed) % 8);
		int t = order[i];

		if (j < 0)
			j = 0;
		order[i] = order[j];
		order[j] = t;
	}
	for (int i = 0; i < n; i++) {
		struct mail ml;
		uint32_t s = seed ^ (uint32_t)order[i] * 2654435761u;

		if (i % batch == 0)
			for (int k = 0; k < 2; k++)
				ck_assert_int_eq(store_begin_write(p->st[k]),
						 LKB_OK);
		make_mail(&ml, order[i], n, &s);
		add_both(p, &ml);
		if (i % batch == batch - 1 || i == n - 1)
			for (int k = 0; k < 2; k++)
				ck_assert_int_eq(store_commit(p->st[k]),
						 LKB_OK);
	}
	free(order);
}

START_TEST(random_lists_store_the_same)
{
	struct pair p;

	pair_open(&p, 0);
	add_many(&p, 3000, 200, 7);
	ck_assert_msg(store_mid_index_on(p.st[1]), "index kept to the end");
	assert_same(&p);
	pair_close(&p);
}
END_TEST

START_TEST(cap_reached_half_way)
{
	struct pair p;

	pair_open(&p, 500);
	add_many(&p, 2000, 100, 11);
	ck_assert_msg(!store_mid_index_on(p.st[1]), "dropped at the cap");
	assert_same(&p);
	pair_close(&p);
}
END_TEST

/* Thread 2 is merged into 1 and deleted; a new thread takes id 2 again
 * (INTEGER PRIMARY KEY reuses the largest id): a reply to the merged
 * thread's mail must still go to 1. */
START_TEST(merged_thread_id_taken_again)
{
	struct mail a = { .mid = "a@x", .no_irt = 1 };
	struct mail b = { .mid = "b@x", .no_irt = 1 };
	struct mail c = { .mid = "c@x", .irt = "b@x", .nrefs = 2,
			  .refs = { "a@x", "b@x" } };
	struct mail d = { .mid = "d@x", .no_irt = 1 };
	struct mail e = { .mid = "e@x", .irt = "b@x" };
	struct pair p;

	pair_open(&p, 0);
	add_both(&p, &a);
	add_both(&p, &b);
	add_both(&p, &c);
	add_both(&p, &d);
	add_both(&p, &e);
	assert_same(&p);
	pair_close(&p);
}
END_TEST

START_TEST(rollback_drops_the_index)
{
	struct mail ml = { .mid = "gone@x", .irt = "m1@x" };
	struct pair p;

	pair_open(&p, 0);
	add_many(&p, 300, 50, 3);
	for (int k = 0; k < 2; k++) {
		ck_assert_int_eq(store_begin_write(p.st[k]), LKB_OK);
		add(p.st[k], &ml);
		store_rollback(p.st[k]);
	}
	ck_assert(!store_mid_index_on(p.st[1]));
	for (int k = 0; k < 2; k++) {	/* the same Message-ID again */
		ck_assert_int_eq(store_begin_write(p.st[k]), LKB_OK);
		add(p.st[k], &ml);
		ck_assert_int_eq(store_commit(p.st[k]), LKB_OK);
	}
	assert_same(&p);
	pair_close(&p);
}
END_TEST

START_TEST(another_writer_drops_the_index)
{
	struct mail ml = { .mid = "other@x", .irt = "m5@x" };
	struct store *other;
	struct pair p;

	pair_open(&p, 0);
	add_many(&p, 300, 50, 5);
	/* another connection adds a mail to each store */
	for (int k = 0; k < 2; k++) {
		ck_assert_int_eq(store_open(p.path[k], STORE_RW, &other),
				 LKB_OK);
		add(other, &ml);
		store_close(other);
	}
	ck_assert(store_mid_index_on(p.st[1]));	/* not seen yet */
	add_many(&p, 300, 50, 6);	/* duplicates of the first 300 */
	ck_assert(!store_mid_index_on(p.st[1]));
	assert_same(&p);
	pair_close(&p);
}
END_TEST

START_TEST(not_on_a_store_with_mail)
{
	struct mail ml = { .mid = "x@x", .no_irt = 1 };
	struct pair p;

	pair_open(&p, 0);
	add(p.st[0], &ml);
	ck_assert_int_eq(store_mid_index_start(p.st[0], 0), 0);
	ck_assert(!store_mid_index_on(p.st[0]));
	pair_close(&p);
}
END_TEST

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("store_index");
	TCase *tc = tcase_create("index");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, random_lists_store_the_same);
	tcase_add_test(tc, cap_reached_half_way);
	tcase_add_test(tc, merged_thread_id_taken_again);
	tcase_add_test(tc, rollback_drops_the_index);
	tcase_add_test(tc, another_writer_drops_the_index);
	tcase_add_test(tc, not_on_a_store_with_mail);
	suite_add_tcase(s, tc);
	return s;
}
