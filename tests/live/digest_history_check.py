#!/usr/bin/env python3
"""Checks the rows `digest --history` wrote against figures computed here from the log.

Usage: digest_history_check.py QADVISOR LOG SOCKET DATABASE SOURCE BUCKET_SECONDS

The log is split into events by its own lines (# Query_time … and SET timestamp=…), each
statement's class id comes from `qadvisor fingerprint` (not from the digest), and counts, sums,
minima, maxima, first and last seen and the slowest sample are worked out per class and bucket.
Percentiles: exact (nearest rank) up to 64 values, within 3.2% beyond (the documented histogram).
"""
import collections
import datetime
import decimal
import math
import re
import subprocess
import sys

qadvisor, log, socket, database, source, bucket = sys.argv[1:7]
bucket = int(bucket)
D = decimal.Decimal


def sql(query):
    out = subprocess.run(["mariadb", "--no-defaults", f"--socket={socket}", "-uroot", "-N", "-B",
                          database, "-e", query], check=True, capture_output=True, text=True)
    return [line.split("\t") for line in out.stdout.splitlines()]


# Events: the attribute lines, then SET timestamp=N;, then the statement up to the next '#'.
events = []
current = None
with open(log, encoding="utf-8", errors="surrogateescape") as f:
    for line in f:
        m = re.match(r"# Query_time: (\S+)\s+Lock_time: (\S+)\s+Rows_sent: (\S+)\s+"
                     r"Rows_examined: (\S+)", line)
        if m:
            current = {"metrics": [D(x) for x in m.groups()], "ts": None, "sql": []}
            events.append(current)
            continue
        m = re.match(r"SET timestamp=(\d+);", line)
        if m and current is not None and current["ts"] is None and not current["sql"]:
            current["ts"] = int(m.group(1))
            continue
        if line.startswith("#") or current is None:
            continue
        current["sql"].append(line)
statements = ["".join(e["sql"]).strip().rstrip(";") for e in events]
assert all(statements) and all(e["ts"] is not None for e in events), "unparsed events"
fp = subprocess.run([qadvisor, "fingerprint", "-"], input=";\n".join(statements) + ";\n",
                    check=True, capture_output=True, text=True).stdout.splitlines()
assert len(fp) == len(events), f"{len(fp)} fingerprints for {len(events)} events"
ids = [line.split()[0] for line in fp]

groups = collections.defaultdict(list)
for e, cid in zip(events, ids):
    groups[(cid, e["ts"] // bucket * bucket)].append(e)


def utc(ts):
    return datetime.datetime.fromtimestamp(ts, datetime.timezone.utc).strftime("%Y-%m-%d %H:%M:%S")


names = ["query_time", "lock_time", "rows_sent", "rows_examined"]
cols = ["class_id", "bucket_start", "query_count", "first_seen", "last_seen", "sample_query_time"]
cols += [f"{n}_{a}" for n in names for a in ("sum", "min", "max", "p95")]
rows = sql(f"SELECT {', '.join(cols)} FROM qadvisor_query_history WHERE source = '{source}' "
           f"AND bucket_seconds = {bucket}")
got = {(r[0], r[1]): dict(zip(cols, r)) for r in rows}
failures = []
expected_keys = {(cid, utc(start)) for cid, start in groups}
if set(got) != expected_keys:
    failures.append(f"rows for {len(got)} class-buckets, expected {len(expected_keys)}: "
                    f"missing {sorted(expected_keys - set(got))[:3]}, extra {sorted(set(got) - expected_keys)[:3]}")
for (cid, start), evs in groups.items():
    row = got.get((cid, utc(start)))
    if row is None:
        continue
    want = {"query_count": str(len(evs)),
            "first_seen": utc(min(e["ts"] for e in evs)) + ".000000",
            "last_seen": utc(max(e["ts"] for e in evs)) + ".000000",
            "sample_query_time": D(max(e["metrics"][0] for e in evs))}
    for i, n in enumerate(names):
        values = sorted(e["metrics"][i] for e in evs)
        want[f"{n}_sum"] = sum(values)
        want[f"{n}_min"] = values[0]
        want[f"{n}_max"] = values[-1]
        p95 = values[max(math.ceil(0.95 * len(values)) - 1, 0)]
        have = D(row[f"{n}_p95"])
        if len(values) <= 64 and have != p95 or abs(have - p95) > p95 * D("0.032"):
            failures.append(f"{cid} {utc(start)} {n}_p95: {have}, expected {p95}")
    for k, v in want.items():
        have = D(row[k]) if isinstance(v, D) else row[k]
        if have != v:
            failures.append(f"{cid} {utc(start)} {k}: {row[k]}, expected {v}")

# The review table: one row per class, first and last seen over every bucket.
review = {r[0]: r for r in sql("SELECT class_id, first_seen, last_seen, fingerprint "
                               "FROM qadvisor_query_review")}
by_class = collections.defaultdict(list)
for e, cid in zip(events, ids):
    by_class[cid].append(e["ts"])
for cid, times in by_class.items():
    r = review.get(cid)
    if r is None:
        failures.append(f"no review row for {cid}")
    elif r[1] > utc(min(times)) + ".000000" or r[2] < utc(max(times)) + ".000000":
        failures.append(f"review {cid}: seen {r[1]}..{r[2]} does not cover the log's")

for f in failures[:20]:
    print(f)
print(f"{len(events)} events, {len(by_class)} classes, {len(groups)} class-buckets checked, "
      f"{len(failures)} differences")
sys.exit(1 if failures else 0)
