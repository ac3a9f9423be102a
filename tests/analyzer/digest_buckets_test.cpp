// DigestOptions::bucket_us: a class's events by time bucket (for `digest --history`).
#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "analyzer/digest.h"

namespace qadvisor::analyzer {
namespace {

constexpr int64_t kHour = 3600LL * 1000000;
constexpr int64_t kT0 = 1767571200LL * 1000000;  // 2026-01-05 00:00:00 UTC, a whole hour

// Events whose views point into `store` (reserved, so they stay valid).
struct Events {
  std::vector<std::string> store;
  std::vector<std::vector<parser::Attribute>> attributes;
  Events() {
    store.reserve(1000);
    attributes.reserve(100);
  }
  parser::Event Make(const std::string& query, const std::string& query_time, int64_t at,
                     const std::string& rows = "1", uint64_t offset = 0) {
    auto keep = [&](const std::string& s) -> std::string_view { return store.emplace_back(s); };
    std::vector<parser::Attribute>& a = attributes.emplace_back();
    a.push_back({keep("Query_time"), keep(query_time)});
    a.push_back({keep("Rows_examined"), keep(rows)});
    a.push_back({keep("Bytes_sent"), keep("7")});
    parser::Event e;
    e.query = keep(query);
    e.db = keep("shop");
    e.timestamp_us = at;
    e.offset = offset;
    e.attributes = a;
    return e;
  }
};

DigestOptions Hourly() {
  DigestOptions options;
  options.bucket_us = kHour;
  return options;
}

TEST_CASE("without bucket_us a class keeps no buckets") {
  Events ev;
  Digest d;
  d.Add(ev.Make("SELECT 1", "0.1", kT0), 0);
  REQUIRE(d.classes().size() == 1);
  CHECK(d.classes()[0]->buckets.empty());
  CHECK(d.classes()[0]->unbucketed == 0);
}

TEST_CASE("events fall into the bucket of their timestamp, aligned on the epoch") {
  Events ev;
  Digest d(Hourly());
  d.Add(ev.Make("SELECT * FROM t WHERE id = 1", "0.5", kT0 + 10, "10", 1), 0);
  d.Add(ev.Make("SELECT * FROM t WHERE id = 2", "1.5", kT0 + kHour - 1, "30", 2), 0);
  d.Add(ev.Make("SELECT * FROM t WHERE id = 3", "0.25", kT0 + kHour, "5", 3), 0);
  d.Add(ev.Make("SELECT * FROM t WHERE id = 4", "9", parser::kNoTimestamp, "5", 4), 0);
  REQUIRE(d.classes().size() == 1);
  const QueryClass& c = *d.classes()[0];
  CHECK(c.count == 4);
  CHECK(c.unbucketed == 1);
  REQUIRE(c.buckets.size() == 2);
  const TimeBucket& first = c.buckets.at(kT0);
  CHECK(first.count == 2);
  CHECK(first.metrics[kQueryTime].sum() == 2000000);
  CHECK(first.metrics[kQueryTime].max() == 1500000);
  CHECK(first.metrics[kRowsExamined].sum() == 40000000);
  CHECK(first.metrics[kLockTime].count() == 0);  // the events never said
  CHECK(first.first_seen == kT0 + 10);
  CHECK(first.last_seen == kT0 + kHour - 1);
  CHECK(first.sample.query == "SELECT * FROM t WHERE id = 2");
  const TimeBucket& second = c.buckets.at(kT0 + kHour);
  CHECK(second.count == 1);
  CHECK(second.sample.query_time == 250000);
}

TEST_CASE("BucketStart floors, before 1970 too") {
  CHECK(BucketStart(kT0 + 5, kHour) == kT0);
  CHECK(BucketStart(kT0, kHour) == kT0);
  CHECK(BucketStart(-1, kHour) == -kHour);
  CHECK(BucketStart(-kHour, kHour) == -kHour);
}

TEST_CASE("merged digests have the buckets of one digest of all the events") {
  Events ev;
  const DigestOptions options = Hourly();
  Digest whole(options), a(options), b(options);
  for (int i = 0; i < 300; ++i) {
    const parser::Event e = ev.Make(i % 3 == 0 ? "SELECT a FROM t" : "UPDATE t SET a = 1",
                                    std::to_string(i % 17) + ".5", kT0 + i * 60 * 1000000LL,
                                    std::to_string(i), static_cast<uint64_t>(i));
    whole.Add(e, 0);
    (i % 2 == 0 ? a : b).Add(e, 0);
  }
  Digest merged(options);
  merged.Merge(b);
  merged.Merge(a);
  REQUIRE(merged.classes().size() == whole.classes().size());
  for (const auto& c : whole.classes()) {
    const auto it = std::find_if(merged.classes().begin(), merged.classes().end(),
                                 [&](const auto& m) { return m->id == c->id; });
    REQUIRE(it != merged.classes().end());
    const QueryClass& m = **it;
    REQUIRE(m.buckets.size() == c->buckets.size());
    CHECK(c->buckets.size() == 5);  // 300 minutes
    for (const auto& [start, want] : c->buckets) {
      const TimeBucket& got = m.buckets.at(start);
      CHECK(got.count == want.count);
      CHECK(got.first_seen == want.first_seen);
      CHECK(got.last_seen == want.last_seen);
      CHECK(got.sample.offset == want.sample.offset);
      for (uint32_t k = 0; k <= kRowsExamined; ++k) {
        CHECK(got.metrics[k].sum() == want.metrics[k].sum());
        CHECK(got.metrics[k].Percentile(0.95) == want.metrics[k].Percentile(0.95));
      }
    }
  }
}

}  // namespace
}  // namespace qadvisor::analyzer
