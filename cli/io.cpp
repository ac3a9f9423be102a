// Reading inputs and writing reports (see io.h).
#include "cli/io.h"

#include <fmt/format.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <utility>

#include "base/input.h"

namespace qadvisor::cli {

Result<OutputFile> OutputFile::Open(const std::string& path) {
  if (path.empty() || path == "-") return OutputFile(path, "", stdout);
  // Something that is not a regular file (/dev/null, a FIFO, a terminal) is written to as it
  // is: a rename would replace it with a file, and as root that replaces /dev/null itself.
  struct stat st;
  const bool in_place =
      ::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
  std::string tmp = in_place ? "" : path + ".qadvisor-tmp";
  std::FILE* f = std::fopen(in_place ? path.c_str() : tmp.c_str(), "wb");
  if (f == nullptr) return IoError(fmt::format("{}: cannot write: {}", path, std::strerror(errno)));
  return OutputFile(path, std::move(tmp), f);
}

OutputFile::OutputFile(OutputFile&& other) noexcept
    : path_(std::move(other.path_)),
      tmp_(std::move(other.tmp_)),
      file_(std::exchange(other.file_, nullptr)),
      failed_(other.failed_) {}

OutputFile::~OutputFile() {
  if (file_ == nullptr || file_ == stdout) return;
  std::fclose(file_);
  if (!tmp_.empty()) std::remove(tmp_.c_str());
}

void OutputFile::Write(std::string_view text) {
  if (failed_ || text.empty()) return;
  failed_ = std::fwrite(text.data(), 1, text.size(), file_) != text.size();
}

Status OutputFile::Commit() {
  std::FILE* f = std::exchange(file_, nullptr);
  if (f == stdout) {
    if (failed_ || std::fflush(stdout) != 0) return IoError("cannot write to standard output");
    return Status::Ok();
  }
  const bool closed = std::fclose(f) == 0;
  if (failed_ || !closed) {
    if (!tmp_.empty()) std::remove(tmp_.c_str());
    return IoError(fmt::format("{}: write failed", path_));
  }
  if (!tmp_.empty() && std::rename(tmp_.c_str(), path_.c_str()) != 0) {
    std::remove(tmp_.c_str());
    return IoError(fmt::format("{}: cannot replace: {}", path_, std::strerror(errno)));
  }
  return Status::Ok();
}

Status WriteOutput(const std::string& path, const std::string& text) {
  QADVISOR_ASSIGN_OR_RETURN(OutputFile out, OutputFile::Open(path));
  out.Write(text);
  return out.Commit();
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
