// Live tests of connectors/datagen: the bundled example schema created on MariaDB (its MySQL 8
// collations rewritten), filled with generated rows that respect its keys and a statistics
// file, and planned as the statistics say; then a table of every column type the generator
// writes, whose distinct values are counted against the plan.
#include "connectors/datagen.h"

#include <fmt/format.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "analyzer/catalog.h"
#include "connectors/explain.h"
#include "connectors/session.h"
#include "parser/parser.h"
#include "tests/live/live_server.h"

namespace {

using namespace qadvisor;

constexpr std::string_view kShop = "qadvisor_datagen_shop";  // not `shop`: other tests' name
constexpr std::string_view kTypes = "qadvisor_datagen_types";

using live::Connect;

// The seed values of SQL literals, as the workload's AST has them (connectors::SeedOf).
std::vector<connectors::SeedValue> Seeds(std::initializer_list<std::string_view> literals) {
  std::vector<connectors::SeedValue> out;
  for (std::string_view sql : literals) {
    const parser::ParseResult r = parser::Parse("SELECT " + std::string(sql));
    REQUIRE(r.ok());
    const parser::ast::Expr* e =
        r.statements()[0]->As<parser::ast::SelectStatement>().query->term->select->items[0].expr;
    REQUIRE(e->kind == parser::ast::ExprKind::kLiteral);
    out.push_back(connectors::SeedOf(e->As<parser::ast::Literal>()));
  }
  return out;
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  REQUIRE(in.good());
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string ReplaceAll(std::string text, std::string_view from, std::string_view to) {
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
  return text;
}

uint64_t Number(connectors::Session& s, const std::string& sql) {
  auto rows = s.Query(sql);
  INFO(sql << (rows.ok() ? "" : ": " + rows.status().message()));
  REQUIRE(rows.ok());
  REQUIRE(rows->values.size() == 1);
  return std::stoull(rows->values[0][0]);
}

const connectors::TableLoad& Find(const std::vector<connectors::TableLoad>& loads,
                                  std::string_view table) {
  for (const connectors::TableLoad& l : loads) {
    if (l.table == table) return l;
  }
  FAIL("no load for " << table);
  throw;
}

// Loads `loads`, printing the rate (CI keeps the log; no timed assertion).
void Load(connectors::Session& s, const std::vector<connectors::TableLoad>& loads,
          std::string_view what) {
  uint64_t rows = 0;
  for (const connectors::TableLoad& l : loads) rows += l.rows;
  uint64_t reported = 0;
  const auto start = std::chrono::steady_clock::now();
  const Status status =
      connectors::LoadRows(s, loads, [&](std::string_view, uint64_t done, uint64_t total) {
        CHECK(done <= total);
        ++reported;
      });
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  INFO(status.message());
  REQUIRE(status.ok());
  CHECK(reported > 0);
  std::printf("datagen (%.*s): %llu rows in %.2f s, %.0f rows/s (ANALYZE included)\n",
              static_cast<int>(what.size()), what.data(), static_cast<unsigned long long>(rows),
              seconds, rows / seconds);
}

}  // namespace

TEST_CASE("live: datagen fills the example schema", "[live][datagen]") {
  auto session = Connect();
  connectors::Session& s = *session;
  REQUIRE(s.Execute(fmt::format("DROP DATABASE IF EXISTS {}", kShop)).ok());
  const std::string schema =
      ReplaceAll(ReadFile(std::string(QADVISOR_SOURCE_DIR) + "/examples/schema.sql"), "`shop`",
                 fmt::format("`{}`", kShop));

  std::vector<std::string> notes;
  const Status created = connectors::CreateSchema(s, {{"schema.sql", schema}}, &notes);
  INFO(created.message());
  REQUIRE(created.ok());
  // The dump's MySQL 8 collation, replaced once with a note saying where it was first met.
  REQUIRE(notes.size() == 1);
  CHECK(notes[0].find("utf8mb4_0900_ai_ci (first at schema.sql:4)") != std::string::npos);
  CHECK(Number(s, fmt::format("SELECT COUNT(*) FROM information_schema.TABLES WHERE "
                              "TABLE_SCHEMA = '{}' AND TABLE_COLLATION LIKE '%0900%'",
                              kShop)) == 0);
  CHECK(Number(s, fmt::format("SELECT COUNT(*) FROM information_schema.TABLES WHERE "
                              "TABLE_SCHEMA = '{}'",
                              kShop)) == 7);

  analyzer::Catalog catalog;
  catalog.Apply(parser::Parse(schema), "schema.sql");
  REQUIRE(catalog.issues().empty());
  // orders, the biggest table, takes default_rows; the others are smaller, as statistics say.
  const std::string stats = fmt::format(R"json({{"tables": [
      {{"database": "{0}", "table": "customers", "rows": 20000, "columns": {{"country": 40}}}},
      {{"database": "{0}", "table": "orders",
        "columns": {{"status": 6, "customer_id": 15000, "total": 3000}}}},
      {{"database": "{0}", "table": "products", "rows": 5000}},
      {{"database": "{0}", "table": "order_items", "rows": 60000}},
      {{"database": "{0}", "table": "sessions", "rows": 20000}},
      {{"database": "{0}", "table": "coupons", "rows": 500}},
      {{"database": "{0}", "table": "cart_items", "rows": 10000}}]}})json",
                                        kShop);
  auto issues = analyzer::LoadStats(catalog, stats, "stats.json");
  REQUIRE(issues.ok());
  REQUIRE(issues->empty());
  connectors::GenerateOptions options;
  options.default_rows = 200000;
  const std::string orders_key = fmt::format("{}.orders", kShop);
  options.seed_values[orders_key + ".status"] = Seeds({"'shipped'", "'cancelled'"});
  options.seed_values[fmt::format("{}.customers.email", kShop)] = Seeds({"'ann@example.com'"});
  auto planned = connectors::PlanLoad(catalog, options);
  REQUIRE(planned.ok());
  const std::vector<connectors::TableLoad>& loads = *planned;
  for (const connectors::TableLoad& l : loads) {
    INFO(l.table);
    CHECK(l.notes.empty());
  }
  Load(s, loads, "example schema");

  const std::string db = std::string(kShop);
  // Row counts as planned.
  for (const connectors::TableLoad& l : loads) {
    CHECK(Number(s, "SELECT COUNT(*) FROM " + l.quoted_name) == l.rows);
  }
  CHECK(Find(loads, orders_key).rows == 200000);
  CHECK(Find(loads, db + ".customers").rows == 20000);
  // Unique keys hold (the load would have failed otherwise; checked anyway).
  CHECK(Number(s, "SELECT COUNT(DISTINCT email) FROM " + db + ".customers") == 20000);
  CHECK(Number(s, "SELECT COUNT(DISTINCT order_id, product_id) FROM " + db + ".order_items") ==
        60000);
  // Distinct statistics: exactly that many values.
  CHECK(Number(s, "SELECT COUNT(DISTINCT status) FROM " + db + ".orders") == 6);
  CHECK(Number(s, "SELECT COUNT(DISTINCT customer_id) FROM " + db + ".orders") == 15000);
  CHECK(Number(s, "SELECT COUNT(DISTINCT total) FROM " + db + ".orders") == 3000);
  CHECK(Number(s, "SELECT COUNT(DISTINCT country) FROM " + db + ".customers") == 40);
  // Every value of the domain equally often: 200000 / 6.
  const uint64_t shipped =
      Number(s, "SELECT COUNT(*) FROM " + db + ".orders WHERE status = 'shipped'");
  CHECK(shipped >= 33333);
  CHECK(shipped <= 33334);
  CHECK(Number(s, "SELECT COUNT(*) FROM " + db + ".customers WHERE email = 'ann@example.com'") ==
        1);
  // References hit loaded rows, declared (orders → customers) or by name (order_items.order_id).
  CHECK(Number(s, "SELECT COUNT(*) FROM " + db + ".orders o JOIN " + db +
                      ".customers c ON c.id = o.customer_id") == 200000);
  CHECK(Number(s, "SELECT COUNT(*) FROM " + db + ".order_items i JOIN " + db +
                      ".orders o ON o.id = i.order_id JOIN " + db +
                      ".products p ON p.id = i.product_id") == 60000);
  CHECK(Number(s, "SELECT COUNT(*) FROM " + db + ".cart_items i JOIN " + db +
                      ".sessions x ON x.id = i.session_id") == 10000);
  // Nullable columns: about 5% NULL.
  const uint64_t nulls = Number(s, "SELECT COUNT(*) FROM " + db + ".orders WHERE notes IS NULL");
  CHECK(nulls > 200000 / 25);
  CHECK(nulls < 200000 / 15);

  // The optimizer sees realistic tables: a scan where there is no index, a ref lookup where
  // there is one.
  auto plan = [&](const std::string& sql) {
    auto rows = s.Query("EXPLAIN FORMAT=JSON " + sql);
    REQUIRE(rows.ok());
    REQUIRE(rows->values.size() == 1);
    auto read = connectors::ReadExplainJson(rows->values[0][0]);
    REQUIRE(read.ok());
    REQUIRE(read->tables.size() == 1);
    return read->tables[0];
  };
  const connectors::PlanTable scan = plan("SELECT * FROM " + db + ".orders WHERE total = 13.70");
  CHECK(scan.access_type == "ALL");
  CHECK(scan.rows > 150000);
  const connectors::PlanTable ref =
      plan("SELECT * FROM " + db + ".orders WHERE customer_id = 42 AND status = 'shipped'");
  CHECK(ref.access_type == "ref");
  CHECK(ref.rows < 100);

  REQUIRE(s.Execute("DROP DATABASE " + db).ok());
}

