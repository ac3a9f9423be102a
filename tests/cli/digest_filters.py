#!/usr/bin/env python3
"""What `qadvisor digest`'s filters, --group-by, --order-by and --limit should report, computed
from the log text by this script's own reading of it (no qadvisor code), for
tests/cli/digest_filters_test.sh.

  digest_filters.py gen OUT --now EPOCH        a log with several dbs, users, hosts and times
  digest_filters.py expect LOG... [--now EPOCH] [--since T] [--until T] [--db a,b] [--user u]
                    [--host h] [--match RE] [--group-by G] [--order-by ATTR:AGG] [--limit L]
                    [--got QADVISOR.json]
      prints the expected report's figures as JSON; with --got, compares qadvisor's JSON report
      with them instead: exit 1, saying why, when they disagree

The reader here knows the plain MySQL / MariaDB layout only: `# Time:` (ISO 8601 or YYMMDD),
`# User@Host:`, `# Schema:` or `use db;`, `SET timestamp=`, `# Key: value` pairs.
"""
import argparse
import datetime
import json
import random
import re
import sys

EPOCH = datetime.datetime(1970, 1, 1)


def micros(text):
    """'1.2345678' -> 1234567: millionths, finer digits dropped (as the log's value is kept)."""
    neg = text.startswith("-")
    whole, _, frac = text.lstrip("+-").partition(".")
    v = int(whole or "0") * 1000000 + int((frac + "000000")[:6])
    return -v if neg else v


def parse_time(text):
    """A log or command-line time as microseconds since the epoch (zone-less read as UTC)."""
    text = text.strip()
    m = re.fullmatch(r"(\d{4})-(\d\d)-(\d\d)(?:[T ](\d\d):(\d\d):(\d\d)(?:\.(\d+))?)?(Z)?", text)
    if m:
        y, mo, d = int(m[1]), int(m[2]), int(m[3])
        h, mi, s = int(m[4] or 0), int(m[5] or 0), int(m[6] or 0)
        frac = int(((m[7] or "") + "000000")[:6])
    else:
        m = re.fullmatch(r"(\d\d)(\d\d)(\d\d)(?:\s+(\d{1,2}):(\d\d):(\d\d)(?:\.(\d+))?)?", text)
        if not m:
            return None
        y, mo, d = 2000 + int(m[1]), int(m[2]), int(m[3])
        h, mi, s = int(m[4] or 0), int(m[5] or 0), int(m[6] or 0)
        frac = int(((m[7] or "") + "000000")[:6])
    dt = datetime.datetime(y, mo, d, h, mi, s)
    return int((dt - EPOCH).total_seconds()) * 1000000 + frac


def parse_bound(text, now):
    m = re.fullmatch(r"(\d+)([smhdw])", text)
    if m:
        unit = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}[m[2]]
        return now * 1000000 - int(m[1]) * unit * 1000000
    return parse_time(text)


