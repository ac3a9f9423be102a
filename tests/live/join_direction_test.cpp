// Which join conversions cost an index, asked of the real server. A join that compares a
// utf8mb3 column with a utf8mb4 one, or a string column with an integer one, converts one side;
// that side's index is lost only when its table is the one looked up. For each query, in both
// directions, EXPLAIN says whether the converted table was searched by its index, and
// charset-mismatch-join / implicit-conversion must fire exactly when it was not.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <string>
#include <vector>

#include "analyzer/catalog.h"
#include "connectors/explain.h"
#include "connectors/schema_import.h"
#include "connectors/session.h"
#include "rules/checker.h"
#include "tests/live/live_server.h"

namespace {

using namespace qadvisor;

using live::Options;

struct Case {
  std::string rule;       // the rule that judges this conversion
  std::string converted;  // the alias of the table whose column is converted
  std::string sql;
};

}  // namespace

TEST_CASE("live: join conversions cost an index only on the side looked up, as EXPLAIN shows",
          "[live][rules]") {
  auto opened = connectors::Session::Connect(Options());
  REQUIRE(opened.ok());
  connectors::Session& s = **opened;
  for (const char* ddl : {
           "DROP DATABASE IF EXISTS qadvisor_dir",
           "CREATE DATABASE qadvisor_dir DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci",
           "CREATE TABLE qadvisor_dir.customers (id INT NOT NULL PRIMARY KEY, "
           "code VARCHAR(20) NOT NULL, country CHAR(2) NOT NULL, UNIQUE KEY uk_code (code)) "
           "ENGINE=InnoDB DEFAULT CHARSET=utf8mb4",
           "CREATE TABLE qadvisor_dir.legacy (id INT NOT NULL PRIMARY KEY, "
           "customer_code VARCHAR(20) NOT NULL, KEY idx_code (customer_code)) "
           "ENGINE=InnoDB DEFAULT CHARSET=utf8mb3",
           "CREATE TABLE qadvisor_dir.refs (id INT NOT NULL PRIMARY KEY, "
           "customer_ref VARCHAR(20) NOT NULL, KEY idx_ref (customer_ref)) "
           "ENGINE=InnoDB DEFAULT CHARSET=utf8mb4",
           "INSERT INTO qadvisor_dir.customers SELECT seq, CONCAT('C', seq), "
           "ELT(1 + seq % 5, 'DE', 'FR', 'US', 'GB', 'NL') FROM qadvisor_dir.seq_1_to_20000",
           "INSERT INTO qadvisor_dir.legacy SELECT seq, CONCAT('C', 1 + seq * 7 % 20000) "
           "FROM qadvisor_dir.seq_1_to_20000",
           "INSERT INTO qadvisor_dir.refs SELECT seq, 1 + seq * 7 % 20000 FROM "
           "qadvisor_dir.seq_1_to_20000",
       }) {
    INFO(ddl);
    REQUIRE(s.Execute(ddl).ok());
  }
  REQUIRE(
      s.Query("ANALYZE TABLE qadvisor_dir.customers, qadvisor_dir.legacy, qadvisor_dir.refs").ok());

  analyzer::Catalog catalog({.flavor = analyzer::Flavor::kMariaDB});
  REQUIRE(connectors::ImportSchema(s, catalog, {.databases = {"qadvisor_dir"}}).ok());

  const std::vector<Case> cases = {
      // customers read first (its own range): legacy is looked up by a converted utf8mb3 key.
      {"charset-mismatch-join", "o",
       "SELECT c.id, o.id FROM qadvisor_dir.customers c JOIN qadvisor_dir.legacy o "
       "ON o.customer_code = c.code WHERE c.id BETWEEN 1 AND 50"},
      // legacy read first: its values are converted to probe customers' utf8mb4 key.
      {"charset-mismatch-join", "o",
       "SELECT c.id, o.id FROM qadvisor_dir.legacy o JOIN qadvisor_dir.customers c "
       "ON c.code = o.customer_code WHERE o.id BETWEEN 1 AND 50"},
      // customers read first: refs' string key is compared as a number, row by row.
      {"implicit-conversion", "r",
       "SELECT c.id, r.id FROM qadvisor_dir.customers c JOIN qadvisor_dir.refs r "
       "ON r.customer_ref = c.id WHERE c.id BETWEEN 1 AND 50"},
      // refs read first: each string value probes customers' integer primary key.
      {"implicit-conversion", "r",
       "SELECT c.id, r.id FROM qadvisor_dir.refs r JOIN qadvisor_dir.customers c "
       "ON c.id = r.customer_ref WHERE r.id BETWEEN 1 AND 50"},
  };
  int lost = 0, kept = 0;
  for (const Case& c : cases) {
    INFO(c.sql);
    auto rows = s.Query("EXPLAIN FORMAT=JSON " + c.sql);
    REQUIRE(rows.ok());
    auto plan = connectors::ReadExplainJson(rows->values.at(0).at(0));
    REQUIRE(plan.ok());
    const connectors::PlanTable* t = plan->Find(c.converted);
    REQUIRE(t != nullptr);
    INFO("the converted table: " << t->access_type << " on '" << t->key << "'"
                                 << (t->join_buffer ? ", join buffer" : ""));
    // Its index searched for each row of the other table (ref, eq_ref), or read whole.
    const bool index_lost = t->access_type == "ALL" || t->access_type == "index" || t->join_buffer;
    (index_lost ? lost : kept)++;

    rules::CheckerOptions options;
    options.only = {c.rule};
    rules::Checker checker(catalog, options);
    checker.CheckScript("q.sql", c.sql + ";\n");
    const std::vector<rules::Finding> findings = checker.Finish();
    CHECK(findings.size() == (index_lost ? 1u : 0u));
  }
  // The cases cover both outcomes, so the test says something whichever way the plans go.
  CHECK(lost == 2);
  CHECK(kept == 2);
  REQUIRE(s.Execute("DROP DATABASE qadvisor_dir").ok());
}
