#!/usr/bin/env python3
"""Writes slow.log for the shop scenario: 15 minutes of a web shop's MariaDB, every statement
logged (long_query_time = 0). See README.md for the workload and what a DBA makes of it.

    python3 gen.py            # rewrites slow.log next to this file (same bytes every time)
"""

import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the scenarios
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from slowlog import Event, QueryClass, lognormal, scaled, sql_str, write, zipf_pick  # noqa: E402

SEED = 20261201

# Table sizes on the production server the log comes from (what Rows_examined reflects).
USERS = 350_000
ORDERS = 2_000_000
ORDER_ITEMS = 6_100_000
PRODUCTS = 60_000
CATEGORIES = 140
COUPONS = 2_000
SUBSCRIBERS = 400_000

WORDS = ["lamp", "chair", "cable", "mug", "desk", "sofa", "shelf", "rug", "kettle", "pillow",
         "mirror", "clock", "vase", "basket", "towel", "blanket", "stool", "candle", "frame"]
FIRST = ["anna", "ben", "clara", "david", "emma", "felix", "greta", "hugo", "ida", "jonas",
         "karla", "leon", "mia", "noah", "olga", "paul", "rosa", "samuel", "tina", "uwe"]
LAST = ["muller", "schmidt", "schneider", "fischer", "weber", "meyer", "wagner", "becker",
        "schulz", "hoffmann", "koch", "richter", "klein", "wolf", "neumann", "braun"]
COUNTRIES = ["DE", "AT", "CH", "FR", "NL", "BE", "IT", "ES", "PL", "DK"]


def token(rng):
    return "".join(rng.choice("0123456789abcdef") for _ in range(40))


# --- products ---------------------------------------------------------------------------------

def category_listing(rng):
    # Live products of a category, cheapest first, one page of 24. idx_category_status finds the
    # category's live products, then every one of them is sorted by price.
    cat = zipf_pick(rng, CATEGORIES, 0.8)
    n = max(30, int(9000 / cat ** 0.7))
    page = 0 if rng.random() < 0.8 else rng.randrange(1, 5)
    sql = ("SELECT id, name, price, stock FROM products WHERE category_id = %d AND status = 1 "
           "ORDER BY price LIMIT %d, 24" % (cat, page * 24))
    return Event(sql, scaled(rng, 0.0000075, n, 0.0003), 24, n + 24 * (page + 1))


