/* conf.h - lkpbot.conf (INI, parsed with inih) into a key table.
 *
 * Every value is looked up by section and key, and remembers the line
 * it came from; a malformed line is an error naming file and line. What
 * the keys are, and so which are unknown, is the table of
 * bot/core/settings.c: this parser takes any.
 */
#ifndef LKB_PARSERS_CONF_H
#define LKB_PARSERS_CONF_H

#include <stddef.h>

#include "lib/compiler.h"

struct config;

/* Empty configuration (all defaults). Caller frees with config_free(). */
struct config *config_new(void);
void config_free(struct config *cfg);

/* Parse the INI text in buf (len bytes); name is used in messages.
 * Returns LKB_OK or LKB_ERR_CONFIG (message logged with name:line). */
int config_parse_buffer(struct config *cfg, const char *name, const char *buf,
			size_t len) LKB_WARN_UNUSED;
/* Read and parse a file. Returns LKB_ERR_NOT_FOUND if it does not exist. */
int config_load_file(struct config *cfg, const char *path) LKB_WARN_UNUSED;

/* Set a value (later sets win), e.g. from the command line or tests. */
void config_set(struct config *cfg, const char *section, const char *key,
		const char *value);

/* Borrowed from cfg; NULL when unset. */
const char *config_get(const struct config *cfg, const char *section,
		       const char *key);
/* v as a non-negative decimal number into *out: 0, or -1 when it is
 * none (nothing logged). */
int config_parse_long(const char *v, long *out) LKB_WARN_UNUSED;
/* v as yes/true/on/1 (1) or no/false/off/0 (0), any case; -1 when it is
 * neither (nothing logged). */
int config_parse_bool(const char *v);
/* Integer value or def when unset; -1 and a logged error when malformed. */
long config_get_long(const struct config *cfg, const char *section,
		     const char *key, long def);
/* Boolean value, one syntax for every key: yes/true/on/1 or
 * no/false/off/0 (any case); def when unset; -1 and a logged error
 * naming the file, section, key and value otherwise. */
int config_get_bool(const struct config *cfg, const char *section,
		    const char *key, int def);
/* Splits a comma/blank separated list value. Returns the number of items
 * and stores up to max borrowed pointers into a private copy held by cfg
 * (valid until config_free). */
size_t config_get_list(struct config *cfg, const char *section,
		       const char *key, const char **items_out, size_t max);
/* The file the configuration came from, or NULL. */
const char *config_path(const struct config *cfg);
/* The line of the file that set section.key; 0 when none did. */
int config_line(const struct config *cfg, const char *section,
		const char *key);
/* The i-th key set (section, key and line borrowed from cfg): 1, or 0
 * past the last. */
int config_entry_at(const struct config *cfg, size_t i, const char **section,
		    const char **key, int *line);
/* The i-th [section] line of the file: 1, or 0 past the last. */
int config_section_at(const struct config *cfg, size_t i, const char **name,
		      int *line);

#endif
