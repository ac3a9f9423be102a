#!/usr/bin/env python3
"""Writes examples/slow.log: a small, deterministic slow log of a shop application.

The log mixes what a DBA meets on a real server: a few expensive query classes that dominate
total time (a report, a lookup on a string column compared with a number, a LIKE with a leading
wildcard), many cheap primary-key lookups, IN lists of varying length, multi-row INSERTs,
MySQL 8.0 and MariaDB headers, a restart banner and an administrator command. Against
examples/schema.sql, its classes show each family of qadvisor's rules (type and charset
conversions, leftmost prefix, functions on columns, wildcards, missing and redundant indexes,
back-to-table lookups, sorts, OR across columns, SELECT *, deep OFFSET, ORDER BY RAND(), DML
without WHERE) and leave `qadvisor advise` several indexes to propose.
Run: python3 examples/make_slow_log.py > examples/slow.log
"""
import random
import sys

rng = random.Random(2024)
out = sys.stdout
t0 = 1714557600  # 2024-05-01 10:00:00 UTC


def iso(ts, us):
    import datetime
    d = datetime.datetime.fromtimestamp(ts, datetime.timezone.utc)
    return d.strftime("%Y-%m-%dT%H:%M:%S") + ".%06dZ" % us


QUERIES = [
    # (weight, time range seconds, rows examined, template)
    (30, (0.0001, 0.0009), (1, 1), lambda: "SELECT id, status, total FROM orders WHERE id = %d;" % rng.randint(1, 900000)),
    (8, (0.35, 1.9), (180000, 220000), lambda: "SELECT id, email FROM customers WHERE phone = %d;" % rng.randint(5550000, 5559999)),
    (6, (0.8, 4.5), (400000, 900000), lambda: "SELECT c.country, COUNT(*) AS orders, SUM(o.total) AS revenue\n  FROM orders o\n  JOIN customers c ON c.id = o.customer_id\n WHERE o.created_at >= '2024-04-%02d'\n GROUP BY c.country\n ORDER BY revenue DESC;" % rng.randint(1, 28)),
    (10, (0.05, 0.4), (20000, 90000), lambda: "SELECT id, name, price FROM products WHERE name LIKE '%%%s%%' ORDER BY price LIMIT %d;" % (rng.choice(["phone", "cable", "case", "lamp"]), rng.choice([10, 20, 50]))),
    (12, (0.002, 0.02), (5, 60), lambda: "SELECT id, name FROM products WHERE id IN (%s);" % ", ".join(str(rng.randint(1, 50000)) for _ in range(rng.randint(2, 30)))),
    (9, (0.01, 0.09), (3000, 12000), lambda: "SELECT * FROM orders WHERE customer_id = %d AND status = '%s' ORDER BY created_at DESC LIMIT 20;" % (rng.randint(1, 90000), rng.choice(["paid", "shipped", "cancelled"]))),
    (7, (0.0005, 0.003), (0, 0), lambda: "INSERT INTO order_items (order_id, product_id, qty, price) VALUES %s;" % ", ".join("(%d, %d, %d, %d.%02d)" % (rng.randint(1, 900000), rng.randint(1, 50000), rng.randint(1, 5), rng.randint(1, 300), rng.randint(0, 99)) for _ in range(rng.randint(1, 6)))),
    (5, (0.02, 0.3), (1, 40000), lambda: "UPDATE orders SET status = 'shipped', updated_at = NOW() WHERE id = %d AND status = 'paid';" % rng.randint(1, 900000)),
    (4, (0.1, 0.9), (100000, 300000), lambda: "SELECT id FROM customers WHERE DATE(created_at) = '2024-04-%02d';" % rng.randint(1, 28)),
    (2, (1.5, 6.0), (500000, 900000), lambda: "DELETE FROM sessions WHERE last_seen < NOW() - INTERVAL %d DAY LIMIT 10000;" % rng.randint(7, 30)),
    # A monthly report on a composite index it cannot use (leftmost prefix).
    (3, (0.6, 2.4), (800000, 900000), lambda: "SELECT COUNT(*), SUM(total) FROM orders WHERE created_at >= '2024-%02d-01' AND created_at < '2024-%02d-01';" % ((lambda m: (m, m + 1))(rng.randint(1, 11)))),
    # A campaign join across utf8mb4 and utf8mb3 columns (charset mismatch).
    (4, (0.4, 1.6), (300000, 900000), lambda: "SELECT COUNT(*) FROM coupons c JOIN orders o ON o.coupon_code = c.code WHERE c.campaign = '%s';" % rng.choice(["spring", "summer", "bf2024"])),
    # Login by email or phone (OR across columns).
    (6, (0.05, 0.3), (90000, 90000), lambda: "SELECT id, name FROM customers WHERE email = 'user%d@example.com' OR phone = '555%04d';" % (rng.randint(1, 90000), rng.randint(0, 9999))),
    # Order lines of a product, reading two columns the index does not hold (back to table).
    (8, (0.01, 0.08), (200, 3000), lambda: "SELECT order_id, qty, price FROM order_items WHERE product_id = %d;" % rng.randint(1, 50000)),
    # Admin pagination, deep pages (deep OFFSET).
    (3, (0.2, 0.9), (50000, 200000), lambda: "SELECT id, status, total FROM orders ORDER BY id LIMIT %d, 50;" % (rng.randint(1000, 4000) * 50)),
    # "You may also like" (ORDER BY RAND()).
    (3, (0.08, 0.3), (50000, 50000), lambda: "SELECT id, name FROM products ORDER BY RAND() LIMIT 4;"),
    # A nightly job that empties the table (DML without WHERE).
    (1, (2.0, 4.0), (400000, 600000), lambda: "DELETE FROM cart_items;"),
]
weights = [q[0] for q in QUERIES]

