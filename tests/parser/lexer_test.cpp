#include "parser/lexer.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

namespace qadvisor::parser {
namespace {

struct Lexed {
  TokenKind kind;
  std::string text;
  bool operator==(const Lexed&) const = default;
};

std::vector<Lexed> Lex(std::string_view sql, LexerOptions options = {}) {
  std::vector<Lexed> out;
  Lexer lexer(sql, options);
  for (Token t = lexer.Next(); t.kind != TokenKind::kEnd; t = lexer.Next()) {
    out.push_back({t.kind, std::string(t.Text(sql))});
  }
  return out;
}

TEST_CASE("lexer splits a simple select into tokens with offsets") {
  const std::string_view sql = "SELECT a, b FROM t WHERE id = 42;";
  Lexer lexer(sql);
  const Token first = lexer.Next();
  CHECK(first.kind == TokenKind::kIdentifier);
  CHECK(first.offset == 0);
  CHECK(first.length == 6);
  const auto tokens = Lex(sql);
  REQUIRE(tokens.size() == 11);
  CHECK(tokens[9] == Lexed{TokenKind::kNumber, "42"});
  CHECK(tokens[10] == Lexed{TokenKind::kSemicolon, ";"});
}

}  // namespace
}  // namespace qadvisor::parser
