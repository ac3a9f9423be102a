// Escaping input text for terminals (see text.h).
#include "base/text.h"

#include <fmt/format.h>

namespace qadvisor::base {
namespace {

// The length of the valid UTF-8 sequence at the start of `s` (2–4 bytes), 0 when it is not one.
// Overlong forms, surrogates and code points past U+10FFFF are not valid (RFC 3629).
size_t Utf8Length(std::string_view s, char32_t* code) {
  const auto b = [&](size_t i) { return static_cast<unsigned char>(s[i]); };
  size_t len = 0;
  char32_t c = 0;
  if (b(0) >= 0xc2 && b(0) <= 0xdf) {
    len = 2, c = b(0) & 0x1f;
  } else if (b(0) >= 0xe0 && b(0) <= 0xef) {
    len = 3, c = b(0) & 0x0f;
  } else if (b(0) >= 0xf0 && b(0) <= 0xf4) {
    len = 4, c = b(0) & 0x07;
  } else {
    return 0;
  }
  if (s.size() < len) return 0;
  for (size_t i = 1; i < len; ++i) {
    if ((b(i) & 0xc0) != 0x80) return 0;
    c = (c << 6) | (b(i) & 0x3f);
  }
  if ((len == 3 && (c < 0x800 || (c >= 0xd800 && c <= 0xdfff))) ||
      (len == 4 && (c < 0x10000 || c > 0x10ffff))) {
    return 0;
  }
  *code = c;
  return len;
}

}  // namespace

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
    const size_t len = Utf8Length(s.substr(i), &code);
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
