#!/usr/bin/env bash
# Runs the live tests: starts a private MariaDB (scripts/mariadb-sandbox.sh) in a temporary
# directory, runs LIVE_TESTS against its socket, and stops and removes it — also on failure.
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
