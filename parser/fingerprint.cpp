#include "parser/fingerprint.h"

#include <xxhash.h>

#include <algorithm>
#include <vector>

#include "base/ascii.h"
#include "parser/keywords.h"
#include "parser/lexer.h"

namespace qadvisor::parser {
namespace {

// What was emitted last, for spacing and for telling a unary sign from a binary one.
enum class Cls : uint8_t {
  kNone,
  kWord,
  kLiteral,
  kOpen,
  kClose,
  kComma,
  kDot,
  kOperator,
  kSign,
  kSemicolon,
  kVariable
};

constexpr int kMaxNesting = 64;  // deeper literal tuples are fingerprinted token by token

class Fingerprinter {
 public:
  Fingerprinter(std::string_view sql, std::string& out, const FingerprintOptions& options)
      : sql_(sql), lex_(sql), out_(out), options_(options) {}

  // Hot loop: called once per slow-log event. Profile before changing.
  void Run() {
    out_.clear();
    for (Token t = Next(lex_); t.kind != TokenKind::kEnd; t = Next(lex_)) Handle(t);
    // A trailing `;` (and any run of them) is not part of the query.
    while (!out_.empty() && (out_.back() == ';' || out_.back() == ' ')) out_.pop_back();
  }

 private:
  std::string_view Text(Token t) const { return t.Text(sql_); }
  // The next token that matters: hints, comments and stray bytes are not part of the query.
  Token Next(Lexer& lexer) const {
    for (;;) {
      const Token t = lexer.Next();
      if (!IsNoise(t, sql_)) return t;
    }
  }
  Token Peek() const {
    Lexer copy = lex_;
    return Next(copy);
  }
  // After a string literal: MySQL joins adjacent strings ('a' 'b' is 'ab') into one literal.
  void SkipAdjacentStrings(Lexer& lexer) const {
    for (;;) {
      // Most strings are followed by a comma, a parenthesis or a word: only a quote, or a
      // comment that may hide one, is worth lexing ahead for.
      size_t p = lexer.position();
      while (p < sql_.size() && base::IsSpace(sql_[p])) ++p;
      if (p >= sql_.size()) return;
      if (const char c = sql_[p];
          c != '\'' && c != '"' && c != '/' && c != '#' && c != '-' && c != '*') {
        return;
      }
      Lexer copy = lexer;
      if (Next(copy).kind != TokenKind::kString) return;
      lexer = copy;
    }
  }

  // A token that stands for one value: literal, placeholder, NULL/TRUE/FALSE.
  bool IsValue(Token t) const {
    if (IsLiteral(t.kind) || t.kind == TokenKind::kParam || t.kind == TokenKind::kNamedParam ||
        t.kind == TokenKind::kUnterminated) {
      return true;
    }
    if (t.kind != TokenKind::kIdentifier) return false;
    const Keyword k = t.keyword;
    return k == Keyword::kNull || k == Keyword::kTrue || k == Keyword::kFalse;
  }
  // _utf8mb4'text': an underscore and a character set name before a literal.
  bool IsIntroducer(Token t) const {
    return t.kind == TokenKind::kIdentifier && t.length > 1 && sql_[t.offset] == '_' &&
           IsCharsetName(Text(t).substr(1));
  }

  void Space(Cls cls) {
    if (out_.empty()) return;
    if (cls == Cls::kComma || cls == Cls::kClose || cls == Cls::kDot || cls == Cls::kSemicolon) {
      return;
    }
    if (last_ == Cls::kOpen || last_ == Cls::kDot || last_ == Cls::kSign) return;
    // f(x), but `INSERT INTO t (a, b)` and `JOIN t (…)`: a table name is no function.
    if (cls == Cls::kOpen && last_ == Cls::kWord && !last_reserved_ && !last_is_table_) return;
    out_.push_back(' ');
  }
  void Emit(std::string_view text, Cls cls) {
    Space(cls);
    out_.append(text);
    last_ = cls;
    if (cls != Cls::kWord) is_state_ = 0;
  }
  void EmitLiteral() { Emit("?", Cls::kLiteral); }
  void EmitLowered(std::string_view text, bool fold_digits) {
    Space(Cls::kWord);
    last_ = Cls::kWord;
    if (!fold_digits) {  // the common case: one resize, then a tight loop
      const size_t at = out_.size();
      out_.resize(at + text.size());
      char* p = out_.data() + at;
      for (size_t i = 0; i < text.size(); ++i) p[i] = ToLowerAscii(text[i]);
      return;
    }
    bool in_digits = false;
    for (const char c : text) {
      if (c >= '0' && c <= '9') {
        if (!in_digits) out_.push_back('?');
        in_digits = true;
        continue;
      }
      in_digits = false;
      out_.push_back(ToLowerAscii(c));
    }
  }

