/* rules_file.c - parse a rules file into struct rule_spec (the grammar
 * is in rules_file.h and doc/lkpbot-rules.5). */
#include "config.h"
#include "parsers/rules_file.h"

#include <string.h>

#include "lib/ascii.h"
#include "lib/limits.h"
#include "lib/status.h"
#include "parsers/reply-internal.h"

struct rf_parser {
	struct arena *a;
	const char *name;
	unsigned line;
	const char *err;
	struct rule_file *rf;
	size_t rules_cap, domains_cap, names_cap;
};

static int
fail(struct rf_parser *ps, const char *what, const char *p, size_t n)
{
	ps->err = arena_printf(ps->a, "%s:%u: %s%s%.*s%s", ps->name, ps->line,
			       what, n ? " '" : "", (int)(n > 80 ? 80 : n),
			       p ? p : "", n ? "'" : "");
	return LKB_ERR_PARSE;
}

/* Append one element to an arena array of *n used and *cap allocated. */
static void *
push(struct arena *a, void *arr, size_t *n, size_t *cap, size_t size,
     void **arr_out)
{
	if (*n == *cap) {
		size_t ncap = *cap ? *cap * 2 : 4;

		arr = arena_grow(a, arr, *cap, ncap, size);
		*cap = ncap;
	}
	*arr_out = arr;
	return (char *)arr + (*n)++ * size;
}

static int
parse_pattern(struct rf_parser *ps, const char *v, size_t n,
	      struct rule_pattern *pat)
{
	const char *last;

	if (!n || v[0] != '/')
		return fail(ps, "pattern must be written /PCRE2/flags", v, n);
	last = v + n - 1;
	while (last > v && *last != '/')
		last--;
	if (last == v)
		return fail(ps, "pattern has no closing '/'", v, n);
	if (last == v + 1)
		return fail(ps, "empty pattern", NULL, 0);
	if ((size_t)(last - v - 1) > LKB_MAX_PATTERN_BYTES)
		return fail(ps, "pattern too long", NULL, 0);
	pat->flags = 0;
	for (const char *f = last + 1; f < v + n; f++) {
		switch (*f) {
		case 'i': pat->flags |= RULE_PAT_CASELESS; break;
		case 'x': pat->flags |= RULE_PAT_EXTENDED; break;
		case 's': pat->flags |= RULE_PAT_DOTALL; break;
		case 'm': pat->flags |= RULE_PAT_MULTILINE; break;
		default:
			return fail(ps, "unknown pattern flag", f, 1);
		}
	}
	pat->len = (size_t)(last - v - 1);
	pat->text = arena_memdup0(ps->a, v + 1, pat->len);
	pat->line = ps->line;
	return LKB_OK;
}

static int
add_pattern(struct rf_parser *ps, struct rule_pattern **arr, size_t *n,
	    const char *v, size_t vn)
{
	/* arrays grow by doubling: capacity is the next power of two */
	size_t cap = 0;
	void *na;
	struct rule_pattern *pat;

	while (cap < *n)
		cap = cap ? cap * 2 : 4;
	pat = push(ps->a, *arr, n, &cap, sizeof(**arr), &na);
	*arr = na;
	return parse_pattern(ps, v, vn, pat);
}

static int
is_name(const char *p, size_t n)
{
	if (!n || n > 64)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!LKB_ISALNUM(p[i]) && !strchr("_.-", p[i]))
			return 0;
	return 1;
}

static int
parse_capture(struct rf_parser *ps, struct rule_spec *r, const char *v,
	      size_t n)
{
	size_t k = 0, name_len, cap = 0;
	unsigned group = 0;
	struct rule_capture *c;
	void *na;

	while (k < n && !LKB_ISSPACE(v[k]) && v[k] != '=')
		k++;
	name_len = k;
	while (k < n && LKB_ISSPACE(v[k]))
		k++;
	if (!is_name(v, name_len) || k >= n || v[k] != '=')
		return fail(ps, "capture must be written NAME = GROUP", v, n);
	k++;
	while (k < n && LKB_ISSPACE(v[k]))
		k++;
	if (k >= n)
		return fail(ps, "capture without a group number", v, n);
	for (; k < n; k++) {
		if (!LKB_ISDIGIT(v[k]) || group > 99)
			return fail(ps, "capture group must be a number 0-99",
				    v, n);
		group = group * 10 + (unsigned)(v[k] - '0');
	}
	while (cap < r->ncaptures)
		cap = cap ? cap * 2 : 4;
	c = push(ps->a, r->captures, &r->ncaptures, &cap, sizeof(*c), &na);
	r->captures = na;
	c->name = arena_memdup0(ps->a, v, name_len);
	c->group = group;
	return LKB_OK;
}

