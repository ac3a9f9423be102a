// The verification part of the advise report (`qadvisor verify`): a hand-built workload,
// advice and VerificationRun rendered in every format, and checked cell by cell; and, with no
// verification, the report exactly as advise wrote it before verification existed.
#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "analyzer/digest.h"
#include "analyzer/verification.h"
#include "base/hash.h"
#include "report/advise_report.h"

namespace qadvisor::report {
namespace {

using analyzer::MeasuredPlan;
using analyzer::QueryVerification;
using analyzer::Verdict;
using nlohmann::json;

// Four classes of a slow log, a proposal for each, one class finding, one schema finding.
struct Fixture {
  analyzer::DigestRun run;
  analyzer::Advice advice;
  std::vector<std::unique_ptr<analyzer::Table>> tables;
  std::vector<std::string> store;
  std::vector<std::vector<parser::Attribute>> attributes;
  std::vector<std::string> ids;  // class ids in the order added
  AdviseReport report;

  Fixture() {
    // Events are views into `store` and `attributes`: reserved so that they never move.
    store.reserve(64);
    attributes.reserve(16);
    Add("SELECT id, total FROM orders WHERE customer_id = 42 ORDER BY created_at DESC", "2.5");
    Add("SELECT * FROM sessions WHERE last_seen < '2024-01-01'", "1.2");
    Add("SELECT name FROM products WHERE price > 100 ORDER BY price", "0.3");
    Add("UPDATE carts SET total = 0 WHERE user_id = 7", "0.4");
    run.files = {"slow.log"};
    run.bytes = 4096;

    Propose("orders", "idx_customer_id_created_at", {"customer_id", "created_at", "total"},
            {false, true, false}, {"total"}, {ids[0]}, 2500000);
    Propose("sessions", "idx_last_seen", {"last_seen"}, {false}, {}, {ids[1]}, 1200000);
    Propose("carts", "idx_user_id", {"user_id"}, {false}, {}, {ids[3]}, 400000);
    Propose("products", "idx_price", {"price", "name"}, {false, false}, {"name"}, {ids[2]}, 300000);
    advice.proposals[0].replaces = {"idx_customer"};
    advice.proposals[0].extends = "idx_customer";

    AddFinding(ids[1], "select-star", rules::Severity::kWarning, "`SELECT *` reads every column");
    rules::Finding schema;
    schema.rule = "redundant-index";
    schema.severity = rules::Severity::kInfo;
    schema.message = "index `idx_customer` is a prefix of `idx_customer_status`";
    schema.table = "orders";
    schema.index = "idx_customer";
    schema.location.file = "schema.sql";
    schema.location.line = 12;
    report.schema_findings.push_back(schema);

    report.run = &run;
    report.advice = &advice;
    report.tool_version = "0.0.0-test";
  }

  void Add(const std::string& query, const std::string& query_time) {
    std::vector<parser::Attribute>& attrs = attributes.emplace_back();
    attrs.push_back({store.emplace_back("Query_time"), store.emplace_back(query_time)});
    parser::Event e;
    e.query = store.emplace_back(query);
    e.db = store.emplace_back("shop");
    e.user = store.emplace_back("app");
    e.host = store.emplace_back("h1");
    e.offset = 100 * ids.size();
    e.line = 1 + 4 * ids.size();
    e.attributes = attrs;
    const size_t before = run.digest.classes().size();
    run.digest.Add(e, 0);
    ids.push_back(analyzer::FormatClassId(run.digest.classes()[before]->id));
  }

  void Propose(const std::string& table, const std::string& name, std::vector<std::string> columns,
               std::vector<bool> descending, std::vector<std::string> include,
               std::vector<std::string> classes, int64_t weight) {
    auto& t = *tables.emplace_back(std::make_unique<analyzer::Table>());
    t.database = "shop";
    t.name = table;
    analyzer::IndexProposal p;
    p.table = &t;
    p.name = name;
    p.prefix_lengths.assign(columns.size(), 0);
    p.descending = std::move(descending);
    p.include = std::move(include);
    std::string list;
    for (const std::string& c : columns) list += (list.empty() ? "`" : ", `") + c + "`";
    p.ddl = "ALTER TABLE `shop`.`" + table + "` ADD INDEX `" + name + "` (" + list +
            "), ALGORITHM=INPLACE, LOCK=NONE;";
    p.columns = std::move(columns);
    p.query_classes = classes;
    p.weight = weight;
    p.reason = "Serves `" + table + "`.";
    const int index = static_cast<int>(advice.proposals.size());
    advice.proposals.push_back(std::move(p));
    for (const std::string& id : classes) {
      analyzer::ClassAdvice a;
      a.id = id;
      analyzer::TableAdvice ta;
      ta.table = &t;
      ta.want.columns = advice.proposals.back().columns;
      ta.proposal = index;
      a.tables.push_back(ta);
      advice.by_id[id] = advice.classes.size();
      advice.classes.push_back(a);
    }
  }

  void AddFinding(const std::string& id, std::string rule, rules::Severity severity,
                  std::string message) {
    rules::Finding f;
    f.rule = std::move(rule);
    f.severity = severity;
    f.message = std::move(message);
    f.query_class = id;
    f.location.file = "slow.log";
    f.location.line = 6;
    f.location.column = 8;
    report.findings[id].push_back(f);
  }
};

// `qadvisor verify` measured the four proposals and a fifth it could not run: one helps
// (84.2 ms → 0.31 ms), one changes nothing, one helps an UPDATE (rewritten as a SELECT) whose
// "before" hit the 30 s limit, one hurts, one was skipped.
struct VerifyFixture : Fixture {
  analyzer::VerificationRun verification;

