-- The ledger's expectations, checked with EXPLAIN on the rows of fill.py (see ../validate.sh).
USE ledger;

SELECT 'account balance, today: ref on idx_account, each line read from the table for amount' AS `check`;
EXPLAIN SELECT SUM(amount) FROM journal_lines WHERE tenant_id = 1 AND account_id = 1;
ALTER TABLE journal_lines ADD INDEX x_account_tenant_amount (account_id, tenant_id, amount);
SELECT 'account balance with (account_id, tenant_id, amount): Using index' AS `check`;
EXPLAIN SELECT SUM(amount) FROM journal_lines WHERE tenant_id = 1 AND account_id = 1;
ALTER TABLE journal_lines DROP INDEX x_account_tenant_amount, ADD INDEX x_account_amount (account_id, amount);
SELECT 'account balance with (account_id, amount): not covering, the rows are still read for tenant_id (so not an alternative)' AS `check`;
EXPLAIN SELECT SUM(amount) FROM journal_lines IGNORE INDEX (idx_account) WHERE tenant_id = 1 AND account_id = 1;
ALTER TABLE journal_lines DROP INDEX x_account_amount;

SELECT 'trial balance, today: entries by idx_tenant_date, lines by idx_entry (and the rows)' AS `check`;
EXPLAIN SELECT l.account_id, SUM(l.amount) AS total FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id WHERE e.tenant_id = 1 AND e.status = 'posted' AND e.entry_date BETWEEN '2026-10-01' AND LAST_DAY('2026-10-01') GROUP BY l.account_id;
ALTER TABLE journal_lines ADD INDEX x_entry_account_amount (entry_id, account_id, amount);
ALTER TABLE journal_entries ADD INDEX x_tenant_status_date (tenant_id, status, entry_date);
SELECT 'trial balance with (entry_id, account_id, amount) and (tenant_id, status, entry_date): both Using index' AS `check`;
EXPLAIN SELECT l.account_id, SUM(l.amount) AS total FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id WHERE e.tenant_id = 1 AND e.status = 'posted' AND e.entry_date BETWEEN '2026-10-01' AND LAST_DAY('2026-10-01') GROUP BY l.account_id;
SELECT 'drafts badge with (tenant_id, status, entry_date): ref, Using index' AS `check`;
EXPLAIN SELECT COUNT(*) FROM journal_entries WHERE tenant_id = 1 AND status = 'draft';
ALTER TABLE journal_lines DROP INDEX x_entry_account_amount;
ALTER TABLE journal_entries DROP INDEX x_tenant_status_date;
SELECT 'drafts badge, today: idx_status or idx_tenant_date, rows read' AS `check`;
EXPLAIN SELECT COUNT(*) FROM journal_entries WHERE tenant_id = 1 AND status = 'draft';
ANALYZE SELECT COUNT(*) FROM journal_entries WHERE tenant_id = 1 AND status = 'draft';

SELECT 'journal list: range on idx_tenant_date, no filesort (id is in the index)' AS `check`;
EXPLAIN SELECT id, entry_no, entry_date, description, status FROM journal_entries WHERE tenant_id = 1 AND entry_date BETWEEN '2026-11-10' AND '2026-11-30' ORDER BY entry_date DESC, id DESC LIMIT 50;

SELECT 'period close with YEAR()/MONTH(): ref on the tenant only' AS `check`;
EXPLAIN SELECT status, COUNT(*) FROM journal_entries WHERE tenant_id = 1 AND YEAR(entry_date) = 2026 AND MONTH(entry_date) = 10 GROUP BY status;
SELECT 'period close rewritten as a range: range on idx_tenant_date, no new index' AS `check`;
EXPLAIN SELECT status, COUNT(*) FROM journal_entries WHERE tenant_id = 1 AND entry_date >= '2026-10-01' AND entry_date < '2026-10-01' + INTERVAL 1 MONTH GROUP BY status;

SELECT 'entry by number as a number: uk_tenant_entry_no by tenant only; quoted: const' AS `check`;
EXPLAIN SELECT id, status, entry_date FROM journal_entries WHERE tenant_id = 1 AND entry_no = 2026000123;
EXPLAIN SELECT id, status, entry_date FROM journal_entries WHERE tenant_id = 1 AND entry_no = '2026000123';

SELECT 'served and tiny: chart of accounts (uk_tenant_code, no filesort), tenants by domain (300 rows), fx rate (primary key), audit feed (idx_tenant_created)' AS `check`;
EXPLAIN SELECT id, code, name, type FROM accounts WHERE tenant_id = 1 AND is_active = 1 ORDER BY code;
EXPLAIN SELECT id, slug, plan, status FROM tenants WHERE custom_domain = 'books.client7.example';
EXPLAIN SELECT rate FROM fx_rates WHERE base = 'EUR' AND quote = 'USD' AND rate_date <= '2026-11-20' ORDER BY rate_date DESC LIMIT 1;
EXPLAIN SELECT id, actor_id, action, object_type, object_id, created_at FROM audit_events WHERE tenant_id = 7 ORDER BY created_at DESC LIMIT 50;

SELECT 'CRM sync (contacts read first, by idx_updated): ref on accounts.idx_external_ref' AS `check`;
EXPLAIN SELECT c.crm_ref, c.company, c.vat_number, a.id, a.tenant_id FROM crm.contacts c JOIN accounts a ON a.external_ref = c.crm_ref WHERE c.updated_at >= '2026-12-01 09:50:00';
SELECT 'revenue per customer (accounts has the filter): uk_crm_ref cannot be searched, so MariaDB reads all contacts and probes accounts.idx_external_ref instead' AS `check`;
EXPLAIN SELECT a.id, a.code, a.name, c.company, c.vat_number FROM accounts a JOIN crm.contacts c ON c.crm_ref = a.external_ref WHERE a.tenant_id = 3 AND a.type = 'income';
ANALYZE SELECT a.id, a.code, a.name, c.company, c.vat_number FROM accounts a JOIN crm.contacts c ON c.crm_ref = a.external_ref WHERE a.tenant_id = 3 AND a.type = 'income';
ALTER TABLE accounts ADD INDEX x_tenant_type (tenant_id, type, external_ref, code, name);
SELECT 'revenue per customer with an index on accounts (tenant_id, type, external_ref, code, name): contacts still scanned' AS `check`;
EXPLAIN SELECT a.id, a.code, a.name, c.company, c.vat_number FROM accounts a JOIN crm.contacts c ON c.crm_ref = a.external_ref WHERE a.tenant_id = 3 AND a.type = 'income';
ALTER TABLE accounts DROP INDEX x_tenant_type;
ALTER TABLE crm.contacts CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
SELECT 'revenue per customer after converting crm.contacts to utf8mb4: eq_ref on uk_crm_ref' AS `check`;
EXPLAIN SELECT a.id, a.code, a.name, c.company, c.vat_number FROM accounts a JOIN crm.contacts c ON c.crm_ref = a.external_ref WHERE a.tenant_id = 3 AND a.type = 'income';
ANALYZE SELECT a.id, a.code, a.name, c.company, c.vat_number FROM accounts a JOIN crm.contacts c ON c.crm_ref = a.external_ref WHERE a.tenant_id = 3 AND a.type = 'income';
