#include "analyzer/distribution.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace qadvisor::analyzer {
namespace {

// Histogram buckets without floating point, as HdrHistogram does: the bucket of v > 0 is its
// power of two and the next kSubBits bits below the leading one, so a bucket spans 1/32 of
// its octave: at most 3.1% wide, and its middle is within 1.6% of any value in it.
constexpr int kSubBits = 5;

int32_t BucketOf(int64_t value) {
  const auto v = static_cast<uint64_t>(value);
  const int exponent = 63 - __builtin_clzll(v);
  const uint64_t sub = exponent >= kSubBits ? (v >> (exponent - kSubBits)) & ((1u << kSubBits) - 1)
                                            : (v << (kSubBits - exponent)) & ((1u << kSubBits) - 1);
  return (exponent << kSubBits) | static_cast<int32_t>(sub);
}

// The middle of a bucket's value range.
int64_t BucketValue(int32_t index) {
  const int exponent = index >> kSubBits;
  const uint64_t sub = static_cast<uint64_t>(index) & ((1u << kSubBits) - 1);
  const double low = std::ldexp(1.0 + static_cast<double>(sub) / (1 << kSubBits), exponent);
  const double width = std::ldexp(1.0 / (1 << kSubBits), exponent);
  return static_cast<int64_t>(std::llround(low + width / 2));
}

}  // namespace

void Distribution::PrefetchBucket(int64_t value) const {
  if (!histogram_ || value <= 0) return;
  const auto i = static_cast<uint32_t>(BucketOf(value) - low_);
  if (i < buckets_.size()) __builtin_prefetch(buckets_.data() + i, 1);
}

// The square of |value| times n into sum_squares_, saturating. |value| < 2^63, so its square
// fits in 126 bits; times n it may not. Inline: Add(value) calls it with n = 1, which needs no
// division.
inline void Distribution::AddSquares(int64_t value, uint64_t n) {
  if (saturated_) return;
  constexpr UInt128 kMax = ~static_cast<UInt128>(0);
  const UInt128 magnitude =
      value < 0 ? static_cast<UInt128>(-(value + 1)) + 1 : static_cast<UInt128>(value);
  const UInt128 square = magnitude * magnitude;
  if (n != 1 && n != 0 && square > kMax / n) {
    saturated_ = true;
  } else {
    const UInt128 add = n == 1 ? square : square * n;
    sum_squares_ += add;
    if (sum_squares_ < add) saturated_ = true;
  }
  if (saturated_) sum_squares_ = kMax;
}

// Most values land in a bucket the histogram already spans: that path is inline.
inline void Distribution::AddToHistogram(int64_t value, uint64_t n) {
  if (value <= 0) {
    non_positive_ += n;
    return;
  }
  const int32_t b = BucketOf(value);
  const auto i = static_cast<uint32_t>(b - low_);
  if (i < buckets_.size()) {
    buckets_[i] += n;
  } else {
    Bucket(b) += n;
  }
}

// Two allocations at most, where growth by doubling took seven and copied 127 values: most
// distributions are either small (a rare class's) or pass kExactLimit soon (a busy class's).
inline void Distribution::AppendExact(int64_t value) {
  if (exact_.size() == exact_.capacity()) {
    exact_.reserve(exact_.empty() ? kExactFirst : kExactLimit);
  }
  exact_.push_back(value);
}

// Hot path: once per metric of every event. Profile before changing.
void Distribution::Add(int64_t value) {
  if (count_ == 0) {
    min_ = max_ = value;
  } else {
    min_ = std::min(min_, value);
    max_ = std::max(max_, value);
  }
  ++count_;
  sum_ += value;
  AddSquares(value, 1);
  integral_ = integral_ && value % 1000000 == 0;
  if (!histogram_) {
    if (exact_.size() < kExactLimit) {
      AppendExact(value);
      return;
    }
    ToHistogram();  // the (kExactLimit + 1)th value: all of them move, this one below
  }
  AddToHistogram(value, 1);
}

