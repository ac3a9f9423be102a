-- A few rows in every table of schema.sql, for bench/check/probe.sh: the algorithm probes run on
-- tables that are not empty (InnoDB treats some ALTERs of an empty table differently), and the
-- rows satisfy what the migrations ask (no NULL currency, holder names under 100 characters,
-- unique checkin ids, payments that point at existing orders).
INSERT INTO customers (id, email, first_name, last_name, phone, fax, country_code, created_at, last_login_at) VALUES
  (1, 'ana@example.org', 'Ana', 'Lopez', '+49301234567', NULL, 'DE', '2025-01-03 10:00:00', '2026-01-10 08:00:00'),
  (2, 'ben@example.org', 'Ben', 'Okafor', NULL, '+4930999', 'DE', '2025-02-11 12:30:00', NULL),
  (3, 'chloe@example.org', 'Chloé', 'Martin-Durand', '+33142000000', NULL, 'FR', '2025-03-20 18:45:00', '2026-01-02 21:00:00');
INSERT INTO venues (id, name, city, country_code, capacity) VALUES
  (1, 'Columbiahalle', 'Berlin', 'DE', 3500), (2, 'Le Zénith', 'Paris', 'FR', 6300);
INSERT INTO events (id, venue_id, title, slug, description, category, starts_at, ends_at, status, created_at) VALUES
  (1, 1, 'Night Tapes', 'night-tapes-berlin-2026', 'Indie pop.', 'concert', '2026-03-14 20:00:00', '2026-03-14 23:00:00', 'on_sale', '2025-11-01 09:00:00'),
  (2, 2, 'Cirque Nova', 'cirque-nova-paris-2026', 'Circus.', 'theatre', '2026-04-02 19:30:00', NULL, 'draft', '2025-12-01 09:00:00');
INSERT INTO ticket_types (id, event_id, name, price_cents, quota, sold, sales_start, sales_end) VALUES
  (1, 1, 'Standing', 3900, 3000, 2, '2025-11-15 10:00:00', '2026-03-14 18:00:00'),
  (2, 2, 'Seated A', 6500, 1200, 1, '2025-12-15 10:00:00', NULL);
INSERT INTO orders (id, order_no, customer_id, event_id, status, total_cents, currency, coupon_code, legacy_ref, created_at, paid_at) VALUES
  (1, 'TX2600000001', 1, 1, 'paid', 7800, 'EUR', NULL, NULL, '2026-01-05 10:01:00', '2026-01-05 10:02:00'),
  (2, 'TX2600000002', 3, 2, 'paid', 6500, 'EUR', 'SPRING10', 'OLD-4711', '2026-01-06 11:00:00', '2026-01-06 11:03:00'),
  (3, 'TX2600000003', 2, 1, 'pending', 3900, 'EUR', NULL, NULL, '2026-01-07 12:00:00', NULL);
INSERT INTO tickets (id, order_id, ticket_type_id, barcode, holder_name, seat_label, seat_note, status, created_at) VALUES
  (1, 1, 1, 'B0000000000000000001', 'Ana Lopez', NULL, NULL, 'valid', '2026-01-05 10:02:00'),
  (2, 1, 1, 'B0000000000000000002', 'Jon Lopez', NULL, NULL, 'valid', '2026-01-05 10:02:00'),
  (3, 2, 2, 'B0000000000000000003', 'Chloé Martin-Durand', 'A-12', 'aisle, wheelchair space', 'valid', '2026-01-06 11:03:00');
INSERT INTO payments (id, order_id, provider, provider_ref, amount_cents, status, created_at) VALUES
  (1, 1, 'stripe', 'pi_3Nq0001', 7800, 'captured', '2026-01-05 10:02:00'),
  (2, 2, 'paypal', 'PAY-77A1', 6500, 'captured', '2026-01-06 11:03:00');
INSERT INTO checkins (id, ticket_id, gate, device_id, scanned_at, result) VALUES
  ('0b6f1c1e-2f4a-4f5e-9a4e-000000000001', 1, 'north-1', 'zebra-17', '2026-03-14 19:02:11.120', 'ok'),
  ('0b6f1c1e-2f4a-4f5e-9a4e-000000000002', 2, 'north-1', 'zebra-17', '2026-03-14 19:02:15.480', 'ok'),
  ('0b6f1c1e-2f4a-4f5e-9a4e-000000000003', 1, 'north-2', 'zebra-09', '2026-03-14 19:40:02.003', 'duplicate');
INSERT INTO partner_accounts (id, code, name, contact_email, commission_pct, created_at) VALUES
  (1, 'EVENTIMX', 'Eventimx GmbH', 'ops@eventimx.example', 7.50, '2024-06-01 00:00:00'),
  (2, 'FNACRES', 'Fnac Revente', NULL, 5.00, '2024-09-01 00:00:00');
INSERT INTO short_links (id, code, event_id, target_url, clicks, created_at) VALUES
  (1, 'nt26', 1, 'https://tix.example/e/night-tapes-berlin-2026?utm_source=ig', 1204, '2025-11-02 09:00:00'),
  (2, 'cn26', 2, 'https://tix.example/e/cirque-nova-paris-2026', 88, '2025-12-02 09:00:00');
