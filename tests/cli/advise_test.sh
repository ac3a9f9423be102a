#!/usr/bin/env bash
# End-to-end tests of `qadvisor advise` on the bundled example (examples/schema.sql and
# examples/slow.log) and on SQL files: the JSON fields scripts depend on, the rule families the
# example is written to show, proposals and the classes they serve, rewrites that get no index,
# determinism, and input errors. Usage: advise_test.sh QADVISOR SOURCE_DIR
set -uo pipefail
qadvisor=$1
src=$2
schema=$src/examples/schema.sql
log=$src/examples/slow.log
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=../lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"

cd "$src" || exit 1
check "advise, text" exit_code 0 "$qadvisor" advise --no-config --schema "$schema" "$log"
check "text: proposals with their DDL" grep -q "ADD INDEX" "$tmp/out"
cp "$tmp/out" "$tmp/a.text"

check "advise, json" exit_code 0 "$qadvisor" advise --no-config --format json --top 0 --schema "$schema" "$log"
cp "$tmp/out" "$tmp/a.json"
check "json: digest's top-level fields, and proposals and findings" json "$tmp/a.json" \
  "d['command'] == 'advise' and d['events'] == 601 and d['skipped'] == 0 and len(d['classes']) == 18 and isinstance(d['proposals'], list) and isinstance(d['findings'], list)"
check "json: each class has the digest fields and its findings" json "$tmp/a.json" \
  "all({'id','fingerprint','count','metrics','sample','findings'} <= set(c) for c in d['classes'])"
check "json: findings carry rule, severity, message, table, columns, index, fix" json "$tmp/a.json" \
  "all({'rule','severity','message','table','columns','index','fix','location'} <= set(f) for c in d['classes'] for f in c['findings'])"
check "json: proposals carry table, columns, include, ddl, query_classes, replaces, reason" json "$tmp/a.json" \
  "all({'table','columns','include','ddl','query_classes','replaces','reason'} <= set(p) for p in d['proposals'])"
check "json: several proposals, each serving known classes" json "$tmp/a.json" \
  "len(d['proposals']) >= 3 and all(q in {c['id'] for c in d['classes']} for p in d['proposals'] for q in p['query_classes'])"
# A rule's index fix for a class the advisor has a proposal for is that proposal's DDL, word for
# word (issue 12: back-to-table said idx_product_id_qty_price beside proposal #5's idx_product_id).
check "json: a rule's index fix for a class with a proposal on that table is the proposal's DDL" \
  json "$tmp/a.json" "
(lambda ddl, pairs: len(pairs) >= 5 and all(f['fix'] == ddl[r] for f, r in pairs))(
  {p['rank']: p['ddl'] for p in d['proposals']},
  [(f, i['proposal']) for c in d['classes'] for f in c['findings']
   if f['fix'] and ' ADD INDEX ' in f['fix']
   for i in c['indexes'] if i['table'] == f['table'] and i['proposal']])"
every_ddl_is_a_proposal="all(any(f['fix'].endswith(p['ddl']) for p in d['proposals'])
    for c in d['classes'] for f in c['findings'] if ' ADD INDEX ' in f['fix'])"
check "json: every index DDL in a fix ends with some proposal's DDL" json "$tmp/a.json" \
  "$every_ddl_is_a_proposal"
check "json: proposals ranked by the time they serve" json "$tmp/a.json" \
  "[p['query_time'] for p in d['proposals']] == sorted([p['query_time'] for p in d['proposals']], reverse=True)"
check "json: DDL quotes identifiers and drops what it replaces" json "$tmp/a.json" \
  "all(p['ddl'].startswith('ALTER TABLE \`') and all(('DROP INDEX \`%s\`' % r) in p['ddl'] for r in p['replaces']) for p in d['proposals'])"
check "the example shows every rule family" json "$tmp/a.json" \
  "{'implicit-conversion','charset-mismatch-join','leftmost-prefix','back-to-table','function-on-column','leading-wildcard','missing-index','filesort','redundant-index','unused-index','or-across-columns','select-star','dml-without-where'} <= {f['rule'] for f in d['findings']} | {f['rule'] for c in d['classes'] for f in c['findings']}"
check "schema-level findings are top-level" json "$tmp/a.json" \
  "{f['rule'] for f in d['findings']} >= {'redundant-index','unused-index'} and not any(f['query_class'] for f in d['findings'])"
check "a rewrite gets no index: implicit conversion, function on column, charset mismatch" json "$tmp/a.json" \
  "all(i['proposal'] is None for c in d['classes'] if {f['rule'] for f in c['findings']} & {'implicit-conversion','function-on-column','charset-mismatch-join'} for i in c['indexes'])"
check "a primary-key lookup needs nothing" json "$tmp/a.json" \
  "all(i['served_by'] == 'PRIMARY' for c in d['classes'] if c['fingerprint'] == 'select id, status, total from orders where id = ?' for i in c['indexes'])"
check "no proposal duplicates an existing index" json "$tmp/a.json" \
  "len({(p['table'], tuple(p['columns'])) for p in d['proposals']}) == len(d['proposals'])"

