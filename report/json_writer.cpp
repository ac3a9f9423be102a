#include "report/json_writer.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <type_traits>

namespace qadvisor::report {

__extension__ typedef unsigned __int128 UInt128;

namespace {

// A line break and the indent of up to 32 levels, two spaces each: appended or copied at once.
constexpr size_t kMaxIndent = 64;
constexpr char kNewlineIndent[1 + kMaxIndent + 1] =
    "\n                                                                ";

}  // namespace

void JsonWriter::Newline() {
  if (!pretty_) return;
  const size_t want = 1 + stack_.size() * 2;
  if (want <= 1 + kMaxIndent) {
    out_.append(kNewlineIndent, want);  // one append: this runs for every value of a report
  } else {
    out_.push_back('\n');
    out_.append(stack_.size() * 2, ' ');
  }
}

void JsonWriter::BeforeValue() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (stack_.empty()) return;
  Level& level = stack_.back();
  if (!level.empty) out_.push_back(',');
  level.empty = false;
  Newline();
}

JsonWriter& JsonWriter::Open(char bracket) {
  BeforeValue();
  out_.push_back(bracket);
  stack_.push_back({bracket == '[', true});
  return *this;
}

JsonWriter& JsonWriter::Close(char bracket) {
  const bool empty = stack_.back().empty;
  stack_.pop_back();
  if (!empty) Newline();
  out_.push_back(bracket);
  return *this;
}

// Hot: a report writes millions of keys, nearly all short names that need no escaping. Such a
// key is put together with its comma, line break and indent on the stack and appended at once,
// where the general path appends four times and runs the escaper.
JsonWriter& JsonWriter::Key(std::string_view key) {
  constexpr size_t kShortKey = 48;
  if (key.size() <= kShortKey && !after_key_ && !stack_.empty() &&
      stack_.size() * 2 <= kMaxIndent && base::JsonPlainLength(key) == key.size()) {
    char buf[2 + kMaxIndent + 1 + kShortKey + 3];
    char* p = buf;
    Level& level = stack_.back();
    if (!level.empty) *p++ = ',';
    level.empty = false;
    if (pretty_) {
      // A fixed size: copied inline, then cut to the depth.
      std::memcpy(p, kNewlineIndent, 1 + kMaxIndent);
      p += 1 + stack_.size() * 2;
    }
    *p++ = '"';
    std::memcpy(p, key.data(), key.size());
    p += key.size();
    *p++ = '"';
    *p++ = ':';
    if (pretty_) *p++ = ' ';
    out_.append(buf, p);
    after_key_ = true;
    return *this;
  }
  BeforeValue();
  out_.push_back('"');
  AppendJsonEscaped(out_, key);
  out_.append(pretty_ ? "\": " : "\":", pretty_ ? 3 : 2);
  after_key_ = true;
  return *this;
}

JsonWriter& JsonWriter::String(std::string_view value) {
  BeforeValue();
  out_.push_back('"');
  AppendJsonEscaped(out_, value);
  out_.push_back('"');
  return *this;
}

JsonWriter& JsonWriter::Int(int64_t value) {
  BeforeValue();
  char buf[24];
  out_.append(buf, std::to_chars(buf, buf + sizeof buf, value).ptr);
  return *this;
}

JsonWriter& JsonWriter::Uint(uint64_t value) {
  BeforeValue();
  char buf[24];
  out_.append(buf, std::to_chars(buf, buf + sizeof buf, value).ptr);
  return *this;
}

template <typename T>
JsonWriter& JsonWriter::Integers(std::span<const T> values) {
  if (pretty_) {  // one element a line, as any array
    BeginArray();
    for (const T v : values) {
      if constexpr (std::is_signed_v<T>) {
        Int(v);
      } else {
        Uint(v);
      }
    }
    return EndArray();
  }
  BeforeValue();
  // Room for the longest number each, then cut to what was written.
  const size_t at = out_.size();
  out_.resize(at + 2 + values.size() * 21);
  char* p = out_.data() + at;
  *p++ = '[';
  for (size_t i = 0; i < values.size(); ++i) {
    if (i > 0) *p++ = ',';
    p = std::to_chars(p, p + 20, values[i]).ptr;
  }
  *p++ = ']';
  out_.resize(static_cast<size_t>(p - out_.data()));
  return *this;
}

JsonWriter& JsonWriter::Ints(std::span<const int64_t> values) { return Integers(values); }
JsonWriter& JsonWriter::Uints(std::span<const uint64_t> values) { return Integers(values); }

JsonWriter& JsonWriter::Double(double value) {
  if (!std::isfinite(value)) return Null();
  BeforeValue();
  fmt::format_to(std::back_inserter(out_), "{}", value);
  return *this;
}

