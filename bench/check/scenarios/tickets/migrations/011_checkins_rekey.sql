-- 2026-08-11  TIX-1077: cluster the scans by ticket (the gate app reads all scans of a ticket)
-- and give the table the name the new scanner service uses.
ALTER TABLE checkins DROP PRIMARY KEY;

ALTER TABLE checkins ADD PRIMARY KEY (ticket_id, id);

RENAME TABLE checkins TO ticket_scans;
