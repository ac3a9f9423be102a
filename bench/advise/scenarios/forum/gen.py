#!/usr/bin/env python3
"""Writes slow.log for the forum scenario: 15 minutes of a discussion forum's MariaDB, every
statement logged (long_query_time = 0). See README.md for the workload and what a DBA makes of it.

    python3 gen.py            # rewrites slow.log next to this file (same bytes every time)
"""

import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the scenarios
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from slowlog import Event, QueryClass, lognormal, scaled, sql_str, write, zipf_pick  # noqa: E402

SEED = 20261202

MEMBERS = 250_000
THREADS = 800_000
POSTS = 12_000_000
FORUMS = 40
REGIONS = 12
SUBSCRIPTIONS = 600_000
LEGACY = 90_000

NAMES = ["wolf", "blue", "fox", "pixel", "river", "nova", "atlas", "echo", "mint", "orbit",
         "quartz", "raven", "sage", "tango", "umbra", "vega", "willow", "zephyr"]
REGION_CODES = ["NO", "SO", "EA", "WE", "CE", "NE", "NW", "SE", "SW", "IS", "CO", "MO"]


def forum_threads(f):
    # Forum sizes: the general forums hold most threads.
    return int(THREADS * 0.22 / f ** 0.9)


def thread_posts(t):
    # Most threads have a dozen posts; the oldest megathreads thousands.
    if t <= 150:
        return int(24000 / t ** 0.8)
    return 3 + t % 25


def author_posts(a):
    if a <= 300:
        return int(50000 / a ** 0.85)
    return 4 + a % 40


def region_members(r):
    return int(MEMBERS * 0.3 / r ** 0.7)


def username(rng):
    return "%s_%s%d" % (rng.choice(NAMES), rng.choice(NAMES), rng.randrange(1000))


# --- threads ----------------------------------------------------------------------------------

def thread_list(rng):
    # A forum's page of open threads, most recently active first. idx_forum_created finds the
    # forum's threads; every one is read and sorted by last_post_at.
    f = zipf_pick(rng, FORUMS, 0.9)
    n = forum_threads(f)
    page = 0 if rng.random() < 0.85 else rng.randrange(1, 6)
    sql = ("SELECT id, title, author_id, reply_count, last_post_at FROM threads "
           "WHERE forum_id = %d AND status = 'open' ORDER BY last_post_at DESC LIMIT %d, 30"
           % (f, page * 30))
    return Event(sql, scaled(rng, 0.0000026, n, 0.0004), 30, n + 30 * (page + 1))


def thread_by_id(rng):
    sql = ("SELECT id, forum_id, author_id, title, status, reply_count, created_at FROM threads "
           "WHERE id = %d" % zipf_pick(rng, THREADS, 0.8))
    return Event(sql, lognormal(rng, 0.00011), 1, 1)


def bump_thread(rng):
    sql = ("UPDATE threads SET reply_count = reply_count + 1, last_post_at = NOW() WHERE id = %d"
           % zipf_pick(rng, THREADS, 0.8))
    return Event(sql, lognormal(rng, 0.00045), 0, 1, 1)


def view_count(rng):
    sql = "UPDATE threads SET view_count = view_count + 1 WHERE id = %d" % zipf_pick(rng, THREADS, 0.8)
    return Event(sql, lognormal(rng, 0.00021), 0, 1, 1)


def hidden_threads(rng):
    # A moderator's "hidden threads of this member": 5 calls, a member's few threads.
    a = rng.randrange(1000, MEMBERS)
    sql = "SELECT id, title FROM threads WHERE author_id = %d AND status = 'hidden'" % a
    return Event(sql, lognormal(rng, 0.0007, 0.15), 0, 3 + a % 9)


# --- posts ------------------------------------------------------------------------------------

