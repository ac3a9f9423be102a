// function-on-column: an indexed column is wrapped in a function or expression in a predicate.
#include <fmt/format.h>

#include "rules/common.h"
#include "rules/rule.h"

namespace qadvisor::rules {
namespace {

using namespace analyzer;  // NOLINT: rules read the analyzer's model

constexpr RuleInfo kInfo{
    .id = "function-on-column",
    .severity = Severity::kWarning,
    .scope = Scope::kQuery,
    .summary =
        "an indexed column is wrapped in a function or expression, so its index cannot "
        "be searched",
    .doc = R"md(
## What it does

Finds predicates that apply a function or an operator to an indexed column before comparing
it: `DATE(created_at) = '2024-05-01'`, `YEAR(d) = 2024`, `LOWER(email) = ?`,
`price * 1.2 > 100`, `CAST(code AS UNSIGNED) = 7`. It stays silent when the expression is
itself indexed — a generated column with that expression, or a functional key part (MySQL
8.0.13+) — because then the optimizer can use that index, and when the query finds the row by
its primary key or a unique key anyway (`id = 42 AND DATE(created_at) = …`).

## Why it matters

A B-tree index is ordered by the column's values, not by `DATE(column)`: the optimizer
cannot search it for the function's result, so it evaluates the function on every row.

## Example

```sql
SELECT id FROM orders WHERE DATE(created_at) = '2024-05-01';
```

## Fix

Compare the bare column with a range that means the same:

```sql
SELECT id FROM orders
WHERE created_at >= '2024-05-01' AND created_at < '2024-05-01' + INTERVAL 1 DAY;
```

Move arithmetic to the constant side (`price > 100 / 1.2`); drop `LOWER()` when the column's
collation is case-insensitive (`_ci`) already. When the expression itself is what you search
by, index it: a functional key part `ADD INDEX ((LOWER(email)))` on MySQL 8.0.13+, or an
indexed generated column on MariaDB.

## MySQL reference

- MySQL 8.0 Reference Manual, 10.3.1 "How MySQL Uses Indexes"
- MySQL 8.0 Reference Manual, 15.1.15 "CREATE INDEX" — Functional Key Parts
- MySQL 8.0 Reference Manual, 10.3.11 "Optimizer Use of Generated Column Indexes"
)md"};

std::string RewriteHint(const Predicate& p, const Column& column) {
  const std::string& f = p.function;
  const std::string c = Quote(column.name);
  if (f == "DATE") {
    return fmt::format(
        "compare the bare column with a range: {} >= 'day' AND {} < 'day' + "
        "INTERVAL 1 DAY",
        c, c);
  }
  if (f == "YEAR") {
    return fmt::format(
        "compare the bare column with a range: {} >= 'YYYY-01-01' AND {} < "
        "'YYYY-01-01' + INTERVAL 1 YEAR",
        c, c);
  }
  if (f == "MONTH" || f == "DAY" || f == "DATE_FORMAT" || f == "TO_DAYS" || f == "UNIX_TIMESTAMP") {
    return fmt::format("compare the bare column {} with the matching date range", c);
  }
  const bool ci = column.collation.size() > 3 &&
                  column.collation.compare(column.collation.size() - 3, 3, "_ci") == 0;
  if ((f == "LOWER" || f == "UPPER") && !ci) {
    return fmt::format(
        "index the expression: ADD INDEX (({}({}))) on MySQL 8.0.13+, or an indexed "
        "generated column on MariaDB",
        f, c);
  }
  if (f == "LOWER" || f == "UPPER") {
    return fmt::format(
        "a _ci collation ({}) already compares case-insensitively: compare {} "
        "directly; or index the expression: ADD INDEX (({}({})))",
        column.collation.empty() ? "the column's" : column.collation, c, f, c);
  }
  if (f == "+" || f == "-" || f == "*" || f == "/" || f == "DIV" || f == "%") {
    return fmt::format("move the arithmetic to the other side so {} stands alone", c);
  }
  return fmt::format(
      "compare the bare column {}, or index the expression (MySQL 8.0.13+: ADD INDEX ((expr)); "
      "MariaDB: an indexed generated column)",
      c);
}

class FunctionOnColumn final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void CheckQuery(const QueryModel& query, const Catalog& /*catalog*/,
                  Reporter& out) const override {
    for (const QueryBlock& block : query.blocks) {
      for (const Predicate& p : block.predicates) {
        // Both directions of a join comparison are looked at: each names its own column, and
        // the wrapped one may be either (`ON b.day = DATE(a.created_at)`).
        if (p.blocker != Blocker::kFunction || !p.column.column) continue;
        const TableUse& use = block.tables[p.column.table];
        std::vector<const Predicate*> equalities;
        for (const Predicate* q : block.PredicatesOn(p.column.table)) {
          if (q->sargable() && q->IsEquality() && q->or_group < 0) equalities.push_back(q);
        }
        const Index* index = IndexOn(*use.table, p.column.name, equalities);
        if (!index || FoundByUniqueKey(block, p.column.table)) continue;  // one row: no search lost
        Finding& f = out.Add(
            kInfo, p.span,
            fmt::format("`{}` wraps `{}`.`{}` in {}: index `{}` cannot be searched by it",
                        SpanText(query, p.span, 60), use.alias, p.column.name,
                        p.function == "expression" ? "an expression" : p.function, index->name));
        SetTable(f, use);
        f.columns = {p.column.name};
        f.index = index->name;
        f.fix = RewriteHint(p, *p.column.column);
      }
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeFunctionOnColumn(const RuleOptions& /*options*/) {
  return std::make_unique<FunctionOnColumn>();
}

}  // namespace qadvisor::rules
