// INSERT, REPLACE, UPDATE and DELETE, with their WITH clauses and DML options.
#include "parser/grammar.h"

namespace qadvisor::parser::grammar {

// cte {, cte}   where cte: name [(col, …)] AS ( query )
std::span<const Cte> StatementParser::ParseCtes() {
  std::vector<Cte> ctes;
  do {
    Cte cte{};
    cte.name = ParseIdent("a common table expression name");
    if (Peek().kind == TokenKind::kLParen) cte.columns = ParseIdentList();
    ExpectWord(K::kAs);
    Expect(TokenKind::kLParen, "'(' before the common table expression's query");
    cte.query = ParseQuery();
    Expect(TokenKind::kRParen, "')' after the common table expression's query");
    ctes.push_back(cte);
  } while (Accept(TokenKind::kComma));
  return Keep(ctes);
}

uint32_t StatementParser::ParseDmlOptions(
    std::initializer_list<std::pair<Keyword, uint32_t>> allowed) {
  uint32_t options = 0;
  for (bool found = true; found;) {
    found = false;
    for (const auto& [word, bit] : allowed) {
      if (AcceptWord(word)) {
        options |= bit;
        found = true;
      }
    }
  }
  return options;
}

// assignment {, assignment}   where assignment: name = (expr | DEFAULT)
std::span<const Assignment> StatementParser::ParseAssignments() {
  std::vector<Assignment> set;
  do {
    Assignment a{};
    a.column = ParseName(3, "a column name");
    if (!Accept(TokenKind::kEq) && !Accept(TokenKind::kAssign)) Fail("'=' after the column");
    a.value = ParseExpr();
    set.push_back(a);
  } while (Accept(TokenKind::kComma));
  return Keep(set);
}

// insert: (INSERT | REPLACE) [hint] [LOW_PRIORITY | DELAYED | HIGH_PRIORITY] [IGNORE] [INTO]
//         name [PARTITION (p, …)] [(col, …)]
//         (VALUES | VALUE) (row) {, (row)} | VALUES ROW(…) {, ROW(…)} | SET assignments
//         | query
//         [AS alias [(col, …)]] [ON DUPLICATE KEY UPDATE assignments]
Statement* StatementParser::ParseInsert() {
  auto* s = arena_.New<InsertStatement>();
  s->kind = StatementKind::kInsert;
  s->replace = PeekWord(K::kReplace);
  Next();
  if (Peek().kind == TokenKind::kHint) s->hint = Text(Next());
  s->options = ParseDmlOptions({{K::kLowPriority, kDmlLowPriority},
                                {K::kDelayed, kDmlDelayed},
                                {K::kHighPriority, kDmlHighPriority},
                                {K::kIgnore, kDmlIgnore}});
  s->into = AcceptWord(K::kInto);
  s->table = ParseName(2, "a table name");
  if (AcceptWord(K::kPartition)) s->partitions = ParseIdentList();
  if (Peek().kind == TokenKind::kLParen && !QueryAt(0)) {
    s->column_list = true;
    s->columns = ParseColumnNames();
  }
  if (PeekWord(K::kValues) || PeekWord(K::kValue)) {
    s->value_keyword = PeekWord(K::kValue);
    Next();
    s->row_keyword = PeekWord(K::kRow);
    std::vector<std::span<const Expr* const>> rows;
    do {
      if (s->row_keyword) ExpectWord(K::kRow);
      Expect(TokenKind::kLParen, "'(' before the row of values");
      std::vector<const Expr*> row;
      if (Peek().kind != TokenKind::kRParen) {
        do {
          row.push_back(ParseExpr());
        } while (Accept(TokenKind::kComma));
      }
      Expect(TokenKind::kRParen, "')' after the row of values");
      rows.push_back(Keep(row));
    } while (Accept(TokenKind::kComma));
    s->rows = Keep(rows);
  } else if (AcceptWord(K::kSet)) {
    s->set = ParseAssignments();
  } else if (PeekWord(K::kSelect) || PeekWord(K::kWith) || QueryAt(0)) {
    s->query = ParseQuery();
  } else if (AcceptWord(K::kTable)) {
    s->source_table = ParseName(2, "a table name");
  } else {
    Fail("VALUES, SET or a query");
  }
  if (s->query == nullptr && s->source_table.parts.empty() &&
      AcceptWord(K::kAs)) {  // MySQL 8.0.19 row alias
    s->row_alias = ParseIdent("a row alias");
    if (Peek().kind == TokenKind::kLParen) s->row_alias_columns = ParseIdentList();
  }
  if (PeekWord(K::kOn) && PeekWord(K::kDuplicate, 1)) {
    Next();
    Next();
    ExpectWord(K::kKey);
    ExpectWord(K::kUpdate);
    s->on_duplicate = ParseAssignments();
  }
  s->returning = ParseReturning();
  return s;
}

// returning: [RETURNING select_item {, select_item}]   (MariaDB 10.5: INSERT, REPLACE and
// single-table DELETE)
std::span<const SelectItem> StatementParser::ParseReturning() {
  if (!AcceptWord(K::kReturning)) return {};
  std::vector<SelectItem> items;
  do {
    items.push_back(ParseSelectItem());
  } while (Accept(TokenKind::kComma));
  return Keep(items);
}

// update: UPDATE [hint] [LOW_PRIORITY] [IGNORE] table_ref {, table_ref} SET assignments
//         [WHERE expr] [ORDER BY …] [LIMIT n]
Statement* StatementParser::ParseUpdate(bool recursive, std::span<const Cte> with) {
  auto* s = arena_.New<UpdateStatement>();
  s->kind = StatementKind::kUpdate;
  s->recursive = recursive;
  s->with = with;
  ExpectWord(K::kUpdate);
  if (Peek().kind == TokenKind::kHint) s->hint = Text(Next());
  s->options = ParseDmlOptions({{K::kLowPriority, kDmlLowPriority}, {K::kIgnore, kDmlIgnore}});
  std::vector<const TableRef*> tables;
  do {
    tables.push_back(ParseTableRef());
  } while (Accept(TokenKind::kComma));
  s->tables = Keep(tables);
  if (tables.size() == 1 && tables[0]->kind == TableRefKind::kTable) s->portion = ParsePortion();
  ExpectWord(K::kSet);
  s->set = ParseAssignments();
  if (AcceptWord(K::kWhere)) s->where = ParseExpr();
  ParseOrderAndLimit(s->order_by, s->limit);
  return s;
}

void StatementParser::ParseOrderAndLimit(std::span<const OrderItem>& order_by, const Expr*& limit) {
  if (PeekWord(K::kOrder) && PeekWord(K::kBy, 1)) {
    Next();
    Next();
    order_by = ParseOrderList();
  }
  if (AcceptWord(K::kLimit)) limit = ParseLimitValue();
}

// delete: DELETE [hint] [LOW_PRIORITY] [QUICK] [IGNORE]
//         ( FROM name [[AS] alias] [PARTITION (p, …)] [WHERE …] [ORDER BY …] [LIMIT n]
//         | target {, target} FROM table_ref {, table_ref} [WHERE …]
//         | FROM target {, target} USING table_ref {, table_ref} [WHERE …] )
//         where target: name[.*]
Statement* StatementParser::ParseDelete(bool recursive, std::span<const Cte> with) {
  auto* s = arena_.New<DeleteStatement>();
  s->kind = StatementKind::kDelete;
  s->recursive = recursive;
  s->with = with;
  ExpectWord(K::kDelete);
  if (Peek().kind == TokenKind::kHint) s->hint = Text(Next());
  s->options = ParseDmlOptions(
      {{K::kLowPriority, kDmlLowPriority}, {K::kQuick, kDmlQuick}, {K::kIgnore, kDmlIgnore}});
  const bool from_first = AcceptWord(K::kFrom);
  // Multi-table when a list of targets is followed by FROM (or, after FROM, by USING).
  const size_t mark = pos_;
  std::vector<Name> targets;
  std::vector<bool> stars;
  bool multi = false;
  if (IsIdentToken(Peek())) {
    for (;;) {
      targets.push_back(ParseDeleteTarget(&stars));
      if (!Accept(TokenKind::kComma)) break;
    }
    multi = from_first ? PeekWord(K::kUsing) : PeekWord(K::kFrom);
  }
  if (multi) {
    s->using_form = from_first;
    Next();  // FROM or USING
    s->targets = Keep(targets);
    std::vector<bool> kept(stars.begin(), stars.end());
    bool* flags = static_cast<bool*>(arena_.Allocate(kept.size(), alignof(bool)));
    for (size_t i = 0; i < kept.size(); ++i) flags[i] = kept[i];
    s->target_stars = std::span<const bool>(flags, kept.size());
    std::vector<const TableRef*> tables;
    do {
      tables.push_back(ParseTableRef());
    } while (Accept(TokenKind::kComma));
    s->tables = Keep(tables);
    if (AcceptWord(K::kWhere)) s->where = ParseExpr();
    return s;
  }
  if (!from_first) Fail("'FROM' after DELETE");
  pos_ = mark;
  // The single table: name [[AS] alias] [PARTITION (p, …)], the alias first (delete_stmt).
  const uint32_t start = Start();
  auto* t = arena_.New<TableName>();
  t->kind = TableRefKind::kTable;
  t->name = ParseName(2, "a table name");
  t->alias_as = AcceptWord(K::kAs);
  if (IsIdentToken(Peek()) && !EndsItem(Peek().keyword)) {
    t->alias = ParseIdent();
  } else if (t->alias_as) {
    Fail("an alias after AS");
  }
  if (AcceptWord(K::kPartition)) t->partitions = ParseIdentList();
  t->span = SpanFrom(start);
  std::vector<const TableRef*> tables{t};
  s->tables = Keep(tables);
  s->portion = ParsePortion();
  if (AcceptWord(K::kWhere)) s->where = ParseExpr();
  ParseOrderAndLimit(s->order_by, s->limit);
  s->returning = ParseReturning();
  return s;
}

// portion: [FOR PORTION OF period FROM bit_expr TO bit_expr]   (MariaDB, "Application-Time
// Periods")
Portion StatementParser::ParsePortion() {
  Portion p{};
  if (!PeekWord(K::kFor) || !PeekWord(K::kPortion, 1)) return p;
  Next();
  Next();
  ExpectWord(K::kOf);
  p.period = ParseIdent("a period name");
  ExpectWord(K::kFrom);
  p.from = ParseBitExpr(0);
  ExpectWord(K::kTo);
  p.to = ParseBitExpr(0);
  return p;
}

Name StatementParser::ParseDeleteTarget(std::vector<bool>* stars) {
  std::vector<Ident> parts{ParseIdent("a table name")};
  bool star = false;
  while (Accept(TokenKind::kDot)) {
    if (Accept(TokenKind::kStar)) {
      star = true;
      break;
    }
    parts.push_back(MakeIdent(Next()));
  }
  stars->push_back(star);
  return Name{Keep(parts)};
}

}  // namespace qadvisor::parser::grammar
