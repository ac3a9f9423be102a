#include "parser/lexer.h"

#include <array>

#include "base/ascii.h"

namespace qadvisor::parser {
namespace {

enum : uint8_t { kSpaceBit = 1, kIdentBit = 2, kDigitBit = 4, kHexBit = 8 };

constexpr std::array<uint8_t, 256> MakeClasses() {
  std::array<uint8_t, 256> t{};
  for (int c = 0; c < 256; ++c) t[c] |= base::IsSpace(static_cast<char>(c)) ? kSpaceBit : 0;
  for (int c = 'a'; c <= 'z'; ++c) t[c] |= kIdentBit;
  for (int c = 'A'; c <= 'Z'; ++c) t[c] |= kIdentBit;
  for (int c = '0'; c <= '9'; ++c) t[c] |= kIdentBit | kDigitBit | kHexBit;
  for (int c = 'a'; c <= 'f'; ++c) t[c] |= kHexBit;
  for (int c = 'A'; c <= 'F'; ++c) t[c] |= kHexBit;
  t['_'] |= kIdentBit;
  t['$'] |= kIdentBit;
  // Any byte of a multi-byte UTF-8 sequence may be part of an identifier.
  for (int c = 0x80; c <= 0xff; ++c) t[c] |= kIdentBit;
  return t;
}
constexpr std::array<uint8_t, 256> kClasses = MakeClasses();

inline bool IsSpace(unsigned char c) { return kClasses[c] & kSpaceBit; }
inline bool IsIdent(unsigned char c) { return kClasses[c] & kIdentBit; }
inline bool IsDigit(unsigned char c) { return kClasses[c] & kDigitBit; }
inline bool IsHex(unsigned char c) { return kClasses[c] & kHexBit; }

}  // namespace

bool IsIdentifierByte(unsigned char c) { return IsIdent(c); }

// Skips whitespace and comments. Returns true when it stopped at a comment token that the
// caller asked to keep (or an unterminated comment, which is always returned).
bool Lexer::SkipSpaceAndComments(Token* comment) {
  const uint32_t n = static_cast<uint32_t>(text_.size());
  while (pos_ < n) {
    const unsigned char c = text_[pos_];
    if (IsSpace(c)) {
      ++pos_;
      continue;
    }
    const uint32_t start = pos_;
    const char next = pos_ + 1 < n ? text_[pos_ + 1] : '\0';
    if (c == '#' || (c == '-' && next == '-' &&
                     (pos_ + 2 >= n || IsSpace(text_[pos_ + 2]) ||
                      static_cast<unsigned char>(text_[pos_ + 2]) < 0x20))) {
      while (pos_ < n && text_[pos_] != '\n') ++pos_;
      after_word_ = false;  // a hint must follow its keyword across whitespace only
      if (options_.keep_comments) {
        *comment = Make(TokenKind::kComment, start);
        return true;
      }
      continue;
    }
    if (c == '/' && next == '*') {
      const char third = pos_ + 2 < n ? text_[pos_ + 2] : '\0';
      const bool mariadb_version = third == 'M' && pos_ + 3 < n && text_[pos_ + 3] == '!';
      if ((third == '!' || mariadb_version) && !in_version_comment_) {
        // A version comment: its content is SQL (for the servers that run it). Skip the marker
        // and the version number.
        const uint32_t marker = pos_ + (mariadb_version ? 4 : 3);
        uint32_t digits = marker;
        uint32_t version = 0;
        while (digits < n && IsDigit(text_[digits]) && digits - marker < 6) {
          version = version * 10 + static_cast<uint32_t>(text_[digits] - '0');
          ++digits;
        }
        while (digits < n && IsDigit(text_[digits])) ++digits;
        if (RunsVersionComment(options_.version_comments, mariadb_version, version)) {
          version_start_ = pos_;
          pos_ = digits;
          in_version_comment_ = true;
          continue;
        }
        // Not for this server: an ordinary comment (below).
      }
      if (third == '+' && after_word_) return false;  // an optimizer hint: a token of its own
      const size_t end = text_.find("*/", pos_ + 2);
      if (end == std::string_view::npos) {
        pos_ = n;
        *comment = Make(TokenKind::kUnterminated, start);
        return true;
      }
      pos_ = static_cast<uint32_t>(end + 2);
      after_word_ = false;
      if (options_.keep_comments) {
        *comment = Make(TokenKind::kComment, start);
        return true;
      }
      continue;
    }
    if (c == '*' && next == '/' && in_version_comment_) {
      pos_ += 2;
      in_version_comment_ = false;
      continue;
    }
    return false;
  }
  return false;
}

bool RunsVersionComment(VersionComments which, bool mariadb_marker, uint32_t version) {
  // No server has version 999999: mariadb-dump (10.5.25+) opens its output with
  // `/*M!999999\- enable the sandbox mode */`, a command for the mariadb client that every
  // server skips. It is a comment whatever the flavour.
  if (version >= 999999) return false;
  // Nor any version from 20.0 on: `/*!401011 from*/` is six digits, 40.10.11, which MariaDB
  // (reading six) skips as too new; it is no SQL for any server that exists.
  if (version >= 200000) return false;
  switch (which) {
    case VersionComments::kAll:
      return true;
    case VersionComments::kMySQL8:
      return !mariadb_marker && version <= 80999;
    case VersionComments::kMariaDB:
      if (mariadb_marker) return version <= 119999;
      return version < 50700 || (version >= 100000 && version <= 119999);
  }
  return true;
}

Token Lexer::Next() {
  const Token t = NextToken();
  // `db.2024_orders`: after `identifier.` comes an identifier, even one that starts with digits.
  ident_dot_ = t.kind == TokenKind::kDot &&
               (last_kind_ == TokenKind::kIdentifier || last_kind_ == TokenKind::kQuotedIdentifier);
  last_kind_ = t.kind;
  last_end_ = t.offset + t.length;
  return t;
}

Token Lexer::NextToken() {
  const uint32_t n = static_cast<uint32_t>(text_.size());
  // Most tokens follow one space or nothing: only call the skipper when there may be more.
  while (pos_ < n && text_[pos_] == ' ') ++pos_;
  if (pos_ < n) {
    const unsigned char c = text_[pos_];
    if (IsSpace(c) || c == '#' || c == '-' || c == '/' || c == '*') {
      Token comment;
      if (SkipSpaceAndComments(&comment)) {
        after_word_ = false;
        return comment;
      }
    }
  }
  const uint32_t start = pos_;
  if (pos_ >= n) {
    if (in_version_comment_) {  // `/*!50001 …` without its `*/`
      in_version_comment_ = false;
      return {
          .kind = TokenKind::kUnterminated, .offset = version_start_, .length = n - version_start_};
    }
    return {.kind = TokenKind::kEnd, .offset = n, .length = 0};
  }

  const bool was_after_word = after_word_;
  after_word_ = false;
  const unsigned char c = text_[pos_];
  const char next = pos_ + 1 < n ? text_[pos_ + 1] : '\0';
  auto op = [&](TokenKind kind, uint32_t len) {
    pos_ += len;
    return Make(kind, start);
  };

  switch (c) {
    case '\'':
      return LexQuoted(start, '\'', TokenKind::kString);
    case '"':
      return LexQuoted(start, '"',
                       options_.ansi_quotes ? TokenKind::kQuotedIdentifier : TokenKind::kString);
    case '`':
      return LexQuoted(start, '`', TokenKind::kQuotedIdentifier);
    case '(':
      return op(TokenKind::kLParen, 1);
    case ')':
      return op(TokenKind::kRParen, 1);
    case ',':
      return op(TokenKind::kComma, 1);
    case ';':
      return op(TokenKind::kSemicolon, 1);
    case '*':
      return op(TokenKind::kStar, 1);
    case '+':
      return op(TokenKind::kPlus, 1);
    case '%':
      return op(TokenKind::kPercent, 1);
    case '^':
      return op(TokenKind::kCaret, 1);
    case '~':
      return op(TokenKind::kTilde, 1);
    case '{':
      return op(TokenKind::kLBrace, 1);
    case '}':
      return op(TokenKind::kRBrace, 1);
    case '?':
      return op(TokenKind::kParam, 1);
    case '/':
      if (next == '*' && was_after_word && pos_ + 2 < n && text_[pos_ + 2] == '+') {
        const size_t end = text_.find("*/", pos_ + 3);
        if (end == std::string_view::npos) {
          pos_ = n;
          return Make(TokenKind::kUnterminated, start);
        }
        pos_ = static_cast<uint32_t>(end + 2);
        after_word_ = true;  // more hints or the statement go on as after the keyword
        return Make(TokenKind::kHint, start);
      }
      return op(TokenKind::kSlash, 1);
    case '=':
      return op(TokenKind::kEq, 1);
    case '<':
      if (next == '=') {
        if (pos_ + 2 < n && text_[pos_ + 2] == '>') return op(TokenKind::kNullSafeEq, 3);
        return op(TokenKind::kLe, 2);
      }
      if (next == '>') return op(TokenKind::kNotEq, 2);
      if (next == '<') return op(TokenKind::kShiftLeft, 2);
      return op(TokenKind::kLt, 1);
    case '>':
      if (next == '=') return op(TokenKind::kGe, 2);
      if (next == '>') return op(TokenKind::kShiftRight, 2);
      return op(TokenKind::kGt, 1);
    case '!':
      if (next == '=') return op(TokenKind::kNotEq, 2);
      return op(TokenKind::kBang, 1);
    case '-':
      if (next == '>') {
        if (pos_ + 2 < n && text_[pos_ + 2] == '>') return op(TokenKind::kLongArrow, 3);
        return op(TokenKind::kArrow, 2);
      }
      return op(TokenKind::kMinus, 1);
    case '|':
      if (next == '|') return op(TokenKind::kOrOr, 2);
      return op(TokenKind::kPipe, 1);
    case '&':
      if (next == '&') return op(TokenKind::kAndAnd, 2);
      return op(TokenKind::kAmpersand, 1);
    case ':':
      if (next == '=') return op(TokenKind::kAssign, 2);
      if (IsIdent(next) && !IsDigit(next)) {
        ++pos_;
        while (pos_ < n && IsIdent(text_[pos_])) ++pos_;
        return Make(TokenKind::kNamedParam, start);
      }
      return op(TokenKind::kColon, 1);
    case '@':
      return LexVariable(start);
    case '\\':
      if (next == 'N') {  // \N is NULL (sql_lex.cc)
        Token null = op(TokenKind::kIdentifier, 2);
        null.keyword = Keyword::kNull;
        return null;
      }
      break;
    case '.':
      // A dot right after a word (no space between) qualifies it: `t.5col` is a column of t
      // (sql_lex.cc moves to MY_LEX_IDENT_SEP only when the dot follows the identifier at
      // once). Anywhere else a dot before a digit starts a number: SELECT .5, a + .5.
      if (IsDigit(next) &&
          !((last_kind_ == TokenKind::kIdentifier || last_kind_ == TokenKind::kQuotedIdentifier) &&
            last_end_ == start)) {
        return LexNumberOrWord(start);  // .5
      }
      return op(TokenKind::kDot, 1);
    default:
      break;
  }
  if (IsDigit(c)) return ident_dot_ ? LexWord(start) : LexNumberOrWord(start);
  if (IsIdent(c)) {
    // X'hex', B'bits' and N'national' literals.
    if (next == '\'') {
      TokenKind kind = TokenKind::kIdentifier;
      if (c == 'x' || c == 'X') kind = TokenKind::kHexNumber;
      if (c == 'b' || c == 'B') kind = TokenKind::kBitNumber;
      if (c == 'n' || c == 'N') kind = TokenKind::kNationalString;
      if (kind != TokenKind::kIdentifier) {
        const Token quoted = LexQuoted(start + 1, '\'', kind);
        return Make(quoted.kind == TokenKind::kUnterminated ? quoted.kind : kind, start);
      }
    }
    return LexWord(start);
  }
  // A byte that cannot start a token: NUL, control characters, stray backslashes.
  ++pos_;
  return Make(TokenKind::kIllegal, start);
}

// 'string' with '' and backslash escapes; `ident` with `` only. An unterminated quote runs to
// the end of the input and is reported as kUnterminated.
Token Lexer::LexQuoted(uint32_t start, char quote, TokenKind kind) {
  const uint32_t n = static_cast<uint32_t>(text_.size());
  pos_ = start + 1;
  // Backslash escapes only in strings: not in `names`, nor in "names" under ANSI_QUOTES, nor
  // in @`name` (the server reads @`a\`, SLEEP(1) -- ` as a variable, then a call).
  const bool backslash = kind == TokenKind::kString || kind == TokenKind::kNationalString ||
                         kind == TokenKind::kHexNumber || kind == TokenKind::kBitNumber ||
                         (kind == TokenKind::kUserVariable && quote != '`');
  while (pos_ < n) {
    const char c = text_[pos_];
    if (c == '\\' && backslash) {
      pos_ += 2;
      continue;
    }
    if (c == quote) {
      if (pos_ + 1 < n && text_[pos_ + 1] == quote) {  // doubled quote
        pos_ += 2;
        continue;
      }
      ++pos_;
      return Make(kind, start);
    }
    ++pos_;
  }
  pos_ = n;
  return Make(TokenKind::kUnterminated, start);
}

// Numbers: 12, 1.5, 1., .5, 1e10, 1.5E-3, 0x1F, 0b101. A run of identifier bytes that starts
// with digits but is not a number (`1abc`, `0xZZ`) is an identifier, as in MySQL.
Token Lexer::LexNumberOrWord(uint32_t start) {
  const uint32_t n = static_cast<uint32_t>(text_.size());
  auto word_end = [&](uint32_t p) {
    while (p < n && IsIdent(text_[p])) ++p;
    return p;
  };
  if (text_[start] == '0' && start + 1 < n &&
      (text_[start + 1] == 'x' || text_[start + 1] == 'b')) {
    const bool hex = text_[start + 1] == 'x';
    uint32_t p = start + 2;
    while (p < n && (hex ? IsHex(text_[p]) : (text_[p] == '0' || text_[p] == '1'))) ++p;
    if (p > start + 2 && (p >= n || !IsIdent(text_[p]))) {
      pos_ = p;
      return Make(hex ? TokenKind::kHexNumber : TokenKind::kBitNumber, start);
    }
    return LexWord(start);
  }
  uint32_t p = start;
  while (p < n && IsDigit(text_[p])) ++p;
  bool fraction = false;
  if (p < n && text_[p] == '.') {
    fraction = true;
    ++p;
    while (p < n && IsDigit(text_[p])) ++p;
  }
  if (p < n && (text_[p] == 'e' || text_[p] == 'E')) {
    uint32_t q = p + 1;
    if (q < n && (text_[q] == '+' || text_[q] == '-')) ++q;
    if (q < n && IsDigit(text_[q])) {
      while (q < n && IsDigit(text_[q])) ++q;
      if (q >= n || !IsIdent(text_[q])) {
        pos_ = q;
        return Make(TokenKind::kNumber, start);
      }
    }
  }
  if (!fraction && p < n && IsIdent(text_[p])) {
    pos_ = word_end(p);  // 1abc: an identifier that starts with digits
    after_word_ = true;
    return Make(TokenKind::kIdentifier, start);
  }
  pos_ = p;
  return Make(TokenKind::kNumber, start);
}

Token Lexer::LexWord(uint32_t start) {
  const uint32_t n = static_cast<uint32_t>(text_.size());
  pos_ = start;
  while (pos_ < n && IsIdent(text_[pos_])) ++pos_;
  after_word_ = true;
  Token t = Make(TokenKind::kIdentifier, start);
  t.keyword = LookupKeyword(t.Text(text_)).keyword;
  return t;
}

// @name, @'name', @"name", @`name`; @@name, @@global.name, @@session.name.
Token Lexer::LexVariable(uint32_t start) {
  const uint32_t n = static_cast<uint32_t>(text_.size());
  pos_ = start + 1;
  if (pos_ < n && text_[pos_] == '@') {
    ++pos_;
    while (pos_ < n && (IsIdent(text_[pos_]) || text_[pos_] == '.')) ++pos_;
    return Make(TokenKind::kSystemVariable, start);
  }
  if (pos_ < n && (text_[pos_] == '\'' || text_[pos_] == '"' || text_[pos_] == '`')) {
    const Token quoted = LexQuoted(pos_, text_[pos_], TokenKind::kUserVariable);
    if (quoted.kind == TokenKind::kUnterminated) return Make(TokenKind::kUnterminated, start);
    return Make(TokenKind::kUserVariable, start);
  }
  while (pos_ < n && (IsIdent(text_[pos_]) || text_[pos_] == '.')) ++pos_;
  if (pos_ == start + 1) return Make(TokenKind::kIllegal, start);
  return Make(TokenKind::kUserVariable, start);
}

std::string_view TokenKindName(TokenKind kind) {
  switch (kind) {
    case TokenKind::kEnd:
      return "end of input";
    case TokenKind::kIdentifier:
      return "identifier";
    case TokenKind::kQuotedIdentifier:
      return "quoted identifier";
    case TokenKind::kString:
      return "string";
    case TokenKind::kNationalString:
      return "national string";
    case TokenKind::kNumber:
      return "number";
    case TokenKind::kHexNumber:
      return "hex literal";
    case TokenKind::kBitNumber:
      return "bit literal";
    case TokenKind::kParam:
      return "'?'";
    case TokenKind::kNamedParam:
      return "named parameter";
    case TokenKind::kUserVariable:
      return "user variable";
    case TokenKind::kSystemVariable:
      return "system variable";
    case TokenKind::kHint:
      return "optimizer hint";
    case TokenKind::kComment:
      return "comment";
    case TokenKind::kLParen:
      return "'('";
    case TokenKind::kRParen:
      return "')'";
    case TokenKind::kComma:
      return "','";
    case TokenKind::kDot:
      return "'.'";
    case TokenKind::kSemicolon:
      return "';'";
    case TokenKind::kStar:
      return "'*'";
    case TokenKind::kPlus:
      return "'+'";
    case TokenKind::kMinus:
      return "'-'";
    case TokenKind::kSlash:
      return "'/'";
    case TokenKind::kPercent:
      return "'%'";
    case TokenKind::kEq:
      return "'='";
    case TokenKind::kNullSafeEq:
      return "'<=>'";
    case TokenKind::kNotEq:
      return "'<>'";
    case TokenKind::kLt:
      return "'<'";
    case TokenKind::kLe:
      return "'<='";
    case TokenKind::kGt:
      return "'>'";
    case TokenKind::kGe:
      return "'>='";
    case TokenKind::kShiftLeft:
      return "'<<'";
    case TokenKind::kShiftRight:
      return "'>>'";
    case TokenKind::kAmpersand:
      return "'&'";
    case TokenKind::kPipe:
      return "'|'";
    case TokenKind::kCaret:
      return "'^'";
    case TokenKind::kTilde:
      return "'~'";
    case TokenKind::kBang:
      return "'!'";
    case TokenKind::kAndAnd:
      return "'&&'";
    case TokenKind::kOrOr:
      return "'||'";
    case TokenKind::kAssign:
      return "':='";
    case TokenKind::kColon:
      return "':'";
    case TokenKind::kArrow:
      return "'->'";
    case TokenKind::kLongArrow:
      return "'->>'";
    case TokenKind::kLBrace:
      return "'{'";
    case TokenKind::kRBrace:
      return "'}'";
    case TokenKind::kIllegal:
      return "illegal character";
    case TokenKind::kUnterminated:
      return "unterminated quote or comment";
  }
  return "token";
}

}  // namespace qadvisor::parser
