#include "analyzer/catalog.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "analyzer/advisor.h"
#include "analyzer/query_model.h"

namespace qadvisor::analyzer {
namespace {

// Parses `sql` (which must parse cleanly) and applies it to `catalog`; returns the change count.
size_t ApplySql(Catalog& catalog, std::string_view sql, std::string_view file = "schema.sql") {
  const parser::ParseResult parsed = parser::Parse(sql);
  for (const parser::Diagnostic& d : parsed.diagnostics()) {
    if (d.severity == parser::Severity::kError) FAIL(d.ToString());
  }
  return catalog.Apply(parsed, file);
}

Catalog Load(std::string_view sql, CatalogOptions options = {}) {
  Catalog catalog(options);
  ApplySql(catalog, sql);
  return catalog;
}

const Table& Get(const Catalog& catalog, std::string_view database, std::string_view name) {
  const Table* t = catalog.FindTable(database, name);
  if (t == nullptr) FAIL("no table " << database << "." << name);
  return *t;
}

const Column& Col(const Table& table, std::string_view name) {
  const Column* c = table.FindColumn(name);
  if (c == nullptr) FAIL("no column " << name << " in " << table.QualifiedName());
  return *c;
}

const Index& Idx(const Table& table, std::string_view name) {
  const Index* i = table.FindIndex(name);
  if (i == nullptr) FAIL("no index " << name << " in " << table.QualifiedName());
  return *i;
}

std::vector<std::string> IndexNames(const Table& table) {
  std::vector<std::string> names;
  for (const Index& i : table.indexes) names.push_back(i.name);
  return names;
}

std::string Parts(std::vector<KeyPart> parts) {
  Index index;
  index.parts = std::move(parts);
  return index.DescribeParts();
}

std::vector<std::string> ColumnNames(const Table& table) {
  std::vector<std::string> names;
  for (const Column& c : table.columns) names.push_back(c.name);
  return names;
}

std::vector<std::string> Messages(const Catalog& catalog) {
  std::vector<std::string> out;
  for (const CatalogIssue& i : catalog.issues()) out.push_back(i.message);
  return out;
}

std::string ReadCorpus(const std::string& relative) {
  std::ifstream in(std::string(QADVISOR_CORPUS_DIR) + "/" + relative, std::ios::binary);
  if (!in) FAIL("cannot read corpus file " << relative);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// --- types ---------------------------------------------------------------------------------------

TEST_CASE("column types reduce to families with length, scale, unsigned and nullability") {
  const Catalog c = Load(R"sql(
CREATE TABLE t (
  a TINYINT(1) NOT NULL, b INT(11) UNSIGNED ZEROFILL, c BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
  d DECIMAL(12,3), e NUMERIC, f DOUBLE PRECISION, g FLOAT(7,4), h REAL, i BIT(12),
  j VARCHAR(64) NOT NULL, k CHAR, l TEXT, m NATIONAL VARCHAR(10), n LONG VARCHAR,
  o VARBINARY(16), p BLOB, q LONG VARBINARY, r DATETIME(6), s YEAR, u JSON,
  v ENUM('a','b','c'), w SET('x','y'), x POINT NOT NULL, y INET6, z BOOL, aa MIDDLEINT,
  ab INT8, ac DEC(5,2), ad FIXED(4,1), ae FLOAT8, af CHARACTER VARYING(5), ag NCHAR(3),
  ah GEOMCOLLECTION, ai TIMESTAMP NULL, aj LONGTEXT, ak MEDIUMBLOB,
  gen INT AS (a + 1) VIRTUAL, KEY (c)
))sql");
  const Table& t = Get(c, "", "t");
  REQUIRE(t.columns.size() == 37);
  struct Expect {
    const char* name;
    const char* type;
    TypeFamily family;
    uint32_t length;
  };
  const Expect expected[] = {
      {"a", "tinyint", TypeFamily::kInteger, 1},
      {"b", "int", TypeFamily::kInteger, 11},
      {"d", "decimal", TypeFamily::kDecimal, 12},
      {"e", "decimal", TypeFamily::kDecimal, 10},  // DECIMAL's default precision
      {"f", "double", TypeFamily::kFloat, 0},
      {"g", "float", TypeFamily::kFloat, 7},
      {"h", "double", TypeFamily::kFloat, 0},  // REAL is DOUBLE
      {"i", "bit", TypeFamily::kBit, 12},
      {"j", "varchar", TypeFamily::kString, 64},
      {"k", "char", TypeFamily::kString, 1},  // CHAR means CHAR(1)
      {"l", "text", TypeFamily::kString, 0},
      {"m", "varchar", TypeFamily::kString, 10},
      {"n", "mediumtext", TypeFamily::kString, 0},
      {"o", "varbinary", TypeFamily::kBinary, 16},
      {"p", "blob", TypeFamily::kBinary, 0},
      {"q", "mediumblob", TypeFamily::kBinary, 0},
      {"r", "datetime", TypeFamily::kTemporal, 6},
      {"s", "year", TypeFamily::kTemporal, 0},
      {"u", "json", TypeFamily::kJson, 0},
      {"v", "enum", TypeFamily::kEnumSet, 3},  // members
      {"w", "set", TypeFamily::kEnumSet, 2},
      {"x", "point", TypeFamily::kSpatial, 0},
      {"y", "inet6", TypeFamily::kOther, 0},
      {"z", "tinyint", TypeFamily::kInteger, 1},  // BOOL is TINYINT(1)
      {"aa", "mediumint", TypeFamily::kInteger, 0},
      {"ab", "bigint", TypeFamily::kInteger, 0},
      {"ac", "decimal", TypeFamily::kDecimal, 5},
      {"ad", "decimal", TypeFamily::kDecimal, 4},
      {"ae", "double", TypeFamily::kFloat, 0},
      {"af", "varchar", TypeFamily::kString, 5},
      {"ag", "char", TypeFamily::kString, 3},
      {"ah", "geomcollection", TypeFamily::kSpatial, 0},
      {"ai", "timestamp", TypeFamily::kTemporal, 0},
      {"aj", "longtext", TypeFamily::kString, 0},
      {"ak", "mediumblob", TypeFamily::kBinary, 0},
  };
  for (const Expect& e : expected) {
    INFO(e.name);
    const Column& col = Col(t, e.name);
    CHECK(col.type == e.type);
    CHECK(col.family == e.family);
    CHECK(col.length == e.length);
  }
  CHECK(Col(t, "d").scale == 3);
  CHECK(Col(t, "g").scale == 4);
  CHECK(Col(t, "ac").scale == 2);
  CHECK_FALSE(Col(t, "a").nullable);
  CHECK(Col(t, "b").nullable);
  CHECK(Col(t, "b").is_unsigned);  // ZEROFILL implies UNSIGNED
  CHECK(Col(t, "c").is_unsigned);
  CHECK(Col(t, "c").auto_increment);
  CHECK_FALSE(Col(t, "a").auto_increment);
  CHECK_FALSE(Col(t, "x").nullable);
  CHECK(Col(t, "ai").nullable);
  CHECK(Col(t, "gen").generated == "a + 1");
  CHECK(Col(t, "a").generated.empty());
  // Character families get a charset; the others none.
  CHECK(Col(t, "j").charset == "utf8mb4");
  CHECK(Col(t, "v").collation == "utf8mb4_0900_ai_ci");
  CHECK(Col(t, "o").charset.empty());
  CHECK(Col(t, "u").charset.empty());
  CHECK(Col(t, "m").charset == "utf8mb3");  // NATIONAL
  CHECK(Col(t, "ag").collation == "utf8mb3_general_ci");
}

// sql_yacc.yy's type synonyms are the types SHOW CREATE TABLE names: LONG is MEDIUMTEXT, NCHAR
// VARYING a utf8mb3 VARCHAR, INT1..INT8 the integer types, and so on.
TEST_CASE("type synonyms map to the types the server stores") {
  const Catalog c = Load(R"sql(
CREATE TABLE s (
  a LONG VARCHAR, b LONG VARBINARY, c LONG, d NCHAR VARYING(10), e NATIONAL CHARACTER VARYING(12),
  f CHAR VARYING(8), g NATIONAL VARCHAR(6), h NVARCHAR(5), i INT1, j INT2, k INT3, l INT4,
  m FLOAT4, n BOOL, o LONG CHAR VARYING, p NATIONAL CHAR VARYING(4), q NCHAR VARCHAR(3),
  r NATIONAL CHAR(2), s INTEGER, u BOOLEAN, v TINYINT(1)
) DEFAULT CHARSET=latin1)sql");
  const Table& t = Get(c, "", "s");
  struct Expect {
    const char* name;
    const char* type;
    uint32_t length;
    const char* charset;  // "" for a non-character type
  };
  const Expect expected[] = {
      {"a", "mediumtext", 0, "latin1"},
      {"b", "mediumblob", 0, ""},
      {"c", "mediumtext", 0, "latin1"},
      {"d", "varchar", 10, "utf8mb3"},
      {"e", "varchar", 12, "utf8mb3"},
      {"f", "varchar", 8, "latin1"},
      {"g", "varchar", 6, "utf8mb3"},
      {"h", "varchar", 5, "utf8mb3"},
      {"i", "tinyint", 0, ""},
      {"j", "smallint", 0, ""},
      {"k", "mediumint", 0, ""},
      {"l", "int", 0, ""},
      {"m", "float", 0, ""},
      {"n", "tinyint", 1, ""},
      {"o", "mediumtext", 0, "latin1"},
      {"p", "varchar", 4, "utf8mb3"},
      {"q", "varchar", 3, "utf8mb3"},
      {"r", "char", 2, "utf8mb3"},
      {"s", "int", 0, ""},
      {"u", "tinyint", 1, ""},
      {"v", "tinyint", 1, ""},
  };
  for (const Expect& e : expected) {
    INFO(e.name);
    const Column& col = Col(t, e.name);
    CHECK(col.type == e.type);
    CHECK(col.length == e.length);
    CHECK(col.charset == e.charset);
  }
  CHECK(Col(t, "b").family == TypeFamily::kBinary);
  CHECK(Col(t, "d").collation == "utf8mb3_general_ci");
}

TEST_CASE("family helpers") {
  CHECK(FamilyName(TypeFamily::kInteger) == "integer");
  CHECK(FamilyName(TypeFamily::kString) == "string");
  CHECK(FamilyName(TypeFamily::kEnumSet) == "enum/set");
  CHECK(FamilyName(TypeFamily::kOther) == "other");
  CHECK(IsNumeric(TypeFamily::kBit));
  CHECK(IsNumeric(TypeFamily::kDecimal));
  CHECK_FALSE(IsNumeric(TypeFamily::kTemporal));
  CHECK(IsCharacter(TypeFamily::kEnumSet));
  CHECK(IsCharacter(TypeFamily::kString));
  CHECK_FALSE(IsCharacter(TypeFamily::kBinary));
  CHECK_FALSE(IsCharacter(TypeFamily::kJson));
}

TEST_CASE("SERIAL is BIGINT UNSIGNED NOT NULL AUTO_INCREMENT UNIQUE") {
  const Catalog c = Load("CREATE TABLE s (id SERIAL, v INT);");
  const Table& t = Get(c, "", "s");
  const Column& id = Col(t, "id");
  CHECK(id.type == "bigint");
  CHECK(id.family == TypeFamily::kInteger);
  CHECK(id.is_unsigned);
  CHECK_FALSE(id.nullable);
  CHECK(id.auto_increment);
  REQUIRE(t.indexes.size() == 1);
  CHECK(t.indexes[0].name == "id");
  CHECK(t.indexes[0].kind == IndexKind::kUnique);
  CHECK(t.indexes[0].DescribeParts() == "(id)");
}

TEST_CASE("MariaDB's JSON, as SHOW CREATE TABLE writes it, is JSON") {
  // LONGTEXT with CHECK (json_valid(column)): what the server reads back for a JSON column.
  const Catalog c = Load(
      "CREATE TABLE p (id INT PRIMARY KEY,"
      " `settings` longtext CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL"
      " CHECK (json_valid(`settings`)),"
      " other longtext CHECK (json_valid(`settings`)),"
      " doc longtext CHECK (JSON_VALID(doc) AND doc <> ''),"
      " t text CHECK (json_valid(t)));");
  const Table& t = Get(c, "", "p");
  CHECK(Col(t, "settings").family == TypeFamily::kJson);
  CHECK(Col(t, "settings").type == "json");
  CHECK(Col(t, "settings").charset.empty());
  // Another column's check, a wider condition, or another type: text as written.
  CHECK(Col(t, "other").family == TypeFamily::kString);
  CHECK(Col(t, "doc").family == TypeFamily::kString);
  CHECK(Col(t, "t").family == TypeFamily::kString);
}

TEST_CASE("Describe prints type, unsigned, collation and NOT NULL") {
  const Catalog c = Load(R"sql(
CREATE TABLE t (
  name VARCHAR(64) COLLATE utf8mb4_general_ci NOT NULL, id INT(10) UNSIGNED NOT NULL,
  price DECIMAL(10,2), at DATETIME(3) NOT NULL, note TEXT, kind ENUM('a','b') NOT NULL,
  raw VARBINARY(8)
))sql");
  const Table& t = Get(c, "", "t");
  CHECK(Col(t, "name").Describe() == "varchar(64) utf8mb4_general_ci NOT NULL");
  CHECK(Col(t, "id").Describe() == "int unsigned NOT NULL");
  CHECK(Col(t, "price").Describe() == "decimal(10,2)");
  CHECK(Col(t, "at").Describe() == "datetime(3) NOT NULL");
  CHECK(Col(t, "note").Describe() == "text utf8mb4_0900_ai_ci");
  CHECK(Col(t, "kind").Describe() == "enum('a','b') utf8mb4_0900_ai_ci NOT NULL");
  CHECK(Col(t, "raw").Describe() == "varbinary(8)");
}

TEST_CASE("a column keeps its DEFAULT, ON UPDATE and COMMENT as SQL, for MODIFY to restate") {
  const Catalog c = Load(R"sql(
CREATE TABLE t (
  state VARCHAR(8) NOT NULL DEFAULT 'new' COMMENT 'it''s the state',
  at TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
  token CHAR(36) DEFAULT (uuid()),
  note TEXT
))sql");
  const Table& t = Get(c, "", "t");
  CHECK(Col(t, "state").default_sql == "'new'");
  CHECK(Col(t, "state").comment == "'it''s the state'");
  CHECK(Col(t, "at").default_sql == "CURRENT_TIMESTAMP(3)");
  CHECK(Col(t, "at").on_update_sql == "CURRENT_TIMESTAMP(3)");
  CHECK(Col(t, "token").default_sql == "(uuid())");
  CHECK(Col(t, "note").default_sql.empty());
  CHECK(Col(t, "note").on_update_sql.empty());
  CHECK(Col(t, "note").comment.empty());
}

TEST_CASE("KeyBytes counts what an index key holds") {
  const Catalog c = Load(R"sql(
CREATE TABLE t (
  t1 TINYINT, t2 SMALLINT, t3 MEDIUMINT, t4 INT, t8 BIGINT, b BOOL,
  d1 DECIMAL(10,2), d2 DECIMAL(18,9), d3 DECIMAL(5), d4 DECIMAL,
  f FLOAT, f2 FLOAT(30), db DOUBLE, bits BIT(10),
  v4 VARCHAR(100) CHARACTER SET utf8mb4, v3 VARCHAR(100) CHARACTER SET utf8,
  vl VARCHAR(100) CHARACTER SET latin1,
  c2 CHAR(10) CHARACTER SET gbk, tx TEXT CHARACTER SET utf8mb4, bl BLOB, vb VARBINARY(20),
  dt DATE, tm TIME(2), dtm DATETIME, dtm6 DATETIME(6), ts TIMESTAMP(3), y YEAR,
  e ENUM('a'), s SET('a','b','c','d','e','f','g','h','i'), j JSON, g GEOMETRY
))sql");
  const Table& t = Get(c, "", "t");
  CHECK(Col(t, "t1").KeyBytes() == 1);
  CHECK(Col(t, "t2").KeyBytes() == 2);
  CHECK(Col(t, "t3").KeyBytes() == 3);
  CHECK(Col(t, "t4").KeyBytes() == 4);
  CHECK(Col(t, "t8").KeyBytes() == 8);
  CHECK(Col(t, "b").KeyBytes() == 1);
  CHECK(Col(t, "d1").KeyBytes() == 5);  // 8 integer digits: 4 bytes; 2 fraction digits: 1
  CHECK(Col(t, "d2").KeyBytes() == 8);  // 9 + 9 digits
  CHECK(Col(t, "d3").KeyBytes() == 3);  // 5 digits
  CHECK(Col(t, "d4").KeyBytes() == 5);  // DECIMAL(10,0)
  CHECK(Col(t, "f").KeyBytes() == 4);
  CHECK(Col(t, "f2").KeyBytes() == 8);  // FLOAT(p > 24) is a DOUBLE
  CHECK(Col(t, "db").KeyBytes() == 8);
  CHECK(Col(t, "bits").KeyBytes() == 2);
  CHECK(Col(t, "v4").KeyBytes() == 400);
  CHECK(Col(t, "v4").KeyBytes(10) == 40);
  CHECK(Col(t, "v4").KeyBytes(500) == 400);  // a prefix longer than the column
  CHECK(Col(t, "v3").KeyBytes() == 300);
  CHECK(Col(t, "vl").KeyBytes() == 100);
  CHECK(Col(t, "c2").KeyBytes() == 20);
  CHECK(Col(t, "tx").KeyBytes() == 0);  // TEXT needs a prefix
  CHECK(Col(t, "tx").KeyBytes(191) == 764);
  CHECK(Col(t, "bl").KeyBytes() == 0);
  CHECK(Col(t, "bl").KeyBytes(255) == 255);
  CHECK(Col(t, "vb").KeyBytes() == 20);
  CHECK(Col(t, "dt").KeyBytes() == 3);
  CHECK(Col(t, "tm").KeyBytes() == 4);
  CHECK(Col(t, "dtm").KeyBytes() == 5);
  CHECK(Col(t, "dtm6").KeyBytes() == 8);
  CHECK(Col(t, "ts").KeyBytes() == 6);
  CHECK(Col(t, "y").KeyBytes() == 1);
  CHECK(Col(t, "e").KeyBytes() == 1);
  CHECK(Col(t, "s").KeyBytes() == 2);  // 9 members: 2 bytes
  CHECK(Col(t, "j").KeyBytes() == 0);
  CHECK(Col(t, "g").KeyBytes() == 0);
}

// --- charsets ------------------------------------------------------------------------------------

TEST_CASE("charset helpers") {
  CHECK(NormalizeCharset("UTF8") == "utf8mb3");
  CHECK(NormalizeCharset("utf8mb3") == "utf8mb3");
  CHECK(NormalizeCharset("utf8MB4") == "utf8mb4");
  CHECK(NormalizeCollation("utf8_general_ci") == "utf8mb3_general_ci");
  CHECK(NormalizeCollation("UTF8_BIN") == "utf8mb3_bin");
  CHECK(NormalizeCollation("utf8mb4_bin") == "utf8mb4_bin");
  CHECK(CharsetOfCollation("latin1_swedish_ci") == "latin1");
  CHECK(CharsetOfCollation("utf8_unicode_ci") == "utf8mb3");
  CHECK(CharsetOfCollation("utf8mb4_0900_ai_ci") == "utf8mb4");
  CHECK(CharsetOfCollation("binary") == "binary");
  CHECK(MaxBytesPerChar("utf8mb4") == 4);
  CHECK(MaxBytesPerChar("utf8") == 3);
  CHECK(MaxBytesPerChar("utf16") == 4);
  CHECK(MaxBytesPerChar("gb18030") == 4);
  CHECK(MaxBytesPerChar("ujis") == 3);
  CHECK(MaxBytesPerChar("sjis") == 2);
  CHECK(MaxBytesPerChar("ucs2") == 2);
  CHECK(MaxBytesPerChar("latin1") == 1);
  CHECK(MaxBytesPerChar("binary") == 1);

  const Catalog mysql({.flavor = Flavor::kMySQL8});
  const Catalog maria({.flavor = Flavor::kMariaDB});
  CHECK(mysql.ServerCharset() == "utf8mb4");
  CHECK(maria.ServerCharset() == "utf8mb4");
  CHECK(mysql.DefaultCollation("utf8mb4") == "utf8mb4_0900_ai_ci");
  CHECK(maria.DefaultCollation("utf8mb4") == "utf8mb4_general_ci");
  CHECK(mysql.DefaultCollation("utf8") == "utf8mb3_general_ci");
  CHECK(maria.DefaultCollation("utf8mb3") == "utf8mb3_general_ci");
  CHECK(mysql.DefaultCollation("latin1") == "latin1_swedish_ci");
  CHECK(mysql.DefaultCollation("ascii") == "ascii_general_ci");
  CHECK(mysql.DefaultCollation("ucs2") == "ucs2_general_ci");
  CHECK(mysql.DefaultCollation("utf32") == "utf32_general_ci");
  CHECK(mysql.DefaultCollation("gbk") == "gbk_chinese_ci");
  CHECK(mysql.DefaultCollation("gb2312") == "gb2312_chinese_ci");
  CHECK(mysql.DefaultCollation("big5") == "big5_chinese_ci");
  CHECK(mysql.DefaultCollation("sjis") == "sjis_japanese_ci");
  CHECK(mysql.DefaultCollation("cp932") == "cp932_japanese_ci");
  CHECK(mysql.DefaultCollation("eucjpms") == "eucjpms_japanese_ci");
  CHECK(mysql.DefaultCollation("euckr") == "euckr_korean_ci");
  CHECK(mysql.DefaultCollation("tis620") == "tis620_thai_ci");
  CHECK(mysql.DefaultCollation("gb18030") == "gb18030_chinese_ci");
  CHECK(mysql.DefaultCollation("latin5") == "latin5_turkish_ci");
  CHECK(mysql.DefaultCollation("hp8") == "hp8_english_ci");
  CHECK(mysql.DefaultCollation("cp1251") == "cp1251_general_ci");
  CHECK(mysql.DefaultCollation("binary") == "binary");
}

constexpr std::string_view kCharsetSchema = R"sql(
CREATE DATABASE plain;
CREATE DATABASE legacy DEFAULT CHARACTER SET latin1;
CREATE DATABASE coll COLLATE utf8mb4_unicode_ci;
USE plain;
CREATE TABLE p (a VARCHAR(10), b VARCHAR(10) CHARACTER SET latin1, c VARCHAR(10) COLLATE utf8_bin,
                d VARCHAR(10) BINARY, e CHAR(3) CHARACTER SET utf8, f TEXT CHARACTER SET utf8mb4,
                g ENUM('x') CHARACTER SET ascii, h VARCHAR(10) CHARSET binary,
                i TEXT CHARACTER SET binary, j CHAR(2) CHARACTER SET binary);
CREATE TABLE q (a VARCHAR(10), b VARCHAR(10) BINARY) DEFAULT CHARSET=utf8;
CREATE TABLE r (a VARCHAR(10)) COLLATE=latin1_german2_ci;
CREATE TABLE legacy.l (a VARCHAR(10), b VARCHAR(10) CHARACTER SET utf8mb4);
CREATE TABLE coll.k (a VARCHAR(10));
CREATE TABLE coll.m (a VARCHAR(10)) CHARSET utf8mb4;
)sql";

TEST_CASE("charsets resolve server > database > table > column on MySQL 8") {
  const Catalog c = Load(kCharsetSchema, {.flavor = Flavor::kMySQL8});
  REQUIRE(c.issues().empty());
  const Table& p = Get(c, "plain", "p");
  CHECK(p.charset == "utf8mb4");
  CHECK(p.collation == "utf8mb4_0900_ai_ci");
  CHECK(Col(p, "a").collation == "utf8mb4_0900_ai_ci");  // the server's default
  CHECK(Col(p, "b").charset == "latin1");
  CHECK(Col(p, "b").collation == "latin1_swedish_ci");
  CHECK(Col(p, "c").charset == "utf8mb3");  // a collation alone names its charset
  CHECK(Col(p, "c").collation == "utf8mb3_bin");
  CHECK(Col(p, "d").charset == "utf8mb4");  // BINARY: the charset's _bin collation
  CHECK(Col(p, "d").collation == "utf8mb4_bin");
  CHECK(Col(p, "e").charset == "utf8mb3");  // utf8 is utf8mb3
  CHECK(Col(p, "e").collation == "utf8mb3_general_ci");
  CHECK(Col(p, "f").collation == "utf8mb4_0900_ai_ci");
  CHECK(Col(p, "g").collation == "ascii_general_ci");
  // CHARACTER SET binary: the binary string types.
  CHECK(Col(p, "h").type == "varbinary");
  CHECK(Col(p, "h").family == TypeFamily::kBinary);
  CHECK(Col(p, "h").charset.empty());
  CHECK(Col(p, "i").type == "blob");
  CHECK(Col(p, "j").type == "binary");
  CHECK(Col(p, "j").length == 2);

  const Table& q = Get(c, "plain", "q");
  CHECK(q.charset == "utf8mb3");
  CHECK(q.collation == "utf8mb3_general_ci");
  CHECK(Col(q, "a").collation == "utf8mb3_general_ci");
  CHECK(Col(q, "b").collation == "utf8mb3_bin");

  const Table& r = Get(c, "plain", "r");
  CHECK(r.charset == "latin1");
  CHECK(Col(r, "a").collation == "latin1_german2_ci");

  const Table& l = Get(c, "legacy", "l");
  CHECK(l.collation == "latin1_swedish_ci");
  CHECK(Col(l, "a").charset == "latin1");
  CHECK(Col(l, "b").collation == "utf8mb4_0900_ai_ci");

  CHECK(Col(Get(c, "coll", "k"), "a").collation == "utf8mb4_unicode_ci");
  // A table charset without a collation takes that charset's default, not the database's.
  CHECK(Col(Get(c, "coll", "m"), "a").collation == "utf8mb4_0900_ai_ci");
}

TEST_CASE("charsets resolve with MariaDB's defaults") {
  const Catalog c = Load(kCharsetSchema, {.flavor = Flavor::kMariaDB});
  REQUIRE(c.issues().empty());
  const Table& p = Get(c, "plain", "p");
  CHECK(p.collation == "utf8mb4_general_ci");
  CHECK(Col(p, "a").collation == "utf8mb4_general_ci");
  CHECK(Col(p, "d").collation == "utf8mb4_bin");
  CHECK(Col(p, "e").collation == "utf8mb3_general_ci");
  CHECK(Col(p, "f").collation == "utf8mb4_general_ci");
  CHECK(Col(Get(c, "legacy", "l"), "b").collation == "utf8mb4_general_ci");
  CHECK(Col(Get(c, "coll", "k"), "a").collation == "utf8mb4_unicode_ci");
  CHECK(Col(Get(c, "coll", "m"), "a").collation == "utf8mb4_general_ci");
}

TEST_CASE("CONVERT TO CHARACTER SET changes the table and every character column") {
  Catalog c = Load(R"sql(
CREATE TABLE t (id INT, a VARCHAR(10) CHARACTER SET latin1, b TEXT CHARACTER SET latin1,
                c TINYTEXT, d ENUM('x') CHARACTER SET ascii, e VARBINARY(4))
  DEFAULT CHARSET=utf8;
ALTER TABLE t CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
)sql");
  REQUIRE(c.issues().empty());
  const Table& t = Get(c, "", "t");
  CHECK(t.charset == "utf8mb4");
  CHECK(t.collation == "utf8mb4_unicode_ci");
  for (const char* name : {"a", "b", "c", "d"}) {
    INFO(name);
    CHECK(Col(t, name).charset == "utf8mb4");
    CHECK(Col(t, name).collation == "utf8mb4_unicode_ci");
  }
  CHECK(Col(t, "a").type == "varchar");
  CHECK(Col(t, "a").length == 10);
  CHECK(Col(t, "b").type == "mediumtext");  // TEXT widens to hold as many characters
  CHECK(Col(t, "c").type == "text");        // TINYTEXT utf8mb3 → TEXT
  CHECK(Col(t, "e").charset.empty());
  CHECK(Col(t, "id").charset.empty());

  // Without COLLATE: the charset's default collation for the flavour.
  ApplySql(c, "ALTER TABLE t CONVERT TO CHARSET latin1;");
  CHECK(Get(c, "", "t").collation == "latin1_swedish_ci");
  CHECK(Col(Get(c, "", "t"), "a").collation == "latin1_swedish_ci");
  CHECK(Col(Get(c, "", "t"), "b").type == "mediumtext");  // never narrowed
}

TEST_CASE("table charset options change only the table default") {
  Catalog c = Load(R"sql(
CREATE TABLE t (a VARCHAR(10)) DEFAULT CHARSET=latin1;
ALTER TABLE t DEFAULT CHARSET=utf8mb4;
ALTER TABLE t ADD COLUMN b VARCHAR(10);
ALTER TABLE t COLLATE = utf8mb4_bin, ADD COLUMN c VARCHAR(5);
ALTER TABLE t CHARACTER SET utf8;
)sql",
                   {.flavor = Flavor::kMariaDB});
  REQUIRE(c.issues().empty());
  const Table& t = Get(c, "", "t");
  CHECK(Col(t, "a").charset == "latin1");
  CHECK(Col(t, "b").collation == "utf8mb4_general_ci");
  CHECK(Col(t, "c").collation == "utf8mb4_bin");
  CHECK(t.charset == "utf8mb3");  // the last ALTER, written without `=`
  CHECK(t.collation == "utf8mb3_general_ci");

