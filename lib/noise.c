/* noise.c - is a change bigger than the test's own noise (noise.h). */
#include "config.h"
#include "lib/noise.h"

#include <math.h>
#include <string.h>

static const char *const level_names[] = {
	[NOISE_UNKNOWN] = "unknown",
	[NOISE_WITHIN] = "within noise",
	[NOISE_LIKELY] = "likely",
	[NOISE_CLEAR] = "clear",
};
_Static_assert(sizeof(level_names) / sizeof(level_names[0]) == NOISE__COUNT,
	       "a name for every noise level");

const char *
noise_level_name(enum noise_level l)
{
	return (unsigned)l < NOISE__COUNT ? level_names[l] : "unknown";
}

enum noise_level
noise_level_from_name(const char *s)
{
	for (int l = 0; s && l < NOISE__COUNT; l++)
		if (!strcmp(s, level_names[l]))
			return (enum noise_level)l;
	return NOISE_UNKNOWN;
}

/* The stddev range a printed "± N%" allows, in the mean's units: lkp
 * truncates, and leaves NOISE_BLANK_SD and below blank. */
static void
sd_range(double mean, double sd_pct, double *lo_out, double *hi_out)
{
	double m = fabs(mean) / 100;

	if (!(sd_pct > 0)) {
		*lo_out = 0;
		*hi_out = NOISE_BLANK_SD * m;
		return;
	}
	*lo_out = sd_pct * m;
	*hi_out = (sd_pct + 1) * m;
}

static double
ratio(double delta, double s0, double s1)
{
	double s = sqrt(s0 * s0 + s1 * s1);

	if (s > 0)
		return fabs(delta) / s;
	return delta != 0 ? INFINITY : 0;
}

void
noise_from_figures(double base, double base_sd, double value, double sd,
		   double delta, struct noise_verdict *out)
{
	double lo0, hi0, lo1, hi1;

	memset(out, 0, sizeof(*out));
	out->p = -1;
	out->delta = delta;
	if (!isfinite(base) || !isfinite(value) || !isfinite(delta) ||
	    !isfinite(base_sd) || !isfinite(sd))
		return;
	sd_range(base, base_sd, &lo0, &hi0);
	sd_range(value, sd, &lo1, &hi1);
	out->ratio_lo = ratio(delta, hi0, hi1);
	out->ratio_hi = ratio(delta, lo0, lo1);
	if (out->ratio_hi < NOISE_WITHIN_RATIO || delta == 0)
		out->level = NOISE_WITHIN;
	else if (out->ratio_lo >= NOISE_CLEAR_RATIO)
		out->level = NOISE_CLEAR;
	else
		out->level = NOISE_LIKELY;
}

/* Mean and sample variance (n - 1), two passes. */
static void
mean_var(const double *v, size_t n, double *mean_out, double *var_out)
{
	double s = 0, q = 0;

	for (size_t i = 0; i < n; i++)
		s += v[i];
	s /= (double)n;
	for (size_t i = 0; i < n; i++)
		q += (v[i] - s) * (v[i] - s);
	*mean_out = s;
	*var_out = q / (double)(n - 1);
}

void
noise_from_runs(const double *a, size_t na, const double *b, size_t nb,
		struct noise_verdict *out)
{
	double m0, v0, m1, v1, e0, e1, se;

	memset(out, 0, sizeof(*out));
	out->from_runs = 1;
	out->p = -1;
	out->n0 = na;
	out->n1 = nb;
	if (na < 2 || nb < 2)
		return;
	mean_var(a, na, &m0, &v0);
	mean_var(b, nb, &m1, &v1);
	out->delta = m1 - m0;
	if (!isfinite(out->delta) || !isfinite(v0) || !isfinite(v1))
		return;
	e0 = v0 / (double)na;
	e1 = v1 / (double)nb;
	se = sqrt(e0 + e1);
	if (se == 0) {
		/* runs that do not vary: any difference is real */
		out->t = out->delta != 0 ? copysign(INFINITY, out->delta) : 0;
		out->df = (double)(na + nb - 2);
		out->p = out->delta != 0 ? 0 : 1;
	} else {
		out->t = out->delta / se;
		out->df = (e0 + e1) * (e0 + e1) /
			  (e0 * e0 / (double)(na - 1) +
			   e1 * e1 / (double)(nb - 1));
		out->p = noise_t_pvalue(out->t, out->df);
	}
	if (out->p < NOISE_CLEAR_P)
		out->level = NOISE_CLEAR;
	else if (out->p < NOISE_LIKELY_P)
		out->level = NOISE_LIKELY;
	else
		out->level = NOISE_WITHIN;
}

#define BETA_ITER 300
#define BETA_EPS 1e-14
#define BETA_TINY 1e-300

/* The continued fraction of the incomplete beta function, evaluated by
 * the modified Lentz method; converges fast for x < (a + 1) / (a + b + 2). */
static double
beta_fraction(double a, double b, double x)
{
	double c = 1, d = 1 - (a + b) * x / (a + 1), h;

	if (fabs(d) < BETA_TINY)
		d = BETA_TINY;
	d = 1 / d;
	h = d;
	for (int m = 1; m <= BETA_ITER; m++) {
		double num, step;

		/* even step: m (b - m) x / ((a + 2m - 1)(a + 2m)) */
		num = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m));
		d = 1 + num * d;
		c = 1 + num / c;
		d = fabs(d) < BETA_TINY ? 1 / BETA_TINY : 1 / d;
		c = fabs(c) < BETA_TINY ? BETA_TINY : c;
		h *= d * c;
		/* odd step: -(a + m)(a + b + m) x / ((a + 2m)(a + 2m + 1)) */
		num = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1));
		d = 1 + num * d;
		c = 1 + num / c;
		d = fabs(d) < BETA_TINY ? 1 / BETA_TINY : 1 / d;
		c = fabs(c) < BETA_TINY ? BETA_TINY : c;
		step = d * c;
		h *= step;
		if (fabs(step - 1) < BETA_EPS)
			break;
	}
	return h;
}

/* The regularised incomplete beta function I_x(a, b). */
static double
beta_reg(double a, double b, double x)
{
	double front;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) +
		    b * log1p(-x));
	if (x < (a + 1) / (a + b + 2))
		return front * beta_fraction(a, b, x) / a;
	return 1 - front * beta_fraction(b, a, 1 - x) / b;
}

double
noise_t_pvalue(double t, double df)
{
	if (isnan(t) || !(df > 0))
		return 1;
	if (isinf(t))
		return 0;
	/* P(|T| >= |t|) = I_{df / (df + t^2)}(df / 2, 1 / 2) */
	return beta_reg(df / 2, 0.5, df / (df + t * t));
}
