-- The saas scenario's expectations, checked with EXPLAIN on the rows of fill.py (see ../validate.sh).
USE app;

SELECT 'event explorer, today: range on idx_project_occurred read backwards, each row fetched for its name until 100 match' AS `check`;
EXPLAIN SELECT id, name, user_ref, props, occurred_at FROM events WHERE project_id = 1 AND name = 'signup' AND occurred_at >= '2026-11-24 10:00:00' ORDER BY occurred_at DESC LIMIT 100;
ANALYZE SELECT id, name, user_ref, props, occurred_at FROM events WHERE project_id = 1 AND name = 'signup' AND occurred_at >= '2026-11-24 10:00:00' ORDER BY occurred_at DESC LIMIT 100;
ALTER TABLE events ADD INDEX x_project_name_occurred (project_id, name, occurred_at);
SELECT 'event explorer with (project_id, name, occurred_at): range, no filesort, only the matching rows read' AS `check`;
EXPLAIN SELECT id, name, user_ref, props, occurred_at FROM events WHERE project_id = 1 AND name = 'signup' AND occurred_at >= '2026-11-24 10:00:00' ORDER BY occurred_at DESC LIMIT 100;
ANALYZE SELECT id, name, user_ref, props, occurred_at FROM events WHERE project_id = 1 AND name = 'signup' AND occurred_at >= '2026-11-24 10:00:00' ORDER BY occurred_at DESC LIMIT 100;
ALTER TABLE events DROP INDEX x_project_name_occurred;

SELECT 'daily chart: range on idx_project_occurred, Using index (no index would do better)' AS `check`;
EXPLAIN SELECT DATE(occurred_at) AS day, COUNT(*) FROM events WHERE project_id = 1 AND occurred_at >= '2026-11-17' GROUP BY day;
SELECT 'end-user timeline (the rare read): range on idx_project_occurred, one project-day of events' AS `check`;
EXPLAIN SELECT id, name, occurred_at FROM events WHERE project_id = 7 AND user_ref = '0123456789abcdef0123456789abcdef' AND occurred_at >= '2026-11-30 10:00:00' ORDER BY occurred_at;
SELECT 'retention: range on idx_project_occurred' AS `check`;
EXPLAIN DELETE FROM events WHERE project_id = 7 AND occurred_at < '2026-11-05 00:00:00' LIMIT 5000;

SELECT 'delivery poll, today: ALL and a filesort' AS `check`;
EXPLAIN SELECT id, webhook_id, event_id, attempts, payload FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= '2026-12-01 10:05:00' ORDER BY next_attempt_at LIMIT 100;
ALTER TABLE webhook_deliveries ADD INDEX x_status_next (status, next_attempt_at);
SELECT 'delivery poll with (status, next_attempt_at): range, no filesort' AS `check`;
EXPLAIN SELECT id, webhook_id, event_id, attempts, payload FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= '2026-12-01 10:05:00' ORDER BY next_attempt_at LIMIT 100;
ALTER TABLE webhook_deliveries DROP INDEX x_status_next;

SELECT 'audit day picker with DATE(): idx_org_created by org only; rewritten: range on idx_org_created' AS `check`;
EXPLAIN SELECT id, actor_id, action, target, created_at FROM audit_log WHERE org_id = 1 AND DATE(created_at) = '2026-11-27' ORDER BY created_at DESC LIMIT 100;
EXPLAIN SELECT id, actor_id, action, target, created_at FROM audit_log WHERE org_id = 1 AND created_at >= '2026-11-27' AND created_at < '2026-11-27' + INTERVAL 1 DAY ORDER BY created_at DESC LIMIT 100;
SELECT 'audit feed: idx_org_created, no filesort; address lookup: ALL' AS `check`;
EXPLAIN SELECT id, actor_id, action, target, ip_address, created_at FROM audit_log WHERE org_id = 1 ORDER BY created_at DESC LIMIT 50;
EXPLAIN SELECT id, org_id, actor_id, action, created_at FROM audit_log WHERE ip_address = '10.1.2.3';

SELECT 'SSO subject as a number: ALL; quoted: ref on idx_external_id' AS `check`;
EXPLAIN SELECT id, org_id, role FROM users WHERE external_id = 100000123;
EXPLAIN SELECT id, org_id, role FROM users WHERE external_id = '100000123';

SELECT 'tiny and served: feature flags (60 rows), organization admins (idx_org), webhook search (idx_org)' AS `check`;
EXPLAIN SELECT flag_key, enabled, rollout_pct FROM feature_flags WHERE org_id IN (0, 17);
EXPLAIN SELECT id, email, name FROM users WHERE org_id = 1 AND role = 'admin';
EXPLAIN SELECT id, url FROM webhooks WHERE org_id = 17 AND url LIKE 'https://hooks.example.com/1%';

SELECT 'invitation link (invitations read first, by uk_token; LEFT JOIN): eq_ref on users.uk_email' AS `check`;
EXPLAIN SELECT i.id, i.org_id, i.email, u.id AS user_id FROM invitations i LEFT JOIN users u ON u.email = i.email WHERE i.token = '00000000000000000000000000000abd';
SELECT 'invitations of an organization (users has the filter): idx_email cannot be searched, so MariaDB reads all invitations and probes users.uk_email instead' AS `check`;
EXPLAIN SELECT u.id, u.email, i.invited_by, i.created_at FROM users u JOIN invitations i ON i.email = u.email WHERE u.org_id = 1;
ANALYZE SELECT u.id, u.email, i.invited_by, i.created_at FROM users u JOIN invitations i ON i.email = u.email WHERE u.org_id = 1;
ALTER TABLE invitations CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
SELECT 'invitations of an organization after converting invitations to utf8mb4: ref on idx_email' AS `check`;
EXPLAIN SELECT u.id, u.email, i.invited_by, i.created_at FROM users u JOIN invitations i ON i.email = u.email WHERE u.org_id = 1;
ANALYZE SELECT u.id, u.email, i.invited_by, i.created_at FROM users u JOIN invitations i ON i.email = u.email WHERE u.org_id = 1;
