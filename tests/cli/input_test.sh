#!/usr/bin/env bash
# What qadvisor reads, end to end: compressed logs (gzip, zstd, several members, torn), standard
# input sniffed like a file, files that are not slow logs or SQL refused with exit 2, no control
# byte of the input on the terminal, directories named as such, and -o FILE left as it was by a
# run that fails. Usage: input_test.sh QADVISOR SOURCE_DIR
set -uo pipefail
qadvisor=$1
src=$2
log=$src/examples/slow.log
schema=$src/examples/schema.sql
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=../lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
events() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['events'])" "$1"; }
# No byte below 0x20 but tab and newline, and no DEL, in the files given.
no_control_bytes() { ! LC_ALL=C grep -qP '[\x00-\x08\x0b-\x1f\x7f]' "$@"; }

# --- Compressed logs: what logrotate leaves beside the live log, read directly.
gzip -c "$log" >"$tmp/slow.log.1.gz"
zstd -q -c "$log" >"$tmp/slow.log.2.zst"
check "gzip and zstd beside a plain log: exit 0" exit_code 0 \
  "$qadvisor" digest --format json -o "$tmp/three.json" "$log" "$tmp/slow.log.1.gz" "$tmp/slow.log.2.zst"
check "…every event of the three is counted" test "$(events "$tmp/three.json")" -eq 1803
check "…and nothing is said on stderr" test ! -s "$tmp/err"
cat "$tmp/slow.log.1.gz" "$tmp/slow.log.1.gz" >"$tmp/members.gz"
check "a gzip file of two members reads as zcat reads it" exit_code 0 \
  "$qadvisor" digest --format json -o "$tmp/members.json" "$tmp/members.gz"
check "…both members" test "$(events "$tmp/members.json")" -eq 1202
gzip -c "$log" | "$qadvisor" digest --format json - >"$tmp/stdin-gz.json"
check "gzip on standard input" test "$(events "$tmp/stdin-gz.json")" -eq 601
check "advise reads a gzip log" exit_code 0 "$qadvisor" advise --schema "$schema" --format json \
  -o "$tmp/advise-gz.json" "$tmp/slow.log.1.gz"
check "…with its timings" json "$tmp/advise-gz.json" "d['events'] == 601 and d['classes'][0]['time_share'] > 0.3"
size=$(stat -c %s "$tmp/slow.log.1.gz")
head -c $((size / 2)) "$tmp/slow.log.1.gz" >"$tmp/torn.gz"
check "a gzip file cut in the middle: the readable part is read (exit 0)" exit_code 0 \
  "$qadvisor" digest --format json -o "$tmp/torn.json" "$tmp/torn.gz"
check "…some events, not all" json "$tmp/torn.json" "0 < d['events'] < 601"
check "…and a warning says where the file breaks off" grep -q "torn.gz:.*the gzip stream ends early" "$tmp/err"
printf '\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03garbage-garbage-garbage' >"$tmp/damaged.gz"
check "damaged gzip data: reported, not a crash" exit_code 2 "$qadvisor" digest "$tmp/damaged.gz"
check "…named as damaged gzip data" grep -q "damaged.gz:.*damaged gzip data" "$tmp/err"

# --- Standard input is sniffed like a file: a slow log stays a slow log.
"$qadvisor" advise --schema "$schema" --format json "$log" >"$tmp/advise-file.json"
"$qadvisor" advise --schema "$schema" --format json - <"$log" >"$tmp/advise-stdin.json"
check "advise -: a slow log on standard input is digested (events and timings)" json \
  "$tmp/advise-stdin.json" "d['events'] == 601 and d['classes'][0]['time_share'] > 0.3"
check "…the same classes, ranked the same, as from the file" python3 -c "
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
key = lambda d: [(c['id'], c['count'], c['time_share']) for c in d['classes']]
sys.exit(0 if key(a) == key(b) and len(a['proposals']) == len(b['proposals']) else 1)" \
  "$tmp/advise-file.json" "$tmp/advise-stdin.json"
