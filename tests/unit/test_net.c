/* test_net.c - the libcurl adapters' decisions that need no server:
 * which hosts are loopback (STARTTLS default) and which libcurl codes
 * are a configuration refused (exit 5) rather than a temporary failure. */
#include "config.h"

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

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("net");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, loopback_hosts);
	tcase_add_test(tc, refused_codes);
	suite_add_tcase(s, tc);
	return s;
}
