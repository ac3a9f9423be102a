// The SELECT that samples a table (connectors/sample.h): every value quoted by the server, the
// generated columns left out, names quoted, and the sampling fraction only when it is below 1.
#include "connectors/sample.h"

#include <catch2/catch.hpp>

#include "analyzer/catalog.h"
#include "parser/parser.h"

namespace {

using namespace qadvisor;

analyzer::Catalog Build(std::string_view ddl) {
  analyzer::Catalog catalog;
  catalog.Apply(parser::Parse(ddl), "t.sql");
  REQUIRE(catalog.issues().empty());
  return catalog;
}

}  // namespace

TEST_CASE("sample: each family's value is quoted by the server", "[sample]") {
  const analyzer::Catalog catalog = Build(
      "CREATE TABLE s.`we``ird` (id INT PRIMARY KEY, name VARCHAR(20), blob_col VARBINARY(8), "
      "flags BIT(3), pos POINT, total INT AS (id * 2) STORED)");
  const analyzer::Table& t = catalog.tables().front();
  const std::string sql = connectors::SampleSelect(t, "", 1.0, 500);
  CHECK(sql ==
        "SELECT CONCAT('(', QUOTE(`id`), ',', QUOTE(`name`), ',', "
        "IF(`blob_col` IS NULL, 'NULL', CONCAT('X''', HEX(`blob_col`), '''')), ',', "
        "IF(`flags` IS NULL, 'NULL', CONCAT('b''', BIN(`flags` + 0), '''')), ',', "
        "IF(`pos` IS NULL, 'NULL', CONCAT('ST_GeomFromWKB(X''', HEX(ST_AsBinary(`pos`)), ''')')), "
        "')') FROM `s`.`we``ird` LIMIT 500");
  // The generated column is the sandbox's to compute.
  CHECK(sql.find("total") == std::string::npos);
}

TEST_CASE("sample: a large table is sampled by a fraction, in the database asked for", "[sample]") {
  const analyzer::Catalog catalog = Build("CREATE TABLE shop.orders (id INT PRIMARY KEY)");
  const std::string sql =
      connectors::SampleSelect(catalog.tables().front(), "shop_replica", 0.012, 200000);
  CHECK(sql ==
        "SELECT CONCAT('(', QUOTE(`id`), ')') FROM `shop_replica`.`orders` WHERE RAND() < 0.012 "
        "LIMIT 200000");
}
