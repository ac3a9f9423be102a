-- 2026-03-02: usage_events.id reaches 3.9e9; the shadow-table swap, as gh-ost does it
CREATE TABLE _usage_events_gho LIKE usage_events;

ALTER TABLE _usage_events_gho MODIFY id bigint unsigned NOT NULL AUTO_INCREMENT;

-- (in production the row copy is done in chunks by the tool; this is the same thing at once)
INSERT INTO _usage_events_gho (id, account_id, metric, quantity, recorded_at)
  SELECT id, account_id, metric, quantity, recorded_at FROM usage_events;

RENAME TABLE usage_events TO _usage_events_del, _usage_events_gho TO usage_events;
