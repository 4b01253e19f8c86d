/* mailsource.c - Maildir, mbox (mboxrd), single file and stdin readers:
 * the one Maildir walker of import and sync. */
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

#include "bot/ingest/mailsource-internal.h"
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

const char *
mailsource_problem(const char *source, int flags)
{
	/* the mbox reader warned already, naming the line's offset */
	if (flags & MAILSOURCE_LONG_LINE)
		return "a line longer than LKB_MAX_LINE_BYTES";
	if (!(flags & MAILSOURCE_TRUNCATED))
		return NULL;
	lkb_warn("%s: message larger than %u bytes (LKB_MAX_MESSAGE_BYTES); "
		 "stored as rejected with its head; " MAILSOURCE_LIMIT_FIX,
		 source, LKB_MAX_MESSAGE_BYTES);
	return "message larger than LKB_MAX_MESSAGE_BYTES";
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
		/* keep what fits: a refused append would take nothing */
		if (sb->cap && n > sb->cap - sb->len) {
			n = sb->cap - sb->len;
			*flags = MAILSOURCE_TRUNCATED;
		}
		strbuf_add(sb, tmp, n);
	}
	if (ferror(f))
		return lkb_error_errno("cannot read '%s'", name), LKB_ERR_IO;
	return LKB_OK;
}

/* Open name (relative to at) as mode says: import's way follows a link;
 * sync's (MAILDIR_SYNC) does not (a link could name any file this user
 * may read) and does not wait on a FIFO. >= 0: the descriptor of a
 * regular file (or of anything, for import: it reads what it is given);
 * -1: an error, logged; -2: passed over with a warning (sync: tried
 * again next run); -3: not a regular file or a link, skipped for good
 * (sync). */
static int
open_mail(int at, const char *name, const char *path, int mode,
	  struct stat *sb)
{
	int sync = mode & MAILDIR_SYNC, fd;

	fd = openat(at, name, O_RDONLY | O_CLOEXEC |
		    (sync ? O_NOFOLLOW | O_NONBLOCK : 0));
	if (fd < 0 && sync && errno == ELOOP) {
		lkb_warn("skipping '%s': a symbolic link", path);
		return -3;
	}
	if (fd < 0 && sync) {
		if (errno != ENOENT)	/* ENOENT: moved to cur/ meanwhile */
			lkb_warn("cannot open '%s': %s", path,
				 strerror(errno));
		return -2;
	}
	if (fd < 0)
		return lkb_error_errno("cannot open '%s'", path), -1;
	if (fstat(fd, sb) != 0) {
		lkb_error_errno("cannot read '%s'", path);
		close(fd);
		return -1;
	}
	if (sync && !S_ISREG(sb->st_mode)) {
		lkb_warn("skipping '%s': not a regular file", path);
		close(fd);
		return -3;
	}
	return fd;
}

/* Read fd (a regular file when reg) into *buf_out: at most cap + 1
 * bytes, so that more than cap shows. fstat's size is a hint (the file
 * may change meanwhile); the buffer has room for a byte beyond it, so
 * most files take one read: a read of a regular file that returns less
 * than asked for has met the end of the file. -1 on a read error (errno
 * set), else the length. */
static ssize_t
read_capped(int fd, const struct stat *sb, char **buf_out)
{
	const size_t cap = LKB_MAX_MESSAGE_BYTES;
	int reg = S_ISREG(sb->st_mode);
	size_t len = 0, alloc, want;
	ssize_t n = 0;
	char *buf;

	/* content room is alloc - 1 (the NUL); cap + 1 of it tells a file
	 * longer than the cap */
	alloc = sb->st_size <= 0 ? 4096
		: (uint64_t)sb->st_size < cap ? (size_t)sb->st_size + 2
					       : cap + 2;
	buf = xmalloc(alloc);
	for (;;) {
		if (len + 1 == alloc) {
			if (len > cap)
				break;
			alloc = alloc - 1 > cap / 2 ? cap + 2 : 2 * alloc - 1;
			buf = xreallocarray(buf, alloc, 1);
		}
		want = alloc - 1 - len;
		n = read(fd, buf + len, want);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		len += (size_t)n;
		if (reg && (size_t)n < want)
			break;
	}
	*buf_out = buf;
	return n < 0 ? -1 : (ssize_t)len;
}

