// deep-offset: LIMIT with a large OFFSET reads and throws away the skipped rows.
#include <fmt/format.h>

#include "rules/common.h"
#include "rules/rule.h"

namespace qadvisor::rules {
namespace {

using namespace analyzer;  // NOLINT: rules read the analyzer's model

constexpr RuleInfo kInfo{.id = "deep-offset",
                         .severity = Severity::kWarning,
                         .scope = Scope::kQuery,
                         .summary = "a large LIMIT offset reads and discards every skipped row",
                         .doc = R"md(
## What it does

Reports `LIMIT offset, n` and `LIMIT n OFFSET offset` with a literal offset of at least
`deep-offset.max-offset` (default 10000; set it under `[options]` in `.qadvisor.toml`).

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
      Finding& f = out.Add(kInfo, block.limit_span,
                           fmt::format("OFFSET {} reads and discards {} rows before returning "
                                       "any",
                                       *block.offset, *block.offset));
      if (!block.tables.empty()) SetTable(f, block.tables[0]);
      f.fix =
          "paginate by key: WHERE (sort_col, id) < (last_sort_value, last_id) ORDER BY "
          "sort_col DESC, id DESC LIMIT n";
    }
  }

 private:
  int64_t max_offset_;
};

}  // namespace

std::unique_ptr<Rule> MakeDeepOffset(const RuleOptions& options) {
  return std::make_unique<DeepOffset>(options);
}

}  // namespace qadvisor::rules
