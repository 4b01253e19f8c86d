/* check_main.h - what a unit-test program provides to check_main.c. */
#ifndef LKB_TESTS_CHECK_MAIN_H
#define LKB_TESTS_CHECK_MAIN_H

#include <stddef.h>
#include <stdint.h>

#include <check.h>

/* The suite this test program runs. */
Suite *lkb_test_suite(void);

/* Directory holding tests/data (from $LKB_TEST_DATA, else "tests/data"). */
const char *lkb_test_data_dir(void);

/* Remove a database and the files beside it (-wal, -shm, .raw). */
void lkb_test_remove_db(const char *path);

struct store;
/* A new store in a new temporary file (/tmp/lkb-STEM-XXXXXX) opened
 * read-write: its path into path (size bytes), the store in *st_out.
 * Fails the test when it cannot. */
void lkb_test_open_db(char *path, size_t size, const char *stem,
		      struct store **st_out);
/* Store a bare message (subject "s", from a@b, date 1000, no body) with
 * In-Reply-To irt and nrefs References; its row id. */
int64_t lkb_test_add_message(struct store *st, const char *mid,
			     const char *irt, const char **refs,
			     size_t nrefs);

#endif
