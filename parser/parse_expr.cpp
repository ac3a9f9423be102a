// Expressions, after MySQL's sql_yacc.yy (expr / bool_pri / predicate / bit_expr /
// simple_expr) so that precedence and associativity are the server's; calls, CAST, CASE,
// windows.
#include "parser/grammar.h"

namespace qadvisor::parser::grammar {

const Binary* StatementParser::MakeBinary(uint32_t start, BinaryOp op, const Expr* l, const Expr* r,
                                          Quantifier q) {
  auto* b = NewExpr<Binary>(start);
  b->op = op;
  b->left = l;
  b->right = r;
  b->quantifier = q;
  return Finish(b);
}

// expr: or_expr [:= expr]   (assignment to a user variable, lowest precedence)
const Expr* StatementParser::ParseExpr() {
  DepthGuard guard(*this);
  const uint32_t start = Start();
  const Expr* left = ParseOr();
  if (Peek().kind == TokenKind::kAssign) {
    if (left->kind != ExprKind::kVariable) Fail("a user variable before ':='");
    Next();
    return MakeBinary(start, BinaryOp::kAssign, left, ParseExpr());
  }
  return left;
}

// or_expr: xor_expr {(OR | ||) xor_expr}
const Expr* StatementParser::ParseOr() {
  const uint32_t start = Start();
  const Expr* left = ParseXor();
  while (PeekWord(K::kOr) || Peek().kind == TokenKind::kOrOr) {
    Next();
    left = MakeBinary(start, BinaryOp::kOr, left, ParseXor());
  }
  return left;
}

// xor_expr: and_expr {XOR and_expr}
const Expr* StatementParser::ParseXor() {
  const uint32_t start = Start();
  const Expr* left = ParseAnd();
  while (AcceptWord(K::kXor)) left = MakeBinary(start, BinaryOp::kXor, left, ParseAnd());
  return left;
}

// and_expr: not_expr {(AND | &&) not_expr}
const Expr* StatementParser::ParseAnd() {
  const uint32_t start = Start();
  const Expr* left = ParseNot();
  while (PeekWord(K::kAnd) || Peek().kind == TokenKind::kAndAnd) {
    Next();
    left = MakeBinary(start, BinaryOp::kAnd, left, ParseNot());
  }
  return left;
}

// not_expr: NOT not_expr | bool_pri
const Expr* StatementParser::ParseNot() {
  if (PeekWord(K::kNot)) {
    DepthGuard guard(*this);
    const uint32_t start = Start();
    Next();
    auto* u = NewExpr<Unary>(start);
    u->op = UnaryOp::kNot;
    u->operand = ParseNot();
    return Finish(u);
  }
  return ParseBoolPri();
}

// bool_pri: predicate {IS [NOT] (NULL | TRUE | FALSE | UNKNOWN)
//                     | comp_op predicate | comp_op (ANY | SOME | ALL) (query)}
const Expr* StatementParser::ParseBoolPri() {
  const uint32_t start = Start();
  const Expr* left = ParsePredicate();
  for (;;) {
    if (PeekWord(K::kIs)) {
      Next();
      auto* is = NewExpr<Is>(start);
      is->operand = left;
      is->negated = AcceptWord(K::kNot);
      if (AcceptWord(K::kNull))  // also \N, which the lexer reads as NULL
        is->what = IsWhat::kNull;
      else if (AcceptWord(K::kTrue))
        is->what = IsWhat::kTrue;
      else if (AcceptWord(K::kFalse))
        is->what = IsWhat::kFalse;
      else if (AcceptWord(K::kUnknown))
        is->what = IsWhat::kUnknown;
      else
        Fail("NULL, TRUE, FALSE or UNKNOWN after IS");
      left = Finish(is);
      continue;
    }
    BinaryOp op;
    switch (Peek().kind) {
      case TokenKind::kEq:
        op = BinaryOp::kEq;
        break;
      case TokenKind::kNullSafeEq:
        op = BinaryOp::kNullSafeEq;
        break;
      case TokenKind::kNotEq:
        op = BinaryOp::kNotEq;
        break;
      case TokenKind::kLt:
        op = BinaryOp::kLt;
        break;
      case TokenKind::kLe:
        op = BinaryOp::kLe;
        break;
      case TokenKind::kGt:
        op = BinaryOp::kGt;
        break;
      case TokenKind::kGe:
        op = BinaryOp::kGe;
        break;
      default:
        return left;
    }
    Next();
    Quantifier q = Quantifier::kNone;
    if (PeekWord(K::kAny) || PeekWord(K::kSome) || PeekWord(K::kAll)) {
      q = PeekWord(K::kAny)    ? Quantifier::kAny
          : PeekWord(K::kSome) ? Quantifier::kSome
                               : Quantifier::kAll;
      Next();
      const uint32_t sub_start = Start();
      Expect(TokenKind::kLParen, "'(' before the subquery");
      auto* sub = NewExpr<Subquery>(sub_start);
      sub->query = ParseQuery();
      Expect(TokenKind::kRParen, "')' after the subquery");
      left = MakeBinary(start, op, left, Finish(sub), q);
      continue;
    }
    left = MakeBinary(start, op, left, ParsePredicate());
  }
}

// predicate: bit_expr [NOT] IN (list | query) | bit_expr [NOT] BETWEEN bit_expr AND predicate
//          | bit_expr [NOT] LIKE bit_expr [ESCAPE bit_expr] | bit_expr [NOT] (REGEXP | RLIKE)
//            bit_expr | bit_expr SOUNDS LIKE bit_expr | bit_expr MEMBER [OF] (expr) | bit_expr
const Expr* StatementParser::ParsePredicate() {
  const uint32_t start = Start();
  const Expr* left = ParseBitExpr(0);
  // NOT after an operand can only start NOT IN / BETWEEN / LIKE / REGEXP.
  const bool negated = AcceptWord(K::kNot);
  if (negated && !PeekWord(K::kIn) && !PeekWord(K::kBetween) && !PeekWord(K::kLike) &&
      !PeekWord(K::kRegexp) && !PeekWord(K::kRlike)) {
    Fail("IN, BETWEEN, LIKE or REGEXP after NOT");
  }
  if (AcceptWord(K::kIn)) {
    auto* in = NewExpr<In>(start);
    in->operand = left;
    in->negated = negated;
    Expect(TokenKind::kLParen, "'(' after IN");
    // IN ((SELECT …), 1): a parenthesised query followed by a comma is the list's first value.
    if (PeekWord(K::kSelect) || PeekWord(K::kWith) || TableOrValuesAt(0) ||
        (QueryAt(0) && Peek(MatchingParen(0) + 1).kind != TokenKind::kComma)) {
      in->subquery = ParseQuery();
    } else {
      in->list = ParseExprList();
    }
    Expect(TokenKind::kRParen, "')' after the IN list");
    return Finish(in);
  }
  if (AcceptWord(K::kBetween)) {
    auto* b = NewExpr<Between>(start);
    b->operand = left;
    b->negated = negated;
    b->low = ParseBitExpr(0);
    ExpectWord(K::kAnd);
    b->high = ParsePredicate();
    return Finish(b);
  }
  if (AcceptWord(K::kLike)) {
    auto* l = NewExpr<Like>(start);
    l->operand = left;
    l->negated = negated;
    l->pattern = ParseBitExpr(0);
    if (AcceptWord(K::kEscape)) l->escape = ParseBitExpr(0);
    return Finish(l);
  }
  if (AcceptWord(K::kRegexp) || AcceptWord(K::kRlike)) {
    return MakeBinary(start, negated ? BinaryOp::kNotRegexp : BinaryOp::kRegexp, left,
                      ParseBitExpr(0));
  }
  if (negated) Fail("IN, BETWEEN, LIKE or REGEXP after NOT");
  if (PeekWord(K::kSounds) && PeekWord(K::kLike, 1)) {
    Next();
    Next();
    return MakeBinary(start, BinaryOp::kSoundsLike, left, ParseBitExpr(0));
  }
  if (PeekWord(K::kMember) && PeekWord(K::kOf, 1)) {
    Next();
    Next();
    Expect(TokenKind::kLParen, "'(' after MEMBER OF");
    const Expr* array = ParseExpr();
    Expect(TokenKind::kRParen, "')' after MEMBER OF (…");
    return MakeBinary(start, BinaryOp::kMemberOf, left, array);
  }
  return left;
}

bool StatementParser::PeekBitOp(BitOp* out) const {
  const Token& t = Peek();
  switch (t.kind) {
    case TokenKind::kPipe:
      *out = {BinaryOp::kBitOr, 1};
      return true;
    case TokenKind::kAmpersand:
      *out = {BinaryOp::kBitAnd, 2};
      return true;
    case TokenKind::kShiftLeft:
      *out = {BinaryOp::kShiftLeft, 3};
      return true;
    case TokenKind::kShiftRight:
      *out = {BinaryOp::kShiftRight, 3};
      return true;
    case TokenKind::kPlus:
      *out = {BinaryOp::kAdd, 4};
      return true;
    case TokenKind::kMinus:
      *out = {BinaryOp::kSub, 4};
      return true;
    case TokenKind::kStar:
      *out = {BinaryOp::kMul, 5};
      return true;
    case TokenKind::kSlash:
      *out = {BinaryOp::kDiv, 5};
      return true;
    case TokenKind::kPercent:
      *out = {BinaryOp::kMod, 5};
      return true;
    case TokenKind::kCaret:
      *out = {BinaryOp::kBitXor, 6};
      return true;
    case TokenKind::kIdentifier:
      if (IsWord(t, K::kDiv)) {
        *out = {BinaryOp::kIntDiv, 5};
        return true;
      }
      if (IsWord(t, K::kMod)) {
        *out = {BinaryOp::kMod, 5};
        return true;
      }
      return false;
    default:
      return false;
  }
}

// bit_expr: simple_expr {op simple_expr}, op by precedence: | < & < << >> < + - < * / DIV
//           % MOD < ^   (precedence climbing)
const Expr* StatementParser::ParseBitExpr(int min_precedence) {
  const uint32_t start = Start();
  const Expr* left = ParseSimple();
  BitOp op;
  while (PeekBitOp(&op) && op.precedence > min_precedence) {
    DepthGuard guard(*this);
    Next();
    const Expr* right = ParseBitExpr(op.precedence);
    left = MakeBinary(start, op.op, left, right);
  }
  return left;
}

// simple_expr: (- | + | ~) simple_expr | ! simple_expr | BINARY simple_expr
//            | primary {COLLATE ident}
const Expr* StatementParser::ParseSimple() {
  DepthGuard guard(*this);
  const uint32_t start = Start();
  UnaryOp op;
  bool unary = true;
  switch (Peek().kind) {
    case TokenKind::kMinus:
      op = UnaryOp::kMinus;
      break;
    case TokenKind::kPlus:
      op = UnaryOp::kPlus;
      break;
    case TokenKind::kTilde:
      op = UnaryOp::kBitNot;
      break;
    case TokenKind::kBang:
      op = UnaryOp::kBang;
      break;
    default:
      unary = PeekWord(K::kBinary) && Peek(1).kind != TokenKind::kEnd &&
              Peek(1).kind != TokenKind::kComma && Peek(1).kind != TokenKind::kRParen;
      op = UnaryOp::kBinary;
  }
  if (unary) {
    Next();
    auto* u = NewExpr<Unary>(start);
    u->op = op;
    u->operand = ParseSimple();
    return Finish(u);
  }
  const Expr* e = ParsePrimary();
  while (AcceptWord(K::kCollate)) {
    auto* c = NewExpr<Collate>(start);
    c->operand = e;
    if (Peek().kind == TokenKind::kString) {
      const Token& t = Next();
      c->collation = MakeIdent(t);
    } else {
      c->collation = ParseIdent("a collation name");
    }
    e = Finish(c);
  }
  return e;
}

std::span<const Expr* const> StatementParser::ParseExprList() {
  std::vector<const Expr*> items;
  do {
    items.push_back(ParseExpr());
  } while (Accept(TokenKind::kComma));
  return Keep(items);
}

Literal* StatementParser::MakeLiteral(uint32_t start, LiteralKind kind, std::string_view prefix) {
  auto* l = NewExpr<Literal>(start);
  l->literal = kind;
  l->prefix = prefix;
  return l;
}

// The literal tokens from `first` on, adjacent strings joined ('a' 'b' is one literal).
const Literal* StatementParser::FinishString(Literal* l, const Token& first) {
  uint32_t end = first.offset + first.length;
  while (Peek().kind == TokenKind::kString) {
    const Token& more = Next();
    end = more.offset + more.length;
  }
  l->text = text_.substr(first.offset, end - first.offset);
  return Finish(l);
}

// primary: literal | param | variable | name | function_call | ( expr ) | ( expr, … )
//        | ( query ) | EXISTS ( query ) | ROW ( expr, … ) | CASE … | CAST … | CONVERT …
//        | INTERVAL expr unit | MATCH … AGAINST … | DEFAULT | DATE 'x' | name -> 'path'
const Expr* StatementParser::ParsePrimary() {
  const uint32_t start = Start();
  const Token& t = Peek();
  switch (t.kind) {
    case TokenKind::kString: {
      Next();
      return FinishString((MakeLiteral(start, LiteralKind::kString)), t);
    }
    case TokenKind::kNationalString: {
      Next();
      auto* l = (MakeLiteral(start, LiteralKind::kString));
      return FinishString(l, t);
    }
    case TokenKind::kNumber:
    case TokenKind::kHexNumber:
    case TokenKind::kBitNumber: {
      Next();
      auto* l = (MakeLiteral(start, t.kind == TokenKind::kNumber      ? LiteralKind::kNumber
                                    : t.kind == TokenKind::kHexNumber ? LiteralKind::kHex
                                                                      : LiteralKind::kBit));
      l->text = Text(t);
      return Finish(l);
    }
    case TokenKind::kParam:
    case TokenKind::kNamedParam: {
      Next();
      auto* p = NewExpr<Param>(start);
      p->text = Text(t);
      return Finish(p);
    }
    case TokenKind::kUserVariable:
    case TokenKind::kSystemVariable: {
      const Expr* v = ParseVariable();
      // simple_expr: @var := expr (sql_yacc.yy): an assignment is an operand anywhere, and
      // its value runs as far as an expression does: 1 + @a := 2 + 3 adds @a := (2 + 3).
      if (t.kind == TokenKind::kUserVariable && Peek().kind == TokenKind::kAssign) {
        Next();
        return MakeBinary(start, BinaryOp::kAssign, v, ParseExpr());
      }
      return v;
    }
    case TokenKind::kLParen:
      return ParseParenthesised();
    case TokenKind::kLBrace:
      return ParseEscape();
    case TokenKind::kQuotedIdentifier:
      return ParseNameOrCall();
    case TokenKind::kIdentifier:
      break;
    default:
      Fail("an expression");
  }
  // Words: keywords that start expressions, then names and function calls.
  const std::string_view w = Text(t);
  const Keyword kw = t.keyword;
  if ((PeekWord(K::kNext) || PeekWord(K::kPrevious)) && PeekWord(K::kValue, 1) &&
      PeekWord(K::kFor, 2)) {
    return ParseSequenceValue();
  }
  if (kw == K::kNull || kw == K::kTrue || kw == K::kFalse) {
    Next();
    auto* l = (MakeLiteral(start, kw == K::kNull   ? LiteralKind::kNull
                                  : kw == K::kTrue ? LiteralKind::kTrue
                                                   : LiteralKind::kFalse));
    l->text = w;
    return Finish(l);
  }
  // _utf8mb4'text', _binary 0x0A: a character set introducer.
  if (w.size() > 1 && w[0] == '_' && IsCharsetName(w.substr(1)) &&
      (Peek(1).kind == TokenKind::kString || Peek(1).kind == TokenKind::kHexNumber ||
       Peek(1).kind == TokenKind::kBitNumber)) {
    Next();
    const Token& value = Next();
    auto* l = (MakeLiteral(start,
                           value.kind == TokenKind::kString      ? LiteralKind::kString
                           : value.kind == TokenKind::kHexNumber ? LiteralKind::kHex
                                                                 : LiteralKind::kBit,
                           w));
    if (value.kind == TokenKind::kString) return FinishString(l, value);
    l->text = Text(value);
    return Finish(l);
  }
  // DATE '2024-01-01', TIME '10:00', TIMESTAMP '…'
  if ((kw == K::kDate || kw == K::kTime || kw == K::kTimestamp) &&
      Peek(1).kind == TokenKind::kString) {
    Next();
    const Token& value = Next();
    auto* l = (MakeLiteral(start, LiteralKind::kTemporal, w));
    l->text = Text(value);
    return Finish(l);
  }
  if (kw == K::kExists && Peek(1).kind == TokenKind::kLParen) {
    Next();
    Next();
    auto* e = NewExpr<Exists>(start);
    e->query = ParseQuery();
    Expect(TokenKind::kRParen, "')' after the EXISTS subquery");
    return Finish(e);
  }
  if (kw == K::kRow && Peek(1).kind == TokenKind::kLParen) {
    Next();
    Next();
    auto* r = NewExpr<Row>(start);
    r->row_keyword = true;
    r->items = ParseExprList();
    Expect(TokenKind::kRParen, "')' after the ROW items");
    return Finish(r);
  }
  if (kw == K::kCase) return ParseCase();
  if (kw == K::kCast && Peek(1).kind == TokenKind::kLParen) return ParseCast(false);
  if (kw == K::kConvert && Peek(1).kind == TokenKind::kLParen) return ParseCast(true);
  if (kw == K::kInterval && !IntervalFunction()) {
    Next();
    auto* i = NewExpr<Interval>(start);
    i->value = ParseExpr();
    i->unit = ParseIntervalUnit();
    return Finish(i);
  }
  if (kw == K::kMatch && (Peek(1).kind == TokenKind::kLParen || IsIdentToken(Peek(1)))) {
    return ParseMatch();
  }
  if (kw == K::kDefault && Peek(1).kind != TokenKind::kLParen) {
    Next();
    return Finish(NewExpr<Default>(start));
  }
  if (IsNoParensFunction(kw) && Peek(1).kind != TokenKind::kLParen) {
    Next();
    auto* f = NewExpr<Function>(start);
    std::vector<Ident> name{MakeIdent(t)};
    f->name = Name{Keep(name)};
    f->form = CallForm::kNoParens;
    return Finish(f);
  }
  return ParseNameOrCall();
}

// escape: { ident expr }   (sql_yacc.yy simple_expr; ODBC's {d '…'}, {ts '…'}, {fn f(…)})
const Expr* StatementParser::ParseEscape() {
  const uint32_t start = Start();
  Expect(TokenKind::kLBrace, "'{'");
  auto* e = NewExpr<Escape>(start);
  e->keyword = ParseIdent("an ODBC escape word (d, t, ts, fn, …) after '{'");
  e->expr = ParseExpr();
  Expect(TokenKind::kRBrace, "'}' to close the ODBC escape");
  return Finish(e);
}

bool StatementParser::IsNoParensFunction(Keyword w) {
  static constexpr Keyword kWords[] = {
      K::kCurrentTimestamp, K::kCurrentDate, K::kCurrentTime,  K::kLocaltime,   K::kLocaltimestamp,
      K::kUtcDate,          K::kUtcTime,     K::kUtcTimestamp, K::kCurrentUser, K::kCurrentRole};
  return IsOneOf(w, kWords);
}

// INTERVAL(N, N1, …) is a function; INTERVAL expr unit is an interval. After the closing
// parenthesis of INTERVAL (…), a unit word tells them apart.
bool StatementParser::IntervalFunction() const {
  if (Peek(1).kind != TokenKind::kLParen) return false;
  int depth = 0;
  for (size_t i = 1;; ++i) {
    const Token& t = Peek(i);
    if (t.kind == TokenKind::kEnd) return false;
    if (t.kind == TokenKind::kLParen) ++depth;
    // INTERVAL(n, n1, …) takes two or more arguments: a comma makes it the function, even
    // with a unit after it (INTERVAL INTERVAL(1, 0, 1) DAY).
    if (t.kind == TokenKind::kComma && depth == 1) return true;
    if (t.kind == TokenKind::kRParen && --depth == 0) return !IsIntervalUnit(Peek(i + 1));
  }
}

bool StatementParser::IsIntervalUnit(const Token& t) const {
  return IsOneOf(t.keyword, kIntervalUnits);
}

// @user_var | @@[scope.]system_var: the variable token alone
const Expr* StatementParser::ParseVariable() {
  const uint32_t start = Start();
  const Token& t = Next();
  auto* v = NewExpr<Variable>(start);
  v->text = Text(t);
  v->system = t.kind == TokenKind::kSystemVariable;
  return Finish(v);
}

std::string_view StatementParser::ParseIntervalUnit() {
  if (!IsIntervalUnit(Peek())) Fail("an interval unit (DAY, HOUR, …)");
  return Text(Next());
}

// ( expr ) | ( expr, expr, … ) | ( query )
const Expr* StatementParser::ParseParenthesised() {
  const uint32_t start = Start();
  if (QueryAt(0)) {
    Next();
    auto* sub = NewExpr<Subquery>(start);
    sub->query = ParseQuery();
    Expect(TokenKind::kRParen, "')' after the subquery");
    return Finish(sub);
  }
  Next();
  const Expr* first = ParseExpr();
  if (Accept(TokenKind::kComma)) {
    std::vector<const Expr*> items{first};
    do {
      items.push_back(ParseExpr());
    } while (Accept(TokenKind::kComma));
    Expect(TokenKind::kRParen, "')' after the row");
    auto* r = NewExpr<Row>(start);
    r->items = Keep(items);
    return Finish(r);
  }
  Expect(TokenKind::kRParen, "')'");
  return first;  // the printer puts parentheses back where precedence needs them
}

// name [-> 'path' | ->> 'path'] | name ( args ) [OVER …]
const Expr* StatementParser::ParseNameOrCall() {
  const uint32_t start = Start();
  const Token& first = Peek();
  // A reserved word is a function name only right before '(' (IF(, LEFT(, REPLACE(, …).
  if (IsReserved(first.keyword) && Peek(1).kind != TokenKind::kLParen && !BeforeDotName(first)) {
    // A reserved word that is often a column name (order, key, desc, …) gets a hint; a clause
    // keyword where an expression is missing (FROM, WHERE, …) does not.
    static constexpr Keyword kClauseWords[] = {
        K::kFrom, K::kWhere, K::kHaving, K::kLimit,  K::kUnion,   K::kExcept, K::kIntersect,
        K::kOn,   K::kUsing, K::kJoin,   K::kSelect, K::kSet,     K::kValues, K::kInto,
        K::kAnd,  K::kOr,    K::kXor,    K::kThen,   K::kElse,    K::kEnd,    K::kWhen,
        K::kAs,   K::kIn,    K::kIs,     K::kLike,   K::kBetween, K::kNot};
    if (IsOneOf(first.keyword, kClauseWords)) Fail("an expression");
    Fail(
        fmt::format("an expression ('{}' is a reserved word: quote it as `{}` to use it as a "
                    "name)",
                    Text(first), Text(first)));
  }
  if (Peek(1).kind == TokenKind::kLParen) return ParseCall(start);
  if (Peek(1).kind == TokenKind::kDot && Peek(2).kind != TokenKind::kStar &&
      Peek(3).kind == TokenKind::kLParen &&
      (first.kind == TokenKind::kQuotedIdentifier || first.kind == TokenKind::kIdentifier)) {
    return ParseCall(start);  // db.func(…)
  }
  auto* c = NewExpr<Column>(start);
  std::vector<Ident> parts{MakeIdent(Next())};
  while (Peek().kind == TokenKind::kDot && parts.size() < 3) {
    Next();
    if (Accept(TokenKind::kStar)) {
      c->star = true;
      break;
    }
    if (Peek().kind != TokenKind::kIdentifier && Peek().kind != TokenKind::kQuotedIdentifier) {
      Fail("a name after '.'");
    }
    parts.push_back(MakeIdent(Next()));
  }
  c->name = Name{Keep(parts)};
  const Expr* e = Finish(c);
  if (!c->star && (Peek().kind == TokenKind::kArrow || Peek().kind == TokenKind::kLongArrow)) {
    const BinaryOp op =
        Next().kind == TokenKind::kArrow ? BinaryOp::kJsonExtract : BinaryOp::kJsonUnquote;
    if (Peek().kind != TokenKind::kString) Fail("a JSON path string");
    e = MakeBinary(start, op, e, ParsePrimary());
  }
  return e;
}

// call: name ( [DISTINCT | ALL] [* | args] ) [OVER window]  and the special forms
const Expr* StatementParser::ParseCall(uint32_t start) {
  auto* f = NewExpr<Function>(start);
  const Keyword first = Peek().keyword;
  std::vector<Ident> name{MakeIdent(Next())};
  if (Accept(TokenKind::kDot)) name.push_back(MakeIdent(Next()));
  f->name = Name{Keep(name)};
  Expect(TokenKind::kLParen, "'('");
  const std::string_view fn = name.back().raw;
  if (name.size() == 1 && ParseSpecialForm(*f, first)) {
    Expect(TokenKind::kRParen, fmt::format("')' to close {}(", Upper(fn)));
  } else {
    if (!ParseCallDistinct(*f)) AcceptWord(K::kAll);
    if (Peek().kind == TokenKind::kStar && Peek(1).kind == TokenKind::kRParen) {
      Next();
      f->star = true;
    } else if (Peek().kind != TokenKind::kRParen) {
      f->args = ParseExprList();
    }
    Expect(TokenKind::kRParen, fmt::format("')' to close {}(", Upper(fn)));
  }
  ParseNullTreatment(*f, first);
  if (AcceptWord(K::kOver)) f->over = ParseOver();
  return Finish(f);
}

// call_distinct: (DISTINCT | DISTINCTROW) [ALL]   (DISTINCTROW is DISTINCT to the lexer,
// and in_sum_expr takes an ALL after it: AVG(DISTINCT ALL a)). distinct_word keeps any
// spelling other than DISTINCT.
bool StatementParser::ParseCallDistinct(Function& f) {
  const size_t from = pos_;
  if (!AcceptWord(K::kDistinct) && !AcceptWord(K::kDistinctrow)) return false;
  AcceptWord(K::kAll);
  if (Peek().kind == TokenKind::kRParen) Fail("an expression after DISTINCT");
  f.distinct = true;
  if (pos_ - from > 1 || !IsWord(tokens_[from], K::kDistinct)) f.distinct_word = TextFrom(from);
  return true;
}

// The functions whose arguments are not a plain list. Returns false for plain calls.
bool StatementParser::ParseSpecialForm(Function& f, Keyword fn) {
  if (fn == K::kTrim) {
    // TRIM([BOTH | LEADING | TRAILING] [remstr] FROM str) | TRIM([remstr FROM] str)
    f.form = CallForm::kTrim;
    if (PeekWord(K::kBoth) || PeekWord(K::kLeading) || PeekWord(K::kTrailing))
      f.modifier = Text(Next());
    std::vector<const Expr*> args;
    if (AcceptWord(K::kFrom)) {
      args.push_back(ParseExpr());
    } else {
      args.push_back(ParseExpr());
      if (AcceptWord(K::kFrom)) {
        args.push_back(ParseExpr());
      } else if (!f.modifier.empty()) {
        Fail("'FROM' in TRIM");
      } else {
        f.form = CallForm::kPlain;  // TRIM(str)
      }
    }
    f.args = Keep(args);
    return true;
  }
  if (fn == K::kSubstring || fn == K::kSubstr) {
    // SUBSTRING(str FROM pos [FOR len]) | SUBSTRING(str, pos[, len])
    std::vector<const Expr*> args{ParseExpr()};
    if (AcceptWord(K::kFrom)) {
      f.form = CallForm::kSubstringFrom;
      args.push_back(ParseExpr());
      if (AcceptWord(K::kFor)) args.push_back(ParseExpr());
    } else {
      while (Accept(TokenKind::kComma)) args.push_back(ParseExpr());
    }
    f.args = Keep(args);
    return true;
  }
  if (fn == K::kExtract) {  // EXTRACT(unit FROM expr)
    f.form = CallForm::kExtract;
    f.modifier = ParseIntervalUnit();
    ExpectWord(K::kFrom);
    std::vector<const Expr*> args{ParseExpr()};
    f.args = Keep(args);
    return true;
  }
  if (fn == K::kPosition) {  // POSITION(substr IN str)
    f.form = CallForm::kPosition;
    std::vector<const Expr*> args{ParseBitExpr(0)};
    ExpectWord(K::kIn);
    args.push_back(ParseExpr());
    f.args = Keep(args);
    return true;
  }
  if (fn == K::kGroupConcat) {
    // GROUP_CONCAT([DISTINCT] expr {, expr} [ORDER BY …] [SEPARATOR 'str'])
    f.form = CallForm::kGroupConcat;
    ParseCallDistinct(f);
    f.args = ParseExprList();
    if (PeekWord(K::kOrder) && PeekWord(K::kBy, 1)) {
      Next();
      Next();
      f.order_by = ParseOrderList();
    }
    if (AcceptWord(K::kSeparator)) {
      if (Peek().kind != TokenKind::kString) Fail("a string after SEPARATOR");
      f.separator = ParsePrimary();
    }
    ParseCallLimit(f);
    return true;
  }
  if (fn == K::kJsonArrayagg) {
    // JSON_ARRAYAGG([DISTINCT] expr [ORDER BY …] [LIMIT …]): MariaDB 10.5 takes the clauses
    // of GROUP_CONCAT but SEPARATOR; MySQL takes one expression.
    f.distinct = AcceptWord(K::kDistinct);
    f.args = ParseExprList();
    if (PeekWord(K::kOrder) && PeekWord(K::kBy, 1)) {
      Next();
      Next();
      f.order_by = ParseOrderList();
    }
    ParseCallLimit(f);
    return true;
  }
  if (fn == K::kJsonValue) {
    // JSON_VALUE(doc, path [RETURNING type] [on_empty] [on_error])   (MySQL 8.0.21)
    //   on_empty: (NULL | ERROR | DEFAULT literal) ON EMPTY; on_error: … ON ERROR
    f.form = CallForm::kJsonValue;
    std::vector<const Expr*> args{ParseExpr()};
    Expect(TokenKind::kComma, "',' and a JSON path in JSON_VALUE");
    args.push_back(ParseExpr());
    f.args = Keep(args);
    if (AcceptWord(K::kReturning)) f.returning = arena_.New<DataType>(ParseCastType());
    ParseJsonOn(f.on_empty, K::kEmpty);
    ParseJsonOn(f.on_error, K::kError);
    return true;
  }
  if (fn == K::kChar) {  // CHAR(n, … [USING charset])
    f.args = ParseExprList();
    if (AcceptWord(K::kUsing)) {
      f.form = CallForm::kCharUsing;
      // BINARY is reserved but a character set here (CHAR(65 USING BINARY))
      f.modifier = PeekWord(K::kBinary) ? Text(Next()) : ParseIdent("a character set").raw;
    }
    return true;
  }
  return false;
}

// [LIMIT n | LIMIT offset, n | LIMIT n OFFSET offset] at the end of GROUP_CONCAT (MariaDB 10.3)
void StatementParser::ParseCallLimit(Function& f) {
  if (!AcceptWord(K::kLimit)) return;
  const Expr* first = ParseLimitValue();
  if (Accept(TokenKind::kComma)) {
    f.offset = first;
    f.limit = ParseLimitValue();
  } else if (AcceptWord(K::kOffset)) {
    f.limit = first;
    f.offset = ParseLimitValue();
    f.offset_keyword = true;
  } else {
    f.limit = first;
  }
}

// (NULL | ERROR | DEFAULT signed_literal) ON {EMPTY | ERROR}, when the words after the
// response are ON `when`; else nothing is consumed.
void StatementParser::ParseJsonOn(JsonOn& on, Keyword when) {
  const size_t from = pos_;
  JsonOn r{};
  if (AcceptWord(K::kNull)) {
    r.response = JsonResponse::kNull;
  } else if (AcceptWord(K::kError)) {
    r.response = JsonResponse::kError;
  } else if (AcceptWord(K::kDefault)) {
    r.response = JsonResponse::kDefault;
    const Token& value = Peek();
    r.value = ParseDefaultValue();
    const Expr* literal = r.value;
    if (literal->kind == ExprKind::kUnary) literal = literal->As<Unary>().operand;
    if (literal->kind != ExprKind::kLiteral) {
      throw Failure{value.offset, "expected a literal after DEFAULT in JSON_VALUE"};
    }
  } else {
    return;
  }
  if (!PeekWord(K::kOn) || !PeekWord(when, 1)) {
    pos_ = from;
    return;
  }
  Next();
  Next();
  on = r;
}

// FIRST_VALUE, LAST_VALUE, NTH_VALUE, LAG and LEAD take [FROM FIRST | FROM LAST] (NTH_VALUE
// only) and [RESPECT NULLS | IGNORE NULLS] between their arguments and OVER, which they
// then need (MySQL 8.0 14.20.1; the server parses IGNORE NULLS and FROM LAST, then refuses
// them as not supported yet).
void StatementParser::ParseNullTreatment(Function& f, Keyword fn) {
  static constexpr Keyword kWindowOnly[] = {K::kFirstValue, K::kLastValue, K::kNthValue, K::kLag,
                                            K::kLead};
  if (f.name.parts.size() != 1 || !IsOneOf(fn, kWindowOnly)) return;
  if (fn == K::kNthValue && PeekWord(K::kFrom) &&
      (PeekWord(K::kFirst, 1) || PeekWord(K::kLast, 1))) {
    Next();
    f.from_edge = PeekWord(K::kFirst) ? FromEdge::kFirst : FromEdge::kLast;
    Next();
  }
  if ((PeekWord(K::kRespect) || PeekWord(K::kIgnore)) && PeekWord(K::kNulls, 1)) {
    f.nulls = PeekWord(K::kRespect) ? NullTreatment::kRespectNulls : NullTreatment::kIgnoreNulls;
    Next();
    Next();
  }
  if ((f.from_edge != FromEdge::kNone || f.nulls != NullTreatment::kNone) && !PeekWord(K::kOver)) {
    Fail(fmt::format("OVER after {}(…)", Upper(f.name.last().raw)));
  }
}

// OVER name | OVER ( window_spec )
const WindowSpec* StatementParser::ParseOver() {
  if (Peek().kind != TokenKind::kLParen) {
    auto* w = arena_.New<WindowSpec>();
    w->name = ParseIdent("a window name or '('");
    return w;
  }
  return ParseWindowSpec();
}

// window_spec: ( [name] [PARTITION BY exprs] [ORDER BY items] [frame] )
const WindowSpec* StatementParser::ParseWindowSpec() {
  Expect(TokenKind::kLParen, "'(' before the window specification");
  auto* w = arena_.New<WindowSpec>();
  w->parenthesized = true;
  if (IsIdentToken(Peek()) && !PeekWord(K::kPartition) && !PeekWord(K::kOrder) &&
      !PeekWord(K::kRows) && !PeekWord(K::kRange) && !PeekWord(K::kGroups)) {
    w->name = ParseIdent();
  }
  if (PeekWord(K::kPartition) && PeekWord(K::kBy, 1)) {
    Next();
    Next();
    w->partition_by = ParseExprList();
  }
  if (AcceptWord(K::kOrder)) {
    ExpectWord(K::kBy);
    w->order_by = ParseOrderList();
  }
  if (PeekWord(K::kRows) || PeekWord(K::kRange) || PeekWord(K::kGroups)) {
    w->frame_unit = PeekWord(K::kRows)    ? FrameUnit::kRows
                    : PeekWord(K::kRange) ? FrameUnit::kRange
                                          : FrameUnit::kGroups;
    Next();
    if (AcceptWord(K::kBetween)) {
      w->frame_between = true;
      w->frame_start = ParseFrameBound();
      ExpectWord(K::kAnd);
      w->frame_end = ParseFrameBound();
    } else {
      w->frame_start = ParseFrameBound();
    }
  }
  Expect(TokenKind::kRParen, "')' after the window specification");
  return w;
}

// bound: UNBOUNDED (PRECEDING | FOLLOWING) | CURRENT ROW | expr (PRECEDING | FOLLOWING)
FrameBound StatementParser::ParseFrameBound() {
  FrameBound b{};
  if (AcceptWord(K::kUnbounded)) {
    if (AcceptWord(K::kPreceding)) {
      b.kind = BoundKind::kUnboundedPreceding;
    } else {
      ExpectWord(K::kFollowing);
      b.kind = BoundKind::kUnboundedFollowing;
    }
    return b;
  }
  if (AcceptWord(K::kCurrent)) {
    ExpectWord(K::kRow);
    b.kind = BoundKind::kCurrentRow;
    return b;
  }
  b.offset = ParseBitExpr(0);
  if (AcceptWord(K::kPreceding)) {
    b.kind = BoundKind::kPreceding;
  } else {
    ExpectWord(K::kFollowing);
    b.kind = BoundKind::kFollowing;
  }
  return b;
}

// case: CASE [operand] WHEN expr THEN expr {WHEN …} [ELSE expr] END
const Expr* StatementParser::ParseCase() {
  const uint32_t start = Start();
  ExpectWord(K::kCase);
  auto* c = NewExpr<Case>(start);
  if (!PeekWord(K::kWhen)) c->operand = ParseExpr();
  std::vector<When> whens;
  while (AcceptWord(K::kWhen)) {
    When w{};
    w.condition = ParseExpr();
    ExpectWord(K::kThen);
    w.result = ParseExpr();
    whens.push_back(w);
  }
  if (whens.empty()) Fail("'WHEN' in CASE");
  c->whens = Keep(whens);
  if (AcceptWord(K::kElse)) c->otherwise = ParseExpr();
  ExpectWord(K::kEnd);
  return Finish(c);
}

// CAST(expr AS type [ARRAY]) | CONVERT(expr, type) | CONVERT(expr USING charset)
const Expr* StatementParser::ParseCast(bool convert) {
  const uint32_t start = Start();
  Next();
  Next();
  auto* c = NewExpr<Cast>(start);
  c->convert = convert;
  c->operand = ParseExpr();
  if (convert && AcceptWord(K::kUsing)) {
    c->using_charset = ParseCharsetName();
  } else {
    if (convert) {
      Expect(TokenKind::kComma, "',' or 'USING' in CONVERT");
    } else {
      ExpectWord(K::kAs);
    }
    c->type = ParseCastType();
    if (!convert) c->array = AcceptWord(K::kArray);
  }
  Expect(TokenKind::kRParen, convert ? "')' to close CONVERT(" : "')' to close CAST(");
  return Finish(c);
}

std::string_view StatementParser::ParseCharsetName() {
  const Token& t = Peek();
  if (t.kind == TokenKind::kIdentifier || t.kind == TokenKind::kQuotedIdentifier ||
      t.kind == TokenKind::kString) {
    return Text(Next());
  }
  Fail("a character set name");
}

// cast_type: BINARY[(n)] | CHAR[(n)] [charset] | NCHAR[(n)] | DATE | DATETIME[(n)] | TIME[(n)]
//          | DECIMAL[(m[,d])] | SIGNED [INTEGER] | UNSIGNED [INTEGER] | JSON | DOUBLE
//          | FLOAT[(n)] | REAL | YEAR | INTEGER | VARCHAR(n) (MariaDB)
DataType StatementParser::ParseCastType() {
  DataType type{};
  const Token& t = Peek();
  if (t.kind != TokenKind::kIdentifier) Fail("a type");
  const std::string_view w = Text(t);
  const Keyword kw = t.keyword;
  static constexpr Keyword kTypes[] = {
      K::kBinary, K::kChar,    K::kNchar,    K::kDate,    K::kDatetime,  K::kTime,    K::kDecimal,
      K::kDec,    K::kSigned,  K::kUnsigned, K::kJson,    K::kDouble,    K::kFloat,   K::kReal,
      K::kYear,   K::kInteger, K::kInt,      K::kVarchar, K::kCharacter, K::kNumeric, K::kNational};
  // The types MySQL lists, and any other name: MariaDB adds types (INET6, UUID, …) often.
  if (!IsOneOf(kw, kTypes) && IsReserved(kw)) Fail("a type (CHAR, SIGNED, DECIMAL, DATE, …)");
  Next();
  type.name = w;
  if (kw == K::kSigned || kw == K::kUnsigned) {
    type.is_unsigned = kw == K::kUnsigned;
    type.integer_suffix = AcceptWord(K::kInteger) || AcceptWord(K::kInt);
    return type;
  }
  if ((kw == K::kDouble && AcceptWord(K::kPrecision)) ||
      (kw == K::kNational && (AcceptWord(K::kChar) || AcceptWord(K::kCharacter)))) {
    type.name =
        text_.substr(t.offset, tokens_[pos_ - 1].offset + tokens_[pos_ - 1].length - t.offset);
  } else if (kw == K::kNational) {
    Fail("CHAR after NATIONAL");
  }
  if (Accept(TokenKind::kLParen)) {
    if (Peek().kind != TokenKind::kNumber) Fail("a length");
    type.length = Text(Next());
    if (Accept(TokenKind::kComma)) {
      if (Peek().kind != TokenKind::kNumber) Fail("a scale");
      type.scale = Text(Next());
    }
    Expect(TokenKind::kRParen, "')' after the length");
  }
  // A character type takes a charset and BINARY (a _bin collation), in either order:
  // CHAR(10) BINARY, CHAR CHARACTER SET x BINARY, CHAR BINARY CHARSET x (sql_yacc.yy
  // opt_charset_with_opt_binary; MariaDB's opt_binary).
  static constexpr Keyword kCharacterTypes[] = {K::kChar, K::kNchar, K::kNational, K::kVarchar,
                                                K::kCharacter};
  if (!IsOneOf(kw, kCharacterTypes)) return type;
  type.binary = AcceptWord(K::kBinary);
  if (AcceptWord(K::kCharset)) {
    type.charset = ParseCharsetName();
  } else if (PeekWord(K::kCharacter) && PeekWord(K::kSet, 1)) {
    Next();
    Next();
    type.charset = ParseCharsetName();
  }
  if (!type.binary) type.binary = AcceptWord(K::kBinary);
  return type;
}

// MATCH (col, …) AGAINST (expr [IN NATURAL LANGUAGE MODE [WITH QUERY EXPANSION]
//                              | IN BOOLEAN MODE | WITH QUERY EXPANSION])
// | MATCH col {, col} AGAINST (…)   (sql_yacc.yy ident_list_arg: the parentheses are optional)
const Expr* StatementParser::ParseMatch() {
  const uint32_t start = Start();
  Next();
  auto* m = NewExpr<Match>(start);
  if (Accept(TokenKind::kLParen)) {
    m->columns = ParseExprList();
    Expect(TokenKind::kRParen, "')' after the MATCH columns");
  } else {
    m->bare_columns = true;
    std::vector<const Expr*> columns;
    do {
      auto* c = NewExpr<Column>(Start());
      c->name = ParseName(3, "a column name");
      columns.push_back(Finish(c));
    } while (Accept(TokenKind::kComma));
    m->columns = Keep(columns);
  }
  ExpectWord(K::kAgainst);
  Expect(TokenKind::kLParen, "'(' after AGAINST");
  m->against = ParseBitExpr(0);
  if (PeekWord(K::kIn) || PeekWord(K::kWith)) {
    const uint32_t from = Start();
    while (Peek().kind == TokenKind::kIdentifier) Next();
    m->modifier = text_.substr(from, tokens_[pos_ - 1].offset + tokens_[pos_ - 1].length - from);
  }
  Expect(TokenKind::kRParen, "')' after AGAINST (…");
  return Finish(m);
}

}  // namespace qadvisor::parser::grammar
