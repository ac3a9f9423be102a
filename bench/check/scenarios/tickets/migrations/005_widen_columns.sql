-- 2026-04-06  TIX-933: longer festival titles, international phone numbers, double-barrelled names.
ALTER TABLE events MODIFY title varchar(200) NOT NULL;

ALTER TABLE customers MODIFY phone varchar(32) DEFAULT NULL;

ALTER TABLE customers MODIFY last_name varchar(80) NOT NULL;
