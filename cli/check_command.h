// `qadvisor check`, `qadvisor rules` and `qadvisor explain`: the linter side of qadvisor.
#pragma once

#include <string>
#include <vector>

namespace qadvisor::cli {

struct CheckArgs {
  std::vector<std::string> inputs;   // .sql scripts or slow logs ("-": standard input)
  std::vector<std::string> schemas;  // DDL files applied before the inputs
  std::string format = "text";       // text | json | sarif | markdown | github
  std::string fail_on;               // error | warning | info; empty: config, else "error"
  std::string baseline;
  std::string write_baseline;
  std::vector<std::string> only;     // --rules
  std::vector<std::string> disable;  // --disable
  std::string config;                // --config FILE; empty: search from the working directory
  bool no_config = false;
  std::string flavor;               // mysql8 | mariadb; empty: config, else mysql8
  int lower_case_table_names = -1;  // -1: config, else 0
  std::string stats;
  std::string output;
  std::string color = "auto";  // auto | always | never
  bool ansi_quotes = false;
};

int RunCheckCommand(const CheckArgs& args);
// Lists the rules: id, severity, summary (and with `verbose`, the options in effect).
int RunRulesCommand(const std::string& format);
// Prints a rule's documentation page.
int RunExplainCommand(const std::string& id);

}  // namespace qadvisor::cli
