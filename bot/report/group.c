/* group.c - reports grouped by culprit and patch (see group.h). */
#include "config.h"
#include "bot/report/group.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/ascii.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"
#include "state/store.h"
#include "state/store_group.h"
#include "state/store_triage.h"
#include "bot/report/bucket.h"

/* The shortest patch subject that counts as evidence. */
#define GROUP_MIN_SUBJECT 8

struct gkey {
	char *key;
	size_t idx;		/* into rows */
	unsigned why;
};

struct report_groups {
	struct report_group_member *rows;	/* every report, id order */
	size_t nrows, arows;
	struct gkey *keys;
	size_t nkeys, akeys;
	size_t *parent;		/* union-find over rows */
	struct report_group *groups;
	size_t ngroups;
	size_t *group_of;	/* rows -> group + 1, 0: none */
	size_t *pos_in_group;
};

static int
culprit_kind(const char *k)
{
	return k && (!strcmp(k, "perf-regression") ||
		     !strcmp(k, "functional") || !strcmp(k, "build-error"));
}

const char *
report_group_patch_subject(const char *s, const char **title_out)
{
	const char *close;

	if (!s)
		return NULL;
	for (;;) {
		while (LKB_ISSPACE(*s))
			s++;
		if (LKB_TOLOWER(s[0]) == 'r' && LKB_TOLOWER(s[1]) == 'e' &&
		    s[2] == ':')
			s += 3;
		else
			break;
	}
	if (*s != '[' || !(close = strchr(s, ']')))
		return NULL;
	for (const char *p = s + 1; p + 5 <= close; p++)
		if (!strncmp(p, "PATCH", 5) && (p[-1] == '[' || p[-1] == ' ')) {
			/* the title after every [...] */
			const char *t = close + 1;

			for (;;) {
				while (LKB_ISSPACE(*t))
					t++;
				if (*t != '[' || !(close = strchr(t, ']')))
					break;
				t = close + 1;
			}
			*title_out = t;
			return s;
		}
	return NULL;
}

/* The first address of a stored address list, lower case, into buf. */
static int
first_addr(const char *list, char *buf, size_t size)
{
	size_t n = 0;

	if (!list)
		return 0;
	while (*list == ' ')
		list++;
	for (; *list && *list != ',' && *list != ' ' && n + 1 < size; list++)
		buf[n++] = (char)LKB_TOLOWER(*list);
	buf[n] = '\0';
	return n > 2 && strchr(buf, '@') != NULL;
}

static void
add_key(struct report_groups *g, size_t idx, unsigned why, char *key)
{
	ALLOC_GROW(g->keys, g->nkeys + 1, g->akeys);
	g->keys[g->nkeys].key = key;
	g->keys[g->nkeys].idx = idx;
	g->keys[g->nkeys].why = why;
	g->nkeys++;
}

static int
add_row(const struct store_group_row *r, void *arg)
{
	struct report_groups *g = arg;
	struct report_group_member *m;
	const char *title = NULL;
	char author[256];
	size_t idx = g->nrows, n;

	ALLOC_GROW(g->rows, g->nrows + 1, g->arows);
	m = &g->rows[g->nrows++];
	memset(m, 0, sizeof(*m));
	m->id = r->id;
	m->date = r->date;
	m->duplicate_of = r->duplicate_of;
	m->kind = xstrdup(r->kind ? r->kind : "");
	m->state = xstrdup(r->state ? r->state : "open");
	m->close_reason = r->close_reason ? xstrdup(r->close_reason) : NULL;
	m->commit_sha = r->commit_sha ? xstrdup(r->commit_sha) : NULL;
	m->subject = xstrdup(r->subject ? r->subject : "");
	m->testcase = r->testcase ? xstrdup(r->testcase) : NULL;
	m->metric = r->metric ? xstrdup(r->metric) : NULL;
	m->change_pct = r->change_pct;
	m->has_change = r->has_change;
	if (r->split || !culprit_kind(r->kind))
		return 0;
	if (r->commit_sha && strlen(r->commit_sha) >= 12)
		add_key(g, idx, GW_COMMIT, xasprintf("c %s", r->commit_sha));
	if (!report_group_patch_subject(r->subject, &title))
		return 0;
	if (r->in_reply_to && *r->in_reply_to) {
		m->patch = xstrdup(r->in_reply_to);
		add_key(g, idx, GW_PATCH, xasprintf("p %s", r->in_reply_to));
	}
	n = strlen(title);
	while (n && LKB_ISSPACE(title[n - 1]))
		n--;
	if (n >= GROUP_MIN_SUBJECT &&
	    first_addr(r->to_addrs, author, sizeof(author)))
		add_key(g, idx, GW_SUBJECT,
			xasprintf("s %s\n%.*s", author, (int)n, title));
	return 0;
}

static size_t
find(size_t *parent, size_t i)
{
	while (parent[i] != i)
		i = parent[i] = parent[parent[i]];
	return i;
}

