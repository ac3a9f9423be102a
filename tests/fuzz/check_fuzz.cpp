// libFuzzer target: arbitrary bytes as a checked script, against a fixed schema. The binder
// and every rule see whatever the parser accepts (and DDL in the input changes the schema as
// it goes): nothing may crash, hang or leak, and every finding must name a known rule.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "analyzer/catalog.h"
#include "rules/checker.h"

namespace {

constexpr std::string_view kSchema = R"sql(
CREATE DATABASE shop DEFAULT CHARSET utf8mb4; USE shop;
CREATE TABLE customers (id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY, email VARCHAR(190)
  NOT NULL, phone VARCHAR(20), code VARCHAR(16) CHARACTER SET utf8mb3, country CHAR(2) NOT NULL,
  created_at DATETIME NOT NULL, notes TEXT, UNIQUE KEY uk_email (email), KEY idx_phone (phone),
  KEY idx_country_created (country, created_at DESC), KEY idx_notes (notes(20)));
CREATE TABLE orders (id INT UNSIGNED NOT NULL PRIMARY KEY, customer_id INT UNSIGNED NOT NULL,
  status VARCHAR(16) NOT NULL, total DECIMAL(10,2), day DATE AS (DATE(created_at)),
  created_at DATETIME NOT NULL, KEY idx_customer_status (customer_id, status), KEY (day),
  KEY idx_expr ((LOWER(status))), FOREIGN KEY (customer_id) REFERENCES customers (id));
CREATE TABLE t (a INT, b INT, c INT, KEY (a, b, c), KEY (a));
)sql";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace qadvisor;
  analyzer::Catalog catalog;
  rules::Checker checker(catalog, {});
  checker.LoadSchema("schema.sql", kSchema);
  checker.CheckScript("fuzz.sql", std::string_view(reinterpret_cast<const char*>(data), size));
  for (const rules::Finding& f : checker.Finish()) {
    if (!rules::FindRuleInfo(f.rule) || f.message.empty() || f.key.empty()) std::abort();
  }
  return 0;
}