  ApplySql(c, "ALTER TABLE t CHARACTER SET = latin1, ENGINE Aria;");
  CHECK(Get(c, "", "t").collation == "latin1_swedish_ci");
  CHECK(Get(c, "", "t").engine == "aria");
  CHECK(Col(Get(c, "", "t"), "b").collation == "utf8mb4_general_ci");
  CHECK(c.issues().empty());
}

// --- CREATE TABLE and indexes --------------------------------------------------------------------

TEST_CASE("indexes: PRIMARY first, kinds, parts, visibility, generated names, locations") {
  const Catalog c = Load(R"sql(CREATE DATABASE shop;
USE shop;
CREATE TABLE orders (
  id INT UNSIGNED NOT NULL AUTO_INCREMENT,
  customer_id INT NOT NULL,
  email VARCHAR(100) UNIQUE,
  note TEXT,
  created_at DATETIME NOT NULL,
  geo POINT NOT NULL,
  KEY (customer_id),
  KEY (customer_id, created_at DESC),
  INDEX idx_note (note(20)) INVISIBLE,
  FULLTEXT KEY ft_note (note),
  SPATIAL INDEX (geo),
  UNIQUE KEY uk (email(10), customer_id),
  KEY fn ((lower(email))),
  KEY full_len (email(100)),
  CONSTRAINT named_uk UNIQUE (created_at),
  KEY ((created_at + 1)),
  KEY ((customer_id)),
  PRIMARY KEY (id)
);)sql");
  REQUIRE(c.issues().empty());
  const Table& t = Get(c, "shop", "orders");
  CHECK(t.QualifiedName() == "shop.orders");
  CHECK(t.engine == "innodb");
  CHECK(IndexNames(t) == std::vector<std::string>{"PRIMARY", "email", "customer_id",
                                                  "customer_id_2", "idx_note", "ft_note", "geo",
                                                  "uk", "fn", "full_len", "named_uk",
                                                  "functional_index", "customer_id_3"});
  const Index& pk = Idx(t, "primary");
  CHECK(pk.kind == IndexKind::kPrimary);
  CHECK(pk.IsUnique());
  CHECK(pk.location.file == "schema.sql");
  CHECK(pk.location.line == 21);
  CHECK(pk.location.column == 3);
  CHECK(Idx(t, "email").kind == IndexKind::kUnique);
  CHECK(Idx(t, "email").location.line == 6);
  CHECK(Idx(t, "email").location.column == 3);
  CHECK(Idx(t, "customer_id").location.line == 10);
  const Index& desc = Idx(t, "customer_id_2");
  CHECK(desc.DescribeParts() == "(customer_id, created_at DESC)");
  CHECK(desc.parts[1].descending);
  CHECK_FALSE(desc.parts[0].descending);
  CHECK(Idx(t, "idx_note").invisible);
  CHECK(Idx(t, "idx_note").parts[0].prefix_length == 20);
  CHECK(Idx(t, "ft_note").kind == IndexKind::kFulltext);
  CHECK_FALSE(Idx(t, "ft_note").IsBtree());
  CHECK(Idx(t, "geo").kind == IndexKind::kSpatial);
  CHECK(Idx(t, "uk").DescribeParts() == "(email(10), customer_id)");
  CHECK(Idx(t, "fn").parts[0].column.empty());
  CHECK(Idx(t, "fn").parts[0].expression == "lower(email)");
  CHECK(Idx(t, "fn").DescribeParts() == "((lower(email)))");
  CHECK(Idx(t, "full_len").parts[0].prefix_length == 0);  // as long as the column: whole
  CHECK(Idx(t, "named_uk").kind == IndexKind::kUnique);
  CHECK(Idx(t, "functional_index").parts[0].expression == "created_at + 1");
  CHECK(Idx(t, "customer_id_3").DescribeParts() == "(customer_id)");  // ((col)) is the column
  CHECK_FALSE(Col(t, "id").nullable);
  CHECK(t.location.line == 3);
  CHECK(t.location.column == 1);
}

TEST_CASE("inline PRIMARY KEY makes the column NOT NULL, unnamed keys skip taken index names") {
  const Catalog c = Load(R"sql(
CREATE TABLE t (a INT NULL PRIMARY KEY, b INT, c INT UNIQUE KEY, b_3 INT,
                UNIQUE (b), KEY b_2 (c), KEY (b), INDEX (b), KEY (c));)sql");
  REQUIRE(c.issues().empty());
  const Table& t = Get(c, "", "t");
  CHECK_FALSE(Col(t, "a").nullable);
  // Only index names count as taken: the column b_3 does not.
  CHECK(IndexNames(t) == std::vector<std::string>{"PRIMARY", "c", "b", "b_2", "b_3", "b_4", "c_2"});
}

TEST_CASE("SERIAL DEFAULT VALUE: NOT NULL AUTO_INCREMENT with a unique key, on any integer") {
  const Catalog c = Load(R"sql(
CREATE TABLE t (id SMALLINT NULL SERIAL DEFAULT VALUE, n INT, s VARCHAR(9) CHAR SET latin1);)sql");
  REQUIRE(c.issues().empty());
  const Table& t = Get(c, "", "t");
  CHECK_FALSE(Col(t, "id").nullable);
  CHECK(Col(t, "id").auto_increment);
  CHECK(Col(t, "id").type == "smallint");  // unlike the SERIAL type, which is BIGINT UNSIGNED
  CHECK(Col(t, "n").nullable);
  CHECK(IndexNames(t) == std::vector<std::string>{"id"});
  CHECK(Idx(t, "id").kind == IndexKind::kUnique);
}

TEST_CASE("FOREIGN KEY: an implicit index when none starts with its columns") {
  Catalog c = Load(R"sql(
CREATE TABLE parent (id INT PRIMARY KEY, code INT, UNIQUE KEY (code));
CREATE TABLE child (
  id INT PRIMARY KEY,
  parent_id INT,
  code INT,
  other INT,
  CONSTRAINT fk_parent FOREIGN KEY (parent_id) REFERENCES parent (id),
  FOREIGN KEY (code) REFERENCES parent (code),
  FOREIGN KEY idx_other_fk (other) REFERENCES parent (id),
  FOREIGN KEY (id) REFERENCES parent (id)
);
)sql");
  REQUIRE(c.issues().empty());
  const Table& child = Get(c, "", "child");
  REQUIRE(child.foreign_keys.size() == 4);
  CHECK(child.foreign_keys[0].name == "fk_parent");
  CHECK(child.foreign_keys[0].columns == std::vector<std::string>{"parent_id"});
  CHECK(child.foreign_keys[0].ref_table == "parent");
  CHECK(child.foreign_keys[0].ref_columns == std::vector<std::string>{"id"});
  CHECK(child.foreign_keys[1].name == "child_ibfk_1");
  CHECK(child.foreign_keys[2].name == "child_ibfk_2");  // FOREIGN KEY idx (…) names no constraint
  CHECK(child.foreign_keys[3].name == "child_ibfk_3");
  // Named after the constraint, the FK's index name, the first column; the primary key already
  // serves FOREIGN KEY (id).
  CHECK(IndexNames(child) ==
        std::vector<std::string>{"PRIMARY", "fk_parent", "code", "idx_other_fk"});
  CHECK(Idx(child, "fk_parent").implicit);
  CHECK(Idx(child, "fk_parent").foreign_key);
  CHECK(Idx(child, "PRIMARY").foreign_key);
  CHECK_FALSE(Idx(child, "PRIMARY").implicit);
  CHECK(Idx(child, "fk_parent").location.line == 8);

  // An index defined later in the same statement serves the FK: no implicit one.
  ApplySql(c, R"sql(
CREATE TABLE c2 (a INT, b INT, FOREIGN KEY (a) REFERENCES parent (id), KEY k_ab (a, b));)sql");
  CHECK(IndexNames(Get(c, "", "c2")) == std::vector<std::string>{"k_ab"});
  CHECK(Idx(Get(c, "", "c2"), "k_ab").foreign_key);

  // A prefix index cannot serve a foreign key.
  ApplySql(c, R"sql(
CREATE TABLE c3 (s VARCHAR(20), KEY ks (s(5)), FOREIGN KEY (s) REFERENCES x (s));)sql");
  CHECK(IndexNames(Get(c, "", "c3")) == std::vector<std::string>{"ks", "s"});

  // Adding an index that serves the FK drops the implicit one; dropping the FK keeps its index.
  ApplySql(c, "ALTER TABLE child ADD INDEX pc (parent_id, code);");
  CHECK(Get(c, "", "child").FindIndex("fk_parent") == nullptr);
  CHECK(Idx(Get(c, "", "child"), "pc").foreign_key);
  ApplySql(c, "ALTER TABLE child DROP FOREIGN KEY child_ibfk_1;");
  CHECK(Get(c, "", "child").foreign_keys.size() == 3);
  CHECK(Get(c, "", "child").FindIndex("code") != nullptr);
  CHECK_FALSE(Idx(Get(c, "", "child"), "code").foreign_key);
  // The index a foreign key needs cannot go.
  ApplySql(c, "ALTER TABLE child DROP INDEX idx_other_fk;");
  CHECK(Get(c, "", "child").FindIndex("idx_other_fk") != nullptr);
  REQUIRE(c.issues().size() == 1);
  CHECK(c.issues()[0].message ==
        "ALTER TABLE `child`: cannot drop the index that foreign key `child_ibfk_2` needs");
  // MyISAM parses FOREIGN KEY and ignores it.
  ApplySql(c, "CREATE TABLE my (a INT, FOREIGN KEY (a) REFERENCES parent (id)) ENGINE=MyISAM;");
  CHECK(Get(c, "", "my").foreign_keys.empty());
  CHECK(Get(c, "", "my").indexes.empty());
  // ALTER TABLE … ADD FOREIGN KEY creates its index too.
  ApplySql(c, "ALTER TABLE c2 ADD CONSTRAINT fk_b FOREIGN KEY (b) REFERENCES parent (id);");
  CHECK(IndexNames(Get(c, "", "c2")) == std::vector<std::string>{"k_ab", "fk_b"});
}

// Each verdict as MariaDB 10.11.19 gave it (error number in the comment), statement by statement
// on a fresh parent/child pair; MySQL 8.0's differences are in
// tests/fixtures/rules/schema-error.sql.
TEST_CASE("MariaDB guards foreign keys: their columns, the parent's index, the parent table") {
  constexpr std::string_view kPair = R"sql(
CREATE TABLE parent (id INT PRIMARY KEY, code VARCHAR(10), KEY (code)) ENGINE=InnoDB;
CREATE TABLE child (id INT PRIMARY KEY, pid INT, pcode VARCHAR(10),
  CONSTRAINT fk FOREIGN KEY (pid) REFERENCES parent (id),
  CONSTRAINT fk2 FOREIGN KEY (pcode) REFERENCES parent (code)) ENGINE=InnoDB;)sql";
  struct Case {
    std::string_view sql;
    std::string_view issue;  // empty: the server runs it
  };
  const Case cases[] = {
      {"ALTER TABLE child MODIFY pid BIGINT;",  // 1832
       "ALTER TABLE `child`: cannot change column `pid` from int to bigint: used in foreign key "
       "`fk` (drop the foreign key, change the columns on both sides, then add it back)"},
      {"ALTER TABLE parent MODIFY id BIGINT;",  // 1833
       "ALTER TABLE `parent`: cannot change column `id` from int to bigint: used in "
       "foreign key `fk` of table `child` (drop the foreign key, change the columns on both "
       "sides, then add it back)"},
      // MariaDB, unlike MySQL, refuses a longer string too, and another collation (1833).
      {"ALTER TABLE parent MODIFY code VARCHAR(20);", "ALTER TABLE `parent`: cannot change column"},
      {"ALTER TABLE child MODIFY pcode VARCHAR(10) COLLATE latin1_bin;",
       "ALTER TABLE `child`: cannot change column"},
      // Whatever foreign_key_checks says (MDEV-31086): 1832.
      {"SET foreign_key_checks = 0; ALTER TABLE child MODIFY pid INT UNSIGNED;",
       "ALTER TABLE `child`: cannot change column"},
      // Its name, NULL-ness, default and comment may change; dropping the key first frees it.
      {"ALTER TABLE child MODIFY pid INT NOT NULL DEFAULT 3 COMMENT 'x';", ""},
      {"ALTER TABLE parent CHANGE code code2 VARCHAR(10);", ""},
      {"ALTER TABLE child DROP FOREIGN KEY fk, MODIFY pid BIGINT;", ""},
      // A referenced column: 1829 (also with foreign_key_checks = 0).
      {"ALTER TABLE parent DROP COLUMN code;",
       "ALTER TABLE `parent`: cannot drop column `code`: needed in foreign key `fk2` of table "
       "`child`"},
      {"SET foreign_key_checks = 0; ALTER TABLE parent DROP COLUMN code;",
       "ALTER TABLE `parent`: cannot drop column `code`"},
      // The parent's index the key needs: 1553, unless the checks are off.
      {"ALTER TABLE parent DROP INDEX code;",
       "ALTER TABLE `parent`: cannot drop the index that foreign key `fk2` of table `child` "
       "needs"},
      {"SET foreign_key_checks = 0; ALTER TABLE parent DROP INDEX code;", ""},
      // The parent table: 1451, unless the checks are off or the child went before it.
      {"DROP TABLE parent;",
       "DROP TABLE `parent`: foreign key `fk` of table `child` references it (drop `child` or its "
       "key first, or SET foreign_key_checks = 0)"},
      {"DROP TABLE parent, child;", "DROP TABLE `parent`: foreign key `fk` of table `child`"},
      {"DROP TABLE child, parent;", ""},
      {"SET foreign_key_checks = 0; DROP TABLE parent;", ""},
      {"SET foreign_key_checks = OFF; SET foreign_key_checks = DEFAULT; DROP TABLE parent;",
       "DROP TABLE `parent`: foreign key"},
      {"SET GLOBAL foreign_key_checks = 0; DROP TABLE parent;", "DROP TABLE `parent`: foreign key"},
  };
  for (const Case& test : cases) {
    INFO(test.sql);
    Catalog c({.flavor = Flavor::kMariaDB});
    ApplySql(c, kPair);
    REQUIRE(c.issues().empty());
    ApplySql(c, test.sql);
    if (test.issue.empty()) {
      CHECK(c.issues().empty());
    } else {
      REQUIRE(c.issues().size() == 1);
      CHECK_THAT(c.issues()[0].message, Catch::StartsWith(std::string(test.issue)));
    }
  }
  // A renamed parent column is renamed in the keys that reference it, as SHOW CREATE TABLE
  // child then shows (REFERENCES `parent` (`code2`)).
  Catalog renamed({.flavor = Flavor::kMariaDB});
  ApplySql(renamed, kPair);
  ApplySql(renamed, "ALTER TABLE parent CHANGE code code2 VARCHAR(10);");
  CHECK(Get(renamed, "", "child").foreign_keys[1].ref_columns == std::vector<std::string>{"code2"});
  // A renamed parent takes the keys along, into another database too.
  ApplySql(renamed, "CREATE DATABASE other; RENAME TABLE parent TO other.p4;");
  CHECK(Get(renamed, "", "child").foreign_keys[0].ref_table == "other.p4");
  ApplySql(renamed, "ALTER TABLE other.p4 RENAME TO other.p5;");
  CHECK(Get(renamed, "", "child").foreign_keys[1].ref_table == "other.p5");
  REQUIRE(renamed.issues().empty());
  ApplySql(renamed, "DROP TABLE other.p5;");
  CHECK(renamed.issues().size() == 1);
  // The checks are per session: a new file starts with them on.
  Catalog c({.flavor = Flavor::kMariaDB});
  ApplySql(c, kPair);
  ApplySql(c, "SET foreign_key_checks = 0;", "a.sql");
  ApplySql(c, "DROP TABLE parent;", "b.sql");
  CHECK(c.issues().size() == 1);
}

