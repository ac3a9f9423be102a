// Every slow log of the shared corpus, read end to end and compared with pt-query-digest's JSON
// (tests/data/pt-digest-json, pt-query-digest 3.5.7) and with the generator's truth files.
//
// qadvisor must agree with pt-query-digest on the number of events, the total Query_time, and
// each class's count and Query_time sum, wherever pt-query-digest is right. Each difference is
// tied here to a named cause (the Cause enum), and each cause is checked to be what happened:
//  - kDigitsInIdentifiers: pt replaces digits inside identifiers (`sbtest1` -> `sbtest?`) to
//    group sharded tables; qadvisor keeps identifiers, so class comparisons run with its
//    --fold-digits option, which does the same (corpus README).
//  - kUpperCaseHex: pt does not recognise upper-case hex literals (`0xAB12`) and splits one
//    class per literal (corpus README, "known faults").
//  - kLayout: pt fingerprints the text, so `a=1` / `a = 1` or `t(a)` / `t (a)` split a class;
//    qadvisor fingerprints tokens. Checked: the pt fingerprints are equal without spaces.
//  - kVersionComment: pt keeps `/*!40101 SET NAMES utf8 */` as a comment-wrapped text that
//    differs from `SET NAMES utf8`; its content is SQL to the server, and to qadvisor.
//  - kInsertTruncation: pt cuts a multi-row INSERT after its first row before fingerprinting,
//    which also cuts `ON DUPLICATE KEY UPDATE …` and so merges different statements.
//  - kBadQueryTime: pt drops an event whose Query_time is malformed (`18446744073708.796870.
//    000036`, an unsigned underflow in old servers); qadvisor keeps the event, without a time.
//  - kNoQuery: an event whose text is only `SET timestamp=…; use db;` is `/* No query */` to pt
//    and `use ?` to qadvisor (the statement the server logged).
//  - kGzip: pt reads a gzip file as zero events; qadvisor reads it as zcat would, so it is
//    compared with the plain file of the same name (the corpus has both).
//  - kSampled: a Percona Server log written 1 in N (`Log_slow_rate_limit: N`): qadvisor
//    counts each event N times, pt counts it once and says "Rate limits apply" (its JSON's
//    global `rate_limit`); compared as pt's figures times N.
//  - kNotASlowLog: slow006-session-*.txt are pt-query-digest's own session dumps (`-- START
//    SESSION`, bare statements), not slow logs; pt makes events of their text, qadvisor refuses
//    them (exit 2 for the user): a digest of a README is no answer.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <string>

#include "analyzer/digest_runner.h"
#include "base/ascii.h"
#include "parser/parser.h"
#include "report/digest_report.h"

