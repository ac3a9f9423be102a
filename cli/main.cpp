// qadvisor: the command-line entry point. Only this folder knows about argv, the terminal and
// exit codes: 0 success, 1 findings at or above --fail-on (later commands), 2 usage or input
// error.
#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "analyzer/digest_merge.h"
#include "analyzer/digest_runner.h"
#include "analyzer/event_filter.h"
#include "analyzer/ranking.h"
#include "base/input.h"
#include "base/text.h"
#include "cli/app_spec.h"
#include "cli/bash_completion.h"
#include "cli/check_command.h"
#include "cli/connect.h"
#include "cli/io.h"
#include "cli/man_page.h"
#include "cli/progress.h"
#include "cli/setup.h"
#include "cli/verify_command.h"
#include "cli/zsh_completion.h"
#include "connectors/digest_history.h"
#include "parser/parser.h"
#include "parser/splitter.h"
#include "report/digest_compare.h"
#include "report/digest_report.h"
#include "report/json_writer.h"

namespace qadvisor::cli {
namespace {

// A number from `min` to `max`, checked on the text before CLI11 converts it: "-1" read into a
// size_t is a huge number (`--top -1` meant "all"), and CLI11's own Range message ("Value -1 not
// in range 0 to 256") does not say what is wanted. `wanted` says it: "a whole number 0 or more".
template <typename T>
CLI::Validator NumberIn(T min, T max, std::string wanted) {
  return CLI::Validator(
      [min, max, wanted](std::string& text) -> std::string {
        T v{};
        const char* end = text.data() + text.size();
        const auto [at, ec] = std::from_chars(text.data(), end, v);
        if (text.empty() || ec != std::errc() || at != end || !(v >= min && v <= max)) {
          return fmt::format("expected {}, not '{}'", wanted, text);
        }
        return "";
      },
      "", "NumberIn");
}

CLI::Validator WholeNumber(uint64_t min, uint64_t max = UINT64_MAX) {
  return NumberIn(min, max,
                  max == UINT64_MAX ? fmt::format("a whole number {} or more", min)
                                    : fmt::format("a whole number from {} to {}", min, max));
}

// Decimals allowed; `noun` says what the number counts: "seconds", "a percentage".
CLI::Validator DecimalIn(double min, double max, std::string_view noun) {
  return NumberIn(min, max, fmt::format("{} from {} to {}", noun, min, max));
}

// "qadvisor: <message>" and the pointer to --help, on one line each: every usage error looks
// the same, whether CLI11 or a command found it.
int Usage(std::string message) {
  std::replace(message.begin(), message.end(), '\n', ' ');
  return UsageFail(message);
}

// What is wrong when argv names no subcommand, or one that does not exist: CLI11 would say "A
// subcommand is required" either way, which hides the typo. The top level has only flags
// (--help, --version), so the first other word is the subcommand. Hidden commands (an empty
// group: `completion`, `man`) are accepted but not listed, as --help does not list them.
std::optional<std::string> UnknownSubcommand(CLI::App& app, int argc, char** argv) {
  std::string known;
  for (const CLI::App* sub : app.get_subcommands({})) {
    if (sub->get_group().empty()) continue;
    known += (known.empty() ? "" : ", ") + sub->get_name();
  }
  if (argc <= 1) return fmt::format("no command given (the commands are {})", known);
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg.starts_with("-")) continue;
    for (const CLI::App* sub : app.get_subcommands({})) {
      if (sub->check_name(std::string(arg))) return std::nullopt;
    }
    return fmt::format("unknown command '{}' (the commands are {})", arg, known);
  }
  return std::nullopt;
}

// A CLI11 check made of one of the parsers that give a Result: their message is the error.
template <typename F>
CLI::Validator ParsedBy(F parse) {
  return CLI::Validator(
      [parse](std::string& text) -> std::string {
        const auto result = parse(text);
        return result.ok() ? "" : result.status().message();
      },
      "", "ParsedBy");
}

struct DigestArgs {
  std::vector<std::string> logs;
  size_t top = 20;
  std::string limit;  // --limit; of --top and --limit, the one given last counts
  bool limit_last = false;
  std::string order_by = "sum";
  std::string since, until, match;
  std::vector<std::string> dbs, users, hosts;
  std::string group_by = "fingerprint";
  std::string format = "text";
  std::string output;
  int threads = 0;
  size_t max_event_mb = 64;
  bool fold_digits = false;
  bool no_progress = false;
  std::string history;  // --history DSN
  std::string history_bucket = "1d";
  std::string history_source;  // empty: this machine's host name
  bool merge = false;          // LOG are digests (`--format json`) to merge
  bool compare = false;        // LOG are BEFORE and AFTER, digests or logs
  std::string threshold = "20%";
};

