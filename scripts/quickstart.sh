#!/usr/bin/env bash
# The README's first command: install what is needed, build a release, and run qadvisor's main
# job on the bundled example.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release -DQADVISOR_TESTS=OFF >/dev/null
cmake --build build/release --target qadvisor
echo
build/release/cli/qadvisor digest --top 5 examples/slow.log
echo
# `check` exits 1 when it finds problems at or above --fail-on: here, that is the point.
build/release/cli/qadvisor check --schema examples/schema.sql examples/slow.log || [[ $? -eq 1 ]]