def read_events(path):
    """Events as dicts: ts, user, host, db, query, attrs (name -> text)."""
    events = []
    cur = None
    last_time = None  # the `# Time:` in force: a server writes it only when the second changes
    db = ""  # the database in force: `use db;` or `Schema:` stays until the next one
    prev_header = None  # the previous line, when it was a header line of the current event

    def finish():
        nonlocal db
        if cur is None:
            return
        body = []
        set_ts = None
        for line in cur["body"]:
            low = line.lower()
            if not body and low.startswith("use ") and line.rstrip().endswith(";"):
                cur["own_db"] = line[4:].strip().rstrip(";").strip().strip("`")
                continue
            if not body and low.startswith("set timestamp="):
                set_ts = int(line.split("=", 1)[1].strip().rstrip(";")) * 1000000
                continue
            body.append(line)
        query = "\n".join(body).strip()
        while query.endswith(";"):
            query = query[:-1].rstrip()
        if cur.get("own_db"):
            db = cur["own_db"]
        ts = parse_time(cur["time"]) if cur["time"] else None
        if ts is None:
            ts = set_ts
        events.append({"ts": ts, "user": cur["user"], "host": cur["host"], "db": db,
                       "query": query, "attrs": cur["attrs"]})

    for raw in open(path, encoding="utf-8", errors="replace"):
        line = raw.rstrip("\n")
        header = line.startswith("# ") and not line.startswith("# administrator command:")
        if header:
            starts = (line.startswith("# Time:") or
                      (line.startswith("# User@Host:") and not (prev_header or "").startswith("# Time:")) or
                      (line.startswith("# Query_time:") and prev_header is None))
            if starts:
                finish()
                cur = {"time": None, "user": "", "host": "", "attrs": {}, "body": []}
            prev_header = line
            if cur is None:
                continue
            if line.startswith("# Time:"):
                last_time = line[len("# Time:"):].strip()
            elif line.startswith("# User@Host:"):
                who, _, where = line[len("# User@Host:"):].partition(" @ ")
                who = who.strip()
                cur["user"] = who.split("[")[0].strip() or who.partition("[")[2].partition("]")[0]
                where = where.split("Id:")[0]
                name = where.split("[")[0].strip()
                if not name and "[" in where:
                    name = where.partition("[")[2].partition("]")[0].strip()
                cur["host"] = name
            else:
                for key, value in re.findall(r"(\w+): (\S+)", line[2:]):
                    if key == "Schema":
                        cur["own_db"] = value
                    cur["attrs"][key] = value
            cur["time"] = last_time
            continue
        prev_header = None
        if cur is None:
            continue  # a server banner before the first event
        if re.match(r"^\S+, Version: .* started with:$", line) or line.startswith("Tcp port:") or \
                re.match(r"^Time\s+Id\s+Command", line):
            continue
        cur["body"].append(line)
    finish()
    return events


def tables_of(query, db):
    """The tables a generated or example statement names, lower-cased, qualified with db."""
    names = []
    for m in re.finditer(r"\b(?:from|join|into|update)\s+(`?[\w.]+`?)", query, re.I):
        name = m[1].replace("`", "").lower()
        if name in ("select", "set") or re.fullmatch(r"\d+", name):
            continue
        if "." not in name and db:
            name = db.lower() + "." + name
        if name not in names:
            names.append(name)
    return names


def expect(args):
    now = args.now
    since = parse_bound(args.since, now) if args.since else None
    until = parse_bound(args.until, now) if args.until else None
    split = lambda v: [x for s in (v or []) for x in s.split(",")]
    dbs, users, hosts = split(args.db), split(args.user), split(args.host)
    regex = re.compile(args.match, re.I) if args.match else None
    reasons = dict.fromkeys(["time", "no_timestamp", "db", "user", "host", "match"], 0)
    kept = []
    for path in args.logs:
        for e in read_events(path):
            if since is not None or until is not None:
                if e["ts"] is None:
                    reasons["no_timestamp"] += 1
                    continue
                if (since is not None and e["ts"] < since) or (until is not None and e["ts"] >= until):
                    reasons["time"] += 1
                    continue
            if dbs and e["db"] not in dbs:
                reasons["db"] += 1
                continue
            if users and e["user"] not in users:
                reasons["user"] += 1
                continue
            if hosts and e["host"] not in hosts:
                reasons["host"] += 1
                continue
            if regex and not regex.search(" ".join(e["query"].split())):
                reasons["match"] += 1
                continue
            kept.append(e)
    groups = {}
    ungrouped = 0
    for e in kept:
        if args.group_by == "table":
            keys = tables_of(e["query"], e["db"])
        elif args.group_by in ("db", "user", "host"):
            keys = [e[args.group_by]] if e[args.group_by] else []
        else:
            keys = []
        if not keys and args.group_by != "fingerprint":
            ungrouped += 1
        for k in keys:
            groups.setdefault(k, []).append(e)
    attr, _, agg = args.order_by.partition(":")

    def key(es):
        vals = [micros(v) for e in es for a, v in e["attrs"].items() if a.lower() == attr.lower()]
        if not vals:
            return None
        if agg == "sum":
            return sum(vals)
        if agg == "max":
            return max(vals)
        if agg == "count":
            return len(vals)
        if agg == "avg":
            return sum(vals) / len(vals)
        raise SystemExit("this script ranks by sum, max, count and avg")

    out = {
        "events": len(kept),
        "filtered": sum(reasons.values()),
        "filtered_by": reasons,
        "ungrouped": ungrouped,
        "query_time_sum": sum(micros(e["attrs"].get("Query_time", "0")) for e in kept),
        "groups": {k: {"count": len(es), "query_time_sum":
                       sum(micros(e["attrs"].get("Query_time", "0")) for e in es),
                       "key": key(es)} for k, es in groups.items()},
    }
    if args.limit and args.limit != "0":
        ranked = sorted((v["key"] for v in out["groups"].values() if v["key"] is not None),
                        reverse=True)
        missing = sum(1 for v in out["groups"].values() if v["key"] is None)
        m = re.fullmatch(r"(\d+)(%(?::(\d+))?)?", args.limit)
        n = int(m[1])
        if not m[2]:
            want = len(groups) if n == 0 else min(n, len(groups))
        else:
            total = sum(max(k, 0) for k in ranked)
            want, acc = 0, 0
            for k in ranked + [0] * missing:
                if total > 0 and acc * 100 >= total * n:
                    break
                want += 1
                acc += max(k, 0)
            if m[3]:
                want = min(want, int(m[3]))
        out["limit_classes"] = want
    if args.got:  # compared in the same process: starting Python costs more than comparing
        compare(out, json.load(open(args.got)))  # exits
    json.dump(out, sys.stdout, indent=1)


