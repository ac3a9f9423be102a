// `qadvisor verify`: advise, then prove each proposal on a server — one the user names
// (--dsn … --allow-ddl [--allow-writes]) or a private sandbox qadvisor starts, fills with
// generated rows and removes (--sandbox) — and report before → after, for the reads a proposal
// serves and for the workload's writes of its table.
#include "cli/verify_command.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <map>
#include <memory>

#include "analyzer/digest.h"
#include "analyzer/verification.h"
#include "cli/advise_command.h"
#include "cli/io.h"
#include "cli/wrong_index.h"
#include "connectors/datagen.h"
#include "connectors/dsn.h"
#include "connectors/index_choice.h"
#include "connectors/sample.h"
#include "connectors/sandbox.h"
#include "connectors/schema_import.h"
#include "connectors/session.h"
#include "connectors/verify.h"
#include "parser/keywords.h"

namespace qadvisor::cli {
namespace {

std::atomic<bool> g_interrupted{false};

// The first Ctrl-C (or SIGTERM) asks the run to stop at its next step and clean up — a
// sandbox server is told to stop at once, so a statement in flight ends too; a second one ends
// the process (a sandbox server then goes with it: it dies with its parent).
extern "C" void OnSignal(int signal) {
  if (g_interrupted.exchange(true)) {
    std::signal(signal, SIG_DFL);
    std::raise(signal);
    return;
  }
  connectors::StopSandboxesFromSignalHandler();
}

class SignalGuard {
 public:
  SignalGuard() {
    g_interrupted = false;
    old_int_ = std::signal(SIGINT, OnSignal);
    old_term_ = std::signal(SIGTERM, OnSignal);
  }
  ~SignalGuard() {
    std::signal(SIGINT, old_int_);
    std::signal(SIGTERM, old_term_);
  }
  SignalGuard(const SignalGuard&) = delete;
  SignalGuard& operator=(const SignalGuard&) = delete;

 private:
  void (*old_int_)(int) = SIG_DFL;
  void (*old_term_)(int) = SIG_DFL;
};

// Phases on standard error, one line each: they are few, and a log of a CI run keeps them.
class Phases {
 public:
  explicit Phases(bool enabled) : enabled_(enabled) {}
  void operator()(std::string_view step) const {
    if (enabled_) fmt::print(stderr, "qadvisor: verify: {}\n", step);
  }

