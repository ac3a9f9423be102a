// The optimizer's index choice, second-guessed on the server (see index_choice.h).
#include "connectors/index_choice.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>

#include "analyzer/access.h"
#include "connectors/safe_query.h"
#include "connectors/verify.h"
#include "parser/keywords.h"

namespace qadvisor::connectors {
namespace {

using analyzer::MeasuredPlan;

constexpr double kNoiseMs = 0.5;  // timer noise: a smaller difference decides nothing

std::optional<uint64_t> ToCount(std::string_view text) {
  uint64_t n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return n;
}

// Whether `forced` beats `chosen` as index_choice.h says: `min_speedup` times faster, by more
// than the noise, reading fewer rows (a chosen plan that hit the time limit read at least as
// many as the forced one that did not).
bool Beats(const MeasuredPlan& forced, const MeasuredPlan& chosen, double min_speedup) {
  if (forced.timed_out || forced.runs == 0) return false;
  if (forced.median_ms * min_speedup > chosen.median_ms) return false;
  if (chosen.median_ms - forced.median_ms <= kNoiseMs) return false;
  if (chosen.timed_out) return true;
  const std::optional<double> f = ComparableReads(forced, chosen);
  const std::optional<double> c = ComparableReads(chosen, forced);
  return f && c && *f < *c;
}

class Checker {
 public:
  Checker(Session& session, const analyzer::Catalog& catalog, const IndexChoiceOptions& options)
      : session_(session), catalog_(catalog), options_(options) {}

  bool Interrupted() const {
    return options_.measure.interrupted != nullptr && options_.measure.interrupted->load();
  }

  // Every table of one class whose choice can be compared.
  Status CheckClass(const ClassToCheck& c, IndexChoiceOutcome& out) {
    std::string database = options_.default_database;
    if (database.empty()) database = c.database;
    const std::string text = FillDigest(c.query, catalog_, database, options_.parse);
    Result<RunnableQuery> runnable = ToReadOnlySelect(text, options_.parse);
    if (!runnable.ok()) {
      out.skipped.push_back(
          fmt::format("class {}: not run: {}", c.id, runnable.status().message()));
      return Status::Ok();
    }
    const std::string& sql = runnable->sql;
    const parser::ParseResult parsed = parser::Parse(sql, options_.parse);
    if (parsed.statements().size() != 1) return Status::Ok();
    const analyzer::QueryModel model =
        analyzer::Bind(*parsed.statements().front(), catalog_, database, parsed.text());
    for (const analyzer::QueryBlock& block : model.blocks) {
      for (size_t t = 0; t < block.tables.size(); ++t) {
        const analyzer::TableUse& use = block.tables[t];
        if (use.table == nullptr || use.view != nullptr || !use.hint_indexes.empty()) continue;
        const std::vector<const analyzer::Index*> usable =
            UsableIndexes(block, static_cast<int>(t));
        if (usable.size() < 2) continue;
        if (Interrupted()) return Status::Ok();
        IndexChoice choice;
        choice.query_class = c.id;
        choice.table = use.table;
        choice.alias = use.alias;
        choice.statement = sql;
        if (text != c.query) choice.note = "parameters filled in for the digest's `?`";
        QADVISOR_RETURN_IF_ERROR(Compare(database, use, usable, choice));
        out.choices.push_back(std::move(choice));
      }
    }
    return Status::Ok();
  }

 private:
  void Progress(std::string_view step) const {
    if (options_.progress) options_.progress(step);
  }

  // A measurement that failed: the connection lost stops the check; anything else is a note.
  Status Failed(const Status& status, IndexChoice& choice, std::string_view what) {
    if (session_.connection_lost()) return status;
    choice.note += fmt::format("{}{}: {}", choice.note.empty() ? "" : "; ", what, status.message());
    return Status::Ok();
  }

