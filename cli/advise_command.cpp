// `qadvisor advise`: a slow log (or SQL files) and the schema in; the query classes that cost
// the most, what is wrong with each, and the few indexes that serve the workload out.
#include "cli/advise_command.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <string_view>

#include "analyzer/digest.h"
#include "cli/connect.h"
#include "cli/io.h"
#include "cli/progress.h"
#include "connectors/workload_import.h"

namespace qadvisor::cli {
namespace {

bool IsQuery(parser::ast::StatementKind kind) {
  using parser::ast::StatementKind;
  return kind == StatementKind::kSelect || kind == StatementKind::kInsert ||
         kind == StatementKind::kUpdate || kind == StatementKind::kDelete;
}

Status Error(std::string message) {
  return Status(StatusCode::kInvalidArgument, std::move(message));
}

// A rule judges one query; the advisor weighs the workload (merged wants, covering columns, a
// budget, what the writes cost, what is worth an index at all). Where a rule's fix for a class
// is index DDL, it says what the advisor decided for that class and table, so that a reviewer
// never meets two answers: the proposal's DDL (the same name, columns and drops: applying both
// creates nothing twice), or why no index is proposed.
void AgreeWithAdvice(const analyzer::Advice& advice,
                     std::map<std::string, std::vector<rules::Finding>>& findings) {
  for (auto& [id, list] : findings) {
    const analyzer::ClassAdvice* ca = advice.Find(id);
    if (ca == nullptr) continue;
    for (rules::Finding& f : list) {
      const size_t at = rules::IndexDdlAt(f.fix);
      if (at == std::string::npos) continue;
      const auto ta = std::find_if(ca->tables.begin(), ca->tables.end(), [&](const auto& t) {
        return t.table != nullptr && t.table->name == f.table;
      });
      if (ta == ca->tables.end()) continue;
      std::string prose = f.fix.substr(0, at);
      if (ta->proposal >= 0) {
        f.fix = prose + advice.proposals[static_cast<size_t>(ta->proposal)].ddl;
        continue;
      }
      std::string why;
      if (!ta->skipped.empty()) {
        why = ta->skipped;
      } else if (!ta->served_by.empty()) {
        why = fmt::format("existing index `{}` serves what the workload needs", ta->served_by);
      } else {
        continue;
      }
      while (!prose.empty() && (prose.back() == ' ' || prose.back() == ':')) prose.pop_back();
      f.fix = prose.empty() ? "no index is proposed: " + why
                            : prose + " (no index is proposed: " + why + ")";
    }
  }
}

}  // namespace

Result<std::unique_ptr<AdviseState>> PrepareAdvice(const AdviseArgs& args) {
  auto state = std::make_unique<AdviseState>();
  Result<Setup> setup = LoadSetup(args.schema);
  if (!setup.ok()) return setup.status();
  state->setup = std::move(setup).value();
  if (args.inputs.empty() && args.workload.empty()) {
    return Error("no input: give slow logs or SQL files, or --workload with a server (--dsn)");
  }
  if (!args.workload.empty() && !args.schema.connect.given()) {
    return Error("--workload reads the workload from a server: name it with --dsn or --socket");
  }
  Result<std::optional<Server>> server = ConnectIfGiven(
      args.schema.connect, state->setup.config.flavor.has_value() || !args.schema.flavor.empty(),
      state->setup.config.lower_case_table_names.has_value() ||
          args.schema.lower_case_table_names >= 0,
      state->setup.catalog);
  if (!server.ok()) return server.status();
  if (server->has_value()) ParseAsFlavor(state->setup);
  state->catalog = analyzer::Catalog(state->setup.catalog);
  analyzer::Catalog& catalog = state->catalog;
  state->checker = std::make_unique<rules::Checker>(catalog, state->setup.options);
  rules::Checker& checker = *state->checker;
  // A server's schema first, then the --schema files on top of it (as migrations would be).
  if (server->has_value()) QADVISOR_RETURN_IF_ERROR(ImportServerSchema(**server, catalog));
  state->server = std::move(server).value();
  QADVISOR_RETURN_IF_ERROR(LoadSchemas(args.schema, checker, catalog));

  // Slow logs are digested; SQL scripts add their DDL to the schema and their queries to the
  // workload, one event each (with no time: such a workload is ranked by count).
  std::vector<std::string> logs;
  std::vector<std::pair<std::string, std::string>> scripts;
  for (const std::string& path : args.inputs) {
    Result<bool> slow_log = IsSlowLog(path);
    if (!slow_log.ok()) return slow_log.status();
    if (*slow_log) {
      logs.push_back(path);
      continue;
    }
    Result<std::string> text = ReadWholeFile(path);
    if (!text.ok()) return text.status();
    scripts.emplace_back(path == "-" ? "stdin" : path, std::move(text).value());
  }
  analyzer::DigestRun& run = state->run;
  if (!logs.empty()) {
    analyzer::DigestRunOptions options;
    options.threads = args.threads;
    ProgressBar bar(!args.no_progress && WantProgress(TotalSize(logs)));
    options.progress = [&bar](uint64_t done, uint64_t total) { bar.Update(done, total); };
    Result<analyzer::DigestRun> digested = analyzer::RunDigest(logs, options);
    bar.Finish();
    if (!digested.ok()) return digested.status();
    run = std::move(digested).value();
  }
  std::vector<bool>& is_log = state->is_log;
  is_log.assign(run.files.size(), true);
  // The server's workload after the logs: a table, whose samples' lines are row numbers.
  if (!args.workload.empty()) {
    connectors::WorkloadOptions workload;
    connectors::ParseWorkloadSource(args.workload, &workload.source);  // CLI11 checked the name
    Server& from = *state->server;
    if (!from.options.database.empty()) workload.databases = {from.options.database};
    workload.max_rows = args.workload_rows;
    if (Status s = connectors::ImportWorkloadInto(*from.session, workload, run); !s.ok()) {
      return Status(s.code(),
                    fmt::format("server {}: reading the workload: {}", from.name(), s.message()));
    }
    is_log.push_back(false);
  }
  for (const auto& [name, text] : scripts) {
    checker.LoadSchema(name, text);
    const parser::ParseResult parsed = parser::Parse(text, state->setup.options.parse);
    const auto file = static_cast<uint32_t>(run.files.size());
    run.files.push_back(name);
    is_log.push_back(false);
    run.bytes += text.size();
    for (const parser::ast::Statement* st : parsed.statements()) {
      if (!IsQuery(st->kind)) continue;
      parser::Event event;
      event.offset = st->span.offset;
      event.line = st->line;
      event.query = parsed.text().substr(st->span.offset, st->span.length);
      event.db = catalog.current_database();
      run.digest.Add(event, file);
    }
  }
  if (run.digest.events() == 0) {
    // The input's fault, not the command line's: not a usage error.
    return ParseError("no queries in the input: give a slow log or SQL files with statements");
  }
  bool timed = false;
  for (const auto& c : run.digest.classes()) timed = timed || c->Metric(analyzer::kQueryTime);

  // Each class once: parse and bind its sample, check it, and give it to the advisor.
  std::vector<std::unique_ptr<BoundClass>>& bound = state->bound;
  std::vector<analyzer::WorkloadQuery>& workload = state->workload;
  const auto ranked =
      run.digest.Ranked(timed ? analyzer::OrderBy::kSum : analyzer::OrderBy::kCount);
  std::optional<uint32_t> rows_affected;  // the metric's id, when the log has it
  const std::vector<std::string>& metrics = run.digest.metric_names();
  for (uint32_t m = 0; m < metrics.size(); ++m) {
    if (metrics[m] == "Rows_affected") rows_affected = m;
  }
  for (const analyzer::QueryClass* c : ranked) {
    auto b = std::make_unique<BoundClass>();
    b->id = analyzer::FormatClassId(c->id);
    b->parsed = parser::Parse(c->sample.query, state->setup.options.parse);
    if (b->parsed.statements().empty() || !IsQuery(b->parsed.statements().front()->kind)) continue;
    b->model =
        analyzer::Bind(*b->parsed.statements().front(), catalog, c->sample.db, b->parsed.text());
    const std::string& id = b->id;
    const std::string& file = run.files[c->sample.file];
    const uint64_t line = is_log[c->sample.file]
                              ? QueryLine(file, c->sample.offset, c->sample.line, c->sample.query)
                              : c->sample.line;
    b->model.max_rows_examined = analyzer::MaxRowsExamined(*c);
    b->file = file;
    b->line = static_cast<uint32_t>(line);
    checker.CheckModel(file, b->model, b->line, id);
    const auto* qt = c->Metric(analyzer::kQueryTime);
    analyzer::WorkloadQuery& q = workload.emplace_back();
    q.id = id;
    q.weight = timed ? (qt ? static_cast<int64_t>(qt->sum()) : 0) : static_cast<int64_t>(c->count);
    q.model = &b->model;
    q.calls = c->count;
    if (const auto* affected = rows_affected ? c->Metric(*rows_affected) : nullptr;
        affected && affected->count() == c->count) {
      q.rows_affected = static_cast<uint64_t>(affected->sum() / 1000000);
    }
    bound.push_back(std::move(b));
  }
  analyzer::AdvisorOptions advisor_options;
  advisor_options.max_indexes_per_table = args.max_indexes_per_table;
  advisor_options.min_share =
      args.min_share.value_or(state->setup.config.min_share.value_or(0.5)) / 100;
  advisor_options.timed = timed;
  state->advice = analyzer::Advise(catalog, workload, advisor_options);
  const analyzer::Advice& advice = state->advice;

  report::AdviseReport& report = state->report;
  report.run = &run;
  report.advice = &advice;
  report.top = args.top;
  report.timed = timed;
  report.tool_version = QADVISOR_VERSION;
  for (rules::Finding& f : checker.Finish()) {
    if (f.query_class.empty()) {
      report.schema_findings.push_back(std::move(f));
    } else {
      report.findings[f.query_class].push_back(std::move(f));
    }
  }
  AgreeWithAdvice(advice, report.findings);
  PrintCatalogIssues(catalog);
  report.not_run = NotRunWithoutSchema(args.schema, state->server.has_value(), catalog, checker);

  return state;
}

std::string RenderAdvise(const report::AdviseReport& report, const std::string& format) {
  if (format == "json") return report::RenderAdviseJson(report);
  if (format == "markdown") return report::RenderAdviseMarkdown(report);
  if (format == "html") return report::RenderAdviseHtml(report);
  return report::RenderAdviseText(report);
}

int RunAdviseCommand(const AdviseArgs& args) {
  Result<std::unique_ptr<AdviseState>> state = PrepareAdvice(args);
  if (!state.ok()) return FailWith(state.status());
  const std::string out = RenderAdvise((*state)->report, args.format);
  if (Status s = WriteOutput(args.output, out); !s.ok()) return Fail(s.message());
  const analyzer::DigestRun& run = (*state)->run;
  // Rows of a server's table are told by row number; log problems by line and byte.
  connectors::WorkloadSource source{};
  const bool from_table = connectors::ParseWorkloadSource(args.workload, &source);
  for (size_t i = 0; i < run.issues.size() && i < 5; ++i) {
    const auto& fi = run.issues[i];
    if (from_table && fi.file == connectors::WorkloadTable(source)) {
      fmt::print(stderr, "qadvisor: warning: {}: {}{}\n", fi.file,
                 fi.issue.line > 0 ? fmt::format("row {}: ", fi.issue.line) : "", fi.issue.message);
      continue;
    }
    fmt::print(stderr, "qadvisor: warning: {}:{}: byte {}: {}\n", fi.file, fi.issue.line,
               fi.issue.offset, fi.issue.message);
  }
  if (run.issue_count > 5) {
    fmt::print(stderr, "qadvisor: warning: {} more input problems\n", run.issue_count - 5);
  }
  return kExitOk;
}

}  // namespace qadvisor::cli
