// unused-index: with a workload given, an index no statement of it can use.
#include <fmt/format.h>

#include <algorithm>

#include "parser/keywords.h"
#include "rules/common.h"
#include "rules/rule.h"

namespace qadvisor::rules {
namespace {

using namespace analyzer;  // NOLINT: rules read the analyzer's model

constexpr RuleInfo kInfo{.id = "unused-index",
                         .severity = Severity::kInfo,
                         .scope = Scope::kWorkload,
                         .summary = "no statement of the workload can use this index",
                         .doc = R"md(
## What it does

When the input holds a workload (queries in SQL files, or a slow log), works out for every
statement which indexes it could use: to search (a usable leftmost prefix), to read in order
(`ORDER BY` / `GROUP BY`), or because an index hint names it. It then reports the secondary
indexes of the tables the workload touches that no statement can use.

Primary keys, unique indexes (they enforce a constraint) and indexes that back a foreign key
are never reported, nor tables the workload does not read or write.

Nor is an index a statement would search once a blocker another rule reports is removed: a
string column compared with a number or under another collation (`implicit-conversion`), a
join across charsets (`charset-mismatch-join`), a function on the column
(`function-on-column`). Those findings say how to make the index usable; dropping it would
undo their fix. A constant `ORDER BY` (`ORDER BY NULL`) asks for no order, so an index that
serves the `GROUP BY` still counts.

## Why it matters

An unused index still costs a write on every `INSERT` and `DELETE`, and on `UPDATE`s of its
columns, plus memory and disk. But a workload sample is only a sample: a nightly report may
be the one query that needs the index.

## Example

```sql
CREATE TABLE users (id INT PRIMARY KEY, email VARCHAR(100), nickname VARCHAR(40),
                    KEY idx_nickname (nickname));
SELECT id FROM users WHERE email = 'a@example.com';   -- the only query
```

## Fix

Check the index against a longer workload, make it invisible to test
(`ALTER TABLE users ALTER INDEX idx_nickname INVISIBLE` on MySQL 8.0, `IGNORED` on MariaDB),
then drop it:

```sql
ALTER TABLE users DROP INDEX idx_nickname;
```

## MySQL reference

- MySQL 8.0 Reference Manual, 10.3.12 "Invisible Indexes"
- `sys.schema_unused_indexes` (MySQL sys schema), from performance_schema since startup
)md",
                         .needs_catalog = true};

class UnusedIndex final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void CheckWorkload(const Catalog& catalog, const WorkloadUse& use, Reporter& out) const override {
    if (use.statements == 0) return;
    for (const Table& table : catalog.tables()) {
      const std::string qualified = WorkloadUse::TableKey(table);
      if (std::find(use.tables_queried.begin(), use.tables_queried.end(), qualified) ==
          use.tables_queried.end()) {
        continue;
      }
      for (const Index& index : table.indexes) {
        if (index.IsUnique() || index.foreign_key || !index.IsBtree()) continue;
        if (BacksForeignKey(table, index)) continue;
        const std::string key = WorkloadUse::IndexKey(table, index.name);
        if (std::find(use.used_indexes.begin(), use.used_indexes.end(), key) !=
            use.used_indexes.end()) {
          continue;
        }
        Finding& f = out.Add(kInfo, index.location,
                             fmt::format("no statement of the workload ({} statement{}) can use "
                                         "index `{}` {} on `{}`",
                                         use.statements, use.statements == 1 ? "" : "s", index.name,
                                         index.DescribeParts(), table.name));
        f.table = table.name;
        for (const KeyPart& part : index.parts) f.columns.push_back(part.column);
        f.index = index.name;
        f.fix = fmt::format("ALTER TABLE {} DROP INDEX {};  -- after checking a longer workload",
                            QuoteTable(table), Quote(index.name));
      }
    }
  }

 private:
  static bool BacksForeignKey(const Table& table, const Index& index) {
    for (const ForeignKey& fk : table.foreign_keys) {
      if (fk.columns.empty() || index.parts.size() < fk.columns.size()) continue;
      bool leads = true;
      for (size_t i = 0; i < fk.columns.size(); ++i) {
        leads = leads && parser::EqualsIgnoreCase(index.parts[i].column, fk.columns[i]);
      }
      if (leads) return true;
    }
    return false;
  }
};

}  // namespace

std::unique_ptr<Rule> MakeUnusedIndex(const RuleOptions& /*options*/) {
  return std::make_unique<UnusedIndex>();
}

}  // namespace qadvisor::rules
