// The syntax families of other MySQL parsers' test suites (issue 15), field by field: what each
// form parses into, how it prints, and the near misses that both servers reject.
#include <catch2/catch.hpp>
#include <string>

#include "parser/parser.h"

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

std::string Printed(std::string_view sql) {
  const ParseResult r = Parse(sql);
  return ToSql(One(r));
}

TEST_CASE("PRIMARY KEY keeps the index name it was written with") {
  const ParseResult r = Parse("CREATE TABLE t (id INT, PRIMARY KEY pk_t USING BTREE (id))");
  const auto& s = One(r).As<CreateTableStatement>();
  REQUIRE(s.indexes.size() == 1);
  CHECK(s.indexes[0].type == IndexType::kPrimary);
  CHECK(s.indexes[0].name.Value() == "pk_t");
  CHECK(ToSql(s) == "CREATE TABLE t (id INT, PRIMARY KEY pk_t USING BTREE (id))");
  CHECK(Printed("ALTER TABLE t ADD PRIMARY KEY `pk` (a)") ==
        "ALTER TABLE t ADD PRIMARY KEY `pk` (a)");
}

TEST_CASE("RETURNING on INSERT, REPLACE and single-table DELETE (MariaDB 10.5)") {
  const ParseResult ins = Parse("INSERT INTO t (a, b) VALUES (1, 2) RETURNING a, b * 2 AS twice");
  const auto& i = One(ins).As<InsertStatement>();
  REQUIRE(i.returning.size() == 2);
  CHECK(i.returning[0].expr->kind == ExprKind::kColumn);
  CHECK(i.returning[1].alias.Value() == "twice");
  CHECK(ToSql(i) == "INSERT INTO t (a, b) VALUES (1, 2) RETURNING a, b * 2 AS twice");

  const ParseResult rep = Parse("REPLACE t SET a = 1 RETURNING *");
  const auto& r = One(rep).As<InsertStatement>();
  CHECK(r.replace);
  REQUIRE(r.returning.size() == 1);
  CHECK(r.returning[0].expr->As<Column>().star);

  const ParseResult del = Parse("DELETE FROM t WHERE a = 1 LIMIT 5 RETURNING t.*, a");
  const auto& d = One(del).As<DeleteStatement>();
  REQUIRE(d.returning.size() == 2);
  CHECK(d.limit != nullptr);
  CHECK(ToSql(d) == "DELETE FROM t WHERE a = 1 LIMIT 5 RETURNING t.*, a");
  // RETURNING is a reserved word on MariaDB: never the table's alias.
  CHECK(One(Parse("DELETE FROM t RETURNING a")).As<DeleteStatement>().returning.size() == 1);

  for (const char* bad : {"INSERT INTO t VALUES (1) RETURNING", "DELETE FROM t RETURNING a,",
                          "DELETE t1 FROM t1 JOIN t2 ON t1.a = t2.a RETURNING t1.a",
                          "UPDATE t SET a = 1 RETURNING a"}) {
    INFO(bad);
    CHECK_FALSE(Parse(bad).ok());
  }
}

TEST_CASE("DISTINCTROW and DISTINCT ALL are spellings of DISTINCT") {
  const ParseResult r =
      Parse("SELECT SUM(DISTINCTROW a), MIN(distinct  all b), COUNT(DISTINCT c) FROM t");
  const Select& s = *One(r).As<SelectStatement>().query->term->select;
  REQUIRE(s.items.size() == 3);
  const Function& sum = s.items[0].expr->As<Function>();
  CHECK(sum.distinct);
  CHECK(sum.distinct_word == "DISTINCTROW");
  const Function& min = s.items[1].expr->As<Function>();
  CHECK(min.distinct);
  CHECK(min.distinct_word == "distinct  all");
  CHECK(s.items[2].expr->As<Function>().distinct_word.empty());
  CHECK(ToSql(One(r)) ==
        "SELECT SUM(DISTINCTROW a), MIN(DISTINCT ALL b), COUNT(DISTINCT c) FROM t");
  const ParseResult u = Parse("SELECT a FROM t UNION DISTINCTROW SELECT b FROM u");
  const SetOperation& op = *One(u).As<SelectStatement>().query->term->set_op;
  CHECK(op.distinct_keyword);
  CHECK_FALSE(op.all);
  CHECK(ToSql(One(u)) == "SELECT a FROM t UNION DISTINCT SELECT b FROM u");
  for (const char* bad : {"SELECT SUM(ALL DISTINCT a) FROM t", "SELECT SUM(DISTINCTROW) FROM t",
                          "SELECT a FROM t UNION DISTINCTROW ALL SELECT b FROM u"}) {
    INFO(bad);
    CHECK_FALSE(Parse(bad).ok());
  }
}

