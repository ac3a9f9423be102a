#include "report/digest_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <future>
#include <mutex>
#include <optional>

#include "base/ascii.h"
#include "base/text.h"
#include "parser/sql_text.h"
#include "parser/tables.h"
#include "report/digest_state.h"
#include "report/json_writer.h"
#include "report/markdown.h"

namespace qadvisor::report {

using analyzer::CoreMetric;
using analyzer::DigestRun;
using analyzer::Distribution;
using analyzer::Int128;
using analyzer::QueryClass;

namespace {

constexpr int64_t kMillion = 1000000;

// Civil date from days since the epoch (Howard Hinnant's civil_from_days).
void CivilFromDays(int64_t z, int* y, unsigned* m, unsigned* d) {
  z += 719468;
  const int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const unsigned doe = static_cast<unsigned>(z - era * 146097);
  const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const unsigned mp = (5 * doy + 2) / 153;
  *d = doy - (153 * mp + 2) / 5 + 1;
  *m = mp < 10 ? mp + 3 : mp - 9;
  *y = static_cast<int>(static_cast<int64_t>(yoe) + era * 400 + (*m <= 2));
}

std::string MetricKey(std::string_view name) { return base::LowerAscii(name); }

using base::Printable;  // input text in a terminal report: control bytes escaped

std::string OneLine(std::string_view s, size_t limit) {
  std::string out = Printable(s, limit);
  std::replace(out.begin(), out.end(), '\n', ' ');
  std::replace(out.begin(), out.end(), '\t', ' ');
  return out;
}

double Seconds(int64_t micros) { return static_cast<double>(micros) / kMillion; }

double ToDouble(Int128 v) { return static_cast<double>(v) / kMillion; }

std::string CountsText(const analyzer::ValueCounts& counts, size_t limit = 5) {
  std::string out;
  const auto sorted = counts.Sorted();
  for (size_t i = 0; i < sorted.size() && i < limit; ++i) {
    if (!out.empty()) out += ", ";
    out += fmt::format("{} ({})", OneLine(sorted[i].first, 40), sorted[i].second);
  }
  if (sorted.size() > limit || counts.other > 0) out += ", ...";
  return out;
}

Int128 TotalQueryTime(const DigestRun& run) {
  const Distribution* qt = run.digest.global().Metric(analyzer::kQueryTime);
  return qt ? qt->sum() : 0;
}

std::string Percent(Int128 part, Int128 whole) {
  if (whole <= 0) return "0.0%";
  return fmt::format("{:.1f}%", 100.0 * static_cast<double>(part) / static_cast<double>(whole));
}

// Short name of what a class does: its verb and first table, like pt's "distillate".
std::string Item(const QueryClass& c) {
  std::string_view f = c.fingerprint;
  const size_t sp = f.find(' ');
  std::string verb = base::UpperAscii(f.substr(0, sp));
  for (const char* kw : {" from ", " into ", " update ", " join "}) {
    const size_t at = f.find(kw);
    if (at == std::string_view::npos) continue;
    std::string_view rest = f.substr(at + std::char_traits<char>::length(kw));
    const size_t end = rest.find_first_of(" ,(;");
    return verb + " " + std::string(rest.substr(0, end));
  }
  if (verb == "UPDATE" && sp != std::string_view::npos) {
    std::string_view rest = f.substr(sp + 1);
    return verb + " " + std::string(rest.substr(0, rest.find_first_of(" ,(;")));
  }
  return verb;
}

std::string MetricName(const DigestRun& run, uint32_t id) {
  switch (id) {
    case analyzer::kQueryTime:
      return "Exec time";
    case analyzer::kLockTime:
      return "Lock time";
    case analyzer::kRowsSent:
      return "Rows sent";
    case analyzer::kRowsExamined:
      return "Rows examine";
    case analyzer::kQueryLength:
      return "Query size";
    default:
      return run.digest.metric_names()[id];
  }
}

// A metric's value (millionths of its unit, analyzer::UnitOf) as microseconds, for
// FormatDuration.
int64_t MetricMicros(analyzer::MetricUnit unit, Int128 v) {
  v = std::clamp<Int128>(v, -INT64_MAX, INT64_MAX);
  if (unit == analyzer::MetricUnit::kMilliseconds) v = (v + (v < 0 ? -500 : 500)) / 1000;
  return static_cast<int64_t>(v);
}

// Time metrics print as durations in their own unit; the rest as counts.
std::string MetricSumCell(const DigestRun& run, uint32_t id, Int128 v) {
  const analyzer::MetricUnit unit = analyzer::UnitOf(run.digest.metric_names()[id]);
  if (unit == analyzer::MetricUnit::kCount) return FormatCount(ToDouble(v));
  return FormatDuration(MetricMicros(unit, v));
}

std::string MetricCell(const DigestRun& run, uint32_t id, int64_t v) {
  return MetricSumCell(run, id, v);
}

// A metric's standard deviation as a report cell: in its unit, rounded to a millionth; "-"
// when the sum of squares saturated (Distribution::StdDev).
std::string StdDevCell(const DigestRun& run, uint32_t id, const Distribution& d) {
  const double sd = d.StdDev();
  if (sd < 0) return "-";
  return MetricCell(run, id, std::llround(sd));
}

// "counts scaled x10 from a sampled log (3 logged events)", or "" for a class logged in full.
std::string SampledText(const QueryClass& c) {
  if (c.sampled_events == 0) return "";
  const std::string rate = c.rate_min == c.rate_max
                               ? fmt::format("x{}", c.rate_max)
                               : fmt::format("x{}-x{}", c.rate_min, c.rate_max);
  return fmt::format("counts scaled {} from a sampled log (Log_slow_rate_limit; {} logged {})",
                     rate, c.sampled_events, c.sampled_events == 1 ? "event" : "events");
}

double Qps(const QueryClass& c) {
  return analyzer::QueriesPerSecond(c.count, c.first_seen, c.last_seen);
}

double Concurrency(const QueryClass& c) {
  const Distribution* qt = c.Metric(analyzer::kQueryTime);
  return analyzer::Concurrency(qt ? qt->sum() : 0, c.first_seen, c.last_seen);
}

// The tables of a class's sample (parser/tables.h), each once, qualified with the sample's
// database when written without one: what the lines pt-query-digest prints under "# Tables"
// are about.
std::vector<parser::TableRefName> SampleTables(const QueryClass& c) {
  std::vector<parser::TableRefName> tables;
  if (c.sample.query.empty()) return tables;
  for (parser::TableRefName t : parser::TablesOf(c.sample.query)) {
    if (t.db.empty()) t.db = c.sample.db;
    if (std::find(tables.begin(), tables.end(), t) == tables.end()) tables.push_back(std::move(t));
  }
  return tables;
}

// `name` with backticks doubled, between backticks.
std::string QuoteIdentifier(std::string_view name) {
  std::string out = "`";
  for (const char ch : name) {
    out.push_back(ch);
    if (ch == '`') out.push_back('`');
  }
  return out + "`";
}

// 'name' as an SQL string (quote and backslash escaped). As in pt-query-digest, `_` and `%`
// are left as LIKE wildcards: at worst SHOW TABLE STATUS lists a few more tables.
std::string QuoteString(std::string_view s) {
  std::string out = "'";
  for (const char ch : s) {
    if (ch == '\'' || ch == '\\') out.push_back('\\');
    out.push_back(ch);
  }
  return out + "'";
}

std::string ShowCreateTable(const parser::TableRefName& t) {
  return "SHOW CREATE TABLE " + (t.db.empty() ? "" : QuoteIdentifier(t.db) + ".") +
         QuoteIdentifier(t.table) + "\\G";
}

std::string ShowTableStatus(const parser::TableRefName& t) {
  return "SHOW TABLE STATUS " + (t.db.empty() ? "" : "FROM " + QuoteIdentifier(t.db) + " ") +
         "LIKE " + QuoteString(t.table) + "\\G";
}

// Whether EXPLAIN takes the sample: SELECT (and WITH, TABLE, VALUES, a parenthesised query),
// and since MySQL 5.6.3 / MariaDB 10.0.5 UPDATE, DELETE, INSERT and REPLACE too (MySQL manual,
// 15.8.2 "EXPLAIN Statement").
bool Explainable(const QueryClass& c) {
  // The first word, as the fingerprint begins (comments and hints skipped); only the first
  // tokens are lexed, not the whole sample fingerprinted: a report asks this of every class.
  using parser::Keyword;
  using parser::TokenKind;
  static constexpr Keyword kExplainable[] = {Keyword::kSelect, Keyword::kWith,   Keyword::kTable,
                                             Keyword::kValues, Keyword::kUpdate, Keyword::kDelete,
                                             Keyword::kInsert, Keyword::kReplace};
  const parser::Token t = parser::FirstCodeToken(c.sample.query);
  if (t.kind == TokenKind::kLParen) return true;  // (SELECT …) UNION …
  return t.kind == TokenKind::kIdentifier && parser::IsOneOf(t.keyword, kExplainable);
}

void MetricTable(const DigestRun& run, const QueryClass& c, const QueryClass* global,
                 std::string& out) {
  if (global) {
    out += fmt::format("# {:<20} {:>5} {:>7} {:>7} {:>7} {:>7} {:>7} {:>7} {:>7}\n", "Attribute",
                       "pct", "total", "min", "max", "avg", "95%", "stddev", "median");
    out += fmt::format("# {:=<20} {:=>5} {:=>7} {:=>7} {:=>7} {:=>7} {:=>7} {:=>7} {:=>7}\n", "",
                       "", "", "", "", "", "", "", "");
    out += fmt::format("# {:<20} {:>5} {:>7}\n", "Count",
                       static_cast<int>(100.0 * c.count / std::max<uint64_t>(global->count, 1)),
                       FormatCount(static_cast<double>(c.count)));
  } else {
    out += fmt::format("# {:<20} {:>7} {:>7} {:>7} {:>7} {:>7} {:>7} {:>7}\n", "Attribute", "total",
                       "min", "max", "avg", "95%", "stddev", "median");
    out += fmt::format("# {:=<20} {:=>7} {:=>7} {:=>7} {:=>7} {:=>7} {:=>7} {:=>7}\n", "", "", "",
                       "", "", "", "", "");
  }
  for (const uint32_t id : run.digest.MetricOrder()) {
    const Distribution* d = c.Metric(id);
    if (d == nullptr) continue;
    std::string pct;
    if (global) {
      const Distribution* g = global->Metric(id);
      pct = g && g->sum() > 0
                ? fmt::format("{}", static_cast<int>(100.0 * static_cast<double>(d->sum()) /
                                                     static_cast<double>(g->sum())))
                : "0";
      pct = fmt::format(" {:>5}", pct);
    }
    out += fmt::format("# {:<20}{} {:>7} {:>7} {:>7} {:>7} {:>7} {:>7} {:>7}\n",
                       OneLine(MetricName(run, id), 20), pct, MetricSumCell(run, id, d->sum()),
                       MetricCell(run, id, d->min()), MetricCell(run, id, d->max()),
                       MetricCell(run, id, d->Average()), MetricCell(run, id, d->Percentile(0.95)),
                       StdDevCell(run, id, *d), MetricCell(run, id, d->Percentile(0.5)));
  }
  for (const uint32_t id : run.digest.FlagOrder()) {
    if (id >= c.flags_seen.size() || c.flags_seen[id] == 0) continue;
    out += fmt::format("# {:<20} {}% yes, {}% no\n", OneLine(run.digest.flag_names()[id], 20),
                       100 * c.flags_yes[id] / c.flags_seen[id],
                       100 - 100 * c.flags_yes[id] / c.flags_seen[id]);
  }
}

void CountsLine(std::string& out, std::string_view label, const analyzer::ValueCounts& counts) {
  if (counts.values.empty()) return;
  out += fmt::format("# {:<20} {}\n", label, CountsText(counts));
}

// pt-query-digest's Query_time distribution: a bar per decade from 1us to 10s+.
void TimeHistogram(const Distribution& d, std::string& out) {
  static constexpr const char* kLabels[] = {"  1us", " 10us", "100us", "  1ms",
                                            " 10ms", "100ms", "   1s", " 10s+"};
  uint64_t counts[8] = {};
  d.ForEachValue([&](int64_t us, uint64_t n) {
    size_t bucket = 0;
    for (int64_t edge = 10; bucket < 7 && us >= edge; edge *= 10) ++bucket;
    counts[bucket] += n;
  });
  const uint64_t most = *std::max_element(std::begin(counts), std::end(counts));
  out += "# Query_time distribution\n";
  for (size_t i = 0; i < 8; ++i) {
    const size_t bar = most == 0 ? 0 : static_cast<size_t>((counts[i] * 64 + most - 1) / most);
    out += fmt::format("# {}{}{}\n", kLabels[i], bar ? " " : "", std::string(bar, '#'));
  }
}

std::string TimeRange(const QueryClass& c) {
  if (c.first_seen == parser::kNoTimestamp) return "unknown";
  if (c.first_seen == c.last_seen) return "all events occurred at " + FormatTimestamp(c.first_seen);
  return FormatTimestamp(c.first_seen) + " to " + FormatTimestamp(c.last_seen);
}

std::string FileName(const DigestRun& run, uint32_t file) {
  return file < run.files.size() ? (run.files[file] == "-" ? "stdin" : run.files[file]) : "?";
}

bool ByFingerprint(const DigestRun& run) {
  return run.digest.options().group_by == analyzer::GroupBy::kFingerprint;
}

std::string Joined(const std::vector<std::string>& values) {
  std::string out;
  for (const std::string& v : values) out += (out.empty() ? "" : ",") + v;
  return out;
}

// "since 2024-05-01 00:00:00, db shop,crm, match /^select/": the filters in effect, or "".
std::string FiltersText(const DigestRun& run) {
  const analyzer::EventFilter* filter = run.digest.options().filter.get();
  if (filter == nullptr) return "";
  const analyzer::EventFilterSpec& f = filter->spec();
  std::vector<std::string> parts;
  if (f.since) parts.push_back("since " + FormatTimestamp(*f.since));
  if (f.until) parts.push_back("until " + FormatTimestamp(*f.until));
  if (!f.dbs.empty()) parts.push_back("db " + Joined(f.dbs));
  if (!f.users.empty()) parts.push_back("user " + Joined(f.users));
  if (!f.hosts.empty()) parts.push_back("host " + Joined(f.hosts));
  if (!f.match.empty()) parts.push_back("match /" + f.match + "/");
  return OneLine(Joined(parts), 2000);
}

// "1.2k left out (time 1k, db 200)".
std::string FilteredText(const analyzer::Digest& digest) {
  std::string reasons;
  for (size_t i = 0; i < analyzer::kFilterReasons; ++i) {
    const auto reason = static_cast<analyzer::FilterReason>(i);
    if (digest.filtered(reason) == 0) continue;
    reasons += fmt::format("{}{} {}", reasons.empty() ? "" : ", ",
                           analyzer::FilterReasonName(reason), digest.filtered(reason));
  }
  return fmt::format("{} left out{}", digest.filtered(),
                     reasons.empty() ? "" : " (" + reasons + ")");
}

std::string LimitText(const analyzer::LimitSpec& limit) {
  if (limit.percent != 0) {
    return limit.count != 0
               ? fmt::format(", first {}% of it, at most {}", limit.percent, limit.count)
               : fmt::format(", first {}% of it", limit.percent);
  }
  return limit.count ? fmt::format(", top {}", limit.count) : "";
}

std::vector<const QueryClass*> RankedClasses(const DigestRun& run,
                                             const DigestReportOptions& options) {
  return analyzer::Rank(run.digest, options.ranking, options.limit);
}

}  // namespace

DigestReportOptions ReportOptionsFor(analyzer::OrderBy order, size_t top) {
  DigestReportOptions options;
  options.order.aggregate = analyzer::RankingFor(order).aggregate;
  options.order.name = OrderByName(order);
  options.ranking = analyzer::RankingFor(order);
  options.limit.count = top;
  options.limit.name = fmt::format("{}", top);
  return options;
}

std::string OrderByName(analyzer::OrderBy order) {
  switch (order) {
    case analyzer::OrderBy::kCount:
      return "count";
    case analyzer::OrderBy::kMax:
      return "max";
    case analyzer::OrderBy::kP95:
      return "p95";
    case analyzer::OrderBy::kSum:
      break;
  }
  return "sum";
}

std::string FormatTimestamp(int64_t micros) {
  if (micros == parser::kNoTimestamp) return "";
  int64_t seconds = micros / kMillion;
  if (micros % kMillion < 0) --seconds;
  int64_t days = seconds / 86400;
  int64_t rem = seconds % 86400;
  if (rem < 0) {
    rem += 86400;
    --days;
  }
  int y;
  unsigned m, d;
  CivilFromDays(days, &y, &m, &d);
  // YYYY-MM-DD HH:MM:SS by hand: reports print a few per class.
  char buf[20];
  auto two = [](char* p, unsigned v) {
    p[0] = static_cast<char>('0' + v / 10);
    p[1] = static_cast<char>('0' + v % 10);
  };
  if (y < 0 || y > 9999) return fmt::format("{}-{:02}-{:02}", y, m, d);
  two(buf, static_cast<unsigned>(y) / 100);
  two(buf + 2, static_cast<unsigned>(y) % 100);
  buf[4] = '-';
  two(buf + 5, m);
  buf[7] = '-';
  two(buf + 8, d);
  buf[10] = ' ';
  two(buf + 11, static_cast<unsigned>(rem / 3600));
  buf[13] = ':';
  two(buf + 14, static_cast<unsigned>(rem / 60 % 60));
  buf[16] = ':';
  two(buf + 17, static_cast<unsigned>(rem % 60));
  return std::string(buf, 19);
}

std::string FormatDuration(int64_t us) {
  if (us < 0) return fmt::format("-{}", FormatDuration(-us));
  if (us < 1000) return fmt::format("{}us", us);
  if (us < kMillion) {
    return us < 10000 ? fmt::format("{:.1f}ms", us / 1000.0) : fmt::format("{}ms", us / 1000);
  }
  const double s = Seconds(us);
  return s < 10    ? fmt::format("{:.2f}s", s)
         : s < 100 ? fmt::format("{:.1f}s", s)
                   : fmt::format("{:.0f}s", s);
}

std::string FormatCount(double v) {
  if (v < 0) return "-" + FormatCount(-v);
  if (v < 1000) {
    return v == static_cast<double>(static_cast<int64_t>(v))
               ? fmt::format("{}", static_cast<int64_t>(v))
               : fmt::format("{:.2f}", v);
  }
  if (v < 1e6) return fmt::format("{:.2f}k", v / 1e3);
  if (v < 1e9) return fmt::format("{:.2f}M", v / 1e6);
  if (v < 1e12) return fmt::format("{:.2f}G", v / 1e9);
  return fmt::format("{:.2f}T", v / 1e12);
}

std::string FormatMillionths(Int128 v) {
  const bool negative = v < 0;
  if (negative) v = -v;
  const auto whole = static_cast<unsigned long long>(v / kMillion);
  const auto frac = static_cast<unsigned long long>(v % kMillion);
  return fmt::format("{}{}.{:06}", negative ? "-" : "", whole, frac);
}

std::string RenderDigestText(const DigestRun& run, const DigestReportOptions& options) {
  std::string out;
  const analyzer::Digest& digest = run.digest;
  const QueryClass& global = digest.global();
  const auto ranked = RankedClasses(run, options);
  const Int128 total_time = TotalQueryTime(run);
  const bool by_fingerprint = ByFingerprint(run);
  const std::string group_by(analyzer::GroupByName(digest.options().group_by));

  out += fmt::format("# qadvisor digest\n# Files: ");
  for (size_t i = 0; i < run.files.size(); ++i) out += (i ? ", " : "") + FileName(run, i);
  out += fmt::format("\n# Bytes read: {}\n", FormatCount(static_cast<double>(run.bytes)));
  out += fmt::format("# Overall: {} {}, {} unique, {} skipped, {} QPS, {}x concurrency\n",
                     FormatCount(static_cast<double>(digest.events())),
                     digest.events() == 1 ? "event" : "events", digest.classes().size(),
                     run.skipped, FormatCount(Qps(global)), FormatCount(Concurrency(global)));
  if (const std::string sampled = SampledText(global); !sampled.empty()) {
    out += fmt::format("# Sampled: {}\n", sampled);
  }
  if (const std::string filters = FiltersText(run); !filters.empty()) {
    out += fmt::format("# Filters: {}; {}\n", filters, FilteredText(digest));
  }
  if (!by_fingerprint) {
    out += fmt::format("# Grouped by: {} ({} {} in no class)\n", group_by, digest.ungrouped(),
                       digest.ungrouped() == 1 ? "event" : "events");
  }
  out += fmt::format("# Time range: {}\n", TimeRange(global));
  MetricTable(run, global, nullptr, out);
  CountsLine(out, "Databases", global.databases);
  CountsLine(out, "Users", global.users);
  CountsLine(out, "Hosts", global.hosts);

  out +=
      fmt::format("\n# Profile (ranked by {}{})\n", options.order.name, LimitText(options.limit));
  out += fmt::format("# {:>4} {:<18} {:>14} {:>6} {:>7} {:>8} {}\n", "Rank", "Query ID",
                     "Response time", "", "Calls", "R/Call", "Item");
  out += fmt::format("# {:=>4} {:=<18} {:=>14} {:=>6} {:=>7} {:=>8} {:=<20}\n", "", "", "", "", "",
                     "", "");
  Int128 shown_time = 0;
  uint64_t shown_calls = 0;
  for (size_t i = 0; i < ranked.size(); ++i) {
    const QueryClass& c = *ranked[i];
    const Distribution* qt = c.Metric(analyzer::kQueryTime);
    const Int128 sum = qt ? qt->sum() : 0;
    shown_time += sum;
    shown_calls += c.count;
    out += fmt::format("# {:>4} 0x{:<16} {:>14} {:>6} {:>7} {:>8} {}\n", i + 1,
                       analyzer::FormatClassId(c.id), fmt::format("{:.4f}", ToDouble(sum)),
                       Percent(sum, total_time), c.count,
                       fmt::format("{:.4f}", qt ? Seconds(qt->Average()) : 0.0),
                       OneLine(by_fingerprint ? Item(c) : c.fingerprint, 40));
  }
  if (!by_fingerprint && ranked.size() < digest.classes().size()) {
    // Classes share events here (a join is in each table's class): no remainder to add up.
    out += fmt::format("# MORE <{} ITEMS>\n", digest.classes().size() - ranked.size());
  } else if (ranked.size() < digest.classes().size()) {
    const Int128 rest = total_time - shown_time;
    out += fmt::format(
        "# MISC {:<18} {:>14} {:>6} {:>7} {:>8} <{} ITEMS>\n", "0xMISC",
        fmt::format("{:.4f}", ToDouble(rest)), Percent(rest, total_time),
        digest.events() - shown_calls,
        fmt::format("{:.4f}",
                    digest.events() > shown_calls
                        ? ToDouble(rest) / static_cast<double>(digest.events() - shown_calls)
                        : 0.0),
        digest.classes().size() - ranked.size());
  }

  for (size_t i = 0; i < ranked.size(); ++i) {
    const QueryClass& c = *ranked[i];
    out += fmt::format(
        "\n# Query {}: {} QPS, {}x concurrency, ID 0x{} at byte {} of {} (line {}) ____________\n",
        i + 1, FormatCount(Qps(c)), FormatCount(Concurrency(c)), analyzer::FormatClassId(c.id),
        c.sample.offset, FileName(run, c.sample.file), c.sample.line);
    if (c.Metric(analyzer::kQueryTime)) {
      out += fmt::format("# Scores: V/M = {:.2f}\n", analyzer::VarianceToMean(c));
    }
    if (const std::string sampled = SampledText(c); !sampled.empty()) {
      out += fmt::format("# Sampled: {}\n", sampled);
    }
    MetricTable(run, c, &global, out);
    CountsLine(out, "Databases", c.databases);
    CountsLine(out, "Users", c.users);
    CountsLine(out, "Hosts", c.hosts);
    out += fmt::format("# {:<20} {}\n", "Time range", TimeRange(c));
    if (const Distribution* qt = c.Metric(analyzer::kQueryTime)) TimeHistogram(*qt, out);
    if (const auto tables = SampleTables(c); !tables.empty()) {
      out += "# Tables\n";
      for (const parser::TableRefName& t : tables) {
        out += fmt::format("#    {}\n#    {}\n", OneLine(ShowTableStatus(t), 1000),
                           OneLine(ShowCreateTable(t), 1000));
      }
    }
    out += fmt::format("# {:<20} {}\n", by_fingerprint ? "Fingerprint" : "Group (" + group_by + ")",
                       OneLine(c.fingerprint, 2000));
    if (!c.sample.db.empty()) out += fmt::format("USE `{}`\\G\n", OneLine(c.sample.db, 200));
    if (Explainable(c)) out += "# EXPLAIN\n";
    out += Printable(c.sample.query, 64 * 1024) + "\\G\n";
  }
  if (run.issue_count > 0) {
    out += fmt::format("\n# Input problems ({}, skipped and reported):\n", run.issue_count);
    for (size_t i = 0; i < run.issues.size() && i < options.max_issues; ++i) {
      const auto& fi = run.issues[i];
      out += fmt::format("#   {}:{}: byte {}: {}\n", fi.file, fi.issue.line, fi.issue.offset,
                         fi.issue.message);
    }
    if (run.issue_count > options.max_issues) {
      out += fmt::format("#   ... {} more\n",
                         run.issue_count - std::min<uint64_t>(run.issue_count, options.max_issues));
    }
  }
  return out;
}

namespace {

// The parts of the JSON report written once per class (and for the whole run), shared by the
// threads that write it. Only reads the run.
class JsonClassWriter {
 public:
  JsonClassWriter(const DigestRun& run, const DigestJsonExtension& extension)
      : run_(run),
        extension_(extension),
        group_by_(analyzer::GroupByName(run.digest.options().group_by)),
        total_time_(TotalQueryTime(run)),
        metric_order_(run.digest.MetricOrder()),
        flag_order_(run.digest.FlagOrder()) {
    // JSON names of metrics and flags, lower-cased once for the whole report.
    for (const std::string& name : run.digest.metric_names())
      metric_keys_.push_back(MetricKey(name));
    for (const std::string& name : run.digest.flag_names()) flag_keys_.push_back(MetricKey(name));
  }

