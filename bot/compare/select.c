/* select.c - lkp's row selection (StatCompare#process, lkp:lib/stats.rb). */
#include "config.h"
#include "bot/compare/select.h"

#include <stdlib.h>
#include <string.h>

#include "lib/limits.h"
#include "lib/xalloc.h"

#define COMPARE_MAX_RATIO 5.0	/* MAX_RATIO, lkp:lib/stats.rb */
#define PERF_PROFILE_THRESHOLD 5 /* ncompare's Integer 'perf-profile' option */

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

int
compare_select_summary(const double *v, size_t n, size_t max_margin, double *buf,
		  struct compare_summary *out)
{
	size_t margin = n >> 5, lo = 0, len;

	memset(out, 0, sizeof(*out));
	if (margin > max_margin)
		margin = max_margin;
	if (!n)
		return 0;
	memcpy(buf, v, n * sizeof(*buf));
	if (n > 64) {
		qsort(buf, n, sizeof(*buf), cmp_double);
	} else {
		/* runs per commit are few: insertion sort beats qsort */
		for (size_t i = 1; i < n; i++) {
			double x = buf[i];
			size_t j = i;

			for (; j && buf[j - 1] > x; j--)
				buf[j] = buf[j - 1];
			buf[j] = x;
		}
	}
	while (lo < n && buf[lo] == -1)
		lo++;
	len = n - lo;
	if (len <= 2 * margin)
		return 0;
	buf += lo + margin;
	len -= 2 * margin;
	out->n = len;
	out->min = buf[0];
	out->mean = buf[len / 2];
	out->max = buf[len - 1];
	return 1;
}

int
compare_select_changed(const struct compare_summary *a, const struct compare_summary *b)
{
	return (b->min > a->mean && b->mean > a->max) ||
	       (a->min > b->mean && a->mean > b->max);
}

unsigned
compare_select_flags(const struct compare_rules *r, const struct compare_dataset *ds,
		 unsigned *flags, size_t key)
{
	if (!(flags[key] & COMPARE_FLAGS_KNOWN))
		flags[key] = compare_rules_classify(r, ds->keys.names[key]) |
			     COMPARE_FLAGS_KNOWN;
	return flags[key];
}

size_t
compare_view_gather(const struct compare_dataset *ds, size_t col, size_t key,
		const struct compare_view *v, double *buf)
{
	const double *s = compare_dataset_get(ds, col, key);

	for (size_t i = 0; i < v->n; i++)
		buf[i] = s ? s[v->idx ? v->idx[i] : i] : 0.0;
	return v->n;
}

static int
has_key(const struct compare_dataset *ds, size_t col, size_t key)
{
	return compare_dataset_get(ds, col, key) || compare_dataset_is_text(ds, col, key);
}

static int
has_name(const struct compare_dataset *ds, size_t col, const char *name,
	 size_t base_len, const char *suffix)
{
	char *s = xasprintf("%.*s.%s", (int)base_len, name, suffix);
	size_t key = compare_dataset_find(ds, s);

	free(s);
	return key != COMPARE_KEY_NONE && has_key(ds, col, key);
}

/* skip_function_stat?: "x.fail" needs "x.pass" in b, "x.pass" needs one
 * of "x.error|warn|fail" in b; dmesg/kmsg/last_state/stderr exempt. */
static int
skip_function(const struct compare_dataset *ds, size_t cb, const char *name,
	      unsigned f)
{
	const char *dot = strrchr(name, '.');
	size_t base;

	if ((f & COMPARE_STAT_ALWAYS_FUNC) || !dot)
		return 0;
	base = (size_t)(dot - name);
	dot++;
	if (!strcmp(dot, "error") || !strcmp(dot, "warn") ||
	    !strcmp(dot, "fail"))
		return !has_name(ds, cb, name, base, "pass");
	if (!strcmp(dot, "pass"))
		return !has_name(ds, cb, name, base, "error") &&
		       !has_name(ds, cb, name, base, "warn") &&
		       !has_name(ds, cb, name, base, "fail");
	return 0;
}

static int
has_prefix(const char *s, const char *p)
{
	return !strncmp(s, p, strlen(p));
}

/* reasonable_perf_change? (lkp:lib/stats.rb) */
static int
reasonable_change(const struct compare_rules *r, const char *k, double delta,
		  double max)
{
	double v;
	int is_int;

	if (compare_rules_threshold(r, k, &v, &is_int)) {
		if (max < v)
			return 0;
		/* Ruby Integer v / 2 truncates */
		if (is_int && delta < (double)((long long)v / 2))
			return 0;
		return 1;
	}
	if (has_prefix(k, "iostat"))
		return max > 1;
	if (has_prefix(k, "pagetypeinfo") || has_prefix(k, "buddyinfo") ||
	    has_prefix(k, "slabinfo"))
		return delta > 100;
	if (has_prefix(k, "proc-vmstat") || strstr(k, "meminfo"))
		return max > 1000;
	if (has_prefix(k, "lock_stat")) {
		if (!strcmp(k, "waittime-total"))
			return delta > 10000;
		if (!strcmp(k, "holdtime-total"))
			return delta > 100000;
		if (strstr(k, "time"))
			return delta > 1000;
		return delta > 10000;
	}
	if (has_prefix(k, "interrupts") || has_prefix(k, "softirqs"))
		return max > 10000;
	return 1;
}

