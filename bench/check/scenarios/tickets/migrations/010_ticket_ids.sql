-- 2026-07-07  TIX-1040: tickets.id is at 2.9 billion of int unsigned's 4.29: move to bigint.
ALTER TABLE tickets MODIFY id bigint(20) unsigned NOT NULL AUTO_INCREMENT;

-- Printed tickets have room for 100 characters; the longer names were cut on paper anyway.
ALTER TABLE tickets MODIFY holder_name varchar(100) DEFAULT NULL;

-- Coupons moved to the promotions service.
ALTER TABLE orders DROP COLUMN coupon_code;
