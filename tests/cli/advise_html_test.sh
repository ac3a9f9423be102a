#!/usr/bin/env bash
# `qadvisor advise --format html` opened in headless Chromium (Debian package `chromium`): the
# report for the example workload must render with its two SVG charts (#chart-classes,
# #chart-proposals) drawn with bars and its proposals and classes tables; Chromium must report
# no console error, no uncaught exception and no network request; and the file itself must
# hold no <script>, no <link> and no URL to fetch. A deliberately broken page is put through
# the same checks, which must fail on it: that proves each check can fail.
#
# Two independent listeners for (b): Chromium's own log (--enable-logging=stderr --v=0 prints
# every console message as a CONSOLE line) during --dump-dom, and tests/cli/headless_page.py,
# which drives Chromium over the DevTools protocol and also sees network requests and
# rendering errors (an invalid SVG attribute) that the log does not.
#
# Usage: advise_html_test.sh QADVISOR SOURCE_DIR   (CHROMIUM=path overrides `chromium`)
set -uo pipefail
qadvisor=$1
src=$2
chromium=${CHROMIUM:-chromium}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=../lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"

fails() {  # fails COMMAND...: the command must fail (a negative check)
  ! "$@"
}

if ! command -v "$chromium" >/dev/null; then
  echo "FAILED: '$chromium' not found: install the Debian package chromium" \
    "(scripts/install-deps.sh does; CI runs it), or set CHROMIUM=/path/to/chromium"
  echo "0 passed, 1 failed"
  exit 1
fi

# --dump-dom: the DOM after loading, and Chromium's log (console messages) on stderr.
dump_dom() {  # dump_dom HTML OUT_DOM OUT_LOG
  local profile
  profile=$(mktemp -d "$tmp/profile.XXXXXX")
  timeout 20 "$chromium" --headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage \
    --no-first-run --disable-extensions --disable-background-networking \
    --disable-component-update --disable-sync --host-resolver-rules="MAP * ~NOTFOUND" \
    --user-data-dir="$profile" --enable-logging=stderr --v=0 \
    --dump-dom "file://$1" >"$2" 2>"$3"
}
# (a) The DOM has both charts with one bar per class shown (at most 15) and per proposal, and
# the two tables with one row per proposal and per class, as many as the JSON report has.
dom_has_report() {  # dom_has_report DOM JSON
  python3 - "$1" "$2" <<'EOF'
import html.parser, json, sys

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}

