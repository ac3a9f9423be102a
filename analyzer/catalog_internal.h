// Helpers shared by the catalog's own files (catalog*.cpp), declared once here; not part of the
// analyzer's API (that is catalog.h). Each group names the file that defines it.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/catalog.h"
#include "parser/ast.h"

namespace qadvisor::analyzer::catalog_internal {

// --- SQL text as the AST keeps it (catalog_text.cpp) ---------------------------------------------

// "DOUBLE   PRECISION" → "double precision": keyword phrases as the AST keeps them.
std::string Phrase(std::string_view s);

// `x`, "x" and 'x' → x, doubled quotes undone; anything else as it is.
std::string Unquote(std::string_view s);

// Digits as written in a length or prefix; saturates instead of overflowing.
uint32_t ToUint(std::string_view digits);

std::string Quoted(std::string_view name);

// --- types (catalog_types.cpp) -------------------------------------------------------------------

TypeFamily FamilyOf(std::string_view type);

bool IsOneOf(std::string_view s, std::initializer_list<std::string_view> list);

// Types whose values live off-page and need a prefix to be indexed by a B-tree.
bool IsTextType(std::string_view t);

bool IsBlobType(std::string_view t);

bool IsNationalType(std::string_view t);

// The type a synonym stands for, as SHOW CREATE TABLE names it (MySQL 8.0 13.1 "Data Types",
// sql_yacc.yy `type`: INT4 is INT, LONG VARCHAR is MEDIUMTEXT, NCHAR VARYING is VARCHAR, …; REAL
// is DOUBLE unless sql_mode has REAL_AS_FLOAT). Other names are returned as they are. A
// national type's utf8mb3 is the caller's to add (IsNationalType, on the name as written).
std::string_view CanonicalType(std::string_view t);

bool IsFixedCharType(std::string_view t);

// CHARACTER SET binary makes a character type its binary counterpart (MySQL 8.0 11.3.1).
std::string BinaryCounterpart(std::string_view t);

// --- column defaults (catalog_defaults.cpp) ------------------------------------------------------

// Why the server refuses `value` as the DEFAULT of column `c` (error 1067, "Invalid default
// value": NULL on a NOT NULL column, a number its type cannot hold, a string too long, no member
// of the ENUM, no date; MySQL 8.0's 1101 for a literal on TEXT, BLOB, JSON or geometry), or
// empty when it takes it. `parens`: DEFAULT (expr), which is not judged; nor are
// CURRENT_TIMESTAMP and other expressions written without parentheses.
std::string RefusedDefault(const Column& c, const parser::ast::Expr& value, bool parens,
                           Flavor flavor);

// --- charsets (catalog_charsets.cpp) -------------------------------------------------------------

struct CharsetCollation {
  std::string charset;
  std::string collation;
};

std::string BinCollation(std::string_view charset);

}  // namespace qadvisor::analyzer::catalog_internal
