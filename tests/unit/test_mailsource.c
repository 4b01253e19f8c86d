/* test_mailsource.c - the mbox reader (mailsource_read_mbox) against a
 * line-by-line model of the rules it keeps (mailsource.h: the From_
 * line after a blank one, mboxrd unquoting, the blank line dropped, the
 * limits), for read sizes that put a read's end inside a From_ line, a
 * quoted line or a CRLF; at LKB_MAX_LINE_BYTES and
 * LKB_MAX_MESSAGE_BYTES and one byte over; stopping and read errors.
 * The Maildir walk: strcmp order of names alike in their first eight
 * bytes, what it skips, files at the size limit and over it. */
#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bot/ingest/mailsource-internal.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"
#include "tests/unit/check_main.h"

#define MIB (1024u * 1024)

struct got_msg {
	char *raw;
	size_t len;
	char *source;
	int flags;
};

/* The messages of one run; the callback returns 7 at the stop_at'th. */
struct got {
	struct got_msg *v;
	size_t n, alloc;
	size_t stop_at;
};

static void
got_push(struct got *g, char *raw, size_t len, const char *source,
	 int flags)
{
	ALLOC_GROW(g->v, g->n + 1, g->alloc);
	g->v[g->n].raw = raw;
	g->v[g->n].len = len;
	g->v[g->n].source = xstrdup(source);
	g->v[g->n].flags = flags;
	g->n++;
}

static void
got_release(struct got *g)
{
	for (size_t i = 0; i < g->n; i++) {
		free(g->v[i].raw);
		free(g->v[i].source);
	}
	free(g->v);
	memset(g, 0, sizeof(*g));
}

static char *
copy(const char *p, size_t n)
{
	char *c = xmalloc(n + 1);

	memcpy(c, p, n);
	c[n] = '\0';
	return c;
}

/* The reader's callback: raw is in its own buffer, NUL-terminated; every
 * second one is kept, the others are left to the reader to free. */
static int
collect(const char *raw, size_t len, const char *source, int flags,
	char **own, void *arg)
{
	struct got *g = arg;

	ck_assert_ptr_nonnull(own);
	ck_assert_ptr_eq(*own, raw);
	ck_assert_int_eq(raw[len], '\0');
	if (g->n % 2) {
		got_push(g, *own, len, source, flags);
		*own = NULL;
	} else {
		got_push(g, copy(raw, len), len, source, flags);
	}
	return g->stop_at && g->n == g->stop_at ? 7 : LKB_OK;
}

/* The rules, one line at a time (as the reader before this one did). */
static void
model_flush(struct got *g, struct strbuf *sb, size_t start, int flags)
{
	char source[64];
	size_t len = sb->len;

	if (len && sb->buf[len - 1] == '\n')
		len--;
	snprintf(source, sizeof(source), "mbox:T:%zu", start);
	got_push(g, copy(sb->buf, len), len, source, flags);
	strbuf_reset(sb);
}

static void
model_split(const char *b, size_t len, struct got *g)
{
	struct strbuf sb;
	size_t off = 0, start = 0, full, n, i, skip;
	const char *line, *nl;
	int prev_blank = 1, have = 0, flags = 0;

	strbuf_init_capped(&sb, LKB_MAX_MESSAGE_BYTES);
	while (off < len) {
		line = b + off;
		nl = memchr(line, '\n', len - off);
		full = nl ? (size_t)(nl - line) + 1 : len - off;
		n = full > LKB_MAX_LINE_BYTES ? LKB_MAX_LINE_BYTES : full;
		if (n >= 5 && !memcmp(line, "From ", 5) &&
		    (prev_blank || !have)) {
			if (have)
				model_flush(g, &sb, start, flags);
			have = 1;
			flags = 0;
			start = off;
		} else if (have) {
			for (i = 0; i < n && line[i] == '>'; i++)
				;
			skip = i > 0 && n - i >= 5 &&
			       !memcmp(line + i, "From ", 5);
			if (!flags) {
				strbuf_add(&sb, line + skip, n - skip);
				if (strbuf_status(&sb) != LKB_OK)
					flags = MAILSOURCE_TRUNCATED;
			}
		}
		if (full > n && have && !(flags & MAILSOURCE_LONG_LINE))
			flags |= MAILSOURCE_LONG_LINE;
		prev_blank = full == 1 || (full == 2 && line[0] == '\r');
		off += full;
	}
	if (have)
		model_flush(g, &sb, start, flags);
	strbuf_release(&sb);
}

