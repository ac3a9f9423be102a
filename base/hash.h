// FNV-1a (Fowler–Noll–Vo, http://www.isthe.com/chongo/tech/comp/fnv/), defined once. Not for
// hash tables facing untrusted keys, nor cryptography: it is here because its value is the same
// on every platform and in every version, which is what a baseline key, a golden-output
// fingerprint or a per-column salt needs, and because it is cheap for short keywords.
#pragma once

#include <cstdint>
#include <string_view>

namespace qadvisor::base {

inline constexpr uint32_t kFnv1a32Offset = 2166136261u;
inline constexpr uint32_t kFnv1a32Prime = 16777619u;
inline constexpr uint64_t kFnv1a64Offset = 14695981039346656037ull;
inline constexpr uint64_t kFnv1a64Prime = 1099511628211ull;

// One step, for callers that hash bytes as they transform them (the keyword lookup lower-cases
// without copying): Fnv1a32(s) is Fnv1a32Step over each byte from kFnv1a32Offset.
constexpr uint32_t Fnv1a32Step(uint32_t hash, unsigned char byte) {
  return (hash ^ byte) * kFnv1a32Prime;
}

constexpr uint32_t Fnv1a32(std::string_view s) {
  uint32_t hash = kFnv1a32Offset;
  for (const char c : s) hash = Fnv1a32Step(hash, static_cast<unsigned char>(c));
  return hash;
}

constexpr uint64_t Fnv1a64(std::string_view s) {
  uint64_t hash = kFnv1a64Offset;
  for (const char c : s) hash = (hash ^ static_cast<unsigned char>(c)) * kFnv1a64Prime;
  return hash;
}

}  // namespace qadvisor::base
