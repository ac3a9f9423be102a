// The rule fixtures: tests/fixtures/rules/<id>.sql, one per rule, run through the checker with
// only that rule enabled. Each statement of a fixture is preceded by what the rule must report
// for it, one comment per finding:
//
//   -- expect: leftmost-prefix orders.idx_country_status     (rule, table, and an index or column)
//   -- expect: implicit-conversion customers                 (rule and table)
//   -- expect: none                                          (the rule stays silent)
//
// Under an `expect` line, as clang-tidy's CHECK-MESSAGES and CHECK-FIXES pin theirs, a finding's
// message and fix:
//
//   -- message: is a leftmost prefix of                    (a part of the message)
//   -- fix (unsafe): ALTER TABLE `orders` DROP INDEX `i`;  (the whole fix, and that it is unsafe)
//   -- fix: ALTER TABLE `t` ADD INDEX `idx_a` (`a`);        (the whole fix, safe or advice)
//
// A fix of several lines is written on one, its line breaks and indentation as one space. Every
// fixture pins the message and the fix of at least one finding.
//
// A statement without an `expect` line is setup (schema, data) and may produce nothing for the
// rule. Optional header lines: `-- options: rule.option=value, …`, `-- flavor: mariadb` and
// `-- target: mariadb-10.11` (the server migrations run on, for the online-DDL rules).
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include "analyzer/catalog.h"
#include "base/ascii.h"
#include "parser/keywords.h"
#include "parser/splitter.h"
#include "rules/checker.h"

