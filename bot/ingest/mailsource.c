/* mailsource.c - Maildir, mbox (mboxrd), single file and stdin readers. */
#include "config.h"
#include "bot/ingest/mailsource.h"

#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"

static const char *const kind_names[MS__COUNT] = { "maildir", "mbox", "file",
						   "stdin" };
_Static_assert(LKB_ARRAY_SIZE(kind_names) == MS__COUNT, "kind names");

const char *
mailsource_kind_name(enum mailsource_kind k)
{
	return k < MS__COUNT ? kind_names[k] : "?";
}

static int
is_dir(const char *path)
{
	struct stat sb;

	return stat(path, &sb) == 0 && S_ISDIR(sb.st_mode);
}

int
mailsource_detect(const char *path, enum mailsource_kind *kind_out)
{
	char head[5];
	char *sub;
	FILE *f;
	size_t n;
	int md;

	if (!strcmp(path, "-")) {
		*kind_out = MS_STDIN;
		return LKB_OK;
	}
	if (is_dir(path)) {
		sub = xasprintf("%s/cur", path);
		md = is_dir(sub);
		free(sub);
		sub = xasprintf("%s/new", path);
		md = md || is_dir(sub);
		free(sub);
		if (!md) {
			lkb_error("'%s' is a directory but not a Maildir (no "
				  "cur/ or new/)", path);
			return LKB_ERR_IO;
		}
		*kind_out = MS_MAILDIR;
		return LKB_OK;
	}
	if (!(f = fopen(path, "rb"))) {
		lkb_error_errno("cannot open '%s'", path);
		return LKB_ERR_IO;
	}
	n = fread(head, 1, sizeof(head), f);
	fclose(f);
	*kind_out = n == 5 && !memcmp(head, "From ", 5) ? MS_MBOX : MS_FILE;
	return LKB_OK;
}

/* Read a whole stream into sb, keeping at most LKB_MAX_MESSAGE_BYTES;
 * *flags gets MAILSOURCE_TRUNCATED when more was there. */
static int
slurp(FILE *f, const char *name, struct strbuf *sb, int *flags)
{
	char tmp[65536];
	size_t n;

	while ((n = fread(tmp, 1, sizeof(tmp), f)) > 0) {
		if (*flags)
			continue;	/* drain the rest */
		if (strbuf_add(sb, tmp, n) != LKB_OK) {
			size_t room = sb->cap - sb->len;

			if (strbuf_add(sb, tmp, room) != LKB_OK)
				LKB_BUG("capped add of the remaining room");
			*flags = MAILSOURCE_TRUNCATED;
		}
	}
	if (ferror(f))
		return lkb_error_errno("cannot read '%s'", name), LKB_ERR_IO;
	return LKB_OK;
}

/* The file at path, read straight into one buffer sized by fstat (the
 * size is a hint: the file may change meanwhile); at most
 * LKB_MAX_MESSAGE_BYTES of it, MAILSOURCE_TRUNCATED when there is more. */
static int
read_one_file(const char *path, const char *source, mailsource_fn *fn,
	      void *arg)
{
	const size_t cap = LKB_MAX_MESSAGE_BYTES;
	size_t len = 0, alloc;
	struct stat sb;
	char *buf, c;
	ssize_t n = 0;
	int fd, rc, flags = 0;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return lkb_error_errno("cannot open '%s'", path), LKB_ERR_IO;
	if (fstat(fd, &sb) != 0) {
		lkb_error_errno("cannot read '%s'", path);
		close(fd);
		return LKB_ERR_IO;
	}
	alloc = sb.st_size <= 0 ? 4096
		: (uint64_t)sb.st_size < cap ? (size_t)sb.st_size + 1 : cap + 1;
	buf = xmalloc(alloc);
	for (;;) {
		if (len + 1 == alloc) {
			if (len >= cap)
				break;
			/* as long as fstat said (most files end here): one
			 * byte tells whether there is more, without copying
			 * what was read into a buffer twice the size */
			do
				n = read(fd, &c, 1);
			while (n < 0 && errno == EINTR);
			if (n <= 0)
				break;
			alloc = alloc - 1 > cap / 2 ? cap + 1 : 2 * alloc - 1;
			buf = xreallocarray(buf, alloc, 1);
			buf[len++] = c;
			continue;
		}
		n = read(fd, buf + len, alloc - 1 - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		len += (size_t)n;
	}
	if (n > 0 && len >= cap) {	/* full: is there more than the cap? */
		do
			n = read(fd, &c, 1);
		while (n < 0 && errno == EINTR);
	}
	if (n < 0) {
		lkb_error_errno("cannot read '%s'", path);
		close(fd);
		free(buf);
		return LKB_ERR_IO;
	}
	if (n > 0)
		flags = MAILSOURCE_TRUNCATED;
	close(fd);
	buf[len] = '\0';
	rc = fn(buf, len, source, flags, &buf, arg);
	free(buf);	/* NULL when fn kept it */
	return rc;
}

/* A Maildir file: its name, and whether readdir said it is a regular
 * file (else stat must tell). */
struct md_entry {
	char *name;
	int regular;
};

static int
cmp_entries(const void *a, const void *b)
{
	return strcmp(((const struct md_entry *)a)->name,
		      ((const struct md_entry *)b)->name);
}

/* Every regular file of DIR/sub in name order (deterministic imports). */
static int
read_maildir_sub(const char *dir, const char *sub, mailsource_fn *fn,
		 void *arg)
{
	char *path = xasprintf("%s/%s", dir, sub);
	struct md_entry *e = NULL;
	size_t n = 0, alloc = 0;
	struct dirent *de;
	DIR *d;
	int rc = LKB_OK;

	if (!(d = opendir(path))) {
		rc = errno == ENOENT ? LKB_OK : LKB_ERR_IO;
		if (rc)
			lkb_error_errno("cannot read Maildir folder '%s'", path);
		free(path);
		return rc;
	}
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;	/* ., .., dot files (.gitkeep) */
		ALLOC_GROW(e, n + 1, alloc);
		e[n].name = xstrdup(de->d_name);
		e[n++].regular = de->d_type == DT_REG;
	}
	closedir(d);
	if (n)	/* qsort wants a non-NULL base even for 0 */
		qsort(e, n, sizeof(*e), cmp_entries);
	for (size_t i = 0; i < n && rc == LKB_OK; i++) {
		char *file = xasprintf("%s/%s", path, e[i].name);
		char *source = xasprintf("maildir:%s", file);
		struct stat sb;

		/* DT_UNKNOWN (some file systems), links, others: ask */
		if (e[i].regular ||
		    (stat(file, &sb) == 0 && S_ISREG(sb.st_mode)))
			rc = read_one_file(file, source, fn, arg);
		free(file);
		free(source);
	}
	for (size_t i = 0; i < n; i++)
		free(e[i].name);
	free(e);
	free(path);
	return rc;
}

