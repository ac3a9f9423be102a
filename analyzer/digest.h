// Digest: slow-log events grouped into query classes by fingerprint, with per-class statistics.
//
// Add() takes events one at a time; AddSummary() takes a whole class as a server summarises it
// (performance_schema's events_statements_summary_by_digest: a count and sums, no events);
// Merge() folds another digest in (each worker thread keeps its own digest and they are merged
// at the end). Every statistic is order-independent, so a merged digest equals a
// single-threaded one exactly: sums are integers, percentiles depend on the multiset of values
// only, the sample is the slowest event with ties broken by position.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "analyzer/distribution.h"
#include "analyzer/event_filter.h"
#include "parser/fingerprint.h"
#include "parser/fingerprint_cache.h"
#include "parser/slowlog.h"

namespace qadvisor::analyzer {

// The class id: a stable 64-bit hash (XXH3) of the fingerprint, parser::FingerprintHash.
uint64_t ClassId(std::string_view fingerprint);
// 16 upper-case hex digits.
std::string FormatClassId(uint64_t id);

// Metric ids 0..4 are always these; other numeric attributes get ids as they appear.
// Query_length is not in the log: it is the statement's length in bytes (the text after the
// header, `use` and `SET timestamp` lines, without its last `;`), as pt-query-digest measures it.
enum CoreMetric : uint32_t {
  kQueryTime = 0,
  kLockTime = 1,
  kRowsSent = 2,
  kRowsExamined = 3,
  kQueryLength = 4
};

// Rates derived from a class's time range (first_seen..last_seen), as pt-query-digest defines
// them: executions per second, and the sum of Query_time per second of that range (how many
// executions ran at once on average). Both are 0 when the range is empty (one timestamp, or none).
double QueriesPerSecond(uint64_t count, int64_t first_seen, int64_t last_seen);
double Concurrency(Int128 query_time_sum, int64_t first_seen, int64_t last_seen);

// Counted distinct values (databases, users, hosts), most frequent first when reported.
//
// Memory is bounded: at most kMaxDistinct values are kept, with exact counts, and the rest is
// counted as `other`. Which values are kept must not depend on the order events arrive in (a
// digest split over threads must equal the single-threaded one), so when there are more, the
// kept ones are those with the smallest hashes (a bottom-k sample): a value that belongs to
// the final sample is never evicted, so its count is exact, and merging two samples gives the
// sample of the union. With up to kMaxDistinct values, every value is kept.
struct ValueCounts {
  static constexpr size_t kMaxDistinct = 64;
  static constexpr size_t kSlots = 2 * kMaxDistinct;
  std::vector<std::pair<std::string, uint64_t>> values;
  std::vector<uint64_t> hashes;  // XXH3_64bits of values, index for index
  uint64_t other = 0;            // events whose value is not kept
  size_t last = 0;     // index of the last value added: the next event usually has the same
  size_t largest = 0;  // index of the largest hash kept: the one a smaller hash replaces
  // Where each kept hash is, by its low bits: 1 + its index in `hashes`, 0 for a free slot
  // (open addressing, at most half full). A value is found in a probe or two, where a class
  // of many hosts scanned up to 64 hashes for each event.
  std::array<uint8_t, kSlots> slots{};

