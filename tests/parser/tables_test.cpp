#include "parser/tables.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

namespace qadvisor::parser {
namespace {

using Strings = std::vector<std::string>;

// "db.t" or "t" for each table, in order.
Strings Names(std::string_view sql) {
  Strings out;
  for (const TableRefName& t : TablesOf(sql))
    out.push_back(t.db.empty() ? t.table : t.db + "." + t.table);
  return out;
}

TEST_CASE("tables of SELECT: joins, derived tables, subqueries anywhere") {
  CHECK(Names("SELECT * FROM t") == Strings{"t"});
  CHECK(Names("SELECT 1") == Strings{});
  CHECK(Names("SELECT a FROM shop.orders o JOIN `users` u ON u.id = o.user_id, items") ==
        Strings{"shop.orders", "users", "items"});
  CHECK(Names("SELECT * FROM (SELECT * FROM a) x LEFT JOIN (b, c JOIN d ON 1) ON 1") ==
        Strings{"a", "b", "c", "d"});
  CHECK(Names("SELECT (SELECT max(v) FROM s), f((SELECT 1 FROM g)) FROM t WHERE id IN (SELECT id "
              "FROM u) AND EXISTS (SELECT 1 FROM v WHERE v.x > ALL (SELECT x FROM w)) "
              "ORDER BY (SELECT 1 FROM o)") == Strings{"t", "s", "g", "u", "v", "w", "o"});
  CHECK(Names("SELECT a FROM t UNION SELECT a FROM u UNION ALL (SELECT a FROM t)") ==
        Strings{"t", "u"});
  CHECK(Names("SELECT a FROM t GROUP BY a HAVING count(*) > (SELECT 1 FROM h)") ==
        Strings{"t", "h"});
}

TEST_CASE("tables: a CTE's name is not a table, its body's tables are") {
  CHECK(Names("WITH x AS (SELECT * FROM base) SELECT * FROM x JOIN other ON 1") ==
        Strings{"base", "other"});
  CHECK(Names("WITH RECURSIVE r AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT * FROM r") ==
        Strings{});
  CHECK(Names("WITH x AS (SELECT 1) SELECT * FROM db.x") == Strings{"db.x"});
}

TEST_CASE("tables of INSERT, UPDATE, DELETE and DDL") {
  CHECK(Names("INSERT INTO log (a) VALUES (1), ((SELECT max(a) FROM src))") ==
        Strings{"log", "src"});
  CHECK(Names("INSERT INTO t SELECT * FROM s ON DUPLICATE KEY UPDATE a = 1") == Strings{"t", "s"});
  CHECK(Names("REPLACE INTO a.t SET x = 1") == Strings{"a.t"});
  CHECK(Names("UPDATE t JOIN u ON t.id = u.id SET t.a = (SELECT 1 FROM v) WHERE u.b = 2") ==
        Strings{"t", "u", "v"});
  CHECK(Names("DELETE FROM t WHERE id IN (SELECT id FROM dead)") == Strings{"t", "dead"});
  CHECK(Names("DELETE t1 FROM t1 JOIN t2 ON t1.id = t2.id") == Strings{"t1", "t2"});
  CHECK(Names("CREATE TABLE n LIKE o") == Strings{"n", "o"});
  CHECK(Names("CREATE INDEX i ON t (a)") == Strings{"t"});
  CHECK(Names("ALTER TABLE t ADD COLUMN c INT") == Strings{"t"});
  CHECK(Names("DROP TABLE a, b.c") == Strings{"a", "b.c"});
}

TEST_CASE("tables: each once, every statement counts, unparsed SQL names none") {
  CHECK(Names("SELECT * FROM t JOIN t AS t2 ON 1") == Strings{"t"});
  CHECK(Names("SELECT * FROM a; SELECT * FROM b") == Strings{"a", "b"});
  CHECK(Names("SHOW TABLES") == Strings{});
  CHECK(Names("SELECT FROM WHERE") == Strings{});
  CHECK(Names("") == Strings{});
  CHECK(Names("SELECT * FROM `we``ird`") == Strings{"we`ird"});
}

}  // namespace
}  // namespace qadvisor::parser
