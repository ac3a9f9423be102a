// unknown-table: the statement names a table the schema does not have.
#include "parser/keywords.h"
#include "rules/common.h"
#include "rules/rule.h"

namespace qadvisor::rules {
namespace {

using namespace analyzer;  // NOLINT: rules read the analyzer's model

constexpr RuleInfo kInfo{.id = "unknown-table",
                         .severity = Severity::kWarning,
                         .scope = Scope::kQuery,
                         .summary = "the statement names a table the schema does not define",
                         .doc = R"md(
## What it does

Reports table names that no `--schema` file (or earlier DDL in the checked files) defines,
and that are not a view that DDL creates, nor a CTE of the statement, nor in a system schema (`information_schema`,
`performance_schema`, `mysql`, `sys`). It stays silent when no schema was given at all.

## Why it matters

Either the statement is wrong (a typo, a table dropped by a migration) or the schema given to
qadvisor is incomplete — and then the rules cannot check anything about that table: its
columns, types and indexes are unknown.

## Example

```sql
SELECT id FROM order_itmes WHERE order_id = 7;
```

## Fix

Correct the name, or pass the DDL that defines the table with `--schema`.

## MySQL reference

- MySQL error 1146 (ER_NO_SUCH_TABLE): "Table '%s.%s' doesn't exist"
)md",
                         .needs_catalog = true};

// The schemas every server has (MySQL 8.0 Reference Manual, chapter 28 "INFORMATION_SCHEMA
// Tables", 29 "Performance Schema", 30 "sys Schema", 7.3 "The mysql System Schema"): a schema
// dump never defines them, and their tables are not unknown.
bool InSystemSchema(std::string_view name) {
  const size_t dot = name.find('.');
  if (dot == std::string_view::npos) return false;
  const std::string_view schema = name.substr(0, dot);
  for (std::string_view system : {"information_schema", "performance_schema", "mysql", "sys"}) {
    if (parser::EqualsIgnoreCase(schema, system)) return true;
  }
  return false;
}

// Whether `name` ("v" or "shop.v", as the statement wrote it) is a view of the catalog. The
// binder resolves views it reads from, not the target of INSERT INTO v: that one is left to
// this check.
bool IsView(const Catalog& catalog, std::string_view name) {
  const size_t dot = name.rfind('.');
  const std::string_view database = dot == std::string_view::npos ? "" : name.substr(0, dot);
  return catalog.FindView(database, dot == std::string_view::npos ? name : name.substr(dot + 1)) !=
         nullptr;
}

// Whether the issue says a name is missing from the schema. The binder reports one other kind
// of unknown table, a DELETE target that is not in its FROM clause (error 1109), which no view
// makes right.
bool MissingFromSchema(const BindIssue& issue) {
  return issue.message.ends_with("is not in the schema");
}

class UnknownTable final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void CheckQuery(const QueryModel& query, const Catalog& catalog, Reporter& out) const override {
    // No schema given: nothing to compare with.
    if (catalog.tables().empty() && catalog.views().empty()) return;
    for (const BindIssue& issue : query.issues) {
      if (issue.kind != IssueKind::kUnknownTable || InSystemSchema(issue.name)) continue;
      if (MissingFromSchema(issue) && IsView(catalog, issue.name)) continue;
      Finding& f = out.Add(kInfo, issue.span, issue.message);
      f.table = issue.name;
      f.fix = MissingFromSchema(issue)
                  ? "correct the table name, or pass the DDL that defines it with --schema"
                  : DeleteTargetFix(query);
    }
  }

 private:
  // DELETE x FROM … names what to delete from by the names the FROM clause gives its tables.
  static std::string DeleteTargetFix(const QueryModel& query) {
    std::string names;
    if (query.main >= 0) {
      for (const TableUse& use : query.blocks[query.main].tables) {
        if (use.alias.empty()) continue;
        names += names.empty() ? "`" : ", `";
        names += use.alias + "`";
      }
    }
    if (names.empty()) return "name a table of the FROM clause, by its alias if it has one";
    return "name a table of the FROM clause, by its alias if it has one: " + names;
  }
};

}  // namespace

std::unique_ptr<Rule> MakeUnknownTable(const RuleOptions& /*options*/) {
  return std::make_unique<UnknownTable>();
}

}  // namespace qadvisor::rules