out.write("/usr/sbin/mysqld, Version: 8.0.36 (MySQL Community Server - GPL). started with:\n")
out.write("Tcp port: 3306  Unix socket: /var/run/mysqld/mysqld.sock\n")
out.write("Time                 Id Command    Argument\n")
ts = t0
for i in range(600):
    ts += rng.randint(0, 3)
    _, (lo, hi), (rlo, rhi), make = rng.choices(QUERIES, weights)[0]
    qt = rng.uniform(lo, hi)
    rows = rng.randint(rlo, rhi)
    user = rng.choice(["app", "app", "app", "report"])
    if i == 300:  # the server restarted: MariaDB from here on
        out.write("/usr/sbin/mariadbd, Version: 10.11.6-MariaDB-0+deb12u1-log (Debian 12). started with:\n")
        out.write("Tcp port: 3306  Unix socket: /run/mysqld/mysqld.sock\n")
        out.write("Time\t\t    Id Command\tArgument\n")
    if i < 300:
        out.write("# Time: %s\n" % iso(ts, rng.randint(0, 999999)))
        out.write("# User@Host: %s[%s] @ app%d.internal [10.0.1.%d]  Id: %5d\n" % (user, user, rng.randint(1, 4), rng.randint(10, 40), rng.randint(100, 999)))
        out.write("# Query_time: %.6f  Lock_time: %.6f Rows_sent: %d  Rows_examined: %d\n" % (qt, rng.uniform(0, 0.0003), rng.randint(0, 50), rows))
    else:
        import datetime
        d = datetime.datetime.fromtimestamp(ts, datetime.timezone.utc)
        out.write("# Time: %s\n" % d.strftime("%y%m%d %H:%M:%S"))
        out.write("# User@Host: %s[%s] @  [10.0.1.%d]\n" % (user, user, rng.randint(10, 40)))
        out.write("# Thread_id: %d  Schema: shop  QC_hit: No\n" % rng.randint(100, 999))
        out.write("# Query_time: %.6f  Lock_time: %.6f  Rows_sent: %d  Rows_examined: %d\n" % (qt, rng.uniform(0, 0.0003), rng.randint(0, 50), rows))
        out.write("# Rows_affected: %d  Bytes_sent: %d\n" % (rng.randint(0, 3), rng.randint(60, 9000)))
    if i == 0:
        out.write("use shop;\n")
    out.write("SET timestamp=%d;\n" % ts)
    out.write(make() + "\n")
out.write("# Time: %s\n" % iso(ts + 1, 0))
out.write("# User@Host: app[app] @ app1.internal [10.0.1.11]  Id:   777\n")
out.write("# Query_time: 0.000011  Lock_time: 0.000000 Rows_sent: 0  Rows_examined: 0\n")
out.write("SET timestamp=%d;\n# administrator command: Quit;\n" % (ts + 1))
