#include "parser/slowlog.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>

#include "base/ascii.h"
#include "base/swar.h"
#include "parser/keywords.h"

namespace qadvisor::parser {
namespace {

bool StartsWith(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && std::memcmp(s.data(), prefix.data(), prefix.size()) == 0;
}

using base::IsBlank;
using base::StartsWithIgnoreCase;
using base::TrimLeadingSpace;
using base::TrimSpace;
using base::TrimTrailingSpace;

// What a line is, for framing events. Classification looks at one line only, so that framing
// can restart at any event boundary.
enum class LineKind : uint8_t {
  kBlank,
  kStartMarker,  // `# Time:`, `# User@Host:`, `# User:`, `# Thread_id:`: an event may start here
  kQueryTime,    // `# Query_time:`: also a start marker (events without Time/User lines)
  kHeader,       // any other `#` line before the query
  kAdmin,        // `# administrator command: Quit;`: the query of its event
  kBanner,       // a server (re)start banner: `…mysqld, Version: … started with:` and its lines
  kText,         // query text, or junk outside an event
};

LineKind Classify(std::string_view line) {
  if (line.empty()) return LineKind::kBlank;
  const char c = line[0];
  if (c == '#') {
    std::string_view rest = line.substr(1);
    while (!rest.empty() && rest[0] == ' ') rest.remove_prefix(1);
    if (rest.empty()) return LineKind::kHeader;
    switch (rest[0]) {
      case 'T':
        if (StartsWith(rest, "Time:") || StartsWith(rest, "Thread_id:")) {
          return LineKind::kStartMarker;
        }
        break;
      case 'U':
        if (StartsWith(rest, "User@Host:") || StartsWith(rest, "User:")) {
          return LineKind::kStartMarker;
        }
        break;
      case 'Q':
        if (StartsWith(rest, "Query_time:")) return LineKind::kQueryTime;
        break;
      case 'a':
        if (StartsWith(rest, "administrator command:")) return LineKind::kAdmin;
        break;
      default:
        break;
    }
    return LineKind::kHeader;
  }
  if (IsBlank(c)) {
    size_t i = 1;
    while (i < line.size() && IsBlank(line[i])) ++i;
    if (i == line.size()) return LineKind::kBlank;
    return LineKind::kText;
  }
  // Restart banner: "/usr/sbin/mysqld, Version: 8.0.36 (…). started with:", then
  // "Tcp port: 3306  Unix socket: …" and "Time                 Id Command    Argument".
  // (Windows servers print "TCP Port: 3306, Named Pipe: …"; the Time header may use tabs.)
  if (c == 'T') {
    if (StartsWithIgnoreCase(line, "Tcp port:")) return LineKind::kBanner;
    if (StartsWith(line, "Time") && line.find("Id") != std::string_view::npos &&
        line.find("Command") != std::string_view::npos &&
        line.find("Argument") != std::string_view::npos) {
      return LineKind::kBanner;
    }
  }
  if (line.size() > 13 && TrimTrailingSpace(line).ends_with("started with:") &&
      line.find(", Version: ") != std::string_view::npos) {
    return LineKind::kBanner;
  }
  return LineKind::kText;
}

int64_t DaysFromCivil(int64_t y, unsigned m, unsigned d) {
  // Howard Hinnant's days_from_civil: proleptic Gregorian calendar.
  y -= m <= 2;
  const int64_t era = (y >= 0 ? y : y - 399) / 400;
  const unsigned yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + static_cast<int64_t>(doe) - 719468;
}

// Reads exactly `n` digits at *p.
bool Digits(std::string_view s, size_t* p, size_t n, int* out) {
  if (*p + n > s.size()) return false;
  int v = 0;
  for (size_t i = 0; i < n; ++i) {
    const char c = s[*p + i];
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  *p += n;
  *out = v;
  return true;
}

// The end of the run of digits in `s` from `i`.
size_t DigitsEnd(std::string_view s, size_t i) {
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
  return i;
}

// The microseconds of a fraction's digits (`5` is 500000): finer than a microsecond is dropped.
int64_t FractionMicros(std::string_view digits) {
  int64_t micros = 0;
  size_t i = 0;
  for (; i < digits.size() && i < 6; ++i) micros = micros * 10 + (digits[i] - '0');
  for (; i < 6; ++i) micros *= 10;
  return micros;
}

}  // namespace

// Runs for every number of every header line (7 million on a 320 MiB log): keep it plain.
bool ParseMicros(std::string_view text, int64_t* out) {
  constexpr int64_t kMaxWhole = INT64_MAX / 1000000, kMaxFrac = INT64_MAX % 1000000;
  size_t i = 0;
  bool negative = false;
  if (i < text.size() && (text[i] == '-' || text[i] == '+')) negative = text[i++] == '-';
  if (i >= text.size()) return false;
  int64_t whole = 0;
  bool any = false;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
    if (whole > kMaxWhole) return false;  // cannot wrap: at most ten times the bound plus 9
    whole = whole * 10 + (text[i++] - '0');
    any = true;
  }
  int64_t frac = 0;
  int frac_digits = 0;
  if (i < text.size() && text[i] == '.') {
    ++i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
      if (frac_digits < 6) {  // finer than a microsecond is dropped
        frac = frac * 10 + (text[i] - '0');
        ++frac_digits;
      }
      ++i;
      any = true;
    }
  }
  if (!any || i != text.size()) return false;
  for (; frac_digits < 6; ++frac_digits) frac *= 10;
  if (whole > kMaxWhole || (whole == kMaxWhole && frac > kMaxFrac)) return false;
  const int64_t v = whole * 1000000 + frac;
  *out = negative ? -v : v;
  return true;
}

