// `qadvisor check`, `advise`, `rules` and `explain`: the commands that read a schema.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analyzer/catalog.h"
#include "cli/ci.h"
#include "cli/connect.h"
#include "report/check_report.h"
#include "rules/checker.h"

namespace qadvisor::cli {

// What `check` and `advise` share: the schema, statistics, configuration and rule selection.
struct SchemaArgs {
  std::vector<std::string> schemas;  // DDL files applied before the inputs
  std::string stats;
  std::string config;  // --config FILE; empty: search from the working directory
  bool no_config = false;
  std::string flavor;               // mysql8 | mariadb; empty: config, else mysql8
  int lower_case_table_names = -1;  // -1: config, else 0
  bool ansi_quotes = false;
  std::vector<std::string> only;     // --rules
  std::vector<std::string> disable;  // --disable
  ConnectArgs connect;               // --dsn, --socket, …: the schema (and more) from a server
};

struct CheckArgs {
  SchemaArgs schema;
  std::vector<std::string> inputs;  // .sql scripts or slow logs ("-": standard input)
  // --workload: slow logs, SQL files of queries, performance_schema or slow_log_table (with a
  // server): what the running application uses, not checked.
  std::vector<std::string> workload;
  std::string format = "text";  // text | json | sarif | markdown | github | codeclimate
  std::string fail_on;          // error | warning | info; empty: config, else "error"
  std::string baseline;
  std::string write_baseline;
  std::string output;
  std::string color = "auto";  // auto | always | never
  // The server the migrations run on (mysql-8.0, mariadb-10.11, mysql-8.0.36, …); empty: the
  // --dsn server's version, else mariadb-10.11 under --flavor mariadb, else mysql-8.0.
  std::string target;
  CiArgs ci;  // --docs-url, --changed-since
};

struct AdviseArgs {
  SchemaArgs schema;
  std::vector<std::string> inputs;  // slow logs or .sql scripts
  std::string format = "text";      // text | markdown | json | html
  size_t top = 20;
  size_t max_indexes_per_table = 3;
  std::optional<double> min_share;  // percent; else the configuration's, else 0.5
  std::string output;
  int threads = 0;
  bool no_progress = false;
  // --workload performance_schema|slow_log_table: the workload from the server (with --dsn),
  // besides any FILE; at most workload_rows rows of it.
  std::string workload;
  uint64_t workload_rows = 1'000'000;
};

// The rules of `checker` that need a schema, when there is none to judge by: no --schema, no
// server, and no table defined by the inputs either. Empty when there is one.
report::NotRun NotRunWithoutSchema(const SchemaArgs& args, bool server,
                                   const analyzer::Catalog& catalog, const rules::Checker& checker);

int RunCheckCommand(const CheckArgs& args);
int RunAdviseCommand(const AdviseArgs& args);
// Lists the rules: id, severity, scope, summary and options.
int RunRulesCommand(const std::string& format);
// Prints a rule's documentation page.
int RunExplainCommand(const std::string& id);

}  // namespace qadvisor::cli
