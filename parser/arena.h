// A bump allocator for AST nodes: parsing allocates many small objects that all die together.
//
// Objects made here must be trivially destructible (nodes hold pointers, spans and
// string_views, never owning members): the arena frees its blocks, it runs no destructors.
// Not thread-safe; one arena per parse.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

namespace qadvisor::parser {

class Arena {
 public:
  Arena() = default;
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;
  Arena(Arena&&) = default;
  Arena& operator=(Arena&&) = default;

  // The size of the first block: a parse of a short statement needs far less than a full block,
  // and callers that keep thousands of parses alive (advise) should not pay 64 KiB for each.
  void SetFirstBlock(size_t bytes) { first_block_ = std::clamp<size_t>(bytes, 512, kBlockSize); }

  void* Allocate(size_t size, size_t align) {
    size_t at = (used_ + align - 1) & ~(align - 1);
    if (blocks_.empty() || at + size > capacity_) {
      capacity_ = std::max(blocks_.empty() ? first_block_ : kBlockSize, size + align);
      // Default-initialised, not zeroed (make_unique would memset every block: a quarter of
      // the time of parsing a short statement). new[] memory is aligned for any fundamental type.
      blocks_.push_back(std::unique_ptr<std::byte[]>(new std::byte[capacity_]));
      at = 0;
    }
    used_ = at + size;
    return blocks_.back().get() + at;
  }

  template <typename T, typename... Args>
  T* New(Args&&... args) {
    static_assert(std::is_trivially_destructible_v<T>, "arena objects are never destroyed");
    return new (Allocate(sizeof(T), alignof(T))) T{std::forward<Args>(args)...};
  }

  // Copies `items` into the arena and returns a view of the copy.
  template <typename T>
  std::span<T> Copy(const std::vector<T>& items) {
    static_assert(std::is_trivially_copyable_v<T>);
    if (items.empty()) return {};
    T* p = static_cast<T*>(Allocate(sizeof(T) * items.size(), alignof(T)));
    std::uninitialized_copy(items.begin(), items.end(), p);
    return {p, items.size()};
  }

 private:
  static constexpr size_t kBlockSize = 64 * 1024;
  std::vector<std::unique_ptr<std::byte[]>> blocks_;
  size_t first_block_ = kBlockSize;
  size_t used_ = 0;
  size_t capacity_ = 0;
};

}  // namespace qadvisor::parser