TEST_CASE("live: datagen writes every column type the server accepts", "[live][datagen]") {
  auto session = Connect();
  connectors::Session& s = *session;
  REQUIRE(s.Execute(fmt::format("DROP DATABASE IF EXISTS {}", kTypes)).ok());
  const std::string ddl = fmt::format(R"sql(
    CREATE DATABASE {0} DEFAULT CHARSET utf8mb4 COLLATE utf8mb4_0900_as_cs;
    USE {0};
    CREATE TABLE parent (a INT NOT NULL, b VARCHAR(12) NOT NULL, PRIMARY KEY (a, b));
    CREATE TABLE everything (
      id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
      t TINYINT NOT NULL, tu TINYINT UNSIGNED NOT NULL, flag TINYINT(1) NOT NULL,
      is_ok BOOL NOT NULL, sm SMALLINT NOT NULL, md MEDIUMINT UNSIGNED NOT NULL,
      big BIGINT NOT NULL,
      d1 DECIMAL(5,2) NOT NULL, d2 DECIMAL(20,6) NOT NULL, d0 DECIMAL(4,0) NOT NULL,
      f FLOAT NOT NULL, db DOUBLE NOT NULL, fm FLOAT(7,3) NOT NULL,
      b1 BIT(1) NOT NULL, b12 BIT(12) NOT NULL,
      ch CHAR(2) NOT NULL, vc VARCHAR(3) NOT NULL, tx TEXT NOT NULL, tt TINYTEXT,
      bn BINARY(4) NOT NULL, vb VARBINARY(8) NOT NULL, bl BLOB,
      dt DATE NOT NULL, dtm DATETIME(6) NOT NULL, ts TIMESTAMP NOT NULL, tm TIME NOT NULL,
      yr YEAR NOT NULL,
      en ENUM('a','b','c') NOT NULL, st SET('x','y','z') NOT NULL,
      js JSON, pt POINT NOT NULL, geo GEOMETRY, ls LINESTRING, pg POLYGON,
      uu UUID NOT NULL, i6 INET6 NOT NULL, i4 INET4,
      pa INT NOT NULL, pb VARCHAR(12) NOT NULL,
      v INT AS (t + sm) VIRTUAL, s INT AS (sm * 2) STORED,
      ci VARCHAR(40) COLLATE utf8mb4_0900_ai_ci NOT NULL,
      UNIQUE KEY (vc), UNIQUE KEY (vb), UNIQUE KEY (dt), UNIQUE KEY (ts), UNIQUE KEY (tx(6)),
      UNIQUE KEY (en, sm), UNIQUE KEY (ci(5)), SPATIAL KEY (pt), KEY (s),
      FOREIGN KEY (pa, pb) REFERENCES parent (a, b)
    );
    INSERT INTO everything (id) VALUES (1);
    CREATE VIEW v AS SELECT id FROM everything;
  )sql",
                                      kTypes);
  std::vector<std::string> notes;
  const Status created = connectors::CreateSchema(s, {{"types.sql", ddl}}, &notes);
  INFO(created.message());
  REQUIRE(created.ok());
  std::string all;
  for (const std::string& n : notes) all += n + "\n";
  INFO(all);
  CHECK(all.find("collation utf8mb4_0900_as_cs (first at types.sql:2)") != std::string::npos);
  CHECK(all.find("utf8mb4_0900_ai_ci (first at types.sql:5)") != std::string::npos);
  CHECK(all.find("types.sql:28: skipped `CREATE VIEW v") != std::string::npos);
  CHECK(all.find("types.sql: 1 data statement(s)") != std::string::npos);

  analyzer::Catalog catalog({.flavor = analyzer::Flavor::kMariaDB});
  catalog.Apply(parser::Parse(ddl), "types.sql");
  REQUIRE(catalog.issues().empty());
  const std::string stats = fmt::format(R"json({{"tables": [
      {{"database": "{0}", "table": "parent", "rows": 3000}},
      {{"database": "{0}", "table": "everything", "rows": 30000}}]}})json",
                                        kTypes);
  REQUIRE(analyzer::LoadStats(catalog, stats, "stats.json").ok());
  connectors::GenerateOptions options;
  options.batch = 7000;
  const std::string key = fmt::format("{}.everything.", kTypes);
  options.seed_values[key + "dtm"] = Seeds({"'2024-05-01 10:00:00'"});
  options.seed_values[key + "ts"] = Seeds({"'1999-01-01 00:00:00'"});
  options.seed_values[key + "tm"] = Seeds({"'12:30:01'"});  // odd: not one of the generated
  options.seed_values[key + "bn"] = Seeds({"X'00ff00ff'"});
  options.seed_values[key + "d2"] = {
      connectors::SeedValue{"-12.5", parser::ast::LiteralKind::kNumber,
                            "-12.5"}};  // -12.5 is unary minus on 12.5 in the AST
  auto planned = connectors::PlanLoad(catalog, options);
  REQUIRE(planned.ok());
  const connectors::TableLoad& everything = Find(*planned, key.substr(0, key.size() - 1));
  // 30 000 rows fit every unique key (VARCHAR(3) holds 36^3 values; a DATE goes back to 1942),
  // in batches of 7 000.
  CHECK(everything.rows == 30000);
  CHECK(everything.statements.size() == 5);
  for (const std::string& n : everything.notes) WARN(n);
  Load(s, *planned, "every type");

  CHECK(Number(s, fmt::format("SELECT COUNT(*) FROM {}.everything", kTypes)) == 30000);
  CHECK(Number(s, fmt::format("SELECT COUNT(*) FROM {}.everything WHERE ts = '1999-01-01'",
                              kTypes)) == 1);
  CHECK(Number(s, fmt::format("SELECT COUNT(*) FROM {}.everything e JOIN {}.parent p ON "
                              "p.a = e.pa AND p.b = e.pb",
                              kTypes, kTypes)) == 30000);
  // The distinct values the plan promises are the values the server holds, for every column
  // that has no NULLs (spatial values compared as text).
  for (const connectors::ColumnLoad& c : everything.columns) {
    const analyzer::Column* column = catalog.FindTable(kTypes, "everything")->FindColumn(c.column);
    REQUIRE(column != nullptr);
    if (column->nullable) continue;
    const std::string value = column->family == analyzer::TypeFamily::kSpatial
                                  ? fmt::format("ST_AsText(`{}`)", c.column)
                                  : fmt::format("`{}`", c.column);
    INFO(c.column << " = " << c.expression);
    CHECK(Number(s, fmt::format("SELECT COUNT(DISTINCT {}) FROM {}.everything", value, kTypes)) ==
          c.distinct);
    if (c.max_chars > 0) {
      CHECK(Number(s, fmt::format("SELECT MAX(CHAR_LENGTH(`{}`)) FROM {}.everything", c.column,
                                  kTypes)) <= c.max_chars);
    }
  }
  REQUIRE(s.Execute(fmt::format("DROP DATABASE {}", kTypes)).ok());
}

