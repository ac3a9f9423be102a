// The parser's AST, checked node by node: precedence, associativity, each SELECT clause,
// diagnostics with their locations, and the limits that keep hostile input harmless.
#include "parser/parser.h"

#include <catch2/catch.hpp>
#include <string>

namespace qadvisor::parser {
namespace {

using namespace ast;  // NOLINT

// The single SELECT of `sql`, which must parse cleanly.
const Query& Q(const ParseResult& r) {
  INFO(r.text());
  for (const Diagnostic& d : r.diagnostics()) INFO(d.ToString());
  REQUIRE(r.ok());
  REQUIRE(r.statements().size() == 1);
  REQUIRE(r.statements()[0]->kind == StatementKind::kSelect);
  return *r.statements()[0]->As<SelectStatement>().query;
}

const Select& S(const ParseResult& r) {
  const Query& q = Q(r);
  REQUIRE(q.term->select != nullptr);
  return *q.term->select;
}

const Expr& Where(const ParseResult& r) {
  const Select& s = S(r);
  REQUIRE(s.where != nullptr);
  return *s.where;
}

const Binary& Bin(const Expr& e, BinaryOp op) {
  REQUIRE(e.kind == ExprKind::kBinary);
  const Binary& b = e.As<Binary>();
  CHECK(b.op == op);
  return b;
}

std::string ColumnName(const Expr& e) {
  REQUIRE(e.kind == ExprKind::kColumn);
  return e.As<Column>().name.last().Value();
}

TEST_CASE("arithmetic precedence and left associativity") {
  const ParseResult r = Parse("SELECT a FROM t WHERE a + b * c - d = 1");
  const Binary& eq = Bin(Where(r), BinaryOp::kEq);
  const Binary& sub = Bin(*eq.left, BinaryOp::kSub);  // (a + b*c) - d
  const Binary& add = Bin(*sub.left, BinaryOp::kAdd);
  CHECK(ColumnName(*add.left) == "a");
  Bin(*add.right, BinaryOp::kMul);
  CHECK(ColumnName(*sub.right) == "d");
}

TEST_CASE("boolean precedence: OR < XOR < AND < NOT < comparison") {
  const ParseResult r = Parse("SELECT 1 FROM t WHERE a = 1 OR b = 2 AND NOT c = 3 XOR d");
  const Binary& o = Bin(Where(r), BinaryOp::kOr);
  Bin(*o.left, BinaryOp::kEq);
  const Binary& x = Bin(*o.right, BinaryOp::kXor);
  const Binary& a = Bin(*x.left, BinaryOp::kAnd);
  REQUIRE(a.right->kind == ExprKind::kUnary);
  CHECK(a.right->As<Unary>().op == UnaryOp::kNot);
  Bin(*a.right->As<Unary>().operand, BinaryOp::kEq);  // NOT binds looser than =
}

TEST_CASE("|| is OR and && is AND; ! binds tighter than comparison") {
  const ParseResult r = Parse("SELECT 1 FROM t WHERE a || b && !c = 0");
  const Binary& o = Bin(Where(r), BinaryOp::kOr);
  const Binary& a = Bin(*o.right, BinaryOp::kAnd);
  const Binary& eq = Bin(*a.right, BinaryOp::kEq);
  REQUIRE(eq.left->kind == ExprKind::kUnary);
  CHECK(eq.left->As<Unary>().op == UnaryOp::kBang);
}

TEST_CASE("bit operators: | < & < shifts < + < * < ^") {
  const ParseResult r = Parse("SELECT 1 FROM t WHERE a | b & c << 1 + 2 * 3 ^ 4 = 0");
  const Binary& eq = Bin(Where(r), BinaryOp::kEq);
  const Binary& bor = Bin(*eq.left, BinaryOp::kBitOr);
  const Binary& band = Bin(*bor.right, BinaryOp::kBitAnd);
  const Binary& shl = Bin(*band.right, BinaryOp::kShiftLeft);
  const Binary& add = Bin(*shl.right, BinaryOp::kAdd);
  const Binary& mul = Bin(*add.right, BinaryOp::kMul);
  Bin(*mul.right, BinaryOp::kBitXor);
}

TEST_CASE("predicates: IN, NOT IN, BETWEEN, LIKE … ESCAPE, REGEXP, IS NOT NULL") {
  const ParseResult r = Parse(
      "SELECT 1 FROM t WHERE a IN (1, 2, 3) AND b NOT IN (SELECT x FROM u) AND c BETWEEN 1 AND 5 "
      "AND d NOT LIKE 'x%' ESCAPE '!' AND e REGEXP '^a' AND f IS NOT NULL AND g NOT BETWEEN 2 "
      "AND 3");
  // Walk the AND chain from the right.
  std::vector<const Expr*> terms;
  const Expr* e = &Where(r);
  while (e->kind == ExprKind::kBinary && e->As<Binary>().op == BinaryOp::kAnd) {
    terms.insert(terms.begin(), e->As<Binary>().right);
    e = e->As<Binary>().left;
  }
  terms.insert(terms.begin(), e);
  REQUIRE(terms.size() == 7);
  REQUIRE(terms[0]->kind == ExprKind::kIn);
  CHECK(terms[0]->As<In>().list.size() == 3);
  REQUIRE(terms[1]->kind == ExprKind::kIn);
  CHECK(terms[1]->As<In>().negated);
  CHECK(terms[1]->As<In>().subquery != nullptr);
  REQUIRE(terms[2]->kind == ExprKind::kBetween);
  REQUIRE(terms[3]->kind == ExprKind::kLike);
  CHECK(terms[3]->As<Like>().negated);
  CHECK(terms[3]->As<Like>().escape != nullptr);
  Bin(*terms[4], BinaryOp::kRegexp);
  REQUIRE(terms[5]->kind == ExprKind::kIs);
  CHECK(terms[5]->As<Is>().negated);
  CHECK(terms[5]->As<Is>().what == IsWhat::kNull);
  REQUIRE(terms[6]->kind == ExprKind::kBetween);
  CHECK(terms[6]->As<Between>().negated);
}

TEST_CASE("comparisons with ANY/ALL subqueries, row comparisons and EXISTS") {
  const ParseResult r = Parse(
      "SELECT 1 FROM t WHERE a > ALL (SELECT b FROM u) AND (c, d) = (1, 2) AND NOT EXISTS "
      "(SELECT 1 FROM v WHERE v.id = t.id)");
  const Binary& and2 = Bin(Where(r), BinaryOp::kAnd);
  const Binary& and1 = Bin(*and2.left, BinaryOp::kAnd);
  const Binary& all = Bin(*and1.left, BinaryOp::kGt);
  CHECK(all.quantifier == Quantifier::kAll);
  CHECK(all.right->kind == ExprKind::kSubquery);
  const Binary& row = Bin(*and1.right, BinaryOp::kEq);
  CHECK(row.left->kind == ExprKind::kRow);
  REQUIRE(and2.right->kind == ExprKind::kUnary);
  CHECK(and2.right->As<Unary>().operand->kind == ExprKind::kExists);
}

TEST_CASE("literals: strings joined, introducers, national, hex, bit, temporal, NULL") {
  const ParseResult r = Parse(
      "SELECT 'a' 'b', _utf8mb4'x', N'n', 0x1F, X'1F', b'01', DATE '2024-01-01', NULL, "
      "TRUE, -5, 1.5e3, ?, :id, @v, @@session.sql_mode");
  const Select& s = S(r);
  REQUIRE(s.items.size() == 15);
  const Literal& ab = s.items[0].expr->As<Literal>();
  CHECK(ab.text == "'a' 'b'");
  CHECK(s.items[1].expr->As<Literal>().prefix == "_utf8mb4");
  CHECK(s.items[3].expr->As<Literal>().literal == LiteralKind::kHex);
  CHECK(s.items[5].expr->As<Literal>().literal == LiteralKind::kBit);
  CHECK(s.items[6].expr->As<Literal>().literal == LiteralKind::kTemporal);
  CHECK(s.items[7].expr->As<Literal>().literal == LiteralKind::kNull);
  CHECK(s.items[9].expr->As<Unary>().op == UnaryOp::kMinus);
  CHECK(s.items[11].expr->kind == ExprKind::kParam);
  CHECK(s.items[12].expr->As<Param>().text == ":id");
  CHECK_FALSE(s.items[13].expr->As<Variable>().system);
  CHECK(s.items[14].expr->As<Variable>().system);
}

TEST_CASE("function calls and their special forms") {
  const ParseResult r = Parse(
      "SELECT COUNT(*), COUNT(DISTINCT a), IF(a > 1, 'x', 'y'), LEFT(s, 3), TRIM(LEADING 'x' "
      "FROM s), SUBSTRING(s FROM 2 FOR 3), EXTRACT(YEAR FROM d), POSITION('a' IN s), "
      "GROUP_CONCAT(DISTINCT a ORDER BY b DESC SEPARATOR ', '), CAST(a AS CHAR(10) CHARACTER "
      "SET utf8mb4), CONVERT(a, SIGNED INTEGER), CONVERT(a USING latin1), d + INTERVAL 1 DAY, "
      "CURRENT_TIMESTAMP, NOW(), db.f(1), MATCH (a, b) AGAINST ('x' IN BOOLEAN MODE), "
      "CASE WHEN a THEN 1 ELSE 2 END, CASE a WHEN 1 THEN 'x' END, doc->'$.a', doc->>'$.b' "
      "FROM t");
  const Select& s = S(r);
  REQUIRE(s.items.size() == 21);
  CHECK(s.items[0].expr->As<Function>().star);
  CHECK(s.items[1].expr->As<Function>().distinct);
  CHECK(s.items[2].expr->As<Function>().args.size() == 3);
  CHECK(s.items[4].expr->As<Function>().form == CallForm::kTrim);
  CHECK(s.items[4].expr->As<Function>().modifier == "LEADING");
  CHECK(s.items[5].expr->As<Function>().form == CallForm::kSubstringFrom);
  CHECK(s.items[5].expr->As<Function>().args.size() == 3);
  CHECK(s.items[6].expr->As<Function>().modifier == "YEAR");
  CHECK(s.items[7].expr->As<Function>().form == CallForm::kPosition);
  const Function& gc = s.items[8].expr->As<Function>();
  CHECK(gc.form == CallForm::kGroupConcat);
  CHECK(gc.order_by.size() == 1);
  CHECK(gc.separator != nullptr);
  const Cast& cast = s.items[9].expr->As<Cast>();
  CHECK(cast.type.length == "10");
  CHECK(cast.type.charset == "utf8mb4");
  CHECK(s.items[10].expr->As<Cast>().convert);
  CHECK(s.items[11].expr->As<Cast>().using_charset == "latin1");
  const Binary& plus = Bin(*s.items[12].expr, BinaryOp::kAdd);
  CHECK(plus.right->As<Interval>().unit == "DAY");
  CHECK(s.items[13].expr->As<Function>().form == CallForm::kNoParens);
  CHECK(s.items[15].expr->As<Function>().name.parts.size() == 2);
  CHECK(s.items[16].expr->As<Match>().modifier == "IN BOOLEAN MODE");
  CHECK(s.items[17].expr->As<Case>().operand == nullptr);
  CHECK(s.items[18].expr->As<Case>().operand != nullptr);
  Bin(*s.items[19].expr, BinaryOp::kJsonExtract);
  Bin(*s.items[20].expr, BinaryOp::kJsonUnquote);
}

TEST_CASE("window functions: OVER (…), OVER name, WINDOW clause and frames") {
  const ParseResult r = Parse(
      "SELECT ROW_NUMBER() OVER (PARTITION BY a ORDER BY b DESC ROWS BETWEEN UNBOUNDED "
      "PRECEDING AND CURRENT ROW), SUM(x) OVER w FROM t WINDOW w AS (PARTITION BY a RANGE 5 "
      "PRECEDING)");
  const Select& s = S(r);
  const WindowSpec& w = *s.items[0].expr->As<Function>().over;
  CHECK(w.partition_by.size() == 1);
  CHECK(w.order_by[0].direction == Direction::kDesc);
  CHECK(w.frame_unit == FrameUnit::kRows);
  CHECK(w.frame_between);
  CHECK(w.frame_start.kind == BoundKind::kUnboundedPreceding);
  CHECK(w.frame_end.kind == BoundKind::kCurrentRow);
  CHECK(s.items[1].expr->As<Function>().over->name.Value() == "w");
  REQUIRE(s.windows.size() == 1);
  CHECK(s.windows[0].spec->frame_start.kind == BoundKind::kPreceding);
}

TEST_CASE("SELECT clauses: modifiers, hint, aliases, GROUP BY WITH ROLLUP, HAVING, ORDER, LIMIT") {
  const ParseResult r = Parse(
      "SELECT /*+ MAX_EXECUTION_TIME(100) */ SQL_NO_CACHE DISTINCT t.*, a AS x, b y, c 'z' "
      "FROM t GROUP BY a, b WITH ROLLUP HAVING COUNT(*) > 1 ORDER BY 2 DESC, a LIMIT 5, 10 "
      "FOR UPDATE OF t SKIP LOCKED");
  const Query& q = Q(r);
  const Select& s = *q.term->select;
  CHECK(s.hint == "/*+ MAX_EXECUTION_TIME(100) */");
  CHECK(s.options == (kSqlNoCache | kDistinct));
  CHECK(s.items[0].expr->As<Column>().star);
  CHECK(s.items[1].alias.Value() == "x");
  CHECK(s.items[1].alias_as);
  CHECK(s.items[2].alias.Value() == "y");
  CHECK(s.items[3].string_alias == "'z'");
  CHECK(s.group_by.size() == 2);
  CHECK(s.with_rollup);
  CHECK(s.having != nullptr);
  CHECK(q.order_by.size() == 2);
  CHECK(q.order_by[0].direction == Direction::kDesc);
  CHECK(q.limit->As<Literal>().text == "10");
  CHECK(q.offset->As<Literal>().text == "5");
  CHECK_FALSE(q.offset_keyword);
  CHECK(q.lock == LockMode::kForUpdate);
  CHECK(q.lock_of.size() == 1);
  CHECK(q.lock_wait == LockWait::kSkipLocked);
}

TEST_CASE("FROM: joins, USING, derived and LATERAL tables, hints, partitions, parentheses") {
  const ParseResult r = Parse(
      "SELECT * FROM db.orders AS o FORCE INDEX FOR JOIN (idx_a, PRIMARY) "
      "LEFT OUTER JOIN customers c USING (customer_id) "
      "JOIN (SELECT id FROM items WHERE qty > 1) AS i ON i.id = o.item_id "
      "STRAIGHT_JOIN p PARTITION (p0) ON p.id = o.p, "
      "LATERAL (SELECT 1 AS one) AS l, (t1 CROSS JOIN t2)");
  const Select& s = S(r);
  REQUIRE(s.from.size() == 3);
  const Join& straight = s.from[0]->As<Join>();
  CHECK(straight.join == JoinKind::kStraight);
  const Join& inner = straight.left->As<Join>();
  CHECK(inner.join == JoinKind::kInner);
  CHECK(inner.right->kind == TableRefKind::kDerived);
  const Join& left = inner.left->As<Join>();
  CHECK(left.join == JoinKind::kLeft);
  CHECK(left.inner_keyword);  // OUTER was written
  CHECK(left.using_columns.size() == 1);
  const TableName& orders = left.left->As<TableName>();
  CHECK(orders.name.parts.size() == 2);
  CHECK(orders.alias.Value() == "o");
  REQUIRE(orders.hints.size() == 1);
  CHECK(orders.hints[0].action == HintAction::kForce);
  CHECK(orders.hints[0].scope == HintScope::kJoin);
  CHECK(orders.hints[0].indexes.size() == 2);
  CHECK(straight.right->As<TableName>().partitions.size() == 1);
  CHECK(s.from[1]->As<DerivedTable>().lateral);
  CHECK(s.from[2]->kind == TableRefKind::kParens);
}

TEST_CASE("WITH RECURSIVE, set operations and parenthesised queries") {
  const ParseResult r = Parse(
      "WITH RECURSIVE c (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 5) "
      "SELECT n FROM c UNION (SELECT 2) INTERSECT SELECT 3 ORDER BY 1 LIMIT 3 OFFSET 1");
  const Query& q = Q(r);
  CHECK(q.recursive);
  REQUIRE(q.with.size() == 1);
  CHECK(q.with[0].columns.size() == 1);
  CHECK(q.with[0].query->term->set_op->all);
  const SetOperation& u = *q.term->set_op;
  CHECK(u.op == SetOp::kUnion);
  CHECK(u.right->set_op->op == SetOp::kIntersect);  // INTERSECT binds tighter
  CHECK(u.right->set_op->left->parens != nullptr);
  CHECK(q.offset_keyword);
}

TEST_CASE("diagnostics say what was expected, what was found, and where") {
  const ParseResult r = Parse("SELECT a\nFROM t\nWHERE a IN (1, 2 FROM u");
  REQUIRE(r.diagnostics().size() == 1);
  const Diagnostic& d = r.diagnostics()[0];
  CHECK(d.severity == Severity::kError);
  CHECK(d.message == "expected ')' after the IN list, found 'FROM'");
  CHECK(d.line == 3);
  CHECK(d.column == 18);
  CHECK(d.excerpt == "WHERE a IN (1, 2 FROM u\n                 ^");
  CHECK(r.statements().empty());
}

TEST_CASE("one bad statement does not stop the others; unsupported kinds are listed") {
  const ParseResult r = Parse("SELECT 1; SELECT FROM; GRANT SELECT ON db.* TO u; SELECT 2");
  CHECK_FALSE(r.ok());
  REQUIRE(r.statements().size() == 3);
  CHECK(r.statements()[1]->kind == StatementKind::kUnsupported);
  CHECK(r.statements()[1]->As<UnsupportedStatement>().what == "GRANT");
  REQUIRE(r.diagnostics().size() == 2);
  CHECK(r.diagnostics()[0].severity == Severity::kError);
  CHECK(r.diagnostics()[0].column == 18);
  CHECK(r.diagnostics()[1].severity == Severity::kNote);
}

TEST_CASE("the note on an unmodelled statement names its kind, past the clauses before it") {
  auto note = [](std::string_view sql) {
    const ParseResult r = Parse(sql);
    INFO(sql);
    REQUIRE(r.ok());
    REQUIRE(r.diagnostics().size() == 1);
    CHECK(r.diagnostics()[0].severity == Severity::kNote);
    return r.diagnostics()[0].message;
  };
  auto statements = [](std::string_view kind) {
    return std::string(kind) + " statements are not modelled yet; skipped";
  };
  CHECK(note("CREATE VIEW v AS SELECT 1") == statements("CREATE VIEW"));
  CHECK(note("create or replace view v as select 1") == statements("CREATE VIEW"));
  CHECK(note("CREATE ALGORITHM=MERGE VIEW v AS SELECT 1") == statements("CREATE VIEW"));
  CHECK(note("CREATE OR REPLACE ALGORITHM = TEMPTABLE DEFINER = `root`@`localhost` SQL SECURITY "
             "INVOKER VIEW v AS SELECT 1") == statements("CREATE VIEW"));
  CHECK(note("CREATE DEFINER='app'@'%' VIEW v AS SELECT 1") == statements("CREATE VIEW"));
  CHECK(note("CREATE DEFINER=CURRENT_USER() SQL SECURITY DEFINER VIEW v AS SELECT 1") ==
        statements("CREATE VIEW"));
  CHECK(note("CREATE DEFINER = app@localhost VIEW v AS SELECT 1") == statements("CREATE VIEW"));
  CHECK(note("ALTER ALGORITHM=MERGE DEFINER=`u`@`h` SQL SECURITY INVOKER VIEW v AS SELECT 1") ==
        statements("ALTER VIEW"));
  CHECK(note("ALTER VIEW v AS SELECT 1") == statements("ALTER VIEW"));
  CHECK(note("DROP VIEW IF EXISTS v") == statements("DROP VIEW"));
  CHECK(note("/*!50001 CREATE ALGORITHM=UNDEFINED */ /*!50013 DEFINER=`root`@`localhost` SQL "
             "SECURITY DEFINER */ /*!50001 VIEW `v` AS select 1 AS `a` */") ==
        statements("CREATE VIEW"));
  CHECK(note("CREATE DEFINER=`root`@`localhost` PROCEDURE p() SELECT 1") ==
        statements("CREATE PROCEDURE"));
  CHECK(note("CREATE OR REPLACE FUNCTION f() RETURNS INT RETURN 1") ==
        statements("CREATE FUNCTION"));
  CHECK(note("CREATE DEFINER=CURRENT_USER AGGREGATE FUNCTION f() RETURNS INT RETURN 1") ==
        statements("CREATE FUNCTION"));
  CHECK(note("CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET NEW.a = 1") ==
        statements("CREATE TRIGGER"));
  // A form of a kind the parser models keeps its words: CREATE TABLE itself is modelled.
  CHECK(note("CREATE OR REPLACE TABLE t (a INT)") == statements("CREATE OR REPLACE TABLE"));
  // The rest as before.
  CHECK(note("GRANT SELECT ON db.* TO u") == statements("GRANT"));
  CHECK(note("SHOW TABLES") == statements("SHOW TABLES"));
  CHECK(note("DROP PROCEDURE p") == statements("DROP PROCEDURE"));
  CHECK(note("CREATE") == statements("CREATE"));
  CHECK(note("CREATE OR REPLACE") == statements("CREATE"));
}

TEST_CASE("reserved words need quotes, except after a dot") {
  CHECK_FALSE(Parse("SELECT order FROM t").ok());
  CHECK(Parse("SELECT `order`, t.order FROM t").ok());
  CHECK_FALSE(Parse("SELECT a FROM select").ok());
}

TEST_CASE("nesting is bounded: deep parentheses give an error, not a stack overflow") {
  const std::string deep = "SELECT " + std::string(10000, '(') + "1" + std::string(10000, ')');
  const ParseResult r = Parse(deep);
  REQUIRE(r.diagnostics().size() == 1);
  CHECK(r.diagnostics()[0].message == "expression nested too deeply");
  std::string subqueries = "SELECT 1";
  for (int i = 0; i < 2000; ++i) subqueries = "SELECT (" + subqueries + ")";
  CHECK_FALSE(Parse(subqueries).ok());
  CHECK(Parse("SELECT " + std::string(100, '(') + "1" + std::string(100, ')')).ok());
}

TEST_CASE("spans point into the script") {
  const std::string sql = "SELECT 1;\n  SELECT a + b FROM t";
  const ParseResult r = Parse(sql);
  REQUIRE(r.statements().size() == 2);
  const Select& s = *r.statements()[1]->As<SelectStatement>().query->term->select;
  const Span span = s.items[0].expr->span;
  CHECK(sql.substr(span.offset, span.length) == "a + b");
}

}  // namespace
}  // namespace qadvisor::parser

