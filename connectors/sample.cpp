// Rows sampled from a server into a sandbox (see sample.h).
#include "connectors/sample.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>

namespace qadvisor::connectors {
namespace {

// One column's value as the SQL text of a literal, computed by the source server: the word
// NULL, a quoted string (QUOTE escapes what needs escaping), X'…' for bytes that may not be
// valid in the connection's charset, or a geometry rebuilt from its WKB.
std::string ValueExpression(const analyzer::Column& column) {
  const std::string c = analyzer::QuoteIdentifier(column.name);
  switch (column.family) {
    case analyzer::TypeFamily::kBinary:
      return fmt::format("IF({0} IS NULL, 'NULL', CONCAT('X''', HEX({0}), ''''))", c);
    case analyzer::TypeFamily::kBit:
      return fmt::format("IF({0} IS NULL, 'NULL', CONCAT('b''', BIN({0} + 0), ''''))", c);
    case analyzer::TypeFamily::kSpatial:
      return fmt::format(
          "IF({0} IS NULL, 'NULL', CONCAT('ST_GeomFromWKB(X''', HEX(ST_AsBinary({0})), ''')'))", c);
    default:
      return fmt::format("QUOTE({})", c);
  }
}

std::string TableIn(const analyzer::Table& table, std::string_view database) {
  return database.empty()
             ? analyzer::QuoteTableName(table)
             : analyzer::QuoteIdentifier(database) + "." + analyzer::QuoteIdentifier(table.name);
}

}  // namespace

std::string SampleSelect(const analyzer::Table& table, std::string_view database, double fraction,
                         uint64_t rows) {
  std::string values;
  for (const analyzer::Column& column : table.columns) {
    if (!column.generated.empty()) continue;
    values += (values.empty() ? "" : ", ',', ") + ValueExpression(column);
  }
  std::string sql =
      fmt::format("SELECT CONCAT('(', {}, ')') FROM {}", values, TableIn(table, database));
  if (fraction < 1) sql += fmt::format(" WHERE RAND() < {:.9g}", fraction);
  sql += fmt::format(" LIMIT {}", rows);
  return sql;
}

Result<std::vector<SampledTable>> CopySample(
    Session& source, Session& sandbox, const analyzer::Catalog& catalog,
    const SampleOptions& options,
    const std::function<void(std::string_view table, uint64_t rows)>& progress) {
  QADVISOR_RETURN_IF_ERROR(sandbox.Execute("SET SESSION foreign_key_checks=0, unique_checks=0"));
  std::vector<SampledTable> copied;
  for (const analyzer::Table& table : catalog.tables()) {
    const std::string database =
        options.source_database.empty() ? table.database : options.source_database;
    QADVISOR_ASSIGN_OR_RETURN(
        Session::Rows found,
        source.Query(fmt::format("SELECT TABLE_ROWS FROM information_schema.TABLES WHERE "
                                 "TABLE_SCHEMA = {} AND TABLE_NAME = {} AND TABLE_TYPE = 'BASE "
                                 "TABLE'",
                                 SqlString(database), SqlString(table.name))));
    if (found.values.empty()) continue;  // the source does not have it
    uint64_t estimate = 0;
    const std::string& text = found.values[0][0];
    std::from_chars(text.data(), text.data() + text.size(), estimate);
    // A little more than needed, so that LIMIT rather than chance sets the count.
    const double fraction =
        estimate <= options.rows ? 1.0 : std::min(1.0, 1.2 * options.rows / estimate);
    std::string select = SampleSelect(table, database, fraction, options.rows);
    if (source.mariadb()) {
      select = fmt::format("SET STATEMENT max_statement_time={} FOR {}", options.time_limit_seconds,
                           select);
    }
    QADVISOR_RETURN_IF_ERROR(source.Execute("START TRANSACTION READ ONLY"));
    Result<Session::Rows> rows = source.Query(select);
    (void)source.Execute("COMMIT");
    if (!rows.ok()) {
      return Status(rows.status().code(),
                    fmt::format("sampling {}.{} from the source: {}", database, table.name,
                                rows.status().message()));
    }
    std::string columns;
    for (const analyzer::Column& column : table.columns) {
      if (!column.generated.empty()) continue;
      columns += (columns.empty() ? "" : ", ") + analyzer::QuoteIdentifier(column.name);
    }
    const std::string head =
        fmt::format("INSERT INTO {} ({}) VALUES ", analyzer::QuoteTableName(table), columns);
    std::string insert = head;
    const auto flush = [&]() -> Status {
      if (insert.size() == head.size()) return Status::Ok();
      Status s = sandbox.Execute(insert);
      insert = head;
      if (!s.ok()) {
        return Status(s.code(), fmt::format("copying the sample of {} into the sandbox: {}",
                                            table.QualifiedName(), s.message()));
      }
      return Status::Ok();
    };
    for (const std::vector<std::string>& row : rows->values) {
      if (insert.size() > head.size()) insert += ',';
      insert += row[0];
      if (insert.size() >= options.batch_bytes) QADVISOR_RETURN_IF_ERROR(flush());
    }
    QADVISOR_RETURN_IF_ERROR(flush());
    Result<Session::Rows> analyzed =
        sandbox.Query("ANALYZE TABLE " + analyzer::QuoteTableName(table));
    if (!analyzed.ok()) return analyzed.status();
    copied.push_back({table.QualifiedName(), rows->values.size()});
    if (progress) progress(table.QualifiedName(), rows->values.size());
  }
  return copied;
}

}  // namespace qadvisor::connectors
