#include "analyzer/digest.h"

#include <fmt/format.h>
#include <xxhash.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <thread>

#include "analyzer/ranking.h"
#include "base/ascii.h"
#include "base/swar.h"
#include "parser/tables.h"

namespace qadvisor::analyzer {

std::string_view GroupByName(GroupBy group_by) {
  switch (group_by) {
    case GroupBy::kDb:
      return "db";
    case GroupBy::kUser:
      return "user";
    case GroupBy::kHost:
      return "host";
    case GroupBy::kTable:
      return "table";
    case GroupBy::kFingerprint:
      break;
  }
  return "fingerprint";
}

uint64_t ClassId(std::string_view fingerprint) { return parser::FingerprintHash(fingerprint); }

std::string FormatClassId(uint64_t id) { return fmt::format("{:016X}", id); }

int64_t BucketStart(int64_t timestamp_us, int64_t bucket_us) {
  int64_t q = timestamp_us / bucket_us;
  if (timestamp_us % bucket_us < 0) --q;  // floor, for times before 1970 too
  return q * bucket_us;
}

namespace {

// Whether an event (its Query_time, file and offset) makes a better sample than `current`: slower,
// or as slow and earlier in the input. Adding events and merging digests both decide with it, so
// every thread count picks the same sample.
bool BetterSample(int64_t query_time, uint32_t file, uint64_t offset, const Sample& current) {
  if (current.query.empty()) return true;  // no sample yet
  if (current.query_time != query_time) return current.query_time < query_time;
  return file < current.file || (file == current.file && offset < current.offset);
}

// Makes the statement the class's sample when it is a better one (BetterSample).
void OfferSample(Sample& s, std::string_view query, std::string_view db, uint32_t file,
                 uint64_t offset, uint64_t line, int64_t query_time, int64_t timestamp_us) {
  if (!BetterSample(query_time, file, offset, s)) return;
  s.query.assign(query);
  s.db.assign(db);
  s.file = file;
  s.offset = offset;
  s.line = line;
  s.query_time = query_time;
  s.timestamp_us = timestamp_us;
}

}  // namespace

bool IsIdentityAttribute(std::string_view key) {
  return key == "Thread_id" || key == "Id" || key == "Schema" || key == "InnoDB_trx_id" ||
         key == "Errno" || key == "Log_slow_rate_type" || key == "Last_errno" || key == "Killed";
}

MetricUnit UnitOf(std::string_view attribute) {
  // MariaDB's sql/log.cc prints both as `1000.0 * ticks / timer_tracker_frequency()` ("%.4f"):
  // milliseconds (the MariaDB manual, "Slow Query Log Extended Statistics", says so too).
  if (attribute == "Engine_time" || attribute == "Pages_read_time")
    return MetricUnit::kMilliseconds;
  // Query_time and Lock_time are seconds in every server's log; so are Percona Server's
  // InnoDB_IO_r_wait, InnoDB_rec_lock_wait and InnoDB_queue_wait ("%.6f" seconds).
  if (attribute.ends_with("_time") || attribute.ends_with("_wait")) return MetricUnit::kSeconds;
  return MetricUnit::kCount;
}

// Hot path: three per event, and nearly always the value the class's last event had: that
// one is compared before any hash is computed.
void ValueCounts::Add(std::string_view value, uint64_t n) {
  if (last < values.size() && values[last].first == value) {
    values[last].second += n;
    return;
  }
  Add(value, XXH3_64bits(value.data(), value.size()), n);
}

size_t ValueCounts::SlotOf(std::string_view value, uint64_t hash) const {
  size_t s = hash & (kSlots - 1);
  for (; slots[s] != 0; s = (s + 1) & (kSlots - 1)) {
    const size_t i = slots[s] - 1;
    if (hashes[i] == hash && values[i].first == value) break;
  }
  return s;
}

void ValueCounts::Add(std::string_view value, uint64_t hash, uint64_t n) {
  if (last < values.size() && hashes[last] == hash && values[last].first == value) {
    values[last].second += n;
    return;
  }
  const size_t slot = SlotOf(value, hash);
  if (slots[slot] != 0) {
    last = slots[slot] - 1;
    values[last].second += n;
    return;
  }
  if (values.size() < kMaxDistinct) {
    last = values.size();
    values.emplace_back(std::string(value), n);
    hashes.push_back(hash);
    slots[slot] = static_cast<uint8_t>(last + 1);
    if (hash > hashes[largest]) largest = last;
    return;
  }
  // Full: the value is kept only if its hash is smaller than the largest kept one.
  if (hash >= hashes[largest]) {
    other += n;
    return;
  }
  other += values[largest].second;
  values[largest] = {std::string(value), n};
  hashes[largest] = hash;
  last = largest;
  largest = static_cast<size_t>(std::max_element(hashes.begin(), hashes.end()) - hashes.begin());
  // The replaced value's slot is gone, so the index is built again. Rare once a class has met
  // its values: only a value never seen, with a hash below the largest kept, comes in.
  slots.fill(0);
  for (size_t i = 0; i < values.size(); ++i) {
    slots[SlotOf(values[i].first, hashes[i])] = static_cast<uint8_t>(i + 1);
  }
}

void ValueCounts::Prefetch() const {
  if (last < values.size()) __builtin_prefetch(&values[last]);
  const char* h = reinterpret_cast<const char*>(hashes.data());
  for (size_t at = 0; at < hashes.size() * sizeof(uint64_t); at += 64) __builtin_prefetch(h + at);
}

void ValueCounts::Merge(const ValueCounts& from) {
  for (const auto& [v, c] : from.values) Add(v, c);
  other += from.other;
}

std::vector<std::pair<std::string, uint64_t>> ValueCounts::Sorted() const {
  auto sorted = values;
  std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) {
    return a.second != b.second ? a.second > b.second : a.first < b.first;
  });
  return sorted;
}

