// The binder: AST + catalog → QueryModel (see query_model.h for the contract).
//
// Name resolution follows MySQL 8.0 Reference Manual 15.2.13 (SELECT: "A select_expr can be
// given an alias … ORDER BY … can refer to it"), 15.2.15.7 (correlated subqueries: a name is
// looked up in the innermost query block first, then outwards) and 15.2.13.2 (JOIN: USING and
// NATURAL coalesce the named columns, so an unqualified reference is not ambiguous).
// Comparison semantics follow 14.3 (Type Conversion in Expression Evaluation) and 10.8.4
// (Collation Coercibility in Expressions).
#include <algorithm>
#include <cctype>
#include <charconv>
#include <memory>
#include <unordered_map>
#include <utility>

#include "analyzer/query_model.h"
#include "base/ascii.h"
#include "parser/keywords.h"

namespace qadvisor::analyzer {
namespace {

using namespace parser::ast;  // NOLINT: this file walks the AST
using parser::EqualsIgnoreCase;
namespace ast = parser::ast;

Span NameSpan(const Name& name) {
  if (name.parts.empty()) return {};
  const Ident& first = name.parts.front();
  const Ident& last = name.parts.back();
  return {first.offset, static_cast<uint32_t>(last.offset + last.raw.size() - first.offset)};
}

std::string NameText(const Name& name) {
  std::string out;
  for (const Ident& part : name.parts) {
    if (!out.empty()) out += '.';
    out += part.Value();
  }
  return out;
}

// The body of a string literal as written ('abc%' → abc%), without introducer or N prefix.
// Adjacent strings are joined by the parser into one text; the first one is enough for a
// pattern's leading character.
std::string_view StringBody(std::string_view text) {
  const size_t quote = text.find_first_of("'\"");
  if (quote == std::string_view::npos) return {};
  return text.substr(quote + 1);
}

// Whether a LIKE pattern built with CONCAT starts with a literal wildcard: CONCAT('%', ?).
bool LeadingWildcard(const Expr& pattern) {
  const Expr* e = &pattern;
  while (e->kind == ExprKind::kFunction && !e->As<Function>().args.empty() &&
         EqualsIgnoreCase(e->As<Function>().name.last().Value(), "concat")) {
    e = e->As<Function>().args.front();
  }
  if (e == &pattern || e->kind != ExprKind::kLiteral) return false;
  if (e->As<Literal>().literal != LiteralKind::kString) return false;
  const std::string_view body = StringBody(e->As<Literal>().text);
  return !body.empty() && (body.front() == '%' || body.front() == '_');
}

bool IsCharacterColumn(const Column* c) { return c && IsCharacter(c->family); }
bool IsStringish(const Column* c) {  // compared with a number, converted to a double
  return c && (c->family == TypeFamily::kString || c->family == TypeFamily::kBinary);
}

// Whether converting `from` into `to` is what MySQL does when comparing (it converts to the
// charset that can represent the other: the Unicode ones, utf8mb4 above utf8mb3).
bool Widens(std::string_view from, std::string_view to) {
  auto rank = [](std::string_view cs) {
    if (cs == "utf8mb4" || cs == "utf16" || cs == "utf32" || cs == "gb18030") return 3;
    if (cs == "utf8mb3" || cs == "ucs2") return 2;
    if (cs == "binary") return 4;
    return 1;
  };
  return rank(to) > rank(from) && rank(to) >= 2;
}

std::string OperatorName(BinaryOp op) {
  switch (op) {
    case BinaryOp::kAdd:
      return "+";
    case BinaryOp::kSub:
      return "-";
    case BinaryOp::kMul:
      return "*";
    case BinaryOp::kDiv:
      return "/";
    case BinaryOp::kIntDiv:
      return "DIV";
    case BinaryOp::kMod:
      return "%";
    case BinaryOp::kBitAnd:
      return "&";
    case BinaryOp::kBitOr:
      return "|";
    case BinaryOp::kBitXor:
      return "^";
    case BinaryOp::kShiftLeft:
      return "<<";
    case BinaryOp::kShiftRight:
      return ">>";
    case BinaryOp::kJsonExtract:
      return "->";
    case BinaryOp::kJsonUnquote:
      return "->>";
    default:
      return "expression";
  }
}

bool IsArithmetic(BinaryOp op) {
  switch (op) {
    case BinaryOp::kAdd:
    case BinaryOp::kSub:
    case BinaryOp::kMul:
    case BinaryOp::kDiv:
    case BinaryOp::kIntDiv:
    case BinaryOp::kMod:
    case BinaryOp::kBitAnd:
    case BinaryOp::kBitOr:
    case BinaryOp::kBitXor:
    case BinaryOp::kShiftLeft:
    case BinaryOp::kShiftRight:
      return true;
    default:
      return false;
  }
}

bool IsTemporalFunction(std::string_view name) {
  static constexpr std::string_view kNames[] = {
      "now",          "current_timestamp", "current_date",   "curdate",       "curtime",
      "current_time", "sysdate",           "utc_timestamp",  "utc_date",      "date_sub",
      "date_add",     "localtime",         "localtimestamp", "from_unixtime", "str_to_date",
      "makedate",     "timestamp",         "subdate",        "adddate"};
  return parser::IsOneOf(parser::LowerAscii(name), kNames);
}

std::optional<uint64_t> LiteralNumber(const Expr* e) {
  if (!e || e->kind != ExprKind::kLiteral) return std::nullopt;
  const auto& lit = e->As<Literal>();
  if (lit.literal != LiteralKind::kNumber) return std::nullopt;
  uint64_t value = 0;
  const auto [end, ec] = std::from_chars(lit.text.data(), lit.text.data() + lit.text.size(), value);
  if (ec != std::errc() || end != lit.text.data() + lit.text.size()) return std::nullopt;
  return value;
}

BinaryOp Mirror(BinaryOp op) {
  switch (op) {
    case BinaryOp::kLt:
      return BinaryOp::kGt;
    case BinaryOp::kLe:
      return BinaryOp::kGe;
    case BinaryOp::kGt:
      return BinaryOp::kLt;
    case BinaryOp::kGe:
      return BinaryOp::kLe;
    default:
      return op;
  }
}

// One side of a comparison, as far as indexing cares.
struct Side {
  enum Kind { kColumn, kWrapped, kConstant, kOuter, kSubquery, kMixed } kind = kMixed;
  BoundColumn column;    // kColumn, kWrapped (the column inside), kOuter
  std::string function;  // kWrapped
  const Expr* wrapped = nullptr;
  ValueKind value = ValueKind::kExpression;
  TypeFamily family = TypeFamily::kOther;
  std::string collate;  // COLLATE written on this side
};

class Binder {
 public:
  Binder(const Catalog& catalog, std::string_view database, QueryModel& model)
      : catalog_(catalog), database_(database), m_(model) {}

  void BindStatement(const Statement& statement);

 private:
  struct CteDef {
    std::string name;
    int block = -1;
    std::vector<std::string> columns;
  };
  struct PendingJoin {
    const Join* join;
    size_t left_begin, right_begin, right_end;
  };

  int NewBlock(BlockKind kind, int parent, const Select* select, Span span);
  int BindQuery(const Query& query, BlockKind kind, int parent);
  int BindTerm(const QueryTerm& term, BlockKind kind, int parent, const Query* owner);
  int BindSelect(const Select& select, BlockKind kind, int parent, const Query* owner);
  void AddTableRef(int b, const TableRef& ref, bool outer, std::vector<PendingJoin>& joins);
  void AddTable(int b, const TableName& name, bool outer);
  void AddView(int b, TableUse& use, const View& view);
  std::vector<std::string> MergedColumns(int view_block, size_t first_block) const;
  void Respan(size_t first_block, Span span);
  void BindJoins(int b, const std::vector<PendingJoin>& joins);
  std::vector<std::string> DerivedColumns(int block) const;
  const CteDef* FindCte(const Name& name) const;

  // Resolution.
  BoundColumn Resolve(int b, const Name& name, bool report);
  bool HasColumn(const TableUse& use, std::string_view column, std::string* spelling) const;
  void NeedColumn(const BoundColumn& c);
  void Issue(IssueKind kind, std::string name, std::string message, Span span);
  // Notes that the statement writes `table` (a catalog table; nullptr is ignored), once.
  void Written(const Table* table) {
    if (table && std::find(m_.written.begin(), m_.written.end(), table) == m_.written.end()) {
      m_.written.push_back(table);
    }
  }
  const SelectItem* FindAlias(std::string_view name) const;

  // Expressions.
  void Visit(int b, const Expr* e);
  void VisitQuery(int b, const Query* q, bool exists);
  Side Describe(int b, const Expr& e);
  void FirstColumnOf(int b, const Expr& e, std::vector<BoundColumn>& out, bool& other_tables);
  void Condition(int b, const Expr& e, int or_group, int or_branch, bool on_clause);
  void Link(int b, const Expr& e);
  bool AsInList(int b, std::span<const Expr* const> disjuncts, Span span, bool on_clause);
  void Comparison(int b, const Expr& node, BinaryOp op, const Expr& l, const Expr& r,
                  Predicate base);
  void AddValuePredicate(int b, const Side& col, PredicateOp op, const Side& value, Predicate p);
  void AddJoinPredicates(int b, const Side& l, const Side& r, PredicateOp op, Predicate p);
  void TypeCheck(const Side& col, ValueKind value, TypeFamily family, Predicate& p) const;
  bool SearchesUnderBinary(const Column& column, bool collate_elsewhere, std::string_view collation,
                           PredicateOp op) const;
  void CompareCharacterColumns(const Column& x, const Column& y, std::string_view x_collate,
                               std::string_view y_collate, Predicate& q) const;
  bool IndexedExpression(const Side& wrapped, Predicate& p) const;
  void Order(int b, std::span<const OrderItem> items, std::vector<OrderColumn>& out,
             bool alias_first);

