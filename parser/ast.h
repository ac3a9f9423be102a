// The AST of the MySQL-dialect parser.
//
// Nodes are small structs with a kind tag and the source span they were parsed from; the kind
// tells which derived struct a node is (As<T>() checks it in debug builds). Nodes live in the
// Arena of their ParseResult and point into its copy of the SQL text: they hold pointers,
// spans and string_views only, are immutable after parsing, and die with the ParseResult.
// Binding (analyzer/) builds its own model from them; nothing here knows about a schema.
//
// Grammar references: MySQL 8.0 Reference Manual 15.2.13 (SELECT), 15.2.15 (subqueries),
// 14.4.1 (operator precedence), and MariaDB's SELECT page.
#pragma once

#include <cassert>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace qadvisor::parser::ast {

// Where a node came from: a byte range of the statement's text.
struct Span {
  uint32_t offset = 0;
  uint32_t length = 0;
  uint32_t end() const { return offset + length; }
};

// An identifier as written: `raw` keeps its quotes (`a``b`, "x" under ANSI_QUOTES), so the
// printer can write it back unchanged. Value() is the name it denotes.
struct Ident {
  std::string_view raw;
  uint32_t offset = 0;

  bool empty() const { return raw.empty(); }
  bool quoted() const { return !raw.empty() && (raw.front() == '`' || raw.front() == '"'); }
  std::string Value() const;  // unquoted, doubled quotes undone
};
// Names compare by value; case-insensitively, as MySQL compares column names.
bool SameName(const Ident& a, const Ident& b);

// A dotted name: db.table, table.column, db.table.column.
struct Name {
  std::span<const Ident> parts;
  const Ident& last() const { return parts.back(); }
};

// ---------------------------------------------------------------------------------------------
// Expressions

enum class ExprKind : uint8_t {
  kLiteral,
  kParam,
  kVariable,
  kColumn,
  kUnary,
  kBinary,
  kIs,
  kBetween,
  kIn,
  kLike,
  kFunction,
  kCase,
  kCast,
  kInterval,
  kCollate,
  kExists,
  kSubquery,
  kRow,
  kMatch,
  kDefault,
};

// The base of expressions, table references and statements: a kind tag and a span. As<T>()
// is the checked downcast to the struct the kind names.
template <typename KindEnum>
struct Node {
  KindEnum kind;
  Span span;

  template <typename T>
  const T& As() const {
    assert(kind == T::kKind);
    return static_cast<const T&>(*this);
  }
};

struct Expr : Node<ExprKind> {};

struct Query;
struct OrderItem;
struct WindowSpec;

enum class LiteralKind : uint8_t { kString, kNumber, kHex, kBit, kNull, kTrue, kFalse, kTemporal };

// 'text' (adjacent strings joined), N'text', _charset'text', 12.5, 0x1F, b'01', NULL, TRUE,
// DATE '2024-01-01'. `text` is the literal as written: all adjacent strings with what stands
// between them, quotes included, and the N of N'text'. `prefix` is an introducer or a
// temporal keyword written before it.
struct Literal : Expr {
  static constexpr ExprKind kKind = ExprKind::kLiteral;
  LiteralKind literal;
  std::string_view text;
  std::string_view prefix;  // _utf8mb4, DATE, TIME, TIMESTAMP, or empty
};

struct Param : Expr {  // ? or :name
  static constexpr ExprKind kKind = ExprKind::kParam;
  std::string_view text;
};

struct Variable : Expr {  // @user_var, @@global.system_var
  static constexpr ExprKind kKind = ExprKind::kVariable;
  std::string_view text;
  bool system;
};

// a, t.a, db.t.a, *, t.*
struct Column : Expr {
  static constexpr ExprKind kKind = ExprKind::kColumn;
  Name name;  // empty for a bare *
  bool star;
};

enum class UnaryOp : uint8_t { kMinus, kPlus, kBitNot, kNot, kBang, kBinary };

struct Unary : Expr {
  static constexpr ExprKind kKind = ExprKind::kUnary;
  UnaryOp op;
  const Expr* operand;
};

