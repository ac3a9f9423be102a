// The MySQL-dialect lexer shared by the fingerprinter and the SQL parser.
//
// A Token is a kind plus an offset and a length into the caller's text: no string is
// allocated per token (as in SQLite's tokenize.c). The text must outlive the lexer and its
// tokens. Malformed input never fails: an unterminated quote or comment, or a byte that
// cannot start a token, becomes a token of kind kIllegal/kUnterminated and lexing goes on.
//
// MySQL lexical structure: https://dev.mysql.com/doc/refman/8.0/en/lexical-structure.html
// and sql/sql_lex.cc in the server. Things worth knowing that this lexer follows:
//  - `-- ` starts a comment only when the dashes are followed by whitespace or a control
//    character; `--x` is two minus signs.
//  - `/*! ... */` and `/*!50001 ... */` (MariaDB also `/*M!100100 ... */`) are version
//    comments whose content is SQL: their content is lexed as tokens and the markers vanish.
//  - `/*+ ... */` directly after a keyword is an optimizer hint: one kHint token.
//  - An identifier may start with a digit but may not be all digits (`1e3` is a number,
//    `1abc` is an identifier).
//  - "double quoted" text is a string unless the ANSI_QUOTES sql_mode is on.
//  - After `identifier.` comes an identifier even when it starts with digits (`t.1col`); a dot
//    with space before it and a digit after starts a number (`SELECT .5`).
//  - An unterminated `/*! …` version comment ends with a kUnterminated token spanning it.
#pragma once

#include <cstdint>
#include <string_view>

#include "parser/keywords.h"

namespace qadvisor::parser {

enum class TokenKind : uint8_t {
  kEnd,               // end of input
  kIdentifier,        // bare word: keyword or identifier; see Token::keyword
  kQuotedIdentifier,  // `name` (or "name" with ANSI_QUOTES)
  kString,            // 'text' or "text"
  kNationalString,    // N'text'
  kNumber,            // 12, 1.5, .5, 1e-3
  kHexNumber,         // 0x1F, X'1F'
  kBitNumber,         // 0b101, b'101'
  kParam,             // ?
  kNamedParam,        // :name
  kUserVariable,      // @name, @'name', @`name`
  kSystemVariable,    // @@name, @@session.name
  kHint,              // /*+ ... */
  kComment,           // only returned with LexerOptions::keep_comments
  // Punctuation and operators.
  kLParen,
  kRParen,
  kComma,
  kDot,
  kSemicolon,
  kStar,
  kPlus,
  kMinus,
  kSlash,
  kPercent,
  kEq,
  kNullSafeEq,
  kNotEq,
  kLt,
  kLe,
  kGt,
  kGe,
  kShiftLeft,
  kShiftRight,
  kAmpersand,
  kPipe,
  kCaret,
  kTilde,
  kBang,
  kAndAnd,
  kOrOr,
  kAssign,
  kColon,
  kArrow,
  kLongArrow,
  kLBrace,
  kRBrace,
  // Errors, never fatal.
  kIllegal,       // a byte that cannot start a token (control characters, NUL)
  kUnterminated,  // a quote or comment that runs to the end of the input
};

struct Token {
  TokenKind kind = TokenKind::kEnd;
  Keyword keyword = Keyword::kNone;  // kIdentifier: which keyword the word is, if any
  uint32_t offset = 0;
  uint32_t length = 0;

  std::string_view Text(std::string_view input) const { return input.substr(offset, length); }
};

// Which version comments are SQL. The servers differ: MySQL runs `/*!NNNNN …*/` up to its own
// version and ignores `/*M!…*/`; MariaDB runs `/*M!NNNNNN …*/` and `/*!NNNNN …*/` except the
// MySQL 5.7+ range 50700–99999 (so sakila's `/*!50705 location GEOMETRY …*/` is no column on
// MariaDB). kAll reads every one as SQL (fingerprints, and when the server is unknown).
enum class VersionComments : uint8_t { kAll, kMySQL8, kMariaDB };

struct LexerOptions {
  bool ansi_quotes = false;    // "x" is an identifier
  bool keep_comments = false;  // return kComment tokens instead of skipping them
  VersionComments version_comments = VersionComments::kAll;
};

// Whether a version comment with this marker (`!` or `M!`) and version (0: none written) is
// SQL to the server `which` describes.
bool RunsVersionComment(VersionComments which, bool mariadb_marker, uint32_t version);

class Lexer {
 public:
  explicit Lexer(std::string_view text, LexerOptions options = {})
      : text_(text), options_(options) {}

  // Returns the next token; kEnd at the end (and forever after).
  Token Next();

  // The position of the next byte to lex; lets callers look ahead by copying the lexer.
  uint32_t position() const { return pos_; }

 private:
  Token NextToken();
  Token Make(TokenKind kind, uint32_t start) const {
    return {.kind = kind, .offset = start, .length = pos_ - start};
  }
  Token LexQuoted(uint32_t start, char quote, TokenKind kind);
  Token LexNumberOrWord(uint32_t start);
  Token LexWord(uint32_t start);
  Token LexVariable(uint32_t start);
  // Skips whitespace and comments; returns a comment token when keep_comments asks for it.
  bool SkipSpaceAndComments(Token* comment);

  std::string_view text_;
  LexerOptions options_;
  uint32_t pos_ = 0;
  bool in_version_comment_ = false;
  bool after_word_ = false;                // the previous token was a word: `/*+` may start a hint
  uint32_t version_start_ = 0;             // where the open version comment began
  TokenKind last_kind_ = TokenKind::kEnd;  // the token returned before
  bool ident_dot_ = false;                 // the last token was the `.` of `identifier.`
  uint32_t last_end_ = 0;                  // where the token returned before ends
};

// Character classes from a 256-entry table (as SQLite's tokenizer does).
bool IsIdentifierByte(unsigned char c);

// Name of a token kind for diagnostics ("identifier", "')'", ...).
std::string_view TokenKindName(TokenKind kind);

// Whether `t` takes no part in what a statement does: an optimizer hint, a comment, a byte that
// cannot start a token, or a comment that the end of `text` (the lexed text) cut off.
inline bool IsNoise(const Token& t, std::string_view text) {
  switch (t.kind) {
    case TokenKind::kHint:
    case TokenKind::kComment:
    case TokenKind::kIllegal:
      return true;
    case TokenKind::kUnterminated:
      return text.substr(t.offset, 2) == "/*";
    default:
      return false;
  }
}

// True for the literal kinds (strings, numbers, hex, bit).
inline bool IsLiteral(TokenKind k) {
  return k == TokenKind::kString || k == TokenKind::kNationalString || k == TokenKind::kNumber ||
         k == TokenKind::kHexNumber || k == TokenKind::kBitNumber;
}

}  // namespace qadvisor::parser
