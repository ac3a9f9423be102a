-- 2026-02-03  TIX-812: GDPR marketing consent and the customer's preferred language.
ALTER TABLE customers
  ADD COLUMN marketing_opt_in tinyint(1) NOT NULL DEFAULT 0;

ALTER TABLE customers ADD COLUMN locale varchar(10) DEFAULT NULL;
