/* date.c - RFC 5322 s3.3 date-time to time_t. */
#include "config.h"
#include "date.h"

#include <string.h>

#include "lib/ascii.h"

/* The parts of a date seen so far; -1 while unknown. */
struct date_parts {
	int64_t year;
	int month, day, hour, min, sec;
	int zone_min;		/* offset east of UTC, minutes */
	int have_zone;
};

int64_t
date_days_from_civil(int64_t y, unsigned m, unsigned d)
{
	/* Shift the year to start in March so that the leap day is last;
	 * count 400-year eras of 146097 days (a well-known identity). */
	int64_t era, yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (int64_t)(m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

static int
is_leap(int64_t y)
{
	return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

static int
days_in_month(int64_t y, int m)
{
	static const int dm[12] = { 31, 28, 31, 30, 31, 30,
				    31, 31, 30, 31, 30, 31 };

	return m == 2 && is_leap(y) ? 29 : dm[m - 1];
}

static int
word_is(const char *w, size_t n, const char *lit)
{
	size_t l = strlen(lit);

	if (n != l)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (LKB_TOLOWER(w[i]) != LKB_UC(lit[i]))
			return 0;
	return 1;
}

/* 1..12 for "jan".."dec" or the full English name, else 0. */
static int
month_of(const char *w, size_t n)
{
	static const char *const full[12] = {
		"january", "february", "march", "april", "may", "june",
		"july", "august", "september", "october", "november",
		"december"
	};

	for (int i = 0; i < 12; i++) {
		size_t j = 0;

		if (n != 3 && n != strlen(full[i]))
			continue;
		while (j < n && LKB_TOLOWER(w[j]) == LKB_UC(full[i][j]))
			j++;
		if (j == n)
			return i + 1;
	}
	return 0;
}

/* Minutes east of UTC for a zone name (RFC 5322 s4.3), else -9999.
 * Military and unknown names are +0000 (the RFC says -0000). */
static int
zone_of(const char *w, size_t n)
{
	static const struct { const char *name; int min; } zones[] = {
		{ "ut", 0 }, { "utc", 0 }, { "gmt", 0 }, { "z", 0 },
		{ "est", -300 }, { "edt", -240 }, { "cst", -360 },
		{ "cdt", -300 }, { "mst", -420 }, { "mdt", -360 },
		{ "pst", -480 }, { "pdt", -420 },
	};

	for (size_t i = 0; i < sizeof(zones) / sizeof(zones[0]); i++)
		if (word_is(w, n, zones[i].name))
			return zones[i].min;
	return -9999;
}

/* Reads up to 9 digits; returns the count (0: none, -1: too many). */
static int
scan_num(const char **cur, const char *end, int64_t *v)
{
	const char *p = *cur;
	int n = 0;

	*v = 0;
	while (p < end && LKB_ISDIGIT(*p)) {
		if (++n > 9)
			return -1;
		*v = *v * 10 + (*p++ - '0');
	}
	*cur = p;
	return n;
}

/* "hh:mm[:ss]" at *cur (hh already read as h). */
static int
scan_time(const char **cur, const char *end, int64_t h,
	  struct date_parts *d)
{
	const char *p = *cur;
	int64_t m, s = 0;

	if (p >= end || *p != ':')
		return -1;
	p++;
	if (scan_num(&p, end, &m) <= 0)
		return -1;
	if (p < end && *p == ':') {
		p++;
		if (scan_num(&p, end, &s) <= 0)
			return -1;
		if (p < end && *p == '.') {	/* fraction: ignored */
			int64_t frac;

			p++;
			if (scan_num(&p, end, &frac) < 0)
				return -1;
		}
	}
	if (h > 23 || m > 59 || s > 60 || d->hour >= 0)
		return -1;
	d->hour = (int)h;
	d->min = (int)m;
	d->sec = (int)s;
	*cur = p;
	return 0;
}

static int
take_number(const char **cur, const char *end, struct date_parts *d)
{
	int64_t v;
	int n = scan_num(cur, end, &v);

	if (n < 0)
		return -1;
	if (*cur < end && **cur == ':')
		return scan_time(cur, end, v, d);
	if (d->day < 0 && n <= 2 && v >= 1)
		d->day = (int)v;
	else if (d->year < 0 && n == 4)
		d->year = v;
	else if (d->year < 0 && n == 3)		/* RFC 5322 s4.3 */
		d->year = v + 1900;
	else if (d->year < 0 && n == 2)
		d->year = v < 50 ? v + 2000 : v + 1900;
	else
		return -1;
	return 0;
}

static int
take_zone_offset(const char **cur, const char *end, struct date_parts *d)
{
	const char *p = *cur;
	int sign = *p == '-' ? -1 : 1;
	int64_t v;

	p++;
	if (scan_num(&p, end, &v) != 4 || v % 100 > 59)
		return -1;
	d->zone_min = sign * (int)(v / 100 * 60 + v % 100);
	d->have_zone = 1;
	*cur = p;
	return 0;
}

static void
take_word(const char *w, size_t n, struct date_parts *d)
{
	int m, z;

	if (d->month < 0 && (m = month_of(w, n)) != 0) {
		d->month = m;
	} else if (d->hour >= 0 && !d->have_zone) {
		z = zone_of(w, n);
		d->zone_min = z == -9999 ? 0 : z;
		d->have_zone = 1;
	}
	/* day names and anything else are ignored */
}

static const char *
skip_comment(const char *p, const char *end)
{
	int depth = 0;

	for (; p < end; p++) {
		if (*p == '\\' && p + 1 < end)
			p++;
		else if (*p == '(')
			depth++;
		else if (*p == ')' && --depth == 0)
			return p + 1;
	}
	return end;
}

int
date_parse(const char *p, size_t len, time_t *t_out)
{
	struct date_parts d = { -1, -1, -1, -1, -1, -1, 0, 0 };
	const char *end = p + len, *w;
	int64_t days;

	while (p < end) {
		if (*p == '(') {
			p = skip_comment(p, end);
		} else if (LKB_ISDIGIT(*p)) {
			if (take_number(&p, end, &d) < 0)
				return -1;
		} else if ((*p == '+' || *p == '-') && p + 1 < end &&
			   LKB_ISDIGIT(p[1]) && d.hour >= 0 && !d.have_zone) {
			if (take_zone_offset(&p, end, &d) < 0)
				return -1;
		} else if (LKB_ISALPHA(*p)) {
			for (w = p; p < end && LKB_ISALPHA(*p); p++)
				;
			take_word(w, (size_t)(p - w), &d);
		} else {
			p++;	/* blanks, commas, dashes, dots */
		}
	}
	if (d.year < 1900 || d.year > 9999 || d.month < 1 || d.day < 1 ||
	    d.hour < 0 || d.day > days_in_month(d.year, d.month))
		return -1;
	days = date_days_from_civil(d.year, (unsigned)d.month,
				    (unsigned)d.day);
	*t_out = (time_t)(days * 86400 + d.hour * 3600 + d.min * 60 + d.sec -
			  (int64_t)d.zone_min * 60);
	return 0;
}
