// EXPLAIN FORMAT=JSON (and MariaDB's ANALYZE FORMAT=JSON, MySQL's EXPLAIN ANALYZE text tree)
// read into a small plan summary: per table the access type, key, key length and parts, rows,
// filtered, whether the index alone answers (using_index), the attached condition and a join
// buffer; for the query whether it sorts (filesort) or builds a temporary table; and, from ANALYZE,
// the measured rows and times.
//
// Both servers' shapes are read (MySQL 8.0 Reference Manual 15.8.2 "EXPLAIN Output Format";
// MariaDB Knowledge Base "EXPLAIN FORMAT=JSON" and "ANALYZE FORMAT=JSON"): MariaDB nests tables
// in nested_loop / block-nl-join / filesort / temporary_table and writes numbers as numbers,
// MySQL in nested_loop / ordering_operation / grouping_operation with rows_examined_per_scan
// and filtered as strings. The reader walks the whole document, so subqueries and derived
// tables (their own query_block) contribute their tables too, in document order.
//
// MySQL (8.0.18 and later) prints its measured plan, EXPLAIN ANALYZE, only as a text tree of
// iterators (MySQL 8.0 Reference Manual 15.8.2, "Obtaining Information with EXPLAIN ANALYZE"),
// and ReadExplainTree() reads that into the same summary; see its comment for the mapping.
//
// Measured figures mean the same from both servers: r_rows is the rows a table access returned
// per loop (MariaDB's r_rows, MySQL's actual rows=, both averages over the loops), r_loops how
// many times it ran, and r_time_ms the time spent in it over all loops (MariaDB's
// r_table_time_ms; MySQL's per-loop actual time × loops).
//
// Pure: no server, no I/O. `verify` (issue 6) compares two of these, before and after an index.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"

namespace qadvisor::connectors {

struct PlanTable {
  std::string table;        // the name or alias EXPLAIN shows
  std::string access_type;  // ALL, index, range, ref, eq_ref, const, system, index_merge, …
  std::string key;          // the index used, or empty
  std::string key_length;   // bytes of the key used, as EXPLAIN writes it
  std::vector<std::string> used_key_parts;
  std::vector<std::string> possible_keys;
  double rows = 0;                 // estimated rows examined per scan
  double filtered = 100;           // estimated percentage left after the table's condition
  bool using_index = false;        // the index alone answers: no row lookups
  bool join_buffer = false;        // block nested loop / hash join: no index for the join
  std::string attached_condition;  // the condition checked on each row, as the server prints it
  std::optional<double> r_rows;    // ANALYZE: rows actually read per loop
  std::optional<double> r_filtered;
  std::optional<double> r_time_ms;  // ANALYZE: time spent reading this table, all loops
  std::optional<double> r_loops;    // ANALYZE: how many times the table was read (0: never)
};

struct Plan {
  std::vector<PlanTable> tables;  // in document order
  bool using_filesort = false;
  bool using_temporary = false;
  std::optional<double> r_total_time_ms;  // ANALYZE: the query block's measured time

  // Estimated rows examined: the product of rows × filtered% along the join, summed over
  // query blocks is not what EXPLAIN says; this is the simple sum of each table's rows, the
  // figure a reader compares before and after an index.
  double RowsExamined() const;
  const PlanTable* Find(std::string_view table) const;
};

// Reads the JSON text of one EXPLAIN / ANALYZE FORMAT=JSON result. Errors: not JSON, or no
// query_block in it (for example the error text a failed EXPLAIN printed instead).
Result<Plan> ReadExplainJson(std::string_view json);

// Reads the text of MySQL's EXPLAIN ANALYZE or EXPLAIN FORMAT=TREE: one line per iterator,
//   -> <description>  [(cost=<c> rows=<estimate>)] [(actual time=<first>..<all> rows=<r>
//      loops=<l>) | (never executed)]
// children indented 4 spaces deeper than their parent. The text may be the bare result cell or
// what the mysql client printed around it: `EXPLAIN: ` (\G), `| … |` table borders, `+---+`
// rules, "1 row in set". A line that does not start with `->` continues the node above it (a
// line the client wrapped, or a newline inside a printed condition) and is joined to it as is.
//
// Each table access becomes a PlanTable, in the tree's order (a nested loop's outer table
// first; a hash join's probe side before its build side under `Hash`):
//   Table scan on t                                  → ALL
//   Index scan on t using k                          → index
//   Covering index scan on t using k                 → index, using_index
//   Index range scan on t using k [over (…)]         → range (Covering …: using_index)
//   Index [covering] skip scan [for grouping | for deduplication] on t using k → range
//   Index lookup on t using k (a=…)                  → ref; ref_or_null for (a=… or NULL)
//   Covering index lookup on t using k (…)           → ref, using_index
//   Single-row index lookup on t using k (…)         → eq_ref (Single-row covering …: using_index)
//   Constant row from t                              → const
//   Full-text index search on t using k (…)          → fulltext
//   Dynamic range scan on t                          → ALL (EXPLAIN's "Range checked for each
//                                                      record" has type ALL too)
//   Index range scan on t using union(a,b) (8.0 before the children below) and
//   Sort-deduplicate by row ID / Deduplicate rows sorted by row ID / Intersect rows sorted by
//   row ID over range scans                          → one index_merge, key sort_union(a,b) /
//                                                      union(a,b) / intersect(a,b)
// key is the `using` index; rows the estimate's rows=; r_rows, r_loops and r_time_ms as said
// at the top ((never executed): 0, 0, 0). A `Filter: <cond>` right above a table access is
// that table's attached_condition, and its rows over the table's give filtered (estimates) and
// r_filtered (actual rows). The probe side of a hash join (its first child) gets join_buffer,
// like the table EXPLAIN marks "Using join buffer (hash join)".
// For the plan: using_filesort when a Sort node is there (Sort:, Sort row IDs:, Sort with
// duplicate removal:; reading an index in order prints no Sort node); using_temporary when a
// node says "temporary table" (Aggregate using temporary table, Temporary table with
// deduplication), and scans of <temporary> tables are not listed as tables; r_total_time_ms
// the first node's actual time × loops. Materialize (a derived table or CTE) does not count as
// a temporary table, as in MariaDB's JSON (MySQL's JSON marks one using_temporary_table, and
// ReadExplainJson counts it there). FORMAT=TREE has no actual part: every r_* is empty.
// MySQL prints "Index scan", not "Covering index scan", for some covering scans (MySQL bug
// #117666): using_index is what the tree says.
//
// Errors (kParseError): no `->` line, text other than the client's decoration before the first
// one (an error message, JSON), a `->` without a description.
Result<Plan> ReadExplainTree(std::string_view text);

}  // namespace qadvisor::connectors
