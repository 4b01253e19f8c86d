/* fuzz_report.c - libFuzzer target for the LKP report text parser
 * (lkp_report_parse_text), and through the first byte the mail entry
 * point with the input as body. Every parse is also serialised to JSON,
 * so the JSON writer sees every odd string and number. */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bot/report/json.h"
#include "lib/arena.h"
#include "parsers/lkp_report.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct arena a = ARENA_INIT;
	struct lkp_report *r = NULL;
	char *json;
	int rc;

	if (size && data[0] == 'M') {
		struct lkp_report_input in;

		memset(&in, 0, sizeof(in));
		in.subject = "[linus:master] [mm] 0123456789: a.b 1.0% "
			     "regression";
		in.from_name = "kernel test robot";
		in.from_addr = "lkp@intel.com";
		in.date = -1;
		in.body = (const char *)data + 1;
		in.body_len = size - 1;
		rc = lkp_report_parse(&a, &in, &r);
	} else {
		rc = lkp_report_parse_text(&a, (const char *)data, size,
					   size && data[0] == 'Q'
						   ? LKP_TEXT_KEEP_QUOTES : 0,
					   &r);
	}
	if (rc == 1 && r) {
		json = report_json_dump(r, 1);
		free(json);
	}
	arena_release(&a);
	return 0;
}
