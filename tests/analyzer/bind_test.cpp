// The binder: name resolution and predicate classification, statement by statement.
#include <algorithm>
#include <catch2/catch.hpp>

#include "analyzer/access.h"
#include "analyzer/catalog.h"
#include "analyzer/query_model.h"
#include "parser/parser.h"

namespace {

using namespace qadvisor;
using analyzer::Blocker;
using analyzer::PredicateOp;
using analyzer::ValueKind;

constexpr const char* kSchema = R"sql(
CREATE DATABASE shop DEFAULT CHARACTER SET utf8mb4;
USE shop;
CREATE TABLE customers (
  id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  email VARCHAR(190) NOT NULL,
  phone VARCHAR(20),
  country CHAR(2) NOT NULL,
  created_at DATETIME NOT NULL,
  code VARCHAR(16) CHARACTER SET utf8mb3,
  UNIQUE KEY uk_email (email),
  KEY idx_phone (phone),
  KEY idx_country_created (country, created_at)
);
CREATE TABLE orders (
  id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  customer_id INT UNSIGNED NOT NULL,
  status VARCHAR(16) NOT NULL,
  total DECIMAL(10,2) NOT NULL,
  customer_code VARCHAR(16) CHARACTER SET utf8mb4,
  created_at DATETIME NOT NULL,
  created_day DATE AS (DATE(created_at)) VIRTUAL,
  KEY idx_customer_status (customer_id, status),
  KEY idx_created_day (created_day)
);
)sql";

// Holds the schema's parse result and catalog, and binds statements against them.
struct Fixture {
  parser::ParseResult schema = parser::Parse(kSchema);
  analyzer::Catalog catalog;
  parser::ParseResult query;
  analyzer::QueryModel model;

  Fixture() { catalog.Apply(schema, "schema.sql"); }

  const analyzer::QueryModel& Bind(std::string_view sql) {
    query = parser::Parse(sql);
    REQUIRE(query.ok());
    REQUIRE(query.statements().size() == 1);
    model = analyzer::Bind(*query.statements()[0], catalog, "shop", query.text());
    return model;
  }
  // The predicates of block `b` on column `name`.
  std::vector<const analyzer::Predicate*> On(std::string_view name, size_t b = 0) const {
    std::vector<const analyzer::Predicate*> out;
    for (const auto& p : model.blocks.at(b).predicates) {
      if (p.column.name == name) out.push_back(&p);
    }
    return out;
  }
};

}  // namespace

TEST_CASE("bind: aliases, unqualified names and the columns each table must supply", "[bind]") {
  Fixture f;
  const auto& m = f.Bind(
      "SELECT o.id, total, c.email FROM orders o JOIN customers c ON c.id = o.customer_id "
      "WHERE o.status = 'paid' ORDER BY o.created_at DESC");
  REQUIRE(m.issues.empty());
  REQUIRE(m.blocks.size() == 1);
  const auto& block = m.blocks[0];
  REQUIRE(block.tables.size() == 2);
  CHECK(block.tables[0].alias == "o");
  CHECK(block.tables[0].table->name == "orders");
  auto sorted = [](std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    return v;
  };
  CHECK(sorted(block.tables[0].needed) ==
        std::vector<std::string>{"created_at", "customer_id", "id", "status", "total"});
  CHECK(sorted(block.tables[1].needed) == std::vector<std::string>{"email", "id"});
  // The join is one comparison, recorded in both directions.
  const auto joins = f.On("customer_id");
  REQUIRE(joins.size() == 1);
  CHECK(joins[0]->value == ValueKind::kColumn);
  CHECK(joins[0]->other.name == "id");
  CHECK(joins[0]->on_clause);
  REQUIRE(f.On("id").size() == 1);  // c.id = o.customer_id, the other direction
  CHECK(f.On("id")[0]->mirror != joins[0]->mirror);
  REQUIRE(block.order_by.size() == 1);
  CHECK(block.order_by[0].column.name == "created_at");
  CHECK(block.order_by[0].descending);
}

