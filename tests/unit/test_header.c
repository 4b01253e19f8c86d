/* test_header.c - parsers/header, charset, mime_transfer, mime_text:
 * the byte-level decoders behind message_parse(). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "tests/unit/check_main.h"
#include "lib/arena.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "parsers/charset.h"
#include "parsers/header.h"
#include "parsers/mime_text.h"
#include "parsers/mime_transfer.h"

/* A byte string with its length (may hold NUL). */
#define B(s) { s, sizeof(s) - 1 }
struct bytes {
	const char *p;
	size_t len;
};

static void
assert_bytes(const struct strbuf *sb, struct bytes want, const char *what)
{
	ck_assert_msg(sb->len == want.len && memcmp(sb->buf, want.p,
						    want.len) == 0,
		      "%s: got '%s' (%zu) want '%s' (%zu)", what, sb->buf,
		      sb->len, want.p, want.len);
	ck_assert_int_eq(sb->buf[sb->len], '\0');
}

static const struct {
	struct bytes in;
	struct bytes want;
	int flags;
} hdr_cases[] = {
	/* RFC 2047 s4.1 B: "wrE=" is C2 B1, the UTF-8 plus-minus */
	{ B("=?UTF-8?B?wrE=?="), B("\xc2\xb1"), 0 },
	/* s4.2 Q with a latin1 byte */
	{ B("=?iso-8859-1?q?caf=E9?="), B("caf\xc3\xa9"), 0 },
	/* s6.2: blanks between adjacent encoded words vanish */
	{ B("=?utf-8?q?a?= =?utf-8?q?b?="), B("ab"), 0 },
	{ B("=?utf-8?q?a?=\t  =?utf-8?b?Yg==?="), B("ab"), 0 },
	/* ... but text between them stays */
	{ B("=?utf-8?q?a?= x =?utf-8?q?b?="), B("a x b"), 0 },
	{ B("Re: =?utf-8?q?h=C3=A9llo?= world"), B("Re: h\xc3\xa9llo world"),
	  0 },
	/* s4.2 (2): "_" is a space */
	{ B("=?utf-8?q?a_b=20c?="), B("a b c"), 0 },
	/* a UTF-8 character split over two encoded words */
	{ B("=?utf-8?q?=C3?= =?utf-8?q?=A9?="), B("\xc3\xa9"), 0 },
	/* charset mix: latin1 word then UTF-8 word */
	{ B("=?iso-8859-1?q?=E9?= =?utf-8?q?=C3=A9?="),
	  B("\xc3\xa9\xc3\xa9"), 0 },
	/* RFC 2231 s5 language suffix */
	{ B("=?utf-8*en?b?w6k=?="), B("\xc3\xa9"), 0 },
	/* unknown charset: bytes kept, flagged */
	{ B("=?x-foo?q?abc?="), B("abc"), HEADER_BAD_CHARSET },
	/* not encoded words: left as written */
	{ B("=?utf-8?x?abc?="), B("=?utf-8?x?abc?="), 0 },
	{ B("=?utf-8?q?a b?="), B("=?utf-8?q?a b?="), 0 },
	{ B("=?utf-8?q?abc"), B("=?utf-8?q?abc"), 0 },
	/* doc/lkp-format.md 1.6: whitespace runs collapse, ends trimmed */
	{ B("  [mm]  01b9da291c:\t foo  "), B("[mm] 01b9da291c: foo"), 0 },
	/* raw 8-bit: UTF-8 kept, invalid bytes read as latin1 */
	{ B("caf\xc3\xa9"), B("caf\xc3\xa9"), 0 },
	{ B("caf\xe9"), B("caf\xc3\xa9"), 0 },
	/* NUL becomes U+FFFD */
	{ B("a\0b"), B("a\xef\xbf\xbd" "b"), 0 },
	{ B(""), B(""), 0 },
};

