// qadvisor: the command-line entry point. Only this folder knows about argv, the terminal and
// exit codes: 0 success, 1 findings at or above --fail-on (later commands), 2 usage or input
// error.
#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "analyzer/digest_runner.h"
#include "cli/progress.h"
#include "parser/parser.h"
#include "parser/splitter.h"
#include "report/digest_report.h"
#include "report/json_writer.h"

namespace qadvisor::cli {
namespace {

constexpr int kExitOk = 0;
constexpr int kExitUsage = 2;

// Writes `text` to `path` through a temporary file and a rename, so that a failed run never
// leaves a half-written report where a good one was.
Status WriteOutput(const std::string& path, const std::string& text) {
  if (path.empty() || path == "-") {
    if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() ||
        std::fflush(stdout) != 0) {
      return IoError("cannot write to standard output");
    }
    return Status::Ok();
  }
  const std::string tmp = path + ".qadvisor-tmp";
  std::FILE* f = std::fopen(tmp.c_str(), "wb");
  if (f == nullptr) return IoError(fmt::format("{}: cannot write: {}", path, std::strerror(errno)));
  const bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  if (std::fclose(f) != 0 || !ok) {
    std::remove(tmp.c_str());
    return IoError(fmt::format("{}: write failed", path));
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    return IoError(fmt::format("{}: cannot replace: {}", path, std::strerror(errno)));
  }
  return Status::Ok();
}

// Reads a SQL file ("-": standard input) whole: scripts are small next to slow logs.
Result<std::string> ReadWholeFile(const std::string& path) {
  std::FILE* f = path == "-" ? stdin : std::fopen(path.c_str(), "rb");
  if (f == nullptr) {
    return Status(errno == ENOENT ? StatusCode::kNotFound : StatusCode::kIoError,
                  fmt::format("{}: cannot open: {}", path, std::strerror(errno)));
  }
  std::string text;
  char buf[1 << 16];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) text.append(buf, n);
  const bool failed = std::ferror(f) != 0;
  if (f != stdin) std::fclose(f);
  if (failed) return IoError(fmt::format("{}: read failed", path));
  return text;
}

uint64_t TotalSize(const std::vector<std::string>& paths) {
  uint64_t total = 0;
  for (const std::string& p : paths) {
    struct stat st {};
    if (p != "-" && ::stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode)) total += st.st_size;
  }
  return total;
}

struct DigestArgs {
  std::vector<std::string> logs;
  size_t top = 20;
  std::string order_by = "sum";
  std::string format = "text";
  std::string output;
  int threads = 0;
  size_t max_event_mb = 64;
  bool fold_digits = false;
  bool no_progress = false;
};

int RunDigestCommand(const DigestArgs& args) {
  analyzer::DigestRunOptions options;
  options.threads = args.threads;
  options.reader.max_event_bytes = args.max_event_mb << 20;
  options.digest.fingerprint.fold_identifier_digits = args.fold_digits;
  ProgressBar bar(!args.no_progress && WantProgress(TotalSize(args.logs)));
  options.progress = [&bar](uint64_t done, uint64_t total) { bar.Update(done, total); };

  Result<analyzer::DigestRun> run = analyzer::RunDigest(args.logs, options);
  bar.Finish();
  if (!run.ok()) {
    fmt::print(stderr, "qadvisor: {}\n", run.status().message());
    return kExitUsage;
  }
  report::DigestReportOptions report_options;
  report_options.top = args.top;
  static const std::map<std::string, analyzer::OrderBy> kOrders = {
      {"sum", analyzer::OrderBy::kSum},
      {"count", analyzer::OrderBy::kCount},
      {"max", analyzer::OrderBy::kMax},
      {"p95", analyzer::OrderBy::kP95}};
  report_options.order = kOrders.at(args.order_by);

  std::string text;
  if (args.format == "json") {
    text = report::RenderDigestJson(*run, report_options);
  } else if (args.format == "markdown") {
    text = report::RenderDigestMarkdown(*run, report_options);
  } else {
    text = report::RenderDigestText(*run, report_options);
  }
  if (Status s = WriteOutput(args.output, text); !s.ok()) {
    fmt::print(stderr, "qadvisor: {}\n", s.message());
    return kExitUsage;
  }
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
  if (run->digest.events() == 0 && run->bytes > 0) {
    fmt::print(
        stderr,
        "qadvisor: no slow-log events found in {} byte(s) of input: is it a slow query log?\n",
        run->bytes);
    return kExitUsage;
  }
  return kExitOk;
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
    out += fmt::format("{}  {}\n", analyzer::FormatClassId(analyzer::ClassId(fp)), fp);
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
        out += fmt::format("-- {}:{}:{} (not modelled yet)\n{};\n", name, st->line, st->column,
                           std::string_view(*text).substr(st->span.offset, st->span.length));
      } else {
        out += fmt::format("-- {}:{}:{}\n{};\n", name, st->line, st->column, parser::ToSql(*st));
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

}  // namespace
}  // namespace qadvisor::cli

