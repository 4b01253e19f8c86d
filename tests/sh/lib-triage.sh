# lib-triage.sh - what the triage tests share (sourced after tests/tap.sh):
# a temporary directory $T removed on exit, the seed stories in $S, a
# Maildir $T/md, a dry-run outbox $T/out, and
#   triage_conf MAINTAINERS [LIMIT]  writes $T/conf: Maildir source, the
#       bot's address, MAINTAINERS, max_per_hour and max_per_thread LIMIT
#       (the defaults when LIMIT is "-"; 1000 when omitted),
#       verify_senders = none (these tests are about what mail means, not
#       who signed it: t0340 and t0350 are about trust), database $T/db;
#       append further sections with >>
#   q SQL       the database's answer
#   run         `lkpbot run --dry-run`, stderr in $T/run.err
#   deliver F   copy mail F into the Maildir
#   rid MSGID   the report id of the robot mail MSGID
#   stories    delivers the seed reports 000, 002 and 004 and runs: P0,
#       P2, P4 their Message-IDs, R0, R2, R4 their report ids, S0, S2,
#       S4 their subjects
#   state ID   the report's state and close reason ("-" when none)
#   mail FROM PARENT-ID SUBJECT BODY [EXTRA-HEADER]  writes and delivers
#       a reply to the robot below PARENT-ID, "Re: SUBJECT", BODY through
#       printf %b, Message-ID <$MAIL_PREFIX$n@test> ("act" unless set;
#       n counts the mails, 10:0n the minute of their Date:)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
TAP_TMP=$T
S=$LKB_TEST_DATA/stories
mkdir -p "$T/md/cur" "$T/md/new" "$T/md/tmp" "$T/out"

triage_conf() {
	{
		printf '[maildir]\npath = %s\n' "$T/md"
		printf '[smtp]\nfrom = lkpbot <lkpbot@bot.example>\n'
		printf '[bot]\naddress = lkpbot@bot.example\nmaintainers = %s\n' "$1"
		printf 'verify_senders = none\n'
		if [ "${2:-1000}" != - ]; then
			printf 'max_per_hour = %s\n' "${2:-1000}"
			printf 'max_per_thread = %s\n' "${2:-1000}"
		fi
		printf '[db]\npath = %s\n' "$T/db"
	} >"$T/conf"
}
q() { sqlite3 "$T/db" "$1"; }
run() { "$LKPBOT" -c "$T/conf" run --dry-run "$T/out" >/dev/null 2>"$T/run.err"; }
deliver() { cp "$1" "$T/md/new/$(basename "$1").$$"; }
rid() { q "select r.id from reports r join messages m on m.id = r.msg_id where m.message_id = '$1'"; }
n=0
mail() {
	n=$((n + 1))
	{
		printf 'From: %s\nTo: kernel test robot <lkp@intel.com>\n' "$1"
		printf 'Subject: Re: %s\n' "$3"
		printf 'Date: Tue, 01 Mar 2022 10:%02d:00 +0000\n' "$n"
		printf 'Message-ID: <%s%d@test>\nIn-Reply-To: <%s>\nReferences: <%s>\n' \
			"${MAIL_PREFIX:-act}" "$n" "$2" "$2"
		[ -n "${5:-}" ] && printf '%s\n' "$5"
		printf '\n%b\n' "$4"
	} > "$T/${MAIL_PREFIX:-act}$n.eml"
	deliver "$T/${MAIL_PREFIX:-act}$n.eml"
}
stories() {
	for f in "$S"/000-report.eml "$S"/002-report.eml "$S"/004-report.eml; do
		deliver "$f"
	done
	ok_if "reports imported" run
	P0=20190930014612.story000@shao2-debian
	P2=20201102091543.GM31092@shao2-debian
	P4=20220218063812.story004@xsang-OptiPlex-9020
	R0=$(rid $P0)
	R2=$(rid $P2)
	R4=$(rid $P4)
	S0="[mm] 87eaceb3fa: stress-ng.madvise.ops_per_sec -19.6% regression"
	S2="[mm/memcg] bd0b230fe1: will-it-scale.per_process_ops -22.7% regression"
	S4="[mm/munlock] 237b445401: stress-ng.remap.ops_per_sec -62.6% regression"
}
# a report's state and close reason ("-" when open)
state() { q "select state || ' ' || coalesce(close_reason, '-') from reports where id = $1"; }
