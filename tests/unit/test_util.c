/* test_util.c - helpers shared by unit tests. */
#include "config.h"

#include <stdlib.h>

#include "tests/unit/check_main.h"

const char *
lkb_test_data_dir(void)
{
	const char *d = getenv("LKB_TEST_DATA");

	return d && *d ? d : "tests/data";
}
