-- 2026-06-15  TIX-1012: find the short links that point to a page (for the campaign dashboard).
ALTER TABLE short_links ADD INDEX idx_target_url (target_url);

-- TIX-1015: partner names with emoji fail to save.
ALTER TABLE partner_accounts CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
