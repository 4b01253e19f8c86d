/* imap.c - the IMAP commands lkpbot sends, as one explicit state
 * machine (doc/style.md R24): each command sets a state, each state has one
 * handler for untagged responses, anything it does not expect is
 * LKB_ERR_PROTO. The transport is in curl_imap.c. */
#include "config.h"
#include "bot/net/imap.h"

#include <stdlib.h>
#include <string.h>

#include "bot/net/imap-internal.h"
#include "lib/ascii.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"
#include "parsers/imap_resp.h"

enum imap_state {
	IMAP_ST_IDLE,
	IMAP_ST_CAPABILITY,
	IMAP_ST_SELECT,
	IMAP_ST_SEARCH,
	IMAP_ST_FETCH,
	IMAP_ST_SIZE,
	IMAP_ST_STORE,
	IMAP_ST_MOVE,
	IMAP_ST_LOGOUT,
	IMAP_ST_LIST,
	IMAP_ST__COUNT
};

static const char *const state_names[IMAP_ST__COUNT] = {
	"idle", "capability", "select", "search", "fetch", "size", "store",
	"move", "logout", "list",
};
_Static_assert(LKB_ARRAY_SIZE(state_names) == IMAP_ST__COUNT, "names");

struct imap_session {
	struct imap_conn conn;
	struct strbuf in;	/* received, capped at LKB_MAX_FETCH_BYTES */
	size_t off;		/* bytes of in already handled */
	struct imap_framer fr;
	enum imap_state state;
	unsigned tagno;
	char tag[16];
	int broken;
	int caps_known, has_move, has_uidplus;
	/* results of the command in progress */
	struct imap_mailbox mb;
	uint32_t search_from;
	uint32_t *uids;
	size_t nuids, uids_alloc;
	imap_fetch_fn *fetch_fn;
	imap_size_fn *size_fn;
	void *fetch_arg;
	struct strbuf *list;	/* LIST: the names shown so far */
	size_t nlisted;		/* LIST: the selectable names seen */
	uint64_t dropped;	/* the body literal of the response just read
				 * was this big, over LKB_MAX_MESSAGE_BYTES,
				 * and dropped (0: none) */
};

typedef int resp_fn(struct imap_session *s, const struct imap_resp *r);

static void
set_state(struct imap_session *s, enum imap_state st)
{
	if (s->state != st)
		lkb_debug("imap: state %s -> %s", state_names[s->state],
			  state_names[st]);
	s->state = st;
}

/* ---- untagged handlers, one per state ---- */

static int
unexpected(const struct imap_session *s, const struct imap_resp *r)
{
	lkb_error("imap: unexpected %s response while in state %s",
		  imap_utype_name(r->type), state_names[s->state]);
	return LKB_ERR_PROTO;
}

/* What any state accepts: mailbox size news, flag updates, warnings. */
static int
resp_common(struct imap_session *s, const struct imap_resp *r)
{
	switch (r->type) {
	case IMAP_U_STATUS:
		if (r->cond == IMAP_COND_BYE) {
			lkb_error("imap: the server is closing the connection: "
				  "%.*s", (int)r->text.len, r->text.p);
			return LKB_ERR_NET;
		}
		if (r->cond == IMAP_COND_NO || r->cond == IMAP_COND_BAD)
			lkb_warn("imap: server says: %.*s", (int)r->text.len,
				 r->text.p);
		return LKB_OK;
	case IMAP_U_EXISTS:
		s->mb.exists = r->num;
		return LKB_OK;
	case IMAP_U_RECENT:
	case IMAP_U_EXPUNGE:
	case IMAP_U_FLAGS:
	case IMAP_U_CAPABILITY:
	case IMAP_U_OTHER:
		return LKB_OK;
	case IMAP_U_FETCH:
		/* unsolicited flag changes; a body nobody asked for is not */
		return r->has_body ? unexpected(s, r) : LKB_OK;
	default:
		return unexpected(s, r);
	}
}

static int
resp_idle(struct imap_session *s, const struct imap_resp *r)
{
	return resp_common(s, r);
}

