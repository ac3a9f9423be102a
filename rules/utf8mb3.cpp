// utf8mb3: a new table or column in utf8 / utf8mb3, in a migration.
#include <fmt/format.h>

#include "parser/keywords.h"
#include "rules/common.h"
#include "rules/rule.h"

namespace qadvisor::rules {
namespace {

namespace ast = parser::ast;
using analyzer::Column;

constexpr RuleInfo kInfo{.id = "utf8mb3",
                         .severity = Severity::kWarning,
                         .scope = Scope::kDdl,
                         .summary =
                             "a new table or column in utf8 (utf8mb3): three bytes a "
                             "character, no emoji, deprecated",
                         .doc = R"md(
## What it does

In the migrations `check` reads, reports character columns that a statement creates in
`utf8mb3` — written `utf8` or `utf8mb3`, on the column or as the table's or database's default:
the columns of a `CREATE TABLE`, `ALTER TABLE … ADD COLUMN`, a `MODIFY` / `CHANGE` that moves a
column to it, and `ALTER TABLE … CONVERT TO CHARACTER SET utf8`. Columns that were utf8mb3
before the statement and stay so are the schema as it is, not something the migration adds.

## Why it matters

`utf8mb3` stores at most three bytes a character: characters outside the Basic Multilingual
Plane (emoji, some CJK characters, mathematical symbols) are rejected in strict mode (error
1366, "Incorrect string value") or replaced. `utf8` means `utf8mb3` in MySQL 8.0 and MariaDB
(MySQL deprecates the name and the character set). And a utf8mb3 column joined with a utf8mb4
one is converted for every row, so its index cannot serve the join (`charset-mismatch-join`).

## Example

```sql
CREATE TABLE tags (id INT PRIMARY KEY, name VARCHAR(64)) DEFAULT CHARSET=utf8;
```

## Fix

```sql
CREATE TABLE tags (id INT PRIMARY KEY, name VARCHAR(64))
  DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;
```

(MySQL 8.0's default collation is `utf8mb4_0900_ai_ci`, MariaDB 11.4's `utf8mb4_uca1400_ai_ci`.)
Keep indexed `VARCHAR` columns within the key limit: 4 bytes a character count against 3072.

## MySQL reference

- MySQL 8.0 Reference Manual, 10.9.2 "The utf8mb3 Character Set (3-Byte UTF-8 Unicode
  Encoding)" and 10.9.3 "The utf8 Character Set (Deprecated alias for utf8mb3)"
- MariaDB Knowledge Base, "Unicode" (utf8 is utf8mb3 unless `old_mode` says otherwise)
)md"};

bool Mb3(const Column& c) { return IsCharacter(c.family) && c.charset == "utf8mb3"; }

class Utf8mb3 final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void CheckDdl(const ast::Statement& st, const analyzer::Table* before,
                const analyzer::Catalog& after, Reporter& out) const override {
    if (st.kind == ast::StatementKind::kCreateTable) {
      const auto& create = st.As<ast::CreateTableStatement>();
      if (create.temporary || create.like.parts.size() > 0) return;
      const analyzer::Table* table = TableNamed(after, create.table);
      if (table == nullptr) return;
      std::vector<std::string> columns;
      for (const Column& c : table->columns) {
        if (Mb3(c)) columns.push_back(c.name);
      }
      if (!columns.empty()) Report(out, st.span, *table, columns);
      return;
    }
    if (st.kind != ast::StatementKind::kAlterTable || before == nullptr) return;
    const analyzer::Table* table = after.FindTable(before->database, before->name);
    if (table == nullptr) return;
    std::vector<std::string> columns;
    ast::Span span = st.span;
    for (const ast::AlterAction& a : st.As<ast::AlterTableStatement>().actions) {
      switch (a.kind) {
        case ast::AlterKind::kAddColumn:
        case ast::AlterKind::kModifyColumn:
        case ast::AlterKind::kChangeColumn: {
          const Column* now = table->FindColumn(a.column.name.Value());
          const std::string old_name =
              a.kind == ast::AlterKind::kChangeColumn ? a.name.Value() : a.column.name.Value();
          const Column* was =
              a.kind == ast::AlterKind::kAddColumn ? nullptr : before->FindColumn(old_name);
          if (now && Mb3(*now) && !(was && Mb3(*was))) {
            if (columns.empty()) span = a.column.span;
            columns.push_back(now->name);
          }
          break;
        }
        case ast::AlterKind::kConvertCharset:
          for (const Column& c : table->columns) {
            const Column* was = before->FindColumn(c.name);
            if (Mb3(c) && !(was && Mb3(*was))) columns.push_back(c.name);
          }
          break;
        default:
          break;
      }
    }
    if (!columns.empty()) Report(out, span, *table, columns);
  }

 private:
  static void Report(Reporter& out, ast::Span span, const analyzer::Table& table,
                     const std::vector<std::string>& columns) {
    std::string list;
    for (const std::string& c : columns) list += (list.empty() ? "" : ", ") + Quote(c);
    Finding& f = out.Add(
        kInfo, span,
        fmt::format("{} {} {} in utf8mb3 (utf8): three bytes a character, so emoji and other "
                    "characters outside the BMP are rejected or replaced, and a join with a "
                    "utf8mb4 column converts every row",
                    Quote(table.name), columns.size() == 1 ? "column" : "columns", list));
    f.table = table.name;
    f.columns = columns;
    f.fix =
        "use utf8mb4: CHARACTER SET utf8mb4 with a utf8mb4 collation (utf8mb4_0900_ai_ci on "
        "MySQL 8.0, utf8mb4_unicode_ci or utf8mb4_uca1400_ai_ci on MariaDB)";
  }
};

}  // namespace

std::unique_ptr<Rule> MakeUtf8mb3(const RuleOptions& /*options*/) {
  return std::make_unique<Utf8mb3>();
}

}  // namespace qadvisor::rules
