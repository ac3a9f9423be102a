// filesort: ORDER BY / GROUP BY cannot be served by the index used for filtering.
#include <fmt/format.h>

#include "rules/common.h"
#include "rules/rule.h"

namespace qadvisor::rules {
namespace {

using namespace analyzer;  // NOLINT: rules read the analyzer's model

constexpr RuleInfo kInfo{
    .id = "filesort",
    .severity = Severity::kInfo,
    .scope = Scope::kQuery,
    .summary = "ORDER BY / GROUP BY needs a sort pass: no index reads the rows in that order",
    .doc = R"md(
## What it does

For a query block with `ORDER BY` (or `GROUP BY` without `ORDER BY`) on columns of one table,
checks whether the index the query uses to find the rows — or, when nothing is filtered, any
index — returns them in that order: the `ORDER BY` columns must follow the key parts the
query binds to a single value (`=`, `IS NULL`; an `IN` list is several ranges and does not
count), in index order, all in the index's direction or all against it. It
also reports `ORDER BY` over columns of several tables of a join, which always sorts.

It stays silent for single-row lookups, for `ORDER BY RAND()` (see `order-by-rand`), for
mixed `ASC`/`DESC` (see `mixed-order-direction`), and for tables known to be tiny.

## Why it matters

A sort reads all matching rows before returning the first one (`Using filesort`): `LIMIT 10`
no longer stops early, and large sorts spill to disk. Read in index order, the query can stop
after the rows it needs.

## Example

```sql
CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT, created_at DATETIME,
                     KEY idx_customer (customer_id));
SELECT id FROM orders WHERE customer_id = 42 ORDER BY created_at DESC LIMIT 10;
```

## Fix

An index with the equality columns first, then the sort columns, then — for a `SELECT` — the
other columns the query reads, so that the index also covers it (the same index
`back-to-table` proposes when both fire). With a range on another column and no `LIMIT`,
no index is proposed: the range reads fewer rows than an ordered read, which would read every
row the equalities match; the sort is then of the rows the range finds.

```sql
ALTER TABLE orders ADD INDEX idx_customer_id_created_at (customer_id, created_at DESC);
```

## MySQL reference

- MySQL 8.0 Reference Manual, 10.2.1.16 "ORDER BY Optimization"
- MySQL 8.0 Reference Manual, 10.2.1.17 "GROUP BY Optimization"
)md",
    .needs_catalog = true};

class Filesort final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void CheckQuery(const QueryModel& query, const Catalog& /*catalog*/,
                  Reporter& out) const override {
    for (const QueryBlock& block : query.blocks) {
      const bool by_order = !block.order_by.empty();
      const std::vector<OrderColumn>& order = by_order ? block.order_by : block.group_by;
      if (order.empty() || block.order_by_rand) continue;
      if (block.kind == BlockKind::kSubquery && block.in_exists) continue;
      const char* what = by_order ? "ORDER BY" : "GROUP BY";
      // Which tables the order is about.
      int table = -1;
      bool several = false;
      bool mixed = false;
      for (const OrderColumn& o : order) {
        if (!o.column.resolved() || !o.column.column || o.column.block < 0) {
          table = -2;  // an expression or an alias of one: nothing an index can serve
          break;
        }
        if (table >= 0 && o.column.table != table) several = true;
        table = o.column.table;
        mixed = mixed || o.descending != order.front().descending;
      }
      if (table < 0) continue;
      const Span span{order.front().span.offset,
                      order.back().span.end() - order.front().span.offset};
      if (several) {
        Finding& f = out.Add(kInfo, span,
                             fmt::format("{} uses columns of several tables: the joined rows "
                                         "are sorted in a temporary table",
                                         what));
        f.fix = fmt::format(
            "order by columns of one table (the one read first), or accept "
            "the sort for small results");
        continue;
      }
      if (by_order && mixed) continue;  // mixed-order-direction reports it
      const TableUse& use = block.tables[table];
      if (!use.table || IsTiny(*use.table, query)) continue;
      if (block.tables.size() > 1 && table != 0) continue;  // the optimizer may reorder: unsure
      // The table the order is about is read first: its join conditions are no lookups (they
      // would make it look like a single-row eq_ref); only its own filters pick the index.
      AccessOptions first_table;
      first_table.use_joins = false;
      const TableAccess access = AnalyzeAccess(block, table, first_table);
      if (!access.order_applies || !access.sorts) continue;
      const IndexWant want = WantIndex(block, table, first_table);
      std::vector<std::string> columns;
      for (const OrderColumn& o : order) columns.push_back(o.column.name);
      const IndexUse* best = access.Best();
      std::string message =
          best ? fmt::format(
                     "{} {} needs a sort: index `{}` finds the rows of {} but not in "
                     "that order",
                     what, QuoteList(columns), best->index->name, TableLabel(use))
               : fmt::format("{} {} needs a sort: no index reads {} in that order", what,
                             QuoteList(columns), TableLabel(use));
      Finding& f = out.Add(kInfo, span, std::move(message));
      SetTable(f, use);
      f.columns = columns;
      if (best) f.index = best->index->name;
      // An IN list before the order columns reads several ranges, each in order but not
      // all together: no index avoids that sort (10.2.1.16). Nor is an index proposed that
      // the table already has (read backwards, it serves the other direction too).
      bool in_list = false;
      for (const Predicate* p : block.PredicatesOn(table)) {
        if ((p->op == PredicateOp::kIn || p->op == PredicateOp::kInSubquery) && p->sargable() &&
            p->or_group < 0 && p->list_size != 1) {
          in_list = true;
        }
      }
      bool have = false;
      for (const Index& index : use.table->indexes) {
        have = have || IndexServesWant(*use.table, index, want);
      }
      if (want.serves_order && !in_list && !have) {
        // With the columns the query reads after the order columns, as back-to-table proposes
        // it: one index for both, and no covering read lost to the new one. Not for UPDATE /
        // DELETE (they read the row anyway) or a column no index can hold whole.
        const auto kind =
            query.statement ? query.statement->kind : parser::ast::StatementKind::kSelect;
        bool cover = kind == parser::ast::StatementKind::kSelect ||
                     kind == parser::ast::StatementKind::kInsert;
        for (const std::string& c : want.include) {
          const Column* column = use.table->FindColumn(c);
          cover = cover && column && column->KeyBytes() > 0 &&
                  column->family != TypeFamily::kJson && column->family != TypeFamily::kSpatial;
        }
        f.fix = WantDdl(*use.table, want, cover);
      } else if (in_list) {
        f.fix =
            "an IN list before the ORDER BY columns always sorts: sort fewer rows, or run one "
            "query per value and merge";
      }
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeFilesort(const RuleOptions& /*options*/) {
  return std::make_unique<Filesort>();
}

}  // namespace qadvisor::rules
