#!/usr/bin/env python3
"""Writes slow.log for the saas scenario: 15 minutes of a product-analytics SaaS's MariaDB, every
statement logged (long_query_time = 0). Its events and audit_log tables take thousands of rows a
minute. See README.md for the workload and what a DBA makes of it.

    python3 gen.py            # rewrites slow.log next to this file (same bytes every time)
"""

import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the scenarios
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from slowlog import Event, QueryClass, lognormal, scaled, sql_str, write, zipf_pick  # noqa: E402

SEED = 20261204

ORGS = 2_500
USERS = 500_000
PROJECTS = 9_000
EVENTS = 30_000_000          # 30 days kept
AUDIT = 2_000_000            # 7 days kept
DELIVERIES = 400_000
INVITATIONS = 200_000
FLAGS = 60

# Event names and their share of the events: a few dominate, the interesting ones are rare.
NAME_SHARE = {"page_view": 0.45, "click": 0.30, "search": 0.08, "add_to_cart": 0.05, "login": 0.04,
              "video_play": 0.03, "logout": 0.02, "share": 0.01, "download": 0.008, "error": 0.006,
              "signup": 0.004, "purchase": 0.002}
EVENT_NAMES = list(NAME_SHARE)
ACTIONS = ["project.update", "member.invite", "key.rotate", "export.create", "login", "dashboard.edit"]


def project_events_per_day(p):
    # A few customers' projects produce most of the traffic.
    return int(EVENTS / 30 * 0.2 / p ** 0.9)


def uuid(rng):
    h = "%032x" % rng.getrandbits(128)
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def pick_project(rng):
    return zipf_pick(rng, PROJECTS, 1.0)


def stamp(rng, minute_from=0):
    return "2026-12-01 10:%02d:%02d.%03d" % (rng.randrange(minute_from, 15), rng.randrange(60),
                                             rng.randrange(1000))


# --- events (batched inserts from the collectors, ~7 rows a second) ---------------------------

def ingest(rng):
    rows = []
    for _ in range(20):
        p = pick_project(rng)
        rows.append("(%d, %d, %s, %s, %s)" % (
            1 + p % ORGS, p, sql_str(rng.choices(EVENT_NAMES, weights=NAME_SHARE.values())[0]), sql_str(uuid(rng)),
            sql_str(stamp(rng))))
    sql = ("INSERT INTO events (org_id, project_id, name, user_ref, occurred_at) VALUES "
           + ", ".join(rows))
    return Event(sql, lognormal(rng, 0.014, 0.3), 0, 0, 20)


def daily_counts(rng):
    # The project dashboard's 14-day chart: a range of idx_project_occurred, read from the index.
    p = pick_project(rng)
    n = min(project_events_per_day(p) * 14, 3_000_000)
    sql = ("SELECT DATE(occurred_at) AS day, COUNT(*) FROM events WHERE project_id = %d "
           "AND occurred_at >= '2026-11-17' GROUP BY day" % p)
    return Event(sql, scaled(rng, 0.00000018, n, 0.0006), 14, n)


def explorer(rng):
    # The event explorer: one event name of a project in a time window, newest first.
    # idx_project_occurred is read backwards from now, each entry's row fetched for its name,
    # until 100 of that name are found: the rarer the name (people explore sign-ups and
    # purchases), the more of the project's events are read.
    p = pick_project(rng)
    days = rng.choice([1, 1, 7])
    name = rng.choice(["signup", "purchase", "error", "download", "share", "add_to_cart", "search"])
    n = min(project_events_per_day(p) * days, int(100 / NAME_SHARE[name]))
    sql = ("SELECT id, name, user_ref, props, occurred_at FROM events WHERE project_id = %d "
           "AND name = %s AND occurred_at >= '2026-11-%02d 10:00:00' ORDER BY occurred_at DESC LIMIT 100"
           % (p, sql_str(name), 30 - days + 1 if days < 30 else 1))
    return Event(sql, scaled(rng, 0.0000021, n, 0.0006), min(100, int(n * NAME_SHARE[name])), n)


