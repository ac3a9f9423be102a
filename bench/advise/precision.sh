#!/usr/bin/env bash
# The precision of `qadvisor advise`'s index proposals on scenarios written independently of the
# advisor (bench/advise/scenarios/*/): for each scenario, runs
#
#   qadvisor advise --format json --top 0 --schema schema.sql slow.log
#
# and compares its proposals and findings with the scenario's expected.json. Prints one row per
# scenario and a total, then every extra and missed proposal, missing and false finding, and rule
# fix that disagrees with a proposal. See bench/advise/README.md, "Precision".
#
#   bench/advise/precision.sh                  # every scenario
#   bench/advise/precision.sh shop ledger      # some
#   bench/advise/precision.sh --markdown       # the table as Markdown (for the README)
#   bench/advise/precision.sh --keep DIR       # also keep each scenario's advise JSON in DIR
#   QADVISOR=/path/to/qadvisor bench/advise/precision.sh
#
# It is a benchmark, not a test: it exits 0 whatever it measures. Exit 2: no qadvisor binary.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
qadvisor=${QADVISOR:-$root/build/release/cli/qadvisor}
if [[ ! -x $qadvisor ]]; then
  echo "precision: no qadvisor binary at $qadvisor (build it, or set QADVISOR)" >&2
  exit 2
fi

markdown=0
keep=
names=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --markdown) markdown=1 ;;
    --keep) keep=${2:?--keep DIR}; shift ;;
    -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "precision: unknown option $1" >&2; exit 2 ;;
    *) names+=("$1") ;;
  esac
  shift
