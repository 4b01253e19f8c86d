/* test_escape.c - header, body and quote encoders. */
#include "config.h"

#include <string.h>

#include "tests/unit/check_main.h"
#include "lib/limits.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "templates/escape.h"

static void
hdr(size_t col, const char *in, size_t len, const char *want)
{
	struct strbuf sb = STRBUF_INIT;

	ck_assert_int_eq(escape_header_text(&sb, col, in, len), LKB_OK);
	ck_assert_str_eq(sb.buf, want);
	strbuf_release(&sb);
}

START_TEST(esc_header_plain_and_empty)
{
	hdr(9, "", 0, "");
	hdr(9, "hello world", 11, "hello world");
	hdr(9, "tab\there", 8, "tab\there");
}
END_TEST

START_TEST(esc_header_folds_long_ascii)
{
	struct strbuf in = STRBUF_INIT, sb = STRBUF_INIT;
	const char *want =
		"word01 word02 word03 word04 word05 word06 word07 word08 "
		"word09 word10\r\n word11 word12 word13 word14 word15 word16 "
		"word17 word18 word19 word20";

	/* "Subject: " is 9 columns; 10 words reach column 78 exactly, the
	 * 11th goes to a folded line (RFC 5322 2.2.3) */
	for (int i = 1; i <= 20; i++)
		strbuf_addf(&in, "%sword%02d", i > 1 ? " " : "",
			    i);
	ck_assert_int_eq(escape_header_text(&sb, 9, in.buf, in.len), LKB_OK);
	ck_assert_str_eq(sb.buf, want);
	strbuf_release(&in);
	strbuf_release(&sb);
}
END_TEST

START_TEST(esc_header_rfc2047)
{
	/* RFC 2047 4.2: Q encoding; U+00FC = C3 BC, U+00DF = C3 9F */
	hdr(9, "Gr\xc3\xbc\xc3\x9f" "e", 7, "=?UTF-8?Q?Gr=C3=BC=C3=9Fe?=");
	/* invalid UTF-8 becomes U+FFFD */
	hdr(9, "\xff", 1, "=?UTF-8?Q?=EF=BF=BD?=");
	/* "=?" in plain text would be decoded by readers: encode it */
	hdr(9, "a =?utf-8?q?x?=", 15,
	    "=?UTF-8?Q?a_=3D=3Futf-8=3Fq=3Fx=3F=3D?=");
}
END_TEST

START_TEST(esc_header_injection_encoded)
{
	struct strbuf sb = STRBUF_INIT;
	const char *evil = "hi\r\nBcc: evil@x";

	/* CR and LF can never reach the header: they are Q-encoded */
	hdr(9, evil, strlen(evil), "=?UTF-8?Q?hi=0D=0ABcc=3A_evil=40x?=");
	/* bare LF, NUL and ESC likewise */
	ck_assert_int_eq(escape_header_text(&sb, 9, "a\nb\0c\033", 6), LKB_OK);
	ck_assert_str_eq(sb.buf, "=?UTF-8?Q?a=0Ab=00c=1B?=");
	strbuf_release(&sb);
}
END_TEST

START_TEST(esc_header_long_encoded_words)
{
	struct strbuf in = STRBUF_INIT, sb = STRBUF_INIT;
	const char *p, *e;
	size_t words = 0, chars = 0;

	for (int i = 0; i < 40; i++)
		strbuf_adds(&in, "\xc3\xbc");
	ck_assert_int_eq(escape_header_text(&sb, 9, in.buf, in.len), LKB_OK);
	/* words separated by "\r\n "; each <= 75 bytes (RFC 2047 2), each
	 * holding whole characters (6 bytes "=C3=BC" each) */
	for (p = sb.buf; *p; p = e + (*e ? 3 : 0)) {
		e = strstr(p, "\r\n ");
		if (!e)
			e = p + strlen(p);
		ck_assert_uint_le((size_t)(e - p), 75);
		ck_assert_int_eq(strncmp(p, "=?UTF-8?Q?", 10), 0);
		ck_assert_int_eq(strncmp(e - 2, "?=", 2), 0);
		ck_assert_uint_eq((size_t)(e - p - 12) % 6, 0);
		chars += (size_t)(e - p - 12) / 6;
		words++;
	}
	ck_assert_uint_eq(chars, 40);
	/* first line: 9 + 12 + 9 * 6 = 75 <= 78; then 10 per word */
	ck_assert_uint_eq(words, 5);
	strbuf_release(&in);
	strbuf_release(&sb);
}
END_TEST

