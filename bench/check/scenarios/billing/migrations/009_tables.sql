-- 2026-05-19: tables
-- invoice numbers of the new ledger start at 5 000 000
ALTER TABLE invoices AUTO_INCREMENT = 5000000;

ALTER TABLE plans COMMENT = 'price catalogue; amounts in cents';

-- the renewal job "has its own index now" (it has not)
ALTER TABLE subscriptions DROP INDEX idx_status_period;

-- the old copy left by the swap in 003
DROP TABLE _usage_events_del;

-- coupons moved to the payment provider
DROP TABLE coupons;