  Status Compare(const std::string& database, const analyzer::TableUse& use,
                 const std::vector<const analyzer::Index*>& usable, IndexChoice& choice) {
    const std::vector<std::string> aliases = {use.alias};
    Progress(fmt::format("index choice: class {}, `{}` as the optimizer reads it",
                         choice.query_class, use.table->name));
    Result<MeasuredPlan> chosen =
        MeasureSelect(session_, database, choice.statement, aliases, "", options_.measure);
    if (!chosen.ok()) return Failed(chosen.status(), choice, "as chosen");
    choice.chosen = *chosen;
    for (const analyzer::Index* index : usable) {
      if (parser::EqualsIgnoreCase(index->name, choice.chosen.key)) continue;
      if (Interrupted()) return Status::Ok();
      Progress(fmt::format("index choice: class {}, `{}` by `{}`", choice.query_class,
                           use.table->name, index->name));
      const std::string forced_sql = ForceIndex(choice.statement, use.span, index->name);
      Result<MeasuredPlan> forced =
          MeasureSelect(session_, database, forced_sql, aliases, index->name, options_.measure);
      if (!forced.ok()) {
        QADVISOR_RETURN_IF_ERROR(Failed(forced.status(), choice, "FORCE INDEX " + index->name));
        continue;
      }
      // The server could not read the table by it after all (FORCE INDEX only forbids a scan).
      if (!parser::EqualsIgnoreCase(forced->key, index->name)) continue;
      choice.forced.push_back(*forced);
    }
    for (size_t i = 0; i < choice.forced.size(); ++i) {
      if (!Beats(choice.forced[i], choice.chosen, options_.min_speedup)) continue;
      if (choice.better < 0 || choice.forced[i].median_ms < choice.Better()->median_ms) {
        choice.better = static_cast<int>(i);
      }
    }
    if (choice.better < 0) return Status::Ok();
    QADVISOR_RETURN_IF_ERROR(ReadStatistics(*use.table, choice));
    if (options_.allow_analyze && !Interrupted()) {
      QADVISOR_RETURN_IF_ERROR(Analyze(database, *use.table, aliases, choice));
    }
    return Status::Ok();
  }

  // A number the server counts within the time limit, read-only; nullopt when it did not
  // finish in time (or failed: then the connection is checked by the caller's next step).
  std::optional<uint64_t> Count(const std::string& select) {
    if (!CheckReadOnlySelect(select).ok()) return std::nullopt;
    if (!session_.Execute("START TRANSACTION READ ONLY").ok()) return std::nullopt;
    Result<Session::Rows> rows = session_.Query(
        WithTimeLimit(select, session_.mariadb(), options_.measure.time_limit_seconds));
    (void)session_.Execute("COMMIT");
    if (!rows.ok() || rows->values.empty() || rows->values[0].empty()) return std::nullopt;
    return ToCount(rows->values[0][0]);
  }

  std::string TableDatabase(const analyzer::Table& table) const {
    return table.database.empty() ? options_.default_database : table.database;
  }

  Status ReadStatistics(const analyzer::Table& table, IndexChoice& choice) {
    Progress(fmt::format("index choice: `{}`'s statistics beside the real counts", table.name));
    const std::string db = TableDatabase(table);
    const std::string qualified =
        db.empty() ? analyzer::QuoteIdentifier(table.name)
                   : analyzer::QuoteIdentifier(db) + "." + analyzer::QuoteIdentifier(table.name);
    Result<Session::Rows> estimate = session_.Query(
        fmt::format("SELECT TABLE_ROWS FROM information_schema.TABLES WHERE TABLE_SCHEMA = {} AND "
                    "TABLE_NAME = {}",
                    db.empty() ? "DATABASE()" : HexLiteral(db), HexLiteral(table.name)));
    if (!estimate.ok() && session_.connection_lost()) return estimate.status();
    if (estimate.ok() && !estimate->values.empty() && !estimate->values[0].empty()) {
      choice.statistics.estimated_rows = ToCount(estimate->values[0][0]);
    }
    choice.statistics.counted_rows = Count("SELECT COUNT(*) FROM " + qualified);
    for (const std::string& name : {choice.chosen.key, choice.Better()->key}) {
      const analyzer::Index* index = table.FindIndex(name);
      if (index == nullptr || index->parts.empty() || index->parts[0].column.empty()) continue;
      IndexStatistic s;
      s.index = index->name;
      s.column = index->parts[0].column;
      Result<Session::Rows> cardinality = session_.Query(fmt::format(
          "SELECT CARDINALITY FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = {} AND "
          "TABLE_NAME = {} AND INDEX_NAME = {} AND SEQ_IN_INDEX = 1",
          db.empty() ? "DATABASE()" : HexLiteral(db), HexLiteral(table.name),
          HexLiteral(index->name)));
      if (!cardinality.ok() && session_.connection_lost()) return cardinality.status();
      if (cardinality.ok() && !cardinality->values.empty() && !cardinality->values[0].empty()) {
        s.cardinality = ToCount(cardinality->values[0][0]);
      }
      s.counted = Count(fmt::format("SELECT COUNT(DISTINCT {}) FROM {}",
                                    analyzer::QuoteIdentifier(s.column), qualified));
      choice.statistics.indexes.push_back(std::move(s));
    }
    return Status::Ok();
  }

