// implicit-conversion: a string column compared with a number (or under another collation).
#include <fmt/format.h>

#include "rules/common.h"
#include "rules/rule.h"

namespace qadvisor::rules {
namespace {

using namespace analyzer;  // NOLINT: rules read the analyzer's model

constexpr RuleInfo kInfo{
    .id = "implicit-conversion",
    .severity = Severity::kError,
    .scope = Scope::kQuery,
    .summary =
        "a string column compared with a number, or under another collation, is "
        "converted row by row and its index cannot be searched",
    .doc = R"md(
## What it does

Finds comparisons where MySQL has to convert the *column* rather than the value:

- a `CHAR` / `VARCHAR` / `TEXT` / `BINARY` column compared with a number — a numeric literal,
  a numeric column of another table, or arithmetic;
- a character column compared under a `COLLATE` clause naming a collation other than its own
  — except, on MariaDB, an equality (`=`, `<=>`, `IN`, a join) under the binary collation of the
  column's character set written on the other side (`code = '1000' COLLATE utf8mb4_bin`):
  MariaDB still searches the index and rechecks each row (`ref`, measured on 10.11), where
  MySQL 8.0 does not. A range (`>`, `LIKE`, `BETWEEN`) under it is reported on both.

A numeric column compared with a quoted number (`id = '42'`) is fine and is not reported: the
string literal is converted once. In a join it decides by direction: when the string column's
table is the one the join reads first, each of its values is converted once to probe the
other table's numeric index (`eq_ref` on MariaDB 10.11, tested live); only a string column
that is looked up loses its index.

## Why it matters

When one side is a string and the other a number, MySQL compares both as floating-point
numbers. Every row's value is converted, so the index on the string column cannot be
searched: the query reads every row. It can also return wrong rows: `'12abc' = 12` and
`'1e3' = 1000` are true. The same happens when an explicit `COLLATE` differs from the
column's collation: the column's values are converted to it and the index is not used.

## Example

```sql
CREATE TABLE customers (id INT PRIMARY KEY, phone VARCHAR(20), KEY idx_phone (phone));
SELECT id FROM customers WHERE phone = 5551234;        -- reads every row
```

## Fix

Compare with a value of the column's type:

```sql
SELECT id FROM customers WHERE phone = '5551234';      -- ref on idx_phone
```

For a `COLLATE` mismatch, drop the clause, or give the column the collation the query needs.

## MySQL reference

- MySQL 8.0 Reference Manual, 14.3 "Type Conversion in Expression Evaluation"
- MySQL 8.0 Reference Manual, 10.3.1 "How MySQL Uses Indexes" (comparisons of dissimilar columns)
- MySQL 8.0 Reference Manual, 10.8.4 "Collation Coercibility in Expressions"
)md",
    .needs_catalog = true};

// The fix as a text edit: the number of `column = 5551234` (either side of a comparison)
// quoted, when it is written as plain digits. A decimal or exponent ("1e3", "5.0") would not
// be the same string as the stored value, so it gets no edit; nor does an IN list.
void QuoteNumber(const QueryModel& query, const Predicate& p, Finding& f, const Reporter& out) {
  if (p.expr == nullptr || p.expr->kind != parser::ast::ExprKind::kBinary) return;
  const auto& binary = p.expr->As<parser::ast::Binary>();
  for (const parser::ast::Expr* side : {binary.left, binary.right}) {
    if (side == nullptr || side->kind != parser::ast::ExprKind::kLiteral) continue;
    const auto& literal = side->As<parser::ast::Literal>();
    if (literal.literal != parser::ast::LiteralKind::kNumber || !literal.prefix.empty()) continue;
    const std::string_view text = literal.text;
    if (text.empty() || text.find_first_not_of("0123456789") != std::string_view::npos) return;
    const Span span = side->span;
    if (span.end() > query.script.size() || query.script.substr(span.offset, span.length) != text) {
      return;  // not the statement's own text (a view's): no edit
    }
    out.SetReplacement(f, query.script, span, fmt::format("'{}'", text));
    // Unsafe: as a string the value matches '5551234' only, where the number also matched
    // '05551234' and ' 5551234'.
    if (f.replacement) f.applicability = Applicability::kUnsafe;
    return;
  }
}

class ImplicitConversion final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void CheckQuery(const QueryModel& query, const Catalog& /*catalog*/,
                  Reporter& out) const override {
    for (const QueryBlock& block : query.blocks) {
      for (const Predicate& p : block.predicates) {
        if (!p.column.column || !p.column.resolved()) continue;
        const bool conversion = p.blocker == Blocker::kConversion;
        // Two character columns of different charsets or collations: charset-mismatch-join
        // reports them. Of the same collation, only a COLLATE clause converts: reported here.
        const bool columns = p.value == ValueKind::kColumn || p.value == ValueKind::kOuterColumn;
        const Column* other_column = p.other.column;
        const bool columns_differ =
            columns && (!other_column || !IsCharacter(other_column->family) ||
                        other_column->charset != p.column.column->charset ||
                        other_column->collation != p.column.column->collation);
        const bool collation = p.blocker == Blocker::kCollation && !columns_differ;
        if (!conversion && !collation) continue;
        // In a join, the converted column of the table read first only gives the values the
        // other table's index is probed with, each converted once: no index is lost there.
        if (p.value == ValueKind::kColumn && ReadFirst(block, p.column.table)) continue;
        const TableUse& use = block.tables[p.column.table];
        const Table& table = *use.table;
        const Column& column = *p.column.column;
        const Index* index = IndexOn(table, column.name);
        const std::string index_note =
            index ? fmt::format(", so index `{}` cannot be searched", index->name)
                  : std::string(", reading every row");
        std::string message;
        std::string fix;
        if (conversion) {
          std::string other = "a number";
          // The other column as `alias`.`name`: a join compares columns that often share a name.
          std::string other_name = Quote(p.other.name);
          if (p.other.resolved() && p.other.block >= 0) {
            other_name =
                Quote(query.blocks[p.other.block].tables[p.other.table].alias) + "." + other_name;
          }
          if (p.value == ValueKind::kColumn || p.value == ValueKind::kOuterColumn) {
            other = "numeric column " + other_name;
          } else if (p.value == ValueKind::kTemporal) {
            other = "a date/time value";
          }
          message = fmt::format(
              "`{}`.`{}` is {} but is compared with {}: MySQL converts every row's value to a "
              "{}{}",
              use.alias, column.name, column.type, other,
              p.value == ValueKind::kTemporal ? "date/time" : "number", index_note);
          if (p.value == ValueKind::kColumn || p.value == ValueKind::kOuterColumn) {
            // USING (zip) and NATURAL JOIN have no comparison to wrap: it is written out.
            fix =
                p.expr == nullptr
                    ? fmt::format(
                          "give both columns one type, or join ON `{}`.`{}` = CAST({} AS CHAR) "
                          "instead of USING",
                          use.alias, column.name, other_name)
                    : fmt::format(
                          "give both columns one type, or compare `{}`.`{}` with CAST({} AS CHAR)",
                          use.alias, column.name, other_name);
          } else if (p.value == ValueKind::kTemporal) {  // NOW(), a DATE column's value, …
            fix = fmt::format(
                "compare `{}` with a string in the format it stores (DATE_FORMAT(…, "
                "'%Y-%m-%d %H:%i:%s')), or give the column a date/time type ({})",
                column.name, SpanText(query, p.span, 60));
          } else {
            fix = fmt::format("quote the value so it is a string: `{}` = '…' ({})", column.name,
                              SpanText(query, p.span, 60));
          }
        } else {
          message =
              fmt::format("`{}`.`{}` ({}) is compared under COLLATE {}: its values are converted{}",
                          use.alias, column.name, column.collation, p.collation, index_note);
          fix = fmt::format(
              "drop the COLLATE clause, or give the column that collation: ALTER TABLE {} MODIFY "
              "{};",
              QuoteTable(table),
              ColumnDefinition(column, CharsetOfCollation(p.collation), p.collation));
        }
        Finding& f = out.Add(kInfo, p.span, std::move(message));
        SetTable(f, use);
        f.columns = {column.name};
        if (index) f.index = index->name;
        f.fix = std::move(fix);
        if (conversion && p.value == ValueKind::kNumber) QuoteNumber(query, p, f, out);
      }
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeImplicitConversion(const RuleOptions& /*options*/) {
  return std::make_unique<ImplicitConversion>();
}

}  // namespace qadvisor::rules
