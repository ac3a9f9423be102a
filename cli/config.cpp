#include "cli/config.h"

#include <fmt/format.h>
#include <toml++/toml.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <system_error>

namespace qadvisor::cli {

namespace {

namespace fs = std::filesystem;

// "a string", "an integer", … for messages.
std::string_view TypeName(const toml::node& node) {
  switch (node.type()) {
    case toml::node_type::string:
      return "a string";
    case toml::node_type::integer:
      return "an integer";
    case toml::node_type::floating_point:
      return "a float";
    case toml::node_type::boolean:
      return "a boolean";
    case toml::node_type::array:
      return "an array";
    case toml::node_type::table:
      return "a table";
    case toml::node_type::date:
      return "a date";
    case toml::node_type::time:
      return "a time";
    case toml::node_type::date_time:
      return "a date-time";
    case toml::node_type::none:
      break;
  }
  return "nothing";
}

// The rule ids and the "rule-id.option" names this build knows, from the rule registry (each
// rule echoes its options back, rules/rule.h).
const std::vector<std::string>& KnownRuleIds() {
  static const std::vector<std::string> ids = [] {
    std::vector<std::string> out;
    for (const rules::RuleEntry& entry : rules::Registry()) out.emplace_back(entry.id);
    return out;
  }();
  return ids;
}

const std::vector<std::string>& KnownOptions() {
  static const std::vector<std::string> options = [] {
    std::vector<std::string> out;
    const rules::RuleOptions defaults;
    for (const rules::RuleEntry& entry : rules::Registry()) {
      for (const auto& [name, value] : entry.make(defaults)->options()) out.push_back(name);
    }
    return out;
  }();
  return options;
}

bool Contains(const std::vector<std::string>& list, std::string_view name) {
  return std::find(list.begin(), list.end(), name) != list.end();
}

// Levenshtein distance (insert, delete, substitute), for the names here: a few dozen bytes.
size_t EditDistance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// " (did you mean `x`?)" for the known name nearest a misspelt one, when one is near enough
// to be a typo (a quarter of its length, at least two edits); else `otherwise`.
std::string Suggestion(std::string_view name, const std::vector<std::string>& known,
                       std::string_view otherwise) {
  const std::string* best = nullptr;
  size_t best_distance = std::max<size_t>(2, name.size() / 4) + 1;
  for (const std::string& candidate : known) {
    const size_t d = EditDistance(name, candidate);
    if (d < best_distance) {
      best = &candidate;
      best_distance = d;
    }
  }
  return best != nullptr ? fmt::format(" (did you mean `{}`?)", *best) : std::string(otherwise);
}

constexpr std::string_view kListsRules = " (`qadvisor rules` lists them)";

// Checks one parsed document. Every error names path:line:column of the key or value at fault.
class ConfigReader {
 public:
  explicit ConfigReader(std::string path) : path_(std::move(path)) {}

  Result<Config> Read(const toml::table& root) {
    Config config;
    config.path = path_;
    for (const auto& [key, node] : root) {
      const std::string_view name = key.str();
      if (name == "fail-on") {
        QADVISOR_ASSIGN_OR_RETURN(config.fail_on, ReadSeverity(node, "fail-on"));
      } else if (name == "disable") {
        QADVISOR_ASSIGN_OR_RETURN(config.disable, ReadIdList(node, "disable"));
      } else if (name == "enable") {
        QADVISOR_ASSIGN_OR_RETURN(config.enable, ReadIdList(node, "enable"));
      } else if (name == "severity") {
        QADVISOR_RETURN_IF_ERROR(ReadSeverities(node, config));
      } else if (name == "options") {
        QADVISOR_RETURN_IF_ERROR(ReadOptions(node, config));
      } else if (name == "schema") {
        QADVISOR_RETURN_IF_ERROR(ReadSchema(node, config));
      } else if (name == "min-share") {
        const std::optional<double> percent = node.value<double>();
        if (!percent || !(*percent >= 0 && *percent <= 100)) {
          return Error(node.source(), "min-share must be a percentage from 0 to 100");
        }
        config.min_share = *percent;
      } else {
        return Error(key.source(),
                     fmt::format("unknown key `{}` (expected fail-on, disable, enable, min-share, "
                                 "[severity], [options] or [schema])",
                                 name));
      }
    }
    return config;
  }

 private:
  Status Error(const toml::source_region& where, std::string_view message) const {
    return InvalidArgument(
        fmt::format("{}:{}:{}: {}", path_, where.begin.line, where.begin.column, message));
  }

