/* kpi.c - which stats are a report's KPIs (bot/compare/kpi.h). */
#include "config.h"
#include "bot/compare/kpi.h"

#include <string.h>

int
compare_is_kpi(const char *name, const char *testcase, const char *headline)
{
	size_t tl = testcase ? strlen(testcase) : 0;

	if (headline && !strcmp(name, headline))
		return 1;
	return tl && !strncmp(name, testcase, tl) && name[tl] == '.' &&
	       strncmp(name + tl + 1, "time.", 5);
}
