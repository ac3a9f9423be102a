// Statements made safe to run on a user's server: the rewrites to SELECT, the last gate, and the
// text verify sends (see safe_query.h for the contract and what the gate refuses, and why).
//
// Rewrites take the original text for every part they keep, sliced at token boundaries that
// parser/sql_text.h finds (expression spans leave out enclosing parentheses, so a WHERE is taken
// from its keyword to the end of the statement, never from its expression's span). No lexer runs
// here: the tokens, words and code ends come from parser/.
#include "connectors/safe_query.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <utility>
#include <vector>

#include "base/ascii.h"
#include "parser/sql_text.h"

namespace qadvisor::connectors {
namespace {

namespace ast = parser::ast;
using parser::CodeEnd;
using parser::FindTopLevelWord;
using parser::IsWord;
using parser::LexerOptions;
using parser::ParseOptions;
using parser::Token;
using parser::TokenKind;

// ---------------------------------------------------------------------------------------------
// Small text helpers

// ASCII case and SQL white space: base/ascii.h, whose IsSpace is what the MySQL lexer skips
// (my_isspace in the server's latin1/utf8 ctype).
using base::EqualsIgnoreCase;
using base::IsSpace;
using base::StartsWithIgnoreCase;
using base::TrimSpace;
using base::UpperAscii;

// A short, printable piece of `text` at `offset`, for messages.
std::string Excerpt(std::string_view text, size_t offset, size_t max = 40) {
  std::string out;
  for (size_t i = offset; i < text.size() && out.size() < max; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    out += c < 0x20 || c == 0x7f ? ' ' : static_cast<char>(c);
  }
  if (offset + max < text.size()) out += "…";
  return out;
}

// A refusal: "<what>: <detail>". `what` is a fixed phrase (callers group refusals by it).
Status Refuse(std::string_view what, std::string_view detail) {
  return InvalidArgument(fmt::format("{}: {}", what, detail));
}

// ---------------------------------------------------------------------------------------------
// Lexical rules (the part of the gate that is about how a server reads the bytes)

// Words an executable comment may hold: modifiers whose presence or absence changes the plan at
// most, so it does not matter whether the server runs the comment or skips it (it does either,
// by its version). mysqldump writes `/*!40001 SQL_NO_CACHE */`, ORMs `/*! STRAIGHT_JOIN */`.
constexpr std::string_view kCommentKeywords[] = {
    "DELAYED",          "HIGH_PRIORITY",     "IGNORE",    "LOW_PRIORITY",        "QUICK",
    "SQL_BIG_RESULT",   "SQL_BUFFER_RESULT", "SQL_CACHE", "SQL_CALC_FOUND_ROWS", "SQL_NO_CACHE",
    "SQL_SMALL_RESULT", "STRAIGHT_JOIN",
};

bool IsCommentKeyword(std::string_view word) {
  return std::any_of(std::begin(kCommentKeywords), std::end(kCommentKeywords),
                     [&](std::string_view k) { return EqualsIgnoreCase(k, word); });
}

bool OpensExecutableComment(std::string_view s) {
  return s.starts_with("/*!") || StartsWithIgnoreCase(s, "/*M!");
}

// The content of a quoted token (`'…'`, `"…"`, N'…', @'…', @`…`): between its opening quote
// (after an N or @ prefix) and its last byte. `quote` is set to the quote character; empty when
// the token is not quoted.
std::string_view QuotedContent(std::string_view token, char* quote) {
  const size_t q =
      !token.empty() && (token[0] == '@' || token[0] == 'N' || token[0] == 'n') ? 1 : 0;
  if (token.size() < q + 2) return {};
  const char c = token[q];
  if ((c != '\'' && c != '"' && c != '`') || token.back() != c) return {};
  *quote = c;
  return token.substr(q + 1, token.size() - q - 2);
}

// Where a backslash escapes the string's own quote (`\'` in '…'), read with backslash escapes as
// the lexer does; npos when nowhere. Under NO_BACKSLASH_ESCAPES the server ends the string there.
size_t BackslashEscapedQuote(std::string_view content, char quote) {
  for (size_t i = 0; i < content.size(); ++i) {
    if (content[i] != '\\' || i + 1 >= content.size()) continue;
    if (content[i + 1] == quote) return i;
    ++i;  // the escaped byte
  }
  return std::string_view::npos;
}

bool IsStringToken(TokenKind k) {
  return k == TokenKind::kString || k == TokenKind::kNationalString ||
         k == TokenKind::kUserVariable;
}

struct Scan {
  std::vector<Token> tokens;  // every token, comments included, in order
};

// Reads the gap between two tokens: white space, or the markers of an executable comment (the
// lexer lexes such a comment's content as tokens and skips its `/*!12345` and `*/`).
Status ScanGap(std::string_view text, size_t from, size_t to, bool* in_comment) {
  size_t i = from;
  while (i < to) {
    if (IsSpace(text[i])) {
      ++i;
      continue;
    }
    const std::string_view rest = text.substr(i, to - i);
    if (!*in_comment && OpensExecutableComment(rest)) {
      *in_comment = true;
      i += rest.starts_with("/*!") ? 3 : 4;
      while (i < to && text[i] >= '0' && text[i] <= '9') ++i;
      continue;
    }
    if (*in_comment && rest.starts_with("*/")) {
      *in_comment = false;
      i += 2;
      continue;
    }
    return Refuse("text the lexer skipped", fmt::format("at offset {}: {}", i, Excerpt(text, i)));
  }
  return Status::Ok();
}

// Lexes `text` as a server would and applies the lexical rules. `gate` adds the rules for what is
// sent as is: no `;`, no placeholders, no quote escaped with a backslash, no `"name"(`.
Result<Scan> ScanTokens(std::string_view text, bool ansi_quotes, bool gate) {
  Scan scan;
  const std::vector<Token> tokens =
      parser::Tokenize(text, LexerOptions{.ansi_quotes = ansi_quotes, .keep_comments = true});
  size_t pos = 0;
  bool in_comment = false;            // inside /*! … */
  bool double_quoted_before = false;  // the last token (not a comment) was quoted with "
  for (size_t i = 0;; ++i) {
    const Token t = i < tokens.size() ? tokens[i] : Token{};  // kEnd after the last
    const size_t gap_end = t.kind == TokenKind::kEnd ? text.size() : t.offset;
    QADVISOR_RETURN_IF_ERROR(ScanGap(text, pos, std::max(pos, gap_end), &in_comment));
    if (t.kind == TokenKind::kEnd) break;
    pos = t.offset + t.length;
    const std::string_view tt = t.Text(text);
    switch (t.kind) {
      case TokenKind::kIllegal:
        return Refuse("a byte that cannot start a token",
                      fmt::format("at offset {}: {}", t.offset, Excerpt(text, t.offset)));
      case TokenKind::kUnterminated:
        return Refuse("an unterminated quote or comment",
                      fmt::format("at offset {}: {}", t.offset, Excerpt(text, t.offset)));
      default:
        break;
    }
    if (t.kind == TokenKind::kComment && (OpensExecutableComment(tt) || in_comment)) {
      return Refuse("an executable comment holds more than keywords",
                    fmt::format("at offset {}: {}", t.offset, Excerpt(text, t.offset)));
    }
    if (in_comment && !(t.kind == TokenKind::kIdentifier && IsCommentKeyword(tt))) {
      return Refuse("an executable comment holds more than keywords",
                    fmt::format("`{}` at offset {}; a server runs or skips /*! … */ by its version",
                                Excerpt(tt, 0), t.offset));
    }
    if (gate) {
      if (t.kind == TokenKind::kSemicolon) {
        return Refuse("holds more than one statement", fmt::format("`;` at offset {}", t.offset));
      }
      if (t.kind == TokenKind::kParam || t.kind == TokenKind::kNamedParam) {
        return Refuse("has placeholders",
                      fmt::format("`{}` at offset {}; fill them first", tt, t.offset));
      }
      char quote = 0;
      const std::string_view content =
          IsStringToken(t.kind) ? QuotedContent(tt, &quote) : std::string_view();
      // The server lexes the name of @`…` as an identifier, without backslash escapes, and the
      // name of @"…" as one under ANSI_QUOTES: a backslash in a quoted variable name is refused.
      if (t.kind == TokenKind::kUserVariable && quote != 0 &&
          content.find('\\') != std::string_view::npos) {
        return Refuse("a quoted variable name holds a backslash",
                      fmt::format("at offset {}: {}; servers and sql_modes read it differently",
                                  t.offset, Excerpt(tt, 0)));
      }
      if ((quote == '\'' || quote == '"') &&
          BackslashEscapedQuote(content, quote) != std::string_view::npos) {
        return Refuse("a string escapes its quote with a backslash",
                      fmt::format("at offset {}: {}; under sql_mode NO_BACKSLASH_ESCAPES the "
                                  "string would end there",
                                  t.offset, Excerpt(tt, 0)));
      }
      if (t.kind == TokenKind::kQuotedIdentifier && tt.starts_with('"') &&
          tt.find('\\') != std::string_view::npos) {
        return Refuse("a \"name\" holds a backslash",
                      fmt::format("at offset {}: {}; without ANSI_QUOTES it is a string where "
                                  "the backslash escapes",
                                  t.offset, Excerpt(tt, 0)));
      }
      if (t.kind == TokenKind::kLParen && double_quoted_before) {
        return Refuse("a \"name\" is called",
                      fmt::format("at offset {}; a function call with ANSI_QUOTES, a string "
                                  "without: the reading depends on sql_mode",
                                  t.offset));
      }
    }
    if (t.kind != TokenKind::kComment) {
      double_quoted_before =
          (t.kind == TokenKind::kString || t.kind == TokenKind::kQuotedIdentifier) &&
          tt.starts_with('"');
    }
    scan.tokens.push_back(t);
  }
  if (in_comment) return Refuse("an unterminated quote or comment", "an executable comment");
  return scan;
}

Status CheckBytes(std::string_view text) {
  if (text.size() > kMaxSafeStatementBytes) {
    return Refuse("statement too long",
                  fmt::format("{} bytes, the limit is {}", text.size(), kMaxSafeStatementBytes));
  }
  // Never legitimate outside a string, and a client library that takes a C string would send
  // only what is before it.
  if (const size_t nul = text.find('\0'); nul != std::string_view::npos) {
    return Refuse("holds a NUL byte", fmt::format("at offset {}", nul));
  }
  return Status::Ok();
}

// `text` with every quote escaped with a backslash in a '…' or "…" string written as a doubled
// quote: the same string with backslash escapes, and one that ends at the same place without.
std::string DoubleEscapedQuotes(std::string_view text, bool ansi_quotes) {
  std::string out;
  out.reserve(text.size());
  size_t pos = 0;
  for (const Token& t : parser::Tokenize(text, LexerOptions{.ansi_quotes = ansi_quotes})) {
    if (!IsStringToken(t.kind)) continue;
    const std::string_view tt = t.Text(text);
    char quote = 0;
    const std::string_view content = QuotedContent(tt, &quote);
    // Only strings: in @`…` a backslash is no escape (the gate refuses it there).
    if ((quote != '\'' && quote != '"') ||
        BackslashEscapedQuote(content, quote) == std::string_view::npos) {
      continue;
    }
    const size_t content_at = t.offset + static_cast<size_t>(content.data() - tt.data());
    out.append(text.substr(pos, content_at - pos));
    for (size_t i = 0; i < content.size(); ++i) {
      if (content[i] == '\\' && i + 1 < content.size()) {
        if (content[i + 1] == quote) {
          out += quote;
          out += quote;
        } else {
          out.append(content.substr(i, 2));
        }
        ++i;
        continue;
      }
      out += content[i];
    }
    pos = content_at + content.size();
  }
  out.append(text.substr(pos));
  return out;
}

// ---------------------------------------------------------------------------------------------
// The walk over a statement: INTO, locking clauses, calls, assignments

struct Denied {
  std::string_view name;
  std::string_view why;
};

// Functions that wait, lock, read files or change state (MySQL 8.0 Reference Manual,
// "Locking Functions", "Replication Functions", "Miscellaneous Functions"; MariaDB
// sequence functions; common UDFs). IS_FREE_LOCK / IS_USED_LOCK only look, LASTVAL only reads
// the session's last value: allowed.
constexpr Denied kDeniedFunctions[] = {
    {"BENCHMARK", "runs an expression over and over"},
    {"GET_LOCK", "takes a named lock"},
    {"LOAD_FILE", "reads a file on the server"},
    {"MASTER_GTID_WAIT", "waits for replication"},
    {"MASTER_POS_WAIT", "waits for replication"},
    {"NEXTVAL", "advances a sequence"},
    {"RELEASE_ALL_LOCKS", "releases named locks"},
    {"RELEASE_LOCK", "releases a named lock"},
    {"SETVAL", "sets a sequence"},
    {"SLEEP", "waits"},
    {"SOURCE_POS_WAIT", "waits for replication"},
    {"SQL_THREAD_WAIT_AFTER_GTIDS", "waits for replication"},
    {"WAIT_FOR_EXECUTED_GTID_SET", "waits for replication"},
    {"WAIT_UNTIL_SQL_THREAD_AFTER_GTIDS", "waits for replication"},
    {"WSREP_SYNC_WAIT_UPTO_GTID", "waits for Galera replication"},
};

// UDF families, by prefix: lib_mysqludf_sys (sys_exec, sys_eval, sys_set, sys_get) runs shell
// commands; the others administer the server (MySQL Enterprise and plugin functions).
constexpr Denied kDeniedPrefixes[] = {
    {"ASYNCHRONOUS_CONNECTION_FAILOVER_", "changes replication sources"},
    {"AUDIT_LOG_", "administers the audit log"},
    {"GEN_DICTIONARY_", "loads or drops a masking dictionary"},
    {"GROUP_REPLICATION_", "administers group replication"},
    {"KEYRING_", "reads or changes the keyring"},
    {"MASKING_DICTIONARY_", "changes a masking dictionary"},
    {"MYSQL_FIREWALL_", "administers the firewall"},
    {"SERVICE_", "takes or releases locking-service locks"},
    {"SET_FIREWALL_", "administers the firewall"},
    {"SYS_", "runs a shell command or touches the server's environment"},
    {"VERSION_TOKENS_", "sets or locks version tokens"},
};

// Why calling `name` (upper-case) must not happen, or empty.
std::string_view DeniedWhy(std::string_view name, size_t args) {
  for (const Denied& d : kDeniedFunctions) {
    if (d.name == name) return d.why;
  }
  for (const Denied& d : kDeniedPrefixes) {
    if (name.starts_with(d.name)) return d.why;
  }
  if (name == "LAST_INSERT_ID" && args > 0) return "sets what LAST_INSERT_ID() returns";
  return {};
}

class Walker {
 public:
  std::vector<const ast::Query*> locked;  // queries with a locking clause, outermost first
  std::string_view into;                  // the first INTO clause
  std::string denied;                     // "SLEEP() waits"
  const ast::Expr* assignment = nullptr;  // the first `:=`
  // Every function called, as written: (qualifier or empty, name).
  std::vector<std::pair<std::string, std::string>> calls;

