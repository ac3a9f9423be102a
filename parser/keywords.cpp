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
constexpr size_t kTableSize = 2048;  // a power of two, at least three times the words it holds
static_assert(std::size(kKeywords) * 3 <= kTableSize);

struct Slot {
  std::string_view word;  // empty: free
  KeywordInfo info;
};

// Open addressing with linear probing, built once from the keyword list.
class KeywordTable {
 public:
  KeywordTable() {
    for (size_t i = 1; i < std::size(kKeywords); ++i) {
      Slot& slot = Find(kKeywords[i].text);
      slot.word = kKeywords[i].text;
      slot.info = {static_cast<Keyword>(i), kKeywords[i].reserved};
    }
    // \N is the lexer's way to write NULL (LOAD DATA's, and SELECT \N): the keyword NULL.
    Slot& null = Find("\\n");
    null.word = "\\n";
    null.info = {Keyword::kNull, true};
    for (const Slot& slot : slots_) {
      if (!slot.word.empty() && slot.word.size() <= kLongestKeyword) {
        MaybeBits(slot.word) |= MaybeBit(slot.word);
      }
    }
  }

  KeywordInfo Lookup(std::string_view word) const {
    if (word.empty() || word.size() > kLongestKeyword) return {};
    // Most identifiers are no keyword: a bit for their length, first and last letter says so
    // before any hashing.
    if ((MaybeBits(word) & MaybeBit(word)) == 0) return {};
    for (size_t i = Start(word);; i = (i + 1) & (kTableSize - 1)) {
      const Slot& slot = slots_[i];
      if (slot.word.empty()) return {};
      if (EqualsIgnoreCase(slot.word, word)) return slot.info;
    }
  }

 private:
  // Where a word's probe starts: a hash of its length and of its first two and last two bytes,
  // case folded, not of every byte (this runs for every word the lexer meets). Keywords that
  // share all five land in neighbouring slots, which linear probing handles.
  static size_t Start(std::string_view w) {
    const size_t n = w.size();
    auto at = [&](size_t i) {
      return static_cast<uint32_t>(static_cast<unsigned char>(ToLowerAscii(w[i])));
    };
    uint32_t h = static_cast<uint32_t>(n) * 0x9E3779B1u;
    h ^= at(0) | at(n > 1 ? 1 : 0) << 8 | at(n > 1 ? n - 2 : 0) << 16 | at(n - 1) << 24;
    h *= 0x85EBCA6Bu;
    h ^= h >> 15;
    h *= 0xC2B2AE35u;
    h ^= h >> 13;
    return h & (kTableSize - 1);
  }
  Slot& Find(std::string_view lower) {
    for (size_t i = Start(lower);; i = (i + 1) & (kTableSize - 1)) {
      if (slots_[i].word.empty() || slots_[i].word == lower) return slots_[i];
    }
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
