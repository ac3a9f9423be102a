#include "report/check_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <string_view>

#include "base/ascii.h"
#include "base/utf8.h"
#include "report/json_writer.h"
#include "report/markdown.h"
#include "rules/rule.h"

namespace qadvisor::report {

using rules::Finding;
using rules::RuleInfo;
using rules::Severity;

namespace {

constexpr std::string_view kToolName = "qadvisor";
constexpr std::string_view kInformationUri = "https://github.com/qadvisor/qadvisor";
constexpr std::string_view kRuleDocBase = QADVISOR_DOCS_URL;  // CMake's QADVISOR_DOCS_URL
constexpr std::string_view kSarifSchema = "https://json.schemastore.org/sarif-2.1.0.json";
constexpr std::string_view kSrcRoot = "%SRCROOT%";
constexpr std::string_view kFingerprintName = "qadvisorKey/v1";

struct Counts {
  uint64_t error = 0;
  uint64_t warning = 0;
  uint64_t info = 0;
  uint64_t total() const { return error + warning + info; }
};

Counts CountSeverities(const std::vector<Finding>& findings) {
  Counts counts;
  for (const Finding& f : findings) {
    switch (f.severity) {
      case Severity::kError:
        ++counts.error;
        break;
      case Severity::kWarning:
        ++counts.warning;
        break;
      case Severity::kInfo:
        ++counts.info;
        break;
    }
  }
  return counts;
}

// The suppressed counts that are not zero: "2 suppressed inline, 1 suppressed by baseline",
// or "".
std::string SuppressedText(const CheckReport& report) {
  std::string out;
  if (report.suppressed_inline > 0)
    out = fmt::format("{} suppressed inline", report.suppressed_inline);
  if (report.suppressed_baseline > 0) {
    if (!out.empty()) out += ", ";
    out += fmt::format("{} suppressed by baseline", report.suppressed_baseline);
  }
  if (report.suppressed_unchanged > 0) {
    if (!out.empty()) out += ", ";
    out += fmt::format("{} in unchanged files", report.suppressed_unchanged);
  }
  return out;
}

// "3 findings (1 error, 2 warnings, 0 infos) in 10 statements from 2 files", or
// "no findings in …", plus the suppressed counts in parentheses when there are any.
std::string SummaryText(const CheckReport& report, const Counts& counts) {
  std::string out;
  if (counts.total() == 0) {
    out = "no findings";
  } else {
    out = fmt::format("{} ({}, {}, {})", Plural(counts.total(), "finding", "findings"),
                      Plural(counts.error, "error", "errors"),
                      Plural(counts.warning, "warning", "warnings"),
                      Plural(counts.info, "info", "infos"));
  }
  out += fmt::format(" in {} from {}", Plural(report.statements, "statement", "statements"),
                     Plural(report.files.size(), "file", "files"));
  if (!report.not_run.empty()) {
    out += fmt::format("; {} did not run: {}", Plural(report.not_run.rules.size(), "rule", "rules"),
                       report.not_run.reason);
  }
  const std::string suppressed = SuppressedText(report);
  if (!suppressed.empty()) out += " (" + suppressed + ")";
  return out;
}

bool IsContinuation(unsigned char c) { return (c & 0xC0) == 0x80; }

// One line of text for a terminal: CR and LF become spaces (a message is one line), other
// control bytes (ESC would let input drive the terminal) become '?'. Byte positions stay put
// except where "\r\n" collapses, so only use it where no column points into the text.
std::string OneLine(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c == '\r' && i + 1 < s.size() && s[i + 1] == '\n') continue;
    if (c == '\n' || c == '\r') {
      out.push_back(' ');
    } else if ((c < 0x20 && c != '\t') || c == 0x7F) {
      out.push_back('?');
    } else {
      out.push_back(static_cast<char>(c));
    }
  }
  return out;
}

