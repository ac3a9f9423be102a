#include "analyzer/digest_merge.h"

#include <fmt/format.h>

#include <charconv>
#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>
#include <unordered_set>

#include "base/input.h"

namespace qadvisor::analyzer {
namespace {

using nlohmann::json;

// 1 to 39 decimal digits as an unsigned 128-bit number; nullopt for anything else or a number
// above 2^128 - 1.
std::optional<UInt128> Digits128(std::string_view s) {
  constexpr UInt128 kMax = ~static_cast<UInt128>(0);
  if (s.empty() || s.size() > 39) return std::nullopt;
  UInt128 out = 0;
  for (const char c : s) {
    const unsigned digit = static_cast<unsigned>(c - '0');
    if (c < '0' || c > '9' || out > (kMax - digit) / 10) return std::nullopt;
    out = out * 10 + digit;
  }
  return out;
}

// Reads the fields of one digest JSON. Every accessor checks the type it wants and records the
// first thing that is wrong (with its path in the document); the caller stops at the end of a
// class or section and reports it. No exception leaves this file: nlohmann's parse is asked not
// to throw and every access is checked first.
class Reader {
 public:
  bool failed() const { return !error_.empty(); }
  const std::string& error() const { return error_; }

  void Fail(std::string what) {
    if (error_.empty()) error_ = std::move(what);
  }

  const json* Member(const json& o, std::string_view key, std::string_view where) {
    if (!o.is_object()) {
      Fail(fmt::format("{} is not an object", where));
      return nullptr;
    }
    auto it = o.find(key);
    if (it == o.end()) {
      Fail(fmt::format("{}.{} is missing", where, key));
      return nullptr;
    }
    return &*it;
  }

  uint64_t U64(const json& v, std::string_view where) {
    if (v.is_number_unsigned()) return v.get<uint64_t>();
    if (v.is_number_integer() && v.get<int64_t>() >= 0) return v.get<uint64_t>();
    Fail(fmt::format("{} is not a whole number 0 or more", where));
    return 0;
  }
  int64_t I64(const json& v, std::string_view where) {
    if (v.is_number_unsigned() && v.get<uint64_t>() > static_cast<uint64_t>(INT64_MAX)) {
      Fail(fmt::format("{} is too large", where));
      return 0;
    }
    if (v.is_number_integer()) return v.get<int64_t>();
    Fail(fmt::format("{} is not a whole number", where));
    return 0;
  }
  // A timestamp in microseconds, or null for none.
  int64_t Time(const json& v, std::string_view where) {
    return v.is_null() ? parser::kNoTimestamp : I64(v, where);
  }
  bool Bool(const json& v, std::string_view where) {
    if (v.is_boolean()) return v.get<bool>();
    Fail(fmt::format("{} is not true or false", where));
    return false;
  }
  std::string String(const json& v, std::string_view where) {
    if (v.is_string()) return v.get<std::string>();
    Fail(fmt::format("{} is not a string", where));
    return {};
  }
  const json& Array(const json& v, std::string_view where) {
    static const json kEmpty = json::array();
    if (v.is_array()) return v;
    Fail(fmt::format("{} is not an array", where));
    return kEmpty;
  }
  // A sum in millionths: an integer, or a string of decimal digits when it needs 128 bits.
  Int128 Sum(const json& v, std::string_view where) {
    if (!v.is_string()) return I64(v, where);
    std::string_view s = v.get_ref<const std::string&>();
    const bool negative = s.starts_with('-');
    if (negative) s.remove_prefix(1);
    constexpr UInt128 kMax = ~static_cast<UInt128>(0) >> 1;  // the largest Int128
    const std::optional<UInt128> magnitude = Digits128(s);
    if (!magnitude || *magnitude > kMax) {
      Fail(fmt::format("{} is not a sum", where));
      return 0;
    }
    const auto out = static_cast<Int128>(*magnitude);
    return negative ? -out : out;
  }

  // A sum of squares: a non-negative integer, or a string of decimal digits up to 2^128 - 1.
  UInt128 Squares(const json& v, std::string_view where) {
    if (!v.is_string()) {
      const int64_t n = I64(v, where);
      if (n < 0) Fail(fmt::format("{} is negative", where));
      return static_cast<UInt128>(n < 0 ? 0 : n);
    }
    const std::optional<UInt128> out = Digits128(v.get_ref<const std::string&>());
    if (!out) Fail(fmt::format("{} is not a sum of squares", where));
    return out.value_or(0);
  }

