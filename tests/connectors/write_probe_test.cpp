// The pure part of verify's measurement of writes (connectors/write_probe.h): which tables a
// write changes. Running writes, rolled back, against a real server is tested in
// tests/live/verify_writes_test.sh.
#include "connectors/write_probe.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "analyzer/catalog.h"
#include "parser/parser.h"

namespace {

using namespace qadvisor;

struct Schema {
  analyzer::Catalog catalog;
  Schema() {
    catalog.Apply(parser::Parse("CREATE DATABASE shop; USE shop;"
                                "CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT, "
                                "total INT);"
                                "CREATE TABLE customers (id INT PRIMARY KEY, name TEXT);"),
                  "schema.sql");
  }
  const analyzer::Table* Table(std::string_view name) const {
    return catalog.FindTable("shop", name);
  }
};

// The written tables of `sql` run in `shop`, as "db.table" (and whether the catalog has each).
std::vector<std::string> Written(const Schema& schema, std::string_view sql) {
  const parser::ParseResult parsed = parser::Parse(sql);
  REQUIRE(parsed.statements().size() == 1);
  std::vector<std::string> out;
  for (const connectors::WrittenTable& w :
       connectors::WrittenTables(*parsed.statements()[0], schema.catalog, "shop")) {
    if (w.table != nullptr) CHECK(w.table == schema.Table(w.name));
    out.push_back(w.database + "." + w.name + (w.table == nullptr ? " (unknown)" : ""));
  }
  return out;
}

using Names = std::vector<std::string>;

}  // namespace

TEST_CASE("write probe: the tables a write changes", "[verify]") {
  const Schema s;
  CHECK(Written(s, "INSERT INTO orders (id) VALUES (1)") == Names{"shop.orders"});
  CHECK(Written(s, "REPLACE INTO shop.customers SET id = 1") == Names{"shop.customers"});
  CHECK(Written(s, "INSERT INTO orders SELECT * FROM orders") == Names{"shop.orders"});
  CHECK(Written(s, "INSERT INTO nope VALUES (1)") == Names{"shop.nope (unknown)"});
  CHECK(Written(s, "UPDATE orders SET total = 0 WHERE id = 1") == Names{"shop.orders"});
  CHECK(Written(s, "DELETE FROM orders WHERE id = 1") == Names{"shop.orders"});
  // Multi-table: a SET column's qualifier, or the one table that has the column.
  CHECK(Written(s,
                "UPDATE orders o JOIN customers c ON c.id = o.customer_id SET o.total = 0 "
                "WHERE c.name = 'x'") == Names{"shop.orders"});
  CHECK(Written(s, "UPDATE orders, customers SET name = 'x' WHERE customers.id = customer_id") ==
        Names{"shop.customers"});
  // A column both tables have: either may be written, so both are.
  CHECK(Written(s, "UPDATE orders JOIN customers USING (id) SET id = 7") ==
        (Names{"shop.orders", "shop.customers"}));
  CHECK(Written(s, "DELETE o FROM orders o JOIN customers c ON c.id = o.customer_id") ==
        Names{"shop.orders"});
  CHECK(Written(s, "DELETE FROM o, c USING orders o JOIN customers c ON c.id = o.customer_id") ==
        (Names{"shop.orders", "shop.customers"}));
  // Derived tables and CTEs are read, never written.
  CHECK(Written(s,
                "UPDATE orders JOIN (SELECT id FROM customers) d ON d.id = customer_id "
                "SET total = 1") == Names{"shop.orders"});
  CHECK(Written(s,
                "WITH big AS (SELECT id FROM customers) UPDATE orders JOIN big ON big.id = "
                "customer_id SET total = 1") == Names{"shop.orders"});
  CHECK(Written(s, "SELECT * FROM orders").empty());
}
