/* fix.c - does culprit + fix undo the culprit's regression?
 * (struct compare_fix, bot/compare/compare.h) */
#include "config.h"
#include "bot/compare/compare.h"

#include <stdio.h>
#include <string.h>

#include "bot/compare/format.h"
#include "bot/compare/stats.h"
#include "lib/noise.h"
#include "lib/status.h"

static const char *
level_text(enum compare_fix_level l, double share, char *buf, size_t n)
{
	switch (l) {
	case FIX_FULL:
		return "fully recovers";
	case FIX_PARTLY:
		snprintf(buf, n, "partly recovers (%.0f %% of the regression)",
			 share);
		return buf;
	case FIX_NO_EFFECT:
		return "does not recover";
	case FIX_WORSE:
		return "makes it worse";
	default:
		return "finds no changed metric to recover";
	}
}

/* The level of one changed row from its means and the fix column's
 * Welch verdicts against base (vb) and culprit (vc). */
static enum compare_fix_level
judge(const struct compare_row *row, const struct noise_verdict *vb,
      const struct noise_verdict *vc, double *share)
{
	double reg = row->avg[0] - row->avg[1];

	*share = (row->avg[2] - row->avg[1]) / reg * 100;
	if (vc->level == NOISE_WITHIN)
		return FIX_NO_EFFECT;
	if (vb->level == NOISE_WITHIN || *share >= 100)
		return FIX_FULL;
	return *share < 0 ? FIX_WORSE : FIX_PARTLY;
}

int
compare_fix_judge(const struct compare_table *t, const char *testcase,
		  const char *headline, struct compare_fix *out)
{
	struct strbuf *sb = &out->text;
	int rc = LKB_OK, have = 0;
	char buf[96];

	out->level = FIX_UNCHANGED;
	out->share = 0;
	for (size_t i = 0; i < t->nrows && rc == LKB_OK; i++) {
		const struct compare_row *row = &t->rows[i];
		struct noise_verdict vr, vb, vc;
		struct strbuf scratch = STRBUF_INIT;
		enum compare_fix_level l;
		double share;
		int head;

		if (row->failure || t->ncols != 3 ||
		    !compare_is_kpi(row->name, testcase, headline))
			continue;
		rc = compare_format_welch(&scratch, t, row, 0, 1, &vr);
		strbuf_release(&scratch);
		if (rc || (vr.level != NOISE_LIKELY && vr.level != NOISE_CLEAR) ||
		    row->avg[0] == row->avg[1])
			continue;
		strbuf_addf(sb, "%s%s: ", sb->len ? "\n" : "", row->name);
		head = headline && !strcmp(row->name, headline);
		/* the verdicts first: the line leads with the level */
		rc |= compare_format_welch(&scratch, t, row, 0, 2, &vb);
		rc |= compare_format_welch(&scratch, t, row, 1, 2, &vc);
		strbuf_release(&scratch);
		l = judge(row, &vb, &vc, &share);
		strbuf_addf(sb, "%s\n  base %g, culprit %g, culprit + fix "
			    "%g\n  culprit + fix against base",
			    level_text(l, share, buf, sizeof(buf)),
			    row->avg[0], row->avg[1], row->avg[2]);
		rc |= compare_format_welch(sb, t, row, 0, 2, &vb);
		strbuf_adds(sb, "\n  culprit + fix against culprit");
		rc |= compare_format_welch(sb, t, row, 1, 2, &vc);
		strbuf_addch(sb, '\n');
		/* the headline decides; else the first changed KPI */
		if (!have || (head && have == 1)) {
			out->level = l;
			out->share = share;
			have = head ? 2 : 1;
		}
	}
	snprintf(out->summary, sizeof(out->summary), "%s",
		 level_text(out->level, out->share, buf, sizeof(buf)));
	return rc ? LKB_ERR_TOO_BIG : LKB_OK;
}