TEST_CASE("live: a statement the sandbox refuses is noted with its file and line",
          "[live][datagen]") {
  auto session = Connect();
  connectors::Session& s = *session;
  const std::string db = "qadvisor_datagen_errors";
  REQUIRE(s.Execute("DROP DATABASE IF EXISTS " + db).ok());
  std::vector<std::string> notes;
  const Status status =
      connectors::CreateSchema(s,
                               {{"a.sql", "CREATE DATABASE " + db + ";\nUSE " + db + ";\n"},
                                {"b.sql",
                                 "-- a comment\nCREATE TABLE ok (id INT PRIMARY KEY);\n\n"
                                 "CREATE TABLE bad (id INT PRIMARY KEY, FULLTEXT KEY (id));\n"
                                 "CREATE TABLE old (id INT PRIMARY KEY, at DATETIME NOT NULL "
                                 "DEFAULT '0000-00-00 00:00:00') ENGINE=TokuDB;\n"
                                 "CREATE TABLE after_it (id INT PRIMARY KEY);"}},
                               &notes);
  // The refused table is noted and the load goes on.
  REQUIRE(status.ok());
  const auto noted = [&](std::string_view text) {
    return std::any_of(notes.begin(), notes.end(),
                       [&](const std::string& n) { return n.find(text) != std::string::npos; });
  };
  CHECK(noted("b.sql:4: the sandbox refused `CREATE TABLE bad"));
  CHECK(noted("FULLTEXT"));
  // An engine this server lacks becomes its default one, and an old dump's zero date passes.
  CHECK(noted("b.sql:5: "));
  for (const char* table : {"ok", "old", "after_it"}) {
    INFO(table);
    CHECK(Number(s, "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = '" + db +
                        "' AND TABLE_NAME = '" + table + "'") == 1);
  }
  // The session's settings are restored.
  CHECK(Number(s, "SELECT @@SESSION.foreign_key_checks") == 1);
  CHECK(Number(s, "SELECT @@SESSION.sql_mode = @@GLOBAL.sql_mode") == 1);
  REQUIRE(s.Execute("DROP DATABASE " + db).ok());
}

