// Parse throughput of qadvisor's parser and libpg_query, side by side in one process, on the
// statements of a corpus that both accept. See bench/parser/README.md for what each row times.
//
//   parser_bench [--runs N] [--passes N] [--only TEXT] CORPUS
//
// CORPUS holds statements each followed by ";\n" (bench/parser/make_corpus.py writes one).
// --only times just the parser named TEXT (for perf record).
#include <pg_query.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "base/ascii.h"
#include "parser/parser.h"

// libpg_query's internal API (pg_query_internal.h, which needs PostgreSQL's server headers and so
// is unusable as shipped). pg_query_parse() is exactly: enter a memory context, raw parse, turn
// the tree into JSON, leave the context. These four let us time the same steps without the JSON.
extern "C" {
struct PgQueryRawParseResult {  // PgQueryInternalParsetreeAndError
  void* tree;                   // List*
  char* stderr_buffer;
  PgQueryError* error;
};
PgQueryRawParseResult pg_query_raw_parse(const char* input);
void pg_query_free_error(PgQueryError* error);
void* pg_query_enter_memory_context();
void pg_query_exit_memory_context(void* context);
}

namespace {

namespace qp = qadvisor::parser;

using Clock = std::chrono::steady_clock;

// Each parse function returns something derived from its result, summed into a sink, so that
// no work can be skipped.
size_t QadvisorParse(const std::string& sql) { return qp::Parse(sql).statements().size(); }

size_t QadvisorParseJson(const std::string& sql) {
  const qp::ParseResult result = qp::Parse(sql);
  size_t n = 0;
  for (const qp::ast::Statement* s : result.statements()) n += qp::ToJson(*s).size();
  return n;
}

size_t PgParseJson(const std::string& sql) {
  const PgQueryParseResult result = pg_query_parse(sql.c_str());
  const size_t n = result.error == nullptr;
  pg_query_free_parse_result(result);
  return n;
}

size_t PgParseProtobuf(const std::string& sql) {
  const PgQueryProtobufParseResult result = pg_query_parse_protobuf(sql.c_str());
  const size_t n = result.parse_tree.len;
  pg_query_free_protobuf_parse_result(result);
  return n;
}

size_t PgRawParse(const std::string& sql) {
  void* context = pg_query_enter_memory_context();
  const PgQueryRawParseResult result = pg_query_raw_parse(sql.c_str());
  const size_t n = result.tree != nullptr;
  free(result.stderr_buffer);
  if (result.error != nullptr) pg_query_free_error(result.error);
  pg_query_exit_memory_context(context);  // frees the tree
  return n;
}

struct Candidate {
  const char* name;
  size_t (*parse)(const std::string&);
  double best = std::numeric_limits<double>::infinity();  // seconds
};

bool QadvisorAccepts(const std::string& sql) {
  const qp::ParseResult result = qp::Parse(sql);
  return result.ok() && result.statements().size() == 1 &&
         result.statements()[0]->kind == qp::ast::StatementKind::kSelect;
}

bool PgAccepts(const std::string& sql) {
  const PgQueryParseResult result = pg_query_parse(sql.c_str());
  const bool ok = result.error == nullptr;
  pg_query_free_parse_result(result);
  return ok;
}

std::vector<std::string> LoadCorpus(const char* path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "parser_bench: cannot read %s\n", path);
    std::exit(2);
  }
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<std::string> statements;
  for (size_t at = 0; at < text.size();) {
    size_t end = text.find(";\n", at);
    if (end == std::string::npos) end = text.size();
    const std::string_view s =
        qadvisor::base::TrimSpace(std::string_view(text).substr(at, end - at));
    if (!s.empty()) statements.emplace_back(s);
    at = end + 2;
  }
  return statements;
}