Digest::Digest(DigestOptions options) : options_(options), fingerprints_(options_.fingerprint) {
  for (const char* name :
       {"Query_time", "Lock_time", "Rows_sent", "Rows_examined", "Query_length"}) {
    MetricId(name);
  }
}

uint32_t Digest::MetricId(std::string_view name) {
  KeyInfo& key = Key(SIZE_MAX, name);
  if (key.kind != KeyKind::kMetric) {
    key.kind = KeyKind::kMetric;
    key.id = static_cast<uint32_t>(metric_names_.size());
    metric_names_.emplace_back(name);
  }
  return key.id;
}

uint32_t Digest::FlagId(std::string_view name) {
  KeyInfo& key = Key(SIZE_MAX, name);
  if (key.kind != KeyKind::kFlag) {
    key.kind = KeyKind::kFlag;
    key.id = static_cast<uint32_t>(flag_names_.size());
    flag_names_.emplace_back(name);
  }
  return key.id;
}

// Hot path: once per attribute of every event, and nearly always the key that sat at this
// position in the event before. Sizes first: they differ when the keys do.
Digest::KeyInfo& Digest::Key(size_t position, std::string_view name) {
  if (position < key_at_position_.size()) {
    KeyInfo& cached = keys_[key_at_position_[position]];
    if (cached.name.size() == name.size() &&
        base::swar::SameBytes(cached.name.data(), name.data(), name.size())) {
      return cached;
    }
  }
  return FindKey(position, name);
}

Digest::KeyInfo& Digest::FindKey(size_t position, std::string_view name) {
  auto it = key_index_.find(std::string(name));
  uint32_t index;
  if (it != key_index_.end()) {
    index = it->second;
  } else {
    index = static_cast<uint32_t>(keys_.size());
    const KeyKind kind = name == "Log_slow_rate_limit" ? KeyKind::kRate
                         : IsIdentityAttribute(name)   ? KeyKind::kIgnored
                                                       : KeyKind::kUnknown;
    keys_.push_back({std::string(name), kind, 0});
    key_index_.emplace(std::string(name), index);
  }
  if (position != SIZE_MAX && position < 256) {
    if (position >= key_at_position_.size()) key_at_position_.resize(position + 1, index);
    key_at_position_[position] = index;
  }
  return keys_[index];
}

QueryClass& Digest::ClassFor(std::string_view fingerprint) {
  return ClassFor(fingerprint, ClassId(fingerprint));
}

