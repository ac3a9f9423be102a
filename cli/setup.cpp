// What the commands over a schema share (see setup.h).
#include "cli/setup.h"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "base/input.h"
#include "base/text.h"
#include "cli/io.h"
#include "parser/slowlog.h"

namespace qadvisor::cli {

int Fail(std::string_view message) {
  fmt::print(stderr, "qadvisor: {}\n", message);
  return kExitUsage;
}

int UsageFail(std::string_view message) {
  fmt::print(stderr, "qadvisor: {}\nRun with --help for more information.\n", message);
  return kExitUsage;
}

int FailWith(const Status& status) {
  return status.code() == StatusCode::kInvalidArgument ? UsageFail(status.message())
                                                       : Fail(status.message());
}

// The line where a sampled query's text starts: its event starts at `offset` / `line`, and the
// header lines before the query (# Time, # User@Host, use, SET timestamp) are counted by
// reading the event again. Falls back to the event's line.
uint64_t QueryLine(const std::string& path, uint64_t offset, uint64_t line,
                   std::string_view query) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return line;
  // The header lines before a query are short: 8 KiB (plus the query) is plenty, and this
  // runs once per query class.
  std::string head(8 * 1024 + std::min<size_t>(query.size(), 200), '\0');
  size_t n = 0;
  if (::fseeko(f, static_cast<off_t>(offset), SEEK_SET) == 0) {
    n = std::fread(head.data(), 1, head.size(), f);
  }
  std::fclose(f);
  head.resize(n);
  const size_t at = head.find(query.substr(0, std::min<size_t>(query.size(), 200)));
  if (at == std::string::npos) return line;
  return line + static_cast<uint64_t>(std::count(head.begin(), head.begin() + at, '\n'));
}

std::vector<std::string> SplitIds(const std::vector<std::string>& values) {
  std::vector<std::string> out;
  for (const std::string& v : values) {
    size_t start = 0;
    while (start <= v.size()) {
      size_t comma = v.find(',', start);
      if (comma == std::string::npos) comma = v.size();
      std::string id = v.substr(start, comma - start);
      id.erase(0, id.find_first_not_of(' '));
      id.erase(id.find_last_not_of(' ') + 1);
      if (!id.empty()) out.push_back(id);
      start = comma + 1;
    }
  }
  return out;
}

void ParseAsFlavor(Setup& setup) {
  setup.options.parse.version_comments = setup.catalog.flavor == analyzer::Flavor::kMariaDB
                                             ? parser::VersionComments::kMariaDB
                                             : parser::VersionComments::kMySQL8;
}

namespace {

// A configuration file's error is about input, not the command line: never kInvalidArgument,
// so it is not printed as a usage error.
Status AsInputError(const Status& s) {
  if (s.code() != StatusCode::kInvalidArgument) return s;
  return Status(StatusCode::kParseError, s.message());
}

std::string JoinIds(const std::vector<std::string>& ids) {
  std::string out;
  for (const std::string& id : ids) out += (out.empty() ? "" : ", ") + id;
  return out;
}

// Why no rule is left to run, naming what asked for it: the --rules selection, and what turned
// each selected rule off (--disable, or the configuration's `disable`).
std::string NoRuleLeft(const rules::CheckerOptions& options, const std::vector<std::string>& cli,
                       const Config& config) {
  std::vector<std::string> by_cli, by_config;
  const auto off = [&](const std::string& id) {
    const auto has = [&](const std::vector<std::string>& v) {
      return std::find(v.begin(), v.end(), id) != v.end();
    };
    if (has(cli)) {
      if (!has(by_cli)) by_cli.push_back(id);
    } else if (!has(by_config)) {
      by_config.push_back(id);
    }
  };
  if (options.only.empty()) {
    for (const rules::RuleEntry& entry : rules::Registry()) off(std::string(entry.id));
  } else {
    for (const std::string& id : options.only) off(id);
  }
  const std::string config_name =
      fmt::format("`disable` in {}", config.path.empty() ? "the configuration" : config.path);
  std::string who;
  if (by_config.empty()) {
    who = "by --disable";
  } else if (by_cli.empty()) {
    who = "by " + config_name;
  } else {
    who =
        fmt::format("{} by --disable; {} by {}", JoinIds(by_cli), JoinIds(by_config), config_name);
  }
  return options.only.empty()
             ? fmt::format("no rule left to run: every rule is disabled ({})", who)
             : fmt::format("no rule left to run: every rule --rules selects ({}) is disabled ({})",
                           JoinIds(options.only), who);
}

}  // namespace