  void Add(std::string_view value, uint64_t n = 1);
  void Add(std::string_view value, uint64_t hash, uint64_t n);  // hash: XXH3_64bits of value
  void Merge(const ValueCounts& other);
  void Prefetch() const;  // a hint: fetch the last value and the hashes before an Add()
  // The slot that holds `value` (whose hash is `hash`), or the free one where it would go.
  size_t SlotOf(std::string_view value, uint64_t hash) const;
  // Sorted by count (descending), then value.
  std::vector<std::pair<std::string, uint64_t>> Sorted() const;
};

struct Sample {
  std::string query;
  std::string db;
  uint32_t file = 0;    // index into Digest::files()
  uint64_t offset = 0;  // byte offset of the event in that file
  uint64_t line = 0;
  int64_t query_time = -1;  // millionths of a second
  int64_t timestamp_us = parser::kNoTimestamp;
};

// A class's events in one time bucket (DigestOptions::bucket_us), for `digest --history`: the
// events whose timestamp is in [start, start + bucket_us).
struct TimeBucket {
  uint64_t count = 0;
  Distribution metrics[kRowsExamined + 1];  // the core metrics, by CoreMetric
  int64_t first_seen = parser::kNoTimestamp;
  int64_t last_seen = parser::kNoTimestamp;
  Sample sample;  // the slowest event of the bucket, chosen as QueryClass::sample is
};

struct QueryClass {
  uint64_t id = 0;
  // The fingerprint; with DigestOptions::group_by other than kFingerprint, the value grouped
  // by (a database, user, host or table) instead.
  std::string fingerprint;
  uint64_t count = 0;
  std::vector<Distribution> metrics;  // by metric id; count() == 0 where never seen
  std::vector<uint64_t> flags_yes;    // by flag id: events with `Flag: Yes`
  std::vector<uint64_t> flags_seen;   // by flag id: events carrying the flag at all
  int64_t first_seen = parser::kNoTimestamp;
  int64_t last_seen = parser::kNoTimestamp;
  ValueCounts databases, users, hosts;
  Sample sample;
  // With DigestOptions::bucket_us > 0: the class's events by time bucket, keyed by the
  // bucket's start (microseconds since the epoch, a multiple of bucket_us), and how many of
  // its events had no timestamp and so are in no bucket. Summaries (AddSummary) are never
  // bucketed: they carry no time per execution.
  std::map<int64_t, TimeBucket> buckets;
  uint64_t unbucketed = 0;
  // Sampled logs (Percona Server's `Log_slow_rate_limit: N`): each such event stands for N
  // executions, so count, sums and flags above are already multiplied by it. These say how
  // many events of the log were sampled ones, and the least and greatest N among them.
  uint64_t sampled_events = 0;
  uint64_t rate_min = 0, rate_max = 0;

  const Distribution* Metric(uint32_t metric) const {
    return metric < metrics.size() && metrics[metric].count() > 0 ? &metrics[metric] : nullptr;
  }
};

// Query_time's variance-to-mean ratio (stddev^2 / mean, in seconds), pt-query-digest's "V/M";
// 0 without Query_time. A high value: the class's executions vary a lot for their mean.
double VarianceToMean(const QueryClass& c);

// The most rows one execution of the class examined (Rows_examined), when the input says.
std::optional<uint64_t> MaxRowsExamined(const QueryClass& c);

// One metric of a summary: `sum` of `count` values (the summary's count), in millionths, and
// the least and greatest of them where the source keeps those.
struct SummaryMetric {
  std::string_view name;  // "Query_time", "Lock_time", "Rows_sent", … as a slow log names it
  Int128 sum = 0;
  std::optional<int64_t> min, max;
};

// `count` executions of one statement, as a server summarises them. The class's distributions
// get exactly `count` values with exactly the given sum, min and max; the values in between
// are all at the mean (a summary keeps no more), so percentiles other than the extremes are
// estimates.
struct Summary {
  std::string_view text;           // fingerprinted as a query is (a digest text with `?` works)
  std::string_view sample;         // a real statement of the class; empty: `text` itself
  int64_t sample_query_time = -1;  // the sample's own Query_time in millionths, when known
  int64_t sample_seen = parser::kNoTimestamp;  // when the sample ran, when known
  std::string_view db;
  uint64_t count = 0;  // 0: nothing is added
  std::vector<SummaryMetric> metrics;
  // Flags counted per execution: (name, executions with `Yes`), of `count` executions.
  std::vector<std::pair<std::string_view, uint64_t>> flags;
  int64_t first_seen = parser::kNoTimestamp;  // microseconds since the epoch
  int64_t last_seen = parser::kNoTimestamp;
  uint64_t offset = 0;  // the summary's position in its source (a row number): Sample::offset
  uint64_t line = 0;    // and Sample::line
};

// What events are grouped by (`--group-by`). kFingerprint: one class per fingerprint. kDb,
// kUser, kHost: one class per value; events without one are in no class (ungrouped()).
// kTable: one class per table the statement names (parser/tables.h), lower-cased and qualified
// with the event's database when written without one (`shop.orders`); a statement naming
// several tables counts in each of their classes, and one naming none is ungrouped.
enum class GroupBy : uint8_t { kFingerprint, kDb, kUser, kHost, kTable };
std::string_view GroupByName(GroupBy group_by);  // "fingerprint", "db", "user", "host", "table"

struct DigestOptions {
  parser::FingerprintOptions fingerprint;
  std::shared_ptr<const EventFilter> filter;  // null: every event is kept
  GroupBy group_by = GroupBy::kFingerprint;
  // > 0: each class also keeps its events' figures per time bucket of this many microseconds
  // (QueryClass::buckets), buckets aligned on the epoch (a day's bucket is a UTC day).
  int64_t bucket_us = 0;
};

// The start of the bucket of `bucket_us` microseconds that holds `timestamp_us`.
int64_t BucketStart(int64_t timestamp_us, int64_t bucket_us);

enum class OrderBy { kSum, kCount, kMax, kP95 };

class Digest {
 public:
  explicit Digest(DigestOptions options = {});