START_TEST(header_decode_table)
{
	struct strbuf sb = STRBUF_INIT;
	int f = header_decode(&sb, hdr_cases[_i].in.p, hdr_cases[_i].in.len);

	assert_bytes(&sb, hdr_cases[_i].want, hdr_cases[_i].in.p);
	ck_assert_int_eq(f, hdr_cases[_i].flags);
	strbuf_release(&sb);
}
END_TEST

/* header_decode_arena() copies a plain value as it is and decodes the
 * rest: the same bytes and flags as header_decode() either way. */
static const struct {
	struct bytes in;
	int plain;	/* taken as it is */
} plain_cases[] = {
	{ B("Jens Axboe"), 1 },
	{ B("[PATCH v2 3/7] io_uring: fix the thing"), 1 },
	{ B("x"), 1 },
	{ B(""), 1 },
	{ B("a=b ?= c= ?"), 1 },
	{ B("~!@#$%^&*()_+{}|:<>?`-=[]\\;',./"), 1 },
	{ B(" lead"), 1 },
	{ B("trail "), 1 },
	{ B("\t Jens Axboe \r\n"), 1 },
	{ B(" \t\n"), 1 },
	{ B("in  side "), 0 },
	{ B(" in\tside"), 0 },
	{ B("two  spaces"), 0 },
	{ B("a\tb"), 0 },
	{ B("a\nb"), 0 },
	{ B("a\rb"), 0 },
	{ B("del\x7f"), 0 },
	{ B("caf\xc3\xa9"), 0 },
	{ B("a\0b"), 0 },
	{ B("=?utf-8?q?x?="), 0 },
	{ B("a =?x"), 0 },
	{ B("=?"), 0 },
	{ B(" =?x "), 0 },
	{ B(" "), 1 },
};

START_TEST(header_decode_plain_same)
{
	struct bytes in = plain_cases[_i].in;
	struct strbuf sb = STRBUF_INIT;
	struct arena a;
	size_t before = header_decode_plain;
	char *got;
	int f = header_decode(&sb, in.p, in.len), g = -1;

	arena_init(&a);
	got = header_decode_arena(&a, in.p, in.len, &g);
	ck_assert_msg(strlen(got) == sb.len && !memcmp(got, sb.buf, sb.len),
		      "case %d: '%s' against '%s'", _i, got, sb.buf);
	ck_assert_int_eq(g, f);
	ck_assert_uint_eq(header_decode_plain - before,
			  (size_t)plain_cases[_i].plain);
	arena_release(&a);
	strbuf_release(&sb);
}
END_TEST

/* Every decoding case too: none of them is plain but the empty one. */
START_TEST(header_decode_arena_same)
{
	struct bytes in = hdr_cases[_i].in;
	struct arena a;
	int g = -1;
	char *got;

	arena_init(&a);
	got = header_decode_arena(&a, in.p, in.len, &g);
	ck_assert_msg(strlen(got) == hdr_cases[_i].want.len &&
		      !memcmp(got, hdr_cases[_i].want.p, hdr_cases[_i].want.len),
		      "case %d: '%s'", _i, got);
	ck_assert_int_eq(g, hdr_cases[_i].flags);
	arena_release(&a);
}
END_TEST

START_TEST(header_unfold_works)
{
	struct arena a = ARENA_INIT;

	/* RFC 5322 s2.2.3: CRLF before WSP is removed, the WSP stays */
	ck_assert_str_eq(header_unfold(&a, "a\r\n b", 5), "a b");
	ck_assert_str_eq(header_unfold(&a, "  x\r\n\ty  ", 9), "x\ty");
	ck_assert_str_eq(header_unfold(&a, "-67.7%\n regression", 18),
			 "-67.7% regression");
	ck_assert_str_eq(header_unfold(&a, "", 0), "");
	/* LFs only: each line copied whole; several folds; a lone CR */
	ck_assert_str_eq(header_unfold(&a, "<a@b>\n <c@d>\n\t<e@f>\n", 20),
			 "<a@b> <c@d>\t<e@f>");
	ck_assert_str_eq(header_unfold(&a, "x\n\n y\n", 7), "x y");
	ck_assert_str_eq(header_unfold(&a, "x\ry\n z", 7), "xy z");
	ck_assert_str_eq(header_unfold(&a, "\n x \n ", 6), "x");
	arena_release(&a);
}
END_TEST

