# lib.sh - shared helpers for the integration tests (doc/style.md R38).
#
# Source it from a tNNNN-*.sh script; it sources tests/tap.sh (plan, is,
# ok_rc, bail_out, done_testing). It provides:
#   start_dovecot          dovecot on a free loopback port: sets
#                          DOVECOT_PORT, DOVECOT_USER, DOVECOT_PASS,
#                          DOVECOT_MAIL (the user's Maildir root), IMAP_URL
#                          (DOVECOT_SSL, DOVECOT_PROTOCOLS, DOVECOT_IMAPS_PORT,
#                          DOVECOT_EXTRA_CONF, DOVECOT_PROBE_OPTS: lib-tls.sh)
#   stop_dovecot           (run from the EXIT trap that start_dovecot sets)
#   restart_dovecot        stop and start again on the same port and mail
#   deliver_fixture FILE [FOLDER]  IMAP APPEND one file (curl -T)
#   maildir_put FOLDER FILE...     write files straight into the Maildir
#   example_conf OUT [EXAMPLE]     the example configuration made local
# Every script gets its own directory under $TMPDIR (removed on exit
# unless LKB_KEEP_TMP=1).

: "${LKPBOT:=lkpbot}"
: "${LKB_TEST_DATA:=${LKB_SRCDIR:-.}/tests/data}"

. "${LKB_SRCDIR:-$(dirname "$0")/../..}/tests/tap.sh"

# ---- scratch directory and cleanup ----
lkb_cleanup_fns=""
lkb_on_exit() { lkb_cleanup_fns="$1 $lkb_cleanup_fns"; }
lkb_run_cleanup() {
	for f in $lkb_cleanup_fns; do "$f"; done
	if [ "${LKB_KEEP_TMP:-0}" != 1 ] && [ -n "${T:-}" ]; then
		rm -rf "$T"
	fi
}
trap lkb_run_cleanup EXIT
trap 'exit 130' INT TERM
T=$(mktemp -d "${TMPDIR:-/tmp}/lkb-test.XXXXXX") || exit 99
# dovecot's unprivileged users must traverse every directory on the way
chmod 755 "$T"

free_port() {
	perl -MIO::Socket::INET -e '
		my $s = IO::Socket::INET->new(LocalAddr => "127.0.0.1",
			LocalPort => 0, Proto => "tcp", Listen => 1) or exit 1;
		print $s->sockport, "\n";'
}

find_dovecot() {
	for d in "$(command -v dovecot 2>/dev/null)" /usr/sbin/dovecot \
		 /usr/local/sbin/dovecot; do
		[ -n "$d" ] && [ -x "$d" ] && { echo "$d"; return 0; }
	done
	return 1
}

# The mail owner: a non-root system user dovecot switches to.
ensure_vmail() {
	if id vmail >/dev/null 2>&1; then
		return 0
	fi
	[ "$(id -u)" = 0 ] || return 1
	useradd -r -M -d /nonexistent -s /usr/sbin/nologin vmail \
		>/dev/null 2>&1 || id vmail >/dev/null 2>&1
}

write_dovecot_conf() {
	cat >"$DOVECOT_DIR/dovecot.conf" <<CONF
base_dir = $DOVECOT_DIR/run
state_dir = $DOVECOT_DIR/state
log_path = $DOVECOT_DIR/dovecot.log
instance_name = lkb-$DOVECOT_PORT
listen = 127.0.0.1
protocols = ${DOVECOT_PROTOCOLS:-imap}
ssl = ${DOVECOT_SSL:-no}
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_failure_delay = 0
default_login_user = dovenull
default_internal_user = dovecot
first_valid_uid = 1
mail_location = maildir:$DOVECOT_DIR/mail/%u
mail_max_userip_connections = 50
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u $DOVECOT_DIR/passwd
}
userdb {
  driver = static
  args = uid=vmail gid=vmail home=$DOVECOT_DIR/home/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = $DOVECOT_PORT
  }
  inet_listener imaps {
    address = 127.0.0.1
    port = ${DOVECOT_IMAPS_PORT:-0}
    ssl = yes
  }
}
service stats {
  unix_listener stats-reader {
    mode = 0666
  }
  unix_listener stats-writer {
    mode = 0666
  }
}
${DOVECOT_EXTRA_CONF:-}
CONF
}

