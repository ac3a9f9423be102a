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

#include "base/ascii.h"

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

// ASCII case, defined once in base/ascii.h; named here too because parser code and its users
// (analyzer, rules, connectors) have always called them parser::….
using base::EqualsIgnoreCase;
using base::LowerAscii;
using base::ToLowerAscii;

// Whether `word` is one of `words`, case-insensitively.
bool IsOneOf(std::string_view word, std::span<const std::string_view> words);

}  // namespace qadvisor::parser
