// base/utf8.h: which byte sequences are well-formed UTF-8 (RFC 3629).
#include "base/utf8.h"

#include <catch2/catch.hpp>
#include <string>

namespace qadvisor::base {
namespace {

TEST_CASE("Utf8SequenceLength measures well-formed sequences and reads their code point") {
  char32_t code = 0;
  CHECK(Utf8SequenceLength("a", 0, &code) == 1);
  CHECK(code == U'a');
  CHECK(Utf8SequenceLength(std::string_view("\0", 1), 0, &code) == 1);
  CHECK(code == 0);
  CHECK(Utf8SequenceLength("\xc2\x80", 0, &code) == 2);  // U+0080, the first two-byte one
  CHECK(code == 0x80);
  CHECK(Utf8SequenceLength("caf\xc3\xa9", 3, &code) == 2);
  CHECK(code == 0xe9);
  CHECK(Utf8SequenceLength("\xe6\x97\xa5", 0, &code) == 3);
  CHECK(code == 0x65e5);
  CHECK(Utf8SequenceLength("\xef\xbf\xbf", 0, &code) == 3);  // U+FFFF
  CHECK(Utf8SequenceLength("\xf0\x9f\x98\x80", 0, &code) == 4);
  CHECK(code == 0x1f600);
  CHECK(Utf8SequenceLength("\xf4\x8f\xbf\xbf", 0, &code) == 4);  // U+10FFFF, the last
  CHECK(code == 0x10ffff);
}

TEST_CASE("Utf8SequenceLength is 0 where no well-formed sequence starts") {
  for (const std::string_view bad : {
           std::string_view("\x80"),              // a continuation byte
           std::string_view("\xbf"),              //
           std::string_view("\xc0\xaf"),          // overlong '/'
           std::string_view("\xc1\xbf"),          // overlong
           std::string_view("\xe0\x80\xaf"),      // overlong, three bytes
           std::string_view("\xf0\x80\x80\xaf"),  // overlong, four bytes
           std::string_view("\xed\xa0\x80"),      // U+D800, a surrogate
           std::string_view("\xed\xbf\xbf"),      // U+DFFF
           std::string_view("\xf4\x90\x80\x80"),  // U+110000, past the last
           std::string_view("\xf5\x80\x80\x80"),  // a lead byte UTF-8 never has
           std::string_view("\xff"),              //
           std::string_view("\xe6\x97"),          // cut off by the end
           std::string_view("\xc3"),              //
           std::string_view("\xc3("),             // a lead byte without its continuation
       }) {
    INFO("bytes " << std::string(bad));
    char32_t code = 0x1234;
    CHECK(Utf8SequenceLength(bad, 0, &code) == 0);
    CHECK(code == 0x1234);  // untouched
  }
  // Cut off by the end of the view, not of the buffer behind it.
  CHECK(Utf8SequenceLength(std::string_view("\xe6\x97\xa5", 2), 0) == 0);
}

TEST_CASE("IsValidUtf8 takes text and refuses anything with one bad sequence") {
  CHECK(IsValidUtf8(""));
  CHECK(IsValidUtf8("SELECT 'café', '日本', '😀'"));
  CHECK_FALSE(IsValidUtf8("latin1 caf\xe9"));
  CHECK_FALSE(IsValidUtf8("ok \xed\xa0\x80 surrogate"));
  CHECK_FALSE(IsValidUtf8("cut \xe6\x97"));
  static_assert(IsValidUtf8("\xc3\xa9"));
}

}  // namespace
}  // namespace qadvisor::base
