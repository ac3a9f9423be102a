// Statements made safe to run on a user's server: one read-only SELECT, or — for verify's
// measurement of writes, which runs each inside a transaction it rolls back (write_probe.h) —
// one INSERT, REPLACE, UPDATE or DELETE.
//
// `qadvisor verify` runs each query class's sample on the user's server, for EXPLAIN and
// timings. A sample is text from a slow log or from performance_schema: untrusted input. This
// file is the first line of defence; the session adds the second (multi-statements off, reads
// inside START TRANSACTION READ ONLY, writes inside a transaction that is rolled back, a time
// limit on every statement).
//
//  - ToReadOnlySelect() turns a sample into the SELECT that reads the same rows through the same
//    access path (UPDATE, DELETE, INSERT … SELECT, REPLACE … SELECT), keeps a SELECT as written
//    but without its locking clauses, and refuses everything else with the reason.
//  - CheckReadOnlySelect() is the last gate before a string goes to a server. It accepts one
//    SELECT without INTO, without locking clause, without `@var :=` and without a call to a
//    function that waits, locks, reads files or has other side effects (listed below). Run it on
//    the plain SELECT; WithTimeLimit() and ExplainStatement() wrap what it accepted.
//  - ToWrite() and CheckWrite() are the same gate for a write: one INSERT, REPLACE, UPDATE or
//    DELETE, under the same lexical rules, and, anywhere in it, nothing the read gate refuses in
//    a SELECT (INTO, locking clauses, `@var :=`, the functions listed below).
//  - FillPlaceholders() makes a digest text (`?`, `IN (...)`) runnable; WithTimeLimit(),
//    WriteWithTimeLimit() and ExplainStatement() build the statements verify sends.
//
// The gate decides on our parser's reading of the text, so it also refuses text that a server
// could read differently from us:
//  - an executable comment (`/*! … */`, `/*!50100 … */`, MariaDB `/*M!… */`) whose content is
//    more than bare SELECT / DML modifier keywords (SQL_NO_CACHE, STRAIGHT_JOIN, …): the server
//    runs its content as SQL or skips it, depending on its version, so anything else in one —
//    `; DROP TABLE t`, `, SLEEP(9)`, a quote that swallows the `*/` — is refused;
//  - a string whose quote is escaped with a backslash (`'O\'Brien'`): under sql_mode
//    NO_BACKSLASH_ESCAPES the server would end the string there and read the rest as SQL.
//    ToReadOnlySelect() rewrites such quotes as doubled quotes (`'O''Brien'`), which mean the
//    same in every mode, so real samples still run;
//  - a backslash in a quoted user variable name: the server lexes @`a\` as an identifier, where
//    a backslash escapes nothing (so `@`a\`, SLEEP(9) -- `` calls SLEEP), and @"a\" as one under
//    ANSI_QUOTES;
//  - a `"`-quoted token directly followed by `(`: `"SLEEP"(9)` is a call under sql_mode
//    ANSI_QUOTES and a string without; and a `"`-quoted name holding a backslash (a string
//    without ANSI_QUOTES, where the backslash escapes). With these rules and the two above,
//    both readings of `"…"` split the text into the same tokens, and turning a string into a
//    name or back cannot make a call, an INTO or a second statement appear.
// Requirement on the connection (the session's part): a character set in which byte 0x5C (`\`)
// is never part of a multibyte character — utf8mb4, utf8mb3, latin1, ascii; not gbk, big5, sjis,
// cp932 — or the classic `0xBF5C27` quote smuggling applies.
//
// Known limit: a stored function or UDF not on the list can have side effects; the READ ONLY
// transaction stops it from writing to tables, the time limit from running long. A write has no
// READ ONLY transaction: the write gate returns the functions it calls, and write_probe refuses
// a write that calls a stored or loadable function of the server.
//
// Pure functions of their arguments: no I/O, no state, safe from any thread.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/status.h"
#include "parser/parser.h"

