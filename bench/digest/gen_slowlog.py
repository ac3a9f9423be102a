#!/usr/bin/env python3
"""Deterministic synthetic MySQL/MariaDB slow log for the digest benchmark.

Contract: same --seed and --size-mb give a byte-identical file. The log is a sequence of
segments, each one server "run" in one dialect and opened by the restart header a server
writes (as in a log that lived through upgrades): MySQL 5.7, MySQL 8.0 with log_slow_extra,
old MySQL 5.1 (`# Time: yymmdd h:mm:ss` only when the second changes), Percona Server 5.5/5.6
extended statistics, and MariaDB with log_slow_verbosity. Queries come from ~2300 templates
(60 tables x 38 shapes plus session/admin statements) drawn with Zipf skew; literals change on
every event. A sidecar <out>.truth.json records what was written (events, total Query_time,
templates used) so a digest tool's totals can be checked against it.

Templates are chosen so that pt-query-digest's fingerprint maps each one to exactly one class
(no digits in identifiers, lower-case hex, no doubled '' quote and no escaped backslash right
before a closing quote): then pt's unique_query_count equals truth's templates_used and the
benchmark checks itself.

--classes N (for bench/advise) adds query variants until there are N templates, and names a
join partner in another database as `db.table`; --schema-out FILE writes the mysqldump-style DDL
of every table and column the queries use. Neither changes the default log by a byte: their
randomness comes from Randoms of their own.

Stdlib only. Speed matters (320 MiB takes ~7 s): per-event work is a few %-formats, all
randomness comes from one random.Random, output is written in ~4 MiB chunks.
"""

import argparse
import hashlib
import json
import math
import random
import re
import time

MIB = 1 << 20

# --------------------------------------------------------------------------------------------
# Schema: 60 tables in 6 databases. Identifiers carry no digits on purpose (see module doc).

SCHEMAS = {
    "shop": "orders order_items products product_variants carts cart_items customers addresses "
            "coupons reviews wishlists shipments returns categories inventory_levels",
    "billing": "invoices invoice_lines payments refunds subscriptions plans ledger_entries wallets "
               "payouts tax_rates",
    "auth": "users sessions api_tokens login_attempts password_resets roles user_roles permissions "
            "oauth_clients mfa_devices",
    "analytics": "page_views events clicks daily_stats funnels experiments experiment_assignments "
                 "search_queries referrers campaign_stats",
    "crm": "accounts contacts leads opportunities tickets ticket_comments notes tasks "
           "email_messages attachments",
    "ops": "audit_log jobs job_runs feature_flags notifications",
}

# Column roles; each table draws one name per role, so tables differ in more than their name.
ROLE_NAMES = {
    "fk": ["user_id", "account_id", "customer_id", "owner_id", "tenant_id", "parent_id"],
    "status": ["status", "state", "stage"],
    "ts": ["created_at", "updated_at", "occurred_at", "event_time"],
    "name": ["name", "email", "title", "sku", "slug", "reference"],
    "amount": ["amount", "price", "total", "quantity", "score", "balance"],
    "code": ["external_ref", "code", "phone", "legacy_ref", "zip"],  # varchar holding digits
    "hash": ["checksum", "token_hash", "fingerprint"],
    "gone": ["deleted_at", "archived_at", "closed_at"],
    "text": ["note", "body", "description", "payload"],
}

STATUSES = ["new", "pending", "paid", "shipped", "cancelled", "refunded", "active", "closed",
            "failed", "queued", "done", "archived"]
WORDS = ["alpha", "bravo", "charlie", "delta", "echo", "lorem", "ipsum", "dolor", "amet",
         "sigma", "omega", "nova", "vega", "orion", "lyra", "atlas", "zephyr", "quartz"]
# Strings with escapes and non-ASCII text, as applications really send them. None has a doubled
# '' quote or an escaped backslash before the closing quote: pt-query-digest's fingerprint
# would cut such a string in two and split one template into several classes.
ODD_STRINGS = ["O\\'Brien", "say \\\"hi\\\"", "line one\\nline two", "C:\\\\temp\\\\export",
               "tab\\there", "Zürich", "東京都", "naïve café", "Łódź", "€ 100", "emoji 🎉",
               "50% off", "a_b%c", "semi;colon", "it\\'s fine"]
APPS = ["checkout", "api", "admin", "worker", "billing", "search", "mobile", "cron"]
CTRLS = ["pay", "list", "show", "sync", "export", "update", "login", "report", "cart"]

# Who connects: (user, host, ip). Hosts without a name print as `@  [ip]` (skip-name-resolve).
def make_clients(rnd):
    clients = [("root", "localhost", ""), ("[SQL_SLAVE]", "", "")]
    for i in range(40):
        user = rnd.choice(["app", "app", "app", "batch", "report", "api"])
        ip = "10.0.%d.%d" % (rnd.randrange(1, 10), rnd.randrange(2, 250))
        host = "app%d.internal" % i if rnd.random() < 0.6 else ""
        clients.append((user, host, ip))
    return clients


# --------------------------------------------------------------------------------------------
# Literal generators. Each returns a fresh SQL literal as text; they are bound to one Random.

def _day_text(n):
    # Day n of 2024 (1-based, n <= 366) as 'YYYY-MM-DD 00:00:00'; cheap, no datetime objects.
    tm = time.gmtime(1704067200 + (n - 1) * 86400)
    return "%04d-%02d-%02d 00:00:00" % (tm.tm_year, tm.tm_mon, tm.tm_mday)


class Lit:
    def __init__(self, rnd):
        R = rnd.random
        bits = rnd.getrandbits
        self.R, self.bits = R, bits
        self.id = lambda: str(int(R() * 9_999_999) + 1)
        self.small = lambda: str(int(R() * 1000))
        self.neg = lambda: str(-int(R() * 5000) - 1)
        self.dec = lambda: "%.2f" % (R() * 2000 - 400)   # negative now and then
        self.status = lambda: "'" + STATUSES[int(R() * 12)] + "'"
        self.word = lambda: "'%s%d'" % (WORDS[int(R() * 18)], int(R() * 100000))
        self.prefix = lambda: "'%s%%'" % WORDS[int(R() * 18)][: 2 + int(R() * 4)]
        self.wild = lambda: "'%%%s%%'" % WORDS[int(R() * 18)]
        self.email = lambda: "'user%d@example.com'" % int(R() * 1_000_000)
        self.odd = lambda: "'%s %d'" % (ODD_STRINGS[int(R() * 15)], int(R() * 1000))
        self.dq = lambda: '"%s%d"' % (WORDS[int(R() * 18)], int(R() * 1000))  # ANSI_QUOTES off
        self.hex = lambda: "0x%08x" % bits(32)
        self.xhex = lambda: "X'%016x'" % bits(64)
        self.date = lambda: "'2024-%02d-%02d'" % (1 + int(R() * 12), 1 + int(R() * 28))
        self.dt = lambda: "'2024-%02d-%02d %02d:%02d:%02d'" % (
            1 + int(R() * 12), 1 + int(R() * 28), int(R() * 24), int(R() * 60), int(R() * 60))
        self.code = lambda: str(int(R() * 90000) + 10000)  # number vs varchar: implicit conversion
        self.req = lambda: "%08x" % bits(32)
        self.day = lambda: 1 + int(R() * 330)
        self.nullable_word = lambda: "NULL" if R() < 0.2 else self.word()
        self.nullable_dec = lambda: "NULL" if R() < 0.2 else self.dec()
        self.limit = lambda: str((1, 10, 20, 50, 100)[int(R() * 5)])
        self.offset = lambda: str(int(R() * 50) * 20)

    def dt_range(self, sep):
        """Two datetimes in order, joined by `sep` (e.g. " AND "): a range that makes sense."""
        def gen():
            a = self.day()
            b = a + 1 + int(self.R() * 30)
            return "'%s'%s'%s'" % (_day_text(a), sep, _day_text(b))
        return gen

    def id_list(self):
        # IN-list length 1..200, most short: ORMs batching ids.
        R = self.R
        n = 1 + int(R() ** 3 * 200)
        return ",".join([str(int(R() * 9_999_999) + 1) for _ in range(n)])

    def str_list(self):
        R = self.R
        n = 1 + int(R() ** 2 * 12)
        return ",".join(["'%s%d'" % (WORDS[int(R() * 18)], int(R() * 1000)) for _ in range(n)])


