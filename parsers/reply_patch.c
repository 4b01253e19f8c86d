/* reply_patch.c - inline patches in a reply.
 *
 * A patch is found from its diff (diff --git, --- a/ + +++ b/, or a "---"
 * line followed by a diffstat or a diff), then extended backwards over
 * its commit message up to a marker (From <sha> Mon Sep 17 ..., Subject:
 * [PATCH, From: Name <addr>, a scissors line) or over a trailer block
 * (Signed-off-by: ...), and forwards over its hunks, counted with the
 * numbers of each @@ header so the text after a patch stays authored.
 * Only unquoted lines take part: a quoted patch is quoted text.
 */
#include "config.h"

#include <string.h>

#include "lib/limits.h"
#include "parsers/reply-internal.h"

/* How far above a diff its commit message may start. */
#define PATCH_PREAMBLE_LINES 300

static int
usable(const struct reply *r, size_t i)
{
	enum reply_line_kind k = r->lines[i].kind;

	return !r->lines[i].depth &&
	       (k == RL_AUTHORED || k == RL_SIGNATURE || k == RL_BLANK ||
		k == RL_SNIP || k == RL_PATCH);
}

int
reply_is_diffstat(const char *p, size_t n)
{
	const char *bar = memchr(p, '|', n);
	size_t k;

	while (n && LKB_ISBLANK(*p)) {
		p++;
		n--;
	}
	if (n && LKB_ISDIGIT(p[0]) && reply_contains_ci(p, n, " changed"))
		return 1;
	if (!bar || bar == p)
		return 0;
	k = (size_t)(bar - p) + 1;
	while (k < n && LKB_ISBLANK(p[k]))
		k++;
	if (k < n && rl_prefix(p + k, n - k, "Bin"))
		return 1;
	if (k >= n || !LKB_ISDIGIT(p[k]))
		return 0;
	while (k < n && LKB_ISDIGIT(p[k]))
		k++;
	while (k < n && (p[k] == ' ' || p[k] == '+' || p[k] == '-'))
		k++;
	return k == n;
}

static int
is_diff_header(const char *p, size_t n)
{
	static const char *const heads[] = {
		"diff --git ", "diff -", "index ", "--- ", "+++ ",
		"new file mode", "deleted file mode", "old mode", "new mode",
		"similarity index", "dissimilarity index", "rename from",
		"rename to", "copy from", "copy to", "Binary files",
		"GIT binary patch", "Index: ",
	};

	for (size_t k = 0; k < LKB_ARRAY_SIZE(heads); k++)
		if (rl_prefix(p, n, heads[k]))
			return 1;
	return (n >= 10 && rl_all_in(p, n, "=")) || (n == 3 && !memcmp(p, "---", 3));
}

static int parse_hunk(const char *p, size_t n, long *old_out, long *new_out);

/* Is line i the first line of a diff? A hunk pasted without its file
 * headers ("modified   mm/x.c" then "@@ -202,11 +202,12 @@") counts
 * when a diff line follows it. */
static int
is_diff_start(const struct reply *r, size_t i)
{
	size_t n, n2, k;
	long old_n, new_n;
	const char *p = rl_text(r, i, &n), *p2;

	if (rl_prefix(p, n, "diff --git ") || rl_prefix(p, n, "diff -u"))
		return 1;
	if (i + 1 >= r->nlines || !usable(r, i + 1))
		return 0;
	p2 = rl_text(r, i + 1, &n2);
	if (parse_hunk(p, n, &old_n, &new_n) && n2 &&
	    (p2[0] == ' ' || p2[0] == '+' || p2[0] == '-'))
		return 1;
	if (rl_prefix(p, n, "--- ") && rl_prefix(p2, n2, "+++ "))
		return 1;
	if (rl_prefix(p, n, "Index: ") && n2 >= 10 && rl_all_in(p2, n2, "="))
		return 1;
	if (n != 3 || memcmp(p, "---", 3))
		return 0;
	for (k = i + 1; k < r->nlines && k <= i + 3 && usable(r, k); k++) {
		p2 = rl_text(r, k, &n2);
		if (!n2)
			continue;
		return reply_is_diffstat(p2, n2) ||
		       rl_prefix(p2, n2, "diff --git ") ||
		       rl_prefix(p2, n2, "Index: ") || rl_prefix(p2, n2, "--- ");
	}
	return 0;
}

