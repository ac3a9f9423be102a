// Lexical questions about SQL text, answered here so that no code outside parser/ runs a lexer
// or matches words in SQL itself (issue 15): the safety gate of connectors/ asks for the tokens
// of a statement, where a keyword stands at the top level of a range, and where the code of a
// range ends before its trailing comments.
//
// Contract:
//  - Every function reads the text with parser::Lexer (lexer.h) and so as a MySQL server does:
//    `/*! … */` version comments are SQL, "x" is a string unless ansi_quotes says otherwise.
//  - Nothing fails: malformed text (an unterminated quote or comment, a byte that cannot start a
//    token) gives the lexer's kIllegal / kUnterminated tokens, and the searches go on past them.
//  - Offsets are byte offsets into the text the caller passed, never into a copy; tokens point
//    into that text, which must outlive them.
//  - No state is kept between calls; every function may be called from any thread.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <limits>
#include <string_view>
#include <vector>

#include "parser/lexer.h"

namespace qadvisor::parser {

// The tokens of `text` in order, without the final kEnd, and at most `max_tokens` of them (the
// first few are enough to name a statement). Comments are tokens only with keep_comments.
std::vector<Token> Tokenize(std::string_view text, LexerOptions options = {},
                            size_t max_tokens = std::numeric_limits<size_t>::max());

// The first token of `text` that takes part in what the statement does (IsNoise skipped), or
// a kEnd token: what its fingerprint begins with, found without lexing the rest.
Token FirstCodeToken(std::string_view text, LexerOptions options = {});

// Whether `t` is the bare word `word`, in any case: a keyword or an unquoted name as written
// (`select`, `SELECT`), never a `quoted` name or a string.
bool IsWord(std::string_view text, const Token& t, std::string_view word);

// The offset in `text` of the first bare word of text[from, to) that is one of `words` and
// stands at parenthesis depth 0 of that range, or `to` (clamped to the text) when there is none.
// A word after a dot is a name (`t.limit`), and ORDER after FOR belongs to an index hint
// (`USE INDEX FOR ORDER BY (i)`), so neither is found.
size_t FindTopLevelWord(std::string_view text, size_t from, size_t to,
                        std::initializer_list<std::string_view> words, bool ansi_quotes = false);

// Where the code of text[from, to) ends: after its last token that is not a comment and after
// the `*/` of a version comment that token is in, so that trailing comments and white space are
// left out. `from` when the range holds no code.
size_t CodeEnd(std::string_view text, size_t from, size_t to, bool ansi_quotes = false);

}  // namespace qadvisor::parser
