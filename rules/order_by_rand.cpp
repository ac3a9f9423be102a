// order-by-rand: ORDER BY RAND() sorts every row to pick a few.
#include "rules/common.h"
#include "rules/rule.h"

namespace qadvisor::rules {
namespace {

using namespace analyzer;  // NOLINT: rules read the analyzer's model

constexpr RuleInfo kInfo{.id = "order-by-rand",
                         .severity = Severity::kWarning,
                         .scope = Scope::kQuery,
                         .summary = "ORDER BY RAND() reads and sorts every row",
                         .doc = R"md(
## What it does

Reports `ORDER BY RAND()`.

## Why it matters

MySQL computes a random number for every row that matches, writes all of them to a temporary
table and sorts it — to return the first few. The cost grows with the table, not with the
`LIMIT`.

## Example

```sql
SELECT id, name FROM products ORDER BY RAND() LIMIT 5;
```

## Fix

Pick random keys instead: in the application from a known id range, or with a seek:

```sql
SELECT id, name FROM products
WHERE id >= (SELECT FLOOR(RAND() * (SELECT MAX(id) FROM products)))
ORDER BY id LIMIT 5;
```

## MySQL reference

- MySQL 8.0 Reference Manual, 14.6.2 "Mathematical Functions" — `RAND()` ("ORDER BY RAND()
  … may be useful for obtaining a random sample … but it is not efficient")
)md"};

class OrderByRand final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void CheckQuery(const QueryModel& query, const Catalog& /*catalog*/,
                  Reporter& out) const override {
    for (const QueryBlock& block : query.blocks) {
      if (!block.order_by_rand) continue;
      Span span = block.span;
      for (const OrderColumn& o : block.order_by) {
        if (!o.column.resolved()) span = o.span;
      }
      Finding& f = out.Add(kInfo, span,
                           "ORDER BY RAND() computes, stores and sorts a random number for every "
                           "row to return a few");
      if (!block.tables.empty()) SetTable(f, block.tables[0]);
      f.fix =
          "pick random keys instead (in the application, or WHERE id >= a random value "
          "ORDER BY id LIMIT n)";
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeOrderByRand(const RuleOptions& /*options*/) {
  return std::make_unique<OrderByRand>();
}

}  // namespace qadvisor::rules
