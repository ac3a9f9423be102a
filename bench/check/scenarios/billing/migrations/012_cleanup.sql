-- 2026-07-01: payments learn 'authorized' (card holds); the team asks for an instant change
ALTER TABLE payments
  MODIFY status enum('pending','authorized','succeeded','failed','refunded') NOT NULL DEFAULT 'pending', ALGORITHM=INSTANT;

-- idx_legacy_ref was invisible for a release; nobody noticed
ALTER TABLE invoices DROP INDEX idx_legacy_ref, DROP COLUMN legacy_ref;

ALTER TABLE subscriptions ADD COLUMN cancel_reason varchar(255) NOT NULL;

-- the registered name, copied from the old CRM (utf8)
ALTER TABLE accounts ADD COLUMN legal_name varchar(200) CHARACTER SET utf8 DEFAULT NULL;

-- VAT numbers move to the tax provider
ALTER TABLE accounts DROP COLUMN vat_number;
