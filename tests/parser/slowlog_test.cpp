#include "parser/slowlog.h"

#include <fcntl.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace qadvisor::parser {
namespace {

// An event with its views copied out, so it outlives the batch.
struct OwnedEvent {
  uint64_t offset, line;
  std::string time, user, host, db, thread_id, query;
  int64_t timestamp_us;
  bool admin;
  std::vector<std::pair<std::string, std::string>> attributes;
};

struct ReadResult {
  std::vector<OwnedEvent> events;
  std::vector<ReadIssue> issues;
  uint64_t skipped = 0;
  Status status;
};

// Writes `text` to a temporary file and reads it back with the given options.
ReadResult ReadText(const std::string& text, ReaderOptions options = {}) {
  char path[] = "/tmp/qadvisor-slowlog-test-XXXXXX";
  const int fd = ::mkstemp(path);
  REQUIRE(fd >= 0);
  REQUIRE(::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size()));
  ::lseek(fd, 0, SEEK_SET);
  ::unlink(path);
  SlowLogReader reader("test.log", fd, options);
  ReadResult r;
  EventBatch batch;
  while (reader.ReadBatch(batch)) {
    for (size_t i = 0; i < batch.size; ++i) {
      const Event& e = batch.events[i];
      OwnedEvent o{e.offset,
                   e.line,
                   std::string(e.time),
                   std::string(e.user),
                   std::string(e.host),
                   std::string(e.db),
                   std::string(e.thread_id),
                   std::string(e.query),
                   e.timestamp_us,
                   e.admin_command,
                   {}};
      for (const Attribute& a : e.attributes) o.attributes.emplace_back(a.key, a.value);
      r.events.push_back(std::move(o));
    }
  }
  ::close(fd);
  r.issues = reader.issues();
  r.skipped = reader.skipped_events();
  r.status = reader.status();
  return r;
}

std::string Attr(const OwnedEvent& e, const std::string& key) {
  for (const auto& [k, v] : e.attributes) {
    if (k == key) return v;
  }
  return "<absent>";
}

TEST_CASE("MySQL 5.7/8.0 events: ISO time, User@Host with Id, use and SET timestamp") {
  const std::string log =
      "/usr/sbin/mysqld, Version: 8.0.36 (MySQL Community Server - GPL). started with:\n"
      "Tcp port: 3306  Unix socket: /var/run/mysqld/mysqld.sock\n"
      "Time                 Id Command    Argument\n"
      "# Time: 2024-05-01T10:00:00.123456Z\n"
      "# User@Host: app[app] @ web1.internal [10.0.0.7]  Id:    42\n"
      "# Query_time: 1.500000  Lock_time: 0.000100 Rows_sent: 1  Rows_examined: 1000\n"
      "use shop;\n"
      "SET timestamp=1714557600;\n"
      "SELECT *\n  FROM orders\n WHERE id = 7;\n"
      "# Time: 2024-05-01T10:00:01.000000+02:00\n"
      "# User@Host: app[app] @  [10.0.0.8]  Id:    43\n"
      "# Query_time: 0.000200  Lock_time: 0.000000 Rows_sent: 0  Rows_examined: 0\n"
      "SET timestamp=1714557601;\n"
      "# administrator command: Quit;\n";
  const ReadResult r = ReadText(log);
  REQUIRE(r.events.size() == 2);
  CHECK(r.issues.empty());
  const OwnedEvent& a = r.events[0];
  CHECK(a.line == 4);
  CHECK(a.offset == log.find("# Time: 2024"));
  CHECK(a.user == "app");
  CHECK(a.host == "web1.internal");
  CHECK(a.thread_id == "42");
  CHECK(a.db == "shop");
  CHECK(a.query == "SELECT *\n  FROM orders\n WHERE id = 7");
  CHECK(Attr(a, "Query_time") == "1.500000");
  CHECK(Attr(a, "Rows_examined") == "1000");
  // 2024-05-01T10:00:00Z is 1714557600 s after the epoch.
  CHECK(a.timestamp_us == 1714557600LL * 1000000 + 123456);
  const OwnedEvent& b = r.events[1];
  CHECK(b.admin);
  CHECK(b.query == "administrator command: Quit");
  CHECK(b.host == "10.0.0.8");
  CHECK(b.db == "shop");  // the database in force carries over, as the server logs it once
  CHECK(b.timestamp_us == (1714557601LL - 7200) * 1000000);
}