namespace qadvisor::connectors {

// Statements longer than this are refused (slow-log samples are shorter by far; a MariaDB
// server's max_allowed_packet defaults to 16 MiB).
inline constexpr size_t kMaxSafeStatementBytes = 8 << 20;

// The statement to run for a sample.
struct RunnableQuery {
  std::string sql;             // one SELECT: passed CheckReadOnlySelect()
  std::string rewritten_from;  // "UPDATE", "DELETE", "INSERT", "REPLACE", or empty
};

// `statement` is one statement's text (a class sample, `?` already filled). The rewrites, each
// taking the original's text for the parts it keeps, so WHERE, ORDER BY and LIMIT are as written:
//   SELECT …, WITH … SELECT …, UNION, (SELECT …)  → itself; locking clauses (FOR UPDATE,
//       FOR SHARE, LOCK IN SHARE MODE, with OF / NOWAIT / SKIP LOCKED) removed, also in
//       subqueries; refused when it has INTO anywhere;
//   [WITH …] UPDATE [hint] [opts] refs SET … [WHERE w] [ORDER BY o] [LIMIT n]
//       → [WITH …] SELECT [hint] * FROM refs [WHERE w] [ORDER BY o] [LIMIT n];
//   [WITH …] DELETE [hint] [opts] FROM t [[AS] x] [PARTITION (p)] [WHERE …] [ORDER BY …] [LIMIT …],
//   DELETE t1 FROM refs [WHERE w], DELETE FROM t1 USING refs [WHERE w]
//       → [WITH …] SELECT [hint] * FROM <the table refs> [WHERE …] …;
//   INSERT | REPLACE … SELECT … [ON DUPLICATE KEY UPDATE …] → the SELECT;
//   INSERT | REPLACE … TABLE t → SELECT * FROM t.
// LOW_PRIORITY, IGNORE, QUICK and the like are dropped; an optimizer hint is kept after SELECT.
// `SELECT *` because an UPDATE or DELETE reads whole rows too: no covering index serves it.
// A quote escaped with a backslash in a string is written doubled (`'O\'Brien'` → `'O''Brien'`):
// the same string, read the same under NO_BACKSLASH_ESCAPES.
// Refused, with the reason in the Status message, "<what>: <detail>" unless said otherwise:
//   "does not parse", "holds no statement", "holds more than one statement";
//   "an INSERT with VALUES reads nothing to index" (also "… with SET", "a REPLACE …"), whole;
//   "only SELECT, UPDATE, DELETE and INSERT … SELECT are verified; this is a <kind>", whole, for
//       DDL, SET, CALL, DO, HANDLER, LOAD DATA, GRANT, EXPLAIN, TABLE, SHOW, BEGIN, …;
//   "writes its result somewhere" (INTO OUTFILE / DUMPFILE / @var, anywhere);
//   everything CheckReadOnlySelect() refuses, in the input or in the result.
// kParseError when the text does not parse, kInvalidArgument otherwise.
[[nodiscard]] Result<RunnableQuery> ToReadOnlySelect(std::string_view statement,
                                                     const parser::ParseOptions& options = {});

// The last gate before `sql` goes to a server: Ok only for exactly one SELECT statement that
// parses, with nothing but comments and white space around it. Refusals ("<what>: <detail>"):
//   "statement too long", "holds a NUL byte", "a byte that cannot start a token" (`\G`, control
//       bytes), "an unterminated quote or comment", "text the lexer skipped";
//   "an executable comment holds more than keywords";
//   "a string escapes its quote with a backslash", "a quoted variable name holds a backslash"
//       (@`a\`: no escape there for the server), "a \"name\" holds a backslash",
//       "a \"name\" is called";
//   "holds more than one statement" (also a lone trailing `;`), "has placeholders" (`?`, `:id`);
//   "does not parse", "holds no statement", "not a SELECT", "text outside the statement";
//   "writes its result somewhere" (INTO), "takes locks" (FOR UPDATE, FOR SHARE, LOCK IN SHARE
//       MODE, anywhere), "assigns a variable" (`@v := …`);
//   "calls a function that must not run": SLEEP, BENCHMARK, GET_LOCK, RELEASE_LOCK,
//       RELEASE_ALL_LOCKS, LOAD_FILE, NEXTVAL, SETVAL, MASTER_POS_WAIT, SOURCE_POS_WAIT,
//       MASTER_GTID_WAIT, WAIT_FOR_EXECUTED_GTID_SET, WAIT_UNTIL_SQL_THREAD_AFTER_GTIDS,
//       SQL_THREAD_WAIT_AFTER_GTIDS, WSREP_SYNC_WAIT_UPTO_GTID, LAST_INSERT_ID(x) with an
//       argument, and the UDF families SYS_* (lib_mysqludf_sys: sys_exec, sys_eval), KEYRING_*,
//       AUDIT_LOG_*, VERSION_TOKENS_*, SERVICE_* (locking service), GROUP_REPLICATION_*,
//       ASYNCHRONOUS_CONNECTION_FAILOVER_*, MYSQL_FIREWALL_*, SET_FIREWALL_*, GEN_DICTIONARY_*,
//       MASKING_DICTIONARY_*; by name case-insensitively, quoted or not, qualified or not.
//       IS_FREE_LOCK, IS_USED_LOCK and LASTVAL only look, and pass.
// kParseError when the text does not parse, kInvalidArgument otherwise. `options.ansi_quotes`
// says how the text was written; the lexical rules make the other reading safe too.
[[nodiscard]] Status CheckReadOnlySelect(std::string_view sql,
                                         const parser::ParseOptions& options = {});

// A write to time (write_probe.h).
struct RunnableWrite {
  std::string sql;   // one INSERT, REPLACE, UPDATE or DELETE: passed CheckWrite()
  std::string kind;  // "INSERT", "REPLACE", "UPDATE" or "DELETE"
  // Every function it calls, as written: (qualifier, name), the qualifier empty when none. The
  // gate knows the server's built-in functions no better than by these names; a stored or
  // loadable function of such a name could write where a rollback does not reach.
  std::vector<std::pair<std::string, std::string>> calls;
};

// A sample made a write to run: its quotes escaped with a backslash written doubled, as
// ToReadOnlySelect() does, then CheckWrite(). Nothing is rewritten: the write runs as logged.
[[nodiscard]] Result<RunnableWrite> ToWrite(std::string_view statement,
                                            const parser::ParseOptions& options = {});

// The last gate before a write goes to a server: Ok only for exactly one INSERT, REPLACE, UPDATE
// or DELETE (single- or multi-table, with WITH, VALUES, SET, … SELECT, ON DUPLICATE KEY UPDATE)
// that parses, with nothing but comments and white space around it. Refusals: those of
// CheckReadOnlySelect() — the lexical rules, "does not parse", "holds more than one statement",
// "has placeholders", "text outside the statement", and anywhere in the write (its subqueries,
// its INSERT … SELECT) "writes its result somewhere", "takes locks", "assigns a variable",
// "calls a function that must not run" — "runs outside the transaction" (INSERT DELAYED), and
// "not a write" for any other statement.
[[nodiscard]] Result<RunnableWrite> CheckWrite(std::string_view sql,
                                               const parser::ParseOptions& options = {});

// A digest text (performance_schema's DIGEST_TEXT) made runnable, through the lexer so that `?`
// in strings and comments stays:
//   `?` after LIMIT → 10; the first of `LIMIT ?, ?` and one after OFFSET → 0;
//   `?` after INTERVAL → 1;
//   `(...)` (MySQL's digest of an IN list or a VALUES row) → ('1');
//   any other `?` → '1'.
// Why a quoted '1': compared with a string column it is a string (the index is usable, where a
// number would force a conversion of every row); compared with an integer or decimal column the
// constant is converted once to the column's type, and 1 fits every numeric type, so the index
// is usable too. Compared with a DATE / DATETIME column it is an invalid date, and the plan may
// not use that column's index: verify writes a value of the column's type there instead
// (FillDigest in verify.h), given where the generic values went: `generic`, if set,
// receives the offset in the result of each '1' written for a `?` or `(...)`.
std::string FillPlaceholders(std::string_view text, std::vector<size_t>* generic = nullptr);

// `select` (which passed CheckReadOnlySelect) with a time limit of `seconds`:
//   MariaDB: SET STATEMENT max_statement_time=<s> FOR <select> (error 1969 when it expires).
//            MariaDB ignores MySQL's hint.
//   MySQL:   the optimizer hint /*+ MAX_EXECUTION_TIME(<ms>) */ right after the SELECT keyword
//            of the statement's first query block (the main one, not a CTE's), merged into a
//            /*+ … */ hint already there (ours first; any MAX_EXECUTION_TIME or
//            SET_VAR(max_execution_time …) already in it removed, so ours is the one in force).
//            MySQL has no SET STATEMENT; its max_execution_time applies to SELECT only, which is
//            all that runs here.
// A limit that is not a positive number becomes the smallest one (1 ms): nothing runs without a
// limit. Longer than a year is cut to a year (MariaDB's maximum).
std::string WithTimeLimit(std::string_view select, bool mariadb, double seconds);

// `text` as a string literal written in hexadecimal, for names taken from the workload or a
// schema file (untrusted) in lookups such as information_schema queries: a quoted string escaped
// with backslashes would end early under sql_mode NO_BACKSLASH_ESCAPES. `_utf8mb4 X'…'` reads
// the same in every sql_mode and, like any literal, takes the collation of the column it is
// compared with.
std::string HexLiteral(std::string_view text);

// `write` (which passed CheckWrite) with a time limit of `seconds`, on MariaDB:
// SET STATEMENT max_statement_time=<s> FOR <write> (error 1969 when it expires). MySQL has none:
// its max_execution_time and MAX_EXECUTION_TIME hint apply to SELECT only, so verify runs no write
// there. The limit is clamped as WithTimeLimit() clamps it.
std::string WriteWithTimeLimit(std::string_view write, double seconds);

// The EXPLAIN of `select`: EXPLAIN FORMAT=JSON <select>; with `analyze` (which runs the
// statement) MariaDB's ANALYZE FORMAT=JSON <select>, MySQL's EXPLAIN ANALYZE <select> (a text
// tree, not JSON, on MySQL 8.0). With a time limit: MariaDB
// SET STATEMENT max_statement_time=<s> FOR EXPLAIN …; MySQL EXPLAIN … SELECT /*+ hint */ ….
std::string ExplainStatement(std::string_view select, bool mariadb, bool analyze,
                             std::optional<double> time_limit_seconds = std::nullopt);

}  // namespace qadvisor::connectors
