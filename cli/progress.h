// A progress bar on standard error: bytes done, MB/s and ETA. Only the CLI touches the terminal.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>

namespace qadvisor::cli {

class ProgressBar {
 public:
  // Draws only when `enabled`; the caller decides (a terminal, a large enough input).
  explicit ProgressBar(bool enabled, std::FILE* out = stderr);
  ~ProgressBar();

  void Update(uint64_t done, uint64_t total);
  void Finish();  // erases the bar

 private:
  bool enabled_;
  std::FILE* out_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_draw_;
};

// Whether a progress bar is worth drawing: stderr is a terminal and the input is large.
bool WantProgress(uint64_t total_bytes);

}  // namespace qadvisor::cli
