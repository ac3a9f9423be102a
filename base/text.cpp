// Escaping input text for terminals (see text.h).
#include "base/text.h"

#include <fmt/format.h>

#include "base/utf8.h"

namespace qadvisor::base {

std::string Printable(std::string_view s, size_t limit) {
  const bool cut = s.size() > limit;
  s = s.substr(0, limit);
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    const auto u = static_cast<unsigned char>(s[i]);
    if (u < 0x80) {
      if ((u < 0x20 && u != '\n' && u != '\t') || u == 0x7f) {
        out += fmt::format("\\x{:02x}", u);
      } else {
        out.push_back(s[i]);
      }
      ++i;
      continue;
    }
    char32_t code = 0;
    const size_t len = Utf8SequenceLength(s, i, &code);
    if (len == 0 || code <= 0x9f) {  // not UTF-8, or a C1 control
      for (size_t k = 0; k < std::max<size_t>(len, 1); ++k) {
        out += fmt::format("\\x{:02x}", static_cast<unsigned char>(s[i + k]));
      }
      i += std::max<size_t>(len, 1);
      continue;
    }
    out.append(s.substr(i, len));
    i += len;
  }
  if (cut) out += "...";
  return out;
}

std::optional<size_t> FirstBinaryByte(std::string_view s) {
  for (size_t i = 0; i < s.size(); ++i) {
    const auto u = static_cast<unsigned char>(s[i]);
    if (u < 0x20 && (u < '\t' || u > '\r')) return i;
  }
  return std::nullopt;
}

}  // namespace qadvisor::base