enum class BinaryOp : uint8_t {
  kOr,
  kXor,
  kAnd,
  kEq,
  kNullSafeEq,
  kNotEq,
  kLt,
  kLe,
  kGt,
  kGe,
  kBitOr,
  kBitAnd,
  kBitXor,
  kShiftLeft,
  kShiftRight,
  kAdd,
  kSub,
  kMul,
  kDiv,
  kIntDiv,
  kMod,
  kJsonExtract,
  kJsonUnquote,  // -> and ->>
  kRegexp,
  kNotRegexp,
  kSoundsLike,
  kMemberOf,
  kAssign,  // :=
};

// For a comparison with a subquery: a = ANY (SELECT …), a > ALL (SELECT …).
enum class Quantifier : uint8_t { kNone, kAny, kSome, kAll };

struct Binary : Expr {
  static constexpr ExprKind kKind = ExprKind::kBinary;
  BinaryOp op;
  Quantifier quantifier;  // kNone unless `right` is a subquery after ANY/SOME/ALL
  const Expr* left;
  const Expr* right;
};

enum class IsWhat : uint8_t { kNull, kTrue, kFalse, kUnknown };

struct Is : Expr {  // x IS [NOT] NULL / TRUE / FALSE / UNKNOWN
  static constexpr ExprKind kKind = ExprKind::kIs;
  const Expr* operand;
  IsWhat what;
  bool negated;
};

struct Between : Expr {
  static constexpr ExprKind kKind = ExprKind::kBetween;
  const Expr* operand;
  const Expr* low;
  const Expr* high;
  bool negated;
};

struct In : Expr {  // x [NOT] IN (list) | x [NOT] IN (subquery)
  static constexpr ExprKind kKind = ExprKind::kIn;
  const Expr* operand;
  std::span<const Expr* const> list;
  const Query* subquery;  // set instead of list
  bool negated;
};

struct Like : Expr {  // x [NOT] LIKE pattern [ESCAPE e]
  static constexpr ExprKind kKind = ExprKind::kLike;
  const Expr* operand;
  const Expr* pattern;
  const Expr* escape;
  bool negated;
};

// The special syntaxes of some functions, printed back as written.
enum class CallForm : uint8_t {
  kPlain,          // f(a, b), COUNT(*), COUNT(DISTINCT a)
  kTrim,           // TRIM([BOTH|LEADING|TRAILING] [remstr] FROM str): modifier, args {remstr?, str}
  kSubstringFrom,  // SUBSTRING(str FROM pos [FOR len])
  kExtract,        // EXTRACT(unit FROM expr): modifier = unit
  kPosition,       // POSITION(substr IN str)
  kGroupConcat,    // GROUP_CONCAT([DISTINCT] exprs [ORDER BY …] [SEPARATOR 'x'])
  kCharUsing,      // CHAR(n, … USING charset): modifier = charset
  kNoParens,       // CURRENT_TIMESTAMP, CURRENT_DATE, … written without parentheses
};

struct Function : Expr {
  static constexpr ExprKind kKind = ExprKind::kFunction;
  Name name;
  CallForm form;
  bool distinct;
  bool star;                  // COUNT(*)
  std::string_view modifier;  // LEADING, a date unit, a charset (see CallForm)
  std::span<const Expr* const> args;
  std::span<const OrderItem> order_by;  // GROUP_CONCAT(… ORDER BY …)
  const Expr* separator;                // GROUP_CONCAT
  const WindowSpec* over;               // OVER (…) or OVER name
  std::string_view distinct_word;       // DISTINCTROW, DISTINCT ALL, …: DISTINCT spelt so
};

struct When {
  const Expr* condition;
  const Expr* result;
};

struct Case : Expr {  // CASE [operand] WHEN … THEN … [ELSE …] END
  static constexpr ExprKind kKind = ExprKind::kCase;
  const Expr* operand;
  std::span<const When> whens;
  const Expr* otherwise;
};

// A type as CAST and CONVERT take it, and (later) as a column definition has it.
struct DataType {
  std::string_view name;        // as written: CHAR, SIGNED, DECIMAL, DOUBLE PRECISION, …
  std::string_view length;      // the digits of (N), or empty
  std::string_view scale;       // the D of (M,D), or empty
  std::string_view charset;     // CHAR(10) CHARACTER SET utf8mb4
  bool is_unsigned = false;     // UNSIGNED (name is then "UNSIGNED" too)
  bool integer_suffix = false;  // SIGNED INTEGER / UNSIGNED INTEGER: INTEGER written after
};

