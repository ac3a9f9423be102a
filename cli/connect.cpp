// Connection options from the command line, a DSN, option files, the environment and the
// terminal (see connect.h).
#include "cli/connect.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <set>

#include "base/ascii.h"
#include "cli/io.h"
#include "connectors/dsn.h"
#include "connectors/schema_import.h"
#include "connectors/verify.h"

namespace qadvisor::cli {
namespace {

// The TLS options a DSN may carry (the mysql client's names; Session::Connect maps them).
const std::set<std::string, std::less<>>& TlsKeys() {
  static const std::set<std::string, std::less<>> kKeys = {
      "ssl-mode",   "ssl-ca",  "ssl-capath",  "ssl-cert",   "ssl-key",
      "ssl-cipher", "ssl-crl", "ssl-crlpath", "tls-version"};
  return kKeys;
}

std::string Dashed(std::string key) {
  std::replace(key.begin(), key.end(), '_', '-');
  return key;
}

// An option file and the files it includes. What an included file says overrides the file
// that includes it: the client programs read an included file where its `!include` line is,
// and such lines usually come last (Debian's /etc/mysql/my.cnf ends with `!includedir`).
// A world-writable file is ignored with a warning, as the client programs ignore it.
Result<connectors::ConnectSpec> ReadOptionFile(const std::string& path, int depth) {
  if (depth > 10) return InvalidArgument(fmt::format("{}: !include nested too deeply", path));
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && (st.st_mode & S_IWOTH) != 0) {
    fmt::print(stderr, "qadvisor: warning: {}: world-writable option file ignored\n", path);
    return connectors::ConnectSpec{};
  }
  QADVISOR_ASSIGN_OR_RETURN(std::string text, ReadWholeFile(path));
  std::vector<std::string> includes;
  QADVISOR_ASSIGN_OR_RETURN(connectors::ConnectSpec spec,
                            connectors::ParseOptionFile(text, path, &includes));
  const std::filesystem::path base = std::filesystem::path(path).parent_path();
  for (const std::string& line : includes) {
    const bool dir = line.starts_with("!includedir");
    std::filesystem::path p(base::TrimSpace(std::string_view(line).substr(dir ? 11 : 8)));
    if (p.is_relative()) p = base / p;
    std::vector<std::string> files;
    if (dir) {
      std::error_code ec;
      for (const auto& entry : std::filesystem::directory_iterator(p, ec)) {
        if (entry.path().extension() == ".cnf") files.push_back(entry.path().string());
      }
      if (ec) return IoError(fmt::format("{}: {}: cannot list: {}", path, line, ec.message()));
      std::sort(files.begin(), files.end());
    } else {
      files.push_back(p.string());
    }
    for (const std::string& file : files) {
      Result<connectors::ConnectSpec> included = ReadOptionFile(file, depth + 1);
      if (!included.ok()) {
        return Status(included.status().code(),
                      fmt::format("{} (in {}: {})", included.status().message(), path, line));
      }
      connectors::ConnectSpec later = std::move(included).value();
      connectors::Merge(later, spec);
      spec = std::move(later);
    }
  }
  return spec;
}

// Restores the terminal when a signal ends the program while the password is typed, so that
// Ctrl-C never leaves the shell without echo.
volatile sig_atomic_t g_tty_fd = -1;
struct termios g_tty_saved;

void RestoreTerminal(int sig) {
  if (g_tty_fd >= 0) ::tcsetattr(g_tty_fd, TCSAFLUSH, &g_tty_saved);
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

// Asks for the password on the controlling terminal with echo off; the answer ends at the
// first newline. Never reads standard input: a password on a pipe belongs in MYSQL_PWD or an
// option file.
Result<std::string> PromptPassword(const std::string& who) {
  const int fd = ::open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) {
    return InvalidArgument(
        "--password: there is no terminal to ask for the password on; give it in MYSQL_PWD or "
        "an option file (--defaults-file) instead");
  }
  struct termios saved {};
  const bool tty = ::tcgetattr(fd, &saved) == 0;
  struct sigaction restore {
  }, old_int{}, old_term{}, old_hup{}, old_quit{};
  if (tty) {
    g_tty_saved = saved;
    g_tty_fd = fd;
    restore.sa_handler = RestoreTerminal;
    ::sigemptyset(&restore.sa_mask);
    ::sigaction(SIGINT, &restore, &old_int);
    ::sigaction(SIGTERM, &restore, &old_term);
    ::sigaction(SIGHUP, &restore, &old_hup);
    ::sigaction(SIGQUIT, &restore, &old_quit);
    struct termios quiet = saved;
    quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO);
    quiet.c_lflag |= ECHONL;  // the newline still shows, so the next output starts a line
    ::tcsetattr(fd, TCSAFLUSH, &quiet);
  }
  const std::string prompt = fmt::format("Enter password for {}: ", who);
  ssize_t written = ::write(fd, prompt.data(), prompt.size());
  (void)written;  // a prompt that cannot be shown still reads the answer
  std::string password;
  bool ended = false;
  char c;
  while (password.size() < 4096) {
    const ssize_t n = ::read(fd, &c, 1);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    if (c == '\n' || c == '\r') {
      ended = true;
      break;
    }
    password += c;
  }
  if (tty) {
    ::tcsetattr(fd, TCSAFLUSH, &saved);
    g_tty_fd = -1;
    ::sigaction(SIGINT, &old_int, nullptr);
    ::sigaction(SIGTERM, &old_term, nullptr);
    ::sigaction(SIGHUP, &old_hup, nullptr);
    ::sigaction(SIGQUIT, &old_quit, nullptr);
  }
  ::close(fd);
  if (!ended && password.empty()) {
    return InvalidArgument("--password: no password was typed (end of input on the terminal)");
  }
  return password;
}

}  // namespace

