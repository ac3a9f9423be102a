// SchemaUse (what statements use of a schema, and which ones) and DroppedOrRenamed (what a DDL
// statement drops or renames), the two halves drop-in-use and rename-in-use judge by; and the
// Checker's timing: the application is bound to the schema as it is before each DROP or RENAME,
// a statement after a migration never counts for it.
#include "rules/schema_use.h"

#include <catch2/catch.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/catalog.h"
#include "analyzer/query_model.h"
#include "parser/parser.h"
#include "rules/checker.h"

namespace {

using namespace qadvisor;

constexpr std::string_view kSchema = R"sql(
CREATE TABLE users (id INT PRIMARY KEY, email VARCHAR(100), name VARCHAR(50), city VARCHAR(40),
                    KEY idx_email (email), KEY idx_city_name (city, name), KEY idx_name (name));
CREATE TABLE orders (id INT PRIMARY KEY, user_id INT, total DECIMAL(10,2), KEY idx_user (user_id));
CREATE VIEW v_users AS SELECT id, email FROM users;
)sql";

struct Fixture {
  analyzer::Catalog catalog;
  rules::SchemaUse use;
  Fixture() {
    const parser::ParseResult schema = parser::Parse(kSchema);
    catalog.Apply(schema, "schema.sql");
  }
  void Note(std::string_view sql, const std::string& site) {
    const parser::ParseResult parsed = parser::Parse(sql);
    REQUIRE(parsed.statements().size() == 1);
    use.Note(analyzer::Bind(*parsed.statements().front(), catalog, "", parsed.text()), site);
  }
  const analyzer::Table& Table(std::string_view name) const {
    const analyzer::Table* t = catalog.FindTable("", name);
    REQUIRE(t != nullptr);
    return *t;
  }
  std::vector<rules::SchemaChange> Changes(std::string_view ddl) const {
    const parser::ParseResult parsed = parser::Parse(ddl);
    REQUIRE(parsed.statements().size() == 1);
    return rules::DroppedOrRenamed(*parsed.statements().front(), catalog);
  }
};

using Sites = std::vector<std::string>;

Sites Or(const Sites* sites) { return sites ? *sites : Sites{}; }

TEST_CASE("SchemaUse: tables, columns, indexes and hints, by site", "[rules][schema-use]") {
  Fixture f;
  f.Note("SELECT name FROM users WHERE email = 'a'", "a.sql:1");
  f.Note("SELECT u.id FROM users u FORCE INDEX (idx_name) JOIN orders o ON o.user_id = u.id",
         "a.sql:2");
  f.Note("UPDATE orders SET total = 0 WHERE id = 1", "a.sql:3");
  f.Note("INSERT INTO orders VALUES (1, 2, 3)", "a.sql:4");
  f.Note("SELECT email FROM v_users WHERE id = 3", "a.sql:5");
  f.Note("SELECT * FROM users WHERE city = 'x'", "a.sql:6");
  f.Note("SELECT name FROM users WHERE email = 'b'", "a.sql:1");  // the same site again

  const analyzer::Table& users = f.Table("users");
  const analyzer::Table& orders = f.Table("orders");
  CHECK(Or(f.use.Table(users)) == Sites{"a.sql:1", "a.sql:2", "a.sql:5", "a.sql:6"});
  CHECK(Or(f.use.Table(orders)) == Sites{"a.sql:2", "a.sql:3", "a.sql:4"});
  CHECK(Or(f.use.Column(users, "EMAIL")) == Sites{"a.sql:1", "a.sql:5"});  // through the view
  CHECK(Or(f.use.Column(users, "name")) == Sites{"a.sql:1"});  // SELECT * names no column
  CHECK(Or(f.use.Column(orders, "total")) == Sites{"a.sql:3"});
  CHECK(Or(f.use.AllColumns(orders)) == Sites{"a.sql:4"});
  CHECK(f.use.AllColumns(users) == nullptr);
  CHECK(Or(f.use.Index(users, "idx_email")) == Sites{"a.sql:1"});  // a.sql:5 searches by id
  CHECK(Or(f.use.Index(users, "idx_city_name")) == Sites{"a.sql:6"});
  CHECK(Or(f.use.Index(orders, "idx_user")) == Sites{"a.sql:2"});
  CHECK(Or(f.use.Hint(users, "idx_name")) == Sites{"a.sql:2"});
  CHECK(f.use.Hint(users, "idx_email") == nullptr);
  CHECK(f.use.UsesOtherIndex("a.sql:1", users, {"idx_email"}) == false);
  CHECK(f.use.UsesOtherIndex("a.sql:6", users, {"idx_email"}) == true);
}

TEST_CASE("DescribeSites names two and counts the rest", "[rules][schema-use]") {
  CHECK(rules::DescribeSites({"a:1"}) == "a:1");
  CHECK(rules::DescribeSites({"a:1", "b:2"}) == "a:1; b:2");
  CHECK(rules::DescribeSites({"a:1", "b:2", "c:3", "d:4"}) == "a:1; b:2; and 2 more");
}

