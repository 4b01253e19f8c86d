/* test_address.c - parsers/address and parsers/msgid. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "tests/unit/check_main.h"
#include "lib/arena.h"
#include "parsers/address.h"
#include "parsers/msgid.h"

/* Up to three expected addresses per row, "name|addr". */
static const struct {
	const char *in;
	size_t n;
	const char *want[3];
} addr_cases[] = {
	/* RFC 5322 s3.4 name-addr */
	{ "kernel test robot <lkp@intel.com>", 1,
	  { "kernel test robot|lkp@intel.com" } },
	/* a comma inside a quoted display name does not split */
	{ "\"Yin, Fengwei\" <fengwei.yin@intel.com>, Dave <d@x.org>", 2,
	  { "Yin, Fengwei|fengwei.yin@intel.com", "Dave|d@x.org" } },
	/* s4.4: the name in a trailing comment */
	{ "lkp@intel.com (kernel test robot)", 1,
	  { "kernel test robot|lkp@intel.com" } },
	{ "linux-xfs@vger.kernel.org", 1, { "|linux-xfs@vger.kernel.org" } },
	/* RFC 2047 s5 (3) encoded word as a phrase */
	{ "=?utf-8?q?J=C3=B6rg?= <j@x>", 1, { "J\xc3\xb6rg|j@x" } },
	/* ... and (lenient) inside quotes */
	{ "\"=?utf-8?q?J=C3=B6rg?=\" <j@x>", 1, { "J\xc3\xb6rg|j@x" } },
	/* s3.4 group with no members */
	{ "undisclosed-recipients:;", 0, { NULL } },
	/* group members count, the group name does not */
	{ "team: a@x, b@y;, c@z", 3, { "|a@x", "|b@y", "|c@z" } },
	/* s4.4 obs-route is dropped */
	{ "<@route,@r2:user@host>", 1, { "|user@host" } },
	/* s4.1 obs-phrase: an unquoted "." in a name */
	{ "Darrick J. Wong <djwong@kernel.org>", 1,
	  { "Darrick J. Wong|djwong@kernel.org" } },
	/* quoted pairs */
	{ "\"a \\\"q\\\" b\" <x@y>", 1, { "a \"q\" b|x@y" } },
	/* unclosed angle bracket */
	{ "broken <x@y", 1, { "broken|x@y" } },
	{ " , ,", 0, { NULL } },
	{ "", 0, { NULL } },
	/* obfuscated scrape addresses are kept as written */
	{ "rong.a.chen@...el.com", 1, { "|rong.a.chen@...el.com" } },
	/* a bare phrase without any address */
	{ "Name Only", 1, { "Name Only|" } },
};

START_TEST(address_table)
{
	struct arena a = ARENA_INIT;
	struct address *v;
	size_t n = address_parse_list(&a, addr_cases[_i].in,
				      strlen(addr_cases[_i].in), 100, &v);

	ck_assert_uint_eq(n, addr_cases[_i].n);
	for (size_t k = 0; k < n; k++) {
		char got[256];

		snprintf(got, sizeof(got), "%s|%s", v[k].name, v[k].addr);
		ck_assert_str_eq(got, addr_cases[_i].want[k]);
	}
	if (!n)
		ck_assert_ptr_null(v);
	arena_release(&a);
}
END_TEST

START_TEST(address_max)
{
	struct arena a = ARENA_INIT;
	struct address *v;

	ck_assert_uint_eq(address_parse_list(&a, "a@x, b@y, c@z", 13, 2, &v),
			  2);
	ck_assert_str_eq(v[1].addr, "b@y");
	arena_release(&a);
}
END_TEST

static const struct {
	const char *in;
	size_t n;
	const char *want[3];
} id_cases[] = {
	/* corpus #16: "%" inside the id */
	{ "<62b241d3.CmOrZi26Vac8nqGm%lkp@intel.com>", 1,
	  { "62b241d3.CmOrZi26Vac8nqGm%lkp@intel.com" } },
	/* RFC 5322 s3.6.4 References: ids separated by CFWS */
	{ "<a@b> <c@d>\t<e@f>", 3, { "a@b", "c@d", "e@f" } },
	/* commas between ids (seen in the wild) */
	{ "<a@b>,<c@d>", 2, { "a@b", "c@d" } },
	/* no angle brackets at all */
	{ "a@b", 1, { "a@b" } },
	{ "a@b c@d", 2, { "a@b", "c@d" } },
	/* s4.5.4 obs-in-reply-to: phrases and comments around the id */
	{ "<a@b> (Your message of \"Mon, 1 Jan 2019\" <junk@x>)", 1,
	  { "a@b" } },
	{ "Your message of \"Mon, 1 Jan\" <a@b>", 1, { "a@b" } },
	/* unclosed brackets */
	{ "<a@b", 1, { "a@b" } },
	{ "<a@b <c@d>", 2, { "a@b", "c@d" } },
	/* a fold inside an id left a blank after unfolding */
	{ "<20190708 .GP17490@shao2-debian>", 1,
	  { "20190708.GP17490@shao2-debian" } },
	{ "<>", 0, { NULL } },
	{ "junk", 0, { NULL } },
	{ "", 0, { NULL } },
};

START_TEST(msgid_table)
{
	struct arena a = ARENA_INIT;
	const char **ids;
	size_t n = msgid_parse_list(&a, id_cases[_i].in,
				    strlen(id_cases[_i].in), 0, &ids, NULL);

	ck_assert_uint_eq(n, id_cases[_i].n);
	for (size_t k = 0; k < n; k++)
		ck_assert_str_eq(ids[k], id_cases[_i].want[k]);
	if (n)
		ck_assert_str_eq(msgid_parse_first(&a, id_cases[_i].in,
						   strlen(id_cases[_i].in)),
				 id_cases[_i].want[0]);
	else
		ck_assert_ptr_null(msgid_parse_first(&a, id_cases[_i].in,
						     strlen(id_cases[_i].in)));
	arena_release(&a);
}
END_TEST

/* Over the limit: the root and the nearest max - 1 are kept. */
START_TEST(msgid_limit_keeps_root_and_tail)
{
	struct arena a = ARENA_INIT;
	const char *in = "<1@x> <2@x> <3@x> <4@x> <5@x>";
	const char **ids;
	size_t dropped = 0;

	ck_assert_uint_eq(msgid_parse_list(&a, in, strlen(in), 3, &ids,
					   &dropped), 3);
	ck_assert_uint_eq(dropped, 2);
	ck_assert_str_eq(ids[0], "1@x");
	ck_assert_str_eq(ids[1], "4@x");
	ck_assert_str_eq(ids[2], "5@x");
	arena_release(&a);
}
END_TEST

#define N(a) ((int)(sizeof(a) / sizeof((a)[0])))

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("address");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, address_table, 0, N(addr_cases));
	tcase_add_test(tc, address_max);
	tcase_add_loop_test(tc, msgid_table, 0, N(id_cases));
	tcase_add_test(tc, msgid_limit_keeps_root_and_tail);
	suite_add_tcase(s, tc);
	return s;
}
