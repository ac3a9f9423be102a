// Weighted adds (Distribution::Add(value, n)) and whole classes from a server's summary
// (Digest::AddSummary): the same statistics as the events they stand for.
#include <catch2/catch.hpp>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "analyzer/digest.h"
#include "analyzer/distribution.h"

namespace qadvisor::analyzer {
namespace {

// Every statistic a report reads, for comparing two distributions.
void RequireSame(const Distribution& a, const Distribution& b) {
  REQUIRE(a.count() == b.count());
  CHECK(a.sum() == b.sum());
  CHECK(a.min() == b.min());
  CHECK(a.max() == b.max());
  CHECK(a.integral() == b.integral());
  CHECK(a.Average() == b.Average());
  for (double p : {0.01, 0.25, 0.5, 0.9, 0.95, 0.99, 1.0}) {
    INFO("p=" << p);
    CHECK(a.Percentile(p) == b.Percentile(p));
  }
  std::vector<std::pair<int64_t, uint64_t>> va, vb;
  a.ForEachValue([&](int64_t v, uint64_t n) { va.emplace_back(v, n); });
  b.ForEachValue([&](int64_t v, uint64_t n) { vb.emplace_back(v, n); });
  // Exact values come one by one from single adds; compare them as multisets.
  auto total = [](std::vector<std::pair<int64_t, uint64_t>> v) {
    std::map<int64_t, uint64_t> m;
    for (const auto& [value, n] : v) m[value] += n;
    return m;
  };
  CHECK(total(va) == total(vb));
}

TEST_CASE("Add(value, n) equals n single adds, below and across the exact limit") {
  // (value, n) runs: small ones stay exact, then one that crosses kExactLimit, then large ones
  // in the histogram, including zero and negative values.
  const std::vector<std::pair<int64_t, uint64_t>> runs = {
      {5000, 3},    {1200, 1}, {9000000, 10},     {0, 2}, {777, 48},    {-3, 1},
      {4500, 1000}, {1, 1},    {123456789, 5000}, {0, 7}, {2000000, 64}};
  Distribution weighted, single;
  for (const auto& [value, n] : runs) {
    weighted.Add(value, n);
    for (uint64_t i = 0; i < n; ++i) single.Add(value);
    INFO("after " << n << " x " << value);
    RequireSame(weighted, single);
  }
}

TEST_CASE("Add(value, n) at the exact limit's edge") {
  for (uint64_t first : {0, 1, 63, 64}) {
    for (uint64_t n : {1, 63, 64, 65}) {
      Distribution weighted, single;
      for (uint64_t i = 0; i < first; ++i) {
        weighted.Add(static_cast<int64_t>(i * 1000));
        single.Add(static_cast<int64_t>(i * 1000));
      }
      weighted.Add(42000, n);
      for (uint64_t i = 0; i < n; ++i) single.Add(42000);
      INFO("first=" << first << " n=" << n);
      RequireSame(weighted, single);
    }
  }
}

TEST_CASE("Add(value, n) with random runs merges like single adds") {
  std::mt19937_64 rng(11);
  std::uniform_int_distribution<int64_t> value(1, 50000000);
  std::uniform_int_distribution<uint64_t> count(0, 300);
  Distribution weighted, single, merged_a, merged_b;
  for (int i = 0; i < 200; ++i) {
    const int64_t v = value(rng);
    const uint64_t n = count(rng);
    weighted.Add(v, n);
    (i % 2 ? merged_a : merged_b).Add(v, n);
    for (uint64_t k = 0; k < n; ++k) single.Add(v);
  }
  RequireSame(weighted, single);
  merged_a.Merge(merged_b);
  RequireSame(merged_a, single);
}

TEST_CASE("Add(value, n) counts past 2^32 without wrapping") {
  Distribution d;
  const uint64_t n = (uint64_t{1} << 33) + 5;
  d.Add(1000, 100);
  d.Add(250, n);  // one summary row of a busy server
  CHECK(d.count() == n + 100);
  CHECK(d.sum() == static_cast<Int128>(250) * n + 100000);
  CHECK(d.Percentile(0.5) == 250);
  CHECK(d.max() == 1000);
  CHECK(d.Percentile(1.0) == 1000);
}

Summary ExampleSummary() {
  Summary s;
  s.text = "SELECT * FROM `t` WHERE `b` = ? ";
  s.db = "shop";
  s.count = 10;
  s.metrics = {{"Query_time", 10'000'000, 100'000, 5'000'000},  // 10 s in all, 0.1 s .. 5 s
               {"Lock_time", 1'000, std::nullopt, std::nullopt},
               {"Rows_sent", 25'000'000, std::nullopt, std::nullopt},  // 25 rows in all
               {"Rows_examined", 1'000'000'000, std::nullopt, std::nullopt}};
  s.flags = {{"Full_scan", 4}};
  s.first_seen = 1'700'000'000'000'000;
  s.last_seen = 1'700'000'100'000'000;
  s.offset = 3;
  s.line = 3;
  return s;
}

TEST_CASE("AddSummary: one class with the summary's count, sums and extremes") {
  Digest d;
  d.AddSummary(ExampleSummary(), 0);
  REQUIRE(d.classes().size() == 1);
  CHECK(d.events() == 10);
  const QueryClass& c = *d.classes().front();
  // Fingerprinted as a query: the digest text's quoting and spacing are not part of the class.
  CHECK(c.fingerprint == "select * from t where b = ?");
  CHECK(c.id == ClassId(parser::Fingerprint("select * from t where b = 42")));
  CHECK(c.count == 10);
  const Distribution* qt = c.Metric(kQueryTime);
  REQUIRE(qt);
  CHECK(qt->count() == 10);
  CHECK(qt->sum() == 10'000'000);
  CHECK(qt->min() == 100'000);
  CHECK(qt->max() == 5'000'000);
  // The eight between the extremes share the rest: (10 - 0.1 - 5) / 8 = 0.6125 s.
  CHECK(qt->Percentile(0.5) == 612'500);
  const Distribution* lock = c.Metric(kLockTime);
  REQUIRE(lock);
  CHECK(lock->sum() == 1'000);
  CHECK(lock->count() == 10);
  // Rows stay whole rows: 25 in 10 executions are 2 rows five times and 3 rows five times.
  const Distribution* rows = c.Metric(kRowsSent);
  REQUIRE(rows);
  CHECK(rows->sum() == 25'000'000);
  CHECK(rows->integral());
  CHECK(rows->min() == 2'000'000);
  CHECK(rows->max() == 3'000'000);
  CHECK(c.Metric(kRowsExamined)->Average() == 100'000'000);
  REQUIRE(d.flag_names().size() == 1);
  CHECK(d.flag_names()[0] == "Full_scan");
  CHECK(c.flags_seen[0] == 10);
  CHECK(c.flags_yes[0] == 4);
  CHECK(c.first_seen == 1'700'000'000'000'000);
  CHECK(c.last_seen == 1'700'000'100'000'000);
  CHECK(c.databases.Sorted() == std::vector<std::pair<std::string, uint64_t>>{{"shop", 10}});
  // No sample text given: the digest text itself, with the slowest execution's time.
  CHECK(c.sample.query == "SELECT * FROM `t` WHERE `b` = ? ");
  CHECK(c.sample.query_time == 5'000'000);
  CHECK(c.sample.db == "shop");
  CHECK(c.sample.offset == 3);
  CHECK(c.sample.line == 3);
}

TEST_CASE("AddSummary: summaries and events of one statement meet in one class") {
  Digest d;
  Summary a = ExampleSummary();
  d.AddSummary(a, 0);
  // The same digest in another schema (a second summary row), with a real sample.
  Summary b = ExampleSummary();
  b.db = "shop2";
  b.count = 1;
  b.metrics = {{"Query_time", 9'000'000, 9'000'000, 9'000'000}};
  b.flags = {};
  b.sample = "SELECT * FROM t WHERE b = 7";
  b.sample_query_time = 9'000'000;
  b.offset = 8;
  d.AddSummary(b, 0);
  // And an event from a slow log.
  std::vector<parser::Attribute> attrs = {{"Query_time", "0.5"}, {"Rows_sent", "1"}};
  parser::Event e;
  e.query = "select * from t where b=1";
  e.db = "shop";
  e.attributes = attrs;
  d.Add(e, 1);
  REQUIRE(d.classes().size() == 1);
  const QueryClass& c = *d.classes().front();
  CHECK(c.count == 12);
  CHECK(d.events() == 12);
  CHECK(c.Metric(kQueryTime)->count() == 12);
  CHECK(c.Metric(kQueryTime)->sum() == 19'500'000);
  CHECK(c.Metric(kQueryTime)->max() == 9'000'000);
  CHECK(c.Metric(kRowsSent)->count() == 11);
  CHECK(c.databases.Sorted() ==
        std::vector<std::pair<std::string, uint64_t>>{{"shop", 11}, {"shop2", 1}});
  CHECK(c.sample.query == "SELECT * FROM t WHERE b = 7");
  CHECK(c.sample.query_time == 9'000'000);
  CHECK(c.sample.offset == 8);
  // Flags are counted over the executions that carry them.
  CHECK(c.flags_seen[0] == 10);
}

TEST_CASE("AddSummary: merged digests equal one digest, in any order") {
  Summary a = ExampleSummary();
  Summary b = ExampleSummary();
  b.text = "SELECT `c` FROM `t` WHERE `id` IN (?) ";
  b.count = 100;
  b.metrics = {{"Query_time", 3'000'000, 1'000, 900'000}};
  b.offset = 4;
  Digest one, first, second;
  one.AddSummary(a, 0);
  one.AddSummary(b, 0);
  first.AddSummary(b, 0);
  second.AddSummary(a, 0);
  first.Merge(second);
  REQUIRE(one.classes().size() == 2);
  REQUIRE(first.classes().size() == 2);
  for (const QueryClass* c : one.Ranked(OrderBy::kSum)) {
    const QueryClass* other = nullptr;
    for (const auto& x : first.classes()) {
      if (x->id == c->id) other = x.get();
    }
    REQUIRE(other);
    CHECK(other->count == c->count);
    RequireSame(*other->Metric(kQueryTime), *c->Metric(kQueryTime));
    CHECK(other->sample.query == c->sample.query);
  }
}

TEST_CASE("AddSummary: edge cases keep count and sum exact") {
  SECTION("one execution: its value is the sum") {
    Digest d;
    Summary s = ExampleSummary();
    s.count = 1;
    s.metrics = {{"Query_time", 700, 700, 700}};
    d.AddSummary(s, 0);
    const Distribution* qt = d.classes().front()->Metric(kQueryTime);
    CHECK(qt->count() == 1);
    CHECK(qt->sum() == 700);
  }
  SECTION("two executions are the extremes") {
    Digest d;
    Summary s = ExampleSummary();
    s.count = 2;
    s.metrics = {{"Query_time", 900, 100, 800}};
    d.AddSummary(s, 0);
    const Distribution* qt = d.classes().front()->Metric(kQueryTime);
    CHECK(qt->sum() == 900);
    CHECK(qt->min() == 100);
    CHECK(qt->max() == 800);
  }
  SECTION("a huge count is O(1) and exact") {
    Digest d;
    Summary s = ExampleSummary();
    s.count = 5'000'000'000;
    s.metrics = {{"Query_time", static_cast<Int128>(5'000'000'000) * 300 + 7, 1, 90'000}};
    d.AddSummary(s, 0);
    const Distribution* qt = d.classes().front()->Metric(kQueryTime);
    CHECK(qt->count() == 5'000'000'000);
    CHECK(qt->sum() == static_cast<Int128>(5'000'000'000) * 300 + 7);
    CHECK(qt->min() == 1);
    CHECK(qt->max() == 90'000);
  }
  SECTION("a count of zero adds nothing") {
    Digest d;
    Summary s = ExampleSummary();
    s.count = 0;
    d.AddSummary(s, 0);
    CHECK(d.classes().empty());
    CHECK(d.events() == 0);
  }
}

}  // namespace
}  // namespace qadvisor::analyzer
