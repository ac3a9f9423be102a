#include "report/digest_state.h"

#include <fmt/format.h>

#include <algorithm>
#include <tuple>

namespace qadvisor::report {
namespace {

using analyzer::Distribution;
using analyzer::QueryClass;

void WriteTime(JsonWriter& w, std::string_view key, int64_t us) {
  w.Key(key);
  if (us == parser::kNoTimestamp) {
    w.Null();
  } else {
    w.Int(us);
  }
}

void WriteDistribution(JsonWriter& w, const Distribution& d) {
  const Distribution::State s = d.GetState();
  w.BeginObject();
  w.Field("count", s.count);
  w.Key("sum").WideInt(s.sum);  // millionths
  w.Field("min", s.min).Field("max", s.max).Field("integral", s.integral);
  // For stddev: the sum of squares in millionths squared, as decimal digits (it needs 128 bits).
  w.Key("sum_squares");
  if (s.saturated) {
    w.Int(0);
    w.Field("saturated", true);
  } else {
    w.WideUint(s.sum_squares);
  }
  if (!s.histogram) {
    w.Key("exact").Ints(s.exact);
  } else {
    w.Field("low", static_cast<int64_t>(s.low));
    w.Key("buckets").Uints(s.buckets);
    w.Field("non_positive", s.non_positive);
  }
  w.EndObject();
}

void WriteCounts(JsonWriter& w, std::string_view key, const analyzer::ValueCounts& counts) {
  w.Key(key).BeginObject();
  w.Key("values").BeginArray();
  for (const auto& [name, n] : counts.Sorted()) w.BeginArray().String(name).Uint(n).EndArray();
  w.EndArray();
  w.Field("other", counts.other);
  w.EndObject();
}

// Metric and flag ids as the state writes them. The digest's own depend on which of its
// threads met a name first; the state numbers them in Digest::MetricOrder/FlagOrder (the core
// metrics first, then by name), so one log always gives the same bytes.
struct StateIds {
  std::vector<uint32_t> metrics;  // state id -> the digest's id
  std::vector<uint32_t> flags;
};

StateIds IdsOf(const analyzer::Digest& digest) {
  return {digest.MetricOrder(), digest.FlagOrder()};
}

// One class, compact, with the metric and flag ids of `ids` (the state lists their names).
// Into `out` (cleared first).
void WriteClassState(const QueryClass& c, bool with_sample, const StateIds& ids, std::string& out) {
  out.clear();
  JsonWriter w(out, /*pretty=*/false);
  w.BeginObject();
  w.Field("id", analyzer::FormatClassId(c.id));
  w.Field("key", c.fingerprint);
  w.Field("count", c.count);
  WriteTime(w, "first_seen", c.first_seen);
  WriteTime(w, "last_seen", c.last_seen);
  if (c.sampled_events > 0) {
    w.Field("sampled_events", c.sampled_events);
    w.Field("rate_min", c.rate_min).Field("rate_max", c.rate_max);
  }
  w.Key("metrics").BeginArray();
  for (size_t id = 0; id < ids.metrics.size(); ++id) {
    const uint32_t i = ids.metrics[id];
    if (i >= c.metrics.size() || c.metrics[i].count() == 0) continue;
    w.BeginArray().Uint(id);
    WriteDistribution(w, c.metrics[i]);
    w.EndArray();
  }
  w.EndArray();
  w.Key("flags").BeginArray();
  for (size_t id = 0; id < ids.flags.size(); ++id) {
    const uint32_t i = ids.flags[id];
    if (i >= c.flags_seen.size() || c.flags_seen[i] == 0) continue;
    w.BeginArray().Uint(id).Uint(c.flags_seen[i]).Uint(c.flags_yes[i]).EndArray();
  }
  w.EndArray();
  WriteCounts(w, "databases", c.databases);
  WriteCounts(w, "users", c.users);
  WriteCounts(w, "hosts", c.hosts);
  if (with_sample) {
    const analyzer::Sample& s = c.sample;
    w.Key("sample").BeginObject();
    w.Field("query", s.query).Field("db", s.db);
    w.Field("file", static_cast<uint64_t>(s.file)).Field("offset", s.offset).Field("line", s.line);
    w.Field("query_time", s.query_time);
    WriteTime(w, "timestamp", s.timestamp_us);
    w.EndObject();
  }
  w.EndObject();
}

std::string ClassState(const QueryClass& c, bool with_sample, const StateIds& ids) {
  std::string out;
  WriteClassState(c, with_sample, ids, out);
  return out;
}

}  // namespace

std::vector<std::string> DigestClassStates(const analyzer::Digest& digest) {
  std::vector<const QueryClass*> sorted;
  for (const auto& c : digest.classes()) sorted.push_back(c.get());
  std::sort(sorted.begin(), sorted.end(),
            [](const QueryClass* a, const QueryClass* b) { return a->id < b->id; });
  std::vector<std::string> states;
  states.reserve(sorted.size());
  // Each written into one buffer, then copied once at its size: a string grown from empty
  // would copy itself a dozen times over.
  std::string scratch;
  const StateIds ids = IdsOf(digest);
  for (const QueryClass* c : sorted) {
    WriteClassState(*c, /*with_sample=*/true, ids, scratch);
    states.emplace_back(scratch);
  }
  return states;
}

void WriteDigestState(const analyzer::DigestRun& run, JsonWriter& w,
                      const std::vector<std::string>& class_states,
                      const std::function<void()>& after_class) {
  const analyzer::Digest& digest = run.digest;
  w.Key("state").BeginObject();
  w.Field("format", analyzer::kDigestStateFormat);
  w.Field("version", analyzer::kDigestStateVersion);
  w.Field("fold_digits", digest.options().fingerprint.fold_identifier_digits);
  {
    const analyzer::EventFilter* filter = digest.options().filter.get();
    const analyzer::EventFilterSpec none;
    const analyzer::EventFilterSpec& f = filter ? filter->spec() : none;
    std::string line;
    JsonWriter fw(line, /*pretty=*/false);
    fw.BeginObject();
    fw.Key("since");
    f.since ? fw.Int(*f.since) : fw.Null();
    fw.Field("since_text", f.since_text);
    fw.Key("until");
    f.until ? fw.Int(*f.until) : fw.Null();
    fw.Field("until_text", f.until_text);
    for (const auto& [key, values] :
         {std::pair<std::string_view, const std::vector<std::string>*>{"db", &f.dbs},
          {"user", &f.users},
          {"host", &f.hosts}}) {
      fw.Key(key).BeginArray();
      for (const std::string& v : *values) fw.String(v);
      fw.EndArray();
    }
    fw.Field("match", f.match);
    fw.EndObject();
    w.Key("filters").Raw(line);
  }
  const StateIds ids = IdsOf(digest);
  for (const auto& [key, names, order] :
       {std::tuple<std::string_view, const std::vector<std::string>*, const std::vector<uint32_t>*>{
            "metrics", &digest.metric_names(), &ids.metrics},
        {"flags", &digest.flag_names(), &ids.flags}}) {
    std::string line;
    JsonWriter nw(line, /*pretty=*/false);
    nw.BeginArray();
    for (const uint32_t i : *order) nw.String((*names)[i]);
    nw.EndArray();
    w.Key(key).Raw(line);
  }
  // Grouped other than by fingerprint, the whole input is not the sum of the classes (an event
  // can be in several classes, or in none): it travels too.
  w.Key("totals");
  if (digest.options().group_by == analyzer::GroupBy::kFingerprint) {
    w.Null();
  } else {
    w.Raw(ClassState(digest.global(), /*with_sample=*/false, ids));
  }
  w.Key("classes").BeginArray();
  for (const std::string& c : class_states) {
    w.Raw(c);
    if (after_class) after_class();
  }
  w.EndArray();
  w.EndObject();
}

}  // namespace qadvisor::report
