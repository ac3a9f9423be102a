#include "analyzer/ranking.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <utility>

#include "base/ascii.h"

namespace qadvisor::analyzer {
namespace {

bool ParseAggregate(std::string_view text, Aggregate* out) {
  for (const Aggregate a :
       {Aggregate::kSum, Aggregate::kMax, Aggregate::kAvg, Aggregate::kP95, Aggregate::kCount}) {
    if (base::EqualsIgnoreCase(text, AggregateName(a))) {
      *out = a;
      return true;
    }
  }
  return false;
}

bool IsAttributeName(std::string_view s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
}

template <typename T>
bool WholeNumber(std::string_view s, T* out) {
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), *out);
  return !s.empty() && ec == std::errc() && end == s.data() + s.size();
}

}  // namespace

std::string_view AggregateName(Aggregate aggregate) {
  switch (aggregate) {
    case Aggregate::kMax:
      return "max";
    case Aggregate::kAvg:
      return "avg";
    case Aggregate::kP95:
      return "p95";
    case Aggregate::kCount:
      return "count";
    case Aggregate::kSum:
      break;
  }
  return "sum";
}

Result<OrderSpec> ParseOrderSpec(std::string_view text) {
  OrderSpec spec;
  spec.name = std::string(text);
  const size_t colon = text.find(':');
  if (colon == std::string_view::npos) {
    // The old values: an aggregate of Query_time. avg is new, and allowed alone too.
    if (ParseAggregate(text, &spec.aggregate)) return spec;
  } else if (IsAttributeName(text.substr(0, colon)) &&
             ParseAggregate(text.substr(colon + 1), &spec.aggregate)) {
    spec.attribute = std::string(text.substr(0, colon));
    spec.name = fmt::format("{}:{}", spec.attribute, AggregateName(spec.aggregate));
    return spec;
  }
  return InvalidArgument(fmt::format(
      "expected ATTRIBUTE:AGG (Query_time:sum, Rows_examined:max; AGG is sum, max, avg, p95 or "
      "count) or one of sum, count, max, p95, avg, not '{}'",
      text));
}

Result<LimitSpec> ParseLimitSpec(std::string_view text) {
  LimitSpec spec;
  spec.name = std::string(text);
  const auto bad = [&] {
    return InvalidArgument(fmt::format(
        "expected N (classes, 0 for all), N% (1% to 100% of the order-by total) or N%:M, not "
        "'{}'",
        text));
  };
  const size_t percent = text.find('%');
  if (percent == std::string_view::npos) {
    if (!WholeNumber(text, &spec.count)) return bad();
    return spec;
  }
  if (!WholeNumber(text.substr(0, percent), &spec.percent) || spec.percent < 1 ||
      spec.percent > 100) {
    return bad();
  }
  spec.count = 0;
  std::string_view rest = text.substr(percent + 1);
  if (!rest.empty()) {
    if (rest[0] != ':' || !WholeNumber(rest.substr(1), &spec.count) || spec.count == 0) {
      return bad();
    }
  }
  return spec;
}

Result<Ranking> ResolveOrder(const Digest& digest, const OrderSpec& order) {
  const std::vector<std::string>& names = digest.metric_names();
  for (uint32_t id = 0; id < names.size(); ++id) {
    if (base::EqualsIgnoreCase(names[id], order.attribute)) return Ranking{id, order.aggregate};
  }
  std::string known;
  for (const uint32_t id : digest.MetricOrder()) {
    known += (known.empty() ? "" : ", ") + names[id];
  }
  return InvalidArgument(fmt::format(
      "--order-by: the log has no numeric attribute '{}' (it has {})", order.attribute, known));
}

Ranking RankingFor(OrderBy order) {
  switch (order) {
    case OrderBy::kCount:
      return {kQueryTime, Aggregate::kCount};
    case OrderBy::kMax:
      return {kQueryTime, Aggregate::kMax};
    case OrderBy::kP95:
      return {kQueryTime, Aggregate::kP95};
    case OrderBy::kSum:
      break;
  }
  return {kQueryTime, Aggregate::kSum};
}

std::vector<const QueryClass*> Rank(const Digest& digest, const Ranking& ranking,
                                    const LimitSpec& limit) {
  struct Keyed {
    bool has;  // the class has the attribute
    Int128 key;
    const QueryClass* c;
  };
  std::vector<Keyed> keyed;
  keyed.reserve(digest.classes().size());
  Int128 total = 0;
  for (const auto& c : digest.classes()) {
    const Distribution* d = c->Metric(ranking.metric);
    Int128 key = 0;
    if (d != nullptr) {
      switch (ranking.aggregate) {
        case Aggregate::kSum:
          key = d->sum();
          break;
        case Aggregate::kMax:
          key = d->max();
          break;
        case Aggregate::kAvg:
          key = d->Average();
          break;
        case Aggregate::kP95:
          key = d->Percentile(0.95);
          break;
        case Aggregate::kCount:
          key = d->count();
          break;
      }
      total += std::max<Int128>(key, 0);
    }
    keyed.push_back({d != nullptr, key, c.get()});
  }
  std::sort(keyed.begin(), keyed.end(), [](const Keyed& a, const Keyed& b) {
    if (a.has != b.has) return a.has;
    if (a.key != b.key) return a.key > b.key;
    return a.c->id < b.c->id;
  });
  std::vector<const QueryClass*> ranked;
  Int128 cumulative = 0;
  for (const Keyed& k : keyed) {
    if (limit.count != 0 && ranked.size() >= limit.count) break;
    // N%: take classes until they add up to N% of the total (the class that crosses the line
    // included); a total of 0 makes every class part of it.
    if (limit.percent != 0 && total > 0 && cumulative * 100 >= total * limit.percent) break;
    ranked.push_back(k.c);
    if (k.has) cumulative += std::max<Int128>(k.key, 0);
  }
  return ranked;
}

}  // namespace qadvisor::analyzer
