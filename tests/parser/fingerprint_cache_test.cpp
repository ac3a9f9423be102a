// Tests of FingerprintCache (parser/fingerprint_cache.h): it must answer exactly as Fingerprint()
// does, for every query and in any order, and hit for queries that differ in literals only.
#include "parser/fingerprint_cache.h"

#include <catch2/catch.hpp>
#include <cstdint>
#include <filesystem>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "base/input.h"
#include "parser/fingerprint.h"
#include "parser/lexer.h"
#include "parser/slowlog.h"

namespace qadvisor::parser {
namespace {

namespace fs = std::filesystem;

// Texts a shape must get right: literals beside qualified names, variables, exponents,
// comments, hints, version comments, unterminated quotes and comments, control bytes.
const std::vector<std::string> kHardCases = {
    "SELECT * FROM t WHERE a = 1 AND b = 'x' AND c IN (1, 2, 3)",
    "select t.5, t. 6, t./* c */7, t.`8`, db.2024_orders.id FROM db.2024_orders t",
    "SELECT @'a', @\"b\", @`c`, @@session.sql_mode, @x1, @1 FROM dual",
    "SELECT 1e-5.5, 1e-5, 1.5e3, 1.e3, .5, 5., 0x1F, 0b101, x'1f', b'01', N'n', 1abc",
    "SELECT -5, +5, 3-5, a--5, a-- 5\n, 7 FROM t",
    "SELECT /*+ MAX_EXECUTION_TIME(100) */ a FROM t /* trailing 1 */ # more 2\nWHERE b = 3",
    "SELECT /*!50001 SQL_NO_CACHE */ a FROM t WHERE b = 4",
    "SELECT /*M!100100 1 */ a, /*!40101 'x' */ b FROM t",
    "SELECT a FROM t WHERE b = 'unterminated",
    "SELECT a FROM t WHERE b = 1 /* unterminated",
    "SELECT a FROM `unterminated",
    "SELECT _utf8mb4'x' COLLATE utf8mb4_bin, _latin1 0x41, 'a' 'b' \"c\" FROM t",
    "INSERT INTO t (a, b) VALUES (1, 'x'), (2, 'y'), (-3, NULL)",
    "INSERT INTO t VALUES (1, NOW()), (2, NOW())",
    "SELECT a FROM t LIMIT 10, 20",
    "SELECT 'it''s', 'back\\'slash', \"dq\\\"\" FROM t WHERE c = 'tab\there'",
    "SELECT a FROM t WHERE b = 1\x01 AND c = 2",
    "CALL proc(1, 'x'); USE db1",
    "SELECT a FROM t WHERE b = :name AND c = ? AND d = $1 AND e = \\N",
    "SELECT a FROM t1 JOIN t2 USING (id) WHERE t1.x = 12.50 AND t2.y <> 'z'",
    "UPDATE t SET a = a + 1, b = 'q' WHERE id IN (SELECT id FROM u WHERE v > 0.5)",
    "SELECT a FROM t WHERE a IN (1, 2) AND b NOT IN ('x', NULL, -3) AND c in(0x1F,- 2.5)",
    "INSERT INTO t VALUES (1,'a'), (2, 'b') ON DUPLICATE KEY UPDATE c = VALUES(c)",
    "SELECT t.in (1, 2), @in (1), x IN (1,), y IN (), z IN ('a' 'b'), w IN (- -5), v IN (--5\n)",
    "INSERT INTO t VALUE (1) , (2); INSERT INTO t VALUES (1), x; INSERT INTO t VALUES (1), (2",
    "SELECT a IN /* c */ (1, 2), b IN (1 /* c */, 2), c IN (1, 2) IS NULL, d IN (1, 2) FROM t",
};

// `sql` with every number and string literal the lexer finds given other content: what a log
// holds when the same statement runs with other values.
std::string VaryLiterals(std::string_view sql, int seed) {
  std::string out;
  Lexer lexer(sql);
  size_t copied = 0;
  for (Token t = lexer.Next(); t.kind != TokenKind::kEnd; t = lexer.Next()) {
    const std::string_view text = t.Text(sql);
    std::string replacement;
    if (t.kind == TokenKind::kNumber &&
        text.find_first_not_of("0123456789") == std::string_view::npos) {
      replacement = std::to_string(seed * 7919 + 3);
    } else if (t.kind == TokenKind::kString && text.size() >= 2 && text.front() == text.back() &&
               text.front() == '\'') {
      replacement = "'v" + std::to_string(seed) + " -- x /* y'";
    } else {
      continue;
    }
    out.append(sql.substr(copied, t.offset - copied));
    out.append(replacement);
    copied = t.offset + t.length;
  }
  out.append(sql.substr(copied));
  return out;
}

// `sql` with a `0,` after every comma that follows a digit: longer lists where it was a list.
std::string LongerLists(std::string_view sql) {
  std::string out;
  for (size_t i = 0; i < sql.size(); ++i) {
    out.push_back(sql[i]);
    if (sql[i] == ',' && i > 0 && sql[i - 1] >= '0' && sql[i - 1] <= '9') out.append("0,");
  }
  return out;
}

// The statements of every slow log of the test corpus.
std::vector<std::string> CorpusQueries() {
  std::vector<std::string> queries;
  for (const char* folder : {"slowlogs", "real"}) {
    for (const auto& entry :
         fs::recursive_directory_iterator(fs::path(QADVISOR_CORPUS_DIR) / folder)) {
      if (!entry.is_regular_file()) continue;
      auto input = base::InputStream::Open(entry.path().string());
      REQUIRE(input.ok());
      SlowLogReader reader(std::move(*input));
      EventBatch batch;
      while (reader.ReadBatch(batch)) {
        for (size_t i = 0; i < batch.size; ++i) queries.emplace_back(batch.events[i].query);
      }
    }
  }
  return queries;
}

// Feeds every text and its variants through one cache, checking each answer (text and hash)
// against Fingerprint(); returns how many answers came from the cache.
size_t CheckAgainstFingerprint(const std::vector<std::string>& texts, FingerprintOptions options) {
  FingerprintCache cache(options);
  std::string scratch;
  for (const std::string& sql : texts) {
    for (const std::string& text :
         {VaryLiterals(sql, 1), sql, VaryLiterals(sql, 2), LongerLists(sql), sql}) {
      const FingerprintCache::Found found = cache.Find(text, scratch);
      const std::string want = Fingerprint(text, options);
      INFO(text);
      REQUIRE(found.text == want);
      REQUIRE(found.hash == FingerprintHash(want));
    }
  }
  return cache.hits();
}

std::string ShapeOf(std::string_view sql) {
  std::string shape;
  REQUIRE(FingerprintCache::Shape(sql, shape));
  return shape;
}

TEST_CASE("FingerprintCache answers as Fingerprint for hard texts with literals changed",
          "[fingerprint]") {
  for (const bool fold : {false, true}) {
    const size_t hits = CheckAgainstFingerprint(kHardCases, {.fold_identifier_digits = fold});
    // Of the five texts of each case, the second and fifth have the first one's shape.
    CHECK(hits >= kHardCases.size());
  }
}

TEST_CASE("FingerprintCache answers as Fingerprint for every query of the test corpus",
          "[fingerprint]") {
  const std::vector<std::string> queries = CorpusQueries();
  REQUIRE(queries.size() > 1000);
  const size_t hits = CheckAgainstFingerprint(queries, {});
  // Corpus logs repeat their statements: most answers come from the cache.
  CHECK(hits > queries.size() * 2);
}

// A small deterministic generator (failures must reproduce).
class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}
  uint32_t Below(uint32_t n) {
    state_ = state_ * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<uint32_t>(state_ >> 33) % n;
  }