  static void Timestamp(JsonWriter& w, std::string_view key, int64_t us) {
    w.Key(key);
    if (us == parser::kNoTimestamp) {
      w.Null();
    } else {
      w.String(FormatTimestamp(us));
    }
  }

  void Metrics(JsonWriter& w, const QueryClass& c) const {
    w.Key("metrics").BeginObject();
    for (const uint32_t id : metric_order_) {
      const Distribution* d = c.Metric(id);
      if (d == nullptr) continue;
      w.Key(metric_keys_[id]).BeginObject();
      w.Key("sum").Millionths128(d->sum());
      w.Key("min").Millionths(d->min());
      w.Key("max").Millionths(d->max());
      w.Key("avg").Millionths(d->Average());
      w.Key("median").Millionths(d->Percentile(0.5));
      w.Key("p95").Millionths(d->Percentile(0.95));
      w.Key("stddev");
      if (const double sd = d->StdDev(); sd >= 0) {
        w.Millionths(std::llround(sd));
      } else {
        w.Null();
      }
      // Exact, for merging digests: the stddev of a merge follows from count, sum and this.
      w.Key("sum_squares");
      if (d->saturated()) {
        w.Null();
      } else {
        w.Decimal(d->sum_squares(), 12);
      }
      w.EndObject();
    }
    w.EndObject();
  }

