#!/usr/bin/env bash
# A `qadv_` index an earlier verify run left on a server (the run was killed with SIGKILL before
# it could drop it) is not the user's schema:
#  - advise, check and verify leave it out of the catalog, say so on standard error, and give
#    the same output as on the server without it (it made advise propose 4 indexes, not 5);
#  - `verify --allow-ddl` drops it before measuring, and the schema is as before afterwards.
# The leftover is made by hand, under the name verify gives the example's first proposal. Small
# tables (a few thousand rows), one timed run: the test takes seconds.
# Usage: leftover_index_test.sh QADVISOR SOURCE_DIR
set -uo pipefail
qadvisor=$1
src=$2
schema=$src/examples/schema.sql
log=$src/examples/slow.log
tmp=$(mktemp -d)
server=$tmp/server
cleanup() {
  bash "$src/scripts/mariadb-sandbox.sh" stop "$server" >/dev/null 2>&1
  rm -rf "$tmp"
}
trap cleanup EXIT
# shellcheck source=../lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"

socket=$(bash "$src/scripts/mariadb-sandbox.sh" start "$server") || { echo "no server"; exit 1; }
sql() { mariadb --no-defaults --socket="$socket" -uroot -N -B "$@"; }
schema_dump() {
  local t
  for t in $(sql -e "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA='shop' ORDER BY 1"); do
    sql -e "SHOW CREATE TABLE shop.\`$t\`"
  done
}
# MariaDB 10.11 has no utf8mb4_0900_ai_ci (MySQL 8's default): its nearest collation instead.
sed 's/utf8mb4_0900_ai_ci/utf8mb4_unicode_520_ci/g' "$schema" | sql || exit 1
sql shop <<'SQL' || exit 1
INSERT INTO customers (id, email, name, country, created_at)
  SELECT seq, CONCAT('c', seq, '@example.com'), CONCAT('name ', seq),
         ELT(1 + seq % 5, 'DE', 'FR', 'US', 'GB', 'NL'), '2024-01-01' + INTERVAL seq MINUTE
  FROM seq_1_to_500;
INSERT INTO orders (id, customer_id, status, total, shipping_address, created_at)
  SELECT seq, 1 + seq % 500, ELT(1 + seq % 4, 'new', 'paid', 'shipped', 'cancelled'),
         seq % 500, CONCAT('street ', seq), '2024-01-01' + INTERVAL seq MINUTE
  FROM seq_1_to_5000;
SQL
sql shop -e "ANALYZE TABLE customers, orders" >/dev/null
dsn="mysql://root@localhost/shop?socket=$socket"
schema_dump >"$tmp/schema.before"

# Without a leftover: the reference output.
check "advise --dsn" exit_code 0 "$qadvisor" advise --no-config --dsn "$dsn" --format json \
  -o "$tmp/clean.json" "$log"
check "  proposes indexes" json "$tmp/clean.json" "len(d['proposals']) >= 2"
check "check --dsn" exit_code 1 "$qadvisor" check --no-config --dsn "$dsn" --format json \
  -o "$tmp/check-clean.json" "$log"
first=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['proposals'][0]['name'])" \
  "$tmp/clean.json")
table=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['proposals'][0]['table'])" \
  "$tmp/clean.json")
columns=$(python3 -c "import json,sys; p=json.load(open(sys.argv[1]))['proposals'][0]; print(', '.join('\`' + c + '\`' for c in p['columns'] + p['include']))" \
  "$tmp/clean.json")

# The leftover: the first proposal's index, under the name verify creates it with.
sql shop -e "ALTER TABLE \`$table\` ADD INDEX \`qadv_$first\` ($columns)" || { echo "cannot add"; exit 1; }
# And one that is the last element of its table (no comma after it in SHOW CREATE TABLE).
sql shop -e "ALTER TABLE products ADD INDEX qadv_idx_price (price)" || { echo "cannot add"; exit 1; }
check "the leftover is on the server" test "$(sql -e "SELECT COUNT(*) FROM information_schema.STATISTICS WHERE INDEX_NAME LIKE 'qadv\\_%'")" -gt 0

check "advise with a leftover qadv_ index" exit_code 0 "$qadvisor" advise --no-config --dsn "$dsn" \
  --format json -o "$tmp/leftover.json" "$log"
check "  says it ignored it, by name" grep -q "index .*\`qadv_$first\` ignored" "$tmp/err"
check "  the same proposals as without it" python3 -c "
import json, sys
a, b = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
sys.exit(0 if a['proposals'] == b['proposals'] else 1)" "$tmp/clean.json" "$tmp/leftover.json"
check "check with a leftover qadv_ index" exit_code 1 "$qadvisor" check --no-config --dsn "$dsn" \
  --format json -o "$tmp/check-leftover.json" "$log"
check "  says it ignored it" grep -q "qadv_$first\` ignored" "$tmp/err"
check "  the same findings as without it" python3 -c "
import json, sys
a, b = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
sys.exit(0 if a['findings'] == b['findings'] else 1)" "$tmp/check-clean.json" "$tmp/check-leftover.json"

check "verify --allow-ddl with a leftover qadv_ index" exit_code 0 "$qadvisor" verify --no-config \
  --dsn "$dsn" --allow-ddl --runs 1 --max-queries 1 --no-progress --format json \
  -o "$tmp/verify.json" "$log"
check "  drops it first, and says so" grep -q "dropped an index an earlier run left: .*qadv_$first" "$tmp/err"
check "  advises as without it" python3 -c "
import json, sys
a, b = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
sys.exit(0 if a['proposals'] == [{k: v for k, v in p.items() if k in a['proposals'][0]} for p in b['proposals']] else 1)" \
  "$tmp/clean.json" "$tmp/verify.json"
check "  every proposal measured" json "$tmp/verify.json" "len(d['verification']) >= 1"
check "  no qadv_ index is left" test "$(sql -e "SELECT COUNT(*) FROM information_schema.STATISTICS WHERE INDEX_NAME LIKE 'qadv\\_%'")" -eq 0
schema_dump >"$tmp/schema.after"
check "  the schema is as before the leftover" cmp "$tmp/schema.before" "$tmp/schema.after"

finish "leftover qadv_ index"
