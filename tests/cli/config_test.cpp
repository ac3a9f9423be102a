#include "cli/config.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <random>

namespace qadvisor::cli {
namespace {

namespace fs = std::filesystem;
using rules::Severity;

// A fresh directory under the system temporary directory, removed with everything in it.
class TempDir {
 public:
  TempDir() {
    std::random_device random;
    path_ = fs::temp_directory_path() /
            ("qadvisor-config-test-" + std::to_string(random()) + std::to_string(random()));
    fs::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const fs::path& path() const { return path_; }

  // Creates the file (and its directories) holding `text`; returns its path.
  fs::path Write(const fs::path& relative, std::string_view text) const {
    const fs::path file = path_ / relative;
    fs::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << text;
    return file;
  }
  fs::path MakeDir(const fs::path& relative) const {
    fs::create_directories(path_ / relative);
    return path_ / relative;
  }

 private:
  fs::path path_;
};

Config Parse(std::string_view text) {
  Result<Config> config = ParseConfig(text, "cfg.toml");
  INFO(config.status().message());
  REQUIRE(config.ok());
  return std::move(config).value();
}

// The error message ParseConfig gives for `text`, which must not parse.
std::string Error(std::string_view text, StatusCode code = StatusCode::kInvalidArgument) {
  Result<Config> config = ParseConfig(text, "cfg.toml");
  REQUIRE_FALSE(config.ok());
  CHECK(config.status().code() == code);
  return config.status().message();
}

TEST_CASE("Config: every setting of the documented example") {
  const Config config = Parse(R"toml(
fail-on = "warning"          # error | warning | info
disable = ["select-star"]    # rule ids turned off
enable = ["unused-index"]    # rule ids turned on again (wins over disable)
[severity]
"back-to-table" = "warning"  # override a rule's severity
[options]
"deep-offset.max-offset" = 10000   # integer thresholds, "rule-id.option"
[schema]
flavor = "mariadb"           # mysql8 | mariadb
lower-case-table-names = 1
)toml");
  CHECK(config.path == "cfg.toml");
  REQUIRE(config.fail_on.has_value());
  CHECK(*config.fail_on == Severity::kWarning);
  CHECK(config.disable == std::vector<std::string>{"select-star"});
  CHECK(config.enable == std::vector<std::string>{"unused-index"});
  CHECK(config.severity == std::map<std::string, Severity>{{"back-to-table", Severity::kWarning}});
  CHECK(config.options.values().size() == 1);
  CHECK(config.options.values().at("deep-offset.max-offset") == 10000);
  CHECK(config.flavor == analyzer::Flavor::kMariaDB);
  CHECK(config.lower_case_table_names == 1);
}

TEST_CASE("Config: an empty file sets nothing") {
  const Config config = Parse("# nothing here\n");
  CHECK_FALSE(config.fail_on.has_value());
  CHECK(config.disable.empty());
  CHECK(config.enable.empty());
  CHECK(config.severity.empty());
  CHECK(config.options.values().empty());
  CHECK_FALSE(config.flavor.has_value());
  CHECK_FALSE(config.lower_case_table_names.has_value());
}

TEST_CASE("Config: values of every kind") {
  const Config config = Parse(R"toml(
fail-on = "info"
disable = []
enable = ["select-star", "deep-offset", "select-star"]
severity = { select-star = "error", "deep-offset" = "info" }
[schema]
flavor = "mysql8"
lower-case-table-names = 0
)toml");
  CHECK(*config.fail_on == Severity::kInfo);
  CHECK(config.enable == std::vector<std::string>{"select-star", "deep-offset", "select-star"});
  CHECK(config.severity == std::map<std::string, Severity>{{"select-star", Severity::kError},
                                                           {"deep-offset", Severity::kInfo}});
  CHECK(config.flavor == analyzer::Flavor::kMySQL8);
  CHECK(config.lower_case_table_names == 0);
}

TEST_CASE("Config: options as quoted keys, dotted keys or a table per rule") {
  const Config config = Parse(R"toml(
[options]
"deep-offset.max-offset" = 10000
select-star.max-columns = 8
[options.too-many-indexes]
max = -1
)toml");
  const auto& values = config.options.values();
  CHECK(values.size() == 3);
  CHECK(values.at("deep-offset.max-offset") == 10000);
  CHECK(values.at("select-star.max-columns") == 8);
  CHECK(values.at("too-many-indexes.max") == -1);
}

TEST_CASE("Config: unknown keys are errors with their position") {
  CHECK(Error("fail_on = \"error\"\n") ==
        "cfg.toml:1:1: unknown key `fail_on` (expected fail-on, disable, enable, min-share, "
        "[severity], "
        "[options] or [schema])");
  CHECK(Error("\n[rules]\nx = 1\n") ==
        "cfg.toml:2:2: unknown key `rules` (expected fail-on, disable, enable, min-share, "
        "[severity], "
        "[options] or [schema])");
  CHECK(Error("[schema]\nflavour = \"mariadb\"\n") ==
        "cfg.toml:2:1: [schema]: unknown key `flavour` (expected flavor or "
        "lower-case-table-names)");
}

TEST_CASE("Config: min-share is a percentage, whole or not") {
  CHECK(Parse("min-share = 1.5\n").min_share == 1.5);
  CHECK(Parse("min-share = 2\n").min_share == 2.0);
  CHECK_FALSE(Parse("").min_share.has_value());
  CHECK(Error("min-share = 200") == "cfg.toml:1:13: min-share must be a percentage from 0 to 100");
  CHECK(Error("min-share = -1") == "cfg.toml:1:13: min-share must be a percentage from 0 to 100");
  CHECK(Error("min-share = \"1%\"") ==
        "cfg.toml:1:13: min-share must be a percentage from 0 to 100");
}

TEST_CASE("Config: wrong types and bad values are errors with their position") {
  CHECK(Error("fail-on = \"fatal\"") ==
        "cfg.toml:1:11: fail-on must be \"error\", \"warning\" or \"info\", not \"fatal\"");
  CHECK(Error("fail-on = \"Warning\"") ==
        "cfg.toml:1:11: fail-on must be \"error\", \"warning\" or \"info\", not \"Warning\"");
  CHECK(Error("fail-on = 2") ==
        "cfg.toml:1:11: fail-on must be \"error\", \"warning\" or \"info\", not an integer");
  CHECK(Error("disable = \"select-star\"") ==
        "cfg.toml:1:11: disable must be an array of rule ids, not a string");
  CHECK(Error("enable = [\"select-star\", 1]") ==
        "cfg.toml:1:26: enable must hold rule ids as strings, not an integer");
  CHECK(Error("enable = [\"select-star\", \"\"]") == "cfg.toml:1:26: enable: empty rule id");
  CHECK(Error("severity = \"warning\"") ==
        "cfg.toml:1:12: [severity] must be a table, not a string");
  CHECK(Error("[severity]\n\"back-to-table\" = \"loud\"") ==
        "cfg.toml:2:19: severity of `back-to-table` must be \"error\", \"warning\" or \"info\", "
        "not \"loud\"");
  CHECK(Error("[severity]\nx = true") ==
        "cfg.toml:2:5: severity of `x` must be \"error\", \"warning\" or \"info\", not a boolean");
  CHECK(Error("[options]\n\"x.y\" = \"10\"") ==
        "cfg.toml:2:9: [options]: `x.y` must be an integer, not a string");
  CHECK(Error("[options]\n\"x.y\" = 1.5") ==
        "cfg.toml:2:9: [options]: `x.y` must be an integer, not a float");
  CHECK(Error("[options]\nmax-offset = 10") ==
        "cfg.toml:2:1: [options]: `max-offset` must be named \"rule-id.option\"");
  CHECK(Error("[options]\n\"a.b.c\" = 1") ==
        "cfg.toml:2:1: [options]: `a.b.c` must be named \"rule-id.option\"");
  CHECK(Error("[options]\n\".b\" = 1") ==
        "cfg.toml:2:1: [options]: `.b` must be named \"rule-id.option\"");
  CHECK(Error("[options]\ndeep-offset.max-offset.c = 1") ==
        "cfg.toml:2:13: [options]: `deep-offset.max-offset` must be an integer, not a table");
  CHECK(
      Error("[options]\n\"deep-offset.max-offset\" = 1\n[options.deep-offset]\nmax-offset = 2\n") ==
      "cfg.toml:2:1: [options]: `deep-offset.max-offset` is set twice");
  CHECK(Error("[[schema]]\nflavor = \"mariadb\"") ==
        "cfg.toml:1:1: [schema] must be a table, not an array");
  CHECK(Error("[schema]\nflavor = \"postgres\"") ==
        "cfg.toml:2:10: [schema] flavor must be \"mysql8\" or \"mariadb\", not \"postgres\"");
  CHECK(Error("[schema]\nflavor = 8") ==
        "cfg.toml:2:10: [schema] flavor must be \"mysql8\" or \"mariadb\", not an integer");
  CHECK(Error("[schema]\nlower-case-table-names = 3") ==
        "cfg.toml:2:26: [schema] lower-case-table-names must be 0, 1 or 2, not 3");
  CHECK(Error("[schema]\nlower-case-table-names = \"1\"") ==
        "cfg.toml:2:26: [schema] lower-case-table-names must be 0, 1 or 2, not a string");
}

TEST_CASE("Config: rule ids and options the registry lacks are errors with their position") {
  // A misspelt option: the nearest known one is suggested.
  CHECK(Error("[options]\n\"deep-offset.max-ofset\" = 5\n") ==
        "cfg.toml:2:1: [options]: unknown option `deep-offset.max-ofset` (did you mean "
        "`deep-offset.max-offset`?)");
  CHECK(Error("[options]\ndeep-offset.max-ofset = 5\n") ==
        "cfg.toml:2:13: [options]: unknown option `deep-offset.max-ofset` (did you mean "
        "`deep-offset.max-offset`?)");
  CHECK(Error("[options.deep-offset]\nmax_offset = 5\n") ==
        "cfg.toml:2:1: [options]: unknown option `deep-offset.max_offset` (did you mean "
        "`deep-offset.max-offset`?)");
  CHECK(Error("[options]\n\"select-star.min-columns\" = 5\n") ==
        "cfg.toml:2:1: [options]: unknown option `select-star.min-columns` (did you mean "
        "`select-star.max-columns`?)");
  // Nothing near: where to look instead.
  CHECK(Error("[options]\n\"deep-offset.page-size\" = 5\n") ==
        "cfg.toml:2:1: [options]: unknown option `deep-offset.page-size` (`qadvisor rules` lists "
        "the options of each rule)");
  CHECK(Error("[options]\n\"unknown-table.max\" = 5\n") ==
        "cfg.toml:2:1: [options]: unknown option `unknown-table.max` (`qadvisor rules` lists the "
        "options of each rule)");
  // An option of a rule that does not exist names the rule.
  CHECK(Error("[options]\n\"dep-offset.max-offset\" = 5\n") ==
        "cfg.toml:2:1: [options]: `dep-offset.max-offset`: unknown rule id `dep-offset` (did you "
        "mean `deep-offset`?)");
  CHECK(Error("\n[options.wide-index]\nmax-bytes = 3072\n") ==
        "cfg.toml:2:10: [options]: unknown rule id `wide-index` (`qadvisor rules` lists them)");
  // Rule ids in disable, enable and [severity]: the line of the id itself.
  CHECK(Error("disable = [\"select-star\",\n  \"nope\"]\n") ==
        "cfg.toml:2:3: disable: unknown rule id `nope` (`qadvisor rules` lists them)");
  CHECK(Error("enable = [\"selectstar\"]\n") ==
        "cfg.toml:1:11: enable: unknown rule id `selectstar` (did you mean `select-star`?)");
  CHECK(Error("fail-on = \"error\"\n[severity]\n\"back-to-tabel\" = \"info\"\n") ==
        "cfg.toml:3:1: [severity]: unknown rule id `back-to-tabel` (did you mean "
        "`back-to-table`?)");
  // Every option a rule echoes back is accepted.
  const Config config = Parse(R"toml(
[options]
"deep-offset.max-offset" = 1
"select-star.max-columns" = 2
"too-many-indexes.max" = 3
)toml");
  CHECK(config.options.values().size() == 3);
}

TEST_CASE("Config: TOML syntax errors name the line") {
  const std::string missing_value = Error("\nfail-on = \n", StatusCode::kParseError);
  CHECK_THAT(missing_value, Catch::StartsWith("cfg.toml:2:"));
  const std::string duplicate =
      Error("fail-on = \"error\"\nfail-on = \"info\"\n", StatusCode::kParseError);
  CHECK_THAT(duplicate, Catch::StartsWith("cfg.toml:2:"));
  CHECK_THAT(Error("[schema\n", StatusCode::kParseError), Catch::StartsWith("cfg.toml:1:"));
  CHECK_THAT(Error(std::string_view("a = \"\xFF\"\n"), StatusCode::kParseError),
             Catch::StartsWith("cfg.toml:1:"));
}

TEST_CASE("LoadConfig reads a file, and says why it cannot") {
  TempDir dir;
  const fs::path file = dir.Write("my config.toml", "fail-on = \"error\"\n");
  Result<Config> config = LoadConfig(file.string());
  REQUIRE(config.ok());
  CHECK(config->path == file.string());
  CHECK(config->fail_on == Severity::kError);

  const fs::path bad = dir.Write("bad.toml", "\n\nfail-on = \"never\"\n");
  config = LoadConfig(bad.string());
  REQUIRE_FALSE(config.ok());
  CHECK(config.status().message() ==
        bad.string() + ":3:11: fail-on must be \"error\", \"warning\" or \"info\", not \"never\"");

  config = LoadConfig((dir.path() / "missing.toml").string());
  REQUIRE_FALSE(config.ok());
  CHECK(config.status().code() == StatusCode::kNotFound);
  CHECK(config.status().message() ==
        (dir.path() / "missing.toml").string() + ": config file not found");

  config = LoadConfig(dir.path().string());
  REQUIRE_FALSE(config.ok());
  CHECK(config.status().code() == StatusCode::kIoError);
}

TEST_CASE("FindAndLoadConfig looks upwards to the repository root") {
  TempDir dir;
  // dir/.qadvisor.toml             (above the repository: never read from inside it)
  // dir/repo/.git/
  // dir/repo/.qadvisor.toml
  // dir/repo/a/.qadvisor.toml
  // dir/repo/a/b/c/
  // dir/repo/empty/x/
  // dir/bare/.git/ (no config)
  // dir/worktree/.git (a file)
  dir.Write(".qadvisor.toml", "fail-on = \"info\"\n");
  dir.MakeDir("repo/.git");
  const fs::path repo_config = dir.Write("repo/.qadvisor.toml", "fail-on = \"error\"\n");
  const fs::path a_config = dir.Write("repo/a/.qadvisor.toml", "fail-on = \"warning\"\n");
  const fs::path deep = dir.MakeDir("repo/a/b/c");
  const fs::path other = dir.MakeDir("repo/empty/x");
  const fs::path bare = dir.MakeDir("bare/.git").parent_path();
  dir.Write("worktree/.git", "gitdir: /somewhere/else\n");
  const fs::path worktree = dir.MakeDir("worktree/sub");

  SECTION("the nearest file wins") {
    Result<std::optional<Config>> found = FindAndLoadConfig(deep);
    REQUIRE(found.ok());
    REQUIRE(found->has_value());
    CHECK((*found)->path == a_config.string());
    CHECK((*found)->fail_on == Severity::kWarning);
    // A trailing slash, and the directory holding the file itself.
    found = FindAndLoadConfig(deep.string() + "/");
    REQUIRE(found.ok());
    REQUIRE(found->has_value());
    CHECK((*found)->path == a_config.string());
    found = FindAndLoadConfig(dir.path() / "repo" / "a");
    REQUIRE(found.ok());
    REQUIRE(found->has_value());
    CHECK((*found)->path == a_config.string());
  }
  SECTION("climbing to the repository root") {
    Result<std::optional<Config>> found = FindAndLoadConfig(other);
    REQUIRE(found.ok());
    REQUIRE(found->has_value());
    CHECK((*found)->path == repo_config.string());
    CHECK((*found)->fail_on == Severity::kError);
  }
  SECTION("a relative start") {
    const fs::path relative = fs::relative(other, fs::current_path());
    Result<std::optional<Config>> found = FindAndLoadConfig(relative);
    REQUIRE(found.ok());
    REQUIRE(found->has_value());
    CHECK(fs::equivalent((*found)->path, repo_config));
  }
  SECTION("not past a directory holding .git") {
    Result<std::optional<Config>> found = FindAndLoadConfig(bare);
    REQUIRE(found.ok());
    CHECK_FALSE(found->has_value());
    found = FindAndLoadConfig(worktree);  // .git as a file, as in worktrees and submodules
    REQUIRE(found.ok());
    CHECK_FALSE(found->has_value());
  }
  SECTION("outside any repository: up to the file above") {
    const fs::path loose = dir.MakeDir("loose/y");
    Result<std::optional<Config>> found = FindAndLoadConfig(loose);
    REQUIRE(found.ok());
    REQUIRE(found->has_value());
    CHECK((*found)->path == (dir.path() / ".qadvisor.toml").string());
  }
  SECTION("a broken file found is an error, not skipped") {
    dir.Write("repo/a/b/.qadvisor.toml", "fail-on = \"sometimes\"\n");
    Result<std::optional<Config>> found = FindAndLoadConfig(deep);
    REQUIRE_FALSE(found.ok());
    CHECK_THAT(found.status().message(),
               Catch::StartsWith((dir.path() / "repo/a/b/.qadvisor.toml").string() + ":1:11: "));
  }
}

}  // namespace
}  // namespace qadvisor::cli
