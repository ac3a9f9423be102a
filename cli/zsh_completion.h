// The zsh completion function, printed by the hidden `qadvisor completion zsh` and installed by
// `cmake --install` as share/zsh/site-functions/_qadvisor. Generated from the command line itself
// (cli/app_spec.h): commands with their descriptions, options with theirs, the values of options
// that take one of a list, and files wherever another value or an argument is wanted.
#pragma once

#include <string>

#include "cli/app_spec.h"

namespace qadvisor::cli {

// `app` is the whole program; one level of subcommands is completed.
std::string ZshCompletion(const CommandSpec& app);

}  // namespace qadvisor::cli
