// Only ever one read-only SELECT: the rewrites of UPDATE / DELETE / INSERT … SELECT, every
// refusal with its reason, crafted injections, placeholders, time limits and EXPLAIN text; and the
// write gate verify's measurement of writes passes its statements through.
#include "connectors/safe_query.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <string>

#include "parser/parser.h"

namespace {

using namespace qadvisor;
using connectors::CheckReadOnlySelect;
using connectors::CheckWrite;
using connectors::ExplainStatement;
using connectors::FillPlaceholders;
using connectors::RunnableQuery;
using connectors::RunnableWrite;
using connectors::ToReadOnlySelect;
using connectors::ToWrite;
using connectors::WithTimeLimit;
using connectors::WriteWithTimeLimit;
namespace ast = parser::ast;

// The accepted rewrite of `in`; fails the test when it is refused.
RunnableQuery Accepted(std::string_view in, const parser::ParseOptions& options = {}) {
  const Result<RunnableQuery> r = ToReadOnlySelect(in, options);
  INFO("input: " << in << "\nrefused: " << r.status().message());
  REQUIRE(r.ok());
  INFO("output: " << r->sql);
  CHECK(CheckReadOnlySelect(r->sql, options).ok());
  return r.value();
}

// The reason `in` is refused; fails the test when it is accepted.
std::string Refused(std::string_view in, const parser::ParseOptions& options = {}) {
  const Result<RunnableQuery> r = ToReadOnlySelect(in, options);
  INFO("input: " << in << "\naccepted as: " << (r.ok() ? r->sql : std::string()));
  REQUIRE_FALSE(r.ok());
  return r.status().message();
}

std::string GateRefusal(std::string_view sql, const parser::ParseOptions& options = {}) {
  const Status s = CheckReadOnlySelect(sql, options);
  INFO("gate passed: " << sql);
  REQUIRE_FALSE(s.ok());
  return s.message();
}

// The first SELECT block of a statement that must be one SELECT.
const ast::Select& MainSelect(const parser::ParseResult& parsed) {
  REQUIRE(parsed.ok());
  REQUIRE(parsed.statements().size() == 1);
  REQUIRE(parsed.statements()[0]->kind == ast::StatementKind::kSelect);
  const ast::Query* q = parsed.statements()[0]->As<ast::SelectStatement>().query;
  REQUIRE(q->term->select != nullptr);
  return *q->term->select;
}

// The rewrite of an UPDATE / DELETE keeps the WHERE, ORDER BY and LIMIT of the original.
void SameRowsAs(const std::string& select_sql, std::string_view original) {
  const parser::ParseResult after = parser::Parse(select_sql);
  const ast::Select& s = MainSelect(after);
  const parser::ParseResult before = parser::Parse(original);
  REQUIRE(before.statements().size() == 1);
  const ast::Statement& st = *before.statements()[0];
  const ast::Expr* where = nullptr;
  const ast::Expr* limit = nullptr;
  std::span<const ast::OrderItem> order;
  if (st.kind == ast::StatementKind::kUpdate) {
    where = st.As<ast::UpdateStatement>().where;
    limit = st.As<ast::UpdateStatement>().limit;
    order = st.As<ast::UpdateStatement>().order_by;
  } else {
    REQUIRE(st.kind == ast::StatementKind::kDelete);
    where = st.As<ast::DeleteStatement>().where;
    limit = st.As<ast::DeleteStatement>().limit;
    order = st.As<ast::DeleteStatement>().order_by;
  }
  const ast::Query& q = *after.statements()[0]->As<ast::SelectStatement>().query;
  REQUIRE((where == nullptr) == (s.where == nullptr));
  if (where != nullptr) CHECK(parser::Equal(*where, *s.where));
  REQUIRE((limit == nullptr) == (q.limit == nullptr));
  if (limit != nullptr) CHECK(parser::Equal(*limit, *q.limit));
  REQUIRE(order.size() == q.order_by.size());
  for (size_t i = 0; i < order.size(); ++i) {
    CHECK(parser::Equal(*order[i].expr, *q.order_by[i].expr));
    CHECK(order[i].direction == q.order_by[i].direction);
  }
}

TEST_CASE("a SELECT is kept as written") {
  for (const char* sql : {
           "SELECT a, b FROM t WHERE a = 1 ORDER BY b LIMIT 10",
           "select * from `db`.`t` as x where x.a in (1, 2, 3)",
           "WITH c AS (SELECT id FROM u WHERE k = 2) SELECT * FROM t JOIN c USING (id)",
           "SELECT a FROM t UNION ALL SELECT a FROM u ORDER BY 1",
           "(SELECT a FROM t WHERE b = 1) UNION (SELECT a FROM u)",
           "SELECT /*+ BKA(t) */ SQL_NO_CACHE a FROM t FORCE INDEX (i) WHERE a > 'x'",
           "SELECT /*!40001 SQL_NO_CACHE */ * FROM t WHERE a = 1",
           "SELECT a FROM t WHERE name = 'O''Brien' AND note LIKE '50\\%'",
           "SELECT '/*!50000 ; DROP TABLE t */', '; DROP TABLE u', \"-- x\"",
           "SELECT IS_FREE_LOCK('x'), LASTVAL(s), @@version, @v",
       }) {
    const RunnableQuery q = Accepted(sql);
    CHECK(q.sql == sql);
    CHECK(q.rewritten_from.empty());
  }
  // Surrounding white space, comments after it and the delimiter go; a comment before stays out.
  CHECK(Accepted("  /* app */ SELECT 1 ;  ").sql == "SELECT 1");
  CHECK(Accepted("SELECT a FROM t -- the end").sql == "SELECT a FROM t");
  CHECK(Accepted("SELECT a FROM t WHERE b = 1 /* trailing */\n").sql ==
        "SELECT a FROM t WHERE b = 1");
}

TEST_CASE("locking clauses are removed, also in subqueries") {
  CHECK(Accepted("SELECT * FROM t WHERE a = 1 FOR UPDATE").sql == "SELECT * FROM t WHERE a = 1");
  CHECK(Accepted("SELECT * FROM t WHERE a = 'x' LOCK IN SHARE MODE").sql ==
        "SELECT * FROM t WHERE a = 'x'");
  CHECK(Accepted("SELECT a FROM t WHERE x = 1 ORDER BY a DESC LIMIT 5 FOR SHARE OF t SKIP LOCKED")
            .sql == "SELECT a FROM t WHERE x = 1 ORDER BY a DESC LIMIT 5");
  CHECK(Accepted("SELECT a FROM t WHERE x = 1 FOR UPDATE NOWAIT").sql ==
        "SELECT a FROM t WHERE x = 1");
  CHECK(Accepted("(SELECT a FROM t) UNION (SELECT b FROM u) ORDER BY 1 LIMIT 3 FOR UPDATE").sql ==
        "(SELECT a FROM t) UNION (SELECT b FROM u) ORDER BY 1 LIMIT 3");
  CHECK(Accepted("SELECT * FROM t WHERE id IN (SELECT id FROM u WHERE k = 1 FOR UPDATE) FOR UPDATE")
            .sql == "SELECT * FROM t WHERE id IN (SELECT id FROM u WHERE k = 1)");
  CHECK(Accepted("SELECT * FROM (SELECT a FROM t FOR SHARE) d").sql ==
        "SELECT * FROM (SELECT a FROM t) d");
  CHECK(Accepted("SELECT a FROM t -- c\nFOR UPDATE").sql == "SELECT a FROM t");
  // The gate itself refuses them.
  CHECK(GateRefusal("SELECT * FROM t FOR UPDATE").starts_with("takes locks:"));
  CHECK(GateRefusal("SELECT * FROM t WHERE a IN (SELECT a FROM u LOCK IN SHARE MODE)")
            .starts_with("takes locks:"));
}

TEST_CASE("UPDATE becomes the SELECT of the rows it changes") {
  struct Case {
    const char* in;
    const char* out;
  };
  for (const Case& c : {
           Case{"UPDATE t SET a = 1 WHERE b = 2",  //
                "SELECT * FROM t WHERE b = 2"},
           Case{"UPDATE LOW_PRIORITY IGNORE t SET a = 1, b = (SELECT 2) WHERE c = 3 ORDER BY d "
                "DESC LIMIT 10",
                "SELECT * FROM t WHERE c = 3 ORDER BY d DESC LIMIT 10"},
           Case{"UPDATE t SET a = a + 1",  //
                "SELECT * FROM t"},
           Case{"UPDATE t SET a = 0 ORDER BY created LIMIT 100",
                "SELECT * FROM t ORDER BY created LIMIT 100"},
           Case{"UPDATE `db`.`orders` AS o SET o.status = 'x' WHERE (o.id = 5)",
                "SELECT * FROM `db`.`orders` AS o WHERE (o.id = 5)"},
           Case{"UPDATE a JOIN b ON a.id = b.id SET a.x = b.y WHERE b.z = 1",
                "SELECT * FROM a JOIN b ON a.id = b.id WHERE b.z = 1"},
           Case{"UPDATE (t1 JOIN t2 ON (t1.a = t2.a)) SET t1.b = (1) WHERE (t2.c = 2)",
                "SELECT * FROM (t1 JOIN t2 ON (t1.a = t2.a)) WHERE (t2.c = 2)"},
           Case{"UPDATE a, b SET a.x = b.y WHERE a.id = b.id AND b.k IN (SELECT k FROM c)",
                "SELECT * FROM a, b WHERE a.id = b.id AND b.k IN (SELECT k FROM c)"},
           Case{"UPDATE /*+ BKA(t) */ t FORCE INDEX FOR ORDER BY (i) SET a = 1 WHERE b = 2",
                "SELECT /*+ BKA(t) */ * FROM t FORCE INDEX FOR ORDER BY (i) WHERE b = 2"},
           Case{"WITH c AS (SELECT 1 AS id) UPDATE t JOIN c USING (id) SET t.a = 1",
                "WITH c AS (SELECT 1 AS id) SELECT * FROM t JOIN c USING (id)"},
           Case{"UPDATE t SET a = 1 WHERE t.limit = 2 LIMIT 1",
                "SELECT * FROM t WHERE t.limit = 2 LIMIT 1"},
       }) {
    const RunnableQuery q = Accepted(c.in);
    CHECK(q.sql == c.out);
    CHECK(q.rewritten_from == "UPDATE");
    SameRowsAs(q.sql, c.in);
  }
}

TEST_CASE("DELETE becomes the SELECT of the rows it removes") {
  struct Case {
    const char* in;
    const char* out;
  };
  for (const Case& c : {
           Case{"DELETE FROM t WHERE a = 1",  //
                "SELECT * FROM t WHERE a = 1"},
           Case{"DELETE LOW_PRIORITY QUICK IGNORE FROM t AS x WHERE x.a = 1 ORDER BY x.b LIMIT 5",
                "SELECT * FROM t AS x WHERE x.a = 1 ORDER BY x.b LIMIT 5"},
           Case{"DELETE FROM t",  //
                "SELECT * FROM t"},
           Case{"DELETE FROM t LIMIT 1000",  //
                "SELECT * FROM t LIMIT 1000"},
           Case{"DELETE /*+ NO_RANGE_OPTIMIZATION(t) */ FROM t PARTITION (p1) WHERE a = 1",
                "SELECT /*+ NO_RANGE_OPTIMIZATION(t) */ * FROM t PARTITION (p1) WHERE a = 1"},
           Case{"DELETE t1 FROM t1 JOIN t2 ON t1.id = t2.id WHERE t2.x = 1",
                "SELECT * FROM t1 JOIN t2 ON t1.id = t2.id WHERE t2.x = 1"},
           Case{"DELETE t1.*, t2 FROM t1, t2 WHERE t1.id = t2.id",
                "SELECT * FROM t1, t2 WHERE t1.id = t2.id"},
           Case{"DELETE FROM t1, t2 USING t1 JOIN t2 ON t1.id = t2.id WHERE t2.x = 1",
                "SELECT * FROM t1 JOIN t2 ON t1.id = t2.id WHERE t2.x = 1"},
           Case{"DELETE FROM t WHERE id IN (SELECT id FROM u WHERE u.k = 'a')",
                "SELECT * FROM t WHERE id IN (SELECT id FROM u WHERE u.k = 'a')"},
           Case{"WITH old AS (SELECT id FROM u WHERE k < 5) DELETE FROM t WHERE id IN (SELECT id "
                "FROM old)",
                "WITH old AS (SELECT id FROM u WHERE k < 5) SELECT * FROM t WHERE id IN (SELECT id "
                "FROM old)"},
       }) {
    const RunnableQuery q = Accepted(c.in);
    CHECK(q.sql == c.out);
    CHECK(q.rewritten_from == "DELETE");
    SameRowsAs(q.sql, c.in);
  }
}

TEST_CASE("a comment at the end of a kept piece cannot hide what follows it") {
  CHECK(Accepted("UPDATE t -- who\nSET a = 1 WHERE b = 2").sql == "SELECT * FROM t WHERE b = 2");
  CHECK(Accepted("DELETE FROM t # why\nWHERE a = 1").sql == "SELECT * FROM t WHERE a = 1");
  CHECK(Accepted("WITH c AS (SELECT 1) -- x\nDELETE FROM t WHERE a IN (SELECT * FROM c)").sql ==
        "WITH c AS (SELECT 1) SELECT * FROM t WHERE a IN (SELECT * FROM c)");
  CHECK(Accepted("/* app */ UPDATE t SET a = 1 WHERE b = 2 -- end").sql ==
        "SELECT * FROM t WHERE b = 2");
}

TEST_CASE("INSERT and REPLACE … SELECT become their SELECT") {
  RunnableQuery q = Accepted("INSERT INTO t (a) SELECT b FROM u WHERE c = 1");
  CHECK(q.sql == "SELECT b FROM u WHERE c = 1");
  CHECK(q.rewritten_from == "INSERT");
  q = Accepted(
      "INSERT IGNORE INTO t (a) SELECT b FROM u WHERE c = 1 ON DUPLICATE KEY UPDATE a = 2");
  CHECK(q.sql == "SELECT b FROM u WHERE c = 1");
  q = Accepted("REPLACE INTO t SELECT * FROM u WHERE k > 3 FOR UPDATE");
  CHECK(q.sql == "SELECT * FROM u WHERE k > 3");
  CHECK(q.rewritten_from == "REPLACE");
  q = Accepted("INSERT INTO t (SELECT a FROM u)");
  CHECK(q.sql == "(SELECT a FROM u)");
  q = Accepted("INSERT INTO t WITH c AS (SELECT 1) SELECT * FROM c");
  CHECK(q.sql == "WITH c AS (SELECT 1) SELECT * FROM c");
  q = Accepted("REPLACE INTO t TABLE `db`.u");
  CHECK(q.sql == "SELECT * FROM `db`.u");
  CHECK(q.rewritten_from == "REPLACE");
}

TEST_CASE("what is not a read is refused, with the reason") {
  CHECK(Refused("INSERT INTO t VALUES (1), (2)") == "an INSERT with VALUES reads nothing to index");
  CHECK(Refused("INSERT INTO t SET a = 1") == "an INSERT with SET reads nothing to index");
  CHECK(Refused("REPLACE INTO t (a) VALUES (1)") == "a REPLACE with VALUES reads nothing to index");
  struct Case {
    const char* in;
    const char* kind;
  };
  for (const Case& c : {
           Case{"CALL p()", "a CALL"},
           Case{"HANDLER t OPEN", "a HANDLER"},
           Case{"HANDLER t READ FIRST", "a HANDLER"},
           Case{"DO SLEEP(1)", "a DO"},
           Case{"LOAD DATA INFILE '/etc/passwd' INTO TABLE t", "a LOAD DATA"},
           Case{"SET @x = 1", "a SET"},
           Case{"SET GLOBAL max_connections = 1", "a SET"},
           Case{"GRANT ALL ON *.* TO 'x'@'%'", "a GRANT"},
           Case{"CREATE TABLE t (a INT)", "a CREATE TABLE"},
           Case{"CREATE PROCEDURE p() SELECT 1", "a CREATE PROCEDURE"},
           Case{"ALTER TABLE t ADD INDEX (a)", "an ALTER TABLE"},
           Case{"DROP TABLE t", "a DROP TABLE"},
           Case{"DROP INDEX i ON t", "a DROP INDEX"},
           Case{"USE db", "a USE"},
           Case{"EXPLAIN SELECT 1", "an EXPLAIN"},
           Case{"TABLE t", "a TABLE"},
           Case{"SHOW TABLES", "a SHOW TABLES"},
           Case{"TRUNCATE TABLE t", "a TRUNCATE"},
       }) {
    CHECK(Refused(c.in) ==
          std::string("only SELECT, UPDATE, DELETE and INSERT … SELECT are verified; this is ") +
              c.kind);
  }
  // Refused as what it is, before what is wrong with its comment.
  CHECK(Refused("/*!40101 SET NAMES utf8 */") ==
        "only SELECT, UPDATE, DELETE and INSERT … SELECT are verified; this is a SET");
  CHECK(Refused("").starts_with("holds no statement:"));
  CHECK(Refused("  -- nothing\n /* here */ ").starts_with("holds no statement:"));
  CHECK(Refused("SELECT 1; SELECT 2").starts_with("holds more than one statement:"));
  CHECK(Refused("SELECT FROM WHERE").starts_with("does not parse:"));
  CHECK(ToReadOnlySelect("SELECT FROM WHERE").status().code() == StatusCode::kParseError);
  CHECK(ToReadOnlySelect("CALL p()").status().code() == StatusCode::kInvalidArgument);
  CHECK(Refused("SELECT a FROM t WHERE b = ?").starts_with("has placeholders:"));
}

TEST_CASE("SELECT … INTO, side effects, waits and assignments are refused") {
  CHECK(
      Refused("SELECT * FROM t INTO OUTFILE '/tmp/x'").starts_with("writes its result somewhere:"));
  CHECK(Refused("SELECT a INTO DUMPFILE '/tmp/x' FROM t").starts_with("writes its result"));
  CHECK(Refused("SELECT a INTO @x FROM t WHERE b = 1").starts_with("writes its result"));
  CHECK(Refused("SELECT a FROM t WHERE b = 1 INTO @x").starts_with("writes its result"));
  CHECK(Refused("SELECT a FROM t UNION SELECT b FROM u INTO OUTFILE '/tmp/y'")
            .starts_with("writes its result"));
  CHECK(Refused("INSERT INTO t SELECT a INTO @x FROM u").starts_with("writes its result"));
  CHECK(Refused("SELECT a FROM t FOR UPDATE INTO @x").starts_with("writes its result"));
  CHECK(Refused("SELECT a FROM t WHERE b IN (SELECT b FROM u FOR SHARE) INTO @x")
            .starts_with("writes its result"));
  CHECK(GateRefusal("SELECT a FROM t FOR UPDATE INTO @x").starts_with("writes its result"));

  for (const char* sql : {
           "SELECT SLEEP(100)",
           "SELECT sleep (1)",
           "SELECT `Sleep`(1)",
           "SELECT * FROM t WHERE a = 1 AND SLEEP(5) = 0",
           "SELECT BENCHMARK(100000000, MD5('x'))",
           "SELECT GET_LOCK('x', 10)",
           "SELECT RELEASE_LOCK('x')",
           "SELECT RELEASE_ALL_LOCKS()",
           "SELECT 1 UNION SELECT LOAD_FILE('/etc/passwd')",
           "SELECT NEXTVAL(s)",
           "SELECT SETVAL(s, 100)",
           "SELECT MASTER_POS_WAIT('log', 4)",
           "SELECT SOURCE_POS_WAIT('log', 4)",
           "SELECT MASTER_GTID_WAIT('0-1-1')",
           "SELECT WAIT_FOR_EXECUTED_GTID_SET('x')",
           "SELECT WAIT_UNTIL_SQL_THREAD_AFTER_GTIDS('x')",
           "SELECT sys_exec('rm -rf /')",
           "SELECT SYS_EVAL('id')",
           "SELECT keyring_key_fetch('k')",
           "SELECT LAST_INSERT_ID(5)",
           "SELECT * FROM t WHERE a = (SELECT GET_LOCK('x', 1))",
           "SELECT * FROM (SELECT SLEEP(1) AS s) d",
           "SELECT * FROM t JOIN u ON u.a = t.a AND SLEEP(1) = 0",
           "SELECT COUNT(*) OVER (PARTITION BY SLEEP(1)) FROM t",
           "WITH c AS (SELECT SLEEP(1)) SELECT * FROM c",
           "SELECT CASE WHEN a THEN SLEEP(1) END FROM t",
           "SELECT db.sleep(1)",
           "DELETE FROM t WHERE id IN (SELECT id FROM u WHERE SLEEP(1) = 0)",
           "UPDATE t SET a = 1 WHERE b = BENCHMARK(1000000, 1)",
       }) {
    INFO(sql);
    CHECK(Refused(sql).starts_with("calls a function that must not run: "));
  }
  CHECK(Refused("SELECT SLEEP(1)") == "calls a function that must not run: SLEEP() waits");
  // The SET of an UPDATE is not kept, so a call there never runs.
  CHECK(Accepted("UPDATE t SET a = (SELECT SLEEP(10)) WHERE id = 1").sql ==
        "SELECT * FROM t WHERE id = 1");
  CHECK(Accepted("SELECT LAST_INSERT_ID(), IS_USED_LOCK('x')").sql ==
        "SELECT LAST_INSERT_ID(), IS_USED_LOCK('x')");

  CHECK(Refused("SELECT @a := 1").starts_with("assigns a variable: @a := 1"));
  CHECK(Refused("SELECT * FROM t WHERE (@n := @n + 1) > 0").starts_with("assigns a variable"));
  CHECK(Accepted("SELECT * FROM t WHERE a = @n").sql == "SELECT * FROM t WHERE a = @n");
}

TEST_CASE("crafted injections never run as anything but one SELECT") {
  // Stacked statements, with and without comments and quotes in the way.
  CHECK(Refused("SELECT 1; DROP TABLE t").starts_with("holds more than one statement"));
  CHECK(Refused("SELECT 1;DROP TABLE t;").starts_with("holds more than one statement"));
  CHECK(Refused("SELECT 1 -- x\n; DROP TABLE t").starts_with("holds more than one statement"));
  CHECK(Refused("SELECT 1 # x\n; DROP TABLE t").starts_with("holds more than one statement"));
  CHECK(Refused("SELECT * FROM t WHERE a = '\\\\'; DROP TABLE t")
            .starts_with("holds more than one statement"));
  CHECK(Refused("SELECT 1 \\G DROP TABLE t").starts_with("a byte that cannot start a token"));
  // A comment is a comment: what follows `-- ` or `#` on its line is not run, and not sent.
  CHECK(Accepted("SELECT 1 -- ; DROP TABLE t").sql == "SELECT 1");
  CHECK(Accepted("SELECT 1 # ; DROP TABLE t").sql == "SELECT 1");
  CHECK(Accepted("SELECT 1 /* ; DROP TABLE t */").sql == "SELECT 1");
  // `--x` is not a comment.
  CHECK(Refused("SELECT 1 --x\n; DROP TABLE t").starts_with("holds more than one statement"));

  // Executable comments: the server runs their content (or not, by its version).
  CHECK(Refused("SELECT 1 /*!50000 ; DROP TABLE t */")
            .starts_with("an executable comment holds more than keywords"));
  CHECK(Refused("SELECT 1 /*!99999 , SLEEP(100) */")
            .starts_with("an executable comment holds more than keywords"));
  CHECK(Refused("SELECT 1 /*!, SLEEP(100) */")
            .starts_with("an executable comment holds more than keywords"));
  CHECK(Refused("SELECT 1 /*M!100000 , SLEEP(1) */")
            .starts_with("an executable comment holds more than keywords"));
  CHECK(Refused("SELECT 1 /*m!100000 , SLEEP(1) */")
            .starts_with("an executable comment holds more than keywords"));
  // A server older than 9.99.99 skips to the first `*/` and runs SLEEP; our lexer reads a string.
  CHECK(Refused("SELECT 'a' /*!99999 ' */ , SLEEP(100) -- ' */")
            .starts_with("an executable comment holds more than keywords"));
  CHECK(Refused("SELECT 1 FROM dual /*!99999 UNION SELECT LOAD_FILE('/etc/passwd') */")
            .starts_with("an executable comment holds more than keywords"));
  CHECK(Refused("SELECT 1 /*!40001 SQL_NO_CACHE -- x\n */")
            .starts_with("an executable comment holds more than keywords"));
  CHECK(Refused("SELECT 1 /*!40001 SQL_NO_CACHE").starts_with("an unterminated"));
  CHECK(Refused("SELECT 1 /*!40001 /*!99999 , SLEEP(1) */ */")
            .starts_with("an executable comment holds more than keywords"));
  CHECK(Refused("DELETE /*!99999 , SLEEP(1) */ FROM t")
            .starts_with("an executable comment holds more than keywords"));
  CHECK(Accepted("SELECT /*!40001 SQL_NO_CACHE */ /*! STRAIGHT_JOIN */ a FROM t").sql ==
        "SELECT /*!40001 SQL_NO_CACHE */ /*! STRAIGHT_JOIN */ a FROM t");

  // Backslash-escaped quotes: one string here, but under NO_BACKSLASH_ESCAPES the string ends at
  // the backslash and `, SLEEP(100)` / `; DROP TABLE t` would be SQL. The rewrite doubles them.
  CHECK(Accepted("SELECT 'a\\', SLEEP(100) -- '").sql == "SELECT 'a'', SLEEP(100) -- '");
  CHECK(Accepted("SELECT 'a\\'; DROP TABLE t; -- '").sql == "SELECT 'a''; DROP TABLE t; -- '");
  CHECK(Accepted("SELECT \"a\\\"; DROP TABLE t; -- \"").sql ==
        "SELECT \"a\"\"; DROP TABLE t; -- \"");
  CHECK(Accepted("SELECT * FROM t WHERE name = 'O\\'Brien' AND x = '\\\\'").sql ==
        "SELECT * FROM t WHERE name = 'O''Brien' AND x = '\\\\'");
  CHECK(Accepted("SELECT * FROM t WHERE a = '\\\\'' ; DROP TABLE t -- '").sql ==
        "SELECT * FROM t WHERE a = '\\\\'' ; DROP TABLE t -- '");
  CHECK(GateRefusal("SELECT 'a\\', SLEEP(100) -- '")
            .starts_with("a string escapes its quote with a backslash"));
  CHECK(GateRefusal("SELECT * FROM t WHERE a = _utf8mb4'x\\'y'")
            .starts_with("a string escapes its quote with a backslash"));

  // In @`…` a backslash is no escape for the server: `, SLEEP(1)` would run.
  CHECK(Refused("SELECT @`a\\`, SLEEP(1) -- `")
            .starts_with("a quoted variable name holds a backslash"));
  CHECK(Refused("SELECT * FROM t WHERE a = @`x\\` OR SLEEP(5) -- `")
            .starts_with("a quoted variable name holds a backslash"));
  // @'…' and @"…" are lexed as strings: the escaped quote is doubled, as in a string.
  CHECK(Accepted("SELECT @\"a\\\", SLEEP(1) -- \"").sql == "SELECT @\"a\"\", SLEEP(1) -- \"");
  CHECK(GateRefusal("SELECT @'a\\', SLEEP(1) -- '")
            .starts_with("a quoted variable name holds a backslash"));
  CHECK(Accepted("SELECT @'a\\'b'").sql == "SELECT @'a''b'");
  CHECK(Accepted("SELECT `a\\` FROM t").sql == "SELECT `a\\` FROM t");

  // `"…"` is a string or a name by sql_mode: never a function name.
  CHECK(Refused("SELECT \"SLEEP\"(5)").starts_with("does not parse"));
  CHECK(GateRefusal("SELECT \"SLEEP\"(5)").starts_with("a \"name\" is called"));
  parser::ParseOptions ansi;
  ansi.ansi_quotes = true;
  CHECK(Refused("SELECT \"SLEEP\"(5)", ansi).starts_with("a \"name\" is called"));
  CHECK(Refused("SELECT \"db\".\"f\"(5)", ansi).starts_with("a \"name\" is called"));
  CHECK(Refused("SELECT \"a\\\" FROM t", ansi).starts_with("a \"name\" holds a backslash"));
  // Doubled, the quote reads the same as a name (ANSI_QUOTES) and as a string.
  CHECK(Accepted("SELECT @\"a\\\", SLEEP(1) -- \"", ansi).sql == "SELECT @\"a\"\", SLEEP(1) -- \"");
  CHECK(Accepted("SELECT \"a\" FROM \"t\" WHERE \"b\" = 'x'", ansi).sql ==
        "SELECT \"a\" FROM \"t\" WHERE \"b\" = 'x'");

  // Unterminated strings and comments, NUL bytes, stray bytes, very long and deep input.
  CHECK(Refused("SELECT 'abc").starts_with("an unterminated quote or comment"));
  CHECK(Refused("SELECT \"abc").starts_with("an unterminated quote or comment"));
  CHECK(Refused("SELECT `abc").starts_with("an unterminated quote or comment"));
  CHECK(Refused("SELECT 1 /* x").starts_with("an unterminated quote or comment"));
  CHECK(Refused("SELECT 'a\\'; DROP TABLE t").starts_with("an unterminated quote or comment"));
  CHECK(Refused(std::string("SELECT 1\0; DROP TABLE t", 23)).starts_with("holds a NUL byte"));
  CHECK(Refused(std::string("SELECT '\0'", 10)).starts_with("holds a NUL byte"));
  CHECK(Refused("SELECT 1 \\G").starts_with("a byte that cannot start a token"));
  CHECK(Refused("SELECT 1 \x01").starts_with("a byte that cannot start a token"));
  CHECK(Refused(std::string(9 << 20, ' ') + "SELECT 1").starts_with("statement too long"));
  std::string deep = "SELECT ";
  for (int i = 0; i < 100000; ++i) deep += '(';
  deep += '1';
  for (int i = 0; i < 100000; ++i) deep += ')';
  CHECK(Refused(deep).starts_with("does not parse"));
  std::string wide = "SELECT * FROM t WHERE a IN (0";
  for (int i = 1; i < 100000; ++i) wide += "," + std::to_string(i);
  wide += ")";
  CHECK(Accepted(wide).sql == wide);

  // Other statements in SELECT's clothes.
  CHECK(Refused("SELECT * FROM t PROCEDURE ANALYSE()").starts_with("does not parse"));
  CHECK(Refused("SELECT NEXT VALUE FOR s") ==
        "calls a function that must not run: NEXT VALUE FOR advances a sequence");
  CHECK(Accepted("SELECT PREVIOUS VALUE FOR s").sql == "SELECT PREVIOUS VALUE FOR s");  // LASTVAL
  CHECK(Refused("VALUES ROW(1)") ==
        "only SELECT, UPDATE, DELETE and INSERT … SELECT are verified; this is a VALUES");
  CHECK(GateRefusal("TABLE t").starts_with("not a SELECT"));
  CHECK(Refused("SELECT 1 FROM t INTO @a FOR UPDATE").starts_with("does not parse"));
}

TEST_CASE("the gate accepts one plain SELECT and nothing around it") {
  CHECK(CheckReadOnlySelect("SELECT 1").ok());
  CHECK(CheckReadOnlySelect("/* lead */ SELECT a FROM t WHERE b = 1 -- tail").ok());
  CHECK(GateRefusal("SELECT 1;").starts_with("holds more than one statement"));
  CHECK(GateRefusal("UPDATE t SET a = 1").starts_with("not a SELECT: this is UPDATE"));
  CHECK(GateRefusal("DELETE FROM t").starts_with("not a SELECT"));
  CHECK(GateRefusal("CALL p()").starts_with("not a SELECT: this is CALL"));
  CHECK(GateRefusal("SELECT 1 \\G").starts_with("a byte that cannot start a token"));
  CHECK(GateRefusal("SELECT a FROM t WHERE b = :id").starts_with("has placeholders"));
  CHECK(GateRefusal("SELECT 1 /*! , SLEEP(1) */").starts_with("an executable comment"));
}

TEST_CASE("digest placeholders are filled with literals that keep index use") {
  CHECK(FillPlaceholders("SELECT * FROM `t` WHERE `a` = ? AND `b` IN (...) LIMIT ?") ==
        "SELECT * FROM `t` WHERE `a` = '1' AND `b` IN ('1') LIMIT 10");
  CHECK(FillPlaceholders("SELECT a FROM t ORDER BY a LIMIT ?, ?") ==
        "SELECT a FROM t ORDER BY a LIMIT 0, 10");
  CHECK(FillPlaceholders("SELECT a FROM t LIMIT ? OFFSET ?") ==
        "SELECT a FROM t LIMIT 10 OFFSET 0");
  CHECK(FillPlaceholders("SELECT a FROM t LIMIT 5, ?") == "SELECT a FROM t LIMIT 5, 10");
  CHECK(FillPlaceholders("SELECT * FROM t WHERE d > NOW() - INTERVAL ? DAY") ==
        "SELECT * FROM t WHERE d > NOW() - INTERVAL 1 DAY");
  CHECK(FillPlaceholders("SELECT * FROM t WHERE a BETWEEN ? AND ? AND b LIKE ?") ==
        "SELECT * FROM t WHERE a BETWEEN '1' AND '1' AND b LIKE '1'");
  // `?` in strings, names and comments stays.
  CHECK(FillPlaceholders("SELECT '?', `?` FROM t /* ? */ WHERE a = ? -- ?\n") ==
        "SELECT '?', `?` FROM t /* ? */ WHERE a = '1' -- ?\n");
  // Only a whole `(...)` is a list.
  CHECK(FillPlaceholders("SELECT a FROM t WHERE b = ? AND c ...") ==
        "SELECT a FROM t WHERE b = '1' AND c ...");
  CHECK(FillPlaceholders("SELECT 1") == "SELECT 1");
  CHECK(FillPlaceholders("") == "");
  // A filled digest runs.
  CHECK(Accepted(FillPlaceholders("SELECT `a` FROM `t` WHERE `b` IN (...) AND `c` = ? ORDER BY "
                                  "`a` LIMIT ?, ?"))
            .sql ==
        "SELECT `a` FROM `t` WHERE `b` IN ('1') AND `c` = '1' ORDER BY `a` LIMIT 0, 10");
  CHECK(Accepted(FillPlaceholders("DELETE FROM `t` WHERE `id` = ? LIMIT ?")).sql ==
        "SELECT * FROM `t` WHERE `id` = '1' LIMIT 10");
}

// The write `in` is accepted as; fails the test when it is refused.
RunnableWrite WriteAccepted(std::string_view in) {
  const Result<RunnableWrite> r = ToWrite(in);
  INFO("input: " << in << "\nrefused: " << r.status().message());
  REQUIRE(r.ok());
  CHECK(CheckWrite(r->sql).ok());
  return r.value();
}

std::string WriteRefused(std::string_view in) {
  const Result<RunnableWrite> r = ToWrite(in);
  INFO("input: " << in << "\naccepted as: " << (r.ok() ? r->sql : std::string()));
  REQUIRE_FALSE(r.ok());
  return r.status().message();
}

TEST_CASE("the write gate: one INSERT, REPLACE, UPDATE or DELETE, run as written") {
  const RunnableWrite insert = WriteAccepted("INSERT INTO t (a, b) VALUES (1, 'x'), (2, 'y')");
  CHECK(insert.kind == "INSERT");
  CHECK(insert.sql == "INSERT INTO t (a, b) VALUES (1, 'x'), (2, 'y')");
  CHECK(insert.calls.empty());
  CHECK(WriteAccepted("REPLACE INTO t SET a = 1").kind == "REPLACE");
  CHECK(WriteAccepted("INSERT INTO t SELECT * FROM u WHERE a > 3").kind == "INSERT");
  CHECK(WriteAccepted("DELETE o FROM orders o JOIN c ON c.id = o.c WHERE c.x = 1").kind ==
        "DELETE");
  CHECK(WriteAccepted("/* app */ UPDATE t SET a = a + 1 WHERE id = 5 -- tail").kind == "UPDATE");
  // The functions it calls, for the server-side check of stored and loadable functions.
  const RunnableWrite calls = WriteAccepted(
      "INSERT INTO t (a, b) VALUES (NOW(), shop.f(1)) ON DUPLICATE KEY UPDATE b = COALESCE(g(), "
      "VALUES(b))");
  using Call = std::pair<std::string, std::string>;
  CHECK(calls.calls ==
        std::vector<Call>{{"", "NOW"}, {"shop", "f"}, {"", "COALESCE"}, {"", "g"}, {"", "VALUES"}});
  CHECK(WriteAccepted("UPDATE t SET a = 1 WHERE b IN (SELECT UPPER(c) FROM u)").calls ==
        std::vector<Call>{{"", "UPPER"}});
  // A quote escaped with a backslash is written doubled: the same value in every sql_mode.
  CHECK(WriteAccepted("UPDATE t SET name = 'O\\'Brien' WHERE id = 1").sql ==
        "UPDATE t SET name = 'O''Brien' WHERE id = 1");
  CHECK(WriteAccepted("UPDATE t SET a = 'x\\'; DROP TABLE t; -- '").sql ==
        "UPDATE t SET a = 'x''; DROP TABLE t; -- '");

  CHECK(WriteRefused("SELECT * FROM t") == "not a write: this is SELECT");
  CHECK(WriteRefused("CREATE TABLE u (a INT)") == "not a write: this is CREATE TABLE");
  CHECK(WriteRefused("CALL p()").starts_with("not a write: this is CALL"));
  CHECK(WriteRefused("INSERT INTO t VALUES (1); DROP TABLE t")
            .starts_with("holds more than one statement"));
  CHECK(WriteRefused("INSERT INTO t VALUES (1);").starts_with("holds more than one statement"));
  CHECK(WriteRefused("UPDATE t SET a = ? WHERE id = 1").starts_with("has placeholders"));
  CHECK(WriteRefused("DELETE /*!99999 , SLEEP(1) */ FROM t")
            .starts_with("an executable comment holds more than keywords"));
  CHECK(WriteRefused("UPDATE t SET a = SLEEP(10)") ==
        "calls a function that must not run: SLEEP() waits");
  CHECK(WriteRefused("INSERT INTO t VALUES (NEXTVAL(s))")
            .starts_with("calls a function that must not run: NEXTVAL()"));
  CHECK(WriteRefused("DELETE FROM t WHERE a IN (SELECT a FROM u WHERE GET_LOCK('x', 1))")
            .starts_with("calls a function that must not run: GET_LOCK()"));
  CHECK(WriteRefused("INSERT INTO t SELECT a FROM u WHERE sys_exec('id') = 0")
            .starts_with("calls a function that must not run: SYS_EXEC()"));
  CHECK(WriteRefused("INSERT INTO t SELECT a FROM u FOR UPDATE").starts_with("takes locks"));
  CHECK(WriteRefused("INSERT INTO t SELECT a INTO @x FROM u").starts_with("writes its result"));
  CHECK(WriteRefused("UPDATE t SET a = (@n := @n + 1)").starts_with("assigns a variable"));
  CHECK(WriteRefused("INSERT DELAYED INTO t VALUES (1)")
            .starts_with("runs outside the transaction: INSERT DELAYED"));
  CHECK(WriteRefused("INSERT INTO t VALUES ('abc").starts_with("an unterminated quote"));
  CHECK(WriteRefused(std::string("DELETE FROM t\0; DROP TABLE t", 29))
            .starts_with("holds a NUL byte"));
  // The last gate reads the text as sent: a backslash-escaped quote is refused there.
  CHECK_FALSE(CheckWrite("UPDATE t SET a = 'x\\'; DROP TABLE t; -- '").ok());
}

TEST_CASE("time limits: MariaDB SET STATEMENT, MySQL's hint") {
  CHECK(WriteWithTimeLimit("UPDATE t SET a = 1", 2.5) ==
        "SET STATEMENT max_statement_time=2.5 FOR UPDATE t SET a = 1");
  CHECK(WriteWithTimeLimit("DELETE FROM t", 0) ==
        "SET STATEMENT max_statement_time=0.001 FOR DELETE FROM t");
  CHECK(WithTimeLimit("SELECT 1", true, 2.5) ==
        "SET STATEMENT max_statement_time=2.5 FOR SELECT 1");
  CHECK(WithTimeLimit("SELECT 1", true, 30) == "SET STATEMENT max_statement_time=30 FOR SELECT 1");
  CHECK(WithTimeLimit("SELECT a FROM t", false, 2.5) ==
        "SELECT /*+ MAX_EXECUTION_TIME(2500) */ a FROM t");
  CHECK(WithTimeLimit("select a from t", false, 1) ==
        "select /*+ MAX_EXECUTION_TIME(1000) */ a from t");
  // Merged into a hint already there, ours first and the old limit gone.
  CHECK(WithTimeLimit("SELECT /*+ BKA(t) */ * FROM t", false, 1) ==
        "SELECT /*+ MAX_EXECUTION_TIME(1000) BKA(t) */ * FROM t");
  CHECK(WithTimeLimit("SELECT /*+ MAX_EXECUTION_TIME(0) BKA(t) */ * FROM t", false, 1) ==
        "SELECT /*+ MAX_EXECUTION_TIME(1000) BKA(t) */ * FROM t");
  CHECK(WithTimeLimit("SELECT /*+ SET_VAR(max_execution_time = 0) NO_ICP(t) */ * FROM t", false,
                      1) == "SELECT /*+ MAX_EXECUTION_TIME(1000) NO_ICP(t) */ * FROM t");
  CHECK(WithTimeLimit("SELECT /*+ MAX_EXECUTION_TIME(5) */ 1", false, 1) ==
        "SELECT /*+ MAX_EXECUTION_TIME(1000) */ 1");
  // The main query's first block: not a CTE's, and inside parentheses of a union.
  CHECK(WithTimeLimit("WITH c AS (SELECT 1) SELECT * FROM c", false, 1) ==
        "WITH c AS (SELECT 1) SELECT /*+ MAX_EXECUTION_TIME(1000) */ * FROM c");
  CHECK(WithTimeLimit("(SELECT a FROM t) UNION (SELECT a FROM u)", false, 1) ==
        "(SELECT /*+ MAX_EXECUTION_TIME(1000) */ a FROM t) UNION (SELECT a FROM u)");
  CHECK(WithTimeLimit("/* app */ SELECT 1", false, 1) ==
        "/* app */ SELECT /*+ MAX_EXECUTION_TIME(1000) */ 1");
  // Never without a limit.
  CHECK(WithTimeLimit("SELECT 1", false, 0) == "SELECT /*+ MAX_EXECUTION_TIME(1) */ 1");
  CHECK(WithTimeLimit("SELECT 1", false, -3) == "SELECT /*+ MAX_EXECUTION_TIME(1) */ 1");
  CHECK(WithTimeLimit("SELECT 1", true, std::nan("")) ==
        "SET STATEMENT max_statement_time=0.001 FOR SELECT 1");
  CHECK(WithTimeLimit("SELECT 1", true, 1e12) ==
        "SET STATEMENT max_statement_time=31536000 FOR SELECT 1");
  // What MySQL gets still passes the gate.
  CHECK(CheckReadOnlySelect(WithTimeLimit("SELECT /*+ BKA(t) */ a FROM t", false, 3)).ok());
}

TEST_CASE("EXPLAIN statements for both servers") {
  CHECK(ExplainStatement("SELECT 1", true, false) == "EXPLAIN FORMAT=JSON SELECT 1");
  CHECK(ExplainStatement("SELECT 1", true, true) == "ANALYZE FORMAT=JSON SELECT 1");
  CHECK(ExplainStatement("SELECT 1", false, false) == "EXPLAIN FORMAT=JSON SELECT 1");
  CHECK(ExplainStatement("SELECT 1", false, true) == "EXPLAIN ANALYZE SELECT 1");
  CHECK(ExplainStatement("SELECT a FROM t", true, true, 5) ==
        "SET STATEMENT max_statement_time=5 FOR ANALYZE FORMAT=JSON SELECT a FROM t");
  CHECK(ExplainStatement("SELECT a FROM t", true, false, 0.25) ==
        "SET STATEMENT max_statement_time=0.25 FOR EXPLAIN FORMAT=JSON SELECT a FROM t");
  CHECK(ExplainStatement("SELECT a FROM t", false, true, 5) ==
        "EXPLAIN ANALYZE SELECT /*+ MAX_EXECUTION_TIME(5000) */ a FROM t");
  CHECK(ExplainStatement("SELECT a FROM t", false, false, 5) ==
        "EXPLAIN FORMAT=JSON SELECT /*+ MAX_EXECUTION_TIME(5000) */ a FROM t");
}

}  // namespace

// Merging the limit into an existing hint must not join the text around the hint item it
// replaces: `*MAX_EXECUTION_TIME(1)/` would otherwise become `*/`, ending the hint early and
// turning what follows into SQL the gate never saw (found while writing safe_query_fuzz).
TEST_CASE("safe query: a merged time-limit hint never closes the hint early", "[safe_query]") {
  const std::string in = "SELECT /*+ *MAX_EXECUTION_TIME(1)/ 1, GET_LOCK('a', 0) /* */ x";
  REQUIRE(qadvisor::connectors::CheckReadOnlySelect(in).ok());
  const std::string out = qadvisor::connectors::WithTimeLimit(in, false, 1);
  CHECK(out == "SELECT /*+ MAX_EXECUTION_TIME(1000) * / 1, GET_LOCK('a', 0) /* */ x");
  CHECK(qadvisor::connectors::CheckReadOnlySelect(out).ok());
}
