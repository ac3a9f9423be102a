// A connection to a MySQL or MariaDB server through MySQL Connector/C++ 1.1 — the only file
// pair of qadvisor that includes Connector/C++ headers (and catches its exceptions: each
// becomes a Status carrying the server's error number, SQLSTATE and message).
//
// Multi-statements are off on every connection, so a string is never more than one statement.
// Not thread-safe: one Session per thread.
#pragma once

#include <map>
#include <memory>
#include <optional>
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
  // TLS, as the mysql client names them: ssl-mode (DISABLED, PREFERRED, REQUIRED, VERIFY_CA,
  // VERIFY_IDENTITY), ssl-ca, ssl-capath, ssl-cert, ssl-key, ssl-cipher, ssl-crl, ssl-crlpath,
  // tls-version. Connect() rejects other keys and bad modes.
  std::map<std::string, std::string> tls;
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
  // Runs a query and reads every row without keeping it (timed runs); returns the row count.
  Result<uint64_t> Consume(std::string_view sql);
  // Runs an INSERT, REPLACE, UPDATE or DELETE; returns the rows it affected as the server
  // counts them (ROW_COUNT(): an UPDATE counts the rows it changed, not those it matched).
  Result<uint64_t> ExecuteUpdate(std::string_view sql);
  // The same as a server-side prepared statement: `sql` with `?` placeholders, bound in order
  // to `params` (std::nullopt binds NULL; a value is sent as a string and the server converts
  // it to the column's type). Values never become part of the statement text.
  Result<uint64_t> ExecuteUpdate(std::string_view sql,
                                 const std::vector<std::optional<std::string>>& params);
  // The server error number of the last failed call (0 after a success), and whether it means
  // the connection is gone (2006 server has gone away, 2013 lost connection, 2055): later calls
  // cannot succeed, so callers stop and say what is left undone.
  int last_error() const { return last_error_; }
  bool connection_lost() const {
    return last_error_ == 2006 || last_error_ == 2013 || last_error_ == 2055;
  }
  // The server's `SELECT VERSION()`, and whether it is MariaDB.
  const std::string& version() const { return version_; }
  bool mariadb() const { return version_.find("MariaDB") != std::string::npos; }

 private:
  explicit Session(std::unique_ptr<sql::Connection> connection);
  std::unique_ptr<sql::Connection> connection_;
  std::string version_;
  int last_error_ = 0;
};

// `text` as a SQL string literal, quotes and backslashes escaped — for the names qadvisor looks
// up (databases, tables); statements from a log are never rebuilt from pieces this way.
std::string SqlString(std::string_view text);

}  // namespace qadvisor::connectors
