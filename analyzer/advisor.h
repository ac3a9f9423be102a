// The workload index advisor: the few indexes that serve most of a workload's time.
//
// Per query (class), each table's want comes from the three-star design (access.h's
// WantIndex): equality columns, then the ORDER BY columns when no sort is then needed, or one
// range column, then — when the width allows — the other columns the query reads, so the
// index covers it. Wants an existing index already serves (counting the primary key InnoDB
// appends to every secondary index) need nothing. The rest are merged across the workload,
// heaviest first: a want the index of another serves is absorbed by it, a want that extends
// another replaces it, two wants with the same equality columns become one index (Combine) when
// it serves each as its own would, and a want that extends an existing non-unique index extends
// that index rather than adding a new one. Each table gets at most `max_indexes_per_table`
// proposals; each proposal lists the classes it serves, the existing indexes it makes
// redundant, its DDL, and why. Statistics, when known, order equality columns, keep indexes
// off columns with a handful of distinct values, and skip tiny tables; without them, a class
// that reads a table with no index and never examined `tiny_table_rows` rows in a call
// (Rows_examined) gets none on it. A join that looks a table up through a charset, collation or
// type conversion gets no index on its other tables: the conversion's scan is its cost, and the
// advice names the fix instead. A filter that needs a rewrite (a function around its column, a
// number compared with a string column) comes first: when an existing index serves the
// rewritten filter, the class gets no index; else the index for the rewritten query, labelled
// so. A timed class below `min_share` of the workload's time gets no index. The workload's
// writes are counted per table, and each proposal carries what they would spend maintaining it
// (WriteCost in advisor.cpp); a timed proposal whose cost reaches its benefit is not made.
//
// Deterministic: the same workload and catalog give the same proposals in the same order.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "analyzer/access.h"
#include "analyzer/catalog.h"
#include "analyzer/query_model.h"

namespace qadvisor::analyzer {

struct AdvisorOptions {
  size_t max_indexes_per_table = 3;  // new or extended indexes proposed per table
  size_t max_include_columns = 3;    // columns added to make an index covering
  uint32_t max_key_bytes = 3072;     // InnoDB's key limit (DYNAMIC row format); 767: COMPACT
  uint64_t tiny_table_rows = 1000;   // with statistics: smaller tables get no proposal
  uint64_t low_cardinality = 10;     // with statistics: distinct values of a "handful"
  // An existing index that searches a class reading at most this many rows a call (its
  // Rows_examined, or its LIMIT when the index gives the order) is not made covering.
  uint64_t few_rows = 100;
  // A timed class below this share of the workload's time gets no index: an index costs every
  // write and a page of buffer pool, and saves at most that share. Its findings stay.
  double min_share = 0.005;
  // What one row written costs each secondary index, in millionths of a second: 2–2.5 µs were
  // measured on MariaDB 10.11 with the table in memory (INSERT … SELECT of 300 000 rows into a
  // table with 0, 1 and 3 secondary indexes: 2.9, 4.9–5.4 and 9.6–10.4 µs a row); four times
  // that leaves room for a table larger than the buffer pool.
  double index_write_us = 10;
  bool timed = true;  // weights are query time (millionths of a second), else statement counts
};

// One item of the workload: a query class (or a statement of a SQL file) bound to the catalog.
struct WorkloadQuery {
  std::string id;                     // the class id
  int64_t weight = 0;                 // its total time in millionths of a second (or its count)
  const QueryModel* model = nullptr;  // must outlive Advise()
  uint64_t calls = 1;                 // its executions
  std::optional<uint64_t> rows_affected = std::nullopt;  // in all its executions, when known
};

// The workload's writes to one table: what every new index on it would have to maintain.
struct TableWrites {
  const Table* table = nullptr;
  uint64_t inserts = 0, updates = 0, deletes = 0, replaces = 0;  // calls
  std::optional<uint64_t> rows_affected;   // when the log says for every write class
  int64_t weight = 0;                      // their time (or statement count)
  std::vector<std::string> query_classes;  // the write classes, heaviest first

  uint64_t calls() const { return inserts + updates + deletes + replaces; }
};

struct IndexProposal {
  const Table* table = nullptr;
  std::string name;                        // a fresh index name on that table
  std::vector<std::string> columns;        // key columns in order, covering columns last
  std::vector<uint32_t> prefix_lengths;    // per column, 0: the whole column
  std::vector<bool> descending;            // per column
  std::vector<std::string> include;        // the covering columns (the tail of `columns`)
  std::vector<std::string> replaces;       // existing indexes it makes redundant (dropped in ddl)
  std::string extends;                     // the existing index it extends, if any (in replaces)
  std::vector<std::string> query_classes;  // ids of the classes it serves, heaviest first
  int64_t weight = 0;                      // the total time of those classes
  // What the workload's writes would spend keeping it up to date (see WriteCost in
  // advisor.cpp): an estimate in the unit of `weight`, and the write statements it counts.
  int64_t write_cost = 0;
  uint64_t write_calls = 0;
  std::string ddl;     // ALTER TABLE … ADD INDEX …[, DROP INDEX …];
  std::string reason;  // one sentence
};

// What the advisor concluded about one table of one query.
struct TableAdvice {
  const Table* table = nullptr;
  IndexWant want;         // empty columns: nothing an index could search or sort by
  std::string served_by;  // an existing index that already gives the want
  int proposal = -1;      // index into Advice::proposals, or -1
  std::string skipped;    // why no index is proposed although the want is not served
};

struct ClassAdvice {
  std::string id;
  std::vector<TableAdvice> tables;
};

struct Advice {
  std::vector<IndexProposal> proposals;  // ranked by weight, heaviest first
  std::vector<ClassAdvice> classes;      // in workload order
  std::vector<TableWrites> writes;       // the tables the workload writes, heaviest first

  // The advice for class `id`, or nullptr (reports look up every class: a map, not a scan).
  const ClassAdvice* Find(std::string_view id) const;
  std::unordered_map<std::string, size_t> by_id;  // class id → index into classes
};

Advice Advise(const Catalog& catalog, std::span<const WorkloadQuery> workload,
              const AdvisorOptions& options = {});

}  // namespace qadvisor::analyzer