 private:
  uint64_t state_;
};

TEST_CASE("FingerprintCache answers as Fingerprint for random token soups", "[fingerprint]") {
  // Fragments whose neighbours change what they are: numbers beside dots, signs, `e` and
  // words; lists beside IN, VALUES and variables; comments, hints and quotes everywhere.
  static constexpr std::string_view kFragments[] = {
      "1",     "22",    "3.5",    "0x1F",   "0b10",  "e",        "t",    ".",  "@",   "@@",
      ":",     "-",     "+",      "--",     "-- ",   "#",        "\n",   " ",  "  ",  "(",
      ")",     ",",     "'s'",    "'",      "\"d\"", "`q`",      "`",    "/*", "*/",  "/*+",
      "/*!5 ", "in",    "IN",     "values", "VALUE", "null",     "NULL", "is", "not", "select",
      "from",  "limit", "offset", "call",   "use",   "_utf8mb4", "x",    "N",  "?",   ";",
      "\\",    "$",     "row",    "=",      "<=>",   "*",        "/",    "1e", "e-5", "t1",
  };
  Rng rng(20261203);
  std::vector<std::string> soups;
  for (int i = 0; i < 20000; ++i) {
    std::string sql;
    const uint32_t length = 1 + rng.Below(24);
    for (uint32_t j = 0; j < length; ++j) sql += kFragments[rng.Below(std::size(kFragments))];
    soups.push_back(std::move(sql));
  }
  CheckAgainstFingerprint(soups, {});
}

