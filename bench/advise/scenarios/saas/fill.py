#!/usr/bin/env python3
"""Rows of the production data's shape for the saas schema, as SQL on standard output, to check
the expectations with EXPLAIN on a sandbox server (see ../validate.sh). Smaller than production
(events: 600 000 instead of 30 million) but skewed the same way: a few big projects, twelve event
names of very different frequencies, a small share of pending deliveries, invitation addresses
that are users' addresses.
"""

import os
import random
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the scenarios
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from fillutil import batches, dt, out, q  # noqa: E402

rng = random.Random(17)
ORGS, USERS, PROJECTS, EVENTS, AUDIT = 2_500, 50_000, 2_000, 600_000, 200_000
DELIVERIES, INVITATIONS = 100_000, 30_000
NAMES = ["page_view", "click", "search", "add_to_cart", "login", "video_play", "logout", "share",
         "download", "error", "signup", "purchase"]
SHARES = [0.45, 0.30, 0.08, 0.05, 0.04, 0.03, 0.02, 0.01, 0.008, 0.006, 0.004, 0.002]


def skewed(n, power):
    return 1 + int(rng.random() ** power * n) % n


out.write("USE app;\n")
batches("plans", "id, name, max_events_per_month",
        ((str(i), q("plan%d" % i), str(10 ** (5 + i))) for i in range(1, 6)))
batches("organizations", "id, slug, name", ((str(i), q("org-%d" % i), q("Org %d" % i)) for i in range(1, ORGS + 1)))
batches("users", "id, org_id, email, name, role, external_id",
        ((str(i), str(skewed(ORGS, 3)), q("u%d@customer.example" % i), q("User %d" % i),
          q(rng.choice(["admin", "member", "member", "viewer"])), q(str(10 ** 8 + i)) if i % 2 else "NULL")
         for i in range(1, USERS + 1)))
batches("projects", "id, org_id, name, api_key_hash",
        ((str(i), str(1 + i % ORGS), q("Project %d" % i), q("%064x" % i)) for i in range(1, PROJECTS + 1)))
batches("events", "org_id, project_id, name, user_ref, occurred_at",
        ((str(1 + p % ORGS), str(p), q(rng.choices(NAMES, SHARES)[0]), q("%032x" % rng.getrandbits(128)),
          dt(rng.randrange(30), rng.randrange(86400)))
         for p in (skewed(PROJECTS, 4) for _ in range(EVENTS))))
batches("audit_log", "org_id, actor_id, action, ip_address, created_at",
        ((str(skewed(ORGS, 3)), str(rng.randrange(1, USERS)), q("login"),
          q("10.%d.%d.%d" % (rng.randrange(256), rng.randrange(256), rng.randrange(256))),
          dt(rng.randrange(7), rng.randrange(86400))) for _ in range(AUDIT)))
batches("feature_flags", "flag_key, org_id, enabled",
        ((q("flag_%d" % (i % 20)), str(0 if i < 20 else rng.randrange(1, ORGS)), "1") for i in range(60)))
batches("webhooks", "org_id, url, secret",
        ((str(1 + i % ORGS), q("https://hooks.example.com/%d" % i), q("s")) for i in range(3000)))
batches("webhook_deliveries", "webhook_id, event_id, status, attempts, next_attempt_at, payload",
        ((str(rng.randrange(1, 3000)), str(i), q("pending" if rng.random() < 0.02 else "delivered"), "1",
          dt(0, rng.randrange(-3600, 3 * 86400)), q("{}")) for i in range(DELIVERIES)))
batches("invitations", "token, org_id, email, invited_by, created_at",
        ((q("%032x" % i), str(skewed(ORGS, 3)),
          q("u%d@customer.example" % rng.randrange(1, USERS)) if i % 2 else q("new%d@elsewhere.example" % i),
          str(rng.randrange(1, USERS)), dt(rng.randrange(365))) for i in range(INVITATIONS)))
out.write("ANALYZE TABLE plans, organizations, users, projects, events, audit_log, feature_flags, "
          "webhooks, webhook_deliveries, invitations PERSISTENT FOR ALL;\n")