  void WalkQuery(const ast::Query* q) {
    if (q == nullptr) return;
    if (q->lock != ast::LockMode::kNone) locked.push_back(q);
    if (!q->into.empty() && into.empty()) into = q->into;
    for (const ast::Cte& cte : q->with) WalkQuery(cte.query);
    WalkTerm(q->term);
    WalkOrder(q->order_by);
    WalkExpr(q->limit);
    WalkExpr(q->offset);
  }

  void WalkTable(const ast::TableRef* t) {
    if (t == nullptr) return;
    switch (t->kind) {
      case ast::TableRefKind::kTable:
        return;
      case ast::TableRefKind::kJoin: {
        const auto& j = t->As<ast::Join>();
        WalkTable(j.left);
        WalkTable(j.right);
        WalkExpr(j.on);
        return;
      }
      case ast::TableRefKind::kDerived:
        WalkQuery(t->As<ast::DerivedTable>().query);
        return;
      case ast::TableRefKind::kParens:
        for (const ast::TableRef* item : t->As<ast::ParenTables>().items) WalkTable(item);
        return;
      case ast::TableRefKind::kJsonTable:
        WalkExpr(t->As<ast::JsonTable>().expr);
        return;
    }
  }

  void WalkOrder(std::span<const ast::OrderItem> items) {
    for (const ast::OrderItem& item : items) WalkExpr(item.expr);
  }

