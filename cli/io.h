// File helpers for the commands: whole-file reads, reports written atomically, exit codes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/status.h"

namespace qadvisor::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitFindings = 1;  // findings at or above --fail-on
inline constexpr int kExitUsage = 2;     // usage or input error

// Writes `text` to `path` ("" or "-": standard output) through a temporary file and a rename,
// so that a failed run never leaves a half-written report where a good one was. A path that
// is not a regular file (/dev/null, a FIFO) is written to directly, never replaced.
Status WriteOutput(const std::string& path, const std::string& text);
// Reads a file ("-": standard input, which may have been sniffed before) whole; gzip and zstd
// are decompressed; a directory is an error that says so.
Result<std::string> ReadWholeFile(const std::string& path);
// The total size of the regular files among `paths`.
uint64_t TotalSize(const std::vector<std::string>& paths);

}  // namespace qadvisor::cli
