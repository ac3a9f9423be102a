// The digest reports print each time attribute in the unit its server wrote it in: MariaDB's
// Engine_time and Pages_read_time are milliseconds, Query_time, Lock_time and Percona's
// InnoDB_*_wait seconds. Printing milliseconds as seconds made them 1000x too large.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "analyzer/digest.h"
#include "analyzer/digest_runner.h"
#include "report/digest_report.h"

namespace qadvisor::report {
namespace {

// Two events of one class: a MariaDB event with log_slow_verbosity=engine and a Percona
// Server event with its InnoDB statistics.
constexpr std::string_view kLog = R"(# Time: 240501 10:00:00
# User@Host: app[app] @ localhost []
# Thread_id: 5  Schema: shop  QC_hit: No
# Query_time: 0.332261  Lock_time: 0.000198  Rows_sent: 3  Rows_examined: 200000
# Rows_affected: 0  Bytes_sent: 180
# Pages_accessed: 4000  Pages_read: 400  Pages_prefetched: 0  Pages_updated: 0  Old_rows_read: 0
# Pages_read_time: 20.0000  Engine_time: 265.8089
SET timestamp=1714557600;
select * from orders where total > 10;
# Time: 240501 10:00:01
# User@Host: app[app] @ localhost []
# Thread_id: 6  Schema: shop  QC_hit: No
# Query_time: 0.150000  Lock_time: 0.000002  Rows_sent: 3  Rows_examined: 200000
# Rows_affected: 0  Bytes_sent: 180
# Pages_accessed: 4000  Pages_read: 0  Pages_prefetched: 0  Pages_updated: 0  Old_rows_read: 0
# Pages_read_time: 0.0000  Engine_time: 100.0000
# InnoDB_IO_r_ops: 2  InnoDB_IO_r_bytes: 32768  InnoDB_IO_r_wait: 0.012000
# InnoDB_rec_lock_wait: 0.000500  InnoDB_queue_wait: 0.000000
SET timestamp=1714557601;
select * from orders where total > 20;
)";

class TempLog {
 public:
  explicit TempLog(std::string_view text) {
    char path[] = "/tmp/qadvisor-units-XXXXXX";
    const int fd = ::mkstemp(path);
    REQUIRE(fd >= 0);
    REQUIRE(::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size()));
    ::close(fd);
    path_ = path;
  }
  ~TempLog() { std::remove(path_.c_str()); }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// The line of the class's attribute table that starts with `# <name> `.
std::string Row(const std::string& report, std::string_view name) {
  const std::string prefix = "\n# " + std::string(name) + " ";
  const size_t at = report.rfind(prefix);
  if (at == std::string::npos) return "";
  return report.substr(at + 1, report.find('\n', at + 1) - at - 1);
}

TEST_CASE("UnitOf: MariaDB's handler times are milliseconds, other times seconds") {
  using analyzer::MetricUnit;
  CHECK(analyzer::UnitOf("Engine_time") == MetricUnit::kMilliseconds);
  CHECK(analyzer::UnitOf("Pages_read_time") == MetricUnit::kMilliseconds);
  CHECK(analyzer::UnitOf("Query_time") == MetricUnit::kSeconds);
  CHECK(analyzer::UnitOf("Lock_time") == MetricUnit::kSeconds);
  CHECK(analyzer::UnitOf("InnoDB_IO_r_wait") == MetricUnit::kSeconds);
  CHECK(analyzer::UnitOf("InnoDB_rec_lock_wait") == MetricUnit::kSeconds);
  CHECK(analyzer::UnitOf("InnoDB_queue_wait") == MetricUnit::kSeconds);
  CHECK(analyzer::UnitOf("Pages_read") == MetricUnit::kCount);
  CHECK(analyzer::UnitOf("Bytes_sent") == MetricUnit::kCount);
  CHECK(analyzer::UnitOf("Tmp_table_sizes") == MetricUnit::kCount);
}

TEST_CASE("digest text prints Engine_time and Pages_read_time in milliseconds") {
  TempLog log(kLog);
  Result<analyzer::DigestRun> run = analyzer::RunDigest({log.path()}, {});
  REQUIRE(run.ok());
  REQUIRE(run->digest.events() == 2);
  const std::string text = RenderDigestText(*run, DigestReportOptions{});
  INFO(text);
  // pct, total, min, max, …: 365.8 ms in all, 100 and 265.8 ms per event (whole milliseconds
  // are printed as Query_time's are). Read as seconds, they were "366s", "100s", "266s".
  CHECK_THAT(Row(text, "Engine_time"),
             Catch::Matches(R"(# Engine_time +\d+ +365ms +100ms +265ms .*)"));
  CHECK_THAT(Row(text, "Pages_read_time"),
             Catch::Matches(R"(# Pages_read_time +\d+ +20ms +0us +20ms .*)"));
  // Seconds stay seconds.
  CHECK_THAT(Row(text, "Exec time"), Catch::Matches(R"(# Exec time +\d+ +482ms +150ms +332ms .*)"));
  CHECK_THAT(Row(text, "Lock time"), Catch::Matches(R"(# Lock time +\d+ +200us +2us +198us .*)"));
  CHECK_THAT(Row(text, "InnoDB_IO_r_wait"),
             Catch::Matches(R"(# InnoDB_IO_r_wait +\d+ +12ms +12ms +12ms .*)"));
  CHECK_THAT(Row(text, "InnoDB_rec_lock_wait"),
             Catch::Matches(R"(# InnoDB_rec_lock_wait +\d+ +500us .*)"));
  // Counts stay counts.
  CHECK_THAT(Row(text, "Pages_read"), Catch::Matches(R"(# Pages_read +\d+ +400 +0 +400 .*)"));
}

TEST_CASE("digest JSON keeps each metric in the log's unit") {
  TempLog log(kLog);
  Result<analyzer::DigestRun> run = analyzer::RunDigest({log.path()}, {});
  REQUIRE(run.ok());
  const std::string json = RenderDigestJson(*run, DigestReportOptions{});
  INFO(json);
  const size_t at = json.find("\"engine_time\": {");
  REQUIRE(at != std::string::npos);
  CHECK_THAT(json.substr(at, 80), Catch::Contains("\"sum\": 365.8089,"));
}

}  // namespace
}  // namespace qadvisor::report
