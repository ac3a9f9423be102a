#!/usr/bin/env bash
# `qadvisor digest` filters (--since/--until/--db/--user/--host/--match), --group-by,
# --order-by ATTRIBUTE:AGG and --limit, end to end: every count is compared with what
# tests/cli/digest_filters.py computes from the log text on its own (it shares no code with
# qadvisor), on a generated log with several databases, users, hosts and ten days of times, on
# the bundled example and on logs of the corpus. Then the bad values, each a usage error.
# Usage: digest_filters_test.sh QADVISOR CORPUS_DIR SOURCE_DIR
set -uo pipefail
qadvisor=$1
corpus=$2
src=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=../lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
ref=$src/tests/cli/digest_filters.py
example=$src/examples/slow.log
# Logs of the corpus whose layout the reference script reads (the plain MySQL and MariaDB ones).
corpus_logs=()
for f in slow013.txt slow030.txt slow034.txt slow049.txt slow052.txt slow053.txt mysql5.7.log; do
  corpus_logs+=("$corpus/slowlogs/$f")
done

now=$(date +%s)
gen=$tmp/gen.log
python3 "$ref" gen "$gen" --now "$now"

# agree NAME LOG... -- OPTION...: qadvisor's JSON report and the reference script agree on the
# events kept, those left out and why, the events in no class, the total Query_time, and per
# class (db, user, host, table) its count, its Query_time and its place in the order.
n=0
agree() {
  local name=$1
  shift
  local logs=()
  while [[ $1 != -- ]]; do logs+=("$1"); shift; done
  shift
  n=$((n + 1))
  local limit=(--limit 0)
  [[ " $* " == *" --limit "* ]] && limit=()
  "$qadvisor" digest --format json "${limit[@]}" "$@" "${logs[@]}" >"$tmp/got$n.json" 2>"$tmp/err" || {
    echo "qadvisor failed: $(cat "$tmp/err")"
    return 1
  }
  python3 "$ref" expect --got "$tmp/got$n.json" --now "$now" "$@" "${logs[@]}"
}

day() { date -u -d "@$(($now - $1 * 86400))" "+$2"; }

# The generated log: 4000 events, 12 of them before the first `# Time:` (6 with SET timestamp).
check "no filter" agree "gen: everything" "$gen" --
check "no filter, by db" agree "gen" "$gen" -- --group-by db
check "--since an age" agree "gen" "$gen" -- --since 3d --group-by user
check "--since and --until ages" agree "gen" "$gen" -- --since 7d --until 12h --group-by host
check "--since 2w, --until 1h: minutes and weeks" agree "gen" "$gen" -- --since 2w --until 1h
check "--since a date" agree "gen" "$gen" -- --since "$(day 4 %Y-%m-%d)" --group-by db
check "--since 'date time' --until dateTtime" agree "gen" "$gen" -- \
  --since "$(day 6 '%Y-%m-%d %H:%M:%S')" --until "$(day 2 '%Y-%m-%dT%H:%M:%S')" --group-by table
check "--until MySQL's old form" agree "gen" "$gen" -- --until "$(day 5 '%y%m%d %H:%M:%S')"
check "--since MySQL's old form, a date alone" agree "gen" "$gen" -- --since "$(day 3 '%y%m%d')" --group-by user
check "--db" agree "gen" "$gen" -- --db shop --group-by user
check "--db comma-separated" agree "gen" "$gen" -- --db shop,crm --group-by db
check "--db repeated" agree "gen" "$gen" -- --db shop --db analytics --group-by db
check "--user and --host" agree "gen" "$gen" -- --user report --host app1.internal --group-by table
check "--host: an IP where the log has no name" agree "gen" "$gen" -- --host 10.0.0.3,10.0.0.4 --group-by host
check "--match on the fingerprint" agree "gen" "$gen" -- --match '^(update|delete) ' --group-by table
check "--match is case-insensitive" agree "gen" "$gen" -- --match 'JOIN Customers' --group-by user
check "every filter at once" agree "gen" "$gen" -- --since 9d --until 1d --db shop,crm --user app,report \
  --host app2.internal,10.0.0.7 --match 'orders' --group-by db
