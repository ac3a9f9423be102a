// Distribution: count, sum, min, max and percentiles of one metric, in bounded memory.
//
// Values are integers in millionths (a Query_time of 0.000123 s is 123; 5 rows are 5000000),
// so sums are exact and independent of the order values arrive in: a digest split across
// threads and merged equals the single-threaded one to the last digit.
//
// Percentiles are exact (nearest rank) while a distribution holds at most kExactLimit values;
// past that the values move into a logarithmic histogram whose buckets are at most 3.1% wide,
// so a percentile is then within 1.6% of the true value (pt-query-digest's buckets are 5%).
// Either way the result depends only on the multiset of values added: Add(v, n) is n Add(v)
// calls in O(1) (a server's summary row adds a whole class's executions at once).
//
// The standard deviation comes from an exact sum of squares (an unsigned 128-bit integer of
// millionths squared), so it too is the same however the values were split and merged. That
// sum holds up to 3.4e38: a million values of 1.8e10 each (seconds or rows) fit; past that it
// stops at its ceiling and StdDev() says it does not know.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace qadvisor::analyzer {

__extension__ typedef __int128 Int128;
__extension__ typedef unsigned __int128 UInt128;

// Aligned to a cache line: Add() then reads and writes the first line and the histogram's
// pointer in the second, never a line shared with a neighbouring metric.
class alignas(64) Distribution {
 public:
  static constexpr size_t kExactLimit = 64;

  void Add(int64_t value);
  // Adds `n` copies of `value`: the same distribution as n calls of Add(value), in O(1).
  void Add(int64_t value, uint64_t n);
  void Merge(const Distribution& other);
  // Asks the CPU to fetch the histogram bucket `value` would be counted in (a hint, no effect
  // on the figures): Digest::AddBatch calls it a few events ahead of the Add().
  void PrefetchBucket(int64_t value) const;

  uint64_t count() const { return count_; }
  Int128 sum() const { return sum_; }
  int64_t min() const { return min_; }
  int64_t max() const { return max_; }
  // True when every value was a whole number (rows, bytes), so reports print integers.
  bool integral() const { return integral_; }
  // Nearest-rank percentile, p in (0, 1]; 0 for an empty distribution.
  int64_t Percentile(double p) const;
  // sum / count rounded to the nearest millionth.
  int64_t Average() const;
  // Sum of the squares of the values, in millionths squared; exact unless saturated().
  UInt128 sum_squares() const { return sum_squares_; }
  bool saturated() const { return saturated_; }
  // Population standard deviation (sqrt(sum of squares / count - mean^2)), in millionths; -1
  // when the sum of squares saturated, 0 for an empty distribution.
  double StdDev() const;

  // Everything a distribution holds, to be written out and read back (`digest --merge`,
  // analyzer/digest_merge.h): a distribution rebuilt from its state equals the original, so
  // merging rebuilt ones gives what merging the originals would.
  struct State {
    uint64_t count = 0;
    Int128 sum = 0;
    int64_t min = 0, max = 0;
    bool integral = true;
    bool histogram = false;
    std::vector<int64_t> exact;  // while !histogram: the values, sorted
    int32_t low = 0;             // histogram: counts of buckets [low, low + buckets.size())
    std::vector<uint64_t> buckets;
    uint64_t non_positive = 0;
    UInt128 sum_squares = 0;  // in millionths squared; exact unless saturated
    bool saturated = false;
  };
  State GetState() const;
  // False (and `out` untouched) when the state is not one a distribution can be in: counts
  // that do not add up, more than kExactLimit exact values, min above max.
  static bool FromState(const State& state, Distribution& out);

  // Calls f(value, count) for every value held: each value while they are exact, else each
  // histogram bucket's middle value (within 1.6%) with its count. For bar charts of the shape.
  template <typename F>
  void ForEachValue(F&& f) const {
    if (!histogram_) {
      for (const int64_t v : exact_) f(v, uint64_t{1});
      return;
    }
    if (non_positive_ > 0) f(int64_t{0}, uint64_t{non_positive_});
    for (size_t i = 0; i < buckets_.size(); ++i) {
      if (buckets_[i] > 0) f(BucketMiddle(low_ + static_cast<int32_t>(i)), uint64_t{buckets_[i]});
    }
  }

 private:
  static int64_t BucketMiddle(int32_t index);
  void ToHistogram();
  void AddToHistogram(int64_t value, uint64_t n);
  uint64_t& Bucket(int32_t index);  // grows the histogram to hold `index`

  // What every Add() touches comes first, so that it shares as few cache lines as it can.
  Int128 sum_ = 0;
  UInt128 sum_squares_ = 0;
  uint64_t count_ = 0;
  int64_t min_ = 0;
  int64_t max_ = 0;
  bool histogram_ = false;
  bool integral_ = true;
  bool saturated_ = false;  // sum_squares_ overflowed and stays at its ceiling
  int32_t low_ = 0;
  // Histogram: counts for bucket indexes [low_, low_ + size). 64-bit: one summary row of a
  // busy server can count more than 2^32 executions of a statement.
  std::vector<uint64_t> buckets_;
  uint64_t non_positive_ = 0;   // values <= 0 (a bucket of their own)
  std::vector<int64_t> exact_;  // while !histogram_
  void AddSquares(int64_t value, uint64_t n);
  static constexpr size_t kExactFirst = 8;  // exact_'s first capacity; its second is kExactLimit
  void AppendExact(int64_t value);
};

}  // namespace qadvisor::analyzer
