#include "parser/tables.h"

#include <algorithm>
#include <cctype>

#include "base/ascii.h"

namespace qadvisor::parser {
namespace {

using namespace ast;

// Walks one statement's AST and collects the tables it names. CTE names in scope are kept on a
// stack: an unqualified name that equals one of them is the CTE, not a table.
class Collector {
 public:
  explicit Collector(std::vector<TableRefName>& out) : out_(out) {}

  void Walk(const ast::Statement& st) {
    switch (st.kind) {
      case StatementKind::kSelect:
        Sub(st.As<SelectStatement>().query);
        break;
      case StatementKind::kInsert: {
        const auto& s = st.As<InsertStatement>();
        Add(s.table);
        for (const auto& row : s.rows) VisitAll(row);
        Assignments(s.set);
        Sub(s.query);
        if (!s.source_table.parts.empty()) Add(s.source_table);
        Assignments(s.on_duplicate);
        for (const SelectItem& item : s.returning) Visit(item.expr);  // MariaDB: subqueries
        break;
      }
      case StatementKind::kUpdate: {
        const auto& s = st.As<UpdateStatement>();
        const size_t scope = PushCtes(s.with);
        for (const Cte& cte : s.with) Sub(cte.query);
        Refs(s.tables);
        Assignments(s.set);
        Visit(s.where);
        Order(s.order_by);
        ctes_.resize(scope);
        break;
      }
      case StatementKind::kDelete: {
        const auto& s = st.As<DeleteStatement>();
        const size_t scope = PushCtes(s.with);
        for (const Cte& cte : s.with) Sub(cte.query);
        // Multi-table targets name tables of the FROM list, usually by alias: the FROM list is
        // what names them.
        Refs(s.tables);
        Visit(s.where);
        Order(s.order_by);
        for (const SelectItem& item : s.returning) Visit(item.expr);
        ctes_.resize(scope);
        break;
      }
      case StatementKind::kCreateTable: {
        const auto& s = st.As<CreateTableStatement>();
        Add(s.table);
        if (!s.like.parts.empty()) Add(s.like);
        Sub(s.query);
        break;
      }
      case StatementKind::kCreateIndex:
        Add(st.As<CreateIndexStatement>().table);
        break;
      case StatementKind::kAlterTable:
        Add(st.As<AlterTableStatement>().table);
        break;
      case StatementKind::kDropTable:
        for (const Name& n : st.As<DropTableStatement>().tables) Add(n);
        break;
      case StatementKind::kDropIndex:
        Add(st.As<DropIndexStatement>().table);
        break;
      case StatementKind::kRenameTable:
        for (const RenamePair& p : st.As<RenameTableStatement>().pairs) {
          Add(p.from);
          Add(p.to);
        }
        break;
      case StatementKind::kCreateDatabase:
      case StatementKind::kUse:
      case StatementKind::kSet:
      case StatementKind::kUnsupported:
      // Views, databases, triggers and routines are not tables (the header's list).
      case StatementKind::kCreateView:
      case StatementKind::kAlterView:
      case StatementKind::kDropView:
      case StatementKind::kDropDatabase:
      case StatementKind::kCreateTrigger:
      case StatementKind::kCreateRoutine:
      case StatementKind::kDropRoutine:
        break;
    }
  }

 private:
  size_t PushCtes(std::span<const Cte> with) {
    const size_t scope = ctes_.size();
    for (const Cte& cte : with) ctes_.push_back(cte.name.Value());
    return scope;
  }

  void Add(const Name& name) {
    if (name.parts.empty()) return;
    TableRefName t;
    t.table = name.last().Value();
    if (name.parts.size() >= 2) t.db = name.parts[name.parts.size() - 2].Value();
    if (t.db.empty() && std::any_of(ctes_.begin(), ctes_.end(), [&](const std::string& c) {
          return base::EqualsIgnoreCase(c, t.table);
        })) {
      return;
    }
    if (std::find(out_.begin(), out_.end(), t) == out_.end()) out_.push_back(std::move(t));
  }

  void Sub(const ast::Query* q) {
    if (q == nullptr) return;
    const size_t scope = PushCtes(q->with);
    for (const Cte& cte : q->with) Sub(cte.query);
    Term(q->term);
    Order(q->order_by);
    Visit(q->limit);
    Visit(q->offset);
    ctes_.resize(scope);
  }

  void Term(const QueryTerm* t) {
    if (t == nullptr) return;
    if (t->select != nullptr) Block(*t->select);
    if (t->set_op != nullptr) {
      Term(t->set_op->left);
      Term(t->set_op->right);
    }
    Sub(t->parens);
    if (t->table != nullptr) Ref(t->table);  // TABLE t
    if (t->values != nullptr) {
      for (const auto& row : t->values->rows) VisitAll(row);
    }
  }