// Hot path: once per event. Ids are hashes already, so their low bits pick the slot.
QueryClass& Digest::ClassFor(std::string_view fingerprint, uint64_t id) {
  if (by_id_.empty()) by_id_.resize(64);
  size_t mask = by_id_.size() - 1;
  size_t i = id & mask;
  for (; by_id_[i].second != nullptr; i = (i + 1) & mask) {
    if (by_id_[i].first == id) return *by_id_[i].second;
  }
  auto c = std::make_unique<QueryClass>();
  c->id = id;
  c->fingerprint.assign(fingerprint);
  QueryClass* raw = c.get();
  classes_.push_back(std::move(c));
  if (classes_.size() * 2 > by_id_.size()) {  // at most half full: probes stay short
    std::vector<std::pair<uint64_t, QueryClass*>> grown(by_id_.size() * 2);
    mask = grown.size() - 1;
    for (const auto& [slot_id, slot_class] : by_id_) {
      if (slot_class == nullptr) continue;
      size_t j = slot_id & mask;
      while (grown[j].second != nullptr) j = (j + 1) & mask;
      grown[j] = {slot_id, slot_class};
    }
    by_id_ = std::move(grown);
    i = id & mask;
    while (by_id_[i].second != nullptr) i = (i + 1) & mask;
  }
  by_id_[i] = {id, raw};
  return *raw;
}

// Hot path: once per event. Profile before changing. Without filters and grouped by fingerprint
// (the default), the additions cost one test of a null pointer and one of an enum.
void Digest::Add(const parser::Event& event, uint32_t file) {
  if (!Prepare(event)) return;
  if (options_.group_by == GroupBy::kFingerprint) {
    AddTo(ClassFor(fingerprint_, fingerprint_id_), event, file, values_, flags_, rate_);
  } else {
    AddGrouped(event, file);
  }
  events_ += rate_;
  global_stale_ = true;
}

void Digest::AddBatch(std::span<const parser::Event> events, uint32_t file) {
  if (options_.group_by != GroupBy::kFingerprint) {
    for (const parser::Event& e : events) Add(e, file);
    return;
  }
  // First every event's class (fingerprinting is most of it), then the additions.
  pending_.clear();
  batch_values_.clear();
  batch_flags_.clear();
  for (const parser::Event& e : events) {
    if (!Prepare(e)) continue;
    batch_values_.insert(batch_values_.end(), values_.begin(), values_.end());
    batch_flags_.insert(batch_flags_.end(), flags_.begin(), flags_.end());
    pending_.push_back({&e, &ClassFor(fingerprint_, fingerprint_id_), rate_,
                        static_cast<uint32_t>(batch_values_.size()),
                        static_cast<uint32_t>(batch_flags_.size())});
    events_ += rate_;
  }
  if (!pending_.empty()) global_stale_ = true;
  auto values_of = [&](size_t i) {
    const uint32_t begin = i == 0 ? 0 : pending_[i - 1].values_end;
    return std::span(batch_values_).subspan(begin, pending_[i].values_end - begin);
  };
  // A software pipeline of cache fetches: the class 12 events ahead; its distributions and
  // value counts 8 ahead (their addresses read from the class fetched before); the histogram
  // buckets the values will land in 4 ahead (read from the distributions). Each addition then
  // finds its lines in cache: without this, most of its time went to waiting on memory.
  constexpr size_t kClassAhead = 12, kMetricsAhead = 8, kBucketsAhead = 4;
  const size_t n = pending_.size();
  for (size_t i = 0; i < n; ++i) {
    if (i + kClassAhead < n) {
      const char* c = reinterpret_cast<const char*>(pending_[i + kClassAhead].c);
      for (size_t at = 0; at < sizeof(QueryClass); at += 64) __builtin_prefetch(c + at);
    }
    if (i + kMetricsAhead < n) {
      const QueryClass& c = *pending_[i + kMetricsAhead].c;
      c.databases.Prefetch();
      c.users.Prefetch();
      c.hosts.Prefetch();
      for (const auto& [id, v] : values_of(i + kMetricsAhead)) {
        if (id < c.metrics.size()) {
          __builtin_prefetch(&c.metrics[id], 1);
          __builtin_prefetch(reinterpret_cast<const char*>(&c.metrics[id]) + 64);
        }
      }
    }
    if (i + kBucketsAhead < n) {
      const QueryClass& c = *pending_[i + kBucketsAhead].c;
      for (const auto& [id, v] : values_of(i + kBucketsAhead)) {
        if (id < c.metrics.size()) c.metrics[id].PrefetchBucket(v);
      }
    }
    const Pending& p = pending_[i];
    const uint32_t flags_begin = i == 0 ? 0 : pending_[i - 1].flags_end;
    AddTo(*p.c, *p.event, file, values_of(i),
          std::span(batch_flags_).subspan(flags_begin, p.flags_end - flags_begin), p.rate);
  }
}

