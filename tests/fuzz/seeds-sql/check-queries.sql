-- Queries the application sends, one per statement.

-- name: customer by phone
SELECT id, email FROM customers WHERE phone = 5551234;

-- name: order page (primary-key lookup: nothing to say)
SELECT id, status, total FROM orders WHERE id = 42;

-- name: my recent orders
SELECT id, status, total, created_at
  FROM orders
 WHERE customer_id = 7
 ORDER BY created_at DESC
 LIMIT 20;

-- name: signups of a day
SELECT id FROM customers WHERE DATE(created_at) = '2024-05-01';

-- name: product search
SELECT id, name FROM products WHERE name LIKE '%cable%';

-- name: orders with their coupon
SELECT o.id, c.percent_off
  FROM orders o
  JOIN coupons c ON c.code = o.coupon_code
 WHERE o.customer_id = 7;

-- name: expire sessions
DELETE FROM sessions WHERE last_seen < NOW() - INTERVAL 30 DAY;

-- name: find by email or phone
SELECT id FROM customers WHERE email = 'a@example.com' OR phone = '5551234';

-- name: export (known and accepted)
-- qadvisor:ignore select-star
SELECT * FROM orders WHERE status = 'paid';

-- name: reset (a bug!)
UPDATE orders SET status = 'new';
