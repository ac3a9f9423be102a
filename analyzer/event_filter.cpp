#include "analyzer/event_filter.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>

namespace qadvisor::analyzer {

std::string_view FilterReasonName(FilterReason reason) {
  switch (reason) {
    case FilterReason::kTime:
      return "time";
    case FilterReason::kNoTimestamp:
      return "no_timestamp";
    case FilterReason::kDb:
      return "db";
    case FilterReason::kUser:
      return "user";
    case FilterReason::kHost:
      return "host";
    case FilterReason::kMatch:
      break;
  }
  return "match";
}

Result<std::shared_ptr<const EventFilter>> EventFilter::Make(EventFilterSpec spec) {
  if (spec.since && spec.until && *spec.since >= *spec.until) {
    return InvalidArgument(fmt::format("--since {} is not before --until {}: no event can match",
                                       spec.since_text, spec.until_text));
  }
  auto filter = std::shared_ptr<EventFilter>(new EventFilter(std::move(spec)));
  if (!filter->spec_.match.empty()) {
    // std::regex reports a bad pattern by exception; it stops here, inside analyzer/.
    auto flags = std::regex::ECMAScript | std::regex::icase | std::regex::optimize;
#ifdef __GLIBCXX__
    // libstdc++'s default matcher backtracks by recursion, one frame per character consumed:
    // `.*x` over a 32 KiB fingerprint overflowed a thread's 8 MiB stack (measured). Its
    // Thompson-NFA matcher does not recurse per character (and refuses back-references).
    flags |= std::regex_constants::__polynomial;
#endif
    try {
      (void)std::regex(filter->spec_.match, flags);  // the user's pattern, checked as written
      // A search starts the matcher again at every position, so a pattern that fails late
      // (`a.*x$`) costs time quadratic in the text: 5 s for one 8 KiB fingerprint. Matching
      // the whole text against "anything, the pattern, anything" finds the same matches (`^`
      // and `$` still mean the text's ends) in one pass of the NFA: linear.
      filter->regex_.emplace("[\\s\\S]*(?:" + filter->spec_.match + ")[\\s\\S]*", flags);
    } catch (const std::regex_error& e) {
      return InvalidArgument(fmt::format("--match: '{}' is not a valid regular expression ({})",
                                         filter->spec_.match, e.what()));
    }
  }
  return std::shared_ptr<const EventFilter>(std::move(filter));
}

namespace {

bool OneOf(const std::vector<std::string>& values, std::string_view v) {
  return std::find(values.begin(), values.end(), v) != values.end();
}

}  // namespace

std::optional<FilterReason> EventFilter::Check(const parser::Event& e) const {
  if (spec_.since || spec_.until) {
    if (e.timestamp_us == parser::kNoTimestamp) return FilterReason::kNoTimestamp;
    if ((spec_.since && e.timestamp_us < *spec_.since) ||
        (spec_.until && e.timestamp_us >= *spec_.until)) {
      return FilterReason::kTime;
    }
  }
  if (!spec_.dbs.empty() && !OneOf(spec_.dbs, e.db)) return FilterReason::kDb;
  if (!spec_.users.empty() && !OneOf(spec_.users, e.user)) return FilterReason::kUser;
  if (!spec_.hosts.empty() && !OneOf(spec_.hosts, e.host)) return FilterReason::kHost;
  return std::nullopt;
}

bool EventFilter::Matches(std::string_view fingerprint) const {
  if (!regex_) return true;
  // What a pattern names (a verb, a table) sits near the start; the cap bounds the time any
  // one distinct fingerprint can take.
  constexpr size_t kMaxMatched = 8 << 10;
  fingerprint = fingerprint.substr(0, kMaxMatched);
  return std::regex_match(fingerprint.begin(), fingerprint.end(), *regex_);
}

Result<int64_t> ParseTimeBound(std::string_view text, int64_t now_us) {
  const auto bad = [&] {
    return InvalidArgument(
        fmt::format("expected a time (2024-05-01, '2024-05-01 10:00:00', 2024-05-01T10:00:00, "
                    "'240501 10:00:00') or an age (30s, 30m, 12h, 7d, 2w), not '{}'",
                    text));
  };
  // An age: digits and one unit letter.
  if (text.size() >= 2 && std::isalpha(static_cast<unsigned char>(text.back())) &&
      std::all_of(text.begin(), text.end() - 1, [](char c) { return c >= '0' && c <= '9'; })) {
    int64_t seconds_per = 0;
    switch (text.back()) {
      case 's':
        seconds_per = 1;
        break;
      case 'm':
        seconds_per = 60;
        break;
      case 'h':
        seconds_per = 3600;
        break;
      case 'd':
        seconds_per = 86400;
        break;
      case 'w':
        seconds_per = 7 * 86400;
        break;
      default:
        return bad();
    }
    int64_t n = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size() - 1, n);
    // At most about 290 000 years back, so that the microseconds fit.
    if (ec != std::errc() || n > INT64_MAX / 1000000 / seconds_per / 2) return bad();
    return now_us - n * seconds_per * 1000000;
  }
  // A date alone is its midnight.
  std::string full(text);
  if (full.size() == 10 && full[4] == '-' && full[7] == '-') full += " 00:00:00";
  if (full.size() == 6 &&
      std::all_of(full.begin(), full.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    full += " 0:00:00";
  }
  const int64_t t = parser::ParseSlowLogTime(full);
  if (t == parser::kNoTimestamp) return bad();
  return t;
}

}  // namespace qadvisor::analyzer
