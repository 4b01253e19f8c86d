# lib-conf.sh - sourced by the bench scripts: bench_conf DIR writes
# DIR/conf, a configuration that sends nothing (answers go to
# DIR/out), limits no answers and keeps its database in DIR/db. It
# trusts every sender (verify_senders = none): archived mail cannot be
# DKIM-verified here (the keys have left DNS, and no DNS is reachable),
# and the benches measure reading and speed, not trust.
bench_conf() {
	mkdir -p "$1/out"
	cat >"$1/conf" <<CONF
[smtp]
from = lkpbot <lkpbot@bench.example>
dry_run_dir = $1/out
[bot]
address = lkpbot@bench.example
max_per_hour = 0
max_per_thread = 0
verify_senders = none
[db]
path = $1/db
CONF
}
