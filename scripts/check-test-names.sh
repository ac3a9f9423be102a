#!/usr/bin/env bash
# Every Catch2 test name must reach ctest intact. catch_discover_tests splits a name at ';' and
# ctest reads a name that starts with '-' as an option; Catch2 then runs a filter that matches
# nothing and passes, so such a test silently never runs.
#
#   scripts/check-test-names.sh [ROOT]
set -euo pipefail
root=${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
bad=$(grep -rnE --include='*.cpp' 'TEST_CASE\("([^"\\]|\\.)*;|TEST_CASE\("-' "$root/tests" || true)
if [[ -n $bad ]]; then
  echo "check-test-names: these test names never run under ctest (';' or a leading '-'):" >&2
  echo "$bad" >&2
  exit 1
fi
echo "check-test-names: every TEST_CASE name is one ctest can run"
