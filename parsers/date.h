/* date.h - RFC 5322 s3.3 Date to time_t, without the C library's
 * time zone machinery. */
#ifndef LKB_PARSERS_DATE_H
#define LKB_PARSERS_DATE_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "lib/compiler.h"

/* Days from 1970-01-01 to the proleptic Gregorian date y-m-d (m 1..12,
 * d 1..31); negative before 1970. */
int64_t date_days_from_civil(int64_t y, unsigned m, unsigned d);

/* Parses a Date header value (len bytes at p; need not end in NUL).
 * Accepts RFC 5322 dates, with leniency for obsolete forms: optional or
 * comma-less day name, 2/3-digit years (RFC 5322 s4.3), missing seconds,
 * named zones (UT, GMT, EST...; military and unknown names count as
 * +0000), a missing zone (+0000), comments, and the asctime form
 * "Mon Jan  2 15:04:05 2006". On success stores UTC seconds in *t_out
 * and returns 0; returns -1 when the value is not a date. */
int date_parse(const char *p, size_t len, time_t *t_out) LKB_WARN_UNUSED;

#endif
