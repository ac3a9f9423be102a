#!/usr/bin/env bash
# How well `qadvisor check` judges migrations, on scenarios written independently of its rules
# (bench/check/scenarios/*/): for each scenario and each target server, runs
#
#   qadvisor check --schema schema.sql --workload slow.log --target T --format json \
#       queries.sql migrations/*.sql
#
# from the scenario's directory and compares the findings of the migration rules with the
# scenario's expected.toml. Prints recall and precision per scenario and target, then every
# missing finding, every extra one (and whether it lands on a statement expected to be safe).
# See bench/check/README.md.
#
#   bench/check/migrations.sh                         # every scenario, mariadb-10.11 and mysql-8.0
#   bench/check/migrations.sh --targets mysql-8.4     # other targets (comma-separated)
#   bench/check/migrations.sh --stats                 # also pass --stats stats.json
#   bench/check/migrations.sh --no-workload           # no --workload (drops the workload-only expectations)
#   bench/check/migrations.sh --strict                # no fallback run when qadvisor rejects a flag
#   bench/check/migrations.sh --keep DIR              # keep each run's JSON in DIR
#   QADVISOR=/path/to/qadvisor bench/check/migrations.sh tickets
#
# When the binary does not know --target or --workload (not in `qadvisor check --help`), the
# script says so and, unless --strict, scores a fallback run without the flag, labelled as such.
# It is a benchmark, not a test: it exits 0 whatever it measures. Exit 2: no qadvisor binary.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
qadvisor=${QADVISOR:-$root/build/release/cli/qadvisor}
if [[ ! -x $qadvisor ]]; then
  echo "migrations: no qadvisor binary at $qadvisor (build it, or set QADVISOR)" >&2
  exit 2
fi
qadvisor=$(cd "$(dirname "$qadvisor")" && pwd)/$(basename "$qadvisor")

targets=mariadb-10.11,mysql-8.0
use_stats=0
use_workload=1
strict=0
keep=
names=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --targets) targets=${2:?--targets T,...}; shift ;;
    --stats) use_stats=1 ;;
    --no-workload) use_workload=0 ;;
    --strict) strict=1 ;;
    --keep) keep=${2:?--keep DIR}; shift ;;
    -h|--help) sed -n '2,26p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "migrations: unknown option $1" >&2; exit 2 ;;
    *) names+=("$1") ;;
  esac
  shift
