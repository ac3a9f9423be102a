// PlanLoad without a server: load order, batches, row counts from statistics, generated columns
// left out, string lengths within the columns, seed values, quoting; and the MySQL 8 collation
// rewrite. tests/live/datagen_test.cpp runs the statements on a real MariaDB.
#include "connectors/datagen.h"

#include <catch2/catch.hpp>

#include "parser/parser.h"

namespace {

using namespace qadvisor;
using connectors::GenerateOptions;
using connectors::PlanLoad;
using connectors::TableLoad;

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

analyzer::Catalog CatalogOf(std::string_view ddl, std::string_view stats = {}) {
  analyzer::Catalog catalog;
  catalog.Apply(parser::Parse(ddl), "x.sql");
  REQUIRE(catalog.issues().empty());
  if (!stats.empty()) {
    auto issues = analyzer::LoadStats(catalog, stats, "stats.json");
    REQUIRE(issues.ok());
    REQUIRE(issues->empty());
  }
  return catalog;
}

std::vector<TableLoad> Plan(const analyzer::Catalog& catalog, const GenerateOptions& options = {}) {
  auto loads = PlanLoad(catalog, options);
  REQUIRE(loads.ok());
  return std::move(loads).value();
}

std::vector<std::string> Names(const std::vector<TableLoad>& loads) {
  std::vector<std::string> names;
  for (const TableLoad& l : loads) names.push_back(l.table);
  return names;
}

const TableLoad& Find(const std::vector<TableLoad>& loads, std::string_view table) {
  for (const TableLoad& l : loads) {
    if (l.table == table) return l;
  }
  FAIL("no load for " << table);
  throw;
}

const connectors::ColumnLoad& Column(const TableLoad& load, std::string_view column) {
  for (const connectors::ColumnLoad& c : load.columns) {
    if (c.column == column) return c;
  }
  FAIL("no column " << column << " in " << load.table);
  throw;
}

bool Has(std::string_view text, std::string_view part) {
  return text.find(part) != std::string_view::npos;
}

}  // namespace

TEST_CASE("datagen: referenced tables load before the tables that reference them", "[datagen]") {
  const auto catalog = CatalogOf(R"sql(
    CREATE DATABASE shop; USE shop;
    CREATE TABLE items (order_id INT NOT NULL, product_id INT NOT NULL,
      PRIMARY KEY (order_id, product_id),
      FOREIGN KEY (order_id) REFERENCES orders (id),
      FOREIGN KEY (product_id) REFERENCES products (id));
    CREATE TABLE orders (id INT AUTO_INCREMENT PRIMARY KEY, customer_id INT NOT NULL,
      FOREIGN KEY (customer_id) REFERENCES customers (id));
    CREATE TABLE products (id INT AUTO_INCREMENT PRIMARY KEY);
    CREATE TABLE customers (id INT AUTO_INCREMENT PRIMARY KEY,
      referrer_id INT NULL, FOREIGN KEY (referrer_id) REFERENCES customers (id));
  )sql");
  const auto loads = Plan(catalog);
  CHECK(Names(loads) ==
        std::vector<std::string>{"shop.products", "shop.customers", "shop.orders", "shop.items"});
  // A reference draws a row of the referenced table and takes its key's expression there: the
  // referenced key is 1..rows, so the reference is 1 + a draw in [0, rows).
  const auto& orders = Find(loads, "shop.orders");
  CHECK(Has(Column(orders, "customer_id").expression, ", 200000)"));
  CHECK(Column(orders, "customer_id").distinct == 200000);
  // A self reference is fine, and a nullable column is NULL in some rows.
  CHECK(Has(Column(Find(loads, "shop.customers"), "referrer_id").expression, "NULL"));
  CHECK_FALSE(Has(Column(Find(loads, "shop.customers"), "id").expression, "NULL"));
}

