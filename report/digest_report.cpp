#include "report/digest_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>

namespace qadvisor::report {

using analyzer::CoreMetric;
using analyzer::Distribution;
using analyzer::DigestRun;
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

std::string MetricKey(std::string_view name) {
  std::string key(name);
  for (char& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return key;
}

// Seconds-like metrics print as durations; the rest as counts.
bool IsTimeMetric(std::string_view name) {
  return name.ends_with("_time") || name.ends_with("_wait") || name == "Lock_time";
}

// Keeps text printable in a terminal report: control bytes become '?'.
std::string Printable(std::string_view s, size_t limit = std::string::npos) {
  std::string out;
  out.reserve(std::min(s.size(), limit));
  for (const char c : s.substr(0, limit)) {
    const auto u = static_cast<unsigned char>(c);
    out.push_back(u < 0x20 && c != '\n' && c != '\t' ? '?' : c);
  }
  if (s.size() > limit) out += "...";
  return out;
}

std::string OneLine(std::string_view s, size_t limit) {
  std::string out = Printable(s, limit);
  std::replace(out.begin(), out.end(), '\n', ' ');
  std::replace(out.begin(), out.end(), '\t', ' ');
  return out;
}

double Seconds(int64_t micros) { return static_cast<double>(micros) / kMillion; }

double ToDouble(Int128 v) { return static_cast<double>(v) / kMillion; }

nlohmann::json MetricJson(const Distribution& d) {
  nlohmann::json j;
  auto value = [&](int64_t v) -> nlohmann::json {
    if (d.integral()) return v / kMillion;
    return Seconds(v);
  };
  if (d.integral()) {
    j["sum"] = static_cast<int64_t>(d.sum() / kMillion);
  } else {
    j["sum"] = ToDouble(d.sum());
  }
  j["min"] = value(d.min());
  j["max"] = value(d.max());
  j["avg"] = Seconds(d.Average());
  j["median"] = value(d.Percentile(0.5));
  j["p95"] = value(d.Percentile(0.95));
  return j;
}

nlohmann::json TimestampJson(int64_t us) {
  if (us == parser::kNoTimestamp) return nullptr;
  return FormatTimestamp(us);
}

nlohmann::json CountsJson(const analyzer::ValueCounts& counts) {
  nlohmann::json a = nlohmann::json::array();
  for (const auto& [name, n] : counts.Sorted()) a.push_back({{"name", name}, {"count", n}});
  if (counts.other > 0) a.push_back({{"name", nullptr}, {"count", counts.other}});
  return a;
}

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
  std::string verb(f.substr(0, sp));
  for (char& ch : verb) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
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
    case analyzer::kQueryTime: return "Exec time";
    case analyzer::kLockTime: return "Lock time";
    case analyzer::kRowsSent: return "Rows sent";
    case analyzer::kRowsExamined: return "Rows examine";
    default: return run.digest.metric_names()[id];
  }
}

std::string MetricCell(const DigestRun& run, uint32_t id, int64_t v) {
  if (IsTimeMetric(run.digest.metric_names()[id])) return FormatDuration(v);
  return FormatCount(static_cast<double>(v) / kMillion);
}

std::string MetricSumCell(const DigestRun& run, uint32_t id, Int128 v) {
  if (IsTimeMetric(run.digest.metric_names()[id])) {
    return FormatDuration(static_cast<int64_t>(std::min<Int128>(v, INT64_MAX)));
  }
  return FormatCount(ToDouble(v));
}

