/* test_compose.c - outgoing RFC 5322 messages. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/unit/check_main.h"
#include "lib/limits.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "templates/compose.h"

static void
base_in(struct compose_in *in)
{
	static const char *const refs[] = { "root@intel.com", "mid@x.org" };

	memset(in, 0, sizeof(*in));
	in->from.name = "lkpbot";
	in->from.addr = "bot@example.org";
	in->to.name = "Jane Doe";
	in->to.addr = "jane@example.com";
	in->subject = "Re: [linus:master] [mm]  abc123: will-it-scale.per_process_ops -5.0% regression";
	in->parent_id = "reply1@example.com";
	in->parent_refs = refs;
	in->nparent_refs = 2;
	in->request_id = "42";
	in->kind = "ack";
	in->version = "lkpbot 0.1.0";
	in->date = 1770000000;	/* Mon, 02 Feb 2026 02:40:00 +0000 */
	in->body = "Done.\n";
	in->body_len = 6;
}

START_TEST(compose_full_reply)
{
	struct compose_in in;
	struct compose_addr cc[2] = { { NULL, "lkp@intel.com" },
				      { NULL, "oe-lkp@lists.linux.dev" } };
	struct strbuf sb = STRBUF_INIT;
	char *id = NULL, *want_id;
	const char *want_head =
		"From: lkpbot <bot@example.org>\r\n"
		"To: Jane Doe <jane@example.com>\r\n"
		"Cc: lkp@intel.com,\r\n oe-lkp@lists.linux.dev\r\n"
		/* 77 columns, then the fold (RFC 5322 2.2.3) */
		"Subject: Re: [linus:master] [mm]  abc123: "
		"will-it-scale.per_process_ops -5.0%\r\n"
		" regression\r\n"
		"Date: Mon, 02 Feb 2026 02:40:00 +0000\r\n"
		"Message-ID: <";
	const char *want_tail =
		">\r\n"
		"In-Reply-To: <reply1@example.com>\r\n"
		"References: <root@intel.com>\r\n <mid@x.org>\r\n"
		" <reply1@example.com>\r\n"
		"MIME-Version: 1.0\r\n"
		"Content-Type: text/plain; charset=utf-8\r\n"
		"Content-Transfer-Encoding: 7bit\r\n"
		"Auto-Submitted: auto-replied\r\n"
		"X-LKPBot: lkpbot 0.1.0\r\n"
		"\r\n"
		"Done.\r\n";
	struct strbuf want = STRBUF_INIT;

	base_in(&in);
	in.cc = cc;
	in.ncc = 2;
	ck_assert_int_eq(compose_message(&in, &sb, &id), LKB_OK);
	ck_assert_ptr_nonnull(id);
	want_id = compose_message_id("42", "ack", "example.org");
	ck_assert_str_eq(id, want_id);
	strbuf_adds(&want, want_head);
	strbuf_adds(&want, id);
	strbuf_adds(&want, want_tail);
	ck_assert_str_eq(sb.buf, want.buf);
	strbuf_release(&want);
	free(id);
	free(want_id);
	strbuf_release(&sb);
}
END_TEST

START_TEST(compose_new_thread_no_reply_headers)
{
	struct compose_in in;
	struct strbuf sb = STRBUF_INIT;

	base_in(&in);
	in.parent_id = NULL;
	in.subject = "Re: lkpbot digest";	/* kept as is: not a reply */
	in.kind = "digest";
	ck_assert_int_eq(compose_message(&in, &sb, NULL), LKB_OK);
	ck_assert_ptr_nonnull(strstr(sb.buf, "\r\nSubject: Re: lkpbot digest\r\n"));
	ck_assert_ptr_null(strstr(sb.buf, "In-Reply-To:"));
	ck_assert_ptr_null(strstr(sb.buf, "References:"));
	ck_assert_ptr_null(strstr(sb.buf, "\r\nCc:"));
	strbuf_release(&sb);
}
END_TEST