/* doc/lkp-format.md 1.3: the plus-minus sign in every disguise. */
static const struct {
	const char *label;
	struct bytes in;
	struct bytes want;
	int flags;
} cs_cases[] = {
	/* labels lie: raw 0xB1 in a us-ascii part */
	{ "us-ascii", B("a\xb1 b"), B("a\xc2\xb1 b"), 0 },
	{ "\"US-ASCII\"", B("\xb1"), B("\xc2\xb1"), 0 },
	{ "", B("\xb1"), B("\xc2\xb1"), 0 },
	/* UTF-8 C2 B1 is kept */
	{ "utf-8", B("\xc2\xb1"), B("\xc2\xb1"), 0 },
	/* a lone 0xB1 in "utf-8" is invalid UTF-8: read as latin1 */
	{ "utf-8", B("3\xb1 4"), B("3\xc2\xb1 4"), 0 },
	/* iso-8859-1: 0xB1 and the pair C2 B1 are both one "±" */
	{ "iso-8859-1", B("\xb1"), B("\xc2\xb1"), 0 },
	{ "iso-8859-1", B("\xc2\xb1"), B("\xc2\xb1"), 0 },
	{ "latin1", B("caf\xe9"), B("caf\xc3\xa9"), 0 },
	/* through iconv: windows-1252 0x80 is the euro sign */
	{ "windows-1252", B("\x80\xb1"), B("\xe2\x82\xac\xc2\xb1"), 0 },
	/* koi8-r 0xC1 is U+0430; its 0xB1 still becomes "±" (the rule) */
	{ "koi8-r", B("\xc1\xb1"), B("\xd0\xb0\xc2\xb1"), 0 },
	/* multibyte charsets are left to iconv: U+043A in UTF-16LE */
	{ "utf-16le", B("\x3a\x04"), B("\xd0\xba"), 0 },
	/* unknown label: UTF-8 with latin1 fallback, flagged */
	{ "x-foo", B("a\xb1"), B("a\xc2\xb1"), CHARSET_UNKNOWN },
	{ "iso-8859-1//TRANSLIT", B("a"), B("a"), CHARSET_UNKNOWN },
	/* NUL becomes U+FFFD in every path */
	{ "us-ascii", B("a\0b"), B("a\xef\xbf\xbd" "b"), CHARSET_NUL },
	{ "iso-8859-1", B("\0"), B("\xef\xbf\xbd"), CHARSET_NUL },
	{ "windows-1252", B("\0"), B("\xef\xbf\xbd"), CHARSET_NUL },
	/* invalid for the charset: U+FFFD, flagged */
	{ "utf-16le", B("\x3a"), B("\xef\xbf\xbd"), CHARSET_INVALID },
	/* overlong and surrogate UTF-8 are invalid: latin1 bytes */
	{ "utf-8", B("\xc0\xaf"), B("\xc3\x80\xc2\xaf"), 0 },
	{ "utf-8", B("\xed\xa0\x80"), B("\xc3\xad\xc2\xa0\xc2\x80"), 0 },
	{ "utf-8", B("\xf0\x9f\x98\x80"), B("\xf0\x9f\x98\x80"), 0 },
};

START_TEST(charset_table)
{
	struct strbuf sb = STRBUF_INIT;
	struct textout t;
	int f;

	textout_init(&t, &sb);
	f = charset_decode(&t, cs_cases[_i].label, strlen(cs_cases[_i].label),
			   cs_cases[_i].in.p, cs_cases[_i].in.len);
	ck_assert_int_eq(textout_flush(&t), LKB_OK);
	assert_bytes(&sb, cs_cases[_i].want, cs_cases[_i].label);
	ck_assert_int_eq(f, cs_cases[_i].flags);
	strbuf_release(&sb);
}
END_TEST

