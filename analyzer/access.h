// Access-path reasoning: for one table of a query block, what each of its indexes can do.
//
// For every visible B-tree index: the leftmost prefix the query's sargable predicates can
// search (equalities, then at most one range — MySQL 8.0 Reference Manual 10.3.6,
// "Multiple-Column Indexes", and 10.2.1.2, "Range Optimization"), whether that is a unique
// lookup, whether the index (with the primary-key columns InnoDB adds to it) covers every
// column the query reads from the table (10.3.? "covering index": Extra "Using index"), and
// whether ORDER BY / GROUP BY can be read in index order (10.2.1.16, "ORDER BY
// Optimization"). The best index is picked as the optimizer roughly would without
// statistics: a unique lookup, then the longest equality prefix, then a range, then covering.
#pragma once

#include <string>
#include <vector>

#include "analyzer/query_model.h"

namespace qadvisor::analyzer {

struct IndexUse {
  const Index* index = nullptr;
  int eq_parts = 0;                    // leading key parts bound by equality predicates
  bool range = false;                  // the next part is bound by a range predicate
  std::vector<const Predicate*> used;  // the predicates that bind those parts
  bool unique_lookup = false;          // a unique index with every part bound by = : one row
  bool covering = false;               // the index alone yields every column the query reads
  bool order_served = false;           // ORDER BY / GROUP BY read in index order (no sort)
  int first_unbound = 0;               // the first key part not used
  // A key part after the used prefix that has a sargable predicate the index cannot use
  // (the leading part has none, or a range stopped the prefix), or -1.
  int unused_constrained_part = -1;

  int used_parts() const { return eq_parts + (range ? 1 : 0); }
};

struct TableAccess {
  int table = -1;                 // in the block
  std::vector<IndexUse> indexes;  // one per visible B-tree index, in the table's order
  int best = -1;                  // index into `indexes` of the best usable one, or -1: a scan
  bool has_filter = false;        // sargable predicates with constant / outer values
  bool has_join = false;          // sargable join equalities (value kColumn)
  bool sorts = false;             // ORDER BY / GROUP BY on this table needs a sort
  bool order_applies = false;     // this table is the one ORDER BY / GROUP BY is about

  const IndexUse* Best() const { return best < 0 ? nullptr : &indexes[best]; }
};

struct AccessOptions {
  bool use_joins = true;  // count join equalities as lookups (the table driven by a join)
  // Count predicates as if their Fixable blockers were removed (SargableOnceFixed): what the
  // statement could use once the findings about them are acted on.
  bool assume_fixed = false;
};

// Analyses table `t` of `block`. Tables the catalog does not have give an empty TableAccess.
TableAccess AnalyzeAccess(const QueryBlock& block, int t, const AccessOptions& options = {});

// Whether reading `index` of `use.table` in order yields rows ordered as `order` (columns of
// this table only), after skipping key parts bound by the equality predicates in `eq`.
bool ServesOrder(const Table& table, const Index& index, const std::vector<OrderColumn>& order,
                 int t, const std::vector<const Predicate*>& eq, bool any_order);

// The index a table of a query block would want, by the three-star design (Lahdenmäki):
// equality columns first (=, IS NULL, then IN, then join equalities), then the ORDER BY /
// GROUP BY columns when they are all this table's, no IN list precedes them (so no sort is
// needed), and no range on another column would follow the equalities in a statement without
// LIMIT (then the range reads fewer rows than the ordered read); else the first range column.
// `include` lists the other columns the query reads, which would make it covering. Empty
// `columns` when the table has nothing an index could search or sort by. With
// `options.assume_fixed`, a predicate with a function around its column counts as the
// bare-column comparison function-on-column suggests (DATE(c) = d: a range on c), when there is
// one, and a string column compared with a number as the comparison with the quoted number
// (implicit-conversion); the columns searched only so are listed in `rewrite`.
struct IndexWant {
  std::vector<std::string> columns;     // key columns, in order (catalog spelling)
  std::vector<bool> descending;         // per key column, to serve ORDER BY … DESC
  size_t equalities = 0;                // the leading key columns bound by equality (any order)
  std::vector<std::string> include;     // further columns for a covering index
  bool serves_order = false;            // the key serves ORDER BY / GROUP BY
  bool has_range = false;               // the last key column is a range
  std::vector<std::string> rewrite;     // key columns searched only once the statement is rewritten
  std::vector<std::string> rewrite_by;  // per `rewrite` column: the rule whose fix that is
};
// With `options.use_joins` false, join equalities are left out: for the table read first.
IndexWant WantIndex(const QueryBlock& block, int t, const AccessOptions& options = {});

// Which table of a join the optimizer most likely reads first: the one with the strongest
// filter of its own (an equality beats a range beats nothing), never the inner side of an
// outer join; ties go to the first in FROM. 0 for a single table. The others are looked up
// through the join's columns.
int DrivingTable(const QueryBlock& block);

// Whether an existing index already gives what `want` asks for: its leading parts are the
// wanted key columns (equalities in any order, then the rest in order).
bool IndexServesWant(const Table& table, const Index& index, const IndexWant& want);

}  // namespace qadvisor::analyzer
