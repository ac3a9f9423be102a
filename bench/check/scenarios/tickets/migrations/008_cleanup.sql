-- 2026-05-26  TIX-990: remove what the schema audit listed as unused.
ALTER TABLE orders DROP INDEX idx_event_status;

ALTER TABLE orders DROP INDEX idx_legacy_ref;

ALTER TABLE customers DROP COLUMN fax;

ALTER TABLE tickets DROP COLUMN seat_note;