namespace qadvisor {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const fs::path kCorpus = QADVISOR_CORPUS_DIR;

bool IsSessionDump(const fs::path& log) {  // kNotASlowLog
  return log.filename().string().starts_with("slow006-session-");
}

std::vector<fs::path> SlowLogs() {
  std::vector<fs::path> logs;
  for (const char* dir : {"slowlogs", "real", "generated"}) {
    for (const auto& entry : fs::recursive_directory_iterator(kCorpus / dir)) {
      if (!entry.is_regular_file()) continue;
      const fs::path& p = entry.path();
      if (p.string().ends_with(".truth.json")) continue;
      logs.push_back(p);
    }
  }
  std::sort(logs.begin(), logs.end());
  return logs;
}

// pt's JSON for a log: pt-digest-json/<path below slowlogs/, or the file name>.json
fs::path PtJsonFor(const fs::path& log) {
  const fs::path rel = fs::relative(log, kCorpus);
  const std::string top = rel.begin()->string();
  const fs::path below =
      top == "slowlogs" ? fs::relative(log, kCorpus / "slowlogs") : log.filename();
  return kCorpus / "pt-digest-json" / (below.string() + ".json");
}

std::optional<json> LoadJson(const fs::path& p) {
  std::ifstream in(p);
  if (!in) return std::nullopt;
  try {
    return json::parse(in);
  } catch (const json::exception&) {
    return std::nullopt;  // pt wrote nothing for this file
  }
}

Result<analyzer::DigestRun> Digest(const fs::path& log, bool fold_digits, int threads = 1) {
  analyzer::DigestRunOptions options;
  options.threads = threads;
  options.digest.fingerprint.fold_identifier_digits = fold_digits;
  return analyzer::RunDigest({log.string()}, options);
}

int64_t Micros(double seconds) { return std::llround(seconds * 1e6); }

int64_t QueryTimeSum(const analyzer::QueryClass& c) {
  const analyzer::Distribution* d = c.Metric(analyzer::kQueryTime);
  return d ? static_cast<int64_t>(d->sum()) : 0;
}

enum class Cause { kLayout, kUpperCaseHex, kVersionComment };

// Why pt-query-digest split one qadvisor class into several, or fail.
std::optional<Cause> WhySplit(const std::vector<std::string>& pt_fingerprints) {
  auto squeeze = [](std::string s, bool strip_hex) {
    std::string out;
    for (size_t i = 0; i < s.size(); ++i) {
      const char c = s[i];
      if (c == ' ' || c == '`') continue;
      // `?ea?` is what pt leaves of 0xEA0: a `?` followed by hex letters and `?`s.
      if (strip_hex && c == '?') {
        out.push_back('?');
        while (i + 1 < s.size() &&
               (std::isxdigit(static_cast<unsigned char>(s[i + 1])) || s[i + 1] == '?'))
          ++i;
        continue;
      }
      out.push_back(c);
    }
    // With its literals read, pt would have collapsed the row too: values(?,?,?) -> values(?+).
    if (strip_hex) out = std::regex_replace(out, std::regex(R"(values\(\?(,\?)*\))"), "values(?+)");
    return out;
  };
  auto all_equal = [&](bool strip_hex) {
    const std::string first = squeeze(pt_fingerprints.front(), strip_hex);
    for (const std::string& f : pt_fingerprints) {
      if (squeeze(f, strip_hex) != first) return false;
    }
    return true;
  };
  for (const std::string& f : pt_fingerprints) {
    if (f.find("/*!") != std::string::npos) return Cause::kVersionComment;
  }
  if (all_equal(false)) return Cause::kLayout;
  if (all_equal(true)) return Cause::kUpperCaseHex;
  return std::nullopt;
}

TEST_CASE(
    "every corpus slow log is read without a crash; events and total time match pt-query-digest") {
  const std::vector<fs::path> logs = SlowLogs();
  REQUIRE(logs.size() >= 80);
  const std::set<std::string> bad_query_time = {"slow017.txt"};  // kBadQueryTime
  size_t compared = 0;
  size_t gzip_compared = 0;
  size_t sampled = 0;
  for (const fs::path& log : logs) {
    INFO(log.string());
    Result<analyzer::DigestRun> run = Digest(log, false);
    if (IsSessionDump(log)) {
      REQUIRE_FALSE(run.ok());
      CHECK(run.status().message().find("not a slow query log") != std::string::npos);
      continue;
    }
    REQUIRE(run.ok());
    if (log.extension() == ".gz") {  // kGzip: the same digest as the plain file
      fs::path plain = log;
      plain.replace_extension();
      Result<analyzer::DigestRun> expected = Digest(plain, false);
      REQUIRE(expected.ok());
      CHECK(run->digest.events() > 0);
      CHECK(run->digest.events() == expected->digest.events());
      CHECK(run->digest.classes().size() == expected->digest.classes().size());
      CHECK(run->bytes == expected->bytes);
      ++gzip_compared;
      continue;
    }
    const std::optional<json> pt = LoadJson(PtJsonFor(log));
    if (!pt) continue;  // pt-query-digest wrote no JSON (an empty or torn file): no reference
    // Events as pt's classes count them: its global query_count leaves out an event without a
    // Query_time line (slow041.txt starts with a headerless `# administrator command: Quit;`).
    uint64_t pt_events = 0;
    for (const json& c : (*pt)["classes"]) pt_events += c["query_count"].get<uint64_t>();
    int64_t pt_time = 0;
    for (const json& c : (*pt)["classes"])
      pt_time += Micros(std::stod(c["metrics"]["Query_time"]["sum"].get<std::string>()));
    int64_t our_time = 0;
    for (const auto& c : run->digest.classes()) our_time += QueryTimeSum(*c);
    if (bad_query_time.count(log.filename().string())) {
      CHECK(pt_events + 1 == run->digest.events());
      CHECK(pt_time == 0);
      continue;
    }
    uint64_t rate = 1;  // kSampled
    if ((*pt)["global"].contains("rate_limit")) {
      rate = (*pt)["global"]["rate_limit"]["limit"].get<uint64_t>();
      CHECK(rate > 1);
      for (const auto& c : run->digest.classes()) CHECK(c->count == c->sampled_events * rate);
      ++sampled;
    }
    CHECK(run->digest.events() == pt_events * rate);
    CHECK(our_time == pt_time * static_cast<int64_t>(rate));
    ++compared;
  }
  CHECK(compared >= 75);
  CHECK(gzip_compared == 2);
  CHECK(sampled == 1);
}

TEST_CASE("per-class counts and Query_time sums match pt-query-digest, differences explained") {
  std::map<Cause, int> causes_seen;
  int truncations = 0;
  for (const fs::path& log : SlowLogs()) {
    if (log.extension() == ".gz" || log.filename() == "slow017.txt" || IsSessionDump(log)) continue;
    const std::optional<json> pt = LoadJson(PtJsonFor(log));
    if (!pt || !(*pt).contains("classes")) continue;
    INFO(log.string());
    // pt groups digits in identifiers (kDigitsInIdentifiers): compare with the same grouping.
    Result<analyzer::DigestRun> run = Digest(log, true);
    REQUIRE(run.ok());
    std::map<std::string, const analyzer::QueryClass*> ours;
    for (const auto& c : run->digest.classes()) ours[c->fingerprint] = c.get();
    const uint64_t rate =  // kSampled
        (*pt)["global"].contains("rate_limit")
            ? (*pt)["global"]["rate_limit"]["limit"].get<uint64_t>()
            : 1;

    // Map each pt class to the qadvisor class of its example query.
    struct Group {
      uint64_t count = 0;
      int64_t time = 0;
      std::vector<std::string> pt_fingerprints;
    };
    std::map<std::string, Group> groups;
    parser::FingerprintOptions fold;
    fold.fold_identifier_digits = true;
    for (const json& c : (*pt)["classes"]) {
      std::string example = c["example"]["query"];
      // kNoQuery: pt shows an event whose only text is `use db;` as "/* No query */".
      if (example == "/* No query */") example = "use db";
      std::string fp = example.starts_with("administrator command:")
                           ? example
                           : parser::Fingerprint(example, fold);
      if (example.size() >= 10000) {
        // pt cuts examples at 10 000 bytes; both tools sample the slowest event, so find ours
        // by its text instead.
        for (const auto& [our_fp, our] : ours) {
          if (our->sample.query.starts_with(example)) fp = our_fp;
        }
      }
      Group& g = groups[fp];
      g.count += c["query_count"].get<uint64_t>() * rate;
      g.time += Micros(std::stod(c["metrics"]["Query_time"]["sum"].get<std::string>())) *
                static_cast<int64_t>(rate);
      g.pt_fingerprints.push_back(c["fingerprint"]);
    }
    std::set<std::string> matched;
    for (const auto& [fp, g] : groups) {
      INFO("class: " << fp);
      REQUIRE(ours.count(fp) == 1);
      matched.insert(fp);
      if (g.pt_fingerprints.size() > 1) {
        const std::optional<Cause> why = WhySplit(g.pt_fingerprints);
        REQUIRE(why.has_value());
        ++causes_seen[*why];
      }
      const analyzer::QueryClass& c = *ours[fp];
      if (c.count == g.count) {
        CHECK(QueryTimeSum(c) == g.time);
        continue;
      }
      // kInsertTruncation: pt merged INSERTs that differ after their first row (one with
      // ON DUPLICATE KEY UPDATE, one without) into one class.
      const std::string family = fp.substr(0, fp.find(" values"));
      REQUIRE((fp.starts_with("insert") || fp.starts_with("replace")));
      uint64_t merged = 0;
      for (const auto& [other_fp, other] : ours) {
        if (groups.count(other_fp) == 0 && other_fp != fp &&
            other_fp.substr(0, other_fp.find(" values")) == family) {
          merged += other->count;
          matched.insert(other_fp);
          ++truncations;
        }
      }
      CHECK(c.count + merged == g.count);
    }
    for (const auto& [fp, c] : ours) {
      INFO("qadvisor class pt-query-digest does not have: " << fp);
      CHECK(matched.count(fp) == 1);
    }
  }
  // The causes named above are the ones this corpus shows.
  CHECK(causes_seen[Cause::kUpperCaseHex] > 0);
  CHECK(causes_seen[Cause::kVersionComment] > 0);
  CHECK(truncations > 0);
}

// pt's timestamp text ("2007-12-18 11:48:27", "2018-02-05T02:46:43", a fraction maybe) as
// microseconds since the epoch, read as UTC as qadvisor reads a zone-less `# Time:`.
std::optional<int64_t> PtTime(const json& v) {
  if (!v.is_string()) return std::nullopt;
  int y, mo, d, h, mi;
  double sec;
  if (std::sscanf(v.get<std::string>().c_str(), "%d-%d-%d%*c%d:%d:%lf", &y, &mo, &d, &h, &mi,
                  &sec) != 6)
    return std::nullopt;
  std::tm tm{};
  tm.tm_year = y - 1900;
  tm.tm_mon = mo - 1;
  tm.tm_mday = d;
  tm.tm_hour = h;
  tm.tm_min = mi;
  tm.tm_sec = 0;
  return static_cast<int64_t>(timegm(&tm)) * 1000000 + std::llround(sec * 1e6);
}

// stddev, V/M, Query_length, QPS and concurrency, class by class, against pt-query-digest's
// JSON. pt's definitions (lib/EventAggregator.pm, bin/pt-query-digest 3.5.7):
//  - stddev: the population standard deviation, but computed from its histogram, where each
//    value is replaced by its bucket's lower bound (buckets 5% wide, values under 1e-6 as 0),
//    and capped at (max - min) / 2; with exactly two values it is the sample standard
//    deviation instead, sqrt(2) times the population one. Printed with 6 decimals for times,
//    truncated to an integer otherwise. The population stddev is a seminorm, so moving each
//    value x by at most 4.77% of x (1 - 1/1.05) moves it by at most 4.77% of the root mean
//    square of the values: that, plus a millionth and the printing, is the tolerance.
//  - V/M: stddev^2 / avg of Query_time (its report's "Scores: V/M").
//  - Query_length: the statement's length in bytes: exact.
//  - QPS and concurrency: count and Query_time sum over ts_max - ts_min, 0 if they are equal.
//    pt keeps whole seconds of `# Time:` and only events with their own `# Time:` line have
//    one; qadvisor keeps microseconds and carries the time to the events that follow, so the
//    rates are compared where the two ranges agree to the second, within what a span off by
//    under a second at each end allows.
TEST_CASE("stddev, V/M, Query_length, QPS and concurrency match pt-query-digest per class") {
  size_t stddevs = 0, two_values = 0, lengths = 0, vms = 0, rates = 0, rates_nonzero = 0;
  size_t length_differences = 0, other_values = 0;
  double worst = 0;  // the largest difference of a time stddev, as a share of its tolerance
  for (const fs::path& log : SlowLogs()) {
    if (log.extension() == ".gz" || log.filename() == "slow017.txt" || IsSessionDump(log)) continue;
    const std::optional<json> pt = LoadJson(PtJsonFor(log));
    if (!pt || !(*pt).contains("classes")) continue;
    INFO(log.string());
    Result<analyzer::DigestRun> run = Digest(log, true);
    REQUIRE(run.ok());
    const analyzer::Digest& digest = run->digest;
    std::map<std::string, const analyzer::QueryClass*> ours;
    for (const auto& c : digest.classes()) ours[c->fingerprint] = c.get();
    std::map<std::string, int> pt_classes_of;  // our fingerprint -> pt classes mapping to it
    parser::FingerprintOptions fold;
    fold.fold_identifier_digits = true;
    auto our_fingerprint = [&](const json& c) {
      std::string example = c["example"]["query"];
      if (example == "/* No query */") example = "use db";
      return example.starts_with("administrator command:") ? example
                                                           : parser::Fingerprint(example, fold);
    };
    for (const json& c : (*pt)["classes"]) ++pt_classes_of[our_fingerprint(c)];
    for (const json& c : (*pt)["classes"]) {
      const std::string fp = our_fingerprint(c);
      // One pt class for one of ours, with the same events (the splits and merges the test
      // above explains are left out).
      if (pt_classes_of[fp] != 1 || ours.count(fp) == 0) continue;
      const analyzer::QueryClass& our = *ours[fp];
      const uint64_t n = c["query_count"].get<uint64_t>();
      if (our.count != n || our.sampled_events > 0) continue;
      INFO("class: " << fp);
      for (const auto& [name, m] : c["metrics"].items()) {
        if (!m.contains("stddev")) continue;
        uint32_t id = 0;
        while (id < digest.metric_names().size() && digest.metric_names()[id] != name) ++id;
        const analyzer::Distribution* d = our.Metric(id);
        if (d == nullptr || d->count() != n) continue;  // not in every event: counts differ
        INFO("metric: " << name);
        const bool is_time = name.ends_with("_time") || name.ends_with("_wait");
        const double pt_sd = std::stod(m["stddev"].get<std::string>());
        const double sd = d->StdDev() / 1e6;
        REQUIRE(sd >= 0);
        const double rms = std::sqrt(static_cast<double>(d->sum_squares()) / 1e12 / n);
        const double tol = 0.0477 * rms + 1e-6 + (is_time ? 1e-6 : 0);
        const analyzer::Int128 pt_sum = static_cast<analyzer::Int128>(
            std::llround(std::stod(m["sum"].get<std::string>()) * (is_time ? 1e6 : 1)));
        const analyzer::Int128 our_sum = is_time ? d->sum() : d->sum() / 1000000;
        if (name == "Query_length") {
          ++lengths;
          if (pt_sum != our_sum) {
            // kNoQuery: pt's "/* No query */" has length 0. Otherwise pt kept the newline
            // after a last statement written without `;` (at most one byte per event).
            if (fp == "use ?") {
              CHECK(pt_sum == 0);
            } else {
              CHECK(pt_sum > our_sum);
              CHECK(pt_sum - our_sum <= static_cast<analyzer::Int128>(n));
            }
            ++length_differences;
            continue;
          }
          CHECK(std::stoll(m["min"].get<std::string>()) == d->min() / 1000000);
          CHECK(std::stoll(m["max"].get<std::string>()) == d->max() / 1000000);
        }
        if (pt_sum != our_sum && !is_time) {
          // pt read other values (it zeroes Rows_sent of `administrator command` events):
          // nothing to compare a spread with.
          ++other_values;
          continue;
        }
        const bool pair = n == 2 && d->min() != d->max();
        const double expected = pair ? sd * std::sqrt(2.0) : sd;
        if (!pair && is_time) worst = std::max(worst, std::fabs(expected - pt_sd) / tol);
        if (is_time) {
          CHECK(std::fabs(expected - pt_sd) <= (pair ? 1e-6 + 1e-9 : tol));
        } else {
          // pt truncates to an integer.
          CHECK(expected - pt_sd >= -(pair ? 1e-9 : tol));
          CHECK(expected - pt_sd < (pair ? 1.0 : 1.0 + tol));
        }
        ++stddevs;
        two_values += pair;
        if (name == "Query_time") {
          const double pt_avg = std::stod(m["avg"].get<std::string>());
          const double pt_vm = pt_sd * pt_sd / (pt_avg != 0 ? pt_avg : 1);
          const double mean = static_cast<double>(d->sum()) / 1e6 / n;
          const double vm = analyzer::VarianceToMean(our) * (pair ? 2 : 1);
          // The stddev's tolerance carried through the square; pt's avg is printed to 1e-6.
          const double vm_tol =
              (2 * expected + tol) * tol / std::max(mean, 1e-6) + vm * 1e-6 / std::max(mean, 1e-6);
          CHECK(std::fabs(vm - pt_vm) <= vm_tol + 1e-9);
          ++vms;
        }
      }
      // (a const json's operator[] must not be asked for a key it lacks)
      if (!c.contains("ts_min") || !c.contains("ts_max")) continue;
      const std::optional<int64_t> pt_min = PtTime(c.at("ts_min")), pt_max = PtTime(c.at("ts_max"));
      if (!pt_min || !pt_max || our.first_seen == parser::kNoTimestamp) continue;
      auto second = [](int64_t us) { return us / 1000000; };
      if (second(our.first_seen) != second(*pt_min) || second(our.last_seen) != second(*pt_max))
        continue;
      const double pt_span = static_cast<double>(*pt_max - *pt_min) / 1e6;
      const double span = static_cast<double>(our.last_seen - our.first_seen) / 1e6;
      const double qps = analyzer::QueriesPerSecond(our.count, our.first_seen, our.last_seen);
      const analyzer::Distribution* qt = our.Metric(analyzer::kQueryTime);
      const double conc = analyzer::Concurrency(qt ? qt->sum() : 0, our.first_seen, our.last_seen);
      ++rates;
      if (pt_span <= 0) {
        // pt says 0; qadvisor too unless its microseconds tell the events apart.
        if (span <= 0) {
          CHECK(qps == 0);
          CHECK(conc == 0);
        }
        continue;
      }
      const double pt_qps = static_cast<double>(n) / pt_span;
      const double pt_conc =
          std::stod(c.at("metrics").at("Query_time").at("sum").get<std::string>()) / pt_span;
      // span is within a second of pt_span at either end: |span - pt_span| < 1.
      CHECK(std::fabs(span - pt_span) < 1.0);
      const double rel = 1.0 / std::max(pt_span - 1.0, 1e-9);
      CHECK(std::fabs(qps - pt_qps) <= pt_qps * rel + 1e-12);
      CHECK(std::fabs(conc - pt_conc) <= pt_conc * rel + 1e-6 / pt_span);
      if (span == pt_span) {
        CHECK(qps == Approx(pt_qps).epsilon(1e-12));
      }
      ++rates_nonzero;
    }
  }
  WARN("compared: " << stddevs << " stddevs (" << two_values << " of two values), " << lengths
                    << " Query_length, " << vms << " V/M, " << rates << " QPS/concurrency ("
                    << rates_nonzero << " over a span); Query_length differences: "
                    << length_differences << ", metrics pt read otherwise: " << other_values
                    << "; largest time stddev difference: " << worst << " of the tolerance");
  CHECK(stddevs > 500);
  CHECK(two_values > 10);
  CHECK(lengths > 100);
  CHECK(vms > 100);
  CHECK(rates > 50);
  CHECK(rates_nonzero > 5);
  CHECK(length_differences <= 5);
  CHECK(other_values <= 10);
}

// The `# Tables` lines (SHOW CREATE TABLE / SHOW TABLE STATUS) of each class whose sample has
// pt-query-digest's example text, against its JSON's `tables`. pt finds tables with regular
// expressions over the text, qadvisor with its parser (parser/tables.h). Each difference has a
// named cause, checked:
//  - kNotModelled: statements TablesOf does not model (LOCK TABLES, LOAD DATA, SHOW …, EXPLAIN
//    …) or that do not parse: qadvisor prints no line; pt guesses (and for `SHOW TABLES FROM
//    mysql` takes the database for a table).
//  - kOtherDatabase: the same tables in another database. Of equally slow events pt's sample is
//    the last and qadvisor's the first, so the database in force may differ (slow033.txt); and
//    pt reads an empty `Schema:` as the next word of the header (database `1`, slow025.txt).
TEST_CASE("per-class tables: the SHOW lines pt-query-digest prints, for the same sample") {
  size_t same = 0, not_modelled = 0, other_database = 0;
  std::string unexplained;
  for (const fs::path& log : SlowLogs()) {
    if (log.extension() == ".gz" || IsSessionDump(log)) continue;
    const std::optional<json> pt = LoadJson(PtJsonFor(log));
    if (!pt || !(*pt).contains("classes")) continue;
    Result<analyzer::DigestRun> run = Digest(log, true);
    REQUIRE(run.ok());
    const json ours = json::parse(
        report::RenderDigestJson(*run, report::ReportOptionsFor(analyzer::OrderBy::kSum, 0)));
    std::map<std::string, const json*> by_sample;
    for (const json& c : ours["classes"]) by_sample[c["sample"].get<std::string>()] = &c;
    for (const json& c : (*pt)["classes"]) {
      const std::string example = c.at("example").at("query");
      auto it = by_sample.find(example);
      if (it == by_sample.end()) continue;
      std::set<std::string> pt_lines, our_lines;
      std::set<std::string> pt_names, our_names;  // the part after LIKE: table names alone
      auto add = [](const json& t, std::set<std::string>& lines, std::set<std::string>& names) {
        lines.insert(t["create"].get<std::string>());
        const std::string status = t["status"];
        lines.insert(status);
        names.insert(status.substr(status.find(" LIKE ")));
      };
      if (c.contains("tables")) {
        for (const json& t : c["tables"]) add(t, pt_lines, pt_names);
      }
      for (const json& t : (*it->second)["tables"]) add(t, our_lines, our_names);
      if (pt_lines == our_lines) {
        ++same;
        continue;
      }
      const std::string verb = base::UpperAscii(example.substr(0, example.find(' ')));
      if (our_lines.empty() && (verb == "LOCK" || verb == "LOAD" || verb == "SHOW" ||
                                verb == "EXPLAIN" || !parser::Parse(example).ok())) {
        ++not_modelled;
        continue;
      }
      if (pt_names == our_names) {
        ++other_database;
        continue;
      }
      unexplained += "\n" + log.filename().string() + ": " + example.substr(0, 80);
    }
  }
  INFO(unexplained);
  CHECK(unexplained.empty());
  WARN("tables: " << same << " classes agree with pt-query-digest; " << not_modelled
                  << " not modelled, " << other_database << " in another database");
  CHECK(same >= 400);
  CHECK(not_modelled > 0);
  CHECK(other_database > 0);
}

TEST_CASE("digits in identifiers: qadvisor keeps them apart unless asked to fold them") {
  const fs::path log = kCorpus / "real" / "mariadb-10.11.19-sysbench-excerpt-3000ev.log";
  Result<analyzer::DigestRun> kept = Digest(log, false);
  Result<analyzer::DigestRun> folded = Digest(log, true);
  REQUIRE(kept.ok());
  REQUIRE(folded.ok());
  const std::optional<json> pt = LoadJson(PtJsonFor(log));
  REQUIRE(pt);
  CHECK(folded->digest.classes().size() == (*pt)["classes"].size());
  CHECK(kept->digest.classes().size() > folded->digest.classes().size());
  CHECK(kept->digest.events() == folded->digest.events());
}

TEST_CASE("generated logs: exact event count and total Query_time of every truth file") {
  size_t checked = 0;
  for (const auto& entry : fs::directory_iterator(kCorpus / "generated")) {
    const std::string path = entry.path().string();
    if (!path.ends_with(".truth.json")) continue;
    INFO(path);
    const std::optional<json> truth = LoadJson(entry.path());
    REQUIRE(truth);
    const fs::path log = path.substr(0, path.size() - std::string(".truth.json").size());
    Result<analyzer::DigestRun> run = Digest(log, false);
    REQUIRE(run.ok());
    CHECK(run->digest.events() == (*truth)["events"].get<uint64_t>());
    int64_t truth_time = 0;
    for (const auto& [name, t] : (*truth)["templates"].items())
      truth_time += Micros(t["sum_query_time"].get<double>());
    const analyzer::Distribution* qt = run->digest.global().Metric(analyzer::kQueryTime);
    REQUIRE(qt != nullptr);
    CHECK(std::llabs(static_cast<int64_t>(qt->sum()) - truth_time) <= 1);  // truth rounds each sum
    ++checked;
  }
  CHECK(checked == 4);
}

TEST_CASE("two threads give exactly the single-threaded digest on every corpus log") {
  for (const fs::path& log : SlowLogs()) {
    if (IsSessionDump(log)) continue;
    INFO(log.string());
    analyzer::DigestRunOptions one, two;
    one.threads = 1;
    two.threads = 2;
    two.reader.chunk_bytes = 4096;  // many batches, so both workers get some
    Result<analyzer::DigestRun> a = analyzer::RunDigest({log.string()}, one);
    Result<analyzer::DigestRun> b = analyzer::RunDigest({log.string()}, two);
    REQUIRE(a.ok());
    REQUIRE(b.ok());
    const auto ra = a->digest.Ranked(analyzer::OrderBy::kSum);
    const auto rb = b->digest.Ranked(analyzer::OrderBy::kSum);
    REQUIRE(ra.size() == rb.size());
    for (size_t i = 0; i < ra.size(); ++i) {
      CHECK(ra[i]->id == rb[i]->id);
      CHECK(ra[i]->count == rb[i]->count);
      CHECK(ra[i]->sample.offset == rb[i]->sample.offset);
      CHECK(ra[i]->first_seen == rb[i]->first_seen);
      CHECK(ra[i]->sampled_events == rb[i]->sampled_events);
      for (uint32_t m = 0; m <= analyzer::kQueryLength; ++m) {
        const analyzer::Distribution* da = ra[i]->Metric(m);
        const analyzer::Distribution* db = rb[i]->Metric(m);
        REQUIRE((da == nullptr) == (db == nullptr));
        if (!da) continue;
        CHECK(da->sum() == db->sum());
        CHECK(da->Percentile(0.5) == db->Percentile(0.5));
        CHECK(da->Percentile(0.95) == db->Percentile(0.95));
        CHECK(da->max() == db->max());
        CHECK(da->sum_squares() == db->sum_squares());
        CHECK(da->StdDev() == db->StdDev());
      }
    }
  }
}

}  // namespace
}  // namespace qadvisor