# Deterministic: the same input twice, and any number of threads, give the same report.
"$qadvisor" advise --no-config --format json --top 0 --threads 1 --schema "$schema" "$log" >"$tmp/one.json"
"$qadvisor" advise --no-config --format json --top 0 --threads 2 --schema "$schema" "$log" >"$tmp/two.json"
check "deterministic across runs and thread counts" cmp "$tmp/one.json" "$tmp/two.json"
check "--top limits classes, not proposals" exit_code 0 "$qadvisor" advise --no-config --format json --top 3 --schema "$schema" "$log"
check "… 3 classes, the same proposals" bash -c "python3 -c \"import json; a=json.load(open('$tmp/out')); b=json.load(open('$tmp/a.json')); assert len(a['classes']) == 3 and a['proposals'] == b['proposals']\""
check "--max-indexes-per-table 1" exit_code 0 "$qadvisor" advise --no-config --format json --max-indexes-per-table 1 --schema "$schema" "$log"
check "… at most one proposal per table" json "$tmp/out" \
  "len([p['table'] for p in d['proposals']]) == len({p['table'] for p in d['proposals']})"

for format in markdown html; do
  check "advise, $format" exit_code 0 "$qadvisor" advise --no-config --format "$format" --schema "$schema" "$log"
  cp "$tmp/out" "$tmp/a.$format"
done
check "markdown: a proposals table and the DDL" bash -c "grep -q '^| # | Table | Key' '$tmp/a.markdown' && grep -q '^ALTER TABLE' '$tmp/a.markdown'"
check "html: one self-contained file with both charts" bash -c "grep -q '<svg id=\"chart-classes\"' '$tmp/a.html' && grep -q '<svg id=\"chart-proposals\"' '$tmp/a.html' && ! grep -qiE '<script|<link|src=\"http' '$tmp/a.html'"

# The benefit floor: no index for a class below --min-share of the workload's time (or the
# configuration's min-share); its findings stay.
check "--min-share 10" exit_code 0 "$qadvisor" advise --no-config --format json --top 0 --min-share 10 \
  --schema "$schema" "$log"
check "… only classes of 10% or more get an index; the others say why, and keep their findings" \
  json "$tmp/out" "
all(d['classes'][[c['id'] for c in d['classes']].index(q)]['time_share'] >= 0.10
    for p in d['proposals'] for q in p['query_classes'])
and len(d['proposals']) == 2
and any('below --min-share 10%' in (i['skipped'] or '') for c in d['classes'] for i in c['indexes'])
and sum(len(c['findings']) for c in d['classes']) == $(python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(sum(len(c['findings']) for c in d['classes']))" "$tmp/a.json")"
check "… their index fixes say why no index is proposed, and no DDL is left that is no proposal's" \
  json "$tmp/out" "$every_ddl_is_a_proposal and any(f['fix'].startswith('no index is proposed: the class is ')
    for c in d['classes'] for f in c['findings'])"
mkdir -p "$tmp/floor" && printf 'min-share = 10\n' >"$tmp/floor/.qadvisor.toml"
check "min-share in .qadvisor.toml" bash -c "cd '$tmp/floor' && '$qadvisor' advise --format json --schema '$schema' '$log' >'$tmp/out'"
check "… the same two proposals" json "$tmp/out" "len(d['proposals']) == 2"
check "--min-share 0 keeps every proposal" exit_code 0 "$qadvisor" advise --no-config --format json \
  --min-share 0 --schema "$schema" "$log"
check "… five" json "$tmp/out" "len(d['proposals']) == 5"
check "--min-share -1 is a usage error" exit_code 2 "$qadvisor" advise --min-share -1 --schema "$schema" "$log"
check "… saying what is wanted" grep -q "^qadvisor: --min-share: expected a percentage from 0 to 100, not '-1'" "$tmp/err"

# Writes: a MariaDB log with Rows_affected. An audit table written all day (300 000 rows) and
# read rarely by actor (2 s) gets no index: at 10 µs a row, the inserts would pay 3 s. The
# per-table writes are in every format.
cat >"$tmp/audit.sql" <<'SQL'
CREATE TABLE audit (id BIGINT AUTO_INCREMENT PRIMARY KEY, actor_id INT NOT NULL,
  action VARCHAR(32) NOT NULL, at DATETIME NOT NULL, KEY idx_at (at));
CREATE TABLE users (id INT PRIMARY KEY, email VARCHAR(100) NOT NULL, karma INT NOT NULL);
SQL
python3 - "$tmp/audit.log" <<'PY'
import sys
out = open(sys.argv[1], "w")
n = 0
def event(t, sent, examined, affected, sql):
    global n
    out.write(f"# Time: 241001 10:{n // 60 % 60:02d}:{n % 60:02d}\n"
              "# User@Host: app[app] @ localhost []\n# Thread_id: 7  Schema: shop  QC_hit: No\n"
              f"# Query_time: {t:.6f}  Lock_time: 0.000010  Rows_sent: {sent}  Rows_examined: {examined}\n"
              f"# Rows_affected: {affected}  Bytes_sent: 60\nSET timestamp=1727776800;\n{sql};\n")
    n += 1
