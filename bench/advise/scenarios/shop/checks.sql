-- The shop's expectations, checked with EXPLAIN on the rows of fill.py (see ../validate.sh).
USE shop;

SELECT 'category listing, today: ref on idx_category_status, then a filesort' AS `check`;
EXPLAIN SELECT id, name, price, stock FROM products WHERE category_id = 1 AND status = 1 ORDER BY price LIMIT 0, 24;
ALTER TABLE products ADD INDEX x_cat_status_price (category_id, status, price);
SELECT 'category listing with (category_id, status, price): no filesort' AS `check`;
EXPLAIN SELECT id, name, price, stock FROM products WHERE category_id = 1 AND status = 1 ORDER BY price LIMIT 0, 24;
ALTER TABLE products DROP INDEX x_cat_status_price, ADD INDEX x_cat_price (category_id, price);
SELECT 'category listing with (category_id, price) (the also_ok): no filesort either' AS `check`;
EXPLAIN SELECT id, name, price, stock FROM products WHERE category_id = 1 AND status = 1 ORDER BY price LIMIT 0, 24;
ALTER TABLE products DROP INDEX x_cat_price;

SELECT 'my orders, today: ref on idx_user, then a filesort of all the customer''s orders' AS `check`;
EXPLAIN SELECT id, order_no, status, total, created_at FROM orders WHERE user_id = 1 ORDER BY created_at DESC LIMIT 20;
ALTER TABLE orders ADD INDEX x_user_created (user_id, created_at);
SELECT 'my orders with (user_id, created_at): no filesort' AS `check`;
EXPLAIN SELECT id, order_no, status, total, created_at FROM orders WHERE user_id = 1 ORDER BY created_at DESC LIMIT 20;
SELECT 'order numbers of a customer with (user_id, created_at) (idx_user ignored): still ref' AS `check`;
EXPLAIN SELECT order_no FROM orders IGNORE INDEX (idx_user) WHERE user_id = 1;
ALTER TABLE orders DROP INDEX x_user_created;

SELECT 'revenue dashboard, today: DATE(created_at) = ?: ALL' AS `check`;
EXPLAIN SELECT COUNT(*), SUM(total) FROM orders WHERE DATE(created_at) = '2026-11-30';
SELECT 'revenue dashboard rewritten as a range, no index led by created_at: still ALL' AS `check`;
EXPLAIN SELECT COUNT(*), SUM(total) FROM orders WHERE created_at >= '2026-11-30' AND created_at < '2026-11-30' + INTERVAL 1 DAY;
ALTER TABLE orders ADD INDEX x_created (created_at);
SELECT 'rewritten, with (created_at): range' AS `check`;
EXPLAIN SELECT COUNT(*), SUM(total) FROM orders WHERE created_at >= '2026-11-30' AND created_at < '2026-11-30' + INTERVAL 1 DAY;
SELECT 'not rewritten, with (created_at): still ALL (the index alone does not help)' AS `check`;
EXPLAIN SELECT COUNT(*), SUM(total) FROM orders WHERE DATE(created_at) = '2026-11-30';
ALTER TABLE orders DROP INDEX x_created;

SELECT 'buyers of a product, today: ALL over order_items' AS `check`;
EXPLAIN SELECT order_id, qty FROM order_items WHERE product_id = 17;
ALTER TABLE order_items ADD INDEX x_product (product_id);
SELECT 'buyers of a product with (product_id): ref' AS `check`;
EXPLAIN SELECT order_id, qty FROM order_items WHERE product_id = 17;
ALTER TABLE order_items DROP INDEX x_product;

SELECT 'support name search, today: ALL' AS `check`;
EXPLAIN SELECT id, email, phone, status FROM users WHERE last_name = 'Weber' AND first_name = 'Anna';
ALTER TABLE users ADD INDEX x_names (last_name, first_name);
SELECT 'support name search with (last_name, first_name): ref' AS `check`;
EXPLAIN SELECT id, email, phone, status FROM users WHERE last_name = 'Weber' AND first_name = 'Anna';
ALTER TABLE users DROP INDEX x_names;

