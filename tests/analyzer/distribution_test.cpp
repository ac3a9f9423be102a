#include "analyzer/distribution.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <numeric>
#include <random>
#include <vector>

namespace qadvisor::analyzer {
namespace {

int64_t NearestRank(std::vector<int64_t> v, double p) {
  std::sort(v.begin(), v.end());
  const auto rank = static_cast<size_t>(std::ceil(p * static_cast<double>(v.size())));
  return v[std::clamp<size_t>(rank, 1, v.size()) - 1];
}

TEST_CASE("small distributions have exact count, sum, min, max and percentiles") {
  Distribution d;
  for (int64_t v : {5, 1, 4, 2, 3}) d.Add(v * 1000000);
  CHECK(d.count() == 5);
  CHECK(d.sum() == 15000000);
  CHECK(d.min() == 1000000);
  CHECK(d.max() == 5000000);
  CHECK(d.Average() == 3000000);
  CHECK(d.Percentile(0.5) == 3000000);
  CHECK(d.Percentile(0.95) == 5000000);
  CHECK(d.integral());
  d.Add(1500000);
  CHECK_FALSE(d.integral());
}

TEST_CASE("values stay exact up to kExactLimit, across each growth of their store") {
  // The store grows twice (Distribution::AppendExact): each count up to the limit and one past
  // it is checked, with values in an order that is not sorted.
  Distribution d;
  std::vector<int64_t> values;
  for (size_t n = 1; n <= Distribution::kExactLimit + 1; ++n) {
    const auto v = static_cast<int64_t>((n * 37) % 101) * 1000;
    values.push_back(v);
    d.Add(v);
    INFO("n=" << n);
    const Distribution::State state = d.GetState();
    CHECK(state.histogram == (n > Distribution::kExactLimit));
    if (!state.histogram) {
      CHECK(state.exact.size() == n);
      for (double p : {0.01, 0.5, 0.95, 1.0}) CHECK(d.Percentile(p) == NearestRank(values, p));
    } else {
      CHECK(state.exact.empty());
      CHECK(state.non_positive +
                std::accumulate(state.buckets.begin(), state.buckets.end(), uint64_t{0}) ==
            n);
    }
    CHECK(d.count() == n);
  }
}

TEST_CASE("an empty distribution reports zeros") {
  const Distribution d;
  CHECK(d.count() == 0);
  CHECK(d.Percentile(0.5) == 0);
  CHECK(d.Average() == 0);
}

TEST_CASE("large distributions: percentiles within 1.6% of the exact nearest rank") {
  std::mt19937_64 rng(7);
  std::lognormal_distribution<double> dist(std::log(2000.0), 2.0);  // microseconds
  Distribution d;
  std::vector<int64_t> values;
  for (int i = 0; i < 100000; ++i) {
    const auto v = static_cast<int64_t>(dist(rng)) + 1;
    values.push_back(v);
    d.Add(v);
  }
  for (double p : {0.5, 0.9, 0.95, 0.99}) {
    const auto exact = static_cast<double>(NearestRank(values, p));
    const auto approx = static_cast<double>(d.Percentile(p));
    INFO("p=" << p << " exact=" << exact << " approx=" << approx);
    CHECK(std::abs(approx - exact) <= 0.016 * exact + 1);
  }
  CHECK(d.min() == *std::min_element(values.begin(), values.end()));
  CHECK(d.max() == *std::max_element(values.begin(), values.end()));
}

TEST_CASE("merging partial distributions equals adding every value to one") {
  std::mt19937_64 rng(11);
  for (size_t total : {10u, 64u, 65u, 130u, 5000u}) {
    std::vector<int64_t> values;
    for (size_t i = 0; i < total; ++i)
      values.push_back(static_cast<int64_t>(rng() % 5000000) - 100);
    Distribution whole;
    for (int64_t v : values) whole.Add(v);
    for (size_t split : {size_t{0}, total / 3, total / 2, total}) {
      Distribution a, b;
      for (size_t i = 0; i < total; ++i) (i < split ? a : b).Add(values[i]);
      b.Merge(a);
      INFO("total " << total << " split " << split);
      CHECK(b.count() == whole.count());
      CHECK(b.sum() == whole.sum());
      CHECK(b.min() == whole.min());
      CHECK(b.max() == whole.max());
      CHECK(b.Percentile(0.5) == whole.Percentile(0.5));
      CHECK(b.Percentile(0.95) == whole.Percentile(0.95));
      CHECK(b.sum_squares() == whole.sum_squares());
      CHECK(b.StdDev() == whole.StdDev());
    }
  }
}

TEST_CASE("whole-number metrics report whole-number percentiles from the histogram") {
  Distribution d;
  for (int i = 1; i <= 1000; ++i) d.Add(static_cast<int64_t>(i) * 1000000);
  CHECK(d.Percentile(0.5) % 1000000 == 0);
  CHECK(std::abs(d.Percentile(0.5) - 500000000) <= 500000000 / 60);
}

TEST_CASE("sums do not overflow on huge values") {
  Distribution d;
  for (int i = 0; i < 1000; ++i) d.Add(INT64_MAX / 2);
  CHECK(d.sum() == static_cast<Int128>(INT64_MAX / 2) * 1000);
}

TEST_CASE("a distribution rebuilt from its state equals the original") {
  std::mt19937_64 rng(7);
  std::uniform_int_distribution<int64_t> value(-5, 2000000);
  for (const size_t n : {size_t{0}, size_t{1}, size_t{64}, size_t{65}, size_t{5000}}) {
    Distribution d;
    std::vector<int64_t> values;
    for (size_t i = 0; i < n; ++i) values.push_back(value(rng));
    for (const int64_t v : values) d.Add(v);
    Distribution rebuilt;
    REQUIRE(Distribution::FromState(d.GetState(), rebuilt));
    INFO("n " << n);
    CHECK(rebuilt.count() == n);
    CHECK(rebuilt.sum() == d.sum());
    if (n > 0) {
      CHECK(rebuilt.min() == *std::min_element(values.begin(), values.end()));
      CHECK(rebuilt.max() == *std::max_element(values.begin(), values.end()));
    }
    for (const double p : {0.01, 0.5, 0.95, 1.0}) CHECK(rebuilt.Percentile(p) == d.Percentile(p));
    // Merged after the round trip as before it.
    Distribution x = d, y = rebuilt;
    x.Merge(d);
    y.Merge(rebuilt);
    CHECK(y.count() == x.count());
    CHECK(y.Percentile(0.95) == x.Percentile(0.95));
  }
}

TEST_CASE("a state whose counts disagree is refused") {
  Distribution d;
  for (int64_t v = 1; v <= 100; ++v) d.Add(v * 1000);
  Distribution out;
  Distribution::State s = d.GetState();
  ++s.count;
  CHECK_FALSE(Distribution::FromState(s, out));
  s = d.GetState();
  s.buckets.push_back(1);
  CHECK_FALSE(Distribution::FromState(s, out));
  s = d.GetState();
  s.low = -1;
  CHECK_FALSE(Distribution::FromState(s, out));
  // A histogram's sum cannot leave count x [min, max]; one that does would overflow in a merge.
  s = d.GetState();
  REQUIRE(s.histogram);
  s.sum = static_cast<Int128>(s.count) * s.max + 1;
  CHECK_FALSE(Distribution::FromState(s, out));
  s.sum = static_cast<Int128>(s.count) * s.min - 1;
  CHECK_FALSE(Distribution::FromState(s, out));
  Distribution small;
  small.Add(5);
  small.Add(7);
  s = small.GetState();
  s.sum = 13;
  CHECK_FALSE(Distribution::FromState(s, out));
  s = small.GetState();
  s.min = 6;
  CHECK_FALSE(Distribution::FromState(s, out));
  CHECK(Distribution::FromState(small.GetState(), out));
  CHECK(out.Percentile(1.0) == 7);
  // The sum of squares travels with the state: stddev after a round trip is the same, and a
  // state whose squares disagree with its exact values is refused.
  CHECK(out.StdDev() == small.StdDev());
  CHECK(out.sum_squares() == small.sum_squares());
  s = small.GetState();
  s.sum_squares += 1;
  CHECK_FALSE(Distribution::FromState(s, out));
}

TEST_CASE("standard deviation: the population one, from an exact sum of squares") {
  std::mt19937_64 rng(5);
  std::lognormal_distribution<double> dist(std::log(2000.0), 1.5);
  Distribution d;
  std::vector<int64_t> values;
  for (int i = 0; i < 20000; ++i) {
    values.push_back(static_cast<int64_t>(dist(rng)));
    d.Add(values.back());
  }
  // Two passes over the values, in long double: mean first, then the squared deviations.
  long double mean = 0;
  for (const int64_t v : values) mean += static_cast<long double>(v);
  mean /= static_cast<long double>(values.size());
  long double squares = 0;
  for (const int64_t v : values) squares += (v - mean) * (v - mean);
  const auto expected =
      static_cast<double>(std::sqrt(squares / static_cast<long double>(values.size())));
  CHECK(d.StdDev() == Approx(expected).epsilon(1e-9));
  UInt128 sum_squares = 0;
  for (const int64_t v : values) sum_squares += static_cast<UInt128>(v) * static_cast<UInt128>(v);
  CHECK(d.sum_squares() == sum_squares);

  Distribution same, spread;
  for (int i = 0; i < 10; ++i) same.Add(4200000);
  CHECK(same.StdDev() == 0);
  for (const int64_t v : {-2000000, 0, 2000000}) spread.Add(v);  // mean 0, variance 8/3
  CHECK(spread.StdDev() == Approx(std::sqrt(8.0 / 3.0) * 1e6).epsilon(1e-12));
  CHECK(Distribution{}.StdDev() == 0);
}

TEST_CASE("weighted adds give the sum of squares of as many single adds") {
  Distribution weighted, single;
  weighted.Add(1234567, 7);
  weighted.Add(-89, 3);
  for (int i = 0; i < 7; ++i) single.Add(1234567);
  for (int i = 0; i < 3; ++i) single.Add(-89);
  CHECK(weighted.sum_squares() == single.sum_squares());
  CHECK(weighted.StdDev() == single.StdDev());
}

TEST_CASE("a sum of squares too large to hold says so instead of wrapping") {
  Distribution d;
  for (int i = 0; i < 100; ++i) d.Add(INT64_MAX / 2);
  CHECK(d.saturated());
  CHECK(d.StdDev() < 0);
  Distribution small;
  small.Add(5);
  small.Merge(d);  // a saturated side makes the merge saturated too
  CHECK(small.saturated());
  Distribution fits;
  fits.Add(INT64_MAX / 2);
  CHECK_FALSE(fits.saturated());
}

}  // namespace
}  // namespace qadvisor::analyzer
