// redundant-index: an index is a duplicate or a leftmost prefix of another.
#include <fmt/format.h>

#include <algorithm>

#include "base/ascii.h"
#include "parser/keywords.h"
#include "rules/common.h"
#include "rules/rule.h"

namespace qadvisor::rules {
namespace {

using namespace analyzer;  // NOLINT: rules read the analyzer's model

constexpr RuleInfo kInfo{
    .id = "redundant-index",
    .severity = Severity::kWarning,
    .scope = Scope::kSchema,
    .summary = "an index duplicates another or is a leftmost prefix of another",
    .doc = R"md(
## What it does

Compares the indexes of each table, counting what InnoDB stores: every secondary index also
holds the primary-key columns, so `KEY (a)` and `KEY (a, id)` with `PRIMARY KEY (id)` are the
same index. It reports:

- a duplicate: two indexes with the same key parts (the later one is reported);
- a prefix: a non-unique index whose key parts are the leading parts of another index of the
  same kind — every lookup or sort it serves, the longer one serves too.

A unique index is never reported as a prefix of a longer one (it enforces uniqueness), and
the primary key is never reported. Key parts compare by column, prefix length and direction.

## Why it matters

Each index is written on every `INSERT`, on `DELETE`, and on every `UPDATE` of its columns,
takes buffer-pool memory and disk, and gives the optimizer one more plan to consider — for no
read benefit.

## Example

```sql
CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT, created_at DATETIME,
                     KEY idx_customer (customer_id),
                     KEY idx_customer_created (customer_id, created_at));
```

## Fix

```sql
ALTER TABLE orders DROP INDEX idx_customer;
```

Before dropping on a busy server, make the index invisible first (`ALTER TABLE … ALTER INDEX
idx_customer INVISIBLE` on MySQL 8.0, `… IGNORED` on MariaDB 10.6+) and watch.

## MySQL reference

- MySQL 8.0 Reference Manual, 17.6.2.1 "Clustered and Secondary Indexes"
- MySQL 8.0 Reference Manual, 10.3.12 "Invisible Indexes"; MariaDB: "Ignored Indexes"
)md",
    .needs_catalog = true};

bool SamePart(const KeyPart& a, const KeyPart& b) {
  return parser::EqualsIgnoreCase(a.column, b.column) && a.expression == b.expression &&
         a.prefix_length == b.prefix_length && a.descending == b.descending;
}

// Whether `a` is a leftmost prefix of (or equal to) `b`.
bool IsPrefix(const std::vector<KeyPart>& a, const std::vector<KeyPart>& b) {
  if (a.size() > b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (!SamePart(a[i], b[i])) return false;
  }
  return true;
}

// FULLTEXT indexes on the same columns are one index whatever their order: MATCH (a, b) and
// MATCH (b, a) name the same column set (pt-duplicate-key-checker treats them so too).
bool SameColumnSet(const Index& a, const Index& b) {
  if (a.parts.size() != b.parts.size()) return false;
  auto names = [](const Index& i) {
    std::vector<std::string> out;
    for (const KeyPart& p : i.parts) {
      out.push_back(base::LowerAscii(p.column));
    }
    std::sort(out.begin(), out.end());
    return out;
  };
  return names(a) == names(b);
}

class RedundantIndex final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void CheckSchema(const Catalog& catalog, Reporter& out) const override {
    for (const Table& table : catalog.tables()) {
      for (size_t i = 0; i < table.indexes.size(); ++i) {
        const Index& a = table.indexes[i];
        if (a.kind == IndexKind::kPrimary) continue;
        const std::vector<KeyPart> ea = table.ExtendedKey(a);
        for (size_t j = 0; j < table.indexes.size(); ++j) {
          if (i == j) continue;
          const Index& b = table.indexes[j];
          if (a.IsBtree() != b.IsBtree() || a.kind == IndexKind::kSpatial ||
              b.kind == IndexKind::kSpatial) {
            continue;
          }
          if (!a.IsBtree() && a.kind != b.kind) continue;
          const std::vector<KeyPart> eb = table.ExtendedKey(b);
          const bool same =
              a.IsBtree() ? ea.size() == eb.size() && IsPrefix(ea, eb) : SameColumnSet(a, b);
          std::string why;
          if (same) {
            // Report the later of two duplicates; a non-unique one before a unique one.
            if (a.IsUnique() && !b.IsUnique()) continue;
            if (a.IsUnique() == b.IsUnique() && j > i && b.kind != IndexKind::kPrimary) continue;
            why = fmt::format("duplicates `{}` {}", b.name, b.DescribeParts());
          } else if (!a.IsUnique() && a.IsBtree() && IsPrefix(a.parts, b.parts)) {
            why = fmt::format("is a leftmost prefix of `{}` {}", b.name, b.DescribeParts());
          } else {
            continue;
          }
          Finding& f = out.Add(kInfo, a.location,
                               fmt::format("index `{}` {} on `{}` {}: it serves no query the "
                                           "other does not",
                                           a.name, a.DescribeParts(), table.name, why));
          f.table = table.name;
          for (const KeyPart& part : a.parts) f.columns.push_back(part.column);
          f.index = a.name;
          f.fix = fmt::format("ALTER TABLE {} DROP INDEX {};", QuoteTable(table), Quote(a.name));
          break;
        }
      }
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeRedundantIndex(const RuleOptions& /*options*/) {
  return std::make_unique<RedundantIndex>();
}

}  // namespace qadvisor::rules
