// The index DDL that back-to-table and filesort propose as their fix: the equalities, then the
// ORDER BY columns in order and direction, then the covering columns; the same index from both
// rules when both fire; an existing index extended only when it is a leftmost prefix of that
// column order, and every existing index left a prefix of the result dropped.
#include <catch2/catch.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "analyzer/catalog.h"
#include "rules/checker.h"

namespace {

using namespace qadvisor;

// The fix of rule `rule`'s only finding for `sql` on `schema` ("<none>" when it does not fire).
std::string FixOf(std::string_view rule, std::string_view schema, std::string_view sql) {
  analyzer::Catalog catalog;
  rules::CheckerOptions options;
  options.only = {std::string(rule)};
  rules::Checker checker(catalog, options);
  checker.LoadSchema("schema.sql", schema);
  checker.CheckScript("q.sql", sql);
  const rules::Findings findings = checker.Finish();
  std::string fix = "<none>";
  size_t found = 0;
  for (const rules::Finding& f : findings) {
    if (f.rule != rule) continue;
    ++found;
    fix = f.fix;
  }
  INFO("findings of " << rule << ": " << found);
  CHECK(found <= 1);
  return fix;
}

constexpr const char* kOrders = R"sql(
CREATE TABLE orders (
  id INT PRIMARY KEY, customer_id INT NOT NULL, status VARCHAR(16) NOT NULL,
  total DECIMAL(10,2) NOT NULL, created_at DATETIME NOT NULL, note TEXT,
  KEY idx_cs (customer_id, status));
)sql";

constexpr const char* kProducts = R"sql(
CREATE TABLE products (
  id INT PRIMARY KEY, category_id INT NOT NULL, price DECIMAL(10,2) NOT NULL,
  name VARCHAR(100) NOT NULL, stock INT NOT NULL,
  KEY idx_category (category_id), KEY idx_category_price (category_id, price));
)sql";

}  // namespace

TEST_CASE("back-to-table and filesort: one index, ORDER BY columns before covering columns",
          "[rules][fix]") {
  const char* sql =
      "SELECT id, total FROM orders WHERE customer_id = 7 AND status = 'paid' "
      "ORDER BY created_at DESC LIMIT 20;";
  const std::string both =
      "ALTER TABLE `orders` ADD INDEX `idx_customer_id_status_created_at_total` (`customer_id`, "
      "`status`, `created_at` DESC, `total`), DROP INDEX `idx_cs`;";
  CHECK(FixOf("back-to-table", kOrders, sql) == both);
  CHECK(FixOf("filesort", kOrders, sql) == both);
}

TEST_CASE("back-to-table: covering columns only still extend the index used", "[rules][fix]") {
  // Unchanged from before: no ORDER BY, the missing columns appended to the index's own.
  CHECK(FixOf("back-to-table", kOrders,
              "SELECT total, created_at FROM orders WHERE customer_id = 7 AND status = 'x';") ==
        "ALTER TABLE `orders` ADD INDEX `idx_customer_id_status_total_created_at` (`customer_id`, "
        "`status`, `total`, `created_at`), DROP INDEX `idx_cs`;");
  // An equality on the first column only: idx_cs's status is not wanted before `total`, but it
  // is a covering column here, so idx_cs is still a prefix of the wanted order.
  CHECK(
      FixOf("back-to-table", kOrders, "SELECT status, total FROM orders WHERE customer_id = 7;") ==
      "ALTER TABLE `orders` ADD INDEX `idx_customer_id_status_total` (`customer_id`, `status`, "
      "`total`), DROP INDEX `idx_cs`;");
}

TEST_CASE("back-to-table: an index that is no prefix of the wanted order is not extended",
          "[rules][fix]") {
  // idx_cs puts status after customer_id; the query wants created_at there (ORDER BY) and
  // does not read status: a new index, idx_cs kept.
  CHECK(FixOf("back-to-table", kOrders,
              "SELECT id, total FROM orders WHERE customer_id = 7 ORDER BY created_at LIMIT 5;") ==
        "ALTER TABLE `orders` ADD INDEX `idx_customer_id_created_at_total` (`customer_id`, "
        "`created_at`, `total`);");
}

