// deep-offset: LIMIT with a large OFFSET reads and throws away the skipped rows.
#include <fmt/format.h>

#include <charconv>
#include <optional>

#include "rules/common.h"
#include "rules/rule.h"

namespace qadvisor::rules {
namespace {

using namespace analyzer;  // NOLINT: rules read the analyzer's model
namespace ast = parser::ast;

constexpr RuleInfo kInfo{.id = "deep-offset",
                         .severity = Severity::kWarning,
                         .scope = Scope::kQuery,
                         .summary = "a large LIMIT offset reads and discards every skipped row",
                         .doc = R"md(
## What it does

Reports `LIMIT offset, n` and `LIMIT n OFFSET offset` with a literal offset of at least
`deep-offset.max-offset` (default 10000; set it under `[options]` in `.qadvisor.toml`), in
any query block and on a `UNION` as a whole.

## Why it matters

MySQL has no way to jump to the 100 000th row: it reads the first 100 000 rows (and, without
a covering index, looks each one up in the table) and throws them away. Deep pages get slower
page by page.

## Example

```sql
SELECT id, title FROM posts ORDER BY created_at DESC LIMIT 100000, 20;
```

## Fix

Keyset ("seek") pagination: remember the last row of the previous page and continue after it,
with an index on the sort columns:

```sql
SELECT id, title FROM posts
WHERE (created_at, id) < ('2024-05-01 10:00:00', 98765)
ORDER BY created_at DESC, id DESC LIMIT 20;
```

## MySQL reference

- MySQL 8.0 Reference Manual, 10.2.1.19 "LIMIT Query Optimization"
)md"};

// The LIMIT of a UNION (or of a parenthesised query) belongs to no query block of the model:
// read it from the statement.
const ast::Query* OuterQuery(const ast::Statement* s) {
  const ast::Query* q = nullptr;
  if (s && s->kind == ast::StatementKind::kSelect) q = s->As<ast::SelectStatement>().query;
  if (s && s->kind == ast::StatementKind::kInsert) q = s->As<ast::InsertStatement>().query;
  return q && q->term && !q->term->select ? q : nullptr;
}

std::optional<uint64_t> LiteralOffset(const ast::Expr* e) {
  if (!e || e->kind != ast::ExprKind::kLiteral) return std::nullopt;
  const auto& lit = e->As<ast::Literal>();
  uint64_t value = 0;
  const char* end = lit.text.data() + lit.text.size();
  if (lit.literal != ast::LiteralKind::kNumber) return std::nullopt;
  if (std::from_chars(lit.text.data(), end, value).ptr != end) return std::nullopt;
  return value;
}

class DeepOffset final : public Rule {
 public:
  explicit DeepOffset(const RuleOptions& options)
      : max_offset_(options.Get(kInfo.id, "max-offset", 10000)) {}
  const RuleInfo& info() const override { return kInfo; }
  std::vector<std::pair<std::string, int64_t>> options() const override {
    return {{"deep-offset.max-offset", max_offset_}};
  }

  void CheckQuery(const QueryModel& query, const Catalog& /*catalog*/,
                  Reporter& out) const override {
    for (const QueryBlock& block : query.blocks) {
      if (!block.offset || static_cast<int64_t>(*block.offset) < max_offset_) continue;
      Finding& f = Report(out, block.limit_span, *block.offset);
      if (!block.tables.empty()) SetTable(f, block.tables[0]);
    }
    if (const ast::Query* q = OuterQuery(query.statement)) {
      const std::optional<uint64_t> offset = LiteralOffset(q->offset);
      if (offset && static_cast<int64_t>(*offset) >= max_offset_) {
        Report(out, q->offset->span, *offset);
      }
    }
  }

 private:
  static Finding& Report(Reporter& out, Span span, uint64_t offset) {
    Finding& f = out.Add(
        kInfo, span,
        fmt::format("OFFSET {} reads and discards {} rows before returning any", offset, offset));
    f.fix =
        "paginate by key: WHERE (sort_col, id) > (last_sort_value, last_id) ORDER BY sort_col, "
        "id LIMIT n, from the last row of the previous page (< and DESC for a descending order)";
    return f;
  }

 private:
  int64_t max_offset_;
};

}  // namespace

std::unique_ptr<Rule> MakeDeepOffset(const RuleOptions& options) {
  return std::make_unique<DeepOffset>(options);
}

}  // namespace qadvisor::rules
