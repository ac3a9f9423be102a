#!/usr/bin/env bash
# DDL the server refuses, as the private MariaDB says it: each statement runs on a fresh copy of
# a small schema on the server and through `qadvisor check --flavor mariadb`, and the two must
# agree on whether it is refused (the server's error, qadvisor's schema-error finding). Two
# schemas: a parent/child pair for what foreign keys forbid, a table with an AUTO_INCREMENT key
# and columns of several types for what keys and columns must be, and one for column defaults
# and whole TEXT columns in keys.
# Usage: ddl_guard_test.sh QADVISOR SOURCE_DIR
set -uo pipefail
qadvisor=$1
src=$2
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
socket=$(bash "$src/scripts/mariadb-sandbox.sh" start "$server") || { echo "no server"; exit 1; }
mariadb_() { mariadb --no-defaults --socket="$socket" -uroot "$@"; }

# The character set is written out: a server started without a configuration file makes
# latin1 tables, the MariaDB qadvisor assumes utf8mb4 ones.
cat >"$tmp/pair.sql" <<'SQL'
CREATE TABLE parent (id INT PRIMARY KEY, code VARCHAR(10), region INT, city INT,
  KEY (code), KEY k_place (region, city)) ENGINE=InnoDB DEFAULT CHARSET=latin1;
CREATE TABLE child (id INT PRIMARY KEY, pid INT, pcode VARCHAR(10), region INT, city INT,
  boss INT,
  CONSTRAINT fk FOREIGN KEY (pid) REFERENCES parent (id),
  CONSTRAINT fk2 FOREIGN KEY (pcode) REFERENCES parent (code),
  CONSTRAINT fk_place FOREIGN KEY (region, city) REFERENCES parent (region, city),
  CONSTRAINT fk_boss FOREIGN KEY (boss) REFERENCES child (id)) ENGINE=InnoDB DEFAULT CHARSET=latin1;
SQL