int main(int argc, char** argv) {
  using qadvisor::cli::DigestArgs;
  CLI::App app{"qadvisor: query and index advisor for MySQL and MariaDB"};
  app.set_version_flag("--version", std::string("qadvisor 0.1.0"));
  app.require_subcommand(1);

  DigestArgs digest;
  CLI::App* cmd = app.add_subcommand(
      "digest", "Group slow-log events into query classes, ranked by total time");
  cmd->add_option("LOG", digest.logs, "Slow query logs ('-' for standard input)")->required();
  cmd->add_option("--top", digest.top, "Classes to report (0 for all)")->capture_default_str();
  cmd->add_option("--order-by", digest.order_by, "Rank by total time, calls, slowest call or p95")
      ->check(CLI::IsMember({"sum", "count", "max", "p95"}))
      ->capture_default_str();
  cmd->add_option("--format", digest.format, "Report format")
      ->check(CLI::IsMember({"text", "json", "markdown"}))
      ->capture_default_str();
  cmd->add_option("-o,--output", digest.output,
                  "Write the report to FILE instead of standard output");
  cmd->add_option("--threads", digest.threads, "Worker threads (0: one per core)")
      ->check(CLI::Range(0, 256))
      ->capture_default_str();
  cmd->add_option("--max-event-size", digest.max_event_mb,
                  "Largest event read, in MiB; larger ones are skipped and reported")
      ->check(CLI::Range(1, 4096))
      ->capture_default_str();
  cmd->add_flag("--fold-digits", digest.fold_digits,
                "Group identifiers that differ only in digits (orders_2023, orders_2024), as "
                "pt-query-digest does");
  cmd->add_flag("--no-progress", digest.no_progress, "Never draw a progress bar");

  std::vector<std::string> fingerprint_sql, fingerprint_files;
  bool fingerprint_fold = false;
  CLI::App* fp =
      app.add_subcommand("fingerprint", "Print the class id and fingerprint of each SQL statement");
  fp->add_option("FILE", fingerprint_files, "SQL scripts ('-' for standard input, the default)");
  fp->add_option("-e,--execute", fingerprint_sql, "A statement given on the command line");
  fp->add_flag("--fold-digits", fingerprint_fold, "Group identifiers that differ only in digits");

  std::vector<std::string> parse_files;
  bool parse_json = false;
  CLI::App* parse =
      app.add_subcommand("parse", "Parse SQL scripts; print each statement back, or its AST");
  parse->add_option("FILE", parse_files, "SQL scripts ('-' for standard input)")->required();
  parse->add_flag("--json", parse_json, "Print the AST of each statement as JSON");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : 2;
  }
  if (cmd->parsed()) return qadvisor::cli::RunDigestCommand(digest);
  if (parse->parsed()) return qadvisor::cli::RunParseCommand(parse_files, parse_json);
  if (fp->parsed()) {
    return qadvisor::cli::RunFingerprintCommand(fingerprint_sql, fingerprint_files,
                                                fingerprint_fold);
  }
  return 2;
}