# --------------------------------------------------------------------------------------------
# Templates. A template is a format string with `{}` holes plus one generator per hole; shapes
# build them from parts (literal text or generator). `kind` drives Query_time and row counts.

class Template:
    __slots__ = ("fmt", "gens", "kind", "name", "db", "tid", "count", "sum_us", "is_admin",
                 "is_insert")

    def __init__(self, tid, name, db, kind, parts, lower=False, is_insert=False):
        fmt, gens = [], []
        for p in parts:
            if isinstance(p, str):
                p = p.lower() if lower else p
                fmt.append(p.replace("{", "{{").replace("}", "}}"))
            else:
                fmt.append("{}")
                gens.append(p)
        self.fmt, self.gens = "".join(fmt), tuple(gens)
        self.tid, self.name, self.db, self.kind = tid, name, db, kind
        self.count, self.sum_us = 0, 0
        self.is_admin = name.startswith("admin:")
        self.is_insert = is_insert  # may get `SET insert_id=N,timestamp=T;` like the server writes

    def render(self):
        return self.fmt.format(*[g() for g in self.gens])


def shapes(T, P, L, q, qualify=False):
    """Yield (shape_name, kind, parts) for table T joined to partner P.

    q(name) quotes an identifier per the template's style. Every shape is structurally
    different after literals are abstracted, so no two collapse into one fingerprint.
    qualify (only with --classes): name P as `db.table` when it lives in another database, so
    the query binds to the schema; without it the default log stays as it always was.
    """
    t, p = q(T["name"]), q(P["name"])
    if qualify and P["db"] != T["db"]:
        p = q(P["db"]) + "." + p
    c = {r: q(n) for r, n in T["cols"].items()}
    pc = {r: q(n) for r, n in P["cols"].items()}
    ID = q("id")
    yield "pk_star", "point", ["SELECT * FROM ", t, " WHERE ", ID, " = ", L.id]
    yield "pk_cols", "point", [f"SELECT {ID}, {c['name']}, {c['status']} FROM {t} WHERE {ID} = ", L.id]
    yield "pk_for_update", "point", [f"SELECT {c['amount']} FROM {t} WHERE {ID} = ", L.id, " FOR UPDATE"]
    yield "fk_recent", "range", [f"SELECT * FROM {t} WHERE {c['fk']} = ", L.id,
                                 f" ORDER BY {c['ts']} DESC LIMIT ", L.limit]
    yield "fk_status", "range", [f"SELECT {ID}, {c['amount']} FROM {t} WHERE {c['fk']} = ", L.id,
                                 f" AND {c['status']} = ", L.status]
    yield "in_ids", "multi", [f"SELECT {ID}, {c['name']}, {c['ts']} FROM {t} WHERE {ID} IN (", L.id_list, ")"]
    yield "in_strings", "multi", [f"SELECT {ID} FROM {t} WHERE {c['name']} IN (", L.str_list, ")"]
    yield "ts_between", "range", [f"SELECT {ID}, {c['status']} FROM {t} WHERE {c['ts']} BETWEEN ",
                                  L.dt_range(" AND ")]
    yield "page", "range", [f"SELECT {ID}, {c['name']} FROM {t} WHERE {c['status']} = ", L.status,
                            f" ORDER BY {c['ts']} DESC, {ID} LIMIT ", L.offset, ",", L.limit]
    yield "like_prefix", "range", [f"SELECT {ID}, {c['name']} FROM {t} WHERE {c['name']} LIKE ", L.prefix]
    yield "like_wild_or", "scan", [f"SELECT {ID}, {c['name']} FROM {t} WHERE {c['name']} LIKE ", L.wild,
                                   f" OR {c['code']} = ", L.word]
    yield "implicit_conv", "scan", [f"SELECT {ID}, {c['status']} FROM {t} WHERE {c['code']} = ", L.code]
    yield "group_status", "scan", [f"SELECT {c['status']}, COUNT(*) AS n FROM {t} WHERE {c['ts']} >= ", L.date,
                                   f" GROUP BY {c['status']}"]
    yield "date_func", "scan", [f"SELECT COUNT(*) FROM {t} WHERE DATE({c['ts']}) = ", L.date]
    yield "join", "join", [f"SELECT a.{ID}, b.{pc['name']} FROM {t} a JOIN {p} b ON b.{ID} = a.{c['fk']}"
                           f" WHERE a.{c['status']} = ", L.status, f" AND a.{c['ts']} > ", L.dt]
    yield "left_join_null", "join", [f"SELECT a.{ID} FROM {t} a LEFT JOIN {p} b ON b.{ID} = a.{c['fk']}"
                                     f" WHERE b.{ID} IS NULL AND a.{c['ts']} < ", L.dt, " LIMIT ", L.limit]
    yield "report", "report", [
        f"SELECT DATE(a.{c['ts']}) AS day,\n       b.{pc['status']},\n       COUNT(*) AS n,\n"
        f"       SUM(a.{c['amount']}) AS total\nFROM {t} a\n  JOIN {p} b ON b.{ID} = a.{c['fk']}\n"
        f"WHERE a.{c['ts']} >= ", L.dt_range(f"\n  AND a.{c['ts']} < "),
        f"\n  AND a.{c['status']} IN (", L.status, ",", L.status, ")\n"
        f"GROUP BY day, b.{pc['status']}\nHAVING COUNT(*) > ", L.small,
        "\nORDER BY total DESC\nLIMIT ", L.limit]
    yield "case_report", "report", [
        f"SELECT {c['fk']},\n  SUM(CASE WHEN {c['status']} = ", L.status, f" THEN {c['amount']} ELSE 0 END) AS good,\n"
        f"  SUM(CASE WHEN {c['amount']} < ", L.neg, f" THEN 1 ELSE 0 END) AS negative\n"
        f"FROM {t}\nWHERE {c['ts']} > ", L.date, f"\nGROUP BY {c['fk']}\nORDER BY good DESC LIMIT ", L.limit]
    yield "cte_window", "report", [
        f"WITH recent AS (\n  SELECT {c['fk']}, {c['amount']},\n"
        f"         ROW_NUMBER() OVER (PARTITION BY {c['fk']} ORDER BY {c['ts']} DESC) AS rn\n"
        f"  FROM {t} WHERE {c['ts']} > ", L.dt, f"\n)\nSELECT {c['fk']}, SUM({c['amount']}) FROM recent "
        "WHERE rn <= ", L.small, f" GROUP BY {c['fk']}"]
    yield "subquery_in", "join", [f"SELECT {ID}, {c['name']} FROM {t} WHERE {c['fk']} IN (SELECT {ID} FROM {p}"
                                  f" WHERE {pc['amount']} > ", L.dec, ")"]
    yield "exists", "join", [f"SELECT {ID} FROM {t} a WHERE EXISTS (SELECT 1 FROM {p} b WHERE b.{ID} = a.{c['fk']}"
                             f" AND b.{pc['status']} = ", L.status, ") LIMIT ", L.limit]
    yield "union", "range", [f"SELECT {ID}, {c['ts']} FROM {t} WHERE {c['fk']} = ", L.id,
                             f" UNION ALL SELECT {ID}, {pc['ts']} FROM {p} WHERE {pc['fk']} = ", L.id]
    yield "insert_one", "write", [f"INSERT INTO {t} ({c['fk']}, {c['name']}, {c['amount']}, {c['hash']}, "
                                  f"{c['text']}, {c['ts']}) VALUES (", L.id, ", ", L.word, ", ", L.nullable_dec,
                                  ", ", L.hex, ", ", L.odd, ", NOW())"]
    yield "insert_multi", "bulk", [f"INSERT INTO {t} ({c['fk']}, {c['status']}, {c['amount']}, {c['gone']}) VALUES ",
                                   Rows(L, (L.id, L.status, L.dec, L.nullable_word))]
    yield "upsert", "write", [f"INSERT INTO {t} ({ID}, {c['amount']}, {c['status']}) VALUES (", L.id, ", ", L.dec,
                              ", ", L.status, f") ON DUPLICATE KEY UPDATE {c['amount']} = {c['amount']} + VALUES("
                              f"{c['amount']})"]
    yield "replace", "write", [f"REPLACE INTO {t} ({ID}, {c['name']}, {c['code']}) VALUES (", L.id, ", ", L.dq,
                               ", ", L.word, ")"]
    yield "update_pk", "write", [f"UPDATE {t} SET {c['status']} = ", L.status, f", {c['ts']} = NOW() WHERE {ID} = ",
                                 L.id]
    yield "update_delta", "write", [f"UPDATE {t} SET {c['amount']} = {c['amount']} + ", L.neg,
                                    f" WHERE {c['fk']} = ", L.id, f" AND {c['amount']} >= ", L.small]
    yield "update_limit", "scan", [f"UPDATE {t} SET {c['gone']} = NOW() WHERE {c['status']} = ", L.status,
                                   f" AND {c['ts']} < ", L.dt, " LIMIT ", L.limit]
    yield "delete_pk", "write", [f"DELETE FROM {t} WHERE {ID} = ", L.id]
    yield "delete_old", "scan", [f"DELETE FROM {t} WHERE {c['ts']} < ", L.dt, " LIMIT ", L.limit]
    yield "count_fk", "range", [f"SELECT COUNT(*) FROM {t} WHERE {c['fk']} = ", L.id, f" AND {c['gone']} IS NULL"]
    yield "or_columns", "scan", [f"SELECT {ID} FROM {t} WHERE {c['name']} = ", L.email, f" OR {c['code']} = ", L.word]
    yield "hash_lookup", "point", [f"SELECT {ID}, {c['fk']} FROM {t} WHERE {c['hash']} = ", L.xhex]
    yield "negative_range", "range", [f"SELECT {ID}, {c['amount']} FROM {t} WHERE {c['amount']} < ", L.neg,
                                      f" AND {c['gone']} IS NOT NULL"]
    yield "odd_string", "point", [f"SELECT {ID} FROM {t} WHERE {c['text']} = ", L.odd, " AND ", ID, " > ", L.small]
    yield "insert_select", "bulk", [f"INSERT INTO {p} ({pc['fk']}, {pc['amount']}) SELECT {c['fk']}, SUM({c['amount']})"
                                    f" FROM {t} WHERE {c['ts']} >= ", L.date, f" GROUP BY {c['fk']}"]
    yield "distinct_order", "range", [f"SELECT DISTINCT {c['fk']} FROM {t} WHERE {c['status']} <> ", L.status,
                                      f" ORDER BY {c['fk']} LIMIT ", L.limit]


