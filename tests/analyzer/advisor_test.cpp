// The workload index advisor: per-query wants, merging, existing indexes, budgets, key limits,
// rewrite-only queries and statistics — each on a schema and workload of its own.
#include "analyzer/advisor.h"

#include <catch2/catch.hpp>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/catalog.h"
#include "analyzer/query_model.h"
#include "parser/parser.h"

namespace {

using namespace qadvisor;
using analyzer::Advice;
using analyzer::AdvisorOptions;
using analyzer::IndexProposal;
using analyzer::TableAdvice;
using Names = std::vector<std::string>;

// What a slow log says of a class beyond its time.
struct Log {
  uint64_t calls = 1;
  std::optional<uint64_t> rows_affected = std::nullopt;
  std::optional<uint64_t> max_rows_examined = std::nullopt;
};

// A schema (and optional statistics) plus a workload of bound statements, kept alive for
// Advise(): the models point into the parse results and the catalog.
class Workload {
 public:
  explicit Workload(std::string_view ddl, std::string_view stats_json = {}) {
    schema_ = std::make_unique<parser::ParseResult>(parser::Parse(ddl));
    REQUIRE(schema_->ok());
    catalog_.Apply(*schema_, "schema.sql");
    REQUIRE(catalog_.issues().empty());
    if (!stats_json.empty()) {
      const auto issues = analyzer::LoadStats(catalog_, stats_json, "stats.json");
      REQUIRE(issues.ok());
      REQUIRE(issues.value().empty());
    }
  }

  // Adds one query class; the catalog must not change afterwards.
  Workload& Add(std::string id, int64_t weight, std::string_view sql, const Log& log = Log()) {
    auto& parsed = parsed_.emplace_back(std::make_unique<parser::ParseResult>(parser::Parse(sql)));
    REQUIRE(parsed->ok());
    REQUIRE(parsed->statements().size() == 1);
    auto& model = models_.emplace_back(std::make_unique<analyzer::QueryModel>(
        analyzer::Bind(*parsed->statements()[0], catalog_, "", parsed->text())));
    REQUIRE(model->issues.empty());
    model->max_rows_examined = log.max_rows_examined;
    queries_.push_back({std::move(id), weight, model.get(), log.calls, log.rows_affected});
    return *this;
  }

  Advice Run(const AdvisorOptions& options = {}) const {
    return analyzer::Advise(catalog_, queries_, options);
  }
  // The same workload with its classes in another order.
  Advice RunReversed(const AdvisorOptions& options = {}) const {
    std::vector<analyzer::WorkloadQuery> reversed(queries_.rbegin(), queries_.rend());
    return analyzer::Advise(catalog_, reversed, options);
  }

 private:
  std::unique_ptr<parser::ParseResult> schema_;
  analyzer::Catalog catalog_;
  std::vector<std::unique_ptr<parser::ParseResult>> parsed_;
  std::vector<std::unique_ptr<analyzer::QueryModel>> models_;
  std::vector<analyzer::WorkloadQuery> queries_;
};

// The advice for table `table` of class `id` (its first use in the statement).
const TableAdvice& For(const Advice& advice, std::string_view id, std::string_view table) {
  for (const auto& c : advice.classes) {
    if (c.id != id) continue;
    for (const TableAdvice& t : c.tables) {
      if (t.table && t.table->name == table) return t;
    }
  }
  FAIL("no advice for " << table << " in " << id);
  static const TableAdvice kNone;
  return kNone;
}

// Proposals as "table(col, col DESC, col(10)) +include" strings, in rank order: a whole result
// in one comparison.
Names Summary(const Advice& advice) {
  Names out;
  for (const IndexProposal& p : advice.proposals) {
    std::string s = p.table->name + "(";
    for (size_t i = 0; i < p.columns.size(); ++i) {
      if (i > 0) s += ", ";
      s += p.columns[i];
      if (p.prefix_lengths[i] > 0) s += "(" + std::to_string(p.prefix_lengths[i]) + ")";
      if (p.descending[i]) s += " DESC";
    }
    s += ")";
    for (const std::string& c : p.include) s += " +" + c;
    out.push_back(std::move(s));
  }
  return out;
}

// Every proposal's fields, for comparing two runs.
void RequireSame(const Advice& a, const Advice& b) {
  REQUIRE(a.proposals.size() == b.proposals.size());
  for (size_t i = 0; i < a.proposals.size(); ++i) {
    const IndexProposal& x = a.proposals[i];
    const IndexProposal& y = b.proposals[i];
    CHECK(x.table == y.table);
    CHECK(x.name == y.name);
    CHECK(x.columns == y.columns);
    CHECK(x.prefix_lengths == y.prefix_lengths);
    CHECK(x.descending == y.descending);
    CHECK(x.include == y.include);
    CHECK(x.replaces == y.replaces);
    CHECK(x.extends == y.extends);
    CHECK(x.query_classes == y.query_classes);
    CHECK(x.weight == y.weight);
    CHECK(x.ddl == y.ddl);
    CHECK(x.reason == y.reason);
  }
}

constexpr const char* kShop = R"sql(
CREATE TABLE customers (
  id INT UNSIGNED NOT NULL PRIMARY KEY,
  email VARCHAR(190) NOT NULL,
  phone VARCHAR(20),
  country CHAR(2) NOT NULL,
  name VARCHAR(100) NOT NULL,
  created_at DATETIME NOT NULL
);
CREATE TABLE orders (
  id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  customer_id INT UNSIGNED NOT NULL,
  status VARCHAR(16) NOT NULL,
  total DECIMAL(10,2) NOT NULL,
  created_at DATETIME NOT NULL,
  note VARCHAR(255)
);
)sql";

}  // namespace

// --- one query's want --------------------------------------------------------------------------

TEST_CASE("advisor: equality then range, with the DDL, reason and class advice", "[advisor]") {
  Workload w(kShop);
  w.Add("q1", 2'000'000,
        "SELECT id FROM orders WHERE customer_id = 7 AND created_at >= '2024-01-01'");
  const Advice a = w.Run();
  REQUIRE(a.proposals.size() == 1);
  const IndexProposal& p = a.proposals[0];
  CHECK(p.table->name == "orders");
  CHECK(p.name == "idx_customer_id_created_at");
  CHECK(p.columns == Names{"customer_id", "created_at"});
  CHECK(p.prefix_lengths == std::vector<uint32_t>{0, 0});
  CHECK(p.descending == std::vector<bool>{false, false});
  CHECK(p.include.empty());
  CHECK(p.replaces.empty());
  CHECK(p.extends.empty());
  CHECK(p.query_classes == Names{"q1"});
  CHECK(p.weight == 2'000'000);
  CHECK(p.ddl ==
        "ALTER TABLE `orders` ADD INDEX `idx_customer_id_created_at` (`customer_id`, "
        "`created_at`), ALGORITHM=INPLACE, LOCK=NONE;");
  CHECK(p.reason ==
        "Serves 1 query class (2 s, 100% of the workload's time): looks up `customer_id`, then "
        "ranges over `created_at`.");

  REQUIRE(a.classes.size() == 1);
  CHECK(a.classes[0].id == "q1");
  const TableAdvice& t = For(a, "q1", "orders");
  CHECK(t.want.columns == Names{"customer_id", "created_at"});
  CHECK(t.want.equalities == 1);
  CHECK(t.want.has_range);
  CHECK_FALSE(t.want.serves_order);
  CHECK(t.proposal == 0);
  CHECK(t.served_by.empty());
  CHECK(t.skipped.empty());
}

TEST_CASE("advisor: equalities first whatever the WHERE order, one range column only",
          "[advisor]") {
  Workload w(kShop);
  w.Add("q1", 10,
        "SELECT id FROM orders WHERE created_at > '2024-01-01' AND total < 10 AND status = 'paid' "
        "AND customer_id = 3");
  const Advice a = w.Run();
  // Both equalities (equal weight: by name), then the first range; the second range column is
  // read from the index to filter (covering), not searched.
  CHECK(Summary(a) == Names{"orders(customer_id, status, created_at, total) +total"});
}

TEST_CASE("advisor: equality then ORDER BY … DESC is read without a sort, and covers",
          "[advisor]") {
  Workload w(kShop);
  w.Add("q1", 10,
        "SELECT id, total FROM orders WHERE customer_id = 7 ORDER BY created_at DESC LIMIT 10");
  const Advice a = w.Run();
  REQUIRE(a.proposals.size() == 1);
  const IndexProposal& p = a.proposals[0];
  CHECK(p.columns == Names{"customer_id", "created_at", "total"});
  CHECK(p.descending == std::vector<bool>{false, true, false});
  CHECK(p.include == Names{"total"});
  CHECK(p.ddl ==
        "ALTER TABLE `orders` ADD INDEX `idx_customer_id_created_at` (`customer_id`, `created_at` "
        "DESC, `total`), ALGORITHM=INPLACE, LOCK=NONE;");
  CHECK(p.reason ==
        "Serves 1 query class (1e-05 s, 100% of the workload's time): looks up `customer_id`, "
        "then reads `created_at` in ORDER BY order without a sort, and covers `total`.");
  const TableAdvice& t = For(a, "q1", "orders");
  CHECK(t.want.serves_order);
  CHECK_FALSE(t.want.has_range);
}

TEST_CASE("advisor: ORDER BY is preferred over a range, which is then covered", "[advisor]") {
  Workload w(kShop);
  w.Add("q1", 10,
        "SELECT id FROM orders WHERE customer_id = 7 AND created_at > '2024-01-01' ORDER BY total "
        "LIMIT 5");
  CHECK(Summary(w.Run()) == Names{"orders(customer_id, total, created_at) +created_at"});
}

