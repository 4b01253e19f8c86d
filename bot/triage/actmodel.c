/* actmodel.c - the reply-act model (see actmodel.h). */
#include "config.h"
#include "bot/triage/actmodel.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/ascii.h"
#include "lib/compiler.h"
#include "lib/status.h"
#include "lib/xalloc.h"
#include "parsers/rules_file.h"

/* A model file is at most this big, and a reply gives at most this many
 * tokens to the model (the first ones: a long mail says what it does
 * early). */
#define ACTMODEL_MAX_FILE_BYTES (32u * 1024 * 1024)
#define ACTMODEL_MAX_TOKENS 400
#define ACTMODEL_MAX_TOKEN 24

static const char *const act_names[ACT__COUNT] = {
	"discussion", "acknowledges", "proposes-fix", "fix-applied",
	"asks-retest", "series-compare-request", "asks-more-data",
	"robot-confirms-fix", "robot-retest-result", "closes-not-a-bug",
};

struct actmodel {
	char *text;		/* the file; names point into it */
	const char **names;	/* sorted, strictly */
	float *w;		/* n * ACT__COUNT */
	size_t n;
	double floor;		/* see actmodel_set_floor() */
	struct actmodel_word word;	/* see actmodel_set_word() */
};

const char *
reply_act_name(enum reply_act act)
{
	return (unsigned)act < ACT__COUNT ? act_names[act] : "discussion";
}

int
reply_act_of_event(enum reply_event_type type)
{
	switch (type) {
	case EV_ACK: return ACT_ACKNOWLEDGES;
	case EV_FIX_PROPOSED: return ACT_PROPOSES_FIX;
	case EV_FIX_APPLIED: return ACT_FIX_APPLIED;
	case EV_RETEST_REQUEST: return ACT_ASKS_RETEST;
	case EV_SERIES_COMPARE_REQUEST: return ACT_SERIES_COMPARE_REQUEST;
	case EV_MORE_DATA_REQUEST: return ACT_ASKS_MORE_DATA;
	case EV_FIX_CONFIRMED: return ACT_ROBOT_CONFIRMS_FIX;
	case EV_FIX_PARTIAL:
	case EV_FIX_NO_EFFECT:
	case EV_RETEST_FAILED:
	case EV_DATA_PROVIDED: return ACT_ROBOT_RETEST_RESULT;
	case EV_DISPUTE:
	case EV_CLOSE: return ACT_CLOSES_NOT_A_BUG;
	default: return -1;
	}
}

int
reply_event_of_act(int act)
{
	switch (act) {
	case ACT_ACKNOWLEDGES: return EV_ACK;
	case ACT_PROPOSES_FIX: return EV_FIX_PROPOSED;
	case ACT_FIX_APPLIED: return EV_FIX_APPLIED;
	case ACT_ASKS_RETEST: return EV_RETEST_REQUEST;
	case ACT_ASKS_MORE_DATA: return EV_MORE_DATA_REQUEST;
	case ACT_CLOSES_NOT_A_BUG: return EV_DISPUTE;
	default: return -1;
	}
}

static int
load_error(char **err_out, const char *name, size_t line, const char *what)
{
	if (err_out)
		*err_out = xasprintf("%s:%zu: %s", name, line, what);
	return LKB_ERR_PARSE;
}

/* "classes a b c ..." must name the acts in enum order. */
static int
check_classes(char *line)
{
	char *save = NULL, *tok = strtok_r(line, " \t", &save);
	size_t i = 0;

	if (!tok || strcmp(tok, "classes") != 0)
		return -1;
	while ((tok = strtok_r(NULL, " \t", &save)) != NULL)
		if (i >= ACT__COUNT || strcmp(tok, act_names[i++]) != 0)
			return -1;
	return i == ACT__COUNT ? 0 : -1;
}

/* One "feature<TAB>w0 w1 ... w9" line into row n. */
static int
parse_row(struct actmodel *m, char *line)
{
	char *tab = strchr(line, '\t'), *p, *end;

	if (!tab || tab == line)
		return -1;
	*tab = '\0';
	p = tab + 1;
	for (size_t k = 0; k < ACT__COUNT; k++) {
		double v;

		errno = 0;
		v = strtod(p, &end);
		if (end == p || errno || !isfinite(v) || fabs(v) > 1e6)
			return -1;
		m->w[m->n * ACT__COUNT + k] = (float)v;
		p = end;
	}
	while (*p == ' ')
		p++;
	if (*p)
		return -1;
	if (m->n && strcmp(m->names[m->n - 1], line) >= 0)
		return -2;
	m->names[m->n++] = line;
	return 0;
}

