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

Reports `x NOT IN (SELECT col …)` when `col` can be NULL — a nullable column according to
the schema, or a column of the inner side of an outer join — and the subquery does not filter
the NULLs out (`WHERE col IS NOT NULL`, or any other comparison of `col` with a value); and
`x NOT IN (…, NULL, …)` with a `NULL` in the list.

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
)md",
    .needs_catalog = true};

// Whether predicate `p` on table `use` of a block keeps NULLs of its column out of the
// block's rows: a comparison with a value is unknown for NULL, and WHERE drops the row. Not IS
// NULL or `<=> NULL`, not one branch of an OR, not a function of the column (COALESCE(c, 0) = 0
// keeps NULLs), and not the ON of an outer join, whose inner rows come back NULL-extended.
bool RejectsNull(const Predicate& p, const TableUse& use) {
  if (p.or_group >= 0 || (p.on_clause && use.outer) || p.blocker == Blocker::kFunction) {
    return false;
  }
  switch (p.op) {
    case PredicateOp::kRange:  // <, >, BETWEEN, IS NOT NULL
      return true;
    case PredicateOp::kEq:
    case PredicateOp::kIn:
    case PredicateOp::kInSubquery:
    case PredicateOp::kLikePrefix:
    case PredicateOp::kLikeInfix:
      return p.value != ValueKind::kNull;
    default:
      return false;  // IS NULL, <>, NOT …, the rest: not judged
  }
}

struct NullSource {
  const Column* column = nullptr;
  std::string table;
  bool outer = false;  // NULL because of an outer join, not the schema
};

// The column the subquery's single select item is, when it can yield NULL: nullable in the
// schema or on the inner side of an outer join, and not filtered by a NULL-rejecting condition.
NullSource NullableResult(const QueryModel& query, const ast::Query& sub) {
  if (!sub.term || !sub.term->select) return {};
  const ast::Select* select = sub.term->select;
  if (select->items.size() != 1 || select->items[0].expr->kind != ast::ExprKind::kColumn) {
    return {};
  }
  const auto& column = select->items[0].expr->As<ast::Column>();
  if (column.star) return {};
  for (size_t b = 0; b < query.blocks.size(); ++b) {
    const QueryBlock& block = query.blocks[b];
    if (block.select != select) continue;
    for (size_t t = 0; t < block.tables.size(); ++t) {
      const TableUse& use = block.tables[t];
      if (!use.table) continue;
      if (column.name.parts.size() > 1 &&
          !parser::EqualsIgnoreCase(use.alias,
                                    column.name.parts[column.name.parts.size() - 2].Value())) {
        continue;
      }
      const Column* c = use.table->FindColumn(column.name.last().Value());
      if (!c) continue;
      if (!c->nullable && !use.outer) return {};
      for (const Predicate& p : block.predicates) {
        if (p.column.block == static_cast<int>(b) && p.column.table == static_cast<int>(t) &&
            parser::EqualsIgnoreCase(p.column.name, c->name) && RejectsNull(p, use)) {
          return {};  // e.g. WHERE col IS NOT NULL in the subquery settles it
        }
      }
      return {c, use.table->name, !c->nullable};
    }
  }
  return {};
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
          const NullSource source = NullableResult(query, *in.subquery);
          if (!source.column) continue;
          const std::string& name = source.column->name;
          Finding& f = out.Add(
              kInfo, p.span,
              fmt::format(
                  "NOT IN (SELECT {} …): `{}`.`{}` {}, and one NULL in the subquery "
                  "makes the condition match no row",
                  name, source.table, name,
                  source.outer ? "is NULL where the outer join finds no match" : "is nullable"));
          f.table = source.table;
          f.columns = {name};
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
