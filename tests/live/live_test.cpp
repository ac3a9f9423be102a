// Live tests against a real MariaDB that tests/live/run.sh starts on a private socket
// (QADVISOR_LIVE_SOCKET): the Connector/C++ session, errors as Statuses, multi-statements off,
// and EXPLAIN FORMAT=JSON read before and after an index.
#include <catch2/catch.hpp>
#include <cstdlib>

#include "connectors/explain.h"
#include "connectors/session.h"

namespace {

using namespace qadvisor;

connectors::ConnectOptions Options() {
  const char* socket = std::getenv("QADVISOR_LIVE_SOCKET");
  REQUIRE(socket != nullptr);  // tests/live/run.sh sets it
  connectors::ConnectOptions o;
  o.socket = socket;
  return o;
}

}  // namespace

TEST_CASE("live: connect, query, and a server error as a Status", "[live]") {
  auto session = connectors::Session::Connect(Options());
  REQUIRE(session.ok());
  CHECK((*session)->mariadb());
  auto rows = (*session)->Query("SELECT 1 AS one, NULL AS nothing, 'x' AS s");
  REQUIRE(rows.ok());
  CHECK(rows->columns == std::vector<std::string>{"one", "nothing", "s"});
  REQUIRE(rows->values.size() == 1);
  CHECK(rows->values[0] == std::vector<std::string>{"1", "", "x"});
  auto missing = (*session)->Query("SELECT * FROM no_such_db.no_such_table");
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.status().message().find("1146") != std::string::npos);
  // Multi-statements are off: two statements in one string are a syntax error, never run.
  CHECK_FALSE((*session)->Execute("SELECT 1; SELECT 2").ok());
}

TEST_CASE("live: a socket nobody listens on is an error, not a hang", "[live]") {
  connectors::ConnectOptions o;
  o.socket = "/nonexistent/mysqld.sock";
  o.connect_timeout_seconds = 2;
  auto session = connectors::Session::Connect(o);
  REQUIRE_FALSE(session.ok());
  CHECK(session.status().message().find("/nonexistent/mysqld.sock") != std::string::npos);
}

TEST_CASE("live: EXPLAIN before and after an index", "[live]") {
  auto opened = connectors::Session::Connect(Options());
  REQUIRE(opened.ok());
  connectors::Session& s = **opened;
  REQUIRE(s.Execute("CREATE DATABASE IF NOT EXISTS qadvisor_live").ok());
  REQUIRE(s.Execute("DROP TABLE IF EXISTS qadvisor_live.t").ok());
  REQUIRE(s.Execute("CREATE TABLE qadvisor_live.t (id INT PRIMARY KEY, b INT NOT NULL, "
                    "c VARCHAR(20) NOT NULL) ENGINE=InnoDB")
              .ok());
  // 20 000 rows from MariaDB's sequence engine.
  REQUIRE(s.Execute("INSERT INTO qadvisor_live.t SELECT seq, seq % 1000, CONCAT('v', seq) "
                    "FROM qadvisor_live.seq_1_to_20000")
              .ok());
  REQUIRE(s.Query("ANALYZE TABLE qadvisor_live.t")
              .ok());  // statistics for the plans  // ANALYZE returns a result set; Execute may
                       // report it as such
  auto explain = [&] {
    auto rows = s.Query("EXPLAIN FORMAT=JSON SELECT id, c FROM qadvisor_live.t WHERE b = 7");
    REQUIRE(rows.ok());
    REQUIRE(rows->values.size() == 1);
    auto plan = connectors::ReadExplainJson(rows->values[0][0]);
    REQUIRE(plan.ok());
    return std::move(plan).value();
  };
  const connectors::Plan before = explain();
  REQUIRE(before.tables.size() == 1);
  CHECK(before.tables[0].access_type == "ALL");
  REQUIRE(s.Execute("ALTER TABLE qadvisor_live.t ADD INDEX qadvisor_b (b), ALGORITHM=INPLACE, "
                    "LOCK=NONE")
              .ok());
  const connectors::Plan after = explain();
  CHECK(after.tables[0].access_type == "ref");
  CHECK(after.tables[0].key == "qadvisor_b");
  CHECK(after.RowsExamined() < before.RowsExamined() / 100);
  REQUIRE(s.Execute("DROP DATABASE qadvisor_live").ok());
}
