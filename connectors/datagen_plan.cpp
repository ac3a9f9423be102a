// The load plan: the INSERT … SELECT statements that fill each table of a catalog with generated
// rows (PlanLoad, see datagen.h), and the seed values the workload asks for.
//
// The generator in one paragraph: for row r (1-based, `seq` of MariaDB's SEQUENCE engine) each
// column computes an index k into a domain of `card` values, then renders k as a value of its
// type; distinct k always render to distinct values (the domain is capped at what the type can
// hold). Where k comes from is the column's role:
//   sequence  k = r - 1                  a column alone in a unique key, AUTO_INCREMENT
//   leader    k = (r - 1) DIV m          the first column of a multi-column unique key
//   spread    k = ((r - 1) * a + H((r - 1) DIV card)) MOD card     everything else, and the
//                                        key's second column ("member", card a multiple of m)
// H(x) is CRC32(x * A + B) with per-column constants A, B: CRC32 is linear over GF(2), but the
// decimal digits of x * A + B for two columns' constants are not related bit-wise, so two
// columns' hashes are not either. a is coprime to card, so each run of card consecutive rows
// takes every domain value exactly once, in an order shuffled per run: the column has exactly
// min(rows, card) distinct values, equally often, and is not correlated with other columns.
// A member's runs hold whole groups of m rows, so it is distinct within each leader value.
// A foreign-key column draws a row of the referenced table the same way and takes the
// referenced column's expression for that row, so references always hit generated rows,
// whatever the referenced column's type and role.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <optional>

#include "base/hash.h"
#include "connectors/datagen.h"
#include "parser/keywords.h"
#include "parser/parser.h"

