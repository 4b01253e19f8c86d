/* fuzz_config.c - libFuzzer target for the INI configuration parser
 * (config_parse_buffer, doc/style.md R39), then every typed getter the bot uses
 * on whatever came out. */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "lib/log.h"
#include "lib/status.h"
#include "parsers/conf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const keys[][2] = {
	{ "bot", "address" }, { "bot", "maintainers" },
	{ "bot", "max_per_hour" }, { "imap", "url" }, { "imap", "folders" },
	{ "imap", "batch" }, { "maildir", "path" }, { "smtp", "from" },
	{ "db", "path" }, { "rules", "file" }, { "templates", "dir" },
};

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct config *cfg = config_new();
	const char *items[16];
	size_t n = 0;

	log_set_level(LOG_LVL_QUIET);
	if (config_parse_buffer(cfg, "fuzz.conf", (const char *)data,
				size) != LKB_OK)
		n++;	/* what parsed before the error is still read */
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		const char *v = config_get(cfg, keys[i][0], keys[i][1]);
		size_t k;

		if (v)
			n += strlen(v);
		(void)config_get_long(cfg, keys[i][0], keys[i][1], 7);
		k = config_get_list(cfg, keys[i][0], keys[i][1], items, 16);
		for (size_t j = 0; j < k && j < 16; j++)
			n += strlen(items[j]);
	}
	config_free(cfg);
	return n == (size_t)-1;
}
