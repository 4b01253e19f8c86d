/* lkp_subject.c - subject grammar of LKP robot mail. */
#include "config.h"
#include "parsers/lkp_subject.h"

#include <string.h>

#include "lib/ascii.h"

/* Strip one reply/forward marker or "[LKP]" at *p; 1 if done. */
static int
strip_marker(const char **p, const char *end, int *had_re)
{
	static const char *const words[] = { "Re", "Aw", "Fwd", "Fw" };
	const char *q = *p;

	if (lkp_istarts(q, (size_t)(end - q), "[LKP]")) {
		q += 5;
		goto blanks;
	}
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		size_t n = strlen(words[i]);
		const char *r = q + n;

		if (!lkp_istarts(q, (size_t)(end - q), words[i]))
			continue;
		while (r < end && *r == ' ')
			r++;
		if (r < end && *r == ':') {
			q = r + 1;
			*had_re = 1;
			goto blanks;
		}
	}
	return 0;
blanks:
	while (q < end && *q == ' ')
		q++;
	*p = q;
	return 1;
}

/* tree ":" branch [SP idx "/" total] */
static int
branch_tag(struct arena *a, const char *p, size_t len, struct lkp_subject *out)
{
	const char *end = p + len, *colon = memchr(p, ':', len);
	const char *sp, *b;
	size_t k;

	if (!colon || colon == p)
		return 0;
	for (const char *q = p; q < colon; q++)
		if (!LKB_ISALNUM(*q) && *q != '-' && *q != '_' && *q != '.')
			return 0;
	b = colon + 1;
	sp = memchr(b, ' ', (size_t)(end - b));
	if (!sp)
		sp = end;
	if (sp == b)
		return 0;
	if (sp < end) {
		/* only "idx/total" may follow */
		const char *r = sp + 1;
		size_t slash = 0;

		if (!lkp_find(r, (size_t)(end - r), "/", &slash) || !slash)
			return 0;
		for (k = 0; r + k < end; k++)
			if (!LKB_ISDIGIT(r[k]) && k != slash)
				return 0;
		if (slash + 1 >= (size_t)(end - r))
			return 0;
		out->series_pos = lkp_dup(a, r, (size_t)(end - r));
	}
	out->tree = lkp_dup(a, p, (size_t)(colon - p));
	out->branch = lkp_dup(a, b, (size_t)(sp - b));
	return 1;
}

static int
is_verdict(struct lkp_tok t)
{
	return (t.len == 10 && !memcmp(t.p, "regression", 10)) ||
	       (t.len == 11 && !memcmp(t.p, "improvement", 11));
}

/* After "sha:" - perf form when it ends in "<pct>% <verdict>". */
static void
parse_rest(struct arena *a, const char *p, const char *end,
	   struct lkp_subject *out)
{
	struct lkp_tok t[3], cur;
	size_t n = 0;
	const char *q = p;

	while (lkp_tok_next(&q, end, &cur)) {
		if (n == 3) {
			t[0] = t[1];
			t[1] = t[2];
			n = 2;
		}
		t[n++] = cur;
	}
	if (n == 3 && is_verdict(t[2]) && t[1].len >= 2 &&
	    t[1].p[t[1].len - 1] == '%' &&
	    lkp_num_parse(t[1].p, t[1].len - 1, &out->pct)) {
		struct lkp_tok m = lkp_trim(p, (size_t)(t[1].p - p));

		out->form = LKP_SUBJ_PERF;
		out->pct_signed = t[1].p[0] == '-' || t[1].p[0] == '+';
		out->metric = lkp_dup(a, m.p, m.len);
		out->verdict = lkp_dup(a, t[2].p, t[2].len);
		return;
	}
	cur = lkp_trim(p, (size_t)(end - p));
	if (!cur.len)
		return;
	out->form = LKP_SUBJ_FUNC;
	out->error_id = lkp_dup(a, cur.p, cur.len);
}

static int
parse_build(struct arena *a, const char *p, const char *end,
	    struct lkp_subject *out)
{
	static const char *const st[] = { "SUCCESS WITH WARNING", "SUCCESS",
					   "REGRESSION", "INCOMPLETE" };
	struct lkp_tok t;

	if (!lkp_starts(p, (size_t)(end - p), "BUILD "))
		return 0;
	p += 6;
	for (size_t i = 0; i < sizeof(st) / sizeof(st[0]); i++)
		if (lkp_starts(p, (size_t)(end - p), st[i])) {
			out->build_status = st[i];
			p += strlen(st[i]);
			break;
		}
	if (!out->build_status)
		return 0;
	if (lkp_tok_next(&p, end, &t) && lkp_is_hex(t.p, t.len, 7, 40))
		out->build_sha = lkp_dup(a, t.p, t.len);
	out->form = LKP_SUBJ_BUILD_SUMMARY;
	return 1;
}

int
lkp_subject_parse(struct arena *a, const char *s, size_t len,
		  struct lkp_subject *out)
{
	const char *p, *end;
	struct lkp_tok t;

	memset(out, 0, sizeof(*out));
	out->normalised = lkp_dup_collapse(a, s ? s : "", s ? len : 0);
	p = out->normalised;
	end = p + strlen(p);
	while (p < end && strip_marker(&p, end, &out->had_reply_marker))
		;
	if (lkp_istarts(p, (size_t)(end - p), "[PATCH") ||
	    lkp_istarts(p, (size_t)(end - p), "[RFC")) {
		out->form = out->had_reply_marker ? LKP_SUBJ_PATCH_REPLY
						  : LKP_SUBJ_PATCH;
		out->patch_subject = p;
		return 1;
	}
	while (p < end && *p == '[') {
		const char *close = memchr(p, ']', (size_t)(end - p));
		struct lkp_tok in;

		if (!close)
			break;
		in = lkp_trim(p + 1, (size_t)(close - p - 1));
		if (!out->tree && !out->prefix &&
		    branch_tag(a, in.p, in.len, out))
			;
		else if (!out->prefix)
			out->prefix = lkp_dup(a, in.p, in.len);
		p = close + 1;
		while (p < end && *p == ' ')
			p++;
	}
	if (parse_build(a, p, end, out))
		return 1;
	if (out->series_pos) {
		struct lkp_tok d = lkp_trim(p, (size_t)(end - p));

		out->form = LKP_SUBJ_BUILD_COMMIT;
		out->diagnostic = lkp_dup(a, d.p, d.len);
		return 1;
	}
	/* "sha10:" or a lone ":" where a mailer lost the sha */
	{
		const char *q = p;

		if (!lkp_tok_next(&q, end, &t) || t.p[t.len - 1] != ':')
			return 0;
		if (t.len > 1 && !lkp_is_hex(t.p, t.len - 1, 7, 40))
			return 0;
		if (t.len > 1)
			out->sha = lkp_dup(a, t.p, t.len - 1);
		parse_rest(a, q, end, out);
	}
	return out->form != LKP_SUBJ_UNKNOWN;
}