bool Digest::Prepare(const parser::Event& event) {
  const EventFilter* filter = options_.filter.get();
  if (filter != nullptr) {
    if (const std::optional<FilterReason> reason = filter->Check(event)) {
      ++filtered_[static_cast<size_t>(*reason)];
      return false;
    }
  }
  if (event.admin_command) {
    fingerprint_ = event.query;
    fingerprint_id_ = ClassId(fingerprint_);
  } else {
    const parser::FingerprintCache::Found found =
        fingerprints_.Find(event.query, fingerprint_buffer_);
    fingerprint_ = found.text;
    fingerprint_id_ = found.hash;
  }
  if (filter != nullptr && filter->has_match() && !Matches(*filter)) {
    ++filtered_[static_cast<size_t>(FilterReason::kMatch)];
    return false;
  }
  values_.clear();
  flags_.clear();
  rate_ = 1;
  for (size_t i = 0; i < event.attributes.size(); ++i) {
    const parser::Attribute& a = event.attributes[i];
    KeyInfo& key = Key(i, a.key);
    if (key.kind == KeyKind::kIgnored) continue;
    if (key.kind == KeyKind::kRate) {
      // Percona Server logs 1 in N (`# Log_slow_rate_type: query  Log_slow_rate_limit: N`):
      // this event stands for N. Anything but a whole number >= 1 counts as 1.
      int64_t n = 0;
      if (parser::ParseMicros(a.value, &n) && n >= 1000000 && n % 1000000 == 0) {
        rate_ = static_cast<uint64_t>(n / 1000000);
      }
      continue;
    }
    if (key.kind != KeyKind::kFlag) {
      int64_t v = 0;
      if (parser::ParseMicros(a.value, &v)) {
        if (key.kind == KeyKind::kUnknown) MetricId(a.key);
        values_.emplace_back(key.id, v);
        continue;
      }
    }
    if (key.kind != KeyKind::kMetric && (a.value == "Yes" || a.value == "No")) {
      if (key.kind == KeyKind::kUnknown) FlagId(a.key);
      flags_.emplace_back(key.id, a.value == "Yes");
    }
  }
  values_.emplace_back(kQueryLength, static_cast<int64_t>(event.query.size()) * 1000000);
  return true;
}

bool Digest::Matches(const EventFilter& filter) {
  auto [it, added] = match_cache_.try_emplace(fingerprint_id_, false);
  if (added) it->second = filter.Matches(fingerprint_);
  return it->second;
}

namespace {

void AppendLower(std::string& out, std::string_view s) {
  for (const char c : s) out.push_back(base::ToLowerAscii(c));
}

}  // namespace

// The tables of the event's statement, parsed once per distinct statement shape (fingerprint
// before --fold-digits folds table names together): a digest has few shapes and many events.
const std::vector<std::string>& Digest::TablesFor(const parser::Event& event) {
  std::string_view shape = fingerprint_;
  if (options_.fingerprint.fold_identifier_digits && !event.admin_command) {
    parser::Fingerprint(event.query, unfolded_, {});
    shape = unfolded_;
  }
  auto [it, added] = tables_cache_.try_emplace(ClassId(shape));
  if (added && !event.admin_command) {
    // Lower-cased, as the fingerprint is: events of one shape must give the same names
    // whichever of them a thread met first.
    for (const parser::TableRefName& t : parser::TablesOf(event.query)) {
      std::string name;
      if (!t.db.empty()) {
        AppendLower(name, t.db);
        name.push_back('.');
      }
      AppendLower(name, t.table);
      it->second.push_back(std::move(name));
    }
  }
  return it->second;
}

