// The advise report in four formats (see advise_report.h).
#include "report/advise_report.h"

#include <fmt/format.h>

#include <algorithm>

#include "analyzer/digest.h"
#include "report/check_report.h"
#include "report/digest_report.h"
#include "report/json_writer.h"

namespace qadvisor::report {
namespace {

using analyzer::ClassAdvice;
using analyzer::IndexProposal;
using analyzer::QueryClass;

// The numbers a report needs about the workload and one class.
struct Totals {
  analyzer::Int128 time = 0;  // millionths of a second
  uint64_t count = 0;
};

Totals WorkloadTotals(const AdviseReport& r) {
  Totals t;
  for (const auto& c : r.run->digest.classes()) {
    t.count += c->count;
    if (const auto* qt = c->Metric(analyzer::kQueryTime)) t.time += qt->sum();
  }
  return t;
}

int64_t ClassTime(const QueryClass& c) {
  const auto* qt = c.Metric(analyzer::kQueryTime);
  return qt ? static_cast<int64_t>(qt->sum()) : 0;
}

double Share(const AdviseReport& r, const QueryClass& c, const Totals& t) {
  if (r.timed)
    return t.time > 0 ? static_cast<double>(ClassTime(c)) / static_cast<double>(t.time) : 0;
  return t.count > 0 ? static_cast<double>(c.count) / static_cast<double>(t.count) : 0;
}

std::vector<const QueryClass*> Ranked(const AdviseReport& r) {
  return r.run->digest.Ranked(r.timed ? analyzer::OrderBy::kSum : analyzer::OrderBy::kCount, r.top);
}

const ClassAdvice* AdviceFor(const AdviseReport& r, const std::string& id) {
  return r.advice->Find(id);
}

const std::vector<rules::Finding>& FindingsFor(const AdviseReport& r, const std::string& id) {
  static const std::vector<rules::Finding> kNone;
  const auto it = r.findings.find(id);
  return it == r.findings.end() ? kNone : it->second;
}

std::string Weight(const AdviseReport& r, int64_t weight) {
  if (r.timed) return FormatDuration(weight);
  return fmt::format("{} statement{}", weight, weight == 1 ? "" : "s");
}

// How one table of a class is (or is not) served, in a few words.
std::string IndexStatus(const AdviseReport& r, const analyzer::TableAdvice& t) {
  if (t.proposal >= 0) {
    const IndexProposal& p = r.advice->proposals[t.proposal];
    return fmt::format("proposal #{} `{}` on `{}`", t.proposal + 1, p.name, t.table->name);
  }
  if (!t.served_by.empty()) {
    return fmt::format("`{}` is served by existing index `{}`", t.table->name, t.served_by);
  }
  if (!t.skipped.empty()) return fmt::format("`{}`: no proposal — {}", t.table->name, t.skipped);
  return fmt::format("`{}`: nothing an index can search by (see the findings)", t.table->name);
}

std::string ColumnList(const IndexProposal& p) {
  std::string out;
  for (size_t i = 0; i < p.columns.size(); ++i) {
    if (i > 0) out += ", ";
    out += p.columns[i];
    if (p.prefix_lengths[i] > 0) out += fmt::format("({})", p.prefix_lengths[i]);
    if (p.descending[i]) out += " DESC";
  }
  return out;
}

std::string Header(const AdviseReport& r, const Totals& t) {
  const auto& d = r.run->digest;
  std::string out = fmt::format("{} events, {} query classes", d.events(), d.classes().size());
  if (r.timed)
    out += fmt::format(", {} of query time", FormatDuration(static_cast<int64_t>(t.time)));
  return out;
}

// The time of the classes some proposal serves, each counted once.
int64_t ServedWeight(const AdviseReport& r) {
  int64_t w = 0;
  for (const auto& c : r.run->digest.classes()) {
    const ClassAdvice* a = AdviceFor(r, analyzer::FormatClassId(c->id));
    if (a && std::any_of(a->tables.begin(), a->tables.end(),
                         [](const analyzer::TableAdvice& t) { return t.proposal >= 0; })) {
      w += r.timed ? ClassTime(*c) : static_cast<int64_t>(c->count);
    }
  }
  return w;
}

// Message text as HTML: escaped, and `names` in backticks set as code, as Markdown would.
std::string HtmlMessage(std::string_view s);

// HTML text, escaped.
std::string H(std::string_view s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string HtmlMessage(std::string_view s) {
  std::string out;
  bool code = false;
  size_t start = 0;
  for (size_t i = 0; i <= s.size(); ++i) {
    if (i < s.size() && s[i] != '`') continue;
    // A run of text up to a backtick (or the end).
    out += H(s.substr(start, i - start));
    if (i < s.size()) {
      // Only pair backticks that close: a lone one stays a character.
      if (!code && s.find('`', i + 1) == std::string_view::npos) {
        out += '`';
      } else {
        out += code ? "</code>" : "<code>";
        code = !code;
      }
    }
    start = i + 1;
  }
  if (code) out += "</code>";
  return out;
}

// Markdown table cell text: pipes escaped, newlines as <br>.
std::string Cell(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '|') {
      out += "\\|";
    } else if (c == '\n') {
      out += "<br>";
    } else {
      out += c;
    }
  }
  return out;
}

std::string Snippet(std::string_view s, size_t max) {
  std::string out;
  for (char c : s) out += (c == '\n' || c == '\t' || c == '\r') ? ' ' : c;
  if (out.size() > max) out = out.substr(0, max - 3) + "...";
  return out;
}

}  // namespace