TEST_CASE("SQL_TSI_ interval units, backslash-N as NULL, @v := expr as an operand") {
  const ParseResult i = Parse("SELECT a + INTERVAL 3 SQL_TSI_HOUR FROM t");
  const Binary& add = One(i).As<SelectStatement>().query->term->select->items[0].expr->As<Binary>();
  CHECK(add.right->As<Interval>().unit == "SQL_TSI_HOUR");
  CHECK_FALSE(Parse("SELECT a + INTERVAL 3 SQL_TSI_FORTNIGHT FROM t").ok());

  const ParseResult n = Parse("SELECT \\N FROM t WHERE a IS NOT \\N");
  const Select& ns = *One(n).As<SelectStatement>().query->term->select;
  CHECK(ns.items[0].expr->As<Literal>().literal == LiteralKind::kNull);
  CHECK(ns.where->As<Is>().what == IsWhat::kNull);
  CHECK(ns.where->As<Is>().negated);
  CHECK(ToSql(One(n)) == "SELECT NULL FROM t WHERE a IS NOT NULL");
  CHECK_FALSE(Parse("SELECT \\n FROM t").ok());    // only a capital N
  CHECK_FALSE(Parse("SELECT a \\N FROM t").ok());  // not an alias

  const ParseResult v = Parse("SELECT 1 + @sum := 2 + 3 FROM t");
  const Binary& plus =
      One(v).As<SelectStatement>().query->term->select->items[0].expr->As<Binary>();
  CHECK(plus.op == BinaryOp::kAdd);
  const Binary& assign = plus.right->As<Binary>();
  CHECK(assign.op == BinaryOp::kAssign);
  CHECK(assign.left->As<Variable>().text == "@sum");
  CHECK(assign.right->As<Binary>().op == BinaryOp::kAdd);  // := takes all of 2 + 3
  CHECK(ToSql(One(v)) == "SELECT 1 + (@sum := 2 + 3) FROM t");
  CHECK_FALSE(Parse("SELECT 1 + a := 2 FROM t").ok());  // only a user variable
  CHECK_FALSE(Parse("SELECT 1 + @@x := 2 FROM t").ok());
}

TEST_CASE("column types and attributes: ASCII / UNICODE / BYTE, CHAR SET, SERIAL DEFAULT VALUE") {
  const ParseResult r = Parse(
      "CREATE TABLE t (a TEXT ascii, b LONGTEXT BYTE, c VARCHAR(9) CHAR SET latin1, "
      "d INT SERIAL DEFAULT VALUE, e INT STORAGE disk)");
  const auto& s = One(r).As<CreateTableStatement>();
  REQUIRE(s.columns.size() == 5);
  CHECK(s.columns[0].type.charset_shorthand == "ascii");
  CHECK(s.columns[1].type.charset_shorthand == "BYTE");
  CHECK(s.columns[2].type.charset == "latin1");
  CHECK(s.columns[3].serial_default_value);
  CHECK_FALSE(s.columns[3].auto_increment);  // the attribute, not its expansion
  CHECK(s.columns[4].storage_media == "disk");
  CHECK(ToSql(s) ==
        "CREATE TABLE t (a TEXT ASCII, b LONGTEXT BYTE, c VARCHAR(9) CHARACTER SET latin1, "
        "d INT SERIAL DEFAULT VALUE, e INT STORAGE DISK)");
  for (const char* bad :
       {"CREATE TABLE t (a INT SERIAL DEFAULT)", "CREATE TABLE t (a INT SERIAL)",
        "CREATE TABLE t (a INT STORAGE)", "CREATE TABLE t (a TEXT CHAR latin1)"}) {
    INFO(bad);
    CHECK_FALSE(Parse(bad).ok());
  }
}

