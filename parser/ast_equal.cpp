// Equal (parser.h): structural equality of two ASTs, for round-trip tests (parse, print, parse
// again, compare) and for anything that asks whether two statements say the same thing.
//
// Spans and identifier offsets are ignored. Names compare by value, case-insensitively
// (SameName: `Users` and users are the same name). Literal prefixes and the keyword phrases
// the AST keeps as text (units, modifiers, type names, charsets) compare case-insensitively
// with runs of whitespace treated as one space; literal text compares exactly, except that
// NULL, TRUE and FALSE compare by kind alone (null and \N are the same NULL). Everything else
// the AST records about the spelling (INNER, OUTER, AS, UNION DISTINCT, LIMIT … OFFSET, INTO,
// VALUE, VALUES ROW, an empty column list) is part of the structure: the printer reproduces it,
// so a round trip keeps it. VALUE and ROW count only when there is a VALUES list.
//
// CREATE TABLE: type names, charsets, collations, option names, unquoted option values and
// keyword values (storage, actions, USING, visibility, …) compare as keyword phrases; comments,
// ENUM / SET members, quoted option values, lengths and numbers exactly; the partitioning text
// with its runs of whitespace taken as one space. INDEX versus KEY is part of the structure.
// The same holds for CREATE INDEX, ALTER TABLE, DROP, CREATE DATABASE and SET; an ALTER action
// kept as text (kOther) compares with runs of whitespace as one space, case kept.
//
// Also defines Ident::Value(), SameName() and LiteralValue() from ast.h.
#include <algorithm>
#include <string>
#include <string_view>

#include "base/ascii.h"
#include "parser/keywords.h"
#include "parser/parser.h"

namespace qadvisor::parser {

namespace ast {

// `a``b` is a`b; "x""y" (ANSI_QUOTES) is x"y. A quote left unclosed (never made by the lexer)
// is taken as if it were closed.
std::string Ident::Value() const {
  if (!quoted()) return std::string(raw);
  const char quote = raw.front();
  std::string_view body = raw.substr(1);
  if (!body.empty() && body.back() == quote) body.remove_suffix(1);
  std::string value;
  value.reserve(body.size());
  for (size_t i = 0; i < body.size(); ++i) {
    value.push_back(body[i]);
    if (body[i] == quote && i + 1 < body.size() && body[i + 1] == quote) ++i;
  }
  return value;
}

// ASCII case folding: MySQL folds column names with the Unicode rules of its system charset,
// so two non-ASCII names that differ only in case compare different here.
bool SameName(const Ident& a, const Ident& b) {
  if (!a.quoted() && !b.quoted()) return EqualsIgnoreCase(a.raw, b.raw);  // no copies
  return EqualsIgnoreCase(a.Value(), b.Value());
}

void JsonColumnNames(std::span<const JsonTableColumn> columns, std::vector<std::string>& out) {
  for (const JsonTableColumn& c : columns) {
    if (c.kind == JsonColumnKind::kNested) {
      JsonColumnNames(c.nested, out);
    } else {
      out.push_back(c.name.Value());
    }
  }
}

}  // namespace ast

namespace {

using base::IsSpace;

// The next whitespace-separated word of `s`, removed from it; empty at the end.
std::string_view NextWord(std::string_view& s) {
  size_t i = 0;
  while (i < s.size() && IsSpace(s[i])) ++i;
  size_t j = i;
  while (j < s.size() && !IsSpace(s[j])) ++j;
  const std::string_view word = s.substr(i, j - i);
  s.remove_prefix(j);
  return word;
}

// Keyword phrases: "DOUBLE  precision" is DOUBLE PRECISION.
bool SameWords(std::string_view a, std::string_view b) {
  for (;;) {
    const std::string_view x = NextWord(a);
    const std::string_view y = NextWord(b);
    if (!EqualsIgnoreCase(x, y)) return false;
    if (x.empty()) return true;
  }
}

// Text compared word by word, case kept: PARTITION BY HASH(a)  PARTITIONS 4.
bool SameSpacing(std::string_view a, std::string_view b) {
  for (;;) {
    const std::string_view x = NextWord(a);
    const std::string_view y = NextWord(b);
    if (x != y) return false;
    if (x.empty()) return true;
  }
}

// An optimizer hint with or without its /*+ … */ markers.
std::string_view HintBody(std::string_view hint) {
  if (hint.starts_with("/*+")) hint.remove_prefix(3);
  if (hint.ends_with("*/")) hint.remove_suffix(2);
  return hint;
}

// A string alias ('name' or "name") without its quotes.
std::string_view Unquoted(std::string_view s) {
  if (s.size() >= 2 && (s.front() == '\'' || s.front() == '"') && s.back() == s.front()) {
    return s.substr(1, s.size() - 2);
  }
  return s;
}

// A charset or collation name, maybe quoted: 'utf8mb4' is utf8mb4.
bool SameCharset(std::string_view a, std::string_view b) {
  return SameWords(Unquoted(a), Unquoted(b));
}

// A table option's value: a string exactly, anything else (InnoDB, 5, (t1, t2)) as keywords.
bool SameOptionValue(std::string_view a, std::string_view b) {
  const auto quoted = [](std::string_view s) {
    return !s.empty() && (s.front() == '\'' || s.front() == '"');
  };
  if (quoted(a) || quoted(b)) return a == b;
  return SameWords(a, b);
}

bool SameOption(const ast::TableOption& a, const ast::TableOption& b) {
  return SameWords(a.name, b.name) && SameOptionValue(a.value, b.value) && a.equals == b.equals;
}

bool SameOptions(std::span<const ast::TableOption> a, std::span<const ast::TableOption> b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (!SameOption(a[i], b[i])) return false;
  }
  return true;
}

class Comparer {
 public:
  bool Statement(const ast::Statement& a, const ast::Statement& b);
  bool Expr(const ast::Expr& a, const ast::Expr& b);

 private:
  // Optional children: both absent, or both present and equal.
  bool Expr(const ast::Expr* a, const ast::Expr* b) {
    return a == nullptr || b == nullptr ? a == b : Expr(*a, *b);
  }
  bool Query(const ast::Query* a, const ast::Query* b);
  bool Window(const ast::WindowSpec* a, const ast::WindowSpec* b);
  bool TableRef(const ast::TableRef* a, const ast::TableRef* b);
  bool Term(const ast::QueryTerm* a, const ast::QueryTerm* b);

