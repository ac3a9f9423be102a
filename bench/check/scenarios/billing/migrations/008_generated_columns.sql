-- 2026-05-05: generated columns
-- the support tool groups accounts by e-mail domain
ALTER TABLE accounts
  ADD COLUMN email_domain varchar(190) AS (substring_index(billing_email, '@', -1)) VIRTUAL;

-- invoice totals are summed from stored line totals
ALTER TABLE invoice_lines
  ADD COLUMN line_total_cents bigint AS (quantity * unit_amount_cents) STORED;
