// Eight bytes at a time in a 64-bit word (SWAR), defined once for the scanners that skip long
// runs of ordinary bytes (the JSON escaper, base/json_escape.cpp, and the slow-log reader,
// parser/slowlog.cpp) and the digest's comparison of attribute names (analyzer/digest.cpp). Each
// test sets the high bit of the bytes it holds for; a borrow may set bits above the lowest such
// byte as well, so only the LOWEST set bit is exact — callers take FirstByte() and look there. Byte
// order: Load() is little-endian on every machine, so the lowest bit is the byte at the lowest
// address.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace qadvisor::base::swar {

inline constexpr uint64_t kOnes = 0x0101010101010101;
inline constexpr uint64_t kHighs = 0x8080808080808080;

// p[0..7] with p[0] in the lowest byte.
inline uint64_t Load(const char* p) {
  uint64_t x;
  std::memcpy(&x, p, 8);
  if constexpr (std::endian::native == std::endian::big) x = __builtin_bswap64(x);
  return x;
}

// Bytes below `c` (c at most 0x80; exact for the lowest).
constexpr uint64_t Below(uint64_t x, uint8_t c) { return (x - kOnes * c) & ~x & kHighs; }

// Bytes equal to `c` (exact for the lowest).
constexpr uint64_t Equal(uint64_t x, uint8_t c) { return Below(x ^ (kOnes * c), 1); }

// Bytes 0x80 and up (exact for all).
constexpr uint64_t High(uint64_t x) { return x & kHighs; }

// The index (0-7) of the byte that holds the lowest set bit of a non-zero mask.
constexpr size_t FirstByte(uint64_t mask) {
  return static_cast<size_t>(std::countr_zero(mask)) >> 3;
}

// Whether a[0..n) and b[0..n) hold the same bytes: for short texts (names, keys) a word at a
// time without a call, the last word overlapping the one before.
inline bool SameBytes(const char* a, const char* b, size_t n) {
  if (n < 8) {
    for (size_t i = 0; i < n; ++i) {
      if (a[i] != b[i]) return false;
    }
    return true;
  }
  for (size_t i = 0; i + 8 < n; i += 8) {
    if (Load(a + i) != Load(b + i)) return false;
  }
  return Load(a + n - 8) == Load(b + n - 8);
}

}  // namespace qadvisor::base::swar
