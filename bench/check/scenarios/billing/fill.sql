-- A few rows per table, for bench/check/probe.sh (so no ALTER meets an empty table).
INSERT INTO accounts (id, name, slug, status, features, billing_email, website, vat_number, country, created_at) VALUES
  (1, 'Acme Robotics', 'acme', 'active', 'api,sso,export', 'billing@acme.example', 'https://acme.example', 'DE811907980', 'DE', '2024-03-02 10:00:00'),
  (2, 'Blue Fjord AS', 'blue-fjord', 'trial', 'api', 'ap@bluefjord.example', NULL, NULL, 'NO', '2026-01-20 08:30:00'),
  (3, 'Café Señor', 'cafe-senor', 'past_due', '', 'pagos@senor.example', 'https://señor.example', 'ESB12345678', 'ES', '2025-06-11 14:00:00');
INSERT INTO users (id, account_id, email, full_name, job_title, role, legacy_login, last_seen_at, created_at) VALUES
  (1, 1, 'ana@acme.example', 'Ana Köhler', 'CFO', 'owner', 'akohler', '2026-01-30 09:00:00', '2024-03-02 10:00:00'),
  (2, 1, 'bo@acme.example', 'Bo Li', NULL, 'billing', NULL, NULL, '2024-05-01 10:00:00'),
  (3, 2, 'ola@bluefjord.example', 'Ola Nordmann', 'Founder', 'owner', NULL, '2026-01-31 12:00:00', '2026-01-20 08:30:00'),
  (4, 3, 'jose@senor.example', 'José Núñez', 'Gerente', 'owner', 'jnunez', NULL, '2025-06-11 14:00:00');
INSERT INTO plans (id, code, name, price_cents, billing_interval, active) VALUES
  (1, 'starter', 'Starter', 2900, 'month', 1),
  (2, 'growth', 'Growth', 9900, 'month', 1),
  (3, 'growth-annual', 'Growth (annual)', 99000, 'year', 1);
INSERT INTO subscriptions (id, account_id, plan_id, status, quantity, started_at, current_period_end, canceled_at) VALUES
  (1, 1, 2, 'active', 12, '2024-03-02 10:00:00', '2026-02-02 10:00:00', NULL),
  (2, 2, 1, 'trialing', NULL, '2026-01-20 08:30:00', '2026-02-03 08:30:00', NULL),
  (3, 3, 1, 'past_due', 3, '2025-06-11 14:00:00', '2026-01-11 14:00:00', NULL);
INSERT INTO invoices (id, account_id, subscription_id, number, status, currency, total_cents, issued_at, due_at, paid_at, pdf_path, legacy_ref) VALUES
  (1, 1, 1, 'INV-2026-000101', 'paid', 'EUR', 118800, '2026-01-02 10:00:00', '2026-01-16', '2026-01-03 11:00:00', 'invoices/2026/01/INV-2026-000101.pdf', 'X-1'),
  (2, 3, 3, 'INV-2026-000102', 'open', 'EUR', 8700, '2026-01-11 14:00:00', '2026-01-25', NULL, 'invoices/2026/01/INV-2026-000102.pdf', NULL),
  (3, 1, 1, 'INV-2026-000103', 'draft', 'EUR', 0, NULL, NULL, NULL, NULL, NULL);
INSERT INTO invoice_lines (id, invoice_id, description, sku, quantity, unit_amount_cents) VALUES
  (1, 1, 'Growth plan, 12 seats', 'growth-seat', 12, 9900),
  (2, 2, 'Starter plan, 3 seats', 'starter-seat', 3, 2900),
  (3, 3, 'API calls over quota', 'api-overage', 1200, 0);
INSERT INTO payments (id, invoice_id, provider, provider_ref, amount_cents, status, created_at) VALUES
  (1, 1, 'stripe', 'pi_3Nx8aB2eZvKYlo2C1', 118800, 'succeeded', '2026-01-03 11:00:00'),
  (2, 2, 'adyen', '8535296650153317', 8700, 'failed', '2026-01-12 02:00:00');
INSERT INTO usage_events (id, account_id, metric, quantity, recorded_at) VALUES
  (1, 1, 'api_calls', 1200, '2026-01-31 23:00:00'),
  (2, 1, 'storage_gb', 40, '2026-01-31 23:00:00'),
  (3, 2, 'api_calls', 15, '2026-01-31 23:00:00');
INSERT INTO coupons (code, percent_off, valid_until, max_redemptions, redeemed) VALUES
  ('LAUNCH20', 20, '2026-06-30', 500, 131),
  ('PARTNER10', 10, NULL, NULL, 12);
INSERT INTO audit_log (id, account_id, actor_email, action, details, created_at) VALUES
  (1, 1, 'ana@acme.example', 'plan.changed', '{"from":"starter","to":"growth"}', '2024-09-01 10:00:00'),
  (2, 3, 'jose@senor.example', 'card.updated', NULL, '2026-01-12 09:00:00');
