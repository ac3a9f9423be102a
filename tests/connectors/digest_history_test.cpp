// The parts of `digest --history` that need no server: bucket lengths and the schema. The upserts
// are tested on a real server by tests/live/digest_history_test.sh.
#include "connectors/digest_history.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>

namespace qadvisor::connectors {
namespace {

TEST_CASE("history bucket lengths are a whole number and a unit") {
  CHECK(ParseHistoryBucket("1d").value() == 86400LL * 1000000);
  CHECK(ParseHistoryBucket("1h").value() == 3600LL * 1000000);
  CHECK(ParseHistoryBucket("15m").value() == 900LL * 1000000);
  CHECK(ParseHistoryBucket("30s").value() == 30LL * 1000000);
  CHECK(ParseHistoryBucket("2w").value() == 14LL * 86400 * 1000000);
  for (const char* bad : {"", "d", "0h", "1", "1x", "-1h", "1.5h", "h1", "99999999999d"}) {
    INFO(bad);
    CHECK_FALSE(ParseHistoryBucket(bad).ok());
  }
}

TEST_CASE("the history schema creates two tables only if missing, in the named database") {
  const std::string sql = HistorySchemaSql("my`db");
  CHECK(sql.find("CREATE TABLE IF NOT EXISTS `my``db`.`qadvisor_query_review`") !=
        std::string::npos);
  CHECK(sql.find("CREATE TABLE IF NOT EXISTS `my``db`.`qadvisor_query_history`") !=
        std::string::npos);
  CHECK(sql.find("PRIMARY KEY (class_id, source, bucket_seconds, bucket_start)") !=
        std::string::npos);
  for (const char* column : {"reviewed_by", "reviewed_on", "comments", "query_time_p95",
                             "rows_examined_sum", "lock_time_max", "rows_sent_min"}) {
    INFO(column);
    CHECK(sql.find(std::string(column) + " ") != std::string::npos);
  }
  // Two statements, each ending with ";\n": WriteHistory runs them one at a time.
  size_t statements = 0;
  for (size_t at = sql.find(";\n"); at != std::string::npos; at = sql.find(";\n", at + 1)) {
    ++statements;
  }
  CHECK(statements == 2);
}

TEST_CASE("docs/history.md shows the schema qadvisor creates") {
  std::ifstream in(std::string(QADVISOR_SOURCE_DIR) + "/docs/history.md");
  REQUIRE(in);
  std::stringstream doc;
  doc << in.rdbuf();
  CHECK(doc.str().find(HistorySchemaSql("DB")) != std::string::npos);
}

}  // namespace
}  // namespace qadvisor::connectors
