/* html.c - escaping and the page frame (html.h). */
#include "config.h"
#include "bot/web/html.h"

#include <string.h>
#include <time.h>

#include "lib/status.h"
#include "templates/escape.h"

int
html_esc(struct strbuf *sb, const char *s, size_t len)
{
	size_t i = 0, run = 0;

	if (!s)
		return LKB_OK;
	while (i < len) {
		unsigned char c = (unsigned char)s[i];
		const char *rep = NULL;
		size_t n = 1;

		switch (c) {
		case '&': rep = "&amp;"; break;
		case '<': rep = "&lt;"; break;
		case '>': rep = "&gt;"; break;
		case '"': rep = "&quot;"; break;
		case '\'': rep = "&#39;"; break;
		case '\t': case '\n': break;
		default:
			if (c < 0x20 || c == 0x7f) {
				rep = "\xef\xbf\xbd";
			} else if (c >= 0x80) {
				n = escape_utf8_len(s + i, len - i);
				/* C1 controls (U+0080..U+009F) too, and
				 * U+FFFE, U+FFFF, which XML 1.0 forbids */
				if (!n || (c == 0xc2 &&
					   (unsigned char)s[i + 1] < 0xa0) ||
				    (n == 3 && c == 0xef &&
				     (unsigned char)s[i + 1] == 0xbf &&
				     (unsigned char)s[i + 2] >= 0xbe)) {
					rep = "\xef\xbf\xbd";
					n = n ? n : 1;
				}
			}
		}
		if (rep) {
			strbuf_add(sb, s + i - run, run);
			strbuf_adds(sb, rep);
			run = 0;
		} else {
			run += n;
		}
		i += n;
	}
	if (run)
		strbuf_add(sb, s + i - run, run);
	return LKB_OK;
}

int
html_escs(struct strbuf *sb, const char *s)
{
	return s ? html_esc(sb, s, strlen(s)) : LKB_OK;
}

int
html_around(struct strbuf *sb, const char *pre, const char *s,
	    const char *post)
{
	int rc;

	if (!s)
		return LKB_OK;
	strbuf_adds(sb, pre);
	rc = html_escs(sb, s);
	strbuf_adds(sb, post);
	return rc;
}

int
html_date(struct strbuf *sb, int64_t t)
{
	time_t tt = (time_t)t;
	struct tm tm;
	char buf[64];

	if (t < 0 || !gmtime_r(&tt, &tm) ||
	    !strftime(buf, sizeof(buf), "%Y-%m-%d %H:%M UTC", &tm))
		strbuf_adds(sb, "-");
	else
		strbuf_adds(sb, buf);
	return LKB_OK;
}

int
html_begin(struct strbuf *sb, const char *title)
{
	int rc = LKB_OK;

	strbuf_adds(sb, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
		    "<meta charset=\"utf-8\">\n<meta name=\"viewport\" "
		    "content=\"width=device-width, initial-scale=1\">\n"
		    "<title>");
	rc |= html_escs(sb, title);
	strbuf_adds(sb, "</title>\n<link rel=\"stylesheet\" "
		    "href=\"style.css\">\n<link rel=\"alternate\" "
		    "type=\"application/atom+xml\" title=\"State "
		    "changes\" href=\"feed.atom\">\n</head>\n<body>\n"
		    "<nav><a href=\"index.html\">Reports</a> "
		    "<a href=\"digest.html\">Digest</a> "
		    "<a href=\"feed.atom\">Feed</a></nav>\n<main>\n<h1>");
	rc |= html_escs(sb, title);
	strbuf_adds(sb, "</h1>\n");
	return rc ? LKB_ERR_TOO_BIG : LKB_OK;
}

int
html_end(struct strbuf *sb)
{
	strbuf_adds(sb, "</main>\n<footer>Made by lkpbot " PACKAGE_VERSION
		    " from its database; no script needed."
		    "</footer>\n</body>\n</html>\n");
	return LKB_OK;
}

