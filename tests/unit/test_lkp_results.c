/* test_lkp_results.c - path_params, job files, matrix parsing and the
 * error paths of result trees (doc/lkp-format.md 5.1, 6). Expected paths are
 * worked out by hand from lkp's Job#path_params rules. */
#define _XOPEN_SOURCE 700	/* mkdtemp */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "bot/compare/axes.h"
#include "bot/compare/build_error.h"
#include "bot/compare/compare.h"
#include "bot/compare/matrix.h"
#include "bot/compare/results-internal.h"
#include "bot/compare/results.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"
#include "tests/unit/check_main.h"

static const struct compare_param params[] = {
	{ "testtime", "60s", 0 },
	{ "nr_threads", "100%", 0 },
	{ "class", "memory", 0 },
	{ "test", "remap", 0 },
};

static const struct compare_axes axes = {
	"stress-ng", "lkp-icl-2sp8", "debian.cgz", "x86_64-rhel-9.4",
	"gcc-12", 4, params,
};

static void
check_pp(const struct compare_param *p, size_t n, const char *want)
{
	struct compare_axes a = axes;
	struct strbuf sb = STRBUF_INIT;

	a.params = p;
	a.nparams = n;
	ck_assert_int_eq(compare_axes_path_params(&a, &sb), LKB_OK);
	ck_assert_str_eq(sb.buf, want);
	strbuf_release(&sb);
}

START_TEST(path_params)
{
	static const struct compare_param eq[] = {
		{ "mode", "thread", 1 },	/* '='-option: k=v */
		{ "debug", "", 1 },		/* empty: just k */
		{ "size", NULL, 0 },		/* nil value: skipped */
	};
	static const struct compare_param odd[] = {
		/* 40 chars cut to 31; '/', ' ', ',' become '_' */
		{ "a", "0123456789012345678901234567890123456789", 0 },
		{ "b", "x/y z,w", 0 },
		/* a UTF-8 character is one character, one '_' */
		{ "c", "\xc3\xa9t\xc3\xa9", 0 },
	};

	/* sorted by name: class nr_threads test testtime */
	check_pp(params, 4, "memory-100%-remap-60s");
	check_pp(NULL, 0, "defaults");
	check_pp(eq, 3, "debug-mode=thread");
	check_pp(odd, 3, "0123456789012345678901234567890-x_y_z_w-_t_");
}
END_TEST

START_TEST(axes_check_and_header)
{
	struct compare_axes a = axes;
	struct strbuf k = STRBUF_INIT, v = STRBUF_INIT;
	const char *what = NULL;

	ck_assert_int_eq(compare_axes_check(&a, &what), 0);
	a.rootfs = "../etc";
	ck_assert_int_eq(compare_axes_check(&a, &what), -1);
	ck_assert_str_eq(what, "rootfs");
	a.rootfs = "..";
	ck_assert_int_eq(compare_axes_check(&a, &what), -1);
	a = axes;
	a.compiler = NULL;
	ck_assert_int_eq(compare_axes_check(&a, &what), -1);
	ck_assert_int_eq(compare_axes_header(&axes, &k, &v), LKB_OK);
	ck_assert_str_eq(k.buf, "class/compiler/kconfig/nr_threads/rootfs/"
				"tbox_group/test/testcase/testtime");
	ck_assert_str_eq(v.buf, "memory/gcc-12/x86_64-rhel-9.4/100%/debian.cgz/"
				"lkp-icl-2sp8/remap/stress-ng/60s");
	strbuf_release(&k);
	strbuf_release(&v);
}
END_TEST

START_TEST(job_yaml_and_match)
{
	struct strbuf sb = STRBUF_INIT;
	static const char job[] =
		"suite: stress-ng\ntestcase: stress-ng\nstress-ng:\n"
		"  class: memory\n  nr_threads: '100%'\n  test: \"remap\"\n"
		"  testtime: 60s\n";
	static const char other[] =
		"testcase: stress-ng\nclass: memory\nnr_threads: 50%\n"
		"test: remap\ntesttime: 60s\n";

	ck_assert_int_eq(compare_axes_job_yaml(&axes, "abc1234", &sb), LKB_OK);
	/* options under the program's key, as lkp loads them; values that
	 * YAML would read as numbers or booleans are quoted */
	ck_assert_ptr_nonnull(strstr(sb.buf, "\ntestcase: stress-ng\n"
					     "stress-ng:\n  class: memory\n"
					     "  nr_threads: '100%'\n"
					     "  test: remap\n  testtime: '60s'\n"
					     "tbox_group: lkp-icl-2sp8\n"));
	ck_assert_ptr_nonnull(strstr(sb.buf, "\ncommit: abc1234\n"));
	/* the job we write matches its own axes */
	ck_assert(compare_axes_match_job(&axes, sb.buf, sb.len));
	ck_assert(compare_axes_match_job(&axes, job, strlen(job)));
	ck_assert(!compare_axes_match_job(&axes, other, strlen(other)));
	strbuf_reset(&sb);
	ck_assert_int_lt(compare_axes_job_yaml(&axes, "a/b", &sb), 0);
	strbuf_release(&sb);
}
END_TEST