class Rows:
    """Generator for a multi-row VALUES list: 1..200 rows, most short."""
    def __init__(self, L, cols):
        self.R, self.cols = L.R, cols

    def __call__(self):
        n = 1 + int(self.R() ** 4 * 200)
        cols = self.cols
        return ",".join(["(" + ", ".join([g() for g in cols]) + ")" for _ in range(n)])


# Session and admin statements every real log has. Admin commands are printed by the server
# as `# administrator command: X;`, not as SQL.
EXTRAS = [("begin", "BEGIN"), ("commit", "COMMIT"), ("rollback", "ROLLBACK"),
          ("autocommit", "SET autocommit=0"), ("names", "SET NAMES utf8mb4"),
          ("select_one", "SELECT 1"), ("warnings", "SHOW WARNINGS"),
          ("admin:Quit", "Quit"), ("admin:Ping", "Ping"), ("admin:Init DB", "Init DB")]


def make_tables(rnd):
    """The 60 tables with one column name per role, and each table's join partner."""
    tables = []
    for db, names in SCHEMAS.items():
        for n in names.split():
            cols = {role: rnd.choice(opts) for role, opts in ROLE_NAMES.items()}
            tables.append({"name": n, "db": db, "cols": cols})
    for i, T in enumerate(tables):
        P = tables[(i * 7 + 3) % len(tables)]
        if P is T:
            P = tables[(i + 1) % len(tables)]
        T["partner"] = P   # T's `fk` column points at P.id
    return tables


def build_templates(rnd, L, classes=0, seed=1):
    tables = make_tables(rnd)
    plain = lambda s: s
    tick = lambda s: "`" + s + "`"
    out = []
    for T in tables:
        P = T["partner"]
        qualify = classes > 0
        variants = (list(shapes(T, P, L, plain, qualify)), list(shapes(T, P, L, tick, qualify)))
        for k in range(len(variants[0])):
            # Style is per template, as one ORM or one hand-written query keeps it: backticks,
            # lower-case keywords, a request-tagging comment.
            shape, kind, parts = variants[rnd.random() < 0.3][k]
            lower = rnd.random() < 0.15
            if rnd.random() < 0.25:
                parts = ["/* app:%s ctrl:%s req:" % (rnd.choice(APPS), rnd.choice(CTRLS)), L.req,
                         " */ "] + parts
            out.append(Template(len(out), "%s.%s:%s" % (T["db"], T["name"], shape), T["db"], kind,
                                parts, lower, shape.startswith(("insert", "upsert"))))
    for name, sql in EXTRAS:
        out.append(Template(len(out), name, None, "txn", [sql]))
    add_extra_columns(tables, seed)
    if classes > len(out):
        add_variants(out, tables, L, classes - len(out), seed)
    return tables, out


# --------------------------------------------------------------------------------------------
# --classes N: more templates, as a big application's query mix has (for `qadvisor advise`).
#
# Variants are queries an ORM or a report screen would send: a column list, one to three
# predicates (equality, IN list, one range, IS NULL), ORDER BY and LIMIT, joins to the partner
# table and to a table of the same database, GROUP BY reports, subqueries, UPDATE and DELETE
# by predicate. They use four more columns per table (`ref`, `kind`, `due`, `flag` below), so
# an index advisor has many different wants to merge. All their randomness comes from a Random
# of their own, so the default log (no --classes) is byte-identical to what it always was.
# Each variant is kept only if its fingerprint is new: literals abstracted, case and backticks
# ignored, IN lists and LIMIT m,n folded, as pt-query-digest and qadvisor both group them.

EXTRA_ROLE_NAMES = {
    "ref": ["created_by", "assignee_id", "region_id", "store_id", "team_id", "vendor_id"],
    "kind": ["kind", "category", "origin", "tier", "segment"],
    "due": ["expires_at", "due_at", "shipped_at", "last_seen_at", "started_at", "finished_at"],
    "flag": ["is_active", "is_deleted", "is_test", "verified", "is_primary"],
}
KIND_VALUES = ["web", "mobile", "partner", "internal", "import", "trial", "gold", "basic"]


def add_extra_columns(tables, seed):
    """Give every table the extra roles and a `buddy`: the same-database table `ref` points at."""
    xr = random.Random("gen_slowlog extra columns %d" % seed)
    by_db = {}
    for T in tables:
        by_db.setdefault(T["db"], []).append(T)
    for T in tables:
        T["xcols"] = {role: xr.choice(opts) for role, opts in EXTRA_ROLE_NAMES.items()}
        T["buddy"] = xr.choice([B for B in by_db[T["db"]] if B is not T])


