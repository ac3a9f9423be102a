#!/usr/bin/env bash
# optimizer-wrong-index, live: `qadvisor verify` on a MariaDB whose optimizer demonstrably picks a
# worse index than one it has (tests/fixtures/wrong-index: load.sql fills it; README.md there
# has the evidence), and controls where it picks right:
#  - orders: `customer_id = ? ORDER BY created_at LIMIT 10` for a late customer (idx_created
#    walked expecting early matches), the same with an IN list `ORDER BY id` (PRIMARY walked),
#    and an index merge chosen over idx_customer — fresh statistics change none of them;
#  - events: InnoDB's persistent statistics left stale by a bulk load (STATS_AUTO_RECALC=0):
#    idx_account with a rowid filter chosen over idx_kind for a 250-value IN list;
#  - shipments: MariaDB's engine-independent statistics left stale: a full scan chosen over
#    idx_carrier (two classes);
#  - controls: a selective lookup on its own index, a primary-key lookup, a descending order
#    that idx_created really serves best, a table with one usable index: no finding.
# Then: without --allow-analyze no ANALYZE reaches the server (its general log); with it, the
# stale cases are measured again and fixed by fresh statistics, the orders cases are not and
# get the hint; reads only otherwise (the schema and row counts as before); a plain
# sandbox says it did not check; --min-speedup raises the bar.
# Usage: optimizer_wrong_index_test.sh QADVISOR SOURCE_DIR
set -uo pipefail
qadvisor=$1
src=$2
fixture=$src/tests/fixtures/wrong-index
# shellcheck source=lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"  # tmp, server, TMPDIR; removed on exit

socket=$(bash "$src/scripts/mariadb-sandbox.sh" start "$server" | tail -1)
[[ -S $socket ]] || socket=$server/mysqld.sock
sql() { mariadb --no-defaults --socket="$socket" -uroot -N -B "$@"; }
check "the fixture loads" bash -c "mariadb --no-defaults --socket='$socket' -uroot < '$fixture/load.sql' >/dev/null"
dsn="mysql://root@localhost/wi?socket=$socket"
state() {  # the schema and the row counts, to compare before and after
  local t
  for t in orders events shipments; do
    sql wi -e "SHOW CREATE TABLE \`$t\`; SELECT COUNT(*) FROM \`$t\`"
  done
}
state >"$tmp/state.before"
sql -e "SET GLOBAL general_log_file = '$tmp/general.log'; SET GLOBAL general_log = 1"

# The findings of one class, by a text of its fingerprint, as a Python expression over `d`.
wrong() {  # wrong TEXT
  echo "[f for c in d['classes'] if '$1' in c['fingerprint'] for f in c['findings'] if f['rule'] == 'optimizer-wrong-index']"
}

# --min-speedup 1.5, not the default 2: the wrong cases are 3.8-25x faster forced, the controls
# 20x slower, and a 3-run median of a 5-30 ms query on a busy CI machine has measured a 4x case
# under 2x (the finding then missing). The bar itself is tested with --min-speedup 1000 below.
bar=1.5
check "verify --dsn: the optimizer's choices measured" exit_code 0 "$qadvisor" verify --no-config \
  --dsn "$dsn" --allow-ddl --runs 3 --min-speedup $bar --top 0 --schema "$fixture/schema.sql" \
  --format json -o "$tmp/dsn.json" "$fixture/slow.log"
# Each wrong case of the fixture's README, as (chosen index, better index) of its class's finding.
expect_case() {  # expect_case NAME FINGERPRINT-TEXT CHOSEN BETTER
  check "  $1: '$3' chosen, $4 faster and reading fewer rows" json "$tmp/dsn.json" "
[(e['chosen_index'], e['better_index']) for f in $(wrong "$2") for e in [f['evidence']]
 if e['speedup'] >= $bar and e['better_rows_read'] < e['chosen_rows_read'] and e['better_median_ms'] < e['chosen_median_ms']
] == [('$3' or None, '$4')]"
}
expect_case "ORDER BY … LIMIT over a late customer" "where customer_id = ? order by created_at limit" idx_created idx_customer
expect_case "IN list ORDER BY id LIMIT" "in(?+) order by id limit" PRIMARY idx_customer
expect_case "an index merge" "where customer_id = ? and status = ?" "" idx_customer
expect_case "stale InnoDB statistics, a 250-value IN list" "from events where account_id in(?+) and kind" idx_account idx_kind
expect_case "stale engine-independent statistics" "carrier_id = ?" "" idx_carrier
expect_case "… with an IN list" "carrier_id in(?+)" "" idx_carrier
check "  the index merge is named as one" json "$tmp/dsn.json" "
[f['evidence']['chosen_access_type'] for f in $(wrong 'where customer_id = ? and status = ?')] == ['index_merge']"
check "  stale statistics are said so, with the estimates beside the counts" json "$tmp/dsn.json" "
all('statistics are stale' in f['message'] and f['evidence']['counted_rows'] == 202000 and f['evidence']['estimated_rows'] < 20200
    for f in $(wrong 'from shipments'))"
check "  no finding for the controls: six, one per wrong case" json "$tmp/dsn.json" "
[(f['query_class'] == c['id'], f['location']['line'] > 0, f['severity'], f['index'] == f['evidence']['chosen_index'])
 for c in d['classes'] for f in c['findings'] if f['rule'] == 'optimizer-wrong-index'] == [(True, True, 'warning', True)] * 6"
