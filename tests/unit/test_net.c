/* test_net.c - the libcurl adapters' decisions that need no server:
 * which hosts are loopback (STARTTLS default) and which libcurl codes
 * are a configuration refused (exit 5) rather than a temporary failure;
 * URLs shown without their userinfo (issue 36 row 14) and the mechanism
 * names read from protocol lines, never more of them. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "tests/unit/check_main.h"
#include "bot/net/curl_common.h"

START_TEST(loopback_hosts)
{
	ck_assert_int_eq(curl_url_is_loopback("imap://127.0.0.1:143/"), 1);
	ck_assert_int_eq(curl_url_is_loopback("imap://127.1.2.3/INBOX"), 1);
	ck_assert_int_eq(curl_url_is_loopback("imap://localhost/"), 1);
	ck_assert_int_eq(curl_url_is_loopback("smtp://[::1]:25"), 1);
	ck_assert_int_eq(curl_url_is_loopback("imap://mail.example.org/"), 0);
	ck_assert_int_eq(curl_url_is_loopback("imap://127.example.org/"), 0);
	ck_assert_int_eq(curl_url_is_loopback("imap://128.0.0.1/"), 0);
	ck_assert_int_eq(curl_url_is_loopback("imap://localhost.evil.org/"),
			 0);
	ck_assert_int_eq(curl_url_is_loopback("not a url"), 0);
}
END_TEST

START_TEST(refused_codes)
{
	ck_assert_int_eq(curl_code_is_refused(CURLE_LOGIN_DENIED), 1);
	ck_assert_int_eq(curl_code_is_refused(CURLE_PEER_FAILED_VERIFICATION),
			 1);
	ck_assert_int_eq(curl_code_is_refused(CURLE_USE_SSL_FAILED), 1);
	ck_assert_int_eq(curl_code_is_refused(CURLE_COULDNT_CONNECT), 0);
	ck_assert_int_eq(curl_code_is_refused(CURLE_OPERATION_TIMEDOUT), 0);
	ck_assert_int_eq(curl_code_is_refused(CURLE_OK), 0);
}
END_TEST

static const struct {
	const char *url, *shown;
	int password;
} shown_cases[] = {
	/* NULL-like: empty, no scheme */
	{ "", "", 0 },
	{ "user:pw@host", "user:pw@host", 0 },
	/* the audit's row 14 */
	{ "smtp://user:password@host", "smtp://host", 1 },
	{ "smtps://u:p@mail.example.org:465/", "smtps://mail.example.org:465/", 1 },
	/* a user alone is no password, but is cut too */
	{ "imaps://lkpbot@mail.example.org/INBOX", "imaps://mail.example.org/INBOX", 0 },
	/* '@' in the password: the last '@' of the authority ends it */
	{ "smtp://u:p@ss@host:587", "smtp://host:587", 1 },
	/* '@' in the path or query is not userinfo */
	{ "imap://host/a@b", "imap://host/a@b", 0 },
	{ "imap://host?x=a:b@c", "imap://host?x=a:b@c", 0 },
	/* malformed, still cut */
	{ "smtp://u:p@", "smtp://", 1 },
};

/* A plain-text server behind an smtps:// or imaps:// url, as GnuTLS
 * and OpenSSL word it; other handshake failures are no mismatch. */
START_TEST(tls_mismatch)
{
	ck_assert_int_eq(curl_tls_mismatch(CURLE_SSL_CONNECT_ERROR,
		"gnutls_handshake() failed: An unexpected TLS packet was "
		"received."), 1);
	ck_assert_int_eq(curl_tls_mismatch(CURLE_SSL_CONNECT_ERROR,
		"error:0A00010B:SSL routines::wrong version number"), 1);
	ck_assert_int_eq(curl_tls_mismatch(CURLE_SSL_CONNECT_ERROR,
		"gnutls_handshake() failed: Error in the pull function."), 0);
	ck_assert_int_eq(curl_tls_mismatch(CURLE_COULDNT_CONNECT,
		"wrong version number"), 0);
	ck_assert_int_eq(curl_tls_mismatch(CURLE_SSL_CONNECT_ERROR, NULL),
			 0);
}
END_TEST

START_TEST(url_shown)
{
	char *s = curl_url_shown(shown_cases[_i].url);

	ck_assert_str_eq(s, shown_cases[_i].shown);
	ck_assert_int_eq(curl_url_has_password(shown_cases[_i].url),
			 shown_cases[_i].password);
	free(s);
}
END_TEST

static struct curl_nego
nego_of(const char *const *lines)
{
	struct curl_nego n;

	memset(&n, 0, sizeof(n));
	for (; *lines; lines++)
		curl_nego_line(&n, (*lines)[0] == '>', *lines + 1,
			       strlen(*lines + 1));
	return n;
}

START_TEST(nego_lines)
{
	/* SMTP: EHLO's AUTH, then the AUTH we sent with its secret */
	struct curl_nego n = nego_of((const char *const[]){
		"<250-mail.example.org\r\n", "<250-AUTH PLAIN LOGIN\r\n",
		"<250 8BITMIME\r\n", ">AUTH PLAIN AGxrcGJvdABzZWNyZXQ=\r\n",
		NULL });

	ck_assert_str_eq(n.mech, "PLAIN");
	ck_assert_str_eq(n.offered, "PLAIN LOGIN");
	/* IMAP: the greeting's capabilities, LOGIN with the password */
	n = nego_of((const char *const[]){
		"<* OK [CAPABILITY IMAP4rev1 SASL-IR AUTH=PLAIN AUTH=XOAUTH2] ready\r\n",
		">A002 LOGIN lkpbot secret\r\n", NULL });
	ck_assert_str_eq(n.mech, "LOGIN");
	ck_assert_str_eq(n.offered, "PLAIN XOAUTH2");
	/* IMAP AUTHENTICATE with an initial response; hostile names */
	n = nego_of((const char *const[]){
		"<* CAPABILITY IMAP4rev1 AUTH=OAUTHBEARER AUTH=<x> AUTH=\r\n",
		">A001 AUTHENTICATE OAUTHBEARER bixhPXVzZXI=\r\n", NULL });
	ck_assert_str_eq(n.mech, "OAUTHBEARER");
	ck_assert_str_eq(n.offered, "OAUTHBEARER");
	/* nothing sent: no mechanism */
	n = nego_of((const char *const[]){ "<220 hi\r\n", ">EHLO x\r\n",
					   NULL });
	ck_assert_str_eq(n.mech, "");
	ck_assert_str_eq(n.offered, "");
}
END_TEST

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("net");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, loopback_hosts);
	tcase_add_test(tc, refused_codes);
	tcase_add_test(tc, tls_mismatch);
	tcase_add_loop_test(tc, url_shown, 0,
			    (int)(sizeof(shown_cases) / sizeof(shown_cases[0])));
	tcase_add_test(tc, nego_lines);
	suite_add_tcase(s, tc);
	return s;
}
