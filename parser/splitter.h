// Splits a SQL script into statements as the mysql command-line client does.
//
// The delimiter is `;` until a `DELIMITER x` line changes it (the line must begin a statement;
// it is a client command, not SQL, and is not returned). A delimiter inside a quoted string,
// a quoted identifier or a comment does not end a statement; `/*! … */` version comments are
// SQL, so one there does. `\G` and `\g` also end a statement, as in the client. Statements
// holding nothing but whitespace and comments are dropped. An unterminated quote or comment
// runs to the end of the script, which ends the statement: the parser then reports it.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace qadvisor::parser {

struct StatementText {
  std::string_view text;  // without its delimiter and surrounding whitespace
  uint64_t offset = 0;    // byte offset of text in the script
  uint32_t line = 1;      // 1-based line and column (in bytes) of text's first byte
  uint32_t column = 1;
  // The line of its first token: past the comments above it (mysqldump writes one above each
  // table). A version comment `/*!…*/` is SQL, so its line counts.
  uint32_t token_line = 1;
};

std::vector<StatementText> SplitStatements(std::string_view script);

}  // namespace qadvisor::parser
