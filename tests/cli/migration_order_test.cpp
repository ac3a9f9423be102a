// The order check applies its files in (cli/migration_order.h): versioned migrations of one
// directory by version, everything else where it was given; a directory as its .sql files.
#include "cli/migration_order.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace {

using namespace qadvisor;
using Version = std::vector<uint64_t>;

std::vector<std::string> Order(const std::vector<std::string>& inputs, bool* reordered = nullptr) {
  Result<cli::OrderedInputs> out = cli::OrderMigrations(inputs);
  REQUIRE(out.ok());
  if (reordered != nullptr) *reordered = out->reordered;
  return out->files;
}

}  // namespace

TEST_CASE("migration order: the version a file name carries", "[cli][migrations]") {
  CHECK(cli::MigrationVersion("V1__init.sql") == Version{1});
  CHECK(cli::MigrationVersion("V1.2__add_nick.sql") == Version{1, 2});
  CHECK(cli::MigrationVersion("V1_2__add_nick.sql") == Version{1, 2});
  CHECK(cli::MigrationVersion("v10__x.sql") == Version{10});
  CHECK(cli::MigrationVersion("001_users.sql") == Version{1});
  CHECK(cli::MigrationVersion("20240131120000_add_index.sql") == Version{20240131120000});
  CHECK(cli::MigrationVersion("2_x.up.sql") == Version{2});
  CHECK_FALSE(cli::MigrationVersion("R__views.sql"));  // Flyway's repeatable: no version
  CHECK_FALSE(cli::MigrationVersion("V2_no_separator.sql"));
  CHECK_FALSE(cli::MigrationVersion("schema.sql"));
  CHECK_FALSE(cli::MigrationVersion("99999999999999999999999_too_big.sql"));
}

TEST_CASE("migration order: versioned files by version, the rest where given",
          "[cli][migrations]") {
  bool reordered = false;
  // The order a shell glob gives: V10 before V2.
  CHECK(Order({"m/V1__a.sql", "m/V10__c.sql", "m/V2__b.sql"}, &reordered) ==
        std::vector<std::string>{"m/V1__a.sql", "m/V2__b.sql", "m/V10__c.sql"});
  CHECK(reordered);
  // Queries and the schema keep their places; the migrations permute among theirs.
  CHECK(Order({"app/q.sql", "m/10_c.sql", "m/README.sql", "m/9_b.sql", "-"}, &reordered) ==
        std::vector<std::string>{"app/q.sql", "m/9_b.sql", "m/README.sql", "m/10_c.sql", "-"});
  CHECK(reordered);
  // Two folders are two sequences: nothing moves between them.
  CHECK(Order({"a/2_x.sql", "b/1_y.sql"}, &reordered) ==
        std::vector<std::string>{"a/2_x.sql", "b/1_y.sql"});
  CHECK_FALSE(reordered);
  // Equal versions keep the order given.
  CHECK(Order({"m/1_b.sql", "m/1_a.sql"}, &reordered) ==
        std::vector<std::string>{"m/1_b.sql", "m/1_a.sql"});
  CHECK_FALSE(reordered);
}

TEST_CASE("migration order: a directory is its .sql files, in version order", "[cli][migrations]") {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / "qadvisor-migration-order-test";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir / "sub");
  for (const char* name : {"V10__c.sql", "V2__b.sql", "V1__a.sql", "notes.txt", "sub/V3__x.sql"}) {
    std::ofstream(dir / name) << "SELECT 1;\n";
  }
  bool reordered = false;
  CHECK(Order({dir.string()}, &reordered) ==
        std::vector<std::string>{(dir / "V1__a.sql").string(), (dir / "V2__b.sql").string(),
                                 (dir / "V10__c.sql").string()});
  CHECK(reordered);
  std::filesystem::create_directories(dir / "none");
  Result<cli::OrderedInputs> none =
      cli::OrderMigrations(std::vector<std::string>{(dir / "none").string()});
  REQUIRE_FALSE(none.ok());
  CHECK(none.status().message().find("a directory without .sql files") != std::string::npos);
  std::filesystem::remove_all(dir);
}
