// The MySQL-dialect SQL parser: a hand-written recursive-descent parser over parser/lexer,
// with a libpg_query-like API: Parse, Fingerprint (parser/fingerprint.h), ToSql, ToJson.
//
// Parse() splits a script into statements as the mysql client does (DELIMITER included),
// parses each, and never fails as a whole: a statement that does not parse gets a diagnostic
// ("expected X, found Y" with line, column and a caret excerpt) and is skipped; a statement of
// a kind the parser does not model (GRANT, CREATE PROCEDURE, …) is returned as an
// UnsupportedStatement with a note. Expression nesting is bounded (kMaxDepth), so no input can
// exhaust the stack.
//
// Scope of this version: SELECT in full (WITH [RECURSIVE], set operations, joins, derived
// tables and LATERAL, index hints, GROUP BY … WITH ROLLUP, HAVING, WINDOW, ORDER BY, LIMIT,
// locking clauses), INSERT / REPLACE / UPDATE / DELETE in their single- and multi-table forms,
// the DDL a schema and its migrations hold (CREATE TABLE as SHOW CREATE TABLE and mysqldump
// print it, CREATE INDEX, ALTER TABLE, DROP TABLE / INDEX, RENAME TABLE, CREATE / DROP
// DATABASE, CREATE / ALTER / DROP VIEW, the headers of CREATE TRIGGER / PROCEDURE / FUNCTION
// with their bodies kept as written, DROP TRIGGER / PROCEDURE / FUNCTION), USE and SET, and
// MySQL's whole expression grammar with its operator precedence. GRANT, SHOW, events and the
// rest are UnsupportedStatements, with the verb and object kind read at their head.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "parser/arena.h"
#include "parser/ast.h"
#include "parser/lexer.h"

namespace qadvisor::parser {

inline constexpr int kMaxDepth = 1000;  // nested parse functions: about 500 parentheses

struct ParseOptions {
  bool ansi_quotes = false;  // "x" is an identifier, as with sql_mode ANSI_QUOTES
  // Which `/*!NNNNN …*/` and `/*M!NNNNNN …*/` comments are SQL (lexer.h): the server's.
  VersionComments version_comments = VersionComments::kAll;
};

enum class Severity : uint8_t { kError, kNote };

struct Diagnostic {
  Severity severity = Severity::kError;
  uint32_t offset = 0;  // byte offset in the script
  uint32_t line = 1;    // 1-based
  uint32_t column = 1;  // 1-based, in bytes
  std::string message;  // "expected ')' after the IN list, found 'FROM'"
  std::string excerpt;  // the source line and a caret under the column

  std::string ToString() const;  // "3:14: error: message\n  line\n  ^"
};

class ParseResult {
 public:
  const std::vector<const ast::Statement*>& statements() const { return statements_; }
  const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }
  bool ok() const;  // no error diagnostics
  std::string_view text() const { return *text_; }

 private:
  friend ParseResult Parse(std::string_view script, const ParseOptions& options);
  std::unique_ptr<std::string> text_;  // the script: nodes point into it
  Arena arena_;
  std::vector<const ast::Statement*> statements_;
  std::vector<Diagnostic> diagnostics_;
};

ParseResult Parse(std::string_view script, const ParseOptions& options = {});

// What a statement does and to what, read from its first words as for an UnsupportedStatement
// (ast::StatementHead), whether or not the rest of it parses: for a consumer that must decide
// about a statement the parser rejected (the server may still accept it).
ast::StatementHead ReadHead(std::string_view statement, const ParseOptions& options = {});

// SQL text that parses back to an equal AST (identifiers and literals as written, keywords
// upper-case, one space between tokens, parentheses only where the grammar or precedence
// needs them).
std::string ToSql(const ast::Statement& statement);
std::string ToSql(const ast::Expr& expr);

// The AST as JSON: {"kind": …, "span": [offset, length], …fields}. Documented in docs/ast-json.md.
std::string ToJson(const ast::Statement& statement);

// Structural equality, ignoring spans and how names were quoted.
bool Equal(const ast::Statement& a, const ast::Statement& b);
bool Equal(const ast::Expr& a, const ast::Expr& b);

}  // namespace qadvisor::parser