def fingerprint_key(text):
    """What pt-query-digest and qadvisor would group `text` (holes written `?`) by, near enough
    to reject duplicates: no comments, case or backticks; literals, IN lists, LIMIT folded."""
    s = re.sub(r"/\*.*?\*/", " ", text).lower().replace("`", "")
    s = re.sub(r"\b\d+(\.\d+)?\b", "?", s)
    s = re.sub(r"\s+", " ", s).strip()
    s = re.sub(r"between \?(?! and)", "between ? and ?", s)  # one hole for both ends
    s = re.sub(r"in \(\?(?:\s*,\s*\?)*\)", "in(?+)", s)
    s = re.sub(r"limit \?(?:\s*,\s*\?)?", "limit ?", s)
    return re.sub(r" asc\b", "", s)


def parts_text(parts):
    return "".join(p if isinstance(p, str) else "?" for p in parts)


class VariantMaker:
    """Draws one random query of a family for table T; see the section comment above."""

    def __init__(self, vr, L):
        self.vr, self.L = vr, L
        R = L.R
        self.kind_lit = lambda: "'" + KIND_VALUES[int(R() * 8)] + "'"
        self.flag_lit = lambda: "1" if R() < 0.8 else "0"
        self.amount_lo = lambda: str(int(R() * 500))

    def cols(self, T, q, x=""):
        """Column name by role for T, quoted and with alias prefix x ("a." or "")."""
        c = {r: x + q(n) for r, n in T["cols"].items()}
        c.update({r: x + q(n) for r, n in T["xcols"].items()})
        c["id"] = x + q("id")
        return c

    def predicates(self, c, n):
        """n predicates on distinct columns, at most one of them a range, as parts lists."""
        vr, L = self.vr, self.L
        eq = [("fk", [c["fk"] + " = ", L.id], "eq"),
              ("ref", [c["ref"] + " = ", L.id], "eq"),
              ("status", [c["status"] + " = ", L.status], "eq"),
              ("status", [c["status"] + " IN (", L.status, ", ", L.status, ")"], "eq"),
              ("status", [c["status"] + " <> ", L.status], "other"),
              ("kind", [c["kind"] + " = ", self.kind_lit], "eq"),
              ("kind", [c["kind"] + " IN (", self.kind_lit, ", ", self.kind_lit, ", ",
                        self.kind_lit, ")"], "eq"),
              ("flag", [c["flag"] + " = ", self.flag_lit], "eq"),
              ("name", [c["name"] + " = ", L.word], "eq"),
              ("code", [c["code"] + " = ", L.word], "eq"),
              ("fk", [c["fk"] + " IN (", L.id_list, ")"], "in"),
              ("id", [c["id"] + " IN (", L.id_list, ")"], "in"),
              ("gone", [c["gone"] + " IS NULL"], "null"),
              ("due", [c["due"] + " IS NOT NULL"], "other")]
        rng = [("ts", [c["ts"] + " >= ", L.dt], "range"),
               ("ts", [c["ts"] + " BETWEEN ", L.dt_range(" AND ")], "range"),
               ("ts", [c["ts"] + " < ", L.dt], "range"),
               ("due", [c["due"] + " < ", L.dt], "range"),
               ("amount", [c["amount"] + " > ", L.dec], "range"),
               ("amount", [c["amount"] + " BETWEEN ", self.amount_lo, " AND ", L.id], "range"),
               ("name", [c["name"] + " LIKE ", L.prefix], "range")]
        picked, used = [], set()
        want_range = vr.random() < 0.55
        for _ in range(20):
            if len(picked) == n:
                break
            if want_range and not any(k == "range" for _, _, k in picked) and vr.random() < 0.5:
                cand = vr.choice(rng)
            else:
                cand = vr.choice(eq)
            if cand[0] in used:
                continue
            used.add(cand[0])
            picked.append(cand)
        # Equalities first, the range last, as people write them.
        picked.sort(key=lambda p: p[2] == "range")
        return picked

    @staticmethod
    def join_preds(picked, parts, first=" WHERE "):
        sep = first
        for _, ps, _ in picked:
            parts.append(sep)
            parts.extend(ps)
            sep = " AND "

    @staticmethod
    def write_kind(picked):
        return "write" if any(k in ("eq", "in") for _, _, k in picked) else "scan"

    @staticmethod
    def kind_of(picked, default):
        kinds = {k for _, _, k in picked}
        cols = {col for col, _, _ in picked}
        if "id" in cols:
            return "multi"
        if "in" in kinds:
            return "multi"
        if cols & {"fk", "ref", "name", "code"}:
            return "range"
        return default

    def select_list(self, c, T):
        vr = self.vr
        r = vr.random()
        if r < 0.12:
            return "*"
        roles = ["fk", "status", "ts", "name", "amount", "code", "kind", "due", "ref", "flag"]
        k = 1 + int(vr.random() ** 1.5 * 5)
        cols = vr.sample(roles, k)
        lead = [c["id"]] if vr.random() < 0.8 else []
        return ", ".join(lead + [c[r] for r in cols])

    def order_limit(self, c, parts, kind):
        vr, L = self.vr, self.L
        r = vr.random()
        if r < 0.35:
            return kind
        order = vr.choice([c["ts"] + " DESC", c["id"] + " DESC", c["amount"] + " DESC", c["due"],
                           c["name"], c["ts"] + " DESC, " + c["id"] + " DESC", c["ts"]])
        parts.append(" ORDER BY " + order)
        r = vr.random()
        if r < 0.6:
            parts.extend([" LIMIT ", L.limit])
        elif r < 0.85:
            parts.extend([" LIMIT ", L.offset, ", ", L.limit])
        return kind

    def make(self, T, q):
        """(family, kind, parts) of one fresh query on T."""
        vr, L = self.vr, self.L
        P, B = T["partner"], T["buddy"]
        fam = vr.choices(["select", "join", "aggregate", "update", "delete", "subquery",
                          "exists", "count"], [40, 20, 10, 8, 4, 6, 5, 7])[0]
        t = q(T["name"])

        def tname(X):
            return (q(X["db"]) + "." if X["db"] != T["db"] else "") + q(X["name"])

        if fam in ("select", "count"):
            c = self.cols(T, q)
            picked = self.predicates(c, 1 + int(vr.random() ** 1.3 * 3))
            if fam == "count":
                parts = ["SELECT COUNT(*) FROM " + t]
                self.join_preds(picked, parts)
                return fam, self.kind_of(picked, "scan"), parts
            parts = ["SELECT " + self.select_list(c, T) + " FROM " + t]
            self.join_preds(picked, parts)
            kind = self.order_limit(c, parts, self.kind_of(picked, "scan"))
            return fam, kind, parts
        if fam == "join":
            # Aliases as code writes them: a/b, or initials.
            if vr.random() < 0.6:
                xa, xb, xc = "a", "b", "c"
            else:  # one letter for the main table; two, never a keyword, for the others
                xa, xb, xc = T["name"][0], P["name"][0] + "p", B["name"][0] + "x"
            ca, cb = self.cols(T, q, xa + "."), self.cols(P, q, xb + ".")
            jt = "LEFT JOIN" if vr.random() < 0.25 else "JOIN"
            sel = [ca["id"]] + [ca[r] for r in vr.sample(["status", "ts", "amount", "name",
                                                          "kind"], 1 + int(vr.random() * 2))]
            sel.append(cb[vr.choice(["name", "status", "amount", "code"])])
            from_ = f" FROM {tname(T)} {xa} {jt} {tname(P)} {xb} ON {cb['id']} = {ca['fk']}"
            if vr.random() < 0.3:
                cc = self.cols(B, q, xc + ".")
                sel.append(cc["name"])
                from_ += f" JOIN {tname(B)} {xc} ON {cc['id']} = {ca['ref']}"
            parts = ["SELECT " + ", ".join(sel) + from_]
            picked = self.predicates(ca, 1 + int(vr.random() * 2))
            self.join_preds(picked, parts)
            if vr.random() < 0.4:
                parts.extend([f" AND {cb['status']} = ", L.status])
            if vr.random() < 0.6:
                parts.extend([f" ORDER BY {ca['ts']} DESC LIMIT ", L.limit])
            return fam, "join", parts
        if fam == "aggregate":
            c = self.cols(T, q)
            g = vr.choice([c["status"], c["kind"], c["fk"], c["ref"], "DATE(" + c["ts"] + ")"])
            aggs = vr.choice(["COUNT(*) AS n", "COUNT(*) AS n, SUM(" + c["amount"] + ") AS total",
                              "SUM(" + c["amount"] + ") AS total",
                              "MAX(" + c["ts"] + ") AS latest"])
            parts = [f"SELECT {g}, {aggs} FROM {t}"]
            picked = self.predicates(c, 1 + int(vr.random() * 2))
            self.join_preds(picked, parts)
            parts.append(f" GROUP BY {g}")
            if vr.random() < 0.25:
                parts.extend([" HAVING COUNT(*) > ", L.small])
            if vr.random() < 0.5:
                parts.extend([" ORDER BY " + aggs.split(" AS ")[0] + " DESC LIMIT ", L.limit])
            return fam, "report" if self.kind_of(picked, "scan") == "scan" else "range", parts
        if fam == "update":
            c = self.cols(T, q)
            sets = vr.sample([[c["status"] + " = ", L.status], [c["due"] + " = NOW()"],
                              [c["amount"] + " = " + c["amount"] + " + ", L.neg],
                              [c["flag"] + " = ", self.flag_lit], [c["kind"] + " = ", self.kind_lit]],
                             1 + int(vr.random() * 2))
            parts = ["UPDATE " + t + " SET "]
            for i, st in enumerate(sets):
                if i:
                    parts.append(", ")
                parts.extend(st)
            picked = self.predicates(c, 1 + int(vr.random() * 2))
            self.join_preds(picked, parts)
            if vr.random() < 0.3:
                parts.extend([" LIMIT ", L.limit])
            return fam, self.write_kind(picked), parts
        if fam == "delete":
            c = self.cols(T, q)
            parts = ["DELETE FROM " + t]
            picked = self.predicates(c, 1 + int(vr.random() * 2))
            self.join_preds(picked, parts)
            if vr.random() < 0.5:
                parts.extend([" ORDER BY " + c["id"] + " LIMIT ", L.limit])
            return fam, self.write_kind(picked), parts
        if fam == "subquery":
            c, cp = self.cols(T, q), self.cols(P, q)
            parts = [f"SELECT {self.select_list(c, T)} FROM {t} WHERE {c['fk']} IN (SELECT "
                     f"{cp['id']} FROM {tname(P)} WHERE "]
            parts.extend(vr.choice([[cp["status"] + " = ", L.status], [cp["kind"] + " = ", self.kind_lit],
                                    [cp["amount"] + " > ", L.dec], [cp["ts"] + " >= ", L.dt]]))
            parts.append(")")
            picked = self.predicates(c, int(vr.random() * 2))
            self.join_preds([p for p in picked if p[0] != "fk"], parts, " AND ")
            kind = self.order_limit(c, parts, "join")
            return fam, kind, parts
        # exists
        ca, cb = self.cols(T, q, "a."), self.cols(P, q, "b.")
        neg = "NOT " if vr.random() < 0.3 else ""
        parts = [f"SELECT {ca['id']}, {ca['name']} FROM {t} a WHERE "]
        picked = self.predicates(ca, 1 + int(vr.random() * 2))
        self.join_preds(picked, parts, "")
        parts.append(f" AND {neg}EXISTS (SELECT 1 FROM {tname(P)} b WHERE {cb['id']} = {ca['fk']}"
                     f" AND {cb['status']} = ")
        parts.extend([L.status, ") LIMIT ", L.limit])
        return fam, "join", parts


