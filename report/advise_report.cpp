// The advise report in four formats (see advise_report.h).
#include "report/advise_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <utility>

#include "analyzer/digest.h"
#include "report/check_report.h"
#include "report/digest_report.h"
#include "report/json_writer.h"
#include "report/markdown.h"

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
  return Plural(static_cast<uint64_t>(std::max<int64_t>(weight, 0)), "statement", "statements");
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

// What the workload's writes would spend keeping a proposal up to date, or "—" when none
// maintains it: "+2ms over 310 writes (est.)".
std::string WriteCost(const AdviseReport& r, const IndexProposal& p) {
  if (p.write_calls == 0) return "—";
  if (!r.timed) return Plural(p.write_calls, "write statement", "write statements");
  return fmt::format("+{} over {} (est.)", FormatDuration(p.write_cost),
                     Plural(p.write_calls, "write", "writes"));
}

// One table's writes: "1200 INSERT, 30 UPDATE, 1400 rows affected, 4.1s".
std::string WritesSummary(const AdviseReport& r, const analyzer::TableWrites& w) {
  std::string out;
  for (const auto& [n, verb] : {std::pair{w.inserts, "INSERT"}, std::pair{w.updates, "UPDATE"},
                                std::pair{w.deletes, "DELETE"}, std::pair{w.replaces, "REPLACE"}}) {
    if (n > 0) out += fmt::format("{}{} {}", out.empty() ? "" : ", ", n, verb);
  }
  if (w.rows_affected) out += fmt::format(", {} rows affected", *w.rows_affected);
  if (r.timed) out += ", " + FormatDuration(w.weight);
  return out;
}