static size_t
count_lines(const char *s, size_t len)
{
	size_t n = 1;

	for (const char *p = s; (p = memchr(p, '\n', len - (size_t)(p - s)));
	     p++)
		n++;
	return n;
}

int
actmodel_load_text(const char *text, size_t len, const char *name,
		   struct actmodel **out, char **err_out)
{
	struct actmodel *m = xcalloc(1, sizeof(*m));
	size_t nl, lineno = 0;
	int have_classes = 0, rc = LKB_OK;

	*out = NULL;
	m->floor = 0.4;
	m->word = (struct actmodel_word){ 1, 0.9, 1 };
	if (len > ACTMODEL_MAX_FILE_BYTES) {
		free(m);
		if (err_out)
			*err_out = xasprintf("%s: over %u bytes", name,
					     ACTMODEL_MAX_FILE_BYTES);
		return LKB_ERR_TOO_BIG;
	}
	m->text = xmalloc(len + 1);
	memcpy(m->text, text, len);
	m->text[len] = '\0';
	if (memchr(m->text, '\0', len)) {
		actmodel_free(m);
		return load_error(err_out, name, 1, "a NUL byte in the file");
	}
	nl = count_lines(m->text, len);
	m->names = xcalloc(nl, sizeof(*m->names));
	m->w = xcalloc(nl * ACT__COUNT, sizeof(*m->w));
	for (char *line = m->text, *next; line && rc == LKB_OK; line = next) {
		int prc;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		lineno++;
		if (line[0] == '#' || line[0] == '\0')
			continue;
		if (!have_classes) {
			if (check_classes(line) < 0)
				rc = load_error(err_out, name, lineno,
						"want \"classes\" and the ten acts of doc/reply-acts.md in order");
			have_classes = 1;
			continue;
		}
		if ((prc = parse_row(m, line)) < 0)
			rc = load_error(err_out, name, lineno, prc == -2 ?
					"features out of order (the file must be sorted, each feature once)" :
					"want FEATURE<TAB>ten weights");
	}
	if (rc == LKB_OK && !have_classes)
		rc = load_error(err_out, name, lineno, "no \"classes\" line");
	if (rc != LKB_OK) {
		actmodel_free(m);
		return rc;
	}
	*out = m;
	return LKB_OK;
}

int
actmodel_load_file(const char *path, struct actmodel **out, char **err_out)
{
	FILE *f = fopen(path, "rb");
	struct strbuf sb;
	char buf[65536];
	size_t n;
	int rc;

	*out = NULL;
	if (!f) {
		if (err_out)
			*err_out = xasprintf("%s: %s", path, strerror(errno));
		return LKB_ERR_IO;
	}
	strbuf_init_capped(&sb, ACTMODEL_MAX_FILE_BYTES + 1);
	rc = LKB_OK;
	while (rc == LKB_OK && (n = fread(buf, 1, sizeof(buf), f)) > 0) {
		strbuf_add(&sb, buf, n);
		rc = strbuf_status(&sb);
	}
	if (ferror(f) && rc == LKB_OK)
		rc = LKB_ERR_IO;
	fclose(f);
	if (rc != LKB_OK) {
		if (err_out)
			*err_out = rc == LKB_ERR_IO ?
				xasprintf("%s: read error", path) :
				xasprintf("%s: over %u bytes", path,
					  ACTMODEL_MAX_FILE_BYTES);
		strbuf_release(&sb);
		return rc == LKB_ERR_IO ? rc : LKB_ERR_TOO_BIG;
	}
	rc = actmodel_load_text(sb.buf ? sb.buf : "", sb.len, path, out,
				err_out);
	strbuf_release(&sb);
	return rc;
}

void
actmodel_free(struct actmodel *m)
{
	if (!m)
		return;
	free(m->names);
	free(m->w);
	free(m->text);
	free(m);
}

void
actmodel_set_floor(struct actmodel *m, double floor)
{
	m->floor = floor;
}

double
actmodel_floor(const struct actmodel *m)
{
	return m ? m->floor : 0;
}

void
actmodel_set_word(struct actmodel *m, const struct actmodel_word *w)
{
	m->word = *w;
}

struct actmodel_word
actmodel_word(const struct actmodel *m)
{
	static const struct actmodel_word none = { 1, 1, 1 };

	return m ? m->word : none;
}

