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

// How far a fix can be applied as it stands, as Ruff marks its fixes:
//  kSafe: SQL that only adds secondary indexes (not UNIQUE): every statement reads and returns
//    what it did; writes pay for one more index;
//  kUnsafe: SQL or an edit that can lose something or change what statements do: it drops an
//    index (a query, a hint or a foreign key may need it), a column, a key or a table, adds a
//    UNIQUE or PRIMARY key (fails on duplicates, then refuses inserts), changes a column or a
//    table, or edits a query so that it compares differently (a quoted number is a string);
//  kDisplayOnly: advice to act on by hand, no SQL that runs as it stands.
enum class Applicability : uint8_t { kDisplayOnly, kUnsafe, kSafe };
std::string_view ApplicabilityName(Applicability a);  // "display-only", "unsafe", "safe"

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
  // Set by a rule whose fix is a text edit (it knows what the edit changes); else
  // FixApplicability reads the fix's SQL.
  std::optional<Applicability> applicability;
  // A live rule's measurements, in the order they were taken; empty for the static rules.
  std::vector<Evidence> evidence;
};

// The baseline key: rule, file, table, columns, index and the fingerprint of the statement
// (its class id) — no line numbers. Sets `finding.key`.
void MakeKey(Finding& finding, std::string_view statement_class);

using Findings = std::vector<Finding>;

// Where the SQL of a fix starts: 0 when the fix is index DDL (`ALTER TABLE … ADD INDEX …`,
// CREATE INDEX), the start of the index DDL that ends advice ("compare the bare column with a
// range: …; on the bare column, an index can search it: ALTER TABLE …"), else npos.
size_t IndexDdlAt(std::string_view fix);

// The finding's Applicability: the rule's own when it set one, else read from the fix: all of
// it, or the index DDL it ends with (IndexDdlAt), parsed; a fix that is not SQL is display-only.
Applicability FixApplicability(const Finding& finding);

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
