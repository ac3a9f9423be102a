#!/usr/bin/env bash
# The online-DDL table (analyzer/online_ddl.tsv) against a private MariaDB: every probed
# operation runs with the algorithm and lock the table says (tests/live/online_ddl_test.py).
# Usage: online_ddl_test.sh SOURCE_DIR
set -uo pipefail
src=$1
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
socket=$(bash "$src/scripts/mariadb-sandbox.sh" start "$server") || { echo "no server"; exit 1; }
python3 "$src/tests/live/online_ddl_test.py" "$src/analyzer/online_ddl.tsv" "$socket"