"$qadvisor" check --no-config --schema "$schema" --format json "$log" >"$tmp/check-file.json"
"$qadvisor" check --no-config --schema "$schema" --format json - <"$log" >"$tmp/check-stdin.json"
check "check -: a slow log on standard input gives the file's findings" python3 -c "
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
rules = lambda d: sorted(f['rule'] for f in d['findings'])
sys.exit(0 if rules(a) == rules(b) and len(rules(a)) > 0 else 1)" \
  "$tmp/check-file.json" "$tmp/check-stdin.json"
printf 'SELECT id FROM orders WHERE status = 1;\n' >"$tmp/q.sql"
check "check -: a SQL script on standard input is still a script" exit_code 1 \
  bash -c "'$qadvisor' check --no-config --schema '$schema' --format json - <'$tmp/q.sql'"
check "…its finding located in stdin" json "$tmp/out" \
  "any(f['location']['file'] == 'stdin' and f['rule'] == 'implicit-conversion' for f in d['findings'])"
check "standard input named twice: exit 2" exit_code 2 \
  bash -c "'$qadvisor' check --no-config --schema - - <'$schema'"
check "…saying it can be read once" grep -q "standard input is named more than once" "$tmp/err"

# --- Not a slow log: refused with exit 2, never "1 event".
check "digest README.md: exit 2" exit_code 2 "$qadvisor" digest "$src/README.md"
check "…a clear message" grep -q "README.md: not a slow query log" "$tmp/err"
check "…and no report" test ! -s "$tmp/out"
{ head -c 50000 /dev/urandom; printf '\x1b]0;pwned\x07\x1b[2J\x9b31m'; head -c 50000 /dev/urandom; } >"$tmp/junk.bin"
for cmd in digest check advise; do
  check "$cmd junk.bin: exit 2" exit_code 2 "$qadvisor" "$cmd" --no-progress "$tmp/junk.bin"
  check "$cmd junk.bin: no control byte of the input reaches the terminal" no_control_bytes "$tmp/out" "$tmp/err"
done
check "check junk.bin: says it is neither a slow log nor SQL" grep -q "junk.bin: neither a slow query log nor a SQL script" "$tmp/err"
check "…an input error, not a usage error: no --help pointer" lacks "Run with --help"
check "digest - with random bytes: exit 2" exit_code 2 bash -c "'$qadvisor' digest - <'$tmp/junk.bin'"
check "…named as standard input" grep -q "standard input: not a slow query log" "$tmp/err"

# A real slow log whose query holds escape sequences: reported, escaped in text, exact in JSON.
{
  printf '# Time: 2024-05-01T10:00:00Z\n# Query_time: 2.5  Lock_time: 0  Rows_sent: 1  Rows_examined: 9\n'
  printf "SELECT '\x1b]0;pwned\x07\x1b[2J' AS x FROM t WHERE c = '\xc2\x9b31m';\n"
} >"$tmp/escapes.log"
check "escape sequences in a query: digest reads it" exit_code 0 "$qadvisor" digest "$tmp/escapes.log"
check "…text report: none reaches the terminal" no_control_bytes "$tmp/out" "$tmp/err"
check "…written as \\x escapes" grep -qF '\x1b]0;pwned\x07\x1b[2J' "$tmp/out"
check "…the C1 control too" grep -qF '\xc2\x9b31m' "$tmp/out"
"$qadvisor" digest --format json "$tmp/escapes.log" >"$tmp/escapes.json"
check "…JSON keeps the exact text" json "$tmp/escapes.json" "'\x1b]0;pwned\x07' in d['classes'][0]['sample']"
check "markdown report: none reaches the terminal" exit_code 0 "$qadvisor" digest --format markdown "$tmp/escapes.log"
check "…markdown escaped" no_control_bytes "$tmp/out"