TEST_CASE("live: datagen puts tables of no database in `qadvisor`", "[live][datagen]") {
  auto session = Connect();
  connectors::Session& s = *session;
  const std::string table = "qadvisor_datagen_nodb";
  std::vector<std::string> notes;
  const Status status = connectors::CreateSchema(
      s,
      {{"c.sql", "DROP TABLE IF EXISTS " + table + ";\nCREATE TABLE " + table +
                     " (id INT PRIMARY KEY) COLLATE utf8mb4_0900_ai_ci;"}},
      &notes);
  INFO(status.message());
  REQUIRE(status.ok());
  REQUIRE(notes.size() == 2);
  CHECK(notes[0] ==
        "c.sql:1: a table statement names no database and no USE came before: created database "
        "`qadvisor` and using it");
  CHECK(notes[1].starts_with("collation utf8mb4_0900_ai_ci (first at c.sql:2)"));
  CHECK(Number(s, "SELECT COUNT(*) FROM qadvisor." + table) == 0);
  REQUIRE(s.Execute("DROP TABLE qadvisor." + table).ok());
  // The database is shared with whoever else uses it: dropped only when left empty.
  if (Number(s,
             "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = "
             "'qadvisor'") == 0) {
    REQUIRE(s.Execute("DROP DATABASE qadvisor").ok());
  }
}

