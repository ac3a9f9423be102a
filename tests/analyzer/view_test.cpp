// Views in the binder: a view is read as a derived table whose query is the view's, and a simple
// one is merged into the statement as the server merges it, so that its filters and orders are
// on the base table's columns for access analysis and the advisor.
#include <algorithm>
#include <catch2/catch.hpp>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/advisor.h"
#include "analyzer/catalog.h"
#include "analyzer/query_model.h"
#include "parser/parser.h"

namespace {

using namespace qadvisor;
using analyzer::BlockKind;
using analyzer::IssueKind;
using analyzer::PredicateOp;

constexpr const char* kSchema = R"sql(
CREATE TABLE ol (
  id INT NOT NULL PRIMARY KEY,
  product_id INT,
  qty INT,
  note VARCHAR(64),
  KEY idx_product (product_id)
);
CREATE VIEW v AS SELECT id, product_id, qty FROM ol;
CREATE VIEW w (a, b) AS SELECT id, qty FROM ol;
CREATE VIEW v_all AS SELECT * FROM ol WHERE note = 'x';
CREATE VIEW v_nested AS SELECT b AS amount, a FROM w;
CREATE VIEW totals AS SELECT product_id, SUM(qty) AS total FROM ol GROUP BY product_id;
CREATE VIEW v_unknown AS SELECT * FROM not_in_schema;
)sql";

// A catalog from `ddl`, and statements bound against it; every model stays alive (the advisor
// reads them together).
class Views {
 public:
  explicit Views(std::string_view ddl = kSchema) {
    schema_ = std::make_unique<parser::ParseResult>(parser::Parse(ddl));
    REQUIRE(schema_->ok());
    catalog_.Apply(*schema_, "schema.sql");
  }

  const analyzer::QueryModel& Bind(std::string_view sql) {
    auto& parsed = parsed_.emplace_back(std::make_unique<parser::ParseResult>(parser::Parse(sql)));
    REQUIRE(parsed->ok());
    REQUIRE(parsed->statements().size() == 1);
    return *models_.emplace_back(std::make_unique<analyzer::QueryModel>(
        analyzer::Bind(*parsed->statements()[0], catalog_, "", parsed->text())));
  }

  analyzer::Advice Advise() const {
    std::vector<analyzer::WorkloadQuery> queries;
    for (size_t i = 0; i < models_.size(); ++i) {
      queries.push_back({"q" + std::to_string(i), 10, models_[i].get()});
    }
    return analyzer::Advise(catalog_, queries);
  }

  const analyzer::Catalog& catalog() const { return catalog_; }
  const analyzer::Table* Table(std::string_view name) const { return catalog_.FindTable("", name); }

 private:
  std::unique_ptr<parser::ParseResult> schema_;
  analyzer::Catalog catalog_;
  std::vector<std::unique_ptr<parser::ParseResult>> parsed_;
  std::vector<std::unique_ptr<analyzer::QueryModel>> models_;
};