std::string Header(const AdviseReport& r, const Totals& t) {
  const auto& d = r.run->digest;
  std::string out = Plural(d.events(), "event", "events") + ", " +
                    Plural(d.classes().size(), "query class", "query classes");
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

// A finding's fix as HTML code after `before`, marked when it is unsafe; empty without one.
std::string HtmlFix(const rules::Finding& f, std::string_view before) {
  if (f.fix.empty()) return "";
  const bool unsafe = rules::FixApplicability(f) == rules::Applicability::kUnsafe;
  return fmt::format("{}{}<code>{}</code>", before, unsafe ? "<b>unsafe:</b> " : "", H(f.fix));
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

// ---- Verification (`qadvisor verify`) -------------------------------------------------------

using analyzer::MeasuredPlan;
using analyzer::QueryVerification;
using analyzer::Verdict;
using analyzer::VerificationRun;
using analyzer::WriteVerification;

std::string_view Command(const AdviseReport& r) { return r.verification ? "verify" : "advise"; }

Verdict VerdictOf(const AdviseReport& r, size_t proposal) {
  return analyzer::ProposalVerdict(r.verification->queries, proposal);
}

// A proposal that could not be measured stays recommended, unverified: the advisor's reasons
// still hold, and nothing measured says otherwise.
bool Recommended(Verdict v) { return v == Verdict::kHelps || v == Verdict::kSkipped; }

// The verdict as a reader should take it: "hurts: not recommended".
std::string VerdictTag(Verdict v) {
  switch (v) {
    case Verdict::kHelps:
      return "helps";
    case Verdict::kNoChange:
      return "no-change: not recommended";
    case Verdict::kHurts:
      return "hurts: not recommended";
    case Verdict::kSkipped:
      break;
  }
  return "skipped: unverified";
}

// A proposal's DDL for a script to apply: commented out where the measurements advise against.
std::string DdlLine(const AdviseReport& r, size_t proposal) {
  const std::string& ddl = r.advice->proposals[proposal].ddl;
  if (!r.verification) return ddl;
  const Verdict v = VerdictOf(r, proposal);
  if (Recommended(v)) return ddl;
  return fmt::format("-- not recommended ({}): {}", analyzer::VerdictName(v), ddl);
}

std::vector<const QueryVerification*> QueriesOf(const AdviseReport& r, size_t proposal) {
  std::vector<const QueryVerification*> out;
  for (const QueryVerification& q : r.verification->queries) {
    if (q.proposal == proposal) out.push_back(&q);
  }
  return out;
}

// A count rounded to an integer, in groups of three: "199 847".
std::string FormatRows(double rows) {
  const std::string digits = fmt::format("{:.0f}", std::max(rows, 0.0));
  std::string out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ' ';
    out += digits[i];
  }
  return out;
}

// Three significant digits, never an exponent for what a timer measures.
std::string Sig3(double x) {
  if (x < 0.001) return "<0.001";
  return fmt::format("{:.3g}", x);
}

// "0.31 ms", "84.2 ms", "1.25 s", "30 s", "4 000 s".
std::string FormatMs(double ms) {
  if (ms <= 0) return "0 ms";
  if (ms < 999.5) return Sig3(ms) + " ms";
  const double s = ms / 1000;
  return s < 999.5 ? Sig3(s) + " s" : FormatRows(s) + " s";
}

// "271×" and "2 400×" (integers from 10), "1.4×", "1.0×", "0.71×" (two significant digits).
std::string FormatSpeedup(double x) {
  return x < 9.95 ? fmt::format("{:#.2g}×", x) : FormatRows(x) + "×";
}

// "≥ 30 s" for a run stopped at the time limit: its median is a floor.
std::string MedianText(const MeasuredPlan& m, const VerificationRun& v) {
  if (!m.timed_out) return FormatMs(m.median_ms);
  const double floor_ms = m.median_ms > 0 ? m.median_ms : v.time_limit_seconds * 1000;
  return "≥ " + FormatMs(floor_ms);
}

bool Explained(const MeasuredPlan& m) { return !m.access_type.empty(); }
bool Timed(const MeasuredPlan& m) { return m.runs > 0 || m.timed_out; }
bool Measured(const QueryVerification* q) {
  return Explained(q->before) || Explained(q->after) || Timed(q->before) || Timed(q->after);
}

// EXPLAIN's Extra, as much of it as was kept: "Using index; Using filesort", or "—".
std::string ExtraText(const MeasuredPlan& m) {
  std::string out;
  for (const auto& [on, text] :
       {std::pair{m.using_index, "Using index"}, std::pair{m.using_filesort, "Using filesort"},
        std::pair{m.using_temporary, "Using temporary"}}) {
    if (on) out += (out.empty() ? "" : "; ") + std::string(text);
  }
  return out.empty() ? "—" : out;
}

// One before → after table row, as plain text cells ("ALL → ref"). A side that was not
// measured is "?"; a row with neither side measured is "—". Tables show `extra`; the text
// report, one line per cell, shows its three parts.
struct VerificationCells {
  std::string access, key, rows, rows_read, filtered, using_index, filesort, temporary, extra,
      median, speedup;
};

VerificationCells CellsFor(const QueryVerification& q, const VerificationRun& v) {
  VerificationCells c;
  const bool eb = Explained(q.before), ea = Explained(q.after);
  auto plan = [&](auto field) {
    if (!eb && !ea) return std::string("—");
    return fmt::format("{} → {}", eb ? field(q.before) : "?", ea ? field(q.after) : "?");
  };
  auto yes_no = [](bool b) { return std::string(b ? "yes" : "no"); };
  c.access = plan([](const MeasuredPlan& m) { return m.access_type; });
  c.key = plan([](const MeasuredPlan& m) { return m.key.empty() ? std::string("—") : m.key; });
  c.rows = plan([](const MeasuredPlan& m) { return FormatRows(m.rows); });
  c.filtered = plan([](const MeasuredPlan& m) { return Sig3(m.filtered) + "%"; });
  const auto read = [](const MeasuredPlan& m) {
    return m.rows_read ? FormatRows(*m.rows_read) : std::string("?");
  };
  c.rows_read = !q.before.rows_read && !q.after.rows_read
                    ? "—"
                    : fmt::format("{} → {}", read(q.before), read(q.after));
  c.using_index = plan([&](const MeasuredPlan& m) { return yes_no(m.using_index); });
  c.filesort = plan([&](const MeasuredPlan& m) { return yes_no(m.using_filesort); });
  c.temporary = plan([&](const MeasuredPlan& m) { return yes_no(m.using_temporary); });
  c.extra = plan(ExtraText);
  const bool tb = Timed(q.before), ta = Timed(q.after);
  c.median = !tb && !ta ? "—"
                        : fmt::format("{} → {}", tb ? MedianText(q.before, v) : "?",
                                      ta ? MedianText(q.after, v) : "?");
  // A time limit makes the speedup a bound: a floor when only `before` was cut short.
  if (q.speedup <= 0 || (q.before.timed_out && q.after.timed_out)) {
    c.speedup = "—";
  } else {
    c.speedup = (q.before.timed_out  ? "≥ "
                 : q.after.timed_out ? "≤ "
                                     : "") +
                FormatSpeedup(q.speedup);
  }
  return c;
}

// The header line: where, on what data, how often.
std::string VerificationHeader(const VerificationRun& v) {
  std::string out = "Measured on " + v.server;
  if (v.sandbox && v.server.find("sandbox") == std::string::npos) out += " (sandbox)";
  if (v.sandbox && v.rows_per_table > 0) {
    out += fmt::format(", {} rows per table", FormatRows(static_cast<double>(v.rows_per_table)));
  } else if (!v.sandbox) {
    out += ", on its own data";
  }
  out += fmt::format(", median of {} timed run{}", v.runs, v.runs == 1 ? "" : "s");
  if (v.time_limit_seconds > 0) {
    out += fmt::format(", time limit {}", FormatMs(v.time_limit_seconds * 1000));
  }
  return out + ".";
}

// "Verdicts: 2 helps, 1 hurts." over the proposals.
std::string VerdictSummary(const AdviseReport& r) {
  size_t counts[4] = {0, 0, 0, 0};
  for (size_t i = 0; i < r.advice->proposals.size(); ++i) {
    ++counts[static_cast<size_t>(VerdictOf(r, i))];
  }
  std::string out;
  for (Verdict v : {Verdict::kHelps, Verdict::kNoChange, Verdict::kHurts, Verdict::kSkipped}) {
    if (counts[static_cast<size_t>(v)] == 0) continue;
    out += fmt::format("{}{} {}", out.empty() ? "" : ", ", counts[static_cast<size_t>(v)],
                       analyzer::VerdictName(v));
  }
  return out.empty() ? "" : "Verdicts: " + out + ".";
}

// ---- The workload's writes, timed before and after each index

std::vector<const WriteVerification*> WritesOf(const AdviseReport& r, size_t proposal) {
  std::vector<const WriteVerification*> out;
  for (const WriteVerification& w : r.verification->writes) {
    if (w.proposal == proposal) out.push_back(&w);
  }
  return out;
}

// "+0.12 ms", "-0.03 ms": a difference of times.
std::string SignedMs(double ms) { return (ms < 0 ? "-" : "+") + FormatMs(std::abs(ms)); }

// "+18%", "+2.5%", "-0.4%".
std::string SignedPercent(double percent) {
  return std::abs(percent) < 9.95 ? fmt::format("{:+.1f}%", percent)
                                  : fmt::format("{:+.0f}%", percent);
}

// What the index costs the writes of its table, for a line after "writes: ": "2 classes
// measured, +0.12 ms per statement (+18%)" — the mean of the classes' added times, and their sum
// over the sum of their times before — or why none was measured.
std::string MeasuredWrites(const AdviseReport& r, size_t proposal) {
  const VerificationRun& v = *r.verification;
  if (!v.writes_not_run.empty()) return "not run: " + v.writes_not_run;
  const auto writes = WritesOf(r, proposal);
  if (writes.empty()) {
    return fmt::format("no write of the workload changes `{}`",
                       r.advice->proposals[proposal].table->name);
  }
  size_t measured = 0;
  double added = 0, before = 0;
  for (const WriteVerification* w : writes) {
    if (!w->AddedMs()) continue;
    ++measured;
    added += *w->AddedMs();
    before += *w->before_ms;
  }
  const auto classes = [](size_t n) { return fmt::format("{} class{}", n, n == 1 ? "" : "es"); };
  if (measured == 0) {
    return writes.size() == 1 ? "1 class, not measured"
                              : fmt::format("none of {} measured", classes(writes.size()));
  }
  std::string out = fmt::format("{} measured, {} per statement", classes(measured),
                                SignedMs(added / static_cast<double>(measured)));
  if (before > 0) out += fmt::format(" ({})", SignedPercent(100 * added / before));
  if (measured < writes.size()) out += fmt::format("; {} not measured", writes.size() - measured);
  return out;
}

// One write class, after "class <id> (UPDATE): ": "0.65 ms → 0.77 ms (+0.12 ms), 3 rows
// affected", then its note — alone when nothing was timed ("not measured: …").
std::string WriteText(const WriteVerification& w, const VerificationRun& v) {
  const auto side = [&](const std::optional<double>& ms) {
    if (!ms) return std::string("?");
    return w.timed_out && *ms >= v.time_limit_seconds * 1000 ? "≥ " + FormatMs(*ms) : FormatMs(*ms);
  };
  std::string out;
  if (w.before_ms || w.after_ms) {
    out = fmt::format("{} → {}", side(w.before_ms), side(w.after_ms));
    if (const auto added = w.AddedMs()) out += fmt::format(" ({})", SignedMs(*added));
    if (w.rows_affected) {
      out += fmt::format(", {} row{} affected", FormatRows(static_cast<double>(*w.rows_affected)),
                         *w.rows_affected == 1 ? "" : "s");
    }
  }
  if (!w.note.empty()) out += (out.empty() ? "" : "; ") + w.note;
  return out;
}

// What a row says beside its cells: how the statement was run, and the note.
std::string QueryRemark(const QueryVerification& q) {
  std::string out;
  if (!q.rewritten_from.empty())
    out = fmt::format("measured as a SELECT rewritten from {}", q.rewritten_from);
  if (!q.note.empty()) out += (out.empty() ? "" : "; ") + q.note;
  return out;
}

std::string VerificationText(const AdviseReport& r) {
  const VerificationRun& v = *r.verification;
  std::string out = "## Verification\n\n" + VerificationHeader(v) + "\n";
  if (const std::string s = VerdictSummary(r); !s.empty()) out += s + "\n";
  if (!v.notes.empty()) out += "\n";
  for (const std::string& note : v.notes) out += fmt::format("- {}\n", note);
  out += "\n";
  const auto& proposals = r.advice->proposals;
  for (size_t i = 0; i < proposals.size(); ++i) {
    const IndexProposal& p = proposals[i];
    out += fmt::format("{}. `{}` ({}): {}\n", i + 1, p.table->name, ColumnList(p),
                       VerdictTag(VerdictOf(r, i)));
    const auto queries = QueriesOf(r, i);
    if (queries.empty()) out += "   no query of this proposal was measured\n";
    const bool any_measured = std::any_of(queries.begin(), queries.end(), Measured);
    if (any_measured && !queries.front()->index_name.empty()) {
      out += fmt::format("   measured as index `{}`\n", queries.front()->index_name);
    }
    for (const QueryVerification* q : queries) {
      out += fmt::format("   class {}: {}\n", q->query_class, analyzer::VerdictName(q->verdict));
      if (!q->statement.empty()) out += fmt::format("     {}\n", Snippet(q->statement, 160));
      const VerificationCells c = CellsFor(*q, v);
      if (Measured(q)) {
        for (const auto& [label, cell] :
             {std::pair<const char*, const std::string*>{"access type", &c.access},
              {"key", &c.key},
              {"rows (est.)", &c.rows},
              {"rows read", &c.rows_read},
              {"filtered", &c.filtered},
              {"using index", &c.using_index},
              {"filesort", &c.filesort},
              {"temporary", &c.temporary},
              {"median", &c.median},
              {"speedup", &c.speedup}}) {
          out += fmt::format("     {:<12} {}\n", label, *cell);
        }
      }
      if (const std::string remark = QueryRemark(*q); !remark.empty()) {
        out += fmt::format("     note: {}\n", remark);
      }
    }
    out += fmt::format("   writes: {}\n", MeasuredWrites(r, i));
    for (const WriteVerification* w : WritesOf(r, i)) {
      out += fmt::format("     class {} ({}): {}\n", w->query_class, w->kind, WriteText(*w, v));
    }
    out += "\n";
  }
  return out;
}

// The writes of proposal `i` in Markdown: the summary, then one item per class.
std::string WritesMarkdown(const AdviseReport& r, size_t i) {
  std::string out = "**Writes:** " + MeasuredWrites(r, i) + ".\n\n";
  const auto writes = WritesOf(r, i);
  for (const WriteVerification* w : writes) {
    out +=
        fmt::format("- `{}` ({}): {}\n", w->query_class, w->kind, WriteText(*w, *r.verification));
  }
  if (!writes.empty()) out += "\n";
  return out;
}

std::string VerificationMarkdown(const AdviseReport& r) {
  const VerificationRun& v = *r.verification;
  std::string out = "## Verification\n\n" + VerificationHeader(v);
  if (const std::string s = VerdictSummary(r); !s.empty()) out += " " + s;
  out += "\n\n";
  for (const std::string& note : v.notes) out += fmt::format("- {}\n", note);
  if (!v.notes.empty()) out += "\n";
  const auto& proposals = r.advice->proposals;
  for (size_t i = 0; i < proposals.size(); ++i) {
    const IndexProposal& p = proposals[i];
    const Verdict verdict = VerdictOf(r, i);
    out +=
        fmt::format("### {}. {} ({}): {}\n\n", i + 1, MarkdownCode(p.table->name), ColumnList(p),
                    Recommended(verdict) ? VerdictTag(verdict) : "**" + VerdictTag(verdict) + "**");
    const auto queries = QueriesOf(r, i);
    if (queries.empty()) {
      out += "No query of this proposal was measured.\n\n" + WritesMarkdown(r, i);
      continue;
    }
    out +=
        "| Class | Query | Access type | Key | Rows (est.) | Rows read | Filtered | Extra | Median "
        "| "
        "Speedup | Verdict |\n"
        "|---|---|---|---|---|---|---|---|---|---|---|\n";
    std::string remarks;
    for (const QueryVerification* q : queries) {
      const VerificationCells c = CellsFor(*q, v);
      const std::string query = Snippet(q->statement, 80);
      out += fmt::format("| `{}` | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |\n",
                         q->query_class, query.empty() ? "—" : MarkdownCodeCell(query),
                         Cell(c.access), Cell(c.key), c.rows, c.rows_read, c.filtered, c.extra,
                         c.median, c.speedup, analyzer::VerdictName(q->verdict));
      if (const std::string remark = QueryRemark(*q); !remark.empty()) {
        remarks += fmt::format("- `{}`: {}\n", q->query_class, remark);
      }
    }
    out += "\n" + remarks + (remarks.empty() ? "" : "\n") + WritesMarkdown(r, i);
  }
  return out;
}

// The HTML verdict, coloured by class (helps, no-change, hurts, skipped).
std::string HtmlVerdict(Verdict v, bool tag) {
  return fmt::format("<span class=\"verdict {}\">{}</span>", analyzer::VerdictName(v),
                     H(tag ? VerdictTag(v) : std::string(analyzer::VerdictName(v))));
}

// Median times before and after, one pair of bars per measured (proposal, query class), on a
// log scale: speedups of 2× and 200× both need to be seen.
std::string VerificationChart(const AdviseReport& r) {
  const VerificationRun& v = *r.verification;
  std::vector<const QueryVerification*> rows;
  double lo = 0, hi = 0;
  for (const QueryVerification& q : v.queries) {
    if (!Timed(q.before) && !Timed(q.after)) continue;
    rows.push_back(&q);
    for (const MeasuredPlan* m : {&q.before, &q.after}) {
      if (!Timed(*m) || m->median_ms <= 0) continue;
      lo = lo == 0 ? m->median_ms : std::min(lo, m->median_ms);
      hi = std::max(hi, m->median_ms);
    }
  }
  if (rows.empty()) return "<p>Nothing was timed.</p>\n";
  if (lo == 0) lo = hi = 1;
  // Whole decades, the shortest time a decade clear of the axis so that its bar shows.
  const int first = static_cast<int>(std::floor(std::log10(lo))) - 1;
  const int last = std::max(static_cast<int>(std::ceil(std::log10(hi))), first + 2);
  const int left = 170, right = 550, width = 760, row = 34, axis = 22;
  auto x = [&](double ms) {
    const double d =
        ms > 0 ? std::clamp(std::log10(ms), static_cast<double>(first), static_cast<double>(last))
               : first;
    return left + static_cast<int>((right - left) * (d - first) / (last - first));
  };
  const int height = row * static_cast<int>(rows.size()) + axis + 4;
  std::string out = fmt::format(
      "<svg id=\"chart-verification\" role=\"img\" aria-label=\"median time before and after "
      "each index, log scale\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\">\n",
      width, height, width, height);
  const int bottom = row * static_cast<int>(rows.size());
  const int every = (last - first + 5) / 6;  // at most about six labels under the axis
  for (int d = first; d <= last; ++d) {
    const int gx = x(std::pow(10.0, d));
    out += fmt::format("<line class=\"axis\" x1=\"{}\" y1=\"0\" x2=\"{}\" y2=\"{}\"/>", gx, gx,
                       bottom);
    if ((d - first) % every == 0) {
      out += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>", gx,
                         bottom + 16, FormatMs(std::pow(10.0, d)));
    }
    out += "\n";
  }
  for (size_t i = 0; i < rows.size(); ++i) {
    const QueryVerification& q = *rows[i];
    const VerificationCells c = CellsFor(q, v);
    const int y = static_cast<int>(i) * row + 3;
    out += fmt::format("<g><title>#{} {}, class {}: {}, speedup {} ({})</title>", q.proposal + 1,
                       H(q.index_name), H(q.query_class), H(c.median), H(c.speedup),
                       analyzer::VerdictName(q.verdict));
    out += fmt::format("<text x=\"0\" y=\"{}\">#{} {}</text>", y + 18, q.proposal + 1,
                       H(q.query_class.substr(0, 12)));
    const bool slower = q.verdict == Verdict::kHurts;
    int bar_y = y;
    for (const MeasuredPlan* m : {&q.before, &q.after}) {
      const bool before = m == &q.before;
      if (Timed(*m)) {
        const int w = std::max(x(m->median_ms) - left, 1);
        out += fmt::format(
            "<rect class=\"bar {}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"13\"/><text x=\"{}\" "
            "y=\"{}\">{} {}</text>",
            before   ? "before"
            : slower ? "after slower"
                     : "after",
            left, bar_y, w, left + w + 6, bar_y + 11, before ? "before" : "after",
            H(MedianText(*m, v)));
      } else {
        out += fmt::format("<text x=\"{}\" y=\"{}\">{} not timed</text>", left + 6, bar_y + 11,
                           before ? "before" : "after");
      }
      bar_y += 14;
    }
    out +=
        fmt::format("<text x=\"{}\" y=\"{}\">{}</text></g>\n", right + 114, y + 18, H(c.speedup));
  }
  out +=
      "</svg>\n<p class=\"sub\">Median time per query class: grey before the index, green after "
      "(red where the index hurts). Log scale: each grid line is ten times the one before.</p>\n";
  return out;
}

