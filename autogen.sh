#!/bin/sh
# autogen.sh - generate ./configure from a clean checkout.
set -e
cd "$(dirname "$0")"
mkdir -p build-aux m4
autoreconf -fi
test -f build-aux/tap-driver.sh
