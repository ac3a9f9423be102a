// Schema import (see schema_import.h).
#include "connectors/schema_import.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>

#include "connectors/verify.h"
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

// SHOW CREATE TABLE's text without the lines of verify's own indexes, whose names go to
// `ignored`. The server writes one index per line (`  KEY `qadv_…` (…),`; the table's last
// element has no comma, so when that one goes, the comma before it goes too): the rest then
// reads — and is located, line by line — exactly as on a server without them. Anything
// written otherwise is left for ImportSchema's check of the catalog.
std::string WithoutVerifyIndexes(std::string_view create, const std::string& table,
                                 std::vector<std::string>& ignored) {
  std::vector<std::string_view> lines;
  while (!create.empty()) {
    const size_t nl = create.find('\n');
    lines.push_back(create.substr(0, nl));
    create = nl == std::string_view::npos ? std::string_view() : create.substr(nl + 1);
  }
  std::vector<std::string> kept;
  for (const std::string_view line : lines) {
    constexpr std::string_view kKey = "  KEY `";
    if (line.starts_with(kKey) && IsVerifyIndexName(line.substr(kKey.size()))) {
      const size_t end = line.find("` (", kKey.size());
      if (end != std::string_view::npos) {
        ignored.push_back(
            fmt::format("{}.`{}`", table, line.substr(kKey.size(), end - kKey.size())));
        if (!line.ends_with(',') && !kept.empty() && kept.back().ends_with(',')) {
          kept.back().pop_back();
        }
        continue;
      }
    }
    kept.emplace_back(line);
  }
  std::string out;
  for (size_t i = 0; i < kept.size(); ++i) out += (i > 0 ? "\n" : "") + kept[i];
  return out;
}

}  // namespace

Result<ImportSummary> ImportSchema(Session& session, analyzer::Catalog& catalog,
                                   const ImportOptions& options) {
  ImportSummary summary;
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
      if (create.values.empty()) continue;
      script += WithoutVerifyIndexes(
          create.values[0][1],
          fmt::format("{}.{}", analyzer::QuoteIdentifier(db), analyzer::QuoteIdentifier(row[0])),
          summary.ignored_indexes);
      script += ";\n";
    }
    const parser::ParseResult parsed = parser::Parse(script);
    catalog.Apply(parsed, fmt::format("{} (server)", db));
    // What the text filter missed (an index written another way) is still left out.
    for (const auto& row : tables.values) {
      analyzer::Table* t = catalog.FindTable(db, row[0]);
      if (t == nullptr) continue;
      std::erase_if(t->indexes, [&](const analyzer::Index& index) {
        if (!IsVerifyIndexName(index.name)) return false;
        summary.ignored_indexes.push_back(fmt::format("{}.{}", analyzer::QuoteTableName(*t),
                                                      analyzer::QuoteIdentifier(index.name)));
        return true;
      });
    }

    if (!options.statistics) continue;
    QADVISOR_ASSIGN_OR_RETURN(
        Session::Rows stats,
        session.Query(fmt::format("SELECT TABLE_NAME, TABLE_ROWS, DATA_LENGTH + INDEX_LENGTH "
                                  "FROM information_schema.TABLES "
                                  "WHERE TABLE_SCHEMA = {} AND TABLE_TYPE = 'BASE TABLE'",
                                  SqlString(db))));
    for (const auto& r : stats.values) {
      if (analyzer::Table* t = catalog.FindTable(db, r[0])) {
        t->rows = Number(r[1]);
        t->bytes = Number(r[2]);
      }
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
  return summary;
}

}  // namespace qadvisor::connectors