  void WalkExpr(const ast::Expr* e) {
    if (e == nullptr) return;
    switch (e->kind) {
      case ast::ExprKind::kLiteral:
      case ast::ExprKind::kParam:
      case ast::ExprKind::kVariable:
      case ast::ExprKind::kColumn:
      case ast::ExprKind::kDefault:
        return;
      case ast::ExprKind::kUnary:
        return WalkExpr(e->As<ast::Unary>().operand);
      case ast::ExprKind::kBinary: {
        const auto& b = e->As<ast::Binary>();
        if (b.op == ast::BinaryOp::kAssign && assignment == nullptr) assignment = e;
        WalkExpr(b.left);
        return WalkExpr(b.right);
      }
      case ast::ExprKind::kIs:
        return WalkExpr(e->As<ast::Is>().operand);
      case ast::ExprKind::kBetween: {
        const auto& b = e->As<ast::Between>();
        WalkExpr(b.operand);
        WalkExpr(b.low);
        return WalkExpr(b.high);
      }
      case ast::ExprKind::kIn: {
        const auto& in = e->As<ast::In>();
        WalkExpr(in.operand);
        for (const ast::Expr* item : in.list) WalkExpr(item);
        return WalkQuery(in.subquery);
      }
      case ast::ExprKind::kLike: {
        const auto& l = e->As<ast::Like>();
        WalkExpr(l.operand);
        WalkExpr(l.pattern);
        return WalkExpr(l.escape);
      }
      case ast::ExprKind::kFunction:
        return WalkFunction(e->As<ast::Function>());
      case ast::ExprKind::kCase: {
        const auto& c = e->As<ast::Case>();
        WalkExpr(c.operand);
        for (const ast::When& w : c.whens) {
          WalkExpr(w.condition);
          WalkExpr(w.result);
        }
        return WalkExpr(c.otherwise);
      }
      case ast::ExprKind::kCast:
        return WalkExpr(e->As<ast::Cast>().operand);
      case ast::ExprKind::kInterval:
        return WalkExpr(e->As<ast::Interval>().value);
      case ast::ExprKind::kCollate:
        return WalkExpr(e->As<ast::Collate>().operand);
      case ast::ExprKind::kExists:
        return WalkQuery(e->As<ast::Exists>().query);
      case ast::ExprKind::kSubquery:
        return WalkQuery(e->As<ast::Subquery>().query);
      case ast::ExprKind::kRow:
        for (const ast::Expr* item : e->As<ast::Row>().items) WalkExpr(item);
        return;
      case ast::ExprKind::kMatch: {
        const auto& m = e->As<ast::Match>();
        for (const ast::Expr* c : m.columns) WalkExpr(c);
        return WalkExpr(m.against);
      }
      case ast::ExprKind::kSequenceValue:  // as NEXTVAL() and LASTVAL() (kDeniedFunctions)
        if (e->As<ast::SequenceValue>().next && denied.empty()) {
          denied = "NEXT VALUE FOR advances a sequence";
        }
        return;
      case ast::ExprKind::kEscape:
        return WalkExpr(e->As<ast::Escape>().expr);
    }
  }