int64_t ParseSlowLogTime(std::string_view text) {
  text = TrimSpace(text);
  size_t p = 0;
  int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
  int64_t micros = 0;
  int64_t zone_seconds = 0;
  if (text.size() >= 10 && text[4] == '-') {
    // ISO 8601: 2018-02-05T02:46:43.015898Z or …+02:00
    if (!Digits(text, &p, 4, &year) || text[p++] != '-' || !Digits(text, &p, 2, &month) ||
        text[p++] != '-' || !Digits(text, &p, 2, &day)) {
      return kNoTimestamp;
    }
    if (p >= text.size() || (text[p] != 'T' && text[p] != ' ')) return kNoTimestamp;
    ++p;
    if (!Digits(text, &p, 2, &hour) || p >= text.size() || text[p++] != ':' ||
        !Digits(text, &p, 2, &minute) || p >= text.size() || text[p++] != ':' ||
        !Digits(text, &p, 2, &second)) {
      return kNoTimestamp;
    }
  } else {
    // Old form: YYMMDD H:MM:SS[.ffffff], hour padded with a space.
    int yy = 0;
    if (!Digits(text, &p, 2, &yy) || !Digits(text, &p, 2, &month) || !Digits(text, &p, 2, &day)) {
      return kNoTimestamp;
    }
    year = 2000 + yy;
    while (p < text.size() && text[p] == ' ') ++p;
    const size_t hour_start = p;
    // One or two digits; a third is read only to refuse it, so a long run cannot overflow.
    while (p < text.size() && p - hour_start < 3 && text[p] >= '0' && text[p] <= '9')
      hour = hour * 10 + (text[p++] - '0');
    if (p == hour_start || p - hour_start > 2 || p >= text.size() || text[p++] != ':' ||
        !Digits(text, &p, 2, &minute) || p >= text.size() || text[p++] != ':' ||
        !Digits(text, &p, 2, &second)) {
      return kNoTimestamp;
    }
  }
  if (p < text.size() && text[p] == '.') {
    const size_t digits = ++p;
    p = DigitsEnd(text, digits);
    micros = FractionMicros(text.substr(digits, p - digits));
  }
  if (p < text.size() && text[p] == 'Z') {
    ++p;
  } else if (p < text.size() && (text[p] == '+' || text[p] == '-')) {
    const int sign = text[p++] == '-' ? -1 : 1;
    int zh = 0, zm = 0;
    if (!Digits(text, &p, 2, &zh)) return kNoTimestamp;
    if (p < text.size() && text[p] == ':') ++p;
    if (!Digits(text, &p, 2, &zm)) return kNoTimestamp;
    zone_seconds = sign * (zh * 3600 + zm * 60);
  }
  if (p != text.size() || month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 ||
      minute > 59 || second > 60) {
    return kNoTimestamp;
  }
  const int64_t days =
      DaysFromCivil(year, static_cast<unsigned>(month), static_cast<unsigned>(day));
  const int64_t seconds = days * 86400 + hour * 3600 + minute * 60 + second - zone_seconds;
  return seconds * 1000000 + micros;
}