TEST_CASE("a whole TEXT column in a key: MariaDB's prefix or hash, MySQL's error 1170") {
  constexpr std::string_view kTable = R"sql(
CREATE TABLE t (id INT PRIMARY KEY, body TEXT CHARACTER SET utf8mb4, note TEXT CHARACTER SET latin1,
  tiny TINYTEXT CHARACTER SET utf8mb4, bin BLOB, doc JSON,
  KEY k_body (body), KEY k_note (note), KEY k_tiny (tiny), KEY k_bin (bin), UNIQUE KEY u_body (body),
  KEY k_prefix (body(10)), KEY k_doc (doc)) ENGINE=InnoDB;
CREATE TABLE m (id INT PRIMARY KEY, note TEXT CHARACTER SET latin1, KEY k_note (note)) ENGINE=MyISAM;)sql";
  Catalog maria({.flavor = Flavor::kMariaDB});
  ApplySql(maria, kTable);
  REQUIRE(maria.issues().empty());
  // As SHOW CREATE TABLE then shows them: the longest prefix of 3072 bytes (1000 for MyISAM),
  // TINYTEXT's 255; a unique key keeps the whole value (USING HASH); a prefix stays.
  const Table& t = Get(maria, "", "t");
  auto prefix = [&](const Table& table, std::string_view index) {
    return table.FindIndex(index)->parts[0].prefix_length;
  };
  CHECK(prefix(t, "k_body") == 768);
  CHECK(prefix(t, "k_note") == 3072);
  CHECK(prefix(t, "k_tiny") == 255);
  CHECK(prefix(t, "k_bin") == 3072);
  CHECK(prefix(t, "u_body") == 0);
  CHECK(t.FindIndex("u_body")->hash);  // no lookup: EXPLAIN says ALL (MariaDB 10.11)
  CHECK_FALSE(t.FindIndex("u_body")->IsBtree());
  CHECK_FALSE(t.FindIndex("k_body")->hash);
  CHECK(prefix(t, "k_prefix") == 10);
  CHECK(prefix(t, "k_doc") == 768);  // JSON is utf8mb4 LONGTEXT on MariaDB, whatever the table's
  CHECK(prefix(Get(maria, "", "m"), "k_note") == 1000);
  // A primary key has no prefix to take, and MySQL supplies none at all.
  ApplySql(maria, "CREATE TABLE p (body TEXT, PRIMARY KEY (body));");
  REQUIRE(maria.issues().size() == 1);
  CHECK(maria.issues()[0].message ==
        "CREATE TABLE `p`: BLOB/TEXT column `body` used in key specification without a key length");
  // A unique key written USING HASH, or longer than the engine's key, is a hash as well; any
  // other key written USING HASH is a B-tree in InnoDB.
  ApplySql(maria,
           R"sql(CREATE TABLE h (id INT PRIMARY KEY, a INT, url VARCHAR(1000) CHARACTER SET utf8mb4,
  UNIQUE KEY ua (a) USING HASH, KEY ka (a) USING HASH, UNIQUE KEY uu (url), UNIQUE KEY up (url(100))) ENGINE=InnoDB;)sql");
  const Table& h = Get(maria, "", "h");
  CHECK(h.FindIndex("ua")->hash);
  CHECK_FALSE(h.FindIndex("ka")->hash);
  CHECK(h.FindIndex("uu")->hash);
  CHECK_FALSE(h.FindIndex("up")->hash);
  Catalog mysql({.flavor = Flavor::kMySQL8});
  ApplySql(mysql, kTable);
  CHECK(mysql.issues().size() == 2);  // each statement fails at its first whole TEXT part
  CHECK(mysql.tables().empty());
}