def product_search(rng):
    # The search box: a substring anywhere in the name. Scans the table until 48 match.
    w = rng.choice(WORDS)
    examined = rng.randrange(PRODUCTS // 3, PRODUCTS)
    sql = ("SELECT id, name, price FROM products WHERE status = 1 AND name LIKE '%%%s%%' LIMIT 48"
           % w)
    return Event(sql, scaled(rng, 0.0000021, examined, 0.0004), 48, examined)


def product_by_id(rng):
    pid = zipf_pick(rng, PRODUCTS, 0.9)
    sql = ("SELECT id, sku, name, category_id, brand, price, stock, status, description "
           "FROM products WHERE id = %d" % pid)
    return Event(sql, lognormal(rng, 0.00011), 1, 1)


def cart_products(rng):
    ids = sorted({zipf_pick(rng, PRODUCTS, 0.9) for _ in range(rng.randrange(1, 9))})
    sql = ("SELECT id, name, price, stock FROM products WHERE id IN (%s)"
           % ", ".join(str(i) for i in ids))
    return Event(sql, lognormal(rng, 0.00006 + 0.00003 * len(ids)), len(ids), len(ids))


def update_stock(rng):
    pid = zipf_pick(rng, PRODUCTS, 0.9)
    sql = "UPDATE products SET stock = stock - %d WHERE id = %d" % (rng.randrange(1, 4), pid)
    return Event(sql, lognormal(rng, 0.00028), 0, 1, 1)


# --- categories (140 rows) and coupons (2 000 rows) ------------------------------------------

def category_by_slug(rng):
    # Every category page resolves its URL slug. The table is 140 rows: two pages, always cached.
    slug = "c-%d" % zipf_pick(rng, CATEGORIES, 0.8)
    sql = "SELECT id, name, parent_id FROM categories WHERE slug = %s" % sql_str(slug)
    return Event(sql, lognormal(rng, 0.00030, 0.25), 1, CATEGORIES)


def category_menu(rng):
    sql = "SELECT id, slug, name FROM categories WHERE parent_id IS NULL ORDER BY position"
    return Event(sql, lognormal(rng, 0.00013, 0.25), 12, 12)


def coupon_campaign(rng):
    # Marketing's admin page, opened a few times: a scan of 2 000 coupons, half a millisecond.
    sql = ("SELECT id, code, discount_pct FROM coupons WHERE campaign = %s AND active = 1"
           % sql_str(rng.choice(["black-friday", "xmas", "welcome", "newsletter"])))
    return Event(sql, lognormal(rng, 0.00055, 0.2), rng.randrange(5, 60), COUPONS)


def coupon_by_code(rng):
    sql = ("SELECT id, discount_pct, active, valid_until FROM coupons WHERE code = %s"
           % sql_str("BF26-%05d" % rng.randrange(100000)))
    return Event(sql, lognormal(rng, 0.00009), 1, 1)


# --- users -----------------------------------------------------------------------------------

def login(rng):
    sql = ("SELECT id, password_hash, status FROM users WHERE email = %s"
           % sql_str("%s.%s%d@example.com" % (rng.choice(FIRST), rng.choice(LAST), rng.randrange(999))))
    return Event(sql, lognormal(rng, 0.00014), 1, 1)


def touch_login(rng):
    sql = "UPDATE users SET last_login_at = NOW() WHERE id = %d" % rng.randrange(1, USERS)
    return Event(sql, lognormal(rng, 0.00030), 0, 1, 1)


def support_name_search(rng):
    # Customer support looks a caller up by name: no index on the names, a full scan.
    sql = ("SELECT id, email, phone, status FROM users WHERE last_name = %s AND first_name = %s"
           % (sql_str(rng.choice(LAST)), sql_str(rng.choice(FIRST))))
    return Event(sql, scaled(rng, 0.0000011, USERS, 0.001), rng.randrange(0, 40), USERS)


def register(rng):
    f, l = rng.choice(FIRST), rng.choice(LAST)
    sql = ("INSERT INTO users (email, password_hash, first_name, last_name, country_code, created_at) "
           "VALUES (%s, %s, %s, %s, %s, NOW())"
           % (sql_str("%s.%s%d@example.com" % (f, l, rng.randrange(99999))),
              sql_str("$2y$10$" + token(rng)), sql_str(f.title()), sql_str(l.title()),
              sql_str(rng.choice(COUNTRIES))))
    return Event(sql, lognormal(rng, 0.0006), 0, 0, 1)


# --- sessions (written on every request) -----------------------------------------------------

def session_read(rng):
    sql = "SELECT user_id, data FROM sessions WHERE id = %s" % sql_str(token(rng))
    return Event(sql, lognormal(rng, 0.00009), 1, 1)


def session_touch(rng):
    sql = ("UPDATE sessions SET last_seen_at = NOW(), data = %s WHERE id = %s"
           % (sql_str("a:2:{s:4:\"cart\";i:%d;}" % rng.randrange(9999)), sql_str(token(rng))))
    return Event(sql, lognormal(rng, 0.00024), 0, 1, 1)


def session_create(rng):
    sql = ("INSERT INTO sessions (id, user_id, ip, user_agent, created_at, last_seen_at) "
           "VALUES (%s, %d, UNHEX('0A00%04X'), 'Mozilla/5.0', NOW(), NOW())"
           % (sql_str(token(rng)), rng.randrange(1, USERS), rng.randrange(65536)))
    return Event(sql, lognormal(rng, 0.00035), 0, 0, 1)


def session_purge(rng):
    # A cron job every minute. Expired sessions are plentiful: the scan stops after 1 000.
    sql = "DELETE FROM sessions WHERE last_seen_at < NOW() - INTERVAL 30 DAY LIMIT 1000"
    examined = rng.randrange(2500, 6000)
    return Event(sql, scaled(rng, 0.000007, examined, 0.002), 0, examined, 1000)


# --- orders ----------------------------------------------------------------------------------

def user_order_count(uid):
    # Most customers have a few orders; a few business accounts have thousands.
    if uid <= 40:
        return 6000 // uid
    return 3 + uid % 11


def pick_customer(rng):
    return zipf_pick(rng, USERS, 1.05)


def my_orders(rng):
    # "My orders": the newest 20. idx_user finds all the customer's orders, then sorts them.
    uid = pick_customer(rng)
    n = user_order_count(uid)
    sql = ("SELECT id, order_no, status, total, created_at FROM orders WHERE user_id = %d "
           "ORDER BY created_at DESC LIMIT 20" % uid)
    return Event(sql, scaled(rng, 0.000030, n, 0.0012), min(20, n), n)


def my_order_numbers(rng):
    # The checkout checks a new order number against the customer's earlier ones.
    uid = pick_customer(rng)
    n = user_order_count(uid)
    sql = "SELECT order_no FROM orders WHERE user_id = %d" % uid
    return Event(sql, scaled(rng, 0.000012, n, 0.0003), n, n)


def order_by_id(rng):
    sql = ("SELECT id, order_no, user_id, status, total, currency, created_at FROM orders "
           "WHERE id = %d" % rng.randrange(1, ORDERS))
    return Event(sql, lognormal(rng, 0.00012), 1, 1)


def order_lines(rng):
    sql = ("SELECT oi.product_id, oi.qty, oi.unit_price, p.name, p.sku FROM order_items oi "
           "JOIN products p ON p.id = oi.product_id WHERE oi.order_id = %d" % rng.randrange(1, ORDERS))
    k = rng.randrange(1, 6)
    return Event(sql, lognormal(rng, 0.00025 + 0.00006 * k), k, 2 * k)


def backoffice_paid(rng):
    # The warehouse's pick list: paid orders of the last hours, oldest first.
    h = rng.randrange(2, 8)
    sql = ("SELECT id, order_no, user_id, total FROM orders WHERE status = 'paid' "
           "AND created_at >= '2026-12-01 %02d:00:00' AND created_at < '2026-12-01 10:00:00' "
           "ORDER BY created_at" % (10 - h))
    n = 120 * h
    return Event(sql, scaled(rng, 0.000018, n, 0.0004), n, n)


def revenue_dashboard(rng):
    # The management dashboard refreshes yesterday's and today's totals every 30 s.
    day = rng.choice(["2026-11-30", "2026-12-01"])
    sql = "SELECT COUNT(*), SUM(total) FROM orders WHERE DATE(created_at) = '%s'" % day
    return Event(sql, scaled(rng, 0.00000068, ORDERS, 0.002), 1, ORDERS)


def order_by_number(rng):
    # The support tool sends the order number the customer reads out as a number:
    # order_no is varchar, so every row's order_no is converted and uk_order_no is not searched.
    sql = ("SELECT id, user_id, status, total, created_at FROM orders WHERE order_no = %d"
           % (2600000000 + rng.randrange(1, ORDERS)))
    return Event(sql, scaled(rng, 0.00000042, ORDERS, 0.002), 1, ORDERS)


def order_coupon_check(rng):
    # Has this customer used this coupon before? A handful of calls, a customer's few orders.
    uid = rng.randrange(100, USERS)
    sql = ("SELECT id FROM orders WHERE user_id = %d AND coupon_code = %s"
           % (uid, sql_str("WELCOME%02d" % rng.randrange(1, 20))))
    return Event(sql, lognormal(rng, 0.0006, 0.15), 0, user_order_count(uid))


def create_order(rng):
    sql = ("INSERT INTO orders (order_no, user_id, status, total, currency, shipping_country, "
           "created_at) VALUES ('%d', %d, 'new', %d.%02d, 'EUR', %s, NOW())"
           % (2600000000 + ORDERS + rng.randrange(100000), pick_customer(rng), rng.randrange(5, 400),
              rng.randrange(100), sql_str(rng.choice(COUNTRIES))))
    return Event(sql, lognormal(rng, 0.00055), 0, 0, 1)


def create_order_items(rng):
    k = rng.randrange(1, 5)
    oid = ORDERS + rng.randrange(100000)
    values = ", ".join("(%d, %d, %d, %d.%02d)" % (oid, zipf_pick(rng, PRODUCTS, 0.9),
                                                  rng.randrange(1, 4), rng.randrange(2, 200),
                                                  rng.randrange(100)) for _ in range(k))
    sql = "INSERT INTO order_items (order_id, product_id, qty, unit_price) VALUES " + values
    return Event(sql, lognormal(rng, 0.00045 + 0.0001 * k), 0, 0, k)


def update_order_status(rng):
    sql = ("UPDATE orders SET status = %s WHERE id = %d"
           % (sql_str(rng.choice(["paid", "paid", "shipped", "delivered", "cancelled"])),
              rng.randrange(ORDERS - 50000, ORDERS)))
    return Event(sql, lognormal(rng, 0.00042), 0, 1, 1)


def product_buyers(rng):
    # Product page's "customers who bought this" and the recall tool: every order line of a
    # product. order_items has no index on product_id: a full scan of 6 million rows.
    pid = zipf_pick(rng, PRODUCTS, 0.9)
    sql = "SELECT order_id, qty FROM order_items WHERE product_id = %d" % pid
    return Event(sql, scaled(rng, 0.00000034, ORDER_ITEMS, 0.003), rng.randrange(5, 900),
                 ORDER_ITEMS)


# --- stock_movements (one row per item sold) -------------------------------------------------

def stock_movement(rng):
    sql = ("INSERT INTO stock_movements (product_id, delta, reason, order_id, created_at) "
           "VALUES (%d, -%d, 'sale', %d, NOW())"
           % (zipf_pick(rng, PRODUCTS, 0.9), rng.randrange(1, 4), ORDERS + rng.randrange(100000)))
    return Event(sql, lognormal(rng, 0.00030), 0, 0, 1)


def stock_history(rng):
    pid = zipf_pick(rng, PRODUCTS, 0.9)
    sql = ("SELECT SUM(delta) FROM stock_movements WHERE product_id = %d "
           "AND created_at >= '2026-11-01'" % pid)
    n = rng.randrange(10, 120)
    return Event(sql, scaled(rng, 0.000012, n, 0.0002), 1, n)


# --- newsletter_subscribers (legacy utf8mb3 table) -------------------------------------------

def signup_subscription_report(rng):
    # "New customers and their newsletter status", an admin widget. users is found by
    # idx_created (a day of sign-ups); each one is then looked up in newsletter_subscribers by
    # email, whose utf8mb3 column is converted to utf8mb4 for the comparison: idx_email cannot
    # be searched, so the 400 000 subscribers are read instead.
    sql = ("SELECT u.id, u.email, u.first_name, ns.status FROM users u "
           "JOIN newsletter_subscribers ns ON ns.email = u.email "
           "WHERE u.created_at >= '2026-11-30 %02d:00:00' AND u.marketing_opt_in = 1" % rng.randrange(24))
    # (MariaDB picks the lesser evil: it reads all subscribers and probes users.uk_email with
    # each converted address, then applies the sign-up filter.)
    return Event(sql, scaled(rng, 0.0000030, SUBSCRIBERS, 0.01), rng.randrange(40, 200),
                 SUBSCRIBERS * 5 // 3)


def confirm_batch(rng):
    # The double opt-in mailer takes a batch of subscriber ids and finds their accounts.
    # newsletter_subscribers is read first (by primary key), its email converted once per row
    # to probe users.uk_email: eq_ref, the conversion costs nothing here.
    ids = sorted({rng.randrange(1, SUBSCRIBERS) for _ in range(20)})
    sql = ("SELECT ns.id, ns.email, u.id AS user_id, u.first_name FROM newsletter_subscribers ns "
           "JOIN users u ON u.email = ns.email WHERE ns.id IN (%s)" % ", ".join(map(str, ids)))
    return Event(sql, lognormal(rng, 0.0008, 0.2), rng.randrange(5, 20), 40)


def subscribe(rng):
    sql = ("INSERT INTO newsletter_subscribers (list_id, email, status, source, subscribed_at) "
           "VALUES (%d, %s, 'pending', 'footer', NOW())"
           % (rng.randrange(1, 5), sql_str("%s%d@example.org" % (rng.choice(FIRST), rng.randrange(99999)))))
    return Event(sql, lognormal(rng, 0.0004), 0, 0, 1)


CLASSES = [
    QueryClass("category_listing", 600, category_listing),
    QueryClass("product_search", 80, product_search),
    QueryClass("product_by_id", 500, product_by_id),
    QueryClass("cart_products", 150, cart_products),
    QueryClass("update_stock", 150, update_stock),
    QueryClass("category_by_slug", 2500, category_by_slug),
    QueryClass("category_menu", 200, category_menu),
    QueryClass("coupon_campaign", 4, coupon_campaign, user="admin", hosts=("10.0.3.5",)),
    QueryClass("coupon_by_code", 40, coupon_by_code),
    QueryClass("login", 80, login),
    QueryClass("touch_login", 80, touch_login),
    QueryClass("register", 25, register),
    QueryClass("support_name_search", 12, support_name_search, user="support", hosts=("10.0.3.9",)),
    QueryClass("session_read", 500, session_read),
    QueryClass("session_touch", 500, session_touch),
    QueryClass("session_create", 80, session_create),
    QueryClass("session_purge", 15, session_purge, user="cron", hosts=("10.0.3.2",)),
    QueryClass("my_orders", 500, my_orders),
    QueryClass("my_order_numbers", 300, my_order_numbers),
    QueryClass("order_by_id", 150, order_by_id),
    QueryClass("order_lines", 150, order_lines),
    QueryClass("backoffice_paid", 40, backoffice_paid, user="admin", hosts=("10.0.3.5",)),
    QueryClass("revenue_dashboard", 30, revenue_dashboard, user="report", hosts=("10.0.3.7",)),
    QueryClass("order_by_number", 15, order_by_number, user="support", hosts=("10.0.3.9",)),
    QueryClass("order_coupon_check", 6, order_coupon_check),
    QueryClass("create_order", 80, create_order),
    QueryClass("create_order_items", 80, create_order_items),
    QueryClass("update_order_status", 120, update_order_status),
    QueryClass("product_buyers", 10, product_buyers),
    QueryClass("stock_movement", 200, stock_movement),
    QueryClass("stock_history", 20, stock_history, user="admin", hosts=("10.0.3.5",)),
    QueryClass("signup_subscription", 12, signup_subscription_report, user="admin",
               hosts=("10.0.3.5",)),
    QueryClass("confirm_batch", 80, confirm_batch, user="mailer", hosts=("10.0.3.4",)),
    QueryClass("subscribe", 30, subscribe),
]

if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    write(os.path.join(here, "slow.log"), "shop", CLASSES, SEED)
