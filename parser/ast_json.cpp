// ToJson (parser.h): the AST as compact JSON, for tools and for reading what the parser built.
// The shape is documented in docs/ast-json.md; change the two together.
//
// A node (a struct with a span) is an object {"kind": its struct name in snake_case, "span":
// [offset, length], then its fields under their ast.h names}; the structs without a span
// (OrderItem, WindowSpec, …) are plain objects of their fields. Identifiers are their Value()
// strings, absent identifiers and pointers are null, enums are their enumerator names in
// snake_case without the k, std::spans are arrays. Text from the query may hold any bytes, so
// strings are escaped here and invalid UTF-8 becomes U+FFFD. (report/JsonWriter does the same,
// but parser/ sits below report/ and may not use it.)
#include <charconv>
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>

#include "base/json_escape.h"
#include "parser/parser.h"

namespace qadvisor::parser {
namespace {

// Enumerator names, indexed by value; each static_assert ties a table to its enum's last value.
constexpr std::string_view kExprKinds[] = {
    "literal",  "param", "variable", "column",  "unary",          "binary",   "is",      "between",
    "in",       "like",  "function", "case",    "cast",           "interval", "collate", "exists",
    "subquery", "row",   "match",    "default", "sequence_value", "escape"};
static_assert(std::size(kExprKinds) == static_cast<size_t>(ast::ExprKind::kEscape) + 1);
constexpr std::string_view kLiteralKinds[] = {"string", "number", "hex",   "bit",
                                              "null",   "true",   "false", "temporal"};
static_assert(std::size(kLiteralKinds) == static_cast<size_t>(ast::LiteralKind::kTemporal) + 1);
constexpr std::string_view kUnaryOps[] = {"minus", "plus", "bit_not", "not", "bang", "binary"};
static_assert(std::size(kUnaryOps) == static_cast<size_t>(ast::UnaryOp::kBinary) + 1);
constexpr std::string_view kBinaryOps[] = {
    "or",         "xor",         "and",         "eq",           "null_safe_eq", "not_eq",
    "lt",         "le",          "gt",          "ge",           "bit_or",       "bit_and",
    "bit_xor",    "shift_left",  "shift_right", "add",          "sub",          "mul",
    "div",        "int_div",     "mod",         "json_extract", "json_unquote", "regexp",
    "not_regexp", "sounds_like", "member_of",   "assign"};
static_assert(std::size(kBinaryOps) == static_cast<size_t>(ast::BinaryOp::kAssign) + 1);
constexpr std::string_view kQuantifiers[] = {"none", "any", "some", "all"};
static_assert(std::size(kQuantifiers) == static_cast<size_t>(ast::Quantifier::kAll) + 1);
constexpr std::string_view kIsWhats[] = {"null", "true", "false", "unknown"};
static_assert(std::size(kIsWhats) == static_cast<size_t>(ast::IsWhat::kUnknown) + 1);
constexpr std::string_view kCallForms[] = {"plain",      "trim",      "substring_from",
                                           "extract",    "position",  "group_concat",
                                           "char_using", "no_parens", "json_value"};
static_assert(std::size(kCallForms) == static_cast<size_t>(ast::CallForm::kJsonValue) + 1);
constexpr std::string_view kNullTreatments[] = {"none", "respect_nulls", "ignore_nulls"};
static_assert(std::size(kNullTreatments) ==
              static_cast<size_t>(ast::NullTreatment::kIgnoreNulls) + 1);
constexpr std::string_view kFromEdges[] = {"none", "first", "last"};
static_assert(std::size(kFromEdges) == static_cast<size_t>(ast::FromEdge::kLast) + 1);
constexpr std::string_view kJsonResponses[] = {"none", "null", "error", "default"};
static_assert(std::size(kJsonResponses) == static_cast<size_t>(ast::JsonResponse::kDefault) + 1);
constexpr std::string_view kDirections[] = {"none", "asc", "desc"};
static_assert(std::size(kDirections) == static_cast<size_t>(ast::Direction::kDesc) + 1);
constexpr std::string_view kFrameUnits[] = {"none", "rows", "range", "groups"};
static_assert(std::size(kFrameUnits) == static_cast<size_t>(ast::FrameUnit::kGroups) + 1);
constexpr std::string_view kBoundKinds[] = {"unbounded_preceding", "preceding", "current_row",
                                            "following", "unbounded_following"};
static_assert(std::size(kBoundKinds) ==
              static_cast<size_t>(ast::BoundKind::kUnboundedFollowing) + 1);
constexpr std::string_view kHintActions[] = {"use", "force", "ignore"};
static_assert(std::size(kHintActions) == static_cast<size_t>(ast::HintAction::kIgnore) + 1);
constexpr std::string_view kHintScopes[] = {"all", "join", "order_by", "group_by"};
static_assert(std::size(kHintScopes) == static_cast<size_t>(ast::HintScope::kGroupBy) + 1);
constexpr std::string_view kJoinKinds[] = {"comma",         "inner",        "cross",
                                           "straight",      "left",         "right",
                                           "natural_inner", "natural_left", "natural_right"};
static_assert(std::size(kJoinKinds) == static_cast<size_t>(ast::JoinKind::kNaturalRight) + 1);
constexpr std::string_view kSelectOptions[] = {
    "all",           "distinct",         "distinct_row",       "high_priority",
    "straight_join", "sql_small_result", "sql_big_result",     "sql_buffer_result",
    "sql_no_cache",  "sql_cache",        "sql_calc_found_rows"};
static_assert(ast::kSqlCalcFoundRows == 1u << (std::size(kSelectOptions) - 1));
constexpr std::string_view kDmlOptions[] = {"low_priority", "delayed", "high_priority", "quick",
                                            "ignore"};
static_assert(ast::kDmlIgnore == 1u << (std::size(kDmlOptions) - 1));
constexpr std::string_view kSetOps[] = {"union", "intersect", "except"};
static_assert(std::size(kSetOps) == static_cast<size_t>(ast::SetOp::kExcept) + 1);
constexpr std::string_view kLockModes[] = {"none", "for_update", "for_share", "lock_in_share_mode"};
static_assert(std::size(kLockModes) == static_cast<size_t>(ast::LockMode::kLockInShareMode) + 1);
constexpr std::string_view kLockWaits[] = {"wait", "no_wait", "skip_locked"};
static_assert(std::size(kLockWaits) == static_cast<size_t>(ast::LockWait::kSkipLocked) + 1);
constexpr std::string_view kNullabilities[] = {"unspecified", "null", "not_null"};
static_assert(std::size(kNullabilities) == static_cast<size_t>(ast::Nullability::kNotNull) + 1);
constexpr std::string_view kIndexTypes[] = {"primary", "unique",  "key",  "fulltext",
                                            "spatial", "foreign", "check"};
static_assert(std::size(kIndexTypes) == static_cast<size_t>(ast::IndexType::kCheck) + 1);
constexpr std::string_view kAlterKinds[] = {"add_column",
                                            "add_index",
                                            "drop_column",
                                            "drop_index",
                                            "drop_primary_key",
                                            "drop_foreign_key",
                                            "modify_column",
                                            "change_column",
                                            "rename_column",
                                            "rename_index",
                                            "rename_table",
                                            "convert_charset",
                                            "alter_column",
                                            "alter_index",
                                            "drop_constraint",
                                            "force",
                                            "option",
                                            "other",
                                            "add_system_versioning",
                                            "drop_system_versioning",
                                            "add_period",
                                            "drop_period"};
static_assert(std::size(kAlterKinds) == static_cast<size_t>(ast::AlterKind::kDropPeriod) + 1);
constexpr std::string_view kVisibilities[] = {"default", "visible", "invisible", "ignored",
                                              "not_ignored"};
static_assert(std::size(kVisibilities) ==
              static_cast<size_t>(ast::IndexVisibility::kNotIgnored) + 1);
constexpr std::string_view kVerbs[] = {
    "other",  "create",   "alter",     "drop",    "rename", "truncate", "grant",
    "revoke", "show",     "set",       "lock",    "unlock", "start",    "begin",
    "commit", "rollback", "savepoint", "release", "flush",  "analyze",  "optimize",
    "check",  "repair",   "do",        "call",    "load",   "handler"};
static_assert(std::size(kVerbs) == static_cast<size_t>(ast::Verb::kHandler) + 1);
constexpr std::string_view kObjectKinds[] = {
    "none",     "other", "table",    "index", "database", "view",   "trigger",   "procedure",
    "function", "event", "sequence", "user",  "role",     "server", "tablespace"};
static_assert(std::size(kObjectKinds) == static_cast<size_t>(ast::ObjectKind::kTablespace) + 1);
constexpr std::string_view kCheckOptions[] = {"none", "plain", "cascaded", "local"};
static_assert(std::size(kCheckOptions) == static_cast<size_t>(ast::CheckOption::kLocal) + 1);
constexpr std::string_view kTriggerTimes[] = {"before", "after"};
constexpr std::string_view kTriggerEvents[] = {"insert", "update", "delete"};
constexpr std::string_view kTriggerOrders[] = {"none", "follows", "precedes"};
constexpr std::string_view kRoutineKinds[] = {"procedure", "function"};
constexpr std::string_view kParamModes[] = {"none", "in", "out", "inout"};
constexpr std::string_view kRoutineObjects[] = {"trigger", "procedure", "function"};

// A value out of its enum's range (only a hand-built tree has one) still gives valid JSON.
template <size_t N, typename E>
std::string_view EnumName(const std::string_view (&names)[N], E value) {
  const auto i = static_cast<size_t>(value);
  return i < N ? names[i] : "unknown";
}

// Appends `text` as a quoted JSON string.
void AppendString(std::string& out, std::string_view text) {
  out += '"';
  base::AppendJsonEscaped(out, text);
  out += '"';
}

class JsonBuilder {
 public:
  std::string Take() { return std::move(out_); }
  void Statement(const ast::Statement& s);