  Result<rules::Severity> ReadSeverity(const toml::node& node, std::string_view what) const {
    const auto* text = node.as_string();
    rules::Severity severity{};
    if (text == nullptr || !rules::ParseSeverity(text->get(), severity)) {
      const std::string got =
          text != nullptr ? fmt::format("\"{}\"", text->get()) : std::string(TypeName(node));
      return Error(node.source(),
                   fmt::format("{} must be \"error\", \"warning\" or \"info\", not {}", what, got));
    }
    return severity;
  }

  Result<std::vector<std::string>> ReadIdList(const toml::node& node, std::string_view what) const {
    const auto* array = node.as_array();
    if (array == nullptr) {
      return Error(node.source(),
                   fmt::format("{} must be an array of rule ids, not {}", what, TypeName(node)));
    }
    std::vector<std::string> ids;
    for (const toml::node& item : *array) {
      const auto* id = item.as_string();
      if (id == nullptr) {
        return Error(item.source(),
                     fmt::format("{} must hold rule ids as strings, not {}", what, TypeName(item)));
      }
      if (id->get().empty()) return Error(item.source(), fmt::format("{}: empty rule id", what));
      QADVISOR_RETURN_IF_ERROR(CheckRuleId(id->get(), item.source(), what));
      ids.push_back(id->get());
    }
    return ids;
  }

  Status CheckRuleId(std::string_view id, const toml::source_region& where,
                     std::string_view what) const {
    if (Contains(KnownRuleIds(), id)) return Status::Ok();
    return Error(where, fmt::format("{}: unknown rule id `{}`{}", what, id,
                                    Suggestion(id, KnownRuleIds(), kListsRules)));
  }

  const toml::table* Table(const toml::node& node, std::string_view what, Status& error) const {
    const auto* table = node.as_table();
    if (table == nullptr) {
      error = Error(node.source(), fmt::format("{} must be a table, not {}", what, TypeName(node)));
    }
    return table;
  }

  Status ReadSeverities(const toml::node& node, Config& config) const {
    Status error;
    const toml::table* table = Table(node, "[severity]", error);
    if (table == nullptr) return error;
    for (const auto& [key, value] : *table) {
      if (key.str().empty()) return Error(key.source(), "[severity]: empty rule id");
      QADVISOR_ASSIGN_OR_RETURN(const rules::Severity severity,
                                ReadSeverity(value, fmt::format("severity of `{}`", key.str())));
      QADVISOR_RETURN_IF_ERROR(CheckRuleId(key.str(), key.source(), "[severity]"));
      config.severity[std::string(key.str())] = severity;
    }
    return Status::Ok();
  }

  // "rule-id.option" = integer, written as one quoted key or as a table per rule.
  Status ReadOptions(const toml::node& node, Config& config) const {
    Status error;
    const toml::table* table = Table(node, "[options]", error);
    if (table == nullptr) return error;
    for (const auto& [key, value] : *table) {
      if (const auto* rule_table = value.as_table()) {
        if (key.str().empty() || key.str().find('.') != std::string_view::npos) {
          return Error(key.source(), fmt::format("[options]: `{}` is not a rule id", key.str()));
        }
        QADVISOR_RETURN_IF_ERROR(CheckRuleId(key.str(), key.source(), "[options]"));
        for (const auto& [option, option_value] : *rule_table) {
          QADVISOR_RETURN_IF_ERROR(ReadOption(key.str(), option, option_value, config));
        }
        continue;
      }
      const std::string_view name = key.str();
      const size_t dot = name.find('.');
      if (dot == std::string_view::npos) {
        return Error(key.source(),
                     fmt::format("[options]: `{}` must be named \"rule-id.option\"", name));
      }
      QADVISOR_RETURN_IF_ERROR(ReadOption(
          name.substr(0, dot), toml::key(name.substr(dot + 1), key.source()), value, config));
    }
    return Status::Ok();
  }

  Status ReadOption(std::string_view rule, const toml::key& option, const toml::node& value,
                    Config& config) const {
    const std::string name = fmt::format("{}.{}", rule, option.str());
    if (rule.empty() || option.str().empty() || option.str().find('.') != std::string_view::npos) {
      return Error(option.source(),
                   fmt::format("[options]: `{}` must be named \"rule-id.option\"", name));
    }
    const auto* number = value.as_integer();
    if (number == nullptr) {
      return Error(value.source(), fmt::format("[options]: `{}` must be an integer, not {}", name,
                                               TypeName(value)));
    }
    // `"x.y" = 1` and `[options.x] y = 2` are different TOML keys for one option.
    if (config.options.values().contains(name)) {
      return Error(option.source(), fmt::format("[options]: `{}` is set twice", name));
    }
    if (!Contains(KnownRuleIds(), rule)) {
      return Error(option.source(),
                   fmt::format("[options]: `{}`: unknown rule id `{}`{}", name, rule,
                               Suggestion(rule, KnownRuleIds(), kListsRules)));
    }
    if (!Contains(KnownOptions(), name)) {
      return Error(option.source(),
                   fmt::format("[options]: unknown option `{}`{}", name,
                               Suggestion(name, KnownOptions(),
                                          " (`qadvisor rules` lists the options of each rule)")));
    }
    config.options.Set(name, number->get());
    return Status::Ok();
  }

