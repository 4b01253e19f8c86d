/* rubyfmt.c - floats printed the way lkp's Ruby prints them. */
#include "config.h"
#include "bot/compare/rubyfmt.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define QUICK_MAX 14		/* most digits the double estimate makes */

/* A decimal: digits d[0..n) (no leading zero), value 0.d * 10^decpt;
 * n == 0 is zero. */
struct dec {
	char d[COMPARE_RUBYFMT_SIZE];
	int n, decpt;
	int keep;	/* trailing zeros are digits ('%g' prints them) */
};

static const double tens[] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12,
	1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};
static const double bigtens[] = { 1e16, 1e32, 1e64, 1e128, 1e256 };

/* floor(log10(v)) estimate: exact for 1 <= v < 1e23, else possibly one
 * too large (*check_out set). */
static int
estimate_k(double v, int *check_out)
{
	int e2, k;
	double m = frexp(v, &e2), ds;

	/* log10(v) ~ log10(1.5) + (x - 1.5) / (1.5 ln 10) + e * log10(2),
	 * x = 2m in [1, 2), the constant rounded up to stay above */
	ds = (2 * m - 1.5) * 0.289529654602168 + 0.1760912590558 +
	     (e2 - 1) * 0.301029995663981;
	k = (int)ds;
	if (ds < 0 && ds != k)
		k--;
	*check_out = 1;
	if (k >= 0 && k <= 22) {
		if (v < tens[k])
			k--;
		*check_out = 0;
	}
	return k;
}

/* Scale v by 10^-k in double arithmetic; *ieps_out counts the roundings
 * (it bounds the error). */
static double
scale(double v, int k, int *ieps_out)
{
	int ieps = 2, i = 0, j;

	if (k > 0) {
		double ds = tens[k & 0xf];

		j = k >> 4;
		if (j & 0x10) {
			j &= 0xf;
			v /= bigtens[4];
			ieps++;
		}
		for (; j; j >>= 1, i++)
			if (j & 1) {
				ieps++;
				ds *= bigtens[i];
			}
		v /= ds;
	} else if (k < 0) {
		v *= tens[-k & 0xf];
		for (j = -k >> 4; j; j >>= 1, i++)
			if (j & 1) {
				ieps++;
				v *= bigtens[i];
			}
	}
	*ieps_out = ieps;
	return v;
}

/* Add one unit to the last of n digits (9s carry). */
static void
bump(struct dec *x)
{
	while (x->n && x->d[x->n - 1] == '9')
		x->n--;
	if (!x->n) {
		x->d[0] = '1';
		x->n = 1;
		x->decpt++;
		return;
	}
	x->d[x->n - 1]++;
}

/* After a half-way truncation MRI keeps the digits it made, trailing
 * zeros included, when the exact value is above the half-way point or
 * is an integer below 1e15 (its integer path); else it cuts them. */
static int
keeps_zeros(double v, int nd)
{
	char buf[96];
	int i = 0, at = 0;

	if (v == floor(v) && v < 1e15)
		return 1;
	snprintf(buf, sizeof(buf), "%.60e", v);
	for (const char *p = buf; *p && *p != 'e'; p++) {
		if (*p == '.')
			continue;
		if (i == nd && *p != '5')
			return 0;
		if (i++ > nd && *p != '0')
			at = 1;
	}
	return at;
}

/* The double estimate for ilim digits of v > 0 (mode 3: fixed, ndigits
 * after the point; else ndigits significant). 1: x holds the result;
 * 0: the exact value decides. */
static int
quick(double v, int fixed, int ndigits, struct dec *x)
{
	int check, k = estimate_k(v, &check), ilim, ilim1, ieps;
	double d, eps;

	ilim = fixed ? ndigits + k + 1 : ndigits;
	ilim1 = fixed ? ilim - 1 : ilim;
	if (ilim < 0 || ilim > QUICK_MAX)
		return 0;
	d = scale(v, k, &ieps);
	if (check && d < 1.0 && ilim > 0) {
		if (ilim1 <= 0)
			return 0;
		ilim = ilim1;
		k--;
		d *= 10.0;
		ieps++;
	}
	eps = ldexp(ieps * d + 7.0, -52);
	x->n = 0;
	x->keep = 0;
	x->decpt = k + 1;
	if (!ilim) {
		/* no digit before the rounding place: 0 or one unit */
		d -= 5.0;
		if (d > eps) {
			x->d[x->n++] = '1';
			x->decpt++;
			return 1;
		}
		return d < -eps;
	}
	eps *= tens[ilim - 1];
	for (int i = 1;; i++, d *= 10.0) {
		long l = (long)d;

		d -= (double)l;
		if (d == 0)
			ilim = i;
		x->d[x->n++] = (char)('0' + l);
		if (i < ilim)
			continue;
		if (d > 0.5 + eps) {
			bump(x);
		} else if (!(d < 0.5 - eps)) {
			/* within eps of one half: half to even on this
			 * digit; kept as made when MRI checks it exactly */
			if (l & 1)
				bump(x);
			else
				x->keep = keeps_zeros(v, x->n);
		}
		return 1;
	}
}