// The writes of proposal `i` in HTML: the summary, then one item per class.
std::string WritesHtml(const AdviseReport& r, size_t i) {
  std::string out = "<p class=\"writes\">Writes: " + HtmlMessage(MeasuredWrites(r, i)) + "</p>\n";
  const auto writes = WritesOf(r, i);
  if (writes.empty()) return out;
  out += "<ul class=\"writes\">";
  for (const WriteVerification* w : writes) {
    out += fmt::format("<li><code>{}</code> ({}): {}</li>", H(w->query_class), H(w->kind),
                       HtmlMessage(WriteText(*w, *r.verification)));
  }
  return out + "</ul>\n";
}

std::string VerificationHtml(const AdviseReport& r) {
  const VerificationRun& v = *r.verification;
  std::string out = "<h2>Verification</h2>\n";
  out +=
      fmt::format("<p class=\"sub\">{} {}</p>\n", H(VerificationHeader(v)), H(VerdictSummary(r)));
  if (!v.notes.empty()) {
    out += "<ul>";
    for (const std::string& note : v.notes) out += "<li>" + HtmlMessage(note) + "</li>";
    out += "</ul>\n";
  }
  out += VerificationChart(r);
  const auto& proposals = r.advice->proposals;
  for (size_t i = 0; i < proposals.size(); ++i) {
    const IndexProposal& p = proposals[i];
    out += fmt::format("<h3>{}. <code>{}</code> ({}): {}</h3>\n", i + 1, H(p.table->name),
                       H(ColumnList(p)), HtmlVerdict(VerdictOf(r, i), true));
    const auto queries = QueriesOf(r, i);
    if (queries.empty()) {
      out += "<p>No query of this proposal was measured.</p>\n" + WritesHtml(r, i);
      continue;
    }
    out +=
        "<div class=\"scroll\"><table class=\"verification\"><tr><th>Class</th>"
        "<th>Access type</th><th>Key</th><th>Rows (est.)</th><th>Rows read</th><th>Filtered</th>"
        "<th>Extra</th><th>Median</th><th>Speedup</th><th>Verdict</th></tr>\n";
    for (const QueryVerification* q : queries) {
      // Each class takes two rows: the measurements, then the statement that ran and notes.
      const VerificationCells c = CellsFor(*q, v);
      const std::string remark = QueryRemark(*q);
      out += fmt::format(
          "<tr class=\"measured\"><td><code>{}</code></td><td class=\"num\">{}</td>"
          "<td><code>{}</code></td><td class=\"num\">{}</td><td class=\"num\">{}</td>"
          "<td class=\"num\">{}</td><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>"
          "<td>{}</td></tr>\n"
          "<tr class=\"statement\"><td colspan=\"10\">{}{}</td></tr>\n",
          H(q->query_class), H(c.access), H(c.key), H(c.rows), H(c.rows_read), H(c.filtered),
          H(c.extra), H(c.median), H(c.speedup), HtmlVerdict(q->verdict, false),
          q->statement.empty() ? "" : "<code>" + H(Snippet(q->statement, 300)) + "</code>",
          remark.empty() ? "" : "<div class=\"sub\">" + HtmlMessage(remark) + "</div>");
    }
    out += "</table></div>\n" + WritesHtml(r, i);
  }
  return out;
}