size_t
actmodel_size(const struct actmodel *m)
{
	return m ? m->n : 0;
}

/* ---- features */

static int
add_feature(struct strbuf *out, const char *kind, const char *s, size_t n)
{
	if (out->len)
		strbuf_addch(out, ' ');
	strbuf_adds(out, kind);
	strbuf_add(out, s, n);
	return strbuf_status(out);
}

/* The next token of line[*pos..len) into tok (lower-cased, digits "#");
 * 0 at the end of the line. Tokens longer than ACTMODEL_MAX_TOKEN are
 * passed over. */
static size_t
next_token(const char *line, size_t len, size_t *pos,
	   char tok[ACTMODEL_MAX_TOKEN + 1])
{
	while (*pos < len) {
		size_t start, n, digits = 0;

		while (*pos < len && !LKB_ISALNUM(line[*pos]))
			(*pos)++;
		start = *pos;
		while (*pos < len && LKB_ISALNUM(line[*pos]))
			digits += LKB_ISDIGIT(line[*pos]) ? 1 : 0, (*pos)++;
		n = *pos - start;
		if (n == 0 || n > ACTMODEL_MAX_TOKEN)
			continue;
		if (digits == n) {
			tok[0] = '#';
			tok[1] = '\0';
			return 1;
		}
		for (size_t i = 0; i < n; i++)
			tok[i] = (char)LKB_TOLOWER(line[start + i]);
		tok[n] = '\0';
		return n;
	}
	return 0;
}

/* w= and b= features of the authored lines; *ntok counts the tokens. */
static int
text_features(const struct reply *r, struct strbuf *out, size_t *ntok)
{
	char prev[ACTMODEL_MAX_TOKEN + 1], tok[ACTMODEL_MAX_TOKEN + 1];
	char pair[2 * ACTMODEL_MAX_TOKEN + 2];
	int rc = LKB_OK;

	*ntok = 0;
	for (size_t i = 0; i < r->nlines && rc == LKB_OK; i++) {
		const struct reply_line *l = &r->lines[i];
		const char *s = r->body + l->off;
		size_t pos = 0, n, have_prev = 0;

		if (l->kind != RL_AUTHORED || l->table)
			continue;
		while (rc == LKB_OK && *ntok < ACTMODEL_MAX_TOKENS &&
		       (n = next_token(s, l->len, &pos, tok)) > 0) {
			(*ntok)++;
			rc = add_feature(out, "w=", tok, n);
			if (rc == LKB_OK && have_prev) {
				int k = snprintf(pair, sizeof(pair), "%s_%s",
						 prev, tok);

				rc = add_feature(out, "b=", pair, (size_t)k);
			}
			memcpy(prev, tok, n + 1);
			have_prev = 1;
		}
	}
	return rc;
}

static const char *
len_bucket(size_t n)
{
	return n == 0 ? "0" : n <= 5 ? "5" : n <= 20 ? "20" : n <= 60 ? "60" :
		n <= 150 ? "150" : "more";
}

static int
is_patch_subject(const char *s)
{
	if (!s)
		return 0;
	while (*s == ' ')
		s++;
	return strncasecmp(s, "re:", 3) != 0 && strncasecmp(s, "[patch", 6) == 0;
}

int
actmodel_features(const struct actmodel_input *in, struct strbuf *out)
{
	static const struct { unsigned bit; const char *name; } roles[] = {
		{ RULE_ROLE_LKP, "lkp" }, { RULE_ROLE_MAINTAINER, "maintainer" },
		{ RULE_ROLE_PATCH_AUTHOR, "patch-author" },
		{ RULE_ROLE_BOT, "bot" }, { RULE_ROLE_OTHER, "other" },
	}, ctx[] = {
		{ RULE_CTX_ANSWERS_ROBOT, "robot" },
		{ RULE_CTX_PATCH, "attach" },
	};
	size_t ntok = 0;
	int rc = add_feature(out, "bias", "", 0);

	for (size_t i = 0; rc == LKB_OK && i < LKB_ARRAY_SIZE(roles); i++)
		if (in->roles & roles[i].bit)
			rc = add_feature(out, "role=", roles[i].name,
					 strlen(roles[i].name));
	for (size_t i = 0; rc == LKB_OK && i < LKB_ARRAY_SIZE(ctx); i++)
		if (in->context & ctx[i].bit)
			rc = add_feature(out, "ctx=", ctx[i].name,
					 strlen(ctx[i].name));
	for (size_t i = 0; rc == LKB_OK && i < in->nevents; i++) {
		const char *ev = reply_event_name(in->events[i]);

		rc = add_feature(out, "ev=", ev, strlen(ev));
	}
	if (rc == LKB_OK && in->r->has_patch)
		rc = add_feature(out, "patch=inline", "", 0);
	if (rc == LKB_OK && is_patch_subject(in->subject))
		rc = add_feature(out, "subj=patch", "", 0);
	if (rc == LKB_OK)
		rc = text_features(in->r, out, &ntok);
	if (rc == LKB_OK)
		rc = add_feature(out, "len=", len_bucket(ntok),
				 strlen(len_bucket(ntok)));
	return rc;
}