std::string RenderAdviseText(const AdviseReport& r) {
  const Totals t = WorkloadTotals(r);
  std::string out = fmt::format("# qadvisor advise: {}\n", Header(r, t));
  const auto& proposals = r.advice->proposals;
  const double served = r.timed && t.time > 0 ? 100.0 * static_cast<double>(ServedWeight(r)) /
                                                    static_cast<double>(t.time)
                                              : 0;
  out += fmt::format("# {} index proposal{}", proposals.size(), proposals.size() == 1 ? "" : "s");
  if (r.timed && !proposals.empty())
    out += fmt::format(", serving {:.0f}% of the query time", served);
  out += "\n\n## Index proposals\n\n";
  if (proposals.empty())
    out += "No index would help: existing indexes serve the workload, or its fixes are rewrites.\n";
  for (size_t i = 0; i < proposals.size(); ++i) {
    const IndexProposal& p = proposals[i];
    out += fmt::format("{}. `{}` ({})\n", i + 1, p.table->name, ColumnList(p));
    out += fmt::format("   {}\n", p.ddl);
    out += fmt::format("   {}\n", p.reason);
    std::string ids;
    for (const std::string& id : p.query_classes) ids += (ids.empty() ? "" : ", ") + id;
    out += fmt::format("   query classes: {}\n", ids);
    if (!p.replaces.empty()) {
      std::string list;
      for (const std::string& x : p.replaces) list += (list.empty() ? "`" : ", `") + x + "`";
      out += fmt::format("   makes redundant (dropped by the DDL): {}\n", list);
    }
    out += "\n";
  }
  out += "## Query classes\n\n";
  size_t rank = 0;
  for (const QueryClass* c : Ranked(r)) {
    const std::string id = analyzer::FormatClassId(c->id);
    ++rank;
    out +=
        fmt::format("#{} {}  {:.1f}%  {}  {} calls", rank, id, 100.0 * Share(r, *c, t),
                    Weight(r, r.timed ? ClassTime(*c) : static_cast<int64_t>(c->count)), c->count);
    if (const auto* qt = c->Metric(analyzer::kQueryTime)) {
      out += fmt::format("  p95 {}", FormatDuration(qt->Percentile(0.95)));
    }
    out += fmt::format("\n   {}\n", Snippet(c->fingerprint, 160));
    for (const rules::Finding& f : FindingsFor(r, id)) {
      out += fmt::format("   {}: {} [{}]\n", rules::SeverityName(f.severity), f.message, f.rule);
      if (!f.fix.empty()) out += fmt::format("     fix: {}\n", f.fix);
    }
    if (const ClassAdvice* a = AdviceFor(r, id)) {
      for (const auto& ta : a->tables) {
        if (ta.want.columns.empty() && ta.skipped.empty()) continue;
        out += fmt::format("   index: {}\n", IndexStatus(r, ta));
      }
    }
    out += "\n";
  }
  if (!r.schema_findings.empty()) {
    out += "## Schema\n\n";
    for (const rules::Finding& f : r.schema_findings) {
      out += fmt::format("{}:{}: {}: {} [{}]\n", f.location.file, f.location.line,
                         rules::SeverityName(f.severity), f.message, f.rule);
      if (!f.fix.empty()) out += fmt::format("  fix: {}\n", f.fix);
    }
  }
  return out;
}

