// Rows sampled from a real server into a sandbox (`verify --sandbox --sample-from DSN`): for each
// catalog table the source has, up to `rows` of its rows, read with one SELECT in a read-only
// transaction and written into the same table of the sandbox.
//
// The SELECT has the server quote every value (QUOTE(), hexadecimal for binary, WKB for
// spatial columns), so each row arrives as a ready VALUES tuple and no value is ever
// interpreted on the way; generated columns are left for the sandbox to compute. A table
// larger than `rows` is sampled with `WHERE RAND() < fraction` (a scan of the source table,
// without a sort), smaller ones are copied whole.
//
// Not thread-safe; the sessions are the caller's.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/catalog.h"
#include "base/status.h"
#include "connectors/session.h"

namespace qadvisor::connectors {

struct SampleOptions {
  uint64_t rows = 200000;           // most rows copied per table
  size_t batch_bytes = 1 << 20;     // INSERT statements into the sandbox stay below this
  std::string source_database;      // read tables from this database (else each table's own)
  double time_limit_seconds = 600;  // per SELECT on the source (MariaDB max_statement_time)
};

struct SampledTable {
  std::string table;  // Table::QualifiedName()
  uint64_t rows = 0;  // rows copied
};

// The tables copied, in catalog order; tables the source does not have are left out (the
// caller generates rows for them). Errors name the table and the server that failed.
Result<std::vector<SampledTable>> CopySample(
    Session& source, Session& sandbox, const analyzer::Catalog& catalog,
    const SampleOptions& options,
    const std::function<void(std::string_view table, uint64_t rows)>& progress = {});

// The SELECT that reads `table` as VALUES tuples, "(…)" per row — exposed for tests.
std::string SampleSelect(const analyzer::Table& table, std::string_view database, double fraction,
                         uint64_t rows);

}  // namespace qadvisor::connectors
