/* chart.c - SVG bar charts (chart.h). */
#include "config.h"
#include "bot/web/chart.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bot/web/html.h"
#include "lib/compiler.h"
#include "lib/status.h"

static const char *const dir_names[] = { "neutral", "regression",
					 "improvement" };
_Static_assert(LKB_ARRAY_SIZE(dir_names) == CHART_DIR__COUNT,
	       "a name per chart direction");

const char *
chart_dir_name(enum chart_dir d)
{
	return (unsigned)d < CHART_DIR__COUNT ? dir_names[d] : "neutral";
}

/* Geometry of one chart: the plot's box, the value range and its
 * ticks (lo, lo + tick, ..., hi), labelled with dec decimals. */
struct frame {
	double x0, x1, y0, y1, lo, hi, slot, tick;
	int dec;
	unsigned w, h;
};

static double
ypos(const struct frame *f, double v)
{
	return f->y1 - (v - f->lo) / (f->hi - f->lo) * (f->y1 - f->y0);
}

static int
has_sd(const struct chart *c, size_t i)
{
	return !isnan(c->sd[i]) && c->sd[i] > 0 && !isinf(c->sd[i]);
}

/* The first of 1, 2, 5 times a power of ten at least raw (> 0); its
 * decimals in *dec. */
static double
nice_step(double raw, int *dec)
{
	double p = pow(10, floor(log10(raw))), m = raw / p;
	double s = m <= 1 ? p : m <= 2 ? 2 * p : m <= 5 ? 5 * p : 10 * p;
	int e = (int)floor(log10(s) + 1e-9);

	*dec = e < 0 ? -e : 0;
	return s;
}

/* The width of the longest tick label at 11 px, about 6.5 px a
 * character. */
static double
label_width(const struct frame *f)
{
	char buf[64];
	size_t most = 1;

	for (double v = f->lo; v <= f->hi + f->tick / 2; v += f->tick) {
		size_t n = (size_t)snprintf(buf, sizeof(buf), "%.*f", f->dec,
					    fabs(v) < f->tick / 2 ? 0.0 : v);

		if (n > most)
			most = n;
	}
	return 6.5 * (double)most;
}

static void
frame_fit(struct frame *f, const struct chart *c)
{
	double tw;
	int any = 0;

	f->lo = 0;
	f->hi = 0;
	for (size_t i = 0; i < c->n; i++) {
		double m = c->mean[i], s = has_sd(c, i) ? c->sd[i] : 0;

		if (isnan(m) || isinf(m))
			continue;
		if (!any++ || m + s > f->hi)
			f->hi = m + s;
		if (m - s < f->lo)
			f->lo = m - s;
	}
	if (f->hi < 0)
		f->hi = 0;
	if (!(f->hi > f->lo))
		f->hi = f->lo + 1;
	/* four or five intervals of a round size: three ticks or more */
	f->tick = nice_step((f->hi - f->lo) / 4, &f->dec);
	f->lo = floor(f->lo / f->tick) * f->tick;
	f->hi = ceil(f->hi / f->tick) * f->tick;
	f->x0 = 12 + label_width(f);
	f->w = (unsigned)(f->x0 + 8 + 44 * (double)(c->n ? c->n : 1));
	/* the bold title in full, about 7 px a character */
	tw = 12 + 7 * (double)strlen(c->title ? c->title : c->metric);
	if (f->w < tw)
		f->w = (unsigned)tw;
	if (f->w < 320)
		f->w = 320;
	f->h = 282;
	f->x1 = f->w - 8;
	f->y0 = 62;
	f->y1 = 242;
	f->slot = (f->x1 - f->x0) / (double)(c->n ? c->n : 1);
}

/* The axes, a labelled tick and a faint line at each tick. */
static int
axis(struct strbuf *sb, const struct frame *f)
{
	double zero = ypos(f, f->lo < 0 ? 0 : f->lo);

	strbuf_addf(sb, "<line x1=\"%.1f\" y1=\"%.1f\" "
		    "x2=\"%.1f\" y2=\"%.1f\" stroke=\"#444\"/>\n",
		    f->x0, f->y0, f->x0, f->y1);
	for (double v = f->lo; v <= f->hi + f->tick / 2; v += f->tick) {
		double y = ypos(f, v);

		strbuf_addf(sb, "<line class=\"grid\" x1=\"%.1f\" "
			    "y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n"
			    "<text class=\"tick\" x=\"%.1f\" y=\"%.1f\" "
			    "text-anchor=\"end\">%.*f</text>\n",
			    f->x0 - 3, y, f->x1, y, f->x0 - 5, y + 4,
			    f->dec, fabs(v) < f->tick / 2 ? 0.0 : v);
	}
	strbuf_addf(sb, "<line x1=\"%.1f\" y1=\"%.1f\" "
		    "x2=\"%.1f\" y2=\"%.1f\" stroke=\"#444\"/>\n",
		    f->x0, zero, f->x1, zero);
	return LKB_OK;
}

/* The short label under a bar: "07" of "07/13". */
static int
short_label(struct strbuf *sb, const char *label)
{
	const char *slash = label ? strchr(label, '/') : NULL;

	return html_esc(sb, label ? label : "", slash ? (size_t)(slash - label)
			: strlen(label ? label : ""));
}

