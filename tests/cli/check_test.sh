#!/usr/bin/env bash
# End-to-end tests of `qadvisor check` (and `rules`, `explain`) on a sample repository:
# tests/fixtures/check-repo holds a mysqldump schema, migrations, application queries and a
# .qadvisor.toml. Text, JSON and SARIF output are compared with golden files in its expected/
# folder (regenerate with UPDATE_GOLDEN=1 after a deliberate change, and review the diff); the
# SARIF is checked as GitHub code scanning requires. Usage: check_test.sh QADVISOR
# VALIDATE_SARIF SOURCE_DIR
set -uo pipefail
qadvisor=$1
validate_sarif=$2
src=$3
repo=$src/tests/fixtures/check-repo
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=../lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"

# The fixture is its own root: no git repository above it is looked for (ci_test.sh tests that),
# so result paths are the same in any checkout. SARIF's root URI differs between machines.
export GIT_CEILING_DIRECTORIES=$src/tests/fixtures
golden() {  # golden NAME: $tmp/out must equal expected/NAME
  sed -i 's|"uri": "file://[^"]*/check-repo/"|"uri": "file:///…/check-repo/"|' "$tmp/out"
  if [[ ${UPDATE_GOLDEN:-} == 1 ]]; then cp "$tmp/out" "$repo/expected/$1"; fi
  diff -u "$repo/expected/$1" "$tmp/out"
}

cd "$repo" || exit 1
inputs=(--schema db/schema.sql db/migrations/001_sessions.sql db/migrations/002_order_indexes.sql
  app/queries.sql)

# Golden output; the repository's .qadvisor.toml says fail-on = "warning".
for format in text json sarif codeclimate; do
  check "$format output fails the build (exit 1)" exit_code 1 "$qadvisor" check --format "$format" "${inputs[@]}"
  check "$format output matches expected/check.$format" golden "check.$format"
  cp "$tmp/out" "$tmp/check.$format"
done
check "SARIF is what GitHub code scanning accepts" "$validate_sarif" "$tmp/check.sarif"
check "Code Quality: GitLab's required fields, one issue per finding" json "$tmp/check.codeclimate" \
  "len(d) == len(json.load(open('$tmp/check.json'))['findings']) and all(i['type'] == 'issue' and i['check_name'] and i['description'] and i['fingerprint'] and i['severity'] in ('info','minor','major') and not i['location']['path'].startswith(('/', './')) and i['location']['lines']['begin'] >= 1 for i in d)"
check "JSON findings carry the documented fields" json "$tmp/check.json" \
  "all(set(f) >= {'rule','severity','message','table','columns','index','fix','location'} and set(f['location']) >= {'file','line','column'} for f in d['findings'])"
check "JSON: the required rule families are all found" json "$tmp/check.json" \
  "{'implicit-conversion','charset-mismatch-join','function-on-column','leading-wildcard','missing-index','back-to-table','redundant-index','or-across-columns','dml-without-where'} <= {f['rule'] for f in d['findings']}"
check "a primary-key lookup fires nothing" json "$tmp/check.json" \
  "not any(f['location']['file'] == 'app/queries.sql' and f['location']['line'] == 7 for f in d['findings'])"
check "the ignore comment suppressed select-star" json "$tmp/check.json" \
  "d['suppressed']['inline'] == 1 and not any(f['rule'] == 'select-star' for f in d['findings'])"
check "the config's severity override applies" json "$tmp/check.json" \
  "all(f['severity'] == 'warning' for f in d['findings'] if f['rule'] == 'back-to-table')"
check "text: compiler-style location and caret" grep -q "^app/queries.sql:4:39: error: " "$tmp/check.text"
check "text: caret line" grep -q "^ *\^~~~" "$tmp/check.text"

for format in markdown github; do
  check "$format output" exit_code 1 "$qadvisor" check --format "$format" "${inputs[@]}"
  cp "$tmp/out" "$tmp/check.$format"
done
check "markdown: a findings table" grep -q "^| Severity | Rule | Location | Message | Fix |" "$tmp/check.markdown"
check "github: workflow annotations" grep -q "^::error file=app/queries.sql,line=4,col=39" "$tmp/check.github"
check "github: one line per finding" test "$(grep -c '^::' "$tmp/check.github")" -eq "$(json_count=$(python3 -c "import json;print(len(json.load(open('$tmp/check.json'))['findings']))"); echo "$json_count")"

