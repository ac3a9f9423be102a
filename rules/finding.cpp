// Severity names: the words used in .qadvisor.toml, --fail-on and every report format.
#include "rules/finding.h"

namespace qadvisor::rules {

std::string_view SeverityName(Severity severity) {
  switch (severity) {
    case Severity::kInfo:
      return "info";
    case Severity::kWarning:
      return "warning";
    case Severity::kError:
      return "error";
  }
  return "warning";  // not reached: every enumerator is handled above
}

bool ParseSeverity(std::string_view text, Severity& out) {
  for (const Severity severity : {Severity::kInfo, Severity::kWarning, Severity::kError}) {
    if (text == SeverityName(severity)) {
      out = severity;
      return true;
    }
  }
  return false;
}

}  // namespace qadvisor::rules