 private:
  bool enabled_;
};

constexpr int kExitInterrupted = 130;

// An error while setting up; after a Ctrl-C (which stops a sandbox server at once, so its
// statements fail) the interruption is what to report.
int SetupFailed(std::string_view message) {
  if (g_interrupted) {
    fmt::print(stderr, "qadvisor: verify: interrupted; nothing was measured\n");
    return kExitInterrupted;
  }
  return Fail(message);
}
// The same for a status: a usage error (kInvalidArgument) is printed as one.
int SetupFailed(const Status& status) {
  if (g_interrupted || status.code() != StatusCode::kInvalidArgument) {
    return SetupFailed(status.message());
  }
  return UsageFail(status.message());
}

// The statements each query class runs: its slowest sample, in the database it ran in, and the
// class's weight in the workload.
std::map<std::string, connectors::ClassSample> Samples(const AdviseState& state) {
  std::map<std::string, int64_t> weights;
  for (const analyzer::WorkloadQuery& q : state.workload) weights.emplace(q.id, q.weight);
  std::map<std::string, connectors::ClassSample> samples;
  for (const auto& c : state.run.digest.classes()) {
    connectors::ClassSample s;
    s.query = c->sample.query;
    s.database = c->sample.db;
    const std::string id = analyzer::FormatClassId(c->id);
    if (const auto w = weights.find(id); w != weights.end()) s.weight = w->second;
    samples.emplace(id, std::move(s));
  }
  return samples;
}

// "YYYY-MM-DD" when a string or temporal literal ('2026-03-01 10:00', DATE '2026-03-01')
// starts with a date, else empty.
std::string DateOf(const connectors::SeedValue& literal) {
  if (literal.kind != parser::ast::LiteralKind::kString &&
      literal.kind != parser::ast::LiteralKind::kTemporal) {
    return "";
  }
  if (literal.value.size() < 10) return "";
  const std::string_view date = std::string_view(literal.value).substr(0, 10);
  for (size_t i = 0; i < date.size(); ++i) {
    const bool dash = i == 4 || i == 7;
    if (dash ? date[i] != '-' : (date[i] < '0' || date[i] > '9')) return "";
  }
  return std::string(date);
}

// What the workload's queries compare columns with, per "db.table.column", for the sandbox's
// generated rows (connectors::GenerateOptions):
//  - seed_values: the literals of col = 'x', col IN (1, 2), and the text of col LIKE '%x%' —
//    the rows include them, so a sampled statement finds rows as it did on the real server,
//    and an index lookup is measured on real matches;
//  - latest_dates: the latest date any comparison (ranges too) names, so the generated dates
//    are moved to cover `created_at >= '2026-03-01'`.
void WorkloadValues(const AdviseState& state, connectors::GenerateOptions& out) {
  using analyzer::PredicateOp;
  using parser::ast::ExprKind;
  constexpr size_t kMaxPerColumn = 16;
  const auto seed = [&](const std::string& key, connectors::SeedValue literal) {
    std::vector<connectors::SeedValue>& into = out.seed_values[key];
    if (into.size() < kMaxPerColumn && std::find(into.begin(), into.end(), literal) == into.end()) {
      into.push_back(std::move(literal));
    }
  };
  for (const std::unique_ptr<BoundClass>& b : state.bound) {
    const analyzer::QueryModel& m = b->model;
    for (const analyzer::QueryBlock& block : m.blocks) {
      for (const analyzer::Predicate& p : block.predicates) {
        if (!p.column.resolved() || p.column.block < 0) continue;
        const analyzer::Table* table = m.blocks[p.column.block].tables[p.column.table].table;
        if (table == nullptr) continue;
        const std::string key = parser::LowerAscii(
            fmt::format("{}.{}.{}", table->database, table->name, p.column.name));
        if (p.op == PredicateOp::kLikePrefix || p.op == PredicateOp::kLikeInfix) {
          // LIKE '%cable%' looks for values holding "cable": that value itself is one.
          const std::string_view pattern = p.pattern;
          if (pattern.size() < 3 || pattern.front() != '\'' || pattern.back() != '\'') continue;
          std::string text;
          for (const char c : pattern.substr(1, pattern.size() - 2)) {
            if (c == '\'' || c == '\\') {
              text.clear();
              break;
            }
            if (c != '%') text += c == '_' ? 'x' : c;
          }
          if (!text.empty()) {
            seed(key,
                 connectors::SeedValue{"'" + text + "'", parser::ast::LiteralKind::kString, text});
          }
          continue;
        }
        const bool point = p.op == PredicateOp::kEq || p.op == PredicateOp::kIn;
        if ((!point && p.op != PredicateOp::kRange) || p.expr == nullptr) continue;
        std::vector<const parser::ast::Expr*> values;
        if (p.expr->kind == ExprKind::kBinary) {
          const auto& e = p.expr->As<parser::ast::Binary>();
          values = {e.left, e.right};
        } else if (p.expr->kind == ExprKind::kIn) {
          const auto& e = p.expr->As<parser::ast::In>();
          values.assign(e.list.begin(), e.list.end());
        } else if (p.expr->kind == ExprKind::kBetween) {
          const auto& e = p.expr->As<parser::ast::Between>();
          values = {e.low, e.high};
        }
        for (const parser::ast::Expr* v : values) {
          if (v == nullptr || v->kind != ExprKind::kLiteral ||
              v->As<parser::ast::Literal>().literal == parser::ast::LiteralKind::kNull) {
            continue;
          }
          connectors::SeedValue literal = connectors::SeedOf(v->As<parser::ast::Literal>());
          if (const std::string date = DateOf(literal); !date.empty()) {
            std::string& latest = out.latest_dates[key];
            latest = std::max(latest, date);
          }
          if (point) seed(key, std::move(literal));
        }
      }
    }
  }
}

// The --schema files, read again for the sandbox to run.
Result<std::vector<std::pair<std::string, std::string>>> SchemaScripts(const VerifyArgs& args) {
  std::vector<std::pair<std::string, std::string>> scripts;
  for (const std::string& path : args.advise.schema.schemas) {
    QADVISOR_ASSIGN_OR_RETURN(std::string text, ReadWholeFile(path));
    scripts.emplace_back(path, std::move(text));
  }
  return scripts;
}

// A server named by a DSN alone (--stats-from, --sample-from): its password from the DSN, the
// option file or MYSQL_PWD, as for --dsn.
Result<Server> ConnectDsn(const std::string& dsn) {
  ConnectArgs args;
  args.dsn = dsn;
  return ConnectServer(args);
}

// The row count and the columns' distinct values `from` knows, onto `into` (the same table).
void CopyStatistics(const analyzer::Table& from, analyzer::Table& into) {
  into.rows = from.rows;
  for (analyzer::Column& c : into.columns) {
    const analyzer::Column* known = from.FindColumn(c.name);
    if (known != nullptr && known->distinct) c.distinct = known->distinct;
  }
}

// The sandbox's tables read back from it, with the statistics the user's catalog has for them
// (row counts and distinct values shape the generated rows).
Result<analyzer::Catalog> SandboxCatalog(connectors::Session& session,
                                         const analyzer::Catalog& catalog) {
  analyzer::Catalog made(catalog.options());
  connectors::ImportOptions import;
  import.statistics = false;
  Result<connectors::ImportSummary> imported = connectors::ImportSchema(session, made, import);
  if (!imported.ok()) return imported.status();
  for (analyzer::Table& t : made.tables()) {
    if (const analyzer::Table* known = catalog.FindTable(t.database, t.name)) {
      CopyStatistics(*known, t);
    }
  }
  return made;
}

// Row counts and distinct values from another server's statistics, onto the catalog's tables.
Status StatsFrom(const std::string& dsn, analyzer::Catalog& catalog) {
  QADVISOR_ASSIGN_OR_RETURN(Server server, ConnectDsn(dsn));
  analyzer::Catalog source(catalog.options());
  QADVISOR_RETURN_IF_ERROR(ImportServerSchema(server, source));
  for (analyzer::Table& t : catalog.tables()) {
    // An empty (or never analysed) table says nothing about the rows to generate.
    const analyzer::Table* s = source.FindTable(t.database, t.name);
    if (s == nullptr || !s->rows || *s->rows == 0) continue;
    CopyStatistics(*s, t);
    for (const analyzer::Index& si : s->indexes) {
      if (si.parts.empty() || si.parts[0].column.empty() || !si.parts[0].cardinality) continue;
      analyzer::Column* c = t.FindColumn(si.parts[0].column);
      if (c != nullptr && !c->distinct) c->distinct = si.parts[0].cardinality;
    }
  }
  return Status::Ok();
}

// optimizer-wrong-index: the heaviest classes (--top of them), each table's chosen index
// against the other usable ones, as findings of their classes.
Status CheckIndexChoices(const VerifyArgs& args, AdviseState& state, connectors::Session& session,
                         const connectors::VerifyOptions& verify,
                         analyzer::VerificationRun& verification) {
  const std::map<std::string, connectors::ClassSample> samples = Samples(state);
  std::vector<connectors::ClassToCheck> classes;
  std::map<std::string, const BoundClass*> bound;
  for (const auto& b : state.bound) bound.emplace(b->id, b.get());
  for (const analyzer::WorkloadQuery& q : state.workload) {  // heaviest first
    if (args.advise.top > 0 && classes.size() >= args.advise.top) break;
    const auto sample = samples.find(q.id);
    if (sample == samples.end() || sample->second.query.empty()) continue;
    classes.push_back({q.id, sample->second.query, sample->second.database});
  }
  connectors::IndexChoiceOptions options;
  options.measure = {verify.runs, verify.time_limit_seconds, verify.interrupted};
  options.min_speedup = args.min_speedup;
  options.allow_analyze = args.sandbox || args.allow_analyze;
  options.default_database = verify.default_database;
  options.parse = verify.parse;
  options.progress = verify.progress;
  const connectors::IndexChoiceOutcome outcome =
      connectors::CheckIndexChoices(session, state.catalog, classes, options);
  size_t wrong = 0;
  for (const connectors::IndexChoice& choice : outcome.choices) {
    if (choice.Better() == nullptr) continue;
    ++wrong;
    WrongIndexContext context;
    context.mysql = !session.mariadb();
    context.analyze_allowed = options.allow_analyze;
    if (const auto b = bound.find(choice.query_class); b != bound.end()) {
      context.file = b->second->file;
      context.line = b->second->line;
    }
    if (const analyzer::ClassAdvice* advice = state.advice.Find(choice.query_class)) {
      for (const analyzer::TableAdvice& t : advice->tables) {
        if (t.table != choice.table || t.proposal < 0) continue;
        context.proposal = fmt::format("proposal #{} `{}`", t.proposal + 1,
                                       state.advice.proposals[t.proposal].name);
        break;
      }
    }
    state.report.findings[choice.query_class].push_back(WrongIndexFinding(choice, context));
  }
  verification.notes.push_back(fmt::format(
      "the optimizer's index choices: {} table(s) of {} class(es) compared with the other "
      "usable indexes forced, {} chosen worse (optimizer-wrong-index)",
      outcome.choices.size(), classes.size(), wrong));
  for (const std::string& why : outcome.skipped) verification.notes.push_back(why);
  return outcome.status;
}

int Finish(const VerifyArgs& args, AdviseState& state, analyzer::VerificationRun& verification,
           connectors::VerifyOutcome outcome) {
  verification.queries = std::move(outcome.queries);
  verification.writes = std::move(outcome.writes);
  verification.writes_not_run = std::move(outcome.writes_not_run);
  state.report.verification = &verification;
  // A run that failed or was interrupted leaves -o FILE as it was (docs/cli.md); its partial
  // report goes to standard output only when that is where the report was asked for.
  const bool complete = outcome.status.ok();
  if (complete || args.advise.output.empty() || args.advise.output == "-") {
    const std::string out = RenderAdvise(state.report, args.advise.format);
    if (Status s = WriteOutput(args.advise.output, out); !s.ok()) return Fail(s.message());
  } else {
    fmt::print(stderr, "qadvisor: verify did not finish: {} is left as it was\n",
               args.advise.output);
  }
  if (!outcome.left_to_clean.empty() && !verification.sandbox) {
    fmt::print(stderr,
               "qadvisor: these indexes were created and could not be dropped; run them, or "
               "`qadvisor verify --cleanup` with the same connection, when the server is back:\n");
    for (const std::string& ddl : outcome.left_to_clean) fmt::print(stderr, "  {}\n", ddl);
  }
  if (outcome.status.ok()) return kExitOk;
  if (g_interrupted) {
    fmt::print(stderr, "qadvisor: verify: interrupted; {}\n",
               outcome.left_to_clean.empty() ? "every index it created was dropped"
                                             : "see above for what is left");
    return kExitInterrupted;
  }
  fmt::print(stderr, "qadvisor: verify: {}\n", outcome.status.message());
  return kExitUsage;
}

}  // namespace

int RunVerifyCommand(const VerifyArgs& args) {
  const ConnectArgs& connect = args.advise.schema.connect;
  if (args.cleanup) {
    if (!connect.given()) return UsageFail("--cleanup needs the server: give --dsn or --socket");
    Result<connectors::ConnectOptions> options = ResolveConnection(connect);
    if (!options.ok()) return FailWith(options.status());
    auto session = connectors::Session::Connect(*options);
    if (!session.ok()) return Fail(session.status().message());
    std::vector<std::string> databases;
    if (!options->database.empty()) databases.push_back(options->database);
    Result<std::vector<std::string>> dropped = connectors::CleanupIndexes(**session, databases);
    if (!dropped.ok()) return Fail(dropped.status().message());
    for (const std::string& ddl : *dropped) fmt::print("{}\n", ddl);
    fmt::print(stderr, "qadvisor: verify --cleanup: {} index(es) named {}… dropped\n",
               dropped->size(), connectors::kIndexPrefix);
    return kExitOk;
  }
  if (args.sandbox == connect.given()) {
    return UsageFail(
        "verify measures on a server: give --sandbox, or --dsn/--socket with --allow-ddl");
  }
  if (!args.sandbox && !args.allow_ddl) {
    return UsageFail(
        "verify creates each proposed index on the server and drops it again: allow that "
        "with --allow-ddl, or use --sandbox");
  }
  if (args.sandbox && args.advise.schema.schemas.empty()) {
    return UsageFail("--sandbox loads the schema from --schema files: give at least one");
  }
  if (args.advise.inputs.empty() && args.advise.workload.empty()) {
    return UsageFail("give a slow log or SQL files to verify (or --workload with --dsn)");
  }

  const Phases phases(!args.advise.no_progress);
  SignalGuard signals;
  AdviseArgs advise = args.advise;
  // The sandbox is a MariaDB: its defaults (charsets, collations) are the ones to model.
  if (args.sandbox && advise.schema.flavor.empty()) advise.schema.flavor = "mariadb";
  Result<std::unique_ptr<AdviseState>> prepared = PrepareAdvice(advise);
  if (!prepared.ok()) return SetupFailed(prepared.status());
  AdviseState& state = **prepared;
  phases(fmt::format("{} proposal(s) to verify", state.advice.proposals.size()));

  analyzer::VerificationRun verification;
  verification.runs = args.runs;
  verification.time_limit_seconds = args.time_limit;
  connectors::VerifyOptions options;
  options.runs = args.runs;
  options.time_limit_seconds = args.time_limit;
  options.max_queries_per_proposal = args.max_queries;
  options.allow_ddl = true;  // the sandbox is ours; a user's server needed --allow-ddl above
  // The sandbox's rows are ours too; a user's server runs writes only when the user said so.
  options.allow_writes = args.sandbox || args.allow_writes;
  options.parse = state.setup.options.parse;
  options.progress = phases;
  options.interrupted = &g_interrupted;

  std::unique_ptr<connectors::Sandbox> sandbox;
  std::unique_ptr<connectors::Session> session;
  if (args.sandbox) {
    if (!args.stats_from.empty()) {
      phases("reading statistics from " + args.stats_from);
      if (Status s = StatsFrom(args.stats_from, state.catalog); !s.ok()) {
        return SetupFailed("--stats-from: " + s.message());
      }
    }
    phases("starting a private server");
    std::vector<std::string> stale;
    (void)connectors::Sandbox::RemoveStale("", &stale);  // what crashed runs left in $TMPDIR
    for (const std::string& dir : stale) phases("removed a crashed run's sandbox " + dir);
    connectors::SandboxOptions sandbox_options;
    sandbox_options.server = args.server;
    sandbox_options.keep = args.keep_sandbox;
    Result<std::unique_ptr<connectors::Sandbox>> started =
        connectors::Sandbox::Start(sandbox_options);
    if (!started.ok()) return SetupFailed(started.status().message());
    sandbox = std::move(started).value();
    if (args.keep_sandbox) phases("the sandbox is kept (remove it yourself): " + sandbox->dir());
    auto opened = connectors::Session::Connect(sandbox->connect_options());
    if (!opened.ok()) return SetupFailed(opened.status().message());
    session = std::move(opened).value();
    verification.sandbox = true;
    options.default_database = std::string(connectors::kSandboxDatabase);
    verification.server = fmt::format("{} (private sandbox)", session->version());
    verification.rows_per_table = args.rows;

    phases("loading the schema");
    Result<std::vector<std::pair<std::string, std::string>>> scripts = SchemaScripts(args);
    if (!scripts.ok()) return SetupFailed(scripts.status().message());
    if (Status s = connectors::CreateSchema(*session, *scripts, &verification.notes); !s.ok()) {
      return SetupFailed("loading the schema into the sandbox: " + s.message());
    }
    // The tables as the sandbox made them — what the rows are written into may differ from
    // the DDL as qadvisor read it: a MySQL-only /*!50705 … */ column, a refused table.
    Result<analyzer::Catalog> made = SandboxCatalog(*session, state.catalog);
    if (!made.ok()) return SetupFailed("reading the sandbox's schema: " + made.status().message());
    // Rows sampled from a real server where it has the table; generated rows for the rest.
    analyzer::Catalog to_generate = *made;
    if (!args.sample_from.empty()) {
      phases("sampling up to " + std::to_string(args.rows) + " rows a table from " +
             args.sample_from);
      Result<Server> source = ConnectDsn(args.sample_from);
      if (!source.ok()) return SetupFailed("--sample-from: " + source.status().message());
      connectors::SampleOptions sample;
      sample.rows = args.rows;
      sample.source_database = source->options.database;
      Result<std::vector<connectors::SampledTable>> copied = connectors::CopySample(
          *source->session, *session, *made, sample, [&](std::string_view table, uint64_t rows) {
            phases(fmt::format("  {}: {} rows sampled", table, rows));
          });
      if (!copied.ok()) return SetupFailed("--sample-from: " + copied.status().message());
      for (const analyzer::Table& t : made->tables()) {
        const bool done = std::any_of(
            copied->begin(), copied->end(),
            [&](const connectors::SampledTable& c) { return c.table == t.QualifiedName(); });
        if (done) to_generate.DropTable(t.database, t.name);
      }
      verification.notes.push_back(
          fmt::format("rows of {} table(s) sampled from {}", copied->size(), source->name()));
    }
    connectors::GenerateOptions generate;
    generate.default_rows = args.rows;
    WorkloadValues(state, generate);
    Result<std::vector<connectors::TableLoad>> plan = connectors::PlanLoad(to_generate, generate);
    if (!plan.ok()) return SetupFailed(plan.status().message());
    uint64_t total = 0;
    for (const connectors::TableLoad& t : *plan) total += t.rows;
    phases(fmt::format("generating {} rows in {} table(s)", total, plan->size()));
    std::vector<connectors::FailedLoad> failed;
    const Status loaded = connectors::LoadRows(
        *session, *plan,
        [&](std::string_view table, uint64_t done, uint64_t rows) {
          if (done == rows) phases(fmt::format("  {}: {} rows", table, rows));
        },
        &failed);
    if (!loaded.ok()) return SetupFailed("filling the sandbox: " + loaded.message());
    for (const connectors::FailedLoad& f : failed) {
      const std::string why =
          fmt::format("the sandbox refused the generated rows of {} ({})", f.table, f.why);
      phases("  " + why);
      verification.notes.push_back(why + "; its proposals are not measured");
      options.unmeasured_tables[f.table] = why;
    }
    if (g_interrupted) return SetupFailed("");
  } else {
    // The connection advise read the schema through (asked for a password once).
    Server& server = *state.server;
    session = std::move(server.session);
    verification.server = fmt::format("{} ({})", session->version(), server.name());
    options.default_database = server.options.database;
    // Indexes a killed run left behind would distort the measurements (and the names of this
    // run's indexes may be theirs): they are ours, so they go before anything is measured. The
    // advice above never saw them (ImportSchema leaves them out). Said even with
    // --no-progress: it changes the user's server.
    std::vector<std::string> databases;
    if (!server.options.database.empty()) databases.push_back(server.options.database);
    Result<std::vector<std::string>> stale = connectors::CleanupIndexes(*session, databases);
    if (!stale.ok()) return SetupFailed(stale.status().message());
    for (const std::string& ddl : *stale) {
      fmt::print(stderr, "qadvisor: verify: dropped an index an earlier run left: {}\n", ddl);
    }
  }

  // First the optimizer's own choices among the indexes that exist, on real rows only, and
  // before any index is created: InnoDB refreshes a table's statistics when an index is added,
  // which would hide statistics gone stale.
  if (args.sandbox && args.sample_from.empty()) {
    verification.notes.push_back(
        "the optimizer's index choices were not checked (optimizer-wrong-index): the "
        "sandbox's rows are generated, not your data's; --sample-from copies them");
  } else if (Status s = CheckIndexChoices(args, state, *session, options, verification); !s.ok()) {
    connectors::VerifyOutcome stopped;
    stopped.status = s;
    return Finish(args, state, verification, std::move(stopped));
  }
  return Finish(args, state, verification,
                connectors::Verify(*session, state.catalog, state.advice, Samples(state), options));
}

}  // namespace qadvisor::cli
