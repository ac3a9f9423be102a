// Generated rows loaded into the sandbox: LoadRows runs a load plan's statements, then
// ANALYZE TABLE (see datagen.h).
#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "connectors/datagen.h"
#include "connectors/datagen_internal.h"
#include "parser/keywords.h"

namespace qadvisor::connectors {
namespace {

using datagen_internal::SessionVariable;
using parser::EqualsIgnoreCase;

// The last row a statement inserts: the b of its `seq_a_to_b` (`total` if it has none).
uint64_t RowsThrough(std::string_view statement, uint64_t total) {
  const size_t at = statement.rfind("_to_");
  if (at == std::string_view::npos) return total;
  uint64_t last = 0;
  for (size_t i = at + 4; i < statement.size() && statement[i] >= '0' && statement[i] <= '9'; ++i) {
    last = last * 10 + static_cast<uint64_t>(statement[i] - '0');
  }
  return std::min(last, total);
}

}  // namespace

Status LoadRows(
    Session& session, const std::vector<TableLoad>& loads,
    const std::function<void(std::string_view table, uint64_t done, uint64_t total)>& progress,
    std::vector<FailedLoad>* failed) {
  // What the load sets, as `name=value`; check_constraint_checks is MariaDB's (10.2.1+).
  std::vector<std::pair<std::string_view, std::string_view>> settings = {
      {"foreign_key_checks", "0"}, {"unique_checks", "0"}, {"time_zone", "'+00:00'"}};
  if (session.mariadb()) settings.emplace_back("check_constraint_checks", "0");
  std::vector<std::string> set;
  std::vector<std::string> restore;
  for (const auto& [name, value] : settings) {
    QADVISOR_ASSIGN_OR_RETURN(const std::string saved, SessionVariable(session, name));
    set.push_back(fmt::format("{}={}", name, value));
    restore.push_back(fmt::format("{}={}", name, name == "time_zone" ? "'" + saved + "'" : saved));
  }
  QADVISOR_RETURN_IF_ERROR(session.Execute(fmt::format("SET SESSION {}", fmt::join(set, ", "))));
  auto run = [&]() -> Status {
    std::vector<const TableLoad*> loaded;
    for (const TableLoad& load : loads) {
      Status status;
      for (const std::string& statement : load.statements) {
        status = session.Execute(statement);
        if (!status.ok()) break;
        if (progress) progress(load.table, RowsThrough(statement, load.rows), load.rows);
      }
      if (status.ok()) {
        if (!load.statements.empty()) loaded.push_back(&load);
        continue;
      }
      if (failed == nullptr || session.connection_lost()) {
        return Status(status.code(), fmt::format("loading {}: {}", load.table, status.message()));
      }
      failed->push_back({load.table, status.message()});
      // Half a table would measure as a table of that size: none is clearer.
      const Status emptied = session.Execute("DELETE FROM " + load.quoted_name);
      if (!emptied.ok()) {
        return Status(emptied.code(),
                      fmt::format("emptying {}: {}", load.table, emptied.message()));
      }
    }
    for (const TableLoad* l : loaded) {
      const TableLoad& load = *l;
      auto result = session.Query("ANALYZE TABLE " + load.quoted_name);
      if (!result.ok()) {
        return Status(result.status().code(),
                      fmt::format("ANALYZE TABLE {}: {}", load.table, result.status().message()));
      }
      for (const std::vector<std::string>& row : result->values) {
        if (row.size() >= 4 && EqualsIgnoreCase(row[2], "error")) {
          return Status(StatusCode::kIoError,
                        fmt::format("ANALYZE TABLE {}: {}", load.table, row[3]));
        }
      }
    }
    return Status::Ok();
  };
  const Status status = run();
  // Restore the session's settings even after a failure; the first error wins.
  const Status restored = session.Execute(fmt::format("SET SESSION {}", fmt::join(restore, ", ")));
  QADVISOR_RETURN_IF_ERROR(status);
  return restored;
}

}  // namespace qadvisor::connectors