TEST_CASE("live: a table the server refuses rows for is emptied, noted, and the load goes on",
          "[live][datagen]") {
  auto session = Connect();
  connectors::Session& s = *session;
  const std::string db = "qadvisor_datagen_refused";
  REQUIRE(s.Execute("DROP DATABASE IF EXISTS " + db).ok());
  // A generated column reads `doc` as JSON, but `doc` is plain text: generated text is not JSON.
  const std::string ddl = "CREATE DATABASE " + db + ";\nUSE " + db +
                          ";\n"
                          "CREATE TABLE bad (id INT PRIMARY KEY, doc TEXT NOT NULL, region "
                          "VARCHAR(16) AS (JSON_UNQUOTE(JSON_EXTRACT(doc, '$.r'))) VIRTUAL, "
                          "KEY (region));\n"
                          "CREATE TABLE good (id INT PRIMARY KEY, v INT NOT NULL);\n";
  std::vector<std::string> notes;
  REQUIRE(connectors::CreateSchema(s, {{"r.sql", ddl}}, &notes).ok());
  analyzer::Catalog catalog({.flavor = analyzer::Flavor::kMariaDB});
  catalog.Apply(parser::Parse(ddl), "r.sql");
  connectors::GenerateOptions options;
  options.default_rows = 500;
  auto planned = connectors::PlanLoad(catalog, options);
  REQUIRE(planned.ok());

  // Without a list of failures, the first one ends the load, naming the table.
  Status status = connectors::LoadRows(s, *planned, {});
  CHECK(status.message().find("loading " + db + ".bad") != std::string::npos);
  REQUIRE(s.Execute("DELETE FROM " + db + ".bad").ok());

  std::vector<connectors::FailedLoad> failed;
  status = connectors::LoadRows(s, *planned, {}, &failed);
  INFO(status.message());
  REQUIRE(status.ok());
  REQUIRE(failed.size() == 1);
  CHECK(failed[0].table == db + ".bad");
  CHECK(failed[0].why.find("JSON") != std::string::npos);
  CHECK(Number(s, "SELECT COUNT(*) FROM " + db + ".bad") == 0);
  CHECK(Number(s, "SELECT COUNT(*) FROM " + db + ".good") == 500);
  // The session's settings are restored after a failure too.
  CHECK(Number(s, "SELECT @@foreign_key_checks") == 1);
  REQUIRE(s.Execute("DROP DATABASE " + db).ok());
}

