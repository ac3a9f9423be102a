// unknown-column: a column reference that no table in scope has, or more than one has.
#include "parser/keywords.h"
#include "rules/common.h"
#include "rules/rule.h"

namespace qadvisor::rules {
namespace {

using namespace analyzer;  // NOLINT: rules read the analyzer's model

constexpr RuleInfo kInfo{
    .id = "unknown-column",
    .severity = Severity::kError,
    .scope = Scope::kQuery,
    .summary = "a column reference no table in scope has, or that is ambiguous",
    .doc = R"md(
## What it does

Resolves every column reference as MySQL does — the query block's own tables first, then the
enclosing blocks for correlated subqueries, `USING` / `NATURAL` columns coalesced, select-list
aliases in `GROUP BY`, `HAVING` and `ORDER BY` — and reports references that match no column,
or (unqualified) match columns of more than one table. A view has the columns of its column
list or select list, not those of the tables it reads. References into tables the schema does
not define are not reported (see `unknown-table`), nor into views whose columns cannot be told.

## Why it matters

The server rejects the statement (error 1054, "Unknown column", or 1052, "Column is
ambiguous"); in a migration or in application SQL, that is a bug that reaches production at
the first run. An ambiguous name can also become one after a migration adds a column of the
same name to another joined table.

## Example

```sql
SELECT o.id, o.totl FROM orders o;
SELECT id FROM orders JOIN customers ON customers.id = orders.customer_id;  -- id: ambiguous
```

## Fix

Correct the name, qualify it with its table alias, or pass the schema that defines it.

## MySQL reference

- MySQL error 1054 (ER_BAD_FIELD_ERROR) and 1052 (ER_NON_UNIQ_ERROR)
- MySQL 8.0 Reference Manual, 11.2.2 "Identifier Qualifiers"
)md",
    .needs_catalog = true};

// The catalog table or view that `qualifier` (the `o` of `o.totl`) names where `span` was
// written: the innermost block around it, then the blocks it is correlated with — as the
// binder resolves it. Empty when no table or view of the schema has that name or alias there.
std::string QualifiedName(const QueryModel& query, Span span, std::string_view qualifier) {
  int block = -1;
  for (size_t b = 0; b < query.blocks.size(); ++b) {
    const Span s = query.blocks[b].span;
    if (span.offset < s.offset || span.end() > s.end()) continue;
    if (block < 0 || s.length < query.blocks[block].span.length) block = static_cast<int>(b);
  }
  for (; block >= 0; block = query.blocks[block].parent) {
    for (const TableUse& use : query.blocks[block].tables) {
      if (!parser::EqualsIgnoreCase(use.alias, qualifier)) continue;
      if (use.view) return use.view->name;  // a merged view's table is its base table
      return use.table ? use.table->name : std::string();
    }
  }
  return {};
}

class UnknownColumn final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void CheckQuery(const QueryModel& query, const Catalog& /*catalog*/,
                  Reporter& out) const override {
    for (const BindIssue& issue : query.issues) {
      if (issue.kind == IssueKind::kUnknownTable) continue;
      Finding& f = out.Add(kInfo, issue.span, issue.message);
      // The finding names the column, and the table when a qualifier names one: `o.totl`
      // is column `totl` of `orders`.
      const std::string_view name = issue.name;
      const size_t dot = name.rfind('.');
      f.columns = {std::string(name.substr(dot == std::string_view::npos ? 0 : dot + 1))};
      if (dot != std::string_view::npos) {
        const std::string_view path = name.substr(0, dot);  // "o", or "shop.o"
        const size_t before = path.rfind('.');
        const std::string_view qualifier =
            before == std::string_view::npos ? path : path.substr(before + 1);
        f.table = QualifiedName(query, issue.span, qualifier);
      }
      f.fix = issue.kind == IssueKind::kAmbiguousColumn
                  ? "qualify the column with its table alias"
                  : "correct the column name (or the schema given with --schema)";
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeUnknownColumn(const RuleOptions& /*options*/) {
  return std::make_unique<UnknownColumn>();
}

}  // namespace qadvisor::rules