 private:
  std::string error_;
};

bool ParseHexId(std::string_view text, uint64_t* id) {
  if (text.size() != 16) return false;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), *id, 16);
  return ec == std::errc() && end == text.data() + text.size();
}

void ReadDistribution(Reader& r, const json& j, const std::string& where, Distribution& out) {
  Distribution::State s;
  auto member = [&](std::string_view key) -> const json* { return r.Member(j, key, where); };
  if (const json* v = member("count")) s.count = r.U64(*v, where + ".count");
  if (const json* v = member("sum")) s.sum = r.Sum(*v, where + ".sum");
  if (const json* v = member("min")) s.min = r.I64(*v, where + ".min");
  if (const json* v = member("max")) s.max = r.I64(*v, where + ".max");
  if (const json* v = member("integral")) s.integral = r.Bool(*v, where + ".integral");
  if (const json* v = member("sum_squares")) s.sum_squares = r.Squares(*v, where + ".sum_squares");
  if (j.contains("saturated")) s.saturated = r.Bool(j["saturated"], where + ".saturated");
  if (r.failed()) return;
  s.histogram = !j.contains("exact");
  if (!s.histogram) {
    for (const json& v : r.Array(j["exact"], where + ".exact")) {
      s.exact.push_back(r.I64(v, where + ".exact[]"));
    }
  } else {
    if (const json* v = member("low")) {
      const int64_t low = r.I64(*v, where + ".low");
      if (low < INT32_MIN || low > INT32_MAX) r.Fail(where + ".low is out of range");
      s.low = static_cast<int32_t>(low);
    }
    if (const json* v = member("buckets")) {
      for (const json& b : r.Array(*v, where + ".buckets")) {
        s.buckets.push_back(r.U64(b, where + ".buckets[]"));
      }
    }
    if (const json* v = member("non_positive")) {
      s.non_positive = r.U64(*v, where + ".non_positive");
    }
  }
  if (r.failed()) return;
  if (!Distribution::FromState(s, out)) {
    r.Fail(where + " is not a consistent distribution (its counts, sum or extremes disagree)");
  }
}

void ReadCounts(Reader& r, const json& j, const std::string& where, ValueCounts& out) {
  const json* values = r.Member(j, "values", where);
  const json* other = r.Member(j, "other", where);
  if (!values || !other) return;
  for (const json& pair : r.Array(*values, where + ".values")) {
    if (!pair.is_array() || pair.size() != 2) {
      r.Fail(where + ".values[] is not a [name, count] pair");
      return;
    }
    const std::string name = r.String(pair[0], where + ".values[][0]");
    const uint64_t n = r.U64(pair[1], where + ".values[][1]");
    if (r.failed()) return;
    out.Add(name, n);
  }
  out.other += r.U64(*other, where + ".other");
}