bool LooksLikeSlowLog(std::string_view head) {
  head = head.substr(0, kSlowLogSniffBytes);
  for (std::string_view header : {"# Time:", "# User@Host:", "# Query_time:"}) {
    if (head.starts_with(header)) return true;
    if (head.find(fmt::format("\n{}", header)) != std::string_view::npos) return true;
  }
  // A log that so far holds only the banner a server writes when it starts.
  return head.find("started with:\n") != std::string_view::npos &&
         head.find("Tcp port:") != std::string_view::npos;
}

SlowLogReader::SlowLogReader(std::unique_ptr<base::InputStream> input, ReaderOptions options)
    : input_(std::move(input)), name_(input_->name()), options_(options) {}

SlowLogReader::SlowLogReader(std::string name, int fd, ReaderOptions options)
    : SlowLogReader(base::InputStream::FromFd(std::move(name), fd), options) {}

void SlowLogReader::Report(uint64_t offset, uint64_t line, std::string message) {
  ++issue_count_;
  if (issues_.size() < options_.max_issues) issues_.push_back({offset, line, std::move(message)});
}

bool SlowLogReader::Fill(EventBatch& batch, size_t want) {
  const size_t start = batch.length;
  if (batch.buffer.size() < start + want) batch.buffer.resize(start + want);
  size_t got = 0;
  while (got < want) {
    Result<size_t> n = input_->Read(batch.buffer.data() + start + got, want - got);
    if (!n.ok()) {
      if (n.status().code() == StatusCode::kParseError) {
        // A damaged compressed file: what came before the damage is read, like a torn tail.
        // The message names the input, as a Status does; an issue is printed after the name.
        std::string_view message = n.status().message();
        if (message.starts_with(name_ + ": ")) message.remove_prefix(name_.size() + 2);
        const char* data = batch.buffer.data();
        Report(base_offset_ + start + got,
               base_line_ + static_cast<uint64_t>(std::count(data, data + start + got, '\n')),
               std::string(message));
      } else {
        status_ = n.status();
      }
      eof_ = true;
      break;
    }
    if (*n == 0) {
      eof_ = true;
      break;
    }
    got += *n;
  }
  batch.length = start + got;
  bytes_read_ += got;
  return !eof_;
}