  // Whether the identifier about to be emitted names a table: it follows INTO, TABLE, JOIN,
  // UPDATE, FROM or REPLACE, or it is the second half of `db.table` after one.
  bool IsTableName() const {
    return (last_ == Cls::kWord && last_reserved_ && after_table_keyword_) ||
           (last_ == Cls::kDot && table_before_dot_);
  }
  void NoteWord(KeywordInfo kw, bool table) {
    last_reserved_ = kw.reserved;
    last_is_table_ = table;
    switch (kw.keyword) {
      case Keyword::kInto:
      case Keyword::kTable:
      case Keyword::kJoin:
      case Keyword::kUpdate:
      case Keyword::kFrom:
      case Keyword::kReplace:
        after_table_keyword_ = true;
        break;
      default:
        after_table_keyword_ = false;
    }
  }

  bool UnaryContext() const {
    switch (last_) {
      case Cls::kNone:
      case Cls::kOpen:
      case Cls::kComma:
      case Cls::kOperator:
      case Cls::kSign:
      case Cls::kSemicolon:
        return true;
      case Cls::kWord:
        return last_reserved_;
      default:
        return false;
    }
  }

  void Handle(Token t) {
    switch (t.kind) {
      case TokenKind::kIdentifier:
        HandleWord(t);
        return;
      case TokenKind::kQuotedIdentifier:
        HandleQuotedIdentifier(t);
        return;
      case TokenKind::kString:
      case TokenKind::kNationalString:
        SkipAdjacentStrings(lex_);
        EmitLiteral();
        statement_start_ = false;
        return;
      case TokenKind::kNumber:
      case TokenKind::kHexNumber:
      case TokenKind::kBitNumber:
      case TokenKind::kParam:
      case TokenKind::kNamedParam:
      case TokenKind::kUnterminated:
        EmitLiteral();
        statement_start_ = false;
        return;
      case TokenKind::kHint:
      case TokenKind::kComment:
      case TokenKind::kIllegal:
        return;  // not part of what the query does
      case TokenKind::kMinus:
      case TokenKind::kPlus:
        if (UnaryContext()) {
          const Token next = Peek();
          if (next.kind == TokenKind::kNumber || next.kind == TokenKind::kParam ||
              next.kind == TokenKind::kNamedParam) {
            Next(lex_);
            EmitLiteral();
            return;
          }
          Emit(Text(t), Cls::kSign);
          return;
        }
        Emit(Text(t), Cls::kOperator);
        return;
      case TokenKind::kLParen:
        ++depth_;
        Emit("(", Cls::kOpen);
        return;
      case TokenKind::kRParen:
        if (depth_ > 0) --depth_;
        Emit(")", Cls::kClose);
        return;
      case TokenKind::kComma:
        Emit(",", Cls::kComma);
        return;
      case TokenKind::kDot:
        table_before_dot_ = last_ == Cls::kWord && last_is_table_;
        Emit(".", Cls::kDot);
        return;
      case TokenKind::kSemicolon:
        Emit(";", Cls::kSemicolon);
        statement_start_ = true;
        return;
      case TokenKind::kUserVariable:
      case TokenKind::kSystemVariable:
        EmitLowered(Text(t), false);
        last_ = Cls::kVariable;
        statement_start_ = false;
        return;
      default:
        Emit(Text(t), t.kind == TokenKind::kBang || t.kind == TokenKind::kTilde ? Cls::kSign
                                                                                : Cls::kOperator);
        return;
    }
  }

