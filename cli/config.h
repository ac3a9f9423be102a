// The `.qadvisor.toml` configuration file of `qadvisor check`.
//
//   fail-on = "warning"          # error | warning | info
//   disable = ["select-star"]    # rule ids turned off
//   enable = ["unused-index"]    # rule ids turned on again (wins over disable)
//   [severity]
//   "back-to-table" = "warning"  # override a rule's severity
//   [options]
//   "deep-offset.max-offset" = 10000   # integer thresholds, "rule-id.option"
//   [schema]
//   flavor = "mariadb"           # mysql8 | mariadb
//   lower-case-table-names = 1   # 0 | 1 | 2
//
// Options may also be written as TOML tables: `deep-offset.max-offset = 10000` (a dotted key)
// or `[options.deep-offset]` with `max-offset = 10000` both name "deep-offset.max-offset".
//
// Strict by design, because a CI gate that silently ignores a misspelt key passes builds it
// should fail: an unknown key, a value of the wrong type, an unknown severity or flavour, a rule
// id or an option the rule registry does not know (rules::Registry() and each rule's
// options()) is an error naming file:line:column, with the nearest known name when one is
// close enough to be a typo.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/catalog.h"
#include "base/status.h"
#include "rules/finding.h"
#include "rules/rule.h"

namespace qadvisor::cli {

inline constexpr std::string_view kConfigFileName = ".qadvisor.toml";

struct Config {
  std::string path;  // the file read, as it was named (found files: the path found)
  std::optional<rules::Severity> fail_on;
  std::vector<std::string> disable;  // as written, in order
  std::vector<std::string> enable;
  std::map<std::string, rules::Severity> severity;  // rule id → severity
  rules::RuleOptions options;                       // "rule-id.option" → value
  std::optional<analyzer::Flavor> flavor;
  std::optional<int> lower_case_table_names;
  std::optional<double> min_share;  // percent, as --min-share
};

// Reads and checks the config file at `path`. Errors: NotFound / IoError when the file cannot
// be read, ParseError for TOML syntax, InvalidArgument for keys and values qadvisor does not
// accept; each message starts with "path:line:column: " where the file says more.
[[nodiscard]] Result<Config> LoadConfig(const std::string& path);

// The same over text already read; `path` only names the source in messages and Config::path.
[[nodiscard]] Result<Config> ParseConfig(std::string_view text, const std::string& path);

// Looks for .qadvisor.toml in `start` and its parents, and loads the first found. The search
// stops at the filesystem root, and after a directory holding `.git` (a repository's root:
// a config above it belongs to something else). No file found is not an error: nullopt.
[[nodiscard]] Result<std::optional<Config>> FindAndLoadConfig(const std::filesystem::path& start);

}  // namespace qadvisor::cli
