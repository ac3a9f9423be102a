// leading-wildcard: LIKE '%…' on an indexed column.
#include <fmt/format.h>

#include <algorithm>

#include "parser/keywords.h"
#include "rules/common.h"
#include "rules/rule.h"

namespace qadvisor::rules {
namespace {

using namespace analyzer;  // NOLINT: rules read the analyzer's model

constexpr RuleInfo kInfo{.id = "leading-wildcard",
                         .severity = Severity::kWarning,
                         .scope = Scope::kQuery,
                         .summary = "LIKE with a leading wildcard cannot search the column's index",
                         .doc = R"md(
## What it does

Finds `LIKE` patterns that begin with `%` or `_` — written as a literal or built with
`CONCAT('%', ?, …)` — on a column that an index could otherwise search (it leads an index, or
follows columns the query binds by equality). It stays silent when the query finds the row by
its primary key or a unique key anyway.

## Why it matters

An index on a string is ordered by its first characters. `LIKE 'abc%'` becomes a range on
that order; `LIKE '%abc'` has no first characters to search by, so every row (or every index
entry) is read and matched.

## Example

```sql
SELECT id FROM customers WHERE email LIKE '%@example.com';
```

## Fix

- Searching for words: a `FULLTEXT` index and `MATCH (col) AGAINST ('word')`.
- Searching by suffix (domains, file extensions): store the reversed string, or the suffix,
  in its own indexed column and search it with a prefix: `WHERE email_domain = 'example.com'`.
- If the wildcard is not needed, drop it: `LIKE 'abc%'` can use the index.

## MySQL reference

- MySQL 8.0 Reference Manual, 10.3.9 "Comparison of B-Tree and Hash Indexes": "The index also
  can be used for LIKE comparisons if the argument to LIKE is a constant string that does not
  start with a wildcard character."
- MySQL 8.0 Reference Manual, 14.9 "Full-Text Search Functions"
)md",
                         .needs_catalog = true};

class LeadingWildcard final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void CheckQuery(const QueryModel& query, const Catalog& /*catalog*/,
                  Reporter& out) const override {
    for (const QueryBlock& block : query.blocks) {
      for (const Predicate& p : block.predicates) {
        if (p.blocker != Blocker::kLeadingWildcard || !p.column.column) continue;
        const TableUse& use = block.tables[p.column.table];
        std::vector<const Predicate*> equalities;
        for (const Predicate* q : block.PredicatesOn(p.column.table)) {
          if (q->sargable() && q->IsEquality() && q->or_group < 0) equalities.push_back(q);
        }
        const Index* index = IndexOn(*use.table, p.column.name, equalities);
        if (!index || FoundByUniqueKey(block, p.column.table)) continue;  // one row: no search lost
        // A FULLTEXT index holding the column, one of that column alone first: MATCH must name
        // exactly an index's columns (else error 1191), and it finds words, not substrings, so
        // it answers `%word%`, never a pattern that starts with `_`.
        const Index* fulltext = nullptr;
        const bool words = p.pattern.size() > 1 && p.pattern[1] == '%';
        for (const Index& i : use.table->indexes) {
          if (!words || i.kind != IndexKind::kFulltext) continue;
          const bool holds = std::any_of(i.parts.begin(), i.parts.end(), [&](const KeyPart& k) {
            return parser::EqualsIgnoreCase(k.column, p.column.name);
          });
          if (holds && (fulltext == nullptr || i.parts.size() < fulltext->parts.size())) {
            fulltext = &i;
          }
        }
        Finding& f = out.Add(kInfo, p.span,
                             fmt::format("LIKE {} starts with a wildcard: index `{}` cannot be "
                                         "searched by `{}`.`{}`, every row is matched",
                                         p.pattern, index->name, use.alias, p.column.name));
        SetTable(f, use);
        f.columns = {p.column.name};
        f.index = index->name;
        if (fulltext == nullptr) {
          f.fix =
              "search by a prefix (LIKE 'abc%'), or use a FULLTEXT index with MATCH … AGAINST "
              "for words, or an indexed column holding the suffix";
          continue;
        }
        std::string columns, others;
        for (const KeyPart& k : fulltext->parts) {
          columns += (columns.empty() ? "" : ", ") + Quote(k.column);
          if (!parser::EqualsIgnoreCase(k.column, p.column.name)) {
            others += (others.empty() ? "" : ", ") + Quote(k.column);
          }
        }
        f.fix = fmt::format(
            "for whole words, use the FULLTEXT index `{}`: MATCH ({}) AGAINST ('…'){}; it "
            "finds words, not any substring",
            fulltext->name, columns,
            others.empty() ? ""
                           : fmt::format(" (MATCH names all of its columns, so it searches {} "
                                         "too; a FULLTEXT index on {} alone would not)",
                                         others, Quote(p.column.name)));
      }
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeLeadingWildcard(const RuleOptions& /*options*/) {
  return std::make_unique<LeadingWildcard>();
}

}  // namespace qadvisor::rules
