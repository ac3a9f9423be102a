// The DDL applier, internal to the catalog's files (catalog.cpp, catalog_builder.cpp,
// catalog_views.cpp): not part of the analyzer's API.
//
// CatalogBuilder applies one statement to a Catalog (it is the friend catalog.h names). Each
// statement works on a copy of the table it changes and replaces the original only when every
// part of it applied, so a statement the server would reject leaves the catalog as it was and
// is reported as a CatalogIssue instead.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/catalog.h"
#include "analyzer/catalog_internal.h"
#include "parser/keywords.h"

namespace qadvisor::analyzer {

// Names the class body uses as it did inside catalog.cpp; only the catalog's files include this.
namespace ast = parser::ast;
using catalog_internal::CharsetCollation;
using catalog_internal::Quoted;
using parser::EqualsIgnoreCase;

// Applies statements to a Catalog. Lookup helpers are static so that Catalog's own methods use
// the same name rules.
class CatalogBuilder {
 public:
  CatalogBuilder(Catalog& catalog, const ast::Statement& statement, std::string_view script,
                 std::string_view file)
      : catalog_(catalog), statement_(statement), script_(script), file_(file) {}

  bool Apply();

  // --- names, as lower_case_table_names says ---------------------------------------------------
  static bool SameTableName(const Catalog& c, std::string_view a, std::string_view b) {
    return c.options_.lower_case_table_names == 0 ? a == b : EqualsIgnoreCase(a, b);
  }
  static std::string StoredName(const Catalog& c, std::string_view name) {
    return c.options_.lower_case_table_names == 1 ? parser::LowerAscii(name) : std::string(name);
  }
  // Over tables_ or views_: both are named alike, and share one namespace in a database.
  template <typename T>
  static int FindExactIn(const Catalog& c, const std::vector<T>& list, std::string_view database,
                         std::string_view name) {
    for (size_t i = 0; i < list.size(); ++i) {
      if (SameTableName(c, list[i].database, database) && SameTableName(c, list[i].name, name)) {
        return static_cast<int>(i);
      }
    }
    return -1;
  }
  template <typename T>
  static int FindUniqueIn(const Catalog& c, const std::vector<T>& list, std::string_view name) {
    int found = -1;
    for (size_t i = 0; i < list.size(); ++i) {
      if (!SameTableName(c, list[i].name, name)) continue;
      if (found >= 0) return -1;
      found = static_cast<int>(i);
    }
    return found;
  }
  // As Catalog::FindTable looks a name up: in `database`, else the only one of that name, else
  // in the current database.
  template <typename T>
  static int FindForQuery(const Catalog& c, const std::vector<T>& list, std::string_view database,
                          std::string_view name) {
    if (!database.empty()) {
      const int exact = FindExactIn(c, list, database, name);
      if (exact >= 0) return exact;
    }
    const int unique = FindUniqueIn(c, list, name);
    if (unique >= 0) return unique;
    return FindExactIn(c, list, c.current_database_, name);
  }
  static int FindExact(const Catalog& c, std::string_view database, std::string_view name) {
    return FindExactIn(c, c.tables_, database, name);
  }
  // A table (or view) a statement names: db.t exactly; t in the current database, or else the
  // only one called t (a migration applied to a schema loaded without USE).
  template <typename T>
  static int FindForDdlIn(const Catalog& c, const std::vector<T>& list, std::string_view database,
                          std::string_view name, bool qualified) {
    const int exact = FindExactIn(c, list, database, name);
    if (exact >= 0 || qualified) return exact;
    return FindUniqueIn(c, list, name);
  }
  static int FindForDdl(const Catalog& c, std::string_view database, std::string_view name,
                        bool qualified) {
    return FindForDdlIn(c, c.tables_, database, name, qualified);
  }
  static const Catalog::Database* FindDatabase(const Catalog& c, std::string_view name) {
    for (const Catalog::Database& d : c.databases_) {
      if (SameTableName(c, d.name, name)) return &d;
    }
    return nullptr;
  }

 private:
  struct TableName {
    std::string database;
    std::string name;
    bool qualified = false;
    std::string Display() const {
      return database.empty() || !qualified ? Quoted(name) : Quoted(database) + "." + Quoted(name);
    }
  };

  // A problem with the statement; Apply() reports it and leaves the catalog unchanged.
  struct Failure {
    uint32_t offset;
    std::string message;
  };

  TableName Resolve(const ast::Name& name) const;
  TableName Resolve(std::span<const std::string> parts) const;
  int Find(const TableName& name) const {
    return FindForDdl(catalog_, name.database, name.name, name.qualified);
  }
  int FindViewFor(const TableName& name) const {
    return FindForDdlIn(catalog_, catalog_.views_, name.database, name.name, name.qualified);
  }
  SourceLocation LocationAt(uint32_t offset) const;
  uint32_t CodeStart() const;
  void Report(uint32_t offset, std::string message);
  void ReportAll(std::string_view prefix);

