#include "parser/splitter.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace qadvisor::parser {
namespace {

std::vector<std::string> Texts(std::string_view script) {
  std::vector<std::string> out;
  for (const StatementText& s : SplitStatements(script)) out.emplace_back(s.text);
  return out;
}

using Strings = std::vector<std::string>;

TEST_CASE("statements end at a semicolon and the last one may have none") {
  CHECK(Texts("SELECT 1; SELECT 2;\nSELECT 3") == Strings{"SELECT 1", "SELECT 2", "SELECT 3"});
  CHECK(Texts("") == Strings{});
  CHECK(Texts(" ;; \n ; ") == Strings{});
}

TEST_CASE("token_line: the line of the first token, past the comments above it") {
  const std::vector<StatementText> st = SplitStatements(
      "--\n-- Table `t`\n--\n\nCREATE TABLE t (a INT);\n/* two\nlines */ # and\n  SELECT 1;\n"
      "/*!50001 CREATE VIEW v AS SELECT 1 */;\nSELECT\n2;\nDELIMITER ;;\n-- x\nSELECT 3;;\n");
  REQUIRE(st.size() == 5);
  CHECK(st[0].line == 1);  // the first byte: the comment above it
  CHECK(st[0].token_line == 5);
  CHECK(st[1].line == 6);
  CHECK(st[1].token_line == 8);
  CHECK(st[2].token_line == 9);  // a version comment is SQL
  CHECK(st[3].token_line == 10);
  CHECK(st[4].token_line == 14);
}

TEST_CASE("a semicolon inside strings, quoted names and comments does not split") {
  CHECK(Texts("SELECT 'a;b', \"c;d\", `e;f` FROM t; SELECT 2") ==
        Strings{"SELECT 'a;b', \"c;d\", `e;f` FROM t", "SELECT 2"});
  CHECK(Texts("SELECT 'it''s;', 'back\\';slash' ; SELECT 2") ==
        Strings{"SELECT 'it''s;', 'back\\';slash'", "SELECT 2"});
  CHECK(Texts("SELECT 1 -- a; comment\n, 2; # another; one\nSELECT 3 /* and ; this */;") ==
        Strings{"SELECT 1 -- a; comment\n, 2", "# another; one\nSELECT 3 /* and ; this */"});
}

TEST_CASE("a version comment is SQL: a delimiter inside it splits, as in the client") {
  CHECK(Texts("/*!40101 SET NAMES utf8 */;\n/*!40103 SET TIME_ZONE='+00:00' */;") ==
        Strings{"/*!40101 SET NAMES utf8 */", "/*!40103 SET TIME_ZONE='+00:00' */"});
}

TEST_CASE("comment-only pieces are not statements") {
  CHECK(Texts("-- header\n/* block */\n;\nSELECT 1;\n-- trailer\n") == Strings{"SELECT 1"});
}

TEST_CASE("DELIMITER lines change the delimiter and are not statements") {
  const std::string script =
      "DELIMITER ;;\n"
      "CREATE TRIGGER t BEFORE INSERT ON x FOR EACH ROW BEGIN SET NEW.a = 1; SET NEW.b = 2; END "
      ";;\n"
      "DELIMITER ;\n"
      "SELECT 1;\n"
      "delimiter //\n"
      "CREATE PROCEDURE p() BEGIN SELECT 1; END//\n"
      "DELIMITER $$\n"
      "CREATE FUNCTION f() RETURNS INT RETURN 1$$\n"
      "DELIMITER ;\n";
  CHECK(Texts(script) == Strings{"CREATE TRIGGER t BEFORE INSERT ON x FOR EACH ROW BEGIN SET NEW.a "
                                 "= 1; SET NEW.b = 2; END",
                                 "SELECT 1", "CREATE PROCEDURE p() BEGIN SELECT 1; END",
                                 "CREATE FUNCTION f() RETURNS INT RETURN 1"});
}

TEST_CASE("DELIMITER counts only where a statement begins") {
  CHECK(Texts("SELECT delimiter\nFROM t;") == Strings{"SELECT delimiter\nFROM t"});
  CHECK(Texts("SELECT 1,\ndelimiter ;;\nSELECT 2;") == Strings{"SELECT 1,\ndelimiter", "SELECT 2"});
}

TEST_CASE("\\G and \\g end statements too") {
  CHECK(Texts("SELECT 1\\G\nSELECT 2\\g SELECT 3;") == Strings{"SELECT 1", "SELECT 2", "SELECT 3"});
}

TEST_CASE("offsets, lines and columns point at each statement's first byte") {
  const std::string script = "SELECT 1;\n\n  SELECT\n 2;  SELECT 'a\nb'; SELECT 4";
  const auto st = SplitStatements(script);
  REQUIRE(st.size() == 4);
  CHECK(st[0].offset == 0);
  CHECK(st[0].line == 1);
  CHECK(st[0].column == 1);
  CHECK(st[1].line == 3);
  CHECK(st[1].column == 3);
  CHECK(script.substr(st[1].offset, 6) == "SELECT");
  CHECK(st[2].line == 4);
  CHECK(st[2].column == 6);
  CHECK(st[3].line == 5);
  CHECK(st[3].column == 5);
}

TEST_CASE("unterminated quotes and comments run to the end without a crash") {
  CHECK(Texts("SELECT 'abc; SELECT 2") == Strings{"SELECT 'abc; SELECT 2"});
  CHECK(Texts("SELECT 1 /* open; SELECT 2") == Strings{"SELECT 1 /* open; SELECT 2"});
  CHECK(Texts("SELECT `x") == Strings{"SELECT `x"});
}

TEST_CASE("every corpus schema splits, DELIMITER blocks included") {
  namespace fs = std::filesystem;
  size_t files = 0, statements = 0, triggers = 0;
  for (const auto& entry :
       fs::recursive_directory_iterator(fs::path(QADVISOR_CORPUS_DIR) / "ddl")) {
    if (!entry.is_regular_file()) continue;
    std::ifstream in(entry.path(), std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    for (const StatementText& st : SplitStatements(text)) {
      ++statements;
      CHECK(st.text.substr(0, 9) != "DELIMITER");
      if (st.text.find("TRIGGER") != std::string_view::npos &&
          st.text.find("END") != std::string_view::npos) {
        ++triggers;
      }
    }
    ++files;
  }
  CHECK(files > 100);
  CHECK(statements > 1000);
  CHECK(triggers > 5);
}

}  // namespace
}  // namespace qadvisor::parser

namespace qadvisor::parser {
namespace {

TEST_CASE("source and \\. lines are client commands, dropped like DELIMITER") {
  CHECK(Texts("SELECT 1;\nsource load_departments.dump ;\n\\. other.sql\nSELECT 2;") ==
        Strings{"SELECT 1", "SELECT 2"});
  CHECK(Texts("SELECT source\nFROM t;") == Strings{"SELECT source\nFROM t"});
}

}  // namespace
}  // namespace qadvisor::parser