 private:
  void WalkTerm(const ast::QueryTerm* t) {
    if (t == nullptr) return;
    if (t->select != nullptr) WalkSelect(*t->select);
    if (t->set_op != nullptr) {
      WalkTerm(t->set_op->left);
      WalkTerm(t->set_op->right);
    }
    WalkQuery(t->parens);
    if (t->values != nullptr) {
      for (const auto& row : t->values->rows) {
        for (const ast::Expr* e : row) WalkExpr(e);
      }
    }
  }

  void WalkSelect(const ast::Select& s) {
    if (!s.into.empty() && into.empty()) into = s.into;
    for (const ast::SelectItem& item : s.items) WalkExpr(item.expr);
    for (const ast::TableRef* t : s.from) WalkTable(t);
    WalkExpr(s.where);
    for (const ast::Expr* g : s.group_by) WalkExpr(g);
    WalkExpr(s.having);
    for (const ast::NamedWindow& w : s.windows) WalkWindow(w.spec);
  }

  void WalkWindow(const ast::WindowSpec* w) {
    if (w == nullptr) return;
    for (const ast::Expr* p : w->partition_by) WalkExpr(p);
    WalkOrder(w->order_by);
    WalkExpr(w->frame_start.offset);
    WalkExpr(w->frame_end.offset);
  }

  void WalkFunction(const ast::Function& f) {
    if (!f.name.parts.empty()) {
      const size_t n = f.name.parts.size();
      calls.emplace_back(n > 1 ? f.name.parts[n - 2].Value() : std::string(),
                         f.name.last().Value());
    }
    if (!f.name.parts.empty() && denied.empty()) {
      // The last part: `db.sleep(1)` is a stored function, but one named like this is refused too.
      const std::string name = UpperAscii(f.name.last().Value());
      const std::string_view why = DeniedWhy(name, f.args.size());
      if (!why.empty()) denied = fmt::format("{}() {}", name, why);
    }
    for (const ast::Expr* a : f.args) WalkExpr(a);
    WalkOrder(f.order_by);
    WalkExpr(f.separator);
    WalkWindow(f.over);
  }
};

// ---------------------------------------------------------------------------------------------
// Statements

// The one statement of a parse, or why there is not exactly one that parsed.
Result<const ast::Statement*> OnlyStatement(const parser::ParseResult& parsed) {
  for (const parser::Diagnostic& d : parsed.diagnostics()) {
    if (d.severity != parser::Severity::kError) continue;
    return ParseError(fmt::format("does not parse: {}:{}: {}", d.line, d.column, d.message));
  }
  if (parsed.statements().empty()) return Refuse("holds no statement", "only comments or nothing");
  if (parsed.statements().size() > 1) {
    return Refuse("holds more than one statement",
                  fmt::format("{} statements", parsed.statements().size()));
  }
  return parsed.statements().front();
}

// "TABLE" or "VALUES" when the query starts with that operand instead of a SELECT (MySQL 8.0.19
// TABLE t, VALUES ROW(…)), else "SELECT".
std::string QueryKindName(const ast::Query* q) {
  const ast::QueryTerm* t = q != nullptr ? q->term : nullptr;
  while (t != nullptr && t->select == nullptr) {
    if (t->table != nullptr) return "TABLE";
    if (t->values != nullptr) return "VALUES";
    t = t->set_op != nullptr ? t->set_op->left : t->parens != nullptr ? t->parens->term : nullptr;
  }
  return "SELECT";
}

// "CALL", "CREATE TABLE", "LOAD DATA", … for messages.
std::string KindName(const ast::Statement& s, std::string_view text) {
  switch (s.kind) {
    case ast::StatementKind::kSelect:
      return QueryKindName(s.As<ast::SelectStatement>().query);
    case ast::StatementKind::kInsert:
      return s.As<ast::InsertStatement>().replace ? "REPLACE" : "INSERT";
    case ast::StatementKind::kUpdate:
      return "UPDATE";
    case ast::StatementKind::kDelete:
      return "DELETE";
    case ast::StatementKind::kCreateTable:
      return "CREATE TABLE";
    case ast::StatementKind::kCreateIndex:
      return "CREATE INDEX";
    case ast::StatementKind::kAlterTable:
      return "ALTER TABLE";
    case ast::StatementKind::kDropTable:
      return "DROP TABLE";
    case ast::StatementKind::kDropIndex:
      return "DROP INDEX";
    case ast::StatementKind::kRenameTable:
      return "RENAME TABLE";
    case ast::StatementKind::kCreateDatabase:
      return "CREATE DATABASE";
    case ast::StatementKind::kUse:
      return "USE";
    case ast::StatementKind::kSet:
      return "SET";
    case ast::StatementKind::kCreateView:
      return "CREATE VIEW";
    case ast::StatementKind::kAlterView:
      return "ALTER VIEW";
    case ast::StatementKind::kDropView:
      return "DROP VIEW";
    case ast::StatementKind::kDropDatabase:
      return "DROP DATABASE";
    case ast::StatementKind::kCreateTrigger:
      return "CREATE TRIGGER";
    case ast::StatementKind::kCreateRoutine:
      return s.As<ast::CreateRoutineStatement>().routine == ast::RoutineKind::kProcedure
                 ? "CREATE PROCEDURE"
                 : "CREATE FUNCTION";
    case ast::StatementKind::kDropRoutine:
      switch (s.As<ast::DropRoutineStatement>().object) {
        case ast::RoutineObject::kTrigger:
          return "DROP TRIGGER";
        case ast::RoutineObject::kProcedure:
          return "DROP PROCEDURE";
        case ast::RoutineObject::kFunction:
          return "DROP FUNCTION";
      }
      break;
    case ast::StatementKind::kUnsupported:
      break;
  }
  std::string what = UpperAscii(s.As<ast::UnsupportedStatement>().what);
  // Two words where the first says little: CREATE PROCEDURE, LOAD DATA, SHOW TABLES, …
  for (std::string_view first : {"ALTER", "CREATE", "DROP", "LOAD", "SHOW", "START", "LOCK"}) {
    if (what != first) continue;
    const std::string_view rest = text.substr(s.span.offset, s.span.length);
    const std::vector<Token> first_two = parser::Tokenize(rest, {}, 2);
    if (first_two.size() == 2 && first_two[1].kind == TokenKind::kIdentifier) {
      what += " " + UpperAscii(first_two[1].Text(rest));
    }
  }
  return what;
}

bool IsVerifiable(ast::StatementKind kind) {
  return kind == ast::StatementKind::kSelect || kind == ast::StatementKind::kUpdate ||
         kind == ast::StatementKind::kDelete || kind == ast::StatementKind::kInsert;
}

Status NotVerified(const ast::Statement& s, std::string_view text) {
  const std::string kind = KindName(s, text);
  const char first = kind.empty() ? 'X' : kind.front();
  const bool vowel =
      (first == 'A' || first == 'E' || first == 'I' || first == 'O' || first == 'U') &&
      kind != "USE";
  return InvalidArgument(
      fmt::format("only SELECT, UPDATE, DELETE and INSERT … SELECT are verified; this is {} {}",
                  vowel ? "an" : "a", kind));
}

struct Range {
  size_t begin = 0;
  size_t end = 0;
};

// The locking clause of `q` (from FOR / LOCK to the end of the query; INTO, which MySQL allows
// after it, is refused anyway).
Result<Range> LockClause(std::string_view text, const ast::Query& q, bool ansi_quotes) {
  const size_t end = q.span.end();
  const size_t from = std::min<size_t>(q.term != nullptr ? q.term->span.end() : q.span.offset, end);
  const size_t at = FindTopLevelWord(text, from, end, {"FOR", "LOCK"}, ansi_quotes);
  if (at >= end) {
    return Status(
        StatusCode::kInternal,
        fmt::format("the locking clause of the query at offset {} was not found", q.span.offset));
  }
  return Range{at, end};
}

// Builds the rewritten statement from literal text and pieces of the original, leaving out the
// cut ranges (locking clauses). A piece ends with its last token: a trailing `-- comment` kept
// at the end of a piece would hide what is added after it.
class Builder {
 public:
  Builder(std::string_view text, std::vector<Range> cuts, bool ansi_quotes)
      : text_(text), cuts_(std::move(cuts)), ansi_quotes_(ansi_quotes) {
    std::sort(cuts_.begin(), cuts_.end(),
              [](const Range& a, const Range& b) { return a.begin < b.begin; });
  }