TEST_CASE("back-to-table: the index with the right prefix is extended, read backwards if need be",
          "[rules][fix]") {
  // ORDER BY price DESC, name: (category_id, price) is the prefix, idx_category a prefix of it.
  // The extension keeps idx_category_price's ascending price (so it still serves what that
  // served) and writes name DESC: read backwards, it gives price DESC, name ASC.
  const char* sql =
      "SELECT id, name, price FROM products WHERE category_id = 3 ORDER BY price DESC, name;";
  CHECK(FixOf("back-to-table", kProducts, sql) ==
        "ALTER TABLE `products` ADD INDEX `idx_category_id_price_name` (`category_id`, `price`, "
        "`name` DESC), DROP INDEX `idx_category`, DROP INDEX `idx_category_price`;");
  // All ascending: the same index, name ascending.
  CHECK(FixOf("back-to-table", kProducts,
              "SELECT id, name, price FROM products WHERE category_id = 3 ORDER BY price, name;") ==
        "ALTER TABLE `products` ADD INDEX `idx_category_id_price_name` (`category_id`, `price`, "
        "`name`), DROP INDEX `idx_category`, DROP INDEX `idx_category_price`;");
}

TEST_CASE("filesort: the proposal covers the query when it can, not for UPDATE", "[rules][fix]") {
  CHECK(FixOf("filesort", kOrders,
              "SELECT id, total FROM orders WHERE customer_id = 7 ORDER BY created_at LIMIT 5;") ==
        "ALTER TABLE `orders` ADD INDEX `idx_customer_id_created_at_total` (`customer_id`, "
        "`created_at`, `total`);");
  // A TEXT column cannot be covered: the key only.
  CHECK(FixOf("filesort", kOrders,
              "SELECT id, note FROM orders WHERE customer_id = 7 ORDER BY created_at LIMIT 5;") ==
        "ALTER TABLE `orders` ADD INDEX `idx_customer_id_created_at` (`customer_id`, "
        "`created_at`);");
  CHECK(FixOf("filesort", kOrders,
              "UPDATE orders SET total = 0 WHERE customer_id = 7 ORDER BY created_at LIMIT 5;") ==
        "ALTER TABLE `orders` ADD INDEX `idx_customer_id_created_at` (`customer_id`, "
        "`created_at`);");
}

TEST_CASE("filesort: a range with no LIMIT is searched, the sort accepted: no index for order",
          "[rules][fix]") {
  // GROUP BY after an equality and a range, no LIMIT: the range is wanted, so no DDL that
  // reads in group order (it used to propose (customer_id, status) here).
  CHECK(FixOf("filesort", kOrders,
              "SELECT total, COUNT(*) FROM orders WHERE customer_id = 4 AND created_at BETWEEN "
              "'2026-01-01' AND '2026-02-01' GROUP BY total;")
            .empty());
  // With a LIMIT the ordered read stops early: the order is proposed, the range covered.
  CHECK(FixOf("filesort", kOrders,
              "SELECT id FROM orders WHERE customer_id = 4 AND created_at > '2026-01-01' "
              "ORDER BY total LIMIT 10;") ==
        "ALTER TABLE `orders` ADD INDEX `idx_customer_id_total_created_at` (`customer_id`, "
        "`total`, `created_at`);");
}

TEST_CASE("index advice stays silent when the log says no execution examined 1000 rows",
          "[rules][fix]") {
  constexpr const char* kRegions =
      "CREATE TABLE regions (id INT PRIMARY KEY, code CHAR(2) NOT NULL, name VARCHAR(50));";
  auto findings = [&](std::optional<uint64_t> examined) {
    analyzer::Catalog catalog;
    rules::Checker checker(catalog, {});
    checker.LoadSchema("schema.sql", kRegions);
    checker.CheckQuery("slow.log", "SELECT id, name FROM regions WHERE code = 'FR'", 1, "",
                       "0000000000000001", examined);
    size_t n = 0;
    for (const rules::Finding& f : checker.Finish()) n += f.rule == "missing-index";
    return n;
  };
  CHECK(findings(std::nullopt) == 1);  // nothing known: a scan of a table of unknown size
  CHECK(findings(12) == 0);            // 12 rows: the scan is the cheapest plan there is
  CHECK(findings(999) == 0);
  CHECK(findings(1000) == 1);
}