// One class of the state (`is_class`), or the totals (no id, no sample). `files`: how many
// files the digest read (sample.file indexes them).
void ReadClass(Reader& r, const json& j, const std::string& where, size_t metric_count,
               size_t flag_count, size_t files, bool is_class, QueryClass& c) {
  auto member = [&](std::string_view key) -> const json* { return r.Member(j, key, where); };
  if (const json* v = member("key")) c.fingerprint = r.String(*v, where + ".key");
  if (const json* v = is_class ? member("id") : nullptr) {
    uint64_t id = 0;
    if (!ParseHexId(r.String(*v, where + ".id"), &id) || id != ClassId(c.fingerprint)) {
      r.Fail(where + ".id is not the XXH3-64 of its key");
    }
    c.id = id;
  }
  if (const json* v = member("count")) c.count = r.U64(*v, where + ".count");
  if (const json* v = member("first_seen")) c.first_seen = r.Time(*v, where + ".first_seen");
  if (const json* v = member("last_seen")) c.last_seen = r.Time(*v, where + ".last_seen");
  if (j.contains("sampled_events")) {
    c.sampled_events = r.U64(j["sampled_events"], where + ".sampled_events");
    if (const json* v = member("rate_min")) c.rate_min = r.U64(*v, where + ".rate_min");
    if (const json* v = member("rate_max")) c.rate_max = r.U64(*v, where + ".rate_max");
  }
  if (r.failed()) return;
  if (const json* v = member("metrics")) {
    for (const json& m : r.Array(*v, where + ".metrics")) {
      if (!m.is_array() || m.size() != 2) {
        r.Fail(where + ".metrics[] is not an [id, distribution] pair");
        return;
      }
      const uint64_t id = r.U64(m[0], where + ".metrics[][0]");
      if (!r.failed() && id >= metric_count) r.Fail(where + ".metrics[] names no metric");
      if (r.failed()) return;
      if (id >= c.metrics.size()) c.metrics.resize(id + 1);
      ReadDistribution(r, m[1], fmt::format("{}.metrics[{}]", where, id), c.metrics[id]);
      if (!r.failed() && c.metrics[id].count() > c.count) {
        r.Fail(
            fmt::format("{}.metrics[{}] counts more values than the class has events", where, id));
      }
    }
  }
  if (const json* v = member("flags")) {
    for (const json& f : r.Array(*v, where + ".flags")) {
      if (!f.is_array() || f.size() != 3) {
        r.Fail(where + ".flags[] is not an [id, seen, yes] triple");
        return;
      }
      const uint64_t id = r.U64(f[0], where + ".flags[][0]");
      const uint64_t seen = r.U64(f[1], where + ".flags[][1]");
      const uint64_t yes = r.U64(f[2], where + ".flags[][2]");
      if (!r.failed() && (id >= flag_count || yes > seen)) {
        r.Fail(where + ".flags[] names no flag or counts more Yes than events");
      }
      if (r.failed()) return;
      if (id >= c.flags_seen.size()) {
        c.flags_seen.resize(id + 1);
        c.flags_yes.resize(id + 1);
      }
      c.flags_seen[id] += seen;
      c.flags_yes[id] += yes;
    }
  }
  for (const auto& [key, counts] :
       {std::pair<std::string_view, ValueCounts*>{"databases", &c.databases},
        {"users", &c.users},
        {"hosts", &c.hosts}}) {
    if (const json* v = member(key)) ReadCounts(r, *v, fmt::format("{}.{}", where, key), *counts);
  }
  if (!is_class || r.failed()) return;
  const json* sample = member("sample");
  if (!sample) return;
  const std::string sw = where + ".sample";
  Sample& s = c.sample;
  auto field = [&](std::string_view key) -> const json* { return r.Member(*sample, key, sw); };
  if (const json* v = field("query")) s.query = r.String(*v, sw + ".query");
  if (const json* v = field("db")) s.db = r.String(*v, sw + ".db");
  if (const json* v = field("file")) {
    const uint64_t file = r.U64(*v, sw + ".file");
    if (!r.failed() && file >= std::max<size_t>(files, 1)) r.Fail(sw + ".file names no file");
    s.file = static_cast<uint32_t>(file);
  }
  if (const json* v = field("offset")) s.offset = r.U64(*v, sw + ".offset");
  if (const json* v = field("line")) s.line = r.U64(*v, sw + ".line");
  if (const json* v = field("query_time")) s.query_time = r.I64(*v, sw + ".query_time");
  if (const json* v = field("timestamp")) s.timestamp_us = r.Time(*v, sw + ".timestamp");
}

std::optional<GroupBy> GroupByNamed(std::string_view name) {
  for (const GroupBy g :
       {GroupBy::kFingerprint, GroupBy::kDb, GroupBy::kUser, GroupBy::kHost, GroupBy::kTable}) {
    if (GroupByName(g) == name) return g;
  }
  return std::nullopt;
}

EventFilterSpec ReadFilters(Reader& r, const json& j) {
  EventFilterSpec f;
  const std::string where = "state.filters";
  auto member = [&](std::string_view key) -> const json* { return r.Member(j, key, where); };
  if (const json* v = member("since"); v && !v->is_null()) f.since = r.I64(*v, where + ".since");
  if (const json* v = member("until"); v && !v->is_null()) f.until = r.I64(*v, where + ".until");
  if (const json* v = member("since_text")) f.since_text = r.String(*v, where + ".since_text");
  if (const json* v = member("until_text")) f.until_text = r.String(*v, where + ".until_text");
  for (const auto& [key, values] :
       {std::pair<std::string_view, std::vector<std::string>*>{"db", &f.dbs},
        {"user", &f.users},
        {"host", &f.hosts}}) {
    if (const json* v = member(key)) {
      for (const json& s : r.Array(*v, where + "." + std::string(key))) {
        values->push_back(r.String(s, where + "." + std::string(key) + "[]"));
      }
    }
  }
  if (const json* v = member("match")) f.match = r.String(*v, where + ".match");
  return f;
}

bool SameFilters(const EventFilter* a, const EventFilter* b) {
  const EventFilterSpec none;
  const EventFilterSpec& x = a ? a->spec() : none;
  const EventFilterSpec& y = b ? b->spec() : none;
  return x.since == y.since && x.until == y.until && x.dbs == y.dbs && x.users == y.users &&
         x.hosts == y.hosts && x.match == y.match;
}

}  // namespace

