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
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <span>
#include <string>
#include <string_view>
#include <vector>

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
  kSequenceValue,
  kEscape,
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
  kJsonValue,      // JSON_VALUE(doc, path [RETURNING type] [on_empty] [on_error]): args {doc, path}
};

// The null treatment of FIRST_VALUE, LAST_VALUE, NTH_VALUE, LAG and LEAD (MySQL 8.0 14.20.1).
enum class NullTreatment : uint8_t { kNone, kRespectNulls, kIgnoreNulls };
// NTH_VALUE(expr, n) FROM FIRST | FROM LAST.
enum class FromEdge : uint8_t { kNone, kFirst, kLast };

// JSON_VALUE's {NULL | ERROR | DEFAULT value} ON EMPTY / ON ERROR (MySQL 8.0 14.17.3).
enum class JsonResponse : uint8_t { kNone, kNull, kError, kDefault };
struct JsonOn {
  JsonResponse response;
  const Expr* value;  // kDefault: a literal
};

struct DataType;

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
  // GROUP_CONCAT(… LIMIT n | LIMIT offset, n | LIMIT n OFFSET offset) (MariaDB 10.3), and
  // MariaDB's JSON_ARRAYAGG(… LIMIT …).
  const Expr* limit;
  const Expr* offset;
  bool offset_keyword;             // LIMIT n OFFSET m rather than LIMIT m, n
  FromEdge from_edge;              // NTH_VALUE(…) FROM FIRST | FROM LAST
  NullTreatment nulls;             // FIRST_VALUE(…) RESPECT NULLS | IGNORE NULLS, before OVER
  const DataType* returning;       // kJsonValue: RETURNING type, or null
  JsonOn on_empty;                 // kJsonValue: … ON EMPTY
  JsonOn on_error;                 // kJsonValue: … ON ERROR
  std::string_view distinct_word;  // DISTINCTROW, DISTINCT ALL, …: DISTINCT spelt so
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
  bool binary = false;          // CHAR(10) BINARY, CHAR BINARY CHARACTER SET x: a _bin collation
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

struct Match : Expr {  // MATCH (cols) AGAINST (expr [modifier]) | MATCH col, … AGAINST (…)
  static constexpr ExprKind kKind = ExprKind::kMatch;
  std::span<const Expr* const> columns;
  const Expr* against;
  std::string_view modifier;  // IN BOOLEAN MODE, WITH QUERY EXPANSION, … as written
  bool bare_columns;          // the columns written without parentheses
};

struct Default : Expr {  // DEFAULT in INSERT … VALUES and SET col = DEFAULT
  static constexpr ExprKind kKind = ExprKind::kDefault;
};

// MariaDB sequences: NEXT VALUE FOR seq (what NEXTVAL(seq) does: advances it) and
// PREVIOUS VALUE FOR seq (LASTVAL(seq): the session's last value). NEXTVAL(seq) and LASTVAL(seq)
// stay Function calls: in MySQL they are only names a stored function may have.
struct SequenceValue : Expr {
  static constexpr ExprKind kKind = ExprKind::kSequenceValue;
  bool next;      // NEXT rather than PREVIOUS
  Name sequence;  // [db.]seq
};

