// The workload from a live server (connectors/workload_import.h): mysql.slow_log rows as
// slow-log events, and performance_schema's digest summary as whole classes — when the
// server runs with --performance-schema=ON; otherwise the error that says so is checked and
// the rest is skipped with a warning. Server settings are put back and the test's database,
// user and log rows removed, also when a check fails.
#include "connectors/workload_import.h"

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "analyzer/digest.h"
#include "connectors/session.h"
#include "parser/fingerprint.h"
#include "tests/live/live_server.h"

namespace {

using namespace qadvisor;

constexpr const char* kDb = "qadvisor_wl";

using live::Connect;
using live::Options;

std::string Global(connectors::Session& s, const std::string& name) {
  auto rows = s.Query("SELECT @@GLOBAL." + name);
  REQUIRE(rows.ok());
  return rows->values.at(0).at(0);
}

// Puts the slow-log settings back and removes what a test made, however it ends.
struct ServerGuard {
  connectors::Session& s;
  std::string log_output, slow_query_log, long_query_time;
  explicit ServerGuard(connectors::Session& session) : s(session) {
    log_output = Global(s, "log_output");
    slow_query_log = Global(s, "slow_query_log");
    long_query_time = Global(s, "long_query_time");
  }
  ~ServerGuard() {
    (void)s.Execute("SET GLOBAL log_output = '" + log_output + "', slow_query_log = " +
                    slow_query_log + ", long_query_time = " + long_query_time);
    (void)s.Execute("TRUNCATE TABLE mysql.slow_log");
    (void)s.Execute(std::string("DROP DATABASE IF EXISTS ") + kDb);
    (void)s.Execute("DROP USER IF EXISTS 'qadvisor_wl_np'@'localhost'");
  }
};

void MakeTable(connectors::Session& s) {
  REQUIRE(s.Execute(std::string("DROP DATABASE IF EXISTS ") + kDb).ok());
  REQUIRE(s.Execute(std::string("CREATE DATABASE ") + kDb).ok());
  REQUIRE(s.Execute(std::string("CREATE TABLE ") + kDb +
                    ".t (id INT PRIMARY KEY, b INT NOT NULL, c VARCHAR(20) NOT NULL)")
              .ok());
  // b = id % 10: each b value matches 10 of the 100 rows.
  REQUIRE(s.Execute(std::string("INSERT INTO ") + kDb + ".t SELECT seq, seq % 10, CONCAT('v', " +
                    "seq) FROM " + kDb + ".seq_1_to_100")
              .ok());
}

// The workload, run on a session of its own (global logging settings reach new sessions
// only): 5 lookups on b (10 rows each), 3 IN lists, 3 sleeps of which one is slow.
void RunWorkload() {
  connectors::ConnectOptions o = Options();
  o.database = kDb;
  auto opened = connectors::Session::Connect(o);
  REQUIRE(opened.ok());
  connectors::Session& s = **opened;
  for (int b : {1, 2, 3, 4, 5}) {
    auto rows = s.Query("SELECT * FROM t WHERE b = " + std::to_string(b));
    REQUIRE(rows.ok());
    REQUIRE(rows->values.size() == 10);
  }
  for (const char* list : {"1, 2", "3", "4, 5, 6"}) {
    REQUIRE(s.Query(std::string("SELECT id FROM t WHERE id IN (") + list + ")").ok());
  }
  for (const char* seconds : {"0.01", "0.3", "0"}) {
    REQUIRE(s.Query(std::string("SELECT SLEEP(") + seconds + ")").ok());
  }
}

// The server writes a statement's mysql.slow_log row, and adds it to performance_schema's
// digest summary, after the client has its result: the last statements of a workload may not be
// there yet when the client moves on (seen under load: SLEEP(0) missing from the slow log, the
// last statement from the summary). Waits, up to 10 s, until `count_sql` counts one row or more.
void WaitUntilRecorded(connectors::Session& s, const std::string& count_sql) {
  for (int i = 0; i < 200; ++i) {
    auto rows = s.Query(count_sql);
    REQUIRE(rows.ok());
    if (std::stoi(rows->values.at(0).at(0)) > 0) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  FAIL("nothing recorded after 10 s: " << count_sql);
}
void WaitUntilSlowLogged(connectors::Session& s, const std::string& sql_text) {
  WaitUntilRecorded(s, "SELECT COUNT(*) FROM mysql.slow_log WHERE sql_text = '" + sql_text + "'");
}

const analyzer::QueryClass* Find(const analyzer::Digest& d, std::string_view fingerprint) {
  for (const auto& c : d.classes()) {
    if (c->fingerprint == fingerprint) return c.get();
  }
  return nullptr;
}

}  // namespace

TEST_CASE("workload: digest texts into SQL, and cut-short ones recognised", "[workload]") {
  using connectors::DigestTextToSql;
  CHECK(DigestTextToSql("SELECT ID FROM `t` WHERE ID IN (...) ") ==
        "SELECT ID FROM `t` WHERE ID IN (?)");
  CHECK(DigestTextToSql("INSERT INTO `t` VALUES (...) /* , ... */ ") ==
        "INSERT INTO `t` VALUES (?)");
  CHECK(DigestTextToSql("SELECT `c` FROM `t` LIMIT ?, ... ") == "SELECT `c` FROM `t` LIMIT ?, ?");
  CHECK(DigestTextToSql("SELECT `a(...)b` FROM `x``(...)`") == "SELECT `a(...)b` FROM `x``(...)`");
  // MariaDB names interval units as ODBC does.
  CHECK(DigestTextToSql("SELECT * FROM `t` WHERE `d` > NOW ( ) - INTERVAL ? SQL_TSI_DAY ") ==
        "SELECT * FROM `t` WHERE `d` > NOW ( ) - INTERVAL ? DAY");
  CHECK(DigestTextToSql("SELECT EXTRACT ( SQL_TSI_HOUR FROM `SQL_TSI_X` ) ") ==
        "SELECT EXTRACT ( HOUR FROM `SQL_TSI_X` )");
  // The class of a digest text is the class of the statements it stands for.
  CHECK(parser::Fingerprint(DigestTextToSql("SELECT ID FROM `t` WHERE ID IN (...) ")) ==
        parser::Fingerprint("select id from t where id in (1, 2, 3)"));
  CHECK(parser::Fingerprint(DigestTextToSql("SELECT `c` FROM `t` LIMIT ?, ... ")) ==
        parser::Fingerprint("SELECT c FROM t LIMIT 5, 10"));

  using connectors::DigestTextTruncated;
  // Measured on MariaDB 10.11 with performance_schema_max_digest_length=60: this text holds
  // 59 bytes of tokens and the next one (`=`, 2 bytes) did not fit.
  const std::string cut = "SELECT ID , `b` , `c` , ID + ? , ID + ? , `b` + ? FROM `t` WHERE `b` ";
  CHECK(DigestTextTruncated(cut, 60));
  CHECK_FALSE(DigestTextTruncated(cut, 1024));
  CHECK_FALSE(DigestTextTruncated("SELECT * FROM `t` WHERE `b` = ? ", 1024));
  CHECK_FALSE(DigestTextTruncated("SELECT `c` FROM `t` LIMIT ?, ... ", 1024));
  CHECK_FALSE(DigestTextTruncated("SELECT ?, ...", 1024));                // a list, not a mark
  CHECK(DigestTextTruncated("SELECT `a` FROM `t` WHERE `b` ...", 1024));  // a mark
  std::string wide = "SELECT ";
  for (int i = 0; i < 120; ++i) wide += "`column_" + std::to_string(i) + "` , ";
  CHECK(DigestTextTruncated(wide, 1024));

  connectors::WorkloadSource source{};
  CHECK(connectors::ParseWorkloadSource("performance_schema", &source));
  CHECK(source == connectors::WorkloadSource::kPerformanceSchema);
  CHECK(connectors::ParseWorkloadSource("slow_log_table", &source));
  CHECK(source == connectors::WorkloadSource::kSlowLogTable);
  CHECK_FALSE(connectors::ParseWorkloadSource("general_log", &source));
}

TEST_CASE("live: the workload from mysql.slow_log", "[live][workload]") {
  auto admin = Connect();
  connectors::Session& s = *admin;
  ServerGuard guard(s);
  MakeTable(s);
  REQUIRE(
      s.Execute("SET GLOBAL log_output = 'TABLE', slow_query_log = 1, long_query_time = 0").ok());
  REQUIRE(s.Execute("TRUNCATE TABLE mysql.slow_log").ok());
  RunWorkload();
  {
    // A statement run without a default database (as tools and qadvisor itself run theirs).
    auto tool = Connect();
    REQUIRE(tool->Query(std::string("SELECT c FROM ") + kDb + ".t WHERE id = 1").ok());
  }
  WaitUntilSlowLogged(s, "SELECT SLEEP(0)");
  WaitUntilSlowLogged(s, std::string("SELECT c FROM ") + kDb + ".t WHERE id = 1");

  connectors::WorkloadOptions options;
  options.source = connectors::WorkloadSource::kSlowLogTable;
  options.databases = {kDb};
  auto imported = connectors::ImportWorkload(s, options);
  INFO(imported.status().message());
  REQUIRE(imported.ok());
  const analyzer::DigestRun& run = *imported;
  CHECK(run.files == std::vector<std::string>{"mysql.slow_log"});
  CHECK(run.issues.empty());
  CHECK(run.bytes > 0);

  const analyzer::QueryClass* lookup = Find(run.digest, "select * from t where b = ?");
  REQUIRE(lookup);
  CHECK(lookup->count == 5);
  REQUIRE(lookup->Metric(analyzer::kQueryTime));
  CHECK(lookup->Metric(analyzer::kQueryTime)->count() == 5);
  REQUIRE(lookup->Metric(analyzer::kRowsSent));
  CHECK(lookup->Metric(analyzer::kRowsSent)->sum() == 50 * 1'000'000);
  CHECK(lookup->Metric(analyzer::kRowsSent)->integral());
  CHECK(lookup->databases.Sorted() == std::vector<std::pair<std::string, uint64_t>>{{kDb, 5}});
  CHECK(lookup->users.Sorted().at(0).first == "root");
  CHECK(lookup->hosts.Sorted().at(0).first == "localhost");
  CHECK(lookup->sample.query.starts_with("SELECT * FROM t WHERE b = "));
  CHECK(lookup->sample.db == kDb);
  CHECK(lookup->sample.line > 0);
  CHECK(lookup->first_seen != parser::kNoTimestamp);

  const analyzer::QueryClass* in = Find(run.digest, "select id from t where id in(?+)");
  REQUIRE(in);
  CHECK(in->count == 3);

  // The sample is the slowest statement's real text.
  const analyzer::QueryClass* sleep = Find(run.digest, "select sleep(?)");
  REQUIRE(sleep);
  CHECK(sleep->count == 3);
  CHECK(sleep->sample.query == "SELECT SLEEP(0.3)");
  CHECK(sleep->sample.query_time >= 300'000);
  CHECK(sleep->Metric(analyzer::kQueryTime)->max() >= 300'000);

  SECTION("a row limit reads the newest rows and says so") {
    options.max_rows = 3;
    auto newest = connectors::ImportWorkload(s, options);
    REQUIRE(newest.ok());
    CHECK(newest->digest.events() == 3);
    const analyzer::QueryClass* last = Find(newest->digest, "select sleep(?)");
    REQUIRE(last);
    CHECK(last->count == 3);
    REQUIRE(newest->issues.size() == 1);
    CHECK(newest->issues[0].issue.message.find("oldest rows were not read") != std::string::npos);
  }
  SECTION("no rows for the databases asked for") {
    options.databases = {"qadvisor_no_such_db"};
    auto none = connectors::ImportWorkload(s, options);
    REQUIRE_FALSE(none.ok());
    CHECK(none.status().message().find("none for the databases qadvisor_no_such_db") !=
          std::string::npos);
  }
  SECTION("every non-system database when none is named") {
    options.databases = {};
    auto all = connectors::ImportWorkload(s, options);
    REQUIRE(all.ok());
    const analyzer::QueryClass* c = Find(all->digest, "select * from t where b = ?");
    REQUIRE(c);
    CHECK(c->count == 5);
    // Statements without a default database are left out, this import's own among them.
    CHECK_FALSE(Find(all->digest, "select c from qadvisor_wl.t where id = ?"));
    for (const auto& k : all->digest.classes()) {
      CHECK(k->fingerprint.find("slow_log") == std::string::npos);
    }
  }
  SECTION("an empty log with logging off says what to run") {
    REQUIRE(s.Execute("SET GLOBAL slow_query_log = 0").ok());
    REQUIRE(s.Execute("TRUNCATE TABLE mysql.slow_log").ok());
    auto empty = connectors::ImportWorkload(s, options);
    REQUIRE_FALSE(empty.ok());
    CHECK(empty.status().message().find("SET GLOBAL log_output='TABLE', slow_query_log=ON") !=
          std::string::npos);
  }
  SECTION("a user without SELECT on mysql.slow_log is told what to grant") {
    REQUIRE(s.Execute("CREATE USER 'qadvisor_wl_np'@'localhost' IDENTIFIED BY 'np-secret'").ok());
    connectors::ConnectOptions o = Options();
    o.user = "qadvisor_wl_np";
    o.password = "np-secret";
    auto weak = connectors::Session::Connect(o);
    REQUIRE(weak.ok());
    auto denied = connectors::ImportWorkload(**weak, options);
    REQUIRE_FALSE(denied.ok());
    CHECK(denied.status().message().find("GRANT SELECT ON mysql.slow_log") != std::string::npos);
  }
}

TEST_CASE("live: the workload from performance_schema", "[live][workload]") {
  auto admin = Connect();
  connectors::Session& s = *admin;
  ServerGuard guard(s);
  connectors::WorkloadOptions options;
  options.source = connectors::WorkloadSource::kPerformanceSchema;
  options.databases = {kDb};
  if (Global(s, "performance_schema") != "1") {
    // The error must say how to turn it on; the rest needs a server started with it.
    auto off = connectors::ImportWorkload(s, options);
    REQUIRE_FALSE(off.ok());
    CHECK(off.status().message().find("--performance-schema=ON") != std::string::npos);
    WARN(
        "performance_schema is OFF on this server (start it with --performance-schema=ON): "
        "the performance_schema import was not tested");
    return;
  }
  MakeTable(s);
  REQUIRE(s.Execute("TRUNCATE TABLE performance_schema.events_statements_summary_by_digest").ok());
  RunWorkload();
  {
    // A statement whose digest is longer than max_digest_length (1024 bytes of tokens).
    connectors::ConnectOptions o = Options();
    o.database = kDb;
    auto opened = connectors::Session::Connect(o);
    REQUIRE(opened.ok());
    std::string wide = "SELECT id";
    for (int i = 0; i < 200; ++i) wide += ", id + " + std::to_string(i);
    REQUIRE((*opened)->Query(wide + " FROM t WHERE id = 1").ok());
  }
  WaitUntilRecorded(s, std::string("SELECT COUNT(*) FROM "
                                   "performance_schema.events_statements_summary_by_digest "
                                   "WHERE SCHEMA_NAME = '") +
                           kDb + "' AND REPLACE(DIGEST_TEXT, '`', '') LIKE 'SELECT id , id + ?%'");

  auto imported = connectors::ImportWorkload(s, options);
  INFO(imported.status().message());
  REQUIRE(imported.ok());
  const analyzer::DigestRun& run = *imported;
  CHECK(run.files ==
        std::vector<std::string>{"performance_schema.events_statements_summary_by_digest"});

  const analyzer::QueryClass* lookup = Find(run.digest, "select * from t where b = ?");
  REQUIRE(lookup);
  CHECK(lookup->count == 5);
  const analyzer::Distribution* qt = lookup->Metric(analyzer::kQueryTime);
  REQUIRE(qt);
  CHECK(qt->count() == 5);
  CHECK(qt->sum() > 0);
  CHECK(qt->min() <= qt->max());
  CHECK(lookup->Metric(analyzer::kRowsSent)->sum() == 50 * 1'000'000);
  CHECK(lookup->Metric(analyzer::kRowsExamined)->count() == 5);
  CHECK(lookup->databases.Sorted() == std::vector<std::pair<std::string, uint64_t>>{{kDb, 5}});
  CHECK(lookup->first_seen != parser::kNoTimestamp);
  // MariaDB keeps no sample text: the digest text, `?` where the values were.
  if (!s.mariadb()) {
    CHECK(lookup->sample.query.starts_with("SELECT * FROM t WHERE b = "));
  } else {
    CHECK(lookup->sample.query == "SELECT * FROM `t` WHERE `b` = ?");
  }
  const analyzer::QueryClass* in = Find(run.digest, "select id from t where id in(?+)");
  REQUIRE(in);
  CHECK(in->count == 3);
  const analyzer::QueryClass* sleep = Find(run.digest, "select sleep(?)");
  REQUIRE(sleep);
  CHECK(sleep->count == 3);
  CHECK(sleep->Metric(analyzer::kQueryTime)->max() >= 300'000);
  CHECK(sleep->Metric(analyzer::kQueryTime)->sum() >= 310'000);

  // The wide statement's digest was cut short: skipped and reported, not advised on.
  CHECK(run.skipped == 1);
  REQUIRE(run.issues.size() == 1);
  CHECK(run.issues[0].issue.message.find("cut short") != std::string::npos);
  for (const auto& c : run.digest.classes()) {
    CHECK(c->fingerprint.find("id + ? , id + ? , id + ? , id + ? , id + ? , id + ? , id + ? ,") ==
          std::string::npos);
  }

  SECTION("a user without SELECT on performance_schema is told what to grant") {
    REQUIRE(s.Execute("CREATE USER 'qadvisor_wl_np'@'localhost' IDENTIFIED BY 'np-secret'").ok());
    connectors::ConnectOptions o = Options();
    o.user = "qadvisor_wl_np";
    o.password = "np-secret";
    auto weak = connectors::Session::Connect(o);
    REQUIRE(weak.ok());
    auto denied = connectors::ImportWorkload(**weak, options);
    REQUIRE_FALSE(denied.ok());
    CHECK(denied.status().message().find("GRANT SELECT ON performance_schema") !=
          std::string::npos);
  }
  SECTION("with the digest consumer off, the empty table says which consumer") {
    REQUIRE(s.Execute("UPDATE performance_schema.setup_consumers SET ENABLED = 'NO' WHERE NAME = "
                      "'statements_digest'")
                .ok());
    REQUIRE(
        s.Execute("TRUNCATE TABLE performance_schema.events_statements_summary_by_digest").ok());
    auto empty = connectors::ImportWorkload(s, options);
    REQUIRE(s.Execute("UPDATE performance_schema.setup_consumers SET ENABLED = 'YES' WHERE NAME = "
                      "'statements_digest'")
                .ok());
    REQUIRE_FALSE(empty.ok());
    CHECK(empty.status().message().find("'statements_digest'") != std::string::npos);
  }
}