TEST_CASE("column defaults: SET and DROP DEFAULT are kept, what the type cannot hold is refused") {
  Catalog c({.flavor = Flavor::kMariaDB});
  ApplySql(c, "CREATE TABLE t (id INT PRIMARY KEY, qty INT NOT NULL DEFAULT 0, note VARCHAR(5));");
  ApplySql(c, "ALTER TABLE t ALTER qty SET DEFAULT 7, ALTER COLUMN note SET DEFAULT ('x');");
  REQUIRE(c.issues().empty());
  CHECK(Col(Get(c, "", "t"), "qty").default_sql == "7");
  CHECK(Col(Get(c, "", "t"), "note").default_sql == "('x')");
  ApplySql(c, "ALTER TABLE t ALTER qty DROP DEFAULT;");
  CHECK(Col(Get(c, "", "t"), "qty").default_sql.empty());
  // A refused statement changes nothing: the default stays what it was.
  ApplySql(c, "ALTER TABLE t ALTER note SET DEFAULT 'longer';");
  REQUIRE(c.issues().size() == 1);
  CHECK(c.issues()[0].message ==
        "ALTER TABLE `t`: invalid default value for `note`: varchar cannot hold it");
  CHECK(Col(Get(c, "", "t"), "note").default_sql == "('x')");
}