// { ident expr }, the ODBC escape MySQL and MariaDB accept (sql_yacc.yy simple_expr): {d 'x'},
// {t 'x'} and {ts 'x'} make a DATE, TIME or DATETIME of a string; any other word leaves the
// expression as it is ({fn NOW()}).
struct Escape : Expr {
  static constexpr ExprKind kKind = ExprKind::kEscape;
  Ident keyword;  // d, t, ts, fn, … as written
  const Expr* expr;
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

enum class TableRefKind : uint8_t { kTable, kJoin, kDerived, kParens, kJsonTable };

struct TableRef : Node<TableRefKind> {};

// MariaDB system versioning: FOR SYSTEM_TIME {AS OF p | BETWEEN p AND p | FROM p TO p | ALL}
enum class SystemTimeKind : uint8_t { kNone, kAsOf, kBetween, kFromTo, kAll };

// A point in a table's history: [TIMESTAMP | TRANSACTION] expr. TIMESTAMP before a string is
// the temporal literal TIMESTAMP '…', not this keyword.
struct HistoryPoint {
  std::string_view unit;  // TIMESTAMP or TRANSACTION, as written, or empty
  const Expr* value;
};

struct SystemTime {
  SystemTimeKind kind;
  HistoryPoint start;  // AS OF's point, or the first of BETWEEN / FROM
  HistoryPoint end;    // the second of BETWEEN / FROM
};

// db.t [PARTITION (p)] [FOR SYSTEM_TIME …] [[AS] alias] [index hints]
struct TableName : TableRef {
  static constexpr TableRefKind kKind = TableRefKind::kTable;
  Name name;
  std::span<const Ident> partitions;
  SystemTime system_time;  // MariaDB 10.3.4
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
  // ODBC's { OJ table_ref } (MySQL 8.0 15.2.13.2): braces instead of parentheses, one item.
  bool odbc_escape;
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

// VALUES ROW(a, b), ROW(c, d) (MySQL 8.0.19) | VALUES (a, b), (c, d) (MariaDB 10.3.3)
struct ValuesRows {
  std::span<const std::span<const Expr* const>> rows;
  bool row_keyword;  // ROW written (MySQL requires it, MariaDB does not take it)
};

struct QueryTerm {
  Span span;
  const Select* select;  // exactly one of these five is set
  const SetOperation* set_op;
  const Query* parens;
  const TableName* table;    // TABLE t (MySQL 8.0.19): every row of t; a name only
  const ValuesRows* values;  // VALUES … as a query (MySQL 8.0.19, MariaDB 10.3.3)
};

struct Cte {
  Ident name;
  std::span<const Ident> columns;
  const Query* query;
};

enum class LockMode : uint8_t { kNone, kForUpdate, kForShare, kLockInShareMode };
enum class LockWait : uint8_t { kWait, kNoWait, kSkipLocked };

// A locking clause after the first: MySQL 8.0 takes several (FOR UPDATE OF a FOR SHARE OF b).
struct LockingClause {
  LockMode mode;
  std::span<const Ident> of;
  LockWait wait;
  const Expr* wait_seconds;  // MariaDB: WAIT n (wait is then kWait)
};

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
  // MariaDB 10.6: OFFSET n {ROW | ROWS} [FETCH {FIRST | NEXT} [n] {ROW | ROWS} {ONLY | WITH TIES}]
  // instead of LIMIT: `offset` and `limit` hold the numbers (limit is null when FETCH has none,
  // which means one row); the noise words are kept as written.
  std::string_view offset_rows;   // ROW or ROWS after OFFSET n; empty without that clause
  bool fetch;                     // FETCH … written
  std::string_view fetch_first;   // FIRST or NEXT
  std::string_view fetch_rows;    // ROW or ROWS
  bool with_ties;                 // WITH TIES rather than ONLY
  const Expr* lock_wait_seconds;  // MariaDB: FOR UPDATE WAIT n, LOCK IN SHARE MODE WAIT n
  std::span<const LockingClause> more_locks;  // the locking clauses after the first
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
  kCreateView,
  kAlterView,
  kDropView,
  kDropDatabase,
  kCreateTrigger,
  kCreateRoutine,
  kDropRoutine,
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

// MariaDB application-time periods: FOR PORTION OF period FROM expr TO expr, after the one table
// of an UPDATE or a single-table DELETE; period empty when not written.
struct Portion {
  Ident period;
  const Expr* from;
  const Expr* to;
};

// [WITH …] UPDATE [hint] [options] table_ref, … [FOR PORTION OF …] SET col = expr, … [WHERE expr]
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
  Portion portion;  // MariaDB 10.4.3, with a single table
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
  Portion portion;  // MariaDB 10.4.3, single-table form: after the table, before WHERE
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

// JSON_TABLE (MySQL 8.0 14.17.6 "JSON Table Functions", MariaDB 10.6): a table reference, declared
// here for its columns' ColumnType.
enum class JsonColumnKind : uint8_t { kOrdinality, kPath, kExists, kNested };

// {NULL | ERROR | DEFAULT 'json'} ON EMPTY / ON ERROR: the action as written, or empty.
struct JsonOnEvent {
  std::string_view action;    // NULL, ERROR or DEFAULT
  const Expr* default_value;  // DEFAULT's string
};

// name FOR ORDINALITY | name type [EXISTS] PATH 'p' [on_empty] [on_error]
// | NESTED [PATH] 'p' COLUMNS (column, …)
struct JsonTableColumn {
  JsonColumnKind kind;
  Ident name;        // not for kNested
  ColumnType type;   // kPath, kExists
  const Expr* path;  // the path string (kPath, kExists, kNested)
  JsonOnEvent on_empty;
  JsonOnEvent on_error;
  bool path_keyword;  // NESTED PATH rather than NESTED
  std::span<const JsonTableColumn> nested;
};

// The names of the columns JSON_TABLE makes, nested ones included, in order.
void JsonColumnNames(std::span<const JsonTableColumn> columns, std::vector<std::string>& out);

// JSON_TABLE(expr, 'path' COLUMNS (column, …)) [AS] alias: a derived table whose rows come from
// a JSON document; `expr` may name columns of the tables to its left (it is lateral).
struct JsonTable : TableRef {
  static constexpr TableRefKind kKind = TableRefKind::kJsonTable;
  const Expr* expr;
  const Expr* path;
  std::span<const JsonTableColumn> columns;
  Ident alias;
  bool alias_as;
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
  std::string_view srid;  // SRID n
  Span span;              // the whole definition
  // ENGINE_ATTRIBUTE [=] 'json' and SECONDARY_ENGINE_ATTRIBUTE [=] 'json' (MySQL 8.0.21),
  // the string literals, quotes kept.
  std::string_view engine_attribute;
  std::string_view secondary_engine_attribute;
  // MariaDB system versioning: WITH SYSTEM VERSIONING | WITHOUT SYSTEM VERSIONING, as written;
  // and GENERATED ALWAYS AS ROW START | END: START or END (with generated_always set).
  std::string_view versioning;
  std::string_view row_boundary;
  bool serial_default_value;       // SERIAL DEFAULT VALUE: NOT NULL AUTO_INCREMENT UNIQUE
  std::string_view storage_media;  // STORAGE DISK | MEMORY | DEFAULT (MySQL, for NDB), as written
};

enum class IndexType : uint8_t { kPrimary, kUnique, kKey, kFulltext, kSpatial, kForeign, kCheck };

// An index's visibility option: MySQL 8.0's VISIBLE / INVISIBLE ("Invisible Indexes") and
// MariaDB 10.6's IGNORED / NOT IGNORED ("Ignored Indexes"). kDefault: none written.
enum class IndexVisibility : uint8_t { kDefault, kVisible, kInvisible, kIgnored, kNotIgnored };

// Whether the optimizer leaves an index with this option unused.
inline bool Hidden(IndexVisibility v) {
  return v == IndexVisibility::kInvisible || v == IndexVisibility::kIgnored;
}
// The option's words, upper-case: "INVISIBLE", "NOT IGNORED"; empty for kDefault.
inline std::string_view VisibilityWords(IndexVisibility v) {
  constexpr std::string_view kWords[] = {"", "VISIBLE", "INVISIBLE", "IGNORED", "NOT IGNORED"};
  return kWords[static_cast<size_t>(v) < std::size(kWords) ? static_cast<size_t>(v) : 0];
}

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
  std::string_view parser;     // WITH PARSER name
  IndexVisibility visibility;  // VISIBLE | INVISIBLE | IGNORED | NOT IGNORED, or kDefault
  // FOREIGN KEY (parts) REFERENCES ref_table (ref_columns) [MATCH …] [ON DELETE …] [ON UPDATE …]
  Name ref_table;
  std::span<const Ident> ref_columns;
  std::string_view match;      // FULL | PARTIAL | SIMPLE
  std::string_view on_delete;  // RESTRICT | CASCADE | SET NULL | NO ACTION | SET DEFAULT
  std::string_view on_update;
  // CHECK (check) [[NOT] ENFORCED]
  const Expr* check;
  std::string_view enforced;          // ENFORCED | NOT ENFORCED, or empty
  bool if_not_exists;                 // MariaDB: ADD {INDEX | KEY | FOREIGN KEY} IF NOT EXISTS
  Span span;                          // the whole definition
  std::string_view engine_attribute;  // ENGINE_ATTRIBUTE [=] 'json', quotes kept (MySQL 8.0.21)
  std::string_view secondary_engine_attribute;
};

// MariaDB: PERIOD FOR SYSTEM_TIME (start, end) of a system-versioned table, or an application-
// time period PERIOD FOR name (start, end).
struct PeriodDef {
  Ident name;  // SYSTEM_TIME, or the period's name
  Ident start;
  Ident end;
  Span span;
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
  const Query* query;                  // CREATE TABLE … [AS] SELECT …
  std::span<const PeriodDef> periods;  // MariaDB PERIOD FOR …, in the order written
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
  kAddSystemVersioning,   // MariaDB: ADD SYSTEM VERSIONING
  kDropSystemVersioning,  // MariaDB: DROP SYSTEM VERSIONING
  kAddPeriod,             // MariaDB: ADD PERIOD [IF NOT EXISTS] FOR name (start, end)
  kDropPeriod,            // MariaDB: DROP PERIOD [IF EXISTS] FOR name
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
  bool first;                 // the position is FIRST
  Ident after;                // the position is AFTER this column
  IndexDef index;             // kAddIndex
  std::string_view charset;   // kConvertCharset
  std::string_view collation;
  Name table;                    // kRenameTable
  std::string_view rename_word;  // TO | AS | empty
  TableOption option;            // kOption
  // kAlterColumn: "SET DEFAULT", "DROP DEFAULT", "SET VISIBLE" or "SET INVISIBLE" (these
  // strings); kDropConstraint: CHECK or CONSTRAINT as written.
  std::string_view setting;
  IndexVisibility visibility;      // kAlterIndex
  const Expr* default_value;       // kAlterColumn SET DEFAULT
  bool default_parens;             // SET DEFAULT (expr) written with its parentheses
  std::string_view text;           // kOther: the action as written
  Span span;                       // the whole action
  PeriodDef period;                // kAddPeriod; kDropPeriod: its name only
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

// SET NAMES x [COLLATE y] | SET {CHARACTER SET | CHARSET} x | SET set_variable {, set_variable};
// NAMES and CHARACTER SET may be followed by `, set_variable {, set_variable}` (`variables`).
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

// What an unmodelled statement does and to what, as the parser read its first words, so that
// no consumer has to read them again. kOther: a word without an entry here.
enum class Verb : uint8_t {
  kOther,
  kCreate,
  kAlter,
  kDrop,
  kRename,
  kTruncate,
  kGrant,
  kRevoke,
  kShow,
  kSet,
  kLock,
  kUnlock,
  kStart,
  kBegin,
  kCommit,
  kRollback,
  kSavepoint,
  kRelease,
  kFlush,
  kAnalyze,
  kOptimize,
  kCheck,
  kRepair,
  kDo,
  kCall,
  kLoad,
  kHandler,
};

// The kind of object a CREATE, ALTER or DROP names (after OR REPLACE, DEFINER = …, ALGORITHM
// = …, SQL SECURITY …, TEMPORARY, UNIQUE, ONLINE, AGGREGATE, …); kNone for other verbs.
enum class ObjectKind : uint8_t {
  kNone,
  kOther,  // a word without an entry here
  kTable,
  kIndex,
  kDatabase,  // DATABASE or SCHEMA
  kView,
  kTrigger,
  kProcedure,
  kFunction,
  kEvent,
  kSequence,
  kUser,
  kRole,
  kServer,
  kTablespace,
};

struct StatementHead {
  Verb verb = Verb::kOther;
  ObjectKind object = ObjectKind::kNone;
  bool or_replace = false;  // CREATE OR REPLACE (MariaDB)
};

struct UnsupportedStatement : Statement {
  static constexpr StatementKind kKind = StatementKind::kUnsupported;
  std::string_view what;  // its first keyword as written: "GRANT", "create"
  StatementHead head;
};

// ---------------------------------------------------------------------------------------------
// Views, DROP DATABASE (MySQL 8.0 Reference Manual 15.1.23 CREATE VIEW, 15.1.11 ALTER VIEW,
// 15.1.35 DROP VIEW, 15.1.24 DROP DATABASE)

enum class CheckOption : uint8_t { kNone, kPlain, kCascaded, kLocal };

// CREATE [OR REPLACE] [ALGORITHM = x] [DEFINER = user] [SQL SECURITY x] VIEW [IF NOT EXISTS]
//   name [(col, …)] AS query [WITH [CASCADED | LOCAL] CHECK OPTION]
// ALTER [ALGORITHM = x] [DEFINER = user] [SQL SECURITY x] VIEW name [(col, …)] AS query […]
// mysqldump's `/*!50001 CREATE ALGORITHM=UNDEFINED */ /*!50013 DEFINER=… */ /*!50001 VIEW …*/`
// is the same statement once the lexer has unwrapped the version comments.
struct ViewStatement : Statement {
  bool or_replace;
  std::string_view algorithm;     // UNDEFINED | MERGE | TEMPTABLE as written, or empty
  std::string_view definer;       // `u`@`h`, 'u'@'%', CURRENT_USER[()], CURRENT_ROLE as written
  std::string_view sql_security;  // DEFINER | INVOKER as written, or empty
  bool if_not_exists;             // MariaDB
  Name name;
  std::span<const Ident> columns;  // the column list, when written
  const Query* query;
  CheckOption check_option;
};
struct CreateViewStatement : ViewStatement {
  static constexpr StatementKind kKind = StatementKind::kCreateView;
};
struct AlterViewStatement : ViewStatement {  // or_replace and if_not_exists are false
  static constexpr StatementKind kKind = StatementKind::kAlterView;
};

// DROP VIEW [IF EXISTS] name {, name} [RESTRICT | CASCADE]
struct DropViewStatement : Statement {
  static constexpr StatementKind kKind = StatementKind::kDropView;
  bool if_exists;
  std::span<const Name> views;
  std::string_view behavior;  // RESTRICT | CASCADE as written, or empty
};

// DROP {DATABASE | SCHEMA} [IF EXISTS] name
struct DropDatabaseStatement : Statement {
  static constexpr StatementKind kKind = StatementKind::kDropDatabase;
  bool schema_keyword;
  bool if_exists;
  Ident name;
};

// ---------------------------------------------------------------------------------------------
// Triggers and stored routines: their headers (15.1.22 CREATE TRIGGER, 15.1.17 CREATE
// PROCEDURE and CREATE FUNCTION). Bodies are kept as written, not parsed: a compound statement
// (BEGIN … END with its own `;`s) is what mysqldump wraps in DELIMITER ;; … ;;.

enum class TriggerTime : uint8_t { kBefore, kAfter };
enum class TriggerEvent : uint8_t { kInsert, kUpdate, kDelete };
enum class TriggerOrder : uint8_t { kNone, kFollows, kPrecedes };

// CREATE [OR REPLACE] [DEFINER = user] TRIGGER [IF NOT EXISTS] name {BEFORE | AFTER}
//   {INSERT | UPDATE | DELETE} ON table FOR EACH ROW [{FOLLOWS | PRECEDES} other] body
struct CreateTriggerStatement : Statement {
  static constexpr StatementKind kKind = StatementKind::kCreateTrigger;
  bool or_replace;  // MariaDB
  std::string_view definer;
  bool if_not_exists;  // MySQL 8.0.29, MariaDB
  Name name;
  TriggerTime time;
  TriggerEvent event;
  Name table;
  TriggerOrder order;
  Ident other;            // the trigger FOLLOWS or PRECEDES names
  std::string_view body;  // as written, to the end of the statement
};

enum class RoutineKind : uint8_t { kProcedure, kFunction };
enum class ParamMode : uint8_t { kNone, kIn, kOut, kInOut };

struct RoutineParam {  // [IN | OUT | INOUT] name type   (the mode for procedures only)
  ParamMode mode;
  Ident name;
  ColumnType type;
};

// CREATE [OR REPLACE] [DEFINER = user] [AGGREGATE] {PROCEDURE | FUNCTION} [IF NOT EXISTS] name
//   ([param {, param}]) [RETURNS type] {characteristic} body
// characteristic: COMMENT 'x' | LANGUAGE SQL | [NOT] DETERMINISTIC | CONTAINS SQL | NO SQL
//   | READS SQL DATA | MODIFIES SQL DATA | SQL SECURITY {DEFINER | INVOKER}
struct CreateRoutineStatement : Statement {
  static constexpr StatementKind kKind = StatementKind::kCreateRoutine;
  RoutineKind routine;
  bool or_replace;  // MariaDB
  std::string_view definer;
  bool aggregate;      // MariaDB: CREATE AGGREGATE FUNCTION
  bool if_not_exists;  // MySQL 8.0.29, MariaDB
  Name name;
  std::span<const RoutineParam> params;
  bool has_returns;
  ColumnType returns;                                 // FUNCTION: RETURNS type
  std::span<const std::string_view> characteristics;  // each as written
  std::string_view body;                              // as written, to the end of the statement
};

enum class RoutineObject : uint8_t { kTrigger, kProcedure, kFunction };

// DROP {TRIGGER | PROCEDURE | FUNCTION} [IF EXISTS] name
struct DropRoutineStatement : Statement {
  static constexpr StatementKind kKind = StatementKind::kDropRoutine;
  RoutineObject object;
  bool if_exists;
  Name name;
};

// ---------------------------------------------------------------------------------------------
// What a literal denotes, for consumers that need its value rather than its text.

// A string's characters (adjacent strings joined; doubled quotes and backslash escapes undone,
// as under the default sql_mode: MySQL 8.0 Reference Manual 11.1.1 "String Literals"); a
// temporal literal's string (DATE '2024-05-01' → 2024-05-01); a hex or bit literal's digits
// (0xAB and X'AB' → AB, 0b101 and b'101' → 101); a number, NULL, TRUE or FALSE as written.
std::string LiteralValue(const Literal& literal);

}  // namespace qadvisor::parser::ast