  VerifyFixture() {
    Propose("customers", "idx_email", {"email"}, {false}, {}, {"00000000000000AA"}, 1000);
    verification.server = "MariaDB 10.11.6 (sandbox)";
    verification.sandbox = true;
    verification.rows_per_table = 200000;
    verification.runs = 5;
    verification.time_limit_seconds = 30;
    verification.notes = {"`carts` has no statistics: it got 200 000 generated rows"};

    QueryVerification& orders = Measure(0, ids[0], Verdict::kHelps);
    orders.statement =
        "SELECT id, total FROM orders WHERE customer_id = 42 ORDER BY created_at DESC";
    orders.before = Plan("ALL", "", 199847, 10, false, true, false, 84.2);
    orders.after =
        Plan("ref", "qadv_idx_customer_id_created_at", 12, 100, true, false, false, 0.31);
    orders.before.rows_read = 200000;  // what ANALYZE measured; the other classes have none
    orders.after.rows_read = 12;
    orders.speedup = 271.3;

    QueryVerification& sessions = Measure(1, ids[1], Verdict::kNoChange);
    sessions.statement = "SELECT * FROM sessions WHERE last_seen < '2024-01-01'";
    sessions.before = Plan("ALL", "", 5000, 33.33, false, false, false, 1.2);
    sessions.after = Plan("ALL", "", 5000, 33.33, false, false, false, 1.18);
    sessions.speedup = 1.017;
    sessions.note = "the optimizer kept the full scan: most rows match";

    QueryVerification& carts = Measure(2, ids[3], Verdict::kHelps);
    carts.statement = "SELECT * FROM carts WHERE user_id = 7";
    carts.rewritten_from = "UPDATE";
    carts.before = Plan("ALL", "", 2000000, 100, false, false, false, 30000);
    carts.before.timed_out = true;
    carts.before.runs = 1;
    carts.after = Plan("ref", "qadv_idx_user_id", 3, 100, false, false, false, 0.05);
    carts.speedup = 600000;

    QueryVerification& products = Measure(3, ids[2], Verdict::kHurts);
    products.statement = "SELECT name FROM products WHERE price > 100 ORDER BY price";
    products.before = Plan("range", "idx_price_old", 120, 100, false, true, true, 2.0);
    products.after = Plan("index", "qadv_idx_price", 50000, 100, true, false, false, 2.8);
    products.speedup = 0.714;

    QueryVerification& customers = Measure(4, "00000000000000AA", Verdict::kSkipped);
    customers.note = "the sample was truncated in the slow log: nothing to run";

    // The carts UPDATE, timed as a write beside its index; an INSERT of the same table that
    // could not run.
    analyzer::WriteVerification& update = verification.writes.emplace_back();
    update.proposal = 2;
    update.index_name = "qadv_idx_user_id";
    update.query_class = ids[3];
    update.kind = "UPDATE";
    update.statement = "UPDATE carts SET total = 0 WHERE user_id = 7";
    update.rows_affected = 3;
    update.before_ms = 0.4;
    update.after_ms = 0.5;
    update.runs = 5;
    analyzer::WriteVerification& insert = verification.writes.emplace_back();
    insert.proposal = 2;
    insert.index_name = "qadv_idx_user_id";
    insert.query_class = "00000000000000BB";
    insert.kind = "INSERT";
    insert.note =
        "not measured: `shop`.`carts` has trigger `carts_audit`, which could write "
        "elsewhere";

    report.verification = &verification;
  }

  QueryVerification& Measure(size_t proposal, const std::string& id, Verdict verdict) {
    QueryVerification& q = verification.queries.emplace_back();
    q.proposal = proposal;
    const std::string& name = advice.proposals[proposal].name;
    q.index_name = "qadv_" + name;
    q.ddl = "ALTER TABLE `shop`.`" + advice.proposals[proposal].table->name + "` ADD INDEX `" +
            q.index_name + "` (…);";
    q.query_class = id;
    q.verdict = verdict;
    return q;
  }

