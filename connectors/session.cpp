// The Connector/C++ session (see session.h).
#include "connectors/session.h"

#include <cppconn/connection.h>
#include <cppconn/exception.h>
#include <cppconn/resultset.h>
#include <cppconn/resultset_metadata.h>
#include <cppconn/statement.h>
#include <fmt/format.h>
#include <mysql_driver.h>

namespace qadvisor::connectors {
namespace {

// "1146 (42S02): Table 'shop.x' doesn't exist", as the mysql client prints it.
Status FromException(const sql::SQLException& e, std::string_view doing) {
  return Status(StatusCode::kIoError, fmt::format("{}: server error {} ({}): {}", doing,
                                                  e.getErrorCode(), e.getSQLState(), e.what()));
}

}  // namespace

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
    map["OPT_CONNECT_TIMEOUT"] = options.connect_timeout_seconds;
    map["OPT_READ_TIMEOUT"] = options.read_timeout_seconds;
    std::unique_ptr<sql::Connection> connection(driver->connect(map));
    auto session = std::unique_ptr<Session>(new Session(std::move(connection)));
    QADVISOR_ASSIGN_OR_RETURN(Rows rows, session->Query("SELECT VERSION()"));
    if (!rows.values.empty() && !rows.values[0].empty()) session->version_ = rows.values[0][0];
    return session;
  } catch (const sql::SQLException& e) {
    const std::string where =
        options.socket.empty() ? fmt::format("{}:{}", options.host, options.port) : options.socket;
    return FromException(e, fmt::format("connecting to {} as {}", where, options.user));
  }
}

Status Session::Execute(std::string_view sql) {
  try {
    std::unique_ptr<sql::Statement> statement(connection_->createStatement());
    statement->execute(sql::SQLString(std::string(sql)));
    return Status::Ok();
  } catch (const sql::SQLException& e) {
    return FromException(e, "running a statement");
  }
}

Result<Session::Rows> Session::Query(std::string_view sql) {
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
    return FromException(e, "running a query");
  }
}

}  // namespace qadvisor::connectors
