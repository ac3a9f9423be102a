// SchemaUse: what statements use of a schema — the tables they read or write, the columns they
// name, the indexes they could use or name in a hint — and which statements those are; and
// SchemaChange: what a DDL statement drops or renames. Together they are what drop-in-use and
// rename-in-use judge a migration by.
//
// Design. A DROP or RENAME in a migration breaks the application as it runs *before* the
// deploy: the statements of the workload (`check --workload`, slow logs given as inputs), of
// the checked files that are not migrations (application code), and those written above the
// DDL in the checked migrations. A query after the migration is the new application, written
// for the new names: it never counts. So the Checker keeps the first two parsed (as
// AddApplication) and binds them again just before each checked DDL statement that drops or
// renames something, against the schema as it is at that point — where the old names still
// resolve; the checked statements are noted as they are bound, in file order. The rules then
// judge plain data: the SchemaChanges of the statement (DroppedOrRenamed) against that SchemaUse.
//
// Keys are lower-case, tables by their qualified name, as WorkloadUse keys them. A statement is
// named by a site string ("app.sql:12", "query class 3F2A…, 120 calls"): every site is kept
// once per use, in the order met.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/catalog.h"
#include "analyzer/query_model.h"
#include "parser/ast.h"

namespace qadvisor::rules {

class SchemaUse {
 public:
  // Notes what `model` uses, for the statement named `site`: every catalog table of its blocks
  // (views the server merges count as their base table; a view's own query is part of the
  // model) and of what it writes; the columns it reads (TableUse::needed), sets (UPDATE … SET,
  // INSERT's column list, INSERT … SET, ON DUPLICATE KEY UPDATE); every column of the table an
  // INSERT without a column list fills by position; the indexes it could use (UsableIndexes)
  // and those its USE / FORCE INDEX hints name. `SELECT *` names no column.
  void Note(const analyzer::QueryModel& model, const std::string& site);

  // The sites that use it, in the order met; nullptr when none does.
  const std::vector<std::string>* Table(const analyzer::Table& table) const;
  const std::vector<std::string>* Column(const analyzer::Table& table,
                                         std::string_view column) const;
  // INSERTs without a column list: they fill every column by position.
  const std::vector<std::string>* AllColumns(const analyzer::Table& table) const;
  const std::vector<std::string>* Index(const analyzer::Table& table, std::string_view index) const;
  const std::vector<std::string>* Hint(const analyzer::Table& table, std::string_view index) const;
  // Whether the statement named `site` could use an index of `table` other than `dropped`.
  bool UsesOtherIndex(std::string_view site, const analyzer::Table& table,
                      const std::vector<std::string>& dropped) const;

 private:
  const std::vector<std::string>* Find(const std::string& key) const;
  std::map<std::string, std::vector<std::string>, std::less<>> sites_;  // by key
  // "site\ntable key" → the indexes of that table the statement could use
  std::map<std::string, std::vector<std::string>, std::less<>> usable_;
};

// The indexes of table `t` of `block` a statement could use: to search by (a usable leftmost
// prefix, once a blocker another rule reports — a conversion, a function, a charset — is
// fixed), to read in ORDER BY / GROUP BY order, or to merge for an OR of searchable branches.
// Index hints are not counted here. What unused-index calls used.
std::vector<std::string> UsableIndexes(const analyzer::QueryBlock& block, size_t t);

// "app.sql:12", "app.sql:12; query class 3F2A…, 120 calls", "app.sql:12; app.sql:30; and 4
// more": how a message names the statements that use something.
std::string DescribeSites(const std::vector<std::string>& sites);

enum class ChangeKind : uint8_t {
  kDropTable,
  kDropColumn,
  kDropIndex,
  kRenameTable,
  kRenameColumn,
  kRenameIndex,
};

struct SchemaChange {
  ChangeKind kind;
  const analyzer::Table* table = nullptr;  // as it is before the statement
  std::string name;                        // the column or index (its catalog spelling)
  std::string new_name;                    // renames: the new table, column or index name
  parser::ast::Span span;                  // the action, else the statement
  // kDropIndex: every index the statement drops from the table (a statement's lookups may
  // fall back on none of them).
  std::vector<std::string> dropped_indexes;
};

// What `statement` drops or renames of the tables, columns and indexes `catalog` (the schema
// before it is applied) has: DROP TABLE, DROP INDEX … ON, ALTER TABLE … DROP COLUMN / DROP
// INDEX / RENAME COLUMN / CHANGE old new / RENAME INDEX / RENAME TO, RENAME TABLE a TO b, ….
// Not: what does not exist (DROP … IF EXISTS of nothing), the primary key, a column or index
// the same ALTER adds again under its name (a redefinition), a table a RENAME TABLE puts
// another in place of (the swap of pt-online-schema-change and gh-ost).
std::vector<SchemaChange> DroppedOrRenamed(const parser::ast::Statement& statement,
                                           const analyzer::Catalog& catalog);

}  // namespace qadvisor::rules
