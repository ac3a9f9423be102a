// The rules against what a real server did: tests/data/explain/mariadb-10.11 holds, for
// each index trap, the query and MariaDB 10.11's EXPLAIN of it on 200 000 rows. Each case here
// says which rules must fire on the query and which must not, as the EXPLAIN shows (an index
// the plan could not use, an error 1267, a plan that is fine).
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "analyzer/catalog.h"
#include "rules/checker.h"

namespace {

using namespace qadvisor;

std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

const std::filesystem::path kDir =
    std::filesystem::path(QADVISOR_CORPUS_DIR) / "explain/mariadb-10.11";

// The query of a case file: its "-- query: …" line.
std::string QueryOf(const std::string& name) {
  std::istringstream in(ReadFile(kDir / name));
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("-- query: ", 0) == 0) return line.substr(10);
  }
  FAIL("no query in " << name);
  return {};
}

std::set<std::string> RulesFiring(const std::string& case_file) {
  analyzer::Catalog catalog({.flavor = analyzer::Flavor::kMariaDB});
  rules::CheckerOptions options;
  options.disable = {"unused-index"};  // one query is not a workload
  rules::Checker checker(catalog, options);
  checker.LoadSchema("00-schema.sql", ReadFile(kDir / "00-schema.sql"));
  checker.CheckScript(case_file, QueryOf(case_file) + ";\n");
  std::set<std::string> fired;
  for (const rules::Finding& f : checker.Finish()) {
    if (f.location.file == case_file) fired.insert(f.rule);
  }
  return fired;
}

struct Case {
  const char* file;
  std::set<std::string> fire;
  std::set<std::string> silent;
};

}  // namespace

TEST_CASE("rules agree with MariaDB's EXPLAIN of each index trap", "[corpus][rules]") {
  if (!std::filesystem::exists(kDir / "00-schema.sql")) {
    WARN("corpus not found at " << kDir.string());
    return;
  }
  const std::vector<Case> cases = {
      // type ALL, possible_keys idx_code, "Cannot use key … because of type conversion"
      {"01-implicit-conv-varchar-vs-int.txt", {"implicit-conversion"}, {"missing-index"}},
      // ref on idx_code
      {"02-implicit-conv-fixed-string-literal.txt", {}, {"implicit-conversion", "missing-index"}},
      // ref on idx_user: a numeric column with a quoted number is fine
      {"03-int-column-vs-string-literal-ok.txt", {}, {"implicit-conversion", "missing-index"}},
      // eq_ref on c.PRIMARY
      {"04-join-mb4-mb4-eq_ref.txt", {}, {"charset-mismatch-join", "implicit-conversion"}},
      // c: ALL + join buffer: the utf8mb3 key cannot be searched with utf8mb4 values
      {"05-join-mb4-to-mb3-inner-index-unusable.txt", {"charset-mismatch-join"}, {}},
      // o: ref on idx_code: the utf8mb3 side is read first and its values probe the utf8mb4
      // key, which stays usable; only a converted column that is looked up loses its index
      {"06-join-mb3-to-mb4-reverse-direction-ok.txt", {}, {"charset-mismatch-join"}},
      // error 1267: illegal mix of collations
      {"07-join-general_ci-vs-unicode_ci.txt", {"charset-mismatch-join"}, {}},
      {"07b-join-unicode_ci-driving-general_ci-inner-unusable.txt", {"charset-mismatch-join"}, {}},
      // the COLLATE makes one direction usable (07c: o, read first, is the converted side;
      // c is looked up by eq_ref), not the other (07b)
      {"07c-join-general_ci-driving-unicode_ci-inner-usable.txt", {}, {"charset-mismatch-join"}},
      // a _bin collation wins over _ci of the same charset (10.8.4): no error, and either
      // side's index is searched (eq_ref; ref with a recheck)
      {"08-join-general_ci-vs-bin.txt", {}, {"charset-mismatch-join", "implicit-conversion"}},
      {"08b-join-bin-driving-general_ci-inner-ref-plus-recheck.txt", {}, {"charset-mismatch-join"}},
      {"09-join-mb4-to-mb3-cset_narrowing-on.txt", {"charset-mismatch-join"}, {}},
      // type ALL: idx_abc cannot be searched without a
      {"10-composite-abc-where-b-c-not-used.txt", {"leftmost-prefix"}, {"back-to-table"}},
      // ref on idx_abc (a, b)
      {"11-composite-abc-where-a-b-used.txt", {}, {"leftmost-prefix", "missing-index"}},
      // type index: a full scan of the covering index, still no search
      {"12-composite-abc-where-b-c-covering-full-index-scan.txt", {"leftmost-prefix"}, {}},
      // ref on idx_abc, SELECT *: back-to-table is unavoidable with *, select-star's business
      {"13-noncovering-select-star-a.txt",
       {},
       {"back-to-table", "leftmost-prefix", "missing-index"}},
      // Using index
      {"14-covering-select-abc-id.txt", {}, {"back-to-table", "leftmost-prefix", "missing-index"}},
      // type ALL
      {"15-function-on-indexed-column.txt", {"function-on-column"}, {"missing-index"}},
      // type ALL
      {"16-leading-wildcard-like.txt", {"leading-wildcard"}, {"missing-index"}},
      // ref on idx_code: MariaDB searches the _ci index for an equality under the charset's
      // _bin collation and rechecks each row
      {"17-collate-bin-literal-ref-plus-recheck.txt", {}, {"implicit-conversion"}},
      // index (a full scan of idx_code): a range under _bin cannot be searched
      {"17b-collate-bin-range-index-unusable.txt", {"implicit-conversion"}, {}},
      // index: another _ci collation converts every value
      {"17c-collate-unicode-ci-literal-index-unusable.txt", {"implicit-conversion"}, {}},
  };
  for (const Case& c : cases) {
    INFO(c.file << ": " << QueryOf(c.file));
    const std::set<std::string> fired = RulesFiring(c.file);
    std::string list;
    for (const auto& r : fired) list += r + " ";
    INFO("fired: " << list);
    for (const auto& rule : c.fire) CHECK(fired.count(rule) == 1);
    for (const auto& rule : c.silent) CHECK(fired.count(rule) == 0);
  }
}