// Text without trailing line breaks.
std::string_view TrimEol(std::string_view s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

// Splits at '\n', dropping a '\r' before it.
std::vector<std::string_view> Lines(std::string_view s) {
  std::vector<std::string_view> lines;
  while (true) {
    const size_t nl = s.find('\n');
    std::string_view line = s.substr(0, nl);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    if (nl == std::string_view::npos) break;
    s.remove_prefix(nl + 1);
  }
  return lines;
}

// Backslashes to slashes, leading "./" removed: the path as a repository-relative name.
std::string NormalizePath(std::string_view path) {
  std::string out(path);
  for (char& c : out) {
    if (c == '\\') c = '/';
  }
  size_t start = 0;
  while (out.compare(start, 2, "./") == 0) {
    start += 2;
    while (start < out.size() && out[start] == '/') ++start;  // ".//x"
  }
  return out.substr(start);
}

bool IsAbsolutePath(std::string_view normalized) {
  if (normalized.starts_with('/')) return true;
  // A drive letter: "C:/x".
  return normalized.size() >= 3 && std::isalpha(static_cast<unsigned char>(normalized[0])) &&
         normalized[1] == ':' && normalized[2] == '/';
}

// The severity names SARIF uses: info is "note".
std::string_view SarifLevel(Severity severity) {
  switch (severity) {
    case Severity::kError:
      return "error";
    case Severity::kWarning:
      return "warning";
    case Severity::kInfo:
      return "note";
  }
  return "warning";
}

bool IsListItem(std::string_view line) {
  if (line.starts_with("- ") || line.starts_with("* ") || line.starts_with("+ ")) return true;
  size_t digits = 0;
  while (digits < line.size() && std::isdigit(static_cast<unsigned char>(line[digits]))) ++digits;
  return digits > 0 && line.substr(digits).starts_with(". ");
}

// The first section of a rule's doc (its "What it does") as plain text: the text up to the
// next heading or example, wrapped lines joined, paragraphs separated by a blank line, each
// list item on a line of its own.
std::string FirstSection(std::string_view doc) {
  std::string out;
  bool blank = false;  // a blank line since the last text
  for (const std::string_view raw : Lines(doc)) {
    std::string_view line = raw;
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
    if (line.starts_with('#')) {
      if (!out.empty()) break;
      continue;
    }
    if (line.starts_with("```")) break;  // an example is not a description
    if (line.empty()) {
      blank = true;
      continue;
    }
    if (!out.empty()) {
      out += blank ? "\n\n" : IsListItem(line) ? "\n" : " ";
    }
    blank = false;
    out += line;
  }
  return out;
}

// The text a finding's message carries in formats that have only one text field (SARIF,
// GitHub annotations): the message, then the fix on the following line.
std::string MessageWithFix(const Finding& f) {
  std::string text = f.message;
  if (!f.fix.empty()) {
    text += "\n" + FixLabel(f, true) + ": ";
    text += TrimEol(f.fix);
  }
  return text;
}

// ---------------------------------------------------------------------------------------
// Text

struct Style {
  bool color;
  std::string_view bold() const { return color ? "\x1b[1m" : ""; }
  std::string_view reset() const { return color ? "\x1b[0m" : ""; }
  std::string_view severity(Severity s) const {
    if (!color) return "";
    switch (s) {
      case Severity::kError:
        return "\x1b[1;31m";
      case Severity::kWarning:
        return "\x1b[1;33m";
      case Severity::kInfo:
        return "\x1b[1;36m";
    }
    return "";
  }
  std::string_view cyan() const { return color ? "\x1b[36m" : ""; }
};

// "file:line:col", "file:line", "file", "<query class X>", "-", "-:line:col".
std::string TextLocation(const Finding& f) {
  const rules::Location& where = f.location;
  if (where.file.empty() && !f.query_class.empty()) {
    return "<query class " + OneLine(f.query_class) + ">";
  }
  std::string out = where.file.empty() ? "-" : OneLine(where.file);
  if (where.line > 0) {
    out += fmt::format(":{}", where.line);
    if (where.column > 0) out += fmt::format(":{}", where.column);
  }
  return out;
}

constexpr std::string_view kExcerptIndent = "    ";

// The source line, then '^' under the column and '~' under the rest of the span on that line.
// Tabs before the column are copied so the caret lines up however the terminal sets tabs;
// columns count code points (a multi-byte character is one column wide).
void AppendExcerpt(std::string& out, const Finding& f, const Style& style) {
  // Control bytes become '?' one for one, so byte columns still point at the same place.
  std::string line(TrimEol(f.excerpt.substr(0, f.excerpt.find('\n'))));
  if (line.empty()) return;
  for (char& c : line) {
    const auto u = static_cast<unsigned char>(c);
    if ((u < 0x20 && c != '\t') || u == 0x7F) c = '?';
  }
  out += kExcerptIndent;
  out += line;
  out += '\n';
  if (f.location.column == 0) return;
  const size_t start = f.location.column - 1;
  std::string caret(kExcerptIndent);
  for (size_t i = 0; i < start && i < line.size(); ++i) {
    const auto u = static_cast<unsigned char>(line[i]);
    if (line[i] == '\t') {
      caret += '\t';
    } else if (!IsContinuation(u)) {
      caret += ' ';
    }
  }
  if (start > line.size()) caret.append(start - line.size(), ' ');
  caret += '^';
  if (f.location.length > 1 && start < line.size()) {
    const size_t end = std::min<size_t>(line.size(), start + f.location.length);
    for (size_t i = start + 1; i < end; ++i) {
      if (!IsContinuation(static_cast<unsigned char>(line[i]))) caret += '~';
    }
  }
  out += style.bold();
  out += caret;
  out += style.reset();
  out += '\n';
}

void AppendFix(std::string& out, const Finding& f, const Style& style) {
  const std::string_view fix = TrimEol(f.fix);
  if (fix.empty()) return;
  const std::string label = "  " + FixLabel(f) + ": ";
  bool first = true;
  for (const std::string_view line : Lines(fix)) {
    if (first) {
      out += style.cyan();
      out += label;
      out += style.reset();
    } else {
      out.append(label.size(), ' ');
    }
    out += OneLine(line);
    out += '\n';
    first = false;
  }
}

// ---------------------------------------------------------------------------------------
// Markdown

// Percent-encodes what is not safe in a Markdown link destination path segment.
std::string LinkSegment(std::string_view s) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (const char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (std::isalnum(u) || c == '-' || c == '_' || c == '.' || c == '~') {
      out.push_back(c);
    } else {
      out.push_back('%');
      out.push_back(kHex[u >> 4]);
      out.push_back(kHex[u & 15]);
    }
  }
  return out;
}