// --history: the digest's classes per time bucket into the tables of the DSN's database
// (connectors/digest_history.h). Problems are said on standard error; the exit code is the
// caller's.
int WriteDigestHistory(const DigestArgs& args, const analyzer::Digest& digest) {
  ConnectArgs connect;
  connect.dsn = args.history;
  Result<Server> server = ConnectServer(connect);
  if (!server.ok()) {
    fmt::print(stderr, "qadvisor: --history: {}\n", server.status().message());
    return kExitUsage;
  }
  connectors::HistoryOptions options;
  options.database = server->options.database;
  options.bucket_us = digest.options().bucket_us;
  options.source = args.history_source;
  if (options.source.empty()) {
    char host[256] = {};
    if (gethostname(host, sizeof host - 1) == 0) options.source = host;
  }
  Result<connectors::HistoryWritten> written =
      connectors::WriteHistory(*server->session, digest, options);
  if (!written.ok()) {
    fmt::print(stderr, "qadvisor: --history {}: {}\n", server->name(), written.status().message());
    return kExitUsage;
  }
  fmt::print(stderr, "qadvisor: history: {} class(es), {} bucket row(s) written to {} as '{}'\n",
             written->classes, written->rows, server->name(), options.source);
  if (written->unbucketed > 0) {
    fmt::print(stderr, "qadvisor: warning: history: {} event(s) without a timestamp left out\n",
               written->unbucketed);
  }
  return kExitOk;
}

// --threshold: "20%" or "20" (percent), more than 0.
Result<double> ParseThreshold(const std::string& text) {
  std::string_view t = text;
  if (t.ends_with('%')) t.remove_suffix(1);
  double v = 0;
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (t.empty() || ec != std::errc() || end != t.data() + t.size() || !(v > 0 && v <= 100000)) {
    return InvalidArgument(
        fmt::format("--threshold: expected a percentage above 0 (20%), not '{}'", text));
  }
  return v / 100;
}

// One side of --compare: a digest JSON (as --merge reads it) or a slow log (digested).
Result<analyzer::DigestRun> CompareSide(const std::string& path,
                                        const analyzer::DigestRunOptions& options) {
  Result<std::string> head = base::Head(path, 4096);
  if (!head.ok()) return head.status();
  if (analyzer::LooksLikeJson(*head)) return analyzer::MergeDigestFiles({path});
  return analyzer::RunDigest({path}, options);
}

int RunCompare(const DigestArgs& args, const analyzer::DigestRunOptions& options) {
  if (args.logs.size() != 2) {
    return Usage(
        fmt::format("--compare takes two inputs, BEFORE and AFTER, not {}", args.logs.size()));
  }
  analyzer::CompareOptions compare;
  compare.threshold = ParseThreshold(args.threshold).value();
  Result<analyzer::DigestRun> before = CompareSide(args.logs[0], options);
  if (!before.ok()) {
    fmt::print(stderr, "qadvisor: {}\n", before.status().message());
    return kExitUsage;
  }
  Result<analyzer::DigestRun> after = CompareSide(args.logs[1], options);
  if (!after.ok()) {
    fmt::print(stderr, "qadvisor: {}\n", after.status().message());
    return kExitUsage;
  }
  const analyzer::GroupBy a = before->digest.options().group_by;
  const analyzer::GroupBy b = after->digest.options().group_by;
  if (a != b) {
    fmt::print(stderr, "qadvisor: {} is grouped by {} and {} by {}: classes cannot be matched\n",
               args.logs[0], analyzer::GroupByName(a), args.logs[1], analyzer::GroupByName(b));
    return kExitUsage;
  }
  const analyzer::Comparison comparison =
      analyzer::CompareDigests(before->digest, after->digest, compare);
  report::CompareReport r;
  r.before = &*before;
  r.after = &*after;
  r.comparison = &comparison;
  r.threshold = compare.threshold;
  r.threshold_text = args.threshold.ends_with('%') ? args.threshold : args.threshold + "%";
  r.top = args.limit_last ? analyzer::ParseLimitSpec(args.limit).value().count : args.top;
  const std::string text = args.format == "json"       ? report::RenderCompareJson(r)
                           : args.format == "markdown" ? report::RenderCompareMarkdown(r)
                                                       : report::RenderCompareText(r);
  if (Status s = WriteOutput(args.output, text); !s.ok()) {
    fmt::print(stderr, "qadvisor: {}\n", s.message());
    return kExitUsage;
  }
  return kExitOk;
}

// Why --merge cannot take an option given with it, or "": the filters and the grouping act on
// events, and a digest has none left (each host filters and groups as it digests).
std::string MergeRefuses(const DigestArgs& args) {
  for (const auto& [given, name] : {std::pair{!args.since.empty(), "--since"},
                                    {!args.until.empty(), "--until"},
                                    {!args.dbs.empty(), "--db"},
                                    {!args.users.empty(), "--user"},
                                    {!args.hosts.empty(), "--host"},
                                    {!args.match.empty(), "--match"},
                                    {args.group_by != "fingerprint", "--group-by"},
                                    {args.fold_digits, "--fold-digits"}}) {
    if (given) {
      return fmt::format(
          "--merge reads digests: {} applies when each log is digested, not to the merge", name);
    }
  }
  return "";
}