  bool Literal(const ast::Literal& a, const ast::Literal& b);
  bool Binary(const ast::Binary& a, const ast::Binary& b);
  bool Function(const ast::Function& a, const ast::Function& b);
  bool Case(const ast::Case& a, const ast::Case& b);
  bool Cast(const ast::Cast& a, const ast::Cast& b);
  static bool Type(const ast::DataType& x, const ast::DataType& y);
  bool JsonOn(const ast::JsonOn& a, const ast::JsonOn& b);
  static bool Period(const ast::PeriodDef& a, const ast::PeriodDef& b) {
    return ast::SameName(a.name, b.name) && SameAlias(a.start, b.start) && SameAlias(a.end, b.end);
  }
  bool Match(const ast::Match& a, const ast::Match& b);
  bool Bound(const ast::FrameBound& a, const ast::FrameBound& b) {
    return a.kind == b.kind && Expr(a.offset, b.offset);
  }
  bool Select(const ast::Select& a, const ast::Select& b);
  bool Clauses(const ast::Select& a, const ast::Select& b);
  bool GroupBy(const ast::Select& a, const ast::Select& b);
  bool Item(const ast::SelectItem& a, const ast::SelectItem& b);
  bool Returning(std::span<const ast::SelectItem> a, std::span<const ast::SelectItem> b);
  bool Locking(const ast::Query& a, const ast::Query& b);
  bool Portion(const ast::Portion& a, const ast::Portion& b) {
    return a.period.empty() == b.period.empty() && ast::SameName(a.period, b.period) &&
           Expr(a.from, b.from) && Expr(a.to, b.to);
  }
  bool SystemTime(const ast::SystemTime& a, const ast::SystemTime& b);
  bool JsonColumns(std::span<const ast::JsonTableColumn> a,
                   std::span<const ast::JsonTableColumn> b);
  bool FetchFirst(const ast::Query& a, const ast::Query& b);
  bool TableName(const ast::TableName& a, const ast::TableName& b);
  bool Join(const ast::Join& a, const ast::Join& b);
  bool Derived(const ast::DerivedTable& a, const ast::DerivedTable& b);
  bool With(bool recursive_a, std::span<const ast::Cte> a, bool recursive_b,
            std::span<const ast::Cte> b);
  bool Tables(std::span<const ast::TableRef* const> a, std::span<const ast::TableRef* const> b) {
    return Spans(a, b,
                 [this](const ast::TableRef* x, const ast::TableRef* y) { return TableRef(x, y); });
  }

  bool Insert(const ast::InsertStatement& a, const ast::InsertStatement& b);
  bool Update(const ast::UpdateStatement& a, const ast::UpdateStatement& b);
  bool Delete(const ast::DeleteStatement& a, const ast::DeleteStatement& b);
  bool CreateTable(const ast::CreateTableStatement& a, const ast::CreateTableStatement& b);
  bool ColumnDef(const ast::ColumnDef& a, const ast::ColumnDef& b);
  static bool ColumnType(const ast::ColumnType& a, const ast::ColumnType& b);
  bool IndexDef(const ast::IndexDef& a, const ast::IndexDef& b);
  bool CreateIndex(const ast::CreateIndexStatement& a, const ast::CreateIndexStatement& b);
  bool AlterTable(const ast::AlterTableStatement& a, const ast::AlterTableStatement& b);
  bool AlterAction(const ast::AlterAction& a, const ast::AlterAction& b);
  static bool DropTable(const ast::DropTableStatement& a, const ast::DropTableStatement& b);
  bool Set(const ast::SetStatement& a, const ast::SetStatement& b);
  bool ObjectDdl(const ast::Statement& a, const ast::Statement& b);
  bool KeyPart(const ast::KeyPart& a, const ast::KeyPart& b) {
    return SameAlias(a.column, b.column) && Expr(a.expr, b.expr) && a.length == b.length &&
           a.direction == b.direction;
  }
  bool Assignments(std::span<const ast::Assignment> a, std::span<const ast::Assignment> b) {
    return Spans(a, b, [this](const ast::Assignment& x, const ast::Assignment& y) {
      return Names(x.column, y.column) && Expr(x.value, y.value);
    });
  }
  static bool SameAlias(const ast::Ident& a, const ast::Ident& b) {
    return a.empty() == b.empty() && ast::SameName(a, b);
  }

  bool Exprs(std::span<const ast::Expr* const> a, std::span<const ast::Expr* const> b) {
    return Spans(a, b, [this](const ast::Expr* x, const ast::Expr* y) { return Expr(x, y); });
  }
  bool Order(std::span<const ast::OrderItem> a, std::span<const ast::OrderItem> b) {
    return Spans(a, b, [this](const ast::OrderItem& x, const ast::OrderItem& y) {
      return x.direction == y.direction && Expr(x.expr, y.expr);
    });
  }
  static bool Idents(std::span<const ast::Ident> a, std::span<const ast::Ident> b) {
    return Spans(a, b, ast::SameName);
  }
  static bool Names(const ast::Name& a, const ast::Name& b) { return Idents(a.parts, b.parts); }

  template <typename T, typename F>
  static bool Spans(std::span<T> a, std::span<T> b, F same) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
      if (!same(a[i], b[i])) return false;
    }
    return true;
  }
};

// --- Expressions -----------------------------------------------------------------------------

