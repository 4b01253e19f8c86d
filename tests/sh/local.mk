# tests/sh/local.mk - every shell test, in one tree (included from
# tests/local.mk). Names are tNNNN-what.sh, grouped by hundreds:
#   00xx the command line: help, data dir, import, parse, golden parsers
#   01xx mail sources: IMAP sync and faults, a local Maildir
#   02xx deployment: TLS, AUTH, secrets, doctor, install
#   03xx triage
#   05xx the web site (headless chromium)
#   06xx outgoing mail: SMTP, templates, rules
#   07xx requests and comparisons
#   08xx hostile input, valgrind, fuzz seeds
#   09xx the mission end to end (real dovecot and smtp-sink)
# TAP helpers: tests/tap.sh; servers and scratch dirs: lib.sh, lib-smtp.sh.
LKB_SH_TESTS = \
	%reldir%/t0010-help.sh \
	%reldir%/t0015-verb-table.sh \
	%reldir%/t0016-deps-graph.sh \
	%reldir%/t0017-checkpaths.sh \
	%reldir%/t0018-loops.sh \
	%reldir%/t0020-datadir.sh \
	%reldir%/t0050-import.sh \
	%reldir%/t0055-import-pipe.sh \
	%reldir%/t0060-parse.sh \
	%reldir%/t0070-golden-message.sh \
	%reldir%/t0080-golden-report.sh \
	%reldir%/t0100-imap-sync.sh \
	%reldir%/t0105-imap-faults.sh \
	%reldir%/t0110-maildir-source.sh \
	%reldir%/t0120-imap-oversized.sh \
	%reldir%/t0125-imap-hostile.sh \
	%reldir%/t0130-smtp-hostile.sh \
	%reldir%/t0135-send-lock.sh \
	%reldir%/t0140-maildir-special.sh \
	%reldir%/t0145-deep-chain.sh \
	%reldir%/t0150-mbox-long-line.sh \
	%reldir%/t0155-raw-damage.sh \
	%reldir%/t0160-import-same-store.sh \
	%reldir%/t0165-schema-check.sh \
	%reldir%/t0170-import-checkpoint.sh \
	%reldir%/t0200-tls-auth.sh \
	%reldir%/t0210-secrets.sh \
	%reldir%/t0220-doctor.sh \
	%reldir%/t0225-exit-codes.sh \
	%reldir%/t0230-install.sh \
	%reldir%/t0300-triage.sh \
	%reldir%/t0310-triage-threads.sh \
	%reldir%/t0320-list-mail.sh \
	%reldir%/t0330-triage-poison.sh \
	%reldir%/t0340-authority.sh \
	%reldir%/t0350-dkim.sh \
	%reldir%/t0360-job-quota.sh \
	%reldir%/t0370-attachment-command.sh \
	%reldir%/t0380-stats-committed.sh \
	%reldir%/t0390-display-name.sh \
	%reldir%/t0395-error-paths.sh \
	%reldir%/t0400-triage-acts.sh \
	%reldir%/t0405-model-word.sh \
	%reldir%/t0450-git-watch.sh \
	%reldir%/t0455-evidence.sh \
	%reldir%/t0457-quoted-report.sh \
	%reldir%/t0460-groups.sh \
	%reldir%/t0465-dup-forward.sh \
	%reldir%/t0470-undone.sh \
	%reldir%/t0480-review.sh \
	%reldir%/t0485-dispute.sh \
	%reldir%/t0487-outsider-review.sh \
	%reldir%/t0488-tree-people.sh \
	%reldir%/t0489-fix-over-dispute.sh \
	%reldir%/t0490-triage-accuracy.sh \
	%reldir%/t0500-web.sh \
	%reldir%/t0510-web-layout.sh \
	%reldir%/t0600-smtp.sh \
	%reldir%/t0601-render-golden.sh \
	%reldir%/t0610-rules-cli.sh \
	%reldir%/t0650-lkp-golden.sh \
	%reldir%/t0655-lkp-jobfile.sh \
	%reldir%/t0700-requests.sh \
	%reldir%/t0720-test-patch.sh \
	%reldir%/t0710-lkp-compare.sh \
	%reldir%/t0800-hostile.sh \
	%reldir%/t0805-budgets.sh \
	%reldir%/t0810-valgrind.sh \
	%reldir%/t0820-fuzz-replay.sh \
	%reldir%/t0830-stage-skips.sh \
	%reldir%/t0835-secrets-shown.sh \
	%reldir%/t0840-outbox-live.sh \
	%reldir%/t0900-mission.sh \
	%reldir%/t0910-sample.sh
TESTS += $(LKB_SH_TESTS)
EXTRA_DIST += $(LKB_SH_TESTS) %reldir%/lib.sh %reldir%/lib-smtp.sh %reldir%/lib-tls.sh %reldir%/lib-triage.sh %reldir%/lib-dkim.sh %reldir%/lib-deb.sh \
	%reldir%/valgrind.supp %reldir%/t0240-deb.sh
# The package is built from the sources by dpkg's own rules, so nothing of
# an instrumented tree is in it: built once, in the normal build.
if !SANITIZED
TESTS += %reldir%/t0240-deb.sh
endif