  void Block(const ast::Select& s) {
    Refs(s.from);
    for (const SelectItem& item : s.items) Visit(item.expr);
    Visit(s.where);
    VisitAll(s.group_by);
    Visit(s.having);
    for (const NamedWindow& w : s.windows) Window(w.spec);
  }

  void Refs(std::span<const TableRef* const> refs) {
    for (const TableRef* r : refs) Ref(r);
  }

  void Ref(const ast::TableRef* r) {
    if (r == nullptr) return;
    switch (r->kind) {
      case TableRefKind::kTable:
        Add(r->As<TableName>().name);
        break;
      case TableRefKind::kJoin: {
        const auto& j = r->As<Join>();
        Ref(j.left);
        Ref(j.right);
        Visit(j.on);
        break;
      }
      case TableRefKind::kDerived:
        Sub(r->As<DerivedTable>().query);
        break;
      case TableRefKind::kParens:
        Refs(r->As<ParenTables>().items);
        break;
      case TableRefKind::kJsonTable:  // no table of its own; its argument may hold subqueries
        Visit(r->As<JsonTable>().expr);
        break;
    }
  }

  void Assignments(std::span<const Assignment> set) {
    for (const Assignment& a : set) Visit(a.value);
  }

  void Order(std::span<const OrderItem> items) {
    for (const OrderItem& o : items) Visit(o.expr);
  }

  void Window(const WindowSpec* w) {
    if (w == nullptr) return;
    VisitAll(w->partition_by);
    Order(w->order_by);
  }

  void VisitAll(std::span<const ast::Expr* const> list) {
    for (const ast::Expr* e : list) Visit(e);
  }

  // Only subqueries name tables inside an expression; the rest of the walk finds them.
  void Visit(const ast::Expr* e) {
    if (e == nullptr) return;
    switch (e->kind) {
      case ExprKind::kLiteral:
      case ExprKind::kParam:
      case ExprKind::kVariable:
      case ExprKind::kColumn:
      case ExprKind::kDefault:
        break;
      case ExprKind::kUnary:
        Visit(e->As<Unary>().operand);
        break;
      case ExprKind::kBinary:
        Visit(e->As<Binary>().left);
        Visit(e->As<Binary>().right);
        break;
      case ExprKind::kIs:
        Visit(e->As<Is>().operand);
        break;
      case ExprKind::kBetween: {
        const auto& b = e->As<Between>();
        Visit(b.operand);
        Visit(b.low);
        Visit(b.high);
        break;
      }
      case ExprKind::kIn: {
        const auto& in = e->As<In>();
        Visit(in.operand);
        VisitAll(in.list);
        Sub(in.subquery);
        break;
      }
      case ExprKind::kLike: {
        const auto& l = e->As<Like>();
        Visit(l.operand);
        Visit(l.pattern);
        Visit(l.escape);
        break;
      }
      case ExprKind::kFunction: {
        const auto& f = e->As<Function>();
        VisitAll(f.args);
        Order(f.order_by);
        Visit(f.separator);
        Window(f.over);
        break;
      }
      case ExprKind::kCase: {
        const auto& c = e->As<Case>();
        Visit(c.operand);
        for (const When& w : c.whens) {
          Visit(w.condition);
          Visit(w.result);
        }
        Visit(c.otherwise);
        break;
      }
      case ExprKind::kCast:
        Visit(e->As<Cast>().operand);
        break;
      case ExprKind::kInterval:
        Visit(e->As<Interval>().value);
        break;
      case ExprKind::kCollate:
        Visit(e->As<Collate>().operand);
        break;
      case ExprKind::kExists:
        Sub(e->As<Exists>().query);
        break;
      case ExprKind::kSubquery:
        Sub(e->As<Subquery>().query);
        break;
      case ExprKind::kRow:
        VisitAll(e->As<Row>().items);
        break;
      case ExprKind::kMatch:
        VisitAll(e->As<Match>().columns);
        Visit(e->As<Match>().against);
        break;
      case ExprKind::kSequenceValue:  // a MariaDB sequence is a table: NEXT VALUE writes it
        Add(e->As<SequenceValue>().sequence);
        break;
      case ExprKind::kEscape:
        Visit(e->As<Escape>().expr);
        break;
    }
  }

  std::vector<TableRefName>& out_;
  std::vector<std::string> ctes_;
};

}  // namespace

std::vector<TableRefName> TablesOf(std::string_view sql, const ParseOptions& options) {
  std::vector<TableRefName> out;
  const ParseResult parsed = Parse(sql, options);
  Collector collector(out);
  for (const ast::Statement* st : parsed.statements()) collector.Walk(*st);
  return out;
}

}  // namespace qadvisor::parser
