/* answer.h - the parts of an answer's template data every answer has. */
#ifndef LKB_BOT_OUTBOX_ANSWER_H
#define LKB_BOT_OUTBOX_ANSWER_H

#include <stdint.h>

struct store;
struct tvalue;

/* The "report" map of templates/mail/_footer.tmpl (id, subject, commits,
 * params) for report_id, read from the store. New value; the caller
 * frees it with tvalue_free() or hands it to a map. */
struct tvalue *answer_report_value(struct store *st, int64_t report_id);

/* The "verbs" list of templates/mail/help.tmpl, one map per verb of the
 * verb table (parsers/lkp_command.c): "synopsis", "gap" (blanks, or a
 * line break and blanks, up to the description's column) and "help".
 * New value, as above. */
struct tvalue *answer_verbs_value(void);

#endif