/* The file name (relative to the directory at, or AT_FDCWD), called
 * path in messages, read straight into one buffer: at most
 * LKB_MAX_MESSAGE_BYTES of it, MAILSOURCE_TRUNCATED when there is more.
 * mode as open_mail; what sync skips for good goes to fn as
 * MAILSOURCE_SKIPPED, what it cannot read now not at all. */
static int
read_one_file(int at, const char *name, const char *path,
	      const char *source, int mode, mailsource_fn *fn, void *arg)
{
	struct stat sb;
	char *buf = NULL;
	ssize_t n;
	size_t len;
	int fd, rc, flags = 0;

	fd = open_mail(at, name, path, mode, &sb);
	if (fd == -3)
		return fn(NULL, 0, source, MAILSOURCE_SKIPPED, NULL, arg);
	if (fd < 0)
		return fd == -2 ? LKB_OK : LKB_ERR_IO;
	n = read_capped(fd, &sb, &buf);
	if (n < 0) {
		if (mode & MAILDIR_SYNC)
			lkb_warn("cannot read '%s': %s", path,
				 strerror(errno));
		else
			lkb_error_errno("cannot read '%s'", path);
		close(fd);
		free(buf);
		return mode & MAILDIR_SYNC ? LKB_OK : LKB_ERR_IO;
	}
	close(fd);
	len = (size_t)n;
	if (len > LKB_MAX_MESSAGE_BYTES) {
		flags = MAILSOURCE_TRUNCATED;
		len = LKB_MAX_MESSAGE_BYTES;
	}
	buf[len] = '\0';
	rc = fn(buf, len, source, flags, &buf, arg);
	free(buf);	/* NULL when fn kept it */
	return rc;
}

/* A Maildir file: where its name lies in the walk's name buffer, its
 * first eight bytes as a big-endian number (most comparisons end
 * there), and whether readdir said it is a regular file (else stat must
 * tell). */
struct md_entry {
	uint64_t key;
	const char *name;
	size_t off;
	int regular;
};

static uint64_t
name_key(const char *s)
{
	uint64_t k = 0;
	int i = 0;

	for (; i < 8 && s[i]; i++)
		k = k << 8 | (unsigned char)s[i];
	/* shorter names: zeros, as strcmp */
	return i == 8 ? k : i ? k << (8 * (8 - i)) : 0;
}

/* strcmp's order: equal keys mean equal first eight bytes, and both
 * names go on past them, or both ended there */
static int
cmp_entries(const void *a, const void *b)
{
	const struct md_entry *x = a, *y = b;

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	if (strnlen(x->name, 8) < 8)
		return 0;
	return strcmp(x->name + 8, y->name + 8);
}

/* The entries of d (dot files aside: ., .., a .gitkeep) in name order
 * (deterministic imports); the names of *e_out point into *names. */
static void
list_sorted(DIR *d, struct strbuf *names, struct md_entry **e_out,
	    size_t *n_out)
{
	struct md_entry *e = NULL;
	size_t n = 0, alloc = 0;
	struct dirent *de;

	strbuf_init(names, 0);
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		ALLOC_GROW(e, n + 1, alloc);
		e[n].off = names->len;
		e[n++].regular = de->d_type == DT_REG;
		strbuf_add(names, de->d_name, strlen(de->d_name) + 1);
	}
	for (size_t i = 0; i < n; i++) {
		e[i].name = names->buf + e[i].off;
		e[i].key = name_key(e[i].name);
	}
	if (n)	/* qsort wants a non-NULL base even for 0 */
		qsort(e, n, sizeof(*e), cmp_entries);
	*e_out = e;
	*n_out = n;
}

/* Whether the walk reads entry e of d: not one want says was read
 * before; for import, only regular files (DT_UNKNOWN, links: stat
 * tells), for sync anything (open_mail sorts it out). 1, 0, or <0. */
static int
walk_wants(DIR *d, const struct md_entry *e,
	   const struct maildir_walk *w)
{
	struct stat sb;
	int rc;

	if (w->want && (rc = w->want(e->name, w->arg)) <= 0)
		return rc;
	if ((w->mode & MAILDIR_SYNC) || e->regular)
		return 1;
	return fstatat(dirfd(d), e->name, &sb, 0) == 0 &&
	       S_ISREG(sb.st_mode);
}