def add_variants(out, tables, L, n, seed):
    """Append n templates with fingerprints unlike any in `out`, spread over all tables."""
    vr = random.Random("gen_slowlog variants %d" % seed)
    maker = VariantMaker(vr, L)
    seen = {fingerprint_key(t.fmt.replace("{}", "?").replace("{{", "{").replace("}}", "}"))
            for t in out}
    plain = lambda s: s
    tick = lambda s: "`" + s + "`"
    made = tries = 0
    while made < n:
        tries += 1
        if tries > 50 * n + 1000:
            raise SystemExit("gen_slowlog: could not make %d distinct variants" % n)
        T = tables[(made + tries) % len(tables)]
        q = tick if vr.random() < 0.3 else plain
        fam, kind, parts = maker.make(T, q)
        key = fingerprint_key(parts_text(parts))
        if key in seen:
            continue
        seen.add(key)
        lower = vr.random() < 0.15
        if vr.random() < 0.25:
            parts = ["/* app:%s ctrl:%s req:" % (vr.choice(APPS), vr.choice(CTRLS)), L.req,
                     " */ "] + parts
        out.append(Template(len(out), "%s.%s:v%d-%s" % (T["db"], T["name"], made, fam), T["db"],
                            kind, parts, lower))
        made += 1


# --------------------------------------------------------------------------------------------
# --schema-out FILE: the DDL of every table the queries use, as `mysqldump --no-data
# --databases …` of MySQL 8.0 prints it, so that `qadvisor advise --schema FILE` binds them.
# Secondary indexes come from a Random of their own: foreign-key indexes on most tables, a few
# unique ones, some composite ones, and some redundant ones (a prefix of another index).

COLUMN_TYPES = {
    # role: {column name: (type, nullable default)} or a default for the role
    "fk": "bigint unsigned NOT NULL",
    "ref": "bigint unsigned DEFAULT NULL",
    "kind": "varchar(32) NOT NULL DEFAULT 'web'",
    "status": "varchar(16) NOT NULL DEFAULT 'new'",
    "name": {"email": "varchar(190) NOT NULL", "sku": "varchar(64) NOT NULL",
             "slug": "varchar(120) NOT NULL", "reference": "varchar(64) NOT NULL",
             "title": "varchar(255) NOT NULL", "name": "varchar(100) NOT NULL"},
    "code": "varchar(32) DEFAULT NULL",   # digits held as text: the implicit-conversion case
    "amount": {"quantity": "int NOT NULL DEFAULT '0'", "score": "int NOT NULL DEFAULT '0'",
               "": "decimal(12,2) NOT NULL DEFAULT '0.00'"},
    "hash": "varbinary(32) DEFAULT NULL",
    "ts": {"created_at": "datetime NOT NULL DEFAULT CURRENT_TIMESTAMP",
           "updated_at": "datetime NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP",
           "": "datetime(6) NOT NULL"},
    "due": "datetime DEFAULT NULL",
    "gone": "datetime DEFAULT NULL",
    "flag": "tinyint(1) NOT NULL DEFAULT '1'",
    "text": {"payload": "json DEFAULT NULL", "": "text"},
}
COLUMN_ORDER = ["fk", "ref", "kind", "status", "name", "code", "amount", "hash", "text", "flag",
                "ts", "due", "gone"]
CHARSET = "DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci"


def column_type(role, name):
    t = COLUMN_TYPES[role]
    return t if isinstance(t, str) else t.get(name, t.get(""))


