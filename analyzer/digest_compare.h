// `digest --compare`: what changed between two digests (before and after a deploy, last week and
// this week): classes that are new, gone, or grown beyond a threshold in Query_time's p95 or
// total. Classes are matched by id (the hash of the fingerprint, or of the grouped-by value), so
// both digests must be grouped the same way.
#pragma once

#include <cstdint>
#include <vector>

#include "analyzer/digest.h"

namespace qadvisor::analyzer {

enum class ChangeKind : uint8_t { kNew, kGone, kGrown };
std::string_view ChangeKindName(ChangeKind kind);  // "new", "gone", "grown"

struct ClassChange {
  ChangeKind kind = ChangeKind::kGrown;
  const QueryClass* before = nullptr;  // null when new
  const QueryClass* after = nullptr;   // null when gone
  // Query_time's p95 and total in millionths of a second, 0 where the class is absent or has no
  // Query_time.
  int64_t p95_before = 0, p95_after = 0;
  Int128 sum_before = 0, sum_after = 0;
  // The query time the change added: sum_after - sum_before (negative for a class gone).
  Int128 impact() const { return sum_after - sum_before; }
  const QueryClass& any() const { return after ? *after : *before; }
};

struct CompareOptions {
  // A class in both is grown when its p95 or its total Query_time is more than this fraction
  // above what it was (0.2: 20%). Percentiles are within 1.6% (analyzer/distribution.h), so
  // anything under about 3% is noise.
  double threshold = 0.2;
};

struct Comparison {
  std::vector<ClassChange> changes;  // by |impact| descending, ties by id
  uint64_t unchanged = 0;            // classes in both, not grown
  uint64_t new_classes = 0, gone = 0, grown = 0;
};

// `before` and `after` must outlive the result (changes point into them).
Comparison CompareDigests(const Digest& before, const Digest& after, const CompareOptions& options);

// The growth of `after` over `before` as a fraction (0.5: 50% more), infinity when `before` is 0
// and `after` is not, 0 when both are.
double Growth(Int128 before, Int128 after);

}  // namespace qadvisor::analyzer