  // Rates over the time range, and whether counts were scaled from a sampled log.
  static void Rates(JsonWriter& w, const QueryClass& c) {
    w.Key("qps").Double(Qps(c));
    w.Key("concurrency").Double(Concurrency(c));
    w.Key("sampled");
    if (c.sampled_events == 0) {
      w.Null();
    } else {
      w.BeginObject()
          .Field("logged_events", c.sampled_events)
          .Field("rate_min", c.rate_min)
          .Field("rate_max", c.rate_max)
          .EndObject();
    }
  }

  // One element of "classes".
  void Class(JsonWriter& w, const QueryClass& c, uint64_t rank) const {
    const Distribution* qt = c.Metric(analyzer::kQueryTime);
    w.BeginObject();
    w.Field("rank", rank);
    w.Field("id", analyzer::FormatClassId(c.id));
    w.Field(group_by_, c.fingerprint);  // what the class is: a fingerprint, db, user, host, table
    w.Field("count", c.count);
    w.Key("time_share")
        .Double(total_time_ > 0 && qt
                    ? static_cast<double>(qt->sum()) / static_cast<double>(total_time_)
                    : 0.0);
    w.Field("sample", c.sample.query);
    w.Key("sample_at").BeginObject();
    w.Field("file", FileName(run_, c.sample.file));
    w.Field("offset", c.sample.offset);
    w.Field("line", c.sample.line);
    w.FieldOrNull("db", c.sample.db);
    Timestamp(w, "timestamp", c.sample.timestamp_us);
    w.Key("query_time");
    if (c.sample.query_time >= 0) {
      w.Millionths(c.sample.query_time);
    } else {
      w.Null();
    }
    w.EndObject();
    Timestamp(w, "first_seen", c.first_seen);
    Timestamp(w, "last_seen", c.last_seen);
    Counts(w, "databases", c.databases);
    Counts(w, "users", c.users);
    Counts(w, "hosts", c.hosts);
    Metrics(w, c);
    w.Key("flags").BeginObject();
    for (const uint32_t id : flag_order_) {
      if (id < c.flags_seen.size() && c.flags_seen[id] > 0)
        w.Field(flag_keys_[id], c.flags_yes[id]);
    }
    w.EndObject();
    w.Key("variance_to_mean").Double(analyzer::VarianceToMean(c));
    Rates(w, c);
    w.Key("tables").BeginArray();
    for (const parser::TableRefName& t : SampleTables(c)) {
      w.BeginObject();
      w.FieldOrNull("db", t.db);
      w.Field("name", t.table)
          .Field("create", ShowCreateTable(t))
          .Field("status", ShowTableStatus(t))
          .EndObject();
    }
    w.EndArray();
    w.Key("explain");
    if (Explainable(c)) {
      w.String("EXPLAIN " + c.sample.query + "\\G");
    } else {
      w.Null();
    }
    if (extension_.class_fields) extension_.class_fields(c, w);
    w.EndObject();
  }

