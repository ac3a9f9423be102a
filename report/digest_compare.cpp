#include "report/digest_compare.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "report/digest_report.h"
#include "report/json_writer.h"
#include "report/markdown.h"

namespace qadvisor::report {
namespace {

using analyzer::ClassChange;
using analyzer::Int128;

size_t Listed(const CompareReport& r) {
  const size_t n = r.comparison->changes.size();
  return r.top == 0 ? n : std::min(n, r.top);
}

// "+35%", "+inf", "-", for a growth as analyzer::Growth gives it.
std::string GrowthText(const ClassChange& c, bool p95) {
  if (!c.before || !c.after) return "-";
  const double g = p95 ? analyzer::Growth(c.p95_before, c.p95_after)
                       : analyzer::Growth(c.sum_before, c.sum_after);
  if (std::isinf(g)) return "new time";
  return fmt::format("{:+.0f}%", 100.0 * g);
}

std::string Side(const ClassChange& c, bool after, bool p95) {
  if (after ? !c.after : !c.before) return "-";
  if (p95) return FormatDuration(after ? c.p95_after : c.p95_before);
  return FormatDuration(static_cast<int64_t>(after ? c.sum_after : c.sum_before));
}

std::string Calls(const ClassChange& c) {
  return fmt::format("{} -> {}", c.before ? fmt::format("{}", c.before->count) : "-",
                     c.after ? fmt::format("{}", c.after->count) : "-");
}

std::string Impact(const ClassChange& c) {
  const Int128 i = c.impact();
  return (i >= 0 ? "+" : "-") + FormatDuration(static_cast<int64_t>(i >= 0 ? i : -i));
}

std::string Summary(const CompareReport& r) {
  const analyzer::Comparison& c = *r.comparison;
  return fmt::format("{} grown beyond {} (p95 or total Query_time), {} new, {} gone, {} unchanged",
                     c.grown, r.threshold_text, c.new_classes, c.gone, c.unchanged);
}

std::string Files(const analyzer::DigestRun& run) {
  std::string out;
  for (const std::string& f : run.files) out += (out.empty() ? "" : ", ") + f;
  return out;
}

std::string OneLine(std::string_view s, size_t limit) {
  std::string out(s.substr(0, limit));
  std::replace(out.begin(), out.end(), '\n', ' ');
  std::replace(out.begin(), out.end(), '\t', ' ');
  if (s.size() > limit) out += "...";
  return out;
}

}  // namespace

std::string RenderCompareText(const CompareReport& r) {
  std::string out = "# qadvisor digest --compare\n";
  out += fmt::format("# Before: {} ({} events, {} classes)\n", Files(*r.before),
                     r.before->digest.events(), r.before->digest.classes().size());
  out += fmt::format("# After:  {} ({} events, {} classes)\n", Files(*r.after),
                     r.after->digest.events(), r.after->digest.classes().size());
  out += "# " + Summary(r) + "\n";
  const size_t n = Listed(r);
  if (n == 0) return out + "# Nothing grew, appeared or disappeared.\n";
  out += fmt::format("# {} by the query time each change added or removed\n\n", n);
  out +=
      fmt::format("{:<6} {:<16} {:>13} {:>8} {:>8} {:>6} {:>8} {:>8} {:>6} {:>9}  {}\n", "change",
                  "class", "calls", "p95", "p95", "", "total", "total", "", "impact", "query");
  out += fmt::format("{:<6} {:<16} {:>13} {:>8} {:>8} {:>6} {:>8} {:>8} {:>6} {:>9}\n", "", "",
                     "before->after", "before", "after", "", "before", "after", "", "");
  for (size_t i = 0; i < n; ++i) {
    const ClassChange& c = r.comparison->changes[i];
    out += fmt::format("{:<6} {:<16} {:>13} {:>8} {:>8} {:>6} {:>8} {:>8} {:>6} {:>9}  {}\n",
                       analyzer::ChangeKindName(c.kind), analyzer::FormatClassId(c.any().id),
                       Calls(c), Side(c, false, true), Side(c, true, true), GrowthText(c, true),
                       Side(c, false, false), Side(c, true, false), GrowthText(c, false), Impact(c),
                       OneLine(c.any().fingerprint, 80));
  }
  return out;
}

std::string RenderCompareMarkdown(const CompareReport& r) {
  std::string out = "# qadvisor digest --compare\n\n";
  out += fmt::format("- **Before:** {} ({} events, {})\n", MarkdownCode(Files(*r.before)),
                     r.before->digest.events(),
                     Plural(r.before->digest.classes().size(), "class", "classes"));
  out += fmt::format("- **After:** {} ({} events, {})\n", MarkdownCode(Files(*r.after)),
                     r.after->digest.events(),
                     Plural(r.after->digest.classes().size(), "class", "classes"));
  out += "- " + Summary(r) + "\n\n";
  const size_t n = Listed(r);
  if (n == 0) return out + "Nothing grew, appeared or disappeared.\n";
  out +=
      "| Change | Class | Calls | p95 before | p95 after | p95 | Total before | Total after | "
      "Total | Impact | Query |\n";
  out += "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|---|\n";
  for (size_t i = 0; i < n; ++i) {
    const ClassChange& c = r.comparison->changes[i];
    out += fmt::format("| {} | `{}` | {} | {} | {} | {} | {} | {} | {} | {} | {} |\n",
                       analyzer::ChangeKindName(c.kind), analyzer::FormatClassId(c.any().id),
                       MarkdownCell(Calls(c)), Side(c, false, true), Side(c, true, true),
                       GrowthText(c, true), Side(c, false, false), Side(c, true, false),
                       GrowthText(c, false), Impact(c),
                       MarkdownCodeCell(OneLine(c.any().fingerprint, 120)));
  }
  return out;
}

std::string RenderCompareJson(const CompareReport& r) {
  std::string out;
  JsonWriter w(out);
  auto side = [&](std::string_view key, const analyzer::DigestRun& run) {
    w.Key(key).BeginObject();
    w.Key("files").BeginArray();
    for (const std::string& f : run.files) w.String(f);
    w.EndArray();
    w.Field("events", run.digest.events());
    w.Field("classes", static_cast<uint64_t>(run.digest.classes().size()));
    w.EndObject();
  };
  auto growth = [&](std::string_view key, const ClassChange& c, Int128 before, Int128 after) {
    w.Key(key);
    const double g = analyzer::Growth(before, after);
    if (!c.before || !c.after || std::isinf(g)) {
      w.Null();
    } else {
      w.Double(g);
    }
  };
  const analyzer::Comparison& cmp = *r.comparison;
  w.BeginObject();
  w.Field("tool", "qadvisor").Field("command", "digest-compare").Field("schema_version", 1);
  side("before", *r.before);
  side("after", *r.after);
  w.Field("group_by", analyzer::GroupByName(r.after->digest.options().group_by));
  w.Key("threshold").Double(r.threshold);
  w.Field("grown", cmp.grown).Field("new", cmp.new_classes).Field("gone", cmp.gone);
  w.Field("unchanged", cmp.unchanged);
  w.Key("changes").BeginArray();
  for (size_t i = 0; i < Listed(r); ++i) {
    const ClassChange& c = cmp.changes[i];
    w.BeginObject();
    w.Field("change", analyzer::ChangeKindName(c.kind));
    w.Field("id", analyzer::FormatClassId(c.any().id));
    // What the class is, named as `digest` names it: a fingerprint, db, user, host or table.
    w.Field(analyzer::GroupByName(r.after->digest.options().group_by), c.any().fingerprint);
    for (const auto& [key, q] : {std::pair{"before", c.before}, std::pair{"after", c.after}}) {
      w.Key(key);
      if (!q) {
        w.Null();
        continue;
      }
      const bool after = q == c.after;
      w.BeginObject();
      w.Field("count", q->count);
      w.Key("p95").Millionths(after ? c.p95_after : c.p95_before);
      w.Key("sum").Millionths128(after ? c.sum_after : c.sum_before);
      w.EndObject();
    }
    growth("p95_growth", c, c.p95_before, c.p95_after);
    growth("sum_growth", c, c.sum_before, c.sum_after);
    w.Key("impact").Millionths128(c.impact());
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
  out.push_back('\n');
  return out;
}

}  // namespace qadvisor::report