int
mailsource_walk_maildir(const char *dir, const char *sub,
			const struct maildir_walk *w, mailsource_fn *fn,
			void *arg)
{
	char *path = xasprintf("%s/%s", dir, sub);
	struct md_entry *e = NULL;
	struct strbuf names, src;
	size_t n = 0, head;
	DIR *d;
	int rc = LKB_OK, fd;

	fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0 || !(d = fdopendir(fd))) {
		rc = errno == ENOENT && !(w->mode & MAILDIR_SYNC) ? LKB_OK
								  : LKB_ERR_IO;
		if (rc)
			lkb_error_errno("cannot read Maildir folder '%s'", path);
		if (fd >= 0)
			close(fd);
		free(path);
		return rc;
	}
	list_sorted(d, &names, &e, &n);
	/* the source is "maildir:PATH/NAME"; the file's path is in it */
	strbuf_init(&src, 0);
	strbuf_adds(&src, "maildir:");
	strbuf_adds(&src, path);
	strbuf_addch(&src, '/');
	head = src.len;
	for (size_t i = 0; i < n && rc == LKB_OK; i++) {
		src.len = head;
		strbuf_adds(&src, e[i].name);
		rc = walk_wants(d, &e[i], w);
		if (rc > 0)
			rc = read_one_file(dirfd(d), e[i].name,
					   src.buf + strlen("maildir:"),
					   src.buf, w->mode, fn, arg);
	}
	closedir(d);
	strbuf_release(&src);
	strbuf_release(&names);
	free(e);
	free(path);
	return rc;
}

/* The mbox reader: big reads, a search for "From " instead of a walk
 * over every line, and one copy of each message.
 *
 * The window buf[0, len) holds what was read; pos is always at a line
 * start, and the line there lies whole in the window or is still being
 * read: before a refill the window keeps its last, partial line, which
 * is at most LKB_MAX_LINE_BYTES (a longer one goes to mbox_long_line,
 * which reads past it). Only lines holding "From " matter (find_from),
 * so between two of them whole runs of lines are taken at once; a
 * message lying whole in the window is copied out once into a buffer
 * of its size, which the callback may keep.
 */
struct mbox_in {
	int fd;
	const char *name;
	char *buf;
	size_t size, chunk;	/* LKB_MAX_LINE_BYTES + chunk; a read's */
	size_t len, pos;	/* bytes in buf; the next line to take */
	size_t scan;		/* [pos, scan) holds no "From " to judge */
	long long base;		/* stream offset of buf[0] */
	int prev_blank;		/* the line before pos: "\n" or "\r\n" */
	int eof, err;		/* read(2) said 0, or failed with err */
};

/* The message being built: buf[0, len) copied out already, then the
 * window's [pstart, pend), not copied yet. */
struct mbox_msg {
	char *buf;
	size_t len, alloc;
	size_t pstart, pend;
	long long start;	/* offset of its From_ line */
	int flags, have;	/* MAILSOURCE_*; a From_ line was seen */
	mailsource_fn *fn;
	void *arg;
};

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

/* The first "From " in [p, end), or NULL. memchr for its 'F' (about one
 * byte in 200 of mail) is several times cheaper than glibc's memmem. */
static const char *
find_from(const char *p, const char *end)
{
	while (end - p >= 5 && (p = memchr(p, 'F', (size_t)(end - p) - 4))) {
		if (!memcmp(p + 1, "rom ", 4))
			return p;
		p++;
	}
	return NULL;
}

/* Move the partial line at pos to the front and read one chunk after
 * it; the message must hold nothing of the window (msg_copy_out). */
static void
mbox_fill(struct mbox_in *r)
{
	ssize_t n;

	if (r->pos) {
		memmove(r->buf, r->buf + r->pos, r->len - r->pos);
		r->base += (long long)r->pos;
		r->len -= r->pos;
		r->scan -= r->pos;
		r->pos = 0;
	}
	if (r->len + r->chunk > r->size)
		LKB_BUG("mbox window refilled with a line over the limit");
	do
		n = read(r->fd, r->buf + r->len, r->chunk);
	while (n < 0 && errno == EINTR);
	if (n > 0) {
		r->len += (size_t)n;
	} else {
		r->eof = 1;
		r->err = n < 0 ? errno : 0;
	}
}

