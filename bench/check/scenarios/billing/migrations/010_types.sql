-- 2026-06-02: types
ALTER TABLE payments MODIFY amount_cents bigint NOT NULL;

-- quantity is required from now on
UPDATE subscriptions SET quantity = 1 WHERE quantity IS NULL;
ALTER TABLE subscriptions MODIFY quantity int unsigned NOT NULL DEFAULT 1, ALGORITHM=INPLACE, LOCK=NONE;

-- the admin UI lists columns in table order
ALTER TABLE accounts MODIFY country char(2) NOT NULL AFTER name;

-- no plan costs more than 167 772 dollars
ALTER TABLE plans MODIFY price_cents mediumint unsigned NOT NULL;
