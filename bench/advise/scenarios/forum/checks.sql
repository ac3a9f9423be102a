-- The forum's expectations, checked with EXPLAIN on the rows of fill.py (see ../validate.sh).
USE forum;

SELECT 'thread list, today: idx_forum(_created), then a filesort of the forum''s threads' AS `check`;
EXPLAIN SELECT id, title, author_id, reply_count, last_post_at FROM threads WHERE forum_id = 1 AND status = 'open' ORDER BY last_post_at DESC LIMIT 0, 30;
ALTER TABLE threads ADD INDEX x_forum_status_last (forum_id, status, last_post_at);
SELECT 'thread list with (forum_id, status, last_post_at): no filesort' AS `check`;
EXPLAIN SELECT id, title, author_id, reply_count, last_post_at FROM threads WHERE forum_id = 1 AND status = 'open' ORDER BY last_post_at DESC LIMIT 0, 30;
ALTER TABLE threads DROP INDEX x_forum_status_last, ADD INDEX x_forum_last (forum_id, last_post_at);
SELECT 'thread list with (forum_id, last_post_at) (the also_ok): no filesort' AS `check`;
EXPLAIN SELECT id, title, author_id, reply_count, last_post_at FROM threads WHERE forum_id = 1 AND status = 'open' ORDER BY last_post_at DESC LIMIT 0, 30;
ALTER TABLE threads DROP INDEX x_forum_last;

SELECT 'page of a megathread, today: no index gives the thread and the order together (idx_thread and a filesort, or idx_posted in order, filtering)' AS `check`;
EXPLAIN SELECT id, author_id, body, posted_at, edited_at FROM posts WHERE thread_id = 1 AND is_deleted = 0 ORDER BY posted_at LIMIT 0, 20;
ANALYZE SELECT id, author_id, body, posted_at, edited_at FROM posts WHERE thread_id = 1 AND is_deleted = 0 ORDER BY posted_at LIMIT 200, 20;
ALTER TABLE posts ADD INDEX x_thread_del_posted (thread_id, is_deleted, posted_at);
SELECT 'page of a megathread with (thread_id, is_deleted, posted_at): no filesort, the page''s rows read' AS `check`;
EXPLAIN SELECT id, author_id, body, posted_at, edited_at FROM posts WHERE thread_id = 1 AND is_deleted = 0 ORDER BY posted_at LIMIT 0, 20;
ANALYZE SELECT id, author_id, body, posted_at, edited_at FROM posts WHERE thread_id = 1 AND is_deleted = 0 ORDER BY posted_at LIMIT 200, 20;
ALTER TABLE posts DROP INDEX x_thread_del_posted;

SELECT 'member''s newest posts, today: no index gives the author and the order together' AS `check`;
EXPLAIN SELECT id, thread_id, posted_at FROM posts WHERE author_id = 1 ORDER BY posted_at DESC LIMIT 20;
EXPLAIN SELECT id, thread_id, posted_at FROM posts WHERE author_id = 900 ORDER BY posted_at DESC LIMIT 20;
ALTER TABLE posts ADD INDEX x_author_posted (author_id, posted_at);
SELECT 'member''s newest posts with (author_id, posted_at): no filesort' AS `check`;
EXPLAIN SELECT id, thread_id, posted_at FROM posts WHERE author_id = 1 ORDER BY posted_at DESC LIMIT 20;
SELECT 'member''s post count with (author_id, posted_at) and idx_author ignored: ref, Using index' AS `check`;
EXPLAIN SELECT COUNT(*) FROM posts IGNORE INDEX (idx_author) WHERE author_id = 1;
ALTER TABLE posts DROP INDEX x_author_posted;

SELECT 'archive by YEAR(), today: idx_posted cannot be searched, only walked in order from the first post' AS `check`;
EXPLAIN SELECT id, thread_id, author_id, posted_at FROM posts WHERE YEAR(posted_at) = 2019 ORDER BY posted_at LIMIT 100, 50;
ANALYZE SELECT id, thread_id, author_id, posted_at FROM posts WHERE YEAR(posted_at) = 2019 ORDER BY posted_at LIMIT 100, 50;
SELECT 'archive rewritten as a range: range on idx_posted, no new index' AS `check`;
EXPLAIN SELECT id, thread_id, author_id, posted_at FROM posts WHERE posted_at >= '2019-01-01' AND posted_at < '2020-01-01' ORDER BY posted_at LIMIT 100, 50;
ANALYZE SELECT id, thread_id, author_id, posted_at FROM posts WHERE posted_at >= '2019-01-01' AND posted_at < '2020-01-01' ORDER BY posted_at LIMIT 100, 50;

SELECT 'moderator IP lookup, today: ALL' AS `check`;
EXPLAIN SELECT id, thread_id, author_id, posted_at FROM posts WHERE ip = '203.0.7.9';
ALTER TABLE posts ADD INDEX x_ip (ip);
SELECT 'moderator IP lookup with (ip): ref' AS `check`;
EXPLAIN SELECT id, thread_id, author_id, posted_at FROM posts WHERE ip = '203.0.7.9';
ALTER TABLE posts DROP INDEX x_ip;