namespace {

using namespace qadvisor;

std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string Trim(std::string_view s) { return std::string(base::TrimSpace(s)); }

struct Expectation {
  std::string rule;
  std::string table;                   // may be empty
  std::string name;                    // index or column; may be empty
  uint32_t line;                       // of the comment
  std::optional<std::string> message;  // a part of the message (`-- message:`)
  std::optional<std::string> fix;      // the whole fix (`-- fix:` or `-- fix (unsafe):`)
  bool unsafe = false;                 // written `-- fix (unsafe):`
};

// The fix on one line: each line break and the white space around it as one space.
std::string OneLineFix(std::string_view fix) {
  std::string out;
  bool space = false;
  for (const char c : base::TrimSpace(fix)) {
    const bool white = c == ' ' || c == '\n' || c == '\t' || c == '\r';
    if (white) {
      space = true;
      continue;
    }
    if (space && !out.empty()) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

struct Case {
  uint32_t first_line, last_line;  // of the statement
  std::vector<Expectation> expected;
  bool checked = false;  // an expect line was written (possibly `none`)
  std::string text;
};

bool Matches(const Expectation& e, const rules::Finding& f) {
  if (e.rule != f.rule) return false;
  if (!e.table.empty() && !parser::EqualsIgnoreCase(e.table, f.table)) return false;
  if (e.message && f.message.find(*e.message) == std::string::npos) return false;
  if (e.fix) {
    if (OneLineFix(f.fix) != *e.fix) return false;
    if (e.unsafe != (rules::FixApplicability(f) == rules::Applicability::kUnsafe)) return false;
  }
  if (e.name.empty()) return true;
  if (parser::EqualsIgnoreCase(e.name, f.index)) return true;
  for (const std::string& c : f.columns) {
    if (parser::EqualsIgnoreCase(e.name, c)) return true;
  }
  return false;
}

void RunFixture(const std::filesystem::path& path) {
  const std::string rule = path.stem().string();
  const std::string text = ReadFile(path);
  INFO("fixture " << path.filename().string());
  REQUIRE(rules::FindRuleInfo(rule) != nullptr);

  rules::CheckerOptions options;
  options.only = {rule};
  analyzer::CatalogOptions catalog_options;
  // Header lines.
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.rfind("-- options:", 0) == 0) {
      std::stringstream list(line.substr(11));
      std::string item;
      while (std::getline(list, item, ',')) {
        const size_t eq = item.find('=');
        REQUIRE(eq != std::string::npos);
        options.options.Set(Trim(item.substr(0, eq)), std::stoll(item.substr(eq + 1)));
      }
    } else if (line.rfind("-- flavor: mariadb", 0) == 0) {
      catalog_options.flavor = analyzer::Flavor::kMariaDB;
    } else if (line.rfind("-- target: ", 0) == 0) {
      auto target = analyzer::ServerTarget::Parse(Trim(line.substr(11)));
      REQUIRE(target.ok());
      options.options.set_target(*target);
    }
  }

  // Statements and the expectations written above each.
  std::vector<Case> cases;
  bool pinned = false;  // a message or fix is pinned somewhere
  size_t previous_end = 0;
  for (const parser::StatementText& st : parser::SplitStatements(text)) {
    Case c;
    c.first_line = st.line;
    c.last_line = st.line + static_cast<uint32_t>(std::count(st.text.begin(), st.text.end(), '\n'));
    c.text = std::string(st.text.substr(0, 120));
    // Comments between the previous statement and this one, and leading ones inside its text.
    const std::string_view zone(text.data() + previous_end,
                                st.offset + st.text.size() - previous_end);
    uint32_t zone_line =
        1 + static_cast<uint32_t>(std::count(text.begin(), text.begin() + previous_end, '\n'));
    std::istringstream z{std::string(zone)};
    std::string zl;
    for (uint32_t l = zone_line; std::getline(z, zl); ++l) {
      if (const std::string_view pin = base::TrimSpace(zl); pin.starts_with("-- message:") ||
                                                            pin.starts_with("-- fix:") ||
                                                            pin.starts_with("-- fix (unsafe):")) {
        INFO("line " << l << ": " << zl);
        REQUIRE_FALSE(c.expected.empty());  // a pin belongs to the finding expected above it
        Expectation& e = c.expected.back();
        const size_t colon = pin.find(':');
        const std::string value = Trim(pin.substr(colon + 1));
        if (pin.starts_with("-- message:")) {
          e.message = value;
        } else {
          e.fix = OneLineFix(value);
          e.unsafe = pin.starts_with("-- fix (unsafe):");
        }
        pinned = true;
        continue;
      }
      const size_t at = zl.find("-- expect:");
      if (at == std::string::npos) continue;
      c.checked = true;
      std::istringstream words(zl.substr(at + 10));
      std::string id, target;
      words >> id >> target;
      if (id == "none") continue;
      Expectation e;
      e.rule = id;
      e.line = l;
      if (const size_t dot = target.find('.'); dot != std::string::npos) {
        e.table = target.substr(0, dot);
        e.name = target.substr(dot + 1);
      } else {
        e.table = target;
      }
      c.expected.push_back(e);
    }
    previous_end = st.offset + st.text.size();
    cases.push_back(std::move(c));
  }

  analyzer::Catalog catalog(catalog_options);
  rules::Checker checker(catalog, options);
  checker.CheckScript(path.filename().string(), text);
  const rules::Findings findings = checker.Finish();

  size_t checked = 0, firing = 0;
  std::vector<bool> used(findings.size(), false);
  for (const Case& c : cases) {
    if (!c.checked) continue;
    ++checked;
    if (!c.expected.empty()) ++firing;
    INFO("statement at line " << c.first_line << ": " << c.text);
    std::vector<const rules::Finding*> here;
    for (size_t i = 0; i < findings.size(); ++i) {
      const auto& f = findings[i];
      if (f.rule == rule && f.location.line >= c.first_line && f.location.line <= c.last_line) {
        here.push_back(&f);
        used[i] = true;
      }
    }
    std::string got;
    for (const auto* f : here) {
      got += "\n  " + f->rule + " " + f->table + " [" + f->index + "]: " + f->message;
      if (!f->fix.empty()) {
        got += std::string(rules::FixApplicability(*f) == rules::Applicability::kUnsafe
                               ? "\n    fix (unsafe): "
                               : "\n    fix: ") +
               OneLineFix(f->fix);
      }
    }
    INFO("findings:" << (got.empty() ? " none" : got));
    CHECK(here.size() == c.expected.size());
    for (const Expectation& e : c.expected) {
      INFO("expected (line "
           << e.line << "): " << e.rule << " " << e.table << "." << e.name
           << (e.message ? "\n  message containing: " + *e.message : "")
           << (e.fix ? std::string(e.unsafe ? "\n  fix (unsafe): " : "\n  fix: ") + *e.fix : ""));
      CHECK(std::any_of(here.begin(), here.end(),
                        [&](const rules::Finding* f) { return Matches(e, *f); }));
    }
  }
  // Every fixture has firing and silent cases, and pins what one finding says.
  CHECK(firing >= 1);
  CHECK(pinned);
  CHECK(checked - firing >= 1);
  // Findings outside any checked statement mean a case forgot its expectation.
  for (size_t i = 0; i < findings.size(); ++i) {
    if (findings[i].rule != rule || used[i]) continue;
    bool in_setup = false;
    for (const Case& c : cases) {
      in_setup = in_setup || (!c.checked && findings[i].location.line >= c.first_line &&
                              findings[i].location.line <= c.last_line);
    }
    INFO("unexpected finding at line " << findings[i].location.line << ": " << findings[i].message);
    CHECK(in_setup);
  }
}

}  // namespace

TEST_CASE("every rule fixture reports exactly what it expects", "[rules][fixtures]") {
  const std::filesystem::path dir =
      std::filesystem::path(QADVISOR_SOURCE_DIR) / "tests/fixtures/rules";
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() == ".sql") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  REQUIRE_FALSE(files.empty());
  for (const auto& file : files) {
    DYNAMIC_SECTION(file.filename().string()) { RunFixture(file); }
  }
}
