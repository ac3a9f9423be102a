// or-across-columns: OR over different columns of one table.
#include <fmt/format.h>

#include <algorithm>

#include "parser/keywords.h"
#include "rules/common.h"
#include "rules/rule.h"

namespace qadvisor::rules {
namespace {

using namespace analyzer;  // NOLINT: rules read the analyzer's model

constexpr RuleInfo kInfo{
    .id = "or-across-columns",
    .severity = Severity::kWarning,
    .scope = Scope::kQuery,
    .summary = "OR over different columns of a table: no single index range serves it",
    .doc = R"md(
## What it does

Finds `OR` conditions whose branches constrain different columns of the same table, such as
`email = ? OR phone = ?`. An `OR` of equalities on one column (`a = 1 OR a = 2`) is an `IN`
list and is not reported; nor is an `OR` whose every branch constrains one column an index
can search (`a = 1 OR (a = 2 AND b = 3)` is one range on `a`), nor one on a table that an
index already finds through conditions outside the `OR` (`customer_id = 42 AND (status =
'open' OR priority > 3)`: the `OR` only filters the rows found).

## Why it matters

One index range can only follow one column order. For `a = 1 OR b = 2` MySQL either reads the
whole table, or — when both columns lead an index — merges two index scans
(`index_merge` union), which is often slower than two separate lookups and is not available
for every shape (ranges, joins, more than a few branches).

## Example

```sql
SELECT id FROM customers WHERE email = 'a@example.com' OR phone = '5551234';
```

## Fix

Write one query per branch and combine them:

```sql
SELECT id FROM customers WHERE email = 'a@example.com'
UNION
SELECT id FROM customers WHERE phone = '5551234';
```

## MySQL reference

- MySQL 8.0 Reference Manual, 10.2.1.3 "Index Merge Optimization"
)md",
    .needs_catalog = true};

class OrAcrossColumns final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void CheckQuery(const QueryModel& query, const Catalog& /*catalog*/,
                  Reporter& out) const override {
    for (const QueryBlock& block : query.blocks) {
      for (int g = 0; g < block.or_groups; ++g) {
        for (size_t t = 0; t < block.tables.size(); ++t) {
          const TableUse& use = block.tables[t];
          if (!use.table || IsTiny(*use.table, query)) continue;
          std::vector<std::string> columns;
          std::vector<int> branches;
          uint32_t lo = UINT32_MAX;
          uint32_t hi = 0;
          for (const Predicate& p : block.predicates) {
            if (p.or_group != g || p.column.table != static_cast<int>(t) || p.mirror) continue;
            if (p.value == ValueKind::kColumn) continue;
            lo = std::min(lo, p.span.offset);
            hi = std::max(hi, p.span.end());
            if (std::find_if(columns.begin(), columns.end(), [&](const std::string& c) {
                  return parser::EqualsIgnoreCase(c, p.column.name);
                }) == columns.end()) {
              columns.push_back(p.column.name);
            }
            if (std::find(branches.begin(), branches.end(), p.or_branch) == branches.end()) {
              branches.push_back(p.or_branch);
            }
          }
          if (columns.size() < 2 || branches.size() < 2) continue;
          // A column every branch constrains with an index-searchable condition is one range
          // for all of them (`a = 1 OR (a = 2 AND b = 3)` reads a in (1, 2)): 10.2.1.2.
          bool common = false;
          for (const std::string& c : columns) {
            std::vector<int> in;
            for (const Predicate& p : block.predicates) {
              if (p.or_group != g || p.column.table != static_cast<int>(t) || !p.sargable() ||
                  p.value == ValueKind::kColumn || !parser::EqualsIgnoreCase(p.column.name, c) ||
                  (!p.IsEquality() && !p.IsRange())) {
                continue;
              }
              if (std::find(in.begin(), in.end(), p.or_branch) == in.end()) {
                in.push_back(p.or_branch);
              }
            }
            common = common || in.size() == branches.size();
          }
          if (common) continue;
          // The table is found by an index through conditions outside the OR (`customer_id = 42
          // AND (status = 'open' OR priority > 3)`): the OR only filters those rows.
          // Join conditions do not count: the table may well be the one read first.
          AccessOptions constants_only;
          constants_only.use_joins = false;
          if (AnalyzeAccess(block, static_cast<int>(t), constants_only).Best()) continue;
          Finding& f = out.Add(kInfo, Span{lo, hi - lo},
                               fmt::format("OR across {} of {}: no single index range serves "
                                           "it, so MySQL scans or merges indexes",
                                           QuoteList(columns), TableLabel(use)));
          SetTable(f, use);
          f.columns = columns;
          f.fix =
              "rewrite as a UNION (or UNION ALL when the branches cannot overlap) of one "
              "query per OR branch, each able to use its own index";
        }
      }
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeOrAcrossColumns(const RuleOptions& /*options*/) {
  return std::make_unique<OrAcrossColumns>();
}

}  // namespace qadvisor::rules