 private:
  static void Counts(JsonWriter& w, std::string_view key, const analyzer::ValueCounts& values) {
    w.Key(key).BeginArray();
    for (const auto& [name, n] : values.Sorted()) {
      w.BeginObject().Field("name", name).Field("count", n).EndObject();
    }
    if (values.other > 0)
      w.BeginObject().Key("name").Null().Field("count", values.other).EndObject();
    w.EndArray();
  }

  const DigestRun& run_;
  const DigestJsonExtension& extension_;
  std::string_view group_by_;
  Int128 total_time_;
  std::vector<uint32_t> metric_order_, flag_order_;
  std::vector<std::string> metric_keys_, flag_keys_;
};

// Hands out the indexes of n classes from both ends, so that two threads share them without
// knowing beforehand which is done first: one takes from the front, the other from the back,
// until they meet. Index 0 always goes to the front.
class TwoEnded {
 public:
  explicit TwoEnded(size_t n) : back_(n) {}
  std::optional<size_t> Front() {
    std::lock_guard lock(mu_);
    if (front_ >= back_) return std::nullopt;
    return front_++;
  }
  std::optional<size_t> Back() {
    std::lock_guard lock(mu_);
    if (back_ <= std::max<size_t>(front_, 1)) return std::nullopt;
    return --back_;
  }

