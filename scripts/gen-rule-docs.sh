#!/usr/bin/env bash
# Regenerates docs/rules/<id>.md from the rules' own documentation (rules/<id>.cpp), which is
# the single source: `qadvisor explain <id>` prints the same page.
set -euo pipefail
cd "$(dirname "$0")/.."
qadvisor=${1:-build/release/cli/qadvisor}
mkdir -p docs/rules
rm -f docs/rules/*.md
"$qadvisor" rules --format json | python3 -c 'import json,sys; [print(r["id"]) for r in json.load(sys.stdin)]' |
  while read -r id; do "$qadvisor" explain "$id" >"docs/rules/$id.md"; done
ls docs/rules | wc -l
