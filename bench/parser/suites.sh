#!/usr/bin/env bash
# Acceptance on other parsers' test suites: how many statements `qadvisor parse` accepts,
# rejects, crashes on, or prints back to SQL that parses to a different AST.
#
#   bench/parser/suites.sh [--qadvisor BIN] [--failures OUT.jsonl] DIR
#
#   DIR                    *.sql files, one per source suite (the corpus is not in this
#                          repository: see bench/parser/README.md)
#   --qadvisor BIN         the binary (default build/release/cli/qadvisor, else qadvisor on PATH)
#   --failures OUT.jsonl   every statement not parsed cleanly, one JSON object a line
#
# Prints one row per file and a total. Exit 1 when anything crashed, 2 on bad usage.
# The work is in suites.py beside this script (python3, standard library only).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
args=()
binary=""
while (($#)); do
  case $1 in
    --qadvisor) binary=${2:?--qadvisor needs a path}; shift 2 ;;
    --failures) args+=(--failures "${2:?--failures needs a file}"); shift 2 ;;
    -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "suites.sh: unknown option $1 (try --help)" >&2; exit 2 ;;
    *) args+=("$1"); shift ;;
  esac
done
if [[ -z $binary ]]; then
  binary=$root/build/release/cli/qadvisor
  [[ -x $binary ]] || binary=$(command -v qadvisor || true)
fi
[[ -n $binary && -x $binary ]] || { echo "suites.sh: no qadvisor binary; build it or pass --qadvisor" >&2; exit 2; }
exec python3 "$here/suites.py" --qadvisor "$binary" "${args[@]}"
