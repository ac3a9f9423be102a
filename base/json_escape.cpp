// JSON string escaping (see json_escape.h).
#include "base/json_escape.h"

#include <cstddef>

#include "base/utf8.h"

namespace qadvisor::base {

void AppendJsonEscaped(std::string& out, std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  const auto plain = [](unsigned char c) { return c >= 0x20 && c < 0x80 && c != '"' && c != '\\'; };
  const size_t n = s.size();
  size_t i = 0;
  while (i < n) {
    // Hot loop: a run of plain ASCII that needs no escaping, appended at once.
    size_t j = i;
    while (j < n && plain(static_cast<unsigned char>(s[j]))) ++j;
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