for i in range(3000):  # 3000 inserts of 100 rows, 20 ms each: 60 s
    rows = ", ".join(f"({i}, 'a{a}', NOW())" for a in range(100))
    event(0.02, 0, 0, 100, f"INSERT INTO audit (actor_id, action, at) VALUES {rows}")
for i in range(4):  # 4 reads by actor, 0.5 s each: 2 s
    event(0.5, 3, 2000000, 0, f"SELECT id, action FROM audit WHERE actor_id = {i}")
for i in range(200):  # 200 karma updates, 100 ms each: 20 s
    event(0.1, 0, 50000, 1, f"UPDATE users SET karma = karma + 1 WHERE email = 'u{i}@x'")
PY
check "writes: advise on a log with Rows_affected" exit_code 0 "$qadvisor" advise --no-config \
  --format json --top 0 --schema "$tmp/audit.sql" "$tmp/audit.log"
check "… per table: calls, rows affected, time, classes" json "$tmp/out" \
  "[(w['inserts'], w['updates'], w['rows_affected'], w['query_time'], len(w['query_classes'])) for w in d['writes']] == [(3000, 0, 300000, 60.0, 1), (0, 200, 200, 20.0, 1)]"
check "… no index on the written table for its rare reads, saying why" json "$tmp/out" \
  "[i['proposal'] is None and 'keeping an index on' in i['skipped'] for c in d['classes'] for i in c['indexes'] if i['table'] == 'audit' and i['want']] == [True]"
check "… the UPDATE's own index is made, with its write cost beside it" json "$tmp/out" \
  "[(p['table'], p['columns'], p['write_cost']) for p in d['proposals']] == [('users', ['email'], {'writes': 0, 'estimated_time': 0.0})]"
for format in text markdown html; do
  check "… $format: a Writes section" exit_code 0 "$qadvisor" advise --no-config --format "$format" \
    --schema "$tmp/audit.sql" "$tmp/audit.log"
  check "… … naming the audit table's inserts" grep -q "3000 INSERT, 300000 rows affected, 60" "$tmp/out"
done

# SQL files as the workload: ranked by count, their DDL applied.
repo=$src/tests/fixtures/check-repo
check "SQL files as the workload" exit_code 0 "$qadvisor" advise --no-config --format json --schema "$repo/db/schema.sql" \
  "$repo/db/migrations/001_sessions.sql" "$repo/db/migrations/002_order_indexes.sql" "$repo/app/queries.sql"
check "… classes counted, DDL of the migrations seen" json "$tmp/out" \
  "d['events'] == 11 and any(p['table'] == 'sessions' for p in d['proposals'])"

# Without a schema there is nothing to judge indexes by: every format says so, and none claims
# that no index would help.
for format in text markdown json html; do
  check "no schema, $format: exit 0" exit_code 0 "$qadvisor" advise --no-config --format "$format" "$log"
  check "… never 'No index would help'" lacks "No index would help"
  cp "$tmp/out" "$tmp/noschema.$format"
done
check "… stderr names the rules that did not run" grep -q "^qadvisor: warning: no schema was given (--schema FILE or --dsn DSN): [0-9]* rules that need one did not run: .*missing-index" "$tmp/err"
check "… text: a note and the reason for no proposals" bash -c "grep -q '^# note: no schema was given' '$tmp/noschema.text' && grep -q '^No index proposals: no schema was given' '$tmp/noschema.text'"
check "… markdown: a note" grep -q "^> \*\*Note:\*\* no schema was given" "$tmp/noschema.markdown"
check "… json: not_run" json "$tmp/noschema.json" "'missing-index' in d['not_run']['rules'] and d['proposals'] == []"
check "… html: a note" grep -q '<p id="not-run"><strong>Note:</strong> no schema was given' "$tmp/noschema.html"
check "with the schema, json not_run is null" json "$tmp/a.json" "d['not_run'] is None"
check "a schema of which nothing parses: exit 2" exit_code 2 "$qadvisor" advise --no-config --schema "$src/README.md" "$log"
check "… naming the file" grep -q "^qadvisor: --schema $src/README.md: no table could be read" "$tmp/err"

# Input errors.
check "missing input: exit 2" exit_code 2 "$qadvisor" advise --no-config --schema "$schema" "$tmp/nope.log"
check "missing schema: exit 2" exit_code 2 "$qadvisor" advise --no-config --schema "$tmp/nope.sql" "$log"
printf 'CREATE TABLE t (a INT);\n' >"$tmp/ddl-only.sql"
check "no queries at all: exit 2 with a reason" exit_code 2 "$qadvisor" advise --no-config "$tmp/ddl-only.sql"
check "… said on stderr" grep -q "no queries" "$tmp/err"
echo "precious" >"$tmp/report.html"
check "a failing run leaves --output alone" exit_code 2 "$qadvisor" advise --no-config -o "$tmp/report.html" "$tmp/nope.log"
check "… unchanged" grep -qx "precious" "$tmp/report.html"
check "bad --format: exit 2" exit_code 2 "$qadvisor" advise --format pdf "$log"

finish
