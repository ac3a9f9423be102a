// Where a command connects (`--dsn`, `--socket`, `--defaults-file`, `--user`, `--password`
// prompt) and how the pieces combine into connectors::ConnectOptions: the command line first,
// then the DSN, then the option file (--defaults-file, else ~/.my.cnf), then MYSQL_PWD. With
// --password (-p) the password is asked for on the terminal (/dev/tty, echo off) and that
// answer comes first, as `mysql -p` does; without it nothing ever prompts, so a run in CI
// never waits for a keyboard. The password is never echoed, logged or printed: messages name
// a server by connectors::Describe(), which leaves it out. See docs/cli.md, "Connecting to a
// server".
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "analyzer/catalog.h"
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
  // Whether to connect at all: a DSN, a socket or an option file named on the command line
  // (~/.my.cnf alone does not make a command connect).
  bool given() const { return !dsn.empty() || !socket.empty() || !defaults_file.empty(); }
};

// Adds --dsn, --socket, --defaults-file, --user and --password (-p) to a subcommand.
void AddConnectOptions(CLI::App& app, ConnectArgs& args);

// The options to connect with; errors name the source that was wrong (the DSN's column, the
// option file's line).
Result<connectors::ConnectOptions> ResolveConnection(const ConnectArgs& args);

// An open connection and what it was opened with.
struct Server {
  connectors::ConnectOptions options;
  std::unique_ptr<connectors::Session> session;
  // "root@127.0.0.1:3306/shop": for messages (no password).
  std::string name() const;
};

// ResolveConnection, then connect. The session has no default database (options.database
// says which one to read): the statements qadvisor runs are then not counted in the server's
// workload under the application's database. Errors name the server, never the password.
Result<Server> ConnectServer(const ConnectArgs& args);

// The server's flavor (MariaDB or MySQL) and lower_case_table_names into `catalog`, for what
// the command line and configuration left unsaid.
void AdoptServerDefaults(Server& server, bool flavor_set, bool case_set,
                         analyzer::CatalogOptions& catalog);

// The server's schema and statistics into `catalog`: the database the connection names, else
// every database but the system ones. Errors name the server.
Status ImportServerSchema(Server& server, analyzer::Catalog& catalog);

// For the commands that read a schema: connects when `args.given()` (else no server) and
// adopts the server's defaults into `catalog` (AdoptServerDefaults).
Result<std::optional<Server>> ConnectIfGiven(const ConnectArgs& args, bool flavor_set,
                                             bool case_set, analyzer::CatalogOptions& catalog);

}  // namespace qadvisor::cli
