// The schema catalog: DDL applied in order, charsets resolved at load time, statistics from JSON.
//
// CatalogBuilder applies one statement to a Catalog (it is the friend the header names). Each
// statement works on a copy of the table it changes and replaces the original only when every
// part of it applied, so a statement the server would reject leaves the catalog as it was and
// is reported as a CatalogIssue instead.
//
// MySQL facts this file relies on, by the MySQL 8.0 Reference Manual's section titles:
//  - "Specifying Character Sets and Collations": defaults go server → database → table →
//    column; a collation alone implies its charset; a charset alone takes its default collation.
//  - "The CHAR and VARCHAR Types", "String Data Type Syntax": the BINARY attribute is the _bin
//    collation of the column's charset; NATIONAL CHAR / NCHAR use utf8mb3; CHARACTER SET binary
//    turns CHAR, VARCHAR and TEXT into BINARY, VARBINARY and BLOB.
//  - "FOREIGN KEY Constraints": the referencing table needs an index whose first columns are
//    the FK columns in order; InnoDB creates one (named after the constraint, the FK's index
//    name or its first column) and drops it when another index can serve the constraint.
//  - "ALTER TABLE Statement": CONVERT TO CHARACTER SET widens TEXT types so that they still
//    hold as many characters; keys are dropped before any is added.
//  - "Clustered and Secondary Indexes": the clustered index is the primary key, else the first
//    UNIQUE index whose columns are all NOT NULL; secondary records hold its columns.
//  - "Data Type Storage Requirements", for Column::KeyBytes.
//  - "CREATE VIEW Statement", "RENAME TABLE Statement": views share the tables' namespace, take
//    their column names from the select list, and are renamed by RENAME TABLE.
#include "analyzer/catalog.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <utility>

#include "base/ascii.h"
#include "parser/keywords.h"

namespace qadvisor::analyzer {

namespace ast = parser::ast;

namespace {

// --- small string helpers ------------------------------------------------------------------------

using parser::EqualsIgnoreCase;
using parser::ToLowerAscii;

using base::IsSpace;

// "DOUBLE   PRECISION" → "double precision": keyword phrases as the AST keeps them.
std::string Phrase(std::string_view s) {
  std::string out;
  bool space = false;
  for (char c : s) {
    if (IsSpace(c)) {
      space = !out.empty();
      continue;
    }
    if (space) out.push_back(' ');
    space = false;
    out.push_back(ToLowerAscii(c));
  }
  return out;
}

// `x`, "x" and 'x' → x, doubled quotes undone; anything else as it is.
std::string Unquote(std::string_view s) {
  if (s.size() < 2) return std::string(s);
  const char q = s.front();
  if ((q != '`' && q != '"' && q != '\'') || s.back() != q) return std::string(s);
  std::string out;
  const std::string_view body = s.substr(1, s.size() - 2);
  for (size_t i = 0; i < body.size(); ++i) {
    out.push_back(body[i]);
    if (body[i] == q && i + 1 < body.size() && body[i + 1] == q) ++i;
  }
  return out;
}

// Digits as written in a length or prefix; saturates instead of overflowing.
uint32_t ToUint(std::string_view digits) {
  uint64_t v = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') break;
    v = v * 10 + static_cast<uint64_t>(c - '0');
    if (v > std::numeric_limits<uint32_t>::max()) return std::numeric_limits<uint32_t>::max();
  }
  return static_cast<uint32_t>(v);
}

// Splits SQL text the AST keeps as written (an ALTER action of kind kOther, a column position)
// into words: quoted names unquoted, `,` `.` `=` `;` `(` `)` as words of their own.
std::vector<std::string> Words(std::string_view s) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < s.size()) {
    const char c = s[i];
    if (IsSpace(c)) {
      ++i;
    } else if (c == '`' || c == '"' || c == '\'') {
      size_t j = i + 1;
      while (j < s.size()) {
        if (s[j] == c) {
          if (j + 1 < s.size() && s[j + 1] == c) {
            j += 2;
            continue;
          }
          break;
        }
        ++j;
      }
      const size_t end = std::min(j + 1, s.size());
      out.push_back(Unquote(s.substr(i, end - i)));
      i = end;
    } else if (c == ',' || c == '.' || c == '=' || c == ';' || c == '(' || c == ')') {
      out.emplace_back(1, c);
      ++i;
    } else {
      size_t j = i;
      while (j < s.size() && !IsSpace(s[j]) && s[j] != ',' && s[j] != '.' && s[j] != '=' &&
             s[j] != ';' && s[j] != '(' && s[j] != ')' && s[j] != '`') {
        ++j;
      }
      out.push_back(std::string(s.substr(i, j - i)));
      i = j;
    }
  }
  return out;
}

std::string Quoted(std::string_view name) { return "`" + std::string(name) + "`"; }

// --- types ---------------------------------------------------------------------------------------

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

// --- charsets ------------------------------------------------------------------------------------

struct CharsetCollation {
  std::string charset;
  std::string collation;
};