 private:
  // Values. Every value and key starts with Comma(), which knows from the last byte written
  // whether a separator is due.
  void Comma() {
    if (!out_.empty() && out_.back() != '{' && out_.back() != '[' && out_.back() != ':') {
      out_ += ',';
    }
  }
  void Key(std::string_view key) {
    Comma();
    AppendString(out_, key);
    out_ += ':';
  }
  void String(std::string_view value) {
    Comma();
    AppendString(out_, value);
  }
  void Raw(std::string_view json) {
    Comma();
    out_ += json;
  }
  void Text(std::string_view key, std::string_view value) {
    Key(key);
    String(value);
  }
  void Flag(std::string_view key, bool value) {
    Key(key);
    Raw(value ? "true" : "false");
  }
  template <size_t N, typename E>
  void Enum(std::string_view key, const std::string_view (&names)[N], E value) {
    Text(key, EnumName(names, value));
  }
  void Ident(std::string_view key, const ast::Ident& ident);
  void Idents(std::string_view key, std::span<const ast::Ident> idents);
  void IdentArray(std::span<const ast::Ident> idents);
  void Begin(std::string_view kind, ast::Span span);
  void BeginPlain() { Raw("{"); }
  void SpanField(ast::Span span);
  void End() { out_ += '}'; }
  template <typename T, typename F>
  void Array(std::string_view key, std::span<T> items, F each) {
    Key(key);
    Raw("[");
    for (const auto& item : items) each(item);
    out_ += ']';
  }

  // The AST.
  void Expr(std::string_view key, const ast::Expr* e);
  void SystemTime(const ast::SystemTime& st);
  void JsonColumns(std::span<const ast::JsonTableColumn> columns);
  // "portion": null, or {period, from, to}.
  void Portion(const ast::Portion& p) {
    Key("portion");
    if (p.period.empty()) return Raw("null");
    BeginPlain();
    Ident("period", p.period);
    Expr("from", p.from);
    Expr("to", p.to);
    End();
  }
  void Exprs(std::string_view key, std::span<const ast::Expr* const> items);
  void Node(const ast::Expr& e);
  void Fields(const ast::Expr& e);
  void Operators(const ast::Expr& e);
  void Predicates(const ast::Expr& e);
  void Function(const ast::Function& f);
  void Cast(const ast::Cast& c);
  void DataType(const ast::DataType& t);
  void JsonOn(std::string_view key, const ast::JsonOn& on);
  void Order(std::string_view key, std::span<const ast::OrderItem> items);
  void Window(std::string_view key, const ast::WindowSpec* w);
  void Bound(std::string_view key, const ast::FrameBound* b);
  void Query(std::string_view key, const ast::Query* q);
  void With(bool recursive, std::span<const ast::Cte> ctes);
  void Term(std::string_view key, const ast::QueryTerm* t);
  void Select(const ast::Select& s);
  template <size_t N>
  void Options(const std::string_view (&names)[N], uint32_t options);
  void Table(const ast::TableRef& t);
  void Tables(std::string_view key, std::span<const ast::TableRef* const> tables);
  void TableFields(const ast::TableRef& t);

