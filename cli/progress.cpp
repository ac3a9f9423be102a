#include "cli/progress.h"

#include <fmt/format.h>
#include <unistd.h>

#include <string>

namespace qadvisor::cli {

bool WantProgress(uint64_t total_bytes) {
  constexpr uint64_t kWorthIt = 8ull << 20;  // below this a run is over before a bar helps
  return total_bytes >= kWorthIt && ::isatty(STDERR_FILENO) == 1;
}

ProgressBar::ProgressBar(bool enabled, std::FILE* out)
    : enabled_(enabled), out_(out), start_(std::chrono::steady_clock::now()) {}

ProgressBar::~ProgressBar() { Finish(); }

void ProgressBar::Update(uint64_t done, uint64_t total) {
  if (!enabled_ || total == 0) return;
  const auto now = std::chrono::steady_clock::now();
  if (drawn_ && now - last_draw_ < std::chrono::milliseconds(100) && done < total) return;
  last_draw_ = now;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  const double mb = static_cast<double>(done) / 1e6;
  const double rate = seconds > 0 ? mb / seconds : 0;
  const double fraction = static_cast<double>(done) / static_cast<double>(total);
  constexpr int kWidth = 30;
  const int filled = static_cast<int>(fraction * kWidth);
  const double eta =
      rate > 0 ? (static_cast<double>(total - std::min(done, total)) / 1e6) / rate : 0;
  const std::string bar = std::string(static_cast<size_t>(filled), '#') +
                          std::string(static_cast<size_t>(kWidth - filled), '.');
  fmt::print(out_, "\r[{}] {:6.1f}/{:.1f} MB {:7.1f} MB/s ETA {:4.0f}s", bar, mb,
             static_cast<double>(total) / 1e6, rate, eta);
  std::fflush(out_);
  drawn_ = true;
}

void ProgressBar::Finish() {
  if (!drawn_) return;
  fmt::print(out_, "\r{:80}\r", "");
  std::fflush(out_);
  drawn_ = false;
}

}  // namespace qadvisor::cli