void Digest::AddGrouped(const parser::Event& event, uint32_t file) {
  AddTo(totals_, event, file, values_, flags_, rate_);
  std::string_view value;
  switch (options_.group_by) {
    case GroupBy::kDb:
      value = event.db;
      break;
    case GroupBy::kUser:
      value = event.user;
      break;
    case GroupBy::kHost:
      value = event.host;
      break;
    case GroupBy::kTable: {
      group_keys_.clear();
      for (const std::string& table : TablesFor(event)) {
        std::string key;
        if (table.find('.') == std::string::npos && !event.db.empty()) {
          AppendLower(key, event.db);
          key.push_back('.');
        }
        key += table;
        if (std::find(group_keys_.begin(), group_keys_.end(), key) == group_keys_.end()) {
          group_keys_.push_back(std::move(key));
        }
      }
      if (group_keys_.empty()) ungrouped_ += rate_;
      for (const std::string& key : group_keys_) {
        AddTo(ClassFor(key), event, file, values_, flags_, rate_);
      }
      return;
    }
    case GroupBy::kFingerprint:
      break;
  }
  if (value.empty()) {
    ungrouped_ += rate_;
    return;
  }
  AddTo(ClassFor(value), event, file, values_, flags_, rate_);
}

void Digest::AddTo(QueryClass& c, const parser::Event& e, uint32_t file,
                   std::span<const std::pair<uint32_t, int64_t>> values,
                   std::span<const std::pair<uint32_t, bool>> flags, uint64_t rate) {
  c.count += rate;
  int64_t query_time = -1;
  // A new class: room for every metric and flag known so far, at once. Its first event's ids
  // do not come in order (Query_length is last), and growing one id at a time moved the
  // distributions five times over.
  if (c.metrics.capacity() == 0) c.metrics.reserve(metric_names_.size());
  if (c.flags_seen.capacity() == 0 && !flags.empty()) {
    c.flags_seen.reserve(flag_names_.size());
    c.flags_yes.reserve(flag_names_.size());
  }
  for (const auto& [id, v] : values) {
    if (id >= c.metrics.size()) c.metrics.resize(id + 1);
    if (rate == 1) {
      c.metrics[id].Add(v);
    } else {
      c.metrics[id].Add(v, rate);
    }
    if (id == kQueryTime) query_time = v;
  }
  for (const auto& [id, yes] : flags) {
    if (id >= c.flags_seen.size()) {
      c.flags_seen.resize(id + 1);
      c.flags_yes.resize(id + 1);
    }
    c.flags_seen[id] += rate;
    c.flags_yes[id] += yes ? rate : 0;
  }
  if (rate > 1) {
    ++c.sampled_events;
    c.rate_min = c.rate_min == 0 ? rate : std::min(c.rate_min, rate);
    c.rate_max = std::max(c.rate_max, rate);
  }
  if (e.timestamp_us != parser::kNoTimestamp) {
    if (c.first_seen == parser::kNoTimestamp || e.timestamp_us < c.first_seen) {
      c.first_seen = e.timestamp_us;
    }
    if (c.last_seen == parser::kNoTimestamp || e.timestamp_us > c.last_seen) {
      c.last_seen = e.timestamp_us;
    }
  }
  if (!e.db.empty()) c.databases.Add(e.db, rate);
  if (!e.user.empty()) c.users.Add(e.user, rate);
  if (!e.host.empty()) c.hosts.Add(e.host, rate);
  // The sample is the slowest event; ties go to the earliest one.
  OfferSample(c.sample, e.query, e.db, file, e.offset, e.line, query_time, e.timestamp_us);
  if (options_.bucket_us > 0) AddToBucket(c, e, file, values, query_time);
}

void Digest::AddToBucket(QueryClass& c, const parser::Event& e, uint32_t file,
                         std::span<const std::pair<uint32_t, int64_t>> values, int64_t query_time) {
  if (e.timestamp_us == parser::kNoTimestamp) {
    ++c.unbucketed;
    return;
  }
  TimeBucket& b = c.buckets[BucketStart(e.timestamp_us, options_.bucket_us)];
  ++b.count;
  for (const auto& [id, v] : values) {
    if (id <= kRowsExamined) b.metrics[id].Add(v);
  }
  if (b.first_seen == parser::kNoTimestamp || e.timestamp_us < b.first_seen) {
    b.first_seen = e.timestamp_us;
  }
  if (b.last_seen == parser::kNoTimestamp || e.timestamp_us > b.last_seen) {
    b.last_seen = e.timestamp_us;
  }
  OfferSample(b.sample, e.query, e.db, file, e.offset, e.line, query_time, e.timestamp_us);
}