TEST_CASE("datagen: <table>_id columns reference that table's ids", "[datagen]") {
  const auto catalog = CatalogOf(
      "CREATE TABLE s.order_items (order_id INT UNSIGNED NOT NULL, product_id INT NOT NULL, "
      "category_id SMALLINT NOT NULL, PRIMARY KEY (order_id, product_id));"
      "CREATE TABLE s.orders (id INT UNSIGNED AUTO_INCREMENT PRIMARY KEY);"
      "CREATE TABLE s.products (id INT AUTO_INCREMENT PRIMARY KEY);"
      "CREATE TABLE s.categories (id INT AUTO_INCREMENT PRIMARY KEY);",
      R"json({"tables": [{"database": "s", "table": "order_items", "rows": 5000},
                         {"database": "s", "table": "orders", "rows": 1000},
                         {"database": "s", "table": "products", "rows": 50},
                         {"database": "s", "table": "categories", "rows": 100000}]})json");
  const auto loads = Plan(catalog);
  // Catalog order, but each table after the tables it references.
  CHECK(Names(loads) ==
        std::vector<std::string>{"s.orders", "s.products", "s.order_items", "s.categories"});
  const TableLoad& items = Find(loads, "s.order_items");
  CHECK(items.rows == 5000);
  CHECK(items.notes.empty());
  // 500 orders of 10 items each (a tenth of the rows, within the 1000 orders); the products of
  // an order are distinct and among the 50 products.
  CHECK(Column(items, "order_id").distinct == 500);
  CHECK(Column(items, "product_id").distinct == 50);
  // A SMALLINT cannot hold 100 000 category ids: not a reference, a plain *_id column.
  CHECK(Column(items, "category_id").distinct == 500);
}

TEST_CASE("datagen: rows from statistics, capped, batched", "[datagen]") {
  const auto catalog = CatalogOf(
      "CREATE TABLE s.a (id INT PRIMARY KEY, status VARCHAR(16) NOT NULL, n INT NOT NULL);"
      "CREATE TABLE s.b (id BIGINT PRIMARY KEY);"
      "CREATE TABLE s.c (id BIGINT PRIMARY KEY);",
      R"json({"tables": [{"database": "s", "table": "a", "rows": 250,
                          "columns": {"status": 6, "n": 1000}},
                         {"database": "s", "table": "b", "rows": 10000000}]})json");
  GenerateOptions options;
  options.batch = 100;
  options.default_rows = 1000;
  options.max_rows = 5000;
  const auto loads = Plan(catalog, options);
  const auto& a = Find(loads, "s.a");
  CHECK(a.rows == 250);
  CHECK(a.quoted_name == "`s`.`a`");
  REQUIRE(a.statements.size() == 3);
  CHECK(a.statements[0].starts_with("INSERT INTO `s`.`a` (`id`, `status`, `n`) SELECT "));
  CHECK(a.statements[0].ends_with(" FROM `s`.`seq_1_to_100`"));
  CHECK(a.statements[1].ends_with(" FROM `s`.`seq_101_to_200`"));
  CHECK(a.statements[2].ends_with(" FROM `s`.`seq_201_to_250`"));
  // The statistic is the domain: 6 statuses; more values than rows is capped by the rows.
  CHECK(Column(a, "status").distinct == 6);
  CHECK(Has(Column(a, "status").expression, ", 6)"));
  CHECK(Column(a, "n").distinct == 250);
  CHECK(Column(a, "id").distinct == 250);
  CHECK(Find(loads, "s.b").rows == 5000);  // max_rows
  CHECK(Find(loads, "s.c").rows == 1000);  // default_rows
  CHECK(Find(loads, "s.c").statements.size() == 10);

  options.batch = 0;
  CHECK(PlanLoad(catalog, options).status().code() == StatusCode::kInvalidArgument);
}

TEST_CASE("datagen: generated columns are not inserted", "[datagen]") {
  const auto catalog = CatalogOf(
      "CREATE TABLE g.t (id INT PRIMARY KEY, price DECIMAL(10,2) NOT NULL, "
      "qty INT NOT NULL, total DECIMAL(12,2) AS (price * qty) STORED, "
      "KEY (total));");
  const auto loads = Plan(catalog);
  REQUIRE(loads.size() == 1);
  CHECK(loads[0].columns.size() == 3);
  CHECK_FALSE(Has(loads[0].statements[0], "`total`"));
  CHECK(Has(loads[0].statements[0], "(`id`, `price`, `qty`)"));
}