def compare(want, got):
    """Exits, 1 saying what differs, unless qadvisor's report `got` agrees with `want`."""
    problems = []
    for field in ("events", "filtered", "filtered_by", "ungrouped"):
        if got[field] != want[field]:
            problems.append(f"{field}: qadvisor {got[field]}, expected {want[field]}")
    qt = round(got["metrics"]["query_time"]["sum"] * 1e6) if got["metrics"] else 0
    if qt != want["query_time_sum"]:
        problems.append(f"total Query_time: qadvisor {qt}, expected {want['query_time_sum']}")
    group = got["group_by"]
    if group == "fingerprint":
        if sum(c["count"] for c in got["classes"]) != want["events"] and got["limit"] == "0":
            problems.append("class counts do not add up to the events")
    elif "limit_classes" in want:
        if len(got["classes"]) != want["limit_classes"]:
            problems.append(f"--limit: qadvisor {len(got['classes'])} classes, expected "
                            f"{want['limit_classes']}")
    else:
        have = {c[group]: {"count": c["count"],
                           "query_time_sum": round(c["metrics"]["query_time"]["sum"] * 1e6)}
                for c in got["classes"]}
        exp = {k: {"count": v["count"], "query_time_sum": v["query_time_sum"]}
               for k, v in want["groups"].items()}
        if have != exp:
            for k in sorted(set(have) | set(exp)):
                if have.get(k) != exp.get(k):
                    problems.append(f"class {k!r}: qadvisor {have.get(k)}, expected {exp.get(k)}")
        # The order: each class's key, computed here, never grows down the list; classes
        # without the attribute last.
        keys = [want["groups"][c[group]]["key"] for c in got["classes"] if c[group] in want["groups"]]
        present = [k for k in keys if k is not None]
        if keys[:len(present)] != present or present != sorted(present, reverse=True):
            problems.append(f"classes not ranked by {got['order_by']}: {keys[:10]}")
    for p in problems[:20]:
        print(p)
    sys.exit(1 if problems else 0)