  void Add(const parser::Event& event, uint32_t file);
  // The same as Add() on each event in order, and faster: the events' classes are found first,
  // then each event is added while the class figures of the next few are fetched into cache
  // (a log of thousands of classes otherwise waits on memory for most of them).
  void AddBatch(std::span<const parser::Event> events, uint32_t file);
  // Adds a summary's executions to the class of its text's fingerprint: the same class as
  // events of that statement would make. The sample is the summary's when it is slower (its
  // sample_query_time, else its largest Query_time) than the class's, as for events.
  void AddSummary(const Summary& summary, uint32_t file);
  // Folds `other` in. Metric and flag ids are matched by name.
  // `threads` > 1: the classes are merged on that many threads (each pair of classes is
  // merged by one thread; the result is the same).
  void Merge(const Digest& other, int threads = 1);

  // Folds in a class rebuilt from a digest's JSON (analyzer/digest_merge.h). Its metric and flag
  // ids index `metric_names` and `flag_names`, matched to this digest's by name as in Merge().
  // With `totals`, `c` is the whole input of a digest grouped other than by fingerprint (what
  // global() returns), not a class.
  void MergeRebuilt(const QueryClass& c, const std::vector<std::string>& metric_names,
                    const std::vector<std::string>& flag_names, bool totals = false);
  // Adds events counted elsewhere: kept, left out by each filter, kept but ungrouped.
  void AddCounts(uint64_t events, const uint64_t (&filtered)[kFilterReasons], uint64_t ungrouped);

  const DigestOptions& options() const { return options_; }
  // Events kept (the filters passed), grouped or not.
  uint64_t events() const { return events_; }
  // Events the filters left out: in all, and by the first filter each failed.
  uint64_t filtered() const;
  uint64_t filtered(FilterReason reason) const { return filtered_[static_cast<size_t>(reason)]; }
  // Kept events that are in no class (GroupBy: no db, user, host or table to group by).
  uint64_t ungrouped() const { return ungrouped_; }
  // All kept events as one class (no sample). Grouped by fingerprint, it is merged from the
  // classes when first asked for after a change, so per-event work stays per class; grouped
  // otherwise (an event in several classes or none), it is added up event by event.
  const QueryClass& global() const;
  const std::vector<std::unique_ptr<QueryClass>>& classes() const { return classes_; }
  const std::vector<std::string>& metric_names() const { return metric_names_; }
  const std::vector<std::string>& flag_names() const { return flag_names_; }
  // Metric and flag ids in a stable order for reports: the core metrics, then the others by
  // name. Ids themselves depend on which thread met an attribute first.
  std::vector<uint32_t> MetricOrder() const;
  std::vector<uint32_t> FlagOrder() const;

  // Classes ranked by `order` (descending; ties by id), at most `top` (0: all).
  std::vector<const QueryClass*> Ranked(OrderBy order, size_t top = 0) const;

