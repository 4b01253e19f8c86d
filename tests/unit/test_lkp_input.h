/* test_lkp_input.h - the .in format of tests/data/report (see
 * tests/tools/decode-mail.py). */
#ifndef LKB_TESTS_TEST_LKP_INPUT_H
#define LKB_TESTS_TEST_LKP_INPUT_H

#include <stddef.h>

#include "lib/arena.h"
#include "lib/strbuf.h"
#include "parsers/lkp_report.h"

#define LKP_INPUT_MAX_PARTS 32

/* Append the whole file to sb; 0 or -1 (message on stderr). */
int lkp_input_read_file(const char *path, struct strbuf *sb);

/* Split an .in file held in buf into *in and parts[] (pointing into buf,
 * header strings in a). 0, or -1 when malformed. */
int lkp_input_parse(struct arena *a, const char *buf, size_t len,
		    struct lkp_report_input *in,
		    struct lkp_report_part *parts);

#endif