void WritePlanJson(JsonWriter& w, const MeasuredPlan& m) {
  w.BeginObject();
  w.FieldOrNull("access_type", m.access_type);
  w.FieldOrNull("key", m.key);
  // Without EXPLAIN (access_type null), the estimates are unknown, not 0 and 100.
  w.Key("rows");
  Explained(m) ? w.Double(m.rows) : w.Null();
  w.Key("rows_read");
  m.rows_read ? w.Double(*m.rows_read) : w.Null();
  w.Key("filtered");
  Explained(m) ? w.Double(m.filtered) : w.Null();
  w.Field("using_index", m.using_index);
  w.Field("using_filesort", m.using_filesort);
  w.Field("using_temporary", m.using_temporary);
  w.Key("median_ms");
  Timed(m) ? w.Double(m.median_ms) : w.Null();
  w.Field("runs", m.runs);
  w.Field("timed_out", m.timed_out);
  w.EndObject();
}

void WriteVerificationJson(JsonWriter& w, const AdviseReport& r) {
  const VerificationRun& v = *r.verification;
  w.Key("verification_run").BeginObject();
  w.Field("server", v.server);
  w.Field("sandbox", v.sandbox);
  w.Key("rows_per_table");
  v.sandbox ? w.Uint(v.rows_per_table) : w.Null();
  w.Field("runs", v.runs);
  w.Key("time_limit_seconds").Double(v.time_limit_seconds);
  w.FieldOrNull("writes_not_run", v.writes_not_run);
  w.Key("notes").BeginArray();
  for (const std::string& note : v.notes) w.String(note);
  w.EndArray();
  w.EndObject();
  w.Key("verification").BeginArray();
  for (const QueryVerification& q : v.queries) {
    w.BeginObject();
    w.Field("proposal", static_cast<uint64_t>(q.proposal + 1));
    w.FieldOrNull("ddl", q.ddl);
    w.FieldOrNull("index_name", q.index_name);
    w.Field("query_class", q.query_class);
    w.FieldOrNull("statement", q.statement);
    if (!q.rewritten_from.empty()) w.Field("rewritten_from", q.rewritten_from);
    w.Key("before");
    WritePlanJson(w, q.before);
    w.Key("after");
    WritePlanJson(w, q.after);
    w.Key("speedup");
    q.speedup > 0 ? w.Double(q.speedup) : w.Null();
    w.Field("verdict", analyzer::VerdictName(q.verdict));
    if (!q.note.empty()) w.Field("note", q.note);
    w.EndObject();
  }
  w.EndArray();
  const auto ms = [&](std::string_view key, const std::optional<double>& value) {
    w.Key(key);
    value ? w.Double(*value) : w.Null();
  };
  w.Key("verification_writes").BeginArray();
  for (const WriteVerification& x : v.writes) {
    w.BeginObject();
    w.Field("proposal", static_cast<uint64_t>(x.proposal + 1));
    w.FieldOrNull("index_name", x.index_name);
    w.Field("query_class", x.query_class);
    w.Field("statement_kind", x.kind);
    w.FieldOrNull("statement", x.statement);
    w.Key("rows_affected");
    x.rows_affected ? w.Uint(*x.rows_affected) : w.Null();
    ms("before_ms", x.before_ms);
    ms("after_ms", x.after_ms);
    ms("added_ms", x.AddedMs());
    w.Field("runs", x.runs);
    w.Field("timed_out", x.timed_out);
    if (!x.note.empty()) w.Field("note", x.note);
    w.EndObject();
  }
  w.EndArray();
}