def table_indexes(T, xr, i):
    """[(kind, name, [columns])] for T's secondary indexes; i forces a few shapes to exist."""
    c = dict(T["cols"], **T["xcols"])
    out = []

    def add(kind, cols):
        name = ("uk_" if kind == "UNIQUE KEY" else "idx_") + "_".join(cols)
        if all(n != name for _, n, _ in out):
            out.append((kind, name, cols))

    if c["name"] in ("email", "sku", "slug", "reference") and xr.random() < 0.6:
        add("UNIQUE KEY", [c["name"]])
    elif xr.random() < 0.25:
        add("KEY", [c["name"]])
    fk_status = i == 0 or xr.random() < 0.15
    if i == 0 or xr.random() < 0.6:
        add("KEY", [c["fk"]])           # with (fk, status) below: the redundant one
    if fk_status:
        add("KEY", [c["fk"], c["status"]])
    if i in (1, 2) or xr.random() < 0.25:
        add("KEY", [c["status"], c["ts"]])
        if i == 2 or xr.random() < 0.1:
            add("KEY", [c["status"]])   # a prefix of (status, ts): redundant
    if i == 3 or xr.random() < 0.15:
        add("KEY", [c["fk"], c["ts"]])
    if xr.random() < 0.3:
        add("KEY", [c["ts"]])
    for role, p in (("code", 0.2), ("hash", 0.2), ("ref", 0.2), ("due", 0.1), ("kind", 0.1)):
        if xr.random() < p:
            add("KEY", [c[role]])
    return out


def write_schema(path, tables, seed):
    xr = random.Random("gen_slowlog schema %d" % seed)
    bt = lambda n: "`" + n + "`"
    w = ["-- MySQL dump 10.13  Distrib 8.0.36, for Linux (x86_64)\n--\n"
         "-- Host: localhost    Database: \n"
         "-- ------------------------------------------------------\n"
         "-- Server version\t8.0.36\n"
         "-- Written by bench/digest/gen_slowlog.py (seed %d) for the tables its queries use.\n\n"
         "/*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */;\n"
         "/*!50503 SET NAMES utf8mb4 */;\n"
         "/*!40014 SET @OLD_UNIQUE_CHECKS=@@UNIQUE_CHECKS, UNIQUE_CHECKS=0 */;\n"
         "/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;\n"
         "/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='NO_AUTO_VALUE_ON_ZERO' */;\n" % seed]
    index_of = {id(T): i for i, T in enumerate(tables)}
    for db in SCHEMAS:
        w.append("\n--\n-- Current Database: `%s`\n--\n\n"
                 "CREATE DATABASE /*!32312 IF NOT EXISTS*/ `%s` /*!40100 DEFAULT CHARACTER SET "
                 "utf8mb4 COLLATE utf8mb4_0900_ai_ci */ /*!80016 DEFAULT ENCRYPTION='N' */;\n\n"
                 "USE `%s`;\n" % (db, db, db))
        for T in sorted((T for T in tables if T["db"] == db), key=lambda T: T["name"]):
            i = index_of[id(T)]
            c = dict(T["cols"], **T["xcols"])
            lines = ["  `id` bigint unsigned NOT NULL AUTO_INCREMENT"]
            lines += ["  %s %s" % (bt(c[r]), column_type(r, c[r])) for r in COLUMN_ORDER]
            lines.append("  PRIMARY KEY (`id`)")
            idx = table_indexes(T, xr, i)
            for kind, name, cols in sorted(idx, key=lambda k: k[0] != "UNIQUE KEY"):
                lines.append("  %s %s (%s)" % (kind, bt(name), ",".join(bt(x) for x in cols)))
            P = T["partner"]
            if P["db"] == db and any(cols[0] == c["fk"] for _, _, cols in idx) and \
                    xr.random() < 0.6:
                lines.append("  CONSTRAINT `fk_%s_%s` FOREIGN KEY (%s) REFERENCES %s (`id`)"
                             % (T["name"], c["fk"], bt(c["fk"]), bt(P["name"])))
            w.append("\n--\n-- Table structure for table `%s`\n--\n\n"
                     "DROP TABLE IF EXISTS `%s`;\n"
                     "/*!40101 SET @saved_cs_client     = @@character_set_client */;\n"
                     "/*!50503 SET character_set_client = utf8mb4 */;\n"
                     "CREATE TABLE `%s` (\n%s\n) ENGINE=InnoDB AUTO_INCREMENT=%d %s;\n"
                     "/*!40101 SET character_set_client = @saved_cs_client */;\n"
                     % (T["name"], T["name"], T["name"], ",\n".join(lines),
                        1 + int(xr.random() ** 2 * 50_000_000), CHARSET))
    w.append("\n/*!40101 SET SQL_MODE=@OLD_SQL_MODE */;\n"
             "/*!40014 SET FOREIGN_KEY_CHECKS=@OLD_FOREIGN_KEY_CHECKS */;\n"
             "/*!40014 SET UNIQUE_CHECKS=@OLD_UNIQUE_CHECKS */;\n"
             "/*!40101 SET CHARACTER_SET_CLIENT=@OLD_CHARACTER_SET_CLIENT */;\n\n"
             "-- Dump completed\n")
    with open(path, "w") as f:
        f.write("".join(w))


# --------------------------------------------------------------------------------------------
# Timing model: median seconds and rows by kind; per-template and per-event log-normal spread.

KIND = {  # kind: (median Query_time s, rows_sent, rows_examined)
    "point": (0.0003, 1, 1),
    "multi": (0.002, 30, 30),
    "range": (0.004, 40, 400),
    "scan": (0.25, 20, 400_000),
    "join": (0.02, 50, 5_000),
    "report": (1.2, 100, 2_000_000),
    "write": (0.0015, 0, 1),
    "bulk": (0.02, 0, 200),
    "txn": (0.00005, 0, 0),
}


# --------------------------------------------------------------------------------------------
# Dialects. Each writer turns one event into header lines + SQL. State (last printed second,
# last `use` database) is per segment, like a server's log handle.

SERVER_HEADERS = {
    # Mid-file headers name the binary `mysqld`: pt-query-digest only recognises `...mysqld,
    # Version` and would merge the events around a `mariadbd` header (MariaDB >= 10.5 binary name).
    "mysql57": "/usr/sbin/mysqld, Version: 5.7.44-log (MySQL Community Server (GPL)). started with:\n"
               "Tcp port: 3306  Unix socket: /var/run/mysqld/mysqld.sock\n",
    "mysql80": "/usr/sbin/mysqld, Version: 8.0.36 (MySQL Community Server - GPL). started with:\n"
               "Tcp port: 3306  Unix socket: /var/run/mysqld/mysqld.sock\n",
    "mysql51": "/usr/sbin/mysqld, Version: 5.1.73-log (Source distribution). started with:\n"
               "Tcp port: 3306  Unix socket: /var/lib/mysql/mysql.sock\n",
    "percona": "/usr/sbin/mysqld, Version: 5.6.51-91.0-log (Percona Server (GPL), Release 91.0, "
               "Revision b59139e). started with:\n"
               "Tcp port: 3306  Unix socket: /var/lib/mysql/mysql.sock\n",
    "mariadb": "/usr/sbin/mysqld, Version: 10.6.18-MariaDB-log (MariaDB Server). started with:\n"
               "Tcp port: 3306  Unix socket: /run/mysqld/mysqld.sock\n",
}
TIME_ID_LINE = "Time                 Id Command    Argument\n"
# Share of the file per dialect, in segments out of a cycle of 20. The dialects differ a lot
# in cost per event (a log_slow_extra header has ~30 attributes, a 5.1 one 4), so the mix
# must be the same at every size or MiB/s at 20 MiB and at 320 MiB would not be comparable.
DIALECT_WEIGHTS = [("mysql57", 7), ("mariadb", 5), ("percona", 4), ("mysql51", 2), ("mysql80", 2)]
SEGMENTS = 40  # two full cycles


