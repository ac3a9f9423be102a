// Lexical questions about SQL text (see sql_text.h for the contract).
#include "parser/sql_text.h"

#include <algorithm>

#include "base/ascii.h"

namespace qadvisor::parser {

std::vector<Token> Tokenize(std::string_view text, LexerOptions options, size_t max_tokens) {
  std::vector<Token> tokens;
  Lexer lexer(text, options);
  for (Token t = lexer.Next(); t.kind != TokenKind::kEnd && tokens.size() < max_tokens;
       t = lexer.Next()) {
    tokens.push_back(t);
  }
  return tokens;
}

Token FirstCodeToken(std::string_view text, LexerOptions options) {
  Lexer lexer(text, options);
  Token t = lexer.Next();
  while (IsNoise(t, text)) t = lexer.Next();
  return t;
}

bool IsWord(std::string_view text, const Token& t, std::string_view word) {
  return t.kind == TokenKind::kIdentifier && base::EqualsIgnoreCase(t.Text(text), word);
}

size_t FindTopLevelWord(std::string_view text, size_t from, size_t to,
                        std::initializer_list<std::string_view> words, bool ansi_quotes) {
  to = std::min(to, text.size());
  if (from >= to) return to;
  const std::string_view range = text.substr(from, to - from);
  Lexer lexer(range, LexerOptions{.ansi_quotes = ansi_quotes});
  int depth = 0;
  Token before;
  for (Token t = lexer.Next(); t.kind != TokenKind::kEnd; before = t, t = lexer.Next()) {
    if (t.kind == TokenKind::kLParen) ++depth;
    if (t.kind == TokenKind::kRParen) --depth;
    if (depth > 0 || t.kind != TokenKind::kIdentifier || before.kind == TokenKind::kDot) continue;
    const std::string_view w = t.Text(range);
    if (base::EqualsIgnoreCase(w, "ORDER") && IsWord(range, before, "FOR")) continue;
    for (std::string_view word : words) {
      if (base::EqualsIgnoreCase(w, word)) return from + t.offset;
    }
  }
  return to;
}

size_t CodeEnd(std::string_view text, size_t from, size_t to, bool ansi_quotes) {
  to = std::min(to, text.size());
  if (from >= to) return from;
  const std::string_view range = text.substr(from, to - from);
  Lexer lexer(range, LexerOptions{.ansi_quotes = ansi_quotes, .keep_comments = true});
  size_t end = 0;
  for (Token t = lexer.Next(); t.kind != TokenKind::kEnd; t = lexer.Next()) {
    if (t.kind != TokenKind::kComment) end = t.offset + t.length;
  }
  // The lexer reads a version comment's content as tokens and skips its markers: a closing `*/`
  // after the last token closes the comment that token is in.
  for (;;) {
    size_t i = end;
    while (i < range.size() && base::IsSpace(range[i])) ++i;
    if (range.substr(i).starts_with("*/")) {
      end = i + 2;
      continue;
    }
    break;
  }
  return from + end;
}

}  // namespace qadvisor::parser