/* The reader on a file holding b, head bytes of it read beforehand (as
 * for standard input). */
static int
run_reader(const char *b, size_t len, size_t chunk, size_t head,
	   struct got *g)
{
	FILE *f = tmpfile();
	char *h = NULL;
	int fd, rc;

	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(fwrite(b, 1, len, f), len);
	ck_assert_int_eq(fflush(f), 0);
	fd = fileno(f);
	ck_assert_int_eq(lseek(fd, 0, SEEK_SET), 0);
	head = head < len ? head : len;
	head = head < chunk ? head : chunk;
	if (head) {
		h = xmalloc(head);
		ck_assert_int_eq(read(fd, h, head), (ssize_t)head);
	}
	rc = mailsource_read_mbox(fd, "T", h, head, chunk, collect, g);
	free(h);
	fclose(f);
	return rc;
}

static void
check_same(const struct got *want, const struct got *got, const char *what,
	   size_t chunk, size_t head)
{
	ck_assert_msg(got->n == want->n, "%s, chunk %zu head %zu: %zu "
		      "messages, want %zu", what, chunk, head, got->n,
		      want->n);
	for (size_t i = 0; i < got->n; i++) {
		const struct got_msg *a = &got->v[i], *b = &want->v[i];

		ck_assert_msg(a->len == b->len && !memcmp(a->raw, b->raw,
							  a->len) &&
			      !strcmp(a->source, b->source) &&
			      a->flags == b->flags,
			      "%s, chunk %zu head %zu: message %zu is %s "
			      "(%zu bytes, flags %d), want %s (%zu, %d)",
			      what, chunk, head, i, a->source, a->len,
			      a->flags, b->source, b->len, b->flags);
	}
}

/* The reader and the model agree on b for each read size, and for a
 * head of 3 bytes and of a whole read too unless big. */
static void
check_input(const char *b, size_t len, const size_t *chunks,
	    size_t nchunks, const char *what)
{
	struct got want = { 0 }, got;
	const size_t heads[] = { 0, 3, (size_t)-1 };
	size_t nheads = len > MIB ? 1 : LKB_ARRAY_SIZE(heads);

	model_split(b, len, &want);
	for (size_t c = 0; c < nchunks; c++) {
		for (size_t h = 0; h < nheads; h++) {
			memset(&got, 0, sizeof(got));
			ck_assert_int_eq(run_reader(b, len, chunks[c],
						    heads[h], &got), LKB_OK);
			check_same(&want, &got, what, chunks[c], heads[h]);
			got_release(&got);
		}
	}
	got_release(&want);
}

/* Messages as "OFFSET:FLAGS:RAW", separated by '|'. */
static void
render(const struct got *g, struct strbuf *out)
{
	for (size_t i = 0; i < g->n; i++) {
		const char *off = strrchr(g->v[i].source, ':') + 1;

		strbuf_addf(out, "%s%s:%d:", i ? "|" : "",
			    off, g->v[i].flags);
		strbuf_add(out, g->v[i].raw, g->v[i].len);
	}
}

#define ROW(name, in, want) { name, in, sizeof(in) - 1, want, sizeof(want) - 1 }
static const struct {
	const char *name, *in;
	size_t in_len;
	const char *want;
	size_t want_len;
} rows[] = {
	/* nothing at all */
	ROW("empty", "", ""),
	/* a From_ line alone, with and without its newline */
	ROW("From_ only", "From a\n", "0:0:"),
	ROW("From_ only, no newline", "From ", "0:0:"),
	/* no From_ line: all of it is junk */
	ROW("no From_", "From", ""),
	/* two messages: the blank line before the second is dropped, so is
	 * the last newline of the stream */
	ROW("two", "From a\nx\n\nFrom b\ny\n", "0:0:x\n|10:0:y"),
	/* mboxrd: one '>' less before "From ", not before "From" or x */
	ROW("quoted", "From a\n>From x\n>>From y\n>From\n>x>From z\n\n",
	    "0:0:From x\n>From y\n>From\n>x>From z\n"),
	/* a deep quote right after the From_ line */
	ROW("deep quote", "From a\n>>>>From \n", "0:0:>>>From "),
	/* a quoted line after a blank one stays a body line */
	ROW("quoted after blank", "From a\n\n>From b\n\nFrom c\n",
	    "0:0:\nFrom b\n|17:0:"),
	/* CRLF: "\r\n" is a blank line; only its '\n' is dropped */
	ROW("crlf", "From a\r\nx\r\n\r\nFrom b\r\ny\r\n",
	    "0:0:x\r\n\r|13:0:y\r"),
	/* "\r\r\n" is no blank line */
	ROW("cr cr lf", "From a\nx\n\r\r\nFrom b\n", "0:0:x\n\r\r\nFrom b"),
	/* "From " not after a blank line is body */
	ROW("From in body", "From a\nx\nFrom b\n", "0:0:x\nFrom b"),
	ROW("From after From_", "From a\nFrom b\n", "0:0:From b"),
	/* no newline at the end */
	ROW("no final newline", "From a\nx", "0:0:x"),
	/* junk before the first From_ line, a quoted one among it */
	ROW("junk", "junk\n>From q\nFrom a\nx\n", "13:0:x"),
	/* blank lines, then a From_ line cut by the end */
	ROW("blanks", "From a\n\n\nFrom b", "0:0:\n|9:0:"),
	/* NUL bytes are bytes */
	ROW("nul", "From a\nx\0y\n\0From \n", "0:0:x\0y\n\0From "),
};