TEST_CASE("bind: predicate kinds", "[bind]") {
  Fixture f;
  f.Bind(
      "SELECT id FROM customers WHERE country = 'DE' AND created_at >= '2024-01-01' "
      "AND phone IS NULL AND email LIKE 'ab%' AND code LIKE '%x' AND id IN (1, 2, 3) "
      "AND country <> 'FR'");
  CHECK(f.On("country")[0]->op == PredicateOp::kEq);
  CHECK(f.On("country")[0]->value == ValueKind::kString);
  CHECK(f.On("country")[1]->op == PredicateOp::kNotEq);
  CHECK(f.On("country")[1]->blocker == Blocker::kNegation);
  CHECK(f.On("created_at")[0]->op == PredicateOp::kRange);
  CHECK(f.On("created_at")[0]->sargable());
  CHECK(f.On("phone")[0]->op == PredicateOp::kIsNull);
  CHECK(f.On("email")[0]->op == PredicateOp::kLikePrefix);
  CHECK(f.On("code")[0]->op == PredicateOp::kLikeInfix);
  CHECK(f.On("code")[0]->blocker == Blocker::kLeadingWildcard);
  CHECK(f.On("id")[0]->op == PredicateOp::kIn);
  CHECK(f.On("id")[0]->list_size == 3);
}

TEST_CASE("bind: what makes a predicate unsargable", "[bind]") {
  Fixture f;
  f.Bind("SELECT id FROM customers WHERE phone = 5551234");
  REQUIRE(f.On("phone").size() == 1);
  CHECK(f.On("phone")[0]->blocker == Blocker::kConversion);
  f.Bind("SELECT id FROM customers WHERE id = '42'");  // the literal converts, once
  REQUIRE(f.On("id").size() == 1);
  CHECK(f.On("id")[0]->sargable());
  f.Bind("SELECT id FROM customers WHERE DATE(created_at) = '2024-05-01'");
  REQUIRE(f.On("created_at").size() == 1);
  CHECK(f.On("created_at")[0]->blocker == Blocker::kFunction);
  CHECK(f.On("created_at")[0]->function == "DATE");
  f.Bind("SELECT id FROM customers WHERE created_at + INTERVAL 1 DAY > NOW()");
  REQUIRE(f.On("created_at").size() == 1);
  CHECK(f.On("created_at")[0]->function == "+");
  f.Bind("SELECT id FROM customers WHERE email = 'A' COLLATE utf8mb4_bin");
  REQUIRE(f.On("email").size() == 1);
  CHECK(f.On("email")[0]->blocker == Blocker::kCollation);
  // The generated column's expression: the optimizer substitutes the indexed column.
  // The predicate is bound to the generated column, whose index then serves it.
  f.Bind("SELECT id FROM orders WHERE DATE(created_at) = '2024-05-01'");
  REQUIRE(f.On("created_day").size() == 1);
  CHECK(f.On("created_day")[0]->sargable());
}

TEST_CASE("bind: a join across charsets converts the narrower side", "[bind]") {
  Fixture f;
  f.Bind("SELECT o.id FROM customers c JOIN orders o ON o.customer_code = c.code");
  const auto narrow = f.On("code");
  const auto wide = f.On("customer_code");
  REQUIRE(narrow.size() == 1);
  REQUIRE(wide.size() == 1);
  CHECK(narrow[0]->blocker == Blocker::kCharset);  // utf8mb3 → utf8mb4: its index is lost
  CHECK(narrow[0]->value_charset == "utf8mb4");
  CHECK(wide[0]->sargable());  // the utf8mb4 side is still searchable
}

TEST_CASE("bind: OR of equalities on one column is an IN list, across columns a group", "[bind]") {
  Fixture f;
  const auto& m =
      f.Bind("SELECT id FROM customers WHERE country = 'DE' OR country IN ('FR', 'IT')");
  CHECK(m.blocks[0].or_groups == 0);
  REQUIRE(f.On("country").size() == 1);
  CHECK(f.On("country")[0]->op == PredicateOp::kIn);
  CHECK(f.On("country")[0]->list_size == 3);
  const auto& m2 = f.Bind("SELECT id FROM customers WHERE email = 'a' OR phone = 'b'");
  CHECK(m2.blocks[0].or_groups == 1);
  CHECK(f.On("email")[0]->or_group == 0);
  CHECK(f.On("phone")[0]->or_branch == 1);
}