  void HandleQuotedIdentifier(Token t) {
    // `name` and name are the same identifier: print it bare when it needs no quotes, that is
    // when it lexes as one identifier on its own (not `1e3` or `0x1F`, which read as numbers)
    // and is not a reserved word.
    const std::string_view text = Text(t);
    const char quote = text.front();
    std::string_view inner = text.substr(1, text.size() - 2);
    std::string unescaped;
    if (inner.find(quote) != std::string_view::npos) {  // a doubled quote inside
      for (size_t i = 0; i < inner.size(); ++i) {
        unescaped.push_back(inner[i]);
        if (inner[i] == quote) ++i;
      }
      inner = unescaped;
    }
    bool plain;
    if (!inner.empty() && !(inner[0] >= '0' && inner[0] <= '9') &&
        std::all_of(inner.begin(), inner.end(),
                    [](char c) { return IsIdentifierByte(static_cast<unsigned char>(c)); })) {
      plain = !IsReserved(LookupKeyword(inner).keyword);  // what the lexer would make of it
    } else {
      Lexer alone(inner);
      const Token word = alone.Next();
      plain = word.kind == TokenKind::kIdentifier && word.length == inner.size() &&
              alone.Next().kind == TokenKind::kEnd && !IsReserved(word.keyword);
    }
    const bool table = IsTableName();
    if (plain) {
      EmitLowered(inner, options_.fold_identifier_digits);
    } else {
      Space(Cls::kWord);
      out_.push_back('`');
      for (const char c : inner) {
        out_.push_back(ToLowerAscii(c));
        if (c == '`') out_.push_back('`');
      }
      out_.push_back('`');
      last_ = Cls::kWord;
    }
    NoteWord(KeywordInfo{}, table);
    is_state_ = 0;
    statement_start_ = false;
  }

  void HandleWord(Token t) {
    const std::string_view w = Text(t);
    const bool at_start = statement_start_;
    statement_start_ = false;
    const KeywordInfo kw{t.keyword, IsReserved(t.keyword)};
    switch (kw.keyword) {
      case Keyword::kNull:
      case Keyword::kTrue:
      case Keyword::kFalse:
        if (is_state_ != 0) {  // IS [NOT] NULL/TRUE/FALSE is a test, not a value
          EmitLowered(w, false);
          last_reserved_ = true;
          is_state_ = 0;
        } else {
          EmitLiteral();
        }
        return;
      case Keyword::kAsc:
        return;  // the default direction: `ORDER BY a` = `ORDER BY a ASC`
      case Keyword::kUse:
        if (at_start && TryUse()) return;
        break;
      case Keyword::kCall:
        if (at_start) {
          HandleCall();
          return;
        }
        break;
      case Keyword::kIn:
      case Keyword::kValues:
      case Keyword::kValue:
        if (Peek().kind == TokenKind::kLParen ||
            (kw.keyword != Keyword::kIn && Peek().keyword == Keyword::kRow)) {
          HandleList(w, kw.keyword == Keyword::kIn);
          return;
        }
        break;
      case Keyword::kLimit:
        if (TryLimit()) return;
        break;
      case Keyword::kNone:
        if (IsIntroducer(t)) {
          const Token next = Peek();
          if (next.kind == TokenKind::kString || next.kind == TokenKind::kHexNumber ||
              next.kind == TokenKind::kBitNumber) {
            Next(lex_);  // _utf8mb4'text' is one literal
            EmitLiteral();
            return;
          }
        }
        break;
      default:
        break;
    }
    const bool table = !kw.reserved && IsTableName();
    // Sharded tables fold (`orders_2024`); function names do not (`log2(x)` is not `log10(x)`).
    const bool fold = options_.fold_identifier_digits && !kw.reserved &&
                      (table || Peek().kind != TokenKind::kLParen);
    EmitLowered(w, fold);
    NoteWord(kw, table);
    if (kw.keyword == Keyword::kIs) {
      is_state_ = 1;
    } else if (kw.keyword == Keyword::kNot) {
      is_state_ = 2;  // IS NOT NULL, and NOT NULL in a column definition
    } else {
      is_state_ = 0;
    }
  }

