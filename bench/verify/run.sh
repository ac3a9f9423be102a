#!/usr/bin/env bash
# How fast `qadvisor verify --sandbox` starts and fills its private server, against two anchors
# measured in the same run on the bundled example (examples/schema.sql, examples/slow.log).
#
#   bench/verify/run.sh [--rows N]     N generated rows per table (default 200000)
#
# 1. qadvisor verify --sandbox --keep-sandbox --rows N …: total wall time, and its phases from
#    the timestamped `qadvisor: verify: …` lines on its stderr.
# 2. Anchor B: scripts/mariadb-sandbox.sh start (mariadb-install-db + mariadbd + wait).
# 3. Anchor A: the same rows restored into that server as a DBA would: the schema with the
#    mariadb client, then `mariadb < dump.sql`, dump.sql written by `mariadb-dump
#    --no-create-info --extended-insert` from the data directory qadvisor kept in step 1.
# Prints each phase's seconds and anchor ÷ qadvisor. Builds the release binary if missing.
# shellcheck disable=SC2059,SC2317  # printf "$row"; functions run through timed
set -euo pipefail
export LC_ALL=C  # EPOCHREALTIME and printf must use '.' as the decimal point

rows=200000
case ${1:-} in
  --rows) rows=${2:?--rows needs a number} ;;
  --rows=*) rows=${1#*=} ;;
  -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  '') ;;
  *) echo "run.sh: unknown option $1 (try --help)" >&2; exit 2 ;;
esac
[[ $rows =~ ^[1-9][0-9]*$ ]] || { echo "run.sh: --rows wants a positive whole number" >&2; exit 2; }

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
qadvisor=${QADVISOR:-$root/build/release/cli/qadvisor}
if [[ ! -x $qadvisor ]]; then
  cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build/release -j2 --target qadvisor
fi
schema=examples/schema.sql log=examples/slow.log