namespace qadvisor::parser {
namespace {

using namespace ast;  // NOLINT

const Statement& One(const ParseResult& r) {
  INFO(r.text());
  for (const Diagnostic& d : r.diagnostics()) INFO(d.ToString());
  REQUIRE(r.ok());
  REQUIRE(r.statements().size() == 1);
  return *r.statements()[0];
}

TEST_CASE("INSERT: VALUES rows, column list, IGNORE, ON DUPLICATE KEY UPDATE, row alias") {
  const ParseResult r = Parse(
      "INSERT IGNORE INTO db.t (a, b) VALUES (1, DEFAULT), (2, 'x') AS new (x, y) "
      "ON DUPLICATE KEY UPDATE b = new.y, c = VALUES(c) + 1");
  const InsertStatement& s = One(r).As<InsertStatement>();
  CHECK_FALSE(s.replace);
  CHECK(s.options == kDmlIgnore);
  CHECK(s.into);
  CHECK(s.table.parts.size() == 2);
  CHECK(s.columns.size() == 2);
  REQUIRE(s.rows.size() == 2);
  CHECK(s.rows[0][1]->kind == ExprKind::kDefault);
  CHECK(s.row_alias.Value() == "new");
  CHECK(s.row_alias_columns.size() == 2);
  REQUIRE(s.on_duplicate.size() == 2);
  CHECK(s.on_duplicate[1].value->kind == ExprKind::kBinary);
}

TEST_CASE("INSERT … SET, INSERT … SELECT, REPLACE, VALUES ROW()") {
  const ParseResult set_r = Parse("INSERT LOW_PRIORITY t SET a = 1, b = NOW()");
  const InsertStatement& set = One(set_r).As<InsertStatement>();
  CHECK_FALSE(set.into);
  CHECK(set.options == kDmlLowPriority);
  CHECK(set.set.size() == 2);
  const ParseResult select_r = Parse("INSERT INTO t (a) SELECT x FROM u WHERE y > 1");
  const InsertStatement& select = One(select_r).As<InsertStatement>();
  REQUIRE(select.query != nullptr);
  CHECK(select.query->term->select->where != nullptr);
  const ParseResult paren_r = Parse("INSERT INTO t (SELECT * FROM u)");
  CHECK(One(paren_r).As<InsertStatement>().query != nullptr);
  CHECK_FALSE(One(paren_r).As<InsertStatement>().column_list);
  const ParseResult replace_r = Parse("REPLACE INTO t VALUES (1)");
  CHECK(One(replace_r).As<InsertStatement>().replace);
  const ParseResult row_r = Parse("INSERT INTO t VALUES ROW(1, 2), ROW(3, 4)");
  CHECK(One(row_r).As<InsertStatement>().row_keyword);
  CHECK(One(row_r).As<InsertStatement>().rows.size() == 2);
}

TEST_CASE("UPDATE: single table with ORDER BY and LIMIT; multi-table with joins; WITH") {
  const ParseResult r1 = Parse(
      "UPDATE LOW_PRIORITY IGNORE orders SET status = 'x', n = n + 1 WHERE id < 10 ORDER BY id "
      "LIMIT 5");
  const UpdateStatement& u = One(r1).As<UpdateStatement>();
  CHECK(u.options == (kDmlLowPriority | kDmlIgnore));
  CHECK(u.set.size() == 2);
  CHECK(u.where != nullptr);
  CHECK(u.order_by.size() == 1);
  CHECK(u.limit != nullptr);
  const ParseResult r2 =
      Parse("UPDATE a JOIN b ON a.id = b.id SET a.x = b.y, a.z = DEFAULT WHERE b.k IN (1, 2)");
  const UpdateStatement& multi = One(r2).As<UpdateStatement>();
  CHECK(multi.tables[0]->kind == TableRefKind::kJoin);
  CHECK(multi.set[0].column.parts.size() == 2);
  const ParseResult r3 =
      Parse("WITH c AS (SELECT 1 AS id) UPDATE t, c SET t.a = 0 WHERE t.id = c.id");
  CHECK(One(r3).As<UpdateStatement>().with.size() == 1);
}

TEST_CASE("DELETE: single table, multi-table with targets, and the USING form") {
  const ParseResult r1 =
      Parse("DELETE QUICK FROM sessions WHERE last_seen < NOW() ORDER BY id LIMIT 100");
  const DeleteStatement& d = One(r1).As<DeleteStatement>();
  CHECK(d.options == kDmlQuick);
  CHECK(d.targets.empty());
  REQUIRE(d.tables.size() == 1);
  CHECK(d.tables[0]->As<TableName>().name.last().Value() == "sessions");
  CHECK(d.limit != nullptr);
  const ParseResult r2 = Parse("DELETE t1, t2.* FROM t1 JOIN t2 ON t1.id = t2.id WHERE t1.x = 1");
  const DeleteStatement& m = One(r2).As<DeleteStatement>();
  CHECK_FALSE(m.using_form);
  REQUIRE(m.targets.size() == 2);
  CHECK_FALSE(m.target_stars[0]);
  CHECK(m.target_stars[1]);
  CHECK(m.tables[0]->kind == TableRefKind::kJoin);
  const ParseResult r3 =
      Parse("DELETE FROM t1, t2 USING t1 LEFT JOIN t2 ON t1.id = t2.id WHERE t2.id IS NULL");
  const DeleteStatement& u = One(r3).As<DeleteStatement>();
  CHECK(u.using_form);
  CHECK(u.targets.size() == 2);
  const ParseResult r4 = Parse(
      "WITH old AS (SELECT id FROM t WHERE x < 1) DELETE FROM t WHERE id IN (SELECT id FROM old)");
  CHECK(One(r4).As<DeleteStatement>().with.size() == 1);
}

TEST_CASE("DML diagnostics") {
  CHECK(Parse("INSERT INTO t (a, b,) VALUES (1, 2)").diagnostics()[0].message ==
        "expected a column name, found ')'");
  CHECK(Parse("UPDATE t WHERE a = 1").diagnostics()[0].message == "expected 'SET', found 'WHERE'");
  CHECK(Parse("DELETE t WHERE a = 1").diagnostics()[0].message ==
        "expected 'FROM' after DELETE, found 'WHERE'");
  CHECK(Parse("INSERT INTO t").diagnostics()[0].message ==
        "expected VALUES, SET or a query, found end of statement");
}

}  // namespace
}  // namespace qadvisor::parser

