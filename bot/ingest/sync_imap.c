/* sync_imap.c - incremental sync of IMAP folders into the store.
 *
 * Per folder: EXAMINE (SELECT when `after` changes the server) gives
 * UIDVALIDITY and UIDNEXT. When UIDVALIDITY is the stored one and
 * UIDNEXT is not above the stored last UID + 1 there is nothing new:
 * that one round trip is the whole cost of an idle run, whatever the
 * size of the folder. Otherwise UID SEARCH lists the new UIDs and they
 * are fetched batch by batch (one UID FETCH of up to `batch` UIDs with
 * RFC822.SIZE, then one with BODY.PEEK[] for those not over
 * LKB_MAX_MESSAGE_BYTES), each batch stored in one transaction together
 * with the cursor advance. Mail over the limit is stored as a rejected
 * stand-in naming its size, so the cursor passes it; so is a body over
 * it whose RFC822.SIZE said less (a server that lies): its bytes are
 * read and dropped (bot/net/imap.h), up to LKB_MAX_IMAP_DROP_BYTES. Each such skip
 * is recorded (state/store_skip.h) for `lkpbot doctor` and the run. A changed UIDVALIDITY reads the folder again from UID
 * 1; the store's dedup (Message-ID, else content) keeps it from storing
 * anything twice.
 *
 * The keys of [imap] are this file's rows (imap_keys), typed for the
 * source and the tests by sync_imap_settings() (sync_imap.h).
 */
#include "config.h"
#include "bot/ingest/sync.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/core/run.h"
#include "bot/core/secret.h"
#include "bot/core/settings.h"
#include "bot/ingest/ingest.h"
#include "bot/ingest/mailsource.h"
#include "bot/ingest/sync_imap.h"
#include "bot/net/curl_common.h"
#include "bot/net/imap.h"
#include "lib/compiler.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"
#include "state/store.h"
#include "state/store_cursor.h"
#include "state/store_skip.h"

/* [imap] after = v into what and where; -1 for neither none, seen nor
 * move:FOLDER (then AFTER_NONE). */
static int
after_parse(const char *v, enum imap_after *after, const char **move_to)
{
	*after = AFTER_NONE;
	*move_to = NULL;
	if (!v || !strcmp(v, "none"))
		return 0;
	if (!strcmp(v, "seen"))
		*after = AFTER_SEEN;
	else if (!strncmp(v, "move:", 5) && v[5]) {
		*after = AFTER_MOVE;
		*move_to = v + 5;
	} else
		return -1;
	return 0;
}

static void
check_after(struct settings *s, const struct settings_key *k, const char *v)
{
	enum imap_after after;
	const char *move_to;

	if (after_parse(v, &after, &move_to))
		settings_problem(s, k, "[imap] after = '%s': expected none, "
				 "seen or move:FOLDER", v);
}

/* The keys of [imap] (lkpbot.conf(5)), in the order they are read. */
enum imap_key {
	K_URL, K_FOLDERS, K_USER, K_PASSWORD_FILE, K_PASSWORD_ENV,
	K_PASSWORD_COMMAND, K_OAUTH2_TOKEN_COMMAND, K_AFTER, K_CAFILE,
	K_STARTTLS, K_INSECURE, K_TIMEOUT, K_DEADLINE, K_BATCH, K__COUNT
};

/* The section, name and type of a row. */
#define KEY(k, t) .section = "imap", .key = (k), .type = (t)

