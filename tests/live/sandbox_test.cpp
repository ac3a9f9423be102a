// The sandbox server (connectors/sandbox.h): each test starts its own private MariaDB through
// Sandbox, independent of the server tests/live/run.sh started, in a parent directory of its own
// so "nothing is left behind" can be checked by listing it.
#include "connectors/sandbox.h"

#include <fmt/format.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "connectors/session.h"

namespace {

namespace fs = std::filesystem;
using namespace qadvisor;

// A fresh directory for one test's sandboxes, removed with everything in it at the end.
class ParentDir {
 public:
  ParentDir() {
    std::string path = (fs::temp_directory_path() / "qadvisor-sbtest-XXXXXX").string();
    REQUIRE(mkdtemp(path.data()) != nullptr);
    path_ = path;
  }
  ~ParentDir() { fs::remove_all(path_); }
  const std::string& path() const { return path_; }
  bool empty() const { return fs::is_empty(path_); }

 private:
  std::string path_;
};

connectors::SandboxOptions Options(const ParentDir& parent) {
  connectors::SandboxOptions options;
  options.parent_dir = parent.path();
  options.buffer_pool = "64M";
  return options;
}

bool Gone(pid_t pid) { return kill(pid, 0) != 0 && errno == ESRCH; }

// Whether our child `pid` has exited, without reaping it (Stop() does that).
bool Exited(pid_t pid) {
  siginfo_t info{};
  return waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
         info.si_pid == pid;
}

// A pid that no process has: a child that exited and was reaped.
pid_t DeadPid() {
  const pid_t pid = fork();
  if (pid == 0) _exit(0);
  REQUIRE(pid > 0);
  REQUIRE(waitpid(pid, nullptr, 0) == pid);
  return pid;
}

void WriteFile(const fs::path& path, const std::string& text) {
  std::ofstream out(path);
  out << text;
  REQUIRE(out.good());
}

}  // namespace

TEST_CASE("sandbox: start, load rows, stop and remove", "[live][sandbox]") {
  ParentDir parent;
  auto started = connectors::Sandbox::Start(Options(parent));
  REQUIRE(started.ok());
  connectors::Sandbox& box = **started;
  CHECK(box.mariadb());
  CHECK(box.version().find("MariaDB") != std::string::npos);
  CHECK(fs::path(box.dir()).parent_path() == parent.path());
  CHECK(fs::path(box.dir()).filename().string().starts_with("qadvisor-sandbox-"));
  CHECK(box.pid() > 0);
  CHECK(box.port() > 0);
  {
    auto opened = connectors::Session::Connect(box.connect_options());
    REQUIRE(opened.ok());
    connectors::Session& s = **opened;
    REQUIRE(s.Execute("CREATE DATABASE sbx").ok());
    REQUIRE(s.Execute("CREATE TABLE sbx.t (id INT PRIMARY KEY, v VARCHAR(20))").ok());
    const Status inserted =
        s.Execute("INSERT INTO sbx.t SELECT seq, CONCAT('v', seq) FROM sbx.seq_1_to_1000");
    INFO(inserted.message());
    REQUIRE(inserted.ok());
    auto rows = s.Query("SELECT COUNT(*), MAX(v) FROM sbx.t");
    REQUIRE(rows.ok());
    CHECK(rows->values == std::vector<std::vector<std::string>>{{"1000", "v999"}});
    // UTC, as the generated TIMESTAMP values are written, not the machine's SYSTEM zone.
    auto zone = s.Query("SELECT @@time_zone");
    REQUIRE(zone.ok());
    CHECK(zone->values == std::vector<std::vector<std::string>>{{"+00:00"}});
  }
  {
    // TCP on loopback works too.
    connectors::ConnectOptions tcp = box.connect_options();
    tcp.socket.clear();
    auto opened = connectors::Session::Connect(tcp);
    REQUIRE(opened.ok());
    CHECK((*opened)->Query("SELECT 1").ok());
  }
  const pid_t pid = box.pid();
  const std::string dir = box.dir();
  REQUIRE(box.Stop().ok());
  CHECK(Gone(pid));
  CHECK(box.pid() == 0);
  CHECK_FALSE(fs::exists(dir));
  CHECK(box.Stop().ok());  // idempotent
  CHECK(parent.empty());
}

TEST_CASE("sandbox: another server's temporary tables in the shared tmpdir are left alone",
          "[live][sandbox]") {
  // A starting MariaDB (mariadb-install-db included) deletes every `#sql*` file in its tmpdir:
  // with the machine's TMPDIR that would be the live temporary tables of the user's own server.
  const fs::path shared = fs::temp_directory_path() / fmt::format("#sql-qadvisor-{}.MAI", getpid());
  WriteFile(shared, "another server's temporary table");
  ParentDir parent;
  auto started = connectors::Sandbox::Start(Options(parent));
  REQUIRE(started.ok());
  CHECK(fs::exists(shared));
  CHECK(fs::is_directory(fs::path((*started)->dir()) / "tmp"));
  REQUIRE((*started)->Stop().ok());
  CHECK(fs::exists(shared));
  fs::remove(shared);
}