struct Cast : Expr {  // CAST(x AS type), CONVERT(x, type), CONVERT(x USING charset)
  static constexpr ExprKind kKind = ExprKind::kCast;
  const Expr* operand;
  DataType type;
  std::string_view using_charset;  // CONVERT … USING: type unused
  bool convert;                    // written as CONVERT
  bool array;                      // CAST(… AS type ARRAY)
};

struct Interval : Expr {  // INTERVAL expr unit
  static constexpr ExprKind kKind = ExprKind::kInterval;
  const Expr* value;
  std::string_view unit;  // DAY, HOUR_MINUTE, …
};

struct Collate : Expr {
  static constexpr ExprKind kKind = ExprKind::kCollate;
  const Expr* operand;
  Ident collation;
};

struct Exists : Expr {
  static constexpr ExprKind kKind = ExprKind::kExists;
  const Query* query;
};

struct Subquery : Expr {  // (SELECT …) as a value
  static constexpr ExprKind kKind = ExprKind::kSubquery;
  const Query* query;
};

struct Row : Expr {  // (a, b) or ROW(a, b)
  static constexpr ExprKind kKind = ExprKind::kRow;
  std::span<const Expr* const> items;
  bool row_keyword;
};

struct Match : Expr {  // MATCH (cols) AGAINST (expr [modifier])
  static constexpr ExprKind kKind = ExprKind::kMatch;
  std::span<const Expr* const> columns;
  const Expr* against;
  std::string_view modifier;  // IN BOOLEAN MODE, WITH QUERY EXPANSION, … as written
};

struct Default : Expr {  // DEFAULT in INSERT … VALUES and SET col = DEFAULT
  static constexpr ExprKind kKind = ExprKind::kDefault;
};

// ---------------------------------------------------------------------------------------------
// Queries

enum class Direction : uint8_t { kNone, kAsc, kDesc };

struct OrderItem {
  const Expr* expr;
  Direction direction;
};

enum class FrameUnit : uint8_t { kNone, kRows, kRange, kGroups };
enum class BoundKind : uint8_t {
  kUnboundedPreceding,
  kPreceding,
  kCurrentRow,
  kFollowing,
  kUnboundedFollowing
};

struct FrameBound {
  BoundKind kind;
  const Expr* offset;  // for kPreceding / kFollowing
};

struct WindowSpec {
  Ident name;          // OVER name, or the base window of OVER (name …)
  bool parenthesized;  // OVER (…) rather than OVER name
  std::span<const Expr* const> partition_by;
  std::span<const OrderItem> order_by;
  FrameUnit frame_unit;
  bool frame_between;
  FrameBound frame_start;
  FrameBound frame_end;
};

struct NamedWindow {  // WINDOW w AS (…)
  Ident name;
  const WindowSpec* spec;
};

enum class HintAction : uint8_t { kUse, kForce, kIgnore };
enum class HintScope : uint8_t { kAll, kJoin, kOrderBy, kGroupBy };

struct IndexHint {  // USE INDEX (a, b) FOR JOIN
  HintAction action;
  bool key_keyword;  // written KEY rather than INDEX
  HintScope scope;
  std::span<const Ident> indexes;
};

enum class TableRefKind : uint8_t { kTable, kJoin, kDerived, kParens };

struct TableRef : Node<TableRefKind> {};

struct TableName : TableRef {  // db.t [PARTITION (p)] [[AS] alias] [index hints]
  static constexpr TableRefKind kKind = TableRefKind::kTable;
  Name name;
  std::span<const Ident> partitions;
  Ident alias;
  bool alias_as;
  std::span<const IndexHint> hints;
};

enum class JoinKind : uint8_t {
  kComma,
  kInner,
  kCross,
  kStraight,
  kLeft,
  kRight,
  kNaturalInner,
  kNaturalLeft,
  kNaturalRight,
};

struct Join : TableRef {
  static constexpr TableRefKind kKind = TableRefKind::kJoin;
  JoinKind join;
  bool inner_keyword;  // JOIN written INNER JOIN; LEFT written LEFT OUTER JOIN
  const TableRef* left;
  const TableRef* right;
  const Expr* on;
  std::span<const Ident> using_columns;
  bool has_using;
};

