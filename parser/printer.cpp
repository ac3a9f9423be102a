// ToSql (parser.h): the AST printed back as SQL that parses to an equal AST.
//
// Identifiers and literals come out exactly as written (Ident::raw, Literal::prefix and text),
// so quoting, introducers and number spellings survive; keywords come out upper-case with one
// space between tokens. The parser drops redundant parentheses, so the printer puts back the
// ones the grammar needs: by operator precedence (MySQL 8.0 Reference Manual 14.4.1, "Operator
// Precedence"), and where sql_yacc.yy's layering of expressions (expr > bool_pri > predicate >
// bit_expr > simple_expr) is stricter than that table. Where in doubt it adds them: extra
// parentheses around an expression never change its AST.
//
// INSERT / REPLACE, UPDATE and DELETE print their clauses in the order of sql_yacc.yy's
// insert_stmt, replace_stmt, update_stmt and delete_stmt, each optional part only when the AST
// has it. CREATE TABLE prints its columns, then its keys and constraints (as SHOW CREATE TABLE
// does, so an index written between two columns moves after them), each column's attributes in
// one canonical order, and table options, partitioning and type names as written. CREATE INDEX,
// ALTER TABLE, DROP TABLE / INDEX, CREATE DATABASE, USE and SET follow the same rules: options,
// positions, charsets and an ALTER action the AST does not model (kOther) come out as written,
// and the optional words the AST records (COLUMN, KEY, TO / AS, :=) as recorded. An
// UnsupportedStatement keeps only its first keyword, not its text: it prints as that
// keyword, upper-cased, which is not the original statement.
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>

#include "base/ascii.h"
#include "parser/keywords.h"
#include "parser/parser.h"

namespace qadvisor::parser {
namespace {

// Binding strength, lowest to highest, as in the manual's table. kLowest is a context that
// takes any expression (a function argument, a select item): nothing there needs parentheses.
enum class Prec : uint8_t {
  kLowest,
  kAssign,   // :=
  kOr,       // OR ||
  kXor,      // XOR
  kAnd,      // AND &&
  kNot,      // NOT
  kBetween,  // BETWEEN
  kCompare,  // = <=> >= > <= < <> != IS LIKE REGEXP IN MEMBER OF, SOUNDS LIKE
  kBitOr,    // |
  kBitAnd,   // &
  kShift,    // << >>
  kAdd,      // + -
  kMul,      // * / DIV % MOD
  kBitXor,   // ^
  kUnary,    // unary - + ~
  kBang,     // !
  kCollate,  // BINARY, COLLATE
  kPrimary,  // names, literals, calls, (…), CASE … END, INTERVAL
};

Prec Above(Prec p) {
  return p == Prec::kPrimary ? p : static_cast<Prec>(static_cast<uint8_t>(p) + 1);
}

bool IsComparison(ast::BinaryOp op) {
  using Op = ast::BinaryOp;
  return op == Op::kEq || op == Op::kNullSafeEq || op == Op::kNotEq || op == Op::kLt ||
         op == Op::kLe || op == Op::kGt || op == Op::kGe;
}

Prec BinaryPrec(ast::BinaryOp op) {
  using Op = ast::BinaryOp;
  switch (op) {
    case Op::kAssign:
      return Prec::kAssign;
    case Op::kOr:
      return Prec::kOr;
    case Op::kXor:
      return Prec::kXor;
    case Op::kAnd:
      return Prec::kAnd;
    case Op::kEq:
    case Op::kNullSafeEq:
    case Op::kNotEq:
    case Op::kLt:
    case Op::kLe:
    case Op::kGt:
    case Op::kGe:
    case Op::kRegexp:
    case Op::kNotRegexp:
    case Op::kSoundsLike:
    case Op::kMemberOf:
      return Prec::kCompare;
    case Op::kBitOr:
      return Prec::kBitOr;
    case Op::kBitAnd:
      return Prec::kBitAnd;
    case Op::kShiftLeft:
    case Op::kShiftRight:
      return Prec::kShift;
    case Op::kAdd:
    case Op::kSub:
      return Prec::kAdd;
    case Op::kMul:
    case Op::kDiv:
    case Op::kIntDiv:
    case Op::kMod:
      return Prec::kMul;
    case Op::kBitXor:
      return Prec::kBitXor;
    case Op::kJsonExtract:  // column->'$.path' is a simple_expr
    case Op::kJsonUnquote:
      return Prec::kPrimary;
  }
  return Prec::kLowest;
}

// Indexed by BinaryOp, in its order.
constexpr std::string_view kBinaryOps[] = {
    "OR", "XOR", "AND", "=",      "<=>",        "<>",          "<",         "<=", ">", ">=",
    "|",  "&",   "^",   "<<",     ">>",         "+",           "-",         "*",  "/", "DIV",
    "%",  "->",  "->>", "REGEXP", "NOT REGEXP", "SOUNDS LIKE", "MEMBER OF", ":="};
static_assert(std::size(kBinaryOps) == static_cast<size_t>(ast::BinaryOp::kAssign) + 1);

std::string_view BinaryOpText(ast::BinaryOp op) {
  const auto i = static_cast<size_t>(op);
  return i < std::size(kBinaryOps) ? kBinaryOps[i] : "?";
}

// `INTERVAL 1 DAY + x`: sql_yacc.yy reads the part after `+` as a whole `expr`, so an operator
// written after it would be taken into it. It gets parentheses wherever it is an operand.
bool IsIntervalFirst(const ast::Expr& e) {
  if (e.kind != ast::ExprKind::kBinary) return false;
  const auto& b = e.As<ast::Binary>();
  return b.op == ast::BinaryOp::kAdd && b.left->kind == ast::ExprKind::kInterval;
}

Prec PrecedenceOf(const ast::Expr& e) {
  switch (e.kind) {
    case ast::ExprKind::kUnary:
      switch (e.As<ast::Unary>().op) {
        case ast::UnaryOp::kNot:
          return Prec::kNot;
        case ast::UnaryOp::kBang:
          return Prec::kBang;
        case ast::UnaryOp::kBinary:
          return Prec::kCollate;
        default:
          return Prec::kUnary;
      }
    case ast::ExprKind::kBinary:
      return IsIntervalFirst(e) ? Prec::kAssign : BinaryPrec(e.As<ast::Binary>().op);
    case ast::ExprKind::kIs:
    case ast::ExprKind::kIn:
    case ast::ExprKind::kLike:
      return Prec::kCompare;
    case ast::ExprKind::kBetween:
      return Prec::kBetween;
    case ast::ExprKind::kCollate:
      return Prec::kCollate;
    default:
      return Prec::kPrimary;
  }
}

// The left side of a comparison and the operand of IS are a bool_pri: a comparison chains
// (a = b = c is (a = b) = c), but IN, LIKE, BETWEEN, IS … are parenthesised to be safe.
bool ChainsAsComparison(const ast::Expr& e) {
  if (PrecedenceOf(e) > Prec::kCompare) return true;
  return e.kind == ast::ExprKind::kBinary && IsComparison(e.As<ast::Binary>().op);
}

// A value that prints as one term, never as `(…)` followed by more. INTERVAL takes a whole
// expr, but `INTERVAL (x) COLLATE c DAY` reads as the function INTERVAL(N, N1, …) up to its
// `)`: anything else gets parentheses of its own.
bool IsSingleTerm(const ast::Expr& e) {
  switch (e.kind) {
    case ast::ExprKind::kBinary:
    case ast::ExprKind::kIs:
    case ast::ExprKind::kBetween:
    case ast::ExprKind::kIn:
    case ast::ExprKind::kLike:
    case ast::ExprKind::kCollate:
      return false;
    case ast::ExprKind::kUnary:  // NOT binds too loosely to stand alone
      return e.As<ast::Unary>().op != ast::UnaryOp::kNot;
    default:
      return true;
  }
}

using base::IsSpace;

bool StartsWithQuote(std::string_view s) {
  return !s.empty() && (s.front() == '\'' || s.front() == '"');
}

class Printer {
 public:
  std::string Take() { return std::move(out_); }

  void Statement(const ast::Statement& s);
  void Expr(const ast::Expr& e) { Operand(e, Prec::kLowest); }
  void Query(const ast::Query& q);

 private:
  // Expressions.
  void Operand(const ast::Expr& e, Prec min);
  void Parenthesized(const ast::Expr& e);
  void Wrapped(const ast::Expr& e, bool parens);
  void Node(const ast::Expr& e);
  void Literal(const ast::Literal& l);
  void Column(const ast::Column& c);
  void Unary(const ast::Unary& u);
  void Prefix(std::string_view op, const ast::Expr& operand, Prec min);
  void Binary(const ast::Binary& b);
  void Is(const ast::Is& is);
  void Between(const ast::Between& b);
  void In(const ast::In& in);
  void Like(const ast::Like& l);
  void Function(const ast::Function& f);
  bool SpecialCall(const ast::Function& f);
  void Open(const ast::Function& f);
  void Trim(const ast::Function& f);
  void PlainCall(const ast::Function& f);
  void CallLimit(const ast::Function& f);
  void JsonOn(const ast::JsonOn& on, std::string_view when);
  void Case(const ast::Case& c);
  void Cast(const ast::Cast& c);
  void Type(const ast::DataType& t);
  void Collate(const ast::Collate& c);
  void Match(const ast::Match& m);
  void Not(bool negated) { out_ += negated ? " NOT " : " "; }
  void Spaced(std::string_view op) {
    out_ += ' ';
    out_ += op;
    out_ += ' ';
  }

  // Lists and shared pieces.
  void Exprs(std::span<const ast::Expr* const> items);
  void Idents(std::span<const ast::Ident> items);
  void Name(const ast::Name& name);
  void OrderBy(std::span<const ast::OrderItem> items);
  void Direction(ast::Direction d);
  void Words(std::string_view words);
  void Over(const ast::WindowSpec& w);
  void WindowBody(const ast::WindowSpec& w);
  void Frame(const ast::WindowSpec& w);
  void Bound(const ast::FrameBound& b);