static const struct settings_key imap_keys[K__COUNT + 1] = {
	[K_URL] = { KEY("url", SETT_STR), .doctor = SETD_URL },
	[K_FOLDERS] = { KEY("folders", SETT_LIST),
			.hi = LKB_MAX_IMAP_FOLDERS,
			.limit = "LKB_MAX_IMAP_FOLDERS" },
	[K_USER] = { KEY("user", SETT_STR) },
	[K_PASSWORD_FILE] = { KEY("password_file", SETT_STR) },
	[K_PASSWORD_ENV] = { KEY("password_env", SETT_STR) },
	[K_PASSWORD_COMMAND] = { KEY("password_command", SETT_STR) },
	[K_OAUTH2_TOKEN_COMMAND] = { KEY("oauth2_token_command",
					 SETT_STR) },
	[K_AFTER] = { KEY("after", SETT_STR), .def = "none",
		      .check = check_after },
	[K_CAFILE] = { KEY("cafile", SETT_STR) },
	[K_STARTTLS] = { KEY("starttls", SETT_BOOL) },
	[K_INSECURE] = { KEY("insecure", SETT_BOOL), .def = "no" },
	[K_TIMEOUT] = { KEY("timeout", SETT_NUM), .def = "60", .lo = 1,
			.hi = 86400 },
	[K_DEADLINE] = { KEY("deadline", SETT_NUM), .def = "1800", .lo = 1,
			 .hi = 86400 },
	[K_BATCH] = { KEY("batch", SETT_NUM),
		      .def = LKB_TEXT(LKB_BATCH_MESSAGES), .lo = 1,
		      .hi = LKB_MAX_IMAP_BATCH, .limit = "LKB_MAX_IMAP_BATCH" },
	[K__COUNT] = { .section = NULL },
};

#undef KEY

/* The value of the key i of [imap] in set. */
static const union settings_value *
imap_value(const struct settings *set, enum imap_key i)
{
	return settings_value(set, &imap_keys[i]);
}

void
sync_imap_settings(const struct settings *set, struct imap_settings *is)
{
	is->url = imap_value(set, K_URL)->str;
	is->folders = imap_value(set, K_FOLDERS)->list.items;
	is->nfolders = imap_value(set, K_FOLDERS)->list.n;
	is->user = imap_value(set, K_USER)->str;
	is->password_file = imap_value(set, K_PASSWORD_FILE)->str;
	is->password_env = imap_value(set, K_PASSWORD_ENV)->str;
	is->password_command = imap_value(set, K_PASSWORD_COMMAND)->str;
	is->oauth2_token_command =
		imap_value(set, K_OAUTH2_TOKEN_COMMAND)->str;
	after_parse(imap_value(set, K_AFTER)->str, &is->after, &is->move_to);
	is->cafile = imap_value(set, K_CAFILE)->str;
	is->starttls = imap_value(set, K_STARTTLS)->flag;
	is->insecure = imap_value(set, K_INSECURE)->flag;
	is->timeout = imap_value(set, K_TIMEOUT)->num;
	is->deadline = imap_value(set, K_DEADLINE)->num;
	is->batch = imap_value(set, K_BATCH)->num;
}

/* One configured IMAP account. */
struct sync_imap {
	struct store *st;
	struct ingest *ig;
	struct imap_conf conf;
	char *server;		/* imap[s]://host:port/ */
	char *account;		/* imap[s]://user@host:port/ (cursor key) */
	char *password;		/* or NULL: ~/.netrc */
	int bearer;		/* password is an OAuth2 token */
	char *path_folder;	/* folder named in the url, or NULL */
	const char *folders[LKB_MAX_IMAP_FOLDERS + 1];
	size_t nfolders;
	size_t batch;		/* UIDs per UID FETCH */
	enum imap_after after;	/* [imap] after */
	const char *move_to;
	int dry_run, quiet;
};

/* One folder's run. */
struct folder_run {
	struct sync_imap *si;
	struct imap_session *s;
	const char *folder;
	uint32_t uidvalidity;
	uint32_t lo, hi;	/* UIDs of the batch in flight */
	uint32_t *big;		/* UIDs of the batch over the size limit */
	size_t nbig;
	struct uid_size {
		uint32_t uid;
		uint64_t size;
	} *sizes;		/* the others' RFC822.SIZE */
	size_t nsizes, nbatch;	/* sizes holds nbatch */
	uint64_t fetched, new_msgs, duplicate;	/* committed */
	uint64_t batch_fetched;
	struct strbuf lf;	/* the message with CRLF turned into LF */
	struct strbuf src;
};

