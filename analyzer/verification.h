// What `qadvisor verify` measured: for each proposal and each query class it serves, the plan
// and timing before the index, after it, and the verdict; and for the workload's writes of the
// proposal's table, their time before and after. Plain data, filled by
// connectors/verify and rendered by report/ (JSON field names in comments, docs/json-advise.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qadvisor::analyzer {

// One side (before or after) of a measurement: the proposal's table in EXPLAIN, and the time.
struct MeasuredPlan {
  std::string access_type;  // access_type: ALL, index, range, ref, eq_ref, const, …
  std::string key;          // key: the index the table was read by, or empty
  double rows = 0;          // rows: EXPLAIN's estimated rows examined (whole statement)
  // rows_read: rows actually read from the table, all loops, measured by the warm-up run
  // (MariaDB's ANALYZE FORMAT=JSON, MySQL's EXPLAIN ANALYZE); unknown when that failed.
  std::optional<double> rows_read;
  // handler_reads: rows and index entries the storage engine handed over during that run (the
  // session's Handler_read_% counters, before and after). Unlike rows_read it counts what a
  // rowid filter or an index merge read before it rejected, so two plans compare by it.
  std::optional<double> handler_reads;
  double filtered = 100;         // filtered: the table's percentage left after its condition
  bool using_index = false;      // using_index: the index alone answered (covering)
  bool using_filesort = false;   // using_filesort
  bool using_temporary = false;  // using_temporary
  double median_ms = 0;          // median_ms: median wall time of the timed runs
  int runs = 0;                  // runs: timed runs (after the warm-up run, an ANALYZE)
  bool timed_out = false;        // a run hit the statement time limit (median_ms is a floor)
};

enum class Verdict : unsigned char {
  kHelps,     // helps: faster (≥ 1.2×) or a better access path at equal speed
  kNoChange,  // no-change
  kHurts,     // hurts: slower (≤ 1/1.2) or the optimizer chose a worse plan
  kSkipped,   // skipped: nothing measured (not a query, not runnable, an error); see note
};
std::string_view VerdictName(Verdict verdict);  // "helps", "no-change", "hurts", "skipped"

struct QueryVerification {
  size_t proposal = 0;         // index into Advice::proposals
  std::string ddl;             // ddl: the statement that created the measured index
  std::string index_name;      // the recognisable name it was created under (qadv_…)
  std::string query_class;     // query_class: 16 hex digits
  std::string statement;       // statement: the SELECT that ran (parameters from the sample)
  std::string rewritten_from;  // rewritten_from: "UPDATE", "DELETE", "INSERT", or empty
  MeasuredPlan before, after;  // before, after
  double speedup = 0;          // speedup: before.median_ms / after.median_ms (0: unknown)
  Verdict verdict = Verdict::kSkipped;  // verdict
  std::string note;                     // note: why skipped, or what else a reader should know
};

// One write class of the workload that writes a proposal's table, run before the index and again
// after it, each run inside a transaction that is rolled back: what keeping the index up to date
// costs that statement. JSON: an entry of `verification_writes`.
struct WriteVerification {
  size_t proposal = 0;      // index into Advice::proposals
  std::string index_name;   // index_name: the index measured (qadv_…)
  std::string query_class;  // query_class: 16 hex digits
  std::string kind;         // statement_kind: "INSERT", "REPLACE", "UPDATE" or "DELETE"
  std::string statement;    // statement: the write that ran, as logged; empty when none did
  // rows_affected: the rows it changed, as the server counts them (ROW_COUNT()), in the warm-up
  // run before the index; unknown when it did not run.
  std::optional<uint64_t> rows_affected;
  std::optional<double> before_ms;  // before_ms: the median of the timed runs without the index
  std::optional<double> after_ms;   // after_ms: the same with it
  int runs = 0;                     // runs: timed runs per side, after a warm-up run
  bool timed_out = false;  // timed_out: a run reached the time limit; its side's median is a floor
  std::string note;        // note: why it was not measured ("not measured: …"), or what else

  // added_ms: after − before, what the index adds to one run of the statement (negative within
  // timer noise); unknown when a side was not measured or timed out.
  std::optional<double> AddedMs() const;
};

// A proposal's verdict from its queries': hurts if one hurts, else helps if one helps, else
// no-change (skipped queries do not count; all skipped: skipped).
Verdict ProposalVerdict(const std::vector<QueryVerification>& all, size_t proposal);

// How the verification ran, for the report's header.
struct VerificationRun {
  std::string server;  // "MariaDB 10.11.6 (sandbox)" or "root@127.0.0.1:3306/shop"
  bool sandbox = false;
  unsigned long long rows_per_table = 0;  // sandbox: rows generated for tables without stats
  int runs = 0;
  double time_limit_seconds = 0;
  std::vector<QueryVerification> queries;  // proposal order, then each proposal's classes
  std::vector<WriteVerification> writes;   // proposal order, then each proposal's write classes
  // writes_not_run: why no write ran at all (a server without --allow-writes, MySQL), else empty.
  std::string writes_not_run;
  std::vector<std::string> notes;  // what the reader should know (skipped tables, …)
};

}  // namespace qadvisor::analyzer
