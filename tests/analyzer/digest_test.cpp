#include "analyzer/digest.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <span>
#include <string>
#include <vector>

namespace qadvisor::analyzer {
namespace {

// Builds an event whose views point into `store` (kept alive by the caller).
struct EventMaker {
  std::vector<std::string> store;
  std::vector<std::vector<parser::Attribute>> attributes;
  parser::Event Make(const std::string& query, const std::string& query_time,
                     std::vector<std::pair<std::string, std::string>> extra = {},
                     const std::string& db = "shop", uint64_t offset = 0) {
    store.reserve(1000);
    attributes.reserve(100);
    std::vector<parser::Attribute>& attrs = attributes.emplace_back();
    auto keep = [&](const std::string& s) -> std::string_view { return store.emplace_back(s); };
    parser::Event e;
    e.query = keep(query);
    e.db = keep(db);
    e.user = keep("app");
    e.host = keep("h1");
    e.offset = offset;
    attrs.push_back({keep("Query_time"), keep(query_time)});
    attrs.push_back({keep("Lock_time"), keep("0.000001")});
    for (const auto& [k, v] : extra) attrs.push_back({keep(k), keep(v)});
    e.attributes = attrs;
    return e;
  }
};

TEST_CASE("events with the same fingerprint form one class, ids are stable hashes") {
  EventMaker m;
  Digest d;
  d.Add(m.Make("SELECT * FROM t WHERE id = 1", "0.5"), 0);
  d.Add(m.Make("select *  from t where id=22", "1.5"), 0);
  d.Add(m.Make("SELECT * FROM u WHERE id = 1", "0.1"), 0);
  REQUIRE(d.classes().size() == 2);
  CHECK(d.events() == 3);
  const auto ranked = d.Ranked(OrderBy::kSum);
  CHECK(ranked[0]->fingerprint == "select * from t where id = ?");
  CHECK(ranked[0]->count == 2);
  CHECK(ranked[0]->Metric(kQueryTime)->sum() == 2000000);
  CHECK(ranked[0]->id == ClassId("select * from t where id = ?"));
  CHECK(FormatClassId(0xABCDEF) == "0000000000ABCDEF");
  CHECK(d.global().count == 3);
  CHECK(d.global().Metric(kQueryTime)->sum() == 2100000);
}

TEST_CASE("a statement repeated word for word lands in its class every time, short or long") {
  // Each with the digest's own options: folding digits joins sharded tables, not functions.
  EventMaker m;
  const std::string long_query =
      "SELECT * FROM t WHERE note = '" + std::string(300, 'x') + "' AND id = 1";
  DigestOptions folded;
  folded.fingerprint.fold_identifier_digits = true;
  Digest d, f(folded);
  for (int round = 0; round < 3; ++round) {
    for (const char* q :
         {"COMMIT", "SELECT 1", "SELECT 2", "SELECT * FROM orders_2024 WHERE id = 7"}) {
      d.Add(m.Make(q, "0.1"), 0);
      f.Add(m.Make(q, "0.1"), 0);
    }
    d.Add(m.Make(long_query, "0.1"), 0);
  }
  std::vector<std::pair<std::string, uint64_t>> classes, folded_classes;
  for (const auto& c : d.classes()) classes.emplace_back(c->fingerprint, c->count);
  for (const auto& c : f.classes()) folded_classes.emplace_back(c->fingerprint, c->count);
  std::sort(classes.begin(), classes.end());
  std::sort(folded_classes.begin(), folded_classes.end());
  CHECK(classes == std::vector<std::pair<std::string, uint64_t>>{
                       {"commit", 3},
                       {"select * from orders_2024 where id = ?", 3},
                       {"select * from t where note = ? and id = ?", 3},
                       {"select ?", 6}});
  CHECK(folded_classes ==
        std::vector<std::pair<std::string, uint64_t>>{
            {"commit", 3}, {"select * from orders_? where id = ?", 3}, {"select ?", 6}});
}

TEST_CASE("an event with no query text at all is a class of its own, not a crash") {
  // The fuzzer's find: a query view with no data pointer reached memcpy in the shape cache.
  EventMaker m;
  parser::Event e = m.Make("", "0.5");
  e.query = std::string_view();
  Digest d;
  d.Add(e, 0);
  d.Add(e, 0);
  REQUIRE(d.classes().size() == 1);
  CHECK(d.Ranked(OrderBy::kSum)[0]->count == 2);
}

TEST_CASE("the sample is the slowest event, ties go to the earliest") {
  EventMaker m;
  Digest d;
  d.Add(m.Make("SELECT 1", "0.2", {}, "a", 100), 0);
  d.Add(m.Make("SELECT 2", "0.9", {}, "b", 200), 0);
  d.Add(m.Make("SELECT 3", "0.9", {}, "c", 50), 0);
  const QueryClass& c = *d.classes().front();
  CHECK(c.sample.query == "SELECT 3");
  CHECK(c.sample.offset == 50);
  CHECK(c.sample.db == "c");
  CHECK(c.sample.query_time == 900000);
}

TEST_CASE("numeric attributes become metrics, Yes/No become flags, identities are ignored") {
  EventMaker m;
  Digest d;
  d.Add(m.Make("SELECT 1", "0.1",
               {{"Rows_examined", "10"},
                {"Full_scan", "Yes"},
                {"Thread_id", "7"},
                {"Bytes_sent", "100"},
                {"InnoDB_trx_id", "1A2B"}}),
        0);
  d.Add(m.Make("SELECT 2", "0.1",
               {{"Rows_examined", "30"},
                {"Full_scan", "No"},
                {"Thread_id", "8"},
                {"Bytes_sent", "300"},
                {"InnoDB_trx_id", "99"}}),
        0);
  const QueryClass& c = *d.classes().front();
  CHECK(c.Metric(kRowsExamined)->sum() == 40000000);
  const auto& names = d.metric_names();
  CHECK(std::find(names.begin(), names.end(), "Bytes_sent") != names.end());
  CHECK(std::find(names.begin(), names.end(), "Thread_id") == names.end());
  CHECK(std::find(names.begin(), names.end(), "InnoDB_trx_id") == names.end());
  REQUIRE(d.flag_names().size() == 1);
  CHECK(d.flag_names()[0] == "Full_scan");
  CHECK(c.flags_seen[0] == 2);
  CHECK(c.flags_yes[0] == 1);
  CHECK(c.databases.values.size() == 1);
  CHECK(c.databases.values[0].second == 2);
}

TEST_CASE("merging digests matches metrics by name, whatever order they were first seen in") {
  EventMaker m;
  Digest a, b, whole;
  const auto e1 = m.Make("SELECT 1", "0.1", {{"Bytes_sent", "5"}, {"Tmp_tables", "1"}});
  const auto e2 = m.Make("SELECT 1", "0.3", {{"Tmp_tables", "2"}, {"Bytes_sent", "7"}});
  const auto e3 = m.Make("SELECT 9", "0.2", {{"Rows_affected", "4"}});
  a.Add(e1, 0);
  b.Add(e2, 0);
  b.Add(e3, 0);
  for (const auto* e : {&e1, &e2, &e3}) whole.Add(*e, 0);
  a.Merge(b);
  REQUIRE(a.classes().size() == whole.classes().size());
  const auto ra = a.Ranked(OrderBy::kSum);
  const auto rw = whole.Ranked(OrderBy::kSum);
  for (size_t i = 0; i < ra.size(); ++i) {
    CHECK(ra[i]->id == rw[i]->id);
    CHECK(ra[i]->count == rw[i]->count);
    for (const std::string name : {"Bytes_sent", "Tmp_tables", "Rows_affected"}) {
      auto id_in = [&](const Digest& d) {
        const auto& n = d.metric_names();
        return static_cast<uint32_t>(std::find(n.begin(), n.end(), name) - n.begin());
      };
      const Distribution* x = ra[i]->Metric(id_in(a));
      const Distribution* y = rw[i]->Metric(id_in(whole));
      REQUIRE((x == nullptr) == (y == nullptr));
      if (x) CHECK(x->sum() == y->sum());
    }
  }
  CHECK(a.events() == 3);
}

TEST_CASE("ranking by count, max and p95, ties broken by id, --top cuts") {
  EventMaker m;
  Digest d;
  for (int i = 0; i < 5; ++i) d.Add(m.Make("SELECT a FROM many", "0.01"), 0);
  d.Add(m.Make("SELECT a FROM slow", "3"), 0);
  d.Add(m.Make("SELECT a FROM mid", "0.04"), 0);
  d.Add(m.Make("SELECT a FROM mid", "0.04"), 0);
  CHECK(d.Ranked(OrderBy::kCount)[0]->fingerprint == "select a from many");
  CHECK(d.Ranked(OrderBy::kMax)[0]->fingerprint == "select a from slow");
  CHECK(d.Ranked(OrderBy::kSum)[0]->fingerprint == "select a from slow");
  CHECK(d.Ranked(OrderBy::kSum, 2).size() == 2);
  CHECK(d.Ranked(OrderBy::kP95)[1]->fingerprint == "select a from mid");
}

TEST_CASE("administrator commands group by their text") {
  EventMaker m;
  Digest d;
  auto e = m.Make("administrator command: Quit", "0.000001");
  e.admin_command = true;
  d.Add(e, 0);
  d.Add(e, 0);
  REQUIRE(d.classes().size() == 1);
  CHECK(d.classes().front()->fingerprint == "administrator command: Quit");
}

}  // namespace
}  // namespace qadvisor::analyzer