/* mboxrd: a line ">>From x" was "From x" with one '>' added per level. */
static size_t
unquote_from(const char *line, size_t len)
{
	size_t i = 0;

	while (i < len && line[i] == '>')
		i++;
	if (i > 0 && len - i >= 5 && !memcmp(line + i, "From ", 5))
		return 1;
	return 0;
}

struct mbox_state {
	const char *path;
	struct strbuf msg;
	long long start;	/* offset of the From_ line */
	int flags, have;
	mailsource_fn *fn;
	void *arg;
};

static int
mbox_flush(struct mbox_state *ms)
{
	char source[4200];
	size_t len = ms->msg.len;
	int rc;

	if (!ms->have)
		return LKB_OK;
	/* the blank line before the next From_ belongs to the mbox */
	if (len && ms->msg.buf[len - 1] == '\n')
		len--;
	snprintf(source, sizeof(source), "mbox:%s:%lld", ms->path, ms->start);
	rc = ms->fn(ms->msg.buf, len, source, ms->flags, NULL, ms->arg);
	strbuf_reset(&ms->msg);
	ms->flags = 0;
	ms->have = 0;
	return rc;
}

static int
mbox_line(struct mbox_state *ms, const char *line, size_t len, long long off,
	  int prev_blank)
{
	size_t skip;
	int rc;

	if (len >= 5 && !memcmp(line, "From ", 5) && (prev_blank || !ms->have)) {
		if ((rc = mbox_flush(ms)) != LKB_OK)
			return rc;
		ms->start = off;
		ms->have = 1;
		return LKB_OK;
	}
	if (!ms->have)
		return LKB_OK;	/* junk before the first From_ line */
	skip = unquote_from(line, len);
	if (!ms->flags &&
	    strbuf_add(&ms->msg, line + skip, len - skip) != LKB_OK)
		ms->flags = MAILSOURCE_TRUNCATED;
	return LKB_OK;
}

/* Lines of a stream with at most LKB_MAX_LINE_BYTES of each kept:
 * getline would hold a 1 GiB line whole. */
struct line_in {
	FILE *f;
	const char *p;		/* the line, or the head of a longer one: */
	size_t n;		/* in buf when it lies there whole, else */
	struct strbuf line;	/* gathered here */
	size_t full;		/* the whole line's length */
	size_t pos, len;
	char buf[64 * 1024];
};

static void
line_in_init(struct line_in *li, FILE *f)
{
	li->f = f;
	strbuf_init_capped(&li->line, LKB_MAX_LINE_BYTES);
	li->full = li->pos = li->len = 0;
}

/* Fill buf when it is used up: 1 bytes there, 0 at the end. */
static int
line_in_fill(struct line_in *li)
{
	if (li->pos < li->len)
		return 1;
	li->pos = 0;
	li->len = fread(li->buf, 1, sizeof(li->buf), li->f);
	return li->len > 0;
}

/* The next line, '\n' included, in li->p and li->n: 1, or 0 at the end
 * (or on a read error: ferror tells). li->full > li->n: cut. A line
 * that lies whole in buf is not copied. */
