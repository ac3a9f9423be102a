-- tix: the statements the application runs today (web shop, gate app, back office), one of
-- each, with typical values. Everything these name is "in use".

-- Sign-in and account
SELECT id, email, first_name, last_name, country_code FROM customers WHERE email = 'ana@example.org';
UPDATE customers SET last_login_at = NOW() WHERE id = 1;
INSERT INTO customers (email, first_name, last_name, phone, country_code) VALUES ('dan@example.org', 'Dan', 'Weiss', '+4917612345', 'DE');
UPDATE customers SET phone = '+4917699999' WHERE id = 1;

-- Event listing and event page
SELECT e.id, e.title, e.slug, e.starts_at, v.name AS venue, v.city
  FROM events e JOIN venues v ON v.id = e.venue_id
 WHERE e.status = 'on_sale' AND e.starts_at >= '2026-03-01 00:00:00'
 ORDER BY e.starts_at LIMIT 30;
SELECT id, venue_id, title, description, category, starts_at, ends_at, status FROM events WHERE slug = 'night-tapes-berlin-2026';
SELECT id, title, starts_at FROM events WHERE venue_id = 1 AND starts_at >= '2026-03-01 00:00:00' ORDER BY starts_at;
SELECT id, name, price_cents, quota - sold AS available FROM ticket_types WHERE event_id = 1 AND (sales_end IS NULL OR sales_end > NOW());
SELECT id, name, city, country_code, capacity FROM venues WHERE country_code = 'DE' AND city = 'Berlin';

-- Checkout
INSERT INTO orders (order_no, customer_id, event_id, status, total_cents, currency, created_at) VALUES ('TX2600000104', 1, 1, 'pending', 7800, 'EUR', NOW());
UPDATE ticket_types SET sold = sold + 2 WHERE id = 1 AND sold + 2 <= quota;
INSERT INTO tickets (order_id, ticket_type_id, barcode, holder_name, seat_label, status, created_at) VALUES (104, 1, 'B0000000000000000104', 'Ana Lopez', NULL, 'valid', NOW());
INSERT INTO payments (order_id, provider, provider_ref, amount_cents, status, created_at) VALUES (104, 'stripe', 'pi_3Nq0104', 7800, 'authorized', NOW());
UPDATE payments SET status = 'captured' WHERE provider = 'stripe' AND provider_ref = 'pi_3Nq0104';
UPDATE orders SET status = 'paid', paid_at = NOW() WHERE id = 104 AND status = 'pending';
UPDATE orders SET status = 'expired' WHERE status = 'pending' AND created_at < NOW() - INTERVAL 30 MINUTE;

-- My orders and my tickets
SELECT id, order_no, event_id, status, total_cents, currency, created_at FROM orders WHERE customer_id = 1 ORDER BY created_at DESC LIMIT 20;
SELECT id, order_no, customer_id, event_id, status, total_cents, currency, paid_at FROM orders WHERE order_no = 'TX2600000001';
SELECT t.id, t.barcode, t.holder_name, t.seat_label, t.seat_note, t.status, tt.name AS ticket_type
  FROM tickets t JOIN ticket_types tt ON tt.id = t.ticket_type_id
 WHERE t.order_id = 1;
UPDATE tickets SET holder_name = 'Jon Lopez' WHERE id = 2 AND order_id = 1;

-- Gate app (scanning at the doors)
SELECT id, order_id, ticket_type_id, status FROM tickets WHERE barcode = 'B0000000000000000001';
INSERT INTO checkins (id, ticket_id, gate, device_id, scanned_at, result) VALUES ('0b6f1c1e-2f4a-4f5e-9a4e-000000000104', 1, 'north-1', 'zebra-17', NOW(3), 'ok');
SELECT gate, device_id, scanned_at, result FROM checkins WHERE ticket_id = 1 ORDER BY scanned_at;
UPDATE tickets SET status = 'used' WHERE id = 1 AND status = 'valid';
SELECT gate, COUNT(*) AS scans FROM checkins WHERE scanned_at >= '2026-03-14 18:00:00' AND scanned_at < '2026-03-14 19:00:00' GROUP BY gate;

-- Back office
SELECT status, COUNT(*) AS orders, SUM(total_cents) AS revenue FROM orders WHERE event_id = 1 GROUP BY status;
SELECT id, order_no, customer_id, total_cents, paid_at FROM orders WHERE event_id = 1 AND status = 'paid' ORDER BY paid_at DESC LIMIT 50;
SELECT o.order_no, p.provider, p.provider_ref, p.amount_cents, p.status
  FROM payments p JOIN orders o ON o.id = p.order_id
 WHERE p.order_id = 2;
SELECT id, email, first_name, last_name, phone FROM customers WHERE last_name = 'Lopez' ORDER BY first_name;
UPDATE orders SET status = 'refunded' WHERE id = 2 AND status = 'paid';

-- Partners and short links
SELECT id, name, commission_pct FROM partner_accounts WHERE code = 'EVENTIMX';
SELECT id, target_url FROM short_links WHERE code = 'nt26';
UPDATE short_links SET clicks = clicks + 1 WHERE id = 1;
SELECT code, target_url, clicks FROM short_links WHERE event_id = 1 ORDER BY clicks DESC;