  static MeasuredPlan Plan(std::string access, std::string key, double rows, double filtered,
                           bool using_index, bool filesort, bool temporary, double ms) {
    MeasuredPlan m;
    m.access_type = std::move(access);
    m.key = std::move(key);
    m.rows = rows;
    m.filtered = filtered;
    m.using_index = using_index;
    m.using_filesort = filesort;
    m.using_temporary = temporary;
    m.median_ms = ms;
    m.runs = 5;
    return m;
  }
};

// What advise wrote for Fixture before the report knew about verification (text and Markdown in
// full; JSON and HTML, larger, by length and FNV-1a). If advise's output changes on purpose,
// update these from the failure message.
constexpr std::string_view kGoldenText =
    R"golden(# qadvisor advise: 4 events, 4 query classes, 4.40s of query time
# 4 index proposals, serving 100% of the query time

## Index proposals

1. `orders` (customer_id, created_at DESC, total)
   ALTER TABLE `shop`.`orders` ADD INDEX `idx_customer_id_created_at` (`customer_id`, `created_at`, `total`), ALGORITHM=INPLACE, LOCK=NONE;
   Serves `orders`.
   query classes: 51FC06786EF0D9C6
   makes redundant (dropped by the DDL, unsafe): `idx_customer`

2. `sessions` (last_seen)
   ALTER TABLE `shop`.`sessions` ADD INDEX `idx_last_seen` (`last_seen`), ALGORITHM=INPLACE, LOCK=NONE;
   Serves `sessions`.
   query classes: B6507EDFD7716E4F

3. `carts` (user_id)
   ALTER TABLE `shop`.`carts` ADD INDEX `idx_user_id` (`user_id`), ALGORITHM=INPLACE, LOCK=NONE;
   Serves `carts`.
   query classes: B4294FBFB668FCEF

4. `products` (price, name)
   ALTER TABLE `shop`.`products` ADD INDEX `idx_price` (`price`, `name`), ALGORITHM=INPLACE, LOCK=NONE;
   Serves `products`.
   query classes: E528CE154A3D6959

## Query classes

#1 51FC06786EF0D9C6  56.8%  2.50s  1 call  p95 2.50s
   select id, total from orders where customer_id = ? order by created_at desc
   index: proposal #1 `idx_customer_id_created_at` on `orders`

#2 B6507EDFD7716E4F  27.3%  1.20s  1 call  p95 1.20s
   select * from sessions where last_seen < ?
   warning: `SELECT *` reads every column [select-star]
   index: proposal #2 `idx_last_seen` on `sessions`

#3 B4294FBFB668FCEF  9.1%  400ms  1 call  p95 400ms
   update carts set total = ? where user_id = ?
   index: proposal #3 `idx_user_id` on `carts`

#4 E528CE154A3D6959  6.8%  300ms  1 call  p95 300ms
   select name from products where price > ? order by price
   index: proposal #4 `idx_price` on `products`

## Schema

schema.sql:12: info: index `idx_customer` is a prefix of `idx_customer_status` [redundant-index]
)golden";
constexpr std::string_view kGoldenMarkdown = R"golden(# qadvisor advise

4 events, 4 query classes, 4.40s of query time.

## Index proposals

| # | Table | Key (covering last) | Serves | Write cost | Replaces | Why |
|---|---|---|---|---|---|---|
| 1 | `orders` | `customer_id, created_at DESC, total` | 1 class (2.50s) | — | `idx_customer` | Serves `orders`. |
| 2 | `sessions` | `last_seen` | 1 class (1.20s) | — | — | Serves `sessions`. |
| 3 | `carts` | `user_id` | 1 class (400ms) | — | — | Serves `carts`. |
| 4 | `products` | `price, name` | 1 class (300ms) | — | — | Serves `products`. |

```sql
ALTER TABLE `shop`.`orders` ADD INDEX `idx_customer_id_created_at` (`customer_id`, `created_at`, `total`), ALGORITHM=INPLACE, LOCK=NONE;
ALTER TABLE `shop`.`sessions` ADD INDEX `idx_last_seen` (`last_seen`), ALGORITHM=INPLACE, LOCK=NONE;
ALTER TABLE `shop`.`carts` ADD INDEX `idx_user_id` (`user_id`), ALGORITHM=INPLACE, LOCK=NONE;
ALTER TABLE `shop`.`products` ADD INDEX `idx_price` (`price`, `name`), ALGORITHM=INPLACE, LOCK=NONE;
```

## Query classes

| # | Class | Share | Time | Calls | Query | Findings | Index |
|---|---|---|---|---|---|---|---|
| 1 | `51FC06786EF0D9C6` | 56.8% | 2.50s | 1 | `select id, total from orders where customer_id = ? order by created_at desc` | — | proposal #1 `idx_customer_id_created_at` on `orders` |
| 2 | `B6507EDFD7716E4F` | 27.3% | 1.20s | 1 | `select * from sessions where last_seen < ?` | **select-star** `SELECT *` reads every column | proposal #2 `idx_last_seen` on `sessions` |
| 3 | `B4294FBFB668FCEF` | 9.1% | 400ms | 1 | `update carts set total = ? where user_id = ?` | — | proposal #3 `idx_user_id` on `carts` |
| 4 | `E528CE154A3D6959` | 6.8% | 300ms | 1 | `select name from products where price > ? order by price` | — | proposal #4 `idx_price` on `products` |

## Schema

| Severity | Rule | Location | Message | Fix |
|---|---|---|---|---|
| info | `redundant-index` | `schema.sql:12` | index `idx_customer` is a prefix of `idx_customer_status` | — |
)golden";
constexpr size_t kGoldenJsonSize = 12201;
constexpr uint64_t kGoldenJsonHash = 0xd8cdb9015616f16fULL;
constexpr size_t kGoldenHtmlSize = 6407;
constexpr uint64_t kGoldenHtmlHash = 0x760126d2034997e0ULL;

TEST_CASE("verify report: without verification, advise's report is unchanged", "[verify]") {
  Fixture f;
  REQUIRE(f.report.verification == nullptr);
  CHECK(RenderAdviseText(f.report) == kGoldenText);
  CHECK(RenderAdviseMarkdown(f.report) == kGoldenMarkdown);
  const std::string json_out = RenderAdviseJson(f.report);
  const std::string html = RenderAdviseHtml(f.report);
  INFO(fmt::format("JSON: {} bytes, FNV-1a 0x{:016x}; HTML: {} bytes, FNV-1a 0x{:016x}",
                   json_out.size(), base::Fnv1a64(json_out), html.size(), base::Fnv1a64(html)));
  CHECK(json_out.size() == kGoldenJsonSize);
  CHECK(base::Fnv1a64(json_out) == kGoldenJsonHash);
  CHECK(html.size() == kGoldenHtmlSize);
  CHECK(base::Fnv1a64(html) == kGoldenHtmlHash);
}