std::string MarkdownLocation(const Finding& f) {
  const rules::Location& where = f.location;
  if (where.file.empty() && !f.query_class.empty()) {
    return "query class " + MarkdownCodeCell(f.query_class);
  }
  std::string text = where.file.empty() ? "-" : where.file;
  if (where.line > 0) {
    text += fmt::format(":{}", where.line);
    if (where.column > 0) text += fmt::format(":{}", where.column);
  }
  return MarkdownCell(text);
}

// ---------------------------------------------------------------------------------------
// GitHub workflow commands

// Escaping as the runner unescapes (actions/toolkit, packages/core/src/command.ts).
std::string GithubData(std::string_view s) {
  std::string out;
  for (const char c : s) {
    switch (c) {
      case '%':
        out += "%25";
        break;
      case '\r':
        out += "%0D";
        break;
      case '\n':
        out += "%0A";
        break;
      default:
        out.push_back(c);
    }
  }
  return out;
}

std::string GithubProperty(std::string_view s) {
  std::string out;
  for (const char c : GithubData(s)) {
    if (c == ':') {
      out += "%3A";
    } else if (c == ',') {
      out += "%2C";
    } else {
      out.push_back(c);
    }
  }
  return out;
}

std::string_view GithubCommand(Severity severity) {
  switch (severity) {
    case Severity::kError:
      return "error";
    case Severity::kWarning:
      return "warning";
    case Severity::kInfo:
      return "notice";
  }
  return "warning";
}

// Region columns for SARIF and GitHub: start column and the exclusive end column, in UTF-16
// code units when the excerpt is there to convert with. 0 when unknown.
struct Columns {
  uint32_t start = 0;
  uint32_t end = 0;  // exclusive; 0 when the finding has no length
};

Columns ConvertColumns(const Finding& f) {
  Columns columns;
  const rules::Location& where = f.location;
  if (where.column == 0) return columns;
  const std::string_view line =
      TrimEol(std::string_view(f.excerpt).substr(0, f.excerpt.find('\n')));
  columns.start = Utf16Column(line, where.column);
  if (where.length > 0) columns.end = Utf16Column(line, where.column + where.length);
  if (columns.end <= columns.start) columns.end = 0;
  return columns;
}

// The finding's file as SARIF and Code Quality name it (relative to the repository root when
// it is under it), or the first input for a finding without a file (GitHub requires a
// location on every result; that input is where the finding came from, or one of them).
std::string ResultPath(const CheckReport& report, const Finding& f) {
  if (!f.location.file.empty()) return RootPath(report, f.location.file);
  return report.files.empty() ? std::string("-") : RootPath(report, report.files.front());
}