bool SlowLogReader::ReadBatch(EventBatch& batch) {
  batch.size = 0;
  if (!sniffed_) {
    sniffed_ = true;
    Result<std::string_view> head = input_->Peek(kSlowLogSniffBytes);
    if (!head.ok()) {
      status_ = head.status();
      eof_ = true;
    } else if (head->empty()) {
      // Nothing readable: a compressed file damaged from its start is an error, an empty file
      // an empty log. (After an empty Peek, Read returns the damage Peek met, or 0 at the end.)
      char byte;
      if (Result<size_t> r = input_->Read(&byte, 1); !r.ok()) {
        status_ = r.status();
        eof_ = true;
      }
    } else if (options_.require_slow_log && !LooksLikeSlowLog(*head)) {
      status_ = ParseError(fmt::format(
          "{}: not a slow query log: no '# Time:', '# User@Host:' or '# Query_time:' line in its "
          "first {} KiB",
          name_ == "-" ? "standard input" : name_, (head->size() + 1023) >> 10));
      eof_ = true;
    }
  }
  batch.attributes.clear();
  // The database and time in force outlive the buffer they were read from.
  batch.carried_time.assign(time_);
  batch.carried_db.assign(db_);
  time_ = batch.carried_time;
  db_ = batch.carried_db;

  // Start with the unfinished event the last batch left over.
  if (batch.buffer.size() < tail_.size()) batch.buffer.resize(tail_.size());
  std::memcpy(batch.buffer.data(), tail_.data(), tail_.size());
  batch.length = tail_.size();
  base_offset_ = tail_offset_;
  base_line_ = tail_line_;
  tail_.clear();
  for (;;) {
    if (!eof_) {
      // Grow with the event being read, but never much past the largest event allowed.
      const size_t limit = options_.max_event_bytes + options_.chunk_bytes;
      const size_t want = std::max(options_.chunk_bytes, batch.length);
      Fill(batch,
           batch.length < limit ? std::min(want, limit - batch.length) : options_.chunk_bytes);
    }
    uint64_t keep_line = 0;
    const size_t keep = Frame(batch, eof_, &keep_line);
    if (batch.size > 0 || eof_) {
      // Carry the unfinished event (or line) into the next batch; the events before it stay.
      tail_.assign(batch.buffer.data() + keep, batch.length - keep);
      tail_offset_ = base_offset_ + keep;
      tail_line_ = keep_line;
      batch.length = keep;
      if (batch.size == 0) return false;  // end of input
      // The attribute array is complete: point each event at its pairs.
      for (size_t i = 0; i < batch.size; ++i) {
        Event& e = batch.events[i];
        const size_t end =
            i + 1 < batch.size ? batch.events[i + 1].attributes_begin : batch.attributes.size();
        e.attributes = std::span<const Attribute>(batch.attributes.data() + e.attributes_begin,
                                                  end - e.attributes_begin);
      }
      return true;
    }
    // No event is complete yet: keep the unfinished one in this buffer (no copy) and read on,
    // unless it is already larger than allowed.
    const size_t unfinished = batch.length - keep;
    if (unfinished > options_.max_event_bytes) {
      ReportOversized(base_offset_ + keep, keep_line);
      skipping_ = true;
      base_line_ =
          keep_line + static_cast<uint64_t>(std::count(batch.buffer.data() + keep,
                                                       batch.buffer.data() + batch.length, '\n'));
      base_offset_ += batch.length;
      batch.length = 0;
      continue;
    }
    std::memmove(batch.buffer.data(), batch.buffer.data() + keep, unfinished);
    batch.length = unfinished;
    base_offset_ += keep;
    base_line_ = keep_line;
  }
}

void SlowLogReader::ReportOversized(uint64_t offset, uint64_t line) {
  Report(offset, line,
         fmt::format("event larger than {} MiB skipped (raise --max-event-size to read it)",
                     options_.max_event_bytes >> 20));
  ++skipped_events_;
}

