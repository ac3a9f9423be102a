#!/usr/bin/env bash
# `check` and `advise` against a live server, end to end: a private MariaDB started here
# (scripts/mariadb-sandbox.sh, stopped and removed by the trap), its schema read through
# --socket and --dsn, the workload read from mysql.slow_log, passwords from MYSQL_PWD, option
# files (with !include) and the terminal prompt — never printed, also when wrong — and the
# errors a bad DSN or an unreachable server give (exit 2, no hang).
# Usage: live_cli_test.sh QADVISOR SOURCE_DIR
set -uo pipefail
qadvisor=$1
src=$2
tmp=$(mktemp -d)
server=$tmp/server
cleanup() {
  bash "$src/scripts/mariadb-sandbox.sh" stop "$server"
  rm -rf "$tmp"
}
trap cleanup EXIT
exit_timeout=60  # a hang fails
# shellcheck source=../lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"

socket=$(bash "$src/scripts/mariadb-sandbox.sh" start "$server") || { echo "no server"; exit 1; }
sql() { mariadb --no-defaults --socket="$socket" -uroot "$@"; }
# No developer's ~/.my.cnf or MYSQL_PWD may leak into the runs.
export HOME=$tmp/home
mkdir -p "$HOME"
unset MYSQL_PWD
password='S3cr3t-pw!x7'
wrong='Wr0ng-pw!q9'

sql >/dev/null <<'EOF' || { echo "setup failed"; exit 1; }
CREATE DATABASE shop;
CREATE TABLE shop.users (id INT PRIMARY KEY, phone VARCHAR(20) NOT NULL, country CHAR(2) NOT NULL,
  status INT NOT NULL, created DATETIME NOT NULL, KEY idx_phone (phone),
  KEY idx_country_status (country, status)) ENGINE=InnoDB;
INSERT INTO shop.users SELECT seq, CONCAT('555', seq), IF(seq % 3, 'US', 'DE'), seq % 5,
  NOW() - INTERVAL seq MINUTE FROM shop.seq_1_to_5000;
ANALYZE TABLE shop.users;
CREATE USER 'qa'@'localhost' IDENTIFIED BY 'S3cr3t-pw!x7';
GRANT SELECT ON shop.* TO 'qa'@'localhost';
GRANT SELECT ON mysql.slow_log TO 'qa'@'localhost';
EOF
echo 'SELECT id FROM users WHERE phone = 5551234;' >"$tmp/q.sql"
dsn="mysql://root@localhost/shop?socket=$socket"

# The schema from the server: the table exists only there.
check "check --socket: a rule on a server table" exit_code 1 "$qadvisor" check --no-config --socket "$socket" "$tmp/q.sql"
check "  implicit-conversion on users.phone" has "[implicit-conversion]"
# q.sql is the workload too: unused-index (the schema finding below) needs one.
check "check --dsn with ?socket=" exit_code 1 "$qadvisor" check --no-config --dsn "$dsn" \
  --workload "$tmp/q.sql" "$tmp/q.sql"
check "  implicit-conversion on users.phone" has "[implicit-conversion]"
check "  schema findings located in the server's schema" has "shop (server)"
check "without a server, the table is unknown" exit_code 0 "$qadvisor" check --no-config "$tmp/q.sql"

# A migration against the server: the target is the server's own version, the table's size
# comes from it (DATA_LENGTH + INDEX_LENGTH), and --target overrides the version.
printf 'ALTER TABLE users MODIFY status BIGINT NOT NULL;\nALTER TABLE users ADD COLUMN note VARCHAR(20);\n' >"$tmp/m.sql"
check "check --dsn on a migration" exit_code 0 "$qadvisor" check --no-config --format json --dsn "$dsn" "$tmp/m.sql"
check "  the target is the server's version" json "$tmp/out" \
  "d['online_ddl']['target'].startswith('mariadb-10.') and d['online_ddl']['target'].count('.') == 2"
