#!/usr/bin/env bash
# `qadvisor verify` timing the workload's writes, each inside a transaction that is rolled back,
# against real MariaDB servers (tests/fixtures/verify/writes-*):
#  1. --sandbox: an UPDATE and an INSERT of `items` timed before and after each of its indexes,
#     with the rows they affected; a duplicate-key INSERT reported, not fatal; an UPDATE of a
#     MyISAM table not run, with the reason;
#  2. a server of our own (scripts/mariadb-sandbox.sh), with a trigger on `audited`:
#     without --allow-writes no write reaches the server; with it, the same measurements, every
#     write inside START TRANSACTION … ROLLBACK (the general log says what the server received),
#     and every table's CHECKSUM TABLE, row count and schema as before; the table with a trigger
#     and the MyISAM table are never written; a user without the TRIGGER privilege writes
#     nothing; a write stopped by the time limit is rolled back; Ctrl-C while writes are timed
#     leaves the data as it was.
# Usage: verify_writes_test.sh QADVISOR SOURCE_DIR
set -uo pipefail
qadvisor=$1
src=$2
schema=$src/tests/fixtures/verify/writes-schema.sql
log=$src/tests/fixtures/verify/writes-slow.log
# shellcheck source=lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"  # tmp, server, TMPDIR; removed on exit

# The entry of `verification_writes` for a kind and table, as a Python expression over `d`.
write_of() {  # write_of KIND TEXT-IN-STATEMENT-OR-NOTE
  echo "[w for w in d['verification_writes'] if w['statement_kind'] == '$1' and '$2' in ((w['statement'] or '') + w.get('note', ''))]"
}

# 1. The sandbox: its rows are verify's own, so writes run without being asked.
check "verify --sandbox with writes in the workload" exit_code 0 "$qadvisor" verify --no-config \
  --sandbox --schema "$schema" --rows 20000 --runs 3 --format json -o "$tmp/sandbox.json" "$log"
check "  progress names the write steps" grep -q "write class .* before" "$tmp/err"
check "  the writes run" json "$tmp/sandbox.json" "d['verification_run']['writes_not_run'] is None"
check "  the UPDATE of items timed before and after an index of items, its rows counted" \
  json "$tmp/sandbox.json" \
  "any(w['before_ms'] > 0 and w['after_ms'] > 0 and w['added_ms'] is not None and w['rows_affected'] > 1000 and w['runs'] == 3 and w['index_name'].startswith('qadv_') for w in $(write_of UPDATE 'UPDATE items'))"
check "  the INSERT of items too, one row" json "$tmp/sandbox.json" \
  "any(w['rows_affected'] == 1 and w['after_ms'] > 0 for w in $(write_of INSERT 'new-sku-1'))"
check "  only writes of the proposal's table" json "$tmp/sandbox.json" \
  "all(d['proposals'][w['proposal'] - 1]['table'] in (w['statement'] or w['note']) for w in d['verification_writes'])"
check "  a duplicate key is reported for its class, and the run goes on" json "$tmp/sandbox.json" \
  "any('not measured' in w['note'] and 'Duplicate entry' in w['note'] and w['statement'] and w['before_ms'] is None for w in $(write_of INSERT 'dup-sku'))"
check "  the MyISAM table's write is not run, with why" json "$tmp/sandbox.json" \
  "any(w['statement'] is None and 'is MyISAM, not InnoDB' in w['note'] for w in $(write_of UPDATE ''))"
check "text: a writes line per proposal" exit_code 0 "$qadvisor" verify --no-config --sandbox \
  --schema "$schema" --rows 2000 --runs 1 --max-queries 2 --no-progress "$log"
check "  with the classes measured and the cost" grep -Eq \
  "^   writes: [0-9]+ class(es)? measured, [-+][0-9.<]+ m?s per statement" "$tmp/out"
check "  and each class" grep -Eq "^     class [0-9A-F]{16} \(UPDATE\): .* → .* rows affected" \
  "$tmp/out"
check "the sandbox is removed" test -z "$(ls -A "$TMPDIR")"