def dialect_cycle():
    """Smooth weighted round-robin over DIALECT_WEIGHTS: exact shares every 20 segments."""
    names = [d for d, _ in DIALECT_WEIGHTS]
    weights = [w for _, w in DIALECT_WEIGHTS]
    total = sum(weights)
    current = [0] * len(names)
    while True:
        for i, w in enumerate(weights):
            current[i] += w
        best = max(range(len(names)), key=current.__getitem__)
        current[best] -= total
        yield names[best]


def fmt_us(us):
    return "%d.%06d" % divmod(us, 1_000_000)


class Segment:
    """One server run: dialect, its verbosity options, and log-handle state."""

    def __init__(self, dialect, rnd):
        self.d = dialect
        self.last_sec = None   # second of the last `# Time:` line (old formats)
        self.sec_iso = None    # cached "YYYY-MM-DDTHH:MM:SS" for the current second
        self.sec_old = None    # cached "yymmdd hh:mm:ss" for the current second
        self.last_db = None
        self.ts_us = rnd.random() < 0.5              # Percona slow_query_log_timestamp_precision
        self.rows_read = rnd.random() < 0.5          # Percona 5.5 adds Rows_read
        self.innodb = rnd.random() < 0.7             # Percona/MariaDB InnoDB/engine lines
        self.explain = rnd.random() < 0.4            # MariaDB log_slow_verbosity=explain
        self.trx = rnd.randrange(1 << 32)

    def header(self):
        return SERVER_HEADERS[self.d] + TIME_ID_LINE


