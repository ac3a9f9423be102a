// Writes a digest's classes to the review and history tables (see digest_history.h).
#include "connectors/digest_history.h"

#include <fmt/format.h>

#include <ctime>
#include <iterator>
#include <optional>
#include <utility>
#include <vector>

#include "base/utf8.h"

namespace qadvisor::connectors {
namespace {

using Params = std::vector<std::optional<std::string>>;

// `name` as a backquoted identifier (a backquote inside doubled), as the manual's "Schema
// Object Names" says.
std::string Quoted(std::string_view name) {
  std::string out = "`";
  for (const char c : name) {
    out += c;
    if (c == '`') out += c;
  }
  return out + "`";
}

// Millionths as a decimal with six places: 1500000 is "1.500000". Exact for any sum.
std::string Decimal(analyzer::Int128 v) {
  const bool negative = v < 0;
  if (negative) v = -v;
  const auto whole = v / 1000000;
  const auto part = static_cast<uint32_t>(v % 1000000);
  std::string digits;
  analyzer::Int128 w = whole;
  do {
    digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(w % 10)));
    w /= 10;
  } while (w > 0);
  return fmt::format("{}{}.{:06}", negative ? "-" : "", digits, part);
}

// Microseconds since the epoch as a DATETIME(6) literal in UTC: DATETIME is never converted by
// the session's time zone, so every client writes and reads the same value.
std::optional<std::string> Datetime(int64_t us) {
  if (us == parser::kNoTimestamp) return std::nullopt;
  int64_t seconds = us / 1000000;
  int64_t micros = us % 1000000;
  if (micros < 0) micros += 1000000, --seconds;
  const auto t = static_cast<std::time_t>(seconds);
  std::tm tm{};
  gmtime_r(&t, &tm);
  return fmt::format("{:04}-{:02}-{:02} {:02}:{:02}:{:02}.{:06}", tm.tm_year + 1900, tm.tm_mon + 1,
                     tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, micros);
}

// Text for a utf8mb4 column: a strict server refuses ill-formed UTF-8, and a log can hold any
// bytes, so each byte that starts no well-formed sequence becomes '?'.
std::string Utf8Text(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    const size_t len = base::Utf8SequenceLength(s, i);
    if (len == 0) {
      out += '?';
      ++i;
      continue;
    }
    out.append(s, i, len);
    i += len;
  }
  return out;
}

std::optional<std::string> QueryTime(int64_t us) {
  if (us < 0) return std::nullopt;
  return Decimal(us);
}

// Rows sent as multi-row INSERTs: one round trip for up to kBatchRows rows, and at most about
// kBatchBytes of values in one statement, well under the smallest default max_allowed_packet
// (MariaDB's 16 MiB) whatever the samples hold.
class Batch {
 public:
  static constexpr size_t kBatchRows = 100;
  static constexpr size_t kBatchBytes = 4 << 20;

  // `head`: "INSERT INTO t (a, b)"; `tail`: " ON DUPLICATE KEY UPDATE …"; `width`: columns.
  Batch(Session& session, std::string head, std::string tail, size_t width)
      : session_(session), head_(std::move(head)), tail_(std::move(tail)) {
    row_ = "(?";
    for (size_t i = 1; i < width; ++i) row_ += ", ?";
    row_ += ")";
  }
  Status Add(Params row) {
    for (const auto& p : row) bytes_ += p ? p->size() : 0;
    params_.insert(params_.end(), std::make_move_iterator(row.begin()),
                   std::make_move_iterator(row.end()));
    if (++rows_ >= kBatchRows || bytes_ >= kBatchBytes) return Flush();
    return Status::Ok();
  }
  Status Flush() {
    if (rows_ == 0) return Status::Ok();
    std::string sql = head_ + " VALUES " + row_;
    for (size_t i = 1; i < rows_; ++i) sql += ", " + row_;
    sql += tail_;
    const Result<uint64_t> done = session_.ExecuteUpdate(sql, params_);
    params_.clear();
    rows_ = bytes_ = 0;
    return done.status();
  }

 private:
  Session& session_;
  std::string head_, tail_, row_;
  Params params_;
  size_t rows_ = 0;
  size_t bytes_ = 0;
};

constexpr std::string_view kMetricColumns[] = {"query_time", "lock_time", "rows_sent",
                                               "rows_examined"};
constexpr std::string_view kFigures[] = {"sum", "min", "max", "p95"};

}  // namespace