/* Parse "@@ -a[,b] +c[,d] @@": the old and new line counts. */
static int
parse_hunk(const char *p, size_t n, long *old_out, long *new_out)
{
	size_t k = 3;
	long v[4] = { 0, 1, 0, 1 };

	if (!rl_prefix(p, n, "@@ -"))
		return 0;
	for (int part = 0; part < 2; part++) {
		if (k >= n || p[k] != (part ? '+' : '-'))
			return 0;
		k++;
		for (int f = 0; f < 2; f++) {
			long x = 0;

			if (k >= n || !LKB_ISDIGIT(p[k]))
				return 0;
			while (k < n && LKB_ISDIGIT(p[k]) && x < 100000000)
				x = x * 10 + (p[k++] - '0');
			v[part * 2 + f] = x;
			if (f == 0 && k < n && p[k] == ',') {
				k++;
				continue;
			}
			break;
		}
		if (k < n && p[k] == ' ')
			k++;
	}
	*old_out = v[1];
	*new_out = v[3];
	return 1;
}

/* Consume the diff starting at s; returns the index after its last line. */
static size_t
consume_diff(const struct reply *r, size_t s)
{
	size_t i = s, end = s + 1, n;
	long old_n, new_n;
	const char *p;

	while (i < r->nlines && usable(r, i)) {
		p = rl_text(r, i, &n);
		if (parse_hunk(p, n, &old_n, &new_n)) {
			i++;
			while (i < r->nlines && usable(r, i) &&
			       (old_n > 0 || new_n > 0)) {
				p = rl_text(r, i, &n);
				if (!n || p[0] == ' ') {
					old_n--;
					new_n--;
				} else if (p[0] == '-') {
					old_n--;
				} else if (p[0] == '+') {
					new_n--;
				} else if (p[0] != '\\') {
					break;
				}
				i++;
			}
			end = i;
			continue;
		}
		if (!n) {
			i++;
			continue;
		}
		if (!is_diff_header(p, n) && !reply_is_diffstat(p, n))
			break;
		end = ++i;
	}
	return end;
}

static int
is_trailer(const char *p, size_t n)
{
	static const char *const t[] = {
		"Signed-off-by:", "Reported-by:", "Fixes:", "Link:", "Closes:",
		"Acked-by:", "Reviewed-by:", "Tested-by:", "Suggested-by:",
		"Co-developed-by:", "Cc:",
	};

	for (size_t k = 0; k < LKB_ARRAY_SIZE(t); k++)
		if (rl_prefix_ci(p, n, t[k]))
			return 1;
	return 0;
}

static int
is_patch_marker(const char *p, size_t n)
{
	if (rl_prefix(p, n, "From ") && reply_contains_ci(p, n, "Mon Sep 17 00:00:00 2001"))
		return 1;
	if (rl_prefix_ci(p, n, "Subject: [PATCH") || rl_prefix_ci(p, n, "Subject: [RFC"))
		return 1;
	if (rl_prefix(p, n, "From: ") && memchr(p, '@', n) && memchr(p, '<', n))
		return 1;
	/* scissors: "-- >8 --", "----8<----", "--->8---" */
	return n >= 4 && n < 80 && p[0] == '-' &&
	       (reply_contains_ci(p, n, ">8") || reply_contains_ci(p, n, "8<"));
}

static const char *
subject_from(struct arena *a, const char *p, size_t n)
{
	if (rl_prefix_ci(p, n, "Subject:")) {
		p += 8;
		n -= 8;
	}
	while (n && LKB_ISBLANK(*p)) {
		p++;
		n--;
	}
	while (n && *p == '[') {	/* drop [PATCH v2 3/7] tags */
		const char *c = memchr(p, ']', n);

		if (!c)
			break;
		n -= (size_t)(c + 1 - p);
		p = c + 1;
		while (n && LKB_ISBLANK(*p)) {
			p++;
			n--;
		}
	}
	return n ? arena_memdup0(a, p, n) : NULL;
}

