// leftmost-prefix: a composite index is constrained on later parts but not by its leading
// part(s), or a range on an earlier part stops later parts from being used.
#include <fmt/format.h>

#include "parser/keywords.h"
#include "rules/common.h"
#include "rules/rule.h"

namespace qadvisor::rules {
namespace {

using namespace analyzer;  // NOLINT: rules read the analyzer's model

constexpr RuleInfo kInfo{
    .id = "leftmost-prefix",
    .severity = Severity::kWarning,
    .scope = Scope::kQuery,
    .summary =
        "a composite index is filtered on later columns but not by its leading column, "
        "or a range stops it early",
    .doc = R"md(
## What it does

Looks at each composite index of each table the query reads and reports two cases:

1. The query constrains columns of the index, but not its leading column, and no other index
   can be used for the table: the index cannot be searched at all.
2. The index the query can best use has a range (`<`, `BETWEEN`, `LIKE 'a%'`) on one key
   part and the query also constrains a later key part: the later part does not narrow the
   search, because a B-tree is searched by equality parts plus at most one range.

## Why it matters

A composite index `(a, b, c)` is sorted by `a`, then `b` within equal `a`, then `c`. It can be
searched by `a`; by `a` and `b`; by `a`, `b` and `c` — a leftmost prefix. A predicate on `b`
alone has nothing to search by, and after a range on `a` the `b` values are no longer in one
contiguous run.

## Example

```sql
CREATE TABLE orders (id INT PRIMARY KEY, country CHAR(2), status VARCHAR(10),
                     created_at DATETIME, KEY idx_country_status (country, status));
SELECT id FROM orders WHERE status = 'paid';                      -- case 1
SELECT id FROM orders WHERE country > 'D' AND status = 'paid';    -- case 2
```

## Fix

Constrain the leading column too, or add an index whose leading columns are the ones the
query binds by equality, with the range column last:

```sql
ALTER TABLE orders ADD INDEX idx_status_country (status, country);
```

## MySQL reference

- MySQL 8.0 Reference Manual, 10.3.6 "Multiple-Column Indexes"
- MySQL 8.0 Reference Manual, 10.2.1.2 "Range Optimization" (multiple-part indexes)
)md",
    .needs_catalog = true};

std::string PartNames(const Index& index, size_t from, size_t to) {
  std::vector<std::string> names;
  for (size_t i = from; i < to && i < index.parts.size(); ++i)
    names.push_back(index.parts[i].column);
  return QuoteList(names);
}

class LeftmostPrefix final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void CheckQuery(const QueryModel& query, const Catalog& /*catalog*/,
                  Reporter& out) const override {
    for (const QueryBlock& block : query.blocks) {
      for (size_t t = 0; t < block.tables.size(); ++t) {
        const TableUse& use = block.tables[t];
        if (!use.table || IsTiny(*use.table, query)) continue;
        const AccessOptions options = OwnAccess(block, static_cast<int>(t));
        const TableAccess access = AnalyzeAccess(block, static_cast<int>(t), options);
        const IndexWant want = WantIndex(block, static_cast<int>(t), options);
        const IndexUse* best = access.Best();
        if (!best) {  // case 1: nothing usable, yet some composite index is constrained later
          for (const IndexUse& u : access.indexes) {
            if (u.index->parts.size() < 2 || u.unused_constrained_part <= 0) continue;
            const Index& index = *u.index;
            const std::string& constrained = index.parts[u.unused_constrained_part].column;
            Finding& f = out.Add(
                kInfo, FirstSpan(block, t, constrained, use.span),
                fmt::format("index `{}` {} cannot be used: the query constrains {} but not the "
                            "leading column{} {}{}",
                            index.name, index.DescribeParts(), Quote(constrained),
                            u.unused_constrained_part > 1 ? "s" : "",
                            PartNames(index, 0, u.unused_constrained_part),
                            Unsearchable(query, block, t, index.parts.front().column)));
            SetTable(f, use);
            f.columns = {index.parts.front().column, constrained};
            f.index = index.name;
            f.fix = want.columns.empty()
                        ? fmt::format("constrain {} as well", Quote(index.parts.front().column))
                        : AddIndexDdl(*use.table, want);
            break;  // one finding per table
          }
          continue;
        }
        // case 2: a range in the best index stops later constrained parts.
        if (!best->range || best->unused_constrained_part < 0 || best->unique_lookup) continue;
        const Index& index = *best->index;
        const size_t range_part = static_cast<size_t>(best->used_parts() - 1);
        if (range_part >= index.parts.size()) continue;
        const std::string& later = index.parts[best->unused_constrained_part].column;
        Finding& f = out.Add(
            kInfo, FirstSpan(block, t, later, use.span),
            fmt::format("index `{}` {}: the range on {} stops the search there, so the condition "
                        "on {} does not narrow it; put equality columns before the range column",
                        index.name, index.DescribeParts(), Quote(index.parts[range_part].column),
                        Quote(later)));
        SetTable(f, use);
        f.columns = {index.parts[range_part].column, later};
        f.index = index.name;
        if (!want.columns.empty() && !IndexServesWant(*use.table, index, want)) {
          f.fix = AddIndexDdl(*use.table, want);
        }
      }
    }
  }

 private:
  // A condition on the leading column that no index can search by (a function, a conversion,
  // a leading wildcard, a negation), named so the message does not read as if there were none.
  static std::string Unsearchable(const QueryModel& query, const QueryBlock& block, size_t t,
                                  std::string_view column) {
    for (const Predicate* p : block.PredicatesOn(static_cast<int>(t))) {
      if (p->blocker == Blocker::kNone || p->or_group >= 0 || p->mirror) continue;
      if (!parser::EqualsIgnoreCase(p->column.name, column)) continue;
      return fmt::format(" in a form an index can search (`{}`: {})", SpanText(query, p->span, 60),
                         BlockerName(p->blocker));
    }
    return {};
  }

  static Span FirstSpan(const QueryBlock& block, size_t t, std::string_view column, Span fallback) {
    for (const Predicate* p : block.PredicatesOn(static_cast<int>(t))) {
      if (parser::EqualsIgnoreCase(p->column.name, column)) return p->span;
    }
    return fallback;
  }
};

}  // namespace

std::unique_ptr<Rule> MakeLeftmostPrefix(const RuleOptions& /*options*/) {
  return std::make_unique<LeftmostPrefix>();
}

}  // namespace qadvisor::rules
