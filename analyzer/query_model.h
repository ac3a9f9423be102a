// QueryModel: a statement bound to the catalog — what the rules and the advisor reason about.
//
// Bind() resolves every column reference (aliases, USING / NATURAL, derived tables and CTEs,
// correlated subqueries, unqualified names) and classifies each predicate of WHERE and ON:
// equality, IN, range, LIKE prefix, IS NULL, and whether an index on its column could be
// searched by it — not when the column is wrapped in a function, converted to another type or
// collation, or the LIKE pattern starts with a wildcard. A statement becomes one QueryBlock per
// SELECT block (MySQL's query blocks: the statement itself, each subquery, derived table, CTE
// and UNION part), each with its tables, predicates, ORDER BY / GROUP BY and LIMIT.
//
// A view is read as a derived table whose query is the view's, parsed again from the catalog's
// text; the model owns those parse results (QueryModel::views). A simple view — one table, plain
// columns, nothing the server's MERGE algorithm refuses — is merged: its reference is bound as
// its base table, as the server does. Blocks and predicates that come from a view's definition
// carry the span of the view's reference in the statement, never spans into the view's text.
//
// The model points into the statement's AST (spans, expressions) and into the catalog: it is
// valid while both live and the catalog is unchanged. Binding never fails: unknown tables and
// columns are recorded in QueryModel::issues and the rest is bound as far as it can be.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "analyzer/catalog.h"
#include "parser/ast.h"
#include "parser/parser.h"

namespace qadvisor::analyzer {

using parser::ast::Span;

// A column reference resolved to a table of a query block.
struct BoundColumn {
  int block = -1;                  // the block whose table it is (an outer one when correlated)
  int table = -1;                  // index into that block's tables; -1 when unresolved
  const Column* column = nullptr;  // the catalog column; nullptr for derived or unknown tables
  std::string name;                // the catalog's spelling, else as written
  Span span;                       // where it was written

  bool resolved() const { return table >= 0; }
};

enum class PredicateOp : uint8_t {
  kEq,          // col = v, col <=> v
  kIn,          // col IN (v, …)
  kInSubquery,  // col IN (SELECT …): a semi-join lookup
  kIsNull,      // col IS NULL
  kRange,       // <, <=, >, >=, BETWEEN, IS NOT NULL
  kLikePrefix,  // col LIKE 'abc%' (a range on the prefix)
  kLikeInfix,   // col LIKE '%abc' or '_abc': nothing to search by
  kNotEq,       // <>, !=, NOT IN, NOT LIKE, NOT BETWEEN, NOT (…)
  kOther,       // REGEXP, MATCH, col1 = col2 of one table, …
};
std::string_view OpName(PredicateOp op);

// What a predicate compares its column with.
enum class ValueKind : uint8_t {
  kString,       // a string literal (or list of them)
  kNumber,       // a numeric literal or constant arithmetic
  kTemporal,     // DATE '…', TIMESTAMP '…', CURRENT_DATE, NOW()
  kNull,         // NULL
  kParam,        // ? or :name: type unknown
  kExpression,   // another constant expression (a function of constants, a user variable)
  kColumn,       // a column of another table of this block: a join
  kOuterColumn,  // a column of an enclosing block: a correlated subquery
  kSubquery,     // (SELECT …)
  kNone,         // IS NULL and the like
};

// Why an index on the predicate's column cannot be searched by it.
enum class Blocker : uint8_t {
  kNone,
  kFunction,         // DATE(col) = …, col + 1 = …
  kConversion,       // a string column compared with a number: compared as doubles
  kCollation,        // COLLATE x (or a join) makes the column's collation convert
  kCharset,          // a join with a column of a wider charset converts this one
  kLeadingWildcard,  // LIKE '%…'
  kNegation,         // <>, NOT IN, NOT LIKE
  kOperator,         // REGEXP, MATCH, a comparison of two columns of one table, …
};
std::string_view BlockerName(Blocker blocker);
// Whether the statement or the schema can remove the blocker so that an index on the column is
// searched: a function or expression (rewritten on the bare column), a type conversion (quote
// the value), a COLLATE or a join's charset / collation mismatch (align the columns). A leading
// wildcard, a negation or another operator has no such rewrite.
bool Fixable(Blocker blocker);

struct Predicate {
  // The constrained column: the one inside the function when wrapped, or the generated column
  // whose expression the wrapped one is (its indexes serve the predicate).
  BoundColumn column;
  PredicateOp op = PredicateOp::kOther;
  ValueKind value = ValueKind::kNone;
  TypeFamily value_family = TypeFamily::kOther;  // of a literal or column value, when known
  BoundColumn other;  // the other column, for kColumn / kOuterColumn values
  Blocker blocker = Blocker::kNone;
  std::string function;       // the wrapping function or operator, for kFunction: "DATE", "+"
  std::string collation;      // the COLLATE written, or the other side's for kCollation/kCharset
  std::string value_charset;  // kCharset: the other column's charset
  int or_group = -1;          // ≥ 0: one disjunct of an OR (or_branch says which)
  int or_branch = -1;
  bool mirror = false;       // the second direction of a join comparison (rules report the first)
  bool on_clause = false;    // from a JOIN … ON / USING, not WHERE
  size_t list_size = 0;      // IN list length
  std::string_view pattern;  // LIKE pattern literal as written, quotes kept
  Span span;                 // the whole comparison
  const parser::ast::Expr* expr = nullptr;  // the comparison node (null for USING / NATURAL)
  // The column is wrapped in the expression of a functional key part (MySQL 8.0.13+): that
  // expression, as CanonicalSql gives it. Only that key part can search by the predicate.
  std::string key_expression;