// Leaves `run` to the end of the process, which returns its memory at once: freeing a digest
// of thousands of classes allocation by allocation took 30 ms, a tenth of what follows the
// reading of a 320 MiB log. Reachable from a static, so that leak checkers do not count it.
void KeepUntilExit(analyzer::DigestRun&& run) {
  static auto* kept = new std::vector<std::unique_ptr<analyzer::DigestRun>>();
  kept->push_back(std::make_unique<analyzer::DigestRun>(std::move(run)));
}

int RunDigestCommand(const DigestArgs& args) {
  analyzer::DigestRunOptions options;
  options.threads = args.threads;
  options.reader.max_event_bytes = args.max_event_mb << 20;
  options.digest.fingerprint.fold_identifier_digits = args.fold_digits;
  static const std::map<std::string, analyzer::GroupBy> kGroups = {
      {"fingerprint", analyzer::GroupBy::kFingerprint},
      {"db", analyzer::GroupBy::kDb},
      {"user", analyzer::GroupBy::kUser},
      {"host", analyzer::GroupBy::kHost},
      {"table", analyzer::GroupBy::kTable}};
  options.digest.group_by = kGroups.at(args.group_by);
  if (!args.history.empty()) {
    if (args.merge || args.compare) {
      return Usage(
          "--history buckets the events of logs: it cannot be used with --merge or --compare");
    }
    if (options.digest.group_by != analyzer::GroupBy::kFingerprint) {
      return Usage("--history keeps classes by fingerprint: it cannot be used with --group-by");
    }
    options.digest.bucket_us = connectors::ParseHistoryBucket(args.history_bucket).value();
  }

  // The filters. The syntax was checked while parsing the command line; what is left to refuse
  // is a window that is empty and a regex that does not compile.
  analyzer::EventFilterSpec filter;
  // Ages (12h) count back from the wall clock, once, before reading.
  const int64_t now_us = std::chrono::duration_cast<std::chrono::microseconds>(
                             std::chrono::system_clock::now().time_since_epoch())
                             .count();
  if (!args.since.empty()) {
    filter.since = analyzer::ParseTimeBound(args.since, now_us).value();
    filter.since_text = args.since;
  }
  if (!args.until.empty()) {
    filter.until = analyzer::ParseTimeBound(args.until, now_us).value();
    filter.until_text = args.until;
  }
  filter.dbs = args.dbs;
  filter.users = args.users;
  filter.hosts = args.hosts;
  filter.match = args.match;
  if (!filter.empty()) {
    Result<std::shared_ptr<const analyzer::EventFilter>> made =
        analyzer::EventFilter::Make(std::move(filter));
    if (!made.ok()) return Usage(made.status().message());
    options.digest.filter = *made;
  }
  if (args.merge) {
    if (const std::string why = MergeRefuses(args); !why.empty()) return Usage(why);
    if (args.compare) return Usage("--merge and --compare: merge each side first, then compare");
  }
  if (args.compare) return RunCompare(args, options);
  ProgressBar bar(!args.merge && !args.no_progress && WantProgress(TotalSize(args.logs)));
  options.progress = [&bar](uint64_t done, uint64_t total) { bar.Update(done, total); };

  Result<analyzer::DigestRun> run =
      args.merge ? analyzer::MergeDigestFiles(args.logs) : analyzer::RunDigest(args.logs, options);
  bar.Finish();
  if (!run.ok()) {
    fmt::print(stderr, "qadvisor: {}\n", run.status().message());
    return kExitUsage;
  }
  report::DigestReportOptions report_options;
  report_options.order = analyzer::ParseOrderSpec(args.order_by).value();
  if (args.limit_last) {
    report_options.limit = analyzer::ParseLimitSpec(args.limit).value();
  } else {
    report_options.limit.count = args.top;
    report_options.limit.name = fmt::format("{}", args.top);
  }
  // Which attributes a log has is known only now.
  Result<analyzer::Ranking> ranking = analyzer::ResolveOrder(run->digest, report_options.order);
  if (!ranking.ok() && run->digest.events() > 0) return Usage(ranking.status().message());
  if (ranking.ok()) report_options.ranking = *ranking;

  // Input problems were skipped; say so where a person will see it, not only in the report.
  for (size_t i = 0; i < run->issues.size() && i < 5; ++i) {
    const auto& fi = run->issues[i];
    fmt::print(stderr, "qadvisor: warning: {}:{}: byte {}: {}\n", fi.file, fi.issue.line,
               fi.issue.offset, fi.issue.message);
  }
  if (run->issue_count > 5) {
    fmt::print(stderr, "qadvisor: warning: {} more input problems (listed in the report)\n",
               run->issue_count - 5);
  }
  // A failed run writes no report: -o FILE keeps what it held.
  if (run->digest.events() == 0 && run->digest.filtered() == 0 && run->bytes > 0) {
    fmt::print(stderr, "qadvisor: no complete slow-log event in {} byte(s) of input\n", run->bytes);
    return kExitUsage;
  }
  Status written;
  if (args.format == "json") {
    // Tens of MiB for thousands of classes: written as it is made, never held whole.
    Result<OutputFile> out = OutputFile::Open(args.output);
    if (out.ok()) {
      report::WriteDigestJson(*run, report_options,
                              [&out](std::string_view piece) { out->Write(piece); });
      written = out->Commit();
    } else {
      written = out.status();
    }
  } else {
    written = WriteOutput(args.output, args.format == "markdown"
                                           ? report::RenderDigestMarkdown(*run, report_options)
                                           : report::RenderDigestText(*run, report_options));
  }
  if (!written.ok()) {
    fmt::print(stderr, "qadvisor: {}\n", written.message());
    return kExitUsage;
  }
  const int status = args.history.empty() ? kExitOk : WriteDigestHistory(args, run->digest);
  KeepUntilExit(std::move(*run));
  return status;
}

