/* lkp_table_row.c - one line of a comparison section: a commit list
 * entry, a %stddev row, a fail:runs row (doc/lkp-format.md 4.7-4.9). */
#include "config.h"
#include "parsers/lkp_table.h"

#include <string.h>

#include "lib/ascii.h"
#include "lib/compiler.h"
#include "lib/limits.h"

#define MAXC LKB_MAX_TABLE_COLUMNS

static int
is_keychar(char c)
{
	return LKB_ISALNUM(c) || c == '_' || c == '.' || c == '-';
}

/* ---- commit list ---- */

static int
is_tag_name(const char *p, size_t len)
{
	if (len < 2 || p[0] != 'v' || !LKB_ISDIGIT(p[1]))
		return 0;
	for (size_t k = 2; k < len; k++)
		if (!is_keychar(p[k]))
			return 0;
	return 1;
}

static struct lkp_tok
note_after_arrow(struct lkp_tok r)
{
	size_t k = 0;

	while (k < r.len && (r.p[k] == '<' || r.p[k] == '-'))
		k++;
	return lkp_trim(r.p + k, r.len - k);
}

int
lkp_table_commit_entry(struct arena *a, const char *p, size_t len,
		       struct lkp_commit_ref *out)
{
	const char *cur = p, *end = p + len;
	struct lkp_tok sha, rest, subj = { NULL, 0 }, note = { NULL, 0 };

	if (!lkp_tok_next(&cur, end, &sha))
		return 0;
	if (!lkp_is_hex(sha.p, sha.len, 7, 40) && !is_tag_name(sha.p, sha.len))
		return 0;
	rest = lkp_trim(cur, (size_t)(end - cur));
	if (rest.len >= 2 && rest.p[0] == '(' && rest.p[1] == '"') {
		/* ("subject") - the last '")' closes it: subjects quote */
		size_t close = 0;
		int found = 0;

		for (size_t k = rest.len; k-- > 2;)
			if (rest.p[k] == ')' && rest.p[k - 1] == '"') {
				close = k - 1;
				found = 1;
				break;
			}
		if (!found)
			return 0;
		subj.p = rest.p + 2;
		subj.len = close - 2;
		rest = lkp_trim(rest.p + close + 2, rest.len - close - 2);
		if (rest.len && !lkp_starts(rest.p, rest.len, "<-"))
			return 0;
	}
	if (rest.len && lkp_starts(rest.p, rest.len, "<-"))
		note = note_after_arrow(rest);
	else if (rest.len && !subj.p)
		subj = rest;	/* "e0bf1dc859fdd mm: memcg: ..." */
	if (a && out) {
		out->sha = lkp_dup(a, sha.p, sha.len);
		out->subject = lkp_dup(a, subj.p, subj.len);
		out->note = note.len ? lkp_dup(a, note.p, note.len) : NULL;
	}
	return 1;
}

/* ---- rows ---- */

static int
is_name_start(char c)
{
	return LKB_ISALNUM(c) || c == '_';
}

/* "5%", "101%": stddev percent after the marker. */
static int
parse_pct(const char *p, size_t len, struct lkp_num *out)
{
	if (len < 2 || p[len - 1] != '%')
		return 0;
	return lkp_num_parse(p, len - 1, out) && out->kind != LKP_NUM_NAN &&
	       out->v >= 0;
}

struct toks {
	struct lkp_tok t[3 * MAXC + 8];
	size_t n, pos;
	const char *rest;	/* where tokenising stopped */
	const char *end;
};

static void
toks_fill(struct toks *k, const char *p, size_t len)
{
	const char *end = p + len;
	struct lkp_tok t;

	k->n = k->pos = 0;
	k->end = end;
	while (k->n < LKB_ARRAY_SIZE(k->t) && lkp_tok_next(&p, end, &t))
		k->t[k->n++] = t;
	k->rest = p;
}

/* Optional stddev cell at k->pos: "±5%", "±" "5%", mojibake markers. */
static int
take_stddev(struct toks *k, struct lkp_num *sd)
{
	struct lkp_tok *t;
	size_t ml;

	sd->kind = LKP_NUM_NONE;
	if (k->pos >= k->n)
		return 1;
	t = &k->t[k->pos];
	if (!lkp_is_pm(t->p, t->len, &ml))
		return 1;
	if (t->len > ml) {
		if (!parse_pct(t->p + ml, t->len - ml, sd))
			return 0;
		k->pos++;
		return 1;
	}
	if (k->pos + 1 >= k->n ||
	    !parse_pct(k->t[k->pos + 1].p, k->t[k->pos + 1].len, sd))
		return 0;
	k->pos += 2;
	return 1;
}

static int
take_value(struct toks *k, struct lkp_num *v)
{
	if (k->pos >= k->n ||
	    !lkp_num_parse(k->t[k->pos].p, k->t[k->pos].len, v))
		return 0;
	k->pos++;
	return 1;
}

