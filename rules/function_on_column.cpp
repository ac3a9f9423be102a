// function-on-column: an indexed column is wrapped in a function or expression in a predicate.
#include <fmt/format.h>

#include "parser/keywords.h"
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

The column may be any key part. When it leads an index, or follows key parts the query binds
by equality, the finding names the index the function blocks. When every index holds it only
after columns the query does not bind, and nothing else searches the table, the finding says
both: the function, and that the index cannot be entered by this column alone (what
`leftmost-prefix` reports for the bare column) — removing the function is not enough there. A
column in no index is `missing-index`'s: the table is scanned, and no index is blocked.

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
)md",
    .needs_catalog = true};

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
        if (FoundByUniqueKey(block, p.column.table)) continue;  // one row: no search lost
        std::string message =
            fmt::format("`{}` wraps `{}`.`{}` in {}", SpanText(query, p.span, 60), use.alias,
                        p.column.name, p.function == "expression" ? "an expression" : p.function);
        std::string fix = FunctionRewriteHint(p, *p.column.column);
        if (index) {
          message += fmt::format(": index `{}` cannot be searched by it", index->name);
        } else {
          // The column is in an index, but not where the query could enter it: without the
          // function leftmost-prefix would speak, with it that rule sees nothing constrained.
          // Said here, once, when the table has no other way in (a full scan).
          index = IndexHolding(*use.table, p.column.name);
          if (!index || IsTiny(*use.table, query) ||
              AnalyzeAccess(block, p.column.table, OwnAccess(block, p.column.table)).Best()) {
            continue;
          }
          const size_t part = PartOf(*index, p.column.name);
          std::vector<std::string> before;
          for (size_t i = 0; i < part; ++i) before.push_back(index->parts[i].column);
          message += fmt::format(
              ", which no index can search; and index `{}` {} holds it only after {}, which "
              "the query does not bind by equality",
              index->name, index->DescribeParts(), QuoteList(before));
          fix += fmt::format("; then bind {} too, or add an index that leads with {}",
                             QuoteList(before), Quote(p.column.name));
        }
        Finding& f = out.Add(kInfo, p.span, std::move(message));
        SetTable(f, use);
        f.columns = {p.column.name};
        f.index = index->name;
        f.fix = std::move(fix);
      }
    }
  }

 private:
  static size_t PartOf(const Index& index, std::string_view column) {
    size_t i = 0;
    while (i < index.parts.size() && !parser::EqualsIgnoreCase(index.parts[i].column, column)) ++i;
    return i;
  }
};

}  // namespace

std::unique_ptr<Rule> MakeFunctionOnColumn(const RuleOptions& /*options*/) {
  return std::make_unique<FunctionOnColumn>();
}

}  // namespace qadvisor::rules
