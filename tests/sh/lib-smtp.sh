# lib-smtp.sh - a real postfix smtp-sink for SMTP tests (doc/style.md R38).
# Source it, then:
#   smtp_require          "Bail out!" (exit 99) without smtp-sink or ss:
#                         these tests never skip
#   start_smtp_sink DIR [smtp-sink options...]
#                         capture each delivered mail into a file in DIR
#                         (envelope in X-Mail-Args / X-Rcpt-Args lines);
#                         sets SMTP_SINK_PORT and SMTP_SINK_PID
#   stop_smtp_sink PID    stop one sink
#   free_port             print a loopback TCP port nobody listens on
#   ack_enqueue CONF DB DIR REQ SUBJECT [CC]
#                         queue an "ack" answer for request REQ with
#                         tests/tools/outbox-enqueue ($ENQ; the job file
#                         goes to DIR); prints the row id
# Every sink started is killed by smtp_cleanup, which the caller's
# `trap ... EXIT` should run.

SMTP_SINK=${SMTP_SINK:-$(command -v smtp-sink 2>/dev/null ||
	ls /usr/sbin/smtp-sink 2>/dev/null)}
SMTP_SINK_PIDS=

smtp_bail_out() {
	echo "Bail out! $1"
	exit 99
}

smtp_require() {
	[ -n "$SMTP_SINK" ] && [ -x "$SMTP_SINK" ] ||
		smtp_bail_out "smtp-sink (postfix) is not installed"
	command -v ss >/dev/null 2>&1 ||
		smtp_bail_out "ss (iproute2) is needed to find free ports"
}

port_listening() {
	ss -ltnH "sport = :$1" 2>/dev/null | grep -q .
}

free_port() {
	_p=$(( ($$ * 7 + $(date +%N | sed 's/^0*//;s/^$/0/') / 1000) % 30000 + 20000 ))
	_n=0
	while port_listening "$_p" && [ $_n -lt 100 ]; do
		_p=$(( _p + 1 ))
		_n=$(( _n + 1 ))
	done
	echo "$_p"
}

# As root smtp-sink must drop privileges (-u): to the `vmail` system
# user, created when missing; the capture directory must be its.
sink_user_opts() {
	[ "$(id -u)" = 0 ] || return 0
	if ! id vmail >/dev/null 2>&1; then
		useradd -r -M -s /usr/sbin/nologin vmail >/dev/null 2>&1 ||
			smtp_bail_out "cannot create the vmail user"
	fi
	echo "-u vmail"
}

start_smtp_sink() {
	_dir=$1
	shift
	mkdir -p "$_dir"
	_uopt=$(sink_user_opts)
	[ -n "$_uopt" ] && chown vmail "$_dir"
	for _try in 1 2 3 4 5; do
		SMTP_SINK_PORT=$(free_port)
		# shellcheck disable=SC2086
		"$SMTP_SINK" $_uopt -d "$_dir/%M." "$@" \
			"127.0.0.1:$SMTP_SINK_PORT" 100 2>>"$_dir.log" &
		SMTP_SINK_PID=$!
		SMTP_SINK_PIDS="$SMTP_SINK_PIDS $SMTP_SINK_PID"
		_w=0
		while [ $_w -lt 50 ]; do
			kill -0 "$SMTP_SINK_PID" 2>/dev/null || break
			port_listening "$SMTP_SINK_PORT" && return 0
			sleep 0.1
			_w=$(( _w + 1 ))
		done
		stop_smtp_sink "$SMTP_SINK_PID"
	done
	echo "Bail out! cannot start smtp-sink (see $_dir.log)"
	exit 99
}

stop_smtp_sink() {
	kill "$1" 2>/dev/null
	wait "$1" 2>/dev/null
	return 0
}

smtp_cleanup() {
	for _pid in $SMTP_SINK_PIDS; do
		kill "$_pid" 2>/dev/null
	done
	for _pid in $SMTP_SINK_PIDS; do
		wait "$_pid" 2>/dev/null
	done
	SMTP_SINK_PIDS=
}

ack_enqueue() {
	cat >"$3/$4.json" <<EOJ
{"template": "ack", "kind": "ack", "request_id": "$4", "thread_id": 1,
 "to": {"name": "Jane Doe", "address": "jane@example.com"},
 "cc": [${6:-}], "subject": "$5", "parent_id": "reply-1@example.com",
 "references": [],
 "data": {"quoted": "> #lkp close\n", "result": "report 1 is closed.",
	  "report": {"id": "1", "subject": "s", "commits": [], "params": ""},
	  "method": "#lkp close", "again": "#lkp status", "version": "0.1.0"}}
EOJ
	_out=$("$ENQ" "$1" "$2" "$3/$4.json") || return 1
	echo "${_out%% *}"
}