def user_timeline(rng):
    # Support's "what did this end user do today" on a customer's project: a few calls.
    # idx_project_occurred finds the project's day of events, the user_ref filter keeps a few.
    p = rng.randrange(5, 30)  # customers big enough to have a support contract
    n = project_events_per_day(p)
    sql = ("SELECT id, name, occurred_at FROM events WHERE project_id = %d AND user_ref = %s "
           "AND occurred_at >= '2026-11-30 10:00:00' ORDER BY occurred_at" % (p, sql_str(uuid(rng))))
    return Event(sql, scaled(rng, 0.0000040, n, 0.0005), rng.randrange(0, 30), n)


def retention(rng):
    # Nightly-style retention, run in small batches through the day.
    p = pick_project(rng)
    sql = ("DELETE FROM events WHERE project_id = %d AND occurred_at < '2026-10-31 00:00:00' LIMIT 5000" % p)
    k = rng.randrange(0, 5000)
    return Event(sql, scaled(rng, 0.000012, k, 0.002), 0, k, k)


# --- audit_log (batched inserts, ~8 rows a second) --------------------------------------------

def audit_insert(rng):
    rows = []
    for _ in range(25):
        o = zipf_pick(rng, ORGS, 1.0)
        rows.append("(%d, %d, %s, %s, %s)" % (
            o, rng.randrange(1, USERS), sql_str(rng.choice(ACTIONS)),
            sql_str("10.%d.%d.%d" % (rng.randrange(256), rng.randrange(256), rng.randrange(256))),
            sql_str("2026-12-01 10:%02d:%02d" % (rng.randrange(15), rng.randrange(60)))))
    sql = ("INSERT INTO audit_log (org_id, actor_id, action, ip_address, created_at) VALUES "
           + ", ".join(rows))
    return Event(sql, lognormal(rng, 0.0055, 0.3), 0, 0, 25)


def audit_feed(rng):
    o = zipf_pick(rng, ORGS, 1.0)
    sql = ("SELECT id, actor_id, action, target, ip_address, created_at FROM audit_log "
           "WHERE org_id = %d ORDER BY created_at DESC LIMIT 50" % o)
    return Event(sql, lognormal(rng, 0.0014), 50, 50)


def audit_day(rng):
    # The audit page's day picker: DATE() around created_at. idx_org_created is searched by
    # org_id only and read backwards from now until 100 rows of that day are found.
    o = zipf_pick(rng, ORGS, 1.0)
    back = rng.randrange(0, 7)
    n = 100 + int(AUDIT / 7 * 0.15 / o ** 0.9 * back)
    sql = ("SELECT id, actor_id, action, target, created_at FROM audit_log WHERE org_id = %d "
           "AND DATE(created_at) = '2026-%s' ORDER BY created_at DESC LIMIT 100"
           % (o, "12-01" if back == 0 else "11-%02d" % (31 - back)))
    return Event(sql, scaled(rng, 0.0000042, n, 0.0004), 100, n)


def audit_ip(rng):
    # The security team traces an address, twice in the window: a scan of 7 days of audit rows.
    sql = ("SELECT id, org_id, actor_id, action, created_at FROM audit_log WHERE ip_address = %s"
           % sql_str("10.%d.%d.%d" % (rng.randrange(256), rng.randrange(256), rng.randrange(256))))
    return Event(sql, scaled(rng, 0.00000012, AUDIT, 0.002), rng.randrange(0, 5), AUDIT)


# --- small tables -----------------------------------------------------------------------------

def flags(rng):
    # Every API request evaluates its flags: a 60-row table.
    sql = ("SELECT flag_key, enabled, rollout_pct FROM feature_flags WHERE org_id IN (0, %d)"
           % zipf_pick(rng, ORGS, 1.0))
    return Event(sql, lognormal(rng, 0.00012, 0.25), rng.randrange(3, 9), FLAGS)


def plans(rng):
    return Event("SELECT id, name, max_events_per_month FROM plans", lognormal(rng, 0.00006), 5, 5)