// "<key>:<n>": the finding's baseline key and its occurrence among the findings with that key
// in this run, so that one problem written twice stays two alerts (as CodeQL's
// primaryLocationLineHash does). Empty when the finding has no key.
class Fingerprints {
 public:
  std::string Next(const Finding& f) {
    if (f.key.empty()) return "";
    return fmt::format("{}:{}", f.key, ++seen_[f.key]);
  }

 private:
  std::map<std::string, size_t, std::less<>> seen_;
};

}  // namespace

std::string RuleDocUrl(const CheckReport& report, std::string_view rule) {
  std::string url = report.docs_url.empty() ? std::string(kRuleDocBase) : report.docs_url;
  if (const size_t at = url.find("{rule}"); at != std::string::npos) {
    return url.replace(at, 6, rule);
  }
  if (!url.ends_with('/')) url += '/';
  return fmt::format("{}{}.md", url, rule);
}

std::string RootPath(const CheckReport& report, std::string_view file) {
  const auto it = report.root_paths.find(file);
  return it != report.root_paths.end() ? it->second : std::string(file);
}

std::string SarifUri(std::string_view path) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  const std::string normalized = NormalizePath(path);
  std::string out;
  std::string_view rest = normalized;
  if (IsAbsolutePath(normalized)) {
    out = "file://";
    if (!normalized.starts_with('/')) out += '/';  // file:///C:/x
    if (normalized.size() >= 2 && normalized[1] == ':') {
      out += normalized.substr(0, 2);  // the drive's ':' stays as RFC 8089 writes it
      rest.remove_prefix(2);
    }
  }
  for (const char c : rest) {
    const auto u = static_cast<unsigned char>(c);
    // RFC 3986 unreserved characters and the path separator. Everything else is encoded,
    // including ':' (a relative reference's first segment must not look like a scheme).
    if (std::isalnum(u) || c == '-' || c == '.' || c == '_' || c == '~' || c == '/') {
      out.push_back(c);
    } else {
      out.push_back('%');
      out.push_back(kHex[u >> 4]);
      out.push_back(kHex[u & 15]);
    }
  }
  return out;
}

uint32_t Utf16Column(std::string_view line, uint32_t byte_column) {
  if (byte_column == 0) return 0;
  const size_t limit = byte_column - 1;
  uint32_t units = 0;
  size_t i = 0;
  while (i < limit) {
    if (i >= line.size()) {
      units += static_cast<uint32_t>(limit - i);
      break;
    }
    const size_t len = base::Utf8SequenceLength(line, i);
    if (len == 0 || i + len > limit) {
      ++units;  // an invalid byte, or a column pointing into a character: one unit per byte
      ++i;
      continue;
    }
    units += len == 4 ? 2 : 1;  // outside the BMP: a surrogate pair
    i += len;
  }
  return units + 1;
}

std::string CamelCaseRuleName(std::string_view id) {
  std::string out;
  bool upper = true;
  for (const char c : id) {
    if (c == '-' || c == '_' || c == '.' || c == ' ') {
      upper = true;
      continue;
    }
    out.push_back(upper ? base::ToUpperAscii(c) : c);
    upper = false;
  }
  return out;
}

std::string NotRun::Sentence() const {
  std::string list;
  for (const std::string& id : rules) list += (list.empty() ? "" : ", ") + id;
  return fmt::format("{}: {} that need{} one did not run: {}", reason,
                     Plural(rules.size(), "rule", "rules"), rules.size() == 1 ? "s" : "", list);
}

void WriteNotRunJson(JsonWriter& w, const NotRun& not_run) {
  w.Key("not_run");
  if (not_run.empty()) {
    w.Null();
    return;
  }
  w.BeginObject().Field("reason", not_run.reason).Key("rules").BeginArray();
  for (const std::string& id : not_run.rules) w.String(id);
  w.EndArray().EndObject();
}

// "ALGORITHM=INSTANT, LOCK=NONE" / "…, rebuilds the table" / "not known".
std::string StepText(const rules::MigrationStep& step) {
  if (!step.refused.empty()) return "refused: " + step.refused;
  if (!step.ddl) return "not in qadvisor's online-DDL table";
  return fmt::format("ALGORITHM={}, LOCK={}{}", analyzer::AlgorithmName(step.ddl->algorithm),
                     analyzer::DdlLockName(step.ddl->lock),
                     step.ddl->rebuilds ? ", rebuilds the table" : "");
}