// Prints the class id and fingerprint of each statement: what `digest` would group it under.
// Statements come from -e arguments and from files ("-" for standard input), split as the
// mysql client splits a script (DELIMITER included).
int RunFingerprintCommand(const std::vector<std::string>& sql,
                          const std::vector<std::string>& files, bool fold_digits) {
  parser::FingerprintOptions options;
  options.fold_identifier_digits = fold_digits;
  std::string out;
  auto print = [&](std::string_view text) {
    const std::string fp = parser::Fingerprint(text, options);
    out += fmt::format("{}  {}\n", analyzer::FormatClassId(analyzer::ClassId(fp)),
                       base::Printable(fp));
  };
  for (const std::string& s : sql) print(s);
  std::vector<std::string> inputs = files;
  if (sql.empty() && inputs.empty()) inputs.push_back("-");
  for (const std::string& path : inputs) {
    Result<std::string> text = ReadWholeFile(path);
    if (!text.ok()) {
      fmt::print(stderr, "qadvisor: {}\n", text.status().message());
      return kExitUsage;
    }
    for (const parser::StatementText& st : parser::SplitStatements(*text)) print(st.text);
  }
  if (Status s = WriteOutput("", out); !s.ok()) {
    fmt::print(stderr, "qadvisor: {}\n", s.message());
    return kExitUsage;
  }
  return kExitOk;
}

// Parses SQL scripts and prints each statement back (or its AST as JSON), with diagnostics as
// a compiler prints them. Exit 2 when a statement does not parse; statements of kinds the
// parser does not model yet are listed as notes, not failures.
int RunParseCommand(const std::vector<std::string>& files, bool json) {
  std::string out;
  bool failed = false;
  if (json) out += "[";
  bool first = true;
  for (const std::string& path : files) {
    Result<std::string> text = ReadWholeFile(path);
    if (!text.ok()) {
      fmt::print(stderr, "qadvisor: {}\n", text.status().message());
      return kExitUsage;
    }
    const parser::ParseResult result = parser::Parse(*text);
    const std::string name = path == "-" ? "stdin" : path;
    for (const parser::Diagnostic& d : result.diagnostics()) {
      failed = failed || d.severity == parser::Severity::kError;
      fmt::print(stderr, "{}:{}\n", name, d.ToString());
    }
    for (const parser::ast::Statement* st : result.statements()) {
      if (json) {
        std::string escaped;
        report::AppendJsonEscaped(escaped, name);
        out += fmt::format("{}\n{{\"file\": \"{}\", \"line\": {}, \"column\": {}, \"ast\": {}}}",
                           first ? "" : ",", escaped, st->line, st->column, parser::ToJson(*st));
      } else if (st->kind == parser::ast::StatementKind::kUnsupported) {
        // Not modelled: show it as written rather than a printed form it does not have.
        out += fmt::format(
            "-- {}:{}:{} (not modelled yet)\n{};\n", name, st->line, st->column,
            base::Printable(std::string_view(*text).substr(st->span.offset, st->span.length)));
      } else {
        out += fmt::format("-- {}:{}:{}\n{};\n", name, st->line, st->column,
                           base::Printable(parser::ToSql(*st)));
      }
      first = false;
    }
  }
  if (json) out += "\n]\n";
  if (Status s = WriteOutput("", out); !s.ok()) {
    fmt::print(stderr, "qadvisor: {}\n", s.message());
    return kExitUsage;
  }
  return failed ? kExitUsage : kExitOk;
}

// `completion bash|zsh` and `man`: what `cmake --install` installs, generated from the App that
// parses this very command line, so they cannot drift from it.
int RunGeneratedCommand(const CLI::App& app, const std::string& what, const std::string& output) {
  const CommandSpec spec = DescribeApp(app);
  const std::string text = what == "man"    ? ManPage(spec, QADVISOR_VERSION)
                           : what == "bash" ? BashCompletion(spec)
                                            : ZshCompletion(spec);
  if (Status s = WriteOutput(output, text); !s.ok()) {
    fmt::print(stderr, "qadvisor: {}\n", s.message());
    return kExitUsage;
  }
  return kExitOk;
}

}  // namespace
}  // namespace qadvisor::cli

