#!/usr/bin/env bash
# `qadvisor verify` end to end, against real MariaDB servers:
#  1. --sandbox on the bundled example: a private server with 200 000 generated rows per table,
#     before/after EXPLAIN shows a full scan becoming an index lookup, the speedup is measured
#     and reported, the sandbox is gone afterwards;
#  2. --dsn … --allow-ddl on a server of our own (scripts/mariadb-sandbox.sh), loaded with the
#     example schema: the schema is byte-for-byte the same afterwards; without --allow-ddl
#     nothing runs;
#  3. statements crafted to write or inject are never executed (the server's general log says
#     what it received);
#  4. Ctrl-C mid-run: the index dropped (named server), the sandbox removed;
#  5. the server killed mid-run: a clear message and the DDL left to clean, no hang; then
#     `verify --cleanup` restores the schema.
# Usage: verify_test.sh QADVISOR SOURCE_DIR
set -uo pipefail
qadvisor=$1
src=$2
schema=$src/examples/schema.sql
log=$src/examples/slow.log
# shellcheck source=lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"  # tmp, server, TMPDIR; removed on exit

sql() { mariadb --no-defaults --socket="$socket" -uroot -N -B "$@"; }
schema_dump() {  # every table of `shop`, as the server shows it
  local t
  for t in $(sql -e "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA='shop' ORDER BY 1"); do
    sql -e "SHOW CREATE TABLE shop.\`$t\`"
  done
}

# 1. The sandbox.
check "verify --sandbox on the example" exit_code 0 "$qadvisor" verify --no-config --sandbox \
  --schema "$schema" --rows 200000 --runs 3 --format json -o "$tmp/sandbox.json" "$log"
cp "$tmp/err" "$tmp/sandbox.err"
check "progress shows the phases" grep -q "generating .* rows" "$tmp/sandbox.err"
check "every proposal measured" json "$tmp/sandbox.json" \
  "len(d['verification']) >= len(d['proposals']) > 0"
check "a full scan becomes an index lookup" json "$tmp/sandbox.json" \
  "any(v['before']['access_type'] == 'ALL' and v['after']['access_type'] in ('ref', 'eq_ref', 'range') and (v['after'].get('key') or '').startswith('qadv_') for v in d['verification'])"
check "the speedup is measured and the verdict follows" json "$tmp/sandbox.json" \
  "any(v['verdict'] == 'helps' and v['speedup'] > 2 and v['before']['median_ms'] > v['after']['median_ms'] and v['before']['runs'] == 3 for v in d['verification'])"
check "the rows read are measured, far fewer with the index" json "$tmp/sandbox.json" \
  "any(v['verdict'] == 'helps' and v['before']['rows_read'] >= 100000 and v['after']['rows_read'] * 10 < v['before']['rows_read'] for v in d['verification'])"
check "the report names the sandbox" json "$tmp/sandbox.json" "d['verification_run']['sandbox'] is True"
check "the sandbox is removed" test -z "$(ls -A "$TMPDIR")"

# A schema written elsewhere: sakila (views, triggers, procedures, a MySQL 5.7-only
# /*!50705 … */ column MariaDB does not make), with a workload of its own.
sakila=$src/tests/data/ddl/sakila/sakila-schema.sql
if [[ -f $sakila ]]; then
  check "verify --sandbox on sakila" exit_code 0 "$qadvisor" verify --no-config --sandbox \
    --schema "$sakila" --rows 20000 --runs 1 --format json -o "$tmp/sakila.json" \
    "$src/tests/fixtures/verify/sakila-queries.sql"
  check "  lookups that were full scans now use the index" json "$tmp/sakila.json" \
    "sum(v['before']['access_type'] == 'ALL' and v['after']['access_type'] in ('ref', 'range') for v in d['verification']) >= 3"
  check "  the skipped views and routines are said" json "$tmp/sakila.json" \
    "any('CREATE PROCEDURE' in n for n in d['verification_run']['notes'])"
else
  echo "skipped: sakila (no $sakila)"
fi

# 2. A server of our own, with the example's schema and rows.
socket=$(bash "$src/scripts/mariadb-sandbox.sh" start "$server") || { echo "no server"; exit 1; }
# MariaDB 10.11 has no utf8mb4_0900_ai_ci (MySQL 8's default): its nearest collation instead.
sed 's/utf8mb4_0900_ai_ci/utf8mb4_unicode_520_ci/g' "$schema" | sql || exit 1
sql shop <<'SQL' || exit 1
INSERT INTO customers (id, email, name, country, created_at)
  SELECT seq, CONCAT('c', seq, '@example.com'), CONCAT('name ', seq),
         ELT(1 + seq % 5, 'DE', 'FR', 'US', 'GB', 'NL'), '2024-01-01' + INTERVAL seq MINUTE
  FROM seq_1_to_20000;
