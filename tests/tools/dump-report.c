/* dump-report.c - print the JSON of one parsed LKP report, for the golden
 * tests (tests/sh/t0080-golden-report.sh).
 *
 *   dump-report FILE.in     decoded mail written by decode-mail.py
 *   dump-report -t FILE     scraped or quoted text (lkp_report_parse_text)
 *
 *   dump-report -b N FILE...  benchmark: parse every file N times (.in as
 *                             mail, others as text), print MB/s, reports/s
 *
 * The JSON is `parse --json`'s without its top-level null members: a
 * golden file lists what the parser found, so a new field changes the
 * golden files of the reports that have it, not every one. A file that
 * is no report prints {"recognised": false}. Exit 0, or 1 on errors.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bot/report/json.h"
#include "lib/arena.h"
#include "lib/limits.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"
#include "parsers/lkp_report.h"
#include "tests/unit/test_lkp_input.h"

/* The report's JSON without the top-level members that are null. */
static char *
dump_found(const struct lkp_report *r)
{
	json_t *o = report_json_build(r, 0);
	const char *k;
	json_t *v;
	void *tmp;
	char *s;

	if (!o)
		return NULL;
	json_object_foreach_safe(o, tmp, k, v)
		if (json_is_null(v))
			json_object_del(o, k);
	s = json_dumps(o, REPORT_JSON_DUMP_FLAGS);
	json_decref(o);
	return s;
}

static double
now(void)
{
	struct timespec ts;

	timespec_get(&ts, TIME_UTC);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int
bench(long iters, int nfiles, char **files)
{
	struct strbuf *sb = calloc((size_t)nfiles, sizeof(*sb));
	double t0, dt, bytes = 0;
	long reports = 0, rows = 0;

	if (!sb)
		return 1;
	for (int i = 0; i < nfiles; i++)
		if (lkp_input_read_file(files[i], &sb[i]))
			return 1;
	t0 = now();
	for (long it = 0; it < iters; it++)
		for (int i = 0; i < nfiles; i++) {
			struct arena a = ARENA_INIT;
			struct lkp_report_input in;
			struct lkp_report_part parts[LKP_INPUT_MAX_PARTS];
			struct lkp_report *r = NULL;
			size_t n = strlen(files[i]);
			int rc;

			if (n > 3 && !strcmp(files[i] + n - 3, ".in")) {
				if (lkp_input_parse(&a, sb[i].buf, sb[i].len,
						    &in, parts))
					return 1;
				rc = lkp_report_parse(&a, &in, &r);
			} else {
				rc = lkp_report_parse_text(&a, sb[i].buf,
							   sb[i].len, 0, &r);
			}
			bytes += (double)sb[i].len;
			if (rc == 1) {
				reports++;
				rows += (long)lkp_report_row_count(r);
			}
			arena_release(&a);
		}
	dt = now() - t0;
	printf("%ld parses, %ld reports, %ld rows in %.3f s: %.1f MB/s, "
	       "%.0f reports/s\n", iters * nfiles, reports, rows, dt,
	       bytes / 1e6 / dt, reports / dt);
	for (int i = 0; i < nfiles; i++)
		strbuf_release(&sb[i]);
	free(sb);
	return 0;
}

int
main(int argc, char **argv)
{
	struct strbuf sb = STRBUF_INIT;
	struct arena a = ARENA_INIT;
	struct lkp_report_input in;
	struct lkp_report_part parts[LKP_INPUT_MAX_PARTS];
	struct lkp_report *r = NULL;
	int text = 0, rc = 1, prc;
	const char *path;
	char *json = NULL;

	if (argc >= 4 && !strcmp(argv[1], "-b"))
		return bench(strtol(argv[2], NULL, 10), argc - 3, argv + 3);
	if (argc == 3 && !strcmp(argv[1], "-t")) {
		text = 1;
		path = argv[2];
	} else if (argc == 2) {
		path = argv[1];
	} else {
		fprintf(stderr, "usage: dump-report [-t] FILE | -b N FILE...\n");
		return 2;
	}
	if (lkp_input_read_file(path, &sb))
		goto out;
	if (text) {
		prc = lkp_report_parse_text(&a, sb.buf, sb.len, 0, &r);
	} else {
		if (lkp_input_parse(&a, sb.buf, sb.len, &in, parts)) {
			fprintf(stderr, "dump-report: '%s' is no .in file\n",
				path);
			goto out;
		}
		prc = lkp_report_parse(&a, &in, &r);
	}
	if (prc < 0) {
		fprintf(stderr, "dump-report: parse failed: %d\n", prc);
		goto out;
	}
	if (!prc) {
		printf("{\"recognised\": false}\n");
		rc = 0;
		goto out;
	}
	json = dump_found(r);
	if (!json)
		goto out;
	printf("%s\n", json);
	rc = fflush(stdout) || ferror(stdout) ? 1 : 0;
out:
	free(json);
	arena_release(&a);
	strbuf_release(&sb);
	return rc;
}
