// Streaming reader for MySQL, Percona Server and MariaDB slow query logs.
//
// Contract:
//  - The reader pulls bytes from a base::InputStream (a file, standard input, gzip or zstd,
//    decompressed on the fly), in chunks, into a buffer
//    owned by the caller's EventBatch; memory stays flat however large the log (the buffer
//    holds one chunk plus the one event that straddles it, capped by max_event_bytes).
//  - ReadBatch() fills a batch with the complete events of the next chunk. The string_views
//    of an Event point into that batch and stay valid until the batch is passed to
//    ReadBatch() again. Batches may be handed to other threads; the reader itself is used
//    by one thread.
//  - Damage never stops the reader: text outside any event, an event without a query, an
//    event larger than the cap, or a torn last event is reported as a ReadIssue with its byte
//    offset and line and skipped (as LevelDB's log reader reports a corrupt record and
//    carries on). A compressed file that breaks off is reported the same way, at the offset
//    where its readable part ends.
//  - An input that is not a slow log at all (no event header in its first 64 KiB: a README, a
//    SQL script, random bytes) is refused: status() says so and no event is read. Guessing
//    events out of it would report them as facts.
//
// Dialects (see docs/slowlog.md): MySQL 5.0-8.x (`# Time:` old `YYMMDD HH:MM:SS` and ISO
// 8601 forms, `# User@Host:` with and without `Id:`), MariaDB (`# Thread_id: … Schema: …
// QC_hit:`, `# Rows_affected:`, `# Full_scan:`, `# explain:` lines), Percona Server extended
// statistics, `use db;` and `SET timestamp=…;` lines, `# administrator command:` events,
// server restart banners, events without `# Time:`.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/input.h"
#include "base/status.h"

namespace qadvisor::parser {

// Whether `head` (the first bytes of an input; 64 KiB are looked at) is a slow log: a server
// banner or an event header (`# Time:`, `# User@Host:`, `# Query_time:`) at a line start.
bool LooksLikeSlowLog(std::string_view head);
inline constexpr size_t kSlowLogSniffBytes = 64 << 10;

inline constexpr int64_t kNoTimestamp = INT64_MIN;

// One `Key: value` pair from an event's header, as written.
struct Attribute {
  std::string_view key;
  std::string_view value;
};

// One slow-log entry. Views point into the EventBatch that holds it.
struct Event {
  uint64_t offset = 0;    // byte offset of the event's first line in its input
  uint64_t line = 0;      // 1-based line number of that line
  std::string_view time;  // the `# Time:` value in force (maybe from an earlier event)
  int64_t timestamp_us = kNoTimestamp;  // microseconds since the epoch, from time or SET timestamp
  std::string_view user;
  std::string_view host;
  std::string_view db;         // `use db;`, `Schema:`, or the last database seen before
  std::string_view thread_id;  // `Id:` or `Thread_id:`
  bool admin_command = false;  // `# administrator command: Quit;` and the like
  std::string_view query;  // the statement(s), without `use`/`SET timestamp` lines or the last `;`
  // Every header `Key: value` (Query_time, Lock_time, …), in order. The pairs of a whole batch
  // sit in one array (EventBatch::attributes): one allocation, and cache-friendly to fill.
  std::span<const Attribute> attributes;
  uint32_t attributes_begin = 0;  // (index into EventBatch::attributes while the batch fills)
};

struct ReadIssue {
  uint64_t offset = 0;
  uint64_t line = 0;
  std::string message;
};

struct EventBatch {
  std::string buffer;         // the chunk the events point into: its first `length` bytes
  size_t length = 0;          // (the buffer only grows, so it is not zero-filled per chunk)
  std::vector<Event> events;  // events[0, size) are this batch's; the rest keep capacity
  size_t size = 0;
  std::vector<Attribute> attributes;  // the events' attributes, back to back
  std::string carried_time;           // `# Time:` / database in force when the batch began
  std::string carried_db;
};

struct ReaderOptions {
  size_t chunk_bytes = 512 << 10;     // small enough to stay in cache between reader and worker
  size_t max_event_bytes = 64 << 20;  // a larger event is skipped and reported
  size_t max_issues = 1000;           // issues beyond this are counted, not stored
  bool require_slow_log = true;       // refuse input that LooksLikeSlowLog() rejects
};

class SlowLogReader {
 public:
  // Reads `input`, which names itself in messages.
  explicit SlowLogReader(std::unique_ptr<base::InputStream> input, ReaderOptions options = {});
  // Reads `fd`, not owned; `name` names it in messages ("-" for standard input).
  SlowLogReader(std::string name, int fd, ReaderOptions options = {});