  bool sargable() const { return blocker == Blocker::kNone && op != PredicateOp::kOther; }
  // Sargable, or would be once its Fixable blocker is removed.
  bool SargableOnceFixed() const {
    return op != PredicateOp::kOther && (blocker == Blocker::kNone || Fixable(blocker));
  }
  // Leads an index lookup by equality: =, <=>, IN, IS NULL, IN (SELECT …).
  bool IsEquality() const;
  bool IsRange() const;  // <, >, BETWEEN, IS NOT NULL, LIKE 'prefix%'
};

struct TableUse {
  std::string alias;             // the name the query uses: its alias, else the table name
  const Table* table = nullptr;  // nullptr: a derived table, CTE, or table the catalog lacks
  bool derived = false;          // a derived table or a CTE reference
  int derived_block = -1;        // the block that defines it
  std::vector<std::string> derived_columns;  // its column names, when known
  // A view reference (MySQL 8.0 Reference Manual 25.5.2, "View Processing Algorithms"). A view
  // the server would merge has `table` set to its base table, and `view_base_columns` gives the
  // base column each of `derived_columns` (the view's names) reads: a predicate on a view column
  // is one on the base table's column. Any other view is `derived`, its query `derived_block`.
  const View* view = nullptr;
  std::vector<std::string> view_base_columns;
  Span span;           // the table reference
  bool outer = false;  // the inner side of a LEFT / RIGHT JOIN (may be NULL-extended)
  // Columns the query reads from this table (catalog spelling, in first-use order): select
  // list, conditions, GROUP / ORDER BY, correlated references from subqueries.
  std::vector<std::string> needed;
  bool all_columns = false;               // SELECT * or t.* reads every column
  std::vector<std::string> hint_indexes;  // USE / FORCE INDEX names (IGNORE ones are not listed)

