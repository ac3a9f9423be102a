// schema-error: a DDL statement of a schema file or checked script that cannot apply to the
// schema built so far (the catalog reports it; the statement is skipped).
#include "rules/common.h"
#include "rules/rule.h"

namespace qadvisor::rules {
namespace {

constexpr RuleInfo kInfo{
    .id = "schema-error",
    .severity = Severity::kError,
    .scope = Scope::kScript,
    .summary =
        "a DDL statement cannot apply to the schema as built so far (unknown table or column, "
        "duplicate name, …), so the schema qadvisor checks against is not the one intended",
    .doc = R"md(
## What it does

Reports each `CREATE TABLE`, `ALTER TABLE`, `CREATE INDEX`, `DROP …`, `RENAME TABLE` or view
statement of a `--schema` file or a checked script that qadvisor read but could not apply to
the schema built from the statements before it: an index on a column the table does not have,
an `ALTER TABLE` or `CREATE INDEX` on a table that is not defined, a table or index created
twice, a column dropped that does not exist, an `AUTO_INCREMENT` column that is not the first
column of an index (`DROP PRIMARY KEY` on an auto-increment id), a prefix on a non-string column
or longer than the column, a `FULLTEXT` part that is not a character column, a column twice in
one key, a whole `TEXT` or `BLOB` column in a key (MySQL always; MariaDB in a primary key, as it
gives any other key a prefix and a unique one a hash), … The server refuses such a statement too.

A column's `DEFAULT` must be a value its type holds (error 1067 in every `sql_mode`): `NULL` on
a `NOT NULL` column (an `AUTO_INCREMENT` one excepted), a number out of the integer's or
`DECIMAL`'s range, a string that is no number for a numeric column, a string longer than a
`CHAR` / `VARCHAR` / `BINARY`, an `ENUM` or `SET` value that is not a member, a month, day or
hour that does not exist, a literal on an `AUTO_INCREMENT` column; on MySQL 8.0 any literal on
`TEXT`, `BLOB`, `JSON` or a geometry (error 1101: only an expression in parentheses). `ALTER
COLUMN … SET DEFAULT` is judged the same way. Expression defaults are not evaluated.

Foreign keys are guarded as the server guards them: a column a key uses (on either side) cannot
change what it stores — MySQL lets a string column grow, MariaDB not even that, and MariaDB
refuses whatever `foreign_key_checks` says; a column another table's key references cannot be
dropped; nor the parent's index the key needs, nor the parent table while a child table
references it. A key `ALTER TABLE … ADD FOREIGN KEY` adds must reference a table, columns and an
index on them that exist, with columns alike on both sides (integers of one size and sign,
strings of one character set and collation). `SET foreign_key_checks = 0` (as `mysqldump`
writes it, also inside `/*!40014 … */`) lets a missing parent, dropping the parent or its index
through for the rest of the file. (`CREATE TABLE` with a key to a table not yet created is
accepted: schema files often create a child before its parent.)

## Why it matters

The statement is skipped, so every other rule judges the queries against a schema that is not
the one the files describe: an index that was meant to exist is missing (or one that was meant
to go is still there), and a finding — or its absence — may be wrong. A migration that fails
on the server fails the deployment.

## Example

```sql
CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT NOT NULL);
CREATE INDEX idx_status ON orders (status);   -- orders has no column `status`
ALTER TABLE order_items ADD INDEX (sku);      -- order_items is not defined
```

## Fix

Correct the statement (the column or table name), or add the statement that defines what it
refers to before it. To change a foreign key's columns: drop the key, change the column on both
sides, add the key back (with `foreign_key_checks = 0` the server does not re-check the rows).
A schema dump taken with `mysqldump --no-data` or `mariadb-dump --no-data` applies without
errors; when several schema files are given, give them in the order they are applied. A `CREATE TABLE` of a table that `--dsn` already read from the server is not an error
(the server's table is kept, with a warning on standard error).

## MySQL reference

- MySQL error 1072 (ER_KEY_COLUMN_DOES_NOT_EXITS), 1146 (ER_NO_SUCH_TABLE), 1050
  (ER_TABLE_EXISTS_ERROR), 1061 (ER_DUP_KEYNAME), 1091 (ER_CANT_DROP_FIELD_OR_KEY), 1075
  (ER_WRONG_AUTO_KEY), 1089 (ER_WRONG_SUB_KEY), 1283 (ER_BAD_FT_COLUMN), 1060
  (ER_DUP_FIELDNAME)
- Foreign keys: 1005 errno 150 on MariaDB, 1824, 3734 and 1822 on MySQL for a key that cannot be
  added; 1832 and 1833 (ER_FK_COLUMN_CANNOT_CHANGE, …_CHILD), 3780
  (ER_FK_INCOMPATIBLE_COLUMNS), 1829 (ER_FK_COLUMN_CANNOT_DROP_CHILD), 1553 (ER_DROP_INDEX_FK),
  3730 (ER_FK_CANNOT_DROP_PARENT); MariaDB 1451 for the parent table, and MDEV-31086 (column
  changes refused whatever `foreign_key_checks` says, since 10.4.32, 10.5.23, 10.6.16, 10.11.6)
- MySQL 8.0 Reference Manual, 15.1.20.5 "FOREIGN KEY Constraints"
- MySQL 8.0 Reference Manual, 15.1.20 "CREATE TABLE Statement" and 15.1.9 "ALTER TABLE Statement"
)md"};

class SchemaError final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void CheckCatalogIssue(const analyzer::CatalogIssue& issue, Reporter& out) const override {
    if (issue.note) return;
    out.Add(kInfo, parser::ast::Span{}, issue.message);
  }
};

}  // namespace

std::unique_ptr<Rule> MakeSchemaError(const RuleOptions& /*options*/) {
  return std::make_unique<SchemaError>();
}

}  // namespace qadvisor::rules
