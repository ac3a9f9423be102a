// ToSql, Equal and ToJson on ASTs built by hand: the printer's parentheses for each level of
// MySQL's precedence table and each special syntax, the SELECT clauses in order, each form of
// INSERT / REPLACE / UPDATE / DELETE and CREATE TABLE, CREATE INDEX, each ALTER TABLE action,
// DROP TABLE / INDEX, CREATE DATABASE, USE and SET, what Equal ignores (spans, quoting, keyword
// case) and what it does not, and JSON that parses with the documented shape (docs/ast-json.md).
// Round trips through Parse() are the parser's tests.
#include <catch2/catch.hpp>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "parser/arena.h"
#include "parser/ast.h"
#include "parser/parser.h"

namespace qadvisor::parser {
namespace {

using namespace ast;  // NOLINT

// Makes nodes in an arena: New<T>() value-initialises a node and sets its kind; the helpers
// below cover what the tests build often. Strings must outlive the builder (literals do).
class Build {
 public:
  template <typename T>
  T* New() {
    T* node = arena_.New<T>();
    node->kind = T::kKind;
    return node;
  }
  template <typename T>
  std::span<T> List(std::initializer_list<T> items) {
    return arena_.Copy(std::vector<T>(items));
  }
  std::span<const Expr* const> Exprs(std::initializer_list<const Expr*> items) {
    return List(items);
  }
  std::span<const Ident> Ids(std::initializer_list<std::string_view> raws) {
    std::vector<Ident> ids;
    for (std::string_view raw : raws) ids.push_back(Ident{raw, 0});
    return arena_.Copy(ids);
  }

  Literal* Lit(LiteralKind kind, std::string_view text, std::string_view prefix = {}) {
    auto* l = New<Literal>();
    l->literal = kind;
    l->text = text;
    l->prefix = prefix;
    return l;
  }
  Literal* Num(std::string_view text) { return Lit(LiteralKind::kNumber, text); }
  Literal* Str(std::string_view text) { return Lit(LiteralKind::kString, text); }
  const Expr* Col(std::initializer_list<std::string_view> parts, bool star = false) {
    auto* c = New<Column>();
    c->name.parts = Ids(parts);
    c->star = star;
    return c;
  }
  const Expr* Var(std::string_view text) {
    auto* v = New<Variable>();
    v->text = text;
    v->system = text.starts_with("@@");
    return v;
  }
  const Expr* Un(UnaryOp op, const Expr* operand) {
    auto* u = New<Unary>();
    u->op = op;
    u->operand = operand;
    return u;
  }
  const Expr* Bin(BinaryOp op, const Expr* left, const Expr* right,
                  Quantifier q = Quantifier::kNone) {
    auto* b = New<Binary>();
    b->op = op;
    b->left = left;
    b->right = right;
    b->quantifier = q;
    return b;
  }
  const Expr* IsNull(const Expr* operand, bool negated = false) {
    auto* is = New<Is>();
    is->operand = operand;
    is->what = IsWhat::kNull;
    is->negated = negated;
    return is;
  }
  const Expr* Btw(const Expr* operand, const Expr* low, const Expr* high) {
    auto* b = New<Between>();
    b->operand = operand;
    b->low = low;
    b->high = high;
    return b;
  }
  const Expr* Interv(const Expr* value, std::string_view unit) {
    auto* i = New<Interval>();
    i->value = value;
    i->unit = unit;
    return i;
  }
  Function* Call(std::string_view name, std::initializer_list<const Expr*> args) {
    auto* f = New<Function>();
    f->name.parts = Ids({name});
    f->args = Exprs(args);
    return f;
  }
  const Expr* Sub(const Query* q) {
    auto* s = New<Subquery>();
    s->query = q;
    return s;
  }

  Select* Sel(std::initializer_list<const Expr*> items) {
    auto* s = arena_.New<Select>();
    std::vector<SelectItem> v;
    for (const Expr* e : items) v.push_back(SelectItem{e, {}, false, {}});
    s->items = arena_.Copy(v);
    return s;
  }
  QueryTerm* Term(const Select* s) {
    auto* t = arena_.New<QueryTerm>();
    t->select = s;
    return t;
  }
  QueryTerm* SetTerm(SetOp op, const QueryTerm* left, const QueryTerm* right, bool all = false,
                     bool distinct_keyword = false) {
    auto* s = arena_.New<SetOperation>();
    *s = SetOperation{op, all, distinct_keyword, left, right};
    auto* t = arena_.New<QueryTerm>();
    t->set_op = s;
    return t;
  }
  QueryTerm* Parens(const Query* q) {
    auto* t = arena_.New<QueryTerm>();
    t->parens = q;
    return t;
  }
  Query* Q(const QueryTerm* t) {
    auto* q = arena_.New<Query>();
    q->term = t;
    return q;
  }
  Query* Q(const Select* s) { return Q(Term(s)); }
  QueryTerm* SelectOf(const Expr* e) { return Term(Sel({e})); }
  SelectStatement* Stmt(const Query* q) {
    auto* s = New<SelectStatement>();
    s->query = q;
    return s;
  }

  TableName* Table(std::initializer_list<std::string_view> name) {
    auto* t = New<TableName>();
    t->name.parts = Ids(name);
    return t;
  }
  Join* JoinOf(JoinKind kind, const TableRef* left, const TableRef* right,
               const Expr* on = nullptr) {
    auto* j = New<Join>();
    j->join = kind;
    j->left = left;
    j->right = right;
    j->on = on;
    return j;
  }

  ast::Name N(std::initializer_list<std::string_view> parts) { return ast::Name{Ids(parts)}; }
  std::span<const Assignment> Sets(
      std::initializer_list<std::pair<std::initializer_list<std::string_view>, const Expr*>>
          items) {
    std::vector<Assignment> v;
    for (const auto& [column, value] : items) v.push_back(Assignment{N(column), value});
    return arena_.Copy(v);
  }
  std::span<const std::span<const Expr* const>> Rows(
      std::initializer_list<std::initializer_list<const Expr*>> rows) {
    std::vector<std::span<const Expr* const>> v;
    for (const auto& row : rows) v.push_back(Exprs(row));
    return arena_.Copy(v);
  }
  InsertStatement* Ins(std::initializer_list<std::string_view> table) {
    auto* s = New<InsertStatement>();
    s->into = true;
    s->table = N(table);
    return s;
  }
  std::span<const KeyPart> Parts(std::initializer_list<std::string_view> columns) {
    std::vector<KeyPart> parts;
    for (std::string_view c : columns) parts.push_back(KeyPart{Ident{c, 0}, nullptr, {}, {}});
    return arena_.Copy(parts);
  }

