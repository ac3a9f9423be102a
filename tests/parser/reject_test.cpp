// Reject fixtures (tests/fixtures/parser/reject.sql.txt): statements the parser must refuse,
// each with the exact diagnostic it must give. The file is not named *.sql, so the round-trip
// test, which parses every *.sql fixture, does not read it.
#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>

#include "parser/parser.h"

namespace qadvisor::parser {
namespace {

TEST_CASE("reject fixtures: each statement fails with exactly the expected diagnostic") {
  std::ifstream in(std::filesystem::path(QADVISOR_SOURCE_DIR) /
                   "tests/fixtures/parser/reject.sql.txt");
  REQUIRE(in);
  std::string line, expected, statement;
  size_t cases = 0;
  auto check = [&] {
    if (expected.empty()) return;
    const ParseResult r = Parse(statement);
    INFO("statement: " << statement);
    REQUIRE(r.diagnostics().size() >= 1);
    const Diagnostic& d = r.diagnostics()[0];
    CHECK(d.severity == Severity::kError);
    CHECK(fmt::format("{}:{}: {}", d.line, d.column, d.message) == expected);
    ++cases;
    expected.clear();
    statement.clear();
  };
  constexpr std::string_view kExpect = "-- expect: ";
  while (std::getline(in, line)) {
    if (line.starts_with(kExpect)) {
      check();
      expected = line.substr(kExpect.size());
    } else if (!expected.empty() && !line.empty()) {
      statement += line + "\n";
    }
  }
  check();
  CHECK(cases >= 30);
}

}  // namespace
}  // namespace qadvisor::parser