  CharsetCollation DatabaseDefaults(std::string_view database) const;
  CharsetCollation Resolve(std::string_view charset, std::string_view collation,
                           const CharsetCollation& fallback) const;
  Column MakeColumn(const ast::ColumnDef& def, const Table& table) const;
  bool CheckDefault(const Column& column, const ast::Expr* value, bool parens, uint32_t offset);
  void ConvertColumn(Column& column, const CharsetCollation& to) const;

  // Table changes: each returns false after adding a Failure.
  bool AddColumnKeys(Table& table, const ast::ColumnDef& def, const Column& column);
  bool AddIndex(Table& table, const ast::IndexDef& def, uint32_t offset);
  bool InsertIndex(Table& table, Index index, uint32_t offset);
  bool CheckWholeColumnParts(const Table& table, Index& index, uint32_t offset);
  bool DropIndex(Table& table, std::string_view name, bool if_exists, uint32_t offset);
  bool DropColumn(Table& table, std::string_view name, bool if_exists, uint32_t offset);
  bool PlaceColumn(Table& table, Column column, const ast::AlterAction& position, int replace,
                   uint32_t offset);
  void RenameColumnEverywhere(Table& table, std::string_view from, const std::string& to);
  void SetTableOption(Table& table, std::string_view name, std::string_view value);
  void FinishForeignKeys(Table& table);
  bool ApplyAction(Table& table, const ast::AlterAction& action, std::string* rename_db,
                   std::string* rename_to);

  bool CreateDatabase(const ast::CreateDatabaseStatement& s);
  bool CreateTable(const ast::CreateTableStatement& s);
  bool AlterTable(const ast::AlterTableStatement& s);
  bool CreateIndex(const ast::CreateIndexStatement& s);
  bool DropTables(const ast::DropTableStatement& s);
  bool DropIndexStatement(const ast::DropIndexStatement& s);
  bool RenameTables(const ast::RenameTableStatement& s);
  bool DropDatabase(const ast::DropDatabaseStatement& s);
  void SetVariables(const ast::SetStatement& s);  // foreign_key_checks; changes no table

  // The foreign keys of other tables (and of `parent` itself) that reference `parent`.
  struct Reference {
    const Table* child;
    const ForeignKey* fk;
  };
  std::vector<Reference> ReferencesTo(const Table& parent) const;
  bool RefersTo(const Table& child, const ForeignKey& fk, std::string_view database,
                std::string_view name) const;
  void FollowTableRename(std::string_view from_db, std::string_view from, const std::string& to_db,
                         const std::string& to);
  void CheckAutoIncrement(const Table& table);  // a Failure when InnoDB refuses the table
  // A foreign key an ALTER TABLE added: a Failure when the server refuses it.
  void CheckNewForeignKey(const Table& child, const ForeignKey& fk, uint32_t offset);
  // Why DROP TABLE `s` cannot drop `parent` (a foreign key references it); empty: it can.
  std::string ReferencedBy(const Table& parent, const ast::DropTableStatement& s) const;
  // A MODIFY / CHANGE of `before` into `after`, a column a foreign key uses (as its child or
  // its parent): false after a Failure when the server refuses to change it so.
  bool CheckForeignKeyColumnChange(const Table& table, const Column& before, const Column& after,
                                   uint32_t offset);
  bool DefineView(const ast::ViewStatement& s);  // CREATE VIEW, ALTER VIEW
  bool DropViews(const ast::DropViewStatement& s);
  // The column names of a view's query (see View::columns); empty when unknown.
  std::vector<std::string> QueryColumns(const ast::Query& query,
                                        std::span<const ast::Cte> outer_ctes) const;
  std::vector<std::string> SelectColumns(const ast::Select& select,
                                         std::span<const ast::Cte> ctes) const;
  // The columns of a FROM item that `qualifier` names (empty: every item), appended to `out`;
  // false when some are unknown.
  bool FromColumns(const ast::TableRef& ref, std::string_view qualifier,
                   std::span<const ast::Cte> ctes, std::vector<std::string>& out) const;

  Catalog& catalog_;
  const ast::Statement& statement_;
  std::string_view script_;
  std::string_view file_;
  std::vector<Failure> failures_;
  // FOREIGN KEYs this statement added: their implicit index is decided once every key of the
  // statement is known.
  struct NewForeignKey {
    size_t position;         // in Table::foreign_keys
    uint32_t offset;         // where it was written
    std::string index_name;  // the CONSTRAINT name, else the FK's index name, else empty
  };
  std::vector<NewForeignKey> new_foreign_keys_;
  // Columns this statement renamed, in order: the keys that reference them follow (the server
  // renames a referenced column in its children's foreign keys too).
  std::vector<std::pair<std::string, std::string>> renamed_columns_;
  std::vector<std::string> Renamed(std::vector<std::string> columns) const;
  void FollowRenames(const Table& parent);
};

}  // namespace qadvisor::analyzer