void Distribution::Add(int64_t value, uint64_t n) {
  if (n == 0) return;
  if (count_ == 0) {
    min_ = max_ = value;
  } else {
    min_ = std::min(min_, value);
    max_ = std::max(max_, value);
  }
  count_ += n;
  sum_ += static_cast<Int128>(value) * static_cast<Int128>(n);
  AddSquares(value, n);
  integral_ = integral_ && value % 1000000 == 0;
  if (!histogram_) {
    // As n single adds would: exact while the total stays within kExactLimit (so at most
    // kExactLimit copies are written), else every value moves into the histogram.
    if (exact_.size() + n <= kExactLimit) {
      exact_.insert(exact_.end(), static_cast<size_t>(n), value);
      return;
    }
    ToHistogram();
  }
  AddToHistogram(value, n);
}

uint64_t& Distribution::Bucket(int32_t b) {
  if (buckets_.empty()) {
    low_ = b;
    buckets_.push_back(0);
  } else if (b < low_) {
    buckets_.insert(buckets_.begin(), static_cast<size_t>(low_ - b), 0);
    low_ = b;
  } else if (b >= low_ + static_cast<int32_t>(buckets_.size())) {
    buckets_.resize(static_cast<size_t>(b - low_ + 1), 0);
  }
  return buckets_[static_cast<size_t>(b - low_)];
}

void Distribution::ToHistogram() {
  histogram_ = true;
  for (const int64_t v : exact_) AddToHistogram(v, 1);
  exact_.clear();
  exact_.shrink_to_fit();
}

void Distribution::Merge(const Distribution& other) {
  if (other.count_ == 0) return;
  if (count_ == 0) {
    *this = other;
    return;
  }
  min_ = std::min(min_, other.min_);
  max_ = std::max(max_, other.max_);
  count_ += other.count_;
  sum_ += other.sum_;
  saturated_ = saturated_ || other.saturated_;
  if (!saturated_) {
    sum_squares_ += other.sum_squares_;
    if (sum_squares_ < other.sum_squares_) saturated_ = true;  // wrapped around
  }
  if (saturated_) sum_squares_ = ~static_cast<UInt128>(0);
  integral_ = integral_ && other.integral_;
  if (!histogram_ && !other.histogram_ && exact_.size() + other.exact_.size() <= kExactLimit) {
    exact_.insert(exact_.end(), other.exact_.begin(), other.exact_.end());
    return;
  }
  if (!histogram_) ToHistogram();
  if (!other.histogram_) {
    for (const int64_t v : other.exact_) AddToHistogram(v, 1);
    return;
  }
  non_positive_ += other.non_positive_;
  // The span of other's non-empty buckets is made part of this one's, then added at once.
  size_t first = 0, last = other.buckets_.size();
  while (first < last && other.buckets_[first] == 0) ++first;
  while (last > first && other.buckets_[last - 1] == 0) --last;
  if (first == last) return;
  Bucket(other.low_ + static_cast<int32_t>(first));
  Bucket(other.low_ + static_cast<int32_t>(last - 1));
  uint64_t* into = &buckets_[static_cast<size_t>(other.low_ + static_cast<int32_t>(first) - low_)];
  for (size_t i = first; i < last; ++i) into[i - first] += other.buckets_[i];
}

int64_t Distribution::Percentile(double p) const {
  if (count_ == 0) return 0;
  uint64_t rank = static_cast<uint64_t>(std::ceil(p * static_cast<double>(count_)));
  rank = std::clamp<uint64_t>(rank, 1, count_);
  if (!histogram_) {
    // At most kExactLimit values (a state read back is checked for that): sorted on the stack.
    std::array<int64_t, kExactLimit> sorted;
    const size_t n = std::min(exact_.size(), kExactLimit);
    std::copy_n(exact_.begin(), n, sorted.begin());
    const auto nth = sorted.begin() + static_cast<ptrdiff_t>(std::min<uint64_t>(rank, n) - 1);
    std::nth_element(sorted.begin(), nth, sorted.begin() + static_cast<ptrdiff_t>(n));
    return *nth;
  }
  uint64_t seen = non_positive_;
  if (rank <= seen) return std::clamp<int64_t>(0, min_, max_);
  for (size_t i = 0; i < buckets_.size(); ++i) {
    seen += buckets_[i];
    if (seen >= rank) {
      int64_t v = BucketValue(low_ + static_cast<int32_t>(i));
      if (integral_) v = (v + 500000) / 1000000 * 1000000;
      return std::clamp(v, min_, max_);
    }
  }
  return max_;
}

