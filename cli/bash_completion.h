// The bash completion script, printed by the hidden `qadvisor completion bash` and installed
// by `cmake --install` as share/bash-completion/completions/qadvisor. Generated from the command
// line itself (cli/app_spec.h): commands, their options, the values of options that take one of
// a list. Files complete wherever a value or an argument is wanted without such a list.
#pragma once

#include <string>

#include "cli/app_spec.h"

namespace qadvisor::cli {

// `app` is the whole program; one level of subcommands is completed.
std::string BashCompletion(const CommandSpec& app);

}  // namespace qadvisor::cli
