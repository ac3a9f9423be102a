-- 2026-04-20  TIX-951: monthly payouts to resale partners.
-- Same charset as partner_accounts so the two join on `code` without conversion.
CREATE TABLE partner_payouts (
  id int(10) unsigned NOT NULL AUTO_INCREMENT,
  partner_code varchar(16) NOT NULL,
  period char(7) NOT NULL,
  amount_cents int(10) unsigned NOT NULL,
  reference varchar(64) DEFAULT NULL,
  paid_at datetime DEFAULT NULL,
  PRIMARY KEY (id),
  UNIQUE KEY uk_partner_period (partner_code, period)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb3 COLLATE=utf8mb3_general_ci;
