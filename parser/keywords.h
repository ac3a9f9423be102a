// MySQL reserved words (MySQL 8.0 and MariaDB 10.x/11.x, the union of both).
//
// A reserved word cannot be used as an unquoted identifier, so a bare word that is reserved
// is a keyword wherever it stands. Source: "Keywords and Reserved Words",
// https://dev.mysql.com/doc/refman/8.0/en/keywords.html, and MariaDB's "Reserved Words".
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>

namespace qadvisor::parser {

// Case-insensitive.
bool IsReservedWord(std::string_view word);

// Words the fingerprinter (and later the parser) treats specially. kOther: a reserved word
// with no special role; kNone: not a keyword at all.
enum class Keyword : uint8_t {
  kNone,
  kOther,
  kNull,
  kTrue,
  kFalse,
  kAsc,
  kUse,
  kCall,
  kIn,
  kValues,
  kValue,
  kLimit,
  kOffset,
  kIs,
  kNot,
  kInto,
  kTable,
  kJoin,
  kUpdate,
  kFrom,
  kReplace,
  kRow,
};

struct KeywordInfo {
  Keyword keyword = Keyword::kNone;
  bool reserved = false;
};

// One hash probe per word: what the word is, case-insensitively. Hot path of the fingerprint.
KeywordInfo LookupKeyword(std::string_view word);

// MySQL and MariaDB character set names (`utf8mb4`, `latin1`, `binary`, …), case-insensitive:
// what may follow the underscore of an introducer (`_utf8mb4'text'`).
bool IsCharsetName(std::string_view name);

namespace internal {
extern const std::array<char, 256> kLowerTable;
}
// ASCII lower-casing of one byte through a table; other bytes unchanged.
inline char ToLowerAscii(char c) { return internal::kLowerTable[static_cast<unsigned char>(c)]; }

inline std::string LowerAscii(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = ToLowerAscii(c);
  return out;
}

// Case-insensitive ASCII equality. Inline: the parser tests words against keywords this way
// many times per token, and most tests end at the size comparison.
inline bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (ToLowerAscii(a[i]) != ToLowerAscii(b[i])) return false;
  }
  return true;
}

// Whether `word` is one of `words`, case-insensitively.
bool IsOneOf(std::string_view word, std::span<const std::string_view> words);

}  // namespace qadvisor::parser
