/* test_tpl.c - template parser, value tree and renderer. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/unit/check_main.h"
#include "lib/limits.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "templates/render.h"
#include "templates/tpl_parse.h"
#include "templates/tpl_set.h"
#include "templates/tvalue.h"
#include "templates/tvalue_json.h"

/* Render src with JSON data; returns the status, output in out, error in
 * err. */
static int
run(const char *src, const char *json, struct strbuf *out, struct strbuf *err)
{
	struct tpl *t = NULL;
	struct tvalue *v = NULL;
	int rc;

	strbuf_reset(out);
	strbuf_reset(err);
	rc = tvalue_from_json("data.json", json, strlen(json), &v, err);
	ck_assert_int_eq(rc, LKB_OK);
	rc = tpl_parse("t.tmpl", src, strlen(src), &t, err);
	if (rc == LKB_OK)
		rc = render_template(t, v, NULL, out, err);
	tpl_free(t);
	tvalue_free(v);
	return rc;
}

static void
expect(const char *src, const char *json, const char *want)
{
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	int rc = run(src, json, &out, &err);

	ck_assert_msg(rc == LKB_OK, "render '%s': %s", src, err.buf);
	ck_assert_str_eq(out.buf, want);
	strbuf_release(&out);
	strbuf_release(&err);
}

static void
expect_err(const char *src, const char *json, int want_rc,
	   const char *want_msg)
{
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	int rc = run(src, json, &out, &err);

	ck_assert_int_eq(rc, want_rc);
	ck_assert_msg(strstr(err.buf, want_msg) != NULL,
		      "error '%s' lacks '%s'", err.buf, want_msg);
	strbuf_release(&out);
	strbuf_release(&err);
}

START_TEST(tpl_empty_and_plain)
{
	expect("", "{}", "");
	expect("no tags\n", "{}", "no tags\n");
	expect("{ not a tag } {", "{}", "{ not a tag } {");
	expect("}} alone", "{}", "}} alone");
}
END_TEST

START_TEST(tpl_variables)
{
	expect("a {{x}} b", "{\"x\":\"X\"}", "a X b");
	expect("{{ x }}", "{\"x\":\"sp\"}", "sp");
	expect("{{a.b.c}}", "{\"a\":{\"b\":{\"c\":\"deep\"}}}", "deep");
	/* numbers become their decimal text */
	expect("{{n}}/{{f}}", "{\"n\":42,\"f\":1.5}", "42/1.5");
	/* values are inserted as they are: no HTML escaping */
	expect("{{x}}", "{\"x\":\"<a&b>\"}", "<a&b>");
	/* a value holding braces is not re-parsed */
	expect("{{x}}", "{\"x\":\"{{y}}\"}", "{{y}}");
}
END_TEST

START_TEST(tpl_unknown_variable_is_error)
{
	expect_err("line1\nline2 {{nope}}\n", "{}", LKB_ERR_TEMPLATE,
		   "t.tmpl:2: unknown variable 'nope'");
	expect_err("{{a.zz}}", "{\"a\":{}}", LKB_ERR_TEMPLATE,
		   "t.tmpl:1: unknown variable 'a.zz'");
	expect_err("{{#s}}x{{/s}}", "{}", LKB_ERR_TEMPLATE,
		   "unknown variable 's' in section");
	/* not a string: an error, not an empty string */
	expect_err("{{l}}", "{\"l\":[]}", LKB_ERR_TEMPLATE,
		   "variable 'l' is a list, not a string");
	expect_err("{{n}}", "{\"n\":null}", LKB_ERR_TEMPLATE,
		   "is a null, not a string");
	expect_err("{{b}}", "{\"b\":true}", LKB_ERR_TEMPLATE,
		   "is a boolean, not a string");
}
END_TEST