TEST_CASE("sandbox: a bad server path is a clear error and leaves nothing", "[live][sandbox]") {
  ParentDir parent;
  connectors::SandboxOptions options = Options(parent);
  options.server = "/nonexistent/mariadbd";
  auto started = connectors::Sandbox::Start(options);
  REQUIRE_FALSE(started.ok());
  CHECK(started.status().code() == StatusCode::kNotFound);
  CHECK(started.status().message().find("/nonexistent/mariadbd") != std::string::npos);
  CHECK(parent.empty());

  options.server = "no-such-server-binary";  // a name looked up in PATH
  started = connectors::Sandbox::Start(options);
  REQUIRE_FALSE(started.ok());
  CHECK(started.status().message().find("no-such-server-binary") != std::string::npos);
  CHECK(parent.empty());
}

TEST_CASE("sandbox: a socket path that is too long asks for a shorter TMPDIR", "[live][sandbox]") {
  connectors::SandboxOptions options;
  options.parent_dir = "/tmp/" + std::string(100, 'd');  // never created
  auto started = connectors::Sandbox::Start(options);
  REQUIRE_FALSE(started.ok());
  CHECK(started.status().code() == StatusCode::kInvalidArgument);
  CHECK(started.status().message().find("TMPDIR") != std::string::npos);
  CHECK_FALSE(fs::exists(options.parent_dir));
}

TEST_CASE("sandbox: a server that dies at start reports its log and leaves nothing",
          "[live][sandbox]") {
  ParentDir parent;
  connectors::SandboxOptions options = Options(parent);
  options.extra_args = {"--qadvisor-no-such-option"};
  auto started = connectors::Sandbox::Start(options);
  REQUIRE_FALSE(started.ok());
  INFO(started.status().message());
  CHECK(started.status().message().find("qadvisor-no-such-option") != std::string::npos);
  CHECK(started.status().message().find("stopped at start") != std::string::npos);
  CHECK(parent.empty());
}

TEST_CASE("sandbox: a server killed behind our back, then Stop()", "[live][sandbox]") {
  ParentDir parent;
  auto started = connectors::Sandbox::Start(Options(parent));
  REQUIRE(started.ok());
  connectors::Sandbox& box = **started;
  const pid_t pid = box.pid();
  const std::string dir = box.dir();
  REQUIRE(kill(pid, SIGKILL) == 0);
  REQUIRE(box.Stop().ok());
  CHECK(Gone(pid));
  CHECK_FALSE(fs::exists(dir));
  CHECK(parent.empty());
}

TEST_CASE("sandbox: StopSandboxesFromSignalHandler ends the server, keep leaves the directory",
          "[live][sandbox]") {
  ParentDir parent;
  connectors::SandboxOptions options = Options(parent);
  options.keep = true;
  auto started = connectors::Sandbox::Start(options);
  REQUIRE(started.ok());
  const pid_t pid = (*started)->pid();
  const std::string dir = (*started)->dir();
  connectors::StopSandboxesFromSignalHandler();
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (!Exited(pid) && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  CHECK(Exited(pid));
  started = Status(StatusCode::kInternal, "destroyed");  // the destructor calls Stop()
  CHECK(Gone(pid));
  CHECK(fs::exists(fs::path(dir) / "error.log"));  // kept for debugging
  // …and a later run does not take it for a crashed run's and remove it.
  std::vector<std::string> removed;
  REQUIRE(connectors::Sandbox::RemoveStale(parent.path(), &removed).ok());
  CHECK(removed.empty());
  CHECK(fs::exists(fs::path(dir) / "error.log"));
}

TEST_CASE("sandbox: RemoveStale removes only our dead sandboxes", "[live][sandbox]") {
  ParentDir parent;
  const fs::path root = parent.path();
  const pid_t dead = DeadPid();
  // Left by a crashed run: marker and pid file name dead processes.
  fs::create_directories(root / "qadvisor-sandbox-stale1" / "data");
  WriteFile(root / "qadvisor-sandbox-stale1" / ".qadvisor-sandbox", std::to_string(dead) + "\n");
  WriteFile(root / "qadvisor-sandbox-stale1" / "mysqld.pid", std::to_string(dead) + "\n");
  // Not ours: no marker.
  fs::create_directories(root / "qadvisor-sandbox-nomark");
  WriteFile(root / "qadvisor-sandbox-nomark" / "mysqld.pid", std::to_string(dead) + "\n");
  // Still in use: its qadvisor (we) is alive, its server not started yet.
  fs::create_directories(root / "qadvisor-sandbox-inuse");
  WriteFile(root / "qadvisor-sandbox-inuse" / ".qadvisor-sandbox", std::to_string(getpid()));
  // Not a sandbox name at all.
  fs::create_directories(root / "other");
  WriteFile(root / "other" / ".qadvisor-sandbox", std::to_string(dead));

  std::vector<std::string> removed;
  REQUIRE(connectors::Sandbox::RemoveStale(parent.path(), &removed).ok());
  CHECK(removed == std::vector<std::string>{(root / "qadvisor-sandbox-stale1").string()});
  CHECK_FALSE(fs::exists(root / "qadvisor-sandbox-stale1"));
  CHECK(fs::exists(root / "qadvisor-sandbox-nomark"));
  CHECK(fs::exists(root / "qadvisor-sandbox-inuse"));
  CHECK(fs::exists(root / "other"));

  CHECK_FALSE(connectors::Sandbox::RemoveStale(parent.path() + "/missing", nullptr).ok());
}