/* Where does the patch whose diff starts at s begin? *subject_out gets
 * the patch subject when one is found. */
static size_t
find_preamble(const struct reply *r, struct arena *a, size_t s, size_t floor,
	      const char **subject_out)
{
	size_t k, n, f = s;
	const char *p;

	*subject_out = NULL;
	for (k = s; k > floor && s - k < PATCH_PREAMBLE_LINES; k--) {
		if (!usable(r, k - 1))
			break;
		p = rl_text(r, k - 1, &n);
		if (n == 2 && !memcmp(p, "--", 2))
			break;
		if (!is_patch_marker(p, n))
			continue;
		f = k - 1;
		/* the markers above it: From <sha>, From:, Date:, scissors */
		while (f > floor && usable(r, f - 1)) {
			p = rl_text(r, f - 1, &n);
			if (!is_patch_marker(p, n) && !rl_prefix(p, n, "Date: ") &&
			    !rl_prefix(p, n, "Subject: "))
				break;
			f--;
		}
		p = rl_text(r, f, &n);
		/* "subject\n\nFrom: Name <addr>" pasted after a signature */
		if (rl_prefix(p, n, "From: ") && f >= floor + 2 &&
		    r->lines[f - 1].kind == RL_BLANK && usable(r, f - 2) &&
		    r->lines[f - 2].kind != RL_BLANK &&
		    (f - 2 == floor || r->lines[f - 3].kind == RL_BLANK)) {
			f -= 2;
			p = rl_trim(r, f, &n);
			*subject_out = subject_from(a, p, n);
		}
		for (size_t j = f; j < s && !*subject_out; j++) {
			p = rl_text(r, j, &n);
			if (rl_prefix_ci(p, n, "Subject:"))
				*subject_out = subject_from(a, p, n);
		}
		return f;
	}
	/* no marker: take the trailer block right above the diff */
	for (k = s; k > floor; k--) {
		p = rl_text(r, k - 1, &n);
		if (!usable(r, k - 1) || !is_trailer(p, n))
			break;
		f = k - 1;
	}
	return f;
}

void
reply_mark_patches(struct reply *r, struct arena *a)
{
	size_t floor = 0, cap = 0;
	const char *subject;

	for (size_t i = 0; i < r->nlines; i++) {
		size_t f, e, n;
		const char *p;

		if (!usable(r, i)) {
			floor = i + 1;
			continue;
		}
		if (!is_diff_start(r, i))
			continue;
		f = find_preamble(r, a, i, floor, &subject);
		e = consume_diff(r, i);
		for (size_t k = f; k < e; k++)
			r->lines[k].kind = RL_PATCH;
		r->has_patch = 1;
		if (subject) {
			if (r->npatch_subjects == cap) {
				size_t ncap = cap ? cap * 2 : 4;

				r->patch_subjects = arena_grow(
					a, r->patch_subjects, cap, ncap,
					sizeof(*r->patch_subjects));
				cap = ncap;
			}
			r->patch_subjects[r->npatch_subjects++] = subject;
		}
		/* git format-patch's "-- \n2.39.2" trailer */
		if (e + 1 < r->nlines && usable(r, e) && usable(r, e + 1)) {
			p = rl_text(r, e, &n);
			if (n == 2 && !memcmp(p, "--", 2)) {
				r->lines[e].kind = RL_SIGNATURE;
				r->lines[e + 1].kind = RL_SIGNATURE;
				e += 2;
				/* that "-- " opened no signature of the author */
				for (size_t k = e; k < r->nlines &&
				     r->lines[k].kind == RL_SIGNATURE; k++) {
					p = rl_text(r, k, &n);
					if (n == 2 && !memcmp(p, "--", 2))
						break;
					r->lines[k].kind = RL_AUTHORED;
				}
			}
		}
		floor = e;
		i = e - 1;
	}
}