TEST_CASE("advisor: with no equality and no LIMIT, a range wins over the order", "[advisor]") {
  // Read in `total` order, the index would be read whole; the range and a sort read less.
  Workload w(kShop);
  w.Add("q1", 10, "SELECT id, total FROM orders WHERE created_at > '2024-01-01' ORDER BY total");
  CHECK(Summary(w.Run()) == Names{"orders(created_at, total) +total"});
  // The primary key's range already serves it: nothing to propose (sysbench's range query).
  Workload pk(kShop);
  pk.Add("q1", 10, "SELECT note FROM orders WHERE id BETWEEN 100 AND 199 ORDER BY note");
  CHECK(pk.Run().proposals.empty());
  // With a LIMIT the ordered read stops early: the order is wanted, the range covered.
  Workload limited(kShop);
  limited.Add("q1", 10,
              "SELECT id FROM orders WHERE created_at > '2024-01-01' ORDER BY total LIMIT 10");
  CHECK(Summary(limited.Run()) == Names{"orders(total, created_at) +created_at"});
}

TEST_CASE("advisor: an equality, a range and GROUP BY without LIMIT: the range, then covering",
          "[advisor]") {
  Workload w(R"sql(CREATE TABLE audit_log (id BIGINT PRIMARY KEY, tenant_id INT NOT NULL,
                   action VARCHAR(32) NOT NULL, created_at DATETIME NOT NULL);)sql");
  w.Add("q", 10,
        "SELECT action, COUNT(*) FROM audit_log WHERE tenant_id = 4 AND created_at BETWEEN "
        "'2026-01-01' AND '2026-02-01' GROUP BY action");
  const Advice a = w.Run();
  // Not (tenant_id, action): read in group order, every row of the tenant is read.
  CHECK(Summary(a) == Names{"audit_log(tenant_id, created_at, action) +action"});
  CHECK(For(a, "q", "audit_log").want.has_range);
  CHECK_FALSE(For(a, "q", "audit_log").want.serves_order);
}

TEST_CASE("advisor: an equality, a range and ORDER BY: LIMIT decides", "[advisor]") {
  Workload w(kShop);
  w.Add("q", 10,
        "SELECT id FROM orders WHERE customer_id = 7 AND created_at > '2024-01-01' ORDER BY "
        "total");
  CHECK(Summary(w.Run()) == Names{"orders(customer_id, created_at, total) +total"});
  // A range on the ORDER BY column gives the order anyway.
  Workload same(kShop);
  same.Add("q", 10,
           "SELECT id FROM orders WHERE customer_id = 7 AND created_at > '2024-01-01' ORDER BY "
           "created_at DESC");
  const Advice a = same.Run();
  CHECK(Summary(a) == Names{"orders(customer_id, created_at DESC)"});
  CHECK(For(a, "q", "orders").want.serves_order);
  // GROUP BY with a LIMIT: read in group order, the read stops after the groups returned.
  Workload grouped(kShop);
  grouped.Add("q", 10,
              "SELECT status, COUNT(*) FROM orders WHERE customer_id = 7 AND created_at > "
              "'2024-01-01' GROUP BY status LIMIT 10");
  CHECK(Summary(grouped.Run()) == Names{"orders(customer_id, status, created_at) +created_at"});
}

TEST_CASE("advisor: GROUP BY columns after the equalities", "[advisor]") {
  Workload w(kShop);
  w.Add("q1", 10, "SELECT status, COUNT(*) FROM orders WHERE customer_id = 7 GROUP BY status");
  const Advice a = w.Run();
  CHECK(Summary(a) == Names{"orders(customer_id, status)"});
  CHECK(For(a, "q1", "orders").want.serves_order);
}

TEST_CASE("advisor: an IN list cannot give ORDER BY order: the sort column is only covered",
          "[advisor]") {
  Workload w(kShop);
  w.Add("q1", 10,
        "SELECT id FROM orders WHERE customer_id IN (1, 2, 3) ORDER BY created_at LIMIT 10");
  const Advice a = w.Run();
  // (customer_id, created_at) returns each customer's rows in order, not all of them: MySQL
  // still sorts (8.0 manual 10.2.1.16, "ORDER BY Optimization").
  CHECK(Summary(a) == Names{"orders(customer_id, created_at) +created_at"});
  CHECK_FALSE(For(a, "q1", "orders").want.serves_order);
}

TEST_CASE("advisor: an IN list then a range", "[advisor]") {
  Workload w(kShop);
  w.Add("q1", 10,
        "SELECT id FROM orders WHERE status IN ('a', 'b') AND customer_id = 4 AND created_at > "
        "'2024-01-01'");
  const Advice a = w.Run();
  CHECK(Summary(a) == Names{"orders(customer_id, status, created_at)"});
  CHECK(For(a, "q1", "orders").want.has_range);
}

TEST_CASE("advisor: covering columns only while within max_include_columns", "[advisor]") {
  Workload w(kShop);
  w.Add("q1", 10, "SELECT status, total, note, created_at FROM orders WHERE customer_id = 7");
  SECTION("four columns to cover, three allowed: the key alone") {
    const Advice a = w.Run();
    CHECK(Summary(a) == Names{"orders(customer_id)"});
    CHECK(For(a, "q1", "orders").want.include == Names{"status", "total", "note", "created_at"});
  }
  SECTION("four allowed: covering") {
    AdvisorOptions options;
    options.max_include_columns = 4;
    const Advice a = w.Run(options);
    CHECK(Summary(a) ==
          Names{"orders(customer_id, status, total, note, created_at) +status +total +note "
                "+created_at"});
    CHECK(a.proposals[0].reason.ends_with(
        "looks up `customer_id`, and covers `status`, `total`, `note`, `created_at`."));
  }
  SECTION("none allowed") {
    AdvisorOptions options;
    options.max_include_columns = 0;
    CHECK(Summary(w.Run(options)) == Names{"orders(customer_id)"});
  }
}

TEST_CASE("advisor: SELECT * cannot be covered", "[advisor]") {
  Workload w(kShop);
  w.Add("q1", 10, "SELECT * FROM orders WHERE customer_id = 7");
  CHECK(Summary(w.Run()) == Names{"orders(customer_id)"});
}

TEST_CASE("advisor: the primary key is never a covering column", "[advisor]") {
  Workload w(kShop);
  w.Add("q1", 10, "SELECT id, customer_id FROM orders WHERE status = 'new'");
  CHECK(Summary(w.Run()) == Names{"orders(status, customer_id) +customer_id"});
}

TEST_CASE("advisor: UPDATE and DELETE wants have no covering columns", "[advisor]") {
  Workload w(kShop);
  w.Add("u", 20'000'000,
        "UPDATE orders SET note = 'x' WHERE customer_id = 7 AND created_at < '2024-01-01'");
  w.Add("d", 10'000'000,
        "DELETE FROM customers WHERE country = 'FR' AND created_at < '2020-01-01'");
  w.Add("s", 5'000'000, "SELECT name FROM customers WHERE phone = '555'");
  const Advice a = w.Run();
  CHECK(Summary(a) == Names{"orders(customer_id, created_at)", "customers(country, created_at)",
                            "customers(phone, name) +name"});
  CHECK(For(a, "u", "orders").want.include.empty());
  CHECK(For(a, "d", "customers").want.include.empty());
}

TEST_CASE("advisor: a subquery of an UPDATE is a read and may be covered", "[advisor]") {
  Workload w(kShop);
  w.Add("u", 10,
        "UPDATE customers SET name = 'x' WHERE id IN (SELECT customer_id FROM orders WHERE "
        "status = 'void')");
  const Advice a = w.Run();
  CHECK(Summary(a) == Names{"orders(status, customer_id) +customer_id"});
}

// --- joins ---------------------------------------------------------------------------------------

TEST_CASE("advisor: a join: the driving table by its filter, the other by the join column",
          "[advisor]") {
  Workload w(kShop);
  w.Add("j", 10,
        "SELECT c.name, o.total FROM customers c JOIN orders o ON o.customer_id = c.id WHERE "
        "c.country = 'FR'");
  const Advice a = w.Run();
  CHECK(Summary(a) == Names{"customers(country, name) +name", "orders(customer_id, total) +total"});
  CHECK(For(a, "j", "customers").want.columns == Names{"country"});
  CHECK(For(a, "j", "orders").want.columns == Names{"customer_id"});
  CHECK(a.proposals[0].query_classes == Names{"j"});
  CHECK(a.proposals[1].query_classes == Names{"j"});
}

TEST_CASE("advisor: a join through the primary key needs nothing on that side", "[advisor]") {
  Workload w(kShop);
  w.Add("j", 10,
        "SELECT c.name, o.total FROM orders o JOIN customers c ON c.id = o.customer_id WHERE "
        "o.status = 'paid'");
  const Advice a = w.Run();
  // The join column and the selected column are read from the index: covering.
  CHECK(Summary(a) == Names{"orders(status, customer_id, total) +customer_id +total"});
  const TableAdvice& c = For(a, "j", "customers");
  CHECK(c.want.columns == Names{"id"});
  CHECK(c.served_by == "PRIMARY");
  CHECK(c.proposal == -1);
  CHECK(c.skipped.empty());
}

TEST_CASE("advisor: the inner side of a LEFT JOIN is looked up, never read first", "[advisor]") {
  Workload w(kShop);
  w.Add("j", 10,
        "SELECT c.name, o.total FROM customers c LEFT JOIN orders o ON o.customer_id = c.id AND "
        "o.status = 'paid' WHERE c.created_at > '2024-01-01'");
  const Advice a = w.Run();
  // orders is looked up by the join column and its ON filter (equalities: by name).
  CHECK(Summary(a) ==
        Names{"customers(created_at, name) +name", "orders(customer_id, status, total) +total"});
  CHECK(For(a, "j", "orders").want.equalities == 2);
}

// --- existing indexes --------------------------------------------------------------------------

