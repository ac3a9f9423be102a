-- 2026-03-02  TIX-877: customers can transfer a ticket to a friend.
ALTER TABLE tickets
  ADD COLUMN transferred_at datetime DEFAULT NULL,
  ADD COLUMN transferred_from int(10) unsigned DEFAULT NULL;