  // Queries.
  void With(bool recursive, std::span<const ast::Cte> ctes);
  void Hint(std::string_view hint);
  void Term(const ast::QueryTerm& t);
  void Values(const ast::ValuesRows& v);
  void SetOperand(const ast::QueryTerm& t, ast::SetOp parent, bool right);
  void Select(const ast::Select& s);
  void SelectItem(const ast::SelectItem& item);
  void Returning(std::span<const ast::SelectItem> items);
  void Options(uint32_t options);
  void GroupBy(const ast::Select& s);
  void Windows(std::span<const ast::NamedWindow> windows);
  void Limit(const ast::Query& q);
  void Lock(const ast::Query& q);
  void FetchFirst(const ast::Query& q);
  void LockingClause(const ast::LockingClause& c);
  void TableRef(const ast::TableRef& t);
  void JsonTable(const ast::JsonTable& t);
  void JsonColumns(std::span<const ast::JsonTableColumn> columns);
  void Portion(const ast::Portion& p);
  void SystemTime(const ast::SystemTime& st);
  void TableName(const ast::TableName& t);
  void IndexHint(const ast::IndexHint& h);
  void Join(const ast::Join& j);
  void JoinSide(const ast::TableRef& t, bool parens);
  void Derived(const ast::DerivedTable& d);
  void Alias(const ast::Ident& alias, bool as);
  void ColumnList(std::span<const ast::Ident> names);
  void TableList(std::span<const ast::TableRef* const> tables);

  // INSERT, REPLACE, UPDATE, DELETE.
  void Insert(const ast::InsertStatement& s);
  void Rows(const ast::InsertStatement& s);
  void Update(const ast::UpdateStatement& s);
  void Delete(const ast::DeleteStatement& s);
  void DeleteTargets(const ast::DeleteStatement& s);
  void SingleTable(const ast::TableRef& t);
  void DmlOptions(uint32_t options);
  void Assignments(std::span<const ast::Assignment> items);
  void Where(const ast::Expr* where);
  void SimpleLimit(std::span<const ast::OrderItem> order_by, const ast::Expr* limit);

  // CREATE TABLE.
  void CreateTable(const ast::CreateTableStatement& s);
  void ColumnDef(const ast::ColumnDef& c);
  void ColumnType(const ast::ColumnType& t);
  void IndexDef(const ast::IndexDef& d);
  void IndexKeyword(const ast::IndexDef& d);
  void KeyPart(const ast::KeyPart& k);
  void IndexOptions(const ast::IndexDef& d);
  void Period(const ast::PeriodDef& p);
  void PeriodFor(const ast::PeriodDef& p);
  void TableOption(const ast::TableOption& o);
  void TableOptions(std::span<const ast::TableOption> options);
  void Text(std::string_view keywords, std::string_view value);
  void WordsAfter(std::string_view keywords, std::string_view value);

  // CREATE INDEX, ALTER TABLE, DROP, CREATE DATABASE, USE, SET.
  void CreateIndex(const ast::CreateIndexStatement& s);
  void AlterTable(const ast::AlterTableStatement& s);
  void AlterAction(const ast::AlterAction& a);
  void AlterColumn(std::string_view verb, const ast::AlterAction& a);
  void DropTable(const ast::DropTableStatement& s);
  void DropIndex(const ast::DropIndexStatement& s);
  void RenameTable(const ast::RenameTableStatement& s);
  void CreateDatabase(const ast::CreateDatabaseStatement& s);
  void Set(const ast::SetStatement& s);

  // Views, DROP DATABASE, triggers and routines.
  void View(const ast::ViewStatement& s);
  void DropView(const ast::DropViewStatement& s);
  void DropDatabase(const ast::DropDatabaseStatement& s);
  void CreateTrigger(const ast::CreateTriggerStatement& s);
  void CreateRoutine(const ast::CreateRoutineStatement& s);
  void DropRoutine(const ast::DropRoutineStatement& s);

  template <typename T, typename F>
  void List(std::span<T> items, F each) {
    for (size_t i = 0; i < items.size(); ++i) {
      if (i > 0) out_ += ", ";
      each(items[i]);
    }
  }

