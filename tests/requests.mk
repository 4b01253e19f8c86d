# Requests: compare, compare-series, retest (bot/requests.h).
TESTS += tests/integration/t0700-requests.sh