std::string RenderCheckText(const CheckReport& report, bool color) {
  const Style style{color};
  std::string out;
  if (!report.not_run.empty()) out += "note: " + report.not_run.Sentence() + "\n\n";
  for (const Finding& f : report.findings) {
    out += style.bold();
    out += TextLocation(f);
    out += ':';
    out += style.reset();
    out += ' ';
    out += style.severity(f.severity);
    out += rules::SeverityName(f.severity);
    out += ':';
    out += style.reset();
    out += ' ';
    out += style.bold();
    out += OneLine(f.message);
    out += style.reset();
    out += " [";
    out += OneLine(f.rule);
    out += "]\n";
    AppendExcerpt(out, f, style);
    AppendFix(out, f, style);
    out += '\n';
  }
  if (!report.migration.empty()) {
    out += style.bold();
    out += fmt::format("Online DDL on {}:", report.target);
    out += style.reset();
    out += '\n';
    for (const rules::MigrationStep& step : report.migration) {
      out += fmt::format("  {}:{}: {} on `{}`: {}\n", step.location.file, step.location.line,
                         OneLine(step.what), step.table, StepText(step));
    }
    out += '\n';
  }
  out += style.bold();
  out += SummaryText(report, CountSeverities(report.findings));
  out += style.reset();
  out += '\n';
  return out;
}

std::string FixLabel(const rules::Finding& f, bool capital) {
  std::string label = capital ? "Fix" : "fix";
  if (!f.fix.empty() && rules::FixApplicability(f) == rules::Applicability::kUnsafe) {
    label += " (unsafe)";
  }
  return label;
}

std::string MarkdownFixCell(const rules::Finding& f) {
  if (f.fix.empty()) return "";
  const bool unsafe = rules::FixApplicability(f) == rules::Applicability::kUnsafe;
  return (unsafe ? "**unsafe:** " : "") + MarkdownCodeLinesCell(f.fix);
}

void WriteFindingJson(JsonWriter& w, const rules::Finding& f) {
  w.BeginObject();
  w.Field("rule", f.rule);
  w.Field("severity", rules::SeverityName(f.severity));
  w.Field("message", f.message);
  w.FieldOrNull("table", f.table);
  w.Key("columns").BeginArray();
  for (const std::string& column : f.columns) w.String(column);
  w.EndArray();
  w.FieldOrNull("index", f.index);
  w.FieldOrNull("fix", f.fix);
  w.FieldOrNull("fix_applicability",
                f.fix.empty() ? "" : rules::ApplicabilityName(rules::FixApplicability(f)));
  w.Key("location").BeginObject();
  w.FieldOrNull("file", f.location.file);
  w.Field("line", uint64_t{f.location.line}).Field("column", uint64_t{f.location.column});
  w.EndObject();
  w.FieldOrNull("query_class", f.query_class);
  w.Field("key", f.key);
  if (!f.evidence.empty()) {  // a live rule's measurements: only its findings have them
    w.Key("evidence").BeginObject();
    for (const rules::Evidence& e : f.evidence) {
      w.Key(e.name);
      if (e.number) {
        w.Double(*e.number);
      } else if (e.flag) {
        w.Bool(*e.flag);
      } else {
        w.StringOrNull(e.text);
      }
    }
    w.EndObject();
  }
  w.EndObject();
}

