// Online DDL: how the server a migration targets runs each operation of a DDL statement.
//
// The knowledge is data, in analyzer/online_ddl.tsv (compiled in): per operation and server,
// the algorithm, the weakest lock allowed and whether the table is rebuilt, citing the MySQL
// manual's "Online DDL Operations" tables and the MariaDB Knowledge Base, and for MariaDB
// proven by tests/live/online_ddl_test.py. This file names each operation of a statement
// (OperationsOf, from the AST and the table as it was) and looks it up (Lookup).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/catalog.h"
#include "base/status.h"
#include "parser/ast.h"

namespace qadvisor::analyzer {

// The server a migration will run on: `--target mysql-8.0`, `mariadb-10.11.6`, or a server's
// own VERSION().
struct ServerTarget {
  enum class Kind : uint8_t { kMySQL, kMariaDB };
  Kind kind = Kind::kMySQL;
  uint32_t major = 8, minor = 0, patch = 0;
  bool exact = false;  // a full version was given (else: the newest of its series)

  // "mysql-8.0", "mysql-8.4", "mariadb-10.6", "mariadb-10.11", "mariadb-11.4", or with a patch
  // version ("mysql-8.0.36"). A series without a patch number means its newest release.
  static Result<ServerTarget> Parse(std::string_view name);
  // A server's VERSION(): "8.0.36", "10.11.6-MariaDB-0+deb12u1".
  static std::optional<ServerTarget> FromVersion(std::string_view version);
  std::string Name() const;  // "mariadb-10.11", "mysql-8.0.36"
  bool mariadb() const { return kind == Kind::kMariaDB; }
};

enum class Algorithm : uint8_t { kInstant, kNocopy, kInplace, kCopy };
enum class DdlLock : uint8_t { kNone, kShared, kExclusive };
std::string_view AlgorithmName(Algorithm a);  // "INSTANT", …
std::string_view DdlLockName(DdlLock l);      // "NONE", …

// How the server runs one operation.
struct OnlineDdl {
  Algorithm algorithm = Algorithm::kCopy;
  DdlLock lock = DdlLock::kShared;
  bool rebuilds = true;
  std::string source;  // the row's source: manual section, KB page, LIVE
};

// One operation of a DDL statement.
struct DdlOperation {
  std::string operation;           // "add-column", … (online_ddl.tsv); empty when not known
  std::string what;                // "ADD COLUMN `note`", for messages
  std::string table;               // the table it changes
  parser::ast::Span span;          // the action (the statement for CREATE / DROP INDEX)
  std::optional<OnlineDdl> ddl;    // how the target runs it; nullopt when the table is silent
  std::optional<OnlineDdl> alone;  // how it would run in a statement of its own
  // Why the server refuses the statement for this operation, when it asks for an ALGORITHM or
  // LOCK the operation cannot have ("ALGORITHM=INPLACE: … only with ALGORITHM=COPY"); the
  // ALTER then fails (error 1846). Empty when it runs.
  std::string refused;
};

// The operations of an ALTER TABLE, CREATE INDEX or DROP INDEX on `before` (the table as it
// was; nullptr when unknown, and then nothing is told), each with how `target` runs it, in the
// statement's order. `after`: the table once the statement applied (nullptr when it failed
// or renamed the table), to compare MODIFY / CHANGE columns. Other statements: none.
// Operations of a statement run together, so one that is INSTANT alone may not be with others
// (the with-* conditions of the table).
std::vector<DdlOperation> OperationsOf(const parser::ast::Statement& statement, const Table* before,
                                       const Table* after, const ServerTarget& target);

// The table's answer for one operation, given the conditions that hold ("fulltext", …).
std::optional<OnlineDdl> Lookup(std::string_view operation, const ServerTarget& target,
                                const std::vector<std::string_view>& conditions);

// Every operation named in the table, and the probe statements the live test runs.
std::vector<std::string> KnownOperations();

}  // namespace qadvisor::analyzer
