/* dump-report.c - print the JSON of one parsed LKP report, for the golden
 * tests (tests/golden/run-report.sh).
 *
 *   dump-report FILE.in     decoded mail written by decode-mail.py
 *   dump-report -t FILE     scraped or quoted text (lkp_report_parse_text)
 *
 * A file that is no report prints {"recognised": false}. Exit 0, or 1 on
 * errors.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/report_json.h"
#include "lib/arena.h"
#include "lib/limits.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"
#include "parsers/lkp_report.h"
#include "tests/unit/test_lkp_input.h"

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

	if (argc == 3 && !strcmp(argv[1], "-t")) {
		text = 1;
		path = argv[2];
	} else if (argc == 2) {
		path = argv[1];
	} else {
		fprintf(stderr, "usage: dump-report [-t] FILE\n");
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
	json = report_json_dump(r, 0);
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
