// Runs the digest over files: reading, framing and parsing on the calling thread, fingerprinting
// and aggregation on worker threads, results merged at the end (identical to one thread).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "analyzer/digest.h"
#include "base/status.h"
#include "parser/slowlog.h"

namespace qadvisor::analyzer {

struct FileIssue {
  std::string file;
  parser::ReadIssue issue;
};

struct DigestRunOptions {
  DigestOptions digest;
  parser::ReaderOptions reader;
  int threads = 0;  // 0: one per core
  // Called on the reading thread after each chunk: bytes read so far, bytes in all (0 when
  // unknown, as for standard input).
  std::function<void(uint64_t done, uint64_t total)> progress;
};

struct DigestRun {
  Digest digest;
  std::vector<std::string> files;  // as given; "-" is standard input
  uint64_t bytes = 0;
  uint64_t skipped = 0;      // events or runs of text that were reported and skipped
  uint64_t issue_count = 0;  // issues reported (only the first ones are kept)
  std::vector<FileIssue> issues;
};

// Reads every file ("-" for standard input) into one digest. Fails only when a file cannot be
// opened or read; damage inside a log is reported in DigestRun::issues.
Result<DigestRun> RunDigest(const std::vector<std::string>& paths, const DigestRunOptions& options);

}  // namespace qadvisor::analyzer