 private:
  uint32_t MetricId(std::string_view name);
  uint32_t FlagId(std::string_view name);
  QueryClass& ClassFor(std::string_view fingerprint);
  QueryClass& ClassFor(std::string_view fingerprint, uint64_t id);  // id: ClassId(fingerprint)
  bool Matches(const EventFilter& filter);  // --match on fingerprint_, cached per fingerprint
  void AddGrouped(const parser::Event& event, uint32_t file);
  const std::vector<std::string>& TablesFor(const parser::Event& event);
  // Reads an event that the filters keep into fingerprint_ (and its id), values_, flags_ and
  // rate_; false (and the filter's count raised) when one leaves it out.
  bool Prepare(const parser::Event& event);
  void AddTo(QueryClass& c, const parser::Event& event, uint32_t file,
             std::span<const std::pair<uint32_t, int64_t>> values,
             std::span<const std::pair<uint32_t, bool>> flags, uint64_t rate);
  void AddToBucket(QueryClass& c, const parser::Event& event, uint32_t file,
                   std::span<const std::pair<uint32_t, int64_t>> values, int64_t query_time);

  DigestOptions options_;
  uint64_t events_ = 0;
  uint64_t filtered_[kFilterReasons] = {};
  uint64_t ungrouped_ = 0;
  QueryClass totals_;  // every kept event, when not grouped by fingerprint
  std::unordered_map<uint64_t, bool> match_cache_;  // by fingerprint id: what --match said
  // By the id of the unfolded fingerprint: the tables its statement names ("db.t" or "t").
  std::unordered_map<uint64_t, std::vector<std::string>> tables_cache_;
  std::string unfolded_;                 // reused
  std::vector<std::string> group_keys_;  // reused per event
  mutable QueryClass global_;
  mutable bool global_stale_ = false;
  std::vector<std::unique_ptr<QueryClass>> classes_;
  // The classes by id: open addressing with linear probing, at most half full, a null class
  // marking a free slot. One cache line per lookup, where a node-based map reads two or three.
  std::vector<std::pair<uint64_t, QueryClass*>> by_id_;
  std::vector<std::string> metric_names_;
  std::vector<std::string> flag_names_;
  // How an attribute key is used: found once per name, then remembered.
  // kRate: Log_slow_rate_limit, the sampling rate of the event (not a metric).
  enum class KeyKind : uint8_t { kUnknown, kMetric, kFlag, kIgnored, kRate };
  struct KeyInfo {
    std::string name;
    KeyKind kind = KeyKind::kUnknown;
    uint32_t id = 0;  // metric or flag id
  };
  KeyInfo& Key(size_t position, std::string_view name);
  KeyInfo& FindKey(size_t position, std::string_view name);  // Key() when the position misses
  std::vector<KeyInfo> keys_;
  std::unordered_map<std::string, uint32_t> key_index_;
  // Attribute keys repeat in the same order event after event: remember which key sat at each
  // position, so most lookups are one comparison.
  std::vector<uint32_t> key_at_position_;
  // The event's fingerprint (Prepare) and its ClassId. It points into fingerprints_, into
  // fingerprint_buffer_ or at the event's text: valid until the next event.
  std::string_view fingerprint_;
  uint64_t fingerprint_id_ = 0;
  std::string fingerprint_buffer_;                    // reused
  parser::FingerprintCache fingerprints_;             // by statement shape: most events hit
  std::vector<std::pair<uint32_t, int64_t>> values_;  // reused per event
  std::vector<std::pair<uint32_t, bool>> flags_;      // reused per event
  uint64_t rate_ = 1;                                 // the event's Log_slow_rate_limit
  // AddBatch: each kept event's class and where its values and flags are in the arrays below.
  struct Pending {
    const parser::Event* event;
    QueryClass* c;
    uint64_t rate;
    uint32_t values_end, flags_end;  // each begins where the previous one's ends
  };
  std::vector<Pending> pending_;
  std::vector<std::pair<uint32_t, int64_t>> batch_values_;
  std::vector<std::pair<uint32_t, bool>> batch_flags_;
};

// Attributes that identify rather than measure, never summed.
bool IsIdentityAttribute(std::string_view key);

// The unit a slow log writes a numeric attribute in. A metric's values are kept as written
// (millionths of this unit, see Distribution), so a report that prints a duration must scale by
// it: MariaDB writes its handler statistics Engine_time and Pages_read_time in milliseconds,
// while Query_time, Lock_time and Percona's InnoDB_*_wait are seconds.
enum class MetricUnit : uint8_t { kCount, kSeconds, kMilliseconds };
MetricUnit UnitOf(std::string_view attribute);

}  // namespace qadvisor::analyzer