// What an empty proposal list means: nothing to add, or — without a schema — nothing known.
std::string NoProposals(const AdviseReport& r) {
  if (!r.not_run.empty()) {
    return "No index proposals: " + r.not_run.reason +
           ", so qadvisor cannot tell which indexes exist or which would help.";
  }
  return "No index would help: existing indexes serve the workload, or its fixes are rewrites.";
}

}  // namespace

std::string RenderAdviseText(const AdviseReport& r) {
  const Totals t = WorkloadTotals(r);
  std::string out = fmt::format("# qadvisor {}: {}\n", Command(r), Header(r, t));
  const auto& proposals = r.advice->proposals;
  const double served = r.timed && t.time > 0 ? 100.0 * static_cast<double>(ServedWeight(r)) /
                                                    static_cast<double>(t.time)
                                              : 0;
  out += fmt::format("# {} index proposal{}", proposals.size(), proposals.size() == 1 ? "" : "s");
  if (r.timed && !proposals.empty())
    out += fmt::format(", serving {:.0f}% of the query time", served);
  out += "\n";
  if (!r.not_run.empty()) out += "# note: " + r.not_run.Sentence() + "\n";
  out += "\n## Index proposals\n\n";
  if (proposals.empty()) out += NoProposals(r) + "\n";
  for (size_t i = 0; i < proposals.size(); ++i) {
    const IndexProposal& p = proposals[i];
    out += fmt::format("{}. `{}` ({})", i + 1, p.table->name, ColumnList(p));
    if (r.verification) out += fmt::format("  [{}]", VerdictTag(VerdictOf(r, i)));
    out += "\n";
    out += fmt::format("   {}\n", p.ddl);
    out += fmt::format("   {}\n", p.reason);
    std::string ids;
    for (const std::string& id : p.query_classes) ids += (ids.empty() ? "" : ", ") + id;
    out += fmt::format("   query classes: {}\n", ids);
    if (!p.replaces.empty()) {
      std::string list;
      for (const std::string& x : p.replaces) list += (list.empty() ? "`" : ", `") + x + "`";
      out += fmt::format("   makes redundant (dropped by the DDL, unsafe): {}\n", list);
    }
    if (p.write_calls > 0) out += fmt::format("   write cost: {}\n", WriteCost(r, p));
    out += "\n";
  }
  if (!r.advice->writes.empty()) {
    out += "## Writes\n\n";
    for (const analyzer::TableWrites& w : r.advice->writes) {
      out += fmt::format("`{}`: {}\n", w.table->name, WritesSummary(r, w));
    }
    out += "\n";
  }
  if (r.verification) out += VerificationText(r);
  out += "## Query classes\n\n";
  size_t rank = 0;
  for (const QueryClass* c : Ranked(r)) {
    const std::string id = analyzer::FormatClassId(c->id);
    ++rank;
    out += fmt::format("#{} {}  {:.1f}%  {}  {}", rank, id, 100.0 * Share(r, *c, t),
                       Weight(r, r.timed ? ClassTime(*c) : static_cast<int64_t>(c->count)),
                       Plural(c->count, "call", "calls"));
    if (const auto* qt = c->Metric(analyzer::kQueryTime)) {
      out += fmt::format("  p95 {}", FormatDuration(qt->Percentile(0.95)));
    }
    out += fmt::format("\n   {}\n", Snippet(c->fingerprint, 160));
    for (const rules::Finding& f : FindingsFor(r, id)) {
      out += fmt::format("   {}: {} [{}]\n", rules::SeverityName(f.severity), f.message, f.rule);
      if (!f.fix.empty()) out += fmt::format("     {}: {}\n", FixLabel(f), f.fix);
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
      if (!f.fix.empty()) out += fmt::format("  {}: {}\n", FixLabel(f), f.fix);
    }
  }
  return out;
}

