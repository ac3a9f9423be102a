-- meterly: the statements the application runs (one of each, with typical values).
-- web app: sign-in and account pages
SELECT id, account_id, email, full_name, job_title, role FROM users WHERE email = 'ana@acme.example';
UPDATE users SET last_seen_at = NOW() WHERE id = 41;
SELECT id, email, full_name, job_title, role, last_seen_at FROM users WHERE account_id = 7 ORDER BY full_name;
INSERT INTO users (account_id, email, full_name, job_title, role, created_at) VALUES (7, 'new@acme.example', 'New Person', 'Engineer', 'member', NOW());
SELECT id, name, status, features, country FROM accounts WHERE slug = 'acme';
SELECT id, name, slug, status, billing_email, country FROM accounts WHERE id = 7;
UPDATE accounts SET billing_email = 'ap@acme.example' WHERE id = 7;
INSERT INTO accounts (name, slug, status, billing_email, country, created_at) VALUES ('Blue Fjord AS', 'blue-fjord', 'trial', 'ap@bluefjord.example', 'NO', NOW());
SELECT COUNT(*) FROM accounts WHERE status = 'past_due';
-- plans and checkout
SELECT id, code, name, price_cents, billing_interval FROM plans WHERE active = 1 ORDER BY price_cents;
SELECT id, name, price_cents, billing_interval FROM plans WHERE code = 'growth';
SELECT percent_off, valid_until, max_redemptions, redeemed FROM coupons WHERE code = 'LAUNCH20';
UPDATE coupons SET redeemed = redeemed + 1 WHERE code = 'LAUNCH20' AND (max_redemptions IS NULL OR redeemed < max_redemptions);
INSERT INTO subscriptions (account_id, plan_id, status, quantity, started_at, current_period_end) VALUES (7, 2, 'active', 12, NOW(), NOW() + INTERVAL 1 MONTH);
SELECT s.id, s.status, s.quantity, s.current_period_end, p.code, p.name FROM subscriptions s JOIN plans p ON p.id = s.plan_id WHERE s.account_id = 7;
UPDATE subscriptions SET status = 'canceled', canceled_at = NOW() WHERE id = 5120 AND account_id = 7;
-- renewal job (every 5 minutes)
SELECT id, account_id, plan_id, quantity FROM subscriptions WHERE status = 'active' AND current_period_end < '2026-03-14 19:00:00' ORDER BY current_period_end LIMIT 200;
UPDATE subscriptions SET current_period_end = current_period_end + INTERVAL 1 MONTH WHERE id = 5120;
-- invoicing
INSERT INTO invoices (account_id, subscription_id, number, status, currency, total_cents, issued_at, due_at) VALUES (7, 5120, 'INV-2026-004711', 'open', 'EUR', 118800, NOW(), CURDATE() + INTERVAL 14 DAY);
INSERT INTO invoice_lines (invoice_id, description, sku, quantity, unit_amount_cents) VALUES (90211, 'Growth plan, 12 seats', 'growth-seat', 12, 9900);
SELECT id, number, status, currency, total_cents, issued_at, due_at, paid_at FROM invoices WHERE account_id = 7 ORDER BY issued_at DESC LIMIT 24;
SELECT i.number, i.issued_at, i.total_cents, i.currency, a.name, a.country, a.vat_number, a.billing_email FROM invoices i JOIN accounts a ON a.id = i.account_id WHERE i.id = 90211;
SELECT description, sku, quantity, unit_amount_cents FROM invoice_lines WHERE invoice_id = 90211 ORDER BY id;
UPDATE invoices SET status = 'paid', paid_at = NOW() WHERE id = 90211;
-- dunning job
SELECT id, account_id, number, total_cents, due_at FROM invoices WHERE status = 'open' AND due_at < '2026-03-14' ORDER BY due_at LIMIT 100;
-- payments (provider webhooks)
INSERT INTO payments (invoice_id, provider, provider_ref, amount_cents, status, created_at) VALUES (90211, 'stripe', 'pi_3Nx8aB2eZvKYlo2C', 118800, 'succeeded', NOW());
SELECT id, invoice_id, status FROM payments WHERE provider = 'stripe' AND provider_ref = 'pi_3Nx8aB2eZvKYlo2C';
SELECT id, provider, amount_cents, status, created_at FROM payments WHERE invoice_id = 90211 ORDER BY created_at;
-- metering API
INSERT INTO usage_events (account_id, metric, quantity, recorded_at) VALUES (7, 'api_calls', 120, NOW());
SELECT metric, SUM(quantity) AS total FROM usage_events WHERE account_id = 7 AND metric = 'api_calls' AND recorded_at >= '2026-03-01' AND recorded_at < '2026-04-01' GROUP BY metric;
-- audit trail
INSERT INTO audit_log (account_id, actor_email, action, details, created_at) VALUES (7, 'ana@acme.example', 'plan.changed', '{"from":"starter","to":"growth"}', NOW());
SELECT actor_email, action, details, created_at FROM audit_log WHERE account_id = 7 ORDER BY created_at DESC LIMIT 50;
