// The statement parser's class, internal to parser/: one grammar per file.
//
//   parser.cpp         the statement boundary: dispatch, diagnostics, Parse()
//   parse_dml.cpp      INSERT, REPLACE, UPDATE, DELETE, WITH … DML
//   parse_ddl.cpp      CREATE/ALTER/DROP/RENAME of tables, indexes, databases; column types
//   parse_session.cpp  USE, SET
//   parse_routines.cpp views; trigger and routine headers
//   parse_query.cpp    queries: SELECT, set operations, ORDER BY/LIMIT, locking, FROM
//   parse_expr.cpp     expressions, function calls, CAST, CASE, windows
//
// The token helpers stay inline here: they run for every keyword test.
// Errors inside a statement unwind with Failure, caught at the statement boundary (parser.cpp)
// and turned into a Diagnostic: no exception leaves parser/.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <initializer_list>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/ascii.h"
#include "base/text.h"
#include "parser/arena.h"
#include "parser/ast.h"
#include "parser/keywords.h"
#include "parser/lexer.h"
#include "parser/parser.h"

namespace qadvisor::parser::grammar {

using namespace ast;  // NOLINT: the grammar builds the AST
using K = Keyword;    // the grammar names a keyword on almost every line

struct Failure {
  uint32_t offset;  // in the statement
  std::string message;
};

// Words that end an expression or a select item: never an alias.
inline bool EndsItem(Keyword w) {
  static constexpr Keyword kWords[] = {
      K::kFrom,  K::kWhere, K::kGroup,   K::kHaving,       K::kWindow, K::kOrder,
      K::kLimit, K::kFor,   K::kLock,    K::kUnion,        K::kExcept, K::kIntersect,
      K::kInto,  K::kOn,    K::kUsing,   K::kJoin,         K::kInner,  K::kCross,
      K::kLeft,  K::kRight, K::kNatural, K::kStraightJoin, K::kAs};
  return IsOneOf(w, kWords);
}

// The first words of MySQL and MariaDB statements. A statement that starts with one of these but
// is not modelled is skipped with a note; one that starts with anything else is an error.
inline bool IsStatementKeyword(Keyword w) {
  static constexpr Keyword kWords[] = {
      K::kAlter,     K::kAnalyze,    K::kBackup,   K::kBegin,     K::kBinlog,  K::kCache,
      K::kCall,      K::kChange,     K::kCheck,    K::kChecksum,  K::kClone,   K::kCommit,
      K::kCreate,    K::kDeallocate, K::kDeclare,  K::kDelete,    K::kDesc,    K::kDescribe,
      K::kDo,        K::kDrop,       K::kExecute,  K::kExplain,   K::kFlush,   K::kGet,
      K::kGrant,     K::kHandler,    K::kHelp,     K::kImport,    K::kInsert,  K::kInstall,
      K::kKill,      K::kLoad,       K::kLock,     K::kOptimize,  K::kPrepare, K::kPurge,
      K::kRelease,   K::kRename,     K::kRepair,   K::kReplace,   K::kReset,   K::kResignal,
      K::kRestart,   K::kRevoke,     K::kRollback, K::kSavepoint, K::kSet,     K::kShow,
      K::kShutdown,  K::kSignal,     K::kStart,    K::kStop,      K::kTable,   K::kTruncate,
      K::kUninstall, K::kUnlock,     K::kUpdate,   K::kUse,       K::kValues,  K::kXa};
  return IsOneOf(w, kWords);
}

class StatementParser {
 public:
  StatementParser(std::string_view text, uint32_t base, Arena& arena, const ParseOptions& options)
      : text_(text), base_(base), arena_(arena) {
    Lexer lexer(text, LexerOptions{.ansi_quotes = options.ansi_quotes,
                                   .keep_comments = false,
                                   .version_comments = options.version_comments});
    tokens_.reserve(text.size() / 4 + 8);
    for (Token t = lexer.Next(); t.kind != TokenKind::kEnd; t = lexer.Next()) {
      if (t.kind == TokenKind::kComment) continue;
      if ((t.kind == TokenKind::kIllegal || t.kind == TokenKind::kUnterminated) && !bad_) {
        bad_ = t;  // reported only if the statement is one this parser models
      }
      tokens_.push_back(t);
    }
    end_ = {.kind = TokenKind::kEnd, .offset = static_cast<uint32_t>(text.size()), .length = 0};
  }

  Statement* ParseStatement();

  bool ModelledDdl() const;

  Statement* ParseModelled();

  std::span<const Cte> ParseCtes();

  uint32_t ParseDmlOptions(std::initializer_list<std::pair<Keyword, uint32_t>> allowed);

  std::span<const Assignment> ParseAssignments();

  Statement* ParseInsert();