START_TEST(esc_header_unfoldable_word)
{
	char word[1200];
	struct strbuf sb = STRBUF_INIT;

	/* one 1100-byte word cannot fold under 998: it gets encoded */
	memset(word, 'a', 1100);
	ck_assert_int_eq(escape_header_text(&sb, 9, word, 1100), LKB_OK);
	ck_assert_int_eq(strncmp(sb.buf, "=?UTF-8?Q?", 10), 0);
	for (const char *p = sb.buf, *e; *p; p = e + 3) {
		e = strstr(p, "\r\n ");
		if (!e) {
			ck_assert_uint_le(strlen(p), 75);
			break;
		}
		ck_assert_uint_le((size_t)(e - p), 75);
	}
	strbuf_release(&sb);
}
END_TEST

static void
phrase(const char *in, const char *want)
{
	struct strbuf sb = STRBUF_INIT;

	ck_assert_int_eq(escape_header_phrase(&sb, in, strlen(in)), LKB_OK);
	ck_assert_str_eq(sb.buf, want);
	strbuf_release(&sb);
}

START_TEST(esc_phrase)
{
	phrase("Jane Doe", "Jane Doe");	/* RFC 5322 3.2.5 atoms */
	phrase("Doe, Jane", "\"Doe, Jane\"");	/* ',' is a special */
	phrase("a\"b\\c", "\"a\\\"b\\\\c\"");	/* quoted-pair */
	phrase("J\xc3\xbcrgen", "=?UTF-8?Q?J=C3=BCrgen?=");
	phrase("x\r\nBcc: y", "=?UTF-8?Q?x=0D=0ABcc=3A_y?=");
}
END_TEST

START_TEST(esc_addr_and_msgid)
{
	const char *good[] = { "a@b.c", "lkp@intel.com",
			       "first.last+tag@sub.example.org" };
	const char *bad[] = { "", "ab", "a@", "@b", "a@b@c", "a b@c",
			      "a@b\r\nBcc: x", "<a@b>", "a,b@c", "\"a\"@b",
			      "a@b\x7f", "a\xc3\xbc@b" };
	char long_id[LKB_MAX_MSGID_BYTES + 2];

	for (size_t i = 0; i < sizeof(good) / sizeof(*good); i++)
		ck_assert_msg(escape_addr_ok(good[i]), "%s", good[i]);
	for (size_t i = 0; i < sizeof(bad) / sizeof(*bad); i++)
		ck_assert_msg(!escape_addr_ok(bad[i]), "%s", bad[i]);
	ck_assert(escape_msgid_ok("20260101.abc@intel.com"));
	ck_assert(!escape_msgid_ok(""));
	ck_assert(!escape_msgid_ok("a b@c"));
	ck_assert(!escape_msgid_ok("a>\r\nBcc: x"));
	ck_assert(!escape_msgid_ok("<x@y>"));
	memset(long_id, 'a', sizeof(long_id) - 1);
	long_id[sizeof(long_id) - 1] = '\0';
	ck_assert(!escape_msgid_ok(long_id));
	long_id[LKB_MAX_MSGID_BYTES] = '\0';
	ck_assert(escape_msgid_ok(long_id));
}
END_TEST

static void
body(const char *in, size_t len, const char *want, enum body_encoding want_e)
{
	struct strbuf sb = STRBUF_INIT;
	enum body_encoding e;

	ck_assert_int_eq(escape_body(&sb, in, len, &e), LKB_OK);
	ck_assert_str_eq(sb.buf, want);
	ck_assert_int_eq(e, want_e);
	strbuf_release(&sb);
}

