// The rule interface and the registry of all rules.
//
// A rule is one .cpp in rules/ named after its id (rules/leftmost_prefix.cpp for
// `leftmost-prefix`) holding its RuleInfo (id, default severity, summary and the Markdown doc
// that docs/rules/<id>.md is generated from), its check and its factory. Rules read a bound
// query (analyzer::QueryModel), the catalog, or the workload, and report Findings: no I/O, no
// state between calls, no exceptions. Options (thresholds) are read once in the constructor
// and echoed back by options(), so `qadvisor rules` shows what is in effect.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "analyzer/catalog.h"
#include "analyzer/online_ddl.h"
#include "parser/ast.h"
#include "parser/keywords.h"
#include "parser/parser.h"
#include "rules/finding.h"

namespace qadvisor::analyzer {
struct QueryModel;
}

namespace qadvisor::rules {

class SchemaUse;
struct SchemaChange;

// What a rule looks at.
enum class Scope : uint8_t {
  kQuery,     // one bound statement at a time
  kSchema,    // the catalog once, after all DDL
  kWorkload,  // the catalog and every bound statement together (unused-index)
  kScript,    // what the parser reported about a script (parse-error)
  // Each DDL statement of a checked script (a migration), on the schema built so far
  // (not the --schema files: they are the schema as it is).
  kDdl,
  // Measured on a running server by `qadvisor verify` (optimizer-wrong-index): check never
  // runs it; its findings come from the measurements.
  kLive,
};

// The scope's one-word name ("query", "schema", "workload", "script", "ddl", "live"): the
// `scope` of `qadvisor rules --format json` and a SARIF rule tag. A new scope is named here,
// beside the enum, or the build fails (-Wswitch): reports never invent names of their own.
std::string_view ScopeName(Scope scope);

struct RuleInfo {
  std::string_view id;
  Severity severity;
  Scope scope;
  std::string_view summary;  // one line, lower case, no full stop
  // Markdown with the sections: What it does / Why it matters / Example / Fix / MySQL reference
  std::string_view doc;
  // The rule judges statements by the schema (tables, columns, indexes): with no schema at all
  // (no --schema, no --dsn, no table defined by the checked scripts) it has nothing to go by,
  // and the reports say it did not run rather than give a silent all-clear.
  bool needs_catalog = false;
};

// Thresholds by "rule-id.option" name, from .qadvisor.toml. Rules read them in their
// constructors through Get, which also records the value in effect.
class RuleOptions {
 public:
  void Set(std::string name, int64_t value) { values_[std::move(name)] = value; }
  int64_t Get(std::string_view rule, std::string_view option, int64_t fallback) const;
  const std::map<std::string, int64_t, std::less<>>& values() const { return values_; }
  // The server the migrations will run on (`--target`; the DDL rules judge algorithms by it).
  const analyzer::ServerTarget& target() const { return target_; }
  void set_target(const analyzer::ServerTarget& target) { target_ = target; }

 private:
  std::map<std::string, int64_t, std::less<>> values_;
  analyzer::ServerTarget target_;
};

// Turns rule output into Findings: query rules point at a span of the statement text, schema
// rules at the DDL location of a table or index.
class Reporter {
 public:
  using Locator = std::function<Location(parser::ast::Span)>;
  Reporter(Findings& out, Locator locator) : out_(out), locator_(std::move(locator)) {}

  Finding& Add(const RuleInfo& info, parser::ast::Span span, std::string message);
  Finding& Add(const RuleInfo& info, const analyzer::SourceLocation& where, std::string message);
  // Makes `text` replace `span` of `script` (the text the statement's spans point into) as
  // `finding`'s fix edit. Nothing when the span is not on one line or not inside `script`.
  void SetReplacement(Finding& finding, std::string_view script, parser::ast::Span span,
                      std::string text) const;

 private:
  Findings& out_;
  Locator locator_;
};

// Which indexes of which tables some query of the workload can use (for unused-index).
struct WorkloadUse {
  size_t statements = 0;  // bound statements seen
  // "table-qualified-name/index-name", lower-case, for every index some statement could use
  std::vector<std::string> used_indexes;
  std::vector<std::string> tables_queried;  // qualified names, lower-case

  // The keys the two lists hold, written by the checker and read by unused-index.
  static std::string TableKey(const analyzer::Table& table) {
    return parser::LowerAscii(table.QualifiedName());
  }
  static std::string IndexKey(const analyzer::Table& table, std::string_view index) {
    return TableKey(table) + "/" + parser::LowerAscii(index);
  }
};

class Rule {
 public:
  virtual ~Rule() = default;
  virtual const RuleInfo& info() const = 0;
  virtual void CheckQuery(const analyzer::QueryModel& /*query*/,
                          const analyzer::Catalog& /*catalog*/, Reporter& /*out*/) const {}
  virtual void CheckSchema(const analyzer::Catalog& /*catalog*/, Reporter& /*out*/) const {}
  virtual void CheckWorkload(const analyzer::Catalog& /*catalog*/, const WorkloadUse& /*use*/,
                             Reporter& /*out*/) const {}
  // Called with each error the parser reported for a checked script or a schema file.
  virtual void CheckDiagnostic(const parser::Diagnostic& /*diagnostic*/, Reporter& /*out*/) const {}
  // Called with each DDL statement of a script or schema file that could not be applied to
  // the catalog (unknown table or column, duplicate name, …); the reporter locates it.
  virtual void CheckCatalogIssue(const analyzer::CatalogIssue& /*issue*/, Reporter& /*out*/) const {
  }
  // Called with each DDL statement of a checked script, once it has been applied: `before` is
  // the table it changes as it was (nullptr for a new table or when there was none), `after` the
  // catalog with the statement applied. Spans are the statement's.
  virtual void CheckDdl(const parser::ast::Statement& /*statement*/,
                        const analyzer::Table* /*before*/, const analyzer::Catalog& /*after*/,
                        Reporter& /*out*/) const {}
  // Called with each DDL statement of a checked script that drops or renames a table, column or
  // index, before it is applied: what it drops or renames, and what the application running
  // before the deploy uses of the schema (rules/schema_use.h). Spans are the statement's.
  virtual void CheckChanges(const std::vector<SchemaChange>& /*changes*/, const SchemaUse& /*use*/,
                            Reporter& /*out*/) const {}
  // The options in effect, by their full name ("deep-offset.max-offset").
  virtual std::vector<std::pair<std::string, int64_t>> options() const { return {}; }
};

struct RuleEntry {
  std::string_view id;
  std::unique_ptr<Rule> (*make)(const RuleOptions& options);
};

// Every rule, sorted by id (a unit test checks it).
const std::vector<RuleEntry>& Registry();
const RuleInfo* FindRuleInfo(std::string_view id);
std::vector<const RuleInfo*> AllRuleInfos();  // in registry order

// The generated docs/rules/<id>.md page for a rule: its title, severity, summary and doc.
std::string RuleDocPage(const RuleInfo& info);

}  // namespace qadvisor::rules