START_TEST(tpl_sections)
{
	const char *d = "{\"l\":[{\"n\":\"1\"},{\"n\":\"2\"}],\"e\":[],"
			"\"t\":true,\"f\":false,\"s\":\"str\",\"z\":\"\","
			"\"m\":{\"k\":\"v\"},\"o\":\"outer\"}";

	expect("{{#l}}[{{n}}]{{/l}}", d, "[1][2]");
	expect("{{#e}}x{{/e}}", d, "");
	expect("{{#t}}yes{{/t}}{{#f}}no{{/f}}", d, "yes");
	expect("{{#s}}<{{.}}>{{/s}}", d, "<str>");
	expect("{{#z}}no{{/z}}", d, "");
	expect("{{#m}}{{k}}{{/m}}", d, "v");
	/* inner scopes see outer names */
	expect("{{#l}}{{o}}{{n}} {{/l}}", d, "outer1 outer2 ");
	expect("{{^e}}empty{{/e}}{{^l}}no{{/l}}{{^f}}F{{/f}}", d, "emptyF");
	expect("{{#l}}{{#t}}{{n}}{{/t}}{{/l}}", d, "12");
	/* list of strings with {{.}} */
	expect("{{#x}}{{.}},{{/x}}", "{\"x\":[\"a\",\"b\"]}", "a,b,");
}
END_TEST

START_TEST(tpl_standalone_lines)
{
	const char *d = "{\"l\":[\"a\",\"b\"],\"f\":false}";

	/* control tags alone on their line take the line with them */
	expect("begin\n{{#l}}\n- {{.}}\n{{/l}}\nend\n", d,
	       "begin\n- a\n- b\nend\n");
	expect("  {{! comment }}  \nx\n", d, "x\n");
	expect("{{^f}}\nshown\n{{/f}}\n", d, "shown\n");
	/* CRLF line ends too */
	expect("a\r\n{{#f}}\r\nno\r\n{{/f}}\r\nb\r\n", d, "a\r\nb\r\n");
	/* not standalone: other text or tags on the line */
	expect("x {{#l}}{{.}}{{/l}}\n", d, "x ab\n");
	expect("{{#l}}{{.}}{{/l}} y\n", d, "ab y\n");
	/* variables never take the line */
	expect("{{#l}}\n{{.}}\n{{/l}}", d, "a\nb\n");
}
END_TEST

START_TEST(tpl_comments)
{
	expect("a{{! anything {{ here }}b", "{}", "ab");
	expect("a{{!\nmulti\nline\n}}b{{x}}", "{\"x\":\"X\"}", "abX");
	/* line numbers keep counting through comments */
	expect_err("{{!\n\n}}\n{{nope}}", "{}", LKB_ERR_TEMPLATE,
		   "t.tmpl:4: unknown variable");
}
END_TEST

START_TEST(tpl_malformed)
{
	struct { const char *src; const char *msg; } cases[] = {
		{ "{{x", "t.tmpl:1: malformed tag" },
		{ "ok\n{{x y}}", "t.tmpl:2: malformed tag" },
		{ "{{}}", "t.tmpl:1: bad name ''" },
		{ "{{{x}}}", "unsupported tag '{{{'" },
		{ "{{&x}}", "unsupported tag '{{&'" },
		{ "{{=<% %>=}}", "unsupported tag '{{='" },
		{ "{{#a}}\n\n{{/b}}", "t.tmpl:3: '{{/b}}' closes 'a' opened on line 1" },
		{ "{{/a}}", "closes no section" },
		{ "\n{{#a}}x", "t.tmpl:2: section 'a' is never closed" },
		{ "{{! never closed", "comment is not closed" },
		{ "{{a..b}}", "bad name 'a..b'" },
		{ "{{.a}}", "bad name '.a'" },
		{ "{{>../../etc/passwd}}", "malformed tag" },
		{ "{{>a.b}}", "bad name 'a.b'" },
		{ "{{x\n}}", "malformed tag" },
	};
	struct strbuf err = STRBUF_INIT;
	struct tpl *t;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		t = NULL;
		ck_assert_int_eq(tpl_parse("t.tmpl", cases[i].src,
					   strlen(cases[i].src), &t, &err),
				 LKB_ERR_TEMPLATE);
		ck_assert_ptr_null(t);
		ck_assert_msg(strstr(err.buf, cases[i].msg) != NULL,
			      "case %zu: '%s' lacks '%s'", i, err.buf,
			      cases[i].msg);
	}
	/* a NUL byte in a template */
	ck_assert_int_eq(tpl_parse("t.tmpl", "a\0b", 3, &t, &err),
			 LKB_ERR_TEMPLATE);
	ck_assert_ptr_nonnull(strstr(err.buf, "NUL byte"));
	ck_assert_int_eq(tpl_parse("t.tmpl", "{{\0}}", 5, &t, &err),
			 LKB_ERR_TEMPLATE);
	strbuf_release(&err);
}
END_TEST

