/* test_imap_resp.c - IMAP response framing and parsing (parsers/imap_resp).
 * Inputs are copied into buffers of exactly their size, so a read past
 * the end shows under ASan. Expected values are read off the RFC 3501
 * grammar and the inputs by hand. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/unit/check_main.h"
#include "lib/limits.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "parsers/imap_resp.h"

/* An exact-size heap copy of n bytes (no NUL after them). */
static char *
dup_exact(const char *s, size_t n)
{
	char *p = malloc(n ? n : 1);

	ck_assert_ptr_nonnull(p);
	memcpy(p, s, n);
	return p;
}

#define LIT(s) (s), (sizeof(s) - 1)

static int
frame(const char *s, size_t n, size_t *flen)
{
	struct imap_framer fr = IMAP_FRAMER_INIT;
	char *p = dup_exact(s, n);
	int rc;

	*flen = 0;
	rc = imap_framer_scan(&fr, p, n, flen);
	free(p);
	return rc;
}

static int
parse(const char *s, size_t n, struct imap_resp *r)
{
	static char *keep;	/* spans stay valid until the next parse */

	free(keep);
	keep = dup_exact(s, n);
	return imap_resp_parse(keep, keep + n, r);
}

/* ---- framing ---- */

static const struct {
	const char *in;
	size_t len;
	int rc;
	size_t flen;
} frame_cases[] = {
	/* nothing yet */
	{ LIT(""), 0, 0 },
	/* one line, RFC 3501 7.1 */
	{ LIT("* OK hi\r\n"), 1, 9 },
	/* CR without LF: not complete */
	{ LIT("* OK hi\r"), 0, 0 },
	/* only the first of two responses */
	{ LIT("* 1 EXISTS\r\nL1 OK x\r\n"), 1, 12 },
	/* literal (RFC 3501 4.3) holding CRLF and a fake response */
	{ LIT("* 1 FETCH (BODY[] {14}\r\na\r\n* 2 FETCH b)\r\n"), 1, 41 },
	/* literal announced, bytes still missing */
	{ LIT("* 1 FETCH (BODY[] {14}\r\na\r\n"), 0, 0 },
	/* literal complete, closing line missing */
	{ LIT("* 1 FETCH (BODY[] {1}\r\na"), 0, 0 },
	/* LITERAL+ form {n+} (RFC 7888) */
	{ LIT("* X {2+}\r\nab\r\n"), 1, 14 },
	/* text ending in "}" without "{": no literal */
	{ LIT("* OK x}\r\n"), 1, 9 },
	/* "{}" announces nothing valid */
	{ LIT("* X {}\r\n"), LKB_ERR_PROTO, 0 },
	/* literal over LKB_MAX_MESSAGE_BYTES */
	{ LIT("* X {999999999}\r\n"), LKB_ERR_TOO_BIG, 0 },
	/* more than 10 digits */
	{ LIT("* X {12345678901}\r\n"), LKB_ERR_TOO_BIG, 0 },
	/* zero-length literal */
	{ LIT("* X {0}\r\n\r\n"), 1, 11 },
};

START_TEST(framer_table)
{
	size_t flen;
	int rc = frame(frame_cases[_i].in, frame_cases[_i].len, &flen);

	ck_assert_msg(rc == frame_cases[_i].rc, "case %d: rc %d", _i, rc);
	if (rc == 1)
		ck_assert_uint_eq(flen, frame_cases[_i].flen);
}
END_TEST

START_TEST(framer_resumes_byte_by_byte)
{
	static const char in[] =
		"* 7 FETCH (UID 9 BODY[] {12}\r\nline1\r\n{3}\r\n)\r\nL1 OK\r\n";
	size_t total = 45, flen = 0;	/* through ")\r\n" */
	struct imap_framer fr = IMAP_FRAMER_INIT;
	int rc = 0;

	for (size_t n = 0; n <= total; n++) {
		char *p = dup_exact(in, n);

		rc = imap_framer_scan(&fr, p, n, &flen);
		free(p);
		if (n < total)
			ck_assert_msg(rc == 0, "prefix %zu: rc %d", n, rc);
	}
	ck_assert_int_eq(rc, 1);
	ck_assert_uint_eq(flen, total);
}
END_TEST

