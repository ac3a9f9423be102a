// Tests of the MySQL-dialect lexer (parser/lexer.h) against the rules of the MySQL 8.0 manual:
// "Lexical structure", "Schema Object Names", "String Literals", "Numeric Literals",
// "Hexadecimal Literals", "Bit-Value Literals", "User-Defined Variables", "Comments" and
// "Optimizer Hints". Tests marked  document a known gap between the lexer and those
// rules; they are listed in the test report so the owner of parser/ can decide.
#include "parser/lexer.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

// Prints token kinds by name in failure messages.
namespace Catch {
template <>
struct StringMaker<qadvisor::parser::TokenKind> {
  static std::string convert(qadvisor::parser::TokenKind kind) {
    return std::string(qadvisor::parser::TokenKindName(kind));
  }
};
}  // namespace Catch

namespace qadvisor::parser {
namespace {

using namespace std::string_view_literals;
using enum TokenKind;

struct Lexed {
  TokenKind kind;
  std::string text;
  bool operator==(const Lexed&) const = default;
};

std::ostream& operator<<(std::ostream& os, const Lexed& lexed) {
  return os << "{" << TokenKindName(lexed.kind) << ", \"" << lexed.text << "\"}";
}

std::vector<Lexed> Lex(std::string_view sql, LexerOptions options = {}) {
  std::vector<Lexed> out;
  Lexer lexer(sql, options);
  for (Token t = lexer.Next(); t.kind != TokenKind::kEnd; t = lexer.Next()) {
    out.push_back({t.kind, std::string(t.Text(sql))});
    if (out.size() > sql.size() + 1) FAIL("the lexer does not advance on: " << sql);
  }
  return out;
}

std::vector<Token> Tokens(std::string_view sql, LexerOptions options = {}) {
  std::vector<Token> out;
  Lexer lexer(sql, options);
  for (Token t = lexer.Next(); t.kind != TokenKind::kEnd; t = lexer.Next()) {
    out.push_back(t);
    if (out.size() > sql.size() + 1) FAIL("the lexer does not advance on: " << sql);
  }
  return out;
}

std::vector<TokenKind> Kinds(std::string_view sql, LexerOptions options = {}) {
  std::vector<TokenKind> out;
  for (const Token& t : Tokens(sql, options)) out.push_back(t.kind);
  return out;
}

// The single token `sql` lexes to.
Lexed One(std::string_view sql, LexerOptions options = {}) {
  const std::vector<Lexed> tokens = Lex(sql, options);
  INFO("input: " << sql);
  REQUIRE(tokens.size() == 1);
  return tokens[0];
}

TEST_CASE("lexer splits a simple select into tokens with offsets", "[lexer]") {
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

// --- End of input -------------------------------------------------------------------------

TEST_CASE("lexer returns kEnd at the end of empty input and keeps returning it", "[lexer]") {
  for (const std::string_view sql :
       {""sv, "   "sv, "\n\t\r "sv, "-- only a comment"sv, "/* only a comment */"sv, "# hash"sv}) {
    INFO("input: \"" << sql << "\"");
    Lexer lexer(sql);
    for (int i = 0; i < 5; ++i) {
      const Token t = lexer.Next();
      CHECK(t.kind == kEnd);
      CHECK(t.length == 0);
      CHECK(t.offset == sql.size());
    }
  }
}

TEST_CASE("lexer keeps returning kEnd after the last token", "[lexer]") {
  Lexer lexer("x");
  CHECK(lexer.Next().kind == kIdentifier);
  for (int i = 0; i < 3; ++i) {
    const Token t = lexer.Next();
    CHECK(t.kind == kEnd);
    CHECK(t.offset == 1);
    CHECK(t.length == 0);
  }
}

TEST_CASE("lexer offsets and lengths point into the input", "[lexer]") {
  const std::string_view sql = "  SELECT\t`a b` ,'x''y'\n>= 1.5e3 -- c\n@@global.x";
  const std::vector<Token> tokens = Tokens(sql);
  REQUIRE(tokens.size() == 7);
  CHECK(tokens[0].offset == 2);
  CHECK(tokens[0].length == 6);
  CHECK(tokens[1].offset == 9);  // `a b`
  CHECK(tokens[1].length == 5);
  CHECK(tokens[2].offset == 15);  // ,
  CHECK(tokens[2].length == 1);
  CHECK(tokens[3].offset == 16);  // 'x''y'
  CHECK(tokens[3].length == 6);
  CHECK(tokens[4].offset == 23);  // >=
  CHECK(tokens[4].length == 2);
  CHECK(tokens[5].offset == 26);  // 1.5e3
  CHECK(tokens[5].length == 5);
  CHECK(tokens[6].offset == 37);  // @@global.x
  CHECK(tokens[6].length == 10);
  Lexer lexer(sql);
  for (int i = 0; i < 7; ++i) (void)lexer.Next();
  CHECK(lexer.position() == sql.size());
}

TEST_CASE("lexer position() lets a copy look ahead without moving the original", "[lexer]") {
  Lexer lexer("a b");
  CHECK(lexer.Next().offset == 0);
  Lexer copy = lexer;
  CHECK(copy.Next().offset == 2);
  CHECK(lexer.position() == 1);
  const Token b = lexer.Next();
  CHECK(b.kind == kIdentifier);
  CHECK(b.offset == 2);
}

// --- Identifiers ---------------------------------------------------------------------------

TEST_CASE("lexer reads bare words as identifiers, keywords included", "[lexer]") {
  CHECK(One("select") == Lexed{kIdentifier, "select"});
  CHECK(One("SeLeCt") == Lexed{kIdentifier, "SeLeCt"});
  CHECK(One("users_2024") == Lexed{kIdentifier, "users_2024"});
  CHECK(One("_private") == Lexed{kIdentifier, "_private"});
  CHECK(One("a$b") == Lexed{kIdentifier, "a$b"});
  CHECK(One("$price") == Lexed{kIdentifier, "$price"});
}

TEST_CASE("lexer resolves each bare word's keyword once, in any case", "[lexer]") {
  const auto keyword = [](std::string_view text) { return Lexer(text).Next().keyword; };
  CHECK(keyword("select") == Keyword::kSelect);
  CHECK(keyword("SeLeCt") == Keyword::kSelect);
  CHECK(keyword("straight_join") == Keyword::kStraightJoin);
  CHECK(keyword("users") == Keyword::kNone);     // a name
  CHECK(keyword("`select`") == Keyword::kNone);  // quoted: never a keyword
  CHECK(keyword("'select'") == Keyword::kNone);  // a string
  CHECK(keyword("\\N") == Keyword::kNull);       // the lexer's NULL
  CHECK(keyword("selects") == Keyword::kNone);
  CHECK(IsReserved(Keyword::kSelect));
  CHECK_FALSE(IsReserved(Keyword::kNone));
  CHECK_FALSE(IsReserved(LookupKeyword("algorithm").keyword));  // a keyword, not reserved
  CHECK(LookupKeyword("algorithm").keyword == Keyword::kAlgorithm);
}

TEST_CASE("every keyword of the list looks itself up, reserved flag included", "[lexer]") {
  size_t reserved = 0;
  for (auto k = static_cast<uint16_t>(Keyword::kNone) + 1;; ++k) {
    const auto keyword = static_cast<Keyword>(k);
    const std::string_view text = KeywordText(keyword);
    if (text.empty()) break;  // past the last one
    INFO(text);
    CHECK(LookupKeyword(text).keyword == keyword);
    CHECK(LookupKeyword(text).reserved == IsReserved(keyword));
    CHECK(std::none_of(text.begin(), text.end(), [](char c) { return c >= 'A' && c <= 'Z'; }));
    std::string upper(text);
    for (char& c : upper) c = c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
    CHECK(LookupKeyword(upper).keyword == keyword);
    CHECK(LookupKeyword(std::string(text) + "x").keyword != keyword);
    // Past the eighth byte too, every byte counts: transactional is no TRANSACTION.
    std::string other(text);
    other.back() = other.back() == 'q' ? 'z' : 'q';
    CHECK(LookupKeyword(other).keyword != keyword);
    reserved += IsReserved(keyword);
  }
  CHECK(reserved > 250);  // MySQL 8.0 and MariaDB reserve about 260 words between them
}

TEST_CASE("lexer accepts UTF-8 bytes (U+0080 and above) in identifiers", "[lexer]") {
  CHECK(One("caf\xc3\xa9") == Lexed{kIdentifier, "caf\xc3\xa9"});    // café
  CHECK(One("\xe8\xa1\xa8") == Lexed{kIdentifier, "\xe8\xa1\xa8"});  // 表
  CHECK(One("\xf0\x9f\x98\x80x") == Lexed{kIdentifier, "\xf0\x9f\x98\x80x"});
  CHECK(IsIdentifierByte(0x80));
  CHECK(IsIdentifierByte(0xff));
  CHECK(IsIdentifierByte('$'));
  CHECK(IsIdentifierByte('_'));
  CHECK(IsIdentifierByte('7'));
  CHECK_FALSE(IsIdentifierByte('-'));
  CHECK_FALSE(IsIdentifierByte(' '));
  CHECK_FALSE(IsIdentifierByte('`'));
  CHECK_FALSE(IsIdentifierByte('.'));
  CHECK_FALSE(IsIdentifierByte(0));
}

// "Identifiers may begin with a digit but unless quoted may not consist solely of digits."
TEST_CASE("lexer reads a word that starts with digits as an identifier", "[lexer]") {
  CHECK(One("1abc") == Lexed{kIdentifier, "1abc"});
  CHECK(One("2024_orders") == Lexed{kIdentifier, "2024_orders"});
  CHECK(One("123$") == Lexed{kIdentifier, "123$"});
  CHECK(One("1e") == Lexed{kIdentifier, "1e"});
  CHECK(One("1e3x") == Lexed{kIdentifier, "1e3x"});
  CHECK(One("9\xc3\xa9") == Lexed{kIdentifier, "9\xc3\xa9"});
  CHECK(Lex("SELECT 1abc FROM t") == std::vector<Lexed>{{kIdentifier, "SELECT"},
                                                        {kIdentifier, "1abc"},
                                                        {kIdentifier, "FROM"},
                                                        {kIdentifier, "t"}});
}

// "A word that follows a period in a qualified name must be an identifier" (Identifier
// Qualifiers); sql_lex.cc lexes it in state MY_LEX_IDENT_START, so `db.2024_orders` and
// `t.1col` name a table and a column, not the number .2024 followed by `_orders`.
TEST_CASE("lexer reads a digit-led word after a qualifier dot as an identifier", "[lexer]") {
  CHECK(Lex("db.2024_orders") ==
        std::vector<Lexed>{{kIdentifier, "db"}, {kDot, "."}, {kIdentifier, "2024_orders"}});
  CHECK(Lex("t.1col") ==
        std::vector<Lexed>{{kIdentifier, "t"}, {kDot, "."}, {kIdentifier, "1col"}});
}

// sql_lex.cc reads `.` as a qualifier only when it follows an identifier with nothing between
// (MY_LEX_IDENT moves to MY_LEX_IDENT_SEP on the very next byte); after a space, or after a
// keyword such as SELECT, `.5` is a number.
TEST_CASE("lexer reads a leading-dot number after a word and a space", "[lexer]") {
  CHECK(Lex("SELECT .5, a") ==
        std::vector<Lexed>{
            {kIdentifier, "SELECT"}, {kNumber, ".5"}, {kComma, ","}, {kIdentifier, "a"}});
  CHECK(Lex("SELECT -.5e3") ==
        std::vector<Lexed>{{kIdentifier, "SELECT"}, {kMinus, "-"}, {kNumber, ".5e3"}});
  CHECK(Lex("a+.5") == std::vector<Lexed>{{kIdentifier, "a"}, {kPlus, "+"}, {kNumber, ".5"}});
  CHECK(Lex("`a` .5") == std::vector<Lexed>{{kQuotedIdentifier, "`a`"}, {kNumber, ".5"}});
  // Directly after a name the dot still qualifies it.
  CHECK(Lex("t.5col") ==
        std::vector<Lexed>{{kIdentifier, "t"}, {kDot, "."}, {kIdentifier, "5col"}});
  CHECK(Lex("`t`.5") ==
        std::vector<Lexed>{{kQuotedIdentifier, "`t`"}, {kDot, "."}, {kIdentifier, "5"}});
}

TEST_CASE("lexer keeps a qualified name as word, dot, word", "[lexer]") {
  CHECK(Lex("db.t.c") ==
        std::vector<Lexed>{
            {kIdentifier, "db"}, {kDot, "."}, {kIdentifier, "t"}, {kDot, "."}, {kIdentifier, "c"}});
  CHECK(Lex("t.*") == std::vector<Lexed>{{kIdentifier, "t"}, {kDot, "."}, {kStar, "*"}});
  CHECK(Lex("`db`.`t`") ==
        std::vector<Lexed>{{kQuotedIdentifier, "`db`"}, {kDot, "."}, {kQuotedIdentifier, "`t`"}});
}

TEST_CASE("lexer reads backtick identifiers with doubled backticks", "[lexer]") {
  CHECK(One("`t`") == Lexed{kQuotedIdentifier, "`t`"});
  CHECK(One("`my table`") == Lexed{kQuotedIdentifier, "`my table`"});
  CHECK(One("`a``b`") == Lexed{kQuotedIdentifier, "`a``b`"});
  CHECK(One("````") == Lexed{kQuotedIdentifier, "````"});
  CHECK(One("`select`") == Lexed{kQuotedIdentifier, "`select`"});
  CHECK(One("`123`") == Lexed{kQuotedIdentifier, "`123`"});
  CHECK(One("`it's \"x\"`") == Lexed{kQuotedIdentifier, "`it's \"x\"`"});
  // A backslash is no escape inside backticks: `a\` is a complete identifier.
  CHECK(Lex("`a\\` b") == std::vector<Lexed>{{kQuotedIdentifier, "`a\\`"}, {kIdentifier, "b"}});
  CHECK(Lex("`a`.`b`") ==
        std::vector<Lexed>{{kQuotedIdentifier, "`a`"}, {kDot, "."}, {kQuotedIdentifier, "`b`"}});
}

// --- Strings -------------------------------------------------------------------------------

TEST_CASE("lexer reads single-quoted strings with '' doubling and backslash escapes", "[lexer]") {
  CHECK(One("'abc'") == Lexed{kString, "'abc'"});
  CHECK(One("''") == Lexed{kString, "''"});
  CHECK(One("'it''s'") == Lexed{kString, "'it''s'"});
  CHECK(One("''''") == Lexed{kString, "''''"});
  CHECK(One("'it\\'s'") == Lexed{kString, "'it\\'s'"});
  CHECK(One("'a\\\\'") == Lexed{kString, "'a\\\\'"});  // 'a\\' ends after the escaped backslash
  CHECK(One("'a\\nb\\t\\0'") == Lexed{kString, "'a\\nb\\t\\0'"});
  CHECK(One("'say \"hi\"'") == Lexed{kString, "'say \"hi\"'"});
  CHECK(One("'-- not a comment /* nor this */ # nor this'") ==
        Lexed{kString, "'-- not a comment /* nor this */ # nor this'"});
  CHECK(One("'multi\nline'") == Lexed{kString, "'multi\nline'"});
  CHECK(Lex("'a' 'b'") == std::vector<Lexed>{{kString, "'a'"}, {kString, "'b'"}});
  CHECK(Lex("'a''b' , 'c'") ==
        std::vector<Lexed>{{kString, "'a''b'"}, {kComma, ","}, {kString, "'c'"}});
}

TEST_CASE("lexer keeps NUL and control bytes inside a string", "[lexer]") {
  const std::string_view sql = "'a\0b\x01'"sv;
  CHECK(One(sql) == Lexed{kString, std::string(sql)});
}

TEST_CASE("lexer reads \"double quoted\" text as a string by default", "[lexer]") {
  CHECK(One("\"abc\"") == Lexed{kString, "\"abc\""});
  CHECK(One("\"a\"\"b\"") == Lexed{kString, "\"a\"\"b\""});
  CHECK(One("\"a\\\"b\"") == Lexed{kString, "\"a\\\"b\""});
  CHECK(One("\"it's\"") == Lexed{kString, "\"it's\""});
}

TEST_CASE("lexer reads \"double quoted\" text as an identifier with ansi_quotes", "[lexer]") {
  const LexerOptions ansi{.ansi_quotes = true};
  CHECK(One("\"abc\"", ansi) == Lexed{kQuotedIdentifier, "\"abc\""});
  CHECK(One("\"a\"\"b\"", ansi) == Lexed{kQuotedIdentifier, "\"a\"\"b\""});
  CHECK(One("'abc'", ansi) == Lexed{kString, "'abc'"});
  CHECK(One("`abc`", ansi) == Lexed{kQuotedIdentifier, "`abc`"});
  CHECK(Lex("SELECT \"c\" FROM \"t\"", ansi) == std::vector<Lexed>{{kIdentifier, "SELECT"},
                                                                   {kQuotedIdentifier, "\"c\""},
                                                                   {kIdentifier, "FROM"},
                                                                   {kQuotedIdentifier, "\"t\""}});
}

// With ANSI_QUOTES a "quoted identifier" follows the identifier rules (sql_lex.cc lexes it in
// MY_LEX_USER_VARIABLE_DELIMITER like a backtick name): a backslash is an ordinary character
// there, so "a\" is a complete identifier.
TEST_CASE("lexer treats a backslash in an ANSI-quoted identifier as an ordinary character",
          "[lexer]") {
  const LexerOptions ansi{.ansi_quotes = true};
  CHECK(Lex("\"a\\\" , \"b\"", ansi) == std::vector<Lexed>{{kQuotedIdentifier, "\"a\\\""},
                                                           {kComma, ","},
                                                           {kQuotedIdentifier, "\"b\""}});
}

TEST_CASE("lexer reads N'..' national strings in either case", "[lexer]") {
  CHECK(One("N'abc'") == Lexed{kNationalString, "N'abc'"});
  CHECK(One("n'abc'") == Lexed{kNationalString, "n'abc'"});
  CHECK(One("N'it''s'") == Lexed{kNationalString, "N'it''s'"});
  CHECK(One("N''") == Lexed{kNationalString, "N''"});
  // A space makes it an identifier N followed by a string.
  CHECK(Lex("N 'a'") == std::vector<Lexed>{{kIdentifier, "N"}, {kString, "'a'"}});
  // Only a one-letter N/X/B prefix starts a literal; NX'..' is a word and a string.
  CHECK(Lex("NX'1'") == std::vector<Lexed>{{kIdentifier, "NX"}, {kString, "'1'"}});
}

TEST_CASE("lexer reads a charset introducer as a word followed by a string", "[lexer]") {
  CHECK(Lex("_utf8mb4'x'") == std::vector<Lexed>{{kIdentifier, "_utf8mb4"}, {kString, "'x'"}});
  CHECK(Lex("_binary 'x'") == std::vector<Lexed>{{kIdentifier, "_binary"}, {kString, "'x'"}});
}

// --- Hexadecimal and bit-value literals ----------------------------------------------------

TEST_CASE("lexer reads X'..' and x'..' and 0x.. as hex literals", "[lexer]") {
  CHECK(One("X'1F'") == Lexed{kHexNumber, "X'1F'"});
  CHECK(One("x'1f'") == Lexed{kHexNumber, "x'1f'"});
  CHECK(One("X''") == Lexed{kHexNumber, "X''"});
  CHECK(One("0x1F") == Lexed{kHexNumber, "0x1F"});
  CHECK(One("0xabcdef0123456789") == Lexed{kHexNumber, "0xabcdef0123456789"});
  const std::vector<Token> tokens = Tokens("a=X'4D7953514C'");
  REQUIRE(tokens.size() == 3);
  CHECK(tokens[2].kind == kHexNumber);
  CHECK(tokens[2].offset == 2);
  CHECK(tokens[2].length == 13);
}

// "Values written using 0xval notation ... The leading 0x is case-sensitive (0X is not
// permitted)"; a run of identifier bytes that is not a valid number is an identifier.
TEST_CASE("lexer reads 0x.. that is not all hex digits, and 0X.., as identifiers", "[lexer]") {
  CHECK(One("0xZZ") == Lexed{kIdentifier, "0xZZ"});
  CHECK(One("0x1G") == Lexed{kIdentifier, "0x1G"});
  CHECK(One("0x") == Lexed{kIdentifier, "0x"});
  CHECK(One("0X1F") == Lexed{kIdentifier, "0X1F"});
  CHECK(One("0x1F_") == Lexed{kIdentifier, "0x1F_"});
}

TEST_CASE("lexer reads B'..' and b'..' and 0b.. as bit literals", "[lexer]") {
  CHECK(One("B'01'") == Lexed{kBitNumber, "B'01'"});
  CHECK(One("b'1010'") == Lexed{kBitNumber, "b'1010'"});
  CHECK(One("0b01") == Lexed{kBitNumber, "0b01"});
  CHECK(One("0b1") == Lexed{kBitNumber, "0b1"});
  // Not bit literals: a non-binary digit, no digits, or upper-case 0B.
  CHECK(One("0b12") == Lexed{kIdentifier, "0b12"});
  CHECK(One("0b") == Lexed{kIdentifier, "0b"});
  CHECK(One("0B01") == Lexed{kIdentifier, "0B01"});
}

// --- Numbers -------------------------------------------------------------------------------

TEST_CASE("lexer reads integer, decimal and exponent numbers", "[lexer]") {
  for (const std::string_view n :
       {"0"sv, "12"sv, "007"sv, "1.5"sv, ".5"sv, "1."sv, "1e10"sv, "1E10"sv, "1.5E-3"sv, "1.5e+3"sv,
        "1.e5"sv, ".5e2"sv, "18446744073709551616"sv, "3.14159265358979323846"sv}) {
    CHECK(One(n) == Lexed{kNumber, std::string(n)});
  }
}

TEST_CASE("lexer does not take a sign into a number", "[lexer]") {
  CHECK(Lex("-1") == std::vector<Lexed>{{kMinus, "-"}, {kNumber, "1"}});
  CHECK(Lex("+1.5") == std::vector<Lexed>{{kPlus, "+"}, {kNumber, "1.5"}});
  CHECK(Lex("a-1") == std::vector<Lexed>{{kIdentifier, "a"}, {kMinus, "-"}, {kNumber, "1"}});
}

TEST_CASE("lexer ends a number where its grammar ends", "[lexer]") {
  CHECK(Lex("1+2") == std::vector<Lexed>{{kNumber, "1"}, {kPlus, "+"}, {kNumber, "2"}});
  CHECK(Lex("1e+") == std::vector<Lexed>{{kIdentifier, "1e"}, {kPlus, "+"}});
  CHECK(Lex(".5e") == std::vector<Lexed>{{kNumber, ".5"}, {kIdentifier, "e"}});
  CHECK(Lex("1.5.5") == std::vector<Lexed>{{kNumber, "1.5"}, {kNumber, ".5"}});
  CHECK(Lex("(1,2)") ==
        std::vector<Lexed>{
            {kLParen, "("}, {kNumber, "1"}, {kComma, ","}, {kNumber, "2"}, {kRParen, ")"}});
  CHECK(Lex(". 5") == std::vector<Lexed>{{kDot, "."}, {kNumber, "5"}});
}

// --- Placeholders and variables ------------------------------------------------------------

TEST_CASE("lexer reads ? placeholders and :name parameters", "[lexer]") {
  CHECK(One("?") == Lexed{kParam, "?"});
  CHECK(Lex("??") == std::vector<Lexed>{{kParam, "?"}, {kParam, "?"}});
  CHECK(One(":name") == Lexed{kNamedParam, ":name"});
  CHECK(One(":_p1") == Lexed{kNamedParam, ":_p1"});
  CHECK(Lex("a=:id") == std::vector<Lexed>{{kIdentifier, "a"}, {kEq, "="}, {kNamedParam, ":id"}});
}

TEST_CASE("lexer tells :name from := and a lone colon", "[lexer]") {
  CHECK(One(":=") == Lexed{kAssign, ":="});
  CHECK(Lex("@a:=1") == std::vector<Lexed>{{kUserVariable, "@a"}, {kAssign, ":="}, {kNumber, "1"}});
  CHECK(One(":") == Lexed{kColon, ":"});
  CHECK(Lex(": x") == std::vector<Lexed>{{kColon, ":"}, {kIdentifier, "x"}});
  CHECK(Lex(":1") == std::vector<Lexed>{{kColon, ":"}, {kNumber, "1"}});
  CHECK(Lex("label: BEGIN") ==
        std::vector<Lexed>{{kIdentifier, "label"}, {kColon, ":"}, {kIdentifier, "BEGIN"}});
}

TEST_CASE("lexer reads user variables, plain and quoted", "[lexer]") {
  CHECK(One("@var") == Lexed{kUserVariable, "@var"});
  CHECK(One("@v_1$") == Lexed{kUserVariable, "@v_1$"});
  CHECK(One("@a.b") == Lexed{kUserVariable, "@a.b"});  // '.' is allowed in the name
  CHECK(One("@'q v'") == Lexed{kUserVariable, "@'q v'"});
  CHECK(One("@\"q v\"") == Lexed{kUserVariable, "@\"q v\""});
  CHECK(One("@`q v`") == Lexed{kUserVariable, "@`q v`"});
  CHECK(One("@'it''s'") == Lexed{kUserVariable, "@'it''s'"});
  CHECK(One("@'a\\'b'") == Lexed{kUserVariable, "@'a\\'b'"});  // a string-quoted name escapes
  // A backtick-quoted name does not: the server ends it at the second backtick, so what
  // follows is SQL (a call to SLEEP here), not part of the name.
  CHECK(Lex("@`a\\`, SLEEP(1)")[0] == Lexed{kUserVariable, "@`a\\`"});
  CHECK(Lex("@a=1") == std::vector<Lexed>{{kUserVariable, "@a"}, {kEq, "="}, {kNumber, "1"}});
  CHECK(Lex("@a,@b") ==
        std::vector<Lexed>{{kUserVariable, "@a"}, {kComma, ","}, {kUserVariable, "@b"}});
}

TEST_CASE("lexer reads system variables with and without a scope", "[lexer]") {
  CHECK(One("@@version") == Lexed{kSystemVariable, "@@version"});
  CHECK(One("@@global.x") == Lexed{kSystemVariable, "@@global.x"});
  CHECK(One("@@SESSION.sql_mode") == Lexed{kSystemVariable, "@@SESSION.sql_mode"});
  CHECK(Lex("@@session.autocommit=0") ==
        std::vector<Lexed>{{kSystemVariable, "@@session.autocommit"}, {kEq, "="}, {kNumber, "0"}});
}

TEST_CASE("lexer reports a lone @ as illegal and goes on", "[lexer]") {
  CHECK(Lex("@ x") == std::vector<Lexed>{{kIllegal, "@"}, {kIdentifier, "x"}});
}

// --- Operators and punctuation -------------------------------------------------------------

TEST_CASE("lexer reads every single-character punctuation token", "[lexer]") {
  const std::vector<std::pair<std::string_view, TokenKind>> cases = {
      {"(", kLParen}, {")", kRParen}, {",", kComma}, {".", kDot},       {";", kSemicolon},
      {"*", kStar},   {"+", kPlus},   {"-", kMinus}, {"/", kSlash},     {"%", kPercent},
      {"=", kEq},     {"<", kLt},     {">", kGt},    {"&", kAmpersand}, {"|", kPipe},
      {"^", kCaret},  {"~", kTilde},  {"!", kBang},  {":", kColon},     {"{", kLBrace},
      {"}", kRBrace},
  };
  for (const auto& [text, kind] : cases) {
    CHECK(One(text) == Lexed{kind, std::string(text)});
  }
}

TEST_CASE("lexer reads multi-character operators greedily", "[lexer]") {
  const std::vector<std::pair<std::string_view, TokenKind>> cases = {
      {"<=>", kNullSafeEq}, {"<=", kLe},        {">=", kGe},         {"<>", kNotEq},
      {"!=", kNotEq},       {"<<", kShiftLeft}, {">>", kShiftRight}, {"&&", kAndAnd},
      {"||", kOrOr},        {":=", kAssign},    {"->", kArrow},      {"->>", kLongArrow},
  };
  for (const auto& [text, kind] : cases) {
    CHECK(One(text) == Lexed{kind, std::string(text)});
  }
}

TEST_CASE("lexer splits operator runs the way MySQL does", "[lexer]") {
  CHECK(Kinds("a<=>b") == std::vector<TokenKind>{kIdentifier, kNullSafeEq, kIdentifier});
  CHECK(Kinds("a<=b") == std::vector<TokenKind>{kIdentifier, kLe, kIdentifier});
  CHECK(Kinds("a<>b") == std::vector<TokenKind>{kIdentifier, kNotEq, kIdentifier});
  CHECK(Kinds("a!=b") == std::vector<TokenKind>{kIdentifier, kNotEq, kIdentifier});
  CHECK(Kinds("!a") == std::vector<TokenKind>{kBang, kIdentifier});
  CHECK(Kinds("a<<2>>1") ==
        std::vector<TokenKind>{kIdentifier, kShiftLeft, kNumber, kShiftRight, kNumber});
  CHECK(Kinds("a&&b||c") ==
        std::vector<TokenKind>{kIdentifier, kAndAnd, kIdentifier, kOrOr, kIdentifier});
  CHECK(Kinds("a&b|c^d") == std::vector<TokenKind>{kIdentifier, kAmpersand, kIdentifier, kPipe,
                                                   kIdentifier, kCaret, kIdentifier});
  CHECK(Lex("doc->'$.a'") ==
        std::vector<Lexed>{{kIdentifier, "doc"}, {kArrow, "->"}, {kString, "'$.a'"}});
  CHECK(Lex("doc->>'$.a'") ==
        std::vector<Lexed>{{kIdentifier, "doc"}, {kLongArrow, "->>"}, {kString, "'$.a'"}});
  CHECK(Kinds("a>>=b") == std::vector<TokenKind>{kIdentifier, kShiftRight, kEq, kIdentifier});
  CHECK(Kinds("a<=>=b") == std::vector<TokenKind>{kIdentifier, kNullSafeEq, kEq, kIdentifier});
  CHECK(Kinds("{d '2024-01-01'}") ==
        std::vector<TokenKind>{kLBrace, kIdentifier, kString, kRBrace});
  CHECK(Kinds("~1%2") == std::vector<TokenKind>{kTilde, kNumber, kPercent, kNumber});
}

// --- Comments ------------------------------------------------------------------------------

// "From a -- sequence to the end of the line. In MySQL, the -- (double-dash) comment style
// requires the second dash to be followed by at least one whitespace or control character."
TEST_CASE("lexer reads -- followed by whitespace as a comment to the end of the line", "[lexer]") {
  CHECK(Lex("a -- comment\nb") == std::vector<Lexed>{{kIdentifier, "a"}, {kIdentifier, "b"}});
  CHECK(Lex("a --\tcomment\nb") == std::vector<Lexed>{{kIdentifier, "a"}, {kIdentifier, "b"}});
  CHECK(Lex("a --\nb") == std::vector<Lexed>{{kIdentifier, "a"}, {kIdentifier, "b"}});
  CHECK(Lex("a --\r\nb") == std::vector<Lexed>{{kIdentifier, "a"}, {kIdentifier, "b"}});
  CHECK(Lex("a --") == std::vector<Lexed>{{kIdentifier, "a"}});
  CHECK(Lex("a --\x01x\nb") == std::vector<Lexed>{{kIdentifier, "a"}, {kIdentifier, "b"}});
  CHECK(Lex("1-- x") == std::vector<Lexed>{{kNumber, "1"}});
}

TEST_CASE("lexer reads --x as two minus signs", "[lexer]") {
  CHECK(Lex("a--x") ==
        std::vector<Lexed>{{kIdentifier, "a"}, {kMinus, "-"}, {kMinus, "-"}, {kIdentifier, "x"}});
  CHECK(Lex("5--1") ==
        std::vector<Lexed>{{kNumber, "5"}, {kMinus, "-"}, {kMinus, "-"}, {kNumber, "1"}});
  CHECK(Lex("---1") ==
        std::vector<Lexed>{{kMinus, "-"}, {kMinus, "-"}, {kMinus, "-"}, {kNumber, "1"}});
  // At the end of the input the last two dashes are followed by nothing: a comment.
  CHECK(Lex("---") == std::vector<Lexed>{{kMinus, "-"}});
}

TEST_CASE("lexer reads # as a comment to the end of the line", "[lexer]") {
  CHECK(Lex("a # comment\nb") == std::vector<Lexed>{{kIdentifier, "a"}, {kIdentifier, "b"}});
  CHECK(Lex("a#comment") == std::vector<Lexed>{{kIdentifier, "a"}});
  CHECK(Lex("#\n#\nx") == std::vector<Lexed>{{kIdentifier, "x"}});
}

TEST_CASE("lexer skips /* */ comments, even without surrounding space", "[lexer]") {
  CHECK(Lex("a/* c */b") == std::vector<Lexed>{{kIdentifier, "a"}, {kIdentifier, "b"}});
  CHECK(Lex("a /* multi\nline */ b") == std::vector<Lexed>{{kIdentifier, "a"}, {kIdentifier, "b"}});
  CHECK(Lex("/**/x") == std::vector<Lexed>{{kIdentifier, "x"}});
  CHECK(Lex("/* -- ' \" ` # */x") == std::vector<Lexed>{{kIdentifier, "x"}});
  // Comments do not nest: the first */ ends it.
  CHECK(Lex("/* a /* b */ c */") ==
        std::vector<Lexed>{{kIdentifier, "c"}, {kStar, "*"}, {kSlash, "/"}});
  CHECK(Lex("2*/3") ==
        std::vector<Lexed>{{kNumber, "2"}, {kStar, "*"}, {kSlash, "/"}, {kNumber, "3"}});
}

TEST_CASE("lexer returns comments as kComment tokens with keep_comments", "[lexer]") {
  const LexerOptions keep{.keep_comments = true};
  CHECK(Lex("a -- one\nb # two\nc /* three */ d", keep) ==
        std::vector<Lexed>{{kIdentifier, "a"},
                           {kComment, "-- one"},
                           {kIdentifier, "b"},
                           {kComment, "# two"},
                           {kIdentifier, "c"},
                           {kComment, "/* three */"},
                           {kIdentifier, "d"}});
  CHECK(Lex("x--", keep) == std::vector<Lexed>{{kIdentifier, "x"}, {kComment, "--"}});
  const std::vector<Token> tokens = Tokens("a /* c */", keep);
  REQUIRE(tokens.size() == 2);
  CHECK(tokens[1].offset == 2);
  CHECK(tokens[1].length == 7);
}

TEST_CASE("lexer yields the same non-comment tokens with and without keep_comments", "[lexer]") {
  const std::string_view sql = "SELECT a, -- x\n b /* y */ FROM t # z\nWHERE c = 'd' /* e */";
  std::vector<Lexed> kept = Lex(sql, {.keep_comments = true});
  std::erase_if(kept, [](const Lexed& t) { return t.kind == kComment; });
  CHECK(kept == Lex(sql));
}

// --- Version comments and optimizer hints --------------------------------------------------

// "If you add a version number after the ! character, the syntax within the comment is
// executed only if the MySQL version is greater than or equal to the specified version."
TEST_CASE("lexer lexes the content of /*! */ version comments and drops the markers", "[lexer]") {
  CHECK(Lex("SELECT /*! STRAIGHT_JOIN */ a") == std::vector<Lexed>{{kIdentifier, "SELECT"},
                                                                   {kIdentifier, "STRAIGHT_JOIN"},
                                                                   {kIdentifier, "a"}});
  CHECK(Lex("CREATE /*!50001 TEMPORARY */ TABLE t") ==
        std::vector<Lexed>{{kIdentifier, "CREATE"},
                           {kIdentifier, "TEMPORARY"},
                           {kIdentifier, "TABLE"},
                           {kIdentifier, "t"}});
  CHECK(Lex("/*!40101 SET @x=1*/;") == std::vector<Lexed>{{kIdentifier, "SET"},
                                                          {kUserVariable, "@x"},
                                                          {kEq, "="},
                                                          {kNumber, "1"},
                                                          {kSemicolon, ";"}});
  CHECK(Lex("/*!50001 'a*/b' */") == std::vector<Lexed>{{kString, "'a*/b'"}});
  CHECK(Lex("/*!50001 a /* inner */ b */ c") ==
        std::vector<Lexed>{{kIdentifier, "a"}, {kIdentifier, "b"}, {kIdentifier, "c"}});
  // The number after the version is content.
  CHECK(Lex("/*!50001 1 */") == std::vector<Lexed>{{kNumber, "1"}});
}

TEST_CASE("lexer lexes the content of MariaDB /*M! */ version comments", "[lexer]") {
  CHECK(Lex("SELECT /*M!100100 a, */ b") ==
        std::vector<Lexed>{
            {kIdentifier, "SELECT"}, {kIdentifier, "a"}, {kComma, ","}, {kIdentifier, "b"}});
  CHECK(Lex("/*M! x */") == std::vector<Lexed>{{kIdentifier, "x"}});
  // /*M without ! is an ordinary comment.
  CHECK(Lex("/*M x */ y") == std::vector<Lexed>{{kIdentifier, "y"}});
}

TEST_CASE("lexer drops version comment markers with keep_comments too", "[lexer]") {
  CHECK(Lex("/*!50001 a */ b", {.keep_comments = true}) ==
        std::vector<Lexed>{{kIdentifier, "a"}, {kIdentifier, "b"}});
}

TEST_CASE("lexer gives version comment tokens their offsets in the original text", "[lexer]") {
  const std::vector<Token> tokens = Tokens("/*!50001 abc*/ d");
  REQUIRE(tokens.size() == 2);
  CHECK(tokens[0].offset == 9);
  CHECK(tokens[0].length == 3);
  CHECK(tokens[1].offset == 15);
}

TEST_CASE("lexer reads /*+ */ right after a word as one optimizer hint", "[lexer]") {
  CHECK(Lex("SELECT /*+ BKA(t) */ a FROM t") == std::vector<Lexed>{{kIdentifier, "SELECT"},
                                                                   {kHint, "/*+ BKA(t) */"},
                                                                   {kIdentifier, "a"},
                                                                   {kIdentifier, "FROM"},
                                                                   {kIdentifier, "t"}});
  CHECK(Lex("SELECT/*+NO_ICP(t)*/a") ==
        std::vector<Lexed>{{kIdentifier, "SELECT"}, {kHint, "/*+NO_ICP(t)*/"}, {kIdentifier, "a"}});
  CHECK(Lex("UPDATE /*+ A */ /*+ B */ t") ==
        std::vector<Lexed>{
            {kIdentifier, "UPDATE"}, {kHint, "/*+ A */"}, {kHint, "/*+ B */"}, {kIdentifier, "t"}});
  CHECK(Lex("SELECT\n  /*+ MAX_EXECUTION_TIME(1000) */ 1") ==
        std::vector<Lexed>{
            {kIdentifier, "SELECT"}, {kHint, "/*+ MAX_EXECUTION_TIME(1000) */"}, {kNumber, "1"}});
  const std::vector<Token> tokens = Tokens("SELECT /*+ X */ 1");
  REQUIRE(tokens.size() == 3);
  CHECK(tokens[1].offset == 7);
  CHECK(tokens[1].length == 8);
}

TEST_CASE("lexer reads /*+ */ that does not follow a word as a comment", "[lexer]") {
  CHECK(Lex("/*+ BKA(t) */ SELECT 1") ==
        std::vector<Lexed>{{kIdentifier, "SELECT"}, {kNumber, "1"}});
  CHECK(Lex("(/*+ x */ 1)") == std::vector<Lexed>{{kLParen, "("}, {kNumber, "1"}, {kRParen, ")"}});
  CHECK(Lex("a = 1 /*+ x */", {.keep_comments = true}) ==
        std::vector<Lexed>{{kIdentifier, "a"}, {kEq, "="}, {kNumber, "1"}, {kComment, "/*+ x */"}});
  CHECK(Lex("`t` /*+ x */", {.keep_comments = true}) ==
        std::vector<Lexed>{{kQuotedIdentifier, "`t`"}, {kComment, "/*+ x */"}});
}

// MySQL looks for a hint only across whitespace after the keyword (consume_optimizer_hints()
// in sql_lex.cc skips MY_LEX_SKIP bytes only): in `SELECT /* c */ /*+ h */` the second
// comment is no hint. Whether a comment is returned or skipped must not change that.
TEST_CASE("lexer does not read /*+ */ as a hint when a comment separates it from the word",
          "[lexer]") {
  const std::string_view sql = "SELECT /* c */ /*+ BKA(t) */ a";
  CHECK(Kinds(sql) == std::vector<TokenKind>{kIdentifier, kIdentifier});
  CHECK(Kinds(sql, {.keep_comments = true}) ==
        std::vector<TokenKind>{kIdentifier, kComment, kComment, kIdentifier});
}

// --- Malformed input -----------------------------------------------------------------------

TEST_CASE("lexer reports an unterminated quote as kUnterminated to the end of input", "[lexer]") {
  for (const std::string_view sql :
       {"'abc"sv, "'"sv, "'it''s"sv, "'a\\'"sv, "'a\\"sv, "\"abc"sv, "`abc"sv, "`a``"sv, "N'abc"sv,
        "X'1F"sv, "b'01"sv, "@'abc"sv, "@`abc"sv}) {
    INFO("input: " << sql);
    const std::vector<Token> tokens = Tokens(sql);
    REQUIRE(tokens.size() == 1);
    CHECK(tokens[0].kind == kUnterminated);
    CHECK(tokens[0].offset == 0);
    CHECK(tokens[0].length == sql.size());
  }
  CHECK(Lex("SELECT 'abc") == std::vector<Lexed>{{kIdentifier, "SELECT"}, {kUnterminated, "'abc"}});
  CHECK(One("\"abc", {.ansi_quotes = true}) == Lexed{kUnterminated, "\"abc"});
}

TEST_CASE("lexer reports an unterminated comment or hint as kUnterminated", "[lexer]") {
  CHECK(Lex("a /* never closed") ==
        std::vector<Lexed>{{kIdentifier, "a"}, {kUnterminated, "/* never closed"}});
  CHECK(Lex("a /*") == std::vector<Lexed>{{kIdentifier, "a"}, {kUnterminated, "/*"}});
  CHECK(Lex("a /*/") == std::vector<Lexed>{{kIdentifier, "a"}, {kUnterminated, "/*/"}});
  CHECK(Lex("SELECT /*+ BKA(t)") ==
        std::vector<Lexed>{{kIdentifier, "SELECT"}, {kUnterminated, "/*+ BKA(t)"}});
  CHECK(Lex("a /* x", {.keep_comments = true}) ==
        std::vector<Lexed>{{kIdentifier, "a"}, {kUnterminated, "/* x"}});
}

// The header promises that an unterminated comment becomes kUnterminated; a version comment is
// a comment, and MySQL rejects `/*!50001 SELECT 1` as unclosed.
TEST_CASE("lexer reports an unterminated version comment as kUnterminated", "[lexer]") {
  const std::vector<TokenKind> kinds = Kinds("/*!50001 SELECT 1");
  CHECK(std::find(kinds.begin(), kinds.end(), kUnterminated) != kinds.end());
}

TEST_CASE("lexer reports NUL, control bytes and stray characters as kIllegal and goes on",
          "[lexer]") {
  CHECK(Lex("a\0b"sv) == std::vector<Lexed>{{kIdentifier, "a"},
                                            {kIllegal, std::string(1, '\0')},
                                            {kIdentifier, "b"}});
  CHECK(Lex("\x01\x02") == std::vector<Lexed>{{kIllegal, "\x01"}, {kIllegal, "\x02"}});
  CHECK(Lex("\x1b[0m") ==
        std::vector<Lexed>{{kIllegal, "\x1b"}, {kIllegal, "["}, {kIdentifier, "0m"}});
  CHECK(Lex("\x7f") == std::vector<Lexed>{{kIllegal, "\x7f"}});
  CHECK(Lex("a \\ b") ==
        std::vector<Lexed>{{kIdentifier, "a"}, {kIllegal, "\\"}, {kIdentifier, "b"}});
  const std::vector<Token> tokens = Tokens("ab\x01");
  REQUIRE(tokens.size() == 2);
  CHECK(tokens[1].offset == 2);
  CHECK(tokens[1].length == 1);
}

TEST_CASE("lexer treats the whitespace bytes of the manual as separators", "[lexer]") {
  CHECK(Lex("a\tb\nc\rd\fe\vf") == std::vector<Lexed>{{kIdentifier, "a"},
                                                      {kIdentifier, "b"},
                                                      {kIdentifier, "c"},
                                                      {kIdentifier, "d"},
                                                      {kIdentifier, "e"},
                                                      {kIdentifier, "f"}});
}

TEST_CASE("lexer consumes every byte of arbitrary input and stops", "[lexer]") {
  uint32_t state = 12345;
  auto next_byte = [&state] {
    state = state * 1103515245u + 12345u;
    return static_cast<char>(state >> 16);
  };
  for (int round = 0; round < 500; ++round) {
    std::string sql(static_cast<size_t>(round % 97), ' ');
    for (char& c : sql) c = next_byte();
    Lexer lexer(sql, {.ansi_quotes = round % 2 == 1, .keep_comments = round % 3 == 0});
    uint32_t last_end = 0;
    size_t count = 0;
    for (Token t = lexer.Next(); t.kind != kEnd; t = lexer.Next()) {
      INFO("round " << round);
      REQUIRE(t.offset >= last_end);
      REQUIRE(t.offset + t.length <= sql.size());
      REQUIRE(t.length > 0);
      last_end = t.offset + t.length;
      REQUIRE(++count <= sql.size());
    }
    CHECK(lexer.Next().kind == kEnd);
  }
}

// --- Names ---------------------------------------------------------------------------------

TEST_CASE("lexer names every token kind for diagnostics", "[lexer]") {
  CHECK(TokenKindName(kEnd) == "end of input");
  CHECK(TokenKindName(kIdentifier) == "identifier");
  CHECK(TokenKindName(kRParen) == "')'");
  CHECK(TokenKindName(kLongArrow) == "'->>'");
  CHECK(TokenKindName(kUnterminated) == "unterminated quote or comment");
  for (int k = 0; k <= static_cast<int>(kUnterminated); ++k) {
    INFO("kind " << k);
    CHECK(TokenKindName(static_cast<TokenKind>(k)) != "token");
  }
}

TEST_CASE("lexer IsLiteral() is true exactly for strings, numbers, hex and bits", "[lexer]") {
  for (int k = 0; k <= static_cast<int>(kUnterminated); ++k) {
    const auto kind = static_cast<TokenKind>(k);
    const bool literal = kind == kString || kind == kNationalString || kind == kNumber ||
                         kind == kHexNumber || kind == kBitNumber;
    INFO(TokenKindName(kind));
    CHECK(IsLiteral(kind) == literal);
  }
}

}  // namespace
}  // namespace qadvisor::parser

// Version comments are SQL only to the servers that run them (lexer.h).
TEST_CASE("lexer: version comments follow the server", "[lexer]") {
  using qadvisor::parser::Lexer;
  using qadvisor::parser::LexerOptions;
  using qadvisor::parser::TokenKind;
  using qadvisor::parser::VersionComments;
  const auto words = [](std::string_view sql, VersionComments which) {
    Lexer lexer(sql, LexerOptions{.version_comments = which});
    std::string out;
    for (auto t = lexer.Next(); t.kind != TokenKind::kEnd; t = lexer.Next()) {
      out += (out.empty() ? "" : " ") + std::string(sql.substr(t.offset, t.length));
    }
    return out;
  };
  const std::string_view sql = "a /*!50705 b */ c /*!40101 d */ e /*M!100300 f */ g /*!80023 h */";
  CHECK(words(sql, VersionComments::kAll) == "a b c d e f g h");
  // MySQL 8 runs its own and older versions, never MariaDB's.
  CHECK(words(sql, VersionComments::kMySQL8) == "a b c d e g h");
  // MariaDB skips the MySQL 5.7+ range and runs its own.
  CHECK(words(sql, VersionComments::kMariaDB) == "a c d e f g");
  CHECK(words("x /*!100500 y */ z /*!120000 w */", VersionComments::kMariaDB) == "x y z");
  CHECK(words("x /*! y */", VersionComments::kMySQL8) == "x y");  // no version: always
}