SELECT 'order by number as a number: ALL (uk_order_no not searched)' AS `check`;
EXPLAIN SELECT id, user_id, status, total, created_at FROM orders WHERE order_no = 2600012345;
SELECT 'order by number quoted: const on uk_order_no, no new index needed' AS `check`;
EXPLAIN SELECT id, user_id, status, total, created_at FROM orders WHERE order_no = '2600012345';

SELECT 'pick list: range on idx_status_created, no filesort' AS `check`;
EXPLAIN SELECT id, order_no, user_id, total FROM orders WHERE status = 'paid' AND created_at >= '2026-12-01 04:00:00' AND created_at < '2026-12-01 10:00:00' ORDER BY created_at;
SELECT 'coupon check: ref on idx_user (a customer''s few orders)' AS `check`;
EXPLAIN SELECT id FROM orders WHERE user_id = 5000 AND coupon_code = 'WELCOME01';
SELECT 'stock history: ref on idx_product' AS `check`;
EXPLAIN SELECT SUM(delta) FROM stock_movements WHERE product_id = 17 AND created_at >= '2026-11-01';
SELECT 'category by slug: ALL over 140 rows' AS `check`;
EXPLAIN SELECT id, name, parent_id FROM categories WHERE slug = 'c-7';
SELECT 'product search: ALL (a leading wildcard)' AS `check`;
EXPLAIN SELECT id, name, price FROM products WHERE status = 1 AND name LIKE '%lamp%' LIMIT 48;

SELECT 'opt-in batch (newsletter_subscribers read first, by primary key): eq_ref on users.uk_email' AS `check`;
EXPLAIN SELECT ns.id, ns.email, u.id AS user_id, u.first_name FROM newsletter_subscribers ns JOIN users u ON u.email = ns.email WHERE ns.id IN (3, 17, 2001, 5003, 40000, 70001);
SELECT 'sign-up report (users has the filter): idx_email cannot be searched, so MariaDB reads all of newsletter_subscribers and probes users.uk_email instead' AS `check`;
EXPLAIN SELECT u.id, u.email, u.first_name, ns.status FROM users u JOIN newsletter_subscribers ns ON ns.email = u.email WHERE u.created_at >= '2026-11-30 00:00:00' AND u.marketing_opt_in = 1;
SELECT 'sign-up report, measured (ANALYZE): rows read' AS `check`;
ANALYZE SELECT u.id, u.email, u.first_name, ns.status FROM users u JOIN newsletter_subscribers ns ON ns.email = u.email WHERE u.created_at >= '2026-11-30 00:00:00' AND u.marketing_opt_in = 1;
SELECT 'sign-up report with an index on users (created_at, marketing_opt_in, email, first_name): the scan of newsletter_subscribers stays' AS `check`;
ALTER TABLE users ADD INDEX x_created_optin (created_at, marketing_opt_in, email, first_name);
EXPLAIN SELECT u.id, u.email, u.first_name, ns.status FROM users u JOIN newsletter_subscribers ns ON ns.email = u.email WHERE u.created_at >= '2026-11-30 00:00:00' AND u.marketing_opt_in = 1;
ALTER TABLE users DROP INDEX x_created_optin;
ALTER TABLE newsletter_subscribers CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
SELECT 'sign-up report after converting newsletter_subscribers to utf8mb4: ref on idx_email' AS `check`;
EXPLAIN SELECT u.id, u.email, u.first_name, ns.status FROM users u JOIN newsletter_subscribers ns ON ns.email = u.email WHERE u.created_at >= '2026-11-30 00:00:00' AND u.marketing_opt_in = 1;
ANALYZE SELECT u.id, u.email, u.first_name, ns.status FROM users u JOIN newsletter_subscribers ns ON ns.email = u.email WHERE u.created_at >= '2026-11-30 00:00:00' AND u.marketing_opt_in = 1;