INSERT INTO orders (id, customer_id, status, total, shipping_address, created_at)
  SELECT seq, 1 + seq % 20000, ELT(1 + seq % 4, 'new', 'paid', 'shipped', 'cancelled'),
         seq % 500, CONCAT('street ', seq), '2024-01-01' + INTERVAL seq MINUTE
  FROM seq_1_to_200000;
INSERT INTO products (id, sku, name, price)
  SELECT seq, CONCAT('sku', seq), CONCAT('product ', seq), seq % 300 FROM seq_1_to_20000;
INSERT INTO order_items (order_id, product_id, qty, price)
  SELECT 1 + seq DIV 2, 1 + seq % 20000, 1 + seq % 3, seq % 300 FROM seq_0_to_99999;
INSERT INTO sessions (id, customer_id, last_seen)
  SELECT SHA2(seq, 256), 1 + seq % 20000, '2024-01-01' + INTERVAL seq SECOND FROM seq_1_to_20000;
SQL
sql shop -e "ANALYZE TABLE customers, orders, products, order_items, sessions" >/dev/null
schema_dump >"$tmp/schema.before"
dsn="mysql://root@localhost/shop?socket=$socket"

check "--stats-from: the sandbox takes the server's row counts" exit_code 0 "$qadvisor" verify \
  --no-config --sandbox --schema "$schema" --stats-from "$dsn" --rows 1000 --runs 1 --max-queries 1 \
  --format json -o "$tmp/stats-from.json" "$log"
rows_of() { sed -n "s/.*  shop\.$1: \([0-9]*\) rows$/\1/p" "$tmp/err"; }
# InnoDB's row counts are estimates: about 200 000 orders and 20 000 customers.
check "  the server's ~200 000 orders" test "$(rows_of orders)" -gt 150000 -a "$(rows_of orders)" -lt 250000
check "  the server's ~20 000 customers" test "$(rows_of customers)" -gt 15000 -a "$(rows_of customers)" -lt 25000
check "  --rows for a table the server has empty" test "$(rows_of coupons)" -eq 1000

check "--sample-from: the sandbox holds the server's rows" exit_code 0 "$qadvisor" verify \
  --no-config --sandbox --schema "$schema" --sample-from "$dsn" --rows 5000 --runs 1 \
  --max-queries 1 --format json -o "$tmp/sample-from.json" "$log"
check "  5 000 rows sampled from each big table, all of a small one" bash -c \
  "grep -q 'shop.orders: 5000 rows sampled' '$tmp/err' && grep -q 'shop.customers: 5000 rows sampled' '$tmp/err' && grep -q 'shop.coupons: 0 rows sampled' '$tmp/err'"
check "  said in the report" json "$tmp/sample-from.json" \
  "any('sampled from root@' in n for n in d['verification_run']['notes']) and len(d['verification']) > 0"

check "without --allow-ddl nothing runs" exit_code 2 "$qadvisor" verify --no-config --dsn "$dsn" \
  --schema "$schema" "$log"
check "…and says why" grep -q -- "--allow-ddl" "$tmp/err"
check "verify --dsn --allow-ddl" exit_code 0 "$qadvisor" verify --no-config --dsn "$dsn" \
  --allow-ddl --schema "$schema" --runs 2 --format json -o "$tmp/dsn.json" "$log"
check "measured on the named server" json "$tmp/dsn.json" \
  "d['verification_run']['sandbox'] is False and len(d['verification']) > 0"
check "the password-less DSN is described, not echoed raw" json "$tmp/dsn.json" \
  "'root@' in d['verification_run']['server']"
check "markdown: a before → after table" exit_code 0 "$qadvisor" verify --no-config --dsn "$dsn" \
  --allow-ddl --schema "$schema" --runs 1 --max-queries 1 --format markdown --no-progress "$log"
check "  with its header and arrows" bash -c "grep -q '^## Verification' '$tmp/out' && grep -q '| ALL → ' '$tmp/out'"
check "html: the same, with a chart, self-contained" exit_code 0 "$qadvisor" verify --no-config \
  --dsn "$dsn" --allow-ddl --schema "$schema" --runs 1 --max-queries 1 --format html --no-progress "$log"
check "  the chart, and nothing fetched" bash -c "grep -q 'id=\"chart-verification\"' '$tmp/out' && ! grep -Eq 'https?://|<script' '$tmp/out'"
cp "$tmp/out" "$tmp/verify.html"
# In a browser: no console error, no failed load, no request (tests/cli/headless_page.py).
chromium=${CHROMIUM:-$(command -v chromium || true)}
if [[ -n $chromium ]]; then
  check "  Chromium renders it without an error or a request" timeout 60 python3 \
    "$src/tests/cli/headless_page.py" --chromium "$chromium" --timeout 20 "$tmp/verify.html"