TEST_CASE("advisor: no proposal where an existing index already serves the query", "[advisor]") {
  SECTION("the same columns") {
    Workload w(std::string(kShop) +
               "CREATE INDEX idx_cust_created ON orders (customer_id, created_at);");
    w.Add("q", 10, "SELECT id FROM orders WHERE customer_id = 1 AND created_at > '2024-01-01'");
    const Advice a = w.Run();
    CHECK(a.proposals.empty());
    CHECK(For(a, "q", "orders").served_by == "idx_cust_created");
    CHECK(For(a, "q", "orders").proposal == -1);
  }
  SECTION("the equalities in another order") {
    Workload w(std::string(kShop) + "CREATE INDEX idx_s_c ON orders (status, customer_id);");
    w.Add("q", 10, "SELECT id FROM orders WHERE customer_id = 1 AND status = 'x'");
    const Advice a = w.Run();
    CHECK(a.proposals.empty());
    CHECK(For(a, "q", "orders").served_by == "idx_s_c");
  }
  SECTION("(a) with PRIMARY KEY (id) is (a, id)") {
    Workload w(std::string(kShop) + "CREATE INDEX idx_status ON orders (status);");
    w.Add("order", 10, "SELECT id FROM orders WHERE status = 'x' ORDER BY id DESC LIMIT 10");
    w.Add("range", 10, "SELECT id FROM orders WHERE status = 'x' AND id > 1000");
    const Advice a = w.Run();
    CHECK(a.proposals.empty());
    CHECK(For(a, "order", "orders").want.columns == Names{"status", "id"});
    CHECK(For(a, "order", "orders").served_by == "idx_status");
    CHECK(For(a, "range", "orders").want.columns == Names{"status", "id"});
    CHECK(For(a, "range", "orders").served_by == "idx_status");
  }
  SECTION("a longer index serves a prefix want") {
    Workload w(std::string(kShop) +
               "CREATE INDEX idx_long ON orders (customer_id, status, created_at, total);");
    w.Add("q", 10, "SELECT id FROM orders WHERE customer_id = 1");
    w.Add("cover", 10, "SELECT total FROM orders WHERE customer_id = 1 AND status = 'x'");
    const Advice a = w.Run();
    CHECK(a.proposals.empty());
    CHECK(For(a, "q", "orders").served_by == "idx_long");
    CHECK(For(a, "cover", "orders").served_by == "idx_long");
  }
  SECTION("a unique lookup needs nothing more, whatever it reads") {
    Workload w(std::string(kShop) + "CREATE UNIQUE INDEX uk_email ON customers (email);");
    w.Add("q", 10, "SELECT name, country FROM customers WHERE email = 'a@b.c'");
    w.Add("pk", 10, "SELECT name, country FROM customers WHERE id = 4");
    const Advice a = w.Run();
    CHECK(a.proposals.empty());
    CHECK(For(a, "q", "customers").served_by == "uk_email");
    CHECK(For(a, "pk", "customers").served_by == "PRIMARY");
  }
  SECTION("an ORDER BY read backwards") {
    Workload w(std::string(kShop) + "CREATE INDEX idx_cc ON orders (customer_id, created_at);");
    w.Add("q", 10, "SELECT id FROM orders WHERE customer_id = 1 ORDER BY created_at DESC");
    const Advice a = w.Run();
    CHECK(a.proposals.empty());
    CHECK(For(a, "q", "orders").served_by == "idx_cc");
  }
}

TEST_CASE("advisor: an index that cannot serve does not count", "[advisor]") {
  SECTION("invisible") {
    Workload w(std::string(kShop) + "CREATE INDEX idx_status ON orders (status) INVISIBLE;");
    w.Add("q", 10, "SELECT id FROM orders WHERE status = 'x'");
    const Advice a = w.Run();
    // The optimizer does not see it: a visible index is proposed, the invisible copy dropped.
    CHECK(Summary(a) == Names{"orders(status)"});
    CHECK(a.proposals[0].replaces == Names{"idx_status"});
    CHECK(For(a, "q", "orders").served_by.empty());
  }
  SECTION("a prefix part cannot give the order") {
    Workload w(std::string(kShop) + "CREATE INDEX idx_note ON orders (note(20));");
    w.Add("q", 10, "SELECT id FROM orders ORDER BY note LIMIT 10");
    const Advice a = w.Run();
    CHECK(Summary(a) == Names{"orders(note)"});
    CHECK(a.proposals[0].replaces.empty());
  }
  SECTION("mixed directions need a mixed index") {
    Workload w(std::string(kShop) + "CREATE INDEX idx_cc ON orders (customer_id, created_at);");
    w.Add("q", 10, "SELECT id FROM orders ORDER BY customer_id, created_at DESC LIMIT 10");
    const Advice a = w.Run();
    CHECK(Summary(a) == Names{"orders(customer_id, created_at DESC)"});
    CHECK(a.proposals[0].replaces.empty());  // (customer_id, created_at) is no prefix of it
  }
}

TEST_CASE("advisor: extending an existing index replaces it", "[advisor]") {
  Workload w(std::string(kShop) + "CREATE INDEX idx_customer ON orders (customer_id);");
  w.Add("q", 10, "SELECT id FROM orders WHERE customer_id = 1 ORDER BY created_at LIMIT 5");
  const Advice a = w.Run();
  REQUIRE(a.proposals.size() == 1);
  const IndexProposal& p = a.proposals[0];
  CHECK(p.columns == Names{"customer_id", "created_at"});
  CHECK(p.replaces == Names{"idx_customer"});
  CHECK(p.extends == "idx_customer");
  CHECK(p.ddl ==
        "ALTER TABLE `orders` ADD INDEX `idx_customer_id_created_at` (`customer_id`, "
        "`created_at`), DROP INDEX `idx_customer`, ALGORITHM=INPLACE, LOCK=NONE;");
  CHECK(p.reason.ends_with("; it extends `idx_customer`, which it replaces."));
  CHECK(For(a, "q", "orders").served_by.empty());
}

TEST_CASE("advisor: an index whose appended primary key a class needs is not dropped",
          "[advisor]") {
  // (customer_id) is (customer_id, id) in InnoDB: it gives `ORDER BY id` after
  // `customer_id = ?`. (customer_id, created_at) would not, so it is added beside it.
  Workload w(std::string(kShop) + "CREATE INDEX idx_customer ON orders (customer_id);");
  w.Add("by_date", 10, "SELECT id FROM orders WHERE customer_id = 1 ORDER BY created_at LIMIT 5");
  w.Add("by_id", 5, "SELECT id FROM orders WHERE customer_id = 2 ORDER BY id DESC LIMIT 5");
  const Advice a = w.Run();
  CHECK(For(a, "by_id", "orders").served_by == "idx_customer");
  REQUIRE(a.proposals.size() == 1);
  const IndexProposal& p = a.proposals[0];
  CHECK(p.columns == Names{"customer_id", "created_at"});
  CHECK(p.replaces.empty());
  CHECK(p.extends.empty());
  CHECK(p.ddl ==
        "ALTER TABLE `orders` ADD INDEX `idx_customer_id_created_at` (`customer_id`, "
        "`created_at`), ALGORITHM=INPLACE, LOCK=NONE;");
  CHECK(p.reason.ends_with(
      "; `idx_customer` stays: class by_id uses the primary key InnoDB appends to it."));

  // A search by the appended key too: `customer_id = ? AND id > ?`.
  Workload range(std::string(kShop) + "CREATE INDEX idx_customer ON orders (customer_id);");
  range.Add("by_date", 10,
            "SELECT id FROM orders WHERE customer_id = 1 ORDER BY created_at LIMIT 5");
  range.Add("range", 5, "SELECT id FROM orders WHERE customer_id = 2 AND id > 100");
  CHECK(range.Run().proposals.at(0).replaces.empty());

  // Another index that stays gives the same: the prefix goes.
  Workload other(std::string(kShop) +
                 "CREATE INDEX idx_customer ON orders (customer_id);"
                 "CREATE INDEX idx_customer_id ON orders (customer_id, id);");
  other.Add("by_date", 10,
            "SELECT id FROM orders WHERE customer_id = 1 ORDER BY created_at LIMIT 5");
  other.Add("by_id", 5, "SELECT id FROM orders WHERE customer_id = 2 ORDER BY id DESC LIMIT 5");
  CHECK(other.Run().proposals.at(0).replaces == Names{"idx_customer"});
}

TEST_CASE("advisor: covering columns added to an existing index replace it", "[advisor]") {
  Workload w(std::string(kShop) + "CREATE INDEX idx_customer ON orders (customer_id);");
  w.Add("q", 10, "SELECT total FROM orders WHERE customer_id = 1");
  const Advice a = w.Run();
  CHECK(Summary(a) == Names{"orders(customer_id, total) +total"});
  CHECK(a.proposals[0].replaces == Names{"idx_customer"});
  CHECK(a.proposals[0].extends == "idx_customer");
}

TEST_CASE("advisor: every existing prefix of the proposal is dropped, the longest is extended",
          "[advisor]") {
  Workload w(std::string(kShop) +
             "CREATE INDEX idx_c ON orders (customer_id);"
             "CREATE INDEX idx_cs ON orders (customer_id, status);");
  w.Add("q", 10, "SELECT id FROM orders WHERE customer_id = 1 AND status = 'x' ORDER BY total");
  const Advice a = w.Run();
  REQUIRE(a.proposals.size() == 1);
  CHECK(a.proposals[0].columns == Names{"customer_id", "status", "total"});
  CHECK(a.proposals[0].replaces == Names{"idx_c", "idx_cs"});
  CHECK(a.proposals[0].extends == "idx_cs");
  CHECK(a.proposals[0].ddl ==
        "ALTER TABLE `orders` ADD INDEX `idx_customer_id_status_total` (`customer_id`, `status`, "
        "`total`), DROP INDEX `idx_c`, DROP INDEX `idx_cs`, ALGORITHM=INPLACE, LOCK=NONE;");
}

TEST_CASE("advisor: the equalities are ordered to extend an existing index", "[advisor]") {
  Workload w(std::string(kShop) + "CREATE INDEX idx_status ON orders (status);");
  w.Add("q", 10, "SELECT id FROM orders WHERE customer_id = 1 AND status = 'x'");
  const Advice a = w.Run();
  CHECK(Summary(a) == Names{"orders(status, customer_id)"});
  CHECK(a.proposals[0].replaces == Names{"idx_status"});
}