# Exit codes and --fail-on.
check "--fail-on error with the errors disabled: exit 0" exit_code 0 "$qadvisor" check --fail-on error \
  --disable implicit-conversion,charset-mismatch-join,dml-without-where "${inputs[@]}"
check "--rules runs only those" exit_code 1 "$qadvisor" check --format json --rules dml-without-where "${inputs[@]}"
check "--rules: only dml-without-where reported" json "$tmp/out" "{f['rule'] for f in d['findings']} == {'dml-without-where'}"
check "--no-config: default fail-on is error" exit_code 1 "$qadvisor" check --no-config --rules redundant-index,dml-without-where "${inputs[@]}"
check "--no-config, warnings only: exit 0" exit_code 0 "$qadvisor" check --no-config --rules redundant-index "${inputs[@]}"
check "unknown rule id: usage error" exit_code 2 "$qadvisor" check --rules no-such-rule app/queries.sql
check "unknown rule id is named" grep -q "no-such-rule" "$tmp/err"
check "missing input: exit 2" exit_code 2 "$qadvisor" check "${inputs[@]}" app/missing.sql

# Options take one value each: the files after them are inputs, every one checked.
for n in 1 2 3; do printf 'UPDATE orders SET total = %s;\n' "$n" >"$tmp/u$n.sql"; done
check "--schema then three files: all three checked" exit_code 1 "$qadvisor" check --no-config \
  --format json --schema db/schema.sql "$tmp/u1.sql" "$tmp/u2.sql" "$tmp/u3.sql"
check "  one finding in each" json "$tmp/out" \
  "sorted(f['location']['file'].rsplit('/', 1)[1] for f in d['findings'] if f['rule'] == 'dml-without-where') == ['u1.sql', 'u2.sql', 'u3.sql']"
check "--rules then two files: both checked" exit_code 1 "$qadvisor" check --no-config \
  --format json --rules dml-without-where --schema db/schema.sql "$tmp/u1.sql" "$tmp/u2.sql"
check "  one finding in each" json "$tmp/out" "len(d['findings']) == 2"

# Flyway-named migrations as a shell glob orders them (V10 before V2): applied by version, said
# on stderr; a directory stands for its .sql files.
mkdir -p "$tmp/flyway"
echo "ALTER TABLE orders ADD COLUMN nick VARCHAR(20) NULL;" >"$tmp/flyway/V2__nick.sql"
echo "ALTER TABLE orders MODIFY nick VARCHAR(40) NULL;" >"$tmp/flyway/V10__widen_nick.sql"
check "migrations V10__ and V2__ given in text order: applied by version" exit_code 0 \
  "$qadvisor" check --no-config --format json --schema db/schema.sql \
  "$tmp/flyway/V10__widen_nick.sql" "$tmp/flyway/V2__nick.sql"
check "  no schema error, and the order in the report" json "$tmp/out" \
  "d['findings'] == [] and [f.rsplit('/', 1)[1] for f in d['files']] == ['V2__nick.sql', 'V10__widen_nick.sql']"
check "  the note says so" grep -q "migrations applied in version order" "$tmp/err"
check "a directory of migrations: the same" exit_code 0 "$qadvisor" check --no-config \
  --format json --schema db/schema.sql "$tmp/flyway"
check "  both applied" json "$tmp/out" "len(d['online_ddl']['operations']) == 2 and d['findings'] == []"
check "--disable then two files: both checked" exit_code 1 "$qadvisor" check --no-config \
  --format json --disable select-star "$tmp/u1.sql" "$tmp/u2.sql"
check "  both named" json "$tmp/out" "len({f['location']['file'] for f in d['findings']}) == 2"
check "fingerprint -e then a file: both fingerprinted" exit_code 0 "$qadvisor" fingerprint \
  -e "SELECT 1" "$tmp/u1.sql"
check "  two lines" test "$(wc -l <"$tmp/out")" -eq 2
check "missing schema: exit 2" exit_code 2 "$qadvisor" check --schema db/missing.sql app/queries.sql
check "bad --fail-on: exit 2" exit_code 2 "$qadvisor" check --fail-on fatal app/queries.sql