std::string RenderAdviseMarkdown(const AdviseReport& r) {
  const Totals t = WorkloadTotals(r);
  std::string out = fmt::format("# qadvisor advise\n\n{}.\n\n", Header(r, t));
  const auto& proposals = r.advice->proposals;
  out += "## Index proposals\n\n";
  if (proposals.empty()) {
    out +=
        "No index would help: existing indexes serve the workload, or its fixes are rewrites.\n\n";
  } else {
    out +=
        "| # | Table | Key (covering last) | Serves | Replaces | Why "
        "|\n|---|---|---|---|---|---|\n";
    for (size_t i = 0; i < proposals.size(); ++i) {
      const IndexProposal& p = proposals[i];
      std::string replaces;
      for (const std::string& x : p.replaces)
        replaces += (replaces.empty() ? "`" : ", `") + x + "`";
      out += fmt::format("| {} | `{}` | `{}` | {} class{} ({}) | {} | {} |\n", i + 1, p.table->name,
                         ColumnList(p), p.query_classes.size(),
                         p.query_classes.size() == 1 ? "" : "es", Weight(r, p.weight),
                         replaces.empty() ? "—" : replaces, Cell(p.reason));
    }
    out += "\n```sql\n";
    for (const IndexProposal& p : proposals) out += p.ddl + "\n";
    out += "```\n\n";
  }
  out +=
      "## Query classes\n\n| # | Class | Share | Time | Calls | Query | Findings | Index |\n"
      "|---|---|---|---|---|---|---|---|\n";
  size_t rank = 0;
  for (const QueryClass* c : Ranked(r)) {
    const std::string id = analyzer::FormatClassId(c->id);
    std::string findings;
    for (const rules::Finding& f : FindingsFor(r, id)) {
      findings +=
          (findings.empty() ? "" : "<br>") + fmt::format("**{}** {}", f.rule, Cell(f.message));
    }
    std::string index;
    if (const ClassAdvice* a = AdviceFor(r, id)) {
      for (const auto& ta : a->tables) {
        if (ta.want.columns.empty() && ta.skipped.empty()) continue;
        index += (index.empty() ? "" : "<br>") + Cell(IndexStatus(r, ta));
      }
    }
    std::string query = Cell(Snippet(c->fingerprint, 120));
    for (char& ch : query) ch = ch == '`' ? '\'' : ch;
    out += fmt::format("| {} | `{}` | {:.1f}% | {} | {} | `{}` | {} | {} |\n", ++rank, id,
                       100.0 * Share(r, *c, t),
                       r.timed ? FormatDuration(ClassTime(*c)) : std::string("—"), c->count, query,
                       findings.empty() ? "—" : findings, index.empty() ? "—" : index);
  }
  if (!r.schema_findings.empty()) {
    out += "\n## Schema\n\n| Severity | Rule | Location | Message | Fix |\n|---|---|---|---|---|\n";
    for (const rules::Finding& f : r.schema_findings) {
      out += fmt::format("| {} | `{}` | `{}:{}` | {} | {} |\n", rules::SeverityName(f.severity),
                         f.rule, f.location.file, f.location.line, Cell(f.message),
                         f.fix.empty() ? "—" : "`" + Cell(f.fix) + "`");
    }
  }
  return out;
}

