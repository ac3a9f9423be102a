// base/swar.h: each test's lowest set byte is exact, whatever the other seven bytes hold.
#include "base/swar.h"

#include <catch2/catch.hpp>
#include <string>

namespace qadvisor::base::swar {
namespace {

// The index of the first byte of p[0..8) that `holds`, or 8: what FirstByte of a test must give.
template <typename Holds>
size_t FirstHolding(const char* p, Holds holds) {
  for (size_t i = 0; i < 8; ++i) {
    if (holds(static_cast<unsigned char>(p[i]))) return i;
  }
  return 8;
}

size_t FirstOf(uint64_t mask) { return mask == 0 ? 8 : FirstByte(mask); }

TEST_CASE("Below, Equal and High find the first byte that holds, among any neighbours") {
  // Words of bytes drawn around the values tested (0, 0x1f/0x20/0x21, '"', '\\', 0x7f/0x80,
  // 0xff), so that borrows from one byte into the next are exercised in every position.
  const unsigned char pool[] = {0x00, 0x01, 0x1f, 0x20, 0x21, '"',  '#',  '\\', ']',
                                'a',  0x7e, 0x7f, 0x80, 0x81, 0xc3, 0xfe, 0xff};
  uint64_t state = 0x9e3779b97f4a7c15;
  for (int round = 0; round < 20000; ++round) {
    char word[8];
    for (char& c : word) {
      state = state * 6364136223846793005 + 1442695040888963407;
      c = static_cast<char>(pool[(state >> 33) % sizeof pool]);
    }
    const uint64_t x = Load(word);
    INFO("round " << round);
    CHECK(FirstOf(Below(x, 0x20)) == FirstHolding(word, [](unsigned c) { return c < 0x20; }));
    CHECK(FirstOf(Below(x, '!')) == FirstHolding(word, [](unsigned c) { return c < '!'; }));
    CHECK(FirstOf(Below(x, 0x80)) == FirstHolding(word, [](unsigned c) { return c < 0x80; }));
    CHECK(FirstOf(Equal(x, '"')) == FirstHolding(word, [](unsigned c) { return c == '"'; }));
    CHECK(FirstOf(Equal(x, '\\')) == FirstHolding(word, [](unsigned c) { return c == '\\'; }));
    CHECK(FirstOf(Equal(x, 0)) == FirstHolding(word, [](unsigned c) { return c == 0; }));
    CHECK(FirstOf(High(x)) == FirstHolding(word, [](unsigned c) { return c >= 0x80; }));
  }
}

TEST_CASE("Load puts the first byte lowest") {
  const char word[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  CHECK(Load(word) == 0x0807060504030201);
}

TEST_CASE("SameBytes compares every byte, at every length") {
  for (size_t n = 0; n <= 40; ++n) {
    const std::string a(n, 'k');
    CHECK(SameBytes(a.data(), std::string(a).data(), n));
    for (size_t at = 0; at < n; ++at) {
      std::string b = a;
      b[at] = 'K';
      INFO("length " << n << ", differing at " << at);
      CHECK_FALSE(SameBytes(a.data(), b.data(), n));
      CHECK(SameBytes(a.data(), b.data(), at));  // the bytes before the difference agree
    }
  }
}

}  // namespace
}  // namespace qadvisor::base::swar