# Baselines: known findings stop failing the build, new ones still do.
check "--write-baseline records and exits 0" exit_code 0 "$qadvisor" check --write-baseline "$tmp/baseline.json" "${inputs[@]}"
check "baseline has keys" json "$tmp/baseline.json" "len(d['findings']) > 5 and all(f['key'] for f in d['findings'])"
check "with the baseline: exit 0" exit_code 0 "$qadvisor" check --baseline "$tmp/baseline.json" --format json "${inputs[@]}"
check "with the baseline: everything suppressed" json "$tmp/out" "d['findings'] == [] and d['suppressed']['baseline'] > 5"
cp -r "$repo" "$tmp/repo"
printf '\n-- a new query\nSELECT id FROM orders WHERE CAST(status AS CHAR) = 1;\n' >>"$tmp/repo/app/queries.sql"
sed -i '1i -- a line added at the top moves every finding down' "$tmp/repo/app/queries.sql"
check "baseline keys survive moved lines; the new problem fails" bash -c "cd '$tmp/repo' && '$qadvisor' check --baseline '$tmp/baseline.json' --format json ${inputs[*]} >'$tmp/out'; [[ \$? -eq 1 ]]"
check "only the new finding remains" json "$tmp/out" \
  "[(f['rule'], f['location']['line']) for f in d['findings']] == [('function-on-column', 50)]"
echo "not json" >"$tmp/bad-baseline.json"
check "a broken baseline is an input error" exit_code 2 "$qadvisor" check --baseline "$tmp/bad-baseline.json" "${inputs[@]}"

# Output files are never clobbered by a failing run.
echo "precious" >"$tmp/report.txt"
check "failing run (missing input) leaves --output alone" exit_code 2 "$qadvisor" check -o "$tmp/report.txt" app/missing.sql
check "… unchanged" grep -qx "precious" "$tmp/report.txt"
check "-o writes the report" exit_code 1 "$qadvisor" check -o "$tmp/report.txt" "${inputs[@]}"
check "… with the findings" grep -q "dml-without-where" "$tmp/report.txt"

# Standard input, parse errors, a configuration that is wrong.
check "a script on stdin" exit_code 1 bash -c "printf 'UPDATE orders SET total = 0;\n' | '$qadvisor' check --schema db/schema.sql -"
check "… is named stdin" grep -q "^stdin:1:1: error: " "$tmp/out"
printf 'SELECT id FROM orders WHERE (status = 1;\nSELECT id FROM orders WHERE status = 1;\n' >"$tmp/broken.sql"
check "a parse error is a finding, and the next statement is still checked" exit_code 1 "$qadvisor" check --no-config --format json --schema db/schema.sql "$tmp/broken.sql"
check "… parse-error and implicit-conversion" json "$tmp/out" "{f['rule'] for f in d['findings']} >= {'parse-error','implicit-conversion'}"
printf 'SELECT id FROM orders WHERE (status = 1;\n' >"$tmp/only-broken.sql"
check "a parse error alone fails under the default --fail-on error (exit 1)" exit_code 1 "$qadvisor" check --no-config --schema db/schema.sql "$tmp/only-broken.sql"
check "… as an error" grep -q "only-broken.sql:1:.*: error: .*\[parse-error\]" "$tmp/out"

# Schema files: what qadvisor cannot read is told, located, and never an all-clear.
printf 'SELECT id FROM orders WHERE id = 1;\n' >"$tmp/pk.sql"
check "a schema of which nothing parses (README.md): exit 2" exit_code 2 "$qadvisor" check --no-config --schema "$src/README.md" "$tmp/pk.sql"
check "… says no table could be read, naming the file" grep -q "^qadvisor: --schema $src/README.md: no table could be read: .* do not parse (the first at $src/README.md:[0-9]*:[0-9]*)" "$tmp/err"
check "… and the statements it skipped, located" grep -q "^qadvisor: error: $src/README.md:[0-9]*:[0-9]*: schema statement skipped: " "$tmp/err"
printf 'CREATE DATABASE shop;\n' >"$tmp/no-tables.sql"
check "a schema with no table in it: exit 2" exit_code 2 "$qadvisor" check --no-config --schema "$tmp/no-tables.sql" "$tmp/pk.sql"
check "… says so" grep -q "no table could be read: its only statement defines no table" "$tmp/err"
check "… an input error, not a usage error: no --help pointer" lacks "Run with --help"
{ cat db/schema.sql; printf '\nCREATE TABLE `broken` (\n  `id` int NOT NULL,\n  PRIMARY KEY (`id`),\n) ENGINE=InnoDB;\n'; } >"$tmp/schema-broken.sql"
line=$(($(wc -l <db/schema.sql) + 5))
for format in json sarif text; do
  check "a schema statement that does not parse: $format, exit 1" exit_code 1 "$qadvisor" check --no-config --format "$format" --schema "$tmp/schema-broken.sql" "$tmp/pk.sql"
  cp "$tmp/out" "$tmp/schema-broken.$format"
