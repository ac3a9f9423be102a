#!/usr/bin/env bash
# Measures, on a real MariaDB server, which ALTER algorithms and locks the server accepts for
# every DDL statement of a scenario's migrations (bench/check/scenarios/NAME/migrations/*.sql),
# applied in order on the schema built so far. This is the ground truth for the MariaDB side of
# the scenario's expected.toml; see bench/check/README.md.
#
#   bench/check/probe.sh tickets                     # start a private server, probe, stop it
#   bench/check/probe.sh --socket /tmp/x.sock tickets  # use a running server (root, no password)
#   bench/check/probe.sh --keep-db tickets           # leave the databases probe_main/probe_scratch
#
# For each statement:
#   - ALTER TABLE / CREATE INDEX / DROP INDEX: the database as the previous migrations left it is
#     copied (mariadb-dump, data included: schema.sql plus the scenario's fill.sql) into a scratch
#     database, and the statement is tried there with every ALGORITHM (INSTANT, NOCOPY, INPLACE,
#     COPY) and LOCK (NONE, SHARED, EXCLUSIVE); the scratch copy is renewed after each success.
#     A column of the output gives, per algorithm, the weakest lock the server accepted with it,
#     or "-" when it refused the algorithm. Then the statement is applied to the main database,
#     with the least disruptive ALGORITHM/LOCK first, so the real history (instant ADD COLUMN
#     and all) is what the next statement meets; "applied" says which pair the server took there.
#     A statement that names its own ALGORITHM/LOCK is first applied as written ("as written");
#     when the server refuses it, "applied" says "REFUSED as written (the error); then" the pair.
#   - RENAME TABLE, CREATE TABLE, anything else: applied as written (no ALGORITHM clause exists).
#
# Writes bench/check/scenarios/NAME/mariadb-<major.minor>-algorithms.tsv and prints it.
# Needs mariadb, mariadb-dump, python3 and, without --socket, scripts/mariadb-sandbox.sh.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)

socket=
keep_db=0
name=
while [[ $# -gt 0 ]]; do
  case $1 in
    --socket) socket=${2:?--socket PATH}; shift ;;
    --keep-db) keep_db=1 ;;
    -h|--help) sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "probe: unknown option $1" >&2; exit 2 ;;
    *) name=$1 ;;
  esac
  shift
done
[[ -n $name ]] || { echo "usage: probe.sh [--socket PATH] [--keep-db] SCENARIO" >&2; exit 2; }
dir=$here/scenarios/$name
[[ -f $dir/schema.sql && -d $dir/migrations ]] || { echo "probe: $dir needs schema.sql and migrations/" >&2; exit 2; }

sandbox=
if [[ -z $socket ]]; then
  sandbox=$(mktemp -d "${TMPDIR:-/tmp}/qadv-probe.XXXXXX")
  socket=$("$root/scripts/mariadb-sandbox.sh" start "$sandbox")
  trap '"$root/scripts/mariadb-sandbox.sh" stop "$sandbox"; rm -rf "$sandbox"' EXIT
fi

python3 - "$dir" "$socket" "$keep_db" <<'PY'
import glob
import os
import re
import subprocess
import sys

scen, sock, keep_db = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
MAIN, SCRATCH = "probe_main", "probe_scratch"
CLIENT = ["mariadb", "--no-defaults", "-S", sock, "-uroot", "--default-character-set=utf8mb4",
          "--batch", "--skip-column-names"]


def run(sql, db=None):
    """(ok, output or error message)."""
    cmd = CLIENT + ([db] if db else [])
    p = subprocess.run(cmd, input=sql, capture_output=True, text=True)
    if p.returncode == 0:
        return True, p.stdout.strip()
    msg = p.stderr.strip().splitlines()
    msg = msg[-1] if msg else "error"
    msg = re.sub(r"^ERROR (\d+) \(\w+\) at line \d+: ", r"ERROR \1: ", msg)
    return False, msg


def must(sql, db=None):
    ok, out = run(sql, db)
    if not ok:
        sys.exit("probe: %s\n  in: %s" % (out, sql[:200]))
    return out


