// The order `check` applies its files in. Migration tools apply files by version (Flyway's
// V2__ before V10__, golang-migrate's 2_ before 10_); a shell glob sorts them as text, so
// `db/migrations/*.sql` would apply V10__ before V2__ and report schema errors that are not
// there. Files keep the order given, except that the versioned ones of one directory take the
// places they hold among themselves in version order. A directory stands for its *.sql files.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"

namespace qadvisor::cli {

// The version a migration's file name carries, as numbers to compare in order: Flyway's
// `V1__x.sql` {1}, `V1.2__x.sql` and `V1_2__x.sql` {1, 2}; a leading number, as golang-migrate,
// Rails and hand-numbered folders write it: `001_x.sql` {1}, `20240131120000_x.sql`. nullopt for
// any other name (`R__views.sql`, `schema.sql`, `queries.sql`).
std::optional<std::vector<uint64_t>> MigrationVersion(std::string_view file_name);

struct OrderedInputs {
  std::vector<std::string> files;
  // Versioned files were moved: the order differs from the one given (directories expanded).
  bool reordered = false;
};

// `inputs` in the order to apply them: each directory replaced by its regular *.sql files (not
// recursive; an error when it has none), then the versioned files of each directory permuted
// into version order among the places they hold (a stable sort: equal versions keep their
// order). "-" (standard input) and everything else keep their places.
Result<OrderedInputs> OrderMigrations(std::span<const std::string> inputs);

}  // namespace qadvisor::cli
