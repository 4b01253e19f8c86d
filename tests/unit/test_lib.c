/* test_lib.c - strbuf, arena, xalloc, status. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "tests/unit/check_main.h"
#include "lib/arena.h"
#include "lib/status.h"
#include "lib/strbuf.h"

START_TEST(strbuf_init_is_empty)
{
	struct strbuf sb = STRBUF_INIT;

	ck_assert_ptr_nonnull(sb.buf);
	ck_assert_uint_eq(sb.len, 0);
	ck_assert_str_eq(sb.buf, "");
	strbuf_release(&sb);
}
END_TEST

START_TEST(strbuf_add_and_detach)
{
	struct strbuf sb = STRBUF_INIT;
	size_t len;
	char *s;

	ck_assert_int_eq(strbuf_adds(&sb, "ab"), LKB_OK);
	ck_assert_int_eq(strbuf_addf(&sb, "%d-%s", 12, "x"), LKB_OK);
	ck_assert_int_eq(strbuf_add(&sb, "\0z", 2), LKB_OK); /* NUL kept */
	ck_assert_uint_eq(sb.len, 8);
	ck_assert_int_eq(sb.buf[sb.len], '\0');
	s = strbuf_detach(&sb, &len);
	ck_assert_uint_eq(len, 8);
	ck_assert_int_eq(memcmp(s, "ab12-x\0z", 8), 0);
	ck_assert_uint_eq(sb.len, 0);
	ck_assert_str_eq(sb.buf, "");
	free(s);
}
END_TEST

START_TEST(strbuf_cap_refuses_and_keeps)
{
	struct strbuf sb;

	strbuf_init_capped(&sb, 5);
	ck_assert_int_eq(strbuf_adds(&sb, "abcd"), LKB_OK);
	ck_assert_int_eq(strbuf_adds(&sb, "ef"), LKB_ERR_TOO_BIG);
	ck_assert_str_eq(sb.buf, "abcd");	/* untouched on failure */
	ck_assert_int_eq(strbuf_addch(&sb, 'e'), LKB_OK);
	ck_assert_int_eq(strbuf_addf(&sb, "%s", "x"), LKB_ERR_TOO_BIG);
	ck_assert_str_eq(sb.buf, "abcde");
	strbuf_release(&sb);
}
END_TEST

START_TEST(strbuf_rtrim_works)
{
	struct strbuf sb = STRBUF_INIT;

	ck_assert_int_eq(strbuf_adds(&sb, "x \t\n"), LKB_OK);
	strbuf_rtrim(&sb);
	ck_assert_str_eq(sb.buf, "x");
	strbuf_release(&sb);
}
END_TEST

START_TEST(arena_many_and_big)
{
	struct arena a = ARENA_INIT;
	char *big, *s;

	for (int i = 0; i < 10000; i++) {
		s = arena_printf(&a, "n%d", i);
		ck_assert_str_eq(s, i == 9999 ? "n9999" : s);
	}
	big = arena_alloc(&a, 1 << 20);
	ck_assert_int_eq(big[(1 << 20) - 1], 0);	/* zeroed */
	s = arena_memdup0(&a, "a\0b", 3);
	ck_assert_int_eq(s[3], '\0');
	ck_assert_int_eq(s[2], 'b');
	arena_release(&a);
	ck_assert_ptr_null(a.head);
}
END_TEST

START_TEST(status_every_code_has_a_name)
{
	for (int rc = 0; rc > LKB_ERR__LAST; rc--) {
		const char *s = lkb_status_str(rc);

		ck_assert_ptr_nonnull(s);
		ck_assert_str_ne(s, "unknown error");
	}
	ck_assert_str_eq(lkb_status_str(LKB_ERR__LAST), "unknown error");
}
END_TEST

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("lib");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, strbuf_init_is_empty);
	tcase_add_test(tc, strbuf_add_and_detach);
	tcase_add_test(tc, strbuf_cap_refuses_and_keeps);
	tcase_add_test(tc, strbuf_rtrim_works);
	tcase_add_test(tc, arena_many_and_big);
	tcase_add_test(tc, status_every_code_has_a_name);
	suite_add_tcase(s, tc);
	return s;
}
