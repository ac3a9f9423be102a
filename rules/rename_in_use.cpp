// rename-in-use: a migration renames a table, column or index the application uses by name.
#include <fmt/format.h>

#include "rules/common.h"
#include "rules/rule.h"
#include "rules/schema_use.h"

namespace qadvisor::rules {
namespace {

constexpr RuleInfo kInfo{.id = "rename-in-use",
                         .severity = Severity::kError,
                         .scope = Scope::kDdl,
                         .summary =
                             "a migration renames a table, column or index that statements "
                             "of the application use by its old name",
                         .doc = R"md(
## What it does

In the migrations `check` reads, reports an `ALTER TABLE … RENAME COLUMN old TO new`, a
`CHANGE old new …`, an `ALTER TABLE … RENAME TO`, a `RENAME TABLE old TO new` or an `ALTER
TABLE … RENAME INDEX old TO new` of a name the application uses as it runs before the deploy:
the workload (`--workload FILE`, the slow logs given as inputs), the checked SQL files that are
not migrations, and the statements written above the rename in the checked migrations. A
statement written after the migration is the new application, using the new name: it is not
counted, and neither is a statement that already uses the new name.

A table is used when a statement reads or writes it, a column when a statement names it
(select list, conditions, `GROUP BY`, `ORDER BY`, `SET`, an `INSERT` column list), an index when
a `USE INDEX` / `FORCE INDEX` hint names it (a rename does not change what the optimizer can
search). `RENAME TABLE a TO tmp, b TO a` — the table swap of pt-online-schema-change and
gh-ost — leaves the name `a` in place and is not reported.

## Why it matters

A rename is instant, and so is the outage: from the moment the migration has run until the new
application is deployed everywhere, every statement of the old one that names the old table or
column fails (errors 1146 "Table doesn't exist", 1054 "Unknown column", 1176 "Key doesn't
exist"). A rollback of the application then fails too.

## Example

```sql
-- app/queries.sql:  SELECT id FROM users WHERE email = ?;
ALTER TABLE users RENAME COLUMN email TO email_address;
```

## Fix

Expand and contract, over several releases: add the new column, write both, backfill the new
one from the old, switch the reads to the new one, and drop the old column once no query uses
it (`drop-in-use` checks that step). For a table, rename it and create a view with the old name
in the same migration (`CREATE VIEW old AS SELECT * FROM new`: a single-table view is
updatable), and drop the view once the application uses the new name. For an index named in a
hint, remove the hint first.

## MySQL reference

- MySQL 8.0 Reference Manual, 15.1.9 "ALTER TABLE Statement" (RENAME COLUMN, CHANGE, RENAME
  INDEX), 15.1.36 "RENAME TABLE Statement"
- MySQL 8.0 Reference Manual, 25.5.3 "Updatable and Insertable Views"
)md",
                         .needs_catalog = true};

class RenameInUse final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void CheckChanges(const std::vector<SchemaChange>& changes, const SchemaUse& use,
                    Reporter& out) const override {
    for (const SchemaChange& c : changes) {
      const analyzer::Table& table = *c.table;
      const std::vector<std::string>* sites = nullptr;
      std::string what, error, fix;
      switch (c.kind) {
        case ChangeKind::kRenameTable:
          sites = use.Table(table);
          what = fmt::format("renaming table {} to {}", QuoteTable(table), Quote(c.new_name));
          error = "1146 (table doesn't exist)";
          fix = fmt::format(
              "keep the old name working until the application uses the new one: in the same "
              "migration, CREATE VIEW {} AS SELECT * FROM {}; and drop the view in a later "
              "release",
              QuoteTable(table), Quote(c.new_name));
          break;
        case ChangeKind::kRenameColumn:
          sites = use.Column(table, c.name);
          what = fmt::format("renaming column {}.{} to {}", QuoteTable(table), Quote(c.name),
                             Quote(c.new_name));
          error = "1054 (unknown column)";
          fix = fmt::format(
              "expand/contract: add {1} next to {0}, write both, backfill {1} from {0}, switch "
              "the reads to {1}, and drop {0} in a later release",
              Quote(c.name), Quote(c.new_name));
          break;
        case ChangeKind::kRenameIndex:
          sites = use.Hint(table, c.name);
          what = fmt::format("renaming index {} of {} to {}", Quote(c.name), QuoteTable(table),
                             Quote(c.new_name));
          error = "1176 (key doesn't exist)";
          fix =
              "remove the index hint from the application (or let it name the new index) "
              "before renaming the index";
          break;
        default:
          continue;
      }
      if (sites == nullptr) continue;
      Finding& f =
          out.Add(kInfo, c.span,
                  fmt::format("{} breaks {} of the running application that {} the old name ({}): "
                              "error {} until the new application is deployed",
                              what,
                              sites->size() == 1 ? "1 statement"
                                                 : fmt::format("{} statements", sites->size()),
                              sites->size() == 1 ? "uses" : "use", DescribeSites(*sites), error));
      f.table = table.name;
      if (c.kind == ChangeKind::kRenameColumn) f.columns = {c.name};
      if (c.kind == ChangeKind::kRenameIndex) f.index = c.name;
      f.fix = std::move(fix);
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeRenameInUse(const RuleOptions& /*options*/) {
  return std::make_unique<RenameInUse>();
}

}  // namespace qadvisor::rules