namespace qadvisor::parser {
namespace {

using namespace ast;  // NOLINT

TEST_CASE("CREATE TABLE as SHOW CREATE TABLE prints it") {
  const ParseResult r = Parse(
      "CREATE TABLE `orders` (\n"
      "  `id` bigint(20) unsigned NOT NULL AUTO_INCREMENT,\n"
      "  `code` varchar(32) CHARACTER SET utf8mb3 COLLATE utf8mb3_bin DEFAULT NULL COMMENT 'c',\n"
      "  `status` enum('new','paid') NOT NULL DEFAULT 'new',\n"
      "  `total` decimal(10,2) NOT NULL DEFAULT '0.00',\n"
      "  `created` timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,\n"
      "  `doubled` int GENERATED ALWAYS AS ((`total` * 2)) VIRTUAL,\n"
      "  PRIMARY KEY (`id`),\n"
      "  UNIQUE KEY `uk_code` (`code`),\n"
      "  KEY `idx_status_created` (`status`,`created` DESC),\n"
      "  KEY `idx_code_prefix` (`code`(8)) USING BTREE COMMENT 'prefix',\n"
      "  FULLTEXT KEY `ft` (`code`),\n"
      "  KEY `fx` ((lower(`code`))),\n"
      "  CONSTRAINT `fk_c` FOREIGN KEY (`id`) REFERENCES `customers` (`id`) ON DELETE CASCADE,\n"
      "  CONSTRAINT `chk` CHECK ((`total` >= 0))\n"
      ") ENGINE=InnoDB AUTO_INCREMENT=42 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci\n"
      "/*!50100 PARTITION BY HASH (`id`) PARTITIONS 4 */");
  for (const Diagnostic& d : r.diagnostics()) INFO(d.ToString());
  REQUIRE(r.ok());
  REQUIRE(r.statements().size() == 1);
  const CreateTableStatement& t = r.statements()[0]->As<CreateTableStatement>();
  CHECK(t.table.last().Value() == "orders");
  REQUIRE(t.columns.size() == 6);
  const ColumnDef& id = t.columns[0];
  CHECK(id.type.name == "bigint");
  CHECK(id.type.length == "20");
  CHECK(id.type.is_unsigned);
  CHECK(id.nullability == Nullability::kNotNull);
  CHECK(id.auto_increment);
  CHECK(t.columns[1].type.charset == "utf8mb3");
  CHECK(t.columns[1].type.collation == "utf8mb3_bin");
  CHECK(t.columns[1].default_value->As<Literal>().literal == LiteralKind::kNull);
  CHECK(t.columns[1].comment == "'c'");
  CHECK(t.columns[2].type.values.size() == 2);
  CHECK(t.columns[3].type.scale == "2");
  CHECK(t.columns[4].on_update != nullptr);
  CHECK(t.columns[5].generated != nullptr);
  CHECK(t.columns[5].storage == "VIRTUAL");
  REQUIRE(t.indexes.size() == 8);
  CHECK(t.indexes[0].type == IndexType::kPrimary);
  CHECK(t.indexes[1].type == IndexType::kUnique);
  CHECK(t.indexes[1].name.Value() == "uk_code");
  CHECK(t.indexes[2].parts.size() == 2);
  CHECK(t.indexes[2].parts[1].direction == Direction::kDesc);
  CHECK(t.indexes[3].parts[0].length == "8");
  CHECK(t.indexes[3].using_type == "BTREE");
  CHECK(t.indexes[4].type == IndexType::kFulltext);
  CHECK(t.indexes[5].parts[0].expr != nullptr);
  CHECK(t.indexes[6].type == IndexType::kForeign);
  CHECK(t.indexes[6].ref_table.last().Value() == "customers");
  CHECK(t.indexes[6].on_delete == "CASCADE");
  CHECK(t.indexes[7].type == IndexType::kCheck);
  REQUIRE(t.options.size() == 4);
  CHECK(t.options[2].name == "DEFAULT CHARSET");
  CHECK(t.options[2].value == "utf8mb4");
  CHECK(t.partitioning == "PARTITION BY HASH (`id`) PARTITIONS 4");
}

TEST_CASE("what mariadb-dump writes: the sandbox line and WITH SYSTEM VERSIONING") {
  // mariadb-dump 10.5.25+ opens with a command for the mariadb client that no server runs.
  for (const VersionComments which :
       {VersionComments::kAll, VersionComments::kMySQL8, VersionComments::kMariaDB}) {
    const ParseResult r = Parse(
        "/*M!999999\\- enable the sandbox mode */ \n"
        "CREATE TABLE `versioned` (\n  `id` int(11) NOT NULL,\n  PRIMARY KEY (`id`)\n"
        ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci WITH SYSTEM "
        "VERSIONING;\n",
        {.version_comments = which});
    for (const Diagnostic& d : r.diagnostics()) INFO(d.ToString());
    REQUIRE(r.ok());
    REQUIRE(r.statements().size() == 1);
    REQUIRE(r.statements()[0]->kind == StatementKind::kCreateTable);
    const auto& options = r.statements()[0]->As<CreateTableStatement>().options;
    REQUIRE(options.size() == 4);
    CHECK(options[3].name == "WITH SYSTEM");
    CHECK(options[3].value == "VERSIONING");
  }
}

TEST_CASE("CREATE TABLE … LIKE, … AS SELECT, TEMPORARY, IF NOT EXISTS") {
  const ParseResult like = Parse("CREATE TABLE IF NOT EXISTS t2 LIKE t1");
  REQUIRE(like.ok());
  const CreateTableStatement& l = like.statements()[0]->As<CreateTableStatement>();
  CHECK(l.if_not_exists);
  CHECK(l.like.last().Value() == "t1");
  const ParseResult as = Parse("CREATE TEMPORARY TABLE t3 ENGINE=MEMORY AS SELECT a FROM t1");
  REQUIRE(as.ok());
  const CreateTableStatement& a = as.statements()[0]->As<CreateTableStatement>();
  CHECK(a.temporary);
  CHECK(a.query != nullptr);
  CHECK(a.options.size() == 1);
  CHECK_FALSE(Parse("CREATE TABLE t (a INT,)").ok());
  CHECK(Parse("CREATE TABLE t (a INT,)").diagnostics()[0].message ==
        "expected a column name or a key definition, found ')'");
  CHECK_FALSE(Parse("CREATE TABLE").ok());  // CREATE TABLE t parses: see suite_forms_test.cpp
}

}  // namespace
}  // namespace qadvisor::parser

