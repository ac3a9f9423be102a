// The checker: runs the rules over scripts and slow-log query classes, against a catalog.
//
// Scripts are read in order: DDL in them updates the catalog as it goes (a migration that adds
// an index is seen by the queries after it), every other statement is bound and checked by
// the query rules. Finish() runs the schema and workload rules on the final catalog, applies
// `-- qadvisor:ignore <id>[, <id>…]` comments (in the comments above a statement or on its
// lines; for schema findings, on the index or table's line or the line above; without ids, or
// with `all`: every rule), and returns the findings sorted by file, line, column and rule.
// Baselines are the caller's business (they compare Finding::key).
//
// What the application uses (for drop-in-use and rename-in-use, see rules/schema_use.h): the
// checked statements as they are bound, in order, and the statements given by AddApplication
// and AddApplicationScript before the scripts, bound again before each DDL statement that
// drops or renames something.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/catalog.h"
#include "analyzer/query_model.h"
#include "base/status.h"
#include "parser/parser.h"
#include "rules/rule.h"
#include "rules/schema_use.h"

namespace qadvisor::rules {

struct CheckerOptions {
  std::vector<std::string> only;     // when non-empty, only these rules run (--rules)
  std::vector<std::string> disable;  // these rules do not run (--disable, config `disable`)
  std::vector<std::string> enable;   // run even if disabled (config `enable`)
  std::map<std::string, Severity, std::less<>> severity;  // per-rule overrides
  RuleOptions options;
  parser::ParseOptions parse;
  // Whether the input is the whole workload (a slow log or `--workload`): the workload rules
  // (unused-index) run only then; a few checked files say nothing of what else uses an index.
  bool whole_workload = true;
};

// Checks that every rule id named in `options` exists; the message lists the unknown ones.
Status ValidateRuleIds(const CheckerOptions& options);
// Whether the rule `id` runs under `options`: in `only` (when given), and not disabled unless
// enabled again. The Checker runs exactly these.
bool RuleSelected(const CheckerOptions& options, std::string_view id);

class Checker {
 public:
  // `catalog` is updated by DDL met in checked scripts; it must outlive the checker.
  Checker(analyzer::Catalog& catalog, CheckerOptions options);

  // What LoadSchema read from a schema file.
  struct SchemaLoad {
    uint64_t statements = 0;                 // statements read (of any kind)
    std::vector<parser::Diagnostic> errors;  // statements that did not parse, in file order
  };
  // A schema file: its DDL is applied to the catalog (anything else in it is ignored, e.g. the
  // INSERTs of a full mysqldump); its ignore comments apply to schema findings located in it.
  // A statement that does not parse is a parse-error finding, DDL that cannot apply a
  // schema-error finding (when those rules run); the parse errors are also returned, for the
  // caller to tell the user at once.
  SchemaLoad LoadSchema(std::string_view file, std::string_view text);
  // A SQL script read from `file`.
  void CheckScript(std::string_view file, std::string_view text);
  // One statement that stands for a slow-log query class: its sample, the file and line of
  // its event, the event's database, the class id (16 hex digits), and the most rows one of
  // its executions examined (QueryModel::max_rows_examined), when known.
  void CheckQuery(std::string_view file, std::string_view sql, uint32_t line,
                  std::string_view database, std::string_view query_class,
                  std::optional<uint64_t> max_rows_examined = std::nullopt);
  // The same for a statement already parsed and bound (its model's script is the sample).
  void CheckModel(std::string_view file, const analyzer::QueryModel& model, uint32_t line,
                  std::string_view query_class);
  // A statement of the application as it runs before the checked migrations (a slow-log query
  // class, a query of an application file): what it uses counts for drop-in-use and
  // rename-in-use, bound against the schema as it is before each DROP or RENAME. `site` names
  // it in messages. With `workload` (`--workload`: never checked), Finish also counts it in
  // unused-index's workload, bound against the final schema.
  void AddApplication(std::string_view sql, std::string_view database, std::string site,
                      bool workload);
  // The SELECT, INSERT, UPDATE and DELETE statements of a script that changes no schema (no
  // CREATE, ALTER, DROP or RENAME), as AddApplication with sites "file:line"; false, and
  // nothing added, for a script that does (a migration).
  bool AddApplicationScript(std::string_view file, std::string_view text, bool workload);
  // Schema and workload rules, suppressions, sorting. Call once, after the last input.
  Findings Finish();

  uint64_t statements() const { return statements_; }
  // Every operation of the DDL in checked scripts, in order, on the target (RuleOptions).
  const std::vector<MigrationStep>& migration_steps() const { return steps_; }
  uint64_t suppressed_inline() const { return suppressed_; }
  // The rules that run, in registry order.
  std::vector<const Rule*> rules() const;

 private:
  struct Marker {
    uint32_t line;
    std::vector<std::string> ids;  // empty: every rule
  };
  struct LineScope {
    std::string file;
    uint32_t first_line, last_line;
  };
  void CheckBound(const analyzer::QueryModel& model, const Reporter::Locator& locator,
                  const LineScope& scope, std::string_view statement_class, std::string_view text,
                  uint32_t text_line);
  void Record(size_t first_new, const LineScope& scope, std::string_view statement_class);
  // `count`: a statement not counted yet (false: the same one bound again).
  void NoteUse(const analyzer::QueryModel& model, bool count = true);
  // Parse errors of a script or schema file, as parse-error findings.
  // Keeps the file's text and ignore comments (for excerpts and suppression), parses it, and
  // reports the statements that do not parse: what LoadSchema and CheckScript both begin with.
  parser::ParseResult Read(std::string_view file, std::string_view text);
  // Applies one DDL statement; what the catalog could not apply becomes schema-error findings,
  // which ignore comments from line `zone_start` (after the statement before) on suppress.
  void ApplyDdl(const parser::ast::Statement& st, std::string_view script, std::string_view file,
                uint32_t zone_start, bool migration);
  bool Suppressed(const Finding& f, const LineScope& scope) const;
  const analyzer::Table* TargetOf(const parser::ast::Statement& st) const;
  // drop-in-use, rename-in-use: what `st` drops or renames, against what the application uses.
  void CheckChanges(const parser::ast::Statement& st, Reporter& out);

  analyzer::Catalog& catalog_;
  CheckerOptions options_;
  std::vector<std::unique_ptr<Rule>> rules_;
  Findings findings_;
  std::vector<LineScope> scopes_;  // per finding: the lines its suppression comments may be on
  std::map<std::string, std::vector<Marker>, std::less<>> markers_;  // by file
  std::map<std::string, std::string, std::less<>> texts_;            // scripts, for schema excerpts
  WorkloadUse use_;
  std::vector<MigrationStep> steps_;
  struct Application {
    parser::ParseResult parsed;  // one statement
    std::string database, site;
    bool workload;
  };
  std::vector<Application> application_;
  SchemaUse checked_use_;  // what the checked statements use, so far
  uint64_t statements_ = 0;
  uint64_t suppressed_ = 0;
};

}  // namespace qadvisor::rules