/* IMAP sends CRLF line ends; mail at rest (Maildir, mbox) has LF, and
 * the same mail must hash the same whichever way it came. */
static int
crlf_to_lf(struct strbuf *out, const char *p, size_t len)
{
	const char *end = p + len, *q;

	strbuf_reset(out);
	strbuf_grow(out, len);
	while (p < end) {
		q = memchr(p, '\r', (size_t)(end - p));
		if (!q) {
			strbuf_add(out, p, (size_t)(end - p));
			break;
		}
		strbuf_add(out, p, (size_t)(q - p));
		if (q + 1 < end && q[1] == '\n') {
			p = q + 1;	/* drop the CR, keep the LF */
			continue;
		}
		strbuf_addch(out, '\r');
		p = q + 1;
	}
	return strbuf_status(out);
}

/* uid is one the batch asked for: fr->src names its mail. */
static int
batch_uid(struct folder_run *fr, uint32_t uid)
{
	if (uid < fr->lo || uid > fr->hi) {
		lkb_error("imap: server sent uid %" PRIu32 " outside the "
			  "asked range %" PRIu32 ":%" PRIu32, uid, fr->lo,
			  fr->hi);
		return LKB_ERR_PROTO;
	}
	strbuf_reset(&fr->src);
	strbuf_addf(&fr->src, "imap:%s;UIDVALIDITY=%" PRIu32 ";UID=%" PRIu32,
		    fr->folder, fr->uidvalidity, uid);
	return LKB_OK;
}

/* A mail over LKB_MAX_MESSAGE_BYTES, size bytes (stated: what its
 * RFC822.SIZE said, when that was less): a short stand-in naming it and
 * its size is stored as rejected, and the skip recorded
 * (state/store_skip.h), so the cursor passes it. */
static int
skip_big(struct folder_run *fr, uint64_t size, const uint64_t *stated)
{
	struct store_skip sk = { "imap", fr->src.buf, fr->folder, NULL, 0 };
	char *why, *stub;
	int rc;

	if (stated)
		why = xasprintf("message of %" PRIu64 " bytes (RFC822.SIZE "
				"said %" PRIu64 ") over LKB_MAX_MESSAGE_BYTES, "
				"not stored", size, *stated);
	else
		why = xasprintf("message of %" PRIu64 " bytes over "
				"LKB_MAX_MESSAGE_BYTES, not fetched", size);
	lkb_warn("%s: skipping a message of %" PRIu64 " bytes: over "
		 "LKB_MAX_MESSAGE_BYTES%s; stored as rejected, not fetched; "
		 MAILSOURCE_LIMIT_FIX, fr->src.buf, size,
		 stated ? " (its RFC822.SIZE said less)" : "");
	stub = xasprintf("X-Lkpbot-Not-Fetched: %s\n\n%s\n", fr->src.buf,
			 why);
	rc = ingest_rejected(fr->si->ig, stub, strlen(stub), fr->src.buf,
			     why, NULL);
	sk.why = why;
	if (rc == LKB_OK)
		rc = store_skip_add(fr->si->st, &sk);
	free(why);
	free(stub);
	if (rc == LKB_OK)
		fr->batch_fetched++;
	return rc;
}

/* The size each UID's RFC822.SIZE stated, if the batch had it. */
static const uint64_t *
stated_size(const struct folder_run *fr, uint32_t uid)
{
	for (size_t i = 0; i < fr->nsizes; i++)
		if (fr->sizes[i].uid == uid)
			return &fr->sizes[i].size;
	return NULL;
}