void AddConnectOptions(CLI::App& app, ConnectArgs& args) {
  const std::string group = "Connecting to a server";
  app.add_option("--dsn", args.dsn,
                 "Read the schema (and with --workload, the workload) from this server: "
                 "mysql://user[:password]@host[:port]/database[?socket=PATH&ssl-mode=…]")
      ->group(group);
  app.add_option("--socket", args.socket, "Connect through this Unix socket")->group(group);
  app.add_option("--defaults-file", args.defaults_file,
                 "Read [client] options (user, password, host, port, socket, database, ssl-*) "
                 "from FILE instead of ~/.my.cnf")
      ->group(group);
  app.add_option("--user", args.user, "The user to connect as (default: root)")->group(group);
  app.add_flag("-p,--password", args.ask_password,
               "Ask for the password on the terminal (else: the DSN, the option file, "
               "MYSQL_PWD)")
      ->group(group);
}

Result<connectors::ConnectOptions> ResolveConnection(const ConnectArgs& args) {
  // The command line first: --user and --socket.
  connectors::ConnectSpec spec;
  if (!args.user.empty()) spec.user = args.user;
  if (!args.socket.empty()) spec.socket = args.socket;
  // Then the DSN; its ?options are TLS settings (and socket=, which ParseDsn takes itself).
  if (!args.dsn.empty()) {
    QADVISOR_ASSIGN_OR_RETURN(connectors::ConnectSpec dsn, connectors::ParseDsn(args.dsn));
    std::map<std::string, std::string> tls;
    std::string unknown;
    for (const auto& [key, value] : dsn.options) {
      const std::string dashed = Dashed(key);
      if (TlsKeys().contains(dashed)) {
        tls[dashed] = value;
      } else {
        unknown += (unknown.empty() ? "" : ", ") + key;
      }
    }
    if (!unknown.empty()) {
      return InvalidArgument(fmt::format(
          "--dsn: unknown option(s) {} (known: socket, ssl-mode, ssl-ca, ssl-capath, ssl-cert, "
          "ssl-key, ssl-cipher, ssl-crl, ssl-crlpath, tls-version)",
          unknown));
    }
    dsn.options = std::move(tls);
    connectors::Merge(spec, dsn);
  }
  // Then the option file: --defaults-file, else ~/.my.cnf when there is one. Of its ssl-*
  // keys, those a DSN could carry are kept; the rest are other clients' business.
  std::string file = args.defaults_file;
  if (file.empty()) {
    const char* home = std::getenv("HOME");
    std::error_code ec;
    if (home != nullptr && *home != '\0' &&
        std::filesystem::is_regular_file(std::filesystem::path(home) / ".my.cnf", ec)) {
      file = (std::filesystem::path(home) / ".my.cnf").string();
    }
  }
  if (!file.empty()) {
    QADVISOR_ASSIGN_OR_RETURN(connectors::ConnectSpec from_file, ReadOptionFile(file, 0));
    std::map<std::string, std::string> tls;
    for (const auto& [key, value] : from_file.options) {
      if (TlsKeys().contains(Dashed(key))) tls[Dashed(key)] = value;
    }
    from_file.options = std::move(tls);
    connectors::Merge(spec, from_file);
  }
  // Then the environment.
  if (!spec.password) {
    if (const char* pwd = std::getenv("MYSQL_PWD"); pwd != nullptr) spec.password = pwd;
  }
  connectors::ConnectOptions options = connectors::ToOptions(spec);
  options.tls = spec.options;
  // -p: asked for, and the answer comes first (as `mysql -p` does).
  if (args.ask_password) {
    QADVISOR_ASSIGN_OR_RETURN(options.password, PromptPassword(connectors::Describe(options)));
  }
  return options;
}

