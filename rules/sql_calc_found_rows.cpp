// sql-calc-found-rows: SQL_CALC_FOUND_ROWS defeats LIMIT and is deprecated.
#include "rules/common.h"
#include "rules/rule.h"

namespace qadvisor::rules {
namespace {

using namespace analyzer;  // NOLINT: rules read the analyzer's model
namespace ast = parser::ast;

constexpr RuleInfo kInfo{
    .id = "sql-calc-found-rows",
    .severity = Severity::kInfo,
    .scope = Scope::kQuery,
    .summary = "SQL_CALC_FOUND_ROWS reads every matching row despite LIMIT; deprecated",
    .doc = R"md(
## What it does

Reports `SELECT SQL_CALC_FOUND_ROWS …`.

## Why it matters

To answer a later `FOUND_ROWS()`, the query runs to completion as if it had no `LIMIT`: it
cannot stop after the page it returns, and cannot use some index-order optimizations. It is
deprecated since MySQL 8.0.17 and usually slower than a separate `COUNT(*)`.

## Example

```sql
SELECT SQL_CALC_FOUND_ROWS id, title FROM posts WHERE forum_id = 3 LIMIT 20;
SELECT FOUND_ROWS();
```

## Fix

```sql
SELECT id, title FROM posts WHERE forum_id = 3 LIMIT 20;
SELECT COUNT(*) FROM posts WHERE forum_id = 3;
```

## MySQL reference

- MySQL 8.0 Reference Manual, 14.15 "Information Functions" — `FOUND_ROWS()` (deprecation)
)md"};

class SqlCalcFoundRows final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void CheckQuery(const QueryModel& query, const Catalog& /*catalog*/,
                  Reporter& out) const override {
    for (const QueryBlock& block : query.blocks) {
      if (!block.select || !(block.select->options & ast::kSqlCalcFoundRows)) continue;
      Finding& f = out.Add(kInfo, Span{block.span.offset, 6},
                           "SQL_CALC_FOUND_ROWS makes the query read every matching row despite "
                           "LIMIT (deprecated since MySQL 8.0.17)");
      if (!block.tables.empty()) SetTable(f, block.tables[0]);
      // COUNT(*) over the same FROM and WHERE counts rows, not the DISTINCT rows, groups or
      // union's rows the query returns: those are counted over the query itself.
      const bool shaped = (block.select->options & ast::kDistinct) != 0 ||
                          !block.select->group_by.empty() || query.blocks.size() > 1;
      f.fix = shaped ? "drop SQL_CALC_FOUND_ROWS and count separately what the query returns: "
                       "SELECT COUNT(*) FROM (the query without ORDER BY and LIMIT) AS t"
                     : "drop SQL_CALC_FOUND_ROWS and run a separate SELECT COUNT(*) with the "
                       "same FROM and WHERE";
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeSqlCalcFoundRows(const RuleOptions& /*options*/) {
  return std::make_unique<SqlCalcFoundRows>();
}

}  // namespace qadvisor::rules