start_dovecot() {
	DOVECOT_BIN=$(find_dovecot) || bail_out "dovecot not installed"
	ensure_vmail || bail_out "no 'vmail' user and not root to create it"
	DOVECOT_DIR=$T/dovecot
	DOVECOT_USER=lkbtest
	DOVECOT_PASS=secret-$$
	mkdir -p "$DOVECOT_DIR/run" "$DOVECOT_DIR/state" \
		"$DOVECOT_DIR/home/$DOVECOT_USER" \
		"$DOVECOT_DIR/mail/$DOVECOT_USER/cur" \
		"$DOVECOT_DIR/mail/$DOVECOT_USER/new" \
		"$DOVECOT_DIR/mail/$DOVECOT_USER/tmp"
	chmod 755 "$DOVECOT_DIR" "$DOVECOT_DIR/run" "$DOVECOT_DIR/state"
	chown -R vmail:vmail "$DOVECOT_DIR/home" "$DOVECOT_DIR/mail"
	echo "$DOVECOT_USER:{PLAIN}$DOVECOT_PASS" >"$DOVECOT_DIR/passwd"
	chmod 644 "$DOVECOT_DIR/passwd"
	DOVECOT_MAIL=$DOVECOT_DIR/mail/$DOVECOT_USER
	# A free port can be taken by another test between free_port and
	# dovecot's bind (make -j, suites run side by side): try another.
	dc_given=${DOVECOT_PORT:-}
	dc_try=0
	while :; do
		DOVECOT_PORT=${dc_given:-$(free_port)} ||
			bail_out "cannot find a free port"
		write_dovecot_conf
		dovecot_launch && break
		dc_try=$((dc_try + 1))
		if [ -z "$dc_given" ] && [ $dc_try -lt 5 ] &&
		   grep -q 'Address already in use' "$DOVECOT_DIR/dovecot.log" \
			2>/dev/null; then
			stop_dovecot
			: >"$DOVECOT_DIR/dovecot.log"
			continue
		fi
		bail_out "dovecot did not start: $(tail -5 \
			"$DOVECOT_DIR/dovecot.log" 2>/dev/null)"
	done
	IMAP_URL=imap://127.0.0.1:$DOVECOT_PORT
	lkb_on_exit stop_dovecot
}

dovecot_launch() {
	"$DOVECOT_BIN" -c "$DOVECOT_DIR/dovecot.conf" || return 1
	dc_i=0
	while [ $dc_i -lt 100 ]; do
		# shellcheck disable=SC2086
		if curl -s --max-time 2 ${DOVECOT_PROBE_OPTS:-} \
			"imap://127.0.0.1:$DOVECOT_PORT/" -u "$DOVECOT_USER:$DOVECOT_PASS" >/dev/null 2>&1; then
			return 0
		fi
		sleep 0.1
		dc_i=$((dc_i + 1))
	done
	return 1
}

# Kill dovecot hard (as a crash would) or stop it cleanly.
stop_dovecot() {
	[ -n "${DOVECOT_DIR:-}" ] || return 0
	if [ -f "$DOVECOT_DIR/run/master.pid" ]; then
		"$DOVECOT_BIN" -c "$DOVECOT_DIR/dovecot.conf" stop \
			>/dev/null 2>&1
		dc_i=0
		while [ -f "$DOVECOT_DIR/run/master.pid" ] && [ $dc_i -lt 50 ]; do
			sleep 0.1
			dc_i=$((dc_i + 1))
		done
	fi
}