static void
subj(const char *in, const char *want)
{
	struct strbuf sb = STRBUF_INIT;

	compose_reply_subject(&sb, in);
	ck_assert_str_eq(sb.buf, want);
	strbuf_release(&sb);
}

START_TEST(compose_subject_one_re)
{
	subj("x", "Re: x");
	subj("Re: x", "Re: x");
	subj("Re: Re: RE: Aw: AW: x", "Re: x");
	subj("re:x", "Re: x");
	subj("Re[2]: x", "Re: x");	/* counted replies (some MUAs) */
	subj("Re : x", "Re: x");
	subj("  Re:   x", "Re: x");
	subj("Reply: x", "Re: Reply: x");	/* a word, not a prefix */
	subj("Re[x]: y", "Re: Re[x]: y");
	subj("[PATCH] Re: foo", "Re: [PATCH] Re: foo");	/* only leading */
	subj("Fwd: x", "Re: Fwd: x");
	subj("", "Re: (no subject)");
	subj("Re:", "Re: (no subject)");
	subj(NULL, "Re: (no subject)");
}
END_TEST

START_TEST(compose_references_capped)
{
	char names[30][16];
	const char *refs[31], *ids[LKB_MAX_REPLY_REFERENCES];
	size_t n;

	for (int i = 0; i < 30; i++) {
		snprintf(names[i], sizeof(names[i]), "r%d@x", i);
		refs[i] = names[i];
	}
	/* 30 + parent = 31 > 20: root r0, then the latest 19 */
	n = compose_references(refs, 30, "p@x", ids, 20);
	ck_assert_uint_eq(n, 20);
	ck_assert_str_eq(ids[0], "r0@x");
	ck_assert_str_eq(ids[1], "r12@x");
	ck_assert_str_eq(ids[18], "r29@x");
	ck_assert_str_eq(ids[19], "p@x");
	/* parent already last: not repeated; bad ids dropped */
	refs[0] = "a@x";
	refs[1] = "bad id";
	refs[2] = "p@x";
	n = compose_references(refs, 3, "p@x", ids, 20);
	ck_assert_uint_eq(n, 2);
	ck_assert_str_eq(ids[0], "a@x");
	ck_assert_str_eq(ids[1], "p@x");
	/* no references at all: just the parent */
	n = compose_references(NULL, 0, "p@x", ids, 20);
	ck_assert_uint_eq(n, 1);
}
END_TEST

START_TEST(compose_message_id_deterministic)
{
	char *a = compose_message_id("42", "ack", "example.org");
	char *b = compose_message_id("42", "ack", "example.org");
	char *c = compose_message_id("42", "error", "example.org");
	char *d = compose_message_id("a b/c", "x", "example.org");
	char *e = compose_message_id("a_b_c", "x", "example.org");

	ck_assert_str_eq(a, b);
	ck_assert_str_ne(a, c);
	ck_assert_int_eq(strncmp(a, "lkpbot.42.ack.", 14), 0);
	ck_assert_uint_eq(strlen(a), strlen("lkpbot.42.ack.") + 16 +
			  strlen("@example.org"));
	ck_assert_str_eq(a + strlen(a) - 12, "@example.org");
	/* unsafe characters are replaced, the hash keeps ids apart */
	ck_assert_int_eq(strncmp(d, "lkpbot.a_b_c.x.", 15), 0);
	ck_assert_str_ne(d, e);
	free(a);
	free(b);
	free(c);
	free(d);
	free(e);
}
END_TEST

START_TEST(compose_date_format)
{
	struct strbuf sb = STRBUF_INIT;

	/* RFC 5322 3.3, checked against Python's email.utils */
	ck_assert_int_eq(compose_date(&sb, 0), LKB_OK);
	ck_assert_str_eq(sb.buf, "Thu, 01 Jan 1970 00:00:00 +0000");
	strbuf_reset(&sb);
	ck_assert_int_eq(compose_date(&sb, 951782400), LKB_OK);
	ck_assert_str_eq(sb.buf, "Tue, 29 Feb 2000 00:00:00 +0000");
	strbuf_release(&sb);
}
END_TEST

