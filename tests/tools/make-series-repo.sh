#!/bin/sh
# make-series-repo.sh DIR [TOTAL] - a small kernel-like git repository:
# an upstream history, the base commit "mm: base for the series", then a
# series "[PATCH v2 01/TOTAL] mm/remap: step 01" .. "TOTAL/TOTAL" (empty
# commits, fixed dates so the shas are reproducible). The series tip is
# branch "Jane-Doe/mm-remap-steps/20240102-030405" and also
# "refs/remotes/linux-review/<that>", as a 0-Day url: would name it.
set -eu
dir=$1
total=${2:-13}
export GIT_AUTHOR_DATE='2024-01-02T03:04:05Z'
export GIT_COMMITTER_DATE='2024-01-02T03:04:05Z'
g() { git -C "$dir" -c user.name='Jane Doe' -c user.email=jane@example.org \
	-c init.defaultBranch=master "$@"; }
rm -rf "$dir"
mkdir -p "$dir"
g init -q
g commit -q --allow-empty -m 'Linux 6.7-rc1'
g commit -q --allow-empty -m 'mm: unrelated upstream change'
g commit -q --allow-empty -m 'mm: base for the series'
i=1
while [ "$i" -le "$total" ]; do
	n=$(printf '%02d/%02d' "$i" "$total")
	g commit -q --allow-empty -m "[PATCH v2 $n] mm/remap: step $(printf %02d "$i")"
	i=$((i + 1))
done
branch=Jane-Doe/mm-remap-steps/20240102-030405
g branch "$branch"
g update-ref "refs/remotes/linux-review/$branch" HEAD