static int
mark(struct strbuf *sb, const struct frame *f, const struct chart *c,
     size_t i)
{
	double m = c->mean[i], x = f->x0 + f->slot * (double)i;
	double bw = f->slot * 0.66 > 40 ? 40 : f->slot * 0.66;
	double bx = x + (f->slot - bw) / 2, cx = x + f->slot / 2;
	double base = ypos(f, f->lo < 0 ? 0 : f->lo), top = ypos(f, m);
	int rc;

	strbuf_addf(sb, "<rect class=\"mark %s\" data-commit=\"",
		    chart_dir_name(c->dir[i]));
	rc = html_escs(sb, c->shas[i]);
	strbuf_addf(sb, "\" data-value=\"%.15g\" x=\"%.1f\" y=\"%.1f\" "
		    "width=\"%.1f\" height=\"%.1f\"><title>", m, bx,
		    top < base ? top : base, bw, fabs(base - top));
	rc |= html_escs(sb, c->labels[i]);
	strbuf_adds(sb, " ");
	rc |= html_escs(sb, c->shas[i]);
	strbuf_addf(sb, ": %.15g", m);
	if (has_sd(c, i))
		strbuf_addf(sb, " \xc2\xb1%.4g", c->sd[i]);
	strbuf_adds(sb, "</title></rect>\n");
	if (has_sd(c, i))
		strbuf_addf(sb, "<path class=\"whisker\" "
			    "d=\"M%.1f %.1fV%.1f"
			    "M%.1f %.1fH%.1fM%.1f %.1fH%.1f\"/>\n", cx,
			    ypos(f, m - c->sd[i]), ypos(f, m + c->sd[i]),
			    cx - 4, ypos(f, m - c->sd[i]), cx + 4, cx - 4,
			    ypos(f, m + c->sd[i]), cx + 4);
	if (!has_sd(c, i) && c->sd_small && c->sd_small[i])
		strbuf_addf(sb, "<text class=\"nosd\" x=\"%.1f\" "
			    "y=\"%.1f\" text-anchor=\"middle\">"
			    "&lt;2%%</text>\n", cx,
			    (top < base ? top : base) - 3);
	if (i == c->step && i && c->n > 2)
		strbuf_addf(sb, "<rect class=\"step\" x=\"%.1f\" "
			    "y=\"%.1f\" width=\"%.1f\" "
			    "height=\"%.1f\"/>\n<text x=\"%.1f\" "
			    "y=\"%.1f\" text-anchor=\"middle\">"
			    "largest step</text>\n", bx - 3, f->y0 - 6, bw + 6,
			    f->y1 - f->y0 + 9, cx, f->y0 - 9);
	strbuf_addf(sb, "<text x=\"%.1f\" y=\"%.1f\" "
		    "text-anchor=\"middle\">", cx, f->y1 + 16);
	rc |= short_label(sb, c->labels[i]);
	strbuf_adds(sb, "</text>\n");
	return rc;
}

/* The text alternative: every commit's value, the largest step. */
static int
describe(struct strbuf *sb, const struct chart *c)
{
	int rc = LKB_OK;

	for (size_t i = 0; i < c->n; i++) {
		strbuf_adds(sb, i ? "; " : "");
		rc |= html_escs(sb, c->labels[i]);
		if (isnan(c->mean[i]))
			strbuf_adds(sb, " -");
		else
			strbuf_addf(sb, " %.15g", c->mean[i]);
		if (has_sd(c, i))
			strbuf_addf(sb, " \xc2\xb1%.4g", c->sd[i]);
		else if (c->sd_small && c->sd_small[i] && !isnan(c->mean[i]))
			strbuf_adds(sb, " (no stddev printed: &lt; 2 %)");
		if (c->dir[i] != CHART_NEUTRAL)
			strbuf_addf(sb, " (%s)",
				    chart_dir_name(c->dir[i]));
	}
	if (c->step && c->step < c->n && c->n > 2) {
		strbuf_adds(sb, ". Largest step: ");
		rc |= html_escs(sb, c->labels[c->step]);
	}
	strbuf_adds(sb, ".");
	return rc;
}

/* 1 when a bar has no whisker because lkp printed no stddev. */
static int
nosd(const struct chart *c)
{
	for (size_t i = 0; c->sd_small && i < c->n; i++)
		if (c->sd_small[i] && !has_sd(c, i) && !isnan(c->mean[i]))
			return 1;
	return 0;
}

int
chart_svg(struct strbuf *sb, const struct chart *c)
{
	struct frame f;
	int rc;

	frame_fit(&f, c);
	strbuf_addf(sb, "<figure>\n<svg class=\"chart\" xmlns=\"http://www"
		    ".w3.org/2000/svg\" role=\"img\" width=\"%u\" "
		    "height=\"%u\" viewBox=\"0 0 %u %u\" id=\"%s\">\n"
		    "<title>", f.w, f.h, f.w, f.h, c->id);
	rc = html_escs(sb, c->metric);
	strbuf_adds(sb, "</title>\n<desc>");
	rc |= describe(sb, c);
	strbuf_adds(sb, "</desc>\n<text class=\"ctitle\" x=\"4\" "
		    "y=\"14\">");
	rc |= html_escs(sb, c->title ? c->title : c->metric);
	strbuf_adds(sb, "</text>\n");
	rc |= html_around(sb, "<text x=\"4\" y=\"30\">", c->change,
			  "</text>\n");
	if (nosd(c))
		strbuf_adds(sb, "<text class=\"nosd\" x=\"4\" y=\"45\">"
			    "&lt;2%: no whisker, lkp printed no stddev "
			    "(under 2 %)</text>\n");
	rc |= axis(sb, &f);
	for (size_t i = 0; i < c->n && !rc; i++)
		if (!isnan(c->mean[i]))
			rc = mark(sb, &f, c, i);
	strbuf_adds(sb, "</svg>\n<figcaption>");
	rc |= html_escs(sb, c->title ? c->title : c->metric);
	rc |= html_around(sb, ": ", c->change, "");
	strbuf_adds(sb, ": ");
	rc |= describe(sb, c);
	strbuf_adds(sb, "</figcaption>\n</figure>\n");
	return rc ? LKB_ERR_TOO_BIG : LKB_OK;
}
