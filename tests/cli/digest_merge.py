#!/usr/bin/env python3
"""Helpers for tests/cli/digest_merge_test.sh (`qadvisor digest --merge`).

  digest_merge.py split LIST   for each line "DIR<TAB>LOG<TAB>PARTS<TAB>SEED" of LIST, cut LOG at
                                event boundaries into at most PARTS files DIR/part-N.log
  digest_merge.py same LIST     for each line "DIR" of LIST, write DIR/same.txt: "ok" when each
                                of DIR/merged.json, reversed.json and nested.json (those there
                                are) reports what DIR/whole.json, the digest of the whole log,
                                does; else what differs

Each takes a list, so that one Python process serves every log: starting Python is slower here
than all that one process does.

An event starts at a `# Time:` line, or at a `# User@Host:` line that does not follow one
(parser/slowlog.h). A cut is made only where the part that follows stands on its own: a slow log
carries the last `# Time:` and the last database (`use db;`, `Schema:`) over to the events that
follow, so a cut is allowed only before an event that states its own time once a time has been
seen (its own `# Time:` once one has been seen: it wins over `SET timestamp=`), and its own
database once one has been seen. A
host's log always stands on its own; a log cut elsewhere would lose what it carried.
"""
import json
import os
import random
import sys


def event_starts(lines):
    """Indexes of the lines that start an event."""
    starts = []
    for i, line in enumerate(lines):
        if line.startswith("# Time:"):
            starts.append(i)
        elif line.startswith("# User@Host:") and not (i > 0 and lines[i - 1].startswith("# Time:")):
            starts.append(i)
    return starts


def allowed_cuts(lines):
    starts = event_starts(lines)
    cuts = []
    header_time_seen = set_time_seen = db_seen = False
    for k, s in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(lines)
        event = lines[s:end]
        header_time = event[0].startswith("# Time:")
        set_time = any(l.lower().startswith("set ") and "timestamp=" in l.lower() for l in event)
        own_db = any(l.lower().startswith("use ") or (l.startswith("#") and "Schema:" in l)
                     for l in event)
        # A `# Time:` in force wins over SET timestamp, so after one only another will do.
        own_time = header_time if header_time_seen else (header_time or set_time or not set_time_seen)
        if k > 0 and own_time and (own_db or not db_seen):
            cuts.append(s)
        header_time_seen = header_time_seen or header_time
        set_time_seen = set_time_seen or set_time
        db_seen = db_seen or own_db
    return cuts


def split(log, outdir, parts, seed):
    with open(log, "rb") as f:
        data = f.read()
    lines = data.decode("latin-1").splitlines(keepends=True)
    cuts = allowed_cuts(lines)
    rng = random.Random(seed)
    chosen = sorted(rng.sample(cuts, min(len(cuts), parts - 1)))
    bounds = [0] + chosen + [len(lines)]
    for n in range(len(bounds) - 1):
        path = f"{outdir}/part-{n + 1}.log"
        with open(path, "wb") as f:
            f.write("".join(lines[bounds[n]:bounds[n + 1]]).encode("latin-1"))


# The report's percentiles are nearest-rank, exact up to 64 values, else from buckets at most
# 3.1% wide (within 1.6% of the true value): two estimates of one value are within 3.2%.
PERCENTILE_ERROR = 0.032


def close(a, b):
    return a == b or abs(a - b) <= PERCENTILE_ERROR * max(abs(a), abs(b))


def compare_metrics(where, a, b, problems):
    if set(a) != set(b):
        problems.append(f"{where}: metrics {sorted(a)} vs {sorted(b)}")
        return
    for name in a:
        for field in ("sum", "min", "max", "avg"):
            if a[name][field] != b[name][field]:
                problems.append(f"{where}.{name}.{field}: {a[name][field]} vs {b[name][field]}")
        for field in ("median", "p95"):
            if not close(a[name][field], b[name][field]):
                problems.append(f"{where}.{name}.{field}: {a[name][field]} vs {b[name][field]}")


def state_classes(doc):
    """Each class's state with metric and flag ids replaced by names, sample place left out."""
    state = doc["state"]
    out = {}
    for c in state["classes"]:
        c = dict(c)
        c["metrics"] = {state["metrics"][i]: d for i, d in c["metrics"]}
        c["flags"] = {state["flags"][i]: [seen, yes] for i, seen, yes in c["flags"]}
        c["sample"] = c["sample"]["query_time"]
        out[c["id"]] = c
    return out


def same(whole, merged):
    """What the merged digest reports otherwise than the whole log's: a list of lines."""
    problems = []
    for field in ("events", "unique_classes", "skipped", "filtered", "first_seen", "last_seen"):
        if whole[field] != merged[field]:
            problems.append(f"{field}: {whole[field]} vs {merged[field]}")
    compare_metrics("metrics", whole["metrics"], merged["metrics"], problems)
    a = {c["id"]: c for c in whole["classes"]}
    b = {c["id"]: c for c in merged["classes"]}
    if set(a) != set(b):
        problems.append(f"classes: {len(a)} vs {len(b)} (--top 0 expected)")
    for cid in sorted(set(a) & set(b)):
        x, y = a[cid], b[cid]
        for field in ("count", "first_seen", "last_seen", "databases", "users", "hosts", "flags"):
            if x[field] != y[field]:
                problems.append(f"class {cid} {field}: {x[field]} vs {y[field]}")
        if x["sample_at"]["query_time"] != y["sample_at"]["query_time"]:
            problems.append(f"class {cid}: sample query_time {x['sample_at']['query_time']} vs "
                            f"{y['sample_at']['query_time']}")
        compare_metrics(f"class {cid}", x["metrics"], y["metrics"], problems)
    # The state itself: every distribution the same (exact values, or the same histogram).
    sa, sb = state_classes(whole), state_classes(merged)
    for cid in sorted(set(sa) & set(sb)):
        if sa[cid] != sb[cid]:
            problems.append(f"class {cid}: state differs")
    return problems


def load(path):
    with open(path) as f:
        return json.load(f)


def same_all(directory):
    whole = load(f"{directory}/whole.json")
    problems = []
    for name in ("merged", "reversed", "nested"):
        path = f"{directory}/{name}.json"
        if os.path.exists(path):
            differs = same(whole, load(path))
            if differs:
                problems += [f"{path} vs the whole log's digest:"] + ["  " + p for p in differs[:20]]
    with open(f"{directory}/same.txt", "w") as f:
        f.write("\n".join(problems or ["ok"]) + "\n")


def main():
    if len(sys.argv) == 3 and sys.argv[1] in ("split", "same"):
        with open(sys.argv[2]) as f:
            for line in f.read().splitlines():
                if sys.argv[1] == "split":
                    directory, log, parts, seed = line.split("\t")
                    split(log, directory, int(parts), int(seed))
                else:
                    same_all(line)
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main())
