// The sandbox server (see sandbox.h): find the binaries, make the directory, initialise the data
// directory, start the server and wait until root connects; stop it and clean up. The recipe is
// scripts/mariadb-sandbox.sh's, which is tested on Debian 12's MariaDB 10.11.
//
// Directory layout: .qadvisor-sandbox (marker, holding the pid of the qadvisor that made it),
// data/, mysqld.sock, mysqld.pid, error.log, server.log (the server's stdout and stderr),
// install.log, version.txt.
#include "connectors/sandbox.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <netinet/in.h>
#include <pwd.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>
#include <thread>

namespace qadvisor::connectors {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr char kPrefix[] = "qadvisor-sandbox-";
constexpr char kMarker[] = ".qadvisor-sandbox";

// The process groups StopSandboxesFromSignalHandler() signals (servers, and mariadb-install-db
// with its children while it runs), in a fixed array a signal handler can read (0: a free slot).
// Each child leads its own group, so its pid names the group. A sandbox beyond the 16th still
// works; it is only not signalled.
std::atomic<pid_t> g_servers[16];
static_assert(std::atomic<pid_t>::is_always_lock_free);

// Replaces the first slot holding `from` by `to`.
void SwapSlot(pid_t from, pid_t to) {
  for (std::atomic<pid_t>& slot : g_servers) {
    pid_t expected = from;
    if (slot.compare_exchange_strong(expected, to)) return;
  }
}
void Register(pid_t pid) { SwapSlot(0, pid); }
void Unregister(pid_t pid) { SwapSlot(pid, 0); }

std::string ErrnoText(int e) { return std::generic_category().message(e); }

std::string DefaultParent() {
  const char* tmp = std::getenv("TMPDIR");
  return tmp != nullptr && *tmp != '\0' ? tmp : "/tmp";
}

// kill(pid, 0) succeeds for a live process, and fails with EPERM for another user's.
bool Alive(pid_t pid) { return pid > 0 && (kill(pid, 0) == 0 || errno == EPERM); }

// The pid a file holds; -1 when the file is missing, 0 when it holds no number.
pid_t ReadPid(const fs::path& path) {
  std::ifstream in(path);
  if (!in) return -1;
  long pid = 0;
  return in >> pid ? static_cast<pid_t>(pid) : 0;
}

// PATH's directories followed by `more`.
std::vector<std::string> SearchDirs(std::vector<std::string> more) {
  std::vector<std::string> dirs;
  const char* path = std::getenv("PATH");
  std::stringstream in(path != nullptr ? path : "");
  for (std::string dir; std::getline(in, dir, ':');) {
    if (!dir.empty()) dirs.push_back(dir);
  }
  dirs.insert(dirs.end(), more.begin(), more.end());
  return dirs;
}

// `name` itself when it holds a '/', else the first executable `dir/name`; empty if none.
std::string FindExecutable(const std::string& name, const std::vector<std::string>& dirs) {
  if (name.find('/') != std::string::npos) return access(name.c_str(), X_OK) == 0 ? name : "";
  for (const std::string& dir : dirs) {
    const std::string path = dir + "/" + name;
    if (access(path.c_str(), X_OK) == 0) return path;
  }
  return "";
}

// The last `lines` lines of a file (of its last 64 KiB), without the final newline.
std::string Tail(const fs::path& path, size_t lines) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) return "";
  const std::streamoff size = in.tellg();
  const std::streamoff start = size > 65536 ? size - 65536 : 0;
  std::string text(static_cast<size_t>(size - start), '\0');
  in.seekg(start);
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  while (!text.empty() && text.back() == '\n') text.pop_back();
  size_t from = text.size();
  for (size_t n = 0; n < lines && from != std::string::npos && from > 0; ++n) {
    from = text.rfind('\n', from - 1);
  }
  return from == std::string::npos || from == 0 ? text : text.substr(from + 1);
}

std::string UserName() {
  passwd entry{};
  passwd* found = nullptr;
  char buffer[4096];
  if (getpwuid_r(geteuid(), &entry, buffer, sizeof buffer, &found) != 0 || found == nullptr) {
    return std::to_string(geteuid());
  }
  return entry.pw_name;
}

std::string DescribeExit(int status) {
  if (WIFSIGNALED(status)) return fmt::format("killed by signal {}", WTERMSIG(status));
  return fmt::format("exit code {}", WEXITSTATUS(status));
}

