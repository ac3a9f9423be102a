// Where and how to connect: `--dsn mysql://user[:password]@host[:port]/database?options`, or a
// socket, with the password from the DSN, an option file's client groups (~/.my.cnf,
// --defaults-file), or MYSQL_PWD — never printed: Describe() leaves it out.
//
// Pure: parsing and merging only; reading files and the environment is the caller's.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"
#include "connectors/session.h"

namespace qadvisor::connectors {

// What a DSN or an option file said; unset fields are left to the next source.
struct ConnectSpec {
  std::optional<std::string> user, password, host, socket, database;
  std::optional<int> port;
  std::map<std::string, std::string> options;  // ?ssl-mode=REQUIRED&ssl-ca=… (TLS, passed through)
};

// mysql://user:pass@host:3306/db?ssl-mode=REQUIRED — user and password percent-decoded; a host
// of the form `unix(/path/to.sock)` or `?socket=/path` names a socket. Errors name the column.
Result<ConnectSpec> ParseDsn(std::string_view dsn);

// The [client] (and [mysql], [client-mariadb], [mariadb-client]) groups of an option file, as
// the client programs read them: `key = value`, quotes removed, `#` / `;` comments; keys user,
// password, host, port, socket, database. `!include` lines are returned in `includes` for the
// caller to read in turn.
Result<ConnectSpec> ParseOptionFile(std::string_view text, std::string_view file,
                                    std::vector<std::string>* includes = nullptr);

// Fills the fields `into` does not have from `from` (so the first source given wins).
void Merge(ConnectSpec& into, const ConnectSpec& from);

// The options to connect with: defaults where nothing was said (root@127.0.0.1:3306).
ConnectOptions ToOptions(const ConnectSpec& spec);

// "root@127.0.0.1:3306/shop" or "root@/run/mysqld/mysqld.sock": no password, ever.
std::string Describe(const ConnectOptions& options);

}  // namespace qadvisor::connectors