START_TEST(tpl_depth_limit)
{
	struct strbuf src = STRBUF_INIT, err = STRBUF_INIT;
	struct tpl *t = NULL;

	for (int i = 0; i <= LKB_MAX_TEMPLATE_DEPTH; i++)
		strbuf_adds(&src, "{{#a}}");
	ck_assert_int_eq(tpl_parse("t.tmpl", src.buf, src.len, &t, &err),
			 LKB_ERR_TEMPLATE);
	ck_assert_ptr_nonnull(strstr(err.buf, "LKB_MAX_TEMPLATE_DEPTH"));
	strbuf_release(&src);
	strbuf_release(&err);
}
END_TEST

START_TEST(tpl_size_limits)
{
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	struct tvalue *v = tvalue_new_map();
	struct tpl *t = NULL;
	char *big = malloc(LKB_MAX_TEMPLATE_BYTES + 1);

	memset(big, 'x', LKB_MAX_TEMPLATE_BYTES + 1);
	ck_assert_int_eq(tpl_parse("t.tmpl", big, LKB_MAX_TEMPLATE_BYTES + 1,
				   &t, &err), LKB_ERR_TOO_BIG);
	/* output cap: a capped strbuf refuses, the renderer says so */
	tvalue_map_set_str(v, "x", "0123456789");
	ck_assert_int_eq(tpl_parse("t.tmpl", "{{x}}{{x}}", 10, &t, &err),
			 LKB_OK);
	strbuf_init_capped(&out, 15);
	ck_assert_int_eq(render_template(t, v, NULL, &out, &err),
			 LKB_ERR_TOO_BIG);
	ck_assert_ptr_nonnull(strstr(err.buf, "LKB_MAX_RENDER_BYTES"));
	tpl_free(t);
	tvalue_free(v);
	free(big);
	strbuf_release(&out);
	strbuf_release(&err);
}
END_TEST

/* Partials come from a directory of NAME.tmpl files. */
static char *
make_dir(void)
{
	char tmpl[] = "/tmp/lkb-tpl-XXXXXX";
	char *d = mkdtemp(tmpl);
	char path[256];
	FILE *f;

	ck_assert_ptr_nonnull(d);
	snprintf(path, sizeof(path), "%s/_part.tmpl", d);
	f = fopen(path, "w");
	fputs("[{{who}}]", f);
	fclose(f);
	snprintf(path, sizeof(path), "%s/main.tmpl", d);
	f = fopen(path, "w");
	fputs("hi {{>_part}}!\n{{#l}}{{>_part}}{{/l}}\n", f);
	fclose(f);
	snprintf(path, sizeof(path), "%s/self.tmpl", d);
	f = fopen(path, "w");
	fputs("x{{>self}}", f);
	fclose(f);
	snprintf(path, sizeof(path), "%s/bad.tmpl", d);
	f = fopen(path, "w");
	fputs("one\ntwo {{>missing}}\n", f);
	fclose(f);
	return strdup(d);
}

