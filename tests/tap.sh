# tap.sh - tiny TAP helpers for shell tests (sourced).
# ok_if DESC CMD...   runs CMD; "ok N - DESC" on success, else "not ok".
# is DESC GOT WANT    compares two strings.
# done_testing        prints the plan; exits 1 if anything failed.
tap_n=0
tap_failed=0

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

done_testing() {
	echo "1..$tap_n"
	[ "$tap_failed" -eq 0 ]
	exit $?
}
