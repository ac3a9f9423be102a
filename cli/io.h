// File helpers for the commands: whole-file reads, reports written atomically, exit codes.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"

namespace qadvisor::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitFindings = 1;  // findings at or above --fail-on
inline constexpr int kExitUsage = 2;     // usage or input error

// A report written in pieces as it is made, so that a large one (a digest's JSON is tens of
// MiB) is never held whole. `path` ("" or "-": standard output) is written through a temporary
// file that Commit() renames over it: a run that fails or stops half way leaves what `path`
// held, and the temporary file is removed. A path that is not a regular file (/dev/null, a
// FIFO) is written to directly, never replaced.
class OutputFile {
 public:
  static Result<OutputFile> Open(const std::string& path);
  OutputFile(OutputFile&& other) noexcept;
  OutputFile& operator=(OutputFile&&) = delete;
  ~OutputFile();  // without Commit(): the temporary file is removed, `path` left as it was

  // Appends `text`; the first failure is kept and returned by Commit().
  void Write(std::string_view text);
  Status Commit();

 private:
  OutputFile(std::string path, std::string tmp, std::FILE* file)
      : path_(std::move(path)), tmp_(std::move(tmp)), file_(file) {}
  std::string path_, tmp_;  // tmp_ empty: written in place (standard output, a device)
  std::FILE* file_;
  bool failed_ = false;
};

// Writes `text` to `path` at once, as OutputFile does.
Status WriteOutput(const std::string& path, const std::string& text);
// Reads a file ("-": standard input, which may have been sniffed before) whole; gzip and zstd
// are decompressed; a directory is an error that says so.
Result<std::string> ReadWholeFile(const std::string& path);
// The total size of the regular files among `paths`.
uint64_t TotalSize(const std::vector<std::string>& paths);

}  // namespace qadvisor::cli