Distribution::State Distribution::GetState() const {
  State s;
  s.count = count_;
  s.sum = sum_;
  s.min = min_;
  s.max = max_;
  s.integral = integral_;
  s.histogram = histogram_;
  s.exact = exact_;
  std::sort(s.exact.begin(), s.exact.end());
  s.low = low_;
  s.buckets = buckets_;
  s.non_positive = non_positive_;
  s.sum_squares = sum_squares_;
  s.saturated = saturated_;
  return s;
}

bool Distribution::FromState(const State& s, Distribution& out) {
  if (s.count == 0) {
    out = Distribution{};
    return true;
  }
  if (s.min > s.max) return false;
  if (!s.histogram) {
    if (s.exact.size() != s.count || s.exact.size() > kExactLimit || !s.buckets.empty()) {
      return false;
    }
    Int128 sum = 0;
    for (const int64_t v : s.exact) {
      if (v < s.min || v > s.max) return false;
      sum += v;
    }
    if (sum != s.sum) return false;
    if (!s.saturated) {  // while exact, the squares are known too
      Distribution squares;
      for (const int64_t v : s.exact) squares.AddSquares(v, 1);
      if (squares.sum_squares_ != s.sum_squares) return false;
    }
  } else {
    if (!s.exact.empty() || s.count <= kExactLimit) return false;
    // Bucket indexes of positive int64 values are 0 .. (63 << kSubBits) | 31.
    const int64_t last = static_cast<int64_t>(s.low) + static_cast<int64_t>(s.buckets.size());
    if (s.low < 0 || last > (int64_t{64} << kSubBits)) return false;
    uint64_t n = s.non_positive;
    for (const uint64_t b : s.buckets) {
      if (__builtin_add_overflow(n, b, &n)) return false;
    }
    if (n != s.count) return false;
    // Every value lies in [min, max], so the sum lies in count times that (which fits 128 bits):
    // a state that says otherwise is corrupt, and merging it could overflow the sum.
    const auto count = static_cast<Int128>(s.count);
    if (s.sum < count * s.min || s.sum > count * s.max) return false;
  }
  Distribution d;
  d.count_ = s.count;
  d.sum_ = s.sum;
  d.min_ = s.min;
  d.max_ = s.max;
  d.integral_ = s.integral;
  d.histogram_ = s.histogram;
  d.exact_ = s.exact;
  d.low_ = s.low;
  d.buckets_ = s.buckets;
  d.non_positive_ = s.non_positive;
  d.sum_squares_ = s.saturated ? ~static_cast<UInt128>(0) : s.sum_squares;
  d.saturated_ = s.saturated;
  if (d.buckets_.empty()) d.low_ = 0;
  out = std::move(d);
  return true;
}

double Distribution::StdDev() const {
  if (saturated_) return -1;
  if (count_ < 2) return 0;
  // In long double (64-bit mantissa): var = (S2 - S^2/n) / n. The subtraction loses about
  // 1e-19 of S2, so the result is good to ~3e-10 of the mean even when the spread is tiny.
  const auto n = static_cast<long double>(count_);
  const auto s = static_cast<long double>(sum_);
  const auto s2 = static_cast<long double>(sum_squares_);
  const long double var = (s2 - s * s / n) / n;
  return var > 0 ? static_cast<double>(std::sqrt(var)) : 0.0;
}

int64_t Distribution::BucketMiddle(int32_t index) { return BucketValue(index); }

int64_t Distribution::Average() const {
  if (count_ == 0) return 0;
  const Int128 c = static_cast<Int128>(count_);
  const Int128 half = sum_ >= 0 ? c / 2 : -(c / 2);
  return static_cast<int64_t>((sum_ + half) / c);
}

}  // namespace qadvisor::analyzer
