// A small streaming JSON writer: appends to a string, escapes text, and replaces invalid UTF-8
// with U+FFFD (slow logs hold arbitrary bytes). Far cheaper than building a DOM for reports
// with thousands of classes. The caller keeps the structure well formed: every Begin has its
// End, and inside an object every value follows a Key.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/distribution.h"
#include "base/json_escape.h"

namespace qadvisor::report {

class JsonWriter {
 public:
  explicit JsonWriter(std::string& out, bool pretty = true) : out_(out), pretty_(pretty) {}
  // Continues a document another writer has open `depth` containers deep and has already
  // written into: each value it writes starts with a comma, indented for that depth. For
  // writing elements of one array on several threads and joining the pieces in order.
  JsonWriter(std::string& out, bool pretty, size_t depth)
      : out_(out), pretty_(pretty), stack_(depth, Level{.array = false, .empty = false}) {}

  JsonWriter& BeginObject() { return Open('{'); }
  JsonWriter& EndObject() { return Close('}'); }
  JsonWriter& BeginArray() { return Open('['); }
  JsonWriter& EndArray() { return Close(']'); }
  JsonWriter& Key(std::string_view key);

  JsonWriter& String(std::string_view value);
  JsonWriter& Int(int64_t value);
  JsonWriter& Uint(uint64_t value);
  JsonWriter& Double(double value);  // shortest form that reads back the same; NaN/inf as null
  JsonWriter& Bool(bool value);
  JsonWriter& Null();
  // `value`, or null when it is empty: a field every report has, unknown or not there this time.
  JsonWriter& StringOrNull(std::string_view value) {
    return value.empty() ? Null() : String(value);
  }
  // A decimal number written exactly from millionths: 1500000 -> 1.5, 3000000 -> 3.
  JsonWriter& Millionths(int64_t value);
  JsonWriter& Millionths128(analyzer::Int128 value);
  // An array of integers at once: [1,0,0,7]. Histograms in a digest's state hold millions.
  JsonWriter& Ints(std::span<const int64_t> values);
  JsonWriter& Uints(std::span<const uint64_t> values);
  // A value already written as JSON (by another, compact JsonWriter), inserted as it is.
  JsonWriter& Raw(std::string_view json);
  // `value` / 10^decimals as an exact decimal without trailing zeros: (1500, 3) -> 1.5. For
  // sums of squares, kept in millionths squared (decimals 12).
  JsonWriter& Decimal(analyzer::UInt128 value, unsigned decimals);
  // An integer that may need 128 bits: a JSON number while it fits in int64_t (what readers keep
  // exactly, ours among them), else its decimal digits as a string: 2^70 ->
  // "1180591620717411303424".
  JsonWriter& WideInt(analyzer::Int128 value);
  JsonWriter& WideUint(analyzer::UInt128 value);

  // Shorthands for a key and its value.
  JsonWriter& Field(std::string_view key, std::string_view value) { return Key(key).String(value); }
  JsonWriter& FieldOrNull(std::string_view key, std::string_view value) {
    return Key(key).StringOrNull(value);
  }
  JsonWriter& Field(std::string_view key, const char* value) { return Key(key).String(value); }
  JsonWriter& Field(std::string_view key, int64_t value) { return Key(key).Int(value); }
  JsonWriter& Field(std::string_view key, uint64_t value) { return Key(key).Uint(value); }
  JsonWriter& Field(std::string_view key, int value) { return Key(key).Int(value); }
  JsonWriter& Field(std::string_view key, bool value) { return Key(key).Bool(value); }

 private:
  template <typename T>
  JsonWriter& Integers(std::span<const T> values);
  JsonWriter& Open(char bracket);
  JsonWriter& Close(char bracket);
  void BeforeValue();
  void Newline();

  std::string& out_;
  bool pretty_;
  struct Level {
    bool array;
    bool empty;
  };
  std::vector<Level> stack_;
  bool after_key_ = false;
};

// Appends `text` as the body of a JSON string (no quotes), escaped, invalid UTF-8 replaced:
// the one escaper of base/json_escape.h.
using base::AppendJsonEscaped;

}  // namespace qadvisor::report
