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
when it has to be looked up by the join: the other side has no index on its join column
either (one table of a join is always read first; the others need a lookup), or the other
side is found by a filter of its own and so is read first, or the table is the inner side of
a `LEFT JOIN`, which is always read after the other (the preserved side never is reported for
the join). The fix is the index the three-star design gives: equality
columns, then the `ORDER BY` columns or one range column.

It stays silent for tables known to be tiny (statistics: fewer than 1000 rows; or a slow
log whose statement never examined 1000 rows in one execution) and for predicates no index
could serve anyway (leading wildcards, type conversions, functions on indexed columns: other
rules report those). A function on a column that no index holds
(`DATE(expires_at) = ?`) is reported here, since no other rule has an index to name: the fix
is the rewrite on the bare column, then an index on it.

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
- MySQL 8.0 Reference Manual, 10.2.1.9 "Outer Join Optimization"
)md",
    .needs_catalog = true};

class MissingIndex final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void CheckQuery(const QueryModel& query, const Catalog& /*catalog*/,
                  Reporter& out) const override {
    for (const QueryBlock& block : query.blocks) {
      for (size_t t = 0; t < block.tables.size(); ++t) {
        const TableUse& use = block.tables[t];
        if (!use.table || IsTiny(*use.table, query)) continue;
        const AccessOptions options = OwnAccess(block, static_cast<int>(t));
        const bool drives = !options.use_joins;  // the table the join reads first
        const TableAccess access = AnalyzeAccess(block, static_cast<int>(t), options);
        const std::vector<const Predicate*> wrapped = WrappedUnindexed(block, static_cast<int>(t));
        if (access.Best() || (!access.has_filter && !access.has_join && wrapped.empty())) continue;
        // A composite index constrained on later parts only: leftmost-prefix says it, with
        // the same fix.
        if (std::any_of(access.indexes.begin(), access.indexes.end(), [](const IndexUse& u) {
              return u.index->parts.size() > 1 && u.used_parts() == 0 &&
                     u.unused_constrained_part > 0;
            })) {
          continue;
        }
        // Scanned once, by a condition with a function on it, when the join is served from the
        // other side: the fix is for that condition, not for the join.
        const bool searched = access.has_filter || JoinNeedsIndex(block, static_cast<int>(t));
        if (!searched && wrapped.empty()) continue;
        const IndexWant want =
            searched ? WantIndex(block, static_cast<int>(t), options) : IndexWant{};
        if (want.columns.empty() && wrapped.empty()) continue;
        std::vector<std::string> filtered;  // by constants
        std::vector<std::string> joined;    // by columns of other tables
        Span span = use.span;
        for (const Predicate* p : block.PredicatesOn(static_cast<int>(t))) {
          if (!p->sargable() || p->or_group >= 0 || (!p->IsEquality() && !p->IsRange())) continue;
          if (p->value == ValueKind::kColumn && (!p->IsEquality() || drives)) continue;
          std::vector<std::string>& list = p->value == ValueKind::kColumn ? joined : filtered;
          if (std::find(list.begin(), list.end(), p->column.name) == list.end()) {
            if (filtered.empty() && joined.empty()) span = p->span;
            list.push_back(p->column.name);
          }
        }
        std::string what;
        if (!filtered.empty()) what = "filtered on " + QuoteList(filtered);
        if (!joined.empty())
          what += (what.empty() ? "" : " and ") + ("joined on " + QuoteList(joined));
        for (const Predicate* p : wrapped) {
          if (filtered.empty() && joined.empty() && p == wrapped.front()) span = p->span;
          what += (what.empty()           ? "filtered by "
                   : p == wrapped.front() ? " and by "
                                          : ", ") +
                  fmt::format("`{}`", SpanText(query, p->span, 60));
        }
        const size_t count = filtered.size() + joined.size() + wrapped.size();
        Finding& f =
            out.Add(kInfo, span,
                    fmt::format("{} is {} but no index can search by {}: every row is read",
                                TableLabel(use), what, count == 1 ? "it" : "them"));
        SetTable(f, use);
        if (!want.columns.empty()) {
          f.columns = want.columns;
          f.fix = AddIndexDdl(*use.table, want);
          continue;
        }
        // Only conditions with a function on the column: rewrite the first, then index it.
        const Predicate& p = *wrapped.front();
        IndexWant bare;
        bare.columns = {p.column.name};
        f.columns = bare.columns;
        f.fix =
            fmt::format("{}; on the bare column, an index can search it: {}",
                        FunctionRewriteHint(p, *p.column.column), AddIndexDdl(*use.table, bare));
      }
    }
  }

 private:
  // Filters on table `t` that wrap a column no index holds in a function (`LOWER(nick) = ?`):
  // function-on-column speaks for indexed columns; for these, a full scan is this rule's.
  static std::vector<const Predicate*> WrappedUnindexed(const QueryBlock& block, int t) {
    std::vector<const Predicate*> out;
    for (const Predicate* p : block.PredicatesOn(t)) {
      if (p->blocker != Blocker::kFunction || p->or_group >= 0 || p->mirror || !p->column.column ||
          p->value == ValueKind::kColumn || (!p->IsEquality() && !p->IsRange())) {
        continue;
      }
      if (!IndexHolding(*block.tables[t].table, p->column.name)) out.push_back(p);
    }
    return out;
  }

  // A table joined without a filter of its own needs an index when the other side of its
  // join conditions is read first: because the other side has no index on its join column
  // either (of two such tables, the one later in FROM is reported), or because the other
  // side has a filter an index can search (it drives the join), or because an outer join
  // fixes the order (MySQL 8.0 Reference Manual 10.2.1.9, "Outer Join Optimization"): the
  // NULL-extended side is read after the other, so only its own index can serve the join,
  // and the preserved side never needs one for it.
  static bool JoinNeedsIndex(const QueryBlock& block, int t) {
    const TableUse& self = block.tables[t];
    bool other_side_indexed = false;
    bool driven = false;  // some other side is read first: this table is looked up
    bool joined = false;
    for (const Predicate* p : block.PredicatesOn(t)) {
      if (p->value != ValueKind::kColumn || !p->sargable() || !p->IsEquality()) continue;
      joined = true;
      const TableUse& other = block.tables[p->other.table];
      if (!self.outer && other.outer) {
        other_side_indexed = true;  // read before the other: looked up by nothing
        continue;
      }
      if (self.outer && !other.outer) {
        driven = true;  // read after the other
        continue;
      }
      if (!other.table || other.derived) {
        other_side_indexed = true;  // unknown: assume the best
        continue;
      }
      AccessOptions constants_only;
      constants_only.use_joins = false;
      if (AnalyzeAccess(block, p->other.table, constants_only).Best()) {
        driven = true;  // the other side is found by its own filter first
      } else if (IndexOn(*other.table, p->other.name)) {
        other_side_indexed = true;
      }
    }
    if (!joined) return false;
    if (driven) return true;
    if (other_side_indexed) return false;
    // Of two unindexed sides of an inner join, report the one read second (later in FROM).
    for (const Predicate* p : block.PredicatesOn(t)) {
      if (p->value == ValueKind::kColumn && p->other.table > t &&
          !block.tables[p->other.table].outer && !self.outer) {
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
