// The user's schema created on a sandbox server: CreateSchema and the classification of each
// statement of a script (see datagen.h).
#include <fmt/format.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/ascii.h"
#include "connectors/datagen.h"
#include "connectors/datagen_internal.h"
#include "parser/keywords.h"
#include "parser/parser.h"
#include "parser/splitter.h"

namespace qadvisor::connectors {
namespace datagen_internal {

// The value of a session variable, to restore it afterwards.
Result<std::string> SessionVariable(Session& session, std::string_view name) {
  QADVISOR_ASSIGN_OR_RETURN(Session::Rows rows,
                            session.Query(fmt::format("SELECT @@SESSION.{}", name)));
  if (rows.values.empty() || rows.values[0].empty()) {
    return Status(StatusCode::kInternal, fmt::format("@@SESSION.{}: no value", name));
  }
  return rows.values[0][0];
}

}  // namespace datagen_internal

namespace {

using datagen_internal::SessionVariable;
using parser::EqualsIgnoreCase;
using parser::LowerAscii;

// Whether a statement creates, changes or drops a database, a table or an index, by the verb
// and object the parser read at its head: run even when the parser does not model the rest
// (CREATE OR REPLACE TABLE, syntax it does not know): the server decides whether it is valid.
bool IsSchemaDdl(const parser::ast::StatementHead& head) {
  using parser::ast::ObjectKind;
  using parser::ast::Verb;
  return (head.verb == Verb::kCreate || head.verb == Verb::kAlter || head.verb == Verb::kDrop) &&
         (head.object == ObjectKind::kTable || head.object == ObjectKind::kIndex ||
          head.object == ObjectKind::kDatabase);
}

// Statements the sandbox does not need and that are not worth a note each: transactions,
// locks, maintenance, SHOW, DO, CALL, LOAD, HANDLER.
bool IsQuietlySkipped(parser::ast::Verb verb) {
  using parser::ast::Verb;
  switch (verb) {
    case Verb::kLock:
    case Verb::kUnlock:
    case Verb::kStart:
    case Verb::kBegin:
    case Verb::kCommit:
    case Verb::kRollback:
    case Verb::kSavepoint:
    case Verb::kFlush:
    case Verb::kAnalyze:
    case Verb::kOptimize:
    case Verb::kShow:
    case Verb::kDo:
    case Verb::kCall:
    case Verb::kLoad:
    case Verb::kHandler:
      return true;
    default:
      return false;
  }
}

std::string Excerpt(std::string_view text) {
  std::string out;
  for (char c : text) {
    const bool space = base::IsSpace(c);
    if (space && (out.empty() || out.back() == ' ')) continue;
    out += space ? ' ' : c;
    if (out.size() >= 48) return out + "…";
  }
  return out;
}

bool Unqualified(const parser::ast::Name& name) { return name.parts.size() < 2; }

using Action = SchemaAction;
using Classified = SchemaStatement;

Classified Classify(std::string_view text) {
  namespace ast = parser::ast;
  const parser::ParseResult parsed = parser::Parse(text);
  Classified c;
  if (parsed.ok() && parsed.statements().empty()) return c;  // comments only
  if (!parsed.ok() || parsed.statements().size() != 1) {
    if (const ast::StatementHead head = parser::ReadHead(text); IsSchemaDdl(head)) {
      c.action = Action::kRun;
      c.needs_database = head.object != ast::ObjectKind::kDatabase;
      return c;
    }
    c.action = Action::kSkipNoted;
    c.why = parsed.diagnostics().empty() ? "not one statement"
                                         : "does not parse: " + parsed.diagnostics()[0].message;
    return c;
  }
  const ast::Statement& s = *parsed.statements()[0];
  switch (s.kind) {
    case ast::StatementKind::kCreateDatabase:
      c.action = Action::kRun;
      return c;
    case ast::StatementKind::kUse:
      c.action = Action::kUse;
      c.use = s.As<ast::UseStatement>().database.Value();
      return c;
    case ast::StatementKind::kCreateTable:
      c.action = Action::kRun;
      c.needs_database = Unqualified(s.As<ast::CreateTableStatement>().table);
      return c;
    case ast::StatementKind::kAlterTable:
      c.action = Action::kRun;
      c.needs_database = Unqualified(s.As<ast::AlterTableStatement>().table);
      return c;
    case ast::StatementKind::kCreateIndex:
      c.action = Action::kRun;
      c.needs_database = Unqualified(s.As<ast::CreateIndexStatement>().table);
      return c;
    case ast::StatementKind::kDropIndex:
      c.action = Action::kRun;
      c.needs_database = Unqualified(s.As<ast::DropIndexStatement>().table);
      return c;
    case ast::StatementKind::kRenameTable:
      c.action = Action::kRun;
      for (const ast::RenamePair& pair : s.As<ast::RenameTableStatement>().pairs) {
        c.needs_database = c.needs_database || Unqualified(pair.from) || Unqualified(pair.to);
      }
      return c;
    case ast::StatementKind::kDropTable:
      c.action = Action::kRun;
      for (const ast::Name& name : s.As<ast::DropTableStatement>().tables) {
        c.needs_database = c.needs_database || Unqualified(name);
      }
      return c;
    case ast::StatementKind::kInsert:
    case ast::StatementKind::kUpdate:
    case ast::StatementKind::kDelete:
      c.action = Action::kSkipData;
      return c;
    case ast::StatementKind::kSelect:
    case ast::StatementKind::kSet:
      return c;
    case ast::StatementKind::kDropDatabase:  // it names its database
      c.action = Action::kRun;
      return c;
    case ast::StatementKind::kCreateView:
    case ast::StatementKind::kAlterView:
    case ast::StatementKind::kDropView:
    case ast::StatementKind::kCreateTrigger:
    case ast::StatementKind::kCreateRoutine:
    case ast::StatementKind::kDropRoutine:
      c.action = Action::kSkipNoted;
      c.why = "the sandbox needs tables and indexes only";
      return c;
    case ast::StatementKind::kUnsupported: {
      const ast::StatementHead& head = s.As<ast::UnsupportedStatement>().head;
      if (IsSchemaDdl(head)) {
        c.action = Action::kRun;
        // DROP DATABASE / SCHEMA (and ALTER DATABASE) name their database; a table needs one.
        c.needs_database = head.object != ast::ObjectKind::kDatabase;
        return c;
      }
      if (IsQuietlySkipped(head.verb)) return c;
      c.action = Action::kSkipNoted;
      c.why = "the sandbox needs tables and indexes only";
      return c;
    }
  }
  return c;
}

// The server's collation names, lower-case; empty when it cannot tell (then the fallbacks of
// ReplaceMysql8Collations are used unchecked).
std::vector<std::string> ServerCollations(Session& session) {
  // MariaDB 10.10+ lists utf8mb4_uca1400_* only under FULL_COLLATION_NAME.
  auto rows = session.Query(
      "SELECT FULL_COLLATION_NAME FROM information_schema.COLLATION_CHARACTER_SET_APPLICABILITY");
  if (!rows.ok()) rows = session.Query("SELECT COLLATION_NAME FROM information_schema.COLLATIONS");
  std::vector<std::string> names;
  if (!rows.ok()) return names;
  for (const std::vector<std::string>& row : rows->values) {
    if (!row.empty()) names.push_back(LowerAscii(row[0]));
  }
  return names;
}

}  // namespace

Status CreateSchema(Session& session,
                    const std::vector<std::pair<std::string, std::string>>& scripts,
                    std::vector<std::string>* notes) {
  std::vector<std::string> ignored;
  std::vector<std::string>& out = notes != nullptr ? *notes : ignored;
  QADVISOR_ASSIGN_OR_RETURN(const std::string fk_checks,
                            SessionVariable(session, "foreign_key_checks"));
  QADVISOR_ASSIGN_OR_RETURN(const std::string sql_mode, SessionVariable(session, "sql_mode"));
  // Permissive, as an old dump needs: an engine this server lacks becomes its default one (a
  // warning, noted below), and zero dates in DEFAULT clauses are accepted.
  QADVISOR_RETURN_IF_ERROR(session.Execute("SET SESSION foreign_key_checks=0, sql_mode=''"));

  std::optional<std::vector<std::string>> collations;  // read when first needed
  struct Replacement {
    std::string to;
    std::string first_seen;
  };
  std::map<std::string, Replacement> replacements;
  std::string current_database;  // set by USE, or by us

  auto run = [&]() -> Status {
    for (const auto& [file, text] : scripts) {
      size_t data_statements = 0;
      for (const parser::StatementText& piece : parser::SplitStatements(text)) {
        const std::string where = fmt::format("{}:{}", file, piece.token_line);
        const Classified c = Classify(piece.text);
        switch (c.action) {
          case Action::kSkipQuiet:
            continue;
          case Action::kSkipData:
            ++data_statements;
            continue;
          case Action::kSkipNoted:
            out.push_back(fmt::format("{}: skipped `{}`: {}", where, Excerpt(piece.text), c.why));
            continue;
          case Action::kUse:
          case Action::kRun:
            break;
        }
        if (c.action == Action::kRun && c.needs_database && current_database.empty()) {
          QADVISOR_RETURN_IF_ERROR(session.Execute(fmt::format(
              "CREATE DATABASE IF NOT EXISTS {}", analyzer::QuoteIdentifier(kSandboxDatabase))));
          QADVISOR_RETURN_IF_ERROR(
              session.Execute(fmt::format("USE {}", analyzer::QuoteIdentifier(kSandboxDatabase))));
          current_database = kSandboxDatabase;
          out.push_back(
              fmt::format("{}: a table statement names no database and no USE came before: created "
                          "database `{}` and using it",
                          where, kSandboxDatabase));
        }
        std::string sql(piece.text);
        if (LowerAscii(sql).find("_0900_") != std::string::npos) {
          if (!collations) collations = ServerCollations(session);
          std::map<std::string, std::string> replaced;
          sql = ReplaceMysql8Collations(sql, *collations, &replaced);
          for (const auto& [from, to] : replaced)
            replacements.try_emplace(from, Replacement{to, where});
        }
        const Status status = session.Execute(sql);
        if (!status.ok()) {
          // A statement this server refuses costs the tables it makes, not the whole run —
          // unless it is the USE the rest depends on, or the server is gone.
          if (c.action == Action::kUse || session.connection_lost()) {
            return Status(status.code(), fmt::format("{}: {}", where, status.message()));
          }
          out.push_back(fmt::format("{}: the sandbox refused `{}`: {}", where, Excerpt(piece.text),
                                    status.message()));
          continue;
        }
        if (Result<Session::Rows> warnings = session.Query("SHOW WARNINGS"); warnings.ok()) {
          for (const std::vector<std::string>& w : warnings->values) {
            if (w.size() >= 3 && w[1] == "1266") {  // "Using storage engine InnoDB for table"
              out.push_back(fmt::format("{}: {}", where, w[2]));
            }
          }
        }
        if (c.action == Action::kUse) current_database = c.use;
      }
      if (data_statements > 0) {
        out.push_back(fmt::format(
            "{}: {} data statement(s) (INSERT, UPDATE, DELETE) not run: the sandbox generates "
            "its own rows",
            file, data_statements));
      }
    }
    return Status::Ok();
  };
  const Status status = run();
  for (const auto& [from, r] : replacements) {
    out.push_back(fmt::format(
        "collation {} (first at {}) is MySQL 8 only and MariaDB does not have it: using {}", from,
        r.first_seen, r.to));
  }
  // Restore the session's setting even when a statement failed; the first error wins.
  const Status restored = session.Execute(fmt::format(
      "SET SESSION foreign_key_checks={}, sql_mode={}", fk_checks, SqlString(sql_mode)));
  QADVISOR_RETURN_IF_ERROR(status);
  return restored;
}

SchemaStatement ClassifySchemaStatement(std::string_view statement) { return Classify(statement); }

}  // namespace qadvisor::connectors
