// The schema model: databases, tables, columns, indexes and optional statistics.
//
// Built by applying DDL in order (CREATE DATABASE / USE / CREATE TABLE / ALTER TABLE /
// CREATE INDEX / DROP TABLE / DROP INDEX / RENAME TABLE, and CREATE / ALTER / DROP VIEW), from
// mysqldump --no-data output, SHOW CREATE TABLE output or hand-written migrations; later the
// live connector fills the same model. Everything is resolved at load time, so readers never
// walk defaults again:
//  - column types are reduced to a TypeFamily with length, scale and UNSIGNED;
//  - character sets and collations are resolved server → database → table → column (MySQL 8.0
//    Reference Manual 10.3, "Specifying Character Sets and Collations"), `utf8` read as
//    `utf8mb3`, each charset's default collation taken from the chosen server flavour, and the
//    BINARY attribute read as the charset's _bin collation;
//  - indexes keep their ordered key parts (prefix length, DESC, functional parts), and
//    Table::ExtendedKey() adds what InnoDB stores in every secondary index: the primary key.
//
// A Catalog is a value: copyable, no pointers into parse results. Lookups return pointers that
// stay valid until the next change to the catalog. Not thread-safe while being changed;
// concurrent reads are fine.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"
#include "parser/parser.h"

namespace qadvisor::analyzer {

// Which server's defaults to assume where the DDL does not say.
enum class Flavor : uint8_t {
  kMySQL8,   // default charset utf8mb4, utf8mb4's default collation utf8mb4_0900_ai_ci
  kMariaDB,  // (10.6–11.2) default utf8mb4 as Debian configures it, utf8mb4_general_ci
};

enum class TypeFamily : uint8_t {
  kInteger,   // TINYINT … BIGINT, BOOL, SERIAL
  kDecimal,   // DECIMAL, NUMERIC, FIXED
  kFloat,     // FLOAT, DOUBLE, REAL
  kBit,       // BIT(n)
  kString,    // CHAR, VARCHAR, TEXT types (with a charset)
  kBinary,    // BINARY, VARBINARY, BLOB types
  kTemporal,  // DATE, TIME, DATETIME, TIMESTAMP, YEAR
  kJson,      // JSON
  kEnumSet,   // ENUM, SET (with a charset)
  kSpatial,   // GEOMETRY, POINT, …
  kOther,     // anything else (MariaDB UUID, INET6, vendor types): rules stay silent on it
};
std::string_view FamilyName(TypeFamily family);  // "integer", "string", …
bool IsNumeric(TypeFamily family);               // integer, decimal, float, bit
bool IsCharacter(TypeFamily family);             // string, enum/set: compared by collation

// Where a schema object was defined: the DDL file, 1-based line and column.
struct SourceLocation {
  std::string file;
  uint32_t line = 0;  // 0: unknown (e.g. read from a server)
  uint32_t column = 0;
};

struct Column {
  std::string name;  // as written, unquoted
  std::string type;  // lower-case type name as written: "varchar", "int", "double"
  TypeFamily family = TypeFamily::kOther;
  uint32_t length = 0;  // characters (string), bytes (binary), digits (decimal),
                        // fractional-second digits (temporal), members (enum/set), 0: none
  uint32_t scale = 0;
  bool is_unsigned = false;
  bool nullable = true;
  bool auto_increment = false;
  std::string charset;               // resolved, for character families only ("utf8mb4")
  std::string collation;             // resolved, for character families only
  std::string generated;             // the expression of a generated column, as SQL; empty if none
  bool stored = false;               // a generated column is STORED (PERSISTENT), not VIRTUAL
  std::vector<std::string> members;  // ENUM / SET members in order, as written (quotes kept)
  // What a MODIFY of the column must restate not to lose it, as SQL: "'new'",
  // "CURRENT_TIMESTAMP", "(uuid())"; the ON UPDATE clause's value; the comment, quotes kept.
  std::string default_sql, on_update_sql, comment;
  std::optional<uint64_t> distinct;  // statistics: distinct values, when known