def org_by_slug(rng):
    sql = "SELECT id, name, plan_id FROM organizations WHERE slug = %s" % sql_str(
        "org-%d" % zipf_pick(rng, ORGS, 1.0))
    return Event(sql, lognormal(rng, 0.00009), 1, 1)


def projects_of_org(rng):
    sql = ("SELECT id, name FROM projects WHERE org_id = %d AND archived_at IS NULL"
           % zipf_pick(rng, ORGS, 1.0))
    return Event(sql, lognormal(rng, 0.00018), 4, 5)


def project_by_key(rng):
    sql = ("SELECT id, org_id FROM projects WHERE api_key_hash = %s"
           % sql_str("%064x" % rng.getrandbits(256)))
    return Event(sql, lognormal(rng, 0.00008), 1, 1)


def webhooks_by_url(rng):
    # An admin search, 5 calls, over 3 000 webhooks of one organization's few.
    sql = ("SELECT id, url FROM webhooks WHERE org_id = %d AND url LIKE %s"
           % (zipf_pick(rng, ORGS, 1.0), sql_str("https://hooks.example.com/%d%%" % rng.randrange(99))))
    return Event(sql, lognormal(rng, 0.0004, 0.15), 1, 3)


# --- users and invitations (legacy utf8mb3) ---------------------------------------------------

def user_by_email(rng):
    sql = ("SELECT id, org_id, name, role FROM users WHERE email = %s"
           % sql_str("u%d@customer%d.example" % (rng.randrange(USERS), rng.randrange(ORGS))))
    return Event(sql, lognormal(rng, 0.00012), 1, 1)


def org_admins(rng):
    sql = ("SELECT id, email, name FROM users WHERE org_id = %d AND role = 'admin'"
           % zipf_pick(rng, ORGS, 1.0))
    n = rng.randrange(5, 400)
    return Event(sql, scaled(rng, 0.000004, n, 0.0002), rng.randrange(1, 5), n)


def user_by_sso(rng):
    # The SSO callback passes the identity provider's numeric subject: external_id is varchar,
    # so every user's external_id is converted and idx_external_id is not searched.
    sql = ("SELECT id, org_id, role FROM users WHERE external_id = %d" % rng.randrange(10 ** 8, 10 ** 9))
    return Event(sql, scaled(rng, 0.0000006, USERS, 0.001), 1, USERS)


def pending_invites_of_org(rng):
    # The members page shows who of the organization was invited by whom. users has the filter
    # (idx_org); invitations is joined by email, utf8mb3, converted to utf8mb4: idx_email cannot
    # be searched, so MariaDB reads all invitations and probes users.uk_email with each.
    sql = ("SELECT u.id, u.email, i.invited_by, i.created_at FROM users u "
           "JOIN invitations i ON i.email = u.email WHERE u.org_id = %d" % zipf_pick(rng, ORGS, 1.0))
    return Event(sql, scaled(rng, 0.0000022, INVITATIONS, 0.002), rng.randrange(1, 60),
                 INVITATIONS * 2)


def accept_invite(rng):
    # The invitation link: invitations by uk_token (one row, read first), then the account with
    # that address, if any, through users.uk_email (the address converted once).
    sql = ("SELECT i.id, i.org_id, i.email, u.id AS user_id FROM invitations i "
           "LEFT JOIN users u ON u.email = i.email WHERE i.token = %s" % sql_str("%032x" % rng.getrandbits(128)))
    return Event(sql, lognormal(rng, 0.00028), 1, 2)


# --- webhook deliveries (a queue) -------------------------------------------------------------

def poll_deliveries(rng):
    # The delivery workers poll every 1.5 s for due deliveries: no index on status or
    # next_attempt_at, the 400 000 deliveries are read each time.
    sql = ("SELECT id, webhook_id, event_id, attempts, payload FROM webhook_deliveries "
           "WHERE status = 'pending' AND next_attempt_at <= '2026-12-01 10:%02d:%02d' "
           "ORDER BY next_attempt_at LIMIT 100" % (rng.randrange(15), rng.randrange(60)))
    return Event(sql, scaled(rng, 0.00000011, DELIVERIES, 0.001), rng.randrange(0, 100), DELIVERIES)