// Splits the batch buffer into events. An event is a run of header lines (`# …`) followed by
// query text; it ends where the next event's first header line or a restart banner begins.
// A header line inside query text ends the query only if it is a start marker (`# Time:`,
// `# User@Host:`, `# User:`, `# Thread_id:`, `# Query_time:`), since queries may hold
// comment lines of their own. Hot loop: profile before changing.
size_t SlowLogReader::Frame(EventBatch& batch, bool at_eof, uint64_t* keep_line_out) {
  const std::string_view data(batch.buffer.data(), batch.length);
  enum class State { kIdle, kHeader, kBody } state = State::kIdle;
  size_t event_begin = 0, body_begin = 0;
  size_t last_line = 0;  // where the body's last line that is not blank begins
  uint64_t event_line = 0;
  bool header_has_query_time = false;
  size_t junk_begin = std::string_view::npos;  // start of a run of text outside any event
  uint64_t junk_line = 0;

  auto flush_junk = [&] {
    if (junk_begin == std::string_view::npos) return;
    Report(base_offset_ + junk_begin, junk_line, "text outside any event skipped");
    ++skipped_events_;
    junk_begin = std::string_view::npos;
  };
  // A complete event: parsed, unless it is larger than allowed (it fitted the buffer only
  // because the buffer may hold a little more than the limit).
  auto complete = [&](size_t end) {
    if (end - event_begin > options_.max_event_bytes) {
      ReportOversized(base_offset_ + event_begin, event_line);
    } else {
      ParseEvent(batch, event_begin, body_begin, last_line, end, event_line);
    }
  };
  // An event starts at this line: where, on which line, whether it has its Query_time line
  // yet, and none of its `#` lines kept so far.
  auto begin_event = [&](size_t at, uint64_t line, LineKind kind) {
    event_begin = at;
    event_line = line;
    header_has_query_time = kind == LineKind::kQueryTime;
    header_lines_.clear();
  };
  auto drop_header = [&](const char* why) {
    Report(base_offset_ + event_begin, event_line, why);
    ++skipped_events_;
  };

  size_t pos = 0;
  uint64_t line_no = base_line_;
  header_lines_.clear();
  while (pos < data.size()) {
    const char* nl =
        static_cast<const char*>(std::memchr(data.data() + pos, '\n', data.size() - pos));
    if (nl == nullptr && !at_eof) break;  // an incomplete line: wait for more input
    const size_t line_end = nl ? static_cast<size_t>(nl - data.data()) : data.size();
    const size_t next = nl ? line_end + 1 : data.size();
    std::string_view line = data.substr(pos, line_end - pos);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const LineKind kind = Classify(line);
    const bool marker = kind == LineKind::kStartMarker || kind == LineKind::kQueryTime;

    if (skipping_) {
      if (!marker) {
        pos = next;
        ++line_no;
        continue;
      }
      skipping_ = false;
    }

    switch (state) {
      case State::kIdle:
        if (kind == LineKind::kStartMarker || kind == LineKind::kQueryTime ||
            kind == LineKind::kHeader) {
          flush_junk();
          state = State::kHeader;
          begin_event(pos, line_no, kind);
        } else if (kind == LineKind::kAdmin) {
          // `# administrator command: Quit;` is a whole statement on one line: when a log
          // starts mid-event it is still an event, one without a header.
          flush_junk();
          state = State::kBody;
          begin_event(pos, line_no, kind);
          body_begin = last_line = pos;
        } else if (kind == LineKind::kText) {
          if (junk_begin == std::string_view::npos) {
            junk_begin = pos;
            junk_line = line_no;
          }
        }
        break;
      case State::kHeader:
        if (marker && header_has_query_time) {
          drop_header("event without query text skipped");
          begin_event(pos, line_no, kind);
        } else if (kind == LineKind::kQueryTime) {
          header_has_query_time = true;
        } else if (kind == LineKind::kText || kind == LineKind::kAdmin) {
          state = State::kBody;
          body_begin = last_line = pos;
        } else if (kind == LineKind::kBanner) {
          drop_header("event cut off by a server restart skipped");
          state = State::kIdle;
        }
        break;
      case State::kBody:
        if (marker) {
          complete(pos);
          state = State::kHeader;
          begin_event(pos, line_no, kind);
        } else if (kind == LineKind::kBanner) {
          complete(pos);
          state = State::kIdle;
        } else if (kind != LineKind::kBlank) {
          last_line = pos;
        }
        break;
    }
    // The event's `#` lines, kept for ParseEvent so that it need not find them again.
    if (state == State::kHeader && (marker || kind == LineKind::kHeader)) {
      header_lines_.emplace_back(pos, pos + line.size());
    }
    pos = next;
    ++line_no;
  }

  if (at_eof) {
    flush_junk();
    if (state == State::kBody) {
      complete(data.size());
    } else if (state == State::kHeader) {
      drop_header("torn last event (header without query text) skipped");
    }
    *keep_line_out = line_no;
    return data.size();
  }
  // Where the unfinished event (or unfinished line) begins.
  if (state != State::kIdle) {
    *keep_line_out = event_line;
    return event_begin;
  }
  if (junk_begin != std::string_view::npos) {
    *keep_line_out = junk_line;
    return junk_begin;
  }
  *keep_line_out = line_no;
  return pos;
}