START_TEST(mbox_rows)
{
	const char *in = rows[_i].in;
	size_t len = rows[_i].in_len;
	struct got want = { 0 }, got;
	struct strbuf r = STRBUF_INIT;
	size_t chunks[] = { 1, 2, 3, 4, 5, 6, 7, 8, 13, 64,
			    LKB_IMPORT_READ_BYTES };

	model_split(in, len, &want);
	render(&want, &r);
	ck_assert_msg(r.len == rows[_i].want_len &&
		      !memcmp(r.buf, rows[_i].want, r.len),
		      "%s: the model gives '%s'", rows[_i].name, r.buf);
	strbuf_release(&r);
	/* every read size up to the whole input, then some */
	for (size_t c = 1; c <= len + 1; c++) {
		memset(&got, 0, sizeof(got));
		ck_assert_int_eq(run_reader(in, len, c, 0, &got), LKB_OK);
		check_same(&want, &got, rows[_i].name, c, 0);
		got_release(&got);
	}
	got_release(&want);
	check_input(in, len, chunks, LKB_ARRAY_SIZE(chunks), rows[_i].name);
}
END_TEST

/* Random mboxes made of the pieces that matter, against the model. */
START_TEST(mbox_random)
{
	static const char *const piece[] = {
		"From x\n", "From ", "\n", "\r\n", "\r", ">From ",
		">>From y\n", ">", "From", "text\n", "Subject: s\n", "\0",
		"F", "rom ", "\n\n", ">>>", "\r\n\r\nFrom z\r\n",
	};
	const size_t chunks[] = { 1, 2, 3, 5, 7, 11, 64, 4096,
				  LKB_IMPORT_READ_BYTES };
	unsigned seed = 23;
	struct strbuf in = STRBUF_INIT;
	char name[32];

	for (int k = 0; k < 150; k++) {
		strbuf_reset(&in);
		if (k % 3)
			strbuf_adds(&in, "From start\n");
		for (int i = 0; i < 300; i++) {
			const char *p = piece[rand_r(&seed) %
					      LKB_ARRAY_SIZE(piece)];

			strbuf_add(&in, p, *p ? strlen(p) : 1);
		}
		snprintf(name, sizeof(name), "random %d", k);
		check_input(in.buf, in.len, chunks, LKB_ARRAY_SIZE(chunks),
			    name);
	}
	strbuf_release(&in);
}
END_TEST

static void
add_n(struct strbuf *sb, int c, size_t n)
{
	strbuf_grow(sb, n);
	memset(sb->buf + sb->len, c, n);
	sb->len += n;
	sb->buf[sb->len] = '\0';
}

static void
add(struct strbuf *sb, const char *s)
{
	strbuf_adds(sb, s);
}

static const size_t big_chunks[] = { 4093, 65536, MIB, MIB + 1 };

/* Lines of LKB_MAX_LINE_BYTES (newline included) and one byte more:
 * in a body, as a From_ line, quoted, all '>', in junk, at the end. */
