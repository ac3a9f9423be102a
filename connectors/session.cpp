// The Connector/C++ session (see session.h).
#include "connectors/session.h"

#include <cppconn/connection.h>
#include <cppconn/datatype.h>
#include <cppconn/exception.h>
#include <cppconn/prepared_statement.h>
#include <cppconn/resultset.h>
#include <cppconn/resultset_metadata.h>
#include <cppconn/statement.h>
#include <fmt/format.h>
#include <mysql_driver.h>

#include <algorithm>
#include <map>

namespace qadvisor::connectors {
namespace {

// "1146 (42S02): Table 'shop.x' doesn't exist", as the mysql client prints it.
Status FromException(const sql::SQLException& e, std::string_view doing) {
  return Status(StatusCode::kIoError, fmt::format("{}: server error {} ({}): {}", doing,
                                                  e.getErrorCode(), e.getSQLState(), e.what()));
}

// The TLS options onto Connector/C++ 1.1's connection properties; `required` says whether
// ssl-mode asks for an encrypted connection (REQUIRED, VERIFY_CA, VERIFY_IDENTITY).
Status AddTls(const std::map<std::string, std::string>& tls, sql::ConnectOptionsMap& map,
              bool& required) {
  static const std::map<std::string, std::string, std::less<>> kProperties = {
      {"ssl-ca", "sslCA"},           {"ssl-capath", "sslCAPath"},       {"ssl-cert", "sslCert"},
      {"ssl-key", "sslKey"},         {"ssl-cipher", "sslCipher"},       {"ssl-crl", "sslCRL"},
      {"ssl-crlpath", "sslCRLPath"}, {"tls-version", "OPT_TLS_VERSION"}};
  static const std::map<std::string, int, std::less<>> kModes = {
      {"DISABLED", sql::SSL_MODE_DISABLED},
      {"PREFERRED", sql::SSL_MODE_PREFERRED},
      {"REQUIRED", sql::SSL_MODE_REQUIRED},
      {"VERIFY_CA", sql::SSL_MODE_VERIFY_CA},
      {"VERIFY_IDENTITY", sql::SSL_MODE_VERIFY_IDENTITY}};
  for (const auto& [key, value] : tls) {
    if (key == "ssl-mode") {
      std::string mode = value;
      for (char& c : mode) c = c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
      const auto m = kModes.find(mode);
      if (m == kModes.end()) {
        return Status(StatusCode::kInvalidArgument,
                      fmt::format("ssl-mode={}: expected DISABLED, PREFERRED, REQUIRED, "
                                  "VERIFY_CA or VERIFY_IDENTITY",
                                  value));
      }
      map["OPT_SSL_MODE"] = m->second;
      required = m->second >= sql::SSL_MODE_REQUIRED;
      if (required) map["sslEnforce"] = true;
      if (m->second >= sql::SSL_MODE_VERIFY_CA) map["sslVerify"] = true;
      continue;
    }
    const auto p = kProperties.find(key);
    if (p == kProperties.end()) {
      return Status(StatusCode::kInvalidArgument,
                    fmt::format("{}: not a TLS option (ssl-mode, ssl-ca, ssl-capath, ssl-cert, "
                                "ssl-key, ssl-cipher, ssl-crl, ssl-crlpath, tls-version)",
                                key));
    }
    map[p->second] = sql::SQLString(value);
  }
  return Status::Ok();
}

}  // namespace

std::string SqlString(std::string_view text) {
  std::string out = "'";
  for (const char c : text) {
    if (c == '\'' || c == '\\') out += '\\';
    out += c;
  }
  return out + "'";
}

Session::Session(std::unique_ptr<sql::Connection> connection)
    : connection_(std::move(connection)) {}

Session::~Session() {
  try {
    if (connection_) connection_->close();
  } catch (const sql::SQLException&) {
    // closing a connection the server already dropped: nothing to do
  }
}

Result<std::unique_ptr<Session>> Session::Connect(const ConnectOptions& options) {
  try {
    sql::mysql::MySQL_Driver* driver = sql::mysql::get_mysql_driver_instance();
    sql::ConnectOptionsMap map;
    map["hostName"] = options.socket.empty()
                          ? sql::SQLString(fmt::format("tcp://{}:{}", options.host, options.port))
                          : sql::SQLString("unix://" + options.socket);
    map["userName"] = sql::SQLString(options.user);
    map["password"] = sql::SQLString(options.password);
    if (!options.database.empty()) map["schema"] = sql::SQLString(options.database);
    map["CLIENT_MULTI_STATEMENTS"] = false;
    // utf8mb4 on the wire: never a multi-byte charset (gbk, big5, sjis) whose second bytes
    // can be a backslash or a quote, which would let a crafted string end early.
    map["OPT_CHARSET_NAME"] = sql::SQLString("utf8mb4");
    map["OPT_CONNECT_TIMEOUT"] = options.connect_timeout_seconds;
    map["OPT_READ_TIMEOUT"] = options.read_timeout_seconds;
    bool require_tls = false;
    QADVISOR_RETURN_IF_ERROR(AddTls(options.tls, map, require_tls));
    std::unique_ptr<sql::Connection> connection(driver->connect(map));
    auto session = std::unique_ptr<Session>(new Session(std::move(connection)));
    QADVISOR_ASSIGN_OR_RETURN(Rows rows, session->Query("SELECT VERSION()"));
    // The client library may fall back to plain text when the server offers no TLS: a mode of
    // REQUIRED or stricter is checked here rather than trusted.
    if (require_tls) {
      QADVISOR_ASSIGN_OR_RETURN(Rows cipher,
                                session->Query("SHOW SESSION STATUS LIKE 'Ssl_cipher'"));
      if (cipher.values.empty() || cipher.values[0].size() < 2 || cipher.values[0][1].empty()) {
        return Status(
            StatusCode::kIoError,
            fmt::format("connecting to {}: ssl-mode={} but the connection is not "
                        "encrypted (the server offers no TLS)",
                        options.socket.empty() ? fmt::format("{}:{}", options.host, options.port)
                                               : options.socket,
                        options.tls.at("ssl-mode")));
      }
    }
    if (!rows.values.empty() && !rows.values[0].empty()) session->version_ = rows.values[0][0];
    return session;
  } catch (const sql::SQLException& e) {
    const std::string where =
        options.socket.empty() ? fmt::format("{}:{}", options.host, options.port) : options.socket;
    return FromException(e, fmt::format("connecting to {} as {}", where, options.user));
  }
}

Status Session::Execute(std::string_view sql) {
  last_error_ = 0;
  try {
    std::unique_ptr<sql::Statement> statement(connection_->createStatement());
    statement->execute(sql::SQLString(std::string(sql)));
    return Status::Ok();
  } catch (const sql::SQLException& e) {
    last_error_ = e.getErrorCode();
    return FromException(e, "running a statement");
  }
}

Result<uint64_t> Session::Consume(std::string_view sql) {
  last_error_ = 0;
  try {
    std::unique_ptr<sql::Statement> statement(connection_->createStatement());
    std::unique_ptr<sql::ResultSet> result(
        statement->executeQuery(sql::SQLString(std::string(sql))));
    uint64_t rows = 0;
    while (result->next()) ++rows;
    return rows;
  } catch (const sql::SQLException& e) {
    last_error_ = e.getErrorCode();
    return FromException(e, "running a query");
  }
}

Result<uint64_t> Session::ExecuteUpdate(std::string_view sql) {
  last_error_ = 0;
  try {
    std::unique_ptr<sql::Statement> statement(connection_->createStatement());
    const int rows = statement->executeUpdate(sql::SQLString(std::string(sql)));
    return static_cast<uint64_t>(std::max(rows, 0));
  } catch (const sql::SQLException& e) {
    last_error_ = e.getErrorCode();
    return FromException(e, "running a statement");
  }
}

Result<uint64_t> Session::ExecuteUpdate(std::string_view sql,
                                        const std::vector<std::optional<std::string>>& params) {
  last_error_ = 0;
  try {
    std::unique_ptr<sql::PreparedStatement> statement(
        connection_->prepareStatement(sql::SQLString(std::string(sql))));
    for (size_t i = 0; i < params.size(); ++i) {
      const auto index = static_cast<unsigned int>(i + 1);
      if (params[i]) {
        statement->setString(index, sql::SQLString(*params[i]));
      } else {
        statement->setNull(index, sql::DataType::VARCHAR);
      }
    }
    const int rows = statement->executeUpdate();
    return static_cast<uint64_t>(std::max(rows, 0));
  } catch (const sql::SQLException& e) {
    last_error_ = e.getErrorCode();
    return FromException(e, "running a prepared statement");
  }
}

Result<Session::Rows> Session::Query(std::string_view sql) {
  last_error_ = 0;
  try {
    std::unique_ptr<sql::Statement> statement(connection_->createStatement());
    std::unique_ptr<sql::ResultSet> result(
        statement->executeQuery(sql::SQLString(std::string(sql))));
    Rows rows;
    sql::ResultSetMetaData* meta = result->getMetaData();
    const unsigned int n = meta->getColumnCount();
    for (unsigned int i = 1; i <= n; ++i) rows.columns.push_back(meta->getColumnLabel(i));
    while (result->next()) {
      std::vector<std::string>& row = rows.values.emplace_back();
      for (unsigned int i = 1; i <= n; ++i) {
        row.push_back(result->isNull(i) ? std::string() : std::string(result->getString(i)));
      }
    }
    return rows;
  } catch (const sql::SQLException& e) {
    last_error_ = e.getErrorCode();
    return FromException(e, "running a query");
  }
}

}  // namespace qadvisor::connectors
