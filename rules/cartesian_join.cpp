// cartesian-join: a table of a join is related to the others by no condition.
#include <fmt/format.h>

#include <numeric>

#include "rules/common.h"
#include "rules/rule.h"

namespace qadvisor::rules {
namespace {

using namespace analyzer;  // NOLINT: rules read the analyzer's model
namespace ast = parser::ast;

constexpr RuleInfo kInfo{
    .id = "cartesian-join",
    .severity = Severity::kWarning,
    .scope = Scope::kQuery,
    .summary = "a joined table has no join condition: every row pairs with every row",
    .doc = R"md(
## What it does

Builds the join graph of each `FROM` clause from every condition in `ON`, `USING` and
`WHERE` that mentions columns of two tables, and reports tables that no condition connects to
the rest. `CROSS JOIN` written out is taken as intended and not reported; neither are tables
read by a single-row lookup (a unique key bound by constants) or derived tables.

## Why it matters

Without a condition every row of one side pairs with every row of the other: 10 000 × 10 000
rows is a hundred million, and the result is usually wrong as well — a forgotten condition in
a comma join.

## Example

```sql
SELECT o.id, c.name FROM orders o, customers c WHERE o.status = 'paid';
```

## Fix

Add the missing join condition (`AND o.customer_id = c.id`), preferably as `JOIN … ON`; if
the cross product is intended, write `CROSS JOIN` to say so.

## MySQL reference

- MySQL 8.0 Reference Manual, 15.2.13.2 "JOIN Clause"
)md",
    .needs_catalog = true};

bool HasCrossJoin(const ast::TableRef* ref) {
  if (!ref) return false;
  if (ref->kind == ast::TableRefKind::kJoin) {
    const auto& j = ref->As<ast::Join>();
    return j.join == ast::JoinKind::kCross || HasCrossJoin(j.left) || HasCrossJoin(j.right);
  }
  if (ref->kind == ast::TableRefKind::kParens) {
    for (const ast::TableRef* item : ref->As<ast::ParenTables>().items) {
      if (HasCrossJoin(item)) return true;
    }
  }
  return false;
}

class CartesianJoin final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void CheckQuery(const QueryModel& query, const Catalog& /*catalog*/,
                  Reporter& out) const override {
    for (const QueryBlock& block : query.blocks) {
      const size_t n = block.tables.size();
      if (n < 2) continue;
      bool cross = false;
      if (block.select) {
        for (const ast::TableRef* ref : block.select->from) cross = cross || HasCrossJoin(ref);
      }
      if (cross) continue;
      // Union-find over the join graph; single-row tables join anything.
      std::vector<size_t> parent(n);
      std::iota(parent.begin(), parent.end(), 0);
      auto find = [&](size_t x) {
        while (parent[x] != x) x = parent[x] = parent[parent[x]];
        return x;
      };
      for (const auto& [a, b] : block.links) parent[find(a)] = find(b);
      std::vector<bool> single(n, false);
      for (size_t t = 0; t < n; ++t) {
        const TableUse& use = block.tables[t];
        if (use.derived || !use.table) {
          single[t] = true;  // unknown shape: do not guess
          continue;
        }
        const TableAccess access = AnalyzeAccess(block, static_cast<int>(t), {.use_joins = false});
        single[t] = access.Best() && access.Best()->unique_lookup;
      }
      // The largest connected group is "the join"; report every other non-single table.
      std::vector<size_t> size(n, 0);
      for (size_t t = 0; t < n; ++t) size[find(t)] += single[t] ? 0 : 1;
      size_t main = find(0);
      for (size_t t = 0; t < n; ++t) {
        if (size[find(t)] > size[main]) main = find(t);
      }
      for (size_t t = 0; t < n; ++t) {
        if (single[t] || find(t) == main) continue;
        const TableUse& use = block.tables[t];
        Finding& f = out.Add(kInfo, use.span,
                             fmt::format("{} is joined without a condition: every row of it "
                                         "pairs with every row of the other tables",
                                         TableLabel(use)));
        SetTable(f, use);
        f.fix =
            "add the join condition (JOIN … ON …), or write CROSS JOIN if the product is "
            "intended";
      }
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeCartesianJoin(const RuleOptions& /*options*/) {
  return std::make_unique<CartesianJoin>();
}

}  // namespace qadvisor::rules