SELECT 'region leaderboard and karma search, today: idx_region, a filesort / a filter' AS `check`;
EXPLAIN SELECT id, username, karma FROM members WHERE region_id = 1 ORDER BY karma DESC LIMIT 10;
EXPLAIN SELECT id, username FROM members WHERE region_id = 1 AND karma >= 1000;
ALTER TABLE members ADD INDEX x_region_karma (region_id, karma);
SELECT 'both with one index (region_id, karma): no filesort; a range' AS `check`;
EXPLAIN SELECT id, username, karma FROM members WHERE region_id = 1 ORDER BY karma DESC LIMIT 10;
EXPLAIN SELECT id, username FROM members WHERE region_id = 1 AND karma >= 1000;
ALTER TABLE members DROP INDEX x_region_karma;

SELECT 'sign-ups of a day by DATE(joined_at): ALL; rewritten, with (joined_at): range, Using index' AS `check`;
EXPLAIN SELECT COUNT(*) FROM members WHERE DATE(joined_at) = '2026-11-28';
ALTER TABLE members ADD INDEX x_joined (joined_at);
EXPLAIN SELECT COUNT(*) FROM members WHERE joined_at >= '2026-11-28' AND joined_at < '2026-11-28' + INTERVAL 1 DAY;
ALTER TABLE members DROP INDEX x_joined;

SELECT 'invite code as a number: ALL; quoted: ref on idx_invite' AS `check`;
EXPLAIN SELECT id, username FROM members WHERE invite_code = 12345678;
EXPLAIN SELECT id, username FROM members WHERE invite_code = '12345678';

SELECT 'thread subscribers, today: the primary key (member_id, thread_id) cannot be searched by thread_id' AS `check`;
EXPLAIN SELECT member_id FROM thread_subscriptions WHERE thread_id = 77;
ALTER TABLE thread_subscriptions ADD INDEX x_thread (thread_id);
SELECT 'thread subscribers with (thread_id): ref, Using index (member_id is in every entry)' AS `check`;
EXPLAIN SELECT member_id FROM thread_subscriptions WHERE thread_id = 77;
ALTER TABLE thread_subscriptions DROP INDEX x_thread;

SELECT 'cheap and served: hidden threads of a member (idx_author), vote sums (uk_post_member), downvotes (idx_member), regions (12 rows), new-posts feed' AS `check`;
EXPLAIN SELECT id, title FROM threads WHERE author_id = 30000 AND status = 'hidden';
EXPLAIN SELECT post_id, SUM(value) FROM post_votes WHERE post_id IN (399990, 399991, 399992, 399993, 399994) GROUP BY post_id;
EXPLAIN SELECT COUNT(*) FROM post_votes WHERE member_id = 4000 AND value < 0;
EXPLAIN SELECT id, name FROM regions WHERE code = 'EA';
EXPLAIN SELECT p.id, p.thread_id, t.title, p.posted_at FROM posts p JOIN threads t ON t.id = p.thread_id WHERE p.posted_at >= '2026-12-01 09:30:00' ORDER BY p.posted_at DESC LIMIT 50;

SELECT 'migration batch (legacy_members read first, by primary key): eq_ref on members.uk_username' AS `check`;
EXPLAIN SELECT l.old_user_id, l.old_username, m.id, m.karma FROM legacy_members l JOIN members m ON m.username = l.old_username WHERE l.old_user_id BETWEEN 1000 AND 1499;
SELECT 'veterans of a region (members has the filter): idx_old_username cannot be searched, so MariaDB reads all of legacy_members and probes members.uk_username instead' AS `check`;
EXPLAIN SELECT m.id, m.username, l.old_user_id, l.signature FROM members m JOIN legacy_members l ON l.old_username = m.username WHERE m.region_id = 2 AND m.joined_at < '2020-01-01';
ANALYZE SELECT m.id, m.username, l.old_user_id, l.signature FROM members m JOIN legacy_members l ON l.old_username = m.username WHERE m.region_id = 2 AND m.joined_at < '2020-01-01';
ALTER TABLE members ADD INDEX x_region_joined (region_id, joined_at, username);
SELECT 'veterans with an index on members (region_id, joined_at, username): legacy_members still not searched' AS `check`;
EXPLAIN SELECT m.id, m.username, l.old_user_id, l.signature FROM members m JOIN legacy_members l ON l.old_username = m.username WHERE m.region_id = 2 AND m.joined_at < '2020-01-01';
ALTER TABLE members DROP INDEX x_region_joined;
ALTER TABLE legacy_members MODIFY old_username varchar(40) CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci NOT NULL;
SELECT 'veterans after converting old_username to utf8mb4: ref on idx_old_username' AS `check`;
EXPLAIN SELECT m.id, m.username, l.old_user_id, l.signature FROM members m JOIN legacy_members l ON l.old_username = m.username WHERE m.region_id = 2 AND m.joined_at < '2020-01-01';
ANALYZE SELECT m.id, m.username, l.old_user_id, l.signature FROM members m JOIN legacy_members l ON l.old_username = m.username WHERE m.region_id = 2 AND m.joined_at < '2020-01-01';