START_TEST(framer_line_limit)
{
	size_t n = LKB_MAX_IMAP_LINE_BYTES + 2;
	char *p = malloc(n);
	struct imap_framer fr = IMAP_FRAMER_INIT;
	size_t flen;

	ck_assert_ptr_nonnull(p);
	memset(p, 'a', n);
	ck_assert_int_eq(imap_framer_scan(&fr, p, n, &flen), LKB_ERR_TOO_BIG);
	free(p);
}
END_TEST

/* A literal over LKB_MAX_MESSAGE_BYTES with drop_big (the FETCH of a
 * server whose RFC822.SIZE understated, issue 36 row 11): where its
 * digits and bytes are; zeroed, the response frames as an empty literal
 * and parses as a body of 0 bytes. Over LKB_MAX_IMAP_DROP_BYTES and
 * without drop_big it stays an error. */
START_TEST(framer_drop_big)
{
	char in[] = "* 1 FETCH (UID 5 BODY[] {70000000}\r\n)\r\n";
	struct imap_framer fr = IMAP_FRAMER_INIT;
	struct imap_resp r;
	size_t flen, n = strlen(in);

	ck_assert_int_eq(imap_framer_scan(&fr, in, n, &flen), LKB_ERR_TOO_BIG);
	fr = (struct imap_framer)IMAP_FRAMER_INIT;
	fr.drop_big = 1;
	ck_assert_int_eq(imap_framer_scan(&fr, in, n, &flen), IMAP_FRAMER_BIG);
	ck_assert_uint_eq(fr.big, 70000000);
	ck_assert_uint_eq(fr.big_digits, 25);
	ck_assert_uint_eq(fr.big_data, 36);
	memset(in + fr.big_digits, '0', 8);
	ck_assert_int_eq(imap_framer_scan(&fr, in, n, &flen), 1);
	ck_assert_uint_eq(flen, n);
	ck_assert_int_eq(imap_resp_parse(in, in + n, &r), LKB_OK);
	ck_assert_int_eq(r.has_body, 1);
	ck_assert_uint_eq(r.uid, 5);
	ck_assert_uint_eq(r.body.len, 0);
	fr = (struct imap_framer)IMAP_FRAMER_INIT;
	fr.drop_big = 1;
	ck_assert_int_eq(imap_framer_scan(&fr, "* 1 FETCH (UID 5 BODY[] "
					  "{9999999999}\r\n", 38, &flen),
			 LKB_ERR_TOO_BIG);
}
END_TEST

/* ---- parsing ---- */

START_TEST(parse_null_and_empty)
{
	struct imap_resp r;

	ck_assert_int_eq(imap_resp_parse(NULL, NULL, &r), LKB_ERR_PROTO);
	ck_assert_int_eq(parse(LIT(""), &r), LKB_ERR_PROTO);
	ck_assert_int_eq(parse(LIT("\r\n"), &r), LKB_ERR_PROTO);
}
END_TEST

