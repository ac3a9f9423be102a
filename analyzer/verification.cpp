// Verdict names, a proposal's verdict from its queries', a write's added time (see
// verification.h).
#include "analyzer/verification.h"

namespace qadvisor::analyzer {

std::string_view VerdictName(Verdict verdict) {
  switch (verdict) {
    case Verdict::kHelps:
      return "helps";
    case Verdict::kNoChange:
      return "no-change";
    case Verdict::kHurts:
      return "hurts";
    case Verdict::kSkipped:
      break;
  }
  return "skipped";
}

Verdict ProposalVerdict(const std::vector<QueryVerification>& all, size_t proposal) {
  bool helps = false;
  bool measured = false;
  for (const QueryVerification& q : all) {
    if (q.proposal != proposal || q.verdict == Verdict::kSkipped) continue;
    if (q.verdict == Verdict::kHurts) return Verdict::kHurts;
    measured = true;
    helps = helps || q.verdict == Verdict::kHelps;
  }
  if (!measured) return Verdict::kSkipped;
  return helps ? Verdict::kHelps : Verdict::kNoChange;
}

std::optional<double> WriteVerification::AddedMs() const {
  if (!before_ms || !after_ms || timed_out) return std::nullopt;
  return *after_ms - *before_ms;
}

}  // namespace qadvisor::analyzer