  const Catalog& catalog_;
  std::string database_;
  QueryModel& m_;
  std::vector<int> scope_;  // blocks visible to column resolution, innermost last
  std::vector<std::vector<CteDef>> ctes_;
  std::vector<std::vector<std::string>> coalesced_;  // per block: USING / NATURAL columns
  std::unordered_map<const Expr*, BoundColumn> bound_;
  const Select* alias_source_ = nullptr;  // select list whose aliases names may refer to
  std::vector<std::string> reported_;     // issue names already reported
  std::vector<const View*> views_;        // views being bound, outermost first
};

// Views within views deeper than this are left unbound (read as a table the catalog lacks), as
// is a view that reads itself through others: the server refuses it (error 1462).
constexpr size_t kMaxViewDepth = 8;

// The names a table reference exposes: a view's or derived table's, else the catalog table's.
std::vector<std::string> ColumnNames(const TableUse& use) {
  if (!use.derived_columns.empty() || !use.table) return use.derived_columns;
  std::vector<std::string> out;
  for (const Column& c : use.table->columns) out.push_back(c.name);
  return out;
}

int Binder::NewBlock(BlockKind kind, int parent, const Select* select, Span span) {
  QueryBlock block;
  block.kind = kind;
  block.parent = parent;
  block.select = select;
  block.span = span;
  m_.blocks.push_back(std::move(block));
  coalesced_.emplace_back();
  return static_cast<int>(m_.blocks.size() - 1);
}

void Binder::Issue(IssueKind kind, std::string name, std::string message, Span span) {
  if (std::find(reported_.begin(), reported_.end(), name) != reported_.end()) return;
  reported_.push_back(name);
  m_.issues.push_back({kind, std::move(name), std::move(message), span});
}

const Binder::CteDef* Binder::FindCte(const Name& name) const {
  if (name.parts.size() != 1) return nullptr;
  for (auto scope = ctes_.rbegin(); scope != ctes_.rend(); ++scope) {
    for (const CteDef& cte : *scope) {
      if (EqualsIgnoreCase(cte.name, name.last().Value())) return &cte;
    }
  }
  return nullptr;
}

// --- Statements -------------------------------------------------------------------------------

void Binder::BindStatement(const Statement& statement) {
  m_.statement = &statement;
  switch (statement.kind) {
    case StatementKind::kSelect: {
      m_.main = BindQuery(*statement.As<SelectStatement>().query, BlockKind::kStatement, -1);
      break;
    }
    case StatementKind::kInsert: {
      const auto& insert = statement.As<InsertStatement>();
      m_.target = catalog_.FindTable(
          insert.table.parts.size() > 1 ? insert.table.parts[0].Value() : database_,
          insert.table.last().Value());
      if (!m_.target) {
        const std::string text = NameText(insert.table);
        Issue(IssueKind::kUnknownTable, text, "table `" + text + "` is not in the schema",
              NameSpan(insert.table));
      } else {
        for (const Ident& c : insert.columns) {
          if (m_.target->FindColumn(c.Value())) continue;
          Issue(IssueKind::kUnknownColumn, c.Value(),
                "unknown column `" + c.Value() + "`: table `" + m_.target->name +
                    "` has no column `" + c.Value() + "`",
                Span{c.offset, static_cast<uint32_t>(c.raw.size())});
        }
      }
      if (m_.target) m_.written.push_back(m_.target);
      if (insert.query) m_.main = BindQuery(*insert.query, BlockKind::kStatement, -1);
      break;
    }
    case StatementKind::kUpdate:
    case StatementKind::kDelete: {
      const bool update = statement.kind == StatementKind::kUpdate;
      const auto* u = update ? &statement.As<UpdateStatement>() : nullptr;
      const auto* d = update ? nullptr : &statement.As<DeleteStatement>();
      std::span<const Cte> with = update ? u->with : d->with;
      ctes_.emplace_back();
      for (const Cte& cte : with) {
        CteDef def{parser::LowerAscii(cte.name.Value()), -1, {}};
        def.block = BindQuery(*cte.query, BlockKind::kCte, -1);
        for (const Ident& c : cte.columns) def.columns.push_back(c.Value());
        if (def.columns.empty()) def.columns = DerivedColumns(def.block);
        ctes_.back().push_back(std::move(def));
      }
      const int b = NewBlock(BlockKind::kStatement, -1, nullptr, statement.span);
      m_.main = b;
      std::vector<PendingJoin> joins;
      const std::span<const TableRef* const> refs = update ? u->tables : d->tables;
      for (const TableRef* ref : refs) AddTableRef(b, *ref, false, joins);
      if (refs.size() > 1) {
        for (const TableRef* ref : refs) {
          if (ref->kind == TableRefKind::kJoin) m_.blocks[b].comma_and_ansi_joins = true;
        }
      }
      // DELETE t1, t2 FROM …: each target must be a table of the FROM clause (error 1109).
      if (!update) {
        for (const Name& target : d->targets) {
          bool found = false;
          for (const TableUse& use : m_.blocks[b].tables) {
            found = found || EqualsIgnoreCase(use.alias, target.last().Value());
          }
          if (!found) {
            const std::string text = NameText(target);
            Issue(IssueKind::kUnknownTable, text,
                  "table `" + text + "` of the DELETE list is not in its FROM clause",
                  NameSpan(target));
          }
        }
      }
      scope_.push_back(b);
      BindJoins(b, joins);
      if (update) {
        for (const Assignment& a : u->set) {
          const BoundColumn c = Resolve(b, a.column, true);
          if (c.resolved() && c.block == b && c.column) {
            const Table* table = m_.blocks[b].tables[c.table].table;
            m_.assigned.emplace_back(table, c.column->name);
            Written(table);
          }
          Visit(b, a.value);
        }
      }
      const Expr* where = update ? u->where : d->where;
      if (where) {
        m_.blocks[b].has_where = true;
        Visit(b, where);
        Condition(b, *where, -1, -1, false);
      }
      std::vector<OrderColumn> order;
      Order(b, update ? u->order_by : d->order_by, order, false);
      m_.blocks[b].order_by = std::move(order);
      m_.blocks[b].order_by_written = !(update ? u->order_by : d->order_by).empty();
      const Expr* limit = update ? u->limit : d->limit;
      m_.blocks[b].limit_written = limit != nullptr;
      m_.blocks[b].limit = LiteralNumber(limit);
      if (m_.blocks[b].tables.size() == 1) m_.target = m_.blocks[b].tables[0].table;
      if (!update) {
        // MariaDB's RETURNING reads the deleted rows: its columns name this block's table.
        for (const SelectItem& item : d->returning) Visit(b, item.expr);
        if (d->targets.empty()) Written(m_.target);
        for (const Name& target : d->targets) {
          for (const TableUse& use : m_.blocks[b].tables) {
            if (EqualsIgnoreCase(use.alias, target.last().Value())) Written(use.table);
          }
        }
      }
      scope_.pop_back();
      ctes_.pop_back();
      break;
    }
    default:
      break;
  }
}

int Binder::BindQuery(const Query& query, BlockKind kind, int parent) {
  ctes_.emplace_back();
  for (const Cte& cte : query.with) {
    CteDef def{parser::LowerAscii(cte.name.Value()), -1, {}};
    for (const Ident& c : cte.columns) def.columns.push_back(c.Value());
    if (query.recursive) ctes_.back().push_back(def);  // visible inside its own definition
    const int block = BindQuery(*cte.query, BlockKind::kCte, -1);
    if (def.columns.empty()) def.columns = DerivedColumns(block);
    def.block = block;
    if (query.recursive) {
      ctes_.back().back() = std::move(def);
    } else {
      ctes_.back().push_back(std::move(def));
    }
  }
  const int first = BindTerm(*query.term, kind, parent, &query);
  ctes_.pop_back();
  return first;
}

int Binder::BindTerm(const QueryTerm& term, BlockKind kind, int parent, const Query* owner) {
  if (term.select) return BindSelect(*term.select, kind, parent, owner);
  if (term.parens) return BindQuery(*term.parens, kind, parent);
  if (term.table || term.values) {  // TABLE t reads every row and column of t; VALUES no table
    const int b = NewBlock(kind, parent, nullptr, term.span);
    if (term.table) {
      std::vector<PendingJoin> joins;
      AddTableRef(b, *term.table, false, joins);
      for (TableUse& use : m_.blocks[b].tables) use.all_columns = true;
    }
    if (term.values) {
      scope_.push_back(b);
      for (const auto& row : term.values->rows) {
        for (const Expr* e : row) Visit(b, e);
      }
      scope_.pop_back();
    }
    return b;
  }
  const SetOperation& op = *term.set_op;
  const BlockKind part = kind == BlockKind::kStatement ? BlockKind::kUnionPart : kind;
  const int first = BindTerm(*op.left, part, parent, nullptr);
  BindTerm(*op.right, part, parent, nullptr);
  return first;
}

int Binder::BindSelect(const Select& select, BlockKind kind, int parent, const Query* owner) {
  const int b = NewBlock(kind, parent, &select, select.span);
  std::vector<PendingJoin> joins;
  for (const TableRef* ref : select.from) AddTableRef(b, *ref, false, joins);
  if (select.from.size() > 1) {
    for (const TableRef* ref : select.from) {
      if (ref->kind == TableRefKind::kJoin) m_.blocks[b].comma_and_ansi_joins = true;
    }
  }
  scope_.push_back(b);
  BindJoins(b, joins);

  for (const SelectItem& item : select.items) {
    if (item.expr->kind == ExprKind::kColumn && item.expr->As<ast::Column>().star) {
      const ast::Column& star = item.expr->As<ast::Column>();
      QueryBlock& block = m_.blocks[b];
      block.star = true;
      if (block.star_span.length == 0) block.star_span = star.span;
      for (TableUse& use : block.tables) {
        if (star.name.parts.empty() || EqualsIgnoreCase(use.alias, star.name.last().Value())) {
          if (use.view_base_columns.empty()) {
            use.all_columns = true;
          } else {  // a merged view: the columns it reads, not all of its base table's
            for (const std::string& c : use.view_base_columns) use.Need(c);
          }
        }
      }
      continue;
    }
    Visit(b, item.expr);
  }
  if (select.where) {
    m_.blocks[b].has_where = true;
    Visit(b, select.where);
    Condition(b, *select.where, -1, -1, false);
  }
  alias_source_ = &select;
  std::vector<OrderColumn> group;
  for (const Expr* e : select.group_by) {
    OrderItem item{e, Direction::kNone};
    Order(b, std::span<const OrderItem>(&item, 1), group, false);
  }
  m_.blocks[b].group_by = std::move(group);
  if (select.having) Visit(b, select.having);
  for (const NamedWindow& w : select.windows) {
    for (const Expr* e : w.spec->partition_by) Visit(b, e);
    for (const OrderItem& o : w.spec->order_by) Visit(b, o.expr);
  }
  if (owner) {
    std::vector<OrderColumn> order;
    Order(b, owner->order_by, order, true);
    m_.blocks[b].order_by = std::move(order);
    m_.blocks[b].order_by_written = !owner->order_by.empty();
    m_.blocks[b].limit_written = owner->limit != nullptr || owner->fetch;
    m_.blocks[b].limit = LiteralNumber(owner->limit);
    // MariaDB's FETCH FIRST ROW ONLY without a count fetches one row.
    if (owner->fetch && owner->limit == nullptr) m_.blocks[b].limit = 1;
    m_.blocks[b].offset = LiteralNumber(owner->offset);
    if (owner->offset) {
      m_.blocks[b].limit_span = owner->offset->span;
    } else if (owner->limit) {
      m_.blocks[b].limit_span = owner->limit->span;
    }
  }
  alias_source_ = nullptr;
  m_.blocks[b].distinct = (select.options & (kDistinct | kDistinctRow)) != 0;
  scope_.pop_back();
  return b;
}

void Binder::AddTableRef(int b, const TableRef& ref, bool outer, std::vector<PendingJoin>& joins) {
  switch (ref.kind) {
    case TableRefKind::kTable:
      AddTable(b, ref.As<TableName>(), outer);
      return;
    case TableRefKind::kParens:
      for (const TableRef* item : ref.As<ParenTables>().items) AddTableRef(b, *item, outer, joins);
      return;
    case TableRefKind::kDerived: {
      const auto& derived = ref.As<DerivedTable>();
      if (derived.lateral) scope_.push_back(b);
      const int block = BindQuery(*derived.query, BlockKind::kDerived, derived.lateral ? b : -1);
      if (derived.lateral) scope_.pop_back();
      TableUse use;
      use.alias = derived.alias.Value();
      use.derived = true;
      use.derived_block = block;
      for (const Ident& c : derived.columns) use.derived_columns.push_back(c.Value());
      if (use.derived_columns.empty()) use.derived_columns = DerivedColumns(block);
      use.span = derived.span;
      use.outer = outer;
      m_.blocks[b].tables.push_back(std::move(use));
      return;
    }
    case TableRefKind::kJsonTable: {
      // A derived table of its own columns, whose argument reads the tables to its left.
      const auto& json = ref.As<JsonTable>();
      scope_.push_back(b);
      Visit(b, json.expr);
      scope_.pop_back();
      TableUse use;
      use.alias = json.alias.Value();
      use.derived = true;
      ast::JsonColumnNames(json.columns, use.derived_columns);
      use.span = json.span;
      use.outer = outer;
      m_.blocks[b].tables.push_back(std::move(use));
      return;
    }
    case TableRefKind::kJoin: {
      const auto& join = ref.As<Join>();
      const bool left_outer = join.join == JoinKind::kRight || join.join == JoinKind::kNaturalRight;
      const bool right_outer = join.join == JoinKind::kLeft || join.join == JoinKind::kNaturalLeft;
      PendingJoin pending{&join, m_.blocks[b].tables.size(), 0, 0};
      AddTableRef(b, *join.left, outer || left_outer, joins);
      pending.right_begin = m_.blocks[b].tables.size();
      AddTableRef(b, *join.right, outer || right_outer, joins);
      pending.right_end = m_.blocks[b].tables.size();
      joins.push_back(pending);
      return;
    }
  }
}

void Binder::AddTable(int b, const TableName& name, bool outer) {
  TableUse use;
  use.alias = name.alias.empty() ? name.name.last().Value() : name.alias.Value();
  use.span = name.span;
  use.outer = outer;
  for (const IndexHint& hint : name.hints) {
    if (hint.action == HintAction::kIgnore) continue;
    for (const Ident& index : hint.indexes) use.hint_indexes.push_back(index.Value());
  }
  if (const CteDef* cte = FindCte(name.name)) {
    use.derived = true;
    use.derived_block = cte->block;
    use.derived_columns = cte->columns;
  } else {
    const std::string db = name.name.parts.size() > 1 ? name.name.parts[0].Value() : database_;
    use.table = catalog_.FindTable(db, name.name.last().Value());
    const View* view = use.table ? nullptr : catalog_.FindView(db, name.name.last().Value());
    if (view) {
      AddView(b, use, *view);
    } else if (!use.table) {
      const std::string text = NameText(name.name);
      Issue(IssueKind::kUnknownTable, text, "table `" + text + "` is not in the schema",
            NameSpan(name.name));
    }
  }
  m_.blocks[b].tables.push_back(std::move(use));
}

// A view is read as a derived table whose query is the view's (MySQL 8.0 Reference Manual
// 25.5.2, "View Processing Algorithms"). The catalog keeps the query's text: it is parsed again
// (the model keeps the result) and bound in a scope of its own — the view's database, none of
// the statement's tables or CTEs. Problems inside the definition are the view's, not this
// statement's: they are not reported here. A view the server would merge is merged (see
// MergedColumns): the reference becomes its base table, and the view's WHERE joins the block's.
void Binder::AddView(int b, TableUse& use, const View& view) {
  use.view = &view;
  use.derived_columns = view.columns;
  if (views_.size() >= kMaxViewDepth ||
      std::find(views_.begin(), views_.end(), &view) != views_.end()) {
    return;  // left unbound: a table whose columns are the view's, when known
  }
  auto parsed = std::make_shared<const parser::ParseResult>(parser::Parse(view.query));
  if (!parsed->ok() || parsed->statements().size() != 1 ||
      parsed->statements().front()->kind != StatementKind::kSelect ||
      parsed->statements().front()->As<SelectStatement>().query == nullptr) {
    return;
  }
  m_.views.push_back(parsed);

  const size_t first_block = m_.blocks.size();
  const size_t issues = m_.issues.size();
  std::vector<int> scope = std::exchange(scope_, {});
  std::vector<std::vector<CteDef>> ctes = std::exchange(ctes_, {});
  std::vector<std::string> reported = reported_;
  const Select* alias_source = std::exchange(alias_source_, nullptr);
  std::string database = view.database.empty() ? database_ : view.database;
  std::swap(database, database_);
  const std::string_view script = std::exchange(m_.script, parsed->text());
  views_.push_back(&view);
  const int block = BindQuery(*parsed->statements().front()->As<SelectStatement>().query,
                              BlockKind::kDerived, -1);
  views_.pop_back();
  m_.script = script;
  std::swap(database, database_);
  alias_source_ = alias_source;
  reported_ = std::move(reported);
  ctes_ = std::move(ctes);
  scope_ = std::move(scope);
  m_.issues.resize(issues);
  Respan(first_block, use.span);

  if (use.derived_columns.empty()) use.derived_columns = DerivedColumns(block);
  std::vector<std::string> base = MergedColumns(block, first_block);
  if (base.empty() || base.size() != use.derived_columns.size()) {
    use.derived = true;
    use.derived_block = block;
    return;
  }
  // Merged: the view's WHERE is a condition on its base table, in this block.
  QueryBlock& inner = m_.blocks[block];
  QueryBlock& outer = m_.blocks[b];
  const int t = static_cast<int>(outer.tables.size());
  use.table = inner.tables.front().table;
  use.view_base_columns = std::move(base);
  for (Predicate& p : inner.predicates) {
    p.column.block = b;
    p.column.table = t;
    if (p.other.resolved() && p.other.block == block) {
      p.other.block = b;
      p.other.table = t;
    }
    if (p.or_group >= 0) p.or_group += outer.or_groups;
    use.Need(p.column.name);
    outer.predicates.push_back(std::move(p));
  }
  outer.or_groups += inner.or_groups;
  m_.blocks.pop_back();
  coalesced_.pop_back();
}

// The base columns a view (its query bound as `view_block`, the last block) reads, one per
// column of the view, when the server would merge it into the statement: one SELECT of one
// table (or merged view), plain columns only, no DISTINCT, GROUP BY, HAVING, window, ORDER BY
// or LIMIT — the constructs 25.5.2 says prevent MERGE, and aggregates, which need GROUP BY or
// are not plain columns. Empty when not.
std::vector<std::string> Binder::MergedColumns(int view_block, size_t first_block) const {
  if (m_.blocks.size() != first_block + 1) return {};  // a subquery, UNION or CTE: not merged
  const QueryBlock& q = m_.blocks[view_block];
  if (!q.select || q.tables.size() != 1 || !q.tables[0].table || q.distinct ||
      !q.select->group_by.empty() || q.select->having || !q.select->windows.empty() ||
      q.order_by_written || q.limit_written) {
    return {};
  }
  std::vector<std::string> out;
  for (const SelectItem& item : q.select->items) {
    if (item.expr->kind != ExprKind::kColumn) return {};
    if (item.expr->As<ast::Column>().star) {
      const TableUse& use = q.tables[0];
      if (!use.view_base_columns.empty()) {
        out.insert(out.end(), use.view_base_columns.begin(), use.view_base_columns.end());
      } else {
        for (const Column& c : use.table->columns) out.push_back(c.name);
      }
      continue;
    }
    auto it = bound_.find(item.expr);
    if (it == bound_.end() || it->second.block != view_block || it->second.table != 0) return {};
    out.push_back(it->second.name);
  }
  return out;
}

// Blocks from `first_block` on come from a view's text: their spans become the reference's.
void Binder::Respan(size_t first_block, Span span) {
  for (size_t i = first_block; i < m_.blocks.size(); ++i) {
    QueryBlock& q = m_.blocks[i];
    q.in_view = true;
    q.span = span;
    if (q.star) q.star_span = span;
    if (q.limit_written) q.limit_span = span;
    for (TableUse& use : q.tables) use.span = span;
    for (Predicate& p : q.predicates) {
      p.span = span;
      p.column.span = span;
      if (p.other.resolved()) p.other.span = span;
    }
    for (auto* list : {&q.order_by, &q.group_by}) {
      for (OrderColumn& o : *list) {
        o.span = span;
        o.column.span = span;
      }
    }
  }
}

void Binder::BindJoins(int b, const std::vector<PendingJoin>& joins) {
  for (const PendingJoin& pending : joins) {
    const Join& join = *pending.join;
    if (join.on) {
      Visit(b, join.on);
      Condition(b, *join.on, -1, -1, true);
    }
    std::vector<std::string> columns;
    for (const Ident& c : join.using_columns) columns.push_back(c.Value());
    const bool natural = join.join == JoinKind::kNaturalInner ||
                         join.join == JoinKind::kNaturalLeft ||
                         join.join == JoinKind::kNaturalRight;
    if (natural) {  // the columns both sides have
      for (size_t l = pending.left_begin; l < pending.right_begin; ++l) {
        const TableUse& left = m_.blocks[b].tables[l];
        if (!left.table) continue;
        for (const std::string& c : ColumnNames(left)) {
          for (size_t r = pending.right_begin; r < pending.right_end; ++r) {
            if (HasColumn(m_.blocks[b].tables[r], c, nullptr)) columns.push_back(c);
          }
        }
      }
    }
    for (const std::string& name : columns) {
      coalesced_[b].push_back(parser::LowerAscii(name));
      Side sides[2];
      const size_t ranges[2][2] = {{pending.left_begin, pending.right_begin},
                                   {pending.right_begin, pending.right_end}};
      bool found = true;
      for (int s = 0; s < 2; ++s) {
        bool got = false;
        for (size_t t = ranges[s][0]; t < ranges[s][1] && !got; ++t) {
          std::string spelling;
          if (!HasColumn(m_.blocks[b].tables[t], name, &spelling)) continue;
          const TableUse& use = m_.blocks[b].tables[t];
          sides[s].kind = Side::kColumn;
          sides[s].column = {b, static_cast<int>(t),
                             use.table ? use.table->FindColumn(spelling) : nullptr, spelling,
                             join.span};
          got = true;
        }
        found = found && got;
      }
      if (!found) {
        bool known = true;  // every table of the join is known: the column is truly missing
        for (size_t t = pending.left_begin; t < pending.right_end; ++t) {
          const TableUse& use = m_.blocks[b].tables[t];
          known = known && (use.table || !use.derived_columns.empty());
        }
        if (!natural && known) {
          Issue(IssueKind::kUnknownColumn, name,
                "unknown column `" + name + "` in USING: not a column of both sides", join.span);
        }
        continue;
      }
      NeedColumn(sides[0].column);
      NeedColumn(sides[1].column);
      const std::pair<int, int> link{std::min(sides[0].column.table, sides[1].column.table),
                                     std::max(sides[0].column.table, sides[1].column.table)};
      auto& links = m_.blocks[b].links;
      if (std::find(links.begin(), links.end(), link) == links.end()) links.push_back(link);
      Predicate p;
      p.on_clause = true;
      p.span = join.span;
      AddJoinPredicates(b, sides[0], sides[1], PredicateOp::kEq, p);
    }
  }
}

std::vector<std::string> Binder::DerivedColumns(int block) const {
  std::vector<std::string> out;
  const QueryBlock& q = m_.blocks[block];
  if (!q.select) return out;
  for (const SelectItem& item : q.select->items) {
    if (!item.alias.empty()) {
      out.push_back(item.alias.Value());
    } else if (!item.string_alias.empty()) {
      std::string_view s = item.string_alias;
      out.emplace_back(s.size() >= 2 ? s.substr(1, s.size() - 2) : s);
    } else if (item.expr->kind == ExprKind::kColumn) {
      const ast::Column& c = item.expr->As<ast::Column>();
      if (!c.star) {
        out.push_back(c.name.last().Value());
        continue;
      }
      for (const TableUse& use : q.tables) {
        if (!c.name.parts.empty() && !EqualsIgnoreCase(use.alias, c.name.last().Value())) continue;
        const std::vector<std::string> names = ColumnNames(use);
        if (names.empty()) return {};  // unknown: accept any name
        out.insert(out.end(), names.begin(), names.end());
      }
    } else {
      out.push_back(parser::ToSql(*item.expr));  // MySQL names it by its text
    }
  }
  return out;
}

// --- Resolution -------------------------------------------------------------------------------

// `spelling` is the name the model records: the catalog's, or for a merged view the base
// table's column the view's column reads.
bool Binder::HasColumn(const TableUse& use, std::string_view column, std::string* spelling) const {
  if (use.table && use.view_base_columns.empty()) {
    const Column* c = use.table->FindColumn(column);
    if (c && spelling) *spelling = c->name;
    return c != nullptr;
  }
  for (size_t i = 0; i < use.derived_columns.size(); ++i) {
    if (EqualsIgnoreCase(use.derived_columns[i], column)) {
      if (spelling) {
        *spelling =
            use.view_base_columns.empty() ? use.derived_columns[i] : use.view_base_columns[i];
      }
      return true;
    }
  }
  return false;
}

void Binder::NeedColumn(const BoundColumn& c) {
  if (!c.resolved()) return;
  m_.blocks[c.block].tables[c.table].Need(c.name);
}

const SelectItem* Binder::FindAlias(std::string_view name) const {
  if (!alias_source_) return nullptr;
  for (const SelectItem& item : alias_source_->items) {
    if (!item.alias.empty() && EqualsIgnoreCase(item.alias.Value(), name)) return &item;
  }
  return nullptr;
}

BoundColumn Binder::Resolve(int b, const Name& name, bool report) {
  (void)b;
  BoundColumn out;
  out.span = NameSpan(name);
  const std::string column = name.last().Value();
  out.name = column;
  if (name.parts.size() == 1) {
    for (auto s = scope_.rbegin(); s != scope_.rend(); ++s) {
      const int block = *s;
      const auto& tables = m_.blocks[block].tables;
      int match = -1;
      int matches = 0;
      bool unknown = false;
      for (size_t t = 0; t < tables.size(); ++t) {
        std::string spelling;
        if (HasColumn(tables[t], column, &spelling)) {
          if (match < 0) {
            match = static_cast<int>(t);
            out.name = spelling;
          }
          ++matches;
        } else if (!tables[t].table && tables[t].derived_columns.empty()) {
          unknown = true;
        }
      }
      if (matches > 1 && report) {
        const auto& co = coalesced_[block];
        if (std::find(co.begin(), co.end(), parser::LowerAscii(column)) == co.end()) {
          Issue(IssueKind::kAmbiguousColumn, column,
                "column `" + column + "` is ambiguous: more than one table has it", out.span);
        }
      }
      if (match >= 0) {
        out.block = block;
        out.table = match;
        const TableUse& use = tables[match];
        out.column = use.table ? use.table->FindColumn(out.name) : nullptr;
        return out;
      }
      if (unknown) return out;  // some table of this block is unknown: it may have it
    }
    if (report && !FindAlias(column)) {
      Issue(IssueKind::kUnknownColumn, column, "unknown column `" + column + "`", out.span);
    }
    return out;
  }
  // t.c or db.t.c
  const std::string table = name.parts[name.parts.size() - 2].Value();
  const std::string db = name.parts.size() > 2 ? name.parts[name.parts.size() - 3].Value() : "";
  for (auto s = scope_.rbegin(); s != scope_.rend(); ++s) {
    const auto& tables = m_.blocks[*s].tables;
    for (size_t t = 0; t < tables.size(); ++t) {
      const TableUse& use = tables[t];
      if (!EqualsIgnoreCase(use.alias, table)) continue;
      if (!db.empty() && use.table && !use.table->database.empty() &&
          !EqualsIgnoreCase(use.table->database, db)) {
        continue;
      }
      out.block = *s;
      out.table = static_cast<int>(t);
      std::string spelling;
      if (HasColumn(use, column, &spelling)) {
        out.name = spelling;
        out.column = use.table ? use.table->FindColumn(spelling) : nullptr;
      } else if ((use.table || !use.derived_columns.empty()) && report) {
        const std::string text = NameText(name);
        const std::string owner = use.view    ? "view `" + use.view->name + "`"
                                  : use.table ? "table `" + use.table->name + "`"
                                              : "`" + use.alias + "`";
        Issue(IssueKind::kUnknownColumn, text,
              "unknown column `" + text + "`: " + owner + " has no column `" + column + "`",
              out.span);
        out.table = -1;
        out.block = -1;
      }
      return out;
    }
  }
  if (report) {
    const std::string text = NameText(name);
    Issue(IssueKind::kUnknownColumn, text,
          "unknown column `" + text + "`: no table named or aliased `" + table + "` in scope",
          out.span);
  }
  return out;
}

// --- Expressions ------------------------------------------------------------------------------

void Binder::VisitQuery(int b, const Query* q, bool exists) {
  if (!q) return;
  const Select* saved = alias_source_;
  alias_source_ = nullptr;
  const int first = BindQuery(*q, BlockKind::kSubquery, b);
  if (exists) m_.blocks[first].in_exists = true;
  alias_source_ = saved;
}

void Binder::Visit(int b, const Expr* e) {
  if (!e) return;
  switch (e->kind) {
    case ExprKind::kColumn: {
      const auto& c = e->As<ast::Column>();
      if (c.star) return;
      BoundColumn bound = Resolve(b, c.name, true);
      NeedColumn(bound);
      bound_[e] = std::move(bound);
      return;
    }
    case ExprKind::kUnary:
      Visit(b, e->As<Unary>().operand);
      return;
    case ExprKind::kBinary: {
      const auto& bin = e->As<Binary>();
      Visit(b, bin.left);
      if (bin.right && bin.right->kind == ExprKind::kSubquery) {
        VisitQuery(b, bin.right->As<Subquery>().query, false);
      } else {
        Visit(b, bin.right);
      }
      return;
    }
    case ExprKind::kIs:
      Visit(b, e->As<Is>().operand);
      return;
    case ExprKind::kBetween: {
      const auto& x = e->As<Between>();
      Visit(b, x.operand);
      Visit(b, x.low);
      Visit(b, x.high);
      return;
    }
    case ExprKind::kIn: {
      const auto& x = e->As<In>();
      Visit(b, x.operand);
      for (const Expr* item : x.list) Visit(b, item);
      VisitQuery(b, x.subquery, false);
      return;
    }
    case ExprKind::kLike: {
      const auto& x = e->As<Like>();
      Visit(b, x.operand);
      Visit(b, x.pattern);
      Visit(b, x.escape);
      return;
    }
    case ExprKind::kFunction: {
      const auto& f = e->As<Function>();
      for (const Expr* arg : f.args) Visit(b, arg);
      for (const OrderItem& o : f.order_by) Visit(b, o.expr);
      Visit(b, f.separator);
      if (f.over) {
        for (const Expr* p : f.over->partition_by) Visit(b, p);
        for (const OrderItem& o : f.over->order_by) Visit(b, o.expr);
      }
      return;
    }
    case ExprKind::kCase: {
      const auto& c = e->As<Case>();
      Visit(b, c.operand);
      for (const When& w : c.whens) {
        Visit(b, w.condition);
        Visit(b, w.result);
      }
      Visit(b, c.otherwise);
      return;
    }
    case ExprKind::kCast:
      Visit(b, e->As<Cast>().operand);
      return;
    case ExprKind::kInterval:
      Visit(b, e->As<Interval>().value);
      return;
    case ExprKind::kCollate:
      Visit(b, e->As<Collate>().operand);
      return;
    case ExprKind::kExists:
      VisitQuery(b, e->As<Exists>().query, true);
      return;
    case ExprKind::kSubquery:
      VisitQuery(b, e->As<Subquery>().query, false);
      return;
    case ExprKind::kRow:
      for (const Expr* item : e->As<Row>().items) Visit(b, item);
      return;
    case ExprKind::kMatch: {
      const auto& m = e->As<Match>();
      for (const Expr* c : m.columns) Visit(b, c);
      Visit(b, m.against);
      return;
    }
    case ExprKind::kLiteral:
    case ExprKind::kParam:
    case ExprKind::kVariable:
    case ExprKind::kDefault:
    case ExprKind::kSequenceValue:  // names a sequence, no column
      return;
    case ExprKind::kEscape:
      Visit(b, e->As<ast::Escape>().expr);
      return;
  }
}

// Columns of block `b` inside `e` (not inside subqueries); other_tables is set when columns of
// more than one table of `b` appear.
void Binder::FirstColumnOf(int b, const Expr& e, std::vector<BoundColumn>& out,
                           bool& other_tables) {
  auto add = [&](const Expr* c) {
    auto it = bound_.find(c);
    if (it == bound_.end() || it->second.block != b) return;
    if (!out.empty() && out.front().table != it->second.table) other_tables = true;
    out.push_back(it->second);
  };
  switch (e.kind) {
    case ExprKind::kColumn:
      add(&e);
      return;
    case ExprKind::kUnary:
      FirstColumnOf(b, *e.As<Unary>().operand, out, other_tables);
      return;
    case ExprKind::kBinary: {
      const auto& x = e.As<Binary>();
      FirstColumnOf(b, *x.left, out, other_tables);
      FirstColumnOf(b, *x.right, out, other_tables);
      return;
    }
    case ExprKind::kFunction:
      for (const Expr* a : e.As<Function>().args) FirstColumnOf(b, *a, out, other_tables);
      return;
    case ExprKind::kCase: {
      const auto& c = e.As<Case>();
      if (c.operand) FirstColumnOf(b, *c.operand, out, other_tables);
      for (const When& w : c.whens) {
        FirstColumnOf(b, *w.condition, out, other_tables);
        FirstColumnOf(b, *w.result, out, other_tables);
      }
      if (c.otherwise) FirstColumnOf(b, *c.otherwise, out, other_tables);
      return;
    }
    case ExprKind::kCast:
      FirstColumnOf(b, *e.As<Cast>().operand, out, other_tables);
      return;
    case ExprKind::kInterval:
      FirstColumnOf(b, *e.As<Interval>().value, out, other_tables);
      return;
    case ExprKind::kCollate:
      FirstColumnOf(b, *e.As<Collate>().operand, out, other_tables);
      return;
    case ExprKind::kIs:
      FirstColumnOf(b, *e.As<Is>().operand, out, other_tables);
      return;
    case ExprKind::kBetween: {
      const auto& x = e.As<Between>();
      FirstColumnOf(b, *x.operand, out, other_tables);
      FirstColumnOf(b, *x.low, out, other_tables);
      FirstColumnOf(b, *x.high, out, other_tables);
      return;
    }
    case ExprKind::kIn:
      FirstColumnOf(b, *e.As<In>().operand, out, other_tables);
      for (const Expr* item : e.As<In>().list) FirstColumnOf(b, *item, out, other_tables);
      return;
    case ExprKind::kLike:
      FirstColumnOf(b, *e.As<Like>().operand, out, other_tables);
      FirstColumnOf(b, *e.As<Like>().pattern, out, other_tables);
      return;
    case ExprKind::kRow:
      for (const Expr* item : e.As<Row>().items) FirstColumnOf(b, *item, out, other_tables);
      return;
    default:
      return;
  }
}

Side Binder::Describe(int b, const Expr& e) {
  Side side;
  switch (e.kind) {
    case ExprKind::kCollate: {
      side = Describe(b, *e.As<Collate>().operand);
      side.collate = NormalizeCollation(e.As<Collate>().collation.Value());
      return side;
    }
    case ExprKind::kColumn: {
      auto it = bound_.find(&e);
      if (it == bound_.end() || !it->second.resolved()) return side;  // kMixed: unknown
      side.column = it->second;
      if (it->second.block == b) {
        side.kind = Side::kColumn;
      } else {
        side.kind = Side::kOuter;
        side.value = ValueKind::kOuterColumn;
      }
      if (side.column.column) side.family = side.column.column->family;
      return side;
    }
    case ExprKind::kLiteral: {
      side.kind = Side::kConstant;
      switch (e.As<Literal>().literal) {
        case LiteralKind::kString:
          side.value = ValueKind::kString;
          side.family = TypeFamily::kString;
          break;
        case LiteralKind::kNumber:
        case LiteralKind::kTrue:
        case LiteralKind::kFalse:
          side.value = ValueKind::kNumber;
          side.family = TypeFamily::kDecimal;
          break;
        case LiteralKind::kNull:
          side.value = ValueKind::kNull;
          break;
        case LiteralKind::kTemporal:
          side.value = ValueKind::kTemporal;
          side.family = TypeFamily::kTemporal;
          break;
        case LiteralKind::kHex:
        case LiteralKind::kBit:
          side.value = ValueKind::kExpression;
          break;
      }
      return side;
    }
    case ExprKind::kParam:
      side.kind = Side::kConstant;
      side.value = ValueKind::kParam;
      return side;
    case ExprKind::kVariable:
      side.kind = Side::kConstant;
      side.value = ValueKind::kExpression;
      return side;
    case ExprKind::kSubquery:
      side.kind = Side::kSubquery;
      side.value = ValueKind::kSubquery;
      return side;
    case ExprKind::kRow:
      return side;  // (a, b): compared item by item, see Condition
    default:
      break;
  }
  std::vector<BoundColumn> columns;
  bool several = false;
  FirstColumnOf(b, e, columns, several);
  if (columns.empty()) {  // a constant expression (or one of outer columns only)
    side.kind = Side::kConstant;
    side.value = ValueKind::kExpression;
    if (e.kind == ExprKind::kBinary && IsArithmetic(e.As<Binary>().op)) {
      side.value = ValueKind::kNumber;
      side.family = TypeFamily::kDecimal;
    } else if (e.kind == ExprKind::kUnary &&
               (e.As<Unary>().op == UnaryOp::kMinus || e.As<Unary>().op == UnaryOp::kPlus)) {
      side = Describe(b, *e.As<Unary>().operand);
    } else if (e.kind == ExprKind::kFunction &&
               IsTemporalFunction(e.As<Function>().name.last().Value())) {
      side.value = ValueKind::kTemporal;
      side.family = TypeFamily::kTemporal;
    }
    return side;
  }
  if (several) return side;  // kMixed: columns of several tables
  side.kind = Side::kWrapped;
  side.column = columns.front();
  side.wrapped = &e;
  switch (e.kind) {
    case ExprKind::kFunction: {
      side.function = base::UpperAscii(e.As<Function>().name.last().Value());
      break;
    }
    case ExprKind::kBinary:
      side.function = OperatorName(e.As<Binary>().op);
      break;
    case ExprKind::kCast:
      side.function = e.As<Cast>().convert ? "CONVERT" : "CAST";
      break;
    case ExprKind::kCase:
      side.function = "CASE";
      break;
    case ExprKind::kUnary:
      side.function = "-";
      break;
    default:
      side.function = "expression";
      break;
  }
  return side;
}

// Whether the optimizer can search an index by `wrapped` (MySQL 8.0 Reference Manual 10.3.11,
// "Optimizer Use of Generated Column Indexes", and 15.1.15, "Functional Key Parts"): when it
// is the expression of a generated column, `p` is bound to that column, whose indexes serve
// it; when it is a functional key part's expression, `p.key_expression` names it, so only
// that key part is bound (not the indexes on the bare column inside). False when neither.
bool Binder::IndexedExpression(const Side& wrapped, Predicate& p) const {
  const BoundColumn& column = wrapped.column;
  if (!column.resolved() || !wrapped.wrapped) return false;
  const Table* table = m_.blocks[column.block].tables[column.table].table;
  if (!table) return false;
  std::string text = CanonicalSql(parser::ToSql(*wrapped.wrapped));
  // Drop qualifiers: "o.created_at" → "created_at".
  const std::string alias = CanonicalSql(m_.blocks[column.block].tables[column.table].alias) + ".";
  for (size_t at; (at = text.find(alias)) != std::string::npos;) text.erase(at, alias.size());
  for (const Column& c : table->columns) {
    if (!c.generated.empty() && CanonicalSql(c.generated) == text) {
      p.column.column = &c;
      p.column.name = c.name;
      return true;
    }
  }
  for (const Index& index : table->indexes) {
    for (const KeyPart& part : index.parts) {
      if (!part.expression.empty() && CanonicalSql(part.expression) == text) {
        p.key_expression = text;
        return true;
      }
    }
  }
  return false;
}

void Binder::TypeCheck(const Side& col, ValueKind value, TypeFamily family, Predicate& p) const {
  const Column* c = col.column.column;
  if (!c) return;
  // A string column compared with a number: both convert to double, row by row (14.3).
  if (IsStringish(c) &&
      (value == ValueKind::kNumber ||
       ((value == ValueKind::kOuterColumn || value == ValueKind::kColumn) && IsNumeric(family)))) {
    p.blocker = Blocker::kConversion;
    return;
  }
  if (IsStringish(c) && value == ValueKind::kTemporal) {
    p.blocker = Blocker::kConversion;
    return;
  }
  // A column of an enclosing block (a correlated subquery) is one value per execution, but
  // it is compared as a column: charsets and collations combine as in a join.
  if (IsCharacterColumn(c) && value == ValueKind::kOuterColumn &&
      IsCharacterColumn(p.other.column)) {
    CompareCharacterColumns(*c, *p.other.column, col.collate, p.collation, p);
    return;
  }
  // COLLATE x on either side: an explicit collation wins (10.8.4); when it is not the
  // column's own, the column's values are converted and its index is not searched.
  if (IsCharacterColumn(c)) {
    const std::string& collate = !col.collate.empty() ? col.collate : p.collation;
    if (!collate.empty() && collate != c->collation &&
        !SearchesUnderBinary(*c, col.collate.empty(), collate, p.op)) {
      p.blocker = Blocker::kCollation;
      p.collation = collate;
    }
  }
}

// How comparing character column `x` with character column `y` treats `x`, by MySQL 8.0
// Reference Manual 10.8.4, "Collation Coercibility in Expressions": the narrower charset is
// converted to the wider one; an explicit COLLATE wins; of two collations of one charset, a
// _bin one wins over a _ci / _cs one ("the _bin collation is used"), and any other pair is
// error 1267. A converted column's index cannot be searched — except that MariaDB still
// searches a _ci column's index for a _bin comparison and rechecks each row (measured:
// tests/data/explain/mariadb-10.11/08b), where MySQL 8.0 does not.
void Binder::CompareCharacterColumns(const Column& x, const Column& y, std::string_view x_collate,
                                     std::string_view y_collate, Predicate& q) const {
  const std::string_view explicit_collation = !x_collate.empty() ? x_collate : y_collate;
  auto is_bin = [](std::string_view collation) {
    return collation.size() > 4 && collation.substr(collation.size() - 4) == "_bin";
  };
  if (x.charset != y.charset) {
    // The narrower charset converts to the wider one; two unrelated ones cannot compare.
    if (Widens(x.charset, y.charset) || !Widens(y.charset, x.charset)) {
      q.blocker = Blocker::kCharset;
      q.value_charset = y.charset;
    }
  } else if (x.collation != y.collation) {
    if (!explicit_collation.empty()) {
      if (explicit_collation != x.collation &&
          !SearchesUnderBinary(x, x_collate.empty(), explicit_collation, q.op)) {
        q.blocker = Blocker::kCollation;
        q.collation = std::string(explicit_collation);
      }
    } else if (is_bin(x.collation) && !is_bin(y.collation)) {
      // x's own collation is used: its index can be searched.
    } else if (is_bin(y.collation) && !is_bin(x.collation) &&
               catalog_.options().flavor == Flavor::kMariaDB) {
      // MariaDB: x's _ci index serves the _bin comparison, with a recheck.
    } else {
      q.blocker = Blocker::kCollation;
      q.collation = y.collation;
    }
  } else if (!explicit_collation.empty() && explicit_collation != x.collation &&
             !SearchesUnderBinary(x, x_collate.empty(), explicit_collation, q.op)) {
    q.blocker = Blocker::kCollation;
    q.collation = std::string(explicit_collation);
  }
}

// MariaDB searches a column's index for an equality under its charset's binary collation
// written on the other side (`code = '1000' COLLATE utf8mb4_bin`, or on the other column of a
// join) and rechecks each row: ref, where a range (>, LIKE, BETWEEN) reads the whole index
// (measured: tests/data/explain/mariadb-10.11/17, 17b). MySQL 8.0 searches it for its own
// collation only.
bool Binder::SearchesUnderBinary(const Column& column, bool collate_elsewhere,
                                 std::string_view collation, PredicateOp op) const {
  if (catalog_.options().flavor != Flavor::kMariaDB || !collate_elsewhere ||
      (op != PredicateOp::kEq && op != PredicateOp::kIn)) {
    return false;
  }
  const std::string& cs = column.charset;
  return collation == cs + "_bin" || collation == cs + "_nopad_bin" ||
         (cs == "utf8mb3" && (collation == "utf8_bin" || collation == "utf8_nopad_bin"));
}

void Binder::AddValuePredicate(int b, const Side& col, PredicateOp op, const Side& value,
                               Predicate p) {
  p.column = col.column;
  p.op = op;
  p.value = value.value;
  p.value_family = value.family;
  if (value.kind == Side::kOuter) p.other = value.column;
  if (!value.collate.empty()) p.collation = value.collate;
  if (col.kind == Side::kWrapped) {
    p.function = col.function;
    if (!IndexedExpression(col, p)) p.blocker = Blocker::kFunction;
  }
  if (p.blocker == Blocker::kNone && p.key_expression.empty()) {
    Side typed = col;  // a generated column's own type, when the expression is one
    typed.column = p.column;
    TypeCheck(typed, value.value, value.family, p);
  }
  if (op == PredicateOp::kNotEq && p.blocker == Blocker::kNone) p.blocker = Blocker::kNegation;
  if (op == PredicateOp::kOther && p.blocker == Blocker::kNone) p.blocker = Blocker::kOperator;
  m_.blocks[b].predicates.push_back(std::move(p));
}

void Binder::AddJoinPredicates(int b, const Side& l, const Side& r, PredicateOp op, Predicate p) {
  const Side* sides[2] = {&l, &r};
  for (int i = 0; i < 2; ++i) {
    const Side& x = *sides[i];
    const Side& y = *sides[1 - i];
    Predicate q = p;
    q.column = x.column;
    q.other = y.column;
    q.op = op;
    q.value = ValueKind::kColumn;
    q.value_family = y.family;
    q.mirror = i == 1;
    if (x.kind == Side::kWrapped) {
      q.function = x.function;
      if (!IndexedExpression(x, q)) q.blocker = Blocker::kFunction;
    }
    const Column* cx = q.column.column;
    const Column* cy = y.column.column;
    if (q.blocker == Blocker::kNone && q.key_expression.empty() && cx && cy) {
      if (IsStringish(cx) && IsNumeric(cy->family)) {
        q.blocker = Blocker::kConversion;
      } else if (IsCharacterColumn(cx) && IsCharacterColumn(cy)) {
        CompareCharacterColumns(*cx, *cy, x.collate, y.collate, q);
      }
    }
    if (op == PredicateOp::kNotEq && q.blocker == Blocker::kNone) q.blocker = Blocker::kNegation;
    if (op == PredicateOp::kOther && q.blocker == Blocker::kNone) q.blocker = Blocker::kOperator;
    m_.blocks[b].predicates.push_back(std::move(q));
  }
}

void Binder::Comparison(int b, const Expr& node, BinaryOp op, const Expr& l, const Expr& r,
                        Predicate p) {
  Side left = Describe(b, l);
  Side right = Describe(b, r);
  auto is_col = [](const Side& s) { return s.kind == Side::kColumn || s.kind == Side::kWrapped; };
  if (!is_col(left) && is_col(right)) {
    std::swap(left, right);
    op = Mirror(op);
  }
  if (!is_col(left)) return;
  PredicateOp pop = PredicateOp::kOther;
  switch (op) {
    case BinaryOp::kEq:
    case BinaryOp::kNullSafeEq:
      pop = PredicateOp::kEq;
      break;
    case BinaryOp::kNotEq:
      pop = PredicateOp::kNotEq;
      break;
    case BinaryOp::kLt:
    case BinaryOp::kLe:
    case BinaryOp::kGt:
    case BinaryOp::kGe:
      pop = PredicateOp::kRange;
      break;
    default:
      break;
  }
  p.span = node.span;
  p.expr = &node;
  if (node.kind == ExprKind::kBinary && node.As<Binary>().quantifier != Quantifier::kNone) {
    pop = pop == PredicateOp::kEq && node.As<Binary>().quantifier != Quantifier::kAll
              ? PredicateOp::kInSubquery
              : PredicateOp::kOther;
  }
  if (is_col(right)) {
    if (right.column.table == left.column.table) {
      AddValuePredicate(b, left, PredicateOp::kOther, right, p);  // two columns of one table
      return;
    }
    AddJoinPredicates(b, left, right, pop, p);
    return;
  }
  if (right.kind == Side::kMixed) return;
  AddValuePredicate(b, left, pop, right, p);
}

// `a = 1 OR a = 2 OR a IN (3, 4)` is `a IN (1, 2, 3, 4)` to the optimizer: one predicate.
bool Binder::AsInList(int b, std::span<const Expr* const> disjuncts, Span span, bool on_clause) {
  BoundColumn column;
  Side value_side;
  size_t values = 0;
  bool have_value = false;
  for (const Expr* d : disjuncts) {
    const Expr* operand = nullptr;
    std::vector<const Expr*> items;
    if (d->kind == ExprKind::kBinary && d->As<Binary>().op == BinaryOp::kEq &&
        d->As<Binary>().quantifier == Quantifier::kNone) {
      operand = d->As<Binary>().left;
      items.push_back(d->As<Binary>().right);
      if (operand->kind != ExprKind::kColumn) std::swap(operand, items.front());
    } else if (d->kind == ExprKind::kIn && !d->As<In>().negated && !d->As<In>().subquery) {
      operand = d->As<In>().operand;
      items.assign(d->As<In>().list.begin(), d->As<In>().list.end());
    } else {
      return false;
    }
    if (operand->kind != ExprKind::kColumn) return false;
    auto it = bound_.find(operand);
    if (it == bound_.end() || !it->second.resolved() || it->second.block != b) return false;
    if (column.resolved() &&
        (column.table != it->second.table || !EqualsIgnoreCase(column.name, it->second.name))) {
      return false;
    }
    column = it->second;
    for (const Expr* item : items) {
      Side v = Describe(b, *item);
      if (v.kind != Side::kConstant) return false;
      if (!have_value || v.value == ValueKind::kNumber) value_side = v;
      have_value = true;
      ++values;
    }
  }
  Side col;
  col.kind = Side::kColumn;
  col.column = column;
  Predicate p;
  p.span = span;
  p.on_clause = on_clause;
  p.list_size = values;
  AddValuePredicate(b, col, PredicateOp::kIn, value_side, p);
  return true;
}

void Binder::Link(int b, const Expr& e) {
  std::vector<BoundColumn> columns;
  bool several = false;
  FirstColumnOf(b, e, columns, several);
  if (!several) return;
  auto& links = m_.blocks[b].links;
  for (const BoundColumn& x : columns) {
    for (const BoundColumn& y : columns) {
      if (x.table >= y.table) continue;
      const std::pair<int, int> link{x.table, y.table};
      if (std::find(links.begin(), links.end(), link) == links.end()) links.push_back(link);
    }
  }
}

void Binder::Condition(int b, const Expr& e, int or_group, int or_branch, bool on_clause) {
  // An AND relates nothing by itself: each conjunct is linked on its own (below), so that
  // `WHERE a.x = 1 AND b.y = 2` does not join a and b.
  const bool conjunction = e.kind == ExprKind::kBinary && e.As<Binary>().op == BinaryOp::kAnd;
  if (or_group < 0 && !conjunction) Link(b, e);
  Predicate base;
  base.or_group = or_group;
  base.or_branch = or_branch;
  base.on_clause = on_clause;
  switch (e.kind) {
    case ExprKind::kBinary: {
      const auto& x = e.As<Binary>();
      if (x.op == BinaryOp::kAnd) {
        Condition(b, *x.left, or_group, or_branch, on_clause);
        Condition(b, *x.right, or_group, or_branch, on_clause);
        return;
      }
      if (x.op == BinaryOp::kOr) {
        std::vector<const Expr*> disjuncts;
        std::vector<const Expr*> stack{&e};
        while (!stack.empty()) {
          const Expr* d = stack.back();
          stack.pop_back();
          if (d->kind == ExprKind::kBinary && d->As<Binary>().op == BinaryOp::kOr) {
            stack.push_back(d->As<Binary>().right);
            stack.push_back(d->As<Binary>().left);
          } else {
            disjuncts.push_back(d);
          }
        }
        if (AsInList(b, disjuncts, e.span, on_clause)) return;
        const int group = m_.blocks[b].or_groups++;
        for (size_t i = 0; i < disjuncts.size(); ++i) {
          Condition(b, *disjuncts[i], group, static_cast<int>(i), on_clause);
        }
        return;
      }
      if ((x.op == BinaryOp::kEq || x.op == BinaryOp::kNullSafeEq) &&
          x.left->kind == ExprKind::kRow && x.right->kind == ExprKind::kRow &&
          x.left->As<Row>().items.size() == x.right->As<Row>().items.size()) {
        // (a, b) = (1, 2) is a = 1 AND b = 2 (14.4.2, "Comparison Functions and Operators").
        const auto& l = x.left->As<Row>().items;
        const auto& r = x.right->As<Row>().items;
        for (size_t i = 0; i < l.size(); ++i) Comparison(b, e, x.op, *l[i], *r[i], base);
        return;
      }
      Comparison(b, e, x.op, *x.left, *x.right, base);
      return;
    }
    case ExprKind::kIs: {
      const auto& x = e.As<Is>();
      Side col = Describe(b, *x.operand);
      if (col.kind != Side::kColumn && col.kind != Side::kWrapped) return;
      Side none;
      none.value = ValueKind::kNull;
      base.span = e.span;
      base.expr = &e;
      PredicateOp op = PredicateOp::kOther;
      if (x.what == IsWhat::kNull) op = x.negated ? PredicateOp::kRange : PredicateOp::kIsNull;
      AddValuePredicate(b, col, op, none, base);
      return;
    }
    case ExprKind::kBetween: {
      const auto& x = e.As<Between>();
      Side col = Describe(b, *x.operand);
      if (col.kind != Side::kColumn && col.kind != Side::kWrapped) return;
      Side low = Describe(b, *x.low);
      Side high = Describe(b, *x.high);
      if (low.kind != Side::kConstant && low.kind != Side::kOuter) return;
      if (high.value == ValueKind::kNumber) low = high;  // a number on either end converts
      base.span = e.span;
      base.expr = &e;
      AddValuePredicate(b, col, x.negated ? PredicateOp::kNotEq : PredicateOp::kRange, low, base);
      return;
    }
    case ExprKind::kIn: {
      const auto& x = e.As<In>();
      Side col = Describe(b, *x.operand);
      if (col.kind != Side::kColumn && col.kind != Side::kWrapped) return;
      base.span = e.span;
      base.expr = &e;
      if (x.subquery) {
        Side sub;
        sub.kind = Side::kSubquery;
        sub.value = ValueKind::kSubquery;
        AddValuePredicate(b, col, x.negated ? PredicateOp::kNotEq : PredicateOp::kInSubquery, sub,
                          base);
        return;
      }
      Side value;
      bool have = false;
      for (const Expr* item : x.list) {
        Side v = Describe(b, *item);
        if (v.kind != Side::kConstant && v.kind != Side::kOuter) return;  // a column list: no
        if (!have || v.value == ValueKind::kNumber) value = v;
        have = true;
      }
      base.list_size = x.list.size();
      AddValuePredicate(b, col, x.negated ? PredicateOp::kNotEq : PredicateOp::kIn, value, base);
      return;
    }
    case ExprKind::kLike: {
      const auto& x = e.As<Like>();
      Side col = Describe(b, *x.operand);
      if (col.kind != Side::kColumn && col.kind != Side::kWrapped) return;
      base.span = e.span;
      base.expr = &e;
      Side pattern = Describe(b, *x.pattern);
      PredicateOp op = PredicateOp::kOther;
      if (x.negated) {
        op = PredicateOp::kNotEq;
      } else if (pattern.value == ValueKind::kString && x.pattern->kind == ExprKind::kLiteral) {
        base.pattern = x.pattern->As<Literal>().text;
        const std::string_view body = StringBody(base.pattern);
        const bool wild = !body.empty() && (body.front() == '%' || body.front() == '_');
        op = wild ? PredicateOp::kLikeInfix : PredicateOp::kLikePrefix;
        if (wild) base.blocker = Blocker::kLeadingWildcard;
      } else if (pattern.value == ValueKind::kParam) {
        op = PredicateOp::kLikePrefix;
      } else if (LeadingWildcard(*x.pattern)) {
        // CONCAT('%', ?, '%'): whatever follows, the pattern starts with a wildcard.
        op = PredicateOp::kLikeInfix;
        base.blocker = Blocker::kLeadingWildcard;
        if (x.pattern->span.end() <= m_.script.size()) {
          base.pattern = m_.script.substr(x.pattern->span.offset, x.pattern->span.length);
        }
      }
      const Column* c = col.column.column;
      if (c && !IsCharacter(c->family) && c->family != TypeFamily::kBinary &&
          op != PredicateOp::kNotEq) {
        op = PredicateOp::kOther;  // a number or date matched as text: no index range
        base.blocker = Blocker::kOperator;
      }
      if (pattern.kind != Side::kConstant) pattern.value = ValueKind::kExpression;
      // LIKE is a string comparison (14.8.1, "String Comparison Functions"): a numeric or
      // temporal pattern is converted to a string once, the column is not converted.
      if (pattern.value == ValueKind::kNumber || pattern.value == ValueKind::kTemporal) {
        pattern.value = ValueKind::kExpression;
        pattern.family = TypeFamily::kOther;
      }
      if (op == PredicateOp::kLikePrefix || op == PredicateOp::kLikeInfix) {
        pattern.value = pattern.value == ValueKind::kParam ? ValueKind::kParam : ValueKind::kString;
        pattern.family = TypeFamily::kString;
      }
      AddValuePredicate(b, col, op, pattern, base);
      return;
    }
    default:
      return;  // NOT …, XOR, MATCH, a bare column, a function: nothing an index searches
  }
}

// Literals, parameters and variables, and operators over them: the same value for every row.
// Functions are left out: COUNT(*) has no column yet differs per group, RAND() per row.
bool IsLiteralConstant(const Expr& e) {
  switch (e.kind) {
    case ExprKind::kLiteral:
    case ExprKind::kParam:
    case ExprKind::kVariable:
      return true;
    case ExprKind::kUnary:
      return IsLiteralConstant(*e.As<Unary>().operand);
    case ExprKind::kBinary:
      return IsLiteralConstant(*e.As<Binary>().left) && IsLiteralConstant(*e.As<Binary>().right);
    case ExprKind::kCollate:
      return IsLiteralConstant(*e.As<Collate>().operand);
    default:
      return false;
  }
}

void Binder::Order(int b, std::span<const OrderItem> items, std::vector<OrderColumn>& out,
                   bool alias_first) {
  for (const OrderItem& item : items) {
    OrderColumn oc;
    oc.descending = item.direction == Direction::kDesc;
    oc.span = item.expr->span;
    const Expr* e = item.expr;
    // ORDER BY 2: the second select item.
    if (auto position = LiteralNumber(e);
        position && alias_source_ && *position >= 1 && *position <= alias_source_->items.size()) {
      e = alias_source_->items[*position - 1].expr;
    }
    if (e->kind == ExprKind::kColumn && !e->As<ast::Column>().star) {
      const Name& name = e->As<ast::Column>().name;
      const SelectItem* alias = name.parts.size() == 1 ? FindAlias(name.last().Value()) : nullptr;
      if (alias && !alias_first) {  // GROUP BY: a column of that name wins over the alias
        BoundColumn c = Resolve(b, name, false);
        if (c.resolved()) alias = nullptr;
      }
      if (alias) {
        e = alias->expr;
      }
    }
    if (e->kind == ExprKind::kFunction && e->As<Function>().args.empty() &&
        EqualsIgnoreCase(e->As<Function>().name.last().Value(), "rand")) {
      m_.blocks[b].order_by_rand = true;
    }
    if (bound_.find(e) == bound_.end()) Visit(b, e);
    // A constant (ORDER BY NULL, ORDER BY 'x', GROUP BY ?) orders nothing: every row has the
    // same value. ORDER BY NULL is how MariaDB and MySQL 5.x are told to skip GROUP BY's
    // implicit sort (8.0 Reference Manual 10.2.1.16, "ORDER BY Optimization").
    if (IsLiteralConstant(*e)) continue;
    oc.expr = e;
    if (e->kind == ExprKind::kColumn) {
      auto it = bound_.find(e);
      if (it != bound_.end()) oc.column = it->second;
    }
    out.push_back(std::move(oc));
  }
}

}  // namespace

std::string CanonicalSql(std::string_view sql) {
  std::string out;
  for (char c : sql) {
    if (c == '`' || c == ' ') continue;
    out.push_back(base::ToLowerAscii(c));
  }
  return out;
}

void TableUse::Need(std::string_view column) {
  for (const std::string& c : needed) {
    if (parser::EqualsIgnoreCase(c, column)) return;
  }
  needed.emplace_back(column);
}

std::vector<const Predicate*> QueryBlock::PredicatesOn(int t) const {
  std::vector<const Predicate*> out;
  for (const Predicate& p : predicates) {
    if (p.column.table == t) out.push_back(&p);
  }
  return out;
}

bool Predicate::IsEquality() const {
  return op == PredicateOp::kEq || op == PredicateOp::kIn || op == PredicateOp::kIsNull ||
         op == PredicateOp::kInSubquery;
}

bool Predicate::IsRange() const {
  return op == PredicateOp::kRange || op == PredicateOp::kLikePrefix;
}

std::string_view OpName(PredicateOp op) {
  switch (op) {
    case PredicateOp::kEq:
      return "equality";
    case PredicateOp::kIn:
      return "IN list";
    case PredicateOp::kInSubquery:
      return "IN subquery";
    case PredicateOp::kIsNull:
      return "IS NULL";
    case PredicateOp::kRange:
      return "range";
    case PredicateOp::kLikePrefix:
      return "LIKE prefix";
    case PredicateOp::kLikeInfix:
      return "LIKE with leading wildcard";
    case PredicateOp::kNotEq:
      return "negation";
    case PredicateOp::kOther:
      return "other";
  }
  return "other";
}

bool Fixable(Blocker blocker) {
  switch (blocker) {
    case Blocker::kFunction:
    case Blocker::kConversion:
    case Blocker::kCollation:
    case Blocker::kCharset:
      return true;
    case Blocker::kNone:
    case Blocker::kLeadingWildcard:
    case Blocker::kNegation:
    case Blocker::kOperator:
      return false;
  }
  return false;
}

std::string_view BlockerName(Blocker blocker) {
  switch (blocker) {
    case Blocker::kNone:
      return "none";
    case Blocker::kFunction:
      return "function";
    case Blocker::kConversion:
      return "type conversion";
    case Blocker::kCollation:
      return "collation conversion";
    case Blocker::kCharset:
      return "charset conversion";
    case Blocker::kLeadingWildcard:
      return "leading wildcard";
    case Blocker::kNegation:
      return "negation";
    case Blocker::kOperator:
      return "operator";
  }
  return "none";
}

QueryModel Bind(const parser::ast::Statement& statement, const Catalog& catalog,
                std::string_view database, std::string_view script) {
  QueryModel model;
  model.script = script;
  Binder binder(catalog, database, model);
  binder.BindStatement(statement);
  return model;
}

}  // namespace qadvisor::analyzer