TEST_CASE("datagen: strings never longer than their columns, and unique where keyed", "[datagen]") {
  const auto catalog = CatalogOf(
      "CREATE TABLE w.t (id INT PRIMARY KEY, code CHAR(2) NOT NULL, short_key VARCHAR(4) NOT NULL,"
      " email VARCHAR(190) NOT NULL, body TEXT, tiny TINYTEXT, bin VARBINARY(3) NOT NULL,"
      " prefixed VARCHAR(100) NOT NULL, UNIQUE KEY (short_key), UNIQUE KEY (email),"
      " UNIQUE KEY (prefixed(6)));");
  GenerateOptions options;
  options.default_rows = 500000;
  const auto loads = Plan(catalog, options);
  REQUIRE(loads.size() == 1);
  const TableLoad& t = loads[0];
  CHECK(t.rows == 500000);
  CHECK(t.notes.empty());
  for (const auto& [name, limit] :
       std::vector<std::pair<std::string, uint32_t>>{{"code", 2},
                                                     {"short_key", 4},
                                                     {"email", 190},
                                                     {"body", 65535},
                                                     {"tiny", 255},
                                                     {"bin", 3},
                                                     {"prefixed", 100}}) {
    INFO(name);
    CHECK(Column(t, name).max_chars > 0);
    CHECK(Column(t, name).max_chars <= limit);
  }
  // 500 000 distinct values in four characters: base 36, padded to a fixed width.
  CHECK(Column(t, "short_key").distinct == 500000);
  CHECK(Has(Column(t, "short_key").expression, "CONV("));
  // Unique within the first six characters of the prefix key, then padded.
  CHECK(Has(Column(t, "prefixed").expression, "LPAD((seq - 1), 6, '0')"));
  CHECK(Column(t, "prefixed").max_chars > 6);
  // VARBINARY(3) holds 36^3 values at most; the domain is capped at what fits.
  CHECK(Column(t, "bin").distinct == 46656);
}

TEST_CASE("datagen: a unique key the generator cannot fill caps the rows", "[datagen]") {
  auto loads = Plan(CatalogOf("CREATE TABLE k.t (id TINYINT UNSIGNED PRIMARY KEY);"));
  REQUIRE(loads.size() == 1);
  CHECK(loads[0].rows == 256);
  REQUIRE(loads[0].notes.size() == 1);
  CHECK(Has(loads[0].notes[0], "256 rows instead of 200000"));

  // (a, b): a groups the rows, b is distinct within each group; 256 × 3 combinations.
  loads = Plan(CatalogOf(
      "CREATE TABLE k.u (id INT PRIMARY KEY, a TINYINT NOT NULL, b ENUM('x','y','z') NOT NULL, "
      "c INT NOT NULL, UNIQUE KEY (a, b), UNIQUE KEY (b, a), UNIQUE KEY (c, a));"));
  REQUIRE(loads.size() == 1);
  CHECK(loads[0].rows == 768);
  REQUIRE(loads[0].notes.size() == 1);
  CHECK(Has(loads[0].notes[0], "768 rows instead of 200000"));
  CHECK_FALSE(Has(loads[0].statements[0], "INSERT IGNORE"));
  CHECK(Has(Column(loads[0], "a").expression, "DIV 3)"));
  CHECK(Column(loads[0], "a").distinct == 256);
  CHECK(Column(loads[0], "b").distinct == 3);
  CHECK(Column(loads[0], "c").distinct == 768);  // (c, a): c is distinct within each a

  // A unique key over an expression only cannot be planned: INSERT IGNORE, with a note.
  loads = Plan(
      CatalogOf("CREATE TABLE k.v (a INT NOT NULL, b INT AS (a * 2) VIRTUAL, UNIQUE KEY ub (b));"));
  REQUIRE(loads.size() == 1);
  CHECK(loads[0].statements[0].starts_with("INSERT IGNORE INTO "));
  REQUIRE(loads[0].notes.size() == 1);
  CHECK(Has(loads[0].notes[0], "unique key `ub`"));
}

