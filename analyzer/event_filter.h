// Which slow-log events a digest keeps: `qadvisor digest --since/--until/--db/--user/--host/
// --match`. Filters apply per event, before grouping, in the digest's worker threads.
//
// Contract: an EventFilter is immutable once made and shared by every worker (its methods are
// const and thread-safe). An event is kept when it passes every filter given; Check() names the
// first one it fails, in a fixed order (time, db, user, host), so per-reason counts do not
// depend on threads. --match needs the event's fingerprint, so the digest asks Matches() after
// fingerprinting, and only for events that passed the rest.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"
#include "parser/slowlog.h"

namespace qadvisor::analyzer {

struct EventFilterSpec {
  // Kept: since <= timestamp < until (microseconds since the epoch, as parser::Event has them).
  // With either bound, an event without a timestamp is left out: it cannot be shown to fall
  // inside the window.
  std::optional<int64_t> since, until;
  std::string since_text, until_text;  // as the user wrote them, for reports
  // Kept: events whose db / user / host is one of these, compared exactly (case-sensitive);
  // an event without one is left out. Empty: no filter.
  std::vector<std::string> dbs, users, hosts;
  // Kept: events whose class fingerprint this ECMAScript regex finds a match in (anywhere in
  // its first 8 KiB, case-insensitive; no back-references). Empty: no filter.
  std::string match;

  bool empty() const {
    return !since && !until && dbs.empty() && users.empty() && hosts.empty() && match.empty();
  }
};

// Why an event was left out: the first filter it failed.
enum class FilterReason : uint8_t { kTime, kNoTimestamp, kDb, kUser, kHost, kMatch };
inline constexpr size_t kFilterReasons = 6;
// "time", "no_timestamp", "db", "user", "host", "match": the names reports use.
std::string_view FilterReasonName(FilterReason reason);

class EventFilter {
 public:
  // Fails (kInvalidArgument) when `match` is not a valid regex, or since >= until.
  static Result<std::shared_ptr<const EventFilter>> Make(EventFilterSpec spec);

  const EventFilterSpec& spec() const { return spec_; }
  // The first filter other than --match that `event` fails; nullopt when it passes them.
  std::optional<FilterReason> Check(const parser::Event& event) const;
  bool has_match() const { return regex_.has_value(); }
  // Whether the --match regex finds a match in `fingerprint` (true without --match).
  bool Matches(std::string_view fingerprint) const;

 private:
  explicit EventFilter(EventFilterSpec spec) : spec_(std::move(spec)) {}
  EventFilterSpec spec_;
  std::optional<std::regex> regex_;
};

// A --since / --until value as microseconds since the epoch:
//  - absolute: `2024-05-01`, `2024-05-01 10:00:00`, `2024-05-01T10:00:00[.ffffff][Z|±hh:mm]`,
//    and MySQL's old log form `240501 10:00:00` or `240501`. A time without a zone is read as
//    the log writes its own (see parser::ParseSlowLogTime): as written, compared as UTC.
//  - relative to `now_us`: a whole number and a unit, s (seconds), m (minutes), h (hours),
//    d (days) or w (weeks): `30m`, `12h`, `7d` mean that long before now.
// Fails (kInvalidArgument) with what was expected when the text is neither.
Result<int64_t> ParseTimeBound(std::string_view text, int64_t now_us);

}  // namespace qadvisor::analyzer
