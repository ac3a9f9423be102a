// Reading inputs and writing reports (see io.h).
#include "cli/io.h"

#include <fmt/format.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "base/input.h"

namespace qadvisor::cli {

// Writes `text` to `path` through a temporary file and a rename, so that a failed run never
// leaves a half-written report where a good one was.
Status WriteOutput(const std::string& path, const std::string& text) {
  if (path.empty() || path == "-") {
    if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() ||
        std::fflush(stdout) != 0) {
      return IoError("cannot write to standard output");
    }
    return Status::Ok();
  }
  // Something that is not a regular file (/dev/null, a FIFO, a terminal) is written to as it
  // is: a rename would replace it with a file, and as root that replaces /dev/null itself.
  struct stat st;
  if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (f == nullptr) {
      return IoError(fmt::format("{}: cannot write: {}", path, std::strerror(errno)));
    }
    const bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
    if (std::fclose(f) != 0 || !ok) return IoError(fmt::format("{}: write failed", path));
    return Status::Ok();
  }
  const std::string tmp = path + ".qadvisor-tmp";
  std::FILE* f = std::fopen(tmp.c_str(), "wb");
  if (f == nullptr) return IoError(fmt::format("{}: cannot write: {}", path, std::strerror(errno)));
  const bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  if (std::fclose(f) != 0 || !ok) {
    std::remove(tmp.c_str());
    return IoError(fmt::format("{}: write failed", path));
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    return IoError(fmt::format("{}: cannot replace: {}", path, std::strerror(errno)));
  }
  return Status::Ok();
}

// Reads a file ("-": standard input) whole, decompressed: scripts are small next to slow logs.
Result<std::string> ReadWholeFile(const std::string& path) { return base::ReadAll(path); }

uint64_t TotalSize(const std::vector<std::string>& paths) {
  uint64_t total = 0;
  for (const std::string& p : paths) {
    struct stat st {};
    if (p != "-" && ::stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode)) total += st.st_size;
  }
  return total;
}

}  // namespace qadvisor::cli