check "  MODIFY to BIGINT copies, ADD COLUMN is instant" json "$tmp/out" \
  "[o['algorithm'] for o in d['online_ddl']['operations']] == ['COPY', 'INSTANT']"
check "  ddl-copies-table with the server's rows and size" json "$tmp/out" \
  "any(f['rule'] == 'ddl-copies-table' and '5000 rows' in f['message'] and 'KiB' in f['message'] for f in d['findings'])"
check "--target overrides the server's version" exit_code 0 "$qadvisor" check --no-config --format json --dsn "$dsn" --target mysql-8.0.11 "$tmp/m.sql"
check "  mysql-8.0.11: ADD COLUMN rebuilds (INSTANT from 8.0.12)" json "$tmp/out" \
  "d['online_ddl']['target'] == 'mysql-8.0.11' and d['online_ddl']['operations'][1]['algorithm'] == 'INPLACE'"
check "check --dsn --format json" exit_code 1 "$qadvisor" check --no-config --format json --dsn "$dsn" "$tmp/q.sql"
check "  json findings" json "$tmp/out" "any(f['rule'] == 'implicit-conversion' for f in d['findings'])"

# DSN errors: exit 2 and the column.
check "a DSN of another scheme" exit_code 2 "$qadvisor" check --no-config --dsn "postgres://x/y" "$tmp/q.sql"
check "  names the column" has "column 1"
check "a DSN with a bad port" exit_code 2 "$qadvisor" check --no-config --dsn "mysql://root@localhost:99999/shop" "$tmp/q.sql"
check "  names the column" has "--dsn: column"
check "a DSN with an unknown option" exit_code 2 "$qadvisor" check --no-config --dsn "$dsn&compress=1" "$tmp/q.sql"
check "  names the option" has "unknown option(s) compress"
check "a DSN with a bad ssl-mode" exit_code 2 "$qadvisor" check --no-config --dsn "$dsn&ssl-mode=SOMETIMES" "$tmp/q.sql"
check "  names the value" has "ssl-mode=SOMETIMES"
# The server here has no TLS: REQUIRED must refuse rather than fall back to plain text.
check "ssl-mode=REQUIRED on a server without TLS" exit_code 2 "$qadvisor" check --no-config --dsn "$dsn&ssl-mode=REQUIRED" "$tmp/q.sql"
check "  says the connection is not encrypted" has "not encrypted"
check "ssl-mode=PREFERRED falls back" exit_code 1 "$qadvisor" check --no-config --dsn "$dsn&ssl-mode=PREFERRED" "$tmp/q.sql"

# Unreachable servers: exit 2 promptly, naming the server.
check "a socket nobody listens on" exit_code 2 "$qadvisor" check --no-config --socket "$tmp/none.sock" "$tmp/q.sql"
check "  names the socket" has "$tmp/none.sock"
check "a refused TCP port" exit_code 2 "$qadvisor" check --no-config --dsn "mysql://root@127.0.0.1:1/shop" "$tmp/q.sql"
check "  names the server" has "root@127.0.0.1:1/shop"
check "an unknown database" exit_code 2 "$qadvisor" check --no-config --dsn "mysql://root@localhost/nope?socket=$socket" "$tmp/q.sql"
check "  says so" has "Unknown database"

