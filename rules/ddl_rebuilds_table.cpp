// ddl-rebuilds-table: an operation of a migration that the target server runs in place but by
// rebuilding the table (analyzer/online_ddl.tsv).
#include <fmt/format.h>

#include <algorithm>

#include "rules/common.h"
#include "rules/rule.h"

namespace qadvisor::rules {
namespace {

namespace ast = parser::ast;
using analyzer::Algorithm;

constexpr RuleInfo kInfo{.id = "ddl-rebuilds-table",
                         .severity = Severity::kWarning,
                         .scope = Scope::kDdl,
                         .summary =
                             "an ALTER the target server runs in place but by rebuilding "
                             "the table: online, yet as long as a copy",
                         .doc = R"md(
## What it does

Like `ddl-copies-table`, looks up how the target server runs each operation of the migrations
`check` reads, and reports those that run `ALGORITHM=INPLACE` but rebuild the table: adding a
primary key, making a column `NULL` or `NOT NULL`, reordering columns (MySQL), `ENGINE=InnoDB`
or `FORCE`, changing `ROW_FORMAT` or `KEY_BLOCK_SIZE`, the first `FULLTEXT` index, an `ADD
COLUMN` that cannot be `INSTANT` (it is combined, in one statement, with an operation that is
not; or the table has a `FULLTEXT` index). When the statement also holds an operation that
copies the table, `ddl-copies-table` reports it instead.

## Why it matters

Writes continue during an in-place rebuild (`LOCK=NONE`, except for a first `FULLTEXT` index),
but the server still reads and rewrites every row and every index: hours of I/O on a large
table, a temporary second copy on disk, a log of concurrent changes that must fit
`innodb_online_alter_log_max_size`, and on replicas the same work again afterwards, with
replication lagging behind it.

## Example

```sql
ALTER TABLE orders MODIFY note VARCHAR(200) NULL;   -- was NOT NULL: INPLACE, rebuilds
ALTER TABLE orders ADD COLUMN source VARCHAR(20), ADD INDEX idx_source (source);
```

## Fix

Keep instant operations in statements of their own (an `ADD COLUMN` alone is `INSTANT`; with an
`ADD INDEX` it rebuilds the table). For a real rebuild of a large table, schedule it, watch
replication lag, or run it with pt-online-schema-change or gh-ost.

## MySQL reference

- MySQL 8.0 Reference Manual, 17.12.1 "Online DDL Operations" (the "Rebuilds Table" column)
- MariaDB Knowledge Base, "InnoDB Online DDL Operations with the INPLACE Alter Algorithm"
)md"};

class DdlRebuildsTable final : public Rule {
 public:
  explicit DdlRebuildsTable(const RuleOptions& options) : target_(options.target()) {}
  const RuleInfo& info() const override { return kInfo; }

  void CheckDdl(const ast::Statement& st, const analyzer::Table* before,
                const analyzer::Catalog& after, Reporter& out) const override {
    if (before == nullptr) return;
    const analyzer::Table* now = after.FindTable(before->database, before->name);
    const std::vector<analyzer::DdlOperation> ops =
        analyzer::OperationsOf(st, before, now, target_);
    if (std::any_of(ops.begin(), ops.end(), [](const analyzer::DdlOperation& op) {
          return (op.ddl && op.ddl->algorithm == Algorithm::kCopy) || !op.refused.empty();
        })) {
      return;  // ddl-copies-table tells
    }
    for (const analyzer::DdlOperation& op : ops) {
      if (!op.ddl || op.ddl->algorithm == Algorithm::kCopy || !op.ddl->rebuilds) continue;
      std::string size;
      if (before->rows) size = fmt::format(" ({} rows)", *before->rows);
      const bool blocks = op.ddl->lock != analyzer::DdlLock::kNone;
      Finding& f = out.Add(
          kInfo, op.span,
          fmt::format("{} on {} runs with ALGORITHM={}, LOCK={} on {} but rebuilds the "
                      "table{}: every row and index is rewritten{}",
                      op.what, Quote(before->name), analyzer::AlgorithmName(op.ddl->algorithm),
                      analyzer::DdlLockName(op.ddl->lock), target_.Name(), size,
                      blocks ? ", and writes wait until it ends" : ""));
      f.table = before->name;
      if (op.alone && op.alone->algorithm == Algorithm::kInstant) {
        f.message += fmt::format(
            " (alone it is INSTANT; with the other operations of this "
            "statement it is not)");
        f.fix = "move it to an ALTER TABLE of its own, where it is INSTANT";
      } else {
        f.fix =
            "schedule it and watch replication lag, or use pt-online-schema-change or gh-ost "
            "on a large table";
      }
    }
  }

 private:
  analyzer::ServerTarget target_;
};

}  // namespace

std::unique_ptr<Rule> MakeDdlRebuildsTable(const RuleOptions& options) {
  return std::make_unique<DdlRebuildsTable>(options);
}

}  // namespace qadvisor::rules
