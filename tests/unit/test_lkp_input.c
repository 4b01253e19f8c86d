/* test_lkp_input.c - read the .in files of tests/data/report (written by
 * tests/tools/decode-mail.py) into a struct lkp_report_input. Shared by
 * tests/tools/dump-report.c and the report unit tests; not a suite. */
#include "config.h"
#include "tests/unit/test_lkp_input.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int
lkp_input_read_file(const char *path, struct strbuf *sb)
{
	FILE *f = fopen(path, "rb");
	char buf[65536];
	size_t n;
	int rc = 0;

	if (!f) {
		fprintf(stderr, "cannot open '%s': %s\n", path,
			strerror(errno));
		return -1;
	}
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		strbuf_add(sb, buf, n);
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

int
lkp_input_parse(struct arena *a, const char *buf, size_t len,
		struct lkp_report_input *in, struct lkp_report_part *parts)
{
	const char *p = buf, *end = buf + len, *v;
	size_t sizes[LKP_INPUT_MAX_PARTS], off;

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
			 in->nparts < LKP_INPUT_MAX_PARTS) {
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