  std::span<const SelectItem> ParseReturning();

  // --- CREATE TABLE ----------------------------------------------------------------------------
  // The text of tokens [from, pos_), as written.
  std::string_view TextFrom(size_t from) const {
    if (from >= pos_) return {};
    const Token& a = tokens_[from];
    const Token& b = tokens_[pos_ - 1];
    return text_.substr(a.offset, b.offset + b.length - a.offset);
  }

  Statement* ParseCreateTable();

  PeriodDef ParsePeriod();

  PeriodDef ParsePeriodFor(uint32_t start);

  bool StartsIndex() const;

  IndexDef ParseIndexDef();

  IndexDef ParseIndexDefBody();

  void ParseEnforced(std::string_view& enforced);

  std::string_view ParseReferentialAction();

  bool IsOldIndexType() const;
  bool AcceptOldIndexType();

  std::span<const KeyPart> ParseKeyParts();

  void ParseIndexOptions(IndexDef& d);

  std::string_view ParseEngineAttribute();

  std::optional<IndexVisibility> AcceptVisibility();

  ColumnDef ParseColumnDef();

  ColumnDef ParseColumnDefBody();

  const Expr* ParseDefault(bool* parens);

  const Expr* ParseDefaultValue();

  ColumnType ParseColumnType();

  std::span<const TableOption> ParseTableOptions();

  TableOption ParseTableOption();

  void SkipParenthesised();

  // --- other DDL and session statements ------------------------------------------------------
  template <typename T>
  T* NewStatement() {
    T* s = arena_.New<T>();
    s->kind = T::kKind;
    return s;
  }

  std::span<const TableOption> ParseAlgorithmLock();

  Statement* ParseCreateIndex();

  Statement* ParseDropIndex();

  Statement* ParseRenameTable();

  Statement* ParseDropTable();

  bool AcceptIfExists();
  bool AcceptIfNotExists();

  // --- views, DROP DATABASE, triggers and routines -------------------------------------------

  size_t ObjectWordIndex(bool* or_replace = nullptr) const;

  size_t SkipUser(size_t i) const;

  StatementHead Head() const;

  bool ModelledObjectDdl() const;

  Statement* ParseObjectDdl();

  std::string_view ParseDefiner();

  Statement* ParseView(ViewStatement* s);

  Statement* ParseDropView();

  Statement* ParseDropDatabase();

  std::string_view ParseBody(std::string_view what);

  Statement* ParseCreateTrigger();

  Statement* ParseCreateRoutine();

  Statement* ParseDropRoutine(RoutineObject object);

  Statement* ParseCreateDatabase();

  Statement* ParseUse();

  Statement* ParseSet();

  std::span<const SetVariable> ParseSetVariables();

  Statement* ParseAlterTable();

  void ParsePosition(AlterAction& a);

  AlterAction ParseAlterAction();

  AlterAction ParseAlterActionBody();

  bool PeekTableOption() const;

  bool PeekCharsetOptionWithoutEq() const;

  AlterAction OtherAction(size_t from);

  std::span<const Ident> ParseColumnNames();

  Statement* ParseUpdate(bool recursive, std::span<const Cte> with);

  void ParseOrderAndLimit(std::span<const OrderItem>& order_by, const Expr*& limit);

  Statement* ParseDelete(bool recursive, std::span<const Cte> with);

  Portion ParsePortion();

  Name ParseDeleteTarget(std::vector<bool>* stars);

  uint32_t FirstTokenOffset() const;

  std::string Describe() const;

 private:
  // --- tokens --------------------------------------------------------------------------------
  const Token& Peek(size_t ahead = 0) const {
    return pos_ + ahead < tokens_.size() ? tokens_[pos_ + ahead] : end_;
  }
  const Token& Next() {
    const Token& t = Peek();
    if (pos_ < tokens_.size()) ++pos_;
    return t;
  }
  // Tokens always lie inside the text: no bounds check (this is called for every keyword test).
  std::string_view Text(const Token& t) const { return {text_.data() + t.offset, t.length}; }
  // Only bare words carry a keyword (the lexer resolved it): `select` is a name, never SELECT.
  static bool IsWord(const Token& t, Keyword k) { return t.keyword == k; }
  bool PeekWord(Keyword k, size_t ahead = 0) const { return IsWord(Peek(ahead), k); }
  bool AcceptWord(Keyword k) {
    if (!PeekWord(k)) return false;
    Next();
    return true;
  }
  void ExpectWord(Keyword k) {
    if (!AcceptWord(k)) Fail(fmt::format("'{}'", Upper(KeywordText(k))));
  }
  bool Accept(TokenKind kind) {
    if (Peek().kind != kind) return false;
    Next();
    return true;
  }
  void Expect(TokenKind kind, std::string_view what) {
    if (!Accept(kind)) Fail(what);
  }
  static std::string Upper(std::string_view s) { return base::UpperAscii(s); }