TEST_CASE("advisor: a unique index or the primary key is never dropped", "[advisor]") {
  Workload w(std::string(kShop) + "CREATE UNIQUE INDEX uk_email ON customers (email);");
  w.Add("q", 10, "SELECT name FROM customers WHERE email LIKE 'bob%'");
  w.Add("pk", 10, "SELECT name FROM customers WHERE id > 5 ORDER BY id");
  const Advice a = w.Run();
  REQUIRE(a.proposals.size() == 1);
  CHECK(a.proposals[0].columns == Names{"email", "name"});
  CHECK(a.proposals[0].replaces.empty());
  CHECK(a.proposals[0].extends.empty());
  CHECK(a.proposals[0].ddl ==
        "ALTER TABLE `customers` ADD INDEX `idx_email` (`email`, `name`), ALGORITHM=INPLACE, "
        "LOCK=NONE;");
  CHECK(For(a, "pk", "customers").served_by == "PRIMARY");
}

TEST_CASE("advisor: a primary key that is a prefix of the proposal stays", "[advisor]") {
  Workload w(R"sql(
CREATE TABLE events (tenant INT NOT NULL, id BIGINT NOT NULL, kind INT, PRIMARY KEY (tenant, id));
)sql");
  w.Add("q", 10, "SELECT kind FROM events WHERE tenant = 1 ORDER BY id, kind LIMIT 10");
  const Advice a = w.Run();
  REQUIRE(a.proposals.size() == 1);
  CHECK(a.proposals[0].columns == Names{"tenant", "id", "kind"});
  CHECK(a.proposals[0].replaces.empty());
  CHECK(a.proposals[0].extends.empty());
  CHECK(a.proposals[0].ddl.find("DROP") == std::string::npos);
}

TEST_CASE("advisor: a fresh name that clashes with an existing index gets a number", "[advisor]") {
  Workload w(std::string(kShop) + "CREATE INDEX idx_status ON orders (created_at);");
  w.Add("q", 10, "SELECT id FROM orders WHERE status = 'x'");
  const Advice a = w.Run();
  REQUIRE(a.proposals.size() == 1);
  CHECK(a.proposals[0].name == "idx_status_2");
}

TEST_CASE("advisor: identifiers are quoted, the database named", "[advisor]") {
  Workload w(R"sql(
CREATE DATABASE shop;
CREATE TABLE shop.`my table` (id INT PRIMARY KEY, `we``ird` INT, `order` INT);
)sql");
  w.Add("q", 10, "SELECT id FROM shop.`my table` WHERE `we``ird` = 1 ORDER BY `order`");
  const Advice a = w.Run();
  REQUIRE(a.proposals.size() == 1);
  CHECK(a.proposals[0].ddl ==
        "ALTER TABLE `shop`.`my table` ADD INDEX `idx_we_ird_order` (`we``ird`, `order`), "
        "ALGORITHM=INPLACE, LOCK=NONE;");
  CHECK(analyzer::QuoteIdentifier("a`b") == "`a``b`");
}

// --- merging across the workload ----------------------------------------------------------------

TEST_CASE("advisor: a want that is a leftmost prefix of another is absorbed", "[advisor]") {
  Workload w(kShop);
  w.Add("long", 100, "SELECT id FROM orders WHERE customer_id = 1 AND created_at > '2024-01-01'");
  w.Add("short", 10, "SELECT id FROM orders WHERE customer_id = 2");
  const Advice a = w.Run();
  REQUIRE(a.proposals.size() == 1);
  CHECK(a.proposals[0].columns == Names{"customer_id", "created_at"});
  CHECK(a.proposals[0].query_classes == Names{"long", "short"});
  CHECK(a.proposals[0].weight == 110);
  CHECK(a.proposals[0].reason.starts_with("Serves 2 query classes ("));
  CHECK(For(a, "short", "orders").proposal == 0);
  CHECK(For(a, "short", "orders").want.columns == Names{"customer_id"});
}

TEST_CASE("advisor: a longer want extends a drafted index", "[advisor]") {
  Workload w(kShop);
  w.Add("short", 100, "SELECT id FROM orders WHERE customer_id = 2");
  w.Add("long", 10, "SELECT id FROM orders WHERE customer_id = 1 AND created_at > '2024-01-01'");
  const Advice a = w.Run();
  CHECK(Summary(a) == Names{"orders(customer_id, created_at)"});
  CHECK(a.proposals[0].query_classes == Names{"short", "long"});
  CHECK(For(a, "short", "orders").proposal == 0);
  CHECK(For(a, "long", "orders").proposal == 0);
}

TEST_CASE("advisor: equality columns shared between wants are ordered to share one index",
          "[advisor]") {
  Workload w(kShop);
  w.Add("both", 100, "SELECT id FROM orders WHERE customer_id = 1 AND status = 'x'");
  w.Add("status", 10, "SELECT id FROM orders WHERE status = 'y'");
  const Advice a = w.Run();
  CHECK(Summary(a) == Names{"orders(status, customer_id)"});
  CHECK(a.proposals[0].query_classes == Names{"both", "status"});
}

TEST_CASE("advisor: wants with one set of equalities become one index, checked per class",
          "[advisor]") {
  Workload w(R"sql(
CREATE TABLE orders (id INT PRIMARY KEY, user_id INT NOT NULL, order_no VARCHAR(20) NOT NULL,
                     created_at DATETIME NOT NULL, total DECIMAL(10,2));
CREATE TABLE members (id INT PRIMARY KEY, region_id INT NOT NULL, login VARCHAR(40) NOT NULL,
                      karma INT NOT NULL);
)sql");
  // An equality reading order_no, and the same equality with ORDER BY … DESC LIMIT.
  w.Add("a", 30, "SELECT order_no FROM orders WHERE user_id = 7");
  w.Add("b", 20, "SELECT id FROM orders WHERE user_id = 7 ORDER BY created_at DESC LIMIT 10");
  // An equality reading login, and the same equality with a range on karma.
  w.Add("c", 20, "SELECT login FROM members WHERE region_id = 3");
  w.Add("d", 10, "SELECT id FROM members WHERE region_id = 3 AND karma > 100");
  const Advice a = w.Run();
  // (user_id, created_at DESC, order_no): the lookup for both, the order for b, covering for a.
  CHECK(Summary(a) == Names{"orders(user_id, created_at DESC, order_no) +order_no",
                            "members(region_id, karma, login) +login"});
  CHECK(a.proposals[0].query_classes == Names{"a", "b"});
  CHECK(a.proposals[1].query_classes == Names{"c", "d"});
  for (const char* id : {"a", "b"}) CHECK(For(a, id, "orders").proposal == 0);
}

TEST_CASE("advisor: wants are not combined when the equalities differ or both sort or range",
          "[advisor]") {
  Workload w(R"sql(
CREATE TABLE orders (id INT PRIMARY KEY, user_id INT NOT NULL, shop_id INT NOT NULL,
                     order_no VARCHAR(20) NOT NULL, created_at DATETIME NOT NULL,
                     total DECIMAL(10,2) NOT NULL);
)sql");
  w.Add("a", 40, "SELECT order_no FROM orders WHERE user_id = 7");
  w.Add("b", 30, "SELECT order_no FROM orders WHERE shop_id = 7");  // other equality
  w.Add("c", 20, "SELECT id FROM orders WHERE user_id = 7 ORDER BY created_at LIMIT 5");
  w.Add("d", 10, "SELECT id FROM orders WHERE user_id = 7 AND total > 100");  // a second range
  const Advice a = w.Run({.max_indexes_per_table = 8});
  // a and c combine; d's range cannot follow c's order in one index, b's equality is another.
  CHECK(Summary(a) == Names{"orders(user_id, created_at, order_no) +order_no",
                            "orders(shop_id, order_no) +order_no", "orders(user_id, total)"});
}

TEST_CASE("advisor: two unrelated wants on one table are two proposals, heaviest first",
          "[advisor]") {
  Workload w(kShop);
  w.Add("status", 5, "SELECT id FROM orders WHERE status = 'x'");
  w.Add("created", 50, "SELECT id FROM orders WHERE created_at > '2024-01-01'");
  const Advice a = w.Run();
  CHECK(Summary(a) == Names{"orders(created_at)", "orders(status)"});
  CHECK(a.proposals[0].query_classes == Names{"created"});
  CHECK(a.proposals[1].query_classes == Names{"status"});
  CHECK(For(a, "status", "orders").proposal == 1);
  CHECK(For(a, "created", "orders").proposal == 0);
}

TEST_CASE("advisor: proposals are ranked by the total time they serve", "[advisor]") {
  Workload w(kShop);
  w.Add("a", 30, "SELECT id FROM customers WHERE country = 'FR'");
  w.Add("b", 20, "SELECT id FROM orders WHERE status = 'x'");
  w.Add("c", 15, "SELECT id FROM orders WHERE status = 'y' AND customer_id = 3");
  w.Add("d", 1, "SELECT id FROM customers WHERE phone = '1'");
  const Advice a = w.Run();
  // b and c share (status, customer_id): 35 beats 30.
  CHECK(Summary(a) ==
        Names{"orders(status, customer_id)", "customers(country)", "customers(phone)"});
  CHECK(a.proposals[0].weight == 35);
  CHECK(a.proposals[0].query_classes == Names{"b", "c"});
  CHECK(a.proposals[1].weight == 30);
  CHECK(a.proposals[2].weight == 1);
}

TEST_CASE("advisor: an index proposed for one class lists every class it serves", "[advisor]") {
  Workload w(kShop);
  w.Add("sort", 100, "SELECT id, total FROM orders WHERE customer_id = 1 ORDER BY created_at");
  w.Add("range", 20, "SELECT id FROM orders WHERE customer_id = 1 AND created_at > '2024-01-01'");
  w.Add("cover", 5, "SELECT total FROM orders WHERE customer_id = 1");
  const Advice a = w.Run();
  CHECK(Summary(a) == Names{"orders(customer_id, created_at, total) +total"});
  CHECK(a.proposals[0].query_classes == Names{"sort", "range", "cover"});
  CHECK(a.proposals[0].weight == 125);
  for (const char* id : {"sort", "range", "cover"}) CHECK(For(a, id, "orders").proposal == 0);
}

