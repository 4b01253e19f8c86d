#!/bin/sh
# t0165-schema-check.sh - migration 12 -> 13 (issue 23): the quality
# CHECK of messages is written with OR, so SQLite stores a message
# without building a table of the allowed words first. A schema 12
# database (the CHECK put back as IN (...)) with mail in it migrates:
# its rows stay, the CHECK still refuses what it refused, and the next
# import into it, in a new process, uses the new text.
. "$LKB_SRCDIR/tests/tap.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
TAP_TMP=$T
command -v sqlite3 >/dev/null || bail_out "sqlite3 is needed"
M=$LKB_TEST_DATA/corpus/maildir
ins="EXPLAIN INSERT INTO messages (message_id, content_hash, source, quality, thread_id, imported_at) VALUES ('x', '', 's', 'ok', 1, 0)"

ok_if "a new store" "$LKPBOT" -q -d "$T/new.db" db migrate
is "... is at schema 20" "$(sqlite3 "$T/new.db" "PRAGMA user_version")" 20
ok_if "... its CHECK is written with OR" sh -c "sqlite3 '$T/new.db' \"select sql from sqlite_schema where name = 'messages'\" | grep -q \"CHECK (quality = 'ok' OR quality = 'partial' OR quality = 'rejected')\""
is "... storing a message builds no ephemeral table" "$(sqlite3 "$T/new.db" "$ins" | grep -c OpenEphemeral)" 0

# a schema 12 store with mail in it
ok_if "import the corpus" "$LKPBOT" -q -d "$T/db" import "$M"
sqlite3 "$T/db" "PRAGMA writable_schema=ON;
UPDATE sqlite_schema SET sql = replace(sql,
  'CHECK (quality = ''ok'' OR quality = ''partial'' OR quality = ''rejected'')',
  'CHECK (quality IN (''ok'',''partial'',''rejected''))')
  WHERE type = 'table' AND name = 'messages';
PRAGMA writable_schema=OFF;
DROP INDEX events_review; ALTER TABLE events DROP COLUMN confidence;
ALTER TABLE events DROP COLUMN review;
ALTER TABLE events DROP COLUMN reviewed_by;
ALTER TABLE events DROP COLUMN reviewed_at;
DROP TABLE patch_keys; DROP TABLE fix_links; DROP TABLE skips;
ALTER TABLE outbox DROP COLUMN team; ALTER TABLE requests DROP COLUMN outsider;
ALTER TABLE reports DROP COLUMN unverified; ALTER TABLE messages DROP COLUMN trusted;
PRAGMA user_version=12;" \
	|| bail_out "cannot make a schema 12 store"
# the new sqlite3 process reads the edited text
is "the old store builds one for every message" "$(sqlite3 "$T/db" "$ins" | grep -c OpenEphemeral)" 1
before=$(sqlite3 "$T/db" "select count(*), sum(length(body)), group_concat(quality) from messages")
ok_if "lkpbot db migrate" "$LKPBOT" -q -d "$T/db" db migrate
is "... schema 20" "$(sqlite3 "$T/db" "PRAGMA user_version")" 20
is "... the same text as a new store's" \
	"$(sqlite3 "$T/db" "select sql from sqlite_schema where name = 'messages'")" \
	"$(sqlite3 "$T/new.db" "select sql from sqlite_schema where name = 'messages'")"
is "... no ephemeral table" "$(sqlite3 "$T/db" "$ins" | grep -c OpenEphemeral)" 0
is "... every message kept" "$(sqlite3 "$T/db" "select count(*), sum(length(body)), group_concat(quality) from messages")" "$before"
is "... integrity" "$(sqlite3 "$T/db" "PRAGMA integrity_check")" ok
ok_if "... lkpbot db check" "$LKPBOT" -q -d "$T/db" db check
ok_if "... a quality outside the three refused" sh -c "! sqlite3 '$T/db' \"update messages set quality = 'bogus' where id = 1\" 2>/dev/null"
ok_if "... the three allowed" sqlite3 "$T/db" "update messages set quality = 'rejected' where id = 1; update messages set quality = 'partial' where id = 1"
is "... no message changed by them" "$(sqlite3 "$T/db" "select count(*) from messages where quality not in ('ok','partial','rejected')")" 0
printf 'From: a@example.org\nSubject: after\nMessage-ID: <after@t>\n\nafter the migration\n' >"$T/after.eml"
ok_if "an import into the migrated store" "$LKPBOT" -q -d "$T/db" import "$T/after.eml"
is "... stored the mail" "$(sqlite3 "$T/db" "select quality from messages where message_id = 'after@t'")" ok
done_testing
