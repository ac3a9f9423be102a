-- 2026-02-17  TIX-840: record where an order came from (web, app, box office, partner).
-- Every order path sets it from now on.
ALTER TABLE orders ADD COLUMN channel varchar(16) NOT NULL;

-- Orders created before multi-currency were all in euros.
ALTER TABLE orders ALTER COLUMN currency SET DEFAULT 'EUR';
