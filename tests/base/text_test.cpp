// base::Printable and base::FirstBinaryByte: input text made safe for a terminal.
#include "base/text.h"

#include <catch2/catch.hpp>

namespace qadvisor::base {
namespace {

TEST_CASE("Printable escapes every control character and leaves UTF-8 text alone") {
  CHECK(Printable("SELECT 'café', '日本' -- ok\n\tnext") == "SELECT 'café', '日本' -- ok\n\tnext");
  CHECK(Printable("a\x1b[2Jb") == "a\\x1b[2Jb");                 // ESC: cursor and screen
  CHECK(Printable("\x1b]0;title\x07") == "\\x1b]0;title\\x07");  // OSC title, BEL
  CHECK(Printable(std::string("nul\0here", 8)) == "nul\\x00here");
  CHECK(Printable("del\x7f") == "del\\x7f");
  CHECK(Printable("\r") == "\\x0d");
  CHECK(Printable("c1 \xc2\x9b"
                  "31m") == "c1 \\xc2\\x9b31m");  // U+009B, CSI in 8-bit mode
  CHECK(Printable("raw \x9b"
                  "31m") == "raw \\x9b31m");  // a lone byte, not UTF-8
  CHECK(Printable("latin1 caf\xe9!") == "latin1 caf\\xe9!");
  CHECK(Printable("overlong \xc0\xaf") == "overlong \\xc0\\xaf");
  CHECK(Printable("surrogate \xed\xa0\x80") == "surrogate \\xed\\xa0\\x80");
  CHECK(Printable("cut \xe6\x97") == "cut \\xe6\\x97");
  CHECK(Printable("emoji \xf0\x9f\x98\x80") == "emoji \xf0\x9f\x98\x80");
}

TEST_CASE("Printable cuts at a limit and says so") {
  CHECK(Printable("abcdef", 3) == "abc...");
  CHECK(Printable("abc", 3) == "abc");
  CHECK(Printable("a\x1b"
                  "b",
                  2) == "a\\x1b...");
}

TEST_CASE("FirstBinaryByte finds what text never holds") {
  CHECK_FALSE(FirstBinaryByte("SELECT 1;\r\n\t-- \f\v ok").has_value());
  CHECK_FALSE(FirstBinaryByte("UTF-8 é and latin1 \xe9").has_value());
  CHECK(FirstBinaryByte(std::string("ab\0c", 4)) == 2u);
  CHECK(FirstBinaryByte("ab\x1b[2J") == 2u);
  CHECK(FirstBinaryByte("\x01") == 0u);
}

}  // namespace
}  // namespace qadvisor::base