  // use_stmt: USE db  ->  use ?
  bool TryUse() {
    Lexer copy = lex_;
    const Token db = Next(copy);
    if (db.kind != TokenKind::kIdentifier && db.kind != TokenKind::kQuotedIdentifier) return false;
    const Token end = Next(copy);
    if (end.kind != TokenKind::kEnd && end.kind != TokenKind::kSemicolon) return false;
    lex_ = copy;
    Emit("use ?", Cls::kWord);
    last_reserved_ = false;
    if (end.kind == TokenKind::kSemicolon) Handle(end);
    return true;
  }

  // call_stmt: CALL name[.name] [(args)]  ->  call name   (the arguments are dropped)
  void HandleCall() {
    EmitLowered("call", false);
    last_reserved_ = true;
    int depth = 0;
    for (;;) {
      Lexer copy = lex_;
      const Token t = Next(copy);
      if (t.kind == TokenKind::kEnd) return;
      if (t.kind == TokenKind::kSemicolon && depth == 0) return;  // the main loop goes on
      lex_ = copy;
      if (t.kind == TokenKind::kLParen) ++depth;
      if (t.kind == TokenKind::kRParen && depth > 0) --depth;
      if (depth > 0 || t.kind == TokenKind::kRParen) continue;
      if (t.kind == TokenKind::kIdentifier) {
        EmitLowered(Text(t), options_.fold_identifier_digits);
        last_reserved_ = false;
      } else if (t.kind == TokenKind::kQuotedIdentifier) {
        HandleQuotedIdentifier(t);
      } else if (t.kind == TokenKind::kDot) {
        Emit(".", Cls::kDot);
      }
    }
  }

  // value_list: item {, item}   item: [+|-] value | _charset value | ( value_list )
  // Scans a list of plain values after its '(' up to and including the matching ')'.
  bool ScanValueList(Lexer& lx, int nesting) const {
    if (nesting > kMaxNesting) return false;
    for (;;) {
      Token t = Next(lx);
      if (t.kind == TokenKind::kMinus || t.kind == TokenKind::kPlus) t = Next(lx);
      if (t.kind == TokenKind::kLParen) {
        if (!ScanValueList(lx, nesting + 1)) return false;
      } else if (IsIntroducer(t)) {
        if (!IsValue(Next(lx))) return false;
      } else if (!IsValue(t)) {
        return false;
      } else if (t.kind == TokenKind::kString || t.kind == TokenKind::kNationalString) {
        SkipAdjacentStrings(lx);
      }
      t = Next(lx);
      if (t.kind == TokenKind::kRParen) return true;
      if (t.kind != TokenKind::kComma) return false;
    }
  }

  // values_row: ( value_list ) | ROW ( value_list )   (MySQL 8.0.19 accepts ROW)
  // Consumes `(` or `ROW (`; false when the next tokens are neither.
  bool OpenRow(Lexer& lx) const {
    Token t = Next(lx);
    if (t.keyword == Keyword::kRow) {
      t = Next(lx);
    }
    return t.kind == TokenKind::kLParen;
  }

  // IN (v, …) -> in(?+);  VALUES (v, …), (v, …) -> values(?+), when every item is a plain value.
  // Otherwise the list is written token by token, and a VALUES row that fingerprints like an
  // earlier row is dropped, so batch size does not split a class.
  void HandleList(std::string_view word, bool in) {
    Lexer copy = lex_;
    bool literal =
        (in ? Next(copy).kind == TokenKind::kLParen : OpenRow(copy)) && ScanValueList(copy, 0);
    while (literal && !in) {
      Lexer more = copy;
      if (Next(more).kind != TokenKind::kComma) break;
      literal = OpenRow(more) && ScanValueList(more, 0);  // else a row of expressions follows
      if (!literal && Next(more).kind == TokenKind::kEnd) literal = true;  // a batch cut short
      copy = more;
    }
    EmitLowered(word, false);
    if (literal) {
      lex_ = copy;
      out_.append("(?+)");
      last_ = Cls::kClose;
      return;
    }
    last_reserved_ = true;
    is_state_ = 0;
    if (in || nesting_ >= 8) return;  // IN (subquery) goes on as usual
    ++nesting_;
    std::vector<std::string> rows;  // the distinct rows written so far
    for (bool first = true;; first = false) {
      const size_t mark = out_.size();
      if (!first) {
        Lexer more = lex_;
        if (Next(more).kind != TokenKind::kComma || !OpenRow(more)) break;
        Handle(Next(lex_));  // ,
      }
      const size_t row = out_.size();
      Lexer peek = lex_;
      const Token t = Next(peek);
      if (t.keyword == Keyword::kRow) {
        Handle(Next(lex_));  // ROW
      }
      if (Peek().kind != TokenKind::kLParen) break;
      EmitGroup();
      const std::string text = out_.substr(row);
      if (std::find(rows.begin(), rows.end(), text) != rows.end()) {
        out_.resize(mark);
        last_ = Cls::kClose;
      } else if (rows.size() < 16) {
        rows.push_back(text);
      }
    }
    --nesting_;
  }