static int
on_message(void *arg, uint32_t uid, const char *raw, size_t len)
{
	struct folder_run *fr = arg;
	int rc;

	if ((rc = batch_uid(fr, uid)) != LKB_OK)
		return rc;
	/* a server may understate RFC822.SIZE: the body decides */
	if (!raw || len > LKB_MAX_MESSAGE_BYTES)
		return skip_big(fr, len, stated_size(fr, uid));
	if ((rc = crlf_to_lf(&fr->lf, raw, len)) != LKB_OK)
		return rc;
	rc = ingest_message(fr->si->ig, fr->lf.buf, fr->lf.len, fr->src.buf,
			    NULL);
	if (rc == LKB_OK)
		fr->batch_fetched++;
	return rc;
}

/* A mail over LKB_MAX_MESSAGE_BYTES is not fetched (skip_big); the
 * others' sizes are kept to name a lie in on_message. */
static int
on_size(void *arg, uint32_t uid, uint64_t size)
{
	struct folder_run *fr = arg;
	int rc;

	if ((rc = batch_uid(fr, uid)) != LKB_OK)
		return rc;
	if (size <= LKB_MAX_MESSAGE_BYTES) {
		if (fr->nsizes >= fr->nbatch)
			return LKB_OK;	/* a UID told twice */
		fr->sizes[fr->nsizes].uid = uid;
		fr->sizes[fr->nsizes++].size = size;
		return LKB_OK;
	}
	if ((rc = skip_big(fr, size, NULL)) != LKB_OK)
		return rc;
	fr->big = xreallocarray(fr->big, fr->nbig + 1, sizeof(*fr->big));
	fr->big[fr->nbig++] = uid;
	return LKB_OK;
}

/* uids[0..n) without those on_size set aside, into rest (n at most). */
static size_t
uids_to_fetch(const struct folder_run *fr, const uint32_t *uids, size_t n,
	      uint32_t *rest)
{
	size_t i, j, k = 0;

	for (i = 0; i < n; i++) {
		for (j = 0; j < fr->nbig && fr->big[j] != uids[i]; j++)
			;
		if (j == fr->nbig)
			rest[k++] = uids[i];
	}
	return k;
}

/* uids[0..n) ascending as an IMAP sequence set "1:5,7,9:12". */
static void
uidset(struct strbuf *sb, const uint32_t *uids, size_t n)
{
	size_t i = 0, j;

	strbuf_reset(sb);
	while (i < n) {
		for (j = i; j + 1 < n && uids[j + 1] == uids[j] + 1;)
			j++;
		if (sb->len)
			strbuf_addch(sb, ',');
		strbuf_addf(sb, j > i ? "%" PRIu32 ":%" PRIu32 : "%" PRIu32,
			    uids[i], uids[j]);
		i = j + 1;
	}
}

/* What `after` asks for the mail of a committed batch. */
static int
after_batch(struct folder_run *fr, const char *set)
{
	struct sync_imap *si = fr->si;

	if (si->dry_run || si->after == AFTER_NONE)
		return LKB_OK;
	if (si->after == AFTER_SEEN)
		return imap_session_mark_seen(fr->s, set);
	return imap_session_move(fr->s, set, si->move_to);
}

static int
fetch_batch(struct folder_run *fr, const uint32_t *uids, size_t n,
	    struct strbuf *set)
{
	struct sync_imap *si = fr->si;
	struct ingest_stats before = *ingest_stats(si->ig), now;
	uint32_t *rest = xreallocarray(NULL, n, sizeof(*rest));
	size_t nrest;
	int rc;