TEST_CASE("a shape takes out literal values, comments and line breaks", "[fingerprint]") {
  CHECK(ShapeOf("SELECT a FROM t WHERE id = 1") == ShapeOf("SELECT a FROM t WHERE id = 123456"));
  CHECK(ShapeOf("WHERE p > 1.5") == ShapeOf("WHERE p > 22"));
  CHECK(ShapeOf("WHERE s = 'a'") == ShapeOf("WHERE s = 'it''s \\' -- /* no comment'"));
  CHECK(ShapeOf("WHERE s = \"a\"") == ShapeOf("WHERE s = 'b'"));
  CHECK(ShapeOf("WHERE h = x'1F'") == ShapeOf("WHERE h = x'2A3B'"));
  CHECK(ShapeOf("/* req:1 */ SELECT 1") == ShapeOf("/* req:abcdef */ SELECT 2"));
  CHECK(ShapeOf("SELECT 1 -- one\n") == ShapeOf("SELECT 2 # two\n"));
  CHECK(ShapeOf("SELECT /*+ BKA(t) */ a") == ShapeOf("SELECT /*+ NO_BKA(u) */ a"));
  CHECK(ShapeOf("SELECT a,\n\t  b\r\nFROM t") == ShapeOf("SELECT a, b FROM t"));
  CHECK(ShapeOf("SELECT\n  a") == ShapeOf("SELECT a"));
  CHECK(ShapeOf("x = 1e-5") == ShapeOf("x = 1e-7"));
}

TEST_CASE("a shape keeps what a literal's neighbours make part of the query", "[fingerprint]") {
  // After `identifier.` the lexer reads digits as an identifier, across blanks and comments.
  CHECK(ShapeOf("SELECT t.5 FROM t") != ShapeOf("SELECT t.6 FROM t"));
  CHECK(ShapeOf("SELECT t. 5 FROM t") != ShapeOf("SELECT t. 6 FROM t"));
  CHECK(ShapeOf("SELECT t./* c */5 FROM t") != ShapeOf("SELECT t./* c */6 FROM t"));
  // Digits in words, variables' names, an exponent's mantissa and what is no number.
  CHECK(ShapeOf("FROM orders_2024") != ShapeOf("FROM orders_2025"));
  CHECK(ShapeOf("SELECT @'a'") != ShapeOf("SELECT @'b'"));
  CHECK(ShapeOf("SELECT @1") != ShapeOf("SELECT @2"));
  CHECK(ShapeOf("SELECT 1e-5.5") != ShapeOf("SELECT 1e-5"));
  CHECK(ShapeOf("SELECT 1abc") != ShapeOf("SELECT 2abc"));
  // A comment is not nothing, a hint is not a comment, an unterminated string is no string.
  CHECK(ShapeOf("SELECT 1 /* c */") != ShapeOf("SELECT 1"));
  CHECK(ShapeOf("SELECT /*+ h */ a") != ShapeOf("SELECT /* h */ a"));
  CHECK(ShapeOf("SELECT 'a") != ShapeOf("SELECT 'a'"));
  // Version comments hold SQL under the lexer's own rules; control bytes mark nothing.
  std::string shape;
  CHECK_FALSE(FingerprintCache::Shape("SELECT /*!50001 1 */ a", shape));
  CHECK_FALSE(FingerprintCache::Shape("SELECT /*M!100100 1 */ a", shape));
  CHECK_FALSE(FingerprintCache::Shape(std::string_view("SELECT \x01", 8), shape));
  // An empty query (the fuzzer's: a view with no data pointer at all) is an empty shape.
  REQUIRE(FingerprintCache::Shape(std::string_view(), shape));
  CHECK(shape.empty());
}

