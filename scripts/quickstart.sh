#!/usr/bin/env bash
# The README's first command: install what is needed, build a release, and run qadvisor's main
# job — `advise` — on the bundled example (a shop's schema and slow log, examples/).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release -DQADVISOR_TESTS=OFF >/dev/null
cmake --build build/release --target qadvisor
echo
build/release/cli/qadvisor advise --schema examples/schema.sql --top 10 examples/slow.log
build/release/cli/qadvisor advise --schema examples/schema.sql --format html \
  -o build/advise-example.html examples/slow.log
echo
echo "The same report as one HTML file: build/advise-example.html"