TEST_CASE("bind: USING coalesces, derived tables and CTEs have columns", "[bind]") {
  Fixture f;
  auto& m = f.Bind(
      "WITH big AS (SELECT customer_id, SUM(total) AS spent FROM orders GROUP BY customer_id) "
      "SELECT c.email, big.spent FROM customers c JOIN big ON big.customer_id = c.id "
      "WHERE big.spent > 100");
  CHECK(m.issues.empty());
  REQUIRE(m.blocks.size() == 2);
  CHECK(m.blocks[0].kind == analyzer::BlockKind::kCte);
  const auto& outer = m.blocks[1];
  REQUIRE(outer.tables.size() == 2);
  CHECK(outer.tables[1].derived);
  CHECK(outer.tables[1].derived_columns == std::vector<std::string>{"customer_id", "spent"});

  auto& m2 = f.Bind(
      "SELECT d.n FROM (SELECT customer_id, COUNT(*) AS n FROM orders GROUP BY customer_id) d "
      "WHERE d.n > 3");
  CHECK(m2.issues.empty());
  auto& m3 = f.Bind("SELECT id, status FROM orders JOIN customers USING (id)");
  CHECK(m3.issues.empty());  // `id` is coalesced, not ambiguous
}

TEST_CASE("bind: correlated subqueries resolve outwards", "[bind]") {
  Fixture f;
  auto& m = f.Bind(
      "SELECT c.id FROM customers c WHERE EXISTS (SELECT 1 FROM orders o "
      "WHERE o.customer_id = c.id AND o.status = 'paid')");
  CHECK(m.issues.empty());
  REQUIRE(m.blocks.size() == 2);
  const auto& sub = m.blocks[1];
  CHECK(sub.parent == 0);
  CHECK(sub.in_exists);
  const auto outer_ref = f.On("customer_id", 1);
  REQUIRE(outer_ref.size() == 1);
  CHECK(outer_ref[0]->value == ValueKind::kOuterColumn);
  CHECK(outer_ref[0]->IsEquality());
  CHECK(m.blocks[0].tables[0].needed == std::vector<std::string>{"id"});
}

TEST_CASE("bind: unknown and ambiguous names are issues, not failures", "[bind]") {
  Fixture f;
  auto& m = f.Bind("SELECT o.totl FROM orders o WHERE x.id = 1 AND nope = 2");
  REQUIRE(m.issues.size() == 3);
  CHECK(m.issues[0].kind == analyzer::IssueKind::kUnknownColumn);
  CHECK(m.issues[0].name == "o.totl");
  CHECK(m.issues[1].name == "x.id");
  CHECK(m.issues[2].name == "nope");
  auto& m2 = f.Bind("SELECT id FROM orders JOIN customers ON customers.id = orders.customer_id");
  REQUIRE(m2.issues.size() == 1);
  CHECK(m2.issues[0].kind == analyzer::IssueKind::kAmbiguousColumn);
  auto& m3 = f.Bind("SELECT a FROM missing_table WHERE b = 1");
  REQUIRE(m3.issues.size() == 1);  // the table; its columns may be anything
  CHECK(m3.issues[0].kind == analyzer::IssueKind::kUnknownTable);
  auto& m4 =
      f.Bind("SELECT status AS s, COUNT(*) AS n FROM orders GROUP BY s HAVING n > 1 ORDER BY n");
  CHECK(m4.issues.empty());  // select-list aliases
}

TEST_CASE("bind: UPDATE, DELETE and INSERT … SELECT", "[bind]") {
  Fixture f;
  auto& u = f.Bind("UPDATE orders SET status = 'x' WHERE customer_id = 7 ORDER BY id LIMIT 10");
  REQUIRE(u.blocks.size() == 1);
  CHECK(u.target->name == "orders");
  CHECK(u.blocks[0].has_where);
  CHECK(u.blocks[0].limit == 10u);
  CHECK(f.On("customer_id")[0]->op == PredicateOp::kEq);
  auto& d = f.Bind(
      "DELETE o FROM orders o JOIN customers c ON c.id = o.customer_id WHERE c.country = 'DE'");
  CHECK(d.issues.empty());
  CHECK(d.blocks[0].tables.size() == 2);
  auto& i = f.Bind(
      "INSERT INTO orders (customer_id, status, total) SELECT id, 'new', 0 FROM customers WHERE "
      "country = 'DE'");
  CHECK(i.target->name == "orders");
  REQUIRE(i.blocks.size() == 1);
  CHECK(i.blocks[0].tables[0].table->name == "customers");
}

