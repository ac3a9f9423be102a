// The recursive-descent parser. Each parse function carries its grammar line; the grammar
// follows MySQL's sql_yacc.yy in shape (expr / bool_pri / predicate / bit_expr / simple_expr)
// so that operator precedence and associativity come out as the server's.
//
// Errors inside a statement unwind with an internal exception, caught at the statement
// boundary and turned into a Diagnostic: no exception leaves this file.
#include "parser/parser.h"

#include <fmt/format.h>

#include <algorithm>
#include <initializer_list>
#include <map>
#include <optional>

#include "base/ascii.h"
#include "base/text.h"
#include "parser/grammar.h"
#include "parser/keywords.h"
#include "parser/lexer.h"
#include "parser/splitter.h"

namespace qadvisor::parser {
namespace grammar {

// statement: select_statement | other_statement
Statement* StatementParser::ParseStatement() {
  const Token& first = Peek();
  const bool select = IsWord(first, K::kSelect) || first.kind == TokenKind::kLParen ||
                      IsWord(first, K::kTable) || IsWord(first, K::kValues);
  // MariaDB's DELETE HISTORY FROM t [BEFORE SYSTEM_TIME …] purges history: not modelled.
  const bool delete_history = PeekWord(K::kHistory, 1) && PeekWord(K::kFrom, 2);
  const bool dml = IsWord(first, K::kInsert) || IsWord(first, K::kReplace) ||
                   IsWord(first, K::kUpdate) || (IsWord(first, K::kDelete) && !delete_history) ||
                   IsWord(first, K::kWith) || ModelledDdl();
  if (select || dml) {
    if (bad_) {
      throw Failure{bad_->offset, bad_->kind == TokenKind::kIllegal ? "unexpected character"
                                  : text_.substr(bad_->offset, 2) == "/*"
                                      ? "unterminated comment"
                                      : "unterminated quoted text"};
    }
    Statement* s = ParseModelled();
    if (Peek().kind == TokenKind::kSemicolon) Next();
    if (Peek().kind != TokenKind::kEnd) Fail("end of statement");
    s->span = Abs({0, static_cast<uint32_t>(text_.size())});
    return s;
  }
  if (first.kind != TokenKind::kIdentifier || !IsStatementKeyword(first.keyword)) {
    Fail("a statement (SELECT, INSERT, UPDATE, CREATE, …)");
  }
  auto* s = arena_.New<UnsupportedStatement>();
  s->kind = StatementKind::kUnsupported;
  s->span = Abs({0, static_cast<uint32_t>(text_.size())});
  s->what = Text(first);
  s->head = Head();
  return s;
}

// modelled: query | [WITH …] (UPDATE … | DELETE …) | (INSERT | REPLACE) …
// The DDL and session statements this parser models (the rest of CREATE, ALTER, DROP and SET
// is recognised and skipped).
bool StatementParser::ModelledDdl() const {
  if (ModelledObjectDdl()) return true;
  if (PeekWord(K::kCreate)) {
    size_t i = 1;
    if (PeekWord(K::kTemporary, i)) return PeekWord(K::kTable, i + 1);
    if (PeekWord(K::kUnique, i) || PeekWord(K::kFulltext, i) || PeekWord(K::kSpatial, i)) ++i;
    return PeekWord(K::kTable, i) || PeekWord(K::kIndex, i) ||
           (i == 1 && (PeekWord(K::kDatabase, i) || PeekWord(K::kSchema, i)));
  }
  if (PeekWord(K::kAlter)) {
    size_t i = 1;
    if (PeekWord(K::kOnline, i)) ++i;
    if (PeekWord(K::kIgnore, i)) ++i;
    return PeekWord(K::kTable, i);
  }
  if (PeekWord(K::kDrop)) {
    return PeekWord(K::kTable, 1) || PeekWord(K::kIndex, 1) ||
           (PeekWord(K::kTemporary, 1) && PeekWord(K::kTable, 2));
  }
  if (PeekWord(K::kUse)) return true;
  if (PeekWord(K::kRename)) return PeekWord(K::kTable, 1) || PeekWord(K::kTables, 1);
  if (PeekWord(K::kSet)) {
    // SET TRANSACTION, PASSWORD, ROLE, DEFAULT ROLE, RESOURCE GROUP, STATEMENT … FOR are
    // other statements.
    size_t i = 1;
    if (PeekWord(K::kGlobal, i) || PeekWord(K::kSession, i) || PeekWord(K::kLocal, i)) ++i;
    for (const Keyword w :
         {K::kTransaction, K::kPassword, K::kRole, K::kDefault, K::kResource, K::kStatement}) {
      if (PeekWord(w, i)) return false;
    }
    return true;
  }
  return false;
}

Statement* StatementParser::ParseModelled() {
  if (ModelledObjectDdl()) return ParseObjectDdl();
  if (PeekWord(K::kInsert) || PeekWord(K::kReplace)) return ParseInsert();
  if (PeekWord(K::kCreate)) {
    if (PeekWord(K::kDatabase, 1) || PeekWord(K::kSchema, 1)) return ParseCreateDatabase();
    if (PeekWord(K::kTable, 1) || PeekWord(K::kTemporary, 1)) return ParseCreateTable();
    return ParseCreateIndex();
  }
  if (PeekWord(K::kAlter)) return ParseAlterTable();
  if (PeekWord(K::kDrop)) return PeekWord(K::kIndex, 1) ? ParseDropIndex() : ParseDropTable();
  if (PeekWord(K::kUse)) return ParseUse();
  if (PeekWord(K::kRename)) return ParseRenameTable();
  if (PeekWord(K::kSet)) return ParseSet();
  bool recursive = false;
  std::span<const Cte> with;
  const size_t before_with = pos_;
  if (PeekWord(K::kWith)) {
    Next();
    recursive = AcceptWord(K::kRecursive);
    with = ParseCtes();
  }
  if (PeekWord(K::kUpdate)) return ParseUpdate(recursive, with);
  if (PeekWord(K::kDelete)) return ParseDelete(recursive, with);
  pos_ = before_with;  // a query: it parses its own WITH
  auto* s = arena_.New<SelectStatement>();
  s->kind = StatementKind::kSelect;
  s->query = ParseQuery();
  return s;
}

// The index of the word naming the object of CREATE / ALTER / DROP, after the words that may
// stand before it: OR REPLACE, ALGORITHM = x, DEFINER = user, SQL SECURITY x, AGGREGATE,
// TEMPORARY, UNIQUE, … (0 when the statement is no CREATE, ALTER or DROP).
size_t StatementParser::ObjectWordIndex(bool* or_replace) const {
  if (!PeekWord(K::kCreate) && !PeekWord(K::kAlter) && !PeekWord(K::kDrop)) return 0;
  size_t i = 1;
  while (Peek(i).kind == TokenKind::kIdentifier) {
    if (PeekWord(K::kOr, i) && PeekWord(K::kReplace, i + 1)) {
      if (or_replace != nullptr) *or_replace = true;
      i += 2;
    } else if ((PeekWord(K::kAlgorithm, i) || PeekWord(K::kDefiner, i)) &&
               Peek(i + 1).kind == TokenKind::kEq) {
      i = SkipUser(i + 2);
    } else if (PeekWord(K::kSql, i) && PeekWord(K::kSecurity, i + 1)) {
      i += 3;
    } else if (PeekWord(K::kAggregate, i) || PeekWord(K::kOnline, i) || PeekWord(K::kOffline, i) ||
               PeekWord(K::kIgnore, i) || PeekWord(K::kTemporary, i) || PeekWord(K::kUnique, i) ||
               PeekWord(K::kFulltext, i) || PeekWord(K::kSpatial, i)) {
      ++i;
    } else {
      break;
    }
  }
  return i;
}

// After `DEFINER =` (or `ALGORITHM =`) at token i: the index past user[@host] |
// CURRENT_USER[()] | CURRENT_ROLE | word. The lexer reads @host, @'host' and @`host` as one
// user-variable token.
size_t StatementParser::SkipUser(size_t i) const {
  if (Peek(i).kind == TokenKind::kEnd) return i;
  ++i;
  if (Peek(i).kind == TokenKind::kUserVariable) ++i;
  if (Peek(i).kind == TokenKind::kLParen && Peek(i + 1).kind == TokenKind::kRParen) i += 2;
  return i;
}

StatementHead StatementParser::Head() const {
  static constexpr std::pair<Keyword, Verb> kVerbs[] = {{K::kCreate, Verb::kCreate},
                                                        {K::kAlter, Verb::kAlter},
                                                        {K::kDrop, Verb::kDrop},
                                                        {K::kRename, Verb::kRename},
                                                        {K::kTruncate, Verb::kTruncate},
                                                        {K::kGrant, Verb::kGrant},
                                                        {K::kRevoke, Verb::kRevoke},
                                                        {K::kShow, Verb::kShow},
                                                        {K::kSet, Verb::kSet},
                                                        {K::kLock, Verb::kLock},
                                                        {K::kUnlock, Verb::kUnlock},
                                                        {K::kStart, Verb::kStart},
                                                        {K::kBegin, Verb::kBegin},
                                                        {K::kCommit, Verb::kCommit},
                                                        {K::kRollback, Verb::kRollback},
                                                        {K::kSavepoint, Verb::kSavepoint},
                                                        {K::kRelease, Verb::kRelease},
                                                        {K::kFlush, Verb::kFlush},
                                                        {K::kAnalyze, Verb::kAnalyze},
                                                        {K::kOptimize, Verb::kOptimize},
                                                        {K::kCheck, Verb::kCheck},
                                                        {K::kRepair, Verb::kRepair},
                                                        {K::kDo, Verb::kDo},
                                                        {K::kCall, Verb::kCall},
                                                        {K::kLoad, Verb::kLoad},
                                                        {K::kHandler, Verb::kHandler}};
  static constexpr std::pair<Keyword, ObjectKind> kObjects[] = {
      {K::kTable, ObjectKind::kTable},         {K::kIndex, ObjectKind::kIndex},
      {K::kDatabase, ObjectKind::kDatabase},   {K::kSchema, ObjectKind::kDatabase},
      {K::kView, ObjectKind::kView},           {K::kTrigger, ObjectKind::kTrigger},
      {K::kProcedure, ObjectKind::kProcedure}, {K::kFunction, ObjectKind::kFunction},
      {K::kEvent, ObjectKind::kEvent},         {K::kSequence, ObjectKind::kSequence},
      {K::kUser, ObjectKind::kUser},           {K::kRole, ObjectKind::kRole},
      {K::kServer, ObjectKind::kServer},       {K::kTablespace, ObjectKind::kTablespace}};
  StatementHead head;
  for (const auto& [word, verb] : kVerbs) {
    if (PeekWord(word)) head.verb = verb;
  }
  if (head.verb != Verb::kCreate && head.verb != Verb::kAlter && head.verb != Verb::kDrop) {
    return head;
  }
  const size_t i = ObjectWordIndex(&head.or_replace);
  head.object = ObjectKind::kOther;
  for (const auto& [word, object] : kObjects) {
    if (PeekWord(word, i)) head.object = object;
  }
  return head;
}

// The statements of this section: views, DROP DATABASE, triggers, procedures and functions
// (not a loadable function, CREATE FUNCTION f RETURNS type SONAME 'lib': no parentheses).
bool StatementParser::ModelledObjectDdl() const {
  if (!PeekWord(K::kCreate) && !PeekWord(K::kAlter) && !PeekWord(K::kDrop)) return false;
  const StatementHead head = Head();
  const size_t i = ObjectWordIndex();
  switch (head.object) {
    case ObjectKind::kView:
      return head.verb != Verb::kAlter || !head.or_replace;
    case ObjectKind::kDatabase:
      return head.verb == Verb::kDrop && i == 1;
    case ObjectKind::kTrigger:
    case ObjectKind::kProcedure:
      return head.verb == Verb::kCreate || (head.verb == Verb::kDrop && i == 1);
    case ObjectKind::kFunction: {
      if (head.verb == Verb::kDrop) return i == 1;
      if (head.verb != Verb::kCreate) return false;
      size_t j = i + 1;
      if (PeekWord(K::kIf, j) && PeekWord(K::kNot, j + 1) && PeekWord(K::kExists, j + 2)) j += 3;
      j += Peek(j + 1).kind == TokenKind::kDot ? 3 : 1;  // name or db.name
      return Peek(j).kind == TokenKind::kLParen;
    }
    default:
      return false;
  }
}

Statement* StatementParser::ParseObjectDdl() {
  switch (Head().object) {
    case ObjectKind::kView:
      if (PeekWord(K::kDrop)) return ParseDropView();
      return PeekWord(K::kAlter) ? ParseView(NewStatement<AlterViewStatement>())
                                 : ParseView(NewStatement<CreateViewStatement>());
    case ObjectKind::kDatabase:
      return ParseDropDatabase();
    case ObjectKind::kTrigger:
      return PeekWord(K::kDrop) ? ParseDropRoutine(RoutineObject::kTrigger) : ParseCreateTrigger();
    case ObjectKind::kProcedure:
      return PeekWord(K::kDrop) ? ParseDropRoutine(RoutineObject::kProcedure)
                                : ParseCreateRoutine();
    default:
      return PeekWord(K::kDrop) ? ParseDropRoutine(RoutineObject::kFunction) : ParseCreateRoutine();
  }
}

// What an unmodelled statement is, for its note: "CREATE TABLE", "GRANT".
// Where the statement's first token is, in the script: comments before it are not part of
// the statement's position (they are part of its text, for the splitter).
uint32_t StatementParser::FirstTokenOffset() const {
  return base_ + (tokens_.empty() ? 0 : static_cast<uint32_t>(tokens_.front().offset));
}

// The statement's kind for a note: its first word, and for CREATE / ALTER / DROP the kind of
// object, past the clauses that may stand between them:
//   CREATE [OR REPLACE] [ALGORITHM = x] [DEFINER = user] [SQL SECURITY x] VIEW …  → CREATE VIEW
//   CREATE DEFINER = `u`@`h` AGGREGATE FUNCTION …                              → CREATE FUNCTION
// A form of a kind this parser does model keeps its words (CREATE OR REPLACE TABLE, MariaDB),
// so the note does not claim CREATE TABLE is unmodelled.
std::string StatementParser::Describe() const {
  std::string what = Upper(Text(Peek()));
  if (PeekWord(K::kShow) && Peek(1).kind == TokenKind::kIdentifier) {
    return what + " " + Upper(Text(Peek(1)));
  }
  if (!PeekWord(K::kCreate) && !PeekWord(K::kAlter) && !PeekWord(K::kDrop)) return what;
  size_t i = 1;
  std::string modifiers;  // the words skipped, for a modelled kind
  auto skip = [&](size_t n) {
    for (size_t k = 0; k < n; ++k) modifiers += " " + Upper(Text(Peek(i + k)));
    i += n;
  };
  while (Peek(i).kind == TokenKind::kIdentifier) {
    if (PeekWord(K::kOr, i) && PeekWord(K::kReplace, i + 1)) {
      skip(2);
    } else if ((PeekWord(K::kAlgorithm, i) || PeekWord(K::kDefiner, i)) &&
               Peek(i + 1).kind == TokenKind::kEq) {
      // ALGORITHM = word; DEFINER = user[@host] | CURRENT_USER[()] | CURRENT_ROLE
      i += 2;
      if (Peek(i).kind != TokenKind::kEnd) ++i;
      if (Peek(i).kind == TokenKind::kUserVariable) ++i;  // the lexer reads @host, @'host'
      if (Peek(i).kind == TokenKind::kLParen && Peek(i + 1).kind == TokenKind::kRParen) i += 2;
    } else if (PeekWord(K::kSql, i) && PeekWord(K::kSecurity, i + 1)) {
      i += 3;
    } else if (PeekWord(K::kAggregate, i) || PeekWord(K::kOnline, i) || PeekWord(K::kOffline, i) ||
               PeekWord(K::kIgnore, i) || PeekWord(K::kTemporary, i) || PeekWord(K::kUnique, i) ||
               PeekWord(K::kFulltext, i) || PeekWord(K::kSpatial, i)) {
      skip(1);
    } else {
      break;
    }
  }
  if (Peek(i).kind != TokenKind::kIdentifier) return what;
  const bool modelled_kind = PeekWord(K::kTable, i) || PeekWord(K::kIndex, i) ||
                             PeekWord(K::kDatabase, i) || PeekWord(K::kSchema, i);
  return what + (modelled_kind ? modifiers : "") + " " + Upper(Text(Peek(i)));
}

}  // namespace grammar

namespace {

using grammar::Failure;
using grammar::StatementParser;

// 1-based line and column of `offset`, inside the statement `st`, and the line with a caret under
// the column. Lines are counted from the statement's own position, which the splitter found:
// counting from the top of the script for every diagnostic made a script of many statements
// quadratic.
void Locate(std::string_view script, const StatementText& st, uint32_t offset, Diagnostic& d) {
  offset = std::min<uint32_t>(offset, static_cast<uint32_t>(script.size()));
  uint32_t line = st.line;
  size_t line_start = st.offset - (st.column - 1);
  for (size_t i = st.offset; i < offset; ++i) {
    if (script[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  }
  d.offset = offset;
  d.line = line;
  d.column = static_cast<uint32_t>(offset - line_start + 1);
  size_t line_end = script.find('\n', line_start);
  if (line_end == std::string_view::npos) line_end = script.size();
  std::string_view text = script.substr(line_start, line_end - line_start);
  size_t caret = offset - line_start;
  if (text.size() > 120) {  // keep long lines readable: a window around the caret
    const size_t from = caret > 60 ? caret - 60 : 0;
    text = text.substr(from, 120);
    caret -= from;
  }
  // Control bytes are written as \xNN (the excerpt goes to a terminal); the caret follows.
  const std::string before = base::Printable(text.substr(0, caret));
  d.excerpt =
      before + base::Printable(text.substr(caret)) + "\n" + std::string(before.size(), ' ') + "^";
}

// Whether an sql_mode value (a comma-separated list of modes) sets ANSI_QUOTES: the mode itself,
// or a combination mode that includes it (MySQL 8.0 7.1.11: ANSI; MariaDB also DB2, MAXDB,
// MSSQL, ORACLE, POSTGRESQL, as MySQL 5.7 had).
bool ModesHaveAnsiQuotes(std::string_view modes) {
  static constexpr std::string_view kModes[] = {"ansi_quotes", "ansi",   "db2",       "maxdb",
                                                "mssql",       "oracle", "postgresql"};
  while (!modes.empty()) {
    const size_t comma = modes.find(',');
    std::string_view mode = modes.substr(0, comma);
    while (!mode.empty() && (mode.front() == ' ' || mode.front() == '\t')) mode.remove_prefix(1);
    while (!mode.empty() && (mode.back() == ' ' || mode.back() == '\t')) mode.remove_suffix(1);
    if (IsOneOf(mode, kModes)) return true;
    if (comma == std::string_view::npos) break;
    modes.remove_prefix(comma + 1);
  }
  return false;
}

// Follows a script's own `SET sql_mode = …` so that the statements after it are lexed as the
// server would lex them: mysqldump --compatible=ansi and pg-style dumps write "double-quoted"
// identifiers after `/*!40101 SET SQL_MODE='ANSI' */`. Only the session's mode counts (not SET
// GLOBAL / PERSIST); a mode saved in a user variable (SET @OLD_SQL_MODE=@@SQL_MODE, as
// mysqldump writes) is restored from it; a value this cannot know leaves the mode as it was.
class SqlModeTracker {
 public:
  explicit SqlModeTracker(bool ansi_quotes) : initial_(ansi_quotes), ansi_quotes_(ansi_quotes) {}
  bool ansi_quotes() const { return ansi_quotes_; }

  void Apply(const ast::Statement& s) {
    if (s.kind != ast::StatementKind::kSet) return;
    for (const ast::SetVariable& v : s.As<ast::SetStatement>().variables) {
      if (v.target->kind == ast::ExprKind::kVariable && !v.target->As<ast::Variable>().system) {
        // SET @saved = @@sql_mode
        const std::string name = LowerAscii(v.target->As<ast::Variable>().text);
        if (IsSessionSqlMode(*v.value, {})) {
          saved_[name] = ansi_quotes_;
        } else {
          saved_.erase(name);
        }
        continue;
      }
      if (!IsSessionSqlMode(*v.target, v.scope)) continue;
      if (const std::optional<bool> ansi = Value(*v.value)) ansi_quotes_ = *ansi;
    }
  }

 private:
  // sql_mode, @@sql_mode, @@session.sql_mode, @@local.sql_mode, SESSION sql_mode.
  static bool IsSessionSqlMode(const ast::Expr& e, std::string_view scope) {
    if (!scope.empty() && !EqualsIgnoreCase(scope, "session") &&
        !EqualsIgnoreCase(scope, "local")) {
      return false;
    }
    if (e.kind == ast::ExprKind::kColumn) {
      const ast::Name& n = e.As<ast::Column>().name;
      if (n.parts.size() == 2) {
        const std::string first = n.parts[0].Value();
        if (!EqualsIgnoreCase(first, "session") && !EqualsIgnoreCase(first, "local")) return false;
      } else if (n.parts.size() != 1) {
        return false;
      }
      return EqualsIgnoreCase(n.last().Value(), "sql_mode");
    }
    if (e.kind != ast::ExprKind::kVariable || !e.As<ast::Variable>().system) return false;
    std::string_view text = e.As<ast::Variable>().text.substr(2);
    for (std::string_view prefix : {"session.", "local."}) {
      if (text.size() > prefix.size() && EqualsIgnoreCase(text.substr(0, prefix.size()), prefix)) {
        text.remove_prefix(prefix.size());
      }
    }
    return EqualsIgnoreCase(text, "sql_mode");
  }

  // Whether the value turns ANSI_QUOTES on or off; nullopt when it cannot be known here.
  std::optional<bool> Value(const ast::Expr& value) const {
    switch (value.kind) {
      case ast::ExprKind::kLiteral: {
        const auto& l = value.As<ast::Literal>();
        if (l.literal != ast::LiteralKind::kString || l.text.size() < 2) return std::nullopt;
        return ModesHaveAnsiQuotes(l.text.substr(1, l.text.size() - 2));
      }
      case ast::ExprKind::kColumn:  // SET sql_mode = ANSI, a mode written as a word
        if (value.As<ast::Column>().name.parts.size() != 1) return std::nullopt;
        return ModesHaveAnsiQuotes(value.As<ast::Column>().name.last().Value());
      case ast::ExprKind::kDefault:
        return initial_;
      case ast::ExprKind::kVariable: {
        if (value.As<ast::Variable>().system) return std::nullopt;
        const auto it = saved_.find(LowerAscii(value.As<ast::Variable>().text));
        if (it == saved_.end()) return std::nullopt;
        return it->second;
      }
      default:
        return std::nullopt;
    }
  }

  bool initial_;
  bool ansi_quotes_;
  std::map<std::string, bool> saved_;  // user variable (lower case, @ kept) → ANSI_QUOTES then
};

}  // namespace

ast::StatementHead ReadHead(std::string_view statement, const ParseOptions& options) {
  Arena arena;
  return StatementParser(statement, 0, arena, options).Head();
}

std::string Diagnostic::ToString() const {
  return fmt::format("{}:{}: {}: {}\n{}", line, column,
                     severity == Severity::kError ? "error" : "note", base::Printable(message),
                     excerpt);
}

bool ParseResult::ok() const {
  return std::none_of(diagnostics_.begin(), diagnostics_.end(),
                      [](const Diagnostic& d) { return d.severity == Severity::kError; });
}

ParseResult Parse(std::string_view script, const ParseOptions& options) {
  ParseResult result;
  result.text_ = std::make_unique<std::string>(script);
  const std::string_view text = *result.text_;
  result.arena_.SetFirstBlock(text.size() * 16);  // about what the AST of a statement takes
  SqlModeTracker sql_mode(options.ansi_quotes);
  ParseOptions current = options;
  for (const StatementText& st : SplitStatements(text)) {
    const auto base = static_cast<uint32_t>(st.offset);
    try {
      current.ansi_quotes = sql_mode.ansi_quotes();
      StatementParser parser(st.text, base, result.arena_, current);
      const std::string what = parser.Describe();
      ast::Statement* s = parser.ParseStatement();
      s->line = st.line;
      s->column = st.column;
      if (const uint32_t first = parser.FirstTokenOffset();
          first > s->span.offset && first < s->span.end()) {
        const std::string_view skipped = text.substr(s->span.offset, first - s->span.offset);
        const size_t newline = skipped.rfind('\n');
        if (newline == std::string_view::npos) {
          s->column += static_cast<uint32_t>(skipped.size());
        } else {
          s->line += static_cast<uint32_t>(std::count(skipped.begin(), skipped.end(), '\n'));
          s->column = static_cast<uint32_t>(skipped.size() - newline);
        }
        s->span.length -= first - s->span.offset;
        s->span.offset = first;
      }
      if (s->kind == ast::StatementKind::kUnsupported) {
        Diagnostic d;
        d.severity = Severity::kNote;
        d.message = fmt::format("{} statements are not modelled yet; skipped", what);
        Locate(text, st, base, d);
        result.diagnostics_.push_back(std::move(d));
      }
      result.statements_.push_back(s);
      sql_mode.Apply(*s);
    } catch (const Failure& f) {
      Diagnostic d;
      d.message = f.message;
      Locate(text, st, base + f.offset, d);
      result.diagnostics_.push_back(std::move(d));
    }
  }
  return result;
}

}  // namespace qadvisor::parser
