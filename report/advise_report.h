// Renders `qadvisor advise`: the query classes that cost the most time, what is wrong with
// each, and the index proposals that serve the workload, as text, Markdown (for a review),
// JSON (docs/json-advise.md: digest's JSON plus findings and proposals) or one self-contained
// HTML file (inline CSS and SVG charts, no scripts, no network fetches).
//
// `qadvisor verify` renders the same report with `verification` set: each format then adds
// what the measurements found (a verdict per proposal, a before → after table per query class,
// in HTML a chart of the times; in JSON the `verification` fields of docs/json-advise.md) and
// calls itself "verify". Without it, the output is exactly advise's.
//
// Pure functions over an AdviseReport; the pointers in it must outlive the call.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "analyzer/advisor.h"
#include "analyzer/digest_runner.h"
#include "analyzer/verification.h"
#include "report/check_report.h"
#include "rules/finding.h"

namespace qadvisor::report {

struct AdviseReport {
  const analyzer::DigestRun* run = nullptr;
  const analyzer::Advice* advice = nullptr;
  size_t top = 20;  // classes shown (0: all); proposals are always all shown
  std::map<std::string, std::vector<rules::Finding>> findings;  // by class id (16 hex digits)
  std::vector<rules::Finding>
      schema_findings;  // redundant-index, unused-index, missing-primary-key, …
  bool timed = true;    // the workload has Query_time (slow logs); else weights are counts
  std::string tool_version;
  // Rules that did not run (no schema). Then no proposal is no verdict: the reports say the
  // schema is missing instead of "No index would help".
  NotRun not_run;
  // What `qadvisor verify` measured, or nullptr for a plain advise report. Its queries refer to
  // advice->proposals by index.
  const analyzer::VerificationRun* verification = nullptr;
};

std::string RenderAdviseText(const AdviseReport& report);
std::string RenderAdviseMarkdown(const AdviseReport& report);
std::string RenderAdviseJson(const AdviseReport& report);
std::string RenderAdviseHtml(const AdviseReport& report);

}  // namespace qadvisor::report
