/* test_verify.c - DKIM sender verification: domain alignment, the key
 * file, mail that cannot verify, the canonical body length an l= tag is
 * held against (signed mail: tests/sh/t0350-dkim.sh). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bot/triage/verify.h"
#include "lib/status.h"
#include "tests/unit/check_main.h"

/* From: domain, signing domain, aligned? */
static const struct {
	const char *dom, *d;
	int want;
} align_cases[] = {
	{ NULL, "example.org", 0 },			/* no From: domain */
	{ "example.org", NULL, 0 },			/* no d= */
	{ "example.org", "", 0 },
	{ "example.org", "example.org", 1 },		/* equal */
	{ "Example.ORG", "example.org", 1 },		/* any case */
	{ "lists.example.org", "example.org", 1 },	/* a subdomain */
	{ "example.org", "lists.example.org", 0 },	/* not the reverse */
	{ "badexample.org", "example.org", 0 },		/* a label boundary */
	{ "example.org", "org", 0 },			/* never a bare TLD */
	{ "example.net", "example.org", 0 },
};

START_TEST(verify_alignment)
{
	ck_assert_int_eq(verify_aligned(align_cases[_i].dom,
					align_cases[_i].d),
			 align_cases[_i].want);
}
END_TEST

static char *
write_tmp(const char *text)
{
	char *path = strdup("/tmp/lkb-verify.XXXXXX");
	int fd = mkstemp(path);

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	return path;
}

START_TEST(verify_key_file)
{
	struct verify *v = NULL;
	char *good = write_tmp("# keys\n\ns1._domainkey.example.org "
			       "v=DKIM1; k=rsa; p=AAAA\n");
	char *bad = write_tmp("s1._domainkey.example.org\n");

	ck_assert_int_eq(verify_new(good, &v), LKB_OK);
	ck_assert_ptr_nonnull(v);
	verify_free(v);
	v = NULL;
	ck_assert_int_eq(verify_new(bad, &v), LKB_ERR_CONFIG);
	ck_assert_ptr_null(v);
	ck_assert_int_eq(verify_new("/nonexistent/keys", &v), LKB_ERR_CONFIG);
	verify_free(NULL);
	unlink(good);
	unlink(bad);
	free(good);
	free(bad);
}
END_TEST

/* mail that cannot verify, and the reason given */
static const struct {
	const char *mail, *from, *why;
} unverified_cases[] = {
	{ "From: a@example.org\nSubject: x\n\n#lkp close\n", "a@example.org",
	  "not verified: no DKIM signature" },
	{ "From: a@example.org\nSubject: x\n\n#lkp close\n", NULL,
	  "not verified: no From: address" },
	/* a second From: is never verified, signed or not */
	{ "From: a@example.org\nFrom: b@example.net\n\nx\n", "a@example.org",
	  "not verified: not one From: header" },
	/* issue 36: lkpbot reads the first instance of a field, libopendkim
	 * checks the last: each field lkpbot reads is there once only */
	{ "Message-ID: <evil@x>\nFrom: a@example.org\nMessage-ID: <m@x>\n\n"
	  "#lkp close\n", "a@example.org",
	  "not verified: threading header Message-ID appears twice" },
	{ "In-Reply-To: <r1@x>\nFrom: a@example.org\nIN-REPLY-TO: <r2@x>\n\n"
	  "x\n", "a@example.org",
	  "not verified: threading header In-Reply-To appears twice" },
	/* a name is cut before the blanks ahead of its colon */
	{ "References : <r1@x>\nFrom: a@example.org\nReferences: <r2@x>\n\n"
	  "x\n", "a@example.org",
	  "not verified: threading header References appears twice" },
	{ "Subject: close\nFrom: a@example.org\nSubject: hi\n\nx\n",
	  "a@example.org", "not verified: header Subject appears twice" },
	/* lines lkpbot and libopendkim might cut differently */
	{ "From: a@example.org\n \t\nMessage-ID: <m@x>\n\nx\n",
	  "a@example.org", "not verified: a header line is no field" },
	{ "From: a@example.org\nno field here\n\nx\n", "a@example.org",
	  "not verified: a header line is no field" },
	{ "From: a@example.org\nSubject: a\rMessage-ID: <m@x>\n\nx\n",
	  "a@example.org", "not verified: a header line is no field" },
	/* a signature that does not parse */
	{ "DKIM-Signature: v=1; d=example.org; s=s1\nFrom: a@example.org\n\nx\n",
	  "a@example.org", "not verified: bad signature" },
};

START_TEST(verify_unverified)
{
	struct verify *v = NULL;
	char *keys = write_tmp("");
	char why[200];
	const char *m = unverified_cases[_i].mail;

	ck_assert_int_eq(verify_new(keys, &v), LKB_OK);
	ck_assert_int_eq(verify_sender(v, m, strlen(m),
				       unverified_cases[_i].from, why,
				       sizeof(why)), 0);
	ck_assert_str_eq(why, unverified_cases[_i].why);
	verify_free(v);
	unlink(keys);
	free(keys);
}
END_TEST

/* body, relaxed?, its canonical length (RFC 6376 3.4.3, 3.4.4) */
static const struct {
	const char *body;
	int relaxed;
	size_t want;
} canon_cases[] = {
	{ "", 0, 2 },			/* simple: an empty body is CRLF */
	{ "", 1, 0 },
	{ "a\n", 0, 3 },
	{ "a", 0, 3 },			/* a CRLF added at the end */
	{ "a", 1, 3 },
	{ "x\r\ny\r\n", 0, 6 },
	{ "a  b \t\n\n", 0, 8 },	/* simple: blanks kept */
	{ "a  b \t\n\n", 1, 5 },	/* relaxed: "a b" */
	{ "  \n \n", 0, 7 },		/* simple: a line of blanks is kept */
	{ "  \n \n", 1, 0 },
	{ "\tx\n", 1, 4 },		/* relaxed: leading blanks are one SP */
	/* these are the canonlen libopendkim gave for each body, signed
	 * without l= */
	{ "#lkp status\n\nthanks  \n\n\n", 0, 25 },
	{ "#lkp status\n\nthanks  \n\n\n", 1, 23 },
	/* a lone CR is a line end, as libopendkim (FIXCRLF) counts it */
	{ "a\rb\n", 0, 6 },
	{ "ok\n\n#lkp close\n", 1, 18 },
};

START_TEST(verify_canon)
{
	const char *b = canon_cases[_i].body;

	ck_assert_uint_eq(verify_canon_len(b, strlen(b),
					   canon_cases[_i].relaxed),
			  canon_cases[_i].want);
}
END_TEST

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("verify");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, verify_alignment, 0,
			    (int)LKB_ARRAY_SIZE(align_cases));
	tcase_add_test(tc, verify_key_file);
	tcase_add_loop_test(tc, verify_canon, 0,
			    (int)LKB_ARRAY_SIZE(canon_cases));
	tcase_add_loop_test(tc, verify_unverified, 0,
			    (int)LKB_ARRAY_SIZE(unverified_cases));
	suite_add_tcase(s, tc);
	return s;
}