  [[noreturn]] void Fail(std::string_view expected) const {
    const Token& t = Peek();
    std::string found;
    if (t.kind == TokenKind::kEnd) {
      found = "end of statement";
    } else {
      std::string_view text = Text(t);
      if (text.size() > 30) text = text.substr(0, 30);
      found = fmt::format("'{}'", text);
    }
    throw Failure{t.offset, fmt::format("expected {}, found {}", expected, found)};
  }

  Span SpanFrom(uint32_t start) const {
    const uint32_t end = pos_ > 0 ? tokens_[pos_ - 1].offset + tokens_[pos_ - 1].length : start;
    return Abs({start, end > start ? end - start : 0});
  }
  Span Abs(Span s) const { return {s.offset + base_, s.length}; }
  uint32_t Start() const { return Peek().offset; }

  struct DepthGuard {
    explicit DepthGuard(StatementParser& p) : p_(p) {
      if (++p_.depth_ > kMaxDepth) {
        throw Failure{p_.Peek().offset, "expression nested too deeply"};
      }
    }
    ~DepthGuard() { --p_.depth_; }
    StatementParser& p_;
  };

  template <typename T>
  std::span<const T> Keep(const std::vector<T>& items) {
    return arena_.Copy(items);
  }

  // --- names ---------------------------------------------------------------------------------
  bool IsIdentToken(const Token& t) const {
    return t.kind == TokenKind::kQuotedIdentifier ||
           (t.kind == TokenKind::kIdentifier && (!IsReserved(t.keyword) || BeforeDotName(t)));
  }
  Ident MakeIdent(const Token& t) const { return Ident{Text(t), t.offset + base_}; }

  // A word written right before `.name` is a name, reserved or not: both servers' lexers skip
  // the keyword lookup there (sql_lex.cc: `if (start == get_ptr() && c == '.' && ident_map…`),
  // so default.t, trigger.num and select.desc are qualified names.
  bool BeforeDotName(const Token& t) const {
    const size_t dot = t.offset + t.length;
    if (dot + 1 >= text_.size() || text_[dot] != '.') return false;
    const unsigned char c = text_[dot + 1];
    return c == '_' || c == '$' || c >= 0x80 || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
           (c >= 'A' && c <= 'Z');
  }

  // ident: identifier | `quoted identifier`  (a reserved word needs quotes)
  Ident ParseIdent(std::string_view what = "an identifier") {
    if (!IsIdentToken(Peek())) Fail(what);
    return MakeIdent(Next());
  }

  // name: ident {. ident}  (after a dot any word is a name, reserved or not)
  Name ParseName(size_t max_parts, std::string_view what) {
    std::vector<Ident> parts{ParseIdent(what)};
    while (
        parts.size() < max_parts && Peek().kind == TokenKind::kDot &&
        (Peek(1).kind == TokenKind::kIdentifier || Peek(1).kind == TokenKind::kQuotedIdentifier)) {
      Next();
      parts.push_back(MakeIdent(Next()));
    }
    return Name{Keep(parts)};
  }

  std::span<const Ident> ParseIdentList() {  // ( ident {, ident} )
    Expect(TokenKind::kLParen, "'('");
    std::vector<Ident> ids;
    if (Peek().kind != TokenKind::kRParen) {
      do {
        ids.push_back(ParseIdent());
      } while (Accept(TokenKind::kComma));
    }
    Expect(TokenKind::kRParen, "')'");
    return Keep(ids);
  }

  // --- queries -------------------------------------------------------------------------------
  const Query* ParseQuery();

  const QueryTerm* ParseUnionTerm();

  const QueryTerm* ParseIntersectTerm();

  template <typename F>
  const QueryTerm* MakeSetOp(uint32_t start, SetOp op, const QueryTerm* left, F right) {
    auto* set = arena_.New<SetOperation>();
    set->op = op;
    set->all = AcceptWord(K::kAll);
    if (!set->all) set->distinct_keyword = AcceptWord(K::kDistinct);
    // MySQL's lexer makes DISTINCTROW the DISTINCT token: UNION DISTINCTROW is UNION DISTINCT.
    if (!set->all && !set->distinct_keyword) set->distinct_keyword = AcceptWord(K::kDistinctrow);
    set->left = left;
    set->right = right();
    auto* term = arena_.New<QueryTerm>();
    term->set_op = set;
    term->span = SpanFrom(start);
    return term;
  }

  const QueryTerm* ParseQueryPrimary();

  const ValuesRows* ParseValuesRows();

  const Select* ParseSelect();

  std::string_view ParseInto();

  uint32_t ParseSelectOptions();

  SelectItem ParseSelectItem();