int ParseCount(const char* flag, const char* value) {
  const int n = value != nullptr ? std::atoi(value) : 0;
  if (n <= 0) {
    std::fprintf(stderr, "parser_bench: %s needs a positive number\n", flag);
    std::exit(2);
  }
  return n;
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 5;
  int passes = 20;
  const char* path = nullptr;
  std::string_view only;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--runs") {
      runs = ParseCount("--runs", i + 1 < argc ? argv[++i] : nullptr);
    } else if (arg == "--passes") {
      passes = ParseCount("--passes", i + 1 < argc ? argv[++i] : nullptr);
    } else if (arg == "--only" && i + 1 < argc) {
      only = argv[++i];
    } else if (path == nullptr && !arg.starts_with("-")) {
      path = argv[i];
    } else {
      std::fprintf(stderr, "usage: parser_bench [--runs N] [--passes N] [--only TEXT] CORPUS\n");
      return 2;
    }
  }
  if (path == nullptr) {
    std::fprintf(stderr, "usage: parser_bench [--runs N] [--passes N] [--only TEXT] CORPUS\n");
    return 2;
  }

  const std::vector<std::string> corpus = LoadCorpus(path);
  size_t corpus_bytes = 0;
  size_t only_qadvisor = 0, only_pg = 0, neither = 0;
  std::vector<std::string> subset;
  size_t bytes = 0;
  for (const std::string& sql : corpus) {
    corpus_bytes += sql.size();
    const bool q = QadvisorAccepts(sql);
    const bool p = PgAccepts(sql);
    if (q && p) {
      subset.push_back(sql);
      bytes += sql.size();
    } else {
      only_qadvisor += q && !p;
      only_pg += p && !q;
      neither += !q && !p;
    }
  }
  std::printf("corpus: %s: %zu statements, %zu bytes\n", path, corpus.size(), corpus_bytes);
  std::printf("accepted by qadvisor (one SELECT, no error): %zu; by libpg_query (no error): %zu\n",
              subset.size() + only_qadvisor, subset.size() + only_pg);
  std::printf("only qadvisor: %zu, only libpg_query: %zu, neither: %zu\n", only_qadvisor, only_pg,
              neither);
  if (subset.empty()) {
    std::fprintf(stderr, "parser_bench: no statement is accepted by both parsers\n");
    return 1;
  }
  std::printf("subset both accept: %zu statements, %zu bytes (%.0f bytes per statement)\n",
              subset.size(), bytes, static_cast<double>(bytes) / subset.size());

  std::vector<Candidate> candidates = {
      {"qadvisor Parse", QadvisorParse},
      {"qadvisor Parse + ToJson", QadvisorParseJson},
      {"libpg_query pg_query_parse (JSON)", PgParseJson},
      {"libpg_query pg_query_parse_protobuf", PgParseProtobuf},
      {"libpg_query raw parse (tree only)", PgRawParse},
  };

  std::erase_if(candidates, [&](const Candidate& c) { return !only.empty() && c.name != only; });
  if (candidates.empty()) {
    std::fprintf(stderr, "parser_bench: no parser is named \"%.*s\"\n",
                 static_cast<int>(only.size()), only.data());
    return 2;
  }
  size_t sink = 0;
  for (Candidate& c : candidates) {  // warm-up: caches, branch predictors, allocator pools
    for (const std::string& sql : subset) sink += c.parse(sql);
  }
  // Runs interleave the candidates (starting with a different one each run), so a slow spell of
  // the machine hits all of them; other work only adds time, so the fastest run counts.
  for (int run = 0; run < runs; ++run) {
    for (size_t k = 0; k < candidates.size(); ++k) {
      Candidate& c = candidates[(run + k) % candidates.size()];
      const Clock::time_point start = Clock::now();
      for (int pass = 0; pass < passes; ++pass) {
        for (const std::string& sql : subset) sink += c.parse(sql);
      }
      const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
      c.best = std::min(c.best, seconds);
    }
  }

  std::printf("fastest of %d runs of %d passes over the subset, per parser, interleaved\n\n", runs,
              passes);
  std::printf("%-38s %9s %14s %9s\n", "parser", "seconds", "statements/s", "MB/s");
  const double statements = static_cast<double>(subset.size()) * passes;
  const double megabytes = static_cast<double>(bytes) * passes / 1e6;
  for (const Candidate& c : candidates) {
    std::printf("%-38s %9.3f %14.0f %9.1f\n", c.name, c.best, statements / c.best,
                megabytes / c.best);
  }
  if (candidates.size() < 5) return sink == 0 ? 1 : 0;  // --only: no ratios
  const auto ratio = [&](size_t a, size_t b) {
    std::printf("  %-34s / %-36s %5.2fx\n", candidates[a].name, candidates[b].name,
                candidates[b].best / candidates[a].best);
  };
  std::printf("\nthroughput ratios (> 1: the first is faster)\n");
  ratio(0, 2);  // the headline: qadvisor's API against libpg_query's
  ratio(0, 3);
  ratio(0, 4);               // parse to a tree, both sides
  ratio(1, 2);               // parse and print JSON, both sides
  return sink == 0 ? 1 : 0;  // never 0 in practice; keeps `sink` alive
}