TEST_CASE("datagen: seed values from the workload are among the values", "[datagen]") {
  const auto catalog = CatalogOf(
      "CREATE TABLE shop.orders (id INT PRIMARY KEY, status VARCHAR(16) NOT NULL,"
      " customer_id INT NOT NULL, created DATE NOT NULL, email VARCHAR(64) NOT NULL,"
      " UNIQUE KEY (email));",
      R"json({"tables": [{"database": "shop", "table": "orders", "rows": 1000,
                          "columns": {"status": 4}}]})json");
  GenerateOptions options;
  options.seed_values["shop.orders.status"] =
      Seeds({"'shipped'", "'cancelled'", "'a status far too long for it'"});
  options.seed_values["shop.orders.customer_id"] = Seeds({"42", "5000000000"});
  options.seed_values["shop.orders.created"] = Seeds({"'2024-05-01'", "'2023-02-30'"});
  options.seed_values["shop.orders.email"] = Seeds({"'ann@example.com'"});
  options.seed_values["shop.orders.id"] = Seeds({"7"});  // generated anyway: ids are 1..1000
  const auto loads = Plan(catalog, options);
  REQUIRE(loads.size() == 1);
  const TableLoad& t = loads[0];
  CHECK(Has(Column(t, "status").expression, "WHEN 0 THEN 'shipped' WHEN 1 THEN 'cancelled'"));
  CHECK(Column(t, "status").distinct == 4);  // seeds take domain values, they do not add any
  CHECK(Has(Column(t, "customer_id").expression, "WHEN 0 THEN 42 ELSE"));
  CHECK(Has(Column(t, "created").expression, "WHEN 0 THEN '2024-05-01' ELSE"));
  CHECK(Has(Column(t, "email").expression, "WHEN 0 THEN 'ann@example.com' ELSE"));
  CHECK_FALSE(Has(Column(t, "id").expression, "CASE"));
  CHECK(Has(t.statements[0], "'shipped'"));
  std::string notes;
  for (const std::string& n : t.notes) notes += n + "\n";
  CHECK(Has(notes, "'a status far too long for it' (longer than the column)"));
  CHECK(Has(notes, "5000000000 (out of the column's range)"));
  CHECK(Has(notes, "'2023-02-30' (not a valid date value)"));
}

TEST_CASE("datagen: identifiers are quoted", "[datagen]") {
  const auto catalog =
      CatalogOf("CREATE TABLE `my db`.`we``ird` (`select` INT PRIMARY KEY, `a b` VARCHAR(10));");
  const auto loads = Plan(catalog);
  REQUIRE(loads.size() == 1);
  CHECK(loads[0].quoted_name == "`my db`.`we``ird`");
  CHECK(loads[0].statements[0].starts_with(
      "INSERT INTO `my db`.`we``ird` (`select`, `a b`) SELECT "));
  CHECK(Has(loads[0].statements[0], "FROM `my db`.`seq_1_to_100000`"));
}

TEST_CASE("datagen: a table without a database goes to the sandbox database", "[datagen]") {
  const auto loads = Plan(CatalogOf("CREATE TABLE t (id INT PRIMARY KEY);"));
  REQUIRE(loads.size() == 1);
  CHECK(loads[0].table == "t");
  CHECK(loads[0].quoted_name == "`qadvisor`.`t`");
}

