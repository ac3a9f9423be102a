"""Writes a MariaDB 10.11 slow query log for the precision scenarios.

Each scenario's gen.py describes its workload as a list of query classes and calls write().
A class is a name, a number of calls and a function that, given the random generator, returns
one event: the statement and its Query_time, Rows_sent, Rows_examined and Rows_affected. The
events of all classes are spread at random over the capture window and written in time order,
as MariaDB writes them with `long_query_time = 0` (every statement is logged).

The same seed always writes the same bytes: the scenarios' slow.log files are checked in, and
regenerating them must give no diff.
"""

import datetime
import math
import random
import sys


class Event:
    __slots__ = ("sql", "query_time", "rows_sent", "rows_examined", "rows_affected")

    def __init__(self, sql, query_time, rows_sent=0, rows_examined=0, rows_affected=0):
        self.sql = sql
        self.query_time = query_time
        self.rows_sent = rows_sent
        self.rows_examined = rows_examined
        self.rows_affected = rows_affected


class QueryClass:
    """`calls` events made by `make(rng)`, sent by `user` from one of `hosts`."""

    def __init__(self, name, calls, make, user="app", hosts=("10.0.2.11", "10.0.2.12")):
        self.name = name
        self.calls = calls
        self.make = make
        self.user = user
        self.hosts = hosts


def lognormal(rng, median, sigma=0.35, floor=0.000020):
    """A query time in seconds around `median`, with the long right tail real timings have."""
    return max(floor, median * math.exp(rng.gauss(0.0, sigma)))


def scaled(rng, per_row, rows, overhead=0.00008, sigma=0.15):
    """A query time that grows with the rows read: `overhead` + `per_row` seconds per row."""
    return (overhead + per_row * rows) * math.exp(rng.gauss(0.0, sigma))


def zipf_pick(rng, n, s=1.1):
    """An id in 1..n, the low ids far more often (big customers, busy threads)."""
    # Inverse transform of a continuous power law: cheap, deterministic and good enough here.
    u = rng.random()
    if abs(s - 1.0) < 1e-9:
        x = math.exp(u * math.log(n + 1))
    else:
        x = ((n + 1) ** (1 - s) * u + (1 - u)) ** (1 / (1 - s))
    return min(n, max(1, int(x)))


def sql_str(s):
    return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'"


def write(path, db, classes, seed, start="2026-12-01 10:00:00", minutes=15,
          server="mariadbd", version="10.11.19-MariaDB-0+deb12u1-log"):
    rng = random.Random(seed)
    t0 = datetime.datetime.strptime(start, "%Y-%m-%d %H:%M:%S").replace(
        tzinfo=datetime.timezone.utc)
    window = minutes * 60.0
    events = []
    for qc in classes:
        for i in range(qc.calls):
            # Spread the calls over the window; a class with a few calls gets them anywhere.
            at = rng.random() * window
            ev = qc.make(rng)
            host = qc.hosts[rng.randrange(len(qc.hosts))]
            thread = 1000 + rng.randrange(400)
            events.append((at, qc.name, i, ev, qc.user, host, thread))
    # The server writes an event when the statement ends: the log is in order of end time.
    events.sort(key=lambda e: (e[0] + e[3].query_time, e[1], e[2]))

    out = []
    out.append("/usr/sbin/%s, Version: %s (Debian 12). started with:\n" % (server, version))
    out.append("Tcp port: 3306  Unix socket: /run/mysqld/mysqld.sock\n")
    out.append("Time\t\t    Id Command\tArgument\n")
    last_second = None
    first = True
    for at, _name, _i, ev, user, host, thread in events:
        # `at` is when the statement started; the header and SET timestamp give its end.
        end = t0 + datetime.timedelta(seconds=at + ev.query_time)
        second = end.replace(microsecond=0)
        if second != last_second:
            # MariaDB's form: yymmdd, then the hour padded with a space.
            out.append("# Time: %02d%02d%02d %2d:%02d:%02d\n" % (
                second.year % 100, second.month, second.day, second.hour, second.minute,
                second.second))
            last_second = second
        out.append("# User@Host: %s[%s] @  [%s]\n" % (user, user, host))
        out.append("# Thread_id: %d  Schema: %s  QC_hit: No\n" % (thread, db))
        lock = 0.0 if ev.sql.startswith("SET ") else min(ev.query_time / 4, 0.00004 + rng.random() * 0.00012)
        out.append("# Query_time: %.6f  Lock_time: %.6f  Rows_sent: %d  Rows_examined: %d\n"
                   % (ev.query_time, lock, ev.rows_sent, ev.rows_examined))
        bytes_sent = 60 + 40 * ev.rows_sent if ev.rows_sent else 11
        out.append("# Rows_affected: %d  Bytes_sent: %d\n" % (ev.rows_affected, bytes_sent))
        if first:
            out.append("use %s;\n" % db)
            first = False
        out.append("SET timestamp=%d;\n" % int(end.timestamp()))
        sql = ev.sql.rstrip()
        out.append(sql + ("\n" if sql.endswith(";") else ";\n"))
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("".join(out))

    # Per class: calls and total time, to stderr, for tuning and for the scenario's README.
    per = {}
    for e in events:
        c, t = per.get(e[1], (0, 0.0))
        per[e[1]] = (c + 1, t + e[3].query_time)
    total = sum(t for _c, t in per.values())
    rows = sorted(per.items(), key=lambda kv: -kv[1][1])
    print("%d events, %.1f s" % (len(events), total), file=sys.stderr)
    for name, (c, t) in rows:
        print("  %-28s %6d calls %9.3f s %6.2f%%" % (name, c, t, 100 * t / total), file=sys.stderr)
    return len(events), total