TEST_CASE("verify report: JSON adds verification fields and nothing else changes", "[verify]") {
  VerifyFixture f;
  const json with = json::parse(RenderAdviseJson(f.report));
  f.report.verification = nullptr;
  const json without = json::parse(RenderAdviseJson(f.report));
  CHECK(with["command"] == "verify");
  CHECK(without["command"] == "advise");
  CHECK_FALSE(without.contains("verification"));
  CHECK_FALSE(without.contains("verification_run"));
  CHECK_FALSE(without.contains("verification_writes"));
  json stripped = with;
  stripped["command"] = "advise";
  stripped.erase("verification");
  stripped.erase("verification_run");
  stripped.erase("verification_writes");
  for (json& p : stripped["proposals"]) {
    p.erase("verdict");
    p.erase("recommended");
  }
  CHECK(stripped == without);
}

TEST_CASE("verify report: JSON fields, verdicts and recommendations", "[verify]") {
  VerifyFixture f;
  const json d = json::parse(RenderAdviseJson(f.report));

  const json& run = d["verification_run"];
  CHECK(run == json::parse(R"json({"server": "MariaDB 10.11.6 (sandbox)", "sandbox": true,
      "rows_per_table": 200000, "runs": 5, "time_limit_seconds": 30, "writes_not_run": null,
      "notes": ["`carts` has no statistics: it got 200 000 generated rows"]
})json"));

  const json& proposals = d["proposals"];
  REQUIRE(proposals.size() == 5);
  const std::vector<std::pair<std::string, bool>> verdicts = {
      {"helps", true}, {"no-change", false}, {"helps", true}, {"hurts", false}, {"skipped", true}};
  for (size_t i = 0; i < verdicts.size(); ++i) {
    INFO("proposal " << i + 1);
    CHECK(proposals[i]["verdict"] == verdicts[i].first);
    CHECK(proposals[i]["recommended"] == verdicts[i].second);
  }

  const json& v = d["verification"];
  REQUIRE(v.size() == 5);
  std::set<std::string> keys;
  for (const auto& [key, value] : v[0].items()) keys.insert(key);
  CHECK(keys == std::set<std::string>{"proposal", "ddl", "index_name", "query_class", "statement",
                                      "before", "after", "speedup", "verdict"});
  CHECK(v[0]["proposal"] == 1);  // the proposal's rank, as indexes[].proposal
  CHECK(v[0]["ddl"] ==
        "ALTER TABLE `shop`.`orders` ADD INDEX `qadv_idx_customer_id_created_at` (…);");
  CHECK(v[0]["index_name"] == "qadv_idx_customer_id_created_at");
  CHECK(v[0]["query_class"] == f.ids[0]);
  CHECK(v[0]["statement"] ==
        "SELECT id, total FROM orders WHERE customer_id = 42 ORDER BY created_at DESC");
  CHECK(v[0]["before"] == json::parse(R"json({"access_type": "ALL", "key": null, "rows": 199847,
      "rows_read": 200000, "filtered": 10, "using_index": false, "using_filesort": true, "using_temporary": false,
      "median_ms": 84.2, "runs": 5, "timed_out": false})json"));
  CHECK(v[0]["after"] == json::parse(R"json({"access_type": "ref",
      "key": "qadv_idx_customer_id_created_at", "rows": 12, "rows_read": 12, "filtered": 100, "using_index": true,
      "using_filesort": false, "using_temporary": false, "median_ms": 0.31, "runs": 5,
      "timed_out": false})json"));
  CHECK(v[0]["speedup"] == 271.3);
  CHECK(v[0]["verdict"] == "helps");

  CHECK(v[1]["verdict"] == "no-change");
  CHECK(v[1]["note"] == "the optimizer kept the full scan: most rows match");
  CHECK_FALSE(v[1].contains("rewritten_from"));

  CHECK(v[2]["proposal"] == 3);
  CHECK(v[2]["rewritten_from"] == "UPDATE");
  CHECK(v[2]["before"]["timed_out"] == true);
  CHECK(v[2]["before"]["median_ms"] == 30000);
  CHECK(v[2]["before"]["runs"] == 1);
  CHECK(v[2]["speedup"] == 600000);
  CHECK_FALSE(v[2].contains("note"));

  CHECK(v[3]["verdict"] == "hurts");
  CHECK(v[3]["speedup"] == 0.714);
  CHECK(v[3]["before"]["using_temporary"] == true);

  // Skipped, nothing measured: unknowns are null, never 0.
  CHECK(v[4]["proposal"] == 5);
  CHECK(v[4]["verdict"] == "skipped");
  CHECK(v[4]["speedup"].is_null());
  CHECK(v[4]["statement"].is_null());
  CHECK(v[4]["note"] == "the sample was truncated in the slow log: nothing to run");
  for (const char* side : {"before", "after"}) {
    const json& m = v[4][side];
    CHECK(m["access_type"].is_null());
    CHECK(m["rows"].is_null());
    CHECK(m["filtered"].is_null());
    CHECK(m["median_ms"].is_null());
    CHECK(m["runs"] == 0);
  }
}

