// A sandbox filled with data: the user's schema created on a (private) MariaDB server, and every
// table filled with generated rows that respect column types, unique keys, foreign keys and the
// known statistics, so that EXPLAIN and timings before and after an index are realistic.
//
// Three steps, each usable alone:
//  - CreateSchema runs the DDL of schema scripts as the mysql client would, skipping data
//    statements, and rewrites MySQL-8-only collations (utf8mb4_0900_*), which MariaDB 10.11
//    does not have, to the nearest ones it has.
//  - PlanLoad is pure: from a Catalog it writes `INSERT … SELECT … FROM seq_1_to_N` statements
//    over MariaDB's SEQUENCE engine (Knowledge Base "Sequence Storage Engine"), in load order.
//    Values are deterministic functions of the row number: the same catalog and options always
//    give the same rows.
//  - LoadRows runs them and then ANALYZE TABLE, so the optimizer has statistics.
//
// How values are made (the contract tests rely on; details in datagen_plan.cpp):
//  - every row r (1-based) of a table gets, per column, an index k into the column's domain of
//    `distinct` values, and k is rendered as a value of the column's type that fits it (never
//    longer than the column, within the integer, DECIMAL, TIMESTAMP, … range), distinct k giving
//    distinct values;
//  - a column alone in a unique key (or AUTO_INCREMENT) takes k = r - 1, so integer keys are
//    1..rows; a multi-column unique key groups rows under its first column and makes the second
//    distinct within each group; a key the generator cannot make unique is loaded with
//    INSERT IGNORE and a note;
//  - other columns spread rows over their domain pseudo-randomly (a hash of the row and the
//    column), every value of the domain used equally often, so two columns are not correlated;
//    the domain size is the column's `distinct` statistic, else a default from its type and name
//    (flags 2, status/type-like names 5, *_id rows/10, DATE 3 years of days, strings: rows);
//  - a foreign-key column takes the referenced column's generated value for a row of the
//    referenced table, so every reference points at a loaded row; so does a column named
//    <t>_id without a FOREIGN KEY when a table <t>, <t>s, <t>es (y → ies) has a one-column
//    primary key of the same type family (joins on it then find rows, as in production);
//  - nullable columns outside unique keys are NULL in about 5% of rows;
//  - generated columns are never inserted.
//
// Not thread-safe (a Session is not); PlanLoad is a pure function.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "analyzer/catalog.h"
#include "base/status.h"
#include "connectors/session.h"