/* ---- scoring */

static int
cmp_name(const void *key, const void *elem)
{
	return strcmp(key, *(const char *const *)elem);
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Weight of feature "kind" + s for act over discussion; 0 if unknown. */
static double
margin_of(const struct actmodel *m, const char *kind, const char *s, int act)
{
	char name[2 * ACTMODEL_MAX_TOKEN + 8];
	const char *key = name, **hit;
	const float *w;

	snprintf(name, sizeof(name), "%s%s", kind, s);
	hit = bsearch(&key, m->names, m->n, sizeof(*m->names), cmp_str);
	if (!hit)
		return 0;
	w = &m->w[(size_t)(hit - m->names) * ACT__COUNT];
	return w[act] - w[ACT_DISCUSSION];
}

size_t
actmodel_best_line(const struct actmodel *m, const struct reply *r, int act)
{
	char prev[ACTMODEL_MAX_TOKEN + 1], tok[ACTMODEL_MAX_TOKEN + 1];
	char pair[2 * ACTMODEL_MAX_TOKEN + 2];
	size_t best = (size_t)-1;
	double top = 0;

	if (!m || act <= ACT_DISCUSSION || act >= ACT__COUNT)
		return best;
	for (size_t i = 0; i < r->nlines; i++) {
		const struct reply_line *l = &r->lines[i];
		const char *s = r->body + l->off;
		size_t pos = 0, ntok = 0, have_prev = 0, n;
		double sum = 0;

		if (l->kind != RL_AUTHORED || l->table)
			continue;
		while (ntok < ACTMODEL_MAX_TOKENS &&
		       (n = next_token(s, l->len, &pos, tok)) > 0) {
			ntok++;
			sum += margin_of(m, "w=", tok, act);
			if (have_prev) {
				snprintf(pair, sizeof(pair), "%s_%s", prev,
					 tok);
				sum += margin_of(m, "b=", pair, act);
			}
			memcpy(prev, tok, n + 1);
			have_prev = 1;
		}
		if (ntok && (best == (size_t)-1 || sum > top)) {
			best = i;
			top = sum;
		}
	}
	return best;
}

enum reply_act
actmodel_score(const struct actmodel *m, const char *features,
	       double prob[ACT__COUNT])
{
	double z[ACT__COUNT] = { 0 }, max, sum = 0;
	char *copy = xstrdup(features ? features : "");
	const char **toks;
	size_t n = 0, cap = 1;
	char *save = NULL, *t;
	int best = 0;

	for (const char *p = copy; *p; p++)
		cap += *p == ' ';
	toks = xcalloc(cap, sizeof(*toks));
	for (char *s = copy; (t = strtok_r(s, " ", &save)); s = NULL)
		toks[n++] = t;
	qsort(toks, n, sizeof(*toks), cmp_str);
	for (size_t i = 0; m && i < n; i++) {
		const char **hit;

		if (i && strcmp(toks[i], toks[i - 1]) == 0)
			continue;
		hit = bsearch(toks[i], m->names, m->n, sizeof(*m->names),
			      cmp_name);
		if (!hit)
			continue;
		for (size_t k = 0; k < ACT__COUNT; k++)
			z[k] += m->w[(size_t)(hit - m->names) * ACT__COUNT + k];
	}
	free(toks);
	free(copy);
	max = z[0];
	for (size_t k = 1; k < ACT__COUNT; k++)
		if (z[k] > max) {
			max = z[k];
			best = (int)k;
		}
	for (size_t k = 0; k < ACT__COUNT; k++)
		sum += prob[k] = exp(z[k] - max);
	for (size_t k = 0; k < ACT__COUNT; k++)
		prob[k] /= sum;
	return (enum reply_act)best;
}
