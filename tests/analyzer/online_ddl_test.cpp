// analyzer/online_ddl: the operations a DDL statement is made of, and how each target runs them.
#include "analyzer/online_ddl.h"

#include <catch2/catch.hpp>
#include <string>

#include "analyzer/catalog.h"
#include "parser/parser.h"

namespace {

using namespace qadvisor;
using analyzer::Algorithm;

analyzer::ServerTarget Target(std::string_view name) {
  auto t = analyzer::ServerTarget::Parse(name);
  REQUIRE(t.ok());
  return *t;
}

constexpr std::string_view kSchema = R"sql(
CREATE TABLE orders (
  id BIGINT NOT NULL, customer_id BIGINT NOT NULL, total DECIMAL(12,2) NOT NULL,
  note VARCHAR(20) NOT NULL DEFAULT '', memo VARCHAR(40) NULL, legacy VARCHAR(10) CHARACTER SET utf8mb3,
  state ENUM('a','b') NOT NULL DEFAULT 'a', body TEXT,
  PRIMARY KEY (id), KEY idx_customer (customer_id), KEY idx_note (note)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE notes (id INT NOT NULL PRIMARY KEY, body TEXT, code VARCHAR(20), tag VARCHAR(50))
  ENGINE=InnoDB DEFAULT CHARSET=utf8mb3;
CREATE TABLE tags (id INT NOT NULL PRIMARY KEY, tag VARCHAR(30)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb3;
CREATE TABLE products (id INT NOT NULL PRIMARY KEY, sku VARCHAR(32) NOT NULL, body TEXT,
  price DECIMAL(12,2) NOT NULL, weight INT NULL, taxed DECIMAL(12,2) AS (price * 1.2) VIRTUAL,
  FULLTEXT KEY ft (body)) ENGINE=InnoDB;
CREATE TABLE prices (id INT NOT NULL PRIMARY KEY, price INT, weight INT NULL,
  cents INT AS (price * 100) STORED, gross INT AS (price + 1) VIRTUAL) ENGINE=InnoDB;
CREATE TABLE events (kind VARCHAR(20) NOT NULL, session CHAR(36) NOT NULL, source VARCHAR(20),
  at DATETIME NOT NULL, KEY idx_kind_at (kind, at)) ENGINE=InnoDB;
CREATE TABLE links (a INT NOT NULL, b INT NOT NULL, UNIQUE KEY uab (a, b), KEY kb (b)) ENGINE=InnoDB;
CREATE TABLE gauges (id INT NOT NULL PRIMARY KEY, a INT, x INT, v INT AS (a + 1) VIRTUAL, b INT,
  c INT, KEY kv (v), KEY kc (c)) ENGINE=InnoDB;
)sql";

// The operations of `alter`, applied to `table`, on `target`.
std::vector<analyzer::DdlOperation> Operations(std::string_view alter, std::string_view target,
                                               std::string_view table = "orders") {
  analyzer::Catalog catalog;
  const parser::ParseResult schema = parser::Parse(kSchema);
  REQUIRE(schema.ok());
  for (const auto* st : schema.statements()) catalog.ApplyStatement(*st, schema.text(), "schema");
  const analyzer::Table before = *catalog.FindTable("", table);
  const parser::ParseResult r = parser::Parse(alter);
  REQUIRE(r.ok());
  const parser::ast::Statement& st = *r.statements()[0];
  catalog.ApplyStatement(st, r.text(), "m.sql");
  return analyzer::OperationsOf(st, &before, catalog.FindTable("", table), Target(target));
}

// "operation ALGORITHM rebuilds" for each operation of `alter`, applied to `table`, on `target`.
std::string Describe(std::string_view alter, std::string_view target,
                     std::string_view table = "orders") {
  std::string out;
  for (const auto& op : Operations(alter, target, table)) {
    if (!out.empty()) out += ", ";
    out += op.operation.empty() ? "?" : op.operation;
    if (op.ddl) {
      out += " " + std::string(analyzer::AlgorithmName(op.ddl->algorithm));
      if (op.ddl->rebuilds) out += " rebuilds";
    }
  }
  return out;
}

TEST_CASE("target names (--target): the five series and full versions, nothing else") {
  CHECK(Target("mysql-8.0").Name() == "mysql-8.0");
  CHECK(Target("MariaDB-10.11").Name() == "mariadb-10.11");
  CHECK(Target("mysql-8.0.36").Name() == "mysql-8.0.36");
  CHECK(Target("mariadb-11.4.2").mariadb());
  for (const char* bad : {"mysql", "mysql-5.7", "mysql-9.0", "mariadb-10.5", "postgres-16",
                          "mysql-8", "mysql-8.0.x", ""}) {
    INFO(bad);
    CHECK_FALSE(analyzer::ServerTarget::Parse(bad).ok());
  }
  const auto t = analyzer::ServerTarget::FromVersion("10.11.6-MariaDB-0+deb12u1");
  REQUIRE(t.has_value());
  CHECK(t->Name() == "mariadb-10.11.6");
  CHECK(analyzer::ServerTarget::FromVersion("8.0.36")->Name() == "mysql-8.0.36");
  CHECK_FALSE(analyzer::ServerTarget::FromVersion("garbage").has_value());
}

TEST_CASE("the table has a row for every operation on every supported series") {
  const auto operations = analyzer::KnownOperations();
  REQUIRE(operations.size() >= 40);
  for (const char* target :
       {"mysql-8.0", "mysql-8.4", "mariadb-10.6", "mariadb-10.11", "mariadb-11.4"}) {
    for (const std::string& op : operations) {
      INFO(target << " " << op);
      CHECK(analyzer::Lookup(op, Target(target), {}).has_value());
    }
  }
  CHECK_FALSE(analyzer::Lookup("no-such-operation", Target("mysql-8.0"), {}).has_value());
}

TEST_CASE("operations of an ALTER, and the algorithm each target uses") {
  struct Case {
    const char* sql;
    const char* mysql;
    const char* mariadb;
  };
  const Case cases[] = {
      {"ALTER TABLE orders ADD COLUMN src VARCHAR(10)", "add-column INSTANT", "add-column INSTANT"},
      {"ALTER TABLE orders ADD COLUMN src INT AFTER id", "add-column-at-position INSTANT",
       "add-column-at-position INSTANT"},
      {"ALTER TABLE orders ADD COLUMN src INT, ADD INDEX i (src)",
       "add-column INPLACE rebuilds, add-index INPLACE",
       "add-column INPLACE rebuilds, add-index NOCOPY"},
      {"ALTER TABLE orders ADD COLUMN code INT NULL UNIQUE", "add-column INPLACE rebuilds",
       "add-column INPLACE rebuilds"},
      {"ALTER TABLE orders MODIFY total DECIMAL(14,2) NOT NULL", "change-column-type COPY rebuilds",
       "change-column-type COPY rebuilds"},
      {"ALTER TABLE orders MODIFY note VARCHAR(60) NOT NULL DEFAULT ''", "extend-varchar INPLACE",
       "extend-varchar INSTANT"},
      {"ALTER TABLE orders MODIFY note VARCHAR(100) NOT NULL DEFAULT ''",
       "extend-varchar-length-bytes COPY rebuilds", "extend-varchar-length-bytes INSTANT"},
      // memo: VARCHAR(40) utf8mb4, 160 bytes: past 127, MariaDB copies too.
      {"ALTER TABLE orders MODIFY memo VARCHAR(100)", "extend-varchar-length-bytes COPY rebuilds",
       "extend-varchar-length-bytes COPY rebuilds"},
      {"ALTER TABLE orders MODIFY memo VARCHAR(40) NOT NULL",
       "make-column-not-null INPLACE rebuilds", "make-column-not-null INPLACE rebuilds"},
      {"ALTER TABLE orders MODIFY legacy VARCHAR(10) CHARACTER SET utf8mb4",
       "widen-column-charset COPY rebuilds", "widen-column-charset INSTANT"},
      {"ALTER TABLE orders CHANGE note remark VARCHAR(20) NOT NULL DEFAULT ''",
       "rename-column INSTANT", "rename-column INSTANT"},
      {"ALTER TABLE orders MODIFY note VARCHAR(20) NOT NULL DEFAULT 'x' FIRST",
       "reorder-column INPLACE rebuilds", "reorder-column INSTANT"},
      {"ALTER TABLE orders MODIFY state ENUM('a','b','c') NOT NULL DEFAULT 'a'",
       "extend-enum INSTANT", "extend-enum INSTANT"},
      // A member inserted before the end renumbers the others: the table is copied.
      {"ALTER TABLE orders MODIFY state ENUM('a','x','b') NOT NULL DEFAULT 'a'",
       "change-column-type COPY rebuilds", "change-column-type COPY rebuilds"},
      {"ALTER TABLE orders MODIFY state ENUM('b','a') NOT NULL DEFAULT 'a'",
       "change-column-type COPY rebuilds", "change-column-type COPY rebuilds"},
      {"ALTER TABLE orders DROP PRIMARY KEY, ADD PRIMARY KEY (id, customer_id)",
       "replace-primary-key INPLACE rebuilds", "replace-primary-key INPLACE rebuilds"},
      {"ALTER TABLE orders DROP COLUMN note", "drop-column INPLACE rebuilds", "drop-column NOCOPY"},
      {"ALTER TABLE orders DROP COLUMN body", "drop-column INSTANT", "drop-column INSTANT"},
      {"ALTER TABLE orders ALTER COLUMN note SET DEFAULT 'x', RENAME INDEX idx_note TO i2",
       "set-column-default INSTANT, rename-index INPLACE",
       "set-column-default INSTANT, rename-index INSTANT"},
      {"ALTER TABLE orders ADD FULLTEXT INDEX ft (body)",
       "add-first-fulltext-index INPLACE rebuilds", "add-first-fulltext-index INPLACE rebuilds"},
      {"ALTER TABLE orders ENGINE=InnoDB, ALGORITHM=INPLACE, LOCK=NONE",
       "rebuild-table INPLACE rebuilds", "rebuild-table INPLACE rebuilds"},
      {"ALTER TABLE orders ENGINE=MyISAM", "change-engine COPY rebuilds",
       "change-engine COPY rebuilds"},
      {"ALTER TABLE orders CONVERT TO CHARACTER SET utf8mb4", "widen-table-charset COPY rebuilds",
       "widen-table-charset INSTANT"},
      {"ALTER TABLE orders CONVERT TO CHARACTER SET latin1", "convert-charset COPY rebuilds",
       "convert-charset COPY rebuilds"},
      {"ALTER TABLE orders RENAME TO sales", "rename-table INSTANT", "rename-table INSTANT"},
      {"ALTER TABLE orders ADD PARTITION (PARTITION p1 VALUES LESS THAN (10))", "?", "?"},
      {"CREATE INDEX i ON orders (total)", "add-index INPLACE", "add-index NOCOPY"},
      {"DROP INDEX idx_note ON orders", "drop-index INPLACE", "drop-index NOCOPY"},
  };
  for (const Case& c : cases) {
    INFO(c.sql);
    CHECK(Describe(c.sql, "mysql-8.0") == c.mysql);
    CHECK(Describe(c.sql, "mariadb-10.11") == c.mariadb);
  }
  // CONVERT TO utf8mb4 of a utf8mb3 table: MariaDB keeps the bytes (INSTANT) unless a column
  // changes type with it — TEXT becomes MEDIUMTEXT, VARCHAR(50) (150 bytes) needs a second
  // length byte — and then copies (measured on 10.11).
  CHECK(Describe("ALTER TABLE tags CONVERT TO CHARACTER SET utf8mb4", "mariadb-10.11", "tags") ==
        "widen-table-charset INSTANT");
  CHECK(Describe("ALTER TABLE notes CONVERT TO CHARACTER SET utf8mb4", "mariadb-10.11", "notes") ==
        "change-column-type COPY rebuilds");
  CHECK(Describe("ALTER TABLE notes CONVERT TO CHARACTER SET utf8mb4", "mysql-8.0", "notes") ==
        "widen-table-charset COPY rebuilds");

  // Versions: before 8.0.29 MySQL rebuilt for DROP COLUMN; before 8.0.12 for ADD COLUMN.
  CHECK(Describe("ALTER TABLE orders DROP COLUMN body", "mysql-8.0.28") ==
        "drop-column INPLACE rebuilds");
  CHECK(Describe("ALTER TABLE orders ADD COLUMN src INT", "mysql-8.0.11") ==
        "add-column INPLACE rebuilds");
}

TEST_CASE("SERIAL DEFAULT VALUE is an auto-increment column with a unique key") {
  for (const char* target : {"mysql-8.0", "mariadb-10.11"}) {
    INFO(target);
    const std::string serial =
        Describe("ALTER TABLE orders ADD COLUMN seq BIGINT UNSIGNED SERIAL DEFAULT VALUE", target);
    CHECK(serial.starts_with("add-auto-increment-column "));
    CHECK(serial == Describe("ALTER TABLE orders ADD COLUMN seq BIGINT UNSIGNED NOT NULL "
                             "AUTO_INCREMENT UNIQUE",
                             target));
  }
}

// The cases below were measured on MariaDB 10.11.19 (the first of ALGORITHM=INSTANT, NOCOPY,
// INPLACE, COPY it accepts), in migrations tests/live/online_ddl_test.py does not probe.

TEST_CASE("a column dropped from an index of several columns: the index and the table rebuilt") {
  CHECK(Describe("ALTER TABLE events DROP COLUMN kind", "mariadb-10.11", "events") ==
        "drop-column INPLACE rebuilds");
  CHECK(Describe("ALTER TABLE events DROP COLUMN at", "mariadb-10.11", "events") ==
        "drop-column INPLACE rebuilds");
  // The index dropped with it, or an index of that column alone: only the index goes.
  CHECK(Describe("ALTER TABLE events DROP COLUMN kind, DROP INDEX idx_kind_at", "mariadb-10.11",
                 "events") == "drop-column NOCOPY, drop-index NOCOPY");
  CHECK(Describe("ALTER TABLE orders DROP COLUMN note", "mariadb-10.11") == "drop-column NOCOPY");
}

TEST_CASE("a UNIQUE index of whole NOT NULL columns on a table without a primary key is one") {
  // InnoDB clusters the table on it: adding one rebuilds the table, dropping it copies it.
  for (const char* target : {"mysql-8.0", "mariadb-10.11"}) {
    INFO(target);
    CHECK(Describe("ALTER TABLE events ADD UNIQUE KEY us (session)", target, "events") ==
          "add-primary-key INPLACE rebuilds");
    CHECK(Describe("CREATE UNIQUE INDEX us ON events (session, at)", target, "events") ==
          "add-primary-key INPLACE rebuilds");
    CHECK(Describe("DROP INDEX uab ON links", target, "links") == "drop-primary-key COPY rebuilds");
  }
  // A NULL column, a prefix, a table with a primary key or already clustered on such an index:
  // a secondary index.
  CHECK(Describe("ALTER TABLE events ADD UNIQUE KEY us (source)", "mariadb-10.11", "events") ==
        "add-index NOCOPY");
  CHECK(Describe("ALTER TABLE events ADD UNIQUE KEY us (session(8))", "mariadb-10.11", "events") ==
        "add-index NOCOPY");
  CHECK(Describe("ALTER TABLE orders ADD UNIQUE KEY us (customer_id)", "mariadb-10.11") ==
        "add-index NOCOPY");
  CHECK(Describe("ALTER TABLE links ADD UNIQUE KEY ub (b)", "mariadb-10.11", "links") ==
        "add-index NOCOPY");
  CHECK(Describe("ALTER TABLE links DROP INDEX kb", "mariadb-10.11", "links") ==
        "drop-index NOCOPY");
}

TEST_CASE("MariaDB copies to make a column NOT NULL beside a STORED generated column") {
  CHECK(Describe("ALTER TABLE prices MODIFY weight INT NOT NULL", "mariadb-10.11", "prices") ==
        "make-column-not-null COPY rebuilds");
  CHECK(Describe("ALTER TABLE prices MODIFY weight INT NOT NULL", "mysql-8.0", "prices") ==
        "make-column-not-null INPLACE rebuilds");
  // A VIRTUAL column in no index is not evaluated: rebuilt in place.
  CHECK(Describe("ALTER TABLE products MODIFY weight INT NOT NULL", "mariadb-10.11", "products") ==
        "make-column-not-null INPLACE rebuilds");
}

TEST_CASE("MariaDB adds, drops or moves a VIRTUAL column in place only alone") {
  // Dropping one is INSTANT, also with a FULLTEXT index.
  CHECK(Describe("ALTER TABLE products DROP COLUMN taxed", "mariadb-10.11", "products") ==
        "drop-virtual-column INSTANT");
  CHECK(Describe("ALTER TABLE products DROP COLUMN taxed", "mysql-8.0", "products") ==
        "drop-virtual-column INSTANT");
  // A column dropped or added before one moves it: with the rebuild a FULLTEXT index or a new
  // index needs, or with any change but adding or dropping columns and indexes, the server
  // copies the table ("INPLACE ADD or DROP of virtual columns cannot be combined with other
  // ALTER TABLE actions").
  CHECK(Describe("ALTER TABLE products DROP COLUMN weight", "mariadb-10.11", "products") ==
        "drop-column COPY rebuilds");
  CHECK(Describe("ALTER TABLE products ADD COLUMN code INT AFTER sku", "mariadb-10.11",
                 "products") == "add-column-at-position COPY rebuilds");
  CHECK(Describe("ALTER TABLE products ADD COLUMN code INT", "mariadb-10.11", "products") ==
        "add-column INPLACE rebuilds");
  CHECK(Describe("ALTER TABLE prices DROP COLUMN weight", "mariadb-10.11", "prices") ==
        "drop-column INSTANT");
  CHECK(Describe("ALTER TABLE prices DROP COLUMN weight, ADD INDEX ip (price)", "mariadb-10.11",
                 "prices") == "drop-column COPY rebuilds, add-index NOCOPY");
  CHECK(Describe("ALTER TABLE prices ADD COLUMN z INT FIRST, RENAME COLUMN price TO p",
                 "mariadb-10.11",
                 "prices") == "add-column-at-position COPY rebuilds, rename-column INSTANT");
  // A column added before it and another dropped before it: it stays where it was.
  CHECK(Describe("ALTER TABLE prices DROP COLUMN weight, ADD COLUMN z INT", "mariadb-10.11",
                 "prices") == "drop-column COPY rebuilds, add-column INSTANT");
  CHECK(Describe("ALTER TABLE prices ADD COLUMN z INT FIRST, DROP COLUMN weight", "mariadb-10.11",
                 "prices") == "add-column-at-position INSTANT, drop-column INSTANT");
  CHECK(Describe("ALTER TABLE orders ADD COLUMN a INT, ADD COLUMN v INT AS (a + 1) VIRTUAL",
                 "mariadb-10.11") == "add-column INSTANT, add-virtual-column COPY rebuilds");
  CHECK(Describe("ALTER TABLE products DROP COLUMN taxed, COMMENT = 'x'", "mariadb-10.11",
                 "products") == "drop-virtual-column COPY rebuilds, table-metadata INSTANT");
  // With indexes, or with other columns dropped: in place, but for a column dropped before one
  // (moving it) in a table with a FULLTEXT index.
  CHECK(Describe("ALTER TABLE orders ADD COLUMN v INT AS (id + 1) VIRTUAL, ADD INDEX iv (v)",
                 "mariadb-10.11") == "add-virtual-column INSTANT, add-index NOCOPY");
  CHECK(Describe("ALTER TABLE products DROP COLUMN taxed, DROP COLUMN weight", "mariadb-10.11",
                 "products") == "drop-virtual-column INSTANT, drop-column COPY rebuilds");
}

// Measured on MariaDB 10.11: a VIRTUAL column's new expression is metadata, as long as no index
// holds its values; with another type, or stored, the table is copied.
TEST_CASE("MariaDB gives a VIRTUAL column a new expression at once, unless an index holds it") {
  CHECK(Describe("ALTER TABLE prices MODIFY gross INT AS (price + 2) VIRTUAL", "mariadb-10.11",
                 "prices") == "change-virtual-expression INSTANT");
  CHECK(Describe("ALTER TABLE prices MODIFY gross INT AS (price + 2) VIRTUAL, ADD COLUMN z INT",
                 "mariadb-10.11",
                 "prices") == "change-virtual-expression INSTANT, add-column INSTANT");
  CHECK(Describe("ALTER TABLE prices MODIFY gross BIGINT AS (price + 2) VIRTUAL", "mariadb-10.11",
                 "prices") == "change-column-type COPY rebuilds");
  CHECK(Describe("ALTER TABLE prices MODIFY cents INT AS (price * 1000) STORED", "mariadb-10.11",
                 "prices") == "change-column-type COPY rebuilds");
  CHECK(Describe("ALTER TABLE gauges MODIFY v INT AS (a + 2) VIRTUAL", "mariadb-10.11", "gauges") ==
        "change-virtual-expression COPY rebuilds");
  // The MySQL manual names no in-place form for it: COPY, as before, until measured.
  CHECK(Describe("ALTER TABLE prices MODIFY gross INT AS (price + 2) VIRTUAL", "mysql-8.0",
                 "prices") == "change-virtual-expression COPY rebuilds");
}

// Measured on MariaDB 10.11 on this very table: with a VIRTUAL column in an index, adding or
// dropping a column rebuilds the table in place while writes wait, and copies it when the
// indexed column moves. A STORED column alone changes nothing of that (prices).
TEST_CASE("MariaDB rebuilds a table with an indexed VIRTUAL column to add or drop a column") {
  const auto expect = [](std::string_view alter, std::string_view ops) {
    INFO(alter);
    CHECK(Describe(alter, "mariadb-10.11", "gauges") == ops);
    for (const auto& op : Operations(alter, "mariadb-10.11", "gauges")) {
      if (op.ddl && op.ddl->rebuilds) CHECK(op.ddl->lock == analyzer::DdlLock::kShared);
    }
  };
  expect("ALTER TABLE gauges ADD COLUMN e INT", "add-column INPLACE rebuilds");
  expect("ALTER TABLE gauges ADD COLUMN e INT AFTER b", "add-column-at-position INPLACE rebuilds");
  expect("ALTER TABLE gauges ADD COLUMN e INT FIRST", "add-column-at-position COPY rebuilds");
  expect("ALTER TABLE gauges DROP COLUMN b", "drop-column INPLACE rebuilds");
  expect("ALTER TABLE gauges DROP COLUMN c", "drop-column INPLACE rebuilds");
  expect("ALTER TABLE gauges DROP COLUMN x", "drop-column COPY rebuilds");
  expect("ALTER TABLE gauges ADD COLUMN e INT, ADD INDEX ke (e)",
         "add-column INPLACE rebuilds, add-index NOCOPY");
  expect("ALTER TABLE gauges RENAME COLUMN b TO b2", "rename-column INSTANT");
  CHECK(Describe("ALTER TABLE prices ADD COLUMN z INT", "mariadb-10.11", "prices") ==
        "add-column INSTANT");
}

TEST_CASE("MariaDB indexes a VIRTUAL column added with the index while writes wait") {
  auto lock = [](std::string_view alter) {
    const auto ops = Operations(alter, "mariadb-10.11");
    REQUIRE(ops.size() == 2);
    REQUIRE(ops[1].ddl.has_value());
    CHECK(ops[1].ddl->algorithm == Algorithm::kNocopy);
    return ops[1].ddl->lock;
  };
  CHECK(lock("ALTER TABLE orders ADD COLUMN v INT AS (id + 1) VIRTUAL, ADD INDEX iv (v)") ==
        analyzer::DdlLock::kShared);
  CHECK(lock("ALTER TABLE orders ADD COLUMN v INT AS (id + 1) VIRTUAL, ADD INDEX it (total)") ==
        analyzer::DdlLock::kNone);
  CHECK(Operations("ALTER TABLE products ADD INDEX it (taxed)", "mariadb-10.11", "products")[0]
            .ddl->lock == analyzer::DdlLock::kNone);
}

TEST_CASE("MariaDB rebuilds a table with a FULLTEXT index to reorder its columns") {
  CHECK(Describe("ALTER TABLE products MODIFY weight INT NULL AFTER id", "mariadb-10.11",
                 "products") == "reorder-column INPLACE rebuilds");
}

TEST_CASE("a null rebuild of a table with a FULLTEXT index blocks writes on MariaDB") {
  const auto ops = Operations("ALTER TABLE products ENGINE=InnoDB", "mariadb-10.11", "products");
  REQUIRE(ops.size() == 1);
  REQUIRE(ops[0].ddl.has_value());
  CHECK(ops[0].ddl->algorithm == Algorithm::kInplace);
  CHECK(ops[0].ddl->lock == analyzer::DdlLock::kShared);
}

TEST_CASE("MariaDB's DROP INDEX takes no ALGORITHM or LOCK clause") {
  const auto ops = Operations("DROP INDEX idx_note ON orders ALGORITHM=INPLACE", "mariadb-10.11");
  REQUIRE(ops.size() == 1);
  CHECK(ops[0].refused.find("error 1064") != std::string::npos);
  CHECK(Operations("DROP INDEX idx_note ON orders ALGORITHM=INPLACE", "mysql-8.0")[0]
            .refused.empty());
  CHECK(Operations("DROP INDEX idx_note ON orders", "mariadb-10.11")[0].refused.empty());
}

}  // namespace