namespace qadvisor::connectors {

// The database that DDL naming no database goes to (CreateSchema), and that PlanLoad writes for
// catalog tables without one.
inline constexpr std::string_view kSandboxDatabase = "qadvisor";

// Runs the DDL of `scripts` ((file name, text), in order) on `session`, with
// foreign_key_checks=0 so that tables may reference tables created later. Statements are split
// as the mysql client splits them (parser/splitter.h) and classified by parser/parser.h:
// CREATE / DROP DATABASE, USE, CREATE / ALTER / DROP / RENAME TABLE and CREATE / DROP INDEX run
// (a statement whose head — verb and object, as the parser reads it — is one of those runs even
// when the rest does not parse: the server decides); SET, SELECT, INSERT, UPDATE, DELETE are
// skipped; views, triggers, routines and statements the parser recognises but does not model
// (GRANT, CREATE EVENT, …) are skipped with a note. Locations are the line of each statement's
// first token (StatementText::token_line).
//
// Notes (appended to `notes` when not null) say what was done on the user's behalf: a table DDL
// naming no database before any USE creates and uses kSandboxDatabase; each MySQL-8-only
// collation name replaced (once per name, with the first place it was seen); each statement
// skipped. A statement the server rejects ends the run: a Status "file:line: <server message>".
Status CreateSchema(Session& session,
                    const std::vector<std::pair<std::string, std::string>>& scripts,
                    std::vector<std::string>* notes);

// What CreateSchema does with one statement of a script, decided from what the parser read
// (pure: for tests).
enum class SchemaAction : uint8_t {
  kRun,        // DDL of databases, tables and indexes (or a statement that starts like one)
  kUse,        // USE db
  kSkipData,   // INSERT, UPDATE, DELETE: counted, not run
  kSkipQuiet,  // SET, SELECT, transactions, locks, SHOW, …: nothing to say
  kSkipNoted,  // views, triggers, routines, GRANT, what does not parse: a note says why
};
struct SchemaStatement {
  SchemaAction action = SchemaAction::kSkipQuiet;
  bool needs_database = false;  // kRun: names a table without its database
  std::string use;              // kUse: the database
  std::string why;              // kSkipNoted
};
SchemaStatement ClassifySchemaStatement(std::string_view statement);

// Rewrites MySQL 8's utf8mb4[_<locale>]_0900_* collation names in `sql` to the nearest
// collation in `available` (the server's full collation names, lower-case): the UCA 14.0.0
// NO PAD collation of the same strength when there is one (utf8mb4_0900_ai_ci →
// utf8mb4_uca1400_nopad_ai_ci, as MariaDB 11.4.5 itself aliases it), else utf8mb4_unicode_520_ci
// for *_ci and utf8mb4_bin for *_cs and *_bin. A name `available` holds is left alone; with an
// empty `available` the fallbacks are used unchecked. Each replaced name (lower-case) and its
// replacement go into `replaced` when not null.
std::string ReplaceMysql8Collations(std::string_view sql, const std::vector<std::string>& available,
                                    std::map<std::string, std::string>* replaced);

// A literal the workload compares a column with, as the parser read it.
struct SeedValue {
  std::string sql;  // SQL for it: 'shipped', 42, X'AB', DATE '2024-05-01', _utf8mb4'x'
  parser::ast::LiteralKind kind = parser::ast::LiteralKind::kNull;
  std::string value;  // what it denotes (parser::ast::LiteralValue)
  bool operator==(const SeedValue&) const = default;
};

// The seed value of a literal of the workload's AST.
SeedValue SeedOf(const parser::ast::Literal& literal);

struct GenerateOptions {
  uint64_t default_rows = 200000;  // tables without a row-count statistic
  uint64_t max_rows = 5'000'000;   // cap even when the statistics say more
  uint64_t batch = 100000;         // rows per INSERT statement
  // Key "db.table.column" (lower-case; "table.column" for a table without a database) → the
  // literals the workload looks for ('shipped', 42, '2024-05-01'). They replace the first values
  // of that column's domain, so each is as frequent as any other value and the domain keeps
  // its size. A literal that does not fit the column (too long, out of range, not a valid date,
  // ENUM / SET / JSON / BIT / spatial columns) is left out with a note.
  std::map<std::string, std::vector<SeedValue>> seed_values;
  // Same keys → the latest date the workload compares a DATE / DATETIME / TIMESTAMP column with
  // ("2026-03-01"). Generated values span three years from 2022-01-01; when this date lies
  // outside them, they are moved to end a month after it, so the workload's ranges find rows.
  std::map<std::string, std::string> latest_dates;
};

// What one column of a TableLoad gets.
struct ColumnLoad {
  std::string column;
  std::string expression;  // the SQL value for row `seq`, as the statements write it
  // Values the column takes over the table's rows, NULL aside (a foreign-key column: the rows
  // it draws from, or the referenced column's distinct values when fewer).
  uint64_t distinct = 0;
  uint32_t max_chars = 0;  // string and binary columns: the longest value, in characters (bytes)
};

struct TableLoad {
  std::string table;        // Table::QualifiedName()
  std::string quoted_name;  // `db`.`t` as the statements write it (kSandboxDatabase when none)
  uint64_t rows = 0;        // rows the statements insert
  std::vector<std::string> statements;  // INSERT … SELECT … FROM `db`.seq_a_to_b, in order
  std::vector<ColumnLoad> columns;      // the inserted columns, in table order
  std::vector<std::string> notes;       // what could not be done as asked, and why
};

// The tables of `catalog` in load order (a table after the tables its foreign keys reference;
// cycles broken in catalog order), each with its INSERT statements of at most options.batch
// rows. Rows: Table::rows capped by max_rows, else default_rows. A table that cannot be filled
// (a NOT NULL column of a type the generator does not know) has no statements and a note.
// InvalidArgument when batch is 0.
Result<std::vector<TableLoad>> PlanLoad(const analyzer::Catalog& catalog,
                                        const GenerateOptions& options);

// Runs the statements of `loads` in order with foreign_key_checks, unique_checks and
// check_constraint_checks off and time_zone '+00:00' (TIMESTAMP values are written in UTC, so
// no daylight-saving gap can merge two of them), restoring the session's values afterwards;
// then ANALYZE TABLE on each loaded table. `progress`, when set, is called after each statement
// with the table (TableLoad::table), rows inserted so far and its total. An error names the
// table and the server's message; the tables before it stay loaded.
//
// With `failed` set, a table the server refuses rows for (a CHECK or generated-column
// expression the generated values break, say) is emptied again and recorded there, and the
// load goes on with the next table; only a lost connection or a failed setting ends it.
struct FailedLoad {
  std::string table;  // TableLoad::table
  std::string why;    // the server's message
};
Status LoadRows(
    Session& session, const std::vector<TableLoad>& loads,
    const std::function<void(std::string_view table, uint64_t done, uint64_t total)>& progress,
    std::vector<FailedLoad>* failed = nullptr);

}  // namespace qadvisor::connectors
