// mixed-join-syntax: comma joins mixed with JOIN … ON in one FROM clause.
#include "rules/common.h"
#include "rules/rule.h"

namespace qadvisor::rules {
namespace {

using namespace analyzer;  // NOLINT: rules read the analyzer's model

constexpr RuleInfo kInfo{.id = "mixed-join-syntax",
                         .severity = Severity::kInfo,
                         .scope = Scope::kQuery,
                         .summary = "comma joins mixed with JOIN: the comma binds looser than JOIN",
                         .doc = R"md(
## What it does

Reports a `FROM` clause that lists tables with commas and also uses `JOIN`:
`FROM a, b JOIN c ON …`.

## Why it matters

Since MySQL 5.0.12 the comma operator has lower precedence than `JOIN`, so
`FROM a, b JOIN c ON c.x = a.x` means `a, (b JOIN c ON c.x = a.x)` and fails with error 1054
("Unknown column 'a.x' in 'on clause'"). Join conditions also end up split between `ON` and
`WHERE`, which hides missing ones (see `cartesian-join`).

## Example

```sql
SELECT o.id FROM orders o, customers c JOIN addresses a ON a.customer_id = c.id
WHERE o.customer_id = c.id;
```

## Fix

Write every join as `JOIN … ON`:

```sql
SELECT o.id FROM orders o
JOIN customers c ON o.customer_id = c.id
JOIN addresses a ON a.customer_id = c.id;
```

## MySQL reference

- MySQL 8.0 Reference Manual, 15.2.13.2 "JOIN Clause" (precedence of the comma operator)
)md"};

class MixedJoinSyntax final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void CheckQuery(const QueryModel& query, const Catalog& /*catalog*/,
                  Reporter& out) const override {
    for (const QueryBlock& block : query.blocks) {
      if (!block.comma_and_ansi_joins || block.tables.empty()) continue;
      const Span span{block.tables.front().span.offset,
                      block.tables.back().span.end() - block.tables.front().span.offset};
      Finding& f = out.Add(kInfo, span,
                           "FROM mixes comma joins with JOIN: the comma binds looser than JOIN, "
                           "so ON cannot see tables before the comma");
      f.fix = "write every join as JOIN … ON";
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeMixedJoinSyntax(const RuleOptions& /*options*/) {
  return std::make_unique<MixedJoinSyntax>();
}

}  // namespace qadvisor::rules
