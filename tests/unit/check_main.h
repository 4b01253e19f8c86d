/* check_main.h - what a unit-test program provides to check_main.c. */
#ifndef LKB_TESTS_CHECK_MAIN_H
#define LKB_TESTS_CHECK_MAIN_H

#include <check.h>

/* The suite this test program runs. */
Suite *lkb_test_suite(void);

/* Directory holding tests/data (from $LKB_TEST_DATA, else "tests/data"). */
const char *lkb_test_data_dir(void);

/* Remove a database and the files beside it (-wal, -shm, .raw). */
void lkb_test_remove_db(const char *path);

#endif
