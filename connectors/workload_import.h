// The workload from a server, for when no slow log is at hand: the rows of mysql.slow_log
// (log_output=TABLE) as slow-log events, or performance_schema's statement summary
// (events_statements_summary_by_digest) as whole query classes — into the same Digest that
// slow-log files fill, so `advise` ranks, samples and reports them alike.
//
// Contract:
//  - Reads only: SELECTs on those two tables, information_schema.COLUMNS and server variables.
//  - mysql.slow_log: each row is one event, as its slow-log entry would be (Query_time,
//    Lock_time, Rows_sent, Rows_examined, Rows_affected in seconds or rows; user, host, db,
//    start time); the source is named "mysql.slow_log" and an event's offset and line are its
//    row number. With more rows than max_rows, the newest max_rows are read.
//  - performance_schema: each row is one class of COUNT_STAR executions (Digest::AddSummary);
//    the sample is QUERY_SAMPLE_TEXT where the server keeps it (MySQL 8.0.3+), else the digest
//    text with `?` for its values. Rows without a digest text (statements past
//    performance_schema_digests_size) and digest texts cut short by max_digest_length are
//    skipped and reported as issues. With more rows than max_rows, the costliest are read.
//  - Errors say what to change on the server: performance_schema off, the slow log not written
//    to the table, a missing privilege, an empty table. The caller names the server.
//  - Not thread-safe, as the Session it uses.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/digest.h"
#include "analyzer/digest_runner.h"
#include "base/status.h"
#include "connectors/session.h"

namespace qadvisor::connectors {

enum class WorkloadSource { kPerformanceSchema, kSlowLogTable };

struct WorkloadOptions {
  WorkloadSource source = WorkloadSource::kSlowLogTable;
  // Statements whose default database is one of these; empty: every default database but the
  // system schemas. Statements run without a default database are left out either way: they
  // are mostly tools and monitoring, qadvisor's own reads of these tables among them.
  std::vector<std::string> databases;
  uint64_t max_rows = 1'000'000;  // rows read at most
  analyzer::DigestOptions digest;
};

// "performance_schema" or "slow_log_table", as `--workload` takes them; false for others.
bool ParseWorkloadSource(std::string_view name, WorkloadSource* source);
// The table a source reads, as DigestRun::files names it: "mysql.slow_log" or
// "performance_schema.events_statements_summary_by_digest".
std::string_view WorkloadTable(WorkloadSource source);

// The workload as a digest run: files holds the table's name, bytes the statement text read,
// skipped and issues the rows left out and why.
Result<analyzer::DigestRun> ImportWorkload(Session& session, const WorkloadOptions& options);
// The same, added to `run` (the table appended to its files): a workload from log files and a
// server together. `run.digest` must have been made with the same DigestOptions.
Status ImportWorkloadInto(Session& session, const WorkloadOptions& options,
                          analyzer::DigestRun& run);

// A digest text made into SQL the parser reads: `(...)` becomes `(?)`, `?, ...` becomes
// `?, ?`, `/* , ... */` (further rows of a VALUES list) goes, and MariaDB's interval units
// `SQL_TSI_DAY`, … lose their prefix. Backquoted identifiers are left as they are.
// Fingerprints then match those of the statements the digest stands for.
std::string DigestTextToSql(std::string_view digest_text);

// Whether a digest text was cut short because its tokens filled `max_digest_length` bytes
// (the smaller of max_digest_length and performance_schema_max_digest_length). MariaDB 10.11
// marks no truncation in the text (measured), so the stored token bytes are estimated from
// the text — 2 bytes a token, 4 plus its length an identifier — and a text within one
// identifier (68 bytes) of the limit counts as cut; a text ending in a bare `...` (the mark
// of servers that add one) too.
bool DigestTextTruncated(std::string_view digest_text, uint64_t max_digest_length);

}  // namespace qadvisor::connectors
