// Helpers the rules share (see common.h).
#include "rules/common.h"

#include <fmt/format.h>

#include "parser/keywords.h"

namespace qadvisor::rules {

using parser::EqualsIgnoreCase;

std::string Quote(std::string_view name) { return analyzer::QuoteIdentifier(name); }

std::string QuoteTable(const analyzer::Table& table) { return analyzer::QuoteTableName(table); }

std::string QuoteList(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) {
    if (!out.empty()) out += ", ";
    out += Quote(n);
  }
  return out;
}

std::string IndexName(const std::vector<std::string>& columns) {
  std::string name = "idx";
  for (const std::string& c : columns) {
    if (name.size() + 1 + c.size() > 64) break;
    name += "_" + c;
  }
  for (char& c : name) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (!(std::isalnum(u) || c == '_' || u >= 0x80)) c = '_';
  }
  return name;
}

std::string AddIndexDdl(const analyzer::Table& table, const analyzer::IndexWant& want) {
  std::string parts;
  for (size_t i = 0; i < want.columns.size(); ++i) {
    if (!parts.empty()) parts += ", ";
    parts += Quote(want.columns[i]);
    if (const analyzer::Column* c = table.FindColumn(want.columns[i]);
        c && c->KeyBytes() == 0 &&
        (c->family == analyzer::TypeFamily::kString ||
         c->family == analyzer::TypeFamily::kBinary)) {
      parts += "(191)";  // TEXT / BLOB: a prefix part (191 characters fit 767 bytes of utf8mb4)
    }
    if (i < want.descending.size() && want.descending[i]) parts += " DESC";
  }
  // A name the table does not use yet (a prefix index may already be called idx_title).
  const std::string base = IndexName(want.columns);
  std::string name = base;
  for (int n = 2; table.FindIndex(name); ++n) name = fmt::format("{}_{}", base.substr(0, 60), n);
  return fmt::format("ALTER TABLE {} ADD INDEX {} ({});", QuoteTable(table), Quote(name), parts);
}

std::string TableLabel(const analyzer::TableUse& use) {
  const std::string name = use.table ? use.table->name : use.alias;
  if (EqualsIgnoreCase(name, use.alias)) return "`" + name + "`";
  return fmt::format("`{}` (as `{}`)", name, use.alias);
}

void SetTable(Finding& f, const analyzer::TableUse& use) {
  f.table = use.table ? use.table->name : use.alias;
}

std::string SpanText(const analyzer::QueryModel& query, analyzer::Span span, size_t max) {
  if (span.end() > query.script.size()) return {};
  std::string text(query.script.substr(span.offset, span.length));
  for (char& c : text) {
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
  }
  if (text.size() > max) text = text.substr(0, max - 3) + "...";
  return text;
}

const analyzer::Index* IndexOn(const analyzer::Table& table, std::string_view column,
                               const std::vector<const analyzer::Predicate*>& equalities) {
  for (const analyzer::Index& index : table.indexes) {
    if (!index.IsBtree() || index.invisible) continue;
    for (const analyzer::KeyPart& part : index.parts) {
      if (EqualsIgnoreCase(part.column, column)) return &index;
      bool bound = false;
      for (const analyzer::Predicate* p : equalities) {
        bound =
            bound || (p->key_expression.empty() && EqualsIgnoreCase(p->column.name, part.column));
      }
      if (!bound) break;
    }
  }
  return nullptr;
}

const analyzer::Index* IndexHolding(const analyzer::Table& table, std::string_view column) {
  for (const analyzer::Index& index : table.indexes) {
    if (!index.IsBtree() || index.invisible) continue;
    for (const analyzer::KeyPart& part : index.parts) {
      if (EqualsIgnoreCase(part.column, column)) return &index;
    }
  }
  return nullptr;
}

std::string FunctionRewriteHint(const analyzer::Predicate& p, const analyzer::Column& column) {
  const std::string& f = p.function;
  const std::string c = Quote(column.name);
  if (f == "DATE") {
    return fmt::format(
        "compare the bare column with a range: {} >= 'day' AND {} < 'day' + "
        "INTERVAL 1 DAY",
        c, c);
  }
  if (f == "YEAR") {
    return fmt::format(
        "compare the bare column with a range: {} >= 'YYYY-01-01' AND {} < "
        "'YYYY-01-01' + INTERVAL 1 YEAR",
        c, c);
  }
  if (f == "MONTH" || f == "DAY" || f == "DATE_FORMAT" || f == "TO_DAYS" || f == "UNIX_TIMESTAMP") {
    return fmt::format("compare the bare column {} with the matching date range", c);
  }
  const bool ci = column.collation.size() > 3 &&
                  column.collation.compare(column.collation.size() - 3, 3, "_ci") == 0;
  if ((f == "LOWER" || f == "UPPER") && !ci) {
    return fmt::format(
        "index the expression: ADD INDEX (({}({}))) on MySQL 8.0.13+, or an indexed "
        "generated column on MariaDB",
        f, c);
  }
  if (f == "LOWER" || f == "UPPER") {
    return fmt::format(
        "a _ci collation ({}) already compares case-insensitively: compare {} "
        "directly; or index the expression: ADD INDEX (({}({})))",
        column.collation.empty() ? "the column's" : column.collation, c, f, c);
  }
  if (f == "+" || f == "-" || f == "*" || f == "/" || f == "DIV" || f == "%") {
    return fmt::format("move the arithmetic to the other side so {} stands alone", c);
  }
  return fmt::format(
      "compare the bare column {}, or index the expression (MySQL 8.0.13+: ADD INDEX ((expr)); "
      "MariaDB: an indexed generated column)",
      c);
}

bool FoundByUniqueKey(const analyzer::QueryBlock& block, int t) {
  analyzer::AccessOptions constants_only;
  constants_only.use_joins = false;
  const analyzer::TableAccess access = analyzer::AnalyzeAccess(block, t, constants_only);
  const analyzer::IndexUse* best = access.Best();
  return best && best->unique_lookup;
}

bool IsTiny(const analyzer::Table& table) { return table.rows && *table.rows < kTinyTableRows; }

}  // namespace qadvisor::rules

namespace qadvisor::rules {

std::string ColumnDefinition(const analyzer::Column& column, std::string_view charset,
                             std::string_view collation) {
  std::string type = column.type;
  if (column.length > 0 && (column.family == analyzer::TypeFamily::kString ||
                            column.family == analyzer::TypeFamily::kBinary)) {
    type += fmt::format("({})", column.length);
  }
  std::string out = fmt::format("{} {} CHARACTER SET {} COLLATE {}", Quote(column.name), type,
                                charset, collation);
  if (!column.nullable) out += " NOT NULL";
  return out;
}

}  // namespace qadvisor::rules