START_TEST(parse_tagged)
{
	struct imap_resp r;

	/* RFC 3501 7.1: tag SP cond SP [code] text */
	ck_assert_int_eq(parse(LIT("L1 OK [READ-ONLY] EXAMINE completed\r\n"),
			       &r), LKB_OK);
	ck_assert_int_eq(r.kind, IMAP_RK_TAGGED);
	ck_assert(span_eq(r.tag, "L1"));
	ck_assert_int_eq(r.cond, IMAP_COND_OK);
	ck_assert_int_eq(r.code, IMAP_CODE_OTHER);
	ck_assert(span_eq(r.text, "EXAMINE completed"));

	ck_assert_int_eq(parse(LIT("L2 NO [AUTHENTICATIONFAILED] bad\r\n"),
			       &r), LKB_OK);
	ck_assert_int_eq(r.cond, IMAP_COND_NO);
	ck_assert(span_eq(r.text, "bad"));

	/* no text at all, seen from real servers */
	ck_assert_int_eq(parse(LIT("L3 BAD\r\n"), &r), LKB_OK);
	ck_assert_int_eq(r.cond, IMAP_COND_BAD);
	ck_assert_uint_eq(r.text.len, 0);

	/* BYE and PREAUTH are never tagged */
	ck_assert_int_eq(parse(LIT("L4 BYE x\r\n"), &r), LKB_ERR_PROTO);
	ck_assert_int_eq(parse(LIT("L4 PREAUTH x\r\n"), &r), LKB_ERR_PROTO);
	/* no CRLF, junk after CRLF, unknown condition, bad tag chars */
	ck_assert_int_eq(parse(LIT("L5 OK done"), &r), LKB_ERR_PROTO);
	ck_assert_int_eq(parse(LIT("L5 OK done\r\nX"), &r), LKB_ERR_PROTO);
	ck_assert_int_eq(parse(LIT("L6 MAYBE x\r\n"), &r), LKB_ERR_PROTO);
	ck_assert_int_eq(parse(LIT("L(7 OK x\r\n"), &r), LKB_ERR_PROTO);
	ck_assert_int_eq(parse(LIT(" OK x\r\n"), &r), LKB_ERR_PROTO);
}
END_TEST

START_TEST(parse_status_codes)
{
	struct imap_resp r;

	/* RFC 3501 7.1: UIDVALIDITY and UIDNEXT response codes */
	ck_assert_int_eq(parse(LIT("* OK [UIDVALIDITY 1795983531] UIDs valid"
				   "\r\n"), &r), LKB_OK);
	ck_assert_int_eq(r.kind, IMAP_RK_UNTAGGED);
	ck_assert_int_eq(r.type, IMAP_U_STATUS);
	ck_assert_int_eq(r.code, IMAP_CODE_UIDVALIDITY);
	ck_assert_uint_eq(r.code_num, 1795983531u);
	ck_assert(span_eq(r.text, "UIDs valid"));

	ck_assert_int_eq(parse(LIT("* OK [UIDNEXT 306] Predicted next UID\r\n"),
			       &r), LKB_OK);
	ck_assert_int_eq(r.code, IMAP_CODE_UIDNEXT);
	ck_assert_uint_eq(r.code_num, 306);

	/* 2^32 does not fit a UID (RFC 3501 2.3.1.1: 32-bit) */
	ck_assert_int_eq(parse(LIT("* OK [UIDVALIDITY 4294967296] x\r\n"), &r),
			 LKB_ERR_PROTO);
	ck_assert_int_eq(parse(LIT("* OK [UIDNEXT] x\r\n"), &r),
			 LKB_ERR_PROTO);
	/* unterminated code */
	ck_assert_int_eq(parse(LIT("* OK [PERMANENTFLAGS (\\Seen x\r\n"), &r),
			 LKB_ERR_PROTO);
	/* other codes pass */
	ck_assert_int_eq(parse(LIT("* OK [PERMANENTFLAGS ()] Read-only.\r\n"),
			       &r), LKB_OK);
	ck_assert_int_eq(r.code, IMAP_CODE_OTHER);
	/* RFC 5530: a folder that is not there, as dovecot says it; a code
	 * that only starts with the word is another one */
	ck_assert_int_eq(parse(LIT("L3 NO [NONEXISTENT] Mailbox doesn't "
				   "exist: Nope\r\n"), &r), LKB_OK);
	ck_assert_int_eq(r.cond, IMAP_COND_NO);
	ck_assert_int_eq(r.code, IMAP_CODE_NONEXISTENT);
	ck_assert(span_eq(r.text, "Mailbox doesn't exist: Nope"));
	ck_assert_int_eq(parse(LIT("L4 NO [NONEXISTENTX] x\r\n"), &r),
			 LKB_OK);
	ck_assert_int_eq(r.code, IMAP_CODE_OTHER);

	ck_assert_int_eq(parse(LIT("* BYE shutting down\r\n"), &r), LKB_OK);
	ck_assert_int_eq(r.type, IMAP_U_STATUS);
	ck_assert_int_eq(r.cond, IMAP_COND_BYE);
	ck_assert(span_eq(r.text, "shutting down"));
}
END_TEST

