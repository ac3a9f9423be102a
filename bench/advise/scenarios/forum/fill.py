#!/usr/bin/env python3
"""Rows of the production data's shape for the forum schema, as SQL on standard output, to check
the expectations with EXPLAIN on a sandbox server (see ../validate.sh). Smaller than production
(posts: 400 000 instead of 12 million) but skewed the same way: a few big forums, megathreads,
prolific members, uneven regions, old usernames that are today's usernames.
"""

import os
import random
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the scenarios
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from fillutil import batches, dt, out, q  # noqa: E402

rng = random.Random(11)
MEMBERS, THREADS, POSTS, FORUMS, REGIONS = 50_000, 100_000, 400_000, 40, 12
SUBSCRIPTIONS, LEGACY, VOTES = 100_000, 20_000, 100_000


def skewed(n, power):
    """1..n, the low values far more often."""
    return 1 + int(rng.random() ** power * n) % n


out.write("USE forum;\nSET foreign_key_checks=0;\n")
batches("regions", "id, code, name",
        ((str(i), q(c), q("Region %s" % c)) for i, c in enumerate(
            ["NO", "SO", "EA", "WE", "CE", "NE", "NW", "SE", "SW", "IS", "CO", "MO"], 1)))
batches("forums", "id, slug, title, position",
        ((str(i), q("forum-%d" % i), q("Forum %d" % i), str(i)) for i in range(1, FORUMS + 1)))
batches("members", "id, username, email, password_hash, region_id, karma, post_count, invite_code, joined_at",
        ((str(i), q("user%d" % i), q("user%d@example.net" % i), q("x"), str(skewed(REGIONS, 2.5)),
          str(int(rng.random() ** 4 * 5000)), str(rng.randrange(500)),
          q("%08d" % rng.randrange(10 ** 8)) if rng.random() < 0.3 else "NULL",
          dt(int((MEMBERS - i) * 4000 / MEMBERS), rng.randrange(86400))) for i in range(1, MEMBERS + 1)))
batches("threads", "id, forum_id, author_id, title, status, reply_count, created_at, last_post_at",
        ((str(i), str(skewed(FORUMS, 2.5)), str(skewed(MEMBERS, 3)), q("Thread %d" % i),
          q("open" if rng.random() < 0.93 else rng.choice(["locked", "hidden"])), str(rng.randrange(50)),
          dt(int((THREADS - i) * 4000 / THREADS)), dt(rng.randrange(2000), rng.randrange(86400)))
         for i in range(1, THREADS + 1)))


def post_rows():
    for i in range(1, POSTS + 1):
        days = int((POSTS - i) * 4700 / POSTS)  # 2013 to today, in id order
        yield (str(skewed(THREADS, 3)), str(skewed(MEMBERS, 3)), q("Post body %d" % i), dt(days, rng.randrange(86400)),
               q("203.0.%d.%d" % (rng.randrange(256), rng.randrange(256))),
               "1" if rng.random() < 0.01 else "0")


batches("posts", "thread_id, author_id, body, posted_at, ip, is_deleted", post_rows())
out.write("INSERT IGNORE INTO post_votes (post_id, member_id, value) SELECT %d - seq %% 50000, 1 + (seq * 7919) %% %d, "
          "IF(seq %% 4 = 0, -1, 1) FROM seq_1_to_%d;\n" % (POSTS, MEMBERS, VOTES))
out.write("INSERT IGNORE INTO thread_subscriptions (member_id, thread_id) SELECT 1 + (seq * 104729) %% %d, "
          "1 + (seq * 7) %% %d FROM seq_1_to_%d;\n" % (MEMBERS, THREADS, SUBSCRIPTIONS))
# Old accounts: most usernames live on as today's usernames (the join finds them).
batches("legacy_members", "old_user_id, old_username, member_id, signature",
        ((str(i), q("user%d" % rng.randrange(1, MEMBERS + 1)) if rng.random() < 0.8 else q("olduser%d" % i),
          "NULL", q("-- sig %d" % i)) for i in range(1, LEGACY + 1)))
out.write("ANALYZE TABLE regions, members, forums, threads, posts, post_votes, thread_subscriptions, "
          "legacy_members PERSISTENT FOR ALL;\n")
