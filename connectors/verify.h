// Proves (or refutes) the advisor's proposals on a real server: for each proposal and the query
// classes it serves, EXPLAIN FORMAT=JSON and the median of N timed runs before the index, then
// the index is created under a recognisable name (`qadv_…`), the same is measured after, and the
// index is dropped again. With VerifyOptions::allow_writes, the heaviest write classes of the
// workload that write the proposal's table are timed too, before and after, each run inside a
// transaction that is rolled back (write_probe.h): what maintaining the index costs them.
//
// Safety, in this order:
//  - the query classes a proposal serves run as SELECT only: each sample goes through
//    safe_query's ToReadOnlySelect (UPDATE / DELETE / INSERT … SELECT become the SELECT that
//    reads the same rows; anything else is skipped with a reason) and CheckReadOnlySelect right
//    before it is sent; reads run inside START TRANSACTION READ ONLY on a connection without
//    multi-statements;
//  - writes run only with allow_writes (the caller sets it for its own sandbox, or when the
//    user allowed it), only on MariaDB (MySQL has no time limit for them), each as logged, after
//    safe_query's write gate (ToWrite / CheckWrite), on InnoDB tables without triggers and
//    without calls of stored or loadable functions (write_probe's WriteRefusal), every run as
//    START TRANSACTION; <write>; ROLLBACK — rolled back also when it fails, times out, or the
//    run is interrupted; a write's own error (a duplicate key) is reported for that class and
//    the run goes on;
//  - every statement carries a time limit (MariaDB SET STATEMENT max_statement_time, MySQL's
//    MAX_EXECUTION_TIME hint);
//  - DDL runs only when VerifyOptions::allow_ddl says so; the only DDL is ADD INDEX / DROP INDEX
//    of indexes named with the prefix, identifiers quoted; every index created is dropped again,
//    also when a step fails or `interrupted` is set (Ctrl-C); what could not be dropped (the
//    connection was lost) is returned as DDL for the user, and CleanupIndexes() removes it on a
//    later run.
//
// Not thread-safe: one Verify per session at a time.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/advisor.h"
#include "analyzer/catalog.h"
#include "analyzer/verification.h"
#include "base/status.h"
#include "connectors/session.h"
#include "parser/parser.h"

namespace qadvisor::connectors {

inline constexpr std::string_view kIndexPrefix = "qadv_";
// Whether an index is one verify creates: its name starts with kIndexPrefix, in any case
// (index names compare case-insensitively, as CleanupIndexes finds them).
bool IsVerifyIndexName(std::string_view name);

struct VerifyOptions {
  int runs = 5;                         // timed runs per side, after one warm-up run
  double time_limit_seconds = 30;       // per statement
  size_t max_queries_per_proposal = 5;  // the heaviest classes a proposal serves; as many writes
  bool allow_ddl = false;               // without it nothing is created: Verify() refuses
  // Time the workload's writes of each proposal's table (see above). Without it none runs, and
  // VerifyOutcome::writes_not_run says why.
  bool allow_writes = false;
  // Where statements run when the proposal's table names no database: the sandbox's database,
  // or the one the DSN names. The sample's own database comes last: a slow log from
  // production may name a database the server measured on does not have.
  std::string default_database;
  // Tables whose proposals are not measured, as `db.table` (default_database for a table that
  // names none), with why: the sandbox could not fill them.
  std::map<std::string, std::string> unmeasured_tables;
  parser::ParseOptions parse;
  // Called before each step: "proposal 2/5: measuring 3f2a… before", …
  std::function<void(std::string_view step)> progress;
  // Set by a signal handler: the run stops at the next step and cleans up.
  const std::atomic<bool>* interrupted = nullptr;
};

// The statement to run for a query class: its slowest sample (or a digest text whose `?`
// placeholders Verify fills before it runs) and the database it ran in.
struct ClassSample {
  std::string query;
  std::string database;
  // The class's total time in millionths of a second (or its count, for SQL files): the
  // heaviest write classes of a table are the ones timed.
  int64_t weight = 0;
};

struct VerifyOutcome {
  std::vector<analyzer::QueryVerification> queries;
  std::vector<analyzer::WriteVerification> writes;
  std::string writes_not_run;  // why no write ran at all, or empty
  // DROP INDEX statements for indexes that were created and could not be dropped (the
  // connection was lost): empty after a clean run, an error, or an interruption that could
  // still talk to the server.
  std::vector<std::string> left_to_clean;
  // Ok, or why the run stopped early (connection lost, interrupted, DDL refused). The queries
  // measured until then are kept.
  Status status;
};

VerifyOutcome Verify(Session& session, const analyzer::Catalog& catalog,
                     const analyzer::Advice& advice,
                     const std::map<std::string, ClassSample>& samples,
                     const VerifyOptions& options);

// Drops every index whose name starts with kIndexPrefix in `databases` (empty: every database
// but the system ones) — what a crashed run left behind. Returns the statements it ran.
Result<std::vector<std::string>> CleanupIndexes(Session& session,
                                                const std::vector<std::string>& databases);

// The ADD INDEX statement Verify runs for a proposal: its key parts under `name`, online where
// the server can (MariaDB rejects the comma-less CREATE INDEX … ALGORITHM form, so ALTER TABLE).
std::string AddIndexStatement(const analyzer::IndexProposal& proposal, std::string_view name);

// A digest text (performance_schema's, with `?` and `(...)` for its values) made runnable:
// FillPlaceholders, then each generic '1' compared directly with a column of the catalog becomes
// a value of that column's type — a date for DATE / DATETIME / TIMESTAMP (and DATE(col)), a
// time, a year, a UUID, an INET6 / INET4 address, a bit — which a quoted '1' is not (an invalid
// date compares as something else, and the plan may not search that column's index).
// `database` resolves unqualified tables.
std::string FillDigest(std::string_view digest, const analyzer::Catalog& catalog,
                       std::string_view database, const parser::ParseOptions& options = {});

// The verdict for one measurement (analyzer/verification.h). When the new index is not used and
// the table is read as before (same access type, key, rows read, sort, temporary table and
// covering), the index changed nothing: no change, whatever the clock says. Otherwise, when the
// medians differ by more than timer noise (0.5 ms), time decides: ≥ 1.2× faster helps, ≥ 1.2×
// slower hurts, else no change. Within the noise the plan decides: through the new index, half the
// rows or fewer, a sort or temporary table gone, or the index now covering helps; else no change.
analyzer::Verdict Judge(const analyzer::MeasuredPlan& before, const analyzer::MeasuredPlan& after,
                        bool new_index_used);

}  // namespace qadvisor::connectors