  Status ReadSchema(const toml::node& node, Config& config) const {
    Status error;
    const toml::table* table = Table(node, "[schema]", error);
    if (table == nullptr) return error;
    for (const auto& [key, value] : *table) {
      const std::string_view name = key.str();
      if (name == "flavor") {
        const auto* text = value.as_string();
        if (text != nullptr && text->get() == "mysql8") {
          config.flavor = analyzer::Flavor::kMySQL8;
        } else if (text != nullptr && text->get() == "mariadb") {
          config.flavor = analyzer::Flavor::kMariaDB;
        } else {
          const std::string got =
              text != nullptr ? fmt::format("\"{}\"", text->get()) : std::string(TypeName(value));
          return Error(
              value.source(),
              fmt::format("[schema] flavor must be \"mysql8\" or \"mariadb\", not {}", got));
        }
      } else if (name == "lower-case-table-names") {
        const auto* number = value.as_integer();
        if (number == nullptr || number->get() < 0 || number->get() > 2) {
          const std::string got =
              number != nullptr ? std::to_string(number->get()) : std::string(TypeName(value));
          return Error(
              value.source(),
              fmt::format("[schema] lower-case-table-names must be 0, 1 or 2, not {}", got));
        }
        config.lower_case_table_names = static_cast<int>(number->get());
      } else {
        return Error(key.source(), fmt::format("[schema]: unknown key `{}` (expected flavor or "
                                               "lower-case-table-names)",
                                               name));
      }
    }
    return Status::Ok();
  }

  std::string path_;
};

}  // namespace

Result<Config> ParseConfig(std::string_view text, const std::string& path) {
  toml::table root;
  try {
    root = toml::parse(text, std::string_view(path));
  } catch (const toml::parse_error& error) {
    const toml::source_position where = error.source().begin;
    return ParseError(
        fmt::format("{}:{}:{}: {}", path, where.line, where.column, error.description()));
  }
  return ConfigReader(path).Read(root);
}

Result<Config> LoadConfig(const std::string& path) {
  std::error_code ec;
  const fs::file_status status = fs::status(path, ec);
  if (ec || !fs::exists(status)) {
    if (ec && ec != std::errc::no_such_file_or_directory) {
      return IoError(fmt::format("{}: cannot read config: {}", path, ec.message()));
    }
    return NotFound(fmt::format("{}: config file not found", path));
  }
  if (!fs::is_regular_file(status)) {
    return IoError(fmt::format("{}: config is not a regular file", path));
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return IoError(fmt::format("{}: cannot open config: {}", path, std::strerror(errno)));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return IoError(fmt::format("{}: read failed", path));
  return ParseConfig(text.str(), path);
}

Result<std::optional<Config>> FindAndLoadConfig(const fs::path& start) {
  std::error_code ec;
  fs::path dir = fs::absolute(start, ec);
  if (ec) return IoError(fmt::format("{}: {}", start.string(), ec.message()));
  dir = dir.lexically_normal();
  // "a/b/" normalises to "a/b/" with an empty filename; drop it so parent_path() climbs.
  if (!dir.has_filename() && dir.has_relative_path()) dir = dir.parent_path();
  while (true) {
    const fs::path candidate = dir / kConfigFileName;
    if (fs::exists(candidate, ec)) {
      QADVISOR_ASSIGN_OR_RETURN(Config config, LoadConfig(candidate.string()));
      return std::optional<Config>(std::move(config));
    }
    if (ec) return IoError(fmt::format("{}: {}", candidate.string(), ec.message()));
    // A repository's root (.git is a directory, or a file in worktrees and submodules).
    if (fs::exists(dir / ".git", ec)) break;
    if (ec) return IoError(fmt::format("{}: {}", (dir / ".git").string(), ec.message()));
    const fs::path parent = dir.parent_path();
    if (parent == dir || parent.empty()) break;
    dir = parent;
  }
  return std::optional<Config>();
}

}  // namespace qadvisor::cli