START_TEST(mbox_long_lines)
{
	struct strbuf in = STRBUF_INIT;
	struct got g = { 0 };
	const int L = MAILSOURCE_LONG_LINE;
	const int want[] = { 0, L, L, L, L, 0, L, L, L };

	log_set_level(LOG_LVL_ERROR);
	add_n(&in, 'j', 2 * MIB);	/* junk: no warning, no message */
	add(&in, "\nFrom a\nSubject: at the limit\n\n");
	add_n(&in, 'r', LKB_MAX_LINE_BYTES - 1);
	add(&in, "\nmore\n\nFrom b\nSubject: one over\n\n");
	add_n(&in, 'r', LKB_MAX_LINE_BYTES);
	add(&in, "\nnot kept\n\nFrom ");
	add_n(&in, 'f', LKB_MAX_LINE_BYTES);	/* a long From_ line */
	add(&in, "\nnot kept either\n\nFrom c\n>From ");
	add_n(&in, 'q', 3 * MIB);
	add(&in, "\n\nFrom d\nx\n");
	add_n(&in, '>', LKB_MAX_LINE_BYTES + 3);
	add(&in, "From x\n\nFrom e\n");
	add_n(&in, '>', LKB_MAX_LINE_BYTES - 6);
	add(&in, "From \n\nFrom f\n");
	add_n(&in, '>', LKB_MAX_LINE_BYTES - 5);
	add(&in, "From \n\nFrom g\nlong, then the end\n");
	add_n(&in, 'e', LKB_MAX_LINE_BYTES + 1);
	add(&in, "\n\nFrom h\n");
	add_n(&in, 'e', LKB_MAX_LINE_BYTES + 1);	/* no final newline */
	model_split(in.buf, in.len, &g);
	ck_assert_uint_eq(g.n, LKB_ARRAY_SIZE(want));
	for (size_t i = 0; i < g.n; i++)
		ck_assert_msg(g.v[i].flags == want[i], "message %zu: flags "
			      "%d", i, g.v[i].flags);
	/* the head of a long line is kept, nothing after it */
	ck_assert_uint_eq(g.v[1].len, 19 + LKB_MAX_LINE_BYTES);
	ck_assert_uint_eq(g.v[2].len, 0);
	ck_assert_uint_eq(g.v[3].len, LKB_MAX_LINE_BYTES - 1);
	got_release(&g);
	check_input(in.buf, in.len, big_chunks, LKB_ARRAY_SIZE(big_chunks),
		    "long lines");
	strbuf_release(&in);
}
END_TEST

/* A message of whole lines: content (the blank line before the next
 * From_ included) of size bytes, its last line "last" (quoted when it
 * starts with '>'), then a next message. */
static void
sized_mbox(struct strbuf *in, size_t size, const char *last)
{
	size_t fill = size - strlen(last) + (last[0] == '>') - 1, line;

	strbuf_reset(in);
	add(in, "From a\n");
	while (fill) {
		line = fill > 4096 ? 4096 : fill;
		if (fill - line > 0 && fill - line < 2)
			line--;
		add_n(in, 'm', line - 1);
		add(in, "\n");
		fill -= line;
	}
	add(in, last);
	add(in, "\nFrom b\nnext\n");
}

/* LKB_MAX_MESSAGE_BYTES: whole at the limit, cut one byte over (the
 * blank line does not fit) or three (the last line does not: the whole
 * lines before it are kept), a quoted line counting one byte less; a
 * long line after the cut still flags the message. */
START_TEST(mbox_message_limit)
{
	struct strbuf in = STRBUF_INIT;
	struct got g = { 0 };
	const size_t cap = LKB_MAX_MESSAGE_BYTES;
	const size_t chunks[] = { 4093, MIB };
	static const struct {
		size_t size;
		const char *last;
		int flags;
	} cases[] = {
		{ LKB_MAX_MESSAGE_BYTES, "last\n", 0 },
		{ LKB_MAX_MESSAGE_BYTES + 1, "last\n", MAILSOURCE_TRUNCATED },
		{ LKB_MAX_MESSAGE_BYTES + 3, "last\n", MAILSOURCE_TRUNCATED },
		{ LKB_MAX_MESSAGE_BYTES, ">From quoted\n", 0 },
		{ LKB_MAX_MESSAGE_BYTES + 1, ">From quoted\n",
		  MAILSOURCE_TRUNCATED },
	};

	log_set_level(LOG_LVL_ERROR);
	for (size_t i = 0; i < LKB_ARRAY_SIZE(cases); i++) {
		sized_mbox(&in, cases[i].size, cases[i].last);
		model_split(in.buf, in.len, &g);
		ck_assert_uint_eq(g.n, 2);
		ck_assert_int_eq(g.v[0].flags, cases[i].flags);
		ck_assert_uint_le(g.v[0].len, cap - 1);
		got_release(&g);
		check_input(in.buf, in.len, chunks, LKB_ARRAY_SIZE(chunks),
			    "message limit");
	}
	/* cut, then a long line: both flags */
	sized_mbox(&in, cap + 10, "last\n");
	in.len -= strlen("\nFrom b\nnext\n");
	in.buf[in.len] = '\0';
	add_n(&in, 'l', LKB_MAX_LINE_BYTES + 1);
	add(&in, "\n");
	model_split(in.buf, in.len, &g);
	ck_assert_uint_eq(g.n, 1);
	ck_assert_int_eq(g.v[0].flags,
			 MAILSOURCE_TRUNCATED | MAILSOURCE_LONG_LINE);
	got_release(&g);
	check_input(in.buf, in.len, chunks, LKB_ARRAY_SIZE(chunks),
		    "cut and long");
	strbuf_release(&in);
}
END_TEST