START_TEST(esc_body)
{
	body("", 0, "\r\n", BODY_7BIT);
	body("hello\n", 6, "hello\r\n", BODY_7BIT);
	body("a\r\nb", 4, "a\r\nb\r\n", BODY_7BIT);
	body("x\ry\n", 4, "xy\r\n", BODY_7BIT);	/* bare CR dropped */
	body("t\tf\f\n", 5, "t\tf\f\r\n", BODY_7BIT);
	body("n\0z\n", 4, "n\xef\xbf\xbdz\r\n", BODY_8BIT);
	body("\xc3\xa9\n", 3, "\xc3\xa9\r\n", BODY_8BIT);
	body("\xc3\n", 2, "\xef\xbf\xbd\r\n", BODY_8BIT);
	ck_assert_str_eq(escape_body_encoding_name(BODY_QP),
			 "quoted-printable");
}
END_TEST

START_TEST(esc_body_qp_when_long)
{
	struct strbuf in = STRBUF_INIT, want = STRBUF_INIT, sb = STRBUF_INIT;
	enum body_encoding e;
	int i;

	/* 999 bytes > LKB_MAX_MAIL_LINE: quoted-printable, RFC 2045 6.7:
	 * 75 characters + "=" soft break per line; "=" itself is "=3D" and
	 * a space ending a line "=20" */
	for (i = 0; i < 999; i++)
		strbuf_addch(&in, 'a');
	strbuf_adds(&in, "\nx=y \n");
	for (i = 0; i < 999; i++) {
		if (i && i % 75 == 0)
			strbuf_adds(&want, "=\r\n");
		strbuf_addch(&want, 'a');
	}
	strbuf_adds(&want, "\r\nx=3Dy=20\r\n");
	ck_assert_int_eq(escape_body(&sb, in.buf, in.len, &e), LKB_OK);
	ck_assert_int_eq(e, BODY_QP);
	ck_assert_str_eq(sb.buf, want.buf);
	/* exactly 998 stays 7bit */
	strbuf_reset(&sb);
	ck_assert_int_eq(escape_body(&sb, in.buf + 1, 998, &e), LKB_OK);
	ck_assert_int_eq(e, BODY_7BIT);
	strbuf_release(&in);
	strbuf_release(&want);
	strbuf_release(&sb);
}
END_TEST

START_TEST(esc_quote)
{
	struct strbuf sb = STRBUF_INIT;
	const char *in = "a\n\n>b\r\nc";

	ck_assert_int_eq(escape_quote(&sb, "", 0), LKB_OK);
	ck_assert_str_eq(sb.buf, "");
	ck_assert_int_eq(escape_quote(&sb, in, strlen(in)), LKB_OK);
	ck_assert_str_eq(sb.buf, "> a\n>\n>>b\n> c\n");
	strbuf_release(&sb);
}
END_TEST

START_TEST(esc_utf8_len)
{
	/* RFC 3629 section 3/4: overlong, surrogates, > U+10FFFF invalid */
	ck_assert_uint_eq(escape_utf8_len("a", 1), 1);
	ck_assert_uint_eq(escape_utf8_len("\xe2\x82\xac", 3), 3);
	ck_assert_uint_eq(escape_utf8_len("\xf0\x9f\x98\x80", 4), 4);
	ck_assert_uint_eq(escape_utf8_len("\xc0\x80", 2), 0);
	ck_assert_uint_eq(escape_utf8_len("\xe0\x80\x80", 3), 0);
	ck_assert_uint_eq(escape_utf8_len("\xed\xa0\x80", 3), 0);
	ck_assert_uint_eq(escape_utf8_len("\xf4\x90\x80\x80", 4), 0);
	ck_assert_uint_eq(escape_utf8_len("\xe2\x82", 2), 0);
	ck_assert_uint_eq(escape_utf8_len("\x80", 1), 0);
	ck_assert_uint_eq(escape_utf8_len("", 0), 0);
}
END_TEST

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("escape");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, esc_header_plain_and_empty);
	tcase_add_test(tc, esc_header_folds_long_ascii);
	tcase_add_test(tc, esc_header_rfc2047);
	tcase_add_test(tc, esc_header_injection_encoded);
	tcase_add_test(tc, esc_header_long_encoded_words);
	tcase_add_test(tc, esc_header_unfoldable_word);
	tcase_add_test(tc, esc_phrase);
	tcase_add_test(tc, esc_addr_and_msgid);
	tcase_add_test(tc, esc_body);
	tcase_add_test(tc, esc_body_qp_when_long);
	tcase_add_test(tc, esc_quote);
	tcase_add_test(tc, esc_utf8_len);
	suite_add_tcase(s, tc);
	return s;
}