TEST_CASE("verify report: a live server, and a proposal with nothing measured", "[verify]") {
  VerifyFixture f;
  f.verification.server = "root@127.0.0.1:3306/shop";
  f.verification.sandbox = false;
  f.verification.rows_per_table = 0;
  f.verification.queries.pop_back();  // proposal 5 now has no row at all
  const json d = json::parse(RenderAdviseJson(f.report));
  CHECK(d["verification_run"]["sandbox"] == false);
  CHECK(d["verification_run"]["rows_per_table"].is_null());
  CHECK(d["proposals"][4]["verdict"] == "skipped");
  CHECK(d["proposals"][4]["recommended"] == true);
  const std::string text = RenderAdviseText(f.report);
  CHECK_THAT(text, Catch::Contains("Measured on root@127.0.0.1:3306/shop, on its own data, "
                                   "median of 5 timed runs, time limit 30 s.\n"));
  CHECK_THAT(text, Catch::Contains("5. `customers` (email): skipped: unverified\n"
                                   "   no query of this proposal was measured\n"));
  CHECK_THAT(RenderAdviseMarkdown(f.report),
             Catch::Contains("### 5. `customers` (email): skipped: unverified\n\n"
                             "No query of this proposal was measured.\n"));
}

TEST_CASE("verify report: text", "[verify]") {
  VerifyFixture f;
  const std::string text = RenderAdviseText(f.report);
  CHECK(text.rfind("# qadvisor verify: 4 events, 4 query classes, 4.40s of query time\n", 0) == 0);
  // Verdict tags in the proposal list.
  CHECK_THAT(text, Catch::Contains("1. `orders` (customer_id, created_at DESC, total)  [helps]\n"));
  CHECK_THAT(text, Catch::Contains("2. `sessions` (last_seen)  [no-change: not recommended]\n"));
  CHECK_THAT(text, Catch::Contains("4. `products` (price, name)  [hurts: not recommended]\n"));
  CHECK_THAT(text, Catch::Contains("5. `customers` (email)  [skipped: unverified]\n"));
  // The section comes after the proposals and before the classes.
  const size_t section = text.find("\n## Verification\n");
  REQUIRE(section != std::string::npos);
  CHECK(section > text.find("## Index proposals"));
  CHECK(section < text.find("## Query classes"));
  CHECK_THAT(text, Catch::Contains(
                       "## Verification\n\nMeasured on MariaDB 10.11.6 (sandbox), 200 000 rows per "
                       "table, median of 5 timed runs, time limit 30 s.\n"
                       "Verdicts: 2 helps, 1 no-change, 1 hurts, 1 skipped.\n\n"
                       "- `carts` has no statistics: it got 200 000 generated rows\n\n"));
  CHECK_THAT(text, Catch::Contains("1. `orders` (customer_id, created_at DESC, total): helps\n"
                                   "   measured as index `qadv_idx_customer_id_created_at`\n"
                                   "   class 51FC06786EF0D9C6: helps\n"
                                   "     SELECT id, total FROM orders WHERE customer_id = 42 "
                                   "ORDER BY created_at DESC\n"
                                   "     access type  ALL → ref\n"
                                   "     key          — → qadv_idx_customer_id_created_at\n"
                                   "     rows (est.)  199 847 → 12\n"
                                   "     rows read    200 000 → 12\n"
                                   "     filtered     10% → 100%\n"
                                   "     using index  no → yes\n"
                                   "     filesort     yes → no\n"
                                   "     temporary    no → no\n"
                                   "     median       84.2 ms → 0.31 ms\n"
                                   "     speedup      271×\n"
                                   "   writes: no write of the workload changes `orders`\n\n"));
  CHECK_THAT(text, Catch::Contains("2. `sessions` (last_seen): no-change: not recommended\n"));
  CHECK_THAT(text,
             Catch::Contains("     speedup      1.0×\n"
                             "     note: the optimizer kept the full scan: most rows match\n"));
  CHECK_THAT(text, Catch::Contains("     median       ≥ 30 s → 0.05 ms\n"
                                   "     speedup      ≥ 600 000×\n"
                                   "     note: measured as a SELECT rewritten from UPDATE\n"));
  CHECK_THAT(text, Catch::Contains("4. `products` (price, name): hurts: not recommended\n"));
  CHECK_THAT(text, Catch::Contains("     median       2 ms → 2.8 ms\n"
                                   "     speedup      0.71×\n"));
  // Nothing measured: no table, only the note.
  CHECK_THAT(text, Catch::Contains("5. `customers` (email): skipped: unverified\n"
                                   "   class 00000000000000AA: skipped\n"
                                   "     note: the sample was truncated in the slow log: nothing "
                                   "to run\n"
                                   "   writes: no write of the workload changes `customers`\n"
                                   "\n## Query classes\n"));
}

