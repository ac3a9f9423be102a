// missing-primary-key: an InnoDB table without a PRIMARY KEY.
#include <fmt/format.h>

#include "rules/common.h"
#include "rules/rule.h"

namespace qadvisor::rules {
namespace {

using namespace analyzer;  // NOLINT: rules read the analyzer's model

constexpr RuleInfo kInfo{.id = "missing-primary-key",
                         .severity = Severity::kWarning,
                         .scope = Scope::kSchema,
                         .summary = "an InnoDB table has no PRIMARY KEY",
                         .doc = R"md(
## What it does

Reports InnoDB tables (the default engine) defined without a `PRIMARY KEY` — also those
made by `CREATE TABLE … SELECT`, which copies columns but no keys.

## Why it matters

InnoDB stores rows in primary-key order. Without one it uses the first `UNIQUE` index whose
columns are all `NOT NULL`, or else a hidden 6-byte row id that no query can use, shared
through one global counter. Every secondary index points at that clustered key. Row-based
replication applies each `UPDATE`/`DELETE` of such a table with a scan on the replica, and
tools such as pt-online-schema-change and Group Replication require a primary key.

## Example

```sql
CREATE TABLE audit_log (created_at DATETIME, user_id INT, action VARCHAR(20));
```

## Fix

```sql
ALTER TABLE audit_log ADD COLUMN id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY FIRST;
```

## MySQL reference

- MySQL 8.0 Reference Manual, 17.6.2.1 "Clustered and Secondary Indexes"
- MySQL 8.0 Reference Manual, 15.1.20.11 "Generated Invisible Primary Keys"
)md",
                         .needs_catalog = true};

class MissingPrimaryKey final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void CheckSchema(const Catalog& catalog, Reporter& out) const override {
    for (const Table& table : catalog.tables()) {
      if (!table.engine.empty() && table.engine != "innodb") continue;
      // A table created by CREATE TABLE … SELECT has no modelled columns, and no primary key
      // either unless the statement declares one: it is reported like any other.
      if (table.PrimaryKey()) continue;
      const Index* clustered = nullptr;
      for (const Index& index : table.indexes) {
        if (index.kind != IndexKind::kUnique || clustered) continue;
        bool not_null = true;
        for (const KeyPart& part : index.parts) {
          const Column* c = table.FindColumn(part.column);
          not_null = not_null && c && !c->nullable && part.prefix_length == 0;
        }
        if (not_null) clustered = &index;
      }
      Finding& f = out.Add(
          kInfo, table.location,
          clustered ? fmt::format("`{}` has no PRIMARY KEY: InnoDB clusters it by unique index "
                                  "`{}` instead; declare it as the primary key",
                                  table.name, clustered->name)
                    : fmt::format("`{}` has no PRIMARY KEY: InnoDB clusters it by a hidden row "
                                  "id no query can use",
                                  table.name));
      f.table = table.name;
      if (clustered) {
        f.index = clustered->name;
        std::vector<std::string> cols;
        for (const KeyPart& part : clustered->parts) cols.push_back(part.column);
        f.fix = fmt::format("ALTER TABLE {} DROP INDEX {}, ADD PRIMARY KEY ({});",
                            QuoteTable(table), Quote(clustered->name), QuoteList(cols));
      } else {
        // A new column under a name the table does not have: adding an `id` it has fails with
        // error 1060. The columns of a table made by CREATE TABLE … AS SELECT are not known
        // (that SELECT often reads an `id`): not `id` there either.
        std::string name = table.columns.empty() ? "row_id" : "id";
        for (int n = 2; table.FindColumn(name) != nullptr; ++n) {
          name = n == 2 ? "row_id" : fmt::format("row_id{}", n);
        }
        f.fix = fmt::format(
            "ALTER TABLE {} ADD COLUMN {} BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY "
            "FIRST;",
            QuoteTable(table), Quote(name));
      }
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeMissingPrimaryKey(const RuleOptions& /*options*/) {
  return std::make_unique<MissingPrimaryKey>();
}

}  // namespace qadvisor::rules
