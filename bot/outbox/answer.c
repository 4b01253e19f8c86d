/* answer.c - template data shared by every answer (triage, preview). */
#include "config.h"
#include "bot/outbox/answer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/report/stored.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"
#include "parsers/lkp_command.h"
#include "parsers/lkp_report.h"
#include "state/store.h"
#include "state/store_report.h"
#include "state/store_triage.h"
#include "templates/tvalue.h"

/* The report part every answer carries (templates/mail/_footer.tmpl). */
struct tvalue *
answer_report_value(struct store *st, int64_t report_id)
{
	struct tvalue *rep = tvalue_new_map(), *commits = tvalue_new_list();
	struct store_report_brief b;
	struct strbuf params = STRBUF_INIT;
	struct stored_report sr;
	struct lkp_kv *kv = NULL;
	size_t nkv = 0;
	char id[32];

	snprintf(id, sizeof(id), "%lld", (long long)report_id);
	tvalue_map_set_str(rep, "id", id);
	tvalue_map_set(rep, "commits", commits);
	if (store_report_brief_get(st, report_id, &b) != 1) {
		tvalue_map_set_str(rep, "subject", "");
		tvalue_map_set_str(rep, "params", "");
		return rep;
	}
	tvalue_map_set_str(rep, "subject", b.subject ? b.subject : "");
	if (report_stored_load(st, report_id, &sr) != 1)
		sr.r = NULL;
	if (b.commit_sha) {
		struct tvalue *c = tvalue_new_map();
		const char *subj = sr.r ? sr.r->commit_subject : NULL;
		char *title = subj ? xasprintf("(\"%s\")", subj) : xstrdup("");

		tvalue_map_set_str(c, "sha", b.commit_sha);
		tvalue_map_set_str(c, "title", title);
		tvalue_list_push(commits, c);
		free(title);
	}
	if (sr.r) {
		kv = xcalloc(sr.r->nparams ? sr.r->nparams : 1, sizeof(*kv));
		nkv = report_kv_unique(sr.r->params, sr.r->nparams, kv);
	}
	for (size_t i = 0; i < nkv; i++)
		if (kv[i].value &&
		    strbuf_addf(&params, "%s%s=%s", params.len ? " " : "",
				kv[i].key, kv[i].value))
			break;
	tvalue_map_set_str(rep, "params", params.buf);
	strbuf_release(&params);
	free(kv);
	report_stored_release(&sr);
	store_report_brief_release(&b);
	return rep;
}

/* Column of the help text where a verb's description starts, counted
 * from "#lkp": a longer synopsis has the description on a line of its
 * own. */
#define HELP_COLUMN 31

struct tvalue *
answer_verbs_value(void)
{
	struct tvalue *list = tvalue_new_list(), *e;
	char gap[HELP_COLUMN + 4];

	for (int i = 0; i < LKP_CMD__COUNT; i++) {
		const struct lkp_verb_info *vi = lkp_verb_info((enum lkp_verb)i);
		size_t n = strlen("#lkp ") + (vi->synopsis ?
					      strlen(vi->synopsis) : 0);

		if (!vi->synopsis)
			continue;
		if (n + 2 <= HELP_COLUMN)
			snprintf(gap, sizeof(gap), "%*s",
				 (int)(HELP_COLUMN - n), "");
		else
			snprintf(gap, sizeof(gap), "\n%*s", HELP_COLUMN + 2, "");
		e = tvalue_new_map();
		tvalue_map_set_str(e, "synopsis", vi->synopsis);
		tvalue_map_set_str(e, "gap", gap);
		tvalue_map_set_str(e, "help", vi->help);
		tvalue_list_push(list, e);
	}
	return list;
}
