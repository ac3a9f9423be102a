// missing-index: a table with filtering or join predicates has no index they can search.
#include <fmt/format.h>

#include "rules/common.h"
#include "rules/rule.h"

namespace qadvisor::rules {
namespace {

using namespace analyzer;  // NOLINT: rules read the analyzer's model

constexpr RuleInfo kInfo{
    .id = "missing-index",
    .severity = Severity::kWarning,
    .scope = Scope::kQuery,
    .summary = "a table is filtered or joined on columns no index can search: a full scan",
    .doc = R"md(
## What it does

For each table the statement reads, collects the predicates an index could search —
equalities, `IN`, ranges, `LIKE 'prefix%'`, `IS NULL`, and join equalities — and reports the
table when no index of it can be used for any of them. For joins it reports the table only
when neither side of a join condition has an index on its join column (one table of a join is
always read first; the others need a lookup). The fix is the index the three-star design
gives: equality columns, then the `ORDER BY` columns or one range column.

It stays silent for tables known to be tiny (statistics: fewer than 1000 rows) and for
predicates no index could serve anyway (functions on columns, leading wildcards, type
conversions: other rules report those).

## Why it matters

Without a usable index MySQL reads every row of the table (`type: ALL` in EXPLAIN) and
filters afterwards; in a join, once per row of the driving table.

## Example

```sql
CREATE TABLE sessions (id BIGINT PRIMARY KEY, user_id INT, expires_at DATETIME);
SELECT id FROM sessions WHERE user_id = 7 AND expires_at > NOW();
```

## Fix

```sql
ALTER TABLE sessions ADD INDEX idx_user_id_expires_at (user_id, expires_at);
```

## MySQL reference

- MySQL 8.0 Reference Manual, 10.3.1 "How MySQL Uses Indexes"
- MySQL 8.0 Reference Manual, 15.8.2 "EXPLAIN Output Format" — join type `ALL`
)md"};

class MissingIndex final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void CheckQuery(const QueryModel& query, const Catalog& /*catalog*/,
                  Reporter& out) const override {
    for (const QueryBlock& block : query.blocks) {
      for (size_t t = 0; t < block.tables.size(); ++t) {
        const TableUse& use = block.tables[t];
        if (!use.table || IsTiny(*use.table)) continue;
        const TableAccess access = AnalyzeAccess(block, static_cast<int>(t));
        if (access.Best() || (!access.has_filter && !access.has_join)) continue;
        if (!access.has_filter && !JoinNeedsIndex(block, static_cast<int>(t))) continue;
        const IndexWant want = WantIndex(block, static_cast<int>(t));
        if (want.columns.empty()) continue;
        std::vector<std::string> filtered;
        Span span = use.span;
        for (const Predicate* p : block.PredicatesOn(static_cast<int>(t))) {
          if (!p->sargable() || p->or_group >= 0 || (!p->IsEquality() && !p->IsRange())) continue;
          if (std::find(filtered.begin(), filtered.end(), p->column.name) == filtered.end()) {
            if (filtered.empty()) span = p->span;
            filtered.push_back(p->column.name);
          }
        }
        Finding& f =
            out.Add(kInfo, span,
                    fmt::format("{} is {} on {} but no index can search by {}: every row is read",
                                TableLabel(use), access.has_filter ? "filtered" : "joined",
                                QuoteList(filtered), filtered.size() == 1 ? "it" : "them"));
        SetTable(f, use);
        f.columns = want.columns;
        f.fix = AddIndexDdl(*use.table, want);
      }
    }
  }

 private:
  // A table joined without a filter of its own needs an index when the other side of its
  // join conditions has none either (else the other side is looked up, this one scanned once).
  static bool JoinNeedsIndex(const QueryBlock& block, int t) {
    bool other_side_indexed = false;
    bool joined = false;
    for (const Predicate* p : block.PredicatesOn(t)) {
      if (p->value != ValueKind::kColumn || !p->sargable() || !p->IsEquality()) continue;
      joined = true;
      const TableUse& other = block.tables[p->other.table];
      if (!other.table || other.derived) {
        other_side_indexed = true;  // unknown: assume the best
        continue;
      }
      if (IndexOn(*other.table, p->other.name)) other_side_indexed = true;
    }
    if (!joined || other_side_indexed) return false;
    // Of two unindexed sides, report the one read second (later in FROM).
    for (const Predicate* p : block.PredicatesOn(t)) {
      if (p->value == ValueKind::kColumn && p->other.table > t &&
          !block.tables[p->other.table].outer && !block.tables[t].outer) {
        return false;
      }
    }
    return true;
  }
};

}  // namespace

std::unique_ptr<Rule> MakeMissingIndex(const RuleOptions& /*options*/) {
  return std::make_unique<MissingIndex>();
}

}  // namespace qadvisor::rules
