#!/usr/bin/env bash
# End-to-end tests of the qadvisor command line: exit codes, formats, standard input, and
# that files the user owns are left alone. Usage: cli_test.sh QADVISOR CORPUS_DIR SOURCE_DIR
set -uo pipefail
qadvisor=$1
corpus=$2
src=$3
example=$src/examples/slow.log
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=../lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"

check "--version" exit_code 0 "$qadvisor" --version
check "no subcommand is a usage error" exit_code 2 "$qadvisor"
check "unknown option is a usage error" exit_code 2 "$qadvisor" digest --frobnicate "$example"
check "bad --format is a usage error" exit_code 2 "$qadvisor" digest --format xml "$example"

check "text report" exit_code 0 "$qadvisor" digest "$example"
check "text report has the profile" grep -q "^# Profile" "$tmp/out"
check "text report has pt's Query_time distribution" grep -q "^#    1s #" "$tmp/out"
check "clean input: nothing on stderr (no progress bar when not a terminal)" test ! -s "$tmp/err"

"$qadvisor" digest --format json --top 0 "$example" >"$tmp/a.json"
check "json: documented top-level fields" json "$tmp/a.json" \
  "d['events'] == 601 and d['skipped'] == 0 and len(d['classes']) == d['unique_classes'] == 18"
check "json: documented class fields" json "$tmp/a.json" \
  "all(set(['id','fingerprint','sample','count','metrics']) <= set(c) for c in d['classes'])"
check "json: metrics have sum min max avg median p95" json "$tmp/a.json" \
  "all(set(c['metrics'][m]) >= {'sum','min','max','avg','median','p95'} for c in d['classes'] for m in ('query_time','lock_time','rows_sent','rows_examined'))"
check "json: classes ranked by total time" json "$tmp/a.json" \
  "[c['metrics']['query_time']['sum'] for c in d['classes']] == sorted([c['metrics']['query_time']['sum'] for c in d['classes']], reverse=True)"
check "json: ids are 16 hex digits" json "$tmp/a.json" \
  "all(len(c['id']) == 16 and int(c['id'], 16) >= 0 for c in d['classes'])"

"$qadvisor" digest --format json --top 0 --threads 1 "$example" >"$tmp/one.json"
"$qadvisor" digest --format json --top 0 --threads 2 "$example" >"$tmp/two.json"
check "one and two threads give the same report" cmp "$tmp/one.json" "$tmp/two.json"

"$qadvisor" digest --format json --top 2 --order-by count "$example" >"$tmp/top.json"
check "--top and --order-by count" json "$tmp/top.json" \
  "len(d['classes']) == 2 and d['classes'][0]['count'] >= d['classes'][1]['count'] and d['order_by'] == 'count'"

check "markdown report" exit_code 0 "$qadvisor" digest --format markdown "$example"
check "markdown has the class table" grep -q "^| # | Class |" "$tmp/out"

"$qadvisor" digest --format json - <"$example" >"$tmp/stdin.json"
check "standard input reads the same events" json "$tmp/stdin.json" "d['events'] == 601"
zcat "$corpus/slowlogs/slow039.txt.gz" | "$qadvisor" digest --format json - >"$tmp/gz.json"
check "zcat | qadvisor digest - works" json "$tmp/gz.json" "d['events'] == 1"
"$qadvisor" digest --format json "$example" "$example" >"$tmp/twice.json"
check "several files add up" json "$tmp/twice.json" "d['events'] == 1202"

check "missing file: exit 2" exit_code 2 "$qadvisor" digest "$tmp/no-such.log"
check "missing file: message names it" grep -q "no-such.log: cannot open" "$tmp/err"
# Compressed files, standard input sniffed, binary data: tests/cli/input_test.sh.
check "directory: exit 2" exit_code 2 "$qadvisor" digest "$tmp"
printf 'SELECT 1;\nSELECT 2;\n' >"$tmp/file.sql"
check "not a slow log: exit 2" exit_code 2 "$qadvisor" digest "$tmp/file.sql"
check "not a slow log: clear message" grep -q "file.sql: not a slow query log" "$tmp/err"
check "empty file: exit 0" exit_code 0 "$qadvisor" digest "$corpus/slowlogs/empty"
check "torn last event: reported with its line" exit_code 2 "$qadvisor" digest "$corpus/slowlogs/slow015.txt"
check "torn last event: message" grep -q "slow015.txt:1: byte 0: torn last event" "$tmp/err"