int main(int argc, char** argv) {
  using qadvisor::cli::DecimalIn;
  using qadvisor::cli::DigestArgs;
  using qadvisor::cli::WholeNumber;
  // Named here, not after argv[0]: the usage line, the man page and the completions say
  // "qadvisor" however the binary was called.
  CLI::App app{"qadvisor: query and index advisor for MySQL and MariaDB", "qadvisor"};
  app.set_version_flag("--version", std::string("qadvisor " QADVISOR_VERSION));
  app.require_subcommand(1);
  // An option given twice takes its last value, as most command lines do (a wrapper script's
  // default, then the user's own). Set before the subcommands are made: each copies these
  // defaults into every option it adds. Repeatable options (--schema, -e) still collect all.
  app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);

  DigestArgs digest;
  CLI::App* cmd = app.add_subcommand(
      "digest", "Group slow-log events into query classes, ranked by total time");
  cmd->add_option("LOG", digest.logs, "Slow query logs ('-' for standard input)")->required();
  CLI::Option* top = cmd->add_option("--top", digest.top, "Classes to report (0 for all)")
                         ->check(WholeNumber(0))
                         ->capture_default_str();
  CLI::Option* limit =
      cmd->add_option("--limit", digest.limit,
                      "Classes to report: N (0 for all), N% of the --order-by total, or N%:M "
                      "(pt-query-digest's name for --top; the last of the two given counts)")
          ->check(qadvisor::cli::ParsedBy(qadvisor::analyzer::ParseLimitSpec));
  cmd->add_option("--order-by", digest.order_by,
                  "Rank by ATTRIBUTE:AGG (Query_time:sum, Rows_examined:max; AGG: sum, max, avg, "
                  "p95, count); sum, count, max, p95 alone are Query_time's")
      ->check(qadvisor::cli::ParsedBy(qadvisor::analyzer::ParseOrderSpec))
      ->capture_default_str();
  cmd->add_option("--group-by", digest.group_by,
                  "One class per fingerprint, database, user, host, or table named")
      ->check(CLI::IsMember({"fingerprint", "db", "user", "host", "table"}))
      ->capture_default_str();
  auto time_bound = [](const std::string& text) {
    return qadvisor::analyzer::ParseTimeBound(text, 0);
  };
  cmd->add_option("--since", digest.since,
                  "Only events at or after this time: 2024-05-01, '2024-05-01 10:00:00', or an "
                  "age (30m, 12h, 7d, 2w) before now")
      ->check(qadvisor::cli::ParsedBy(time_bound))
      ->group("Filters");
  cmd->add_option("--until", digest.until,
                  "Only events before this time (the same forms as --since)")
      ->check(qadvisor::cli::ParsedBy(time_bound))
      ->group("Filters");
  for (auto [name, values, what] :
       {std::tuple{"--db", &digest.dbs, "Only events in these databases"},
        std::tuple{"--user", &digest.users, "Only events of these users"},
        std::tuple{"--host", &digest.hosts, "Only events from these hosts"}}) {
    cmd->add_option(name, *values, std::string(what) + " (repeatable, or comma-separated)")
        ->delimiter(',')
        ->allow_extra_args(false)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
        ->group("Filters");
  }
  cmd->add_option("--match", digest.match,
                  "Only events whose fingerprint this regular expression (ECMAScript, "
                  "case-insensitive) finds a match in")
      ->group("Filters");
  cmd->add_option("--format", digest.format, "Report format")
      ->check(CLI::IsMember({"text", "json", "markdown"}))
      ->capture_default_str();
  cmd->add_option("-o,--output", digest.output,
                  "Write the report to FILE instead of standard output");
  cmd->add_option("--threads", digest.threads, "Worker threads (0: one per core)")
      ->check(WholeNumber(0, 256))
      ->capture_default_str();
  cmd->add_option("--max-event-size", digest.max_event_mb,
                  "Largest event read, in MiB; larger ones are skipped and reported")
      ->check(WholeNumber(1, 4096))
      ->capture_default_str();
  cmd->add_flag("--fold-digits", digest.fold_digits,
                "Group identifiers that differ only in digits (orders_2023, orders_2024), as "
                "pt-query-digest does");
  cmd->add_flag("--no-progress", digest.no_progress, "Never draw a progress bar");
  cmd->add_option("--history", digest.history,
                  "Also upsert each class's figures per time bucket into tables qadvisor creates "
                  "in the database this DSN names (docs/history.md)")
      ->group("History");
  cmd->add_option("--history-bucket", digest.history_bucket,
                  "The length of a history bucket: a whole number and s, m, h, d or w")
      ->check(qadvisor::cli::ParsedBy(qadvisor::connectors::ParseHistoryBucket))
      ->capture_default_str()
      ->group("History");
  cmd->add_option("--history-source", digest.history_source,
                  "The source label of the history rows (default: this machine's host name)")
      ->group("History");
  cmd->add_flag("--merge", digest.merge,
                "LOG are digests written by `digest --format json` (one per host): report them "
                "merged, as one digest of all their logs");
  cmd->add_flag("--compare", digest.compare,
                "LOG are BEFORE and AFTER (digest JSON or slow logs): list the classes new, gone, "
                "and grown beyond --threshold in p95 or total Query_time, by impact");
  cmd->add_option("--threshold", digest.threshold,
                  "With --compare: growth that counts, in percent (p95 or total Query_time)")
      ->check(qadvisor::cli::ParsedBy(qadvisor::cli::ParseThreshold))
      ->capture_default_str();

  std::vector<std::string> fingerprint_sql, fingerprint_files;
  bool fingerprint_fold = false;
  CLI::App* fp =
      app.add_subcommand("fingerprint", "Print the class id and fingerprint of each SQL statement");
  fp->add_option("FILE", fingerprint_files, "SQL scripts ('-' for standard input, the default)");
  fp->add_option("-e,--execute", fingerprint_sql, "A statement given on the command line")
      ->allow_extra_args(false);
  fp->add_flag("--fold-digits", fingerprint_fold, "Group identifiers that differ only in digits");

  std::vector<std::string> parse_files;
  bool parse_json = false;
  CLI::App* parse =
      app.add_subcommand("parse", "Parse SQL scripts; print each statement back, or its AST");
  parse->add_option("FILE", parse_files, "SQL scripts ('-' for standard input)")->required();
  parse->add_flag("--json", parse_json, "Print the AST of each statement as JSON");

  qadvisor::cli::CheckArgs check;
  CLI::App* chk = app.add_subcommand(
      "check", "Check SQL scripts and slow logs against a schema; exit 1 on findings");
  chk->add_option("FILE", check.inputs,
                  "SQL scripts, folders of migrations (their .sql files, by version) or slow logs "
                  "('-' for a script on stdin)")
      ->required();
  // One value per occurrence, as for advise: `--schema a.sql q1.sql q2.sql` checks q1 and q2.
  chk->add_option("--schema", check.schema.schemas, "DDL file applied first (repeatable)")
      ->allow_extra_args(false);
  chk->add_option("--workload", check.workload,
                  "What the running application uses, not checked: a slow log or SQL file, or "
                  "performance_schema / slow_log_table with --dsn (repeatable)")
      ->allow_extra_args(false);
  chk->add_option("--format", check.format, "Output format")
      ->check(CLI::IsMember({"text", "json", "sarif", "markdown", "github", "codeclimate"}))
      ->capture_default_str();
  chk->add_option("--fail-on", check.fail_on,
                  "Exit 1 when a finding has this severity or a higher one (default: error)")
      ->check(CLI::IsMember({"error", "warning", "info"}));
  chk->add_option("--baseline", check.baseline, "Ignore the findings recorded in FILE");
  chk->add_option("--write-baseline", check.write_baseline,
                  "Record the current findings in FILE and exit 0");
  chk->add_option("--rules", check.schema.only, "Run only these rules (comma-separated ids)")
      ->allow_extra_args(false);
  chk->add_option("--disable", check.schema.disable, "Do not run these rules (comma-separated ids)")
      ->allow_extra_args(false);
  chk->add_option("--config", check.schema.config,
                  "Read this .qadvisor.toml (default: the nearest one upwards)");
  chk->add_flag("--no-config", check.schema.no_config, "Read no configuration file");
  chk->add_option("--flavor", check.schema.flavor, "Server defaults to assume")
      ->check(CLI::IsMember({"mysql8", "mariadb"}));
  chk->add_option("--lower-case-table-names", check.schema.lower_case_table_names,
                  "As the server variable: 0 compares table names case-sensitively")
      ->check(WholeNumber(0, 2));
  chk->add_option("--stats", check.schema.stats, "Table and index statistics (docs/stats.md)");
  chk->add_option("--target", check.target,
                  "The server migrations run on, for online DDL: mysql-8.0, mysql-8.4, "
                  "mariadb-10.6, mariadb-10.11, mariadb-11.4 or a full version (default: the "
                  "--dsn server, else mysql-8.0)");
  chk->add_option("-o,--output", check.output, "Write the report to FILE");
  chk->add_option("--color", check.color, "Colour the text report")
      ->check(CLI::IsMember({"auto", "always", "never"}))
      ->capture_default_str();
  chk->add_flag("--ansi-quotes", check.schema.ansi_quotes,
                "Read \"x\" as an identifier (ANSI_QUOTES)");
  chk->add_option("--docs-url", check.ci.docs_url,
                  "Base URL of the rule pages linked from the report ({rule}: the rule id)");
  chk->add_option("--changed-since", check.ci.changed_since,
                  "Report only findings in files changed since the merge base of GIT_REF and "
                  "HEAD (and uncommitted ones)")
      ->type_name("GIT_REF");
  qadvisor::cli::AddConnectOptions(*chk, check.schema.connect);

  qadvisor::cli::AdviseArgs advise;
  CLI::App* adv = app.add_subcommand(
      "advise", "Rank a slow log's query classes, say what is wrong, and propose indexes");
  adv->add_option("FILE", advise.inputs, "Slow logs or SQL scripts (none needed with --workload)");
  // One value per occurrence: FILE is optional (with --workload), so CLI11 reserves no
  // argument for it and a greedy list would swallow the logs after `--schema a.sql`.
  adv->add_option("--schema", advise.schema.schemas, "DDL file applied first (repeatable)")
      ->allow_extra_args(false);
  adv->add_option("--stats", advise.schema.stats, "Table and index statistics (docs/stats.md)");
  adv->add_option("--format", advise.format, "Report format")
      ->check(CLI::IsMember({"text", "markdown", "json", "html"}))
      ->capture_default_str();
  adv->add_option("--top", advise.top, "Query classes in the report (0 for all)")
      ->check(WholeNumber(0))
      ->capture_default_str();
  adv->add_option("--max-indexes-per-table", advise.max_indexes_per_table,
                  "Most indexes proposed for one table")
      ->check(WholeNumber(1, 64))
      ->capture_default_str();
  adv->add_option("--min-share", advise.min_share,
                  "No index for a class below this percentage of the workload's time (default "
                  "0.5; min-share in .qadvisor.toml)")
      ->check(DecimalIn(0, 100, "a percentage"));
  adv->add_option("-o,--output", advise.output, "Write the report to FILE");
  adv->add_option("--threads", advise.threads, "Worker threads (0: one per core)")
      ->check(WholeNumber(0, 256));
  adv->add_flag("--no-progress", advise.no_progress, "Never draw a progress bar");
  adv->add_option("--rules", advise.schema.only, "Run only these rules (comma-separated ids)")
      ->allow_extra_args(false);
  adv->add_option("--disable", advise.schema.disable, "Do not run these rules")
      ->allow_extra_args(false);
  adv->add_option("--config", advise.schema.config, "Read this .qadvisor.toml");
  adv->add_flag("--no-config", advise.schema.no_config, "Read no configuration file");
  adv->add_option("--flavor", advise.schema.flavor, "Server defaults to assume")
      ->check(CLI::IsMember({"mysql8", "mariadb"}));
  adv->add_option("--lower-case-table-names", advise.schema.lower_case_table_names,
                  "As the server variable")
      ->check(WholeNumber(0, 2));
  qadvisor::cli::AddConnectOptions(*adv, advise.schema.connect);
  adv->add_option("--workload", advise.workload,
                  "Also take the workload from the server: performance_schema (its statement "
                  "digest summary) or slow_log_table (mysql.slow_log)")
      ->check(CLI::IsMember({"performance_schema", "slow_log_table"}))
      ->group("Connecting to a server");
  adv->add_option("--workload-rows", advise.workload_rows,
                  "Most rows read for --workload: the newest slow-log rows, the costliest digests")
      ->check(WholeNumber(1, 1'000'000'000))
      ->capture_default_str()
      ->group("Connecting to a server");

  qadvisor::cli::VerifyArgs verify;
  CLI::App* ver = app.add_subcommand(
      "verify",
      "Advise, then measure each proposed index before and after on a server or a sandbox");
  ver->add_option("FILE", verify.advise.inputs, "Slow logs or SQL scripts");
  ver->add_option("--schema", verify.advise.schema.schemas, "DDL file applied first (repeatable)")
      ->allow_extra_args(false);
  ver->add_flag("--sandbox", verify.sandbox,
                "Measure on a private server started here, loaded with the schema and rows");
  ver->add_flag("--allow-ddl", verify.allow_ddl,
                "Let verify create (and drop again) each proposed index on the --dsn server");
  ver->add_flag("--allow-writes", verify.allow_writes,
                "Also time the workload's writes on the --dsn server, each rolled back (with "
                "--allow-ddl; the sandbox always does)");
  ver->add_flag("--allow-analyze", verify.allow_analyze,
                "Run ANALYZE TABLE on the --dsn server where the optimizer chose a worse index, "
                "then measure again (the sandbox always may)");
  ver->add_option("--min-speedup", verify.min_speedup,
                  "optimizer-wrong-index: how many times faster another existing index must be")
      ->check(DecimalIn(1.0, 1000.0, "a factor"))
      ->capture_default_str();
  ver->add_flag("--cleanup", verify.cleanup,
                "Only drop the qadv_ indexes an interrupted run left on the server");
  ver->add_option("--rows", verify.rows, "Sandbox rows per table without a row-count statistic")
      ->check(WholeNumber(1, 100'000'000))
      ->capture_default_str();
  ver->add_option("--runs", verify.runs, "Timed runs before and after (the median is reported)")
      ->check(WholeNumber(1, 1000))
      ->capture_default_str();
  ver->add_option("--time-limit", verify.time_limit, "Seconds a statement may run")
      ->check(DecimalIn(0.001, 86400.0, "seconds"))
      ->capture_default_str();
  ver->add_option("--max-queries", verify.max_queries, "Query classes measured per proposal")
      ->check(WholeNumber(1, 1000))
      ->capture_default_str();
  ver->add_option("--server", verify.server, "Sandbox: the mariadbd or mysqld binary to start");
  ver->add_option("--stats-from", verify.stats_from,
                  "Sandbox: shape the generated rows by this server's statistics (a DSN)");
  ver->add_option("--sample-from", verify.sample_from,
                  "Sandbox: copy up to --rows rows of each table from this server (a DSN)");
  ver->add_flag("--keep-sandbox", verify.keep_sandbox,
                "Sandbox: leave its directory behind (for debugging)");
  ver->add_option("--stats", verify.advise.schema.stats, "Table and index statistics");
  ver->add_option("--format", verify.advise.format, "Report format")
      ->check(CLI::IsMember({"text", "markdown", "json", "html"}))
      ->capture_default_str();
  ver->add_option("--top", verify.advise.top, "Query classes in the report (0 for all)")
      ->check(WholeNumber(0))
      ->capture_default_str();
  ver->add_option("--max-indexes-per-table", verify.advise.max_indexes_per_table,
                  "Most indexes proposed for one table")
      ->check(WholeNumber(1, 64))
      ->capture_default_str();
  ver->add_option("--min-share", verify.advise.min_share,
                  "No index for a class below this percentage of the workload's time")
      ->check(DecimalIn(0, 100, "a percentage"));
  ver->add_option("-o,--output", verify.advise.output, "Write the report to FILE");
  ver->add_option("--threads", verify.advise.threads, "Worker threads (0: one per core)")
      ->check(WholeNumber(0, 256));
  ver->add_flag("--no-progress", verify.advise.no_progress, "Print no progress lines");
  ver->add_option("--rules", verify.advise.schema.only, "Run only these rules")
      ->allow_extra_args(false);
  ver->add_option("--disable", verify.advise.schema.disable, "Do not run these rules")
      ->allow_extra_args(false);
  ver->add_option("--config", verify.advise.schema.config, "Read this .qadvisor.toml");
  ver->add_flag("--no-config", verify.advise.schema.no_config, "Read no configuration file");
  ver->add_option("--flavor", verify.advise.schema.flavor, "Server defaults to assume")
      ->check(CLI::IsMember({"mysql8", "mariadb"}));
  qadvisor::cli::AddConnectOptions(*ver, verify.advise.schema.connect);
  ver->add_option("--workload", verify.advise.workload,
                  "Also take the workload from the server: performance_schema or slow_log_table")
      ->check(CLI::IsMember({"performance_schema", "slow_log_table"}))
      ->group("Connecting to a server");

  std::string rules_format = "text";
  CLI::App* rules = app.add_subcommand("rules", "List the rules with their severity and options");
  rules->add_option("--format", rules_format, "Output format")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  std::string explain_id;
  CLI::App* explain = app.add_subcommand("explain", "Print the documentation of a rule");
  explain->add_option("RULE", explain_id, "A rule id, as `qadvisor rules` lists them")->required();

  // Hidden (an empty group): for packagers and shell setup, documented in docs/cli.md. Added
  // last, so that they see every command they describe.
  std::string completion_shell, generated_output;
  CLI::App* completion =
      app.add_subcommand("completion", "Print the shell completion script for bash or zsh");
  completion->group("");
  completion->add_option("SHELL", completion_shell, "The shell")
      ->required()
      ->check(CLI::IsMember({"bash", "zsh"}));
  completion->add_option("-o,--output", generated_output, "Write the script to FILE");
  CLI::App* man = app.add_subcommand("man", "Print the man page (roff)");
  man->group("");
  man->add_option("-o,--output", generated_output, "Write the man page to FILE");

  if (std::optional<std::string> unknown = qadvisor::cli::UnknownSubcommand(app, argc, argv)) {
    return qadvisor::cli::Usage(*unknown);
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version end parsing with exit code 0: CLI11 prints those itself.
    if (e.get_exit_code() == 0) return app.exit(e);
    return qadvisor::cli::Usage(e.what());
  }
  if (cmd->parsed()) {
    for (const CLI::Option* o : cmd->parse_order()) {
      if (o == top) digest.limit_last = false;
      if (o == limit) digest.limit_last = true;
    }
    return qadvisor::cli::RunDigestCommand(digest);
  }
  if (chk->parsed()) return qadvisor::cli::RunCheckCommand(check);
  if (adv->parsed()) return qadvisor::cli::RunAdviseCommand(advise);
  if (ver->parsed()) return qadvisor::cli::RunVerifyCommand(verify);
  if (rules->parsed()) return qadvisor::cli::RunRulesCommand(rules_format);
  if (explain->parsed()) return qadvisor::cli::RunExplainCommand(explain_id);
  if (parse->parsed()) return qadvisor::cli::RunParseCommand(parse_files, parse_json);
  if (completion->parsed()) {
    return qadvisor::cli::RunGeneratedCommand(app, completion_shell, generated_output);
  }
  if (man->parsed()) return qadvisor::cli::RunGeneratedCommand(app, "man", generated_output);
  if (fp->parsed()) {
    return qadvisor::cli::RunFingerprintCommand(fingerprint_sql, fingerprint_files,
                                                fingerprint_fold);
  }
  return 2;
}
