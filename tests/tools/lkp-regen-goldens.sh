#!/bin/sh
# lkp-regen-goldens.sh - make the lkp goldens of tests/data/lkp-golden
# again with the real lkp-tests (its Ruby, unmodified; none of its code
# enters the project, its output is data).
#
#   LKP_SRC=/path/to/lkp-tests tests/tools/lkp-regen-goldens.sh BUILDDIR [CASE...]
#   LKP_SRC=... tests/tools/lkp-regen-goldens.sh BUILDDIR --jobs-only
#
# Needs ruby with ruby-activesupport, ruby-git, ruby-tty-command, python3,
# root and unshare(1) (lkp hard-codes /lkp/result: every lkp step runs in a
# private mount namespace with the generated tree on /lkp). Steps:
#  1. tests/data/lkp-golden/regen-goldens.sh: seeded result trees, lkp's
#     own unite_to per run, `lkp ncompare` -> cases/<case>/ncompare.out
#     (the goldens t0650 compares with), lkpbot's tables -> lkpbot.out,
#     the differences -> diff.txt;
#  2. the job file lkpbot queues for a missing commit of the
#     clean-regression tree (jobfiles/lkpbot-job.yaml) loaded by lkp:
#     Job.open (path_params, _result_root), `lkp job-path` and `lkp
#     split-job` -> jobfiles/lkpbot-job.lkp; the _result_root must be the
#     commit's directory in the tree lkp built (t0655 checks both without
#     Ruby).
set -eu
build=${1:?usage: lkp-regen-goldens.sh BUILDDIR [CASE...]}
shift
: "${LKP_SRC:?set LKP_SRC to an intel/lkp-tests checkout}"
build=$(cd "$build" && pwd)
src=$(cd "$(dirname "$0")/../.." && pwd)
golden=$src/tests/data/lkp-golden
tool=$build/tests/tools/lkp-compare
export LKP_SRC
command -v ruby >/dev/null || { echo "lkp-regen-goldens: needs ruby" >&2; exit 2; }
[ -x "$tool" ] || { echo "lkp-regen-goldens: build $tool first" >&2; exit 2; }

if [ "${1:-}" != --jobs-only ]; then
	LKPBOT_COMPARE=$tool sh "$golden/regen-goldens.sh" "$@"
fi

# the job file, through lkp's own loader
case=$golden/cases/clean-regression
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/tree" "$work/empty"
tar -xzf "$case/result.tar.gz" -C "$work/tree"
set -- $(sed -n 1p "$case/lkpbot.cmd")
shift 2
args=
for a in "$@"; do
	case $a in
	TREE/result) a=$work/empty ;;
	esac
	args="$args $a"
done
# shellcheck disable=SC2086
"$tool" compare -N -q "$work/q" $args >/dev/null 2>&1 && exit 1
base=$(sed -n 1p "$case/lkpbot.cmd" | awk '{print $(NF-1)}')
job=$(ls "$work/q/stress-ng-$(echo "$base" | cut -c1-12)"-*.yaml)
cp "$job" "$golden/jobfiles/lkpbot-job.yaml"
{
	echo "# lkp's answers for lkpbot-job.yaml (lkp-tests $(git -C "$LKP_SRC" rev-parse --short HEAD), $(ruby -e 'print RUBY_VERSION'))"
	ruby "$golden/jobfiles/show-job.rb" "$golden/jobfiles/lkpbot-job.yaml" 2>/dev/null |
		sed "s|^$golden/jobfiles/||"
	echo "job-path: $("$LKP_SRC/bin/lkp" job-path "$golden/jobfiles/lkpbot-job.yaml" 2>/dev/null)"
	mkdir "$work/split"
	(cd "$golden/jobfiles" && "$LKP_SRC/bin/lkp" split-job -t lkp-skl-d01 \
		-o "$work/split" lkpbot-job.yaml 2>/dev/null) |
		sed "s|$work/split/|split/|; s|^|split-job: |"
} >"$golden/jobfiles/lkpbot-job.lkp"
rr=$(sed -n 's|^  _result_root: /lkp/result/||p' "$golden/jobfiles/lkpbot-job.lkp")
if [ -d "$work/tree/result/$rr" ]; then
	echo "job file: lkp's _result_root is the commit's directory ($rr)"
else
	echo "job file: lkp's _result_root $rr is not in the tree" >&2
	exit 1
fi