/* A non-zero callback value stops the walk and is returned. */
START_TEST(mbox_stop)
{
	const char in[] = "From a\nx\n\nFrom b\ny\n\nFrom c\nz\n";
	struct got g = { .stop_at = 2 };

	ck_assert_int_eq(run_reader(in, sizeof(in) - 1, 4, 0, &g), 7);
	ck_assert_uint_eq(g.n, 2);
	got_release(&g);
}
END_TEST

/* A failed read is LKB_ERR_IO; the message it cut is not passed on. */
START_TEST(mbox_read_error)
{
	const char head[] = "From a\nx\n\nFrom b\ny";
	struct got g = { 0 };
	int fd = open(".", O_RDONLY | O_DIRECTORY);

	ck_assert_int_ge(fd, 0);
	log_set_level(LOG_LVL_QUIET);
	ck_assert_int_eq(mailsource_read_mbox(fd, "T", head, sizeof(head) - 1,
					      64, collect, &g), LKB_ERR_IO);
	ck_assert_uint_eq(g.n, 1);
	ck_assert_str_eq(g.v[0].raw, "x\n");
	got_release(&g);
	close(fd);
}
END_TEST

/* path/name holding len bytes: c repeated, or text when not NULL */
static void
put_file(const char *path, const char *name, const char *text, size_t len,
	 int c)
{
	char *file = xasprintf("%s/%s", path, name);
	char *buf = xmalloc(len + 1);
	FILE *f = fopen(file, "wb");

	ck_assert_ptr_nonnull(f);
	if (text)
		memcpy(buf, text, len);
	else
		memset(buf, c, len);
	ck_assert_uint_eq(fwrite(buf, 1, len, f), len);
	ck_assert_int_eq(fclose(f), 0);
	free(buf);
	free(file);
}

static int
by_strcmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* cur/ in strcmp order (names equal in their first eight bytes, shorter
 * than eight, bytes over 0x7f), then new/; dot files, directories and
 * tmp/ are not mail, a link to a file is; each file's bytes whole. */
