// Column defaults the server refuses, judged as MariaDB 10.11 judges them (each case run on the
// private server: tests/live/ddl_guard_test.sh) and as the MySQL 8.0 Reference Manual, 13.6
// "Data Type Default Values", describes them. The refusals here hold in every sql_mode: the
// server stores the default in the column's own type when it creates the table, and a value
// that type cannot hold is error 1067 whether or not the mode is strict.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/catalog_internal.h"
#include "base/ascii.h"
#include "parser/ast.h"
#include "parser/keywords.h"

namespace qadvisor::analyzer::catalog_internal {
namespace {

namespace ast = parser::ast;
using base::IsDigit;

// A number as the server reads one from a string or a numeric literal: spaces around it, a
// sign, digits with at most one point, an exponent. Anything else is no number ('12abc', '',
// '0x10').
struct Number {
  bool negative = false;
  std::string whole;     // digits before the point, leading zeros dropped
  std::string fraction;  // digits after it
  bool exponent = false;
  long double value = 0;
};

std::optional<Number> ReadNumber(std::string_view s) {
  s = base::TrimSpace(s);
  Number n;
  size_t i = 0;
  if (i < s.size() && (s[i] == '-' || s[i] == '+')) n.negative = s[i++] == '-';
  const size_t digits = i;
  while (i < s.size() && IsDigit(s[i])) ++i;
  n.whole = std::string(s.substr(digits, i - digits));
  if (i < s.size() && s[i] == '.') {
    const size_t from = ++i;
    while (i < s.size() && IsDigit(s[i])) ++i;
    n.fraction = std::string(s.substr(from, i - from));
  }
  if (n.whole.empty() && n.fraction.empty()) return std::nullopt;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    size_t e = i + 1;
    if (e < s.size() && (s[e] == '-' || s[e] == '+')) ++e;
    const size_t from = e;
    while (e < s.size() && IsDigit(s[e])) ++e;
    if (e == from) return std::nullopt;
    n.exponent = true;
    i = e;
  }
  if (i != s.size()) return std::nullopt;
  n.value = std::strtold(std::string(s).c_str(), nullptr);
  n.whole.erase(0, std::min(n.whole.find_first_not_of('0'), n.whole.size()));
  return n;
}

// The literal's value as a number: a numeric literal, a string holding one, or either with a
// sign in front (`DEFAULT -1` is a unary minus on 1). TRUE and FALSE are 1 and 0.
std::optional<Number> NumberOf(const ast::Expr& e) {
  if (e.kind == ast::ExprKind::kUnary) {
    const auto& u = e.As<ast::Unary>();
    if (u.op != ast::UnaryOp::kMinus && u.op != ast::UnaryOp::kPlus) return std::nullopt;
    std::optional<Number> n = NumberOf(*u.operand);
    if (n && u.op == ast::UnaryOp::kMinus) {
      n->negative = !n->negative;
      n->value = -n->value;
    }
    return n;
  }
  if (e.kind != ast::ExprKind::kLiteral) return std::nullopt;
  const auto& l = e.As<ast::Literal>();
  switch (l.literal) {
    case ast::LiteralKind::kNumber:
    case ast::LiteralKind::kString:
      return ReadNumber(ast::LiteralValue(l));
    case ast::LiteralKind::kTrue:
      return ReadNumber("1");
    case ast::LiteralKind::kFalse:
      return ReadNumber("0");
    default:
      return std::nullopt;
  }
}

// Digits + 1, as decimal text ("999" → "1000").
std::string Increment(std::string digits) {
  for (size_t i = digits.size(); i-- > 0;) {
    if (digits[i] != '9') {
      ++digits[i];
      return digits;
    }
    digits[i] = '0';
  }
  return "1" + digits;
}

// Does `n`, rounded half away from zero to `scale` decimals, keep at most `precision - scale`
// digits before the point? Exact on the digits, not on a binary fraction (999.995 rounds up).
bool FitsDecimal(const Number& n, uint32_t precision, uint32_t scale) {
  const uint32_t whole_digits = precision > scale ? precision - scale : 0;
  if (n.exponent) {
    const long double rounded = std::round(n.value * std::pow(10.0L, scale));
    return std::fabs(rounded) < std::pow(10.0L, precision);
  }
  std::string whole = n.whole;
  if (n.fraction.size() > scale && n.fraction[scale] >= '5') {
    const std::string kept = whole + n.fraction.substr(0, scale);
    const std::string up = Increment(kept);
    whole = up.substr(0, up.size() - scale);
  }
  whole.erase(0, std::min(whole.find_first_not_of('0'), whole.size()));
  return whole.size() <= whole_digits;
}

// Characters of UTF-8 text (the file's bytes are taken as UTF-8, as the client sends them).
size_t CodePoints(std::string_view s) {
  size_t n = 0;
  for (const char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

bool SameMember(std::string_view a, std::string_view b, bool case_sensitive) {
  while (!a.empty() && a.back() == ' ') a.remove_suffix(1);  // members lose trailing spaces
  while (!b.empty() && b.back() == ' ') b.remove_suffix(1);
  return case_sensitive ? a == b : parser::EqualsIgnoreCase(a, b);
}

bool IsMember(const Column& c, std::string_view value) {
  const bool case_sensitive = c.collation.ends_with("_bin") || c.collation.ends_with("_cs");
  for (const std::string& m : c.members) {
    if (SameMember(Unquote(m), value, case_sensitive)) return true;
  }
  return false;
}

// A date or date and time as the server reads one from a string: groups of digits split by
// any punctuation ('2024-1-1', '2024/01/01 10:00:00'), or the digits alone ('20240101'). Only
// what is surely no date is refused: no digits at all, a month over 12, a day over 31, an
// hour over 23, a minute or second over 59; shapes not recognised here are taken.
bool LooksLikeNoDate(std::string_view s, bool with_time) {
  std::vector<std::string_view> groups;
  for (size_t i = 0; i < s.size();) {
    if (!IsDigit(s[i])) {
      ++i;
      continue;
    }
    const size_t from = i;
    while (i < s.size() && IsDigit(s[i])) ++i;
    groups.push_back(s.substr(from, i - from));
  }
  if (groups.empty()) return true;
  auto number = [](std::string_view g) { return std::stoul(std::string(g.substr(0, 9))); };
  std::vector<unsigned long> parts;
  if (groups.size() == 1 && (groups[0].size() == 8 || groups[0].size() == 14)) {
    const std::string_view g = groups[0];
    parts = {number(g.substr(0, 4)), number(g.substr(4, 2)), number(g.substr(6, 2))};
    if (g.size() == 14) {
      for (size_t at : {8, 10, 12}) parts.push_back(number(g.substr(at, 2)));
    }
  } else if (groups.size() >= 3 && groups.size() <= 7) {
    for (const std::string_view g : groups) parts.push_back(number(g));
  } else {
    return false;
  }
  if (parts[1] > 12 || parts[2] > 31) return true;
  // A day past its month's end ('2024-02-30'); zeros are taken (sql_mode decides them).
  if (parts[1] != 0 && parts[2] != 0) {
    const unsigned long year = groups.size() == 1 || groups[0].size() > 2 ? parts[0]
                               : parts[0] < 70                            ? 2000 + parts[0]
                                                                          : 1900 + parts[0];
    const bool leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    constexpr unsigned kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (parts[2] > kDays[parts[1] - 1] + (parts[1] == 2 && leap ? 1 : 0)) return true;
  }
  if (with_time && parts.size() >= 6 && (parts[3] > 23 || parts[4] > 59 || parts[5] > 59)) {
    return true;
  }
  return false;
}

// The most significant bit a BIT default needs: a bit or hex literal's digits, a number, or a
// string's bytes.
std::optional<uint32_t> BitsOf(const ast::Expr& e) {
  if (e.kind != ast::ExprKind::kLiteral) return std::nullopt;
  const auto& l = e.As<ast::Literal>();
  const std::string v = ast::LiteralValue(l);
  auto significant = [](std::string_view digits, uint32_t bits_per_digit) {
    const size_t first = digits.find_first_not_of('0');
    if (first == std::string_view::npos) return uint32_t{0};
    const char lead = digits[first];
    const uint32_t lead_value =
        lead <= '9' ? lead - '0' : static_cast<uint32_t>(parser::ToLowerAscii(lead) - 'a' + 10);
    return static_cast<uint32_t>((digits.size() - first - 1) * bits_per_digit) +
           static_cast<uint32_t>(std::bit_width(lead_value));
  };
  switch (l.literal) {
    case ast::LiteralKind::kBit:
      return significant(v, 1);
    case ast::LiteralKind::kHex:
      return significant(v, 4);
    case ast::LiteralKind::kNumber: {
      const std::optional<Number> n = ReadNumber(v);
      if (!n || n->negative || !n->fraction.empty() || n->exponent || n->whole.size() > 19) {
        return std::nullopt;
      }
      return static_cast<uint32_t>(std::bit_width(std::stoull(n->whole.empty() ? "0" : n->whole)));
    }
    case ast::LiteralKind::kString: {
      const size_t first = v.find_first_not_of('\0');
      if (first == std::string::npos) return 0;
      return static_cast<uint32_t>((v.size() - first - 1) * 8) +
             static_cast<uint32_t>(std::bit_width(static_cast<unsigned char>(v[first])));
    }
    default:
      return std::nullopt;
  }
}

// Does the value fit the column's type? Only literals are judged; true when unsure.
bool Fits(const Column& c, const ast::Expr& value, Flavor flavor) {
  const ast::Literal* literal =
      value.kind == ast::ExprKind::kLiteral ? &value.As<ast::Literal>() : nullptr;
  const bool string = literal != nullptr && literal->literal == ast::LiteralKind::kString;
  switch (c.family) {
    case TypeFamily::kInteger: {
      if (literal != nullptr && (literal->literal == ast::LiteralKind::kHex ||
                                 literal->literal == ast::LiteralKind::kBit)) {
        return true;
      }
      const std::optional<Number> n = NumberOf(value);
      if (!n) return !string;  // a string that is no number; other expressions are not judged
      const long double v = std::round(n->value);
      const int bits = static_cast<int>(c.KeyBytes()) * 8;
      const long double low = c.is_unsigned ? 0 : -std::ldexp(1.0L, bits - 1);
      const long double high =
          c.is_unsigned ? std::ldexp(1.0L, bits) - 1 : std::ldexp(1.0L, bits - 1) - 1;
      return v >= low && v <= high;
    }
    case TypeFamily::kDecimal: {
      const std::optional<Number> n = NumberOf(value);
      if (!n) return !string;
      if (c.is_unsigned && n->negative && n->value != 0) return false;
      return FitsDecimal(*n, c.length, c.scale);
    }
    case TypeFamily::kFloat: {
      const std::optional<Number> n = NumberOf(value);
      if (!n) return !string;
      const bool single = c.type == "float" && !(c.length > 24 && c.scale == 0);
      return std::isfinite(n->value) &&
             std::fabs(n->value) <= (single ? 3.402823466e38L : 1.7976931348623157e308L);
    }
    case TypeFamily::kString:
    case TypeFamily::kBinary: {
      if (literal == nullptr || IsTextType(c.type) || IsBlobType(c.type)) return true;
      if (!string && literal->literal != ast::LiteralKind::kNumber) return true;
      std::string v = string ? ast::LiteralValue(*literal) : std::string(literal->text);
      // CHAR and BINARY drop the trailing pad before they store; VARCHAR keeps every space.
      if (c.type == "char") v.erase(v.find_last_not_of(' ') + 1);
      const size_t length = c.family == TypeFamily::kString ? CodePoints(v) : v.size();
      return length <= c.length;
    }
    case TypeFamily::kEnumSet: {
      if (literal == nullptr) return true;
      if (!string) {  // MariaDB refuses a member's number (measured); MySQL's is not known
        return flavor != Flavor::kMariaDB || literal->literal != ast::LiteralKind::kNumber;
      }
      const std::string v = ast::LiteralValue(*literal);
      if (c.type == "enum") return IsMember(c, v);
      for (size_t from = 0; from <= v.size();) {  // SET: each comma-separated item a member
        const size_t comma = std::min(v.find(',', from), v.size());
        const std::string_view item = std::string_view(v).substr(from, comma - from);
        if (!item.empty() && !IsMember(c, item)) return false;
        from = comma + 1;
      }
      return true;
    }
    case TypeFamily::kBit: {
      const std::optional<uint32_t> bits = BitsOf(value);
      return !bits || *bits <= std::max<uint32_t>(c.length, 1);
    }
    case TypeFamily::kTemporal: {
      if (c.type == "year") {
        const std::optional<Number> n = NumberOf(value);
        if (!n) return !string;
        const long double y = std::round(n->value);
        return y == 0 || (y >= 1 && y <= 99) || (y >= 1901 && y <= 2155);
      }
      if (!string || c.type == "time" || !literal->prefix.empty()) return true;
      return !LooksLikeNoDate(ast::LiteralValue(*literal), c.type != "date");
    }
    case TypeFamily::kJson:
    case TypeFamily::kSpatial:
    case TypeFamily::kOther:
      return true;
  }
  return true;
}

}  // namespace

std::string RefusedDefault(const Column& c, const ast::Expr& value, bool parens, Flavor flavor) {
  if (parens) return "";  // an expression default (MySQL 8.0.13, MariaDB 10.2): not judged
  const bool null = value.kind == ast::ExprKind::kLiteral &&
                    value.As<ast::Literal>().literal == ast::LiteralKind::kNull;
  const std::string invalid = "invalid default value for " + Quoted(c.name);
  if (null) return c.nullable || c.auto_increment ? "" : invalid + ": the column is NOT NULL";
  if (c.auto_increment && value.kind == ast::ExprKind::kLiteral) {
    return invalid + ": an AUTO_INCREMENT column takes no default";
  }
  // MySQL 8.0 takes no literal default for TEXT, BLOB, JSON or geometry (error 1101; only an
  // expression in parentheses); MariaDB takes one.
  const bool literal = value.kind == ast::ExprKind::kLiteral || value.kind == ast::ExprKind::kUnary;
  if (flavor == Flavor::kMySQL8 && literal &&
      (IsTextType(c.type) || IsBlobType(c.type) || c.family == TypeFamily::kJson ||
       c.family == TypeFamily::kSpatial)) {
    return "BLOB, TEXT, GEOMETRY or JSON column " + Quoted(c.name) +
           " can't have a literal default value (only an expression in parentheses)";
  }
  if (Fits(c, value, flavor)) return "";
  if (c.family == TypeFamily::kEnumSet) return invalid + ": not one of its members";
  return invalid + ": " + c.type + (c.is_unsigned ? " unsigned" : "") + " cannot hold it";
}

}  // namespace qadvisor::analyzer::catalog_internal
