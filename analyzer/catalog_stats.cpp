// Statistics from a JSON file (LoadStats, see catalog.h): row counts, sizes, column and index
// cardinalities laid over the tables the DDL created.
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "analyzer/catalog.h"
#include "analyzer/catalog_internal.h"
#include "parser/keywords.h"

namespace qadvisor::analyzer {

using catalog_internal::Quoted;

// --- statistics ----------------------------------------------------------------------------------

namespace {

using Json = nlohmann::json;

// A count in the stats file: a non-negative number (fractions round), or null for unknown.
bool ReadCount(const Json& v, std::optional<uint64_t>* out) {
  if (v.is_null()) {
    out->reset();
    return true;
  }
  if (v.is_number_unsigned()) {
    *out = v.get<uint64_t>();
    return true;
  }
  if (v.is_number_integer()) {
    const int64_t i = v.get<int64_t>();
    if (i < 0) return false;
    *out = static_cast<uint64_t>(i);
    return true;
  }
  if (v.is_number_float()) {
    const double d = v.get<double>();
    if (!(d >= 0) || d > 1.8e19) return false;
    *out = static_cast<uint64_t>(std::llround(d));
    return true;
  }
  return false;
}

struct PendingStats {
  size_t table = 0;  // index into Catalog::tables()
  std::optional<uint64_t> rows;
  bool has_rows = false;
  std::optional<uint64_t> bytes;  // data_length + index_length
  bool has_bytes = false;
  std::vector<std::pair<size_t, std::optional<uint64_t>>> columns;
  std::vector<std::pair<size_t, std::vector<std::optional<uint64_t>>>> indexes;
};

}  // namespace

Result<std::vector<CatalogIssue>> LoadStats(Catalog& catalog, std::string_view json_text,
                                            std::string_view file) {
  const std::string where(file.empty() ? "stats" : file);
  Json doc;
  try {
    doc = Json::parse(json_text.begin(), json_text.end());
  } catch (const Json::parse_error& e) {
    return ParseError(where + ": not valid JSON (byte " + std::to_string(e.byte) +
                      "): " + e.what());
  }
  auto bad = [&](const std::string& path, const std::string& expected) {
    return ParseError(where + ": " + path + ": expected " + expected);
  };
  if (!doc.is_object()) return bad("the top level", "an object with a \"tables\" array");
  const auto tables_it = doc.find("tables");
  if (tables_it == doc.end() || !tables_it->is_array()) return bad("\"tables\"", "an array");

  // Everything is checked first, so a file with a mistake changes nothing.
  std::vector<CatalogIssue> issues;
  auto issue = [&](std::string message) {
    issues.push_back({SourceLocation{where, 0, 0}, std::move(message)});
  };
  std::vector<PendingStats> pending;
  for (size_t n = 0; n < tables_it->size(); ++n) {
    const Json& entry = (*tables_it)[n];
    const std::string path = "tables[" + std::to_string(n) + "]";
    if (!entry.is_object()) return bad(path, "an object");
    const auto table_it = entry.find("table");
    if (table_it == entry.end() || !table_it->is_string()) {
      return bad(path + ".table", "a table name (string)");
    }
    std::string database;
    if (const auto db_it = entry.find("database"); db_it != entry.end() && !db_it->is_null()) {
      if (!db_it->is_string()) return bad(path + ".database", "a database name (string)");
      database = db_it->get<std::string>();
    }
    const std::string table_name = table_it->get<std::string>();
    const Table* table = catalog.FindTable(database, table_name);
    const std::string shown = database.empty() ? table_name : database + "." + table_name;

    PendingStats p;
    if (const auto rows_it = entry.find("rows"); rows_it != entry.end()) {
      if (!ReadCount(*rows_it, &p.rows)) return bad(path + ".rows", "a non-negative number");
      p.has_rows = true;
    }
    for (const char* field : {"data_length", "index_length"}) {
      const auto it = entry.find(field);
      if (it == entry.end()) continue;
      std::optional<uint64_t> bytes;
      if (!ReadCount(*it, &bytes)) return bad(path + "." + field, "a non-negative number of bytes");
      if (bytes) p.bytes = p.bytes.value_or(0) + *bytes;
      p.has_bytes = true;
    }
    const auto columns_it = entry.find("columns");
    if (columns_it != entry.end() && !columns_it->is_object()) {
      return bad(path + ".columns", "an object of column: distinct values");
    }
    const auto indexes_it = entry.find("indexes");
    if (indexes_it != entry.end() && !indexes_it->is_object()) {
      return bad(path + ".indexes", "an object of index: [cardinality, …]");
    }
    if (columns_it != entry.end()) {
      for (const auto& [column, value] : columns_it->items()) {
        std::optional<uint64_t> distinct;
        if (!ReadCount(value, &distinct)) {
          return bad(path + ".columns." + column, "a non-negative number");
        }
        const Column* c = table != nullptr ? table->FindColumn(column) : nullptr;
        if (table != nullptr && c == nullptr) {
          issue(path + ": table " + shown + " has no column " + Quoted(column));
          continue;
        }
        if (c != nullptr) p.columns.emplace_back(c - table->columns.data(), distinct);
      }
    }
    if (indexes_it != entry.end()) {
      for (const auto& [index, value] : indexes_it->items()) {
        if (!value.is_array()) return bad(path + ".indexes." + index, "an array of numbers");
        std::vector<std::optional<uint64_t>> cardinality(value.size());
        for (size_t i = 0; i < value.size(); ++i) {
          if (!ReadCount(value[i], &cardinality[i])) {
            return bad(path + ".indexes." + index + "[" + std::to_string(i) + "]",
                       "a non-negative number");
          }
        }
        const Index* found = table != nullptr ? table->FindIndex(index) : nullptr;
        if (table != nullptr && found == nullptr) {
          issue(path + ": table " + shown + " has no index " + Quoted(index));
          continue;
        }
        if (found == nullptr) continue;
        if (cardinality.size() > found->parts.size()) {
          issue(path + ": index " + Quoted(index) + " of " + shown + " has " +
                std::to_string(found->parts.size()) +
                (found->parts.size() == 1 ? " part, not " : " parts, not ") +
                std::to_string(cardinality.size()));
          cardinality.resize(found->parts.size());
        }
        p.indexes.emplace_back(found - table->indexes.data(), std::move(cardinality));
      }
    }
    if (table == nullptr) {
      issue(path + ": table " + shown + " is not defined");
      continue;
    }
    p.table = static_cast<size_t>(table - catalog.tables().data());
    pending.push_back(std::move(p));
  }

  for (PendingStats& p : pending) {
    Table& table = catalog.tables()[p.table];
    if (p.has_rows) table.rows = p.rows;
    if (p.has_bytes) table.bytes = p.bytes;
    for (auto& [column, distinct] : p.columns) table.columns[column].distinct = distinct;
    for (auto& [index, cardinality] : p.indexes) {
      std::vector<KeyPart>& parts = table.indexes[index].parts;
      for (size_t i = 0; i < cardinality.size(); ++i) parts[i].cardinality = cardinality[i];
    }
  }
  return issues;
}

}  // namespace qadvisor::analyzer