check "--group-by table: a join counts in both tables" agree "gen" "$gen" -- --group-by table
check "--order-by Rows_examined:max" agree "gen" "$gen" -- --group-by table --order-by Rows_examined:max
check "--order-by lock_time:sum (any case)" agree "gen" "$gen" -- --group-by user --order-by lock_time:sum
check "--order-by Rows_sent:avg" agree "gen" "$gen" -- --group-by host --order-by Rows_sent:avg
check "--order-by Query_time:count" agree "gen" "$gen" -- --group-by table --order-by Query_time:count
check "--order-by an attribute some classes lack: those last" agree "gen" "$gen" -- \
  --group-by table --order-by Rows_affected:sum
check "--limit N" agree "gen" "$gen" -- --group-by table --limit 3
check "--limit N%" agree "gen" "$gen" -- --group-by table --limit 50%
check "--limit N% by another attribute" agree "gen" "$gen" -- --group-by user --order-by Rows_examined:sum --limit 70%
check "--limit N%:M" agree "gen" "$gen" -- --group-by table --limit 95%:2
check "--limit 100%" agree "gen" "$gen" -- --group-by db --limit 100%

# The bundled example and logs of the corpus.
check "example: --db --user" agree "example" "$example" -- --db shop --user report --group-by host
check "example: a time window in both forms the log writes" agree "example" "$example" -- \
  --since '2024-05-01 10:05:00' --until 2024-05-01T10:10:00 --group-by user
check "example: --since in the old form" agree "example" "$example" -- --since '240501 10:08:09' --group-by db
check "example: --group-by table" agree "example" "$example" -- --group-by table --order-by Rows_examined:sum
check "example: --match" agree "example" "$example" -- --match 'from orders' --group-by host
check "corpus: several files, by db" agree "corpus" "${corpus_logs[@]}" -- --group-by db
check "corpus: by user, --host" agree "corpus" "${corpus_logs[@]}" -- --group-by user --order-by Query_time:max
check "corpus: by host" agree "corpus" "${corpus_logs[@]}" -- --group-by host --limit 60%
check "corpus: --since 2007-10-01 (events without a time left out)" agree "corpus" "${corpus_logs[@]}" -- \
  --since 2007-10-01 --group-by db

# Deterministic for any number of threads. (An absolute --since: the report echoes the time an
# age resolves to, and three runs may straddle a second.)
args=(digest --format json --limit 0 --group-by table --db shop,crm --since "$(day 8 '%Y-%m-%d %H:%M:%S')" "$gen")
"$qadvisor" "${args[@]}" --threads 1 >"$tmp/t1.json"
"$qadvisor" "${args[@]}" --threads 2 >"$tmp/t2.json"
"$qadvisor" "${args[@]}" --threads 5 >"$tmp/t5.json"
check "filters and --group-by table: one thread = two threads" cmp "$tmp/t1.json" "$tmp/t2.json"
check "  = five threads" cmp "$tmp/t1.json" "$tmp/t5.json"

# A long statement and a pattern whose `.*` runs over all of it: no crash (libstdc++'s recursive
# matcher overflows the stack on a 32 KiB fingerprint; without qadvisor's cap this one dies),
# and no quadratic search (5 s for this one in Release, minutes under the sanitizers, before
# the matcher made one pass).
{
  printf '# Time: 2024-05-01T10:00:00Z\n# User@Host: a[a] @ h [10.0.0.1]\n'
  printf '# Query_time: 1  Lock_time: 0 Rows_sent: 0  Rows_examined: 0\nSELECT '
  head -c 300000 /dev/zero | tr '\0' 'a'
  printf ' FROM t;\n'
} >"$tmp/long.log"
check "--match on a 300 KB statement" exit_code 0 "$qadvisor" digest --format json --match 'a.*zzz$' "$tmp/long.log"
check "  left out, no crash" json "$tmp/out" "d['filtered_by']['match'] == 1"

