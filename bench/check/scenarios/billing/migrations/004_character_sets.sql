-- 2026-03-10: character sets
-- the legacy audit log gets emoji-safe
ALTER TABLE audit_log CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- the ERP export reads the plan catalogue through a latin1 connection
ALTER TABLE plans CONVERT TO CHARACTER SET latin1 COLLATE latin1_swedish_ci;

-- slugs are URL parts: ASCII, compared byte for byte
ALTER TABLE accounts MODIFY slug varchar(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL;

-- SSO matches e-mail addresses exactly
ALTER TABLE users MODIFY email varchar(190) COLLATE utf8mb4_bin NOT NULL;
