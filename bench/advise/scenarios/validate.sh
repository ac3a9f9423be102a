#!/usr/bin/env bash
# Checks a scenario's expectations on a real server: starts a private MariaDB
# (scripts/mariadb-sandbox.sh), loads the scenario's schema.sql, fills it with fill.py's rows,
# runs checks.sql (EXPLAINs, and the same with the expected indexes created) and prints the
# result; then stops the server and removes its directory.
#
#   bench/advise/scenarios/validate.sh SCENARIO [OUT]     e.g. validate.sh shop /tmp/shop.txt
#
# Needs mariadbd, mariadb and python3. Takes a few minutes per scenario on 2 CPUs.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
name=${1:?usage: validate.sh SCENARIO [OUT], SCENARIO a directory next to this script}
dir=$here/$name
out=${2:-/dev/stdout}
[[ -f $dir/checks.sql && -f $dir/fill.py ]] || { echo "validate: $dir has no checks.sql/fill.py" >&2; exit 2; }

sbx=$(mktemp -d "${TMPDIR:-/tmp}/qadv-validate.XXXXXX")
cleanup() { "$root/scripts/mariadb-sandbox.sh" stop "$sbx" >/dev/null 2>&1 || true; rm -rf "$sbx"; }
trap cleanup EXIT
sock=$("$root/scripts/mariadb-sandbox.sh" start "$sbx")
db() { mariadb --no-defaults --socket="$sock" -uroot "$@"; }

# The dump's first line (`/*M!999999\- enable the sandbox mode */`) is for the client: keep it.
db <"$dir/schema.sql"
python3 "$dir/fill.py" | db
{
  echo "# $name: checks.sql on $(db -N -e 'SELECT VERSION()'), $(date -u +%Y-%m-%d)"
  db -t --comments <"$dir/checks.sql"
} >"$out"
