// Renders the result of `qadvisor check` as text (compiler style), JSON (docs/json-check.md),
// SARIF 2.1.0 for code scanning (docs/sarif.md), Markdown for a review comment, or GitHub
// Actions workflow commands (annotations).
//
// Pure functions over a CheckReport: no I/O, no terminal detection (the caller decides on
// colour), no filtering or sorting (the caller hands findings over filtered and sorted). The
// RuleInfo pointers must outlive the call; rules' static RuleInfos do.
//
// Columns in Finding::location are 1-based byte offsets into the line. Text output places its
// caret by code points of Finding::excerpt; SARIF and GitHub output convert columns to UTF-16
// code units using the excerpt when it is there (the unit SARIF assumes by default and GitHub's
// web views use), and pass byte columns through when it is not (the same for ASCII lines).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "rules/finding.h"

namespace qadvisor::rules {
struct RuleInfo;
}

namespace qadvisor::report {

// Rules that did not run, and why: without a schema (no --schema, no --dsn, no table in the
// inputs) the rules that judge by tables and indexes have nothing to go by. Reports say so,
// so that "no findings" is never read as an all-clear.
struct NotRun {
  std::string reason;              // "no schema was given (--schema FILE or --dsn DSN)"
  std::vector<std::string> rules;  // their ids, in registry order; empty: everything ran
  bool empty() const { return rules.empty(); }
  // "no schema was given (…): 19 rules that need one did not run: back-to-table, …"
  std::string Sentence() const;
};

struct CheckReport {
  std::vector<rules::Finding> findings;  // already filtered and sorted by file, line, column, rule
  std::vector<const rules::RuleInfo*> rules;  // rules in effect (SARIF tool.driver.rules)
  std::vector<std::string> files;             // inputs, as given
  uint64_t statements = 0;                    // statements checked
  uint64_t suppressed_inline = 0;             // by -- qadvisor:ignore
  uint64_t suppressed_baseline = 0;           // by --baseline
  std::string tool_version;                   // "0.1.0"
  NotRun not_run;                             // rules that did not run (no schema)
  // CI settings (docs/ci.md). Rule pages: "{rule}" in docs_url is replaced by the rule id,
  // else the id and ".md" are appended (a '/' first when missing); empty: the built-in URL.
  std::string docs_url;
  // The repository root (SARIF's %SRCROOT%) as a file:// URI ending in '/'; empty: unknown.
  std::string source_root;
  // Each input as given → its path relative to the root ('/' separators); inputs outside the
  // root (or all, when there is no root) are absent and keep the path as given.
  std::map<std::string, std::string, std::less<>> root_paths;
  uint64_t suppressed_unchanged = 0;  // in files --changed-since left out
  // The migrations' operations and how `target` ("mariadb-10.11") runs each; empty when the
  // inputs hold no ALTER TABLE / CREATE INDEX / DROP INDEX of a known table.
  std::string target;
  std::vector<rules::MigrationStep> migration;
};

// The rule's documentation page under report.docs_url.
std::string RuleDocUrl(const CheckReport& report, std::string_view rule);
// A finding's file as CI systems want it: relative to the repository root when it is there.
std::string RootPath(const CheckReport& report, std::string_view file);

// `file:line:col: warning: message [rule-id]`, the source line and a caret under the column,
// the fix, a blank line; then one summary line. ANSI colours only when `color`.
std::string RenderCheckText(const CheckReport& report, bool color);
// One JSON object (docs/json-check.md).
std::string RenderCheckJson(const CheckReport& report);
// The label before a finding's fix in every format: "fix", or "fix (unsafe)" when applying it
// can lose something or change results (rules::FixApplicability); `capital`: "Fix …".
std::string FixLabel(const rules::Finding& f, bool capital = false);
// The fix as a Markdown table cell: its lines as code, after "**unsafe:**" when it is; empty
// when there is none.
std::string MarkdownFixCell(const rules::Finding& f);
class JsonWriter;
// One finding as an object of `findings` (docs/json-check.md); `advise` uses it too.
void WriteFindingJson(JsonWriter& w, const rules::Finding& f);
// The `not_run` field: null, or {"reason": …, "rules": […]} (docs/json-check.md).
void WriteNotRunJson(JsonWriter& w, const NotRun& not_run);

// A SARIF 2.1.0 log with one run, as GitHub code scanning accepts it (docs/sarif.md).
std::string RenderCheckSarif(const CheckReport& report);
// A GitLab Code Quality report: a JSON array of Code Climate issues (docs/ci.md).
std::string RenderCheckCodeClimate(const CheckReport& report);
// A heading, a count by severity and a table of findings, for a pull-request comment.
std::string RenderCheckMarkdown(const CheckReport& report);
// One `::error|::warning|::notice file=…,line=…::message` workflow command per finding.
std::string RenderCheckGithub(const CheckReport& report);

// Helpers, exposed for tests and for other renderers.
//
// A path as a SARIF artifact URI: backslashes become slashes, leading "./" go, and every byte
// outside RFC 3986's unreserved set and "/" is percent-encoded ("a b.sql" → "a%20b.sql"). An
// absolute path ("/x/y.sql", "C:\x.sql") becomes a file:// URI ("file:///x/y.sql").
std::string SarifUri(std::string_view path);
// The 1-based column in UTF-16 code units of the 1-based byte column `byte_column` of `line`.
// Bytes past the end of `line` count one unit each; invalid UTF-8 counts one unit per byte.
uint32_t Utf16Column(std::string_view line, uint32_t byte_column);
// "implicit-conversion" → "ImplicitConversion".
std::string CamelCaseRuleName(std::string_view id);

}  // namespace qadvisor::report
