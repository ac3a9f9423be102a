// Views: View's own methods, and CatalogBuilder's CREATE / ALTER / DROP VIEW and the column names
// of a view's query.
//
// MySQL facts this file relies on, by the MySQL 8.0 Reference Manual's section titles:
//  - "CREATE VIEW Statement", "RENAME TABLE Statement": views share the tables' namespace, take
//    their column names from the select list, and are renamed by RENAME TABLE.
#include <string>
#include <vector>

#include "analyzer/catalog.h"
#include "analyzer/catalog_builder.h"
#include "analyzer/catalog_internal.h"
#include "parser/keywords.h"

namespace qadvisor::analyzer {

using catalog_internal::Unquote;

// --- View ----------------------------------------------------------------------------------------

bool View::HasColumn(std::string_view column) const {
  return columns.empty() || std::any_of(columns.begin(), columns.end(), [&](const std::string& c) {
           return EqualsIgnoreCase(c, column);
         });
}

std::string View::QualifiedName() const { return database.empty() ? name : database + "." + name; }

// --- CatalogBuilder: views -----------------------------------------------------------------------

// CREATE [OR REPLACE] VIEW, ALTER VIEW (MySQL 8.0 Reference Manual, "CREATE VIEW Statement",
// "ALTER VIEW Statement"; IF NOT EXISTS is MariaDB's). The parser has read the header,
// mysqldump's version-commented form included, and the query.
bool CatalogBuilder::DefineView(const ast::ViewStatement& s) {
  const bool alter = s.kind == ast::StatementKind::kAlterView;
  const char* const verb = alter ? "ALTER VIEW" : "CREATE VIEW";
  const TableName name = Resolve(s.name);
  const std::string what = std::string(verb) + " " + name.Display();
  View view;
  view.database = name.database;
  view.name = name.name;
  view.location = LocationAt(CodeStart());
  for (const ast::Ident& column : s.columns) view.columns.push_back(column.Value());
  if (s.query != nullptr && s.query->span.end() <= script_.size()) {
    view.query = std::string(script_.substr(s.query->span.offset, s.query->span.length));
    if (s.columns.empty()) view.columns = QueryColumns(*s.query, {});
  }

  const int table = FindExact(catalog_, name.database, name.name);
  int existing = FindExactIn(catalog_, catalog_.views_, name.database, name.name);
  if (alter) {
    // ALTER VIEW names the view as any statement names a table: the only one of that name will
    // do when the script never said USE.
    existing = FindViewFor(name);
    if (existing < 0) {
      Report(CodeStart(), what + ": view is not defined");
      return false;
    }
    View& slot = catalog_.views_[static_cast<size_t>(existing)];
    view.database = slot.database;
    view.name = slot.name;
    slot = std::move(view);
    return true;
  }
  if (table >= 0) {
    // MySQL error 1050: a table of that name exists, OR REPLACE or not.
    if (!s.if_not_exists) Report(CodeStart(), what + ": a table of that name exists");
    return false;
  }
  if (existing >= 0) {
    if (!s.or_replace) {
      if (!s.if_not_exists) Report(CodeStart(), what + ": view already exists");
      return false;
    }
    catalog_.views_[static_cast<size_t>(existing)] = std::move(view);
    return true;
  }
  catalog_.views_.push_back(std::move(view));
  return true;
}

// DROP VIEW drops the views it finds and reports the others, as MariaDB does and as DROP TABLE
// here does (MySQL 8.0 drops none when one is missing). A table named in it stays: MySQL error
// 1347, "'db.t' is not VIEW".
bool CatalogBuilder::DropViews(const ast::DropViewStatement& s) {
  bool changed = false;
  for (const ast::Name& written : s.views) {
    const uint32_t offset = written.parts.front().offset;
    const TableName name = Resolve(written);
    const int found = FindViewFor(name);
    if (found >= 0) {
      catalog_.views_.erase(catalog_.views_.begin() + found);
      changed = true;
    } else if (Find(name) >= 0) {
      Report(offset, "DROP VIEW " + name.Display() + ": a table, not a view");
    } else if (!s.if_exists) {
      Report(offset, "DROP VIEW " + name.Display() + ": view is not defined");
    }
  }
  return changed;
}

// How MySQL names the columns of a view without a column list: by the select list of its
// (first) SELECT — the alias, else the column's name, else the expression's text — with `*`
// and `t.*` standing for the columns of the FROM items (MySQL 8.0 manual, "CREATE VIEW
// Statement": "the view's column names are taken from the SELECT statement").
std::vector<std::string> CatalogBuilder::QueryColumns(const ast::Query& query,
                                                      std::span<const ast::Cte> outer_ctes) const {
  const std::span<const ast::Cte> ctes = query.with.empty() ? outer_ctes : query.with;
  const ast::QueryTerm* term = query.term;
  while (term != nullptr && term->select == nullptr) {
    if (term->set_op != nullptr) {
      term = term->set_op->left;  // a set operation's columns are named by its first part
    } else if (term->parens != nullptr) {
      return QueryColumns(*term->parens, ctes);
    } else {
      term = nullptr;
    }
  }
  return term == nullptr ? std::vector<std::string>() : SelectColumns(*term->select, ctes);
}

std::vector<std::string> CatalogBuilder::SelectColumns(const ast::Select& select,
                                                       std::span<const ast::Cte> ctes) const {
  std::vector<std::string> out;
  for (const ast::SelectItem& item : select.items) {
    if (!item.alias.empty()) {
      out.push_back(item.alias.Value());
    } else if (!item.string_alias.empty()) {
      out.push_back(Unquote(item.string_alias));
    } else if (item.expr != nullptr && item.expr->kind == ast::ExprKind::kColumn) {
      const ast::Column& c = item.expr->As<ast::Column>();
      if (!c.star) {
        out.push_back(c.name.last().Value());
        continue;
      }
      const std::string qualifier = c.name.parts.empty() ? "" : c.name.last().Value();
      const size_t before = out.size();
      for (const ast::TableRef* ref : select.from) {
        if (ref == nullptr || !FromColumns(*ref, qualifier, ctes, out)) return {};
      }
      if (out.size() == before) return {};  // `x.*` of nothing this SELECT reads
    } else if (item.expr != nullptr) {
      out.push_back(parser::ToSql(*item.expr));
    }
  }
  return out;
}

bool CatalogBuilder::FromColumns(const ast::TableRef& ref, std::string_view qualifier,
                                 std::span<const ast::Cte> ctes,
                                 std::vector<std::string>& out) const {
  auto named = [&](std::string_view name) {
    return qualifier.empty() || EqualsIgnoreCase(name, qualifier);
  };
  switch (ref.kind) {
    case ast::TableRefKind::kTable: {
      const auto& table = ref.As<ast::TableName>();
      const std::string shown =
          table.alias.empty() ? table.name.last().Value() : table.alias.Value();
      if (!named(shown)) return true;
      if (table.name.parts.size() == 1) {
        for (const ast::Cte& cte : ctes) {
          if (!EqualsIgnoreCase(cte.name.Value(), table.name.last().Value())) continue;
          std::vector<std::string> columns;
          for (const ast::Ident& c : cte.columns) columns.push_back(c.Value());
          if (columns.empty() && cte.query != nullptr) columns = QueryColumns(*cte.query, ctes);
          if (columns.empty()) return false;
          out.insert(out.end(), columns.begin(), columns.end());
          return true;
        }
      }
      const std::string db =
          table.name.parts.size() > 1 ? table.name.parts[0].Value() : catalog_.current_database_;
      if (const Table* t = catalog_.FindTable(db, table.name.last().Value())) {
        for (const Column& c : t->columns) out.push_back(c.name);
        return true;
      }
      const View* v = catalog_.FindView(db, table.name.last().Value());
      if (v == nullptr || v->columns.empty()) return false;
      out.insert(out.end(), v->columns.begin(), v->columns.end());
      return true;
    }
    case ast::TableRefKind::kJoin: {
      const auto& join = ref.As<ast::Join>();
      return join.left != nullptr && join.right != nullptr &&
             FromColumns(*join.left, qualifier, ctes, out) &&
             FromColumns(*join.right, qualifier, ctes, out);
    }
    case ast::TableRefKind::kDerived: {
      const auto& derived = ref.As<ast::DerivedTable>();
      if (!named(derived.alias.Value())) return true;
      std::vector<std::string> columns;
      for (const ast::Ident& c : derived.columns) columns.push_back(c.Value());
      if (columns.empty() && derived.query != nullptr) {
        columns = QueryColumns(*derived.query, ctes);
      }
      if (columns.empty()) return false;
      out.insert(out.end(), columns.begin(), columns.end());
      return true;
    }
    case ast::TableRefKind::kParens:
      for (const ast::TableRef* item : ref.As<ast::ParenTables>().items) {
        if (item == nullptr || !FromColumns(*item, qualifier, ctes, out)) return false;
      }
      return true;
    case ast::TableRefKind::kJsonTable: {
      const auto& json = ref.As<ast::JsonTable>();
      if (named(json.alias.Value())) ast::JsonColumnNames(json.columns, out);
      return true;
    }
  }
  return false;
}

}  // namespace qadvisor::analyzer