# One case per line; `;` separates the statements of a case.
cases=(
  "ALTER TABLE child MODIFY pid BIGINT"
  "ALTER TABLE parent MODIFY id BIGINT"
  "ALTER TABLE parent MODIFY id INT UNSIGNED"
  "ALTER TABLE parent MODIFY code VARCHAR(20)"
  "ALTER TABLE child MODIFY pcode VARCHAR(5)"
  "ALTER TABLE child MODIFY pcode VARCHAR(10) CHARACTER SET utf8mb4"
  "ALTER TABLE parent MODIFY code VARCHAR(10) COLLATE latin1_bin"
  "ALTER TABLE child CHANGE pid parent_id BIGINT"
  "ALTER TABLE child MODIFY city BIGINT"
  "ALTER TABLE child MODIFY id BIGINT"
  "SET foreign_key_checks = 0; ALTER TABLE child MODIFY pid BIGINT"
  "ALTER TABLE child MODIFY pid INT NOT NULL DEFAULT 3 COMMENT 'x'"
  "ALTER TABLE child MODIFY pid INT(11)"
  "ALTER TABLE parent MODIFY id INTEGER(5) NOT NULL"
  "ALTER TABLE child MODIFY pid INT ZEROFILL"
  "ALTER TABLE child CHANGE pid parent_id INT"
  "ALTER TABLE parent CHANGE code code2 VARCHAR(10)"
  "ALTER TABLE parent CHANGE code code2 VARCHAR(10); ALTER TABLE parent DROP INDEX code"
  "ALTER TABLE child DROP FOREIGN KEY fk, MODIFY pid BIGINT"
  "ALTER TABLE child MODIFY boss INT NOT NULL"
  "ALTER TABLE parent DROP COLUMN code"
  "ALTER TABLE parent DROP COLUMN city"
  "SET foreign_key_checks = 0; ALTER TABLE parent DROP COLUMN code"
  "ALTER TABLE parent DROP COLUMN region, DROP COLUMN city"
  "ALTER TABLE parent DROP INDEX code"
  "ALTER TABLE parent DROP INDEX k_place"
  "ALTER TABLE parent DROP INDEX code, ADD INDEX k_code2 (code, id)"
  "SET foreign_key_checks = 0; ALTER TABLE parent DROP INDEX code"
  "DROP INDEX code ON parent"
  "DROP TABLE parent"
  "DROP TABLE parent, child"
  "DROP TABLE child, parent"
  "DROP TABLE child"
  "SET foreign_key_checks = 0; DROP TABLE parent"
  "SET SESSION foreign_key_checks = OFF; DROP TABLE parent"
  "SET @@session.foreign_key_checks = 0; DROP TABLE parent"
  "SET foreign_key_checks = 0; SET foreign_key_checks = DEFAULT; DROP TABLE parent"
  "ALTER TABLE child DROP FOREIGN KEY fk, DROP FOREIGN KEY fk_place; DROP TABLE parent"
  # The keys follow a renamed parent: pt-online-schema-change's swap leaves them on the old one.
  "CREATE TABLE parent_new LIKE parent; RENAME TABLE parent TO parent_old, parent_new TO parent; DROP TABLE parent_old"
  "CREATE TABLE parent_new LIKE parent; RENAME TABLE parent TO parent_old, parent_new TO parent; DROP TABLE parent"
  "ALTER TABLE parent RENAME TO p2; DROP TABLE p2"
  "RENAME TABLE parent TO p2; ALTER TABLE p2 DROP COLUMN code"
  "ALTER TABLE parent RENAME TO p2, CHANGE code code2 VARCHAR(10); ALTER TABLE p2 DROP INDEX code"
  # A key added by ALTER TABLE: its parent, the parent's columns and index, alike columns.
  "ALTER TABLE child ADD COLUMN q INT, ADD FOREIGN KEY (q) REFERENCES parent (id)"
  "ALTER TABLE child ADD COLUMN q BIGINT, ADD FOREIGN KEY (q) REFERENCES parent (id)"
  "ALTER TABLE child ADD COLUMN q INT UNSIGNED, ADD FOREIGN KEY (q) REFERENCES parent (id)"
  "ALTER TABLE child ADD COLUMN q VARCHAR(30), ADD FOREIGN KEY (q) REFERENCES parent (code)"
  "ALTER TABLE child ADD COLUMN q CHAR(10), ADD FOREIGN KEY (q) REFERENCES parent (code)"
  "ALTER TABLE child ADD COLUMN q VARCHAR(10) CHARACTER SET utf8mb4, ADD FOREIGN KEY (q) REFERENCES parent (code)"
  "ALTER TABLE child ADD COLUMN q VARCHAR(10) COLLATE latin1_bin, ADD FOREIGN KEY (q) REFERENCES parent (code)"
  "ALTER TABLE child ADD COLUMN q INT, ADD FOREIGN KEY (q) REFERENCES parent (city)"
  "ALTER TABLE child ADD COLUMN q INT, ADD FOREIGN KEY (q) REFERENCES parent (region)"
  "ALTER TABLE child ADD COLUMN q INT, ADD FOREIGN KEY (q) REFERENCES parent (nosuch)"
  "ALTER TABLE child ADD COLUMN q INT, ADD FOREIGN KEY (q) REFERENCES nosuch (id)"
  "SET foreign_key_checks = 0; ALTER TABLE child ADD COLUMN q INT, ADD FOREIGN KEY (q) REFERENCES nosuch (id)"
  "SET foreign_key_checks = 0; ALTER TABLE child ADD COLUMN q BIGINT, ADD FOREIGN KEY (q) REFERENCES parent (id)"
  "ALTER TABLE child ADD COLUMN q INT, ADD COLUMN r INT, ADD FOREIGN KEY (q, r) REFERENCES parent (region, city)"
  "ALTER TABLE child ADD COLUMN q INT, ADD COLUMN r INT, ADD FOREIGN KEY (q, r) REFERENCES parent (city, region)"
  "ALTER TABLE child ADD COLUMN q INT, ADD FOREIGN KEY (q) REFERENCES child (id)"
  "ALTER TABLE child ADD COLUMN q INT, ADD FOREIGN KEY (q) REFERENCES child (boss)"
)