def enqueue_delivery(rng):
    sql = ("INSERT INTO webhook_deliveries (webhook_id, event_id, status, next_attempt_at, payload) "
           "VALUES (%d, %d, 'pending', NOW(), %s)"
           % (rng.randrange(1, 3000), EVENTS + rng.randrange(10 ** 6), sql_str('{"event":"%s"}' % rng.choice(EVENT_NAMES))))
    return Event(sql, lognormal(rng, 0.00035), 0, 0, 1)


def finish_delivery(rng):
    ok = rng.random() < 0.9
    sql = ("UPDATE webhook_deliveries SET status = %s, attempts = attempts + 1, response_code = %d, "
           "next_attempt_at = NOW() + INTERVAL %d MINUTE WHERE id = %d"
           % ("'delivered'" if ok else "'pending'", 200 if ok else 503, 0 if ok else 5,
              DELIVERIES + rng.randrange(20000)))
    return Event(sql, lognormal(rng, 0.00032), 0, 1, 1)


# --- billing_usage ----------------------------------------------------------------------------

def usage_upsert(rng):
    sql = ("REPLACE INTO billing_usage (org_id, day, metric, qty) VALUES (%d, '2026-12-01', %s, %d)"
           % (zipf_pick(rng, ORGS, 1.0), sql_str(rng.choice(["events", "api_calls", "seats"])),
              rng.randrange(1, 10 ** 6)))
    return Event(sql, lognormal(rng, 0.00033), 0, 1, 2)


def usage_report(rng):
    sql = ("SELECT day, metric, SUM(qty) FROM billing_usage WHERE org_id = %d "
           "AND day BETWEEN '2026-11-01' AND '2026-11-30' GROUP BY day, metric" % zipf_pick(rng, ORGS, 1.0))
    return Event(sql, lognormal(rng, 0.0009), 90, 90)


CLASSES = [
    QueryClass("ingest", 300, ingest, user="collector", hosts=("10.8.1.11", "10.8.1.12", "10.8.1.13")),
    QueryClass("daily_counts", 400, daily_counts),
    QueryClass("explorer", 600, explorer),
    QueryClass("user_timeline", 10, user_timeline, user="support", hosts=("10.8.3.2",)),
    QueryClass("retention", 30, retention, user="cron", hosts=("10.8.3.3",)),
    QueryClass("audit_insert", 300, audit_insert),
    QueryClass("audit_feed", 150, audit_feed),
    QueryClass("audit_day", 200, audit_day),
    QueryClass("audit_ip", 2, audit_ip, user="security", hosts=("10.8.3.4",)),
    QueryClass("flags", 1000, flags),
    QueryClass("plans", 300, plans),
    QueryClass("org_by_slug", 300, org_by_slug),
    QueryClass("projects_of_org", 400, projects_of_org),
    QueryClass("project_by_key", 500, project_by_key),
    QueryClass("webhooks_by_url", 5, webhooks_by_url, user="admin", hosts=("10.8.3.5",)),
    QueryClass("user_by_email", 300, user_by_email),
    QueryClass("org_admins", 200, org_admins),
    QueryClass("user_by_sso", 20, user_by_sso),
    QueryClass("invites_of_org", 30, pending_invites_of_org),
    QueryClass("accept_invite", 200, accept_invite),
    QueryClass("poll_deliveries", 600, poll_deliveries, user="worker", hosts=("10.8.2.21", "10.8.2.22")),
    QueryClass("enqueue_delivery", 300, enqueue_delivery, user="worker", hosts=("10.8.2.21", "10.8.2.22")),
    QueryClass("finish_delivery", 300, finish_delivery, user="worker", hosts=("10.8.2.21", "10.8.2.22")),
    QueryClass("usage_upsert", 300, usage_upsert),
    QueryClass("usage_report", 100, usage_report),
]

if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    write(os.path.join(here, "slow.log"), "app", CLASSES, SEED)