# Passwords: MYSQL_PWD, option files, their order, and never printed.
check "MYSQL_PWD" exit_code 1 env MYSQL_PWD="$password" "$qadvisor" check --no-config --socket "$socket" --user qa "$tmp/q.sql"
check "  connected and checked" has "[implicit-conversion]"
check "  password not printed" lacks "$password"
check "a wrong MYSQL_PWD" exit_code 2 env MYSQL_PWD="$wrong" "$qadvisor" check --no-config --socket "$socket" --user qa "$tmp/q.sql"
check "  access denied, naming the user and server" has "qa@$socket"
check "  Access denied" has "Access denied"
check "  wrong password not printed" lacks "$wrong"
printf '[client]\nuser = qa\npassword = "%s"\nsocket = %s\n' "$password" "$socket" >"$tmp/my.cnf"
chmod 600 "$tmp/my.cnf"
check "--defaults-file" exit_code 1 "$qadvisor" check --no-config --defaults-file "$tmp/my.cnf" "$tmp/q.sql"
check "  connected and checked" has "[implicit-conversion]"
check "  password not printed" lacks "$password"
check "the option file over MYSQL_PWD" exit_code 1 env MYSQL_PWD="$wrong" "$qadvisor" check --no-config --defaults-file "$tmp/my.cnf" "$tmp/q.sql"
check "the DSN over the option file" exit_code 2 "$qadvisor" check --no-config --defaults-file "$tmp/my.cnf" --dsn "mysql://qa:$wrong@localhost/shop" "$tmp/q.sql"
check "  wrong DSN password not printed" lacks "$wrong"
check "  right file password not printed" lacks "$password"
check "the DSN's password, right" exit_code 1 "$qadvisor" check --no-config --dsn "mysql://qa:S3cr3t-pw%21x7@localhost/shop?socket=$socket" "$tmp/q.sql"
check "  not printed" lacks "$password"
mkdir -p "$tmp/conf.d"
printf '[client]\nsocket = %s\n!include %s/inc.cnf\n' "$socket" "$tmp" >"$tmp/main.cnf"
printf '[mysql]\nuser = qa\n' >"$tmp/conf.d/user.cnf"
printf '[client]\npassword = %s\n!includedir %s/conf.d\n' "$password" "$tmp" >"$tmp/inc.cnf"
check "!include and !includedir" exit_code 1 "$qadvisor" check --no-config --defaults-file "$tmp/main.cnf" "$tmp/q.sql"
check "  password not printed" lacks "$password"
printf '[client]\n!include %s/missing.cnf\n' "$tmp" >"$tmp/broken.cnf"
check "a missing !include" exit_code 2 "$qadvisor" check --no-config --defaults-file "$tmp/broken.cnf" "$tmp/q.sql"
check "  names the include and the file" has "missing.cnf"
printf '[client]\nuser = qa\npassword = %s\nsocket = %s\n' "$password" "$socket" >"$HOME/.my.cnf"
check "~/.my.cnf, when --socket is given" exit_code 1 "$qadvisor" check --no-config --socket "$socket" "$tmp/q.sql"
check "  password not printed" lacks "$password"
rm "$HOME/.my.cnf"
if command -v setsid >/dev/null; then
  check "-p without a terminal: an error, not a wait" exit_code 2 setsid -w "$qadvisor" check --no-config --socket "$socket" --user qa -p "$tmp/q.sql" </dev/null
  check "  says where else to give it" has "MYSQL_PWD"
fi
# -p on a terminal: the prompt, echo off, the answer used.
cat >"$tmp/prompt.py" <<'EOF'
import os, pty, sys
password, argv = sys.argv[1], sys.argv[2:]
pid, fd = pty.fork()
if pid == 0:
    os.execvp(argv[0], argv)
out = b""
sent = False
while True:
    try:
        chunk = os.read(fd, 4096)
    except OSError:
        break
    if not chunk:
        break
    out += chunk
    if not sent and b"Enter password" in out:
        os.write(fd, password.encode() + b"\n")
        sent = True
_, status = os.waitpid(pid, 0)
sys.stdout.write(out.decode(errors="replace"))
sys.exit(os.waitstatus_to_exitcode(status))
EOF
check "-p prompts on the terminal" exit_code 1 python3 "$tmp/prompt.py" "$password" "$qadvisor" check --no-config --color never --socket "$socket" --user qa -p "$tmp/q.sql"
check "  the prompt names the server" has "Enter password for qa@$socket"
check "  the answer is used" has "[implicit-conversion]"
check "  and not echoed" lacks "$password"

