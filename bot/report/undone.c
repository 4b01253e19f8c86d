/* undone.c - a later report that cancels an open regression (see
 * undone.h). */
#include "config.h"
#include "bot/report/undone.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/status.h"
#include "lib/xalloc.h"
#include "state/store_group.h"

/* The smallest noise assumed: lkp prints no stddev under 2 %. */
#define UNDONE_MIN_NOISE 2.0

struct prow {
	int64_t id, date;
	char *key;		/* testcase, machine group, params, metric */
	char *sha;
	int open_regression;
	double change, base, base_sd, value, sd;
};

struct plist {
	struct prow *v;
	size_t n, alloc;
};

static int
add(const struct store_perf_row *r, void *arg)
{
	struct plist *l = arg;
	struct prow *p;

	if (!r->has_values || !r->tbox_group || !r->commit_sha)
		return 0;
	ALLOC_GROW(l->v, l->n + 1, l->alloc);
	p = &l->v[l->n++];
	p->id = r->id;
	p->date = r->date;
	p->key = xasprintf("%s\n%s\n%s\n%s", r->testcase, r->tbox_group,
			   r->params ? r->params : "", r->metric);
	p->sha = xstrdup(r->commit_sha);
	p->open_regression = !strcmp(r->kind, "perf-regression") &&
			     r->state && strcmp(r->state, "closed");
	p->change = r->change_pct;
	p->base = r->base;
	p->base_sd = r->base_stddev;
	p->value = r->value;
	p->sd = r->stddev;
	return 0;
}

static int
by_key_date(const void *a, const void *b)
{
	const struct prow *x = a, *y = b;
	int c = strcmp(x->key, y->key);

	if (c)
		return c;
	if (x->date != y->date)
		return x->date < y->date ? -1 : 1;
	return x->id < y->id ? -1 : x->id > y->id;
}

static int
near(double x, double want, double noise)
{
	return want != 0 && fabs(x / want - 1) * 100 <= noise;
}

int
report_undone_match(double a, double r_base, double r_base_sd,
		    double r_value, double r_sd, double b, double l_base,
		    double l_base_sd, double l_value, double l_sd,
		    double *noise_out)
{
	double n = sqrt(r_base_sd * r_base_sd + r_sd * r_sd +
			l_base_sd * l_base_sd + l_sd * l_sd);
	double net = ((1 + a / 100) * (1 + b / 100) - 1) * 100;

	if (n < UNDONE_MIN_NOISE)
		n = UNDONE_MIN_NOISE;
	*noise_out = n;
	if (a * b >= 0 || !isfinite(net))
		return 0;
	return fabs(net) <= n && near(l_base, r_value, n) &&
	       near(l_value, r_base, n);
}

static void
propose(const struct prow *r, const struct prow *l, double noise,
	struct report_proposal *p)
{
	memset(p, 0, sizeof(*p));
	p->report_id = r->id;
	snprintf(p->text, sizeof(p->text),
		 "the %+.1f%% of report %lld looks recovered by %.12s (report "
		 "%lld, %+.1f%%): same testcase, parameters, machine group "
		 "and metric, within the noise of both (%.1f%%)", r->change,
		 (long long)r->id, l->sha, (long long)l->id, l->change, noise);
	snprintf(p->cli, sizeof(p->cli), "lkpbot fixed-by %lld %s",
		 (long long)r->id, l->sha);
	snprintf(p->mail, sizeof(p->mail), "#lkp fixed-by %s", l->sha);
}

/* The first report after r (same key, later) that undoes it. */
static const struct prow *
undoer(const struct plist *l, size_t i, double *noise_out)
{
	const struct prow *r = &l->v[i];

	for (size_t j = i + 1; j < l->n && !strcmp(l->v[j].key, r->key); j++) {
		const struct prow *c = &l->v[j];

		if (!strcmp(c->sha, r->sha) || c->date <= r->date)
			continue;
		if (report_undone_match(r->change, r->base, r->base_sd,
					r->value, r->sd, c->change, c->base,
					c->base_sd, c->value, c->sd,
					noise_out))
			return c;
	}
	return NULL;
}

int
report_undone_proposals(struct store *st, int64_t only_id,
			report_proposal_fn *fn, void *arg)
{
	struct plist l = { NULL, 0, 0 };
	struct report_proposal p;
	const struct prow *u;
	double noise;
	int rc = store_perf_rows(st, add, &l);

	if (rc == LKB_OK && l.n > 1)
		qsort(l.v, l.n, sizeof(*l.v), by_key_date);
	for (size_t i = 0; rc == LKB_OK && i < l.n; i++) {
		if (!l.v[i].open_regression || (only_id && l.v[i].id != only_id))
			continue;
		if (!(u = undoer(&l, i, &noise)))
			continue;
		propose(&l.v[i], u, noise, &p);
		if (fn(&p, arg))
			break;
	}
	for (size_t i = 0; i < l.n; i++) {
		free(l.v[i].key);
		free(l.v[i].sha);
	}
	free(l.v);
	return rc;
}
