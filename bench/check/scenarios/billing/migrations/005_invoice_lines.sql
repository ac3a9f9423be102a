-- 2026-03-24: gh-ost does not migrate tables with foreign keys; the app checks the parent
ALTER TABLE invoice_lines DROP FOREIGN KEY fk_lines_invoice;

-- house style: the tenant key is the first column
ALTER TABLE invoice_lines ADD COLUMN account_id int unsigned DEFAULT NULL FIRST;