fi
schema_dump >"$tmp/schema.after"
check "the schema is exactly as before" cmp "$tmp/schema.before" "$tmp/schema.after"

# The application's statements, as performance_schema's digests record them (without values).
# The digests of loading the data go first: 200 000 rows inserted are writes every index of
# `orders` would have to keep up with, and advise would rightly weigh them against these reads.
sql -e "TRUNCATE performance_schema.events_statements_summary_by_digest"
sql shop -e "SELECT * FROM customers WHERE name = 'name 7'; SELECT id FROM orders WHERE total = 5 LIMIT 3;
  SELECT id, total FROM orders WHERE created_at > '2024-03-01 00:00:00' AND created_at < '2024-03-02'" >/dev/null
check "verify --workload performance_schema: digests with ? filled in" exit_code 0 "$qadvisor" \
  verify --no-config --dsn "$dsn" --allow-ddl --workload performance_schema --runs 1 \
  --max-queries 3 --format json -o "$tmp/ps.json"
check "  measured, saying the parameters were filled" json "$tmp/ps.json" \
  "any(v['verdict'] != 'skipped' and 'parameters filled' in v.get('note', '') for v in d['verification'])"
check "  a DATETIME range's ? filled with two dates, and its index used after" json "$tmp/ps.json" \
  "any(\"> '2024-01-01 00:00:00'\" in v['statement'] and \"< '2024-02-01 00:00:00'\" in v['statement'] and (v['after'].get('key') or '').startswith('qadv_') for v in d['verification'])"

# A log from production names its database shop_prod; the server measured on calls it shop.
sed -e 's/^use shop;/use shop_prod;/' -e 's/Schema: shop /Schema: shop_prod /' "$log" >"$tmp/prod.log"
check "a log naming another database is measured in the DSN's" exit_code 0 "$qadvisor" verify \
  --no-config --dsn "$dsn" --allow-ddl --runs 1 --max-queries 1 --format json -o "$tmp/prod.json" \
  "$tmp/prod.log"
check "  every proposal measured, none skipped" json "$tmp/prod.json" \
  "len(d['verification']) > 0 and all(v['verdict'] != 'skipped' for v in d['verification'])"

# 3. Injection and writes: rewritten to SELECT or refused; the general log shows what ran.
cat >"$tmp/evil.log" <<'EOF'
# Time: 2024-05-01T10:00:00.000000Z
# User@Host: app[app] @ localhost []
# Query_time: 2.000000  Lock_time: 0.000000 Rows_sent: 0  Rows_examined: 20000
use shop;
SET timestamp=1714557600;
DELETE FROM customers WHERE country = 'DE';
# Time: 2024-05-01T10:00:01.000000Z
# User@Host: app[app] @ localhost []
# Query_time: 2.000000  Lock_time: 0.000000 Rows_sent: 0  Rows_examined: 20000
SET timestamp=1714557601;
UPDATE customers SET name = 'pwned' WHERE country = 'FR';
# Time: 2024-05-01T10:00:02.000000Z
# User@Host: app[app] @ localhost []
# Query_time: 2.000000  Lock_time: 0.000000 Rows_sent: 0  Rows_examined: 20000
SET timestamp=1714557602;
SELECT * FROM customers WHERE country = 'US'; DROP TABLE customers;
# Time: 2024-05-01T10:00:03.000000Z
# User@Host: app[app] @ localhost []
# Query_time: 2.000000  Lock_time: 0.000000 Rows_sent: 0  Rows_examined: 20000
SET timestamp=1714557603;
SELECT * FROM customers WHERE country = 'GB' INTO OUTFILE '/tmp/qadvisor-pwned';
EOF
rows_before=$(sql shop -e "SELECT COUNT(*), SUM(name = 'pwned') FROM customers")
sql -e "SET GLOBAL general_log_file='$tmp/general.log', general_log=1"
check "verify on crafted statements" exit_code 0 "$qadvisor" verify --no-config --dsn "$dsn" \
  --allow-ddl --schema "$schema" --runs 1 --format json -o "$tmp/evil.json" "$tmp/evil.log"
sql -e "SET GLOBAL general_log=0"
check "no row deleted or changed" test "$(sql shop -e "SELECT COUNT(*), SUM(name = 'pwned') FROM customers")" = "$rows_before"
check "the table is still there" sql shop -e "SELECT 1 FROM customers LIMIT 1"
check "no file written" test ! -e /tmp/qadvisor-pwned
check "the server never received a write" bash -c "! grep -Eiq 'DELETE FROM|UPDATE customers|DROP TABLE|INTO OUTFILE' '$tmp/general.log'"
check "the server did receive the rewritten reads" grep -q "WHERE country = 'DE'" "$tmp/general.log"
check "  in read-only transactions" grep -q "START TRANSACTION READ ONLY" "$tmp/general.log"
check "  each with a time limit" grep -q "SET STATEMENT max_statement_time=.* FOR SELECT .*WHERE country = 'DE'" "$tmp/general.log"
check "the DELETE is reported as rewritten" json "$tmp/evil.json" \
  "any(v.get('rewritten_from') == 'DELETE' for v in d['verification'])"
