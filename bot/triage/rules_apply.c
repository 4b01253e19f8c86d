/* rules_apply.c - run compiled rules over the authored text (or inline
 * patches) of a reply and turn #lkp commands into events (rules.h). */
#include "config.h"
#include "bot/triage/rules.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bot/report/noise.h"
#include "bot/triage/lifecycle.h"
#include "bot/triage/match.h"
#include "bot/triage/prefilter.h"
#include "bot/triage/rules-internal.h"
#include "lib/ascii.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/xalloc.h"
#include "parsers/lkp_report.h"

/* A run of lines of one kind, joined with '\n'. */
struct block {
	size_t first, n;	/* reply line indexes */
	const char *text;
	size_t len;
	size_t *starts;		/* offset of each line in text */
};

struct scope {
	struct block *blocks;
	size_t nblocks;
	const char *all;	/* every block joined, for require */
	size_t all_len;
	struct prefilter_words *words;	/* the word beginnings of all */
};


/* Lines of the kind, pasted tables left out. */
static int
in_scope(const struct reply *r, size_t i, enum reply_line_kind kind)
{
	return r->lines[i].kind == kind && !r->lines[i].table;
}

/* The line, blanks at its end left out, ends in c (or is just c). */
static int
line_ends(const struct reply *r, size_t i, char c, int alone)
{
	size_t n;
	const char *t = reply_line_text(r, i, &n);

	while (n && LKB_ISSPACE((unsigned char)t[n - 1]))
		n--;
	while (alone && n && LKB_ISSPACE((unsigned char)*t)) {
		t++;
		n--;
	}
	return n && t[n - 1] == c && (!alone || n == 1);
}

/* A blank line between a line of the kind that announces what follows
 * ("I fixed this with:") and the next line of the kind (the link, the
 * code), or before a question mark alone on its line ("Is this fixed
 * by:", the commit, "?"): they belong to one block, so one pattern sees
 * them together. */
static int
bridges(const struct reply *r, size_t i, enum reply_line_kind kind)
{
	size_t p = i, q = i;

	if (r->lines[i].kind != RL_BLANK)
		return 0;
	while (p > 0 && r->lines[p - 1].kind == RL_BLANK)
		p--;
	while (q < r->nlines && r->lines[q].kind == RL_BLANK)
		q++;
	if (p == 0 || q == r->nlines || !in_scope(r, p - 1, kind) ||
	    !in_scope(r, q, kind))
		return 0;
	return line_ends(r, p - 1, ':', 0) || line_ends(r, q, '?', 1);
}

/* Collect the runs of `kind` lines of r into blocks. */
static int
in_block(const struct reply *r, size_t i, enum reply_line_kind kind)
{
	return in_scope(r, i, kind) || bridges(r, i, kind);
}

static void
scope_build(const struct reply *r, enum reply_line_kind kind,
	    struct arena *a, struct scope *sc)
{
	size_t nb = 0, i = 0, pos, total = 0, n;
	const char *t;
	char *all;

	memset(sc, 0, sizeof(*sc));
	for (size_t k = 0; k < r->nlines; k++)
		if (in_block(r, k, kind) && (k == 0 || !in_block(r, k - 1, kind)))
			nb++;
	sc->blocks = arena_calloc(a, nb ? nb : 1, sizeof(*sc->blocks));
	while (i < r->nlines) {
		struct block *b;
		char *text;

		if (!in_block(r, i, kind)) {
			i++;
			continue;
		}
		b = &sc->blocks[sc->nblocks++];
		b->first = i;
		b->len = 0;
		while (i < r->nlines && in_block(r, i, kind)) {
			reply_line_text(r, i, &n);
			b->len = lkb_st_add(b->len, lkb_st_add(n, 1));
			i++;
		}
		b->n = i - b->first;
		text = arena_alloc(a, b->len + 1);
		b->starts = arena_calloc(a, b->n + 1, sizeof(*b->starts));
		pos = 0;
		for (size_t k = 0; k < b->n; k++) {
			t = reply_line_text(r, b->first + k, &n);
			b->starts[k] = pos;
			memcpy(text + pos, t, n);
			pos += n;
			text[pos++] = '\n';
		}
		b->starts[b->n] = pos;
		b->len = pos ? pos - 1 : 0;	/* no trailing newline */
		text[b->len] = '\0';
		b->text = text;
		total = lkb_st_add(total, lkb_st_add(b->len, 1));
	}
	all = arena_alloc(a, total + 1);
	pos = 0;
	for (size_t k = 0; k < sc->nblocks; k++) {
		memcpy(all + pos, sc->blocks[k].text, sc->blocks[k].len);
		pos += sc->blocks[k].len;
		all[pos++] = '\n';
	}
	sc->all_len = pos ? pos - 1 : 0;
	all[sc->all_len] = '\0';
	sc->all = all;
	sc->words = arena_alloc(a, sizeof(*sc->words));
	prefilter_words_build(sc->words, all, sc->all_len);
}