/* The correctly rounded digits, from C's printf (which rounds the exact
 * binary value, half to even on exact ties, as MRI's exact path does). */
static void
exact(double v, int fixed, int ndigits, struct dec *x)
{
	char buf[COMPARE_RUBYFMT_SIZE + 16];
	const char *p;
	int point = -1, lead = 0;

	x->n = 0;
	x->keep = 0;
	snprintf(buf, sizeof(buf), fixed ? "%.*f" : "%.*e",
		 fixed ? ndigits : ndigits - 1, v);
	for (p = buf; *p && *p != 'e'; p++) {
		if (*p == '.')
			point = x->n;
		else if ((size_t)x->n < sizeof(x->d))
			x->d[x->n++] = *p;
	}
	if (fixed) {
		x->decpt = point < 0 ? x->n : point;
	} else {
		/* d.ddd e+XX: the point after the first digit */
		x->decpt = (int)strtol(p + 1, NULL, 10) + 1;
	}
	while (lead < x->n && x->d[lead] == '0')
		lead++;
	memmove(x->d, x->d + lead, (size_t)(x->n - lead));
	x->n -= lead;
	x->decpt -= lead;
}

/* The digits MRI's dtoa makes for |v| (finite), trailing zeros cut. */
static void
ruby_digits(double v, int fixed, int ndigits, struct dec *x)
{
	v = fabs(v);
	if (v == 0) {
		x->n = 0;
		x->keep = 0;
		x->decpt = 1;
	} else if (!quick(v, fixed, ndigits, x)) {
		exact(v, fixed, ndigits, x);
	}
	while (!x->keep && x->n && x->d[x->n - 1] == '0')
		x->n--;
	if (!x->n)
		x->decpt = 1;
}

static int
put_sign(char *out, double v, int plus)
{
	if (signbit(v)) {
		*out = '-';
		return 1;
	}
	if (plus) {
		*out = '+';
		return 1;
	}
	return 0;
}

/* Digit idx of x (0 beyond its digits). */
static char
digit(const struct dec *x, int idx)
{
	return idx >= 0 && idx < x->n ? x->d[idx] : '0';
}

/* Integer part, then prec decimals after the point. */
static int
put_fixed(char *out, int len, const struct dec *x, int prec)
{
	if (x->decpt <= 0)
		out[len++] = '0';
	for (int i = 0; i < x->decpt; i++)
		out[len++] = digit(x, i);
	if (prec > 0)
		out[len++] = '.';
	for (int j = 0; j < prec; j++)
		out[len++] = digit(x, x->decpt + j);
	out[len] = '\0';
	return len;
}

static int
nonfinite(char *out, double v, int plus)
{
	int len = 0;

	if (isnan(v))
		return snprintf(out, COMPARE_RUBYFMT_SIZE, "%sNaN",
				plus ? "+" : "");
	len = put_sign(out, v, plus);
	memcpy(out + len, "Inf", 4);
	return len + 3;
}

int
compare_fmt_fixed(char *out, double v, int prec, int plus)
{
	struct dec x;

	if (prec < 0 || prec > COMPARE_RUBYFMT_MAX_PREC)
		return -1;
	if (!isfinite(v))
		return nonfinite(out, v, plus);
	ruby_digits(v, 1, prec, &x);
	return put_fixed(out, put_sign(out, v, plus), &x, prec);
}

int
compare_fmt_general(char *out, double v, int prec, int plus)
{
	struct dec x;
	int len, e;

	if (prec < 0 || prec > COMPARE_RUBYFMT_MAX_PREC)
		return -1;
	if (!isfinite(v))
		return nonfinite(out, v, plus);
	if (!prec)
		prec = 1;
	ruby_digits(v, 0, prec, &x);
	len = put_sign(out, v, plus);
	e = x.decpt - 1;
	if (x.n && (e < -4 || e >= prec)) {
		out[len++] = x.d[0];
		if (x.n > 1)
			out[len++] = '.';
		for (int i = 1; i < x.n; i++)
			out[len++] = x.d[i];
		return len + snprintf(out + len, 8, "e%c%02d",
				      e < 0 ? '-' : '+', e < 0 ? -e : e);
	}
	return put_fixed(out, len, &x, x.n > x.decpt ? x.n - x.decpt : 0);
}