  // INSERT, REPLACE, UPDATE, DELETE.
  void Insert(const ast::InsertStatement& s);
  void Update(const ast::UpdateStatement& s);
  void Delete(const ast::DeleteStatement& s);
  void Assignments(std::string_view key, std::span<const ast::Assignment> items);
  void SelectItems(std::string_view key, std::span<const ast::SelectItem> items);

  // CREATE TABLE.
  void CreateTable(const ast::CreateTableStatement& s);
  void ColumnDef(const ast::ColumnDef& c);
  void ColumnType(const ast::ColumnType& t);
  void IndexDef(const ast::IndexDef& d);
  void Period(const ast::PeriodDef& p);
  void TableOptions(std::string_view key, std::span<const ast::TableOption> options);
  void TableOption(const ast::TableOption& o);

  // CREATE INDEX, ALTER TABLE, DROP, CREATE DATABASE, USE, SET.
  void CreateIndex(const ast::CreateIndexStatement& s);
  void AlterTable(const ast::AlterTableStatement& s);
  void AlterAction(const ast::AlterAction& a);
  void DropTable(const ast::DropTableStatement& s);
  void DropIndex(const ast::DropIndexStatement& s);
  void RenameTable(const ast::RenameTableStatement& s);
  void CreateDatabase(const ast::CreateDatabaseStatement& s);
  void Set(const ast::SetStatement& s);

  // Views, DROP DATABASE, triggers and routines.
  void View(const ast::ViewStatement& s);
  void DropView(const ast::DropViewStatement& s);
  void DropDatabase(const ast::DropDatabaseStatement& s);
  void CreateTrigger(const ast::CreateTriggerStatement& s);
  void CreateRoutine(const ast::CreateRoutineStatement& s);
  void DropRoutine(const ast::DropRoutineStatement& s);

