// A private MariaDB (or MySQL) server that qadvisor starts itself, for `verify --sandbox`: a
// fresh data directory under a temporary directory, the server on a Unix socket and on a free
// 127.0.0.1 port, root with an empty password. The C++ form of scripts/mariadb-sandbox.sh.
//
// Ownership and lifetime: a Sandbox owns its server process and its directory
// `<parent>/qadvisor-sandbox-XXXXXX`; Stop() (and the destructor) end the server and remove the
// directory unless `keep`. Only directories holding our marker file are ever removed.
//
// Processes: servers are started with fork+exec in their own process group, so a Ctrl-C on the
// terminal reaches qadvisor, not the server; qadvisor then calls StopSandboxesFromSignalHandler()
// or Stop(). Each server gets PR_SET_PDEATHSIG(SIGTERM), which fires when the *thread* that
// called Start() exits: call Start() from a thread that outlives the sandbox (the main thread).
// Start() and Stop() reap children with waitpid(), so SIGCHLD must not be set to SIG_IGN.
//
// Threads: a Sandbox is not thread-safe; StopSandboxesFromSignalHandler() may be called from any
// thread or signal handler.
#pragma once

#include <sys/types.h>

#include <memory>
#include <string>
#include <vector>

#include "base/status.h"
#include "connectors/session.h"

namespace qadvisor::connectors {

struct SandboxOptions {
  // The path (or a name looked up in PATH) of mariadbd or mysqld; empty: mariadbd, then mysqld,
  // in PATH, /usr/sbin, /usr/local/sbin, /usr/libexec.
  std::string server;
  std::string parent_dir;  // empty: $TMPDIR or /tmp
  std::string buffer_pool = "256M";
  int start_timeout_seconds = 60;  // the whole start, initialising the data directory included
  bool keep = false;               // leave the directory for debugging (no later run removes it)
  std::vector<std::string> extra_args;  // appended to the server's command line
};

class Sandbox {
 public:
  // Initialises a data directory, starts the server and waits until root can connect. On
  // failure nothing is left behind (no process, no directory unless `keep`), and the message
  // carries the tail of the server's error log.
  static Result<std::unique_ptr<Sandbox>> Start(const SandboxOptions& options);
  ~Sandbox();  // Stop()
  Sandbox(const Sandbox&) = delete;
  Sandbox& operator=(const Sandbox&) = delete;

  // SIGTERM to the server, up to 30 s for it to exit, then SIGKILL; then removes the directory
  // unless `keep` (then only its marker, so that no later run takes it for a crashed run's).
  // Idempotent; fine when the server already died.
  Status Stop();

  // Root over the socket, empty password (port and host are set too, for TCP).
  ConnectOptions connect_options() const;
  const std::string& dir() const { return dir_; }
  pid_t pid() const { return pid_; }  // the server's; 0 after Stop()
  int port() const { return port_; }
  // The server's version as its --version prints it ("10.11.6-MariaDB-0+deb12u1").
  const std::string& version() const { return version_; }
  bool mariadb() const { return mariadb_; }
  // The last lines of the server's error log (or of its stderr when the log is empty), for
  // error messages.
  std::string ErrorLogTail(size_t lines = 20) const;

  // Removes `qadvisor-sandbox-*` directories under parent_dir (empty: $TMPDIR or /tmp) that
  // hold our marker and whose qadvisor and server processes are both gone — left by a crashed
  // run. Appends the removed paths to `removed` when it is not null.
  static Status RemoveStale(const std::string& parent_dir, std::vector<std::string>* removed);

 private:
  Sandbox() = default;
  std::string dir_;
  pid_t pid_ = 0;
  int port_ = 0;
  std::string version_;
  bool mariadb_ = false;
  bool keep_ = false;
};

// Async-signal-safe: sends SIGTERM to every running sandbox server of this process, and to a
// mariadb-install-db that Start() is running (registered by Start, forgotten when they exit).
// A Start() under way then fails; call Stop() on started sandboxes to wait and clean up.
void StopSandboxesFromSignalHandler();

}  // namespace qadvisor::connectors
