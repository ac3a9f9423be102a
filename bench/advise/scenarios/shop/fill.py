#!/usr/bin/env python3
"""Rows of the production data's shape for the shop schema, as SQL on standard output, to check
the expectations with EXPLAIN on a sandbox server (see ../validate.sh). Smaller than production
(orders: 300 000 instead of 2 million) but skewed the same way: a few business accounts with
thousands of orders, a few big categories, newsletter addresses that are customers' addresses.
"""

import os
import random
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the scenarios
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from fillutil import batches, dt, out, q  # noqa: E402

rng = random.Random(7)
USERS, ORDERS, PRODUCTS, CATEGORIES, SUBSCRIBERS = 60_000, 300_000, 20_000, 140, 80_000
FIRST = ["Anna", "Ben", "Clara", "David", "Emma", "Felix", "Greta", "Hugo", "Ida", "Jonas"]
LAST = ["Muller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker",
        "Schulz", "Hoffmann", "Koch", "Richter", "Klein", "Wolf", "Neumann", "Braun"]


out.write("USE shop;\nSET foreign_key_checks=0;\n")
batches("categories", "id, parent_id, slug, name, position",
        ((str(i), "NULL" if i <= 12 else str(1 + i % 12), q("c-%d" % i), q("Category %d" % i),
          str(i % 20)) for i in range(1, CATEGORIES + 1)))
batches("coupons", "code, campaign, discount_pct, active",
        ((q("C%05d" % i), q(rng.choice(["black-friday", "xmas", "welcome", "newsletter"])),
          str(rng.choice([5, 10, 15])), str(int(rng.random() < 0.6))) for i in range(2000)))


def user_rows():
    for i in range(1, USERS + 1):
        f, l = rng.choice(FIRST), rng.choice(LAST)
        yield (str(i), q("%s.%s%d@example.com" % (f.lower(), l.lower(), i)), q("x"), q(f), q(l),
               q("+49%09d" % rng.randrange(10 ** 9)), q("DE"), str(int(rng.random() < 0.4)),
               dt(rng.randrange(900), rng.randrange(86400)))


batches("users", "id, email, password_hash, first_name, last_name, phone, country_code, "
        "marketing_opt_in, created_at", user_rows())


def product_rows():
    for i in range(1, PRODUCTS + 1):
        # category sizes: category c gets weight 1/c^0.7
        c = min(CATEGORIES, int(1 + (rng.random() ** 2.2) * CATEGORIES))
        yield (str(i), q("SKU%06d" % i), q("%s %d" % (rng.choice(["lamp", "chair", "mug", "rug", "desk"]), i)),
               str(c), q(rng.choice(["acme", "nordic", "casa"])), "%d.%02d" % (rng.randrange(2, 900), rng.randrange(100)),
               str(rng.randrange(200)), "1" if rng.random() < 0.9 else str(rng.choice([0, 2])),
               q("A long description. " * 10))


batches("products", "id, sku, name, category_id, brand, price, stock, status, description",
        product_rows(), 1000)


def order_user(i):
    # The first 40 users are business accounts with thousands of orders.
    if rng.random() < 0.12:
        return 1 + int(rng.random() ** 3 * 40)
    return rng.randrange(41, USERS + 1)


def order_rows():
    for i in range(1, ORDERS + 1):
        day = (ORDERS - i) * 400 // ORDERS
        yield (str(i), q(str(2600000000 + i)), str(order_user(i)),
               q(rng.choice(["paid", "shipped", "delivered", "delivered", "cancelled"]) if day > 0 else
                 rng.choice(["new", "paid"])),
               "%d.%02d" % (rng.randrange(5, 900), rng.randrange(100)),
               q(rng.choice(["WELCOME01", "XMAS", ""]) if rng.random() < 0.1 else ""),
               q("DE"), dt(day, rng.randrange(86400)))


batches("orders", "id, order_no, user_id, status, total, coupon_code, shipping_country, created_at",
        order_rows())


def item_rows():
    n = 0
    for o in range(1, ORDERS + 1):
        for _ in range(rng.randrange(1, 5)):
            n += 1
            yield (str(o), str(1 + int(rng.random() ** 1.5 * PRODUCTS) % PRODUCTS),
                   str(rng.randrange(1, 4)), "%d.%02d" % (rng.randrange(2, 200), rng.randrange(100)))


batches("order_items", "order_id, product_id, qty, unit_price", item_rows())


# Subscribers: two thirds are customers' addresses (the join finds them), a third are guests.
out.write("CREATE TEMPORARY TABLE pick (id int primary key, u int, list_id int, status varchar(16), at datetime);\n")
rows = []
for i in range(1, SUBSCRIBERS + 1):
    rows.append((str(i), str(rng.randrange(1, USERS + 1) if i % 3 else 0), str(1 + i % 4),
                 q(rng.choice(["pending", "confirmed", "confirmed", "unsubscribed"])), dt(rng.randrange(900), 0)))
batches("pick", "id, u, list_id, status, at", rows)
out.write("INSERT IGNORE INTO newsletter_subscribers (id, list_id, email, status, subscribed_at) "
          "SELECT p.id, p.list_id, COALESCE(u.email, CONCAT('guest', p.id, '@example.org')), p.status, p.at "
          "FROM pick p LEFT JOIN users u ON u.id = p.u;\n")

batches("sessions", "id, user_id, created_at, last_seen_at",
        ((q("%040x" % rng.getrandbits(160)), str(rng.randrange(1, USERS + 1)), dt(rng.randrange(60), 0),
          dt(rng.randrange(60), rng.randrange(86400))) for _ in range(50_000)))
batches("stock_movements", "product_id, delta, reason, created_at",
        ((str(rng.randrange(1, PRODUCTS + 1)), str(-rng.randrange(1, 4)), q("sale"),
          dt(rng.randrange(120), rng.randrange(86400))) for _ in range(100_000)))
out.write("ANALYZE TABLE users, sessions, categories, products, coupons, orders, order_items, "
          "stock_movements, newsletter_subscribers PERSISTENT FOR ALL;\n")
