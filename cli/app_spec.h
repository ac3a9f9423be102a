// The command line as plain data, read from the CLI11 App that parses it: what the man page and
// the shell completions are generated from (cli/man_page.h, cli/shell_completion.h), so they
// can never drift from the options the parser really takes. Hidden subcommands and options (an
// empty CLI11 group) are left out, as `--help` leaves them out.
#pragma once

#include <string>
#include <vector>

namespace CLI {
class App;
}  // namespace CLI

namespace qadvisor::cli {

struct OptionSpec {
  std::vector<std::string> names;  // "-o", "--output"; empty for a positional argument
  std::string value;  // the value's placeholder ("TEXT", "UINT", "FILE"); "" for a flag
  std::vector<std::string> choices;  // the values a CLI::IsMember check allows, in its order
  std::string default_value;         // as --help shows it; "" when none is shown
  std::string description;
  std::string group;        // the --help heading: "Options", "Filters", "Connecting to a server"
  bool repeatable = false;  // each occurrence adds a value (--schema a --schema b; FILE...)
  bool required = false;
};

struct CommandSpec {
  std::string name;  // the program's name at the top, else the subcommand's
  std::string description;
  std::vector<OptionSpec> options;      // named options and flags, --help first
  std::vector<OptionSpec> positionals;  // in the order they are taken
  std::vector<CommandSpec> commands;    // the visible subcommands, in the order they were added
};

// Reads `app` and its visible subcommands, recursively.
CommandSpec DescribeApp(const CLI::App& app);

}  // namespace qadvisor::cli
