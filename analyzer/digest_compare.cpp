#include "analyzer/digest_compare.h"

#include <algorithm>
#include <limits>
#include <unordered_map>

namespace qadvisor::analyzer {

std::string_view ChangeKindName(ChangeKind kind) {
  switch (kind) {
    case ChangeKind::kNew:
      return "new";
    case ChangeKind::kGone:
      return "gone";
    case ChangeKind::kGrown:
      break;
  }
  return "grown";
}

double Growth(Int128 before, Int128 after) {
  if (before == 0) return after == 0 ? 0.0 : std::numeric_limits<double>::infinity();
  return (static_cast<double>(after) - static_cast<double>(before)) / static_cast<double>(before);
}

namespace {

void Fill(const QueryClass* c, int64_t& p95, Int128& sum) {
  const Distribution* qt = c ? c->Metric(kQueryTime) : nullptr;
  if (!qt) return;
  p95 = qt->Percentile(0.95);
  sum = qt->sum();
}

}  // namespace

Comparison CompareDigests(const Digest& before, const Digest& after,
                          const CompareOptions& options) {
  Comparison out;
  std::unordered_map<uint64_t, const QueryClass*> earlier;
  for (const auto& c : before.classes()) earlier.emplace(c->id, c.get());
  for (const auto& c : after.classes()) {
    ClassChange change;
    change.after = c.get();
    auto it = earlier.find(c->id);
    if (it != earlier.end()) {
      change.before = it->second;
      earlier.erase(it);
    }
    Fill(change.before, change.p95_before, change.sum_before);
    Fill(change.after, change.p95_after, change.sum_after);
    if (!change.before) {
      change.kind = ChangeKind::kNew;
      ++out.new_classes;
    } else if (Growth(change.p95_before, change.p95_after) > options.threshold ||
               Growth(change.sum_before, change.sum_after) > options.threshold) {
      change.kind = ChangeKind::kGrown;
      ++out.grown;
    } else {
      ++out.unchanged;
      continue;
    }
    out.changes.push_back(change);
  }
  for (const auto& [id, c] : earlier) {
    ClassChange change;
    change.kind = ChangeKind::kGone;
    change.before = c;
    Fill(c, change.p95_before, change.sum_before);
    out.changes.push_back(change);
    ++out.gone;
  }
  auto magnitude = [](const ClassChange& c) { return c.impact() < 0 ? -c.impact() : c.impact(); };
  std::sort(out.changes.begin(), out.changes.end(),
            [&](const ClassChange& a, const ClassChange& b) {
              const Int128 x = magnitude(a), y = magnitude(b);
              if (x != y) return x > y;
              return a.any().id < b.any().id;
            });
  return out;
}

}  // namespace qadvisor::analyzer
