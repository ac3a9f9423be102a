// The optimizer's index choice, second-guessed on the server (rule optimizer-wrong-index).
//
// For each query class given (heaviest first): its sample made the read-only SELECT that reads
// the same rows (ToReadOnlySelect; a digest's `?` filled by FillDigest), parsed and bound to the
// catalog. For each table of it that is read from the catalog, names no index hint, and has at
// least two existing indexes the access analysis finds usable (leading parts bound by the
// query's predicates, or the ORDER BY / GROUP BY read in index order), the query is measured as
// the optimizer runs it (MeasureSelect: EXPLAIN's key, rows really read, median time) and with
// each other usable index forced (`FORCE INDEX` right after the table reference). A forced index
// is better when it is at least `min_speedup` times faster in the median, by more than timer
// noise (0.5 ms), and reads fewer rows (ComparableReads). Then, for a table where one is:
//  - its statistics beside the real counts: the row estimate (information_schema.TABLES) and
//    COUNT(*), each index's leading-column cardinality (information_schema.STATISTICS) and
//    COUNT(DISTINCT …) — each count a read-only statement under the time limit; a count that
//    does not finish in it is left unknown;
//  - with `allow_analyze`, fresh statistics: `ANALYZE NO_WRITE_TO_BINLOG TABLE …` (MariaDB:
//    `PERSISTENT FOR COLUMNS (…) INDEXES (…)` of the two indexes, so histograms are collected),
//    and the query measured again as the optimizer runs it.
//
// Safety: only SELECTs run, each through CheckReadOnlySelect inside START TRANSACTION READ ONLY
// with the statement time limit (measure.h); ANALYZE TABLE is the only other statement, and only
// with `allow_analyze` (the caller's --allow-analyze on a user's server, always in the sandbox).
//
// Not thread-safe: one check per session at a time.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/catalog.h"
#include "analyzer/query_model.h"
#include "analyzer/verification.h"
#include "base/status.h"
#include "connectors/measure.h"
#include "connectors/session.h"
#include "parser/parser.h"

namespace qadvisor::connectors {

// One query class to check: its id, its slowest sample (or digest text) and its database.
struct ClassToCheck {
  std::string id;
  std::string query;
  std::string database;
};

struct IndexChoiceOptions {
  MeasureOptions measure;
  double min_speedup = 2;  // a forced index this many times faster (median) is better
  bool allow_analyze =
      false;  // run ANALYZE TABLE on a table whose choice is wrong, then re-measure
  // Where statements run when the sample names no database: the sandbox's, or the DSN's.
  std::string default_database;
  parser::ParseOptions parse;
  std::function<void(std::string_view step)> progress;
};

struct IndexStatistic {
  std::string index;
  std::string column;                   // its leading column
  std::optional<uint64_t> cardinality;  // the server's estimate for that column
  std::optional<uint64_t> counted;      // COUNT(DISTINCT column), when it finished in time
};

struct TableStatistics {
  std::optional<uint64_t> estimated_rows;  // information_schema.TABLES.TABLE_ROWS
  std::optional<uint64_t> counted_rows;    // COUNT(*), when it finished in time
  std::vector<IndexStatistic> indexes;     // the chosen and the better index
};

// One table of one class whose choice was compared.
struct IndexChoice {
  std::string query_class;
  const analyzer::Table* table = nullptr;
  std::string alias;      // the name the query gives the table
  std::string statement;  // the SELECT that ran, as the optimizer plans it
  analyzer::MeasuredPlan chosen;
  std::vector<analyzer::MeasuredPlan> forced;  // each other usable index forced; .key is it
  int better = -1;             // index into `forced` of the fastest that beats `chosen`, or -1
  TableStatistics statistics;  // read when `better` >= 0
  std::string analyze;         // the ANALYZE statement run, if any
  std::optional<analyzer::MeasuredPlan> after_analyze;  // as the optimizer runs it after
  std::string note;  // why a measurement is missing, or what was filled in

  const analyzer::MeasuredPlan* Better() const {
    return better < 0 ? nullptr : &forced[static_cast<size_t>(better)];
  }
  // Whether fresh statistics made the optimizer choose the better index.
  bool FixedByAnalyze() const;
};

struct IndexChoiceOutcome {
  std::vector<IndexChoice> choices;  // every table compared, in class order
  std::vector<std::string> skipped;  // "class 3F…: not run: …", one per class not compared
  Status status;                     // ok, or why the check stopped (connection lost, interrupted)
};

IndexChoiceOutcome CheckIndexChoices(Session& session, const analyzer::Catalog& catalog,
                                     std::span<const ClassToCheck> classes,
                                     const IndexChoiceOptions& options);

// The rows plan `m` read, to compare it with `other`: the engine's row reads (Handler_read_%)
// when the server counted them for both — they include what a rowid filter or an index merge
// read and then rejected, which ANALYZE's r_rows leaves out — else r_rows.
std::optional<double> ComparableReads(const analyzer::MeasuredPlan& m,
                                      const analyzer::MeasuredPlan& other);

// `sql` with `FORCE INDEX (index)` right after the table reference at `table` (its span, as the
// binder recorded it: the name and alias).
std::string ForceIndex(std::string_view sql, analyzer::Span table, std::string_view index);

// The indexes of `table` (the block's table `t`) the access analysis finds usable: leading parts
// bound, or the order read in index order. In the table's order.
std::vector<const analyzer::Index*> UsableIndexes(const analyzer::QueryBlock& block, int t);

}  // namespace qadvisor::connectors