struct DerivedTable : TableRef {  // [LATERAL] (subquery) [AS] alias [(col, …)]
  static constexpr TableRefKind kKind = TableRefKind::kDerived;
  const Query* query;
  bool lateral;
  Ident alias;
  bool alias_as;
  std::span<const Ident> columns;
};

struct ParenTables : TableRef {  // ( t1, t2 JOIN t3 … )
  static constexpr TableRefKind kKind = TableRefKind::kParens;
  std::span<const TableRef* const> items;
};

// SELECT modifiers, in the order MySQL prints them.
enum SelectOption : uint32_t {
  kAll = 1 << 0,
  kDistinct = 1 << 1,
  kDistinctRow = 1 << 2,
  kHighPriority = 1 << 3,
  kStraightJoin = 1 << 4,
  kSqlSmallResult = 1 << 5,
  kSqlBigResult = 1 << 6,
  kSqlBufferResult = 1 << 7,
  kSqlNoCache = 1 << 8,
  kSqlCache = 1 << 9,
  kSqlCalcFoundRows = 1 << 10,
};

struct SelectItem {
  const Expr* expr;
  Ident alias;
  bool alias_as;
  std::string_view string_alias;  // SELECT a 'name': an alias written as a string, quotes kept
};

struct Select {  // one SELECT … block
  Span span;
  std::string_view hint;  // /*+ … */ after SELECT, markers included
  uint32_t options;       // SelectOption bits
  std::span<const SelectItem> items;
  std::span<const TableRef* const> from;  // comma-separated entries; joins inside
  bool from_dual;
  const Expr* where;
  std::span<const Expr* const> group_by;
  std::span<const Direction> group_by_directions;  // MySQL 5.7 GROUP BY a DESC
  bool with_rollup;
  const Expr* having;
  std::span<const NamedWindow> windows;
  // INTO @a, @b | INTO OUTFILE 'file' [options] | INTO DUMPFILE 'file', written after the select
  // list: the clause as written, from INTO on (empty when absent).
  std::string_view into;
};

enum class SetOp : uint8_t { kUnion, kIntersect, kExcept };

struct QueryTerm;  // a SELECT block, a set operation, or a parenthesised query

struct SetOperation {
  SetOp op;
  bool all;
  bool distinct_keyword;  // UNION DISTINCT (or DISTINCTROW, the same token) written out
  const QueryTerm* left;
  const QueryTerm* right;
};

struct QueryTerm {
  Span span;
  const Select* select;  // exactly one of these three is set
  const SetOperation* set_op;
  const Query* parens;
};

struct Cte {
  Ident name;
  std::span<const Ident> columns;
  const Query* query;
};

enum class LockMode : uint8_t { kNone, kForUpdate, kForShare, kLockInShareMode };
enum class LockWait : uint8_t { kWait, kNoWait, kSkipLocked };

struct Query {  // [WITH …] term [ORDER BY …] [LIMIT …] [FOR UPDATE …]
  Span span;
  bool recursive;
  std::span<const Cte> with;
  const QueryTerm* term;
  std::span<const OrderItem> order_by;
  const Expr* limit;
  const Expr* offset;
  bool offset_keyword;  // LIMIT n OFFSET m rather than LIMIT m, n
  LockMode lock;
  std::span<const Ident> lock_of;
  LockWait lock_wait;
  std::string_view into;  // INTO … written at the end of the statement (MySQL 8.0.20), as written
};

// ---------------------------------------------------------------------------------------------
// Statements

enum class StatementKind : uint8_t {
  kSelect,
  kInsert,
  kUpdate,
  kDelete,
  kCreateTable,
  kCreateIndex,
  kAlterTable,
  kDropTable,
  kDropIndex,
  kRenameTable,
  kCreateDatabase,
  kUse,
  kSet,
  kUnsupported,
};

// span: in the script the statement came from; line and column of its first byte there (the
// splitter knows them, so nobody has to count lines from the top of a large script again).
struct Statement : Node<StatementKind> {
  uint32_t line = 1;
  uint32_t column = 1;
};

struct SelectStatement : Statement {
  static constexpr StatementKind kKind = StatementKind::kSelect;
  const Query* query;
};

// DML modifiers, in the order MySQL prints them.
enum DmlOption : uint32_t {
  kDmlLowPriority = 1 << 0,
  kDmlDelayed = 1 << 1,
  kDmlHighPriority = 1 << 2,
  kDmlQuick = 1 << 3,
  kDmlIgnore = 1 << 4,
};