kill_dovecot() {
	dc_master=$(cat "$DOVECOT_DIR/run/master.pid" 2>/dev/null) || return 0
	# the master first (so it restarts nothing), then its children:
	# every dovecot service process is a direct child of the master
	dc_kids=$(pgrep -P "$dc_master" 2>/dev/null)
	kill -KILL "$dc_master" 2>/dev/null
	# shellcheck disable=SC2086
	[ -n "$dc_kids" ] && kill -KILL $dc_kids 2>/dev/null
	rm -f "$DOVECOT_DIR/run/master.pid"
	sleep 0.2
}

restart_dovecot() {
	stop_dovecot
	dovecot_launch
}

# deliver_fixture FILE [FOLDER]: IMAP APPEND, the way a real MTA/MDA or
# another client adds mail.
deliver_fixture() {
	curl -s --fail -T "$1" -u "$DOVECOT_USER:$DOVECOT_PASS" \
		"$IMAP_URL/${2:-INBOX}"
}

# imap_cmd FOLDER|"" COMMAND: one command through curl (CREATE, DELETE...).
imap_cmd() {
	curl -s --fail -u "$DOVECOT_USER:$DOVECOT_PASS" "$IMAP_URL/$1" \
		-X "$2"
}

# count_search FOLDER CRITERIA: how many UIDs UID SEARCH finds.
count_search() {
	imap_cmd "$1" "UID SEARCH $2" | tr -d '\r' |
		awk '/^\* SEARCH/ { print NF - 2; found = 1 }
		     END { if (!found) print "error" }'
}

# maildir_put FOLDER FILE...: write files into the Maildir directly (fast
# for thousands of messages). FOLDER is INBOX or a subfolder name.
maildir_put() {
	folder=$1
	shift
	if [ "$folder" = INBOX ]; then
		d=$DOVECOT_MAIL
	else
		d=$DOVECOT_MAIL/.$folder
	fi
	mkdir -p "$d/cur" "$d/new" "$d/tmp"
	for f in "$@"; do
		cp "$f" "$d/new/$(basename "$f" | tr ':' '_')"
	done
	chown -R vmail:vmail "$d"
}

# gen_maildir DIR N [PREFIX]: N small distinct messages as Maildir files
# in DIR/new (ids <PREFIX-i@gen.lkpbot.test>).
gen_maildir() {
	mkdir -p "$1/cur" "$1/new" "$1/tmp"
	perl -e '
		my ($dir, $n, $pfx) = @ARGV;
		for my $i (1 .. $n) {
			open(my $fh, ">", "$dir/new/$pfx.$i.gen") or die "$!";
			print $fh "From: Robot <lkp\@intel.com>\r\n",
			  "To: list\@example.org\r\n",
			  "Subject: [$pfx] generated message $i\r\n",
			  "Date: Mon, 1 Jan 2024 00:00:00 +0000\r\n",
			  "Message-ID: <$pfx-$i\@gen.lkpbot.test>\r\n",
			  "\r\n",
			  "Body of message $i.\r\n", "x" x 200, "\r\n";
			close($fh);
		}' "$1" "$2" "${3:-gen}"
}

# The database and a config for lkpbot.
lkb_setup() {
	LKPBOT_DB=$T/lkpbot.db
	export LKPBOT_DB
	LKB_CONF=$T/lkpbot.conf
	HOME=$T/home
	XDG_CONFIG_HOME=$T/home/.config
	XDG_DATA_HOME=$T/home/.local/share
	export HOME XDG_CONFIG_HOME XDG_DATA_HOME
	mkdir -p "$HOME"
	chmod 755 "$HOME"
}

# write_imap_conf [FOLDERS] [EXTRA LINES]: a config for the test dovecot.
write_imap_conf() {
	printf '%s\n' "$DOVECOT_PASS" >"$T/imap.pass"
	chmod 600 "$T/imap.pass"
	{
		echo "[imap]"
		echo "url = $IMAP_URL/"
		echo "folders = ${1:-INBOX}"
		echo "user = $DOVECOT_USER"
		echo "password_file = $T/imap.pass"
		[ -n "${2:-}" ] && printf '%s\n' "$2"
	} >"$LKB_CONF"
}