JsonWriter& JsonWriter::Bool(bool value) {
  BeforeValue();
  out_ += value ? "true" : "false";
  return *this;
}

JsonWriter& JsonWriter::Raw(std::string_view json) {
  BeforeValue();
  out_ += json;
  return *this;
}

JsonWriter& JsonWriter::Null() {
  BeforeValue();
  out_ += "null";
  return *this;
}

namespace {

constexpr uint64_t kTen19 = 10000000000000000000ull;

// The decimal digits of `value`, least significant first, into `digits` (room for 39); their
// count. Nineteen digits at a time in 64 bits: a 128-bit division is a library call, and
// reports write hundreds of thousands of these.
size_t DigitsOf(UInt128 value, char* digits) {
  size_t n = 0;
  while (value > UINT64_MAX) {
    auto chunk = static_cast<uint64_t>(value % kTen19);
    value /= kTen19;
    for (int i = 0; i < 19; ++i, chunk /= 10) digits[n++] = static_cast<char>('0' + chunk % 10);
  }
  auto low = static_cast<uint64_t>(value);
  do {
    digits[n++] = static_cast<char>('0' + low % 10);
    low /= 10;
  } while (low != 0);
  return n;
}

// When `frac` (millionths, below 1000000) is not zero: '.' and its six digits without trailing
// zeros, at p.
char* PutFraction(char* p, uint32_t frac) {
  if (frac == 0) return p;
  *p++ = '.';
  char digits[6];
  for (int i = 5; i >= 0; --i) {
    digits[i] = static_cast<char>('0' + frac % 10);
    frac /= 10;
  }
  int len = 6;
  while (digits[len - 1] == '0') --len;
  for (int i = 0; i < len; ++i) *p++ = digits[i];
  return p;
}

}  // namespace

// Reports print hundreds of thousands of these: 64-bit arithmetic and to_chars, no fmt.
JsonWriter& JsonWriter::Millionths(int64_t value) {
  BeforeValue();
  char buf[32];
  char* p = buf;
  if (value < 0) *p++ = '-';
  const uint64_t magnitude = value < 0 ? 0 - static_cast<uint64_t>(value) : value;
  p = std::to_chars(p, buf + sizeof buf, magnitude / 1000000).ptr;
  p = PutFraction(p, static_cast<uint32_t>(magnitude % 1000000));
  out_.append(buf, p);
  return *this;
}

JsonWriter& JsonWriter::Decimal(analyzer::UInt128 value, unsigned decimals) {
  BeforeValue();
  char digits[48];  // 2^128 has 39 digits
  size_t n = DigitsOf(value, digits);
  while (n <= decimals) digits[n++] = '0';  // at least one digit before the point
  size_t last = 0;                          // lowest digit kept: trailing zeros of the fraction go
  while (last < decimals && digits[last] == '0') ++last;
  char buf[56];
  char* p = buf;
  for (size_t i = n; i-- > decimals;) *p++ = digits[i];
  if (last < decimals) {
    *p++ = '.';
    for (size_t i = decimals; i-- > last;) *p++ = digits[i];
  }
  out_.append(buf, p);
  return *this;
}

JsonWriter& JsonWriter::Millionths128(analyzer::Int128 value) {
  if (value >= INT64_MIN && value <= INT64_MAX) return Millionths(static_cast<int64_t>(value));
  BeforeValue();
  const bool negative = value < 0;
  const UInt128 magnitude = negative ? static_cast<UInt128>(-(value + 1)) + 1 : value;
  // The whole part has up to 33 digits: written from DigitsOf, most significant first.
  char digits[40];
  const size_t n = DigitsOf(magnitude / 1000000, digits);
  char buf[48];
  char* p = buf;
  if (negative) *p++ = '-';
  for (size_t i = n; i-- > 0;) *p++ = digits[i];
  p = PutFraction(p, static_cast<uint32_t>(magnitude % 1000000));
  out_.append(buf, p);
  return *this;
}

JsonWriter& JsonWriter::WideUint(analyzer::UInt128 value) {
  if (value <= INT64_MAX) return Int(static_cast<int64_t>(value));
  char digits[40];
  const size_t n = DigitsOf(value, digits);
  std::reverse(digits, digits + n);
  return String(std::string_view(digits, n));
}

JsonWriter& JsonWriter::WideInt(analyzer::Int128 value) {
  if (value >= INT64_MIN && value <= INT64_MAX) return Int(static_cast<int64_t>(value));
  if (value > 0) return WideUint(static_cast<UInt128>(value));
  char digits[41];
  const size_t n = DigitsOf(static_cast<UInt128>(-(value + 1)) + 1, digits);
  digits[n] = '-';
  std::reverse(digits, digits + n + 1);
  return String(std::string_view(digits, n + 1));
}

}  // namespace qadvisor::report
