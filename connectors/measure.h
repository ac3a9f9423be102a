// Measures one read-only SELECT on a server the way verify reports it: its plan (EXPLAIN
// FORMAT=JSON), the rows it really reads (one ANALYZE run, which is also the warm-up), and the
// median wall time of `runs` timed runs.
//
// Safety: the statement must pass CheckReadOnlySelect (safe_query.h), checked here right before
// it is sent; everything runs inside START TRANSACTION READ ONLY, each statement under the time
// limit (WithTimeLimit). A run that hits the limit ends the measurement: `timed_out`, and the
// median is the limit (a floor). `interrupted` is checked between runs.
//
// Not thread-safe: one measurement per session at a time.
#pragma once

#include <atomic>
#include <span>
#include <string>
#include <string_view>

#include "analyzer/verification.h"
#include "base/status.h"
#include "connectors/explain.h"
#include "connectors/session.h"

namespace qadvisor::connectors {

struct MeasureOptions {
  int runs = 5;                    // timed runs after the warm-up
  double time_limit_seconds = 30;  // per statement
  const std::atomic<bool>* interrupted = nullptr;
};

// Server errors a statement time limit raises: MariaDB 1969 (max_statement_time), MySQL 3024
// (max_execution_time).
bool TimedOut(const Session& session);

// The plan's entry for the table the query names `aliases` (an alias, else its name): the one
// read by `index` when the table appears more than once and one entry is; nullptr when none.
const PlanTable* PlanEntry(const Plan& plan, std::span<const std::string> aliases,
                           std::string_view index);

// Measures `sql` in `database` (none: the session's). The plan fields of the result (access
// type, key, filtered, covering, rows read) are those of PlanEntry(plan, aliases, index).
Result<analyzer::MeasuredPlan> MeasureSelect(Session& session, std::string_view database,
                                             std::string_view sql,
                                             std::span<const std::string> aliases,
                                             std::string_view index, const MeasureOptions& options);

}  // namespace qadvisor::connectors