namespace {

constexpr int64_t kUnit = 1000000;  // one second, one row: values are in millionths

int64_t ToInt64(Int128 v) {
  if (v > INT64_MAX) return INT64_MAX;
  if (v < INT64_MIN) return INT64_MIN;
  return static_cast<int64_t>(v);
}

// Adds `n` values whose sum is `sum` (and whose least and greatest are `min` and `max`, when
// known) so that the distribution's count, sum, min and max are exactly the summary's: the
// extremes once each, the rest at their mean — in whole units when every given value is
// whole (rows stay integers), with the remainder spread one unit at a time so the sum is
// exact. At most four weighted adds, whatever n is.
void AddSpread(Distribution& d, uint64_t n, Int128 sum, std::optional<int64_t> min,
               std::optional<int64_t> max) {
  if (n == 0) return;
  if (n == 1) {
    d.Add(ToInt64(sum));
    return;
  }
  const bool whole = sum % kUnit == 0 && (!min || *min % kUnit == 0) && (!max || *max % kUnit == 0);
  const int64_t unit = whole ? kUnit : 1;
  uint64_t rest_n = n;
  Int128 rest = sum;
  for (const std::optional<int64_t>& extreme : {min, max}) {
    if (!extreme || rest_n == 0) continue;
    d.Add(*extreme);
    rest -= *extreme;
    --rest_n;
  }
  if (rest_n == 0) return;
  if (rest < 0) rest = 0;  // a summary whose rounded sums disagree with its extremes
  const Int128 units = rest / unit;
  const Int128 q = units / static_cast<Int128>(rest_n);
  const auto r = static_cast<uint64_t>(units - q * static_cast<Int128>(rest_n));
  int64_t low = ToInt64(q * unit);
  int64_t high = ToInt64(q * unit + unit);
  // Consistent input keeps the mean between the extremes; clamp only what is not.
  if (min) {
    low = std::max(low, *min);
    high = std::max(high, *min);
  }
  if (max) {
    low = std::min(low, *max);
    high = std::min(high, *max);
  }
  d.Add(low, rest_n - r);
  d.Add(high, r);
}

}  // namespace

void Digest::AddSummary(const Summary& s, uint32_t file) {
  if (s.count == 0) return;
  parser::Fingerprint(s.text, fingerprint_buffer_, options_.fingerprint);
  QueryClass& c = ClassFor(fingerprint_buffer_);
  c.count += s.count;
  int64_t query_time = s.sample_query_time;
  for (const SummaryMetric& m : s.metrics) {
    const uint32_t id = MetricId(m.name);
    if (id >= c.metrics.size()) c.metrics.resize(id + 1);
    AddSpread(c.metrics[id], s.count, m.sum, m.min, m.max);
    if (id == kQueryTime && query_time < 0) {
      query_time = m.max ? *m.max : ToInt64(m.sum / static_cast<Int128>(s.count));
    }
  }
  for (const auto& [name, yes] : s.flags) {
    const uint32_t id = FlagId(name);
    if (id >= c.flags_seen.size()) {
      c.flags_seen.resize(id + 1);
      c.flags_yes.resize(id + 1);
    }
    c.flags_seen[id] += s.count;
    c.flags_yes[id] += std::min(yes, s.count);
  }
  for (const int64_t t : {s.first_seen, s.last_seen}) {
    if (t == parser::kNoTimestamp) continue;
    if (c.first_seen == parser::kNoTimestamp || t < c.first_seen) c.first_seen = t;
    if (c.last_seen == parser::kNoTimestamp || t > c.last_seen) c.last_seen = t;
  }
  if (!s.db.empty()) c.databases.Add(s.db, s.count);
  OfferSample(c.sample, s.sample.empty() ? s.text : s.sample, s.db, file, s.offset, s.line,
              query_time, s.sample_seen);
  events_ += s.count;
  global_stale_ = true;
}

