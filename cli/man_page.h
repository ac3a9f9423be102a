// qadvisor's man page (qadvisor.1, roff with the man(7) macros), printed by the hidden
// `qadvisor man` command and installed by `cmake --install`. The commands and their options are
// read from the command line itself (cli/app_spec.h); the sections around them (exit status,
// environment, files) are the few facts the parser does not know.
#pragma once

#include <string>
#include <string_view>

#include "cli/app_spec.h"

namespace qadvisor::cli {

// `app` is the whole program: its options are the global ones, its commands the sections.
std::string ManPage(const CommandSpec& app, std::string_view version);

}  // namespace qadvisor::cli