bool LooksLikeJson(std::string_view text) {
  const size_t at = text.find_first_not_of(" \t\r\n");
  return at != std::string_view::npos && text[at] == '{';
}

Result<DigestRun> ReadDigestJson(std::string_view text, const std::string& name) {
  const json doc = json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) return InvalidArgument(fmt::format("{}: not JSON", name));
  if (!doc.is_object() || !doc.contains("state") || doc.value("command", "") != "digest") {
    return InvalidArgument(fmt::format(
        "{}: not a digest written by `qadvisor digest --format json` (no \"state\" object)", name));
  }
  const json& state = doc["state"];
  if (!state.is_object() || state.value("format", "") != kDigestStateFormat ||
      !state.contains("version") || !state["version"].is_number_integer()) {
    return InvalidArgument(fmt::format("{}: \"state\" is not a qadvisor digest state", name));
  }
  if (const int64_t version = state["version"].get<int64_t>(); version != kDigestStateVersion) {
    return InvalidArgument(fmt::format(
        "{}: digest state version {}; this qadvisor reads version {} (digest the log again "
        "with this version)",
        name, version, kDigestStateVersion));
  }
  Reader r;
  auto top = [&](std::string_view key) -> const json* { return r.Member(doc, key, "the digest"); };
  DigestOptions options;
  if (const json* v = top("group_by")) {
    const std::optional<GroupBy> g = GroupByNamed(r.String(*v, "group_by"));
    if (!g && !r.failed()) r.Fail("group_by is not one digest knows");
    options.group_by = g.value_or(GroupBy::kFingerprint);
  }
  if (const json* v = r.Member(state, "fold_digits", "state")) {
    options.fingerprint.fold_identifier_digits = r.Bool(*v, "state.fold_digits");
  }
  if (const json* v = r.Member(state, "filters", "state")) {
    EventFilterSpec spec = ReadFilters(r, *v);
    if (!r.failed() && !spec.empty()) {
      Result<std::shared_ptr<const EventFilter>> made = EventFilter::Make(std::move(spec));
      if (!made.ok()) return InvalidArgument(fmt::format("{}: {}", name, made.status().message()));
      options.filter = *made;
    }
  }
  DigestRun run;
  run.digest = Digest(options);
  if (const json* v = top("files")) {
    for (const json& f : r.Array(*v, "files")) {
      run.files.push_back(fmt::format("{}:{}", name, r.String(f, "files[]")));
    }
  }
  if (const json* v = top("bytes")) run.bytes = r.U64(*v, "bytes");
  if (const json* v = top("skipped")) run.skipped = r.U64(*v, "skipped");
  if (const json* v = top("issue_count")) run.issue_count = r.U64(*v, "issue_count");
  if (const json* v = top("issues")) {
    for (const json& i : r.Array(*v, "issues")) {
      FileIssue fi;
      if (const json* f = r.Member(i, "file", "issues[]")) {
        fi.file = fmt::format("{}:{}", name, r.String(*f, "issues[].file"));
      }
      if (const json* f = r.Member(i, "offset", "issues[]")) {
        fi.issue.offset = r.U64(*f, "issues[].offset");
      }
      if (const json* f = r.Member(i, "line", "issues[]")) fi.issue.line = r.U64(*f, "line");
      if (const json* f = r.Member(i, "message", "issues[]")) {
        fi.issue.message = r.String(*f, "issues[].message");
      }
      run.issues.push_back(std::move(fi));
    }
  }
  uint64_t events = 0, ungrouped = 0, filtered[kFilterReasons] = {};
  if (const json* v = top("events")) events = r.U64(*v, "events");
  if (const json* v = top("ungrouped")) ungrouped = r.U64(*v, "ungrouped");
  if (const json* v = top("filtered_by")) {
    for (size_t i = 0; i < kFilterReasons; ++i) {
      const std::string_view reason = FilterReasonName(static_cast<FilterReason>(i));
      if (const json* n = r.Member(*v, reason, "filtered_by")) {
        filtered[i] = r.U64(*n, "filtered_by." + std::string(reason));
      }
    }
  }
  std::vector<std::string> metric_names, flag_names;
  for (const auto& [key, names] :
       {std::pair<std::string_view, std::vector<std::string>*>{"metrics", &metric_names},
        {"flags", &flag_names}}) {
    const std::string where = "state." + std::string(key);
    if (const json* v = r.Member(state, key, "state")) {
      for (const json& n : r.Array(*v, where)) names->push_back(r.String(n, where + "[]"));
    }
  }
  if (r.failed()) return InvalidArgument(fmt::format("{}: {}", name, r.error()));
  const bool by_fingerprint = options.group_by == GroupBy::kFingerprint;
  if (const json* v = r.Member(state, "totals", "state")) {
    if (by_fingerprint != v->is_null()) {
      r.Fail("state.totals must be null exactly when the digest is grouped by fingerprint");
    } else if (!by_fingerprint) {
      QueryClass totals;
      ReadClass(r, *v, "state.totals", metric_names.size(), flag_names.size(), run.files.size(),
                /*is_class=*/false, totals);
      totals.fingerprint.clear();
      if (!r.failed()) run.digest.MergeRebuilt(totals, metric_names, flag_names, /*totals=*/true);
    }
  }
  uint64_t class_events = 0;
  std::unordered_set<uint64_t> ids;
  if (const json* v = r.Member(state, "classes", "state")) {
    const json& classes = r.Array(*v, "state.classes");
    for (size_t i = 0; i < classes.size() && !r.failed(); ++i) {
      QueryClass c;
      const std::string where = fmt::format("state.classes[{}]", i);
      ReadClass(r, classes[i], where, metric_names.size(), flag_names.size(), run.files.size(),
                /*is_class=*/true, c);
      if (r.failed()) break;
      if (!ids.insert(c.id).second) {
        r.Fail(where + " is a class already listed");
        break;
      }
      class_events += c.count;
      run.digest.MergeRebuilt(c, metric_names, flag_names);
    }
  }
  if (!r.failed() && by_fingerprint && class_events != events) {
    r.Fail(fmt::format("the classes count {} events, the digest {}", class_events, events));
  }
  if (r.failed()) return InvalidArgument(fmt::format("{}: {}", name, r.error()));
  run.digest.AddCounts(events, filtered, ungrouped);
  return run;
}

