// insert-without-columns: INSERT … VALUES without a column list.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "base/ascii.h"
#include "parser/sql_text.h"
#include "rules/common.h"
#include "rules/rule.h"

namespace qadvisor::rules {
namespace {

using namespace analyzer;  // NOLINT: rules read the analyzer's model
namespace ast = parser::ast;

constexpr RuleInfo kInfo{
    .id = "insert-without-columns",
    .severity = Severity::kInfo,
    .scope = Scope::kQuery,
    .summary = "INSERT without a column list depends on the table's column order",
    .doc = R"md(
## What it does

Reports `INSERT` / `REPLACE … VALUES` and `INSERT … SELECT` written without a column list
(not `VALUES ()`, which sets every column to its default).

## Why it matters

Without the list, values are matched to columns by position. Adding, dropping or reordering a
column — an ordinary migration — makes the statement fail, or worse, silently put values in
the wrong columns when the types happen to convert.

## Example

```sql
INSERT INTO customers VALUES (1, 'Ada', 'ada@example.com');
```

## Fix

```sql
INSERT INTO customers (id, name, email) VALUES (1, 'Ada', 'ada@example.com');
```

## MySQL reference

- MySQL 8.0 Reference Manual, 15.2.7 "INSERT Statement"
)md"};

// The column list as a text edit, right after the table name, when what follows it is the
// source (VALUES, VALUE, SELECT, TABLE): not after a PARTITION clause or a parenthesised query.
void InsertColumnList(const QueryModel& query, const parser::ast::InsertStatement& insert,
                      std::string_view list, Finding& f, const Reporter& out) {
  if (insert.table.parts.empty() || !insert.partitions.empty()) return;
  const parser::ast::Ident& last = insert.table.last();
  const size_t end = size_t{last.offset} + last.raw.size();
  if (end > query.script.size() || query.script.substr(last.offset, last.raw.size()) != last.raw) {
    return;  // not the statement's own text (a view's): no edit
  }
  const std::string_view after = query.script.substr(end);
  const std::string_view rest = base::TrimLeadingSpace(after);
  if (rest.size() == after.size() || rest.empty()) return;  // no white space, or nothing after
  const std::vector<parser::Token> next = parser::Tokenize(rest, {}, 1);
  if (next.empty()) return;
  using parser::Keyword;
  const Keyword k = next[0].keyword;
  if (k != Keyword::kValues && k != Keyword::kValue && k != Keyword::kSelect &&
      k != Keyword::kTable) {
    return;
  }
  out.SetReplacement(f, query.script, Span{static_cast<uint32_t>(end), 0},
                     fmt::format(" ({})", list));
  // Safe: the columns as the table orders them now, so the INSERT does what it did.
  if (f.replacement) f.applicability = Applicability::kSafe;
}

class InsertWithoutColumns final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void CheckQuery(const QueryModel& query, const Catalog& /*catalog*/,
                  Reporter& out) const override {
    const ast::Statement* s = query.statement;
    if (!s || s->kind != ast::StatementKind::kInsert) return;
    const auto& insert = s->As<ast::InsertStatement>();
    if (insert.column_list || !insert.set.empty()) return;
    // VALUES () gives every column its default, with or without an empty column list: no
    // value is matched to a column by position (15.2.7, "INSERT Statement": "If both the
    // column list and the VALUES list are empty, INSERT creates a row with each column set to
    // its default value").
    const bool all_empty =
        !insert.rows.empty() && std::all_of(insert.rows.begin(), insert.rows.end(),
                                            [](const auto& row) { return row.empty(); });
    if (all_empty) return;
    const std::string verb = insert.replace ? "REPLACE" : "INSERT";
    Finding& f = out.Add(kInfo, Span{s->span.offset, static_cast<uint32_t>(verb.size())},
                         fmt::format("{} without a column list matches values to columns by "
                                     "position",
                                     verb));
    if (query.target) {
      f.table = query.target->name;
      std::vector<std::string> names;
      for (const Column& c : query.target->columns) {
        if (c.generated.empty()) names.push_back(c.name);
      }
      f.fix = fmt::format("name the columns: {} INTO {} ({}) …", verb, QuoteTable(*query.target),
                          QuoteList(names));
      // Without generated columns the list is exactly the one the statement means: every
      // column in table order (15.2.7: "If you do not specify a list of column names …, values
      // for every column in the table must be provided"). A generated column takes a DEFAULT
      // in the VALUES, so naming the others alone would not be the same statement.
      if (names.size() == query.target->columns.size()) {
        InsertColumnList(query, insert, QuoteList(names), f, out);
      }
    } else {
      f.table = insert.table.last().Value();
      f.fix = "name the columns the values are for";
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeInsertWithoutColumns(const RuleOptions& /*options*/) {
  return std::make_unique<InsertWithoutColumns>();
}

}  // namespace qadvisor::rules