bool Comparer::Expr(const ast::Expr& a, const ast::Expr& b) {
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case ast::ExprKind::kLiteral:
      return Literal(a.As<ast::Literal>(), b.As<ast::Literal>());
    case ast::ExprKind::kParam:
      return a.As<ast::Param>().text == b.As<ast::Param>().text;
    case ast::ExprKind::kVariable: {  // user and system variable names ignore case
      const auto &x = a.As<ast::Variable>(), &y = b.As<ast::Variable>();
      return x.system == y.system && EqualsIgnoreCase(x.text, y.text);
    }
    case ast::ExprKind::kColumn: {
      const auto &x = a.As<ast::Column>(), &y = b.As<ast::Column>();
      return x.star == y.star && Names(x.name, y.name);
    }
    case ast::ExprKind::kUnary: {
      const auto &x = a.As<ast::Unary>(), &y = b.As<ast::Unary>();
      return x.op == y.op && Expr(x.operand, y.operand);
    }
    case ast::ExprKind::kBinary:
      return Binary(a.As<ast::Binary>(), b.As<ast::Binary>());
    case ast::ExprKind::kIs: {
      const auto &x = a.As<ast::Is>(), &y = b.As<ast::Is>();
      return x.what == y.what && x.negated == y.negated && Expr(x.operand, y.operand);
    }
    case ast::ExprKind::kBetween: {
      const auto &x = a.As<ast::Between>(), &y = b.As<ast::Between>();
      return x.negated == y.negated && Expr(x.operand, y.operand) && Expr(x.low, y.low) &&
             Expr(x.high, y.high);
    }
    case ast::ExprKind::kIn: {
      const auto &x = a.As<ast::In>(), &y = b.As<ast::In>();
      return x.negated == y.negated && Expr(x.operand, y.operand) && Exprs(x.list, y.list) &&
             Query(x.subquery, y.subquery);
    }
    case ast::ExprKind::kLike: {
      const auto &x = a.As<ast::Like>(), &y = b.As<ast::Like>();
      return x.negated == y.negated && Expr(x.operand, y.operand) && Expr(x.pattern, y.pattern) &&
             Expr(x.escape, y.escape);
    }
    case ast::ExprKind::kFunction:
      return Function(a.As<ast::Function>(), b.As<ast::Function>());
    case ast::ExprKind::kCase:
      return Case(a.As<ast::Case>(), b.As<ast::Case>());
    case ast::ExprKind::kCast:
      return Cast(a.As<ast::Cast>(), b.As<ast::Cast>());
    case ast::ExprKind::kInterval: {
      const auto &x = a.As<ast::Interval>(), &y = b.As<ast::Interval>();
      return SameWords(x.unit, y.unit) && Expr(x.value, y.value);
    }
    case ast::ExprKind::kCollate: {
      const auto &x = a.As<ast::Collate>(), &y = b.As<ast::Collate>();
      return ast::SameName(x.collation, y.collation) && Expr(x.operand, y.operand);
    }
    case ast::ExprKind::kExists:
      return Query(a.As<ast::Exists>().query, b.As<ast::Exists>().query);
    case ast::ExprKind::kSubquery:
      return Query(a.As<ast::Subquery>().query, b.As<ast::Subquery>().query);
    case ast::ExprKind::kRow: {
      const auto &x = a.As<ast::Row>(), &y = b.As<ast::Row>();
      return x.row_keyword == y.row_keyword && Exprs(x.items, y.items);
    }
    case ast::ExprKind::kMatch:
      return Match(a.As<ast::Match>(), b.As<ast::Match>());
    case ast::ExprKind::kDefault:
      return true;
    case ast::ExprKind::kSequenceValue:
      return a.As<ast::SequenceValue>().next == b.As<ast::SequenceValue>().next &&
             Names(a.As<ast::SequenceValue>().sequence, b.As<ast::SequenceValue>().sequence);
    case ast::ExprKind::kEscape: {
      const auto &x = a.As<ast::Escape>(), &y = b.As<ast::Escape>();
      return ast::SameName(x.keyword, y.keyword) && Expr(x.expr, y.expr);
    }
  }
  return false;
}

bool Comparer::Literal(const ast::Literal& a, const ast::Literal& b) {
  if (a.literal != b.literal) return false;
  switch (a.literal) {
    case ast::LiteralKind::kNull:
    case ast::LiteralKind::kTrue:
    case ast::LiteralKind::kFalse:
      return true;
    default:
      return EqualsIgnoreCase(a.prefix, b.prefix) && a.text == b.text;
  }
}

bool Comparer::Binary(const ast::Binary& a, const ast::Binary& b) {
  return a.op == b.op && a.quantifier == b.quantifier && Expr(a.left, b.left) &&
         Expr(a.right, b.right);
}

bool Comparer::Function(const ast::Function& a, const ast::Function& b) {
  return Names(a.name, b.name) && a.form == b.form && a.distinct == b.distinct &&
         SameWords(a.distinct_word, b.distinct_word) && a.star == b.star &&
         SameWords(a.modifier, b.modifier) && Exprs(a.args, b.args) &&
         Order(a.order_by, b.order_by) && Expr(a.separator, b.separator) &&
         Window(a.over, b.over) && Expr(a.limit, b.limit) && Expr(a.offset, b.offset) &&
         (a.offset == nullptr || a.offset_keyword == b.offset_keyword) &&
         a.from_edge == b.from_edge && a.nulls == b.nulls &&
         (a.returning == nullptr ? b.returning == nullptr
                                 : b.returning != nullptr && Type(*a.returning, *b.returning)) &&
         JsonOn(a.on_empty, b.on_empty) && JsonOn(a.on_error, b.on_error);
}

bool Comparer::JsonOn(const ast::JsonOn& a, const ast::JsonOn& b) {
  return a.response == b.response && Expr(a.value, b.value);
}

bool Comparer::Type(const ast::DataType& x, const ast::DataType& y) {
  return SameWords(x.name, y.name) && x.length == y.length && x.scale == y.scale &&
         SameWords(Unquoted(x.charset), Unquoted(y.charset)) && x.is_unsigned == y.is_unsigned &&
         x.integer_suffix == y.integer_suffix && x.binary == y.binary;
}

bool Comparer::Case(const ast::Case& a, const ast::Case& b) {
  const auto same_when = [this](const ast::When& x, const ast::When& y) {
    return Expr(x.condition, y.condition) && Expr(x.result, y.result);
  };
  return Expr(a.operand, b.operand) && Spans(a.whens, b.whens, same_when) &&
         Expr(a.otherwise, b.otherwise);
}

bool Comparer::Cast(const ast::Cast& a, const ast::Cast& b) {
  if (a.convert != b.convert || a.array != b.array || !Expr(a.operand, b.operand)) return false;
  if (!a.using_charset.empty() || !b.using_charset.empty()) {  // the type is unused
    return SameWords(a.using_charset, b.using_charset);
  }
  return Type(a.type, b.type);
}

bool Comparer::Match(const ast::Match& a, const ast::Match& b) {
  return Exprs(a.columns, b.columns) && Expr(a.against, b.against) &&
         SameWords(a.modifier, b.modifier) && a.bare_columns == b.bare_columns;
}

