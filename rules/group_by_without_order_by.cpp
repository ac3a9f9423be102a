// group-by-without-order-by: GROUP BY whose result order the code may depend on.
#include "rules/common.h"
#include "rules/rule.h"

namespace qadvisor::rules {
namespace {

using namespace analyzer;  // NOLINT: rules read the analyzer's model

constexpr RuleInfo kInfo{
    .id = "group-by-without-order-by",
    .severity = Severity::kInfo,
    .scope = Scope::kQuery,
    .summary = "GROUP BY without ORDER BY: the order of the groups is not defined",
    .doc = R"md(
## What it does

Reports an outermost `SELECT … GROUP BY` without `ORDER BY` (subqueries, derived tables,
CTEs and `UNION` parts are not reported: their order does not reach the client; neither are
`INSERT … SELECT` and `REPLACE … SELECT`, whose rows go to a table).

## Why it matters

MySQL 5.7 and earlier sorted `GROUP BY` results implicitly; MySQL 8.0 does not (the implicit
sort was removed, and `GROUP BY … ASC/DESC` with it), so code that relied on the order breaks
on upgrade. MariaDB still sorts the groups, which costs a sort pass the query may not need.

## Example

```sql
SELECT status, COUNT(*) FROM orders GROUP BY status;
```

## Fix

Say what the code needs: `ORDER BY status` when it depends on the order; on MariaDB,
`ORDER BY NULL` when it does not, to skip the implicit sort.

## MySQL reference

- MySQL 8.0 Reference Manual, 10.2.1.17 "GROUP BY Optimization"
- MySQL 8.0 Release Notes, 8.0.13: "the deprecated ASC or DESC qualifiers for GROUP BY
  clauses are removed … GROUP BY no longer sorts implicitly" (implicit sorting removed in 8.0)
)md"};

class GroupByWithoutOrderBy final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void CheckQuery(const QueryModel& query, const Catalog& /*catalog*/,
                  Reporter& out) const override {
    // Only a SELECT returns its rows to the client: INSERT … SELECT and REPLACE … SELECT
    // write them to a table, where their order means nothing.
    if (!query.statement || query.statement->kind != parser::ast::StatementKind::kSelect) return;
    const QueryBlock* found = query.Main();
    if (!found) return;
    const QueryBlock& block = *found;
    if (block.kind != BlockKind::kStatement || block.group_by.empty() || block.order_by_written ||
        block.limit_written) {
      return;  // with LIMIT the ORDER BY question is someone else's (and mostly intended)
    }
    const Span span{block.group_by.front().span.offset,
                    block.group_by.back().span.end() - block.group_by.front().span.offset};
    Finding& f = out.Add(kInfo, span,
                         "GROUP BY without ORDER BY: MySQL 8.0 returns the groups in no defined "
                         "order (MariaDB sorts them, at a cost)");
    if (!block.tables.empty()) SetTable(f, block.tables[0]);
    f.fix =
        "add ORDER BY for the order the code needs, or ORDER BY NULL on MariaDB to skip the "
        "sort";
  }
};

}  // namespace

std::unique_ptr<Rule> MakeGroupByWithoutOrderBy(const RuleOptions& /*options*/) {
  return std::make_unique<GroupByWithoutOrderBy>();
}

}  // namespace qadvisor::rules