TEST_CASE("TYPE BTREE is USING BTREE, MariaDB's IF [NOT] EXISTS in ALTER TABLE") {
  const ParseResult r =
      Parse("CREATE TABLE t (a INT, KEY type TYPE HASH (a), PRIMARY KEY (a) TYPE BTREE)");
  const auto& s = One(r).As<CreateTableStatement>();
  REQUIRE(s.indexes.size() == 2);
  CHECK(s.indexes[0].name.Value() == "type");
  CHECK(s.indexes[0].using_type == "HASH");
  CHECK(s.indexes[1].using_type == "BTREE");
  CHECK(ToSql(s) == "CREATE TABLE t (a INT, KEY type USING HASH (a), PRIMARY KEY USING BTREE (a))");
  const ParseResult ci = Parse("CREATE INDEX i TYPE RTREE ON t (g)");
  CHECK(One(ci).As<CreateIndexStatement>().index.using_type == "RTREE");
  CHECK_FALSE(Parse("CREATE INDEX i TYPE ON t (g)").ok());

  const ParseResult a = Parse(
      "ALTER TABLE IF EXISTS t ADD PRIMARY KEY IF NOT EXISTS (a), "
      "ALTER KEY IF EXISTS k NOT IGNORED");
  const auto& alter = One(a).As<AlterTableStatement>();
  CHECK(alter.if_exists);
  REQUIRE(alter.actions.size() == 2);
  CHECK(alter.actions[0].index.type == IndexType::kPrimary);
  CHECK(alter.actions[0].index.if_not_exists);
  CHECK(alter.actions[1].if_exists);
  CHECK(alter.actions[1].name.Value() == "k");
  CHECK(ToSql(alter) ==
        "ALTER TABLE IF EXISTS t ADD PRIMARY KEY IF NOT EXISTS (a), "
        "ALTER KEY IF EXISTS k NOT IGNORED");
  CHECK_FALSE(Parse("ALTER TABLE IF NOT EXISTS t ADD COLUMN a INT").ok());
  CHECK_FALSE(Parse("ALTER TABLE IF t ADD COLUMN a INT").ok());
}

TEST_CASE("names: a word before .name is a name, EMPTY, GROUPS and ROW follow MariaDB") {
  const ParseResult r = Parse("SELECT select.desc, trigger.num FROM db.select AS `trigger`");
  const Select& s = *One(r).As<SelectStatement>().query->term->select;
  REQUIRE(s.items.size() == 2);
  CHECK(s.items[0].expr->As<Column>().name.parts[0].Value() == "select");
  CHECK(s.items[0].expr->As<Column>().name.last().Value() == "desc");
  CHECK(One(Parse("ALTER TABLE default.t ADD COLUMN x INT"))
            .As<AlterTableStatement>()
            .table.parts[0]
            .Value() == "default");
  // Reserved words stay reserved when a space or a quote follows the dot.
  CHECK_FALSE(Parse("SELECT select . desc FROM t").ok());
  CHECK_FALSE(Parse("SELECT trigger FROM t").ok());
  CHECK_FALSE(Parse("SELECT a FROM t WHERE default.`x` = 1 OR default = 1").ok());

  const ParseResult c = Parse("CREATE TABLE t (row INT, empty INT, groups INT)");
  const auto& ct = One(c).As<CreateTableStatement>();
  REQUIRE(ct.columns.size() == 3);
  CHECK(ct.columns[0].name.Value() == "row");
  CHECK(One(Parse("SELECT 1 AS row"))
            .As<SelectStatement>()
            .query->term->select->items[0]
            .alias.Value() == "row");
  // RETURNING is reserved on MariaDB, and ROW(…) is still a row constructor.
  CHECK_FALSE(Parse("ALTER TABLE t ADD returning INT").ok());
  const ParseResult rw = Parse("SELECT ROW(1, 2) = ROW(a, b) FROM t");
  CHECK(One(rw).As<SelectStatement>().query->term->select->items[0].expr->As<Binary>().left->kind ==
        ExprKind::kRow);
}

TEST_CASE("ALTER TABLE: RENAME =, DROP COLUMN … CASCADE, CHAR SET, options without commas") {
  const ParseResult r = Parse("ALTER TABLE t RENAME = db.u");
  const AlterAction& rename = One(r).As<AlterTableStatement>().actions[0];
  CHECK(rename.kind == AlterKind::kRenameTable);
  CHECK(rename.rename_word == "=");
  CHECK(rename.table.parts.size() == 2);
  CHECK(ToSql(One(r)) == "ALTER TABLE t RENAME = db.u");

  const ParseResult d = Parse("ALTER TABLE t DROP COLUMN a cascade");
  const AlterAction& drop = One(d).As<AlterTableStatement>().actions[0];
  CHECK(drop.kind == AlterKind::kDropColumn);
  CHECK(drop.drop_behavior == "cascade");
  CHECK(ToSql(One(d)) == "ALTER TABLE t DROP COLUMN a CASCADE");

  const ParseResult o = Parse("ALTER TABLE t DEFAULT CHARSET=hp8 COLLATE hp8_english_ci");
  const auto& opts = One(o).As<AlterTableStatement>();
  REQUIRE(opts.actions.size() == 2);
  CHECK(opts.actions[0].option.value == "hp8");
  // An option without `=` is a table option too, wherever it stands in the list.
  CHECK(opts.actions[1].kind == AlterKind::kOption);
  CHECK(opts.actions[1].option.name == "COLLATE");
  CHECK(opts.actions[1].option.value == "hp8_english_ci");
  CHECK_FALSE(opts.actions[1].option.equals);
  CHECK(ToSql(One(o)) == "ALTER TABLE t DEFAULT CHARSET=hp8, COLLATE hp8_english_ci");

  const ParseResult cv = Parse("ALTER TABLE t CONVERT TO CHAR SET latin1");
  CHECK(One(cv).As<AlterTableStatement>().actions[0].charset == "latin1");
  const ParseResult set = Parse("SET CHAR SET DEFAULT");
  CHECK(One(set).As<SetStatement>().charset);
  CHECK(One(set).As<SetStatement>().value == "DEFAULT");
  for (const char* bad : {"ALTER TABLE t RENAME = ", "ALTER TABLE t DROP COLUMN a CASCADE RESTRICT",
                          "ALTER TABLE t CONVERT TO CHAR latin1", "SET CHAR utf8"}) {
    INFO(bad);
    CHECK_FALSE(Parse(bad).ok());
  }
}