/* The staging buffer flushes correctly across its size. */
START_TEST(charset_long_input)
{
	struct strbuf sb = STRBUF_INIT;
	struct textout t;
	size_t n = 3 * TEXTOUT_CHUNK + 7;
	char *in = malloc(n);

	memset(in, 0xb1, n);
	textout_init(&t, &sb);
	charset_decode(&t, "us-ascii", 8, in, n);
	ck_assert_int_eq(textout_flush(&t), LKB_OK);
	ck_assert_uint_eq(sb.len, 2 * n);
	for (size_t i = 0; i < n; i++)
		ck_assert(memcmp(sb.buf + 2 * i, "\xc2\xb1", 2) == 0);
	free(in);
	strbuf_release(&sb);
}
END_TEST

START_TEST(charset_cap_is_kept)
{
	struct strbuf sb;
	struct textout t;

	strbuf_init_capped(&sb, 10);
	textout_init(&t, &sb);
	charset_decode(&t, "utf-8", 5, "0123456789abcdef", 16);
	ck_assert_int_eq(textout_flush(&t), LKB_ERR_TOO_BIG);
	ck_assert_uint_le(sb.len, 10);
	strbuf_release(&sb);
}
END_TEST

static const struct {
	struct bytes in;
	struct bytes want;
} qp_cases[] = {
	/* RFC 2045 s6.7 rule 5: soft line break, LF and CRLF */
	{ B("abc=\r\ndef"), B("abcdef") },
	{ B("...stress-ng.switch.o=\nps_per_sec"),
	  B("...stress-ng.switch.ops_per_sec") },
	/* blanks after the soft-break "=" (transport padding) */
	{ B("a=  \nb"), B("ab") },
	/* the plus-minus sign as QP */
	{ B("=B1"), B("\xb1") },
	{ B("=C2=B1"), B("\xc2\xb1") },
	/* lower-case hex is accepted (s6.7 says upper) */
	{ B("=e9"), B("\xe9") },
	{ B("a=3Db"), B("a=b") },
	/* not an escape: kept literally */
	{ B("a=zz"), B("a=zz") },
	{ B("a=4"), B("a=4") },
	/* "=" at the very end is a soft break */
	{ B("a="), B("a") },
	/* hard line ends and trailing blanks are kept */
	{ B("a \r\nb\n"), B("a \r\nb\n") },
	{ B(""), B("") },
};

START_TEST(qp_table)
{
	struct strbuf sb = STRBUF_INIT;

	ck_assert_int_eq(mime_qp_decode(&sb, qp_cases[_i].in.p,
					qp_cases[_i].in.len), 0);
	assert_bytes(&sb, qp_cases[_i].want, qp_cases[_i].in.p);
	strbuf_release(&sb);
}
END_TEST

static const struct {
	struct bytes in;
	struct bytes want;
	int flags;
} b64_cases[] = {
	{ B("aGVsbG8="), B("hello"), 0 },
	/* RFC 2045 s6.8: line breaks are ignored */
	{ B("aGVs\r\nbG8=\r\n"), B("hello"), 0 },
	{ B("aGVsbA=="), B("hell"), 0 },
	/* truncated: the bytes held are kept, flagged */
	{ B("aGVsbG8"), B("hello"), TRANSFER_TRUNCATED },
	{ B("aGVsb"), B("hel"), TRANSFER_TRUNCATED },
	/* junk outside the alphabet is skipped, flagged */
	{ B("aGV*sbG8="), B("hello"), TRANSFER_JUNK },
	{ B("wrE="), B("\xc2\xb1"), 0 },
	{ B(""), B(""), 0 },
};

START_TEST(base64_table)
{
	struct strbuf sb = STRBUF_INIT;

	ck_assert_int_eq(mime_base64_decode(&sb, b64_cases[_i].in.p,
					    b64_cases[_i].in.len),
			 b64_cases[_i].flags);
	assert_bytes(&sb, b64_cases[_i].want, b64_cases[_i].in.p);
	strbuf_release(&sb);
}
END_TEST