# The workload from mysql.slow_log.
sql -e "SET GLOBAL log_output = 'TABLE', slow_query_log = 1, long_query_time = 0; TRUNCATE TABLE mysql.slow_log"
for i in 1 2 3 4 5 6; do
  sql shop -e "SELECT id, phone FROM users WHERE status = $i AND created > NOW() - INTERVAL 1 DAY ORDER BY created;
    SELECT * FROM users WHERE country = 'US' AND created > NOW() - INTERVAL $i HOUR;
    SELECT id FROM users WHERE id IN (1, 2, $i)" >/dev/null
done
check "advise --workload slow_log_table, no files" exit_code 0 "$qadvisor" advise --no-config --format json --top 0 --dsn "$dsn" --workload slow_log_table
check "  proposals for the workload's classes" json "$tmp/out" \
  "len(d['proposals']) >= 2 and all(q in {c['id'] for c in d['classes']} for p in d['proposals'] for q in p['query_classes'])"
check "  each class counted, sampled from the table" json "$tmp/out" \
  "sorted(c['count'] for c in d['classes'] if c['fingerprint'].startswith('select')) == [6, 6, 6] and all(c['sample_at']['file'] == 'mysql.slow_log' for c in d['classes'])"
check "  an index on (status, created)" json "$tmp/out" \
  "any(p['columns'][:2] == ['status', 'created'] for p in d['proposals'])"
check "advise --workload as the user qa" exit_code 0 env MYSQL_PWD="$password" "$qadvisor" advise --no-config --socket "$socket" --user qa --workload slow_log_table
check "  proposals in text" has "ADD INDEX"
check "  password not printed" lacks "$password"
check "advise --workload with a log file as well" exit_code 0 "$qadvisor" advise --no-config --format json --dsn "$dsn" --workload slow_log_table "$src/examples/slow.log"
check "  both sources, the log first" json "$tmp/out" "d['files'] == ['$src/examples/slow.log', 'mysql.slow_log'] and d['events'] > 601"
check "advise with neither files nor --workload" exit_code 2 "$qadvisor" advise --no-config --dsn "$dsn"
check "  says what to give" has "--workload"
check "advise --workload without a server" exit_code 2 "$qadvisor" advise --no-config --workload slow_log_table
check "  says to name one" has "--dsn"
# The server runs with performance_schema (scripts/mariadb-sandbox.sh): the same classes from its
# digest summary (a server without it is tested in tests/live/workload_import_test.cpp).
check "advise --workload performance_schema" exit_code 0 "$qadvisor" advise --no-config --format json --dsn "$dsn" --workload performance_schema
check "  classes from the digest summary, with proposals" json "$tmp/out" \
  "d['files'] == ['performance_schema.events_statements_summary_by_digest'] and len(d['proposals']) >= 1"
sql -e "SET GLOBAL slow_query_log = 0; TRUNCATE TABLE mysql.slow_log"
check "an empty slow log says what to run" exit_code 2 "$qadvisor" advise --no-config --dsn "$dsn" --workload slow_log_table
check "  SET GLOBAL" has "SET GLOBAL log_output='TABLE', slow_query_log=ON"