	uidset(set, uids, n);
	fr->lo = uids[0];
	fr->hi = uids[n - 1];
	fr->nbig = 0;
	fr->nsizes = 0;
	fr->nbatch = n;
	fr->sizes = xreallocarray(fr->sizes, n, sizeof(*fr->sizes));
	fr->batch_fetched = 0;
	if ((rc = ingest_begin(si->ig)) != LKB_OK)
		goto out;
	rc = imap_session_sizes(fr->s, set->buf, on_size, fr);
	nrest = uids_to_fetch(fr, uids, n, rest);
	if (rc == LKB_OK && nrest) {
		uidset(set, rest, nrest);
		rc = imap_session_fetch(fr->s, set->buf, on_message, fr);
		uidset(set, uids, n);
	}
	if (rc == LKB_OK)
		rc = store_cursor_set(si->st, si->account, fr->folder,
				      fr->uidvalidity, fr->hi);
	if (rc != LKB_OK) {
		ingest_abort(si->ig);
		goto out;
	}
	if ((rc = ingest_end(si->ig)) != LKB_OK)
		goto out;
	/* counted only once committed */
	now = *ingest_stats(si->ig);
	fr->fetched += fr->batch_fetched;
	fr->new_msgs += now.new_msgs - before.new_msgs;
	fr->duplicate += now.duplicate - before.duplicate;
	free(rest);
	lkb_debug("imap: %s: stored up to uid %" PRIu32, fr->folder, fr->hi);
	return after_batch(fr, set->buf);
out:
	free(rest);
	return rc;
}

static int
save_cursor(struct sync_imap *si, const char *folder, uint32_t uidvalidity,
	    int64_t last)
{
	int rc;

	if ((rc = store_begin_write(si->st)) != LKB_OK)
		return rc;
	rc = store_cursor_set(si->st, si->account, folder, uidvalidity, last);
	if (rc != LKB_OK) {
		store_rollback(si->st);
		return rc;
	}
	return store_commit(si->st);
}

/* Where to start: the stored last UID, or 0 for a new or reset folder. */
static int
start_uid(struct folder_run *fr, int64_t *last_out, int *dirty_out)
{
	struct sync_imap *si = fr->si;
	struct store_cursor cur;
	int rc;

	*last_out = 0;
	*dirty_out = 1;
	rc = store_cursor_get(si->st, si->account, fr->folder, &cur);
	if (rc < 0)
		return rc;
	if (rc == 1 && cur.uidvalidity == (int64_t)fr->uidvalidity) {
		*last_out = cur.last_uid;
		*dirty_out = 0;
	} else if (rc == 1) {
		lkb_warn("imap: UIDVALIDITY of folder '%s' changed (%" PRId64
			 " -> %" PRIu32 "): reading it again; mail already "
			 "stored is not stored twice", fr->folder,
			 cur.uidvalidity, fr->uidvalidity);
	}
	return LKB_OK;
}

static int
sync_folder(struct sync_imap *si, struct imap_session *s, const char *folder)
{
	struct folder_run fr = { si, s, folder, 0, 0, 0, NULL, 0, NULL, 0,
				 0, 0, 0, 0, 0, STRBUF_INIT, STRBUF_INIT };
	struct strbuf set = STRBUF_INIT;
	struct imap_mailbox mb;
	uint32_t *uids = NULL;
	size_t n = 0, i, k;
	int64_t last;
	int rc, dirty;

	strbuf_init_capped(&fr.lf, LKB_MAX_MESSAGE_BYTES);
	rc = imap_session_select(s, folder, si->after == AFTER_NONE ||
					    si->dry_run, &mb);
	if (rc != LKB_OK)
		goto out;
	fr.uidvalidity = mb.uidvalidity;
	if ((rc = start_uid(&fr, &last, &dirty)) != LKB_OK)
		goto out;
	/* processed mail a crash left behind before it could be moved */
	if (si->after == AFTER_MOVE && !si->dry_run && last > 0 &&
	    mb.exists) {
		strbuf_reset(&set);
		strbuf_addf(&set, "1:%" PRId64, last);
		if ((rc = imap_session_move(s, set.buf, si->move_to)) != LKB_OK)
			goto out;
	}
	if (mb.exists == 0 || last >= UINT32_MAX ||
	    (mb.uidnext && mb.uidnext <= last + 1)) {
		lkb_debug("imap: %s: nothing new", folder);
		if (dirty)
			rc = save_cursor(si, folder, mb.uidvalidity, last);
		goto out;
	}
	rc = imap_session_search(s, (uint32_t)last + 1, &uids, &n);
	if (rc != LKB_OK)
		goto out;
	for (i = 0; i < n; i += k) {
		k = n - i < si->batch ? n - i : si->batch;
		if ((rc = fetch_batch(&fr, uids + i, k, &set)) != LKB_OK)
			goto out;
		dirty = 0;
	}
	if (dirty)
		rc = save_cursor(si, folder, mb.uidvalidity, last);
out:
	if (!si->quiet && fr.fetched)
		printf("sync: imap %s: %" PRIu64 " fetched, %" PRIu64 " new, %"
		       PRIu64 " duplicate\n", folder, fr.fetched,
		       fr.new_msgs, fr.duplicate);
	free(uids);
	free(fr.big);
	free(fr.sizes);
	strbuf_release(&set);
	strbuf_release(&fr.lf);
	strbuf_release(&fr.src);
	return rc;
}

