# lib.sh - ours: helpers shared by regen-goldens.sh and property-check.sh.
# Needs: LKP_SRC (an intel/lkp-tests checkout), RUBY (default ruby),
# python3, unshare(1) and root (lkp hard-codes /lkp/result and /lkp/data in
# lib/constant.rb, so every lkp step runs in a private mount namespace with
# the generated tree bind-mounted on /lkp; the host's /lkp, an empty
# directory that only serves as the mount point, is never written).
here=$(cd "$(dirname "$0")" && pwd)
: "${LKP_SRC:?set LKP_SRC to an intel/lkp-tests checkout}"
RUBY=${RUBY:-ruby}
export LKP_SRC RUBY

# lkp_in_ns TREE CMD... : run CMD with TREE mounted on /lkp.
lkp_in_ns() {
	_tree=$1
	shift
	[ -d /lkp ] || mkdir /lkp
	unshare -m --propagation private sh -c \
		'mount --bind "$0" /lkp && exec "$@"' "$_tree" "$@"
}

# lkp_unite TREE : lkp's unite_to / unite_params / convert_mrt for every
# run of TREE, run directories in numeric order.
lkp_unite() {
	_runs=$(cd "$1" && find result -name stats.json | sort -V |
		sed 's|^|/lkp/|; s|/stats.json$||')
	# shellcheck disable=SC2086
	lkp_in_ns "$1" "$RUBY" "$here/lkp-unite.rb" $_runs
}

# lkp_ncompare TREE SHA... : the real `lkp ncompare SHA...` on TREE.
lkp_ncompare() {
	_tree=$1
	shift
	lkp_in_ns "$_tree" "$LKP_SRC/bin/lkp" ncompare "$@"
}

# manifest_get TREE WHAT [GROUP] : commits | ngroups | args GROUP
manifest_get() {
	python3 - "$1/manifest.json" "$2" "${3:-0}" <<'PY'
import json, sys, shlex
m = json.load(open(sys.argv[1]))
what, g = sys.argv[2], int(sys.argv[3])
if what == "commits":
    print(" ".join(m["commits"]))
elif what == "ngroups":
    print(len(m["groups"]))
elif what == "allargs":
    for gr in m["groups"]:
        print(" ".join(shlex.quote(a) for a in gr["lkpbot_args"]))
elif what == "args":
    print(" ".join(shlex.quote(a) for a in m["groups"][g]["lkpbot_args"]))
PY
}

# lkpbot_compare TREE : lkpbot's comparison (bot/compare/compare.c compare_run,
# driven by the clone's tests/tools/lkp-compare) for every group of TREE,
# in manifest order, each followed by a line "#### end of group N".
lkpbot_compare() {
	_t=$1
	_c=$(manifest_get "$_t" commits)
	manifest_get "$_t" allargs >"$_t/.lkpbot-args"
	_i=0
	while IFS= read -r _a; do
		eval "set -- $_a"
		# shellcheck disable=SC2086
		"$LKPBOT_COMPARE" compare -N -L -r "$_t/result" "$@" $_c
		echo "#### end of group $_i"
		_i=$((_i + 1))
	done <"$_t/.lkpbot-args"
}