static int
check_rule(struct rf_parser *ps, const struct rule_spec *r)
{
	unsigned saved = ps->line;
	int rc = LKB_OK;

	ps->line = r->line;
	if ((int)r->event < 0)
		rc = fail(ps, "rule has no event", r->name, strlen(r->name));
	else if (!r->nmatch)
		rc = fail(ps, "rule has no match pattern", r->name,
			  strlen(r->name));
	else if (r->reason != CR_NONE && r->event != EV_CLOSE &&
		 r->event != EV_DISPUTE &&
		 (r->event != EV_FIX_APPLIED || r->reason != CR_REVERTED))
		rc = fail(ps, "reason is only for events close and dispute "
			  "(and reverted for fix-applied), in rule",
			  r->name, strlen(r->name));
	ps->line = saved;
	return rc;
}

static int
start_rule(struct rf_parser *ps, const char *v, size_t n)
{
	struct rule_file *rf = ps->rf;
	struct rule_spec *r;
	void *na;

	if (!is_name(v, n))
		return fail(ps, "bad rule name", v, n);
	for (size_t i = 0; i < rf->nrules; i++)
		if (strlen(rf->rules[i].name) == n &&
		    !memcmp(rf->rules[i].name, v, n))
			return fail(ps, "duplicate rule name", v, n);
	if (rf->nrules == LKB_MAX_RULES)
		return fail(ps, "too many rules", NULL, 0);
	r = push(ps->a, rf->rules, &rf->nrules, &ps->rules_cap, sizeof(*r),
		 &na);
	rf->rules = na;
	r->name = arena_memdup0(ps->a, v, n);
	r->line = ps->line;
	r->event = (enum reply_event_type)-1;
	r->confidence = REPLY_CONF_HIGH;
	return LKB_OK;
}

static const char *const role_names[] = {
	"lkp", "maintainer", "patch-author", "bot", "other",
};
static const char *const context_names[] = {
	"patch", "answers-robot", "answers-retest",
};
_Static_assert(LKB_ARRAY_SIZE(role_names) == 5 &&
		       RULE_ROLE_OTHER == 1u << 4,
	       "role_names out of step with enum rule_role");
_Static_assert(LKB_ARRAY_SIZE(context_names) == 3 &&
		       RULE_CTX_ANSWERS_RETEST == 1u << 2,
	       "context_names out of step with enum rule_context");

const char *
rule_role_name(unsigned i)
{
	return i < LKB_ARRAY_SIZE(role_names) ? role_names[i] : NULL;
}

const char *
rule_context_name(unsigned i)
{
	return i < LKB_ARRAY_SIZE(context_names) ? context_names[i] : NULL;
}

/* A list of names (blanks or commas between) into bits of names[]. */
static int
parse_bits(struct rf_parser *ps, const char *what,
	   const char *const *names, size_t nnames, const char *v, size_t vn,
	   unsigned *bits_out)
{
	size_t i = 0, s, k;

	if (!vn)
		return fail(ps, what, v, vn);
	while (i < vn) {
		while (i < vn && (v[i] == ' ' || v[i] == '\t' || v[i] == ','))
			i++;
		for (s = i; i < vn && v[i] != ' ' && v[i] != '\t' &&
			    v[i] != ',';
		     i++)
			;
		if (s == i)
			break;
		for (k = 0; k < nnames; k++)
			if (strlen(names[k]) == i - s &&
			    !memcmp(names[k], v + s, i - s))
				break;
		if (k == nnames)
			return fail(ps, what, v + s, i - s);
		*bits_out |= 1u << k;
	}
	return LKB_OK;
}

static int
rule_directive(struct rf_parser *ps, struct rule_spec *r, const char *k,
	       size_t kn, const char *v, size_t vn)
{
	int t;

#define IS(lit) (kn == strlen(lit) && !memcmp(k, lit, kn))
	if (IS("event")) {
		t = reply_event_from_name(v, vn);
		if (t < 0 || t == EV_COMMAND)
			return fail(ps, "unknown event", v, vn);
		r->event = (enum reply_event_type)t;
	} else if (IS("match")) {
		return add_pattern(ps, &r->match, &r->nmatch, v, vn);
	} else if (IS("require")) {
		return add_pattern(ps, &r->require, &r->nrequire, v, vn);
	} else if (IS("unless")) {
		return add_pattern(ps, &r->unless, &r->nunless, v, vn);
	} else if (IS("forbid")) {
		return add_pattern(ps, &r->forbid, &r->nforbid, v, vn);
	} else if (IS("evidence-also")) {
		return add_pattern(ps, &r->evidence, &r->nevidence, v, vn);
	} else if (IS("capture")) {
		return parse_capture(ps, r, v, vn);
	} else if (IS("reason")) {
		t = close_reason_from_name(v, vn);
		if (t < 0)
			return fail(ps, "unknown close reason", v, vn);
		r->reason = (enum close_reason)t;
	} else if (IS("confidence")) {
		if (reply_confidence_parse(v, vn, &r->confidence) < 0)
			return fail(ps, "confidence takes high, medium, low or "
				    "a number from 0 to 1, not", v, vn);
	} else if (IS("from-lkp") || IS("not-from-lkp")) {
		if (vn)
			return fail(ps, "from-lkp takes no value", v, vn);
		r->from_lkp = IS("from-lkp") ? 1 : -1;
	} else if (IS("from") || IS("not-from")) {
		return parse_bits(ps, "'from' takes lkp, maintainer, "
				  "patch-author, bot or other", role_names,
				  LKB_ARRAY_SIZE(role_names), v, vn,
				  IS("from") ? &r->from_roles
					     : &r->not_from_roles);
	} else if (IS("if") || IS("if-not")) {
		return parse_bits(ps, "'if' takes patch, answers-robot or "
				  "answers-retest", context_names,
				  LKB_ARRAY_SIZE(context_names), v, vn,
				  IS("if") ? &r->if_ctx : &r->if_not_ctx);
	} else if (IS("in")) {
		if (vn == 8 && !memcmp(v, "authored", 8))
			r->scope = RULE_SCOPE_AUTHORED;
		else if (vn == 5 && !memcmp(v, "patch", 5))
			r->scope = RULE_SCOPE_PATCH;
		else
			return fail(ps, "'in' takes authored or patch", v, vn);
	} else {
		return fail(ps, "unknown directive", k, kn);
	}
#undef IS
	return LKB_OK;
}