// Frame fields mean something only when there is a frame (and an end only with BETWEEN).
bool Comparer::Window(const ast::WindowSpec* a, const ast::WindowSpec* b) {
  if (a == nullptr || b == nullptr) return a == b;
  if (a->name.empty() != b->name.empty() || !ast::SameName(a->name, b->name)) return false;
  if (a->parenthesized != b->parenthesized || !Exprs(a->partition_by, b->partition_by) ||
      !Order(a->order_by, b->order_by) || a->frame_unit != b->frame_unit) {
    return false;
  }
  if (a->frame_unit == ast::FrameUnit::kNone) return true;
  if (a->frame_between != b->frame_between || !Bound(a->frame_start, b->frame_start)) {
    return false;
  }
  return !a->frame_between || Bound(a->frame_end, b->frame_end);
}

// --- Queries ---------------------------------------------------------------------------------

bool Comparer::Statement(const ast::Statement& a, const ast::Statement& b) {
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case ast::StatementKind::kSelect:
      return Query(a.As<ast::SelectStatement>().query, b.As<ast::SelectStatement>().query);
    case ast::StatementKind::kInsert:
      return Insert(a.As<ast::InsertStatement>(), b.As<ast::InsertStatement>());
    case ast::StatementKind::kUpdate:
      return Update(a.As<ast::UpdateStatement>(), b.As<ast::UpdateStatement>());
    case ast::StatementKind::kDelete:
      return Delete(a.As<ast::DeleteStatement>(), b.As<ast::DeleteStatement>());
    case ast::StatementKind::kCreateTable:
      return CreateTable(a.As<ast::CreateTableStatement>(), b.As<ast::CreateTableStatement>());
    case ast::StatementKind::kCreateIndex:
      return CreateIndex(a.As<ast::CreateIndexStatement>(), b.As<ast::CreateIndexStatement>());
    case ast::StatementKind::kAlterTable:
      return AlterTable(a.As<ast::AlterTableStatement>(), b.As<ast::AlterTableStatement>());
    case ast::StatementKind::kDropTable:
      return DropTable(a.As<ast::DropTableStatement>(), b.As<ast::DropTableStatement>());
    case ast::StatementKind::kDropIndex: {
      const auto& x = a.As<ast::DropIndexStatement>();
      const auto& y = b.As<ast::DropIndexStatement>();
      return x.if_exists == y.if_exists && SameAlias(x.index, y.index) && Names(x.table, y.table) &&
             SameOptions(x.algorithm_lock, y.algorithm_lock);
    }
    case ast::StatementKind::kRenameTable: {
      const auto& x = a.As<ast::RenameTableStatement>();
      const auto& y = b.As<ast::RenameTableStatement>();
      return x.tables_keyword == y.tables_keyword && x.if_exists == y.if_exists &&
             SameWords(x.wait, y.wait) &&
             Spans(x.pairs, y.pairs, [](const ast::RenamePair& p, const ast::RenamePair& q) {
               return Names(p.from, q.from) && Names(p.to, q.to);
             });
    }
    case ast::StatementKind::kCreateDatabase: {
      const auto& x = a.As<ast::CreateDatabaseStatement>();
      const auto& y = b.As<ast::CreateDatabaseStatement>();
      return x.schema_keyword == y.schema_keyword && x.if_not_exists == y.if_not_exists &&
             SameAlias(x.name, y.name) && SameOptions(x.options, y.options);
    }
    case ast::StatementKind::kUse:
      return SameAlias(a.As<ast::UseStatement>().database, b.As<ast::UseStatement>().database);
    case ast::StatementKind::kSet:
      return Set(a.As<ast::SetStatement>(), b.As<ast::SetStatement>());
    case ast::StatementKind::kUnsupported:
      return SameWords(a.As<ast::UnsupportedStatement>().what,
                       b.As<ast::UnsupportedStatement>().what);
    case ast::StatementKind::kCreateView:
    case ast::StatementKind::kAlterView:
    case ast::StatementKind::kDropView:
    case ast::StatementKind::kDropDatabase:
    case ast::StatementKind::kCreateTrigger:
    case ast::StatementKind::kCreateRoutine:
    case ast::StatementKind::kDropRoutine:
      return ObjectDdl(a, b);
  }
  return false;
}

// --- views, DROP DATABASE, triggers and routines ---------------------------------------------
// Definers, characteristics and bodies are kept as written and compare as written.

bool Comparer::ObjectDdl(const ast::Statement& a, const ast::Statement& b) {
  switch (a.kind) {
    case ast::StatementKind::kCreateView:
    case ast::StatementKind::kAlterView: {
      const auto& x = static_cast<const ast::ViewStatement&>(a);
      const auto& y = static_cast<const ast::ViewStatement&>(b);
      return x.or_replace == y.or_replace && SameWords(x.algorithm, y.algorithm) &&
             x.definer == y.definer && SameWords(x.sql_security, y.sql_security) &&
             x.if_not_exists == y.if_not_exists && Names(x.name, y.name) &&
             Idents(x.columns, y.columns) && Query(x.query, y.query) &&
             x.check_option == y.check_option;
    }
    case ast::StatementKind::kDropView: {
      const auto& x = a.As<ast::DropViewStatement>();
      const auto& y = b.As<ast::DropViewStatement>();
      return x.if_exists == y.if_exists && SameWords(x.behavior, y.behavior) &&
             Spans(x.views, y.views,
                   [](const ast::Name& p, const ast::Name& q) { return Names(p, q); });
    }
    case ast::StatementKind::kDropDatabase: {
      const auto& x = a.As<ast::DropDatabaseStatement>();
      const auto& y = b.As<ast::DropDatabaseStatement>();
      return x.schema_keyword == y.schema_keyword && x.if_exists == y.if_exists &&
             SameAlias(x.name, y.name);
    }
    case ast::StatementKind::kCreateTrigger: {
      const auto& x = a.As<ast::CreateTriggerStatement>();
      const auto& y = b.As<ast::CreateTriggerStatement>();
      return x.or_replace == y.or_replace && x.definer == y.definer &&
             x.if_not_exists == y.if_not_exists && Names(x.name, y.name) && x.time == y.time &&
             x.event == y.event && Names(x.table, y.table) && x.order == y.order &&
             SameAlias(x.other, y.other) && x.body == y.body;
    }
    case ast::StatementKind::kCreateRoutine: {
      const auto& x = a.As<ast::CreateRoutineStatement>();
      const auto& y = b.As<ast::CreateRoutineStatement>();
      const auto same_param = [](const ast::RoutineParam& p, const ast::RoutineParam& q) {
        return p.mode == q.mode && SameAlias(p.name, q.name) && ColumnType(p.type, q.type);
      };
      const auto same_text = [](std::string_view p, std::string_view q) { return p == q; };
      return x.routine == y.routine && x.or_replace == y.or_replace && x.definer == y.definer &&
             x.aggregate == y.aggregate && x.if_not_exists == y.if_not_exists &&
             Names(x.name, y.name) && Spans(x.params, y.params, same_param) &&
             x.has_returns == y.has_returns && ColumnType(x.returns, y.returns) &&
             Spans(x.characteristics, y.characteristics, same_text) && x.body == y.body;
    }
    case ast::StatementKind::kDropRoutine: {
      const auto& x = a.As<ast::DropRoutineStatement>();
      const auto& y = b.As<ast::DropRoutineStatement>();
      return x.object == y.object && x.if_exists == y.if_exists && Names(x.name, y.name);
    }
    default:
      return false;
  }
}

