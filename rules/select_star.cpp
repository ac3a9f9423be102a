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
reported; neither are derived tables and CTEs (the outer query decides what is read).

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
)md"};

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
    for (const QueryBlock& block : query.blocks) {
      if (!block.star || block.in_exists || block.kind == BlockKind::kDerived ||
          block.kind == BlockKind::kCte) {
        continue;
      }
      for (const TableUse& use : block.tables) {
        if (!use.all_columns || !use.table) continue;
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
  int64_t max_columns_;
};

}  // namespace

std::unique_ptr<Rule> MakeSelectStar(const RuleOptions& options) {
  return std::make_unique<SelectStar>(options);
}

}  // namespace qadvisor::rules
