/* test_lib.c - strbuf, arena, xalloc, status, noise. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tests/unit/check_main.h"
#include "lib/arena.h"
#include "lib/noise.h"
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

	strbuf_adds(&sb, "ab");
	strbuf_addf(&sb, "%d-%s", 12, "x");
	strbuf_add(&sb, "\0z", 2); /* NUL kept */
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
	strbuf_adds(&sb, "abcd");
	ck_assert_int_eq(strbuf_status(&sb), LKB_OK);
	strbuf_adds(&sb, "ef");
	ck_assert_str_eq(sb.buf, "abcd");	/* untouched on failure */
	ck_assert_int_eq(strbuf_status(&sb), LKB_ERR_TOO_BIG);
	strbuf_release(&sb);
}
END_TEST

/* The overflow is sticky: an append that would fit after a refused one
 * takes nothing either, so the buffer never holds a truncated middle. */
START_TEST(strbuf_overflow_is_sticky)
{
	struct strbuf sb;

	strbuf_init_capped(&sb, 5);
	strbuf_adds(&sb, "abc");
	strbuf_adds(&sb, "def");		/* refused */
	strbuf_addch(&sb, 'g');			/* would fit, taken not */
	strbuf_addf(&sb, "%s", "h");
	strbuf_add(&sb, "i", 1);
	strbuf_grow(&sb, 1);
	ck_assert_str_eq(sb.buf, "abc");
	ck_assert_uint_eq(sb.len, 3);
	ck_assert_int_eq(strbuf_status(&sb), LKB_ERR_TOO_BIG);
	strbuf_setlen(&sb, 1);			/* shortening keeps it */
	ck_assert_int_eq(strbuf_status(&sb), LKB_ERR_TOO_BIG);
	strbuf_release(&sb);
}
END_TEST

/* reset and release clear the overflow and keep the cap; an exact fit
 * is no overflow. */
START_TEST(strbuf_reset_clears_overflow)
{
	struct strbuf sb;

	strbuf_init_capped(&sb, 3);
	strbuf_adds(&sb, "abcd");
	ck_assert_int_eq(strbuf_status(&sb), LKB_ERR_TOO_BIG);
	strbuf_reset(&sb);
	ck_assert_int_eq(strbuf_status(&sb), LKB_OK);
	strbuf_adds(&sb, "xyz");		/* exactly the cap */
	ck_assert_str_eq(sb.buf, "xyz");
	ck_assert_int_eq(strbuf_status(&sb), LKB_OK);
	strbuf_addch(&sb, '!');
	ck_assert_int_eq(strbuf_status(&sb), LKB_ERR_TOO_BIG);
	strbuf_release(&sb);
	ck_assert_int_eq(strbuf_status(&sb), LKB_OK);
	strbuf_adds(&sb, "abcd");		/* the cap survives release */
	ck_assert_int_eq(strbuf_status(&sb), LKB_ERR_TOO_BIG);
	ck_assert_str_eq(sb.buf, "");
	strbuf_release(&sb);
}
END_TEST

/* An uncapped buffer takes everything and never reports an overflow. */
START_TEST(strbuf_uncapped_never_overflows)
{
	struct strbuf sb = STRBUF_INIT;

	ck_assert_int_eq(strbuf_status(&sb), LKB_OK);
	for (int i = 0; i < 10000; i++)
		strbuf_addf(&sb, "%04d", i % 10000);
	strbuf_grow(&sb, 1 << 20);
	strbuf_addch(&sb, 'x');
	ck_assert_uint_eq(sb.len, 40001);
	ck_assert_int_eq(memcmp(sb.buf + 39996, "9999x", 6), 0);
	ck_assert_int_eq(strbuf_status(&sb), LKB_OK);
	strbuf_release(&sb);
}
END_TEST

START_TEST(strbuf_rtrim_works)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_adds(&sb, "x \t\n");
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

/* Closed forms: df 1 is Cauchy, P = 1 - 2 atan(|t|) / pi; df 2 gives
 * P = 1 - |t| / sqrt(2 + t^2); the others are Simpson integrations of
 * Student's density (t 2.228138852, df 10 is the 5 % table value). */
START_TEST(noise_t_pvalue_known)
{
	ck_assert_double_eq_tol(noise_t_pvalue(1, 1), 0.5, 1e-12);
	ck_assert_double_eq_tol(noise_t_pvalue(-3, 1),
				1 - 2 * atan(3) / M_PI, 1e-12);
	ck_assert_double_eq_tol(noise_t_pvalue(2, 2), 1 - 2 / sqrt(6), 1e-12);
	ck_assert_double_eq_tol(noise_t_pvalue(2, 8), 0.0805162380, 1e-8);
	ck_assert_double_eq_tol(noise_t_pvalue(2.228138852, 10), 0.05, 1e-8);
	ck_assert_double_eq_tol(noise_t_pvalue(3.5, 4.3), 0.0221270974, 1e-8);
	ck_assert_double_eq(noise_t_pvalue(0, 5), 1);
	ck_assert_double_eq(noise_t_pvalue(INFINITY, 5), 0);
	ck_assert_double_eq(noise_t_pvalue(NAN, 5), 1);
	ck_assert_double_eq(noise_t_pvalue(2, 0), 1);
}
END_TEST

