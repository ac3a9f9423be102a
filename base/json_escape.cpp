// JSON string escaping (see json_escape.h).
#include "base/json_escape.h"

#include <array>
#include <cstddef>

#include "base/swar.h"
#include "base/utf8.h"

namespace qadvisor::base {
namespace {

// Printable ASCII but `"` and `\`: copied as it is.
constexpr std::array<bool, 256> kPlain = [] {
  std::array<bool, 256> t{};
  for (int c = 0x20; c < 0x80; ++c) t[c] = c != '"' && c != '\\';
  return t;
}();

// The end of the run of plain bytes that starts at s[i].
size_t PlainEnd(const char* s, size_t i, size_t n) {
  for (; i + 8 <= n; i += 8) {
    const uint64_t x = swar::Load(s + i);
    const uint64_t stop =
        swar::Below(x, 0x20) | swar::High(x) | swar::Equal(x, '"') | swar::Equal(x, '\\');
    if (stop != 0) return i + swar::FirstByte(stop);
  }
  while (i < n && kPlain[static_cast<unsigned char>(s[i])]) ++i;
  return i;
}

}  // namespace

size_t JsonPlainLength(std::string_view s) { return PlainEnd(s.data(), 0, s.size()); }

void AppendJsonEscaped(std::string& out, std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  const size_t n = s.size();
  size_t i = 0;
  while (i < n) {
    // Hot loop: a run of plain ASCII that needs no escaping, found eight bytes at a time and
    // appended at once.
    const size_t j = PlainEnd(s.data(), i, n);
    out.append(s.data() + i, j - i);
    i = j;
    if (i >= n) break;
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      switch (c) {
        case '"':
          out += "\\\"";
          break;
        case '\\':
          out += "\\\\";
          break;
        case '\n':
          out += "\\n";
          break;
        case '\r':
          out += "\\r";
          break;
        case '\t':
          out += "\\t";
          break;
        case '\b':
          out += "\\b";
          break;
        case '\f':
          out += "\\f";
          break;
        default:
          out += "\\u00";
          out.push_back(kHex[c >> 4]);
          out.push_back(kHex[c & 15]);
      }
      ++i;
      continue;
    }
    // A UTF-8 sequence: copied when well formed, else U+FFFD for its first byte.
    if (const size_t len = Utf8SequenceLength(s, i); len != 0) {
      out.append(s.data() + i, len);
      i += len;
    } else {
      out += "\xEF\xBF\xBD";
      ++i;
    }
  }
}

}  // namespace qadvisor::base