struct Assignment {  // col = expr (expr may be DEFAULT)
  Name column;
  const Expr* value;
};

// INSERT | REPLACE [hint] [options] [INTO] table [PARTITION (p, …)] [(col, …)]
//   { VALUES | VALUE } (row), … | VALUES ROW(…), … | SET col = expr, … | query | TABLE t
//   [AS row_alias [(col, …)]] [ON DUPLICATE KEY UPDATE col = expr, …] [RETURNING items]
struct InsertStatement : Statement {
  static constexpr StatementKind kKind = StatementKind::kInsert;
  bool replace;           // REPLACE rather than INSERT
  std::string_view hint;  // /*+ … */, markers included
  uint32_t options;       // DmlOption bits
  bool into;              // INTO written
  Name table;
  std::span<const Ident> partitions;
  bool column_list;  // (col, …) written, possibly empty: ()
  std::span<const Ident> columns;
  // The source: exactly one of rows (VALUES), set (SET …), query (SELECT …) or source_table.
  std::span<const std::span<const Expr* const>> rows;
  bool value_keyword;  // VALUE rather than VALUES
  bool row_keyword;    // VALUES ROW(…), ROW(…)
  std::span<const Assignment> set;
  const Query* query;
  Name source_table;  // INSERT … TABLE t (MySQL 8.0.19): every row of t
  Ident row_alias;    // MySQL 8.0.19: VALUES (…) AS new (a, b)
  std::span<const Ident> row_alias_columns;
  std::span<const Assignment> on_duplicate;
  // MariaDB 10.5: RETURNING select_item, … — what the statement gives back, read from the rows
  // it inserted (columns name the target table; no subqueries or aggregates).
  std::span<const SelectItem> returning;
};

// [WITH …] UPDATE [hint] [options] table_ref, … SET col = expr, … [WHERE expr]
//   [ORDER BY …] [LIMIT n]   (ORDER BY and LIMIT only with a single table)
struct UpdateStatement : Statement {
  static constexpr StatementKind kKind = StatementKind::kUpdate;
  bool recursive;
  std::span<const Cte> with;
  std::string_view hint;
  uint32_t options;
  std::span<const TableRef* const> tables;
  std::span<const Assignment> set;
  const Expr* where;
  std::span<const OrderItem> order_by;
  const Expr* limit;
};

// [WITH …] DELETE [hint] [options] FROM table [[AS] alias] [PARTITION (p, …)] [WHERE expr]
//   [ORDER BY …] [LIMIT n] [RETURNING items]                       (single table: tables[0])
// | DELETE [options] t1[.*], … FROM table_ref, … [WHERE expr]      (multi-table: targets)
// | DELETE [options] FROM t1[.*], … USING table_ref, … [WHERE expr] (multi-table, using_form)
struct DeleteStatement : Statement {
  static constexpr StatementKind kKind = StatementKind::kDelete;
  bool recursive;
  std::span<const Cte> with;
  std::string_view hint;
  uint32_t options;
  std::span<const Name> targets;       // empty for the single-table form
  std::span<const bool> target_stars;  // t1.* written, index for index with targets
  bool using_form;
  std::span<const TableRef* const> tables;
  const Expr* where;
  std::span<const OrderItem> order_by;
  const Expr* limit;
  std::span<const SelectItem> returning;  // MariaDB 10.5, single-table form: RETURNING items
};

// ---------------------------------------------------------------------------------------------
// CREATE TABLE (what `mysqldump --no-data` and SHOW CREATE TABLE print, and migrations write)

// A column type as written; the catalog reduces it to a family. INT(11) UNSIGNED ZEROFILL,
// VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin, DECIMAL(10,2), ENUM('a','b'), …
struct ColumnType {
  std::string_view name;    // as written, one or two words: INT, DOUBLE PRECISION, …
  std::string_view length;  // digits of (N), or empty
  std::string_view scale;   // digits of the D of (M,D), or empty
  std::span<const std::string_view> values;  // ENUM / SET members, quotes kept
  bool is_unsigned = false;
  bool is_signed = false;  // SIGNED written
  bool zerofill = false;
  bool binary = false;         // the BINARY attribute of a character type: CHAR(10) BINARY
  std::string_view charset;    // CHARACTER SET x or CHARSET x
  std::string_view collation;  // COLLATE x, where written right after the type or as attribute
  // ASCII | UNICODE | BYTE after a string type: short for CHARACTER SET latin1 / ucs2 / binary
  // (sql_yacc.yy opt_charset_with_opt_binary), as written
  std::string_view charset_shorthand;
};