static int
resp_capability(struct imap_session *s, const struct imap_resp *r)
{
	const char *p, *end, *w;

	if (r->type != IMAP_U_CAPABILITY)
		return resp_common(s, r);
	s->caps_known = 1;
	for (p = r->text.p, end = p + r->text.len; p < end; p = w + 1) {
		for (w = p; w < end && *w != ' ';)
			w++;
		if (w - p == 4 && !strncmp(p, "MOVE", 4))
			s->has_move = 1;
		if (w - p == 7 && !strncmp(p, "UIDPLUS", 7))
			s->has_uidplus = 1;
	}
	return LKB_OK;
}

static int
resp_select(struct imap_session *s, const struct imap_resp *r)
{
	if (r->type == IMAP_U_STATUS && r->cond == IMAP_COND_OK) {
		if (r->code == IMAP_CODE_UIDVALIDITY)
			s->mb.uidvalidity = r->code_num;
		else if (r->code == IMAP_CODE_UIDNEXT)
			s->mb.uidnext = r->code_num;
		return LKB_OK;
	}
	return resp_common(s, r);
}

static int
resp_search(struct imap_session *s, const struct imap_resp *r)
{
	const char *p, *end;
	uint32_t uid;
	int rc;

	if (r->type != IMAP_U_SEARCH)
		return resp_common(s, r);
	p = r->search.p;
	end = p + r->search.len;
	while ((rc = imap_search_next(&p, end, &uid)) == 0) {
		/* "n:*" also matches the highest UID when it is below n */
		if (uid < s->search_from)
			continue;
		if (s->nuids >= LKB_MAX_IMAP_UIDS) {
			lkb_error("imap: SEARCH returned more than "
				  "LKB_MAX_IMAP_UIDS uids");
			return LKB_ERR_TOO_BIG;
		}
		ALLOC_GROW(s->uids, s->nuids + 1, s->uids_alloc);
		s->uids[s->nuids++] = uid;
	}
	if (rc < 0)
		lkb_error("imap: malformed SEARCH response");
	return rc < 0 ? rc : LKB_OK;
}

static int
resp_fetch(struct imap_session *s, const struct imap_resp *r)
{
	if (r->type != IMAP_U_FETCH || !r->has_body)
		return resp_common(s, r);
	if (!r->has_uid) {
		lkb_error("imap: FETCH response %u without UID", r->num);
		return LKB_ERR_PROTO;
	}
	if (s->dropped && !r->body.len)
		return s->fetch_fn(s->fetch_arg, r->uid, NULL, s->dropped);
	return s->fetch_fn(s->fetch_arg, r->uid, r->body.p, r->body.len);
}

static int
resp_size(struct imap_session *s, const struct imap_resp *r)
{
	if (r->type != IMAP_U_FETCH || !r->has_size)
		return resp_common(s, r);
	if (!r->has_uid) {
		lkb_error("imap: FETCH response %u without UID", r->num);
		return LKB_ERR_PROTO;
	}
	return s->size_fn(s->fetch_arg, r->uid, r->size);
}

static int
resp_store(struct imap_session *s, const struct imap_resp *r)
{
	return resp_common(s, r);
}

static int
resp_logout(struct imap_session *s, const struct imap_resp *r)
{
	if (r->type == IMAP_U_STATUS && r->cond == IMAP_COND_BYE)
		return LKB_OK;	/* expected here (RFC 3501 6.1.3) */
	return resp_common(s, r);
}

/* A folder LIST names: the first LKB_MAX_IMAP_LISTED selectable ones go
 * into s->list, the rest are counted. */
static int
resp_list(struct imap_session *s, const struct imap_resp *r)
{
	if (r->type != IMAP_U_LIST)
		return resp_common(s, r);
	if (imap_list_noselect(r) || s->nlisted++ >= LKB_MAX_IMAP_LISTED)
		return LKB_OK;
	if (s->list->len)
		strbuf_adds(s->list, ", ");
	return imap_list_name_show(r, 60, s->list);
}

static resp_fn *const handlers[IMAP_ST__COUNT] = {
	resp_idle, resp_capability, resp_select, resp_search, resp_fetch,
	resp_size, resp_store, resp_store, resp_logout, resp_list,
};

/* ---- reading and running commands ---- */

/* The literal the framer found over LKB_MAX_MESSAGE_BYTES in a FETCH:
 * its bytes are read and dropped and its digits zeroed (an empty
 * literal), so the session goes on and resp_fetch hands its size on. */
