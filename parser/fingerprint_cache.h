// FingerprintCache: fingerprints remembered by the query's shape.
//
// A slow log holds millions of events and a few hundred statement shapes: the same query with
// other numbers and strings in it. The shape is the text with every string, number, hex and
// bit literal made one mark, each comment one mark, a line break or tab and the blanks around
// it one space, and an IN or VALUES list of plain values (numbers, strings, NULL) one mark
// whatever its length; it takes one pass over the bytes, where the fingerprint takes the lexer
// and the fingerprinter. Two texts of one shape lex to the same tokens but for the literals'
// values and those lists' lengths, which no fingerprint shows (it writes `?` and `in(?+)`), so
// they have one fingerprint: the cache keeps it under a 128-bit hash (XXH3) of the shape.
//
// The shape follows the lexer (parser/lexer.h) wherever a byte's meaning depends on what came
// before: it keeps verbatim what a literal's neighbours make ambiguous (`t.5`, where the lexer
// reads an identifier; `@'name'`, a variable), and gives up on texts with version comments
// (`/*!50001 …*/`, whose content is SQL) or control bytes; those are fingerprinted every time.
// The fingerprint fuzzer checks the cache against Fingerprint() on every input it makes.
//
// Memory is bounded: the cache empties itself when it holds kMaxEntries shapes or
// kMaxTextBytes of fingerprints. Not thread-safe: one cache per thread.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>

#include "parser/fingerprint.h"

namespace qadvisor::parser {

class FingerprintCache {
 public:
  static constexpr size_t kMaxEntries = size_t{1} << 16;
  static constexpr size_t kMaxTextBytes = size_t{16} << 20;

  explicit FingerprintCache(FingerprintOptions options = {}) : options_(options) {}

  // Fingerprint(sql, options) and its XXH3_64bits hash (what analyzer::ClassId computes),
  // both from the cache when the shape is known. `text` points into the cache, or into
  // `scratch` when the text was fingerprinted now: it is valid until the next call and until
  // `scratch` changes.
  struct Found {
    std::string_view text;
    uint64_t hash = 0;
  };
  Found Find(std::string_view sql, std::string& scratch);
  // Find()'s text copied into `out`.
  void Fingerprint(std::string_view sql, std::string& out);

  // The shape of `sql` into `shape`; false when the text holds something a shape does not
  // model (it is then fingerprinted every time). Exposed for the tests.
  static bool Shape(std::string_view sql, std::string& shape);

  size_t hits() const { return hits_; }
  size_t size() const { return entries_.size(); }

 private:
  struct Key {
    uint64_t low = 0;
    uint64_t high = 0;
    bool operator==(const Key&) const = default;
  };
  struct KeyHash {
    size_t operator()(const Key& k) const { return static_cast<size_t>(k.low); }
  };

  // The shape of `sql` into `out` (room for sql.size() bytes); its length, or npos when `sql`
  // holds something a shape does not model.
  static size_t ShapeInto(std::string_view sql, char* out);

  FingerprintOptions options_;
  std::string buffer_;  // the shape: reused, grown to the longest text shaped (64 KiB at most)
  struct Entry {
    std::string text;
    uint64_t hash = 0;
  };
  // A fingerprint not kept (too long, or its shape not modelled), hashed for Find().
  static Found Fresh(std::string_view text);

  std::unordered_map<Key, Entry, KeyHash> entries_;
  size_t text_bytes_ = 0;
  size_t hits_ = 0;
};

}  // namespace qadvisor::parser
