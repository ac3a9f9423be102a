#include "report/json_writer.h"

#include <catch2/catch.hpp>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <type_traits>
#include <vector>

namespace qadvisor::report {
namespace {

TEST_CASE("JsonWriter writes nested objects and arrays that parse back") {
  std::string out;
  JsonWriter w(out);
  w.BeginObject();
  w.Field("name", "t").Field("count", uint64_t{3}).Field("ok", true);
  w.Key("none").Null();
  w.Key("list").BeginArray().Int(-1).Double(0.5).String("x").EndArray();
  w.Key("empty").BeginObject().EndObject();
  w.Key("empty_list").BeginArray().EndArray();
  w.EndObject();
  const auto j = nlohmann::json::parse(out);
  CHECK(j["name"] == "t");
  CHECK(j["count"] == 3);
  CHECK(j["ok"] == true);
  CHECK(j["none"].is_null());
  CHECK(j["list"] == nlohmann::json::array({-1, 0.5, "x"}));
  CHECK(j["empty"].empty());
  CHECK(j["empty_list"].empty());
}

TEST_CASE("JsonWriter continues another writer's array: the pieces join into one document") {
  // What one writer writes alone...
  auto element = [](JsonWriter& w, int i) {
    w.BeginObject().Field("rank", i).Key("tags").BeginArray().String("a").EndArray().EndObject();
  };
  std::string alone;
  {
    JsonWriter w(alone);
    w.BeginObject().Key("classes").BeginArray();
    for (int i = 1; i <= 4; ++i) element(w, i);
    w.EndArray().EndObject();
  }
  // ...and the same with elements 3 and 4 written by writers two containers deep.
  std::string joined;
  JsonWriter w(joined);
  w.BeginObject().Key("classes").BeginArray();
  element(w, 1);
  element(w, 2);
  for (int i = 3; i <= 4; ++i) {
    std::string piece;
    JsonWriter deep(piece, /*pretty=*/true, /*depth=*/2);
    element(deep, i);
    CHECK(piece.starts_with(",\n    {"));
    joined += piece;
  }
  w.EndArray().EndObject();
  CHECK(joined == alone);
  CHECK(nlohmann::json::parse(joined)["classes"].size() == 4);
}

TEST_CASE("JsonWriter writes keys as nlohmann::json does, short or long, plain or escaped") {
  // Key() has a fast path for short keys that need no escaping at a moderate depth; the others
  // take the general one. Both must give nlohmann's bytes, compact and indented by 2.
  const std::vector<std::string> keys = {"a",
                                         "",
                                         "query_time",
                                         std::string(48, 'k'),
                                         std::string(49, 'l'),
                                         "q\"uote",
                                         "back\\slash",
                                         "tab\there",
                                         std::string("nul\0", 4),
                                         "caf\xC3\xA9",
                                         "del\x7F",
                                         "~!@#$%^&*()"};
  for (const bool pretty : {false, true}) {
    std::string out;
    JsonWriter w(out, pretty);
    nlohmann::ordered_json want = nlohmann::ordered_json::object();
    w.BeginObject();
    for (size_t i = 0; i < keys.size(); ++i) {
      w.Field(keys[i], static_cast<uint64_t>(i));
      want[keys[i]] = i;
    }
    // Deeper than the fast path's indent: 40 objects inside each other, each with two keys.
    w.Key("deep");
    nlohmann::ordered_json* at = &want["deep"];
    for (int depth = 0; depth < 40; ++depth) {
      w.BeginObject().Field("d", depth).Key("in");
      (*at)["d"] = depth;
      at = &(*at)["in"];
    }
    w.BeginArray().EndArray();
    *at = nlohmann::ordered_json::array();
    for (int depth = 0; depth < 40; ++depth) w.EndObject();
    w.EndObject();
    INFO(out);
    CHECK(out == (pretty ? want.dump(2) : want.dump()));
  }
}

TEST_CASE("JsonWriter::Ints and Uints write the bytes element-by-element writing does") {
  const std::vector<int64_t> ints = {0, -1, 7, INT64_MIN, INT64_MAX};
  const std::vector<uint64_t> uints = {0, 0, 0, 3, UINT64_MAX};
  for (const bool pretty : {false, true}) {
    std::string at_once, one_by_one;
    JsonWriter a(at_once, pretty), b(one_by_one, pretty);
    a.BeginObject().Key("i").Ints(ints).Key("u").Uints(uints).Key("none").Ints({});
    a.Key("nested").BeginArray().Int(1).Uints(uints).Ints(ints).EndArray().EndObject();
    b.BeginObject().Key("i").BeginArray();
    for (const int64_t v : ints) b.Int(v);
    b.EndArray().Key("u").BeginArray();
    for (const uint64_t v : uints) b.Uint(v);
    b.EndArray().Key("none").BeginArray().EndArray();
    b.Key("nested").BeginArray().Int(1).BeginArray();
    for (const uint64_t v : uints) b.Uint(v);
    b.EndArray().BeginArray();
    for (const int64_t v : ints) b.Int(v);
    b.EndArray().EndArray().EndObject();
    CHECK(at_once == one_by_one);
    const auto j = nlohmann::json::parse(at_once);
    CHECK(j["i"][3] == INT64_MIN);
    CHECK(j["u"][4] == UINT64_MAX);
  }
}

TEST_CASE("JsonWriter::Decimal writes an exact decimal, 128 bits wide") {
  auto decimal = [](analyzer::UInt128 v, unsigned decimals) {
    std::string out;
    JsonWriter w(out, false);
    w.Decimal(v, decimals);
    return out;
  };
  CHECK(decimal(1500, 3) == "1.5");
  CHECK(decimal(3000, 3) == "3");
  CHECK(decimal(0, 12) == "0");
  CHECK(decimal(7, 12) == "0.000000000007");
  CHECK(decimal(123456789, 0) == "123456789");
  // 2^128 - 1 = 340282366920938463463374607431768211455, with 12 decimals.
  CHECK(decimal(~analyzer::UInt128{0}, 12) == "340282366920938463463374607.431768211455");
}

TEST_CASE("JsonWriter escapes control characters and quotes") {
  std::string out;
  JsonWriter(out, false).String(std::string("a\"b\\c\nd\te\x01\0f", 12));
  CHECK(out == "\"a\\\"b\\\\c\\nd\\te\\u0001\\u0000f\"");
  CHECK(nlohmann::json::parse(out).get<std::string>() == std::string("a\"b\\c\nd\te\x01\0f", 12));
}

TEST_CASE("JsonWriter keeps valid UTF-8 and replaces invalid bytes with U+FFFD") {
  std::string out;
  JsonWriter(out, false).String("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80");
  CHECK(out == "\"caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80\"");
  out.clear();
  // A lone continuation byte, a truncated sequence, an overlong '/', a surrogate, 0xFF.
  JsonWriter(out, false).String("a\x80 b\xE2\x82 c\xC0\xAF d\xED\xA0\x80 e\xFF");
  const std::string parsed = nlohmann::json::parse(out).get<std::string>();
  // One U+FFFD per byte that does not start a well-formed sequence: 1 + 2 + 2 + 3 + 1.
  size_t replaced = 0;
  for (size_t at = parsed.find("\xEF\xBF\xBD"); at != std::string::npos;
       at = parsed.find("\xEF\xBF\xBD", at + 3)) {
    ++replaced;
  }
  CHECK(replaced == 9);
  CHECK(parsed.find("a\xEF\xBF\xBD b") == 0);
}

TEST_CASE("Millionths are written exactly, without binary floating point") {
  auto text = [](analyzer::Int128 v) {
    std::string out;
    JsonWriter(out, false).Millionths128(v);
    return out;
  };
  CHECK(text(0) == "0");
  CHECK(text(1500000) == "1.5");
  CHECK(text(3000000) == "3");
  CHECK(text(123) == "0.000123");
  CHECK(text(-2500000) == "-2.5");
  CHECK(text(static_cast<analyzer::Int128>(INT64_MAX) * 1000) == "9223372036854775.807");
  // The edges of the 64-bit path, and of 128 bits.
  CHECK(text(INT64_MAX) == "9223372036854.775807");
  CHECK(text(INT64_MIN) == "-9223372036854.775808");
  std::string out;
  JsonWriter(out, false).Millionths(INT64_MIN);
  CHECK(out == "-9223372036854.775808");
  const auto int128_max = static_cast<analyzer::Int128>(~analyzer::UInt128{0} >> 1);
  CHECK(text(int128_max) == "170141183460469231731687303715884.105727");
  CHECK(text(-int128_max - 1) == "-170141183460469231731687303715884.105728");
  // A whole part of exactly 10^19 and one with zeros inside its low nineteen digits.
  const analyzer::Int128 ten19 = static_cast<analyzer::Int128>(10000000000000000000ull);
  CHECK(text(ten19 * 1000000) == "10000000000000000000");
  CHECK(text((ten19 + 5) * 1000000 + 70) == "10000000000000000005.00007");
}

TEST_CASE("JsonWriter::Decimal is exact on both sides of 64 bits") {
  auto decimal = [](analyzer::UInt128 v, unsigned decimals) {
    std::string out;
    JsonWriter(out, false).Decimal(v, decimals);
    return out;
  };
  const analyzer::UInt128 two64 = static_cast<analyzer::UInt128>(UINT64_MAX) + 1;
  CHECK(decimal(two64 - 1, 0) == "18446744073709551615");
  CHECK(decimal(two64, 0) == "18446744073709551616");
  CHECK(decimal(two64, 12) == "18446744.073709551616");
  const analyzer::UInt128 ten19 = 10000000000000000000ull;
  CHECK(decimal(ten19 * ten19, 12) == "100000000000000000000000000");
  CHECK(decimal(ten19 * ten19 + 3, 12) == "100000000000000000000000000.000000000003");
}

TEST_CASE("JsonWriter::StringOrNull and FieldOrNull write null for an empty string") {
  std::string out;
  JsonWriter w(out, false);
  w.BeginObject().FieldOrNull("db", "").FieldOrNull("table", "t").Key("list").BeginArray();
  w.StringOrNull("").StringOrNull("x").EndArray().EndObject();
  CHECK(out == R"({"db":null,"table":"t","list":[null,"x"]})");
}

TEST_CASE("JsonWriter::WideInt and WideUint: a number while int64_t holds it, else digits") {
  auto wide = [](auto v) {
    std::string out;
    JsonWriter w(out, false);
    if constexpr (std::is_same_v<decltype(v), analyzer::UInt128>) {
      w.WideUint(v);
    } else {
      w.WideInt(v);
    }
    return out;
  };
  using analyzer::Int128;
  using analyzer::UInt128;
  CHECK(wide(Int128{0}) == "0");
  CHECK(wide(Int128{-42}) == "-42");
  CHECK(wide(Int128{INT64_MAX}) == "9223372036854775807");
  CHECK(wide(Int128{INT64_MIN}) == "-9223372036854775808");
  CHECK(wide(Int128{INT64_MAX} + 1) == "\"9223372036854775808\"");
  CHECK(wide(Int128{INT64_MIN} - 1) == "\"-9223372036854775809\"");
  CHECK(wide(Int128{1} << 70) == "\"1180591620717411303424\"");
  CHECK(wide(-(Int128{1} << 70)) == "\"-1180591620717411303424\"");
  // The extremes: -2^127 (no positive twin) and 2^128 - 1.
  CHECK(wide(-(Int128{1} << 126) * 2) == "\"-170141183460469231731687303715884105728\"");
  CHECK(wide(~UInt128{0}) == "\"340282366920938463463374607431768211455\"");
  CHECK(wide(UInt128{INT64_MAX}) == "9223372036854775807");
  CHECK(wide(UInt128{INT64_MAX} + 1) == "\"9223372036854775808\"");
}

}  // namespace
}  // namespace qadvisor::report