 private:
  Arena arena_;
};

std::string Sql(const Expr* e) { return ToSql(*e); }

DataType Type(std::string_view name, std::string_view length = {}, std::string_view scale = {},
              std::string_view charset = {}) {
  DataType type;
  type.name = name;
  type.length = length;
  type.scale = scale;
  type.charset = charset;
  return type;
}

std::string Sql(Build& b, const Query* q) { return ToSql(*b.Stmt(q)); }

// --- Literals and names ----------------------------------------------------------------------

TEST_CASE("literals print as written, prefixes as the lexer reads them", "[printer]") {
  Build b;
  CHECK(Sql(b.Str("'it''s'")) == "'it''s'");
  CHECK(Sql(b.Str("'a' 'b'")) == "'a' 'b'");
  CHECK(Sql(b.Num("1.5e3")) == "1.5e3");
  CHECK(Sql(b.Lit(LiteralKind::kString, "'x'", "_utf8mb4")) == "_utf8mb4'x'");
  // _binary0x41 would be one identifier: the space keeps two tokens.
  CHECK(Sql(b.Lit(LiteralKind::kHex, "0x41", "_binary")) == "_binary 0x41");
  CHECK(Sql(b.Lit(LiteralKind::kHex, "X'41'", "_binary")) == "_binary X'41'");
  CHECK(Sql(b.Lit(LiteralKind::kString, "'x'", "N")) == "N'x'");
  CHECK(Sql(b.Lit(LiteralKind::kString, "N'x'", "N")) == "N'x'");
  CHECK(Sql(b.Lit(LiteralKind::kString, "N'x'")) == "N'x'");
  CHECK(Sql(b.Lit(LiteralKind::kTemporal, "'2024-01-01'", "date")) == "DATE '2024-01-01'");
  CHECK(Sql(b.Lit(LiteralKind::kNull, "null")) == "NULL");
  CHECK(Sql(b.Lit(LiteralKind::kTrue, "true")) == "TRUE");
  CHECK(Sql(b.Lit(LiteralKind::kBit, "b'01'")) == "b'01'");
}

TEST_CASE("names, parameters and variables print as written", "[printer]") {
  Build b;
  CHECK(Sql(b.Col({"`db`", "t", "`a``b`"})) == "`db`.t.`a``b`");
  CHECK(Sql(b.Col({}, true)) == "*");
  CHECK(Sql(b.Col({"t"}, true)) == "t.*");
  CHECK(Sql(b.Var("@@GLOBAL.max_connections")) == "@@GLOBAL.max_connections");
  auto* p = b.New<Param>();
  p->text = ":id";
  CHECK(Sql(p) == ":id");
  CHECK(Sql(b.New<Default>()) == "DEFAULT");
}

// --- Precedence ------------------------------------------------------------------------------

TEST_CASE("arithmetic: parentheses only where precedence or associativity needs them",
          "[printer]") {
  Build b;
  const Expr *x = b.Col({"a"}), *y = b.Col({"b"}), *z = b.Col({"c"});
  CHECK(Sql(b.Bin(BinaryOp::kMul, b.Bin(BinaryOp::kAdd, x, y), z)) == "(a + b) * c");
  CHECK(Sql(b.Bin(BinaryOp::kAdd, x, b.Bin(BinaryOp::kMul, y, z))) == "a + b * c");
  CHECK(Sql(b.Bin(BinaryOp::kSub, x, b.Bin(BinaryOp::kSub, y, z))) == "a - (b - c)");
  CHECK(Sql(b.Bin(BinaryOp::kSub, b.Bin(BinaryOp::kSub, x, y), z)) == "a - b - c");
  CHECK(Sql(b.Bin(BinaryOp::kIntDiv, x, b.Bin(BinaryOp::kMod, y, z))) == "a DIV (b % c)");
  CHECK(Sql(b.Bin(BinaryOp::kBitXor, b.Bin(BinaryOp::kMul, x, y), z)) == "(a * b) ^ c");
  CHECK(Sql(b.Bin(BinaryOp::kBitOr, b.Bin(BinaryOp::kBitAnd, x, y), z)) == "a & b | c");
  CHECK(Sql(b.Bin(BinaryOp::kShiftLeft, x, b.Bin(BinaryOp::kAdd, y, z))) == "a << b + c");
  CHECK(Sql(b.Bin(BinaryOp::kAdd, b.Bin(BinaryOp::kShiftLeft, x, y), z)) == "(a << b) + c");
}

TEST_CASE("unary operators: signs bind tighter than ^, NOT looser than comparisons", "[printer]") {
  Build b;
  const Expr *x = b.Col({"a"}), *y = b.Col({"b"});
  CHECK(Sql(b.Bin(BinaryOp::kBitXor, b.Un(UnaryOp::kMinus, x), y)) == "-a ^ b");
  CHECK(Sql(b.Un(UnaryOp::kMinus, b.Bin(BinaryOp::kBitXor, x, y))) == "-(a ^ b)");
  CHECK(Sql(b.Un(UnaryOp::kMinus, b.Bin(BinaryOp::kAdd, x, y))) == "-(a + b)");
  CHECK(Sql(b.Un(UnaryOp::kBitNot, x)) == "~a");
  // "--a" would be fine for the lexer, but "- -a" cannot be misread as a comment.
  CHECK(Sql(b.Un(UnaryOp::kMinus, b.Un(UnaryOp::kMinus, x))) == "- -a");
  CHECK(Sql(b.Un(UnaryOp::kMinus, b.Num("-1"))) == "- -1");
  CHECK(Sql(b.Un(UnaryOp::kNot, b.Bin(BinaryOp::kEq, x, y))) == "NOT a = b");
  CHECK(Sql(b.Bin(BinaryOp::kEq, b.Un(UnaryOp::kNot, x), y)) == "(NOT a) = b");
  CHECK(Sql(b.Bin(BinaryOp::kEq, b.Un(UnaryOp::kBang, x), y)) == "!a = b");
  CHECK(Sql(b.Un(UnaryOp::kBang, b.Bin(BinaryOp::kEq, x, y))) == "!(a = b)");
  CHECK(Sql(b.Un(UnaryOp::kNot, b.Un(UnaryOp::kNot, x))) == "NOT NOT a");
  CHECK(Sql(b.Un(UnaryOp::kNot, b.Bin(BinaryOp::kAnd, x, y))) == "NOT (a AND b)");
}

TEST_CASE("logical operators: OR < XOR < AND < NOT", "[printer]") {
  Build b;
  const Expr *x = b.Col({"a"}), *y = b.Col({"b"}), *z = b.Col({"c"});
  CHECK(Sql(b.Bin(BinaryOp::kOr, b.Bin(BinaryOp::kAnd, x, y), z)) == "a AND b OR c");
  CHECK(Sql(b.Bin(BinaryOp::kAnd, b.Bin(BinaryOp::kOr, x, y), z)) == "(a OR b) AND c");
  CHECK(Sql(b.Bin(BinaryOp::kXor, x, b.Bin(BinaryOp::kOr, y, z))) == "a XOR (b OR c)");
  CHECK(Sql(b.Bin(BinaryOp::kOr, x, b.Bin(BinaryOp::kXor, y, z))) == "a OR b XOR c");
  CHECK(Sql(b.Bin(BinaryOp::kAnd, x, b.Un(UnaryOp::kNot, y))) == "a AND NOT b");
  CHECK(Sql(b.Bin(BinaryOp::kOr, x, b.Bin(BinaryOp::kOr, y, z))) == "a OR (b OR c)");
}

TEST_CASE("comparisons chain to the left, predicates take bit_expr operands", "[printer]") {
  Build b;
  const Expr *x = b.Col({"a"}), *y = b.Col({"b"}), *z = b.Col({"c"});
  const Expr* eq = b.Bin(BinaryOp::kEq, x, y);
  CHECK(Sql(b.Bin(BinaryOp::kEq, eq, z)) == "a = b = c");
  CHECK(Sql(b.Bin(BinaryOp::kEq, x, b.Bin(BinaryOp::kLt, y, z))) == "a = (b < c)");
  CHECK(Sql(b.IsNull(eq)) == "a = b IS NULL");
  CHECK(Sql(b.IsNull(x, true)) == "a IS NOT NULL");
  CHECK(Sql(b.Bin(BinaryOp::kNullSafeEq, b.IsNull(x), y)) == "(a IS NULL) <=> b");
  CHECK(Sql(b.Btw(b.Bin(BinaryOp::kAdd, x, b.Num("1")), y, z)) == "a + 1 BETWEEN b AND c");
  CHECK(Sql(b.Btw(eq, y, z)) == "(a = b) BETWEEN b AND c");
  CHECK(Sql(b.Btw(x, y, b.Btw(x, y, z))) == "a BETWEEN b AND (a BETWEEN b AND c)");
  CHECK(Sql(b.Un(UnaryOp::kNot, b.Btw(x, y, z))) == "NOT a BETWEEN b AND c");
  CHECK(Sql(b.Bin(BinaryOp::kEq, x, b.Btw(x, y, z))) == "a = (a BETWEEN b AND c)");
  CHECK(Sql(b.Bin(BinaryOp::kNotRegexp, x, b.Str("'^x'"))) == "a NOT REGEXP '^x'");
  CHECK(Sql(b.Bin(BinaryOp::kRegexp, eq, z)) == "(a = b) REGEXP c");
  CHECK(Sql(b.Bin(BinaryOp::kSoundsLike, x, y)) == "a SOUNDS LIKE b");
  CHECK(Sql(b.Bin(BinaryOp::kMemberOf, x, b.Col({"j"}))) == "a MEMBER OF (j)");
  CHECK(Sql(b.Bin(BinaryOp::kJsonUnquote, b.Col({"j"}), b.Str("'$.a'"))) == "j ->> '$.a'");
}

TEST_CASE("IN, LIKE, quantified comparisons and subqueries", "[printer]") {
  Build b;
  const Expr* x = b.Col({"a"});
  auto* in = b.New<In>();
  in->operand = x;
  in->list = b.Exprs({b.Num("1"), b.Num("2")});
  in->negated = true;
  CHECK(Sql(in) == "a NOT IN (1, 2)");
  auto* in_sub = b.New<In>();
  in_sub->operand = b.Bin(BinaryOp::kAdd, x, b.Num("1"));
  in_sub->subquery = b.Q(b.SelectOf(b.Num("1")));
  CHECK(Sql(in_sub) == "a + 1 IN (SELECT 1)");

  auto* like = b.New<Like>();
  like->operand = x;
  like->pattern = b.Bin(BinaryOp::kAdd, b.Str("'x'"), b.Col({"b"}));  // LIKE takes simple_expr
  like->escape = b.Str("'!'");
  CHECK(Sql(like) == "a LIKE ('x' + b) ESCAPE '!'");

  const Query* sub = b.Q(b.SelectOf(b.Num("1")));
  CHECK(Sql(b.Bin(BinaryOp::kGt, x, b.Sub(sub), Quantifier::kAll)) == "a > ALL (SELECT 1)");
  CHECK(Sql(b.Bin(BinaryOp::kEq, x, b.Sub(sub), Quantifier::kAny)) == "a = ANY (SELECT 1)");
  CHECK(Sql(b.Bin(BinaryOp::kEq, x, b.Sub(sub))) == "a = (SELECT 1)");
  auto* exists = b.New<Exists>();
  exists->query = sub;
  CHECK(Sql(b.Un(UnaryOp::kNot, exists)) == "NOT EXISTS (SELECT 1)");
  auto* row = b.New<Row>();
  row->items = b.Exprs({x, b.Num("2")});
  CHECK(Sql(b.Bin(BinaryOp::kEq, row, row)) == "(a, 2) = (a, 2)");
  row->row_keyword = true;
  CHECK(Sql(row) == "ROW(a, 2)");
}

TEST_CASE("COLLATE, BINARY, INTERVAL and := keep their grammar", "[printer]") {
  Build b;
  const Expr *x = b.Col({"a"}), *d = b.Col({"d"});
  auto collate = [&](const Expr* operand) {
    auto* c = b.New<Collate>();
    c->operand = operand;
    c->collation = Ident{"utf8mb4_bin", 0};
    return c;
  };
  CHECK(Sql(collate(x)) == "a COLLATE utf8mb4_bin");
  CHECK(Sql(b.Un(UnaryOp::kBinary, collate(x))) == "BINARY a COLLATE utf8mb4_bin");
  CHECK(Sql(collate(b.Un(UnaryOp::kBinary, x))) == "(BINARY a) COLLATE utf8mb4_bin");
  CHECK(Sql(collate(b.Un(UnaryOp::kMinus, x))) == "(-a) COLLATE utf8mb4_bin");
  CHECK(Sql(b.Un(UnaryOp::kMinus, collate(x))) == "-a COLLATE utf8mb4_bin");
  CHECK(Sql(collate(b.Bin(BinaryOp::kAdd, x, d))) == "(a + d) COLLATE utf8mb4_bin");

  const Expr* day = b.Interv(b.Num("1"), "day");
  CHECK(Sql(b.Bin(BinaryOp::kAdd, d, day)) == "d + INTERVAL 1 DAY");
  CHECK(Sql(b.Bin(BinaryOp::kSub, d, day)) == "d - INTERVAL 1 DAY");
  CHECK(Sql(b.Bin(BinaryOp::kAdd, day, d)) == "INTERVAL 1 DAY + d");
  // After INTERVAL … +, MySQL reads a whole expr: what follows must not be swallowed.
  CHECK(Sql(b.Bin(BinaryOp::kSub, b.Bin(BinaryOp::kAdd, day, d), x)) == "(INTERVAL 1 DAY + d) - a");
  CHECK(Sql(b.Interv(b.Bin(BinaryOp::kAdd, x, b.Num("1")), "hour_minute")) ==
        "INTERVAL (a + 1) HOUR_MINUTE");
  CHECK(Sql(b.Interv(b.Un(UnaryOp::kMinus, b.Num("1")), "DAY")) == "INTERVAL -1 DAY");
  // INTERVAL (a) COLLATE c DAY would read as the function INTERVAL(N, …): one term or parens.
  CHECK(Sql(b.Interv(collate(b.Bin(BinaryOp::kAdd, x, d)), "DAY")) ==
        "INTERVAL ((a + d) COLLATE utf8mb4_bin) DAY");
  CHECK(Sql(b.Interv(b.Call("f", {x}), "DAY")) == "INTERVAL f(a) DAY");

  const Expr* assign = b.Bin(BinaryOp::kAssign, b.Var("@a"), b.Var("@b"));
  CHECK(Sql(b.Bin(BinaryOp::kAssign, b.Var("@a"), b.Bin(BinaryOp::kAssign, b.Var("@b"), x))) ==
        "@a := @b := a");
  CHECK(Sql(b.Bin(BinaryOp::kOr, assign, x)) == "(@a := @b) OR a");
}

// --- Functions, CASE, CAST, MATCH ------------------------------------------------------------

TEST_CASE("plain calls, COUNT(*) and DISTINCT", "[printer]") {
  Build b;
  CHECK(Sql(b.Call("f", {b.Col({"a"}), b.Bin(BinaryOp::kOr, b.Col({"b"}), b.Col({"c"}))})) ==
        "f(a, b OR c)");
  CHECK(Sql(b.Call("NOW", {})) == "NOW()");
  Function* count = b.Call("COUNT", {});
  count->star = true;
  CHECK(Sql(count) == "COUNT(*)");
  Function* distinct = b.Call("count", {b.Col({"a"})});
  distinct->distinct = true;
  CHECK(Sql(distinct) == "count(DISTINCT a)");
  auto* f = b.New<Function>();
  f->name.parts = b.Ids({"`db`", "fn"});
  CHECK(Sql(f) == "`db`.fn()");
}

TEST_CASE("special call forms print their syntax", "[printer]") {
  Build b;
  const Expr *s = b.Col({"s"}), *x = b.Str("'x'");
  Function* trim = b.Call("TRIM", {x, s});
  trim->form = CallForm::kTrim;
  trim->modifier = "leading";
  CHECK(Sql(trim) == "TRIM(LEADING 'x' FROM s)");
  trim->modifier = {};
  CHECK(Sql(trim) == "TRIM('x' FROM s)");
  Function* trim1 = b.Call("TRIM", {s});
  trim1->form = CallForm::kTrim;
  trim1->modifier = "TRAILING";
  CHECK(Sql(trim1) == "TRIM(TRAILING FROM s)");
  trim1->modifier = {};
  CHECK(Sql(trim1) == "TRIM(FROM s)");  // TRIM(s) is a plain call

  Function* sub = b.Call("SUBSTRING", {s, b.Num("2"), b.Num("3")});
  sub->form = CallForm::kSubstringFrom;
  CHECK(Sql(sub) == "SUBSTRING(s FROM 2 FOR 3)");
  Function* extract = b.Call("EXTRACT", {b.Col({"d"})});
  extract->form = CallForm::kExtract;
  extract->modifier = "day";
  CHECK(Sql(extract) == "EXTRACT(DAY FROM d)");
  Function* position = b.Call("POSITION", {b.Str("'a'"), s});
  position->form = CallForm::kPosition;
  CHECK(Sql(position) == "POSITION('a' IN s)");
  Function* chr = b.Call("CHAR", {b.Num("77"), b.Num("121")});
  chr->form = CallForm::kCharUsing;
  chr->modifier = "utf8mb4";
  CHECK(Sql(chr) == "CHAR(77, 121 USING utf8mb4)");
  Function* now = b.Call("CURRENT_TIMESTAMP", {});
  now->form = CallForm::kNoParens;
  CHECK(Sql(now) == "CURRENT_TIMESTAMP");

  Function* gc = b.Call("GROUP_CONCAT", {b.Col({"a"})});
  gc->form = CallForm::kGroupConcat;
  gc->distinct = true;
  gc->order_by = b.List<OrderItem>({{b.Col({"b"}), Direction::kDesc}});
  gc->separator = b.Str("', '");
  CHECK(Sql(gc) == "GROUP_CONCAT(DISTINCT a ORDER BY b DESC SEPARATOR ', ')");
}

TEST_CASE("window functions: OVER name and OVER (spec)", "[printer]") {
  Build b;
  Function* rn = b.Call("ROW_NUMBER", {});
  WindowSpec spec{};
  spec.parenthesized = true;
  spec.partition_by = b.Exprs({b.Col({"a"})});
  spec.order_by = b.List<OrderItem>({{b.Col({"b"}), Direction::kNone}});
  spec.frame_unit = FrameUnit::kRows;
  spec.frame_between = true;
  spec.frame_start = {BoundKind::kUnboundedPreceding, nullptr};
  spec.frame_end = {BoundKind::kCurrentRow, nullptr};
  rn->over = &spec;
  CHECK(Sql(rn) ==
        "ROW_NUMBER() OVER (PARTITION BY a ORDER BY b ROWS BETWEEN UNBOUNDED PRECEDING AND "
        "CURRENT ROW)");

  WindowSpec range{};
  range.parenthesized = true;
  range.name = Ident{"w", 0};
  range.frame_unit = FrameUnit::kRange;
  range.frame_start = {BoundKind::kPreceding, b.Interv(b.Num("1"), "DAY")};
  Function* sum = b.Call("SUM", {b.Col({"x"})});
  sum->over = &range;
  CHECK(Sql(sum) == "SUM(x) OVER (w RANGE INTERVAL 1 DAY PRECEDING)");

  WindowSpec named{};
  named.name = Ident{"w", 0};
  sum->over = &named;
  CHECK(Sql(sum) == "SUM(x) OVER w");
  WindowSpec empty{};
  empty.parenthesized = true;
  sum->over = &empty;
  CHECK(Sql(sum) == "SUM(x) OVER ()");
}

TEST_CASE("CASE, CAST, CONVERT and MATCH", "[printer]") {
  Build b;
  auto* c = b.New<Case>();
  c->operand = b.Col({"a"});
  c->whens = b.List<When>({{b.Num("1"), b.Str("'x'")}, {b.Num("2"), b.Str("'y'")}});
  c->otherwise = b.Str("'z'");
  CHECK(Sql(c) == "CASE a WHEN 1 THEN 'x' WHEN 2 THEN 'y' ELSE 'z' END");
  auto* searched = b.New<Case>();
  searched->whens = b.List<When>({{b.Bin(BinaryOp::kGt, b.Col({"a"}), b.Num("0")), b.Num("1")}});
  CHECK(Sql(b.Bin(BinaryOp::kMul, searched, b.Num("2"))) == "CASE WHEN a > 0 THEN 1 END * 2");

  auto cast = [&](DataType type, bool convert = false, bool array = false) {
    auto* e = b.New<Cast>();
    e->operand = b.Col({"x"});
    e->type = type;
    e->convert = convert;
    e->array = array;
    return e;
  };
  CHECK(Sql(cast(Type("char", "10", "", "utf8mb4"))) ==
        "CAST(x AS CHAR(10) CHARACTER SET utf8mb4)");
  DataType signed_integer = Type("SIGNED");
  signed_integer.integer_suffix = true;
  CHECK(Sql(cast(signed_integer, true)) == "CONVERT(x, SIGNED INTEGER)");
  DataType unsigned_type = Type("unsigned");
  unsigned_type.is_unsigned = true;
  CHECK(Sql(cast(unsigned_type, false, true)) == "CAST(x AS UNSIGNED ARRAY)");
  CHECK(Sql(cast(Type("DECIMAL", "10", "2"))) == "CAST(x AS DECIMAL(10, 2))");
  CHECK(Sql(cast(Type("double\n precision"))) == "CAST(x AS DOUBLE PRECISION)");
  auto* using_cs = b.New<Cast>();
  using_cs->operand = b.Col({"x"});
  using_cs->convert = true;
  using_cs->using_charset = "utf8mb4";
  CHECK(Sql(using_cs) == "CONVERT(x USING utf8mb4)");

  auto* m = b.New<Match>();
  m->columns = b.Exprs({b.Col({"a"}), b.Col({"b"})});
  m->against = b.Str("'x'");
  m->modifier = "in  boolean mode";
  CHECK(Sql(m) == "MATCH (a, b) AGAINST ('x' IN BOOLEAN MODE)");
}

// --- Queries ---------------------------------------------------------------------------------

TEST_CASE("SELECT clauses in order", "[printer]") {
  Build b;
  Select* s = b.Sel({});
  s->hint = "/*+ BKA(t) */";
  s->options = kSqlCalcFoundRows | kDistinct;  // printed in bit order
  s->items = b.List<SelectItem>({{b.Col({"t", "a"}), Ident{"x", 0}, true, {}},
                                 {b.Call("COUNT", {b.Num("1")}), Ident{"`n`", 0}, false, {}},
                                 {b.Col({"b"}), {}, false, "'label'"}});
  TableName* t = b.Table({"`db`", "t"});
  t->partitions = b.Ids({"p0", "p1"});
  t->alias = Ident{"t", 0};
  t->alias_as = true;
  t->hints = b.List<IndexHint>({{HintAction::kUse, false, HintScope::kJoin, b.Ids({"i1", "i2"})},
                                {HintAction::kForce, true, HintScope::kAll, b.Ids({"i3"})}});
  s->from = b.List<const TableRef*>({t, b.Table({"u"})});
  s->where = b.Bin(BinaryOp::kGt, b.Col({"a"}), b.Num("1"));
  s->group_by = b.Exprs({b.Col({"a"}), b.Col({"b"})});
  s->group_by_directions = b.List<Direction>({Direction::kDesc, Direction::kNone});
  s->with_rollup = true;
  s->having = b.Bin(BinaryOp::kGt, b.Col({"n"}), b.Num("1"));
  WindowSpec spec{};
  spec.parenthesized = true;
  spec.partition_by = b.Exprs({b.Col({"a"})});
  s->windows = b.List<NamedWindow>({{Ident{"w", 0}, &spec}});
  Query* q = b.Q(s);
  q->order_by = b.List<OrderItem>({{b.Col({"x"}), Direction::kDesc}});
  q->limit = b.Num("10");
  q->offset = b.Num("5");
  q->offset_keyword = true;
  q->lock = LockMode::kForUpdate;
  q->lock_of = b.Ids({"t"});
  q->lock_wait = LockWait::kSkipLocked;
  CHECK(Sql(b, q) ==
        "SELECT /*+ BKA(t) */ DISTINCT SQL_CALC_FOUND_ROWS t.a AS x, COUNT(1) `n`, b 'label' "
        "FROM `db`.t PARTITION (p0, p1) AS t USE INDEX FOR JOIN (i1, i2) FORCE KEY (i3), u "
        "WHERE a > 1 GROUP BY a DESC, b WITH ROLLUP HAVING n > 1 WINDOW w AS (PARTITION BY a) "
        "ORDER BY x DESC LIMIT 10 OFFSET 5 FOR UPDATE OF t SKIP LOCKED");

  q->offset_keyword = false;
  q->lock = LockMode::kForShare;
  q->lock_of = {};
  q->lock_wait = LockWait::kNoWait;
  s->where = nullptr;
  s->group_by = {};
  s->having = nullptr;
  s->windows = {};
  s->from = {};
  s->from_dual = true;
  s->hint = "NO_ICP(t)";  // a bare body gets its markers
  s->options = 0;
  s->items = b.List<SelectItem>({{b.Num("1"), {}, true, "name"}});
  CHECK(Sql(b, q) ==
        "SELECT /*+ NO_ICP(t) */ 1 AS 'name' FROM DUAL ORDER BY x DESC LIMIT 5, "
        "10 FOR SHARE NOWAIT");
  q->lock = LockMode::kLockInShareMode;
  q->limit = nullptr;
  q->order_by = {};
  CHECK(Sql(b, q) == "SELECT /*+ NO_ICP(t) */ 1 AS 'name' FROM DUAL LOCK IN SHARE MODE NOWAIT");
  q->lock_wait = LockWait::kWait;
  CHECK(Sql(b, q) == "SELECT /*+ NO_ICP(t) */ 1 AS 'name' FROM DUAL LOCK IN SHARE MODE");
}

TEST_CASE("joins, derived tables and parenthesised table lists", "[printer]") {
  Build b;
  const TableRef *t1 = b.Table({"t1"}), *t2 = b.Table({"t2"}), *t3 = b.Table({"t3"});
  const Expr* on = b.Bin(BinaryOp::kEq, b.Col({"t1", "id"}), b.Col({"t2", "id"}));
  Join* left = b.JoinOf(JoinKind::kLeft, t1, t2, on);
  left->inner_keyword = true;
  Join* inner = b.JoinOf(JoinKind::kInner, left, t3);
  inner->has_using = true;
  inner->using_columns = b.Ids({"id", "k"});
  Select* s = b.Sel({b.Col({}, true)});
  s->from = b.List<const TableRef*>({inner});
  CHECK(Sql(b, b.Q(s)) ==
        "SELECT * FROM t1 LEFT OUTER JOIN t2 ON t1.id = t2.id JOIN t3 USING (id, k)");

  const auto from = [&](const TableRef* t) {
    Select* one = b.Sel({b.Col({}, true)});
    one->from = b.List<const TableRef*>({t});
    return Sql(b, b.Q(one));
  };
  Join* natural = b.JoinOf(JoinKind::kNaturalLeft, t1, t2);
  CHECK(from(natural) == "SELECT * FROM t1 NATURAL LEFT JOIN t2");
  natural->inner_keyword = true;
  CHECK(from(natural) == "SELECT * FROM t1 NATURAL LEFT OUTER JOIN t2");
  CHECK(from(b.JoinOf(JoinKind::kStraight, t1, t2, on)) ==
        "SELECT * FROM t1 STRAIGHT_JOIN t2 ON t1.id = t2.id");
  CHECK(from(b.JoinOf(JoinKind::kCross, b.JoinOf(JoinKind::kInner, t1, t2), t3)) ==
        "SELECT * FROM t1 JOIN t2 CROSS JOIN t3");
  // Joins read left to right: one on the right has its own ON (an ON binds to the innermost
  // open join), or came from parentheses.
  CHECK(from(b.JoinOf(JoinKind::kRight, t1, b.JoinOf(JoinKind::kInner, t2, t3, on), on)) ==
        "SELECT * FROM t1 RIGHT JOIN t2 JOIN t3 ON t1.id = t2.id ON t1.id = t2.id");
  CHECK(from(b.JoinOf(JoinKind::kRight, t1, b.JoinOf(JoinKind::kInner, t2, t3), on)) ==
        "SELECT * FROM t1 RIGHT JOIN (t2 JOIN t3) ON t1.id = t2.id");
  CHECK(from(b.JoinOf(JoinKind::kComma, t1, b.JoinOf(JoinKind::kInner, t2, t3))) ==
        "SELECT * FROM t1, t2 JOIN t3");
  CHECK(from(b.JoinOf(JoinKind::kInner, b.JoinOf(JoinKind::kComma, t1, t2), t3)) ==
        "SELECT * FROM (t1, t2) JOIN t3");

  auto* parens = b.New<ParenTables>();
  parens->items = b.List<const TableRef*>({t1, b.JoinOf(JoinKind::kInner, t2, t3, on)});
  CHECK(from(parens) == "SELECT * FROM (t1, t2 JOIN t3 ON t1.id = t2.id)");

  auto* derived = b.New<DerivedTable>();
  derived->query = b.Q(b.SelectOf(b.Num("1")));
  derived->lateral = true;
  derived->alias = Ident{"d", 0};
  derived->alias_as = true;
  derived->columns = b.Ids({"a"});
  CHECK(from(b.JoinOf(JoinKind::kInner, t1, derived, b.Lit(LiteralKind::kTrue, "TRUE"))) ==
        "SELECT * FROM t1 JOIN LATERAL (SELECT 1) AS d (a) ON TRUE");
}

TEST_CASE("set operations: INTERSECT binds tighter, parentheses for right nesting", "[printer]") {
  Build b;
  const QueryTerm *one = b.SelectOf(b.Num("1")), *two = b.SelectOf(b.Num("2")),
                  *three = b.SelectOf(b.Num("3"));
  const auto sql = [&](const QueryTerm* t) { return Sql(b, b.Q(t)); };
  CHECK(sql(b.SetTerm(SetOp::kUnion, b.SetTerm(SetOp::kIntersect, one, two), three)) ==
        "SELECT 1 INTERSECT SELECT 2 UNION SELECT 3");
  CHECK(sql(b.SetTerm(SetOp::kUnion, one, b.SetTerm(SetOp::kIntersect, two, three))) ==
        "SELECT 1 UNION SELECT 2 INTERSECT SELECT 3");
  CHECK(sql(b.SetTerm(SetOp::kIntersect, one, b.SetTerm(SetOp::kUnion, two, three))) ==
        "SELECT 1 INTERSECT (SELECT 2 UNION SELECT 3)");
  CHECK(sql(b.SetTerm(SetOp::kExcept, one, b.SetTerm(SetOp::kUnion, two, three, true))) ==
        "SELECT 1 EXCEPT (SELECT 2 UNION ALL SELECT 3)");
  CHECK(sql(b.SetTerm(SetOp::kExcept, b.SetTerm(SetOp::kUnion, one, two), three)) ==
        "SELECT 1 UNION SELECT 2 EXCEPT SELECT 3");

  Query* inner = b.Q(two);
  inner->limit = b.Num("1");
  QueryTerm* distinct = b.SetTerm(SetOp::kUnion, b.Parens(b.Q(one)), b.Parens(inner), false,
                                  /*distinct_keyword=*/true);
  Query* q = b.Q(distinct);
  q->order_by = b.List<OrderItem>({{b.Num("1"), Direction::kAsc}});
  CHECK(Sql(b, q) == "(SELECT 1) UNION DISTINCT (SELECT 2 LIMIT 1) ORDER BY 1 ASC");
}

TEST_CASE("WITH [RECURSIVE] and statements", "[printer]") {
  Build b;
  Select* step = b.Sel({b.Bin(BinaryOp::kAdd, b.Col({"n"}), b.Num("1"))});
  step->from = b.List<const TableRef*>({b.Table({"c"})});
  step->where = b.Bin(BinaryOp::kLt, b.Col({"n"}), b.Num("5"));
  const Query* body =
      b.Q(b.SetTerm(SetOp::kUnion, b.SelectOf(b.Num("1")), b.Term(step), /*all=*/true));
  Select* main = b.Sel({b.Col({"n"})});
  main->from = b.List<const TableRef*>({b.Table({"c"})});
  Query* q = b.Q(main);
  q->recursive = true;
  q->with = b.List<Cte>({{Ident{"c", 0}, b.Ids({"n"}), body}});
  CHECK(Sql(b, q) ==
        "WITH RECURSIVE c (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 5) "
        "SELECT n FROM c");

  auto* grant = b.New<UnsupportedStatement>();
  grant->what = "grant";
  CHECK(ToSql(*grant) == "GRANT");
}

// --- INSERT, REPLACE, UPDATE, DELETE ---------------------------------------------------------

TEST_CASE("INSERT and REPLACE with VALUES: options, hint, partitions, column lists", "[printer]") {
  Build b;
  InsertStatement* s = b.Ins({"t"});
  s->column_list = true;
  s->columns = b.Ids({"a", "b"});
  s->rows = b.Rows({{b.Num("1"), b.Num("2")}, {b.Num("3"), b.Num("4")}});
  CHECK(ToSql(*s) == "INSERT INTO t (a, b) VALUES (1, 2), (3, 4)");

  s->value_keyword = true;
  s->rows = b.Rows({{b.Num("1"), b.New<Default>()}});
  s->hint = "/*+ SET_VAR(foreign_key_checks=OFF) */";
  s->options = kDmlIgnore | kDmlLowPriority;  // printed in bit order
  s->table = b.N({"`db`", "t"});
  s->partitions = b.Ids({"p0", "p1"});
  CHECK(ToSql(*s) ==
        "INSERT /*+ SET_VAR(foreign_key_checks=OFF) */ LOW_PRIORITY IGNORE INTO `db`.t "
        "PARTITION (p0, p1) (a, b) VALUE (1, DEFAULT)");

  // Every option, in DmlOption order (no statement takes them all; the printer does not care).
  s->options = kDmlIgnore | kDmlQuick | kDmlHighPriority | kDmlDelayed | kDmlLowPriority;
  s->hint = "BKA(t)";  // a bare body gets its markers
  s->partitions = {};
  s->columns = {};  // an empty column list is still written when there was one
  s->rows = b.Rows({{}});
  s->value_keyword = false;
  CHECK(ToSql(*s) ==
        "INSERT /*+ BKA(t) */ LOW_PRIORITY DELAYED HIGH_PRIORITY QUICK IGNORE INTO `db`.t () "
        "VALUES ()");
  s->column_list = false;
  s->options = 0;
  s->hint = {};
  CHECK(ToSql(*s) == "INSERT INTO `db`.t VALUES ()");

  InsertStatement* r = b.Ins({"t"});
  r->replace = true;
  r->into = false;
  r->options = kDmlDelayed;
  r->row_keyword = true;
  r->rows = b.Rows(
      {{b.Num("1"), b.Num("2")}, {b.Num("3"), b.Bin(BinaryOp::kAdd, b.Num("4"), b.Num("5"))}});
  CHECK(ToSql(*r) == "REPLACE DELAYED t VALUES ROW(1, 2), ROW(3, 4 + 5)");
}

TEST_CASE("INSERT … SET, row aliases and ON DUPLICATE KEY UPDATE", "[printer]") {
  Build b;
  InsertStatement* s = b.Ins({"t"});
  s->set = b.Sets({{{"a"}, b.Num("1")}, {{"b"}, b.New<Default>()}});
  CHECK(ToSql(*s) == "INSERT INTO t SET a = 1, b = DEFAULT");

  s->row_alias = Ident{"new", 0};
  s->on_duplicate = b.Sets({{{"a"}, b.Bin(BinaryOp::kAdd, b.Col({"new", "a"}), b.Num("1"))}});
  CHECK(ToSql(*s) ==
        "INSERT INTO t SET a = 1, b = DEFAULT AS new ON DUPLICATE KEY UPDATE a = new.a + 1");

  InsertStatement* v = b.Ins({"t"});
  v->column_list = true;
  v->columns = b.Ids({"a", "b"});
  v->rows = b.Rows({{b.Num("1"), b.Num("2")}});
  v->row_alias = Ident{"`new`", 0};
  v->row_alias_columns = b.Ids({"x", "y"});
  v->on_duplicate = b.Sets({{{"b"}, b.Bin(BinaryOp::kAdd, b.Col({"x"}), b.Col({"y"}))}});
  CHECK(ToSql(*v) ==
        "INSERT INTO t (a, b) VALUES (1, 2) AS `new` (x, y) ON DUPLICATE KEY UPDATE b = x + y");

  v->row_alias = {};
  v->row_alias_columns = {};
  v->on_duplicate = b.Sets({{{"a"}, b.Call("VALUES", {b.Col({"a"})})},
                            {{"t", "b"}, b.Bin(BinaryOp::kEq, b.Col({"b"}), b.Col({"c"}))}});
  // The value is a whole expr: b = c is the value, no parentheses needed.
  CHECK(ToSql(*v) ==
        "INSERT INTO t (a, b) VALUES (1, 2) ON DUPLICATE KEY UPDATE a = VALUES(a), t.b = b = c");
}

TEST_CASE("INSERT … SELECT prints the query as a query", "[printer]") {
  Build b;
  Select* sel = b.Sel({b.Col({"x"})});
  sel->from = b.List<const TableRef*>(
      {b.JoinOf(JoinKind::kInner, b.Table({"s"}), b.Table({"u"}),
                b.Bin(BinaryOp::kEq, b.Col({"s", "id"}), b.Col({"u", "id"})))});
  sel->where = b.Bin(BinaryOp::kGt, b.Col({"x"}), b.Num("1"));
  Query* q = b.Q(sel);
  q->order_by = b.List<OrderItem>({{b.Col({"x"}), Direction::kNone}});
  q->limit = b.Num("10");
  InsertStatement* s = b.Ins({"t"});
  s->options = kDmlIgnore;
  s->column_list = true;
  s->columns = b.Ids({"a"});
  s->query = q;
  s->on_duplicate = b.Sets({{{"a"}, b.Col({"x"})}});
  CHECK(ToSql(*s) ==
        "INSERT IGNORE INTO t (a) SELECT x FROM s JOIN u ON s.id = u.id WHERE x > 1 ORDER BY x "
        "LIMIT 10 ON DUPLICATE KEY UPDATE a = x");

  Query* with = b.Q(b.Sel({b.Col({}, true)}));
  with->with = b.List<Cte>({{Ident{"c", 0}, {}, b.Q(b.SelectOf(b.Num("1")))}});
  InsertStatement* w = b.Ins({"t"});
  w->query = with;
  CHECK(ToSql(*w) == "INSERT INTO t WITH c AS (SELECT 1) SELECT *");

  InsertStatement* p = b.Ins({"t"});
  p->query = b.Q(b.SetTerm(SetOp::kUnion, b.Parens(b.Q(b.SelectOf(b.Num("1")))),
                           b.Parens(b.Q(b.SelectOf(b.Num("2")))), /*all=*/true));
  CHECK(ToSql(*p) == "INSERT INTO t (SELECT 1) UNION ALL (SELECT 2)");
}

TEST_CASE("UPDATE: single table with ORDER BY and LIMIT, joins, WITH", "[printer]") {
  Build b;
  auto* u = b.New<UpdateStatement>();
  u->tables = b.List<const TableRef*>({b.Table({"t"})});
  u->set = b.Sets({{{"a"}, b.Bin(BinaryOp::kAdd, b.Col({"a"}), b.Num("1"))}});
  auto* param = b.New<Param>();
  param->text = "?";
  u->where = b.Bin(BinaryOp::kEq, b.Col({"b"}), param);
  u->order_by = b.List<OrderItem>({{b.Col({"id"}), Direction::kDesc}});
  u->limit = b.Num("10");
  CHECK(ToSql(*u) == "UPDATE t SET a = a + 1 WHERE b = ? ORDER BY id DESC LIMIT 10");

  const Expr* on = b.Bin(BinaryOp::kEq, b.Col({"t1", "id"}), b.Col({"t2", "id"}));
  auto* m = b.New<UpdateStatement>();
  m->with = b.List<Cte>({{Ident{"c", 0}, b.Ids({"id"}), b.Q(b.SelectOf(b.Num("1")))}});
  m->hint = "/*+ NO_MERGE(c) */";
  m->options = kDmlIgnore | kDmlLowPriority;
  m->tables = b.List<const TableRef*>(
      {b.JoinOf(JoinKind::kInner, b.Table({"t1"}), b.Table({"t2"}), on), b.Table({"c"})});
  m->set = b.Sets({{{"t1", "a"}, b.Col({"t2", "b"})}, {{"t1", "c"}, b.New<Default>()}});
  m->where = b.Bin(BinaryOp::kGt, b.Col({"t2", "d"}), b.Col({"c", "id"}));
  CHECK(ToSql(*m) ==
        "WITH c (id) AS (SELECT 1) UPDATE /*+ NO_MERGE(c) */ LOW_PRIORITY IGNORE t1 JOIN t2 ON "
        "t1.id = t2.id, c SET t1.a = t2.b, t1.c = DEFAULT WHERE t2.d > c.id");
  m->recursive = true;
  m->hint = {};
  m->options = 0;
  m->where = nullptr;
  CHECK(ToSql(*m) ==
        "WITH RECURSIVE c (id) AS (SELECT 1) UPDATE t1 JOIN t2 ON t1.id = t2.id, c SET t1.a = "
        "t2.b, t1.c = DEFAULT");
}

TEST_CASE("DELETE in its three forms", "[printer]") {
  Build b;
  // Single table: the alias comes before PARTITION.
  TableName* t = b.Table({"t"});
  t->alias = Ident{"x", 0};
  t->alias_as = true;
  t->partitions = b.Ids({"p0"});
  auto* d = b.New<DeleteStatement>();
  d->tables = b.List<const TableRef*>({t});
  d->where = b.Bin(BinaryOp::kEq, b.Col({"x", "a"}), b.Num("1"));
  d->order_by = b.List<OrderItem>({{b.Col({"x", "id"}), Direction::kNone}});
  d->limit = b.Num("5");
  CHECK(ToSql(*d) == "DELETE FROM t AS x PARTITION (p0) WHERE x.a = 1 ORDER BY x.id LIMIT 5");
  d->options = kDmlIgnore | kDmlQuick | kDmlLowPriority;
  d->hint = "/*+ MAX_EXECUTION_TIME(1000) */";
  d->with = b.List<Cte>({{Ident{"c", 0}, {}, b.Q(b.SelectOf(b.Num("1")))}});
  t->alias_as = false;
  t->partitions = {};
  d->order_by = {};
  d->limit = nullptr;
  CHECK(ToSql(*d) ==
        "WITH c AS (SELECT 1) DELETE /*+ MAX_EXECUTION_TIME(1000) */ LOW_PRIORITY QUICK IGNORE "
        "FROM t x WHERE x.a = 1");

  // Multi-table: targets, then FROM table references.
  const Expr* on = b.Bin(BinaryOp::kEq, b.Col({"t1", "id"}), b.Col({"t2", "id"}));
  auto* m = b.New<DeleteStatement>();
  m->targets = b.List<ast::Name>({b.N({"t1"}), b.N({"t2"})});
  m->target_stars = b.List<bool>({false, true});
  m->tables =
      b.List<const TableRef*>({b.JoinOf(JoinKind::kLeft, b.Table({"t1"}), b.Table({"t2"}), on)});
  m->where = b.IsNull(b.Col({"t2", "id"}));
  CHECK(ToSql(*m) == "DELETE t1, t2.* FROM t1 LEFT JOIN t2 ON t1.id = t2.id WHERE t2.id IS NULL");

  // Multi-table, USING form.
  m->using_form = true;
  m->target_stars = b.List<bool>({false, false});
  m->targets = b.List<ast::Name>({b.N({"db", "t1"}), b.N({"t2"})});
  m->options = kDmlQuick;
  CHECK(ToSql(*m) ==
        "DELETE QUICK FROM db.t1, t2 USING t1 LEFT JOIN t2 ON t1.id = t2.id WHERE t2.id IS NULL");
  m->target_stars = {};  // a short list: no .*
  m->tables = b.List<const TableRef*>({b.Table({"t1"}), b.Table({"t2"})});
  m->where = on;
  CHECK(ToSql(*m) == "DELETE QUICK FROM db.t1, t2 USING t1, t2 WHERE t1.id = t2.id");
}

// --- CREATE TABLE ----------------------------------------------------------------------------

ColumnType ColType(std::string_view name, std::string_view length = {},
                   std::string_view scale = {}) {
  ColumnType type;
  type.name = name;
  type.length = length;
  type.scale = scale;
  return type;
}

ColumnDef Col(std::string_view name, ColumnType type) {
  ColumnDef c{};
  c.name = Ident{name, 0};
  c.type = type;
  return c;
}

IndexDef Key(IndexType type, Build& b, std::initializer_list<std::string_view> columns,
             std::string_view name = {}) {
  IndexDef d{};
  d.type = type;
  d.name = Ident{name, 0};
  d.parts = b.Parts(columns);
  return d;
}

CreateTableStatement* Create(Build& b, std::initializer_list<std::string_view> name) {
  auto* s = b.New<CreateTableStatement>();
  s->table = b.N(name);
  s->has_elements = true;
  return s;
}

TEST_CASE("CREATE TABLE: a column with every attribute, in canonical order", "[printer]") {
  Build b;
  ColumnType type = ColType("varchar", "64");
  type.binary = true;
  type.charset = "utf8mb4";
  type.collation = "utf8mb4_bin";
  ColumnDef c = Col("`name`", type);
  c.generated = b.Call("CONCAT", {b.Col({"a"}), b.Col({"b"})});
  c.generated_always = true;
  c.storage = "stored";
  c.nullability = Nullability::kNotNull;
  c.default_value = b.Str("'x'");
  c.on_update = b.Col({"a"});
  c.auto_increment = true;
  c.invisible = true;
  c.unique = true;
  c.primary_key = true;
  c.comment = "'the name'";
  c.column_format = "dynamic";
  c.srid = "4326";
  c.check = b.Bin(BinaryOp::kGt, b.Call("LENGTH", {b.Col({"name"})}), b.Num("0"));
  CreateTableStatement* s = Create(b, {"db", "t"});
  s->columns = b.List<ColumnDef>({c});
  CHECK(ToSql(*s) ==
        "CREATE TABLE db.t (`name` VARCHAR(64) BINARY CHARACTER SET utf8mb4 COLLATE utf8mb4_bin "
        "GENERATED ALWAYS AS (CONCAT(a, b)) STORED NOT NULL DEFAULT 'x' ON UPDATE a "
        "AUTO_INCREMENT INVISIBLE UNIQUE KEY PRIMARY KEY COMMENT 'the name' COLUMN_FORMAT DYNAMIC "
        "SRID 4326 CHECK (LENGTH(name) > 0))");

  // Types: (M,D), sign words, ZEROFILL, ENUM members; defaults with and without parentheses.
  ColumnType dec = ColType("DECIMAL", "10", "2");
  dec.is_unsigned = true;
  dec.zerofill = true;
  ColumnType en = ColType("enum");
  en.values = b.List<std::string_view>({"'a'", "'b,c'"});
  en.charset = "latin1";
  ColumnType dbl = ColType("double  precision");
  dbl.is_signed = true;
  ColumnDef d = Col("d", dec);
  d.default_value = b.Un(UnaryOp::kMinus, b.Num("1.5"));
  ColumnDef e = Col("e", en);
  e.nullability = Nullability::kNull;
  e.default_value = b.Lit(LiteralKind::kNull, "NULL");
  ColumnDef f = Col("f", dbl);
  f.default_value = b.Bin(BinaryOp::kMul, b.Call("RAND", {}), b.Num("2"));
  f.default_parens = true;
  ColumnDef g = Col("g", ColType("INT"));
  g.generated = b.Bin(BinaryOp::kAdd, b.Col({"a"}), b.Num("1"));  // AS (…) without GENERATED
  ColumnDef ts = Col("ts", ColType("TIMESTAMP", "3"));
  auto* now = b.Call("CURRENT_TIMESTAMP", {b.Num("3")});
  ts.default_value = now;
  ts.on_update = now;
  s->columns = b.List<ColumnDef>({d, e, f, g, ts});
  CHECK(ToSql(*s) ==
        "CREATE TABLE db.t (d DECIMAL(10,2) UNSIGNED ZEROFILL DEFAULT -1.5, "
        "e ENUM('a','b,c') CHARACTER SET latin1 NULL DEFAULT NULL, "
        "f DOUBLE PRECISION SIGNED DEFAULT (RAND() * 2), g INT AS (a + 1), "
        "ts TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3))");
}

TEST_CASE("CREATE TABLE: each kind of key and constraint, after the columns", "[printer]") {
  Build b;
  IndexDef pk = Key(IndexType::kPrimary, b, {"id"}, "pk_id");  // the server ignores it; kept
  pk.using_type = "btree";
  IndexDef uk = Key(IndexType::kUnique, b, {"a", "b"}, "`uk`");
  uk.key_keyword = true;
  IndexDef ui = Key(IndexType::kUnique, b, {"a"});  // UNIQUE alone
  ui.constraint_keyword = true;
  ui.constraint = Ident{"u2", 0};
  IndexDef k = Key(IndexType::kKey, b, {}, "k");
  k.key_keyword = true;
  k.parts = b.List<KeyPart>({KeyPart{Ident{"name", 0}, nullptr, "10", Direction::kDesc},
                             KeyPart{{}, b.Call("LOWER", {b.Col({"b"})}), {}, Direction::kAsc}});
  k.key_block_size = "8";
  k.comment = "'by name'";
  k.visibility = IndexVisibility::kInvisible;
  IndexDef i = Key(IndexType::kKey, b, {"c"}, "i");
  i.index_keyword = true;
  i.using_type = "HASH";
  IndexDef ft = Key(IndexType::kFulltext, b, {"body"}, "ft");
  ft.index_keyword = true;
  ft.parser = "ngram";
  IndexDef sp = Key(IndexType::kSpatial, b, {"g"}, "sp");
  sp.key_keyword = true;
  IndexDef fk = Key(IndexType::kForeign, b, {"a", "b"}, "fk_idx");
  fk.constraint_keyword = true;
  fk.constraint = Ident{"`fk`", 0};
  fk.ref_table = b.N({"db", "parent"});
  fk.ref_columns = b.Ids({"x", "y"});
  fk.match = "full";
  fk.on_delete = "set  null";
  fk.on_update = "CASCADE";
  IndexDef ck = Key(IndexType::kCheck, b, {});
  ck.constraint_keyword = true;  // CONSTRAINT without a name
  ck.check = b.Bin(BinaryOp::kGt, b.Col({"a"}), b.Num("0"));
  ck.enforced = "not enforced";
  IndexDef ck2 = Key(IndexType::kCheck, b, {});
  ck2.check = b.Bin(BinaryOp::kOr, b.Col({"a"}), b.Col({"b"}));

  CreateTableStatement* s = Create(b, {"t"});
  s->columns = b.List<ColumnDef>({Col("id", ColType("INT"))});
  s->indexes = b.List<IndexDef>({pk, uk, ui, k, i, ft, sp, fk, ck, ck2});
  CHECK(ToSql(*s) ==
        "CREATE TABLE t (id INT, PRIMARY KEY pk_id USING BTREE (id), UNIQUE KEY `uk` (a, b), "
        "CONSTRAINT u2 UNIQUE (a), KEY k (name(10) DESC, (LOWER(b)) ASC) KEY_BLOCK_SIZE=8 "
        "COMMENT 'by name' INVISIBLE, INDEX i USING HASH (c), FULLTEXT INDEX ft (body) "
        "WITH PARSER ngram, SPATIAL KEY sp (g), CONSTRAINT `fk` FOREIGN KEY fk_idx (a, b) "
        "REFERENCES db.parent (x, y) MATCH FULL ON DELETE SET NULL ON UPDATE CASCADE, "
        "CONSTRAINT CHECK (a > 0) NOT ENFORCED, CHECK (a OR b))");

  // Keys alone: no columns, no stray separator.
  s->columns = {};
  s->indexes = b.List<IndexDef>({Key(IndexType::kKey, b, {"a"})});
  CHECK(ToSql(*s) == "CREATE TABLE t (KEY (a))");
}

TEST_CASE("CREATE TABLE: LIKE, options, partitioning and … AS query", "[printer]") {
  Build b;
  CreateTableStatement* like = Create(b, {"t2"});
  like->has_elements = false;
  like->like = b.N({"db", "t1"});
  like->if_not_exists = true;
  CHECK(ToSql(*like) == "CREATE TABLE IF NOT EXISTS t2 LIKE db.t1");
  like->like_parens = true;
  like->temporary = true;
  CHECK(ToSql(*like) == "CREATE TEMPORARY TABLE IF NOT EXISTS t2 (LIKE db.t1)");

  CreateTableStatement* s = Create(b, {"t"});
  ColumnDef id = Col("id", ColType("int", "11"));
  id.nullability = Nullability::kNotNull;
  id.auto_increment = true;
  s->columns = b.List<ColumnDef>({id});
  s->indexes = b.List<IndexDef>({Key(IndexType::kPrimary, b, {"id"})});
  s->options = b.List<TableOption>({{"ENGINE", "InnoDB", true},
                                    {"AUTO_INCREMENT", "5", true},
                                    {"DEFAULT CHARSET", "utf8mb4", true},
                                    {"comment", "'a table'", false},
                                    {"UNION", "(t1, t2)", true}});
  s->partitioning = "PARTITION BY HASH (id)\n  PARTITIONS 4";
  CHECK(ToSql(*s) ==
        "CREATE TABLE t (id INT(11) NOT NULL AUTO_INCREMENT, PRIMARY KEY (id)) ENGINE=InnoDB "
        "AUTO_INCREMENT=5 DEFAULT CHARSET=utf8mb4 comment 'a table' UNION=(t1, t2) "
        "PARTITION BY HASH (id)\n  PARTITIONS 4");

  CreateTableStatement* as = Create(b, {"t"});
  as->has_elements = false;
  as->options = b.List<TableOption>({{"ENGINE", "MEMORY", false}});
  as->duplicates = "ignore";
  as->as_keyword = true;
  as->query = b.Q(b.Sel({b.Col({"a"})}));
  CHECK(ToSql(*as) == "CREATE TABLE t ENGINE MEMORY IGNORE AS SELECT a");
  as->has_elements = true;
  as->columns = b.List<ColumnDef>({Col("a", ColType("INT"))});
  as->options = {};
  as->duplicates = {};
  as->as_keyword = false;
  CHECK(ToSql(*as) == "CREATE TABLE t (a INT) SELECT a");
}

// --- CREATE INDEX, ALTER TABLE, DROP, CREATE DATABASE, USE, SET ------------------------------

AlterAction Action(AlterKind kind) {
  AlterAction a{};
  a.kind = kind;
  return a;
}

AlterTableStatement* Alter(Build& b, std::initializer_list<AlterAction> actions) {
  auto* s = b.New<AlterTableStatement>();
  s->table = b.N({"t"});
  s->actions = b.List<AlterAction>(actions);
  return s;
}

TEST_CASE("CREATE INDEX and DROP INDEX: kind, USING before ON, options, ALGORITHM and LOCK",
          "[printer]") {
  Build b;
  auto* s = b.New<CreateIndexStatement>();
  s->index = Key(IndexType::kUnique, b, {"a", "b"}, "`ux`");
  s->index.index_keyword = true;
  s->index.using_type = "btree";
  s->index.comment = "'c'";
  s->index.visibility = IndexVisibility::kInvisible;
  std::vector<KeyPart> parts(s->index.parts.begin(), s->index.parts.end());
  parts[0].length = "10";
  parts[1].direction = Direction::kDesc;
  s->index.parts = b.List<KeyPart>({parts[0], parts[1]});
  s->table = b.N({"db", "t"});
  s->algorithm_lock =
      b.List<TableOption>({{"ALGORITHM", "INPLACE", true}, {"lock", "NONE", false}});
  CHECK(ToSql(*s) ==
        "CREATE UNIQUE INDEX `ux` USING BTREE ON db.t (a(10), b DESC) COMMENT 'c' INVISIBLE "
        "ALGORITHM=INPLACE lock NONE");
  s->index.type = IndexType::kFulltext;
  s->index.using_type = {};
  s->index.comment = {};
  s->index.visibility = IndexVisibility::kDefault;
  s->index.parser = "ngram";
  s->algorithm_lock = {};
  CHECK(ToSql(*s) == "CREATE FULLTEXT INDEX `ux` ON db.t (a(10), b DESC) WITH PARSER ngram");
  s->index.type = IndexType::kKey;
  s->index.parser = {};
  KeyPart functional{};
  functional.expr = b.Bin(BinaryOp::kAdd, b.Col({"a"}), b.Num("1"));
  s->index.parts = b.List<KeyPart>({functional});
  CHECK(ToSql(*s) == "CREATE INDEX `ux` ON db.t ((a + 1))");

  auto* d = b.New<DropIndexStatement>();
  d->index = Ident{"`PRIMARY`", 0};
  d->table = b.N({"t"});
  CHECK(ToSql(*d) == "DROP INDEX `PRIMARY` ON t");
  d->algorithm_lock = b.List<TableOption>({{"ALGORITHM", "COPY", true}, {"LOCK", "SHARED", true}});
  CHECK(ToSql(*d) == "DROP INDEX `PRIMARY` ON t ALGORITHM=COPY LOCK=SHARED");
}

TEST_CASE("ALTER TABLE: each kind of action, in its recorded spelling", "[printer]") {
  Build b;
  AlterAction add = Action(AlterKind::kAddColumn);
  add.column = Col("c", ColType("int"));
  add.column.nullability = Nullability::kNotNull;
  add.position = "AFTER `b`";
  AlterAction add_plain = add;
  add.column_keyword = true;
  add.if_exists = true;
  add_plain.position = {};
  CHECK(ToSql(*Alter(b, {add, add_plain})) ==
        "ALTER TABLE t ADD COLUMN IF NOT EXISTS c INT NOT NULL AFTER `b`, ADD c INT NOT NULL");

  AlterAction key = Action(AlterKind::kAddIndex);
  key.index = Key(IndexType::kForeign, b, {"a"}, "fk");
  key.index.constraint_keyword = true;
  key.index.ref_table = b.N({"p"});
  key.index.ref_columns = b.Ids({"id"});
  AlterAction pk = Action(AlterKind::kAddIndex);
  pk.index = Key(IndexType::kPrimary, b, {"id"});
  AlterTableStatement* s = Alter(b, {key, pk});
  s->online = true;
  s->ignore = true;
  CHECK(ToSql(*s) ==
        "ALTER ONLINE IGNORE TABLE t ADD CONSTRAINT FOREIGN KEY fk (a) REFERENCES "
        "p (id), ADD PRIMARY KEY (id)");

  AlterAction drop_col = Action(AlterKind::kDropColumn);
  drop_col.name = Ident{"e", 0};
  AlterAction drop_col_kw = drop_col;
  drop_col_kw.column_keyword = true;
  drop_col_kw.if_exists = true;
  AlterAction drop_index = Action(AlterKind::kDropIndex);
  drop_index.name = Ident{"i", 0};
  AlterAction drop_key = drop_index;
  drop_key.key_keyword = true;
  AlterAction drop_fk = Action(AlterKind::kDropForeignKey);
  drop_fk.name = Ident{"fk", 0};
  CHECK(ToSql(*Alter(b, {drop_col, drop_col_kw, drop_index, drop_key,
                         Action(AlterKind::kDropPrimaryKey), drop_fk})) ==
        "ALTER TABLE t DROP e, DROP COLUMN IF EXISTS e, DROP INDEX i, DROP KEY i, "
        "DROP PRIMARY KEY, DROP FOREIGN KEY fk");

  AlterAction modify = Action(AlterKind::kModifyColumn);
  modify.column = Col("a", ColType("bigint"));
  modify.column.type.is_unsigned = true;
  modify.position = "first";
  AlterAction change = Action(AlterKind::kChangeColumn);
  change.column_keyword = true;
  change.name = Ident{"b", 0};
  change.column = Col("bb", ColType("TEXT"));
  CHECK(ToSql(*Alter(b, {modify, change})) ==
        "ALTER TABLE t MODIFY a BIGINT UNSIGNED first, CHANGE COLUMN b bb TEXT");

  AlterAction rename_col = Action(AlterKind::kRenameColumn);
  rename_col.name = Ident{"a", 0};
  rename_col.new_name = Ident{"`b`", 0};
  AlterAction rename_key = Action(AlterKind::kRenameIndex);
  rename_key.name = Ident{"k", 0};
  rename_key.new_name = Ident{"l", 0};
  rename_key.key_keyword = true;
  AlterAction rename_table = Action(AlterKind::kRenameTable);
  rename_table.table = b.N({"db", "u"});
  AlterAction rename_to = rename_table;
  rename_to.rename_word = "as";
  CHECK(ToSql(*Alter(b, {rename_col, rename_key, rename_table, rename_to})) ==
        "ALTER TABLE t RENAME COLUMN a TO `b`, RENAME KEY k TO l, RENAME db.u, RENAME AS db.u");

  AlterAction convert = Action(AlterKind::kConvertCharset);
  convert.charset = "utf8mb4";
  convert.collation = "utf8mb4_bin";
  AlterAction engine = Action(AlterKind::kOption);
  engine.option = {"ENGINE", "InnoDB", true};
  AlterAction comment = Action(AlterKind::kOption);
  comment.option = {"COMMENT", "'x'", false};
  AlterAction other = Action(AlterKind::kOther);
  other.text = "ALTER INDEX i  INVISIBLE";
  s = Alter(b, {convert, engine, comment, other});
  s->partitioning = "PARTITION BY HASH(a) PARTITIONS 4";
  CHECK(ToSql(*s) ==
        "ALTER TABLE t CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_bin, ENGINE=InnoDB, "
        "COMMENT 'x', ALTER INDEX i  INVISIBLE PARTITION BY HASH(a) PARTITIONS 4");
  s->actions = {};
  CHECK(ToSql(*s) == "ALTER TABLE t PARTITION BY HASH(a) PARTITIONS 4");
}

TEST_CASE("DROP TABLE, CREATE DATABASE and USE", "[printer]") {
  Build b;
  auto* d = b.New<DropTableStatement>();
  d->tables = b.List<ast::Name>({b.N({"a"}), b.N({"db", "`b`"})});
  CHECK(ToSql(*d) == "DROP TABLE a, db.`b`");
  d->temporary = true;
  d->if_exists = true;
  d->behavior = "cascade";
  CHECK(ToSql(*d) == "DROP TEMPORARY TABLE IF EXISTS a, db.`b` CASCADE");

  auto* c = b.New<CreateDatabaseStatement>();
  c->name = Ident{"`d`", 0};
  CHECK(ToSql(*c) == "CREATE DATABASE `d`");
  c->schema_keyword = true;
  c->if_not_exists = true;
  c->options = b.List<TableOption>(
      {{"DEFAULT CHARACTER SET", "utf8mb4", false}, {"COLLATE", "utf8mb4_bin", true}});
  CHECK(ToSql(*c) ==
        "CREATE SCHEMA IF NOT EXISTS `d` DEFAULT CHARACTER SET utf8mb4 COLLATE=utf8mb4_bin");

  auto* u = b.New<UseStatement>();
  u->database = Ident{"`my db`", 0};
  CHECK(ToSql(*u) == "USE `my db`");
}

TEST_CASE("SET: NAMES, CHARACTER SET, and variables with scopes and :=", "[printer]") {
  Build b;
  auto* s = b.New<SetStatement>();
  s->names = true;
  s->value = "utf8mb4";
  s->collation = "'utf8mb4_bin'";
  CHECK(ToSql(*s) == "SET NAMES utf8mb4 COLLATE 'utf8mb4_bin'");
  s->names = false;
  s->charset = true;
  s->collation = {};
  s->charset_word = "charset";
  s->value = "DEFAULT";
  CHECK(ToSql(*s) == "SET CHARSET DEFAULT");
  s->charset_word = {};
  CHECK(ToSql(*s) == "SET CHARACTER SET DEFAULT");

  auto* v = b.New<SetStatement>();
  v->variables = b.List<SetVariable>(
      {{"", b.Var("@a"), b.Num("1"), false},
       {"", b.Var("@b"), b.Bin(BinaryOp::kAssign, b.Var("@c"), b.Num("2")), true},
       {"global", b.Col({"max_connections"}), b.New<Default>(), false},
       {"", b.Var("@@session.sql_mode"), b.Str("'X'"), false},
       {"PERSIST_ONLY", b.Col({"x"}), b.Bin(BinaryOp::kAdd, b.Num("1"), b.Num("2")), false}});
  CHECK(ToSql(*v) ==
        "SET @a = 1, @b := @c := 2, GLOBAL max_connections = DEFAULT, "
        "@@session.sql_mode = 'X', PERSIST_ONLY x = 1 + 2");
}

// --- Equal -----------------------------------------------------------------------------------

TEST_CASE("Ident::Value undoes quoting, SameName ignores case and quotes", "[equal]") {
  CHECK(Ident{"abc", 0}.Value() == "abc");
  CHECK(Ident{"`a``b`", 0}.Value() == "a`b");
  CHECK(Ident{"\"x\"\"y\"", 0}.Value() == "x\"y");
  CHECK(Ident{"``", 0}.Value().empty());
  CHECK(Ident{"`open", 0}.Value() == "open");
  CHECK(SameName(Ident{"Users", 0}, Ident{"`users`", 7}));
  CHECK(SameName(Ident{"\"A\"", 0}, Ident{"a", 0}));
  CHECK_FALSE(SameName(Ident{"a", 0}, Ident{"`a `", 0}));
}

// One query, built with the spellings and spans `variant` picks; every variant says the same.
Query* Sample(Build& b, int variant) {
  const bool v = variant != 0;
  Select* s = b.Sel({});
  auto* sum = b.Call(v ? "sum" : "SUM", {b.Col({v ? "`T`" : "t", v ? "X" : "x"})});
  Literal* lit = b.Lit(LiteralKind::kString, "'a'", v ? "_UTF8MB4" : "_utf8mb4");
  lit->span = {static_cast<uint32_t>(variant * 10), 3};
  const Expr* unit = b.Interv(b.Num("1"), v ? "day" : "DAY");
  s->items = b.List<SelectItem>({{sum, Ident{v ? "`Total`" : "total", 0}, true, {}},
                                 {lit, {}, false, {}},
                                 {b.Bin(BinaryOp::kAdd, b.Col({"d"}), unit), {}, false, {}},
                                 {b.Lit(LiteralKind::kNull, v ? "null" : "NULL"), {}, false, {}}});
  TableName* t = b.Table({v ? "`DB`" : "db", "t"});
  t->alias = Ident{v ? "T" : "t", static_cast<uint32_t>(variant)};
  s->from = b.List<const TableRef*>({t});
  s->hint = v ? "/*+  BKA(t) */" : "/*+ BKA(t) */";
  Query* q = b.Q(s);
  q->span = {static_cast<uint32_t>(variant), 99};
  return q;
}

TEST_CASE("Equal ignores spans, quoting and keyword case", "[equal]") {
  Build b;
  CHECK(Equal(*b.Stmt(Sample(b, 0)), *b.Stmt(Sample(b, 1))));
  CHECK(Equal(*b.Stmt(Sample(b, 1)), *b.Stmt(Sample(b, 0))));
  CHECK(Equal(*b.Col({"`a`"}), *b.Col({"A"})));
  CHECK(Equal(*b.Interv(b.Num("1"), "hour  minute"), *b.Interv(b.Num("1"), "HOUR MINUTE")));
}

TEST_CASE("Equal sees every difference of structure, operator, text and flag", "[equal]") {
  Build b;
  const Expr *x = b.Col({"a"}), *y = b.Col({"b"});
  CHECK_FALSE(Equal(*b.Bin(BinaryOp::kAdd, x, y), *b.Bin(BinaryOp::kSub, x, y)));
  CHECK_FALSE(Equal(*b.Bin(BinaryOp::kAdd, x, y), *b.Bin(BinaryOp::kAdd, y, x)));
  CHECK_FALSE(Equal(*b.Col({"t", "a"}), *b.Col({"a"})));
  CHECK_FALSE(Equal(*b.Num("1"), *b.Num("01")));
  CHECK_FALSE(Equal(*b.Num("1"), *b.Str("'1'")));
  CHECK_FALSE(Equal(*b.Str("'a'"), *b.Str("'A'")));
  CHECK_FALSE(Equal(*b.IsNull(x), *b.IsNull(x, true)));
  CHECK_FALSE(Equal(*b.Un(UnaryOp::kNot, x), *b.Un(UnaryOp::kBang, x)));
  CHECK_FALSE(Equal(*b.Call("f", {x}), *b.Call("f", {x, y})));
  CHECK_FALSE(Equal(*b.Call("f", {x}), *b.Call("g", {x})));

  const Statement* base = b.Stmt(Sample(b, 0));
  Query* other = Sample(b, 0);
  CHECK(Equal(*base, *b.Stmt(other)));
  other->limit = b.Num("1");
  CHECK_FALSE(Equal(*base, *b.Stmt(other)));
  other->limit = nullptr;
  other->order_by = b.List<OrderItem>({{x, Direction::kNone}});
  const Statement* ordered = b.Stmt(other);
  Query* asc = Sample(b, 0);
  asc->order_by = b.List<OrderItem>({{x, Direction::kAsc}});
  CHECK_FALSE(Equal(*ordered, *b.Stmt(asc)));

  auto* grant = b.New<UnsupportedStatement>();
  grant->what = "GRANT";
  auto* lower = b.New<UnsupportedStatement>();
  lower->what = "grant";
  CHECK(Equal(*grant, *lower));
  CHECK_FALSE(Equal(*grant, *base));
}

// One INSERT, one UPDATE and one DELETE, with the spellings `variant` picks.
InsertStatement* SampleInsert(Build& b, int variant) {
  const bool v = variant != 0;
  InsertStatement* s = b.Ins({v ? "`DB`" : "db", v ? "T" : "t"});
  s->span = {static_cast<uint32_t>(variant), 40};
  s->hint = v ? "/*+  SET_VAR(sort_buffer_size = 16M) */" : "SET_VAR(sort_buffer_size = 16M)";
  s->options = kDmlIgnore;
  s->column_list = true;
  s->columns = b.Ids({v ? "`A`" : "a", "b"});
  s->rows = b.Rows({{b.Num("1"), b.New<Default>()}});
  s->row_alias = Ident{v ? "`New`" : "new", 0};
  s->row_alias_columns = b.Ids({"x", v ? "Y" : "y"});
  s->on_duplicate = b.Sets({{{v ? "B" : "b"}, b.Col({"new", "x"})}});
  return s;
}

UpdateStatement* SampleUpdate(Build& b, int variant) {
  const bool v = variant != 0;
  auto* u = b.New<UpdateStatement>();
  u->with = b.List<Cte>({{Ident{v ? "C" : "c", 0}, {}, b.Q(b.SelectOf(b.Num("1")))}});
  u->options = kDmlLowPriority;
  u->tables = b.List<const TableRef*>({b.Table({v ? "`t`" : "t"})});
  u->set = b.Sets({{{"t", v ? "A" : "a"}, b.New<Default>()}});
  u->where = b.IsNull(b.Col({"b"}));
  u->order_by = b.List<OrderItem>({{b.Col({"id"}), Direction::kAsc}});
  u->limit = b.Num("3");
  return u;
}

DeleteStatement* SampleDelete(Build& b, int variant) {
  const bool v = variant != 0;
  auto* d = b.New<DeleteStatement>();
  d->targets = b.List<ast::Name>({b.N({v ? "T1" : "t1"}), b.N({"t2"})});
  d->target_stars = b.List<bool>({true, false});
  d->using_form = true;
  d->tables = b.List<const TableRef*>({b.Table({"t1"}), b.Table({"t2"})});
  d->where = b.Bin(BinaryOp::kEq, b.Col({"t1", "id"}), b.Col({"t2", "id"}));
  return d;
}

TEST_CASE("Equal on INSERT, UPDATE and DELETE: quoting no, spelling flags yes", "[equal]") {
  Build b;
  CHECK(Equal(*SampleInsert(b, 0), *SampleInsert(b, 1)));
  CHECK(Equal(*SampleUpdate(b, 0), *SampleUpdate(b, 1)));
  CHECK(Equal(*SampleDelete(b, 0), *SampleDelete(b, 1)));
  CHECK_FALSE(Equal(*SampleInsert(b, 0), *SampleUpdate(b, 0)));
  CHECK_FALSE(Equal(*SampleUpdate(b, 0), *SampleDelete(b, 0)));

  const Statement* insert = SampleInsert(b, 0);
  const auto differs = [&](auto change) {
    InsertStatement* other = SampleInsert(b, 0);
    change(*other);
    return !Equal(*insert, *other);
  };
  CHECK(differs([](InsertStatement& s) { s.replace = true; }));
  CHECK(differs([](InsertStatement& s) { s.into = false; }));
  CHECK(differs([](InsertStatement& s) { s.options |= kDmlLowPriority; }));
  CHECK(differs([](InsertStatement& s) { s.hint = {}; }));
  CHECK(differs([&](InsertStatement& s) { s.partitions = b.Ids({"p0"}); }));
  CHECK(differs([&](InsertStatement& s) { s.columns = b.Ids({"a"}); }));
  CHECK(differs([](InsertStatement& s) { s.value_keyword = true; }));
  CHECK(differs([](InsertStatement& s) { s.row_keyword = true; }));
  CHECK(differs([&](InsertStatement& s) { s.rows = b.Rows({{b.Num("1"), b.Num("2")}}); }));
  CHECK(differs([&](InsertStatement& s) {
    s.rows = b.Rows({{b.Num("1"), b.New<Default>()}, {}});
  }));
  CHECK(differs([](InsertStatement& s) { s.row_alias = {}; }));
  CHECK(differs([](InsertStatement& s) { s.row_alias_columns = {}; }));
  CHECK(differs([](InsertStatement& s) { s.on_duplicate = {}; }));
  CHECK(differs([&](InsertStatement& s) {
    s.rows = {};
    s.set = b.Sets({{{"a"}, b.Num("1")}, {{"b"}, b.New<Default>()}});
  }));
  CHECK(differs([&](InsertStatement& s) {
    s.rows = {};
    s.query = b.Q(b.Sel({b.Num("1"), b.New<Default>()}));
  }));

  InsertStatement* empty = b.Ins({"t"});
  empty->rows = b.Rows({{}});
  InsertStatement* with_list = b.Ins({"t"});
  with_list->rows = b.Rows({{}});
  with_list->column_list = true;  // INSERT INTO t () VALUES () is not INSERT INTO t VALUES ()
  CHECK_FALSE(Equal(*empty, *with_list));

  const Statement* update = SampleUpdate(b, 0);
  UpdateStatement* u = SampleUpdate(b, 0);
  u->recursive = true;
  CHECK_FALSE(Equal(*update, *u));
  u = SampleUpdate(b, 0);
  u->limit = nullptr;
  CHECK_FALSE(Equal(*update, *u));
  u = SampleUpdate(b, 0);
  u->set = b.Sets({{{"a"}, b.New<Default>()}});  // t.a is not a
  CHECK_FALSE(Equal(*update, *u));

  const Statement* del = SampleDelete(b, 0);
  DeleteStatement* d = SampleDelete(b, 0);
  d->using_form = false;
  CHECK_FALSE(Equal(*del, *d));
  d = SampleDelete(b, 0);
  d->target_stars = b.List<bool>({false, false});
  CHECK_FALSE(Equal(*del, *d));
  d = SampleDelete(b, 0);
  d->target_stars = b.List<bool>({true});  // missing entries are false
  CHECK(Equal(*del, *d));
  d = SampleDelete(b, 0);
  d->options = kDmlQuick;
  CHECK_FALSE(Equal(*del, *d));
}

CreateTableStatement* SampleCreate(Build& b, int variant) {
  const bool v = variant != 0;
  CreateTableStatement* s = Create(b, {v ? "`T`" : "t"});
  s->span = {static_cast<uint32_t>(variant), 99};
  ColumnType type = ColType(v ? "double  precision" : "DOUBLE PRECISION", "10", "2");
  type.charset = v ? "'UTF8MB4'" : "utf8mb4";
  type.collation = v ? "UTF8MB4_BIN" : "utf8mb4_bin";
  ColumnDef c = Col(v ? "`A`" : "a", type);
  c.default_value = b.Num("1");
  c.comment = "'Note'";
  c.generated = b.Col({"b"});
  c.storage = v ? "virtual" : "VIRTUAL";
  ColumnType en = ColType("ENUM");
  en.values = b.List<std::string_view>({"'x'", "'Y'"});
  IndexDef fk = Key(IndexType::kForeign, b, {v ? "A" : "a"}, "fk");
  fk.ref_table = b.N({"p"});
  fk.ref_columns = b.Ids({"id"});
  fk.on_delete = v ? "set  null" : "SET NULL";
  s->columns = b.List<ColumnDef>({c, Col("e", en)});
  s->indexes = b.List<IndexDef>({fk});
  s->options = b.List<TableOption>(
      {{v ? "default  charset" : "DEFAULT CHARSET", v ? "UTF8MB4" : "utf8mb4", true},
       {"COMMENT", "'Big'", true}});
  s->partitioning = v ? "PARTITION BY KEY (a)\n PARTITIONS 2" : "PARTITION BY KEY (a) PARTITIONS 2";
  return s;
}

TEST_CASE("Equal on CREATE TABLE: keywords by words, comments and members exactly", "[equal]") {
  Build b;
  CHECK(Equal(*SampleCreate(b, 0), *SampleCreate(b, 1)));
  CHECK_FALSE(Equal(*SampleCreate(b, 0), *SampleInsert(b, 0)));

  const Statement* base = SampleCreate(b, 0);
  const auto differs = [&](auto change) {
    CreateTableStatement* other = SampleCreate(b, 0);
    change(*other);
    return !Equal(*base, *other);
  };
  const auto column = [&](CreateTableStatement& s, auto change) {
    std::vector<ColumnDef> columns(s.columns.begin(), s.columns.end());
    change(columns[0]);
    s.columns = b.List<ColumnDef>({columns[0], columns[1]});
  };
  const auto index = [&](CreateTableStatement& s, auto change) {
    IndexDef d = s.indexes[0];
    change(d);
    s.indexes = b.List<IndexDef>({d});
  };
  CHECK(differs([](CreateTableStatement& s) { s.temporary = true; }));
  CHECK(differs([](CreateTableStatement& s) { s.if_not_exists = true; }));
  CHECK(differs([](CreateTableStatement& s) { s.has_elements = false; }));
  CHECK(differs([](CreateTableStatement& s) { s.partitioning = "PARTITION BY KEY (A)"; }));
  CHECK(differs([](CreateTableStatement& s) { s.options = s.options.subspan(1); }));
  CHECK(differs([&](CreateTableStatement& s) {
    s.options = b.List<TableOption>({s.options[0], {"COMMENT", "'big'", true}});
  }));
  CHECK(differs([&](CreateTableStatement& s) { s.columns = s.columns.subspan(1); }));
  CHECK(differs(
      [&](CreateTableStatement& s) { column(s, [](ColumnDef& c) { c.comment = "'note'"; }); }));
  CHECK(differs(
      [&](CreateTableStatement& s) { column(s, [](ColumnDef& c) { c.type.scale = {}; }); }));
  CHECK(differs([&](CreateTableStatement& s) {
    column(s, [](ColumnDef& c) { c.nullability = Nullability::kNull; });
  }));
  CHECK(differs(
      [&](CreateTableStatement& s) { column(s, [](ColumnDef& c) { c.default_parens = true; }); }));
  CHECK(differs(
      [&](CreateTableStatement& s) { column(s, [](ColumnDef& c) { c.storage = "STORED"; }); }));
  CHECK(differs([&](CreateTableStatement& s) {
    s.columns = b.List<ColumnDef>({s.columns[0], Col("e", ColType("ENUM"))});
  }));
  CHECK(differs(
      [&](CreateTableStatement& s) { index(s, [](IndexDef& d) { d.on_delete = "CASCADE"; }); }));
  CHECK(differs(
      [&](CreateTableStatement& s) { index(s, [](IndexDef& d) { d.key_keyword = true; }); }));
  CHECK(differs([&](CreateTableStatement& s) { index(s, [](IndexDef& d) { d.name = {}; }); }));
  CHECK(differs([&](CreateTableStatement& s) {
    index(s, [&](IndexDef& d) { d.ref_columns = b.Ids({"id", "x"}); });
  }));

  // LIKE: the rest does not count, the parentheses do.
  CreateTableStatement* like1 = Create(b, {"t"});
  like1->like = b.N({"o"});
  CreateTableStatement* like2 = Create(b, {"t"});
  like2->like = b.N({"O"});
  like2->has_elements = false;
  CHECK(Equal(*like1, *like2));
  like2->like_parens = true;
  CHECK_FALSE(Equal(*like1, *like2));
}

TEST_CASE("Equal on the other DDL, USE and SET: keywords by words, spelling flags count",
          "[equal]") {
  Build b;
  // CREATE INDEX: always INDEX, so the INDEX / KEY flags of its IndexDef do not count.
  auto* ci1 = b.New<CreateIndexStatement>();
  ci1->index = Key(IndexType::kKey, b, {"a"}, "i");
  ci1->table = b.N({"t"});
  ci1->algorithm_lock = b.List<TableOption>({{"ALGORITHM", "inplace", true}});
  auto* ci2 = b.New<CreateIndexStatement>();
  *ci2 = *ci1;
  ci2->index.index_keyword = true;
  ci2->table = b.N({"`T`"});
  ci2->algorithm_lock = b.List<TableOption>({{"algorithm", "INPLACE", true}});
  CHECK(Equal(*ci1, *ci2));
  ci2->algorithm_lock = b.List<TableOption>({{"algorithm", "INPLACE", false}});
  CHECK_FALSE(Equal(*ci1, *ci2));
  ci2->algorithm_lock = ci1->algorithm_lock;
  ci2->index.type = IndexType::kUnique;
  CHECK_FALSE(Equal(*ci1, *ci2));

  // ALTER TABLE: kOther's text by words, case kept; positions and TO / AS as keywords.
  AlterAction other = Action(AlterKind::kOther);
  other.text = "ALTER INDEX i  INVISIBLE";
  AlterAction other2 = other;
  other2.text = "ALTER INDEX i\nINVISIBLE";
  CHECK(Equal(*Alter(b, {other}), *Alter(b, {other2})));
  other2.text = "alter index i invisible";
  CHECK_FALSE(Equal(*Alter(b, {other}), *Alter(b, {other2})));
  AlterAction add = Action(AlterKind::kAddColumn);
  add.column = Col("c", ColType("int"));
  add.position = "after  b";
  AlterAction add2 = add;
  add2.column = Col("C", ColType("INT"));
  add2.position = "AFTER b";
  CHECK(Equal(*Alter(b, {add}), *Alter(b, {add2})));
  add2.column_keyword = true;
  CHECK_FALSE(Equal(*Alter(b, {add}), *Alter(b, {add2})));
  add2 = add;
  add2.if_exists = true;
  CHECK_FALSE(Equal(*Alter(b, {add}), *Alter(b, {add2})));
  add2 = add;
  add2.kind = AlterKind::kModifyColumn;
  CHECK_FALSE(Equal(*Alter(b, {add}), *Alter(b, {add2})));
  AlterAction drop = Action(AlterKind::kDropIndex);
  drop.name = Ident{"i", 0};
  AlterAction drop2 = drop;
  drop2.key_keyword = true;
  CHECK_FALSE(Equal(*Alter(b, {drop}), *Alter(b, {drop2})));
  CHECK_FALSE(Equal(*Alter(b, {drop}), *Alter(b, {drop, drop})));
  AlterTableStatement* online = Alter(b, {drop});
  online->online = true;
  CHECK_FALSE(Equal(*Alter(b, {drop}), *online));

  auto* d1 = b.New<DropTableStatement>();
  d1->tables = b.List<ast::Name>({b.N({"a"})});
  d1->behavior = "cascade";
  auto* d2 = b.New<DropTableStatement>();
  d2->tables = b.List<ast::Name>({b.N({"`A`"})});
  d2->behavior = "CASCADE";
  CHECK(Equal(*d1, *d2));
  d2->temporary = true;
  CHECK_FALSE(Equal(*d1, *d2));

  // SET: the charset quoted or not; CHARSET versus CHARACTER SET counts.
  auto* s1 = b.New<SetStatement>();
  s1->charset = true;
  s1->charset_word = "CHARACTER SET";
  s1->value = "utf8";
  auto* s2 = b.New<SetStatement>();
  *s2 = *s1;
  s2->charset_word = "character  set";
  s2->value = "'UTF8'";
  CHECK(Equal(*s1, *s2));
  s2->charset_word = "CHARSET";
  CHECK_FALSE(Equal(*s1, *s2));
  auto* v1 = b.New<SetStatement>();
  v1->variables = b.List<SetVariable>({{"SESSION", b.Col({"x"}), b.Num("1"), false}});
  auto* v2 = b.New<SetStatement>();
  v2->variables = b.List<SetVariable>({{"session", b.Col({"X"}), b.Num("1"), false}});
  CHECK(Equal(*v1, *v2));
  v2->variables = b.List<SetVariable>({{"session", b.Col({"X"}), b.Num("1"), true}});
  CHECK_FALSE(Equal(*v1, *v2));
  v2->variables = b.List<SetVariable>({{"GLOBAL", b.Col({"X"}), b.Num("1"), false}});
  CHECK_FALSE(Equal(*v1, *v2));

  auto* u1 = b.New<UseStatement>();
  u1->database = Ident{"db", 0};
  auto* u2 = b.New<UseStatement>();
  u2->database = Ident{"`DB`", 0};
  CHECK(Equal(*u1, *u2));
  CHECK_FALSE(Equal(*u1, *v1));
}

// --- JSON ------------------------------------------------------------------------------------

// Every node object has a kind and a [offset, length] span.
void CheckNodes(const nlohmann::json& j, int& nodes) {
  if (j.is_object()) {
    if (j.contains("span")) {
      ++nodes;
      CHECK(j.at("kind").is_string());
      CHECK(j.at("span").is_array());
      CHECK(j.at("span").size() == 2);
    }
    for (const auto& [key, value] : j.items()) CheckNodes(value, nodes);
  } else if (j.is_array()) {
    for (const auto& value : j) CheckNodes(value, nodes);
  }
}

TEST_CASE("ToJson: the documented shape, exactly, for SELECT 1", "[json]") {
  Build b;
  Literal* one = b.Num("1");
  one->span = {7, 1};
  SelectStatement* stmt = b.Stmt(b.Q(b.SelectOf(one)));
  stmt->span = {0, 8};
  CHECK(ToJson(*stmt) ==
        R"({"kind":"select_statement","span":[0,8],"query":{"kind":"query","span":[0,0],)"
        R"("recursive":false,"with":[],"term":{"kind":"query_term","span":[0,0],"select":)"
        R"({"kind":"select","span":[0,0],"hint":"","options":[],"into":"","items":[{"expr":)"
        R"({"kind":"literal","span":[7,1],"literal":"number","text":"1","prefix":""},)"
        R"("alias":null,"alias_as":false,"string_alias":""}],"from":[],"from_dual":false,)"
        R"("where":null,"group_by":[],"group_by_directions":[],"with_rollup":false,)"
        R"("having":null,"windows":[]},"set_op":null,"parens":null,"table":null,)"
        R"("values":null},"order_by":[],)"
        R"("limit":null,"offset":null,"offset_keyword":false,"lock":"none","lock_of":[],)"
        R"("lock_wait":"wait","into":"","offset_rows":"","fetch":false,"fetch_first":"",)"
        R"("fetch_rows":"","with_ties":false,"lock_wait_seconds":null,"more_locks":[]}})");
}

TEST_CASE("ToJson: a statement with every kind of node parses as JSON", "[json]") {
  Build b;
  const Expr* x = b.Col({"`a``b`", "x"});
  Function* f = b.Call("GROUP_CONCAT", {x});
  f->form = CallForm::kGroupConcat;
  f->order_by = b.List<OrderItem>({{x, Direction::kDesc}});
  WindowSpec spec{};
  spec.parenthesized = true;
  spec.frame_unit = FrameUnit::kRows;
  spec.frame_start = {BoundKind::kPreceding, b.Num("1")};
  f->over = &spec;
  auto* c = b.New<Case>();
  c->whens = b.List<When>({{b.IsNull(x), b.Btw(x, b.Num("1"), b.Num("2"))}});
  auto* cast = b.New<Cast>();
  cast->operand = c;
  cast->type = Type("CHAR", "3");
  auto* in = b.New<In>();
  in->operand = x;
  in->subquery = b.Q(b.SelectOf(b.Num("1")));
  auto* m = b.New<Match>();
  m->columns = b.Exprs({x});
  m->against = b.Str("'\x01\"\\\xff'");  // a control byte, quote, backslash, invalid UTF-8
  Select* s = b.Sel({f, cast, in, m, b.Bin(BinaryOp::kAdd, x, b.Interv(b.Num("1"), "DAY"))});
  s->options = kDistinct | kSqlNoCache;
  auto* derived = b.New<DerivedTable>();
  derived->query = b.Q(b.SetTerm(SetOp::kExcept, b.SelectOf(x), b.SelectOf(x)));
  derived->alias = Ident{"d", 0};
  TableName* t = b.Table({"t"});
  t->hints = b.List<IndexHint>({{HintAction::kIgnore, false, HintScope::kOrderBy, b.Ids({"i"})}});
  s->from = b.List<const TableRef*>({b.JoinOf(JoinKind::kNaturalRight, t, derived)});
  s->windows = b.List<NamedWindow>({{Ident{"w", 0}, &spec}});
  Query* q = b.Q(s);
  q->with = b.List<Cte>({{Ident{"c", 0}, {}, b.Q(b.SelectOf(b.Num("2")))}});

  const std::string text = ToJson(*b.Stmt(q));
  INFO(text);
  const nlohmann::json j = nlohmann::json::parse(text);  // throws on malformed JSON
  int nodes = 0;
  CheckNodes(j, nodes);
  CHECK(nodes > 30);
  const auto& select = j["query"]["term"]["select"];
  CHECK(select["options"] == nlohmann::json::array({"distinct", "sql_no_cache"}));
  CHECK(select["items"][0]["expr"]["args"][0]["name"] == nlohmann::json::array({"a`b", "x"}));
  CHECK(select["items"][0]["expr"]["over"]["frame_start"]["bound"] == "preceding");
  CHECK(select["items"][0]["expr"]["over"]["frame_end"].is_null());
  CHECK(select["items"][1]["expr"]["type"]["name"] == "CHAR");
  CHECK(select["items"][3]["expr"]["against"]["text"] == "'\x01\"\\\xEF\xBF\xBD'");
  CHECK(select["items"][4]["expr"]["right"]["unit"] == "DAY");
  CHECK(select["from"][0]["join"] == "natural_right");
  CHECK(select["from"][0]["right"]["query"]["term"]["set_op"]["op"] == "except");
  CHECK(select["from"][0]["left"]["hints"][0]["scope"] == "order_by");
  CHECK(j["query"]["with"][0]["name"] == "c");

  auto* grant = b.New<UnsupportedStatement>();
  grant->what = "grant";
  CHECK(ToJson(*grant) ==
        R"({"kind":"unsupported_statement","span":[0,0],"what":"grant","verb":"other",)"
        R"("object":"none","or_replace":false})");
}

TEST_CASE("ToJson: INSERT, UPDATE and DELETE", "[json]") {
  Build b;
  InsertStatement* ins = SampleInsert(b, 1);
  ins->rows = b.Rows({{b.Num("1"), b.New<Default>()}, {b.Num("2"), b.Num("3")}});
  const std::string insert_text = ToJson(*ins);
  INFO(insert_text);
  const nlohmann::json i = nlohmann::json::parse(insert_text);
  int nodes = 0;
  CheckNodes(i, nodes);
  CHECK(i["kind"] == "insert_statement");
  CHECK(i["replace"] == false);
  CHECK(i["hint"] == "/*+  SET_VAR(sort_buffer_size = 16M) */");
  CHECK(i["options"] == nlohmann::json::array({"ignore"}));
  CHECK(i["into"] == true);
  CHECK(i["table"] == nlohmann::json::array({"DB", "T"}));
  CHECK(i["partitions"] == nlohmann::json::array());
  CHECK(i["column_list"] == true);
  CHECK(i["columns"] == nlohmann::json::array({"A", "b"}));
  REQUIRE(i["rows"].size() == 2);
  CHECK(i["rows"][0].size() == 2);
  CHECK(i["rows"][0][1]["kind"] == "default");
  CHECK(i["rows"][1][1]["text"] == "3");
  CHECK(i["value_keyword"] == false);
  CHECK(i["row_keyword"] == false);
  CHECK(i["set"] == nlohmann::json::array());
  CHECK(i["query"].is_null());
  CHECK(i["row_alias"] == "New");
  CHECK(i["row_alias_columns"] == nlohmann::json::array({"x", "Y"}));
  CHECK(i["on_duplicate"][0]["column"] == nlohmann::json::array({"B"}));
  CHECK(i["on_duplicate"][0]["value"]["name"] == nlohmann::json::array({"new", "x"}));

  InsertStatement* empty = b.Ins({"t"});
  empty->rows = b.Rows({{}});
  empty->span = {0, 23};
  CHECK(ToJson(*empty) ==
        R"({"kind":"insert_statement","span":[0,23],"replace":false,"hint":"","options":[],)"
        R"("into":true,"table":["t"],"partitions":[],"column_list":false,"columns":[],)"
        R"("rows":[[]],"value_keyword":false,"row_keyword":false,"set":[],"query":null,)"
        R"("source_table":[],)"
        R"("row_alias":null,"row_alias_columns":[],"on_duplicate":[],"returning":[]})");

  const nlohmann::json u = nlohmann::json::parse(ToJson(*SampleUpdate(b, 0)));
  CHECK(u["kind"] == "update_statement");
  CHECK(u["recursive"] == false);
  CHECK(u["with"][0]["name"] == "c");
  CHECK(u["options"] == nlohmann::json::array({"low_priority"}));
  CHECK(u["tables"][0]["kind"] == "table_name");
  CHECK(u["set"][0]["column"] == nlohmann::json::array({"t", "a"}));
  CHECK(u["set"][0]["value"]["kind"] == "default");
  CHECK(u["where"]["kind"] == "is");
  CHECK(u["order_by"][0]["direction"] == "asc");
  CHECK(u["limit"]["text"] == "3");

  DeleteStatement* del = SampleDelete(b, 1);
  del->options = kDmlLowPriority | kDmlQuick | kDmlIgnore | kDmlDelayed | kDmlHighPriority;
  const nlohmann::json d = nlohmann::json::parse(ToJson(*del));
  CHECK(d["kind"] == "delete_statement");
  CHECK(d["with"] == nlohmann::json::array());
  CHECK(d["options"] ==
        nlohmann::json::array({"low_priority", "delayed", "high_priority", "quick", "ignore"}));
  CHECK(d["targets"] ==
        nlohmann::json::array({nlohmann::json::array({"T1"}), nlohmann::json::array({"t2"})}));
  CHECK(d["target_stars"] == nlohmann::json::array({true, false}));
  CHECK(d["using_form"] == true);
  CHECK(d["tables"].size() == 2);
  CHECK(d["where"]["op"] == "eq");
  CHECK(d["order_by"] == nlohmann::json::array());
  CHECK(d["limit"].is_null());
}

TEST_CASE("ToJson: CREATE TABLE", "[json]") {
  Build b;
  CreateTableStatement* s = SampleCreate(b, 1);
  IndexDef ck = Key(IndexType::kCheck, b, {});
  ck.check = b.Bin(BinaryOp::kGt, b.Col({"a"}), b.Num("0"));
  ck.enforced = "ENFORCED";
  IndexDef k = Key(IndexType::kKey, b, {"e"}, "k");
  k.key_keyword = true;
  s->indexes = b.List<IndexDef>({s->indexes[0], ck, k});
  s->query = b.Q(b.SelectOf(b.Num("1")));
  const std::string text = ToJson(*s);
  INFO(text);
  const nlohmann::json j = nlohmann::json::parse(text);
  int nodes = 0;
  CheckNodes(j, nodes);
  CHECK(j["kind"] == "create_table_statement");
  CHECK(j["span"] == nlohmann::json::array({1, 99}));
  CHECK(j["temporary"] == false);
  CHECK(j["table"] == nlohmann::json::array({"T"}));
  CHECK(j["has_elements"] == true);
  const auto& c = j["columns"][0];
  CHECK(c["name"] == "A");
  CHECK(c["type"]["name"] == "double  precision");
  CHECK(c["type"]["scale"] == "2");
  CHECK(c["type"]["charset"] == "'UTF8MB4'");
  CHECK(c["nullability"] == "unspecified");
  CHECK(c["default_value"]["text"] == "1");
  CHECK(c["on_update"].is_null());
  CHECK(c["comment"] == "'Note'");
  CHECK(c["generated"]["kind"] == "column");
  CHECK(c["storage"] == "virtual");
  CHECK(j["columns"][1]["type"]["values"] == nlohmann::json::array({"'x'", "'Y'"}));
  const auto& fk = j["indexes"][0];
  CHECK(fk["type"] == "foreign");
  CHECK(fk["constraint"].is_null());
  CHECK(fk["name"] == "fk");
  CHECK(fk["parts"][0]["column"] == "A");
  CHECK(fk["parts"][0]["expr"].is_null());
  CHECK(fk["parts"][0]["direction"] == "none");
  CHECK(fk["ref_table"] == nlohmann::json::array({"p"}));
  CHECK(fk["ref_columns"] == nlohmann::json::array({"id"}));
  CHECK(fk["on_delete"] == "set  null");
  CHECK(j["indexes"][1]["type"] == "check");
  CHECK(j["indexes"][1]["check"]["op"] == "gt");
  CHECK(j["indexes"][1]["enforced"] == "ENFORCED");
  CHECK(j["indexes"][1]["parts"] == nlohmann::json::array());
  CHECK(j["indexes"][2]["key_keyword"] == true);
  CHECK(j["indexes"][2]["index_keyword"] == false);
  CHECK(j["like"] == nlohmann::json::array());
  CHECK(j["options"][0] ==
        nlohmann::json({{"name", "default  charset"}, {"value", "UTF8MB4"}, {"equals", true}}));
  CHECK(j["partitioning"] == "PARTITION BY KEY (a)\n PARTITIONS 2");
  CHECK(j["duplicates"] == "");
  CHECK(j["query"]["kind"] == "query");

  CreateTableStatement* like = Create(b, {"t"});
  like->has_elements = false;
  like->like = b.N({"db", "o"});
  CHECK(ToJson(*like) ==
        R"({"kind":"create_table_statement","span":[0,0],"temporary":false,)"
        R"("if_not_exists":false,"table":["t"],"has_elements":false,"columns":[],"indexes":[],)"
        R"("like":["db","o"],"like_parens":false,"options":[],"partitioning":"","duplicates":"",)"
        R"("as_keyword":false,"query":null,"periods":[]})");
}

TEST_CASE("ToJson: CREATE INDEX, ALTER TABLE, DROP, CREATE DATABASE, USE, SET", "[json]") {
  Build b;
  auto* ci = b.New<CreateIndexStatement>();
  ci->index = Key(IndexType::kUnique, b, {"a"}, "i");
  ci->table = b.N({"db", "t"});
  ci->algorithm_lock = b.List<TableOption>({{"LOCK", "NONE", true}});
  nlohmann::json j = nlohmann::json::parse(ToJson(*ci));
  CHECK(j["kind"] == "create_index_statement");
  CHECK(j["index"]["type"] == "unique");
  CHECK(j["index"]["name"] == "i");
  CHECK(j["table"] == nlohmann::json::array({"db", "t"}));
  CHECK(j["algorithm_lock"][0] ==
        nlohmann::json({{"name", "LOCK"}, {"value", "NONE"}, {"equals", true}}));

  AlterAction add = Action(AlterKind::kAddColumn);
  add.column = Col("c", ColType("INT"));
  add.position = "FIRST";
  AlterAction key = Action(AlterKind::kAddIndex);
  key.index = Key(IndexType::kKey, b, {"c"}, "k");
  AlterAction drop = Action(AlterKind::kDropForeignKey);
  drop.name = Ident{"`fk`", 0};
  AlterAction engine = Action(AlterKind::kOption);
  engine.option = {"ENGINE", "InnoDB", true};
  AlterAction rename = Action(AlterKind::kRenameTable);
  rename.table = b.N({"u"});
  rename.rename_word = "TO";
  AlterTableStatement* alter = Alter(b, {add, key, drop, engine, rename});
  alter->span = {0, 9};
  const std::string text = ToJson(*alter);
  INFO(text);
  j = nlohmann::json::parse(text);
  int nodes = 0;
  CheckNodes(j, nodes);
  CHECK(j["kind"] == "alter_table_statement");
  CHECK(j["online"] == false);
  CHECK(j["table"] == nlohmann::json::array({"t"}));
  CHECK(j["partitioning"] == "");
  const auto& a = j["actions"];
  REQUIRE(a.size() == 5);
  CHECK(a[0]["action"] == "add_column");
  CHECK(a[0]["column"]["name"] == "c");
  CHECK(a[0]["position"] == "FIRST");
  CHECK(a[0]["index"].is_null());
  CHECK(a[0]["option"].is_null());
  CHECK(a[1]["action"] == "add_index");
  CHECK(a[1]["column"].is_null());
  CHECK(a[1]["index"]["name"] == "k");
  CHECK(a[2]["action"] == "drop_foreign_key");
  CHECK(a[2]["name"] == "fk");
  CHECK(a[2]["new_name"].is_null());
  CHECK(a[3]["action"] == "option");
  CHECK(a[3]["option"]["value"] == "InnoDB");
  CHECK(a[4]["action"] == "rename_table");
  CHECK(a[4]["table"] == nlohmann::json::array({"u"}));
  CHECK(a[4]["rename_word"] == "TO");

  auto* other = Alter(b, {Action(AlterKind::kOther)});
  CHECK(
      ToJson(*other) ==
      R"({"kind":"alter_table_statement","span":[0,0],"online":false,"ignore":false,)"
      R"("table":["t"],"actions":[{"kind":"alter_action","span":[0,0],"action":"other",)"
      R"("column_keyword":false,"if_exists":false,)"
      R"("column":null,"name":null,"new_name":null,"key_keyword":false,"position":"",)"
      R"("index":null,"charset":"","collation":"","table":[],"rename_word":"","option":null,)"
      R"("setting":"","visibility":"default","default":null,"text":"","period":null,"drop_behavior":""}],"partitioning":"",)"
      R"("if_exists":false})");

  auto* dt = b.New<DropTableStatement>();
  dt->tables = b.List<ast::Name>({b.N({"a"}), b.N({"db", "b"})});
  dt->if_exists = true;
  CHECK(ToJson(*dt) == R"({"kind":"drop_table_statement","span":[0,0],"temporary":false,)"
                       R"("if_exists":true,"tables":[["a"],["db","b"]],"behavior":""})");

  auto* di = b.New<DropIndexStatement>();
  di->index = Ident{"`PRIMARY`", 0};
  di->table = b.N({"t"});
  CHECK(ToJson(*di) ==
        R"({"kind":"drop_index_statement","span":[0,0],"if_exists":false,"index":"PRIMARY",)"
        R"("table":["t"],"algorithm_lock":[]})");

  auto* cd = b.New<CreateDatabaseStatement>();
  cd->name = Ident{"d", 0};
  cd->options = b.List<TableOption>({{"CHARSET", "latin1", false}});
  CHECK(ToJson(*cd) ==
        R"({"kind":"create_database_statement","span":[0,0],"schema_keyword":false,)"
        R"("if_not_exists":false,"name":"d","options":[{"name":"CHARSET","value":"latin1",)"
        R"("equals":false}]})");

  auto* u = b.New<UseStatement>();
  u->database = Ident{"`my db`", 0};
  CHECK(ToJson(*u) == R"({"kind":"use_statement","span":[0,0],"database":"my db"})");

  auto* s = b.New<SetStatement>();
  s->variables = b.List<SetVariable>({{"GLOBAL", b.Col({"x"}), b.Num("1"), true}});
  j = nlohmann::json::parse(ToJson(*s));
  CHECK(j["kind"] == "set_statement");
  CHECK(j["names"] == false);
  CHECK(j["charset"] == false);
  CHECK(j["value"] == "");
  CHECK(j["variables"][0]["scope"] == "GLOBAL");
  CHECK(j["variables"][0]["target"]["kind"] == "column");
  CHECK(j["variables"][0]["value"]["text"] == "1");
  CHECK(j["variables"][0]["assign_operator"] == true);
}

}  // namespace
}  // namespace qadvisor::parser
