// narrowing-type-change: MODIFY / CHANGE of a column to a type that holds less, in a migration.
#include <fmt/format.h>

#include "rules/common.h"
#include "rules/rule.h"

namespace qadvisor::rules {
namespace {

namespace ast = parser::ast;
using analyzer::Column;
using analyzer::TypeFamily;

constexpr RuleInfo kInfo{.id = "narrowing-type-change",
                         .severity = Severity::kError,
                         .scope = Scope::kDdl,
                         .summary =
                             "a column changed to a shorter or smaller type: values that "
                             "no longer fit fail the ALTER or are truncated",
                         .doc = R"md(
## What it does

In the migrations `check` reads, compares each column an `ALTER TABLE … MODIFY` or `CHANGE`
redefines with the column as the schema built so far has it, and reports a type that holds
less:

- a string or binary column shorter (`VARCHAR(255)` → `VARCHAR(100)`, `TEXT` → `VARCHAR(n)`,
  `MEDIUMTEXT` → `TEXT`), or in a character set with fewer bytes a character (`utf8mb4` →
  `utf8mb3` or `latin1`);
- an integer smaller (`BIGINT` → `INT`), or signed ↔ unsigned (one side of the range is lost);
- a `DECIMAL` with fewer integer digits or fewer decimals;
- a temporal type with fewer fractional-second digits, or `DATETIME`/`TIMESTAMP` → `DATE`;
- an `ENUM` / `SET` with fewer members;
- a change to another type family (`VARCHAR` → `INT`): every value is converted.

## Why it matters

With strict mode (the default), a value that does not fit makes the `ALTER TABLE` fail after it
has copied part of the table (error 1264 "Out of range value", 1265 "Data truncated", 1406
"Data too long"); without it, values are silently truncated or clipped. Either way the change
also rebuilds the table (`ALGORITHM=COPY`), blocking writes while it runs.

## Example

```sql
ALTER TABLE orders MODIFY total DECIMAL(8,2) NOT NULL;   -- was DECIMAL(12,2)
```

## Fix

Check the data first, for instance `SELECT MAX(CHAR_LENGTH(note)) FROM orders` or `SELECT
COUNT(*) FROM orders WHERE total >= 1000000`, and keep the type wide enough; clean or move the
values that do not fit before narrowing.

## MySQL reference

- MySQL 8.0 Reference Manual, 15.1.9 "ALTER TABLE Statement" (changing a column's type)
- MySQL 8.0 Reference Manual, 5.1.11 "Server SQL Modes" (strict mode)
- MySQL 8.0 Reference Manual, 17.12.1 "Online DDL Operations" (changing the column data type
  is ALGORITHM=COPY)
)md"};

int IntegerRank(const std::string& type) {
  if (type == "tinyint" || type == "bool" || type == "boolean") return 1;
  if (type == "smallint") return 2;
  if (type == "mediumint") return 3;
  if (type == "int" || type == "integer") return 4;
  if (type == "bigint" || type == "serial") return 5;
  return 0;
}

// Bytes a TEXT / BLOB type holds; 0 for others.
uint64_t LobBytes(const std::string& type) {
  if (type == "tinytext" || type == "tinyblob") return 255;
  if (type == "text" || type == "blob") return 65535;
  if (type == "mediumtext" || type == "mediumblob") return 16777215;
  if (type == "longtext" || type == "longblob" || type == "json") return 4294967295ULL;
  return 0;
}

// The most characters (bytes for binary) a string or binary column holds.
uint64_t Capacity(const Column& c) {
  const uint64_t lob = LobBytes(c.type);
  if (lob == 0) return c.length;
  if (c.family != TypeFamily::kString) return lob;
  return lob / std::max<uint32_t>(1, analyzer::MaxBytesPerChar(c.charset));
}

// Why `to` holds less than `from`, or empty when it does not.
std::string Narrowing(const Column& from, const Column& to) {
  // A JSON document is text (MariaDB's JSON is a LONGTEXT): LONGTEXT keeps every one.
  if (from.family == TypeFamily::kJson && to.family == TypeFamily::kString) {
    if (to.type == "longtext") return "";
    return fmt::format("it holds {} characters, a JSON document up to 4 GiB", Capacity(to));
  }
  if (from.family != to.family) {
    if (from.family == TypeFamily::kOther || to.family == TypeFamily::kOther) return "";
    if (IsCharacter(from.family) && IsCharacter(to.family)) {
      // ENUM/SET ↔ string: a string column long enough holds every member.
    } else {
      return fmt::format("it converts every value from {} to {}", FamilyName(from.family),
                         FamilyName(to.family));
    }
  }
  switch (to.family) {
    case TypeFamily::kString:
    case TypeFamily::kBinary: {
      if (from.family == TypeFamily::kEnumSet) return "";
      if (Capacity(to) < Capacity(from)) {
        return fmt::format("it holds {} {} where it held {}", Capacity(to),
                           to.family == TypeFamily::kString ? "characters" : "bytes",
                           Capacity(from));
      }
      if (to.family == TypeFamily::kString && !from.charset.empty() && !to.charset.empty() &&
          analyzer::MaxBytesPerChar(to.charset) < analyzer::MaxBytesPerChar(from.charset)) {
        return fmt::format("{} stores fewer characters than {}: the others are lost", to.charset,
                           from.charset);
      }
      return "";
    }
    case TypeFamily::kInteger: {
      if (IntegerRank(to.type) < IntegerRank(from.type)) {
        return fmt::format("{} holds a smaller range than {}", to.type, from.type);
      }
      if (IntegerRank(to.type) == IntegerRank(from.type) && to.is_unsigned != from.is_unsigned) {
        return to.is_unsigned ? "unsigned, it rejects the negative values"
                              : "signed, it holds only half the positive range";
      }
      return "";
    }
    case TypeFamily::kDecimal: {
      const int from_digits = static_cast<int>(from.length) - static_cast<int>(from.scale);
      const int to_digits = static_cast<int>(to.length) - static_cast<int>(to.scale);
      if (to_digits < from_digits) {
        return fmt::format("it keeps {} digits before the point where it kept {}", to_digits,
                           from_digits);
      }
      if (to.scale < from.scale) {
        return fmt::format("it keeps {} decimals where it kept {}", to.scale, from.scale);
      }
      if (to.is_unsigned && !from.is_unsigned) return "unsigned, it rejects the negative values";
      return "";
    }
    case TypeFamily::kTemporal: {
      const bool from_time = from.type == "datetime" || from.type == "timestamp";
      if (from_time && to.type == "date") return "DATE drops the time of day";
      if (from.type == to.type && to.length < from.length) {
        return fmt::format("it keeps {} fractional-second digits where it kept {}", to.length,
                           from.length);
      }
      return "";
    }
    case TypeFamily::kEnumSet:
      if (from.family == TypeFamily::kEnumSet && to.length < from.length) {
        return fmt::format("it has {} members where it had {}", to.length, from.length);
      }
      return "";
    default:
      return "";
  }
}

class NarrowingTypeChange final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void CheckDdl(const ast::Statement& st, const analyzer::Table* before,
                const analyzer::Catalog& after, Reporter& out) const override {
    if (st.kind != ast::StatementKind::kAlterTable || before == nullptr) return;
    const analyzer::Table* now = after.FindTable(before->database, before->name);
    for (const ast::AlterAction& a : st.As<ast::AlterTableStatement>().actions) {
      if (a.kind != ast::AlterKind::kModifyColumn && a.kind != ast::AlterKind::kChangeColumn) {
        continue;
      }
      const std::string old_name =
          a.kind == ast::AlterKind::kChangeColumn ? a.name.Value() : a.column.name.Value();
      const Column* from = before->FindColumn(old_name);
      const Column* to = now ? now->FindColumn(a.column.name.Value()) : nullptr;
      if (from == nullptr || to == nullptr) continue;
      const std::string why = Narrowing(*from, *to);
      if (why.empty()) continue;
      // Fewer fractional-second digits never fail the ALTER, strict or not: MariaDB cuts the
      // digits (measured on 10.11: .7 dropped without a warning), MySQL rounds them unless
      // TIME_TRUNCATE_FRACTIONAL is set (11.2.6, "Fractional Seconds in Time Values").
      const bool fraction = from->family == TypeFamily::kTemporal && from->type == to->type;
      Finding& f = out.Add(
          kInfo, a.column.span,
          fmt::format("{} of {}.{} from {} to {} narrows it: {}; {}",
                      a.kind == ast::AlterKind::kChangeColumn ? "CHANGE" : "MODIFY",
                      Quote(before->name), Quote(old_name), from->Describe(), to->Describe(), why,
                      fraction ? "the ALTER does not fail: MariaDB cuts the digits, MySQL rounds "
                                 "them (23:59:59.7 becomes the next day)"
                               : "a value that no longer fits fails the ALTER (strict mode) or "
                                 "is truncated"));
      f.table = before->name;
      f.columns = {to->name};
      f.fix = fmt::format(
          "check the data first (the longest or largest value of {}) and keep the type wide "
          "enough, or clean the values that do not fit before narrowing",
          Quote(old_name));
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeNarrowingTypeChange(const RuleOptions& /*options*/) {
  return std::make_unique<NarrowingTypeChange>();
}

}  // namespace qadvisor::rules