  // "varchar(64) utf8mb4_general_ci NOT NULL", "enum('a','b') utf8mb4_general_ci"
  std::string Describe() const;
  // "('a','b')" for an ENUM or SET, as its type is written; "" for other types.
  std::string MemberList() const;
  // The most bytes this column takes in an index key (prefix: that many characters), as
  // InnoDB counts them against its 767 / 3072-byte limits. 0 for unbounded types.
  uint32_t KeyBytes(uint32_t prefix_chars = 0) const;
};

enum class IndexKind : uint8_t { kPrimary, kUnique, kKey, kFulltext, kSpatial };

struct KeyPart {
  std::string column;          // empty for a functional key part
  std::string expression;      // a functional key part's expression as SQL, else empty
  uint32_t prefix_length = 0;  // col(10): characters (bytes for binary types), 0: whole column
  bool descending = false;
  std::optional<uint64_t> cardinality;  // statistics: distinct values of the prefix up to here
};

struct Index {
  std::string name;  // "PRIMARY" for the primary key
  IndexKind kind = IndexKind::kKey;
  std::vector<KeyPart> parts;
  bool invisible = false;    // MySQL INVISIBLE, MariaDB IGNORED: the optimizer does not see it
  bool foreign_key = false;  // created for (or matching) a FOREIGN KEY constraint
  // Created by the server for a FOREIGN KEY, not written in the DDL: InnoDB drops it again
  // when another index can serve the constraint (MySQL 8.0 manual, "FOREIGN KEY Constraints").
  bool implicit = false;
  // MariaDB's long unique key (SHOW CREATE TABLE: USING HASH): a unique key written so, or over
  // a whole TEXT/BLOB column, or longer than the engine's key. It keeps the values unique through
  // a hidden hash column but serves no lookup, range, order or covering read (EXPLAIN: ALL).
  bool hash = false;
  SourceLocation location;

  bool IsBtree() const {
    return kind != IndexKind::kFulltext && kind != IndexKind::kSpatial && !hash;
  }
  bool IsUnique() const { return kind == IndexKind::kPrimary || kind == IndexKind::kUnique; }
  // "(customer_id, created_at DESC)"
  std::string DescribeParts() const;
};

struct ForeignKey {
  std::string name;
  std::vector<std::string> columns;
  std::string ref_table;
  std::vector<std::string> ref_columns;
};

struct Table {
  std::string database;  // may be empty when the DDL never named one
  std::string name;
  std::string engine;      // lower-case, "innodb" unless written otherwise
  std::string row_format;  // lower-case as written (ROW_FORMAT=…); empty: the server's default
  std::string charset;     // table defaults, resolved
  std::string collation;
  std::vector<Column> columns;  // in table order
  std::vector<Index> indexes;   // PRIMARY first when there is one, then in definition order
  std::vector<ForeignKey> foreign_keys;
  std::optional<uint64_t> rows;  // statistics: estimated rows, when known
  // statistics: bytes of data and indexes (DATA_LENGTH + INDEX_LENGTH), when known
  std::optional<uint64_t> bytes;
  SourceLocation location;

  const Column* FindColumn(std::string_view name) const;  // case-insensitive
  Column* FindColumn(std::string_view name);
  const Index* FindIndex(std::string_view name) const;  // case-insensitive
  const Index* PrimaryKey() const;
  // The key InnoDB stores for `index`: its parts, then the primary-key columns it does not
  // already hold in full. For the primary key itself, its own parts.
  std::vector<KeyPart> ExtendedKey(const Index& index) const;
  // Whether reading `index` alone yields `column` (a full-length key part of the extended key;
  // for the primary key, every column: the clustered index is the table).
  bool IndexHolds(const Index& index, std::string_view column) const;
  std::string QualifiedName() const;  // "shop.orders", or "orders" without a database
};

// A view: a name queries may read from, with no rows and no indexes of its own. Views are kept
// apart from tables (Catalog::views(), not tables()), so that nothing that reasons about
// storage — indexes, primary keys, index proposals — ever sees one. The binder reads a view as
// a derived table of its query (a simple one merged into its base table, as the server does);
// unknown-table looks names up here for what the binder leaves unresolved (INSERT INTO v).
struct View {
  std::string database;  // may be empty when the DDL never named one
  std::string name;
  // The view's column names in order: its column list when written, else the names MySQL gives
  // the select list (alias, column name, or the expression's text; `*` expanded from the
  // catalog). Empty when they cannot be told: `*` reads a table or derived table whose columns
  // are unknown. (A view whose query does not parse is a parse error, and no view.)
  std::vector<std::string> columns;
  std::string query;  // the view's query as written, from its first token to its last
  SourceLocation location;

  bool HasColumn(std::string_view column) const;  // case-insensitive; true when columns unknown
  std::string QualifiedName() const;              // "shop.v", or "v" without a database
};

// A problem met while applying DDL: what, and where. Never fatal; the statement is skipped.
struct CatalogIssue {
  SourceLocation location;
  std::string message;  // "ALTER TABLE `x`: table is not defined"
  // Not a mistake in the DDL: a CREATE TABLE of a table read from a server (files are applied
  // on top of the server's schema, and a full dump repeats its tables). A warning, not an error.
  bool note = false;
};

struct CatalogOptions {
  Flavor flavor = Flavor::kMySQL8;
  // As the server variable: 0 table names compare case-sensitively, 1 and 2 case-insensitively
  // (1 also stores them lower-case). Column and index names are always case-insensitive.
  int lower_case_table_names = 0;
};

class Catalog {
 public:
  explicit Catalog(CatalogOptions options = {});

