// Reading EXPLAIN / ANALYZE FORMAT=JSON: every plan MariaDB 10.11 printed for the index traps
// in ../shared/corpus/explain (recorded on a real server), and MySQL 8.0's shape.
#include "connectors/explain.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace {

using namespace qadvisor;
namespace fs = std::filesystem;

const fs::path kDir = fs::path(QADVISOR_CORPUS_DIR) / "explain/mariadb-10.11";

// The JSON under a "## <title>" heading of a case file (from its first line that is "{" to the
// next heading), or "" when that section holds no JSON (an error message instead).
std::string Section(const std::string& file, const std::string& title) {
  std::ifstream in(kDir / file);
  std::string line, out;
  bool inside = false, json = false;
  while (std::getline(in, line)) {
    if (line.rfind("## ", 0) == 0) {
      if (inside) break;
      inside = line == "## " + title;
      continue;
    }
    if (!inside) continue;
    if (!json && line == "{") json = true;
    if (json) out += line + "\n";
  }
  return out;
}

connectors::Plan Read(const std::string& file, const std::string& title) {
  const std::string json = Section(file, title);
  INFO(file << " / " << title);
  REQUIRE_FALSE(json.empty());
  auto plan = connectors::ReadExplainJson(json);
  REQUIRE(plan.ok());
  return std::move(plan).value();
}

}  // namespace

TEST_CASE("explain: MariaDB's plans of each index trap", "[explain]") {
  if (!fs::exists(kDir)) {
    WARN("corpus not found: " << kDir.string());
    return;
  }
  // Implicit conversion: a full scan although idx_code is possible.
  auto p = Read("01-implicit-conv-varchar-vs-int.txt", "EXPLAIN FORMAT=JSON");
  REQUIRE(p.tables.size() == 1);
  CHECK(p.tables[0].access_type == "ALL");
  CHECK(p.tables[0].key.empty());
  CHECK(p.tables[0].possible_keys == std::vector<std::string>{"idx_code"});
  CHECK(p.tables[0].rows > 100000);
  // The same with a string literal: ref on idx_code.
  p = Read("02-implicit-conv-fixed-string-literal.txt", "EXPLAIN FORMAT=JSON");
  CHECK(p.tables[0].access_type == "ref");
  CHECK(p.tables[0].key == "idx_code");
  // The utf8mb3 side of a join scanned with a join buffer.
  p = Read("05-join-mb4-to-mb3-inner-index-unusable.txt", "EXPLAIN FORMAT=JSON");
  REQUIRE(p.tables.size() == 2);
  CHECK(p.Find("o")->access_type == "range");
  CHECK(p.Find("o")->key == "PRIMARY");
  CHECK(p.Find("c")->access_type == "ALL");
  CHECK(p.Find("c")->join_buffer);
  CHECK_FALSE(p.Find("o")->join_buffer);
  CHECK(p.Find("c")->attached_condition.find("convert(c.`code` using utf8mb4)") !=
        std::string::npos);
  // cset_narrowing: the key is usable again.
  p = Read("09-join-mb4-to-mb3-cset_narrowing-on.txt", "EXPLAIN FORMAT=JSON");
  CHECK(p.Find("c")->access_type == "eq_ref");
  // Covering: using_index; not covering: not.
  p = Read("14-covering-select-abc-id.txt", "EXPLAIN FORMAT=JSON");
  CHECK(p.tables[0].using_index);
  CHECK(p.tables[0].key == "idx_abc");
  p = Read("13-noncovering-select-star-a.txt", "EXPLAIN FORMAT=JSON");
  CHECK_FALSE(p.tables[0].using_index);
  CHECK(p.tables[0].used_key_parts == std::vector<std::string>{"a"});
  CHECK_FALSE(p.using_filesort);
}

TEST_CASE("explain: MariaDB's ANALYZE adds what was measured", "[explain]") {
  if (!fs::exists(kDir)) return;
  const auto p = Read("13-noncovering-select-star-a.txt", "ANALYZE FORMAT=JSON");
  REQUIRE(p.tables.size() == 1);
  REQUIRE(p.tables[0].r_rows.has_value());
  CHECK(*p.tables[0].r_rows == 196);
  CHECK(p.tables[0].r_time_ms.has_value());
  REQUIRE(p.r_total_time_ms.has_value());
  CHECK(*p.r_total_time_ms > 0);
  CHECK(p.RowsExamined() == 196);
}

TEST_CASE("explain: every recorded plan reads", "[explain]") {
  if (!fs::exists(kDir)) return;
  size_t plans = 0;
  for (const auto& entry : fs::directory_iterator(kDir)) {
    if (entry.path().extension() != ".txt") continue;
    for (const char* title : {"EXPLAIN FORMAT=JSON", "ANALYZE FORMAT=JSON"}) {
      const std::string json = Section(entry.path().filename().string(), title);
      if (json.empty()) continue;  // the server printed an error (error 1267 cases)
      INFO(entry.path().filename().string() << " / " << title);
      const auto plan = connectors::ReadExplainJson(json);
      REQUIRE(plan.ok());
      CHECK_FALSE(plan->tables.empty());
      for (const auto& t : plan->tables) CHECK_FALSE(t.access_type.empty());
      ++plans;
    }
  }
  CHECK(plans >= 30);
}

TEST_CASE("explain: MySQL 8.0's shape", "[explain]") {
  // The layout of MySQL 8.0 Reference Manual 15.8.2's FORMAT=JSON example, with the fields
  // MySQL writes: rows_examined_per_scan, filtered as a string, ordering_operation with
  // using_filesort, using_join_buffer. (A recorded MySQL fixture comes with the live tests.)
  const char* json = R"json({
    "query_block": {
      "select_id": 1,
      "cost_info": {"query_cost": "1.20"},
      "ordering_operation": {
        "using_filesort": true,
        "nested_loop": [
          {"table": {"table_name": "o", "access_type": "ALL", "rows_examined_per_scan": 900,
                     "rows_produced_per_join": 90, "filtered": "10.00",
                     "attached_condition": "(`shop`.`o`.`status` = 'paid')"
}
},
          {"table": {"table_name": "c", "access_type": "eq_ref", "possible_keys": ["PRIMARY"],
                     "key": "PRIMARY", "used_key_parts": ["id"], "key_length": "4",
                     "ref": ["shop.o.customer_id"], "rows_examined_per_scan": 1,
                     "filtered": "100.00", "using_index": true}}
        ]
}
}
})json";
  const auto plan = connectors::ReadExplainJson(json);
  REQUIRE(plan.ok());
  REQUIRE(plan->tables.size() == 2);
  CHECK(plan->using_filesort);
  CHECK(plan->Find("o")->rows == 900);
  CHECK(plan->Find("o")->filtered == 10);
  CHECK(plan->Find("c")->access_type == "eq_ref");
  CHECK(plan->Find("c")->using_index);
  CHECK(plan->RowsExamined() == 901);
}

TEST_CASE("explain: what is not a plan is an error, not a crash", "[explain]") {
  CHECK_FALSE(connectors::ReadExplainJson("").ok());
  CHECK_FALSE(connectors::ReadExplainJson("ERROR 1267 (HY000): Illegal mix of collations").ok());
  CHECK_FALSE(connectors::ReadExplainJson("[1, 2]").ok());
  CHECK_FALSE(connectors::ReadExplainJson(R"({"query_block": )").ok());
  const auto odd =
      connectors::ReadExplainJson(R"({"query_block": {"table": 5, "nested_loop": {}}})");
  REQUIRE(odd.ok());
  CHECK(odd->tables.empty());
}