START_TEST(parse_numbered)
{
	struct imap_resp r;

	ck_assert_int_eq(parse(LIT("* 305 EXISTS\r\n"), &r), LKB_OK);
	ck_assert_int_eq(r.type, IMAP_U_EXISTS);
	ck_assert_uint_eq(r.num, 305);
	ck_assert_int_eq(parse(LIT("* 0 RECENT\r\n"), &r), LKB_OK);
	ck_assert_int_eq(r.type, IMAP_U_RECENT);
	ck_assert_uint_eq(r.num, 0);
	ck_assert_int_eq(parse(LIT("* 3 expunge\r\n"), &r), LKB_OK);
	ck_assert_int_eq(r.type, IMAP_U_EXPUNGE);	/* case-insensitive */
	ck_assert_int_eq(parse(LIT("* 3 EXISTSX\r\n"), &r), LKB_ERR_PROTO);
	ck_assert_int_eq(parse(LIT("* 3 EXISTS junk\r\n"), &r),
			 LKB_ERR_PROTO);
	ck_assert_int_eq(parse(LIT("* 3 GONE\r\n"), &r), LKB_ERR_PROTO);
	ck_assert_int_eq(parse(LIT("* 99999999999 EXISTS\r\n"), &r),
			 LKB_ERR_PROTO);
}
END_TEST

START_TEST(parse_search)
{
	struct imap_resp r;
	const char *p, *end;
	uint32_t uid, want[] = { 1, 2, 4294967295u };
	size_t n = 0;
	int rc;

	ck_assert_int_eq(parse(LIT("* SEARCH 1 2 4294967295\r\n"), &r),
			 LKB_OK);
	ck_assert_int_eq(r.type, IMAP_U_SEARCH);
	p = r.search.p;
	end = p + r.search.len;
	while ((rc = imap_search_next(&p, end, &uid)) == 0) {
		ck_assert_uint_lt(n, 3);
		ck_assert_uint_eq(uid, want[n]);
		n++;
	}
	ck_assert_int_eq(rc, 1);
	ck_assert_uint_eq(n, 3);

	/* nothing found: "* SEARCH" alone (RFC 3501 7.2.5) */
	ck_assert_int_eq(parse(LIT("* SEARCH\r\n"), &r), LKB_OK);
	p = r.search.p;
	ck_assert_int_eq(imap_search_next(&p, p + r.search.len, &uid), 1);

	/* junk and zero (nz-number) in the list */
	ck_assert_int_eq(parse(LIT("* SEARCH 1 x\r\n"), &r), LKB_OK);
	p = r.search.p;
	end = p + r.search.len;
	ck_assert_int_eq(imap_search_next(&p, end, &uid), 0);
	ck_assert_int_eq(imap_search_next(&p, end, &uid), LKB_ERR_PROTO);
	ck_assert_int_eq(parse(LIT("* SEARCH 0\r\n"), &r), LKB_OK);
	p = r.search.p;
	ck_assert_int_eq(imap_search_next(&p, p + r.search.len, &uid),
			 LKB_ERR_PROTO);
	ck_assert_int_eq(parse(LIT("* SEARCH 12a\r\n"), &r), LKB_OK);
	p = r.search.p;
	ck_assert_int_eq(imap_search_next(&p, p + r.search.len, &uid),
			 LKB_ERR_PROTO);
}
END_TEST