/* Every text can break (overflow-wrap:anywhere counts in a cell's
 * smallest width): no mail text, however long a word, makes a page
 * wider than its window (issue 36 row 16). Only <pre> keeps its lines
 * and scrolls inside its own box. */
const char html_css[] =
	"body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;"
	"max-width:90rem;padding:0 1rem;color:#1b1b1b;background:#fff;"
	"overflow-wrap:anywhere}\n"
	"nav{padding:.6rem 0;border-bottom:1px solid #ccc}\n"
	"nav a{margin-right:1rem}\n"
	"h1{font-size:1.35rem}\n"
	"h2{font-size:1.1rem;margin-top:1.6rem}\n"
	"table{border-collapse:collapse;width:100%}\n"
	"th,td{text-align:left;padding:.25rem .5rem;border-bottom:1px solid #e3e3e3;"
	"vertical-align:top;overflow-wrap:anywhere}\n"
	"table.reports td.n{white-space:nowrap}\n"
	"table.reports td.o{overflow-wrap:normal}\n"
	"table.reports td.sub{min-width:14rem}\n"
	"table.reports td.st{min-width:7rem;overflow-wrap:break-word}\n"
	"table.reports td.w{min-width:5rem}\n"
	"th{overflow-wrap:normal}\n"
	"td small{color:#555}\n"
	"pre{background:#f6f6f6;padding:.6rem;overflow-x:auto;font-size:12px;"
	"line-height:1.3;max-width:100%;box-sizing:border-box;"
	"overflow-wrap:normal}\n"
	".wrap{white-space:pre-wrap;overflow-wrap:anywhere}\n"
	"dl.facts{display:grid;grid-template-columns:max-content minmax(0,1fr);"
	"gap:.2rem 1rem}\n"
	"dl.facts dt{font-weight:600}\n"
	"dl.facts dd{margin:0;min-width:0}\n"
	".state{font-weight:600}\n"
	".regression{color:#b00020}\n.improvement{color:#006b2d}\n"
	"figure{margin:1rem 0;max-width:100%}\n"
	"svg.chart{max-width:100%;height:auto;border:1px solid #ddd}\n"
	"svg .mark.regression{fill:#d1495b}\nsvg .mark.improvement{fill:#3c9d5d}\n"
	"svg .mark.neutral{fill:#8a8fa3}\nsvg .whisker{stroke:#222;stroke-width:1.5}\n"
	"svg .step{fill:none;stroke:#222;stroke-width:2;stroke-dasharray:4 3}\n"
	"svg text{font:11px sans-serif;fill:#222}\n"
	"svg .grid{stroke:#e4e4e4}\nsvg text.nosd{fill:#555;font-size:10px}\n"
	"svg text.ctitle{font-weight:bold}\n"
	"ol.thread{padding-left:1.5rem}\n"
	"ol.thread>li{margin-bottom:1rem}\n"
	"ul.buckets{list-style:none;padding:0;display:flex;flex-wrap:wrap;"
	"gap:.3rem 1.2rem}\n"
	".filters a{margin-right:.6rem}\n"
	".note{color:#555;font-size:.9rem}\n"
	"footer{margin:2rem 0 1rem;color:#666;font-size:.85rem}\n"
	"@media (max-width:72rem){body{font-size:14px;padding:0 .5rem}"
	"table.reports thead{display:none}"
	"table.reports tr{display:block;border-bottom:2px solid #ccc;padding:.3rem 0}"
	"table.reports td{display:block;border:0;padding:.1rem 0;"
	"white-space:normal!important;min-width:0!important}"
	"table.reports td[data-label]::before{content:attr(data-label) \": \";"
	"font-weight:600}"
	"dl.facts{grid-template-columns:minmax(0,1fr)}}\n"
	"@media print{nav,footer,.filters{display:none}"
	"body{max-width:none;color:#000;font-size:11pt}"
	"a{color:#000;text-decoration:none}"
	"pre{background:none;border:1px solid #999;white-space:pre-wrap;"
	"font-size:8pt}svg.chart{page-break-inside:avoid}}\n";
