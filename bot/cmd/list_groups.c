/* list_groups.c - `lkpbot list --group`: the groups of reports (one
 * culprit, one patch, versions of one patch) with why each member is in
 * its group, and the proposals a closed member makes for the others. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "bot/cmd/list_reports.h"
#include "bot/core/json_out.h"
#include "bot/report/group.h"
#include "lib/status.h"

static json_t *
member_json(const struct report_group_member *m)
{
	json_t *o = json_object(), *why = json_array();
	static const struct {
		unsigned bit;
		const char *key;
	} whys[] = {
		{ GW_COMMIT, "same commit" },
		{ GW_PATCH, "same patch" },
		{ GW_SUBJECT, "same subject and author" },
	};

	for (size_t i = 0; i < sizeof(whys) / sizeof(whys[0]); i++)
		if (m->why & whys[i].bit)
			json_array_append_new(why, json_string(whys[i].key));
	json_object_set_new(o, "id", json_integer(m->id));
	json_object_set_new(o, "kind", json_out_str(m->kind));
	json_object_set_new(o, "state", json_out_str(m->state));
	json_object_set_new(o, "close_reason", json_out_str(m->close_reason));
	json_object_set_new(o, "commit", json_out_str(m->commit_sha));
	json_object_set_new(o, "subject", json_out_str(m->subject));
	json_object_set_new(o, "why", why);
	return o;
}

static void
member_print(const struct report_group_member *m)
{
	char why[80], state[48];

	report_group_why(m->why, why, sizeof(why));
	snprintf(state, sizeof(state), "%s%s%s%s", m->state,
		 m->close_reason ? " (" : "",
		 m->close_reason ? m->close_reason : "",
		 m->close_reason ? ")" : "");
	printf("  %6lld  %-22s %-12.12s %-24s %s\n", (long long)m->id, state,
	       m->commit_sha ? m->commit_sha : "-", why, m->subject);
}

static int
proposal_out(const struct report_proposal *p, void *arg)
{
	json_t *arr = arg, *o;

	if (!arr) {
		printf("  proposal: %s\n    %s\n    %s\n", p->text, p->cli,
		       p->mail);
		return 0;
	}
	o = json_object();
	json_object_set_new(o, "report", json_integer(p->report_id));
	json_object_set_new(o, "text", json_string(p->text));
	json_object_set_new(o, "command", json_string(p->cli));
	json_object_set_new(o, "mail", json_string(p->mail));
	json_array_append_new(arr, o);
	return 0;
}

int
list_groups(struct bot_ctx *ctx, int json)
{
	struct report_groups *g = NULL;
	json_t *doc = NULL, *arr = NULL, *props = NULL;
	int rc = report_groups_load(ctx->st, &g);

	if (rc != LKB_OK)
		return ctx_exit_code(rc);
	if (json) {
		doc = json_out_doc();
		arr = json_array();
		props = json_array();
		json_object_set_new(doc, "groups", arr);
		json_object_set_new(doc, "proposals", props);
	}
	for (size_t i = 0; i < report_groups_count(g); i++) {
		const struct report_group *gr = report_groups_at(g, i);
		json_t *members = json ? json_array() : NULL;

		if (!json)
			printf("group %zu: %zu reports\n", i + 1, gr->n);
		for (size_t j = 0; j < gr->n; j++) {
			if (json)
				json_array_append_new(members,
						      member_json(&gr->m[j]));
			else
				member_print(&gr->m[j]);
		}
		if (json) {
			json_t *o = json_object();

			json_object_set_new(o, "members", members);
			json_array_append_new(arr, o);
		}
	}
	rc = report_group_proposals(ctx->st, g, 0, proposal_out, props);
	if (rc == LKB_OK && doc)
		json_out_print(doc);
	else if (rc == LKB_OK)
		printf("%zu groups\n", report_groups_count(g));
	json_decref(doc);
	report_groups_free(g);
	return ctx_exit_code(rc);
}