// Starts args[0] (no shell) with stdout and stderr to `output`, in its own process group (a
// Ctrl-C on the terminal does not reach it), and SIGTERMed when our thread dies.
Result<pid_t> Spawn(const std::vector<std::string>& args, const std::string& output) {
  std::vector<char*> argv;
  for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  const int out = open(output.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (out < 0) {
    return IoError(fmt::format("sandbox: cannot create {}: {}", output, ErrnoText(errno)));
  }
  int report[2];  // the child writes exec's errno here; a successful exec closes it unwritten
  if (pipe2(report, O_CLOEXEC) != 0) {
    close(out);
    return IoError(fmt::format("sandbox: pipe: {}", ErrnoText(errno)));
  }
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid == 0) {
    // Only async-signal-safe calls until exec: the parent may have other threads.
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != parent) _exit(127);  // we died before prctl took effect
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    const int null = open("/dev/null", O_RDONLY | O_CLOEXEC);
    dup2(null, 0);
    dup2(out, 1);
    dup2(out, 2);
    close_range(3, ~0U, CLOSE_RANGE_CLOEXEC);  // descriptors qadvisor left inheritable
    execv(argv[0], argv.data());
    const int e = errno;
    (void)!write(report[1], &e, sizeof e);
    _exit(127);
  }
  const int fork_errno = errno;
  close(out);
  close(report[1]);
  if (pid < 0) {
    close(report[0]);
    return IoError(fmt::format("sandbox: fork: {}", ErrnoText(fork_errno)));
  }
  int exec_errno = 0;
  ssize_t n = -1;
  while (n < 0) {
    n = read(report[0], &exec_errno, sizeof exec_errno);
    if (n < 0 && errno != EINTR) break;
  }
  close(report[0]);
  if (n == sizeof exec_errno) {
    waitpid(pid, nullptr, 0);
    return IoError(fmt::format("sandbox: cannot run {}: {}", args[0], ErrnoText(exec_errno)));
  }
  return pid;
}

// Waits until `deadline` for our child `pid` to exit; then forgets it (before reaping it, so the
// signal handler never signals a recycled pid) and reaps it. True if it is gone.
bool WaitExit(pid_t pid, Clock::time_point deadline, int* status = nullptr) {
  for (;;) {
    siginfo_t info{};
    const int r = waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT);
    if (r == 0 && info.si_pid == pid) {
      Unregister(pid);
      waitpid(pid, status, 0);
      return true;
    }
    if (r < 0 && errno != EINTR) {  // not our child (any more)
      Unregister(pid);
      return true;
    }
    if (Clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

// Runs a program to completion (before `deadline`, or its process group is killed).
Status Run(const std::vector<std::string>& args, const std::string& output,
           Clock::time_point deadline) {
  QADVISOR_ASSIGN_OR_RETURN(const pid_t pid, Spawn(args, output));
  Register(pid);
  int status = 0;
  if (!WaitExit(pid, deadline, &status)) {
    kill(-pid, SIGKILL);  // a script's children too: they share its process group
    WaitExit(pid, Clock::time_point::max());
    return IoError(
        fmt::format("sandbox: `{}` did not finish within the start timeout; its "
                    "output:\n{}",
                    fmt::join(args, " "), Tail(output, 20)));
  }
  if (status != 0) {
    return IoError(fmt::format("sandbox: `{}` failed ({}); its output:\n{}", fmt::join(args, " "),
                               DescribeExit(status), Tail(output, 20)));
  }
  return Status::Ok();
}

Result<int> FreeLoopbackPort() {
  const int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof addr;
  if (fd < 0 || bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
      getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &length) != 0) {
    const int e = errno;
    if (fd >= 0) close(fd);
    return IoError(fmt::format("sandbox: no free port on 127.0.0.1: {}", ErrnoText(e)));
  }
  close(fd);
  return static_cast<int>(ntohs(addr.sin_port));
}

// "mariadbd  Ver 10.11.6-MariaDB-0+deb12u1 for debian-linux-gnu …" -> "10.11.6-MariaDB-0+deb12u1".
std::string ParseVersion(std::string text) {
  const size_t ver = text.find(" Ver ");
  if (ver != std::string::npos) {
    std::istringstream in(text.substr(ver + 5));
    std::string word;
    if (in >> word) return word;
  }
  return text.substr(0, text.find('\n'));
}

}  // namespace

void StopSandboxesFromSignalHandler() {
  for (std::atomic<pid_t>& slot : g_servers) {
    const pid_t pid = slot.load();
    if (pid > 0) kill(-pid, SIGTERM);
  }
}

