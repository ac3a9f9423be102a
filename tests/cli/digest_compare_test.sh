#!/usr/bin/env bash
# `qadvisor digest --compare BEFORE AFTER`, end to end, on two generated logs where the changes
# are known by construction: one class made slower (p95), one called twice as often (total),
# one 5% slower (under the default threshold of 20%, over --threshold 3%), one new, one gone,
# the rest unchanged. The expected lists, and their order by impact (the query time added or
# removed), are computed here from the generated times, not by qadvisor. Logs and digest JSON
# give the same answer; text and Markdown say the same; bad uses are usage errors.
# Usage: digest_compare_test.sh QADVISOR SOURCE_DIR
set -uo pipefail
qadvisor=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=../lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"

python3 - "$tmp" <<'PY'
import json, random, sys
out = sys.argv[1]
rng = random.Random(14)
# Per table: (calls before, calls after, factor on the times after); None: absent on that side.
plan = {
    "steady": (40, 40, 1.0),
    "slower": (40, 40, 2.5),      # p95 and total x2.5: grown
    "busier": (30, 60, 1.0),      # the same times, twice the calls: total +100%: grown
    "slight": (50, 50, 1.05),     # +5%: unchanged at 20%, grown at 3%
    "quiet": (20, 20, 1.0),
    "added": (None, 25, 1.0),     # new
    "dropped": (35, None, 1.0),   # gone
}
base = {t: [rng.randint(1000, 900000) for _ in range(200)] for t in plan}
sums = {}
def write(path, side):
    lines = []
    sec = 0
    for t, (nb, na, factor) in plan.items():
        n = nb if side == 0 else na
        if n is None:
            continue
        total = 0
        for i in range(n):
            us = base[t][i % len(base[t])]
            if side == 1:
                us = round(us * factor)
            total += us
            sec += 1
            lines.append(f"# Time: 2024-05-0{1 + side}T10:{sec // 60:02d}:{sec % 60:02d}.000000Z")
            lines.append("# User@Host: app[app] @ web1 [10.0.0.1]  Id: 7")
            lines.append(f"# Query_time: {us // 1000000}.{us % 1000000:06d}  Lock_time: 0.000010"
                         f"  Rows_sent: 1  Rows_examined: {i}")
            lines.append(f"SET timestamp={1714557600 + sec};")
            lines.append(f"SELECT * FROM {t} WHERE id = {i};")
        sums.setdefault(t, [0, 0])[side] = total
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
write(f"{out}/before.log", 0)
write(f"{out}/after.log", 1)
def expect(threshold):
    changes = []
    for t, (nb, na, factor) in plan.items():
        b = sums[t][0] if nb else 0
        a = sums[t][1] if na else 0
        if nb is None:
            kind = "new"
        elif na is None:
            kind = "gone"
        elif factor - 1 > threshold or (a - b) / b > threshold:
            kind = "grown"
        else:
            continue
        changes.append((-abs(a - b), t, kind))
    return [[t, kind] for _, t, kind in sorted(changes)]
json.dump({"default": expect(0.20), "three": expect(0.03)}, open(f"{out}/expect.json", "w"))
PY

# agree EXPECT_KEY JSON: the changes qadvisor lists, in its order, are the expected ones.
agree() {
  python3 - "$tmp/expect.json" "$1" "$2" <<'PY'
import json, re, sys
expect = json.load(open(sys.argv[1]))[sys.argv[2]]
got = json.load(open(sys.argv[3]))
listed = [[re.search(r"from (\w+)", c["fingerprint"]).group(1), c["change"]] for c in got["changes"]]
if listed != expect:
    print("expected", expect)
    print("got     ", listed)
    sys.exit(1)
kinds = [k for _, k in expect]
counts = {k: kinds.count(k) for k in ("grown", "new", "gone")}
if [got["grown"], got["new"], got["gone"]] != [counts["grown"], counts["new"], counts["gone"]]:
    print("counts", got["grown"], got["new"], got["gone"], "expected", counts)
    sys.exit(1)
PY
}
cmp_json() { "$qadvisor" digest --compare --format json "$@"; }
check "logs, default threshold" bash -c "'$qadvisor' digest --compare --format json \
  '$tmp/before.log' '$tmp/after.log' >'$tmp/c1.json'"
check "the expected changes, by impact" agree default "$tmp/c1.json"
check "unchanged counted" json "$tmp/c1.json" "d['unchanged'] == 3 and d['threshold'] == 0.2"
check "--threshold 3%" bash -c "'$qadvisor' digest --compare --format json --threshold 3% \
  '$tmp/before.log' '$tmp/after.log' >'$tmp/c2.json'"
check "the 5% class counts at 3%" agree three "$tmp/c2.json"
"$qadvisor" digest --format json --top 0 "$tmp/before.log" -o "$tmp/before.json"
"$qadvisor" digest --format json --top 0 "$tmp/after.log" -o "$tmp/after.json"
check "digests give what the logs give" bash -c "'$qadvisor' digest --compare --format json \
  '$tmp/before.json' '$tmp/after.log' >'$tmp/c3.json'"
check "the same changes from a digest" agree default "$tmp/c3.json"
check "text report" bash -c "'$qadvisor' digest --compare '$tmp/before.log' '$tmp/after.log' \
  | grep -E '^grown .* select \\* from slower where id = \\?'"
check "text summary" bash -c "'$qadvisor' digest --compare '$tmp/before.log' '$tmp/after.log' \
  | grep -F '# 2 grown beyond 20% (p95 or total Query_time), 1 new, 1 gone, 3 unchanged'"
check "markdown report" bash -c "'$qadvisor' digest --compare --format markdown \
  '$tmp/before.log' '$tmp/after.log' | grep -E '^\\| gone \\| .* \\| \`select \\* from dropped'"
check "--top 1 lists one" bash -c "'$qadvisor' digest --compare --format json --top 1 \
  '$tmp/before.log' '$tmp/after.log' | python3 -c 'import json,sys; d=json.load(sys.stdin); \
  sys.exit(0 if len(d[\"changes\"]) == 1 and d[\"grown\"] == 2 else 1)'"
check "no change against itself" bash -c "'$qadvisor' digest --compare '$tmp/before.log' \
  '$tmp/before.json' | grep -F 'Nothing grew, appeared or disappeared.'"

check "three inputs refused" exit_code 2 "$qadvisor" digest --compare "$tmp/before.log" \
  "$tmp/after.log" "$tmp/after.log"
check "bad threshold refused" exit_code 2 "$qadvisor" digest --compare --threshold 0% \
  "$tmp/before.log" "$tmp/after.log"
missing() {
  exit_code 2 "$qadvisor" digest --compare "$tmp/before.log" "$tmp/nope.json" && has "nope.json"
}
check "missing input named" missing
echo '{"tool": "qadvisor"}' >"$tmp/other.json"
other() {
  exit_code 2 "$qadvisor" digest --compare "$tmp/other.json" "$tmp/after.log" &&
    has "other.json: not a digest"
}
check "a JSON that is not a digest named" other

finish "digest --compare"
