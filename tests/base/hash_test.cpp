// base/hash.h: FNV-1a against the reference test vectors, so its values never drift (baseline
// keys and golden fingerprints are made of them).
#include "base/hash.h"

#include <catch2/catch.hpp>

#include "base/ascii.h"

namespace qadvisor::base {
namespace {

TEST_CASE("FNV-1a gives the reference values") {
  // From the FNV reference test suite (http://www.isthe.com/chongo/src/fnv/test_fnv.c).
  CHECK(Fnv1a32("") == 0x811c9dc5u);
  CHECK(Fnv1a32("a") == 0xe40c292cu);
  CHECK(Fnv1a32("foobar") == 0xbf9cf968u);
  CHECK(Fnv1a64("") == 0xcbf29ce484222325ull);
  CHECK(Fnv1a64("a") == 0xaf63dc4c8601ec8cull);
  CHECK(Fnv1a64("foobar") == 0x85944171f73967e8ull);
  static_assert(Fnv1a64("") == kFnv1a64Offset);
}

TEST_CASE("Fnv1a32Step over transformed bytes equals Fnv1a32 of the transformed text") {
  // What the keyword lookup does: hash the lower-cased bytes without copying them.
  const std::string_view word = "SeLeCt";
  uint32_t h = kFnv1a32Offset;
  for (const char c : word) h = Fnv1a32Step(h, static_cast<unsigned char>(ToLowerAscii(c)));
  CHECK(h == Fnv1a32("select"));
  CHECK(Fnv1a32("select") != Fnv1a32("SELECT"));
}

}  // namespace
}  // namespace qadvisor::base
