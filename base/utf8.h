// UTF-8 well-formedness (RFC 3629, Unicode's "well-formed UTF-8 byte sequence"), defined once:
// the terminal escaper (base/text.h), the JSON writers (base/json_escape.h) and the report's
// column arithmetic must agree on what is a character. Pure and thread-safe.
#pragma once

#include <cstddef>
#include <string_view>

namespace qadvisor::base {

// The length of the well-formed UTF-8 sequence that starts at s[i]: 1 for an ASCII byte, 2–4
// for a multibyte sequence, 0 when none starts there — a continuation byte, a byte that never
// occurs in UTF-8 (C0, C1, F5–FF), an overlong form, a surrogate (U+D800–U+DFFF), a code point
// past U+10FFFF, or a sequence cut off by the end of `s`. When `code` is given and the result
// is not 0, *code is the code point. `i` must be less than s.size().
constexpr size_t Utf8SequenceLength(std::string_view s, size_t i, char32_t* code = nullptr) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char lead = byte(i);
  size_t len = 0;
  char32_t cp = 0;
  if (lead < 0x80) {
    len = 1, cp = lead;
  } else if ((lead & 0xE0) == 0xC0) {
    len = 2, cp = lead & 0x1F;
  } else if ((lead & 0xF0) == 0xE0) {
    len = 3, cp = lead & 0x0F;
  } else if ((lead & 0xF8) == 0xF0) {
    len = 4, cp = lead & 0x07;
  } else {
    return 0;
  }
  if (len > s.size() - i) return 0;
  for (size_t k = 1; k < len; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (byte(i + k) & 0x3F);
  }
  constexpr char32_t kShortest[] = {0, 0, 0x80, 0x800, 0x10000};  // below it: overlong
  if (cp < kShortest[len] || (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF) return 0;
  if (code != nullptr) *code = cp;
  return len;
}

// Whether all of `s` is well-formed UTF-8.
constexpr bool IsValidUtf8(std::string_view s) {
  for (size_t i = 0; i < s.size();) {
    const size_t len = Utf8SequenceLength(s, i);
    if (len == 0) return false;
    i += len;
  }
  return true;
}

}  // namespace qadvisor::base
