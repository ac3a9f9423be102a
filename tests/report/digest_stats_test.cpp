// The per-class figures pt-query-digest users read (stddev, V/M, QPS, concurrency, the tables
// with the lines to inspect them) and sampled logs, in the text, Markdown and JSON reports.
// Expected values are worked out here from the events the test adds.
#include <fmt/format.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "analyzer/digest_runner.h"
#include "report/digest_report.h"

namespace qadvisor::report {
namespace {

using nlohmann::json;

struct Logged {
  const char* query;
  const char* query_time;
  int64_t second;    // timestamp: seconds after kStart
  const char* rate;  // Log_slow_rate_limit, or nullptr
};

constexpr int64_t kStart = 1700000000;

analyzer::DigestRun RunOf(const std::vector<Logged>& events) {
  analyzer::DigestRun run;
  run.files = {"slow.log"};
  for (size_t i = 0; i < events.size(); ++i) {
    std::vector<parser::Attribute> attributes{{"Query_time", events[i].query_time}};
    if (events[i].rate) {
      attributes.push_back({"Log_slow_rate_type", "query"});
      attributes.push_back({"Log_slow_rate_limit", events[i].rate});
    }
    parser::Event e;
    e.query = events[i].query;
    e.db = "shop";
    e.offset = i * 100;
    e.timestamp_us = (kStart + events[i].second) * 1000000;
    e.attributes = attributes;
    run.digest.Add(e, 0);
  }
  return run;
}

const json* ClassWithCount(const json& report, uint64_t count) {
  for (const json& c : report["classes"]) {
    if (c["count"] == count) return &c;
  }
  return nullptr;
}

TEST_CASE("sampled events count as many executions as their rate, and the report says so") {
  // Class A: 1 in 10 logged, two events; class B: logged in full, three events.
  const analyzer::DigestRun run = RunOf({
      {"select * from orders where id = 1", "0.5", 0, "10"},
      {"select * from orders where id = 2", "1.5", 20, "10"},
      {"select * from users where id = 7", "0.1", 5, nullptr},
      {"select * from users where id = 8", "0.2", 6, nullptr},
      {"select * from users where id = 9", "0.3", 10, nullptr},
  });
  CHECK(run.digest.events() == 2 * 10 + 3);
  const json report = json::parse(RenderDigestJson(run, DigestReportOptions{}));
  const json* a = ClassWithCount(report, 20);
  const json* b = ClassWithCount(report, 3);
  REQUIRE(a != nullptr);
  REQUIRE(b != nullptr);
  // Sums scale with the rate: (0.5 + 1.5) x 10.
  CHECK((*a)["metrics"]["query_time"]["sum"].get<double>() == Approx(20.0));
  CHECK((*a)["sampled"]["logged_events"] == 2);
  CHECK((*a)["sampled"]["rate_min"] == 10);
  CHECK((*a)["sampled"]["rate_max"] == 10);
  CHECK((*b)["sampled"].is_null());
  CHECK(report["sampled"]["logged_events"] == 2);
  // The rate is not a metric.
  CHECK_FALSE((*a)["metrics"].contains("log_slow_rate_limit"));
  // QPS over the class's range: 20 executions in 20 s; concurrency: 20 s of work in 20 s.
  CHECK((*a)["qps"].get<double>() == Approx(1.0));
  CHECK((*a)["concurrency"].get<double>() == Approx(1.0));
  // B: 3 in 5 s, 0.6 s of work.
  CHECK((*b)["qps"].get<double>() == Approx(3.0 / 5));
  CHECK((*b)["concurrency"].get<double>() == Approx(0.6 / 5));
  // The log: 23 executions from second 0 to 20.
  CHECK(report["qps"].get<double>() == Approx(23.0 / 20));

  const std::string text = RenderDigestText(run, DigestReportOptions{});
  CHECK_THAT(text, Catch::Contains("# Sampled: counts scaled x10 from a sampled log"));
  CHECK_THAT(text, Catch::Contains("# Overall: 23 events, 2 unique, 0 skipped, 1.15 QPS"));
  const std::string md = RenderDigestMarkdown(run, DigestReportOptions{});
  CHECK_THAT(md, Catch::Contains("- Sampled: counts scaled x10 from a sampled log"));
}

TEST_CASE("stddev and V/M of Query_time, as computed from the values") {
  const analyzer::DigestRun run = RunOf({
      {"select 1", "1", 0, nullptr},
      {"select 1", "2", 1, nullptr},
      {"select 1", "6", 2, nullptr},
  });
  // Mean 3; squared deviations 4, 1, 9: population variance 14/3.
  const double variance = 14.0 / 3;
  const json report = json::parse(RenderDigestJson(run, DigestReportOptions{}));
  const json& c = report["classes"][0];
  CHECK(c["metrics"]["query_time"]["stddev"].get<double>() ==
        Approx(std::sqrt(variance)).margin(1e-6));
  CHECK(c["variance_to_mean"].get<double>() == Approx(variance / 3));
  CHECK(c["metrics"]["query_time"]["sum_squares"].get<double>() == 1 + 4 + 36);
  // Query_length: 8 bytes each.
  CHECK(c["metrics"]["query_length"]["sum"].get<double>() == 24);
  const std::string text = RenderDigestText(run, DigestReportOptions{});
  CHECK_THAT(text, Catch::Contains(fmt::format("# Scores: V/M = {:.2f}\n", variance / 3)));
}

TEST_CASE("a class's tables, with the SHOW and EXPLAIN lines to run") {
  const analyzer::DigestRun run = RunOf({
      {"select o.id from orders o join crm.`it's` c on c.id = o.customer_id", "1", 0, nullptr},
      {"show processlist", "0.1", 1, nullptr},
  });
  const json report = json::parse(RenderDigestJson(run, DigestReportOptions{}));
  const json& join = report["classes"][0];
  REQUIRE(join["tables"].size() == 2);
  // Unqualified: the event's database; quotes and backticks escaped.
  CHECK(join["tables"][0]["db"] == "shop");
  CHECK(join["tables"][0]["name"] == "orders");
  CHECK(join["tables"][0]["create"] == "SHOW CREATE TABLE `shop`.`orders`\\G");
  CHECK(join["tables"][0]["status"] == "SHOW TABLE STATUS FROM `shop` LIKE 'orders'\\G");
  CHECK(join["tables"][1]["create"] == "SHOW CREATE TABLE `crm`.`it's`\\G");
  CHECK(join["tables"][1]["status"] == "SHOW TABLE STATUS FROM `crm` LIKE 'it\\'s'\\G");
  CHECK(join["explain"] == std::string("EXPLAIN ") + run.digest.classes()[0]->sample.query + "\\G");
  const json& show = report["classes"][1];
  CHECK(show["tables"].empty());
  CHECK(show["explain"].is_null());

  const std::string text = RenderDigestText(run, DigestReportOptions{});
  CHECK_THAT(text, Catch::Contains("# Tables\n#    SHOW TABLE STATUS FROM `shop` LIKE 'orders'\\G\n"
                                   "#    SHOW CREATE TABLE `shop`.`orders`\\G\n"));
  CHECK_THAT(text, Catch::Contains("# EXPLAIN\nselect o.id from orders o"));
  const std::string md = RenderDigestMarkdown(run, DigestReportOptions{});
  CHECK_THAT(md, Catch::Contains("SHOW CREATE TABLE `crm`.`it's`\\G\n"));
  CHECK_THAT(md, Catch::Contains("EXPLAIN select o.id from orders o"));
}

TEST_CASE("EXPLAIN is offered by the sample's first word, past comments and hints") {
  const std::vector<std::pair<const char*, bool>> samples = {
      {"/* app:checkout */ SELECT id FROM orders WHERE id = 1", true},
      {"-- trace\nupdate orders set state = 'x' where id = 2", true},
      {"SELECT /*!40001 SQL_NO_CACHE */ * FROM carts", true},
      {"/*!40101 SET NAMES utf8mb4 */", false},  // a version comment's text is SQL
      {"(select a from t1) union (select a from t2)", true},
      {"WITH r AS (SELECT 1) SELECT * FROM r", true},
      {"Insert into log values (1)", true},
      {"replace into kv values (1, 2)", true},
      {"TABLE orders", true},
      {"VALUES ROW(1, 2)", true},
      {"SET @a = 1", false},
      {"/* only a comment */", false},
      {"`select` from nowhere", false},
      {"call refresh_totals()", false},
      {"/* cut off", false},
  };
  for (const auto& [query, explainable] : samples) {
    INFO(query);
    const analyzer::DigestRun run = RunOf({{query, "1", 0, nullptr}});
    const json report = json::parse(RenderDigestJson(run, DigestReportOptions{}));
    REQUIRE(report["classes"].size() == 1);
    CHECK(report["classes"][0]["explain"].is_null() == !explainable);
  }
}

TEST_CASE("the JSON of a digest of many classes is handed on in pieces that make up the report") {
  // 3,000 classes: several MiB of JSON, which WriteDigestJson hands on about a MiB at a time.
  std::vector<std::string> queries;
  std::vector<Logged> events;
  for (int i = 0; i < 3000; ++i)
    queries.push_back(fmt::format("select * from t{} where id = 1", i));
  for (int i = 0; i < 3000; ++i) events.push_back({queries[i].c_str(), "0.25", i, nullptr});
  const analyzer::DigestRun run = RunOf(events);
  DigestReportOptions all;
  all.limit.count = 0;  // every class
  std::string joined;
  size_t pieces = 0, largest = 0;
  WriteDigestJson(run, all, [&](std::string_view piece) {
    joined += piece;
    ++pieces;
    largest = std::max(largest, piece.size());
  });
  const std::string whole = RenderDigestJson(run, all);
  CHECK(joined == whole);
  CHECK(whole.size() > 3 * (size_t{1} << 20));
  CHECK(pieces >= whole.size() >> 20);
  CHECK(largest < (size_t{2} << 20));  // a class or a state past the MiB, never the report
  // Two threads write the classes, one from each end: all are there, in rank order.
  const json parsed = json::parse(joined);
  REQUIRE(parsed["classes"].size() == 3000);
  std::set<std::string> ids;
  for (size_t i = 0; i < 3000; ++i) {
    CHECK(parsed["classes"][i]["rank"] == i + 1);
    ids.insert(parsed["classes"][i]["id"].get<std::string>());
  }
  CHECK(ids.size() == 3000);
  // Each class written the same whichever thread wrote it: the same keys.
  std::set<std::string> shapes;
  for (const json& c : parsed["classes"]) {
    std::string keys;
    for (const auto& [k, v] : c.items()) keys += k + ",";
    shapes.insert(keys);
  }
  CHECK(shapes.size() == 1);
}

TEST_CASE("a digest's JSON is the same bytes whichever order it met attribute names in") {
  // Worker threads meet names in the order their batches bring them, so the digest's own metric
  // and flag ids differ run to run; the state numbers them by name.
  struct Raw {
    const char* query;
    std::vector<parser::Attribute> attributes;
  };
  const std::vector<Raw> events = {
      {"select a from t where id = 1",
       {{"Query_time", "0.5"}, {"Rows_affected", "3"}, {"Full_scan", "Yes"}}},
      {"select b from u where id = 2",
       {{"Query_time", "0.25"}, {"Tmp_tables", "1"}, {"QC_Hit", "No"}, {"Bytes_sent", "90"}}},
      {"select a from t where id = 3",
       {{"Query_time", "0.125"}, {"Bytes_sent", "40"}, {"Full_scan", "No"}}},
  };
  auto run_in = [&](const std::vector<size_t>& order) {
    analyzer::DigestRun run;
    run.files = {"slow.log"};
    for (const size_t i : order) {
      parser::Event e;
      e.query = events[i].query;
      e.db = "shop";
      e.offset = i * 100;
      e.timestamp_us = (kStart + static_cast<int64_t>(i)) * 1000000;
      e.attributes = events[i].attributes;
      run.digest.Add(e, 0);
    }
    return RenderDigestJson(run, DigestReportOptions{});
  };
  const std::string forward = run_in({0, 1, 2});
  const std::string backward = run_in({2, 1, 0});
  CHECK(forward == backward);
  // Core metrics first, then the others by name.
  const json metrics = json::parse(forward)["state"]["metrics"];
  CHECK(metrics == json::array({"Query_time", "Lock_time", "Rows_sent", "Rows_examined",
                                "Query_length", "Bytes_sent", "Rows_affected", "Tmp_tables"}));
  CHECK(json::parse(forward)["state"]["flags"] == json::array({"Full_scan", "QC_Hit"}));
}

}  // namespace
}  // namespace qadvisor::report