TEST_CASE("old MySQL: YYMMDD time printed only when the second changes, glued User@Host") {
  const std::string log =
      "# Time: 071218 11:48:27 # User@Host: [SQL_SLAVE] @  []\n"
      "# Thread_id: 10\n"
      "# Query_time: 0.000012  Lock_time: 0.000000  Rows_sent: 0  Rows_examined: 0\n"
      "BEGIN;\n"
      "# User@Host: root[root] @ localhost []\n"
      "# Query_time: 2  Lock_time: 0  Rows_sent: 1  Rows_examined: 0\n"
      "SELECT 1;\n"
      "# Time: 090127  1:23:34\n"
      "# Query_time: 1  Lock_time: 0  Rows_sent: 1  Rows_examined: 0\n"
      "SELECT 2;\n";
  const ReadResult r = ReadText(log);
  REQUIRE(r.events.size() == 3);
  CHECK(r.events[0].user == "SQL_SLAVE");
  CHECK(r.events[0].thread_id == "10");
  CHECK(r.events[0].time == "071218 11:48:27");
  CHECK(r.events[1].time == "071218 11:48:27");  // carried from the event before
  CHECK(r.events[1].timestamp_us == r.events[0].timestamp_us);
  CHECK(r.events[1].user == "root");
  CHECK(r.events[1].host == "localhost");
  CHECK(r.events[2].time == "090127  1:23:34");
  CHECK(r.events[2].timestamp_us == ParseSlowLogTime("2009-01-27T01:23:34Z"));
}

TEST_CASE("MariaDB: Thread_id/Schema/QC_hit, Rows_affected, explain lines, # separators") {
  const std::string log =
      "# Time: 240501 10:00:00\n"
      "# User@Host: app[app] @  [10.0.2.61]\n"
      "# Thread_id: 4295  Schema: billing  QC_hit: No\n"
      "# Query_time: 0.332261  Lock_time: 0.000198  Rows_sent: 3  Rows_examined: 200000\n"
      "# Rows_affected: 0  Bytes_sent: 180\n"
      "# Full_scan: Yes  Full_join: No  Tmp_table: No  Tmp_table_on_disk: No\n"
      "#\n"
      "# explain: id\tselect_type\ttable\ttype\n"
      "# explain: 1\tSIMPLE\torders\tALL\n"
      "#\n"
      "SET timestamp=1714557600;\n"
      "SELECT id FROM orders WHERE customer_code = 30715;\n";
  const ReadResult r = ReadText(log);
  REQUIRE(r.events.size() == 1);
  const OwnedEvent& e = r.events[0];
  CHECK(e.db == "billing");
  CHECK(e.thread_id == "4295");
  CHECK(Attr(e, "QC_hit") == "No");
  CHECK(Attr(e, "Rows_affected") == "0");
  CHECK(Attr(e, "Bytes_sent") == "180");
  CHECK(Attr(e, "Full_scan") == "Yes");
  CHECK(Attr(e, "explain") == "<absent>");
  CHECK(e.query == "SELECT id FROM orders WHERE customer_code = 30715");
}