namespace qadvisor::parser {
namespace {

using namespace ast;  // NOLINT

const Statement& Only(const ParseResult& r) {
  for (const Diagnostic& d : r.diagnostics()) INFO(d.ToString());
  REQUIRE(r.ok());
  REQUIRE(r.statements().size() == 1);
  return *r.statements()[0];
}

TEST_CASE("CREATE INDEX, DROP INDEX, DROP TABLE") {
  const ParseResult ci = Parse(
      "CREATE UNIQUE INDEX ux ON db.t (a, b(10) DESC) USING BTREE COMMENT 'c' ALGORITHM=INPLACE "
      "LOCK=NONE");
  const CreateIndexStatement& c = Only(ci).As<CreateIndexStatement>();
  CHECK(c.index.type == IndexType::kUnique);
  CHECK(c.index.name.Value() == "ux");
  CHECK(c.table.parts.size() == 2);
  CHECK(c.index.parts.size() == 2);
  CHECK(c.index.parts[1].length == "10");
  CHECK(c.algorithm_lock.size() == 2);
  const ParseResult di = Parse("DROP INDEX `PRIMARY` ON t LOCK = SHARED");
  CHECK(Only(di).As<DropIndexStatement>().index.Value() == "PRIMARY");
  const ParseResult dt = Parse("DROP TEMPORARY TABLE IF EXISTS a, db.b CASCADE");
  const DropTableStatement& d = Only(dt).As<DropTableStatement>();
  CHECK(d.temporary);
  CHECK(d.if_exists);
  CHECK(d.tables.size() == 2);
  CHECK(d.behavior == "CASCADE");
}

TEST_CASE("ALTER TABLE: the actions a migration uses, and the rest kept as written") {
  const ParseResult r = Parse(
      "ALTER TABLE orders ADD COLUMN note VARCHAR(100) NULL AFTER status, "
      "ADD INDEX idx_c (customer_id, created_at), DROP INDEX idx_old, DROP COLUMN legacy, "
      "MODIFY total DECIMAL(12,2) NOT NULL, CHANGE COLUMN code sku VARCHAR(40) FIRST, "
      "RENAME INDEX a TO b, CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_bin, "
      "ENGINE=InnoDB, ALGORITHM=INPLACE, ALTER INDEX idx_c INVISIBLE, DROP PRIMARY KEY, "
      "ADD CONSTRAINT fk FOREIGN KEY (customer_id) REFERENCES customers (id), RENAME TO orders2");
  const AlterTableStatement& a = Only(r).As<AlterTableStatement>();
  REQUIRE(a.actions.size() == 14);
  CHECK(a.actions[0].kind == AlterKind::kAddColumn);
  CHECK(a.actions[0].column.name.Value() == "note");
  CHECK(a.actions[0].position == "AFTER status");
  CHECK(a.actions[1].kind == AlterKind::kAddIndex);
  CHECK(a.actions[1].index.parts.size() == 2);
  CHECK(a.actions[2].kind == AlterKind::kDropIndex);
  CHECK(a.actions[3].kind == AlterKind::kDropColumn);
  CHECK(a.actions[4].kind == AlterKind::kModifyColumn);
  CHECK(a.actions[5].kind == AlterKind::kChangeColumn);
  CHECK(a.actions[5].name.Value() == "code");
  CHECK(a.actions[5].column.name.Value() == "sku");
  CHECK(a.actions[6].kind == AlterKind::kRenameIndex);
  CHECK(a.actions[7].kind == AlterKind::kConvertCharset);
  CHECK(a.actions[7].charset == "utf8mb4");
  CHECK(a.actions[8].kind == AlterKind::kOption);
  CHECK(a.actions[8].option.value == "InnoDB");
  CHECK(a.actions[9].kind == AlterKind::kOption);
  CHECK(a.actions[10].kind == AlterKind::kAlterIndex);
  CHECK(a.actions[10].name.Value() == "idx_c");
  CHECK(a.actions[10].setting == "INVISIBLE");
  CHECK(a.actions[11].kind == AlterKind::kDropPrimaryKey);
  CHECK(a.actions[12].index.type == IndexType::kForeign);
  CHECK(a.actions[13].kind == AlterKind::kRenameTable);
}

TEST_CASE("ALTER TABLE: ALTER COLUMN, ALTER INDEX, DROP CHECK / CONSTRAINT, FORCE round-trip") {
  const ParseResult r = Parse(
      "ALTER TABLE t ALTER COLUMN a SET DEFAULT 5, ALTER b DROP DEFAULT, "
      "ALTER c SET DEFAULT (uuid()), ALTER COLUMN d SET INVISIBLE, ALTER KEY k NOT IGNORED, "
      "DROP CHECK chk, DROP CONSTRAINT IF EXISTS fk, FORCE, ADD PARTITION (PARTITION p1)");
  const AlterTableStatement& a = Only(r).As<AlterTableStatement>();
  REQUIRE(a.actions.size() == 9);
  CHECK(a.actions[0].kind == AlterKind::kAlterColumn);
  CHECK(a.actions[0].setting == "SET DEFAULT");
  REQUIRE(a.actions[0].default_value != nullptr);
  CHECK(a.actions[1].setting == "DROP DEFAULT");
  CHECK(a.actions[1].default_value == nullptr);
  CHECK(a.actions[2].default_parens);
  CHECK(a.actions[3].setting == "SET INVISIBLE");
  CHECK(a.actions[4].kind == AlterKind::kAlterIndex);
  CHECK(a.actions[4].key_keyword);
  CHECK(a.actions[4].setting == "NOT IGNORED");
  CHECK(a.actions[5].kind == AlterKind::kDropConstraint);
  CHECK(a.actions[5].setting == "CHECK");
  CHECK(a.actions[6].if_exists);
  CHECK(a.actions[6].name.Value() == "fk");
  CHECK(a.actions[7].kind == AlterKind::kForce);
  CHECK(a.actions[8].kind == AlterKind::kOther);
  CHECK(ToSql(Only(r)) ==
        "ALTER TABLE t ALTER COLUMN a SET DEFAULT 5, ALTER b DROP DEFAULT, "
        "ALTER c SET DEFAULT (uuid()), ALTER COLUMN d SET INVISIBLE, ALTER KEY k NOT IGNORED, "
        "DROP CHECK chk, DROP CONSTRAINT IF EXISTS fk, FORCE, ADD PARTITION (PARTITION p1)");
  for (const char* bad : {"ALTER TABLE t ALTER COLUMN a SET", "ALTER TABLE t ALTER INDEX k",
                          "ALTER TABLE t ALTER a DROP NOTHING", "ALTER TABLE t DROP CHECK"}) {
    INFO(bad);
    CHECK_FALSE(Parse(bad).ok());
  }
}

TEST_CASE(
    "Migration syntax: table options without commas, IF [NOT] EXISTS, inline REFERENCES and "
    "CHECK") {
  struct Case {
    const char* sql;
    const char* printed;
  };
  const Case cases[] = {
      {"ALTER TABLE t ENGINE=InnoDB ROW_FORMAT=DYNAMIC",
       "ALTER TABLE t ENGINE=InnoDB, ROW_FORMAT=DYNAMIC"},
      {"ALTER TABLE t DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci, ADD COLUMN c INT",
       "ALTER TABLE t DEFAULT CHARSET=utf8mb4, COLLATE=utf8mb4_unicode_ci, ADD COLUMN c INT"},
      {"CREATE INDEX IF NOT EXISTS i ON t (a)", "CREATE INDEX IF NOT EXISTS i ON t (a)"},
      {"DROP INDEX IF EXISTS i ON t", "DROP INDEX IF EXISTS i ON t"},
      {"ALTER TABLE t ADD INDEX IF NOT EXISTS k (a)",
       "ALTER TABLE t ADD INDEX IF NOT EXISTS k (a)"},
      {"ALTER TABLE t ADD UNIQUE KEY IF NOT EXISTS u (a)",
       "ALTER TABLE t ADD UNIQUE KEY IF NOT EXISTS u (a)"},
      {"ALTER TABLE t ADD CONSTRAINT fk FOREIGN KEY IF NOT EXISTS (a) REFERENCES u (id)",
       "ALTER TABLE t ADD CONSTRAINT fk FOREIGN KEY IF NOT EXISTS (a) REFERENCES u (id)"},
      {"ALTER TABLE t RENAME COLUMN IF EXISTS a TO b",
       "ALTER TABLE t RENAME COLUMN IF EXISTS a TO b"},
      {"CREATE TABLE x (id INT PRIMARY KEY, p INT REFERENCES Parent(Id) ON DELETE SET NULL)",
       "CREATE TABLE x (id INT PRIMARY KEY, p INT REFERENCES Parent(Id) ON DELETE SET NULL)"},
      {"CREATE TABLE y (p INT CONSTRAINT pc CHECK (p > 0), q INT CONSTRAINT CHECK (q < 9))",
       "CREATE TABLE y (p INT CONSTRAINT pc CHECK (p > 0), q INT CONSTRAINT CHECK (q < 9))"},
  };
  for (const Case& c : cases) {
    INFO(c.sql);
    const ParseResult r = Parse(c.sql);
    REQUIRE(r.ok());
    CHECK(ToSql(Only(r)) == c.printed);
  }
  const ParseResult options = Parse("ALTER TABLE t ENGINE=InnoDB ROW_FORMAT=DYNAMIC");
  CHECK(Only(options).As<AlterTableStatement>().actions.size() == 2);
  const ParseResult ci = Parse("CREATE INDEX IF NOT EXISTS i ON t (a)");
  CHECK(Only(ci).As<CreateIndexStatement>().if_not_exists);
  const ParseResult add = Parse("ALTER TABLE t ADD INDEX IF NOT EXISTS k (a)");
  CHECK(Only(add).As<AlterTableStatement>().actions[0].index.if_not_exists);
  CHECK(Only(add).As<AlterTableStatement>().actions[0].index.name.Value() == "k");
  const ParseResult col = Parse("CREATE TABLE y (p INT CONSTRAINT pc CHECK (p > 0))");
  const ColumnDef& p = Only(col).As<CreateTableStatement>().columns[0];
  CHECK(p.check_constraint);
  CHECK(p.check_name.Value() == "pc");
  CHECK(p.check != nullptr);
}

TEST_CASE("RENAME TABLE: pairs, TABLES, IF EXISTS, WAIT / NOWAIT, round-trip") {
  const ParseResult r = Parse("RENAME TABLE shop.orders TO shop.orders_old, orders_new TO orders");
  const RenameTableStatement& s = Only(r).As<RenameTableStatement>();
  REQUIRE(s.pairs.size() == 2);
  CHECK(s.pairs[0].from.parts.size() == 2);
  CHECK(s.pairs[0].to.last().Value() == "orders_old");
  CHECK(s.pairs[1].from.last().Value() == "orders_new");
  CHECK(ToSql(Only(r)) == "RENAME TABLE shop.orders TO shop.orders_old, orders_new TO orders");
  const ParseResult m = Parse("rename tables if exists `a` to b nowait");
  const RenameTableStatement& t = Only(m).As<RenameTableStatement>();
  CHECK(t.tables_keyword);
  CHECK(t.if_exists);
  CHECK(t.wait == "nowait");
  CHECK(ToSql(Only(m)) == "RENAME TABLES IF EXISTS `a` TO b NOWAIT");
  for (const char* bad : {"RENAME TABLE a", "RENAME TABLE a TO", "RENAME TABLE a TO b,",
                          "RENAME TABLE a TO b WAIT"}) {
    INFO(bad);
    CHECK_FALSE(Parse(bad).ok());
  }
  // RENAME USER is another statement, not modelled.
  CHECK(Only(Parse("RENAME USER a TO b")).kind == StatementKind::kUnsupported);
}

TEST_CASE("CREATE DATABASE, USE, SET NAMES, SET variables; SET TRANSACTION stays unmodelled") {
  const ParseResult db = Parse("CREATE SCHEMA IF NOT EXISTS shop DEFAULT CHARACTER SET utf8mb4");
  const CreateDatabaseStatement& d = Only(db).As<CreateDatabaseStatement>();
  CHECK(d.schema_keyword);
  CHECK(d.if_not_exists);
  CHECK(d.options.size() == 1);
  CHECK(Only(Parse("USE `shop`")).As<UseStatement>().database.Value() == "shop");
  const ParseResult names = Parse("SET NAMES utf8mb4 COLLATE utf8mb4_unicode_ci");
  CHECK(Only(names).As<SetStatement>().names);
  CHECK(Only(names).As<SetStatement>().collation == "utf8mb4_unicode_ci");
  const ParseResult vars = Parse(
      "SET SESSION sql_mode = 'ANSI', @a := 1, @@global.max_connections = 10, autocommit = ON");
  const SetStatement& v = Only(vars).As<SetStatement>();
  REQUIRE(v.variables.size() == 4);
  CHECK(v.variables[0].scope == "SESSION");
  CHECK(v.variables[1].assign_operator);
  CHECK(v.variables[2].target->kind == ExprKind::kVariable);
  const ParseResult tx = Parse("SET TRANSACTION ISOLATION LEVEL READ COMMITTED");
  CHECK(tx.statements()[0]->kind == StatementKind::kUnsupported);
}

}  // namespace
}  // namespace qadvisor::parser

namespace qadvisor::parser {
namespace {

TEST_CASE("statements know their line and column; diagnostics count from there") {
  const std::string sql =
      "SELECT 1; SELECT 2;\n"
      "  -- a comment\n"
      "  SELECT a\n"
      "  FROM t WHERE;\n"
      "GRANT ALL ON db.* TO u; SELECT 3";
  const ParseResult r = Parse(sql);
  REQUIRE(r.statements().size() == 4);
  CHECK(r.statements()[1]->line == 1);
  CHECK(r.statements()[1]->column == 11);
  CHECK(r.statements()[2]->line == 5);  // the GRANT: the bad SELECT is not returned
  CHECK(r.statements()[2]->column == 1);
  CHECK(r.statements()[3]->column == 25);
  REQUIRE(r.diagnostics().size() == 2);
  const Diagnostic& error = r.diagnostics()[0];
  CHECK(error.line == 4);
  CHECK(error.column == 15);
  CHECK(error.excerpt == "  FROM t WHERE;\n              ^");
  CHECK(r.diagnostics()[1].line == 5);
  CHECK(r.diagnostics()[1].column == 1);
}

}  // namespace
}  // namespace qadvisor::parser