TEST_CASE("datagen: a NOT NULL column of an unknown type skips its table", "[datagen]") {
  analyzer::Catalog catalog;
  analyzer::Table table;
  table.database = "x";
  table.name = "t";
  analyzer::Column id;
  id.name = "id";
  id.type = "int";
  id.family = analyzer::TypeFamily::kInteger;
  id.nullable = false;
  analyzer::Column odd = id;
  odd.name = "odd";
  odd.type = "vector";
  odd.family = analyzer::TypeFamily::kOther;
  table.columns = {id, odd};
  catalog.AddTable(table);
  auto loads = Plan(catalog);
  REQUIRE(loads.size() == 1);
  CHECK(loads[0].rows == 0);
  CHECK(loads[0].statements.empty());
  REQUIRE(loads[0].notes.size() == 1);
  CHECK(Has(loads[0].notes[0], "`odd`"));

  // Nullable, it is simply NULL.
  catalog.tables()[0].columns[1].nullable = true;
  loads = Plan(catalog);
  CHECK(loads[0].rows == 200000);
  CHECK(Column(loads[0], "odd").expression == "NULL");
}

TEST_CASE("datagen: MySQL 8 collations become MariaDB ones", "[datagen]") {
  const std::vector<std::string> mariadb_10_11 = {
      "utf8mb4_general_ci",          "utf8mb4_bin",
      "utf8mb4_nopad_bin",           "utf8mb4_unicode_520_ci",
      "utf8mb4_uca1400_ai_ci",       "utf8mb4_uca1400_nopad_ai_ci",
      "utf8mb4_uca1400_nopad_as_cs", "utf8mb4_uca1400_swedish_nopad_ai_ci"};
  std::map<std::string, std::string> replaced;
  const std::string sql = connectors::ReplaceMysql8Collations(
      "CREATE TABLE t (a VARCHAR(5) COLLATE utf8mb4_0900_ai_ci, b TEXT COLLATE "
      "'UTF8MB4_0900_AS_CS', c CHAR(1) COLLATE utf8mb4_sv_0900_ai_ci, d CHAR(1) COLLATE "
      "utf8mb4_0900_bin, e CHAR(1) COLLATE utf8mb4_general_ci) COLLATE=utf8mb4_0900_ai_ci",
      mariadb_10_11, &replaced);
  CHECK(sql ==
        "CREATE TABLE t (a VARCHAR(5) COLLATE utf8mb4_uca1400_nopad_ai_ci, b TEXT COLLATE "
        "'utf8mb4_uca1400_nopad_as_cs', c CHAR(1) COLLATE utf8mb4_uca1400_swedish_nopad_ai_ci, d "
        "CHAR(1) COLLATE utf8mb4_nopad_bin, e CHAR(1) COLLATE utf8mb4_general_ci) "
        "COLLATE=utf8mb4_uca1400_nopad_ai_ci");
  CHECK(replaced.size() == 4);
  CHECK(replaced.at("utf8mb4_0900_ai_ci") == "utf8mb4_uca1400_nopad_ai_ci");

  // A server without UCA 14 collations (MariaDB before 10.10), or one that cannot say.
  replaced.clear();
  CHECK(connectors::ReplaceMysql8Collations("x utf8mb4_0900_ai_ci y utf8mb4_0900_as_cs", {},
                                            &replaced) == "x utf8mb4_unicode_520_ci y utf8mb4_bin");
  // A server that has them (MySQL 8) keeps them.
  CHECK(connectors::ReplaceMysql8Collations("COLLATE utf8mb4_0900_ai_ci", {"utf8mb4_0900_ai_ci"},
                                            nullptr) == "COLLATE utf8mb4_0900_ai_ci");
}