  std::string out_;
};

// --- Expressions -----------------------------------------------------------------------------

void Printer::Operand(const ast::Expr& e, Prec min) { Wrapped(e, PrecedenceOf(e) < min); }

void Printer::Parenthesized(const ast::Expr& e) {
  out_ += '(';
  Node(e);
  out_ += ')';
}

void Printer::Wrapped(const ast::Expr& e, bool parens) {
  if (parens) {
    Parenthesized(e);
  } else {
    Node(e);
  }
}

void Printer::Node(const ast::Expr& e) {
  switch (e.kind) {
    case ast::ExprKind::kLiteral:
      return Literal(e.As<ast::Literal>());
    case ast::ExprKind::kParam:
      out_ += e.As<ast::Param>().text;
      return;
    case ast::ExprKind::kVariable:
      out_ += e.As<ast::Variable>().text;
      return;
    case ast::ExprKind::kColumn:
      return Column(e.As<ast::Column>());
    case ast::ExprKind::kUnary:
      return Unary(e.As<ast::Unary>());
    case ast::ExprKind::kBinary:
      return Binary(e.As<ast::Binary>());
    case ast::ExprKind::kIs:
      return Is(e.As<ast::Is>());
    case ast::ExprKind::kBetween:
      return Between(e.As<ast::Between>());
    case ast::ExprKind::kIn:
      return In(e.As<ast::In>());
    case ast::ExprKind::kLike:
      return Like(e.As<ast::Like>());
    case ast::ExprKind::kFunction:
      return Function(e.As<ast::Function>());
    case ast::ExprKind::kCase:
      return Case(e.As<ast::Case>());
    case ast::ExprKind::kCast:
      return Cast(e.As<ast::Cast>());
    case ast::ExprKind::kInterval: {
      const auto& i = e.As<ast::Interval>();
      out_ += "INTERVAL ";
      Wrapped(*i.value, !IsSingleTerm(*i.value));
      out_ += ' ';
      Words(i.unit);
      return;
    }
    case ast::ExprKind::kCollate:
      return Collate(e.As<ast::Collate>());
    case ast::ExprKind::kExists:
      out_ += "EXISTS (";
      Query(*e.As<ast::Exists>().query);
      out_ += ')';
      return;
    case ast::ExprKind::kSubquery:
      out_ += '(';
      Query(*e.As<ast::Subquery>().query);
      out_ += ')';
      return;
    case ast::ExprKind::kRow: {
      const auto& r = e.As<ast::Row>();
      out_ += r.row_keyword ? "ROW(" : "(";
      Exprs(r.items);
      out_ += ')';
      return;
    }
    case ast::ExprKind::kMatch:
      return Match(e.As<ast::Match>());
    case ast::ExprKind::kDefault:
      out_ += "DEFAULT";
      return;
    case ast::ExprKind::kSequenceValue:
      out_ += e.As<ast::SequenceValue>().next ? "NEXT VALUE FOR " : "PREVIOUS VALUE FOR ";
      return Name(e.As<ast::SequenceValue>().sequence);
    case ast::ExprKind::kEscape: {  // {d '2024-01-01'}, {fn NOW()}
      const auto& x = e.As<ast::Escape>();
      out_ += '{';
      out_ += x.keyword.raw;
      out_ += ' ';
      Expr(*x.expr);
      out_ += '}';
      return;
    }
  }
}

void Printer::Literal(const ast::Literal& l) {
  switch (l.literal) {
    case ast::LiteralKind::kNull:  // keywords: upper-case, whatever the spelling (null, \N)
      out_ += "NULL";
      return;
    case ast::LiteralKind::kTrue:
      out_ += "TRUE";
      return;
    case ast::LiteralKind::kFalse:
      out_ += "FALSE";
      return;
    default:
      break;
  }
  const std::string_view prefix = l.prefix;
  if (prefix.empty()) {
  } else if (prefix.front() == '_') {
    // _utf8mb4'x' as MySQL writes it; _binary 0x41 needs the space to stay two tokens.
    out_ += prefix;
    if (!StartsWithQuote(l.text)) out_ += ' ';
  } else if (EqualsIgnoreCase(prefix, "N")) {
    // N'x' is one token: no space. The text may already hold the N.
    if (l.text.empty() || (l.text.front() != 'N' && l.text.front() != 'n')) out_ += 'N';
  } else {
    Words(prefix);  // DATE, TIME, TIMESTAMP
    out_ += ' ';
  }
  out_ += l.text;
}

void Printer::Column(const ast::Column& c) {
  Name(c.name);
  if (c.star) out_ += c.name.parts.empty() ? "*" : ".*";
}

void Printer::Unary(const ast::Unary& u) {
  switch (u.op) {
    case ast::UnaryOp::kMinus:
      return Prefix("-", *u.operand, Prec::kUnary);
    case ast::UnaryOp::kPlus:
      return Prefix("+", *u.operand, Prec::kUnary);
    case ast::UnaryOp::kBitNot:
      return Prefix("~", *u.operand, Prec::kUnary);
    case ast::UnaryOp::kNot:
      return Prefix("NOT ", *u.operand, Prec::kNot);
    case ast::UnaryOp::kBang:
      return Prefix("!", *u.operand, Prec::kBang);
    case ast::UnaryOp::kBinary:
      return Prefix("BINARY ", *u.operand, Prec::kCollate);
  }
}

void Printer::Prefix(std::string_view op, const ast::Expr& operand, Prec min) {
  out_ += op;
  const size_t at = out_.size();
  Operand(operand, min);
  // "--" would read as a comment if a space followed; "- -x" is what the tree says.
  if (op == "-" && at < out_.size() && out_[at] == '-') out_.insert(at, 1, ' ');
}

void Printer::Binary(const ast::Binary& b) {
  const Prec p = BinaryPrec(b.op);
  const std::string_view op = BinaryOpText(b.op);
  if (b.op == ast::BinaryOp::kAssign) {  // right-associative: @a := @b := 1
    Operand(*b.left, Above(p));
    out_ += " := ";
    Operand(*b.right, p);
  } else if (IsComparison(b.op)) {  // bool_pri comp_op predicate
    Wrapped(*b.left, !ChainsAsComparison(*b.left));
    Spaced(op);
    if (b.quantifier == ast::Quantifier::kNone) {
      Operand(*b.right, Prec::kBitOr);
      return;
    }
    static constexpr std::string_view kQuantifiers[] = {"", "ANY ", "SOME ", "ALL "};
    out_ += kQuantifiers[static_cast<size_t>(b.quantifier)];
    Wrapped(*b.right, b.right->kind != ast::ExprKind::kSubquery);
  } else if (b.op == ast::BinaryOp::kMemberOf) {  // bit_expr MEMBER OF '(' simple_expr ')'
    Operand(*b.left, Prec::kBitOr);
    out_ += " MEMBER OF ";
    Parenthesized(*b.right);
  } else if (p == Prec::kPrimary) {  // column->'$.path': both sides are single tokens
    Operand(*b.left, p);
    Spaced(op);
    Operand(*b.right, p);
  } else if (p == Prec::kCompare) {  // REGEXP, SOUNDS LIKE: bit_expr op bit_expr
    Operand(*b.left, Prec::kBitOr);
    Spaced(op);
    Operand(*b.right, Prec::kBitOr);
  } else {  // left-associative
    Operand(*b.left, p);
    Spaced(op);
    Operand(*b.right, Above(p));
  }
}

void Printer::Is(const ast::Is& is) {
  static constexpr std::string_view kWhat[] = {"NULL", "TRUE", "FALSE", "UNKNOWN"};
  Wrapped(*is.operand, !ChainsAsComparison(*is.operand));
  out_ += is.negated ? " IS NOT " : " IS ";
  out_ += kWhat[static_cast<size_t>(is.what)];
}

// bit_expr [NOT] BETWEEN bit_expr AND predicate: bit_expr everywhere is the safe reading.
void Printer::Between(const ast::Between& b) {
  Operand(*b.operand, Prec::kBitOr);
  Not(b.negated);
  out_ += "BETWEEN ";
  Operand(*b.low, Prec::kBitOr);
  out_ += " AND ";
  Operand(*b.high, Prec::kBitOr);
}

void Printer::In(const ast::In& in) {
  Operand(*in.operand, Prec::kBitOr);
  Not(in.negated);
  out_ += "IN (";
  if (in.subquery != nullptr) {
    Query(*in.subquery);
  } else {
    Exprs(in.list);
  }
  out_ += ')';
}

// bit_expr [NOT] LIKE simple_expr [ESCAPE simple_expr]
void Printer::Like(const ast::Like& l) {
  Operand(*l.operand, Prec::kBitOr);
  Not(l.negated);
  out_ += "LIKE ";
  Operand(*l.pattern, Prec::kUnary);
  if (l.escape != nullptr) {
    out_ += " ESCAPE ";
    Operand(*l.escape, Prec::kUnary);
  }
}

void Printer::Function(const ast::Function& f) {
  if (!SpecialCall(f)) PlainCall(f);
  if (f.from_edge == ast::FromEdge::kFirst) out_ += " FROM FIRST";
  if (f.from_edge == ast::FromEdge::kLast) out_ += " FROM LAST";
  if (f.nulls == ast::NullTreatment::kRespectNulls) out_ += " RESPECT NULLS";
  if (f.nulls == ast::NullTreatment::kIgnoreNulls) out_ += " IGNORE NULLS";
  if (f.over != nullptr) Over(*f.over);
}

// [LIMIT n | LIMIT offset, n | LIMIT n OFFSET offset] inside GROUP_CONCAT (MariaDB).
void Printer::CallLimit(const ast::Function& f) {
  if (f.limit == nullptr) return;
  out_ += " LIMIT ";
  if (f.offset != nullptr && !f.offset_keyword) {
    Expr(*f.offset);
    out_ += ", ";
  }
  Expr(*f.limit);
  if (f.offset != nullptr && f.offset_keyword) {
    out_ += " OFFSET ";
    Expr(*f.offset);
  }
}

// {NULL | ERROR | DEFAULT literal} ON EMPTY | ON ERROR, of JSON_VALUE.
void Printer::JsonOn(const ast::JsonOn& on, std::string_view when) {
  switch (on.response) {
    case ast::JsonResponse::kNone:
      return;
    case ast::JsonResponse::kNull:
      out_ += " NULL";
      break;
    case ast::JsonResponse::kError:
      out_ += " ERROR";
      break;
    case ast::JsonResponse::kDefault:
      out_ += " DEFAULT ";
      if (on.value != nullptr) Expr(*on.value);
      break;
  }
  out_ += when;
}

// The special syntaxes of CallForm. A call whose arguments do not fit its form (never made
// by the parser) falls back to the plain f(a, b).
bool Printer::SpecialCall(const ast::Function& f) {
  const auto& a = f.args;
  switch (f.form) {
    case ast::CallForm::kPlain:
    case ast::CallForm::kGroupConcat:
      return false;
    case ast::CallForm::kNoParens:
      Name(f.name);
      return true;
    case ast::CallForm::kTrim:
      if (a.empty() || a.size() > 2) return false;
      Trim(f);
      return true;
    case ast::CallForm::kSubstringFrom:  // SUBSTRING(str FROM pos [FOR len])
      if (a.size() < 2 || a.size() > 3) return false;
      Open(f);
      Expr(*a[0]);
      out_ += " FROM ";
      Expr(*a[1]);
      if (a.size() == 3) {
        out_ += " FOR ";
        Expr(*a[2]);
      }
      break;
    case ast::CallForm::kExtract:  // EXTRACT(unit FROM expr)
      if (a.size() != 1) return false;
      Open(f);
      Words(f.modifier);
      out_ += " FROM ";
      Expr(*a[0]);
      break;
    case ast::CallForm::kPosition:  // POSITION(bit_expr IN expr)
      if (a.size() != 2) return false;
      Open(f);
      Operand(*a[0], Prec::kBitOr);
      out_ += " IN ";
      Expr(*a[1]);
      break;
    case ast::CallForm::kCharUsing:  // CHAR(n, … USING charset)
      Open(f);
      Exprs(a);
      out_ += " USING ";
      out_ += f.modifier;
      break;
    case ast::CallForm::kJsonValue:  // JSON_VALUE(doc, path [RETURNING type] [on_empty] …)
      if (a.size() != 2) return false;
      Open(f);
      Exprs(a);
      if (f.returning != nullptr) {
        out_ += " RETURNING ";
        Type(*f.returning);
      }
      JsonOn(f.on_empty, " ON EMPTY");
      JsonOn(f.on_error, " ON ERROR");
      break;
  }
  out_ += ')';
  return true;
}

void Printer::Open(const ast::Function& f) {
  Name(f.name);
  out_ += '(';
}

// TRIM([BOTH | LEADING | TRAILING] [remstr] FROM str): args are {remstr, str} or {str}. TRIM(str)
// alone is a plain call, so the one-argument form always has its FROM (TRIM(FROM s) included).
void Printer::Trim(const ast::Function& f) {
  Open(f);
  if (!f.modifier.empty()) {
    Words(f.modifier);
    out_ += ' ';
  }
  if (f.args.size() == 2) {
    Expr(*f.args[0]);
    out_ += ' ';
  }
  out_ += "FROM ";
  Expr(*f.args.back());
  out_ += ')';
}

// f(a, b), COUNT(*), COUNT(DISTINCT a), GROUP_CONCAT(DISTINCT a ORDER BY b SEPARATOR ', ').
void Printer::PlainCall(const ast::Function& f) {
  Open(f);
  if (f.distinct) {
    f.distinct_word.empty() ? void(out_ += "DISTINCT") : Words(f.distinct_word);
    out_ += ' ';
  }
  if (f.star) {
    out_ += '*';
  } else {
    Exprs(f.args);
  }
  if (!f.order_by.empty()) {
    out_ += " ORDER BY ";
    OrderBy(f.order_by);
  }
  if (f.separator != nullptr) {
    out_ += " SEPARATOR ";
    Expr(*f.separator);
  }
  CallLimit(f);
  out_ += ')';
}

void Printer::Case(const ast::Case& c) {
  out_ += "CASE";
  if (c.operand != nullptr) {
    out_ += ' ';
    Expr(*c.operand);
  }
  for (const ast::When& w : c.whens) {
    out_ += " WHEN ";
    Expr(*w.condition);
    out_ += " THEN ";
    Expr(*w.result);
  }
  if (c.otherwise != nullptr) {
    out_ += " ELSE ";
    Expr(*c.otherwise);
  }
  out_ += " END";
}

// CAST(x AS type [ARRAY]), CONVERT(x, type), CONVERT(x USING charset)
void Printer::Cast(const ast::Cast& c) {
  out_ += c.convert ? "CONVERT(" : "CAST(";
  Expr(*c.operand);
  if (!c.using_charset.empty()) {
    out_ += " USING ";
    out_ += c.using_charset;
  } else {
    out_ += c.convert ? ", " : " AS ";
    Type(c.type);
    if (c.array) out_ += " ARRAY";
  }
  out_ += ')';
}

// SIGNED [INTEGER] and UNSIGNED [INTEGER] are whole types in CAST: is_unsigned picks the word
// whichever of the two the name holds. Other types take UNSIGNED after their length.
void Printer::Type(const ast::DataType& t) {
  const bool sign_word = EqualsIgnoreCase(t.name, "SIGNED") || EqualsIgnoreCase(t.name, "UNSIGNED");
  if (sign_word) {
    out_ += t.is_unsigned || EqualsIgnoreCase(t.name, "UNSIGNED") ? "UNSIGNED" : "SIGNED";
    if (t.integer_suffix) out_ += " INTEGER";
  } else {
    Words(t.name);
  }
  if (!t.length.empty()) {
    out_ += '(';
    out_ += t.length;
    if (!t.scale.empty()) {
      out_ += ", ";
      out_ += t.scale;
    }
    out_ += ')';
  }
  if (t.is_unsigned && !sign_word) out_ += " UNSIGNED";
  if (t.binary) out_ += " BINARY";
  if (!t.charset.empty()) {
    out_ += " CHARACTER SET ";
    out_ += t.charset;
  }
}

// simple_expr COLLATE ident. BINARY is as strong and right-associative, so BINARY x COLLATE c
// would read as BINARY (x COLLATE c): a BINARY operand keeps its parentheses.
void Printer::Collate(const ast::Collate& c) {
  const bool parens =
      PrecedenceOf(*c.operand) < Prec::kCollate || c.operand->kind == ast::ExprKind::kUnary;
  Wrapped(*c.operand, parens);
  out_ += " COLLATE ";
  out_ += c.collation.raw;
}

// MATCH (cols) AGAINST (bit_expr [modifier]), or MATCH col, … AGAINST (…) as written
void Printer::Match(const ast::Match& m) {
  out_ += m.bare_columns ? "MATCH " : "MATCH (";
  Exprs(m.columns);
  out_ += m.bare_columns ? " AGAINST (" : ") AGAINST (";
  Operand(*m.against, Prec::kBitOr);
  if (!m.modifier.empty()) {
    out_ += ' ';
    Words(m.modifier);
  }
  out_ += ')';
}

// --- Lists and shared pieces -----------------------------------------------------------------

void Printer::Exprs(std::span<const ast::Expr* const> items) {
  List(items, [this](const ast::Expr* e) { Expr(*e); });
}

void Printer::Idents(std::span<const ast::Ident> items) {
  List(items, [this](const ast::Ident& i) { out_ += i.raw; });
}

void Printer::Name(const ast::Name& name) {
  for (size_t i = 0; i < name.parts.size(); ++i) {
    if (i > 0) out_ += '.';
    out_ += name.parts[i].raw;
  }
}

void Printer::OrderBy(std::span<const ast::OrderItem> items) {
  List(items, [this](const ast::OrderItem& item) {
    Expr(*item.expr);
    Direction(item.direction);
  });
}

void Printer::Direction(ast::Direction d) {
  if (d == ast::Direction::kAsc) out_ += " ASC";
  if (d == ast::Direction::kDesc) out_ += " DESC";
}

// A keyword phrase kept as text (a unit, a type name, a modifier): upper-case, single spaces.
void Printer::Words(std::string_view words) {
  bool first = true;
  size_t i = 0;
  while (i < words.size()) {
    while (i < words.size() && IsSpace(words[i])) ++i;
    if (i == words.size()) break;
    if (!first) out_ += ' ';
    first = false;
    for (; i < words.size() && !IsSpace(words[i]); ++i) {
      const char c = words[i];
      out_ += base::ToUpperAscii(c);
    }
  }
}

void Printer::Over(const ast::WindowSpec& w) {
  out_ += " OVER ";
  if (w.parenthesized) {
    WindowBody(w);
  } else {
    out_ += w.name.raw;
  }
}

// ([base] [PARTITION BY …] [ORDER BY …] [frame])
void Printer::WindowBody(const ast::WindowSpec& w) {
  out_ += '(';
  const size_t start = out_.size();
  const auto clause = [&](std::string_view keywords) {
    if (out_.size() > start) out_ += ' ';
    out_ += keywords;
  };
  out_ += w.name.raw;
  if (!w.partition_by.empty()) {
    clause("PARTITION BY ");
    Exprs(w.partition_by);
  }
  if (!w.order_by.empty()) {
    clause("ORDER BY ");
    OrderBy(w.order_by);
  }
  if (w.frame_unit != ast::FrameUnit::kNone) {
    clause("");
    Frame(w);
  }
  out_ += ')';
}

void Printer::Frame(const ast::WindowSpec& w) {
  static constexpr std::string_view kUnits[] = {"", "ROWS ", "RANGE ", "GROUPS "};
  out_ += kUnits[static_cast<size_t>(w.frame_unit)];
  if (!w.frame_between) return Bound(w.frame_start);
  out_ += "BETWEEN ";
  Bound(w.frame_start);
  out_ += " AND ";
  Bound(w.frame_end);
}

void Printer::Bound(const ast::FrameBound& b) {
  switch (b.kind) {
    case ast::BoundKind::kUnboundedPreceding:
      out_ += "UNBOUNDED PRECEDING";
      return;
    case ast::BoundKind::kPreceding:
      Expr(*b.offset);
      out_ += " PRECEDING";
      return;
    case ast::BoundKind::kCurrentRow:
      out_ += "CURRENT ROW";
      return;
    case ast::BoundKind::kFollowing:
      Expr(*b.offset);
      out_ += " FOLLOWING";
      return;
    case ast::BoundKind::kUnboundedFollowing:
      out_ += "UNBOUNDED FOLLOWING";
      return;
  }
}

// --- Queries ---------------------------------------------------------------------------------

void Printer::Statement(const ast::Statement& s) {
  switch (s.kind) {
    case ast::StatementKind::kSelect:
      return Query(*s.As<ast::SelectStatement>().query);
    case ast::StatementKind::kInsert:
      return Insert(s.As<ast::InsertStatement>());
    case ast::StatementKind::kUpdate:
      return Update(s.As<ast::UpdateStatement>());
    case ast::StatementKind::kDelete:
      return Delete(s.As<ast::DeleteStatement>());
    case ast::StatementKind::kCreateTable:
      return CreateTable(s.As<ast::CreateTableStatement>());
    case ast::StatementKind::kCreateIndex:
      return CreateIndex(s.As<ast::CreateIndexStatement>());
    case ast::StatementKind::kAlterTable:
      return AlterTable(s.As<ast::AlterTableStatement>());
    case ast::StatementKind::kDropTable:
      return DropTable(s.As<ast::DropTableStatement>());
    case ast::StatementKind::kDropIndex:
      return DropIndex(s.As<ast::DropIndexStatement>());
    case ast::StatementKind::kRenameTable:
      return RenameTable(s.As<ast::RenameTableStatement>());
    case ast::StatementKind::kCreateDatabase:
      return CreateDatabase(s.As<ast::CreateDatabaseStatement>());
    case ast::StatementKind::kUse:
      out_ += "USE ";
      out_ += s.As<ast::UseStatement>().database.raw;
      return;
    case ast::StatementKind::kSet:
      return Set(s.As<ast::SetStatement>());
    case ast::StatementKind::kUnsupported:
      return Words(s.As<ast::UnsupportedStatement>().what);
    case ast::StatementKind::kCreateView:
      return View(s.As<ast::CreateViewStatement>());
    case ast::StatementKind::kAlterView:
      return View(s.As<ast::AlterViewStatement>());
    case ast::StatementKind::kDropView:
      return DropView(s.As<ast::DropViewStatement>());
    case ast::StatementKind::kDropDatabase:
      return DropDatabase(s.As<ast::DropDatabaseStatement>());
    case ast::StatementKind::kCreateTrigger:
      return CreateTrigger(s.As<ast::CreateTriggerStatement>());
    case ast::StatementKind::kCreateRoutine:
      return CreateRoutine(s.As<ast::CreateRoutineStatement>());
    case ast::StatementKind::kDropRoutine:
      return DropRoutine(s.As<ast::DropRoutineStatement>());
  }
}

// [WITH …] term [ORDER BY …] [LIMIT …] [locking]
void Printer::Query(const ast::Query& q) {
  With(q.recursive, q.with);
  Term(*q.term);
  if (!q.order_by.empty()) {
    out_ += " ORDER BY ";
    OrderBy(q.order_by);
  }
  Limit(q);
  Lock(q);
  if (!q.into.empty()) {
    out_ += ' ';
    out_ += q.into;
  }
}

void Printer::With(bool recursive, std::span<const ast::Cte> ctes) {
  if (ctes.empty()) return;
  out_ += recursive ? "WITH RECURSIVE " : "WITH ";
  List(ctes, [this](const ast::Cte& cte) {
    out_ += cte.name.raw;
    ColumnList(cte.columns);
    out_ += " AS (";
    Query(*cte.query);
    out_ += ')';
  });
  out_ += ' ';
}

// The kHint token's text after SELECT, INSERT, …; a bare body gets its markers back.
void Printer::Hint(std::string_view hint) {
  if (hint.empty()) return;
  const bool marked = hint.starts_with("/*");
  out_ += marked ? "" : "/*+ ";
  out_ += hint;
  out_ += marked ? " " : " */ ";
}

void Printer::Term(const ast::QueryTerm& t) {
  if (t.select != nullptr) return Select(*t.select);
  if (t.table != nullptr) {
    out_ += "TABLE ";
    return Name(t.table->name);
  }
  if (t.values != nullptr) return Values(*t.values);
  if (t.parens != nullptr) {
    out_ += '(';
    Query(*t.parens);
    out_ += ')';
    return;
  }
  static constexpr std::string_view kOps[] = {" UNION", " INTERSECT", " EXCEPT"};
  const ast::SetOperation& s = *t.set_op;
  SetOperand(*s.left, s.op, false);
  out_ += kOps[static_cast<size_t>(s.op)];
  if (s.all) out_ += " ALL";
  if (s.distinct_keyword) out_ += " DISTINCT";
  out_ += ' ';
  SetOperand(*s.right, s.op, true);
}

// VALUES ROW(1, 2), ROW(3, 4) | VALUES (1, 2), (3, 4)
void Printer::Values(const ast::ValuesRows& v) {
  out_ += "VALUES ";
  List(v.rows, [&](std::span<const ast::Expr* const> row) {
    out_ += v.row_keyword ? "ROW(" : "(";
    Exprs(row);
    out_ += ')';
  });
}

// INTERSECT binds tighter than UNION and EXCEPT, which are left-associative (MySQL 8.0.31+).
void Printer::SetOperand(const ast::QueryTerm& t, ast::SetOp parent, bool right) {
  const auto strength = [](ast::SetOp op) { return op == ast::SetOp::kIntersect ? 2 : 1; };
  const bool parens =
      t.set_op != nullptr && (strength(t.set_op->op) < strength(parent) ||
                              (right && strength(t.set_op->op) == strength(parent)));
  if (parens) out_ += '(';
  Term(t);
  if (parens) out_ += ')';
}

void Printer::Select(const ast::Select& s) {
  out_ += "SELECT ";
  Hint(s.hint);
  Options(s.options);
  List(s.items, [this](const ast::SelectItem& item) { SelectItem(item); });
  if (!s.into.empty()) {
    out_ += ' ';
    out_ += s.into;
  }
  if (s.from_dual) out_ += " FROM DUAL";
  if (!s.from.empty()) out_ += " FROM ";
  TableList(s.from);
  Where(s.where);
  GroupBy(s);
  if (s.having != nullptr) {
    out_ += " HAVING ";
    Expr(*s.having);
  }
  Windows(s.windows);
}

void Printer::SelectItem(const ast::SelectItem& item) {
  Expr(*item.expr);
  if (!item.alias.empty()) return Alias(item.alias, item.alias_as);
  if (item.string_alias.empty()) return;
  out_ += item.alias_as ? " AS " : " ";
  if (StartsWithQuote(item.string_alias)) {
    out_ += item.string_alias;
    return;
  }
  out_ += '\'';  // a value without its quotes: quote it
  for (const char c : item.string_alias) {
    if (c == '\'' || c == '\\') out_ += c;
    out_ += c;
  }
  out_ += '\'';
}

void Printer::Options(uint32_t options) {
  static constexpr std::string_view kNames[] = {
      "ALL",           "DISTINCT",         "DISTINCTROW",        "HIGH_PRIORITY",
      "STRAIGHT_JOIN", "SQL_SMALL_RESULT", "SQL_BIG_RESULT",     "SQL_BUFFER_RESULT",
      "SQL_NO_CACHE",  "SQL_CACHE",        "SQL_CALC_FOUND_ROWS"};
  static_assert(ast::kSqlCalcFoundRows == 1u << (std::size(kNames) - 1));
  for (size_t bit = 0; bit < std::size(kNames); ++bit) {
    if ((options & (1u << bit)) == 0) continue;
    out_ += kNames[bit];
    out_ += ' ';
  }
}

void Printer::GroupBy(const ast::Select& s) {
  if (s.group_by.empty()) return;
  out_ += " GROUP BY ";
  for (size_t i = 0; i < s.group_by.size(); ++i) {
    if (i > 0) out_ += ", ";
    Expr(*s.group_by[i]);
    if (i < s.group_by_directions.size()) Direction(s.group_by_directions[i]);
  }
  if (s.with_rollup) out_ += " WITH ROLLUP";
}

void Printer::Windows(std::span<const ast::NamedWindow> windows) {
  if (windows.empty()) return;
  out_ += " WINDOW ";
  List(windows, [this](const ast::NamedWindow& w) {
    out_ += w.name.raw;
    out_ += " AS ";
    WindowBody(*w.spec);
  });
}

// LIMIT n | LIMIT m, n | LIMIT n OFFSET m
void Printer::Limit(const ast::Query& q) {
  if (!q.offset_rows.empty() || q.fetch) return FetchFirst(q);
  if (q.limit == nullptr) return;
  out_ += " LIMIT ";
  if (q.offset != nullptr && !q.offset_keyword) {
    Expr(*q.offset);
    out_ += ", ";
  }
  Expr(*q.limit);
  if (q.offset != nullptr && q.offset_keyword) {
    out_ += " OFFSET ";
    Expr(*q.offset);
  }
}

// MariaDB 10.6: OFFSET n ROWS FETCH FIRST n ROWS ONLY, the words as written.
void Printer::FetchFirst(const ast::Query& q) {
  if (!q.offset_rows.empty()) {
    out_ += " OFFSET ";
    Expr(*q.offset);
    out_ += ' ';
    Words(q.offset_rows);
  }
  if (!q.fetch) return;
  out_ += " FETCH ";
  Words(q.fetch_first);
  out_ += ' ';
  if (q.limit != nullptr) {
    Expr(*q.limit);
    out_ += ' ';
  }
  Words(q.fetch_rows);
  out_ += q.with_ties ? " WITH TIES" : " ONLY";
}

void Printer::Lock(const ast::Query& q) {
  LockingClause({q.lock, q.lock_of, q.lock_wait, q.lock_wait_seconds});
  for (const ast::LockingClause& c : q.more_locks) LockingClause(c);
}

void Printer::LockingClause(const ast::LockingClause& c) {
  switch (c.mode) {
    case ast::LockMode::kNone:
      return;
    case ast::LockMode::kLockInShareMode:
      out_ += " LOCK IN SHARE MODE";
      break;
    case ast::LockMode::kForUpdate:
      out_ += " FOR UPDATE";
      break;
    case ast::LockMode::kForShare:
      out_ += " FOR SHARE";
      break;
  }
  if (!c.of.empty()) {
    out_ += " OF ";
    Idents(c.of);
  }
  if (c.wait == ast::LockWait::kNoWait) out_ += " NOWAIT";
  if (c.wait == ast::LockWait::kSkipLocked) out_ += " SKIP LOCKED";
  if (c.wait_seconds != nullptr) {
    out_ += " WAIT ";
    Expr(*c.wait_seconds);
  }
}

void Printer::TableRef(const ast::TableRef& t) {
  switch (t.kind) {
    case ast::TableRefKind::kTable:
      return TableName(t.As<ast::TableName>());
    case ast::TableRefKind::kJoin:
      return Join(t.As<ast::Join>());
    case ast::TableRefKind::kDerived:
      return Derived(t.As<ast::DerivedTable>());
    case ast::TableRefKind::kJsonTable:
      return JsonTable(t.As<ast::JsonTable>());
    case ast::TableRefKind::kParens:
      out_ += t.As<ast::ParenTables>().odbc_escape ? "{OJ " : "(";
      List(t.As<ast::ParenTables>().items, [this](const ast::TableRef* r) { TableRef(*r); });
      out_ += t.As<ast::ParenTables>().odbc_escape ? '}' : ')';
      return;
  }
}

// db.t [PARTITION (p, …)] [[AS] alias] [index hints]
void Printer::TableName(const ast::TableName& t) {
  Name(t.name);
  if (!t.partitions.empty()) {
    out_ += " PARTITION";
    ColumnList(t.partitions);
  }
  SystemTime(t.system_time);
  Alias(t.alias, t.alias_as);
  for (const ast::IndexHint& h : t.hints) IndexHint(h);
}

// JSON_TABLE(expr, 'path' COLUMNS (…)) [AS] alias
void Printer::JsonTable(const ast::JsonTable& t) {
  out_ += "JSON_TABLE(";
  Expr(*t.expr);
  out_ += ", ";
  Expr(*t.path);
  out_ += ' ';
  JsonColumns(t.columns);
  out_ += ')';
  Alias(t.alias, t.alias_as);
}

// COLUMNS (name FOR ORDINALITY, name type [EXISTS] PATH 'p' [… ON EMPTY] [… ON ERROR],
// NESTED [PATH] 'p' COLUMNS (…))
void Printer::JsonColumns(std::span<const ast::JsonTableColumn> columns) {
  out_ += "COLUMNS (";
  List(columns, [this](const ast::JsonTableColumn& c) {
    if (c.kind == ast::JsonColumnKind::kNested) {
      out_ += c.path_keyword ? "NESTED PATH " : "NESTED ";
      Expr(*c.path);
      out_ += ' ';
      return JsonColumns(c.nested);
    }
    out_ += c.name.raw;
    if (c.kind == ast::JsonColumnKind::kOrdinality) {
      out_ += " FOR ORDINALITY";
      return;
    }
    out_ += ' ';
    ColumnType(c.type);
    out_ += c.kind == ast::JsonColumnKind::kExists ? " EXISTS PATH " : " PATH ";
    Expr(*c.path);
    for (const auto& [event, on] :
         {std::pair{&c.on_empty, " ON EMPTY"}, std::pair{&c.on_error, " ON ERROR"}}) {
      if (event->action.empty()) continue;
      out_ += ' ';
      Words(event->action);
      if (event->default_value != nullptr) {
        out_ += ' ';
        Expr(*event->default_value);
      }
      out_ += on;
    }
  });
  out_ += ')';
}

// FOR SYSTEM_TIME AS OF p | BETWEEN p AND p | FROM p TO p | ALL (MariaDB)
void Printer::SystemTime(const ast::SystemTime& st) {
  static constexpr std::string_view kForms[] = {"", " AS OF ", " BETWEEN ", " FROM ", " ALL"};
  static constexpr std::string_view kBetween[] = {"", "", " AND ", " TO ", ""};
  if (st.kind == ast::SystemTimeKind::kNone) return;
  out_ += " FOR SYSTEM_TIME";
  out_ += kForms[static_cast<size_t>(st.kind)];
  const auto point = [this](const ast::HistoryPoint& p) {
    if (!p.unit.empty()) {
      Words(p.unit);
      out_ += ' ';
    }
    Expr(*p.value);
  };
  if (st.start.value != nullptr) point(st.start);
  if (st.end.value == nullptr) return;
  out_ += kBetween[static_cast<size_t>(st.kind)];
  point(st.end);
}

// USE INDEX [FOR JOIN] (a, b); USE INDEX () is valid and kept.
void Printer::IndexHint(const ast::IndexHint& h) {
  static constexpr std::string_view kActions[] = {" USE", " FORCE", " IGNORE"};
  static constexpr std::string_view kScopes[] = {"", " FOR JOIN", " FOR ORDER BY", " FOR GROUP BY"};
  out_ += kActions[static_cast<size_t>(h.action)];
  out_ += h.key_keyword ? " KEY" : " INDEX";
  out_ += kScopes[static_cast<size_t>(h.scope)];
  out_ += " (";
  Idents(h.indexes);
  out_ += ')';
}

// Joins read left to right: MySQL 8.0 folds a join without ON onto the leftmost table of what
// follows (PT_cross_join, add_cross_join in sql_yacc.yy), so `a JOIN b JOIN c ON x` is
// (a JOIN b) JOIN c ON x, as the parser builds it. A join on the right of another therefore
// came from parentheses, and commas bind loosest of all.
bool LeftNeedsParens(const ast::Join& j) {
  if (j.left->kind != ast::TableRefKind::kJoin || j.join == ast::JoinKind::kComma) return false;
  return j.left->As<ast::Join>().join == ast::JoinKind::kComma;
}

bool RightNeedsParens(const ast::Join& j) {
  if (j.right->kind != ast::TableRefKind::kJoin) return false;
  const ast::Join& right = j.right->As<ast::Join>();
  // `a JOIN b JOIN c ON x ON y`: a join with its own ON or USING nested on the right, as the
  // parser reads it without parentheses (which would make it a ParenTables).
  if (j.join != ast::JoinKind::kComma && right.join != ast::JoinKind::kComma &&
      (right.on != nullptr || right.has_using)) {
    return false;
  }
  return j.join != ast::JoinKind::kComma || right.join == ast::JoinKind::kComma;
}

void Printer::Join(const ast::Join& j) {
  static constexpr std::string_view kPlain[] = {
      ", ",           " JOIN ",         " CROSS JOIN ",        " STRAIGHT_JOIN ",     " LEFT JOIN ",
      " RIGHT JOIN ", " NATURAL JOIN ", " NATURAL LEFT JOIN ", " NATURAL RIGHT JOIN "};
  static constexpr std::string_view kWithKeyword[] = {", ",
                                                      " INNER JOIN ",
                                                      " CROSS JOIN ",
                                                      " STRAIGHT_JOIN ",
                                                      " LEFT OUTER JOIN ",
                                                      " RIGHT OUTER JOIN ",
                                                      " NATURAL INNER JOIN ",
                                                      " NATURAL LEFT OUTER JOIN ",
                                                      " NATURAL RIGHT OUTER JOIN "};
  JoinSide(*j.left, LeftNeedsParens(j));
  out_ += (j.inner_keyword ? kWithKeyword : kPlain)[static_cast<size_t>(j.join)];
  JoinSide(*j.right, RightNeedsParens(j));
  if (j.on != nullptr) {
    out_ += " ON ";
    Expr(*j.on);
  } else if (j.has_using) {
    out_ += " USING (";
    Idents(j.using_columns);
    out_ += ')';
  }
}

void Printer::JoinSide(const ast::TableRef& t, bool parens) {
  if (parens) out_ += '(';
  TableRef(t);
  if (parens) out_ += ')';
}

// [LATERAL] (query) [AS] alias [(col, …)]
void Printer::Derived(const ast::DerivedTable& d) {
  out_ += d.lateral ? "LATERAL (" : "(";
  Query(*d.query);
  out_ += ')';
  Alias(d.alias, d.alias_as);
  ColumnList(d.columns);
}

void Printer::TableList(std::span<const ast::TableRef* const> tables) {
  List(tables, [this](const ast::TableRef* t) { TableRef(*t); });
}

// " (a, b)" when there are names.
void Printer::ColumnList(std::span<const ast::Ident> names) {
  if (names.empty()) return;
  out_ += " (";
  Idents(names);
  out_ += ')';
}

void Printer::Alias(const ast::Ident& alias, bool as) {
  if (alias.empty()) return;
  out_ += as ? " AS " : " ";
  out_ += alias.raw;
}

// --- INSERT, REPLACE, UPDATE, DELETE ----------------------------------------------------------

// INSERT | REPLACE [hint] [options] [INTO] t [PARTITION (p, …)] [(col, …)] source
//   [AS alias [(col, …)]] [ON DUPLICATE KEY UPDATE col = expr, …]
void Printer::Insert(const ast::InsertStatement& s) {
  out_ += s.replace ? "REPLACE " : "INSERT ";
  Hint(s.hint);
  DmlOptions(s.options);
  if (s.into) out_ += "INTO ";
  Name(s.table);
  if (!s.partitions.empty()) {
    out_ += " PARTITION";
    ColumnList(s.partitions);
  }
  if (s.column_list) {  // `()` is a column list too: INSERT INTO t () VALUES ()
    out_ += " (";
    Idents(s.columns);
    out_ += ')';
  }
  if (s.query != nullptr) {
    out_ += ' ';
    Query(*s.query);
  } else if (!s.source_table.parts.empty()) {
    out_ += " TABLE ";
    Name(s.source_table);
  } else if (!s.set.empty()) {
    out_ += " SET ";
    Assignments(s.set);
  } else {
    Rows(s);
  }
  if (!s.row_alias.empty()) {
    out_ += " AS ";
    out_ += s.row_alias.raw;
    ColumnList(s.row_alias_columns);
  }
  if (!s.on_duplicate.empty()) {
    out_ += " ON DUPLICATE KEY UPDATE ";
    Assignments(s.on_duplicate);
  }
  Returning(s.returning);
}

// [RETURNING item, …] (MariaDB)
void Printer::Returning(std::span<const ast::SelectItem> items) {
  if (items.empty()) return;
  out_ += " RETURNING ";
  List(items, [this](const ast::SelectItem& item) { SelectItem(item); });
}

// VALUES (1, DEFAULT), (2, 3) | VALUE (…) | VALUES ROW(…), ROW(…); VALUES () is a row of
// defaults.
void Printer::Rows(const ast::InsertStatement& s) {
  out_ += s.value_keyword ? " VALUE " : " VALUES ";
  List(s.rows, [this, &s](std::span<const ast::Expr* const> row) {
    out_ += s.row_keyword ? "ROW(" : "(";
    Exprs(row);
    out_ += ')';
  });
}

// [WITH …] UPDATE [hint] [options] table_ref, … SET col = expr, … [WHERE …] [ORDER BY …]
// [LIMIT n]
void Printer::Update(const ast::UpdateStatement& s) {
  With(s.recursive, s.with);
  out_ += "UPDATE ";
  Hint(s.hint);
  DmlOptions(s.options);
  TableList(s.tables);
  Portion(s.portion);
  out_ += " SET ";
  Assignments(s.set);
  Where(s.where);
  SimpleLimit(s.order_by, s.limit);
}

// [WITH …] DELETE [hint] [options], then one of
//   FROM t [[AS] alias] [PARTITION (p, …)]   (single table: no targets)
//   t1[.*], … FROM table_ref, …              (targets)
//   FROM t1[.*], … USING table_ref, …        (targets, using_form)
// and [WHERE …] [ORDER BY …] [LIMIT n] (the last two only in the single-table form).
void Printer::Delete(const ast::DeleteStatement& s) {
  With(s.recursive, s.with);
  out_ += "DELETE ";
  Hint(s.hint);
  DmlOptions(s.options);
  if (s.targets.empty()) {
    out_ += "FROM ";
    if (s.tables.size() == 1) {
      SingleTable(*s.tables[0]);
    } else {
      TableList(s.tables);  // never made by the parser
    }
  } else if (s.using_form) {
    out_ += "FROM ";
    DeleteTargets(s);
    out_ += " USING ";
    TableList(s.tables);
  } else {
    DeleteTargets(s);
    out_ += " FROM ";
    TableList(s.tables);
  }
  Portion(s.portion);
  Where(s.where);
  SimpleLimit(s.order_by, s.limit);
  Returning(s.returning);
}

// FOR PORTION OF period FROM a TO b (MariaDB)
void Printer::Portion(const ast::Portion& p) {
  if (p.period.empty()) return;
  out_ += " FOR PORTION OF ";
  out_ += p.period.raw;
  out_ += " FROM ";
  Expr(*p.from);
  out_ += " TO ";
  Expr(*p.to);
}

void Printer::DeleteTargets(const ast::DeleteStatement& s) {
  for (size_t i = 0; i < s.targets.size(); ++i) {
    if (i > 0) out_ += ", ";
    Name(s.targets[i]);
    if (i < s.target_stars.size() && s.target_stars[i]) out_ += ".*";
  }
}

// The single-table DELETE puts the alias before PARTITION, unlike a table reference (and takes
// no index hints).
void Printer::SingleTable(const ast::TableRef& t) {
  if (t.kind != ast::TableRefKind::kTable) return TableRef(t);  // never made by the parser
  const auto& n = t.As<ast::TableName>();
  Name(n.name);
  Alias(n.alias, n.alias_as);
  if (!n.partitions.empty()) {
    out_ += " PARTITION";
    ColumnList(n.partitions);
  }
}

// The DmlOption bits, in bit order, each followed by a space.
void Printer::DmlOptions(uint32_t options) {
  static constexpr std::string_view kNames[] = {"LOW_PRIORITY", "DELAYED", "HIGH_PRIORITY", "QUICK",
                                                "IGNORE"};
  static_assert(ast::kDmlIgnore == 1u << (std::size(kNames) - 1));
  for (size_t bit = 0; bit < std::size(kNames); ++bit) {
    if ((options & (1u << bit)) == 0) continue;
    out_ += kNames[bit];
    out_ += ' ';
  }
}

// col = expr, …: the value is a whole expr (or DEFAULT), as in update_elem.
void Printer::Assignments(std::span<const ast::Assignment> items) {
  List(items, [this](const ast::Assignment& a) {
    Name(a.column);
    out_ += " = ";
    Expr(*a.value);
  });
}

void Printer::Where(const ast::Expr* where) {
  if (where == nullptr) return;
  out_ += " WHERE ";
  Expr(*where);
}

// UPDATE's and DELETE's ORDER BY … LIMIT n (a row count only, no offset).
void Printer::SimpleLimit(std::span<const ast::OrderItem> order_by, const ast::Expr* limit) {
  if (!order_by.empty()) {
    out_ += " ORDER BY ";
    OrderBy(order_by);
  }
  if (limit != nullptr) {
    out_ += " LIMIT ";
    Expr(*limit);
  }
}

// --- CREATE TABLE ----------------------------------------------------------------------------

// CREATE [TEMPORARY] TABLE [IF NOT EXISTS] t, then LIKE other | (LIKE other), or
// [(columns, keys)] [options] [partitioning] [IGNORE | REPLACE] [AS] [query].
void Printer::CreateTable(const ast::CreateTableStatement& s) {
  out_ += s.temporary ? "CREATE TEMPORARY TABLE " : "CREATE TABLE ";
  if (s.if_not_exists) out_ += "IF NOT EXISTS ";
  Name(s.table);
  if (!s.like.parts.empty()) {
    out_ += s.like_parens ? " (LIKE " : " LIKE ";
    Name(s.like);
    if (s.like_parens) out_ += ')';
    return;
  }
  if (s.has_elements) {
    out_ += " (";
    List(s.columns, [this](const ast::ColumnDef& c) { ColumnDef(c); });
    if (!s.columns.empty() && !s.indexes.empty()) out_ += ", ";
    List(s.indexes, [this](const ast::IndexDef& d) { IndexDef(d); });
    if (!s.periods.empty() && (!s.columns.empty() || !s.indexes.empty())) out_ += ", ";
    List(s.periods, [this](const ast::PeriodDef& p) { Period(p); });
    out_ += ')';
  }
  TableOptions(s.options);
  if (!s.partitioning.empty()) {
    out_ += ' ';
    out_ += s.partitioning;
  }
  WordsAfter(" ", s.duplicates);
  if (s.as_keyword) out_ += " AS";
  if (s.query != nullptr) {
    out_ += ' ';
    Query(*s.query);
  }
}

// name type [GENERATED ALWAYS AS (expr) storage] [NOT NULL | NULL] [DEFAULT v] [ON UPDATE v]
// [AUTO_INCREMENT] [INVISIBLE] [UNIQUE KEY] [PRIMARY KEY] [COMMENT 'x'] [COLUMN_FORMAT x]
// [SRID n] [CHECK (expr)]
void Printer::ColumnDef(const ast::ColumnDef& c) {
  out_ += c.name.raw;
  out_ += ' ';
  ColumnType(c.type);
  if (c.generated != nullptr) {
    if (c.generated_always) out_ += " GENERATED ALWAYS";
    out_ += " AS (";
    Expr(*c.generated);
    out_ += ')';
    WordsAfter(" ", c.storage);
  }
  if (!c.row_boundary.empty()) {  // MariaDB: [GENERATED ALWAYS] AS ROW START | END
    if (c.generated_always) out_ += " GENERATED ALWAYS";
    out_ += " AS ROW ";
    Words(c.row_boundary);
  }
  if (c.nullability == ast::Nullability::kNotNull) out_ += " NOT NULL";
  if (c.nullability == ast::Nullability::kNull) out_ += " NULL";
  if (c.default_value != nullptr) {
    out_ += " DEFAULT ";
    Wrapped(*c.default_value, c.default_parens);
  }
  if (c.on_update != nullptr) {
    out_ += " ON UPDATE ";
    Expr(*c.on_update);
  }
  if (c.auto_increment) out_ += " AUTO_INCREMENT";
  if (c.invisible) out_ += " INVISIBLE";
  if (c.unique) out_ += " UNIQUE KEY";
  if (c.primary_key) out_ += " PRIMARY KEY";
  Text(" COMMENT ", c.comment);
  WordsAfter(" COLUMN_FORMAT ", c.column_format);
  Text(" SRID ", c.srid);
  Text(" ENGINE_ATTRIBUTE ", c.engine_attribute);
  Text(" SECONDARY_ENGINE_ATTRIBUTE ", c.secondary_engine_attribute);
  WordsAfter(" ", c.versioning);
  if (c.serial_default_value) out_ += " SERIAL DEFAULT VALUE";
  WordsAfter(" STORAGE ", c.storage_media);
  if (c.check != nullptr) {
    if (c.check_constraint) {
      out_ += " CONSTRAINT";
      if (!c.check_name.empty()) {
        out_ += ' ';
        out_ += c.check_name.raw;
      }
    }
    out_ += " CHECK (";
    Expr(*c.check);
    out_ += ')';
  }
  if (!c.references.empty()) {
    out_ += ' ';
    out_ += c.references;  // as written: names keep their case
  }
}

// NAME[(length[,scale])] or ENUM('a','b'), then [UNSIGNED | SIGNED] [ZEROFILL] [BINARY]
// [CHARACTER SET x] [COLLATE x].
void Printer::ColumnType(const ast::ColumnType& t) {
  Words(t.name);
  if (!t.values.empty()) {
    out_ += '(';
    for (size_t i = 0; i < t.values.size(); ++i) {
      if (i > 0) out_ += ',';
      out_ += t.values[i];
    }
    out_ += ')';
  } else if (!t.length.empty()) {
    out_ += '(';
    out_ += t.length;
    if (!t.scale.empty()) {
      out_ += ',';
      out_ += t.scale;
    }
    out_ += ')';
  }
  if (t.is_unsigned) out_ += " UNSIGNED";
  if (t.is_signed) out_ += " SIGNED";
  if (t.zerofill) out_ += " ZEROFILL";
  if (t.binary) out_ += " BINARY";
  WordsAfter(" ", t.charset_shorthand);
  Text(" CHARACTER SET ", t.charset);
  Text(" COLLATE ", t.collation);
}

// [CONSTRAINT [name]] kind [name] [USING type] (parts) [options], where a foreign key adds
// REFERENCES t (cols) [MATCH x] [ON DELETE x] [ON UPDATE x] and a check is CHECK (expr)
// [[NOT] ENFORCED].
void Printer::IndexDef(const ast::IndexDef& d) {
  if (d.constraint_keyword) {
    out_ += "CONSTRAINT ";
    if (!d.constraint.empty()) {
      out_ += d.constraint.raw;
      out_ += ' ';
    }
  }
  IndexKeyword(d);
  if (d.type == ast::IndexType::kCheck) {
    out_ += " (";
    if (d.check != nullptr) Expr(*d.check);
    out_ += ')';
    WordsAfter(" ", d.enforced);
    return;
  }
  if (d.if_not_exists) out_ += " IF NOT EXISTS";
  if (!d.name.empty()) {
    out_ += ' ';
    out_ += d.name.raw;
  }
  WordsAfter(" USING ", d.using_type);
  out_ += " (";
  List(d.parts, [this](const ast::KeyPart& k) { KeyPart(k); });
  out_ += ')';
  if (d.type == ast::IndexType::kForeign) {
    out_ += " REFERENCES ";
    Name(d.ref_table);
    ColumnList(d.ref_columns);
    WordsAfter(" MATCH ", d.match);
    WordsAfter(" ON DELETE ", d.on_delete);
    WordsAfter(" ON UPDATE ", d.on_update);
    return;
  }
  IndexOptions(d);
}

// [KEY_BLOCK_SIZE=n] [COMMENT 'x'] [WITH PARSER p] [VISIBLE | INVISIBLE | …]
void Printer::IndexOptions(const ast::IndexDef& d) {
  Text(" KEY_BLOCK_SIZE=", d.key_block_size);
  Text(" COMMENT ", d.comment);
  Text(" WITH PARSER ", d.parser);
  WordsAfter(" ", ast::VisibilityWords(d.visibility));
  Text(" ENGINE_ATTRIBUTE ", d.engine_attribute);
  Text(" SECONDARY_ENGINE_ATTRIBUTE ", d.secondary_engine_attribute);
}

// PERIOD FOR name (start, end)
void Printer::Period(const ast::PeriodDef& p) {
  out_ += "PERIOD ";
  PeriodFor(p);
}

void Printer::PeriodFor(const ast::PeriodDef& p) {
  out_ += "FOR ";
  out_ += p.name.raw;
  out_ += " (";
  out_ += p.start.raw;
  out_ += ", ";
  out_ += p.end.raw;
  out_ += ')';
}

// name=value or name value, both as written.
void Printer::TableOption(const ast::TableOption& o) {
  out_ += o.name;
  out_ += o.equals ? "=" : " ";
  out_ += o.value;
}

// Each option after a space: the table options of CREATE TABLE, ALGORITHM=x LOCK=y, ….
void Printer::TableOptions(std::span<const ast::TableOption> options) {
  for (const ast::TableOption& o : options) {
    out_ += ' ';
    TableOption(o);
  }
}

// PRIMARY KEY, FOREIGN KEY and CHECK are fixed; INDEX or KEY is what was written, alone (KEY
// when neither flag is set) or after UNIQUE, FULLTEXT and SPATIAL (nothing when neither is).
void Printer::IndexKeyword(const ast::IndexDef& d) {
  const std::string_view keyword = d.index_keyword ? "INDEX" : d.key_keyword ? "KEY" : "";
  switch (d.type) {
    case ast::IndexType::kPrimary:
      out_ += "PRIMARY KEY";
      return;
    case ast::IndexType::kForeign:
      out_ += "FOREIGN KEY";
      return;
    case ast::IndexType::kCheck:
      out_ += "CHECK";
      return;
    case ast::IndexType::kKey:
      out_ += keyword.empty() ? "KEY" : keyword;
      return;
    case ast::IndexType::kUnique:
      out_ += "UNIQUE";
      break;
    case ast::IndexType::kFulltext:
      out_ += "FULLTEXT";
      break;
    case ast::IndexType::kSpatial:
      out_ += "SPATIAL";
      break;
  }
  if (!keyword.empty()) {
    out_ += ' ';
    out_ += keyword;
  }
}

// col [(length)] [ASC | DESC], or (expr) [ASC | DESC]
void Printer::KeyPart(const ast::KeyPart& k) {
  if (k.expr != nullptr) {
    Parenthesized(*k.expr);
  } else {
    out_ += k.column.raw;
    if (!k.length.empty()) {
      out_ += '(';
      out_ += k.length;
      out_ += ')';
    }
  }
  Direction(k.direction);
}

// `keywords` and the value as written (a string, a number, a name), when there is a value.
void Printer::Text(std::string_view keywords, std::string_view value) {
  if (value.empty()) return;
  out_ += keywords;
  out_ += value;
}

// `keywords` and a keyword value (CASCADE, SET NULL, BTREE), upper-cased, when there is one.
void Printer::WordsAfter(std::string_view keywords, std::string_view value) {
  if (value.empty()) return;
  out_ += keywords;
  Words(value);
}

// --- CREATE INDEX, ALTER TABLE, DROP, CREATE DATABASE, USE, SET ------------------------------

// CREATE [UNIQUE | FULLTEXT | SPATIAL] INDEX name [USING type] ON t (parts) [index options]
// [ALGORITHM=x] [LOCK=y]: INDEX always, as the grammar has no KEY here.
void Printer::CreateIndex(const ast::CreateIndexStatement& s) {
  const ast::IndexDef& d = s.index;
  out_ += "CREATE ";
  if (d.type == ast::IndexType::kUnique) out_ += "UNIQUE ";
  if (d.type == ast::IndexType::kFulltext) out_ += "FULLTEXT ";
  if (d.type == ast::IndexType::kSpatial) out_ += "SPATIAL ";
  out_ += "INDEX ";
  if (s.if_not_exists) out_ += "IF NOT EXISTS ";
  out_ += d.name.raw;
  WordsAfter(" USING ", d.using_type);
  out_ += " ON ";
  Name(s.table);
  out_ += " (";
  List(d.parts, [this](const ast::KeyPart& k) { KeyPart(k); });
  out_ += ')';
  IndexOptions(d);
  TableOptions(s.algorithm_lock);
}

// ALTER [ONLINE] [IGNORE] TABLE t action, … [partitioning]
void Printer::AlterTable(const ast::AlterTableStatement& s) {
  out_ += "ALTER ";
  if (s.online) out_ += "ONLINE ";
  if (s.ignore) out_ += "IGNORE ";
  out_ += "TABLE ";
  if (s.if_exists) out_ += "IF EXISTS ";
  Name(s.table);
  if (!s.actions.empty()) out_ += ' ';
  List(s.actions, [this](const ast::AlterAction& a) { AlterAction(a); });
  if (!s.partitioning.empty()) {
    out_ += ' ';
    out_ += s.partitioning;
  }
}

// Each action in the spelling its AST records; IF [NOT] EXISTS (MariaDB) wherever it is set.
void Printer::AlterAction(const ast::AlterAction& a) {
  const auto if_exists = [&] {
    if (a.if_exists) out_ += "IF EXISTS ";
  };
  const std::string_view index_word = a.key_keyword ? "KEY " : "INDEX ";
  switch (a.kind) {
    case ast::AlterKind::kAddColumn:
      return AlterColumn("ADD ", a);
    case ast::AlterKind::kAddIndex:
      out_ += "ADD ";
      return IndexDef(a.index);
    case ast::AlterKind::kDropColumn:
      out_ += a.column_keyword ? "DROP COLUMN " : "DROP ";
      if_exists();
      out_ += a.name.raw;
      WordsAfter(" ", a.drop_behavior);
      return;
    case ast::AlterKind::kDropIndex:
      out_ += "DROP ";
      out_ += index_word;
      if_exists();
      out_ += a.name.raw;
      return;
    case ast::AlterKind::kDropPrimaryKey:
      out_ += "DROP PRIMARY KEY";
      return;
    case ast::AlterKind::kDropForeignKey:
      out_ += "DROP FOREIGN KEY ";
      if_exists();
      out_ += a.name.raw;
      return;
    case ast::AlterKind::kModifyColumn:
      return AlterColumn("MODIFY ", a);
    case ast::AlterKind::kChangeColumn:
      return AlterColumn("CHANGE ", a);
    case ast::AlterKind::kRenameColumn:
    case ast::AlterKind::kRenameIndex:
      out_ += "RENAME ";
      out_ += a.kind == ast::AlterKind::kRenameColumn ? "COLUMN " : index_word;
      if_exists();
      out_ += a.name.raw;
      out_ += " TO ";
      out_ += a.new_name.raw;
      return;
    case ast::AlterKind::kRenameTable:
      out_ += "RENAME ";
      if (!a.rename_word.empty()) {
        Words(a.rename_word);
        out_ += ' ';
      }
      return Name(a.table);
    case ast::AlterKind::kConvertCharset:
      out_ += "CONVERT TO CHARACTER SET ";
      out_ += a.charset;
      Text(" COLLATE ", a.collation);
      return;
    case ast::AlterKind::kAlterColumn:
      out_ += a.column_keyword ? "ALTER COLUMN " : "ALTER ";
      out_ += a.name.raw;
      out_ += ' ';
      out_ += a.setting;
      if (a.default_value != nullptr) {
        out_ += ' ';
        Wrapped(*a.default_value, a.default_parens);
      }
      return;
    case ast::AlterKind::kAlterIndex:
      out_ += "ALTER ";
      out_ += index_word;
      if_exists();
      out_ += a.name.raw;
      out_ += ' ';
      out_ += ast::VisibilityWords(a.visibility);
      return;
    case ast::AlterKind::kDropConstraint:
      out_ += "DROP ";
      Words(a.setting);
      out_ += ' ';
      if_exists();
      out_ += a.name.raw;
      return;
    case ast::AlterKind::kForce:
      out_ += "FORCE";
      return;
    case ast::AlterKind::kOption:
      return TableOption(a.option);
    case ast::AlterKind::kOther:
      out_ += a.text;
      return;
    case ast::AlterKind::kAddSystemVersioning:
      out_ += "ADD SYSTEM VERSIONING";
      return;
    case ast::AlterKind::kDropSystemVersioning:
      out_ += "DROP SYSTEM VERSIONING";
      return;
    case ast::AlterKind::kAddPeriod:
      out_ += a.if_exists ? "ADD PERIOD IF NOT EXISTS " : "ADD PERIOD ";
      return PeriodFor(a.period);
    case ast::AlterKind::kDropPeriod:
      out_ += "DROP PERIOD ";
      if_exists();
      out_ += "FOR ";
      out_ += a.period.name.raw;
      return;
  }
}

// ADD | MODIFY | CHANGE [COLUMN] [IF [NOT] EXISTS] [old] column_def [FIRST | AFTER col]
void Printer::AlterColumn(std::string_view verb, const ast::AlterAction& a) {
  out_ += verb;
  if (a.column_keyword) out_ += "COLUMN ";
  if (a.if_exists) out_ += a.kind == ast::AlterKind::kAddColumn ? "IF NOT EXISTS " : "IF EXISTS ";
  if (a.kind == ast::AlterKind::kChangeColumn) {
    out_ += a.name.raw;
    out_ += ' ';
  }
  ColumnDef(a.column);
  Text(" ", a.position);
}

// DROP [TEMPORARY] TABLE [IF EXISTS] t, … [RESTRICT | CASCADE]
void Printer::DropTable(const ast::DropTableStatement& s) {
  out_ += s.temporary ? "DROP TEMPORARY TABLE " : "DROP TABLE ";
  if (s.if_exists) out_ += "IF EXISTS ";
  List(s.tables, [this](const ast::Name& n) { Name(n); });
  WordsAfter(" ", s.behavior);
}

// DROP INDEX name ON t [ALGORITHM=x] [LOCK=y]
void Printer::DropIndex(const ast::DropIndexStatement& s) {
  out_ += "DROP INDEX ";
  if (s.if_exists) out_ += "IF EXISTS ";
  out_ += s.index.raw;
  out_ += " ON ";
  Name(s.table);
  TableOptions(s.algorithm_lock);
}

// RENAME TABLE[S] [IF EXISTS] a TO b, c TO d [WAIT n | NOWAIT]
void Printer::RenameTable(const ast::RenameTableStatement& s) {
  out_ += s.tables_keyword ? "RENAME TABLES " : "RENAME TABLE ";
  if (s.if_exists) out_ += "IF EXISTS ";
  List(s.pairs, [this](const ast::RenamePair& p) {
    Name(p.from);
    out_ += " TO ";
    Name(p.to);
  });
  WordsAfter(" ", s.wait);
}

// CREATE DATABASE | SCHEMA [IF NOT EXISTS] name [options]
void Printer::CreateDatabase(const ast::CreateDatabaseStatement& s) {
  out_ += s.schema_keyword ? "CREATE SCHEMA " : "CREATE DATABASE ";
  if (s.if_not_exists) out_ += "IF NOT EXISTS ";
  out_ += s.name.raw;
  TableOptions(s.options);
}

// SET NAMES x [COLLATE y] | SET CHARACTER SET x | SET [scope] target = value, …: the charset
// and collation as written (a name, a string or DEFAULT), the value a whole expression.
void Printer::Set(const ast::SetStatement& s) {
  out_ += "SET ";
  if (s.names || s.charset) {
    if (s.names) {
      out_ += "NAMES ";
    } else {
      Words(s.charset_word.empty() ? "CHARACTER SET" : s.charset_word);
      out_ += ' ';
    }
    out_ += s.value;
    Text(" COLLATE ", s.collation);
    if (s.variables.empty()) return;
    out_ += ", ";
  }
  List(s.variables, [this](const ast::SetVariable& v) {
    if (!v.scope.empty()) {
      Words(v.scope);
      out_ += ' ';
    }
    Expr(*v.target);
    out_ += v.assign_operator ? " := " : " = ";
    Expr(*v.value);
  });
}

// --- views, DROP DATABASE, triggers and routines ------------------------------------------------

// CREATE [OR REPLACE] | ALTER, then [ALGORITHM=x] [DEFINER=user] [SQL SECURITY x] VIEW
// [IF NOT EXISTS] name [(cols)] AS query [WITH [CASCADED | LOCAL] CHECK OPTION]
void Printer::View(const ast::ViewStatement& s) {
  if (s.kind == ast::StatementKind::kAlterView) {
    out_ += "ALTER";
  } else {
    out_ += s.or_replace ? "CREATE OR REPLACE" : "CREATE";
  }
  WordsAfter(" ALGORITHM=", s.algorithm);
  Text(" DEFINER=", s.definer);
  WordsAfter(" SQL SECURITY ", s.sql_security);
  out_ += " VIEW ";
  if (s.if_not_exists) out_ += "IF NOT EXISTS ";
  Name(s.name);
  ColumnList(s.columns);
  out_ += " AS ";
  Query(*s.query);
  switch (s.check_option) {
    case ast::CheckOption::kNone:
      break;
    case ast::CheckOption::kPlain:
      out_ += " WITH CHECK OPTION";
      break;
    case ast::CheckOption::kCascaded:
      out_ += " WITH CASCADED CHECK OPTION";
      break;
    case ast::CheckOption::kLocal:
      out_ += " WITH LOCAL CHECK OPTION";
      break;
  }
}

// DROP VIEW [IF EXISTS] name, … [RESTRICT | CASCADE]
void Printer::DropView(const ast::DropViewStatement& s) {
  out_ += "DROP VIEW ";
  if (s.if_exists) out_ += "IF EXISTS ";
  List(s.views, [this](const ast::Name& n) { Name(n); });
  WordsAfter(" ", s.behavior);
}

// DROP {DATABASE | SCHEMA} [IF EXISTS] name
void Printer::DropDatabase(const ast::DropDatabaseStatement& s) {
  out_ += s.schema_keyword ? "DROP SCHEMA " : "DROP DATABASE ";
  if (s.if_exists) out_ += "IF EXISTS ";
  out_ += s.name.raw;
}

// CREATE [OR REPLACE] [DEFINER=user] TRIGGER [IF NOT EXISTS] name {BEFORE | AFTER} event ON t
// FOR EACH ROW [{FOLLOWS | PRECEDES} other] body (the body as written)
void Printer::CreateTrigger(const ast::CreateTriggerStatement& s) {
  out_ += s.or_replace ? "CREATE OR REPLACE" : "CREATE";
  Text(" DEFINER=", s.definer);
  out_ += " TRIGGER ";
  if (s.if_not_exists) out_ += "IF NOT EXISTS ";
  Name(s.name);
  out_ += s.time == ast::TriggerTime::kBefore ? " BEFORE " : " AFTER ";
  out_ += s.event == ast::TriggerEvent::kInsert   ? "INSERT"
          : s.event == ast::TriggerEvent::kUpdate ? "UPDATE"
                                                  : "DELETE";
  out_ += " ON ";
  Name(s.table);
  out_ += " FOR EACH ROW ";
  if (s.order != ast::TriggerOrder::kNone) {
    out_ += s.order == ast::TriggerOrder::kFollows ? "FOLLOWS " : "PRECEDES ";
    out_ += s.other.raw;
    out_ += ' ';
  }
  out_ += s.body;
}

// CREATE [OR REPLACE] [DEFINER=user] [AGGREGATE] {PROCEDURE | FUNCTION} [IF NOT EXISTS] name
// (params) [RETURNS type] [characteristics] body (characteristics and body as written)
void Printer::CreateRoutine(const ast::CreateRoutineStatement& s) {
  out_ += s.or_replace ? "CREATE OR REPLACE" : "CREATE";
  Text(" DEFINER=", s.definer);
  if (s.aggregate) out_ += " AGGREGATE";
  out_ += s.routine == ast::RoutineKind::kProcedure ? " PROCEDURE " : " FUNCTION ";
  if (s.if_not_exists) out_ += "IF NOT EXISTS ";
  Name(s.name);
  out_ += '(';
  List(s.params, [this](const ast::RoutineParam& p) {
    switch (p.mode) {
      case ast::ParamMode::kNone:
        break;
      case ast::ParamMode::kIn:
        out_ += "IN ";
        break;
      case ast::ParamMode::kOut:
        out_ += "OUT ";
        break;
      case ast::ParamMode::kInOut:
        out_ += "INOUT ";
        break;
    }
    out_ += p.name.raw;
    out_ += ' ';
    ColumnType(p.type);
  });
  out_ += ')';
  if (s.has_returns) {
    out_ += " RETURNS ";
    ColumnType(s.returns);
  }
  for (std::string_view c : s.characteristics) {
    out_ += ' ';
    out_ += c;
  }
  out_ += ' ';
  out_ += s.body;
}

// DROP {TRIGGER | PROCEDURE | FUNCTION} [IF EXISTS] name
void Printer::DropRoutine(const ast::DropRoutineStatement& s) {
  out_ += s.object == ast::RoutineObject::kTrigger     ? "DROP TRIGGER "
          : s.object == ast::RoutineObject::kProcedure ? "DROP PROCEDURE "
                                                       : "DROP FUNCTION ";
  if (s.if_exists) out_ += "IF EXISTS ";
  Name(s.name);
}

}  // namespace

std::string ToSql(const ast::Statement& statement) {
  Printer p;
  p.Statement(statement);
  return p.Take();
}

std::string ToSql(const ast::Expr& expr) {
  Printer p;
  p.Expr(expr);
  return p.Take();
}

}  // namespace qadvisor::parser