static int
parse(struct compare_dataset *ds, const char *json, char **err)
{
	compare_dataset_init(ds, 1);
	*err = NULL;
	return compare_results_parse_matrix("m.json", json, strlen(json), ds, 0, err);
}

START_TEST(matrix_parse)
{
	struct compare_dataset ds;
	char *err;
	const double *v;

	ck_assert_int_eq(parse(&ds, "{\"a.b\": [1, 2.5], \"c.d\": [7],"
				    " \"t.x\": [\"s\", \"s\", \"s\"],"
				    " \"stats_source\": [\"0\", \"1\", \"2\"]}",
			       &err), LKB_OK);
	ck_assert_uint_eq(ds.cols[0].nruns, 3);
	v = compare_dataset_get(&ds, 0, compare_dataset_find(&ds, "a.b"));
	ck_assert_ptr_nonnull(v);
	ck_assert(v[0] == 1 && v[1] == 2.5 && v[2] == 0);	/* 0-filled */
	v = compare_dataset_get(&ds, 0, compare_dataset_find(&ds, "c.d"));
	ck_assert_ptr_nonnull(v);
	ck_assert(v[0] == 7 && v[1] == 0);
	ck_assert(compare_dataset_is_text(&ds, 0, compare_dataset_find(&ds, "t.x")));
	ck_assert(compare_dataset_find(&ds, "stats_source") == COMPARE_KEY_NONE);
	compare_dataset_release(&ds);
}
END_TEST

/* Each corrupt input gives an error naming the file, never a dataset
 * to print. */
START_TEST(matrix_errors)
{
	static const char *const bad[] = {
		"{\"a\": [1, 2]",			/* truncated */
		"[1, 2]",				/* not an object */
		"{\"a\": [NaN, 1]}",			/* NaN */
		"{\"a\": [1e999]}",			/* overflow */
		"{\"a\": [1, null]}",			/* null sample */
		"{\"a\": [[1], 2]}",			/* nested */
		"{\"a\": 5}",				/* not a list */
		"{\"a\": [1, 2, 3], \"stats_source\": [\"0\"]}",	/* > runs */
		"{\"a\\nb\": [1]}",			/* control char */
		"{}",					/* no runs */
		"{\"stats_source\": 3}",
	};
	struct compare_dataset ds;
	char *err;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		ck_assert_msg(parse(&ds, bad[i], &err) < 0, "accepted %s", bad[i]);
		ck_assert_ptr_nonnull(err);
		ck_assert_ptr_nonnull(strstr(err, "m.json"));
		free(err);
		compare_dataset_release(&ds);
	}
}
END_TEST

/* The matrix.json fast path must load exactly what jansson loads, and
 * hand everything unusual to jansson. */
