// optimizer-wrong-index findings from measurements (see wrong_index.h).
#include "cli/wrong_index.h"

#include <fmt/format.h>

#include <cmath>

#include "analyzer/catalog.h"
#include "rules/rule.h"

namespace qadvisor::cli {
namespace {

using analyzer::MeasuredPlan;
using analyzer::QuoteIdentifier;

std::string Ms(double ms) {
  return ms < 10 ? fmt::format("{:.2g} ms", ms) : fmt::format("{:.0f} ms", ms);
}

std::string Key(const MeasuredPlan& m) {
  if (m.access_type == "index_merge") return "an index merge";
  return m.key.empty() ? std::string("a full scan") : "`" + m.key + "`";
}

// "median 412 ms, 299960 rows read" (a floor when the time limit stopped it); rows as they
// compare with `other` (ComparableReads).
std::string Figures(const MeasuredPlan& m, const MeasuredPlan& other) {
  std::string out = fmt::format("median {}{}", m.timed_out ? "over " : "", Ms(m.median_ms));
  if (const auto rows = connectors::ComparableReads(m, other)) {
    out += fmt::format(", {:.0f} rows read", *rows);
  }
  return out;
}

// Whether an estimate is off from the count by 2× or more: stale statistics.
bool Stale(std::optional<uint64_t> estimate, std::optional<uint64_t> counted) {
  if (!estimate || !counted) return false;
  const double e = std::max<double>(1, static_cast<double>(*estimate));
  const double c = std::max<double>(1, static_cast<double>(*counted));
  return e / c >= 2 || c / e >= 2;
}

std::string Count(std::optional<uint64_t> n) {
  return n ? std::to_string(*n) : std::string("not counted within the time limit");
}

// "the server's statistics are stale: 1200 rows estimated, 300000 counted; …"
std::string StatisticsSentence(const connectors::TableStatistics& s) {
  bool stale = Stale(s.estimated_rows, s.counted_rows);
  std::string parts;
  if (s.estimated_rows) {
    parts += fmt::format("{} rows estimated, {}", *s.estimated_rows, Count(s.counted_rows));
    if (s.counted_rows) parts += " counted";
  }
  for (const connectors::IndexStatistic& i : s.indexes) {
    stale = stale || Stale(i.cardinality, i.counted);
    if (!i.cardinality) continue;
    parts += fmt::format("{}`{}` ({}): {} distinct estimated, {}", parts.empty() ? "" : "; ",
                         i.index, QuoteIdentifier(i.column), *i.cardinality, Count(i.counted));
    if (i.counted) parts += " counted";
  }
  if (parts.empty()) return "";
  return fmt::format("the server's statistics are {}: {}", stale ? "stale" : "close to the data",
                     parts);
}

std::string TableName(const connectors::IndexChoice& c) {
  return c.table->database.empty()
             ? QuoteIdentifier(c.table->name)
             : QuoteIdentifier(c.table->database) + "." + QuoteIdentifier(c.table->name);
}

// The hint in the statement: FORCE INDEX, and MySQL 8's optimizer hint.
std::string Hint(const connectors::IndexChoice& c, const WrongIndexContext& context) {
  const std::string& better = c.Better()->key;
  const std::string reference =
      c.alias == c.table->name ? QuoteIdentifier(c.table->name)
                               : QuoteIdentifier(c.table->name) + " " + QuoteIdentifier(c.alias);
  std::string out = fmt::format("force it in the statement: `… FROM {} FORCE INDEX ({}) …`",
                                reference, QuoteIdentifier(better));
  if (context.mysql) {
    out += fmt::format(" (MySQL 8.0.20 and later: `SELECT /*+ INDEX({} {}) */ …`)",
                       QuoteIdentifier(c.alias), QuoteIdentifier(better));
  }
  out += context.proposal.empty()
             ? ", or add an index that serves the filter and the order together, so the choice "
               "is not close"
             : ", or apply " + context.proposal + ", which leaves the optimizer no close choice";
  return out;
}

std::string AnalyzeStatement(const connectors::IndexChoice& c, const WrongIndexContext& context) {
  if (!c.analyze.empty()) {
    // What ran, as the user would run it on the primary (replicated, unlike the measurement).
    std::string s = c.analyze;
    const std::string local = "ANALYZE NO_WRITE_TO_BINLOG TABLE ";
    if (s.starts_with(local)) s = "ANALYZE TABLE " + s.substr(local.size());
    return s + ";";
  }
  std::string s = "ANALYZE TABLE " + TableName(c);
  if (context.mysql) {
    s += ";";
    for (const connectors::IndexStatistic& i : c.statistics.indexes) {
      if (i.index != c.Better()->key) continue;  // a histogram on the column it searches by
      s += fmt::format(" ANALYZE TABLE {} UPDATE HISTOGRAM ON {} WITH 64 BUCKETS;", TableName(c),
                       QuoteIdentifier(i.column));
    }
    return s;
  }
  std::string columns, indexes;
  for (const connectors::IndexStatistic& i : c.statistics.indexes) {
    const std::string col = QuoteIdentifier(i.column);
    if (columns.find(col) == std::string::npos) columns += (columns.empty() ? "" : ", ") + col;
    indexes += (indexes.empty() ? "" : ", ") + QuoteIdentifier(i.index);
  }
  if (!columns.empty())
    s += fmt::format(" PERSISTENT FOR COLUMNS ({}) INDEXES ({})", columns, indexes);
  return s + ";";
}

void AddText(rules::Finding& f, std::string name, std::string text) {
  f.evidence.push_back({std::move(name), std::move(text), std::nullopt, std::nullopt});
}
void AddNumber(rules::Finding& f, std::string name, std::optional<double> number) {
  f.evidence.push_back({std::move(name), "", number, std::nullopt});
}
void AddFlag(rules::Finding& f, std::string name, bool flag) {
  f.evidence.push_back({std::move(name), "", std::nullopt, flag});
}
std::optional<double> Num(std::optional<uint64_t> n) {
  return n ? std::optional<double>(static_cast<double>(*n)) : std::nullopt;
}

}  // namespace

rules::Finding WrongIndexFinding(const connectors::IndexChoice& choice,
                                 const WrongIndexContext& context) {
  const MeasuredPlan& chosen = choice.chosen;
  const MeasuredPlan& better = *choice.Better();
  const rules::RuleInfo* info = rules::FindRuleInfo("optimizer-wrong-index");
  rules::Finding f;
  f.rule = "optimizer-wrong-index";
  f.severity = info ? info->severity : rules::Severity::kWarning;
  f.table = choice.table->name;
  f.index = chosen.key;
  f.columns = {};
  f.query_class = choice.query_class;
  f.location = {context.file, context.line, 1, 0};
  const double speedup = better.median_ms > 0 ? chosen.median_ms / better.median_ms : 0;
  f.message = fmt::format(
      "the optimizer reads `{}` by {} ({}), but existing index `{}` is {:.3g}× faster ({})",
      choice.table->name, Key(chosen), Figures(chosen, better), better.key, speedup,
      Figures(better, chosen));
  if (const std::string stats = StatisticsSentence(choice.statistics); !stats.empty()) {
    f.message += "; " + stats;
  }

  const std::string analyze = AnalyzeStatement(choice, context);
  if (choice.FixedByAnalyze()) {
    f.fix = fmt::format("fresh statistics: {} (measured: the optimizer then reads it by `{}`, {})",
                        analyze, choice.after_analyze->key, Figures(*choice.after_analyze, better));
  } else if (choice.after_analyze) {
    f.fix = fmt::format(
        "fresh statistics did not change the choice (measured after {} the optimizer still "
        "reads it by {}, {}): {}",
        analyze, Key(*choice.after_analyze), Figures(*choice.after_analyze, better),
        Hint(choice, context));
  } else {
    f.fix = fmt::format(
        "first fresh statistics: {} ({}); if the optimizer still chooses {}, {}", analyze,
        context.analyze_allowed ? "it could not be run here"
                                : "not run on this server: --allow-analyze measures it",
        Key(chosen), Hint(choice, context));
  }

  AddText(f, "table", choice.table->name);
  AddText(f, "chosen_index", chosen.key);
  AddNumber(f, "chosen_median_ms", chosen.median_ms);
  AddText(f, "chosen_access_type", chosen.access_type);
  AddNumber(f, "chosen_rows_read", connectors::ComparableReads(chosen, better));
  AddFlag(f, "chosen_timed_out", chosen.timed_out);
  AddText(f, "better_index", better.key);
  AddNumber(f, "better_median_ms", better.median_ms);
  AddNumber(f, "better_rows_read", connectors::ComparableReads(better, chosen));
  AddText(f, "rows_read_by",
          chosen.handler_reads && better.handler_reads ? "the engine's row reads (Handler_read_%)"
                                                       : "ANALYZE's r_rows");
  AddNumber(f, "speedup", speedup);
  AddNumber(f, "estimated_rows", Num(choice.statistics.estimated_rows));
  AddNumber(f, "counted_rows", Num(choice.statistics.counted_rows));
  for (const connectors::IndexStatistic& i : choice.statistics.indexes) {
    const std::string which = i.index == chosen.key ? "chosen" : "better";
    AddNumber(f, which + "_cardinality", Num(i.cardinality));
    AddNumber(f, which + "_counted_distinct", Num(i.counted));
  }
  AddText(f, "analyze", choice.analyze);
  if (choice.after_analyze) {
    AddText(f, "after_analyze_index", choice.after_analyze->key);
    AddNumber(f, "after_analyze_median_ms", choice.after_analyze->median_ms);
  }
  AddText(f, "statement", choice.statement);
  rules::MakeKey(f, choice.query_class);
  return f;
}

}  // namespace qadvisor::cli