void MetricTable(const DigestRun& run, const QueryClass& c, const QueryClass* global,
                 std::string& out) {
  if (global) {
    out += fmt::format("# {:<20} {:>5} {:>7} {:>7} {:>7} {:>7} {:>7} {:>7}\n", "Attribute", "pct",
                       "total", "min", "max", "avg", "95%", "median");
    out += fmt::format("# {:=<20} {:=>5} {:=>7} {:=>7} {:=>7} {:=>7} {:=>7} {:=>7}\n", "", "", "", "",
                       "", "", "", "");
    out += fmt::format("# {:<20} {:>5} {:>7}\n", "Count",
                       static_cast<int>(100.0 * c.count / std::max<uint64_t>(global->count, 1)),
                       FormatCount(static_cast<double>(c.count)));
  } else {
    out += fmt::format("# {:<20} {:>7} {:>7} {:>7} {:>7} {:>7} {:>7}\n", "Attribute", "total", "min",
                       "max", "avg", "95%", "median");
    out += fmt::format("# {:=<20} {:=>7} {:=>7} {:=>7} {:=>7} {:=>7} {:=>7}\n", "", "", "", "", "", "",
                       "");
  }
  for (uint32_t id = 0; id < c.metrics.size(); ++id) {
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
    out += fmt::format("# {:<20}{} {:>7} {:>7} {:>7} {:>7} {:>7} {:>7}\n",
                       OneLine(MetricName(run, id), 20), pct, MetricSumCell(run, id, d->sum()),
                       MetricCell(run, id, d->min()), MetricCell(run, id, d->max()),
                       MetricCell(run, id, d->Average()), MetricCell(run, id, d->Percentile(0.95)),
                       MetricCell(run, id, d->Percentile(0.5)));
  }
  for (uint32_t id = 0; id < c.flags_seen.size(); ++id) {
    if (c.flags_seen[id] == 0) continue;
    out += fmt::format("# {:<20} {}% yes, {}% no\n", OneLine(run.digest.flag_names()[id], 20),
                       100 * c.flags_yes[id] / c.flags_seen[id],
                       100 - 100 * c.flags_yes[id] / c.flags_seen[id]);
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

}  // namespace

std::string OrderByName(analyzer::OrderBy order) {
  switch (order) {
    case analyzer::OrderBy::kCount: return "count";
    case analyzer::OrderBy::kMax: return "max";
    case analyzer::OrderBy::kP95: return "p95";
    case analyzer::OrderBy::kSum: break;
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
  return fmt::format("{:04}-{:02}-{:02} {:02}:{:02}:{:02}", y, m, d, rem / 3600, rem / 60 % 60,
                     rem % 60);
}

std::string FormatDuration(int64_t us) {
  if (us < 0) return fmt::format("-{}", FormatDuration(-us));
  if (us < 1000) return fmt::format("{}us", us);
  if (us < kMillion) {
    return us < 10000 ? fmt::format("{:.1f}ms", us / 1000.0) : fmt::format("{}ms", us / 1000);
  }
  const double s = Seconds(us);
  return s < 10 ? fmt::format("{:.2f}s", s) : s < 100 ? fmt::format("{:.1f}s", s) : fmt::format("{:.0f}s", s);
}

std::string FormatCount(double v) {
  if (v < 0) return "-" + FormatCount(-v);
  if (v < 1000) {
    return v == static_cast<double>(static_cast<int64_t>(v)) ? fmt::format("{}", static_cast<int64_t>(v))
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
  const auto ranked = digest.Ranked(options.order, options.top);
  const Int128 total_time = TotalQueryTime(run);

  out += fmt::format("# qadvisor digest\n# Files: ");
  for (size_t i = 0; i < run.files.size(); ++i) out += (i ? ", " : "") + FileName(run, i);
  out += fmt::format("\n# Bytes read: {}\n", FormatCount(static_cast<double>(run.bytes)));
  out += fmt::format("# Overall: {} events, {} unique, {} skipped\n",
                     FormatCount(static_cast<double>(digest.events())), digest.classes().size(),
                     run.skipped);
  out += fmt::format("# Time range: {}\n", TimeRange(global));
  MetricTable(run, global, nullptr, out);
  if (!global.databases.values.empty()) out += "# Databases     " + CountsText(global.databases) + "\n";
  if (!global.users.values.empty()) out += "# Users         " + CountsText(global.users) + "\n";
  if (!global.hosts.values.empty()) out += "# Hosts         " + CountsText(global.hosts) + "\n";

  out += fmt::format("\n# Profile (ranked by {}{})\n", OrderByName(options.order),
                     options.top ? fmt::format(", top {}", options.top) : "");
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
                       fmt::format("{:.4f}", qt ? Seconds(qt->Average()) : 0.0), OneLine(Item(c), 40));
  }
  if (ranked.size() < digest.classes().size()) {
    const Int128 rest = total_time - shown_time;
    out += fmt::format("# MISC {:<18} {:>14} {:>6} {:>7} {:>8} <{} ITEMS>\n", "0xMISC",
                       fmt::format("{:.4f}", ToDouble(rest)), Percent(rest, total_time),
                       digest.events() - shown_calls, "0.0", digest.classes().size() - ranked.size());
  }

  for (size_t i = 0; i < ranked.size(); ++i) {
    const QueryClass& c = *ranked[i];
    out += fmt::format("\n# Query {}: ID 0x{} at byte {} of {} (line {}) ____________\n", i + 1,
                       analyzer::FormatClassId(c.id), c.sample.offset, FileName(run, c.sample.file),
                       c.sample.line);
    MetricTable(run, c, &global, out);
    if (!c.databases.values.empty()) out += "# Databases     " + CountsText(c.databases) + "\n";
    if (!c.users.values.empty()) out += "# Users         " + CountsText(c.users) + "\n";
    if (!c.hosts.values.empty()) out += "# Hosts         " + CountsText(c.hosts) + "\n";
    out += fmt::format("# Time range    {}\n", TimeRange(c));
    out += "# Fingerprint   " + OneLine(c.fingerprint, 2000) + "\n";
    if (!c.sample.db.empty()) out += fmt::format("USE `{}`\\G\n", OneLine(c.sample.db, 200));
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
      out += fmt::format("#   ... {} more\n", run.issue_count - std::min<uint64_t>(run.issue_count, options.max_issues));
    }
  }
  return out;
}