std::string RenderCheckJson(const CheckReport& report) {
  std::string out;
  JsonWriter w(out);
  const Counts counts = CountSeverities(report.findings);
  w.BeginObject();
  w.Field("version", 1);
  w.Key("tool").BeginObject();
  w.Field("name", kToolName).Field("version", report.tool_version);
  w.EndObject();
  w.Key("files").BeginArray();
  for (const std::string& file : report.files) w.String(file);
  w.EndArray();
  w.Field("statements", report.statements);
  w.Key("suppressed").BeginObject();
  w.Field("inline", report.suppressed_inline).Field("baseline", report.suppressed_baseline);
  w.Field("unchanged", report.suppressed_unchanged);
  w.EndObject();
  w.Key("summary").BeginObject();
  w.Field("error", counts.error).Field("warning", counts.warning).Field("info", counts.info);
  w.EndObject();
  WriteNotRunJson(w, report.not_run);
  w.Key("findings").BeginArray();
  for (const Finding& f : report.findings) WriteFindingJson(w, f);
  w.EndArray();
  w.Key("online_ddl");
  if (report.migration.empty()) {
    w.Null();
  } else {
    w.BeginObject().Field("target", report.target).Key("operations").BeginArray();
    for (const rules::MigrationStep& step : report.migration) {
      w.BeginObject();
      w.Key("location").BeginObject();
      w.Field("file", step.location.file).Field("line", uint64_t{step.location.line});
      w.Field("column", uint64_t{step.location.column});
      w.EndObject();
      w.Field("table", step.table).Field("statement", step.what);
      w.FieldOrNull("operation", step.operation);
      if (step.ddl) {
        w.Field("algorithm", analyzer::AlgorithmName(step.ddl->algorithm));
        w.Field("lock", analyzer::DdlLockName(step.ddl->lock));
        w.Field("rebuilds_table", step.ddl->rebuilds).Field("source", step.ddl->source);
      } else {
        w.Key("algorithm").Null().Key("lock").Null().Key("rebuilds_table").Null();
        w.Key("source").Null();
      }
      w.FieldOrNull("refused", step.refused);
      w.EndObject();
    }
    w.EndArray().EndObject();
  }
  w.EndObject();
  out += '\n';
  return out;
}

