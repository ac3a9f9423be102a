-- 2026-05-04  TIX-968: the transfer history page and the per-channel sales report.
ALTER TABLE tickets ADD INDEX idx_transferred_from (transferred_from);

CREATE INDEX idx_channel_created ON orders (channel, created_at);

-- Naming convention: idx_<columns>.
ALTER TABLE payments RENAME INDEX idx_ref TO idx_provider_ref;