Result<int64_t> ParseHistoryBucket(std::string_view text) {
  const Status bad(StatusCode::kInvalidArgument,
                   fmt::format("--history-bucket {}: expected a whole number and a unit s, m, h, "
                               "d or w (1h, 1d)",
                               text));
  if (text.size() < 2) return bad;
  int64_t unit = 0;
  switch (text.back()) {
    case 's':
      unit = 1;
      break;
    case 'm':
      unit = 60;
      break;
    case 'h':
      unit = 3600;
      break;
    case 'd':
      unit = 86400;
      break;
    case 'w':
      unit = 7 * 86400;
      break;
    default:
      return bad;
  }
  int64_t n = 0;
  for (const char c : text.substr(0, text.size() - 1)) {
    if (c < '0' || c > '9' || n > 1000000) return bad;
    n = n * 10 + (c - '0');
  }
  if (n == 0) return bad;
  return n * unit * 1000000;
}

std::string HistorySchemaSql(std::string_view database) {
  const std::string db = Quoted(database);
  std::string figures;
  for (const std::string_view m : kMetricColumns) {
    for (const std::string_view f : kFigures) {
      figures += fmt::format("  {}_{} DECIMAL(30,6) NULL,\n", m, f);
    }
  }
  return fmt::format(
      "CREATE TABLE IF NOT EXISTS {0}.{1} (\n"
      "  class_id CHAR(16) CHARACTER SET ascii NOT NULL,\n"
      "  fingerprint LONGTEXT NOT NULL,\n"
      "  sample LONGTEXT NOT NULL,\n"
      "  sample_db VARCHAR(255) NOT NULL,\n"
      "  sample_query_time DECIMAL(30,6) NULL,\n"
      "  first_seen DATETIME(6) NULL,\n"
      "  last_seen DATETIME(6) NULL,\n"
      "  reviewed_by VARCHAR(255) NULL,\n"
      "  reviewed_on DATETIME NULL,\n"
      "  comments TEXT NULL,\n"
      "  PRIMARY KEY (class_id)\n"
      ") DEFAULT CHARSET=utf8mb4;\n"
      "CREATE TABLE IF NOT EXISTS {0}.{2} (\n"
      "  class_id CHAR(16) CHARACTER SET ascii NOT NULL,\n"
      "  source VARCHAR(191) NOT NULL,\n"
      "  bucket_seconds INT UNSIGNED NOT NULL,\n"
      "  bucket_start DATETIME NOT NULL,\n"
      "  query_count BIGINT UNSIGNED NOT NULL,\n"
      "  first_seen DATETIME(6) NOT NULL,\n"
      "  last_seen DATETIME(6) NOT NULL,\n"
      "{3}"
      "  sample LONGTEXT NOT NULL,\n"
      "  sample_db VARCHAR(255) NOT NULL,\n"
      "  sample_query_time DECIMAL(30,6) NULL,\n"
      "  PRIMARY KEY (class_id, source, bucket_seconds, bucket_start)\n"
      ") DEFAULT CHARSET=utf8mb4;\n",
      db, Quoted(kReviewTable), Quoted(kHistoryTable), figures);
}

