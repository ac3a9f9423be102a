#!/usr/bin/env bash
# The README's second command, and what .ci/run calls: every test there is.
#  1. a Release build with warnings as errors, and its tests;
#  2. a Debug build with AddressSanitizer and UndefinedBehaviorSanitizer (clang), and the same
#     tests;
#  3. bounded fuzzing (libFuzzer) of the slow-log reader, the fingerprinter, the SQL parser, the
#     checker and the read-only gate, with the fuzz targets of that same build, one per core;
#  4. clang-format on every source file.
# Each step says how long it took; the last line is "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh

jobs=$(nproc)
fuzz_seconds=${QADVISOR_FUZZ_SECONDS:-30}
passed=0
failed=0
step() {  # step NAME COMMAND...
  local name=$1
  shift
  echo "=== $name"
  local start=$SECONDS
  if "$@"; then
    passed=$((passed + 1))
    echo "=== $name: passed in $((SECONDS - start)) s"
  else
    echo "*** FAILED: $name (after $((SECONDS - start)) s)"
    failed=$((failed + 1))
  fi
}

release() {
  # QADVISOR_TESTS=ON explicitly: quickstart.sh configures the same directory without tests, and
  # a cached OFF would leave ctest nothing to run. --no-tests=error makes that a failure anyway.
  cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release -DQADVISOR_WERROR=ON \
    -DQADVISOR_TESTS=ON >/dev/null &&
    cmake --build build/release -j "$jobs" &&
    ctest --test-dir build/release --output-on-failure --no-tests=error -j "$jobs"
}
# One build serves the sanitizers and the fuzzer (clang): every file is also instrumented for
# libFuzzer's coverage, which slows the tests a little and saves a third build of everything.
sanitizers() {
  CXX=clang++ cmake -S . -B build/sanitize -G Ninja -DCMAKE_BUILD_TYPE=Debug -DQADVISOR_WERROR=ON \
    -DQADVISOR_SANITIZE=ON -DQADVISOR_FUZZ=ON -DQADVISOR_TESTS=ON >/dev/null &&
    cmake --build build/sanitize -j "$jobs" &&
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
      ctest --test-dir build/sanitize --output-on-failure --no-tests=error -j "$jobs" \
        -LE release-only  # timings, the server alone, the .deb: tests/CMakeLists.txt says why
}
fuzz() {  # the targets side by side, as many at a time as there are cores
  local target running=0 failed=0
  local targets=(slowlog_fuzz fingerprint_fuzz parser_fuzz check_fuzz safe_query_fuzz)
  for target in "${targets[@]}"; do
    [[ -x build/sanitize/tests/fuzz/$target ]] || { echo "no $target: the sanitizer build failed"; return 1; }
    if ((running == jobs)); then
      wait -n || true
      running=$((running - 1))
    fi
    rm -f "build/sanitize/$target.rc"
    (
      rc=0
      fuzz_one "$target" >"build/sanitize/$target.log" 2>&1 || rc=$?
      echo "$rc" >"build/sanitize/$target.rc"
    ) &
    running=$((running + 1))
  done
  wait
  for target in "${targets[@]}"; do
    echo "--- $target for ${fuzz_seconds}s"
    if [[ $(cat "build/sanitize/$target.rc" 2>/dev/null) == 0 ]]; then
      tail -5 "build/sanitize/$target.log"
    else  # a finding: its report and the input that made it
      tail -80 "build/sanitize/$target.log"
      failed=1
    fi
  done
  return "$failed"
}
fuzz_one() {  # fuzz_one TARGET: its output is the log; a finding fails it
  local target=$1
  local corpus=build/sanitize/corpus-$target
  mkdir -p "$corpus"
  # The slow-log target also starts from every input a fuzzer once failed on.
  local seeds=(tests/fuzz/seeds tests/fuzz/regressions)
  # SQL targets also start from the rule fixtures and the sample repository's queries.
  [[ $target == parser_fuzz || $target == check_fuzz || $target == safe_query_fuzz ]] &&
    seeds=(tests/fuzz/seeds-sql tests/fixtures/rules tests/fixtures/check-repo/app)
  # The read-only gate: one-statement seeds (injections among them) and its tokens.
  local extra=()
  [[ $target == safe_query_fuzz ]] &&
    seeds+=(tests/fuzz/seeds-safe-query) && extra=(-dict=tests/fuzz/safe_query.dict)
  "build/sanitize/tests/fuzz/$target" -max_total_time="$fuzz_seconds" -max_len=65536 \
    -rss_limit_mb=2048 -print_final_stats=1 "${extra[@]}" "$corpus" "${seeds[@]}"
}
format() {
  local files
  mapfile -t files < <(git ls-files '*.cpp' '*.h')
  clang-format --dry-run --Werror "${files[@]}"
}

step "release build and tests" release
step "sanitizer build and tests" sanitizers
step "bounded fuzzing" fuzz
step "clang-format" format

echo
echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