# 2. A server of our own, loaded with the schema, rows and a trigger.
socket=$(bash "$src/scripts/mariadb-sandbox.sh" start "$server") || { echo "no server"; exit 1; }
sql() { mariadb --no-defaults --socket="$socket" -uroot -N -B "$@"; }
sql <"$schema" || exit 1
sql shop >/dev/null <<'SQL' || exit 1
INSERT INTO items SELECT seq, CONCAT('sku-', seq), seq % 5, seq % 1000,
  '2024-01-01' + INTERVAL seq MINUTE FROM seq_1_to_20000;
INSERT INTO notes SELECT seq, seq % 4000, CONCAT('note ', seq) FROM seq_1_to_20000;
INSERT INTO audited SELECT seq, seq % 5000, seq FROM seq_1_to_20000;
CREATE TRIGGER audited_update AFTER UPDATE ON audited FOR EACH ROW
  INSERT INTO audit_log VALUES (NEW.id, NOW());
ANALYZE TABLE items, notes, audited;
CREATE USER 'qa'@'localhost';
GRANT SELECT, INSERT, UPDATE, DELETE, ALTER, INDEX ON shop.* TO 'qa'@'localhost';
SQL
dsn="mysql://root@localhost/shop?socket=$socket"
state() {  # every table's checksum and row count, and the schema
  sql shop -e "CHECKSUM TABLE items, notes, audited, audit_log"
  sql shop -e "SELECT (SELECT COUNT(*) FROM items), (SELECT COUNT(*) FROM notes),
    (SELECT COUNT(*) FROM audited), (SELECT COUNT(*) FROM audit_log)"
  local t
  for t in items notes audited audit_log; do sql shop -e "SHOW CREATE TABLE \`$t\`" | sed 's/ AUTO_INCREMENT=[0-9]*//'; done
  sql shop -e "SHOW TRIGGERS"
}
state >"$tmp/state.before"
general_log() {  # general_log on|off FILE
  if [[ $1 == on ]]; then
    sql -e "SET GLOBAL general_log_file='$2', general_log=1"
  else
    sql -e "SET GLOBAL general_log=0"
  fi
}
# Writes the log holds outside a transaction that verify started and rolled back: every INSERT,
# UPDATE, DELETE or REPLACE a connection sent must come after its START TRANSACTION and be
# followed by ROLLBACK before anything ends the transaction.
unguarded_writes() {
  python3 - "$1" <<'EOF'
import re, sys
state, bad, writes = {}, [], 0
for line in open(sys.argv[1], errors='replace'):
    m = re.match(r'^(?:\S+\s+\S+)?\s+(\d+) (\w+)\t(.*)$', line.rstrip('\n'))
    if not m or m.group(2) != 'Query':
        continue
    conn, sql = m.group(1), m.group(3).strip()
    upper = sql.upper()
    body = re.sub(r'^SET STATEMENT .*? FOR ', '', upper)
    if upper == 'START TRANSACTION':
        state[conn] = 'open'
    elif upper in ('ROLLBACK', 'COMMIT') or upper.startswith('START TRANSACTION READ ONLY'):
        if state.get(conn) == 'written' and upper != 'ROLLBACK':
            bad.append('committed: ' + sql)
        state[conn] = None
    elif re.match(r'(INSERT|UPDATE|DELETE|REPLACE)\b', body):
        writes += 1
        if state.get(conn) not in ('open',) or not upper.startswith('SET STATEMENT'):
            bad.append('outside a transaction or without a time limit: ' + sql)
        state[conn] = 'written'
    elif state.get(conn) == 'written':
        bad.append('after a write, before ROLLBACK: ' + sql)
for conn, s in state.items():
    if s == 'written':
        bad.append('never rolled back on connection ' + conn)
print('\n'.join(bad))
print(f'{writes} writes')
sys.exit(1 if bad else 0)
EOF
}

check "--dsn without --allow-writes" exit_code 0 "$qadvisor" verify --no-config --dsn "$dsn" \
  --allow-ddl --runs 1 --format json -o "$tmp/no-writes.json" "$log"
check "  says why no write ran, once" json "$tmp/no-writes.json" \
  "'--allow-writes' in d['verification_run']['writes_not_run'] and d['verification_writes'] == []"
check "  in the text report too" exit_code 0 "$qadvisor" verify --no-config --dsn "$dsn" \
  --allow-ddl --runs 1 --max-queries 1 --no-progress "$log"