TEST_CASE("verify report: Markdown", "[verify]") {
  VerifyFixture f;
  const std::string md = RenderAdviseMarkdown(f.report);
  CHECK(md.rfind("# qadvisor verify\n\n", 0) == 0);
  CHECK_THAT(md,
             Catch::Contains("| # | Verdict | Table | Key (covering last) | Serves | Write cost "
                             "| Replaces | Why |\n|---|---|---|---|---|---|---|---|\n"
                             "| 1 | helps | `orders` |"));
  CHECK_THAT(md, Catch::Contains("| 2 | **no-change: not recommended** | `sessions` |"));
  CHECK_THAT(md, Catch::Contains("| 4 | **hurts: not recommended** | `products` |"));
  // A script of the DDL applies only what the measurements support.
  CHECK_THAT(md, Catch::Contains("\n-- not recommended (hurts): ALTER TABLE `shop`.`products` "
                                 "ADD INDEX `idx_price`"));
  CHECK_THAT(md, Catch::Contains("\nALTER TABLE `shop`.`carts` ADD INDEX `idx_user_id`"));
  CHECK_THAT(
      md, Catch::Contains(
              "### 1. `orders` (customer_id, created_at DESC, total): helps\n\n"
              "| Class | Query | Access type | Key | Rows (est.) | Rows read | Filtered | Extra | "
              "Median | Speedup | Verdict |\n|---|---|---|---|---|---|---|---|---|---|---|\n"
              "| `51FC06786EF0D9C6` | `SELECT id, total FROM orders WHERE customer_id = 42 "
              "ORDER BY created_at DESC` | ALL → ref | — → qadv_idx_customer_id_created_at | "
              "199 847 → 12 | 200 000 → 12 | 10% → 100% | Using filesort → Using index | 84.2 ms → "
              "0.31 ms | "
              "271× | helps |\n\n"));
  CHECK_THAT(md, Catch::Contains("### 4. `products` (price, name): **hurts: not recommended**\n"));
  CHECK_THAT(md,
             Catch::Contains("| range → index | idx_price_old → qadv_idx_price | 120 → 50 000 "
                             "| — | 100% → 100% | Using filesort; Using temporary → Using index "
                             "| 2 ms → 2.8 ms | 0.71× | hurts |\n"));
  CHECK_THAT(md, Catch::Contains("| ≥ 30 s → 0.05 ms | ≥ 600 000× | helps |\n\n"
                                 "- `B4294FBFB668FCEF`: measured as a SELECT rewritten from "
                                 "UPDATE\n"));
  CHECK_THAT(
      md, Catch::Contains("| `00000000000000AA` | — | — | — | — | — | — | — | — | — | skipped |"));
}

TEST_CASE("verify report: the writes of a proposal's table", "[verify]") {
  VerifyFixture f;
  const json d = json::parse(RenderAdviseJson(f.report));
  const json& w = d["verification_writes"];
  REQUIRE(w.size() == 2);
  CHECK(w[0]["added_ms"].get<double>() == Approx(0.1));
  json first = w[0];
  first.erase("added_ms");
  CHECK(first == json::parse(fmt::format(R"json({{"proposal": 3,
      "index_name": "qadv_idx_user_id", "query_class": "{}", "statement_kind": "UPDATE",
      "statement": "UPDATE carts SET total = 0 WHERE user_id = 7", "rows_affected": 3,
      "before_ms": 0.4, "after_ms": 0.5, "runs": 5, "timed_out": false}})json",
                                         f.ids[3])));
  // Not measured: unknowns are null, the reason in the note.
  CHECK(w[1] == json::parse(R"json({"proposal": 3, "index_name": "qadv_idx_user_id",
      "query_class": "00000000000000BB", "statement_kind": "INSERT", "statement": null,
      "rows_affected": null, "before_ms": null, "after_ms": null, "added_ms": null, "runs": 0,
      "timed_out": false, "note": "not measured: `shop`.`carts` has trigger `carts_audit`, which could write elsewhere"})json"));

  const std::string text = RenderAdviseText(f.report);
  CHECK_THAT(text, Catch::Contains(
                       "     note: measured as a SELECT rewritten from UPDATE\n"
                       "   writes: 1 class measured, +0.1 ms per statement (+25%); 1 not measured\n"
                       "     class B4294FBFB668FCEF (UPDATE): 0.4 ms → 0.5 ms (+0.1 ms), 3 rows "
                       "affected\n"
                       "     class 00000000000000BB (INSERT): not measured: `shop`.`carts` has "
                       "trigger `carts_audit`, which could write elsewhere\n\n"));
  const std::string md = RenderAdviseMarkdown(f.report);
  CHECK_THAT(md, Catch::Contains("**Writes:** 1 class measured, +0.1 ms per statement (+25%); 1 "
                                 "not measured.\n\n- `B4294FBFB668FCEF` (UPDATE): 0.4 ms → 0.5 ms "
                                 "(+0.1 ms), 3 rows affected\n- `00000000000000BB` (INSERT): not "
                                 "measured: `shop`.`carts` has trigger `carts_audit`"));
  CHECK_THAT(md, Catch::Contains("**Writes:** no write of the workload changes `orders`.\n"));
  const std::string html = RenderAdviseHtml(f.report);
  CHECK_THAT(html,
             Catch::Contains("<p class=\"writes\">Writes: 1 class measured, +0.1 ms per "
                             "statement (+25%); 1 not measured</p>\n<ul class=\"writes\"><li><code>"
                             "B4294FBFB668FCEF</code> (UPDATE): 0.4 ms → 0.5 ms (+0.1 ms), "
                             "3 rows affected</li><li><code>00000000000000BB</code> (INSERT): "
                             "not measured: <code>shop</code>.<code>carts</code> has trigger "
                             "<code>carts_audit</code>"));

  // Faster with the index (noise), a timed-out side, one row.
  analyzer::WriteVerification& u = f.verification.writes[0];
  u.after_ms = 0.38;
  u.rows_affected = 1;
  CHECK_THAT(RenderAdviseText(f.report),
             Catch::Contains(
                 "   writes: 1 class measured, -0.02 ms per statement (-5.0%); 1 not measured\n"
                 "     class B4294FBFB668FCEF (UPDATE): 0.4 ms → 0.38 ms (-0.02 ms), "
                 "1 row affected\n"));
  u.timed_out = true;
  u.after_ms = 30000;
  CHECK_THAT(RenderAdviseText(f.report),
             Catch::Contains("   writes: none of 2 classes measured\n"
                             "     class B4294FBFB668FCEF (UPDATE): 0.4 ms → ≥ 30 s, 1 row "
                             "affected\n"));
  CHECK(json::parse(RenderAdviseJson(f.report))["verification_writes"][0]["added_ms"].is_null());
  f.verification.writes.pop_back();
  CHECK_THAT(RenderAdviseText(f.report), Catch::Contains("   writes: 1 class, not measured\n"));

  // A run where no write ran: one reason, the same for every proposal.
  f.verification.writes.clear();
  f.verification.writes_not_run =
      "the workload's writes run only in the sandbox, or on a server with --allow-writes";
  CHECK(json::parse(RenderAdviseJson(f.report))["verification_run"]["writes_not_run"] ==
        f.verification.writes_not_run);
  CHECK_THAT(RenderAdviseText(f.report),
             Catch::Contains("   writes: not run: the workload's writes run only in the sandbox, "
                             "or on a server with --allow-writes\n\n4. `products`"));
}

