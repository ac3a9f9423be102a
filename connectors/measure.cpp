// One SELECT measured: plan, rows read, median time (see measure.h).
#include "connectors/measure.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <vector>

#include "analyzer/catalog.h"
#include "connectors/safe_query.h"

namespace qadvisor::connectors {
namespace {

using analyzer::MeasuredPlan;

// The sum of the session's Handler_read_% counters, or nullopt when the server does not say.
std::optional<double> HandlerReads(Session& session) {
  Result<Session::Rows> rows = session.Query("SHOW SESSION STATUS LIKE 'Handler\\_read\\_%'");
  if (!rows.ok() || rows->values.empty()) return std::nullopt;
  double sum = 0;
  for (const std::vector<std::string>& row : rows->values) {
    if (row.size() < 2) continue;
    char* end = nullptr;
    const double v = std::strtod(row[1].c_str(), &end);
    if (end != row[1].c_str()) sum += v;
  }
  return sum;
}

Result<MeasuredPlan> MeasureInTransaction(Session& session, std::string_view sql,
                                          std::span<const std::string> aliases,
                                          std::string_view index, const MeasureOptions& options) {
  const bool mariadb = session.mariadb();
  const double limit = options.time_limit_seconds;
  QADVISOR_ASSIGN_OR_RETURN(
      Session::Rows rows, session.Query(ExplainStatement(sql, mariadb, /*analyze=*/false, limit)));
  if (rows.values.empty() || rows.values[0].empty()) {
    return Status(StatusCode::kInternal, "EXPLAIN returned no plan");
  }
  QADVISOR_ASSIGN_OR_RETURN(Plan plan, ReadExplainJson(rows.values[0][0]));
  MeasuredPlan m;
  m.rows = plan.RowsExamined();
  m.using_filesort = plan.using_filesort;
  m.using_temporary = plan.using_temporary;
  if (const PlanTable* chosen = PlanEntry(plan, aliases, index); chosen != nullptr) {
    m.access_type = chosen->access_type;
    m.key = chosen->key;
    m.filtered = chosen->filtered;
    m.using_index = chosen->using_index;
  }

  // The warm-up run measures what it reads: ANALYZE executes the statement like a run does.
  const std::string analyze = ExplainStatement(sql, mariadb, /*analyze=*/true, limit);
  const std::optional<double> reads_before = HandlerReads(session);
  Result<Session::Rows> analyzed = session.Query(analyze);
  if (analyzed.ok()) {
    // What reading the counters itself adds, counted by reading them twice.
    const std::optional<double> reads_after = HandlerReads(session);
    const std::optional<double> reads_again = HandlerReads(session);
    if (reads_before && reads_after && reads_again) {
      m.handler_reads =
          std::max(0.0, (*reads_after - *reads_before) - (*reads_again - *reads_after));
    }
    if (!analyzed->values.empty() && !analyzed->values[0].empty()) {
      const std::string& text = analyzed->values[0][0];
      Result<Plan> measured = mariadb ? ReadExplainJson(text) : ReadExplainTree(text);
      const PlanTable* t = measured.ok() ? PlanEntry(*measured, aliases, index) : nullptr;
      if (t != nullptr && t->r_rows) m.rows_read = *t->r_rows * t->r_loops.value_or(1);
    }
  } else if (TimedOut(session)) {
    m.timed_out = true;
    m.median_ms = limit * 1000;
    return m;
  } else if (session.connection_lost()) {
    return analyzed.status();
  }  // else (ANALYZE not allowed, say): the timed runs below still warm up

  const std::string limited = WithTimeLimit(sql, mariadb, limit);
  std::vector<double> times;
  for (int run = 1; run <= options.runs; ++run) {
    if (options.interrupted != nullptr && options.interrupted->load()) break;
    const auto start = std::chrono::steady_clock::now();
    Result<uint64_t> read = session.Consume(limited);
    const std::chrono::duration<double, std::milli> took = std::chrono::steady_clock::now() - start;
    if (!read.ok()) {
      if (!TimedOut(session)) return read.status();
      m.timed_out = true;
      times.assign(1, limit * 1000);
      break;
    }
    times.push_back(took.count());
  }
  if (times.empty()) return Status(StatusCode::kInternal, "interrupted before a timed run");
  std::sort(times.begin(), times.end());
  const size_t n = times.size();
  m.median_ms = n % 2 == 1 ? times[n / 2] : (times[n / 2 - 1] + times[n / 2]) / 2;
  m.runs = m.timed_out ? 0 : static_cast<int>(n);
  return m;
}

}  // namespace

bool TimedOut(const Session& session) {
  return session.last_error() == 1969 || session.last_error() == 3024;
}

const PlanTable* PlanEntry(const Plan& plan, std::span<const std::string> aliases,
                           std::string_view index) {
  const PlanTable* chosen = nullptr;
  for (const PlanTable& t : plan.tables) {
    const bool ours = std::any_of(aliases.begin(), aliases.end(),
                                  [&](const std::string& a) { return a == t.table; });
    if (!ours) continue;
    if (chosen == nullptr || (t.key == index && chosen->key != index)) chosen = &t;
  }
  return chosen;
}

Result<MeasuredPlan> MeasureSelect(Session& session, std::string_view database,
                                   std::string_view sql, std::span<const std::string> aliases,
                                   std::string_view index, const MeasureOptions& options) {
  QADVISOR_RETURN_IF_ERROR(CheckReadOnlySelect(sql));
  if (!database.empty()) {
    QADVISOR_RETURN_IF_ERROR(session.Execute("USE " + analyzer::QuoteIdentifier(database)));
  }
  QADVISOR_RETURN_IF_ERROR(session.Execute("START TRANSACTION READ ONLY"));
  Result<MeasuredPlan> measured = MeasureInTransaction(session, sql, aliases, index, options);
  const Status commit = session.Execute("COMMIT");
  if (!measured.ok()) return measured;
  QADVISOR_RETURN_IF_ERROR(commit);
  return measured;
}

}  // namespace qadvisor::connectors