std::string RenderDigestJson(const DigestRun& run, const DigestReportOptions& options) {
  const analyzer::Digest& digest = run.digest;
  nlohmann::json j;
  j["tool"] = "qadvisor";
  j["command"] = "digest";
  j["schema_version"] = 1;
  nlohmann::json files = nlohmann::json::array();
  for (const std::string& f : run.files) files.push_back(f);
  j["files"] = files;
  j["bytes"] = run.bytes;
  j["events"] = digest.events();
  j["skipped"] = run.skipped;
  j["unique_classes"] = digest.classes().size();
  j["order_by"] = OrderByName(options.order);
  const QueryClass& global = digest.global();
  j["first_seen"] = TimestampJson(global.first_seen);
  j["last_seen"] = TimestampJson(global.last_seen);

  auto metrics_json = [&](const QueryClass& c) {
    nlohmann::json m = nlohmann::json::object();
    for (uint32_t id = 0; id < c.metrics.size(); ++id) {
      if (const Distribution* d = c.Metric(id)) m[MetricKey(digest.metric_names()[id])] = MetricJson(*d);
    }
    return m;
  };
  auto flags_json = [&](const QueryClass& c) {
    nlohmann::json f = nlohmann::json::object();
    for (uint32_t id = 0; id < c.flags_seen.size(); ++id) {
      if (c.flags_seen[id] > 0) f[MetricKey(digest.flag_names()[id])] = c.flags_yes[id];
    }
    return f;
  };
  j["metrics"] = metrics_json(global);

  nlohmann::json classes = nlohmann::json::array();
  const Int128 total_time = TotalQueryTime(run);
  size_t rank = 0;
  for (const QueryClass* cp : digest.Ranked(options.order, options.top)) {
    const QueryClass& c = *cp;
    nlohmann::json cj;
    cj["rank"] = ++rank;
    cj["id"] = analyzer::FormatClassId(c.id);
    cj["fingerprint"] = c.fingerprint;
    cj["count"] = c.count;
    const Distribution* qt = c.Metric(analyzer::kQueryTime);
    cj["time_share"] = total_time > 0 && qt ? static_cast<double>(qt->sum()) / static_cast<double>(total_time) : 0.0;
    cj["sample"] = c.sample.query;
    cj["sample_at"] = {{"file", FileName(run, c.sample.file)},
                       {"offset", c.sample.offset},
                       {"line", c.sample.line},
                       {"db", c.sample.db.empty() ? nlohmann::json(nullptr) : nlohmann::json(c.sample.db)},
                       {"timestamp", TimestampJson(c.sample.timestamp_us)},
                       {"query_time", c.sample.query_time >= 0 ? nlohmann::json(Seconds(c.sample.query_time)) : nlohmann::json(nullptr)}};
    cj["first_seen"] = TimestampJson(c.first_seen);
    cj["last_seen"] = TimestampJson(c.last_seen);
    cj["databases"] = CountsJson(c.databases);
    cj["users"] = CountsJson(c.users);
    cj["hosts"] = CountsJson(c.hosts);
    cj["metrics"] = metrics_json(c);
    cj["flags"] = flags_json(c);
    classes.push_back(std::move(cj));
  }
  j["classes"] = std::move(classes);
  j["issue_count"] = run.issue_count;
  nlohmann::json issues = nlohmann::json::array();
  for (const auto& fi : run.issues) {
    issues.push_back({{"file", fi.file}, {"offset", fi.issue.offset}, {"line", fi.issue.line},
                      {"message", fi.issue.message}});
  }
  j["issues"] = std::move(issues);
  // Logs may hold invalid UTF-8: replace it rather than fail.
  return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

std::string RenderDigestMarkdown(const DigestRun& run, const DigestReportOptions& options) {
  const analyzer::Digest& digest = run.digest;
  const QueryClass& global = digest.global();
  const Int128 total_time = TotalQueryTime(run);
  const auto ranked = digest.Ranked(options.order, options.top);
  std::string out = "# qadvisor digest\n\n";
  out += fmt::format("- **Files:** ");
  for (size_t i = 0; i < run.files.size(); ++i) out += (i ? ", " : "") + fmt::format("`{}`", FileName(run, i));
  out += fmt::format("\n- **Events:** {} in {} classes ({} skipped)\n", digest.events(),
                     digest.classes().size(), run.skipped);
  out += fmt::format("- **Total query time:** {} s\n", FormatMillionths(total_time));
  out += fmt::format("- **Time range:** {}\n\n", TimeRange(global));
  out += fmt::format("## Top {} query classes by {}\n\n", ranked.size(), OrderByName(options.order));
  out += "| # | Class | Calls | Total time | Share | Avg | p95 | Rows examined (avg) | Query |\n";
  out += "|--:|---|--:|--:|--:|--:|--:|--:|---|\n";
  for (size_t i = 0; i < ranked.size(); ++i) {
    const QueryClass& c = *ranked[i];
    const Distribution* qt = c.Metric(analyzer::kQueryTime);
    const Distribution* re = c.Metric(analyzer::kRowsExamined);
    std::string fp = OneLine(c.fingerprint, 120);
    std::replace(fp.begin(), fp.end(), '|', '/');
    std::replace(fp.begin(), fp.end(), '`', '\'');
    out += fmt::format("| {} | `{}` | {} | {} | {} | {} | {} | {} | `{}` |\n", i + 1,
                       analyzer::FormatClassId(c.id), c.count,
                       qt ? FormatDuration(static_cast<int64_t>(qt->sum())) : "-",
                       qt ? Percent(qt->sum(), total_time) : "-",
                       qt ? FormatDuration(qt->Average()) : "-",
                       qt ? FormatDuration(qt->Percentile(0.95)) : "-",
                       re ? FormatCount(Seconds(re->Average())) : "-", fp);
  }
  for (size_t i = 0; i < ranked.size(); ++i) {
    const QueryClass& c = *ranked[i];
    out += fmt::format("\n### {}. `{}`\n\n", i + 1, analyzer::FormatClassId(c.id));
    out += fmt::format("- Calls: {}; time range: {}\n", c.count, TimeRange(c));
    if (!c.databases.values.empty()) out += "- Databases: " + CountsText(c.databases) + "\n";
    if (!c.users.values.empty()) out += "- Users: " + CountsText(c.users) + "\n";
    out += fmt::format("- Slowest sample: `{}` byte {} (line {})\n\n", FileName(run, c.sample.file),
                       c.sample.offset, c.sample.line);
    std::string sample = Printable(c.sample.query, 16 * 1024);
    out += "```sql\n" + sample + (sample.ends_with('\n') ? "" : "\n") + "```\n";
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
