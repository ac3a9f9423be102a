// back-to-table: the secondary index the query uses does not hold every column it reads.
#include <fmt/format.h>

#include "rules/common.h"
#include "rules/rule.h"

namespace qadvisor::rules {
namespace {

using namespace analyzer;  // NOLINT: rules read the analyzer's model

constexpr RuleInfo kInfo{
    .id = "back-to-table",
    .severity = Severity::kInfo,
    .scope = Scope::kQuery,
    .summary =
        "the secondary index used does not hold every column the query reads: one "
        "primary-key lookup per row",
    .doc = R"md(
## What it does

For each table a `SELECT` reads through a secondary index, checks whether that index — with
the primary-key columns InnoDB stores in every secondary index — holds every column the query
reads from the table (select list, conditions, `GROUP BY`, `ORDER BY`). If not, and the
missing columns could be added to the index, it reports the columns that send each row back
to the table.

It stays silent for primary-key access (the clustered index is the table), for unique lookups
of a single row, for `SELECT *` (see `select-star`), for tables known to be tiny, when a
missing column is a `TEXT` / `BLOB` / `JSON` column that an index cannot hold whole, and when
the index is searched by an indexed expression (a functional key part or a generated column).

## Why it matters

An InnoDB secondary index leaf holds the key columns and the primary key. Every other column
costs a second B-tree descent into the clustered index, per row — random I/O when the data is
not cached. A covering index answers from the index alone (`Using index` in EXPLAIN).

## Example

```sql
CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT, status VARCHAR(10), total DECIMAL(10,2),
                     KEY idx_customer (customer_id));
SELECT status, total FROM orders WHERE customer_id = 42;
```

## Fix

One index for the whole query: the equality columns, then the `ORDER BY` columns in order and
direction (or the range column), then the other columns the query reads — the index `filesort`
proposes too. An existing index is extended when its columns are a leftmost prefix of that
order, and the indexes that then become redundant are dropped:

```sql
ALTER TABLE orders ADD INDEX idx_customer_status_total (customer_id, status, total),
                   DROP INDEX idx_customer;
```

## MySQL reference

- MySQL 8.0 Reference Manual, 17.6.2.1 "Clustered and Secondary Indexes"
- MySQL 8.0 Reference Manual, 15.8.2 "EXPLAIN Output Format" — `Using index`
)md",
    .needs_catalog = true};

bool Indexable(const Column& c) {
  return c.KeyBytes() > 0 && c.family != TypeFamily::kJson && c.family != TypeFamily::kSpatial;
}

class BackToTable final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void CheckQuery(const QueryModel& query, const Catalog& /*catalog*/,
                  Reporter& out) const override {
    const auto kind = query.statement ? query.statement->kind : parser::ast::StatementKind::kSelect;
    if (kind != parser::ast::StatementKind::kSelect &&
        kind != parser::ast::StatementKind::kInsert) {
      return;  // UPDATE / DELETE read the row anyway
    }
    for (const QueryBlock& block : query.blocks) {
      for (size_t t = 0; t < block.tables.size(); ++t) {
        const TableUse& use = block.tables[t];
        if (!use.table || use.all_columns || IsTiny(*use.table, query)) continue;
        // A table with a filter of its own that an index can search is found by that filter
        // (it starts the join); only a table without one is looked up by its join columns.
        AccessOptions constants_only;
        constants_only.use_joins = false;
        TableAccess access = AnalyzeAccess(block, static_cast<int>(t), constants_only);
        // The table a join reads first is scanned when its filter has no index: no lookup
        // through its join columns happens, so there is nothing to go back to the table from.
        const bool drives = block.tables.size() > 1 && DrivingTable(block) == static_cast<int>(t);
        AccessOptions options = constants_only;
        if (!access.Best() && !drives) {
          options.use_joins = true;
          access = AnalyzeAccess(block, static_cast<int>(t), options);
        }
        const IndexUse* best = access.Best();
        if (!best || best->covering || best->unique_lookup) continue;
        const Index& index = *best->index;
        if (index.kind == IndexKind::kPrimary) continue;
        // Searched by an indexed expression (a functional key part, or a generated column the
        // optimizer substitutes): the column inside it need not be read from the row, and the
        // extension cannot be written as plain key parts. Say nothing rather than guess.
        bool by_expression = false;
        for (const Predicate* p : best->used) {
          by_expression = by_expression || !p->key_expression.empty() || !p->function.empty();
        }
        if (by_expression) continue;
        std::vector<std::string> missing;
        bool indexable = true;
        for (const std::string& c : use.needed) {
          if (use.table->IndexHolds(index, c)) continue;
          const Column* column = use.table->FindColumn(c);
          if (!column || !Indexable(*column)) indexable = false;
          missing.push_back(c);
        }
        if (missing.empty() || !indexable) continue;
        Finding& f = out.Add(
            kInfo, use.span,
            fmt::format("index `{}` finds the rows of {} but does not hold {}: one primary-key "
                        "lookup per row; adding {} would cover the query",
                        index.name, TableLabel(use), QuoteList(missing),
                        missing.size() == 1 ? "it" : "them"));
        SetTable(f, use);
        f.columns = missing;
        f.index = index.name;
        // One index for the whole query, the one filesort proposes too: the equalities, then
        // the ORDER BY columns in order (or the range), then the columns read — not the index
        // used with the missing columns appended, which can put them before the order columns.
        f.fix = WantDdl(*use.table, WantIndex(block, static_cast<int>(t), options), true);
      }
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeBackToTable(const RuleOptions& /*options*/) {
  return std::make_unique<BackToTable>();
}

}  // namespace qadvisor::rules