TEST_CASE("lists of plain values share a shape whatever their length", "[fingerprint]") {
  // The fingerprint writes them `in(?+)` and `values(?+)` (fingerprint.h): so does the shape.
  const std::vector<std::pair<std::string, std::string>> same = {
      {"WHERE id IN (1)", "WHERE id IN (1, 2, -3, 'x', NULL, 0x1F)"},
      {"WHERE id NOT in(1,2)", "WHERE id NOT in(  4 ,\n 5 ,6 )"},
      {"INSERT INTO t VALUES (1, 'a')", "INSERT INTO t VALUES (1, 'a'), (2, NULL), (-3.5, \"c\")"},
      {"INSERT INTO t VALUE (1)", "INSERT INTO t VALUE (1, 2, 3)"},
  };
  for (const auto& [a, b] : same) {
    INFO(a << " / " << b);
    CHECK(ShapeOf(a) == ShapeOf(b));
    CHECK(Fingerprint(a) == Fingerprint(b));
  }
  // What the fingerprint writes item by item keeps its length in the shape.
  const std::vector<std::pair<std::string, std::string>> different = {
      {"SELECT 1", "SELECT 1, 2"},
      {"WHERE id IN (1, a)", "WHERE id IN (1, a, 2)"},
      {"WHERE id IN (NOW(), 1)", "WHERE id IN (NOW(), 1, 2)"},
      {"WHERE id IN (1, 2", "WHERE id IN (1, 2, 3"},
      {"SELECT f(1, 2)", "SELECT f(1)"},
      {"SELECT @in (1, 2)", "SELECT @in (1)"},
      {"SELECT t.in (1, 2)", "SELECT t.in (1)"},
      {"VALUES (1), x", "VALUES (1), (2), x"},
  };
  for (const auto& [a, b] : different) {
    INFO(a << " / " << b);
    CHECK(ShapeOf(a) != ShapeOf(b));
  }
}

TEST_CASE("FingerprintCache stays within its bounds", "[fingerprint]") {
  FingerprintCache cache;
  std::string got;
  for (size_t i = 0; i <= FingerprintCache::kMaxEntries; ++i) {
    cache.Fingerprint("SELECT c" + std::to_string(i) + " FROM t", got);
  }
  CHECK(cache.size() <= FingerprintCache::kMaxEntries);
  CHECK(got == "select c65536 from t");
  cache.Fingerprint("SELECT c65536 FROM t WHERE 1", got);
  cache.Fingerprint("SELECT c65536 FROM t WHERE 2", got);
  CHECK(cache.hits() == 1);
}

TEST_CASE("FingerprintCache::Find answers from the cache or from scratch, with the hash",
          "[fingerprint]") {
  FingerprintCache cache;
  std::string scratch;
  const FingerprintCache::Found first = cache.Find("SELECT a FROM t WHERE b = 1", scratch);
  CHECK(first.text == "select a from t where b = ?");
  CHECK(first.hash == FingerprintHash("select a from t where b = ?"));
  // A hit points into the cache: the scratch string may change without changing the answer.
  const FingerprintCache::Found hit = cache.Find("SELECT a FROM t WHERE b = 22", scratch);
  scratch.assign("overwritten");
  CHECK(cache.hits() == 1);
  CHECK(hit.text == "select a from t where b = ?");
  CHECK(hit.hash == first.hash);
  // A text no shape models is fingerprinted into the scratch string every time.
  const FingerprintCache::Found version = cache.Find("SELECT /*!50001 1 */ a", scratch);
  CHECK(version.text.data() == scratch.data());
  CHECK(version.text == Fingerprint("SELECT /*!50001 1 */ a"));
  CHECK(version.hash == FingerprintHash(version.text));
  CHECK(cache.hits() == 1);
}

}  // namespace
}  // namespace qadvisor::parser
