// not-null-without-default: ALTER TABLE … ADD COLUMN … NOT NULL with no DEFAULT, in a migration.
#include <fmt/format.h>

#include "rules/common.h"
#include "rules/rule.h"

namespace qadvisor::rules {
namespace {

namespace ast = parser::ast;

constexpr RuleInfo kInfo{.id = "not-null-without-default",
                         .severity = Severity::kError,
                         .scope = Scope::kDdl,
                         .summary =
                             "a column added NOT NULL without a DEFAULT breaks the inserts "
                             "of the application still running during the deploy",
                         .doc = R"md(
## What it does

In the migrations `check` reads (the SQL files it checks, not the `--schema` files), finds
`ALTER TABLE … ADD [COLUMN] col type NOT NULL` with no `DEFAULT`, on an existing table. A column
that is `AUTO_INCREMENT` or generated (`AS (…)`) fills itself and is left alone, and so is a
new table (`CREATE TABLE`): it has no rows and no code inserting into it yet.

## Why it matters

A deploy runs the migration before, or while, the new code replaces the old. The old code's
`INSERT`s do not name the new column. With strict mode (the default of MySQL 5.7+ and MariaDB
10.2.4+), a `NOT NULL` column with no default then fails them: error 1364, "Field 'col' doesn't
have a default value". Without strict mode they silently store the type's implicit default (0,
'', a zero date). The rows already there get that implicit default as well, which is rarely the
value the application means.

## Example

```sql
ALTER TABLE orders ADD COLUMN currency CHAR(3) NOT NULL;
```

## Fix

```sql
ALTER TABLE orders ADD COLUMN currency CHAR(3) NOT NULL DEFAULT 'EUR';
```

Or add it `NULL`, deploy the code that writes it, backfill the old rows, and only then `MODIFY`
it to `NOT NULL`.

## MySQL reference

- MySQL 8.0 Reference Manual, 13.6 "Data Type Default Values" (implicit defaults)
- MySQL 8.0 Reference Manual, 5.1.11 "Server SQL Modes" (strict mode, error 1364)
- MariaDB Knowledge Base, "SQL_MODE" (STRICT_TRANS_TABLES is the default since 10.2.4)
)md"};

class NotNullWithoutDefault final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void CheckDdl(const ast::Statement& st, const analyzer::Table* before,
                const analyzer::Catalog& /*after*/, Reporter& out) const override {
    if (st.kind != ast::StatementKind::kAlterTable || before == nullptr) return;
    for (const ast::AlterAction& a : st.As<ast::AlterTableStatement>().actions) {
      if (a.kind != ast::AlterKind::kAddColumn) continue;
      const ast::ColumnDef& c = a.column;
      if (c.nullability != ast::Nullability::kNotNull || c.default_value != nullptr ||
          c.auto_increment || c.generated != nullptr) {
        continue;
      }
      const std::string name = c.name.Value();
      Finding& f = out.Add(
          kInfo, c.span,
          fmt::format("column {} is added to {} NOT NULL without a DEFAULT: the INSERTs that do "
                      "not name it — the running application's, during the deploy — fail "
                      "(strict mode: error 1364), and the existing rows get the type's implicit "
                      "default",
                      Quote(name), Quote(before->name)));
      f.table = before->name;
      f.columns = {name};
      f.fix = fmt::format(
          "give it the default the application means (`ADD COLUMN {} … NOT NULL DEFAULT …`), "
          "or add it NULL, backfill, and make it NOT NULL once every writer sets it",
          Quote(name));
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeNotNullWithoutDefault(const RuleOptions& /*options*/) {
  return std::make_unique<NotNullWithoutDefault>();
}

}  // namespace qadvisor::rules
