#!/bin/sh
# loops.sh - no loop between the files of one folder, at the level of
# functions and data; run by `make lint` in the build directory (it reads
# the built libraries), tests/sh/t0018-loops.sh shows it failing.
#
#   tools/loops.sh [TOP [BUILD]]   exit 1 on a loop not in TOP/tools/loops.allow
#
# For each folder's library (liblkb.a in lib, libcmd.a in bot/cmd...), file A
# uses file B when A's object refers to a global symbol (function or data)
# that B's object defines (nm). A folder passes when these uses never lead
# back to where they started: what two files both need lives in a lower
# file that calls neither. tools/deps-graph.sh checks the same at the level
# of includes, which a shared header hides.
#
# tools/loops.allow names folders whose loop is being removed: their loop
# is printed but passes; a folder named there with no loop fails, so the
# list only shrinks.
top=${1:-.}
build=${2:-.}
allow=$(cd "$top" && pwd)/tools/loops.allow
[ -r "$allow" ] || { echo "$allow: missing (an empty list is fine)"; exit 1; }
command -v nm >/dev/null || { echo "loops.sh: nm not found (binutils)"; exit 1; }
cd "$build" || exit 1
libs=$(find lib parsers templates state bot -name 'lib*.a' 2>/dev/null | sort)
if [ -z "$libs" ]; then
	echo "loops.sh: no library under $build: run make there first"
	exit 1
fi

# "ALLOW LINE FOLDER", then "DEF FOLDER FILE SYMBOL" and "USE FOLDER FILE
# SYMBOL" for each global symbol of each library member, by folder and
# file (the order of the report).
{
	awk '{ sub(/#.*/, ""); if (NF) print "ALLOW", FNR, $1 }' "$allow"
	for a in $libs; do
		nm -P -A "$a" | awk -v d="${a%/*}" '
		{
			f = $1
			sub(/^.*\[/, "", f); sub(/\]:$/, "", f)
			sub(/^lib[a-z0-9_]*_a-/, "", f); sub(/\.o$/, ".c", f)
			if ($3 == "U") print "USE", d, f, $2
			else if ($3 ~ /^[A-TV-Z]$/) print "DEF", d, f, $2
		}'
	done | sort -u -k2,2 -k3,3 -k1,1 -k4,4
} | awk -v allow="$allow" '
$1 == "ALLOW" { allowed[$3] = $2; next }
$1 == "DEF" { def[$2 SUBSEP $4] = $3; node($2, $3); next }
{ node($2, $3); nuse++; ud[nuse] = $2; uf[nuse] = $3; us[nuse] = $4 }

# the files of folder d, in order: file[d, 1..nfile[d]]
function node(d, f) {
	if ((d, f) in idx)
		return
	if (!(d in nfile))
		folders[++nfold] = d
	idx[d, f] = ++nfile[d]
	file[d, nfile[d]] = f
}

END {
	for (u = 1; u <= nuse; u++) {
		d = ud[u]
		if (!((d, us[u]) in def) || def[d, us[u]] == uf[u])
			continue
		i = idx[d, uf[u]]; j = idx[d, def[d, us[u]]]
		syms[d, i, j] = syms[d, i, j] " " us[u]
		reach[d, i, j] = 1
	}
	for (k = 1; k <= nfold; k++)
		check(folders[k])
	for (d in allowed)
		if (!(d in looped)) {
			printf "%s:%d: %s has no loop any more: delete the line\n",
				allow, allowed[d], d
			fail = 1
		}
	exit fail
}

# Every file that reaches itself through the uses is on a loop; the files
# that reach each other make one loop.
function check(d,   n, i, j, k, done, on) {
	n = nfile[d]
	for (k = 1; k <= n; k++)
		for (i = 1; i <= n; i++)
			if ((d, i, k) in reach)
				for (j = 1; j <= n; j++)
					if ((d, k, j) in reach)
						reach[d, i, j] = 1
	for (i = 1; i <= n; i++) {
		if (done[i] || !((d, i, i) in reach))
			continue
		split("", on)
		for (j = i; j <= n; j++)
			if (j == i || ((d, i, j) in reach && (d, j, i) in reach)) {
				on[j] = 1
				done[j] = 1
			}
		report(d, on)
	}
}

# The loop, each use on it with its symbols, and where to cut it: the
# file the most others on the loop use (the fewest symbols on a tie),
# whose symbols they use go into a lower file.
function report(d, on,   i, j, names, word, n, c, w, best, bc, b, users, lift) {
	looped[d] = 1
	for (i = 1; i <= nfile[d]; i++)
		if (i in on)
			names = names " " file[d, i]
	word = (d in allowed) ? "allowed (tools/loops.allow)" : "error"
	printf "%s: loop between files:%s\n", d, names
	for (i = 1; i <= nfile[d]; i++)
		for (j = 1; j <= nfile[d]; j++)
			if ((i in on) && (j in on) && (d, i, j) in syms)
				printf "    %s -> %s:%s\n", file[d, i], file[d, j],
					syms[d, i, j]
	best = 0
	for (j = 1; j <= nfile[d]; j++) {
		if (!(j in on))
			continue
		n = c = 0
		for (i = 1; i <= nfile[d]; i++)
			if ((i in on) && (d, i, j) in syms) {
				n++
				c += split(syms[d, i, j], w)
			}
		if (n > best || (n == best && c < bc)) {
			best = n; bc = c; b = j
		}
	}
	users = lift = ""
	for (i = 1; i <= nfile[d]; i++)
		if ((i in on) && (d, i, b) in syms) {
			users = users " " file[d, i]
			lift = lift syms[d, i, b]
		}
	if (best > 3)
		users = " " best " files"
	printf "    %s: lift%s (used by%s) out of %s into a lower file of %s that uses nothing on the loop\n",
		word, uniq(lift), users, file[d, b], d
	if (!(d in allowed))
		fail = 1
}

# The words of s, each once, in order.
function uniq(s,   w, n, i, seen, out) {
	n = split(s, w)
	for (i = 1; i <= n; i++)
		if (!(w[i] in seen)) {
			seen[w[i]] = 1
			out = out " " w[i]
		}
	return out
}'
