#!/usr/bin/env bash
# Usage errors of the qadvisor command line, end to end: each is exit 2 and exactly two lines on
# standard error — "qadvisor: <message>" and "Run with --help for more information." — whether
# CLI11 or a command found it; an option given twice takes its last value; negative numbers
# are refused; a rule selection that leaves no rule to run is refused.
# Usage: usage_test.sh QADVISOR SOURCE_DIR
set -uo pipefail
qadvisor=$1
src=$2
log=$src/examples/slow.log
schema=$src/examples/schema.sql
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=../lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"

# usage MESSAGE ARGS...: exit 2, nothing on standard output, and standard error is exactly
# "qadvisor: MESSAGE" and the --help line.
usage() {
  local message=$1
  shift
  exit_code 2 "$qadvisor" "$@" || return 1
  printf 'qadvisor: %s\nRun with --help for more information.\n' "$message" >"$tmp/want"
  diff "$tmp/want" "$tmp/err" || return 1
  test ! -s "$tmp/out"
}
commands="digest, fingerprint, parse, check, advise, verify, rules, explain"

# Unknown and missing subcommands.
check "an unknown command is named, with the known ones" \
  usage "unknown command 'frobnicate' (the commands are $commands)" frobnicate
check "  also after a flag" \
  usage "unknown command 'frobnicate' (the commands are $commands)" --version frobnicate
check "no command" usage "no command given (the commands are $commands)"
check "--help still works" exit_code 0 "$qadvisor" --help
check "--version still works" exit_code 0 "$qadvisor" --version

# CLI11's own errors, prefixed.
check "an unknown option" usage "The following argument was not expected: --bogus" \
  digest --bogus "$log"
check "a bad --format" usage "--format: xml not in {text,json,markdown}" digest --format xml "$log"
check "a bad --format (check)" usage "--format: xml not in {text,json,sarif,markdown,github,codeclimate}" \
  check --format xml "$log"
check "a missing argument" usage "LOG is required" digest

# An option given twice: the last one wins.
check "--top twice: the last wins" exit_code 0 "$qadvisor" digest --top 5 --top 2 --format json "$log"
check "  two classes reported" json "$tmp/out" "len(d['classes']) == 2"
check "--format twice: the last wins" exit_code 0 "$qadvisor" digest --format text --format json "$log"
check "  JSON written" json "$tmp/out" "d['command'] == 'digest'"
check "advise --top twice" exit_code 0 "$qadvisor" advise --no-config --schema "$schema" \
  --top 9 --top 1 --format json "$log"
check "  one class reported" json "$tmp/out" "len(d['classes']) == 1"
check "check --fail-on twice" exit_code 0 "$qadvisor" check --no-config --schema "$schema" \
  --fail-on info --fail-on error --rules select-star "$log"
check "repeatable options still collect: --schema twice" exit_code 1 "$qadvisor" check \
  --no-config --schema "$schema" --schema "$schema" --format json "$log"
check "fingerprint -e twice: both statements" exit_code 0 "$qadvisor" fingerprint \
  -e "SELECT 1" -e "SELECT * FROM t WHERE a = 2"
check "  two lines" test "$(wc -l <"$tmp/out")" -eq 2

# Negative and malformed numbers.
check "digest --top -1" usage "--top: expected a whole number 0 or more, not '-1'" \
  digest --top -1 "$log"
check "digest --top=-1" usage "--top: expected a whole number 0 or more, not '-1'" \
  digest --top=-1 "$log"
check "digest --top abc" usage "--top: expected a whole number 0 or more, not 'abc'" \
  digest --top abc "$log"
check "advise --top -1" usage "--top: expected a whole number 0 or more, not '-1'" \
  advise --top -1 "$log"
check "verify --top -1" usage "--top: expected a whole number 0 or more, not '-1'" \
  verify --top -1 "$log"
check "--threads -1" usage "--threads: expected a whole number from 0 to 256, not '-1'" \
  digest --threads -1 "$log"
check "--max-event-size -3" \
  usage "--max-event-size: expected a whole number from 1 to 4096, not '-3'" \
  digest --max-event-size -3 "$log"