namespace qadvisor::analyzer {
namespace {

TEST_CASE("value counts past the limit do not depend on the order values arrive in") {
  std::vector<std::string> hosts;
  for (int i = 0; i < 500; ++i) {
    for (int k = 0; k <= i % 7; ++k)
      hosts.push_back("10.0." + std::to_string(i / 250) + "." + std::to_string(i));
  }
  ValueCounts forward, backward, split_a, split_b;
  for (const std::string& h : hosts) forward.Add(h);
  for (auto it = hosts.rbegin(); it != hosts.rend(); ++it) backward.Add(*it);
  for (size_t i = 0; i < hosts.size(); ++i) (i % 3 == 0 ? split_a : split_b).Add(hosts[i]);
  split_a.Merge(split_b);
  CHECK(forward.values.size() == ValueCounts::kMaxDistinct);
  CHECK(forward.Sorted() == backward.Sorted());
  CHECK(forward.Sorted() == split_a.Sorted());
  CHECK(forward.other == backward.other);
  CHECK(forward.other == split_a.other);
  uint64_t total = forward.other;
  for (const auto& [name, n] : forward.values) total += n;
  CHECK(total == hosts.size());
  // Kept counts are exact.
  for (const auto& [name, n] : forward.values) {
    CHECK(n == static_cast<uint64_t>(std::count(hosts.begin(), hosts.end(), name)));
  }
}

TEST_CASE("value counts tell values apart by their text, not only their hash") {
  // "b" and "c" have one hash, as two different texts can; "a" has a hash close to theirs.
  constexpr uint64_t kHigh = uint64_t{5} << 57;
  ValueCounts c;
  for (int round = 0; round < 3; ++round) {
    c.Add("a", kHigh | 1, 1);
    c.Add("b", kHigh | 2, 2);
    c.Add("c", kHigh | 2, 3);
  }
  REQUIRE(c.values.size() == 3);
  CHECK(c.Sorted() == std::vector<std::pair<std::string, uint64_t>>{{"c", 9}, {"b", 6}, {"a", 3}});
  CHECK(c.other == 0);
}

TEST_CASE("value counts find every kept value after replacements, whatever their hashes") {
  // Every hash ends in the same seven bits, so every lookup walks one chain of slots; then
  // values with smaller hashes replace the largest kept ones one by one.
  auto hash_of = [](int i) { return (static_cast<uint64_t>(i) << 7) | 5; };
  auto name_of = [](int i) { return "v" + std::to_string(i); };
  ValueCounts c;
  for (int i = 100; i < 164; ++i) c.Add(name_of(i), hash_of(i), 1);
  for (int i = 0; i < 20; ++i) c.Add(name_of(i), hash_of(i), 1);
  REQUIRE(c.values.size() == ValueCounts::kMaxDistinct);
  CHECK(c.other == 20);  // v144..v163, one each, gave way
  std::vector<int> kept;
  for (int i = 0; i < 20; ++i) kept.push_back(i);
  for (int i = 100; i < 144; ++i) kept.push_back(i);
  for (int round = 0; round < 2; ++round) {
    for (const int i : kept) c.Add(name_of(i), hash_of(i), 1);
  }
  CHECK(c.values.size() == ValueCounts::kMaxDistinct);  // found again, none added twice
  CHECK(c.other == 20);
  for (const auto& [name, n] : c.values) {
    INFO(name);
    CHECK(n == 3);
  }
}

TEST_CASE("value counts below the limit keep every value") {
  ValueCounts c;
  for (int i = 0; i < 10; ++i) c.Add("db" + std::to_string(i % 3));
  REQUIRE(c.values.size() == 3);
  CHECK(c.other == 0);
  CHECK(c.Sorted()[0] == std::pair<std::string, uint64_t>{"db0", 4});
}

// Everything a class holds that a report or a merge reads, to compare two digests with.
void RequireSameClasses(const Digest& a, const Digest& b) {
  REQUIRE(a.events() == b.events());
  REQUIRE(a.filtered() == b.filtered());
  REQUIRE(a.metric_names() == b.metric_names());
  REQUIRE(a.flag_names() == b.flag_names());
  const auto ra = a.Ranked(OrderBy::kSum);
  const auto rb = b.Ranked(OrderBy::kSum);
  REQUIRE(ra.size() == rb.size());
  for (size_t i = 0; i < ra.size(); ++i) {
    const QueryClass& x = *ra[i];
    const QueryClass& y = *rb[i];
    CHECK(x.id == y.id);
    CHECK(x.count == y.count);
    CHECK(x.first_seen == y.first_seen);
    CHECK(x.last_seen == y.last_seen);
    CHECK(x.flags_seen == y.flags_seen);
    CHECK(x.flags_yes == y.flags_yes);
    CHECK(x.sampled_events == y.sampled_events);
    CHECK(x.hosts.Sorted() == y.hosts.Sorted());
    CHECK(x.hosts.other == y.hosts.other);
    CHECK(x.users.Sorted() == y.users.Sorted());
    CHECK(x.sample.offset == y.sample.offset);
    CHECK(x.buckets.size() == y.buckets.size());
    REQUIRE(x.metrics.size() == y.metrics.size());
    for (size_t m = 0; m < x.metrics.size(); ++m) {
      const Distribution& dx = x.metrics[m];
      const Distribution& dy = y.metrics[m];
      CHECK(dx.count() == dy.count());
      CHECK(dx.sum() == dy.sum());
      CHECK(dx.min() == dy.min());
      CHECK(dx.max() == dy.max());
      CHECK(dx.Percentile(0.95) == dy.Percentile(0.95));
      CHECK(dx.sum_squares() == dy.sum_squares());
    }
  }
}

TEST_CASE("adding a batch gives the digest of adding its events one by one") {
  // 400 events over 12 statements, 90 hosts (past the 64 a class keeps), sampled events, flags,
  // a metric met only late, timestamps for time buckets, and a filter that leaves some out.
  EventMaker m;
  m.store.reserve(8000);  // the events' views point into it: it must never reallocate
  m.attributes.reserve(500);
  std::vector<parser::Event> events;
  for (int i = 0; i < 400; ++i) {
    std::vector<std::pair<std::string, std::string>> extra = {
        {"Rows_examined", std::to_string(i * 37 % 1000)}, {"Full_scan", i % 3 == 0 ? "Yes" : "No"}};
    if (i % 7 == 0) extra.push_back({"Log_slow_rate_limit", "10"});
    if (i > 300) extra.push_back({"Bytes_sent", std::to_string(i)});
    parser::Event e = m.Make("SELECT * FROM t" + std::string(1, static_cast<char>('a' + i % 12)) +
                                 " WHERE id = " + std::to_string(i),
                             "0." + std::to_string(100 + i * 13 % 900), extra,
                             i % 5 == 0 ? "other" : "shop", static_cast<uint64_t>(i) * 100);
    e.host = m.store.emplace_back("host" + std::to_string(i % 90));
    e.timestamp_us = 1714557600000000 + static_cast<int64_t>(i) * 37000000;
    events.push_back(e);
  }
  EventFilterSpec spec;
  spec.dbs = {"shop"};
  DigestOptions options;
  options.filter = EventFilter::Make(spec).value();
  options.bucket_us = 3600000000;
  for (const bool filtered : {false, true}) {
    DigestOptions o = filtered ? options : DigestOptions{};
    Digest one_by_one(o);
    for (const parser::Event& e : events) one_by_one.Add(e, 0);
    for (const size_t batch : {size_t{1}, size_t{5}, size_t{64}, size_t{400}}) {
      CAPTURE(filtered, batch);
      Digest batched(o);
      for (size_t at = 0; at < events.size(); at += batch) {
        batched.AddBatch(std::span(events).subspan(at, std::min(batch, events.size() - at)), 0);
      }
      RequireSameClasses(one_by_one, batched);
    }
  }
}

}  // namespace
}  // namespace qadvisor::analyzer
