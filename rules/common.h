// Small helpers the rules share: quoting names for DDL hints, naming tables and indexes in
// messages, and the access analysis of a block's tables.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "analyzer/access.h"
#include "analyzer/catalog.h"
#include "analyzer/query_model.h"
#include "rules/finding.h"

namespace qadvisor::rules {

// `name`, with backticks doubled inside: safe in generated SQL.
std::string Quote(std::string_view name);
// `db`.`t` when the table has a database, else `t`.
std::string QuoteTable(const analyzer::Table& table);
// "`a`, `b`"
std::string QuoteList(const std::vector<std::string>& names);
// idx_customer_id_created_at (at most 64 characters, MySQL's limit on index names).
std::string IndexName(const std::vector<std::string>& columns);
// ALTER TABLE `t` ADD INDEX `idx_a_b` (`a`, `b` DESC);
std::string AddIndexDdl(const analyzer::Table& table, const analyzer::IndexWant& want);
// The DDL of the one index that gives `want` whole: its key columns (the equalities, then the
// ORDER BY / GROUP BY columns in order and direction, or the range column), then — with `cover` —
// its covering columns. Existing non-unique indexes whose parts are a leftmost prefix of that
// column order (equalities in any order; a prefix part counting as its column) can be extended
// instead: the longest one is, keeping its own parts and directions — the order columns then
// all in the wanted direction or all against it, read backwards — and every existing index left
// a leftmost prefix of the result is dropped in the same statement. Empty for an empty want.
std::string WantDdl(const analyzer::Table& table, const analyzer::IndexWant& want, bool cover);
// How a message names a table use: "orders" or "orders (as o)".
std::string TableLabel(const analyzer::TableUse& use);
// The finding's table and columns.
void SetTable(Finding& f, const analyzer::TableUse& use);

// The source text of a span of the statement (for messages), shortened to `max` bytes.
std::string SpanText(const analyzer::QueryModel& query, analyzer::Span span, size_t max = 80);

// The leading column of each visible B-tree index, and whether `column` leads one, or would
// be the next part after columns bound by equality: "an index could search by this column".
const analyzer::Index* IndexOn(const analyzer::Table& table, std::string_view column,
                               const std::vector<const analyzer::Predicate*>& equalities = {});

// Whether table `t` is the one a join of `block` reads first (DrivingTable): its join columns
// give the values the other tables are looked up by, so converting one of them costs no index.
bool ReadFirst(const analyzer::QueryBlock& block, int t);

// How the index rules judge table `t` of `block`: the table a join reads first is searched by
// its own filters only (DrivingTable: an index on its join column would serve the other
// direction, which the optimizer does not take); the others through their join columns too.
analyzer::AccessOptions OwnAccess(const analyzer::QueryBlock& block, int t);

// The first visible B-tree index that holds `column` as a whole key part, in any position.
const analyzer::Index* IndexHolding(const analyzer::Table& table, std::string_view column);

// How to write a predicate that wraps `column` in a function (Predicate::function) so an index
// can search it: a range on the bare column, the arithmetic moved across, or an index on the
// expression.
std::string FunctionRewriteHint(const analyzer::Predicate& p, const analyzer::Column& column);

// Whether table `t` of `block` is read by a unique lookup through constants (every part of
// the primary key or a unique index bound by `=` to a value, not to a join column): one row,
// so what else the query does to its columns cannot cost an index search. Join columns do
// not count: the table may be the one a join starts from.
bool FoundByUniqueKey(const analyzer::QueryBlock& block, int t);

// Rows below which a table is too small for index advice to matter: when statistics say the
// table has fewer, or the slow log says no execution of the statement examined as many
// (QueryModel::max_rows_examined: it then reads too little for an index to save anything).
inline constexpr uint64_t kTinyTableRows = 1000;
bool IsTiny(const analyzer::Table& table, const analyzer::QueryModel& query);

// The table a DDL statement names (`db.t`, or `t` in the catalog's current database), or
// nullptr when the catalog has none.
const analyzer::Table* TableNamed(const analyzer::Catalog& catalog, const parser::ast::Name& name);

}  // namespace qadvisor::rules

namespace qadvisor::rules {
// A MODIFY column definition giving `column` another charset / collation, as a fix hint:
// "`code` varchar(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_0900_ai_ci NOT NULL DEFAULT ''".
// It restates what MODIFY would otherwise drop: ENUM / SET members, the generated expression,
// DEFAULT, ON UPDATE and COMMENT.
std::string ColumnDefinition(const analyzer::Column& column, std::string_view charset,
                             std::string_view collation);
}  // namespace qadvisor::rules