static int
drop_literal(struct imap_session *s)
{
	size_t data = s->off + s->fr.big_data, have;
	uint64_t left = s->fr.big;
	char *d;
	int rc;

	for (d = s->in.buf + s->off + s->fr.big_digits; LKB_ISDIGIT(*d); d++)
		*d = '0';
	s->dropped = s->fr.big;
	for (;;) {
		have = s->in.len - data;
		if (have >= left) {
			memmove(s->in.buf + data, s->in.buf + data + left,
				have - left);
			strbuf_setlen(&s->in, s->in.len - (size_t)left);
			return LKB_OK;
		}
		left -= have;
		strbuf_setlen(&s->in, data);
		if ((rc = imap_conn_recv(&s->conn, &s->in)) != LKB_OK)
			return rc;
	}
}

/* The next complete response; its spans live until the next call. */
static int
read_resp(struct imap_session *s, struct imap_resp *r)
{
	size_t flen;
	int rc;

	s->dropped = 0;
	s->fr.drop_big = s->state == IMAP_ST_FETCH;
	for (;;) {
		if (s->off < s->in.len) {
			rc = imap_framer_scan(&s->fr, s->in.buf + s->off,
					      s->in.len - s->off, &flen);
			if (rc == IMAP_FRAMER_BIG) {
				if ((rc = drop_literal(s)) != LKB_OK)
					return rc;
				continue;
			}
			if (rc < 0)
				return rc;
			if (rc == 1) {
				rc = imap_resp_parse(s->in.buf + s->off,
						     s->in.buf + s->off + flen,
						     r);
				s->off += flen;
				if (rc != LKB_OK)
					lkb_error("imap: malformed response "
						  "from the server");
				return rc;
			}
		}
		if (s->off) {
			memmove(s->in.buf, s->in.buf + s->off,
				s->in.len - s->off);
			strbuf_setlen(&s->in, s->in.len - s->off);
			s->off = 0;
		}
		if ((rc = imap_conn_recv(&s->conn, &s->in)) != LKB_OK)
			return rc;
	}
}

/* Whether a NO says the folder named is not there: RFC 5530's
 * [NONEXISTENT], or the words of servers that send no code (dovecot
 * 2.3: "Mailbox doesn't exist: X", others "Unknown Mailbox"). */
static int
no_such_folder(const struct imap_resp *r)
{
	char *text;
	int yes;

	if (r->cond != IMAP_COND_NO)
		return 0;
	if (r->code == IMAP_CODE_NONEXISTENT)
		return 1;
	if (r->code != IMAP_CODE_NONE)
		return 0;
	text = xmemdup0(r->text.p, r->text.len);
	yes = strcasestr(text, "mailbox doesn't exist") ||
	      strcasestr(text, "mailbox does not exist") ||
	      strcasestr(text, "unknown mailbox") ||
	      strcasestr(text, "no such mailbox");
	free(text);
	return yes;
}

/* Send "TAG cmd" and read until its tagged answer. Returns LKB_OK, LKB_ERR
 * when the server said NO/BAD (text logged under what), or a status that
 * breaks the session. */
static int
run_command(struct imap_session *s, enum imap_state st, const char *what,
	    const char *cmd)
{
	struct imap_resp r;
	char *line = NULL;
	int rc;

	if (s->broken)
		return LKB_ERR_NET;
	set_state(s, st);
	snprintf(s->tag, sizeof(s->tag), "L%u", ++s->tagno);
	lkb_debug("imap: > %s %s", s->tag, cmd);
	line = xasprintf("%s %s\r\n", s->tag, cmd);
	if ((rc = imap_conn_send(&s->conn, line, strlen(line))) != LKB_OK)
		goto broken;
	for (;;) {
		if ((rc = read_resp(s, &r)) != LKB_OK)
			goto broken;
		if (r.kind == IMAP_RK_UNTAGGED) {
			if ((rc = handlers[s->state](s, &r)) != LKB_OK)
				goto broken;
			continue;
		}
		if (r.kind == IMAP_RK_CONTINUE || !span_eq(r.tag, s->tag)) {
			lkb_error("imap: unexpected %s from the server",
				  r.kind == IMAP_RK_CONTINUE ? "continuation"
							     : "tag");
			rc = LKB_ERR_PROTO;
			goto broken;
		}
		break;
	}
	set_state(s, IMAP_ST_IDLE);
	if (r.cond != IMAP_COND_OK) {
		lkb_error("imap: %s: server said %s: %.*s", what,
			  imap_cond_name(r.cond), (int)r.text.len, r.text.p);
		rc = no_such_folder(&r) ? LKB_ERR_NOT_FOUND : LKB_ERR;
	}
	goto out;
broken:
	s->broken = 1;
out:
	free(line);
	return rc;
}