check "    one line per proposal" grep -q "^   writes: not run: .*--allow-writes" "$tmp/out"
general_log on "$tmp/general-none.log"
check "  and the server received no write" exit_code 0 "$qadvisor" verify --no-config --dsn "$dsn" \
  --allow-ddl --runs 1 --no-progress "$log"
general_log off
check "    (the general log has none)" bash -c \
  "! grep -Eiq 'FOR (INSERT|UPDATE|DELETE|REPLACE)|Query.(INSERT|UPDATE|DELETE|REPLACE)' '$tmp/general-none.log'"
state >"$tmp/state.after"
check "  the data and schema are as before" cmp "$tmp/state.before" "$tmp/state.after"

general_log on "$tmp/general.log"
check "--dsn --allow-ddl --allow-writes" exit_code 0 "$qadvisor" verify --no-config --dsn "$dsn" \
  --allow-ddl --allow-writes --runs 3 --format json -o "$tmp/writes.json" "$log"
general_log off
check "  the UPDATE and INSERT of items timed" json "$tmp/writes.json" \
  "any(w['added_ms'] is not None and w['rows_affected'] == 4000 for w in $(write_of UPDATE 'UPDATE items')) and any(w['rows_affected'] == 1 and w['after_ms'] for w in $(write_of INSERT 'new-sku-1'))"
check "  the duplicate key reported" json "$tmp/writes.json" \
  "any('Duplicate entry' in w['note'] for w in $(write_of INSERT 'dup-sku'))"
check "  the table with a trigger not written, with why" json "$tmp/writes.json" \
  "any(w['statement'] is None and 'has trigger \`audited_update\`' in w['note'] for w in $(write_of UPDATE ''))"
check "  the MyISAM table not written, with why" json "$tmp/writes.json" \
  "any(w['statement'] is None and 'is MyISAM, not InnoDB' in w['note'] for w in $(write_of UPDATE ''))"
check "  every write inside START TRANSACTION … ROLLBACK, with a time limit" \
  unguarded_writes "$tmp/general.log"
check "  writes reached the server" grep -q "FOR UPDATE items SET price = price + 1" "$tmp/general.log"
check "  none of notes or audited" bash -c \
  "! grep -Eq 'UPDATE (notes|audited) SET' '$tmp/general.log'"
state >"$tmp/state.after"
check "  every table's checksum, rows and schema as before" cmp "$tmp/state.before" "$tmp/state.after"

# information_schema hides triggers from a user without the TRIGGER privilege: then no write runs.
check "a user without the TRIGGER privilege" exit_code 0 "$qadvisor" verify --no-config \
  --dsn "mysql://qa@localhost/shop?socket=$socket" --allow-ddl --allow-writes --runs 1 \
  --format json -o "$tmp/qa.json" "$log"
check "  runs no write, saying why" json "$tmp/qa.json" \
  "d['verification_writes'] and all(w['statement'] is None for w in d['verification_writes']) and any('TRIGGER privilege' in w['note'] for w in $(write_of UPDATE 'items'))"

# A write the time limit stops mid-way is rolled back too.
check "a write stopped by --time-limit" exit_code 0 "$qadvisor" verify --no-config --dsn "$dsn" \
  --allow-ddl --allow-writes --runs 1 --time-limit 0.001 --format json -o "$tmp/limit.json" "$log"
check "  is reported as timed out" json "$tmp/limit.json" \
  "any(w['timed_out'] and w['added_ms'] is None for w in d['verification_writes'])"
state >"$tmp/state.after"
check "  and the data is as before" cmp "$tmp/state.before" "$tmp/state.after"

# Ctrl-C while writes are being timed: the run stops, the index goes, nothing stays written.
"$qadvisor" verify --no-config --dsn "$dsn" --allow-ddl --allow-writes --runs 1000 "$log" \
  >"$tmp/int.out" 2>"$tmp/int.err" &
pid=$!
for _ in $(seq 3000); do
  grep -qs "write class .* before" "$tmp/int.err" && break
  sleep 0.1
done
sleep 0.5
kill -INT "$pid"
wait "$pid"
check "Ctrl-C while writes are timed ends with 130" test $? -eq 130
check "  saying every index was dropped" grep -q "every index it created was dropped" "$tmp/int.err"
state >"$tmp/state.after"
check "  and the data and schema are as before" cmp "$tmp/state.before" "$tmp/state.after"

finish "verify writes"
