#!/usr/bin/env bash
# `qadvisor digest --history DSN` on a private MariaDB (scripts/mariadb-sandbox.sh):
#  1. the corpus log (3 000 events, one second) and a copy of it spread over four hours, written
#     with a 1-hour and a 1-day bucket under two source labels: every row agrees with counts,
#     sums, extremes and percentiles worked out from the log by digest_history_check.py;
#  2. the same run again leaves both tables byte for byte the same (idempotent);
#  3. what a team wrote in the review table (reviewed_by, reviewed_on, comments) survives reruns;
#  4. refused without changing anything: --group-by with --history, a DSN without a database;
#     nothing is written outside the two tables of the DSN's database.
# Usage: digest_history_test.sh QADVISOR SOURCE_DIR
set -uo pipefail
qadvisor=$1
src=$2
log=$src/tests/data/real/mariadb-10.11.19-sysbench-excerpt-3000ev.log
# shellcheck source=lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"  # tmp, server, TMPDIR; removed on exit

socket=$(bash "$src/scripts/mariadb-sandbox.sh" start "$server") || { echo "no server"; exit 1; }
sql() { mariadb --no-defaults --socket="$socket" -uroot -N -B "$@"; }
sql -e "CREATE DATABASE qh; CREATE DATABASE other" || exit 1
dsn="mysql://root@unix($socket)/qh"
dump() {  # both tables, every column, in key order
  sql qh -e "SELECT * FROM qadvisor_query_review ORDER BY class_id;
             SELECT * FROM qadvisor_query_history ORDER BY class_id, source, bucket_seconds, bucket_start"
}
history() {  # LOG BUCKET SOURCE
  exit_code 0 "$qadvisor" digest --no-progress --top 0 --format json -o "$tmp/digest.json" \
    --history "$dsn" --history-bucket "$2" --history-source "$3" "$1"
}
check_rows() {  # LOG BUCKET_SECONDS SOURCE
  python3 "$src/tests/live/digest_history_check.py" "$qadvisor" "$1" "$socket" qh "$3" "$2"
}

# A copy of the log with event i at 2026-01-05 00:00:00 + 5 i seconds: 3 000 events over
# 4 h 10 min, so five 1-hour buckets (the corpus log's events all ran in one second).
python3 - "$log" "$tmp/spread.log" <<'PY' || exit 1
import sys
n = 0
with open(sys.argv[1]) as f, open(sys.argv[2], "w") as out:
    for line in f:
        if line.startswith("SET timestamp="):
            line = f"SET timestamp={1767571200 + 5 * n};\n"
            n += 1
        out.write(line)
PY

# 4 first: refused runs leave the server as it was.
check "--group-by with --history is refused" exit_code 2 "$qadvisor" digest \
  --no-progress --history "$dsn" --group-by db "$log"
check "a DSN without a database is refused" exit_code 2 "$qadvisor" digest \
  --no-progress --history "mysql://root@unix($socket)" "$log"
check "  with a message saying so" has "names no database"
check "  and no table made" test -z "$(sql -e "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA IN ('qh', 'other')")"

# 1.
check "the corpus log, 1-day buckets" history "$log" 1d host-a
check "  says what it wrote" has "written to"
check "  rows agree with the log" check_rows "$log" 86400 host-a
sql qh -e "SELECT class_id, query_count FROM qadvisor_query_history WHERE source = 'host-a'" >"$tmp/counts"
check "  one row per digest class, with its count" json "$tmp/digest.json" \
  "sorted((c['id'], c['count']) for c in d['classes']) == sorted((r.split()[0], int(r.split()[1])) for r in open('$tmp/counts'))"
check "the spread log, 1-hour buckets" history "$tmp/spread.log" 1h host-b
check "  rows agree with the log" check_rows "$tmp/spread.log" 3600 host-b
check "  five buckets" test "$(sql qh -e "SELECT COUNT(DISTINCT bucket_start) FROM qadvisor_query_history WHERE source = 'host-b'")" = 5
check "  the first run's rows are untouched" check_rows "$log" 86400 host-a
check "only the two tables, in the DSN's database" test \
  "$(sql -e "SELECT GROUP_CONCAT(CONCAT(TABLE_SCHEMA, '.', TABLE_NAME) ORDER BY 1) FROM information_schema.TABLES WHERE TABLE_SCHEMA IN ('qh', 'other')")" \
  = "qh.qadvisor_query_history,qh.qadvisor_query_review"

# 2.
dump >"$tmp/before" || exit 1
check "the same two runs again" history "$log" 1d host-a
check "  (and the spread log)" history "$tmp/spread.log" 1h host-b
dump >"$tmp/after"
check "  leave the same rows" cmp "$tmp/before" "$tmp/after"
check "  and the same number of them" test "$(wc -l <"$tmp/after")" -gt 100

# 3.
sql qh -e "UPDATE qadvisor_query_review SET reviewed_by = 'alice', reviewed_on = '2026-01-06 10:00:00',
           comments = 'known: batch job' WHERE class_id = (SELECT MIN(class_id) FROM (SELECT class_id FROM qadvisor_query_review) r)"
dump >"$tmp/reviewed"
check "a team's review" test "$(sql qh -e "SELECT COUNT(*) FROM qadvisor_query_review WHERE reviewed_by = 'alice'")" = 1
check "  then a rerun" history "$tmp/spread.log" 1h host-b
dump >"$tmp/rerun"
check "  keeps the review and changes nothing else" cmp "$tmp/reviewed" "$tmp/rerun"

# The review row: the slowest sample wins, first_seen and last_seen only widen.
cat >"$tmp/slow.log" <<'LOG'
# User@Host: root[root] @ localhost []
# Thread_id: 9  Schema: sbtest  QC_hit: No
# Query_time: 7.250000  Lock_time: 0.000002  Rows_sent: 1  Rows_examined: 1
SET timestamp=1767571200;
SELECT c FROM sbtest1 WHERE id=424242;
LOG
id=$("$qadvisor" fingerprint -e "SELECT c FROM sbtest1 WHERE id=424242" | cut -d' ' -f1)
check "a slower statement of a known class" history "$tmp/slow.log" 1d host-c
check "  becomes the review's sample" test \
  "$(sql qh -e "SELECT sample, sample_query_time, reviewed_by IS NULL FROM qadvisor_query_review WHERE class_id = '$id'")" \
  = "$(printf 'SELECT c FROM sbtest1 WHERE id=424242\t7.250000\t1')"
check "  first_seen and last_seen span every run" test \
  "$(sql qh -e "SELECT first_seen, last_seen FROM qadvisor_query_review WHERE class_id = '$id'")" \
  = "$(printf '2026-01-05 00:00:00.000000\t2026-11-30 05:11:53.000000')"
check "  and a rerun of a faster log keeps it" history "$log" 1d host-a
check "  (kept)" test "$(sql qh -e "SELECT sample_query_time FROM qadvisor_query_review WHERE class_id = '$id'")" = 7.250000

finish "live: digest --history"