work=$(mktemp -d "${TMPDIR:-/tmp}/qadvisor-bench-verify.XXXXXX")
running=()  # sandbox directories whose server this script started and has not stopped
stop_server() {
  scripts/mariadb-sandbox.sh stop "$1"
  local d rest=()
  for d in "${running[@]}"; do [[ $d == "$1" ]] || rest+=("$d"); done
  running=("${rest[@]}")
}
cleanup() {
  local d
  for d in "${running[@]}"; do scripts/mariadb-sandbox.sh stop "$d" || true; done
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
# shellcheck disable=SC2034  # read by lib.sh
gnu_time=""  # CPU time is left out: qadvisor's server is its child (counted), the anchor's is not
# shellcheck source=bench/lib.sh  # the load check and timed (sets secs)
source bench/lib.sh
client() { mariadb --no-defaults --socket="$1/mysqld.sock" -uroot "${@:2}"; }

# --- 1. qadvisor: every stderr line stamped with the time it arrived --------------------------
stamped() { "$@" 2>&1 >/dev/null | while IFS= read -r l; do echo "$EPOCHREALTIME $l"; done
            return "${PIPESTATUS[0]}"; }
echo "qadvisor verify --sandbox, $rows rows per table" >&2
t0=$EPOCHREALTIME
TMPDIR=$work timed qadvisor stamped "$qadvisor" verify --sandbox --keep-sandbox --schema "$schema" \
  --rows "$rows" --runs 1 --max-queries 1 --format json -o /dev/null "$log"
q_total=$secs
declare -A P  # phase → seconds, from the gaps between the stamped lines
while read -r k v; do P[$k]=$v; done < <(awk -v t0="$t0" -v total="$q_total" '
  /verify: [0-9]+ proposal\(s\)/ { adv = $1 }   /verify: starting a private/ { start = $1 }
  /verify: loading the schema/ { sch = $1 }     /verify: generating/ { gen = $1 }
  /verify:   [^ ]+: [0-9]+ rows$/ { last = $1 } /verify: proposal / && !meas { meas = $1 }
  END { end = t0 + total; if (!meas) meas = end
        printf "advise %.3f\nstart %.3f\nschema %.3f\ninsert %.3f\nanalyze %.3f\nmeasure %.3f\n",
          adv - t0, sch - start, gen - sch, last - gen, meas - last, end - meas }' "$work/qadvisor.out")
kept=$(echo "$work"/qadvisor-sandbox-*)  # --keep-sandbox left it in $TMPDIR
# shellcheck disable=SC2016  # backquotes, not expansions
dbs=$(sed -n 's/^USE `\([^`]*\)`;.*/\1/p' "$schema" | sort -u | tr '\n' ' ')

# The dump, and each table's checksum, from the rows qadvisor generated (not timed).
scripts/mariadb-sandbox.sh start "$kept" >/dev/null; running+=("$kept")
# shellcheck disable=SC2086  # $dbs: one word per database
in_list=$(printf "'%s'," $dbs)
client "$kept" -N -e "SELECT GROUP_CONCAT(CONCAT('\`', table_schema, '\`.\`', table_name, '\`')
  ORDER BY table_schema, table_name) FROM information_schema.tables
  WHERE table_schema IN (${in_list%,})" > "$work/tables"
tables=$(cat "$work/tables")
client "$kept" -N -e "CHECKSUM TABLE $tables" > "$work/sum.qadvisor"
# shellcheck disable=SC2086
mariadb-dump --no-defaults --socket="$kept/mysqld.sock" -uroot --no-create-info --no-create-db \
  --extended-insert --databases $dbs > "$work/dump.sql"
stop_server "$kept"; rm -rf "$kept"
dump_mib=$(awk -v b="$(stat -c %s "$work/dump.sql")" 'BEGIN { printf "%.0f", b / 1048576 }')
inserts=$(grep -c '^INSERT INTO' "$work/dump.sql")

# --- 2. anchor B: the sandbox script's server start --------------------------------------------
box=$work/anchor
timed anchor_start scripts/mariadb-sandbox.sh start "$box"; running+=("$box")
a_start=$secs
# As qadvisor's server: 256M of buffer pool (the script starts with 128M); wait for the resize.
client "$box" -e 'SET GLOBAL innodb_buffer_pool_size = 256 * 1024 * 1024'
for _ in {1..100}; do
  [[ $(client "$box" -N -e 'SELECT @@innodb_buffer_pool_size') == 268435456 ]] && break; sleep 0.1
done

# --- 3. anchor A: schema with the client, then the dump -----------------------------------------
load_schema() { sed 's/utf8mb4_0900_ai_ci/utf8mb4_uca1400_nopad_ai_ci/g' "$schema" | client "$box"; }
timed anchor_schema load_schema
a_schema=$secs
timed anchor_restore client "$box" < "$work/dump.sql"
a_restore=$secs
client "$box" -N -e "CHECKSUM TABLE $tables" > "$work/sum.anchor"
stop_server "$box"
status=0
if ! cmp -s "$work/sum.qadvisor" "$work/sum.anchor"; then
  echo "WARNING: the restored tables' checksums differ from qadvisor's:" >&2
  diff "$work/sum.qadvisor" "$work/sum.anchor" >&2 || true
  status=1
fi

# --- report -------------------------------------------------------------------------------------
ratio() { awk -v a="$1" -v q="$2" 'BEGIN { if (q > 0) printf "%.2fx", a / q; else print "?" }'; }
ntables=$(tr ',' '\n' <<< "$tables" | grep -c .)
echo
echo "machine: $(nproc) CPUs, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)," \
     "$(mariadbd --version | sed 's/.*Ver \([^ ]*\).*/MariaDB \1/'), load average $load before timing"
echo "$(date -u +%F), $ntables tables x $rows rows; dump.sql: $dump_mib MiB in $inserts INSERT statements"
echo
row='%-34s %8s   %-32s %8s %8s\n'
printf "$row" "qadvisor verify --sandbox phase" seconds anchor seconds "anchor/q"
printf "$row" "advise (before the sandbox)" "${P[advise]}" "" "" ""
printf "$row" "server start" "${P[start]}" "B: mariadb-sandbox.sh start" "$a_start" \
  "$(ratio "$a_start" "${P[start]}")"
printf "$row" "schema" "${P[schema]}" "mariadb < schema.sql" "$a_schema" \
  "$(ratio "$a_schema" "${P[schema]}")"
printf "$row" "generating rows: INSERT ... SELECT" "${P[insert]}" "A: mariadb < dump.sql" \
  "$a_restore" "$(ratio "$a_restore" "${P[insert]}")"
printf "$row" "generating rows: ANALYZE TABLE" "${P[analyze]}" "" "" ""
printf "$row" "measuring (and server stop)" "${P[measure]}" "" "" ""
printf "$row" "total" "$q_total" "" "" ""
echo
awk -v a="$a_restore" -v i="${P[insert]}" -v z="${P[analyze]}" -v r="$rows" -v n="$ntables" 'BEGIN {
  printf "rows/s: qadvisor %.0f, restore %.0f; restore / (INSERT + ANALYZE): %.2fx\n",
    r * n / i, r * n / a, a / (i + z) }'
exit $status
