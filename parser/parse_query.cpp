// Queries: SELECT, set operations, ORDER BY, LIMIT, locking, INTO, and FROM's table
// references and joins.
#include "parser/grammar.h"

namespace qadvisor::parser::grammar {

// query: [WITH [RECURSIVE] cte {, cte}] union_term [ORDER BY …] [LIMIT …] [locking]
const Query* StatementParser::ParseQuery() {
  DepthGuard guard(*this);
  const uint32_t start = Start();
  auto* q = arena_.New<Query>();
  if (AcceptWord(K::kWith)) {
    q->recursive = AcceptWord(K::kRecursive);
    q->with = ParseCtes();
  }
  q->term = ParseUnionTerm();
  if (AcceptWord(K::kOrder)) {
    ExpectWord(K::kBy);
    q->order_by = ParseOrderList();
  }
  ParseLimit(*q);
  ParseLocking(*q);
  if (PeekWord(K::kInto)) q->into = ParseInto();
  q->span = SpanFrom(start);
  return q;
}

// union_term: intersect_term {(UNION | EXCEPT) [ALL | DISTINCT] intersect_term}
const QueryTerm* StatementParser::ParseUnionTerm() {
  const uint32_t start = Start();
  const QueryTerm* left = ParseIntersectTerm();
  while (PeekWord(K::kUnion) || PeekWord(K::kExcept)) {
    const SetOp op = PeekWord(K::kUnion) ? SetOp::kUnion : SetOp::kExcept;
    Next();
    left = MakeSetOp(start, op, left, [this] { return ParseIntersectTerm(); });
  }
  return left;
}

// intersect_term: query_primary {INTERSECT [ALL | DISTINCT] query_primary}
// (INTERSECT binds tighter than UNION and EXCEPT, as in MySQL 8.0.31 and MariaDB 10.4.)
const QueryTerm* StatementParser::ParseIntersectTerm() {
  const uint32_t start = Start();
  const QueryTerm* left = ParseQueryPrimary();
  while (AcceptWord(K::kIntersect)) {
    left = MakeSetOp(start, SetOp::kIntersect, left, [this] { return ParseQueryPrimary(); });
  }
  return left;
}

// query_primary: select_block | ( query ) | TABLE name | values_rows
const QueryTerm* StatementParser::ParseQueryPrimary() {
  const uint32_t start = Start();
  auto* term = arena_.New<QueryTerm>();
  if (Accept(TokenKind::kLParen)) {
    term->parens = ParseQuery();
    Expect(TokenKind::kRParen, "')' after the parenthesised query");
  } else if (PeekWord(K::kSelect)) {
    term->select = ParseSelect();
  } else if (AcceptWord(K::kTable)) {  // MySQL 8.0 15.2.16 "TABLE Statement"
    auto* t = arena_.New<TableName>();
    t->kind = TableRefKind::kTable;
    const uint32_t name_start = Start();
    t->name = ParseName(2, "a table name");
    t->span = SpanFrom(name_start);
    term->table = t;
  } else if (PeekWord(K::kValues)) {
    term->values = ParseValuesRows();
  } else {
    Fail("'SELECT' or '('");
  }
  term->span = SpanFrom(start);
  return term;
}

// values_rows: VALUES ROW(expr, …) {, ROW(expr, …)}   (MySQL 8.0 15.2.19 "VALUES Statement")
//            | VALUES (expr, …) {, (expr, …)}       (MariaDB 10.3.3, table value constructor)
const ValuesRows* StatementParser::ParseValuesRows() {
  ExpectWord(K::kValues);
  auto* v = arena_.New<ValuesRows>();
  v->row_keyword = PeekWord(K::kRow);
  std::vector<std::span<const Expr* const>> rows;
  do {
    if (v->row_keyword) ExpectWord(K::kRow);
    Expect(TokenKind::kLParen, v->row_keyword ? "'(' after ROW" : "'(' before the row of values");
    rows.push_back(ParseExprList());
    Expect(TokenKind::kRParen, "')' after the row of values");
  } while (Accept(TokenKind::kComma));
  v->rows = Keep(rows);
  return v;
}

// select_block: SELECT [hint] {modifier} item {, item} [FROM …] [WHERE expr]
//               [GROUP BY … [WITH ROLLUP]] [HAVING expr] [WINDOW w AS (…) {, …}]
const Select* StatementParser::ParseSelect() {
  const uint32_t start = Start();
  ExpectWord(K::kSelect);
  auto* s = arena_.New<Select>();
  if (Peek().kind == TokenKind::kHint) s->hint = Text(Next());
  s->options = ParseSelectOptions();
  std::vector<SelectItem> items;
  do {
    items.push_back(ParseSelectItem());
  } while (Accept(TokenKind::kComma));
  s->items = Keep(items);
  if (PeekWord(K::kInto)) s->into = ParseInto();
  if (AcceptWord(K::kFrom)) {
    if (AcceptWord(K::kDual)) {
      s->from_dual = true;
    } else {
      std::vector<const TableRef*> from;
      do {
        from.push_back(ParseTableRef());
      } while (Accept(TokenKind::kComma));
      s->from = Keep(from);
    }
  }
  if (AcceptWord(K::kWhere)) s->where = ParseExpr();
  if (AcceptWord(K::kGroup)) {
    ExpectWord(K::kBy);
    std::vector<const Expr*> group;
    std::vector<Direction> directions;
    do {
      group.push_back(ParseExpr());
      directions.push_back(ParseDirection());
    } while (Accept(TokenKind::kComma));
    s->group_by = Keep(group);
    if (std::any_of(directions.begin(), directions.end(),
                    [](Direction d) { return d != Direction::kNone; })) {
      s->group_by_directions = Keep(directions);
    }
    if (PeekWord(K::kWith) && PeekWord(K::kRollup, 1)) {
      Next();
      Next();
      s->with_rollup = true;
    }
  }
  if (AcceptWord(K::kHaving)) s->having = ParseExpr();
  if (AcceptWord(K::kWindow)) {
    std::vector<NamedWindow> windows;
    do {
      NamedWindow w{};
      w.name = ParseIdent("a window name");
      ExpectWord(K::kAs);
      w.spec = ParseWindowSpec();
      windows.push_back(w);
    } while (Accept(TokenKind::kComma));
    s->windows = Keep(windows);
  }
  s->span = SpanFrom(start);
  return s;
}

// into: INTO {@var | name} {, …} | INTO OUTFILE 'file' [export options] | INTO DUMPFILE 'file'
// Kept as written: what matters to the advisor is the query, not where its rows go.
std::string_view StatementParser::ParseInto() {
  const uint32_t start = Start();
  ExpectWord(K::kInto);
  if (AcceptWord(K::kOutfile) || AcceptWord(K::kDumpfile)) {
    if (Peek().kind != TokenKind::kString) Fail("a file name string");
    Next();
    static constexpr Keyword kEnds[] = {K::kFrom,   K::kWhere, K::kGroup,     K::kHaving,
                                        K::kWindow, K::kOrder, K::kLimit,     K::kFor,
                                        K::kLock,   K::kUnion, K::kIntersect, K::kExcept};
    const auto at_clause = [&] {
      return std::any_of(std::begin(kEnds), std::end(kEnds),
                         [&](Keyword w) { return IsWord(Peek(), w); });
    };
    while (Peek().kind != TokenKind::kEnd && Peek().kind != TokenKind::kRParen &&
           Peek().kind != TokenKind::kSemicolon && !at_clause()) {
      Next();
    }
  } else {
    do {
      const TokenKind k = Peek().kind;
      if (k != TokenKind::kUserVariable && k != TokenKind::kIdentifier &&
          k != TokenKind::kQuotedIdentifier) {
        Fail("a variable after INTO");
      }
      Next();
    } while (Accept(TokenKind::kComma));
  }
  const Span span = SpanFrom(start);
  return {text_.data() + (span.offset - base_), span.length};
}

uint32_t StatementParser::ParseSelectOptions() {
  static constexpr std::pair<Keyword, uint32_t> kOptions[] = {
      {K::kAll, kAll},
      {K::kDistinct, kDistinct},
      {K::kDistinctrow, kDistinctRow},
      {K::kHighPriority, kHighPriority},
      {K::kStraightJoin, kStraightJoin},
      {K::kSqlSmallResult, kSqlSmallResult},
      {K::kSqlBigResult, kSqlBigResult},
      {K::kSqlBufferResult, kSqlBufferResult},
      {K::kSqlNoCache, kSqlNoCache},
      {K::kSqlCache, kSqlCache},
      {K::kSqlCalcFoundRows, kSqlCalcFoundRows},
  };
  uint32_t options = 0;
  for (bool found = true; found;) {
    found = false;
    for (const auto& [word, bit] : kOptions) {
      if (AcceptWord(word)) {
        options |= bit;
        found = true;
      }
    }
  }
  return options;
}

// item: * | name.* | expr [[AS] alias]
SelectItem StatementParser::ParseSelectItem() {
  SelectItem item{};
  const uint32_t start = Start();
  if (Peek().kind == TokenKind::kStar) {
    Next();
    auto* star = arena_.New<Column>();
    star->kind = ExprKind::kColumn;
    star->star = true;
    star->span = SpanFrom(start);
    item.expr = star;
    return item;
  }
  item.expr = ParseExpr();
  if (AcceptWord(K::kAs)) {
    item.alias_as = true;
    if (Peek().kind == TokenKind::kString) {
      item.string_alias = Text(Next());
    } else {
      item.alias = ParseIdent("an alias");
    }
  } else if (Peek().kind == TokenKind::kString) {
    item.string_alias = Text(Next());
  } else if (IsIdentToken(Peek()) && !EndsItem(Peek().keyword) && !StandardOffsetAt(0)) {
    item.alias = MakeIdent(Next());
  }
  return item;
}

Direction StatementParser::ParseDirection() {
  if (AcceptWord(K::kAsc)) return Direction::kAsc;
  if (AcceptWord(K::kDesc)) return Direction::kDesc;
  return Direction::kNone;
}

std::span<const OrderItem> StatementParser::ParseOrderList() {
  std::vector<OrderItem> items;
  do {
    OrderItem item{};
    item.expr = ParseExpr();
    item.direction = ParseDirection();
    items.push_back(item);
  } while (Accept(TokenKind::kComma));
  return Keep(items);
}

// limit: LIMIT count | LIMIT offset, count | LIMIT count OFFSET offset | fetch_first
void StatementParser::ParseLimit(Query& q) {
  if (PeekWord(K::kOffset) || PeekWord(K::kFetch)) return ParseFetchFirst(q);
  if (!AcceptWord(K::kLimit)) return;
  const Expr* first = ParseLimitValue();
  if (Accept(TokenKind::kComma)) {
    q.offset = first;
    q.limit = ParseLimitValue();
  } else if (AcceptWord(K::kOffset)) {
    q.limit = first;
    q.offset = ParseLimitValue();
    q.offset_keyword = true;
  } else {
    q.limit = first;
  }
}

// fetch_first (MariaDB 10.6, the SQL standard's form of LIMIT):
//   [OFFSET offset {ROW | ROWS}] [FETCH {FIRST | NEXT} [count] {ROW | ROWS} {ONLY | WITH TIES}]
// WITH TIES needs an ORDER BY (ER_WITH_TIES_NEEDS_ORDER).
void StatementParser::ParseFetchFirst(Query& q) {
  if (AcceptWord(K::kOffset)) {
    q.offset = ParseLimitValue();
    if (!PeekWord(K::kRow) && !PeekWord(K::kRows)) Fail("'ROW' or 'ROWS' after OFFSET n");
    q.offset_rows = Text(Next());
  }
  if (!PeekWord(K::kFetch)) return;
  const Token& fetch = Next();
  q.fetch = true;
  if (!PeekWord(K::kFirst) && !PeekWord(K::kNext)) Fail("'FIRST' or 'NEXT' after FETCH");
  q.fetch_first = Text(Next());
  if (!PeekWord(K::kRow) && !PeekWord(K::kRows)) q.limit = ParseLimitValue();
  if (!PeekWord(K::kRow) && !PeekWord(K::kRows)) Fail("'ROW' or 'ROWS'");
  q.fetch_rows = Text(Next());
  if (AcceptWord(K::kWith)) {
    ExpectWord(K::kTies);
    q.with_ties = true;
    if (q.order_by.empty()) {
      throw Failure{fetch.offset, "FETCH … WITH TIES needs ORDER BY"};
    }
  } else {
    ExpectWord(K::kOnly);
  }
}

// OFFSET n ROW[S] at Peek(ahead): the standard offset clause, never a table alias.
bool StatementParser::StandardOffsetAt(size_t ahead) const {
  if (!PeekWord(K::kOffset, ahead)) return false;
  const TokenKind k = Peek(ahead + 1).kind;
  const bool value = k == TokenKind::kNumber || k == TokenKind::kParam ||
                     k == TokenKind::kNamedParam || k == TokenKind::kUserVariable ||
                     k == TokenKind::kIdentifier;
  return value && (PeekWord(K::kRow, ahead + 2) || PeekWord(K::kRows, ahead + 2));
}

const Expr* StatementParser::ParseLimitValue() {
  const Token& t = Peek();
  if (t.kind != TokenKind::kNumber && t.kind != TokenKind::kParam &&
      t.kind != TokenKind::kNamedParam && t.kind != TokenKind::kUserVariable &&
      t.kind != TokenKind::kIdentifier) {
    Fail("a number or a parameter after LIMIT");
  }
  return ParsePrimary();
}

// locking: locking_clause {locking_clause}   (MySQL 8.0 takes several, MariaDB one)
void StatementParser::ParseLocking(Query& q) {
  LockingClause first{};
  if (!ParseLockingClause(first)) return;
  q.lock = first.mode;
  q.lock_of = first.of;
  q.lock_wait = first.wait;
  q.lock_wait_seconds = first.wait_seconds;
  std::vector<LockingClause> more;
  for (LockingClause next{}; ParseLockingClause(next); next = LockingClause{}) {
    more.push_back(next);
  }
  q.more_locks = Keep(more);
}

// locking_clause: FOR {UPDATE | SHARE} [OF t {, t}] [lock_wait] | LOCK IN SHARE MODE [lock_wait]
// (MySQL 8.0 15.2.13.2; MariaDB 10.6 allows NOWAIT and SKIP LOCKED after LOCK IN SHARE MODE,
// and WAIT n after either, "WAIT and NOWAIT".)
bool StatementParser::ParseLockingClause(LockingClause& c) {
  if (PeekWord(K::kLock) && PeekWord(K::kIn, 1)) {
    Next();
    Next();
    ExpectWord(K::kShare);
    ExpectWord(K::kMode);
    c.mode = LockMode::kLockInShareMode;
    ParseLockWait(c);
    return true;
  }
  if (!AcceptWord(K::kFor)) return false;
  if (AcceptWord(K::kUpdate)) {
    c.mode = LockMode::kForUpdate;
  } else if (AcceptWord(K::kShare)) {
    c.mode = LockMode::kForShare;
  } else {
    Fail("'UPDATE' or 'SHARE' after FOR");
  }
  if (AcceptWord(K::kOf)) {
    std::vector<Ident> tables;
    do {
      tables.push_back(ParseIdent("a table name"));
    } while (Accept(TokenKind::kComma));
    c.of = Keep(tables);
  }
  ParseLockWait(c);
  return true;
}

// lock_wait: NOWAIT | SKIP LOCKED | WAIT n
void StatementParser::ParseLockWait(LockingClause& c) {
  if (AcceptWord(K::kNowait)) {
    c.wait = LockWait::kNoWait;
  } else if (PeekWord(K::kSkip) && PeekWord(K::kLocked, 1)) {
    Next();
    Next();
    c.wait = LockWait::kSkipLocked;
  } else if (PeekWord(K::kWait) && Peek(1).kind == TokenKind::kNumber) {
    Next();
    c.wait_seconds = ParsePrimary();
  }
}

// table_ref: table_factor {join_clause}
const TableRef* StatementParser::ParseTableRef() {
  const uint32_t start = Start();
  return ParseJoins(start, ParseTableFactor());
}

// joins: {join_clause} after the table reference `left`, which began at `start`. The right
// side of a join is a table factor, or a join itself when an ON or USING for this join comes
// after the joins that follow: `a JOIN b JOIN c ON b.x = c.x ON a.y = b.y` is
// a JOIN (b JOIN c ON …) ON … (MySQL 8.0 15.2.13.2: an ON binds to the innermost join still
// open, as in sql_yacc.yy, where a conditionless join has the lowest precedence).
const TableRef* StatementParser::ParseJoins(uint32_t start, const TableRef* left) {
  DepthGuard guard(*this);
  for (;;) {
    auto* join = arena_.New<Join>();
    join->kind = TableRefKind::kJoin;
    if (AcceptWord(K::kStraightJoin)) {
      join->join = JoinKind::kStraight;
    } else if (PeekWord(K::kJoin) || PeekWord(K::kInner) || PeekWord(K::kCross)) {
      join->join = PeekWord(K::kCross) ? JoinKind::kCross : JoinKind::kInner;
      join->inner_keyword = PeekWord(K::kInner);
      if (!PeekWord(K::kJoin)) Next();
      ExpectWord(K::kJoin);
    } else if (PeekWord(K::kLeft) || PeekWord(K::kRight)) {
      join->join = PeekWord(K::kLeft) ? JoinKind::kLeft : JoinKind::kRight;
      Next();
      join->inner_keyword = AcceptWord(K::kOuter);
      ExpectWord(K::kJoin);
    } else if (AcceptWord(K::kNatural)) {
      join->join = JoinKind::kNaturalInner;
      if (AcceptWord(K::kLeft))
        join->join = JoinKind::kNaturalLeft;
      else if (AcceptWord(K::kRight))
        join->join = JoinKind::kNaturalRight;
      else
        join->inner_keyword = AcceptWord(K::kInner);
      if (join->join != JoinKind::kNaturalInner) join->inner_keyword = AcceptWord(K::kOuter);
      ExpectWord(K::kJoin);
    } else {
      return left;
    }
    join->left = left;
    const uint32_t right_start = Start();
    join->right = ParseTableFactor();
    const bool natural = join->join == JoinKind::kNaturalInner ||
                         join->join == JoinKind::kNaturalLeft ||
                         join->join == JoinKind::kNaturalRight;
    if (!natural) {
      if (!PeekWord(K::kOn) && !PeekWord(K::kUsing) && ConditionAfterJoins()) {
        join->right = ParseJoins(right_start, join->right);
      }
      if (AcceptWord(K::kOn)) {
        join->on = ParseExpr();
      } else if (PeekWord(K::kUsing)) {
        Next();
        join->using_columns = ParseIdentList();
        join->has_using = true;
      } else if (join->join == JoinKind::kLeft || join->join == JoinKind::kRight) {
        Fail("'ON' or 'USING' after the joined table");
      }
    }
    join->span = SpanFrom(start);
    left = join;
  }
}

// Whether the joins that start here are followed by an ON or USING for the join just read,
// which needs them as its right side. Counted over the tokens, not parsed: each JOIN (not a
// NATURAL one) opens a join, each ON or USING closes the innermost one open; the clause ends
// at a comma, a closing parenthesis or brace, or the next clause. Text in parentheses or
// { OJ … } braces is skipped whole.
bool StatementParser::ConditionAfterJoins() const {
  if (!PeekWord(K::kJoin) && !PeekWord(K::kInner) && !PeekWord(K::kCross) && !PeekWord(K::kLeft) &&
      !PeekWord(K::kRight) && !PeekWord(K::kStraightJoin)) {
    return false;
  }
  static constexpr Keyword kEnds[] = {K::kWhere, K::kGroup, K::kHaving,    K::kWindow,    K::kOrder,
                                      K::kLimit, K::kUnion, K::kExcept,    K::kIntersect, K::kLock,
                                      K::kInto,  K::kSet,   K::kReturning, K::kFetch};
  int open = 1;
  int depth = 0;
  bool natural = false;
  for (size_t i = 0;; ++i) {
    const Token& t = Peek(i);
    if (t.kind == TokenKind::kEnd || t.kind == TokenKind::kSemicolon) return false;
    if (t.kind == TokenKind::kLParen || t.kind == TokenKind::kLBrace) ++depth;
    if ((t.kind == TokenKind::kRParen || t.kind == TokenKind::kRBrace) && depth-- == 0) {
      return false;
    }
    if (depth > 0 || t.kind != TokenKind::kIdentifier) {
      if (depth == 0 && t.kind == TokenKind::kComma) return false;
      continue;
    }
    const Keyword kw = t.keyword;
    if (kw == K::kNatural) {
      natural = true;
    } else if (kw == K::kJoin || kw == K::kStraightJoin) {
      if (!natural) ++open;
      natural = false;
    } else if (kw == K::kOn && PeekWord(K::kDuplicate, i + 1)) {
      return false;  // INSERT … SELECT … ON DUPLICATE KEY UPDATE
    } else if (kw == K::kOn || kw == K::kUsing) {
      if (--open == 0) return true;
    } else if (kw == K::kFor) {
      // USE INDEX FOR JOIN (…) and FOR SYSTEM_TIME … belong to a table; FOR UPDATE ends.
      if (PeekWord(K::kJoin, i + 1)) {
        ++i;
      } else if (!PeekWord(K::kOrder, i + 1) && !PeekWord(K::kGroup, i + 1) &&
                 !PeekWord(K::kSystemTime, i + 1)) {
        return false;
      }
    } else if (IsOneOf(kw, kEnds) && !(i > 0 && PeekWord(K::kFor, i - 1))) {
      return false;
    }
  }
}

// table_factor: name [PARTITION (p, …)] [[AS] alias] {index_hint}
//             | [LATERAL] ( query ) [AS] alias [(col, …)]
//             | ( table_ref {, table_ref} ) | { OJ table_ref }
const TableRef* StatementParser::ParseTableFactor() {
  DepthGuard guard(*this);
  const uint32_t start = Start();
  const bool lateral = AcceptWord(K::kLateral);
  // In FROM, `(VALUES (…` can only be MariaDB's table value constructor.
  if (Peek().kind == TokenKind::kLParen && (lateral || QueryAt(0) || PeekWord(K::kValues, 1))) {
    Next();
    auto* d = arena_.New<DerivedTable>();
    d->kind = TableRefKind::kDerived;
    d->lateral = lateral;
    d->query = ParseQuery();
    Expect(TokenKind::kRParen, "')' after the derived table's query");
    d->alias_as = AcceptWord(K::kAs);
    if (IsIdentToken(Peek())) {
      d->alias = ParseIdent();
    } else if (d->alias_as) {
      Fail("an alias after AS");
    }
    if (Peek().kind == TokenKind::kLParen) d->columns = ParseIdentList();
    d->span = SpanFrom(start);
    return d;
  }
  if (lateral) Fail("'(' after LATERAL");
  if (PeekWord(K::kJsonTable) && Peek(1).kind == TokenKind::kLParen) return ParseJsonTable();
  if (Accept(TokenKind::kLBrace)) {  // { OJ table_ref }: ODBC's escape for an outer join
    auto* p = arena_.New<ParenTables>();
    p->kind = TableRefKind::kParens;
    p->odbc_escape = true;
    ExpectWord(K::kOj);
    const TableRef* inner = ParseTableRef();
    p->items = arena_.Copy(std::vector<const TableRef*>{inner});
    Expect(TokenKind::kRBrace, "'}' after the { OJ … } join");
    p->span = SpanFrom(start);
    return p;
  }
  if (Accept(TokenKind::kLParen)) {
    auto* p = arena_.New<ParenTables>();
    p->kind = TableRefKind::kParens;
    std::vector<const TableRef*> items;
    do {
      items.push_back(ParseTableRef());
    } while (Accept(TokenKind::kComma));
    Expect(TokenKind::kRParen, "')' after the parenthesised tables");
    p->items = Keep(items);
    p->span = SpanFrom(start);
    return p;
  }
  auto* t = arena_.New<TableName>();
  t->kind = TableRefKind::kTable;
  t->name = ParseName(2, "a table name");
  if (AcceptWord(K::kPartition)) t->partitions = ParseIdentList();
  if (PeekWord(K::kFor) && PeekWord(K::kSystemTime, 1)) t->system_time = ParseSystemTime();
  t->alias_as = AcceptWord(K::kAs);
  if (IsIdentToken(Peek()) && !EndsItem(Peek().keyword) && (t->alias_as || !StandardOffsetAt(0))) {
    t->alias = ParseIdent();
  } else if (t->alias_as) {
    Fail("an alias after AS");
  }
  std::vector<IndexHint> hints;
  while (PeekWord(K::kUse) || PeekWord(K::kForce) || PeekWord(K::kIgnore)) {
    IndexHint h{};
    h.action = PeekWord(K::kUse)     ? HintAction::kUse
               : PeekWord(K::kForce) ? HintAction::kForce
                                     : HintAction::kIgnore;
    Next();
    if (AcceptWord(K::kKey)) {
      h.key_keyword = true;
    } else {
      ExpectWord(K::kIndex);
    }
    if (AcceptWord(K::kFor)) {
      if (AcceptWord(K::kJoin)) {
        h.scope = HintScope::kJoin;
      } else if (AcceptWord(K::kOrder)) {
        ExpectWord(K::kBy);
        h.scope = HintScope::kOrderBy;
      } else {
        ExpectWord(K::kGroup);
        ExpectWord(K::kBy);
        h.scope = HintScope::kGroupBy;
      }
    }
    h.indexes = ParseIndexNames();
    hints.push_back(h);
  }
  t->hints = Keep(hints);
  t->span = SpanFrom(start);
  return t;
}

// json_table: JSON_TABLE ( expr , path COLUMNS ( json_column {, json_column} ) ) [AS] alias
// (MySQL 8.0 14.17.6: the alias is required, as for every derived table.)
const TableRef* StatementParser::ParseJsonTable() {
  const uint32_t start = Start();
  auto* t = arena_.New<JsonTable>();
  t->kind = TableRefKind::kJsonTable;
  ExpectWord(K::kJsonTable);
  Expect(TokenKind::kLParen, "'(' after JSON_TABLE");
  t->expr = ParseExpr();
  Expect(TokenKind::kComma, "',' before the JSON_TABLE path");
  t->path = ParseJsonPath();
  t->columns = ParseJsonColumns();
  Expect(TokenKind::kRParen, "')' after the JSON_TABLE columns");
  t->alias_as = AcceptWord(K::kAs);
  t->alias = ParseIdent("an alias for JSON_TABLE");
  t->span = SpanFrom(start);
  return t;
}

// The path of JSON_TABLE and its columns: a string literal.
const Expr* StatementParser::ParseJsonPath() {
  if (Peek().kind != TokenKind::kString) Fail("a JSON path string");
  return ParsePrimary();
}

// COLUMNS ( json_column {, json_column} )
// json_column: name FOR ORDINALITY
//            | name type [EXISTS] PATH path [json_on_event ON EMPTY] [json_on_event ON ERROR]
//            | NESTED [PATH] path COLUMNS ( … )
std::span<const JsonTableColumn> StatementParser::ParseJsonColumns() {
  DepthGuard guard(*this);
  ExpectWord(K::kColumns);
  Expect(TokenKind::kLParen, "'(' after COLUMNS");
  std::vector<JsonTableColumn> columns;
  do {
    JsonTableColumn c{};
    if (AcceptWord(K::kNested)) {
      c.kind = JsonColumnKind::kNested;
      c.path_keyword = AcceptWord(K::kPath);
      c.path = ParseJsonPath();
      c.nested = ParseJsonColumns();
      columns.push_back(c);
      continue;
    }
    c.name = ParseIdent("a column name");
    if (AcceptWord(K::kFor)) {
      ExpectWord(K::kOrdinality);
      c.kind = JsonColumnKind::kOrdinality;
      columns.push_back(c);
      continue;
    }
    c.type = ParseColumnType();
    c.kind = AcceptWord(K::kExists) ? JsonColumnKind::kExists : JsonColumnKind::kPath;
    ExpectWord(K::kPath);
    c.path = ParseJsonPath();
    if (c.kind == JsonColumnKind::kPath) {
      // ON EMPTY and ON ERROR in either order (MySQL 8.0.20 deprecates ON ERROR first).
      for (int i = 0; i < 2; ++i) {
        if (!PeekWord(K::kNull) && !PeekWord(K::kError) && !PeekWord(K::kDefault)) break;
        JsonOnEvent event{};
        event.action = Text(Next());
        if (EqualsIgnoreCase(event.action, "default")) {
          if (Peek().kind != TokenKind::kString) Fail("a string after DEFAULT");
          event.default_value = ParsePrimary();
        }
        ExpectWord(K::kOn);
        if (AcceptWord(K::kEmpty) && c.on_empty.action.empty()) {
          c.on_empty = event;
        } else if (AcceptWord(K::kError) && c.on_error.action.empty()) {
          c.on_error = event;
        } else {
          Fail("'EMPTY' or 'ERROR' after ON");
        }
      }
    }
    columns.push_back(c);
  } while (Accept(TokenKind::kComma));
  Expect(TokenKind::kRParen, "')' after the columns");
  return Keep(columns);
}

// system_time: FOR SYSTEM_TIME {AS OF point | BETWEEN point AND point | FROM point TO point
//                               | ALL}   (MariaDB, "System-Versioned Tables")
SystemTime StatementParser::ParseSystemTime() {
  ExpectWord(K::kFor);
  ExpectWord(K::kSystemTime);
  SystemTime st{};
  if (AcceptWord(K::kAll)) {
    st.kind = SystemTimeKind::kAll;
  } else if (AcceptWord(K::kAs)) {
    ExpectWord(K::kOf);
    st.kind = SystemTimeKind::kAsOf;
    st.start = ParseHistoryPoint();
  } else if (AcceptWord(K::kBetween)) {
    st.kind = SystemTimeKind::kBetween;
    st.start = ParseHistoryPoint();
    ExpectWord(K::kAnd);
    st.end = ParseHistoryPoint();
  } else if (AcceptWord(K::kFrom)) {
    st.kind = SystemTimeKind::kFromTo;
    st.start = ParseHistoryPoint();
    ExpectWord(K::kTo);
    st.end = ParseHistoryPoint();
  } else {
    Fail("AS OF, BETWEEN, FROM or ALL after FOR SYSTEM_TIME");
  }
  return st;
}

// point: [TIMESTAMP | TRANSACTION] bit_expr   (AND ends it, as in BETWEEN)
HistoryPoint StatementParser::ParseHistoryPoint() {
  HistoryPoint p{};
  if ((PeekWord(K::kTimestamp) && Peek(1).kind != TokenKind::kString) ||
      PeekWord(K::kTransaction)) {
    p.unit = Text(Next());
  }
  p.value = ParseBitExpr(0);
  return p;
}

// ( [index_name {, index_name}] ): PRIMARY is a reserved word that names an index here.
std::span<const Ident> StatementParser::ParseIndexNames() {
  Expect(TokenKind::kLParen, "'(' before the index names");
  std::vector<Ident> names;
  if (Peek().kind != TokenKind::kRParen) {
    do {
      if (PeekWord(K::kPrimary)) {
        names.push_back(MakeIdent(Next()));
      } else {
        names.push_back(ParseIdent("an index name"));
      }
    } while (Accept(TokenKind::kComma));
  }
  Expect(TokenKind::kRParen, "')' after the index names");
  return Keep(names);
}

// sequence_value: {NEXT | PREVIOUS} VALUE FOR [db.]seq   (MariaDB 10.3, "Sequence Overview")
const Expr* StatementParser::ParseSequenceValue() {
  auto* e = NewExpr<SequenceValue>(Start());
  e->next = PeekWord(K::kNext);
  Next();
  Next();
  Next();
  e->sequence = ParseName(2, "a sequence name");
  return Finish(e);
}

// Whether the parentheses opening at Peek(ahead) hold a query: `(SELECT …)`, `((SELECT …))`,
// `((SELECT …) UNION (SELECT …))`, but not `((SELECT …) AS d JOIN t …)`, where the outer
// parentheses hold tables, nor `((SELECT …) + 1)`, where they hold an expression.
bool StatementParser::QueryAt(size_t ahead, int nesting) const {
  if (Peek(ahead).kind != TokenKind::kLParen) return false;
  if (PeekWord(K::kSelect, ahead + 1) || PeekWord(K::kWith, ahead + 1) ||
      TableOrValuesAt(ahead + 1)) {
    return true;
  }
  if (Peek(ahead + 1).kind != TokenKind::kLParen || nesting > 32 ||
      !QueryAt(ahead + 1, nesting + 1)) {
    return false;
  }
  const Token& after = Peek(MatchingParen(ahead + 1) + 1);
  return after.kind == TokenKind::kRParen || IsWord(after, K::kUnion) ||
         IsWord(after, K::kExcept) || IsWord(after, K::kIntersect) || IsWord(after, K::kOrder) ||
         IsWord(after, K::kLimit);
}

// TABLE t or VALUES ROW(…) at Peek(ahead): a query inside parentheses. VALUES without ROW is
// not taken here: `(VALUES(col))` is the function of ON DUPLICATE KEY UPDATE.
bool StatementParser::TableOrValuesAt(size_t ahead) const {
  return PeekWord(K::kTable, ahead) ||
         (PeekWord(K::kValues, ahead) && PeekWord(K::kRow, ahead + 1));
}

// The index (relative to the current token) of the ')' that closes the '(' at `ahead`.
size_t StatementParser::MatchingParen(size_t ahead) const {
  int depth = 0;
  for (size_t i = ahead;; ++i) {
    const Token& t = Peek(i);
    if (t.kind == TokenKind::kEnd) return i;
    if (t.kind == TokenKind::kLParen) ++depth;
    if (t.kind == TokenKind::kRParen && --depth == 0) return i;
  }
}

}  // namespace qadvisor::parser::grammar
