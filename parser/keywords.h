// Keywords: the enum the lexer resolves every bare word to, and which of them are reserved
// (MySQL 8.0 and MariaDB 10.x/11.x, the union of both).
//
// A reserved word cannot be used as an unquoted identifier, so a bare word that is reserved
// is a keyword wherever it stands; the others are keywords only where the grammar expects them.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "base/ascii.h"

namespace qadvisor::parser {

// The keywords, resolved once per word by the lexer (Token::keyword) and matched as enumerators
// by the parser and the fingerprinter, so that a misspelt keyword fails to compile instead of
// never matching (as SQLite's keywordhash.h does for its tokenizer). The list is
// parser/keyword_list.inc: every word the grammar tests and every reserved word.
enum class Keyword : uint16_t {
  kNone,  // not a keyword: an identifier
#define QADVISOR_KEYWORD(name, text, reserved) name,
#include "parser/keyword_list.inc"
#undef QADVISOR_KEYWORD
};

struct KeywordInfo {
  Keyword keyword = Keyword::kNone;
  bool reserved = false;
};

// One hash probe per word, case-insensitive: which keyword the word is, kNone when none.
KeywordInfo LookupKeyword(std::string_view word);

// Whether a keyword is reserved: it cannot be an unquoted identifier. False for kNone.
bool IsReserved(Keyword keyword);

// Case-insensitive: whether a word is a reserved word.
inline bool IsReservedWord(std::string_view word) { return LookupKeyword(word).reserved; }

// The keyword's text, lower case ("select"); empty for kNone (and past the last keyword).
std::string_view KeywordText(Keyword keyword);

// Whether `keyword` is one of `keywords`.
inline bool IsOneOf(Keyword keyword, std::span<const Keyword> keywords) {
  for (const Keyword k : keywords) {
    if (k == keyword) return true;
  }
  return false;
}

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
