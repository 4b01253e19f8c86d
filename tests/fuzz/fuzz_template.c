/* fuzz_template.c - libFuzzer target for the template parser and the
 * renderer (doc/style.md R39): the input is template text, rendered against a
 * small fixed value tree (strings, a bool, null, lists, nested maps). */
#include "config.h"

#include <stddef.h>
#include <stdint.h>

#include "lib/log.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "templates/render.h"
#include "templates/tpl_parse.h"
#include "templates/tvalue.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The fixed data tree; owned by this file, built once. */
static struct tvalue *
data_tree(void)
{
	static struct tvalue *root;
	struct tvalue *report, *commits, *c, *items;

	if (root)
		return root;
	root = tvalue_new_map();
	tvalue_map_set_str(root, "version", "0.1.0");
	tvalue_map_set_str(root, "result", "report 17 is <closed> & \"done\"");
	tvalue_map_set_str(root, "empty", "");
	tvalue_map_set(root, "yes", tvalue_new_bool(1));
	tvalue_map_set(root, "no", tvalue_new_bool(0));
	tvalue_map_set(root, "nothing", tvalue_new_null());
	tvalue_map_set(root, "none", tvalue_new_list());
	report = tvalue_new_map();
	tvalue_map_set_str(report, "id", "17");
	tvalue_map_set_str(report, "subject", "[linus:master] [mm] "
			   "3f1c2e4d5a: will-it-scale -12.3% regression");
	commits = tvalue_new_list();
	c = tvalue_new_map();
	tvalue_map_set_str(c, "sha", "3f1c2e4d5a6b");
	tvalue_map_set_str(c, "title", "(\"mm: batch page freeing\")");
	tvalue_list_push(commits, c);
	c = tvalue_new_map();
	tvalue_map_set_str(c, "sha", "0123456789ab");
	tvalue_map_set(c, "title", tvalue_new_null());
	tvalue_list_push(commits, c);
	tvalue_map_set(report, "commits", commits);
	tvalue_map_set(root, "report", report);
	items = tvalue_new_list();
	tvalue_list_push(items, tvalue_new_string("a"));
	tvalue_list_push(items, tvalue_new_string("b\nc"));
	tvalue_map_set(root, "items", items);
	return root;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct strbuf err = STRBUF_INIT, out = STRBUF_INIT;
	struct tpl *t = NULL;

	log_set_level(LOG_LVL_QUIET);
	if (tpl_parse("fuzz.tmpl", (const char *)data, size, &t, &err) ==
	    LKB_OK) {
		for (const struct tpl_node *n = tpl_nodes(t); n; n = n->next)
			if (n->kind >= TPL__COUNT)
				__builtin_trap();
		strbuf_reset(&err);
		/* no template set: a partial is an error, not a file read */
		if (render_template(t, data_tree(), NULL, &out, &err) !=
			    LKB_OK && !err.len)
			__builtin_trap();	/* a failure says why */
	}
	tpl_free(t);
	strbuf_release(&out);
	strbuf_release(&err);
	return 0;
}