check "--runs -1" usage "--runs: expected a whole number from 1 to 1000, not '-1'" \
  verify --runs -1 "$log"
check "--rows -1" usage "--rows: expected a whole number from 1 to 100000000, not '-1'" \
  verify --rows -1 "$log"
check "--max-queries -1" usage "--max-queries: expected a whole number from 1 to 1000, not '-1'" \
  verify --max-queries -1 "$log"
check "--time-limit -1" usage "--time-limit: expected seconds from 0.001 to 86400, not '-1'" \
  verify --time-limit -1 "$log"
check "--workload-rows -5" \
  usage "--workload-rows: expected a whole number from 1 to 1000000000, not '-5'" \
  advise --workload-rows -5 "$log"
check "--max-indexes-per-table -2" \
  usage "--max-indexes-per-table: expected a whole number from 1 to 64, not '-2'" \
  advise --max-indexes-per-table -2 "$log"
check "--lower-case-table-names -1" \
  usage "--lower-case-table-names: expected a whole number from 0 to 2, not '-1'" \
  check --lower-case-table-names -1 "$log"

# A rule selection that leaves no rule to run.
check "--rules x --disable x" \
  usage "no rule left to run: every rule --rules selects (select-star) is disabled (by --disable)" \
  check --no-config --schema "$schema" --rules select-star --disable select-star "$log"
check "  the same for advise" \
  usage "no rule left to run: every rule --rules selects (select-star) is disabled (by --disable)" \
  advise --no-config --schema "$schema" --rules select-star --disable select-star "$log"
check "  and verify" \
  usage "no rule left to run: every rule --rules selects (select-star) is disabled (by --disable)" \
  verify --no-config --sandbox --schema "$schema" --rules select-star --disable select-star "$log"
printf 'disable = ["filesort"]\n' >"$tmp/disable.toml"
check "  --disable and the configuration together" \
  usage "no rule left to run: every rule --rules selects (select-star, filesort) is disabled (select-star by --disable; filesort by \`disable\` in $tmp/disable.toml)" \
  check --config "$tmp/disable.toml" --schema "$schema" --rules select-star,filesort \
  --disable select-star "$log"
check "a selection with a rule left runs" exit_code 1 "$qadvisor" check --no-config \
  --schema "$schema" --rules select-star,implicit-conversion --disable select-star "$log"
check "an unknown rule id" \
  usage "unknown rule id: nope (\`qadvisor rules\` lists them)" \
  check --no-config --rules nope "$log"
check "explain of an unknown rule" \
  usage "unknown rule id 'nope' (\`qadvisor rules\` lists them)" explain nope

# A command's own usage checks look the same.
check "verify without a server" \
  usage "verify measures on a server: give --sandbox, or --dsn/--socket with --allow-ddl" \
  verify "$log"

# --allow-writes: for a --dsn server, and only beside --allow-ddl; with --sandbox it is accepted
# and changes nothing (the sandbox's writes always run: its rows are verify's own).
check "--allow-writes without a server" \
  usage "verify measures on a server: give --sandbox, or --dsn/--socket with --allow-ddl" \
  verify --allow-writes "$log"
check "--allow-writes without --allow-ddl" \
  usage "verify creates each proposed index on the server and drops it again: allow that with --allow-ddl, or use --sandbox" \
  verify --dsn "mysql://root@127.0.0.1:1/shop" --allow-writes "$log"
check "--allow-writes with --sandbox is accepted (the next check is about the schema)" \
  usage "--sandbox loads the schema from --schema files: give at least one" \
  verify --sandbox --allow-writes "$log"

# Input errors are not usage errors: one line, no pointer to --help.
check "a missing file" exit_code 2 "$qadvisor" digest "$tmp/missing.log"
check "  one line" test "$(wc -l <"$tmp/err")" -eq 1
printf 'bogus = 1\n' >"$tmp/bad.toml"
check "a bad configuration file" exit_code 2 "$qadvisor" check --config "$tmp/bad.toml" "$log"
check "  one line, naming the file" grep -qx "qadvisor: $tmp/bad.toml:1:1: .*" "$tmp/err"
check "  and no pointer to --help" lacks "Run with --help"

finish "usage errors"