std::string BinCollation(std::string_view charset) {
  if (charset == "binary") return "binary";
  return std::string(charset) + "_bin";
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

std::string NormalizeCharset(std::string_view name) {
  std::string cs = parser::LowerAscii(name);
  if (cs == "utf8") return "utf8mb3";
  return cs;
}

std::string NormalizeCollation(std::string_view name) {
  std::string coll = parser::LowerAscii(name);
  if (coll.starts_with("utf8_")) coll.insert(4, "mb3");
  return coll;
}

std::string CharsetOfCollation(std::string_view collation) {
  const std::string coll = NormalizeCollation(collation);
  if (coll == "binary") return coll;
  return NormalizeCharset(coll.substr(0, coll.find('_')));
}

uint32_t MaxBytesPerChar(std::string_view charset) {
  const std::string cs = NormalizeCharset(charset);
  if (IsOneOf(cs, {"utf8mb4", "utf16", "utf16le", "utf32", "gb18030"})) return 4;
  if (IsOneOf(cs, {"utf8mb3", "ujis", "eucjpms"})) return 3;
  if (IsOneOf(cs, {"ucs2", "gbk", "big5", "sjis", "cp932", "euckr", "gb2312"})) return 2;
  return 1;
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
  if (is_unsigned) out += " unsigned";
  if (IsCharacter(family) && !collation.empty()) out += " " + collation;
  if (!nullable) out += " NOT NULL";
  return out;
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

// --- Index and Table -----------------------------------------------------------------------------

std::string Index::DescribeParts() const {
  std::string out = "(";
  for (size_t i = 0; i < parts.size(); ++i) {
    const KeyPart& p = parts[i];
    if (i > 0) out += ", ";
    if (!p.expression.empty()) {
      out += "(" + p.expression + ")";
    } else {
      out += p.column;
      if (p.prefix_length > 0) out += "(" + std::to_string(p.prefix_length) + ")";
    }
    if (p.descending) out += " DESC";
  }
  return out + ")";
}

const Column* Table::FindColumn(std::string_view column) const {
  for (const Column& c : columns) {
    if (EqualsIgnoreCase(c.name, column)) return &c;
  }
  return nullptr;
}

Column* Table::FindColumn(std::string_view column) {
  return const_cast<Column*>(std::as_const(*this).FindColumn(column));
}

const Index* Table::FindIndex(std::string_view index) const {
  for (const Index& i : indexes) {
    if (EqualsIgnoreCase(i.name, index)) return &i;
  }
  return nullptr;
}

const Index* Table::PrimaryKey() const {
  for (const Index& i : indexes) {
    if (i.kind == IndexKind::kPrimary) return &i;
  }
  return nullptr;
}

namespace {

// Engines whose tables are their primary key's B-tree, secondary records holding its columns.
bool Clusters(std::string_view engine) {
  return engine.empty() || IsOneOf(engine, {"innodb", "rocksdb", "tokudb"});
}

// The clustered index: the primary key, or else the first UNIQUE index whose key parts are all
// whole NOT NULL columns (MySQL 8.0 manual, "Clustered and Secondary Indexes"). nullptr when there
// is none or the engine does not cluster (MyISAM, Aria, MEMORY: every index points at a row
// position).
const Index* ClusteredIndex(const Table& table) {
  if (!Clusters(table.engine)) return nullptr;
  if (const Index* pk = table.PrimaryKey()) return pk;
  for (const Index& index : table.indexes) {
    if (index.kind != IndexKind::kUnique || index.parts.empty()) continue;
    const bool whole_not_null = std::all_of(index.parts.begin(), index.parts.end(), [&](auto& p) {
      const Column* c = p.expression.empty() ? table.FindColumn(p.column) : nullptr;
      return c != nullptr && !c->nullable && p.prefix_length == 0;
    });
    if (whole_not_null) return &index;
  }
  return nullptr;
}

bool HoldsWhole(const std::vector<KeyPart>& parts, std::string_view column) {
  return std::any_of(parts.begin(), parts.end(), [&](const KeyPart& p) {
    return p.expression.empty() && p.prefix_length == 0 && EqualsIgnoreCase(p.column, column);
  });
}

}  // namespace

std::vector<KeyPart> Table::ExtendedKey(const Index& index) const {
  std::vector<KeyPart> key = index.parts;
  const Index* clustered = ClusteredIndex(*this);
  if (clustered == nullptr || !index.IsBtree() || EqualsIgnoreCase(clustered->name, index.name)) {
    return key;
  }
  for (const KeyPart& p : clustered->parts) {
    if (!p.expression.empty() || HoldsWhole(index.parts, p.column)) continue;
    KeyPart extra;
    extra.column = p.column;
    key.push_back(std::move(extra));
  }
  return key;
}

bool Table::IndexHolds(const Index& index, std::string_view column) const {
  if (!index.IsBtree() || FindColumn(column) == nullptr) return false;
  const Index* clustered = ClusteredIndex(*this);
  if (clustered != nullptr && EqualsIgnoreCase(clustered->name, index.name)) return true;
  return HoldsWhole(ExtendedKey(index), column);
}

std::string Table::QualifiedName() const { return database.empty() ? name : database + "." + name; }

bool View::HasColumn(std::string_view column) const {
  return columns.empty() || std::any_of(columns.begin(), columns.end(), [&](const std::string& c) {
           return EqualsIgnoreCase(c, column);
         });
}

std::string View::QualifiedName() const { return database.empty() ? name : database + "." + name; }

// --- Catalog -------------------------------------------------------------------------------------

// Applies statements to a Catalog. Lookup helpers are static so that Catalog's own methods use
// the same name rules.
class CatalogBuilder {
 public:
  CatalogBuilder(Catalog& catalog, const ast::Statement& statement, std::string_view script,
                 std::string_view file)
      : catalog_(catalog), statement_(statement), script_(script), file_(file) {}

  bool Apply();

  // --- names, as lower_case_table_names says ---------------------------------------------------
  static bool SameTableName(const Catalog& c, std::string_view a, std::string_view b) {
    return c.options_.lower_case_table_names == 0 ? a == b : EqualsIgnoreCase(a, b);
  }
  static std::string StoredName(const Catalog& c, std::string_view name) {
    return c.options_.lower_case_table_names == 1 ? parser::LowerAscii(name) : std::string(name);
  }
  // Over tables_ or views_: both are named alike, and share one namespace in a database.
  template <typename T>
  static int FindExactIn(const Catalog& c, const std::vector<T>& list, std::string_view database,
                         std::string_view name) {
    for (size_t i = 0; i < list.size(); ++i) {
      if (SameTableName(c, list[i].database, database) && SameTableName(c, list[i].name, name)) {
        return static_cast<int>(i);
      }
    }
    return -1;
  }
  template <typename T>
  static int FindUniqueIn(const Catalog& c, const std::vector<T>& list, std::string_view name) {
    int found = -1;
    for (size_t i = 0; i < list.size(); ++i) {
      if (!SameTableName(c, list[i].name, name)) continue;
      if (found >= 0) return -1;
      found = static_cast<int>(i);
    }
    return found;
  }
  // As Catalog::FindTable looks a name up: in `database`, else the only one of that name, else
  // in the current database.
  template <typename T>
  static int FindForQuery(const Catalog& c, const std::vector<T>& list, std::string_view database,
                          std::string_view name) {
    if (!database.empty()) {
      const int exact = FindExactIn(c, list, database, name);
      if (exact >= 0) return exact;
    }
    const int unique = FindUniqueIn(c, list, name);
    if (unique >= 0) return unique;
    return FindExactIn(c, list, c.current_database_, name);
  }
  static int FindExact(const Catalog& c, std::string_view database, std::string_view name) {
    return FindExactIn(c, c.tables_, database, name);
  }
  // A table (or view) a statement names: db.t exactly; t in the current database, or else the
  // only one called t (a migration applied to a schema loaded without USE).
  template <typename T>
  static int FindForDdlIn(const Catalog& c, const std::vector<T>& list, std::string_view database,
                          std::string_view name, bool qualified) {
    const int exact = FindExactIn(c, list, database, name);
    if (exact >= 0 || qualified) return exact;
    return FindUniqueIn(c, list, name);
  }
  static int FindForDdl(const Catalog& c, std::string_view database, std::string_view name,
                        bool qualified) {
    return FindForDdlIn(c, c.tables_, database, name, qualified);
  }
  static const Catalog::Database* FindDatabase(const Catalog& c, std::string_view name) {
    for (const Catalog::Database& d : c.databases_) {
      if (SameTableName(c, d.name, name)) return &d;
    }
    return nullptr;
  }

 private:
  struct TableName {
    std::string database;
    std::string name;
    bool qualified = false;
    std::string Display() const {
      return database.empty() || !qualified ? Quoted(name) : Quoted(database) + "." + Quoted(name);
    }
  };

  // A problem with the statement; Apply() reports it and leaves the catalog unchanged.
  struct Failure {
    uint32_t offset;
    std::string message;
  };

  TableName Resolve(const ast::Name& name) const;
  TableName Resolve(std::span<const std::string> parts) const;
  int Find(const TableName& name) const {
    return FindForDdl(catalog_, name.database, name.name, name.qualified);
  }
  int FindViewFor(const TableName& name) const {
    return FindForDdlIn(catalog_, catalog_.views_, name.database, name.name, name.qualified);
  }
  SourceLocation LocationAt(uint32_t offset) const;
  uint32_t CodeStart() const;
  void Report(uint32_t offset, std::string message);
  void ReportAll(std::string_view prefix);

  CharsetCollation DatabaseDefaults(std::string_view database) const;
  CharsetCollation Resolve(std::string_view charset, std::string_view collation,
                           const CharsetCollation& fallback) const;
  Column MakeColumn(const ast::ColumnDef& def, const Table& table) const;
  void ConvertColumn(Column& column, const CharsetCollation& to) const;

  // Table changes: each returns false after adding a Failure.
  bool AddColumnKeys(Table& table, const ast::ColumnDef& def, const Column& column);
  bool AddIndex(Table& table, const ast::IndexDef& def, uint32_t offset);
  bool InsertIndex(Table& table, Index index, uint32_t offset);
  bool DropIndex(Table& table, std::string_view name, bool if_exists, uint32_t offset);
  bool DropColumn(Table& table, std::string_view name, bool if_exists, uint32_t offset);
  bool PlaceColumn(Table& table, Column column, std::string_view position, int replace,
                   uint32_t offset);
  void RenameColumnEverywhere(Table& table, std::string_view from, const std::string& to);
  void SetTableOption(Table& table, std::string_view name, std::string_view value);
  void FinishForeignKeys(Table& table);
  bool ApplyAction(Table& table, const ast::AlterAction& action, std::string* rename_db,
                   std::string* rename_to);
  bool ApplyOtherAction(Table& table, const ast::AlterAction& action);

  bool CreateDatabase(const ast::CreateDatabaseStatement& s);
  bool CreateTable(const ast::CreateTableStatement& s);
  bool AlterTable(const ast::AlterTableStatement& s);
  bool CreateIndex(const ast::CreateIndexStatement& s);
  bool DropTables(const ast::DropTableStatement& s);
  bool DropIndexStatement(const ast::DropIndexStatement& s);
  bool RenameTables(const ast::RenameTableStatement& s);
  bool DropDatabase(const ast::DropDatabaseStatement& s);
  bool DefineView(const ast::ViewStatement& s);  // CREATE VIEW, ALTER VIEW
  bool DropViews(const ast::DropViewStatement& s);
  // The column names of a view's query (see View::columns); empty when unknown.
  std::vector<std::string> QueryColumns(const ast::Query& query,
                                        std::span<const ast::Cte> outer_ctes) const;
  std::vector<std::string> SelectColumns(const ast::Select& select,
                                         std::span<const ast::Cte> ctes) const;
  // The columns of a FROM item that `qualifier` names (empty: every item), appended to `out`;
  // false when some are unknown.
  bool FromColumns(const ast::TableRef& ref, std::string_view qualifier,
                   std::span<const ast::Cte> ctes, std::vector<std::string>& out) const;

  Catalog& catalog_;
  const ast::Statement& statement_;
  std::string_view script_;
  std::string_view file_;
  std::vector<Failure> failures_;
  // FOREIGN KEYs this statement added: their implicit index is decided once every key of the
  // statement is known.
  struct NewForeignKey {
    size_t position;         // in Table::foreign_keys
    uint32_t offset;         // where it was written
    std::string index_name;  // the CONSTRAINT name, else the FK's index name, else empty
  };
  std::vector<NewForeignKey> new_foreign_keys_;
};

Catalog::Catalog(CatalogOptions options) : options_(options) {}

size_t Catalog::Apply(const parser::ParseResult& parsed, std::string_view file) {
  size_t changed = 0;
  for (const ast::Statement* s : parsed.statements()) {
    if (s != nullptr && ApplyStatement(*s, parsed.text(), file)) ++changed;
  }
  return changed;
}

bool Catalog::ApplyStatement(const ast::Statement& statement, std::string_view script,
                             std::string_view file) {
  return CatalogBuilder(*this, statement, script, file).Apply();
}

const Table* Catalog::FindTable(std::string_view database, std::string_view name) const {
  const int i = CatalogBuilder::FindForQuery(*this, tables_, database, name);
  return i >= 0 ? &tables_[static_cast<size_t>(i)] : nullptr;
}

const View* Catalog::FindView(std::string_view database, std::string_view name) const {
  const int i = CatalogBuilder::FindForQuery(*this, views_, database, name);
  return i >= 0 ? &views_[static_cast<size_t>(i)] : nullptr;
}

Table* Catalog::FindTable(std::string_view database, std::string_view name) {
  return const_cast<Table*>(std::as_const(*this).FindTable(database, name));
}

Table& Catalog::AddTable(Table table) {
  table.database = CatalogBuilder::StoredName(*this, table.database);
  table.name = CatalogBuilder::StoredName(*this, table.name);
  const int existing = CatalogBuilder::FindExact(*this, table.database, table.name);
  if (existing >= 0) {
    Table& slot = tables_[static_cast<size_t>(existing)];
    slot = std::move(table);
    return slot;
  }
  return tables_.emplace_back(std::move(table));
}

View& Catalog::AddView(View view) {
  view.database = CatalogBuilder::StoredName(*this, view.database);
  view.name = CatalogBuilder::StoredName(*this, view.name);
  const int existing = CatalogBuilder::FindExactIn(*this, views_, view.database, view.name);
  if (existing >= 0) {
    View& slot = views_[static_cast<size_t>(existing)];
    slot = std::move(view);
    return slot;
  }
  return views_.emplace_back(std::move(view));
}

bool Catalog::DropTable(std::string_view database, std::string_view name) {
  const bool qualified = !database.empty();
  const int i =
      CatalogBuilder::FindForDdl(*this, qualified ? database : current_database_, name, qualified);
  if (i < 0) return false;
  tables_.erase(tables_.begin() + i);
  return true;
}

std::string Catalog::ServerCharset() const { return "utf8mb4"; }

std::string Catalog::DefaultCollation(std::string_view charset) const {
  const std::string cs = NormalizeCharset(charset);
  if (cs == "utf8mb4") {
    return options_.flavor == Flavor::kMySQL8 ? "utf8mb4_0900_ai_ci" : "utf8mb4_general_ci";
  }
  if (cs == "binary") return cs;
  // SHOW CHARACTER SET: the defaults that are not <charset>_general_ci.
  static constexpr std::pair<std::string_view, std::string_view> kDefaults[] = {
      {"latin1", "latin1_swedish_ci"},    {"dec8", "dec8_swedish_ci"},
      {"swe7", "swe7_swedish_ci"},        {"hp8", "hp8_english_ci"},
      {"latin5", "latin5_turkish_ci"},    {"big5", "big5_chinese_ci"},
      {"gbk", "gbk_chinese_ci"},          {"gb2312", "gb2312_chinese_ci"},
      {"gb18030", "gb18030_chinese_ci"},  {"sjis", "sjis_japanese_ci"},
      {"ujis", "ujis_japanese_ci"},       {"cp932", "cp932_japanese_ci"},
      {"eucjpms", "eucjpms_japanese_ci"}, {"euckr", "euckr_korean_ci"},
      {"tis620", "tis620_thai_ci"},
  };
  for (const auto& [name, collation] : kDefaults) {
    if (name == cs) return std::string(collation);
  }
  return cs + "_general_ci";
}

// --- CatalogBuilder: positions and issues --------------------------------------------------------

SourceLocation CatalogBuilder::LocationAt(uint32_t offset) const {
  SourceLocation loc{std::string(file_), statement_.line, statement_.column};
  const uint32_t from = statement_.span.offset;
  if (offset < from || offset > script_.size()) return loc;
  for (uint32_t i = from; i < offset; ++i) {
    if (script_[i] == '\n') {
      ++loc.line;
      loc.column = 1;
    } else {
      ++loc.column;
    }
  }
  return loc;
}

// Where the statement's code begins: the parser starts a statement's span (and line) at its
// first token, past the comments before it and inside a version comment's `/*!50001 `.
uint32_t CatalogBuilder::CodeStart() const { return statement_.span.offset; }

void CatalogBuilder::Report(uint32_t offset, std::string message) {
  catalog_.issues_.push_back({LocationAt(offset), std::move(message)});
}

void CatalogBuilder::ReportAll(std::string_view prefix) {
  for (Failure& f : failures_) Report(f.offset, std::string(prefix) + ": " + f.message);
  failures_.clear();
}

CatalogBuilder::TableName CatalogBuilder::Resolve(const ast::Name& name) const {
  std::vector<std::string> parts;
  for (const ast::Ident& i : name.parts) parts.push_back(i.Value());
  return Resolve(parts);
}

CatalogBuilder::TableName CatalogBuilder::Resolve(std::span<const std::string> parts) const {
  TableName t;
  if (parts.empty()) return t;
  t.name = StoredName(catalog_, parts.back());
  t.qualified = parts.size() >= 2;
  t.database = StoredName(catalog_, t.qualified ? parts[parts.size() - 2]
                                                : std::string_view(catalog_.current_database_));
  return t;
}

// --- CatalogBuilder: charsets and columns --------------------------------------------------------

CharsetCollation CatalogBuilder::DatabaseDefaults(std::string_view database) const {
  if (const Catalog::Database* d = FindDatabase(catalog_, database)) {
    return {d->charset, d->collation};
  }
  const std::string cs = catalog_.ServerCharset();
  return {cs, catalog_.DefaultCollation(cs)};
}

// An explicit charset and/or collation as written (quotes allowed), else `fallback`.
CharsetCollation CatalogBuilder::Resolve(std::string_view charset, std::string_view collation,
                                         const CharsetCollation& fallback) const {
  std::string cs = charset.empty() ? "" : NormalizeCharset(Unquote(charset));
  std::string coll = collation.empty() ? "" : NormalizeCollation(Unquote(collation));
  if (cs == "default") cs.clear();
  if (coll == "default") coll.clear();
  if (cs.empty() && coll.empty()) return fallback;
  if (cs.empty()) return {CharsetOfCollation(coll), coll};
  if (coll.empty()) return {cs, catalog_.DefaultCollation(cs)};
  return {cs, coll};
}

// CHECK (json_valid(`column`)): MariaDB's JSON type is LONGTEXT with this constraint, and
// SHOW CREATE TABLE writes it so (MariaDB Knowledge Base, "JSON Data Type").
bool ChecksJsonValid(const ast::Expr* check, std::string_view column) {
  if (check == nullptr || check->kind != ast::ExprKind::kFunction) return false;
  const auto& f = check->As<ast::Function>();
  if (f.name.parts.size() != 1 || !EqualsIgnoreCase(f.name.last().Value(), "json_valid") ||
      f.args.size() != 1 || f.args[0]->kind != ast::ExprKind::kColumn) {
    return false;
  }
  const auto& arg = f.args[0]->As<ast::Column>();
  return !arg.star && arg.name.parts.size() == 1 &&
         EqualsIgnoreCase(arg.name.last().Value(), column);
}

Column CatalogBuilder::MakeColumn(const ast::ColumnDef& def, const Table& table) const {
  const ast::ColumnType& t = def.type;
  Column c;
  c.name = def.name.Value();
  const std::string written = Phrase(t.name);
  c.type = CanonicalType(written);
  c.family = FamilyOf(c.type);
  c.length = ToUint(t.length);
  c.scale = ToUint(t.scale);
  c.is_unsigned = t.is_unsigned || t.zerofill;  // ZEROFILL implies UNSIGNED
  c.nullable = def.nullability != ast::Nullability::kNotNull && !def.primary_key;
  c.auto_increment = def.auto_increment;
  if (def.serial_default_value) {  // NOT NULL AUTO_INCREMENT UNIQUE
    c.nullable = false;
    c.auto_increment = true;
  }
  if (def.generated != nullptr) c.generated = parser::ToSql(*def.generated);
  if (c.family == TypeFamily::kEnumSet) {
    c.length = static_cast<uint32_t>(t.values.size());
    c.members.assign(t.values.begin(), t.values.end());
  }
  if (t.length.empty()) {
    // Lengths the server assumes when none is written.
    if (IsFixedCharType(c.type) || c.type == "binary" || c.type == "bit") c.length = 1;
    if (c.family == TypeFamily::kDecimal) c.length = 10;
  }
  if ((written == "bool" || written == "boolean") && t.length.empty()) c.length = 1;
  if (c.type == "serial") {  // BIGINT UNSIGNED NOT NULL AUTO_INCREMENT UNIQUE
    c.type = "bigint";
    c.is_unsigned = true;
    c.nullable = false;
    c.auto_increment = true;
  }
  if (c.type == "longtext" && ChecksJsonValid(def.check, c.name)) {
    c.type = "json";
    c.family = TypeFamily::kJson;
  }
  if (!IsCharacter(c.family)) return c;

  CharsetCollation resolved;
  const std::string coll = t.collation.empty() ? "" : NormalizeCollation(Unquote(t.collation));
  std::string cs = t.charset.empty() ? "" : NormalizeCharset(Unquote(t.charset));
  if (cs.empty() && IsNationalType(written)) cs = "utf8mb3";
  if (cs.empty() && coll.empty()) {
    resolved = {table.charset, table.collation};
    if (t.binary) resolved.collation = BinCollation(resolved.charset);
  } else if (cs.empty()) {
    resolved = {CharsetOfCollation(coll), coll};
  } else if (coll.empty()) {
    resolved = {cs, t.binary ? BinCollation(cs) : catalog_.DefaultCollation(cs)};
  } else {
    resolved = {cs, coll};
  }
  if (resolved.charset == "binary" && c.family == TypeFamily::kString) {
    c.type = BinaryCounterpart(c.type);
    c.family = TypeFamily::kBinary;
    return c;
  }
  c.charset = std::move(resolved.charset);
  c.collation = std::move(resolved.collation);
  return c;
}

// CONVERT TO CHARACTER SET: every character column takes the new charset; TEXT types grow so that
// they hold as many characters as before; CHARACTER SET binary makes them binary types.
void CatalogBuilder::ConvertColumn(Column& column, const CharsetCollation& to) const {
  if (!IsCharacter(column.family)) return;
  const uint32_t old_mb = MaxBytesPerChar(column.charset);
  if (to.charset == "binary" && column.family == TypeFamily::kString) {
    if (!IsTextType(column.type)) column.length *= old_mb;
    column.type = BinaryCounterpart(column.type);
    column.family = TypeFamily::kBinary;
    column.charset.clear();
    column.collation.clear();
    return;
  }
  const uint32_t new_mb = MaxBytesPerChar(to.charset);
  if (IsTextType(column.type) && new_mb > old_mb) {
    static constexpr std::pair<std::string_view, uint64_t> kText[] = {
        {"tinytext", 255}, {"text", 65535}, {"mediumtext", 16777215}, {"longtext", 4294967295}};
    uint64_t capacity = 65535;
    if (column.type == "long" || column.type == "long varchar") capacity = 16777215;
    for (const auto& [name, bytes] : kText) {
      if (name == column.type) capacity = bytes;
    }
    const uint64_t needed = capacity / old_mb * new_mb;
    for (const auto& [name, bytes] : kText) {
      if (bytes >= needed || name == "longtext") {
        if (bytes > capacity) column.type = std::string(name);
        break;
      }
    }
  }
  column.charset = to.charset;
  column.collation = to.collation;
}

// --- CatalogBuilder: indexes ---------------------------------------------------------------------

namespace {

KeyPart WholeColumn(const std::string& column) {
  KeyPart part;
  part.column = column;
  return part;
}

bool NameTaken(const Table& table, std::string_view name) {
  return EqualsIgnoreCase(name, "PRIMARY") || table.FindIndex(name) != nullptr;
}

// The server's name for an unnamed key: its first column, then name_2, name_3, … while taken.
std::string GeneratedIndexName(const Table& table, const std::string& base) {
  if (!NameTaken(table, base)) return base;
  for (int n = 2;; ++n) {
    std::string candidate = base + "_" + std::to_string(n);
    if (!NameTaken(table, candidate)) return candidate;
  }
}

// Whether `index` can serve a foreign key on `columns`: a B-tree whose first parts are exactly
// those whole columns, in order.
bool Serves(const Index& index, const std::vector<std::string>& columns) {
  if (!index.IsBtree() || index.parts.size() < columns.size() || columns.empty()) return false;
  for (size_t i = 0; i < columns.size(); ++i) {
    const KeyPart& p = index.parts[i];
    if (!p.expression.empty() || p.prefix_length != 0 || !EqualsIgnoreCase(p.column, columns[i])) {
      return false;
    }
  }
  return true;
}

// Marks, per foreign key, the first index that serves it.
void RefreshForeignKeyFlags(Table& table) {
  for (Index& index : table.indexes) index.foreign_key = false;
  for (const ForeignKey& fk : table.foreign_keys) {
    for (Index& index : table.indexes) {
      if (Serves(index, fk.columns)) {
        index.foreign_key = true;
        break;
      }
    }
  }
}

}  // namespace

bool CatalogBuilder::InsertIndex(Table& table, Index index, uint32_t offset) {
  if (index.kind == IndexKind::kPrimary) {
    if (table.PrimaryKey() != nullptr) {
      failures_.push_back({offset, "multiple primary keys defined"});
      return false;
    }
    for (const KeyPart& p : index.parts) {
      if (Column* c = p.expression.empty() ? table.FindColumn(p.column) : nullptr) {
        c->nullable = false;  // primary-key columns are NOT NULL
      }
    }
    table.indexes.insert(table.indexes.begin(), std::move(index));
    return true;
  }
  if (NameTaken(table, index.name)) {
    failures_.push_back({offset, EqualsIgnoreCase(index.name, "PRIMARY")
                                     ? "incorrect index name 'PRIMARY'"
                                     : "duplicate key name " + Quoted(index.name)});
    return false;
  }
  table.indexes.push_back(std::move(index));
  return true;
}

bool CatalogBuilder::AddIndex(Table& table, const ast::IndexDef& def, uint32_t offset) {
  if (def.type == ast::IndexType::kCheck) return true;  // constraints are not indexes
  // MariaDB's ADD INDEX / CREATE INDEX IF NOT EXISTS of a name the table has: a note, no change.
  if (def.if_not_exists && !def.name.empty() && NameTaken(table, def.name.Value())) return true;
  if (def.type == ast::IndexType::kForeign && def.if_not_exists &&
      std::any_of(table.foreign_keys.begin(), table.foreign_keys.end(), [&](const ForeignKey& fk) {
        return EqualsIgnoreCase(fk.name, def.constraint.Value());
      })) {
    return true;
  }
  if (def.parts.empty()) {
    failures_.push_back({offset, "a key needs at least one column"});
    return false;
  }
  std::vector<KeyPart> parts;
  for (const ast::KeyPart& p : def.parts) {
    KeyPart part;
    part.descending = p.direction == ast::Direction::kDesc;
    // ((col)) is the column itself; any other expression a functional key part.
    const ast::Column* bare = p.expr != nullptr && p.expr->kind == ast::ExprKind::kColumn
                                  ? &p.expr->As<ast::Column>()
                                  : nullptr;
    if (bare != nullptr && (bare->star || bare->name.parts.empty())) bare = nullptr;
    if (p.expr != nullptr && bare == nullptr) {
      part.expression = parser::ToSql(*p.expr);
      parts.push_back(std::move(part));
      continue;
    }
    const std::string name = bare != nullptr ? bare->name.last().Value() : p.column.Value();
    const Column* column = table.FindColumn(name);
    if (column == nullptr) {
      failures_.push_back({offset, "key column " + Quoted(name) + " does not exist in the table"});
      return false;
    }
    part.column = column->name;
    part.prefix_length = ToUint(p.length);
    // A "prefix" as long as the whole CHAR/VARCHAR/BINARY column is the whole column: SHOW
    // CREATE TABLE prints it without a length.
    if (part.prefix_length > 0 && part.prefix_length == column->length &&
        !IsTextType(column->type) && !IsBlobType(column->type)) {
      part.prefix_length = 0;
    }
    parts.push_back(std::move(part));
  }

  if (def.type == ast::IndexType::kForeign) {
    // Only InnoDB (and NDB) keep foreign keys; MyISAM, Aria, MEMORY … parse and ignore them.
    if (!table.engine.empty() && !IsOneOf(table.engine, {"innodb", "ndb", "ndbcluster"})) {
      return true;
    }
    ForeignKey fk;
    for (const KeyPart& p : parts) fk.columns.push_back(p.column);
    if (std::any_of(parts.begin(), parts.end(), [](auto& p) { return p.column.empty(); })) {
      failures_.push_back({offset, "a foreign key cannot have expression parts"});
      return false;
    }
    for (const ast::Ident& part : def.ref_table.parts) {
      fk.ref_table += (fk.ref_table.empty() ? "" : ".") + part.Value();
    }
    for (const ast::Ident& c : def.ref_columns) fk.ref_columns.push_back(c.Value());
    fk.name = def.constraint.Value();
    if (fk.name.empty()) {
      // InnoDB's generated name: <table>_ibfk_<n>, n one more than the largest in use.
      const std::string prefix = table.name + "_ibfk_";
      uint32_t n = 0;
      for (const ForeignKey& other : table.foreign_keys) {
        if (other.name.starts_with(prefix)) {
          n = std::max(n, ToUint(std::string_view(other.name).substr(prefix.size())));
        }
      }
      fk.name = prefix + std::to_string(n + 1);
    }
    for (const ForeignKey& other : table.foreign_keys) {
      if (EqualsIgnoreCase(other.name, fk.name)) {
        failures_.push_back({offset, "duplicate foreign key constraint name " + Quoted(fk.name)});
        return false;
      }
    }
    // The implicit index, if one is needed, is named after the constraint, else the FK's own
    // index name, else its first column (FinishForeignKeys).
    new_foreign_keys_.push_back(
        {table.foreign_keys.size(), offset,
         !def.constraint.empty() ? def.constraint.Value() : def.name.Value()});
    table.foreign_keys.push_back(std::move(fk));
    return true;
  }

  Index index;
  index.parts = std::move(parts);
  index.location = LocationAt(offset);
  index.invisible = ast::Hidden(def.visibility);
  switch (def.type) {
    case ast::IndexType::kPrimary:
      index.kind = IndexKind::kPrimary;
      index.name = "PRIMARY";
      break;
    case ast::IndexType::kUnique:
      index.kind = IndexKind::kUnique;
      break;
    case ast::IndexType::kFulltext:
      index.kind = IndexKind::kFulltext;
      break;
    case ast::IndexType::kSpatial:
      index.kind = IndexKind::kSpatial;
      break;
    default:
      index.kind = IndexKind::kKey;
      break;
  }
  if (index.kind != IndexKind::kPrimary) {
    index.name = def.name.Value();
    if (index.name.empty()) index.name = def.constraint.Value();
    if (index.name.empty()) {
      const KeyPart& first = index.parts.front();
      index.name =
          GeneratedIndexName(table, first.expression.empty() ? first.column : "functional_index");
    }
  }
  return InsertIndex(table, std::move(index), offset);
}

// Inline PRIMARY KEY / UNIQUE on a column, and SERIAL's implicit UNIQUE.
bool CatalogBuilder::AddColumnKeys(Table& table, const ast::ColumnDef& def, const Column& column) {
  const uint32_t offset = def.span.offset;
  if (def.primary_key) {
    Index pk;
    pk.name = "PRIMARY";
    pk.kind = IndexKind::kPrimary;
    pk.parts.push_back(WholeColumn(column.name));
    pk.location = LocationAt(offset);
    if (!InsertIndex(table, std::move(pk), offset)) return false;
  }
  const bool serial = Phrase(def.type.name) == "serial" || def.serial_default_value;
  for (int i = 0; i < (def.unique ? 1 : 0) + (serial ? 1 : 0); ++i) {
    Index unique;
    unique.kind = IndexKind::kUnique;
    unique.name = GeneratedIndexName(table, column.name);
    unique.parts.push_back(WholeColumn(column.name));
    unique.location = LocationAt(offset);
    if (!InsertIndex(table, std::move(unique), offset)) return false;
  }
  return true;
}

bool CatalogBuilder::DropIndex(Table& table, std::string_view name, bool if_exists,
                               uint32_t offset) {
  for (size_t i = 0; i < table.indexes.size(); ++i) {
    if (EqualsIgnoreCase(table.indexes[i].name, name)) {
      table.indexes.erase(table.indexes.begin() + static_cast<ptrdiff_t>(i));
      return true;
    }
  }
  if (if_exists) return true;
  failures_.push_back({offset, "cannot drop index " + Quoted(name) + ": no such index"});
  return false;
}

// After every key of a CREATE or ALTER is known: each new foreign key gets an implicit index
// when no index serves it; implicit indexes another index can stand in for are dropped; every
// foreign key must still have an index (dropping the only one is an error, MySQL ER 1553).
void CatalogBuilder::FinishForeignKeys(Table& table) {
  for (size_t f = 0; f < table.foreign_keys.size(); ++f) {
    const ForeignKey& fk = table.foreign_keys[f];
    const bool served = std::any_of(table.indexes.begin(), table.indexes.end(),
                                    [&](const Index& i) { return Serves(i, fk.columns); });
    if (served) continue;
    const auto added = std::find_if(new_foreign_keys_.begin(), new_foreign_keys_.end(),
                                    [&](const NewForeignKey& n) { return n.position == f; });
    if (added == new_foreign_keys_.end()) {
      failures_.push_back(
          {CodeStart(), "cannot drop the index that foreign key " + Quoted(fk.name) + " needs"});
      continue;
    }
    Index implicit;
    implicit.kind = IndexKind::kKey;
    implicit.implicit = true;
    implicit.location = LocationAt(added->offset);
    for (const std::string& c : fk.columns) implicit.parts.push_back(WholeColumn(c));
    implicit.name = GeneratedIndexName(
        table, added->index_name.empty() ? fk.columns.front() : added->index_name);
    table.indexes.push_back(std::move(implicit));
  }
  // An implicit index goes when another index serves the same columns (MySQL 8.0 manual,
  // "FOREIGN KEY Constraints").
  for (size_t i = 0; i < table.indexes.size();) {
    const Index& candidate = table.indexes[i];
    std::vector<std::string> columns;
    for (const KeyPart& p : candidate.parts) columns.push_back(p.column);
    bool replaced = false;
    if (candidate.implicit) {
      for (size_t j = 0; j < table.indexes.size() && !replaced; ++j) {
        replaced = j != i && Serves(table.indexes[j], columns);
      }
    }
    if (replaced) {
      table.indexes.erase(table.indexes.begin() + static_cast<ptrdiff_t>(i));
    } else {
      ++i;
    }
  }
  RefreshForeignKeyFlags(table);
  new_foreign_keys_.clear();
}

// --- CatalogBuilder: columns ---------------------------------------------------------------------

// Puts `column` in place of column `replace` (-1: appends), then moves it as `position` says.
bool CatalogBuilder::PlaceColumn(Table& table, Column column, std::string_view position,
                                 int replace, uint32_t offset) {
  size_t at = table.columns.size();
  if (replace >= 0) {
    at = static_cast<size_t>(replace);
    table.columns[at] = std::move(column);
  } else {
    table.columns.push_back(std::move(column));
  }
  const std::vector<std::string> words = Words(position);
  if (words.empty()) return true;
  Column moved = std::move(table.columns[at]);
  table.columns.erase(table.columns.begin() + static_cast<ptrdiff_t>(at));
  if (EqualsIgnoreCase(words[0], "first")) {
    table.columns.insert(table.columns.begin(), std::move(moved));
    return true;
  }
  const std::string after = words.size() > 1 ? words[1] : "";
  for (size_t i = 0; i < table.columns.size(); ++i) {
    if (EqualsIgnoreCase(table.columns[i].name, after)) {
      table.columns.insert(table.columns.begin() + static_cast<ptrdiff_t>(i + 1), std::move(moved));
      return true;
    }
  }
  failures_.push_back({offset, "AFTER " + Quoted(after) + ": no such column"});
  return false;
}

void CatalogBuilder::RenameColumnEverywhere(Table& table, std::string_view from,
                                            const std::string& to) {
  for (Index& index : table.indexes) {
    for (KeyPart& p : index.parts) {
      if (p.expression.empty() && EqualsIgnoreCase(p.column, from)) p.column = to;
    }
  }
  for (ForeignKey& fk : table.foreign_keys) {
    for (std::string& c : fk.columns) {
      if (EqualsIgnoreCase(c, from)) c = to;
    }
  }
}

// DROP COLUMN: the column leaves every index, and an index left without parts goes (MySQL 8.0
// manual, "ALTER TABLE Statement"); a column a foreign key uses cannot be dropped.
bool CatalogBuilder::DropColumn(Table& table, std::string_view name, bool if_exists,
                                uint32_t offset) {
  const Column* column = table.FindColumn(name);
  if (column == nullptr) {
    if (if_exists) return true;
    failures_.push_back({offset, "cannot drop column " + Quoted(name) + ": no such column"});
    return false;
  }
  for (const ForeignKey& fk : table.foreign_keys) {
    for (const std::string& c : fk.columns) {
      if (EqualsIgnoreCase(c, name)) {
        failures_.push_back({offset, "cannot drop column " + Quoted(name) +
                                         ": needed in foreign key " + Quoted(fk.name)});
        return false;
      }
    }
  }
  if (table.columns.size() == 1) {
    failures_.push_back({offset, "cannot drop the last column; use DROP TABLE"});
    return false;
  }
  table.columns.erase(table.columns.begin() + (column - table.columns.data()));
  for (size_t i = 0; i < table.indexes.size();) {
    std::vector<KeyPart>& parts = table.indexes[i].parts;
    std::erase_if(parts, [&](const KeyPart& p) {
      return p.expression.empty() && EqualsIgnoreCase(p.column, name);
    });
    if (parts.empty()) {
      table.indexes.erase(table.indexes.begin() + static_cast<ptrdiff_t>(i));
    } else {
      ++i;
    }
  }
  return true;
}

// [DEFAULT] CHARSET / CHARACTER SET / COLLATE (the table's default only), ENGINE / TYPE.
void CatalogBuilder::SetTableOption(Table& table, std::string_view name, std::string_view value) {
  std::string option = Phrase(name);
  if (option.starts_with("default ")) option.erase(0, 8);
  if (option == "charset" || option == "character set" || option == "char set") {
    CharsetCollation cc = Resolve(value, "", DatabaseDefaults(table.database));
    table.charset = std::move(cc.charset);
    table.collation = std::move(cc.collation);
  } else if (option == "collate") {
    CharsetCollation cc = Resolve("", value, DatabaseDefaults(table.database));
    table.charset = std::move(cc.charset);
    table.collation = std::move(cc.collation);
  } else if (option == "engine" || option == "type") {
    table.engine = parser::LowerAscii(Unquote(value));
  } else if (option == "row_format") {
    table.row_format = parser::LowerAscii(Unquote(value));
  }
}

// --- CatalogBuilder: statements ------------------------------------------------------------------

bool CatalogBuilder::Apply() {
  switch (statement_.kind) {
    case ast::StatementKind::kCreateDatabase:
      return CreateDatabase(statement_.As<ast::CreateDatabaseStatement>());
    case ast::StatementKind::kUse:
      catalog_.current_database_ =
          StoredName(catalog_, statement_.As<ast::UseStatement>().database.Value());
      return true;
    case ast::StatementKind::kCreateTable:
      return CreateTable(statement_.As<ast::CreateTableStatement>());
    case ast::StatementKind::kAlterTable:
      return AlterTable(statement_.As<ast::AlterTableStatement>());
    case ast::StatementKind::kCreateIndex:
      return CreateIndex(statement_.As<ast::CreateIndexStatement>());
    case ast::StatementKind::kDropTable:
      return DropTables(statement_.As<ast::DropTableStatement>());
    case ast::StatementKind::kDropIndex:
      return DropIndexStatement(statement_.As<ast::DropIndexStatement>());
    case ast::StatementKind::kRenameTable:
      return RenameTables(statement_.As<ast::RenameTableStatement>());
    case ast::StatementKind::kCreateView:
    case ast::StatementKind::kAlterView:
      return DefineView(static_cast<const ast::ViewStatement&>(statement_));
    case ast::StatementKind::kDropView:
      return DropViews(statement_.As<ast::DropViewStatement>());
    case ast::StatementKind::kDropDatabase:
      return DropDatabase(statement_.As<ast::DropDatabaseStatement>());
    case ast::StatementKind::kCreateTrigger:
    case ast::StatementKind::kCreateRoutine:
    case ast::StatementKind::kDropRoutine:
      // Triggers and stored routines make no table, column, index or view: nothing of them
      // belongs in the catalog, and nothing is left half-applied.
      return false;
    case ast::StatementKind::kUnsupported:
      // The parser has noted it (ParseResult's notes): nothing of it is applied.
      return false;
    default:
      return false;
  }
}

bool CatalogBuilder::CreateDatabase(const ast::CreateDatabaseStatement& s) {
  const std::string name = StoredName(catalog_, s.name.Value());
  if (FindDatabase(catalog_, name) != nullptr) {
    if (!s.if_not_exists) {
      Report(CodeStart(), "CREATE DATABASE " + Quoted(name) + ": database already exists");
    }
    return false;
  }
  std::string charset;
  std::string collation;
  for (const ast::TableOption& o : s.options) {
    std::string option = Phrase(o.name);
    if (option.starts_with("default ")) option.erase(0, 8);
    if (option == "charset" || option == "character set" || option == "char set") charset = o.value;
    if (option == "collate") collation = o.value;
  }
  const std::string server = catalog_.ServerCharset();
  CharsetCollation cc = Resolve(charset, collation, {server, catalog_.DefaultCollation(server)});
  catalog_.databases_.push_back({name, std::move(cc.charset), std::move(cc.collation)});
  return true;
}

bool CatalogBuilder::CreateTable(const ast::CreateTableStatement& s) {
  const TableName name = Resolve(s.table);
  const std::string what = "CREATE TABLE " + name.Display();
  if (const int existing = FindExact(catalog_, name.database, name.name); existing >= 0) {
    if (!s.if_not_exists) {
      Report(CodeStart(), what + ": table already exists");
      // The server's table (SchemaImport applies it from "<db> (server)") is kept.
      if (catalog_.tables_[static_cast<size_t>(existing)].location.file.ends_with(" (server)")) {
        catalog_.issues_.back().note = true;
      }
    }
    return false;
  }
  // Tables and views share one namespace (MySQL error 1050, "Table '…' already exists").
  if (FindExactIn(catalog_, catalog_.views_, name.database, name.name) >= 0) {
    if (!s.if_not_exists) Report(CodeStart(), what + ": a view of that name exists");
    return false;
  }
  Table table;
  if (!s.like.parts.empty()) {
    const TableName like = Resolve(s.like);
    const int source = Find(like);
    if (source < 0) {
      Report(CodeStart(), what + ": LIKE " + like.Display() + ": table is not defined");
      return false;
    }
    // A copy of the columns and indexes; not its foreign keys, nor its statistics (MySQL 8.0
    // manual, "CREATE TABLE ... LIKE Statement").
    table = catalog_.tables_[static_cast<size_t>(source)];
    table.foreign_keys.clear();
    table.rows.reset();
    for (Column& c : table.columns) c.distinct.reset();
    for (Index& index : table.indexes) {
      index.foreign_key = false;
      index.implicit = false;
      for (KeyPart& p : index.parts) p.cardinality.reset();
    }
  } else {
    table.engine = "innodb";
    const CharsetCollation defaults = DatabaseDefaults(name.database);
    table.charset = defaults.charset;
    table.collation = defaults.collation;
    std::string charset;
    std::string collation;
    for (const ast::TableOption& o : s.options) {
      std::string option = Phrase(o.name);
      if (option.starts_with("default ")) option.erase(0, 8);
      if (option == "charset" || option == "character set" || option == "char set")
        charset = o.value;
      if (option == "collate") collation = o.value;
      if (option == "engine" || option == "type")
        table.engine = parser::LowerAscii(Unquote(o.value));
      if (option == "row_format") table.row_format = parser::LowerAscii(Unquote(o.value));
    }
    CharsetCollation cc = Resolve(charset, collation, defaults);
    table.charset = std::move(cc.charset);
    table.collation = std::move(cc.collation);
    table.name = name.name;
    table.database = name.database;
    for (const ast::ColumnDef& def : s.columns) {
      Column column = MakeColumn(def, table);
      if (table.FindColumn(column.name) != nullptr) {
        failures_.push_back({def.span.offset, "duplicate column name " + Quoted(column.name)});
        continue;
      }
      table.columns.push_back(std::move(column));
    }
    // Keys in the order written, inline ones at their column: unnamed keys are named in order.
    size_t c = 0;
    size_t k = 0;
    while (failures_.empty() && (c < s.columns.size() || k < s.indexes.size())) {
      if (k >= s.indexes.size() ||
          (c < s.columns.size() && s.columns[c].span.offset < s.indexes[k].span.offset)) {
        const ast::ColumnDef& def = s.columns[c++];
        if (const Column* column = table.FindColumn(def.name.Value())) {
          AddColumnKeys(table, def, *column);
        }
      } else {
        const ast::IndexDef& def = s.indexes[k++];
        AddIndex(table, def, def.span.offset);
      }
    }
    if (failures_.empty()) FinishForeignKeys(table);
  }
  if (!failures_.empty()) {
    ReportAll(what);
    return false;
  }
  table.database = name.database;
  table.name = name.name;
  table.location = LocationAt(CodeStart());
  catalog_.tables_.push_back(std::move(table));
  return true;
}

bool CatalogBuilder::ApplyOtherAction(Table& table, const ast::AlterAction& action) {
  const std::vector<std::string> w = Words(action.text);
  auto word = [&](size_t i) { return i < w.size() ? parser::LowerAscii(w[i]) : std::string(); };
  // Table options written without `=`: [DEFAULT] CHARACTER SET x, CHARSET x, COLLATE x, ENGINE x.
  size_t i = word(0) == "default" ? 1 : 0;
  std::string option = word(i);
  if ((option == "character" || option == "char") && word(i + 1) == "set") {
    option = "character set";
    ++i;
  }
  size_t value = i + 1;
  if (word(value) == "=") ++value;
  if (IsOneOf(option, {"charset", "character set", "collate", "engine"}) && value < w.size()) {
    SetTableOption(table, option, w[value]);
  }
  return true;  // anything else (ALTER COLUMN … SET DEFAULT, FORCE, …) changes no index
}

bool CatalogBuilder::ApplyAction(Table& table, const ast::AlterAction& a, std::string* rename_db,
                                 std::string* rename_to) {
  const uint32_t offset = a.span.offset;
  switch (a.kind) {
    case ast::AlterKind::kAddColumn: {
      Column column = MakeColumn(a.column, table);
      if (table.FindColumn(column.name) != nullptr) {
        if (a.if_exists) return true;  // ADD COLUMN IF NOT EXISTS
        failures_.push_back({offset, "duplicate column name " + Quoted(column.name)});
        return false;
      }
      const Column copy = column;
      return PlaceColumn(table, std::move(column), a.position, -1, offset) &&
             AddColumnKeys(table, a.column, copy);
    }
    case ast::AlterKind::kModifyColumn:
    case ast::AlterKind::kChangeColumn: {
      const std::string old_name =
          a.kind == ast::AlterKind::kChangeColumn ? a.name.Value() : a.column.name.Value();
      const Column* old = table.FindColumn(old_name);
      if (old == nullptr) {
        if (a.if_exists) return true;
        failures_.push_back({offset, "unknown column " + Quoted(old_name)});
        return false;
      }
      const int at = static_cast<int>(old - table.columns.data());
      Column column = MakeColumn(a.column, table);
      const Column* clash = table.FindColumn(column.name);
      if (clash != nullptr && clash != old) {
        failures_.push_back({offset, "duplicate column name " + Quoted(column.name)});
        return false;
      }
      RenameColumnEverywhere(table, old_name, column.name);
      const Column copy = column;
      if (!PlaceColumn(table, std::move(column), a.position, at, offset)) return false;
      if (const Index* pk = table.PrimaryKey()) {
        for (const KeyPart& p : pk->parts) {
          if (p.expression.empty() && EqualsIgnoreCase(p.column, copy.name)) {
            table.FindColumn(copy.name)->nullable = false;  // primary-key columns are NOT NULL
          }
        }
      }
      return AddColumnKeys(table, a.column, copy);
    }
    case ast::AlterKind::kDropColumn:
      return DropColumn(table, a.name.Value(), a.if_exists, offset);
    case ast::AlterKind::kRenameColumn: {
      const std::string from = a.name.Value();
      const std::string to = a.new_name.Value();
      Column* column = table.FindColumn(from);
      if (column == nullptr && a.if_exists) return true;  // MariaDB: RENAME COLUMN IF EXISTS
      if (column == nullptr) {
        failures_.push_back({offset, "unknown column " + Quoted(from)});
        return false;
      }
      const Column* clash = table.FindColumn(to);
      if (clash != nullptr && clash != column) {
        failures_.push_back({offset, "duplicate column name " + Quoted(to)});
        return false;
      }
      column->name = to;
      RenameColumnEverywhere(table, from, to);
      return true;
    }
    case ast::AlterKind::kAddIndex:
      return AddIndex(table, a.index, offset);
    case ast::AlterKind::kDropIndex: {
      const std::string name = a.name.Value();
      if (EqualsIgnoreCase(name, "PRIMARY") && table.PrimaryKey() == nullptr && !a.if_exists) {
        failures_.push_back({offset, "cannot drop PRIMARY: the table has no primary key"});
        return false;
      }
      return DropIndex(table, name, a.if_exists, offset);
    }
    case ast::AlterKind::kDropPrimaryKey:
      if (table.PrimaryKey() == nullptr) {
        failures_.push_back({offset, "cannot drop PRIMARY: the table has no primary key"});
        return false;
      }
      return DropIndex(table, "PRIMARY", false, offset);
    case ast::AlterKind::kDropForeignKey: {
      const std::string name = a.name.Value();
      auto& fks = table.foreign_keys;
      const auto it = std::find_if(fks.begin(), fks.end(),
                                   [&](auto& fk) { return EqualsIgnoreCase(fk.name, name); });
      if (it == fks.end()) {
        if (a.if_exists) return true;
        failures_.push_back({offset, "cannot drop foreign key " + Quoted(name) + ": no such key"});
        return false;
      }
      fks.erase(it);  // its index stays, as on the server
      return true;
    }
    case ast::AlterKind::kAlterIndex: {
      for (Index& index : table.indexes) {
        if (EqualsIgnoreCase(index.name, a.name.Value())) {
          index.invisible = ast::Hidden(a.visibility);
          return true;
        }
      }
      failures_.push_back({offset, "ALTER INDEX " + Quoted(a.name.Value()) + ": no such index"});
      return false;
    }
    case ast::AlterKind::kDropConstraint: {
      // DROP CONSTRAINT names a CHECK or a FOREIGN KEY (MySQL 8.0.19, MariaDB): a foreign key
      // goes, its index stays; CHECK constraints are not modelled.
      auto& fks = table.foreign_keys;
      std::erase_if(fks, [&](auto& fk) { return EqualsIgnoreCase(fk.name, a.name.Value()); });
      return true;
    }
    case ast::AlterKind::kAlterColumn:  // defaults and column visibility are not modelled
    case ast::AlterKind::kForce:
      return true;
    case ast::AlterKind::kRenameIndex: {
      const std::string from = a.name.Value();
      const std::string to = a.new_name.Value();
      Index* index = nullptr;
      for (Index& i : table.indexes) {
        if (EqualsIgnoreCase(i.name, from)) index = &i;
      }
      if (index == nullptr || index->kind == IndexKind::kPrimary) {
        failures_.push_back({offset, "cannot rename index " + Quoted(from) + ": no such index"});
        return false;
      }
      if (!EqualsIgnoreCase(from, to) && NameTaken(table, to)) {
        failures_.push_back({offset, "duplicate key name " + Quoted(to)});
        return false;
      }
      index->name = to;
      index->implicit = false;
      return true;
    }
    case ast::AlterKind::kRenameTable: {
      // An unqualified new name is in the current database, as any table name; a script that
      // never said USE keeps the table where it is.
      const TableName to = Resolve(a.table);
      *rename_db =
          to.qualified || !catalog_.current_database_.empty() ? to.database : table.database;
      *rename_to = to.name;
      return true;
    }
    case ast::AlterKind::kConvertCharset: {
      const CharsetCollation cc = Resolve(a.charset, a.collation, DatabaseDefaults(table.database));
      table.charset = cc.charset;
      table.collation = cc.collation;
      for (Column& c : table.columns) ConvertColumn(c, cc);
      return true;
    }
    case ast::AlterKind::kOption:
      SetTableOption(table, a.option.name, a.option.value);
      return true;
    case ast::AlterKind::kOther:
      return ApplyOtherAction(table, a);
    case ast::AlterKind::kAddSystemVersioning:
    case ast::AlterKind::kDropSystemVersioning:
    case ast::AlterKind::kAddPeriod:
    case ast::AlterKind::kDropPeriod:
      // MariaDB's versioning columns are invisible and a period adds no index: nothing the
      // advisor's model holds changes.
      return true;
  }
  return true;
}

bool CatalogBuilder::AlterTable(const ast::AlterTableStatement& s) {
  const TableName name = Resolve(s.table);
  const std::string what = "ALTER TABLE " + name.Display();
  const int found = Find(name);
  if (found < 0) {
    Report(CodeStart(), what + ": table is not defined");
    return false;
  }
  Table table = catalog_.tables_[static_cast<size_t>(found)];
  std::string rename_db = table.database;
  std::string rename_to = table.name;
  // The server drops keys before it adds any (ALTER TABLE t DROP PRIMARY KEY, ADD PRIMARY KEY
  // (…) works in either order); everything else applies in the order written.
  auto is_drop = [](const ast::AlterAction& a) {
    return a.kind == ast::AlterKind::kDropIndex || a.kind == ast::AlterKind::kDropPrimaryKey ||
           a.kind == ast::AlterKind::kDropForeignKey;
  };
  for (int pass = 0; pass < 2; ++pass) {
    for (const ast::AlterAction& a : s.actions) {
      if (is_drop(a) == (pass == 0)) ApplyAction(table, a, &rename_db, &rename_to);
    }
  }
  FinishForeignKeys(table);
  if (failures_.empty() && (rename_db != table.database || rename_to != table.name)) {
    const int clash = FindExact(catalog_, rename_db, rename_to);
    if (clash >= 0 && clash != found) {
      failures_.push_back({CodeStart(), "RENAME: table " + Quoted(rename_to) + " already exists"});
    }
    table.database = rename_db;
    table.name = rename_to;
  }
  if (!failures_.empty()) {
    ReportAll(what);
    return false;
  }
  catalog_.tables_[static_cast<size_t>(found)] = std::move(table);
  return !s.actions.empty();
}

bool CatalogBuilder::CreateIndex(const ast::CreateIndexStatement& s) {
  const TableName name = Resolve(s.table);
  const std::string what = "CREATE INDEX " + Quoted(s.index.name.Value()) + " ON " + name.Display();
  const int found = Find(name);
  if (found < 0) {
    Report(CodeStart(), what + ": table is not defined");
    return false;
  }
  Table table = catalog_.tables_[static_cast<size_t>(found)];
  // CREATE INDEX's key definition carries no span of its own: the statement's start stands in.
  const uint32_t offset = s.index.span.length > 0 ? s.index.span.offset : CodeStart();
  if (s.if_not_exists && NameTaken(table, s.index.name.Value())) return false;  // a note
  AddIndex(table, s.index, offset);
  if (failures_.empty()) FinishForeignKeys(table);
  if (!failures_.empty()) {
    ReportAll(what);
    return false;
  }
  catalog_.tables_[static_cast<size_t>(found)] = std::move(table);
  return true;
}

// DROP TABLE drops the tables it finds and reports the others, as MariaDB does (MySQL 8.0's
// atomic DDL would drop none; a schema file that relies on the difference is broken anyway).
bool CatalogBuilder::DropTables(const ast::DropTableStatement& s) {
  bool changed = false;
  for (const ast::Name& n : s.tables) {
    const TableName name = Resolve(n);
    const int found = Find(name);
    if (found < 0) {
      if (!s.if_exists) {
        const uint32_t offset = n.parts.empty() ? CodeStart() : n.parts.front().offset;
        Report(offset, "DROP TABLE " + name.Display() + ": table is not defined");
      }
      continue;
    }
    catalog_.tables_.erase(catalog_.tables_.begin() + found);
    changed = true;
  }
  return changed;
}

bool CatalogBuilder::DropIndexStatement(const ast::DropIndexStatement& s) {
  const TableName name = Resolve(s.table);
  const std::string index = s.index.Value();
  const std::string what = "DROP INDEX " + Quoted(index) + " ON " + name.Display();
  const int found = Find(name);
  if (found < 0) {
    Report(CodeStart(), what + ": table is not defined");
    return false;
  }
  Table table = catalog_.tables_[static_cast<size_t>(found)];
  DropIndex(table, EqualsIgnoreCase(index, "PRIMARY") ? "PRIMARY" : index, s.if_exists,
            s.index.offset);
  if (failures_.empty()) FinishForeignKeys(table);
  if (!failures_.empty()) {
    ReportAll(what);
    return false;
  }
  catalog_.tables_[static_cast<size_t>(found)] = std::move(table);
  return true;
}

// Two statements the parser leaves unmodelled but a schema's history relies on:
//   DROP {DATABASE | SCHEMA} [IF EXISTS] name
//   RENAME TABLE a TO b {, c TO d}   (pt-online-schema-change and gh-ost swap tables so)
// RENAME TABLE a TO b, c TO d: every pair in turn, as the server does (a TO tmp, b TO a, tmp TO
// b swaps a and b); all or nothing.
bool CatalogBuilder::RenameTables(const ast::RenameTableStatement& s) {
  std::vector<std::pair<TableName, TableName>> pairs;
  for (const ast::RenamePair& p : s.pairs) pairs.emplace_back(Resolve(p.from), Resolve(p.to));
  // RENAME TABLE renames views too (MySQL 8.0 manual, "RENAME TABLE Statement").
  const std::vector<Table> before = catalog_.tables_;
  const std::vector<View> views_before = catalog_.views_;
  for (const auto& pair : pairs) {
    // Not a structured binding: clang 14 (the fuzz build) cannot capture one in a lambda.
    const auto& from = pair.first;
    const auto& to = pair.second;
    const int found = Find(from);
    const int view = found >= 0 ? -1 : FindViewFor(from);
    if (found < 0 && view < 0 && s.if_exists) continue;  // MariaDB: skipped
    if (found < 0 && view < 0) {
      failures_.push_back({CodeStart(), from.Display() + ": table is not defined"});
      break;
    }
    if (FindExact(catalog_, to.database, to.name) >= 0 ||
        FindExactIn(catalog_, catalog_.views_, to.database, to.name) >= 0) {
      failures_.push_back({CodeStart(), to.Display() + ": table already exists"});
      break;
    }
    auto rename = [&](auto& object) {
      if (to.qualified || !catalog_.current_database_.empty()) object.database = to.database;
      object.name = to.name;
    };
    if (found >= 0) {
      rename(catalog_.tables_[static_cast<size_t>(found)]);
    } else {
      rename(catalog_.views_[static_cast<size_t>(view)]);
    }
  }
  if (!failures_.empty()) {
    catalog_.tables_ = before;
    catalog_.views_ = views_before;
    ReportAll("RENAME TABLE");
    return false;
  }
  return !pairs.empty();
}

// DROP DATABASE drops its tables and views with it ("DROP DATABASE Statement").
bool CatalogBuilder::DropDatabase(const ast::DropDatabaseStatement& s) {
  const std::string db = StoredName(catalog_, s.name.Value());
  const size_t before =
      catalog_.tables_.size() + catalog_.views_.size() + catalog_.databases_.size();
  std::erase_if(catalog_.tables_,
                [&](const Table& t) { return SameTableName(catalog_, t.database, db); });
  std::erase_if(catalog_.views_,
                [&](const View& v) { return SameTableName(catalog_, v.database, db); });
  std::erase_if(catalog_.databases_,
                [&](const Catalog::Database& d) { return SameTableName(catalog_, d.name, db); });
  if (SameTableName(catalog_, catalog_.current_database_, db)) catalog_.current_database_.clear();
  return before != catalog_.tables_.size() + catalog_.views_.size() + catalog_.databases_.size();
}

// --- CatalogBuilder: views -----------------------------------------------------------------------

// CREATE [OR REPLACE] VIEW, ALTER VIEW (MySQL 8.0 Reference Manual, "CREATE VIEW Statement",
// "ALTER VIEW Statement"; IF NOT EXISTS is MariaDB's). The parser has read the header,
// mysqldump's version-commented form included, and the query.
bool CatalogBuilder::DefineView(const ast::ViewStatement& s) {
  const bool alter = s.kind == ast::StatementKind::kAlterView;
  const char* const verb = alter ? "ALTER VIEW" : "CREATE VIEW";
  const TableName name = Resolve(s.name);
  const std::string what = std::string(verb) + " " + name.Display();
  View view;
  view.database = name.database;
  view.name = name.name;
  view.location = LocationAt(CodeStart());
  for (const ast::Ident& column : s.columns) view.columns.push_back(column.Value());
  if (s.query != nullptr && s.query->span.end() <= script_.size()) {
    view.query = std::string(script_.substr(s.query->span.offset, s.query->span.length));
    if (s.columns.empty()) view.columns = QueryColumns(*s.query, {});
  }

  const int table = FindExact(catalog_, name.database, name.name);
  int existing = FindExactIn(catalog_, catalog_.views_, name.database, name.name);
  if (alter) {
    // ALTER VIEW names the view as any statement names a table: the only one of that name will
    // do when the script never said USE.
    existing = FindViewFor(name);
    if (existing < 0) {
      Report(CodeStart(), what + ": view is not defined");
      return false;
    }
    View& slot = catalog_.views_[static_cast<size_t>(existing)];
    view.database = slot.database;
    view.name = slot.name;
    slot = std::move(view);
    return true;
  }
  if (table >= 0) {
    // MySQL error 1050: a table of that name exists, OR REPLACE or not.
    if (!s.if_not_exists) Report(CodeStart(), what + ": a table of that name exists");
    return false;
  }
  if (existing >= 0) {
    if (!s.or_replace) {
      if (!s.if_not_exists) Report(CodeStart(), what + ": view already exists");
      return false;
    }
    catalog_.views_[static_cast<size_t>(existing)] = std::move(view);
    return true;
  }
  catalog_.views_.push_back(std::move(view));
  return true;
}

// DROP VIEW drops the views it finds and reports the others, as MariaDB does and as DROP TABLE
// here does (MySQL 8.0 drops none when one is missing). A table named in it stays: MySQL error
// 1347, "'db.t' is not VIEW".
bool CatalogBuilder::DropViews(const ast::DropViewStatement& s) {
  bool changed = false;
  for (const ast::Name& written : s.views) {
    const uint32_t offset = written.parts.front().offset;
    const TableName name = Resolve(written);
    const int found = FindViewFor(name);
    if (found >= 0) {
      catalog_.views_.erase(catalog_.views_.begin() + found);
      changed = true;
    } else if (Find(name) >= 0) {
      Report(offset, "DROP VIEW " + name.Display() + ": a table, not a view");
    } else if (!s.if_exists) {
      Report(offset, "DROP VIEW " + name.Display() + ": view is not defined");
    }
  }
  return changed;
}

// How MySQL names the columns of a view without a column list: by the select list of its
// (first) SELECT — the alias, else the column's name, else the expression's text — with `*`
// and `t.*` standing for the columns of the FROM items (MySQL 8.0 manual, "CREATE VIEW
// Statement": "the view's column names are taken from the SELECT statement").
std::vector<std::string> CatalogBuilder::QueryColumns(const ast::Query& query,
                                                      std::span<const ast::Cte> outer_ctes) const {
  const std::span<const ast::Cte> ctes = query.with.empty() ? outer_ctes : query.with;
  const ast::QueryTerm* term = query.term;
  while (term != nullptr && term->select == nullptr) {
    if (term->set_op != nullptr) {
      term = term->set_op->left;  // a set operation's columns are named by its first part
    } else if (term->parens != nullptr) {
      return QueryColumns(*term->parens, ctes);
    } else {
      term = nullptr;
    }
  }
  return term == nullptr ? std::vector<std::string>() : SelectColumns(*term->select, ctes);
}

std::vector<std::string> CatalogBuilder::SelectColumns(const ast::Select& select,
                                                       std::span<const ast::Cte> ctes) const {
  std::vector<std::string> out;
  for (const ast::SelectItem& item : select.items) {
    if (!item.alias.empty()) {
      out.push_back(item.alias.Value());
    } else if (!item.string_alias.empty()) {
      out.push_back(Unquote(item.string_alias));
    } else if (item.expr != nullptr && item.expr->kind == ast::ExprKind::kColumn) {
      const ast::Column& c = item.expr->As<ast::Column>();
      if (!c.star) {
        out.push_back(c.name.last().Value());
        continue;
      }
      const std::string qualifier = c.name.parts.empty() ? "" : c.name.last().Value();
      const size_t before = out.size();
      for (const ast::TableRef* ref : select.from) {
        if (ref == nullptr || !FromColumns(*ref, qualifier, ctes, out)) return {};
      }
      if (out.size() == before) return {};  // `x.*` of nothing this SELECT reads
    } else if (item.expr != nullptr) {
      out.push_back(parser::ToSql(*item.expr));
    }
  }
  return out;
}

bool CatalogBuilder::FromColumns(const ast::TableRef& ref, std::string_view qualifier,
                                 std::span<const ast::Cte> ctes,
                                 std::vector<std::string>& out) const {
  auto named = [&](std::string_view name) {
    return qualifier.empty() || EqualsIgnoreCase(name, qualifier);
  };
  switch (ref.kind) {
    case ast::TableRefKind::kTable: {
      const auto& table = ref.As<ast::TableName>();
      const std::string shown =
          table.alias.empty() ? table.name.last().Value() : table.alias.Value();
      if (!named(shown)) return true;
      if (table.name.parts.size() == 1) {
        for (const ast::Cte& cte : ctes) {
          if (!EqualsIgnoreCase(cte.name.Value(), table.name.last().Value())) continue;
          std::vector<std::string> columns;
          for (const ast::Ident& c : cte.columns) columns.push_back(c.Value());
          if (columns.empty() && cte.query != nullptr) columns = QueryColumns(*cte.query, ctes);
          if (columns.empty()) return false;
          out.insert(out.end(), columns.begin(), columns.end());
          return true;
        }
      }
      const std::string db =
          table.name.parts.size() > 1 ? table.name.parts[0].Value() : catalog_.current_database_;
      if (const Table* t = catalog_.FindTable(db, table.name.last().Value())) {
        for (const Column& c : t->columns) out.push_back(c.name);
        return true;
      }
      const View* v = catalog_.FindView(db, table.name.last().Value());
      if (v == nullptr || v->columns.empty()) return false;
      out.insert(out.end(), v->columns.begin(), v->columns.end());
      return true;
    }
    case ast::TableRefKind::kJoin: {
      const auto& join = ref.As<ast::Join>();
      return join.left != nullptr && join.right != nullptr &&
             FromColumns(*join.left, qualifier, ctes, out) &&
             FromColumns(*join.right, qualifier, ctes, out);
    }
    case ast::TableRefKind::kDerived: {
      const auto& derived = ref.As<ast::DerivedTable>();
      if (!named(derived.alias.Value())) return true;
      std::vector<std::string> columns;
      for (const ast::Ident& c : derived.columns) columns.push_back(c.Value());
      if (columns.empty() && derived.query != nullptr) {
        columns = QueryColumns(*derived.query, ctes);
      }
      if (columns.empty()) return false;
      out.insert(out.end(), columns.begin(), columns.end());
      return true;
    }
    case ast::TableRefKind::kParens:
      for (const ast::TableRef* item : ref.As<ast::ParenTables>().items) {
        if (item == nullptr || !FromColumns(*item, qualifier, ctes, out)) return false;
      }
      return true;
    case ast::TableRefKind::kJsonTable: {
      const auto& json = ref.As<ast::JsonTable>();
      if (named(json.alias.Value())) ast::JsonColumnNames(json.columns, out);
      return true;
    }
  }
  return false;
}

// --- statistics ----------------------------------------------------------------------------------

namespace {

using Json = nlohmann::json;

// A count in the stats file: a non-negative number (fractions round), or null for unknown.
bool ReadCount(const Json& v, std::optional<uint64_t>* out) {
  if (v.is_null()) {
    out->reset();
    return true;
  }
  if (v.is_number_unsigned()) {
    *out = v.get<uint64_t>();
    return true;
  }
  if (v.is_number_integer()) {
    const int64_t i = v.get<int64_t>();
    if (i < 0) return false;
    *out = static_cast<uint64_t>(i);
    return true;
  }
  if (v.is_number_float()) {
    const double d = v.get<double>();
    if (!(d >= 0) || d > 1.8e19) return false;
    *out = static_cast<uint64_t>(std::llround(d));
    return true;
  }
  return false;
}

struct PendingStats {
  size_t table = 0;  // index into Catalog::tables()
  std::optional<uint64_t> rows;
  bool has_rows = false;
  std::optional<uint64_t> bytes;  // data_length + index_length
  bool has_bytes = false;
  std::vector<std::pair<size_t, std::optional<uint64_t>>> columns;
  std::vector<std::pair<size_t, std::vector<std::optional<uint64_t>>>> indexes;
};

}  // namespace

Result<std::vector<CatalogIssue>> LoadStats(Catalog& catalog, std::string_view json_text,
                                            std::string_view file) {
  const std::string where(file.empty() ? "stats" : file);
  Json doc;
  try {
    doc = Json::parse(json_text.begin(), json_text.end());
  } catch (const Json::parse_error& e) {
    return ParseError(where + ": not valid JSON (byte " + std::to_string(e.byte) +
                      "): " + e.what());
  }
  auto bad = [&](const std::string& path, const std::string& expected) {
    return ParseError(where + ": " + path + ": expected " + expected);
  };
  if (!doc.is_object()) return bad("the top level", "an object with a \"tables\" array");
  const auto tables_it = doc.find("tables");
  if (tables_it == doc.end() || !tables_it->is_array()) return bad("\"tables\"", "an array");

  // Everything is checked first, so a file with a mistake changes nothing.
  std::vector<CatalogIssue> issues;
  auto issue = [&](std::string message) {
    issues.push_back({SourceLocation{where, 0, 0}, std::move(message)});
  };
  std::vector<PendingStats> pending;
  for (size_t n = 0; n < tables_it->size(); ++n) {
    const Json& entry = (*tables_it)[n];
    const std::string path = "tables[" + std::to_string(n) + "]";
    if (!entry.is_object()) return bad(path, "an object");
    const auto table_it = entry.find("table");
    if (table_it == entry.end() || !table_it->is_string()) {
      return bad(path + ".table", "a table name (string)");
    }
    std::string database;
    if (const auto db_it = entry.find("database"); db_it != entry.end() && !db_it->is_null()) {
      if (!db_it->is_string()) return bad(path + ".database", "a database name (string)");
      database = db_it->get<std::string>();
    }
    const std::string table_name = table_it->get<std::string>();
    const Table* table = catalog.FindTable(database, table_name);
    const std::string shown = database.empty() ? table_name : database + "." + table_name;

    PendingStats p;
    if (const auto rows_it = entry.find("rows"); rows_it != entry.end()) {
      if (!ReadCount(*rows_it, &p.rows)) return bad(path + ".rows", "a non-negative number");
      p.has_rows = true;
    }
    for (const char* field : {"data_length", "index_length"}) {
      const auto it = entry.find(field);
      if (it == entry.end()) continue;
      std::optional<uint64_t> bytes;
      if (!ReadCount(*it, &bytes)) return bad(path + "." + field, "a non-negative number of bytes");
      if (bytes) p.bytes = p.bytes.value_or(0) + *bytes;
      p.has_bytes = true;
    }
    const auto columns_it = entry.find("columns");
    if (columns_it != entry.end() && !columns_it->is_object()) {
      return bad(path + ".columns", "an object of column: distinct values");
    }
    const auto indexes_it = entry.find("indexes");
    if (indexes_it != entry.end() && !indexes_it->is_object()) {
      return bad(path + ".indexes", "an object of index: [cardinality, …]");
    }
    if (columns_it != entry.end()) {
      for (const auto& [column, value] : columns_it->items()) {
        std::optional<uint64_t> distinct;
        if (!ReadCount(value, &distinct)) {
          return bad(path + ".columns." + column, "a non-negative number");
        }
        const Column* c = table != nullptr ? table->FindColumn(column) : nullptr;
        if (table != nullptr && c == nullptr) {
          issue(path + ": table " + shown + " has no column " + Quoted(column));
          continue;
        }
        if (c != nullptr) p.columns.emplace_back(c - table->columns.data(), distinct);
      }
    }
    if (indexes_it != entry.end()) {
      for (const auto& [index, value] : indexes_it->items()) {
        if (!value.is_array()) return bad(path + ".indexes." + index, "an array of numbers");
        std::vector<std::optional<uint64_t>> cardinality(value.size());
        for (size_t i = 0; i < value.size(); ++i) {
          if (!ReadCount(value[i], &cardinality[i])) {
            return bad(path + ".indexes." + index + "[" + std::to_string(i) + "]",
                       "a non-negative number");
          }
        }
        const Index* found = table != nullptr ? table->FindIndex(index) : nullptr;
        if (table != nullptr && found == nullptr) {
          issue(path + ": table " + shown + " has no index " + Quoted(index));
          continue;
        }
        if (found == nullptr) continue;
        if (cardinality.size() > found->parts.size()) {
          issue(path + ": index " + Quoted(index) + " of " + shown + " has " +
                std::to_string(found->parts.size()) +
                (found->parts.size() == 1 ? " part, not " : " parts, not ") +
                std::to_string(cardinality.size()));
          cardinality.resize(found->parts.size());
        }
        p.indexes.emplace_back(found - table->indexes.data(), std::move(cardinality));
      }
    }
    if (table == nullptr) {
      issue(path + ": table " + shown + " is not defined");
      continue;
    }
    p.table = static_cast<size_t>(table - catalog.tables().data());
    pending.push_back(std::move(p));
  }

  for (PendingStats& p : pending) {
    Table& table = catalog.tables()[p.table];
    if (p.has_rows) table.rows = p.rows;
    if (p.has_bytes) table.bytes = p.bytes;
    for (auto& [column, distinct] : p.columns) table.columns[column].distinct = distinct;
    for (auto& [index, cardinality] : p.indexes) {
      std::vector<KeyPart>& parts = table.indexes[index].parts;
      for (size_t i = 0; i < cardinality.size(); ++i) parts[i].cardinality = cardinality[i];
    }
  }
  return issues;
}

std::string QuoteIdentifier(std::string_view name) {
  std::string out = "`";
  for (char c : name) {
    out += c;
    if (c == '`') out += '`';
  }
  return out + "`";
}

std::string QuoteTableName(const Table& table) {
  return table.database.empty()
             ? QuoteIdentifier(table.name)
             : QuoteIdentifier(table.database) + "." + QuoteIdentifier(table.name);
}

}  // namespace qadvisor::analyzer