TEST_CASE("ExtendedKey and IndexHolds with a primary key") {
  const Catalog c = Load(R"sql(
CREATE TABLE t (id INT NOT NULL, region INT NOT NULL, a INT, b VARCHAR(50), c INT,
                PRIMARY KEY (region, id), KEY ka (a), KEY kab (a, id), KEY kb (b(10)),
                FULLTEXT KEY ft (b));
CREATE TABLE m (id INT PRIMARY KEY, a INT, KEY ka (a)) ENGINE=MyISAM;
CREATE TABLE u (code INT NOT NULL, n INT NULL, a INT, UNIQUE KEY un (n), UNIQUE KEY uc (code),
                KEY ka (a));
CREATE TABLE h (a INT, KEY ka (a));
)sql");
  REQUIRE(c.issues().empty());
  const Table& t = Get(c, "", "t");
  const Index& pk = *t.PrimaryKey();
  CHECK(Parts(t.ExtendedKey(pk)) == "(region, id)");
  CHECK(Parts(t.ExtendedKey(Idx(t, "ka"))) == "(a, region, id)");
  CHECK(Parts(t.ExtendedKey(Idx(t, "kab"))) == "(a, id, region)");
  CHECK(Parts(t.ExtendedKey(Idx(t, "kb"))) == "(b(10), region, id)");
  CHECK(t.ExtendedKey(Idx(t, "ft")).size() == 1);
  CHECK(t.IndexHolds(pk, "c"));  // the clustered index is the table
  CHECK(t.IndexHolds(Idx(t, "ka"), "a"));
  CHECK(t.IndexHolds(Idx(t, "ka"), "ID"));
  CHECK(t.IndexHolds(Idx(t, "ka"), "region"));
  CHECK_FALSE(t.IndexHolds(Idx(t, "ka"), "c"));
  CHECK_FALSE(t.IndexHolds(Idx(t, "kb"), "b"));  // a prefix does not hold the column
  CHECK(t.IndexHolds(Idx(t, "kb"), "id"));
  CHECK_FALSE(t.IndexHolds(Idx(t, "ft"), "b"));
  CHECK_FALSE(t.IndexHolds(pk, "nope"));

  // MyISAM indexes point at rows: no primary-key columns in them.
  const Table& m = Get(c, "", "m");
  CHECK(m.engine == "myisam");
  CHECK(m.ExtendedKey(Idx(m, "ka")).size() == 1);
  CHECK_FALSE(m.IndexHolds(Idx(m, "ka"), "id"));
  CHECK_FALSE(m.IndexHolds(Idx(m, "PRIMARY"), "a"));
  CHECK(m.IndexHolds(Idx(m, "PRIMARY"), "id"));

  // Without a primary key InnoDB clusters on the first UNIQUE NOT NULL index.
  const Table& u = Get(c, "", "u");
  CHECK(u.PrimaryKey() == nullptr);
  CHECK(Parts(u.ExtendedKey(Idx(u, "ka"))) == "(a, code)");
  CHECK(u.IndexHolds(Idx(u, "uc"), "a"));
  CHECK_FALSE(u.IndexHolds(Idx(u, "un"), "a"));
  // Neither: a hidden row id.
  const Table& h = Get(c, "", "h");
  CHECK(h.ExtendedKey(Idx(h, "ka")).size() == 1);
}

TEST_CASE("CREATE TABLE LIKE, AS SELECT, IF NOT EXISTS, TEMPORARY") {
  Catalog c = Load(R"sql(
CREATE TABLE src (id INT PRIMARY KEY, p INT, name VARCHAR(10), KEY kn (name),
                  CONSTRAINT fk FOREIGN KEY (p) REFERENCES src (id)) ENGINE=InnoDB CHARSET=latin1;
CREATE TABLE copy LIKE src;
CREATE TABLE copy2 (LIKE src);
CREATE TABLE sel (extra INT NOT NULL, KEY (extra)) AS SELECT id, name FROM src;
CREATE TABLE sel2 SELECT 1 AS one;
CREATE TABLE IF NOT EXISTS src (x INT);
CREATE TEMPORARY TABLE tmp (a INT, KEY (a));
)sql");
  REQUIRE(c.issues().empty());
  CHECK(c.tables().size() == 6);
  const Table& copy = Get(c, "", "copy");
  CHECK(ColumnNames(copy) == std::vector<std::string>{"id", "p", "name"});
  CHECK(IndexNames(copy) == std::vector<std::string>{"PRIMARY", "kn", "fk"});
  CHECK(copy.foreign_keys.empty());  // LIKE does not copy foreign keys
  CHECK_FALSE(Idx(copy, "fk").foreign_key);
  CHECK(copy.charset == "latin1");
  CHECK(copy.location.line == 4);
  CHECK(Get(c, "", "copy2").columns.size() == 3);
  CHECK(ColumnNames(Get(c, "", "sel")) == std::vector<std::string>{"extra"});
  CHECK(IndexNames(Get(c, "", "sel")) == std::vector<std::string>{"extra"});
  CHECK(Get(c, "", "sel2").columns.empty());
  CHECK(ColumnNames(Get(c, "", "src")) == std::vector<std::string>{"id", "p", "name"});
  CHECK(IndexNames(Get(c, "", "tmp")) == std::vector<std::string>{"a"});
}

// --- ALTER TABLE ---------------------------------------------------------------------------------

TEST_CASE("ALTER TABLE column actions") {
  Catalog c = Load(R"sql(
CREATE TABLE t (id INT NOT NULL, a INT, b VARCHAR(10), c INT, PRIMARY KEY (id),
                KEY kab (a, b), KEY kc (c), KEY kbc (b, c));
ALTER TABLE t ADD COLUMN z INT FIRST, ADD y DATE AFTER a, ADD COLUMN w INT;
ALTER TABLE t DROP COLUMN c;
ALTER TABLE t MODIFY b VARCHAR(20) CHARACTER SET latin1 NOT NULL AFTER id;
ALTER TABLE t CHANGE COLUMN a a2 BIGINT UNSIGNED;
ALTER TABLE t RENAME COLUMN w TO w2, ADD UNIQUE (w2);
ALTER TABLE t MODIFY COLUMN id BIGINT NULL;
ALTER TABLE t ADD COLUMN IF NOT EXISTS y INT, DROP COLUMN IF EXISTS nope;
)sql");
  REQUIRE(Messages(c).empty());
  const Table& t = Get(c, "", "t");
  CHECK(ColumnNames(t) == std::vector<std::string>{"z", "id", "b", "a2", "y", "w2"});
  CHECK(Col(t, "b").Describe() == "varchar(20) latin1_swedish_ci NOT NULL");
  CHECK(Col(t, "a2").Describe() == "bigint unsigned");
  CHECK(Col(t, "y").type == "date");   // IF NOT EXISTS kept the first y
  CHECK_FALSE(Col(t, "id").nullable);  // still in the primary key
  CHECK(Col(t, "id").type == "bigint");
  // DROP COLUMN c: gone from kbc, and kc, left empty, gone.
  CHECK(IndexNames(t) == std::vector<std::string>{"PRIMARY", "kab", "kbc", "w2"});
  CHECK(Idx(t, "kbc").DescribeParts() == "(b)");
  CHECK(Idx(t, "kab").DescribeParts() == "(a2, b)");  // CHANGE renames key parts
  CHECK(Idx(t, "w2").kind == IndexKind::kUnique);
}

TEST_CASE("ALTER TABLE index actions, rename, engine and visibility") {
  Catalog c = Load(R"sql(
CREATE DATABASE shop;
USE shop;
CREATE TABLE t (id INT NOT NULL, a INT, b INT, txt TEXT, g GEOMETRY NOT NULL, KEY ka (a));
ALTER TABLE t ADD PRIMARY KEY (id), ADD UNIQUE INDEX ub (b), ADD KEY (a, b), ADD FULLTEXT (txt),
              ADD SPATIAL KEY sg (g), ADD INDEX kd (b DESC) INVISIBLE, ADD CHECK (a > 0);
ALTER TABLE t RENAME INDEX ka TO ka2, RENAME KEY ub TO ub2;
ALTER TABLE t DROP KEY a, DROP INDEX IF EXISTS nope, ALTER INDEX kd VISIBLE,
              ALTER INDEX ka2 INVISIBLE;
ALTER TABLE t ENGINE = MyISAM;
ALTER TABLE t DROP PRIMARY KEY, ADD PRIMARY KEY (id, a);
ALTER TABLE t RENAME TO shop.orders;
CREATE DATABASE other;
CREATE TABLE other.moved (id INT);
ALTER TABLE other.moved RENAME moved2;
)sql");
  // An unqualified new name is in the current database.
  CHECK(c.FindTable("other", "moved") == nullptr);
  CHECK(Get(c, "", "moved2").database == "shop");
  REQUIRE(Messages(c).empty());
  CHECK(c.FindTable("shop", "t") == nullptr);
  const Table& t = Get(c, "shop", "orders");
  CHECK(t.engine == "myisam");
  CHECK(IndexNames(t) == std::vector<std::string>{"PRIMARY", "ka2", "ub2", "txt", "sg", "kd"});
  CHECK(Idx(t, "PRIMARY").DescribeParts() == "(id, a)");
  CHECK_FALSE(Col(t, "a").nullable);
  CHECK(Idx(t, "ka2").invisible);
  CHECK_FALSE(Idx(t, "kd").invisible);
  CHECK(Idx(t, "txt").kind == IndexKind::kFulltext);
  CHECK(Idx(t, "sg").kind == IndexKind::kSpatial);
  CHECK(Idx(t, "kd").parts[0].descending);

  // MariaDB's IGNORED and NOT IGNORED.
  ApplySql(c, "ALTER TABLE orders ALTER INDEX kd IGNORED;");
  CHECK(Idx(Get(c, "shop", "orders"), "kd").invisible);
  ApplySql(c, "ALTER TABLE orders ALTER INDEX kd NOT IGNORED, ALTER COLUMN a SET DEFAULT 1;");
  CHECK_FALSE(Idx(Get(c, "shop", "orders"), "kd").invisible);
  CHECK(c.issues().empty());
}

