// drop-in-use: a migration drops a table, column or index the application uses.
#include <fmt/format.h>

#include "rules/common.h"
#include "rules/rule.h"
#include "rules/schema_use.h"

namespace qadvisor::rules {
namespace {

constexpr RuleInfo kInfo{.id = "drop-in-use",
                         .severity = Severity::kError,
                         .scope = Scope::kDdl,
                         .summary =
                             "a migration drops a table, column or index that statements of "
                             "the application use",
                         .doc = R"md(
## What it does

In the migrations `check` reads, reports a `DROP TABLE`, an `ALTER TABLE … DROP COLUMN`, an
`ALTER TABLE … DROP INDEX` or a `DROP INDEX … ON` of something the application uses as it runs
before the deploy. The application is:

- the workload: `--workload FILE` (a slow log, or SQL) and the slow logs given as inputs, each
  query class named by its id and call count;
- the checked SQL files that are not migrations (no `CREATE`, `ALTER`, `DROP` or `RENAME` in
  them): application code;
- the statements written above the `DROP` in the checked migrations.

A statement written after the migration is the new application: it is not counted. The
statements are bound to the schema as it is just before the `DROP`, so they name the old
tables and columns as the running application does.

A statement uses a table it reads or writes (through a view too); a column it names anywhere
(select list, `WHERE`, `JOIN`, `GROUP BY`, `ORDER BY`, `SET`, an `INSERT` column list) —
`SELECT *` names none, but an `INSERT` without a column list fills every column; an index it
names in a `USE INDEX` / `FORCE INDEX` hint, or could search or read in order (as
`unused-index` counts it), unless it could use another index of the table the migration
keeps.

Severity: **error** for a table or column, and for an index named in a hint: the statements
fail once the migration has run (errors 1146 "Table doesn't exist", 1054 "Unknown column",
1136 "Column count doesn't match", 1176 "Key doesn't exist"). **warning** for an index a
statement only searches: it still runs, but reads the whole table.

Not reported: what does not exist (`DROP TABLE IF EXISTS` of nothing), the primary key, a
column or index the same `ALTER` adds again (a redefinition), a temporary table.

## Why it matters

Migrations run before (or while) the new application is deployed: the old one keeps sending
its queries for minutes or hours. A column it still selects is an outage, not a warning; an
index it still searches turns a lookup into a scan under production load.

## Example

```sql
-- app/queries.sql:  SELECT id FROM users WHERE email = ?;
ALTER TABLE users DROP COLUMN email;
```

## Fix

Contract last: deploy the application that no longer uses the column (or table, or index)
first, and drop it in a later release, once the workload shows no query uses it. For an
index, check the plan of the queries that use it with the index made invisible first
(`ALTER TABLE … ALTER INDEX … INVISIBLE` on MySQL 8.0, `IGNORED` on MariaDB 10.6+).

## MySQL reference

- MySQL 8.0 Reference Manual, 15.1.9 "ALTER TABLE Statement", 15.1.32 "DROP TABLE Statement"
- MySQL 8.0 Reference Manual, 10.9.4 "Index Hints" (a hint naming a missing index is an error)
- MySQL 8.0 Reference Manual, 10.3.12 "Invisible Indexes"
)md",
                         .needs_catalog = true};

class DropInUse final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void CheckChanges(const std::vector<SchemaChange>& changes, const SchemaUse& use,
                    Reporter& out) const override {
    for (const SchemaChange& c : changes) {
      const analyzer::Table& table = *c.table;
      switch (c.kind) {
        case ChangeKind::kDropTable:
          if (const auto* sites = use.Table(table)) {
            Finding& f = Report(
                out, c,
                fmt::format("DROP TABLE {} breaks {} it ({}): error 1146 (table "
                            "doesn't exist) once it runs",
                            QuoteTable(table), That(*sites, "uses", "use"), DescribeSites(*sites)));
            f.fix =
                "deploy the application that no longer uses the table first; drop it in a "
                "later release, once the workload shows no query of it (or rename it away "
                "and keep it for a while)";
          }
          break;
        case ChangeKind::kDropColumn: {
          const auto* named = use.Column(table, c.name);
          const auto* all = use.AllColumns(table);
          if (named == nullptr && all == nullptr) break;
          std::string what;
          if (named != nullptr) {
            what = fmt::format("{} it ({}): error 1054 (unknown column)",
                               That(*named, "names", "name"), DescribeSites(*named));
          }
          if (all != nullptr) {
            what += fmt::format(
                "{}{} without a column list ({}): error 1136 (column count doesn't match)",
                what.empty() ? "" : "; and ",
                all->size() == 1 ? "1 INSERT" : fmt::format("{} INSERTs", all->size()),
                DescribeSites(*all));
          }
          Finding& f = Report(out, c,
                              fmt::format("DROP COLUMN {}.{} breaks {} once it runs",
                                          QuoteTable(table), Quote(c.name), what));
          f.columns = {c.name};
          f.fix = fmt::format(
              "expand/contract: deploy the application that no longer reads or writes {} first "
              "(INSERTs with a column list), and drop the column in a later release",
              Quote(c.name));
          break;
        }
        case ChangeKind::kDropIndex: {
          if (const auto* hinted = use.Hint(table, c.name)) {
            Finding& f = Report(
                out, c,
                fmt::format("DROP INDEX {} on {} breaks {} it in an index hint ({}): error 1176 "
                            "(key doesn't exist) once it runs",
                            Quote(c.name), QuoteTable(table), That(*hinted, "names", "name"),
                            DescribeSites(*hinted)));
            f.index = c.name;
            f.fix =
                "remove the USE / FORCE INDEX hint from the application first, then drop "
                "the index in a later release";
            break;
          }
          const auto* searched = use.Index(table, c.name);
          if (searched == nullptr) break;
          std::vector<std::string> slowed;
          for (const std::string& site : *searched) {
            if (!use.UsesOtherIndex(site, table, c.dropped_indexes)) slowed.push_back(site);
          }
          if (slowed.empty()) break;
          Finding& f = Report(
              out, c,
              fmt::format("DROP INDEX {} on {} leaves {} by it or in its order ({}) with no other "
                          "index of the table: a full table scan instead",
                          Quote(c.name), QuoteTable(table), That(slowed, "searches", "search"),
                          DescribeSites(slowed)));
          f.severity = Severity::kWarning;
          f.index = c.name;
          f.fix = fmt::format(
              "keep the index, or make it invisible first (ALTER TABLE {} ALTER INDEX {} "
              "INVISIBLE; IGNORED on MariaDB) and drop it once the workload shows the queries "
              "are as fast without it",
              QuoteTable(table), Quote(c.name));
          break;
        }
        default:
          break;
      }
    }
  }

 private:
  // "1 statement that names", "3 statements that name"
  static std::string That(const std::vector<std::string>& sites, std::string_view one,
                          std::string_view many) {
    return sites.size() == 1 ? fmt::format("1 statement that {}", one)
                             : fmt::format("{} statements that {}", sites.size(), many);
  }
  static Finding& Report(Reporter& out, const SchemaChange& c, std::string message) {
    Finding& f = out.Add(kInfo, c.span, std::move(message));
    f.table = c.table->name;
    return f;
  }
};

}  // namespace

std::unique_ptr<Rule> MakeDropInUse(const RuleOptions& /*options*/) {
  return std::make_unique<DropInUse>();
}

}  // namespace qadvisor::rules