namespace {

// "user[priv_user] @ host [ip]  Id: 42" (also "[SQL_SLAVE] @  []" and "user[user] @ [ip]").
void ParseUserHost(std::string_view v, Event& e) {
  const size_t at = v.find(" @ ");
  std::string_view who = TrimSpace(at == std::string_view::npos ? v : v.substr(0, at));
  std::string_view where = at == std::string_view::npos ? std::string_view() : v.substr(at + 3);
  const size_t bracket = who.find('[');
  std::string_view user = TrimSpace(who.substr(0, bracket));
  if (user.empty() && bracket != std::string_view::npos) {
    const size_t close = who.find(']', bracket);
    user = who.substr(bracket + 1, close == std::string_view::npos ? std::string_view::npos
                                                                   : close - bracket - 1);
  }
  e.user = user;
  const size_t id = where.find("Id:");
  if (id != std::string_view::npos) {
    e.thread_id = TrimSpace(where.substr(id + 3));
    where = where.substr(0, id);
  }
  const size_t ip_open = where.find('[');
  std::string_view host = TrimSpace(where.substr(0, ip_open));
  if (host.empty() && ip_open != std::string_view::npos) {
    const size_t close = where.find(']', ip_open);
    if (close != std::string_view::npos)
      host = TrimSpace(where.substr(ip_open + 1, close - ip_open - 1));
  }
  e.host = host;
}

// Byte classes for header lines: blanks separate words, key bytes make `Name:` keys.
enum : uint8_t { kBlankByte = 1, kKeyByte = 2 };
constexpr std::array<uint8_t, 256> MakeHeaderBytes() {
  std::array<uint8_t, 256> t{};
  for (int c = 0; c < 256; ++c) t[c] = base::IsBlank(static_cast<char>(c)) ? kBlankByte : 0;
  for (int c = 'a'; c <= 'z'; ++c) t[c] = kKeyByte;
  for (int c = 'A'; c <= 'Z'; ++c) t[c] = kKeyByte;
  for (int c = '0'; c <= '9'; ++c) t[c] = kKeyByte;
  t['_'] = kKeyByte;
  return t;
}
constexpr std::array<uint8_t, 256> kHeaderBytes = MakeHeaderBytes();

bool IsBlankByte(char c) { return kHeaderBytes[static_cast<unsigned char>(c)] & kBlankByte; }

// The first blank byte of s[i, n), or n. Eight bytes at a time: every blank is below '!', and
// a word of a header line (a name or a number) is 5 to 15 bytes.
size_t WordEnd(const char* s, size_t i, size_t n) {
  while (i + 8 <= n) {
    const uint64_t below = base::swar::Below(base::swar::Load(s + i), '!');
    if (below == 0) {
      i += 8;
      continue;
    }
    const size_t at = i + base::swar::FirstByte(below);
    if (IsBlankByte(s[at])) return at;
    i = at + 1;  // a control byte that is no blank belongs to the word
  }
  while (i < n && !IsBlankByte(s[i])) ++i;
  return i;
}

// "Name:" where Name is [A-Za-z_][A-Za-z0-9_]*. Every header line has a dozen keys or more:
// their bytes' classes are ANDed four at a time, without a branch per byte (keys are short, so
// there is nothing to gain by stopping early).
bool IsKeyWord(std::string_view word) {
  if (word.size() < 2 || word.back() != ':' || (word[0] >= '0' && word[0] <= '9')) return false;
  const auto* p = reinterpret_cast<const unsigned char*>(word.data());
  const size_t n = word.size() - 1;
  uint8_t all = kKeyByte;
  size_t i = 0;
  for (; i + 4 <= n; i += 4) {
    all &= kHeaderBytes[p[i]] & kHeaderBytes[p[i + 1]] & kHeaderBytes[p[i + 2]] &
           kHeaderBytes[p[i + 3]];
  }
  for (; i < n; ++i) all &= kHeaderBytes[p[i]];
  return all & kKeyByte;
}

// "Key: value  Key2: value2 …" -> attributes, where a key is [A-Za-z_][A-Za-z0-9_]* and a
// colon. A key followed directly by another key has an empty value. This runs for every header
// line of every event: words are found a machine word at a time, and only a word that ends in
// a colon is looked at byte by byte.
void ParseAttributes(std::string_view s, std::vector<Attribute>& out) {
  const size_t n = s.size();
  size_t i = 0;
  bool pending = false;  // a key waits for its value
  std::string_view key;
  while (true) {
    while (i < n && (s[i] == ' ' || IsBlankByte(s[i]))) ++i;  // mostly one or two spaces
    if (i >= n) break;
    const size_t start = i;
    i = WordEnd(s.data(), i, n);
    const std::string_view word = s.substr(start, i - start);
    const bool is_key = IsKeyWord(word);
    if (pending) {
      out.push_back({key, is_key ? std::string_view() : word});
      pending = false;
      if (!is_key) continue;
    }
    if (is_key) {
      key = word.substr(0, word.size() - 1);
      pending = true;
    }
  }
  if (pending) out.push_back({key, {}});
}

// Where `s` first holds `a` or `b`, or npos. string_view::find_first_of calls memchr on the
// set once for each byte of `s`: on every `SET timestamp=` line, that was a dozen calls.
size_t FindEither(std::string_view s, char a, char b) {
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == a || s[i] == b) return i;
  }
  return std::string_view::npos;
}