TEST_CASE("a failing ALTER TABLE action leaves the whole table as it was") {
  Catalog c = Load(R"sql(CREATE TABLE t (id INT PRIMARY KEY, a INT);
ALTER TABLE t ADD COLUMN b INT,
  ADD KEY kx (missing),
  DROP INDEX nope;
)sql");
  const Table& t = Get(c, "", "t");
  CHECK(ColumnNames(t) == std::vector<std::string>{"id", "a"});
  REQUIRE(c.issues().size() == 2);
  // The drop is tried first, as the server drops keys before adding any.
  CHECK(c.issues()[0].message == "ALTER TABLE `t`: cannot drop index `nope`: no such index");
  CHECK(c.issues()[0].location.line == 4);
  CHECK(c.issues()[0].location.column == 3);
  CHECK(c.issues()[1].message ==
        "ALTER TABLE `t`: key column `missing` does not exist in the table");
  CHECK(c.issues()[1].location.line == 3);
  CHECK(c.issues()[1].location.file == "schema.sql");
}

// --- other statements ----------------------------------------------------------------------------

TEST_CASE("CREATE INDEX, DROP INDEX and DROP TABLE") {
  Catalog c = Load(R"sql(
CREATE TABLE a (id INT PRIMARY KEY, x INT, y VARCHAR(20));
CREATE TABLE b (id INT);
CREATE TABLE c (id INT);
CREATE UNIQUE INDEX ux ON a (x);
CREATE INDEX kxy ON a (x, y(4)) INVISIBLE;
CREATE FULLTEXT INDEX fy ON a (y);
DROP INDEX ux ON a;
DROP INDEX `PRIMARY` ON a;
DROP TABLE IF EXISTS b, nope;
DROP TABLE c;
)sql");
  REQUIRE(c.issues().empty());
  CHECK(c.tables().size() == 1);
  const Table& a = Get(c, "", "a");
  CHECK(IndexNames(a) == std::vector<std::string>{"kxy", "fy"});
  CHECK(Idx(a, "kxy").invisible);
  CHECK(Idx(a, "kxy").parts[1].prefix_length == 4);
  CHECK(Idx(a, "fy").kind == IndexKind::kFulltext);
  CHECK(a.PrimaryKey() == nullptr);
}

TEST_CASE("DROP DATABASE and RENAME TABLE statements") {
  Catalog c = Load(R"sql(
CREATE DATABASE a;
CREATE DATABASE b;
CREATE TABLE a.t1 (id INT);
CREATE TABLE a.t2 (id INT);
CREATE TABLE b.t3 (id INT);
USE a;
RENAME TABLE t1 TO tmp, t2 TO t1, tmp TO t2;
RENAME TABLE b.t3 TO a.t3;
DROP DATABASE IF EXISTS b;
)sql");
  REQUIRE(c.issues().empty());
  CHECK(c.tables().size() == 3);
  CHECK(c.FindTable("a", "t3") != nullptr);
  ApplySql(c, "DROP SCHEMA a;");
  CHECK(c.tables().empty());
  CHECK(c.current_database().empty());
}

TEST_CASE("MariaDB's IF [NOT] EXISTS in migrations: a name that is (not) there changes nothing") {
  Catalog c = Load(R"sql(
CREATE TABLE t (id INT PRIMARY KEY, a INT, b INT, KEY k (a));
CREATE INDEX IF NOT EXISTS k ON t (b);
ALTER TABLE t ADD INDEX IF NOT EXISTS k (b), ADD INDEX IF NOT EXISTS kb (b);
DROP INDEX IF EXISTS missing ON t;
ALTER TABLE t DROP INDEX IF EXISTS missing;
ALTER TABLE t RENAME COLUMN IF EXISTS nope TO other;
ALTER TABLE t ADD COLUMN IF NOT EXISTS a INT;
)sql");
  CHECK(c.issues().empty());
  const Table& t = Get(c, "", "t");
  CHECK(Idx(t, "k").parts[0].column == "a");  // not replaced by (b)
  CHECK(Idx(t, "kb").parts[0].column == "b");
  CHECK(t.indexes.size() == 3);
}

TEST_CASE("RENAME TABLE is read by the parser: comments, TABLES, IF EXISTS, WAIT") {
  Catalog c = Load(R"sql(
CREATE TABLE orders_new (id INT);
CREATE TABLE t (id INT);
RENAME TABLE orders_new /* swap */ TO orders;
RENAME TABLES IF EXISTS missing TO nothing, t TO `u` WAIT 5;
)sql");
  CHECK(c.issues().empty());
  CHECK(c.FindTable("", "orders") != nullptr);
  CHECK(c.FindTable("", "orders_new") == nullptr);
  CHECK(c.FindTable("", "u") != nullptr);
  CHECK(c.FindTable("", "nothing") == nullptr);
}

TEST_CASE("statements that cannot apply are reported with file, line and column") {
  Catalog c;
  const size_t changed = ApplySql(c, R"sql(CREATE TABLE t (id INT PRIMARY KEY);
SELECT 1;
CREATE TABLE t (id INT);
ALTER TABLE nope ADD COLUMN x INT;
  DROP INDEX k ON t;
CREATE INDEX k ON missing (a);
DROP TABLE gone;
CREATE TABLE u (a INT, a INT);
CREATE TABLE v (a INT, PRIMARY KEY (a), PRIMARY KEY (a));
CREATE TABLE w (a INT, KEY k (a), KEY k (a));
CREATE DATABASE d; CREATE DATABASE d;
INSERT INTO t VALUES (1);
)sql",
                                  "migrations/001.sql");
  CHECK(changed == 2);
  const std::vector<std::string> expected = {
      "CREATE TABLE `t`: table already exists",
      "ALTER TABLE `nope`: table is not defined",
      "DROP INDEX `k` ON `t`: cannot drop index `k`: no such index",
      "CREATE INDEX `k` ON `missing`: table is not defined",
      "DROP TABLE `gone`: table is not defined",
      "CREATE TABLE `u`: duplicate column name `a`",
      "CREATE TABLE `v`: multiple primary keys defined",
      "CREATE TABLE `w`: duplicate key name `k`",
      "CREATE DATABASE `d`: database already exists",
  };
  CHECK(Messages(c) == expected);
  REQUIRE(c.issues().size() == expected.size());
  const uint32_t lines[] = {3, 4, 5, 6, 7, 8, 9, 10, 11};
  for (size_t i = 0; i < expected.size(); ++i) {
    INFO(expected[i]);
    CHECK(c.issues()[i].location.file == "migrations/001.sql");
    CHECK(c.issues()[i].location.line == lines[i]);
  }
  CHECK(c.issues()[2].location.column == 14);  // the index name
  CHECK(c.issues()[5].location.column == 24);  // the second column definition
  CHECK(c.issues()[8].location.column == 20);  // the second statement on the line
  CHECK(c.tables().size() == 1);
}

TEST_CASE("locations name the statement's code, not the comments before it") {
  Catalog c;
  ApplySql(c,
           "-- Table structure\n--\n\n/* x */ CREATE TABLE t (a INT);\n# again\n"
           "ALTER TABLE nope ADD b INT;\n/*!40101 CREATE TABLE t (b INT) */;\n");
  const Table& t = Get(c, "", "t");
  CHECK(t.location.line == 4);
  CHECK(t.location.column == 9);
  REQUIRE(c.issues().size() == 2);
  CHECK(c.issues()[0].location.line == 6);
  CHECK(c.issues()[0].location.column == 1);
  CHECK(c.issues()[1].message == "CREATE TABLE `t`: table already exists");
  CHECK(c.issues()[1].location.line == 7);
  CHECK(c.issues()[1].location.column == 10);
}

// --- names ---------------------------------------------------------------------------------------

TEST_CASE("lower_case_table_names 0: table names are case-sensitive") {
  Catalog c = Load(R"sql(
CREATE TABLE Orders (Id INT, KEY Kid (Id));
CREATE TABLE orders (id INT);
ALTER TABLE ORDERS ADD COLUMN x INT;
)sql",
                   {.lower_case_table_names = 0});
  CHECK(c.tables().size() == 2);
  CHECK(Get(c, "", "Orders").name == "Orders");
  CHECK(c.FindTable("", "ORDERS") == nullptr);
  REQUIRE(c.issues().size() == 1);
  CHECK(c.issues()[0].message == "ALTER TABLE `ORDERS`: table is not defined");
  // Columns and indexes are case-insensitive regardless.
  CHECK(Get(c, "", "Orders").FindColumn("ID") != nullptr);
  CHECK(Get(c, "", "Orders").FindIndex("KID") != nullptr);
}

TEST_CASE("lower_case_table_names 1: names stored lower-case, compared insensitively") {
  Catalog c = Load(R"sql(
CREATE DATABASE Shop;
USE SHOP;
CREATE TABLE Orders (Id INT);
CREATE TABLE orders (id INT);
ALTER TABLE ORDERS ADD COLUMN x INT;
)sql",
                   {.lower_case_table_names = 1});
  CHECK(c.tables().size() == 1);
  const Table& t = Get(c, "SHOP", "ORDERS");
  CHECK(t.name == "orders");
  CHECK(t.database == "shop");
  CHECK(t.columns.size() == 2);
  CHECK(Col(t, "Id").name == "Id");  // column names keep their case
  CHECK(Messages(c) == std::vector<std::string>{"CREATE TABLE `orders`: table already exists"});

  Catalog two = Load("CREATE TABLE Orders (id INT); ALTER TABLE orders ADD x INT;",
                     {.lower_case_table_names = 2});
  CHECK(two.issues().empty());
  CHECK(Get(two, "", "ORDERS").name == "Orders");  // 2: stored as written
  CHECK(Get(two, "", "orders").columns.size() == 2);
}

TEST_CASE("FindTable: the named database, else the only table of that name, else USE's") {
  Catalog c = Load(R"sql(
CREATE TABLE a.t (x INT);
CREATE TABLE b.t (y INT);
CREATE TABLE b.only (z INT);
USE b;
)sql");
  CHECK(Get(c, "a", "t").database == "a");
  CHECK(Get(c, "", "only").database == "b");
  CHECK(Get(c, "zzz", "only").database == "b");
  CHECK(Get(c, "", "t").database == "b");  // not unique: the current database's
  c.set_current_database("a");
  CHECK(Get(c, "", "t").database == "a");
  c.set_current_database("");
  CHECK(c.FindTable("", "t") == nullptr);
  CHECK(c.FindTable("a", "nope") == nullptr);

  // AddTable replaces a table of the same name; DropTable removes it.
  Table t;
  t.database = "a";
  t.name = "t";
  t.engine = "innodb";
  c.AddTable(t);
  CHECK(c.tables().size() == 3);
  CHECK(Get(c, "a", "t").columns.empty());
  CHECK(c.DropTable("a", "t"));
  CHECK_FALSE(c.DropTable("a", "t"));
  CHECK(c.tables().size() == 2);
}

// --- real schemas --------------------------------------------------------------------------------