# Dumps of a real server load as schemas without a word: mariadb-dump and mysqldump (on Debian
# the same MariaDB binary) --no-data, with routines, triggers and events, of a schema with what
# real ones have. The dumps are written to $tmp, never into the repository.
sql >/dev/null <<'EOF' || { echo "dump schema setup failed"; exit 1; }
CREATE DATABASE dumpdb CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
USE dumpdb;
CREATE TABLE customers (
  id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  email VARCHAR(191) NOT NULL COMMENT 'the customer''s "login"',
  name VARCHAR(100) CHARACTER SET latin1 COLLATE latin1_swedish_ci NOT NULL,
  country CHAR(2) CHARACTER SET ascii NOT NULL DEFAULT 'US',
  status ENUM('new','active','it''s closed') NOT NULL DEFAULT 'new',
  flags SET('a','b','c') DEFAULT NULL,
  prefs JSON DEFAULT NULL,
  created DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
  email_domain VARCHAR(191) AS (SUBSTRING_INDEX(email, '@', -1)) VIRTUAL,
  name_len INT AS (CHAR_LENGTH(name)) PERSISTENT,
  UNIQUE KEY uq_email (email),
  KEY idx_country_created (country, created DESC),
  KEY idx_domain (email_domain) IGNORED,
  KEY idx_name (name(20)) COMMENT 'prefix; it''s short'
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci COMMENT='who "buys"';
CREATE TABLE orders (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
  customer_id INT UNSIGNED NOT NULL,
  total DECIMAL(12,2) NOT NULL DEFAULT 0.00,
  note TEXT,
  created DATE NOT NULL,
  PRIMARY KEY (id, created),
  KEY idx_customer (customer_id)
) ENGINE=InnoDB PARTITION BY RANGE (YEAR(created)) (PARTITION p2023 VALUES LESS THAN (2024), PARTITION pmax VALUES LESS THAN MAXVALUE);
CREATE TABLE order_items (
  order_id BIGINT UNSIGNED NOT NULL,
  customer_id INT UNSIGNED NOT NULL,
  line SMALLINT NOT NULL,
  sku VARCHAR(32) NOT NULL,
  qty INT NOT NULL DEFAULT 1 CHECK (qty > 0),
  PRIMARY KEY (order_id, line),
  CONSTRAINT fk_items_customer FOREIGN KEY (customer_id) REFERENCES customers (id) ON DELETE CASCADE
) ENGINE=InnoDB;
CREATE TABLE articles (
  id INT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  title VARCHAR(200) NOT NULL,
  body LONGTEXT NOT NULL,
  FULLTEXT KEY ft_body (title, body)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb3;
CREATE TABLE places (
  id INT NOT NULL PRIMARY KEY,
  pos POINT NOT NULL,
  area POLYGON,
  SPATIAL KEY sp_pos (pos)
) ENGINE=InnoDB;
CREATE TABLE logs (
  id INT NOT NULL,
  msg VARCHAR(255) COLLATE utf8mb4_bin,
  b BINARY(16),
  v VARBINARY(64),
  bits BIT(3) DEFAULT b'101',
  u UUID DEFAULT NULL,
  ip INET6 DEFAULT NULL,
  y YEAR,
  t TIME(2)
) ENGINE=MyISAM DEFAULT CHARSET=latin1;
CREATE TABLE `we``ird tbl` (`col with space` INT, `select` INT, KEY `k-1` (`col with space`)) ENGINE=InnoDB;
CREATE SEQUENCE seq_orders START WITH 100 INCREMENT BY 5;
CREATE TABLE versioned (id INT PRIMARY KEY, v INT) WITH SYSTEM VERSIONING;
CREATE VIEW v_active AS SELECT id, email FROM customers WHERE status = 'active';
CREATE ALGORITHM=MERGE SQL SECURITY INVOKER VIEW v_totals AS SELECT customer_id, SUM(total) AS s FROM orders GROUP BY customer_id;
DELIMITER ;;
CREATE TRIGGER trg_orders_bi BEFORE INSERT ON orders FOR EACH ROW BEGIN
  IF NEW.total < 0 THEN SET NEW.total = 0; END IF; -- it's ok; "quoted"
END;;
CREATE PROCEDURE p_close(IN days INT)
COMMENT 'closes; old ''orders'''
BEGIN
  DECLARE n INT DEFAULT 0;
  UPDATE orders SET note = 'closed; done' WHERE created < CURDATE() - INTERVAL days DAY;
  SELECT ROW_COUNT() INTO n;
END;;
CREATE FUNCTION f_tax(x DECIMAL(12,2)) RETURNS DECIMAL(12,2) DETERMINISTIC RETURN x * 0.2;;
CREATE EVENT ev_purge ON SCHEDULE EVERY 1 DAY DO DELETE FROM logs WHERE id < 0;;
DELIMITER ;
EOF
mariadb-dump --no-defaults --socket="$socket" -uroot --no-data --routines --triggers --events \
  --databases dumpdb >"$tmp/dump-mariadb.sql" || echo "mariadb-dump failed"
mysqldump --no-defaults --socket="$socket" -uroot --no-data --routines --triggers dumpdb \
  >"$tmp/dump-mysqldump.sql" || echo "mysqldump failed"
mariadb-dump --no-defaults --socket="$socket" -uroot --no-data dumpdb >"$tmp/dump-plain.sql" ||
  echo "mariadb-dump (plain) failed"
cat >"$tmp/dump-q.sql" <<'EOF'
SELECT id FROM customers WHERE email = 5551234;
SELECT o.id, i.sku FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.customer_id = 7;
SELECT id FROM articles WHERE MATCH (title, body) AGAINST ('x');
SELECT id FROM places WHERE id = 1;
SELECT id, msg, u, ip FROM logs WHERE id = 1;
SELECT `select` FROM `we``ird tbl` WHERE `col with space` = 1;
SELECT id, v FROM versioned WHERE id = 1;
SELECT id, email FROM v_active;
SELECT customer_id, s FROM v_totals;
EOF
for dump in dump-mariadb dump-mysqldump dump-plain; do
  check "$dump starts with the sandbox line" grep -q '^/\*M!999999\\- enable the sandbox mode \*/' "$tmp/$dump.sql"
  for flavor in "" mariadb; do
    label="$dump${flavor:+ --flavor $flavor}"
    check "$label: loads as a schema" exit_code 1 "$qadvisor" check --no-config --format json \
      ${flavor:+--flavor "$flavor"} --schema "$tmp/$dump.sql" "$tmp/dump-q.sql"
    check "  no warning or diagnostic at all" test ! -s "$tmp/err"
    check "  no parse-error, schema-error, unknown table or column" json "$tmp/out" \
      "not any(f['rule'] in ('parse-error', 'schema-error', 'unknown-table', 'unknown-column') for f in d['findings'])"
    check "  the tables and their indexes were read" json "$tmp/out" \
      "any(f['rule'] == 'implicit-conversion' and f['index'] == 'uq_email' for f in d['findings']) and d['not_run']['rules'] == ['unused-index']"
  done
  check "$dump as a checked script: no parse-error or schema-error" exit_code 0 "$qadvisor" check \
    --no-config --rules parse-error,schema-error "$tmp/$dump.sql"
  check "  and nothing on stderr" test ! -s "$tmp/err"
done

# check --workload performance_schema: the server's statement digests (of the DSN's database)
# are the running application, not checked; a migration renaming a column they use is an
# error, and one dropping a column nothing uses is not.
sql -e "TRUNCATE TABLE performance_schema.events_statements_summary_by_digest" ||
  echo "could not clear the digest summary"
for n in 1 2 3; do sql -D shop -e "SELECT id FROM users WHERE country = 'DE' AND status = $n" >/dev/null; done
printf 'ALTER TABLE users RENAME COLUMN country TO country_code;\nALTER TABLE users DROP COLUMN created;\n' \
  >"$tmp/rename.sql"
check "check --workload performance_schema: the rename breaks the workload" exit_code 1 "$qadvisor" \
  check --no-config --format json --dsn "$dsn" --workload performance_schema "$tmp/rename.sql"
check "  rename-in-use names the digest's class and its 3 calls" json "$tmp/out" \
  "[(f['rule'], f['location']['line']) for f in d['findings'] if f['rule'].endswith('-in-use')] == [('rename-in-use', 1)] and ', 3 calls' in [f for f in d['findings'] if f['rule'] == 'rename-in-use'][0]['message']"
check "  the workload's own statements are not checked, unused-index runs" json "$tmp/out" \
  "d['not_run'] is None and d['files'] == ['$tmp/rename.sql']"

finish "live cli"