// A class whose SQL quotes identifiers with backticks and holds a `|`: every format shows it as
// written — Markdown in code spans long enough for the backticks, `|` escaped in cells; HTML
// escaped text.
struct QuotedFixture : VerifyFixture {
  QuotedFixture() {
    Add("select `display-name`, `order` from `tag$meta` where `order` > 5 and `a|b` = 1", "0.2");
    id = ids.back();
    Propose("tag$meta", "idx_a_b_order", {"a|b", "order"}, {false, false}, {}, {id}, 200000);
    advice.proposals.back().replaces = {"old|idx"};
    QueryVerification& q = Measure(advice.proposals.size() - 1, id, Verdict::kHelps);
    q.statement = "SELECT `order` FROM `tag$meta` WHERE `a|b` = 1";
    q.before = Plan("ALL", "", 1000, 10, false, false, false, 5);
    q.after = Plan("ref", "qadv_idx_a_b_order", 1, 100, false, false, false, 0.1);
    q.speedup = 50;
    report.schema_findings[0].fix = "ALTER TABLE `shop`.`orders`\n  DROP INDEX `idx|customer`;";
  }
  std::string id;
};

TEST_CASE("advise and verify reports keep backtick-quoted SQL as written", "[verify]") {
  QuotedFixture f;
  const std::string md = RenderAdviseMarkdown(f.report);
  INFO(md);
  // Query classes: the fingerprint in a double-backtick span, its pipe escaped for the table.
  CHECK_THAT(md, Catch::Contains("| ``select `display-name`, `order` from tag$meta where `order` "
                                 "> ? and `a\\|b` = ?`` |"));
  CHECK_THAT(md, !Catch::Contains("'display-name'"));
  CHECK_THAT(md, !Catch::Contains("'order'"));
  // Proposals: table, key and replaced index as code, pipes escaped.
  CHECK_THAT(md, Catch::Contains("| helps | `tag$meta` | `a\\|b, order` | 1 class (200ms) | — | "
                                 "`old\\|idx` |"));
  // Verification: the statement that ran, and the heading.
  CHECK_THAT(md, Catch::Contains("### 6. `tag$meta` (a|b, order): helps\n"));
  CHECK_THAT(md, Catch::Contains("| ``SELECT `order` FROM `tag$meta` WHERE `a\\|b` = 1`` | ALL → "
                                 "ref |"));
  // Schema findings: each line of the fix its own span.
  CHECK_THAT(md,
             Catch::Contains("| **unsafe:** `` ALTER TABLE `shop`.`orders` ``<br>``  DROP INDEX "
                             "`idx\\|customer`;`` |\n"));

  const std::string text = RenderAdviseText(f.report);
  CHECK_THAT(
      text, Catch::Contains("   select `display-name`, `order` from tag$meta where `order` > ? and "
                            "`a|b` = ?\n"));

  const std::string html = RenderAdviseHtml(f.report);
  CHECK_THAT(html, Catch::Contains("<code>select `display-name`, `order` from tag$meta where "
                                   "`order` &gt; ? and `a|b` = ?</code>"));
  CHECK_THAT(html, Catch::Contains("<code>SELECT `order` FROM `tag$meta` WHERE `a|b` = 1</code>"));
  CHECK_THAT(html, !Catch::Contains("&#39;display-name&#39;"));
}

TEST_CASE("advise report: counts read as English", "[verify]") {
  Fixture f;
  const std::string text = RenderAdviseText(f.report);
  CHECK_THAT(text, Catch::Contains("  2.50s  1 call  p95"));
  CHECK_THAT(text, !Catch::Contains("1 calls"));
  CHECK_THAT(text, Catch::StartsWith("# qadvisor advise: 4 events, 4 query classes"));

  // One event of one class, and nothing to propose.
  analyzer::DigestRun run;
  std::vector<parser::Attribute> attrs{{"Query_time", "0.1"}};
  parser::Event e;
  e.query = "SELECT 1";
  e.attributes = attrs;
  run.digest.Add(e, 0);
  run.files = {"slow.log"};
  const analyzer::Advice advice;
  AdviseReport one;
  one.run = &run;
  one.advice = &advice;
  CHECK_THAT(RenderAdviseText(one),
             Catch::StartsWith("# qadvisor advise: 1 event, 1 query class,"));
  CHECK_THAT(RenderAdviseMarkdown(one), Catch::Contains("\n1 event, 1 query class, "));
}