std::string RenderAdviseJson(const AdviseReport& r) {
  DigestReportOptions options;
  options.order = r.timed ? analyzer::OrderBy::kSum : analyzer::OrderBy::kCount;
  options.top = r.top;
  DigestJsonExtension ext;
  ext.command = "advise";
  ext.class_fields = [&r](const QueryClass& c, JsonWriter& w) {
    const std::string id = analyzer::FormatClassId(c.id);
    w.Key("findings").BeginArray();
    for (const rules::Finding& f : FindingsFor(r, id)) WriteFindingJson(w, f);
    w.EndArray();
    w.Key("indexes").BeginArray();
    if (const ClassAdvice* a = AdviceFor(r, id)) {
      for (const auto& ta : a->tables) {
        w.BeginObject().Field("table", ta.table->name);
        w.Key("want").BeginArray();
        for (const std::string& col : ta.want.columns) w.String(col);
        w.EndArray();
        w.Key("include").BeginArray();
        for (const std::string& col : ta.want.include) w.String(col);
        w.EndArray();
        w.Key("served_by");
        ta.served_by.empty() ? w.Null() : w.String(ta.served_by);
        w.Key("proposal");
        ta.proposal < 0 ? w.Null() : w.Int(ta.proposal + 1);
        w.Key("skipped");
        ta.skipped.empty() ? w.Null() : w.String(ta.skipped);
        w.EndObject();
      }
    }
    w.EndArray();
  };
  ext.top_fields = [&r](JsonWriter& w) {
    w.Key("proposals").BeginArray();
    for (size_t i = 0; i < r.advice->proposals.size(); ++i) {
      const IndexProposal& p = r.advice->proposals[i];
      w.BeginObject();
      w.Field("rank", static_cast<uint64_t>(i + 1));
      w.Field("table", p.table->name);
      w.Key("database");
      p.table->database.empty() ? w.Null() : w.String(p.table->database);
      w.Field("name", p.name);
      w.Key("columns").BeginArray();
      for (size_t k = 0; k < p.columns.size() - p.include.size(); ++k) {
        w.String(p.prefix_lengths[k] > 0 ? fmt::format("{}({})", p.columns[k], p.prefix_lengths[k])
                                         : p.columns[k]);
      }
      w.EndArray();
      w.Key("descending").BeginArray();  // per key column: a DESC key part
      for (size_t k = 0; k < p.columns.size() - p.include.size(); ++k) w.Bool(p.descending[k]);
      w.EndArray();
      w.Key("include").BeginArray();
      for (const std::string& c : p.include) w.String(c);
      w.EndArray();
      w.Field("ddl", p.ddl);
      w.Key("query_classes").BeginArray();
      for (const std::string& id : p.query_classes) w.String(id);
      w.EndArray();
      w.Key("replaces").BeginArray();
      for (const std::string& x : p.replaces) w.String(x);
      w.EndArray();
      w.Key("extends");
      p.extends.empty() ? w.Null() : w.String(p.extends);
      if (r.timed) {
        w.Key("query_time").Millionths(p.weight);
      } else {
        w.Field("statements", p.weight);
      }
      w.Field("reason", p.reason);
      w.EndObject();
    }
    w.EndArray();
    w.Key("findings").BeginArray();
    for (const rules::Finding& f : r.schema_findings) WriteFindingJson(w, f);
    w.EndArray();
  };
  return RenderDigestJson(*r.run, options, ext);
}

