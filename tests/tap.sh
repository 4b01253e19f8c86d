# tap.sh - the TAP helpers of every shell test (sourced).
# Descriptions come first, always:
# plan N              prints the plan up front (else done_testing does)
# ok_if DESC CMD...   runs CMD; "ok N - DESC" on success, else "not ok".
# ok_rc DESC STATUS   "ok" when STATUS, an exit status, is 0.
# is DESC GOT WANT    compares two strings.
# bail_out MSG        "Bail out! MSG", exit 99 (a missing tool or server:
#                     these tests never skip).
# done_testing        prints the plan if not yet; exits 1 if anything failed.
tap_n=0
tap_failed=0
tap_planned=

plan() {
	echo "1..$1"
	tap_planned=1
}

ok_if() {
	desc=$1; shift
	tap_n=$((tap_n + 1))
	if "$@" >"${TAP_TMP:-/tmp}/tap.out.$$" 2>&1; then
		echo "ok $tap_n - $desc"
	else
		echo "not ok $tap_n - $desc"
		sed 's/^/# /' "${TAP_TMP:-/tmp}/tap.out.$$" | head -20
		tap_failed=$((tap_failed + 1))
	fi
	rm -f "${TAP_TMP:-/tmp}/tap.out.$$"
}

ok_rc() {
	tap_n=$((tap_n + 1))
	if [ "$2" -eq 0 ]; then
		echo "ok $tap_n - $1"
	else
		echo "not ok $tap_n - $1"
		tap_failed=$((tap_failed + 1))
	fi
}

is() {
	tap_n=$((tap_n + 1))
	if [ "$2" = "$3" ]; then
		echo "ok $tap_n - $1"
	else
		echo "not ok $tap_n - $1"
		printf '# got:  %s\n# want: %s\n' "$2" "$3" | head -20
		tap_failed=$((tap_failed + 1))
	fi
}

bail_out() {
	echo "Bail out! $*"
	exit 99
}

done_testing() {
	[ -n "$tap_planned" ] || echo "1..$tap_n"
	[ "$tap_failed" -eq 0 ]
	exit $?
}