/* Whether the line before the line start s (pos <= s <= len) is blank. */
static int
mbox_blank_before(const struct mbox_in *r, size_t s)
{
	const char *b = r->buf;

	if (s == r->pos)
		return r->prev_blank;
	if (b[s - 1] != '\n')
		return 0;	/* the stream's end, not a line start */
	if (s - 1 == r->pos || b[s - 2] == '\n')
		return 1;
	return b[s - 2] == '\r' && (s - 2 == r->pos || b[s - 3] == '\n');
}

/* Copy the window's part of the message out, before the window moves. */
static void
msg_copy_out(struct mbox_msg *m, const struct mbox_in *r)
{
	size_t n = m->pend - m->pstart, need = m->len + n + 1;

	if (!n)
		return;
	if (need > m->alloc) {
		m->alloc = m->alloc < 65536 ? 65536 : m->alloc;
		while (m->alloc < need)
			m->alloc *= 2;
		if (m->alloc > LKB_MAX_MESSAGE_BYTES + 1)
			m->alloc = LKB_MAX_MESSAGE_BYTES + 1;
		m->buf = xreallocarray(m->buf, m->alloc, 1);
	}
	memcpy(m->buf + m->len, r->buf + m->pstart, n);
	m->len += n;
	m->pstart = m->pend;
}

/* Add the window's whole lines [a, b) to the message; the lines that do
 * not fit in LKB_MAX_MESSAGE_BYTES, and any after, are dropped. */
static void
msg_add(struct mbox_msg *m, const struct mbox_in *r, size_t a, size_t b)
{
	size_t room;
	const char *nl;

	if (!m->have || m->flags)
		return;
	if (m->pend != a) {	/* not right after the last: a '>' between */
		msg_copy_out(m, r);
		m->pstart = m->pend = a;
	}
	room = LKB_MAX_MESSAGE_BYTES - m->len - (m->pend - m->pstart);
	if (b - a > room) {
		nl = room ? memrchr(r->buf + a, '\n', room) : NULL;
		b = nl ? (size_t)(nl - r->buf) + 1 : a;
		m->flags |= MAILSOURCE_TRUNCATED;
	}
	m->pend = b;
}

/* Hand the message, if any, to the callback in a buffer of its own. */
static int
msg_flush(struct mbox_msg *m, const struct mbox_in *r)
{
	char source[4200];
	size_t n = m->pend - m->pstart, len = m->len + n;
	char *raw;
	int rc;

	if (!m->have)
		return LKB_OK;
	raw = xreallocarray(m->buf, len + 1, 1);
	memcpy(raw + m->len, r->buf + m->pstart, n);
	/* the blank line before the next From_ belongs to the mbox */
	if (len && raw[len - 1] == '\n')
		len--;
	raw[len] = '\0';
	snprintf(source, sizeof(source), "mbox:%s:%lld", r->name, m->start);
	rc = m->fn(raw, len, source, m->flags, &raw, m->arg);
	free(raw);	/* NULL when fn kept it */
	m->buf = NULL;
	m->len = m->alloc = 0;
	m->pstart = m->pend;
	m->flags = m->have = 0;
	return rc;
}

/* The line at pos is over LKB_MAX_LINE_BYTES (that many bytes and one
 * more are in the window, no '\n' among the first): its head counts as
 * the line, the rest is read and dropped. */
static int
mbox_long_line(struct mbox_in *r, struct mbox_msg *m)
{
	const char *head = r->buf + r->pos, *nl;
	const size_t n = LKB_MAX_LINE_BYTES;
	int rc;

	if (!memcmp(head, "From ", 5) && (r->prev_blank || !m->have)) {
		if ((rc = msg_flush(m, r)) != LKB_OK)
			return rc;
		m->start = r->base + (long long)r->pos;
		m->have = 1;
	} else {
		msg_add(m, r, r->pos + unquote_from(head, n), r->pos + n);
	}
	if (m->have && !(m->flags & MAILSOURCE_LONG_LINE)) {
		lkb_warn("mbox '%s': the line at offset %lld is longer than "
			 "LKB_MAX_LINE_BYTES (%u); its message is stored as "
			 "rejected", r->name, r->base + (long long)r->pos,
			 LKB_MAX_LINE_BYTES);
		m->flags |= MAILSOURCE_LONG_LINE;
	}
	msg_copy_out(m, r);
	r->pos += n;
	while (!(nl = memchr(r->buf + r->pos, '\n', r->len - r->pos))) {
		r->pos = r->len;
		if (r->eof)
			goto out;
		mbox_fill(r);
	}
	r->pos = (size_t)(nl - r->buf) + 1;
out:
	r->scan = r->pos;
	r->prev_blank = 0;
	return LKB_OK;
}

