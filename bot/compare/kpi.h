/* kpi.h - which stats are a report's KPIs: the rows a comparison, a fix
 * check and a chart explain (below compare.c and fix.c, which both ask). */
#ifndef LKB_BOT_COMPARE_KPI_H
#define LKB_BOT_COMPARE_KPI_H

/* 1 if stat name is a KPI the attribution explains: the testcase's own
 * metrics ("<testcase>.*" but not "<testcase>.time.*", lkp's kpi_stat?)
 * or the report's headline metric (NULL: none). testcase may be NULL. */
int compare_is_kpi(const char *name, const char *testcase,
		   const char *headline);

#endif
