# build-lib.sh - sourced by quickstart.sh and check.sh: configure a build
# directory only when what configure would find has changed, and show the
# first error of a failed step.
#
# A build directory keeps the fingerprint of its configure run in
# .lkb-configured: the configure script itself, its arguments, the
# compiler, and every pkg-config module configure looks for (with its
# version, or "absent"). Installing or removing a package, pulling a
# configure.ac change or asking for other options changes the fingerprint,
# and the directory is made anew. Nothing stale survives.

# The modules configure.ac checks, optional ones included.
lkb_modules="libcurl libetpan libpcre2-8 sqlite3 jansson inih zlib nettle opendkim check"

lkb_fingerprint() {
	{
		printf 'args:'; printf ' %s' "$@"; echo
		${CC:-cc} --version 2>&1 | head -n 1
		printf 'CFLAGS=%s\n' "${CFLAGS:-}"
		for m in $lkb_modules; do
			printf '%s ' "$m"
			pkg-config --modversion "$m" 2>/dev/null || echo absent
		done
		cksum < "$lkb_top/configure"
	} | cksum
}

# The source tree's configure, made or remade when its inputs are newer.
lkb_autogen() {
	if [ ! -x "$lkb_top/configure" ] ||
	   [ -n "$(cd "$lkb_top" && find configure.ac Makefile.am m4 \
		-newer configure 2>/dev/null | head -n 1)" ]; then
		(cd "$lkb_top" && ./autogen.sh) >"$lkb_top/autogen.log" 2>&1 || {
			echo "autogen.sh failed:" >&2
			tail -n 30 "$lkb_top/autogen.log" >&2
			return 1
		}
	fi
}

# lkb_configure DIR [CONFIGURE-ARGS...]: DIR is (re)configured when its
# fingerprint differs; a failed configure is shown with config.log's end.
lkb_configure() {
	dir=$1; shift
	fp=$(lkb_fingerprint "$@")
	if [ -f "$dir/Makefile" ] && [ -f "$dir/.lkb-configured" ] &&
	   [ "$(cat "$dir/.lkb-configured")" = "$fp" ]; then
		return 0
	fi
	[ -d "$dir" ] && echo "$dir: configuration changed, configuring anew" >&2
	rm -rf "$dir"
	mkdir -p "$dir"
	if ! (cd "$dir" && "$lkb_top/configure" "$@") >"$dir/configure.log" 2>&1; then
		echo "configure failed in $dir:" >&2
		grep -E 'error|Error|not found|No package' "$dir/configure.log" >&2 || true
		[ -f "$dir/config.log" ] && {
			echo "--- the end of $dir/config.log:" >&2
			tail -n 25 "$dir/config.log" >&2
		}
		return 1
	fi
	echo "$fp" >"$dir/.lkb-configured"
}

# lkb_show_error LOG: the first compiler, linker or make error of LOG
# with the lines around it, so a failed build says why in its output.
lkb_show_error() {
	log=$1
	n=$(grep -n -m 1 -E 'error:|Error [0-9]|undefined reference|fatal error|No such file|cannot find|No rule to make' "$log" |
		cut -d: -f1)
	if [ -n "$n" ]; then
		from=$((n > 8 ? n - 8 : 1))
		echo "--- $log, from line $from (first error at line $n):" >&2
		sed -n "${from},$((n + 12))p" "$log" >&2
	else
		echo "--- the end of $log:" >&2
		tail -n 30 "$log" >&2
	fi
}

# lkb_make DIR LOG TARGET...: make in DIR; on failure show the first error.
lkb_make() {
	dir=$1 log=$2; shift 2
	if ! make -C "$dir" -j"${lkb_jobs:-2}" "$@" >"$log" 2>&1; then
		echo "make $* failed in $dir" >&2
		lkb_show_error "$log"
		return 1
	fi
}