int
imap_session_open(const struct imap_conf *c, struct imap_session **s_out)
{
	struct imap_session *s = xcalloc(1, sizeof(*s));
	int rc;

	*s_out = NULL;
	strbuf_init_capped(&s->in, LKB_MAX_FETCH_BYTES);
	if ((rc = imap_conn_open(&s->conn, c)) != LKB_OK) {
		s->broken = 1;
		imap_session_free(s);
		return rc;
	}
	*s_out = s;
	return LKB_OK;
}

int
imap_session_negotiated(struct imap_session *s, struct strbuf *out)
{
	return curl_nego_describe(s->conn.curl, &s->conn.nego, out);
}

void
imap_session_free(struct imap_session *s)
{
	if (!s)
		return;
	if (!s->broken && s->conn.curl &&
	    run_command(s, IMAP_ST_LOGOUT, "cannot log out", "LOGOUT") !=
		    LKB_OK)
		lkb_debug("imap: LOGOUT failed; closing anyway");
	/* libcurl would try its own LOGOUT on the closed session */
	imap_conn_close(&s->conn, 1);
	strbuf_release(&s->in);
	free(s->uids);
	free(s);
}

/* Append folder as an IMAP quoted string; LKB_ERR_CONFIG if it cannot
 * be one (8-bit names must be given in modified UTF-7). */
static int
add_quoted(struct strbuf *sb, const char *name)
{
	if (!*name)
		return lkb_error("imap: empty folder name"), LKB_ERR_CONFIG;
	for (const char *p = name; *p; p++)
		if ((unsigned char)*p < 0x20 || (unsigned char)*p > 0x7e)
			return lkb_error("imap: folder name '%s' has a control "
					 "or 8-bit character (write it in "
					 "modified UTF-7)", name),
			       LKB_ERR_CONFIG;
	strbuf_addch(sb, '"');
	for (const char *p = name; *p; p++) {
		if (*p == '"' || *p == '\\')
			strbuf_addch(sb, '\\');
		strbuf_addch(sb, *p);
	}
	strbuf_addch(sb, '"');
	return LKB_OK;
}

int
imap_session_select(struct imap_session *s, const char *folder,
		    int readonly, struct imap_mailbox *mb_out)
{
	struct strbuf cmd = STRBUF_INIT;
	char *what = NULL;
	int rc = LKB_OK;

	memset(&s->mb, 0, sizeof(s->mb));
	strbuf_adds(&cmd, readonly ? "EXAMINE " : "SELECT ");
	if ((rc = add_quoted(&cmd, folder)) != LKB_OK)
		goto out;
	what = xasprintf("cannot open folder '%s'", folder);
	rc = run_command(s, IMAP_ST_SELECT, what, cmd.buf);
	if (rc == LKB_ERR_NOT_FOUND) {
		/* a folder [imap] folders names and the server lacks: the
		 * configuration's mistake, no retry fixes it; say which it
		 * has (a LIST that fails leaves that out) */
		strbuf_release(&cmd);
		strbuf_init_capped(&cmd, 4096);
		if (imap_session_list(s, &cmd) != LKB_OK)
			strbuf_reset(&cmd);
		lkb_error("imap: folder '%s' does not exist on the server%s%s; "
			  "correct [imap] folders (lkpbot.conf(5))", folder,
			  cmd.len ? ", which has: " : "", cmd.buf);
		rc = LKB_ERR_CONFIG;
	}
	if (rc == LKB_OK && !s->mb.uidvalidity) {
		lkb_error("imap: folder '%s' has no UIDVALIDITY", folder);
		rc = LKB_ERR_PROTO;
	}
	if (rc == LKB_OK)
		*mb_out = s->mb;
out:
	free(what);
	strbuf_release(&cmd);
	return rc;
}

int
imap_session_list(struct imap_session *s, struct strbuf *out)
{
	int rc;

	s->list = out;
	s->nlisted = 0;
	rc = run_command(s, IMAP_ST_LIST, "cannot list the folders",
			 "LIST \"\" \"*\"");
	if (rc == LKB_OK && s->nlisted > LKB_MAX_IMAP_LISTED) {
		strbuf_addf(out, " and %zu more",
			    s->nlisted - LKB_MAX_IMAP_LISTED);
		rc = strbuf_status(out);
	}
	s->list = NULL;
	return rc;
}

