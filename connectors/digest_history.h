// `digest --history DSN`: a digest's classes written to two tables of a MySQL-protocol server,
// modelled on pt-query-digest's --review and --history tables (docs/history.md has the schema
// and the semantics):
//  - qadvisor_query_review: one row per class (fingerprint, slowest sample, first and last
//    seen) with reviewed_by / reviewed_on / comments columns that a team fills and qadvisor
//    never writes after the row is made;
//  - qadvisor_query_history: one row per class, source label and time bucket with the bucket's
//    count, and sum, min, max and p95 of Query_time, Lock_time, Rows_sent and Rows_examined.
//
// Idempotent: a history row's figures are *replaced* by this run's, and the review row keeps
// the earliest first_seen, the latest last_seen and the slowest sample, so writing the same
// digest twice leaves the same rows. Only portable MySQL-protocol SQL is sent (CREATE TABLE IF
// NOT EXISTS, prepared INSERT … ON DUPLICATE KEY UPDATE with VALUES(), START TRANSACTION /
// COMMIT), so MySQL, MariaDB, TiDB and Vitess take it unchanged. Nothing outside the two
// tables, in the session's database, is read or written.
//
// Not thread-safe (it uses the caller's Session); exceptions never leave it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "analyzer/digest.h"
#include "base/status.h"
#include "connectors/session.h"

namespace qadvisor::connectors {

inline constexpr std::string_view kReviewTable = "qadvisor_query_review";
inline constexpr std::string_view kHistoryTable = "qadvisor_query_history";

// A bucket length: a whole number and a unit s, m, h, d or w (`1h`, `1d`), in microseconds.
// Fails with what was expected for anything else, zero included.
Result<int64_t> ParseHistoryBucket(std::string_view text);

// The two CREATE TABLE IF NOT EXISTS statements, in `database` (a backquoted name).
std::string HistorySchemaSql(std::string_view database);

struct HistoryOptions {
  std::string database;   // where the tables are (the DSN's database); required
  std::string source;     // the source label (a host name); required, at most 191 characters
  int64_t bucket_us = 0;  // must be the digest's DigestOptions::bucket_us
};

struct HistoryWritten {
  uint64_t classes = 0;     // review rows written
  uint64_t rows = 0;        // history rows written (one per class and bucket)
  uint64_t unbucketed = 0;  // events in no bucket (no timestamp): counted nowhere
};

// Creates the tables when missing and upserts every class of `digest` (grouped by fingerprint,
// made with the same bucket_us) in one transaction: all of it or, on an error, none of it.
Result<HistoryWritten> WriteHistory(Session& session, const analyzer::Digest& digest,
                                    const HistoryOptions& options);

}  // namespace qadvisor::connectors