enum class Nullability : uint8_t { kUnspecified, kNull, kNotNull };

struct ColumnDef {
  Ident name;
  ColumnType type;
  Nullability nullability;
  const Expr* default_value;  // DEFAULT literal | DEFAULT (expr) | DEFAULT CURRENT_TIMESTAMP(n)
  bool default_parens;        // DEFAULT (expr) written with its parentheses
  const Expr* on_update;      // ON UPDATE CURRENT_TIMESTAMP[(n)]
  bool auto_increment;
  bool unique;               // inline UNIQUE [KEY]
  bool primary_key;          // inline [PRIMARY] KEY
  std::string_view comment;  // the string literal, quotes kept
  const Expr* generated;     // [GENERATED ALWAYS] AS (expr)
  bool generated_always;
  std::string_view storage;  // VIRTUAL | STORED | PERSISTENT (MariaDB), or empty
  bool invisible;
  std::string_view column_format;  // COLUMN_FORMAT FIXED | DYNAMIC | DEFAULT
  const Expr* check;               // [CONSTRAINT [name]] CHECK (expr)
  bool check_constraint;           // CONSTRAINT written before CHECK
  Ident check_name;                // its name, when written
  // REFERENCES t [(cols)] [MATCH …] [ON DELETE …] [ON UPDATE …], as written: MySQL and MariaDB
  // parse an inline reference and ignore it (no foreign key is made).
  std::string_view references;
  std::string_view srid;           // SRID n
  Span span;                       // the whole definition
  bool serial_default_value;       // SERIAL DEFAULT VALUE: NOT NULL AUTO_INCREMENT UNIQUE
  std::string_view storage_media;  // STORAGE DISK | MEMORY | DEFAULT (MySQL, for NDB), as written
};

enum class IndexType : uint8_t { kPrimary, kUnique, kKey, kFulltext, kSpatial, kForeign, kCheck };

struct KeyPart {  // column [(length)] [ASC | DESC], or (expr) [ASC | DESC]
  Ident column;
  const Expr* expr;  // a functional key part (MySQL 8.0.13)
  std::string_view length;
  Direction direction;
};

struct IndexDef {
  IndexType type;
  bool constraint_keyword;  // CONSTRAINT written
  Ident constraint;         // CONSTRAINT name
  bool index_keyword;       // INDEX written (after UNIQUE/FULLTEXT/SPATIAL, or alone)
  bool key_keyword;         // KEY written
  Ident name;
  std::string_view using_type;  // USING BTREE | HASH
  std::span<const KeyPart> parts;
  std::string_view comment;
  std::string_view key_block_size;
  std::string_view parser;      // WITH PARSER name
  std::string_view visibility;  // VISIBLE | INVISIBLE | IGNORED | NOT IGNORED, as written
  // FOREIGN KEY (parts) REFERENCES ref_table (ref_columns) [MATCH …] [ON DELETE …] [ON UPDATE …]
  Name ref_table;
  std::span<const Ident> ref_columns;
  std::string_view match;      // FULL | PARTIAL | SIMPLE
  std::string_view on_delete;  // RESTRICT | CASCADE | SET NULL | NO ACTION | SET DEFAULT
  std::string_view on_update;
  // CHECK (check) [[NOT] ENFORCED]
  const Expr* check;
  std::string_view enforced;  // ENFORCED | NOT ENFORCED, or empty
  bool if_not_exists;         // MariaDB: ADD {INDEX | KEY | FOREIGN KEY} IF NOT EXISTS
  Span span;                  // the whole definition
};

// ENGINE=InnoDB, DEFAULT CHARSET=utf8mb4, AUTO_INCREMENT=5, COMMENT='x', UNION=(a, b), …
struct TableOption {
  std::string_view name;   // the option's words as written: "DEFAULT CHARSET", "ENGINE"
  std::string_view value;  // its value as written: InnoDB, 'text', 5, (t1, t2)
  bool equals;             // `=` written
};