  // Emits a parenthesised group token by token; returns the output offset of its '('.
  size_t EmitGroup() {
    const int outer = depth_;
    Handle(Next(lex_));  // (
    const size_t open = out_.size() - 1;
    while (depth_ > outer) {
      const Token t = Next(lex_);
      if (t.kind == TokenKind::kEnd) break;
      Handle(t);
    }
    return open;
  }

  // LIMIT n | LIMIT m, n | LIMIT n OFFSET m  ->  limit ?
  bool TryLimit() {
    Lexer copy = lex_;
    if (!IsValue(Next(copy))) return false;
    Lexer more = copy;
    const Token sep = Next(more);
    if (sep.kind == TokenKind::kComma || sep.keyword == Keyword::kOffset) {
      if (IsValue(Next(more))) copy = more;
    }
    lex_ = copy;
    EmitLowered("limit", false);
    last_reserved_ = true;
    EmitLiteral();
    return true;
  }

  std::string_view sql_;
  Lexer lex_;
  std::string& out_;
  const FingerprintOptions& options_;
  Cls last_ = Cls::kNone;
  bool last_reserved_ = false;
  bool last_is_table_ = false;        // the last word names a table (after INTO, JOIN, …)
  bool after_table_keyword_ = false;  // the last word was INTO, TABLE, JOIN, UPDATE, FROM, …
  bool table_before_dot_ = false;     // the word before the last '.' named a table
  bool statement_start_ = true;
  int is_state_ = 0;  // 1 after IS, 2 after IS NOT
  int depth_ = 0;     // open parentheses
  int nesting_ = 0;   // VALUES rows being compared
};

}  // namespace

std::string Normalize(std::string_view sql) {
  std::string out;
  out.reserve(sql.size());
  Lexer lexer(sql, LexerOptions{.ansi_quotes = false, .keep_comments = true});
  size_t copied = 0;  // sql[0, copied) is in out
  auto replace = [&](uint32_t from, uint32_t to) {
    out.append(sql.substr(copied, from - copied));
    out.push_back('?');
    copied = to;
  };
  Token pending_introducer{};
  bool has_introducer = false;
  for (Token t = lexer.Next(); t.kind != TokenKind::kEnd; t = lexer.Next()) {
    const bool literal = IsLiteral(t.kind);
    if (literal) {
      uint32_t from = has_introducer ? pending_introducer.offset : t.offset;
      uint32_t to = t.offset + t.length;
      if (t.kind == TokenKind::kString || t.kind == TokenKind::kNationalString) {
        // 'a' 'b' is one literal: take the strings that follow, across spaces and comments.
        for (;;) {
          Lexer ahead = lexer;
          Token next = ahead.Next();
          while (next.kind == TokenKind::kComment) next = ahead.Next();
          if (next.kind != TokenKind::kString) break;
          lexer = ahead;
          to = next.offset + next.length;
        }
      }
      if (from < copied) from = static_cast<uint32_t>(copied);
      replace(from, to);
    }
    has_introducer = !literal && t.kind == TokenKind::kIdentifier && t.length > 1 &&
                     sql[t.offset] == '_' && IsCharsetName(t.Text(sql).substr(1));
    if (has_introducer) pending_introducer = t;
  }
  out.append(sql.substr(copied));
  return out;
}

void Fingerprint(std::string_view sql, std::string& out, const FingerprintOptions& options) {
  Fingerprinter(sql, out, options).Run();
}

uint64_t FingerprintHash(std::string_view fingerprint) {
  return XXH3_64bits(fingerprint.data(), fingerprint.size());
}

}  // namespace qadvisor::parser