/* Every header line starts with a name we wrote or is a continuation. */
static void
assert_no_injected_header(const char *msg)
{
	static const char *const ok[] = {
		"From:", "To:", "Cc:", "Subject:", "Date:", "Message-ID:",
		"In-Reply-To:", "References:", "MIME-Version:",
		"Content-Type:", "Content-Transfer-Encoding:",
		"Auto-Submitted:", "X-LKPBot:",
	};
	const char *p = msg, *e;
	size_t i;

	for (; (e = strstr(p, "\r\n")) != NULL && e != p; p = e + 2) {
		ck_assert_ptr_null(memchr(p, '\n', (size_t)(e - p)));
		ck_assert_ptr_null(memchr(p, '\r', (size_t)(e - p)));
		if (*p == ' ')
			continue;
		for (i = 0; i < sizeof(ok) / sizeof(*ok); i++)
			if (!strncmp(p, ok[i], strlen(ok[i])))
				break;
		ck_assert_msg(i < sizeof(ok) / sizeof(*ok),
			      "unexpected header line '%.*s'", (int)(e - p), p);
	}
}

START_TEST(compose_header_injection)
{
	struct compose_in in;
	struct strbuf sb = STRBUF_INIT;

	base_in(&in);
	in.subject = "hi\r\nBcc: victim@example.org\r\n\r\nbody";
	in.to.name = "Eve\r\nX-Evil: 1";
	ck_assert_int_eq(compose_message(&in, &sb, NULL), LKB_OK);
	assert_no_injected_header(sb.buf);
	ck_assert_ptr_null(strstr(sb.buf, "\r\nBcc:"));
	ck_assert_ptr_null(strstr(sb.buf, "\r\nX-Evil:"));
	strbuf_reset(&sb);
	/* an address or id that cannot be written is refused, out intact */
	strbuf_adds(&sb, "keep");
	in.to.addr = "jane@example.com\r\nBcc: x@y";
	ck_assert_int_eq(compose_message(&in, &sb, NULL), LKB_ERR_PARSE);
	ck_assert_str_eq(sb.buf, "keep");
	base_in(&in);
	in.parent_id = "x>\r\nBcc: <y";
	ck_assert_int_eq(compose_message(&in, &sb, NULL), LKB_ERR_PARSE);
	base_in(&in);
	in.from.addr = "nobody";
	ck_assert_int_eq(compose_message(&in, &sb, NULL), LKB_ERR_PARSE);
	ck_assert_str_eq(sb.buf, "keep");
	strbuf_release(&sb);
}
END_TEST

/* Every header line at most max bytes (RFC 5322 2.1.1: 998). */
static void
assert_header_lines_max(const char *msg, size_t max)
{
	const char *p = msg, *e;

	for (; (e = strstr(p, "\r\n")) != NULL && e != p; p = e + 2)
		ck_assert_msg((size_t)(e - p) <= max, "header line of %zu "
			      "bytes: '%.40s...'", (size_t)(e - p), p);
}

/* A 3,000-byte display name (audit F9: copied unfolded into To:, a
 * 3,023-byte line): cut, every line short, the address intact. */