std::string RenderAdviseHtml(const AdviseReport& r) {
  const Totals t = WorkloadTotals(r);
  const auto classes = Ranked(r);
  const auto& proposals = r.advice->proposals;
  std::string out = R"html(<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>qadvisor advise</title>
<style>
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:2em auto;max-width:1100px;color:#1d2329;padding:0 1em}
h1{font-size:1.6em;margin-bottom:.2em}h2{margin-top:1.6em;border-bottom:1px solid #d8dee4;padding-bottom:.2em}
.sub{color:#57606a}
table{border-collapse:collapse;width:100%;margin:.6em 0}th,td{border:1px solid #d8dee4;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#f6f8fa}code,pre{font:12.5px ui-monospace,SFMono-Regular,Menlo,monospace}
pre{background:#f6f8fa;padding:.6em;overflow-x:auto;white-space:pre-wrap}
.error{color:#b42318;font-weight:600}.warning{color:#9a6700;font-weight:600}.info{color:#0969da}
svg text{font:12px ui-monospace,monospace;fill:#1d2329}
.bar{fill:#0969da}.bar.served{fill:#1a7f37}.axis{stroke:#8c959f}
</style>
</head>
<body>
)html";
  out += "<h1>qadvisor advise</h1>\n";
  out += fmt::format("<p class=\"sub\">{}. {} index proposal{}.</p>\n", H(Header(r, t)),
                     proposals.size(), proposals.size() == 1 ? "" : "s");

  // Chart 1: time (or calls) by query class, bars coloured when a proposal serves the class.
  const double total = r.timed ? static_cast<double>(t.time) : static_cast<double>(t.count);
  const size_t shown = std::min<size_t>(classes.size(), 15);
  const int row = 24, label = 170, width = 760;
  out += fmt::format("<h2>{} by query class</h2>\n", r.timed ? "Query time" : "Statements");
  out += fmt::format(
      "<svg id=\"chart-classes\" role=\"img\" aria-label=\"share by query class\" width=\"{}\" "
      "height=\"{}\" viewBox=\"0 0 {} {}\">\n",
      width, row * shown + 10, width, row * shown + 10);
  // One scale for both charts, so that a proposal's bar and its classes' bars compare.
  double max_share = 0;
  for (size_t i = 0; i < shown; ++i) max_share = std::max(max_share, Share(r, *classes[i], t));
  for (const IndexProposal& p : proposals) {
    if (total > 0) max_share = std::max(max_share, p.weight / total);
  }
  for (size_t i = 0; i < shown; ++i) {
    const QueryClass& c = *classes[i];
    const std::string id = analyzer::FormatClassId(c.id);
    bool served = false;
    if (const ClassAdvice* a = AdviceFor(r, id)) {
      for (const auto& ta : a->tables) served = served || ta.proposal >= 0;
    }
    const double share = Share(r, c, t);
    const int w = max_share > 0 ? static_cast<int>((width - label - 70) * share / max_share) : 0;
    const int y = static_cast<int>(i) * row + 4;
    out += fmt::format(
        "<g><title>{}</title><text x=\"0\" y=\"{}\">#{} {}</text><rect class=\"bar{}\" x=\"{}\" "
        "y=\"{}\" width=\"{}\" height=\"{}\"/><text x=\"{}\" y=\"{}\">{:.1f}%</text></g>\n",
        H(Snippet(c.fingerprint, 200)), y + 14, i + 1, id.substr(0, 12), served ? " served" : "",
        label, y, std::max(w, 1), row - 8, label + std::max(w, 1) + 6, y + 14, 100 * share);
  }
  out += "</svg>\n<p class=\"sub\">Green: a proposal below serves the class.</p>\n";

  // Chart 2: what each proposal serves.
  out += "<h2>Index proposals</h2>\n";
  if (proposals.empty()) {
    out +=
        "<p>No index would help: existing indexes serve the workload, or its fixes are "
        "rewrites.</p>\n";
  } else {
    out += fmt::format(
        "<svg id=\"chart-proposals\" role=\"img\" aria-label=\"time served by each proposal\" "
        "width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\">\n",
        width, row * proposals.size() + 10, width, row * proposals.size() + 10);
    for (size_t i = 0; i < proposals.size(); ++i) {
      const double share = total > 0 ? proposals[i].weight / total : 0;
      const int w = max_share > 0 ? static_cast<int>((width - label - 70) * share / max_share) : 0;
      const int y = static_cast<int>(i) * row + 4;
      out += fmt::format(
          "<g><title>{}</title><text x=\"0\" y=\"{}\">#{} {}</text><rect class=\"bar served\" "
          "x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/><text x=\"{}\" "
          "y=\"{}\">{:.1f}%</text></g>\n",
          H(proposals[i].ddl), y + 14, i + 1, H(Snippet(proposals[i].table->name, 16)), label, y,
          std::max(w, 1), row - 8, label + std::max(w, 1) + 6, y + 14, 100 * share);
    }
    out +=
        "</svg>\n<table><tr><th>#</th><th>Table</th><th>Key (covering last)</th><th>Serves</th>"
        "<th>Replaces</th><th>Why</th></tr>\n";
    for (size_t i = 0; i < proposals.size(); ++i) {
      const IndexProposal& p = proposals[i];
      std::string replaces;
      for (const std::string& x : p.replaces) replaces += (replaces.empty() ? "" : ", ") + x;
      out += fmt::format(
          "<tr><td>{}</td><td><code>{}</code></td><td><code>{}</code></td><td>{} class{} ({})</td>"
          "<td>{}</td><td>{}</td></tr>\n",
          i + 1, H(p.table->name), H(ColumnList(p)), p.query_classes.size(),
          p.query_classes.size() == 1 ? "" : "es", H(Weight(r, p.weight)),
          replaces.empty() ? "—" : "<code>" + H(replaces) + "</code>", HtmlMessage(p.reason));
    }
    out += "</table>\n<pre>";
    for (const IndexProposal& p : proposals) out += H(p.ddl) + "\n";
    out += "</pre>\n";
  }

  out +=
      "<h2>Query classes</h2>\n<table><tr><th>#</th><th>Class</th><th>Share</th><th>Time</th>"
      "<th>Calls</th><th>Query</th><th>Findings</th><th>Index</th></tr>\n";
  size_t rank = 0;
  for (const QueryClass* c : classes) {
    const std::string id = analyzer::FormatClassId(c->id);
    std::string findings;
    for (const rules::Finding& f : FindingsFor(r, id)) {
      findings += fmt::format("<div><span class=\"{}\">{}</span> <code>{}</code> {}{}</div>",
                              rules::SeverityName(f.severity), rules::SeverityName(f.severity),
                              H(f.rule), HtmlMessage(f.message),
                              f.fix.empty() ? "" : "<br><code>" + H(f.fix) + "</code>");
    }
    std::string index;
    if (const ClassAdvice* a = AdviceFor(r, id)) {
      for (const auto& ta : a->tables) {
        if (ta.want.columns.empty() && ta.skipped.empty()) continue;
        index += "<div>" + HtmlMessage(IndexStatus(r, ta)) + "</div>";
      }
    }
    out += fmt::format(
        "<tr><td>{}</td><td><code>{}</code></td><td>{:.1f}%</td><td>{}</td><td>{}</td>"
        "<td><code>{}</code></td><td>{}</td><td>{}</td></tr>\n",
        ++rank, id, 100.0 * Share(r, *c, t),
        r.timed ? FormatDuration(ClassTime(*c)) : std::string("—"), c->count,
        H(Snippet(c->fingerprint, 300)), findings.empty() ? "—" : findings,
        index.empty() ? "—" : index);
  }
  out += "</table>\n";
  if (!r.schema_findings.empty()) {
    out +=
        "<h2>Schema</h2>\n<table><tr><th>Severity</th><th>Rule</th><th>Location</th>"
        "<th>Message</th><th>Fix</th></tr>\n";
    for (const rules::Finding& f : r.schema_findings) {
      out += fmt::format(
          "<tr><td class=\"{}\">{}</td><td><code>{}</code></td><td><code>{}:{}</code></td>"
          "<td>{}</td><td><code>{}</code></td></tr>\n",
          rules::SeverityName(f.severity), rules::SeverityName(f.severity), H(f.rule),
          H(f.location.file), f.location.line, HtmlMessage(f.message), H(f.fix));
    }
    out += "</table>\n";
  }
  out += fmt::format("<p class=\"sub\">Generated by qadvisor {}.</p>\n</body>\n</html>\n",
                     H(r.tool_version));
  return out;
}

}  // namespace qadvisor::report