TEST_CASE("sakila schema (mysql sample database)") {
  Catalog c({.flavor = Flavor::kMySQL8});
  const std::string sql = ReadCorpus("ddl/sakila/sakila-schema.sql");
  ApplySql(c, sql, "sakila-schema.sql");
  CHECK(Messages(c).empty());
  CHECK(c.current_database() == "sakila");
  CHECK(c.tables().size() == 16);
  const Table& film = Get(c, "sakila", "film");
  CHECK(film.charset == "utf8mb3");
  CHECK(Col(film, "title").Describe() == "varchar(255) utf8mb3_general_ci NOT NULL");
  CHECK(Col(film, "rating").family == TypeFamily::kEnumSet);
  CHECK(Col(film, "rating").length == 5);
  CHECK(Col(film, "rental_rate").Describe() == "decimal(4,2) NOT NULL");
  CHECK(Col(film, "film_id").Describe() == "smallint unsigned NOT NULL");
  CHECK(Col(film, "release_year").family == TypeFamily::kTemporal);
  CHECK(IndexNames(film) == std::vector<std::string>{"PRIMARY", "idx_title", "idx_fk_language_id",
                                                     "idx_fk_original_language_id"});
  CHECK(film.foreign_keys.size() == 2);
  CHECK(Idx(film, "idx_fk_language_id").foreign_key);
  CHECK_FALSE(Idx(film, "idx_title").foreign_key);
  // film_text is MyISAM, then `/*!50610 ALTER TABLE film_text engine=InnoDB */`.
  const Table& text = Get(c, "sakila", "film_text");
  CHECK(text.engine == "innodb");
  CHECK(Idx(text, "idx_title_description").kind == IndexKind::kFulltext);
  // InnoDB's implicit FK indexes, as SHOW CREATE TABLE shows them on a real server.
  CHECK(IndexNames(Get(c, "sakila", "film_category")) ==
        std::vector<std::string>{"PRIMARY", "fk_film_category_category"});
  CHECK(Idx(Get(c, "sakila", "payment"), "fk_payment_rental").implicit);
  // A composite primary key serves the FK on its first column, and secondary keys hold it.
  const Table& film_actor = Get(c, "sakila", "film_actor");
  CHECK(film_actor.IndexHolds(Idx(film_actor, "idx_fk_film_id"), "actor_id"));
  CHECK(Idx(Get(c, "sakila", "address"), "idx_fk_city_id").location.line == 54);
}

TEST_CASE("employees schema (mysql sample database)") {
  Catalog c({.flavor = Flavor::kMariaDB});
  ApplySql(c, ReadCorpus("ddl/employees/employees.sql"), "employees.sql");
  CHECK(Messages(c).empty());
  CHECK(c.tables().size() == 6);
  CHECK(IndexNames(Get(c, "employees", "departments")) ==
        std::vector<std::string>{"PRIMARY", "dept_name"});
  // Unnamed FOREIGN KEY (dept_no): InnoDB names the index after the column.
  const Table& dm = Get(c, "employees", "dept_manager");
  CHECK(IndexNames(dm) == std::vector<std::string>{"PRIMARY", "dept_no"});
  CHECK(dm.foreign_keys[0].name == "dept_manager_ibfk_1");
  CHECK(dm.foreign_keys[1].name == "dept_manager_ibfk_2");
  CHECK(Col(Get(c, "employees", "employees"), "gender").collation == "utf8mb4_general_ci");
  CHECK(Col(Get(c, "employees", "titles"), "to_date").nullable);
}

TEST_CASE("mysqldump --no-data of two databases") {
  Catalog c({.flavor = Flavor::kMySQL8});
  ApplySql(c, ReadCorpus("ddl/percona/mysqldump-no-data/two-dbs.txt"), "two-dbs.txt");
  CHECK(Messages(c).empty());
  size_t sakila = 0;
  size_t mysql = 0;
  for (const Table& t : c.tables()) (t.database == "sakila" ? sakila : mysql)++;
  CHECK(sakila == 16);  // the views' stand-in tables are dropped again at the end
  CHECK(mysql == 21);
  const Table& actor = Get(c, "sakila", "actor");
  CHECK(actor.charset == "utf8mb3");
  CHECK(Col(actor, "actor_id").Describe() == "smallint unsigned NOT NULL");
  const Table& db = Get(c, "mysql", "db");
  CHECK(db.engine == "myisam");
  CHECK(db.collation == "utf8mb3_bin");
  CHECK(Col(db, "Host").collation == "utf8mb3_bin");
  // CHARACTER SET utf8 on the column: the charset's default collation, not the table's.
  CHECK(Col(db, "Select_priv").collation == "utf8mb3_general_ci");
  CHECK(Idx(db, "PRIMARY").DescribeParts() == "(Host, Db, User)");
}

// --- statistics ----------------------------------------------------------------------------------

TEST_CASE("LoadStats fills rows, distinct values and cardinalities") {
  Catalog c = Load(R"sql(
CREATE TABLE shop.orders (id INT PRIMARY KEY, status INT, customer_id INT, created DATE,
                          KEY idx_customer_created (customer_id, created));
)sql");
  const auto result = LoadStats(c, R"json({"tables": [
      {"database": "shop", "table": "orders", "rows": 1200000,
       "data_length": 300000000, "index_length": 12000000,
       "columns": {"status": 6, "customer_id": 90000, "nope": 1},
       "indexes": {"idx_customer_created": [90000, 1150000], "PRIMARY": [1200000],
                   "missing": [1]}},
      {"table": "ghost", "rows": 5}]})json",
                                "stats.json");
  REQUIRE(result.ok());
  const Table& t = Get(c, "shop", "orders");
  CHECK(t.rows == 1200000u);
  CHECK(t.bytes == 312000000u);
  CHECK(Col(t, "status").distinct == 6u);
  CHECK(Col(t, "customer_id").distinct == 90000u);
  CHECK_FALSE(Col(t, "created").distinct.has_value());
  CHECK(Idx(t, "idx_customer_created").parts[0].cardinality == 90000u);
  CHECK(Idx(t, "idx_customer_created").parts[1].cardinality == 1150000u);
  CHECK(Idx(t, "PRIMARY").parts[0].cardinality == 1200000u);
  std::vector<std::string> messages;
  for (const CatalogIssue& i : result.value()) {
    messages.push_back(i.message);
    CHECK(i.location.file == "stats.json");
  }
  CHECK(messages == std::vector<std::string>{
                        "tables[0]: table shop.orders has no column `nope`",
                        "tables[0]: table shop.orders has no index `missing`",
                        "tables[1]: table ghost is not defined",
                    });
}

TEST_CASE("LoadStats rejects malformed files and changes nothing") {
  Catalog c = Load("CREATE TABLE t (id INT PRIMARY KEY, a INT);");
  const auto not_json = LoadStats(c, R"({"tables": [)", "s.json");
  REQUIRE_FALSE(not_json.ok());
  CHECK(not_json.status().code() == StatusCode::kParseError);
  CHECK(not_json.status().message().starts_with("s.json: not valid JSON (byte "));

  const auto no_tables = LoadStats(c, R"({"rows": 1})", "s.json");
  REQUIRE_FALSE(no_tables.ok());
  CHECK(no_tables.status().message() == "s.json: \"tables\": expected an array");

  // The first entry is fine, the second is not: neither applies.
  const auto negative = LoadStats(
      c, R"({"tables": [{"table": "t", "rows": 10}, {"table": "t", "rows": -1}]})", "s.json");
  REQUIRE_FALSE(negative.ok());
  CHECK(negative.status().message() == "s.json: tables[1].rows: expected a non-negative number");
  CHECK_FALSE(Get(c, "", "t").rows.has_value());

  const auto bad_index =
      LoadStats(c, R"({"tables": [{"table": "t", "indexes": {"PRIMARY": ["many"]}}]})", "s.json");
  REQUIRE_FALSE(bad_index.ok());
  CHECK(bad_index.status().message() ==
        "s.json: tables[0].indexes.PRIMARY[0]: expected a non-negative number");

  const auto no_name = LoadStats(c, R"({"tables": [{"rows": 3}]})", "s.json");
  REQUIRE_FALSE(no_name.ok());
  CHECK(no_name.status().message() == "s.json: tables[0].table: expected a table name (string)");

  // Too many cardinalities: the extra ones are reported, the rest applies.
  const auto extra = LoadStats(
      c, R"({"tables": [{"table": "t", "rows": 7.4, "indexes": {"PRIMARY": [7, 9]}}]})", "s.json");
  REQUIRE(extra.ok());
  REQUIRE(extra.value().size() == 1);
  CHECK(extra.value()[0].message == "tables[0]: index `PRIMARY` of t has 1 part, not 2");
  CHECK(Get(c, "", "t").rows == 7u);
  CHECK(Idx(Get(c, "", "t"), "PRIMARY").parts[0].cardinality == 7u);
}

// --- views ---------------------------------------------------------------------------------------

const View& GetView(const Catalog& catalog, std::string_view database, std::string_view name) {
  const View* v = catalog.FindView(database, name);
  if (v == nullptr) FAIL("no view " << database << "." << name);
  return *v;
}

using Names = std::vector<std::string>;

TEST_CASE("views: recorded by name, database and the names of their select list") {
  const Catalog c = Load(R"sql(
CREATE DATABASE shop;
USE shop;
CREATE TABLE ol (id INT PRIMARY KEY, qty INT, sku VARCHAR(20));
CREATE VIEW v AS SELECT id, qty FROM ol;
CREATE VIEW named (a, `b c`) AS SELECT id, qty FROM ol;
CREATE VIEW aliased AS SELECT o.id AS line_id, qty * 2 doubled, sku 'code', COUNT(*), ol.qty
  FROM ol o GROUP BY o.id;
CREATE VIEW starred AS SELECT *, 1 AS one FROM ol;
CREATE VIEW joined AS SELECT a.*, b.sku AS other FROM ol a JOIN ol b ON b.id = a.id;
CREATE VIEW unioned AS SELECT id AS k FROM ol UNION ALL SELECT qty FROM ol;
CREATE VIEW over_view AS SELECT * FROM v WHERE qty > 0;
CREATE VIEW derived AS SELECT * FROM (SELECT id AS x FROM ol) AS d;
CREATE VIEW with_cte AS WITH c (n) AS (SELECT id FROM ol) SELECT * FROM c;
)sql");
  CHECK(Messages(c).empty());
  CHECK(c.tables().size() == 1);  // views are not tables
  CHECK(c.FindTable("shop", "v") == nullptr);
  const View& v = GetView(c, "shop", "v");
  CHECK(v.database == "shop");
  CHECK(v.name == "v");
  CHECK(v.columns == Names{"id", "qty"});
  CHECK(v.query == "SELECT id, qty FROM ol");
  CHECK(v.location.line == 5);
  CHECK(v.QualifiedName() == "shop.v");
  CHECK(v.HasColumn("QTY"));
  CHECK_FALSE(v.HasColumn("sku"));
  CHECK(GetView(c, "", "named").columns == Names{"a", "b c"});
  CHECK(GetView(c, "", "aliased").columns ==
        Names{"line_id", "doubled", "code", "COUNT(*)", "qty"});
  CHECK(GetView(c, "", "starred").columns == Names{"id", "qty", "sku", "one"});
  CHECK(GetView(c, "", "joined").columns == Names{"id", "qty", "sku", "other"});
  CHECK(GetView(c, "", "unioned").columns == Names{"k"});
  CHECK(GetView(c, "", "over_view").columns == Names{"id", "qty"});
  CHECK(GetView(c, "", "derived").columns == Names{"x"});
  CHECK(GetView(c, "", "with_cte").columns == Names{"n"});
  CHECK(c.views().size() == 9);
}

TEST_CASE("views: columns stay unknown when they cannot be told") {
  const Catalog c = Load(R"sql(
CREATE TABLE t (id INT);
CREATE VIEW of_unknown AS SELECT * FROM not_defined;
)sql");
  CHECK(GetView(c, "", "of_unknown").columns.empty());
  CHECK(GetView(c, "", "of_unknown").HasColumn("anything"));
  CHECK(Messages(c).empty());
}