  void Need(std::string_view column);
};

struct OrderColumn {
  BoundColumn column;  // unresolved when `expr` is not a plain column
  bool descending = false;
  const parser::ast::Expr* expr = nullptr;
  Span span;
};

enum class BlockKind : uint8_t {
  kStatement,  // the statement's own block (SELECT, or UPDATE / DELETE with their tables)
  kUnionPart,  // a SELECT of a set operation
  kDerived,    // FROM (SELECT …) alias
  kCte,        // WITH name AS (SELECT …)
  kSubquery,   // a subquery in an expression: IN, EXISTS, scalar, ANY / ALL
};

struct QueryBlock {
  BlockKind kind = BlockKind::kStatement;
  int parent = -1;  // the enclosing block for subqueries (correlation scope), else -1
  const parser::ast::Select* select = nullptr;  // null for UPDATE / DELETE blocks
  Span span;
  std::vector<TableUse> tables;  // in FROM order
  std::vector<Predicate> predicates;
  // Constant items (ORDER BY NULL, GROUP BY 'x') are left out: they order nothing. An ORDER BY
  // of constants only is `order_by_written` with an empty `order_by`: "no order, on purpose".
  std::vector<OrderColumn> order_by;
  std::vector<OrderColumn> group_by;
  bool order_by_written = false;
  bool order_by_rand = false;  // ORDER BY RAND()
  bool has_where = false;
  std::optional<uint64_t> limit;  // literal LIMIT / OFFSET values
  std::optional<uint64_t> offset;
  bool limit_written = false;
  Span limit_span;  // the OFFSET value, else the LIMIT value
  bool distinct = false;
  bool star = false;  // * or t.* in the select list
  Span star_span;
  bool in_exists = false;  // the query of an EXISTS (…): its select list is not read
  bool in_view = false;    // from a view's definition: its spans are the view reference's
  bool comma_and_ansi_joins = false;  // FROM a, b JOIN c …
  int or_groups = 0;
  // Pairs of tables (indexes into `tables`, first < second) that some condition of WHERE or ON
  // relates: the join graph, whatever the operator.
  std::vector<std::pair<int, int>> links;

  // Predicates on table `t` of this block (sargable or not), in order.
  std::vector<const Predicate*> PredicatesOn(int t) const;
};

enum class IssueKind : uint8_t { kUnknownTable, kUnknownColumn, kAmbiguousColumn };

struct BindIssue {
  IssueKind kind;
  std::string name;     // as written: "o.total", "orderz"
  std::string message;  // "unknown column `o.totl` in WHERE"
  Span span;
};

struct QueryModel {
  const parser::ast::Statement* statement = nullptr;
  std::vector<QueryBlock> blocks;  // every SELECT block; CTEs come before the blocks using them
  int main = -1;  // the statement's own block (the first UNION part), or -1 when none
  std::vector<BindIssue> issues;
  const Table* target = nullptr;  // INSERT / UPDATE / DELETE single target, when known
  // The tables the statement writes (INSERT / REPLACE: its table; UPDATE: the tables of the
  // columns it sets; DELETE: its target, or each table of a multi-table DELETE's list), each
  // once, in order; the catalog's tables only.
  std::vector<const Table*> written;
  // UPDATE: the columns it sets, with the table each belongs to (an index holding none of them
  // is not touched by the UPDATE). Empty for other statements.
  std::vector<std::pair<const Table*, std::string>> assigned;
  std::string_view script;  // the text the spans point into (ParseResult::text())
  // What a slow log says of the statement's executions, set by the caller (not by Bind): the
  // most rows one of them examined (Rows_examined), when known.
  std::optional<uint64_t> max_rows_examined;
  // The parsed queries of the views the statement reads: view blocks' expressions point into
  // them. Shared, so that a model can be copied; never changed after binding.
  std::vector<std::shared_ptr<const parser::ParseResult>> views;

  bool empty() const { return blocks.empty(); }
  const QueryBlock* Main() const { return main < 0 ? nullptr : &blocks[main]; }
};

// SQL text compared for equality of expressions: lower case, without spaces and backticks.
std::string CanonicalSql(std::string_view sql);

// Binds a SELECT, INSERT … SELECT, UPDATE or DELETE (other statements give an empty model).
// `database` is the default database (USE, or the slow-log event's), may be empty.
// `script` is the text the statement's spans point into (for messages quoting it).
QueryModel Bind(const parser::ast::Statement& statement, const Catalog& catalog,
                std::string_view database = {}, std::string_view script = {});

}  // namespace qadvisor::analyzer
