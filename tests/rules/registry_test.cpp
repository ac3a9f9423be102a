// The registry: sorted, unique ids, and for every rule its fixture (a live test for a live rule)
// and its generated doc page.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "rules/rule.h"

namespace {

using namespace qadvisor;

std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

TEST_CASE("registry ids are sorted, unique and match each rule's own id", "[rules]") {
  const auto& registry = rules::Registry();
  REQUIRE(registry.size() >= 13);
  for (size_t i = 0; i < registry.size(); ++i) {
    const auto rule = registry[i].make(rules::RuleOptions());
    CHECK(rule->info().id == registry[i].id);
    if (i > 0) CHECK(registry[i - 1].id < registry[i].id);
  }
}

TEST_CASE("every required rule id of the design exists", "[rules]") {
  for (const char* id :
       {"implicit-conversion", "charset-mismatch-join", "leftmost-prefix", "back-to-table",
        "function-on-column", "leading-wildcard", "missing-index", "filesort", "redundant-index",
        "unused-index", "or-across-columns", "select-star", "dml-without-where"}) {
    INFO(id);
    CHECK(rules::FindRuleInfo(id) != nullptr);
  }
}

TEST_CASE("every rule has a fixture and an up-to-date doc page", "[rules]") {
  const std::filesystem::path root(QADVISOR_SOURCE_DIR);
  for (const rules::RuleInfo* info : rules::AllRuleInfos()) {
    const std::string id(info->id);
    INFO(id);
    // A live rule fires only on a server: its fixture is a live test of that name.
    if (info->scope == rules::Scope::kLive) {
      std::string file = id;
      std::replace(file.begin(), file.end(), '-', '_');
      CHECK(std::filesystem::exists(root / "tests/live" / (file + "_test.sh")));
    } else {
      CHECK(std::filesystem::exists(root / "tests/fixtures/rules" / (id + ".sql")));
    }
    const auto page = root / "docs/rules" / (id + ".md");
    REQUIRE(std::filesystem::exists(page));
    // Regenerate with: scripts/gen-rule-docs.sh
    CHECK(ReadFile(page) == rules::RuleDocPage(*info));
    for (const char* section :
         {"## What it does", "## Why it matters", "## Example", "## Fix", "## MySQL reference"}) {
      CHECK(info->doc.find(section) != std::string_view::npos);
    }
    CHECK(!info->summary.empty());
  }
}

TEST_CASE("rule options are read and echoed back", "[rules]") {
  rules::RuleOptions options;
  options.Set("deep-offset.max-offset", 500);
  for (const auto& entry : rules::Registry()) {
    if (entry.id != "deep-offset") continue;
    const auto rule = entry.make(options);
    const auto echoed = rule->options();
    REQUIRE(echoed.size() == 1);
    CHECK(echoed[0].first == "deep-offset.max-offset");
    CHECK(echoed[0].second == 500);
  }
}
