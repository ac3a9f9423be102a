-- 2026-06-16: names
RENAME TABLE audit_log TO account_events;

-- PDFs moved to object storage
ALTER TABLE invoices RENAME COLUMN pdf_path TO pdf_object_key;