START_TEST(tpl_partials)
{
	char *dir = make_dir();
	const char *dirs[] = { "/nonexistent-lkb", dir };
	struct tpl_set *set = tpl_set_new(dirs, 2);
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	struct tvalue *v = NULL;
	const char *json = "{\"who\":\"A\",\"l\":[{\"who\":\"B\"},{}]}";
	char cmd[300];

	ck_assert_int_eq(tvalue_from_json("d", json, strlen(json), &v, &err),
			 LKB_OK);
	ck_assert_int_eq(render_named(set, "main", v, &out, &err), LKB_OK);
	/* the second item has no "who": the outer one is found */
	ck_assert_str_eq(out.buf, "hi [A]!\n[B][A]\n");
	strbuf_reset(&out);
	/* a partial including itself stops at the depth limit */
	ck_assert_int_eq(render_named(set, "self", v, &out, &err),
			 LKB_ERR_TEMPLATE);
	ck_assert_ptr_nonnull(strstr(err.buf, "LKB_MAX_TEMPLATE_DEPTH"));
	strbuf_reset(&out);
	ck_assert_int_eq(render_named(set, "bad", v, &out, &err),
			 LKB_ERR_TEMPLATE);
	ck_assert_msg(strstr(err.buf, "bad.tmpl:2: partial 'missing'") != NULL,
		      "%s", err.buf);
	ck_assert_int_eq(render_named(set, "nosuch", v, &out, &err),
			 LKB_ERR_NOT_FOUND);
	ck_assert_int_eq(render_named(set, "../etc", v, &out, &err),
			 LKB_ERR_TEMPLATE);
	tvalue_free(v);
	tpl_set_free(set);
	strbuf_release(&out);
	strbuf_release(&err);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
	free(dir);
}
END_TEST

START_TEST(tpl_tvalue_tree)
{
	struct tvalue *m = tvalue_new_map(), *l = tvalue_new_list();
	struct strbuf err = STRBUF_INIT;
	struct tvalue *v = NULL;

	tvalue_list_push(l, tvalue_new_string("a"));
	tvalue_map_set(m, "l", l);
	tvalue_map_set_str(m, "s", "one");
	tvalue_map_set_str(m, "s", "two");	/* replaces */
	ck_assert_uint_eq(tvalue_len(m), 2);
	ck_assert_str_eq(tvalue_str(tvalue_map_get(m, "s"), NULL), "two");
	ck_assert_ptr_null(tvalue_map_get(m, "nope"));
	ck_assert_ptr_null(tvalue_list_at(l, 1));
	ck_assert_str_eq(tvalue_map_key(m, 0), "l");
	ck_assert_int_eq(tvalue_truthy(tvalue_map_get(m, "l")), 1);
	tvalue_free(m);
	tvalue_free(NULL);
	/* JSON: bad syntax, NUL in a string, duplicate keys */
	ck_assert_int_eq(tvalue_from_json("d.json", "{\"a\":", 5, &v, &err),
			 LKB_ERR_PARSE);
	ck_assert_ptr_nonnull(strstr(err.buf, "d.json:1:"));
	ck_assert_int_eq(tvalue_from_json("d", "{\"a\":\"x\\u0000y\"}", 16,
					  &v, &err), LKB_ERR_PARSE);
	ck_assert_int_eq(tvalue_from_json("d", "{\"a\":1,\"a\":2}", 13, &v,
					  &err), LKB_ERR_PARSE);
	ck_assert_ptr_null(v);
	strbuf_release(&err);
}
END_TEST

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("tpl");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, tpl_empty_and_plain);
	tcase_add_test(tc, tpl_variables);
	tcase_add_test(tc, tpl_unknown_variable_is_error);
	tcase_add_test(tc, tpl_sections);
	tcase_add_test(tc, tpl_standalone_lines);
	tcase_add_test(tc, tpl_comments);
	tcase_add_test(tc, tpl_malformed);
	tcase_add_test(tc, tpl_depth_limit);
	tcase_add_test(tc, tpl_size_limits);
	tcase_add_test(tc, tpl_partials);
	tcase_add_test(tc, tpl_tvalue_tree);
	suite_add_tcase(s, tc);
	return s;
}
