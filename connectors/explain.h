// EXPLAIN FORMAT=JSON (and MariaDB's ANALYZE FORMAT=JSON) read into a small plan summary: per
// table the access type, key, key length and parts, rows, filtered, whether the index alone
// answers (using_index), the attached condition and a join buffer; for the query whether it
// sorts (filesort) or builds a temporary table; and, from ANALYZE, the measured rows and times.
//
// Both servers' shapes are read (MySQL 8.0 Reference Manual 15.8.2 "EXPLAIN Output Format";
// MariaDB Knowledge Base "EXPLAIN FORMAT=JSON" and "ANALYZE FORMAT=JSON"): MariaDB nests tables
// in nested_loop / block-nl-join / filesort / temporary_table and writes numbers as numbers,
// MySQL in nested_loop / ordering_operation / grouping_operation with rows_examined_per_scan
// and filtered as strings. The reader walks the whole document, so subqueries and derived
// tables (their own query_block) contribute their tables too, in document order.
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
  std::optional<double> r_time_ms;  // ANALYZE: time spent reading this table
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

}  // namespace qadvisor::connectors
