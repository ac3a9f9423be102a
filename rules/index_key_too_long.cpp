// index-key-too-long: an index a migration creates whose key is over the storage engine's limit.
#include <fmt/format.h>

#include "parser/keywords.h"
#include "rules/common.h"
#include "rules/rule.h"

namespace qadvisor::rules {
namespace {

namespace ast = parser::ast;
using analyzer::Index;
using analyzer::Table;

constexpr RuleInfo kInfo{.id = "index-key-too-long",
                         .severity = Severity::kError,
                         .scope = Scope::kDdl,
                         .summary =
                             "an index whose key is longer than the storage engine allows: "
                             "the statement fails",
                         .doc = R"md(
## What it does

In the migrations `check` reads, adds up the bytes of each new B-tree index's key — every part
at its largest: a character column's length times the most bytes a character of its charset
takes (4 for `utf8mb4`, 3 for `utf8mb3`), or its prefix length; binary and numeric parts at
their size — for indexes created by `CREATE TABLE`, `ALTER TABLE … ADD INDEX` / `ADD UNIQUE` /
`ADD PRIMARY KEY` and `CREATE INDEX`, and compares it with the limit of the table's engine and
row format:

- InnoDB with `ROW_FORMAT=DYNAMIC` or `COMPRESSED` (the default since MySQL 5.7.9 and MariaDB
  10.2.2): 3072 bytes for the key, and for each part;
- InnoDB with `ROW_FORMAT=COMPACT` or `REDUNDANT`: 767 bytes for each part, 3072 for the key;
- MyISAM and Aria: 1000 bytes.

## Why it matters

On MySQL the statement fails: error 1071, "Specified key was too long; max key length is 3072
bytes" (or 767, 1000). MariaDB (checked on 10.11) fails a part over 767 bytes in `COMPACT` /
`REDUNDANT` (error 1709), and a primary key or a key of several columns over the limit (1071),
but otherwise does something else than asked, with at most a warning: a `UNIQUE` key over the
limit becomes a hash (`USING HASH`), which enforces uniqueness but serves no range, order or
covering read; a key of one column is shortened to the prefix that fits (`KEY (url)` becomes
`KEY (url(768))`). A migration that worked with `latin1` or `utf8mb3` columns goes over once
they are `utf8mb4`: `VARCHAR(255)` is 1020 bytes in utf8mb4, over 767.

## Example

```sql
CREATE TABLE pages (id INT PRIMARY KEY, url VARCHAR(1024) NOT NULL,
  UNIQUE KEY uk_url (url)) DEFAULT CHARSET=utf8mb4;   -- 4096 bytes
```

## Fix

Index a prefix (`KEY idx_url (url(191))`: not for a `UNIQUE` key, whose uniqueness it would
change), or a shorter column, or a hash of it in a generated column (`url_hash BINARY(32) AS
(UNHEX(SHA2(url, 256))) STORED, UNIQUE KEY (url_hash)`); for the 767-byte limit, `ROW_FORMAT=DYNAMIC`.

## MySQL reference

- MySQL 8.0 Reference Manual, 17.22 "InnoDB Limits" (index key prefix and key length)
- MySQL 8.0 Reference Manual, 18.2 "The MyISAM Storage Engine" (1000-byte keys)
- MariaDB Knowledge Base, "InnoDB Limitations"
)md"};

class IndexKeyTooLong final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void CheckDdl(const ast::Statement& st, const Table* before, const analyzer::Catalog& after,
                Reporter& out) const override {
    const ast::Name* name = nullptr;
    if (st.kind == ast::StatementKind::kCreateTable) {
      name = &st.As<ast::CreateTableStatement>().table;
    } else if (st.kind == ast::StatementKind::kAlterTable) {
      name = &st.As<ast::AlterTableStatement>().table;
    } else if (st.kind == ast::StatementKind::kCreateIndex) {
      name = &st.As<ast::CreateIndexStatement>().table;
    } else {
      return;
    }
    const Table* table = TableNamed(after, *name);
    if (table == nullptr || table->engine == "memory") return;
    const analyzer::KeyLimit limit = analyzer::KeyLimitOf(*table);
    for (const Index& index : table->indexes) {
      if (!index.IsBtree() && !index.hash) continue;  // a hash is what MariaDB made of it
      if (before != nullptr && before->FindIndex(index.name) != nullptr) continue;  // not new
      uint32_t total = 0;
      uint32_t widest = 0;
      std::string widest_part;
      for (const analyzer::KeyPart& part : index.parts) {
        const analyzer::Column* c = part.column.empty() ? nullptr : table->FindColumn(part.column);
        if (c == nullptr) continue;
        const uint32_t bytes = c->KeyBytes(part.prefix_length);
        total += bytes;
        if (bytes > widest) {
          widest = bytes;
          widest_part = c->name;
        }
      }
      std::string why;
      if (widest > limit.part && limit.part < limit.key) {
        why =
            fmt::format("its part {} takes up to {} bytes, over the {} bytes a part may take in {}",
                        Quote(widest_part), widest, limit.part, limit.what);
      } else if (total > limit.key) {
        why = fmt::format("its key takes up to {} bytes, over the {} bytes of {}", total, limit.key,
                          limit.what);
      } else {
        continue;
      }
      // MySQL refuses the statement. MariaDB refuses a part over 767 bytes in COMPACT
      // (error 1709), and a primary key or a key of several parts over the limit (1071), but
      // makes a unique key over it a hash (USING HASH: no ranges, no order, no covering) and
      // shortens a one-part key to the prefix that fits, with a warning.
      const bool mariadb = after.options().flavor == analyzer::Flavor::kMariaDB;
      std::string outcome = "the statement fails (error 1071)";
      if (mariadb && limit.part < limit.key && widest > limit.part) {
        outcome = "the statement fails (error 1709)";
      } else if (mariadb && index.kind == analyzer::IndexKind::kPrimary) {
        outcome = "the statement fails (error 1071)";
      } else if (mariadb && index.kind == analyzer::IndexKind::kUnique) {
        outcome =
            "MariaDB makes it a hash (USING HASH), which no range, order or covering read "
            "can use; MySQL refuses it (error 1071)";
      } else if (mariadb && index.parts.size() == 1) {
        outcome =
            "MariaDB shortens it to the prefix that fits, with only a warning (no covering, "
            "no full order); MySQL refuses it (error 1071)";
      }
      Finding& f = out.Add(kInfo, st.span,
                           fmt::format("index {} on {} is over the key limit: {}; {}",
                                       Quote(index.name), Quote(table->name), why, outcome));
      f.table = table->name;
      f.index = index.name;
      for (const analyzer::KeyPart& part : index.parts) f.columns.push_back(part.column);
      f.fix = index.kind == analyzer::IndexKind::kKey
                  ? fmt::format(
                        "index a prefix of {} (a few hundred characters tell most values "
                        "apart), or a shorter or hashed column",
                        Quote(widest_part))
                  : fmt::format(
                        "a unique key cannot be a prefix without changing what it keeps "
                        "unique: make {} shorter, or key a hash of it (a generated "
                        "BINARY(32) column of UNHEX(SHA2(…, 256)))",
                        Quote(widest_part));
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeIndexKeyTooLong(const RuleOptions& /*options*/) {
  return std::make_unique<IndexKeyTooLong>();
}

}  // namespace qadvisor::rules