namespace {

TEST_CASE("datagen: schema statements are classified from the AST", "[datagen]") {
  using connectors::ClassifySchemaStatement;
  using connectors::SchemaAction;
  const auto action = [](std::string_view sql) { return ClassifySchemaStatement(sql).action; };
  CHECK(action("CREATE TABLE t (a INT)") == SchemaAction::kRun);
  CHECK(ClassifySchemaStatement("CREATE TABLE t (a INT)").needs_database);
  CHECK_FALSE(ClassifySchemaStatement("CREATE TABLE db.t (a INT)").needs_database);
  // DROP DATABASE, with a comment between its words, names its database.
  const auto drop = ClassifySchemaStatement("DROP /* old */ DATABASE IF EXISTS x");
  CHECK(drop.action == SchemaAction::kRun);
  CHECK_FALSE(drop.needs_database);
  // Not modelled, or not parsed, but a table's DDL by its head: the server decides.
  CHECK(action("CREATE OR REPLACE TABLE t (a INT)") == SchemaAction::kRun);
  const auto unparsed = ClassifySchemaStatement("CREATE TABLE t (a INT) WITH SOMETHING NEW");
  CHECK(unparsed.action == SchemaAction::kRun);
  CHECK(unparsed.needs_database);
  CHECK(action("ALTER DATABASE d CHARACTER SET utf8mb4") == SchemaAction::kRun);
  CHECK_FALSE(ClassifySchemaStatement("ALTER DATABASE d CHARACTER SET utf8mb4").needs_database);
  CHECK(ClassifySchemaStatement("USE `shop`").use == "shop");
  CHECK(action("INSERT INTO t VALUES (1)") == SchemaAction::kSkipData);
  // Views, triggers, routines and other objects: noted; transactions, locks, SHOW: quiet.
  for (const char* noted :
       {"CREATE VIEW v AS SELECT 1", "DROP VIEW v",
        "CREATE DEFINER=`root`@`localhost` TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET "
        "NEW.a = 1",
        "CREATE PROCEDURE p() SELECT 1", "CREATE EVENT e ON SCHEDULE EVERY 1 DAY DO SELECT 1",
        "GRANT SELECT ON t TO u", "SELEKT 1"}) {
    INFO(noted);
    const auto c = ClassifySchemaStatement(noted);
    CHECK(c.action == SchemaAction::kSkipNoted);
    CHECK_FALSE(c.why.empty());
  }
  for (const char* quiet : {"LOCK TABLES t WRITE", "UNLOCK TABLES", "START TRANSACTION", "COMMIT",
                            "SHOW TABLES", "SET NAMES utf8mb4", "/* only */"}) {
    INFO(quiet);
    CHECK(action(quiet) == SchemaAction::kSkipQuiet);
  }
}

TEST_CASE("datagen: seed values carry the parser's kind and value", "[datagen]") {
  const auto catalog = CatalogOf(
      "CREATE TABLE shop.t (id INT PRIMARY KEY, name VARCHAR(8) NOT NULL, day DATE NOT NULL,"
      " price DECIMAL(5,2) NOT NULL);");
  const std::vector<connectors::SeedValue> name =
      Seeds({"_utf8mb4'it''s'", "X'41424344'", "'a' 'b'", "'\\\\n\\\\t'", "'far too long'"});
  CHECK(name[0].kind == parser::ast::LiteralKind::kString);
  CHECK(name[0].value == "it's");
  CHECK(name[1].kind == parser::ast::LiteralKind::kHex);
  CHECK(name[1].value == "41424344");
  CHECK(name[2].value == "ab");
  CHECK(name[3].value == "\\n\\t");
  const std::vector<connectors::SeedValue> day = Seeds({"DATE '2024-05-01'", "'2024-13-01'"});
  CHECK(day[0].kind == parser::ast::LiteralKind::kTemporal);
  CHECK(day[0].value == "2024-05-01");
  GenerateOptions options;
  options.seed_values["shop.t.name"] = name;
  options.seed_values["shop.t.day"] = day;
  options.seed_values["shop.t.price"] = Seeds({"'12.50'", "'twelve'"});
  const auto loads = Plan(catalog, options);
  REQUIRE(loads.size() == 1);
  const TableLoad& t = loads[0];
  CHECK(Has(Column(t, "name").expression, "WHEN 0 THEN _utf8mb4'it''s' WHEN 1 THEN X'41424344'"));
  CHECK(Has(Column(t, "day").expression, "WHEN 0 THEN DATE '2024-05-01' ELSE"));
  CHECK(Has(Column(t, "price").expression, "WHEN 0 THEN '12.50' ELSE"));
  std::string notes;
  for (const std::string& n : t.notes) notes += n + "\n";
  CHECK(Has(notes, "'far too long' (longer than the column)"));
  CHECK(Has(notes, "'2024-13-01' (not a valid date value)"));
  CHECK(Has(notes, "'twelve' (not a number)"));
}

}  // namespace