/* calc_stats_metrics + skip_small_change? */
static int
small_change(const struct compare_rules *r, const char *k, unsigned f,
	     const struct compare_summary *a, const struct compare_summary *b)
{
	const struct compare_summary *hi = a->mean > b->mean ? a : b;
	const struct compare_summary *lo = hi == a ? b : a;
	double ratio = COMPARE_MAX_RATIO, delta = hi->mean - lo->mean;
	double max = b->max > a->max ? b->max : a->max;

	if (lo->mean > 0)
		ratio = hi->mean / lo->mean;
	if (ratio > COMPARE_MAX_RATIO)
		ratio = COMPARE_MAX_RATIO;
	if (f & COMPARE_STAT_PERF_PROFILE)
		return 0;	/* ncompare sets the perf-profile option */
	if (!(ratio > 1.01))
		return 1;
	if (!(ratio > 1.05) && !compare_rules_is_perf_metric(r, k))
		return 1;
	return !reasonable_change(r, k, delta, max);
}

static int
monitored_by(const struct compare_dataset *ds, size_t col, const char *group)
{
	const struct compare_matrix *m = &ds->cols[col];
	size_t len = strlen(group);

	for (size_t k = 0; k < m->nvals; k++)
		if ((m->vals[k] || m->text[k]) &&
		    !strncmp(ds->keys.names[k], group, len) &&
		    ds->keys.names[k][len] == '.')
			return 1;
	return 0;
}

unsigned
compare_select_monitors(const struct compare_dataset *ds, size_t col)
{
	return (monitored_by(ds, col, "perf-profile") ? 1u : 0u) |
	       (monitored_by(ds, col, "lock_stat") ? 2u : 0u);
}

struct typed {
	double v;
	size_t i;
	int real;
};

/* Ruby's Array#sort (glibc's merge sort under it) keeps equal samples in
 * run order: an Integer 0 and a Float 0.0 stay as the runs had them. */
static int
cmp_typed(const void *pa, const void *pb)
{
	const struct typed *a = pa, *b = pb;

	if (a->v != b->v)
		return a->v < b->v ? -1 : 1;
	return (a->i > b->i) - (a->i < b->i);
}

/* Is the upper-median sample of StatSummary (sorted, leading -1 dropped,
 * margin mm trimmed) of key in col over v a Ruby Integer? lkp pads
 * missing samples with Integer 0. */
static int
median_is_integer(const struct compare_dataset *ds, size_t col, size_t key,
		  const struct compare_view *v, size_t mm)
{
	const double *s = compare_dataset_get(ds, col, key);
	struct typed *t = xcalloc(v->n ? v->n : 1, sizeof(*t));
	size_t margin = v->n >> 5, lo = 0, len;
	int rc = 0;

	for (size_t i = 0; i < v->n; i++) {
		size_t run = v->idx ? v->idx[i] : i;

		t[i].v = s ? s[run] : 0.0;
		t[i].i = i;
		t[i].real = s && compare_dataset_is_real(ds, col, key, run);
	}
	qsort(t, v->n, sizeof(*t), cmp_typed);
	if (margin > mm)
		margin = mm;
	while (lo < v->n && t[lo].v == -1)
		lo++;
	len = v->n - lo;
	if (len > 2 * margin)
		rc = !t[lo + margin + (len - 2 * margin) / 2].real;
	free(t);
	return rc;
}

/* The base summary of a key is the same for every later column while
 * the base view stays the same: cache it per key (gen = view number). */
struct base_cache {
	unsigned gen;		/* 0 = empty */
	int ok;
	struct compare_summary s;
};

static int
select_key(const struct compare_rules *r, const struct compare_dataset *ds,
	   size_t key, unsigned f, size_t ca, const struct compare_view *va,
	   size_t cb, const struct compare_view *vb, unsigned b_monitors,
	   int incomplete_pass, struct base_cache *bc, unsigned gen);

int
compare_select_one(const struct compare_rules *r, const struct compare_dataset *ds,
	       size_t key, unsigned f, size_t ca, const struct compare_view *va,
	       size_t cb, const struct compare_view *vb, unsigned b_monitors,
	       int incomplete_pass)
{
	return select_key(r, ds, key, f, ca, va, cb, vb, b_monitors,
			  incomplete_pass, NULL, 0);
}

