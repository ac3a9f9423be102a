#!/usr/bin/env python3
"""Writes slow.log: 10 minutes of the meterly primary's slow log (MySQL 8.0 format,
long_query_time = 0.05). Fixed content: running it again writes the same bytes."""
import os

START = 1773514200  # 2026-03-14 18:50:00 UTC
HEADER = ("/usr/sbin/mysqld, Version: 8.0.36 (MySQL Community Server - GPL). started with:\n"
          "Tcp port: 3306  Unix socket: /var/run/mysqld/mysqld.sock\n"
          "Time                 Id Command    Argument\n")

# (seconds after START, user, host, thread, query_time, lock_time, rows_sent, rows_examined, sql)
EVENTS = [
    (2, "app", "10.0.2.11", 5100, 0.061, 0.0001, 24, 24,
     "SELECT id, number, status, currency, total_cents, issued_at, due_at, paid_at FROM invoices WHERE account_id = 7 ORDER BY issued_at DESC LIMIT 24;"),
    (5, "jobs", "10.0.5.3", 5104, 0.412, 0.0001, 200, 61250,
     "SELECT id, account_id, plan_id, quantity FROM subscriptions WHERE status = 'active' AND current_period_end < '2026-03-14 18:50:00' ORDER BY current_period_end LIMIT 200;"),
    (9, "app", "10.0.2.12", 5107, 0.052, 0.0000, 1, 1,
     "SELECT percent_off, valid_until, max_redemptions, redeemed FROM coupons WHERE code = 'SPRING26';"),
    (14, "metering", "10.0.6.8", 5111, 0.188, 0.0001, 1, 8410,
     "SELECT metric, SUM(quantity) AS total FROM usage_events WHERE account_id = 311 AND metric = 'api_calls' AND recorded_at >= '2026-03-01' AND recorded_at < '2026-04-01' GROUP BY metric;"),
    (21, "pdf", "10.0.7.2", 5115, 1.904, 0.0002, 500, 412330,
     "SELECT id, number, pdf_path FROM invoices WHERE issued_at >= '2026-03-01' AND pdf_path IS NULL ORDER BY id LIMIT 500;"),
    (26, "jobs", "10.0.5.3", 5104, 0.233, 0.0001, 100, 22840,
     "SELECT id, account_id, number, total_cents, due_at FROM invoices WHERE status = 'open' AND due_at < '2026-03-14' ORDER BY due_at LIMIT 100;"),
    (33, "app", "10.0.2.11", 5100, 0.058, 0.0000, 1, 1,
     "SELECT i.number, i.issued_at, i.total_cents, i.currency, a.name, a.country, a.vat_number, a.billing_email FROM invoices i JOIN accounts a ON a.id = i.account_id WHERE i.id = 90877;"),
    (40, "webhooks", "10.0.8.4", 5120, 0.071, 0.0001, 1, 1,
     "SELECT id, invoice_id, status FROM payments WHERE provider = 'stripe' AND provider_ref = 'pi_3Oa1kL2eZvKYlo2C';"),
    (47, "app", "10.0.2.12", 5107, 0.066, 0.0001, 50, 50,
     "SELECT actor_email, action, details, created_at FROM audit_log WHERE account_id = 311 ORDER BY created_at DESC LIMIT 50;"),
    (55, "pdf", "10.0.7.2", 5115, 0.054, 0.0000, 0, 1,
     "UPDATE invoices SET pdf_path = 'invoices/2026/03/INV-2026-004790.pdf' WHERE id = 90877;"),
    (63, "jobs", "10.0.5.3", 5104, 0.397, 0.0001, 200, 60980,
     "SELECT id, account_id, plan_id, quantity FROM subscriptions WHERE status = 'active' AND current_period_end < '2026-03-14 18:55:00' ORDER BY current_period_end LIMIT 200;"),
    (70, "app", "10.0.2.11", 5100, 0.083, 0.0001, 12, 12,
     "SELECT id, email, full_name, job_title, role, last_seen_at FROM users WHERE account_id = 311 ORDER BY full_name;"),
    (78, "metering", "10.0.6.8", 5111, 0.201, 0.0001, 1, 9120,
     "SELECT metric, SUM(quantity) AS total FROM usage_events WHERE account_id = 42 AND metric = 'storage_gb' AND recorded_at >= '2026-03-01' AND recorded_at < '2026-04-01' GROUP BY metric;"),
    (86, "app", "10.0.2.12", 5107, 0.057, 0.0000, 1, 1,
     "SELECT percent_off, valid_until, max_redemptions, redeemed FROM coupons WHERE code = 'LAUNCH20';"),
    (95, "admin", "10.0.3.5", 5130, 0.622, 0.0001, 1, 184300,
     "SELECT COUNT(*) FROM accounts WHERE status = 'past_due';"),
    (104, "pdf", "10.0.7.2", 5115, 1.877, 0.0002, 500, 409120,
     "SELECT id, number, pdf_path FROM invoices WHERE issued_at >= '2026-03-01' AND pdf_path IS NULL ORDER BY id LIMIT 500;"),
    (118, "app", "10.0.2.11", 5100, 0.069, 0.0001, 3, 3,
     "SELECT s.id, s.status, s.quantity, s.current_period_end, p.code, p.name FROM subscriptions s JOIN plans p ON p.id = s.plan_id WHERE s.account_id = 311;"),
    (131, "webhooks", "10.0.8.4", 5120, 0.062, 0.0001, 2, 2,
     "SELECT id, provider, amount_cents, status, created_at FROM payments WHERE invoice_id = 90877 ORDER BY created_at;"),
    (149, "jobs", "10.0.5.3", 5104, 0.251, 0.0001, 100, 23010,
     "SELECT id, account_id, number, total_cents, due_at FROM invoices WHERE status = 'open' AND due_at < '2026-03-14' ORDER BY due_at LIMIT 100;"),
    (166, "app", "10.0.2.12", 5107, 0.053, 0.0000, 1, 1,
     "SELECT id, name, status, features, country FROM accounts WHERE slug = 'blue-fjord';"),
    (184, "finance", "10.0.9.2", 5141, 2.410, 0.0002, 31, 1204410,
     "SELECT a.country, a.vat_number, SUM(i.total_cents) AS revenue FROM invoices i JOIN accounts a ON a.id = i.account_id WHERE i.status = 'paid' AND i.paid_at >= '2026-02-01' AND i.paid_at < '2026-03-01' GROUP BY a.country, a.vat_number;"),
    (203, "app", "10.0.2.11", 5100, 0.059, 0.0001, 4, 4,
     "SELECT description, sku, quantity, unit_amount_cents FROM invoice_lines WHERE invoice_id = 90877 ORDER BY id;"),
    (226, "jobs", "10.0.5.3", 5104, 0.405, 0.0001, 200, 61070,
     "SELECT id, account_id, plan_id, quantity FROM subscriptions WHERE status = 'active' AND current_period_end < '2026-03-14 19:00:00' ORDER BY current_period_end LIMIT 200;"),
    (251, "metering", "10.0.6.8", 5111, 0.176, 0.0001, 1, 7990,
     "SELECT metric, SUM(quantity) AS total FROM usage_events WHERE account_id = 311 AND metric = 'api_calls' AND recorded_at >= '2026-03-01' AND recorded_at < '2026-04-01' GROUP BY metric;"),
    (279, "app", "10.0.2.12", 5107, 0.064, 0.0001, 50, 50,
     "SELECT actor_email, action, details, created_at FROM audit_log WHERE account_id = 42 ORDER BY created_at DESC LIMIT 50;"),
    (306, "app", "10.0.2.11", 5100, 0.055, 0.0000, 1, 1,
     "SELECT id, account_id, email, full_name, job_title, role FROM users WHERE email = 'ola@bluefjord.example';"),
    (342, "pdf", "10.0.7.2", 5115, 1.931, 0.0002, 500, 415870,
     "SELECT id, number, pdf_path FROM invoices WHERE issued_at >= '2026-03-01' AND pdf_path IS NULL ORDER BY id LIMIT 500;"),
    (377, "app", "10.0.2.12", 5107, 0.073, 0.0001, 24, 24,
     "SELECT id, number, status, currency, total_cents, issued_at, due_at, paid_at FROM invoices WHERE account_id = 311 ORDER BY issued_at DESC LIMIT 24;"),
    (415, "jobs", "10.0.5.3", 5104, 0.388, 0.0001, 200, 60420,
     "SELECT id, account_id, plan_id, quantity FROM subscriptions WHERE status = 'active' AND current_period_end < '2026-03-14 19:05:00' ORDER BY current_period_end LIMIT 200;"),
    (462, "app", "10.0.2.11", 5100, 0.051, 0.0000, 1, 1,
     "UPDATE coupons SET redeemed = redeemed + 1 WHERE code = 'LAUNCH20' AND (max_redemptions IS NULL OR redeemed < max_redemptions);"),
    (511, "webhooks", "10.0.8.4", 5120, 0.068, 0.0001, 1, 1,
     "SELECT id, invoice_id, status FROM payments WHERE provider = 'adyen' AND provider_ref = '8535296650153317';"),
    (566, "jobs", "10.0.5.3", 5104, 0.244, 0.0001, 100, 22970,
     "SELECT id, account_id, number, total_cents, due_at FROM invoices WHERE status = 'open' AND due_at < '2026-03-14' ORDER BY due_at LIMIT 100;"),
]


def stamp(t):
    import datetime
    d = datetime.datetime.fromtimestamp(t, datetime.timezone.utc)
    return d.strftime("%Y-%m-%dT%H:%M:%S.") + "%06dZ" % ((t * 7919) % 1000000)


out = [HEADER]
for i, (dt, user, host, tid, qt, lt, sent, exam, sql) in enumerate(EVENTS):
    t = START + dt
    out.append("# Time: %s\n" % stamp(t))
    out.append("# User@Host: %s[%s] @  [%s]  Id: %5d\n" % (user, user, host, tid))
    out.append("# Query_time: %.6f  Lock_time: %.6f Rows_sent: %d  Rows_examined: %d\n" % (qt, lt, sent, exam))
    if i == 0:
        out.append("use meterly;\n")
    out.append("SET timestamp=%d;\n" % t)
    out.append(sql + "\n")
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "slow.log"), "w") as f:
    f.write("".join(out))