# A 100 MB single query: skipped with a clear message, the events around it are read.
{
  printf '# Query_time: 1  Lock_time: 0  Rows_sent: 0  Rows_examined: 0\nSELECT 1;\n'
  printf "# Query_time: 2  Lock_time: 0  Rows_sent: 0  Rows_examined: 0\nSELECT '"
  head -c 100000000 /dev/zero | tr '\0' 'x'
  printf "';\n# Query_time: 3  Lock_time: 0  Rows_sent: 0  Rows_examined: 0\nSELECT 3;\n"
} >"$tmp/huge.log"
check "100 MB query: exit 0" exit_code 0 "$qadvisor" digest --format json -o "$tmp/huge.json" "$tmp/huge.log"
check "100 MB query: the events around it are read" json "$tmp/huge.json" "d['events'] == 2 and d['skipped'] == 1"
check "100 MB query: a warning names its line" grep -q "huge.log:3: byte 72: event larger than 64 MiB" "$tmp/err"
rm -f "$tmp/huge.log"

# The progress bar: drawn on a terminal for a large input, never otherwise.
for _ in $(seq 75); do cat "$example"; done >"$tmp/big.log"
if command -v script >/dev/null; then
  script -qc "'$qadvisor' digest --top 1 '$tmp/big.log' >/dev/null" "$tmp/tty.txt" >/dev/null 2>&1
  check "progress bar on a terminal" grep -q "MB/s ETA" "$tmp/tty.txt"
fi
check "no progress bar when stderr is not a terminal" exit_code 0 "$qadvisor" digest --top 1 "$tmp/big.log"
check "no progress bar when stderr is not a terminal (empty stderr)" test ! -s "$tmp/err"

# fingerprint: one line per statement, from -e, files and standard input.
check "fingerprint -e" exit_code 0 "$qadvisor" fingerprint -e "SELECT * FROM t WHERE id IN (1, 2, 3) LIMIT 10"
check "fingerprint -e prints id and fingerprint" grep -qx "[0-9A-F]\{16\}  select \* from t where id in(?+) limit ?" "$tmp/out"
printf 'SELECT 1;\nDELIMITER //\nCREATE PROCEDURE p() BEGIN SELECT 1; END//\nDELIMITER ;\nSELECT 2;\n' >"$tmp/script.sql"
check "fingerprint FILE splits statements as the client does" exit_code 0 "$qadvisor" fingerprint "$tmp/script.sql"
check "fingerprint FILE: three statements" test "$(wc -l <"$tmp/out")" -eq 3
check "fingerprint -: standard input" bash -c "'$qadvisor' fingerprint - <'$tmp/script.sql' | cmp - '$tmp/out'"
check "fingerprint: a missing file is exit 2" exit_code 2 "$qadvisor" fingerprint "$tmp/none.sql"

# parse: statements printed back, diagnostics with locations, exit 2 on a parse error only.
printf 'SELECT a+b*c AS x FROM t WHERE (a OR b) AND c IN (1,2);\nGRANT ALL ON db.* TO u;\n' >"$tmp/good.sql"
check "parse: a clean script is exit 0" exit_code 0 "$qadvisor" parse "$tmp/good.sql"
check "parse: printed back with precedence" grep -qx "SELECT a + b \* c AS x FROM t WHERE (a OR b) AND c IN (1, 2);" "$tmp/out"
check "parse: an unmodelled statement is shown as written" grep -qx "GRANT ALL ON db.\* TO u;" "$tmp/out"
check "parse: and listed as a note" grep -q "good.sql:2:1: note: GRANT statements are not modelled yet" "$tmp/err"
printf 'SELECT 1;\nSELECT a FROM t WHERE a IN (1, 2 FROM u;\n' >"$tmp/bad.sql"
check "parse: a parse error is exit 2" exit_code 2 "$qadvisor" parse "$tmp/bad.sql"
check "parse: the error names line, column, expected and found" grep -q "bad.sql:2:34: error: expected ')' after the IN list, found 'FROM'" "$tmp/err"
"$qadvisor" parse --json "$tmp/good.sql" >"$tmp/ast.json"
check "parse --json: one AST per statement" json "$tmp/ast.json" \
  "len(d) == 2 and d[0]['ast']['kind'] == 'select_statement' and d[0]['line'] == 1"

echo "keep me" >"$tmp/report.txt"
check "--output over a file when the input fails: exit 2" exit_code 2 "$qadvisor" digest -o "$tmp/report.txt" "$tmp/no-such.log"
check "--output: the user's file is untouched after a failure" grep -qx "keep me" "$tmp/report.txt"
check "--output writes the report" exit_code 0 "$qadvisor" digest --format json -o "$tmp/report.txt" "$example"
check "--output: the file holds the JSON" json "$tmp/report.txt" "d['events'] == 601"
check "--output: no temporary file left" test ! -e "$tmp/report.txt.qadvisor-tmp"

finish "cli"