START_TEST(parse_fetch_body)
{
	struct imap_resp r;

	/* RFC 3501 7.4.2 msg-att; the body holds a NUL and a CRLF */
	ck_assert_int_eq(parse(LIT("* 1 FETCH (UID 5 BODY[] {7}\r\nab\0c\r\nd)"
				   "\r\n"), &r), LKB_OK);
	ck_assert_int_eq(r.type, IMAP_U_FETCH);
	ck_assert_uint_eq(r.num, 1);
	ck_assert(r.has_uid && r.has_body);
	ck_assert_uint_eq(r.uid, 5);
	ck_assert_uint_eq(r.body.len, 7);
	ck_assert_int_eq(memcmp(r.body.p, "ab\0c\r\nd", 7), 0);

	/* items in any order, with the ones we skip */
	ck_assert_int_eq(parse(LIT("* 2 FETCH (RFC822.SIZE 2 BODY[] {2}\r\nhi "
				   "FLAGS (\\Seen $X) MODSEQ (12) UID 7 "
				   "INTERNALDATE \"1-Jan-2024 00:00:00 +0000\")"
				   "\r\n"), &r), LKB_OK);
	ck_assert_uint_eq(r.uid, 7);
	ck_assert(span_eq(r.body, "hi"));
	ck_assert(span_eq(r.flags, "\\Seen $X"));
	ck_assert(r.has_size);
	ck_assert_uint_eq(r.size, 2);

	/* RFC822 is the old name of BODY[] */
	ck_assert_int_eq(parse(LIT("* 2 FETCH (UID 8 RFC822 {1}\r\nx)\r\n"),
			       &r), LKB_OK);
	ck_assert(span_eq(r.body, "x"));
	/* NIL and a quoted string are nstrings too */
	ck_assert_int_eq(parse(LIT("* 2 FETCH (UID 8 BODY[] NIL)\r\n"), &r),
			 LKB_OK);
	ck_assert(r.has_body);
	ck_assert_uint_eq(r.body.len, 0);
	ck_assert_int_eq(parse(LIT("* 2 FETCH (UID 8 BODY[] \"q\")\r\n"), &r),
			 LKB_OK);
	ck_assert(span_eq(r.body, "q"));
}
END_TEST

START_TEST(parse_fetch_flags_only)
{
	struct imap_resp r;

	/* unsolicited flag update from another client */
	ck_assert_int_eq(parse(LIT("* 4 FETCH (FLAGS (\\Seen))\r\n"), &r),
			 LKB_OK);
	ck_assert(!r.has_body && !r.has_uid);
	ck_assert(span_eq(r.flags, "\\Seen"));
}
END_TEST

static const struct {
	const char *in;
	size_t len;
} fetch_bad[] = {
	/* a section we never ask for */
	{ LIT("* 1 FETCH (UID 5 BODY[HEADER] {2}\r\nhi)\r\n") },
	/* literal longer than the data */
	{ LIT("* 1 FETCH (UID 5 BODY[] {10}\r\nhi)\r\n") },
	/* UID 0 is not a UID (nz-number) */
	{ LIT("* 1 FETCH (UID 0)\r\n") },
	/* message number 0 */
	{ LIT("* 0 FETCH (UID 3)\r\n") },
	/* unknown item */
	{ LIT("* 1 FETCH (UID 5 X-GM-MSGID 123)\r\n") },
	/* missing ")" */
	{ LIT("* 1 FETCH (UID 5\r\n") },
	/* empty list */
	{ LIT("* 1 FETCH ()\r\n") },
	/* trailing junk after ")" */
	{ LIT("* 1 FETCH (UID 5) x\r\n") },
	/* escaped quoted body (we never unescape) */
	{ LIT("* 1 FETCH (UID 5 BODY[] \"a\\\"b\")\r\n") },
	/* unterminated flags */
	{ LIT("* 1 FETCH (FLAGS (\\Seen\r\n") },
	/* literal announcement without CRLF */
	{ LIT("* 1 FETCH (UID 5 BODY[] {2}hi)\r\n") },
	/* two spaces */
	{ LIT("* 1 FETCH (UID  5)\r\n") },
};