TEST_CASE("access: leftmost prefix, covering, order, three-star want", "[access]") {
  Fixture f;
  f.Bind("SELECT id, status FROM orders WHERE customer_id = 7 AND status = 'paid'");
  auto a = analyzer::AnalyzeAccess(f.model.blocks[0], 0);
  REQUIRE(a.Best() != nullptr);
  CHECK(a.Best()->index->name == "idx_customer_status");
  CHECK(a.Best()->eq_parts == 2);
  CHECK(a.Best()->covering);  // id comes with the primary key

  f.Bind("SELECT id FROM orders WHERE status = 'paid'");
  a = analyzer::AnalyzeAccess(f.model.blocks[0], 0);
  CHECK(a.Best() == nullptr);
  bool later = false;
  for (const auto& u : a.indexes)
    later = later || (u.index->name == "idx_customer_status" && u.unused_constrained_part == 1);
  CHECK(later);

  f.Bind("SELECT id FROM customers WHERE id = 5");
  a = analyzer::AnalyzeAccess(f.model.blocks[0], 0);
  REQUIRE(a.Best() != nullptr);
  CHECK(a.Best()->unique_lookup);

  f.Bind("SELECT id, total FROM orders WHERE customer_id = 7 ORDER BY created_at DESC");
  a = analyzer::AnalyzeAccess(f.model.blocks[0], 0);
  CHECK(a.order_applies);
  CHECK(a.sorts);
  const auto want = analyzer::WantIndex(f.model.blocks[0], 0);
  CHECK(want.columns == std::vector<std::string>{"customer_id", "created_at"});
  CHECK(want.descending == std::vector<bool>{false, true});
  CHECK(want.include == std::vector<std::string>{"total"});
  CHECK(want.serves_order);

  f.Bind("SELECT id FROM customers WHERE country = 'DE' ORDER BY created_at");
  a = analyzer::AnalyzeAccess(f.model.blocks[0], 0);
  CHECK_FALSE(a.sorts);  // (country, created_at): the equality, then the order
}

TEST_CASE("bind: a constant ORDER BY orders nothing, positions and aggregates do", "[bind]") {
  Fixture f;
  for (const char* sql : {
           "SELECT status, COUNT(*) FROM orders GROUP BY status ORDER BY NULL",
           "SELECT status, COUNT(*) FROM orders GROUP BY status ORDER BY 'x'",
           "SELECT status, COUNT(*) FROM orders GROUP BY status ORDER BY ?",
           "SELECT status, COUNT(*) FROM orders GROUP BY status ORDER BY -1 + @v",
       }) {
    INFO(sql);
    const auto& block = f.Bind(sql).blocks[0];
    CHECK(block.order_by.empty());
    CHECK(block.order_by_written);
    REQUIRE(block.group_by.size() == 1);
    CHECK(block.group_by[0].column.name == "status");
    // GROUP BY alone decides the order the index must give: idx_customer_status does not.
    const auto a = analyzer::AnalyzeAccess(block, 0);
    CHECK(a.order_applies);
  }
  // A constant among columns is skipped; the columns stay.
  auto* block = &f.Bind("SELECT id FROM orders ORDER BY NULL, created_at DESC").blocks[0];
  REQUIRE(block->order_by.size() == 1);
  CHECK(block->order_by[0].column.name == "created_at");
  // ORDER BY 2 is the second select item, not a constant.
  block = &f.Bind("SELECT id, status FROM orders ORDER BY 2").blocks[0];
  REQUIRE(block->order_by.size() == 1);
  CHECK(block->order_by[0].column.name == "status");
  // An aggregate has no column but a value per group; RAND() one per row.
  block =
      &f.Bind("SELECT status, COUNT(*) AS n FROM orders GROUP BY status ORDER BY n DESC").blocks[0];
  CHECK(block->order_by.size() == 1);
  block = &f.Bind("SELECT id FROM orders ORDER BY RAND()").blocks[0];
  CHECK(block->order_by.size() == 1);
  CHECK(block->order_by_rand);
  // No ORDER BY at all.
  block = &f.Bind("SELECT status FROM orders GROUP BY status").blocks[0];
  CHECK_FALSE(block->order_by_written);
  // UPDATE … ORDER BY NULL.
  block = &f.Bind("UPDATE orders SET status = 'x' WHERE customer_id = 1 ORDER BY NULL").blocks[0];
  CHECK(block->order_by.empty());
  CHECK(block->order_by_written);
}

