#!/usr/bin/env bash
# The README's first command: install what is needed, build a release, and run qadvisor's main
# job — `advise` — on the bundled example (a shop's schema and slow log, examples/), then prove
# its proposals with `verify` on a private MariaDB sandbox (started, filled and removed here).
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
echo
echo "Verifying the proposals on a private MariaDB sandbox (200 000 rows per table)…"
build/release/cli/qadvisor verify --sandbox --schema examples/schema.sql --format markdown \
  -o build/verify-example.md examples/slow.log
build/release/cli/qadvisor verify --sandbox --schema examples/schema.sql --format html \
  --no-progress -o build/verify-example.html examples/slow.log
sed -n '/^## Verification/,/^## Query classes/p' build/verify-example.md | sed '$d'
echo "The verification as Markdown and HTML: build/verify-example.md, build/verify-example.html"