static int
parse_line(struct rf_parser *ps, const char *p, size_t n)
{
	struct rule_file *rf = ps->rf;
	size_t kn = 0;
	const char *v, **slot;
	size_t vn;
	void *na;

	while (kn < n && !LKB_ISSPACE(p[kn]))
		kn++;
	v = p + kn;
	vn = n - kn;
	while (vn && LKB_ISSPACE(*v)) {
		v++;
		vn--;
	}
	if (kn == 4 && !memcmp(p, "rule", 4))
		return start_rule(ps, v, vn);
	if ((kn == 10 && !memcmp(p, "lkp-domain", 10)) ||
	    (kn == 8 && !memcmp(p, "lkp-name", 8))) {
		if (!vn)
			return fail(ps, "missing value for", p, kn);
		if (kn == 10) {
			if (*v == '@') {
				v++;
				vn--;
			}
			slot = push(ps->a, rf->lkp_domains, &rf->nlkp_domains,
				    &ps->domains_cap, sizeof(*slot), &na);
			rf->lkp_domains = na;
		} else {
			slot = push(ps->a, rf->lkp_names, &rf->nlkp_names,
				    &ps->names_cap, sizeof(*slot), &na);
			rf->lkp_names = na;
		}
		*slot = arena_memdup0(ps->a, v, vn);
		return LKB_OK;
	}
	if (!rf->nrules)
		return fail(ps, "directive outside a rule", p, kn);
	return rule_directive(ps, &rf->rules[rf->nrules - 1], p, kn, v, vn);
}

int
rules_file_parse(struct arena *a, const char *text, size_t len,
		 const char *name, struct rule_file **rf_out,
		 const char **err_out)
{
	struct rf_parser ps = { 0 };
	const char *p = text, *end = text + len, *nl, *s, *e;
	size_t before;
	int rc = LKB_OK;

	*rf_out = NULL;
	*err_out = NULL;
	ps.a = a;
	ps.name = name ? name : "rules";
	ps.rf = arena_alloc(a, sizeof(*ps.rf));
	ps.rf->name = arena_strdup(a, ps.name);
	if (len > LKB_MAX_RULES_FILE_BYTES) {
		*err_out = arena_printf(a, "%s: rules file larger than %u bytes",
					ps.name, LKB_MAX_RULES_FILE_BYTES);
		return LKB_ERR_TOO_BIG;
	}
	while (p && p < end && rc == LKB_OK) {
		nl = memchr(p, '\n', (size_t)(end - p));
		s = p;
		e = nl ? nl : end;
		p = nl ? nl + 1 : end;
		ps.line++;
		while (s < e && LKB_ISSPACE(*s))
			s++;
		while (e > s && LKB_ISSPACE(e[-1]))
			e--;
		if (s == e || *s == '#')
			continue;
		before = ps.rf->nrules;
		if (memchr(s, '\0', (size_t)(e - s)))
			rc = fail(&ps, "NUL byte in line", NULL, 0);
		else
			rc = parse_line(&ps, s, (size_t)(e - s));
		/* a new rule closes the one before it */
		if (rc == LKB_OK && before && ps.rf->nrules > before)
			rc = check_rule(&ps, &ps.rf->rules[before - 1]);
	}
	if (rc == LKB_OK && ps.rf->nrules)
		rc = check_rule(&ps, &ps.rf->rules[ps.rf->nrules - 1]);
	if (rc != LKB_OK) {
		*err_out = ps.err;
		return rc;
	}
	*rf_out = ps.rf;
	return LKB_OK;
}
