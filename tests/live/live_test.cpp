// Live tests against a real MariaDB that tests/live/run.sh starts on a private socket
// (QADVISOR_LIVE_SOCKET): the Connector/C++ session, errors as Statuses, multi-statements off,
// and EXPLAIN FORMAT=JSON read before and after an index.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "analyzer/catalog.h"
#include "connectors/explain.h"
#include "connectors/schema_import.h"
#include "connectors/session.h"
#include "parser/parser.h"
#include "parser/splitter.h"
#include "tests/live/live_server.h"

namespace {

using namespace qadvisor;

using live::Options;

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

// The schema read back from the server equals the catalog built from the DDL file that made it.
TEST_CASE("live: schema import equals the DDL file's catalog", "[live]") {
  const std::string path =
      std::string(QADVISOR_CORPUS_DIR) + "/explain/mariadb-10.11/00-schema.sql";
  std::ifstream in(path);
  if (!in) {
    WARN("corpus not found: " << path);
    return;
  }
  std::stringstream text;
  text << in.rdbuf();
  auto opened = connectors::Session::Connect(Options());
  REQUIRE(opened.ok());
  connectors::Session& s = **opened;
  const std::string script = text.str();  // the statements point into it
  for (const parser::StatementText& st : parser::SplitStatements(script)) {
    INFO(st.text);
    const Status status = s.Execute(st.text);
    REQUIRE(status.ok());
  }
  analyzer::Catalog from_file({.flavor = analyzer::Flavor::kMariaDB});
  from_file.Apply(parser::Parse(script), "00-schema.sql");
  analyzer::Catalog from_server({.flavor = analyzer::Flavor::kMariaDB});
  REQUIRE(connectors::ImportSchema(s, from_server, {.databases = {"lab"}}).ok());
  CHECK(from_server.issues().empty());

  REQUIRE(from_server.tables().size() == from_file.tables().size());
  for (const analyzer::Table& f : from_file.tables()) {
    INFO("table " << f.name);
    const analyzer::Table* t = from_server.FindTable("lab", f.name);
    REQUIRE(t != nullptr);
    REQUIRE(t->columns.size() == f.columns.size());
    for (size_t i = 0; i < f.columns.size(); ++i) {
      const analyzer::Column& a = f.columns[i];
      const analyzer::Column& b = t->columns[i];
      INFO("column " << a.name);
      CHECK(a.name == b.name);
      CHECK(a.family == b.family);
      CHECK(a.nullable == b.nullable);
      CHECK(a.is_unsigned == b.is_unsigned);
      CHECK(a.charset == b.charset);
      CHECK(a.collation == b.collation);
    }
    REQUIRE(t->indexes.size() == f.indexes.size());
    for (size_t i = 0; i < f.indexes.size(); ++i) {
      INFO("index " << f.indexes[i].name);
      CHECK(f.indexes[i].name == t->indexes[i].name);
      CHECK(f.indexes[i].kind == t->indexes[i].kind);
      CHECK(f.indexes[i].DescribeParts() == t->indexes[i].DescribeParts());
    }
    CHECK(t->rows.has_value());  // the server's statistics came along
  }
  REQUIRE(s.Execute("DROP DATABASE lab").ok());
}

TEST_CASE("live: a JSON column read back from MariaDB is JSON", "[live]") {
  // MariaDB stores JSON as LONGTEXT with CHECK (json_valid(…)) and SHOW CREATE TABLE says so;
  // the sandbox generates values from the imported catalog, which must still see JSON.
  auto opened = connectors::Session::Connect(Options());
  REQUIRE(opened.ok());
  connectors::Session& s = **opened;
  REQUIRE(s.Execute("DROP DATABASE IF EXISTS jlab").ok());
  REQUIRE(s.Execute("CREATE DATABASE jlab").ok());
  REQUIRE(
      s.Execute("CREATE TABLE jlab.p (id INT PRIMARY KEY, settings JSON, plain LONGTEXT)").ok());
  analyzer::Catalog imported({.flavor = analyzer::Flavor::kMariaDB});
  REQUIRE(connectors::ImportSchema(s, imported, {.databases = {"jlab"}}).ok());
  const analyzer::Table* t = imported.FindTable("jlab", "p");
  REQUIRE(t != nullptr);
  CHECK(t->FindColumn("settings")->family == analyzer::TypeFamily::kJson);
  CHECK(t->FindColumn("plain")->family == analyzer::TypeFamily::kString);
  REQUIRE(s.Execute("DROP DATABASE jlab").ok());
}