TEST_CASE("advisor: a draft extended later absorbs the drafts its new shape serves", "[advisor]") {
  Workload w(kShop);
  w.Add("range", 100, "SELECT id FROM orders WHERE customer_id = 1 AND created_at > '2024-01-01'");
  w.Add("cover", 50, "SELECT total FROM orders WHERE customer_id = 1");
  w.Add("both", 1, "SELECT total FROM orders WHERE customer_id = 1 AND created_at > '2024-01-01'");
  const Advice a = w.Run();
  CHECK(Summary(a) == Names{"orders(customer_id, created_at, total) +total"});
  CHECK(a.proposals[0].query_classes == Names{"range", "cover", "both"});
  CHECK(For(a, "cover", "orders").proposal == 0);
}

TEST_CASE("advisor: one class with two tables and a subquery", "[advisor]") {
  Workload w(kShop);
  w.Add("q", 10,
        "SELECT id FROM customers WHERE country = 'FR' AND id IN (SELECT customer_id FROM orders "
        "WHERE created_at > '2024-01-01')");
  const Advice a = w.Run();
  // customers: id IN (subquery) binds the primary key (a semi-join looks rows up by it).
  CHECK(Summary(a) == Names{"orders(created_at, customer_id) +customer_id"});
  CHECK(For(a, "q", "customers").served_by == "PRIMARY");
  CHECK(a.classes[0].tables.size() == 2);
}

// --- budgets and key limits ---------------------------------------------------------------------

TEST_CASE("advisor: at most max_indexes_per_table proposals per table", "[advisor]") {
  Workload w(kShop);
  w.Add("a", 50, "SELECT id FROM orders WHERE created_at > '2024-01-01'");
  w.Add("b", 40, "SELECT id FROM orders WHERE status = 'x'");
  w.Add("c", 30, "SELECT id FROM orders WHERE total > 100");
  w.Add("d", 20, "SELECT id FROM customers WHERE country = 'FR'");
  AdvisorOptions options;
  options.max_indexes_per_table = 2;
  const Advice a = w.Run(options);
  CHECK(Summary(a) == Names{"orders(created_at)", "orders(status)", "customers(country)"});
  const TableAdvice& c = For(a, "c", "orders");
  CHECK(c.proposal == -1);
  CHECK(c.skipped == "`orders` already gets 2 proposals (--max-indexes-per-table)");
  options.max_indexes_per_table = 1;
  const Advice one = w.Run(options);
  CHECK(Summary(one) == Names{"orders(created_at)", "customers(country)"});
  CHECK(For(one, "b", "orders").skipped ==
        "`orders` already gets 1 proposal (--max-indexes-per-table)");
}

constexpr const char* kDocs = R"sql(
CREATE TABLE docs (
  id INT PRIMARY KEY,
  url VARCHAR(1000) CHARACTER SET utf8mb4 NOT NULL,
  path VARCHAR(700) CHARACTER SET utf8mb4 NOT NULL,
  title VARCHAR(200) CHARACTER SET utf8mb4,
  body TEXT CHARACTER SET utf8mb4,
  hash VARBINARY(4000),
  code VARCHAR(800) CHARACTER SET latin1,
  n INT
);
)sql";

TEST_CASE("advisor: a column wider than the key limit gets a prefix part", "[advisor]") {
  Workload w(kDocs);
  w.Add("q", 10, "SELECT id FROM docs WHERE url = 'https://example.com/'");
  SECTION("3072 bytes (DYNAMIC): 768 characters of utf8mb4") {
    const Advice a = w.Run();
    REQUIRE(a.proposals.size() == 1);
    CHECK(a.proposals[0].columns == Names{"url"});
    CHECK(a.proposals[0].prefix_lengths == std::vector<uint32_t>{768});
    CHECK(a.proposals[0].ddl ==
          "ALTER TABLE `docs` ADD INDEX `idx_url` (`url`(768)), ALGORITHM=INPLACE, LOCK=NONE;");
  }
  SECTION("767 bytes (COMPACT): 191 characters") {
    AdvisorOptions options;
    options.max_key_bytes = 767;
    CHECK(Summary(w.Run(options)) == Names{"docs(url(191))"});
  }
}

TEST_CASE("advisor: a binary column's prefix counts bytes", "[advisor]") {
  Workload w(kDocs);
  w.Add("q", 10, "SELECT id FROM docs WHERE hash = 'x'");
  CHECK(Summary(w.Run()) == Names{"docs(hash(3072))"});
}

TEST_CASE("advisor: a TEXT column is indexed by a prefix", "[advisor]") {
  Workload w(kDocs);
  w.Add("q", 10, "SELECT id FROM docs WHERE body LIKE 'Once upon%'");
  CHECK(Summary(w.Run()) == Names{"docs(body(191))"});
}

TEST_CASE("advisor: a prefix part cannot cover: no covering columns after it", "[advisor]") {
  Workload w(kDocs);
  w.Add("q", 10, "SELECT n FROM docs WHERE body = 'x'");
  CHECK(Summary(w.Run()) == Names{"docs(body(191))"});
}

TEST_CASE("advisor: a prefix part cannot give ORDER BY order: no sort column that needs one",
          "[advisor]") {
  Workload w(kDocs);
  w.Add("sort", 10, "SELECT id FROM docs ORDER BY url LIMIT 10");
  w.Add("both", 5, "SELECT id, title FROM docs WHERE n = 1 ORDER BY body LIMIT 5");
  const Advice a = w.Run();
  // (url(768)) would neither search nor sort; (n, body(191)) sorts no better than (n), and
  // nothing can cover a query that reads body.
  CHECK(Summary(a) == Names{"docs(n)"});
  const TableAdvice& sort = For(a, "sort", "docs");
  CHECK(sort.proposal == -1);
  CHECK(sort.skipped == "`url` can only be indexed by a prefix, which gives no order");
  CHECK(For(a, "both", "docs").proposal == 0);
  CHECK(For(a, "both", "docs").skipped.empty());
}

TEST_CASE("advisor: covering columns are dropped first when the key is too wide", "[advisor]") {
  Workload w(kDocs);
  // path: 2800 bytes; title: 800 more would pass 3072.
  w.Add("q", 10, "SELECT title FROM docs WHERE path = '/a'");
  const Advice a = w.Run();
  CHECK(Summary(a) == Names{"docs(path)"});
  CHECK(a.proposals[0].include.empty());
  CHECK(a.proposals[0].prefix_lengths == std::vector<uint32_t>{0});
}

TEST_CASE("advisor: key columns together too wide: the widest string is shortened", "[advisor]") {
  Workload w(kDocs);
  w.Add("q", 10, "SELECT id FROM docs WHERE path = '/a' AND title = 't'");
  const Advice a = w.Run();
  REQUIRE(a.proposals.size() == 1);
  const IndexProposal& p = a.proposals[0];
  CHECK(p.columns == Names{"path", "title"});
  uint32_t bytes = 0;
  for (size_t i = 0; i < p.columns.size(); ++i) {
    const uint32_t chars = p.prefix_lengths[i] > 0  ? p.prefix_lengths[i]
                           : p.columns[i] == "path" ? 700
                                                    : 200;
    bytes += chars * 4;
  }
  CHECK(bytes <= 3072);
  CHECK(p.prefix_lengths[0] > 0);  // path is the one shortened
  CHECK(p.prefix_lengths[1] == 0);
}

TEST_CASE("advisor: covering columns dropped for width may leave an existing index serving",
          "[advisor]") {
  Workload w(std::string(kDocs) + "CREATE INDEX idx_path ON docs (path);");
  w.Add("q", 10, "SELECT title FROM docs WHERE path = '/a'");
  const Advice a = w.Run();
  CHECK(a.proposals.empty());
  CHECK(For(a, "q", "docs").served_by == "idx_path");
}

// --- queries whose fix is a rewrite -------------------------------------------------------------

TEST_CASE("advisor: queries whose fix is a rewrite get no index", "[advisor]") {
  Workload w(std::string(kShop) +
             "CREATE INDEX idx_created ON customers (created_at);"
             "CREATE INDEX idx_phone ON customers (phone);");
  // Quoted, idx_phone serves it: the rewrite is the whole fix.
  w.Add("conversion", 40, "SELECT id, email FROM customers WHERE phone = 5559002");
  // Rewritten as a range, idx_created serves it; not even an index covering `name` is made.
  w.Add("function", 30, "SELECT id, name FROM customers WHERE DATE(created_at) = '2024-04-10'");
  // MONTH() has no bare-column rewrite (an expression index is the fix).
  w.Add("month", 25, "SELECT id FROM customers WHERE MONTH(created_at) = 4");
  w.Add("wildcard", 20, "SELECT id, name FROM customers WHERE name LIKE '%smith%'");
  w.Add("negation", 10, "SELECT id FROM orders WHERE status <> 'void'");
  const Advice a = w.Run();
  CHECK(a.proposals.empty());
  for (const char* id : {"month", "wildcard"}) {
    const TableAdvice& t = For(a, id, "customers");
    CHECK(t.want.columns.empty());
    CHECK(t.proposal == -1);
  }
  CHECK(For(a, "conversion", "customers").skipped ==
        "rewrite the filter on `phone` first (implicit-conversion): existing index `idx_phone` "
        "then serves it");
  CHECK(For(a, "function", "customers").skipped ==
        "rewrite the filter on `created_at` first (function-on-column): existing index "
        "`idx_created` then serves it");
  CHECK(For(a, "function", "customers").proposal == -1);
}

TEST_CASE("advisor: a rewrite an existing index then serves: no index, however it is read",
          "[advisor]") {
  // YEAR(posted_at) = ? with ORDER BY … LIMIT: rewritten as a range, (forum_id, posted_at)
  // searches and orders it. The query as written would want that index extended to cover
  // title: no, the rewrite is the fix, and no index is credited with the class's time.
  Workload w(R"sql(CREATE TABLE posts (id INT PRIMARY KEY, forum_id INT NOT NULL,
    posted_at DATETIME NOT NULL, title VARCHAR(200) NOT NULL,
    KEY idx_forum_posted (forum_id, posted_at));)sql");
  w.Add("q", 50'000'000,
        "SELECT id, title FROM posts WHERE forum_id = 3 AND YEAR(posted_at) = 2024 "
        "ORDER BY posted_at DESC LIMIT 20");
  const Advice a = w.Run();
  CHECK(a.proposals.empty());
  CHECK(For(a, "q", "posts").skipped ==
        "rewrite the filter on `posted_at` first (function-on-column): existing index "
        "`idx_forum_posted` then serves it");
}

