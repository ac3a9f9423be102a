#include "parser/fingerprint_cache.h"

#include <xxhash.h>

#include <array>
#include <cstring>

#include "base/ascii.h"
#include "parser/lexer.h"

namespace qadvisor::parser {
namespace {

// What a byte starts, for the shape. Words are the lexer's identifier bytes (IsIdentifierByte).
enum Class : uint8_t {
  // Written as they are, a run at a time: letters, operators, `.`, `@`, `\`, DEL, spaces.
  kWord,
  kCode,
  // Each needs a look.
  kDigit,
  kBlank,     // whitespace but the space: a run of it is written as one space
  kParen,     // `(`: an IN or VALUES list may start
  kQuote,     // ' and ": strings (the fingerprint reads "x" as a string, not ANSI_QUOTES)
  kBacktick,  // `name`
  kSlash,     // a comment or a hint may start
  kHash,      // a comment
  kDash,      // `-- ` starts a comment
  kControl,   // a byte a shape does not model
};

// The marks that stand for what the shape takes out: control bytes, which a shape never
// holds otherwise (a text with one is not shaped).
constexpr char kNumberMark = '\x01';
constexpr char kStringMark = '\x02';
constexpr char kUnterminatedStringMark = '\x03';
constexpr char kCommentMark = '\x04';
constexpr char kUnterminatedCommentMark = '\x05';
constexpr char kHintMark = '\x06';
constexpr char kHexMark = '\x07';   // 0x1F (X'1F' is a prefix and a string)
constexpr char kBitMark = '\x08';   // 0b101
constexpr char kListMark = '\x0e';  // IN (…) or VALUES (…), … of plain values

// Whether the shape written so far ends in `.`, blanks, comments and hints aside: after
// `identifier.` the lexer reads digits as an identifier (`t. 5`, `t./* c */5`).
bool AfterDot(const char* begin, const char* end) {
  while (end > begin) {
    const char c = *--end;
    if (c != ' ' && c != kCommentMark && c != kHintMark) return c == '.';
  }
  return false;
}

// Longer texts are fingerprinted without the cache: the shape buffer stays small.
constexpr size_t kMaxShapedBytes = size_t{64} << 10;

// Built at load time from the lexer's constant table: a namespace-scope table needs no guard on
// each use, where a function's static checked one 3.5 million times on the bench log.
std::array<Class, 256> MakeClasses() {
  std::array<Class, 256> t{};
  for (int c = 0; c < 256; ++c) {
    const auto b = static_cast<unsigned char>(c);
    if (base::IsSpace(static_cast<char>(c))) {
      t[b] = kBlank;
    } else if (c >= '0' && c <= '9') {
      t[b] = kDigit;
    } else if (IsIdentifierByte(b)) {
      t[b] = kWord;
    } else if (c < 0x20) {
      t[b] = kControl;
    } else {
      t[b] = kCode;
    }
  }
  t[' '] = kCode;
  t['('] = kParen;
  t['\''] = t['"'] = kQuote;
  t['`'] = kBacktick;
  t['/'] = kSlash;
  t['#'] = kHash;
  t['-'] = kDash;
  return t;
}
const std::array<Class, 256> kClasses = MakeClasses();

// A byte of a word (an identifier or a number): a digit next to one belongs to it.
bool IsWordByte(const std::array<Class, 256>& cls, char c) {
  const Class k = cls[static_cast<unsigned char>(c)];
  return k == kWord || k == kDigit;
}

// Where the quoted text opened at `open` ends (past its closing quote), as Lexer::LexQuoted
// reads it: a doubled quote is one, a backslash escapes the next byte when `backslash`.
// npos when it runs to the end of the text.
size_t QuotedEnd(std::string_view sql, size_t open, bool backslash) {
  const char quote = sql[open];
  const size_t n = sql.size();
  for (size_t i = open + 1; i < n;) {
    const char c = sql[i];
    if (c == '\\' && backslash) {
      i += 2;
    } else if (c != quote) {
      ++i;
    } else if (i + 1 < n && sql[i + 1] == quote) {
      i += 2;
    } else {
      return i + 1;
    }
  }
  return std::string_view::npos;
}

// A number token the lexer reads from the digit at `i`, whatever its digits are, and the mark
// that stands for it; mark 0 when the digits' neighbours make them part of something else.
// `before`, the byte before the digit, is never a word byte: the callers copy digits that
// follow one as part of that word (`t1`), and see to qualified names (`t.5`).
struct Literal {
  size_t end = 0;
  char mark = 0;
};
Literal NumberAt(std::string_view sql, size_t i, char before) {
  const std::array<Class, 256>& cls = kClasses;
  const size_t n = sql.size();
  auto class_at = [&](size_t p) { return cls[static_cast<unsigned char>(sql[p])]; };
  auto ends_token = [&](size_t p) { return p == n || (!IsWordByte(cls, sql[p]) && sql[p] != '.'); };
  if (before == '@') return {};  // a variable: @1
  // After a sign, digits may be an exponent's (`1e-5`), which ends at its last digit: no
  // fraction, no 0x.
  const bool after_sign = before == '-' || before == '+';
  if (sql[i] == '0' && i + 1 < n && (sql[i + 1] == 'x' || sql[i + 1] == 'b')) {
    if (after_sign) return {};
    const bool hex = sql[i + 1] == 'x';
    size_t end = i + 2;
    auto digit = [&](char c) {
      if (!hex) return c == '0' || c == '1';
      return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    };
    while (end < n && digit(sql[end])) ++end;
    if (end == i + 2 || !ends_token(end)) return {};
    return {end, hex ? kHexMark : kBitMark};
  }
  size_t end = i;
  while (end < n && class_at(end) == kDigit) ++end;
  if (end < n && sql[end] == '.' && !after_sign) {
    ++end;
    while (end < n && class_at(end) == kDigit) ++end;
  }
  if (!ends_token(end)) return {};
  return {end, kNumberMark};
}

// Which list the `(` about to be written opens, by the word the shape ends with: 'i' for IN,
// 'v' for VALUES or VALUE, 0 for none. The word must be one token of its own (not `@in`,
// `t.in` or a longer word), at most one blank before the parenthesis.
char ListKeyword(const char* begin, const char* end) {
  if (end > begin && end[-1] == ' ') --end;
  const char* word = end;
  while (word > begin &&
         ((word[-1] >= 'a' && word[-1] <= 'z') || (word[-1] >= 'A' && word[-1] <= 'Z'))) {
    --word;
  }
  if (word > begin && word[-1] != ' ' && word[-1] != '(' && word[-1] != ')' && word[-1] != ',') {
    return 0;
  }
  const std::string_view w(word, static_cast<size_t>(end - word));
  if (base::EqualsIgnoreCase(w, "in")) return 'i';
  if (base::EqualsIgnoreCase(w, "values") || base::EqualsIgnoreCase(w, "value")) return 'v';
  return 0;
}

// The end of the list of plain values whose `(` is at `open` (past its `)`; for VALUES, past
// the last row's), or 0 when it is not one. The fingerprint writes such a list as `(?+)`
// whatever its length (Fingerprinter::HandleList); this accepts the lists it certainly does:
// numbers, strings and NULL, each with at most one sign, blanks between, no comments.
size_t LiteralListEnd(std::string_view sql, size_t open, bool rows) {
  const size_t n = sql.size();
  auto skip_blanks = [&](size_t p) {
    while (p < n && base::IsSpace(sql[p])) ++p;
    return p;
  };
  const std::array<Class, 256>& cls = kClasses;
  size_t p = open;
  for (;;) {  // one row: ( item {, item} )
    for (++p;; ++p) {
      p = skip_blanks(p);
      if (p < n && (sql[p] == '-' || sql[p] == '+')) p = skip_blanks(p + 1);  // one sign
      if (p >= n) return 0;
      if (sql[p] >= '0' && sql[p] <= '9') {
        const Literal number = NumberAt(sql, p, ' ');
        if (number.mark == 0) return 0;
        p = number.end;
      } else if (sql[p] == '\'' || sql[p] == '"') {
        p = QuotedEnd(sql, p, true);
        if (p == std::string_view::npos) return 0;
      } else if (p + 4 <= n && base::EqualsIgnoreCase(sql.substr(p, 4), "null") &&
                 (p + 4 == n || !IsWordByte(cls, sql[p + 4]))) {
        p += 4;
      } else {
        return 0;
      }
      p = skip_blanks(p);
      if (p >= n) return 0;
      if (sql[p] == ')') break;
      if (sql[p] != ',') return 0;
    }
    ++p;  // past the row's `)`
    if (!rows) return p;
    const size_t comma = skip_blanks(p);
    if (comma >= n || sql[comma] != ',') return p;
    open = skip_blanks(comma + 1);
    if (open >= n || sql[open] != '(') return 0;  // `VALUES (1), x`: no list of values
    p = open;
  }
}

}  // namespace

size_t FingerprintCache::ShapeInto(std::string_view sql, char* begin) {
  const std::array<Class, 256>& cls = kClasses;
  const size_t n = sql.size();
  const char* const text = sql.data();
  auto class_at = [&](size_t i) { return cls[static_cast<unsigned char>(text[i])]; };
  auto is_word = [&](size_t i) { return IsWordByte(cls, text[i]); };
  char* o = begin;
  if (n == 0) return 0;  // an empty query's data() may be null, which memcpy may not take
  auto copy = [&](size_t from, size_t to) {
    std::memcpy(o, text + from, to - from);
    o += to - from;
  };
  size_t i = 0;
  for (;;) {
    // Most bytes are written as they are: find the run of them, then copy it at once.
    const size_t run = i;
    while (i < n && class_at(i) <= kCode) ++i;
    copy(run, i);
    if (i == n) break;
    const char c = text[i];
    switch (class_at(i)) {
      case kWord:
      case kCode:
        break;  // not reached: the run took them
      case kParen:
        if (const char list = ListKeyword(begin, o); list != 0) {
          if (const size_t end = LiteralListEnd(sql, i, list == 'v'); end != 0) {
            *o++ = kListMark;
            i = end;
            continue;
          }
        }
        *o++ = c;
        ++i;
        continue;
      case kBlank:
        while (i < n && base::IsSpace(text[i])) ++i;
        if (o == begin || o[-1] != ' ') *o++ = ' ';
        continue;
      case kDigit: {
        if (i > 0 && is_word(i - 1)) {  // part of a word: orders_2024, t1
          const size_t word = i;
          while (i < n && is_word(i)) ++i;
          copy(word, i);
          continue;
        }
        if (const Literal number = NumberAt(sql, i, i == 0 ? ' ' : text[i - 1]);
            number.mark != 0 && !AfterDot(begin, o)) {
          *o++ = number.mark;
          i = number.end;
          continue;
        }
        const size_t word = i;  // kept as written: 1e3, 1abc, t.5
        while (i < n && is_word(i)) ++i;
        copy(word, i);
        continue;
      }
      case kQuote: {
        const size_t end = QuotedEnd(sql, i, true);
        if (i > 0 && text[i - 1] == '@') {  // @'name' is a variable, its name part of the query
          const size_t stop = end == std::string_view::npos ? n : end;
          copy(i, stop);
          i = stop;
          continue;
        }
        if (end == std::string_view::npos) {
          *o++ = kUnterminatedStringMark;
          i = n;
          continue;
        }
        *o++ = kStringMark;
        i = end;
        continue;
      }
      case kBacktick: {
        const size_t end = QuotedEnd(sql, i, false);
        const size_t stop = end == std::string_view::npos ? n : end;
        copy(i, stop);
        i = stop;
        continue;
      }
      case kSlash: {
        if (i + 1 >= n || text[i + 1] != '*') {
          *o++ = c;
          ++i;
          continue;
        }
        const char third = i + 2 < n ? text[i + 2] : '\0';
        if (third == '!' || (third == 'M' && i + 3 < n && text[i + 3] == '!')) {
          return std::string_view::npos;  // a version comment: SQL, under the lexer's own rules
        }
        const size_t close = sql.find("*/", i + 2);
        if (close == std::string_view::npos) {
          *o++ = kUnterminatedCommentMark;
          i = n;
          continue;
        }
        // A hint leaves the lexer as after a keyword (another hint may follow), a comment not.
        *o++ = third == '+' ? kHintMark : kCommentMark;
        i = close + 2;
        continue;
      }
      case kDash:
        if (!(i + 1 < n && text[i + 1] == '-' &&
              (i + 2 >= n || base::IsSpace(text[i + 2]) ||
               static_cast<unsigned char>(text[i + 2]) < 0x20))) {
          *o++ = c;
          ++i;
          continue;
        }
        [[fallthrough]];  // `-- ` to the end of the line
      case kHash: {
        const size_t eol = sql.find('\n', i);
        i = eol == std::string_view::npos ? n : eol;
        *o++ = kCommentMark;
        continue;
      }
      case kControl:
        return std::string_view::npos;
    }
  }
  return static_cast<size_t>(o - begin);
}

bool FingerprintCache::Shape(std::string_view sql, std::string& shape) {
  shape.resize(sql.size());  // a shape is never longer than its text
  const size_t length = ShapeInto(sql, shape.data());
  if (length == std::string_view::npos) return false;
  shape.resize(length);
  return true;
}

FingerprintCache::Found FingerprintCache::Fresh(std::string_view text) {
  return {text, FingerprintHash(text)};
}

FingerprintCache::Found FingerprintCache::Find(std::string_view sql, std::string& scratch) {
  if (sql.size() > kMaxShapedBytes) {
    parser::Fingerprint(sql, scratch, options_);
    return Fresh(scratch);
  }
  if (buffer_.size() < sql.size()) buffer_.resize(sql.size());  // never shrinks: no refilling
  const size_t length = ShapeInto(sql, buffer_.data());
  if (length == std::string_view::npos) {
    parser::Fingerprint(sql, scratch, options_);
    return Fresh(scratch);
  }
  const XXH128_hash_t hash = XXH3_128bits(buffer_.data(), length);
  const Key key{hash.low64, hash.high64};
  if (const auto it = entries_.find(key); it != entries_.end()) {
    ++hits_;
    return {it->second.text, it->second.hash};
  }
  parser::Fingerprint(sql, scratch, options_);
  if (scratch.size() > kMaxTextBytes) return Fresh(scratch);
  if (entries_.size() >= kMaxEntries || text_bytes_ + scratch.size() > kMaxTextBytes) {
    entries_.clear();
    text_bytes_ = 0;
  }
  const Found fresh = Fresh(scratch);
  const Entry& entry = entries_.emplace(key, Entry{scratch, fresh.hash}).first->second;
  text_bytes_ += entry.text.size();
  return {entry.text, entry.hash};
}

void FingerprintCache::Fingerprint(std::string_view sql, std::string& out) {
  const Found found = Find(sql, out);
  if (found.text.data() != out.data()) out.assign(found.text);
}

}  // namespace qadvisor::parser
