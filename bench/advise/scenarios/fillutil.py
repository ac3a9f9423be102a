"""Helpers for the scenarios' fill.py: multi-row INSERTs on standard output."""

import datetime
import sys

out = sys.stdout


def q(s):
    return "'" + s.replace("\\", "\\\\").replace("'", "''") + "'"


def dt(days_back, seconds_back=0, now=datetime.datetime(2026, 12, 1, 10, 0, 0)):
    """A quoted DATETIME `days_back` days and `seconds_back` seconds before the log's window."""
    t = now - datetime.timedelta(days=days_back, seconds=seconds_back)
    return q(t.strftime("%Y-%m-%d %H:%M:%S"))


def batches(table, cols, rows, size=2000):
    buf = []
    for r in rows:
        buf.append("(" + ",".join(r) + ")")
        if len(buf) == size:
            out.write("INSERT INTO %s (%s) VALUES %s;\n" % (table, cols, ",".join(buf)))
            buf = []
    if buf:
        out.write("INSERT INTO %s (%s) VALUES %s;\n" % (table, cols, ",".join(buf)))