TEST_CASE("expression corners: CHAR USING BINARY, INTERVAL(…) in INTERVAL, IN ((SELECT …), x)") {
  const ParseResult c = Parse("SELECT CHAR(65 USING binary)");
  const Function& f =
      One(c).As<SelectStatement>().query->term->select->items[0].expr->As<Function>();
  CHECK(f.form == CallForm::kCharUsing);
  CHECK(f.modifier == "binary");

  const ParseResult i = Parse("SELECT DATE_ADD(d, INTERVAL INTERVAL(1, 0, 1) DAY) FROM t");
  const Function& add =
      One(i).As<SelectStatement>().query->term->select->items[0].expr->As<Function>();
  REQUIRE(add.args.size() == 2);
  const Interval& iv = add.args[1]->As<Interval>();
  CHECK(iv.unit == "DAY");
  CHECK(iv.value->As<Function>().args.size() == 3);
  // One value in parentheses is still an interval's value: INTERVAL (1) DAY.
  const ParseResult one = Parse("SELECT d + INTERVAL (1) DAY FROM t");
  CHECK(
      One(one).As<SelectStatement>().query->term->select->items[0].expr->As<Binary>().right->kind ==
      ExprKind::kInterval);

  const ParseResult in = Parse("SELECT a FROM t WHERE a IN ((SELECT b FROM u LIMIT 1), 1)");
  const In& list = One(in).As<SelectStatement>().query->term->select->where->As<In>();
  CHECK(list.subquery == nullptr);
  REQUIRE(list.list.size() == 2);
  CHECK(list.list[0]->kind == ExprKind::kSubquery);
  const ParseResult sub =
      Parse("SELECT a FROM t WHERE a IN ((SELECT b FROM u) UNION (SELECT c FROM v))");
  CHECK(One(sub).As<SelectStatement>().query->term->select->where->As<In>().subquery != nullptr);
}

TEST_CASE("DDL corners: qualified column names, CREATE TABLE without columns, long versions") {
  const ParseResult r = Parse("CREATE TABLE db.t (t.a INT, .b INT, db.t.c INT)");
  const auto& s = One(r).As<CreateTableStatement>();
  REQUIRE(s.columns.size() == 3);
  CHECK(s.columns[0].name.Value() == "a");
  CHECK(s.columns[1].name.Value() == "b");
  CHECK(s.columns[2].name.Value() == "c");
  CHECK(ToSql(s) == "CREATE TABLE db.t (a INT, b INT, c INT)");
  const ParseResult ins = Parse("INSERT INTO t (.t.a, .b) VALUES (1, 2)");
  const auto& i = One(ins).As<InsertStatement>();
  REQUIRE(i.columns.size() == 2);
  CHECK(i.columns[0].Value() == "a");
  CHECK_FALSE(Parse("CREATE TABLE t (..a INT)").ok());
  CHECK_FALSE(Parse("INSERT INTO t (.) VALUES (1)").ok());

  const ParseResult bare = Parse("CREATE TABLE t");
  const auto& b = One(bare).As<CreateTableStatement>();
  CHECK_FALSE(b.has_elements);
  CHECK(b.columns.empty());
  CHECK(ToSql(b) == "CREATE TABLE t");

  // Six digits from 20.0 up name no server: the comment is no SQL, as on MariaDB.
  const ParseResult v = Parse("SELECT /*!401011 FROM*/ t");
  const Select& vs = *One(v).As<SelectStatement>().query->term->select;
  CHECK(vs.from.empty());
  REQUIRE(vs.items.size() == 1);
  CHECK(vs.items[0].expr->kind == ExprKind::kColumn);
  CHECK(One(Parse("SELECT 1 /*!50001 FROM t*/"))
            .As<SelectStatement>()
            .query->term->select->from.size() == 1);
}

}  // namespace
}  // namespace qadvisor::parser
