// dml-without-where: UPDATE or DELETE of a whole table.
#include <fmt/format.h>

#include "rules/common.h"
#include "rules/rule.h"

namespace qadvisor::rules {
namespace {

using namespace analyzer;  // NOLINT: rules read the analyzer's model
namespace ast = parser::ast;

constexpr RuleInfo kInfo{.id = "dml-without-where",
                         .severity = Severity::kError,
                         .scope = Scope::kQuery,
                         .summary = "UPDATE or DELETE without WHERE (or LIMIT) changes every row",
                         .doc = R"md(
## What it does

Reports single-table `UPDATE` and `DELETE` statements with neither a `WHERE` nor a `LIMIT`
clause — the statements that `--safe-updates` (`sql_safe_updates=1`) refuses.

## Why it matters

Such a statement changes or removes every row of the table, locks every row while it runs,
and writes all of them to the binary log and undo log. In application code it is nearly
always a missing condition.

## Example

```sql
DELETE FROM sessions;
UPDATE customers SET status = 'inactive';
```

## Fix

Add the intended `WHERE` clause. To empty a table on purpose, `TRUNCATE TABLE` is faster and
says so; to purge in batches, `DELETE … WHERE … LIMIT 1000` in a loop.

## MySQL reference

- MySQL 8.0 Reference Manual, 6.5.1.6 "mysql Client Tips" — "Using Safe-Updates Mode
  (--safe-updates)"
- MySQL 8.0 Reference Manual, 15.1.37 "TRUNCATE TABLE Statement"
)md"};

class DmlWithoutWhere final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void CheckQuery(const QueryModel& query, const Catalog& /*catalog*/,
                  Reporter& out) const override {
    const ast::Statement* s = query.statement;
    if (!s) return;
    const char* verb = nullptr;
    if (s->kind == ast::StatementKind::kUpdate) {
      const auto& u = s->As<ast::UpdateStatement>();
      if (u.where || u.limit || u.tables.size() != 1 ||
          u.tables[0]->kind != ast::TableRefKind::kTable) {
        return;
      }
      verb = "UPDATE";
    } else if (s->kind == ast::StatementKind::kDelete) {
      const auto& d = s->As<ast::DeleteStatement>();
      if (d.where || d.limit || !d.targets.empty() || d.tables.size() != 1 ||
          d.tables[0]->kind != ast::TableRefKind::kTable) {
        return;
      }
      verb = "DELETE";
    } else {
      return;
    }
    if (query.blocks.empty() || query.blocks[0].tables.empty()) return;
    const TableUse& use = query.blocks[0].tables[0];
    Finding& f = out.Add(kInfo, parser::ast::Span{s->span.offset, 6},
                         fmt::format("{} without WHERE or LIMIT {} every row of {}", verb,
                                     verb[0] == 'U' ? "changes" : "removes", TableLabel(use)));
    SetTable(f, use);
    f.fix = verb[0] == 'U' ? std::string("add the WHERE clause that selects the rows to change")
                           : fmt::format(
                                 "add a WHERE clause; to empty the table on purpose: "
                                 "TRUNCATE TABLE {};",
                                 use.table ? QuoteTable(*use.table) : Quote(use.alias));
  }
};

}  // namespace

std::unique_ptr<Rule> MakeDmlWithoutWhere(const RuleOptions& /*options*/) {
  return std::make_unique<DmlWithoutWhere>();
}

}  // namespace qadvisor::rules
