// ddl-copies-table: an operation of a migration that the target server runs with
// ALGORITHM=COPY (analyzer/online_ddl.tsv).
#include <fmt/format.h>

#include "rules/common.h"
#include "rules/rule.h"

namespace qadvisor::rules {
namespace {

namespace ast = parser::ast;
using analyzer::Algorithm;

constexpr RuleInfo kInfo{.id = "ddl-copies-table",
                         .severity = Severity::kWarning,
                         .scope = Scope::kDdl,
                         .summary =
                             "an ALTER the target server runs with ALGORITHM=COPY: the "
                             "table is copied and concurrent writes wait until it ends",
                         .doc = R"md(
## What it does

For every operation of every `ALTER TABLE`, `CREATE INDEX` and `DROP INDEX` in the migrations
`check` reads (in order, on the schema built so far), looks up how the target server runs it
(`--target`, else the `--dsn` server's version, else `mysql-8.0`) in qadvisor's online-DDL
table, and reports the operations that run with `ALGORITHM=COPY`: changing a column's type,
shrinking a column, dropping the primary key without adding another, adding a `STORED`
generated column or a `CHECK` constraint, adding a foreign key while `foreign_key_checks` is on,
changing the storage engine, converting the table to another character set; and on MySQL, also
growing a `VARCHAR` past 255 bytes. A statement that asks for less (`ALGORITHM=INPLACE`,
`ALGORITHM=INSTANT`, `LOCK=NONE`, MariaDB's `ALTER ONLINE TABLE`) than such an operation needs is
refused by the server (error 1846): that is reported too, as an error, since the migration then
fails. The message names the algorithm and the lock and, when
statistics (`--stats` or `--dsn`) give them, the table's rows and size. It is an error when
statistics show the table is large (`ddl-copies-table.large-rows`, 1 000 000 rows, or
`ddl-copies-table.large-mb`, 1024 MiB, by default), else a warning. `check`'s report lists the algorithm and lock of every operation, copying or not.

## Why it matters

`ALGORITHM=COPY` builds a new copy of the table row by row and swaps it in. Reads continue, but
every `INSERT`, `UPDATE` and `DELETE` on the table waits (`LOCK=SHARED` at best) for the whole
copy: minutes to hours on a large table, an outage for the application. It also needs room for
a second copy of the table and, on a replica, runs again after the primary finished.

## Example

```sql
ALTER TABLE orders MODIFY total DECIMAL(14,2) NOT NULL;   -- was DECIMAL(12,2): COPY
ALTER TABLE orders DROP PRIMARY KEY;                      -- COPY
```

## Fix

The online route, when one exists: drop and add the primary key in one statement (`INPLACE`);
add a generated column `VIRTUAL` (`INSTANT`); add a foreign key after `SET foreign_key_checks =
0` (`INPLACE`, but existing rows are not checked). Otherwise run the change with an online
schema-change tool — pt-online-schema-change or gh-ost copy the table in the background while
writes continue, and swap it in with a brief lock — or in a maintenance window.

## MySQL reference

- MySQL 8.0 Reference Manual, 17.12.1 "Online DDL Operations"
- MySQL 8.0 Reference Manual, 17.12.2 "Online DDL Performance and Concurrency" (the LOCK clause)
- MariaDB Knowledge Base, "InnoDB Online DDL Overview" and "InnoDB Online DDL Operations with
  the INPLACE / NOCOPY / INSTANT Alter Algorithm"
)md"};

// "812 MiB", "3.4 GiB".
std::string HumanBytes(uint64_t bytes) {
  constexpr std::string_view kUnits[] = {"bytes", "KiB", "MiB", "GiB", "TiB"};
  double v = static_cast<double>(bytes);
  size_t unit = 0;
  while (v >= 1024 && unit + 1 < std::size(kUnits)) {
    v /= 1024;
    ++unit;
  }
  if (unit == 0) return fmt::format("{} bytes", bytes);
  return v < 10 ? fmt::format("{:.1f} {}", v, kUnits[unit])
                : fmt::format("{:.0f} {}", v, kUnits[unit]);
}

// The online form of an operation that copies, where there is one.
std::string OnlineRoute(std::string_view operation) {
  if (operation == "drop-primary-key") {
    return "drop and add the primary key in one ALTER TABLE (ALGORITHM=INPLACE, LOCK=NONE)";
  }
  if (operation == "add-stored-column") {
    return "add the generated column VIRTUAL instead of STORED (ALGORITHM=INSTANT)";
  }
  if (operation == "add-foreign-key") {
    return "SET foreign_key_checks = 0 before the ALTER makes it ALGORITHM=INPLACE, LOCK=NONE "
           "(the rows already there are then not checked: check them with a query first)";
  }
  return "";
}

class DdlCopiesTable final : public Rule {
 public:
  explicit DdlCopiesTable(const RuleOptions& options)
      : target_(options.target()),
        large_rows_(options.Get(kInfo.id, "large-rows", 1000000)),
        large_mb_(options.Get(kInfo.id, "large-mb", 1024)) {}
  const RuleInfo& info() const override { return kInfo; }
  std::vector<std::pair<std::string, int64_t>> options() const override {
    return {{std::string(kInfo.id) + ".large-rows", large_rows_},
            {std::string(kInfo.id) + ".large-mb", large_mb_}};
  }

  void CheckDdl(const ast::Statement& st, const analyzer::Table* before,
                const analyzer::Catalog& after, Reporter& out) const override {
    if (before == nullptr) return;
    const analyzer::Table* now = after.FindTable(before->database, before->name);
    for (const analyzer::DdlOperation& op : analyzer::OperationsOf(st, before, now, target_)) {
      if (!op.refused.empty()) {
        // The statement guards against a copy, and the server refuses it: the migration fails.
        Finding& f = out.Add(kInfo, op.span,
                             fmt::format("{} on {}: the ALTER fails ({})", op.what,
                                         Quote(before->name), op.refused));
        f.severity = Severity::kError;
        f.table = before->name;
        f.fix =
            "leave the operation out of this statement, or run it with pt-online-schema-change "
            "or gh-ost (without the clause it would block writes while the table is copied)";
        continue;
      }
      if (!op.ddl || op.ddl->algorithm != Algorithm::kCopy) continue;
      const bool large =
          (before->rows && *before->rows >= static_cast<uint64_t>(large_rows_)) ||
          (before->bytes && *before->bytes >= static_cast<uint64_t>(large_mb_) * 1024 * 1024);
      std::string size;
      if (before->rows || before->bytes) {
        size = fmt::format("; {} has {}", Quote(before->name),
                           before->rows ? fmt::format("{} rows", *before->rows) : "");
        if (before->bytes) {
          size += fmt::format("{}{}", before->rows ? ", " : "", HumanBytes(*before->bytes));
        }
      }
      Finding& f = out.Add(
          kInfo, op.span,
          fmt::format("{} on {} runs with ALGORITHM=COPY on {} (LOCK={}): the table is copied "
                      "row by row and writes to it wait until the copy ends{}",
                      op.what, Quote(before->name), target_.Name(),
                      analyzer::DdlLockName(op.ddl->lock), size));
      if (large) f.severity = Severity::kError;
      f.table = before->name;
      const std::string route = OnlineRoute(op.operation);
      f.fix = route.empty()
                  ? "no online form exists: run it with pt-online-schema-change or gh-ost, which "
                    "copy the table while writes continue, or in a maintenance window"
                  : route + "; or run it with pt-online-schema-change or gh-ost";
    }
  }

 private:
  analyzer::ServerTarget target_;
  int64_t large_rows_;
  int64_t large_mb_;
};

}  // namespace

std::unique_ptr<Rule> MakeDdlCopiesTable(const RuleOptions& options) {
  return std::make_unique<DdlCopiesTable>(options);
}

}  // namespace qadvisor::rules