  std::string out_;
};

void JsonBuilder::Ident(std::string_view key, const ast::Ident& ident) {
  Key(key);
  if (ident.empty()) {
    Raw("null");
  } else {
    String(ident.Value());
  }
}

void JsonBuilder::Idents(std::string_view key, std::span<const ast::Ident> idents) {
  Key(key);
  IdentArray(idents);
}

void JsonBuilder::IdentArray(std::span<const ast::Ident> idents) {
  Raw("[");
  for (const ast::Ident& i : idents) String(i.Value());
  out_ += ']';
}

void JsonBuilder::Begin(std::string_view kind, ast::Span span) {
  Raw("{");
  Text("kind", kind);
  SpanField(span);
}

void JsonBuilder::SpanField(ast::Span span) {
  Key("span");
  char buf[48];  // two uint32 and three bytes of punctuation fit with room to spare
  char* p = buf;
  *p++ = '[';
  p = std::to_chars(p, buf + 20, span.offset).ptr;
  *p++ = ',';
  p = std::to_chars(p, buf + 40, span.length).ptr;
  *p++ = ']';
  Raw(std::string_view(buf, static_cast<size_t>(p - buf)));
}

// --- Expressions -----------------------------------------------------------------------------

void JsonBuilder::Expr(std::string_view key, const ast::Expr* e) {
  Key(key);
  if (e == nullptr) {
    Raw("null");
  } else {
    Node(*e);
  }
}

void JsonBuilder::Exprs(std::string_view key, std::span<const ast::Expr* const> items) {
  Array(key, items, [this](const ast::Expr* e) { Node(*e); });
}

void JsonBuilder::Node(const ast::Expr& e) {
  Begin(EnumName(kExprKinds, e.kind), e.span);
  Fields(e);
  End();
}

void JsonBuilder::Fields(const ast::Expr& e) {
  switch (e.kind) {
    case ast::ExprKind::kLiteral: {
      const auto& l = e.As<ast::Literal>();
      Enum("literal", kLiteralKinds, l.literal);
      Text("text", l.text);
      Text("prefix", l.prefix);
      return;
    }
    case ast::ExprKind::kParam:
      return Text("text", e.As<ast::Param>().text);
    case ast::ExprKind::kVariable:
      Text("text", e.As<ast::Variable>().text);
      return Flag("system", e.As<ast::Variable>().system);
    case ast::ExprKind::kColumn:
      Idents("name", e.As<ast::Column>().name.parts);
      return Flag("star", e.As<ast::Column>().star);
    case ast::ExprKind::kFunction:
      return Function(e.As<ast::Function>());
    case ast::ExprKind::kCast:
      return Cast(e.As<ast::Cast>());
    case ast::ExprKind::kExists:
      return Query("query", e.As<ast::Exists>().query);
    case ast::ExprKind::kSubquery:
      return Query("query", e.As<ast::Subquery>().query);
    case ast::ExprKind::kRow:
      Exprs("items", e.As<ast::Row>().items);
      return Flag("row_keyword", e.As<ast::Row>().row_keyword);
    case ast::ExprKind::kMatch: {
      const auto& m = e.As<ast::Match>();
      Exprs("columns", m.columns);
      Expr("against", m.against);
      Text("modifier", m.modifier);
      return Flag("bare_columns", m.bare_columns);
    }
    case ast::ExprKind::kDefault:
      return;
    case ast::ExprKind::kSequenceValue:
      Flag("next", e.As<ast::SequenceValue>().next);
      return Idents("sequence", e.As<ast::SequenceValue>().sequence.parts);
    case ast::ExprKind::kEscape:
      Ident("keyword", e.As<ast::Escape>().keyword);
      return Expr("expr", e.As<ast::Escape>().expr);
    default:
      return Operators(e);
  }
}

// The operator-like nodes: unary, binary, case, interval, collate, and the predicates.
void JsonBuilder::Operators(const ast::Expr& e) {
  switch (e.kind) {
    case ast::ExprKind::kUnary:
      Enum("op", kUnaryOps, e.As<ast::Unary>().op);
      return Expr("operand", e.As<ast::Unary>().operand);
    case ast::ExprKind::kBinary: {
      const auto& b = e.As<ast::Binary>();
      Enum("op", kBinaryOps, b.op);
      Enum("quantifier", kQuantifiers, b.quantifier);
      Expr("left", b.left);
      return Expr("right", b.right);
    }
    case ast::ExprKind::kCase: {
      const auto& c = e.As<ast::Case>();
      Expr("operand", c.operand);
      Array("whens", c.whens, [this](const ast::When& w) {
        BeginPlain();
        Expr("condition", w.condition);
        Expr("result", w.result);
        End();
      });
      return Expr("otherwise", c.otherwise);
    }
    case ast::ExprKind::kInterval:
      Expr("value", e.As<ast::Interval>().value);
      return Text("unit", e.As<ast::Interval>().unit);
    case ast::ExprKind::kCollate:
      Expr("operand", e.As<ast::Collate>().operand);
      return Ident("collation", e.As<ast::Collate>().collation);
    default:
      return Predicates(e);
  }
}

void JsonBuilder::Predicates(const ast::Expr& e) {
  switch (e.kind) {
    case ast::ExprKind::kIs: {
      const auto& is = e.As<ast::Is>();
      Expr("operand", is.operand);
      Enum("what", kIsWhats, is.what);
      return Flag("negated", is.negated);
    }
    case ast::ExprKind::kBetween: {
      const auto& b = e.As<ast::Between>();
      Expr("operand", b.operand);
      Expr("low", b.low);
      Expr("high", b.high);
      return Flag("negated", b.negated);
    }
    case ast::ExprKind::kIn: {
      const auto& in = e.As<ast::In>();
      Expr("operand", in.operand);
      Exprs("list", in.list);
      Query("subquery", in.subquery);
      return Flag("negated", in.negated);
    }
    case ast::ExprKind::kLike: {
      const auto& l = e.As<ast::Like>();
      Expr("operand", l.operand);
      Expr("pattern", l.pattern);
      Expr("escape", l.escape);
      return Flag("negated", l.negated);
    }
    default:
      return;
  }
}

void JsonBuilder::Function(const ast::Function& f) {
  Idents("name", f.name.parts);
  Enum("form", kCallForms, f.form);
  Flag("distinct", f.distinct);
  Text("distinct_word", f.distinct_word);
  Flag("star", f.star);
  Text("modifier", f.modifier);
  Exprs("args", f.args);
  Order("order_by", f.order_by);
  Expr("separator", f.separator);
  Window("over", f.over);
  Expr("limit", f.limit);
  Expr("offset", f.offset);
  Flag("offset_keyword", f.offset_keyword);
  Enum("from_edge", kFromEdges, f.from_edge);
  Enum("nulls", kNullTreatments, f.nulls);
  Key("returning");
  if (f.returning == nullptr) {
    Raw("null");
  } else {
    DataType(*f.returning);
  }
  JsonOn("on_empty", f.on_empty);
  JsonOn("on_error", f.on_error);
}

// JSON_VALUE's ON EMPTY / ON ERROR: {"response": …, "value": literal | null}.
void JsonBuilder::JsonOn(std::string_view key, const ast::JsonOn& on) {
  Key(key);
  BeginPlain();
  Enum("response", kJsonResponses, on.response);
  Expr("value", on.value);
  End();
}

void JsonBuilder::DataType(const ast::DataType& t) {
  BeginPlain();
  Text("name", t.name);
  Text("length", t.length);
  Text("scale", t.scale);
  Text("charset", t.charset);
  Flag("is_unsigned", t.is_unsigned);
  Flag("integer_suffix", t.integer_suffix);
  Flag("binary", t.binary);
  End();
}

// CONVERT(x USING cs) has no type: "type" is null.
void JsonBuilder::Cast(const ast::Cast& c) {
  Expr("operand", c.operand);
  Key("type");
  if (!c.using_charset.empty()) {
    Raw("null");
  } else {
    DataType(c.type);
  }
  Text("using_charset", c.using_charset);
  Flag("convert", c.convert);
  Flag("array", c.array);
}

void JsonBuilder::Order(std::string_view key, std::span<const ast::OrderItem> items) {
  Array(key, items, [this](const ast::OrderItem& item) {
    BeginPlain();
    Expr("expr", item.expr);
    Enum("direction", kDirections, item.direction);
    End();
  });
}

// Frame bounds are null when there is no frame, and the end is null without BETWEEN.
void JsonBuilder::Window(std::string_view key, const ast::WindowSpec* w) {
  Key(key);
  if (w == nullptr) return Raw("null");
  BeginPlain();
  Ident("name", w->name);
  Flag("parenthesized", w->parenthesized);
  Exprs("partition_by", w->partition_by);
  Order("order_by", w->order_by);
  Enum("frame_unit", kFrameUnits, w->frame_unit);
  Flag("frame_between", w->frame_between);
  const bool framed = w->frame_unit != ast::FrameUnit::kNone;
  Bound("frame_start", framed ? &w->frame_start : nullptr);
  Bound("frame_end", framed && w->frame_between ? &w->frame_end : nullptr);
  End();
}

// FrameBound's `kind` is written "bound": in this format "kind" names a node's struct.
void JsonBuilder::Bound(std::string_view key, const ast::FrameBound* b) {
  Key(key);
  if (b == nullptr) return Raw("null");
  BeginPlain();
  Enum("bound", kBoundKinds, b->kind);
  Expr("offset", b->offset);
  End();
}

// --- Queries ---------------------------------------------------------------------------------

void JsonBuilder::Statement(const ast::Statement& s) {
  switch (s.kind) {
    case ast::StatementKind::kSelect:
      Begin("select_statement", s.span);
      Query("query", s.As<ast::SelectStatement>().query);
      break;
    case ast::StatementKind::kInsert:
      Begin("insert_statement", s.span);
      Insert(s.As<ast::InsertStatement>());
      break;
    case ast::StatementKind::kUpdate:
      Begin("update_statement", s.span);
      Update(s.As<ast::UpdateStatement>());
      break;
    case ast::StatementKind::kDelete:
      Begin("delete_statement", s.span);
      Delete(s.As<ast::DeleteStatement>());
      break;
    case ast::StatementKind::kCreateTable:
      Begin("create_table_statement", s.span);
      CreateTable(s.As<ast::CreateTableStatement>());
      break;
    case ast::StatementKind::kCreateIndex:
      Begin("create_index_statement", s.span);
      CreateIndex(s.As<ast::CreateIndexStatement>());
      break;
    case ast::StatementKind::kAlterTable:
      Begin("alter_table_statement", s.span);
      AlterTable(s.As<ast::AlterTableStatement>());
      break;
    case ast::StatementKind::kDropTable:
      Begin("drop_table_statement", s.span);
      DropTable(s.As<ast::DropTableStatement>());
      break;
    case ast::StatementKind::kDropIndex:
      Begin("drop_index_statement", s.span);
      DropIndex(s.As<ast::DropIndexStatement>());
      break;
    case ast::StatementKind::kRenameTable:
      Begin("rename_table_statement", s.span);
      RenameTable(s.As<ast::RenameTableStatement>());
      break;
    case ast::StatementKind::kCreateDatabase:
      Begin("create_database_statement", s.span);
      CreateDatabase(s.As<ast::CreateDatabaseStatement>());
      break;
    case ast::StatementKind::kUse:
      Begin("use_statement", s.span);
      Ident("database", s.As<ast::UseStatement>().database);
      break;
    case ast::StatementKind::kSet:
      Begin("set_statement", s.span);
      Set(s.As<ast::SetStatement>());
      break;
    case ast::StatementKind::kUnsupported: {
      const auto& u = s.As<ast::UnsupportedStatement>();
      Begin("unsupported_statement", s.span);
      Text("what", u.what);
      Enum("verb", kVerbs, u.head.verb);
      Enum("object", kObjectKinds, u.head.object);
      Flag("or_replace", u.head.or_replace);
      break;
    }
    case ast::StatementKind::kCreateView:
      Begin("create_view_statement", s.span);
      View(s.As<ast::CreateViewStatement>());
      break;
    case ast::StatementKind::kAlterView:
      Begin("alter_view_statement", s.span);
      View(s.As<ast::AlterViewStatement>());
      break;
    case ast::StatementKind::kDropView:
      Begin("drop_view_statement", s.span);
      DropView(s.As<ast::DropViewStatement>());
      break;
    case ast::StatementKind::kDropDatabase:
      Begin("drop_database_statement", s.span);
      DropDatabase(s.As<ast::DropDatabaseStatement>());
      break;
    case ast::StatementKind::kCreateTrigger:
      Begin("create_trigger_statement", s.span);
      CreateTrigger(s.As<ast::CreateTriggerStatement>());
      break;
    case ast::StatementKind::kCreateRoutine:
      Begin("create_routine_statement", s.span);
      CreateRoutine(s.As<ast::CreateRoutineStatement>());
      break;
    case ast::StatementKind::kDropRoutine:
      Begin("drop_routine_statement", s.span);
      DropRoutine(s.As<ast::DropRoutineStatement>());
      break;
  }
  End();
}

void JsonBuilder::Query(std::string_view key, const ast::Query* q) {
  Key(key);
  if (q == nullptr) return Raw("null");
  Begin("query", q->span);
  With(q->recursive, q->with);
  Term("term", q->term);
  Order("order_by", q->order_by);
  Expr("limit", q->limit);
  Expr("offset", q->offset);
  Flag("offset_keyword", q->offset_keyword);
  Enum("lock", kLockModes, q->lock);
  Idents("lock_of", q->lock_of);
  Enum("lock_wait", kLockWaits, q->lock_wait);
  Text("into", q->into);
  Text("offset_rows", q->offset_rows);
  Flag("fetch", q->fetch);
  Text("fetch_first", q->fetch_first);
  Text("fetch_rows", q->fetch_rows);
  Flag("with_ties", q->with_ties);
  Expr("lock_wait_seconds", q->lock_wait_seconds);
  Array("more_locks", q->more_locks, [this](const ast::LockingClause& c) {
    BeginPlain();
    Enum("mode", kLockModes, c.mode);
    Idents("of", c.of);
    Enum("wait", kLockWaits, c.wait);
    Expr("wait_seconds", c.wait_seconds);
    End();
  });
  End();
}

// "recursive" and "with" (Cte[]), as a query and the DML statements have them.
void JsonBuilder::With(bool recursive, std::span<const ast::Cte> ctes) {
  Flag("recursive", recursive);
  Array("with", ctes, [this](const ast::Cte& cte) {
    BeginPlain();
    Ident("name", cte.name);
    Idents("columns", cte.columns);
    Query("query", cte.query);
    End();
  });
}

void JsonBuilder::Term(std::string_view key, const ast::QueryTerm* t) {
  Key(key);
  if (t == nullptr) return Raw("null");
  Begin("query_term", t->span);
  Key("select");
  if (t->select == nullptr) {
    Raw("null");
  } else {
    Select(*t->select);
  }
  Key("set_op");
  if (t->set_op == nullptr) {
    Raw("null");
  } else {
    const ast::SetOperation& s = *t->set_op;
    BeginPlain();
    Enum("op", kSetOps, s.op);
    Flag("all", s.all);
    Flag("distinct_keyword", s.distinct_keyword);
    Term("left", s.left);
    Term("right", s.right);
    End();
  }
  Query("parens", t->parens);
  Key("table");
  if (t->table == nullptr) {
    Raw("null");
  } else {
    Table(*t->table);
  }
  Key("values");
  if (t->values == nullptr) {
    Raw("null");
  } else {
    BeginPlain();
    Array("rows", t->values->rows, [this](std::span<const ast::Expr* const> row) {
      Raw("[");
      for (const ast::Expr* e : row) Node(*e);
      out_ += ']';
    });
    Flag("row_keyword", t->values->row_keyword);
    End();
  }
  End();
}

void JsonBuilder::Select(const ast::Select& s) {
  Begin("select", s.span);
  Text("hint", s.hint);
  Options(kSelectOptions, s.options);
  Text("into", s.into);
  SelectItems("items", s.items);
  Tables("from", s.from);
  Flag("from_dual", s.from_dual);
  Expr("where", s.where);
  Exprs("group_by", s.group_by);
  Array("group_by_directions", s.group_by_directions,
        [this](ast::Direction d) { String(EnumName(kDirections, d)); });
  Flag("with_rollup", s.with_rollup);
  Expr("having", s.having);
  Array("windows", s.windows, [this](const ast::NamedWindow& w) {
    BeginPlain();
    Ident("name", w.name);
    Window("spec", w.spec);
    End();
  });
  End();
}

// SelectOption or DmlOption bits as an array of names, in bit order.
template <size_t N>
void JsonBuilder::Options(const std::string_view (&names)[N], uint32_t options) {
  Key("options");
  Raw("[");
  for (size_t bit = 0; bit < N; ++bit) {
    if ((options & (1u << bit)) != 0) String(names[bit]);
  }
  out_ += ']';
}

void JsonBuilder::Table(const ast::TableRef& t) {
  static constexpr std::string_view kKinds[] = {"table_name", "join", "derived_table",
                                                "paren_tables", "json_table"};
  static_assert(std::size(kKinds) == static_cast<size_t>(ast::TableRefKind::kJsonTable) + 1);
  Begin(EnumName(kKinds, t.kind), t.span);
  TableFields(t);
  End();
}

// "system_time": null, or {kind, start, end} with each point {unit, value}.
void JsonBuilder::SystemTime(const ast::SystemTime& st) {
  static constexpr std::string_view kKinds[] = {"none", "as_of", "between", "from_to", "all"};
  static_assert(std::size(kKinds) == static_cast<size_t>(ast::SystemTimeKind::kAll) + 1);
  Key("system_time");
  if (st.kind == ast::SystemTimeKind::kNone) return Raw("null");
  BeginPlain();
  Enum("kind", kKinds, st.kind);
  for (const auto& [key, point] : {std::pair{"start", &st.start}, std::pair{"end", &st.end}}) {
    Key(key);
    if (point->value == nullptr) {
      Raw("null");
      continue;
    }
    BeginPlain();
    Text("unit", point->unit);
    Expr("value", point->value);
    End();
  }
  End();
}

// "columns": [{kind, name, type, path, on_empty, on_error, path_keyword, nested}]
void JsonBuilder::JsonColumns(std::span<const ast::JsonTableColumn> columns) {
  static constexpr std::string_view kKinds[] = {"ordinality", "path", "exists", "nested"};
  static_assert(std::size(kKinds) == static_cast<size_t>(ast::JsonColumnKind::kNested) + 1);
  Array("columns", columns, [this](const ast::JsonTableColumn& c) {
    BeginPlain();
    Enum("kind", kKinds, c.kind);
    Ident("name", c.name);
    Key("type");
    if (c.kind == ast::JsonColumnKind::kPath || c.kind == ast::JsonColumnKind::kExists) {
      ColumnType(c.type);
    } else {
      Raw("null");
    }
    Expr("path", c.path);
    for (const auto& [key, event] :
         {std::pair{"on_empty", &c.on_empty}, std::pair{"on_error", &c.on_error}}) {
      Key(key);
      if (event->action.empty()) {
        Raw("null");
        continue;
      }
      BeginPlain();
      Text("action", event->action);
      Expr("default_value", event->default_value);
      End();
    }
    Flag("path_keyword", c.path_keyword);
    if (c.kind == ast::JsonColumnKind::kNested) JsonColumns(c.nested);
    End();
  });
}

void JsonBuilder::Tables(std::string_view key, std::span<const ast::TableRef* const> tables) {
  Array(key, tables, [this](const ast::TableRef* t) { Table(*t); });
}

void JsonBuilder::TableFields(const ast::TableRef& t) {
  const auto table = [this](const ast::TableRef& r) { Table(r); };
  switch (t.kind) {
    case ast::TableRefKind::kTable: {
      const auto& n = t.As<ast::TableName>();
      Idents("name", n.name.parts);
      Idents("partitions", n.partitions);
      SystemTime(n.system_time);
      Ident("alias", n.alias);
      Flag("alias_as", n.alias_as);
      return Array("hints", n.hints, [this](const ast::IndexHint& h) {
        BeginPlain();
        Enum("action", kHintActions, h.action);
        Flag("key_keyword", h.key_keyword);
        Enum("scope", kHintScopes, h.scope);
        Idents("indexes", h.indexes);
        End();
      });
    }
    case ast::TableRefKind::kJoin: {
      const auto& j = t.As<ast::Join>();
      Enum("join", kJoinKinds, j.join);
      Flag("inner_keyword", j.inner_keyword);
      Key("left");
      table(*j.left);
      Key("right");
      table(*j.right);
      Expr("on", j.on);
      Idents("using_columns", j.using_columns);
      return Flag("has_using", j.has_using);
    }
    case ast::TableRefKind::kDerived: {
      const auto& d = t.As<ast::DerivedTable>();
      Query("query", d.query);
      Flag("lateral", d.lateral);
      Ident("alias", d.alias);
      Flag("alias_as", d.alias_as);
      return Idents("columns", d.columns);
    }
    case ast::TableRefKind::kJsonTable: {
      const auto& j = t.As<ast::JsonTable>();
      Expr("expr", j.expr);
      Expr("path", j.path);
      JsonColumns(j.columns);
      Ident("alias", j.alias);
      return Flag("alias_as", j.alias_as);
    }
    case ast::TableRefKind::kParens:
      Flag("odbc_escape", t.As<ast::ParenTables>().odbc_escape);
      return Array("items", t.As<ast::ParenTables>().items,
                   [&](const ast::TableRef* r) { table(*r); });
  }
}

// --- INSERT, REPLACE, UPDATE, DELETE ----------------------------------------------------------

// rows is an array of rows, each an array of expressions; an absent source is [] or null.
void JsonBuilder::Insert(const ast::InsertStatement& s) {
  Flag("replace", s.replace);
  Text("hint", s.hint);
  Options(kDmlOptions, s.options);
  Flag("into", s.into);
  Idents("table", s.table.parts);
  Idents("partitions", s.partitions);
  Flag("column_list", s.column_list);
  Idents("columns", s.columns);
  Array("rows", s.rows, [this](std::span<const ast::Expr* const> row) {
    Raw("[");
    for (const ast::Expr* e : row) Node(*e);
    out_ += ']';
  });
  Flag("value_keyword", s.value_keyword);
  Flag("row_keyword", s.row_keyword);
  Assignments("set", s.set);
  Query("query", s.query);
  Idents("source_table", s.source_table.parts);
  Ident("row_alias", s.row_alias);
  Idents("row_alias_columns", s.row_alias_columns);
  Assignments("on_duplicate", s.on_duplicate);
  SelectItems("returning", s.returning);
}

void JsonBuilder::SelectItems(std::string_view key, std::span<const ast::SelectItem> items) {
  Array(key, items, [this](const ast::SelectItem& item) {
    BeginPlain();
    Expr("expr", item.expr);
    Ident("alias", item.alias);
    Flag("alias_as", item.alias_as);
    Text("string_alias", item.string_alias);
    End();
  });
}

void JsonBuilder::Update(const ast::UpdateStatement& s) {
  With(s.recursive, s.with);
  Text("hint", s.hint);
  Options(kDmlOptions, s.options);
  Tables("tables", s.tables);
  Assignments("set", s.set);
  Expr("where", s.where);
  Order("order_by", s.order_by);
  Expr("limit", s.limit);
  Portion(s.portion);
}

// targets is an array of names (each a string[]); target_stars runs beside it.
void JsonBuilder::Delete(const ast::DeleteStatement& s) {
  With(s.recursive, s.with);
  Text("hint", s.hint);
  Options(kDmlOptions, s.options);
  Array("targets", s.targets, [this](const ast::Name& n) { IdentArray(n.parts); });
  Array("target_stars", s.target_stars, [this](bool star) { Raw(star ? "true" : "false"); });
  Flag("using_form", s.using_form);
  Tables("tables", s.tables);
  Expr("where", s.where);
  Order("order_by", s.order_by);
  Expr("limit", s.limit);
  Portion(s.portion);
  SelectItems("returning", s.returning);
}

void JsonBuilder::Assignments(std::string_view key, std::span<const ast::Assignment> items) {
  Array(key, items, [this](const ast::Assignment& a) {
    BeginPlain();
    Idents("column", a.column.parts);
    Expr("value", a.value);
    End();
  });
}

// --- CREATE TABLE ----------------------------------------------------------------------------

// "options" is TableOption[] here, not a bit set.
void JsonBuilder::CreateTable(const ast::CreateTableStatement& s) {
  Flag("temporary", s.temporary);
  Flag("if_not_exists", s.if_not_exists);
  Idents("table", s.table.parts);
  Flag("has_elements", s.has_elements);
  Array("columns", s.columns, [this](const ast::ColumnDef& c) { ColumnDef(c); });
  Array("indexes", s.indexes, [this](const ast::IndexDef& d) { IndexDef(d); });
  Idents("like", s.like.parts);
  Flag("like_parens", s.like_parens);
  TableOptions("options", s.options);
  Text("partitioning", s.partitioning);
  Text("duplicates", s.duplicates);
  Flag("as_keyword", s.as_keyword);
  Query("query", s.query);
  Array("periods", s.periods, [this](const ast::PeriodDef& p) { Period(p); });
}

void JsonBuilder::ColumnDef(const ast::ColumnDef& c) {
  Begin("column_def", c.span);
  Ident("name", c.name);
  Key("type");
  ColumnType(c.type);
  Enum("nullability", kNullabilities, c.nullability);
  Expr("default_value", c.default_value);
  Flag("default_parens", c.default_parens);
  Expr("on_update", c.on_update);
  Flag("auto_increment", c.auto_increment);
  Flag("unique", c.unique);
  Flag("primary_key", c.primary_key);
  Text("comment", c.comment);
  Expr("generated", c.generated);
  Flag("generated_always", c.generated_always);
  Text("storage", c.storage);
  Flag("invisible", c.invisible);
  Text("column_format", c.column_format);
  Expr("check", c.check);
  Flag("check_constraint", c.check_constraint);
  Ident("check_name", c.check_name);
  Text("references", c.references);
  Text("srid", c.srid);
  Text("engine_attribute", c.engine_attribute);
  Text("secondary_engine_attribute", c.secondary_engine_attribute);
  Text("versioning", c.versioning);
  Text("row_boundary", c.row_boundary);
  Flag("serial_default_value", c.serial_default_value);
  Text("storage_media", c.storage_media);
  End();
}

void JsonBuilder::Period(const ast::PeriodDef& p) {
  Begin("period_def", p.span);
  Ident("name", p.name);
  Ident("start", p.start);
  Ident("end", p.end);
  End();
}

void JsonBuilder::ColumnType(const ast::ColumnType& t) {
  BeginPlain();
  Text("name", t.name);
  Text("length", t.length);
  Text("scale", t.scale);
  Array("values", t.values, [this](std::string_view v) { String(v); });
  Flag("is_unsigned", t.is_unsigned);
  Flag("is_signed", t.is_signed);
  Flag("zerofill", t.zerofill);
  Flag("binary", t.binary);
  Text("charset", t.charset);
  Text("collation", t.collation);
  Text("charset_shorthand", t.charset_shorthand);
  End();
}

void JsonBuilder::IndexDef(const ast::IndexDef& d) {
  Begin("index_def", d.span);
  Enum("type", kIndexTypes, d.type);
  Flag("constraint_keyword", d.constraint_keyword);
  Ident("constraint", d.constraint);
  Flag("index_keyword", d.index_keyword);
  Flag("key_keyword", d.key_keyword);
  Ident("name", d.name);
  Text("using_type", d.using_type);
  Array("parts", d.parts, [this](const ast::KeyPart& k) {
    BeginPlain();
    Ident("column", k.column);
    Expr("expr", k.expr);
    Text("length", k.length);
    Enum("direction", kDirections, k.direction);
    End();
  });
  Text("comment", d.comment);
  Text("key_block_size", d.key_block_size);
  Text("parser", d.parser);
  Enum("visibility", kVisibilities, d.visibility);
  Idents("ref_table", d.ref_table.parts);
  Idents("ref_columns", d.ref_columns);
  Text("match", d.match);
  Text("on_delete", d.on_delete);
  Text("on_update", d.on_update);
  Expr("check", d.check);
  Text("enforced", d.enforced);
  Flag("if_not_exists", d.if_not_exists);
  Text("engine_attribute", d.engine_attribute);
  Text("secondary_engine_attribute", d.secondary_engine_attribute);
  End();
}

void JsonBuilder::TableOptions(std::string_view key, std::span<const ast::TableOption> options) {
  Array(key, options, [this](const ast::TableOption& o) { TableOption(o); });
}

void JsonBuilder::TableOption(const ast::TableOption& o) {
  BeginPlain();
  Text("name", o.name);
  Text("value", o.value);
  Flag("equals", o.equals);
  End();
}

// --- CREATE INDEX, ALTER TABLE, DROP, CREATE DATABASE, USE, SET ------------------------------

void JsonBuilder::CreateIndex(const ast::CreateIndexStatement& s) {
  Flag("if_not_exists", s.if_not_exists);
  Key("index");
  IndexDef(s.index);
  Idents("table", s.table.parts);
  TableOptions("algorithm_lock", s.algorithm_lock);
}

void JsonBuilder::AlterTable(const ast::AlterTableStatement& s) {
  Flag("online", s.online);
  Flag("ignore", s.ignore);
  Idents("table", s.table.parts);
  Array("actions", s.actions, [this](const ast::AlterAction& a) { AlterAction(a); });
  Text("partitioning", s.partitioning);
  Flag("if_exists", s.if_exists);
}

// AlterAction's `kind` is written "action" ("kind" names a node's struct). "column", "index"
// and "option" are null unless the action has one (ADD / MODIFY / CHANGE column, ADD key,
// an option).
void JsonBuilder::AlterAction(const ast::AlterAction& a) {
  using K = ast::AlterKind;
  Begin("alter_action", a.span);
  Enum("action", kAlterKinds, a.kind);
  Flag("column_keyword", a.column_keyword);
  Flag("if_exists", a.if_exists);
  Key("column");
  if (a.kind == K::kAddColumn || a.kind == K::kModifyColumn || a.kind == K::kChangeColumn) {
    ColumnDef(a.column);
  } else {
    Raw("null");
  }
  Ident("name", a.name);
  Ident("new_name", a.new_name);
  Flag("key_keyword", a.key_keyword);
  Text("position", a.position);
  Key("index");
  if (a.kind == K::kAddIndex) {
    IndexDef(a.index);
  } else {
    Raw("null");
  }
  Text("charset", a.charset);
  Text("collation", a.collation);
  Idents("table", a.table.parts);
  Text("rename_word", a.rename_word);
  Key("option");
  if (a.kind == K::kOption) {
    TableOption(a.option);
  } else {
    Raw("null");
  }
  Text("setting", a.setting);
  Enum("visibility", kVisibilities, a.visibility);
  Expr("default", a.default_value);
  Text("text", a.text);
  Key("period");
  if (a.kind == K::kAddPeriod || a.kind == K::kDropPeriod) {
    Period(a.period);
  } else {
    Raw("null");
  }
  Text("drop_behavior", a.drop_behavior);
  End();
}

// "tables" is an array of names, each a string[].
void JsonBuilder::DropTable(const ast::DropTableStatement& s) {
  Flag("temporary", s.temporary);
  Flag("if_exists", s.if_exists);
  Array("tables", s.tables, [this](const ast::Name& n) { IdentArray(n.parts); });
  Text("behavior", s.behavior);
}

void JsonBuilder::DropIndex(const ast::DropIndexStatement& s) {
  Flag("if_exists", s.if_exists);
  Ident("index", s.index);
  Idents("table", s.table.parts);
  TableOptions("algorithm_lock", s.algorithm_lock);
}

// "pairs": [{"from": string[], "to": string[]}, …]
void JsonBuilder::RenameTable(const ast::RenameTableStatement& s) {
  Flag("tables_keyword", s.tables_keyword);
  Flag("if_exists", s.if_exists);
  Array("pairs", s.pairs, [this](const ast::RenamePair& p) {
    BeginPlain();
    Idents("from", p.from.parts);
    Idents("to", p.to.parts);
    End();
  });
  Text("wait", s.wait);
}

void JsonBuilder::CreateDatabase(const ast::CreateDatabaseStatement& s) {
  Flag("schema_keyword", s.schema_keyword);
  Flag("if_not_exists", s.if_not_exists);
  Ident("name", s.name);
  TableOptions("options", s.options);
}

void JsonBuilder::Set(const ast::SetStatement& s) {
  Flag("names", s.names);
  Flag("charset", s.charset);
  Text("charset_word", s.charset_word);
  Text("value", s.value);
  Text("collation", s.collation);
  Array("variables", s.variables, [this](const ast::SetVariable& v) {
    BeginPlain();
    Text("scope", v.scope);
    Expr("target", v.target);
    Expr("value", v.value);
    Flag("assign_operator", v.assign_operator);
    End();
  });
}

// --- Views, DROP DATABASE, triggers and routines ---------------------------------------------

void JsonBuilder::View(const ast::ViewStatement& s) {
  Flag("or_replace", s.or_replace);
  Text("algorithm", s.algorithm);
  Text("definer", s.definer);
  Text("sql_security", s.sql_security);
  Flag("if_not_exists", s.if_not_exists);
  Idents("name", s.name.parts);
  Idents("columns", s.columns);
  Query("query", s.query);
  Enum("check_option", kCheckOptions, s.check_option);
}

void JsonBuilder::DropView(const ast::DropViewStatement& s) {
  Flag("if_exists", s.if_exists);
  Array("views", s.views, [this](const ast::Name& n) { IdentArray(n.parts); });
  Text("behavior", s.behavior);
}

void JsonBuilder::DropDatabase(const ast::DropDatabaseStatement& s) {
  Flag("schema_keyword", s.schema_keyword);
  Flag("if_exists", s.if_exists);
  Ident("name", s.name);
}

void JsonBuilder::CreateTrigger(const ast::CreateTriggerStatement& s) {
  Flag("or_replace", s.or_replace);
  Text("definer", s.definer);
  Flag("if_not_exists", s.if_not_exists);
  Idents("name", s.name.parts);
  Enum("time", kTriggerTimes, s.time);
  Enum("event", kTriggerEvents, s.event);
  Idents("table", s.table.parts);
  Enum("order", kTriggerOrders, s.order);
  Ident("other", s.other);
  Text("body", s.body);
}

// "params": [{"mode", "name", "type"}, …]; "characteristics": string[] as written.
void JsonBuilder::CreateRoutine(const ast::CreateRoutineStatement& s) {
  Enum("routine", kRoutineKinds, s.routine);
  Flag("or_replace", s.or_replace);
  Text("definer", s.definer);
  Flag("aggregate", s.aggregate);
  Flag("if_not_exists", s.if_not_exists);
  Idents("name", s.name.parts);
  Array("params", s.params, [this](const ast::RoutineParam& p) {
    BeginPlain();
    Enum("mode", kParamModes, p.mode);
    Ident("name", p.name);
    Key("type");
    ColumnType(p.type);
    End();
  });
  Key("returns");
  if (s.has_returns) {
    ColumnType(s.returns);
  } else {
    Raw("null");
  }
  Array("characteristics", s.characteristics, [this](std::string_view c) { String(c); });
  Text("body", s.body);
}

void JsonBuilder::DropRoutine(const ast::DropRoutineStatement& s) {
  Enum("object", kRoutineObjects, s.object);
  Flag("if_exists", s.if_exists);
  Idents("name", s.name.parts);
}

}  // namespace

std::string ToJson(const ast::Statement& statement) {
  JsonBuilder json;
  json.Statement(statement);
  return json.Take();
}

}  // namespace qadvisor::parser