TEST_CASE("live: generated dates move to cover the latest date the workload names",
          "[live][datagen]") {
  auto session = Connect();
  connectors::Session& s = *session;
  const std::string db = "qadvisor_datagen_dates";
  REQUIRE(s.Execute("DROP DATABASE IF EXISTS " + db).ok());
  const std::string ddl = "CREATE DATABASE " + db + ";\nUSE " + db +
                          ";\nCREATE TABLE ev (id INT PRIMARY KEY, at DATETIME NOT NULL, day DATE "
                          "NOT NULL, ts TIMESTAMP NOT NULL, old DATE NOT NULL, now DATE NOT NULL,"
                          " KEY (at));\n";
  REQUIRE(connectors::CreateSchema(s, {{"d.sql", ddl}}, nullptr).ok());
  analyzer::Catalog catalog({.flavor = analyzer::Flavor::kMariaDB});
  catalog.Apply(parser::Parse(ddl), "d.sql");
  connectors::GenerateOptions options;
  options.default_rows = 5000;
  const std::string key = db + ".ev.";
  options.latest_dates = {{key + "at", "2026-06-15"},
                          {key + "day", "2026-06-15"},
                          {key + "ts", "2045-01-01"},  // past TIMESTAMP's end: as late as it goes
                          {key + "old", "2010-03-01"},
                          {key + "now", "2023-05-01"}};  // within the usual years: unmoved
  options.seed_values[key + "at"] = Seeds({"'2026-06-15 10:00:00'"});
  auto planned = connectors::PlanLoad(catalog, options);
  REQUIRE(planned.ok());
  REQUIRE(connectors::LoadRows(s, *planned, {}).ok());
  const auto date = [&](const std::string& sql) {
    auto rows = s.Query("SELECT " + sql + " FROM " + db + ".ev");
    REQUIRE(rows.ok());
    return rows->values.at(0).at(0);
  };
  // Three years ending a month after the latest date, the seed among them.
  CHECK(date("MAX(at)") >= "2026-06-15");
  CHECK(date("MAX(at)") < "2026-07-17");
  CHECK(date("MIN(at)") < "2023-07-20");
  CHECK(date("MAX(day)") >= "2026-06-15");
  CHECK(date("MAX(day)") < "2026-07-17");
  CHECK(date("COUNT(*)") == "5000");
  CHECK(date("SUM(at = '2026-06-15 10:00:00')") != "0");
  CHECK(date("SUM(at >= '2026-06-01')") != "0");
  CHECK(date("MAX(ts)") < "2038-01-19");
  CHECK(date("MAX(ts)") >= "2037-01-01");
  CHECK(date("MAX(old)") >= "2010-03-01");
  CHECK(date("MAX(old)") < "2010-04-02");
  CHECK(date("MIN(now)") >= "2022-01-01");
  CHECK(date("MAX(now)") < "2025-01-01");
  REQUIRE(s.Execute("DROP DATABASE " + db).ok());
}