START_TEST(parse_fetch_malformed)
{
	struct imap_resp r;

	ck_assert_msg(parse(fetch_bad[_i].in, fetch_bad[_i].len, &r) ==
			      LKB_ERR_PROTO, "case %d", _i);
}
END_TEST

START_TEST(parse_keywords)
{
	struct imap_resp r;

	ck_assert_int_eq(parse(LIT("* CAPABILITY IMAP4rev1 MOVE UIDPLUS\r\n"),
			       &r), LKB_OK);
	ck_assert_int_eq(r.type, IMAP_U_CAPABILITY);
	ck_assert(span_eq(r.text, "IMAP4rev1 MOVE UIDPLUS"));
	ck_assert_int_eq(parse(LIT("* FLAGS (\\Answered \\Seen)\r\n"), &r),
			 LKB_OK);
	ck_assert_int_eq(r.type, IMAP_U_FLAGS);
	ck_assert_int_eq(parse(LIT("* LIST () \"/\" {5}\r\nINBOX\r\n"), &r),
			 LKB_OK);
	ck_assert_int_eq(r.type, IMAP_U_LIST);
	ck_assert(span_eq(r.list_name, "INBOX"));
	ck_assert_int_eq(parse(LIT("* ID NIL\r\n"), &r), LKB_OK);
	ck_assert_int_eq(r.type, IMAP_U_OTHER);
	ck_assert_int_eq(parse(LIT("+ go ahead\r\n"), &r), LKB_OK);
	ck_assert_int_eq(r.kind, IMAP_RK_CONTINUE);
	ck_assert(span_eq(r.text, "go ahead"));
	ck_assert_int_eq(parse(LIT("* \r\n"), &r), LKB_ERR_PROTO);
	ck_assert_int_eq(parse(LIT("* SEARCH 1\r\n2\r\n"), &r), LKB_ERR_PROTO);
}
END_TEST

/* LIST: the three forms of a name, flags, and hostile names shown
 * safely. */
START_TEST(parse_list)
{
	struct imap_resp r;
	struct strbuf sb = STRBUF_INIT;

	ck_assert_int_eq(parse(LIT("* LIST (\\HasNoChildren) \".\" INBOX\r\n"),
			       &r), LKB_OK);
	ck_assert_int_eq(r.type, IMAP_U_LIST);
	ck_assert(span_eq(r.list_name, "INBOX"));
	ck_assert(span_eq(r.list_flags, "\\HasNoChildren"));
	ck_assert_int_eq(imap_list_noselect(&r), 0);
	ck_assert_int_eq(parse(LIT("* LIST (\\Noselect \\HasChildren) NIL "
				   "\"a \\\"b\\\\\"\r\n"), &r), LKB_OK);
	ck_assert_int_eq(imap_list_noselect(&r), 1);
	ck_assert_int_eq(r.list_quoted, 1);
	ck_assert_int_eq(imap_list_name_show(&r, 60, &sb), LKB_OK);
	ck_assert_str_eq(sb.buf, "a \"b\\");
	strbuf_reset(&sb);
	/* a literal name with control bytes, an escape and 8-bit bytes */
	ck_assert_int_eq(parse(LIT("* LIST () \"/\" {8}\r\nx\x1b[2J\xff\ty\r\n"),
			       &r), LKB_OK);
	ck_assert_int_eq(imap_list_name_show(&r, 60, &sb), LKB_OK);
	ck_assert_str_eq(sb.buf, "x?[2J??y");
	strbuf_reset(&sb);
	ck_assert_int_eq(parse(LIT("* LIST () \"/\" abcdefgh\r\n"), &r),
			 LKB_OK);
	ck_assert_int_eq(imap_list_name_show(&r, 3, &sb), LKB_OK);
	ck_assert_str_eq(sb.buf, "abc...");
	strbuf_release(&sb);
	/* malformed: no flags, a bad escape, junk after the name */
	ck_assert_int_eq(parse(LIT("* LIST \"/\" INBOX\r\n"), &r),
			 LKB_ERR_PROTO);
	ck_assert_int_eq(parse(LIT("* LIST () \"/\" \"a\\b\"\r\n"), &r),
			 LKB_ERR_PROTO);
	ck_assert_int_eq(parse(LIT("* LIST () \"/\" INBOX x\r\n"), &r),
			 LKB_ERR_PROTO);
}
END_TEST

