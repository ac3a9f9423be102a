// Whether a finding's fix applies as it stands (rules::FixApplicability): SQL that only adds
// secondary indexes is safe; SQL that drops, adds a unique key or changes a column is unsafe;
// advice is display-only; a rule that edits the text says itself.
#include <catch2/catch.hpp>
#include <string>

#include "rules/finding.h"

namespace {

using namespace qadvisor;
using rules::Applicability;

Applicability Of(std::string fix) {
  rules::Finding f;
  f.fix = std::move(fix);
  return rules::FixApplicability(f);
}

}  // namespace

TEST_CASE("fix applicability: adding a secondary index is safe", "[rules][applicability]") {
  CHECK(Of("ALTER TABLE `shop`.`orders` ADD INDEX `idx_placed_at` (`placed_at`, `total`), "
           "ALGORITHM=INPLACE, LOCK=NONE;") == Applicability::kSafe);
  CHECK(Of("CREATE INDEX idx_a ON t (a);") == Applicability::kSafe);
  CHECK(Of("ALTER TABLE t ADD FULLTEXT INDEX ft (body)") == Applicability::kSafe);
  CHECK(Of("ALTER TABLE t ADD INDEX a (a); ALTER TABLE u ADD KEY b (b);") == Applicability::kSafe);
}

TEST_CASE("fix applicability: dropping, a unique key or a changed column is unsafe",
          "[rules][applicability]") {
  CHECK(Of("ALTER TABLE `shop`.`orders` DROP INDEX `idx_customer`;  -- after checking a longer "
           "workload") == Applicability::kUnsafe);
  // An index that replaces the one it extends: the drop makes the whole statement unsafe.
  CHECK(Of("ALTER TABLE o ADD INDEX i (a, b), DROP INDEX a;") == Applicability::kUnsafe);
  CHECK(Of("ALTER TABLE t ADD UNIQUE KEY u (email)") == Applicability::kUnsafe);
  CHECK(Of("CREATE UNIQUE INDEX u ON t (email)") == Applicability::kUnsafe);
  CHECK(Of("ALTER TABLE t ADD COLUMN id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY FIRST") ==
        Applicability::kUnsafe);
  CHECK(Of("ALTER TABLE o MODIFY c varchar(32) CHARACTER SET utf8mb4") == Applicability::kUnsafe);
  CHECK(Of("DROP INDEX a ON t") == Applicability::kUnsafe);
  CHECK(Of("ALTER TABLE t ADD INDEX a (a); DROP TABLE u;") == Applicability::kUnsafe);
}

TEST_CASE("fix applicability: advice is display-only, its trailing index DDL decides",
          "[rules][applicability]") {
  CHECK(Of("rewrite as a UNION (or UNION ALL when the branches cannot overlap) of one query per "
           "OR branch") == Applicability::kDisplayOnly);
  CHECK(Of("compare with a string:\n  WHERE phone = '5551234'\n") == Applicability::kDisplayOnly);
  CHECK(Of("") == Applicability::kDisplayOnly);
  CHECK(Of("compare the bare column with a range: `d` >= 'day'; on the bare column, an index can "
           "search it: ALTER TABLE t ADD INDEX `idx_d` (`d`);") == Applicability::kSafe);
  CHECK(Of("… first: ALTER TABLE t ADD INDEX `i` (`d`, `e`), DROP INDEX `idx_d`;") ==
        Applicability::kUnsafe);
}

TEST_CASE("fix applicability: a rule's own mark wins over the text", "[rules][applicability]") {
  rules::Finding f;
  f.fix = "quote the value so it is a string: `phone` = '…' (phone = 5551234)";
  f.applicability = Applicability::kUnsafe;
  CHECK(rules::FixApplicability(f) == Applicability::kUnsafe);
  CHECK(rules::ApplicabilityName(Applicability::kUnsafe) == "unsafe");
  CHECK(rules::ApplicabilityName(Applicability::kSafe) == "safe");
  CHECK(rules::ApplicabilityName(Applicability::kDisplayOnly) == "display-only");
}
