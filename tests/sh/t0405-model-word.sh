#!/bin/sh
# t0405-model-word.sh - the act model's own word ([triage] model_take,
# model_fill, model_close; lkpbot-rules(5) ACT MODEL) through `lkpbot
# run`, with a model written by hand so that each word's act is known:
# "zork" proposes a fix, "blorp" applies one, "quux" is discussion.
# Where the rules find nothing the model's act stands; the model alone
# never closes a report (its
# fix-applied waits for review); a sure model overrules the rules; and
# set to 1 both are off, the rules alone deciding.
. "$LKB_SRCDIR/tests/tap.sh"
. "$LKB_SRCDIR/tests/sh/lib-triage.sh"
{
	echo '# a model for this test'
	echo 'classes discussion acknowledges proposes-fix fix-applied asks-retest series-compare-request asks-more-data robot-confirms-fix robot-retest-result closes-not-a-bug'
	printf 'bias\t2 0 0 0 0 0 0 0 0 0\n'
	printf 'w=blorp\t0 0 0 12 0 0 0 0 0 0\n'
	printf 'w=quux\t12 0 0 0 0 0 0 0 0 0\n'
	printf 'w=zork\t0 0 12 0 0 0 0 0 0 0\n'
} >"$T/acts.model"
triage_conf "akpm@linux-foundation.org"
printf '[rules]\nact_model = %s\n[triage]\nmodel_take = 0.8\n' "$T/acts.model" >>"$T/conf"
stories

# a maintainer, words no rule knows
mail "Andrew Morton <akpm@linux-foundation.org>" $P0 "[mm] 87eaceb3fa: stress-ng.madvise.ops_per_sec -19.6% regression" \
	"On Mon, 30 Sep 2019, kernel test robot wrote:\n> FYI\n\nzork zork, then.\n"
ZORK=act$n@test
# a maintainer, words the model reads as a fix applied
mail "Andrew Morton <akpm@linux-foundation.org>" $P2 "[mm/memcg] bd0b230fe1: will-it-scale.per_process_ops -22.7% regression" \
	"On 11/2/20 5:15 AM, kernel test robot wrote:\n> FYI\n\nblorp.\n"
BLORP=act$n@test
# a maintainer's "Applied" that the model reads as discussion
mail "Andrew Morton <akpm@linux-foundation.org>" $P4 "[mm/munlock] 237b445401: stress-ng.remap.ops_per_sec -62.6% regression" \
	"On Fri, 18 Feb 2022, kernel test robot wrote:\n> FYI\n\nApplied, thanks!\n\nquux quux\n"
QUUX=act$n@test
ok_if "run over the replies" run
ev() { q "select group_concat(e.type || ' ' || e.source || ' ' || coalesce(e.review, '-'), ',') from events e join messages m on m.id = e.msg_id where m.message_id = '$1'"; }
is "no rule, the model's proposes-fix stands" "$(ev $ZORK)" "fix-proposed rule:act model 1.00 -"
is "... and moves the report" "$(q "select state from reports where id = $R0")" fix-proposed
is "the model's own fix-applied waits for review" "$(ev $BLORP)" "fix-applied rule:act model 1.00 pending"
is "... medium sure" "$(q "select confidence from events e join messages m on m.id = e.msg_id where m.message_id = '$BLORP'")" 0.6
is "... and the report stays open" "$(q "select state from reports where id = $R2")" open
is "a sure discussion overrules the rules' fix-applied" "$(ev $QUUX)" ""
is "... the report stays open" "$(q "select state from reports where id = $R4")" open
ok_if "lkpbot thread names the model" sh -c "'$LKPBOT' -c '$T/conf' thread $R0 | grep -q 'act model 1.00'"
ok_if "... and the line it read" sh -c "'$LKPBOT' -c '$T/conf' thread $R0 | grep -q 'zork zork, then.'"

# a fresh database over the same mail, with [triage] as given
fresh() {
	sed -i '/^model_/d' "$T/conf"
	printf '%b' "$1" >>"$T/conf"
	rm -f "$T"/db* "$T"/md/cur/* "$T"/md/new/*
	for f in "$T"/act*.eml; do deliver "$f"; done
	stories
	ok_if "$2" run
}

# model_close: a sure enough model closes alone
fresh 'model_take = 0.8\nmodel_close = 0.99\n' "run again with model_close 0.99"
is "the model's fix-applied now closes" "$(q "select state || ' ' || coalesce(close_reason, '-') from reports where id = $R2")" "closed fixed"

# both off, and its floor: the rules alone
fresh 'model_take = 1\nmodel_fill = 1\nmodel_close = 1\nmodel_floor = 0\n' "run again, the model's word off"
is "no rule, no model: no event" "$(ev $ZORK)" ""
is "the rules' fix-applied stands" "$(ev $QUUX)" "fix-applied rule:applied -"
is "... and closes the report" "$(q "select state || ' ' || coalesce(close_reason, '-') from reports where id = $R4")" "closed fixed"
sed -i '/^model_/d' "$T/conf"
printf 'model_take = 2\n' >>"$T/conf"
"$LKPBOT" -c "$T/conf" triage >/dev/null 2>"$T/err"
is "settings: an out-of-range model_take is refused (exit 5)" "$?" 5
ok_if "... naming the file, line and key" grep -q "conf:[0-9]*: \\[triage\\] model_take = '2'" "$T/err"
done_testing