TEST_CASE("verify report: HTML has the table and a self-contained, labelled chart", "[verify]") {
  VerifyFixture f;
  const std::string html = RenderAdviseHtml(f.report);
  CHECK_THAT(html, Catch::Contains("<title>qadvisor verify</title>"));
  CHECK_THAT(html, Catch::Contains("<h2>Verification</h2>"));
  // Everything advise has is still there.
  CHECK_THAT(html, Catch::Contains("<svg id=\"chart-classes\""));
  CHECK_THAT(html, Catch::Contains("<svg id=\"chart-proposals\""));
  CHECK_THAT(html, Catch::Contains("<th>Verdict</th><th>Table</th><th>Key (covering last)</th>"));
  // The chart: one bar pair per timed (proposal, class), each row titled and labelled.
  const size_t chart = html.find("<svg id=\"chart-verification\" role=\"img\" aria-label=");
  REQUIRE(chart != std::string::npos);
  const std::string svg = html.substr(chart, html.find("</svg>", chart) - chart);
  size_t bars = 0;
  for (size_t at = svg.find("<rect"); at != std::string::npos; at = svg.find("<rect", at + 1)) {
    ++bars;
  }
  CHECK(bars == 8);  // four timed rows; the skipped one has none
  CHECK_THAT(svg, Catch::Contains(
                      "<title>#1 qadv_idx_customer_id_created_at, class 51FC06786EF0D9C6: 84.2 ms "
                      "→ 0.31 ms, speedup 271× (helps)</title>"));
  CHECK_THAT(svg, Catch::Contains(">before 84.2 ms</text>"));
  CHECK_THAT(svg, Catch::Contains(">after 0.31 ms</text>"));
  CHECK_THAT(svg, Catch::Contains(">before ≥ 30 s</text>"));
  CHECK_THAT(svg, Catch::Contains("<rect class=\"bar after slower\""));
  CHECK_THAT(svg, Catch::Contains(">10 ms</text>"));  // a decade of the log axis
  CHECK(svg.find("width=\"0\"") == std::string::npos);
  // The table, one measured row and one statement row per class.
  CHECK_THAT(html, Catch::Contains(
                       "<tr class=\"measured\"><td><code>51FC06786EF0D9C6</code></td><td "
                       "class=\"num\">ALL → ref</td><td><code>— → "
                       "qadv_idx_customer_id_created_at</code></td><td class=\"num\">199 847 → "
                       "12</td><td class=\"num\">200 000 → 12</td><td class=\"num\">10% → "
                       "100%</td><td>Using filesort → Using "
                       "index</td><td class=\"num\">84.2 ms → 0.31 ms</td><td "
                       "class=\"num\">271×</td><td><span class=\"verdict helps\">helps</span></td>"
                       "</tr>\n"));
  CHECK_THAT(html, Catch::Contains("<span class=\"verdict hurts\">hurts: not recommended</span>"));
  CHECK_THAT(html, Catch::Contains("-- not recommended (no-change): ALTER TABLE"));
  // Self-contained: nothing to fetch.
  CHECK(html.find("http://") == std::string::npos);
  CHECK(html.find("https://") == std::string::npos);
  CHECK(html.find("<script") == std::string::npos);
  CHECK(html.find("<link") == std::string::npos);
  CHECK(html.find("url(") == std::string::npos);
}

TEST_CASE("verify report: numbers", "[verify]") {
  VerifyFixture f;
  QueryVerification& q = f.verification.queries[0];
  auto speedup_line = [&] {
    const std::string text = RenderAdviseText(f.report);
    const size_t at = text.find("     speedup      ");
    return text.substr(at + 18, text.find('\n', at) - at - 18);
  };
  const std::vector<std::pair<double, std::string>> speedups = {
      {1.44, "1.4×"}, {1.0, "1.0×"}, {0.5, "0.50×"},  {9.6, "9.6×"},
      {9.97, "10×"},  {12.4, "12×"}, {271.6, "272×"}, {2400, "2 400×"}};
  for (const auto& [value, want] : speedups) {
    q.speedup = value;
    CHECK(speedup_line() == want);
  }
  q.speedup = 0;  // unknown
  CHECK(speedup_line() == "—");

  auto median_line = [&] {
    const std::string text = RenderAdviseText(f.report);
    const size_t at = text.find("     median       ");
    return text.substr(at + 18, text.find('\n', at) - at - 18);
  };
  const std::vector<std::pair<double, std::string>> times = {
      {0.0042, "0.0042 ms"}, {0.31, "0.31 ms"}, {5, "5 ms"},     {84.25, "84.2 ms"},
      {999.7, "1 s"},        {1250, "1.25 s"},  {30000, "30 s"}, {4000000, "4 000 s"}};
  for (const auto& [ms, want] : times) {
    q.before.median_ms = ms;
    CHECK(median_line() == want + " → 0.31 ms");
  }
  // A run cut short by the limit is a floor: "≥", and the speedup becomes a floor too.
  q.before.timed_out = true;
  q.before.median_ms = 0;
  q.speedup = 96774;
  CHECK(median_line() == "≥ 30 s → 0.31 ms");
  CHECK(speedup_line() == "≥ 96 774×");
  // Only "after" measured: the other side is unknown.
  q.before = MeasuredPlan{};
  const std::string text = RenderAdviseText(f.report);
  CHECK_THAT(text, Catch::Contains("     access type  ? → ref\n"));
  CHECK_THAT(text, Catch::Contains("     median       ? → 0.31 ms\n"));
}

}  // namespace
}  // namespace qadvisor::report
