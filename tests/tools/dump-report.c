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

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/report_json.h"
#include "lib/arena.h"
#include "lib/limits.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"
#include "parsers/lkp_report.h"

#define MAX_PARTS 32

static int
read_file(const char *path, struct strbuf *sb)
{
	FILE *f = fopen(path, "rb");
	char buf[65536];
	size_t n;
	int rc = 0;

	if (!f) {
		fprintf(stderr, "dump-report: cannot open '%s': %s\n", path,
			strerror(errno));
		return -1;
	}
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		if (strbuf_add(sb, buf, n)) {
			rc = -1;
			break;
		}
	if (ferror(f))
		rc = -1;
	fclose(f);
	return rc;
}

/* Value of "Name: value" at the start of line [p, nl). */
static const char *
hval(struct arena *a, const char *p, const char *nl, const char *name)
{
	size_t n = strlen(name);

	if ((size_t)(nl - p) < n + 2 || memcmp(p, name, n) || p[n] != ':')
		return NULL;
	return arena_memdup0(a, p + n + 2, (size_t)(nl - p - n - 2));
}

static int
parse_in(struct arena *a, const char *buf, size_t len,
	 struct lkp_report_input *in, struct lkp_report_part *parts)
{
	const char *p = buf, *end = buf + len, *v;
	size_t sizes[MAX_PARTS], off;

	memset(in, 0, sizeof(*in));
	in->date = -1;
	in->parts = parts;
	while (p < end && *p != '\n') {
		const char *nl = memchr(p, '\n', (size_t)(end - p));

		if (!nl)
			return -1;
		if ((v = hval(a, p, nl, "Subject")))
			in->subject = v;
		else if ((v = hval(a, p, nl, "From-Name")))
			in->from_name = v;
		else if ((v = hval(a, p, nl, "From-Addr")))
			in->from_addr = v;
		else if ((v = hval(a, p, nl, "Message-ID")))
			in->message_id = *v ? v : NULL;
		else if ((v = hval(a, p, nl, "Date")))
			in->date = (time_t)strtoll(v, NULL, 10);
		else if ((v = hval(a, p, nl, "Body-Length")))
			in->body_len = strtoull(v, NULL, 10);
		else if ((v = hval(a, p, nl, "Part")) &&
			 in->nparts < MAX_PARTS) {
			char *e;

			sizes[in->nparts] = strtoull(v, &e, 10);
			parts[in->nparts].name = *e ? e + 1 : NULL;
			in->nparts++;
		}
		p = nl + 1;
	}
	if (p >= end)
		return -1;
	p++;
	off = (size_t)(p - buf);
	if (in->body_len > len - off)
		return -1;
	in->body = p;
	off += in->body_len;
	for (size_t i = 0; i < in->nparts; i++) {
		if (sizes[i] > len - off)
			return -1;
		parts[i].text = buf + off;
		parts[i].len = sizes[i];
		off += sizes[i];
	}
	return 0;
}

int
main(int argc, char **argv)
{
	struct strbuf sb = STRBUF_INIT;
	struct arena a = ARENA_INIT;
	struct lkp_report_input in;
	struct lkp_report_part parts[MAX_PARTS];
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
	if (read_file(path, &sb))
		goto out;
	if (text) {
		prc = lkp_report_parse_text(&a, sb.buf, sb.len, 0, &r);
	} else {
		if (parse_in(&a, sb.buf, sb.len, &in, parts)) {
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