done
if [[ ${#names[@]} -eq 0 ]]; then
  for d in "$here"/scenarios/*/; do
    [[ -f $d/expected.toml ]] && names+=("$(basename "$d")")
  done
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/qadv-migrations.XXXXXX")
trap 'rm -rf "$work"' EXIT
[[ -n $keep ]] && mkdir -p "$keep"

# Which of the flags this binary knows.
help=$("$qadvisor" check --help 2>&1 || true)
# An option line of the help (`  --target TEXT …`, `  -o,--output …`), not a mention in a description.
knows() { grep -qE -- "^ +(-[A-Za-z],)?$1\b" <<<"$help"; }
notes=()
has_target=1; has_workload=1
if ! knows --target; then
  has_target=0
  notes+=("qadvisor rejects --target: \`qadvisor check --help\` does not list it")
fi
if [[ $use_workload == 1 ]] && ! knows --workload; then
  has_workload=0
  notes+=("qadvisor rejects --workload: \`qadvisor check --help\` does not list it")
fi

IFS=, read -r -a target_list <<<"$targets"
for name in "${names[@]}"; do
  dir=$here/scenarios/$name
  if [[ ! -f $dir/expected.toml || ! -f $dir/schema.sql || ! -d $dir/migrations ]]; then
    echo "migrations: $dir needs expected.toml, schema.sql and migrations/" >&2
    continue
  fi
  for t in "${target_list[@]}"; do
    args=(check --format json --schema schema.sql)
    mode=full
    [[ $use_stats == 1 && -f $dir/stats.json ]] && args+=(--stats stats.json)
    if [[ $use_workload == 1 && -f $dir/slow.log ]]; then
      if [[ $has_workload == 1 ]]; then args+=(--workload slow.log); else mode=fallback; fi
    fi
    if [[ $has_target == 1 ]]; then
      args+=(--target "$t")
    else
      mode=fallback
      # The nearest the binary has: the server family's defaults.
      [[ $t == mariadb* ]] && args+=(--flavor mariadb) || args+=(--flavor mysql8)
    fi
    out=$work/$name.$t
    if [[ $mode == fallback && $strict == 1 ]]; then
      echo "qadvisor does not take the flags this run needs (--strict: not run)" >"$out.error"
      continue
    fi
    # Relative paths, from the scenario's directory: the report names the files as given.
    rc=0
    (cd "$dir" && "$qadvisor" "${args[@]}" queries.sql migrations/*.sql) >"$out.json" 2>"$out.stderr" || rc=$?
    if [[ $rc -ge 2 ]]; then
      msg=$(grep -m1 -E -- '--(target|workload)' "$out.stderr" || grep -m1 -E '^qadvisor: ' "$out.stderr" ||
            head -1 "$out.stderr")
      if grep -qE -- '--(target|workload)' "$out.stderr"; then
        echo "qadvisor rejects the command line (exit $rc): $msg" >"$out.error"
      else
        echo "qadvisor check failed (exit $rc): $msg" >"$out.error"
      fi
      continue
    fi
    echo "$mode" >"$out.mode"
    echo "qadvisor ${args[*]} queries.sql migrations/*.sql" >"$out.cmd"
    [[ -n $keep ]] && cp "$out.json" "$keep/$name.$t.json"
  done
done

commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
version=$("$qadvisor" --version 2>/dev/null | head -1 || true)
printf '%s\n' "${notes[@]+"${notes[@]}"}" >"$work/notes"
python3 - "$here/scenarios" "$work" "$commit" "$version" "$use_workload" "$targets" "${names[@]}" <<'PY'
import json
import os
import re
import sys
import tomllib

scen_dir, work, commit, version, use_workload, targets = sys.argv[1:7]
use_workload = use_workload == "1"
targets = targets.split(",")
names = sys.argv[7:]

MIGRATION_RULES = {"ddl-copies-table", "ddl-rebuilds-table", "not-null-without-default",
                   "narrowing-type-change", "drop-in-use", "rename-in-use", "index-key-too-long",
                   "utf8mb3"}
INPUT_ERRORS = {"parse-error", "schema-error"}


def family(target):
    return "mariadb" if target.lower().startswith("mariadb") else "mysql"


def statements(path):
    """[(start_line, end_line)] of the statements of a SQL file (';' outside quotes/comments)."""
    try:
        text = open(path, encoding="utf-8", errors="replace").read()
    except OSError:
        return []
    out, i, n, line, start = [], 0, len(text), 1, None
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
            continue
        if text.startswith("--", i) and (i + 2 >= n or text[i + 2] in " \t\n") or c == "#":
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            line += text.count("\n", i, j)
            i = j
            continue
        if start is None and not c.isspace():
            start = line
        if c in "'\"`":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" and c != "`" else 1
            line += text.count("\n", i, j + 1)
            i = j + 1
            continue
        if c == ";":
            if start is not None:
                out.append((start, line))
            start = None
        i += 1
    if start is not None:
        out.append((start, line))
    return out


def max_matching(edges, n_left):
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


def evaluate(name, target):
    d = os.path.join(scen_dir, name)
    base = os.path.join(work, "%s.%s" % (name, target))
    if os.path.exists(base + ".error"):
        return {"name": name, "target": target, "error": open(base + ".error").read().strip()}
    exp = tomllib.load(open(os.path.join(d, "expected.toml"), "rb"))
    rep = json.load(open(base + ".json"))
    mode = open(base + ".mode").read().strip()
    fam = family(target)
    stmt_cache = {}

    def stmt_of(file, line):
        if file not in stmt_cache:
            stmt_cache[file] = statements(os.path.join(d, file))
        for k, (a, b) in enumerate(stmt_cache[file]):
            if a <= line <= b:
                return (file, k)
        return (file, "line", line)

    def applies(e):
        return e.get("target", "any") in ("any", fam)

    def rules(e):
        r = e["rule"]
        return set(r) if isinstance(r, list) else {r}

    expected = [e for e in exp.get("finding", []) if applies(e)]
    skipped_workload = [e for e in expected if e.get("workload") and not use_workload]
    expected = [e for e in expected if not (e.get("workload") and not use_workload)]
    optional = [e for e in exp.get("optional", []) if applies(e)]
    safe = [e for e in exp.get("safe", []) if applies(e)]

    found, other = [], 0
    for f in rep.get("findings", []):
        if f.get("rule") in MIGRATION_RULES or f.get("rule") in INPUT_ERRORS:
            loc = f.get("location") or {}
            file = os.path.normpath(loc.get("file") or "")
            found.append((f, file, loc.get("line") or 0))
        else:
            other += 1

    def hits(e, fi):
        f, file, line = found[fi]
        return (file == os.path.normpath(e["file"]) and f["rule"] in rules(e)
                and stmt_of(file, line) == stmt_of(file, e["line"]))

    edges = [[j for j, e in enumerate(expected) if hits(e, i)] for i in range(len(found))]
    m = max_matching(edges, len(found))
    matched_exp = set(m.values())
    safe_stmts = {stmt_of(os.path.normpath(s["file"]), s["line"]): s for s in safe}
    extras, dups, tolerated = [], [], []
    for i, (f, file, line) in enumerate(found):
        if i in m:
            continue
        if any(hits(o, i) for o in optional):
            tolerated.append((f, file, line))
        elif any(hits(expected[j], i) for j in matched_exp):
            dups.append((f, file, line))
        else:
            s = safe_stmts.get(stmt_of(file, line))
            extras.append((f, file, line, s))
    missing = [e for j, e in enumerate(expected) if j not in matched_exp]
    violated = {id(x[3]) for x in extras if x[3] is not None}
    return {"name": name, "target": target, "mode": mode, "expected": len(expected),
            "matched": len(m), "missing": missing, "extras": extras, "dups": dups,
            "tolerated": tolerated, "other": other, "safe": len(safe),
            "safe_violated": len(violated), "skipped_workload": skipped_workload,
            "cmd": open(base + ".cmd").read().strip()}


def pct(a, b):
    if b == 0:
        return "—"
    v = 100.0 * a / b
    return "%d%%" % v if v == int(v) else "%.1f%%" % v


print("# qadvisor check, migration rules: %s (commit %s)" % (version or "qadvisor", commit))
notes = [l for l in open(os.path.join(work, "notes")).read().splitlines() if l.strip()]
for n in notes:
    print("note: " + n)
results = [evaluate(n, t) for n in names for t in targets]
head = ["scenario", "target", "run", "expected", "found", "missing", "extra", "dup", "precision",
        "recall", "safe kept", "other rules"]
rows = []
for r in results:
    if "error" in r:
        rows.append([r["name"], r["target"], "error"] + [""] * (len(head) - 3))
        continue
    rows.append([r["name"], r["target"], r["mode"], str(r["expected"]), str(r["matched"]),
                 str(len(r["missing"])), str(len(r["extras"])), str(len(r["dups"])),
                 pct(r["matched"], r["matched"] + len(r["extras"])), pct(r["matched"], r["expected"]),
                 "%d / %d" % (r["safe"] - r["safe_violated"], r["safe"]), str(r["other"])])
w = [max(len(h), *(len(x[i]) for x in rows)) for i, h in enumerate(head)]
print("  ".join(h.ljust(w[i]) if i < 3 else h.rjust(w[i]) for i, h in enumerate(head)))
for row in rows:
    print("  ".join(c.ljust(w[i]) if i < 3 else c.rjust(w[i]) for i, c in enumerate(row)))


def rule_text(e):
    return "/".join(e["rule"]) if isinstance(e["rule"], list) else e["rule"]


def short(s, n=140):
    s = re.sub(r"\s+", " ", s or "")
    return s if len(s) <= n else s[:n - 1] + "…"


for r in results:
    print()
    print("%s, %s:" % (r["name"], r["target"]))
    if "error" in r:
        print("  " + r["error"])
        continue
    print("  run: " + r["cmd"] + ("   (FALLBACK: without the flags qadvisor rejects)" if r["mode"] == "fallback" else ""))
    for e in r["missing"]:
        print("  missing: %s at %s:%d (%s): %s" % (rule_text(e), e["file"], e["line"], e.get("target", "any"), short(e["why"])))
    for f, file, line, s in r["extras"]:
        print("  extra: %s at %s:%d: %s" % (f["rule"], file, line, short(f.get("message"))))
        if s is not None:
            print("    on a statement expected safe: " + short(s["why"]))
    for f, file, line in r["dups"]:
        print("  duplicate (not counted): %s at %s:%d: %s" % (f["rule"], file, line, short(f.get("message"))))
    for f, file, line in r["tolerated"]:
        print("  optional (not counted): %s at %s:%d: %s" % (f["rule"], file, line, short(f.get("message"))))
    for e in r["skipped_workload"]:
        print("  not expected without --workload: %s at %s:%d" % (rule_text(e), e["file"], e["line"]))
PY