failed=0
n=0
# run_cases SCHEMA CASE…: each case on a fresh database holding SCHEMA.
run_cases() {
  local schema=$1 case db verdict ours rc
  shift
  for case in "$@"; do
    n=$((n + 1))
    db=g$n
    mariadb_ -e "CREATE DATABASE $db" || { echo "setup failed: $case"; exit 1; }
    mariadb_ "$db" <"$schema" || { echo "setup failed: $case"; exit 1; }
    if mariadb_ "$db" -e "$case;" >/dev/null 2>"$tmp/server.err"; then verdict=accepted; else verdict=refused; fi
    printf '%s;\n' "$case" >"$tmp/case.sql"
    "$qadvisor" check --no-config --flavor mariadb --target mariadb-10.11 \
      --rules schema-error,index-key-too-long --schema "$schema" --format json \
      -o "$tmp/check.json" "$tmp/case.sql" 2>/dev/null
    rc=$?
    if ((rc > 1)); then
      echo "FAIL: qadvisor check exited $rc on: $case"
      failed=1
      continue
    fi
    # Refused: a schema error, or a key over the limit that qadvisor says makes the statement
    # fail (index-key-too-long also reports keys MariaDB shortens or hashes instead).
    if grep -q -e '"rule": *"schema-error"' -e '"message": .*the statement fails' "$tmp/check.json"; then
      ours=refused
    else
      ours=accepted
    fi
    if [[ $verdict == "$ours" ]]; then
      echo "ok: $verdict: $case"
    else
      echo "FAIL: the server $verdict, qadvisor $ours: $case"
      sed 's/^/  server: /' "$tmp/server.err"
      failed=1
    fi
  done
}
run_cases "$tmp/pair.sql" "${cases[@]}"

cat >"$tmp/keys.sql" <<'SQL'
CREATE TABLE t (id INT NOT NULL AUTO_INCREMENT, a INT, body TEXT, b BLOB, name VARCHAR(20),
  PRIMARY KEY (id), KEY ka (a)) ENGINE=InnoDB DEFAULT CHARSET=latin1;
CREATE TABLE u (x INT NOT NULL, y INT NOT NULL, PRIMARY KEY (x, y)) ENGINE=InnoDB DEFAULT CHARSET=latin1;
SQL
run_cases "$tmp/keys.sql" \
  "ALTER TABLE t DROP PRIMARY KEY" \
  "ALTER TABLE t DROP PRIMARY KEY, ADD PRIMARY KEY (id, a)" \
  "ALTER TABLE t DROP PRIMARY KEY, ADD PRIMARY KEY (a, id)" \
  "ALTER TABLE t DROP PRIMARY KEY, ADD KEY (id)" \
  "ALTER TABLE t ADD COLUMN c INT AUTO_INCREMENT" \
  "ALTER TABLE t ADD COLUMN c INT AUTO_INCREMENT, ADD KEY (c)" \
  "ALTER TABLE t MODIFY a INT AUTO_INCREMENT" \
  "ALTER TABLE u MODIFY y INT AUTO_INCREMENT" \
  "ALTER TABLE u MODIFY x INT AUTO_INCREMENT" \
  "CREATE TABLE v (a INT AUTO_INCREMENT)" \
  "CREATE TABLE v (a INT, b INT AUTO_INCREMENT, KEY (a, b))" \
  "CREATE TABLE v (a INT, b INT AUTO_INCREMENT, KEY (a, b)) ENGINE=MyISAM" \
  "CREATE TABLE v (a SERIAL)" \
  "ALTER TABLE t ADD UNIQUE (name, name)" \
  "ALTER TABLE t ADD FULLTEXT (a)" \
  "ALTER TABLE t ADD FULLTEXT (name)" \
  "ALTER TABLE t ADD FULLTEXT (body)" \
  "ALTER TABLE t ADD INDEX (name(30))" \
  "ALTER TABLE t ADD INDEX (name(20))" \
  "ALTER TABLE t ADD INDEX (name(10))" \
  "ALTER TABLE t ADD INDEX (a(2))" \
  "ALTER TABLE t ADD INDEX (b(100))" \
  "ALTER TABLE t ADD INDEX (body(100))" \
  "CREATE TABLE v (a VARCHAR(5) CHARACTER SET utf8mb4, KEY (a(6)))"
# Column defaults (error 1067 and what the server takes), and whole TEXT/BLOB columns in keys
# (1170; MariaDB's own prefix or hash instead).
cat >"$tmp/columns.sql" <<'SQL'
CREATE TABLE w (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, n INT NOT NULL, v VARCHAR(3),
  body TEXT, tt TINYTEXT, b BLOB) ENGINE=InnoDB DEFAULT CHARSET=latin1;
