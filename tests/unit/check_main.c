/* check_main.c - main() shared by every Check unit-test program.
 * Each test_<module>.c defines lkb_test_suite(); this runs it and writes
 * TAP to stdout for automake's tap-driver. CK_FORK=no is honoured. */
#include "config.h"

#include <stdlib.h>

#include <check.h>

#include "tests/unit/check_main.h"

int
main(void)
{
	SRunner *sr = srunner_create(lkb_test_suite());
	int failed;

	srunner_set_tap(sr, "-");
	srunner_run_all(sr, CK_SILENT);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