namespace {

void MergeClass(QueryClass& into, const QueryClass& from, const std::vector<uint32_t>& metric_map,
                const std::vector<uint32_t>& flag_map) {
  into.count += from.count;
  for (size_t i = 0; i < from.metrics.size(); ++i) {
    const uint32_t id = metric_map[i];
    if (id >= into.metrics.size()) into.metrics.resize(id + 1);
    into.metrics[id].Merge(from.metrics[i]);
  }
  for (size_t i = 0; i < from.flags_seen.size(); ++i) {
    const uint32_t id = flag_map[i];
    if (id >= into.flags_seen.size()) {
      into.flags_seen.resize(id + 1);
      into.flags_yes.resize(id + 1);
    }
    into.flags_seen[id] += from.flags_seen[i];
    into.flags_yes[id] += from.flags_yes[i];
  }
  auto earlier = [](int64_t a, int64_t b) {
    return b == parser::kNoTimestamp || (a != parser::kNoTimestamp && a < b);
  };
  auto later = [](int64_t a, int64_t b) {
    return b == parser::kNoTimestamp || (a != parser::kNoTimestamp && a > b);
  };
  if (earlier(from.first_seen, into.first_seen)) into.first_seen = from.first_seen;
  if (later(from.last_seen, into.last_seen)) into.last_seen = from.last_seen;
  into.sampled_events += from.sampled_events;
  if (from.rate_min != 0) {
    into.rate_min = into.rate_min == 0 ? from.rate_min : std::min(into.rate_min, from.rate_min);
  }
  into.rate_max = std::max(into.rate_max, from.rate_max);
  into.databases.Merge(from.databases);
  into.users.Merge(from.users);
  into.hosts.Merge(from.hosts);
  // Bucketed metrics are the core ones, whose ids are fixed in every digest.
  for (const auto& [start, b] : from.buckets) {
    TimeBucket& to = into.buckets[start];
    to.count += b.count;
    for (size_t i = 0; i <= kRowsExamined; ++i) to.metrics[i].Merge(b.metrics[i]);
    if (earlier(b.first_seen, to.first_seen)) to.first_seen = b.first_seen;
    if (later(b.last_seen, to.last_seen)) to.last_seen = b.last_seen;
    if (!b.sample.query.empty() &&
        BetterSample(b.sample.query_time, b.sample.file, b.sample.offset, to.sample)) {
      to.sample = b.sample;
    }
  }
  into.unbucketed += from.unbucketed;
  const Sample& a = into.sample;
  const Sample& b = from.sample;
  if (!b.query.empty() || b.query_time >= 0) {
    if (BetterSample(b.query_time, b.file, b.offset, a)) into.sample = b;
  }
}

}  // namespace

void Digest::Merge(const Digest& other, int threads) {
  std::vector<uint32_t> metric_map, flag_map;
  for (const std::string& name : other.metric_names_) metric_map.push_back(MetricId(name));
  for (const std::string& name : other.flag_names_) flag_map.push_back(FlagId(name));
  // Each class is found or made here first, on this thread (that changes this digest's tables);
  // then merging a pair touches those two classes only, so threads can share the pairs out.
  std::vector<std::pair<QueryClass*, const QueryClass*>> pairs;
  pairs.reserve(other.classes_.size());
  for (const auto& c : other.classes_) pairs.emplace_back(&ClassFor(c->fingerprint), c.get());
  auto merge = [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i)
      MergeClass(*pairs[i].first, *pairs[i].second, metric_map, flag_map);
  };
  constexpr size_t kPairsPerThread = 256;  // fewer: a thread costs more than it saves
  const size_t parts = std::clamp<size_t>(pairs.size() / kPairsPerThread, 1, std::max(threads, 1));
  std::vector<std::thread> helpers;
  for (size_t part = 1; part < parts; ++part) {
    helpers.emplace_back(merge, pairs.size() * part / parts, pairs.size() * (part + 1) / parts);
  }
  merge(0, pairs.size() / parts);
  for (std::thread& t : helpers) t.join();
  if (options_.group_by != GroupBy::kFingerprint) {
    MergeClass(totals_, other.totals_, metric_map, flag_map);
  }
  for (size_t i = 0; i < kFilterReasons; ++i) filtered_[i] += other.filtered_[i];
  ungrouped_ += other.ungrouped_;
  events_ += other.events_;
  global_stale_ = true;
}

void Digest::MergeRebuilt(const QueryClass& c, const std::vector<std::string>& metric_names,
                          const std::vector<std::string>& flag_names, bool totals) {
  std::vector<uint32_t> metric_map, flag_map;
  for (const std::string& name : metric_names) metric_map.push_back(MetricId(name));
  for (const std::string& name : flag_names) flag_map.push_back(FlagId(name));
  if (totals) {
    MergeClass(totals_, c, metric_map, flag_map);
  } else {
    MergeClass(ClassFor(c.fingerprint), c, metric_map, flag_map);
  }
  global_stale_ = true;
}