static int
line_in_next(struct line_in *li)
{
	const char *p, *nl;
	size_t k, room;

	strbuf_reset(&li->line);
	li->full = 0;
	while (line_in_fill(li)) {
		p = li->buf + li->pos;
		nl = memchr(p, '\n', li->len - li->pos);
		k = nl ? (size_t)(nl - p) + 1 : li->len - li->pos;
		if (nl && !li->full && k <= li->line.cap) {
			li->p = p;	/* whole in buf: used where it is */
			li->n = li->full = k;
			li->pos += k;
			return 1;
		}
		room = li->line.cap - li->line.len;
		if (strbuf_add(&li->line, p, k < room ? k : room) != LKB_OK)
			LKB_BUG("capped add of the remaining room");
		li->full += k;
		li->pos += k;
		if (nl)
			break;
	}
	li->p = li->line.buf;
	li->n = li->line.len;
	return li->full > 0;
}

/* Split an mbox stream; with have_first, li->p is its first line. */
static int
read_mbox(struct line_in *li, const char *path, int have_first,
	  mailsource_fn *fn, void *arg)
{
	struct mbox_state ms = { .path = path, .fn = fn, .arg = arg };
	long long off = 0;
	int rc = LKB_OK, prev_blank = 1, more;

	strbuf_init_capped(&ms.msg, LKB_MAX_MESSAGE_BYTES);
	more = have_first || line_in_next(li);
	while (more) {
		rc = mbox_line(&ms, li->p, li->n, off, prev_blank);
		if (rc != LKB_OK)
			break;
		/* after the line: its head is kept, nothing after it */
		if (li->full > li->n && ms.have &&
		    !(ms.flags & MAILSOURCE_LONG_LINE)) {
			lkb_warn("mbox '%s': the line at offset %lld is longer "
				 "than LKB_MAX_LINE_BYTES (%u); its message is "
				 "stored as rejected", path, off,
				 LKB_MAX_LINE_BYTES);
			ms.flags |= MAILSOURCE_LONG_LINE;
		}
		prev_blank = li->full == 1 ||
			     (li->full == 2 && li->p[0] == '\r');
		off += (long long)li->full;
		more = line_in_next(li);
	}
	if (rc == LKB_OK && ferror(li->f)) {
		lkb_error_errno("cannot read mbox '%s'", path);
		rc = LKB_ERR_IO;
	}
	if (rc == LKB_OK)
		rc = mbox_flush(&ms);
	strbuf_release(&ms.msg);
	return rc;
}

/* stdin is an mbox when its first line starts with "From ", else one
 * message. */
static int
read_stdin(mailsource_fn *fn, void *arg)
{
	struct line_in *li = xmalloc(sizeof(*li));
	struct strbuf sb;
	int rc = LKB_OK, flags = 0;

	line_in_init(li, stdin);
	if (!line_in_fill(li)) {
		if (ferror(stdin)) {
			lkb_error_errno("cannot read standard input");
			rc = LKB_ERR_IO;
		}
		goto out;
	}
	/* "From " can only be cut when the whole input is shorter */
	if (li->len >= 5 && !memcmp(li->buf, "From ", 5)) {
		rc = read_mbox(li, "-", 0, fn, arg);
		goto out;
	}
	strbuf_init_capped(&sb, LKB_MAX_MESSAGE_BYTES);
	if (strbuf_add(&sb, li->buf, li->len) != LKB_OK)
		flags = MAILSOURCE_TRUNCATED;
	rc = slurp(stdin, "standard input", &sb, &flags);
	if (rc == LKB_OK)
		rc = fn(sb.buf, sb.len, "stdin", flags, NULL, arg);
	strbuf_release(&sb);
out:
	strbuf_release(&li->line);
	free(li);
	return rc;
}

int
mailsource_read(const char *path, mailsource_fn *fn, void *arg)
{
	enum mailsource_kind k;
	struct line_in *li;
	char *source;
	FILE *f;
	int rc;

	if ((rc = mailsource_detect(path, &k)) != LKB_OK)
		return rc;
	switch (k) {
	case MS_STDIN:
		return read_stdin(fn, arg);
	case MS_MAILDIR:
		rc = read_maildir_sub(path, "cur", fn, arg);
		if (rc == LKB_OK)
			rc = read_maildir_sub(path, "new", fn, arg);
		return rc;
	case MS_MBOX:
		if (!(f = fopen(path, "rb")))
			return lkb_error_errno("cannot open '%s'", path),
			       LKB_ERR_IO;
		li = xmalloc(sizeof(*li));
		line_in_init(li, f);
		rc = read_mbox(li, path, 0, fn, arg);
		strbuf_release(&li->line);
		free(li);
		fclose(f);
		return rc;
	case MS_FILE:
		source = xasprintf("file:%s", path);
		rc = read_one_file(path, source, fn, arg);
		free(source);
		return rc;
	default:
		LKB_BUG("unknown mail source kind");
	}
}