std::string Server::name() const { return connectors::Describe(options); }

Result<Server> ConnectServer(const ConnectArgs& args) {
  Server server;
  QADVISOR_ASSIGN_OR_RETURN(server.options, ResolveConnection(args));
  // No default database on the session: what qadvisor runs is then told apart from the
  // application's statements in the server's own logs and summaries (the workload import
  // leaves out statements without one). The database is named in every statement instead.
  connectors::ConnectOptions without_database = server.options;
  without_database.database.clear();
  Result<std::unique_ptr<connectors::Session>> session =
      connectors::Session::Connect(without_database);
  if (!session.ok()) {
    return Status(session.status().code(),
                  fmt::format("server {}: {}", server.name(), session.status().message()));
  }
  server.session = std::move(session).value();
  return server;
}

void AdoptServerDefaults(Server& server, bool flavor_set, bool case_set,
                         analyzer::CatalogOptions& catalog) {
  if (!flavor_set) {
    catalog.flavor =
        server.session->mariadb() ? analyzer::Flavor::kMariaDB : analyzer::Flavor::kMySQL8;
  }
  if (!case_set) {
    Result<connectors::Session::Rows> rows =
        server.session->Query("SELECT @@GLOBAL.lower_case_table_names");
    if (rows.ok() && !rows->values.empty() && !rows->values[0].empty()) {
      const std::string& v = rows->values[0][0];
      if (v == "0" || v == "1" || v == "2") catalog.lower_case_table_names = v[0] - '0';
    }
  }
}

Status ImportServerSchema(Server& server, analyzer::Catalog& catalog) {
  connectors::ImportOptions options;
  if (!server.options.database.empty()) options.databases = {server.options.database};
  Result<connectors::ImportSummary> imported =
      connectors::ImportSchema(*server.session, catalog, options);
  if (!imported.ok()) {
    return Status(imported.status().code(),
                  fmt::format("server {}: reading the schema: {}", server.name(),
                              imported.status().message()));
  }
  // Said every time: the user should know their server still carries an index of ours, and
  // why the schema qadvisor reports differs from SHOW CREATE TABLE.
  for (const std::string& index : imported->ignored_indexes) {
    fmt::print(stderr,
               "qadvisor: note: server {}: index {} ignored: `qadvisor verify` creates indexes "
               "named {}… and an interrupted run left this one (`qadvisor verify --cleanup` "
               "drops it)\n",
               server.name(), index, connectors::kIndexPrefix);
  }
  return Status::Ok();
}

Result<std::optional<Server>> ConnectIfGiven(const ConnectArgs& args, bool flavor_set,
                                             bool case_set, analyzer::CatalogOptions& catalog) {
  if (!args.given()) return std::optional<Server>();
  QADVISOR_ASSIGN_OR_RETURN(Server server, ConnectServer(args));
  AdoptServerDefaults(server, flavor_set, case_set, catalog);
  return std::optional<Server>(std::move(server));
}

}  // namespace qadvisor::cli