/* Take the window's whole lines [pos, to) into the message (to is a
 * line start, or len at the end of the stream); none of them is a
 * From_ or a quoted line. Only a run longer than LKB_MAX_LINE_BYTES can
 * hold a line over it: memrchr finds the last line end within each
 * limit's worth. Stops after a long line when there is one. */
static int
mbox_take(struct mbox_in *r, struct mbox_msg *m, size_t to)
{
	size_t x = r->pos;
	const char *nl;

	if (m->have && !(m->flags & MAILSOURCE_LONG_LINE)) {
		while (to - x > LKB_MAX_LINE_BYTES) {
			nl = memrchr(r->buf + x, '\n', LKB_MAX_LINE_BYTES);
			if (!nl) {
				msg_add(m, r, r->pos, x);
				r->prev_blank = mbox_blank_before(r, x);
				r->pos = x;
				return mbox_long_line(r, m);
			}
			x = (size_t)(nl - r->buf) + 1;
		}
	}
	msg_add(m, r, r->pos, to);
	r->prev_blank = mbox_blank_before(r, to);
	r->pos = to;
	if (r->scan < to)
		r->scan = to;
	return LKB_OK;
}

/* No "From " is left in the window: take every whole line. *again_out
 * is set when a long line was read past (the window changed: look
 * again); else LKB_OK means the end of the stream or a refill. */
static int
mbox_no_from(struct mbox_in *r, struct mbox_msg *m, int *again_out)
{
	const char *nl;
	size_t to = r->len;
	int rc;

	*again_out = 1;
	if (!r->eof) {
		nl = memrchr(r->buf + r->pos, '\n', r->len - r->pos);
		to = nl ? (size_t)(nl - r->buf) + 1 : r->pos;
	}
	if ((rc = mbox_take(r, m, to)) != LKB_OK || r->pos != to)
		return rc;
	if (!r->eof && r->len - r->pos > LKB_MAX_LINE_BYTES)
		return mbox_long_line(r, m);
	*again_out = 0;
	/* "From " may start in the last 4 bytes, cut by the window's end */
	if (r->len - r->pos > 4 && r->scan < r->len - 4)
		r->scan = r->len - 4;
	return LKB_OK;
}

/* Split what the window holds, up to its partial last line (all of it
 * at the end of the stream). LKB_OK: read more, unless at the end. */
static int
mbox_scan(struct mbox_in *r, struct mbox_msg *m)
{
	const char *q, *nl;
	size_t s, e, k;
	int rc, again;

	for (;;) {
		q = find_from(r->buf + r->scan, r->buf + r->len);
		if (!q) {
			if ((rc = mbox_no_from(r, m, &again)) != LKB_OK ||
			    !again)
				return rc;
			continue;
		}
		s = (size_t)(q - r->buf);
		while (s > r->pos && r->buf[s - 1] == '>')
			s--;
		k = (size_t)(q - r->buf) - s;
		/* a "From " inside a line, or junk before the first From_
		 * line, or a From_ line that is not after a blank one */
		if ((s > r->pos && r->buf[s - 1] != '\n') ||
		    (!m->have && k) ||
		    (m->have && !k && !mbox_blank_before(r, s))) {
			r->scan = (size_t)(q - r->buf) + 5;
			continue;
		}
		if ((rc = mbox_take(r, m, s)) != LKB_OK)
			return rc;
		if (r->pos != s)
			continue;	/* a long line came first */
		nl = memchr(q + 5, '\n', (size_t)(r->buf + r->len - q) - 5);
		if (!nl && !r->eof && r->len - s <= LKB_MAX_LINE_BYTES) {
			r->scan = s;
			return LKB_OK;	/* its end is still to be read */
		}
		e = nl ? (size_t)(nl - r->buf) + 1 : r->len;
		if (e - s > LKB_MAX_LINE_BYTES) {
			if ((rc = mbox_long_line(r, m)) != LKB_OK)
				return rc;
			continue;
		}
		if (!k) {
			if ((rc = msg_flush(m, r)) != LKB_OK)
				return rc;
			m->start = r->base + (long long)s;
			m->have = 1;
		} else {
			msg_add(m, r, s + 1, e);
		}
		r->pos = r->scan = e;
		r->prev_blank = 0;
	}
}

