#include "parser/sql_text.h"

#include <catch2/catch.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace qadvisor::parser {
namespace {

std::vector<std::string> Texts(std::string_view text, const std::vector<Token>& tokens) {
  std::vector<std::string> out;
  for (const Token& t : tokens) out.emplace_back(t.Text(text));
  return out;
}

using Strings = std::vector<std::string>;

TEST_CASE("Tokenize: every token in order, without the end and without comments by default") {
  const std::string_view sql = "SELECT a, `b` FROM t -- note\nWHERE c = 'x' /* c */";
  const std::vector<Token> tokens = Tokenize(sql);
  CHECK(Texts(sql, tokens) ==
        Strings{"SELECT", "a", ",", "`b`", "FROM", "t", "WHERE", "c", "=", "'x'"});
  CHECK(tokens[3].kind == TokenKind::kQuotedIdentifier);
  CHECK(tokens[3].offset == 10);
  CHECK(Tokenize("").empty());
  CHECK(Tokenize("  -- only a comment\n").empty());
}

TEST_CASE("Tokenize: comments as tokens with keep_comments, and version comments as SQL") {
  const std::string_view sql = "SELECT /* a */ 1 /*!40001 SQL_NO_CACHE */ # b";
  CHECK(Texts(sql, Tokenize(sql, LexerOptions{.keep_comments = true})) ==
        Strings{"SELECT", "/* a */", "1", "SQL_NO_CACHE", "# b"});
  CHECK(Texts(sql, Tokenize(sql)) == Strings{"SELECT", "1", "SQL_NO_CACHE"});
}

TEST_CASE("FirstCodeToken: past comments, hints, stray bytes and a comment cut off") {
  auto first = [](std::string_view sql) {
    const Token t = FirstCodeToken(sql);
    return std::string(t.Text(sql));
  };
  CHECK(first("/* app */ -- x\n# y\n  SELECT 1") == "SELECT");
  CHECK(first("\x01\x02update t set a = 1") == "update");
  CHECK(first("(select 1) union (select 2)") == "(");
  CHECK(first("/*!40101 SET NAMES utf8mb4 */") == "SET");  // a version comment's text is SQL
  CHECK(FirstCodeToken("/* only a comment */").kind == TokenKind::kEnd);
  CHECK(FirstCodeToken("/* cut off").kind == TokenKind::kEnd);
  CHECK(FirstCodeToken("'open string").kind == TokenKind::kUnterminated);
  CHECK(FirstCodeToken("").kind == TokenKind::kEnd);
}

TEST_CASE("Tokenize: at most max_tokens, and ANSI_QUOTES makes \"x\" a name") {
  const std::string_view sql = "CREATE PROCEDURE p() SELECT 1";
  CHECK(Texts(sql, Tokenize(sql, {}, 2)) == Strings{"CREATE", "PROCEDURE"});
  CHECK(Tokenize(sql, {}, 0).empty());
  CHECK(Tokenize("SELECT", {}, 2).size() == 1);
  CHECK(Tokenize("\"x\"")[0].kind == TokenKind::kString);
  CHECK(Tokenize("\"x\"", LexerOptions{.ansi_quotes = true})[0].kind ==
        TokenKind::kQuotedIdentifier);
}

TEST_CASE("Tokenize: malformed text gives error tokens and no failure") {
  const std::vector<Token> tokens = Tokenize("SELECT 'open");
  REQUIRE(tokens.size() == 2);
  CHECK(tokens[1].kind == TokenKind::kUnterminated);
}

TEST_CASE("IsWord: a bare word in any case, never a quoted name or a string") {
  const std::string_view sql = "select `select` 'select' SELECTED";
  const std::vector<Token> tokens = Tokenize(sql);
  REQUIRE(tokens.size() == 4);
  CHECK(IsWord(sql, tokens[0], "SELECT"));
  CHECK(IsWord(sql, tokens[0], "select"));
  CHECK_FALSE(IsWord(sql, tokens[1], "SELECT"));
  CHECK_FALSE(IsWord(sql, tokens[2], "SELECT"));
  CHECK_FALSE(IsWord(sql, tokens[3], "SELECT"));
  CHECK_FALSE(IsWord(sql, Token{}, ""));  // the end is no word
}

TEST_CASE("FindTopLevelWord: the first of the words at depth 0, as an offset into the text") {
  const std::string_view sql = "UPDATE t SET a = (SELECT b FROM u WHERE c) WHERE d = 1";
  CHECK(FindTopLevelWord(sql, 0, sql.size(), {"WHERE"}) == sql.rfind("WHERE"));
  CHECK(FindTopLevelWord(sql, 0, sql.size(), {"set", "WHERE"}) == sql.find("SET"));
  // The range is searched, not the text: a start past SET finds WHERE; an end before it, nothing.
  CHECK(FindTopLevelWord(sql, sql.find("a ="), sql.size(), {"SET", "WHERE"}) == sql.rfind("WHERE"));
  CHECK(FindTopLevelWord(sql, 0, 8, {"SET"}) == 8);
}

TEST_CASE(
    "FindTopLevelWord: names after a dot, quoted names and an index hint's ORDER are no word") {
  const std::string_view sql =
      "DELETE FROM t USE INDEX FOR ORDER BY (i) WHERE t.limit = `order` ORDER BY a";
  CHECK(FindTopLevelWord(sql, 0, sql.size(), {"ORDER"}) == sql.rfind("ORDER"));
  CHECK(FindTopLevelWord(sql, 0, sql.size(), {"LIMIT"}) == sql.size());
}

TEST_CASE("FindTopLevelWord: an empty or reversed range and an end past the text give the end") {
  const std::string_view sql = "SELECT 1";
  CHECK(FindTopLevelWord(sql, 5, 5, {"SELECT"}) == 5);
  CHECK(FindTopLevelWord(sql, 6, 2, {"SELECT"}) == 2);
  CHECK(FindTopLevelWord(sql, 0, 100, {"LIMIT"}) == sql.size());
}

TEST_CASE("FindTopLevelWord: ANSI_QUOTES decides whether a backslash hides the word") {
  // Without ANSI_QUOTES "a\" FROM t WHERE " is one string (the backslash escapes the quote); with
  // it, "a\" is a name (no escapes in names) and FROM is a word.
  const std::string_view sql = "SELECT \"a\\\" FROM t WHERE \"b\"";
  CHECK(FindTopLevelWord(sql, 0, sql.size(), {"FROM"}) == sql.size());
  CHECK(FindTopLevelWord(sql, 0, sql.size(), {"FROM"}, /*ansi_quotes=*/true) == sql.find("FROM"));
  // A parenthesis in a string opens nothing.
  CHECK(FindTopLevelWord("SELECT '(' FROM t", 0, 17, {"FROM"}) == 11);
}

TEST_CASE("CodeEnd: trailing comments and white space are left out") {
  const std::string_view sql = "SELECT 1  -- why\n /* more */ ";
  CHECK(CodeEnd(sql, 0, sql.size()) == 8);
  CHECK(CodeEnd("SELECT /* inside */ 1", 0, 21) == 21);
  CHECK(CodeEnd("  -- nothing\n", 0, 13) == 0);
  CHECK(CodeEnd("SELECT 1", 3, 3) == 3);  // an empty range
}

TEST_CASE("CodeEnd: the closing marker of a version comment belongs to the code") {
  const std::string_view sql = "SELECT 1 /*!40001 SQL_NO_CACHE */ -- c";
  CHECK(CodeEnd(sql, 0, sql.size()) == sql.find("*/") + 2);
  // Within a range: the offset is into the whole text.
  const std::string_view two = "SELECT a FROM t WHERE b = 1 # x";
  CHECK(CodeEnd(two, two.find("WHERE"), two.size()) == two.find(" #"));
  CHECK(CodeEnd(two, 0, 100) == two.find(" #"));
}

}  // namespace
}  // namespace qadvisor::parser
