// The tables a statement reads or writes, by name: what `qadvisor digest --group-by table`
// groups events by.
//
// Contract: pure and thread-safe; never fails. SQL that does not parse, and statements the
// parser does not model (SHOW, CALL, GRANT, …), touch no table that it could name: the result
// is empty. Every statement of a script counts.
//
// What counts as a table: every table named in FROM / JOIN (at any depth: derived tables,
// subqueries in any expression, CTE bodies, set operations), the target of INSERT / REPLACE
// and its `TABLE t` source, the tables of UPDATE and DELETE (multi-table forms included), and
// the table of CREATE TABLE [LIKE], CREATE INDEX, ALTER TABLE, DROP TABLE and DROP INDEX, and the
// MariaDB sequence of NEXT / PREVIOUS VALUE FOR (a sequence is a table there). A
// name that refers to a CTE of the statement (`WITH x AS (…) SELECT … FROM x`) is not a table.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "parser/parser.h"

namespace qadvisor::parser {

// One table as written, unquoted: `db` is empty when the name is not qualified.
struct TableRefName {
  std::string db;
  std::string table;
  bool operator==(const TableRefName&) const = default;
};

// The tables of every statement of `sql`, each once, in the order first named.
std::vector<TableRefName> TablesOf(std::string_view sql, const ParseOptions& options = {});

}  // namespace qadvisor::parser
