-- 2026-03-16  TIX-901: the scanner table never had a primary key (Galera refuses it).
-- The scanner devices generate the UUID in `id`; it is already unique.
ALTER TABLE checkins ADD PRIMARY KEY (id);

-- The plain index on id is now redundant with the primary key.
ALTER TABLE checkins DROP INDEX idx_id;