std::string RenderCheckSarif(const CheckReport& report) {
  std::string out;
  JsonWriter w(out);
  w.BeginObject();
  w.Field("$schema", kSarifSchema);
  w.Field("version", "2.1.0");
  w.Key("runs").BeginArray().BeginObject();

  // tool.driver, with one reportingDescriptor per rule in effect.
  std::map<std::string_view, size_t, std::less<>> rule_index;
  w.Key("tool").BeginObject().Key("driver").BeginObject();
  w.Field("name", kToolName);
  if (!report.tool_version.empty()) {
    w.Field("version", report.tool_version).Field("semanticVersion", report.tool_version);
  }
  w.Field("informationUri", kInformationUri);
  w.Key("rules").BeginArray();
  for (const RuleInfo* info : report.rules) {
    if (info == nullptr) continue;
    rule_index.emplace(info->id, rule_index.size());
    std::string full = FirstSection(info->doc);
    if (full.empty()) full = info->summary;
    const std::string_view doc = info->doc.empty() ? info->summary : info->doc;
    w.BeginObject();
    w.Field("id", info->id);
    w.Field("name", CamelCaseRuleName(info->id));
    w.Key("shortDescription").BeginObject().Field("text", info->summary).EndObject();
    w.Key("fullDescription").BeginObject().Field("text", full).EndObject();
    w.Field("helpUri", RuleDocUrl(report, info->id));
    w.Key("help").BeginObject().Field("text", doc).Field("markdown", doc).EndObject();
    w.Key("defaultConfiguration").BeginObject();
    w.Field("level", SarifLevel(info->severity));
    w.EndObject();
    w.Key("properties").BeginObject().Key("tags").BeginArray();
    w.String("sql").String("performance");
    w.String(rules::ScopeName(info->scope));  // a tag for what the rule looks at
    w.EndArray().EndObject();
    w.EndObject();
  }
  w.EndArray();
  w.EndObject().EndObject();  // driver, tool

  // Where relative URIs start: the repository root (the git toplevel of the directory check
  // ran in, else that directory), which upload-sarif takes to be the checkout.
  w.Key("originalUriBaseIds").BeginObject().Key(kSrcRoot).BeginObject();
  if (!report.source_root.empty()) w.Field("uri", report.source_root);
  w.Key("description").BeginObject();
  w.Field("text", "The repository root; result paths are relative to it.");
  w.EndObject().EndObject().EndObject();
  w.Field("columnKind", "utf16CodeUnits");

  Fingerprints fingerprints;

  w.Key("results").BeginArray();
  for (const Finding& f : report.findings) {
    const bool has_file = !f.location.file.empty();
    w.BeginObject();
    w.Field("ruleId", f.rule);
    if (const auto it = rule_index.find(f.rule); it != rule_index.end()) {
      w.Field("ruleIndex", uint64_t{it->second});
    }
    w.Field("level", SarifLevel(f.severity));
    std::string text = MessageWithFix(f);
    if (!has_file && !f.query_class.empty()) text += "\nQuery class: " + f.query_class;
    w.Key("message").BeginObject().Field("text", text).EndObject();

    const std::string uri = SarifUri(ResultPath(report, f));
    w.Key("locations").BeginArray().BeginObject();
    w.Key("physicalLocation").BeginObject();
    w.Key("artifactLocation").BeginObject();
    w.Field("uri", uri);
    if (!uri.starts_with("file:")) w.Field("uriBaseId", kSrcRoot);
    w.EndObject();
    w.Key("region").BeginObject();
    if (has_file && f.location.line > 0) {
      w.Field("startLine", uint64_t{f.location.line});
      const Columns columns = ConvertColumns(f);
      if (columns.start > 0) w.Field("startColumn", uint64_t{columns.start});
      if (columns.end > 0) w.Field("endColumn", uint64_t{columns.end});
    } else {
      w.Field("startLine", uint64_t{1});
    }
    w.EndObject();  // region
    w.EndObject();  // physicalLocation
    w.EndObject().EndArray();

    if (const std::string fingerprint = fingerprints.Next(f); !fingerprint.empty()) {
      w.Key("partialFingerprints").BeginObject();
      w.Field(kFingerprintName, fingerprint);
      w.EndObject();
    }
    // The fix as an edit of the file, where it is one. Not for a slow log's query: a log is
    // not the source to edit.
    if (f.replacement && has_file && f.query_class.empty()) {
      const rules::Replacement& r = *f.replacement;
      const std::string_view line = TrimEol(r.line);
      const uint32_t start = Utf16Column(line, r.location.column);
      const uint32_t end = Utf16Column(line, r.location.column + r.location.length);
      w.Key("fixes").BeginArray().BeginObject();
      if (!f.fix.empty()) {
        const std::string description = rules::FixApplicability(f) == rules::Applicability::kUnsafe
                                            ? "Unsafe: " + std::string(TrimEol(f.fix))
                                            : std::string(TrimEol(f.fix));
        w.Key("description").BeginObject().Field("text", description).EndObject();
      }
      w.Key("artifactChanges").BeginArray().BeginObject();
      w.Key("artifactLocation").BeginObject().Field("uri", uri);
      if (!uri.starts_with("file:")) w.Field("uriBaseId", kSrcRoot);
      w.EndObject();
      w.Key("replacements").BeginArray().BeginObject();
      w.Key("deletedRegion").BeginObject();
      w.Field("startLine", uint64_t{r.location.line});
      w.Field("startColumn", uint64_t{start}).Field("endColumn", uint64_t{end});
      w.EndObject();
      w.Key("insertedContent").BeginObject().Field("text", r.text).EndObject();
      w.EndObject().EndArray();  // replacements
      w.EndObject().EndArray();  // artifactChanges
      w.EndObject().EndArray();  // fixes
    }
    w.Key("properties").BeginObject();
    if (!f.table.empty()) w.Field("table", f.table);
    if (!f.columns.empty()) {
      w.Key("columns").BeginArray();
      for (const std::string& column : f.columns) w.String(column);
      w.EndArray();
    }
    if (!f.index.empty()) w.Field("index", f.index);
    if (!f.query_class.empty()) w.Field("queryClass", f.query_class);
    if (!f.fix.empty()) {
      w.Field("fix", f.fix);
      w.Field("fixApplicability", rules::ApplicabilityName(rules::FixApplicability(f)));
    }
    w.EndObject();
    w.EndObject();
  }
  w.EndArray();

  w.EndObject().EndArray();  // the run, runs
  w.EndObject();
  out += '\n';
  return out;
}

namespace {
// GitLab's severities: info, minor, major, critical, blocker. A qadvisor error is major (it
// fails the build, but is no security hole or outage, which critical and blocker are for).
std::string_view CodeQualitySeverity(Severity severity) {
  switch (severity) {
    case Severity::kError:
      return "major";
    case Severity::kWarning:
      return "minor";
    case Severity::kInfo:
      return "info";
  }
  return "minor";
}
}  // namespace

