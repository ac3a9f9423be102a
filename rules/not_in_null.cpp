// not-in-null: NOT IN over a subquery (or list) that can yield NULL returns no rows.
#include <fmt/format.h>

#include "parser/keywords.h"
#include "rules/common.h"
#include "rules/rule.h"

namespace qadvisor::rules {
namespace {

using namespace analyzer;  // NOLINT: rules read the analyzer's model
namespace ast = parser::ast;

constexpr RuleInfo kInfo{
    .id = "not-in-null",
    .severity = Severity::kWarning,
    .scope = Scope::kQuery,
    .summary = "NOT IN over a subquery that can return NULL matches no rows at all",
    .doc = R"md(
## What it does

Reports `x NOT IN (SELECT col …)` when `col` is a nullable column according to the schema,
and `x NOT IN (…, NULL, …)` with a `NULL` in the list.

## Why it matters

`x NOT IN (1, NULL)` is `x <> 1 AND x <> NULL`, and `x <> NULL` is never true: as soon as the
subquery returns one `NULL`, the whole condition is unknown for every row and the query
returns nothing — silently. It also keeps the optimizer from turning the subquery into an
anti-join as freely as `NOT EXISTS` allows.

## Example

```sql
SELECT id FROM customers
WHERE id NOT IN (SELECT customer_id FROM orders);   -- orders.customer_id is nullable
```

## Fix

```sql
SELECT c.id FROM customers c
WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id);
```

or exclude the NULLs in the subquery: `… WHERE customer_id IS NOT NULL`.

## MySQL reference

- MySQL 8.0 Reference Manual, 14.4.2 "Comparison Functions and Operators" — `NOT IN`
- MySQL 8.0 Reference Manual, 10.2.2.1 "Optimizing IN and EXISTS Subquery Predicates with
  Semijoin and Antijoin Transformations"
)md"};

// The nullable catalog column the subquery's single select item is, or nullptr.
const Column* NullableResult(const QueryModel& query, const ast::Query& sub, std::string& table) {
  if (!sub.term || !sub.term->select) return nullptr;
  const ast::Select* select = sub.term->select;
  if (select->items.size() != 1 || select->items[0].expr->kind != ast::ExprKind::kColumn) {
    return nullptr;
  }
  const auto& column = select->items[0].expr->As<ast::Column>();
  if (column.star) return nullptr;
  for (const QueryBlock& block : query.blocks) {
    if (block.select != select) continue;
    // A WHERE col IS NOT NULL in the subquery settles it.
    for (const Predicate& p : block.predicates) {
      if (p.op == PredicateOp::kRange && p.value == ValueKind::kNull && p.or_group < 0 &&
          parser::EqualsIgnoreCase(p.column.name, column.name.last().Value())) {
        return nullptr;
      }
    }
    for (const TableUse& use : block.tables) {
      if (!use.table) continue;
      if (column.name.parts.size() > 1 &&
          !parser::EqualsIgnoreCase(use.alias,
                                    column.name.parts[column.name.parts.size() - 2].Value())) {
        continue;
      }
      const Column* c = use.table->FindColumn(column.name.last().Value());
      if (!c) continue;
      table = use.table->name;
      return c->nullable ? c : nullptr;
    }
  }
  return nullptr;
}

class NotInNull final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void CheckQuery(const QueryModel& query, const Catalog& /*catalog*/,
                  Reporter& out) const override {
    for (const QueryBlock& block : query.blocks) {
      for (const Predicate& p : block.predicates) {
        if (p.op != PredicateOp::kNotEq || !p.expr || p.expr->kind != ast::ExprKind::kIn) continue;
        const auto& in = p.expr->As<ast::In>();
        if (!in.negated) continue;
        if (in.subquery) {
          std::string table;
          const Column* c = NullableResult(query, *in.subquery, table);
          if (!c) continue;
          Finding& f = out.Add(kInfo, p.span,
                               fmt::format("NOT IN (SELECT {} …): `{}`.`{}` is nullable, and one "
                                           "NULL in the subquery makes the condition match no "
                                           "row",
                                           c->name, table, c->name));
          f.table = table;
          f.columns = {c->name};
          f.fix =
              "use NOT EXISTS (SELECT 1 … WHERE inner_col = outer_col), or add "
              "WHERE inner_col IS NOT NULL to the subquery";
          continue;
        }
        for (const ast::Expr* item : in.list) {
          if (item->kind != ast::ExprKind::kLiteral ||
              item->As<ast::Literal>().literal != ast::LiteralKind::kNull) {
            continue;
          }
          Finding& f = out.Add(kInfo, p.span,
                               "NOT IN (…) with NULL in the list is never true: the query matches "
                               "no row");
          if (p.column.resolved()) SetTable(f, block.tables[p.column.table]);
          f.columns = {p.column.name};
          f.fix = "remove NULL from the list (use IS NOT NULL separately if meant)";
          break;
        }
      }
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeNotInNull(const RuleOptions& /*options*/) {
  return std::make_unique<NotInNull>();
}

}  // namespace qadvisor::rules