/* Log in (conf holds the secret) and sync every folder. */
static int
sync_imap_account(struct sync_imap *si)
{
	struct imap_session *s = NULL;
	int rc, first = LKB_OK;

	if ((rc = imap_session_open(&si->conf, &s)) != LKB_OK)
		return rc;
	for (size_t i = 0; i < si->nfolders; i++) {
		rc = sync_folder(si, s, si->folders[i]);
		if (rc == LKB_OK)
			continue;
		if (first == LKB_OK)
			first = rc;
		/* NO/BAD for one folder, or a folder that does not exist
		 * (LKB_ERR_CONFIG), leaves the session usable; anything
		 * else does not */
		if (rc != LKB_ERR && rc != LKB_ERR_CONFIG)
			break;
	}
	imap_session_free(s);
	return first;
}

static int
load_password(const struct imap_settings *is, struct sync_imap *si)
{
	char *host = curl_url_host(si->server);
	const struct secret_keys k = {
		"imap", is->password_file, is->password_env,
		is->password_command, is->oauth2_token_command,
		is->user, host, 0,	/* sync drops the url's userinfo */
	};
	enum secret_kind kind;
	int rc = secret_load(&k, &si->password, &kind);

	free(host);

	si->bearer = kind == SECRET_BEARER;
	si->conf.password = si->bearer ? NULL : si->password;
	si->conf.bearer = si->bearer ? si->password : NULL;
	return rc;	/* none: libcurl reads ~/.netrc */
}

/* Fill si from [imap]; the password goes to si->password. */
static int
imap_configure(const struct settings *set, struct sync_imap *si)
{
	struct imap_settings is;
	char *path_folder = NULL;
	int rc;

	sync_imap_settings(set, &is);
	if ((rc = imap_url_split(is.url, &si->server, &path_folder)) != LKB_OK)
		return rc;
	si->conf.url = si->server;
	si->conf.user = is.user;
	if (!si->conf.user || !*si->conf.user) {
		free(path_folder);
		lkb_error("[imap] user is not set");
		return LKB_ERR_CONFIG;
	}
	memcpy(si->folders, is.folders, is.nfolders * sizeof(si->folders[0]));
	si->nfolders = is.nfolders;
	si->path_folder = path_folder;
	if (!si->nfolders)
		si->folders[si->nfolders++] = path_folder ? path_folder
							  : "INBOX";
	si->conf.cafile = is.cafile;
	si->conf.starttls = is.starttls;
	si->conf.insecure = is.insecure;
	si->conf.timeout = is.timeout;
	si->conf.deadline = is.deadline;
	si->batch = (size_t)is.batch;
	si->account = xasprintf("%.*s%s@%s",
				(int)(strstr(si->server, "://") + 3 -
				      si->server),
				si->server, si->conf.user,
				strstr(si->server, "://") + 3);
	si->after = is.after;
	si->move_to = is.move_to;
	return load_password(&is, si);
}