static int
by_key(const void *a, const void *b)
{
	const struct gkey *x = a, *y = b;
	int c = strcmp(x->key, y->key);

	if (c)
		return c;
	return x->idx < y->idx ? -1 : x->idx > y->idx;
}

/* Union the rows of equal keys; a row that shares a key says why. */
static void
join(struct report_groups *g)
{
	size_t i, j;

	g->parent = xcalloc(g->nrows ? g->nrows : 1, sizeof(*g->parent));
	for (i = 0; i < g->nrows; i++)
		g->parent[i] = i;
	if (g->nkeys > 1)
		qsort(g->keys, g->nkeys, sizeof(*g->keys), by_key);
	for (i = 0; i < g->nkeys; i = j) {
		for (j = i + 1; j < g->nkeys &&
				!strcmp(g->keys[i].key, g->keys[j].key); j++) {
			size_t a = find(g->parent, g->keys[i].idx);
			size_t b = find(g->parent, g->keys[j].idx);

			if (g->keys[i].idx == g->keys[j].idx)
				continue;
			g->parent[a > b ? a : b] = a < b ? a : b;
			g->rows[g->keys[i].idx].why |= g->keys[i].why;
			g->rows[g->keys[j].idx].why |= g->keys[j].why;
		}
	}
}

/* The groups: components of two or more rows, by their first row. */
static void
collect(struct report_groups *g)
{
	size_t *count = xcalloc(g->nrows ? g->nrows : 1, sizeof(*count));
	size_t i, root;

	g->group_of = xcalloc(g->nrows ? g->nrows : 1, sizeof(*g->group_of));
	g->pos_in_group = xcalloc(g->nrows ? g->nrows : 1,
				  sizeof(*g->pos_in_group));
	for (i = 0; i < g->nrows; i++)
		count[find(g->parent, i)]++;
	for (i = 0; i < g->nrows; i++) {
		root = find(g->parent, i);
		if (count[root] < 2)
			continue;
		if (!g->group_of[root]) {
			g->groups = xreallocarray(g->groups, g->ngroups + 1,
						  sizeof(*g->groups));
			g->groups[g->ngroups].n = 0;
			g->groups[g->ngroups].m =
				xcalloc(count[root], sizeof(struct
							    report_group_member));
			g->group_of[root] = ++g->ngroups;
		}
		g->group_of[i] = g->group_of[root];
		{
			struct report_group *gr = &g->groups[g->group_of[i] - 1];

			g->pos_in_group[i] = gr->n;
			gr->m[gr->n++] = g->rows[i];	/* strings shared */
		}
	}
	free(count);
}

int
report_groups_load(struct store *st, struct report_groups **out)
{
	struct report_groups *g = xcalloc(1, sizeof(*g));
	int rc = store_group_rows(st, add_row, g);

	if (rc != LKB_OK) {
		report_groups_free(g);
		*out = NULL;
		return rc;
	}
	join(g);
	collect(g);
	*out = g;
	return LKB_OK;
}

void
report_groups_free(struct report_groups *g)
{
	if (!g)
		return;
	for (size_t i = 0; i < g->nrows; i++) {
		free(g->rows[i].kind);
		free(g->rows[i].state);
		free(g->rows[i].close_reason);
		free(g->rows[i].commit_sha);
		free(g->rows[i].subject);
		free(g->rows[i].testcase);
		free(g->rows[i].metric);
		free(g->rows[i].patch);
	}
	for (size_t i = 0; i < g->nkeys; i++)
		free(g->keys[i].key);
	for (size_t i = 0; i < g->ngroups; i++)
		free(g->groups[i].m);
	free(g->groups);
	free(g->rows);
	free(g->keys);
	free(g->parent);
	free(g->group_of);
	free(g->pos_in_group);
	free(g);
}

size_t
report_groups_count(const struct report_groups *g)
{
	return g->ngroups;
}

const struct report_group *
report_groups_at(const struct report_groups *g, size_t i)
{
	return i < g->ngroups ? &g->groups[i] : NULL;
}