 private:
  std::mutex mu_;
  size_t front_ = 0, back_;
};

// What the second thread writes: every class's mergeable state, then the elements of
// "classes" it took from the back (last first), each already with its leading comma.
struct HelperPart {
  std::vector<std::string> class_states;
  std::vector<std::string> tail;
};

}  // namespace

void WriteDigestJson(const DigestRun& run, const DigestReportOptions& options, const TextSink& sink,
                     const DigestJsonExtension& extension) {
  const analyzer::Digest& digest = run.digest;
  // `digest` writes its mergeable state too: a second thread works out each class's state
  // while this one sums up the whole input (global()) and ranks the classes, then writes the
  // report's last classes while this one writes the first (the digest is only read from here
  // on; the class states do not read global()). On a log of thousands of classes the two
  // halves take about the same time, whichever way they are split.
  struct Shared {
    std::optional<JsonClassWriter> classes;
    std::vector<const QueryClass*> ranked;
    std::optional<TwoEnded> split;
  } shared;
  // Declared in this order so that, were this thread to throw before `shared` is ready, the
  // promise is broken first: the helper's get() then throws instead of waiting for ever, and
  // the future's destructor, which joins the helper, returns.
  std::future<HelperPart> helper;
  std::promise<void> shared_ready;
  if (extension.command == "digest") {
    helper = std::async(std::launch::async,
                        [&digest, &shared, ready = shared_ready.get_future()]() mutable {
                          HelperPart part{DigestClassStates(digest), {}};
                          ready.get();
                          std::string scratch;
                          while (const std::optional<size_t> i = shared.split->Back()) {
                            scratch.clear();
                            // Two deep: the top object, the "classes" array.
                            JsonWriter w(scratch, /*pretty=*/true, /*depth=*/2);
                            shared.classes->Class(w, *shared.ranked[*i], *i + 1);
                            part.tail.emplace_back(scratch);
                          }
                          return part;
                        });
  }
  const QueryClass& global = digest.global();  // computed once, before the helper reads it
  shared.classes.emplace(run, extension);
  shared.ranked = RankedClasses(run, options);
  shared.split.emplace(shared.ranked.size());
  shared_ready.set_value();
  const JsonClassWriter& classes = *shared.classes;
  const std::vector<const QueryClass*>& ranked = shared.ranked;
  TwoEnded& split = *shared.split;
  // Written into a buffer that goes to `sink` whenever it holds a MiB: it stays in cache, and
  // no copy of the whole report is ever made.
  constexpr size_t kPieceBytes = 1 << 20;
  std::string out;
  out.reserve(kPieceBytes + (kPieceBytes >> 2));
  auto hand_on = [&] {
    if (out.size() < kPieceBytes) return;
    sink(out);
    out.clear();
  };
  JsonWriter w(out);
  auto timestamp = [&w](std::string_view key, int64_t us) {
    JsonClassWriter::Timestamp(w, key, us);
  };

  w.BeginObject();
  w.Field("tool", "qadvisor").Field("command", extension.command).Field("schema_version", 1);
  w.Key("files").BeginArray();
  for (const std::string& f : run.files) w.String(f);
  w.EndArray();
  w.Field("bytes", run.bytes);
  w.Field("events", digest.events());
  w.Field("skipped", run.skipped);
  w.Field("unique_classes", static_cast<uint64_t>(digest.classes().size()));
  const std::string_view group_by = analyzer::GroupByName(digest.options().group_by);
  w.Field("order_by", options.order.name);
  // What `digest` alone can be asked for (advise and verify keep their documents as they were):
  // the grouping, the limit and the filters in effect, and what the filters left out.
  if (extension.command == "digest") {
    w.Field("group_by", group_by);
    w.Field("ungrouped", digest.ungrouped());
    w.Field("limit", options.limit.name);
    {
      const analyzer::EventFilter* filter = digest.options().filter.get();
      const analyzer::EventFilterSpec none;
      const analyzer::EventFilterSpec& f = filter ? filter->spec() : none;
      w.Key("filters").BeginObject();
      timestamp("since", f.since.value_or(parser::kNoTimestamp));
      timestamp("until", f.until.value_or(parser::kNoTimestamp));
      for (const auto& [key, values] :
           {std::pair<std::string_view, const std::vector<std::string>*>{"db", &f.dbs},
            {"user", &f.users},
            {"host", &f.hosts}}) {
        w.Key(key).BeginArray();
        for (const std::string& v : *values) w.String(v);
        w.EndArray();
      }
      w.FieldOrNull("match", f.match);
      w.EndObject();
    }
    w.Field("filtered", digest.filtered());
    w.Key("filtered_by").BeginObject();
    for (size_t i = 0; i < analyzer::kFilterReasons; ++i) {
      const auto reason = static_cast<analyzer::FilterReason>(i);
      w.Field(analyzer::FilterReasonName(reason), digest.filtered(reason));
    }
    w.EndObject();
  }
  timestamp("first_seen", global.first_seen);
  timestamp("last_seen", global.last_seen);
  classes.Metrics(w, global);

  w.Key("classes").BeginArray();
  while (const std::optional<size_t> i = split.Front()) {
    classes.Class(w, *ranked[*i], *i + 1);
    hand_on();
  }
  HelperPart part;
  if (helper.valid()) part = helper.get();
  for (auto it = part.tail.rbegin(); it != part.tail.rend(); ++it) {
    out += *it;
    hand_on();
  }
  w.EndArray();
  w.Field("issue_count", run.issue_count);
  w.Key("issues").BeginArray();
  for (const auto& fi : run.issues) {
    w.BeginObject()
        .Field("file", fi.file)
        .Field("offset", fi.issue.offset)
        .Field("line", fi.issue.line)
        .Field("message", fi.issue.message)
        .EndObject();
  }
  w.EndArray();
  JsonClassWriter::Rates(w, global);
  if (extension.top_fields) extension.top_fields(w);
  // What `digest --merge` rebuilds the classes from (advise and verify keep their documents).
  if (extension.command == "digest") WriteDigestState(run, w, part.class_states, hand_on);
  w.EndObject();
  out.push_back('\n');
  sink(out);
}

std::string RenderDigestJson(const DigestRun& run, const DigestReportOptions& options,
                             const DigestJsonExtension& extension) {
  std::string json;
  WriteDigestJson(
      run, options, [&json](std::string_view piece) { json += piece; }, extension);
  return json;
}

std::string RenderDigestMarkdown(const DigestRun& run, const DigestReportOptions& options) {
  const analyzer::Digest& digest = run.digest;
  const QueryClass& global = digest.global();
  const Int128 total_time = TotalQueryTime(run);
  const auto ranked = RankedClasses(run, options);
  std::string out = "# qadvisor digest\n\n";
  out += fmt::format("- **Files:** ");
  for (size_t i = 0; i < run.files.size(); ++i)
    out += (i ? ", " : "") + MarkdownCode(FileName(run, i));
  out += fmt::format("\n- **Events:** {} in {} ({} skipped)\n", digest.events(),
                     Plural(digest.classes().size(), "class", "classes"), run.skipped);
  if (const std::string filters = FiltersText(run); !filters.empty()) {
    out += fmt::format("- **Filters:** {}; {}\n", MarkdownCode(filters), FilteredText(digest));
  }
  if (!ByFingerprint(run)) {
    out += fmt::format("- **Grouped by:** {} ({} in no class)\n",
                       analyzer::GroupByName(digest.options().group_by),
                       Plural(digest.ungrouped(), "event", "events"));
  }
  out += fmt::format("- **Total query time:** {} s\n", FormatMillionths(total_time));
  out += fmt::format("- **Time range:** {}; {} QPS, {}x concurrency\n", TimeRange(global),
                     FormatCount(Qps(global)), FormatCount(Concurrency(global)));
  if (const std::string sampled = SampledText(global); !sampled.empty()) {
    out += fmt::format("- **Sampled:** {}\n", sampled);
  }
  out += "\n";
  out += fmt::format("## Top {} by {}\n\n", Plural(ranked.size(), "query class", "query classes"),
                     options.order.name);
  out += "| # | Class | Calls | Total time | Share | Avg | p95 | Rows examined (avg) | Query |\n";
  out += "|--:|---|--:|--:|--:|--:|--:|--:|---|\n";
  for (size_t i = 0; i < ranked.size(); ++i) {
    const QueryClass& c = *ranked[i];
    const Distribution* qt = c.Metric(analyzer::kQueryTime);
    const Distribution* re = c.Metric(analyzer::kRowsExamined);
    const std::string fp = MarkdownCodeCell(OneLine(c.fingerprint, 120));
    out += fmt::format(
        "| {} | `{}` | {} | {} | {} | {} | {} | {} | {} |\n", i + 1, analyzer::FormatClassId(c.id),
        c.count, qt ? FormatDuration(static_cast<int64_t>(qt->sum())) : "-",
        qt ? Percent(qt->sum(), total_time) : "-", qt ? FormatDuration(qt->Average()) : "-",
        qt ? FormatDuration(qt->Percentile(0.95)) : "-",
        re ? FormatCount(Seconds(re->Average())) : "-", fp);
  }
  for (size_t i = 0; i < ranked.size(); ++i) {
    const QueryClass& c = *ranked[i];
    out += fmt::format("\n### {}. `{}`\n\n", i + 1, analyzer::FormatClassId(c.id));
    out += fmt::format("- Calls: {}; time range: {}; {} QPS, {}x concurrency\n", c.count,
                       TimeRange(c), FormatCount(Qps(c)), FormatCount(Concurrency(c)));
    if (const Distribution* qt = c.Metric(analyzer::kQueryTime)) {
      const double sd = qt->StdDev();
      out +=
          fmt::format("- Query time: stddev {}, V/M {:.2f}\n",
                      sd < 0 ? "-" : FormatDuration(std::llround(sd)), analyzer::VarianceToMean(c));
    }
    if (const std::string sampled = SampledText(c); !sampled.empty()) {
      out += fmt::format("- Sampled: {}\n", sampled);
    }
    if (!c.databases.values.empty()) out += "- Databases: " + CountsText(c.databases) + "\n";
    if (!c.users.values.empty()) out += "- Users: " + CountsText(c.users) + "\n";
    out += fmt::format("- Slowest sample: {} byte {} (line {})\n\n",
                       MarkdownCode(FileName(run, c.sample.file)), c.sample.offset, c.sample.line);
    std::string sample = Printable(c.sample.query, 16 * 1024);
    out += MarkdownCodeBlock(sample, "sql");
    const auto tables = SampleTables(c);
    const bool explain = Explainable(c);
    if (!tables.empty() || explain) {
      out += "\nTo look at its tables and plan:\n\n";
      std::string lines;
      for (const parser::TableRefName& t : tables) {
        lines +=
            Printable(ShowTableStatus(t), 1000) + "\n" + Printable(ShowCreateTable(t), 1000) + "\n";
      }
      if (explain) lines += "EXPLAIN " + sample + "\\G\n";
      out += MarkdownCodeBlock(lines, "sql");
    }
  }
  if (run.issue_count > 0) {
    out += fmt::format("\n## Input problems ({})\n\n", run.issue_count);
    for (size_t i = 0; i < run.issues.size() && i < options.max_issues; ++i) {
      const auto& fi = run.issues[i];
      out += fmt::format("- `{}` line {}, byte {}: {}\n", fi.file, fi.issue.line, fi.issue.offset,
                         fi.issue.message);
    }
  }
  return out;
}

}  // namespace qadvisor::report
