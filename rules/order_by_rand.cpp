// order-by-rand: ORDER BY RAND() sorts every row to pick a few.
#include "parser/keywords.h"
#include "rules/common.h"
#include "rules/rule.h"

namespace qadvisor::rules {
namespace {

using namespace analyzer;  // NOLINT: rules read the analyzer's model
namespace ast = parser::ast;

constexpr RuleInfo kInfo{.id = "order-by-rand",
                         .severity = Severity::kWarning,
                         .scope = Scope::kQuery,
                         .summary = "ORDER BY RAND() reads and sorts every row",
                         .doc = R"md(
## What it does

Reports `ORDER BY RAND()` — with or without a seed, and inside an expression such as the
weighted-sampling `ORDER BY -LOG(1 - RAND()) / weight`.

## Why it matters

MySQL computes a random number for every row that matches, writes all of them to a temporary
table and sorts it — to return the first few. The cost grows with the table, not with the
`LIMIT`.

## Example

```sql
SELECT id, name FROM products ORDER BY RAND() LIMIT 5;
```

## Fix

Pick random keys instead: in the application from a known id range, or with a seek:

```sql
SELECT id, name FROM products
WHERE id >= (SELECT FLOOR(RAND() * (SELECT MAX(id) FROM products)))
ORDER BY id LIMIT 5;
```

## MySQL reference

- MySQL 8.0 Reference Manual, 14.6.2 "Mathematical Functions" — `RAND()` ("ORDER BY RAND()
  … may be useful for obtaining a random sample … but it is not efficient")
)md"};

// Whether `e` calls RAND: RAND(), RAND(seed), or RAND() inside an expression — each is a
// random sort key computed and sorted for every row.
bool CallsRand(const ast::Expr* e) {
  if (!e) return false;
  switch (e->kind) {
    case ast::ExprKind::kFunction: {
      const auto& f = e->As<ast::Function>();
      if (parser::EqualsIgnoreCase(f.name.last().Value(), "rand")) return true;
      for (const ast::Expr* a : f.args) {
        if (CallsRand(a)) return true;
      }
      return false;
    }
    case ast::ExprKind::kUnary:
      return CallsRand(e->As<ast::Unary>().operand);
    case ast::ExprKind::kBinary:
      return CallsRand(e->As<ast::Binary>().left) || CallsRand(e->As<ast::Binary>().right);
    case ast::ExprKind::kCast:
      return CallsRand(e->As<ast::Cast>().operand);
    default:
      return false;
  }
}

// The ORDER BY of a UNION (or of a parenthesised query) belongs to no query block of the
// model: read it from the statement.
const ast::Query* OuterQuery(const ast::Statement* s) {
  const ast::Query* q = nullptr;
  if (s && s->kind == ast::StatementKind::kSelect) q = s->As<ast::SelectStatement>().query;
  if (s && s->kind == ast::StatementKind::kInsert) q = s->As<ast::InsertStatement>().query;
  return q && q->term && !q->term->select ? q : nullptr;
}

class OrderByRand final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void CheckQuery(const QueryModel& query, const Catalog& /*catalog*/,
                  Reporter& out) const override {
    for (const QueryBlock& block : query.blocks) {
      // The binder flags RAND() itself; the expression (alias and position resolved) shows
      // RAND(seed) and RAND() inside an expression too.
      const OrderColumn* random = nullptr;
      for (const OrderColumn& o : block.order_by) {
        if (!random && CallsRand(o.expr)) random = &o;
      }
      if (!random && !block.order_by_rand) continue;
      Finding& f = Report(out, random ? random->span : block.span);
      if (!block.tables.empty()) SetTable(f, block.tables[0]);
    }
    if (const ast::Query* q = OuterQuery(query.statement)) {
      for (const ast::OrderItem& o : q->order_by) {
        if (!CallsRand(o.expr)) continue;
        Report(out, o.expr->span);
        break;
      }
    }
  }

 private:
  static Finding& Report(Reporter& out, Span span) {
    Finding& f = out.Add(kInfo, span,
                         "ORDER BY RAND() computes, stores and sorts a random number for every "
                         "row to return a few");
    f.fix =
        "pick random keys instead (in the application, or WHERE id >= a random value "
        "ORDER BY id LIMIT n)";
    return f;
  }
};

}  // namespace

std::unique_ptr<Rule> MakeOrderByRand(const RuleOptions& /*options*/) {
  return std::make_unique<OrderByRand>();
}

}  // namespace qadvisor::rules