bool Comparer::Query(const ast::Query* a, const ast::Query* b) {
  if (a == nullptr || b == nullptr) return a == b;
  return With(a->recursive, a->with, b->recursive, b->with) && Term(a->term, b->term) &&
         Order(a->order_by, b->order_by) && Expr(a->limit, b->limit) &&
         Expr(a->offset, b->offset) &&
         (a->offset == nullptr || a->offset_keyword == b->offset_keyword) && Locking(*a, *b) &&
         SameWords(a->into, b->into) && FetchFirst(*a, *b);
}

// OFFSET n ROWS / FETCH FIRST n ROWS ONLY: the noise words count, as the printer keeps them.
bool Comparer::FetchFirst(const ast::Query& a, const ast::Query& b) {
  return SameWords(a.offset_rows, b.offset_rows) && a.fetch == b.fetch &&
         SameWords(a.fetch_first, b.fetch_first) && SameWords(a.fetch_rows, b.fetch_rows) &&
         a.with_ties == b.with_ties;
}

bool Comparer::With(bool recursive_a, std::span<const ast::Cte> a, bool recursive_b,
                    std::span<const ast::Cte> b) {
  const auto same_cte = [this](const ast::Cte& x, const ast::Cte& y) {
    return ast::SameName(x.name, y.name) && Idents(x.columns, y.columns) && Query(x.query, y.query);
  };
  return recursive_a == recursive_b && Spans(a, b, same_cte);
}

bool Comparer::Locking(const ast::Query& a, const ast::Query& b) {
  const auto same_clause = [this](const ast::LockingClause& x, const ast::LockingClause& y) {
    return x.mode == y.mode && Idents(x.of, y.of) && x.wait == y.wait &&
           Expr(x.wait_seconds, y.wait_seconds);
  };
  if (a.lock != b.lock) return false;
  return a.lock_wait == b.lock_wait && Idents(a.lock_of, b.lock_of) &&
         Expr(a.lock_wait_seconds, b.lock_wait_seconds) &&
         Spans(a.more_locks, b.more_locks, same_clause);
}

bool Comparer::Term(const ast::QueryTerm* a, const ast::QueryTerm* b) {
  if (a == nullptr || b == nullptr) return a == b;
  if ((a->select == nullptr) != (b->select == nullptr) ||
      (a->set_op == nullptr) != (b->set_op == nullptr)) {
    return false;
  }
  if (a->select != nullptr) return Select(*a->select, *b->select);
  if ((a->table == nullptr) != (b->table == nullptr) ||
      (a->values == nullptr) != (b->values == nullptr)) {
    return false;
  }
  if (a->table != nullptr) return Names(a->table->name, b->table->name);
  if (a->values != nullptr) {
    const auto same_row = [this](std::span<const ast::Expr* const> x,
                                 std::span<const ast::Expr* const> y) { return Exprs(x, y); };
    return a->values->row_keyword == b->values->row_keyword &&
           Spans(a->values->rows, b->values->rows, same_row);
  }
  if (a->set_op == nullptr) return Query(a->parens, b->parens);
  const ast::SetOperation &x = *a->set_op, &y = *b->set_op;
  return x.op == y.op && x.all == y.all && x.distinct_keyword == y.distinct_keyword &&
         Term(x.left, y.left) && Term(x.right, y.right);
}

bool Comparer::Select(const ast::Select& a, const ast::Select& b) {
  const auto same_table = [this](const ast::TableRef* x, const ast::TableRef* y) {
    return TableRef(x, y);
  };
  return SameWords(HintBody(a.hint), HintBody(b.hint)) && a.options == b.options &&
         Spans(a.items, b.items, [this](const auto& x, const auto& y) { return Item(x, y); }) &&
         Spans(a.from, b.from, same_table) && a.from_dual == b.from_dual &&
         SameWords(a.into, b.into) && Clauses(a, b);
}

bool Comparer::Clauses(const ast::Select& a, const ast::Select& b) {
  const auto same_window = [this](const ast::NamedWindow& x, const ast::NamedWindow& y) {
    return ast::SameName(x.name, y.name) && Window(x.spec, y.spec);
  };
  return Expr(a.where, b.where) && GroupBy(a, b) && Expr(a.having, b.having) &&
         Spans(a.windows, b.windows, same_window);
}

// A direction list shorter than the GROUP BY list means kNone for the rest.
bool Comparer::GroupBy(const ast::Select& a, const ast::Select& b) {
  if (a.with_rollup != b.with_rollup || !Exprs(a.group_by, b.group_by)) return false;
  const auto direction = [](const ast::Select& s, size_t i) {
    return i < s.group_by_directions.size() ? s.group_by_directions[i] : ast::Direction::kNone;
  };
  for (size_t i = 0; i < a.group_by.size(); ++i) {
    if (direction(a, i) != direction(b, i)) return false;
  }
  return true;
}

bool Comparer::Item(const ast::SelectItem& a, const ast::SelectItem& b) {
  if (a.alias.empty() != b.alias.empty() || !ast::SameName(a.alias, b.alias)) return false;
  const bool aliased = !a.alias.empty() || !a.string_alias.empty();
  return Expr(a.expr, b.expr) && (!aliased || a.alias_as == b.alias_as) &&
         EqualsIgnoreCase(Unquoted(a.string_alias), Unquoted(b.string_alias));
}

