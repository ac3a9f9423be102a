// `check`'s CI settings: see ci.h.
#include "cli/ci.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <set>
#include <vector>

extern char** environ;

namespace qadvisor::cli {
namespace {

namespace fs = std::filesystem;

struct GitOutput {
  int exit_code = -1;  // -1: git could not be started
  std::string out;
  std::string err;
};

// Runs `git ARGS…` with standard input closed, and collects what it prints. Both pipes are
// read as they fill (poll), so neither side can block on a full pipe.
GitOutput RunGit(const std::vector<std::string>& args) {
  GitOutput result;
  int out_pipe[2];
  int err_pipe[2];
  if (::pipe2(out_pipe, O_CLOEXEC) != 0) return result;
  if (::pipe2(err_pipe, O_CLOEXEC) != 0) {
    ::close(out_pipe[0]);
    ::close(out_pipe[1]);
    return result;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, out_pipe[1], STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, err_pipe[1], STDERR_FILENO);
  std::vector<std::string> argv_strings = {"git"};
  argv_strings.insert(argv_strings.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& a : argv_strings) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, "git", &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(out_pipe[1]);
  ::close(err_pipe[1]);
  if (spawned == 0) {
    pollfd fds[2] = {{out_pipe[0], POLLIN, 0}, {err_pipe[0], POLLIN, 0}};
    std::string* sinks[2] = {&result.out, &result.err};
    int open_fds = 2;
    char buffer[65536];
    while (open_fds > 0) {
      if (::poll(fds, 2, -1) < 0) {
        if (errno == EINTR) continue;
        break;
      }
      for (int i = 0; i < 2; ++i) {
        if (fds[i].fd < 0 || fds[i].revents == 0) continue;
        const ssize_t n = ::read(fds[i].fd, buffer, sizeof buffer);
        if (n > 0) {
          sinks[i]->append(buffer, static_cast<size_t>(n));
        } else if (n == 0 || errno != EINTR) {
          fds[i].fd = -1;
          --open_fds;
        }
      }
    }
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128;
  }
  ::close(out_pipe[0]);
  ::close(err_pipe[0]);
  return result;
}

// git's first line of complaint, for a message: "fatal: bad revision 'x'" → "bad revision 'x'".
std::string GitComplaint(const GitOutput& git) {
  if (git.exit_code < 0) return "git could not be run";
  std::string line = git.err.substr(0, git.err.find('\n'));
  if (line.starts_with("fatal: ")) line.erase(0, 7);
  return line.empty() ? fmt::format("git exited with {}", git.exit_code) : line;
}

// NUL-separated paths (git's -z output).
std::set<std::string> SplitNul(const std::string& text) {
  std::set<std::string> paths;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\0', start);
    if (end == std::string::npos) end = text.size();
    if (end > start) paths.insert(text.substr(start, end - start));
    start = end + 1;
  }
  return paths;
}

// The root-relative path of `file`, or "" when it is not under `root`.
std::string UnderRoot(const fs::path& root, const std::string& file) {
  std::error_code ec;
  const fs::path full = fs::weakly_canonical(fs::absolute(file, ec), ec);
  if (ec) return "";
  const fs::path rel = full.lexically_relative(root);
  const std::string text = rel.generic_string();
  if (text.empty() || text == "." || text.starts_with("../") || text == "..") return "";
  return text;
}

// The files that changed since the merge base of `ref` and HEAD, relative to `top`: commits
// since then, staged and unstaged changes (git diff BASE compares the working tree with it),
// and untracked files that .gitignore does not exclude.
Result<std::set<std::string>> ChangedFiles(const std::string& top, const std::string& ref) {
  const GitOutput base = RunGit({"-C", top, "merge-base", ref + "^{commit}", "HEAD"});
  if (base.exit_code != 0) {
    // merge-base says nothing useful for an unknown ref; ask rev-parse what is wrong.
    const GitOutput known =
        RunGit({"-C", top, "rev-parse", "--verify", "--quiet", ref + "^{commit}"});
    if (known.exit_code != 0) {
      return NotFound(
          fmt::format("--changed-since: '{}' is no commit git knows (in a shallow clone, fetch it: "
                      "actions/checkout with fetch-depth: 0)",
                      ref));
    }
    return NotFound(fmt::format("--changed-since: '{}' and HEAD have no common ancestor: {}", ref,
                                GitComplaint(base)));
  }
  const std::string merge_base = base.out.substr(0, base.out.find_first_of("\r\n"));
  const GitOutput diff = RunGit({"-C", top, "diff", "--name-only", "-z", merge_base, "--"});
  if (diff.exit_code != 0) return IoError("--changed-since: git diff: " + GitComplaint(diff));
  const GitOutput untracked =
      RunGit({"-C", top, "ls-files", "--others", "--exclude-standard", "-z"});
  if (untracked.exit_code != 0) {
    return IoError("--changed-since: git ls-files: " + GitComplaint(untracked));
  }
  std::set<std::string> changed = SplitNul(diff.out);
  changed.merge(SplitNul(untracked.out));
  return changed;
}

// RFC 8089 file URI of a directory, ending in '/'.
std::string DirectoryUri(const fs::path& dir) {
  std::string uri = report::SarifUri(dir.generic_string());
  if (!uri.ends_with('/')) uri += '/';
  return uri;
}

}  // namespace

Status ApplyCiArgs(const CiArgs& args, report::CheckReport& report) {
  report.docs_url = args.docs_url;
  const GitOutput toplevel = RunGit({"rev-parse", "--show-toplevel"});
  const bool in_git = toplevel.exit_code == 0 && !toplevel.out.empty();
  std::error_code ec;
  fs::path root =
      in_git ? fs::path(toplevel.out.substr(0, toplevel.out.find('\n'))) : fs::current_path(ec);
  if (ec) return IoError(fmt::format("the working directory: {}", ec.message()));
  root = fs::weakly_canonical(root, ec);
  if (ec) return IoError(fmt::format("{}: {}", root.string(), ec.message()));
  report.source_root = DirectoryUri(root);

  std::set<std::string> files(report.files.begin(), report.files.end());
  for (const rules::Finding& f : report.findings) files.insert(f.location.file);
  for (const rules::MigrationStep& step : report.migration) files.insert(step.location.file);
  for (const std::string& file : files) {
    if (file.empty() || file == "-" || file == "stdin") continue;
    if (std::string rel = UnderRoot(root, file); !rel.empty()) report.root_paths[file] = rel;
  }
  if (args.changed_since.empty()) return Status::Ok();
  if (!in_git) {
    return NotFound(fmt::format("--changed-since: {} is not in a git repository ({})",
                                fs::current_path(ec).string(), GitComplaint(toplevel)));
  }
  QADVISOR_ASSIGN_OR_RETURN(const std::set<std::string> changed,
                            ChangedFiles(root.string(), args.changed_since));
  rules::Findings kept;
  for (rules::Finding& f : report.findings) {
    const auto it = report.root_paths.find(f.location.file);
    // Standard input is what the caller chose to check now: it counts as changed.
    const bool keep = f.location.file == "stdin" ||
                      (it != report.root_paths.end() && changed.contains(it->second));
    if (keep) {
      kept.push_back(std::move(f));
    } else {
      ++report.suppressed_unchanged;
    }
  }
  report.findings = std::move(kept);
  std::erase_if(report.migration, [&](const rules::MigrationStep& step) {
    const auto it = report.root_paths.find(step.location.file);
    return step.location.file != "stdin" &&
           (it == report.root_paths.end() || !changed.contains(it->second));
  });
  return Status::Ok();
}

}  // namespace qadvisor::cli
