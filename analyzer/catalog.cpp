// The schema catalog: Catalog's own methods (tables and views by name, default collations), Index
// and Table lookups, and identifier quoting. The DDL applier is CatalogBuilder
// (catalog_builder.h); types, charsets, views and statistics have files of their own.
//
// MySQL facts this file relies on, by the MySQL 8.0 Reference Manual's section titles:
//  - "Clustered and Secondary Indexes": the clustered index is the primary key, else the first
//    UNIQUE index whose columns are all NOT NULL; secondary records hold its columns.
#include "analyzer/catalog.h"

#include <algorithm>
#include <string>
#include <utility>

#include "analyzer/catalog_builder.h"
#include "analyzer/catalog_internal.h"
#include "parser/keywords.h"

namespace qadvisor::analyzer {

using catalog_internal::IsOneOf;

// --- Index and Table -----------------------------------------------------------------------------

std::string Index::DescribeParts() const {
  std::string out = "(";
  for (size_t i = 0; i < parts.size(); ++i) {
    const KeyPart& p = parts[i];
    if (i > 0) out += ", ";
    if (!p.expression.empty()) {
      out += "(" + p.expression + ")";
    } else {
      out += p.column;
      if (p.prefix_length > 0) out += "(" + std::to_string(p.prefix_length) + ")";
    }
    if (p.descending) out += " DESC";
  }
  return out + ")";
}

const Column* Table::FindColumn(std::string_view column) const {
  for (const Column& c : columns) {
    if (EqualsIgnoreCase(c.name, column)) return &c;
  }
  return nullptr;
}

Column* Table::FindColumn(std::string_view column) {
  return const_cast<Column*>(std::as_const(*this).FindColumn(column));
}

const Index* Table::FindIndex(std::string_view index) const {
  for (const Index& i : indexes) {
    if (EqualsIgnoreCase(i.name, index)) return &i;
  }
  return nullptr;
}

const Index* Table::PrimaryKey() const {
  for (const Index& i : indexes) {
    if (i.kind == IndexKind::kPrimary) return &i;
  }
  return nullptr;
}

namespace {

// Engines whose tables are their primary key's B-tree, secondary records holding its columns.
bool Clusters(std::string_view engine) {
  return engine.empty() || IsOneOf(engine, {"innodb", "rocksdb", "tokudb"});
}

// The clustered index: the primary key, or else the first UNIQUE index whose key parts are all
// whole NOT NULL columns (MySQL 8.0 manual, "Clustered and Secondary Indexes"). nullptr when there
// is none or the engine does not cluster (MyISAM, Aria, MEMORY: every index points at a row
// position).
const Index* ClusteredIndex(const Table& table) {
  if (!Clusters(table.engine)) return nullptr;
  if (const Index* pk = table.PrimaryKey()) return pk;
  for (const Index& index : table.indexes) {
    if (index.kind != IndexKind::kUnique || index.parts.empty()) continue;
    const bool whole_not_null = std::all_of(index.parts.begin(), index.parts.end(), [&](auto& p) {
      const Column* c = p.expression.empty() ? table.FindColumn(p.column) : nullptr;
      return c != nullptr && !c->nullable && p.prefix_length == 0;
    });
    if (whole_not_null) return &index;
  }
  return nullptr;
}

bool HoldsWhole(const std::vector<KeyPart>& parts, std::string_view column) {
  return std::any_of(parts.begin(), parts.end(), [&](const KeyPart& p) {
    return p.expression.empty() && p.prefix_length == 0 && EqualsIgnoreCase(p.column, column);
  });
}

}  // namespace

std::vector<KeyPart> Table::ExtendedKey(const Index& index) const {
  std::vector<KeyPart> key = index.parts;
  const Index* clustered = ClusteredIndex(*this);
  if (clustered == nullptr || !index.IsBtree() || EqualsIgnoreCase(clustered->name, index.name)) {
    return key;
  }
  for (const KeyPart& p : clustered->parts) {
    if (!p.expression.empty() || HoldsWhole(index.parts, p.column)) continue;
    KeyPart extra;
    extra.column = p.column;
    key.push_back(std::move(extra));
  }
  return key;
}

bool Table::IndexHolds(const Index& index, std::string_view column) const {
  if (!index.IsBtree() || FindColumn(column) == nullptr) return false;
  const Index* clustered = ClusteredIndex(*this);
  if (clustered != nullptr && EqualsIgnoreCase(clustered->name, index.name)) return true;
  return HoldsWhole(ExtendedKey(index), column);
}

std::string Table::QualifiedName() const { return database.empty() ? name : database + "." + name; }

// --- Catalog -------------------------------------------------------------------------------------
Catalog::Catalog(CatalogOptions options) : options_(options) {}

size_t Catalog::Apply(const parser::ParseResult& parsed, std::string_view file) {
  size_t changed = 0;
  for (const ast::Statement* s : parsed.statements()) {
    if (s != nullptr && ApplyStatement(*s, parsed.text(), file)) ++changed;
  }
  return changed;
}

bool Catalog::ApplyStatement(const ast::Statement& statement, std::string_view script,
                             std::string_view file) {
  if (file != session_file_) {
    session_file_ = file;
    foreign_key_checks_ = true;
  }
  return CatalogBuilder(*this, statement, script, file).Apply();
}

const Table* Catalog::FindTable(std::string_view database, std::string_view name) const {
  const int i = CatalogBuilder::FindForQuery(*this, tables_, database, name);
  return i >= 0 ? &tables_[static_cast<size_t>(i)] : nullptr;
}

const View* Catalog::FindView(std::string_view database, std::string_view name) const {
  const int i = CatalogBuilder::FindForQuery(*this, views_, database, name);
  return i >= 0 ? &views_[static_cast<size_t>(i)] : nullptr;
}

Table* Catalog::FindTable(std::string_view database, std::string_view name) {
  return const_cast<Table*>(std::as_const(*this).FindTable(database, name));
}

Table& Catalog::AddTable(Table table) {
  table.database = CatalogBuilder::StoredName(*this, table.database);
  table.name = CatalogBuilder::StoredName(*this, table.name);
  const int existing = CatalogBuilder::FindExact(*this, table.database, table.name);
  if (existing >= 0) {
    Table& slot = tables_[static_cast<size_t>(existing)];
    slot = std::move(table);
    return slot;
  }
  return tables_.emplace_back(std::move(table));
}

View& Catalog::AddView(View view) {
  view.database = CatalogBuilder::StoredName(*this, view.database);
  view.name = CatalogBuilder::StoredName(*this, view.name);
  const int existing = CatalogBuilder::FindExactIn(*this, views_, view.database, view.name);
  if (existing >= 0) {
    View& slot = views_[static_cast<size_t>(existing)];
    slot = std::move(view);
    return slot;
  }
  return views_.emplace_back(std::move(view));
}

bool Catalog::DropTable(std::string_view database, std::string_view name) {
  const bool qualified = !database.empty();
  const int i =
      CatalogBuilder::FindForDdl(*this, qualified ? database : current_database_, name, qualified);
  if (i < 0) return false;
  tables_.erase(tables_.begin() + i);
  return true;
}

std::string Catalog::ServerCharset() const { return "utf8mb4"; }

std::string Catalog::DefaultCollation(std::string_view charset) const {
  const std::string cs = NormalizeCharset(charset);
  if (cs == "utf8mb4") {
    return options_.flavor == Flavor::kMySQL8 ? "utf8mb4_0900_ai_ci" : "utf8mb4_general_ci";
  }
  if (cs == "binary") return cs;
  // SHOW CHARACTER SET: the defaults that are not <charset>_general_ci.
  static constexpr std::pair<std::string_view, std::string_view> kDefaults[] = {
      {"latin1", "latin1_swedish_ci"},    {"dec8", "dec8_swedish_ci"},
      {"swe7", "swe7_swedish_ci"},        {"hp8", "hp8_english_ci"},
      {"latin5", "latin5_turkish_ci"},    {"big5", "big5_chinese_ci"},
      {"gbk", "gbk_chinese_ci"},          {"gb2312", "gb2312_chinese_ci"},
      {"gb18030", "gb18030_chinese_ci"},  {"sjis", "sjis_japanese_ci"},
      {"ujis", "ujis_japanese_ci"},       {"cp932", "cp932_japanese_ci"},
      {"eucjpms", "eucjpms_japanese_ci"}, {"euckr", "euckr_korean_ci"},
      {"tis620", "tis620_thai_ci"},
  };
  for (const auto& [name, collation] : kDefaults) {
    if (name == cs) return std::string(collation);
  }
  return cs + "_general_ci";
}

std::string QuoteIdentifier(std::string_view name) {
  std::string out = "`";
  for (char c : name) {
    out += c;
    if (c == '`') out += '`';
  }
  return out + "`";
}

std::string QuoteTableName(const Table& table) {
  return table.database.empty()
             ? QuoteIdentifier(table.name)
             : QuoteIdentifier(table.database) + "." + QuoteIdentifier(table.name);
}

}  // namespace qadvisor::analyzer