  const CatalogOptions& options() const { return options_; }

  // Applies every statement of `parsed` (a script read from `file`) in order. Statements that are
  // not DDL are ignored; DDL that cannot apply (unknown table, duplicate name, …) is reported
  // in issues() and skipped. Returns how many statements changed the catalog.
  size_t Apply(const parser::ParseResult& parsed, std::string_view file);
  // Applies one statement; `script` is the text its spans point into.
  bool ApplyStatement(const parser::ast::Statement& statement, std::string_view script,
                      std::string_view file);

  // Finds a table: in `database` when given and the catalog has it there; else the only
  // table of that name in any database; else the one in the current (USE) database.
  const Table* FindTable(std::string_view database, std::string_view name) const;
  Table* FindTable(std::string_view database, std::string_view name);

  // Finds a view as FindTable finds a table.
  const View* FindView(std::string_view database, std::string_view name) const;

  const std::vector<Table>& tables() const { return tables_; }
  const std::vector<View>& views() const { return views_; }
  std::vector<Table>& tables() { return tables_; }
  const std::vector<CatalogIssue>& issues() const { return issues_; }
  const std::string& current_database() const { return current_database_; }
  void set_current_database(std::string database) { current_database_ = std::move(database); }

  // Adds or replaces a table (the live connector builds tables itself).
  Table& AddTable(Table table);
  bool DropTable(std::string_view database, std::string_view name);
  // Adds or replaces a view (a table of that name is left alone: the caller decides).
  View& AddView(View view);

  // Charset facts for the chosen flavour.
  std::string DefaultCollation(std::string_view charset) const;  // "utf8mb4" → "utf8mb4_0900_ai_ci"
  std::string ServerCharset() const;                             // "utf8mb4"

 private:
  CatalogOptions options_;
  std::vector<Table> tables_;
  std::vector<View> views_;
  struct Database {
    std::string name;
    std::string charset;
    std::string collation;
  };
  std::vector<Database> databases_;
  std::string current_database_;
  std::vector<CatalogIssue> issues_;
  // The session's foreign_key_checks (SET foreign_key_checks = 0, as mysqldump writes it): on
  // again at each new file, which the server would run in a session of its own.
  bool foreign_key_checks_ = true;
  std::string session_file_;
  // Filled in by the DDL applier (catalog_builder.h) as it needs.
  friend class CatalogBuilder;
};

// The longest key a table's engine and row format take, in bytes, and the longest part:
// InnoDB DYNAMIC and COMPRESSED (the default) 3072 and 3072, COMPACT and REDUNDANT 767 a part,
// MyISAM and Aria 1000 (MySQL 8.0 17.22 "InnoDB Limits"; MariaDB "InnoDB Limitations").
struct KeyLimit {
  uint32_t part;
  uint32_t key;
  std::string_view what;  // "InnoDB", "MyISAM and Aria", …: for messages
};
KeyLimit KeyLimitOf(const Table& table);

// `name` quoted for generated SQL: backticks, with backticks inside doubled.
std::string QuoteIdentifier(std::string_view name);
// `db`.`t`, or `t` when the table has no database.
std::string QuoteTableName(const Table& table);

// Charset helpers, flavour-independent.
std::string NormalizeCharset(std::string_view name);         // lower-case; utf8 → utf8mb3
std::string NormalizeCollation(std::string_view name);       // lower-case; utf8_x → utf8mb3_x
std::string CharsetOfCollation(std::string_view collation);  // "latin1_swedish_ci" → "latin1"
uint32_t MaxBytesPerChar(std::string_view charset);          // utf8mb4 → 4, latin1 → 1

// Statistics from a JSON file (docs/stats.md):
//   {"tables": [{"database": "shop", "table": "orders", "rows": 1200000,
//                "columns": {"status": 6, "customer_id": 90000},
//                "indexes": {"idx_customer_created": [90000, 1150000]}}]}
// Tables or columns the catalog does not have are reported in the returned issues, not fatal.
Result<std::vector<CatalogIssue>> LoadStats(Catalog& catalog, std::string_view json_text,
                                            std::string_view file);

}  // namespace qadvisor::analyzer
