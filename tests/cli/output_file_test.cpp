// OutputFile: a report written in pieces reaches its path only when committed; a run that stops
// half way leaves the user's file as it was and no temporary file behind.
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "cli/io.h"

namespace qadvisor::cli {
namespace {

std::string ScratchDir() {
  char pattern[] = "/tmp/qadvisor-output-XXXXXX";
  const char* dir = ::mkdtemp(pattern);
  REQUIRE(dir != nullptr);
  return dir;
}

std::string Contents(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

bool Exists(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0;
}

void Put(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

TEST_CASE("OutputFile replaces the file with every piece written once committed") {
  const std::string dir = ScratchDir();
  const std::string path = dir + "/report.json";
  Put(path, "old report\n");
  {
    Result<OutputFile> out = OutputFile::Open(path);
    REQUIRE(out.ok());
    out->Write("{\"a\": ");
    out->Write("");
    out->Write("1}\n");
    CHECK(Contents(path) == "old report\n");  // nothing visible before the commit
    REQUIRE(out->Commit().ok());
  }
  CHECK(Contents(path) == "{\"a\": 1}\n");
  CHECK_FALSE(Exists(path + ".qadvisor-tmp"));
  std::remove(path.c_str());
  ::rmdir(dir.c_str());
}

TEST_CASE("OutputFile left without a commit keeps the user's file and removes its own") {
  const std::string dir = ScratchDir();
  const std::string path = dir + "/report.json";
  Put(path, "keep me\n");
  {
    Result<OutputFile> out = OutputFile::Open(path);
    REQUIRE(out.ok());
    out->Write("{\"half\": ");
    CHECK(Exists(path + ".qadvisor-tmp"));
  }
  CHECK(Contents(path) == "keep me\n");
  CHECK_FALSE(Exists(path + ".qadvisor-tmp"));
  std::remove(path.c_str());
  ::rmdir(dir.c_str());
}

TEST_CASE("OutputFile says which path it cannot write") {
  Result<OutputFile> out = OutputFile::Open("/nonexistent-dir/report.json");
  REQUIRE_FALSE(out.ok());
  CHECK(out.status().message().starts_with("/nonexistent-dir/report.json: cannot write: "));
}

TEST_CASE("OutputFile writes to a device in place and never replaces it") {
  Result<OutputFile> out = OutputFile::Open("/dev/null");
  REQUIRE(out.ok());
  out->Write("discarded");
  REQUIRE(out->Commit().ok());
  struct stat st;
  REQUIRE(::stat("/dev/null", &st) == 0);
  CHECK(S_ISCHR(st.st_mode));
  CHECK_FALSE(Exists("/dev/null.qadvisor-tmp"));
}

TEST_CASE("WriteOutput writes the whole text through OutputFile") {
  const std::string dir = ScratchDir();
  const std::string path = dir + "/out.txt";
  REQUIRE(WriteOutput(path, "text\n").ok());
  CHECK(Contents(path) == "text\n");
  std::remove(path.c_str());
  ::rmdir(dir.c_str());
}

}  // namespace
}  // namespace qadvisor::cli
