// Workloads from a server's tables (see workload_import.h).
#include "connectors/workload_import.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <set>

#include "parser/slowlog.h"

namespace qadvisor::connectors {
namespace {

constexpr std::string_view kSlowLog = "mysql.slow_log";
constexpr std::string_view kDigests = "performance_schema.events_statements_summary_by_digest";
// A page of mysql.slow_log is held in memory whole (Session::Query keeps its rows), and each
// page costs the server a scan from the table's start (below): pages of about kPageBytes of
// statement text, within these row counts. Measured on MariaDB 10.11, 200 000 rows: pages of
// 5 000 rows took 21.7 s in all, of 50 000 rows 6.2 s and 58 MB at most (Debug build).
constexpr uint64_t kPageBytes = 32 << 20;
constexpr uint64_t kMinPageRows = 1000;
constexpr uint64_t kMaxPageRows = 50000;

// `column IN ('a', 'b')`; for no databases, every one but the system schemas — and not ''
// or NULL: statements run without a default database are left out, being mostly tools and
// monitoring (qadvisor's own reads of these tables among them).
std::string DatabaseFilter(std::string_view column, const std::vector<std::string>& databases) {
  std::string list;
  for (const std::string& db : databases) list += (list.empty() ? "" : ", ") + SqlString(db);
  if (!databases.empty()) return fmt::format("{} IN ({})", column, list);
  return fmt::format("{} NOT IN ('', 'mysql', 'information_schema', 'performance_schema', 'sys')",
                     column);
}

// What DatabaseFilter keeps, for a message that found nothing.
std::string Wanted(const std::vector<std::string>& databases) {
  if (databases.empty()) {
    return "a default database other than the system ones (statements run without a default "
           "database are left out)";
  }
  std::string out = "the databases ";
  for (size_t i = 0; i < databases.size(); ++i) out += (i ? ", " : "") + databases[i];
  return out;
}

std::optional<uint64_t> Unsigned(std::string_view s) {
  uint64_t v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

// Picoseconds (performance_schema's timers) to millionths of a second, rounded.
int64_t PicosToMicros(uint64_t ps) { return static_cast<int64_t>((ps + 500000) / 1000000); }

// A TIME value as the server prints it ("00:00:01.500000", "838:59:59", "-00:00:01") into
// millionths of a second; false when it is not one.
bool TimeToMicros(std::string_view text, int64_t* out) {
  bool negative = false;
  if (!text.empty() && text.front() == '-') {
    negative = true;
    text.remove_prefix(1);
  }
  int64_t parts[3] = {0, 0, 0};
  for (int i = 0; i < 3; ++i) {
    const size_t end = i < 2 ? text.find(':') : std::min(text.find('.'), text.size());
    if (end == std::string_view::npos || end == 0) return false;
    const auto v = Unsigned(text.substr(0, end));
    if (!v || *v > 1'000'000) return false;
    parts[i] = static_cast<int64_t>(*v);
    text.remove_prefix(i < 2 ? end + 1 : end);
  }
  int64_t micros = ((parts[0] * 60 + parts[1]) * 60 + parts[2]) * 1'000'000;
  if (!text.empty()) {  // ".ffffff"
    text.remove_prefix(1);
    if (text.empty() || text.size() > 6) return false;
    int64_t fraction = 0;
    for (const char c : text) {
      if (c < '0' || c > '9') return false;
      fraction = fraction * 10 + (c - '0');
    }
    for (size_t i = text.size(); i < 6; ++i) fraction *= 10;
    micros += fraction;
  }
  *out = negative ? -micros : micros;
  return true;
}

// Millionths as the slow log writes seconds: "1.500000".
std::string Seconds(int64_t micros) {
  const char* sign = micros < 0 ? "-" : "";
  const uint64_t m = micros < 0 ? 0 - static_cast<uint64_t>(micros) : static_cast<uint64_t>(micros);
  return fmt::format("{}{}.{:06}", sign, m / 1'000'000, m % 1'000'000);
}

// user_host as mysql.slow_log stores it — "user[priv_user] @ host [ip]", the slow log file's
// `# User@Host:` value — into the user (else the bracketed one) and the host (else the ip).
void SplitUserHost(std::string_view v, std::string_view* user, std::string_view* host) {
  auto trim = [](std::string_view s) {
    while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
    while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
    return s;
  };
  // Before the brackets, else inside them.
  auto name = [&](std::string_view part) {
    const size_t open = part.find('[');
    std::string_view plain = trim(part.substr(0, open));
    if (!plain.empty() || open == std::string_view::npos) return plain;
    const size_t close = part.find(']', open);
    return trim(part.substr(open + 1, close == std::string_view::npos ? close : close - open - 1));
  };
  size_t at = v.find(" @ ");  // a user name may hold an '@'; the separator has blanks
  size_t skip = 3;
  if (at == std::string_view::npos) {
    at = v.find('@');
    skip = 1;
  }
  *user = name(v.substr(0, at));
  *host = at == std::string_view::npos ? std::string_view() : name(v.substr(at + skip));
}

// A privilege error (1142 table, 1143 column, 1044 database, 1227 privilege) as what to grant;
// any other error as it is.
Status ReadError(const Session& session, const Status& status, std::string_view table,
                 std::string_view grant) {
  const int e = session.last_error();
  if (e == 1142 || e == 1143 || e == 1044 || e == 1227) {
    return InvalidArgument(
        fmt::format("cannot read {} ({}): the user needs {}", table, status.message(), grant));
  }
  if (e == 1146) {
    return NotFound(fmt::format("the server has no {} table ({})", table, status.message()));
  }
  return status;
}

void AddIssue(analyzer::DigestRun& run, std::string_view table, uint64_t row, std::string message) {
  ++run.issue_count;
  if (run.issues.size() < parser::ReaderOptions().max_issues) {
    run.issues.push_back({std::string(table), {row, row, std::move(message)}});
  }
}

// The first value of a one-row query, or nullopt (an unknown variable, say).
std::optional<std::string> Scalar(Session& session, std::string_view sql) {
  Result<Session::Rows> rows = session.Query(sql);
  if (!rows.ok() || rows->values.empty() || rows->values[0].empty()) return std::nullopt;
  return rows->values[0][0];
}

bool On(const std::optional<std::string>& v) { return v && (*v == "1" || *v == "ON"); }

// ---- mysql.slow_log ----

// Why mysql.slow_log holds nothing, as what to run on the server.
Status EmptySlowLog(Session& session) {
  const std::optional<std::string> output = Scalar(session, "SELECT @@GLOBAL.log_output");
  const bool enabled = On(Scalar(session, "SELECT @@GLOBAL.slow_query_log"));
  const std::optional<std::string> long_query_time =
      Scalar(session, "SELECT @@GLOBAL.long_query_time");
  const bool to_table = output && output->find("TABLE") != std::string::npos;
  if (!to_table || !enabled) {
    return InvalidArgument(fmt::format(
        "mysql.slow_log is empty: the server {} (log_output={}, slow_query_log={}); run SET "
        "GLOBAL log_output='TABLE', slow_query_log=ON (and long_query_time=0.1 or lower to "
        "catch more than the slowest statements), let the workload run, then import again",
        !enabled ? "does not log slow queries" : "writes its slow log to a file, not the table",
        output.value_or("?"), enabled ? "ON" : "OFF"));
  }
  return InvalidArgument(
      fmt::format("mysql.slow_log is empty: no statement has run longer than long_query_time={} "
                  "s since the table was last truncated; lower it (SET GLOBAL "
                  "long_query_time=0.1), let the workload run, then import again",
                  long_query_time.value_or("?")));
}

Status ImportSlowLog(Session& session, const WorkloadOptions& options, analyzer::DigestRun& run) {
  const std::string table(kSlowLog);
  constexpr std::string_view kGrant = "SELECT on mysql.slow_log (GRANT SELECT ON mysql.slow_log)";
  // MariaDB adds rows_affected; MySQL has no such column.
  Result<Session::Rows> shape = session.Query("SELECT * FROM mysql.slow_log LIMIT 0");
  if (!shape.ok()) return ReadError(session, shape.status(), kSlowLog, kGrant);
  const bool rows_affected = std::find(shape->columns.begin(), shape->columns.end(),
                                       "rows_affected") != shape->columns.end();
  const std::string filter = DatabaseFilter("db", options.databases);

  // The log tables are append-only: the server only appends rows, and INSERT, UPDATE and
  // DELETE are refused on them; TRUNCATE empties them (MySQL manual 7.4.1, "Selecting General
  // Query Log and Slow Query Log Output Destinations"). So the table's own order is the order
  // rows were logged, and OFFSET pages over it stay put while the server keeps logging — the
  // rows it adds meanwhile (our own SELECTs among them, with long_query_time=0) come after
  // the count taken here and are not read. Sorting instead (ORDER BY start_time) would sort
  // the whole unindexed table for every page.
  Result<Session::Rows> counted = session.Query(
      fmt::format("SELECT COUNT(*), SUM({}), CEIL(AVG(LENGTH(sql_text) + LENGTH(user_host))) FROM "
                  "mysql.slow_log",
                  filter));
  if (!counted.ok()) return ReadError(session, counted.status(), kSlowLog, kGrant);
  const uint64_t total = Unsigned(counted->values.at(0).at(0)).value_or(0);
  const uint64_t matching = Unsigned(counted->values.at(0).at(1)).value_or(0);
  const uint64_t row_bytes = std::max<uint64_t>(
      Unsigned(counted->values.at(0).at(2)).value_or(0) + 200, 1);  // + the other columns
  const uint64_t page_rows = std::clamp(kPageBytes / row_bytes, kMinPageRows, kMaxPageRows);
  if (total == 0) return EmptySlowLog(session);
  if (matching == 0) {
    return NotFound(
        fmt::format("mysql.slow_log has {} rows, none for {}", total, Wanted(options.databases)));
  }
  const uint64_t first = matching > options.max_rows ? matching - options.max_rows : 0;
  if (first > 0) {
    AddIssue(run, table, 0,
             fmt::format("the {} oldest rows were not read: at most {} are (the newest)", first,
                         options.max_rows));
  }

  const auto file = static_cast<uint32_t>(run.files.size());
  run.files.push_back(table);
  const std::string columns = fmt::format(
      "UNIX_TIMESTAMP(start_time), user_host, query_time, lock_time, rows_sent, rows_examined, "
      "db, thread_id, sql_text{}",
      rows_affected ? ", rows_affected" : "");
  std::vector<std::string> values;  // the attribute values of one row, reused
  std::vector<parser::Attribute> attributes;
  for (uint64_t done = first; done < matching;) {
    const uint64_t want = std::min(page_rows, matching - done);
    Result<Session::Rows> page = session.Query(fmt::format(
        "SELECT {} FROM mysql.slow_log WHERE {} LIMIT {} OFFSET {}", columns, filter, want, done));
    if (!page.ok()) return ReadError(session, page.status(), kSlowLog, kGrant);
    if (page->values.empty()) break;  // truncated meanwhile
    for (const std::vector<std::string>& row : page->values) {
      const uint64_t number = ++done;  // 1-based among the rows kept, in the table's order
      parser::Event event;
      event.offset = number;
      event.line = number;
      event.db = row[6];
      event.thread_id = row[7];
      event.query = row[8];
      SplitUserHost(row[1], &event.user, &event.host);
      int64_t when = parser::kNoTimestamp;
      if (parser::ParseMicros(row[0], &when)) event.timestamp_us = when;
      run.bytes += row[8].size();
      if (event.query.empty()) {
        ++run.skipped;
        AddIssue(run, table, number, "a row without sql_text, skipped");
        continue;
      }
      int64_t query_time = 0, lock_time = 0;
      if (!TimeToMicros(row[2], &query_time) || !TimeToMicros(row[3], &lock_time)) {
        ++run.skipped;
        AddIssue(run, table, number,
                 fmt::format("query_time '{}' or lock_time '{}' is not a time, skipped", row[2],
                             row[3]));
        continue;
      }
      values = {Seconds(query_time), Seconds(lock_time)};
      attributes = {{"Query_time", values[0]},
                    {"Lock_time", values[1]},
                    {"Rows_sent", row[4]},
                    {"Rows_examined", row[5]}};
      if (rows_affected) attributes.push_back({"Rows_affected", row[9]});
      event.attributes = attributes;
      run.digest.Add(event, file);
    }
    if (page->values.size() < want) break;  // truncated meanwhile
  }
  return Status::Ok();
}

// ---- performance_schema ----

std::string Overflow(std::string_view executions) {
  return fmt::format(
      "{} executions of statements whose digests did not fit performance_schema_digests_size "
      "are summed in one row without a digest text, skipped; raise "
      "performance_schema_digests_size (a server start option) to keep them apart",
      executions);
}

// Why the digest summary holds nothing: the consumers that must be on, else no statements yet.
Status EmptyDigests(Session& session) {
  Result<Session::Rows> consumers = session.Query(
      "SELECT NAME FROM performance_schema.setup_consumers WHERE ENABLED <> 'YES' AND NAME IN "
      "('global_instrumentation', 'thread_instrumentation', 'statements_digest')");
  if (consumers.ok() && !consumers->values.empty()) {
    std::string names;
    for (const auto& row : consumers->values) names += (names.empty() ? "'" : ", '") + row[0] + "'";
    return InvalidArgument(fmt::format(
        "{} is empty: the performance_schema consumers {} are off; run UPDATE "
        "performance_schema.setup_consumers SET ENABLED = 'YES' WHERE NAME IN ({}), let the "
        "workload run, then import again",
        kDigests, names, names));
  }
  return InvalidArgument(fmt::format(
      "{} is empty: no statement has run since the server started or the table was truncated "
      "(or the statement/% instruments are off in performance_schema.setup_instruments); let "
      "the workload run, then import again",
      kDigests));
}

Status ImportDigests(Session& session, const WorkloadOptions& options, analyzer::DigestRun& run) {
  const std::string table(kDigests);
  constexpr std::string_view kGrant =
      "SELECT on performance_schema (GRANT SELECT ON performance_schema.* TO …)";
  const std::optional<std::string> enabled = Scalar(session, "SELECT @@GLOBAL.performance_schema");
  if (!enabled) {
    return InvalidArgument(
        "the server has no performance_schema variable: it cannot summarise "
        "statements; use --workload slow_log_table or a slow log instead");
  }
  if (!On(enabled)) {
    return InvalidArgument(
        "performance_schema is OFF on the server: start the server with "
        "--performance-schema=ON (it cannot be turned on while the server runs), or use "
        "--workload slow_log_table or a slow log instead");
  }
  // Which columns this server has: QUERY_SAMPLE_* came with MySQL 8.0.3, not in MariaDB.
  Result<Session::Rows> described = session.Query(
      "SELECT UPPER(COLUMN_NAME) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = "
      "'performance_schema' AND TABLE_NAME = 'events_statements_summary_by_digest'");
  if (!described.ok()) return ReadError(session, described.status(), kDigests, kGrant);
  std::set<std::string, std::less<>> has;
  for (const auto& row : described->values) has.insert(row[0]);
  if (has.empty()) {
    return NotFound(
        fmt::format("the server has no {} table, or the user may not see it: the "
                    "user needs {}",
                    kDigests, kGrant));
  }
  const bool samples = has.contains("QUERY_SAMPLE_TEXT") && has.contains("QUERY_SAMPLE_TIMER_WAIT");
  const bool sample_seen = samples && has.contains("QUERY_SAMPLE_SEEN");
  const bool rows_affected = has.contains("SUM_ROWS_AFFECTED");
  const bool no_index = has.contains("SUM_NO_INDEX_USED");
  // The digest text holds the tokens of at most this many bytes.
  uint64_t digest_bytes = 1024;
  for (const char* variable :
       {"@@GLOBAL.max_digest_length", "@@GLOBAL.performance_schema_max_digest_length"}) {
    const auto v = Scalar(session, fmt::format("SELECT {}", variable));
    if (const auto n = v ? Unsigned(*v) : std::nullopt) digest_bytes = std::min(digest_bytes, *n);
  }
  uint64_t sample_chars = UINT64_MAX;  // QUERY_SAMPLE_TEXT is cut at this many characters
  if (samples) {
    const auto v = Scalar(session, "SELECT @@GLOBAL.performance_schema_max_sql_text_length");
    if (const auto n = v ? Unsigned(*v) : std::nullopt) sample_chars = *n;
  }

  const std::string filter = DatabaseFilter("SCHEMA_NAME", options.databases);
  Result<Session::Rows> counted = session.Query(fmt::format(
      "SELECT COUNT(*), SUM({}) FROM performance_schema.events_statements_summary_by_digest",
      filter));
  if (!counted.ok()) return ReadError(session, counted.status(), kDigests, kGrant);
  const uint64_t total = Unsigned(counted->values.at(0).at(0)).value_or(0);
  const uint64_t matching = Unsigned(counted->values.at(0).at(1)).value_or(0);
  if (total == 0) return EmptyDigests(session);
  if (matching == 0) {
    return NotFound(
        fmt::format("{} has {} rows, none for {}", kDigests, total, Wanted(options.databases)));
  }
  // Statements past performance_schema_digests_size are summed in one row with no digest text
  // and no schema, which no database filter keeps: told apart here, so they are never lost
  // without a word.
  if (const auto lost = Scalar(session,
                               "SELECT SUM(COUNT_STAR) FROM "
                               "performance_schema.events_statements_summary_by_digest WHERE "
                               "DIGEST_TEXT IS NULL");
      lost && Unsigned(*lost).value_or(0) > 0) {
    ++run.skipped;
    AddIssue(run, table, 0, Overflow(*lost));
  }
  if (matching > options.max_rows) {
    AddIssue(run, table, 0,
             fmt::format("{} statement digests with the least total time were not read: at most "
                         "{} are",
                         matching - options.max_rows, options.max_rows));
  }

  // The whole summary in one query, costliest first: it holds at most
  // performance_schema_digests_size rows (thousands), and pages would shift as sums grow.
  enum Column {
    kSchema,
    kText,
    kNoText,
    kCount,
    kSum,
    kMin,
    kMax,
    kLock,
    kSent,
    kExamined,
    kFirst,
    kLast,
    kAffected,
    kNoIndex,
    kSample,
    kSampleWait,
    kSampleSeen
  };
  const std::string sql = fmt::format(
      "SELECT SCHEMA_NAME, DIGEST_TEXT, DIGEST_TEXT IS NULL, COUNT_STAR, SUM_TIMER_WAIT, "
      "MIN_TIMER_WAIT, MAX_TIMER_WAIT, SUM_LOCK_TIME, SUM_ROWS_SENT, SUM_ROWS_EXAMINED, "
      "UNIX_TIMESTAMP(FIRST_SEEN), UNIX_TIMESTAMP(LAST_SEEN), {}, {}, {}, {}, {} "
      "FROM performance_schema.events_statements_summary_by_digest WHERE {} "
      "ORDER BY SUM_TIMER_WAIT DESC, DIGEST LIMIT {}",
      rows_affected ? "SUM_ROWS_AFFECTED" : "NULL", no_index ? "SUM_NO_INDEX_USED" : "NULL",
      samples ? "QUERY_SAMPLE_TEXT" : "NULL", samples ? "QUERY_SAMPLE_TIMER_WAIT" : "NULL",
      sample_seen ? "UNIX_TIMESTAMP(QUERY_SAMPLE_SEEN)" : "NULL", filter, options.max_rows);
  Result<Session::Rows> rows = session.Query(sql);
  if (!rows.ok()) return ReadError(session, rows.status(), kDigests, kGrant);

  const auto file = static_cast<uint32_t>(run.files.size());
  run.files.push_back(table);
  uint64_t number = 0;
  for (const std::vector<std::string>& row : rows->values) {
    ++number;
    auto count = [&](Column c) { return Unsigned(row[c]).value_or(0); };
    const uint64_t executions = count(kCount);
    if (executions == 0) continue;  // a digest whose statements are still running
    run.bytes += row[kText].size();
    if (row[kNoText] == "1") continue;  // counted above
    if (DigestTextTruncated(row[kText], digest_bytes)) {
      ++run.skipped;
      AddIssue(run, table, number,
               fmt::format("the digest text of {} executions is cut short at "
                           "max_digest_length={} bytes of tokens, skipped (it is not the whole "
                           "statement); raise max_digest_length and "
                           "performance_schema_max_digest_length (server start options): {}",
                           executions, digest_bytes, row[kText].substr(0, 80)));
      continue;
    }
    const std::string text = DigestTextToSql(row[kText]);
    analyzer::Summary s;
    s.text = text;
    // A sample as long as the limit may be cut short: the digest text is whole, so it serves.
    if (samples && !row[kSample].empty() && row[kSample].size() < sample_chars) {
      s.sample = row[kSample];
      s.sample_query_time = PicosToMicros(count(kSampleWait));
      int64_t seen = parser::kNoTimestamp;
      if (parser::ParseMicros(row[kSampleSeen], &seen)) s.sample_seen = seen;
    }
    s.db = row[kSchema];
    s.count = executions;
    const auto micros = [&](Column c) { return analyzer::Int128{PicosToMicros(count(c))}; };
    const auto rows_of = [&](Column c) {
      return static_cast<analyzer::Int128>(count(c)) * analyzer::Int128{1'000'000};
    };
    s.metrics = {
        {"Query_time", micros(kSum), PicosToMicros(count(kMin)), PicosToMicros(count(kMax))},
        {"Lock_time", micros(kLock), std::nullopt, std::nullopt},
        {"Rows_sent", rows_of(kSent), std::nullopt, std::nullopt},
        {"Rows_examined", rows_of(kExamined), std::nullopt, std::nullopt}};
    if (rows_affected) s.metrics.push_back({"Rows_affected", rows_of(kAffected), {}, {}});
    // SUM_NO_INDEX_USED counts the executions that scanned a table without an index: what a
    // MariaDB slow log marks `Full_scan: Yes`.
    if (no_index) s.flags.emplace_back("Full_scan", count(kNoIndex));
    int64_t t = parser::kNoTimestamp;
    if (parser::ParseMicros(row[kFirst], &t)) s.first_seen = t;
    if (parser::ParseMicros(row[kLast], &t)) s.last_seen = t;
    s.offset = number;
    s.line = number;
    run.digest.AddSummary(s, file);
  }
  return Status::Ok();
}

}  // namespace

bool ParseWorkloadSource(std::string_view name, WorkloadSource* source) {
  if (name == "performance_schema") {
    *source = WorkloadSource::kPerformanceSchema;
    return true;
  }
  if (name == "slow_log_table") {
    *source = WorkloadSource::kSlowLogTable;
    return true;
  }
  return false;
}

std::string_view WorkloadTable(WorkloadSource source) {
  return source == WorkloadSource::kPerformanceSchema ? kDigests : kSlowLog;
}

Status ImportWorkloadInto(Session& session, const WorkloadOptions& options,
                          analyzer::DigestRun& run) {
  if (options.max_rows == 0) return InvalidArgument("the workload's row limit must be above 0");
  return options.source == WorkloadSource::kPerformanceSchema
             ? ImportDigests(session, options, run)
             : ImportSlowLog(session, options, run);
}

Result<analyzer::DigestRun> ImportWorkload(Session& session, const WorkloadOptions& options) {
  analyzer::DigestRun run{analyzer::Digest(options.digest), {}, 0, 0, 0, {}};
  QADVISOR_RETURN_IF_ERROR(ImportWorkloadInto(session, options, run));
  return run;
}

std::string DigestTextToSql(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    if (text[i] == '`') {  // an identifier, `` inside it doubled: copied as it is
      size_t end = i + 1;
      while (end < text.size()) {
        if (text[end] == '`') {
          if (end + 1 < text.size() && text[end + 1] == '`') {
            end += 2;
            continue;
          }
          break;
        }
        ++end;
      }
      end = std::min(end + 1, text.size());
      out.append(text.substr(i, end - i));
      i = end;
      continue;
    }
    const std::string_view rest = text.substr(i);
    if (rest.starts_with("(...)")) {  // a list of values: IN (...), VALUES (...)
      out += "(?)";
      i += 5;
    } else if (rest.starts_with("/* , ... */")) {  // further rows of a VALUES list
      i += 11;
    } else if (rest.starts_with("?, ...")) {  // a run of values: LIMIT ?, ... or SELECT ?, ...
      out += "?, ?";
      i += 6;
    } else if (rest.starts_with("SQL_TSI_") &&
               (i == 0 || text[i - 1] == ' ' || text[i - 1] == '(')) {
      i += 8;  // MariaDB writes interval units by their ODBC names: SQL_TSI_DAY is DAY
    } else {
      out += text[i++];
    }
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

bool DigestTextTruncated(std::string_view text, uint64_t max_digest_length) {
  std::string_view trimmed = text;
  while (!trimmed.empty() && (trimmed.back() == ' ' || trimmed.back() == '\n')) {
    trimmed.remove_suffix(1);
  }
  // A server's own mark: `...` after the last token (not `(...)` or `?, ...`, which are lists).
  if (trimmed.size() == text.size() && trimmed.ends_with("...") && !trimmed.ends_with("(...)") &&
      !trimmed.ends_with(", ...") && !trimmed.ends_with(",...")) {
    return true;
  }
  // The token bytes behind the text, as the server's digest storage counts them (measured on
  // MariaDB 10.11 against performance_schema_max_digest_length): each token 2 bytes, an
  // identifier 2 more for its length plus its bytes; a collapsed list — `(...)`, `?, ...`,
  // `(...) /* , ... */` — is one token.
  uint64_t bytes = 0;
  for (size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c == ' ' || c == '\n' || c == '\t') {
      ++i;
      continue;
    }
    const std::string_view rest = text.substr(i);
    if (c == '`') {
      size_t end = i + 1, length = 0;
      while (end < text.size()) {
        if (text[end] == '`') {
          if (end + 1 < text.size() && text[end + 1] == '`') {
            end += 2;
            ++length;
            continue;
          }
          break;
        }
        ++end;
        ++length;
      }
      bytes += 4 + length;
      i = end + 1;
      continue;
    }
    bytes += 2;
    if (rest.starts_with("(...) /* , ... */")) {
      i += 17;
    } else if (rest.starts_with("(...)")) {
      i += 5;
    } else if (rest.starts_with("?, ...")) {
      i += 6;
    } else if (rest.starts_with("@@") || rest.starts_with("@")) {
      i += rest.starts_with("@@") ? 2 : 1;  // written against the identifier after it
    } else {
      while (i < text.size() && text[i] != ' ' && text[i] != '\n' && text[i] != '\t' &&
             text[i] != '`') {
        ++i;
      }
    }
  }
  // Cut short when the next token could not have fitted: within one identifier of the limit
  // (4 + 64 bytes). A whole statement that close to the limit is taken for a cut one too.
  constexpr uint64_t kLargestToken = 4 + 64;
  return bytes + kLargestToken > max_digest_length;
}

}  // namespace qadvisor::connectors