  void Add(std::string_view literal) { out_ += literal; }

  // text[begin, end) up to its last token; false when that is nothing.
  bool AddCode(size_t begin, size_t end) {
    end = CodeEnd(text_, begin, end, ansi_quotes_);
    size_t at = begin;
    for (const Range& c : cuts_) {
      if (c.end <= at || c.begin >= end) continue;
      if (c.begin > at) out_.append(text_.substr(at, c.begin - at));
      // `… k = 1 FOR UPDATE)` becomes `… k = 1)`; a line break stays (it may end a comment).
      while (!out_.empty() && (out_.back() == ' ' || out_.back() == '\t')) out_.pop_back();
      at = std::max(at, c.end);
    }
    if (at < end) out_.append(text_.substr(at, end - at));
    return end > begin;
  }

  std::string Take() {
    const std::string_view trimmed = TrimSpace(out_);
    return std::string(trimmed.substr(0, CodeEnd(trimmed, 0, trimmed.size(), ansi_quotes_)));
  }

 private:
  std::string_view text_;
  std::vector<Range> cuts_;
  bool ansi_quotes_;
  std::string out_;
};

std::string_view RefuseInto() { return "writes its result somewhere"; }

// The locking clauses to cut from the pieces `walker` walked. INTO is refused first: MySQL
// allows it after a locking clause (`… FOR UPDATE INTO @x`), and it must not go with the cut.
Result<std::vector<Range>> LockClauses(std::string_view text, const Walker& walker,
                                       bool ansi_quotes) {
  if (!walker.into.empty()) return Refuse(RefuseInto(), Excerpt(walker.into, 0, 60));
  std::vector<Range> cuts;
  for (const ast::Query* q : walker.locked) {
    QADVISOR_ASSIGN_OR_RETURN(Range r, LockClause(text, *q, ansi_quotes));
    cuts.push_back(r);
  }
  return cuts;
}

// A query (a SELECT statement's, or the source of an INSERT … SELECT) without its locking
// clauses.
Result<std::string> QueryText(std::string_view text, const ast::Query& q, size_t begin, size_t end,
                              bool ansi_quotes) {
  Walker walker;
  walker.WalkQuery(&q);
  QADVISOR_ASSIGN_OR_RETURN(std::vector<Range> cuts, LockClauses(text, walker, ansi_quotes));
  Builder b(text, std::move(cuts), ansi_quotes);
  b.AddCode(begin, end);
  return b.Take();
}

// UPDATE and DELETE: [WITH …] SELECT [hint] * FROM <refs> <WHERE … to the end>. `keyword` is
// UPDATE or DELETE; `refs_end` where the table references end (SET for an UPDATE).
Result<std::string> DmlAsSelect(std::string_view text, const ast::Statement& s,
                                std::string_view keyword, std::string_view hint,
                                std::span<const ast::Cte> with,
                                std::span<const ast::TableRef* const> tables,
                                const ast::Expr* where, std::span<const ast::OrderItem> order_by,
                                const ast::Expr* limit, bool ansi_quotes) {
  if (tables.empty()) return Status(StatusCode::kInternal, "a statement without tables");
  const size_t start = s.span.offset;
  const size_t end = CodeEnd(text, start, s.span.end(), ansi_quotes);
  const size_t verb = FindTopLevelWord(text, start, end, {keyword}, ansi_quotes);
  const size_t refs = tables.front()->span.offset;
  if (verb >= end || refs < verb) {
    return Status(StatusCode::kInternal, fmt::format("no {} keyword found", keyword));
  }
  // An UPDATE's references end at SET; then, for both, WHERE / ORDER BY / LIMIT run to the end.
  const size_t refs_end =
      keyword == "UPDATE"
          ? FindTopLevelWord(text, refs, end, {"SET"}, ansi_quotes)
          : FindTopLevelWord(text, refs, end, {"WHERE", "ORDER", "LIMIT"}, ansi_quotes);
  const size_t tail =
      FindTopLevelWord(text, refs_end, end, {"WHERE", "ORDER", "LIMIT"}, ansi_quotes);

  // Only the parts kept are walked for locking clauses to cut (a SET's subqueries go away).
  Walker walker;
  for (const ast::Cte& cte : with) walker.WalkQuery(cte.query);
  for (const ast::TableRef* t : tables) walker.WalkTable(t);
  walker.WalkExpr(where);
  walker.WalkOrder(order_by);
  walker.WalkExpr(limit);
  QADVISOR_ASSIGN_OR_RETURN(std::vector<Range> cuts, LockClauses(text, walker, ansi_quotes));

  Builder b(text, std::move(cuts), ansi_quotes);
  if (b.AddCode(start, verb)) b.Add(" ");  // WITH …
  b.Add("SELECT ");
  if (!hint.empty()) {
    b.Add(hint);
    b.Add(" ");
  }
  b.Add("* FROM ");
  b.AddCode(refs, refs_end);
  if (tail < end) {
    b.Add(" ");
    b.AddCode(tail, end);
  }
  return b.Take();
}

Result<RunnableQuery> Rewrite(std::string_view text, const ast::Statement& s,
                              const ParseOptions& options) {
  const bool ansi = options.ansi_quotes;
  RunnableQuery out;
  switch (s.kind) {
    case ast::StatementKind::kSelect: {
      // TABLE t and VALUES … are reads, but verify runs only what starts with SELECT.
      if (KindName(s, text) != "SELECT") return NotVerified(s, text);
      QADVISOR_ASSIGN_OR_RETURN(out.sql, QueryText(text, *s.As<ast::SelectStatement>().query,
                                                   s.span.offset, s.span.end(), ansi));
      return out;
    }
    case ast::StatementKind::kUpdate: {
      const auto& u = s.As<ast::UpdateStatement>();
      out.rewritten_from = "UPDATE";
      QADVISOR_ASSIGN_OR_RETURN(out.sql, DmlAsSelect(text, s, "UPDATE", u.hint, u.with, u.tables,
                                                     u.where, u.order_by, u.limit, ansi));
      return out;
    }
    case ast::StatementKind::kDelete: {
      const auto& d = s.As<ast::DeleteStatement>();
      out.rewritten_from = "DELETE";
      QADVISOR_ASSIGN_OR_RETURN(out.sql, DmlAsSelect(text, s, "DELETE", d.hint, d.with, d.tables,
                                                     d.where, d.order_by, d.limit, ansi));
      return out;
    }
    case ast::StatementKind::kInsert: {
      const auto& ins = s.As<ast::InsertStatement>();
      out.rewritten_from = ins.replace ? "REPLACE" : "INSERT";
      if (ins.query != nullptr) {
        QADVISOR_ASSIGN_OR_RETURN(out.sql, QueryText(text, *ins.query, ins.query->span.offset,
                                                     ins.query->span.end(), ansi));
        return out;
      }
      if (!ins.source_table.parts.empty()) {  // INSERT … TABLE t
        const ast::Ident& first = ins.source_table.parts.front();
        const ast::Ident& last = ins.source_table.parts.back();
        out.sql =
            fmt::format("SELECT * FROM {}",
                        text.substr(first.offset, last.offset + last.raw.size() - first.offset));
        return out;
      }
      return InvalidArgument(fmt::format("{} {} with {} reads nothing to index",
                                         ins.replace ? "a" : "an", out.rewritten_from,
                                         ins.set.empty() ? "VALUES" : "SET"));
    }
    default:
      return NotVerified(s, text);
  }
}

// Only comments may stand outside the statement `s` of `scan`.
Status CheckNothingOutside(std::string_view sql, const Scan& scan, const ast::Statement& s) {
  for (const Token& t : scan.tokens) {
    if (t.kind == TokenKind::kComment) continue;
    if (t.offset < s.span.offset || t.offset + t.length > s.span.end()) {
      return Refuse("text outside the statement",
                    fmt::format("at offset {}: {}", t.offset, Excerpt(sql, t.offset)));
    }
  }
  return Status::Ok();
}

// What the gate refuses wherever the walk found it: INTO, a locking clause, a call that must not
// run, an assignment.
Status CheckWalk(std::string_view sql, const Walker& walker) {
  if (!walker.into.empty()) {
    return Refuse(RefuseInto(), Excerpt(walker.into, 0, 60));
  }
  if (!walker.locked.empty()) {
    const ast::Query& q = *walker.locked.front();
    return Refuse("takes locks",
                  fmt::format("a locking clause in the query at offset {}", q.span.offset));
  }
  if (!walker.denied.empty()) return Refuse("calls a function that must not run", walker.denied);
  if (walker.assignment != nullptr) {
    return Refuse("assigns a variable",
                  Excerpt(sql, walker.assignment->span.offset,
                          std::min<size_t>(walker.assignment->span.length, 60)));
  }
  return Status::Ok();
}

// One reading of the gate: lexical rules, one SELECT, nothing outside it, and the walk.
Status CheckReading(std::string_view sql, const ParseOptions& options) {
  QADVISOR_ASSIGN_OR_RETURN(Scan scan, ScanTokens(sql, options.ansi_quotes, /*gate=*/true));
  const parser::ParseResult parsed = parser::Parse(sql, options);
  QADVISOR_ASSIGN_OR_RETURN(const ast::Statement* s, OnlyStatement(parsed));
  if (s->kind != ast::StatementKind::kSelect || KindName(*s, parsed.text()) != "SELECT") {
    return Refuse("not a SELECT", fmt::format("this is {}", KindName(*s, parsed.text())));
  }
  QADVISOR_RETURN_IF_ERROR(CheckNothingOutside(sql, scan, *s));
  Walker walker;
  walker.WalkQuery(s->As<ast::SelectStatement>().query);
  return CheckWalk(sql, walker);
}

// Every part of a write: its table references, values, SET, WHERE, ORDER BY, LIMIT, CTEs, the
// query of an INSERT … SELECT and ON DUPLICATE KEY UPDATE.
void WalkWrite(Walker& walker, const ast::Statement& s) {
  const auto assignments = [&](std::span<const ast::Assignment> set) {
    for (const ast::Assignment& a : set) walker.WalkExpr(a.value);
  };
  switch (s.kind) {
    case ast::StatementKind::kInsert: {
      const auto& ins = s.As<ast::InsertStatement>();
      for (const std::span<const ast::Expr* const> row : ins.rows) {
        for (const ast::Expr* e : row) walker.WalkExpr(e);
      }
      assignments(ins.set);
      walker.WalkQuery(ins.query);
      assignments(ins.on_duplicate);
      return;
    }
    case ast::StatementKind::kUpdate: {
      const auto& u = s.As<ast::UpdateStatement>();
      for (const ast::Cte& cte : u.with) walker.WalkQuery(cte.query);
      for (const ast::TableRef* t : u.tables) walker.WalkTable(t);
      assignments(u.set);
      walker.WalkExpr(u.where);
      walker.WalkOrder(u.order_by);
      walker.WalkExpr(u.limit);
      return;
    }
    case ast::StatementKind::kDelete: {
      const auto& d = s.As<ast::DeleteStatement>();
      for (const ast::Cte& cte : d.with) walker.WalkQuery(cte.query);
      for (const ast::TableRef* t : d.tables) walker.WalkTable(t);
      walker.WalkExpr(d.where);
      walker.WalkOrder(d.order_by);
      walker.WalkExpr(d.limit);
      return;
    }
    default:
      return;
  }
}

// The write gate: lexical rules, one INSERT / REPLACE / UPDATE / DELETE, nothing outside it, and
// the walk over all of it.
Result<RunnableWrite> CheckWriting(std::string_view sql, const ParseOptions& options) {
  QADVISOR_ASSIGN_OR_RETURN(Scan scan, ScanTokens(sql, options.ansi_quotes, /*gate=*/true));
  const parser::ParseResult parsed = parser::Parse(sql, options);
  QADVISOR_ASSIGN_OR_RETURN(const ast::Statement* s, OnlyStatement(parsed));
  if (s->kind != ast::StatementKind::kInsert && s->kind != ast::StatementKind::kUpdate &&
      s->kind != ast::StatementKind::kDelete) {
    return Refuse("not a write", fmt::format("this is {}", KindName(*s, parsed.text())));
  }
  QADVISOR_RETURN_IF_ERROR(CheckNothingOutside(sql, scan, *s));
  // MySQL 8.0 Reference Manual 15.2.7.3, "INSERT DELAYED Statement": where a server still honours
  // DELAYED, a handler thread of its own inserts the rows, outside the caller's transaction.
  if (s->kind == ast::StatementKind::kInsert &&
      (s->As<ast::InsertStatement>().options & ast::kDmlDelayed) != 0) {
    return Refuse("runs outside the transaction", "INSERT DELAYED is queued to a server thread");
  }
  Walker walker;
  WalkWrite(walker, *s);
  QADVISOR_RETURN_IF_ERROR(CheckWalk(sql, walker));
  RunnableWrite out;
  out.sql = std::string(sql);
  out.kind = KindName(*s, parsed.text());
  out.calls = std::move(walker.calls);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Time limits

// Seconds made a usable limit: positive, at most a year (MariaDB's max_statement_time maximum).
double ClampSeconds(double seconds) {
  constexpr double kMin = 0.001, kMax = 31536000;
  if (!(seconds >= kMin)) return kMin;  // also NaN
  return std::min(seconds, kMax);
}

std::string MariaDbLimit(double seconds) {
  const double s = std::round(ClampSeconds(seconds) * 1000) / 1000;
  return fmt::format("SET STATEMENT max_statement_time={} FOR ", s);
}

long long Milliseconds(double seconds) {
  return std::max<long long>(1, std::llround(ClampSeconds(seconds) * 1000));
}

// The offset of the SELECT keyword of the statement's first query block (the main query's, not a
// CTE's), or npos.
size_t FirstSelectKeyword(std::string_view select) {
  const parser::ParseResult parsed = parser::Parse(select);
  if (parsed.statements().size() == 1 &&
      parsed.statements().front()->kind == ast::StatementKind::kSelect) {
    const ast::Query* q = parsed.statements().front()->As<ast::SelectStatement>().query;
    const ast::QueryTerm* t = q != nullptr ? q->term : nullptr;
    while (t != nullptr && t->select == nullptr) {
      t = t->set_op != nullptr ? t->set_op->left : t->parens != nullptr ? t->parens->term : nullptr;
    }
    if (t != nullptr) {
      const std::string_view block = select.substr(t->select->span.offset);
      const std::vector<Token> first = parser::Tokenize(block, {}, 1);
      if (!first.empty() && IsWord(block, first[0], "SELECT")) {
        return t->select->span.offset + first[0].offset;
      }
    }
  }
  // Not one SELECT we can parse (the caller should not have one): the first SELECT word.
  for (const Token& t : parser::Tokenize(select)) {
    if (IsWord(select, t, "SELECT")) return t.offset;
  }
  return std::string_view::npos;
}

// The items of a hint's content without MAX_EXECUTION_TIME(…) and SET_VAR(max_execution_time …).
// Each item removed leaves a space: the text on both sides must not touch, or the `*` and `/` of
// `*MAX_EXECUTION_TIME(1)/` would make a `*/` that ends our hint early and turns the rest of the
// old hint into SQL the gate never saw: `SELECT /*+ *MAX_EXECUTION_TIME(1)/ 1, GET_LOCK('a', 0)
// /* */ x` would become `SELECT /*+ MAX_EXECUTION_TIME(1000) */ 1, GET_LOCK('a', 0) /* */ x`.
// The content holds no `*/` (the server ends a hint at the first one, even inside quotes: its
// hint scanner refuses `*/` in a quoted name), and a space cannot make one.
std::string WithoutTimeHints(std::string_view content) {
  std::string out;
  const std::vector<Token> tokens = parser::Tokenize(content);
  size_t pos = 0;
  for (size_t i = 0; i + 1 < tokens.size(); ++i) {
    const bool max_time = IsWord(content, tokens[i], "MAX_EXECUTION_TIME");
    const bool set_var = IsWord(content, tokens[i], "SET_VAR") && i + 2 < tokens.size() &&
                         IsWord(content, tokens[i + 2], "MAX_EXECUTION_TIME");
    if ((!max_time && !set_var) || tokens[i + 1].kind != TokenKind::kLParen) continue;
    size_t j = i + 1;
    for (int depth = 0; j < tokens.size(); ++j) {
      if (tokens[j].kind == TokenKind::kLParen) ++depth;
      if (tokens[j].kind == TokenKind::kRParen && --depth == 0) break;
    }
    out.append(content.substr(pos, tokens[i].offset - pos));
    out += ' ';
    pos = j < tokens.size() ? tokens[j].offset + tokens[j].length : content.size();
    i = j;
  }
  out.append(content.substr(std::min(pos, content.size())));
  return std::string(TrimSpace(out));
}

std::string MySqlWithLimit(std::string_view select, double seconds) {
  const std::string hint = fmt::format("MAX_EXECUTION_TIME({})", Milliseconds(seconds));
  const size_t at = FirstSelectKeyword(select);
  if (at == std::string_view::npos) return std::string(select);
  const size_t after = at + 6;  // SELECT
  const std::vector<Token> first_two = parser::Tokenize(select.substr(at), {}, 2);
  const Token next = first_two.size() == 2 ? first_two[1] : Token{};
  if (next.kind == TokenKind::kHint && next.length >= 5) {
    const size_t hint_at = at + next.offset;
    const std::string_view old = select.substr(hint_at, next.length);  // /*+ … */
    const std::string rest = WithoutTimeHints(old.substr(3, old.size() - 5));
    return fmt::format("{}/*+ {}{}{} */{}", select.substr(0, hint_at), hint,
                       rest.empty() ? "" : " ", rest, select.substr(hint_at + next.length));
  }
  return fmt::format("{} /*+ {} */{}", select.substr(0, after), hint, select.substr(after));
}

}  // namespace

Result<RunnableQuery> ToReadOnlySelect(std::string_view statement, const ParseOptions& options) {
  QADVISOR_RETURN_IF_ERROR(CheckBytes(statement));
  const std::string text = DoubleEscapedQuotes(statement, options.ansi_quotes);
  const Status lexical = ScanTokens(text, options.ansi_quotes, /*gate=*/false).status();
  const parser::ParseResult parsed = parser::Parse(text, options);
  if (!lexical.ok()) {
    // `/*!40101 SET NAMES utf8 */` is better refused as the SET it is.
    if (parsed.statements().size() == 1 && !IsVerifiable(parsed.statements()[0]->kind)) {
      return NotVerified(*parsed.statements()[0], parsed.text());
    }
    return lexical;
  }
  QADVISOR_ASSIGN_OR_RETURN(const ast::Statement* s, OnlyStatement(parsed));
  QADVISOR_ASSIGN_OR_RETURN(RunnableQuery out, Rewrite(parsed.text(), *s, options));
  QADVISOR_RETURN_IF_ERROR(CheckReadOnlySelect(out.sql, options));
  return out;
}

Status CheckReadOnlySelect(std::string_view sql, const ParseOptions& options) {
  QADVISOR_RETURN_IF_ERROR(CheckBytes(sql));
  return CheckReading(sql, options);
}

Result<RunnableWrite> ToWrite(std::string_view statement, const ParseOptions& options) {
  QADVISOR_RETURN_IF_ERROR(CheckBytes(statement));
  return CheckWrite(DoubleEscapedQuotes(statement, options.ansi_quotes), options);
}

Result<RunnableWrite> CheckWrite(std::string_view sql, const ParseOptions& options) {
  QADVISOR_RETURN_IF_ERROR(CheckBytes(sql));
  return CheckWriting(sql, options);
}

std::string FillPlaceholders(std::string_view text, std::vector<size_t>* generic) {
  const std::vector<Token> tokens = parser::Tokenize(text);
  auto kind_at = [&](size_t i) { return i < tokens.size() ? tokens[i].kind : TokenKind::kEnd; };
  auto word_at = [&](size_t i, std::string_view w) {
    return i < tokens.size() && IsWord(text, tokens[i], w);
  };

  std::string out;
  out.reserve(text.size() + 16);
  size_t pos = 0;
  for (size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    // `(...)`: three dots, touching, between parentheses.
    if (t.kind == TokenKind::kLParen && kind_at(i + 1) == TokenKind::kDot &&
        kind_at(i + 2) == TokenKind::kDot && kind_at(i + 3) == TokenKind::kDot &&
        kind_at(i + 4) == TokenKind::kRParen && tokens[i + 3].offset == tokens[i + 1].offset + 2) {
      out.append(text.substr(pos, tokens[i + 1].offset - pos));
      if (generic != nullptr) generic->push_back(out.size());
      out += "'1'";
      pos = tokens[i + 4].offset;
      i += 3;
      continue;
    }
    if (t.kind != TokenKind::kParam) continue;
    out.append(text.substr(pos, t.offset - pos));
    pos = t.offset + t.length;
    const bool after_limit = i >= 1 && word_at(i - 1, "LIMIT");
    // The count of `LIMIT offset, ?`.
    const bool limit_count =
        i >= 3 && kind_at(i - 1) == TokenKind::kComma &&
        (kind_at(i - 2) == TokenKind::kParam || kind_at(i - 2) == TokenKind::kNumber) &&
        word_at(i - 3, "LIMIT");
    if (after_limit) {
      out += kind_at(i + 1) == TokenKind::kComma ? "0" : "10";
    } else if (limit_count) {
      out += "10";
    } else if (i >= 1 && word_at(i - 1, "OFFSET")) {
      out += "0";
    } else if (i >= 1 && word_at(i - 1, "INTERVAL")) {
      out += "1";
    } else {
      if (generic != nullptr) generic->push_back(out.size());
      out += "'1'";
    }
  }
  out.append(text.substr(pos));
  return out;
}

std::string WithTimeLimit(std::string_view select, bool mariadb, double seconds) {
  if (mariadb) return MariaDbLimit(seconds) + std::string(select);
  return MySqlWithLimit(select, seconds);
}

std::string WriteWithTimeLimit(std::string_view write, double seconds) {
  return MariaDbLimit(seconds) + std::string(write);
}

std::string ExplainStatement(std::string_view select, bool mariadb, bool analyze,
                             std::optional<double> time_limit_seconds) {
  if (mariadb) {
    const std::string prefix = time_limit_seconds ? MariaDbLimit(*time_limit_seconds) : "";
    return fmt::format("{}{} FORMAT=JSON {}", prefix, analyze ? "ANALYZE" : "EXPLAIN", select);
  }
  const std::string limited =
      time_limit_seconds ? MySqlWithLimit(select, *time_limit_seconds) : std::string(select);
  return fmt::format("{} {}", analyze ? "EXPLAIN ANALYZE" : "EXPLAIN FORMAT=JSON", limited);
}

std::string HexLiteral(std::string_view text) {
  std::string hex;
  for (const unsigned char c : text) hex += fmt::format("{:02X}", c);
  return "_utf8mb4 X'" + hex + "'";
}

}  // namespace qadvisor::connectors
