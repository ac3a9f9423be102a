// `qadvisor verify`: the advice of `advise`, measured before and after each proposed index on a
// server the user names (--dsn/--socket with --allow-ddl) or on a private sandbox server.
#pragma once

#include <cstdint>
#include <string>

#include "cli/check_command.h"

namespace qadvisor::cli {

struct VerifyArgs {
  AdviseArgs advise;  // the schema, the workload, the report's format and file
  bool sandbox = false;
  bool allow_ddl = false;
  bool allow_writes = false;  // --dsn: time the workload's writes, rolled back (--sandbox does)
  bool allow_analyze =
      false;                // --dsn: ANALYZE TABLE where the optimizer chose wrong (--sandbox may)
  double min_speedup = 2;   // optimizer-wrong-index: a forced index this many times faster
  bool cleanup = false;     // only drop the indexes an earlier run left behind
  uint64_t rows = 200000;   // sandbox: rows for each table without a row-count statistic
  int runs = 5;             // timed runs per side
  double time_limit = 30;   // seconds per statement
  size_t max_queries = 5;   // query classes measured per proposal
  std::string server;       // sandbox: the mariadbd / mysqld binary (default: found on PATH)
  std::string stats_from;   // sandbox: a DSN whose statistics shape the generated rows
  std::string sample_from;  // sandbox: a DSN whose rows (up to `rows` a table) are copied
  bool keep_sandbox = false;  // leave the sandbox's directory (for debugging)
};

int RunVerifyCommand(const VerifyArgs& args);

}  // namespace qadvisor::cli
