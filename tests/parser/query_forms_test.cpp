// Query-level forms real applications and dumps send (tests/fixtures/parser/query_forms.sql
// round-trips them): the fields consumers read, checked node by node, and the forms the server
// refuses, refused here too.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "parser/parser.h"
#include "parser/tables.h"

namespace qadvisor::parser {
namespace {

using namespace ast;  // NOLINT

const Statement& One(const ParseResult& r) {
  for (const Diagnostic& d : r.diagnostics()) INFO(d.ToString());
  REQUIRE(r.ok());
  REQUIRE(r.statements().size() == 1);
  return *r.statements()[0];
}

const Query& QueryOf(const ParseResult& r) {
  const Statement& s = One(r);
  REQUIRE(s.kind == StatementKind::kSelect);
  return *s.As<SelectStatement>().query;
}

const Select& SelectOf(const ParseResult& r) {
  const Query& q = QueryOf(r);
  REQUIRE(q.term->select != nullptr);
  return *q.term->select;
}

std::string Error(std::string_view sql) {
  const ParseResult r = Parse(sql);
  REQUIRE(!r.diagnostics().empty());
  CHECK(r.diagnostics()[0].severity == Severity::kError);
  return r.diagnostics()[0].message;
}

std::string Sql(const Expr* e) {
  REQUIRE(e != nullptr);
  return ToSql(*e);
}

TEST_CASE("SET NAMES and SET CHARACTER SET followed by variables, as Rails connects") {
  const ParseResult r = Parse(
      "SET NAMES utf8mb4 COLLATE utf8mb4_unicode_ci, @@SESSION.sql_auto_is_null = 0, "
      "@@SESSION.wait_timeout = 2147483");
  const SetStatement& s = One(r).As<SetStatement>();
  CHECK(s.names);
  CHECK(s.value == "utf8mb4");
  CHECK(s.collation == "utf8mb4_unicode_ci");
  REQUIRE(s.variables.size() == 2);
  CHECK(Sql(s.variables[0].target) == "@@SESSION.sql_auto_is_null");
  CHECK(Sql(s.variables[1].value) == "2147483");
  CHECK(ToSql(s) ==
        "SET NAMES utf8mb4 COLLATE utf8mb4_unicode_ci, @@SESSION.sql_auto_is_null = 0, "
        "@@SESSION.wait_timeout = 2147483");

  const ParseResult cs = Parse("SET CHARACTER SET latin1, SESSION sql_mode = 'ANSI'");
  const SetStatement& c = One(cs).As<SetStatement>();
  CHECK(c.charset);
  CHECK(c.value == "latin1");
  REQUIRE(c.variables.size() == 1);
  CHECK(c.variables[0].scope == "SESSION");
  CHECK(Error("SET NAMES utf8mb4,") == "expected a variable name, found end of statement");
}

TEST_CASE("OFFSET … ROWS and FETCH FIRST … ROWS ONLY | WITH TIES (MariaDB 10.6)") {
  const ParseResult r = Parse("SELECT a FROM t ORDER BY a OFFSET 5 ROWS FETCH NEXT 10 ROWS ONLY");
  const Query& q = QueryOf(r);
  CHECK(Sql(q.offset) == "5");
  CHECK(Sql(q.limit) == "10");  // consumers read the count where LIMIT puts it
  CHECK(q.offset_rows == "ROWS");
  CHECK(q.fetch);
  CHECK(q.fetch_first == "NEXT");
  CHECK_FALSE(q.with_ties);

  // OFFSET is no alias of t here: it starts the clause.
  const ParseResult no_order = Parse("SELECT * FROM t OFFSET 2 ROW");
  CHECK(SelectOf(no_order).from[0]->As<TableName>().alias.empty());
  CHECK(QueryOf(no_order).offset_rows == "ROW");
  CHECK_FALSE(QueryOf(no_order).fetch);

  const ParseResult ties = Parse("SELECT a FROM t ORDER BY a FETCH FIRST ROW WITH TIES");
  CHECK(QueryOf(ties).with_ties);
  CHECK(QueryOf(ties).limit == nullptr);  // no count: one row
  CHECK(QueryOf(ties).offset == nullptr);

  // ER_WITH_TIES_NEEDS_ORDER, and the words the standard requires.
  CHECK(Error("SELECT a FROM t FETCH FIRST 2 ROWS WITH TIES") ==
        "FETCH … WITH TIES needs ORDER BY");
  CHECK(Error("SELECT a FROM t ORDER BY a OFFSET 5") ==
        "expected 'ROW' or 'ROWS' after OFFSET n, found end of statement");
  CHECK(Error("SELECT a FROM t FETCH 5 ROWS ONLY") ==
        "expected 'FIRST' or 'NEXT' after FETCH, found '5'");
  CHECK(Error("SELECT a FROM t FETCH FIRST 5 ROWS") == "expected 'ONLY', found end of statement");
}

TEST_CASE("TABLE and VALUES as query operands") {
  const ParseResult table = Parse("TABLE shop.t ORDER BY a LIMIT 1");
  const Query& q = QueryOf(table);
  REQUIRE(q.term->table != nullptr);
  CHECK(q.term->table->name.parts.size() == 2);
  CHECK(q.order_by.size() == 1);
  CHECK(Sql(q.limit) == "1");

  const ParseResult u = Parse("SELECT a FROM t UNION TABLE u");
  const SetOperation& op = *QueryOf(u).term->set_op;
  REQUIRE(op.right->table != nullptr);
  CHECK(op.right->table->name.last().Value() == "u");

  const ParseResult v = Parse("(VALUES ROW(1, 2), ROW(3, 4)) UNION (SELECT 1, 2)");
  const QueryTerm& left = *QueryOf(v).term->set_op->left->parens->term;
  REQUIRE(left.values != nullptr);
  CHECK(left.values->row_keyword);
  REQUIRE(left.values->rows.size() == 2);
  CHECK(Sql(left.values->rows[1][1]) == "4");

  const ParseResult maria = Parse("VALUES (1, 'a'), (2, 'b')");
  CHECK_FALSE(QueryOf(maria).term->values->row_keyword);

  const ParseResult in = Parse("SELECT a FROM t WHERE a IN (TABLE u)");
  REQUIRE(SelectOf(in).where->As<In>().subquery != nullptr);
  CHECK(TablesOf("SELECT a FROM t WHERE a IN (TABLE u) UNION TABLE w") ==
        std::vector<TableRefName>{{"", "t"}, {"", "u"}, {"", "w"}});
  // VALUES(col) in an expression stays the function of ON DUPLICATE KEY UPDATE.
  const ParseResult fn =
      Parse("INSERT INTO t (a) VALUES (1) ON DUPLICATE KEY UPDATE a = (VALUES(a))");
  CHECK(One(fn).As<InsertStatement>().on_duplicate[0].value->kind == ExprKind::kFunction);
  CHECK(Error("VALUES ROW(1), (2)") == "expected 'ROW', found '('");
}

TEST_CASE("nested joins: an ON binds to the innermost open join") {
  const ParseResult r = Parse("SELECT 1 FROM a JOIN b JOIN c ON b.x = c.x ON a.y = b.y");
  const Join& outer = SelectOf(r).from[0]->As<Join>();
  CHECK(outer.left->kind == TableRefKind::kTable);
  REQUIRE(outer.right->kind == TableRefKind::kJoin);
  CHECK(Sql(outer.on) == "a.y = b.y");
  CHECK(Sql(outer.right->As<Join>().on) == "b.x = c.x");
  CHECK(ToSql(One(r)) == "SELECT 1 FROM a JOIN b JOIN c ON b.x = c.x ON a.y = b.y");

  // Without a second ON the first join has none: (a JOIN b) JOIN c ON …, as before.
  const ParseResult flat = Parse("SELECT 1 FROM a JOIN b JOIN c ON b.x = c.x");
  const Join& f = SelectOf(flat).from[0]->As<Join>();
  CHECK(f.left->kind == TableRefKind::kJoin);
  CHECK(f.right->kind == TableRefKind::kTable);

  const ParseResult left = Parse("SELECT 1 FROM a LEFT JOIN b JOIN c USING (x) ON a.y = b.y");
  const Join& l = SelectOf(left).from[0]->As<Join>();
  CHECK(l.join == JoinKind::kLeft);
  CHECK(l.right->As<Join>().has_using);

  const ParseResult deep =
      Parse("SELECT 1 FROM a JOIN b JOIN c JOIN d ON d.i = c.i ON c.i = b.i ON b.i = a.i");
  const Join& d = SelectOf(deep).from[0]->As<Join>();
  CHECK(Sql(d.on) == "b.i = a.i");
  CHECK(Sql(d.right->As<Join>().right->As<Join>().on) == "d.i = c.i");

  // ON DUPLICATE KEY UPDATE ends the query of an INSERT: no ON for a join.
  const ParseResult dup = Parse(
      "INSERT INTO t (a) SELECT b.a FROM a JOIN b JOIN c ON c.x = b.x ON DUPLICATE KEY UPDATE a = "
      "1");
  const InsertStatement& ins = One(dup).As<InsertStatement>();
  CHECK(ins.on_duplicate.size() == 1);
  CHECK(ins.query->term->select->from[0]->As<Join>().left->kind == TableRefKind::kJoin);

  CHECK(Error("SELECT 1 FROM a LEFT JOIN b JOIN c ON b.x = c.x") ==
        "expected 'ON' or 'USING' after the joined table, found 'JOIN'");
}

TEST_CASE("ODBC { OJ … } in FROM is a parenthesised join") {
  const ParseResult r =
      Parse("SELECT 1 FROM {oj a LEFT OUTER JOIN b ON a.id = b.a_id} JOIN c ON c.id = a.c_id");
  const Join& j = SelectOf(r).from[0]->As<Join>();
  REQUIRE(j.left->kind == TableRefKind::kParens);
  const ParenTables& oj = j.left->As<ParenTables>();
  CHECK(oj.odbc_escape);
  REQUIRE(oj.items.size() == 1);
  CHECK(oj.items[0]->As<Join>().join == JoinKind::kLeft);
  CHECK(TablesOf(r.text()) == std::vector<TableRefName>{{"", "a"}, {"", "b"}, {"", "c"}});
  CHECK(Error("SELECT 1 FROM {x a LEFT JOIN b ON 1}") == "expected 'OJ', found 'x'");
}

TEST_CASE("JSON_TABLE: columns, nested paths, ON EMPTY / ON ERROR, a required alias") {
  const ParseResult r = Parse(
      "SELECT * FROM t, JSON_TABLE(t.doc, '$[*]' COLUMNS (n FOR ORDINALITY, "
      "a VARCHAR(10) PATH '$.a' DEFAULT '\"x\"' ON EMPTY ERROR ON ERROR, "
      "e INT EXISTS PATH '$.e', NESTED PATH '$.b[*]' COLUMNS (b INT PATH '$'))) AS jt");
  const Select& s = SelectOf(r);
  REQUIRE(s.from.size() == 2);
  REQUIRE(s.from[1]->kind == TableRefKind::kJsonTable);
  const JsonTable& jt = s.from[1]->As<JsonTable>();
  CHECK(Sql(jt.expr) == "t.doc");
  CHECK(jt.alias.Value() == "jt");
  REQUIRE(jt.columns.size() == 4);
  CHECK(jt.columns[0].kind == JsonColumnKind::kOrdinality);
  CHECK(jt.columns[1].type.name == "VARCHAR");
  CHECK(jt.columns[1].type.length == "10");
  CHECK(jt.columns[1].on_empty.action == "DEFAULT");
  CHECK(Sql(jt.columns[1].on_empty.default_value) == "'\"x\"'");
  CHECK(jt.columns[1].on_error.action == "ERROR");
  CHECK(jt.columns[2].kind == JsonColumnKind::kExists);
  CHECK(jt.columns[3].kind == JsonColumnKind::kNested);
  CHECK(jt.columns[3].path_keyword);
  std::vector<std::string> names;
  JsonColumnNames(jt.columns, names);
  CHECK(names == std::vector<std::string>{"n", "a", "e", "b"});
  CHECK(TablesOf(r.text()) == std::vector<TableRefName>{{"", "t"}});
  CHECK(Error("SELECT * FROM JSON_TABLE('[]', '$' COLUMNS (a INT PATH '$'))") ==
        "expected an alias for JSON_TABLE, found end of statement");
  CHECK(Error("SELECT * FROM JSON_TABLE('[]', '$' COLUMNS (a INT)) AS j") ==
        "expected 'PATH', found ')'");
}

TEST_CASE("locking clauses: WAIT n, several in a row, LOCK IN SHARE MODE NOWAIT") {
  const ParseResult wait = Parse("SELECT a FROM t FOR UPDATE WAIT 5");
  CHECK(QueryOf(wait).lock == LockMode::kForUpdate);
  CHECK(Sql(QueryOf(wait).lock_wait_seconds) == "5");

  const ParseResult share = Parse("SELECT a FROM t LOCK IN SHARE MODE NOWAIT");
  CHECK(QueryOf(share).lock_wait == LockWait::kNoWait);
  CHECK(ToSql(One(share)) == "SELECT a FROM t LOCK IN SHARE MODE NOWAIT");

  const ParseResult two =
      Parse("SELECT a FROM t1, t2 FOR UPDATE OF t1 FOR SHARE OF t2 SKIP LOCKED");
  const Query& q = QueryOf(two);
  CHECK(q.lock == LockMode::kForUpdate);
  REQUIRE(q.lock_of.size() == 1);
  REQUIRE(q.more_locks.size() == 1);
  CHECK(q.more_locks[0].mode == LockMode::kForShare);
  CHECK(q.more_locks[0].of[0].Value() == "t2");
  CHECK(q.more_locks[0].wait == LockWait::kSkipLocked);
  CHECK(Error("SELECT a FROM t FOR UPDATE FOR READ") ==
        "expected 'UPDATE' or 'SHARE' after FOR, found 'READ'");
}

TEST_CASE("MariaDB system versioning: FOR SYSTEM_TIME on a table, FOR PORTION OF in DML") {
  const ParseResult asof =
      Parse("SELECT * FROM t FOR SYSTEM_TIME AS OF TIMESTAMP '2024-01-01 00:00:00' x");
  const TableName& t = SelectOf(asof).from[0]->As<TableName>();
  CHECK(t.system_time.kind == SystemTimeKind::kAsOf);
  CHECK(t.system_time.start.unit.empty());  // TIMESTAMP '…' is a temporal literal
  CHECK(t.system_time.start.value->As<Literal>().prefix == "TIMESTAMP");
  CHECK(t.alias.Value() == "x");

  const ParseResult between =
      Parse("SELECT * FROM t FOR SYSTEM_TIME BETWEEN TIMESTAMP NOW() - INTERVAL 1 DAY AND NOW()");
  const SystemTime& b = SelectOf(between).from[0]->As<TableName>().system_time;
  CHECK(b.kind == SystemTimeKind::kBetween);
  CHECK(b.start.unit == "TIMESTAMP");
  CHECK(Sql(b.start.value) == "NOW() - INTERVAL 1 DAY");
  CHECK(Sql(b.end.value) == "NOW()");

  const ParseResult all = Parse("SELECT * FROM t FOR SYSTEM_TIME ALL WHERE a = 1");
  CHECK(SelectOf(all).from[0]->As<TableName>().system_time.kind == SystemTimeKind::kAll);
  CHECK(SelectOf(all).where != nullptr);

  const ParseResult upd =
      Parse("UPDATE t FOR PORTION OF p FROM '2024-01-01' TO '2024-02-01' SET a = 1");
  const UpdateStatement& u = One(upd).As<UpdateStatement>();
  CHECK(u.portion.period.Value() == "p");
  CHECK(Sql(u.portion.to) == "'2024-02-01'");
  const ParseResult del = Parse("DELETE FROM t FOR PORTION OF p FROM 1 TO 2 WHERE a = 1");
  CHECK(One(del).As<DeleteStatement>().portion.period.Value() == "p");
  CHECK(Error("SELECT * FROM t FOR SYSTEM_TIME SINCE 1") ==
        "expected AS OF, BETWEEN, FROM or ALL after FOR SYSTEM_TIME, found 'SINCE'");
  // DELETE HISTORY stays unmodelled: skipped with a note, never half-parsed.
  const ParseResult history = Parse("DELETE HISTORY FROM t BEFORE SYSTEM_TIME '2024-01-01'");
  CHECK(One(history).kind == StatementKind::kUnsupported);
}

TEST_CASE("MariaDB sequences: NEXT VALUE FOR and PREVIOUS VALUE FOR") {
  const ParseResult r = Parse("SELECT NEXT VALUE FOR shop.s, PREVIOUS VALUE FOR s, next FROM t");
  const Select& s = SelectOf(r);
  REQUIRE(s.items.size() == 3);
  REQUIRE(s.items[0].expr->kind == ExprKind::kSequenceValue);
  CHECK(s.items[0].expr->As<SequenceValue>().next);
  CHECK(s.items[0].expr->As<SequenceValue>().sequence.parts.size() == 2);
  CHECK_FALSE(s.items[1].expr->As<SequenceValue>().next);
  CHECK(s.items[2].expr->kind == ExprKind::kColumn);  // `next` alone is a column
  CHECK(TablesOf("INSERT INTO o (id) VALUES (NEXT VALUE FOR s)") ==
        std::vector<TableRefName>{{"", "o"}, {"", "s"}});
  CHECK(Parse("SELECT NEXTVAL(s)").ok());
}

}  // namespace
}  // namespace qadvisor::parser