// Takes the next line off the front of `s`.
std::string_view NextLine(std::string_view& s) {
  const size_t nl = s.find('\n');
  std::string_view line = s.substr(0, nl);
  s = nl == std::string_view::npos ? std::string_view() : s.substr(nl + 1);
  return line;
}

}  // namespace

void SlowLogReader::ParseEvent(EventBatch& batch, size_t begin, size_t body, size_t last_line,
                               size_t end, uint64_t line) {
  if (batch.size == batch.events.size()) batch.events.emplace_back();
  Event& e = batch.events[batch.size];
  e.offset = base_offset_ + begin;
  e.line = line;
  e.time = {};
  e.timestamp_us = kNoTimestamp;
  e.user = e.host = e.db = e.thread_id = e.query = {};
  e.admin_command = false;
  e.attributes_begin = static_cast<uint32_t>(batch.attributes.size());

  const std::string_view data(batch.buffer.data(), batch.length);
  std::string_view own_db;
  for (const auto& [line_begin, line_end] : header_lines_) {
    std::string_view l = data.substr(line_begin, line_end - line_begin);  // `#…`, no CR
    l.remove_prefix(1);                                                   // '#'
    l = TrimLeadingSpace(l);
    if (l.empty()) continue;
    // The first byte picks the few lines that are not plain `Key: value` lists.
    switch (l[0]) {
      case 'T':
        if (StartsWith(l, "Time:")) {
          std::string_view v = l.substr(5);
          // MySQL 5.0/5.1 sometimes glued the User@Host line onto the Time line.
          const size_t glued = v.find("# User@Host:");
          if (glued != std::string_view::npos) {
            ParseUserHost(v.substr(glued + 12), e);
            v = v.substr(0, glued);
          }
          e.time = TrimSpace(v);
          continue;
        }
        break;
      case 'U':
        if (StartsWith(l, "User@Host:")) {
          ParseUserHost(l.substr(10), e);
          continue;
        }
        if (StartsWith(l, "User:")) {
          ParseUserHost(l.substr(5), e);
          continue;
        }
        break;
      case 'e':
        if (StartsWith(l, "explain:")) continue;
        break;
      case 'N':
        if (StartsWith(l, "No InnoDB statistics")) continue;
        break;
      default:
        break;
    }
    const size_t first = batch.attributes.size();
    ParseAttributes(l, batch.attributes);
    for (size_t a = first; a < batch.attributes.size(); ++a) {
      const Attribute& attr = batch.attributes[a];
      switch (attr.key.size()) {
        case 6:
          if (attr.key == "Schema") own_db = attr.value;
          break;
        case 9:
          if (attr.key == "Thread_id") e.thread_id = attr.value;
          break;
        case 2:
          if (attr.key == "Id") e.thread_id = attr.value;
          break;
        default:
          break;
      }
    }
  }

  // Query text: leading `use db;` and `SET timestamp=…;` lines are context, not the query.
  std::string_view text = data.substr(body, end - body);
  // `SET timestamp=` is the time only of an event without a `# Time:`: its number is read
  // when it is needed (an earlier line's at once, in case the last does not parse).
  int64_t set_timestamp = kNoTimestamp;
  std::string_view set_timestamp_text;
  auto settle_set_timestamp = [&] {
    if (int64_t us = 0; !set_timestamp_text.empty() && ParseMicros(set_timestamp_text, &us)) {
      set_timestamp = us;
    }
  };
  std::string_view last_context;
  // The last line that is not blank is the query, whatever it is (Frame knows where it begins:
  // no need to look through the query for a line break).
  const char* const query_line = data.data() + last_line;
  while (text.data() < query_line) {
    std::string_view rest = text;
    const std::string_view l = TrimSpace(NextLine(rest));
    if (TrimSpace(rest).empty()) break;  // the last line is the query, whatever it is
    if (StartsWithIgnoreCase(l, "use ")) {
      std::string_view db = TrimSpace(l.substr(4));
      if (db.ends_with(';')) db.remove_suffix(1);
      db = TrimSpace(db);
      if (db.size() >= 2 && db.front() == '`' && db.back() == '`') db = db.substr(1, db.size() - 2);
      if (db.empty() || db.find_first_of(" \t;") != std::string_view::npos) break;
      own_db = db;
    } else if (StartsWithIgnoreCase(l, "SET timestamp=") ||
               StartsWithIgnoreCase(l, "SET insert_id=") ||
               StartsWithIgnoreCase(l, "SET last_insert_id=")) {
      const size_t ts = l.find("timestamp=");
      if (ts != std::string_view::npos) {
        std::string_view v = l.substr(ts + 10);
        const size_t stop = FindEither(v, ',', ';');
        settle_set_timestamp();
        set_timestamp_text = TrimSpace(v.substr(0, stop));
      }
    } else {
      break;
    }
    last_context = l;
    text = rest;
  }
  std::string_view query = TrimSpace(text);
  while (query.ends_with(';')) query = TrimTrailingSpace(query.substr(0, query.size() - 1));
  if (StartsWith(query, "# administrator command:")) {
    e.admin_command = true;
    query = TrimSpace(query.substr(2));
  }
  if (query.empty()) query = last_context;
  e.query = query;

  if (!own_db.empty()) db_ = own_db;
  e.db = db_;
  // The event's own `# Time:` wins, then the last `# Time:` seen (MySQL prints it only when the
  // second changes), then `SET timestamp=`. The Time line is preferred because old servers
  // print it in local time while SET timestamp is UTC: mixing them would skew time ranges.
  if (!e.time.empty()) {
    time_ = e.time;
  } else {
    e.time = time_;
  }
  if (!e.time.empty()) e.timestamp_us = TimeValue(e.time);
  if (e.timestamp_us == kNoTimestamp) {
    settle_set_timestamp();
    e.timestamp_us = set_timestamp;
  }
  ++batch.size;
  ++events_read_;
}