TEST_CASE("advisor: a function around an unindexed column: the index its rewrite needs",
          "[advisor]") {
  Workload w(kShop);
  // DATE(c) = d is rewritten as a range of the day: the column is a range, after equalities.
  w.Add("day", 30,
        "SELECT id FROM orders WHERE DATE(created_at) = '2026-01-05' AND customer_id = 7");
  // LOWER() under a _ci collation is dropped: an equality on the bare column.
  w.Add("email", 20, "SELECT id FROM customers WHERE LOWER(email) = 'x@example.com'");
  const Advice a = w.Run();
  CHECK(Summary(a) == Names{"orders(customer_id, created_at)", "customers(email)"});
  CHECK(a.proposals[0].reason ==
        "Serves 1 query class (3e-05 s, 60% of the workload's time): looks up `customer_id`, then "
        "ranges over `created_at`; only once the function around `created_at` is rewritten "
        "(function-on-column).");
  CHECK(a.proposals[1].reason.ends_with(
      "looks up `email`; only once the function around `email` is rewritten "
      "(function-on-column)."));
  CHECK(For(a, "day", "orders").want.rewrite == Names{"created_at"});
  // A case-sensitive collation: LOWER() is no rewrite away, an expression index is the fix.
  Workload cs(R"sql(CREATE TABLE users (id INT PRIMARY KEY,
                    login VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL);)sql");
  cs.Add("q", 10, "SELECT id FROM users WHERE LOWER(login) = 'x'");
  CHECK(cs.Run().proposals.empty());
}

TEST_CASE("advisor: without a function, no proposal mentions a rewrite", "[advisor]") {
  Workload w(kShop);
  w.Add("q", 10, "SELECT id FROM orders WHERE customer_id = 7 AND created_at >= '2026-01-05'");
  const Advice a = w.Run();
  CHECK(Summary(a) == Names{"orders(customer_id, created_at)"});
  CHECK(a.proposals[0].reason.find("rewritten") == std::string::npos);
  CHECK(For(a, "q", "orders").want.rewrite.empty());
}

TEST_CASE("advisor: a conversion with no index to serve the quoted value: that index, labelled",
          "[advisor]") {
  Workload w(kShop);
  w.Add("q", 10, "SELECT id FROM customers WHERE phone = 5559002 AND country = 'FR'");
  const Advice a = w.Run();
  CHECK(Summary(a) == Names{"customers(country, phone)"});
  CHECK(a.proposals[0].reason.ends_with(
      "looks up `country`, `phone`; only once the value compared with `phone` is quoted "
      "(implicit-conversion)."));
  CHECK(For(a, "q", "customers").want.rewrite_by == Names{"implicit-conversion"});
}

TEST_CASE("advisor: a charset-mismatch join gets no index on the converted side", "[advisor]") {
  Workload w(R"sql(
CREATE TABLE coupons (id INT PRIMARY KEY, code VARCHAR(32) CHARACTER SET utf8mb4,
                      campaign INT, KEY idx_campaign (campaign));
CREATE TABLE orders (id INT PRIMARY KEY, coupon_code VARCHAR(32) CHARACTER SET utf8mb3);
)sql");
  w.Add("q", 10,
        "SELECT COUNT(*) FROM coupons c JOIN orders o ON o.coupon_code = c.code WHERE "
        "c.campaign = 4");
  const Advice a = w.Run();
  // orders can only be scanned, once per coupon, until the charsets agree: that is the query's
  // cost, and covering coupons (read first by campaign) would save none of it. No proposal,
  // and coupons' advice says what to fix first.
  CHECK(Summary(a).empty());
  CHECK(For(a, "q", "orders").want.columns.empty());
  CHECK(For(a, "q", "orders").proposal == -1);
  CHECK(For(a, "q", "coupons").proposal == -1);
  CHECK(For(a, "q", "coupons").skipped ==
        "the join looks `orders` up by `o`.`coupon_code` through a charset conversion, so it "
        "reads `orders` whole for each row: fix that first (charset-mismatch-join); an index "
        "here would not save that time");
}

TEST_CASE("advisor: a class below min_share of the time gets no index, with the reason",
          "[advisor]") {
  Workload w(kShop);
  w.Add("heavy", 1'000'000, "SELECT id FROM orders WHERE customer_id = 7");
  w.Add("light", 4'000, "SELECT id FROM customers WHERE email = 'a@example.com'");  // 0.4%
  const Advice a = w.Run();
  CHECK(Summary(a) == Names{"orders(customer_id)"});
  CHECK(For(a, "light", "customers").want.columns == Names{"email"});  // the want is kept
  CHECK(For(a, "light", "customers").proposal == -1);
  CHECK(For(a, "light", "customers").skipped ==
        "the class is 0.4% of the workload's time, below --min-share 0.5%: an index would cost "
        "every write more than it saves");
  // The floor is an option; 0 turns it off.
  CHECK(Summary(w.Run({.min_share = 0})) == Names{"orders(customer_id)", "customers(email)"});
  CHECK(Summary(w.Run({.min_share = 0.003})) == Names{"orders(customer_id)", "customers(email)"});
  // Statement counts (SQL files) say nothing of cost: no floor.
  CHECK(Summary(w.Run({.timed = false})) == Names{"orders(customer_id)", "customers(email)"});
}

TEST_CASE("advisor: a join looked up through a type conversion: no index elsewhere either",
          "[advisor]") {
  Workload w(R"sql(
CREATE TABLE customers (id INT PRIMARY KEY, country CHAR(2), name VARCHAR(50));
CREATE TABLE sms (id INT PRIMARY KEY, customer_ref VARCHAR(20), sent_at DATETIME,
                  KEY idx_ref (customer_ref));
)sql");
  // customers is read first (its own filter); sms is looked up by a string compared with a
  // number: idx_ref cannot be searched.
  w.Add("q", 10,
        "SELECT c.name, s.sent_at FROM customers c JOIN sms s ON s.customer_ref = c.id "
        "WHERE c.country = 'FR'");
  // The same join the other way round: sms is read first and probes customers' primary key.
  w.Add("r", 10,
        "SELECT c.name, s.sent_at FROM sms s JOIN customers c ON c.id = s.customer_ref "
        "WHERE s.sent_at >= '2026-01-01'");
  const Advice a = w.Run();
  CHECK(For(a, "q", "customers").proposal == -1);
  CHECK(For(a, "q", "customers").skipped.find("through a type conversion") != std::string::npos);
  CHECK(For(a, "q", "customers").skipped.find("(implicit-conversion)") != std::string::npos);
  // The direction that works is advised as usual: sms by its own range, covering.
  CHECK(Summary(a) == Names{"sms(sent_at, customer_ref) +customer_ref"});
  CHECK(a.proposals[0].query_classes == Names{"r"});
}

// --- statistics ---------------------------------------------------------------------------------

constexpr const char* kStats = R"json({"tables": [
  {"table": "orders", "rows": 1200000,
   "columns": {"status": 6, "customer_id": 90000, "created_at": 1000000, "total": 50000}},
  {"table": "customers", "rows": 90000, "columns": {"country": 40, "email": 90000}}]})json";

TEST_CASE("advisor: with statistics, equalities by distinct values, most first", "[advisor]") {
  Workload w(kShop, kStats);
  w.Add("q", 10, "SELECT id FROM orders WHERE status = 'x' AND customer_id = 1");
  CHECK(Summary(w.Run()) == Names{"orders(customer_id, status)"});
}

TEST_CASE("advisor: with statistics, selectivity order beats workload usage", "[advisor]") {
  Workload w(kShop, kStats);
  w.Add("both", 10, "SELECT id FROM orders WHERE status = 'x' AND customer_id = 1");
  w.Add("status", 100, "SELECT id FROM orders WHERE status = 'x'");
  const Advice a = w.Run();
  // status alone is the only filter of its class: indexed despite its 6 values.
  CHECK(Summary(a) == Names{"orders(status)", "orders(customer_id, status)"});
}

TEST_CASE("advisor: a handful of distinct values is no index unless the only filter", "[advisor]") {
  Workload w(kShop, kStats);
  w.Add("only", 10, "SELECT id FROM orders WHERE status = 'x'");
  w.Add("more", 10, "SELECT id FROM orders WHERE status = 'x' AND note LIKE '%urgent%'");
  w.Add("join", 10,
        "SELECT o.id, c.name FROM orders o JOIN customers c ON c.id = o.customer_id WHERE "
        "o.status = 'x'");
  const Advice a = w.Run();
  REQUIRE(a.proposals.size() == 1);
  CHECK(a.proposals[0].columns == Names{"status", "customer_id"});
  CHECK(a.proposals[0].query_classes == Names{"join", "only"});
  const TableAdvice& more = For(a, "more", "orders");
  CHECK(more.proposal == -1);
  CHECK(more.skipped == "`status` has only a handful of distinct values");
  CHECK(For(a, "only", "orders").proposal == 0);
}

TEST_CASE("advisor: a low-cardinality column with a selective one is fine", "[advisor]") {
  Workload w(kShop, kStats);
  w.Add("q", 10,
        "SELECT id FROM orders WHERE status = 'x' AND created_at > '2024-01-01' AND note IS NOT "
        "NULL");
  CHECK(Summary(w.Run()) == Names{"orders(status, created_at, note) +note"});
}

TEST_CASE("advisor: with statistics, tiny tables are skipped", "[advisor]") {
  Workload w(kShop, R"json({"tables": [{"table": "customers", "rows": 40},
                                     {"table": "orders", "rows": 5000}]})json");
  w.Add("q", 10, "SELECT id FROM customers WHERE country = 'FR'");
  w.Add("o", 10, "SELECT id FROM orders WHERE status = 'x'");
  SECTION("defaults") {
    const Advice a = w.Run();
    CHECK(Summary(a) == Names{"orders(status)"});
    CHECK(For(a, "q", "customers").skipped == "`customers` is tiny (40 rows): a scan is as cheap");
  }
  SECTION("a higher threshold") {
    AdvisorOptions options;
    options.tiny_table_rows = 10000;
    CHECK(w.Run(options).proposals.empty());
  }
}

