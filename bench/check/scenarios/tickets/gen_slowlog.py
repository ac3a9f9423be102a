#!/usr/bin/env python3
"""Writes slow.log: ten minutes of the tix primary's slow log (MariaDB 10.11,
long_query_time = 0.05, so the slower statements only). Fixed content: the same bytes every
time. `python3 gen_slowlog.py` from this directory."""

import datetime

START = datetime.datetime(2026, 3, 14, 18, 50, 0)

# (seconds after START, user, host, query_time, lock_time, rows_sent, rows_examined, rows_affected, sql)
EVENTS = [
    (2, "app", "10.0.2.11", 0.061, 0.0001, 30, 4120, 0,
     "SELECT e.id, e.title, e.slug, e.starts_at, v.name AS venue, v.city FROM events e JOIN venues v ON v.id = e.venue_id WHERE e.status = 'on_sale' AND e.starts_at >= '2026-03-14 00:00:00' ORDER BY e.starts_at LIMIT 30"),
    (5, "gate", "10.0.4.21", 0.052, 0.0000, 2, 2, 0,
     "SELECT gate, device_id, scanned_at, result FROM checkins WHERE ticket_id = 88120451 ORDER BY scanned_at"),
    (9, "admin", "10.0.3.5", 0.412, 0.0001, 4, 18342, 0,
     "SELECT status, COUNT(*) AS orders, SUM(total_cents) AS revenue FROM orders WHERE event_id = 40112 GROUP BY status"),
    (14, "app", "10.0.2.12", 0.074, 0.0001, 20, 20, 0,
     "SELECT id, order_no, event_id, status, total_cents, currency, created_at FROM orders WHERE customer_id = 201877 ORDER BY created_at DESC LIMIT 20"),
    (20, "gate", "10.0.4.22", 0.058, 0.0000, 0, 0, 1,
     "INSERT INTO checkins (id, ticket_id, gate, device_id, scanned_at, result) VALUES ('6c1d2e77-9a41-4d0b-8f1e-2b7b0c9d4e11', 88120452, 'north-2', 'zebra-09', '2026-03-14 18:50:20.114', 'ok')"),
    (31, "admin", "10.0.3.5", 0.388, 0.0001, 50, 17990, 0,
     "SELECT id, order_no, customer_id, total_cents, paid_at FROM orders WHERE event_id = 40112 AND status = 'paid' ORDER BY paid_at DESC LIMIT 50"),
    (44, "app", "10.0.2.11", 0.066, 0.0001, 3, 3, 0,
     "SELECT t.id, t.barcode, t.holder_name, t.seat_label, t.seat_note, t.status, tt.name AS ticket_type FROM tickets t JOIN ticket_types tt ON tt.id = t.ticket_type_id WHERE t.order_id = 5120934"),
    (58, "gate", "10.0.4.21", 0.081, 0.0000, 6, 41820, 0,
     "SELECT gate, COUNT(*) AS scans FROM checkins WHERE scanned_at >= '2026-03-14 18:00:00' AND scanned_at < '2026-03-14 19:00:00' GROUP BY gate"),
    (63, "report", "10.0.3.9", 4.912, 0.0002, 118, 1840224, 0,
     "SELECT coupon_code, COUNT(*) AS orders, SUM(total_cents) AS revenue FROM orders WHERE status = 'paid' AND created_at >= '2026-01-01 00:00:00' AND coupon_code IS NOT NULL GROUP BY coupon_code ORDER BY orders DESC"),
    (77, "app", "10.0.2.12", 0.055, 0.0001, 1, 1, 0,
     "SELECT id, venue_id, title, description, category, starts_at, ends_at, status FROM events WHERE slug = 'cirque-nova-paris-2026'"),
    (90, "app", "10.0.2.11", 0.093, 0.0001, 0, 41, 41,
     "UPDATE orders SET status = 'expired' WHERE status = 'pending' AND created_at < NOW() - INTERVAL 30 MINUTE"),
    (104, "admin", "10.0.3.5", 0.402, 0.0001, 4, 18361, 0,
     "SELECT status, COUNT(*) AS orders, SUM(total_cents) AS revenue FROM orders WHERE event_id = 40112 GROUP BY status"),
    (118, "gate", "10.0.4.23", 0.050, 0.0000, 1, 1, 0,
     "SELECT gate, device_id, scanned_at, result FROM checkins WHERE ticket_id = 88120977 ORDER BY scanned_at"),
    (131, "app", "10.0.2.12", 0.077, 0.0001, 12, 12, 0,
     "SELECT id, title, starts_at FROM events WHERE venue_id = 318 AND starts_at >= '2026-03-14 00:00:00' ORDER BY starts_at"),
    (147, "app", "10.0.2.11", 0.068, 0.0001, 2, 2, 0,
     "SELECT o.order_no, p.provider, p.provider_ref, p.amount_cents, p.status FROM payments p JOIN orders o ON o.id = p.order_id WHERE p.order_id = 5120934"),
    (163, "admin", "10.0.3.6", 0.129, 0.0001, 14, 14, 0,
     "SELECT id, email, first_name, last_name, phone FROM customers WHERE last_name = 'Schneider' ORDER BY first_name"),
    (180, "gate", "10.0.4.21", 0.063, 0.0000, 0, 0, 1,
     "INSERT INTO checkins (id, ticket_id, gate, device_id, scanned_at, result) VALUES ('9e0a7b3c-11f2-4c55-a7e0-0c3f7d2a9b80', 88120977, 'south-1', 'zebra-03', '2026-03-14 18:53:00.871', 'ok')"),
    (196, "report", "10.0.3.9", 5.207, 0.0002, 121, 1844031, 0,
     "SELECT coupon_code, COUNT(*) AS orders, SUM(total_cents) AS revenue FROM orders WHERE status = 'paid' AND created_at >= '2026-02-01 00:00:00' AND coupon_code IS NOT NULL GROUP BY coupon_code ORDER BY orders DESC"),
    (210, "app", "10.0.2.12", 0.057, 0.0001, 1, 1, 0,
     "SELECT id, target_url FROM short_links WHERE code = 'cn26'"),
    (224, "admin", "10.0.3.5", 0.395, 0.0001, 50, 18004, 0,
     "SELECT id, order_no, customer_id, total_cents, paid_at FROM orders WHERE event_id = 40113 AND status = 'paid' ORDER BY paid_at DESC LIMIT 50"),
    (239, "app", "10.0.2.11", 0.071, 0.0001, 4, 4, 0,
     "SELECT id, name, price_cents, quota - sold AS available FROM ticket_types WHERE event_id = 40112 AND (sales_end IS NULL OR sales_end > NOW())"),
    (255, "gate", "10.0.4.22", 0.088, 0.0000, 6, 43002, 0,
     "SELECT gate, COUNT(*) AS scans FROM checkins WHERE scanned_at >= '2026-03-14 18:00:00' AND scanned_at < '2026-03-14 19:00:00' GROUP BY gate"),
    (270, "app", "10.0.2.12", 0.064, 0.0001, 30, 4133, 0,
     "SELECT e.id, e.title, e.slug, e.starts_at, v.name AS venue, v.city FROM events e JOIN venues v ON v.id = e.venue_id WHERE e.status = 'on_sale' AND e.starts_at >= '2026-03-14 00:00:00' ORDER BY e.starts_at LIMIT 30"),
    (288, "app", "10.0.2.11", 0.059, 0.0001, 0, 1, 1,
     "UPDATE ticket_types SET sold = sold + 2 WHERE id = 160448 AND sold + 2 <= quota"),
    (301, "partner", "10.0.5.2", 0.052, 0.0001, 1, 1, 0,
     "SELECT id, name, commission_pct FROM partner_accounts WHERE code = 'FNACRES'"),
    (333, "admin", "10.0.3.5", 0.417, 0.0001, 4, 18420, 0,
     "SELECT status, COUNT(*) AS orders, SUM(total_cents) AS revenue FROM orders WHERE event_id = 40113 GROUP BY status"),
    (360, "app", "10.0.2.12", 0.066, 0.0001, 20, 20, 0,
     "SELECT id, order_no, event_id, status, total_cents, currency, created_at FROM orders WHERE customer_id = 99120 ORDER BY created_at DESC LIMIT 20"),
    (402, "gate", "10.0.4.23", 0.054, 0.0000, 3, 3, 0,
     "SELECT gate, device_id, scanned_at, result FROM checkins WHERE ticket_id = 88121003 ORDER BY scanned_at"),
    (455, "app", "10.0.2.11", 0.072, 0.0001, 3, 3, 0,
     "SELECT t.id, t.barcode, t.holder_name, t.seat_label, t.seat_note, t.status, tt.name AS ticket_type FROM tickets t JOIN ticket_types tt ON tt.id = t.ticket_type_id WHERE t.order_id = 5121876"),
    (512, "report", "10.0.3.9", 0.944, 0.0001, 9, 311208, 0,
     "SELECT code, target_url, clicks FROM short_links WHERE event_id = 40112 ORDER BY clicks DESC"),
    (577, "app", "10.0.2.12", 0.058, 0.0001, 1, 1, 0,
     "SELECT id, order_no, customer_id, event_id, status, total_cents, currency, paid_at FROM orders WHERE order_no = 'TX2601840213'"),
]