std::string RenderAdviseMarkdown(const AdviseReport& r) {
  const Totals t = WorkloadTotals(r);
  std::string out = fmt::format("# qadvisor {}\n\n{}.\n\n", Command(r), Header(r, t));
  const auto& proposals = r.advice->proposals;
  if (!r.not_run.empty()) out += "> **Note:** " + MarkdownCell(r.not_run.Sentence()) + ".\n\n";
  out += "## Index proposals\n\n";
  if (proposals.empty()) {
    out += NoProposals(r) + "\n\n";
  } else {
    out += r.verification
               ? "| # | Verdict | Table | Key (covering last) | Serves | Write cost | Replaces | "
                 "Why |\n|---|---|---|---|---|---|---|---|\n"
               : "| # | Table | Key (covering last) | Serves | Write cost | Replaces | Why "
                 "|\n|---|---|---|---|---|---|---|\n";
    for (size_t i = 0; i < proposals.size(); ++i) {
      const IndexProposal& p = proposals[i];
      std::string replaces;
      for (const std::string& x : p.replaces) {
        replaces += (replaces.empty() ? "" : ", ") + MarkdownCodeCell(x);
      }
      std::string verdict;
      if (r.verification) {
        const Verdict v = VerdictOf(r, i);
        verdict = (Recommended(v) ? VerdictTag(v) : "**" + VerdictTag(v) + "**") + " | ";
      }
      out += fmt::format("| {} | {}{} | {} | {} ({}) | {} | {} | {} |\n", i + 1, verdict,
                         MarkdownCodeCell(p.table->name), MarkdownCodeCell(ColumnList(p)),
                         Plural(p.query_classes.size(), "class", "classes"), Weight(r, p.weight),
                         Cell(WriteCost(r, p)), replaces.empty() ? "—" : replaces, Cell(p.reason));
    }
    std::string ddl;
    for (size_t i = 0; i < proposals.size(); ++i) ddl += DdlLine(r, i) + "\n";
    out += "\n" + MarkdownCodeBlock(ddl, "sql") + "\n";
  }
  if (!r.advice->writes.empty()) {
    out += "## Writes\n\n| Table | Writes |\n|---|---|\n";
    for (const analyzer::TableWrites& w : r.advice->writes) {
      out +=
          fmt::format("| {} | {} |\n", MarkdownCodeCell(w.table->name), Cell(WritesSummary(r, w)));
    }
    out += "\n";
  }
  if (r.verification) out += VerificationMarkdown(r);
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
    const std::string query = MarkdownCodeCell(Snippet(c->fingerprint, 120));
    out += fmt::format("| {} | `{}` | {:.1f}% | {} | {} | {} | {} | {} |\n", ++rank, id,
                       100.0 * Share(r, *c, t),
                       r.timed ? FormatDuration(ClassTime(*c)) : std::string("—"), c->count, query,
                       findings.empty() ? "—" : findings, index.empty() ? "—" : index);
  }
  if (!r.schema_findings.empty()) {
    out += "\n## Schema\n\n| Severity | Rule | Location | Message | Fix |\n|---|---|---|---|---|\n";
    for (const rules::Finding& f : r.schema_findings) {
      out += fmt::format("| {} | `{}` | {} | {} | {} |\n", rules::SeverityName(f.severity), f.rule,
                         MarkdownCodeCell(fmt::format("{}:{}", f.location.file, f.location.line)),
                         Cell(f.message), f.fix.empty() ? "—" : MarkdownFixCell(f));
    }
  }
  return out;
}

