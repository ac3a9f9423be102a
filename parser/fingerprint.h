// Query fingerprints: the text that groups queries into classes.
//
// A fingerprint is the query with every literal replaced by `?`, comments and optimizer hints
// removed, whitespace normalised from the tokens (not from the original layout), words
// lower-cased, `IN (…)` / `VALUES (…), (…)` lists of literals collapsed to `in(?+)` /
// `values(?+)`, `LIMIT m, n` / `LIMIT n OFFSET m` to `limit ?`, ASC dropped, and
// `USE db` / `CALL proc(…)` abstracted. It follows pt-query-digest's grouping (so its users
// find the classes they know) with these deliberate differences:
//  - it works on tokens, so `a=1` and `a = 1`, or `t` and `` `t` `` are one class;
//  - digits inside identifiers are kept (`orders_2024` is not `orders_?`) unless
//    FingerprintOptions::fold_identifier_digits asks for pt's sharded-table grouping;
//  - `IS NULL` stays `is null` (pt prints `is ?`), upper-case hex literals are literals, and
//    a unary minus before a number is part of the literal (pt also eats binary minus).
//
// The function is pure and thread-safe; it never fails (malformed SQL still fingerprints).
// Hot loops over many events use FingerprintCache (fingerprint_cache.h), which gives the same
// answer from one pass over the bytes for statements seen before with other literals.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace qadvisor::parser {

struct FingerprintOptions {
  bool fold_identifier_digits = false;  // `tbl_21_7` -> `tbl_?_?`, as pt-query-digest does
};

// Writes the fingerprint of `sql` into `out`, replacing its content (its capacity is reused:
// the hot loop of the digest calls this once per event).
void Fingerprint(std::string_view sql, std::string& out, const FingerprintOptions& options = {});

inline std::string Fingerprint(std::string_view sql, const FingerprintOptions& options = {}) {
  std::string out;
  Fingerprint(sql, out, options);
  return out;
}

// A fingerprint's 64-bit hash (XXH3): the id of its query class (analyzer::ClassId), stable
// across runs and machines.
uint64_t FingerprintHash(std::string_view fingerprint);

// Normalize: the statement as written, with every literal replaced by `?` (as libpg_query's
// pg_query_normalize replaces constants with $n). Unlike the fingerprint it keeps layout,
// case, comments and list lengths: it is what a report shows as the parameterised query.
// Strings (adjacent ones count as one, with their introducer), numbers, hex and bit literals
// become `?`; NULL, TRUE and FALSE stay, as do existing `?` and `:name` placeholders.
std::string Normalize(std::string_view sql);

}  // namespace qadvisor::parser