def main():
    out = ["/usr/sbin/mariadbd, Version: 10.11.19-MariaDB-0+deb12u1-log (Debian 12). started with:",
           "Tcp port: 3306  Unix socket: /run/mysqld/mysqld.sock",
           "Time\t\t    Id Command\tArgument"]
    last_time = None
    used = False
    for i, (dt, user, host, qt, lt, sent, exam, aff, sql) in enumerate(EVENTS):
        t = START + datetime.timedelta(seconds=dt)
        if t != last_time:
            out.append("# Time: " + t.strftime("%y%m%d %H:%M:%S"))
            last_time = t
        out.append("# User@Host: %s[%s] @  [%s]" % (user, user, host))
        out.append("# Thread_id: %d  Schema: tix  QC_hit: No" % (3100 + i * 7))
        out.append("# Query_time: %.6f  Lock_time: %.6f  Rows_sent: %d  Rows_examined: %d" % (qt, lt, sent, exam))
        out.append("# Rows_affected: %d  Bytes_sent: %d" % (aff, 60 + sent * 48))
        if not used:
            out.append("use tix;")
            used = True
        out.append("SET timestamp=%d;" % int((t - datetime.datetime(1970, 1, 1)).total_seconds()))
        out.append(sql + ";")
    with open("slow.log", "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