class Dom(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.stack, self.rects, self.tables, self.svgs = [], {}, [], set()
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "svg" and a.get("id"):
            self.svgs.add(a["id"])
        if tag == "rect":
            for t, i in self.stack:
                if t == "svg" and i:
                    self.rects[i] = self.rects.get(i, 0) + 1
        if tag == "table":
            self.tables.append({"headers": [], "rows": 0})
        if tag == "tr" and self.tables:
            self.tables[-1]["rows"] += 1
        if tag not in VOID:
            self.stack.append((tag, a.get("id")))
    def handle_endtag(self, tag):
        if any(t == tag for t, _ in self.stack):
            while self.stack.pop()[0] != tag:
                pass
    def handle_data(self, data):
        if self.stack and self.stack[-1][0] == "th" and self.tables:
            self.tables[-1]["headers"].append(data.strip())

dom = Dom()
dom.feed(open(sys.argv[1]).read())
d = json.load(open(sys.argv[2]))
classes, proposals = len(d["classes"]), len(d["proposals"])
problems = []
for chart, want in (("chart-classes", min(classes, 15)), ("chart-proposals", proposals)):
    if chart not in dom.svgs:
        problems.append(f"no <svg id={chart}>")
    elif dom.rects.get(chart, 0) != want or want == 0:
        problems.append(f"#{chart}: {dom.rects.get(chart, 0)} bars, expected {want} (> 0)")
def table(header):
    return next((t for t in dom.tables if header in t["headers"]), None)
for header, want in (("Key (covering last)", proposals), ("Calls", classes)):
    t = table(header)
    if t is None:
        problems.append(f"no table with a '{header}' column")
    elif t["rows"] != want + 1:
        problems.append(f"the '{header}' table has {t['rows'] - 1} rows, expected {want}")
print("\n".join(problems) or f"{classes} classes, {proposals} proposals")
sys.exit(1 if problems else 0)
EOF
}
no_console_messages() {  # no_console_messages LOG: Chromium logged no console message
  ! grep -E "CONSOLE|Uncaught" "$1"
}
# (c) Nothing in the file can fetch: no <script>, <link> or embedded document; no src, href or
# other URL attribute but a #fragment or a data: URL, so no http(s):// one; in CSS (<style> and
# style attributes) no url() but those and no @import. Text is not looked at: a query in the
# report may well hold "http://".
self_contained() {  # self_contained HTML
  python3 - "$1" <<'EOF'
import html.parser, re, sys

FETCHING_TAGS = {"script", "link", "iframe", "frame", "object", "embed", "base", "audio", "video"}
URL_ATTRS = {"src", "href", "xlink:href", "srcset", "poster", "data", "action", "formaction",
             "background", "ping", "manifest", "codebase", "cite", "longdesc"}

def local(url):
    url = url.strip().lower()
    return url.startswith("#") or url.startswith("data:")

def css_problems(css):
    found = [m.group(0) for m in re.finditer(r"url\(\s*([^)]*)\)", css, re.I)
             if not local(m.group(1).strip("\"' "))]
    return found + re.findall(r"@import[^;]*", css, re.I)

class Check(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.problems, self.in_style = [], False
    def handle_starttag(self, tag, attrs):
        if tag in FETCHING_TAGS:
            self.problems.append(f"<{tag}> {attrs}")
        for name, value in attrs:
            value = value or ""
            if name in URL_ATTRS and not local(value):
                self.problems.append(f"<{tag} {name}={value!r}>")
            elif not name.startswith("xmlns") and re.search(r"https?://", value, re.I):
                self.problems.append(f"<{tag} {name}={value!r}>")
            if name == "style":
                self.problems += css_problems(value)
        self.in_style = tag == "style"
    def handle_endtag(self, tag):
        self.in_style = False
    def handle_data(self, data):
        if self.in_style:
            self.problems += css_problems(data)

check = Check()
check.feed(open(sys.argv[1]).read())
print("\n".join(check.problems))
sys.exit(1 if check.problems else 0)
EOF
}
devtools() {  # devtools HTML: headless_page.py finds no problem (exit 0)
  timeout 30 python3 "$src/tests/cli/headless_page.py" --chromium "$chromium" --timeout 20 "$@"
}
devtools_finds() {  # devtools_finds HTML PATTERN...: it fails (exit 1) naming each pattern
  local out=$tmp/devtools.out code
  devtools "$1" >"$out" 2>&1
  code=$?
  cat "$out"
  [[ $code -eq 1 ]] || { echo "exit $code, expected 1"; return 1; }
  for pattern in "${@:2}"; do grep -q -- "$pattern" "$out" || { echo "missing: $pattern"; return 1; }; done
}

# The report for the example, from the project root so that it names examples/schema.sql.
cd "$src" || exit 1
html=$tmp/report.html
check "advise --format html writes the report" \
  "$qadvisor" advise --schema examples/schema.sql --format html -o "$html" examples/slow.log
check "advise --format json (to count classes and proposals)" bash -c \
  '"$1" advise --schema examples/schema.sql --format json examples/slow.log >"$2"' _ \
  "$qadvisor" "$tmp/report.json"

check "(c) the file has no script, link or URL to fetch" self_contained "$html"
check "Chromium --dump-dom renders the report" dump_dom "$html" "$tmp/dom.html" "$tmp/dom.log"
check "(a) the DOM has both charts with their bars and both tables" \
  dom_has_report "$tmp/dom.html" "$tmp/report.json"
check "(b) Chromium's log has no console message" no_console_messages "$tmp/dom.log"
check "(b) DevTools: no console error, exception, failed load or network request" devtools "$html"
# The bars are laid out: each has a size, and the page is no wider than a 1280 px window (at
# 800 px the classes table is wider than the window, as a wide data table may be).
geometry="(() => {
  const bars = [...document.querySelectorAll('#chart-classes rect, #chart-proposals rect')];
  return {bars: bars.length,
          drawn: bars.filter(r => { const b = r.getBoundingClientRect();
                                    return b.width >= 1 && b.height >= 1; }).length,
          overflow: document.documentElement.scrollWidth > window.innerWidth};
})()"
bars_drawn() {  # bars_drawn HTML
  devtools --window-size 1280,2200 --eval "$geometry" --eval-out "$tmp/geometry.json" "$1" &&
    python3 -c 'import json, sys; g = json.load(open(sys.argv[1])); print(g)
sys.exit(0 if g["bars"] > 0 and g["drawn"] == g["bars"] and not g["overflow"] else 1)' \
      "$tmp/geometry.json"
}
check "(a) DevTools: every bar is drawn, the page fits 1280 px" bars_drawn "$html"

# SQL files instead of a slow log: no times, so the charts count statements.
repo=tests/fixtures/check-repo
check "advise --format html on SQL files" "$qadvisor" advise --schema "$repo/db/schema.sql" \
  --format html -o "$tmp/sql.html" "$repo/app/queries.sql"
check "(b) SQL files: no problem in DevTools, every bar drawn" bars_drawn "$tmp/sql.html"

# The same checks on a broken page must fail: they can see what they are meant to see.
bad=$tmp/broken.html
cat >"$bad" <<'EOF'
<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>broken</title></head>
<body><p>A report that calls a missing function and fetches an image.</p>
<img src="http://example.com/x.png" alt="">
<script>undefined_function()</script>
</body></html>
EOF
check "negative: (c) flags the broken page's <script> and http:// src" fails self_contained "$bad"
check "negative: Chromium --dump-dom loads the broken page" dump_dom "$bad" "$tmp/bad.dom" "$tmp/bad.log"
check "negative: (a) the broken page has no charts" fails dom_has_report "$tmp/bad.dom" "$tmp/report.json"
check "negative: (b) Chromium's log shows the uncaught ReferenceError" \
  grep -E "CONSOLE.*Uncaught ReferenceError: undefined_function" "$tmp/bad.log"
check "negative: (b) DevTools sees the exception, the request and the failed load" \
  devtools_finds "$bad" "uncaught exception: ReferenceError: undefined_function" \
  "network request: http://example.com/x.png" "log error (network)"

finish