static void
imap_unconfigure(struct sync_imap *si)
{
	if (si->password) {
		secret_free(si->password);
	}
	free(si->server);
	free(si->path_folder);
	free(si->account);
}

static int
imap_configured(const struct settings *set)
{
	return imap_value(set, K_URL)->str != NULL;
}

/* What the login negotiated and the messages per folder ("TLS, AUTH
 * PLAIN; INBOX 12, lkml 3") into sum, or which folder failed. */
static int
imap_examine(const struct settings *set, struct strbuf *sum)
{
	struct sync_imap si;
	struct imap_session *s = NULL;
	struct imap_mailbox mb;
	int rc;

	memset(&si, 0, sizeof(si));
	if ((rc = imap_configure(set, &si)) == LKB_OK)
		rc = imap_session_open(&si.conf, &s);
	if (rc == LKB_OK && imap_session_negotiated(s, sum) != LKB_OK)
		rc = LKB_ERR_TOO_BIG;
	if (rc == LKB_OK)
		strbuf_adds(sum, "; ");
	for (size_t i = 0; rc == LKB_OK && i < si.nfolders; i++) {
		rc = imap_session_select(s, si.folders[i], 1, &mb);
		if (rc == LKB_OK) {
			strbuf_addf(sum, "%s%s %u", i ? ", " : "",
				    si.folders[i], mb.exists);
		} else {
			strbuf_reset(sum);
			strbuf_addf(sum, "folder %s", si.folders[i]);
		}
	}
	imap_session_free(s);
	imap_unconfigure(&si);
	return rc;
}

/* Log in as sync would and EXAMINE each folder, storing and changing
 * nothing: "logged in to URL as USER; TLS, AUTH PLAIN; INBOX 12", or
 * what failed ("folder Nope: ...") and why. */
static int
imap_probe(const struct settings *set, struct strbuf *detail)
{
	struct strbuf sum = STRBUF_INIT;
	const char *why, *user = imap_value(set, K_USER)->str;
	char *url = curl_url_shown(imap_value(set, K_URL)->str);
	int rc;

	log_clear_last_error();
	rc = imap_examine(set, &sum);
	why = *log_last_error() ? log_last_error() : lkb_status_str(rc);
	strbuf_reset(detail);
	if (rc == LKB_OK)
		strbuf_addf(detail, "logged in to %s as %s; %s", url,
			    user ? user : "(~/.netrc)", sum.buf);
	else
		strbuf_addf(detail, "%s%s%s", sum.buf, sum.len ? ": " : "",
			    why);
	if (strbuf_status(detail) != LKB_OK)
		rc = LKB_ERR_TOO_BIG;
	free(url);
	strbuf_release(&sum);
	return rc;
}

static int
imap_sync(const struct settings *set, struct store *st,
	      struct ingest *ig, const struct sync_opts *o)
{
	struct sync_imap si;
	int rc;

	memset(&si, 0, sizeof(si));
	si.st = st;
	si.ig = ig;
	si.dry_run = o->dry_run;
	si.quiet = o->quiet;
	rc = imap_configure(set, &si);
	si.conf.deadline = run_left(o->end, si.conf.deadline);
	if (rc == LKB_OK)
		rc = sync_imap_account(&si);
	imap_unconfigure(&si);
	return rc;
}

const struct mail_source sync_source_imap = {
	"imap", "[imap] url", imap_configured, imap_probe, imap_sync,
	"check [imap] user and its password source (lkpbot.conf(5))",
	"check [imap] url (the host the certificate names), cafile and "
	"starttls",
	NULL,
	"check [imap] url and port, and that the server is up",
	imap_keys,
};
