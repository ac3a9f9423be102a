// Renders `digest --compare` (analyzer/digest_compare.h) as text, Markdown or JSON
// (docs/json-digest.md, "Comparing"). Pure functions; the caller writes the string.
#pragma once

#include <string>

#include "analyzer/digest_compare.h"
#include "analyzer/digest_runner.h"

namespace qadvisor::report {

struct CompareReport {
  const analyzer::DigestRun* before = nullptr;
  const analyzer::DigestRun* after = nullptr;
  const analyzer::Comparison* comparison = nullptr;
  double threshold = 0.2;
  std::string threshold_text = "20%";  // as given
  size_t top = 0;                      // changes listed (0: all)
};

std::string RenderCompareText(const CompareReport& report);
std::string RenderCompareMarkdown(const CompareReport& report);
std::string RenderCompareJson(const CompareReport& report);

}  // namespace qadvisor::report
