// base::InputStream: plain, gzip and zstd files read the same; several members and frames are
// one stream; damage and early ends are reported once, after the readable part.
#include "base/input.h"

#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

namespace qadvisor::base {
namespace {

namespace fs = std::filesystem;

struct TempDir {
  fs::path path = fs::temp_directory_path() / ("qadvisor-input-test-" + std::to_string(::getpid()));
  TempDir() { fs::create_directories(path); }
  ~TempDir() { fs::remove_all(path); }
};

std::string Write(const fs::path& p, const std::string& bytes) {
  std::ofstream(p, std::ios::binary) << bytes;
  return p.string();
}

std::string Gzip(const std::string& text) {
  z_stream z{};
  REQUIRE(deflateInit2(&z, 6, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) == Z_OK);
  std::string out(deflateBound(&z, text.size()) + 32, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  z.avail_in = static_cast<uInt>(text.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  REQUIRE(deflate(&z, Z_FINISH) == Z_STREAM_END);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

std::string Zstd(const std::string& text) {
  std::string out(ZSTD_compressBound(text.size()), '\0');
  const size_t n = ZSTD_compress(out.data(), out.size(), text.data(), text.size(), 3);
  REQUIRE_FALSE(ZSTD_isError(n));
  out.resize(n);
  return out;
}

// Reads the whole stream in small pieces, so that decoder state crosses many calls.
struct Drained {
  std::string text;
  Status error;
};
Drained Drain(InputStream& in, size_t piece = 7) {
  Drained d;
  std::string buf(piece, '\0');
  for (;;) {
    Result<size_t> got = in.Read(buf.data(), buf.size());
    if (!got.ok()) {
      d.error = got.status();
      Result<size_t> after = in.Read(buf.data(), buf.size());
      CHECK((after.ok() && *after == 0));  // reported once, then the end
      return d;
    }
    if (*got == 0) return d;
    d.text.append(buf, 0, *got);
  }
}

// About 600 KB: several zstd blocks (128 KiB each), so that half a file decodes to something.
std::string SomeLog() {
  std::string text;
  uint32_t x = 12345;
  for (int i = 0; i < 20000; ++i) {
    x = x * 1103515245u + 12345u;
    text += "# Query_time: 0." + std::to_string(x % 1000) + "\nSELECT " + std::to_string(x) + ";\n";
  }
  return text;
}

TEST_CASE("plain, gzip and zstd inputs read the same bytes") {
  TempDir dir;
  const std::string text = SomeLog();
  for (const auto& [name, bytes, kind] :
       {std::tuple{"plain.log", text, Compression::kNone},
        std::tuple{"a.log.gz", Gzip(text), Compression::kGzip},
        std::tuple{"a.log.zst", Zstd(text), Compression::kZstd},
        std::tuple{"named-wrongly.txt", Gzip(text), Compression::kGzip}}) {
    INFO(name);
    Result<std::unique_ptr<InputStream>> in = InputStream::Open(Write(dir.path / name, bytes));
    REQUIRE(in.ok());
    const Drained d = Drain(**in);
    CHECK(d.error.ok());
    CHECK(d.text == text);
    CHECK((*in)->compression() == kind);
    CHECK((*in)->raw_size() == bytes.size());
    CHECK((*in)->raw_read() == bytes.size());
  }
}

TEST_CASE("gzip members and zstd frames back to back are one stream, as zcat reads them") {
  TempDir dir;
  const std::string a = SomeLog(), b = "# Query_time: 9\nSELECT 'b';\n";
  for (const std::string& bytes : {Gzip(a) + Gzip(b), Zstd(a) + Zstd(b)}) {
    Result<std::unique_ptr<InputStream>> in = InputStream::Open(Write(dir.path / "two", bytes));
    REQUIRE(in.ok());
    const Drained d = Drain(**in, 4096);
    CHECK(d.error.ok());
    CHECK(d.text == a + b);
  }
}

TEST_CASE("a compressed file cut short gives its readable part, then says where it ends") {
  TempDir dir;
  const std::string text = SomeLog();
  for (const std::string& whole : {Gzip(text), Zstd(text)}) {
    const std::string path = Write(dir.path / "cut", whole.substr(0, whole.size() / 2));
    Result<std::unique_ptr<InputStream>> in = InputStream::Open(path);
    REQUIRE(in.ok());
    const Drained d = Drain(**in, 1000);
    CHECK(!d.text.empty());
    CHECK(text.starts_with(d.text));
    REQUIRE_FALSE(d.error.ok());
    CHECK(d.error.code() == StatusCode::kParseError);
    CHECK_THAT(d.error.message(),
               Catch::Contains(path + ": the ") && Catch::Contains("stream ends early"));
  }
}

TEST_CASE("damaged compressed data is an error that names the file, not a crash") {
  TempDir dir;
  std::string gz = Gzip(SomeLog());
  for (size_t i = 20; i < 60; ++i) gz[i] = static_cast<char>(gz[i] ^ 0x5a);
  const std::string path = Write(dir.path / "damaged.gz", gz);
  Result<std::unique_ptr<InputStream>> in = InputStream::Open(path);
  REQUIRE(in.ok());
  const Drained d = Drain(**in);
  REQUIRE_FALSE(d.error.ok());
  CHECK_THAT(d.error.message(), Catch::StartsWith(path + ": damaged gzip data"));
}

TEST_CASE("Peek shows the head without consuming it, compressed or not") {
  TempDir dir;
  const std::string text = SomeLog();
  for (const std::string& bytes : {text, Gzip(text)}) {
    Result<std::unique_ptr<InputStream>> in = InputStream::Open(Write(dir.path / "p", bytes));
    REQUIRE(in.ok());
    Result<std::string_view> head = (*in)->Peek(100);
    REQUIRE(head.ok());
    CHECK(*head == text.substr(0, 100));
    CHECK((*in)->Peek(10).value() == text.substr(0, 10));
    CHECK(Drain(**in).text == text);
  }
  Result<std::unique_ptr<InputStream>> small = InputStream::Open(Write(dir.path / "s", "abc"));
  REQUIRE(small.ok());
  CHECK((*small)->Peek(100).value() == "abc");
  CHECK(Drain(**small).text == "abc");
}

TEST_CASE("Head and ReadAll decompress, and missing files and directories are named") {
  TempDir dir;
  const std::string text = SomeLog();
  const std::string gz = Write(dir.path / "h.gz", Gzip(text));
  CHECK(Head(gz, 64).value() == text.substr(0, 64));
  CHECK(ReadAll(gz).value() == text);
  CHECK(ReadAll(Write(dir.path / "empty", "")).value().empty());

  Result<std::string> missing = ReadAll((dir.path / "none").string());
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.status().code() == StatusCode::kNotFound);
  CHECK_THAT(missing.status().message(),
             Catch::EndsWith("none: cannot open: No such file or directory"));
  Result<std::string> directory = ReadAll(dir.path.string());
  REQUIRE_FALSE(directory.ok());
  CHECK(directory.status().message() ==
        dir.path.string() + ": is a directory; name the files in it");
}

}  // namespace
}  // namespace qadvisor::base