schema_dump >"$tmp/schema.after"
check "the schema is exactly as before (crafted run)" cmp "$tmp/schema.before" "$tmp/schema.after"

# The time limit: a statement that outlives it is stopped, and its time reported as a floor.
check "a statement over --time-limit is stopped" exit_code 0 "$qadvisor" verify --no-config \
  --dsn "$dsn" --allow-ddl --runs 1 --time-limit 0.005 --format json -o "$tmp/limit.json" "$log"
check "  reported as timed out, its time the limit" json "$tmp/limit.json" \
  "any(v['before']['timed_out'] and v['before']['median_ms'] == 5 for v in d['verification'])"

# 4. Ctrl-C: on a named server, mid-measurement with the index in place — it is dropped; in the
# sandbox, mid-load — the server and its directory are gone.
run_until() {  # run_until PATTERN ARGS...: start qadvisor, SIGINT it once PATTERN is on stderr
  local pattern=$1
  shift
  "$qadvisor" "$@" >"$tmp/int.out" 2>"$tmp/int.err" &
  local pid=$!
  for _ in $(seq 3000); do
    grep -q -- "$pattern" "$tmp/int.err" && break
    sleep 0.1
  done
  kill -INT "$pid"
  wait "$pid"
}
# One statement, cheap before its index (a scan that stops at the LIMIT) and slower after it (the
# range covers every row, each looked up), so the run reaches "after" in about a second and stays
# there for several: time to interrupt it, or kill its server, while the index exists.
cat >"$tmp/sessions.log" <<'EOF'
# Time: 2024-05-01T10:00:00.000000Z
# User@Host: app[app] @ localhost []
# Query_time: 2.000000  Lock_time: 0.000000 Rows_sent: 10000  Rows_examined: 20000
use shop;
SET timestamp=1714557600;
SELECT * FROM sessions WHERE last_seen < NOW() - INTERVAL 15 DAY LIMIT 10000;
EOF
run_until " after$" verify --no-config --dsn "$dsn" --allow-ddl --schema "$schema" --runs 100 \
  "$tmp/sessions.log"
check "Ctrl-C ends a run with 130" test $? -eq 130
check "  after the index was made, while it was measured" grep -q "creating qadv_" "$tmp/int.err"
check "  saying every index was dropped" grep -q "interrupted; every index it created was dropped" "$tmp/int.err"
schema_dump >"$tmp/schema.after"
check "  and the schema is exactly as before" cmp "$tmp/schema.before" "$tmp/schema.after"
run_until "generating" verify --no-config --sandbox --schema "$schema" --rows 2000000 "$log"
check "Ctrl-C while the sandbox loads ends with 130" test $? -eq 130
check "  and leaves no sandbox" test -z "$(ls -A "$TMPDIR")"
check "  nor its server" bash -c "! pgrep -f 'mariadbd.*$TMPDIR/[q]advisor-sandbox-' >/dev/null"

# 5. The server killed mid-run: a clear message, the DDL left to clean, and no hang.
"$qadvisor" verify --no-config --dsn "$dsn" --allow-ddl --schema "$schema" --runs 100 \
  --format json -o "$tmp/killed.json" "$tmp/sessions.log" >"$tmp/killed.out" 2>"$tmp/killed.err" &
verify_pid=$!
for _ in $(seq 3000); do
  grep -q " after$" "$tmp/killed.err" && break
  sleep 0.1
done
kill -9 "$(cat "$server/mysqld.pid")"
started=$SECONDS
wait "$verify_pid"
code=$?
check "a killed server ends the run with an error" test "$code" -eq 2
check "…within seconds, not a hang" test $((SECONDS - started)) -lt 60
check "…saying the connection was lost" grep -q "connection to the server was lost" "$tmp/killed.err"
check "…and what is left to clean" grep -q "DROP INDEX \`qadv_" "$tmp/killed.err"
rm -f "$server/mysqld.pid"
socket=$(bash "$src/scripts/mariadb-sandbox.sh" start "$server") || { echo "no restart"; exit 1; }
check "verify --cleanup drops what was left" exit_code 0 "$qadvisor" verify --cleanup --dsn "$dsn"
schema_dump >"$tmp/schema.after"
check "the schema is exactly as before (after the crash and cleanup)" \
  cmp "$tmp/schema.before" "$tmp/schema.after"

finish
