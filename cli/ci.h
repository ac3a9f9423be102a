// `check`'s CI settings: paths relative to the repository root, rule documentation links, and
// --changed-since (docs/ci.md). Runs git; only cli/ runs programs.
#pragma once

#include <string>

#include "base/status.h"
#include "report/check_report.h"

namespace qadvisor::cli {

struct CiArgs {
  std::string docs_url;       // --docs-url; empty: the built-in one (CMake's QADVISOR_DOCS_URL)
  std::string changed_since;  // --changed-since GIT_REF; empty: every file
};

// Sets report's docs URL, source root (the git toplevel of the working directory, else the
// working directory) and root-relative paths; with --changed-since, leaves out the findings
// in files that did not change since the merge base of the ref and HEAD (committed, staged,
// unstaged or untracked), counting them in suppressed_unchanged. An error (exit 2) when
// --changed-since is given outside a git repository or names no commit.
[[nodiscard]] Status ApplyCiArgs(const CiArgs& args, report::CheckReport& report);

}  // namespace qadvisor::cli
