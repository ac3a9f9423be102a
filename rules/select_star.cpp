// select-star: SELECT * on a table with many or wide columns.
#include <fmt/format.h>

#include "rules/common.h"
#include "rules/rule.h"

namespace qadvisor::rules {
namespace {

using namespace analyzer;  // NOLINT: rules read the analyzer's model

constexpr RuleInfo kInfo{
    .id = "select-star",
    .severity = Severity::kInfo,
    .scope = Scope::kQuery,
    .summary = "SELECT * on a table with many or wide columns prevents covering indexes",
    .doc = R"md(
## What it does

Reports `SELECT *` and `SELECT t.*` that read a table with more than `select-star.max-columns`
columns (default 10; set it under `[options]` in `.qadvisor.toml`) or with a `TEXT`, `BLOB`
or `JSON` column. `SELECT *` inside `EXISTS (…)`, where the select list is never read, is not
reported, nor `INSERT … SELECT *`, which copies whole rows on purpose, nor a table read by
its primary or a unique key (one row; the clustered index holds it whole); in a derived table or
CTE only when the outer query selects `*` from it too (else the outer query decides what is
read).

## Why it matters

With `*`, no index can cover the query — every row found through a secondary index goes back
to the clustered index — and every column, large ones included, is read, copied and sent.
The code also silently changes meaning when a column is added.

## Example

```sql
SELECT * FROM orders WHERE customer_id = 42;
```

## Fix

Name the columns the code uses:

```sql
SELECT id, status, total FROM orders WHERE customer_id = 42;
```

## MySQL reference

- MySQL 8.0 Reference Manual, 10.2.1.1 "Optimizing SELECT Statements"
- MySQL 8.0 Reference Manual, 17.6.2.1 "Clustered and Secondary Indexes"
)md",
    .needs_catalog = true};

class SelectStar final : public Rule {
 public:
  explicit SelectStar(const RuleOptions& options)
      : max_columns_(options.Get(kInfo.id, "max-columns", 10)) {}
  const RuleInfo& info() const override { return kInfo; }
  std::vector<std::pair<std::string, int64_t>> options() const override {
    return {{"select-star.max-columns", max_columns_}};
  }

  void CheckQuery(const QueryModel& query, const Catalog& /*catalog*/,
                  Reporter& out) const override {
    if (query.statement && query.statement->kind == parser::ast::StatementKind::kInsert) return;
    for (size_t b = 0; b < query.blocks.size(); ++b) {
      const QueryBlock& block = query.blocks[b];
      if (!block.star || block.in_exists) continue;
      if ((block.kind == BlockKind::kDerived || block.kind == BlockKind::kCte) &&
          !ReadWhole(query, static_cast<int>(b), 0)) {
        continue;
      }
      for (size_t t = 0; t < block.tables.size(); ++t) {
        const TableUse& use = block.tables[t];
        if (!use.all_columns || !use.table) continue;
        // One row by its primary or a unique key: the clustered index has every column anyway.
        if (FoundByUniqueKey(block, static_cast<int>(t))) continue;
        std::vector<std::string> wide;
        for (const Column& c : use.table->columns) {
          if (c.KeyBytes() == 0 && c.family != TypeFamily::kEnumSet) wide.push_back(c.name);
        }
        const auto count = static_cast<int64_t>(use.table->columns.size());
        if (count <= max_columns_ && wide.empty()) continue;
        std::string why = count > max_columns_ ? fmt::format("all {} columns", count)
                                               : fmt::format("every column");
        if (!wide.empty()) why += fmt::format(" (with {})", QuoteList(wide));
        Finding& f = out.Add(kInfo, block.star_span,
                             fmt::format("SELECT * reads {} of {}: no index can cover the query",
                                         why, TableLabel(use)));
        SetTable(f, use);
        f.columns = wide;
        f.fix = "name the columns the code uses";
      }
    }
  }

 private:
  // Whether a derived table or CTE (block `b`) is read whole: some query selects * from it
  // (`WITH x AS (SELECT * FROM t) SELECT * FROM x`), directly or through another such block.
  static bool ReadWhole(const QueryModel& query, int b, int depth) {
    if (depth > 16) return false;  // CTEs referring to CTEs: bounded
    for (size_t r = 0; r < query.blocks.size(); ++r) {
      const QueryBlock& reader = query.blocks[r];
      if (reader.in_exists) continue;
      for (const TableUse& use : reader.tables) {
        if (use.derived_block != b || !use.all_columns) continue;
        if (reader.kind != BlockKind::kDerived && reader.kind != BlockKind::kCte) return true;
        if (ReadWhole(query, static_cast<int>(r), depth + 1)) return true;
      }
    }
    return false;
  }

  int64_t max_columns_;
};

}  // namespace

std::unique_ptr<Rule> MakeSelectStar(const RuleOptions& options) {
  return std::make_unique<SelectStar>(options);
}

}  // namespace qadvisor::rules
