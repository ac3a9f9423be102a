// `qadvisor check`: scripts and slow logs against a schema, findings out, exit code by
// --fail-on (see docs/cli.md). Also `qadvisor rules` and `qadvisor explain <id>`.
#include "cli/check_command.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>

#include "analyzer/catalog.h"
#include "analyzer/digest.h"
#include "analyzer/digest_runner.h"
#include "analyzer/online_ddl.h"
#include "cli/config.h"
#include "cli/connect.h"
#include "cli/io.h"
#include "cli/migration_order.h"
#include "cli/setup.h"
#include "connectors/workload_import.h"
#include "report/check_report.h"
#include "report/json_writer.h"
#include "rules/checker.h"

namespace qadvisor::cli {
namespace {
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

// --target, else the server's own version, else the flavor's newest supported series.
Result<analyzer::ServerTarget> TargetOf(const CheckArgs& args, const std::optional<Server>& server,
                                        analyzer::Flavor flavor) {
  if (!args.target.empty()) return analyzer::ServerTarget::Parse(args.target);
  if (server.has_value()) {
    const std::string& version = server->session->version();
    if (auto t = analyzer::ServerTarget::FromVersion(version)) return *t;
  }
  return analyzer::ServerTarget::Parse(flavor == analyzer::Flavor::kMariaDB ? "mariadb-10.11"
                                                                            : "mysql-8.0");
}

// The running application's statements, for drop-in-use and rename-in-use: each query class
// of `run`, named by its id and call count, the most called first.
void AddClasses(const analyzer::DigestRun& run, rules::Checker& checker, bool workload) {
  for (const analyzer::QueryClass* c : run.digest.Ranked(analyzer::OrderBy::kCount)) {
    checker.AddApplication(c->sample.query, c->sample.db,
                           fmt::format("query class {}, {} call{}", analyzer::FormatClassId(c->id),
                                       c->count, c->count == 1 ? "" : "s"),
                           workload);
  }
}

// --workload: slow logs, SQL files of queries, or the server's performance_schema /
// mysql.slow_log. What they use counts; they are not checked.
Status AddWorkload(const std::vector<std::string>& sources, std::optional<Server>& server,
                   rules::Checker& checker) {
  for (const std::string& source : sources) {
    connectors::WorkloadOptions options;
    if (connectors::ParseWorkloadSource(source, &options.source)) {
      if (!server.has_value()) {
        return InvalidArgument(fmt::format(
            "--workload {} reads the workload from a server: name it with --dsn or --socket",
            source));
      }
      if (!server->options.database.empty()) options.databases = {server->options.database};
      Result<analyzer::DigestRun> run = connectors::ImportWorkload(*server->session, options);
      if (!run.ok()) {
        return Status(run.status().code(), fmt::format("server {}: reading the workload: {}",
                                                       server->name(), run.status().message()));
      }
      AddClasses(*run, checker, /*workload=*/true);
      continue;
    }
    QADVISOR_ASSIGN_OR_RETURN(bool slow_log, IsSlowLog(source));
    if (slow_log) {
      QADVISOR_ASSIGN_OR_RETURN(analyzer::DigestRun run, analyzer::RunDigest({source}, {}));
      AddClasses(run, checker, /*workload=*/true);
      continue;
    }
    QADVISOR_ASSIGN_OR_RETURN(std::string text, ReadWholeFile(source));
    if (!checker.AddApplicationScript(source, text, /*workload=*/true)) {
      return InvalidArgument(fmt::format(
          "--workload {}: a workload is queries, and this file changes the schema (give "
          "migrations as FILE)",
          source));
    }
  }
  return Status::Ok();
}

}  // namespace

report::NotRun NotRunWithoutSchema(const SchemaArgs& args, bool server,
                                   const analyzer::Catalog& catalog,
                                   const rules::Checker& checker) {
  report::NotRun not_run;
  if (!args.schemas.empty() || server || !catalog.tables().empty()) return not_run;
  not_run.reason = "no schema was given (--schema FILE or --dsn DSN)";
  for (const rules::Rule* rule : checker.rules()) {
    if (rule->info().needs_catalog) not_run.rules.emplace_back(rule->info().id);
  }
  if (!not_run.empty()) fmt::print(stderr, "qadvisor: warning: {}\n", not_run.Sentence());
  return not_run;
}

int RunCheckCommand(const CheckArgs& args) {
  Result<Setup> setup = LoadSetup(args.schema);
  if (!setup.ok()) return FailWith(setup.status());
  rules::Severity fail_on = setup->config.fail_on.value_or(rules::Severity::kError);
  if (!args.fail_on.empty() && !rules::ParseSeverity(args.fail_on, fail_on)) {
    return UsageFail(
        fmt::format("--fail-on: expected error, warning or info, not '{}'", args.fail_on));
  }
  // A server's schema first, then the --schema files on top of it (as migrations would be).
  Result<std::optional<Server>> server = ConnectIfGiven(
      args.schema.connect, setup->config.flavor.has_value() || !args.schema.flavor.empty(),
      setup->config.lower_case_table_names.has_value() || args.schema.lower_case_table_names >= 0,
      setup->catalog);
  if (!server.ok()) return FailWith(server.status());
  if (server->has_value()) ParseAsFlavor(*setup);
  // Migrations in the order their tools apply them (V2__ before V10__), directories expanded.
  Result<OrderedInputs> inputs = OrderMigrations(args.inputs);
  if (!inputs.ok()) return Fail(inputs.status().message());
  if (inputs->reordered) {
    std::string order;
    for (const std::string& file : inputs->files) order += (order.empty() ? "" : ", ") + file;
    fmt::print(stderr, "qadvisor: note: migrations applied in version order: {}\n", order);
  }
  // Slow logs first: with --workload, the workload, which unused-index needs whole.
  std::vector<std::string> logs;
  std::vector<std::pair<std::string, std::string>> scripts;
  for (const std::string& path : inputs->files) {
    Result<bool> slow_log = IsSlowLog(path);
    if (!slow_log.ok()) return Fail(slow_log.status().message());
    if (*slow_log) {
      logs.push_back(path);
      continue;
    }
    Result<std::string> text = ReadWholeFile(path);
    if (!text.ok()) return Fail(text.status().message());
    scripts.emplace_back(path == "-" ? "stdin" : path, std::move(text).value());
  }
  setup->options.whole_workload = !logs.empty() || !args.workload.empty();
  Result<analyzer::ServerTarget> target = TargetOf(args, *server, setup->catalog.flavor);
  if (!target.ok()) return FailWith(target.status());
  setup->options.options.set_target(*target);
  // --target names the server: its defaults (charsets, key limits, comments) are the flavor's
  // unless --flavor, the configuration or a server says otherwise.
  if (!args.target.empty() && args.schema.flavor.empty() && !setup->config.flavor.has_value() &&
      !server->has_value()) {
    setup->catalog.flavor =
        target->mariadb() ? analyzer::Flavor::kMariaDB : analyzer::Flavor::kMySQL8;
    ParseAsFlavor(*setup);
  }
  analyzer::Catalog catalog(setup->catalog);
  rules::Checker checker(catalog, setup->options);
  if (server->has_value()) {
    if (Status s = ImportServerSchema(**server, catalog); !s.ok()) return Fail(s.message());
  }
  if (Status s = LoadSchemas(args.schema, checker, catalog); !s.ok()) return Fail(s.message());

  // What the application running before the migrations uses (drop-in-use, rename-in-use):
  // the workload, the slow logs and the scripts that are not migrations; then the checks.
  if (Status s = AddWorkload(args.workload, *server, checker); !s.ok()) return Fail(s.message());
  analyzer::DigestRun run;
  if (!logs.empty()) {
    Result<analyzer::DigestRun> digested = analyzer::RunDigest(logs, {});
    if (!digested.ok()) return Fail(digested.status().message());
    run = std::move(digested).value();
    AddClasses(run, checker, /*workload=*/false);
  }
  for (const auto& [file, text] : scripts) checker.AddApplicationScript(file, text, false);
  for (const auto& [file, text] : scripts) checker.CheckScript(file, text);
  // Each query class is checked once, through its slowest sample.
  for (const analyzer::QueryClass* c : run.digest.Ranked(analyzer::OrderBy::kSum)) {
    const std::string& file = run.files[c->sample.file];
    const uint64_t line = QueryLine(file, c->sample.offset, c->sample.line, c->sample.query);
    checker.CheckQuery(file, c->sample.query, static_cast<uint32_t>(line), c->sample.db,
                       analyzer::FormatClassId(c->id), analyzer::MaxRowsExamined(*c));
  }
  PrintCatalogIssues(catalog);

  report::CheckReport report;
  report.not_run = NotRunWithoutSchema(args.schema, server->has_value(), catalog, checker);
  if (report.not_run.empty() && !setup->options.whole_workload &&
      rules::RuleSelected(setup->options, "unused-index")) {
    report.not_run = {"no workload was given (--workload FILE, or a slow log to check)",
                      {"unused-index"}};
  }
  report.findings = checker.Finish();
  report.target = target->Name();
  report.migration = checker.migration_steps();
  report.statements = checker.statements();
  report.suppressed_inline = checker.suppressed_inline();
  report.files = inputs->files;
  report.tool_version = QADVISOR_VERSION;
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

  if (Status s = ApplyCiArgs(args.ci, report); !s.ok()) return FailWith(s);
  std::string out;
  if (args.format == "json") {
    out = report::RenderCheckJson(report);
  } else if (args.format == "codeclimate") {
    out = report::RenderCheckCodeClimate(report);
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
          .Field("scope", rules::ScopeName(info.scope))
          .Field("needs_schema", info.needs_catalog)
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
      if (info.scope == rules::Scope::kLive) {
        out += fmt::format(
            "{:<26} {:<8}   live only: measured by `qadvisor verify`, never by check\n", "", "");
      }
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
  if (!info) {
    return UsageFail(fmt::format("unknown rule id '{}' (`qadvisor rules` lists them)", id));
  }
  if (Status s = WriteOutput("", rules::RuleDocPage(*info)); !s.ok()) return Fail(s.message());
  return kExitOk;
}

}  // namespace qadvisor::cli