def gen(args):
    """About 4000 events over the ten days before --now, in both `# Time:` forms, some with
    `use db;` and some with MariaDB's `Schema:`, a few at the start with no time at all."""
    rnd = random.Random(7)
    now = args.now
    dbs = ["shop", "crm", "analytics"]
    users = ["app", "report", "admin"]
    hosts = ["app1.internal", "app2.internal", ""]  # "" : the log gives only the IP
    templates = [
        "SELECT id, total FROM orders WHERE id = {n}",
        "SELECT o.id, c.name FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.id > {n}",
        "UPDATE stock SET qty = qty - 1 WHERE item_id = {n}",
        "INSERT INTO audit_log (who, what) VALUES ('u{n}', 'login')",
        "DELETE FROM sessions WHERE expires < {n}",
        "SELECT 1",
        "SELECT * FROM crm.leads WHERE score > {n}",
        "SELECT count(*) FROM Orders WHERE status = 'new' AND id > {n}",
    ]
    # Every age a test asks for (tests/cli/digest_filters_test.sh): qadvisor reads its clock
    # later than --now, up to the test's whole run later on a loaded machine.
    ages = (3600, 12 * 3600, 86400, 3 * 86400, 7 * 86400, 8 * 86400, 9 * 86400)
    boundaries = [now - s for s in ages]
    out = open(args.out, "w")
    out.write("/usr/sbin/mysqld, Version: 8.0.36 (MySQL Community Server - GPL). started with:\n"
              "Tcp port: 3306  Unix socket: /tmp/mysql.sock\nTime                 Id Command    Argument\n")
    t = now - 10 * 86400
    for i in range(4000):
        t += rnd.randint(1, 430)
        if any(abs(t - b) < 900 for b in boundaries):
            t += 1800  # no event within 15 minutes of an age a test asks for
        db, user, host = rnd.choice(dbs), rnd.choice(users), rnd.choice(hosts)
        qt = f"{rnd.randint(0, 3)}.{rnd.randint(0, 999999):06d}"
        q = rnd.choice(templates).format(n=rnd.randint(1, 99999))
        if i >= 12:
            stamp = datetime.datetime.utcfromtimestamp(t)
            if i % 2:
                out.write(f"# Time: {stamp.strftime('%Y-%m-%dT%H:%M:%S')}.{rnd.randint(0, 999999):06d}Z\n")
            else:
                out.write(f"# Time: {stamp.strftime('%y%m%d %H:%M:%S').replace(' 0', '  ', 1)}\n")
        ip = f"10.0.0.{rnd.randint(1, 9)}"
        out.write(f"# User@Host: {user}[{user}] @ {host} [{ip}]  Id: {i}\n")
        mariadb = i % 3 == 0
        if mariadb:
            out.write(f"# Thread_id: {i}  Schema: {db}  QC_hit: No\n")
        out.write(f"# Query_time: {qt}  Lock_time: 0.000{rnd.randint(100, 999)} Rows_sent: "
                  f"{rnd.randint(0, 50)}  Rows_examined: {rnd.randint(0, 100000)}\n")
        if not q.startswith("SELECT"):  # so that the tables only SELECTs read lack it
            out.write(f"# Rows_affected: {rnd.randint(0, 9)}\n")
        if not mariadb and i % 4 != 1:
            out.write(f"use {db};\n")
        if 6 <= i < 12:
            out.write(f"SET timestamp={t};\n")  # no `# Time:` yet: the time comes from here
        out.write(q + ";\n")


def main():
    p = argparse.ArgumentParser()
    sub = p.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("gen")
    g.add_argument("out")
    g.add_argument("--now", type=int, required=True)
    e = sub.add_parser("expect")
    e.add_argument("logs", nargs="+")
    e.add_argument("--now", type=int, default=0)
    for o in ("--since", "--until", "--match", "--limit"):
        e.add_argument(o)
    for o in ("--db", "--user", "--host"):
        e.add_argument(o, action="append")
    e.add_argument("--group-by", default="fingerprint")
    e.add_argument("--order-by", default="Query_time:sum")
    e.add_argument("--got", help="qadvisor's JSON report, to compare")
    args = p.parse_args()
    {"gen": gen, "expect": expect}[args.cmd](args)


if __name__ == "__main__":
    main()