TEST_CASE("access: assume_fixed counts predicates whose blocker a rewrite removes", "[access]") {
  Fixture f;
  const analyzer::AccessOptions fixed{.assume_fixed = true};
  auto used = [&](const analyzer::TableAccess& a, std::string_view index) {
    for (const auto& u : a.indexes) {
      if (u.index->name == index) return u.used_parts();
    }
    return -1;
  };
  // A string column compared with a number: usable once the value is quoted.
  f.Bind("SELECT id FROM customers WHERE phone = 5551234");
  CHECK(used(analyzer::AnalyzeAccess(f.model.blocks[0], 0), "idx_phone") == 0);
  CHECK(used(analyzer::AnalyzeAccess(f.model.blocks[0], 0, fixed), "idx_phone") == 1);
  // A function on the leading column: usable once rewritten on the bare column.
  f.Bind("SELECT id FROM customers WHERE YEAR(created_at) = 2024 AND LOWER(country) = 'de'");
  CHECK(analyzer::AnalyzeAccess(f.model.blocks[0], 0).Best() == nullptr);
  CHECK(used(analyzer::AnalyzeAccess(f.model.blocks[0], 0, fixed), "idx_country_created") == 2);
  // The narrower side of a charset-mismatched join: usable once the charsets agree.
  f.Bind("SELECT c.id FROM orders o JOIN customers c ON c.code = o.customer_code");
  const auto code = f.On("code");
  REQUIRE(code.size() == 1);
  CHECK(code[0]->blocker == Blocker::kCharset);
  CHECK_FALSE(code[0]->sargable());
  CHECK(code[0]->SargableOnceFixed());
  // No rewrite makes these searchable: a leading wildcard, a negation.
  f.Bind("SELECT id FROM customers WHERE phone LIKE '%1' AND country <> 'DE'");
  CHECK(used(analyzer::AnalyzeAccess(f.model.blocks[0], 0, fixed), "idx_phone") == 0);
  CHECK(used(analyzer::AnalyzeAccess(f.model.blocks[0], 0, fixed), "idx_country_created") == 0);
}

TEST_CASE("bind: JSON_TABLE, TABLE, VALUES, nested joins and FETCH FIRST", "[bind]") {
  Fixture f;
  // JSON_TABLE: a derived table of its columns (nested ones too); its argument reads the
  // table to its left.
  auto& j = f.Bind(
      "SELECT o.id, jt.sku, jt.n FROM orders o JOIN JSON_TABLE(o.customer_code, '$[*]' COLUMNS "
      "(sku VARCHAR(8) PATH '$.sku', NESTED PATH '$.n[*]' COLUMNS (n INT PATH '$'))) AS jt "
      "ON jt.sku = o.status");
  CHECK(j.issues.empty());
  REQUIRE(j.blocks[0].tables.size() == 2);
  CHECK(j.blocks[0].tables[1].derived);
  CHECK(j.blocks[0].tables[1].derived_columns == std::vector<std::string>{"sku", "n"});
  auto& bad = f.Bind("SELECT jt.nope FROM JSON_TABLE('[]', '$' COLUMNS (a INT PATH '$')) jt");
  REQUIRE(bad.issues.size() == 1);
  CHECK(bad.issues[0].kind == analyzer::IssueKind::kUnknownColumn);

  // TABLE t reads every column of t; VALUES reads no table.
  auto& t = f.Bind("SELECT id FROM customers UNION TABLE orders");
  REQUIRE(t.blocks.size() == 2);
  REQUIRE(t.blocks[1].tables.size() == 1);
  CHECK(t.blocks[1].tables[0].table != nullptr);
  CHECK(t.blocks[1].tables[0].all_columns);
  CHECK(f.Bind("VALUES ROW(1, 2), ROW(3, 4)").blocks[0].tables.empty());

  // A nested join binds its inner ON as well as the outer one.
  auto& n = f.Bind(
      "SELECT o.id FROM customers c JOIN orders o JOIN customers d ON d.id = o.customer_id "
      "ON c.id = o.customer_id WHERE c.country = 'DE'");
  CHECK(n.issues.empty());
  CHECK(n.blocks[0].tables.size() == 3);

  // FETCH FIRST ROW ONLY fetches one row; the count of FETCH is the block's limit.
  CHECK(f.Bind("SELECT id FROM orders ORDER BY id FETCH FIRST ROW ONLY").blocks[0].limit == 1u);
  auto& o = f.Bind("SELECT id FROM orders ORDER BY id OFFSET 40 ROWS FETCH NEXT 20 ROWS ONLY");
  CHECK(o.blocks[0].limit == 20u);
  CHECK(o.blocks[0].offset == 40u);
}