/* "+12.3%" / "-0.6": a signed number, percent when '%' ends it. */
static int
take_change(struct toks *k, struct lkp_num *c, enum lkp_change_kind *ck)
{
	struct lkp_tok *t;
	size_t len;

	if (k->pos >= k->n)
		return 0;
	t = &k->t[k->pos];
	if (t->len < 2 || (t->p[0] != '+' && t->p[0] != '-'))
		return 0;
	len = t->len;
	*ck = LKP_CHANGE_ABSOLUTE;
	if (t->p[len - 1] == '%') {
		*ck = LKP_CHANGE_PERCENT;
		len--;
	}
	if (!lkp_num_parse(t->p, len, c))
		return 0;
	k->pos++;
	return 1;
}

/* Name and note after the numeric cells. */
static int
take_name(struct arena *a, struct toks *k, const char **name,
	  const char **note)
{
	struct lkp_tok *t;
	struct lkp_num dummy;
	const char *np;

	if (k->pos >= k->n)
		return 0;
	t = &k->t[k->pos];
	if (!is_name_start(t->p[0]) || lkp_num_parse(t->p, t->len, &dummy))
		return 0;
	if (a)
		*name = lkp_dup(a, t->p, t->len);
	np = t->p + t->len;
	if (a) {
		struct lkp_tok r = lkp_trim(np, (size_t)(k->end - np));

		*note = r.len ? lkp_dup_collapse(a, r.p, r.len) : NULL;
	}
	return 1;
}

int
lkp_table_perf_row(struct arena *a, const char *p, size_t len,
		   struct lkp_metric *out)
{
	struct toks k;
	struct lkp_num val[MAXC], sd[MAXC], chg[MAXC];
	enum lkp_change_kind ck = LKP_CHANGE_NONE, c1;
	size_t nc = 0;

	toks_fill(&k, p, len);
	if (!take_value(&k, &val[0]) || !take_stddev(&k, &sd[0]))
		return 0;
	nc = 1;
	while (nc < MAXC) {
		size_t save = k.pos;

		if (!take_change(&k, &chg[nc - 1], &c1))
			break;
		if (!take_value(&k, &val[nc])) {
			k.pos = save;
			break;
		}
		if (!take_stddev(&k, &sd[nc]))
			return 0;
		if (ck != LKP_CHANGE_NONE && ck != c1)
			return 0;	/* mixed % and absolute: garbled */
		ck = c1;
		nc++;
	}
	if (nc < 2)
		return 0;
	if (!take_name(out ? a : NULL, &k, out ? &out->name : NULL,
		       out ? &out->note : NULL))
		return 0;
	if (!a || !out)
		return 1;
	out->ncols = nc;
	out->values = arena_calloc(a, 3 * nc, sizeof(struct lkp_num));
	out->stddev = out->values + nc;
	out->changes = out->values + 2 * nc;
	memcpy(out->values, val, nc * sizeof(*val));
	memcpy(out->stddev, sd, nc * sizeof(*sd));
	memcpy(out->changes, chg, (nc - 1) * sizeof(*chg));
	out->change_kind = ck;
	return 1;
}

/* "6:6", ":9", "112:1". */
static int
take_failruns(struct toks *k, struct lkp_num *f, struct lkp_num *r)
{
	struct lkp_tok *t;
	size_t colon;

	if (k->pos >= k->n)
		return 0;
	t = &k->t[k->pos];
	if (!lkp_find(t->p, t->len, ":", &colon) || colon + 1 >= t->len)
		return 0;
	if (colon == 0) {
		f->v = 0;
		f->kind = LKP_NUM_INT;
	} else if (!lkp_num_parse(t->p, colon, f) || f->kind == LKP_NUM_NAN) {
		return 0;
	}
	if (!lkp_num_parse(t->p + colon + 1, t->len - colon - 1, r) ||
	    r->kind == LKP_NUM_NAN)
		return 0;
	k->pos++;
	return 1;
}

static int
take_repro(struct toks *k, struct lkp_num *v)
{
	struct lkp_tok *t;

	if (k->pos >= k->n)
		return 0;
	t = &k->t[k->pos];
	if (t->len < 2 || t->p[t->len - 1] != '%' ||
	    !lkp_num_parse(t->p, t->len - 1, v) || v->kind == LKP_NUM_NAN)
		return 0;
	k->pos++;
	return 1;
}

int
lkp_table_fail_row(struct arena *a, const char *p, size_t len,
		   struct lkp_failure *out)
{
	struct toks k;
	struct lkp_num f[MAXC], r[MAXC], rep[MAXC];
	size_t nc;

	toks_fill(&k, p, len);
	if (!take_failruns(&k, &f[0], &r[0]))
		return 0;
	nc = 1;
	while (nc < MAXC) {
		size_t save = k.pos;

		if (!take_repro(&k, &rep[nc - 1]))
			break;
		if (!take_failruns(&k, &f[nc], &r[nc])) {
			k.pos = save;
			break;
		}
		nc++;
	}
	if (nc < 2)
		return 0;
	if (!take_name(out ? a : NULL, &k, out ? &out->name : NULL,
		       out ? &out->note : NULL))
		return 0;
	if (!a || !out)
		return 1;
	out->ncols = nc;
	out->fails = arena_calloc(a, 3 * nc, sizeof(struct lkp_num));
	out->runs = out->fails + nc;
	out->repro = out->fails + 2 * nc;
	memcpy(out->fails, f, nc * sizeof(*f));
	memcpy(out->runs, r, nc * sizeof(*r));
	memcpy(out->repro, rep, (nc - 1) * sizeof(*rep));
	return 1;
}