# The report says what was in effect.
check "JSON: filters, grouping, order and limit echoed" exit_code 0 "$qadvisor" digest --format json \
  --since 2024-05-01 --db shop --db crm --user app --match '^select' --group-by user \
  --order-by rows_examined:max --limit 95%:5 "$example"
check "  fields" json "$tmp/out" "d['filters'] == {'since': '2024-05-01 00:00:00', 'until': None, 'db': ['shop', 'crm'], 'user': ['app'], 'host': [], 'match': '^select'} and d['group_by'] == 'user' and d['order_by'] == 'rows_examined:max' and d['limit'] == '95%:5' and d['classes'][0]['user'] == 'app' and 'fingerprint' not in d['classes'][0]"
check "  the old order names stay as they were" exit_code 0 "$qadvisor" digest --format json --order-by count "$example"
check "  order_by count" json "$tmp/out" "d['order_by'] == 'count' and d['group_by'] == 'fingerprint' and d['filtered'] == 0"
check "text: a Filters line" exit_code 0 "$qadvisor" digest --db crm --group-by db "$example"
check "  names the filter and what it left out" has "# Filters: db crm; 601 left out (db 601)"
check "  and the grouping" has "# Grouped by: db (0 events in no class)"
check "markdown: filters" exit_code 0 "$qadvisor" digest --format markdown --user report "$example"
check "  listed" has '- **Filters:** `user report`; 453 left out (user 453)'
check "everything filtered out is not an error" exit_code 0 "$qadvisor" digest --format json --db nosuchdb "$example"
check "  no event, all left out" json "$tmp/out" "d['events'] == 0 and d['filtered'] == 601 and d['classes'] == []"

# --top and --limit are one setting: the last given counts.
check "--limit then --top" exit_code 0 "$qadvisor" digest --format json --limit 3 --top 5 "$example"
check "  --top counts" json "$tmp/out" "len(d['classes']) == 5 and d['limit'] == '5'"
check "--top then --limit" exit_code 0 "$qadvisor" digest --format json --top 5 --limit 3 "$example"
check "  --limit counts" json "$tmp/out" "len(d['classes']) == 3 and d['limit'] == '3'"

# Bad values: exit 2, one message naming the option.
bad() {
  local want=$1
  shift
  exit_code 2 "$qadvisor" digest "$@" "$example" || return 1
  grep -qF -- "$want" "$tmp/err" || { echo "no '$want' in:"; cat "$tmp/err"; return 1; }
  test ! -s "$tmp/out"
}
check "bad --since" bad "--since: expected a time (2024-05-01" --since yesterday
check "bad --since unit" bad "not '12x'" --since 12x
check "bad --until date" bad "--until: expected a time" --until 2024-13-01
check "--since after --until" bad "--since 2024-05-02 is not before --until 2024-05-01" --since 2024-05-02 --until 2024-05-01
check "bad regex" bad "--match: '(select' is not a valid regular expression" --match '(select'
check "back-references are refused" bad "--match: '(a)\\1' is not a valid regular expression" --match '(a)\1'
check "unknown --group-by" bad "--group-by: tables not in {fingerprint,db,user,host,table}" --group-by tables
check "--limit 0%" bad "--limit: expected N (classes, 0 for all), N% (1% to 100%" --limit 0%
check "--limit 150%" bad "not '150%'" --limit 150%
check "--limit abc" bad "not 'abc'" --limit abc
check "--limit 5%:0" bad "not '5%:0'" --limit 5%:0
check "--limit -1" bad "not '-1'" --limit -1
check "--order-by a bad aggregate" bad "--order-by: expected ATTRIBUTE:AGG" --order-by Query_time:median
check "--order-by an attribute the log lacks: named, with those it has" \
  bad "--order-by: the log has no numeric attribute 'Tmp_tables' (it has Query_time, Lock_time, Rows_sent, Rows_examined, Query_length, Bytes_sent, Rows_affected)" \
  --order-by Tmp_tables:sum

finish "digest filters"