check "  the fix: statistics first, not run without --allow-analyze, then the hint" json "$tmp/dsn.json" "
all(f['fix'].startswith('first fresh statistics: ANALYZE TABLE ') and '--allow-analyze' in f['fix'] and 'FORCE INDEX (' in f['fix'] and f['evidence']['analyze'] is None
    for c in d['classes'] for f in c['findings'] if f['rule'] == 'optimizer-wrong-index')"
check "  the report's notes say how many tables were compared" json "$tmp/dsn.json" "
any(\"the optimizer's index choices: \" in n and '6 chosen worse' in n for n in d['verification_run']['notes'])"
check "  no ANALYZE reached the server" bash -c "! grep -qi 'analyze .*table' '$tmp/general.log'"
state >"$tmp/state.after"
check "  schema and rows as before" cmp "$tmp/state.before" "$tmp/state.after"

for format in text markdown html; do
  check "$format: the finding with both figures" exit_code 0 "$qadvisor" verify --no-config \
    --dsn "$dsn" --allow-ddl --runs 1 --top 0 --no-progress --schema "$fixture/schema.sql" \
    --format "$format" "$fixture/slow.log"
  check "  … named by its rule" grep -q "optimizer-wrong-index" "$tmp/out"
  check "  … with the chosen and the better index" grep -q "the optimizer reads .*orders.* by .*idx_created.* but existing index .*idx_customer.* faster" "$tmp/out"
done

check "--min-speedup 1000: nothing is that much faster" exit_code 0 "$qadvisor" verify --no-config \
  --dsn "$dsn" --allow-ddl --runs 1 --top 0 --min-speedup 1000 --schema "$fixture/schema.sql" \
  --format json -o "$tmp/strict.json" "$fixture/slow.log"
check "  no finding" json "$tmp/strict.json" \
  "not any(f['rule'] == 'optimizer-wrong-index' for c in d['classes'] for f in c['findings'])"
check "--min-speedup 0.5 is a usage error" exit_code 2 "$qadvisor" verify --dsn "$dsn" --allow-ddl \
  --min-speedup 0.5 "$fixture/slow.log"

# verify's own ADD INDEX refreshes a table's InnoDB statistics: the runs above left them fresh.
check "the fixture reloads, statistics stale again" bash -c "mariadb --no-defaults --socket='$socket' -uroot < '$fixture/load.sql' >/dev/null"
check "--allow-analyze: measured again after fresh statistics" exit_code 0 "$qadvisor" verify \
  --no-config --dsn "$dsn" --allow-ddl --allow-analyze --runs 3 --min-speedup $bar --top 0 \
  --schema "$fixture/schema.sql" --format json -o "$tmp/analyze.json" "$fixture/slow.log"
check "  ANALYZE NO_WRITE_TO_BINLOG reached the server" grep -qi "ANALYZE NO_WRITE_TO_BINLOG TABLE" "$tmp/general.log"
# The heavier shipments class's ANALYZE refreshes the table for the other one too: that one is
# then chosen right, and has no finding.
check "  the stale cases are fixed by it, measured" json "$tmp/analyze.json" "
[(f['evidence']['after_analyze_index'], f['fix'].startswith('fresh statistics: ANALYZE TABLE ') and '(measured: the optimizer then reads it by' in f['fix'])
 for f in $(wrong 'from events') + $(wrong 'from shipments')] == [('idx_kind', True), ('idx_carrier', True)]"
check "  the orders cases are not (not a matter of statistics), and get the hint" json "$tmp/analyze.json" "
[f['fix'].startswith('fresh statistics did not change the choice') and 'FORCE INDEX (' in f['fix'] and 'idx_customer' in f['fix']
 for f in $(wrong 'from orders')] == [True] * 3"
sql -e "SET GLOBAL general_log = 0"

# A sandbox with the server's rows (--sample-from copies them all at --rows 210000): the choices
# are compared there. (Whether the optimizer goes wrong on a copy loaded a moment ago is its own
# matter: on this fixture the just-analysed copy chose right, the same copy after a restart
# wrong; the finding is asserted on the named server above.)
check "--sandbox --sample-from: the choices are compared on the copied rows" exit_code 0 \
  "$qadvisor" verify --no-config --sandbox --sample-from "$dsn" --rows 210000 --runs 1 --top 1 \
  --schema "$fixture/schema.sql" --format json -o "$tmp/sampled.json" "$fixture/slow.log"
check "  the heaviest class's table compared" json "$tmp/sampled.json" "
any(\"the optimizer's index choices: 1 table(s) of 1 class(es) compared\" in n for n in d['verification_run']['notes'])"

# A plain sandbox's rows are generated: the optimizer's choices there say nothing of the server's.
check "a plain --sandbox does not check, and says so" exit_code 0 "$qadvisor" verify --no-config \
  --sandbox --rows 2000 --runs 1 --schema "$fixture/schema.sql" --format json \
  -o "$tmp/sandbox.json" "$fixture/slow.log"
check "  a note, and no finding" json "$tmp/sandbox.json" "
any(\"index choices were not checked\" in n for n in d['verification_run']['notes']) and
not any(f['rule'] == 'optimizer-wrong-index' for c in d['classes'] for f in c['findings'])"
check "  the sandbox is removed" test -z "$(ls -A "$TMPDIR")"

finish "optimizer-wrong-index"
