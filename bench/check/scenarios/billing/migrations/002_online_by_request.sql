-- 2026-02-17: the team's rule is "every ALTER on a big table says ALGORITHM and LOCK"
-- dunning job: open invoices by due date
ALTER TABLE invoices ADD INDEX idx_status_due (status, due_at), ALGORITHM=INPLACE, LOCK=NONE;

-- enterprise contracts overflow int cents
ALTER TABLE invoices MODIFY total_cents bigint NOT NULL, ALGORITHM=INPLACE, LOCK=NONE;

ALTER TABLE users ADD COLUMN mfa_enabled tinyint(1) NOT NULL DEFAULT 0, ALGORITHM=INSTANT;
