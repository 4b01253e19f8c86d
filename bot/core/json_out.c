/* json_out.c - JSON printing helpers. */
#include "config.h"
#include "bot/core/json_out.h"

#include <stdio.h>
#include <time.h>

json_t *
json_out_doc(void)
{
	json_t *o = json_object();

	json_object_set_new(o, "format_version",
			    json_integer(LKB_JSON_FORMAT_VERSION));
	return o;
}

void
json_out_print(const json_t *o)
{
	json_dumpf(o, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER |
				      JSON_REAL_PRECISION(15));
	fputc('\n', stdout);
}

json_t *
json_out_str(const char *s)
{
	return s ? json_string(s) : json_null();
}

json_t *
json_out_date(long long t)
{
	char buf[32];
	struct tm tm;
	time_t tt = (time_t)t;

	if (t < 0 || !gmtime_r(&tt, &tm))
		return json_null();
	strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm);
	return json_string(buf);
}