// --- determinism --------------------------------------------------------------------------------

TEST_CASE("advisor: the same input gives the same proposals, whatever the class order",
          "[advisor]") {
  Workload w(std::string(kShop) + "CREATE INDEX idx_customer ON orders (customer_id);");
  w.Add("b", 10, "SELECT id FROM orders WHERE status = 'x' AND customer_id = 1");
  w.Add("a", 10, "SELECT id FROM orders WHERE customer_id = 1 AND status = 'y'");
  w.Add("d", 10, "SELECT total FROM orders WHERE created_at > '2024-01-01'");
  w.Add("c", 10, "SELECT id FROM customers WHERE country = 'FR' AND name = 'x'");
  w.Add("e", 10, "SELECT id FROM orders WHERE total > 5 ORDER BY total");
  const Advice first = w.Run();
  RequireSame(first, w.Run());
  RequireSame(first, w.RunReversed());
  CHECK(Summary(first) == Names{"orders(customer_id, status)", "customers(country, name)",
                                "orders(created_at, total) +total", "orders(total)"});
  CHECK(first.proposals[0].query_classes == Names{"a", "b"});
}

// --- more merging and existing-index cases ------------------------------------------------------

TEST_CASE("advisor: covering columns extend the existing index that gives the key", "[advisor]") {
  Workload w(std::string(kShop) + "CREATE INDEX idx_cs ON orders (customer_id, status);");
  w.Add("q", 10, "SELECT total FROM orders WHERE customer_id = 1");
  const Advice a = w.Run();
  // Not (customer_id, total) beside idx_cs: idx_cs grown, still serving what it served.
  CHECK(Summary(a) == Names{"orders(customer_id, status, total) +status +total"});
  CHECK(a.proposals[0].replaces == Names{"idx_cs"});
  CHECK(a.proposals[0].extends == "idx_cs");
  CHECK(a.proposals[0].ddl ==
        "ALTER TABLE `orders` ADD INDEX `idx_customer_id` (`customer_id`, `status`, `total`), DROP "
        "INDEX `idx_cs`, ALGORITHM=INPLACE, LOCK=NONE;");
}

TEST_CASE("advisor: an existing index's equality order is kept when it is extended", "[advisor]") {
  Workload w(std::string(kShop) + "CREATE INDEX idx_sc ON orders (status, customer_id);");
  w.Add("heavy", 100, "SELECT id FROM orders WHERE customer_id = 1");
  w.Add("q", 10, "SELECT total FROM orders WHERE customer_id = 1 AND status = 'x'");
  const Advice a = w.Run();
  CHECK(Summary(a) == Names{"orders(customer_id)", "orders(status, customer_id, total) +total"});
  CHECK(a.proposals[1].replaces == Names{"idx_sc"});
}

TEST_CASE("advisor: an existing index made redundant by two proposals is dropped once",
          "[advisor]") {
  Workload w(std::string(kShop) + "CREATE INDEX idx_customer ON orders (customer_id);");
  w.Add("a", 20, "SELECT id FROM orders WHERE customer_id = 1 ORDER BY created_at");
  w.Add("b", 10, "SELECT id FROM orders WHERE customer_id = 1 AND total > 5");
  const Advice a = w.Run();
  CHECK(Summary(a) == Names{"orders(customer_id, created_at)", "orders(customer_id, total)"});
  CHECK(a.proposals[0].replaces == Names{"idx_customer"});
  CHECK(a.proposals[0].ddl.find("DROP INDEX `idx_customer`") != std::string::npos);
  CHECK(a.proposals[1].replaces.empty());
  CHECK(a.proposals[1].extends.empty());
  CHECK(a.proposals[1].ddl.find("DROP") == std::string::npos);
}

TEST_CASE("advisor: ORDER BY … DESC and ASC on the same columns share one index", "[advisor]") {
  Workload w(kShop);
  w.Add("desc", 20, "SELECT id FROM orders WHERE customer_id = 1 ORDER BY created_at DESC");
  w.Add("asc", 10, "SELECT id FROM orders WHERE customer_id = 2 ORDER BY created_at");
  SECTION("read backwards, one index serves the other direction") {
    const Advice a = w.Run();
    CHECK(Summary(a) == Names{"orders(customer_id, created_at DESC)"});
    CHECK(a.proposals[0].query_classes == Names{"desc", "asc"});
  }
  SECTION("a mixed-direction want extends it: both directions of created_at still served") {
    w.Add("mixed", 5,
          "SELECT id FROM orders WHERE customer_id = 2 ORDER BY created_at, total DESC");
    const Advice a = w.Run();
    CHECK(Summary(a) == Names{"orders(customer_id, created_at, total DESC)"});
    CHECK(a.proposals[0].query_classes == Names{"desc", "asc", "mixed"});
  }
  SECTION("the opposite mixed direction cannot share it") {
    w.Add("mixed", 5,
          "SELECT id FROM orders WHERE customer_id = 2 ORDER BY created_at, total DESC");
    w.Add("other", 4,
          "SELECT id FROM orders WHERE customer_id = 2 ORDER BY created_at DESC, total DESC");
    const Advice a = w.Run();
    CHECK(Summary(a) == Names{"orders(customer_id, created_at, total DESC)",
                              "orders(customer_id, created_at DESC, total DESC)"});
  }
}

TEST_CASE("advisor: a wide want still absorbs a narrow one it serves", "[advisor]") {
  Workload w(kShop);
  w.Add("narrow", 100, "SELECT id FROM orders WHERE customer_id = 1");
  w.Add("wide", 1,
        "SELECT status, total, note FROM orders WHERE customer_id = 1 ORDER BY created_at");
  const Advice a = w.Run();
  // (customer_id) beside it would be a redundant leftmost prefix.
  CHECK(Summary(a) ==
        Names{"orders(customer_id, created_at, status, total, note) +status +total +note"});
  CHECK(a.proposals[0].query_classes == Names{"narrow", "wide"});
}

TEST_CASE("advisor: a class counts once in a proposal's weight", "[advisor]") {
  Workload w(kShop);
  w.Add("u", 1'000'000,
        "SELECT id FROM orders WHERE status = 'a' UNION ALL SELECT id FROM orders WHERE status = "
        "'b'");
  const Advice a = w.Run();
  REQUIRE(a.proposals.size() == 1);
  CHECK(a.proposals[0].query_classes == Names{"u"});
  CHECK(a.proposals[0].weight == 1'000'000);
  CHECK(a.proposals[0].reason.starts_with(
      "Serves 1 query class (1 s, 100% of the workload's time): looks up `status`"));
  REQUIRE(a.classes[0].tables.size() == 2);
  CHECK(a.classes[0].tables[0].proposal == 0);
  CHECK(a.classes[0].tables[1].proposal == 0);
}

TEST_CASE("advisor: a leading wildcard with ORDER BY … LIMIT: only the order is indexed",
          "[advisor]") {
  Workload w(kShop);
  w.Add("q", 10,
        "SELECT id, name FROM customers WHERE name LIKE '%smith%' ORDER BY created_at LIMIT 20");
  const Advice a = w.Run();
  // The LIKE cannot search; reading in created_at order stops after 20 matches, no sort.
  CHECK(Summary(a) == Names{"customers(created_at, name) +name"});
  CHECK(For(a, "q", "customers").want.serves_order);
}

TEST_CASE("advisor: a class without a model (not a statement) is listed, empty", "[advisor]") {
  std::vector<analyzer::WorkloadQuery> queries;
  queries.push_back({"admin", 5, nullptr});
  const Advice none = analyzer::Advise(analyzer::Catalog(), queries);
  REQUIRE(none.classes.size() == 1);
  CHECK(none.classes[0].id == "admin");
  CHECK(none.classes[0].tables.empty());
  CHECK(none.proposals.empty());
}

TEST_CASE("advisor: index names stay within MySQL's 64 characters", "[advisor]") {
  Workload w(R"sql(
CREATE TABLE t (id INT PRIMARY KEY,
  a_rather_long_column_name_number_one INT, a_rather_long_column_name_number_two INT);
)sql");
  w.Add("q", 10,
        "SELECT id FROM t WHERE a_rather_long_column_name_number_one = 1 AND "
        "a_rather_long_column_name_number_two = 2");
  const Advice a = w.Run();
  REQUIRE(a.proposals.size() == 1);
  CHECK(a.proposals[0].name == "idx_a_rather_long_column_name_number_one");
  CHECK(a.proposals[0].name.size() <= 64);
}

// --- a table too small to matter, from the log ---------------------------------------------------