void Digest::AddCounts(uint64_t events, const uint64_t (&filtered)[kFilterReasons],
                       uint64_t ungrouped) {
  events_ += events;
  for (size_t i = 0; i < kFilterReasons; ++i) filtered_[i] += filtered[i];
  ungrouped_ += ungrouped;
  global_stale_ = true;
}

namespace {

std::vector<uint32_t> ByName(const std::vector<std::string>& names, uint32_t fixed) {
  std::vector<uint32_t> order(names.size());
  for (uint32_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin() + std::min<size_t>(fixed, order.size()), order.end(),
            [&](uint32_t a, uint32_t b) { return names[a] < names[b]; });
  return order;
}

}  // namespace

std::vector<uint32_t> Digest::MetricOrder() const {
  return ByName(metric_names_, kQueryLength + 1);  // the core ones keep their fixed ids
}

std::vector<uint32_t> Digest::FlagOrder() const { return ByName(flag_names_, 0); }

uint64_t Digest::filtered() const {
  uint64_t n = 0;
  for (const uint64_t f : filtered_) n += f;
  return n;
}

const QueryClass& Digest::global() const {
  if (!global_stale_) return global_;
  if (options_.group_by != GroupBy::kFingerprint) {
    global_ = totals_;
    global_.sample = Sample{};
    global_stale_ = false;
    return global_;
  }
  // Merge in id order, so the result does not depend on which thread saw a class first.
  std::vector<const QueryClass*> sorted;
  for (const auto& c : classes_) sorted.push_back(c.get());
  std::sort(sorted.begin(), sorted.end(),
            [](const QueryClass* a, const QueryClass* b) { return a->id < b->id; });
  std::vector<uint32_t> metric_map(metric_names_.size()), flag_map(flag_names_.size());
  for (uint32_t i = 0; i < metric_map.size(); ++i) metric_map[i] = i;
  for (uint32_t i = 0; i < flag_map.size(); ++i) flag_map[i] = i;
  global_ = QueryClass{};
  for (const QueryClass* c : sorted) MergeClass(global_, *c, metric_map, flag_map);
  global_.sample = Sample{};
  global_stale_ = false;
  return global_;
}

std::vector<const QueryClass*> Digest::Ranked(OrderBy order, size_t top) const {
  LimitSpec limit;
  limit.count = top;
  return Rank(*this, RankingFor(order), limit);
}

namespace {

// Seconds between two timestamps; 0 when either is missing.
double Span(int64_t first_seen, int64_t last_seen) {
  if (first_seen == parser::kNoTimestamp || last_seen == parser::kNoTimestamp) return 0;
  return static_cast<double>(last_seen - first_seen) / 1e6;
}

}  // namespace

double QueriesPerSecond(uint64_t count, int64_t first_seen, int64_t last_seen) {
  const double span = Span(first_seen, last_seen);
  return span > 0 ? static_cast<double>(count) / span : 0.0;
}

double Concurrency(Int128 query_time_sum, int64_t first_seen, int64_t last_seen) {
  const double span = Span(first_seen, last_seen);
  return span > 0 ? static_cast<double>(query_time_sum) / 1e6 / span : 0.0;
}

double VarianceToMean(const QueryClass& c) {
  const Distribution* qt = c.Metric(kQueryTime);
  if (qt == nullptr) return 0;
  const double sd = qt->StdDev() / 1e6;
  const double mean = static_cast<double>(qt->sum()) / 1e6 / static_cast<double>(qt->count());
  // pt-query-digest divides by 1 when the mean is 0 (`avg || 1`); so does this.
  return sd < 0 ? 0.0 : sd * sd / (mean != 0 ? mean : 1.0);
}

std::optional<uint64_t> MaxRowsExamined(const QueryClass& c) {
  const Distribution* examined = c.Metric(kRowsExamined);
  if (!examined) return std::nullopt;
  return static_cast<uint64_t>(std::max<int64_t>(examined->max(), 0) / kUnit);
}

}  // namespace qadvisor::analyzer
