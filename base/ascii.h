// ASCII character classes and case, defined once for every folder. No locale is consulted
// (std::isspace and std::tolower follow whatever locale the process runs in), and bytes 0x80 and
// up are never white space and pass through case mapping unchanged: they are parts of UTF-8 (or
// latin1) text, which must come out as it went in. Everything here is pure and thread-safe.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

namespace qadvisor::base {

// SQL white space: space, tab, LF, VT, FF and CR — the bytes the MySQL lexer skips between
// tokens (my_isspace(), the _MY_SPC class of the server's latin1 and utf8mb4 ctype tables:
// 0x09–0x0D and 0x20). The one definition of white space in qadvisor; parser/lexer.cpp, the
// authority for SQL, builds its character table from it. (It is also C's isspace() in the
// "C" locale, without the locale.)
constexpr bool IsSpace(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

// White space within a line: IsSpace without LF. CR counts, so the CR of a CRLF line is a
// trailing blank and not part of the line's last field.
constexpr bool IsBlank(char c) { return c != '\n' && IsSpace(c); }

// '0' to '9' (C's isdigit() without the locale).
constexpr bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// `s` without its leading, its trailing, or both its leading and trailing IsSpace bytes.
constexpr std::string_view TrimLeadingSpace(std::string_view s) {
  while (!s.empty() && IsSpace(s.front())) s.remove_prefix(1);
  return s;
}
constexpr std::string_view TrimTrailingSpace(std::string_view s) {
  while (!s.empty() && IsSpace(s.back())) s.remove_suffix(1);
  return s;
}
constexpr std::string_view TrimSpace(std::string_view s) {
  return TrimTrailingSpace(TrimLeadingSpace(s));
}

namespace internal {
// A table rather than a comparison: the keyword lookup lower-cases every byte of every word.
inline constexpr std::array<char, 256> kLowerTable = [] {
  std::array<char, 256> t{};
  for (int i = 0; i < 256; ++i) t[i] = static_cast<char>(i >= 'A' && i <= 'Z' ? i + 32 : i);
  return t;
}();
}  // namespace internal

// 'A'–'Z' to 'a'–'z'; every other byte unchanged.
constexpr char ToLowerAscii(char c) { return internal::kLowerTable[static_cast<unsigned char>(c)]; }

// 'a'–'z' to 'A'–'Z'; every other byte unchanged.
constexpr char ToUpperAscii(char c) {
  return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
}

inline std::string LowerAscii(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = ToLowerAscii(c);
  return out;
}

inline std::string UpperAscii(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = ToUpperAscii(c);
  return out;
}

// Case-insensitive ASCII equality. Inline: the parser tests words against keywords this way
// many times per token, and most tests end at the size comparison.
constexpr bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (ToLowerAscii(a[i]) != ToLowerAscii(b[i])) return false;
  }
  return true;
}

constexpr bool StartsWithIgnoreCase(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && EqualsIgnoreCase(s.substr(0, prefix.size()), prefix);
}

}  // namespace qadvisor::base