Status MergeRuns(DigestRun& into, const DigestRun& from) {
  const DigestOptions& a = into.digest.options();
  const DigestOptions& b = from.digest.options();
  if (a.group_by != b.group_by) {
    return InvalidArgument(fmt::format("grouped by {}, where the first digest is grouped by {}",
                                       GroupByName(b.group_by), GroupByName(a.group_by)));
  }
  if (a.fingerprint.fold_identifier_digits != b.fingerprint.fold_identifier_digits) {
    return InvalidArgument("digested with and without --fold-digits: the classes differ");
  }
  if (!SameFilters(a.filter.get(), b.filter.get())) {
    return InvalidArgument("digested with other filters than the first digest");
  }
  const auto base = static_cast<uint32_t>(into.files.size());
  into.files.insert(into.files.end(), from.files.begin(), from.files.end());
  into.bytes += from.bytes;
  into.skipped += from.skipped;
  into.issue_count += from.issue_count;
  // The first 1000 are kept, as a digest keeps them (docs/json-digest.md).
  for (size_t i = 0; i < from.issues.size() && into.issues.size() < 1000; ++i) {
    into.issues.push_back(from.issues[i]);
  }
  const Digest& d = from.digest;
  for (const auto& c : d.classes()) {
    QueryClass copy = *c;
    copy.sample.file += base;
    into.digest.MergeRebuilt(copy, d.metric_names(), d.flag_names());
  }
  if (b.group_by != GroupBy::kFingerprint) {
    into.digest.MergeRebuilt(d.global(), d.metric_names(), d.flag_names(), /*totals=*/true);
  }
  uint64_t filtered[kFilterReasons];
  for (size_t i = 0; i < kFilterReasons; ++i)
    filtered[i] = d.filtered(static_cast<FilterReason>(i));
  into.digest.AddCounts(d.events(), filtered, d.ungrouped());
  return Status::Ok();
}

Result<DigestRun> MergeDigestFiles(const std::vector<std::string>& paths) {
  std::optional<DigestRun> merged;
  for (const std::string& path : paths) {
    Result<std::string> text = base::ReadAll(path);
    if (!text.ok()) return text.status();
    const std::string name = path == "-" ? "stdin" : path;
    Result<DigestRun> run = ReadDigestJson(*text, name);
    if (!run.ok()) return run.status();
    if (!merged) {
      merged.emplace(std::move(*run));
      continue;
    }
    if (Status s = MergeRuns(*merged, *run); !s.ok()) {
      return InvalidArgument(fmt::format("{}: {}", name, s.message()));
    }
  }
  if (!merged) return InvalidArgument("no digest to merge");
  return std::move(*merged);
}

}  // namespace qadvisor::analyzer
