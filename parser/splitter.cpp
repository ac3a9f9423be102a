#include "parser/splitter.h"

#include "base/ascii.h"
#include "parser/keywords.h"
#include "parser/lexer.h"

namespace qadvisor::parser {
namespace {

using base::IsSpace;

class Splitter {
 public:
  explicit Splitter(std::string_view s) : s_(s) {}

  std::vector<StatementText> Run() {
    const size_t n = s_.size();
    while (pos_ < n) {
      if (at_line_start_ && TryDelimiterCommand()) continue;
      // Fast path: bytes that cannot start a quote, a comment, a delimiter or a line (once the
      // statement's first byte has been seen, so its position is known).
      if (!at_line_start_ && have_token_) {
        while (pos_ < n && !Special(s_[pos_])) ++pos_;
        if (pos_ >= n) break;
      }
      const char c = s_[pos_];
      if (c == '\n') {
        NewLine();
        ++pos_;
        continue;
      }
      if (!IsSpace(c)) {
        at_line_start_ = false;
        if (!have_first_) {  // the statement's first byte: its line and column, as the scan is here
          have_first_ = true;
          first_ = pos_;
          first_line_ = line_;
          first_column_ = static_cast<uint32_t>(pos_ - line_start_ + 1);
        }
      }
      const bool comment = c == '#' ||
                           (c == '-' && pos_ + 1 < n && s_[pos_ + 1] == '-' &&
                            (pos_ + 2 >= n || IsSpace(s_[pos_ + 2]) ||
                             static_cast<unsigned char>(s_[pos_ + 2]) < 0x20)) ||
                           (c == '/' && pos_ + 1 < n && s_[pos_ + 1] == '*' &&
                            !(pos_ + 2 < n && s_[pos_ + 2] == '!'));
      if (!IsSpace(c) && !comment && !have_token_) {
        have_token_ = true;
        token_line_ = line_;
      }
      if (c == '\'' || c == '"' || c == '`') {
        SkipQuoted(c);
        continue;
      }
      if (c == '#' || (c == '-' && pos_ + 1 < n && s_[pos_ + 1] == '-' &&
                       (pos_ + 2 >= n || IsSpace(s_[pos_ + 2]) ||
                        static_cast<unsigned char>(s_[pos_ + 2]) < 0x20))) {
        while (pos_ < n && s_[pos_] != '\n') ++pos_;
        continue;
      }
      if (c == '/' && pos_ + 1 < n && s_[pos_ + 1] == '*' &&
          !(pos_ + 2 < n && s_[pos_ + 2] == '!')) {
        SkipComment();
        continue;
      }
      if (c == delimiter_[0] && s_.compare(pos_, delimiter_.size(), delimiter_) == 0) {
        End(pos_, delimiter_.size());
        continue;
      }
      if (c == '\\' && pos_ + 1 < n && (s_[pos_ + 1] == 'G' || s_[pos_ + 1] == 'g')) {
        End(pos_, 2);
        continue;
      }
      ++pos_;
    }
    End(n, 0);
    return std::move(out_);
  }

 private:
  bool Special(char c) const {
    switch (c) {
      case '\n':
      case '\'':
      case '"':
      case '`':
      case '#':
      case '-':
      case '/':
      case '\\':
        return true;
      default:
        return c == delimiter_[0];
    }
  }

  void NewLine() {  // at the '\n'
    ++line_;
    line_start_ = pos_ + 1;
    at_line_start_ = true;
  }

  // 'text' and "text" with backslash escapes and doubled quotes; `name` with doubled quotes.
  void SkipQuoted(char quote) {
    const size_t n = s_.size();
    ++pos_;
    while (pos_ < n) {
      const char c = s_[pos_];
      if (c == '\n') NewLine();
      if (c == '\\' && quote != '`' && pos_ + 1 < n) {
        if (s_[pos_ + 1] == '\n') {
          ++pos_;
          NewLine();
        }
        pos_ += 2;
        continue;
      }
      ++pos_;
      if (c == quote) {
        if (pos_ < n && s_[pos_] == quote) {
          ++pos_;
          continue;
        }
        return;
      }
    }
  }

