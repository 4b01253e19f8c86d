#!/bin/sh
# deps-graph.sh - the folder-level include graph, checked against the
# one-way order of doc/design.md; and no cycle between modules.
#
#   tools/deps-graph.sh [TOP]      print the graph; exit 1 on a violation
#
# A folder may include only itself and folders before it in ORDER, no
# header may reach itself through the headers it includes (a cycle
# between files), and no modules (a source file without its extension;
# NAME-internal.h belongs to NAME) may use each other round a loop
# (a.c includes b.h, b.c includes a.h): shared declarations go in the
# lower module's header. Run by `make lint`; tests/sh/t0016-deps-graph.sh
# shows it failing on each.
top=${1:-.}
cd "$top" || exit 1

ORDER="lib parsers templates state bot/core bot/net bot/compare bot/report
bot/ingest bot/outbox bot/triage bot/requests bot/web bot/cmd bot"

# One line per include: "FILE INCLUDED" (project includes only).
for f in $(find lib parsers templates state bot -name '*.[ch]' | sort); do
	sed -n 's/^#include "\([a-z_/-]*\.h\)".*/\1/p' "$f" | sed "s#^#$f #"
done | awk -v order="$ORDER" '
function folder(path,   n, i, best, d) {
	best = ""
	for (i = 1; i <= nord; i++) {
		d = ord[i]
		if (index(path, d "/") == 1 && length(d) > length(best))
			best = d
	}
	return best
}
function module(path) {
	sub(/\.[ch]$/, "", path)
	sub(/-internal$/, "", path)
	return path
}
function visit(m,   k, n, i, t) {
	state[m] = 1
	stack[++sp] = m
	n = split(out[m], t, " ")
	for (i = 1; i <= n; i++) {
		if (t[i] == "" || t[i] == m)
			continue
		if (state[t[i]] == 1) {
			cyc = t[i]
			for (k = sp; k >= 1 && stack[k] != t[i]; k--)
				cyc = stack[k] " -> " cyc
			print "cycle between " kind "s: " t[i] " -> " cyc
			bad = 1
		} else if (state[t[i]] == 0)
			visit(t[i])
	}
	sp--
	state[m] = 2
}
BEGIN {
	nord = split(order, ord, /[ \n]+/)
	for (i = 1; i <= nord; i++)
		rank[ord[i]] = i
}
{
	from = folder($1); to = folder($2)
	if (from == "" || to == "")
		next
	edge[from SUBSEP to]++
	if (rank[to] > rank[from]) {
		print $1 ": includes " $2 " (" from " -> " to ", against the order)"
		bad = 1
	}
	a = module($1); b = module($2)
	if (a != b && index(" " out[a] " ", " " b " ") == 0)
		out[a] = out[a] " " b
	mods[a] = 1; mods[b] = 1
	if ($1 ~ /\.h$/) {
		fout["F:" $1] = fout["F:" $1] " F:" $2
		files["F:" $1] = 1
	}
}
END {
	print "folder-level include graph (order: " order ")"
	for (i = nord; i >= 1; i--)
		for (j = nord; j >= 1; j--)
			if ((ord[i] SUBSEP ord[j]) in edge && i != j)
				printf "  %-14s -> %-14s %4d\n", ord[i], ord[j],
					edge[ord[i] SUBSEP ord[j]]
	kind = "file"
	for (m in files)
		out[m] = fout[m]
	for (m in files)
		if (state[m] == 0)
			visit(m)
	kind = "module"
	for (m in mods)
		if (state[m] == 0)
			visit(m)
	exit bad
}'