Result<std::unique_ptr<Sandbox>> Sandbox::Start(const SandboxOptions& options) {
  const std::vector<std::string> sbin =
      SearchDirs({"/usr/sbin", "/usr/local/sbin", "/usr/libexec"});
  std::string server;
  if (!options.server.empty()) {
    server = FindExecutable(options.server, sbin);
    if (server.empty()) {
      return NotFound(fmt::format("sandbox: {}: no such server executable", options.server));
    }
  } else {
    server = FindExecutable("mariadbd", sbin);
    if (server.empty()) server = FindExecutable("mysqld", sbin);
    if (server.empty()) {
      return NotFound(
          "sandbox: found neither mariadbd nor mysqld in PATH, /usr/sbin, /usr/local/sbin or "
          "/usr/libexec; install a MariaDB server (Debian: mariadb-server) or name the binary");
    }
  }

  // sockaddr_un::sun_path holds 108 bytes, the terminating NUL included.
  std::error_code ec;
  const fs::path parent =
      fs::absolute(options.parent_dir.empty() ? DefaultParent() : options.parent_dir, ec);
  if (ec) return IoError(fmt::format("sandbox: {}: {}", options.parent_dir, ec.message()));
  std::string dir = (parent / (std::string(kPrefix) + "XXXXXX")).string();
  const size_t socket_length = dir.size() + std::string_view("/mysqld.sock").size();
  if (socket_length >= sizeof(sockaddr_un{}.sun_path)) {
    return InvalidArgument(fmt::format(
        "sandbox: the server's socket under {} would need a {}-byte path, and Unix sockets take "
        "at most {}: set TMPDIR to a shorter directory (such as /tmp)",
        parent.string(), socket_length, sizeof(sockaddr_un{}.sun_path) - 1));
  }
  if (mkdtemp(dir.data()) == nullptr) {
    return IoError(fmt::format("sandbox: cannot create a directory in {}: {}", parent.string(),
                               ErrnoText(errno)));
  }
  if (!(std::ofstream(fs::path(dir) / kMarker) << getpid() << '\n')) {
    fs::remove_all(dir, ec);
    return IoError(fmt::format("sandbox: cannot write {}/{}", dir, kMarker));
  }
  // From here on, returning an error destroys `box`, which stops what runs and removes `dir`.
  std::unique_ptr<Sandbox> box(new Sandbox());
  box->dir_ = dir;
  box->keep_ = options.keep;
  const Clock::time_point deadline =
      Clock::now() + std::chrono::seconds(options.start_timeout_seconds);

  QADVISOR_RETURN_IF_ERROR(Run({server, "--version"}, dir + "/version.txt", deadline));
  box->version_ = ParseVersion(Tail(dir + "/version.txt", 5));
  box->mariadb_ = box->version_.find("MariaDB") != std::string::npos;
  const std::string data = dir + "/data";
  const std::string user = "--user=" + UserName();  // as root, mariadbd insists on --user=root
  // A server deletes every `#sql*` file in its tmpdir when it starts (MariaDB's
  // mysql_rm_tmp_tables): in a shared /tmp that is the temporary tables of every other server
  // running there, the user's own among them. The sandbox's are its own.
  const std::string tmpdir = "--tmpdir=" + dir + "/tmp";
  if (!fs::create_directory(dir + "/tmp", ec)) {
    return IoError(fmt::format("sandbox: cannot create {}/tmp: {}", dir, ec.message()));
  }
  if (box->mariadb_) {
    const std::string bin = fs::path(server).parent_path().string();
    std::vector<std::string> dirs = {bin, bin + "/../bin"};  // the server's installation first
    for (std::string& d : SearchDirs({"/usr/bin"})) dirs.push_back(std::move(d));
    std::string install = FindExecutable("mariadb-install-db", dirs);
    if (install.empty()) install = FindExecutable("mysql_install_db", dirs);
    if (install.empty()) {
      return NotFound(fmt::format("sandbox: no mariadb-install-db beside {} or in PATH", server));
    }
    // root gets an empty password instead of unix_socket authentication.
    // mariadb-install-db passes the options it does not know (--tmpdir) to the server.
    QADVISOR_RETURN_IF_ERROR(Run({install, "--no-defaults", "--datadir=" + data, user, tmpdir,
                                  "--auth-root-authentication-method=normal", "--skip-test-db"},
                                 dir + "/install.log", deadline));
  } else {
    // MySQL 8.0+ (untested: Debian 12 ships no MySQL server). --initialize-insecure leaves root
    // with an empty password (MySQL 8.0 Reference Manual 2.9.1 "Initializing the Data Directory").
    QADVISOR_RETURN_IF_ERROR(
        Run({server, "--no-defaults", "--initialize-insecure", "--datadir=" + data, user, tmpdir},
            dir + "/install.log", deadline));
  }

  QADVISOR_ASSIGN_OR_RETURN(box->port_, FreeLoopbackPort());
  std::vector<std::string> args = {
      server, "--no-defaults", "--datadir=" + data, "--socket=" + dir + "/mysqld.sock",
      fmt::format("--port={}", box->port_), "--bind-address=127.0.0.1",
      "--pid-file=" + dir + "/mysqld.pid", "--log-error=" + dir + "/error.log", user, tmpdir,
      "--innodb-buffer-pool-size=" + options.buffer_pool, "--skip-name-resolve",
      // Generated TIMESTAMP values are written in UTC (LoadRows):
      // a workload's TIMESTAMP literal then meets the same rows
      // whatever the machine's time zone.
      "--default-time-zone=+00:00"};
  if (!box->mariadb_) args.push_back("--mysqlx=OFF");  // else X Protocol takes port 33060
  args.insert(args.end(), options.extra_args.begin(), options.extra_args.end());
  QADVISOR_ASSIGN_OR_RETURN(box->pid_, Spawn(args, dir + "/server.log"));
  Register(box->pid_);

  ConnectOptions probe = box->connect_options();
  probe.connect_timeout_seconds = 1;
  for (;;) {
    int status = 0;
    if (WaitExit(box->pid_, Clock::now(), &status)) {
      box->pid_ = 0;
      return IoError(fmt::format("sandbox: {} stopped at start ({}); its log:\n{}", server,
                                 DescribeExit(status), box->ErrorLogTail()));
    }
    if (access(probe.socket.c_str(), F_OK) == 0 && Session::Connect(probe).ok()) return box;
    if (Clock::now() >= deadline) {
      return IoError(fmt::format("sandbox: {} did not answer within {} s; its log:\n{}", server,
                                 options.start_timeout_seconds, box->ErrorLogTail()));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

Sandbox::~Sandbox() {
  (void)Stop();  // a directory that cannot be removed is left; nobody is there to tell
}

Status Sandbox::Stop() {
  if (pid_ > 0) {
    kill(pid_, SIGTERM);
    if (!WaitExit(pid_, Clock::now() + std::chrono::seconds(30))) {
      kill(pid_, SIGKILL);
      WaitExit(pid_, Clock::time_point::max());
    }
    pid_ = 0;
  }
  std::error_code ec;
  if (dir_.empty() || !fs::exists(fs::path(dir_) / kMarker, ec)) return Status::Ok();
  if (keep_) {
    // Without the marker the next run's RemoveStale() does not take it for a crashed run's.
    fs::remove(fs::path(dir_) / kMarker, ec);
    return Status::Ok();
  }
  fs::remove_all(dir_, ec);
  if (ec) return IoError(fmt::format("sandbox: cannot remove {}: {}", dir_, ec.message()));
  return Status::Ok();
}

ConnectOptions Sandbox::connect_options() const {
  ConnectOptions options;
  options.socket = dir_ + "/mysqld.sock";
  options.host = "127.0.0.1";
  options.port = port_;
  options.user = "root";
  options.password.clear();
  return options;
}

std::string Sandbox::ErrorLogTail(size_t lines) const {
  std::string tail = Tail(dir_ + "/error.log", lines);
  return tail.empty() ? Tail(dir_ + "/server.log", lines) : tail;
}

Status Sandbox::RemoveStale(const std::string& parent_dir, std::vector<std::string>* removed) {
  const fs::path parent = parent_dir.empty() ? DefaultParent() : parent_dir;
  std::error_code ec;
  fs::directory_iterator it(parent, ec);
  if (ec) return IoError(fmt::format("sandbox: cannot list {}: {}", parent.string(), ec.message()));
  Status result;
  for (; it != fs::directory_iterator(); it.increment(ec)) {
    const fs::path path = it->path();
    std::error_code type_ec;
    if (!path.filename().string().starts_with(kPrefix) || !it->is_directory(type_ec)) continue;
    const pid_t owner = ReadPid(path / kMarker);
    if (owner < 0) continue;  // no marker: not ours
    if (Alive(owner) || Alive(ReadPid(path / "mysqld.pid"))) continue;
    std::error_code remove_ec;
    fs::remove_all(path, remove_ec);
    if (remove_ec) {
      if (result.ok()) {
        result = IoError(
            fmt::format("sandbox: cannot remove {}: {}", path.string(), remove_ec.message()));
      }
      continue;
    }
    if (removed != nullptr) removed->push_back(path.string());
  }
  if (ec) return IoError(fmt::format("sandbox: cannot list {}: {}", parent.string(), ec.message()));
  return result;
}

}  // namespace qadvisor::connectors
