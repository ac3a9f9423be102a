// base/json_escape.h: JSON string bodies from untrusted bytes, read back by a JSON parser.
#include "base/json_escape.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>

namespace qadvisor::base {
namespace {

std::string Escaped(std::string_view s) {
  std::string out = "prefix:";
  AppendJsonEscaped(out, s);
  return out.substr(7);  // appends: what was there stays
}

TEST_CASE("AppendJsonEscaped escapes what JSON requires and nothing else") {
  CHECK(Escaped("plain text, 'quotes' / slash") == "plain text, 'quotes' / slash");
  CHECK(Escaped("a\"b\\c") == "a\\\"b\\\\c");
  CHECK(Escaped("\n\r\t\b\f") == "\\n\\r\\t\\b\\f");
  CHECK(Escaped(std::string("\0\x01\x1b\x1f", 4)) == "\\u0000\\u0001\\u001b\\u001f");
  CHECK(Escaped("\x7f") == "\x7f");  // DEL is no control character to JSON
  CHECK(Escaped("") == "");
}

TEST_CASE("AppendJsonEscaped keeps UTF-8 and replaces each bad byte with U+FFFD") {
  CHECK(Escaped("café 日本 😀") == "café 日本 😀");
  CHECK(Escaped("caf\xe9!") == "caf\xef\xbf\xbd!");
  CHECK(Escaped("\xc0\xaf") == "\xef\xbf\xbd\xef\xbf\xbd");  // overlong: two bad bytes
  CHECK(Escaped("\xed\xa0\x80") == "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");
  CHECK(Escaped("cut \xe6\x97") == "cut \xef\xbf\xbd\xef\xbf\xbd");
}

TEST_CASE("AppendJsonEscaped finds a byte to escape wherever it sits in a long plain run") {
  // Plain runs are scanned eight bytes at a time: each special byte at each offset of two
  // words and a tail, among plain bytes just above and below the thresholds it tests
  // (' ' is 0x20, '!' 0x21, '#' 0x23, '[' 0x5b, ']' 0x5d, DEL 0x7f).
  const std::string fillers[] = {"aaaaaaaaaaaaaaaaaaaaaaa", " !#[]~\x7f !#[]~\x7f !#[]~\x7f !#"};
  const std::pair<std::string, std::string> specials[] = {
      {"\"", "\\\""},          {"\\", "\\\\"},
      {"\n", "\\n"},           {std::string(1, '\0'), "\\u0000"},
      {"\x1f", "\\u001f"},     {"\xc3\xa9", "\xc3\xa9"},
      {"\xff", "\xef\xbf\xbd"}};
  for (const std::string& filler : fillers) {
    for (const auto& [special, escaped] : specials) {
      for (size_t at = 0; at <= filler.size(); ++at) {
        const std::string in = filler.substr(0, at) + special + filler.substr(at);
        const std::string want = filler.substr(0, at) + escaped + filler.substr(at);
        INFO("offset " << at << " in \"" << filler << "\"");
        CHECK(Escaped(in) == want);
      }
    }
    CHECK(Escaped(filler) == filler);
  }
}

TEST_CASE("every byte string escapes to a JSON string that reads back") {
  // Each single byte and each pair of bytes: the parser must accept the result, and read back
  // the input wherever the input was UTF-8.
  for (int a = 0; a < 256; ++a) {
    for (int b = 0; b < 256; b += 7) {
      const std::string in{static_cast<char>(a), static_cast<char>(b)};
      std::string doc = "\"";
      AppendJsonEscaped(doc, in);
      doc += '"';
      INFO("bytes " << a << " " << b);
      const nlohmann::json j = nlohmann::json::parse(doc, nullptr, false);
      REQUIRE_FALSE(j.is_discarded());
      if (a < 0x80 && b < 0x80) CHECK(j.get<std::string>() == in);
    }
  }
}

}  // namespace
}  // namespace qadvisor::base