START_TEST(names_cover_enums)
{
	for (int i = 0; i < IMAP_U__COUNT; i++)
		ck_assert_str_ne(imap_utype_name((enum imap_utype)i), "?");
	for (int i = 0; i < IMAP_COND__COUNT; i++)
		ck_assert_str_ne(imap_cond_name((enum imap_cond)i), "?");
	ck_assert_str_eq(imap_utype_name(IMAP_U__COUNT), "?");
	ck_assert_str_eq(imap_cond_name(IMAP_COND__COUNT), "?");
}
END_TEST

/* What a real dovecot 2.3 sent for EXAMINE, UID SEARCH and UID FETCH
 * (tests/data/imap/dovecot-fetch.resp, captured with a plain socket
 * client): every frame must parse; the capture holds 3 bodies and 3
 * tagged answers. */
START_TEST(dovecot_capture)
{
	char path[4096];
	struct imap_framer fr = IMAP_FRAMER_INIT;
	struct imap_resp r;
	size_t off = 0, flen, len;
	int bodies = 0, tagged = 0, rc;
	char *buf;
	FILE *f;

	snprintf(path, sizeof(path), "%s/imap/dovecot-fetch.resp",
		 lkb_test_data_dir());
	f = fopen(path, "rb");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	buf = malloc(1 << 20);
	len = fread(buf, 1, 1 << 20, f);
	fclose(f);
	while (off < len) {
		rc = imap_framer_scan(&fr, buf + off, len - off, &flen);
		ck_assert_int_eq(rc, 1);
		ck_assert_int_eq(imap_resp_parse(buf + off, buf + off + flen,
						 &r), LKB_OK);
		bodies += r.has_body;
		tagged += r.kind == IMAP_RK_TAGGED;
		off += flen;
	}
	ck_assert_int_eq(bodies, 3);
	ck_assert_int_eq(tagged, 3);
	free(buf);
}
END_TEST

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("imap_resp");
	TCase *tc = tcase_create("frame");

	tcase_add_loop_test(tc, framer_table, 0,
			    (int)(sizeof(frame_cases) / sizeof(frame_cases[0])));
	tcase_add_test(tc, framer_resumes_byte_by_byte);
	tcase_add_test(tc, framer_line_limit);
	tcase_add_test(tc, framer_drop_big);
	suite_add_tcase(s, tc);
	tc = tcase_create("parse");
	tcase_add_test(tc, parse_null_and_empty);
	tcase_add_test(tc, parse_tagged);
	tcase_add_test(tc, parse_status_codes);
	tcase_add_test(tc, parse_numbered);
	tcase_add_test(tc, parse_search);
	tcase_add_test(tc, parse_fetch_body);
	tcase_add_test(tc, parse_fetch_flags_only);
	tcase_add_loop_test(tc, parse_fetch_malformed, 0,
			    (int)(sizeof(fetch_bad) / sizeof(fetch_bad[0])));
	tcase_add_test(tc, parse_keywords);
	tcase_add_test(tc, parse_list);
	tcase_add_test(tc, names_cover_enums);
	tcase_add_test(tc, dovecot_capture);
	suite_add_tcase(s, tc);
	return s;
}