// Consecutive events mostly share their second, or their time entirely (MySQL 5.1 prints it
// once a second): the last text parsed is kept, and a text that differs from it only in the
// digits of the fraction gets the old value with the fraction exchanged, without parsing the
// date again. The digits' run must be as long, and every other byte the same.
int64_t SlowLogReader::TimeValue(std::string_view text) {
  const size_t dot = parsed_dot_, end = parsed_end_;
  if (dot != std::string_view::npos && parsed_time_us_ != kNoTimestamp &&
      text.size() == parsed_time_.size() && text[dot] == '.' &&
      base::swar::SameBytes(text.data(), parsed_time_.data(), dot) &&
      base::swar::SameBytes(text.data() + end, parsed_time_.data() + end, text.size() - end)) {
    // The same bytes around [dot + 1, end), and text[end] is no digit (the old run ended
    // there): the new run ends there too if all of these are digits.
    if (DigitsEnd(text, dot + 1) == end) {
      const std::string_view digits = text.substr(dot + 1, end - dot - 1);
      const int64_t frac = FractionMicros(digits);
      parsed_time_us_ += frac - parsed_frac_us_;
      parsed_frac_us_ = frac;
      std::memcpy(parsed_time_.data() + dot + 1, digits.data(), digits.size());
      return parsed_time_us_;
    }
  }
  if (text == parsed_time_) return parsed_time_us_;
  parsed_time_.assign(text);
  parsed_time_us_ = ParseSlowLogTime(text);
  parsed_dot_ = text.find('.');
  parsed_end_ = parsed_dot_;
  parsed_frac_us_ = 0;
  if (parsed_dot_ != std::string_view::npos) {
    parsed_end_ = DigitsEnd(text, parsed_dot_ + 1);
    parsed_frac_us_ = FractionMicros(text.substr(parsed_dot_ + 1, parsed_end_ - parsed_dot_ - 1));
  }
  return parsed_time_us_;
}

}  // namespace qadvisor::parser