// CREATE [TEMPORARY] TABLE [IF NOT EXISTS] name
//   { (element, …) [options] [partitioning] [[IGNORE | REPLACE] [AS] query]
//   | LIKE other | (LIKE other) | [options] [partitioning] [IGNORE | REPLACE] [AS] query }
struct CreateTableStatement : Statement {
  static constexpr StatementKind kKind = StatementKind::kCreateTable;
  bool temporary;
  bool if_not_exists;
  Name table;
  bool has_elements;  // a parenthesised element list was written
  std::span<const ColumnDef> columns;
  std::span<const IndexDef> indexes;  // keys and constraints, in the order written
  Name like;                          // CREATE TABLE t LIKE other
  bool like_parens;
  std::span<const TableOption> options;
  std::string_view partitioning;  // PARTITION BY … as written, to its end
  std::string_view duplicates;    // IGNORE | REPLACE before the query
  bool as_keyword;
  const Query* query;  // CREATE TABLE … [AS] SELECT …
};

// CREATE [UNIQUE | FULLTEXT | SPATIAL] INDEX name [USING type] ON table (parts) {index_option}
//   {ALGORITHM [=] x | LOCK [=] x}
struct CreateIndexStatement : Statement {
  static constexpr StatementKind kKind = StatementKind::kCreateIndex;
  bool if_not_exists;  // MariaDB: CREATE INDEX IF NOT EXISTS
  IndexDef index;  // type kKey, kUnique, kFulltext or kSpatial; name, using_type, parts, options
  Name table;
  std::span<const TableOption> algorithm_lock;  // ALGORITHM=INPLACE, LOCK=NONE, as written
};

enum class AlterKind : uint8_t {
  kAddColumn,       // ADD [COLUMN] column_def [FIRST | AFTER col]
  kAddIndex,        // ADD key_def (any kind: PRIMARY KEY, UNIQUE, INDEX, FOREIGN KEY, CHECK, …)
  kDropColumn,      // DROP [COLUMN] name
  kDropIndex,       // DROP {INDEX | KEY} name
  kDropPrimaryKey,  // DROP PRIMARY KEY
  kDropForeignKey,  // DROP FOREIGN KEY name
  kModifyColumn,    // MODIFY [COLUMN] column_def [FIRST | AFTER col]
  kChangeColumn,    // CHANGE [COLUMN] old column_def [FIRST | AFTER col]
  kRenameColumn,    // RENAME COLUMN old TO new
  kRenameIndex,     // RENAME {INDEX | KEY} old TO new
  kRenameTable,     // RENAME [TO | AS] name
  kConvertCharset,  // CONVERT TO {CHARACTER SET | CHARSET} x [COLLATE y]
  kAlterColumn,  // ALTER [COLUMN] name {SET DEFAULT x | DROP DEFAULT | SET {VISIBLE | INVISIBLE}}
  kAlterIndex,   // ALTER {INDEX | KEY} name {VISIBLE | INVISIBLE | IGNORED | NOT IGNORED}
  kDropConstraint,  // DROP {CHECK | CONSTRAINT} [IF EXISTS] name
  kForce,           // FORCE
  kOption,          // a table option: ENGINE=InnoDB, [DEFAULT] CHARSET=x, ALGORITHM=INPLACE, …
  kOther,           // anything else, kept as written (ADD PARTITION …, ENGINE x without `=`, …)
};

struct AlterAction {
  AlterKind kind;
  bool column_keyword;  // COLUMN written
  bool if_exists;       // MariaDB: DROP … IF EXISTS, ADD … IF NOT EXISTS
  ColumnDef column;     // kAddColumn, kModifyColumn, kChangeColumn
  Ident
      name;  // the column, index, key or constraint dropped, renamed or altered; CHANGE's old name
  Ident new_name;             // RENAME … TO new
  bool key_keyword;           // DROP KEY / RENAME KEY rather than INDEX
  std::string_view position;  // FIRST | AFTER col, as written
  IndexDef index;             // kAddIndex
  std::string_view charset;   // kConvertCharset
  std::string_view collation;
  Name table;                    // kRenameTable
  std::string_view rename_word;  // TO | AS | empty
  TableOption option;            // kOption
  // kAlterColumn: "SET DEFAULT", "DROP DEFAULT", "SET VISIBLE" or "SET INVISIBLE" (these
  // strings); kAlterIndex: the visibility as written (VISIBLE, INVISIBLE, IGNORED, NOT IGNORED);
  // kDropConstraint: CHECK or CONSTRAINT as written.
  std::string_view setting;
  const Expr* default_value;       // kAlterColumn SET DEFAULT
  bool default_parens;             // SET DEFAULT (expr) written with its parentheses
  std::string_view text;           // kOther: the action as written
  Span span;                       // the whole action
  std::string_view drop_behavior;  // kDropColumn: RESTRICT | CASCADE (ignored by the servers)
};