  void SkipComment() {
    const size_t n = s_.size();
    pos_ += 2;
    while (pos_ < n && !(s_[pos_] == '*' && pos_ + 1 < n && s_[pos_ + 1] == '/')) {
      if (s_[pos_] == '\n') NewLine();
      ++pos_;
    }
    pos_ = pos_ < n ? pos_ + 2 : n;
  }

  // `DELIMITER x` at the start of a line that begins a statement: the client's command.
  // `source file` and `\. file` (which include another script) are client commands too: they
  // are dropped, since a script read here cannot follow them.
  bool TryDelimiterCommand() {
    const size_t n = s_.size();
    size_t p = pos_;
    while (p < n && (s_[p] == ' ' || s_[p] == '\t')) ++p;
    const bool source = (p + 7 < n && EqualsIgnoreCase(s_.substr(p, 6), "source") &&
                         (s_[p + 6] == ' ' || s_[p + 6] == '\t')) ||
                        (p + 2 < n && s_[p] == '\\' && s_[p + 1] == '.' && s_[p + 2] == ' ');
    if (source && Blank(start_, pos_)) {
      while (p < n && s_[p] != '\n') ++p;
      pos_ = p;
      start_ = p;
      have_first_ = false;
      have_token_ = false;
      at_line_start_ = false;
      return true;
    }
    constexpr std::string_view kWord = "delimiter";
    if (p + kWord.size() >= n || !EqualsIgnoreCase(s_.substr(p, kWord.size()), kWord) ||
        (s_[p + kWord.size()] != ' ' && s_[p + kWord.size()] != '\t')) {
      return false;
    }
    if (!Blank(start_, pos_)) return false;  // only where a statement begins
    p += kWord.size();
    while (p < n && (s_[p] == ' ' || s_[p] == '\t')) ++p;
    const size_t begin = p;
    while (p < n && !IsSpace(s_[p])) ++p;
    if (p == begin) return false;
    delimiter_ = s_.substr(begin, p - begin);
    while (p < n && s_[p] != '\n') ++p;
    pos_ = p;
    start_ = p;
    have_first_ = false;
    have_token_ = false;
    at_line_start_ = false;
    return true;
  }

  // Whether [from, to) holds only whitespace and comments.
  bool Blank(size_t from, size_t to) const {
    Lexer lexer(s_.substr(from, to - from));
    return lexer.Next().kind == TokenKind::kEnd;
  }

  // Ends the statement at `at`, whose delimiter is `length` bytes long.
  void End(size_t at, size_t length) {
    if (have_first_) {
      size_t end = at;
      while (end > first_ && IsSpace(s_[end - 1])) --end;
      if (!Blank(first_, end)) {
        StatementText st;
        st.text = s_.substr(first_, end - first_);
        st.offset = first_;
        st.line = first_line_;
        st.column = first_column_;
        st.token_line = have_token_ ? token_line_ : first_line_;
        out_.push_back(st);
      }
    }
    have_first_ = false;
    have_token_ = false;
    pos_ = at + length;
    start_ = pos_;
  }

  std::string_view s_;
  std::string_view delimiter_ = ";";
  size_t pos_ = 0;
  size_t start_ = 0;  // where the current statement begins
  uint32_t line_ = 1;
  size_t line_start_ = 0;  // offset of the first byte of the line the scan is on
  bool at_line_start_ = true;
  // The current statement's first byte that is not whitespace, and where it stands.
  bool have_first_ = false;
  size_t first_ = 0;
  uint32_t first_line_ = 1;
  uint32_t first_column_ = 1;
  // Its first token (past comments): the fast path above waits for it.
  bool have_token_ = false;
  uint32_t token_line_ = 1;
  std::vector<StatementText> out_;
};

}  // namespace

std::vector<StatementText> SplitStatements(std::string_view script) {
  return Splitter(script).Run();
}

}  // namespace qadvisor::parser