done
check "… on stderr at file:line:col" grep -q "^qadvisor: error: $tmp/schema-broken.sql:$line:1: schema statement skipped: " "$tmp/err"
check "… a parse-error finding in JSON, located" json "$tmp/schema-broken.json" \
  "any(f['rule'] == 'parse-error' and f['severity'] == 'error' and f['location'] == {'file': '$tmp/schema-broken.sql', 'line': $line, 'column': 1} for f in d['findings'])"
check "… a SARIF error result" json "$tmp/schema-broken.sarif" \
  "any(r['ruleId'] == 'parse-error' and r['level'] == 'error' and r['locations'][0]['physicalLocation']['region']['startLine'] == $line for r in d['runs'][0]['results'])"
check "… and in the text report" grep -q "schema-broken.sql:$line:1: error: .*\[parse-error\]" "$tmp/schema-broken.text"
cat >"$tmp/unmodelled.sql" <<'SQL'
CREATE TABLE t (id INT PRIMARY KEY, n INT);
SET NAMES utf8mb4;
GRANT SELECT ON shop.* TO 'app'@'%';
DELIMITER ;;
CREATE TRIGGER trg BEFORE INSERT ON t FOR EACH ROW BEGIN SET NEW.n = 1; END;;
CREATE PROCEDURE p() BEGIN SELECT 1; END;;
DELIMITER ;
SQL
check "statements qadvisor does not model are no error in a schema" exit_code 0 "$qadvisor" check --no-config --schema "$tmp/unmodelled.sql" "$tmp/pk.sql"
check "… and nothing on stderr" test ! -s "$tmp/err"

# DDL that cannot apply: a schema-error finding, located, in every format, failing the run.
printf 'CREATE INDEX i ON orders (nosuchcol);\nALTER TABLE nosuchtable ADD INDEX (x);\n' >"$tmp/bad-ddl.sql"
check "CREATE INDEX on an unknown column in a checked script: exit 1" exit_code 1 "$qadvisor" check --no-config --format json --schema db/schema.sql "$tmp/bad-ddl.sql"
check "… schema-error findings at their lines" json "$tmp/out" \
  "sorted((f['rule'], f['severity'], f['location']['line']) for f in d['findings']) == [('schema-error', 'error', 1), ('schema-error', 'error', 2)]"
check "… naming the column and the table" json "$tmp/out" \
  "'nosuchcol' in d['findings'][0]['message'] and 'nosuchtable' in d['findings'][1]['message']"
check "… and on stderr" grep -q "^qadvisor: error: $tmp/bad-ddl.sql:1:1: .*nosuchcol" "$tmp/err"
{ cat db/schema.sql; cat "$tmp/bad-ddl.sql"; } >"$tmp/schema-bad-ddl.sql"
check "the same DDL in a --schema file: exit 1" exit_code 1 "$qadvisor" check --no-config --format sarif --schema "$tmp/schema-bad-ddl.sql" "$tmp/pk.sql"
check "… SARIF schema-error results" json "$tmp/out" \
  "sum(r['ruleId'] == 'schema-error' and r['level'] == 'error' for r in d['runs'][0]['results']) == 2"