# db_count SQL: one number from the store.
db_q() { sqlite3 "$LKPBOT_DB" "$1"; }

# The rows of mail read from a source: not the stand-in reports made from
# a reply's quote (bot/ingest/quoted.c, source "quoted:<reply>").
READ_MAIL="messages WHERE source NOT LIKE 'quoted:%'"
mail_count() { db_q "SELECT count(*) FROM $READ_MAIL"; }

# corpus_maildir: the shared corpus (../shared beside the clone) when it
# is there, else the copy of a part of it in tests/data/imap/maildir.
corpus_maildir() {
	for d in "${LKB_SRCDIR:-.}/../shared/corpus/maildir" \
		 "$LKB_TEST_DATA/imap/maildir"; do
		if [ -d "$d/cur" ]; then
			(cd "$d" && pwd)
			return 0
		fi
	done
	return 1
}

# maildir_files DIR: the message files of a Maildir (new/ and cur/).
maildir_files() {
	find "$1/new" "$1/cur" -type f ! -name '.*' | sort
}

# distinct_msgids FILE...: how many different Message-IDs the files have
# (read with awk from the header block, independently of lkpbot).
distinct_msgids() {
	awk 'FNR == 1 { inhdr = 1 }
	     inhdr && /^$/ { inhdr = 0 }
	     inhdr && tolower($0) ~ /^message-id:/ {
		if (match($0, /<[^>]*>/)) ids[substr($0, RSTART, RLENGTH)] = 1
	     }
	     END { n = 0; for (i in ids) n++; print n }' "$@"
}

# sha256_list FILE...: sorted hex SHA-256 of each file.
sha256_list() {
	sha256sum "$@" | awk '{ print $1 }' | sort
}

# raw_sha_list: sorted hex SHA-256 of the raw bytes kept, as
# `lkpbot show --raw` gives them back, one line per message that has them.
raw_sha_list() {
	for id in $(db_q "SELECT id FROM $READ_MAIL AND raw_len IS NOT NULL"); do
		"$LKPBOT" -d "$LKPBOT_DB" show --raw "$id" | sha256sum
	done | awk '{ print $1 }' | sort
}

# raw_bytes_are_files FILES_SHA: every kept raw is one of the files
# (FILES_SHA, from sha256_list), and robot mail is among them.
raw_bytes_are_files() {
	raw_sha_list >"$T/raw.sha"
	[ -s "$T/raw.sha" ] &&
	[ "$(wc -l <"$T/raw.sha")" -eq \
	  "$(db_q "SELECT count(*) FROM $READ_MAIL AND raw_len IS NOT NULL")" ] &&
	[ -z "$(comm -23 "$T/raw.sha" "$1")" ] &&
	[ "$(db_q 'SELECT count(*) FROM messages WHERE is_robot = 1 AND
		   raw_len IS NULL')" -eq 0 ]
}

# The stats line dovecot logs when the last IMAP session logged out.
dovecot_last_logout() {
	grep 'imap(' "$DOVECOT_DIR/dovecot.log" | grep 'Disconnected' | tail -1
}

# example_conf OUT: doc/lkpbot.conf.example with the servers replaced by
# a Maildir $T/md and a dry run, the paths by $T and a git repo $T/repo
# (all made here).
example_conf() {
	mkdir -p "$T/md/cur" "$T/md/new" "$T/md/tmp"
	[ -d "$T/repo" ] || git init -q "$T/repo"
	sed -e "s|^url = imaps.*|path = $T/md|; s|^\[imap\]|[maildir]|" \
		-e '/^folders\|^user\|^password\|^# or/d' \
		-e "s|^url = smtps.*|dry_run_dir = $T|" \
		-e "s|^root = .*|root = $T|; s|^queue = .*|queue = $T|" \
		-e "s|^repo = .*|repo = $T/repo|" \
		"${2:-$LKB_SRCDIR/doc/lkpbot.conf.example}" >"$1"
}