TEST_CASE("Percona extended statistics and unknown attributes are kept") {
  const std::string log =
      "# User@Host: app[app] @ app35.internal [10.0.2.180]\n"
      "# Thread_id: 4695  Schema:   Last_errno: 0  Killed: 0\n"
      "# Query_time: 0.000319  Lock_time: 0.000191  Rows_sent: 0  Rows_examined: 0  Rows_affected: "
      "41\n"
      "# Bytes_sent: 11  Tmp_tables: 0  Tmp_disk_tables: 0  Tmp_table_sizes: 0\n"
      "# InnoDB_trx_id: 1A2B\n"
      "#   InnoDB_IO_r_ops: 0  InnoDB_IO_r_bytes: 0  InnoDB_IO_r_wait: 0.000000\n"
      "# My_new_counter: 17  Frobnicated: maybe\n"
      "UPDATE t SET a = 1;\n";
  const ReadResult r = ReadText(log);
  REQUIRE(r.events.size() == 1);
  const OwnedEvent& e = r.events[0];
  CHECK(Attr(e, "Schema").empty());
  CHECK(e.db.empty());
  CHECK(Attr(e, "Last_errno") == "0");
  CHECK(Attr(e, "InnoDB_IO_r_wait") == "0.000000");
  CHECK(Attr(e, "InnoDB_trx_id") == "1A2B");
  CHECK(Attr(e, "My_new_counter") == "17");
  CHECK(Attr(e, "Frobnicated") == "maybe");
}

TEST_CASE("header words split at every kind of blank, wherever they fall in a machine word") {
  // Words are found eight bytes at a time: blanks at each offset, tabs, CR, a control byte
  // inside a word (part of it), keys that are not keys (digits first, a dash inside).
  const std::string log =
      "# Query_time: 1.5\tLock_time: 0.25\x0b"
      "Rows_sent: 7\fRows_examined: 1234567890123\r\n"
      "# A: 1 Bb: 22  Ccc: 333   Dddddddd: x\x01y Eeeeeeeeeeeeeeeeeee: 12345678901234567\n"
      "# 9lives: no  has-dash: no  Empty: Next_key: v  Last:\n"
      "SELECT 1;\n";
  const ReadResult r = ReadText(log);
  REQUIRE(r.events.size() == 1);
  const OwnedEvent& e = r.events[0];
  CHECK(Attr(e, "Query_time") == "1.5");
  CHECK(Attr(e, "Lock_time") == "0.25");
  CHECK(Attr(e, "Rows_sent") == "7");
  CHECK(Attr(e, "Rows_examined") == "1234567890123");
  CHECK(Attr(e, "A") == "1");
  CHECK(Attr(e, "Bb") == "22");
  CHECK(Attr(e, "Ccc") == "333");
  CHECK(Attr(e, "Dddddddd") == "x\x01y");
  CHECK(Attr(e, "Eeeeeeeeeeeeeeeeeee") == "12345678901234567");
  CHECK(Attr(e, "Empty").empty());
  CHECK(Attr(e, "Next_key") == "v");
  CHECK(Attr(e, "Last").empty());
  std::vector<std::string> keys;
  for (const auto& [k, v] : e.attributes) keys.push_back(k);
  CHECK(keys == std::vector<std::string>{"Query_time", "Lock_time", "Rows_sent", "Rows_examined",
                                         "A", "Bb", "Ccc", "Dddddddd", "Eeeeeeeeeeeeeeeeeee",
                                         "Empty", "Next_key", "Last"});
}

TEST_CASE("events without Time or User lines start at Query_time") {
  const std::string log =
      "# Query_time: 1  Lock_time: 0  Rows_sent: 1  Rows_examined: 1\n"
      "SELECT 1;\n"
      "# Query_time: 2  Lock_time: 0  Rows_sent: 1  Rows_examined: 1\n"
      "use db2;\n"
      "INSERT INTO t VALUES (1);\n";
  const ReadResult r = ReadText(log);
  REQUIRE(r.events.size() == 2);
  CHECK(r.events[1].db == "db2");
  CHECK(r.events[1].query == "INSERT INTO t VALUES (1)");
  CHECK(r.events[1].timestamp_us == kNoTimestamp);
}

