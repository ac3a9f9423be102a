// libFuzzer target: arbitrary bytes through the slow-log reader (with tiny chunks, so every
// framing boundary is hit) and every event through the digest (fingerprint and aggregation).
// Nothing may crash, hang or read out of bounds; the digest must count what the reader read.
#include <unistd.h>

#include <cstdint>
#include <cstdlib>

#include "analyzer/digest.h"
#include "parser/slowlog.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  int fds[2];
  if (::pipe(fds) != 0) return 0;
  // Inputs stay below the pipe buffer (-max_len), so one write never blocks.
  if (size > 0 && ::write(fds[1], data, size) != static_cast<ssize_t>(size)) std::abort();
  ::close(fds[1]);
  qadvisor::parser::ReaderOptions options;
  options.chunk_bytes = 1 + (size % 97);
  options.max_event_bytes = 1 << 14;
  // Half the inputs skip the "is it a slow log" check, so the framing sees any bytes at all.
  options.require_slow_log = size % 2 == 0;
  qadvisor::parser::SlowLogReader reader("fuzz", fds[0], options);
  qadvisor::analyzer::Digest digest;
  qadvisor::parser::EventBatch batch;
  uint64_t events = 0;
  while (reader.ReadBatch(batch)) {
    for (size_t i = 0; i < batch.size; ++i) digest.Add(batch.events[i], 0);
    events += batch.size;
  }
  ::close(fds[0]);
  if (digest.events() != events || digest.global().count != events) std::abort();
  return 0;
}