TEST_CASE("DroppedOrRenamed: what exists, not redefinitions, not swaps", "[rules][schema-use]") {
  Fixture f;
  using K = rules::ChangeKind;
  auto kinds = [](const std::vector<rules::SchemaChange>& changes) {
    std::vector<std::pair<K, std::string>> out;
    for (const auto& c : changes) out.emplace_back(c.kind, c.name + ">" + c.new_name);
    return out;
  };
  CHECK(kinds(f.Changes("ALTER TABLE users DROP COLUMN email, DROP INDEX idx_name, "
                        "RENAME COLUMN city TO town, CHANGE name full_name VARCHAR(50)")) ==
        std::vector<std::pair<K, std::string>>{{K::kDropColumn, "email>"},
                                               {K::kDropIndex, "idx_name>"},
                                               {K::kRenameColumn, "city>town"},
                                               {K::kRenameColumn, "name>full_name"}});
  CHECK(f.Changes("ALTER TABLE users DROP COLUMN nope, CHANGE name name VARCHAR(80)").empty());
  CHECK(
      f.Changes("ALTER TABLE users DROP INDEX idx_email, ADD INDEX idx_email (email, id)").empty());
  CHECK(f.Changes("DROP TABLE IF EXISTS gone").empty());
  CHECK(kinds(f.Changes("DROP TABLE IF EXISTS gone, orders")) ==
        std::vector<std::pair<K, std::string>>{{K::kDropTable, ">"}});
  CHECK(kinds(f.Changes("DROP INDEX idx_user ON orders")) ==
        std::vector<std::pair<K, std::string>>{{K::kDropIndex, "idx_user>"}});
  CHECK(kinds(f.Changes("RENAME TABLE `orders` TO old_orders")) ==
        std::vector<std::pair<K, std::string>>{{K::kRenameTable, ">old_orders"}});
  CHECK(f.Changes("RENAME TABLE orders TO orders_old, orders_new TO orders").empty());
  CHECK(kinds(f.Changes("ALTER TABLE users RENAME TO people, RENAME INDEX idx_name TO idx_n")) ==
        std::vector<std::pair<K, std::string>>{{K::kRenameTable, ">people"},
                                               {K::kRenameIndex, "idx_name>idx_n"}});
  // Every index one ALTER drops is listed with each drop: a lookup cannot fall back on them.
  const auto both = f.Changes("ALTER TABLE users DROP INDEX idx_name, DROP INDEX idx_city_name");
  REQUIRE(both.size() == 2);
  CHECK(both[1].dropped_indexes == std::vector<std::string>{"idx_name", "idx_city_name"});
}

std::vector<std::string> RulesFired(const std::vector<std::string>& application,
                                    std::string_view migration) {
  analyzer::Catalog catalog;
  rules::CheckerOptions options;
  options.only = {"drop-in-use", "rename-in-use"};
  rules::Checker checker(catalog, options);
  checker.LoadSchema("schema.sql", kSchema);
  for (const std::string& sql : application) {
    checker.AddApplication(sql, "", "query class X, 1 call", /*workload=*/true);
  }
  checker.CheckScript("m.sql", migration);
  std::vector<std::string> out;
  for (const rules::Finding& f : checker.Finish()) {
    out.push_back(f.rule + " " + std::to_string(f.location.line));
  }
  return out;
}

TEST_CASE("the application is bound before each DROP or RENAME", "[rules][schema-use]") {
  // The workload names `email`; the migration renames it, and then drops the new name that
  // only a statement after the rename uses.
  CHECK(RulesFired({"SELECT id FROM users WHERE email = 'a'"},
                   "ALTER TABLE users RENAME COLUMN email TO mail;\n"
                   "SELECT id FROM users WHERE mail = 'b';\n"
                   "ALTER TABLE users DROP COLUMN mail;\n") ==
        std::vector<std::string>{"rename-in-use 1", "drop-in-use 3"});
  // A table a migration creates, then a later one drops: the application reading it is bound
  // to the schema of that moment.
  CHECK(RulesFired({"SELECT note FROM notes WHERE id = 1"},
                   "CREATE TABLE notes (id INT PRIMARY KEY, note TEXT);\n"
                   "ALTER TABLE notes DROP COLUMN note;\n") ==
        std::vector<std::string>{"drop-in-use 2"});
  // The new application after the migration uses the new name: nothing breaks.
  CHECK(RulesFired({},
                   "ALTER TABLE users RENAME COLUMN email TO mail;\n"
                   "SELECT id FROM users WHERE mail = 'b';\n")
            .empty());
}

TEST_CASE("AddApplicationScript takes application code, not migrations", "[rules][schema-use]") {
  analyzer::Catalog catalog;
  rules::Checker checker(catalog, {});
  CHECK(checker.AddApplicationScript("app.sql", "USE shop; SET NAMES utf8mb4; SELECT 1;", false));
  CHECK_FALSE(checker.AddApplicationScript("m.sql", "SELECT 1; DROP TABLE t;", false));
  CHECK_FALSE(checker.AddApplicationScript("m.sql", "RENAME TABLE a TO b;", false));
}

}  // namespace
