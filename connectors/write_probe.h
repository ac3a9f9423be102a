// Verify's measurement of writes: a workload's INSERT, REPLACE, UPDATE and DELETE statements timed
// before and after an index, each run inside a transaction that is rolled back — the difference
// is what keeping the index up to date costs them, and no row stays changed.
//
// Where writes run at all is verify's decision (verify.h: the sandbox, or a server the user
// allowed with --allow-writes; MariaDB only). Before one runs, in this order:
//  - safe_query's write gate (ToWrite / CheckWrite): exactly one INSERT, REPLACE, UPDATE or
//    DELETE, with nothing in it that the read gate refuses in a SELECT; the connection has
//    multi-statements off;
//  - WriteRefusal(), on the server: every table it writes is an InnoDB base table (a rollback
//    undoes InnoDB's changes; MyISAM, Aria and MEMORY keep theirs; a view is refused), has no
//    trigger (a trigger could write elsewhere), and is one whose triggers the user may see (the
//    TRIGGER privilege, held by the user itself: information_schema hides triggers from
//    others); the write calls no stored or loadable function of the server (one could write
//    elsewhere, or outside the transaction). Foreign-key cascades fire no trigger and change
//    InnoDB tables only: the rollback undoes them with the rest;
//  - TimeWrite(): every run is START TRANSACTION; the write, under the statement time limit;
//    ROLLBACK — sent after an error or a timeout too. Nothing is written when START TRANSACTION
//    fails, and a failed ROLLBACK ends the measurement (the caller runs nothing more on the
//    session). If the connection is lost mid-transaction, nothing is left to do: the server
//    rolls back the open transaction of a connection that goes away.
// What a rollback does not undo: the AUTO_INCREMENT values an INSERT took (later ids skip them),
// and the row locks the write held while it ran (other sessions waited for them).
//
// Not thread-safe (a Session is not); WrittenTables is a pure function.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/catalog.h"
#include "base/status.h"
#include "connectors/safe_query.h"
#include "connectors/session.h"
#include "parser/ast.h"

namespace qadvisor::connectors {

// A table a write changes, named as the server will resolve it.
struct WrittenTable {
  const analyzer::Table* table = nullptr;  // the catalog's, when it has the table
  std::string database;  // the name's qualifier, else the database the statement runs in
  std::string name;
};

// The tables `statement` writes, when it runs in `database`: an INSERT's or REPLACE's table; an
// UPDATE's table, or in a multi-table UPDATE the table of each SET column (its qualifier's, else
// the one table of the catalog's that has the column, else — unknown — every table it names); a
// DELETE's table, or the tables of its delete list. Derived tables and CTEs are never written.
// Empty for anything else.
std::vector<WrittenTable> WrittenTables(const parser::ast::Statement& statement,
                                        const analyzer::Catalog& catalog,
                                        std::string_view database);

// Why `write` must not run on the server of `session`, as a reason for the report ("`shop`.`log`
// is MyISAM, not InnoDB: a rollback would not undo the write"), or empty when it may.
// `written` are its tables (WrittenTables), `database` the one it runs in. Not ok: a lookup
// failed (the connection was lost, say).
Result<std::string> WriteRefusal(Session& session, const std::vector<WrittenTable>& written,
                                 const RunnableWrite& write, std::string_view database);

struct WriteTiming {
  // The server's error for the write ("… Duplicate entry '7' for key 'PRIMARY'"): then nothing
  // was timed. Not an error of the run: the write's transaction was rolled back.
  std::string error;
  std::optional<uint64_t> rows_affected;  // in the warm-up run, when it finished
  double median_ms = 0;                   // of the timed runs; the time limit when timed_out
  int runs = 0;                           // timed runs (0 when timed_out)
  bool timed_out = false;                 // a run reached the time limit
};

// Runs `write` (which must pass CheckWrite under `parse`) in `database`: a warm-up run, then
// `runs` timed runs — fewer when `interrupted` is set, or when one reaches the time limit — each
// START TRANSACTION; SET STATEMENT max_statement_time=… FOR <write>; ROLLBACK. MariaDB only.
// Not ok (the session must run no more writes): the gate refused `write`, or START TRANSACTION
// or ROLLBACK failed, or the connection was lost.
Result<WriteTiming> TimeWrite(Session& session, std::string_view database, std::string_view write,
                              int runs, double time_limit_seconds,
                              const std::atomic<bool>* interrupted,
                              const parser::ParseOptions& parse = {});

}  // namespace qadvisor::connectors
