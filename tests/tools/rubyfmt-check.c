/* rubyfmt-check.c - compare compare_fmt_fixed/_general with Ruby's text.
 *
 * Reads lines "VALUE<TAB>F2<TAB>F1+<TAB>F0<TAB>G4<TAB>G2+" as written by
 * tests/tools/rubyfmt-check.sh (VALUE in %.17g, the rest Ruby's
 * format('%.2f'), '%+.1f', '%.0f', '%.4g', '%+.2g' of it), formats VALUE
 * with lkpbot's functions and prints the counts per format and every
 * differing line (the first 20). Exit 1 when any differs.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/compare/rubyfmt.h"

#define NFMT 5

static int
fmt(int i, char *out, double v)
{
	switch (i) {
	case 0: return compare_fmt_fixed(out, v, 2, 0);
	case 1: return compare_fmt_fixed(out, v, 1, 1);
	case 2: return compare_fmt_fixed(out, v, 0, 0);
	case 3: return compare_fmt_general(out, v, 4, 0);
	default: return compare_fmt_general(out, v, 2, 1);
	}
}

int
main(void)
{
	static const char *names[NFMT] = { "%.2f", "%+.1f", "%.0f", "%.4g",
					   "%+.2g" };
	char line[4096], out[COMPARE_RUBYFMT_SIZE];
	unsigned long total = 0, diff[NFMT] = { 0 }, shown = 0;

	while (fgets(line, sizeof(line), stdin)) {
		char *f[NFMT + 1], *save = NULL;
		int n = 0;
		double v;

		line[strcspn(line, "\n")] = '\0';
		for (char *t = strtok_r(line, "\t", &save); t && n <= NFMT;
		     t = strtok_r(NULL, "\t", &save))
			f[n++] = t;
		if (n != NFMT + 1) {
			fprintf(stderr, "rubyfmt-check: bad line %lu\n", total + 1);
			return 2;
		}
		v = strtod(f[0], NULL);
		total++;
		for (int i = 0; i < NFMT; i++) {
			if (fmt(i, out, v) < 0 || strcmp(out, f[i + 1])) {
				diff[i]++;
				if (shown++ < 20)
					printf("differs: %s %s ruby %s lkpbot %s\n",
					       f[0], names[i], f[i + 1], out);
			}
		}
	}
	printf("values %lu", total);
	for (int i = 0; i < NFMT; i++)
		printf("  %s differ %lu", names[i], diff[i]);
	printf("\n");
	for (int i = 0; i < NFMT; i++)
		if (diff[i])
			return 1;
	return 0;
}
