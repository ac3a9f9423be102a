#!/usr/bin/env python3
"""Build the statement corpus for the parser benchmark.

Takes the SELECT (and WITH …) statements out of the slow logs in tests/data/ (slowlogs/,
real/, generated/) and the parser fixtures in tests/fixtures/parser/*.sql, drops exact
duplicates (first one wins), and writes them to one file, each statement followed by `;\\n`.

Slow logs: a query starts on a line that begins with SELECT or WITH (either case, possibly after
`/* … */` comments, as applications tag their queries) and runs to the first line that ends with
`;`. Header lines (`# Time:`, `# Query_time:` …), `SET timestamp=…;` and `use db;` never start
one. Fixtures: statements end with `;` at the end of a line; leading `--` comment lines (file
headers, the `-- mariadb` marker) are dropped.

Statements holding `;\\n` (the separator) or a NUL byte (pg_query takes a C string) are left
out and counted. Bytes are kept as they are (surrogateescape), so odd encodings survive.

Stdlib only; the same inputs always give the same file.
"""

import argparse
import glob
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
CORPUS = os.path.join(ROOT, "tests", "data")

START = re.compile(r"\s*(?:/\*.*?\*/\s*)*(?:select|with)\b", re.IGNORECASE)


def read_text(path):
    with open(path, encoding="utf-8", errors="surrogateescape", newline="") as f:
        return f.read()


def from_slowlog(text):
    """Yields the SELECT / WITH statements of one slow log, without their `;`."""
    lines = []
    for line in text.splitlines():
        if not lines:
            if line.startswith("#") or not START.match(line):
                continue
        elif line.startswith("# Time:") or line.startswith("# User@Host:"):
            lines = []  # an unterminated query (a truncated log): drop it
            continue
        lines.append(line)
        if line.rstrip().endswith(";"):
            yield "\n".join(lines).strip()[:-1].rstrip()
            lines = []


def from_fixture(text):
    """Yields the statements of one fixture file, without their `;`."""
    for chunk in re.split(r";[ \t]*\n", text):
        body = chunk.strip().splitlines()
        while body and (not body[0].strip() or body[0].lstrip().startswith("--")):
            body.pop(0)
        if body:
            yield "\n".join(body).strip()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(HERE, ".cache", "corpus.sql"),
                    help="output file (default bench/parser/.cache/corpus.sql)")
    ap.add_argument("--corpus", default=CORPUS, help="the test corpus (default tests/data)")
    a = ap.parse_args()

    sources = []  # (label, statements iterator)
    for sub in ("slowlogs", "real", "generated"):
        for path in sorted(glob.glob(os.path.join(a.corpus, sub, "**", "*"), recursive=True)):
            if os.path.isfile(path) and not path.endswith((".gz", ".json", ".md")):
                sources.append((sub, from_slowlog(read_text(path))))
    for path in sorted(glob.glob(os.path.join(ROOT, "tests", "fixtures", "parser", "*.sql"))):
        sources.append(("fixtures", from_fixture(read_text(path))))

    seen = set()
    kept = []
    stats = {}  # label -> [found, kept]
    dropped_separator = 0
    for label, statements in sources:
        st = stats.setdefault(label, [0, 0])
        for s in statements:
            st[0] += 1
            if ";\n" in s or "\0" in s:
                dropped_separator += 1
                continue
            if s in seen:
                continue
            seen.add(s)
            kept.append(s)
            st[1] += 1

    os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
    with open(a.out, "w", encoding="utf-8", errors="surrogateescape", newline="") as f:
        for s in kept:
            f.write(s)
            f.write(";\n")
    size = os.path.getsize(a.out)
    for label, (found, unique) in stats.items():
        print("%-10s %6d statements, %6d new after de-duplication" % (label, found, unique))
    if dropped_separator:
        print("left out %d statements holding ';\\n' or a NUL byte" % dropped_separator)
    print("wrote %s: %d statements, %d bytes" % (a.out, len(kept), size))


if __name__ == "__main__":
    main()
