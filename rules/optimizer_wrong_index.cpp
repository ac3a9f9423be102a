// optimizer-wrong-index: on the server, another existing index serves the query far better than
// the one the optimizer chose. Measured by `qadvisor verify` (connectors/index_choice.h); check
// cannot tell, so the rule has no static check.
#include "rules/rule.h"

namespace qadvisor::rules {
namespace {

constexpr RuleInfo kInfo{.id = "optimizer-wrong-index",
                         .severity = Severity::kWarning,
                         .scope = Scope::kLive,
                         .summary =
                             "the optimizer chose an index another existing index beats "
                             "on the server, by time and rows read",
                         .doc = R"md(
## What it does

`qadvisor verify` asks the server, for each of the heaviest query classes, which index the
optimizer chose for each table (`EXPLAIN FORMAT=JSON`), and which other existing indexes could
serve that table (the same access analysis the other rules use: an index whose leading
columns the query binds, or that gives its `ORDER BY`). It times the query as the optimizer
runs it and with each of those indexes forced (`FORCE INDEX`), a warm-up and then the median of
`--runs`, reading the rows each plan really reads (`ANALYZE FORMAT=JSON`, MySQL's `EXPLAIN
ANALYZE`). When another index is at least `--min-speedup` times faster (2 by default) in the
median and reads fewer rows, it reports the class: the chosen index with its median time and
rows read, and the better one with its own.

Only reads run, each inside `START TRANSACTION READ ONLY` with verify's statement time limit.
It runs on a server with real data: `--dsn`, or `--sandbox` with `--sample-from`; the
generated rows of a plain sandbox say nothing about the optimizer's choice on yours.

## Why it matters

The optimizer picks an index from estimates. The classic ways they mislead it: `ORDER BY … LIMIT
n` where it walks an index in sort order expecting the filter to match early, and the matching
rows only come at the end; statistics gone stale after a bulk load or a large delete
(`STATS_AUTO_RECALC=0`, persistent statistics never refreshed); skewed values with no
histogram, so a wide range looks cheaper than a selective lookup; an index merge chosen over a
single composite index. The query then reads many times the rows it needs, and no new index
fixes it: a better one already exists.

## Example

```sql
-- 300 000 orders; customer 77's 40 orders are the newest ones. The optimizer reads PRIMARY in
-- id order, expecting to meet customer 77's rows early: it reads 299 960 rows first.
SELECT id, total FROM orders WHERE customer_id = 77 ORDER BY id LIMIT 10;
```

## Fix

Most durable first; `verify` measures again after each step it can take:

- Fresh statistics. `ANALYZE TABLE orders;` On MariaDB, with engine-independent statistics and
  histograms: `ANALYZE TABLE orders PERSISTENT FOR COLUMNS (customer_id) INDEXES
  (idx_customer);`. On MySQL 8, a histogram on the filtered column: `ANALYZE TABLE orders UPDATE
  HISTOGRAM ON customer_id WITH 64 BUCKETS;`. `verify` runs it in the sandbox, and on a `--dsn`
  server only with `--allow-analyze` (as `ANALYZE NO_WRITE_TO_BINLOG TABLE`: the server's own
  statistics change, nothing is replicated), then measures the query again; when the optimizer
  then chooses the better index, that is the fix.
- Still wrong after it: the hint, in the statement: `FROM orders FORCE INDEX (idx_customer)`;
  MySQL 8.0.20 and later also take the optimizer hint `SELECT /*+ INDEX(orders idx_customer) */
  …`. A hint pins the plan: it outlives the data that made it right.
- Or an index that removes the ambiguity, such as one holding both the filter and the order
  (`(customer_id, id)` here): the optimizer then has one obvious choice.

## MySQL reference

- MySQL 8.0 Reference Manual, 10.9.4 "Index Hints", and 10.9.3 "Optimizer Hints" (`INDEX`)
- MySQL 8.0 Reference Manual, 10.2.1.19 "LIMIT Query Optimization"
- MySQL 8.0 Reference Manual, 17.8.10.1 "Configuring Persistent Optimizer Statistics
  Parameters" (`STATS_AUTO_RECALC`), and 10.9.6 "Optimizer Statistics" (histograms)
- MariaDB Knowledge Base, "ANALYZE TABLE" (`PERSISTENT FOR`) and "Engine-Independent Table
  Statistics"
)md"};

class OptimizerWrongIndex final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }
};

}  // namespace

std::unique_ptr<Rule> MakeOptimizerWrongIndex(const RuleOptions& /*options*/) {
  return std::make_unique<OptimizerWrongIndex>();
}

}  // namespace qadvisor::rules
