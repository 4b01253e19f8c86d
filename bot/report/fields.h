/* fields.h - the one list of a parsed report's fields.
 *
 * Each row is one field of struct lkp_report: its member in the JSON of
 * `lkpbot show --json` / `lkpbot parse --json` (json.c walks the rows
 * in order, so row order is the JSON's key order), its line in `lkpbot
 * show` (bot/cmd/show.c) and its fact on the report's web page
 * (bot/web/web_report.c). A new line of the LKP report is a new member
 * of struct lkp_report and one row here: a text row needs no code in
 * any of the three. doc/design.md section 8.
 */
#ifndef LKB_BOT_REPORT_FIELDS_H
#define LKB_BOT_REPORT_FIELDS_H

#include <stddef.h>

#include <jansson.h>

#include "parsers/lkp_report.h"

/* Where `lkpbot show` prints a row: after the report's head lines,
 * with the commit and headline (after the unverified line), or with
 * the test's setup (after the noise lines). */
enum report_field_part {
	REPORT_PART_HEAD,
	REPORT_PART_COMMIT,
	REPORT_PART_SETUP,
};

/* How `lkpbot show` and the web page print a row's value. */
enum report_field_view {
	REPORT_VIEW_TEXT,	/* the text as it is */
	REPORT_VIEW_LINK,	/* the web links an http(s) URL */
	REPORT_VIEW_PARAMS,	/* the parameters, key=value */
	REPORT_VIEW_COMMIT,	/* the commit's sha (linked) and subject */
	REPORT_VIEW_HEADLINE,	/* metric, change and verdict */
};

struct report_field {
	const char *key;	/* its JSON member; NULL: none */
	const char *in;		/* the JSON object holding the member
				 * ("tags"); NULL: the report's own */
	/* its value: json(r) when set, else the text member at off */
	json_t *(*json)(const struct lkp_report *r);
	size_t off;		/* offsetof(struct lkp_report, a char *) */
	const char *show;	/* its label in `lkpbot show`; NULL: none */
	enum report_field_part part;
	const char *web;	/* its label on the web page; NULL: none */
	enum report_field_view view;
};

/* The rows, in JSON order. */
extern const struct report_field report_fields[];
extern const size_t report_nfields;

/* The text of a text row, or NULL (absent, or the row is no text).
 * Borrowed from r. */
const char *report_field_text(const struct lkp_report *r,
			      const struct report_field *f);

/* The row's JSON value; never NULL (json null for what jansson
 * refuses, as text that is no UTF-8). New reference. */
json_t *report_field_json(const struct lkp_report *r,
			  const struct report_field *f);

/* One number as printed: null when absent or not finite. New reference. */
json_t *report_json_num(struct lkp_num n);

#endif