// Configuration: the file (explicit, or found upwards), then the command line on top.
Result<Setup> LoadSetup(const SchemaArgs& args) {
  Setup setup;
  Config& config = setup.config;
  if (!args.no_config) {
    if (!args.config.empty()) {
      Result<Config> loaded = LoadConfig(args.config);
      if (!loaded.ok()) return AsInputError(loaded.status());
      config = std::move(loaded).value();
    } else {
      Result<std::optional<Config>> found = FindAndLoadConfig(std::filesystem::current_path());
      if (!found.ok()) return AsInputError(found.status());
      if (found->has_value()) config = std::move(**found);
    }
  }
  rules::CheckerOptions& options = setup.options;
  options.only = SplitIds(args.only);
  options.disable = config.disable;
  for (const std::string& id : SplitIds(args.disable)) options.disable.push_back(id);
  options.enable = config.enable;
  for (const auto& [id, severity] : config.severity) options.severity[id] = severity;
  options.options = config.options;
  options.parse.ansi_quotes = args.ansi_quotes;
  // The config's own ids were checked where they are written (with their line): what is
  // unknown here came from --rules / --disable.
  if (Status s = rules::ValidateRuleIds(options); !s.ok()) return InvalidArgument(s.message());
  // `--rules x --disable x` would run nothing and exit 0: a check that checks nothing passes.
  const std::vector<rules::RuleEntry>& registry = rules::Registry();
  if (std::none_of(registry.begin(), registry.end(), [&](const rules::RuleEntry& entry) {
        return rules::RuleSelected(options, entry.id);
      })) {
    return InvalidArgument(NoRuleLeft(options, SplitIds(args.disable), config));
  }
  setup.catalog.flavor = config.flavor.value_or(analyzer::Flavor::kMySQL8);
  if (args.flavor == "mariadb") setup.catalog.flavor = analyzer::Flavor::kMariaDB;
  if (args.flavor == "mysql8") setup.catalog.flavor = analyzer::Flavor::kMySQL8;
  if (config.flavor.has_value() || !args.flavor.empty()) ParseAsFlavor(setup);
  setup.catalog.lower_case_table_names = args.lower_case_table_names >= 0
                                             ? args.lower_case_table_names
                                             : config.lower_case_table_names.value_or(0);
  return setup;
}

// The --schema files into the catalog (through the checker, which keeps their text for
// excerpts and their ignore comments), then the --stats file.
//
// A statement qadvisor cannot read is told at once on standard error (and becomes a
// parse-error finding): the schema every rule judges by lacks it. When the files give no table
// at all — not a schema, or nothing in it readable — that is an input error: no rule that
// needs a schema could say anything true.
Status LoadSchemas(const SchemaArgs& args, rules::Checker& checker, analyzer::Catalog& catalog) {
  constexpr size_t kShown = 10;  // per file; a README given as a schema fails on every line
  uint64_t statements = 0;
  size_t unreadable = 0;
  std::string first_error;
  for (const std::string& path : args.schemas) {
    QADVISOR_ASSIGN_OR_RETURN(std::string text, ReadWholeFile(path));
    const rules::Checker::SchemaLoad load = checker.LoadSchema(path, text);
    statements += load.statements;
    unreadable += load.errors.size();
    for (size_t i = 0; i < load.errors.size() && i < kShown; ++i) {
      const parser::Diagnostic& d = load.errors[i];
      fmt::print(stderr, "qadvisor: error: {}:{}:{}: schema statement skipped: {}\n", path, d.line,
                 d.column, d.message);
    }
    if (load.errors.size() > kShown) {
      fmt::print(stderr, "qadvisor: error: {}: {} more schema statements that do not parse\n", path,
                 load.errors.size() - kShown);
    }
    if (first_error.empty() && !load.errors.empty()) {
      first_error = fmt::format("{}:{}:{}", path, load.errors[0].line, load.errors[0].column);
    }
  }
  if (!args.schemas.empty() && catalog.tables().empty()) {
    std::string files;
    for (const std::string& path : args.schemas) files += (files.empty() ? "" : ", ") + path;
    std::string why;
    if (unreadable > 0) {
      why = fmt::format("{} statement{} not parse (the first at {})", unreadable,
                        unreadable == 1 ? " does" : "s do", first_error);
      if (statements > 0) {
        why += fmt::format(" and none of the {} that do{} defines a table", statements,
                           statements == 1 ? "es" : "");
      }
    } else {
      why = statements == 1 ? std::string("its only statement defines no table")
                            : fmt::format("none of its {} statements defines a table", statements);
    }
    return ParseError(fmt::format(
        "--schema {}: no table could be read: {}. A schema is CREATE TABLE statements, as "
        "`mysqldump --no-data` writes them",
        files, why));
  }
  if (!args.stats.empty()) {
    QADVISOR_ASSIGN_OR_RETURN(std::string text, ReadWholeFile(args.stats));
    QADVISOR_ASSIGN_OR_RETURN(std::vector<analyzer::CatalogIssue> issues,
                              analyzer::LoadStats(catalog, text, args.stats));
    for (const auto& issue : issues) {
      fmt::print(stderr, "qadvisor: warning: {}:{}: {}\n", issue.location.file, issue.location.line,
                 issue.message);
    }
  }
  return Status::Ok();
}

// Whether `path` is a slow log, from its first 64 KiB (slow logs can be gigabytes, and may be
// compressed or standard input: base::Head reads all three). Text that is neither is a script;
// binary data is neither, and is refused rather than read as SQL.
Result<bool> IsSlowLog(const std::string& path) {
  QADVISOR_ASSIGN_OR_RETURN(std::string head, base::Head(path, parser::kSlowLogSniffBytes));
  if (parser::LooksLikeSlowLog(head)) return true;
  if (const std::optional<size_t> at = base::FirstBinaryByte(head)) {
    return ParseError(fmt::format(
        "{}: neither a slow query log nor a SQL script: byte {} is {}, binary data",
        path == "-" ? "standard input" : path, *at, base::Printable(head.substr(*at, 1))));
  }
  return false;
}

// DDL of the files that could not apply is an error (a schema-error finding too); what the
// server's own DDL or a CREATE TABLE of a server table gave is a warning.
void PrintCatalogIssues(const analyzer::Catalog& catalog) {
  for (const analyzer::CatalogIssue& issue : catalog.issues()) {
    const bool error = !issue.note && !issue.location.file.ends_with(" (server)");
    fmt::print(stderr, "qadvisor: {}: {}:{}:{}: {}\n", error ? "error" : "warning",
               issue.location.file, issue.location.line, issue.location.column, issue.message);
  }
}

}  // namespace qadvisor::cli
