// mixed-order-direction: ORDER BY mixes ASC and DESC and no index has those directions.
#include <fmt/format.h>

#include "rules/common.h"
#include "rules/rule.h"

namespace qadvisor::rules {
namespace {

using namespace analyzer;  // NOLINT: rules read the analyzer's model

constexpr RuleInfo kInfo{
    .id = "mixed-order-direction",
    .severity = Severity::kInfo,
    .scope = Scope::kQuery,
    .summary =
        "ORDER BY mixes ASC and DESC: only an index with matching DESC parts avoids "
        "the sort",
    .doc = R"md(
## What it does

Reports `ORDER BY a ASC, b DESC` on columns of one table when no index of the table has key
parts in those directions (or all reversed) after the columns the query binds by equality.

## Why it matters

An index is read forwards or backwards, so it yields `a ASC, b ASC` or `a DESC, b DESC`.
Mixed directions need an index declared with matching `DESC` parts — MySQL 8.0 builds them;
MariaDB stores them from 10.8 on; older versions parse `DESC` and ignore it — or the rows are
sorted (`Using filesort`).

## Example

```sql
SELECT id FROM posts WHERE forum_id = 3 ORDER BY pinned DESC, created_at ASC LIMIT 20;
```

## Fix

An index whose parts follow the directions (MySQL 8.0+, MariaDB 10.8+):

```sql
ALTER TABLE posts ADD INDEX idx_forum_pinned_created (forum_id, pinned DESC, created_at);
```

or, where the data allows, one direction for all columns.

## MySQL reference

- MySQL 8.0 Reference Manual, 10.3.13 "Descending Indexes"
- MySQL 8.0 Reference Manual, 10.2.1.16 "ORDER BY Optimization"
)md",
    .needs_catalog = true};

class MixedOrderDirection final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void CheckQuery(const QueryModel& query, const Catalog& /*catalog*/,
                  Reporter& out) const override {
    for (const QueryBlock& block : query.blocks) {
      if (block.order_by.size() < 2) continue;
      bool mixed = false;
      int table = -1;
      for (const OrderColumn& o : block.order_by) {
        if (!o.column.resolved() || !o.column.column || (table >= 0 && o.column.table != table)) {
          table = -2;
          break;
        }
        table = o.column.table;
        mixed = mixed || o.descending != block.order_by.front().descending;
      }
      if (!mixed || table < 0) continue;
      const TableUse& use = block.tables[table];
      if (!use.table || IsTiny(*use.table, query)) continue;
      const TableAccess access = AnalyzeAccess(block, table);
      if (!access.sorts) continue;
      const IndexWant want = WantIndex(block, table);
      const Span span{block.order_by.front().span.offset,
                      block.order_by.back().span.end() - block.order_by.front().span.offset};
      Finding& f = out.Add(kInfo, span,
                           fmt::format("ORDER BY mixes ASC and DESC on {}: no index has key "
                                       "parts in those directions, so the rows are sorted",
                                       TableLabel(use)));
      SetTable(f, use);
      for (const OrderColumn& o : block.order_by) f.columns.push_back(o.column.name);
      if (want.serves_order)
        f.fix = AddIndexDdl(*use.table, want) + "  -- MySQL 8.0+, MariaDB 10.8+";
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeMixedOrderDirection(const RuleOptions& /*options*/) {
  return std::make_unique<MixedOrderDirection>();
}

}  // namespace qadvisor::rules
