#include "parser/keywords.h"

#include <algorithm>
#include <array>

namespace qadvisor::parser {
namespace {

struct Entry {
  std::string_view text;
  bool reserved;
};

constexpr Entry kKeywords[] = {
    {"", false},  // kNone
#define QADVISOR_KEYWORD(name, text, reserved) {text, reserved},
#include "parser/keyword_list.inc"
#undef QADVISOR_KEYWORD
};

constexpr size_t kLongestKeyword = 32;
constexpr size_t kTableBits = 10;  // 1,024 slots of 16 bytes, at least twice the words held
constexpr size_t kTableSize = size_t{1} << kTableBits;
static_assert(std::size(kKeywords) * 2 <= kTableSize);

// A word's first eight bytes, lower-cased, as one number (zero bytes past a shorter word's end):
// one comparison then settles most keywords, whose text is eight bytes or fewer.
uint64_t Head(std::string_view w) {
  uint64_t head = 0;
  const size_t n = std::min<size_t>(w.size(), 8);
  for (size_t i = 0; i < n; ++i) {
    head |= uint64_t{static_cast<unsigned char>(ToLowerAscii(w[i]))} << (8 * i);
  }
  return head;
}

struct Slot {
  uint64_t head = 0;
  uint8_t length = 0;  // 0: free
  bool reserved = false;
  Keyword keyword = Keyword::kNone;
};

// Open addressing with linear probing, built once from the keyword list. Runs for every word
// the lexer meets: 16 KiB of slots stay in cache, and no byte is compared twice.
class KeywordTable {
 public:
  KeywordTable() {
    for (size_t i = 1; i < std::size(kKeywords); ++i) {
      Insert(kKeywords[i].text, {static_cast<Keyword>(i), kKeywords[i].reserved});
    }
    // \N is the lexer's way to write NULL (LOAD DATA's, and SELECT \N): the keyword NULL.
    Insert("\\n", {Keyword::kNull, true});
  }

  KeywordInfo Lookup(std::string_view word) const {
    if (word.empty() || word.size() > kLongestKeyword) return {};
    // Most identifiers are no keyword: a bit for their length, first and last letter says so
    // before any hashing.
    if ((MaybeBits(word) & MaybeBit(word)) == 0) return {};
    const uint64_t head = Head(word);
    for (size_t i = Start(head, word.size());; i = (i + 1) & (kTableSize - 1)) {
      const Slot& slot = slots_[i];
      if (slot.length == 0) return {};
      if (slot.head == head && slot.length == word.size() &&
          (word.size() <= 8 ||
           EqualsIgnoreCase(word.substr(8),
                            kKeywords[static_cast<size_t>(slot.keyword)].text.substr(8)))) {
        return {slot.keyword, slot.reserved};
      }
    }
  }

 private:
  static size_t Start(uint64_t head, size_t length) {
    const uint64_t h = (head ^ length) * 0x9E3779B97F4A7C15ull;
    return static_cast<size_t>(h >> (64 - kTableBits));
  }
  void Insert(std::string_view lower, KeywordInfo info) {
    const uint64_t head = Head(lower);
    size_t i = Start(head, lower.size());
    while (slots_[i].length != 0) i = (i + 1) & (kTableSize - 1);
    slots_[i] = {head, static_cast<uint8_t>(lower.size()), info.reserved, info.keyword};
    MaybeBits(lower) |= MaybeBit(lower);
  }
  // A filter on (length, first byte, last byte), case folded by keeping five bits of each byte.
  static uint32_t MaybeBit(std::string_view w) {
    return 1u << (static_cast<unsigned>(w.back()) & 31);
  }
  uint32_t& MaybeBits(std::string_view w) {
    return maybe_[w.size()][static_cast<unsigned>(w.front()) & 31];
  }
  uint32_t MaybeBits(std::string_view w) const {
    return maybe_[w.size()][static_cast<unsigned>(w.front()) & 31];
  }

  std::array<Slot, kTableSize> slots_{};
  uint32_t maybe_[kLongestKeyword + 1][32] = {};
};

const KeywordTable& Table() {
  static const KeywordTable table;
  return table;
}

}  // namespace

KeywordInfo LookupKeyword(std::string_view word) { return Table().Lookup(word); }

bool IsCharsetName(std::string_view name) {
  // SHOW CHARACTER SET on MySQL 8.0 and MariaDB 11, plus the utf8 aliases.
  static constexpr std::string_view kCharsets[] = {
      "armscii8", "ascii",   "big5",   "binary",  "cp1250", "cp1251",  "cp1256",  "cp1257",
      "cp850",    "cp852",   "cp866",  "cp932",   "dec8",   "eucjpms", "euckr",   "filename",
      "gb18030",  "gb2312",  "gbk",    "geostd8", "greek",  "hebrew",  "hp8",     "keybcs2",
      "koi8r",    "koi8u",   "latin1", "latin2",  "latin5", "latin7",  "macce",   "macroman",
      "sjis",     "swe7",    "tis620", "ucs2",    "ujis",   "utf16",   "utf16le", "utf32",
      "utf8",     "utf8mb3", "utf8mb4"};
  return IsOneOf(name, kCharsets);
}

bool IsOneOf(std::string_view word, std::span<const std::string_view> words) {
  for (const std::string_view w : words) {
    if (EqualsIgnoreCase(word, w)) return true;
  }
  return false;
}

bool IsReserved(Keyword keyword) {
  const auto i = static_cast<size_t>(keyword);
  return i < std::size(kKeywords) && kKeywords[i].reserved;
}

std::string_view KeywordText(Keyword keyword) {
  const auto i = static_cast<size_t>(keyword);
  return i < std::size(kKeywords) ? kKeywords[i].text : std::string_view();
}

}  // namespace qadvisor::parser
