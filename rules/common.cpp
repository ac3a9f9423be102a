// Helpers the rules share (see common.h).
#include "rules/common.h"

#include <fmt/format.h>

#include <algorithm>

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

namespace {

// Whether `index` is made redundant by an index of `columns`: its parts are a leftmost prefix of
// them (prefix parts count as their column), every direction as in `desc` or every one
// reversed. An index backing a foreign key is kept, as before: it is the constraint's.
bool PrefixOf(const analyzer::Index& index, const std::vector<std::string>& columns,
              const std::vector<bool>& desc) {
  if (index.kind != analyzer::IndexKind::kKey || index.foreign_key || index.invisible ||
      !index.IsBtree() || index.parts.empty() || index.parts.size() > columns.size()) {
    return false;
  }
  int flip = -1;
  for (size_t i = 0; i < index.parts.size(); ++i) {
    const analyzer::KeyPart& k = index.parts[i];
    if (!EqualsIgnoreCase(k.column, columns[i])) return false;
    const int f = k.descending != desc[i] ? 1 : 0;
    if (flip >= 0 && f != flip) return false;
    flip = f;
  }
  return true;
}

}  // namespace

std::string WantDdl(const analyzer::Table& table, const analyzer::IndexWant& want, bool cover) {
  if (want.columns.empty()) return {};
  const size_t key = want.columns.size();
  // The longest existing index to extend: its parts are the key's leading columns, or the
  // whole key and then covering columns. Not one with other columns after the key: its order
  // would come before the covering columns for nothing.
  const analyzer::Index* base = nullptr;
  int flip = 0;  // 1: the order columns are written against the wanted direction
  for (const analyzer::Index& index : table.indexes) {
    if (index.kind != analyzer::IndexKind::kKey || index.invisible || !index.IsBtree() ||
        (base && index.parts.size() <= base->parts.size())) {
      continue;
    }
    int f = -1;
    bool fits = !index.parts.empty();
    for (size_t i = 0; fits && i < index.parts.size(); ++i) {
      const analyzer::KeyPart& k = index.parts[i];
      fits = !k.column.empty() && (i < key || k.prefix_length == 0);
      if (fits && i >= key) {  // a covering column: any order
        fits = cover &&
               std::any_of(want.include.begin(), want.include.end(),
                           [&](const std::string& c) { return EqualsIgnoreCase(c, k.column); });
      }
      if (!fits || i >= key) continue;
      if (i < want.equalities) {
        fits = std::any_of(want.columns.begin(), want.columns.begin() + want.equalities,
                           [&](const std::string& c) { return EqualsIgnoreCase(c, k.column); });
      } else {
        fits = EqualsIgnoreCase(k.column, want.columns[i]);
        const int d = k.descending != want.descending[i] ? 1 : 0;
        if (fits && want.serves_order && f >= 0 && d != f) fits = false;
        if (want.serves_order) f = d;
      }
    }
    if (!fits) continue;
    base = &index;
    flip = std::max(f, 0);
  }
  analyzer::IndexWant out;
  auto held = [&](const std::string& c) {
    return std::any_of(out.columns.begin(), out.columns.end(),
                       [&](const std::string& x) { return EqualsIgnoreCase(x, c); });
  };
  if (base) {
    for (const analyzer::KeyPart& k : base->parts) {
      out.columns.push_back(k.column);
      out.descending.push_back(k.descending);
    }
  }
  for (size_t i = 0; i < key; ++i) {
    if (held(want.columns[i])) continue;
    out.columns.push_back(want.columns[i]);
    out.descending.push_back(i >= want.equalities && want.descending[i] != (flip == 1));
  }
  for (const std::string& c : cover ? want.include : std::vector<std::string>{}) {
    if (held(c)) continue;
    out.columns.push_back(c);
    out.descending.push_back(false);
  }
  std::string ddl = AddIndexDdl(table, out);
  for (const analyzer::Index& index : table.indexes) {
    if (!PrefixOf(index, out.columns, out.descending)) continue;
    ddl.pop_back();  // the ';'
    ddl += fmt::format(", DROP INDEX {};", Quote(index.name));
  }
  return ddl;
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

bool ReadFirst(const analyzer::QueryBlock& block, int t) {
  return block.tables.size() > 1 && analyzer::DrivingTable(block) == t;
}

analyzer::AccessOptions OwnAccess(const analyzer::QueryBlock& block, int t) {
  return {.use_joins = !ReadFirst(block, t)};
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

namespace {

// DATE(col) or YEAR(col) compared with one day or year: the bare column's range for that
// comparison. `start`: the period's first value (a placeholder), `unit`: DAY or YEAR.
std::string PeriodRange(const analyzer::Predicate& p, std::string_view c, std::string_view start,
                        std::string_view unit) {
  using parser::ast::BinaryOp;
  BinaryOp op = BinaryOp::kEq;
  if (p.expr != nullptr && p.expr->kind == parser::ast::ExprKind::kBinary) {
    const auto& binary = p.expr->As<parser::ast::Binary>();
    op = binary.op;
    // `2020 > YEAR(col)`: the column on the right, the comparison mirrored.
    if (binary.left != nullptr && binary.left->kind == parser::ast::ExprKind::kLiteral) {
      op = op == BinaryOp::kLt   ? BinaryOp::kGt
           : op == BinaryOp::kLe ? BinaryOp::kGe
           : op == BinaryOp::kGt ? BinaryOp::kLt
           : op == BinaryOp::kGe ? BinaryOp::kLe
                                 : op;
    }
  }
  const std::string next = fmt::format("{} + INTERVAL 1 {}", start, unit);
  std::string range;
  switch (op) {
    case BinaryOp::kLt:  // before the period
      range = fmt::format("{} < {}", c, start);
      break;
    case BinaryOp::kLe:  // up to its end
      range = fmt::format("{} < {}", c, next);
      break;
    case BinaryOp::kGt:  // after its end
      range = fmt::format("{} >= {}", c, next);
      break;
    case BinaryOp::kGe:  // from its start
      range = fmt::format("{} >= {}", c, start);
      break;
    default:  // within it
      range = fmt::format("{} >= {} AND {} < {}", c, start, c, next);
      break;
  }
  return "compare the bare column with a range: " + range;
}

}  // namespace

std::string FunctionRewriteHint(const analyzer::Predicate& p, const analyzer::Column& column) {
  const std::string& f = p.function;
  const std::string c = Quote(column.name);
  if (f == "DATE") return PeriodRange(p, c, "'day'", "DAY");
  if (f == "YEAR") return PeriodRange(p, c, "'YYYY-01-01'", "YEAR");
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

bool IsTiny(const analyzer::Table& table, const analyzer::QueryModel& query) {
  return (table.rows && *table.rows < kTinyTableRows) ||
         (query.max_rows_examined && *query.max_rows_examined < kTinyTableRows);
}

}  // namespace qadvisor::rules

namespace qadvisor::rules {

std::string ColumnDefinition(const analyzer::Column& column, std::string_view charset,
                             std::string_view collation) {
  std::string type = column.type;
  if (column.length > 0 && (column.family == analyzer::TypeFamily::kString ||
                            column.family == analyzer::TypeFamily::kBinary)) {
    type += fmt::format("({})", column.length);
  }
  type += column.MemberList();
  std::string out = fmt::format("{} {} CHARACTER SET {} COLLATE {}", Quote(column.name), type,
                                charset, collation);
  // MODIFY replaces the whole definition: what it does not restate is lost.
  if (!column.generated.empty()) {
    out += fmt::format(" GENERATED ALWAYS AS ({}) {}", column.generated,
                       column.stored ? "STORED" : "VIRTUAL");
  }
  if (!column.nullable) out += " NOT NULL";
  if (!column.default_sql.empty()) out += " DEFAULT " + column.default_sql;
  if (!column.on_update_sql.empty()) out += " ON UPDATE " + column.on_update_sql;
  if (!column.comment.empty()) out += " COMMENT " + column.comment;
  return out;
}

const analyzer::Table* TableNamed(const analyzer::Catalog& catalog, const parser::ast::Name& name) {
  if (name.parts.empty()) return nullptr;
  return catalog.FindTable(
      name.parts.size() > 1 ? name.parts[0].Value() : catalog.current_database(),
      name.last().Value());
}

}  // namespace qadvisor::rules