/* The mbox on fd, after head_len bytes of it at head (the tests choose
 * the chunk size: mailsource-internal.h). */
LKB_TESTABLE int
mailsource_read_mbox(int fd, const char *name, const char *head,
		     size_t head_len, size_t chunk, mailsource_fn *fn,
		     void *arg)
{
	struct mbox_in r = { .fd = fd, .name = name, .chunk = chunk,
			     .prev_blank = 1 };
	struct mbox_msg m = { .fn = fn, .arg = arg };
	int rc;

	if (chunk == 0 || head_len > chunk)
		LKB_BUG("mbox reader: bad chunk size");
	r.size = lkb_st_add(LKB_MAX_LINE_BYTES, chunk);
	r.buf = xmalloc(r.size);
	if (head_len)
		memcpy(r.buf, head, head_len);
	r.len = head_len;
	for (;;) {
		if ((rc = mbox_scan(&r, &m)) != LKB_OK || r.eof)
			break;
		msg_copy_out(&m, &r);
		mbox_fill(&r);
	}
	if (rc == LKB_OK && r.err) {
		errno = r.err;
		lkb_error_errno("cannot read mbox '%s'", name);
		rc = LKB_ERR_IO;
	}
	if (rc == LKB_OK)
		rc = msg_flush(&m, &r);
	free(m.buf);
	free(r.buf);
	return rc;
}

/* stdin is an mbox when it starts with "From ", else one message. A
 * pipe may give less than that in a read: read until 5 bytes or EOF. */
static int
read_stdin(mailsource_fn *fn, void *arg)
{
	const size_t chunk = LKB_IMPORT_READ_BYTES;
	char *head = xmalloc(chunk);
	struct strbuf sb;
	size_t len = 0;
	ssize_t n;
	int rc = LKB_OK, flags = 0;

	while (len < 5) {
		n = read(STDIN_FILENO, head + len, chunk - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			lkb_error_errno("cannot read standard input");
			rc = LKB_ERR_IO;
			goto out;
		}
		if (n == 0)
			break;
		len += (size_t)n;
	}
	if (!len)
		goto out;
	if (len >= 5 && !memcmp(head, "From ", 5)) {
		rc = mailsource_read_mbox(STDIN_FILENO, "-", head, len, chunk,
					  fn, arg);
		goto out;
	}
	strbuf_init_capped(&sb, LKB_MAX_MESSAGE_BYTES);
	strbuf_add(&sb, head, len);
	if (strbuf_status(&sb) != LKB_OK)
		flags = MAILSOURCE_TRUNCATED;
	rc = slurp(stdin, "standard input", &sb, &flags);
	if (rc == LKB_OK)
		rc = fn(sb.buf, sb.len, "stdin", flags, NULL, arg);
	strbuf_release(&sb);
out:
	free(head);
	return rc;
}

int
mailsource_read(const char *path, mailsource_fn *fn, void *arg)
{
	static const struct maildir_walk import_walk = { 0, NULL, NULL };
	enum mailsource_kind k;
	char *source;
	int fd, rc;

	if ((rc = mailsource_detect(path, &k)) != LKB_OK)
		return rc;
	switch (k) {
	case MS_STDIN:
		return read_stdin(fn, arg);
	case MS_MAILDIR:
		rc = mailsource_walk_maildir(path, "cur", &import_walk, fn,
					     arg);
		if (rc == LKB_OK)
			rc = mailsource_walk_maildir(path, "new", &import_walk,
						     fn, arg);
		return rc;
	case MS_MBOX:
		if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
			return lkb_error_errno("cannot open '%s'", path),
			       LKB_ERR_IO;
		rc = mailsource_read_mbox(fd, path, NULL, 0,
					  LKB_IMPORT_READ_BYTES, fn, arg);
		close(fd);
		return rc;
	case MS_FILE:
		source = xasprintf("file:%s", path);
		rc = read_one_file(AT_FDCWD, path, path, source, 0, fn, arg);
		free(source);
		return rc;
	default:
		LKB_BUG("unknown mail source kind");
	}
}