static const struct {
	struct bytes in;
	int delsp;
	struct bytes want;
} flow_cases[] = {
	/* RFC 3676 s4.2: a line ending in a space flows into the next */
	{ B("a \nb\n"), 0, B("a b\n") },
	/* s4.5 DelSp=yes: that space is removed */
	{ B("a \nb\n"), 1, B("ab\n") },
	/* quoted lines join within the same depth (s4.5) */
	{ B("> a \n> b\n"), 0, B("> a b\n") },
	/* depth changes end the paragraph */
	{ B("> a \nb\n"), 0, B("> a \nb\n") },
	/* s4.3 the signature separator never flows */
	{ B("-- \nsig\n"), 0, B("-- \nsig\n") },
	/* s4.4 space-stuffing is removed */
	{ B(" From x\n"), 0, B("From x\n") },
	{ B("fixed\nlines\n"), 0, B("fixed\nlines\n") },
	{ B("last \n"), 0, B("last \n") },
};

START_TEST(flowed_table)
{
	struct strbuf sb = STRBUF_INIT;

	ck_assert_int_eq(text_unflow(&sb, flow_cases[_i].in.p,
				     flow_cases[_i].in.len,
				     flow_cases[_i].delsp), LKB_OK);
	assert_bytes(&sb, flow_cases[_i].want, flow_cases[_i].in.p);
	strbuf_release(&sb);
}
END_TEST

static const struct {
	struct bytes in;
	struct bytes want;
} html_cases[] = {
	{ B("<p>a &amp; b</p><br>c&plusmn;1"), B("a & b\n\nc\xc2\xb1" "1\n") },
	{ B("<script>x<y</script>z"), B("z\n") },
	{ B("<style type=\"a>b\">p{}</style>t"), B("t\n") },
	{ B("a<!-- <p> -->b"), B("ab\n") },
	{ B("&#177;&#xb1;&bogus;"), B("\xc2\xb1\xc2\xb1&bogus;\n") },
	{ B("<pre>a  b\n c</pre>"), B("a  b\n c\n") },
	{ B("a   \n\n  b"), B("a b\n") },
	{ B("x < y"), B("x < y\n") },
	{ B(""), B("") },
};

START_TEST(html_table)
{
	struct strbuf sb = STRBUF_INIT;

	ck_assert_int_eq(text_from_html(&sb, html_cases[_i].in.p,
					html_cases[_i].in.len), LKB_OK);
	assert_bytes(&sb, html_cases[_i].want, html_cases[_i].in.p);
	strbuf_release(&sb);
}
END_TEST

START_TEST(crlf_to_lf)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_add(&sb, "a\r\nb\rc\r\n\r\n", 10);
	text_crlf_to_lf(&sb, 0);
	ck_assert_str_eq(sb.buf, "a\nb\rc\n\n");
	ck_assert_uint_eq(sb.len, 7);
	strbuf_release(&sb);
}
END_TEST

#define N(a) ((int)(sizeof(a) / sizeof((a)[0])))

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("header");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, header_decode_table, 0, N(hdr_cases));
	tcase_add_loop_test(tc, header_decode_plain_same, 0, N(plain_cases));
	tcase_add_loop_test(tc, header_decode_arena_same, 0, N(hdr_cases));
	tcase_add_test(tc, header_unfold_works);
	tcase_add_loop_test(tc, charset_table, 0, N(cs_cases));
	tcase_add_test(tc, charset_long_input);
	tcase_add_test(tc, charset_cap_is_kept);
	tcase_add_loop_test(tc, qp_table, 0, N(qp_cases));
	tcase_add_loop_test(tc, base64_table, 0, N(b64_cases));
	tcase_add_loop_test(tc, flowed_table, 0, N(flow_cases));
	tcase_add_loop_test(tc, html_table, 0, N(html_cases));
	tcase_add_test(tc, crlf_to_lf);
	suite_add_tcase(s, tc);
	return s;
}