TEST_CASE("views: one whose query does not parse is a parse error, and no view") {
  Catalog c;
  const parser::ParseResult parsed = parser::Parse(
      "CREATE TABLE t (id INT);\nCREATE VIEW unparsed AS SELECT id FROM t WHERE id IN (1, 2 FROM "
      "t;\n");
  CHECK_FALSE(parsed.ok());
  REQUIRE(parsed.diagnostics().size() == 1);
  CHECK(parsed.diagnostics()[0].line == 2);
  c.Apply(parsed, "schema.sql");
  CHECK(c.FindView("", "unparsed") == nullptr);
  CHECK(Messages(c).empty());
}

TEST_CASE("views: comments and version comments anywhere in the statement") {
  const Catalog c = Load(R"sql(
CREATE TABLE t (id INT, x INT);
-- the current rows
CREATE /* a comment */ OR REPLACE /*!50001 ALGORITHM = MERGE */ VIEW
  /* its name */ `cur` (a, /* second */ b) AS
  SELECT id, /* the value */ x FROM t -- trailing
  WHERE id > 0 /*!80000 WITH LOCAL CHECK OPTION */;
/*!50001 CREATE ALGORITHM=UNDEFINED */
/*!50013 DEFINER=`root`@`localhost` SQL SECURITY DEFINER */
/*!50001 VIEW `v` AS select /* inner */ `t`.`x` AS `x` from `t` */;
)sql");
  CHECK(Messages(c).empty());
  const View& cur = GetView(c, "", "cur");
  CHECK(cur.columns == Names{"a", "b"});
  CHECK(cur.location.line == 4);
  CHECK(cur.query.starts_with("SELECT id, /* the value */ x FROM t"));
  CHECK(cur.query.ends_with("WHERE id > 0"));
  const View& v = GetView(c, "", "v");
  CHECK(v.columns == Names{"x"});
  CHECK(v.location.line == 8);
  CHECK(v.query == "select /* inner */ `t`.`x` AS `x` from `t`");
}

TEST_CASE("DROP DATABASE: read from the AST, comments between its words") {
  Catalog c = Load(R"sql(
CREATE DATABASE a;
CREATE DATABASE b;
CREATE TABLE a.t (id INT);
CREATE TABLE b.t (id INT);
CREATE VIEW a.v AS SELECT 1 AS one;
)sql");
  ApplySql(c, "DROP /* the old one */ DATABASE -- really\n IF EXISTS `a`;");
  CHECK(c.tables().size() == 1);
  CHECK(c.tables()[0].database == "b");
  CHECK(c.views().empty());
  ApplySql(c, "DROP SCHEMA IF EXISTS never_made;");
  CHECK(c.tables().size() == 1);
  CHECK(Messages(c).empty());
}

TEST_CASE("RENAME TABLE with a comment between the names") {
  Catalog c = Load("CREATE TABLE orders (id INT); CREATE TABLE orders_new (id INT, x INT);");
  ApplySql(c, "DROP TABLE orders; RENAME TABLE orders_new /* swap */ TO orders;");
  CHECK(Messages(c).empty());
  CHECK(c.FindTable("", "orders_new") == nullptr);
  CHECK(Get(c, "", "orders").columns.size() == 2);
}

TEST_CASE("ALTER INDEX visibility: INVISIBLE and IGNORED hide, VISIBLE and NOT IGNORED show") {
  Catalog c = Load("CREATE TABLE t (a INT, b INT, KEY ka (a), KEY kb (b) IGNORED);");
  CHECK(Get(c, "", "t").FindIndex("kb")->invisible);
  ApplySql(c, "ALTER TABLE t ALTER INDEX ka IGNORED;");
  CHECK(Get(c, "", "t").FindIndex("ka")->invisible);
  ApplySql(c, "ALTER TABLE t ALTER INDEX ka NOT IGNORED, ALTER INDEX kb VISIBLE;");
  CHECK_FALSE(Get(c, "", "t").FindIndex("ka")->invisible);
  CHECK_FALSE(Get(c, "", "t").FindIndex("kb")->invisible);
  ApplySql(c, "ALTER TABLE t ALTER KEY kb INVISIBLE;");
  CHECK(Get(c, "", "t").FindIndex("kb")->invisible);
  ApplySql(c, "ALTER TABLE t ALTER INDEX nope IGNORED;");
  CHECK(Messages(c) == Names{"ALTER TABLE `t`: ALTER INDEX `nope`: no such index"});
}

TEST_CASE("views: every header form, mysqldump's version comments and CHECK OPTION") {
  const Catalog c = Load(R"sql(
CREATE TABLE t (id INT, x INT);
CREATE OR REPLACE VIEW a AS SELECT id FROM t;
CREATE ALGORITHM=MERGE DEFINER=`root`@`localhost` SQL SECURITY INVOKER VIEW b AS SELECT x FROM t;
CREATE OR REPLACE ALGORITHM = TEMPTABLE DEFINER = CURRENT_USER() SQL SECURITY DEFINER VIEW c
  AS SELECT id, x FROM t WITH CASCADED CHECK OPTION;
CREATE DEFINER='app'@'%' VIEW d (n) AS SELECT id FROM t WITH CHECK OPTION;
CREATE DEFINER=CURRENT_USER VIEW IF NOT EXISTS e AS SELECT x FROM t WITH LOCAL CHECK OPTION;
/*!50001 CREATE ALGORITHM=UNDEFINED */
/*!50013 DEFINER=`root`@`localhost` SQL SECURITY DEFINER */
/*!50001 VIEW `dumped` AS select `t`.`id` AS `id`,`t`.`x` AS `x` from `t` */;
)sql");
  CHECK(Messages(c).empty());
  CHECK(GetView(c, "", "a").columns == Names{"id"});
  CHECK(GetView(c, "", "b").columns == Names{"x"});
  CHECK(GetView(c, "", "c").columns == Names{"id", "x"});
  CHECK(GetView(c, "", "c").query == "SELECT id, x FROM t");
  CHECK(GetView(c, "", "d").columns == Names{"n"});
  CHECK(GetView(c, "", "e").columns == Names{"x"});
  CHECK(GetView(c, "", "dumped").columns == Names{"id", "x"});
  CHECK(GetView(c, "", "dumped").query == "select `t`.`id` AS `id`,`t`.`x` AS `x` from `t`");
}

TEST_CASE("views: replaced, altered, renamed and dropped as the server does") {
  Catalog c = Load(R"sql(
CREATE TABLE t (id INT, x INT);
CREATE VIEW v AS SELECT id FROM t;
CREATE OR REPLACE VIEW v AS SELECT id, x FROM t;
)sql");
  CHECK(GetView(c, "", "v").columns == Names{"id", "x"});
  CHECK(c.views().size() == 1);

  ApplySql(c,
           "ALTER ALGORITHM=MERGE DEFINER=`u`@`h` SQL SECURITY INVOKER VIEW v AS SELECT x FROM t;");
  CHECK(GetView(c, "", "v").columns == Names{"x"});

  ApplySql(c, "RENAME TABLE v TO w, t TO u;");
  CHECK(c.FindView("", "v") == nullptr);
  CHECK(GetView(c, "", "w").columns == Names{"x"});
  CHECK(c.FindTable("", "u") != nullptr);

  ApplySql(c, "CREATE VIEW v2 AS SELECT 1 AS one; DROP VIEW IF EXISTS w, v2, never;");
  CHECK(c.views().empty());
  CHECK(Messages(c).empty());
}

TEST_CASE("views: statements the server rejects are reported and change nothing") {
  Catalog c = Load(R"sql(
CREATE TABLE t (id INT);
CREATE VIEW v AS SELECT id FROM t;
)sql");
  ApplySql(c, R"sql(
CREATE VIEW v AS SELECT 2 AS two;
CREATE VIEW IF NOT EXISTS v AS SELECT 3 AS three;
CREATE VIEW t AS SELECT 1 AS one;
CREATE OR REPLACE VIEW t AS SELECT 1 AS one;
ALTER VIEW nope AS SELECT 1 AS one;
DROP VIEW nope;
DROP VIEW t;
CREATE TABLE v (id INT);
RENAME TABLE t TO v;
)sql");
  CHECK(Messages(c) == Names{
                           "CREATE VIEW `v`: view already exists",
                           "CREATE VIEW `t`: a table of that name exists",
                           "CREATE VIEW `t`: a table of that name exists",
                           "ALTER VIEW `nope`: view is not defined",
                           "DROP VIEW `nope`: view is not defined",
                           "DROP VIEW `t`: a table, not a view",
                           "CREATE TABLE `v`: a view of that name exists",
                           "RENAME TABLE: `v`: table already exists",
                       });
  CHECK(GetView(c, "", "v").columns == Names{"id"});
  CHECK(c.tables().size() == 1);
  CHECK(c.views().size() == 1);
  CHECK(c.issues()[4].location.line == 7);  // DROP VIEW nope: the name's line
}

TEST_CASE("views: found as tables are, by database, DROP DATABASE drops them") {
  Catalog c = Load(R"sql(
CREATE DATABASE a;
CREATE DATABASE b;
CREATE TABLE a.t (id INT);
CREATE VIEW a.v AS SELECT id FROM a.t;
CREATE VIEW b.v AS SELECT 1 AS one;
USE a;
CREATE VIEW only_a AS SELECT id FROM t;
)sql");
  CHECK(Messages(c).empty());
  CHECK(GetView(c, "a", "v").columns == Names{"id"});
  CHECK(GetView(c, "b", "v").columns == Names{"one"});
  CHECK(GetView(c, "", "v").database == "a");  // ambiguous: the current database's
  CHECK(GetView(c, "x", "only_a").database == "a");
  CHECK(c.FindView("b", "t") == nullptr);  // a table is no view
  ApplySql(c, "DROP DATABASE a;");
  CHECK(c.views().size() == 1);
  CHECK(c.views()[0].database == "b");
}

TEST_CASE("views: other unmodelled statements are no views") {
  const Catalog c = Load(R"sql(
CREATE TABLE t (id INT);
CREATE DEFINER=`root`@`localhost` PROCEDURE p() SELECT 1;
CREATE OR REPLACE FUNCTION f() RETURNS INT RETURN 1;
CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET NEW.id = 1;
GRANT SELECT ON t TO u;
DROP PROCEDURE p;
)sql");
  CHECK(c.views().empty());
  CHECK(Messages(c).empty());
}

TEST_CASE("views: a query reads one without an unknown column, and gets no index proposal") {
  Catalog c = Load(R"sql(
CREATE TABLE ol (id INT PRIMARY KEY, qty INT, sku VARCHAR(20));
CREATE VIEW v AS SELECT id, qty FROM ol;
)sql");
  const parser::ParseResult parsed = parser::Parse("SELECT qty FROM v WHERE id = 1 ORDER BY qty;");
  REQUIRE(parsed.ok());
  const QueryModel model = Bind(*parsed.statements()[0], c, "", parsed.text());
  // The binder merges the simple view: the query reads its base table (view_test.cpp has more).
  CHECK(model.issues.empty());
  REQUIRE(model.Main() != nullptr);
  REQUIRE(model.Main()->tables.size() == 1);
  CHECK(model.Main()->tables[0].view == c.FindView("", "v"));
  CHECK(model.Main()->tables[0].table == c.FindTable("", "ol"));
  const std::vector<WorkloadQuery> workload{{"q1", 100, &model}};
  const Advice advice = Advise(c, workload);
  CHECK(advice.proposals.empty());
}

TEST_CASE("a catalog is a value: copies are independent") {
  Catalog a = Load("CREATE TABLE t (id INT);");
  Catalog b = a;
  ApplySql(b, "ALTER TABLE t ADD COLUMN x INT;");
  CHECK(Get(a, "", "t").columns.size() == 1);
  CHECK(Get(b, "", "t").columns.size() == 2);
}

}  // namespace
}  // namespace qadvisor::analyzer
