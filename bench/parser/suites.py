#!/usr/bin/env python3
"""Measure `qadvisor parse` on a directory of SQL scripts (other parsers' test suites).

For every statement of every `*.sql` file in DIR this reports whether qadvisor accepts it
(parses it, or recognises it as a statement kind it does not model), rejects it (an error
diagnostic), crashes on it (killed by a signal, or no answer within the time limit), and
whether a modelled statement round-trips: the SQL that `qadvisor parse` prints, parsed again,
gives the same AST (`parse --json`, with the `span` fields removed, since offsets change).

Statements are split here the way the mysql client splits a script (quotes, comments,
`DELIMITER`), then written in chunks to temporary scripts, one statement per block with a
known first line, so that each diagnostic and each printed statement maps back to its
statement by line number. One process per chunk, not per statement: thousands of statements
take seconds. A chunk whose process crashes is halved until the crashing statements are
alone, so one crash costs one statement, not a file.

python3, standard library only. Usage: suites.py [--qadvisor BIN] [--failures OUT.jsonl] DIR
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

CHUNK = 400  # statements per qadvisor process
TIMEOUT = 120  # seconds per process; longer counts as a crash (a hang)


def split_script(text):
    """Split a script as the mysql client does; return the statements' texts, trimmed.

    Handles '…', "…", `…` (with backslash escapes in the first two), -- and # comments,
    /* … */ comments, and `DELIMITER x` lines. Empty and comment-only statements are dropped.
    """
    out = []
    delim = ";"
    i, n = 0, len(text)
    start = 0
    at_line_start = True

    def flush(end):
        s = text[start:end].strip()
        if s and not _comment_only(s):
            out.append(s)

    while i < n:
        c = text[i]
        if at_line_start:
            m = re.match(r"[ \t]*delimiter[ \t]+(\S+)[^\n]*(\n|$)", text[i:], re.I)
            if m and not text[start:i].strip():
                delim = m.group(1)
                i += m.end()
                start = i
                continue
        at_line_start = c == "\n"
        if c in "'\"`":
            j = i + 1
            while j < n:
                if text[j] == "\\" and c != "`":
                    j += 2
                    continue
                if text[j] == c:
                    if j + 1 < n and text[j + 1] == c:
                        j += 2
                        continue
                    break
                j += 1
            i = j + 1
            continue
        if c == "#" or (text.startswith("--", i) and (i + 2 >= n or text[i + 2] in " \t\r\n")):
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
            continue
        if text.startswith(delim, i):
            flush(i)
            i += len(delim)
            start = i
            continue
        i += 1
    flush(n)
    return out


def _comment_only(s):
    s = re.sub(r"/\*(?!!).*?\*/", " ", s, flags=re.S)
    s = re.sub(r"(--[ \t][^\n]*|--$|#[^\n]*)", " ", s, flags=re.M)
    return not s.strip()


def write_chunk(path, stmts):
    """Write statements to path, each starting on a fresh line; return their first lines."""
    lines = []
    line = 1
    with open(path, "w", encoding="utf-8", errors="surrogateescape") as f:
        for s in stmts:
            lines.append(line)
            if ";" in s:
                d = next(d for d in ("$$", "//", ";;", "@@@@", "~~~~") if d not in s)
                block = f"DELIMITER {d}\n{s}\n{d}\nDELIMITER ;\n"
            else:
                block = f"{s}\n;\n"
            f.write(block)
            line += block.count("\n")
    return lines


def owner(lines, line):
    """Index of the statement whose block holds line (blocks start at lines[i])."""
    lo, hi = 0, len(lines) - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if lines[mid] <= line:
            lo = mid
        else:
            hi = mid - 1
    return lo


def run(binary, args):
    try:
        p = subprocess.run([binary, "parse"] + args, capture_output=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return None
    if p.returncode < 0 or p.returncode >= 128:
        return None
    return p.returncode, p.stdout.decode("utf-8", "surrogateescape"), p.stderr.decode(
        "utf-8", "surrogateescape")


DIAG = re.compile(r"^(.*?):(\d+):(\d+): (error|note|warning): (.*)$", re.M)
HEADER = re.compile(r"^-- .*?:(\d+):(\d+)( \(not modelled yet\))?$", re.M)


def comparable(node, literal=False):
    """The AST JSON as parser::Equal (parser/ast_equal.cpp) compares it, near enough.

    Spans go (offsets move). Text kept as written is compared as Equal compares it: words
    case-folded and whitespace runs collapsed, quotes and hint markers dropped; a literal's
    text stays exact. Identifiers in the JSON are already unquoted.
    """
    if isinstance(node, dict):
        # NULL, TRUE and FALSE are equal however they are spelt; other literals by text.
        spelt = node.get("kind") == "literal" and node.get("literal") in ("null", "true", "false")
        lit = node.get("kind") == "literal" and not spelt
        return {k: (v if lit and k == "text" else comparable(v))
                for k, v in node.items() if k != "span" and not (spelt and k == "text")}
    if isinstance(node, list):
        return [comparable(v) for v in node]
    if isinstance(node, str):
        s = node
        if s.startswith("/*+") and s.endswith("*/"):
            s = s[3:-2]
        s = " ".join(s.split()).lower()
        if len(s) >= 2 and s[0] in "'\"" and s[-1] == s[0]:
            s = s[1:-1]
        return s
    return node


def parse_chunk(binary, stmts, tmpdir):
    """Run qadvisor on statements; return one result dict per statement, or None on a crash."""
    path = os.path.join(tmpdir, "chunk.sql")
    lines = write_chunk(path, stmts)
    j = run(binary, ["--json", path])
    t = run(binary, [path])
    if j is None or t is None:
        return None
    res = [{"asts": [], "errors": [], "notes": [], "printed": []} for _ in stmts]
    for entry in json.loads(j[1] or "[]"):
        res[owner(lines, entry["line"])]["asts"].append(entry["ast"])
    for m in DIAG.finditer(j[2]):
        i = owner(lines, int(m.group(2)))
        r = res[i]
        if m.group(4) == "error":
            # The position within the statement, not within the temporary script.
            first = lines[i] + (1 if ";" in stmts[i] else 0)  # after a DELIMITER line
            r["errors"].append(f"{int(m.group(2)) - first + 1}:{m.group(3)}: {m.group(5)}")
        elif m.group(4) == "note":
            r["notes"].append(m.group(5))
    heads = list(HEADER.finditer(t[1]))
    for k, m in enumerate(heads):
        end = heads[k + 1].start() if k + 1 < len(heads) else len(t[1])
        body = t[1][m.end() + 1:end].rstrip("\n")
        if body.endswith(";"):
            body = body[:-1]
        if not m.group(3):
            res[owner(lines, int(m.group(1)))]["printed"].append(body)
    return res


def parse_all(binary, stmts, tmpdir, crashed):
    """parse_chunk on a list, halving around crashes; crashing indexes go to `crashed`."""
    out = []
    for base in range(0, len(stmts), CHUNK):
        out.extend(_parse_part(binary, stmts[base:base + CHUNK], tmpdir, crashed, base))
    return out


def _parse_part(binary, part, tmpdir, crashed, base):
    r = parse_chunk(binary, part, tmpdir)
    if r is not None:
        return r
    if len(part) == 1:
        crashed.add(base)
        return [None]
    half = len(part) // 2
    return (_parse_part(binary, part[:half], tmpdir, crashed, base) +
            _parse_part(binary, part[half:], tmpdir, crashed, base + half))


def measure_file(binary, path, tmpdir):
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        stmts = split_script(f.read())
    crashed = set()
    first = parse_all(binary, stmts, tmpdir, crashed)
    outcomes = []
    roundtrip_idx, roundtrip_sql = [], []
    for i, (s, r) in enumerate(zip(stmts, first)):
        o = {"index": i, "sql": s}
        if r is None:
            o["status"] = "crash"
        elif r["errors"]:
            o["status"] = "rejected"
            o["message"] = r["errors"][0]
        elif len(r["asts"]) != 1:
            # qadvisor split it differently (or saw nothing to parse): not one statement.
            o["status"] = "rejected"
            o["message"] = f"qadvisor saw {len(r['asts'])} statements here"
        elif r["asts"][0]["kind"] == "unsupported_statement":
            o["status"] = "unmodelled"
            o["message"] = r["notes"][0] if r["notes"] else "unsupported_statement"
        else:
            o["status"] = "parsed"
            if len(r["printed"]) == 1:
                roundtrip_idx.append(i)
                roundtrip_sql.append(r["printed"][0])
            else:
                o["status"] = "roundtrip"
                o["message"] = "printed text not found in the output"
        outcomes.append(o)
    crashed2 = set()
    second = parse_all(binary, roundtrip_sql, tmpdir, crashed2)
    for k, (i, r) in enumerate(zip(roundtrip_idx, second)):
        o = outcomes[i]
        o["printed"] = roundtrip_sql[k]
        if r is None:
            o["status"], o["message"] = "roundtrip", "the printed SQL crashes qadvisor"
        elif r["errors"] or len(r["asts"]) != 1:
            o["status"] = "roundtrip"
            o["message"] = "printed SQL does not parse: " + (r["errors"] or ["?"])[0]
        elif comparable(r["asts"][0]) != comparable(first[i]["asts"][0]):
            o["status"], o["message"] = "roundtrip", "printed SQL parses to a different AST"
        elif len(r["printed"]) != 1 or r["printed"][0] != roundtrip_sql[k]:
            o["status"], o["message"] = "roundtrip", "printing the printed SQL changes it again"
    return outcomes


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dir")
    ap.add_argument("--qadvisor", default="qadvisor")
    ap.add_argument("--failures", help="write every statement not parsed cleanly, with its status "
                    "(rejected, crash, roundtrip, unmodelled) and message, as JSON lines")
    a = ap.parse_args()
    if not os.path.isdir(a.dir):
        sys.exit(f"suites: {a.dir} is not a directory")
    files = sorted(f for f in os.listdir(a.dir) if f.endswith(".sql"))
    if not files:
        sys.exit(f"suites: no .sql files in {a.dir}")
    cols = ("statements", "accepted", "parsed", "unmodelled", "rejected", "crashes", "roundtrip")
    total = dict.fromkeys(cols, 0)
    fail_out = open(a.failures, "w", encoding="utf-8") if a.failures else None
    print(f"{'file':<32}" + "".join(f"{c:>11}" for c in cols) + f"{'accepted %':>12}")
    with tempfile.TemporaryDirectory(prefix="qadvisor-suites-") as tmpdir:
        for name in files:
            outs = measure_file(a.qadvisor, os.path.join(a.dir, name), tmpdir)
            row = dict.fromkeys(cols, 0)
            for o in outs:
                row["statements"] += 1
                st = o["status"]
                if st in ("parsed", "roundtrip"):
                    row["parsed"] += 1
                if st == "unmodelled":
                    row["unmodelled"] += 1
                if st in ("parsed", "roundtrip", "unmodelled"):
                    row["accepted"] += 1
                if st in ("crash", "rejected", "roundtrip"):
                    row[{"crash": "crashes"}.get(st, st)] += 1
                if fail_out and st != "parsed":
                    o["file"] = name
                    fail_out.write(json.dumps(o, ensure_ascii=False) + "\n")
            for c in cols:
                total[c] += row[c]
            _print_row(name, row, cols)
    print("-" * (32 + 11 * len(cols) + 12))
    _print_row("total", total, cols)
    if fail_out:
        fail_out.close()
    return 1 if total["crashes"] else 0


def _print_row(name, row, cols):
    pct = 100.0 * row["accepted"] / row["statements"] if row["statements"] else 0.0
    print(f"{name:<32}" + "".join(f"{row[c]:>11}" for c in cols) + f"{pct:>11.2f}%")


if __name__ == "__main__":
    sys.exit(main())
