// The syntax families of other MySQL parsers' test suites (issue 15), field by field: what each
// form parses into, how it prints, and the near misses that both servers reject.
#include <catch2/catch.hpp>
#include <string>

#include "parser/parser.h"

namespace qadvisor::parser {
namespace {

using namespace ast;  // NOLINT

const Statement& One(const ParseResult& r) {
  INFO(r.text());
  for (const Diagnostic& d : r.diagnostics()) INFO(d.ToString());
  REQUIRE(r.ok());
  REQUIRE(r.statements().size() == 1);
  return *r.statements()[0];
}

std::string Printed(std::string_view sql) {
  const ParseResult r = Parse(sql);
  return ToSql(One(r));
}

TEST_CASE("PRIMARY KEY keeps the index name it was written with") {
  const ParseResult r = Parse("CREATE TABLE t (id INT, PRIMARY KEY pk_t USING BTREE (id))");
  const auto& s = One(r).As<CreateTableStatement>();
  REQUIRE(s.indexes.size() == 1);
  CHECK(s.indexes[0].type == IndexType::kPrimary);
  CHECK(s.indexes[0].name.Value() == "pk_t");
  CHECK(ToSql(s) == "CREATE TABLE t (id INT, PRIMARY KEY pk_t USING BTREE (id))");
  CHECK(Printed("ALTER TABLE t ADD PRIMARY KEY `pk` (a)") ==
        "ALTER TABLE t ADD PRIMARY KEY `pk` (a)");
}

TEST_CASE("RETURNING on INSERT, REPLACE and single-table DELETE (MariaDB 10.5)") {
  const ParseResult ins = Parse("INSERT INTO t (a, b) VALUES (1, 2) RETURNING a, b * 2 AS twice");
  const auto& i = One(ins).As<InsertStatement>();
  REQUIRE(i.returning.size() == 2);
  CHECK(i.returning[0].expr->kind == ExprKind::kColumn);
  CHECK(i.returning[1].alias.Value() == "twice");
  CHECK(ToSql(i) == "INSERT INTO t (a, b) VALUES (1, 2) RETURNING a, b * 2 AS twice");

  const ParseResult rep = Parse("REPLACE t SET a = 1 RETURNING *");
  const auto& r = One(rep).As<InsertStatement>();
  CHECK(r.replace);
  REQUIRE(r.returning.size() == 1);
  CHECK(r.returning[0].expr->As<Column>().star);

  const ParseResult del = Parse("DELETE FROM t WHERE a = 1 LIMIT 5 RETURNING t.*, a");
  const auto& d = One(del).As<DeleteStatement>();
  REQUIRE(d.returning.size() == 2);
  CHECK(d.limit != nullptr);
  CHECK(ToSql(d) == "DELETE FROM t WHERE a = 1 LIMIT 5 RETURNING t.*, a");
  // RETURNING is a reserved word on MariaDB: never the table's alias.
  CHECK(One(Parse("DELETE FROM t RETURNING a")).As<DeleteStatement>().returning.size() == 1);

  for (const char* bad : {"INSERT INTO t VALUES (1) RETURNING", "DELETE FROM t RETURNING a,",
                          "DELETE t1 FROM t1 JOIN t2 ON t1.a = t2.a RETURNING t1.a",
                          "UPDATE t SET a = 1 RETURNING a"}) {
    INFO(bad);
    CHECK_FALSE(Parse(bad).ok());
  }
}

}  // namespace
}  // namespace qadvisor::parser
