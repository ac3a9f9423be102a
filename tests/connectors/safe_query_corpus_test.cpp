// Every query of every corpus slow log through ToReadOnlySelect: nothing crashes, every accepted
// result passes the gate again and parses as one SELECT, every UPDATE / DELETE rewrite keeps the
// original's WHERE, and the counts of accepted and refused (by reason) are printed.
#include <fcntl.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>

#include "connectors/safe_query.h"
#include "parser/parser.h"
#include "parser/slowlog.h"

namespace {

using namespace qadvisor;
namespace ast = parser::ast;
namespace fs = std::filesystem;

const fs::path kCorpus = QADVISOR_CORPUS_DIR;

// The fixed phrase of a refusal: up to the first ": " ("does not parse", "calls a function that
// must not run", …); the "only SELECT … verified; this is a CALL" message whole (kinds are few).
std::string Reason(const std::string& message) {
  const size_t colon = message.find(": ");
  return colon == std::string::npos ? message : message.substr(0, colon);
}

const ast::Expr* WhereOf(const ast::Statement& s) {
  switch (s.kind) {
    case ast::StatementKind::kUpdate:
      return s.As<ast::UpdateStatement>().where;
    case ast::StatementKind::kDelete:
      return s.As<ast::DeleteStatement>().where;
    default:
      return nullptr;
  }
}

struct Tally {
  size_t events = 0, accepted = 0, refused = 0;
  std::map<std::string, size_t> rewritten;  // rewritten_from → count
  std::map<std::string, size_t> reasons;

  void Check(const std::string& where, std::string_view sql, const parser::ParseOptions& options) {
    ++events;
    const Result<connectors::RunnableQuery> r = connectors::ToReadOnlySelect(sql, options);
    if (!r.ok()) {
      ++refused;
      ++reasons[Reason(r.status().message())];
      return;
    }
    ++accepted;
    ++rewritten[r->rewritten_from.empty() ? "SELECT" : r->rewritten_from];
    INFO(where << "\nin:  " << sql.substr(0, 300) << "\nout: " << r->sql.substr(0, 300));
    const Status gate = connectors::CheckReadOnlySelect(r->sql, options);
    INFO("gate: " << gate.message());
    CHECK(gate.ok());
    const parser::ParseResult after = parser::Parse(r->sql, options);
    REQUIRE(after.ok());
    REQUIRE(after.statements().size() == 1);
    REQUIRE(after.statements()[0]->kind == ast::StatementKind::kSelect);
    if (r->rewritten_from != "UPDATE" && r->rewritten_from != "DELETE") return;
    // The rewrite reads the rows the statement changes: the same WHERE.
    const parser::ParseResult before = parser::Parse(sql, options);
    if (!before.ok() || before.statements().size() != 1)
      return;  // rewritten from a normalised text
    const ast::Expr* w_before = WhereOf(*before.statements()[0]);
    const ast::Query& q = *after.statements()[0]->As<ast::SelectStatement>().query;
    REQUIRE(q.term->select != nullptr);
    const ast::Expr* w_after = q.term->select->where;
    REQUIRE((w_before == nullptr) == (w_after == nullptr));
    if (w_before != nullptr) CHECK(parser::Equal(*w_before, *w_after));
  }

  std::string Summary() const {
    std::ostringstream out;
    out << "safe_query over the corpus: " << events << " queries, " << accepted << " accepted (";
    const char* sep = "";
    for (const auto& [from, n] : rewritten) {
      out << sep << from << " " << n;
      sep = ", ";
    }
    out << "), " << refused << " refused:\n";
    for (const auto& [reason, n] : reasons) out << "  " << n << "  " << reason << "\n";
    return out.str();
  }
};

TEST_CASE("every corpus slow-log query becomes a safe SELECT or is refused with a reason",
          "[corpus]") {
  Tally tally;
  for (const char* dir : {"slowlogs", "real", "generated"}) {
    for (const auto& entry : fs::recursive_directory_iterator(kCorpus / dir)) {
      const std::string path = entry.path().string();
      if (!entry.is_regular_file() || path.ends_with(".gz") || path.ends_with(".json")) continue;
      // Files written for sql_mode=ANSI_QUOTES are read that way.
      parser::ParseOptions options;
      options.ansi_quotes = path.find("ansi") != std::string::npos;
      const int fd = ::open(path.c_str(), O_RDONLY);
      REQUIRE(fd >= 0);
      parser::SlowLogReader reader(path, fd);
      parser::EventBatch batch;
      while (reader.ReadBatch(batch)) {
        for (size_t i = 0; i < batch.size; ++i) {
          const parser::Event& e = batch.events[i];
          if (e.admin_command) continue;
          tally.Check(path + ":" + std::to_string(e.line), e.query, options);
        }
      }
      ::close(fd);
    }
  }
  WARN(tally.Summary());
  CHECK(tally.events > 9000);
  CHECK(tally.accepted > 7000);
  CHECK(tally.rewritten["UPDATE"] > 0);
  CHECK(tally.rewritten["DELETE"] > 0);
}

}  // namespace
