// dml-without-where: UPDATE or DELETE of a whole table.
#include <fmt/format.h>

#include "rules/common.h"
#include "rules/rule.h"

namespace qadvisor::rules {
namespace {

using namespace analyzer;  // NOLINT: rules read the analyzer's model
namespace ast = parser::ast;

constexpr RuleInfo kInfo{.id = "dml-without-where",
                         .severity = Severity::kError,
                         .scope = Scope::kQuery,
                         .summary = "UPDATE or DELETE without WHERE (or LIMIT) changes every row",
                         .doc = R"md(
## What it does

Reports single-table `UPDATE` and `DELETE` statements with neither a `WHERE` nor a `LIMIT`
clause — the statements that `--safe-updates` (`sql_safe_updates=1`) refuses — or with a
`WHERE` that is true for every row as written (`WHERE 1`, `WHERE TRUE`, `WHERE 1 = 1`).

## Why it matters

Such a statement changes or removes every row of the table, locks every row while it runs,
and writes all of them to the binary log and undo log. In application code it is nearly
always a missing condition.

## Example

```sql
DELETE FROM sessions;
UPDATE customers SET status = 'inactive';
```

## Fix

Add the intended `WHERE` clause. To empty a table on purpose, `TRUNCATE TABLE` is faster and
says so; to purge in batches, `DELETE … WHERE … LIMIT 1000` in a loop.

## MySQL reference

- MySQL 8.0 Reference Manual, 6.5.1.6 "mysql Client Tips" — "Using Safe-Updates Mode
  (--safe-updates)"
- MySQL 8.0 Reference Manual, 15.1.37 "TRUNCATE TABLE Statement"
)md"};

// A WHERE that is true for every row, as generated code writes it: `WHERE 1`, `WHERE TRUE`,
// `WHERE 1 = 1`. Anything that reads a column or a parameter is not judged.
bool AlwaysTrue(const ast::Expr* e) {
  if (!e) return false;
  if (e->kind == ast::ExprKind::kLiteral) {
    const auto& lit = e->As<ast::Literal>();
    if (lit.literal == ast::LiteralKind::kTrue) return true;
    if (lit.literal != ast::LiteralKind::kNumber) return false;
    return lit.text.find_first_not_of("0.") != std::string_view::npos;  // not 0, 0.0
  }
  if (e->kind == ast::ExprKind::kBinary) {
    const auto& bin = e->As<ast::Binary>();
    if (bin.op != ast::BinaryOp::kEq || !bin.left || !bin.right) return false;
    if (bin.left->kind != ast::ExprKind::kLiteral || bin.right->kind != ast::ExprKind::kLiteral) {
      return false;
    }
    const auto& l = bin.left->As<ast::Literal>();
    const auto& r = bin.right->As<ast::Literal>();
    return l.literal == r.literal && l.literal != ast::LiteralKind::kNull && l.text == r.text;
  }
  return false;
}

class DmlWithoutWhere final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void CheckQuery(const QueryModel& query, const Catalog& /*catalog*/,
                  Reporter& out) const override {
    const ast::Statement* s = query.statement;
    if (!s) return;
    const char* verb = nullptr;
    bool always_true = false;  // a WHERE was written, but it restricts nothing
    if (s->kind == ast::StatementKind::kUpdate) {
      const auto& u = s->As<ast::UpdateStatement>();
      if ((u.where && !AlwaysTrue(u.where)) || u.limit || u.tables.size() != 1 ||
          u.tables[0]->kind != ast::TableRefKind::kTable) {
        return;
      }
      verb = "UPDATE";
      always_true = u.where != nullptr;
    } else if (s->kind == ast::StatementKind::kDelete) {
      const auto& d = s->As<ast::DeleteStatement>();
      if ((d.where && !AlwaysTrue(d.where)) || d.limit || !d.targets.empty() ||
          d.tables.size() != 1 || d.tables[0]->kind != ast::TableRefKind::kTable) {
        return;
      }
      verb = "DELETE";
      always_true = d.where != nullptr;
    } else {
      return;
    }
    const QueryBlock* main = query.Main();
    if (!main || main->tables.empty()) return;
    const TableUse& use = main->tables[0];
    Finding& f = out.Add(kInfo, parser::ast::Span{s->span.offset, 6},
                         fmt::format("{} {} {} every row of {}", verb,
                                     always_true ? "with a WHERE that is always true and no LIMIT"
                                                 : "without WHERE or LIMIT",
                                     verb[0] == 'U' ? "changes" : "removes", TableLabel(use)));
    SetTable(f, use);
    f.fix = verb[0] == 'U' ? std::string("add the WHERE clause that selects the rows to change")
                           : fmt::format(
                                 "add a WHERE clause; to empty the table on purpose: "
                                 "TRUNCATE TABLE {};",
                                 use.table ? QuoteTable(*use.table) : Quote(use.alias));
  }
};

}  // namespace

std::unique_ptr<Rule> MakeDmlWithoutWhere(const RuleOptions& /*options*/) {
  return std::make_unique<DmlWithoutWhere>();
}

}  // namespace qadvisor::rules
