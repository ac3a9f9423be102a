// Reading files and standard input, decompressed when they are gzip or zstd (see input.h).
#include "base/input.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

#include <cerrno>
#include <cstring>
#include <utility>

namespace qadvisor::base {
namespace {

constexpr size_t kRawChunk = 256 << 10;

// Standard input's bytes read by Head("-"): stdin is read once, so they are handed to the
// next Open("-") instead of being lost. Process-wide because standard input is.
std::string& StdinReplay() {
  static std::string bytes;
  return bytes;
}
bool stdin_opened = false;

Status OpenError(const std::string& path, int err) {
  return Status(err == ENOENT ? StatusCode::kNotFound : StatusCode::kIoError,
                fmt::format("{}: cannot open: {}", path, std::strerror(err)));
}

}  // namespace

// The compressed bytes waiting to be decoded, and the decoder's state.
struct InputStream::Decoder {
  std::string in;
  size_t in_pos = 0;
  size_t in_len = 0;
  bool raw_eof = false;
  bool in_frame = false;  // inside a gzip member or zstd frame that has not ended yet
  z_stream z{};
  ZSTD_DStream* zstd = nullptr;

  ~Decoder() {
    if (zstd != nullptr) ZSTD_freeDStream(zstd);
    inflateEnd(&z);
  }
};

InputStream::InputStream(std::string name, int fd, bool owned, std::string replay)
    : name_(std::move(name)), fd_(fd), owned_(owned), replay_(std::move(replay)) {
  struct stat st {};
  if (fd_ >= 0 && ::fstat(fd_, &st) == 0 && S_ISREG(st.st_mode)) {
    raw_size_ = static_cast<uint64_t>(st.st_size);
  }
}

InputStream::~InputStream() {
  if (owned_ && fd_ >= 0) ::close(fd_);
}

Result<std::unique_ptr<InputStream>> InputStream::Open(const std::string& path) {
  if (path == "-") {
    // Whatever Head("-") read comes first. Standard input is read once: naming it twice (as a
    // schema and as an input) would silently give the second reader nothing.
    if (stdin_opened) {
      return InvalidArgument("-: standard input is named more than once; it can be read once");
    }
    std::string replay = std::move(StdinReplay());
    stdin_opened = true;
    return std::unique_ptr<InputStream>(
        new InputStream("-", STDIN_FILENO, false, std::move(replay)));
  }
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return OpenError(path, errno);
  struct stat st {};
  if (::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    ::close(fd);
    return IoError(fmt::format("{}: is a directory; name the files in it", path));
  }
  return std::unique_ptr<InputStream>(new InputStream(path, fd, true, {}));
}

std::unique_ptr<InputStream> InputStream::FromFd(std::string name, int fd) {
  return std::unique_ptr<InputStream>(new InputStream(std::move(name), fd, false, {}));
}

Result<size_t> InputStream::ReadRaw(char* out, size_t n) {
  if (replay_at_ < replay_.size()) {
    const size_t k = std::min(n, replay_.size() - replay_at_);
    std::memcpy(out, replay_.data() + replay_at_, k);
    replay_at_ += k;
    raw_read_ += k;
    return k;
  }
  if (fd_ < 0) return size_t{0};  // a replay alone (Head("-"))
  for (;;) {
    const ssize_t got = ::read(fd_, out, n);
    if (got >= 0) {
      raw_read_ += static_cast<uint64_t>(got);
      return static_cast<size_t>(got);
    }
    if (errno == EINTR) continue;
    return IoError(fmt::format("{}: read failed: {}", name_, std::strerror(errno)));
  }
}

// Reads the first bytes and picks the decoder by their magic number. The bytes read stay in
// the decoder's input buffer, so plain input is served from there first.
Status InputStream::StartDecoder() {
  sniffed_ = true;
  decoder_ = std::make_unique<Decoder>();
  Decoder& d = *decoder_;
  d.in.resize(kRawChunk);
  while (d.in_len < 4) {
    QADVISOR_ASSIGN_OR_RETURN(size_t got, ReadRaw(d.in.data() + d.in_len, d.in.size() - d.in_len));
    if (got == 0) {
      d.raw_eof = true;
      break;
    }
    d.in_len += got;
  }
  const auto* b = reinterpret_cast<const unsigned char*>(d.in.data());
  if (d.in_len >= 2 && b[0] == 0x1f && b[1] == 0x8b) {
    compression_ = Compression::kGzip;
    // 16 + MAX_WBITS: a gzip wrapper, not zlib's.
    if (inflateInit2(&d.z, 16 + MAX_WBITS) != Z_OK) {
      return IoError(fmt::format("{}: cannot start gzip decompression", name_));
    }
  } else if (d.in_len >= 4 && b[0] == 0x28 && b[1] == 0xb5 && b[2] == 0x2f && b[3] == 0xfd) {
    compression_ = Compression::kZstd;
    d.zstd = ZSTD_createDStream();
    if (d.zstd == nullptr || ZSTD_isError(ZSTD_initDStream(d.zstd))) {
      return IoError(fmt::format("{}: cannot start zstd decompression", name_));
    }
  }
  return Status::Ok();
}

Result<std::string_view> InputStream::Peek(size_t n) {
  if (peeked_.size() < n && !done_) {
    const size_t had = peeked_.size();
    peeked_.resize(n);
    size_t have = had;
    while (have < n) {
      Result<size_t> got = ReadDecoded(peeked_.data() + have, n - have);
      if (!got.ok()) peek_error_ = got.status();  // for Read() to return in its place
      if (!got.ok() || *got == 0) break;
      have += *got;
    }
    peeked_.resize(have);
  }
  return std::string_view(peeked_).substr(0, n);
}

Result<size_t> InputStream::Read(char* out, size_t n) {
  if (peeked_at_ < peeked_.size()) {
    const size_t k = std::min(n, peeked_.size() - peeked_at_);
    std::memcpy(out, peeked_.data() + peeked_at_, k);
    peeked_at_ += k;
    return k;
  }
  if (!peek_error_.ok()) return std::exchange(peek_error_, Status::Ok());
  return ReadDecoded(out, n);
}

Result<size_t> InputStream::ReadDecoded(char* out, size_t n) {
  if (done_ || n == 0) return size_t{0};
  if (!sniffed_) {
    if (Status s = StartDecoder(); !s.ok()) {
      done_ = true;
      return s;
    }
  }
  Decoder& d = *decoder_;
  if (compression_ == Compression::kNone) {
    if (d.in_pos < d.in_len) {
      const size_t k = std::min(n, d.in_len - d.in_pos);
      std::memcpy(out, d.in.data() + d.in_pos, k);
      d.in_pos += k;
      return k;
    }
    Result<size_t> got = d.raw_eof ? Result<size_t>(size_t{0}) : ReadRaw(out, n);
    if (!got.ok() || *got == 0) done_ = true;
    return got;
  }
  const char* kind = compression_ == Compression::kGzip ? "gzip" : "zstd";
  for (;;) {
    if (d.in_pos == d.in_len && !d.raw_eof) {
      Result<size_t> got = ReadRaw(d.in.data(), d.in.size());
      if (!got.ok()) {
        done_ = true;
        return got.status();
      }
      d.in_pos = 0;
      d.in_len = *got;
      d.raw_eof = *got == 0;
    }
    if (d.in_pos == d.in_len) {
      done_ = true;
      if (d.in_frame) {
        return ParseError(
            fmt::format("{}: the {} stream ends early (after {} compressed bytes); "
                        "the rest of the file is lost",
                        name_, kind, raw_read_));
      }
      return size_t{0};
    }
    size_t produced = 0;
    if (compression_ == Compression::kGzip) {
      if (!d.in_frame) {
        // A new member: a file of several (cat a.gz b.gz) reads as one stream, as zcat does.
        inflateReset(&d.z);
        d.in_frame = true;
      }
      d.z.next_in = reinterpret_cast<Bytef*>(d.in.data() + d.in_pos);
      d.z.avail_in = static_cast<uInt>(d.in_len - d.in_pos);
      d.z.next_out = reinterpret_cast<Bytef*>(out);
      d.z.avail_out = static_cast<uInt>(std::min<size_t>(n, 1u << 30));
      const int rc = inflate(&d.z, Z_NO_FLUSH);
      d.in_pos = d.in_len - d.z.avail_in;
      produced = std::min<size_t>(n, 1u << 30) - d.z.avail_out;
      if (rc == Z_STREAM_END) {
        d.in_frame = false;
      } else if (rc != Z_OK && rc != Z_BUF_ERROR) {
        done_ = true;
        return ParseError(fmt::format("{}: damaged gzip data near compressed byte {}: {}", name_,
                                      raw_read_ - (d.in_len - d.in_pos),
                                      d.z.msg != nullptr ? d.z.msg : "inflate failed"));
      }
    } else {
      ZSTD_inBuffer in{d.in.data(), d.in_len, d.in_pos};
      ZSTD_outBuffer o{out, n, 0};
      const size_t rc = ZSTD_decompressStream(d.zstd, &o, &in);
      d.in_pos = in.pos;
      produced = o.pos;
      if (ZSTD_isError(rc)) {
        done_ = true;
        return ParseError(fmt::format("{}: damaged zstd data near compressed byte {}: {}", name_,
                                      raw_read_ - (d.in_len - d.in_pos), ZSTD_getErrorName(rc)));
      }
      d.in_frame = rc != 0;  // 0: a frame is complete and flushed
    }
    if (produced > 0) return produced;
  }
}

Result<std::string> Head(const std::string& path, size_t n) {
  if (path != "-") {
    QADVISOR_ASSIGN_OR_RETURN(std::unique_ptr<InputStream> in, InputStream::Open(path));
    QADVISOR_ASSIGN_OR_RETURN(std::string_view head, in->Peek(n));
    return std::string(head);
  }
  // Standard input: keep the raw bytes for Open("-") and decode the head from them alone.
  std::string& replay = StdinReplay();
  if (!stdin_opened && replay.size() < n) {
    const size_t had = replay.size();
    replay.resize(n);
    size_t have = had;
    while (have < n) {
      const ssize_t got = ::read(STDIN_FILENO, replay.data() + have, n - have);
      if (got == 0) break;
      if (got < 0 && errno == EINTR) continue;
      if (got < 0) {
        replay.resize(have);
        return IoError(fmt::format("-: read failed: {}", std::strerror(errno)));
      }
      have += static_cast<size_t>(got);
    }
    replay.resize(have);
  }
  InputStream head("-", -1, false, replay);
  QADVISOR_ASSIGN_OR_RETURN(std::string_view decoded, head.Peek(n));
  return std::string(decoded);
}

Result<std::string> ReadAll(const std::string& path) {
  QADVISOR_ASSIGN_OR_RETURN(std::unique_ptr<InputStream> in, InputStream::Open(path));
  std::string text;
  char buf[1 << 16];
  for (;;) {
    QADVISOR_ASSIGN_OR_RETURN(size_t got, in->Read(buf, sizeof buf));
    if (got == 0) break;
    text.append(buf, got);
  }
  return text;
}

}  // namespace qadvisor::base