bool Comparer::TableRef(const ast::TableRef* a, const ast::TableRef* b) {
  if (a == nullptr || b == nullptr) return a == b;
  if (a->kind != b->kind) return false;
  switch (a->kind) {
    case ast::TableRefKind::kTable:
      return TableName(a->As<ast::TableName>(), b->As<ast::TableName>());
    case ast::TableRefKind::kJoin:
      return Join(a->As<ast::Join>(), b->As<ast::Join>());
    case ast::TableRefKind::kDerived:
      return Derived(a->As<ast::DerivedTable>(), b->As<ast::DerivedTable>());
    case ast::TableRefKind::kJsonTable: {
      const auto &x = a->As<ast::JsonTable>(), &y = b->As<ast::JsonTable>();
      return Expr(x.expr, y.expr) && Expr(x.path, y.path) && JsonColumns(x.columns, y.columns) &&
             ast::SameName(x.alias, y.alias) && x.alias_as == y.alias_as;
    }
    case ast::TableRefKind::kParens:
      return a->As<ast::ParenTables>().odbc_escape == b->As<ast::ParenTables>().odbc_escape &&
             Spans(
                 a->As<ast::ParenTables>().items, b->As<ast::ParenTables>().items,
                 [this](const ast::TableRef* x, const ast::TableRef* y) { return TableRef(x, y); });
  }
  return false;
}

bool Comparer::TableName(const ast::TableName& a, const ast::TableName& b) {
  const auto same_hint = [](const ast::IndexHint& x, const ast::IndexHint& y) {
    return x.action == y.action && x.key_keyword == y.key_keyword && x.scope == y.scope &&
           Idents(x.indexes, y.indexes);
  };
  return Names(a.name, b.name) && Idents(a.partitions, b.partitions) &&
         a.alias.empty() == b.alias.empty() && ast::SameName(a.alias, b.alias) &&
         (a.alias.empty() || a.alias_as == b.alias_as) && Spans(a.hints, b.hints, same_hint) &&
         SystemTime(a.system_time, b.system_time);
}

bool Comparer::JsonColumns(std::span<const ast::JsonTableColumn> a,
                           std::span<const ast::JsonTableColumn> b) {
  const auto same_event = [this](const ast::JsonOnEvent& x, const ast::JsonOnEvent& y) {
    return SameWords(x.action, y.action) && Expr(x.default_value, y.default_value);
  };
  const auto same = [&](const ast::JsonTableColumn& x, const ast::JsonTableColumn& y) {
    if (x.kind != y.kind || !Expr(x.path, y.path)) return false;
    if (x.kind == ast::JsonColumnKind::kNested) {
      return x.path_keyword == y.path_keyword && JsonColumns(x.nested, y.nested);
    }
    if (!ast::SameName(x.name, y.name)) return false;
    return x.kind == ast::JsonColumnKind::kOrdinality ||
           (ColumnType(x.type, y.type) && same_event(x.on_empty, y.on_empty) &&
            same_event(x.on_error, y.on_error));
  };
  return Spans(a, b, same);
}

bool Comparer::SystemTime(const ast::SystemTime& a, const ast::SystemTime& b) {
  const auto same_point = [this](const ast::HistoryPoint& x, const ast::HistoryPoint& y) {
    return SameWords(x.unit, y.unit) && Expr(x.value, y.value);
  };
  return a.kind == b.kind && same_point(a.start, b.start) && same_point(a.end, b.end);
}

bool Comparer::Join(const ast::Join& a, const ast::Join& b) {
  return a.join == b.join && a.inner_keyword == b.inner_keyword && TableRef(a.left, b.left) &&
         TableRef(a.right, b.right) && Expr(a.on, b.on) && a.has_using == b.has_using &&
         Idents(a.using_columns, b.using_columns);
}

bool Comparer::Derived(const ast::DerivedTable& a, const ast::DerivedTable& b) {
  return a.lateral == b.lateral && Query(a.query, b.query) && a.alias.empty() == b.alias.empty() &&
         ast::SameName(a.alias, b.alias) && (a.alias.empty() || a.alias_as == b.alias_as) &&
         Idents(a.columns, b.columns);
}

// --- INSERT, REPLACE, UPDATE, DELETE ----------------------------------------------------------

bool Comparer::Insert(const ast::InsertStatement& a, const ast::InsertStatement& b) {
  const auto same_row = [this](std::span<const ast::Expr* const> x,
                               std::span<const ast::Expr* const> y) { return Exprs(x, y); };
  if (a.replace != b.replace || !SameWords(HintBody(a.hint), HintBody(b.hint)) ||
      a.options != b.options || a.into != b.into || !Names(a.table, b.table) ||
      !Idents(a.partitions, b.partitions) || a.column_list != b.column_list ||
      !Idents(a.columns, b.columns)) {
    return false;
  }
  // VALUE and ROW are spellings of a VALUES list only.
  const bool values = !a.rows.empty();
  return Spans(a.rows, b.rows, same_row) &&
         (!values || (a.value_keyword == b.value_keyword && a.row_keyword == b.row_keyword)) &&
         Assignments(a.set, b.set) && Query(a.query, b.query) &&
         Names(a.source_table, b.source_table) && SameAlias(a.row_alias, b.row_alias) &&
         Idents(a.row_alias_columns, b.row_alias_columns) &&
         Assignments(a.on_duplicate, b.on_duplicate) && Returning(a.returning, b.returning);
}

bool Comparer::Returning(std::span<const ast::SelectItem> a, std::span<const ast::SelectItem> b) {
  return Spans(a, b,
               [this](const ast::SelectItem& x, const ast::SelectItem& y) { return Item(x, y); });
}

bool Comparer::Update(const ast::UpdateStatement& a, const ast::UpdateStatement& b) {
  return With(a.recursive, a.with, b.recursive, b.with) &&
         SameWords(HintBody(a.hint), HintBody(b.hint)) && a.options == b.options &&
         Tables(a.tables, b.tables) && Assignments(a.set, b.set) && Expr(a.where, b.where) &&
         Order(a.order_by, b.order_by) && Expr(a.limit, b.limit) && Portion(a.portion, b.portion);
}

