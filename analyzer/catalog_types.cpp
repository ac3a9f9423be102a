// The type system: type names and their families, synonyms, and the bytes a column takes in an
// index key.
//
// MySQL facts this file relies on, by the MySQL 8.0 Reference Manual's section titles:
//  - "Data Type Storage Requirements", for Column::KeyBytes.
#include <algorithm>
#include <string>

#include "analyzer/catalog.h"
#include "analyzer/catalog_internal.h"
#include "parser/keywords.h"

namespace qadvisor::analyzer {

using catalog_internal::BinaryCounterpart;
using catalog_internal::CanonicalType;
using catalog_internal::FamilyOf;
using catalog_internal::IsBlobType;
using catalog_internal::IsFixedCharType;
using catalog_internal::IsNationalType;
using catalog_internal::IsOneOf;
using catalog_internal::IsTextType;

// --- types ---------------------------------------------------------------------------------------

namespace {

struct TypeInfo {
  std::string_view name;
  TypeFamily family;
};

// Lower-case type names (phrases as the parser keeps them) and their families: MySQL 8.0
// chapter 11 and MariaDB's data type pages, synonyms included.
constexpr TypeInfo kTypes[] = {
    {"tinyint", TypeFamily::kInteger},
    {"smallint", TypeFamily::kInteger},
    {"mediumint", TypeFamily::kInteger},
    {"middleint", TypeFamily::kInteger},
    {"int", TypeFamily::kInteger},
    {"integer", TypeFamily::kInteger},
    {"bigint", TypeFamily::kInteger},
    {"int1", TypeFamily::kInteger},
    {"int2", TypeFamily::kInteger},
    {"int3", TypeFamily::kInteger},
    {"int4", TypeFamily::kInteger},
    {"int8", TypeFamily::kInteger},
    {"bool", TypeFamily::kInteger},
    {"boolean", TypeFamily::kInteger},
    {"serial", TypeFamily::kInteger},
    {"decimal", TypeFamily::kDecimal},
    {"dec", TypeFamily::kDecimal},
    {"numeric", TypeFamily::kDecimal},
    {"fixed", TypeFamily::kDecimal},
    {"number", TypeFamily::kDecimal},  // MariaDB sql_mode=ORACLE
    {"float", TypeFamily::kFloat},
    {"double", TypeFamily::kFloat},
    {"double precision", TypeFamily::kFloat},
    {"real", TypeFamily::kFloat},
    {"float4", TypeFamily::kFloat},
    {"float8", TypeFamily::kFloat},
    {"bit", TypeFamily::kBit},
    {"char", TypeFamily::kString},
    {"character", TypeFamily::kString},
    {"varchar", TypeFamily::kString},
    {"varcharacter", TypeFamily::kString},
    {"character varying", TypeFamily::kString},
    {"char varying", TypeFamily::kString},
    {"varchar2", TypeFamily::kString},
    {"nchar", TypeFamily::kString},
    {"nvarchar", TypeFamily::kString},
    {"national char", TypeFamily::kString},
    {"national character", TypeFamily::kString},
    {"national varchar", TypeFamily::kString},
    {"tinytext", TypeFamily::kString},
    {"text", TypeFamily::kString},
    {"mediumtext", TypeFamily::kString},
    {"longtext", TypeFamily::kString},
    {"long", TypeFamily::kString},
    {"long varchar", TypeFamily::kString},
    {"clob", TypeFamily::kString},
    {"binary", TypeFamily::kBinary},
    {"varbinary", TypeFamily::kBinary},
    {"tinyblob", TypeFamily::kBinary},
    {"blob", TypeFamily::kBinary},
    {"mediumblob", TypeFamily::kBinary},
    {"longblob", TypeFamily::kBinary},
    {"long varbinary", TypeFamily::kBinary},
    {"raw", TypeFamily::kBinary},
    {"date", TypeFamily::kTemporal},
    {"time", TypeFamily::kTemporal},
    {"datetime", TypeFamily::kTemporal},
    {"timestamp", TypeFamily::kTemporal},
    {"year", TypeFamily::kTemporal},
    {"json", TypeFamily::kJson},
    {"enum", TypeFamily::kEnumSet},
    {"set", TypeFamily::kEnumSet},
    {"geometry", TypeFamily::kSpatial},
    {"point", TypeFamily::kSpatial},
    {"linestring", TypeFamily::kSpatial},
    {"polygon", TypeFamily::kSpatial},
    {"multipoint", TypeFamily::kSpatial},
    {"multilinestring", TypeFamily::kSpatial},
    {"multipolygon", TypeFamily::kSpatial},
    {"geometrycollection", TypeFamily::kSpatial},
    {"geomcollection", TypeFamily::kSpatial},
};

}  // namespace

namespace catalog_internal {

TypeFamily FamilyOf(std::string_view type) {
  for (const TypeInfo& t : kTypes) {
    if (t.name == type) return t.family;
  }
  return TypeFamily::kOther;
}

bool IsOneOf(std::string_view s, std::initializer_list<std::string_view> list) {
  return std::find(list.begin(), list.end(), s) != list.end();
}

// Types whose values live off-page and need a prefix to be indexed by a B-tree.
bool IsTextType(std::string_view t) {
  return IsOneOf(t, {"tinytext", "text", "mediumtext", "longtext", "long", "long varchar", "clob"});
}
bool IsBlobType(std::string_view t) {
  return IsOneOf(t, {"tinyblob", "blob", "mediumblob", "longblob", "long varbinary"});
}
bool IsNationalType(std::string_view t) {
  return IsOneOf(
      t, {"nchar", "nvarchar", "national char", "national character", "national varchar",
          "nchar varchar", "nchar varying", "national char varying", "national character varying"});
}

// The type a synonym stands for, as SHOW CREATE TABLE names it (MySQL 8.0 13.1 "Data Types",
// sql_yacc.yy `type`: INT4 is INT, LONG VARCHAR is MEDIUMTEXT, NCHAR VARYING is VARCHAR, …; REAL
// is DOUBLE unless sql_mode has REAL_AS_FLOAT). Other names are returned as they are. A
// national type's utf8mb3 is the caller's to add (IsNationalType, on the name as written).
std::string_view CanonicalType(std::string_view t) {
  static constexpr std::pair<std::string_view, std::string_view> kSynonyms[] = {
      {"bool", "tinyint"},
      {"boolean", "tinyint"},
      {"int1", "tinyint"},
      {"int2", "smallint"},
      {"int3", "mediumint"},
      {"middleint", "mediumint"},
      {"int4", "int"},
      {"integer", "int"},
      {"int8", "bigint"},
      {"dec", "decimal"},
      {"numeric", "decimal"},
      {"fixed", "decimal"},
      {"float4", "float"},
      {"float8", "double"},
      {"double precision", "double"},
      {"real", "double"},
      {"character", "char"},
      {"nchar", "char"},
      {"national char", "char"},
      {"national character", "char"},
      {"character varying", "varchar"},
      {"char varying", "varchar"},
      {"varcharacter", "varchar"},
      {"nvarchar", "varchar"},
      {"national varchar", "varchar"},
      {"nchar varchar", "varchar"},
      {"nchar varying", "varchar"},
      {"national char varying", "varchar"},
      {"national character varying", "varchar"},
      {"long", "mediumtext"},
      {"long varchar", "mediumtext"},
      {"long char varying", "mediumtext"},
      {"long character varying", "mediumtext"},
      {"long varbinary", "mediumblob"},
  };
  for (const auto& [synonym, type] : kSynonyms) {
    if (synonym == t) return type;
  }
  return t;
}
bool IsFixedCharType(std::string_view t) {
  return IsOneOf(t, {"char", "character", "nchar", "national char", "national character"});
}

// CHARACTER SET binary makes a character type its binary counterpart (MySQL 8.0 11.3.1).
std::string BinaryCounterpart(std::string_view t) {
  if (IsFixedCharType(t)) return "binary";
  if (t == "tinytext") return "tinyblob";
  if (t == "text" || t == "clob") return "blob";
  if (t == "mediumtext" || t == "long" || t == "long varchar") return "mediumblob";
  if (t == "longtext") return "longblob";
  return "varbinary";
}

}  // namespace catalog_internal

namespace {

uint32_t IntegerBytes(std::string_view t) {
  if (IsOneOf(t, {"tinyint", "int1", "bool", "boolean"})) return 1;
  if (IsOneOf(t, {"smallint", "int2"})) return 2;
  if (IsOneOf(t, {"mediumint", "middleint", "int3"})) return 3;
  if (IsOneOf(t, {"bigint", "int8", "serial"})) return 8;
  return 4;
}

// DECIMAL is stored packed: 4 bytes per 9 digits, the leftover digits on each side of the point
// in 0–4 bytes (MySQL 8.0 11.7, "Numeric Type Storage Requirements").
uint32_t DecimalBytes(uint32_t precision, uint32_t scale) {
  static constexpr uint32_t kLeftover[] = {0, 1, 1, 2, 2, 3, 3, 4, 4, 4};
  scale = std::min(scale, precision);
  const uint32_t integer = precision - scale;
  return integer / 9 * 4 + kLeftover[integer % 9] + scale / 9 * 4 + kLeftover[scale % 9];
}

}  // namespace

// --- public helpers ------------------------------------------------------------------------------

std::string_view FamilyName(TypeFamily family) {
  switch (family) {
    case TypeFamily::kInteger:
      return "integer";
    case TypeFamily::kDecimal:
      return "decimal";
    case TypeFamily::kFloat:
      return "float";
    case TypeFamily::kBit:
      return "bit";
    case TypeFamily::kString:
      return "string";
    case TypeFamily::kBinary:
      return "binary";
    case TypeFamily::kTemporal:
      return "temporal";
    case TypeFamily::kJson:
      return "json";
    case TypeFamily::kEnumSet:
      return "enum/set";
    case TypeFamily::kSpatial:
      return "spatial";
    case TypeFamily::kOther:
      return "other";
  }
  return "other";
}

bool IsNumeric(TypeFamily family) {
  return family == TypeFamily::kInteger || family == TypeFamily::kDecimal ||
         family == TypeFamily::kFloat || family == TypeFamily::kBit;
}

bool IsCharacter(TypeFamily family) {
  return family == TypeFamily::kString || family == TypeFamily::kEnumSet;
}

// --- Column --------------------------------------------------------------------------------------

std::string Column::Describe() const {
  std::string out = type;
  if (family == TypeFamily::kDecimal && length > 0) {
    out += "(" + std::to_string(length) + "," + std::to_string(scale) + ")";
  } else if (family != TypeFamily::kInteger && family != TypeFamily::kEnumSet && length > 0) {
    out += "(" + std::to_string(length);
    if (scale > 0) out += "," + std::to_string(scale);
    out += ")";
  }
  out += MemberList();
  if (is_unsigned) out += " unsigned";
  if (IsCharacter(family) && !collation.empty()) out += " " + collation;
  if (!nullable) out += " NOT NULL";
  return out;
}

std::string Column::MemberList() const {
  if (family != TypeFamily::kEnumSet || members.empty()) return "";
  std::string out = "(";
  for (size_t i = 0; i < members.size(); ++i) out += (i ? "," : "") + members[i];
  return out + ")";
}

uint32_t Column::KeyBytes(uint32_t prefix_chars) const {
  switch (family) {
    case TypeFamily::kInteger:
      return IntegerBytes(type);
    case TypeFamily::kDecimal:
      return DecimalBytes(length > 0 ? length : 10, scale);
    case TypeFamily::kFloat:
      if (type == "float" || type == "float4") return length > 24 && scale == 0 ? 8 : 4;
      return 8;
    case TypeFamily::kBit:
      return (std::max<uint32_t>(length, 1) + 7) / 8;
    case TypeFamily::kString: {
      const uint32_t mb = MaxBytesPerChar(charset.empty() ? "latin1" : charset);
      if (IsTextType(type)) return prefix_chars * mb;
      const uint32_t chars = prefix_chars > 0 ? std::min(prefix_chars, length) : length;
      return chars * mb;
    }
    case TypeFamily::kBinary:
      if (IsBlobType(type)) return prefix_chars;
      return prefix_chars > 0 ? std::min(prefix_chars, length) : length;
    case TypeFamily::kTemporal: {
      // Fractional seconds take (fsp + 1) / 2 bytes (MySQL 5.6.4 and later formats).
      const uint32_t fsp = (std::min<uint32_t>(length, 6) + 1) / 2;
      if (type == "date") return 3;
      if (type == "year") return 1;
      if (type == "time") return 3 + fsp;
      if (type == "datetime") return 5 + fsp;
      return 4 + fsp;  // timestamp
    }
    case TypeFamily::kEnumSet:
      if (type == "enum") return length > 255 ? 2 : 1;
      {
        const uint32_t bytes = (length + 7) / 8;
        return bytes <= 4 ? std::max<uint32_t>(bytes, 1) : 8;
      }
    case TypeFamily::kJson:
    case TypeFamily::kSpatial:
    case TypeFamily::kOther:
      return 0;
  }
  return 0;
}

KeyLimit KeyLimitOf(const Table& table) {
  if (IsOneOf(table.engine, {"myisam", "aria"})) return {1000, 1000, "MyISAM and Aria"};
  if (IsOneOf(table.row_format, {"compact", "redundant"})) {
    return {767, 3072, "InnoDB with ROW_FORMAT=COMPACT or REDUNDANT"};
  }
  return {3072, 3072, "InnoDB"};
}

}  // namespace qadvisor::analyzer
