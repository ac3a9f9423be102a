// Finding: what a rule reports. Plain data, printable by every report format.
//
// A finding names the rule, its severity, a one-sentence message, the table, columns and index
// involved, a fix hint (SQL or DDL, or advice), and where it was found: a file position, and
// for slow-log input the query class. `key` is a stable identity for baselines: it leaves out
// line numbers, so a finding keeps its key when code above it moves.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/online_ddl.h"

namespace qadvisor::rules {

enum class Severity : uint8_t { kInfo, kWarning, kError };
std::string_view SeverityName(Severity severity);  // "info", "warning", "error"
bool ParseSeverity(std::string_view text, Severity& out);

struct Location {
  std::string file;     // as given on the command line; empty when not from a file
  uint32_t line = 0;    // 1-based; 0 when unknown
  uint32_t column = 0;  // 1-based, in bytes
  uint32_t length = 0;  // bytes of the offending text on that line (for carets and SARIF)
};

// One measurement behind a live finding (optimizer-wrong-index): a number, a yes/no, or else a
// text (empty: unknown, JSON null).
struct Evidence {
  std::string name;  // snake_case: "chosen_index", "chosen_median_ms"
  std::string text;
  std::optional<double> number;
  std::optional<bool> flag;
};

// An in-place edit of the finding's own file that applies its fix: replace `location.length`
// bytes at `location.line` / `location.column` (0 bytes: insert there) with `text`. Only for
// rules whose fix really is an edit of the text the finding points at (a value to quote, a
// column list to insert), never for DDL to run elsewhere or advice; the span is on one line.
struct Replacement {
  Location location;
  std::string text;
  std::string line;  // the source line it is on, to count its columns in other units
};

struct Finding {
  std::string rule;  // the rule id: "implicit-conversion"
  Severity severity = Severity::kWarning;
  std::string message;
  std::string table;                 // "orders" (as the catalog names it), or empty
  std::vector<std::string> columns;  // columns involved, as the catalog names them
  std::string index;                 // the index involved, or empty
  std::string fix;                   // SQL / DDL or advice; may be empty
  Location location;
  std::string query_class;  // the class id (16 hex digits) for slow-log input, else empty
  std::string excerpt;      // the source line at location, for text output; may be empty
  std::string key;          // stable identity for baselines (see MakeKey)
  std::optional<Replacement> replacement;  // the fix as a text edit, when it is one
  // A live rule's measurements, in the order they were taken; empty for the static rules.
  std::vector<Evidence> evidence;
};

// The baseline key: rule, file, table, columns, index and the fingerprint of the statement
// (its class id) — no line numbers. Sets `finding.key`.
void MakeKey(Finding& finding, std::string_view statement_class);

using Findings = std::vector<Finding>;

// One operation of a migration's DDL and how the target server runs it: `check` lists them
// all, copying or not (ddl-copies-table and ddl-rebuilds-table report the costly ones).
struct MigrationStep {
  Location location;
  std::string table;
  std::string what;       // "ADD COLUMN `note`"
  std::string operation;  // "add-column" (analyzer/online_ddl.tsv); empty when not known
  std::optional<analyzer::OnlineDdl> ddl;  // nullopt: the table does not say
  std::string refused;  // why the server refuses the statement (DdlOperation::refused)
};

}  // namespace qadvisor::rules