bool HasIssue(const analyzer::QueryModel& m, IssueKind kind, std::string_view name) {
  for (const auto& issue : m.issues) {
    if (issue.kind == kind && issue.name == name) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("views: a simple view is merged into its base table", "[views]") {
  Views s;
  const auto& m = s.Bind("SELECT qty FROM v WHERE product_id = 3 ORDER BY id");
  CHECK(m.issues.empty());
  REQUIRE(m.blocks.size() == 1);  // no block of its own: merged
  const auto& use = m.blocks[0].tables.at(0);
  CHECK(use.alias == "v");
  CHECK(use.view == s.catalog().FindView("", "v"));
  CHECK(use.table == s.Table("ol"));
  CHECK_FALSE(use.derived);
  REQUIRE(m.blocks[0].predicates.size() == 1);
  const auto& p = m.blocks[0].predicates[0];
  CHECK(p.op == PredicateOp::kEq);
  CHECK(p.sargable());
  REQUIRE(p.column.column != nullptr);
  CHECK(p.column.column->name == "product_id");
  REQUIRE(m.blocks[0].order_by.size() == 1);
  CHECK(m.blocks[0].order_by[0].column.name == "id");
  CHECK(m.blocks[0].order_by[0].column.column == s.Table("ol")->FindColumn("id"));
  CHECK(use.needed == std::vector<std::string>{"qty", "product_id", "id"});
}

TEST_CASE("views: a column list renames the base columns", "[views]") {
  Views s;
  const auto& m = s.Bind("SELECT a FROM w WHERE b > 2");
  CHECK(m.issues.empty());
  REQUIRE(m.blocks.size() == 1);
  const auto& use = m.blocks[0].tables.at(0);
  CHECK(use.table == s.Table("ol"));
  CHECK(use.derived_columns == std::vector<std::string>{"a", "b"});
  CHECK(use.view_base_columns == std::vector<std::string>{"id", "qty"});
  REQUIRE(m.blocks[0].predicates.size() == 1);
  CHECK(m.blocks[0].predicates[0].column.name == "qty");
  CHECK(m.blocks[0].predicates[0].op == PredicateOp::kRange);
  CHECK(use.needed == std::vector<std::string>{"id", "qty"});
  // The view's names, not the base table's.
  const auto& bad = s.Bind("SELECT w.id, qty FROM w");
  CHECK(HasIssue(bad, IssueKind::kUnknownColumn, "w.id"));
  CHECK(HasIssue(bad, IssueKind::kUnknownColumn, "qty"));
}

TEST_CASE("views: a view over a view, and a view's own WHERE, merge too", "[views]") {
  Views s;
  const auto& nested = s.Bind("SELECT a FROM v_nested WHERE amount = 4");
  CHECK(nested.issues.empty());
  REQUIRE(nested.blocks.size() == 1);
  CHECK(nested.blocks[0].tables.at(0).table == s.Table("ol"));
  REQUIRE(nested.blocks[0].predicates.size() == 1);
  CHECK(nested.blocks[0].predicates[0].column.name == "qty");

  const auto& star = s.Bind("SELECT note FROM v_all WHERE product_id = 1");
  CHECK(star.issues.empty());
  REQUIRE(star.blocks.size() == 1);
  // The view's WHERE (note = 'x') and the statement's, both on ol.
  std::vector<std::string> columns;
  for (const auto& p : star.blocks[0].predicates) {
    CHECK(p.column.table == 0);
    CHECK(p.column.block == 0);
    columns.push_back(p.column.name);
    // Never a span into the view's text: the reference's, or the statement's own.
    CHECK(p.span.end() <= star.script.size());
  }
  std::sort(columns.begin(), columns.end());
  CHECK(columns == std::vector<std::string>{"note", "product_id"});
}

TEST_CASE("views: unknown columns of a view with known columns are reported", "[views]") {
  Views s;
  const auto& m = s.Bind("SELECT x.qty, x.nope FROM v x");
  REQUIRE(m.issues.size() == 1);
  CHECK(m.issues[0].kind == IssueKind::kUnknownColumn);
  CHECK(m.issues[0].name == "x.nope");
  CHECK(m.issues[0].message.find("view `v`") != std::string::npos);
  // `note` is a column of ol, but not of v.
  CHECK(HasIssue(s.Bind("SELECT qty FROM v WHERE note = 'a'"), IssueKind::kUnknownColumn, "note"));
  // Columns unknown: any name will do, and the view is no unknown table.
  CHECK(s.Bind("SELECT u.nope FROM v_unknown u WHERE anything = 1").issues.empty());
}

TEST_CASE("views: joined with a table, unqualified names resolve by the view's columns",
          "[views]") {
  Views s(std::string(kSchema) +
          "CREATE TABLE products (id INT PRIMARY KEY, name VARCHAR(40), note TEXT);");
  // `note` is ol's and products', but only products' here; `qty` only the view's.
  const auto& m =
      s.Bind("SELECT qty, note, name FROM v JOIN products p ON p.id = v.product_id WHERE qty = 1");
  CHECK(m.issues.empty());
  REQUIRE(m.blocks.size() == 1);
  CHECK(m.blocks[0].tables.at(1).needed == std::vector<std::string>{"id", "note", "name"});
  const auto& ambiguous = s.Bind("SELECT id FROM v JOIN products p ON p.id = v.product_id");
  CHECK(HasIssue(ambiguous, IssueKind::kAmbiguousColumn, "id"));
}

TEST_CASE("views: a view with GROUP BY is a derived table, not merged", "[views]") {
  Views s;
  const auto& m = s.Bind("SELECT product_id, total FROM totals WHERE total > 10");
  CHECK(m.issues.empty());
  REQUIRE(m.blocks.size() == 2);
  const auto& use = m.blocks[0].tables.at(0);
  CHECK(use.table == nullptr);
  CHECK(use.derived);
  REQUIRE(use.derived_block == 1);
  const auto& inner = m.blocks[1];
  CHECK(inner.kind == BlockKind::kDerived);
  CHECK(inner.in_view);
  CHECK(inner.tables.at(0).table == s.Table("ol"));
  // Its spans are the reference's in the statement.
  CHECK(inner.span.offset == use.span.offset);
  CHECK(inner.span.length == use.span.length);
  CHECK(s.Bind("SELECT totals.nope FROM totals").issues.size() == 1);
}

TEST_CASE("views: a view that reads itself, directly or through others, is not followed",
          "[views]") {
  // The catalog accepts the cycle (OR REPLACE after the fact); the server refuses the query
  // (error 1462). Binding must end.
  Views s(R"sql(
CREATE TABLE t (id INT PRIMARY KEY, x INT);
CREATE VIEW a AS SELECT id, x FROM t;
CREATE VIEW b AS SELECT id, x FROM a;
CREATE OR REPLACE VIEW a AS SELECT id, x FROM b;
CREATE VIEW self AS SELECT id FROM t;
CREATE OR REPLACE VIEW self AS SELECT id FROM self;
)sql");
  const auto& m = s.Bind("SELECT x FROM a WHERE id = 1");
  CHECK(m.blocks.size() <= 2 * 8 + 1);
  REQUIRE_FALSE(m.blocks.empty());
  const auto& self = s.Bind("SELECT id FROM self WHERE id = 1");
  CHECK(self.blocks.size() <= 8 + 1);
}

TEST_CASE("views: the advisor sees filters through a simple view on the base table",
          "[views][advisor]") {
  Views s;
  s.Bind("SELECT id FROM v WHERE qty = 5");                   // q0: no index on qty
  s.Bind("SELECT qty FROM v WHERE product_id = 3");           // q1: idx_product finds the rows
  s.Bind("SELECT product_id FROM totals WHERE total > 100");  // q2: not merged
  const analyzer::Advice advice = s.Advise();
  // Every proposal is on the base table; a view has no indexes.
  for (const auto& p : advice.proposals) {
    CHECK(p.table == s.Table("ol"));
    CHECK(p.table->name != "v");
  }
  const auto proposal = [&](std::string_view first) -> const analyzer::IndexProposal* {
    for (const auto& p : advice.proposals) {
      if (!p.columns.empty() && p.columns.front() == first) return &p;
    }
    return nullptr;
  };
  // q0 filters ol.qty through v: an index on qty.
  const analyzer::IndexProposal* qty = proposal("qty");
  REQUIRE(qty != nullptr);
  CHECK(qty->query_classes == std::vector<std::string>{"q0"});
  // q1 is found by idx_product; at most it is extended to cover qty, never a new index on v.
  if (const analyzer::IndexProposal* product = proposal("product_id")) {
    CHECK(product->extends == "idx_product");
  }
  for (const auto& c : advice.classes) {
    for (const auto& t : c.tables) {
      if (t.table != nullptr) CHECK(t.table == s.Table("ol"));
    }
    if (c.id == "q1") {
      REQUIRE(c.tables.size() == 1);
      REQUIRE_FALSE(c.tables[0].want.columns.empty());
      CHECK(c.tables[0].want.columns.front() == "product_id");
    }
  }
}