/* Index in b of the line holding text offset off. */
static size_t
block_line_at(const struct block *b, size_t off)
{
	size_t lo = 0, hi = b->n;

	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (b->starts[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

/* Lines first..last of b, each trimmed, joined with one space. */
static const char *
join_lines(struct arena *a, const struct block *b, size_t first, size_t last)
{
	char *s = arena_alloc(a, LKB_MAX_EVIDENCE_BYTES + 1);
	size_t pos = 0;

	for (size_t k = first; k <= last && k < b->n; k++) {
		const char *p = b->text + b->starts[k];
		size_t n = b->starts[k + 1] - b->starts[k];

		while (n && LKB_ISSPACE(p[n - 1]))
			n--;
		while (n && LKB_ISSPACE(*p)) {
			p++;
			n--;
		}
		if (!n)
			continue;
		if (pos && pos < LKB_MAX_EVIDENCE_BYTES)
			s[pos++] = ' ';
		if (n > LKB_MAX_EVIDENCE_BYTES - pos)
			n = LKB_MAX_EVIDENCE_BYTES - pos;
		memcpy(s + pos, p, n);
		pos += n;
	}
	s[pos] = '\0';
	return s;
}

/* match_exec on s, a run of whole lines of the scope sc, with a failure
 * (limit hit) logged and taken as no match. No search when the literal
 * pre-check says the scope holds no match. */
static int
try_match(struct match_pattern *p, const char *rule, const struct scope *sc,
	  const char *s, size_t n)
{
	char *err = NULL;
	int rc;

	if (!prefilter_may_match(match_prefilter(p), sc->words))
		return 0;
	rc = match_exec(p, s, n, 0, &err);

	if (rc < 0) {
		lkb_warn("rule '%s': %s; taken as no match", rule, err);
		free(err);
		return 0;
	}
	return rc;
}

static void
add_value(struct arena *a, struct rule_event *ev, const char *name,
	  const char *s, size_t so, size_t eo)
{
	struct rule_value *v;

	for (size_t k = 0; k < ev->nvalues; k++)
		if (!strcmp(ev->values[k].name, name))
			return;		/* the first one wins */
	ev->values = arena_grow(a, ev->values, ev->nvalues, ev->nvalues + 1,
				sizeof(*ev->values));
	v = &ev->values[ev->nvalues++];
	v->name = arena_strdup(a, name);
	if (eo - so > LKB_MAX_EVIDENCE_BYTES)
		eo = so + LKB_MAX_EVIDENCE_BYTES;
	v->value = arena_memdup0(a, s + so, eo - so);
}

static void
add_named(struct arena *a, struct rule_event *ev, struct match_pattern *p,
	  const char *s)
{
	size_t so, eo;
	unsigned g;

	for (size_t k = 0; k < match_name_count(p); k++) {
		const char *name = match_name_at(p, k, &g);

		if (name && match_group(p, g, &so, &eo))
			add_value(a, ev, name, s, so, eo);
	}
}

/* The requires and forbids of c over the whole scope; 1 when they hold. */
static int
requires_hold(const struct compiled_rule *c, const struct scope *sc,
	      struct arena *a, struct rule_event *ev)
{
	for (size_t k = 0; k < c->spec->nforbid; k++)
		if (try_match(c->forbid[k], c->spec->name, sc, sc->all,
			      sc->all_len))
			return 0;
	for (size_t k = 0; k < c->spec->nrequire; k++) {
		if (!try_match(c->require[k], c->spec->name, sc, sc->all,
			       sc->all_len))
			return 0;
		add_named(a, ev, c->require[k], sc->all);
	}
	return 1;
}

static int
unless_matches(const struct compiled_rule *c, const struct scope *sc,
	       const struct block *b)
{
	for (size_t k = 0; k < c->spec->nunless; k++)
		if (try_match(c->unless[k], c->spec->name, sc, b->text,
			      b->len))
			return 1;
	return 0;
}

static void
add_extra_evidence(const struct compiled_rule *c, const struct scope *sc,
		   struct arena *a, struct rule_event *ev, size_t ev_first,
		   size_t ev_last)
{
	ev->extra = arena_calloc(a, LKB_MAX_EVIDENCE_LINES, sizeof(*ev->extra));
	for (size_t bi = 0; bi < sc->nblocks; bi++) {
		const struct block *b = &sc->blocks[bi];

		for (size_t li = 0; li < b->n; li++) {
			size_t line = b->first + li;
			int hit = 0;

			if (line >= ev_first && line <= ev_last)
				continue;
			for (size_t k = 0; k < c->spec->nevidence && !hit; k++)
				hit = try_match(c->evidence[k], c->spec->name,
						sc, b->text + b->starts[li],
						b->starts[li + 1] - b->starts[li]);
			if (!hit)
				continue;
			if (ev->nextra == LKB_MAX_EVIDENCE_LINES)
				return;
			ev->extra[ev->nextra++] = join_lines(a, b, li, li);
		}
	}
}

/* Try rule c on the scope; fills *ev and returns 1 when it fires. */
#define RULE_MAX_PATTERNS 32	/* match patterns of a rule prefiltered */

static int
rule_fire(const struct compiled_rule *c, const struct scope *sc,
	  struct arena *a, struct rule_event *ev)
{
	unsigned char none[RULE_MAX_PATTERNS];	/* 1: no block can match */
	size_t left = c->spec->nmatch;

	/* A pattern the literal pre-check rules out, or a local one without
	 * a match in the whole scope text, has none in any of its blocks:
	 * one search at most instead of one per block (most patterns match
	 * no mail). Any other outcome: block by block. */
	memset(none, 0, sizeof(none));
	for (size_t k = 0; k < c->spec->nmatch && k < sizeof(none); k++) {
		char *err = NULL;

		if (!prefilter_may_match(match_prefilter(c->match[k]),
					 sc->words) ||
		    (sc->nblocks > 1 && match_is_local(c->match[k]) &&
		     match_exec(c->match[k], sc->all, sc->all_len, 0,
				&err) == 0)) {
			none[k] = 1;
			left--;
		}
		free(err);
	}
	for (size_t bi = 0; bi < sc->nblocks && left; bi++) {
		const struct block *b = &sc->blocks[bi];

		for (size_t k = 0; k < c->spec->nmatch; k++) {
			struct match_pattern *p = c->match[k];
			size_t so, eo, first, last;

			if ((k < sizeof(none) && none[k]) ||
			    !try_match(p, c->spec->name, sc, b->text, b->len) ||
			    !match_group(p, 0, &so, &eo))
				continue;
			memset(ev, 0, sizeof(*ev));
			first = block_line_at(b, so);
			last = block_line_at(b, eo > so ? eo - 1 : so);
			ev->type = c->spec->event;
			ev->rule = c->spec->name;
			ev->reason = c->spec->reason;
			ev->confidence = c->spec->confidence;
			ev->line = b->first + first;
			ev->evidence = join_lines(a, b, first, last);
			for (size_t ci = 0; ci < c->spec->ncaptures; ci++) {
				const struct rule_capture *cap =
					&c->spec->captures[ci];
				size_t cso, ceo;

				if (match_group(p, cap->group, &cso, &ceo))
					add_value(a, ev, cap->name, b->text,
						  cso, ceo);
			}
			add_named(a, ev, p, b->text);
			if (unless_matches(c, sc, b) ||
			    !requires_hold(c, sc, a, ev))
				continue;
			add_extra_evidence(c, sc, a, ev, b->first + first,
					   b->first + last);
			return 1;
		}
	}
	return 0;
}

static struct rule_event *
events_push(struct arena *a, struct rule_events *out)
{
	out->ev = arena_grow(a, out->ev, out->n, out->n + 1, sizeof(*out->ev));
	return &out->ev[out->n++];
}

static void
drop_event(struct rule_events *out, enum reply_event_type t)
{
	size_t k = 0;

	for (size_t i = 0; i < out->n; i++)
		if (out->ev[i].type != t)
			out->ev[k++] = out->ev[i];
	out->n = k;
}

/* A fix proposed or applied, a retest asked for, a dispute or a close
 * each includes the acknowledgement (doc/reply-acts.md): an ack beside
 * one of them says nothing more and is dropped. A fix applied includes
 * the fix it applies ("X is missing, fixed."; "fixed it up with the
 * patch below"): fix-proposed beside it is dropped too. The LKP team's
 * result (confirmed, partial, no effect, failed) is what it provides:
 * data-provided beside one says nothing more. */
static void
drop_subsumed(struct rule_events *out, const int *produced)
{
	if (produced[EV_ACK] &&
	    (produced[EV_FIX_PROPOSED] || produced[EV_FIX_APPLIED] ||
	     produced[EV_RETEST_REQUEST] || produced[EV_DISPUTE] ||
	     produced[EV_CLOSE]))
		drop_event(out, EV_ACK);
	if (produced[EV_FIX_APPLIED] && produced[EV_FIX_PROPOSED])
		drop_event(out, EV_FIX_PROPOSED);
	if (produced[EV_DATA_PROVIDED] &&
	    (produced[EV_FIX_CONFIRMED] || produced[EV_FIX_PARTIAL] ||
	     produced[EV_FIX_NO_EFFECT] || produced[EV_RETEST_FAILED]))
		drop_event(out, EV_DATA_PROVIDED);
}

/* What the reply itself shows of its place: a patch in what its author
 * wrote. */
static unsigned
reply_context(const struct reply *r)
{
	for (size_t i = 0; i < r->nlines; i++)
		if (r->lines[i].kind == RL_PATCH)
			return RULE_CTX_PATCH;
	return 0;
}

unsigned
rules_place_wanted(const struct rules *rs, unsigned roles)
{
	unsigned want = 0, pa = RULE_ROLE_PATCH_AUTHOR | RULE_ROLE_OTHER;

	for (size_t i = 0; i < rs->rf->nrules; i++) {
		const struct rule_spec *sp = &rs->rf->rules[i];
		unsigned from = sp->from_roles;

		if ((from | sp->not_from_roles) & pa)
			want |= RULE_CTX_PATCH_AUTHOR;
		/* open to this author, the patch-author role aside */
		if (from && !(from & (roles | pa)))
			continue;
		want |= sp->if_ctx | sp->if_not_ctx;
	}
	return want;
}

unsigned
rules_author_roles(const struct rules *rs, const struct rule_author *au,
		   const struct rule_place *pl, const struct reply *r)
{
	const char *addr = au ? au->addr : NULL;
	unsigned roles = 0;

	if (rules_author_is_lkp(rs, au, r))
		roles |= RULE_ROLE_LKP;
	if (addr && auth_in_list(addr, rs->maintainers, rs->nmaintainers))
		roles |= RULE_ROLE_MAINTAINER;
	if (addr && rules_addr_is_bot(rs, addr))
		roles |= RULE_ROLE_BOT;
	if (addr && pl && pl->patch_author &&
	    auth_in_list(addr, &pl->patch_author, 1))
		roles |= RULE_ROLE_PATCH_AUTHOR;
	return roles ? roles : RULE_ROLE_OTHER;
}

int
rules_apply(struct rules *rs, const struct reply *r,
	    const struct rule_author *au, struct arena *a,
	    struct rule_events *out)
{
	return rules_apply_at(rs, r, au, NULL, a, out);
}

int
rules_apply_at(struct rules *rs, const struct reply *r,
	       const struct rule_author *au, const struct rule_place *pl,
	       struct arena *a, struct rule_events *out)
{
	struct scope scopes[RULE_SCOPE__COUNT];
	int built[RULE_SCOPE__COUNT] = { 0 };
	int produced[EV__COUNT] = { 0 };
	unsigned roles = rules_author_roles(rs, au, pl, r);
	int lkp = !!(roles & RULE_ROLE_LKP);
	unsigned ctx = (pl ? pl->context : 0) | reply_context(r);
	struct rule_event ev;

	for (size_t i = 0; i < rs->rf->nrules; i++) {
		const struct compiled_rule *c = &rs->cr[i];
		const struct rule_spec *sp = c->spec;
		enum rule_scope s = sp->scope;

		if (produced[sp->event] || (sp->from_lkp == 1 && !lkp) ||
		    (sp->from_lkp == -1 && lkp) ||
		    (sp->from_roles && !(sp->from_roles & roles)) ||
		    (sp->not_from_roles & roles) ||
		    (sp->if_ctx & ctx) != sp->if_ctx ||
		    (sp->if_not_ctx & ctx))
			continue;
		if (!built[s]) {
			scope_build(r, s == RULE_SCOPE_PATCH ? RL_PATCH :
							      RL_AUTHORED,
				    a, &scopes[s]);
			built[s] = 1;
		}
		if (!rule_fire(c, &scopes[s], a, &ev))
			continue;
		*events_push(a, out) = ev;
		produced[ev.type] = 1;
	}
	drop_subsumed(out, produced);
	return LKB_OK;
}

/* %.6g of a number, or "?" */
static const char *
num_str(struct arena *a, const struct lkp_num *n)
{
	return n->kind == LKP_NUM_INT || n->kind == LKP_NUM_REAL
		       ? arena_printf(a, "%.6g", n->v)
		       : "?";
}

static int
num_ok(const struct lkp_num *n)
{
	return n->kind == LKP_NUM_INT || n->kind == LKP_NUM_REAL;
}

/* The fix column against the culprit's, by their printed stddevs
 * (report/noise.h): a difference within noise claims nothing, and is
 * the LKP team's data (no state change) with the figures. */
static int
fix_within_noise(const struct lkp_metric *m, struct arena *a,
		 struct rule_event *ev)
{
	struct report_noise_row row = { 0 };
	struct strbuf sb = STRBUF_INIT;
	size_t last = m->ncols - 1;

	row.name = m->name;
	row.column = last;
	row.base = m->values[1].v;
	row.value = m->values[last].v;
	row.base_sd = m->stddev && num_ok(&m->stddev[1]) ? m->stddev[1].v : 0;
	row.sd = m->stddev && num_ok(&m->stddev[last]) ? m->stddev[last].v : 0;
	row.change = row.base != 0 ? 100 * (row.value - row.base) / row.base
				   : NAN;
	report_noise_figures(row.base, row.base_sd, row.value, row.sd,
			     isfinite(row.change), row.change, 0, &row.v);
	if (row.v.level != NOISE_WITHIN)
		return 0;
	if (report_noise_describe(&sb, &row) != LKB_OK) {
		strbuf_release(&sb);
		return 0;
	}
	ev->type = EV_DATA_PROVIDED;
	ev->rule = "table";
	ev->confidence = REPLY_CONF_HIGH;
	ev->evidence = arena_printf(a, "%s: culprit %.6g, fix %.6g: the fix's "
				    "change is %s: no verdict", m->name,
				    row.base, row.value, sb.buf);
	strbuf_release(&sb);
	return 1;
}

int
rules_table_verdict(const struct lkp_report *q, const char *metric,
		    struct arena *a, struct rule_event *ev_out)
{
	if (!q || !metric)
		return 0;
	for (size_t c = 0; c < q->ncomparisons; c++) {
		const struct lkp_comparison *cmp = &q->comparisons[c];

		for (size_t i = 0; i < cmp->nmetrics; i++) {
			const struct lkp_metric *m = &cmp->metrics[i];
			const struct lkp_num *base, *bad, *fix;
			double rec;
			const char *verdict;

			if (!m->name || strcmp(m->name, metric) || m->ncols < 3)
				continue;
			base = &m->values[0];
			bad = &m->values[1];
			fix = &m->values[m->ncols - 1];
			/* a culprit column within 1 % of the base shows no
			 * regression to recover */
			if (!num_ok(base) || !num_ok(bad) || !num_ok(fix) ||
			    fabs(base->v - bad->v) <= 0.01 * fabs(base->v))
				return 0;
			rec = (fix->v - bad->v) / (base->v - bad->v);
			memset(ev_out, 0, sizeof(*ev_out));
			if (fix_within_noise(m, a, ev_out))
				return 1;
			if (rec >= 0.85) {
				ev_out->type = EV_FIX_CONFIRMED;
				verdict = "recovers it";
			} else if (rec >= 0.25) {
				ev_out->type = EV_FIX_PARTIAL;
				verdict = "recovers part of it";
			} else {
				ev_out->type = EV_FIX_NO_EFFECT;
				verdict = "does not recover it";
			}
			ev_out->rule = "table";
			ev_out->confidence = REPLY_CONF_HIGH;
			ev_out->evidence = arena_printf(
				a, "%s: base %s, culprit %s, fix %s: the fix %s "
				   "(%.0f %% of the change)",
				metric, num_str(a, base), num_str(a, bad),
				num_str(a, fix), verdict, rec * 100.0);
			return 1;
		}
	}
	return 0;
}

void
rules_command_events(const struct lkp_command_list *list, struct arena *a,
		     struct rule_events *out)
{
	for (size_t i = 0; i < list->n; i++) {
		const struct lkp_command *c = &list->cmds[i];
		struct rule_event *ev = events_push(a, out);

		memset(ev, 0, sizeof(*ev));
		ev->type = EV_COMMAND;
		ev->rule = "#lkp";
		ev->confidence = REPLY_CONF_EXACT;
		ev->evidence = c->text ? c->text : "";
		ev->line = c->line;
		ev->reason = lkp_verb_changes_state(c->verb) ? c->reason :
							       CR_NONE;
		ev->cmd = c;
	}
}
