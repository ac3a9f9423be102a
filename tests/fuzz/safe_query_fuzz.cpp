// libFuzzer target: arbitrary bytes through the safe-query gate (connectors/safe_query.h), the
// last line of defence before a sample from a slow log reaches a user's server. For any input,
// read with and without ANSI_QUOTES, nothing may crash, hang or leak, and:
//  1. whatever ToReadOnlySelect() returns passes CheckReadOnlySelect() (it promises so), and
//     FillPlaceholders(), WithTimeLimit() and ExplainStatement() on it run;
//  2. ToReadOnlySelect() is idempotent on its own result: that result is a plain SELECT, which
//     it keeps "as written";
//  3. whatever CheckReadOnlySelect() accepts still passes it with MySQL's time limit added
//     (WithTimeLimit(x, /*mariadb=*/false, s)): the /*+ MAX_EXECUTION_TIME(…) */ hint goes inside
//     the SELECT, so the text must stay one SELECT the gate accepts. Not so for MariaDB's form,
//     `SET STATEMENT … FOR <select>`, which is by design not a SELECT; that one only has to run;
//  4. the write gate: whatever ToWrite() returns passes CheckWrite(), is an INSERT, REPLACE,
//     UPDATE or DELETE, and is ToWrite()'s own result again (a write runs as written).
// The input is tried whole, as a digest text made runnable (FillPlaceholders, as verify does
// with performance_schema samples), as the content of a hint (`SELECT /*+ <input> */ x`, for
// property 3), and split at each `;` so that the multi-statement seed files (rule fixtures, the
// sample repository's queries) give single statements to mutate.
// A broken property prints the statement and aborts, so libFuzzer saves the input.
#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <limits>
#include <string>
#include <string_view>

#include "connectors/safe_query.h"

namespace {

using namespace qadvisor;

[[noreturn]] void Fail(const char* property, std::string_view input, std::string_view output,
                       const Status& status) {
  std::fprintf(stderr, "safe_query_fuzz: %s\n  input:  %.*s\n  output: %.*s\n  status: %s\n",
               property, static_cast<int>(input.size()), input.data(),
               static_cast<int>(output.size()), output.data(), status.ToString().c_str());
  std::abort();
}

// Time limits worth trying: an ordinary one and the ones WithTimeLimit() has to clamp.
constexpr double kLimits[] = {1,
                              0,
                              -3,
                              0.0004,
                              1e300,
                              std::numeric_limits<double>::quiet_NaN(),
                              std::numeric_limits<double>::infinity()};

// Property 3 for `select`, which the gate accepted under `options`. `pick` chooses the limit.
void CheckTimeLimit(std::string_view select, const parser::ParseOptions& options, size_t pick) {
  const double seconds = kLimits[pick % std::size(kLimits)];
  const std::string limited = connectors::WithTimeLimit(select, /*mariadb=*/false, seconds);
  if (const Status s = connectors::CheckReadOnlySelect(limited, options); !s.ok()) {
    Fail("the gate refuses what it accepted once MySQL's time limit is added", select, limited, s);
  }
  (void)connectors::WithTimeLimit(select, /*mariadb=*/true, seconds);
}

// Property 4 for `text`.
void CheckWrite(std::string_view text, const parser::ParseOptions& options) {
  Result<connectors::RunnableWrite> write = connectors::ToWrite(text, options);
  if (!write.ok()) return;
  const std::string& sql = write->sql;
  if (const Result<connectors::RunnableWrite> checked = connectors::CheckWrite(sql, options);
      !checked.ok()) {
    Fail("ToWrite returned what the write gate refuses", text, sql, checked.status());
  }
  const std::string_view kind = write->kind;
  if (kind != "INSERT" && kind != "REPLACE" && kind != "UPDATE" && kind != "DELETE") {
    Fail("ToWrite accepted something else than a write", text, kind, Status::Ok());
  }
  Result<connectors::RunnableWrite> again = connectors::ToWrite(sql, options);
  if (!again.ok()) Fail("ToWrite refuses its own result", text, sql, again.status());
  if (again->sql != sql) Fail("ToWrite changes its own result", sql, again->sql, Status::Ok());
  (void)connectors::WriteWithTimeLimit(sql, kLimits[text.size() % std::size(kLimits)]);
}

void OneStatement(std::string_view text, const parser::ParseOptions& options) {
  const size_t pick = text.size();
  CheckWrite(text, options);
  if (connectors::CheckReadOnlySelect(text, options).ok()) CheckTimeLimit(text, options, pick);

  Result<connectors::RunnableQuery> runnable = connectors::ToReadOnlySelect(text, options);
  if (!runnable.ok()) return;
  const std::string& sql = runnable->sql;
  if (const Status s = connectors::CheckReadOnlySelect(sql, options); !s.ok()) {
    Fail("ToReadOnlySelect returned what the gate refuses", text, sql, s);
  }
  CheckTimeLimit(sql, options, pick + 1);
  (void)connectors::FillPlaceholders(sql);
  for (const bool mariadb : {false, true}) {
    for (const bool analyze : {false, true}) {
      (void)connectors::ExplainStatement(sql, mariadb, analyze);
    }
  }
  (void)connectors::ExplainStatement(sql, pick % 2 == 0, pick % 3 == 0,
                                     kLimits[(pick / 6) % std::size(kLimits)]);
  Result<connectors::RunnableQuery> again = connectors::ToReadOnlySelect(sql, options);
  if (!again.ok()) Fail("ToReadOnlySelect refuses its own result", text, sql, again.status());
  if (again->sql != sql || !again->rewritten_from.empty()) {
    Fail("ToReadOnlySelect changes its own result", sql, again->sql, Status::Ok());
  }
}

void Statement(std::string_view text) {
  // The input also as the content of an optimizer hint, the one part of a SELECT that
  // WithTimeLimit() rewrites (merging its MAX_EXECUTION_TIME into it): random statements seldom
  // hold a hint, and a mutation seldom makes one.
  const std::string hinted = fmt::format("SELECT /*+ {} */ x", text);
  for (const bool ansi_quotes : {false, true}) {
    const parser::ParseOptions options{.ansi_quotes = ansi_quotes};
    OneStatement(text, options);
    const std::string filled = connectors::FillPlaceholders(text);
    if (filled != text) OneStatement(filled, options);
    if (connectors::CheckReadOnlySelect(hinted, options).ok()) {
      CheckTimeLimit(hinted, options, text.size());
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  Statement(input);
  // The pieces between `;` (a cut inside a string or comment only makes another input).
  if (input.find(';') == std::string_view::npos) return 0;
  size_t start = 0;
  for (int pieces = 0; start <= input.size() && pieces < 64; ++pieces) {
    const size_t end = std::min(input.find(';', start), input.size());
    Statement(input.substr(start, end - start));
    start = end + 1;
  }
  return 0;
}