Result<HistoryWritten> WriteHistory(Session& session, const analyzer::Digest& digest,
                                    const HistoryOptions& options) {
  if (options.database.empty()) {
    return Status(StatusCode::kInvalidArgument,
                  "--history: the DSN names no database to keep the tables in "
                  "(mysql://user@host/DATABASE)");
  }
  if (options.source.empty() || options.source.size() > 191 || !base::IsValidUtf8(options.source)) {
    return Status(StatusCode::kInvalidArgument,
                  "--history-source: a label of 1 to 191 characters of UTF-8 is needed");
  }
  if (digest.options().group_by != analyzer::GroupBy::kFingerprint ||
      digest.options().bucket_us != options.bucket_us || options.bucket_us <= 0) {
    return Status(StatusCode::kInvalidArgument,
                  "--history: the digest must be grouped by fingerprint and bucketed");
  }
  // One statement at a time: multi-statements are off on every session.
  const std::string schema = HistorySchemaSql(options.database);
  for (size_t start = 0; start < schema.size();) {
    const size_t end = schema.find(";\n", start);
    QADVISOR_RETURN_IF_ERROR(session.Execute(std::string_view(schema).substr(start, end - start)));
    start = end + 2;
  }

  const std::string db = Quoted(options.database);
  // The review row: the sample changes only for a strictly slower one, and each assignment
  // reads the columns as the ones before it left them (MySQL assigns left to right), so the
  // sample and its database are assigned before the time they are compared with.
  Batch reviews(
      session,
      fmt::format("INSERT INTO {}.{} (class_id, fingerprint, sample, sample_db, "
                  "sample_query_time, first_seen, last_seen)",
                  db, Quoted(kReviewTable)),
      " ON DUPLICATE KEY UPDATE "
      "fingerprint = VALUES(fingerprint), "
      "sample = IF(COALESCE(VALUES(sample_query_time), -1) > COALESCE(sample_query_time, -1), "
      "VALUES(sample), sample), "
      "sample_db = IF(COALESCE(VALUES(sample_query_time), -1) > COALESCE(sample_query_time, -1), "
      "VALUES(sample_db), sample_db), "
      "sample_query_time = IF(COALESCE(VALUES(sample_query_time), -1) > "
      "COALESCE(sample_query_time, -1), VALUES(sample_query_time), sample_query_time), "
      "first_seen = IF(first_seen IS NULL OR VALUES(first_seen) < first_seen, "
      "VALUES(first_seen), first_seen), "
      "last_seen = IF(last_seen IS NULL OR VALUES(last_seen) > last_seen, "
      "VALUES(last_seen), last_seen)",
      7);
  std::string columns =
      "class_id, source, bucket_seconds, bucket_start, query_count, first_seen, "
      "last_seen, sample, sample_db, sample_query_time";
  std::string updates =
      "query_count = VALUES(query_count), first_seen = VALUES(first_seen), "
      "last_seen = VALUES(last_seen), sample = VALUES(sample), sample_db = VALUES(sample_db), "
      "sample_query_time = VALUES(sample_query_time)";
  size_t placeholders = 10;
  for (const std::string_view m : kMetricColumns) {
    for (const std::string_view f : kFigures) {
      columns += fmt::format(", {}_{}", m, f);
      updates += fmt::format(", {0}_{1} = VALUES({0}_{1})", m, f);
      ++placeholders;
    }
  }
  Batch histories(session,
                  fmt::format("INSERT INTO {}.{} ({})", db, Quoted(kHistoryTable), columns),
                  " ON DUPLICATE KEY UPDATE " + updates, placeholders);

  QADVISOR_RETURN_IF_ERROR(session.Execute("START TRANSACTION"));
  HistoryWritten written;
  const std::string bucket_seconds = fmt::format("{}", options.bucket_us / 1000000);
  auto write_all = [&]() -> Status {
    for (const auto& c : digest.classes()) {
      written.unbucketed += c->unbucketed;
      if (c->buckets.empty()) continue;  // no event with a time: nothing to keep a trend of
      const std::string id = analyzer::FormatClassId(c->id);
      Params review = {id,
                       Utf8Text(c->fingerprint),
                       Utf8Text(c->sample.query),
                       Utf8Text(c->sample.db),
                       QueryTime(c->sample.query_time),
                       Datetime(c->first_seen),
                       Datetime(c->last_seen)};
      QADVISOR_RETURN_IF_ERROR(reviews.Add(std::move(review)));
      ++written.classes;
      for (const auto& [start, b] : c->buckets) {
        Params row = {id,
                      options.source,
                      bucket_seconds,
                      Datetime(start),
                      fmt::format("{}", b.count),
                      Datetime(b.first_seen),
                      Datetime(b.last_seen),
                      Utf8Text(b.sample.query),
                      Utf8Text(b.sample.db),
                      QueryTime(b.sample.query_time)};
        for (const analyzer::Distribution& d : b.metrics) {
          if (d.count() == 0) {  // the log never gave this attribute
            row.insert(row.end(), 4, std::nullopt);
            continue;
          }
          row.push_back(Decimal(d.sum()));
          row.push_back(Decimal(d.min()));
          row.push_back(Decimal(d.max()));
          row.push_back(Decimal(d.Percentile(0.95)));
        }
        QADVISOR_RETURN_IF_ERROR(histories.Add(std::move(row)));
        ++written.rows;
      }
    }
    QADVISOR_RETURN_IF_ERROR(reviews.Flush());
    return histories.Flush();
  };
  if (Status s = write_all(); !s.ok()) {
    if (!session.connection_lost()) (void)session.Execute("ROLLBACK");
    return s;
  }
  QADVISOR_RETURN_IF_ERROR(session.Execute("COMMIT"));
  return written;
}

}  // namespace qadvisor::connectors