TEST_CASE("advisor: a class that scans few rows per call gets no index (Rows_examined)",
          "[advisor]") {
  Workload w(std::string(kShop) + "CREATE INDEX idx_customer ON orders (customer_id);");
  // Read without an index, and no call examined more than 400 rows: the table is small.
  w.Add("scan", 40'000'000, "SELECT id, name FROM customers WHERE country = 'FR'",
        {.calls = 5000, .max_rows_examined = 400});
  // Through idx_customer, 400 rows examined say nothing of the table's size: covering stays.
  w.Add("lookup", 30'000'000, "SELECT total FROM orders WHERE customer_id = 7",
        {.calls = 5000, .max_rows_examined = 400});
  // A scan that examined 50 000 rows in one call: the table is not small.
  w.Add("big", 20'000'000, "SELECT id FROM orders WHERE status = 'new'",
        {.calls = 10, .max_rows_examined = 50'000});
  const Advice a = w.Run();
  CHECK(Summary(a) == Names{"orders(customer_id, total) +total", "orders(status)"});
  CHECK(For(a, "scan", "customers").skipped ==
        "no call examined more than 400 rows (Rows_examined) reading `customers` without an "
        "index: it is too small for one to matter");
  CHECK(For(a, "lookup", "orders").proposal == 0);
}

// --- write cost
// ------------------------------------------------------------------------------------

TEST_CASE("advisor: the workload's writes, per table", "[advisor]") {
  Workload w(kShop);
  w.Add("ins", 9'000'000, "INSERT INTO orders (customer_id, status, total) VALUES (1, 'new', 2)",
        {.calls = 3000, .rows_affected = 3000});
  w.Add("rep", 1'000'000,
        "REPLACE INTO orders (id, customer_id, status, total) VALUES (1, 1, 'a', 2)",
        {.calls = 10, .rows_affected = 20});
  w.Add("upd", 2'000'000,
        "UPDATE orders o JOIN customers c ON c.id = o.customer_id "
        "SET o.status = 'vip' WHERE c.country = 'FR'",
        {.calls = 4});  // no Rows_affected
  w.Add("del", 500'000, "DELETE FROM customers WHERE created_at < '2020-01-01'",
        {.calls = 2, .rows_affected = 70});
  const Advice a = w.Run();
  REQUIRE(a.writes.size() == 2);
  const analyzer::TableWrites& orders = a.writes[0];
  CHECK(orders.table->name == "orders");
  CHECK(orders.inserts == 3000);
  CHECK(orders.replaces == 10);
  CHECK(orders.updates == 4);
  CHECK(orders.deletes == 0);
  CHECK_FALSE(orders.rows_affected.has_value());  // the UPDATE's is unknown
  CHECK(orders.weight == 12'000'000);
  CHECK(orders.query_classes == Names{"ins", "rep", "upd"});
  const analyzer::TableWrites& customers = a.writes[1];
  CHECK(customers.table->name == "customers");  // the UPDATE reads it, sets nothing there
  CHECK(customers.deletes == 2);
  CHECK(customers.rows_affected == 70);
}

TEST_CASE("advisor: a proposal's write cost, and none when it costs more than it saves",
          "[advisor]") {
  // An audit log written all day, read rarely by actor: the index would cost the inserts more
  // than the reads take.
  // The inserts of a day, and reads by actor that take `reads` millionths of a second.
  auto audit = [](int64_t reads) {
    auto w = std::make_unique<Workload>(R"sql(CREATE TABLE audit (
      id BIGINT AUTO_INCREMENT PRIMARY KEY, actor_id INT NOT NULL, action VARCHAR(32) NOT NULL,
      at DATETIME NOT NULL, KEY idx_at (at));)sql");
    w->Add("insert", 60'000'000, "INSERT INTO audit (actor_id, action, at) VALUES (1, 'x', NOW())",
           {.calls = 2'000'000, .rows_affected = 2'000'000});
    w->Add("by_actor", reads, "SELECT id, action FROM audit WHERE actor_id = 5",
           {.calls = 20, .max_rows_examined = 2'000'000});
    return w;
  };
  const auto rare = audit(12'000'000);
  const Advice a = rare->Run();
  CHECK(a.proposals.empty());
  // 2 000 000 rows × 10 µs = 20 s against the even share of 60 s among the row, idx_at and
  // the new index (20 s): 20 s, more than the 12 s of the reads.
  CHECK(For(a, "by_actor", "audit").skipped ==
        "keeping an index on `audit` up to date would cost its 2000000 writes an estimated "
        "20 s, more than the 12 s of the queries it serves");

  // Heavier reads: the index is made, its cost shown beside its benefit.
  const auto heavy = audit(90'000'000);
  const Advice b = heavy->Run();
  REQUIRE(Summary(b) == Names{"audit(actor_id, action) +action"});
  CHECK(b.proposals[0].write_cost == 20'000'000);
  CHECK(b.proposals[0].write_calls == 2'000'000);
}

TEST_CASE("advisor: an UPDATE costs only the indexes holding a column it sets", "[advisor]") {
  Workload w(kShop);
  w.Add("read", 50'000'000, "SELECT id FROM orders WHERE customer_id = 3 AND status = 'new'");
  // Sets `note`: no index of the proposal holds it.
  w.Add("note", 30'000'000, "UPDATE orders SET note = 'x' WHERE id = 4",
        {.calls = 1000, .rows_affected = 1000});
  // Sets `status`: the proposal's column; 1000 rows × 10 µs, less than 20 s / 2.
  w.Add("status", 20'000'000, "UPDATE orders SET status = 'paid' WHERE id = 4",
        {.calls = 1000, .rows_affected = 1000});
  const Advice a = w.Run();
  REQUIRE(Summary(a) == Names{"orders(customer_id, status)"});
  CHECK(a.proposals[0].write_calls == 1000);
  CHECK(a.proposals[0].write_cost == 10'000);
}

TEST_CASE("advisor: an index that extends an existing one adds no write cost for inserts",
          "[advisor]") {
  Workload w(std::string(kShop) + "CREATE INDEX idx_customer ON orders (customer_id);");
  w.Add("read", 50'000'000, "SELECT total FROM orders WHERE customer_id = 3");
  w.Add("insert", 40'000'000, "INSERT INTO orders (customer_id, status, total) VALUES (1, 'a', 2)",
        {.calls = 100'000, .rows_affected = 100'000});
  const Advice a = w.Run();
  REQUIRE(Summary(a) == Names{"orders(customer_id, total) +total"});
  CHECK(a.proposals[0].extends == "idx_customer");
  CHECK(a.proposals[0].write_calls == 0);
  CHECK(a.proposals[0].write_cost == 0);
}

TEST_CASE("advisor: without timings, writes are counted, never weighed", "[advisor]") {
  Workload w(kShop);
  w.Add("read", 1, "SELECT id FROM orders WHERE customer_id = 3");
  w.Add("insert", 5, "INSERT INTO orders (customer_id, status, total) VALUES (1, 'a', 2)",
        {.calls = 5});
  const Advice a = w.Run({.timed = false});
  REQUIRE(Summary(a) == Names{"orders(customer_id)"});
  CHECK(a.proposals[0].write_calls == 5);
  CHECK(a.proposals[0].write_cost == 5);
}

TEST_CASE("advisor: without Rows_affected, a write's rows are its VALUES rows or its LIMIT",
          "[advisor]") {
  Workload w(kShop);
  w.Add("read", 90'000'000, "SELECT id FROM orders WHERE status = 'new'");
  // 3 rows a call × 100 calls × 10 µs = 3 ms.
  w.Add("insert", 5'000'000,
        "INSERT INTO orders (customer_id, status, total) VALUES (1, 'a', 2), (2, 'b', 3), "
        "(3, 'c', 4)",
        {.calls = 100});
  // LIMIT 500 × 4 calls × 10 µs = 20 ms.
  w.Add("purge", 5'000'000, "DELETE FROM orders WHERE created_at < '2020-01-01' LIMIT 500",
        {.calls = 4});
  const Advice a = w.Run();
  REQUIRE(Summary(a).front() == "orders(status)");
  CHECK(a.proposals.front().write_calls == 104);
  CHECK(a.proposals.front().write_cost == 3'000 + 20'000);
}

TEST_CASE("advisor: an existing index that searches few rows a call is not made covering",
          "[advisor]") {
  Workload w(R"sql(CREATE TABLE entries (id BIGINT PRIMARY KEY, tenant_id INT NOT NULL,
    entry_date DATE NOT NULL, entry_no VARCHAR(20) NOT NULL, memo VARCHAR(200),
    KEY idx_tenant_date (tenant_id, entry_date));)sql");
  // Searched and ordered by idx_tenant_date (InnoDB appends id): 50 rows, 50 lookups.
  w.Add("list", 40'000'000,
        "SELECT entry_no, memo FROM entries WHERE tenant_id = 3 ORDER BY entry_date DESC, "
        "id DESC LIMIT 50");
  // The log says 30 rows a call.
  w.Add("day", 30'000'000,
        "SELECT entry_no FROM entries WHERE tenant_id = 3 AND entry_date = '2026-01-02'",
        {.calls = 100, .max_rows_examined = 30});
  // 5000 rows a call through the same index: covering saves 5000 lookups.
  w.Add("year", 20'000'000,
        "SELECT memo FROM entries WHERE tenant_id = 3 AND entry_date >= '2025-01-01'",
        {.calls = 100, .max_rows_examined = 5000});
  const Advice a = w.Run();
  CHECK(Summary(a) == Names{"entries(tenant_id, entry_date, memo) +memo"});
  CHECK(a.proposals[0].query_classes == Names{"year"});
  CHECK(For(a, "list", "entries").skipped ==
        "existing index `idx_tenant_date` already searches and orders it, reading at most 50 rows "
        "a call: covering would save no more than as many lookups");
  CHECK(For(a, "day", "entries")
            .skipped.starts_with("existing index `idx_tenant_date` already searches it, reading at "
                                 "most 30 rows a call"));
}

TEST_CASE("advisor: without statistics, a state-like column with another filter gets no index",
          "[advisor]") {
  Workload w(R"sql(CREATE TABLE products (id INT PRIMARY KEY,
    status TINYINT NOT NULL DEFAULT 1, is_featured TINYINT(1) NOT NULL DEFAULT 0,
    kind ENUM('book', 'toy', 'food') NOT NULL, category_id INT NOT NULL,
    name VARCHAR(200) NOT NULL, price DECIMAL(10,2) NOT NULL);)sql");
  // The wildcard is the real filter; `status` (three states) would select a third of the table.
  w.Add("search", 40'000'000,
        "SELECT name, price FROM products WHERE status = 1 AND name LIKE "
        "'%lamp%'");
  w.Add("featured", 30'000'000,
        "SELECT id FROM products WHERE is_featured = 1 AND kind = 'toy' AND price <> 5");
  // Alone, the state is the only filter there is: indexed.
  w.Add("drafts", 20'000'000, "SELECT id FROM products WHERE status = 0");
  // With a selective column, the key is not all states: indexed (one index serves both).
  w.Add("category", 10'000'000,
        "SELECT id FROM products WHERE category_id = 4 AND status = 1 AND name LIKE '%x%'");
  const Advice a = w.Run();
  CHECK(Summary(a) == Names{"products(status, category_id, name) +name"});
  CHECK(For(a, "search", "products").skipped == "`status` has only a handful of distinct values");
  CHECK(For(a, "featured", "products").skipped ==
        "`is_featured`, `kind` have only a handful of distinct values");
}