# No schema at all: the rules that need one did not run, and every format says so.
check "no schema: exit 0, but not an all-clear" exit_code 0 "$qadvisor" check --no-config "$tmp/pk.sql"
check "… the text names the rules that did not run" grep -q "^note: no schema was given (--schema FILE or --dsn DSN): [0-9]* rules that need one did not run: .*implicit-conversion" "$tmp/out"
check "… the summary says so" grep -q "^no findings in 1 statement from 1 file; [0-9]* rules did not run: no schema was given" "$tmp/out"
check "… and stderr" grep -q "^qadvisor: warning: no schema was given" "$tmp/err"
check "no schema, JSON" exit_code 0 "$qadvisor" check --no-config --format json "$tmp/pk.sql"
check "… not_run names them" json "$tmp/out" \
  "'implicit-conversion' in d['not_run']['rules'] and 'dml-without-where' not in d['not_run']['rules'] and d['not_run']['reason'].startswith('no schema')"
check "no schema, markdown" exit_code 0 "$qadvisor" check --no-config --format markdown "$tmp/pk.sql"
check "… a note" grep -q "^> \*\*Note:\*\* no schema was given" "$tmp/out"
check "with a schema, no workload: only unused-index did not run" exit_code 0 "$qadvisor" check --no-config --format json --schema db/schema.sql "$tmp/pk.sql"
check "… it says why" json "$tmp/out" "d['not_run']['rules'] == ['unused-index'] and d['not_run']['reason'].startswith('no workload')"
check "tables defined by the checked script are a schema" exit_code 0 "$qadvisor" check --no-config --format json "$tmp/unmodelled.sql"
check "… only unused-index did not run" json "$tmp/out" "d['not_run']['rules'] == ['unused-index']"
check "with a schema and a workload: not_run is null" exit_code 0 "$qadvisor" check --no-config --format json --schema db/schema.sql --workload "$src/tests/fixtures/workload/app.sql" "$tmp/pk.sql"
check "… null" json "$tmp/out" "d['not_run'] is None"

mkdir -p "$tmp/badcfg"
printf 'fail-on = "sometimes"\n' >"$tmp/badcfg/.qadvisor.toml"
check "a bad .qadvisor.toml is an input error with its location" bash -c "cd '$tmp/badcfg' && ! '$qadvisor' check '$repo/app/queries.sql' 2>'$tmp/cfgerr'; grep -q '.qadvisor.toml:1' '$tmp/cfgerr'"
printf 'disable = ["no-such-rule"]\n' >"$tmp/badcfg/.qadvisor.toml"
check "a config naming an unknown rule is an input error" bash -c "cd '$tmp/badcfg'; '$qadvisor' check '$repo/app/queries.sql'; [[ \$? -eq 2 ]]"

# A slow log as input: each query class once, located at its event.
cat >"$tmp/slow.log" <<'LOG'
# Time: 2024-05-01T10:00:00.000000Z
# User@Host: app[app] @ localhost []  Id:     7
# Query_time: 1.500000  Lock_time: 0.000100 Rows_sent: 1  Rows_examined: 90000
use shop;
SET timestamp=1714557600;
SELECT id, email FROM customers WHERE phone = 5551234;
# Time: 2024-05-01T10:00:01.000000Z
# User@Host: app[app] @ localhost []  Id:     7
# Query_time: 0.000200  Lock_time: 0.000010 Rows_sent: 1  Rows_examined: 1
SET timestamp=1714557601;
SELECT id, status FROM orders WHERE id = 42;
LOG
check "a slow log is checked" exit_code 1 "$qadvisor" check --format json --schema db/schema.sql "$tmp/slow.log"
check "… its findings carry the query class and the event's line" json "$tmp/out" \
  "any(f['rule'] == 'implicit-conversion' and len(f['query_class']) == 16 and f['location'] == {'file': '$tmp/slow.log', 'line': 6, 'column': 39} for f in d['findings'])"
check "… and a primary-key lookup in it fires nothing" json "$tmp/out" \
  "not any(f['location']['line'] == 11 for f in d['findings'])"

# --workload: what the running application uses (tests/fixtures/workload/README.md), never
# its own findings. A migration that renames or drops what it uses is an error (an index it
# only searches, a warning); the site names the query class and its calls.
w=$src/tests/fixtures/workload
check "--workload: a migration breaking the workload fails" exit_code 1 "$qadvisor" check --no-config \
  --format json --schema db/schema.sql --workload "$w/slow.log" "$w/migration.sql"
