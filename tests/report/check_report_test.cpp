#include "report/check_report.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <functional>
#include <nlohmann/json.hpp>
#include <set>

#include "rules/rule.h"
#include "tests/report/sarif_validator.h"

namespace qadvisor::report {
namespace {

using nlohmann::json;
using rules::Finding;
using rules::Severity;

constexpr rules::RuleInfo kImplicitConversion{
    .id = "implicit-conversion",
    .severity = Severity::kError,
    .scope = rules::Scope::kQuery,
    .summary = "a string column is compared with a number",
    .doc =
        "## What it does\n\nFinds string columns compared with numbers,\nwhich convert "
        "every row.\n\n## Why it matters\n\nThe index is unusable.\n"};
constexpr rules::RuleInfo kRedundantIndex{.id = "redundant-index",
                                          .severity = Severity::kInfo,
                                          .scope = rules::Scope::kSchema,
                                          .summary = "an index is a prefix of another",
                                          .doc = ""};
constexpr rules::RuleInfo kSelectStar{
    .id = "select-star",
    .severity = Severity::kWarning,
    .scope = rules::Scope::kQuery,
    .summary = "`SELECT *` on a wide table",
    .doc = "## What it does\n\nFlags `SELECT *` | all columns.\n"};

Finding MakeFinding(std::string rule, Severity severity, std::string message, std::string file,
                    uint32_t line, uint32_t column, uint32_t length) {
  Finding f;
  f.rule = std::move(rule);
  f.severity = severity;
  f.message = std::move(message);
  f.location.file = std::move(file);
  f.location.line = line;
  f.location.column = column;
  f.location.length = length;
  return f;
}

// Six findings as check would hand them over (sorted by file, line, column, rule): two
// without a file, a non-ASCII source line, a path with a space, a Windows path, a rule the
// list does not have, a repeated key, and quotes, backticks, pipes, '%', ',' and newlines.
CheckReport SampleReport() {
  CheckReport report;
  report.tool_version = "0.1.0";
  report.files = {"a b.sql", "./sql/q.sql", "sql\\win.sql"};
  report.statements = 12;
  report.suppressed_inline = 2;
  report.rules = {&kImplicitConversion, &kRedundantIndex, &kSelectStar};

  Finding redundant = MakeFinding("redundant-index", Severity::kInfo,
                                  "index `idx_a` is a prefix of `idx_a_b`", "", 0, 0, 0);
  redundant.table = "shop.orders";
  redundant.columns = {"a"};
  redundant.index = "idx_a";
  redundant.fix = "ALTER TABLE `shop`.`orders` DROP INDEX `idx_a`;";
  redundant.query_class = "2353A8C174E77D83";
  redundant.key = "k-redundant";
  report.findings.push_back(redundant);

  report.findings.push_back(
      MakeFinding("select-star", Severity::kWarning, "tables have `SELECT *` views", "", 0, 0, 0));

  Finding implicit = MakeFinding("implicit-conversion", Severity::kError,
                                 "`phone` is varchar(20) but compared with a number: the index "
                                 "\xE2\x80\x9Cidx_phone\xE2\x80\x9D "
                                 "is unusable",
                                 "./sql/q.sql", 2, 43, 15);
  implicit.table = "customers";
  implicit.columns = {"phone"};
  implicit.index = "idx_phone";
  implicit.fix = "compare with a string:\n  WHERE phone = '5551234'\n";
  // 'é' is two bytes, the emoji four bytes and two UTF-16 units: byte column 43 is code point
  // 39 and UTF-16 column 40.
  implicit.excerpt = "SELECT * FROM t WHERE name = '\xC3\xA9\xF0\x9F\x98\x80' AND phone = 5551234";
  implicit.key = "k-implicit";
  report.findings.push_back(implicit);

  Finding star = MakeFinding("select-star", Severity::kWarning, "`SELECT *` | \"wide\" table",
                             "a b.sql", 3, 8, 1);
  star.table = "orders";
  star.excerpt = "SELECT * FROM orders;\n";
  star.key = "k-star";
  report.findings.push_back(star);
  star.location.line = 9;
  star.location.column = 9;
  star.excerpt = "\tselect * from orders";
  report.findings.push_back(star);

  Finding odd = MakeFinding("not-registered", Severity::kInfo, "line one\nline two, 100% sure: a,b",
                            "sql\\win.sql", 5, 0, 0);
  odd.fix = "use `x` | y";
  odd.key = "k-odd";
  report.findings.push_back(odd);
  return report;
}

// --- helpers -------------------------------------------------------------------------------

TEST_CASE("SarifUri makes repository-relative URIs") {
  CHECK(SarifUri("a b.sql") == "a%20b.sql");
  CHECK(SarifUri("./sql/q.sql") == "sql/q.sql");
  CHECK(SarifUri("././/x.sql") == "x.sql");
  CHECK(SarifUri("sql\\win.sql") == "sql/win.sql");
  CHECK(SarifUri(".\\a.sql") == "a.sql");
  CHECK(SarifUri("caf\xC3\xA9.sql") == "caf%C3%A9.sql");
  CHECK(SarifUri("a#b?c%d:e[1]+f.sql") == "a%23b%3Fc%25d%3Ae%5B1%5D%2Bf.sql");
  CHECK(SarifUri("../up/x.sql") == "../up/x.sql");
  CHECK(SarifUri("/abs/p q.sql") == "file:///abs/p%20q.sql");
  CHECK(SarifUri("C:\\w\\x.sql") == "file:///C:/w/x.sql");
}

TEST_CASE("Utf16Column converts byte columns") {
  const std::string line =
      "a\xC3\xA9"
      "b\xF0\x9F\x98\x80"
      "c";  // a é b 😀 c
  CHECK(Utf16Column(line, 0) == 0);
  CHECK(Utf16Column(line, 1) == 1);         // a
  CHECK(Utf16Column(line, 2) == 2);         // é
  CHECK(Utf16Column(line, 4) == 3);         // b
  CHECK(Utf16Column(line, 5) == 4);         // 😀
  CHECK(Utf16Column(line, 9) == 6);         // c
  CHECK(Utf16Column(line, 10) == 7);        // just past the end
  CHECK(Utf16Column(line, 12) == 9);        // past the end: one unit a byte
  CHECK(Utf16Column("", 5) == 5);           // no excerpt: byte columns pass through
  CHECK(Utf16Column("\xFF\xFEx", 3) == 3);  // invalid bytes count one each
}

TEST_CASE("CamelCaseRuleName") {
  CHECK(CamelCaseRuleName("implicit-conversion") == "ImplicitConversion");
  CHECK(CamelCaseRuleName("dml-without-where") == "DmlWithoutWhere");
  CHECK(CamelCaseRuleName("x") == "X");
}

// --- text ----------------------------------------------------------------------------------

TEST_CASE("Check text output: findings like a compiler, then a summary") {
  const std::string expected =
      "<query class 2353A8C174E77D83>: info: index `idx_a` is a prefix of `idx_a_b` "
      "[redundant-index]\n"
      "  fix (unsafe): ALTER TABLE `shop`.`orders` DROP INDEX `idx_a`;\n"
      "\n"
      "-: warning: tables have `SELECT *` views [select-star]\n"
      "\n"
      "./sql/q.sql:2:43: error: `phone` is varchar(20) but compared with a number: the index "
      "\xE2\x80\x9Cidx_phone\xE2\x80\x9D is unusable [implicit-conversion]\n"
      "    SELECT * FROM t WHERE name = '\xC3\xA9\xF0\x9F\x98\x80' AND phone = 5551234\n"
      "    " +
      std::string(38, ' ') + "^" + std::string(14, '~') +
      "\n"
      "  fix: compare with a string:\n"
      "         WHERE phone = '5551234'\n"
      "\n"
      "a b.sql:3:8: warning: `SELECT *` | \"wide\" table [select-star]\n"
      "    SELECT * FROM orders;\n"
      "           ^\n"
      "\n"
      "a b.sql:9:9: warning: `SELECT *` | \"wide\" table [select-star]\n"
      "    \tselect * from orders\n"
      "    \t       ^\n"
      "\n"
      "sql\\win.sql:5: info: line one line two, 100% sure: a,b [not-registered]\n"
      "  fix: use `x` | y\n"
      "\n"
      "6 findings (1 error, 3 warnings, 2 infos) in 12 statements from 3 files "
      "(2 suppressed inline)\n";
  CHECK(RenderCheckText(SampleReport(), false) == expected);
}

TEST_CASE("Check text output: colour only when asked") {
  const CheckReport report = SampleReport();
  const std::string plain = RenderCheckText(report, false);
  CHECK(plain.find('\x1b') == std::string::npos);
  const std::string color = RenderCheckText(report, true);
  CHECK(color.find("\x1b[1m./sql/q.sql:2:43:\x1b[0m \x1b[1;31merror:\x1b[0m \x1b[1m`phone`") !=
        std::string::npos);
  CHECK(color.find("\x1b[1;33mwarning:\x1b[0m") != std::string::npos);
  CHECK(color.find("\x1b[1;36minfo:\x1b[0m") != std::string::npos);
  CHECK(color.find("\x1b[36m  fix: \x1b[0mcompare with a string:\n") != std::string::npos);
  CHECK(color.find("\x1b[1m    " + std::string(38, ' ') + "^" + std::string(14, '~') +
                   "\x1b[0m\n") != std::string::npos);
}

TEST_CASE("Check text output: control bytes from the input cannot drive the terminal") {
  CheckReport report;
  Finding f =
      MakeFinding("select-star", Severity::kWarning, "evil \x1b[2J message", "x\x1b.sql", 1, 3, 2);
  f.excerpt =
      "a\x1b"
      "bcd";
  f.fix = "fix \x07 bell\r\nsecond\r\n";
  report.findings.push_back(f);
  const std::string text = RenderCheckText(report, false);
  CHECK(text.find('\x1b') == std::string::npos);
  CHECK(text.find('\x07') == std::string::npos);
  CHECK(text.find('\r') == std::string::npos);
  CHECK(text ==
        "x?.sql:1:3: warning: evil ?[2J message [select-star]\n"
        "    a?bcd\n"
        "      ^~\n"
        "  fix: fix ? bell\n"
        "       second\n"
        "\n"
        "1 finding (0 errors, 1 warning, 0 infos) in 0 statements from 0 files\n");
}

TEST_CASE("Check text output: carets at and past the end of the line") {
  CheckReport report;
  Finding f = MakeFinding("r", Severity::kError, "m", "f.sql", 1, 4, 10);
  f.excerpt = "abc";
  report.findings.push_back(f);  // column just past the text: a caret, no tildes
  f.location.column = 2;         // a span running past the end: tildes to the end only
  report.findings.push_back(f);
  f.location.column = 0;  // no column: the line, no caret
  report.findings.push_back(f);
  const std::string text = RenderCheckText(report, false);
  CHECK(text ==
        "f.sql:1:4: error: m [r]\n    abc\n       ^\n\n"
        "f.sql:1:2: error: m [r]\n    abc\n     ^~\n\n"
        "f.sql:1: error: m [r]\n    abc\n\n"
        "3 findings (3 errors, 0 warnings, 0 infos) in 0 statements from 0 files\n");
}

TEST_CASE("Check text output: no findings") {
  CheckReport report;
  report.files = {"a.sql"};
  report.statements = 1;
  CHECK(RenderCheckText(report, false) == "no findings in 1 statement from 1 file\n");
  report.files.push_back("b.sql");
  report.statements = 3;
  report.suppressed_inline = 1;
  report.suppressed_baseline = 4;
  CHECK(RenderCheckText(report, false) ==
        "no findings in 3 statements from 2 files (1 suppressed inline, 4 suppressed by "
        "baseline)\n");
  report.suppressed_inline = 0;
  CHECK(RenderCheckText(report, true) ==
        "\x1b[1mno findings in 3 statements from 2 files (4 suppressed by baseline)\x1b[0m\n");
}

// --- JSON ----------------------------------------------------------------------------------

TEST_CASE("Check JSON output: the documented fields") {
  const json j = json::parse(RenderCheckJson(SampleReport()));
  CHECK(j["version"] == 1);
  CHECK(j["tool"] == json({{"name", "qadvisor"}, {"version", "0.1.0"}}));
  CHECK(j["files"] == json({"a b.sql", "./sql/q.sql", "sql\\win.sql"}));
  CHECK(j["statements"] == 12);
  CHECK(j["suppressed"] == json({{"inline", 2}, {"baseline", 0}, {"unchanged", 0}}));
  CHECK(j["summary"] == json({{"error", 1}, {"warning", 3}, {"info", 2}}));
  std::vector<std::string> top;
  for (const auto& [key, value] : j.items()) top.push_back(key);
  std::sort(top.begin(), top.end());
  CHECK(top == std::vector<std::string>{"files", "findings", "not_run", "online_ddl", "statements",
                                        "summary", "suppressed", "tool", "version"});
  CHECK(j["not_run"].is_null());
  CHECK(j["online_ddl"].is_null());  // no migration among the inputs

  const json& findings = j["findings"];
  REQUIRE(findings.size() == 6);
  for (const json& f : findings) {
    std::vector<std::string> keys;
    for (const auto& [key, value] : f.items()) keys.push_back(key);
    std::sort(keys.begin(), keys.end());
    CHECK(keys == std::vector<std::string>{"columns", "fix", "fix_applicability", "index", "key",
                                           "location", "message", "query_class", "rule", "severity",
                                           "table"});
    std::vector<std::string> location;
    for (const auto& [key, value] : f["location"].items()) location.push_back(key);
    std::sort(location.begin(), location.end());
    CHECK(location == std::vector<std::string>{"column", "file", "line"});
  }

  CHECK(findings[0] == json::parse(R"({
    "rule": "redundant-index", "severity": "info",
    "message": "index `idx_a` is a prefix of `idx_a_b`",
    "table": "shop.orders", "columns": ["a"], "index": "idx_a",
    "fix": "ALTER TABLE `shop`.`orders` DROP INDEX `idx_a`;", "fix_applicability": "unsafe",
    "location": {"file": null, "line": 0, "column": 0},
    "query_class": "2353A8C174E77D83", "key": "k-redundant"})"));
  CHECK(findings[1] == json::parse(R"({
    "rule": "select-star", "severity": "warning", "message": "tables have `SELECT *` views",
    "table": null, "columns": [], "index": null, "fix": null, "fix_applicability": null,
    "location": {"file": null, "line": 0, "column": 0}, "query_class": null, "key": ""})"));
  CHECK(findings[2]["severity"] == "error");
  CHECK(findings[2]["message"] ==
        "`phone` is varchar(20) but compared with a number: the index "
        "\xE2\x80\x9Cidx_phone\xE2\x80\x9D "
        "is unusable");
  CHECK(findings[2]["fix"] == "compare with a string:\n  WHERE phone = '5551234'\n");
  CHECK(findings[2]["fix_applicability"] == "display-only");  // advice, not SQL
  CHECK(findings[2]["location"] == json({{"file", "./sql/q.sql"}, {"line", 2}, {"column", 43}}));
  CHECK(findings[2]["columns"] == json({"phone"}));
  CHECK(findings[3]["message"] == "`SELECT *` | \"wide\" table");
  CHECK(findings[3]["location"]["file"] == "a b.sql");
  CHECK(findings[5]["message"] == "line one\nline two, 100% sure: a,b");
  CHECK(findings[5]["location"] == json({{"file", "sql\\win.sql"}, {"line", 5}, {"column", 0}}));
}

TEST_CASE("Check JSON output: invalid UTF-8 becomes U+FFFD, empty report is complete") {
  CheckReport report;
  report.findings.push_back(MakeFinding("r", Severity::kInfo, "bad \xFF byte", "f.sql", 1, 1, 0));
  json j = json::parse(RenderCheckJson(report));
  CHECK(j["findings"][0]["message"] == "bad \xEF\xBF\xBD byte");

  j = json::parse(RenderCheckJson(CheckReport{}));
  CHECK(j["findings"] == json::array());
  CHECK(j["files"] == json::array());
  CHECK(j["summary"] == json({{"error", 0}, {"warning", 0}, {"info", 0}}));
  CHECK(j["tool"]["version"] == "");
}

// --- SARIF ---------------------------------------------------------------------------------

std::string Problems(const json& sarif) {
  std::string out;
  for (const std::string& p : testing::ValidateSarifForGithub(sarif)) out += p + "\n";
  return out;
}

TEST_CASE("Check SARIF output passes the GitHub structure check") {
  const json sarif = json::parse(RenderCheckSarif(SampleReport()));
  CHECK(Problems(sarif) == "");
  CHECK(Problems(json::parse(RenderCheckSarif(CheckReport{}))) == "");
}

TEST_CASE("Check SARIF output: tool and rules") {
  const json sarif = json::parse(RenderCheckSarif(SampleReport()));
  CHECK(sarif["$schema"] == "https://json.schemastore.org/sarif-2.1.0.json");
  CHECK(sarif["version"] == "2.1.0");
  REQUIRE(sarif["runs"].size() == 1);
  const json& run = sarif["runs"][0];
  const json& driver = run["tool"]["driver"];
  CHECK(driver["name"] == "qadvisor");
  CHECK(driver["version"] == "0.1.0");
  CHECK(driver["semanticVersion"] == "0.1.0");
  CHECK(driver["informationUri"] == "https://github.com/qadvisor/qadvisor");
  CHECK(run["columnKind"] == "utf16CodeUnits");
  CHECK(run["originalUriBaseIds"].contains("%SRCROOT%"));
  const json& rules = driver["rules"];
  REQUIRE(rules.size() == 3);
  CHECK(rules[0] == json::parse(R"({
    "id": "implicit-conversion", "name": "ImplicitConversion",
    "shortDescription": {"text": "a string column is compared with a number"},
    "fullDescription": {"text": "Finds string columns compared with numbers, which convert every row."},
    "helpUri": "https://github.com/qadvisor/qadvisor/blob/main/docs/rules/implicit-conversion.md",
    "help": {"text": "## What it does\n\nFinds string columns compared with numbers,\nwhich convert every row.\n\n## Why it matters\n\nThe index is unusable.\n",
             "markdown": "## What it does\n\nFinds string columns compared with numbers,\nwhich convert every row.\n\n## Why it matters\n\nThe index is unusable.\n"},
    "defaultConfiguration": {"level": "error"},
    "properties": {"tags": ["sql", "performance", "query"]}})"));
  // No doc: the summary stands in; info is SARIF's "note".
  CHECK(rules[1]["fullDescription"]["text"] == "an index is a prefix of another");
  CHECK(rules[1]["help"]["markdown"] == "an index is a prefix of another");
  CHECK(rules[1]["defaultConfiguration"]["level"] == "note");
  CHECK(rules[1]["properties"]["tags"] == json({"sql", "performance", "schema"}));
  CHECK(rules[2]["name"] == "SelectStar");
  CHECK(rules[2]["fullDescription"]["text"] == "Flags `SELECT *` | all columns.");
}

TEST_CASE("Check SARIF output: fullDescription is the doc's first section as plain text") {
  static constexpr rules::RuleInfo kListed{
      .id = "listed",
      .severity = Severity::kWarning,
      .scope = rules::Scope::kQuery,
      .summary = "s",
      .doc =
          "# listed\n\n## What it does\n\nReports two cases,\n  wrapped:\n\n- one,\n  "
          "continued;\n- two.\n\n1. first\n2. second\n\nMore text.\n\n```sql\nSELECT 1;\n```"
          "\n\n## Why it matters\n\nIgnored.\n"};
  CheckReport report;
  report.rules = {&kListed};
  const json sarif = json::parse(RenderCheckSarif(report));
  CHECK(sarif["runs"][0]["tool"]["driver"]["rules"][0]["fullDescription"]["text"] ==
        "Reports two cases, wrapped:\n\n- one, continued;\n- two.\n\n1. first\n2. second\n\n"
        "More text.");
}

TEST_CASE("Check SARIF output: results") {
  const json sarif = json::parse(RenderCheckSarif(SampleReport()));
  const json& results = sarif["runs"][0]["results"];
  REQUIRE(results.size() == 6);

  // No file: the first input, line 1, and the query class in the message.
  CHECK(results[0] == json::parse(R"({
    "ruleId": "redundant-index", "ruleIndex": 1, "level": "note",
    "message": {"text": "index `idx_a` is a prefix of `idx_a_b`\nFix (unsafe): ALTER TABLE `shop`.`orders` DROP INDEX `idx_a`;\nQuery class: 2353A8C174E77D83"},
    "locations": [{"physicalLocation": {
      "artifactLocation": {"uri": "a%20b.sql", "uriBaseId": "%SRCROOT%"},
      "region": {"startLine": 1}}}],
    "partialFingerprints": {"qadvisorKey/v1": "k-redundant:1"},
    "properties": {"table": "shop.orders", "columns": ["a"], "index": "idx_a",
                   "queryClass": "2353A8C174E77D83",
                   "fix": "ALTER TABLE `shop`.`orders` DROP INDEX `idx_a`;",
                   "fixApplicability": "unsafe"}})"));
  // No key: no fingerprint (upload-sarif computes one).
  CHECK(results[1]["ruleIndex"] == 2);
  CHECK(results[1]["message"]["text"] == "tables have `SELECT *` views");
  CHECK_FALSE(results[1].contains("partialFingerprints"));
  CHECK(results[1]["properties"] == json::object());

  CHECK(results[2]["ruleId"] == "implicit-conversion");
  CHECK(results[2]["ruleIndex"] == 0);
  CHECK(results[2]["level"] == "error");
  CHECK(results[2]["message"]["text"] ==
        "`phone` is varchar(20) but compared with a number: the index "
        "\xE2\x80\x9Cidx_phone\xE2\x80\x9D "
        "is unusable\nFix: compare with a string:\n  WHERE phone = '5551234'");
  CHECK(results[2]["locations"][0]["physicalLocation"] == json::parse(R"({
    "artifactLocation": {"uri": "sql/q.sql", "uriBaseId": "%SRCROOT%"},
    "region": {"startLine": 2, "startColumn": 40, "endColumn": 55}})"));

  CHECK(results[3]["locations"][0]["physicalLocation"]["region"] ==
        json({{"startLine", 3}, {"startColumn", 8}, {"endColumn", 9}}));
  CHECK(results[3]["partialFingerprints"]["qadvisorKey/v1"] == "k-star:1");
  CHECK(results[4]["locations"][0]["physicalLocation"]["region"] ==
        json({{"startLine", 9}, {"startColumn", 9}, {"endColumn", 10}}));
  CHECK(results[4]["partialFingerprints"]["qadvisorKey/v1"] == "k-star:2");

  // A rule the list does not hold: ruleId, no ruleIndex.
  CHECK(results[5]["ruleId"] == "not-registered");
  CHECK_FALSE(results[5].contains("ruleIndex"));
  CHECK(results[5]["level"] == "note");
  CHECK(results[5]["message"]["text"] == "line one\nline two, 100% sure: a,b\nFix: use `x` | y");
  CHECK(results[5]["locations"][0]["physicalLocation"] == json::parse(R"({
    "artifactLocation": {"uri": "sql/win.sql", "uriBaseId": "%SRCROOT%"},
    "region": {"startLine": 5}})"));
}

TEST_CASE("Check SARIF output: absolute paths become file URIs without a base") {
  CheckReport report;
  report.findings.push_back(MakeFinding("r", Severity::kWarning, "m", "/src/x y.sql", 3, 1, 0));
  const json sarif = json::parse(RenderCheckSarif(report));
  CHECK(Problems(sarif) == "");
  CHECK(sarif["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"] ==
        json({{"uri", "file:///src/x%20y.sql"}}));
  CHECK_FALSE(sarif["runs"][0]["tool"]["driver"].contains("version"));
}

TEST_CASE("SARIF validator rejects what GitHub rejects") {
  const json good = json::parse(RenderCheckSarif(SampleReport()));
  REQUIRE(Problems(good) == "");
  const auto problems_after = [&good](const std::function<void(json&)>& change) {
    json doc = good;
    change(doc);
    return Problems(doc);
  };
  using Catch::Matchers::Contains;
  CHECK_THAT(problems_after([](json& d) { d["version"] = "2.0.0"; }), Contains("version"));
  CHECK_THAT(problems_after([](json& d) { d.erase("$schema"); }), Contains("$schema"));
  CHECK_THAT(problems_after([](json& d) { d["runs"] = json::array(); }), Contains("runs: "));
  CHECK_THAT(problems_after([](json& d) { d["runs"][0]["tool"]["driver"].erase("name"); }),
             Contains("runs[0].tool.driver.name"));
  CHECK_THAT(problems_after([](json& d) {
               d["runs"][0]["tool"]["driver"]["rules"][1].erase("shortDescription");
             }),
             Contains("rules[1].shortDescription.text"));
  CHECK_THAT(
      problems_after([](json& d) { d["runs"][0]["tool"]["driver"]["rules"][1].erase("id"); }),
      Contains("rules[1].id"));
  CHECK_THAT(problems_after([](json& d) {
               d["runs"][0]["tool"]["driver"]["rules"][1]["id"] = "implicit-conversion";
             }),
             Contains("appears twice"));
  CHECK_THAT(problems_after([](json& d) { d["runs"][0].erase("results"); }),
             Contains("runs[0].results"));
  CHECK_THAT(problems_after([](json& d) { d["runs"][0]["results"][2].erase("ruleId"); }),
             Contains("results[2].ruleId"));
  CHECK_THAT(problems_after([](json& d) { d["runs"][0]["results"][2]["message"]["text"] = ""; }),
             Contains("results[2].message.text"));
  CHECK_THAT(problems_after([](json& d) { d["runs"][0]["results"][2]["level"] = "info"; }),
             Contains("results[2].level"));
  CHECK_THAT(problems_after([](json& d) { d["runs"][0]["results"][2]["ruleIndex"] = 3; }),
             Contains("results[2].ruleIndex: 3 is not an index into the 3 rules"));
  CHECK_THAT(problems_after([](json& d) { d["runs"][0]["results"][2]["ruleIndex"] = 2; }),
             Contains("names rule \"select-star\", not \"implicit-conversion\""));
  CHECK_THAT(problems_after([](json& d) { d["runs"][0]["results"][2].erase("locations"); }),
             Contains("results[2].locations"));
  CHECK_THAT(problems_after([](json& d) {
               d["runs"][0]["results"][2]["locations"][0].erase("physicalLocation");
             }),
             Contains("no physicalLocation"));
  const auto physical = [](json& d) -> json& {
    return d["runs"][0]["results"][2]["locations"][0]["physicalLocation"];
  };
  CHECK_THAT(problems_after([&](json& d) { physical(d)["region"]["startLine"] = 0; }),
             Contains("region.startLine"));
  CHECK_THAT(problems_after([&](json& d) { physical(d)["region"].erase("startLine"); }),
             Contains("region.startLine"));
  CHECK_THAT(problems_after([&](json& d) { physical(d)["region"]["startColumn"] = 0; }),
             Contains("region.startColumn"));
  CHECK_THAT(problems_after([&](json& d) { physical(d)["region"]["endColumn"] = 39; }),
             Contains("region.endColumn"));
  CHECK_THAT(problems_after([&](json& d) { physical(d)["artifactLocation"]["uri"] = "./q.sql"; }),
             Contains("starts with ./"));
  CHECK_THAT(
      problems_after([&](json& d) { physical(d)["artifactLocation"]["uri"] = "sql\\q.sql"; }),
      Contains("backslash"));
  CHECK_THAT(problems_after([&](json& d) { physical(d)["artifactLocation"]["uri"] = "a b.sql"; }),
             Contains("unencoded"));
  CHECK_THAT(problems_after([&](json& d) { physical(d)["artifactLocation"]["uri"] = "/abs.sql"; }),
             Contains("absolute path"));
  CHECK_THAT(problems_after([&](json& d) {
               physical(d)["artifactLocation"]["uri"] = "https://example.com/q.sql";
             }),
             Contains("neither relative nor a file: URI"));
  CHECK_THAT(problems_after([&](json& d) {
               physical(d)["artifactLocation"]["uri"] = "file:///q.sql";  // keeps its uriBaseId
             }),
             Contains("uriBaseId: given for the absolute URI"));
  CHECK_THAT(
      problems_after([&](json& d) { physical(d)["artifactLocation"]["uriBaseId"] = "%NOPE%"; }),
      Contains("not in run.originalUriBaseIds"));
  CHECK_THAT(problems_after([&](json& d) { physical(d)["artifactLocation"].erase("uri"); }),
             Contains("artifactLocation.uri"));
  CHECK_THAT(problems_after([](json& d) {
               d["runs"][0]["results"][2]["partialFingerprints"]["qadvisorKey/v1"] = 7;
             }),
             Contains("partialFingerprints.qadvisorKey/v1: not a string"));
  CHECK_THAT(problems_after([](json& d) { d["runs"][0]["columnKind"] = "bytes"; }),
             Contains("columnKind"));
  CHECK(Problems(json::array()) == "top level: not an object\n");
}

// --- Markdown ------------------------------------------------------------------------------

TEST_CASE("Check Markdown output: summary and a table with escaped cells") {
  const std::string expected =
      "# qadvisor check\n"
      "\n"
      "6 findings (1 error, 3 warnings, 2 infos) in 12 statements from 3 files (2 suppressed "
      "inline).\n"
      "\n"
      "| Severity | Count |\n"
      "|---|---:|\n"
      "| error | 1 |\n"
      "| warning | 3 |\n"
      "| info | 2 |\n"
      "| **total** | **6** |\n"
      "\n"
      "## Findings\n"
      "\n"
      "| Severity | Rule | Location | Message | Fix |\n"
      "|---|---|---|---|---|\n"
      "| info | [`redundant-index`](docs/rules/redundant-index.md) | query class "
      "`2353A8C174E77D83` | index \\`idx\\_a\\` is a prefix of \\`idx\\_a\\_b\\` | "
      "**unsafe:** ``ALTER TABLE `shop`.`orders` DROP INDEX `idx_a`;`` |\n"
      "| warning | [`select-star`](docs/rules/select-star.md) | - | tables have \\`SELECT \\*\\` "
      "views |  |\n"
      "| error | [`implicit-conversion`](docs/rules/implicit-conversion.md) | ./sql/q.sql:2:43 | "
      "\\`phone\\` is varchar(20) but compared with a number: the index "
      "\xE2\x80\x9Cidx\\_phone\xE2\x80\x9D is unusable | `compare with a string:`<br>`  WHERE "
      "phone = '5551234'` |\n"
      "| warning | [`select-star`](docs/rules/select-star.md) | a b.sql:3:8 | \\`SELECT \\*\\` "
      "\\| \"wide\" table |  |\n"
      "| warning | [`select-star`](docs/rules/select-star.md) | a b.sql:9:9 | \\`SELECT \\*\\` "
      "\\| \"wide\" table |  |\n"
      "| info | [`not-registered`](docs/rules/not-registered.md) | sql\\\\win.sql:5 | line "
      "one<br>line two, 100% sure: a,b | ``use `x` \\| y`` |\n";
  CheckReport report = SampleReport();
  report.docs_url = "docs/rules/{rule}.md";  // relative links, as in this repository
  CHECK(RenderCheckMarkdown(report) == expected);
}

TEST_CASE("Check Markdown output: code spans around backticks, no findings") {
  CheckReport report;
  Finding f = MakeFinding("r|x", Severity::kError, "m", "f.sql", 1, 0, 0);
  f.fix = "`a``b`\n\n  \n c ";
  report.findings.push_back(f);
  report.docs_url = "docs/rules/";
  const std::string md = RenderCheckMarkdown(report);
  CHECK(md.find("| error | [`r\\|x`](docs/rules/r%7Cx.md) | f.sql:1 | m | ``` `a``b` ```<br>`  c  "
                "` |\n") != std::string::npos);

  CheckReport empty;
  empty.files = {"a.sql"};
  CHECK(RenderCheckMarkdown(empty) ==
        "# qadvisor check\n\nno findings in 0 statements from 1 file.\n\n"
        "| Severity | Count |\n|---|---:|\n| error | 0 |\n| warning | 0 |\n| info | 0 |\n"
        "| **total** | **0** |\n");
}

// --- GitHub workflow commands --------------------------------------------------------------

TEST_CASE("Check GitHub output: one escaped workflow command per finding") {
  const std::string expected =
      "::notice title=redundant-index::index `idx_a` is a prefix of `idx_a_b`%0AFix (unsafe): "
      "ALTER TABLE "
      "`shop`.`orders` DROP INDEX `idx_a`;%0AQuery class: 2353A8C174E77D83%0ARule: "
      "https://d.example/redundant-index\n"
      "::warning title=select-star::tables have `SELECT *` views%0ARule: "
      "https://d.example/select-star\n"
      "::error file=sql/q.sql,line=2,col=40,endColumn=54,title=implicit-conversion::`phone` is "
      "varchar(20) but compared with a number: the index \xE2\x80\x9Cidx_phone\xE2\x80\x9D is "
      "unusable%0AFix: compare with a string:%0A  WHERE phone = '5551234'%0ARule: "
      "https://d.example/implicit-conversion\n"
      "::warning file=a b.sql,line=3,col=8,endColumn=8,title=select-star::`SELECT *` | \"wide\" "
      "table%0ARule: https://d.example/select-star\n"
      "::warning file=a b.sql,line=9,col=9,endColumn=9,title=select-star::`SELECT *` | \"wide\" "
      "table%0ARule: https://d.example/select-star\n"
      "::notice file=sql/win.sql,line=5,title=not-registered::line one%0Aline two, 100%25 sure: "
      "a,b%0AFix: use `x` | y%0ARule: https://d.example/not-registered\n";
  CheckReport report = SampleReport();
  report.docs_url = "https://d.example/{rule}";
  CHECK(RenderCheckGithub(report) == expected);
}

TEST_CASE("Check GitHub output: properties escape ':' and ','") {
  CheckReport report;
  Finding f = MakeFinding("a:b,c", Severity::kWarning, "50%\r\n", "d:/x,y%.sql", 1, 0, 0);
  report.findings.push_back(f);
  report.docs_url = "u/";
  CHECK(
      RenderCheckGithub(report) ==
      "::warning file=d%3A/x%2Cy%25.sql,line=1,title=a%3Ab%2Cc::50%25%0D%0A%0ARule: u/a:b,c.md\n");
  CHECK(RenderCheckGithub(CheckReport{}) == "");
}

// --- CI: rule links, root paths, Code Quality, SARIF fixes ---------------------------------

TEST_CASE("Check output: rule links follow docs_url") {
  CheckReport report;
  CHECK(RuleDocUrl(report, "select-star").ends_with("/docs/rules/select-star.md"));
  report.docs_url = "https://x.example/r";
  CHECK(RuleDocUrl(report, "select-star") == "https://x.example/r/select-star.md");
  report.docs_url = "https://x.example/{rule}.html#top";
  CHECK(RuleDocUrl(report, "select-star") == "https://x.example/select-star.html#top");
}

TEST_CASE("Check Code Quality output: GitLab's fields, root paths, unique fingerprints") {
  CheckReport report = SampleReport();
  report.root_paths["a b.sql"] = "sub/a b.sql";
  const json j = json::parse(RenderCheckCodeClimate(report));
  REQUIRE(j.is_array());
  REQUIRE(j.size() == report.findings.size());
  std::set<std::string> fingerprints;
  for (const json& issue : j) {
    CHECK(issue["type"] == "issue");
    CHECK(issue["check_name"].is_string());
    CHECK(issue["description"].is_string());
    CHECK(issue["location"]["path"].is_string());
    CHECK(issue["location"]["lines"]["begin"].get<int>() >= 1);
    fingerprints.insert(issue["fingerprint"].get<std::string>());
  }
  CHECK(fingerprints.size() == j.size());
  CHECK(j[2]["severity"] == "major");  // the error
  CHECK(j[1]["severity"] == "minor");  // a warning
  CHECK(j[0]["severity"] == "info");
  CHECK(j[3]["location"]["path"] == "sub/a b.sql");
  CHECK(j[2]["location"]["path"] == "sql/q.sql");  // "./sql/q.sql", normalized
  CHECK(RenderCheckCodeClimate(CheckReport{}) == "[]\n");
}

TEST_CASE("Check SARIF output: a replacement is a fix, the root is %SRCROOT%") {
  CheckReport report;
  report.files = {"q.sql"};
  report.source_root = "file:///repo/";
  report.root_paths["q.sql"] = "app/q.sql";
  Finding f = MakeFinding("implicit-conversion", Severity::kError, "m", "q.sql", 1, 10, 3);
  f.excerpt = "WHERE é = 555";
  rules::Replacement& r = f.replacement.emplace();
  r.location = f.location;
  r.location.column = 12;
  r.text = "'555'";
  r.line = f.excerpt;
  report.findings.push_back(f);
  const json j = json::parse(RenderCheckSarif(report));
  const json& run = j["runs"][0];
  CHECK(run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == "file:///repo/");
  const json& result = run["results"][0];
  CHECK(result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "app/q.sql");
  const json& change = result["fixes"][0]["artifactChanges"][0];
  CHECK(change["artifactLocation"]["uri"] == "app/q.sql");
  CHECK(change["artifactLocation"]["uriBaseId"] == "%SRCROOT%");
  const json& replacement = change["replacements"][0];
  // 'é' is two bytes, one UTF-16 unit: byte columns 12..15 are units 11..14.
  CHECK(replacement["deletedRegion"] ==
        json({{"startLine", 1}, {"startColumn", 11}, {"endColumn", 14}}));
  CHECK(replacement["insertedContent"]["text"] == "'555'");

  REQUIRE(Problems(j) == "");
  using Catch::Matchers::Contains;
  json bad = j;
  bad["runs"][0]["results"][0]["fixes"][0]["artifactChanges"][0]["replacements"][0]["deletedRegion"]
     ["startLine"] = 0;
  CHECK_THAT(Problems(bad), Contains("replacements[0].deletedRegion.startLine"));
  bad = j;
  bad["runs"][0]["results"][0]["fixes"][0]["artifactChanges"] = json::array();
  CHECK_THAT(Problems(bad), Contains("fixes[0].artifactChanges"));
  bad = j;
  bad["runs"][0]["originalUriBaseIds"]["%SRCROOT%"]["uri"] = "file:///repo";
  CHECK_THAT(Problems(bad), Contains("not an absolute URI ending in /"));

  report.findings[0].query_class = "2353A8C174E77D83";  // a slow log's: no edit of the log
  CHECK(!json::parse(RenderCheckSarif(report))["runs"][0]["results"][0].contains("fixes"));
}

TEST_CASE("Check output: rules that did not run for want of a schema are said in every format") {
  CheckReport report;
  report.files = {"q.sql"};
  report.statements = 1;
  report.not_run.reason = "no schema was given (--schema FILE or --dsn DSN)";
  report.not_run.rules = {"implicit-conversion", "missing-index"};
  const json j = json::parse(RenderCheckJson(report));
  CHECK(j["not_run"] == json({{"reason", "no schema was given (--schema FILE or --dsn DSN)"},
                              {"rules", {"implicit-conversion", "missing-index"}}}));
  const std::string text = RenderCheckText(report, false);
  CHECK(text.find("note: no schema was given (--schema FILE or --dsn DSN): 2 rules that need one "
                  "did not run: implicit-conversion, missing-index") != std::string::npos);
  CHECK(text.find("no findings in 1 statement from 1 file; 2 rules did not run: no schema was "
                  "given") != std::string::npos);
  CHECK(RenderCheckMarkdown(report).find("> **Note:** no schema was given") != std::string::npos);
}

TEST_CASE("Check output: the online DDL of every migration operation, in text, JSON and Markdown") {
  CheckReport report;
  report.files = {"m.sql"};
  report.statements = 2;
  report.target = "mariadb-10.11";
  analyzer::OnlineDdl copy{analyzer::Algorithm::kCopy, analyzer::DdlLock::kShared, true, "LIVE"};
  analyzer::OnlineDdl instant{analyzer::Algorithm::kInstant, analyzer::DdlLock::kNone, false, "KB"};
  const auto step = [&](uint32_t line, std::string what, std::string operation,
                        std::optional<analyzer::OnlineDdl> ddl) {
    rules::MigrationStep s;
    s.location.file = "m.sql";
    s.location.line = line;
    s.location.column = 20;
    s.table = "orders";
    s.what = std::move(what);
    s.operation = std::move(operation);
    s.ddl = std::move(ddl);
    report.migration.push_back(std::move(s));
  };
  step(1, "ADD COLUMN `note`", "add-column", instant);
  step(2, "MODIFY `total`", "change-column-type", copy);
  step(3, "ADD PARTITION (PARTITION p1)", "", std::nullopt);
  CHECK(RenderCheckText(report, false) ==
        "Online DDL on mariadb-10.11:\n"
        "  m.sql:1: ADD COLUMN `note` on `orders`: ALGORITHM=INSTANT, LOCK=NONE\n"
        "  m.sql:2: MODIFY `total` on `orders`: ALGORITHM=COPY, LOCK=SHARED, rebuilds the table\n"
        "  m.sql:3: ADD PARTITION (PARTITION p1) on `orders`: not in qadvisor's online-DDL table\n"
        "\n"
        "no findings in 2 statements from 1 file\n");
  const json j = json::parse(RenderCheckJson(report));
  CHECK(j["online_ddl"]["target"] == "mariadb-10.11");
  REQUIRE(j["online_ddl"]["operations"].size() == 3);
  CHECK(j["online_ddl"]["operations"][1] == json::parse(R"({
    "location": {"file": "m.sql", "line": 2, "column": 20}, "table": "orders",
    "statement": "MODIFY `total`", "operation": "change-column-type", "algorithm": "COPY",
    "lock": "SHARED", "rebuilds_table": true, "source": "LIVE", "refused": null})"));
  CHECK(j["online_ddl"]["operations"][2]["operation"].is_null());
  CHECK(j["online_ddl"]["operations"][2]["algorithm"].is_null());
  const std::string md = RenderCheckMarkdown(report);
  CHECK(md.find("## Online DDL on mariadb-10.11") != std::string::npos);
  CHECK(md.find("| m.sql:2 | `orders` |") != std::string::npos);
  CHECK(md.find("| COPY | SHARED | yes |") != std::string::npos);
}

}  // namespace
}  // namespace qadvisor::report
