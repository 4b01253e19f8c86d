#!/bin/sh
# autogen.sh - generate ./configure from a clean checkout.
set -e
cd "$(dirname "$0")"
mkdir -p build-aux m4
autoreconf -fi
# The TAP log driver ships with automake; take the installed copy.
for d in /usr/share/automake-*; do
	[ -f "$d/tap-driver.sh" ] && cp "$d/tap-driver.sh" build-aux/ && break
done
test -f build-aux/tap-driver.sh
