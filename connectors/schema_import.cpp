// Schema import (see schema_import.h).
#include "connectors/schema_import.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>

#include "parser/keywords.h"
#include "parser/parser.h"

namespace qadvisor::connectors {
namespace {

bool IsSystem(std::string_view db) {
  return db == "mysql" || db == "information_schema" || db == "performance_schema" || db == "sys";
}

std::optional<uint64_t> Number(const std::string& s) {
  uint64_t v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

}  // namespace

Status ImportSchema(Session& session, analyzer::Catalog& catalog, const ImportOptions& options) {
  std::vector<std::string> databases = options.databases;
  if (databases.empty()) {
    QADVISOR_ASSIGN_OR_RETURN(Session::Rows rows, session.Query("SHOW DATABASES"));
    for (const auto& row : rows.values) {
      if (!IsSystem(row[0])) databases.push_back(row[0]);
    }
  }
  for (const std::string& db : databases) {
    // The database's defaults, so that tables inherit what the server says.
    QADVISOR_ASSIGN_OR_RETURN(
        Session::Rows create_db,
        session.Query("SHOW CREATE DATABASE " + analyzer::QuoteIdentifier(db)));
    std::string script = create_db.values.empty() ? "" : create_db.values[0][1] + ";\n";
    script += "USE " + analyzer::QuoteIdentifier(db) + ";\n";
    QADVISOR_ASSIGN_OR_RETURN(
        Session::Rows tables,
        session.Query(fmt::format("SHOW FULL TABLES FROM {} WHERE Table_type = 'BASE TABLE'",
                                  analyzer::QuoteIdentifier(db))));
    for (const auto& row : tables.values) {
      QADVISOR_ASSIGN_OR_RETURN(
          Session::Rows create,
          session.Query(fmt::format("SHOW CREATE TABLE {}.{}", analyzer::QuoteIdentifier(db),
                                    analyzer::QuoteIdentifier(row[0]))));
      if (!create.values.empty()) script += create.values[0][1] + ";\n";
    }
    const parser::ParseResult parsed = parser::Parse(script);
    catalog.Apply(parsed, fmt::format("{} (server)", db));

    if (!options.statistics) continue;
    QADVISOR_ASSIGN_OR_RETURN(
        Session::Rows stats,
        session.Query(fmt::format("SELECT TABLE_NAME, TABLE_ROWS FROM information_schema.TABLES "
                                  "WHERE TABLE_SCHEMA = {} AND TABLE_TYPE = 'BASE TABLE'",
                                  SqlString(db))));
    for (const auto& r : stats.values) {
      if (analyzer::Table* t = catalog.FindTable(db, r[0])) t->rows = Number(r[1]);
    }
    QADVISOR_ASSIGN_OR_RETURN(
        Session::Rows cards,
        session.Query(fmt::format("SELECT TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX, CARDINALITY "
                                  "FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = {} "
                                  "ORDER BY TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX",
                                  SqlString(db))));
    for (const auto& r : cards.values) {
      analyzer::Table* t = catalog.FindTable(db, r[0]);
      if (!t) continue;
      const auto seq = Number(r[2]);
      for (analyzer::Index& index : t->indexes) {
        if (!parser::EqualsIgnoreCase(index.name, r[1]) || !seq || *seq == 0 ||
            *seq > index.parts.size()) {
          continue;
        }
        index.parts[*seq - 1].cardinality = Number(r[3]);
      }
    }
  }
  return Status::Ok();
}

}  // namespace qadvisor::connectors
