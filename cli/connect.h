// Where a command connects (`--dsn`, `--socket`, `--defaults-file`, `--user`, `--password`
// prompt) and how the pieces combine into connectors::ConnectOptions: the command line first,
// then the DSN, then the option file (--defaults-file, else ~/.my.cnf), then MYSQL_PWD, then
// an interactive prompt when --password was given without a value or a server asks for one
// on a terminal. The password is never echoed, logged or printed.
#pragma once

#include <string>

#include "base/status.h"
#include "connectors/session.h"

namespace CLI {
class App;
}

namespace qadvisor::cli {

struct ConnectArgs {
  std::string dsn;            // --dsn mysql://user@host:port/db?ssl-mode=…
  std::string socket;         // --socket PATH
  std::string defaults_file;  // --defaults-file FILE (instead of ~/.my.cnf)
  std::string user;           // --user NAME
  bool ask_password = false;  // --password / -p: prompt on the terminal
  bool given() const { return !dsn.empty() || !socket.empty(); }
};

// Adds --dsn, --socket, --defaults-file, --user and --password (-p) to a subcommand.
void AddConnectOptions(CLI::App& app, ConnectArgs& args);

// The options to connect with; errors name the source that was wrong (the DSN's column, the
// option file's line).
Result<connectors::ConnectOptions> ResolveConnection(const ConnectArgs& args);

}  // namespace qadvisor::cli