check "… rename-in-use names the query class and its calls" json "$tmp/out" \
  "any(f['rule'] == 'rename-in-use' and f['severity'] == 'error' and f['columns'] == ['phone'] and ', 3 calls' in f['message'] and f['location']['line'] == 2 for f in d['findings'])"
check "… drop-in-use: the table (error) and the searched index (warning)" json "$tmp/out" \
  "sorted((f['table'], f['index'] or '', f['severity']) for f in d['findings'] if f['rule'] == 'drop-in-use') == [('coupons', '', 'error'), ('products', 'idx_name', 'warning')]"
check "… an index nothing uses is dropped silently" json "$tmp/out" \
  "not any(f['location']['line'] == 8 for f in d['findings'])"
check "… the workload's own findings are not reported" json "$tmp/out" \
  "not any(f['location']['file'].endswith('slow.log') for f in d['findings']) and d['files'] == ['$w/migration.sql']"
check "… unused-index runs on the workload: idx_phone, searched before the rename, is used" json "$tmp/out" \
  "d['not_run'] is None and not any(f['rule'] == 'unused-index' and f['index'] == 'idx_phone' for f in d['findings'])"
check "--workload repeated, a SQL file of queries" exit_code 1 "$qadvisor" check --no-config \
  --format json --rules drop-in-use --schema db/schema.sql --workload "$w/slow.log" --workload "$w/app.sql" "$w/migration.sql"
check "… both are sites of the DROP TABLE" json "$tmp/out" \
  "any(f['table'] == 'coupons' and 'breaks 2 statements' in f['message'] and 'app.sql:1' in f['message'] for f in d['findings'])"
check "without a workload, the migration alone breaks nothing" exit_code 0 "$qadvisor" check --no-config \
  --format json --rules drop-in-use,rename-in-use,unused-index --schema db/schema.sql "$w/migration.sql"
check "… no findings, and unused-index did not run" json "$tmp/out" \
  "d['findings'] == [] and d['not_run']['rules'] == ['unused-index']"
check "application code after the migration is the running application" exit_code 1 "$qadvisor" check \
  --no-config --format json --rules drop-in-use --schema db/schema.sql "$w/migration.sql" "$w/app.sql"
check "… DROP TABLE names its query" json "$tmp/out" \
  "[f['table'] for f in d['findings']] == ['coupons'] and 'app.sql:1' in d['findings'][0]['message']"
check "the slow log as an input: checked, and the running application too" exit_code 1 "$qadvisor" check \
  --no-config --format json --schema db/schema.sql "$w/slow.log" "$w/migration.sql"
check "… the rename is reported, the samples checked (on the migrated schema)" json "$tmp/out" \
  "'rename-in-use' in {f['rule'] for f in d['findings']} and any(f['location']['file'].endswith('slow.log') for f in d['findings'])"
check "… idx_phone is used by the workload" json "$tmp/out" \
  "not any(f['rule'] == 'unused-index' and f['index'] == 'idx_phone' for f in d['findings'])"
check "--workload performance_schema needs a server" exit_code 2 "$qadvisor" check --no-config \
  --workload performance_schema "$w/migration.sql"
check "… and says so" grep -q "name it with --dsn" "$tmp/err"
check "--workload of a migration is refused" exit_code 2 "$qadvisor" check --no-config \
  --workload "$w/migration.sql" "$w/app.sql"

# The rule list and the manual.
check "qadvisor rules" exit_code 0 "$qadvisor" rules
check "… lists every rule" test "$(grep -c '^[a-z]' "$tmp/out")" -ge 27
check "qadvisor rules --format json" exit_code 0 "$qadvisor" rules --format json
check "… with options" json "$tmp/out" "any(r['id'] == 'deep-offset' and r['options']['deep-offset.max-offset'] == 10000 for r in d)"
check "qadvisor explain" exit_code 0 "$qadvisor" explain leftmost-prefix
check "… prints the doc page" grep -q "^## Why it matters" "$tmp/out"
check "… equal to docs/rules" diff -u "$src/docs/rules/leftmost-prefix.md" "$tmp/out"
check "explain of an unknown rule: exit 2" exit_code 2 "$qadvisor" explain nope

finish
