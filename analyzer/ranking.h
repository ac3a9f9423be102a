// How `qadvisor digest` ranks classes and how many it reports: `--order-by ATTRIBUTE:AGG` and
// `--limit N | N% | N%:M`, as pt-query-digest spells them.
//
// Contract: parsing checks the syntax only. Which attributes exist is known once the log has
// been read, so ResolveOrder() checks the attribute against the digest then. Ranking is
// deterministic: descending by the key, ties by class id; classes that lack the attribute come
// last.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/digest.h"
#include "base/status.h"

namespace qadvisor::analyzer {

enum class Aggregate : uint8_t { kSum, kMax, kAvg, kP95, kCount };
// "sum", "max", "avg", "p95", "count".
std::string_view AggregateName(Aggregate aggregate);

struct OrderSpec {
  std::string attribute = "Query_time";  // as the user wrote it; matched case-insensitively
  Aggregate aggregate = Aggregate::kSum;
  // The spelling for reports: the old single words (sum, count, max, p95) stay as given, so a
  // report's `order_by` keeps its meaning; anything else is `Attribute:agg`.
  std::string name = "sum";
};

// `sum`, `count`, `max`, `p95` (Query_time's: the old --order-by values), or `ATTRIBUTE:AGG`
// with AGG one of sum, max, avg, p95, count (`Rows_examined:max`, `query_time:p95`).
Result<OrderSpec> ParseOrderSpec(std::string_view text);

struct LimitSpec {
  uint64_t count = 20;   // at most this many classes; 0: no cap
  uint32_t percent = 0;  // 1..100: the classes whose keys add up to this share of the total
  std::string name = "20";
};

// `N` (0: all), `N%` (1 to 100), or `N%:M` (the first N%, at most M classes).
Result<LimitSpec> ParseLimitSpec(std::string_view text);

// An OrderSpec bound to a digest: the metric id.
struct Ranking {
  uint32_t metric = kQueryTime;
  Aggregate aggregate = Aggregate::kSum;
};

// Fails (kInvalidArgument) when the digest has no numeric attribute of that name, naming the
// ones it has.
Result<Ranking> ResolveOrder(const Digest& digest, const OrderSpec& order);
Ranking RankingFor(OrderBy order);  // the old enum

// The classes ranked by `ranking`, cut by `limit`.
std::vector<const QueryClass*> Rank(const Digest& digest, const Ranking& ranking,
                                    const LimitSpec& limit);

}  // namespace qadvisor::analyzer