START_TEST(compose_long_display_name)
{
	static const char *const shapes[] = {
		"Eve ",		/* atoms and spaces: no quoting */
		"x",		/* one long word */
		"Doe, J\"",	/* specials: a quoted string, escapes */
		"J\xc3\xbcrgen ",	/* UTF-8: encoded words */
	};
	struct compose_in in;
	struct strbuf sb = STRBUF_INIT, name = STRBUF_INIT;

	for (size_t i = 0; i < sizeof(shapes) / sizeof(*shapes); i++) {
		strbuf_reset(&name);
		while (name.len < 3000)
			strbuf_adds(&name, shapes[i]);
		base_in(&in);
		in.to.name = name.buf;
		strbuf_reset(&sb);
		ck_assert_int_eq(compose_message(&in, &sb, NULL), LKB_OK);
		assert_no_injected_header(sb.buf);
		assert_header_lines_max(sb.buf, 998);
		/* the phrase is no longer than the limit, doubled by
		 * quoting or encoding at the worst */
		ck_assert_ptr_nonnull(strstr(sb.buf, " <jane@example.com>\r\n"));
		ck_assert_uint_lt(strlen(sb.buf), 2 * LKB_MAX_DISPLAY_NAME_BYTES +
				  1024);
	}
	/* a name at the limit is kept whole */
	base_in(&in);
	strbuf_reset(&name);
	while (name.len < LKB_MAX_DISPLAY_NAME_BYTES)
		strbuf_addch(&name, 'n');
	in.to.name = name.buf;
	strbuf_reset(&sb);
	ck_assert_int_eq(compose_message(&in, &sb, NULL), LKB_OK);
	ck_assert_ptr_nonnull(strstr(sb.buf, name.buf));
	strbuf_release(&name);
	strbuf_release(&sb);
}
END_TEST

START_TEST(compose_body_encodings)
{
	struct compose_in in;
	struct strbuf sb = STRBUF_INIT, body = STRBUF_INIT;

	base_in(&in);
	in.body = "caf\xc3\xa9\n";
	in.body_len = 6;
	ck_assert_int_eq(compose_message(&in, &sb, NULL), LKB_OK);
	ck_assert_ptr_nonnull(strstr(sb.buf,
		"Content-Transfer-Encoding: 8bit\r\n"));
	ck_assert_ptr_nonnull(strstr(sb.buf, "\r\n\r\ncaf\xc3\xa9\r\n"));
	strbuf_reset(&sb);
	for (int i = 0; i < 1200; i++)
		strbuf_addch(&body, 'z');
	in.body = body.buf;
	in.body_len = body.len;
	ck_assert_int_eq(compose_message(&in, &sb, NULL), LKB_OK);
	ck_assert_ptr_nonnull(strstr(sb.buf,
		"Content-Transfer-Encoding: quoted-printable\r\n"));
	strbuf_release(&sb);
	strbuf_release(&body);
}
END_TEST

START_TEST(compose_cc_policy)
{
	const char *thread[] = { "jane@example.com", "LKP@intel.com",
				 "lkp@intel.com", "bot@example.org",
				 "bad address", "oe-lkp@lists.linux.dev",
				 NULL };
	const char *out[8];
	size_t n;

	ck_assert_int_eq(compose_cc_policy_parse("thread"), CC_THREAD);
	ck_assert_int_eq(compose_cc_policy_parse("asker"), CC_ASKER);
	ck_assert_int_eq(compose_cc_policy_parse("all"), -1);
	ck_assert_int_eq(compose_cc_policy_parse(NULL), -1);
	n = compose_pick_cc(CC_THREAD, "Jane@Example.com", "bot@example.org",
			    thread, 7, out, 8);
	ck_assert_uint_eq(n, 2);
	ck_assert_str_eq(out[0], "LKP@intel.com");
	ck_assert_str_eq(out[1], "oe-lkp@lists.linux.dev");
	ck_assert_uint_eq(compose_pick_cc(CC_ASKER, "jane@example.com",
					  "bot@example.org", thread, 7, out,
					  8), 0);
	/* capped at max */
	ck_assert_uint_eq(compose_pick_cc(CC_THREAD, NULL, NULL, thread, 7,
					  out, 1), 1);
}
END_TEST

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("compose");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, compose_full_reply);
	tcase_add_test(tc, compose_new_thread_no_reply_headers);
	tcase_add_test(tc, compose_subject_one_re);
	tcase_add_test(tc, compose_references_capped);
	tcase_add_test(tc, compose_message_id_deterministic);
	tcase_add_test(tc, compose_date_format);
	tcase_add_test(tc, compose_header_injection);
	tcase_add_test(tc, compose_long_display_name);
	tcase_add_test(tc, compose_body_encodings);
	tcase_add_test(tc, compose_cc_policy);
	suite_add_tcase(s, tc);
	return s;
}