TEST_CASE("multi-line and multi-statement queries, and # comment lines inside a query") {
  const std::string log =
      "# Query_time: 1  Lock_time: 0  Rows_sent: 1  Rows_examined: 1\n"
      "SELECT a,\n"
      "# a comment line inside the query\n"
      "  b FROM t; SELECT 2;\n";
  const ReadResult r = ReadText(log);
  REQUIRE(r.events.size() == 1);
  CHECK(r.events[0].query == "SELECT a,\n# a comment line inside the query\n  b FROM t; SELECT 2");
}

TEST_CASE("the query is the body from its first line that is no context, its last line whatever") {
  const std::string head = "# Query_time: 1  Lock_time: 0  Rows_sent: 1  Rows_examined: 1\n";
  const ReadResult r = ReadText(
      // Context lines, then a query; blank lines (spaces, a CR) after it are not a line.
      head + "use shop;\nSET timestamp=1700000000;\nSELECT 1;\n  \n\r\n\n" +
      // A `use` line alone is the query, not context: nothing follows it.
      head + "use other;\n\n" +
      // The last line that is not blank is a comment: the query runs to it.
      head + "SET timestamp=1700000001;\nSELECT 2\n\n# trailing comment\n \n" +
      // A context line after a query line is part of the query.
      head + "SELECT 3;\nuse third;\n");
  REQUIRE(r.events.size() == 4);
  CHECK(r.events[0].query == "SELECT 1");
  CHECK(r.events[0].db == "shop");
  CHECK(r.events[0].timestamp_us == 1700000000'000000);
  CHECK(r.events[1].query == "use other");
  CHECK(r.events[1].db == "shop");
  CHECK(r.events[2].query == "SELECT 2\n\n# trailing comment");
  CHECK(r.events[2].timestamp_us == 1700000001'000000);
  CHECK(r.events[3].query == "SELECT 3;\nuse third");
  CHECK(r.events[3].db == "shop");
}

TEST_CASE("a restart banner ends the query before it instead of being glued onto it") {
  const std::string log =
      "# Query_time: 1  Lock_time: 0  Rows_sent: 1  Rows_examined: 1\n"
      "SELECT 1;\n"
      "D:\\MySQL\\bin\\mysqld, Version: 5.1.30-community-log (MySQL Community Server (GPL)). "
      "started with:\n"
      "TCP Port: 3306, Named Pipe: (null)\n"
      "Time\t\t    Id Command\tArgument\n"
      "# Query_time: 2  Lock_time: 0  Rows_sent: 1  Rows_examined: 1\n"
      "SELECT 2;\n";
  const ReadResult r = ReadText(log);
  REQUIRE(r.events.size() == 2);
  CHECK(r.events[0].query == "SELECT 1");
  CHECK(r.events[1].query == "SELECT 2");
  CHECK(r.issues.empty());
}

TEST_CASE("damage is reported with offset and line, and reading goes on") {
  const std::string log =
      "this is not a slow log line\n"
      "nor is this\n"
      "# Time: 240501 10:00:00\n"
      "# User@Host: a[a] @ h []\n"
      "# Query_time: 1  Lock_time: 0  Rows_sent: 1  Rows_examined: 1\n"
      "# Time: 240501 10:00:01\n"  // the event above has no query text
      "# User@Host: a[a] @ h []\n"
      "# Query_time: 3  Lock_time: 0  Rows_sent: 1  Rows_examined: 1\n"
      "SELECT 3;\n"
      "# Time: 240501 10:00:02\n"
      "# User@Host: a[a] @ h []\n";  // torn last event
  const ReadResult r = ReadText(log);
  REQUIRE(r.events.size() == 1);
  CHECK(r.events[0].query == "SELECT 3");
  REQUIRE(r.issues.size() == 3);
  CHECK(r.issues[0].offset == 0);
  CHECK(r.issues[0].line == 1);
  CHECK(r.issues[0].message.find("outside any event") != std::string::npos);
  CHECK(r.issues[1].line == 3);
  CHECK(r.issues[1].message.find("without query text") != std::string::npos);
  CHECK(r.issues[2].line == 10);
  CHECK(r.issues[2].offset == log.find("# Time: 240501 10:00:02"));
  CHECK(r.issues[2].message.find("torn last event") != std::string::npos);
  CHECK(r.skipped == 3);
}

TEST_CASE("binary junk, NUL bytes and invalid UTF-8 never stop the reader") {
  std::string log = "# Query_time: 1  Lock_time: 0  Rows_sent: 1  Rows_examined: 1\n";
  log += std::string("SELECT '\xff\xfe\0\x01' FROM t", 20) + ";\n";
  log += std::string("\0\0\0\x80\x81junk\n", 10);
  log += "# Query_time: 2  Lock_time: 0  Rows_sent: 1  Rows_examined: 1\nSELECT 2;\n";
  const ReadResult r = ReadText(log);
  REQUIRE(r.events.size() == 2);
  CHECK(r.events[0].query.size() > 10);
  CHECK(r.events[1].query == "SELECT 2");
}

TEST_CASE("an event larger than the cap is skipped and reported, the next one is read") {
  ReaderOptions options;
  options.chunk_bytes = 4096;
  options.max_event_bytes = 64 * 1024;
  std::string log = "# Query_time: 1  Lock_time: 0  Rows_sent: 1  Rows_examined: 1\nSELECT '";
  log += std::string(200 * 1024, 'x');
  log += "';\n# Query_time: 2  Lock_time: 0  Rows_sent: 1  Rows_examined: 1\nSELECT 2;\n";
  const ReadResult r = ReadText(log, options);
  REQUIRE(r.events.size() == 1);
  CHECK(r.events[0].query == "SELECT 2");
  CHECK(r.events[0].line == 3);
  REQUIRE_FALSE(r.issues.empty());
  CHECK(r.issues[0].offset == 0);
  CHECK(r.issues[0].message.find("larger than") != std::string::npos);
}

TEST_CASE("the cap holds for events between one and two times its size too") {
  ReaderOptions options;
  options.chunk_bytes = 4096;
  options.max_event_bytes = 64 * 1024;
  for (size_t size : {65 * 1024, 100 * 1024, 127 * 1024, 129 * 1024}) {
    std::string log = "# Query_time: 1  Lock_time: 0  Rows_sent: 1  Rows_examined: 1\nSELECT '";
    log += std::string(size, 'x');
    log += "';\n# Query_time: 2  Lock_time: 0  Rows_sent: 1  Rows_examined: 1\nSELECT 2;\n";
    INFO("size " << size);
    const ReadResult r = ReadText(log, options);
    REQUIRE(r.events.size() == 1);
    CHECK(r.events[0].query == "SELECT 2");
    CHECK(r.skipped == 1);
  }
  // Just under the cap is read.
  std::string log = "# Query_time: 1  Lock_time: 0  Rows_sent: 1  Rows_examined: 1\nSELECT '";
  log += std::string(60 * 1024, 'x') + "';\n";
  CHECK(ReadText(log, options).events.size() == 1);
}

TEST_CASE("a file that is not a slow log is refused, not read as events") {
  for (const std::string& text :
       {std::string("-- START SESSION 10\n\nuse foo\n\nSELECT col FROM foo_tbl\n"),
        std::string("# qadvisor\n\nA query advisor.\n\n## Time: later\n"),
        std::string("\x7f"
                    "ELF\x02\x01\x01\0\0\0\x1b[2J",
                    15)}) {
    const ReadResult r = ReadText(text);
    INFO(text);
    CHECK(r.events.empty());
    CHECK(r.issues.empty());
    REQUIRE_FALSE(r.status.ok());
    CHECK(r.status.message() ==
          "test.log: not a slow query log: no '# Time:', '# User@Host:' or '# Query_time:' line "
          "in its first 1 KiB");
  }
}

TEST_CASE("the slow-log check looks at the head only, and an empty file is an empty log") {
  CHECK(ReadText("").status.ok());
  // A header after 64 KiB of other text does not make a slow log.
  const std::string late = std::string(70 << 10, 'x') + "\n# Query_time: 1\nSELECT 1;\n";
  CHECK_FALSE(ReadText(late).status.ok());
  // A log that begins with a server's start banner is one.
  const ReadResult banner = ReadText(
      "/usr/sbin/mysqld, Version: 8.0.36 (MySQL). started with:\nTcp port: 3306  Unix socket: "
      "/run/mysqld.sock\nTime                 Id Command    Argument\n# Time: "
      "2024-05-01T10:00:00Z\n# Query_time: 1.5  Lock_time: 0 Rows_sent: 1  Rows_examined: 1\n"
      "SELECT 1;\n");
  CHECK(banner.status.ok());
  CHECK(banner.events.size() == 1);
}

TEST_CASE("text that is not a slow log gives no events and one issue per run of text") {
  // With the check off (what the fuzzer reads): the framing alone never invents an event.
  ReaderOptions options;
  options.require_slow_log = false;
  const ReadResult r =
      ReadText("-- START SESSION 10\n\nuse foo\n\nSELECT col FROM foo_tbl\n", options);
  CHECK(r.events.empty());
  REQUIRE(r.issues.size() == 1);
  CHECK(r.issues[0].line == 1);
}

TEST_CASE("events are the same whatever the chunk size: framing restarts at any boundary") {
  std::string log;
  for (int i = 0; i < 200; ++i) {
    if (i % 7 == 0) log += "# Time: 240501 10:00:" + std::to_string(10 + i % 50) + "\n";
    log += "# User@Host: u[u] @ h [10.0.0." + std::to_string(i % 9) + "]\n";
    log += "# Query_time: 0.00" + std::to_string(i % 10) +
           "  Lock_time: 0  Rows_sent: 1  Rows_examined: " + std::to_string(i) + "\n";
    if (i % 11 == 0) log += "use db" + std::to_string(i % 3) + ";\n";
    log += "SELECT *\nFROM t" + std::to_string(i % 5) + "\nWHERE id = " + std::to_string(i) + ";\n";
  }
  const ReadResult whole = ReadText(log);
  REQUIRE(whole.events.size() == 200);
  for (size_t chunk : {1, 7, 64, 333, 4096}) {
    ReaderOptions options;
    options.chunk_bytes = chunk;
    const ReadResult pieces = ReadText(log, options);
    INFO("chunk " << chunk);
    REQUIRE(pieces.events.size() == whole.events.size());
    for (size_t i = 0; i < whole.events.size(); ++i) {
      CHECK(pieces.events[i].offset == whole.events[i].offset);
      CHECK(pieces.events[i].line == whole.events[i].line);
      CHECK(pieces.events[i].query == whole.events[i].query);
      CHECK(pieces.events[i].db == whole.events[i].db);
      CHECK(pieces.events[i].timestamp_us == whole.events[i].timestamp_us);
      CHECK(pieces.events[i].attributes == whole.events[i].attributes);
    }
  }
}

TEST_CASE("ParseSlowLogTime reads every form of # Time and rejects garbage") {
  CHECK(ParseSlowLogTime("2018-02-05T02:46:43.015898Z") == 1517798803015898LL);
  CHECK(ParseSlowLogTime("180205  2:46:43") == 1517798803000000LL);
  CHECK(ParseSlowLogTime("180205 02:46:43.5") == 1517798803500000LL);
  CHECK(ParseSlowLogTime("2018-02-05T04:46:43+02:00") == 1517798803000000LL);
  CHECK(ParseSlowLogTime("margdl 11:48:27") == kNoTimestamp);
  CHECK(ParseSlowLogTime("") == kNoTimestamp);
  CHECK(ParseSlowLogTime("2018-13-05T02:46:43Z") == kNoTimestamp);
  // The old form's hour has one or two digits; a long run is refused, not summed (the fuzzer
  // found it overflowing an int).
  CHECK(ParseSlowLogTime("180205 123:46:43") == kNoTimestamp);
  CHECK(ParseSlowLogTime("180205 8888888888:46:43") == kNoTimestamp);
}

TEST_CASE("each event's time has the value ParseSlowLogTime gives it, whatever came before") {
  // The reader reuses the last time parsed when only the fraction's digits differ: these
  // follow each other so that every other byte, the digits' count, the zone and validity
  // change somewhere, and each value must still be what parsing the text alone gives.
  const std::vector<std::string> times = {"2024-05-01T10:00:00.123456Z",
                                          "2024-05-01T10:00:00.654321Z",
                                          "2024-05-01T10:00:01.000001Z",
                                          "2024-05-01T10:00:01.000001Z",
                                          "2024-05-01T10:00:01.5+02:00",
                                          "2024-05-01T10:00:01.7-02:00",
                                          "2024-05-01T10:00:01.7-03:00",
                                          "2024-05-01T10:00:01.75-03:00",
                                          "2024-05-01T10:00:01.1234567Z",
                                          "2024-05-01T10:00:01.1234568Z",
                                          "2024-05-01T10:00:01.9234568Z",
                                          "2024-05-01T11:00:01.9234568Z",
                                          "2024-13-01T10:00:00.1Z",
                                          "2024-13-01T10:00:00.2Z",
                                          "2024-05-01T10:00:00.2Z",
                                          "240501 10:00:00.5",
                                          "240501 10:00:00.6",
                                          "240501 10:00:00.66",
                                          "240501  9:00:00.66",
                                          "240501 10:00:00",
                                          "240501 10:00:01",
                                          "240501 10:00:01",
                                          "2024-05-01T10:00:00.Z",
                                          "2024-05-01T10:00:00.3Z",
                                          "2024-05-01 10:00:00.3Z",
                                          "2024-05-01 10:00:00.4Z",
                                          "2024-05-01 10:00:00.4x"};
  std::string log;
  for (const std::string& t : times) {
    log += "# Time: " + t +
           "\n# Query_time: 1  Lock_time: 0  Rows_sent: 0  Rows_examined: 0\nSELECT 1;\n";
  }
  const ReadResult r = ReadText(log);
  REQUIRE(r.events.size() == times.size());
  for (size_t i = 0; i < times.size(); ++i) {
    INFO(times[i]);
    CHECK(r.events[i].timestamp_us == ParseSlowLogTime(times[i]));
  }
  CHECK(r.events[1].timestamp_us - r.events[0].timestamp_us == 530865);
  CHECK(r.events[12].timestamp_us == kNoTimestamp);
  CHECK(r.events[13].timestamp_us == kNoTimestamp);
  CHECK(r.events[26].timestamp_us == kNoTimestamp);
}

TEST_CASE("SET timestamp dates an event only without a Time line, and the last that parses wins") {
  const std::string header = "# Query_time: 1  Lock_time: 0  Rows_sent: 0  Rows_examined: 0\n";
  const ReadResult r = ReadText(
      "# Time: 2024-05-01T10:00:00Z\n" + header + "SET timestamp=1700000000;\nSELECT 1;\n" +
      // No Time line from here on: each event is one of its own, not the last one's
      "# User@Host: a[a] @ h []\n" + header + "SET timestamp=1700000001.5;\nSELECT 2;\n" +
      "# User@Host: a[a] @ h []\n" + header +
      "SET timestamp=1700000002;\nSET timestamp=later;\nSELECT 3;\n" +
      "# User@Host: a[a] @ h []\n" + header + "SET timestamp=x;\nSELECT 4;\n");
  REQUIRE(r.events.size() == 4);
  CHECK(r.events[0].timestamp_us == ParseSlowLogTime("2024-05-01T10:00:00Z"));
  // The log's last `# Time:` is carried to events without one, as MySQL prints it once a second.
  CHECK(r.events[1].timestamp_us == ParseSlowLogTime("2024-05-01T10:00:00Z"));
  const ReadResult untimed =
      ReadText("# User@Host: a[a] @ h []\n" + header + "SET timestamp=1700000001.5;\nSELECT 2;\n" +
               "# User@Host: a[a] @ h []\n" + header +
               "SET timestamp=1700000002;\nSET timestamp=later;\nSELECT 3;\n" +
               "# User@Host: a[a] @ h []\n" + header + "SET timestamp=x;\nSELECT 4;\n");
  REQUIRE(untimed.events.size() == 3);
  CHECK(untimed.events[0].timestamp_us == 1700000001500000);
  CHECK(untimed.events[1].timestamp_us == 1700000002000000);
  CHECK(untimed.events[2].timestamp_us == kNoTimestamp);
  CHECK(untimed.events[2].query == "SELECT 4");
}

TEST_CASE("ParseMicros is exact and strict") {
  int64_t v = 0;
  CHECK(ParseMicros("0.000123", &v));
  CHECK(v == 123);
  CHECK(ParseMicros("12", &v));
  CHECK(v == 12000000);
  CHECK(ParseMicros("1.2345678", &v));  // finer than a microsecond is dropped
  CHECK(v == 1234567);
  CHECK(ParseMicros("-3.5", &v));
  CHECK(v == -3500000);
  CHECK_FALSE(ParseMicros("18446744073708.796870.000036", &v));
  CHECK_FALSE(ParseMicros("", &v));
  CHECK_FALSE(ParseMicros("Yes", &v));
  CHECK_FALSE(ParseMicros("99999999999999999999", &v));
  CHECK(ParseMicros("+.5", &v));
  CHECK(v == 500000);
  CHECK(ParseMicros("7.", &v));
  CHECK(v == 7000000);
  CHECK(ParseMicros("0000000000000000000000012", &v));  // leading zeros are no overflow
  CHECK(v == 12000000);
  CHECK_FALSE(ParseMicros(".", &v));
  CHECK_FALSE(ParseMicros("-", &v));
  CHECK_FALSE(ParseMicros("1e3", &v));
  CHECK_FALSE(ParseMicros("1 ", &v));
  // The edge of int64 millionths: the largest that fits is read exactly, one more is refused.
  CHECK(ParseMicros("9223372036854.775807", &v));
  CHECK(v == INT64_MAX);
  CHECK(ParseMicros("-9223372036854.775807", &v));
  CHECK(v == -INT64_MAX);
  CHECK_FALSE(ParseMicros("9223372036854.775808", &v));
  CHECK_FALSE(ParseMicros("9223372036855", &v));
  CHECK(ParseMicros("9223372036854.7758079", &v));  // the dropped digit cannot overflow
  CHECK(v == INT64_MAX);
}

}  // namespace
}  // namespace qadvisor::parser

namespace qadvisor::parser {
namespace {

TEST_CASE("blank lines between header lines are skipped, not read as header text") {
  const ReadResult r = ReadText(
      "# Time: 240501 10:00:00\n\n\n# Query_time: 1  Lock_time: 0  Rows_sent: 1  Rows_examined: 1\n"
      "\n   \nSELECT 1;\n");
  REQUIRE(r.events.size() == 1);
  CHECK(r.events[0].query == "SELECT 1");
  CHECK(Attr(r.events[0], "Query_time") == "1");
}

TEST_CASE("inputs the fuzzer once crashed on are read without a crash, at any chunk size") {
  namespace fs = std::filesystem;
  size_t files = 0;
  for (const auto& entry :
       fs::directory_iterator(fs::path(QADVISOR_SOURCE_DIR) / "tests/fuzz/regressions")) {
    std::ifstream in(entry.path(), std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    for (size_t chunk : {1, 13, 4096}) {
      ReaderOptions options;
      options.chunk_bytes = chunk;
      options.max_event_bytes = 1 << 14;
      ReadText(text, options);
    }
    ++files;
  }
  CHECK(files > 0);
}

}  // namespace
}  // namespace qadvisor::parser