// ALTER [ONLINE] [IGNORE] TABLE name action {, action} [partitioning]
struct AlterTableStatement : Statement {
  static constexpr StatementKind kKind = StatementKind::kAlterTable;
  bool online;
  bool ignore;
  Name table;
  std::span<const AlterAction> actions;
  std::string_view partitioning;  // a trailing PARTITION … clause, as written
  bool if_exists;                 // MariaDB 10.5: ALTER TABLE IF EXISTS name
};

// DROP [TEMPORARY] TABLE [IF EXISTS] name {, name} [RESTRICT | CASCADE]
struct DropTableStatement : Statement {
  static constexpr StatementKind kKind = StatementKind::kDropTable;
  bool temporary;
  bool if_exists;
  std::span<const Name> tables;
  std::string_view behavior;  // RESTRICT | CASCADE
};

// DROP INDEX name ON table {ALGORITHM [=] x | LOCK [=] x}
struct DropIndexStatement : Statement {
  static constexpr StatementKind kKind = StatementKind::kDropIndex;
  bool if_exists;  // MariaDB: DROP INDEX IF EXISTS
  Ident index;     // PRIMARY (quoted or not) drops the primary key
  Name table;
  std::span<const TableOption> algorithm_lock;
};

// CREATE {DATABASE | SCHEMA} [IF NOT EXISTS] name {[DEFAULT] CHARACTER SET [=] x | COLLATE …}
struct CreateDatabaseStatement : Statement {
  static constexpr StatementKind kKind = StatementKind::kCreateDatabase;
  bool schema_keyword;
  bool if_not_exists;
  Ident name;
  std::span<const TableOption> options;
};

struct UseStatement : Statement {  // USE db
  static constexpr StatementKind kKind = StatementKind::kUse;
  Ident database;
};

// One assignment of SET: [GLOBAL | SESSION | LOCAL | PERSIST | PERSIST_ONLY] name = expr,
// @user = expr, @@[scope.]name = expr.
struct SetVariable {
  std::string_view scope;  // the scope keyword as written, or empty
  const Expr* target;      // a Variable, or a Column naming a system variable
  const Expr* value;       // DEFAULT, ON, an expression…
  bool assign_operator;    // := written rather than =
};

// SET NAMES x [COLLATE y] | SET {CHARACTER SET | CHARSET} x | SET set_variable {, set_variable}
struct SetStatement : Statement {
  static constexpr StatementKind kKind = StatementKind::kSet;
  bool names;                     // SET NAMES
  bool charset;                   // SET CHARACTER SET / CHARSET
  std::string_view charset_word;  // CHARSET or CHARACTER SET, as written
  std::string_view value;         // the character set (or DEFAULT), as written
  std::string_view collation;
  std::span<const SetVariable> variables;
};

// A statement of a kind this parser recognises but does not model (GRANT, CREATE PROCEDURE,
// …): skipped to its end, never half-parsed.
// RENAME {TABLE | TABLES} [IF EXISTS] from TO to {, from TO to} [WAIT n | NOWAIT]
struct RenamePair {
  Name from;
  Name to;
};
struct RenameTableStatement : Statement {
  static constexpr StatementKind kKind = StatementKind::kRenameTable;
  bool tables_keyword;  // TABLES written
  bool if_exists;       // MariaDB 10.5.2
  std::span<const RenamePair> pairs;
  std::string_view wait;  // MariaDB: WAIT n | NOWAIT, as written
};

struct UnsupportedStatement : Statement {
  static constexpr StatementKind kKind = StatementKind::kUnsupported;
  std::string_view what;  // its first keyword as written: "GRANT", "create"
};

}  // namespace qadvisor::parser::ast
