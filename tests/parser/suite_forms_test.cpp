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

}  // namespace
}  // namespace qadvisor::parser