namespace qadvisor::connectors {
namespace {

using analyzer::Column;
using analyzer::Table;
using analyzer::TypeFamily;
using parser::EqualsIgnoreCase;
using parser::LowerAscii;

constexpr uint64_t kHuge = uint64_t{1} << 62;      // "as many as anyone will ask for"
constexpr uint64_t kNullOneIn = 20;                // nullable columns: NULL in one row of 20
constexpr uint64_t kSpreadDays = 1096;             // DATE values: three years from 2022-01-01
constexpr uint64_t kSpreadSeconds = 1095 * 86400;  // DATETIME / TIMESTAMP: the same years
constexpr int kMaxReferenceDepth = 4;  // foreign keys followed through referenced columns
// Filler after the distinguishing part; no spaces, so no value ends in one when cut.
constexpr std::string_view kPad = "-lorem-ipsum-dolor-sit-amet";

uint64_t SaturatingMul(uint64_t a, uint64_t b) {
  if (a != 0 && b > kHuge / a) return kHuge;
  return std::min(a * b, kHuge);
}

uint64_t SaturatingPow(uint64_t base, uint64_t exponent) {
  uint64_t out = 1;
  for (uint64_t i = 0; i < exponent && out < kHuge; ++i) out = SaturatingMul(out, base);
  return out;
}

uint32_t DigitsIn(uint64_t value, uint64_t base) {
  uint32_t digits = 1;
  while (value >= base) {
    value /= base;
    ++digits;
  }
  return digits;
}

// Per-column constants of the hash H(x) = CRC32(x * mul + add).
struct Salt {
  uint64_t mul = 1;
  uint64_t add = 0;
};

Salt MakeSalt(std::string_view key) {
  const uint64_t h = base::Fnv1a64(key);
  return {1 + 2 * ((h >> 1) % 500000), (h >> 32) % 1000000};
}

std::string Hash(const Salt& salt, std::string_view x) {
  return fmt::format("CRC32({} * {} + {})", x, salt.mul, salt.add);
}

std::vector<std::string_view> NameParts(const std::string& lower_name) {
  std::vector<std::string_view> parts;
  std::string_view rest = lower_name;
  while (!rest.empty()) {
    const size_t cut = rest.find('_');
    if (cut != 0) parts.push_back(rest.substr(0, cut));
    if (cut == std::string_view::npos) break;
    rest.remove_prefix(cut + 1);
  }
  return parts;
}

bool AnyOf(std::string_view word, std::initializer_list<std::string_view> words) {
  return std::find(words.begin(), words.end(), word) != words.end();
}

// --- column types --------------------------------------------------------------------------------

// Integer bounds as long double: its 64-bit mantissa holds every value of the range (and 2^64)
// exactly, so no 128-bit integers are needed.
struct IntRange {
  long double lo = 0;
  long double hi = 0;
};

// An integer literal's value ("-42", "+7", "0042"), or nothing.
std::optional<long double> IntegerValue(std::string_view text) {
  const bool negative = !text.empty() && text[0] == '-';
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) text.remove_prefix(1);
  while (text.size() > 1 && text[0] == '0') text.remove_prefix(1);
  if (text.empty() || text.size() > 20 ||
      !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    return std::nullopt;
  }
  long double value = 0;
  for (char c : text) value = value * 10 + (c - '0');
  return negative ? -value : value;
}

IntRange RangeOf(const Column& c) {
  int bytes = 4;
  if (AnyOf(c.type, {"tinyint", "int1", "bool", "boolean"})) bytes = 1;
  if (AnyOf(c.type, {"smallint", "int2"})) bytes = 2;
  if (AnyOf(c.type, {"mediumint", "middleint", "int3"})) bytes = 3;
  if (AnyOf(c.type, {"bigint", "int8", "serial"})) bytes = 8;
  const long double span = std::ldexp(1.0L, 8 * bytes);
  if (c.is_unsigned) return {0, span - 1};
  return {-span / 2, span / 2 - 1};
}

bool IsBooleanLike(const Column& c) {
  return c.type == "bool" || c.type == "boolean" || (c.type == "tinyint" && c.length == 1) ||
         (c.family == TypeFamily::kBit && c.length <= 1);
}

// The value of k = 0 of an integer column with `card` values: 0 for flags, else 1 when
// 1..card fits, else the type's minimum.
long double IntegerBase(const Column& c, uint64_t card) {
  const long double base = IsBooleanLike(c) ? 0 : 1;
  return base + static_cast<long double>(card) - 1 > RangeOf(c).hi ? RangeOf(c).lo : base;
}

uint32_t DecimalPrecision(const Column& c) { return c.length > 0 ? c.length : 10; }

// FLOAT(M,D) / DOUBLE(M,D): bounded like DECIMAL(M,D).
bool IsBoundedFloat(const Column& c) {
  return c.family == TypeFamily::kFloat && c.length > 0 && c.scale > 0;
}

// The most characters (bytes for binary types) a value may have.
uint64_t StringLimit(const Column& c) {
  if (c.length > 0) return c.length;
  if (c.type == "tinytext" || c.type == "tinyblob") return 255;
  return 65535;
}

// Distinct values a column can hold as the generator renders them; `unique_chars` bounds the
// characters that must differ (a unique key on a prefix), 0: the whole value.
uint64_t Capacity(const Column& c, uint64_t unique_chars) {
  switch (c.family) {
    case TypeFamily::kInteger: {
      const IntRange r = RangeOf(c);
      const long double span = r.hi - r.lo + 1;
      return span >= static_cast<long double>(kHuge) ? kHuge : static_cast<uint64_t>(span);
    }
    case TypeFamily::kDecimal:
      return SaturatingPow(10, DecimalPrecision(c)) - 1;
    case TypeFamily::kFloat:
      if (IsBoundedFloat(c)) return SaturatingPow(10, c.length) - 1;
      return c.type == "float" || c.type == "float4" ? uint64_t{1} << 24 : uint64_t{1} << 52;
    case TypeFamily::kBit:
      return SaturatingPow(2, std::max<uint32_t>(c.length, 1));
    case TypeFamily::kString:
    case TypeFamily::kBinary: {
      uint64_t chars = StringLimit(c);
      if (unique_chars > 0) chars = std::min(chars, unique_chars);
      return SaturatingPow(36, chars);
    }
    case TypeFamily::kTemporal:
      if (c.type == "date") return 3'287'000;         // 1000-01-01 … 9999-12-31
      if (c.type == "time") return 6'040'799;         // -838:59:59 … 838:59:59
      if (c.type == "year") return 255;               // 1901 … 2155
      if (c.type == "timestamp") return 500'000'000;  // seconds from 2022 before 2038-01-19
      return 250'000'000'000;                         // DATETIME: seconds from 2022 to 9999
    case TypeFamily::kEnumSet:
      if (c.type == "set") return SaturatingPow(2, c.length) - 1;
      return std::max<uint64_t>(c.length, 1);
    case TypeFamily::kJson:
    case TypeFamily::kSpatial:
      return kHuge;
    case TypeFamily::kOther:
      if (c.type == "uuid" || c.type == "inet6") return uint64_t{1} << 32;
      if (c.type == "inet4") return uint64_t{1} << 24;
      return 1;
  }
  return 1;
}

// Whether the generator can write values of this type at all (else: NULL, or skip the table).
bool CanRender(const Column& c) {
  return c.family != TypeFamily::kOther || c.type == "uuid" || c.type == "inet6" ||
         c.type == "inet4";
}

// The domain size of a column without a statistic: from its type and name.
uint64_t DefaultCardinality(const Column& c, uint64_t rows) {
  const std::string name = LowerAscii(c.name);
  const std::vector<std::string_view> parts = NameParts(name);
  const std::string_view first = parts.empty() ? std::string_view() : parts.front();
  const std::string_view last = parts.empty() ? std::string_view() : parts.back();
  const uint64_t all = std::max<uint64_t>(rows, 1);
  switch (c.family) {
    case TypeFamily::kTemporal:
      if (c.type == "date") return std::min(all, kSpreadDays);
      if (c.type == "time") return std::min<uint64_t>(all, 86400);
      if (c.type == "year") return std::min<uint64_t>(all, 30);
      return all;
    case TypeFamily::kEnumSet:
      return c.type == "set" ? std::min<uint64_t>(2 * std::max<uint32_t>(c.length, 1), 16)
                             : std::max<uint64_t>(c.length, 1);
    case TypeFamily::kJson:
    case TypeFamily::kSpatial:
    case TypeFamily::kOther:
      return all;
    default:
      break;
  }
  if (IsBooleanLike(c) || AnyOf(first, {"is", "has", "can", "should", "was"}) ||
      AnyOf(last, {"flag", "enabled", "active", "deleted", "disabled", "visible", "verified"})) {
    return 2;
  }
  if (AnyOf(last, {"status", "state", "type", "kind", "category", "level", "priority", "role",
                   "gender", "mode", "stage", "phase", "tier"})) {
    return 5;
  }
  if (AnyOf(last, {"country", "currency", "language", "lang", "locale", "timezone"})) return 50;
  for (std::string_view p : parts) {
    if (AnyOf(p, {"qty", "quantity", "count", "age", "percent", "pct", "rating", "score"})) {
      return std::min<uint64_t>(all, 100);
    }
  }
  if (last == "id") return std::max<uint64_t>(rows / 10, 1);
  if (IsNumeric(c.family)) return std::min<uint64_t>(all, 10000);
  return all;
}

// --- the plan of one table -----------------------------------------------------------------------

enum class Role : uint8_t { kSkip, kSequence, kLeader, kMember, kSpread };

struct ColumnPlan {
  Role role = Role::kSpread;
  uint64_t card = 1;          // the domain: k in [0, card)
  uint64_t unique_chars = 0;  // shortest unique-key prefix over the column, 0: whole value
  bool always_null = false;   // a nullable column of a type the generator cannot write
  bool nulls = false;         // NULL in one row of kNullOneIn
  int fk = -1;                // index in TablePlan::fks
  size_t fk_part = 0;         // which column of that foreign key
  std::vector<SeedValue> seeds;
  Salt salt;
  Salt null_salt;
  uint64_t multiplier = 1;  // `a` of the spread formula, coprime to card
  int64_t shift_days = 0;   // DATE / DATETIME / TIMESTAMP: the generated values moved by this
};

struct FkPlan {
  size_t parent = 0;                   // plan index of the referenced table
  std::vector<size_t> parent_columns;  // per foreign-key column
  std::vector<int> columns;            // child column per part, -1 when unusable
  uint64_t card = 1;                   // referenced rows drawn from
  Salt salt;
  uint64_t multiplier = 1;
  int driver = -1;  // a child column in a unique role whose k picks the referenced row
};

struct TablePlan {
  const Table* table = nullptr;
  std::string key;  // lower-case qualified name, for salts and seeds
  std::string database;
  uint64_t rows = 0;
  uint64_t group = 1;  // m: rows per leader value
  bool ignore = false;
  bool skip = false;
  std::vector<ColumnPlan> columns;
  std::vector<FkPlan> fks;
  std::vector<uint64_t> referenced_rows;  // per column: rows of the table it references, or 0
  std::vector<std::string> notes;
};

uint64_t Coprime(uint64_t card, uint64_t seed) {
  if (card <= 2) return 1;
  uint64_t a = std::max<uint64_t>(seed % std::min<uint64_t>(card, uint64_t{1} << 31), 1);
  while (std::gcd(a, card) != 1) ++a;
  return a;
}

std::string Zero(std::string_view r) { return fmt::format("({} - 1)", r); }

// The spread formula (see the top of this file): k in [0, card) for row `r`.
std::string SpreadIndex(std::string_view r, uint64_t card, uint64_t multiplier, const Salt& salt) {
  if (card <= 1) return "0";
  const std::string r0 = Zero(r);
  return fmt::format("MOD({} * {} + {}, {})", r0, multiplier,
                     Hash(salt, fmt::format("({} DIV {})", r0, card)), card);
}

// k of a column in a unique or spread role, for row `r`.
std::string Index(const TablePlan& t, const ColumnPlan& c, std::string_view r) {
  switch (c.role) {
    case Role::kSequence:
      return Zero(r);
    case Role::kLeader:
      return t.group == 1 ? Zero(r) : fmt::format("({} DIV {})", Zero(r), t.group);
    case Role::kMember:  // spread, with card a multiple of the group size (see PlanGroup)
    case Role::kSpread:
    case Role::kSkip:
      break;
  }
  return SpreadIndex(r, c.card, c.multiplier, c.salt);
}

// The string shape: [tag-]digits, then padding to a typical length.
struct StringShape {
  std::string tag;
  uint32_t digits = 1;
  bool base36 = false;
  uint64_t body = 1;    // characters of tag, '-', digits
  uint64_t target = 1;  // characters after padding
};

StringShape ShapeOf(const Column& column, uint64_t card, uint64_t unique_chars) {
  const uint64_t limit = StringLimit(column);
  const uint64_t room = unique_chars > 0 ? std::min(limit, unique_chars) : limit;
  StringShape s;
  s.digits = DigitsIn(card - 1, 10);
  if (s.digits > room) {
    s.base36 = true;
    s.digits = DigitsIn(card - 1, 36);
  }
  if (room >= s.digits + 3) {
    for (char ch : LowerAscii(column.name)) {
      if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_') s.tag += ch;
    }
    s.tag.resize(std::min<size_t>({s.tag.size(), 12, room - s.digits - 1}));
    if (s.tag.size() < 2) s.tag.clear();
  }
  s.body = s.digits + (s.tag.empty() ? 0 : s.tag.size() + 1);
  // Typical lengths, so that keys and rows have realistic widths: a quarter of the declared
  // length plus 8, at most 48 (the body always fits: body <= room <= limit).
  const uint64_t typical = limit <= 16 ? 0 : std::min<uint64_t>({limit, 8 + limit / 4, 48});
  s.target = std::max<uint64_t>(s.body, typical);
  return s;
}

struct Rendered {
  std::string sql;
  uint64_t max_chars = 0;
};

std::string Spatial(std::string_view type, std::string_view k) {
  const std::string x = fmt::format("({} MOD 1000)", k);
  const std::string y = fmt::format("({} DIV 1000)", k);
  const std::string point = fmt::format("POINT({}, {})", x, y);
  const std::string line = fmt::format("LINESTRING({}, POINT({} + 1, {} + 1))", point, x, y);
  const std::string polygon = fmt::format(
      "POLYGON(LINESTRING({0}, POINT({1} + 1, {2}), POINT({1} + 1, {2} + 1), {0}))", point, x, y);
  if (type == "linestring") return line;
  if (type == "polygon") return polygon;
  if (type == "multipoint") return fmt::format("MULTIPOINT({})", point);
  if (type == "multilinestring") return fmt::format("MULTILINESTRING({})", line);
  if (type == "multipolygon") return fmt::format("MULTIPOLYGON({})", polygon);
  if (type == "geometrycollection" || type == "geomcollection") {
    return fmt::format("GEOMETRYCOLLECTION({})", point);
  }
  return point;  // POINT, GEOMETRY
}

// k (an SQL expression in [0, card)) as a value of the column's type; distinct k, distinct
// values. card never exceeds Capacity(column, unique_chars).
Rendered Render(const Column& c, std::string_view k, uint64_t card, uint64_t unique_chars) {
  switch (c.family) {
    case TypeFamily::kInteger: {
      const long double base = IntegerBase(c, card);
      if (base >= 0) return {fmt::format("({} + {})", static_cast<int64_t>(base), k)};
      return {fmt::format("(CAST({} AS SIGNED) - {})", k, static_cast<uint64_t>(-base))};
    }
    case TypeFamily::kDecimal:
    case TypeFamily::kFloat: {
      if (c.family == TypeFamily::kFloat && !IsBoundedFloat(c)) {
        return {fmt::format("((1 + {}) * 0.25)", k)};
      }
      // (1 + k) steps of `step` units of the last digit: money-like values that fit (M,D).
      const uint64_t units = SaturatingPow(10, DecimalPrecision(c)) - 1;
      const uint64_t step = c.scale == 0 ? 1 : std::clamp<uint64_t>(units / card, 1, 137);
      if (c.scale == 0) return {fmt::format("(1 + {})", k)};
      return {fmt::format("((1 + {}) * {} * 0.{:0>{}})", k, step, "1", c.scale)};
    }
    case TypeFamily::kBit:
      return {fmt::format("({})", k)};
    case TypeFamily::kString:
    case TypeFamily::kBinary: {
      const StringShape s = ShapeOf(c, card, unique_chars);
      std::string token = s.base36 ? fmt::format("LPAD(CONV({}, 10, 36), {}, '0')", k, s.digits)
                                   : fmt::format("LPAD({}, {}, '0')", k, s.digits);
      if (!s.tag.empty()) token = fmt::format("CONCAT('{}-', {})", s.tag, token);
      if (s.target > s.body) token = fmt::format("RPAD({}, {}, '{}')", token, s.target, kPad);
      return {token, s.target};
    }
    case TypeFamily::kTemporal:
      if (c.type == "date") {
        if (card <= kSpreadDays) {
          return {
              fmt::format("(DATE'2022-01-01' + INTERVAL ({} * {}) DAY)", k, kSpreadDays / card)};
        }
        if (card <= 300'000) {
          return {fmt::format("(DATE'2025-01-01' - INTERVAL ({} - {}) DAY)", card, k)};
        }
        return {fmt::format("(DATE'1000-01-01' + INTERVAL {} DAY)", k)};
      }
      if (c.type == "time") {
        if (card <= 86400) return {fmt::format("SEC_TO_TIME({} * {})", k, 86400 / card)};
        if (card <= 3'020'400) return {fmt::format("SEC_TO_TIME({})", k)};
        return {fmt::format("SEC_TO_TIME(CAST({} AS SIGNED) - 3020399)", k)};
      }
      if (c.type == "year") {
        // The last `card` years up to 2025 when they fit, else from 1901 (card <= 255).
        return {fmt::format("({} + {})", card <= 125 ? 2026 - card : 1901, k)};
      }
      return {fmt::format("(TIMESTAMP'2022-01-01 00:00:00' + INTERVAL ({} * {}) SECOND)", k,
                          std::max<uint64_t>(kSpreadSeconds / card, 1))};
    case TypeFamily::kEnumSet:
      return {fmt::format("(1 + {})", k)};  // ENUM: the k+1-th member; SET: a bit mask
    case TypeFamily::kJson:
      return {fmt::format("JSON_OBJECT('n', {})", k)};
    case TypeFamily::kSpatial:
      return {Spatial(c.type, k)};
    case TypeFamily::kOther:
      if (c.type == "uuid") {
        return {fmt::format("CONCAT(LPAD(HEX({}), 8, '0'), '-0000-4000-8000-000000000000')", k)};
      }
      if (c.type == "inet6") {
        return {
            fmt::format("CONCAT('2001:db8::', HEX({0} DIV 65536), ':', HEX({0} MOD 65536))", k)};
      }
      if (c.type == "inet4") {
        return {
            fmt::format("CONCAT('10.', {0} DIV 65536 MOD 256, '.', {0} DIV 256 MOD 256, '.', "
                        "{0} MOD 256)",
                        k)};
      }
      return {"NULL"};
  }
  return {"NULL"};
}

// --- seed values ---------------------------------------------------------------------------------

// [+-]digits[.digits][e[+-]digits]: a string value MySQL reads as a number whole.
bool IsNumberText(std::string_view text) {
  size_t i = !text.empty() && (text[0] == '-' || text[0] == '+') ? 1 : 0;
  size_t digits = 0;
  while (i < text.size() &&
         ((text[i] >= '0' && text[i] <= '9') || text[i] == '.' || text[i] == 'e' ||
          text[i] == 'E' ||
          ((text[i] == '-' || text[i] == '+') && (text[i - 1] == 'e' || text[i - 1] == 'E')))) {
    digits += text[i] >= '0' && text[i] <= '9';
    ++i;
  }
  return i == text.size() && digits > 0;
}

uint64_t Utf8Chars(std::string_view s) {
  return static_cast<uint64_t>(
      std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

bool AllDigits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// "2024-05-01" (and, with `time`, " 10:00:00[.123]"): a valid calendar date and time.
bool ValidDateTime(std::string_view s, bool time_allowed, int min_year, int max_year) {
  if (s.size() < 10 || s[4] != '-' || s[7] != '-') return false;
  if (!AllDigits(s.substr(0, 4)) || !AllDigits(s.substr(5, 2)) || !AllDigits(s.substr(8, 2))) {
    return false;
  }
  const int year = std::stoi(std::string(s.substr(0, 4)));
  const int month = std::stoi(std::string(s.substr(5, 2)));
  const int day = std::stoi(std::string(s.substr(8, 2)));
  static constexpr int kDays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (year < min_year || year > max_year || month < 1 || month > 12 || day < 1 ||
      day > kDays[month - 1]) {
    return false;
  }
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  if (month == 2 && day == 29 && !leap) return false;
  if (s.size() == 10) return true;
  if (!time_allowed || s.size() < 19 || (s[10] != ' ' && s[10] != 'T') || s[13] != ':' ||
      s[16] != ':') {
    return false;
  }
  const std::string_view hh = s.substr(11, 2), mm = s.substr(14, 2), ss = s.substr(17, 2);
  if (!AllDigits(hh) || !AllDigits(mm) || !AllDigits(ss) || std::stoi(std::string(hh)) > 23 ||
      std::stoi(std::string(mm)) > 59 || std::stoi(std::string(ss)) > 59) {
    return false;
  }
  return s.size() == 19 || (s[19] == '.' && s.size() <= 26 && AllDigits(s.substr(20)));
}

// Days since 1970-01-01 of "YYYY-MM-DD…", or nullopt when it does not start with a valid date.
std::optional<int64_t> DayNumber(std::string_view text) {
  if (text.size() < 10 || !ValidDateTime(text.substr(0, 10), false, 0, 9999)) return std::nullopt;
  const auto part = [&](size_t at, size_t n) {
    return static_cast<unsigned>(std::stoi(std::string(text.substr(at, n))));
  };
  const std::chrono::year_month_day date{std::chrono::year(static_cast<int>(part(0, 4))),
                                         std::chrono::month(part(5, 2)),
                                         std::chrono::day(part(8, 2))};
  return std::chrono::sys_days{date}.time_since_epoch().count();
}

// How far to move a DATE / DATETIME / TIMESTAMP column's generated values (three years from
// 2022-01-01, see Render) so that they end a month after `latest`, when it lies outside them;
// TIMESTAMP values stay within 1970 … 2038-01-19. A domain of `card` values wider than three
// years (more days, or seconds, than they hold) is left where it is.
int64_t ShiftDays(const Column& c, uint64_t card, std::string_view latest) {
  if (c.family != TypeFamily::kTemporal ||
      (c.type != "date" && c.type != "datetime" && c.type != "timestamp") ||
      card > (c.type == "date" ? kSpreadDays : kSpreadSeconds)) {
    return 0;
  }
  const std::optional<int64_t> day = DayNumber(latest);
  const int64_t start = *DayNumber("2022-01-01");
  const int64_t end = start + static_cast<int64_t>(kSpreadDays);
  if (!day || (*day >= start && *day < end)) return 0;
  int64_t shift = *day + 31 - end;
  if (c.type == "timestamp") {
    shift = std::clamp(shift, *DayNumber("1970-01-02") - start, *DayNumber("2038-01-01") - end);
  }
  return shift;
}

// "[-]H:MM[:SS[.ffffff]]" within -838:59:59 … 838:59:59.
bool ValidTime(std::string_view s) {
  if (!s.empty() && s[0] == '-') s.remove_prefix(1);
  const size_t colon = s.find(':');
  if (colon == std::string_view::npos || colon == 0 || colon > 3) return false;
  if (!AllDigits(s.substr(0, colon)) || std::stoi(std::string(s.substr(0, colon))) > 838) {
    return false;
  }
  std::string_view rest = s.substr(colon + 1);
  const size_t dot = rest.find('.');
  if (dot != std::string_view::npos) {
    if (!AllDigits(rest.substr(dot + 1))) return false;
    rest = rest.substr(0, dot);
  }
  if (rest.size() != 2 && rest.size() != 5) return false;
  if (!AllDigits(rest.substr(0, 2)) || std::stoi(std::string(rest.substr(0, 2))) > 59) return false;
  return rest.size() == 2 || (rest[2] == ':' && AllDigits(rest.substr(3)) &&
                              std::stoi(std::string(rest.substr(3))) < 60);
}

// Why `literal` cannot be stored in `column` as written, or nothing when it can.
std::optional<std::string> SeedProblem(const Column& column, const SeedValue& literal) {
  using parser::ast::LiteralKind;
  const bool number = literal.kind == LiteralKind::kNumber;
  const bool string = literal.kind == LiteralKind::kString;
  switch (column.family) {
    case TypeFamily::kInteger: {
      const std::optional<long double> value =
          number || string ? IntegerValue(literal.value) : std::nullopt;
      if (!value) return "not an integer";
      const IntRange r = RangeOf(column);
      if (*value < r.lo || *value > r.hi) return "out of the column's range";
      return std::nullopt;
    }
    case TypeFamily::kDecimal:
    case TypeFamily::kFloat: {
      if (!number && !(string && IsNumberText(literal.value))) {
        return "not a number";
      }
      if (column.family == TypeFamily::kFloat && !IsBoundedFloat(column)) return std::nullopt;
      std::string_view text = literal.value;
      if (!text.empty() && (text[0] == '-' || text[0] == '+')) text.remove_prefix(1);
      if (text.find_first_of("eE") != std::string_view::npos) return "an exponent";
      std::string_view whole = text.substr(0, text.find('.'));
      while (whole.size() > 1 && whole[0] == '0') whole.remove_prefix(1);
      const uint32_t precision =
          column.family == TypeFamily::kDecimal ? DecimalPrecision(column) : column.length;
      if (whole.size() + column.scale > precision) return "out of the column's range";
      return std::nullopt;
    }
    case TypeFamily::kString:
    case TypeFamily::kBinary: {
      uint64_t length = 0;
      if (literal.kind == LiteralKind::kHex) {
        length = literal.value.size() / 2;
      } else if (number || string) {
        length =
            column.family == TypeFamily::kString ? Utf8Chars(literal.value) : literal.value.size();
      } else {
        return "not a string";
      }
      if (length > StringLimit(column)) return "longer than the column";
      return std::nullopt;
    }
    case TypeFamily::kTemporal: {
      if (literal.kind != LiteralKind::kString && literal.kind != LiteralKind::kTemporal &&
          !(number && column.type == "year")) {
        return "not a date or time";
      }
      const std::string& s = literal.value;
      bool ok = false;
      if (column.type == "date") ok = s.size() == 10 && ValidDateTime(s, false, 1000, 9999);
      if (column.type == "datetime") ok = ValidDateTime(s, true, 1000, 9999);
      if (column.type == "timestamp") ok = ValidDateTime(s, true, 1970, 2037);
      if (column.type == "time") ok = ValidTime(s);
      if (column.type == "year") {
        ok = s.size() == 4 && AllDigits(s) && std::stoi(s) >= 1901 && std::stoi(s) <= 2155;
      }
      if (!ok) return fmt::format("not a valid {} value", column.type);
      return std::nullopt;
    }
    default:
      return fmt::format("seed values are not used for {} columns",
                         analyzer::FamilyName(column.family));
  }
}

// --- the planner ---------------------------------------------------------------------------------

bool IsUniqueRole(Role role) {
  return role == Role::kSequence || role == Role::kLeader || role == Role::kMember;
}

uint64_t CeilDiv(uint64_t a, uint64_t b) { return b == 0 ? a : (a + b - 1) / b; }

class Planner {
 public:
  Planner(const analyzer::Catalog& catalog, const GenerateOptions& options)
      : catalog_(catalog), options_(options) {}

  std::vector<TableLoad> Run() {
    for (const Table& table : catalog_.tables()) {
      TablePlan& t = plans_.emplace_back();
      t.table = &table;
      t.database = table.database.empty() ? std::string(kSandboxDatabase) : table.database;
      t.key = LowerAscii(table.QualifiedName());
      t.rows = std::min(table.rows.value_or(options_.default_rows), options_.max_rows);
    }
    for (TablePlan& t : plans_) {
      const Table& table = *t.table;
      t.referenced_rows.assign(table.columns.size(), 0);
      for (const analyzer::ForeignKey& fk : table.foreign_keys) {
        const std::optional<size_t> parent = PlanIndex(Referenced(table, fk.ref_table));
        for (const std::string& name : fk.columns) {
          const Column* c = table.FindColumn(name);
          if (parent && c != nullptr) {
            t.referenced_rows[static_cast<size_t>(c - table.columns.data())] = plans_[*parent].rows;
          }
        }
      }
      for (size_t i = 0; i < table.columns.size(); ++i) {
        if (t.referenced_rows[i] != 0) continue;
        if (const auto implicit = ImplicitReference(table, table.columns[i])) {
          t.referenced_rows[i] = plans_[implicit->first].rows;
        }
      }
    }
    for (TablePlan& t : plans_) PlanRoles(t);
    for (size_t i = 0; i < plans_.size(); ++i) PlanForeignKeys(i);
    for (TablePlan& t : plans_) PlanSeeds(t);
    std::vector<TableLoad> loads;
    for (size_t i : LoadOrder()) loads.push_back(Emit(i));
    return loads;
  }

 private:
  // Roles from the unique keys, then row caps and domains.
  void PlanRoles(TablePlan& t) {
    const Table& table = *t.table;
    t.columns.resize(table.columns.size());
    size_t insertable = 0;
    for (size_t i = 0; i < table.columns.size(); ++i) {
      const Column& c = table.columns[i];
      ColumnPlan& p = t.columns[i];
      const std::string key = t.key + "." + LowerAscii(c.name);
      p.salt = MakeSalt(key);
      p.null_salt = MakeSalt("null:" + key);
      if (!c.generated.empty()) {
        p.role = Role::kSkip;
        continue;
      }
      ++insertable;
      if (CanRender(c)) continue;
      if (c.nullable) {
        p.always_null = true;
        continue;
      }
      t.skip = true;
      t.notes.push_back(
          fmt::format("not loaded: column `{}` is NOT NULL and of type {}, which "
                      "the generator cannot write",
                      c.name, c.type));
      return;
    }
    if (insertable == 0) {
      t.skip = true;
      t.notes.push_back("not loaded: every column is generated");
      return;
    }
    for (size_t i = 0; i < table.columns.size(); ++i) {
      if (table.columns[i].auto_increment && t.columns[i].role != Role::kSkip) {
        t.columns[i].role = Role::kSequence;
      }
    }
    std::vector<const analyzer::Index*> multi;
    for (const analyzer::Index& index : table.indexes) {
      if (!index.IsUnique()) continue;
      bool satisfied = false;
      const auto parts = Candidates(t, index, &satisfied);
      if (satisfied) continue;
      if (parts.size() == 1) {
        ColumnPlan& p = t.columns[parts[0].first];
        if (p.role == Role::kSpread) p.role = Role::kSequence;
        Narrow(p, parts[0].second);
      } else if (parts.empty()) {
        Unguaranteed(t, index, "its parts are generated columns or expressions");
      } else {
        multi.push_back(&index);
      }
    }
    int leader = -1;
    for (const analyzer::Index* index : multi) {
      bool satisfied = false;
      const auto parts = Candidates(t, *index, &satisfied);
      if (satisfied) continue;
      auto role_of = [&](size_t k) { return t.columns[parts[k].first].role; };
      auto use = [&](size_t k, Role role) {
        t.columns[parts[k].first].role = role;
        Narrow(t.columns[parts[k].first], parts[k].second);
      };
      auto find = [&](Role role, size_t from) -> std::optional<size_t> {
        for (size_t k = from; k < parts.size(); ++k) {
          if (role_of(k) == role) return k;
        }
        return std::nullopt;
      };
      std::optional<size_t> at_leader;
      for (size_t k = 0; k < parts.size(); ++k) {
        if (static_cast<int>(parts[k].first) == leader) at_leader = k;
      }
      if (auto seq = find(Role::kSequence, 0)) {
        use(*seq, Role::kSequence);  // unique already; its prefix here may be shorter
      } else if (at_leader && find(Role::kMember, 0)) {
        use(*at_leader, Role::kLeader);
        use(*find(Role::kMember, 0), Role::kMember);
      } else if (at_leader && find(Role::kSpread, 0)) {
        use(*at_leader, Role::kLeader);
        use(*find(Role::kSpread, 0), Role::kMember);
      } else if (leader < 0 && role_of(0) == Role::kSpread && find(Role::kSpread, 1)) {
        leader = static_cast<int>(parts[0].first);
        use(0, Role::kLeader);
        use(*find(Role::kSpread, 1), Role::kMember);
      } else if (auto free = find(Role::kSpread, 0)) {
        use(*free, Role::kSequence);
      } else {
        Unguaranteed(t, *index, "its columns already serve other unique keys");
      }
    }

    // Rows the unique columns can hold.
    for (size_t i = 0; i < table.columns.size(); ++i) {
      const ColumnPlan& p = t.columns[i];
      if (p.role != Role::kSequence) continue;
      const uint64_t capacity = Capacity(table.columns[i], p.unique_chars);
      if (capacity < t.rows) {
        t.notes.push_back(
            fmt::format("{} rows instead of {}: unique column `{}` ({}) holds no more", capacity,
                        t.rows, table.columns[i].name, table.columns[i].type));
        t.rows = capacity;
      }
    }
    if (leader >= 0) PlanGroup(t, static_cast<size_t>(leader));
    for (size_t i = 0; i < table.columns.size(); ++i) {
      const Column& c = table.columns[i];
      ColumnPlan& p = t.columns[i];
      const uint64_t capacity = Capacity(c, p.unique_chars);
      if (p.role == Role::kSequence) p.card = std::max<uint64_t>(t.rows, 1);
      if (p.role == Role::kSpread) {
        p.card =
            std::clamp<uint64_t>(c.distinct.value_or(DefaultCardinality(c, t.rows)), 1, capacity);
      }
      p.multiplier = Coprime(p.card, p.salt.add * 7919 + p.salt.mul);
    }
  }

  // The plain columns of a unique key that the generator controls, with their prefix lengths;
  // `satisfied` when a part is always NULL (NULLs never collide in a unique key).
  std::vector<std::pair<size_t, uint64_t>> Candidates(const TablePlan& t,
                                                      const analyzer::Index& index,
                                                      bool* satisfied) const {
    std::vector<std::pair<size_t, uint64_t>> out;
    for (const analyzer::KeyPart& part : index.parts) {
      if (part.column.empty()) continue;
      const Column* column = t.table->FindColumn(part.column);
      if (column == nullptr) continue;
      const size_t i = static_cast<size_t>(column - t.table->columns.data());
      if (t.columns[i].always_null) *satisfied = true;
      if (t.columns[i].role == Role::kSkip || t.columns[i].always_null) continue;
      out.emplace_back(i, part.prefix_length);
    }
    return out;
  }

  static void Narrow(ColumnPlan& p, uint64_t prefix) {
    if (prefix > 0)
      p.unique_chars = p.unique_chars == 0 ? prefix : std::min(p.unique_chars, prefix);
  }

  static void Unguaranteed(TablePlan& t, const analyzer::Index& index, std::string_view why) {
    t.ignore = true;
    t.notes.push_back(
        fmt::format("unique key `{}` cannot be made unique ({}): loaded with INSERT "
                    "IGNORE, so duplicates are dropped and fewer rows may load",
                    index.name, why));
  }

  // A multi-column unique key: m rows per leader value, members distinct within each group.
  void PlanGroup(TablePlan& t, size_t leader) {
    const Table& table = *t.table;
    const Column& lc = table.columns[leader];
    ColumnPlan& lp = t.columns[leader];
    const uint64_t leader_capacity = Capacity(lc, lp.unique_chars);
    // Referencing columns keep to the referenced rows where they can.
    auto soft_cap = [&](size_t i, uint64_t capacity) {
      const uint64_t rows = t.referenced_rows[i];
      return rows == 0 ? capacity : std::min(capacity, rows);
    };
    uint64_t groups = std::clamp<uint64_t>(lc.distinct.value_or(DefaultCardinality(lc, t.rows)), 1,
                                           soft_cap(leader, leader_capacity));
    uint64_t member_capacity = kHuge;
    for (size_t i = 0; i < table.columns.size(); ++i) {
      if (t.columns[i].role != Role::kMember) continue;
      member_capacity =
          std::min(member_capacity, Capacity(table.columns[i], t.columns[i].unique_chars));
    }
    uint64_t m = CeilDiv(t.rows, groups);
    if (m > member_capacity) {
      groups = std::min(leader_capacity, CeilDiv(t.rows, member_capacity));
      m = CeilDiv(t.rows, groups);
      if (m > member_capacity) {
        const uint64_t rows = groups * member_capacity;
        t.notes.push_back(fmt::format(
            "{} rows instead of {}: the unique key over `{}` and its next column holds no more",
            rows, t.rows, lc.name));
        t.rows = rows;
        m = member_capacity;
      }
    }
    t.group = std::max<uint64_t>(m, 1);
    lp.card = std::max<uint64_t>(CeilDiv(t.rows, t.group), 1);
    for (size_t i = 0; i < table.columns.size(); ++i) {
      ColumnPlan& p = t.columns[i];
      if (p.role != Role::kMember) continue;
      const Column& c = table.columns[i];
      uint64_t capacity = Capacity(c, p.unique_chars);
      if (soft_cap(i, capacity) >= t.group) capacity = soft_cap(i, capacity);
      p.card = std::clamp<uint64_t>(
          std::max(c.distinct.value_or(DefaultCardinality(c, t.rows)), t.group), 1, capacity);
      // Spread over a multiple of m: each run of card rows then holds whole groups, and the
      // spread takes card distinct values in each run, so the member is distinct within its
      // group and still takes every value of its domain.
      p.card -= p.card % t.group;
    }
  }

  std::optional<size_t> PlanIndex(const Table* table) const {
    if (table == nullptr) return std::nullopt;
    return static_cast<size_t>(table - catalog_.tables().data());
  }

  const Table* Referenced(const Table& child, const std::string& ref) const {
    if (const Table* t = catalog_.FindTable(child.database, ref)) return t;
    const size_t dot = ref.find('.');
    if (dot == std::string::npos) return nullptr;
    return catalog_.FindTable(ref.substr(0, dot), ref.substr(dot + 1));
  }

  void PlanForeignKeys(size_t index) {
    TablePlan& t = plans_[index];
    if (t.skip) return;
    const Table& table = *t.table;
    for (const analyzer::ForeignKey& fk : table.foreign_keys) {
      if (const std::optional<size_t> parent = PlanIndex(Referenced(table, fk.ref_table))) {
        AddReference(index, *parent, fk.columns, fk.ref_columns, fk.name);
      }
    }
    for (size_t i = 0; i < table.columns.size(); ++i) {
      if (t.columns[i].fk >= 0) continue;
      if (const auto implicit = ImplicitReference(table, table.columns[i])) {
        AddReference(index, implicit->first, {table.columns[i].name}, {implicit->second},
                     "implicit." + LowerAscii(table.columns[i].name));
      }
    }
  }

  // A column named <table>_id without a FOREIGN KEY (most schemas declare few) references a
  // table <table>, <table>s, <table>es or <tabl>ies that has a one-column primary key of the
  // same family (whose values fit the column): its plan index and key column. Joins on such
  // columns then find rows, as they would in production.
  std::optional<std::pair<size_t, std::string>> ImplicitReference(const Table& table,
                                                                  const Column& c) const {
    const std::string name = LowerAscii(c.name);
    if (name.size() <= 3 || !name.ends_with("_id") || !c.generated.empty()) return std::nullopt;
    const std::string stem = name.substr(0, name.size() - 3);
    std::vector<std::string> names = {stem, stem + "s", stem + "es"};
    if (stem.ends_with("y")) names.push_back(stem.substr(0, stem.size() - 1) + "ies");
    for (const std::string& candidate : names) {
      const Table* parent = catalog_.FindTable(table.database, candidate);
      const analyzer::Index* pk = parent != nullptr ? parent->PrimaryKey() : nullptr;
      if (pk == nullptr || pk->parts.size() != 1 || pk->parts[0].column.empty()) continue;
      const Column* key = parent->FindColumn(pk->parts[0].column);
      const size_t pi = *PlanIndex(parent);
      if (key == nullptr || key == &c || key->family != c.family) continue;
      if (c.family == TypeFamily::kInteger &&
          RangeOf(c).hi < static_cast<long double>(plans_[pi].rows)) {
        continue;
      }
      return std::make_pair(pi, key->name);
    }
    return std::nullopt;
  }

  // Columns `columns` of table `index` reference `ref_columns` of table `parent`.
  void AddReference(size_t index, size_t parent, const std::vector<std::string>& columns,
                    const std::vector<std::string>& ref_columns, std::string_view name) {
    TablePlan& t = plans_[index];
    const Table& table = *t.table;
    const TablePlan& pt = plans_[parent];
    if (pt.skip || pt.rows == 0 || columns.size() != ref_columns.size()) return;
    FkPlan f;
    f.parent = parent;
    bool any = false;
    for (size_t k = 0; k < columns.size(); ++k) {
      const Column* c = table.FindColumn(columns[k]);
      const Column* pc = pt.table->FindColumn(ref_columns[k]);
      int ci = -1;
      size_t pi = 0;
      if (c != nullptr && pc != nullptr) {
        ci = static_cast<int>(c - table.columns.data());
        pi = static_cast<size_t>(pc - pt.table->columns.data());
        const ColumnPlan& cp = t.columns[static_cast<size_t>(ci)];
        const ColumnPlan& pp = pt.columns[pi];
        if (cp.role == Role::kSkip || cp.always_null || cp.fk >= 0 || pp.role == Role::kSkip ||
            pp.always_null) {
          ci = -1;
        } else if (IsUniqueRole(cp.role) && cp.card > pt.rows) {
          t.notes.push_back(fmt::format(
              "`{}` takes {} distinct values but {} has {} rows: its values are not drawn from "
              "the referenced rows",
              c->name, cp.card, pt.table->QualifiedName(), pt.rows));
          ci = -1;
        }
      }
      f.columns.push_back(ci);
      f.parent_columns.push_back(pi);
      any = any || ci >= 0;
    }
    if (!any) return;
    for (int ci : f.columns) {
      if (ci >= 0 && f.driver < 0 && IsUniqueRole(t.columns[static_cast<size_t>(ci)].role)) {
        f.driver = ci;
      }
    }
    const int first =
        *std::find_if(f.columns.begin(), f.columns.end(), [](int ci) { return ci >= 0; });
    const Column& fc = table.columns[static_cast<size_t>(first)];
    f.card = f.driver >= 0 ? t.columns[static_cast<size_t>(f.driver)].card
                           : std::clamp<uint64_t>(fc.distinct.value_or(pt.rows), 1, pt.rows);
    f.salt = MakeSalt(t.key + ".fk." + LowerAscii(name) + "." + LowerAscii(fc.name));
    f.multiplier = Coprime(f.card, f.salt.add * 7919 + f.salt.mul);
    const int fk_index = static_cast<int>(t.fks.size());
    for (size_t k = 0; k < f.columns.size(); ++k) {
      if (f.columns[k] < 0) continue;
      ColumnPlan& cp = t.columns[static_cast<size_t>(f.columns[k])];
      cp.fk = fk_index;
      cp.fk_part = k;
      if (!IsUniqueRole(cp.role)) cp.card = f.card;
    }
    t.fks.push_back(std::move(f));
  }

  // The entry of an options_ map for column `c` of `t` (a table without a database may be
  // keyed under the sandbox's).
  template <typename Map>
  typename Map::const_iterator FindOption(const Map& map, const TablePlan& t,
                                          const Column& c) const {
    const std::string name = LowerAscii(c.name);
    auto found = map.find(t.key + "." + name);
    if (found == map.end() && t.table->database.empty()) {
      found = map.find(std::string(kSandboxDatabase) + "." + t.key + "." + name);
    }
    return found;
  }

  void PlanSeeds(TablePlan& t) {
    if (t.skip) return;
    const Table& table = *t.table;
    for (size_t i = 0; i < table.columns.size(); ++i) {
      const Column& c = table.columns[i];
      ColumnPlan& p = t.columns[i];
      p.nulls = c.nullable && p.role == Role::kSpread && !p.always_null;
      if (p.role == Role::kSkip || p.always_null) continue;
      if (p.role == Role::kSpread && p.fk < 0) {
        const auto latest = FindOption(options_.latest_dates, t, c);
        if (latest != options_.latest_dates.end())
          p.shift_days = ShiftDays(c, p.card, latest->second);
      }
      const auto found = FindOption(options_.seed_values, t, c);
      if (found == options_.seed_values.end()) continue;
      std::vector<std::string> skipped;
      for (const SeedValue& literal : found->second) {
        std::optional<std::string> problem = SeedProblem(c, literal);
        if (!problem && IsUniqueRole(p.role)) problem = UniqueClash(t, i, literal);
        if (problem && problem->empty()) continue;  // already among the generated values
        if (problem) {
          skipped.push_back(fmt::format("{} ({})", literal.sql, *problem));
          continue;
        }
        if (std::find(p.seeds.begin(), p.seeds.end(), literal) == p.seeds.end()) {
          p.seeds.push_back(literal);
        }
      }
      if (p.seeds.size() > p.card) {
        t.notes.push_back(
            fmt::format("`{}`: {} seed values, but the column takes {} distinct "
                        "values: the first {} used",
                        c.name, p.seeds.size(), p.card, p.card));
        p.seeds.resize(p.card);
      }
      if (!skipped.empty()) {
        t.notes.push_back(
            fmt::format("`{}`: seed values left out: {}", c.name, fmt::join(skipped, ", ")));
      }
    }
  }

  // For a column in a unique key: "" when the seed is one of the values generated anyway, a
  // reason when it could equal another generated value, nothing when it is safe.
  std::optional<std::string> UniqueClash(const TablePlan& t, size_t i,
                                         const SeedValue& literal) const {
    const Column& c = t.table->columns[i];
    const ColumnPlan& p = t.columns[i];
    if (p.fk >= 0) return "a unique foreign-key column";
    if (c.family == TypeFamily::kInteger) {
      const long double base = IntegerBase(c, p.card);
      const long double value = IntegerValue(literal.value).value_or(base - 1);
      if (value >= base && value < base + static_cast<long double>(p.card)) return "";
      return std::nullopt;
    }
    if (c.family == TypeFamily::kString || c.family == TypeFamily::kBinary) {
      const StringShape s = ShapeOf(c, p.card, p.unique_chars);
      const std::string value = LowerAscii(literal.value);
      if (!s.tag.empty() ? value.starts_with(s.tag + "-")
                         : std::all_of(value.begin(), value.end(), [](char ch) {
                             return (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'z');
                           })) {
        return "could equal a generated value of a unique column";
      }
      return std::nullopt;
    }
    if (c.family == TypeFamily::kTemporal &&
        (c.type == "datetime" || c.type == "timestamp" || c.type == "date")) {
      // Generated DATETIME / TIMESTAMP values start at 2022-01-01; DATE values lie in
      // [2022-01-01, 2025-01-01) for up to three years of days, else end before 2025-01-01.
      const std::string& value = literal.value;
      if (c.type != "date" && value < "2022-01-01") return std::nullopt;
      if (c.type == "date" &&
          (value >= "2025-01-01" || (p.card <= kSpreadDays && value < "2022-01-01"))) {
        return std::nullopt;
      }
    }
    return "could equal a generated value of a unique column";
  }

  // The value of column `ci` of table `ti` for row `r` (an SQL expression, 1-based).
  Rendered Value(size_t ti, size_t ci, std::string_view r, int depth) const {
    const TablePlan& t = plans_[ti];
    const ColumnPlan& p = t.columns[ci];
    const Column& c = t.table->columns[ci];
    if (p.always_null) return {"NULL", 0};
    std::string k;
    Rendered v;
    if (p.fk >= 0 && depth < kMaxReferenceDepth) {
      const FkPlan& f = t.fks[static_cast<size_t>(p.fk)];
      if (IsUniqueRole(p.role)) {
        k = Index(t, p, r);
      } else if (f.driver >= 0) {
        k = Index(t, t.columns[static_cast<size_t>(f.driver)], r);
      } else {
        k = SpreadIndex(r, f.card, f.multiplier, f.salt);
      }
      v = Value(f.parent, f.parent_columns[p.fk_part], fmt::format("(1 + {})", k), depth + 1);
      const bool text = c.family == TypeFamily::kString || c.family == TypeFamily::kBinary;
      if (text && (v.max_chars == 0 || v.max_chars > StringLimit(c))) {
        if (IsUniqueRole(p.role)) {
          // Cutting the referenced values short could make two of them equal.
          v = Render(c, k, std::min(p.card, Capacity(c, p.unique_chars)), p.unique_chars);
        } else {
          v.sql = fmt::format("LEFT({}, {})", v.sql, StringLimit(c));
          v.max_chars =
              std::min<uint64_t>(v.max_chars == 0 ? StringLimit(c) : v.max_chars, StringLimit(c));
        }
      }
    } else {
      k = p.role == Role::kSpread ? SpreadIndex(r, p.card, p.multiplier, p.salt) : Index(t, p, r);
      v = Render(c, k, std::min(p.card, Capacity(c, p.unique_chars)), p.unique_chars);
      if (p.shift_days != 0) v.sql = fmt::format("({} + INTERVAL {} DAY)", v.sql, p.shift_days);
    }
    if (!p.seeds.empty()) {
      std::string cases;
      for (size_t s = 0; s < p.seeds.size(); ++s) {
        const SeedValue& literal = p.seeds[s];
        cases += fmt::format(" WHEN {} THEN {}", s, literal.sql);
        if (c.family == TypeFamily::kString || c.family == TypeFamily::kBinary) {
          v.max_chars = std::max(v.max_chars, literal.kind == parser::ast::LiteralKind::kHex
                                                  ? literal.value.size() / 2
                                                  : Utf8Chars(literal.value));
        }
      }
      v.sql = fmt::format("CASE {}{} ELSE {} END", k, cases, v.sql);
    }
    if (p.nulls) {
      v.sql = fmt::format("IF({} MOD {} = 0, NULL, {})", Hash(p.null_salt, r), kNullOneIn, v.sql);
    }
    return v;
  }

  // Referenced tables first; a cycle is broken at its first table in catalog order.
  std::vector<size_t> LoadOrder() const {
    std::vector<size_t> order;
    std::vector<bool> done(plans_.size(), false);
    while (order.size() < plans_.size()) {
      std::optional<size_t> next;
      for (size_t i = 0; i < plans_.size() && !next; ++i) {
        if (done[i]) continue;
        const bool ready =
            std::all_of(plans_[i].fks.begin(), plans_[i].fks.end(),
                        [&](const FkPlan& f) { return f.parent == i || done[f.parent]; });
        if (ready) next = i;
      }
      if (!next)
        next = static_cast<size_t>(std::find(done.begin(), done.end(), false) - done.begin());
      done[*next] = true;
      order.push_back(*next);
    }
    return order;
  }

  // Distinct values of a column over its table's rows (see ColumnLoad::distinct).
  uint64_t Distinct(size_t ti, size_t ci, int depth = 0) const {
    const TablePlan& t = plans_[ti];
    const ColumnPlan& p = t.columns[ci];
    if (p.always_null) return 0;
    const uint64_t own =
        p.role == Role::kLeader ? CeilDiv(t.rows, t.group) : std::min(p.card, t.rows);
    if (p.fk < 0 || depth >= kMaxReferenceDepth) return own;
    const FkPlan& f = t.fks[static_cast<size_t>(p.fk)];
    return std::min(own, Distinct(f.parent, f.parent_columns[p.fk_part], depth + 1));
  }

  TableLoad Emit(size_t i) const {
    const TablePlan& t = plans_[i];
    TableLoad load;
    load.table = t.table->QualifiedName();
    load.quoted_name =
        analyzer::QuoteIdentifier(t.database) + "." + analyzer::QuoteIdentifier(t.table->name);
    load.notes = t.notes;
    if (t.skip) return load;
    load.rows = t.rows;
    std::vector<std::string> names;
    std::vector<std::string> values;
    for (size_t c = 0; c < t.columns.size(); ++c) {
      const ColumnPlan& p = t.columns[c];
      if (p.role == Role::kSkip) continue;
      const Rendered v = Value(i, c, "seq", 0);
      ColumnLoad column;
      column.column = t.table->columns[c].name;
      column.expression = v.sql;
      column.distinct = Distinct(i, c);
      column.max_chars = static_cast<uint32_t>(v.max_chars);
      load.columns.push_back(std::move(column));
      names.push_back(analyzer::QuoteIdentifier(t.table->columns[c].name));
      values.push_back(v.sql);
    }
    const std::string head = fmt::format(
        "INSERT{} INTO {} ({}) SELECT {} FROM {}.", t.ignore ? " IGNORE" : "", load.quoted_name,
        fmt::join(names, ", "), fmt::join(values, ", "), analyzer::QuoteIdentifier(t.database));
    for (uint64_t first = 1; first <= t.rows; first += options_.batch) {
      const uint64_t last = std::min(t.rows, first + options_.batch - 1);
      load.statements.push_back(
          head + analyzer::QuoteIdentifier(fmt::format("seq_{}_to_{}", first, last)));
      if (last == t.rows) break;
    }
    return load;
  }

  const analyzer::Catalog& catalog_;
  const GenerateOptions& options_;
  std::vector<TablePlan> plans_;
};

}  // namespace

Result<std::vector<TableLoad>> PlanLoad(const analyzer::Catalog& catalog,
                                        const GenerateOptions& options) {
  if (options.batch == 0) {
    return Status(StatusCode::kInvalidArgument, "rows per INSERT (batch) must be at least 1");
  }
  return Planner(catalog, options).Run();
}

// --- seed values ---------------------------------------------------------------------------------

SeedValue SeedOf(const parser::ast::Literal& literal) {
  return SeedValue{parser::ToSql(literal), literal.literal, parser::ast::LiteralValue(literal)};
}

}  // namespace qadvisor::connectors