// A target_stars list shorter than the targets means no .* for the rest.
bool Comparer::Delete(const ast::DeleteStatement& a, const ast::DeleteStatement& b) {
  const auto star = [](const ast::DeleteStatement& s, size_t i) {
    return i < s.target_stars.size() && s.target_stars[i];
  };
  if (!Spans(a.targets, b.targets, Names)) return false;
  for (size_t i = 0; i < a.targets.size(); ++i) {
    if (star(a, i) != star(b, i)) return false;
  }
  return With(a.recursive, a.with, b.recursive, b.with) &&
         SameWords(HintBody(a.hint), HintBody(b.hint)) && a.options == b.options &&
         a.using_form == b.using_form && Tables(a.tables, b.tables) && Expr(a.where, b.where) &&
         Order(a.order_by, b.order_by) && Expr(a.limit, b.limit) && Portion(a.portion, b.portion) &&
         Returning(a.returning, b.returning);
}

// --- CREATE TABLE ----------------------------------------------------------------------------

// LIKE ends the statement: nothing else counts then. AS and like_parens count only where they
// can be written (with a query, with LIKE).
bool Comparer::CreateTable(const ast::CreateTableStatement& a, const ast::CreateTableStatement& b) {
  if (a.temporary != b.temporary || a.if_not_exists != b.if_not_exists ||
      !Names(a.table, b.table) || !Names(a.like, b.like)) {
    return false;
  }
  if (!a.like.parts.empty()) return a.like_parens == b.like_parens;
  const auto same_column = [this](const ast::ColumnDef& x, const ast::ColumnDef& y) {
    return ColumnDef(x, y);
  };
  const auto same_index = [this](const ast::IndexDef& x, const ast::IndexDef& y) {
    return IndexDef(x, y);
  };
  return a.has_elements == b.has_elements && Spans(a.columns, b.columns, same_column) &&
         Spans(a.indexes, b.indexes, same_index) && Spans(a.periods, b.periods, Period) &&
         SameOptions(a.options, b.options) && SameSpacing(a.partitioning, b.partitioning) &&
         SameWords(a.duplicates, b.duplicates) && Query(a.query, b.query) &&
         (a.query == nullptr || a.as_keyword == b.as_keyword);
}

// default_parens counts only with a default, generated_always and storage only when generated.
bool Comparer::ColumnDef(const ast::ColumnDef& a, const ast::ColumnDef& b) {
  if (!ast::SameName(a.name, b.name) || !ColumnType(a.type, b.type) ||
      a.nullability != b.nullability || !Expr(a.default_value, b.default_value) ||
      (a.default_value != nullptr && a.default_parens != b.default_parens) ||
      !Expr(a.on_update, b.on_update) || !Expr(a.generated, b.generated)) {
    return false;
  }
  if (a.generated != nullptr &&
      (a.generated_always != b.generated_always || !SameWords(a.storage, b.storage))) {
    return false;
  }
  if (!SameWords(a.row_boundary, b.row_boundary) ||
      (!a.row_boundary.empty() && a.generated_always != b.generated_always) ||
      a.engine_attribute != b.engine_attribute ||
      a.secondary_engine_attribute != b.secondary_engine_attribute ||
      !SameWords(a.versioning, b.versioning)) {
    return false;
  }
  return a.auto_increment == b.auto_increment && a.unique == b.unique &&
         a.primary_key == b.primary_key && a.comment == b.comment && a.invisible == b.invisible &&
         SameWords(a.column_format, b.column_format) && Expr(a.check, b.check) &&
         a.srid == b.srid && a.check_constraint == b.check_constraint &&
         a.serial_default_value == b.serial_default_value &&
         SameWords(a.storage_media, b.storage_media) && SameAlias(a.check_name, b.check_name) &&
         SameSpacing(a.references, b.references);
}

bool Comparer::ColumnType(const ast::ColumnType& a, const ast::ColumnType& b) {
  const auto same_value = [](std::string_view x, std::string_view y) { return x == y; };
  return SameWords(a.name, b.name) && a.length == b.length && a.scale == b.scale &&
         Spans(a.values, b.values, same_value) && a.is_unsigned == b.is_unsigned &&
         a.is_signed == b.is_signed && a.zerofill == b.zerofill && a.binary == b.binary &&
         SameCharset(a.charset, b.charset) && SameCharset(a.collation, b.collation) &&
         SameWords(a.charset_shorthand, b.charset_shorthand);
}

bool Comparer::IndexDef(const ast::IndexDef& a, const ast::IndexDef& b) {
  const auto same_part = [this](const ast::KeyPart& x, const ast::KeyPart& y) {
    return KeyPart(x, y);
  };
  if (a.type != b.type || a.constraint_keyword != b.constraint_keyword ||
      a.if_not_exists != b.if_not_exists || !SameAlias(a.constraint, b.constraint) ||
      a.index_keyword != b.index_keyword || a.key_keyword != b.key_keyword ||
      !SameAlias(a.name, b.name) || !SameWords(a.using_type, b.using_type) ||
      !Spans(a.parts, b.parts, same_part)) {
    return false;
  }
  return a.comment == b.comment && a.key_block_size == b.key_block_size &&
         SameWords(a.parser, b.parser) && a.visibility == b.visibility &&
         Names(a.ref_table, b.ref_table) && Idents(a.ref_columns, b.ref_columns) &&
         SameWords(a.match, b.match) && SameWords(a.on_delete, b.on_delete) &&
         SameWords(a.on_update, b.on_update) && Expr(a.check, b.check) &&
         SameWords(a.enforced, b.enforced) && a.engine_attribute == b.engine_attribute &&
         a.secondary_engine_attribute == b.secondary_engine_attribute;
}

// --- CREATE INDEX, ALTER TABLE, DROP, CREATE DATABASE, USE, SET ------------------------------

// CREATE INDEX is always spelt INDEX: the index's INDEX / KEY flags do not count.
bool Comparer::CreateIndex(const ast::CreateIndexStatement& a, const ast::CreateIndexStatement& b) {
  ast::IndexDef x = a.index;
  ast::IndexDef y = b.index;
  x.index_keyword = x.key_keyword = y.index_keyword = y.key_keyword = false;
  return a.if_not_exists == b.if_not_exists && IndexDef(x, y) && Names(a.table, b.table) &&
         SameOptions(a.algorithm_lock, b.algorithm_lock);
}