static int
cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

int
imap_session_search(struct imap_session *s, uint32_t from,
		    uint32_t **uids_out, size_t *n_out)
{
	char cmd[64];
	size_t n = 0;
	int rc;

	*uids_out = NULL;
	*n_out = 0;
	s->nuids = 0;
	s->search_from = from ? from : 1;
	snprintf(cmd, sizeof(cmd), "UID SEARCH UID %u:*", s->search_from);
	rc = run_command(s, IMAP_ST_SEARCH, "cannot search for new mail",
			 cmd);
	if (rc != LKB_OK)
		return rc;
	if (s->nuids > 1)
		qsort(s->uids, s->nuids, sizeof(*s->uids), cmp_u32);
	for (size_t i = 0; i < s->nuids; i++)
		if (!n || s->uids[n - 1] != s->uids[i])
			s->uids[n++] = s->uids[i];
	*uids_out = s->uids;
	*n_out = n;
	s->uids = NULL;
	s->nuids = s->uids_alloc = 0;
	return LKB_OK;
}

static void
check_uidset(const char *set)
{
	if (!*set || strspn(set, "0123456789:,") != strlen(set))
		LKB_BUG("malformed uid set");
}

/* UID FETCH uidset (items) in state st; the callbacks set are cleared
 * after. */
static int
uid_fetch(struct imap_session *s, enum imap_state st, const char *uidset,
	  const char *items, const char *what)
{
	char *cmd;
	int rc;

	check_uidset(uidset);
	cmd = xasprintf("UID FETCH %s (%s)", uidset, items);
	rc = run_command(s, st, what, cmd);
	free(cmd);
	s->fetch_fn = NULL;
	s->size_fn = NULL;
	return rc;
}

int
imap_session_fetch(struct imap_session *s, const char *uidset,
		   imap_fetch_fn *fn, void *arg)
{
	s->fetch_fn = fn;
	s->fetch_arg = arg;
	return uid_fetch(s, IMAP_ST_FETCH, uidset, "UID BODY.PEEK[]",
			 "cannot fetch mail");
}

int
imap_session_sizes(struct imap_session *s, const char *uidset,
		   imap_size_fn *fn, void *arg)
{
	s->size_fn = fn;
	s->fetch_arg = arg;
	return uid_fetch(s, IMAP_ST_SIZE, uidset, "UID RFC822.SIZE",
			 "cannot fetch mail sizes");
}

int
imap_session_mark_seen(struct imap_session *s, const char *uidset)
{
	char *cmd;
	int rc;

	check_uidset(uidset);
	cmd = xasprintf("UID STORE %s +FLAGS.SILENT (\\Seen)", uidset);
	rc = run_command(s, IMAP_ST_STORE, "cannot mark mail seen", cmd);
	free(cmd);
	return rc;
}

int
imap_session_move(struct imap_session *s, const char *uidset,
		  const char *dest)
{
	struct strbuf cmd = STRBUF_INIT;
	int rc = LKB_OK;

	check_uidset(uidset);
	if (!s->caps_known &&
	    (rc = run_command(s, IMAP_ST_CAPABILITY, "cannot ask CAPABILITY",
			      "CAPABILITY")) != LKB_OK)
		goto out;
	strbuf_addf(&cmd, "UID %s %s ", s->has_move ? "MOVE" : "COPY",
		    uidset);
	if ((rc = add_quoted(&cmd, dest)) != LKB_OK)
		goto out;
	rc = run_command(s, IMAP_ST_MOVE, "cannot move mail", cmd.buf);
	if (rc != LKB_OK || s->has_move)
		goto out;
	strbuf_reset(&cmd);
	strbuf_addf(&cmd, "UID STORE %s +FLAGS.SILENT (\\Deleted)",
		    uidset);
	rc = run_command(s, IMAP_ST_STORE, "cannot mark moved mail deleted",
			 cmd.buf);
	if (rc != LKB_OK || !s->has_uidplus)
		goto out;
	strbuf_reset(&cmd);
	strbuf_addf(&cmd, "UID EXPUNGE %s", uidset);
	rc = run_command(s, IMAP_ST_STORE, "cannot expunge moved mail",
			 cmd.buf);
out:
	strbuf_release(&cmd);
	return rc;
}