  Direction ParseDirection();

  std::span<const OrderItem> ParseOrderList();

  void ParseLimit(Query& q);

  void ParseFetchFirst(Query& q);

  bool StandardOffsetAt(size_t ahead) const;

  const Expr* ParseLimitValue();

  void ParseLocking(Query& q);

  bool ParseLockingClause(LockingClause& c);

  void ParseLockWait(LockingClause& c);

  // --- FROM ------------------------------------------------------------------------------------
  const TableRef* ParseTableRef();

  const TableRef* ParseJoins(uint32_t start, const TableRef* left);

  bool ConditionAfterJoins() const;

  const TableRef* ParseTableFactor();

  const TableRef* ParseJsonTable();

  const Expr* ParseJsonPath();

  std::span<const JsonTableColumn> ParseJsonColumns();

  SystemTime ParseSystemTime();

  HistoryPoint ParseHistoryPoint();

  std::span<const Ident> ParseIndexNames();

  const Expr* ParseSequenceValue();

  bool QueryAt(size_t ahead, int nesting = 0) const;

  bool TableOrValuesAt(size_t ahead) const;

  size_t MatchingParen(size_t ahead) const;

  // --- expressions -----------------------------------------------------------------------------
  template <typename T>
  T* NewExpr(uint32_t start) {
    T* e = arena_.New<T>();
    e->kind = T::kKind;
    e->span = Abs({start, 0});
    return e;
  }
  template <typename T>
  const T* Finish(T* e) {
    e->span = SpanFrom(e->span.offset - base_);
    return e;
  }

  const Binary* MakeBinary(uint32_t start, BinaryOp op, const Expr* l, const Expr* r,
                           Quantifier q = Quantifier::kNone);

  const Expr* ParseExpr();

  const Expr* ParseOr();

  const Expr* ParseXor();

  const Expr* ParseAnd();

  const Expr* ParseNot();

  const Expr* ParseBoolPri();

  const Expr* ParsePredicate();

  // Binary operators of bit_expr, by precedence (higher binds tighter); all left-associative.
  struct BitOp {
    BinaryOp op;
    int precedence;
  };
  bool PeekBitOp(BitOp* out) const;

  const Expr* ParseBitExpr(int min_precedence);

  const Expr* ParseSimple();

  std::span<const Expr* const> ParseExprList();

  Literal* MakeLiteral(uint32_t start, LiteralKind kind, std::string_view prefix = {});

  const Literal* FinishString(Literal* l, const Token& first);

  const Expr* ParsePrimary();

  const Expr* ParseEscape();

  static bool IsNoParensFunction(Keyword w);

  bool IntervalFunction() const;

  bool IsIntervalUnit(const Token& t) const;

  static constexpr Keyword kIntervalUnits[] = {
      K::kMicrosecond, K::kSecond, K::kMinute, K::kHour, K::kDay, K::kWeek, K::kMonth, K::kQuarter,
      K::kYear, K::kSecondMicrosecond, K::kMinuteMicrosecond, K::kMinuteSecond, K::kHourMicrosecond,
      K::kHourSecond, K::kHourMinute, K::kDayMicrosecond, K::kDaySecond, K::kDayMinute, K::kDayHour,
      K::kYearMonth,
      // ODBC's names, which both servers take as synonyms (sql_yacc.yy)
      K::kSqlTsiMicrosecond, K::kSqlTsiSecond, K::kSqlTsiMinute, K::kSqlTsiHour, K::kSqlTsiDay,
      K::kSqlTsiWeek, K::kSqlTsiMonth, K::kSqlTsiQuarter, K::kSqlTsiYear};

  const Expr* ParseVariable();

  std::string_view ParseIntervalUnit();

  const Expr* ParseParenthesised();

  const Expr* ParseNameOrCall();

  const Expr* ParseCall(uint32_t start);

  bool ParseCallDistinct(Function& f);

  bool ParseSpecialForm(Function& f, Keyword fn);

  void ParseCallLimit(Function& f);

  void ParseJsonOn(JsonOn& on, Keyword when);

  void ParseNullTreatment(Function& f, Keyword fn);

  const WindowSpec* ParseOver();

  const WindowSpec* ParseWindowSpec();

  FrameBound ParseFrameBound();

  const Expr* ParseCase();

  const Expr* ParseCast(bool convert);

  std::string_view ParseCharsetName();

  DataType ParseCastType();

  const Expr* ParseMatch();

  std::string_view text_;
  uint32_t base_;
  Arena& arena_;
  std::vector<Token> tokens_;
  std::optional<Token> bad_;  // the first token the lexer could not make sense of
  Token end_;
  size_t pos_ = 0;
  int depth_ = 0;
};

}  // namespace qadvisor::parser::grammar
