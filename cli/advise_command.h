// What `advise` computes before it renders, kept together so `verify` can start from it: the
// configuration, the catalog, the digested workload, each class bound once, the rules' findings
// and the advice.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "analyzer/advisor.h"
#include "analyzer/catalog.h"
#include "analyzer/digest_runner.h"
#include "base/status.h"
#include "cli/check_command.h"
#include "cli/connect.h"
#include "cli/setup.h"
#include "parser/parser.h"
#include "report/advise_report.h"
#include "rules/checker.h"

namespace qadvisor::cli {

// One query class, parsed and bound once: the advisor and the rules both read its model.
struct BoundClass {
  std::string id;    // 16 hex digits
  std::string file;  // where its sample is: the input file and line of its statement
  uint32_t line = 0;
  parser::ParseResult parsed;
  analyzer::QueryModel model;
};

// Not movable once built: the checker and the workload point into it.
struct AdviseState {
  Setup setup;
  analyzer::Catalog catalog;
  std::unique_ptr<rules::Checker> checker;
  analyzer::DigestRun run;
  std::vector<bool> is_log;  // per run.files entry: a slow log (else a SQL script)
  std::vector<std::unique_ptr<BoundClass>> bound;
  std::vector<analyzer::WorkloadQuery> workload;
  analyzer::Advice advice;
  report::AdviseReport report;   // points into this state
  std::optional<Server> server;  // the server --dsn / --socket named, still connected
};

// Reads the schema, the inputs and the configuration, checks every class and advises. The
// error is a message for Fail().
Result<std::unique_ptr<AdviseState>> PrepareAdvice(const AdviseArgs& args);

// The report in `format` (text, markdown, json, html).
std::string RenderAdvise(const report::AdviseReport& report, const std::string& format);

}  // namespace qadvisor::cli
