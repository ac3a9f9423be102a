// `qadvisor check`: scripts and slow logs against a schema, findings out, exit code by
// --fail-on (see docs/cli.md). Also `qadvisor rules` and `qadvisor explain <id>`.
#include "cli/check_command.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>

#include "analyzer/catalog.h"
#include "analyzer/digest.h"
#include "analyzer/digest_runner.h"
#include "cli/config.h"
#include "cli/io.h"
#include "report/check_report.h"
#include "report/json_writer.h"
#include "rules/checker.h"

namespace qadvisor::cli {
namespace {

int Fail(std::string_view message) {
  fmt::print(stderr, "qadvisor: {}\n", message);
  return kExitUsage;
}

// A slow log starts with a server banner or an event header; a script with SQL or comments.
bool LooksLikeSlowLog(std::string_view text) {
  text = text.substr(0, 1 << 16);
  for (std::string_view header : {"# Time:", "# User@Host:", "# Query_time:"}) {
    if (text.starts_with(header)) return true;
    if (text.find(fmt::format("\n{}", header)) != std::string_view::npos) return true;
  }
  return text.find("started with:\n") != std::string_view::npos &&
         text.find("Tcp port:") != std::string_view::npos;
}

// The line where a sampled query's text starts: its event starts at `offset` / `line`, and the
// header lines before the query (# Time, # User@Host, use, SET timestamp) are counted by
// reading the event again. Falls back to the event's line.
uint64_t QueryLine(const std::string& path, uint64_t offset, uint64_t line,
                   std::string_view query) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return line;
  std::string head(64 * 1024, '\0');
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

// Baseline files: {"version": 1, "findings": [{"key", "rule", "file", "message"}, …]}.
Result<std::map<std::string, int>> ReadBaseline(const std::string& path) {
  QADVISOR_ASSIGN_OR_RETURN(std::string text, ReadWholeFile(path));
  std::map<std::string, int> keys;
  try {
    const nlohmann::json doc = nlohmann::json::parse(text);
    if (!doc.is_object() || !doc.contains("findings") || !doc["findings"].is_array()) {
      return ParseError(fmt::format("{}: not a qadvisor baseline (no \"findings\" array)", path));
    }
    for (const auto& f : doc["findings"]) {
      if (!f.is_object() || !f.contains("key") || !f["key"].is_string()) {
        return ParseError(fmt::format("{}: a finding without a \"key\" string", path));
      }
      ++keys[f["key"].get<std::string>()];
    }
  } catch (const nlohmann::json::exception& e) {
    return ParseError(fmt::format("{}: not valid JSON: {}", path, e.what()));
  }
  return keys;
}

std::string BaselineJson(const rules::Findings& findings) {
  std::string out;
  report::JsonWriter w(out);
  w.BeginObject().Field("version", 1).Key("findings").BeginArray();
  for (const rules::Finding& f : findings) {
    w.BeginObject()
        .Field("key", f.key)
        .Field("rule", f.rule)
        .Field("file", f.location.file)
        .Field("message", f.message)
        .EndObject();
  }
  w.EndArray().EndObject();
  out += '\n';
  return out;
}

}  // namespace

int RunCheckCommand(const CheckArgs& args) {
  // Configuration: the file (explicit, or found upwards), then the command line on top.
  Config config;
  if (!args.no_config) {
    if (!args.config.empty()) {
      Result<Config> loaded = LoadConfig(args.config);
      if (!loaded.ok()) return Fail(loaded.status().message());
      config = std::move(loaded).value();
    } else {
      Result<std::optional<Config>> found = FindAndLoadConfig(std::filesystem::current_path());
      if (!found.ok()) return Fail(found.status().message());
      if (found->has_value()) config = std::move(**found);
    }
  }
  rules::CheckerOptions options;
  options.only = SplitIds(args.only);
  options.disable = config.disable;
  for (const std::string& id : SplitIds(args.disable)) options.disable.push_back(id);
  options.enable = config.enable;
  for (const auto& [id, severity] : config.severity) options.severity[id] = severity;
  options.options = config.options;
  options.parse.ansi_quotes = args.ansi_quotes;
  if (Status s = rules::ValidateRuleIds(options); !s.ok()) {
    return Fail(config.path.empty() ? s.message()
                                    : fmt::format("{} ({})", s.message(), config.path));
  }
  rules::Severity fail_on = config.fail_on.value_or(rules::Severity::kError);
  if (!args.fail_on.empty() && !rules::ParseSeverity(args.fail_on, fail_on)) {
    return Fail(fmt::format("--fail-on: expected error, warning or info, not '{}'", args.fail_on));
  }

  analyzer::CatalogOptions catalog_options;
  catalog_options.flavor = config.flavor.value_or(analyzer::Flavor::kMySQL8);
  if (args.flavor == "mariadb") catalog_options.flavor = analyzer::Flavor::kMariaDB;
  if (args.flavor == "mysql8") catalog_options.flavor = analyzer::Flavor::kMySQL8;
  catalog_options.lower_case_table_names = args.lower_case_table_names >= 0
                                               ? args.lower_case_table_names
                                               : config.lower_case_table_names.value_or(0);
  analyzer::Catalog catalog(catalog_options);
  rules::Checker checker(catalog, options);

  for (const std::string& path : args.schemas) {
    Result<std::string> text = ReadWholeFile(path);
    if (!text.ok()) return Fail(text.status().message());
    checker.LoadSchema(path, *text);
  }
  if (!args.stats.empty()) {
    Result<std::string> text = ReadWholeFile(args.stats);
    if (!text.ok()) return Fail(text.status().message());
    auto issues = analyzer::LoadStats(catalog, *text, args.stats);
    if (!issues.ok()) return Fail(issues.status().message());
    for (const auto& issue : *issues) {
      fmt::print(stderr, "qadvisor: warning: {}:{}: {}\n", issue.location.file, issue.location.line,
                 issue.message);
    }
  }

  std::vector<std::string> logs;
  for (const std::string& path : args.inputs) {
    Result<std::string> text = ReadWholeFile(path);
    if (!text.ok()) return Fail(text.status().message());
    const std::string name = path == "-" ? "stdin" : path;
    if (LooksLikeSlowLog(*text)) {
      if (path == "-") return Fail("a slow log on standard input: give it as a file");
      logs.push_back(path);
      continue;
    }
    checker.CheckScript(name, *text);
  }
  if (!logs.empty()) {
    // Each query class is checked once, through its slowest sample.
    Result<analyzer::DigestRun> run = analyzer::RunDigest(logs, {});
    if (!run.ok()) return Fail(run.status().message());
    for (const analyzer::QueryClass* c : run->digest.Ranked(analyzer::OrderBy::kSum)) {
      const std::string& file = run->files[c->sample.file];
      const uint64_t line = QueryLine(file, c->sample.offset, c->sample.line, c->sample.query);
      checker.CheckQuery(file, c->sample.query, static_cast<uint32_t>(line), c->sample.db,
                         analyzer::FormatClassId(c->id));
    }
  }
  for (const analyzer::CatalogIssue& issue : catalog.issues()) {
    fmt::print(stderr, "qadvisor: warning: {}:{}:{}: {}\n", issue.location.file,
               issue.location.line, issue.location.column, issue.message);
  }

  report::CheckReport report;
  report.findings = checker.Finish();
  report.statements = checker.statements();
  report.suppressed_inline = checker.suppressed_inline();
  report.files = args.inputs;
  report.tool_version = "0.1.0";
  for (const rules::Rule* rule : checker.rules()) report.rules.push_back(&rule->info());

  if (!args.write_baseline.empty()) {
    if (Status s = WriteOutput(args.write_baseline, BaselineJson(report.findings)); !s.ok()) {
      return Fail(s.message());
    }
    fmt::print(stderr, "qadvisor: wrote {} finding(s) to baseline {}\n", report.findings.size(),
               args.write_baseline);
    return kExitOk;
  }
  if (!args.baseline.empty()) {
    Result<std::map<std::string, int>> known = ReadBaseline(args.baseline);
    if (!known.ok()) return Fail(known.status().message());
    rules::Findings fresh;
    for (rules::Finding& f : report.findings) {
      auto it = known->find(f.key);
      if (it != known->end() && it->second > 0) {
        --it->second;
        ++report.suppressed_baseline;
      } else {
        fresh.push_back(std::move(f));
      }
    }
    report.findings = std::move(fresh);
  }

  std::string out;
  if (args.format == "json") {
    out = report::RenderCheckJson(report);
  } else if (args.format == "sarif") {
    out = report::RenderCheckSarif(report);
  } else if (args.format == "markdown") {
    out = report::RenderCheckMarkdown(report);
  } else if (args.format == "github") {
    out = report::RenderCheckGithub(report);
  } else {
    const bool tty = args.output.empty() && ::isatty(STDOUT_FILENO);
    const bool color = args.color == "always" ||
                       (args.color == "auto" && tty && std::getenv("NO_COLOR") == nullptr);
    out = report::RenderCheckText(report, color);
  }
  if (Status s = WriteOutput(args.output, out); !s.ok()) return Fail(s.message());
  const bool failing = std::any_of(report.findings.begin(), report.findings.end(),
                                   [&](const rules::Finding& f) { return f.severity >= fail_on; });
  return failing ? kExitFindings : kExitOk;
}

std::string_view ScopeName(rules::Scope scope) {
  switch (scope) {
    case rules::Scope::kQuery: return "query";
    case rules::Scope::kSchema: return "schema";
    case rules::Scope::kWorkload: return "workload";
    case rules::Scope::kScript: return "script";
  }
  return "query";
}

int RunRulesCommand(const std::string& format) {
  std::string out;
  if (format == "json") {
    report::JsonWriter w(out);
    w.BeginArray();
    for (const rules::RuleEntry& entry : rules::Registry()) {
      const auto rule = entry.make(rules::RuleOptions());
      const rules::RuleInfo& info = rule->info();
      w.BeginObject()
          .Field("id", info.id)
          .Field("severity", rules::SeverityName(info.severity))
          .Field("summary", info.summary)
          .Field("scope", ScopeName(info.scope))
          .Key("options")
          .BeginObject();
      for (const auto& [name, value] : rule->options()) w.Field(name, value);
      w.EndObject().EndObject();
    }
    w.EndArray();
    out += '\n';
  } else {
    for (const rules::RuleEntry& entry : rules::Registry()) {
      const auto rule = entry.make(rules::RuleOptions());
      const rules::RuleInfo& info = rule->info();
      out += fmt::format("{:<26} {:<8} {}\n", info.id, rules::SeverityName(info.severity),
                         info.summary);
      for (const auto& [name, value] : rule->options()) {
        out += fmt::format("{:<26} {:<8}   option {} = {}\n", "", "", name, value);
      }
    }
  }
  if (Status s = WriteOutput("", out); !s.ok()) return Fail(s.message());
  return kExitOk;
}

int RunExplainCommand(const std::string& id) {
  const rules::RuleInfo* info = rules::FindRuleInfo(id);
  if (!info) return Fail(fmt::format("unknown rule id '{}' (`qadvisor rules` lists them)", id));
  if (Status s = WriteOutput("", rules::RuleDocPage(*info)); !s.ok()) return Fail(s.message());
  return kExitOk;
}

}  // namespace qadvisor::cli
