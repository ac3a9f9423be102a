// base/ascii.h: the one definition of white space and ASCII case.
#include "base/ascii.h"

#include <catch2/catch.hpp>
#include <cctype>
#include <string>

namespace qadvisor::base {
namespace {

TEST_CASE("IsSpace is the MySQL lexer's white space: 0x09-0x0D and space, nothing else") {
  for (int c = 0; c < 256; ++c) {
    const bool expected = c == ' ' || (c >= 0x09 && c <= 0x0d);
    INFO("byte " << c);
    CHECK(IsSpace(static_cast<char>(c)) == expected);
    // The C locale's isspace() has the same set; ours holds whatever locale the process runs in.
    CHECK(IsSpace(static_cast<char>(c)) == (c < 0x80 && std::isspace(c) != 0));
  }
  CHECK(IsSpace('\v'));
  CHECK(IsSpace('\f'));
  CHECK_FALSE(IsSpace('\0'));
  CHECK_FALSE(IsSpace('\xa0'));  // latin1 NBSP: not white space to MySQL's lexer
  CHECK_FALSE(IsSpace('\x85'));  // NEL
}

TEST_CASE("IsBlank is white space within a line: everything IsSpace takes but LF") {
  for (int c = 0; c < 256; ++c) {
    INFO("byte " << c);
    CHECK(IsBlank(static_cast<char>(c)) == (c != '\n' && IsSpace(static_cast<char>(c))));
  }
  CHECK(IsBlank('\r'));
  CHECK_FALSE(IsBlank('\n'));
}

TEST_CASE("TrimSpace and its halves cut white space only at their ends") {
  CHECK(TrimSpace(" \t\v\f\r\n a b \r\n") == "a b");
  CHECK(TrimSpace("") == "");
  CHECK(TrimSpace(" \n ") == "");
  CHECK(TrimSpace("x") == "x");
  CHECK(TrimSpace("\xa0x\xa0") == "\xa0x\xa0");
  CHECK(TrimLeadingSpace("  a  ") == "a  ");
  CHECK(TrimTrailingSpace("  a  ") == "  a");
  static_assert(TrimSpace(" ok ") == "ok");
}

TEST_CASE("ASCII case maps A-Z and a-z only, and other bytes (UTF-8 among them) pass through") {
  for (int c = 0; c < 256; ++c) {
    const auto ch = static_cast<char>(c);
    INFO("byte " << c);
    CHECK(ToLowerAscii(ch) == (c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : ch));
    CHECK(ToUpperAscii(ch) == (c >= 'a' && c <= 'z' ? static_cast<char>(c - 32) : ch));
  }
  CHECK(LowerAscii("SELECT Café ÉTÉ") == "select café ÉtÉ");  // É is not ASCII
  CHECK(UpperAscii("select café été") == "SELECT CAFé éTé");
  CHECK(LowerAscii("") == "");
  CHECK(UpperAscii("a_1-z") == "A_1-Z");
}

TEST_CASE("EqualsIgnoreCase and StartsWithIgnoreCase fold ASCII only") {
  CHECK(EqualsIgnoreCase("Select", "sELECT"));
  CHECK(EqualsIgnoreCase("", ""));
  CHECK_FALSE(EqualsIgnoreCase("select", "selec"));
  CHECK_FALSE(EqualsIgnoreCase("é", "É"));  // not ASCII: bytes compared as they are
  CHECK_FALSE(EqualsIgnoreCase("[", "{"));  // 0x5b and 0x7b differ by 32 but are not letters
  CHECK(StartsWithIgnoreCase("# Query_time: 1", "# query_TIME"));
  CHECK(StartsWithIgnoreCase("abc", ""));
  CHECK_FALSE(StartsWithIgnoreCase("ab", "abc"));
  static_assert(EqualsIgnoreCase("Use", "USE"));
}

}  // namespace
}  // namespace qadvisor::base
