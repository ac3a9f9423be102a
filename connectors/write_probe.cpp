// Writes timed inside transactions that are rolled back (see write_probe.h).
#include "connectors/write_probe.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <set>
#include <utility>

#include "parser/keywords.h"

namespace qadvisor::connectors {
namespace {

namespace ast = parser::ast;
using parser::EqualsIgnoreCase;

// A table reference of an UPDATE or DELETE that names a table: its name and the name the
// statement gives it (its alias, else its own name).
struct NamedRef {
  const ast::TableName* ref;
  std::string alias;
};

// The named tables of `refs`, joins and parentheses opened; derived tables and CTEs (`with`)
// left out: neither can be written.
void NamedRefs(const ast::TableRef* t, std::span<const ast::Cte> with, std::vector<NamedRef>& out) {
  if (t == nullptr) return;
  switch (t->kind) {
    case ast::TableRefKind::kTable: {
      const auto& name = t->As<ast::TableName>();
      const std::string last = name.name.last().Value();
      const bool cte = name.name.parts.size() == 1 &&
                       std::any_of(with.begin(), with.end(), [&](const ast::Cte& c) {
                         return EqualsIgnoreCase(c.name.Value(), last);
                       });
      if (!cte) out.push_back({&name, name.alias.empty() ? last : name.alias.Value()});
      return;
    }
    case ast::TableRefKind::kJoin: {
      const auto& j = t->As<ast::Join>();
      NamedRefs(j.left, with, out);
      NamedRefs(j.right, with, out);
      return;
    }
    case ast::TableRefKind::kParens:
      for (const ast::TableRef* item : t->As<ast::ParenTables>().items) {
        NamedRefs(item, with, out);
      }
      return;
    case ast::TableRefKind::kDerived:
    case ast::TableRefKind::kJsonTable:
      return;
  }
}

class Resolver {
 public:
  Resolver(const analyzer::Catalog& catalog, std::string_view database)
      : catalog_(catalog), database_(database) {}

  void Add(const ast::Name& name) {
    WrittenTable w;
    w.database = name.parts.size() > 1 ? name.parts[name.parts.size() - 2].Value() : database_;
    w.name = name.last().Value();
    for (const WrittenTable& seen : out_) {
      if (seen.database == w.database && seen.name == w.name) return;
    }
    w.table = catalog_.FindTable(w.database, w.name);
    out_.push_back(std::move(w));
  }

  // The refs whose alias is `alias`, or every ref when none is.
  std::vector<const NamedRef*> ByAlias(const std::vector<NamedRef>& refs, std::string_view alias) {
    std::vector<const NamedRef*> found;
    for (const NamedRef& r : refs) {
      if (EqualsIgnoreCase(r.alias, alias)) found.push_back(&r);
    }
    if (found.empty()) {
      for (const NamedRef& r : refs) found.push_back(&r);
    }
    return found;
  }

  // The refs that the unqualified column `column` can belong to: the one table of the catalog's
  // that has it, else (unknown tables, or more than one has it) every ref.
  std::vector<const NamedRef*> ByColumn(const std::vector<NamedRef>& refs,
                                        std::string_view column) {
    std::vector<const NamedRef*> found;
    for (const NamedRef& r : refs) {
      const ast::Name& n = r.ref->name;
      const analyzer::Table* t = catalog_.FindTable(
          n.parts.size() > 1 ? n.parts[n.parts.size() - 2].Value() : database_, n.last().Value());
      if (t != nullptr && t->FindColumn(column) != nullptr) found.push_back(&r);
    }
    if (found.size() != 1) {
      found.clear();
      for (const NamedRef& r : refs) found.push_back(&r);
    }
    return found;
  }

  std::vector<WrittenTable> Take() { return std::move(out_); }