START_TEST(fast_path_equals_jansson)
{
	static const char text[] =
		"{\n  \"a.b\": [\n    0,\n    -0,\n    1e5,\n    1.5e-3,\n"
		"    12345678901234567,\n    0.1,\n    123.456,\n    2.296e+09,\n"
		"    -16.64,\n    1E2\n  ],\n  \"c\": [0.30000000000000004, "
		"1.7976931348623157e308, 5e-324, 123456789012345678],\n"
		"  \"stats_source\": [\"0\",\"1\",\"2\",\"3\",\"4\",\"5\",\"6\","
		"\"7\",\"8\",\"9\"]\n}\n";
	static const char *const slow[] = {
		"{\"a\": [\"text\"]}", "{\"a\\u0041\": [1]}", "{\"a\": [NaN]}",
		"{\"a\": [01]}", "{\"a\": [1.]}", "{\"a\": [1]} x",
		"{\"a\": [1234567890123456789]}", "{\"a\": [1e400]}",
	};
	struct compare_dataset fast, full;
	char *err = NULL;

	compare_dataset_init(&fast, 1);
	compare_dataset_init(&full, 1);
	ck_assert_int_eq(compare_results_matrix_fast(text, strlen(text), &fast, 0), 1);
	ck_assert_int_eq(compare_results_parse_matrix("m", text, strlen(text), &full,
						  0, &err), LKB_OK);
	ck_assert_uint_eq(fast.cols[0].nruns, 10);
	ck_assert_uint_eq(full.cols[0].nruns, 10);
	for (size_t k = 0; k < 2; k++) {
		const char *name = k ? "c" : "a.b";
		const double *a = compare_dataset_get(&fast, 0,
						  compare_dataset_find(&fast, name));
		const double *b = compare_dataset_get(&full, 0,
						  compare_dataset_find(&full, name));

		ck_assert_ptr_nonnull(a);
		ck_assert_ptr_nonnull(b);
		ck_assert_int_eq(memcmp(a, b, 10 * sizeof(double)), 0);
	}
	/* JSON reals (Ruby Floats) against integers, in both parsers */
	for (size_t r = 0; r < 10; r++) {
		static const int real_ab[10] = { 0, 0, 1, 1, 0, 1, 1, 1, 1, 1 };
		static const int real_c[10] = { 1, 1, 1, 0 };
		size_t ab = compare_dataset_find(&fast, "a.b"), c = compare_dataset_find(&fast, "c");

		ck_assert_int_eq(compare_dataset_is_real(&fast, 0, ab, r), real_ab[r]);
		ck_assert_int_eq(compare_dataset_is_real(&fast, 0, c, r), real_c[r]);
		ab = compare_dataset_find(&full, "a.b");
		c = compare_dataset_find(&full, "c");
		ck_assert_int_eq(compare_dataset_is_real(&full, 0, ab, r), real_ab[r]);
		ck_assert_int_eq(compare_dataset_is_real(&full, 0, c, r), real_c[r]);
	}
	compare_dataset_release(&fast);
	compare_dataset_release(&full);
	for (size_t i = 0; i < sizeof(slow) / sizeof(slow[0]); i++) {
		compare_dataset_init(&fast, 1);
		ck_assert_msg(!compare_results_matrix_fast(slow[i], strlen(slow[i]),
						       &fast, 0), "%s", slow[i]);
		ck_assert_uint_eq(fast.keys.n, 0);	/* untouched */
		compare_dataset_release(&fast);
	}
}
END_TEST

static char *
tmpdir(void)
{
	char *d = xstrdup("/tmp/lkb-results-XXXXXX");

	ck_assert_ptr_nonnull(mkdtemp(d));
	return d;
}

static void
write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
}

START_TEST(read_limits_and_gzip)
{
	char *d = tmpdir(), path[256];
	struct strbuf sb = STRBUF_INIT;
	char *err = NULL;
	gzFile gz;

	snprintf(path, sizeof(path), "%s/m.json", d);
	write_file(path, "0123456789");
	ck_assert_int_eq(compare_results_read_file(path, 10, &sb, &err), LKB_OK);
	strbuf_reset(&sb);
	ck_assert_int_eq(compare_results_read_file(path, 9, &sb, &err),
			 LKB_ERR_TOO_BIG);
	ck_assert_ptr_nonnull(strstr(err, "larger than 9 bytes"));
	free(err);
	snprintf(path, sizeof(path), "%s/s.json.gz", d);
	gz = gzopen(path, "wb");
	gzputs(gz, "{\"x.y\": 3}");
	gzclose(gz);
	strbuf_reset(&sb);
	ck_assert_int_eq(compare_results_read_file(path, 100, &sb, &err), LKB_OK);
	ck_assert_str_eq(sb.buf, "{\"x.y\": 3}");
	/* not gzip at all: zlib passes plain bytes through; a corrupt
	 * gzip stream is an error */
	{
		FILE *f = fopen(path, "wb");

		ck_assert_ptr_nonnull(f);
		fwrite("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03garbage",
		       1, 17, f);
		fclose(f);
	}
	strbuf_reset(&sb);
	ck_assert_int_lt(compare_results_read_file(path, 100, &sb, &err), 0);
	free(err);
	snprintf(path, sizeof(path), "rm -rf '%s'", d);
	ck_assert_int_eq(system(path), 0);
	free(d);
	strbuf_release(&sb);
}
END_TEST

/* The result tree of commit 0123456... for axes under root d, in rt. */
static void
make_rt(const char *d, struct strbuf *rt)
{
	char p[512], *err = NULL;

	snprintf(p, sizeof(p), "mkdir -p '%s/stress-ng/memory-100%%-remap-60s/"
		 "lkp-icl-2sp8/debian.cgz/x86_64-rhel-9.4/gcc-12/"
		 "0123456789abcdef0123456789abcdef01234567'", d);
	ck_assert_int_eq(system(p), 0);
	ck_assert_int_eq(compare_results_find(d, &axes, "0123456", rt, &err), 1);
}

