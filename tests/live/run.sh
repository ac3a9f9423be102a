#!/usr/bin/env bash
# Runs the live tests: starts a private MariaDB (scripts/mariadb-sandbox.sh) in a temporary
# directory, runs LIVE_TESTS against its socket, and stops and removes it — also on failure.
# A failed run prints the end of the server's error log first: a crash or a full disk shows
# there, not in the client's error.
# Usage: run.sh LIVE_TESTS SOURCE_DIR
set -uo pipefail
tests=$1
src=$2
dir=$(mktemp -d)
cleanup() {
  bash "$src/scripts/mariadb-sandbox.sh" stop "$dir"
  rm -rf "$dir"
}
trap cleanup EXIT
socket=$(bash "$src/scripts/mariadb-sandbox.sh" start "$dir") || exit 1
QADVISOR_LIVE_SOCKET=$socket "$tests"
code=$?
if [[ $code -ne 0 ]]; then
  echo "--- the end of the server's error log ($dir/error.log):"
  tail -40 "$dir/error.log"
  df -h "$dir" | tail -1
fi
exit $code