std::string RenderCheckCodeClimate(const CheckReport& report) {
  std::string out;
  JsonWriter w(out);
  Fingerprints fingerprints;
  w.BeginArray();
  for (const Finding& f : report.findings) {
    std::string fingerprint = fingerprints.Next(f);
    if (fingerprint.empty()) {  // no key: as unique as the location makes it
      fingerprint = fmt::format("{}:{}:{}:{}", f.rule, ResultPath(report, f), f.location.line,
                                f.location.column);
    }
    std::string description = OneLine(f.message);
    if (f.location.file.empty() && !f.query_class.empty()) {
      description += " (query class " + f.query_class + ")";
    }
    std::string body;
    if (!f.fix.empty()) {
      body = FixLabel(f, true) + ":\n\n```\n" + std::string(TrimEol(f.fix)) + "\n```\n\n";
    }
    body += fmt::format("[{}]({})", f.rule, RuleDocUrl(report, f.rule));
    w.BeginObject();
    w.Field("type", "issue");
    w.Field("check_name", f.rule);
    w.Field("description", description);
    w.Key("content").BeginObject().Field("body", body).EndObject();
    w.Key("categories").BeginArray().String("Performance").EndArray();
    w.Field("severity", CodeQualitySeverity(f.severity));
    w.Field("fingerprint", fingerprint);
    w.Key("location").BeginObject();
    w.Field("path", NormalizePath(ResultPath(report, f)));
    const bool has_line = !f.location.file.empty() && f.location.line > 0;
    w.Key("lines").BeginObject().Field("begin", uint64_t{has_line ? f.location.line : 1});
    w.EndObject();
    w.EndObject();  // location
    w.EndObject();
  }
  w.EndArray();
  out += '\n';
  return out;
}

std::string RenderCheckMarkdown(const CheckReport& report) {
  const Counts counts = CountSeverities(report.findings);
  std::string out = "# qadvisor check\n\n";
  out += MarkdownCell(SummaryText(report, counts));
  out += ".\n\n";
  if (!report.not_run.empty())
    out += "> **Note:** " + MarkdownCell(report.not_run.Sentence()) + ".\n\n";
  out += "| Severity | Count |\n|---|---:|\n";
  out += fmt::format("| error | {} |\n| warning | {} |\n| info | {} |\n| **total** | **{}** |\n",
                     counts.error, counts.warning, counts.info, counts.total());
  if (!report.findings.empty()) {
    out += "\n## Findings\n\n";
    out += "| Severity | Rule | Location | Message | Fix |\n|---|---|---|---|---|\n";
    for (const Finding& f : report.findings) {
      out += fmt::format("| {} | [{}]({}) | {} | {} | {} |\n", rules::SeverityName(f.severity),
                         MarkdownCodeCell(f.rule), RuleDocUrl(report, LinkSegment(f.rule)),
                         MarkdownLocation(f), MarkdownCell(f.message), MarkdownFixCell(f));
    }
  }
  if (!report.migration.empty()) {
    out += fmt::format("\n## Online DDL on {}\n\n", MarkdownCell(report.target));
    out += "| Location | Table | Operation | Algorithm | Lock | Rebuilds the table |\n";
    out += "|---|---|---|---|---|---|\n";
    for (const rules::MigrationStep& step : report.migration) {
      const auto& d = step.ddl;
      out += fmt::format(
          "| {}:{} | {} | {} | {} | {} | {} |\n", MarkdownCell(step.location.file),
          step.location.line, MarkdownCodeCell(step.table), MarkdownCodeCell(step.what),
          d ? analyzer::AlgorithmName(d->algorithm) : "not known",
          d ? analyzer::DdlLockName(d->lock) : "", d ? (d->rebuilds ? "yes" : "no") : "");
    }
  }
  return out;
}

std::string RenderCheckGithub(const CheckReport& report) {
  std::string out;
  for (const Finding& f : report.findings) {
    out += "::";
    out += GithubCommand(f.severity);
    std::string properties;
    const auto add = [&properties](std::string_view name, std::string_view value) {
      properties += properties.empty() ? " " : ",";
      properties += name;
      properties += '=';
      properties += GithubProperty(value);
    };
    if (!f.location.file.empty()) {
      add("file", NormalizePath(RootPath(report, f.location.file)));
      if (f.location.line > 0) {
        add("line", std::to_string(f.location.line));
        const Columns columns = ConvertColumns(f);
        if (columns.start > 0) add("col", std::to_string(columns.start));
        // GitHub's annotation end column is inclusive (the Checks API's end_column).
        if (columns.end > 0) add("endColumn", std::to_string(columns.end - 1));
      }
    }
    add("title", f.rule);
    out += properties;
    out += "::";
    std::string text = MessageWithFix(f);
    if (f.location.file.empty() && !f.query_class.empty()) {
      text += "\nQuery class: " + f.query_class;
    }
    text += "\nRule: " + RuleDocUrl(report, f.rule);
    out += GithubData(text);
    out += '\n';
  }
  return out;
}

}  // namespace qadvisor::report
