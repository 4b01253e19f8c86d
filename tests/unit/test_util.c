/* test_util.c - helpers shared by unit tests. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "tests/unit/check_main.h"

const char *
lkb_test_data_dir(void)
{
	const char *d = getenv("LKB_TEST_DATA");

	return d && *d ? d : "tests/data";
}

void
lkb_test_remove_db(const char *path)
{
	static const char *const aux[] = { "-wal", "-shm", ".raw" };
	char p[4096];

	remove(path);
	for (size_t i = 0; i < sizeof(aux) / sizeof(aux[0]); i++) {
		snprintf(p, sizeof(p), "%s%s", path, aux[i]);
		remove(p);
	}
}
