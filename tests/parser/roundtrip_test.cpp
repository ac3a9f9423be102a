// The round-trip fixtures (tests/fixtures/parser/*.sql): every statement must parse cleanly,
// print back to SQL that parses to an equal AST, and print the same way again (the printer is
// a fixed point). This is how sqlparser-rs's verified_stmt and DuckDB's
// statement_tostring_roundtrip test catch parser and printer bugs together.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>

#include "parser/parser.h"

namespace qadvisor::parser {
namespace {

namespace fs = std::filesystem;

TEST_CASE("round-trip fixtures: parse, print, re-parse to an equal AST, print the same") {
  size_t files = 0, statements = 0;
  for (const auto& entry :
       fs::directory_iterator(fs::path(QADVISOR_SOURCE_DIR) / "tests/fixtures/parser")) {
    if (entry.path().extension() != ".sql") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const ParseResult first = Parse(text);
    for (const Diagnostic& d : first.diagnostics()) {
      INFO(entry.path().filename().string() << ":" << d.ToString());
      CHECK(d.severity != Severity::kError);
    }
    for (const ast::Statement* s : first.statements()) {
      const std::string printed = ToSql(*s);
      // A trigger's or routine's body may hold `;`s: fed to the parser as the mysql client
      // would take it, under another delimiter.
      const bool compound = (s->kind == ast::StatementKind::kCreateTrigger ||
                             s->kind == ast::StatementKind::kCreateRoutine) &&
                            printed.find(';') != std::string::npos;
      const ParseResult again = Parse(compound ? "DELIMITER ;;\n" + printed + ";;\n" : printed);
      INFO(entry.path().filename().string()
           << " statement at byte " << s->span.offset << "\noriginal: "
           << text.substr(s->span.offset, s->span.length) << "\nprinted:  " << printed);
      REQUIRE(again.ok());
      REQUIRE(again.statements().size() == 1);
      CHECK(Equal(*s, *again.statements()[0]));
      CHECK(ToSql(*again.statements()[0]) == printed);
      CHECK_NOTHROW(nlohmann::json::parse(ToJson(*s)));
      ++statements;
    }
    ++files;
  }
  CHECK(files >= 13);
  CHECK(statements >= 400);
}

}  // namespace
}  // namespace qadvisor::parser