/* Remove root d (freed) and release rt. */
static void
drop_rt(char *d, struct strbuf *rt)
{
	char p[512];

	snprintf(p, sizeof(p), "rm -rf '%s'", d);
	ck_assert_int_eq(system(p), 0);
	free(d);
	strbuf_release(rt);
}

/* A small .gz of valid JSON with millions of values is refused, naming
 * the file and the limit, before anything is built from it (the audit's
 * 600 KB file of 31 M numbers peaked at 1.3 GB). */
START_TEST(matrix_value_cap)
{
	char *d = tmpdir(), p[512];
	struct strbuf rt = STRBUF_INIT;
	struct compare_dataset ds;
	struct rusage ru;
	char *err = NULL;
	gzFile gz;

	make_rt(d, &rt);
	snprintf(p, sizeof(p), "%s/matrix.json.gz", rt.buf);
	gz = gzopen(p, "wb");
	ck_assert_ptr_nonnull(gz);
	gzputs(gz, "{\"m\": [");
	for (int i = 0; i < 5000000; i++)
		gzputs(gz, "1,");
	gzputs(gz, "1]}");
	gzclose(gz);
	compare_dataset_init(&ds, 1);
	ck_assert_int_eq(compare_results_load(rt.buf, &ds, 0, &err),
			 LKB_ERR_TOO_BIG);
	ck_assert_ptr_nonnull(strstr(err, "matrix.json.gz' holds more than "
				     "2000000 values (LKB_MAX_MATRIX_VALUES)"));
	free(err);
	ck_assert_int_eq(getrusage(RUSAGE_SELF, &ru), 0);
	ck_assert_int_lt(ru.ru_maxrss, 160 * 1024);	/* KB */
	compare_dataset_release(&ds);
	drop_rt(d, &rt);
}
END_TEST

/* A tree without matrix.json: rebuilt from the runs, a stat absent
 * from a run counts 0; a run without stats.json is no run. */
START_TEST(rebuild_from_runs)
{
	char *d = tmpdir(), p[512];
	struct strbuf rt = STRBUF_INIT;
	struct compare_dataset ds;
	char *err = NULL;
	const double *v;
	const char *dirs[] = { "0", "1", "2", "10" };

	make_rt(d, &rt);
	for (size_t i = 0; i < 4; i++) {
		snprintf(p, sizeof(p), "%s/%s", rt.buf, dirs[i]);
		ck_assert_int_eq(mkdir(p, 0755), 0);
		snprintf(p, sizeof(p), "%s/%s/stats.json", rt.buf, dirs[i]);
		if (i == 1)
			write_file(p, "{\"a.b\": 4}");
		else if (i != 2)
			write_file(p, "{\"a.b\": 2, \"c.d\": 1}");
	}
	compare_dataset_init(&ds, 1);
	ck_assert_int_eq(compare_results_load(rt.buf, &ds, 0, &err), LKB_OK);
	/* runs 0, 1, 10 (2 has no stats.json), in numeric order */
	ck_assert_uint_eq(ds.cols[0].nruns, 3);
	v = compare_dataset_get(&ds, 0, compare_dataset_find(&ds, "a.b"));
	ck_assert_ptr_nonnull(v);
	ck_assert(v[0] == 2 && v[1] == 4 && v[2] == 2);
	v = compare_dataset_get(&ds, 0, compare_dataset_find(&ds, "c.d"));
	ck_assert_ptr_nonnull(v);
	ck_assert(v[0] == 1 && v[1] == 0 && v[2] == 1);
	compare_dataset_release(&ds);
	/* no results at all for another commit */
	{
		struct strbuf none = STRBUF_INIT;

		ck_assert_int_eq(compare_results_find(d, &axes, "fedcba9876", &none,
						  &err), 0);
		strbuf_release(&none);
	}
	/* a corrupt run is an error naming the file */
	snprintf(p, sizeof(p), "%s/0/stats.json", rt.buf);
	write_file(p, "{\"a.b\": tru");
	compare_dataset_init(&ds, 1);
	ck_assert_int_lt(compare_results_load(rt.buf, &ds, 0, &err), 0);
	ck_assert_ptr_nonnull(strstr(err, "0/stats.json"));
	free(err);
	compare_dataset_release(&ds);
	drop_rt(d, &rt);
}
END_TEST