bool Comparer::AlterTable(const ast::AlterTableStatement& a, const ast::AlterTableStatement& b) {
  const auto same_action = [this](const ast::AlterAction& x, const ast::AlterAction& y) {
    return AlterAction(x, y);
  };
  return a.online == b.online && a.ignore == b.ignore && Names(a.table, b.table) &&
         Spans(a.actions, b.actions, same_action) && SameSpacing(a.partitioning, b.partitioning) &&
         a.if_exists == b.if_exists;
}

// The column, the key and the option count only for the kinds that have them, COLUMN only
// where it is optional, KEY versus INDEX only for DROP and RENAME INDEX. Positions, charsets
// and TO / AS compare as keyword phrases, kOther's text with runs of whitespace as one space.
bool Comparer::AlterAction(const ast::AlterAction& a, const ast::AlterAction& b) {
  using K = ast::AlterKind;
  if (a.kind != b.kind || a.if_exists != b.if_exists || !SameAlias(a.name, b.name) ||
      !SameAlias(a.new_name, b.new_name) || !SameWords(a.position, b.position) ||
      !SameCharset(a.charset, b.charset) || !SameCharset(a.collation, b.collation) ||
      !Names(a.table, b.table) || !SameWords(a.rename_word, b.rename_word) ||
      !SameSpacing(a.text, b.text)) {
    return false;
  }
  switch (a.kind) {
    case K::kAddColumn:
    case K::kModifyColumn:
    case K::kChangeColumn:
      return a.column_keyword == b.column_keyword && ColumnDef(a.column, b.column);
    case K::kDropColumn:
      return a.column_keyword == b.column_keyword && SameWords(a.drop_behavior, b.drop_behavior);
    case K::kAddIndex:
      return IndexDef(a.index, b.index);
    case K::kDropIndex:
    case K::kRenameIndex:
      return a.key_keyword == b.key_keyword;
    case K::kAlterColumn:
      return a.column_keyword == b.column_keyword && a.setting == b.setting &&
             a.default_parens == b.default_parens && Expr(a.default_value, b.default_value);
    case K::kAlterIndex:
      return a.key_keyword == b.key_keyword && a.visibility == b.visibility;
    case K::kDropConstraint:
      return SameWords(a.setting, b.setting);
    case K::kOption:
      return SameOption(a.option, b.option);
    case K::kAddPeriod:
      return Period(a.period, b.period);
    case K::kDropPeriod:
      return ast::SameName(a.period.name, b.period.name);
    default:
      return true;
  }
}

bool Comparer::DropTable(const ast::DropTableStatement& a, const ast::DropTableStatement& b) {
  return a.temporary == b.temporary && a.if_exists == b.if_exists &&
         Spans(a.tables, b.tables, Names) && SameWords(a.behavior, b.behavior);
}

std::string_view CharsetWord(const ast::SetStatement& s) {  // empty: CHARACTER SET, as printed
  return s.charset_word.empty() ? "CHARACTER SET" : s.charset_word;
}

// NAMES and CHARACTER SET compare their charset (quoted or not) and collation; the spelling
// CHARSET versus CHARACTER SET counts only for SET CHARACTER SET.
bool Comparer::Set(const ast::SetStatement& a, const ast::SetStatement& b) {
  const auto same_variable = [this](const ast::SetVariable& x, const ast::SetVariable& y) {
    return SameWords(x.scope, y.scope) && Expr(x.target, y.target) && Expr(x.value, y.value) &&
           x.assign_operator == y.assign_operator;
  };
  return a.names == b.names && a.charset == b.charset &&
         (!a.charset || SameWords(CharsetWord(a), CharsetWord(b))) &&
         SameCharset(a.value, b.value) && SameCharset(a.collation, b.collation) &&
         Spans(a.variables, b.variables, same_variable);
}

}  // namespace

namespace ast {

namespace {
// The characters of one quoted string, `q` its quote: doubled quotes and backslash escapes
// undone. \% and \_ keep their backslash (they are LIKE escapes); \x for another x is x.
void AppendQuoted(std::string_view body, char q, std::string& out) {
  for (size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (c == q && i + 1 < body.size() && body[i + 1] == q) {
      ++i;
    } else if (c == '\\' && i + 1 < body.size()) {
      c = body[++i];
      switch (c) {
        case '0':
          c = '\0';
          break;
        case 'b':
          c = '\b';
          break;
        case 'n':
          c = '\n';
          break;
        case 'r':
          c = '\r';
          break;
        case 't':
          c = '\t';
          break;
        case 'Z':
          c = '\x1a';
          break;
        case '%':
        case '_':
          out.push_back('\\');
          break;
        default:
          break;
      }
    }
    out.push_back(c);
  }
}
}  // namespace

std::string LiteralValue(const Literal& literal) {
  const std::string_view text = literal.text;
  switch (literal.literal) {
    case LiteralKind::kHex:
    case LiteralKind::kBit:
      if (text.size() >= 3 && text.back() == '\'')
        return std::string(text.substr(2, text.size() - 3));
      return std::string(text.substr(std::min<size_t>(2, text.size())));
    case LiteralKind::kString:
    case LiteralKind::kTemporal: {
      // 'a' 'b', N'a', and what the lexer allows between adjacent strings (spaces, comments).
      std::string out;
      size_t i = 0;
      while (i < text.size()) {
        const char c = text[i];
        if (c == '\'' || c == '"') {
          size_t j = i + 1;
          while (j < text.size()) {
            if (text[j] == '\\' && j + 1 < text.size()) {
              j += 2;
            } else if (text[j] == c && j + 1 < text.size() && text[j + 1] == c) {
              j += 2;
            } else if (text[j] == c) {
              break;
            } else {
              ++j;
            }
          }
          AppendQuoted(text.substr(i + 1, std::min(j, text.size()) - i - 1), c, out);
          i = j + 1;
        } else if (text.substr(i, 2) == "/*") {
          const size_t end = text.find("*/", i + 2);
          i = end == std::string_view::npos ? text.size() : end + 2;
        } else if (c == '#' || text.substr(i, 2) == "--") {
          const size_t end = text.find('\n', i);
          i = end == std::string_view::npos ? text.size() : end + 1;
        } else {
          ++i;  // N, space
        }
      }
      return out;
    }
    default:
      return std::string(text);
  }
}

}  // namespace ast

bool Equal(const ast::Statement& a, const ast::Statement& b) { return Comparer().Statement(a, b); }

bool Equal(const ast::Expr& a, const ast::Expr& b) { return Comparer().Expr(a, b); }

}  // namespace qadvisor::parser