std::string RenderAdviseJson(const AdviseReport& r) {
  const DigestReportOptions options =
      ReportOptionsFor(r.timed ? analyzer::OrderBy::kSum : analyzer::OrderBy::kCount, r.top);
  DigestJsonExtension ext;
  ext.command = Command(r);
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
        w.FieldOrNull("served_by", ta.served_by);
        w.Key("proposal");
        ta.proposal < 0 ? w.Null() : w.Int(ta.proposal + 1);
        w.FieldOrNull("skipped", ta.skipped);
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
      w.FieldOrNull("database", p.table->database);
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
      // Unsafe when it drops an index it makes redundant: something outside the workload (a
      // hint, a foreign key, a rare query) may still need it.
      w.Field("ddl_applicability", p.replaces.empty() ? "safe" : "unsafe");
      w.Key("query_classes").BeginArray();
      for (const std::string& id : p.query_classes) w.String(id);
      w.EndArray();
      w.Key("replaces").BeginArray();
      for (const std::string& x : p.replaces) w.String(x);
      w.EndArray();
      w.FieldOrNull("extends", p.extends);
      if (r.timed) {
        w.Key("query_time").Millionths(p.weight);
      } else {
        w.Field("statements", p.weight);
      }
      w.Field("reason", p.reason);
      w.Key("write_cost").BeginObject();
      w.Field("writes", p.write_calls);
      if (r.timed) {
        w.Key("estimated_time").Millionths(p.write_cost);
      } else {
        w.Field("statements", static_cast<uint64_t>(p.write_cost));
      }
      w.EndObject();
      if (r.verification) {
        const Verdict v = VerdictOf(r, i);
        w.Field("verdict", analyzer::VerdictName(v));
        w.Field("recommended", Recommended(v));
      }
      w.EndObject();
    }
    w.EndArray();
    w.Key("writes").BeginArray();
    for (const analyzer::TableWrites& tw : r.advice->writes) {
      w.BeginObject().Field("table", tw.table->name);
      w.FieldOrNull("database", tw.table->database);
      w.Field("inserts", tw.inserts).Field("updates", tw.updates).Field("deletes", tw.deletes);
      w.Field("replaces", tw.replaces);
      w.Key("rows_affected");
      tw.rows_affected ? w.Uint(*tw.rows_affected) : w.Null();
      if (r.timed) {
        w.Key("query_time").Millionths(tw.weight);
      } else {
        w.Field("statements", static_cast<uint64_t>(tw.weight));
      }
      w.Key("query_classes").BeginArray();
      for (const std::string& id : tw.query_classes) w.String(id);
      w.EndArray();
      w.EndObject();
    }
    w.EndArray();
    w.Key("findings").BeginArray();
    for (const rules::Finding& f : r.schema_findings) WriteFindingJson(w, f);
    w.EndArray();
    WriteNotRunJson(w, r.not_run);
    if (r.verification) WriteVerificationJson(w, r);
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
<title>qadvisor )html";
  out += Command(r);
  out += R"html(</title>
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
)html";
  if (r.verification) {
    out +=
        ".bar.before{fill:#8c959f}.bar.after{fill:#1a7f37}.bar.after.slower{fill:#b42318}\n"
        ".verdict{font-weight:600}.verdict.helps{color:#1a7f37}.verdict.hurts,.verdict.no-change"
        "{color:#b42318}.verdict.skipped{color:#57606a;font-weight:400}\n"
        ".scroll{overflow-x:auto}td.num{white-space:nowrap}tr.measured td{border-bottom:0}"
        "tr.statement td{border-top:0;padding-top:0}\n"
        "table.verification{font-size:12px}table.verification td code{word-break:break-all}\n";
  }
  out += R"html(</style>