START_TEST(write_jobs_idempotent)
{
	char *d = tmpdir(), q[256], cmd[300];
	const char *commits[] = { "0123456789abcdef0123456789abcdef01234567",
				  "fedcba9876543210fedcba9876543210fedcba98" };
	char *err = NULL;
	size_t written = 0;

	snprintf(q, sizeof(q), "%s/queue", d);
	ck_assert_int_eq(compare_write_jobs(q, &axes, commits, 2, &written,
					    &err), LKB_OK);
	ck_assert_uint_eq(written, 2);
	ck_assert_int_eq(compare_write_jobs(q, &axes, commits, 2, &written,
					    &err), LKB_OK);
	ck_assert_uint_eq(written, 0);
	snprintf(cmd, sizeof(cmd), "test $(ls '%s' | wc -l) -eq 2", q);
	ck_assert_int_eq(system(cmd), 0);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", d);
	ck_assert_int_eq(system(cmd), 0);
	free(d);
}
END_TEST

/* A result root's build-error log (bot/compare/build_error.h). */
START_TEST(build_error_lines)
{
	static const struct {
		const char *log;	/* NULL: no build-error file */
		int rc;
		const char *lines;
	} rows[] = {
		/* no marker: no build failure */
		{ NULL, 0, "" },
		/* empty log: still a failure, said so */
		{ "", 1, "(the build log is empty)\n" },
		/* gcc and make lines picked, the rest left */
		{ "make -C source O=/b\nCC mm/x.o\nmm/x.c:3:9: error: "
		  "'y' undeclared\nmake[2]: *** [Makefile:2: mm/x.o] Error 1\n"
		  "make: Leaving directory\n", 1,
		  "mm/x.c:3:9: error: 'y' undeclared\n"
		  "make[2]: *** [Makefile:2: mm/x.o] Error 1\n" },
		/* colour codes, tabs and control characters off */
		{ "\033[01m\033[Kmm/x.c:3:9:\033[m\033[K \033[01;31m\033[Kerror"
		  ": \033[m\033[Kno\tway\a\n", 1,
		  "mm/x.c:3:9: error: no way\n" },
		/* ld */
		{ "ld: vmlinux.o: undefined reference to `f'\n", 1,
		  "ld: vmlinux.o: undefined reference to `f'\n" },
		/* no error line: the last non-empty lines, in order */
		{ "a\n\nb\nc", 1, "a\nb\nc\n" },
	};
	char *d = tmpdir(), path[256], cmd[300], *err = NULL;
	struct strbuf out = STRBUF_INIT;
	FILE *f;

	snprintf(path, sizeof(path), "%s/" COMPARE_BUILD_ERROR_FILE, d);
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		unlink(path);
		if (rows[i].log)
			write_file(path, rows[i].log);
		ck_assert_int_eq(compare_build_error(d, &out, &err), rows[i].rc);
		ck_assert_str_eq(out.buf, rows[i].lines);
		ck_assert_ptr_null(err);
	}
	/* more lines than LKB_MAX_BUILD_ERROR_LINES without an error: the
	 * last ones only */
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	for (int i = 0; i < 100; i++)
		fprintf(f, "line %d\n", i);
	fclose(f);
	ck_assert_int_eq(compare_build_error(d, &out, &err), 1);
	ck_assert_ptr_nonnull(strstr(out.buf, "line 99\n"));
	ck_assert_ptr_null(strstr(out.buf, "line 0\n"));
	/* a directory (or anything not a regular file) is an error */
	unlink(path);
	ck_assert_int_eq(mkdir(path, 0700), 0);
	ck_assert_int_lt(compare_build_error(d, &out, &err), 0);
	ck_assert_ptr_nonnull(strstr(err, "not a regular file"));
	free(err);
	strbuf_release(&out);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", d);
	ck_assert_int_eq(system(cmd), 0);
	free(d);
}
END_TEST

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("compare_results");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, path_params);
	tcase_add_test(tc, axes_check_and_header);
	tcase_add_test(tc, job_yaml_and_match);
	tcase_add_test(tc, matrix_parse);
	tcase_add_test(tc, matrix_errors);
	tcase_add_test(tc, fast_path_equals_jansson);
	tcase_add_test(tc, read_limits_and_gzip);
	tcase_add_test(tc, matrix_value_cap);
	tcase_add_test(tc, rebuild_from_runs);
	tcase_add_test(tc, write_jobs_idempotent);
	tcase_add_test(tc, build_error_lines);
	suite_add_tcase(s, tc);
	return s;
}