def write_event(seg, rnd, now_us, client, thread_id, tpl, sql, qt_us, lock_us, rs, rex, raff, db):
    """Return one event as text: the dialect's header lines, then `use`/`SET`, then the SQL."""
    R = rnd.random
    out = []
    d = seg.d
    user, host, ip = client
    sec = now_us // 1_000_000
    if sec != seg.last_sec:
        seg.last_sec = sec
        tm = time.gmtime(sec)
        seg.sec_iso = time.strftime("%Y-%m-%dT%H:%M:%S", tm)
        # Old format: yymmdd, hour padded with a space ("240501  9:05:03").
        seg.sec_old = "%02d%02d%02d %2d:%02d:%02d" % (tm.tm_year % 100, tm.tm_mon, tm.tm_mday,
                                                       tm.tm_hour, tm.tm_min, tm.tm_sec)
        new_sec = True
    else:
        new_sec = False
    usec = now_us % 1_000_000
    qt, lt = fmt_us(qt_us), fmt_us(lock_us)
    uh = "# User@Host: %s[%s] @ %s [%s]" % (user, user, host, ip) if user[0] != "[" else \
        "# User@Host: [SQL_SLAVE] @  []"
    if user[0] != "[" and not host:
        uh = "# User@Host: %s[%s] @  [%s]" % (user, user, ip)
    bytes_sent = 60 + rs * 40
    full_scan = "Yes" if rex > 1000 and rs * 10 < rex else "No"
    tmp = "Yes" if tpl.kind == "report" else "No"

    if d == "mysql57" or d == "mysql80":
        out.append("# Time: %s.%06dZ\n%s  Id: %5d\n" % (seg.sec_iso, usec, uh, thread_id))
        if d == "mysql57":
            out.append("# Query_time: %s  Lock_time: %s Rows_sent: %d  Rows_examined: %d\n"
                       % (qt, lt, rs, rex))
        else:
            start = now_us - qt_us
            out.append(
                "# Query_time: %s  Lock_time: %s Rows_sent: %d  Rows_examined: %d Thread_id: %d "
                "Errno: 0 Killed: 0 Bytes_received: %d Bytes_sent: %d Read_first: 0 Read_last: 0 "
                "Read_key: %d Read_next: %d Read_prev: 0 Read_rnd: 0 Read_rnd_next: %d "
                "Sort_merge_passes: 0 Sort_range_count: 0 Sort_rows: %d Sort_scan_count: %d "
                "Created_tmp_disk_tables: 0 Created_tmp_tables: %d Start: %s.%06dZ End: %s.%06dZ\n"
                % (qt, lt, rs, rex, thread_id, len(sql), bytes_sent, min(rex, 1 + rs), rs,
                   rex if full_scan == "Yes" else 0, rs if tmp == "Yes" else 0,
                   1 if tmp == "Yes" else 0, 1 if tmp == "Yes" else 0,
                   time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(start // 1_000_000)),
                   start % 1_000_000, seg.sec_iso, usec))
    elif d == "mysql51":
        if new_sec:
            out.append("# Time: %s\n" % seg.sec_old)
        out.append("%s\n# Query_time: %s  Lock_time: %s  Rows_sent: %d  Rows_examined: %d\n"
                   % (uh, qt, lt, rs, rex))
    elif d == "percona":
        if new_sec:
            out.append("# Time: %s.%06d\n" % (seg.sec_old, usec) if seg.ts_us else
                       "# Time: %s\n" % seg.sec_old)
        out.append("%s\n# Thread_id: %d  Schema: %s  Last_errno: 0  Killed: 0\n"
                   "# Query_time: %s  Lock_time: %s  Rows_sent: %d  Rows_examined: %d  "
                   "Rows_affected: %d%s\n"
                   "# Bytes_sent: %d  Tmp_tables: %d  Tmp_disk_tables: 0  Tmp_table_sizes: %d\n"
                   % (uh, thread_id, db or "", qt, lt, rs, rex, raff,
                      "  Rows_read: %d" % rex if seg.rows_read else "", bytes_sent,
                      1 if tmp == "Yes" else 0, 16384 if tmp == "Yes" else 0))
        if tpl.kind != "txn":
            seg.trx += 1
            out.append("# InnoDB_trx_id: %X\n" % seg.trx)
        out.append("# QC_Hit: No  Full_scan: %s  Full_join: No  Tmp_table: %s  "
                   "Tmp_table_on_disk: No\n# Filesort: %s  Filesort_on_disk: No  Merge_passes: 0\n"
                   % (full_scan, tmp, tmp))
        if seg.innodb and tpl.kind != "txn":
            io = rex // 100
            out.append("#   InnoDB_IO_r_ops: %d  InnoDB_IO_r_bytes: %d  InnoDB_IO_r_wait: %s\n"
                       "#   InnoDB_rec_lock_wait: 0.000000  InnoDB_queue_wait: 0.000000\n"
                       "#   InnoDB_pages_distinct: %d\n"
                       % (io, io * 16384, fmt_us(qt_us // 10), 1 + rex // 50))
        else:
            out.append("# No InnoDB statistics available for this query\n")
    else:  # mariadb
        if new_sec:
            out.append("# Time: %s\n" % seg.sec_old)
        out.append("%s\n# Thread_id: %d  Schema: %s  QC_hit: No\n"
                   "# Query_time: %s  Lock_time: %s  Rows_sent: %d  Rows_examined: %d\n"
                   "# Rows_affected: %d  Bytes_sent: %d\n"
                   % (uh, thread_id, db or "", qt, lt, rs, rex, raff, bytes_sent))
        if seg.innodb and tpl.kind != "txn":
            out.append("# Pages_accessed: %d  Pages_read: %d  Pages_prefetched: 0  "
                       "Pages_updated: %d  Old_rows_read: 0\n"
                       "# Pages_read_time: %s  Engine_time: %s\n"
                       % (1 + rex // 50, rex // 500, raff, "%.4f" % (qt_us / 20000),
                          "%.4f" % (qt_us / 1000 * 0.8)))
        if full_scan == "Yes" or tmp == "Yes":
            out.append("# Full_scan: %s  Full_join: No  Tmp_table: %s  Tmp_table_on_disk: No\n"
                       "# Filesort: %s  Filesort_on_disk: No  Merge_passes: 0  Priority_queue: No\n"
                       % (full_scan, tmp, tmp))
        if seg.explain and tpl.kind in ("point", "range", "scan"):
            table = tpl.name.split(":")[0].split(".")[1]
            if tpl.kind == "point":
                row = "1\tSIMPLE\t%s\tconst\tPRIMARY\tPRIMARY\t4\tconst\t1\t1.00\t100.00\t100.00\t" % table
            else:
                row = "1\tSIMPLE\t%s\tALL\tNULL\tNULL\tNULL\tNULL\t%d\t%d.00\t100.00\t%.2f\tUsing where" % (
                    table, rex, rex, 100.0 * rs / max(rex, 1))
            out.append("#\n# explain: id\tselect_type\ttable\ttype\tpossible_keys\tkey\tkey_len\tref\t"
                       "rows\tr_rows\tfiltered\tr_filtered\tExtra\n# explain: %s\n#\n" % row)

    if tpl.is_admin:
        # The server writes the timestamp, then the command as a comment line.
        out.append("SET timestamp=%d;\n# administrator command: %s;\n" % (sec, sql))
        return "".join(out)
    if db is not None and db != seg.last_db:
        seg.last_db = db   # like the server: `use` only when the database changes
        out.append("use %s;\n" % db)
    start_sec = (now_us - qt_us) // 1_000_000
    if tpl.is_insert and R() < 0.5:
        out.append("SET insert_id=%d,timestamp=%d;\n%s;\n" % (int(R() * 1e8), start_sec, sql))
    else:
        out.append("SET timestamp=%d;\n%s;\n" % (start_sec, sql))
    return "".join(out)


# --------------------------------------------------------------------------------------------

def generate(path, size_mb, seed, classes=0, schema_out=None):
    t0 = time.time()
    rnd = random.Random(seed)
    R, gauss = rnd.random, rnd.gauss
    L = Lit(rnd)
    tables, templates = build_templates(rnd, L, classes, seed)
    if schema_out:
        write_schema(schema_out, tables, seed)
    clients = make_clients(rnd)

    # Zipf-like popularity over a seeded permutation of templates: a few classes dominate.
    order = list(range(len(templates)))
    rnd.shuffle(order)
    weights = [0.0] * len(templates)
    for rank, ti in enumerate(order, 1):
        weights[ti] = 1.0 / rank ** 1.1
    # Session statements are common regardless of rank (every transaction has BEGIN/COMMIT).
    for tpl in templates:
        if tpl.kind == "txn":
            weights[tpl.tid] = 0.05 if not tpl.is_admin else 0.01
    cum, acc = [], 0.0
    for w in weights:
        acc += w
        cum.append(acc)
    # Per-template speed factor: same shape on different tables differs by table size.
    tfactor = [math.exp(gauss(0, 1.0)) for _ in templates]

    target = int(size_mb * MIB)
    written = 0
    events = admin_events = 0
    sum_us = 0
    dialect_events = {d: 0 for d, _ in DIALECT_WEIGHTS}
    segments = 0
    now_us = 1714557600 * 1_000_000  # 2024-05-01T10:00:00Z
    idx = list(range(len(templates)))
    dialects = dialect_cycle()

    with open(path, "wb", buffering=0) as f:
        seg = None
        seg_end = 0
        out = []
        out_len = 0
        batch = []
        threads = []
        while written + out_len < target:
            if written + out_len >= seg_end:
                # New server run: about 1/SEGMENTS of the file, next dialect in the cycle.
                seg = Segment(next(dialects), rnd)
                segments += 1
                seg_end = written + out_len + int(target / SEGMENTS * (0.8 + 0.4 * R()))
                h = seg.header()
                out.append(h)
                out_len += len(h)
                # Thread ids restart low after a restart; each connection keeps one client.
                base = rnd.randrange(2, 5000)
                threads = [(base + i, clients[rnd.randrange(len(clients))]) for i in range(300)]
                now_us += 30_000_000  # restart gap
            if not batch:
                batch = rnd.choices(idx, cum_weights=cum, k=4096)
                if classes and not events:
                    # Every template once first, so that the log has all the classes even at
                    # sizes where the Zipf tail would leave some out.
                    batch += idx
                    rnd.shuffle(batch)
            tpl = templates[batch.pop()]
            sql = tpl.render()

            kind = KIND[tpl.kind]
            f_ev = math.exp(gauss(0, 0.6))
            if R() < 0.01:
                f_ev *= 20  # the rare stall: lock wait, cold cache
            qt_us = 1 + int(kind[0] * tfactor[tpl.tid] * f_ev * 1e6)
            lock_us = min(qt_us, int(R() * 200) + (qt_us // 3 if R() < 0.005 else 0))
            rs = int(kind[1] * f_ev * R() * 2) if kind[1] > 1 else (1 if R() < 0.9 and kind[1] else 0)
            rex = max(rs, int(kind[2] * tfactor[tpl.tid] * f_ev))
            raff = int(1 + R() * 3) if tpl.kind in ("write", "bulk") else 0
            thread_id, client = threads[int(R() * 300)]
            db = tpl.db or seg.last_db  # session statements run in the connection's database

            now_us += 1 + int(-math.log(1.0 - R()) * 4000)  # ~250 events/s
            ev = write_event(seg, rnd, now_us, client, thread_id, tpl, sql, qt_us, lock_us, rs,
                             rex, raff, db)
            out.append(ev)
            out_len += len(ev)
            events += 1
            admin_events += tpl.is_admin
            sum_us += qt_us
            tpl.count += 1
            tpl.sum_us += qt_us
            dialect_events[seg.d] += 1
            if out_len >= 4 * MIB:
                data = "".join(out).encode()
                f.write(data)
                written += len(data)
                out, out_len = [], 0
        if out:
            data = "".join(out).encode()
            f.write(data)
            written += len(data)

    used = [t for t in templates if t.count]
    top = sorted(used, key=lambda t: -t.sum_us)[:10]
    truth = {
        "generator": "bench/digest/gen_slowlog.py",
        # run.sh regenerates a cached log when this differs from the script's current hash.
        "generator_sha256": hashlib.sha256(open(__file__, "rb").read()).hexdigest(),
        "seed": seed,
        "size_mb_requested": size_mb,
        "bytes": written,
        "events": events,
        "admin_events": admin_events,
        "sum_query_time": fmt_us(sum_us),
        "templates_defined": len(templates),
        "templates_used": len(used),
        "segments": segments,
        "dialect_events": dialect_events,
        "top_templates_by_time": [
            {"template": t.name, "count": t.count, "sum_query_time": fmt_us(t.sum_us),
             "share_of_time": round(t.sum_us / sum_us, 4)} for t in top],
        "gen_seconds": round(time.time() - t0, 2),
    }
    if classes:
        truth["classes_requested"] = classes
    if schema_out:
        truth["schema"] = schema_out
    with open(path + ".truth.json", "w") as f:
        json.dump(truth, f, indent=1)
        f.write("\n")
    return truth


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--size-mb", type=float, default=320, help="target size in MiB (default 320)")
    ap.add_argument("--out", default="slow.log", help="output path (default slow.log)")
    ap.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    ap.add_argument("--classes", type=int, default=0, metavar="N",
                    help="N query templates (= classes) in all: the 2290 above plus variants "
                         "(for bench/advise); 0 (default) gives the historic log, byte for byte")
    ap.add_argument("--schema-out", metavar="FILE",
                    help="also write the CREATE TABLE DDL (mysqldump style) of every table used")
    a = ap.parse_args()
    truth = generate(a.out, a.size_mb, a.seed, a.classes, a.schema_out)
    print("wrote %s: %d bytes, %d events (%d admin), sum Query_time %s s, %d/%d templates, "
          "%d segments, %.1f s"
          % (a.out, truth["bytes"], truth["events"], truth["admin_events"], truth["sum_query_time"],
             truth["templates_used"], truth["templates_defined"], truth["segments"],
             truth["gen_seconds"]))


if __name__ == "__main__":
    main()