  Status Analyze(const std::string& database, const analyzer::Table& table,
                 const std::vector<std::string>& aliases, IndexChoice& choice) {
    const std::string db = TableDatabase(table);
    std::string statement = "ANALYZE NO_WRITE_TO_BINLOG TABLE ";
    statement += db.empty()
                     ? analyzer::QuoteIdentifier(table.name)
                     : analyzer::QuoteIdentifier(db) + "." + analyzer::QuoteIdentifier(table.name);
    if (session_.mariadb()) {
      // Engine-independent statistics with histograms on the columns the two indexes lead with.
      std::string columns, indexes;
      for (const IndexStatistic& s : choice.statistics.indexes) {
        if (columns.find(analyzer::QuoteIdentifier(s.column)) == std::string::npos) {
          columns += (columns.empty() ? "" : ", ") + analyzer::QuoteIdentifier(s.column);
        }
        indexes += (indexes.empty() ? "" : ", ") + analyzer::QuoteIdentifier(s.index);
      }
      if (!columns.empty()) {
        statement += fmt::format(" PERSISTENT FOR COLUMNS ({}) INDEXES ({})", columns, indexes);
      }
    }
    Progress("index choice: " + statement);
    // ANALYZE TABLE answers with a result set (Table, Op, Msg_type, Msg_text).
    Result<Session::Rows> analyzed = session_.Query(statement);
    if (!analyzed.ok()) return Failed(analyzed.status(), choice, "ANALYZE TABLE");
    choice.analyze = statement;
    Result<MeasuredPlan> after =
        MeasureSelect(session_, database, choice.statement, aliases, "", options_.measure);
    if (!after.ok()) return Failed(after.status(), choice, "after ANALYZE TABLE");
    choice.after_analyze = *after;
    return Status::Ok();
  }

  Session& session_;
  const analyzer::Catalog& catalog_;
  const IndexChoiceOptions& options_;
};

}  // namespace

std::optional<double> ComparableReads(const MeasuredPlan& m, const MeasuredPlan& other) {
  return m.handler_reads && other.handler_reads ? m.handler_reads : m.rows_read;
}

bool IndexChoice::FixedByAnalyze() const {
  const MeasuredPlan* b = Better();
  return b != nullptr && after_analyze && parser::EqualsIgnoreCase(after_analyze->key, b->key);
}

std::string ForceIndex(std::string_view sql, analyzer::Span table, std::string_view index) {
  const size_t end = std::min<size_t>(table.end(), sql.size());
  return fmt::format("{} FORCE INDEX ({}){}", sql.substr(0, end), analyzer::QuoteIdentifier(index),
                     sql.substr(end));
}

std::vector<const analyzer::Index*> UsableIndexes(const analyzer::QueryBlock& block, int t) {
  std::vector<const analyzer::Index*> out;
  const analyzer::TableAccess access = analyzer::AnalyzeAccess(block, t);
  for (const analyzer::IndexUse& use : access.indexes) {
    if (use.used_parts() > 0 || use.order_served) out.push_back(use.index);
  }
  return out;
}

IndexChoiceOutcome CheckIndexChoices(Session& session, const analyzer::Catalog& catalog,
                                     std::span<const ClassToCheck> classes,
                                     const IndexChoiceOptions& options) {
  IndexChoiceOutcome out;
  Checker checker(session, catalog, options);
  for (const ClassToCheck& c : classes) {
    if (checker.Interrupted()) {
      out.status = Status(StatusCode::kInternal, "interrupted");
      break;
    }
    if (Status s = checker.CheckClass(c, out); !s.ok()) {
      out.status = s;
      break;
    }
  }
  if (out.status.ok() && checker.Interrupted()) {
    out.status = Status(StatusCode::kInternal, "interrupted");
  }
  return out;
}

}  // namespace qadvisor::connectors
