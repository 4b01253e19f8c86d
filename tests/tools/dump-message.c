/* dump-message.c - print a parsed struct message in a fixed, diffable
 * form for the golden tests (tests/sh/t0070-golden-message.sh).
 *
 * Usage: dump-message FILE.eml
 * Absent values print as "-"; strings print as they are (UTF-8). */
/* gmtime_r is POSIX; -std=c11 hides it otherwise. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib/status.h"
#include "lib/strbuf.h"
#include "parsers/message.h"

static const char *const quality_names[MSG__COUNT] = {
	"ok", "partial", "rejected"
};

static const char *
or_dash(const char *s)
{
	return s ? s : "-";
}

static void
print_addr(const char *label, const struct address *a)
{
	printf("%s\"%s\" <%s>\n", label, a->name, a->addr);
}

static void
print_date(const struct message *m)
{
	struct tm tm;
	time_t t = m->date;
	char buf[32];

	if (m->date == -1 || !gmtime_r(&t, &tm) ||
	    !strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm))
		snprintf(buf, sizeof(buf), "-");
	printf("date: %s\n", buf);
	printf("date-raw: %s\n", or_dash(m->date_raw));
}

static void
print_message(const struct message *m)
{
	const struct mime_part *p;
	size_t i;

	printf("quality: %s\n", quality_names[m->quality]);
	printf("problem: %s\n", or_dash(m->problem));
	printf("message-id: %s\n", or_dash(m->message_id));
	printf("in-reply-to: %s\n", or_dash(m->in_reply_to));
	printf("references: %zu\n", m->nreferences);
	for (i = 0; i < m->nreferences; i++)
		printf("  %s\n", m->references[i]);
	printf("subject: %s\n", m->subject);
	print_addr("from: ", &m->from);
	printf("to: %zu\n", m->nto);
	for (i = 0; i < m->nto; i++)
		print_addr("  ", &m->to[i]);
	printf("cc: %zu\n", m->ncc);
	for (i = 0; i < m->ncc; i++)
		print_addr("  ", &m->cc[i]);
	printf("reply-to: %s\n", or_dash(m->reply_to));
	print_date(m);
	printf("auto-submitted: %s\n", or_dash(m->auto_submitted));
	printf("precedence: %s\n", or_dash(m->precedence));
	printf("list-id: %s\n", or_dash(m->list_id));
	printf("x-lkpbot: %s\n", or_dash(m->x_lkpbot));
	printf("return-path: %s\n", or_dash(m->return_path));
	printf("headers: %zu\n", m->nheaders);
	printf("parts: %zu\n", m->nparts);
	for (p = m->parts, i = 1; p; p = p->next, i++)
		printf("  %zu: %s charset=%s filename=%s attachment=%d "
		       "len=%zu\n", i, p->type, p->charset[0] ? p->charset
							       : "-",
		       or_dash(p->filename), p->is_attachment, p->len);
	printf("body: %zu bytes\n", m->body_len);
	fwrite(m->body, 1, m->body_len, stdout);
	if (m->body_len && m->body[m->body_len - 1] != '\n')
		printf("\n[no final newline]\n");
}

static int
read_file(const char *path, struct strbuf *sb)
{
	char buf[65536];
	FILE *f = fopen(path, "rb");
	size_t n;
	int rc = 0;

	if (!f) {
		perror(path);
		return -1;
	}
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		strbuf_add(sb, buf, n);
	if (ferror(f))
		rc = -1;
	fclose(f);
	return rc;
}

int
main(int argc, char **argv)
{
	struct strbuf sb = STRBUF_INIT;
	struct message *m = NULL;
	int rc;

	if (argc != 2) {
		fprintf(stderr, "usage: dump-message FILE.eml\n");
		return 2;
	}
	if (read_file(argv[1], &sb) < 0)
		return 1;
	rc = message_parse(sb.buf, sb.len, &m);
	if (rc != LKB_OK) {
		printf("error: %s\n", lkb_status_str(rc));
	} else {
		print_message(m);
		message_free(m);
	}
	strbuf_release(&sb);
	return fflush(stdout) == 0 ? 0 : 1;
}