</head>
<body>
)html";
  out += fmt::format("<h1>qadvisor {}</h1>\n", Command(r));
  out += fmt::format("<p class=\"sub\">{}. {} index proposal{}.</p>\n", H(Header(r, t)),
                     proposals.size(), proposals.size() == 1 ? "" : "s");
  if (!r.not_run.empty()) {
    out +=
        fmt::format("<p id=\"not-run\"><strong>Note:</strong> {}.</p>\n", H(r.not_run.Sentence()));
  }

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
    out += "<p>" + H(NoProposals(r)) + "</p>\n";
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
    out += r.verification
               ? "</svg>\n<table><tr><th>#</th><th>Verdict</th><th>Table</th>"
                 "<th>Key (covering last)</th><th>Serves</th><th>Write cost</th>"
                 "<th>Replaces</th><th>Why</th></tr>\n"
               : "</svg>\n<table><tr><th>#</th><th>Table</th><th>Key (covering last)</th>"
                 "<th>Serves</th><th>Write cost</th><th>Replaces</th><th>Why</th></tr>\n";
    for (size_t i = 0; i < proposals.size(); ++i) {
      const IndexProposal& p = proposals[i];
      std::string replaces;
      for (const std::string& x : p.replaces) replaces += (replaces.empty() ? "" : ", ") + x;
      const std::string verdict =
          r.verification ? "<td>" + HtmlVerdict(VerdictOf(r, i), true) + "</td>" : "";
      out += fmt::format(
          "<tr><td>{}</td>{}<td><code>{}</code></td><td><code>{}</code></td><td>{} class{} ({})"
          "</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
          i + 1, verdict, H(p.table->name), H(ColumnList(p)), p.query_classes.size(),
          p.query_classes.size() == 1 ? "" : "es", H(Weight(r, p.weight)), H(WriteCost(r, p)),
          replaces.empty() ? "—" : "<code>" + H(replaces) + "</code>", HtmlMessage(p.reason));
    }
    out += "</table>\n<pre>";
    for (size_t i = 0; i < proposals.size(); ++i) out += H(DdlLine(r, i)) + "\n";
    out += "</pre>\n";
  }
  if (!r.advice->writes.empty()) {
    out += "<h2>Writes</h2>\n<table><tr><th>Table</th><th>Writes</th></tr>\n";
    for (const analyzer::TableWrites& w : r.advice->writes) {
      out += fmt::format("<tr><td><code>{}</code></td><td>{}</td></tr>\n", H(w.table->name),
                         H(WritesSummary(r, w)));
    }
    out += "</table>\n";
  }
  if (r.verification) out += VerificationHtml(r);

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
                              H(f.rule), HtmlMessage(f.message), HtmlFix(f, "<br>"));
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
          "<td>{}</td><td>{}</td></tr>\n",
          rules::SeverityName(f.severity), rules::SeverityName(f.severity), H(f.rule),
          H(f.location.file), f.location.line, HtmlMessage(f.message), HtmlFix(f, ""));
    }
    out += "</table>\n";
  }
  out += fmt::format("<p class=\"sub\">Generated by qadvisor {}.</p>\n</body>\n</html>\n",
                     H(r.tool_version));
  return out;
}

}  // namespace qadvisor::report