# parse and fingerprint print SQL and its diagnostics: escaped too, with the caret still under
# the column it points at.
printf "SELECT \x1b]0;pwned\x07 FROM t;\nGRANT '\x1b[2J' ON x TO y;\n" >"$tmp/esc.sql"
check "parse with control bytes: exit 2 (it does not parse)" exit_code 2 "$qadvisor" parse "$tmp/esc.sql"
check "…none reaches the terminal" no_control_bytes "$tmp/out" "$tmp/err"
check "…the excerpt escaped" grep -qxF 'SELECT \x1b]0;pwned\x07 FROM t;' "$tmp/err"
check "…the caret under the escaped character" grep -qx '       ^' "$tmp/err"
check "…a statement shown as written is escaped" grep -qxF "GRANT '\x1b[2J' ON x TO y;" "$tmp/out"
check "fingerprint with control bytes" exit_code 0 "$qadvisor" fingerprint "$tmp/esc.sql"
check "…none reaches the terminal" no_control_bytes "$tmp/out" "$tmp/err"

# --- A directory is named as one, in every command that reads files; check reads a folder of
# migrations (its .sql files), and says so of one that has none.
for cmd in digest advise parse fingerprint; do
  check "$cmd DIR: exit 2" exit_code 2 "$qadvisor" "$cmd" "$tmp"
  check "$cmd DIR: says it is a directory" grep -q "is a directory" "$tmp/err"
done
mkdir -p "$tmp/no-sql"
check "check DIR without .sql files: exit 2" exit_code 2 "$qadvisor" check "$tmp/no-sql"
check "check DIR without .sql files: says so" grep -q "a directory without .sql files" "$tmp/err"
rmdir "$tmp/no-sql"
check "--schema DIR: exit 2" exit_code 2 "$qadvisor" check --no-config --schema "$tmp" "$tmp/q.sql"
check "--schema DIR: says it is a directory" grep -q "is a directory" "$tmp/err"

# --- -o FILE: a run that fails leaves it as it was, and creates nothing.
echo "keep me" >"$tmp/keep.txt"
printf '# Query_time: 1  Lock_time: 0  Rows_sent: 0  Rows_examined: 0\nSELECT 1' >"$tmp/torn.log"
printf '# Time: 2024-05-01T10:00:00Z\n' >"$tmp/header-only.log"
check "digest with no complete event: exit 2" exit_code 2 "$qadvisor" digest -o "$tmp/keep.txt" "$tmp/header-only.log"
check "…-o FILE untouched" grep -qx "keep me" "$tmp/keep.txt"
for cmd in digest check advise; do
  check "$cmd on junk -o FILE: exit 2" exit_code 2 "$qadvisor" "$cmd" -o "$tmp/keep.txt" "$tmp/junk.bin"
  check "…FILE untouched" grep -qx "keep me" "$tmp/keep.txt"
  check "$cmd on junk -o NEW: exit 2" exit_code 2 "$qadvisor" "$cmd" -o "$tmp/new.txt" "$tmp/junk.bin"
  check "…NEW not created" test ! -e "$tmp/new.txt"
done
check "no temporary file is left behind" bash -c "! ls '$tmp' | grep -q qadvisor-tmp"

# -o to something that is not a regular file writes into it: a FIFO here (a rename would
# replace it with a file, as it would /dev/null when run as root).
mkfifo "$tmp/fifo"
(timeout 60 cat "$tmp/fifo" >"$tmp/from-fifo") &
reader=$!
check "-o FIFO: written through" timeout 60 "$qadvisor" digest --top 1 -o "$tmp/fifo" \
  "$src/examples/slow.log"
wait "$reader"
check "…the report came out of the FIFO" grep -q "^# Overall:" "$tmp/from-fifo"
check "…and it is still a FIFO" test -p "$tmp/fifo"

finish "input"