def split_statements(text):
    """[(start_line, end_line, sql)]: statements split at ';' outside quotes and comments."""
    out, i, n, line = [], 0, len(text), 1
    buf, start = [], None
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
        if c == "-" and text.startswith("--", i) and (i + 2 >= n or text[i + 2] in " \t\n"):
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        if c == "#":
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        if c == "/" and text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            line += text.count("\n", i, j)
            i = j
            continue
        if c in "'\"`":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" and c != "`" else 1
            seg = text[i:j + 1]
            if start is None:
                start = line
            buf.append(seg)
            line += seg.count("\n")
            i = j + 1
            continue
        if c == ";":
            sql = "".join(buf).strip()
            if sql:
                out.append((start, line, sql))
            buf, start = [], None
            i += 1
            continue
        if start is None and not c.isspace():
            start = line
        buf.append(c)
        i += 1
    sql = "".join(buf).strip()
    if sql:
        out.append((start, line, sql))
    return out


def kind(sql):
    s = re.sub(r"\s+", " ", sql).strip().upper()
    if s.startswith("ALTER TABLE"):
        return "alter"
    if re.match(r"CREATE (UNIQUE |FULLTEXT |SPATIAL )?INDEX", s):
        return "create_index"
    if s.startswith("DROP INDEX"):
        return "drop_index"
    return "other"


def with_clause(sql, k, alg, lock):
    if k == "alter":
        return "%s, ALGORITHM=%s, LOCK=%s" % (sql, alg, lock)
    return "%s ALGORITHM=%s LOCK=%s" % (sql, alg, lock)


def table_of(sql):
    m = (re.match(r"\s*ALTER\s+TABLE\s+`?(\w+)`?", sql, re.I)
         or re.search(r"\bON\s+`?(\w+)`?", sql, re.I)
         or re.match(r"\s*RENAME\s+TABLE\s+`?(\w+)`?", sql, re.I)
         or re.match(r"\s*CREATE\s+TABLE\s+(?:IF NOT EXISTS\s+)?`?(\w+)`?", sql, re.I))
    return m.group(1) if m else ""


def clone():
    must("DROP DATABASE IF EXISTS %s; CREATE DATABASE %s DEFAULT CHARSET utf8mb4 COLLATE utf8mb4_unicode_ci;" % (SCRATCH, SCRATCH))
    dump = subprocess.run(["mariadb-dump", "--no-defaults", "-S", sock, "-uroot", "--no-create-db",
                           "--skip-triggers", MAIN], capture_output=True, text=True, check=True).stdout
    must(dump, SCRATCH)


version = must("SELECT VERSION();")
mm = ".".join(version.split(".")[:2])
must("DROP DATABASE IF EXISTS %s; CREATE DATABASE %s DEFAULT CHARSET utf8mb4 COLLATE utf8mb4_unicode_ci;" % (MAIN, MAIN))
must(open(os.path.join(scen, "schema.sql")).read(), MAIN)
if os.path.exists(os.path.join(scen, "fill.sql")):
    must(open(os.path.join(scen, "fill.sql")).read(), MAIN)

ALGS = ["INSTANT", "NOCOPY", "INPLACE", "COPY"]
LOCKS = ["NONE", "SHARED", "EXCLUSIVE"]
ORDER = [("INSTANT", "NONE"), ("NOCOPY", "NONE"), ("INPLACE", "NONE"), ("NOCOPY", "SHARED"),
         ("INPLACE", "SHARED"), ("NOCOPY", "EXCLUSIVE"), ("INPLACE", "EXCLUSIVE"),
         ("COPY", "SHARED"), ("COPY", "EXCLUSIVE")]

rows = []
for path in sorted(glob.glob(os.path.join(scen, "migrations", "*.sql"))):
    rel = os.path.relpath(path, scen)
    for start, end, sql in split_statements(open(path).read()):
        k = kind(sql)
        flat = re.sub(r"\s+", " ", sql)
        row = {"location": "%s:%d" % (rel, start), "table": table_of(sql), "statement": flat}
        if k == "other":
            ok, msg = run(sql + ";", MAIN)
            row.update({a: "n/a" for a in ALGS})
            row["best"] = "n/a"
            row["rebuilds"] = "-"
            row["applied"] = "as written" if ok else "FAILED: " + msg
            row["reason"] = "no ALGORITHM clause for this statement"
            rows.append(row)
            continue
        clone()
        accepted, refusal = {}, {}
        for alg in ALGS:
            for lock in LOCKS:
                ok, msg = run(with_clause(sql, k, alg, lock) + ";", SCRATCH)
                if ok:
                    accepted[alg] = lock
                    clone()
                    break
                refusal.setdefault(alg, msg)
        for alg in ALGS:
            row[alg] = accepted.get(alg, "-")
        best = next((a for a in ALGS if a in accepted), None)
        if best is None:
            row["best"] = "none"
            row["rebuilds"] = "-"
        else:
            row["best"] = "%s/%s" % (best, accepted[best])
            row["rebuilds"] = {"INSTANT": "no", "NOCOPY": "no", "INPLACE": "yes", "COPY": "copy"}[best]
        # The server's reason for refusing the algorithm just better than the best one.
        better = ALGS[:ALGS.index(best)] if best else ALGS
        row["reason"] = refusal.get(better[-1], "") if better else ""
        applied = None
        prefix = ""
        if re.search(r"\b(ALGORITHM|LOCK)\s*=", sql, re.I):
            # The statement names its own ALGORITHM/LOCK (the trials above override it: the last
            # clause wins): what the server does with it as written is what the migration meets.
            ok, msg = run(sql + ";", MAIN)
            if ok:
                applied = "as written"
            else:
                prefix = "REFUSED as written (%s); then " % msg
        for alg, lock in ([] if applied else ORDER):
            ok, msg = run(with_clause(sql, k, alg, lock) + ";", MAIN)
            if ok:
                applied = prefix + "%s/%s" % (alg, lock)
                break
        if applied is None:
            ok, msg = run(sql + ";", MAIN)
            applied = "as written" if ok else "FAILED: " + msg
            if best is None:
                row["reason"] = msg  # refused whatever the algorithm: say why, not the last lock refusal
        row["applied"] = applied
        rows.append(row)

cols = ["location", "table", "statement", "INSTANT", "NOCOPY", "INPLACE", "COPY", "best", "rebuilds", "applied", "reason"]
out = os.path.join(scen, "mariadb-%s-algorithms.tsv" % mm)
with open(out, "w") as f:
    f.write("# Measured on MariaDB %s by bench/check/probe.sh: per algorithm, the weakest LOCK the server\n" % version)
    f.write("# accepted with it (NONE < SHARED < EXCLUSIVE) or '-' when it refused it. best: the cheapest\n")
    f.write("# algorithm accepted; rebuilds: no (INSTANT/NOCOPY), yes (INPLACE only), copy (COPY only);\n")
    f.write("# applied: what the in-order run took; reason: the server's refusal of the next better algorithm.\n")
    f.write("\t".join(cols) + "\n")
    for r in rows:
        f.write("\t".join(str(r[c]).replace("\t", " ") for c in cols) + "\n")
print(open(out).read(), end="")
if not keep_db:
    must("DROP DATABASE IF EXISTS %s; DROP DATABASE IF EXISTS %s;" % (MAIN, SCRATCH))
PY
