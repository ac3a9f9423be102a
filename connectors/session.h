// A connection to a MySQL or MariaDB server through MySQL Connector/C++ 1.1 — the only file
// pair of qadvisor that includes Connector/C++ headers (and catches its exceptions: each
// becomes a Status carrying the server's error number, SQLSTATE and message).
//
// Multi-statements are off on every connection, so a string is never more than one statement.
// Not thread-safe: one Session per thread.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"

namespace sql {
class Connection;
}

namespace qadvisor::connectors {

struct ConnectOptions {
  std::string socket;  // a Unix socket path; when empty, TCP to host:port
  std::string host = "127.0.0.1";
  int port = 3306;
  std::string user = "root";
  std::string password;  // never printed, logged or put in a report
  std::string database;  // may be empty
  int connect_timeout_seconds = 10;
  int read_timeout_seconds = 600;  // a query that hangs ends the run with an error, not a hang
};

class Session {
 public:
  static Result<std::unique_ptr<Session>> Connect(const ConnectOptions& options);
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // A statement with no result set (SET, CREATE, ALTER, …).
  Status Execute(std::string_view sql);
  // A statement's rows, every value as text (NULL as an empty string; `nulls` marks them).
  struct Rows {
    std::vector<std::string> columns;
    std::vector<std::vector<std::string>> values;
  };
  Result<Rows> Query(std::string_view sql);
  // The server's `SELECT VERSION()`, and whether it is MariaDB.
  const std::string& version() const { return version_; }
  bool mariadb() const { return version_.find("MariaDB") != std::string::npos; }

 private:
  explicit Session(std::unique_ptr<sql::Connection> connection);
  std::unique_ptr<sql::Connection> connection_;
  std::string version_;
};

}  // namespace qadvisor::connectors
