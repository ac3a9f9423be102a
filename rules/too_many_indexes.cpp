// too-many-indexes: a table carries more secondary indexes than the threshold.
#include <fmt/format.h>

#include "rules/common.h"
#include "rules/rule.h"

namespace qadvisor::rules {
namespace {

using namespace analyzer;  // NOLINT: rules read the analyzer's model

constexpr RuleInfo kInfo{.id = "too-many-indexes",
                         .severity = Severity::kInfo,
                         .scope = Scope::kSchema,
                         .summary = "a table has more secondary indexes than the threshold",
                         .doc = R"md(
## What it does

Counts the secondary indexes of each table (everything but the primary key) and reports
tables with more than `too-many-indexes.max` (default 8; set it in `.qadvisor.toml` under
`[options]`).

## Why it matters

Every index is maintained on every write: an `INSERT` into a table with twelve indexes
updates thirteen B-trees. Many indexes also crowd the buffer pool and give the optimizer more
plans to weigh (and get wrong). Often some are redundant (see `redundant-index`) or unused
(see `unused-index`), or several single-column indexes could be one composite index.

## Example

```sql
CREATE TABLE events (id BIGINT PRIMARY KEY, a INT, b INT, c INT, d INT, e INT, f INT, g INT,
                     h INT, i INT, KEY(a), KEY(b), KEY(c), KEY(d), KEY(e), KEY(f), KEY(g),
                     KEY(h), KEY(i));
```

## Fix

Drop redundant and unused indexes; merge single-column indexes the queries combine into one
composite index in the order the queries need.

## MySQL reference

- MySQL 8.0 Reference Manual, 10.3.1 "How MySQL Uses Indexes" ("unnecessary indexes waste
  space and waste time for MySQL to determine which indexes to use")
)md",
                         .needs_catalog = true};

class TooManyIndexes final : public Rule {
 public:
  explicit TooManyIndexes(const RuleOptions& options) : max_(options.Get(kInfo.id, "max", 8)) {}
  const RuleInfo& info() const override { return kInfo; }
  std::vector<std::pair<std::string, int64_t>> options() const override {
    return {{"too-many-indexes.max", max_}};
  }

  void CheckSchema(const Catalog& catalog, Reporter& out) const override {
    for (const Table& table : catalog.tables()) {
      int64_t secondary = 0;
      for (const Index& index : table.indexes) secondary += index.kind != IndexKind::kPrimary;
      if (secondary <= max_) continue;
      Finding& f = out.Add(kInfo, table.location,
                           fmt::format("`{}` has {} secondary indexes (more than {}): each one "
                                       "is written on every insert and delete",
                                       table.name, secondary, max_));
      f.table = table.name;
      f.fix = "drop redundant or unused indexes; merge single-column indexes into composite ones";
    }
  }

 private:
  int64_t max_;
};

}  // namespace

std::unique_ptr<Rule> MakeTooManyIndexes(const RuleOptions& options) {
  return std::make_unique<TooManyIndexes>(options);
}

}  // namespace qadvisor::rules
