#!/usr/bin/env bash
# Renders `qadvisor advise --format html` for the example workload and takes a screenshot of it
# in headless Chromium, so a person can look at the report without running anything.
#
#   bench/html/screenshot.sh [--out PNG] [--keep-html HTML]
#
#   --out PNG         where to write the screenshot (default docs/advise-report.png)
#   --keep-html HTML  also keep the rendered report there
#
# Builds nothing: expects a binary at build/release/cli/qadvisor, build/h-html/cli/qadvisor or
# $QADVISOR. Needs the Debian package `chromium` (scripts/install-deps.sh installs it). The
# flags are the ones the test (tests/cli/advise_html_test.sh) uses; they work as root in a
# container. Names resolve to nothing, so the report cannot reach the network even if it tried.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
out=$root/docs/advise-report.png
keep_html=
while (($#)); do
  case $1 in
    --out) out=${2:?--out needs a file}; shift 2 ;;
    --keep-html) keep_html=${2:?--keep-html needs a file}; shift 2 ;;
    -h|--help) sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "screenshot.sh: unknown option $1 (try --help)" >&2; exit 2 ;;
  esac
done

qadvisor=${QADVISOR:-}
if [[ -z $qadvisor ]]; then
  for candidate in "$root/build/release/cli/qadvisor" "$root/build/h-html/cli/qadvisor"; do
    # An older build may predate `advise`; take the first that has it.
    if [[ -x $candidate ]] && "$candidate" --help 2>/dev/null | grep "^ *advise " >/dev/null; then
      qadvisor=$candidate
      break
    fi
  done
fi
[[ -n $qadvisor && -x $qadvisor ]] || {
  echo "screenshot.sh: no qadvisor binary with \`advise\`; build one (see README.md) or set QADVISOR" >&2
  exit 1
}
command -v chromium >/dev/null || {
  echo "screenshot.sh: chromium not found; run scripts/install-deps.sh" >&2
  exit 1
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# From the project root, so that the report names examples/schema.sql, not an absolute path.
(cd "$root" && "$qadvisor" advise --schema examples/schema.sql --format html \
  -o "$tmp/report.html" examples/slow.log)
[[ -z $keep_html ]] || cp "$tmp/report.html" "$keep_html"

timeout 60 chromium --headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage \
  --no-first-run --disable-extensions --disable-background-networking \
  --disable-component-update --disable-sync --host-resolver-rules="MAP * ~NOTFOUND" \
  --hide-scrollbars --user-data-dir="$tmp/profile" --window-size=1280,2200 \
  --screenshot="$tmp/report.png" "file://$tmp/report.html" >"$tmp/chromium.log" 2>&1 || {
  echo "screenshot.sh: chromium failed:" >&2
  grep -v dbus "$tmp/chromium.log" | tail -20 >&2
  exit 1
}
[[ -s $tmp/report.png ]] || { echo "screenshot.sh: chromium wrote no screenshot" >&2; exit 1; }
mkdir -p "$(dirname "$out")"
cp "$tmp/report.png" "$out"
echo "wrote $out ($(stat -c %s "$out") bytes) from $qadvisor"