done
if [[ ${#names[@]} -eq 0 ]]; then
  for d in "$here"/scenarios/*/; do
    [[ -f $d/expected.json ]] && names+=("$(basename "$d")")
  done
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/qadv-precision.XXXXXX")
trap 'rm -rf "$work"' EXIT
[[ -n $keep ]] && mkdir -p "$keep"

for name in "${names[@]}"; do
  dir=$here/scenarios/$name
  if [[ ! -f $dir/expected.json || ! -f $dir/schema.sql || ! -f $dir/slow.log ]]; then
    echo "precision: $dir needs expected.json, schema.sql and slow.log" >&2
    echo "missing files" >"$work/$name.error"
    continue
  fi
  # Relative paths, from the scenario's directory: the report names the files as given.
  if ! (cd "$dir" && "$qadvisor" advise --format json --top 0 --schema schema.sql slow.log) \
      >"$work/$name.json" 2>"$work/$name.stderr"; then
    echo "advise failed: $(tail -1 "$work/$name.stderr")" >"$work/$name.error"
  fi
  [[ -n $keep && -s $work/$name.json ]] && cp "$work/$name.json" "$keep/$name.json"
done

commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
version=$("$qadvisor" --version 2>/dev/null | head -1 || true)
python3 - "$here/scenarios" "$work" "$markdown" "$commit" "$version" "${names[@]}" <<'PY'
import json
import os
import re
import sys

scen_dir, work, markdown, commit, version = sys.argv[1:6]
markdown = markdown == "1"
names = sys.argv[6:]


def norm_text(s):
    """Lower case, literals as ?, whitespace collapsed: what `query` selectors are written in."""
    s = s.lower()
    s = re.sub(r"'(?:[^'\\]|\\.|'')*'", "?", s)
    s = re.sub(r'"(?:[^"\\]|\\.)*"', "?", s)
    s = re.sub(r"(?<![\w.])-?\d+(?:\.\d+)?(?![\w])", "?", s)
    s = s.replace("`", "")
    return re.sub(r"\s+", " ", s).strip()


def class_matches(cls, query):
    q = re.sub(r"\s+", " ", query.lower()).strip()
    return q in norm_text(cls.get("sample") or "") or q in norm_text(cls.get("fingerprint") or "")


def split_table(name, default_db):
    name = name.lower()
    if "." in name:
        db, t = name.split(".", 1)
        return db, t
    return (default_db or "").lower(), name


def bare(name):
    return name.lower().split(".")[-1]


def col(c):
    return re.sub(r"\(\d+\)$", "", c.strip("`")).lower()


def variants(exp):
    yield exp
    for alt in exp.get("also_ok", []):
        yield alt


def fits(v, cols):
    want = [c.lower() for c in v["columns"]]
    eq = v.get("equalities", 0)
    cover = {c.lower() for c in v.get("covering", [])}
    if len(cols) < len(want):
        return False
    if set(cols[:eq]) != set(want[:eq]) or cols[eq:len(want)] != want[eq:]:
        return False
    return cover <= set(cols[len(want):])


def max_matching(edges, n_left):
    """edges[i]: right nodes left node i may take. Returns {left: right}."""
    match_r = {}

    def augment(i, seen):
        for j in edges[i]:
            if j in seen:
                continue
            seen.add(j)
            if j not in match_r or augment(match_r[j], seen):
                match_r[j] = i
                return True
        return False

    for i in range(n_left):
        augment(i, set())
    return {i: j for j, i in match_r.items()}


def cols_text(v):
    eq = v.get("equalities", 0)
    parts = []
    for k, c in enumerate(v["columns"]):
        parts.append(c + ("=" if k < eq else ""))
    s = "(" + ", ".join(parts) + ")"
    if v.get("covering"):
        s += " covering " + ", ".join(v["covering"])
    return s


def evaluate(name):
    d = os.path.join(scen_dir, name)
    err_file = os.path.join(work, name + ".error")
    if os.path.exists(err_file):
        return {"name": name, "error": open(err_file).read().strip()}
    exp = json.load(open(os.path.join(d, "expected.json")))
    rep = json.load(open(os.path.join(work, name + ".json")))
    default_db = exp.get("database")
    classes = {c["id"]: c for c in rep.get("classes", [])}
    props = rep.get("proposals", [])
    expected = exp.get("indexes", [])

    # Proposals and expected indexes: a proposal fits an expected index (or an also_ok of it)
    # when its key columns, then its covering columns, start with the expected columns; one
    # proposal per expected index at most (a second one is extra).
    pcols = [[col(c) for c in p.get("columns", [])] + [col(c) for c in p.get("include", [])] for p in props]
    ptab = [split_table(p["table"], p.get("database") or default_db) for p in props]
    edges = []
    for i, p in enumerate(props):
        e = []
        for j, x in enumerate(expected):
            if split_table(x["table"], default_db) == ptab[i] and any(fits(v, pcols[i]) for v in variants(x)):
                e.append(j)
        edges.append(e)
    m = max_matching(edges, len(props))
    matched_exp = set(m.values())

    no_index = exp.get("no_index_for", [])
    extras = []
    for i, p in enumerate(props):
        if i in m:
            continue
        why = []
        for n in no_index:
            if split_table(n["table"], default_db) != ptab[i]:
                continue
            if "query" in n:
                served = [classes[c] for c in p.get("query_classes", []) if c in classes]
                if not any(class_matches(c, n["query"]) for c in served):
                    continue
            why.append(n["why"])
        extras.append({"ddl": p.get("ddl", ""), "classes": len(p.get("query_classes", [])),
                       "query_time": p.get("query_time"), "no_index_for": why})
    missed = [x for j, x in enumerate(expected) if j not in matched_exp]

    # Findings: every finding of every class, and the report's top-level ones (no class).
    found = []
    for c in rep.get("classes", []):
        for f in c.get("findings", []):
            found.append((f, c))
    for f in rep.get("findings", []):
        found.append((f, None))

    def hits(entry, any_table):
        rules = entry["rule"] if isinstance(entry["rule"], list) else [entry["rule"]]
        out = []
        for f, c in found:
            if f.get("rule") not in rules:
                continue
            if "query" in entry:
                if c is None or not class_matches(c, entry["query"]):
                    continue
                if not any_table and bare(f.get("table") or "") != bare(entry["table"]):
                    continue
            elif bare(f.get("table") or "") != bare(entry["table"]):
                continue
            out.append((f, c))
        return out

    exp_findings = exp.get("findings", [])
    missing_findings = [e for e in exp_findings if not hits(e, any_table=False)]
    false_findings = []
    for e in exp.get("no_findings", []):
        for f, c in hits(e, any_table=True):
            false_findings.append((e, f, c))

    # Rule fixes that are index DDL. For a table the class has a proposal on, each ALTER TABLE
    # of the fix must be that proposal's DDL, word for word (fix_conflicts). A fix adding an
    # index to a table where no proposal serves the class is counted apart (fix_unproposed):
    # the report then says both "add this index" and, by proposing none, "do not".
    by_rank = {p.get("rank"): p for p in props}
    fix_conflicts, fix_unproposed = [], []
    for c in rep.get("classes", []):
        for f in c.get("findings", []):
            fix = f.get("fix") or ""
            stmts = re.findall(r"ALTER TABLE [^;]*ADD INDEX[^;]*;", fix, re.I)
            if not stmts:
                continue
            t = bare(f.get("table") or "")
            ranks = {w.get("proposal") for w in c.get("indexes", []) if bare(w.get("table") or "") == t and w.get("proposal")}
            ddls = {by_rank[r]["ddl"] for r in ranks if r in by_rank}
            if not ddls:
                fix_unproposed.append((c, f, "no proposal serves this class on `%s`" % t))
            elif any(s not in ddls for s in stmts):
                fix_conflicts.append((c, f, "the class's proposal: " + " / ".join(sorted(ddls))))

    return {"name": name, "proposals": len(props), "expected": len(expected), "matched": len(m),
            "extras": extras, "missed": missed, "exp_findings": len(exp_findings),
            "missing_findings": missing_findings, "false_findings": false_findings,
            "fix_conflicts": fix_conflicts, "fix_unproposed": fix_unproposed,
            "classes": rep.get("unique_classes"),
            "events": rep.get("events")}


results = [evaluate(n) for n in names]


def pct1(a, b):
    if b == 0:
        return "—"
    v = 100.0 * a / b
    return "%d%%" % v if v == int(v) else "%.1f%%" % v


head = ["scenario", "proposals", "expected", "matched", "extra", "missed", "precision", "recall",
        "findings found", "false findings", "fix ≠ proposal", "index fix, no proposal"]
rows = []
tot = dict(proposals=0, expected=0, matched=0, extra=0, missed=0, ef=0, ff=0, fa=0, fc=0, fu=0)
for r in results:
    if "error" in r:
        rows.append([r["name"], "error: " + r["error"]] + [""] * (len(head) - 2))
        continue
    ef, nmiss = r["exp_findings"], len(r["missing_findings"])
    rows.append([r["name"], str(r["proposals"]), str(r["expected"]), str(r["matched"]),
                 str(len(r["extras"])), str(len(r["missed"])), pct1(r["matched"], r["proposals"]),
                 pct1(r["matched"], r["expected"]), "%d / %d" % (ef - nmiss, ef),
                 str(len(r["false_findings"])), str(len(r["fix_conflicts"])), str(len(r["fix_unproposed"]))])
    tot["proposals"] += r["proposals"]; tot["expected"] += r["expected"]; tot["matched"] += r["matched"]
    tot["extra"] += len(r["extras"]); tot["missed"] += len(r["missed"])
    tot["ef"] += ef; tot["fa"] += ef - nmiss; tot["ff"] += len(r["false_findings"])
    tot["fc"] += len(r["fix_conflicts"]); tot["fu"] += len(r["fix_unproposed"])
rows.append(["total", str(tot["proposals"]), str(tot["expected"]), str(tot["matched"]), str(tot["extra"]),
             str(tot["missed"]), pct1(tot["matched"], tot["proposals"]), pct1(tot["matched"], tot["expected"]),
             "%d / %d" % (tot["fa"], tot["ef"]), str(tot["ff"]), str(tot["fc"]), str(tot["fu"])])

print("# qadvisor advise precision: %s (commit %s)" % (version or "qadvisor", commit))
if markdown:
    print("| " + " | ".join(head) + " |")
    print("|" + "|".join("---" for _ in head) + "|")
    for row in rows:
        cells = ["**%s**" % c if row[0] == "total" else c for c in row]
        print("| " + " | ".join(cells) + " |")
else:
    w = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(head)]
    print("  ".join(h.ljust(w[i]) if i == 0 else h.rjust(w[i]) for i, h in enumerate(head)))
    for row in rows:
        print("  ".join(c.ljust(w[i]) if i == 0 else c.rjust(w[i]) for i, c in enumerate(row)))

bullet = "- " if markdown else "  "


def short(c):
    t = re.sub(r"\s+", " ", c.get("fingerprint") or "")
    return t if len(t) <= 90 else t[:89] + "…"


for r in results:
    if "error" in r:
        continue
    lines = []
    for x in r["extras"]:
        t = " (%.2f s, %d class%s)" % (x["query_time"], x["classes"], "" if x["classes"] == 1 else "es") \
            if x["query_time"] is not None else ""
        lines.append(bullet + "extra%s: %s" % (t, x["ddl"]))
        for why in x["no_index_for"]:
            lines.append("    expected no index: " + why)
    for x in r["missed"]:
        alts = " or ".join(cols_text(v) for v in variants(x))
        lines.append(bullet + "missed: %s %s: %s" % (x["table"], alts, x["why"]))
    for e in r["missing_findings"]:
        rule = "/".join(e["rule"]) if isinstance(e["rule"], list) else e["rule"]
        lines.append(bullet + "missing finding: %s on %s%s: %s" % (
            rule, e["table"], (" in `%s…`" % e["query"]) if "query" in e else "", e["why"]))
    for e, f, c in r["false_findings"]:
        where = (" in class %s" % c["id"]) if c else ""
        lines.append(bullet + "false finding: %s%s: %s" % (f.get("rule"), where, f.get("message", "")))
        lines.append("    expected none: " + e["why"])
    for c, f, why in r["fix_conflicts"]:
        lines.append(bullet + "fix ≠ proposal: %s in `%s`: fix %s; %s" % (
            f.get("rule"), short(c), f.get("fix"), why))
    for c, f, why in r["fix_unproposed"]:
        stmts = re.findall(r"ALTER TABLE [^;]*;", f.get("fix") or "", re.I)
        lines.append(bullet + "index fix, no proposal: %s in `%s`: %s" % (
            f.get("rule"), short(c), " ".join(stmts)))
    if lines:
        print()
        print(("**%s**" if markdown else "%s:") % r["name"])
        print("\n".join(lines))
PY