SQL
defaults=(
  "INT NOT NULL DEFAULT NULL" "INT DEFAULT NULL PRIMARY KEY" "INT DEFAULT NULL, PRIMARY KEY (a)"
  "INT DEFAULT NULL AUTO_INCREMENT PRIMARY KEY" "INT DEFAULT 1 AUTO_INCREMENT PRIMARY KEY"
  "TIMESTAMP NOT NULL DEFAULT NULL" "TIMESTAMP NULL DEFAULT NULL"
  "TINYINT DEFAULT 127" "TINYINT DEFAULT 128" "TINYINT DEFAULT -128" "TINYINT DEFAULT -129"
  "TINYINT UNSIGNED DEFAULT 255" "TINYINT UNSIGNED DEFAULT 256" "INT UNSIGNED DEFAULT -1"
  "INT UNSIGNED DEFAULT -0" "INT DEFAULT ''" "INT DEFAULT '12'" "INT DEFAULT ' 12 '"
  "INT DEFAULT '12abc'" "INT DEFAULT '1.5'" "INT DEFAULT 1e3" "INT DEFAULT 2147483647.5"
  "INT DEFAULT 2147483647.4" "INT DEFAULT 0x41" "INT DEFAULT '0x41'" "INT DEFAULT TRUE"
  "BIGINT UNSIGNED DEFAULT 18446744073709551615" "BIGINT UNSIGNED DEFAULT 18446744073709551616"
  "BIGINT DEFAULT -9223372036854775808" "BIGINT DEFAULT -9223372036854775809"
  "DECIMAL(5,2) DEFAULT 999.99" "DECIMAL(5,2) DEFAULT 999.995" "DECIMAL(5,2) DEFAULT 999.994"
  "DECIMAL(5,2) DEFAULT '999.994'" "DECIMAL(5,2) DEFAULT -999.99" "DECIMAL(5,2) DEFAULT 1234.5"
  "DECIMAL(5,2) UNSIGNED DEFAULT -1" "DECIMAL(5,2) DEFAULT 'x'" "DECIMAL DEFAULT 9999999999"
  "DECIMAL DEFAULT 10000000000" "FLOAT DEFAULT 'x'" "FLOAT DEFAULT '1e400'" "DOUBLE DEFAULT '1.5e300'"
  "FLOAT DEFAULT 1e39" "VARCHAR(3) DEFAULT 'abc'" "VARCHAR(3) DEFAULT 'abcd'"
  "VARCHAR(3) DEFAULT 'abc '" "CHAR(3) DEFAULT 'abc '" "CHAR(2) DEFAULT 'abc'"
  "VARCHAR(3) DEFAULT 1234" "VARCHAR(3) DEFAULT 123" "VARCHAR(3) CHARACTER SET utf8mb4 DEFAULT 'äöü'"
  "VARCHAR(3) DEFAULT 'ab''c'" "BINARY(2) DEFAULT 'abc'" "VARBINARY(2) DEFAULT 'ab'"
  "TEXT DEFAULT 'x'" "JSON DEFAULT '{}'" "ENUM('a','b') DEFAULT 'c'" "ENUM('a','b') DEFAULT 'A'"
  "ENUM('a','b') DEFAULT ''" "ENUM('a','b') DEFAULT 1" "ENUM('a ','b') DEFAULT 'a'"
  "ENUM('a','b') COLLATE latin1_bin DEFAULT 'A'" "SET('a','b') DEFAULT 'a,c'"
  "SET('a','b') DEFAULT 'b,a'" "SET('a','b') DEFAULT ''" "BIT(1) DEFAULT 1" "BIT(1) DEFAULT 2"
  "BIT(1) DEFAULT 'a'" "BIT(8) DEFAULT 'a'" "BIT(2) DEFAULT b'111'" "BIT(2) DEFAULT b'011'"
  "BIT(4) DEFAULT 0xF" "BIT(4) DEFAULT 0x1F" "YEAR DEFAULT 1800" "YEAR DEFAULT 99" "YEAR DEFAULT 100"
  "YEAR DEFAULT '2024'" "YEAR DEFAULT 2155" "YEAR DEFAULT 2156" "YEAR DEFAULT 0" "DATE DEFAULT 'x'"
  "DATE DEFAULT ''" "DATE DEFAULT '2024-13-01'" "DATE DEFAULT '2024-1-1'" "DATE DEFAULT '20240101'"
  "DATE DEFAULT '20241301'" "DATE DEFAULT '0000-00-00'" "DATE DEFAULT '2024/02/30'"
  "DATETIME DEFAULT '2024-01-01 25:00:00'" "DATETIME DEFAULT '2024-01-01 23:59:59'"
  "DATETIME DEFAULT CURRENT_TIMESTAMP" "DATETIME(3) DEFAULT NOW(3)" "TIME DEFAULT '838:59:59'"
  "INT DEFAULT (1 + 1)"
)
# Not judged, so not here: an expression default the server evaluates at CREATE time and
# refuses, as DEFAULT (CONCAT('a', 'bcd')) on a VARCHAR(3).
column_cases=()
for d in "${defaults[@]}"; do column_cases+=("CREATE TABLE v (a $d)"); done
column_cases+=(
  "ALTER TABLE w MODIFY n INT NOT NULL DEFAULT NULL"
  "ALTER TABLE w MODIFY id INT DEFAULT NULL"
  "ALTER TABLE w ADD COLUMN c INT DEFAULT NULL PRIMARY KEY"
  "ALTER TABLE w ADD COLUMN e ENUM('a') NOT NULL DEFAULT 'b'"
  "ALTER TABLE w MODIFY body TEXT NOT NULL DEFAULT NULL"
  "ALTER TABLE w MODIFY n INT NULL DEFAULT NULL"
  "ALTER TABLE w MODIFY id INT NOT NULL DEFAULT 0"
  "ALTER TABLE w ADD COLUMN c INT NOT NULL DEFAULT NULL"
  "ALTER TABLE w ADD COLUMN c TINYINT DEFAULT 300"
  "ALTER TABLE w CHANGE v v2 VARCHAR(2) DEFAULT 'abc'"
  "ALTER TABLE w ALTER n SET DEFAULT NULL"
  "ALTER TABLE w ALTER n SET DEFAULT 5"
  "ALTER TABLE w ALTER v SET DEFAULT 'abcd'"
  "ALTER TABLE w ALTER COLUMN n DROP DEFAULT"
  "ALTER TABLE w ALTER nosuch SET DEFAULT 5"
  "ALTER TABLE w ADD KEY (body)"
  "ALTER TABLE w ADD UNIQUE (body)"
  "ALTER TABLE w ADD KEY (body, n)"
  "ALTER TABLE w ADD KEY (tt, n)"
  "ALTER TABLE w ADD KEY (b)"
  "ALTER TABLE w ADD FULLTEXT (body)"
  "CREATE INDEX k ON w (body)"
  "CREATE TABLE v (t TEXT, PRIMARY KEY (t))"
  "CREATE TABLE v (t TEXT PRIMARY KEY)"
  "CREATE TABLE v (t TEXT UNIQUE)"
  "CREATE TABLE v (a INT, t TEXT CHARACTER SET utf8mb4, KEY (t, a))"
  "CREATE TABLE v (a INT, t TEXT CHARACTER SET utf8mb4, KEY (t))"
  "CREATE TABLE v (a INT, t TEXT, KEY (t)) ENGINE=MyISAM"
  "CREATE TABLE v (a INT, t TEXT CHARACTER SET utf8mb4, KEY (t)) ROW_FORMAT=COMPACT"
  "CREATE TABLE v (a INT, t TEXT CHARACTER SET latin1, KEY (t)) ROW_FORMAT=COMPACT"
  "CREATE TABLE v (a INT, t TINYTEXT CHARACTER SET latin1, KEY (t)) ROW_FORMAT=COMPACT"
  "CREATE TABLE v (j JSON, KEY (j))"
  "CREATE TABLE v (a INT PRIMARY KEY, v VARCHAR(1000) CHARACTER SET utf8mb4, KEY (v))"
  "CREATE TABLE v (a INT PRIMARY KEY, v VARCHAR(1000) CHARACTER SET utf8mb4, KEY (v, a))"
  "CREATE TABLE v (a INT, v VARCHAR(1000) CHARACTER SET utf8mb4, PRIMARY KEY (v))"
  "CREATE TABLE v (a INT PRIMARY KEY, v VARCHAR(1000) CHARACTER SET utf8mb4, UNIQUE (v, a))"
)
run_cases "$tmp/columns.sql" "${column_cases[@]}"
mariadb_ -e "SELECT VERSION()" -N | sed 's/^/server: /'
if ((failed)); then exit 1; fi
echo "all $n statements: qadvisor refuses exactly what the server refuses"