const struct report_group *
report_groups_find(const struct report_groups *g, int64_t id,
		   const struct report_group_member **member_out)
{
	size_t lo = 0, hi = g->nrows, mid;
	const struct report_group *gr;

	*member_out = NULL;
	while (lo < hi) {	/* rows are in id order */
		mid = lo + (hi - lo) / 2;
		if (g->rows[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == g->nrows || g->rows[lo].id != id || !g->group_of[lo])
		return NULL;
	gr = &g->groups[g->group_of[lo] - 1];
	*member_out = &gr->m[g->pos_in_group[lo]];
	return gr;
}

static enum report_bucket
member_bucket(const struct report_group_member *m,
	      const struct report_buckets *b)
{
	return report_buckets_get(b, m->id, m->kind, m->state, m->date);
}

int64_t
report_group_fold(const struct report_group *gr,
		  const struct report_group_member *m,
		  const struct report_buckets *b)
{
	enum report_bucket mine = member_bucket(m, b);

	for (size_t i = 0; i < gr->n && gr->m[i].id < m->id; i++)
		if (!strcmp(gr->m[i].kind, m->kind) &&
		    member_bucket(&gr->m[i], b) == mine)
			return gr->m[i].id;
	return m->id;
}

void
report_group_why(unsigned why, char *buf, size_t size)
{
	static const struct {
		unsigned bit;
		const char *text;
	} names[] = {
		{ GW_COMMIT, "same commit" },
		{ GW_PATCH, "same patch" },
		{ GW_SUBJECT, "same subject and author" },
	};
	size_t n = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if ((why & names[i].bit) && n < size)
			n += (size_t)snprintf(buf + n, size - n, "%s%s",
					      n ? ", " : "", names[i].text);
}

/* Whether a sibling closed for reason r speaks for the whole group. */
static int
reason_carries(const char *r)
{
	return r && (!strcmp(r, "fixed") || !strcmp(r, "reverted") ||
		     !strcmp(r, "accepted-tradeoff") || !strcmp(r, "invalid"));
}

struct fix_find {
	char sha[41];
};

static int
fix_of(const char *sha, const char *relation, void *arg)
{
	struct fix_find *f = arg;

	if (strcmp(relation, "fixed-by") && strcmp(relation, "reverted-by"))
		return 0;
	snprintf(f->sha, sizeof(f->sha), "%s", sha);
	return 1;
}

/* The proposal for member m from its closed sibling s. */
static int
propose(struct store *st, const struct report_group_member *m,
	const struct report_group_member *s, struct report_proposal *p)
{
	struct fix_find f = { "" };
	char why[80];
	int rc;

	if ((rc = store_related_foreach(st, s->id, fix_of, &f)) != LKB_OK)
		return rc;
	memset(p, 0, sizeof(*p));
	p->report_id = m->id;
	report_group_why(m->why & s->why & (GW_COMMIT | GW_PATCH), why,
			 sizeof(why));
	if (f.sha[0] && strcmp(s->close_reason, "accepted-tradeoff") &&
	    strcmp(s->close_reason, "invalid")) {
		snprintf(p->text, sizeof(p->text),
			 "report %lld (%s) was closed as %s by %.12s: the same "
			 "for report %lld?", (long long)s->id, why,
			 s->close_reason, f.sha, (long long)m->id);
		snprintf(p->cli, sizeof(p->cli), "lkpbot fixed-by %lld %s",
			 (long long)m->id, f.sha);
		snprintf(p->mail, sizeof(p->mail), "#lkp fixed-by %s", f.sha);
	} else {
		snprintf(p->text, sizeof(p->text),
			 "report %lld (%s) was closed as %s: the same for "
			 "report %lld?", (long long)s->id, why, s->close_reason,
			 (long long)m->id);
		snprintf(p->cli, sizeof(p->cli),
			 "lkpbot close --reason %s %lld", s->close_reason,
			 (long long)m->id);
		snprintf(p->mail, sizeof(p->mail), "#lkp close %s",
			 s->close_reason);
	}
	return LKB_OK;
}

/* Do m and s share the culprit commit or the patch mail? */
static int
strong_link(const struct report_group_member *m,
	    const struct report_group_member *s)
{
	return ((m->why & s->why & GW_COMMIT) && m->commit_sha &&
		s->commit_sha && !strcmp(m->commit_sha, s->commit_sha)) ||
	       ((m->why & s->why & GW_PATCH) && m->patch && s->patch &&
		!strcmp(m->patch, s->patch));
}

/* The latest member of gr closed for a reason that carries, strongly
 * linked to m; NULL when none. */
static const struct report_group_member *
source_for(const struct report_group *gr, const struct report_group_member *m)
{
	const struct report_group_member *src = NULL;

	for (size_t j = 0; j < gr->n; j++)
		if (!strcmp(gr->m[j].state, "closed") &&
		    reason_carries(gr->m[j].close_reason) &&
		    strong_link(m, &gr->m[j]))
			src = &gr->m[j];
	return src;
}

int
report_group_proposals(struct store *st, const struct report_groups *g,
		       int64_t only_id, report_proposal_fn *fn, void *arg)
{
	const struct report_group_member *src;
	struct report_proposal p;
	int rc;

	for (size_t i = 0; i < g->ngroups; i++) {
		const struct report_group *gr = &g->groups[i];

		for (size_t j = 0; j < gr->n; j++) {
			const struct report_group_member *m = &gr->m[j];

			if (!strcmp(m->state, "closed") ||
			    (only_id && m->id != only_id) ||
			    !(src = source_for(gr, m)))
				continue;
			if ((rc = propose(st, m, src, &p)) != LKB_OK)
				return rc;
			if (fn(&p, arg))
				return LKB_OK;
		}
	}
	return LKB_OK;
}
