#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "analyzer/digest.h"
#include "analyzer/event_filter.h"
#include "analyzer/ranking.h"

namespace qadvisor::analyzer {
namespace {

constexpr int64_t kDay = 86400LL * 1000000;

// Events whose views point into strings the maker keeps.
struct Maker {
  std::vector<std::string> store;
  std::vector<std::vector<parser::Attribute>> attributes;
  parser::Event Make(const std::string& query, const std::string& db, const std::string& user,
                     int64_t ts, const std::string& query_time = "1",
                     const std::string& rows = "10") {
    store.reserve(1000);
    attributes.reserve(100);
    auto keep = [&](const std::string& s) -> std::string_view { return store.emplace_back(s); };
    std::vector<parser::Attribute>& attrs = attributes.emplace_back();
    attrs.push_back({keep("Query_time"), keep(query_time)});
    attrs.push_back({keep("Rows_examined"), keep(rows)});
    parser::Event e;
    e.query = keep(query);
    e.db = keep(db);
    e.user = keep(user);
    e.host = keep("h1");
    e.timestamp_us = ts;
    e.attributes = attrs;
    return e;
  }
};

TEST_CASE("time bounds: dates, both log forms, ages") {
  const int64_t may1 = parser::ParseSlowLogTime("2024-05-01T00:00:00Z");
  CHECK(ParseTimeBound("2024-05-01", 0).value() == may1);
  CHECK(ParseTimeBound("240501", 0).value() == may1);
  CHECK(ParseTimeBound("2024-05-01 10:00:00", 0).value() == may1 + 36000LL * 1000000);
  CHECK(ParseTimeBound("2024-05-01T10:00:00", 0).value() == may1 + 36000LL * 1000000);
  CHECK(ParseTimeBound("240501 10:00:00", 0).value() == may1 + 36000LL * 1000000);
  CHECK(ParseTimeBound("7d", 10 * kDay).value() == 3 * kDay);
  CHECK(ParseTimeBound("2w", 20 * kDay).value() == 6 * kDay);
  CHECK(ParseTimeBound("12h", kDay).value() == kDay / 2);
  CHECK(ParseTimeBound("30m", 0).value() == -1800LL * 1000000);
  CHECK(ParseTimeBound("90s", 0).value() == -90LL * 1000000);
  for (const char* bad : {"", "d", "7", "7y", "-7d", "yesterday", "2024-13-01",
                          "2024-05-01 25:00:00", "99999999999999999999d"}) {
    INFO(bad);
    CHECK_FALSE(ParseTimeBound(bad, 0).ok());
  }
}

TEST_CASE("a filter names the first test an event fails, --match is on the fingerprint") {
  EventFilterSpec spec;
  spec.since = 10;
  spec.until = 20;
  spec.dbs = {"shop", "crm"};
  spec.users = {"app"};
  spec.match = "^SELECT .* FROM t";
  auto filter = EventFilter::Make(spec);
  REQUIRE(filter.ok());
  Maker m;
  const EventFilter& f = **filter;
  CHECK(f.Check(m.Make("q", "shop", "app", 10)) == std::nullopt);
  CHECK(f.Check(m.Make("q", "shop", "app", 20)) == FilterReason::kTime);  // until is exclusive
  CHECK(f.Check(m.Make("q", "shop", "app", 9)) == FilterReason::kTime);
  CHECK(f.Check(m.Make("q", "shop", "app", parser::kNoTimestamp)) == FilterReason::kNoTimestamp);
  CHECK(f.Check(m.Make("q", "Shop", "app", 15)) == FilterReason::kDb);  // exact
  CHECK(f.Check(m.Make("q", "", "app", 15)) == FilterReason::kDb);
  CHECK(f.Check(m.Make("q", "crm", "report", 15)) == FilterReason::kUser);
  CHECK(f.Matches("select a from t where id = ?"));
  CHECK_FALSE(f.Matches("update t set a = ?"));

  spec.match = "(unclosed";
  CHECK_FALSE(EventFilter::Make(spec).ok());
  spec.match = "a)(?:b";  // valid only once wrapped as the matcher wraps it: refused as written
  CHECK_FALSE(EventFilter::Make(spec).ok());
  spec.match.clear();
  spec.since = 20;
  CHECK_FALSE(EventFilter::Make(spec).ok());  // an empty window
}

TEST_CASE("a --match pattern matches anywhere, anchors at the fingerprint's ends, in one pass") {
  const auto matcher = [](std::string pattern) {
    EventFilterSpec spec;
    spec.match = std::move(pattern);
    return EventFilter::Make(spec).value();
  };
  const auto start = matcher("^select");
  CHECK(start->Matches("select a from t"));
  CHECK(start->Matches("SELECT a from t"));  // case-insensitive
  CHECK_FALSE(start->Matches("insert into t select a from u"));
  const auto end = matcher("from t$");
  CHECK(end->Matches("select a from t"));
  CHECK_FALSE(end->Matches("select a from t where id = ?"));
  const auto either = matcher("limit \\?$|^delete");
  CHECK(either->Matches("select a from t limit ?"));
  CHECK(either->Matches("delete from t"));
  CHECK_FALSE(either->Matches("select a from t limit ? for update"));
  CHECK_FALSE(either->Matches("select a from t where b = ? delete"));
  const auto middle = matcher("from orders |from customers ");  // either, in the middle
  CHECK(middle->Matches("select a from orders where id = ?"));
  CHECK(middle->Matches("select a from customers where id = ?"));
  CHECK_FALSE(middle->Matches("select a from order_items where id = ?"));
  // A pattern that fails late: once quadratic in the text (seconds for 8 KiB), one pass now.
  const std::string long_text = "select " + std::string(8000, 'a') + " from t";
  CHECK_FALSE(matcher("a.*zzz$")->Matches(long_text));
  CHECK(matcher("a.*from t$")->Matches(long_text));
  // Only the first 8 KiB are searched.
  CHECK_FALSE(matcher("zzz")->Matches(std::string(8 << 10, 'a') + "zzz"));
  CHECK(matcher("zzz")->Matches(std::string((8 << 10) - 3, 'a') + "zzz"));
}

TEST_CASE("filtered digests count what they left out, the same for any split") {
  EventFilterSpec spec;
  spec.dbs = {"shop"};
  spec.match = "from orders";
  DigestOptions options;
  options.filter = EventFilter::Make(spec).value();
  Maker m;
  std::vector<parser::Event> events = {
      m.Make("SELECT * FROM orders WHERE id = 1", "shop", "app", 1),
      m.Make("SELECT * FROM orders WHERE id = 2", "crm", "app", 2),
      m.Make("SELECT * FROM users WHERE id = 3", "shop", "app", 3),
      m.Make("SELECT * FROM orders WHERE id = 4", "shop", "web", 4),
  };
  Digest whole(options), a(options), b(options);
  for (size_t i = 0; i < events.size(); ++i) {
    whole.Add(events[i], 0);
    (i % 2 ? a : b).Add(events[i], 0);
  }
  a.Merge(b);
  for (const Digest* d : {&whole, &a}) {
    CHECK(d->events() == 2);
    CHECK(d->filtered() == 2);
    CHECK(d->filtered(FilterReason::kDb) == 1);
    CHECK(d->filtered(FilterReason::kMatch) == 1);
    CHECK(d->classes().size() == 1);
    CHECK(d->global().count == 2);
  }
}

TEST_CASE("group by user or table: a join is in each table's class, totals count it once") {
  DigestOptions options;
  options.group_by = GroupBy::kTable;
  Maker m;
  std::vector<parser::Event> events = {
      m.Make("SELECT * FROM orders o JOIN customers c ON c.id = o.cid", "shop", "app", 1, "2"),
      m.Make("SELECT * FROM Orders WHERE id = 1", "shop", "app", 2, "1"),
      m.Make("SELECT * FROM crm.leads", "shop", "web", 3, "4"),
      m.Make("SELECT 1", "shop", "web", 4, "8"),
      m.Make("SELECT * FROM t", "", "web", 5, "16"),
  };
  Digest whole(options), a(options), b(options);
  for (size_t i = 0; i < events.size(); ++i) {
    whole.Add(events[i], 0);
    (i % 2 ? a : b).Add(events[i], 0);
  }
  a.Merge(b);
  for (const Digest* d : {&whole, &a}) {
    std::vector<std::pair<std::string, uint64_t>> got;
    for (const QueryClass* c : d->Ranked(OrderBy::kSum)) got.emplace_back(c->fingerprint, c->count);
    CHECK(got == std::vector<std::pair<std::string, uint64_t>>{
                     {"t", 1}, {"crm.leads", 1}, {"shop.orders", 2}, {"shop.customers", 1}});
    CHECK(d->events() == 5);
    CHECK(d->ungrouped() == 1);
    CHECK(d->global().count == 5);
    CHECK(d->global().Metric(kQueryTime)->sum() == 31000000);
  }

  options.group_by = GroupBy::kUser;
  Digest users(options);
  for (const parser::Event& e : events) users.Add(e, 0);
  CHECK(users.classes().size() == 2);
  CHECK(users.Ranked(OrderBy::kSum)[0]->fingerprint == "web");
}

TEST_CASE("ranking: ATTRIBUTE:AGG orders and N, N%, N%:M limits") {
  CHECK(ParseOrderSpec("sum").value().name == "sum");
  CHECK(ParseOrderSpec("rows_examined:MAX").value().name == "rows_examined:max");
  CHECK(ParseOrderSpec("Query_time:p95").value().aggregate == Aggregate::kP95);
  for (const char* bad : {"", "median", "Query_time:", ":sum", "Query time:sum", "a:b:c"}) {
    INFO(bad);
    CHECK_FALSE(ParseOrderSpec(bad).ok());
  }
  CHECK(ParseLimitSpec("0").value().count == 0);
  CHECK(ParseLimitSpec("95%").value().percent == 95);
  CHECK(ParseLimitSpec("95%:20").value().count == 20);
  for (const char* bad : {"", "0%", "150%", "abc", "-1", "5%:0", "5%20", "5%:x", "1.5%"}) {
    INFO(bad);
    CHECK_FALSE(ParseLimitSpec(bad).ok());
  }

  Maker m;
  Digest d;
  d.Add(m.Make("SELECT a FROM big", "", "", 1, "6", "1"), 0);
  d.Add(m.Make("SELECT a FROM mid", "", "", 1, "3", "100"), 0);
  d.Add(m.Make("SELECT a FROM small", "", "", 1, "1", "5"), 0);
  auto names = [&](const Ranking& r, const char* limit) {
    std::vector<std::string> out;
    for (const QueryClass* c : Rank(d, r, ParseLimitSpec(limit).value())) {
      out.push_back(c->fingerprint.substr(14));
    }
    return out;
  };
  using Names = std::vector<std::string>;
  const Ranking by_rows = ResolveOrder(d, ParseOrderSpec("ROWS_EXAMINED:max").value()).value();
  CHECK(names(by_rows, "0") == Names{"mid", "small", "big"});
  CHECK(names(RankingFor(OrderBy::kSum), "2") == Names{"big", "mid"});
  CHECK(names(RankingFor(OrderBy::kSum), "60%") == Names{"big"});
  CHECK(names(RankingFor(OrderBy::kSum), "61%") == Names{"big", "mid"});
  CHECK(names(RankingFor(OrderBy::kSum), "100%") == Names{"big", "mid", "small"});
  CHECK(names(RankingFor(OrderBy::kSum), "100%:1") == Names{"big"});
  const auto missing = ResolveOrder(d, ParseOrderSpec("Tmp_tables:sum").value());
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.status().message() ==
        "--order-by: the log has no numeric attribute 'Tmp_tables' (it has Query_time, "
        "Lock_time, Rows_sent, Rows_examined, Query_length)");
}

}  // namespace
}  // namespace qadvisor::analyzer
