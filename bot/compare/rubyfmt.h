/* rubyfmt.h - floats printed the way lkp's Ruby prints them.
 *
 * lkp formats its table with MRI's format('%.2f') / '%.4g' / '%+.1f' /
 * '%.0f' (lkp:lib/compare.rb show_perf_change, show_failure_change). MRI
 * does not round like C's printf, which rounds the exact binary value:
 * its digit generator (dtoa modes 2 and 3) first tries plain double
 * arithmetic - scale the value to [1, 10) by powers of ten, peel off the
 * wanted digits by multiplying by 10 - and when the remainder left after
 * the last digit lies within its error bound eps of one half, it rounds
 * half to even on that last digit instead of looking at the exact value:
 *
 *   2.9949999999999997 -> "3.00"   (remainder ~ 0.5, last digit 9 odd)
 *   3.0050000000000003 -> "3.00"   (remainder ~ 0.5, last digit 0 even)
 *   0.005000000000000000104 -> "0.01"  (no digit before the rounding
 *                                      place: exact comparison)
 *
 * Everything else (remainder clearly above or below one half, more than
 * 14 digits, no digit before the rounding place) is the correctly
 * rounded result, as C's printf gives it. Ours, written from the
 * documented behaviour (doc/lkp-format.md 4.8) and checked against Ruby
 * 3.1 on millions of values (tests/tools/rubyfmt-check.sh).
 */
#ifndef LKB_BOT_COMPARE_RUBYFMT_H
#define LKB_BOT_COMPARE_RUBYFMT_H

#include <stddef.h>

#include "lib/compiler.h"

/* Longest text of either function: 309 integer digits, sign, point and
 * up to COMPARE_RUBYFMT_MAX_PREC decimals. */
#define COMPARE_RUBYFMT_MAX_PREC 17
#define COMPARE_RUBYFMT_SIZE 340

/* format('%.<prec>f', v) (with plus: '%+.<prec>f') into out
 * (COMPARE_RUBYFMT_SIZE bytes). Infinities and NaN print "Inf", "-Inf",
 * "NaN" as Ruby does. Returns the length, or -1 when prec is out of
 * 0..COMPARE_RUBYFMT_MAX_PREC. */
int compare_fmt_fixed(char *out, double v, int prec, int plus) LKB_WARN_UNUSED;
/* format('%.<prec>g', v) (with plus: '%+.<prec>g'); prec 0 counts as 1. */
int compare_fmt_general(char *out, double v, int prec, int plus) LKB_WARN_UNUSED;

#endif