  // Fills `batch` with the next events. Returns false when the input is exhausted and the
  // batch is empty. An I/O error ends the input; status() then says what happened.
  bool ReadBatch(EventBatch& batch);

  const std::string& name() const { return name_; }
  uint64_t bytes_read() const { return bytes_read_; }             // decompressed
  uint64_t raw_bytes_read() const { return input_->raw_read(); }  // on disk: for progress
  uint64_t events_read() const { return events_read_; }
  const std::vector<ReadIssue>& issues() const { return issues_; }
  uint64_t issue_count() const { return issue_count_; }  // stored or not
  uint64_t skipped_events() const { return skipped_events_; }
  const Status& status() const { return status_; }

 private:
  bool Fill(EventBatch& batch, size_t want);  // appends up to `want` bytes; false at EOF
  // Parses the complete events of the batch buffer; returns where the unfinished rest begins
  // (the buffer's length when nothing is left) and its line number.
  size_t Frame(EventBatch& batch, bool at_eof, uint64_t* keep_line);
  void ReportOversized(uint64_t offset, uint64_t line);
  // Parses the event at [begin, end) of the batch buffer, its query text from `body` (its last
  // line that is not blank at `last_line`); its header lines are header_lines_.
  void ParseEvent(EventBatch& batch, size_t begin, size_t body, size_t last_line, size_t end,
                  uint64_t line);
  int64_t TimeValue(std::string_view text);  // ParseSlowLogTime(text), from the last one parsed
  void Report(uint64_t offset, uint64_t line, std::string message);

  std::unique_ptr<base::InputStream> input_;
  std::string name_;
  ReaderOptions options_;
  Status status_;
  bool eof_ = false;
  bool sniffed_ = false;      // the head has been checked (LooksLikeSlowLog)
  std::string tail_;          // the incomplete event carried into the next batch
  uint64_t tail_offset_ = 0;  // input offset of tail_[0]
  uint64_t tail_line_ = 1;    // line number of tail_[0]
  uint64_t base_offset_ = 0;  // input offset of the batch buffer's first byte
  uint64_t base_line_ = 1;    // line number of the batch buffer's first byte
  uint64_t bytes_read_ = 0;
  uint64_t events_read_ = 0;
  uint64_t skipped_events_ = 0;
  bool skipping_ = false;  // discarding an oversized event up to the next event start
  std::vector<ReadIssue> issues_;
  // Where the `#` lines of the event being framed begin and end in the batch buffer (without
  // the line break and a CR): Frame finds them, ParseEvent reads them.
  std::vector<std::pair<size_t, size_t>> header_lines_;
  uint64_t issue_count_ = 0;

  // State carried from one event to the next.
  std::string_view time_;
  std::string_view db_;
  // The last `# Time:` text parsed (TimeValue), its value, where its fraction's digits begin
  // (after the first '.') and end, and the fraction's part of the value.
  std::string parsed_time_;
  int64_t parsed_time_us_ = kNoTimestamp;
  size_t parsed_dot_ = std::string_view::npos, parsed_end_ = std::string_view::npos;
  int64_t parsed_frac_us_ = 0;
};

// Parses a `# Time:` value (`071218 11:48:27`, `240501 10:00:00.003212`,
// `2018-02-05T02:46:43.015898Z`, `…+02:00`) into microseconds since the epoch; a value
// without a zone is taken as UTC. kNoTimestamp when it is not a time.
int64_t ParseSlowLogTime(std::string_view text);

// Parses a decimal number (`12`, `0.000123`, `-3`) into millionths, exactly. False when the
// text is not a plain decimal number or does not fit.
bool ParseMicros(std::string_view text, int64_t* out);

}  // namespace qadvisor::parser