static int
select_key(const struct compare_rules *r, const struct compare_dataset *ds,
	   size_t key, unsigned f, size_t ca, const struct compare_view *va,
	   size_t cb, const struct compare_view *vb, unsigned b_monitors,
	   int incomplete_pass, struct base_cache *bc, unsigned gen)
{
	const char *k = ds->keys.names[key];
	int func = !!(f & COMPARE_STAT_FUNCTION), rc = 0;
	size_t mm = func ? 0 : 3, nbuf = va->n > vb->n ? va->n : vb->n;
	struct compare_summary sa, sb;
	double stack_raw[LKB_MAX_RESULT_RUNS], stack_sorted[LKB_MAX_RESULT_RUNS];
	double *raw = stack_raw, *sorted = stack_sorted;

	if (compare_dataset_is_text(ds, ca, key) || compare_dataset_is_text(ds, cb, key))
		return 0;
	if (incomplete_pass && !(f & COMPARE_STAT_BOOT_KIND))
		return 0;
	if (!(f & COMPARE_STAT_BISECTABLE) && !(f & COMPARE_STAT_REPORT_ALLOW))
		return 0;
	if (func ? skip_function(ds, cb, k, f) : (va->n < 3 && vb->n < 3))
		return 0;
	if (!has_key(ds, cb, key) && !func &&
	    !((f & COMPARE_STAT_PERF_PROFILE) && (b_monitors & 1u)) &&
	    !((f & COMPARE_STAT_LOCK_STAT) && (b_monitors & 2u)))
		return 0;
	if (nbuf > LKB_MAX_RESULT_RUNS) {
		raw = xcalloc(nbuf, sizeof(*raw));
		sorted = xcalloc(nbuf, sizeof(*sorted));
	}
	if (bc && bc->gen == gen) {
		sb = bc->s;
	} else {
		compare_view_gather(ds, cb, key, vb, raw);
		/* an empty summary has n == 0 */
		(void)compare_select_summary(raw, vb->n, mm, sorted, &sb);
		if (bc) {
			bc->gen = gen;
			bc->s = sb;
		}
	}
	if (!sb.n)
		goto out;
	if (vb->n <= 3 && mm > 1)
		mm = 1;
	compare_view_gather(ds, ca, key, va, raw);
	if (!compare_select_summary(raw, va->n, mm, sorted, &sa))
		goto out;
	/* changed_stats?: the threshold branch, when ncompare's Integer
	 * threshold has the class of a's median sample */
	if ((f & COMPARE_STAT_PERF_PROFILE) &&
	    median_is_integer(ds, ca, key, va, mm)) {
		rc = sa.mean > PERF_PROFILE_THRESHOLD ||
		     sb.mean > PERF_PROFILE_THRESHOLD;
		goto out;
	}
	if (func ? sa.max == sb.max : !compare_select_changed(&sa, &sb))
		goto out;
	rc = !small_change(r, k, f, &sa, &sb);
out:
	if (raw != stack_raw) {
		free(raw);
		free(sorted);
	}
	return rc;
}

static void
select_pass(const struct compare_rules *r, const struct compare_dataset *ds,
	    unsigned *flags, unsigned char *shown, size_t ca,
	    const struct compare_view *va, const struct compare_view *vb, size_t inc,
	    unsigned mon, int incomplete_pass, struct base_cache *bc,
	    unsigned gen)
{
	for (size_t key = 0; key < ds->keys.n; key++) {
		if (shown[key] || (key == inc && !incomplete_pass))
			continue;
		if (!has_key(ds, ca, key) && !has_key(ds, 0, key))
			continue;
		if (select_key(r, ds, key, compare_select_flags(r, ds, flags, key),
			       ca, va, 0, vb, mon, incomplete_pass, &bc[key], gen))
			shown[key] = 1;
	}
}

void
compare_select_keys(const struct compare_rules *r, const struct compare_dataset *ds,
		const struct compare_view *complete, unsigned *flags,
		unsigned char *shown)
{
	size_t inc = compare_dataset_find(ds, COMPARE_INCOMPLETE_KEY);
	unsigned mon = compare_select_monitors(ds, 0);
	struct base_cache *bc = xcalloc(ds->keys.n ? ds->keys.n : 1,
					sizeof(*bc));
	int base_filtered = 0;

	for (size_t c = 1; c < ds->ncols; c++) {
		struct compare_view all_a = { NULL, ds->cols[c].nruns };
		struct compare_view all_b = { NULL, ds->cols[0].nruns };
		const struct compare_view *vb = base_filtered ? &complete[0] : &all_b;
		int a_inc = inc != COMPARE_KEY_NONE && has_key(ds, c, inc);
		int b_inc = !base_filtered && inc != COMPARE_KEY_NONE &&
			    has_key(ds, 0, inc);

		if (!a_inc && !b_inc) {
			select_pass(r, ds, flags, shown, c, &all_a, vb, inc, mon,
				    0, bc, base_filtered ? 2 : 1);
			continue;
		}
		/* _get_changed_stats: boot-kind stats over all runs, then
		 * everything over complete runs; filter_incomplete_run
		 * leaves the shared base matrix filtered for later columns. */
		select_pass(r, ds, flags, shown, c, &all_a, vb, inc, mon, 1,
			    bc, base_filtered ? 2 : 1);
		base_filtered = 1;
		if (!complete[c].n || !complete[0].n)
			continue;
		select_pass(r, ds, flags, shown, c, &complete[c], &complete[0],
			    inc, mon, 0, bc, 2);
	}
	free(bc);
}
