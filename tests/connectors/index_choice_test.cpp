// The offline parts of the optimizer's index choice: which existing indexes are usable for a
// table of a query (the candidates forced on the server), and where FORCE INDEX goes.
#include "connectors/index_choice.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "analyzer/catalog.h"
#include "analyzer/query_model.h"
#include "parser/parser.h"

namespace {

using namespace qadvisor;

constexpr const char* kOrders = R"sql(
CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT NOT NULL, status TINYINT NOT NULL,
  created_at DATETIME NOT NULL, total INT NOT NULL, note VARCHAR(40),
  KEY idx_customer (customer_id), KEY idx_created (created_at), KEY idx_status_total (status, total),
  FULLTEXT KEY ft_note (note));
)sql";

struct Bound {
  analyzer::Catalog catalog;
  parser::ParseResult parsed;
  analyzer::QueryModel model;
  Bound(std::string_view ddl, std::string_view sql) : parsed(parser::Parse(sql)) {
    const parser::ParseResult schema = parser::Parse(ddl);
    catalog.Apply(schema, "schema.sql");
    model = analyzer::Bind(*parsed.statements().front(), catalog, "", parsed.text());
  }
  std::vector<std::string> Usable(int t = 0) const {
    std::vector<std::string> names;
    for (const analyzer::Index* i : connectors::UsableIndexes(model.blocks[0], t)) {
      names.push_back(i->name);
    }
    return names;
  }
};

}  // namespace

TEST_CASE("index choice: the usable indexes are those the query binds or reads in order",
          "[index-choice]") {
  // The filter's index and the ORDER BY's index (and PRIMARY, which gives no order here).
  CHECK(Bound(kOrders, "SELECT id FROM orders WHERE customer_id = 7 ORDER BY created_at LIMIT 10")
            .Usable() == std::vector<std::string>{"idx_customer", "idx_created"});
  // Two filters, two indexes; the composite's leading column is bound.
  CHECK(Bound(kOrders, "SELECT id FROM orders WHERE customer_id = 7 AND status = 1").Usable() ==
        std::vector<std::string>{"idx_customer", "idx_status_total"});
  // One usable index: nothing to compare.
  CHECK(Bound(kOrders, "SELECT id FROM orders WHERE total > 5 AND customer_id = 3").Usable() ==
        std::vector<std::string>{"idx_customer"});
  // A primary-key lookup is usable too (it is then compared with the others).
  CHECK(Bound(kOrders, "SELECT id FROM orders WHERE id = 4 AND customer_id = 3").Usable() ==
        std::vector<std::string>{"PRIMARY", "idx_customer"});
}

TEST_CASE("index choice: FORCE INDEX goes right after the table reference", "[index-choice]") {
  const char* sql =
      "SELECT o.id FROM orders AS o JOIN orders p ON p.id = o.id WHERE o.customer_id = 7";
  const Bound b(kOrders, sql);
  REQUIRE(b.model.blocks[0].tables.size() == 2);
  CHECK(connectors::ForceIndex(sql, b.model.blocks[0].tables[0].span, "idx_customer") ==
        "SELECT o.id FROM orders AS o FORCE INDEX (`idx_customer`) JOIN orders p ON p.id = o.id "
        "WHERE o.customer_id = 7");
  CHECK(connectors::ForceIndex(sql, b.model.blocks[0].tables[1].span, "PRIMARY") ==
        "SELECT o.id FROM orders AS o JOIN orders p FORCE INDEX (`PRIMARY`) ON p.id = o.id WHERE "
        "o.customer_id = 7");
  // Without an alias, and with a backquoted, qualified name.
  const char* plain = "SELECT id FROM `shop`.`orders` WHERE customer_id = 7 LIMIT 3";
  const Bound p(std::string("CREATE DATABASE shop; USE shop;") + kOrders, plain);
  CHECK(connectors::ForceIndex(plain, p.model.blocks[0].tables[0].span, "idx`odd") ==
        "SELECT id FROM `shop`.`orders` FORCE INDEX (`idx``odd`) WHERE customer_id = 7 LIMIT 3");
}
