-- 2026-04-21: indexes
-- before dropping idx_legacy_ref, hide it from the optimizer for a release
-- (US region, MySQL 8.0; the runner skips this statement on MariaDB)
ALTER TABLE invoices ALTER INDEX idx_legacy_ref INVISIBLE;

-- (EU region, MariaDB 10.11; the runner skips this statement on MySQL)
ALTER TABLE invoices ALTER INDEX idx_legacy_ref IGNORED;

-- refunds report
ALTER TABLE payments ADD COLUMN refunded_at datetime DEFAULT NULL, ADD INDEX idx_refunded_at (refunded_at);

-- retries from the payment provider's webhooks must not create a second payment
ALTER TABLE payments ADD COLUMN idempotency_key varchar(64) DEFAULT NULL UNIQUE;

-- sales looks accounts up by website
CREATE INDEX idx_website ON accounts (website);