START_TEST(noise_runs_welch)
{
	static const double a[] = { 1, 2, 3, 4, 5 }, b[] = { 3, 4, 5, 6, 7 };
	static const double flat0[] = { 10, 10, 10 }, flat1[] = { 11, 11 };
	static const double far[] = { 100, 101, 99, 100 };
	struct noise_verdict v;

	/* means 3 and 5, variances 2.5: t 2, df 8, p 0.0805 */
	noise_from_runs(a, 5, b, 5, &v);
	ck_assert_int_eq(v.from_runs, 1);
	ck_assert_double_eq_tol(v.t, 2, 1e-12);
	ck_assert_double_eq_tol(v.df, 8, 1e-12);
	ck_assert_double_eq_tol(v.p, 0.0805162380, 1e-8);
	ck_assert_int_eq(v.level, NOISE_WITHIN);
	noise_from_runs(a, 5, far, 4, &v);
	ck_assert_int_eq(v.level, NOISE_CLEAR);
	ck_assert(v.p < NOISE_CLEAR_P);
	/* runs that do not vary */
	noise_from_runs(flat0, 3, flat1, 2, &v);
	ck_assert_int_eq(v.level, NOISE_CLEAR);
	noise_from_runs(flat0, 3, flat0, 2, &v);
	ck_assert_int_eq(v.level, NOISE_WITHIN);
	/* one run: nothing to judge by */
	noise_from_runs(a, 1, b, 5, &v);
	ck_assert_int_eq(v.level, NOISE_UNKNOWN);
	noise_from_runs(NULL, 0, NULL, 0, &v);
	ck_assert_int_eq(v.level, NOISE_UNKNOWN);
}
END_TEST

START_TEST(noise_figures_ratio)
{
	struct noise_verdict v;

	/* -3 % against a printed "± 4%": the stddev alone is larger */
	noise_from_figures(100, 4, 97, 0, -3, &v);
	ck_assert_int_eq(v.level, NOISE_WITHIN);
	ck_assert(v.ratio_hi < 1);
	/* -19.6 % with both stddevs blank (at most 2 %): clear */
	noise_from_figures(6409, 0, 5154, 0, -1256.164, &v);
	ck_assert_int_eq(v.level, NOISE_CLEAR);
	ck_assert(isinf(v.ratio_hi));
	/* -5 % with blanks: more than the largest stddev, less than 3x */
	noise_from_figures(100, 0, 95, 0, -5, &v);
	ck_assert_int_eq(v.level, NOISE_LIKELY);
	ck_assert_double_eq_tol(v.ratio_lo, 5 / sqrt(4 + 1.9 * 1.9), 1e-12);
	/* "± 4%" is [4, 5) %: -4.5 % is not within noise, -3.9 % is */
	noise_from_figures(100, 4, 95.5, 0, -4.5, &v);
	ck_assert_int_eq(v.level, NOISE_LIKELY);
	noise_from_figures(100, 4, 96.1, 0, -3.9, &v);
	ck_assert_int_eq(v.level, NOISE_WITHIN);
	/* no change at all, and numbers that are no numbers */
	noise_from_figures(5, 0, 5, 0, 0, &v);
	ck_assert_int_eq(v.level, NOISE_WITHIN);
	noise_from_figures(NAN, 0, 5, 0, 1, &v);
	ck_assert_int_eq(v.level, NOISE_UNKNOWN);
	ck_assert_str_eq(noise_level_name(NOISE_WITHIN), "within noise");
	ck_assert_int_eq(noise_level_from_name("likely"), NOISE_LIKELY);
	ck_assert_int_eq(noise_level_from_name(NULL), NOISE_UNKNOWN);
	ck_assert_str_eq(noise_level_name(NOISE__COUNT), "unknown");
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
	tcase_add_test(tc, strbuf_overflow_is_sticky);
	tcase_add_test(tc, strbuf_reset_clears_overflow);
	tcase_add_test(tc, strbuf_uncapped_never_overflows);
	tcase_add_test(tc, strbuf_rtrim_works);
	tcase_add_test(tc, arena_many_and_big);
	tcase_add_test(tc, status_every_code_has_a_name);
	tcase_add_test(tc, noise_t_pvalue_known);
	tcase_add_test(tc, noise_runs_welch);
	tcase_add_test(tc, noise_figures_ratio);
	suite_add_tcase(s, tc);
	return s;
}
