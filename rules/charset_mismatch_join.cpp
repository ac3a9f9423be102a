// charset-mismatch-join: a join compares string columns of different charsets or collations.
#include <fmt/format.h>

#include "rules/common.h"
#include "rules/rule.h"

namespace qadvisor::rules {
namespace {

using namespace analyzer;  // NOLINT: rules read the analyzer's model

constexpr RuleInfo kInfo{
    .id = "charset-mismatch-join",
    .severity = Severity::kError,
    .scope = Scope::kQuery,
    .summary =
        "a join compares string columns of different charsets or collations, so one "
        "side is converted and its index cannot be used for the join",
    .doc = R"md(
## What it does

Finds join conditions (`ON a.x = b.y`, `USING (x)`, or the same in `WHERE`, and a correlated
subquery's comparison with a column of the outer query) between two character columns whose
character sets differ (`utf8mb3` vs `utf8mb4`, `latin1` vs `utf8mb4`) or whose collations
differ (`utf8mb4_general_ci` vs `utf8mb4_unicode_ci`), when that makes a column's index
unusable for the lookup. Charsets and collations are resolved from the schema: column, then
table, then database, then server defaults.

It decides by direction. The converted column costs its index only when its table is the one
looked up; when that table is the one the join reads first (it has the stronger filter of its
own, or is the outer side of a `LEFT JOIN`), its values are converted once each to probe the
other table's index, which stays usable: MariaDB 10.11 shows `eq_ref` there and `ALL` with a
join buffer the other way round (tested live, both directions). So it stays silent then, when
only a correlated subquery's outer value is converted (once per execution), and for a `_ci`
column compared with a `_bin` column of the same charset on MariaDB, which still searches the
`_ci` index and rechecks each row. Two collations that cannot be mixed (error 1267) are
reported in either direction.

## Why it matters

To compare, MySQL converts the column of the narrower charset to the wider one, row by row.
An index on the converted column can no longer be searched, so the join that should be a
lookup per row (`ref`/`eq_ref`) becomes a scan with a join buffer — on 200 000 rows, 760 ms
instead of 0.33 ms in our measurements on MariaDB 10.11. Two columns of one charset with
different collations fail with error 1267 ("Illegal mix of collations") unless a `COLLATE`
is written, and then the converted side's index is unusable. A `_bin` collation wins over a
`_ci` one of the same charset without an error, and on MySQL the `_ci` column's index is then
unusable. MariaDB 10.11.6+ can use a `utf8mb3_general_ci` side's index against
`utf8mb4_general_ci` values again with `optimizer_switch='cset_narrowing=on'`.

## Example

```sql
CREATE TABLE customers (code VARCHAR(16) CHARACTER SET utf8mb4 PRIMARY KEY);
CREATE TABLE orders (id INT PRIMARY KEY, customer_code VARCHAR(16) CHARACTER SET utf8mb3,
                     KEY (customer_code));
SELECT o.id FROM customers c JOIN orders o ON o.customer_code = c.code;
```

## Fix

Give both columns the same charset and collation (usually `utf8mb4` and the table's
collation):

```sql
ALTER TABLE orders MODIFY customer_code VARCHAR(16) CHARACTER SET utf8mb4
  COLLATE utf8mb4_0900_ai_ci;
```

## MySQL reference

- MySQL 8.0 Reference Manual, 10.3.1 "How MySQL Uses Indexes": "Comparison of dissimilar
  columns (comparing a string column to a temporal or numeric column, for example) may prevent
  use of indexes if values cannot be compared directly without conversion."
- MySQL 8.0 Reference Manual, 10.8.4 "Collation Coercibility in Expressions"
- MariaDB Knowledge Base, "optimizer_switch": `cset_narrowing`
)md",
    .needs_catalog = true};

bool Converts(const Predicate& p) {
  return p.blocker == Blocker::kCharset || p.blocker == Blocker::kCollation;
}

// The second direction of join comparison `p` (the binder records both), or null: a correlated
// comparison has only the inner column's.
const Predicate* MirrorOf(const QueryBlock& block, const Predicate& p) {
  for (const Predicate& q : block.predicates) {
    if (q.mirror && q.span.offset == p.span.offset && q.span.length == p.span.length &&
        q.column.table == p.other.table && q.column.name == p.other.name) {
      return &q;
    }
  }
  return nullptr;
}

class CharsetMismatchJoin final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void CheckQuery(const QueryModel& query, const Catalog& catalog, Reporter& out) const override {
    for (const QueryBlock& block : query.blocks) {
      for (const Predicate& p : block.predicates) {
        if (p.mirror || !p.column.column || !p.other.column || !p.other.resolved()) continue;
        // A join, or a correlated subquery's comparison with a column of an outer block.
        if (p.value != ValueKind::kColumn && p.value != ValueKind::kOuterColumn) continue;
        const Column& a = *p.column.column;
        const Column& b = *p.other.column;
        if (!IsCharacter(a.family) || !IsCharacter(b.family)) continue;
        if (a.charset == b.charset && a.collation == b.collation) continue;
        const TableUse& ua = block.tables[p.column.table];
        const TableUse& ub = query.blocks[p.other.block].tables[p.other.table];
        // The side that is converted: the narrower charset, the collation that loses (both
        // sides on error 1267). Nothing is reported when neither side's index is lost: a
        // correlated subquery that converts only the outer value, or a _ci column compared
        // under _bin on MariaDB.
        const Predicate* mirror = p.value == ValueKind::kColumn ? MirrorOf(block, p) : nullptr;
        const bool a_converts = Converts(p);
        const bool b_converts = mirror && Converts(*mirror);
        if (!a_converts && !b_converts) continue;
        // One side converted, and its table is the one the join reads first: its values are
        // converted once each to probe the other table's index, which stays usable (MariaDB
        // 10.11: eq_ref, tests/data/explain/mariadb-10.11/06). Only a converted column that is
        // looked up loses its index. (Both sides converted is error 1267 in any order.)
        if (p.value == ValueKind::kColumn && a_converts != b_converts &&
            ReadFirst(block, a_converts ? p.column.table : p.other.table)) {
          continue;
        }
        const TableUse& conv_use = a_converts ? ua : ub;
        const Column& conv = a_converts ? a : b;
        const Column& keep = a_converts ? b : a;
        const Index* index = conv_use.table ? IndexOn(*conv_use.table, conv.name) : nullptr;
        const std::string index_note =
            index ? fmt::format("its index `{}` cannot be used for the join lookup", index->name)
                  : std::string("no index on it could serve the join lookup");
        std::string message;
        if (a.charset != b.charset) {
          message = fmt::format(
              "join compares `{}`.`{}` ({}) with `{}`.`{}` ({}): `{}`.`{}` is converted to {} "
              "for every row, so {}",
              ua.alias, a.name, a.charset, ub.alias, b.name, b.charset, conv_use.alias, conv.name,
              keep.charset, index_note);
          // Charset narrowing covers utf8mb3_general_ci keys compared with utf8mb4_general_ci
          // values (MariaDB Knowledge Base, "Charset Narrowing Optimization").
          if (catalog.options().flavor == Flavor::kMariaDB &&
              conv.collation == "utf8mb3_general_ci" && keep.collation == "utf8mb4_general_ci") {
            message += " (MariaDB 10.11.6+: optimizer_switch='cset_narrowing=on' lets it be used)";
          }
        } else if (a_converts && b_converts) {
          message = fmt::format(
              "join compares `{}`.`{}` ({}) with `{}`.`{}` ({}): different collations fail with "
              "error 1267 unless COLLATE is written, and then the converted side's index cannot "
              "be used",
              ua.alias, a.name, a.collation, ub.alias, b.name, b.collation);
        } else {
          const Predicate& converted = a_converts ? p : *mirror;
          message = fmt::format(
              "join compares `{}`.`{}` ({}) with `{}`.`{}` ({}) under {}: `{}`.`{}` is converted "
              "for every row, so {}",
              ua.alias, a.name, a.collation, ub.alias, b.name, b.collation, converted.collation,
              conv_use.alias, conv.name, index_note);
        }
        Finding& f = out.Add(kInfo, p.span, std::move(message));
        SetTable(f, conv_use);
        f.columns = {conv.name, keep.name};
        if (index) f.index = index->name;
        if (conv_use.table && conv.family == TypeFamily::kString) {
          f.fix = fmt::format("ALTER TABLE {} MODIFY {};", QuoteTable(*conv_use.table),
                              ColumnDefinition(conv, keep.charset, keep.collation));
        } else if (conv_use.table) {
          f.fix = fmt::format("ALTER TABLE {} CONVERT TO CHARACTER SET {} COLLATE {};",
                              QuoteTable(*conv_use.table), keep.charset, keep.collation);
        }
      }
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeCharsetMismatchJoin(const RuleOptions& /*options*/) {
  return std::make_unique<CharsetMismatchJoin>();
}

}  // namespace qadvisor::rules
