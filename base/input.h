// Input: the bytes of a file or of standard input, decompressed on the fly when they are gzip
// or zstd. The one place user inputs are opened, so that every command reads `slow.log.1.gz`,
// `slow.log.zst` and a pipe the same way it reads a plain file.
//
// Contract:
// - Compression is recognised by the first bytes (gzip 1f 8b, zstd 28 b5 2f fd), never by
//   the name; concatenated gzip members and zstd frames are read as one stream, as zcat does.
// - A compressed stream that ends early (a log copied while it was written) reads up to where
//   it breaks; the damage is then reported once by Read() as a Status and the stream is at its
//   end. The caller decides whether that is fatal; the slow-log reader reports it and goes on.
// - Standard input can be read only once, but commands look at an input before reading it
//   (is it a slow log or a SQL script?): Head("-") keeps the bytes it read, and the next
//   Open("-") gives them back first. Only standard input needs this; a file is opened again.
// - Not thread-safe: one thread reads one InputStream at a time.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "base/status.h"

namespace qadvisor::base {

enum class Compression { kNone, kGzip, kZstd };

class InputStream {
 public:
  // Opens `path` ("-": standard input). A missing file, a directory or an unreadable file is an
  // error that names it.
  static Result<std::unique_ptr<InputStream>> Open(const std::string& path);
  // Reads from `fd`, which is not owned (tests, fuzzing). `name` names it in messages.
  static std::unique_ptr<InputStream> FromFd(std::string name, int fd);

  InputStream(const InputStream&) = delete;
  InputStream& operator=(const InputStream&) = delete;
  ~InputStream();

  // Reads up to `n` bytes (decompressed) into `out`. Returns 0 at the end of the input; an I/O
  // error or a damaged compressed stream is an error (once; reads after it return 0).
  Result<size_t> Read(char* out, size_t n);
  // The first `n` bytes (fewer at the end of the input) without consuming them: the next
  // Read() starts with them. Only before the first Read(). Damage within them reads as the end.
  Result<std::string_view> Peek(size_t n);

  const std::string& name() const { return name_; }
  Compression compression() const { return compression_; }
  // The input's size on disk (0 when unknown: a pipe) and how much of it has been consumed:
  // what a progress bar compares, since decompressed sizes are not known in advance.
  uint64_t raw_size() const { return raw_size_; }
  uint64_t raw_read() const { return raw_read_; }

 private:
  friend Result<std::string> Head(const std::string& path, size_t n);
  struct Decoder;
  InputStream(std::string name, int fd, bool owned, std::string replay);
  Result<size_t> ReadRaw(char* out, size_t n);
  Result<size_t> ReadDecoded(char* out, size_t n);
  Status StartDecoder();

  std::string name_;
  int fd_;
  bool owned_;
  std::string replay_;  // standard input's bytes already read by Head("-"), given back first
  size_t replay_at_ = 0;
  std::string peeked_;  // decoded bytes Peek() read ahead, given out first by Read()
  size_t peeked_at_ = 0;
  Status peek_error_;  // damage Peek() ran into, returned by Read() after the peeked bytes
  uint64_t raw_size_ = 0;
  uint64_t raw_read_ = 0;
  bool sniffed_ = false;
  bool done_ = false;
  Compression compression_ = Compression::kNone;
  std::unique_ptr<Decoder> decoder_;
};

// The first `n` bytes (decompressed) of `path`, at most: what a command looks at to tell a slow
// log from a SQL script. For "-" the bytes are kept for the next Open("-").
Result<std::string> Head(const std::string& path, size_t n);
// All the bytes of `path` ("-": standard input), decompressed.
Result<std::string> ReadAll(const std::string& path);

}  // namespace qadvisor::base