def posts_of_thread(rng):
    # A page of a thread. idx_thread finds the thread's posts, then all are sorted by posted_at.
    t = zipf_pick(rng, THREADS, 1.15)
    n = thread_posts(t)
    pages = max(1, n // 20)
    page = 0 if rng.random() < 0.6 else rng.randrange(pages)
    sql = ("SELECT id, author_id, body, posted_at, edited_at FROM posts "
           "WHERE thread_id = %d AND is_deleted = 0 ORDER BY posted_at LIMIT %d, 20" % (t, page * 20))
    return Event(sql, scaled(rng, 0.000014, n, 0.0003), min(20, n), n)


def archive_year(rng):
    # The "archive by year" pages, crawled by a search engine bot. YEAR() hides posted_at: the
    # 12 million posts are read (idx_posted exists and would serve the year as a range).
    # MariaDB reads idx_posted in order, fetching every row, until it has passed the page: all
    # the posts of the years before.
    y = rng.randrange(2013, 2026)
    page = rng.randrange(0, 8)
    sql = ("SELECT id, thread_id, author_id, posted_at FROM posts WHERE YEAR(posted_at) = %d "
           "ORDER BY posted_at LIMIT %d, 50" % (y, page * 50))
    n = int(POSTS * (y - 2013 + 0.5) / 13.5)
    return Event(sql, scaled(rng, 0.00000060, n, 0.01), 50, n)


def member_posts(rng):
    # A member's profile: their 20 newest posts. idx_author, then a sort of all their posts.
    a = zipf_pick(rng, MEMBERS, 1.05)
    n = author_posts(a)
    sql = ("SELECT id, thread_id, posted_at FROM posts WHERE author_id = %d "
           "ORDER BY posted_at DESC LIMIT 20" % a)
    return Event(sql, scaled(rng, 0.000016, n, 0.0003), min(20, n), n)


def member_post_count(rng):
    a = zipf_pick(rng, MEMBERS, 1.05)
    n = author_posts(a)
    sql = "SELECT COUNT(*) FROM posts WHERE author_id = %d" % a
    return Event(sql, scaled(rng, 0.0000004, n, 0.0001), 1, n)


def new_posts_feed(rng):
    sql = ("SELECT p.id, p.thread_id, t.title, p.posted_at FROM posts p "
           "JOIN threads t ON t.id = p.thread_id WHERE p.posted_at >= '2026-12-01 09:%02d:00' "
           "ORDER BY p.posted_at DESC LIMIT 50" % rng.randrange(60))
    return Event(sql, lognormal(rng, 0.0012), 50, 100)


def new_post(rng):
    sql = ("INSERT INTO posts (thread_id, author_id, body, posted_at, ip) VALUES "
           "(%d, %d, %s, NOW(), %s)"
           % (zipf_pick(rng, THREADS, 0.8), zipf_pick(rng, MEMBERS, 1.05),
              sql_str("Agreed, %s. " % rng.choice(NAMES) * rng.randrange(1, 4)),
              sql_str("203.0.%d.%d" % (rng.randrange(256), rng.randrange(256)))))
    return Event(sql, lognormal(rng, 0.0009), 0, 0, 1)


def ip_lookup(rng):
    # Moderators trace a spammer's address. No index on ip: all 12 million posts are read.
    sql = ("SELECT id, thread_id, author_id, posted_at FROM posts WHERE ip = %s"
           % sql_str("198.51.100.%d" % rng.randrange(256)))
    return Event(sql, scaled(rng, 0.00000038, POSTS, 0.01), rng.randrange(3, 80), POSTS)


# --- members and regions ----------------------------------------------------------------------

def region_by_code(rng):
    # Every profile page turns the region code into its name: a 12-row table.
    sql = "SELECT id, name FROM regions WHERE code = %s" % sql_str(rng.choice(REGION_CODES))
    return Event(sql, lognormal(rng, 0.00011, 0.25), 1, REGIONS)


def region_leaderboard(rng):
    # Top 10 of a region by karma: idx_region reads the region's members, then a sort.
    r = zipf_pick(rng, REGIONS, 0.7)
    n = region_members(r)
    sql = ("SELECT id, username, karma FROM members WHERE region_id = %d "
           "ORDER BY karma DESC LIMIT 10" % r)
    return Event(sql, scaled(rng, 0.0000030, n, 0.0004), 10, n)


def region_karma_search(rng):
    # "Trusted members near you": the region's members above a karma threshold.
    r = zipf_pick(rng, REGIONS, 0.7)
    n = region_members(r)
    sql = ("SELECT id, username FROM members WHERE region_id = %d AND karma >= %d"
           % (r, rng.choice([500, 1000, 2000])))
    return Event(sql, scaled(rng, 0.0000019, n, 0.0003), rng.randrange(10, 200), n)


def login(rng):
    sql = ("SELECT id, username, password_hash FROM members WHERE email = %s"
           % sql_str("%s@example.net" % username(rng)))
    return Event(sql, lognormal(rng, 0.00013), 1, 1)


def touch_member(rng):
    sql = "UPDATE members SET last_active_at = NOW() WHERE id = %d" % zipf_pick(rng, MEMBERS, 1.05)
    return Event(sql, lognormal(rng, 0.00028), 0, 1, 1)


def invite_code(rng):
    # The sign-up form passes the invite code through as a number; invite_code is varchar(12):
    # every member's code is converted, idx_invite is not searched.
    sql = "SELECT id, username FROM members WHERE invite_code = %d" % rng.randrange(10 ** 7, 10 ** 8)
    return Event(sql, scaled(rng, 0.0000014, MEMBERS, 0.001), 1, MEMBERS)


def joined_stats(rng):
    # The admin dashboard counts a day's sign-ups; nothing indexes joined_at.
    sql = ("SELECT COUNT(*) FROM members WHERE DATE(joined_at) = '2026-11-%02d'"
           % rng.randrange(24, 31))
    return Event(sql, scaled(rng, 0.0000008, MEMBERS, 0.001), 1, MEMBERS)


# --- forums (40 rows) -------------------------------------------------------------------------

def forum_index(rng):
    sql = "SELECT id, slug, title, thread_count FROM forums ORDER BY position"
    return Event(sql, lognormal(rng, 0.00016, 0.2), FORUMS, FORUMS)


def forum_by_slug(rng):
    sql = ("SELECT id, title, description FROM forums WHERE slug = %s"
           % sql_str("forum-%d" % zipf_pick(rng, FORUMS, 0.9)))
    return Event(sql, lognormal(rng, 0.00009), 1, 1)


# --- post_votes (one row per vote, written all day) -------------------------------------------

def vote(rng):
    sql = ("INSERT INTO post_votes (post_id, member_id, value, created_at) VALUES (%d, %d, %d, NOW()) "
           "ON DUPLICATE KEY UPDATE value = VALUES(value), created_at = NOW()"
           % (POSTS - zipf_pick(rng, 200000, 0.9), zipf_pick(rng, MEMBERS, 1.05),
              rng.choice([1, 1, 1, -1])))
    return Event(sql, lognormal(rng, 0.00038), 0, 1, rng.choice([1, 1, 1, 2]))


def vote_sums(rng):
    # The score of each post on a thread page: uk_post_member finds the votes of the 20 posts.
    first = POSTS - zipf_pick(rng, 200000, 0.9)
    ids = [first + k for k in range(20)]
    sql = ("SELECT post_id, SUM(value) FROM post_votes WHERE post_id IN (%s) GROUP BY post_id"
           % ", ".join(map(str, ids)))
    n = rng.randrange(20, 120)
    return Event(sql, scaled(rng, 0.000004, n, 0.00025), 20, n)


def votes_by_member(rng):
    # An admin check, 4 calls: a member's downvotes, through idx_member.
    m = rng.randrange(1000, MEMBERS)
    sql = "SELECT COUNT(*) FROM post_votes WHERE member_id = %d AND value < 0" % m
    return Event(sql, lognormal(rng, 0.0005, 0.15), 1, 10 + m % 30)


# --- thread_subscriptions (primary key member_id, thread_id) -----------------------------------

def notify_subscribers(rng):
    # After each new post, the mailer fetches the thread's subscribers. The primary key starts
    # with member_id: nothing searches thread_id, the 600 000 rows are read each time.
    sql = "SELECT member_id FROM thread_subscriptions WHERE thread_id = %d" % zipf_pick(rng, THREADS, 0.8)
    return Event(sql, scaled(rng, 0.00000020, SUBSCRIPTIONS, 0.001), rng.randrange(0, 40),
                 SUBSCRIPTIONS)


def subscribe(rng):
    sql = ("INSERT IGNORE INTO thread_subscriptions (member_id, thread_id, created_at) "
           "VALUES (%d, %d, NOW())" % (zipf_pick(rng, MEMBERS, 1.05), zipf_pick(rng, THREADS, 0.8)))
    return Event(sql, lognormal(rng, 0.00035), 0, 0, 1)


def my_subscriptions(rng):
    sql = ("SELECT thread_id, created_at FROM thread_subscriptions WHERE member_id = %d"
           % zipf_pick(rng, MEMBERS, 1.05))
    n = rng.randrange(1, 40)
    return Event(sql, scaled(rng, 0.000003, n, 0.0001), n, n)


# --- legacy_members (latin1, imported from the old forum) -------------------------------------

def legacy_signatures(rng):
    # "Veterans of the old forum" in a region: members is found first (idx_region), then each
    # one's old account by username. old_username is latin1, converted to utf8mb4 for the
    # comparison: idx_old_username is not searched, legacy_members is scanned.
    # MariaDB ends up reading all of legacy_members and probing members.uk_username with each
    # converted name: the region's filter is applied last.
    r = zipf_pick(rng, REGIONS, 0.7)
    sql = ("SELECT m.id, m.username, l.old_user_id, l.signature FROM members m "
           "JOIN legacy_members l ON l.old_username = m.username "
           "WHERE m.region_id = %d AND m.joined_at < '2015-01-01'" % r)
    return Event(sql, scaled(rng, 0.0000042, LEGACY * 2, 0.01), rng.randrange(100, 900), LEGACY * 2)


def legacy_migrate_batch(rng):
    # The migration job links a range of old accounts to members: legacy_members is read first
    # (a primary-key range); each old_username is converted once to probe members.uk_username.
    lo = rng.randrange(1, LEGACY - 500)
    sql = ("SELECT l.old_user_id, l.old_username, m.id, m.karma FROM legacy_members l "
           "JOIN members m ON m.username = l.old_username "
           "WHERE l.old_user_id BETWEEN %d AND %d" % (lo, lo + 499))
    return Event(sql, lognormal(rng, 0.008, 0.2), rng.randrange(200, 480), 1000)


CLASSES = [
    QueryClass("thread_list", 400, thread_list),
    QueryClass("thread_by_id", 400, thread_by_id),
    QueryClass("bump_thread", 250, bump_thread),
    QueryClass("view_count", 600, view_count),
    QueryClass("hidden_threads", 5, hidden_threads, user="mod", hosts=("10.1.0.8",)),
    QueryClass("posts_of_thread", 800, posts_of_thread),
    QueryClass("archive_year", 8, archive_year),
    QueryClass("member_posts", 400, member_posts),
    QueryClass("member_post_count", 300, member_post_count),
    QueryClass("new_posts_feed", 300, new_posts_feed),
    QueryClass("new_post", 250, new_post),
    QueryClass("ip_lookup", 3, ip_lookup, user="mod", hosts=("10.1.0.8",)),
    QueryClass("region_by_code", 800, region_by_code),
    QueryClass("region_leaderboard", 300, region_leaderboard),
    QueryClass("region_karma_search", 150, region_karma_search),
    QueryClass("login", 100, login),
    QueryClass("touch_member", 150, touch_member),
    QueryClass("invite_code", 15, invite_code),
    QueryClass("joined_stats", 30, joined_stats, user="admin", hosts=("10.1.0.9",)),
    QueryClass("forum_index", 200, forum_index),
    QueryClass("forum_by_slug", 400, forum_by_slug),
    QueryClass("vote", 400, vote),
    QueryClass("vote_sums", 500, vote_sums),
    QueryClass("votes_by_member", 4, votes_by_member, user="admin", hosts=("10.1.0.9",)),
    QueryClass("notify_subscribers", 250, notify_subscribers, user="mailer", hosts=("10.1.0.5",)),
    QueryClass("subscribe", 80, subscribe),
    QueryClass("my_subscriptions", 200, my_subscriptions),
    QueryClass("legacy_signatures", 12, legacy_signatures),
    QueryClass("legacy_migrate_batch", 60, legacy_migrate_batch, user="migrate", hosts=("10.1.0.7",)),
]

if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    write(os.path.join(here, "slow.log"), "forum", CLASSES, SEED)