START_TEST(maildir_order)
{
	static const char *const names[] = {
		"b", "a", "aaaaaaaa", "aaaaaaaa1", "aaaaaaab", "aaaaaaa",
		"abcdefgh-2", "abcdefgh-10", "abcdefgh", "\xc3\xa9t\xc3\xa9",
		"0000001.x:2,S", "0000001:2,S", "00000010.x:2,S",
	};
	const char *sorted[LKB_ARRAY_SIZE(names) + 1];
	char tmpl[] = "/tmp/lkb-md-XXXXXX";
	char *dir = mkdtemp(tmpl), *sub, *want;
	struct got g = { 0 };

	ck_assert_ptr_nonnull(dir);
	for (size_t i = 0; i < 3; i++) {
		sub = xasprintf("%s/%s", dir, (const char *[]){ "cur", "new",
								"tmp" }[i]);
		ck_assert_int_eq(mkdir(sub, 0755), 0);
		free(sub);
	}
	sub = xasprintf("%s/cur", dir);
	for (size_t i = 0; i < LKB_ARRAY_SIZE(names); i++) {
		put_file(sub, names[i], names[i], strlen(names[i]), 0);
		sorted[i] = names[i];
	}
	put_file(sub, ".hidden", "x", 1, 0);
	want = xasprintf("%s/zz-dir", sub);
	ck_assert_int_eq(mkdir(want, 0755), 0);
	free(want);
	want = xasprintf("%s/zz-link", sub);
	ck_assert_int_eq(symlink("b", want), 0);
	free(want);
	free(sub);
	sub = xasprintf("%s/new", dir);
	put_file(sub, "new-1", "fresh", 5, 0);
	put_file(sub, "new-0", "", 0, 0);
	free(sub);
	sub = xasprintf("%s/tmp", dir);
	put_file(sub, "half", "half", 4, 0);
	free(sub);
	sorted[LKB_ARRAY_SIZE(names)] = "zz-link";	/* to "b" */
	qsort(sorted, LKB_ARRAY_SIZE(sorted), sizeof(*sorted), by_strcmp);

	ck_assert_int_eq(mailsource_read(dir, collect, &g), LKB_OK);
	ck_assert_uint_eq(g.n, LKB_ARRAY_SIZE(sorted) + 2);
	for (size_t i = 0; i < LKB_ARRAY_SIZE(sorted); i++) {
		const char *text = strcmp(sorted[i], "zz-link") ? sorted[i]
								 : "b";

		want = xasprintf("maildir:%s/cur/%s", dir, sorted[i]);
		ck_assert_str_eq(g.v[i].source, want);
		ck_assert_str_eq(g.v[i].raw, text);
		ck_assert_uint_eq(g.v[i].len, strlen(text));
		ck_assert_int_eq(g.v[i].flags, 0);
		free(want);
	}
	ck_assert_uint_eq(g.v[LKB_ARRAY_SIZE(sorted)].len, 0);
	ck_assert_str_eq(g.v[LKB_ARRAY_SIZE(sorted) + 1].raw, "fresh");
	got_release(&g);
	want = xasprintf("rm -rf '%s'", dir);
	ck_assert_int_eq(system(want), 0);
	free(want);
}
END_TEST

/* A Maildir file of LKB_MAX_MESSAGE_BYTES is whole; one byte more, or
 * many, and the first LKB_MAX_MESSAGE_BYTES come flagged. */
START_TEST(maildir_limit)
{
	const size_t cap = LKB_MAX_MESSAGE_BYTES;
	char tmpl[] = "/tmp/lkb-md-XXXXXX";
	char *dir = mkdtemp(tmpl), *sub, *cmd;
	struct got g = { 0 };

	ck_assert_ptr_nonnull(dir);
	sub = xasprintf("%s/cur", dir);
	ck_assert_int_eq(mkdir(sub, 0755), 0);
	put_file(sub, "1-at", NULL, cap, 'a');
	put_file(sub, "2-over", NULL, cap + 1, 'b');
	put_file(sub, "3-far", NULL, 3 * cap, 'c');
	put_file(sub, "4-small", "x", 1, 0);
	free(sub);
	log_set_level(LOG_LVL_QUIET);
	ck_assert_int_eq(mailsource_read(dir, collect, &g), LKB_OK);
	ck_assert_uint_eq(g.n, 4);
	ck_assert_uint_eq(g.v[0].len, cap);
	ck_assert_int_eq(g.v[0].flags, 0);
	ck_assert_uint_eq(g.v[1].len, cap);
	ck_assert_int_eq(g.v[1].flags, MAILSOURCE_TRUNCATED);
	ck_assert_uint_eq(g.v[2].len, cap);
	ck_assert_int_eq(g.v[2].flags, MAILSOURCE_TRUNCATED);
	for (size_t i = 0; i < 3; i++) {
		ck_assert_int_eq(g.v[i].raw[0], 'a' + (int)i);
		ck_assert_int_eq(g.v[i].raw[cap - 1], 'a' + (int)i);
		ck_assert_uint_eq(strlen(g.v[i].raw), cap);
	}
	ck_assert_str_eq(g.v[3].raw, "x");
	got_release(&g);
	cmd = xasprintf("rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
	free(cmd);
}
END_TEST

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("mailsource");
	TCase *tc = tcase_create("mbox");

	tcase_set_timeout(tc, 300);
	tcase_add_loop_test(tc, mbox_rows, 0, LKB_ARRAY_SIZE(rows));
	tcase_add_test(tc, mbox_random);
	tcase_add_test(tc, mbox_long_lines);
	tcase_add_test(tc, mbox_message_limit);
	tcase_add_test(tc, mbox_stop);
	tcase_add_test(tc, mbox_read_error);
	suite_add_tcase(s, tc);
	tc = tcase_create("maildir");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, maildir_order);
	tcase_add_test(tc, maildir_limit);
	suite_add_tcase(s, tc);
	return s;
}
