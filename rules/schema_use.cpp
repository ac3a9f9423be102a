// SchemaUse and SchemaChange (see schema_use.h).
#include "rules/schema_use.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <set>
#include <utility>

#include "analyzer/access.h"
#include "parser/keywords.h"
#include "rules/common.h"
#include "rules/rule.h"

namespace qadvisor::rules {
namespace {

namespace ast = parser::ast;

std::string TableKey(const analyzer::Table& table) { return WorkloadUse::TableKey(table); }
std::string Under(char kind, const analyzer::Table& table, std::string_view name) {
  return std::string(1, kind) + ':' + TableKey(table) + '/' + parser::LowerAscii(name);
}

void AddOnce(std::vector<std::string>& list, std::string_view s) {
  if (std::find(list.begin(), list.end(), s) == list.end()) list.emplace_back(s);
}

void DropsAndRenamesOfAlter(const ast::AlterTableStatement& alter, const analyzer::Table& table,
                            std::vector<SchemaChange>& out) {
  auto readded_column = [&](std::string_view name) {
    return std::any_of(alter.actions.begin(), alter.actions.end(), [&](const ast::AlterAction& a) {
      return a.kind == ast::AlterKind::kAddColumn &&
             parser::EqualsIgnoreCase(a.column.name.Value(), name);
    });
  };
  auto readded_index = [&](std::string_view name) {
    return std::any_of(alter.actions.begin(), alter.actions.end(), [&](const ast::AlterAction& a) {
      return a.kind == ast::AlterKind::kAddIndex &&
             parser::EqualsIgnoreCase(a.index.name.Value(), name);
    });
  };
  std::vector<std::string> dropped;
  for (const ast::AlterAction& a : alter.actions) {
    const std::string name = a.name.Value();
    switch (a.kind) {
      case ast::AlterKind::kDropColumn:
        if (const analyzer::Column* c = table.FindColumn(name); c && !readded_column(name)) {
          out.push_back({ChangeKind::kDropColumn, &table, c->name, "", a.span, {}});
        }
        break;
      case ast::AlterKind::kDropIndex:
        if (const analyzer::Index* x = table.FindIndex(name);
            x && x->name != "PRIMARY" && !readded_index(name)) {
          out.push_back({ChangeKind::kDropIndex, &table, x->name, "", a.span, {}});
          dropped.push_back(x->name);
        }
        break;
      case ast::AlterKind::kChangeColumn:
      case ast::AlterKind::kRenameColumn: {
        const std::string to =
            a.kind == ast::AlterKind::kChangeColumn ? a.column.name.Value() : a.new_name.Value();
        const analyzer::Column* c = table.FindColumn(name);
        if (c && !parser::EqualsIgnoreCase(name, to) && !readded_column(name)) {
          out.push_back({ChangeKind::kRenameColumn, &table, c->name, to, a.span, {}});
        }
        break;
      }
      case ast::AlterKind::kRenameIndex:
        if (const analyzer::Index* x = table.FindIndex(name);
            x && !parser::EqualsIgnoreCase(name, a.new_name.Value())) {
          out.push_back(
              {ChangeKind::kRenameIndex, &table, x->name, a.new_name.Value(), a.span, {}});
        }
        break;
      case ast::AlterKind::kRenameTable: {
        std::string to;
        for (const ast::Ident& part : a.table.parts) {
          to += (to.empty() ? "" : ".") + part.Value();
        }
        if (!parser::EqualsIgnoreCase(a.table.last().Value(), table.name) ||
            a.table.parts.size() > 1) {
          out.push_back({ChangeKind::kRenameTable, &table, "", to, a.span, {}});
        }
        break;
      }
      default:
        break;
    }
  }
  for (SchemaChange& c : out) {
    if (c.kind == ChangeKind::kDropIndex && c.table == &table) c.dropped_indexes = dropped;
  }
}

}  // namespace

std::vector<std::string> UsableIndexes(const analyzer::QueryBlock& block, size_t t) {
  std::vector<std::string> out;
  const analyzer::TableUse& use = block.tables[t];
  if (!use.table) return out;
  // An index the statement would search once a blocker another rule reports is fixed
  // (a conversion, a function on the column, a charset mismatch) counts as used: the
  // advice is to make it usable, not to drop it.
  const analyzer::TableAccess access =
      analyzer::AnalyzeAccess(block, static_cast<int>(t), {.assume_fixed = true});
  for (const analyzer::IndexUse& u : access.indexes) {
    if (u.used_parts() > 0 || (access.order_applies && u.order_served)) AddOnce(out, u.index->name);
  }
  // An OR of searchable branches can merge index scans (10.2.1.3, "Index Merge
  // Optimization"): each index led by a branch's column is used. So can `col <> v` (and !=):
  // the range optimizer reads it as col < v OR col > v (10.2.1.2, "Range Optimization"; measured
  // on MariaDB 10.11: `WHERE note_flag <> 0 AND status = 'open'` a range on idx_note_flag).
  for (const analyzer::Predicate* p : block.PredicatesOn(static_cast<int>(t))) {
    const bool not_equal = p->op == analyzer::PredicateOp::kNotEq && p->expr != nullptr &&
                           p->expr->kind == parser::ast::ExprKind::kBinary &&
                           p->expr->As<parser::ast::Binary>().op == parser::ast::BinaryOp::kNotEq;
    if (!not_equal &&
        (p->or_group < 0 || !p->SargableOnceFixed() || (!p->IsEquality() && !p->IsRange()))) {
      continue;
    }
    for (const analyzer::Index& index : use.table->indexes) {
      if (index.IsBtree() && !index.parts.empty() &&
          parser::EqualsIgnoreCase(index.parts.front().column, p->column.name)) {
        AddOnce(out, index.name);
      }
    }
  }
  return out;
}

void SchemaUse::Note(const analyzer::QueryModel& model, const std::string& site) {
  std::set<std::string> keys;
  auto column = [&](const analyzer::Table* table, std::string_view name) {
    if (table) keys.insert(Under('c', *table, name));
  };
  for (const analyzer::QueryBlock& block : model.blocks) {
    for (size_t t = 0; t < block.tables.size(); ++t) {
      const analyzer::TableUse& use = block.tables[t];
      if (!use.table) continue;
      keys.insert("t:" + TableKey(*use.table));
      for (const std::string& c : use.needed) column(use.table, c);
      std::vector<std::string>& usable = usable_[site + '\n' + TableKey(*use.table)];
      for (const std::string& index : UsableIndexes(block, t)) {
        keys.insert(Under('i', *use.table, index));
        AddOnce(usable, index);
      }
      for (const std::string& hint : use.hint_indexes) keys.insert(Under('h', *use.table, hint));
    }
  }
  for (const analyzer::Table* table : model.written) keys.insert("t:" + TableKey(*table));
  for (const auto& [table, name] : model.assigned) column(table, name);
  if (model.statement && model.statement->kind == ast::StatementKind::kInsert && model.target) {
    const auto& insert = model.statement->As<ast::InsertStatement>();
    for (const ast::Ident& c : insert.columns) column(model.target, c.Value());
    for (const ast::Assignment& a : insert.set) column(model.target, a.column.last().Value());
    for (const ast::Assignment& a : insert.on_duplicate) {
      column(model.target, a.column.last().Value());
    }
    if (!insert.column_list && insert.set.empty()) keys.insert("a:" + TableKey(*model.target));
  }
  for (const std::string& key : keys) AddOnce(sites_[key], site);
}

const std::vector<std::string>* SchemaUse::Find(const std::string& key) const {
  const auto it = sites_.find(key);
  return it == sites_.end() ? nullptr : &it->second;
}
const std::vector<std::string>* SchemaUse::Table(const analyzer::Table& table) const {
  return Find("t:" + TableKey(table));
}
const std::vector<std::string>* SchemaUse::Column(const analyzer::Table& table,
                                                  std::string_view column) const {
  return Find(Under('c', table, column));
}
const std::vector<std::string>* SchemaUse::AllColumns(const analyzer::Table& table) const {
  return Find("a:" + TableKey(table));
}
const std::vector<std::string>* SchemaUse::Index(const analyzer::Table& table,
                                                 std::string_view index) const {
  return Find(Under('i', table, index));
}
const std::vector<std::string>* SchemaUse::Hint(const analyzer::Table& table,
                                                std::string_view index) const {
  return Find(Under('h', table, index));
}

bool SchemaUse::UsesOtherIndex(std::string_view site, const analyzer::Table& table,
                               const std::vector<std::string>& dropped) const {
  const auto it = usable_.find(std::string(site) + '\n' + TableKey(table));
  if (it == usable_.end()) return false;
  return std::any_of(it->second.begin(), it->second.end(), [&](const std::string& index) {
    return std::none_of(dropped.begin(), dropped.end(),
                        [&](const std::string& d) { return parser::EqualsIgnoreCase(d, index); });
  });
}

std::string DescribeSites(const std::vector<std::string>& sites) {
  if (sites.empty()) return "";
  if (sites.size() == 1) return sites[0];
  if (sites.size() == 2) return sites[0] + "; " + sites[1];
  return fmt::format("{}; {}; and {} more", sites[0], sites[1], sites.size() - 2);
}

std::vector<SchemaChange> DroppedOrRenamed(const ast::Statement& statement,
                                           const analyzer::Catalog& catalog) {
  std::vector<SchemaChange> out;
  switch (statement.kind) {
    case ast::StatementKind::kDropTable: {
      const auto& drop = statement.As<ast::DropTableStatement>();
      if (drop.temporary) break;
      for (const ast::Name& name : drop.tables) {
        if (const analyzer::Table* t = TableNamed(catalog, name)) {
          out.push_back({ChangeKind::kDropTable, t, "", "", statement.span, {}});
        }
      }
      break;
    }
    case ast::StatementKind::kDropIndex: {
      const auto& drop = statement.As<ast::DropIndexStatement>();
      const analyzer::Table* t = TableNamed(catalog, drop.table);
      const analyzer::Index* x = t ? t->FindIndex(drop.index.Value()) : nullptr;
      if (x && x->name != "PRIMARY") {
        out.push_back({ChangeKind::kDropIndex, t, x->name, "", statement.span, {x->name}});
      }
      break;
    }
    case ast::StatementKind::kAlterTable: {
      const auto& alter = statement.As<ast::AlterTableStatement>();
      if (const analyzer::Table* t = TableNamed(catalog, alter.table)) {
        DropsAndRenamesOfAlter(alter, *t, out);
      }
      break;
    }
    case ast::StatementKind::kRenameTable: {
      const auto pairs = statement.As<ast::RenameTableStatement>().pairs;
      auto same = [](const ast::Name& a, const ast::Name& b) {
        if (a.parts.size() != b.parts.size()) return false;
        for (size_t i = 0; i < a.parts.size(); ++i) {
          if (!parser::EqualsIgnoreCase(a.parts[i].Value(), b.parts[i].Value())) return false;
        }
        return true;
      };
      for (size_t i = 0; i < pairs.size(); ++i) {
        const ast::RenamePair& pair = pairs[i];
        // A swap (pt-online-schema-change, gh-ost: t TO t_old, t_new TO t): the pair that gives
        // the name away is followed by one that gives it to another table, so the name stays;
        // the pair that takes a freed name moves a table only the migration knows.
        const auto at = pairs.begin() + static_cast<std::ptrdiff_t>(i);
        const bool replaced =
            std::any_of(at + 1, pairs.end(),
                        [&](const ast::RenamePair& p) { return same(p.to, pair.from); }) ||
            std::any_of(pairs.begin(), at,
                        [&](const ast::RenamePair& p) { return same(p.from, pair.to); });
        const analyzer::Table* t = TableNamed(catalog, pair.from);
        if (t == nullptr || replaced) continue;
        std::string to;
        for (const ast::Ident& part : pair.to.parts) to += (to.empty() ? "" : ".") + part.Value();
        out.push_back({ChangeKind::kRenameTable, t, "", to, statement.span, {}});
      }
      break;
    }
    default:
      break;
  }
  return out;
}

}  // namespace qadvisor::rules