 private:
  const analyzer::Catalog& catalog_;
  std::string database_;
  std::vector<WrittenTable> out_;
};

// The value of the first column of the first row, or empty.
std::string First(const Session::Rows& rows) {
  return rows.values.empty() || rows.values[0].empty() ? std::string() : rows.values[0][0];
}

// The refusal for one table the write changes, or empty.
Result<std::string> TableRefusal(Session& session, const WrittenTable& w,
                                 const std::string& grantee) {
  const std::string table = fmt::format("{}.{}", analyzer::QuoteIdentifier(w.database),
                                        analyzer::QuoteIdentifier(w.name));
  QADVISOR_ASSIGN_OR_RETURN(
      Session::Rows found,
      session.Query(fmt::format("SELECT TABLE_TYPE, ENGINE FROM information_schema.TABLES WHERE "
                                "TABLE_SCHEMA = {} AND TABLE_NAME = {}",
                                HexLiteral(w.database), HexLiteral(w.name))));
  if (found.values.empty()) return fmt::format("{} is not on the server", table);
  for (const std::vector<std::string>& row : found.values) {
    if (row.size() < 2) continue;
    if (row[0] != "BASE TABLE") {
      return fmt::format("{} is a {}, not a base table", table, parser::LowerAscii(row[0]));
    }
    if (!EqualsIgnoreCase(row[1], "InnoDB")) {
      return fmt::format("{} is {}, not InnoDB: a rollback would not undo the write", table,
                         row[1].empty() ? "of no engine" : row[1]);
    }
  }
  // information_schema.TRIGGERS lists a table's triggers only to a user with the TRIGGER
  // privilege on it (MySQL 8.0 Reference Manual, "The INFORMATION_SCHEMA TRIGGERS Table"; the
  // same on MariaDB): without it, none listed proves nothing.
  QADVISOR_ASSIGN_OR_RETURN(
      Session::Rows privileged,
      session.Query(fmt::format(
          "SELECT COUNT(*) FROM (SELECT GRANTEE FROM information_schema.USER_PRIVILEGES WHERE "
          "PRIVILEGE_TYPE = 'TRIGGER' UNION ALL SELECT GRANTEE FROM "
          "information_schema.SCHEMA_PRIVILEGES WHERE PRIVILEGE_TYPE = 'TRIGGER' AND "
          "TABLE_SCHEMA = {} UNION ALL SELECT GRANTEE FROM information_schema.TABLE_PRIVILEGES "
          "WHERE PRIVILEGE_TYPE = 'TRIGGER' AND TABLE_SCHEMA = {} AND TABLE_NAME = {}) p WHERE "
          "GRANTEE = {}",
          HexLiteral(w.database), HexLiteral(w.database), HexLiteral(w.name),
          HexLiteral(grantee))));
  if (First(privileged) == "0" || First(privileged).empty()) {
    return fmt::format(
        "this user does not hold the TRIGGER privilege on {}, so its triggers (which could "
        "write elsewhere) cannot be seen",
        table);
  }
  QADVISOR_ASSIGN_OR_RETURN(
      Session::Rows triggers,
      session.Query(fmt::format("SELECT TRIGGER_NAME FROM information_schema.TRIGGERS WHERE "
                                "EVENT_OBJECT_SCHEMA = {} AND EVENT_OBJECT_TABLE = {} ORDER BY 1",
                                HexLiteral(w.database), HexLiteral(w.name))));
  if (!triggers.values.empty()) {
    return fmt::format("{} has trigger {}, which could write elsewhere", table,
                       analyzer::QuoteIdentifier(First(triggers)));
  }
  return std::string();
}

// The refusal for the functions the write calls, or empty: a stored function (any schema, any
// kind but a procedure: a package's function is called as pkg.f) or a loadable one of a name it
// calls.
Result<std::string> FunctionRefusal(Session& session, const RunnableWrite& write) {
  std::set<std::string> names;
  for (const auto& [qualifier, name] : write.calls) {
    names.insert(parser::LowerAscii(name));
    if (!qualifier.empty()) names.insert(parser::LowerAscii(qualifier));
  }
  if (names.empty()) return std::string();
  std::string list;
  for (const std::string& n : names) list += (list.empty() ? "" : ", ") + HexLiteral(n);
  QADVISOR_ASSIGN_OR_RETURN(
      Session::Rows stored,
      session.Query(fmt::format("SELECT ROUTINE_SCHEMA, ROUTINE_NAME FROM "
                                "information_schema.ROUTINES WHERE ROUTINE_TYPE <> 'PROCEDURE' AND "
                                "LOWER(ROUTINE_NAME) IN ({}) ORDER BY 1, 2",
                                list)));
  if (!stored.values.empty() && stored.values[0].size() >= 2) {
    return fmt::format("it calls stored function {}.{}, which could write elsewhere",
                       analyzer::QuoteIdentifier(stored.values[0][0]),
                       analyzer::QuoteIdentifier(stored.values[0][1]));
  }
  Result<Session::Rows> loadable =
      session.Query(fmt::format("SELECT name FROM mysql.func WHERE LOWER(name) IN ({})", list));
  if (!loadable.ok()) {
    if (session.connection_lost()) return loadable.status();
    return fmt::format(
        "it calls {}(), and the server's loadable functions (mysql.func) cannot be read to rule "
        "out one of that name",
        write.calls.front().second);
  }
  if (!loadable->values.empty()) {
    return fmt::format("it calls loadable function {}(), which could do anything",
                       First(*loadable));
  }
  return std::string();
}

// One run: START TRANSACTION; the write; ROLLBACK.
struct Once {
  uint64_t rows = 0;
  double ms = 0;
  int error_code = 0;  // the write's server error, 0 when it ran
  std::string error;
};

Result<Once> RunOnce(Session& session, const std::string& limited) {
  // Nothing is written outside a transaction: no START, no write.
  QADVISOR_RETURN_IF_ERROR(session.Execute("START TRANSACTION"));
  const auto start = std::chrono::steady_clock::now();
  Result<uint64_t> rows = session.ExecuteUpdate(limited);
  const std::chrono::duration<double, std::milli> took = std::chrono::steady_clock::now() - start;
  Once once;
  once.ms = took.count();
  if (rows.ok()) {
    once.rows = *rows;
  } else {
    once.error_code = session.last_error();
    once.error = rows.status().message();
    // The server rolls back the transaction of a connection that went away: nothing to undo.
    if (session.connection_lost()) return rows.status();
  }
  // After a success, an error or a timeout alike: whatever the write changed goes.
  if (Status rolled_back = session.Execute("ROLLBACK"); !rolled_back.ok()) {
    return Status(StatusCode::kIoError,
                  "could not roll back a measured write: " + rolled_back.message());
  }
  return once;
}

}  // namespace

std::vector<WrittenTable> WrittenTables(const ast::Statement& statement,
                                        const analyzer::Catalog& catalog,
                                        std::string_view database) {
  Resolver resolver(catalog, database);
  switch (statement.kind) {
    case ast::StatementKind::kInsert:
      resolver.Add(statement.As<ast::InsertStatement>().table);
      break;
    case ast::StatementKind::kUpdate: {
      const auto& u = statement.As<ast::UpdateStatement>();
      std::vector<NamedRef> refs;
      for (const ast::TableRef* t : u.tables) NamedRefs(t, u.with, refs);
      if (refs.size() == 1) {
        resolver.Add(refs[0].ref->name);
        break;
      }
      for (const ast::Assignment& a : u.set) {
        const auto& parts = a.column.parts;
        if (parts.empty()) continue;
        const std::vector<const NamedRef*> owners =
            parts.size() == 1 ? resolver.ByColumn(refs, parts[0].Value())
                              : resolver.ByAlias(refs, parts[parts.size() - 2].Value());
        for (const NamedRef* r : owners) resolver.Add(r->ref->name);
      }
      break;
    }
    case ast::StatementKind::kDelete: {
      const auto& d = statement.As<ast::DeleteStatement>();
      std::vector<NamedRef> refs;
      for (const ast::TableRef* t : d.tables) NamedRefs(t, d.with, refs);
      if (d.targets.empty()) {
        if (!refs.empty()) resolver.Add(refs[0].ref->name);
        break;
      }
      for (const ast::Name& target : d.targets) {
        for (const NamedRef* r : resolver.ByAlias(refs, target.last().Value())) {
          resolver.Add(r->ref->name);
        }
      }
      break;
    }
    default:
      break;
  }
  return resolver.Take();
}

Result<std::string> WriteRefusal(Session& session, const std::vector<WrittenTable>& written,
                                 const RunnableWrite& write, std::string_view database) {
  if (written.empty()) return std::string("no table it writes could be told");
  // CURRENT_USER() is user@host; information_schema's GRANTEE is 'user'@'host'.
  QADVISOR_ASSIGN_OR_RETURN(Session::Rows user, session.Query("SELECT CURRENT_USER()"));
  const std::string current = First(user);
  const size_t at = current.rfind('@');
  const std::string grantee =
      at == std::string::npos
          ? fmt::format("'{}'", current)
          : fmt::format("'{}'@'{}'", current.substr(0, at), current.substr(at + 1));
  for (const WrittenTable& w : written) {
    WrittenTable named = w;
    if (named.database.empty()) named.database = std::string(database);
    if (named.database.empty()) return std::string("no database to write in");
    QADVISOR_ASSIGN_OR_RETURN(std::string why, TableRefusal(session, named, grantee));
    if (!why.empty()) return why;
  }
  return FunctionRefusal(session, write);
}

Result<WriteTiming> TimeWrite(Session& session, std::string_view database, std::string_view write,
                              int runs, double time_limit_seconds,
                              const std::atomic<bool>* interrupted,
                              const parser::ParseOptions& parse) {
  QADVISOR_RETURN_IF_ERROR(CheckWrite(write, parse).status());
  if (!database.empty()) {
    QADVISOR_RETURN_IF_ERROR(session.Execute("USE " + analyzer::QuoteIdentifier(database)));
  }
  const std::string limited = WriteWithTimeLimit(write, time_limit_seconds);
  WriteTiming out;
  std::vector<double> times;
  for (int run = 0; run <= runs; ++run) {  // run 0 warms up
    if (interrupted != nullptr && interrupted->load()) break;
    QADVISOR_ASSIGN_OR_RETURN(Once once, RunOnce(session, limited));
    // Server errors a statement time limit raises: MariaDB 1969 (max_statement_time).
    if (once.error_code == 1969) {
      out.timed_out = true;
      out.median_ms = time_limit_seconds * 1000;
      return out;
    }
    if (!once.error.empty()) {
      out.error = once.error;
      return out;
    }
    if (run == 0) {
      out.rows_affected = once.rows;
    } else {
      times.push_back(once.ms);
    }
  }
  if (times.empty()) {
    out.error = "interrupted before a timed run";
    return out;
  }
  std::sort(times.begin(), times.end());
  const size_t n = times.size();
  out.median_ms = n % 2 == 1 ? times[n / 2] : (times[n / 2 - 1] + times[n / 2]) / 2;
  out.runs = static_cast<int>(n);
  return out;
}

}  // namespace qadvisor::connectors
