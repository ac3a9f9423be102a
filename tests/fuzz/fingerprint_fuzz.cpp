// libFuzzer target: arbitrary bytes through the lexer and the fingerprinter. The lexer must
// cover the input with tokens in order; the fingerprint must be deterministic. The
// FingerprintCache, kept across inputs, must give Fingerprint()'s answer for each input and for
// it with every digit changed or its lists made longer: libFuzzer's mutations make many texts of
// one shape, so an input whose shape wrongly matches an earlier one's is soon met.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "parser/fingerprint.h"
#include "parser/fingerprint_cache.h"
#include "parser/lexer.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view sql(reinterpret_cast<const char*>(data), size);
  qadvisor::parser::Lexer lexer(sql);
  uint32_t last_end = 0;
  for (qadvisor::parser::Token t = lexer.Next(); t.kind != qadvisor::parser::TokenKind::kEnd;
       t = lexer.Next()) {
    if (t.offset + t.length > size) std::abort();
    // An unterminated version comment is reported as a token spanning the tokens it held.
    if (t.kind == qadvisor::parser::TokenKind::kUnterminated) continue;
    if (t.offset < last_end || t.length == 0) std::abort();
    last_end = t.offset + t.length;
  }
  const std::string a = qadvisor::parser::Fingerprint(sql);
  const std::string b = qadvisor::parser::Fingerprint(sql);
  if (a != b) std::abort();
  static qadvisor::parser::FingerprintCache cache;
  std::string cached;
  const qadvisor::parser::FingerprintCache::Found found = cache.Find(sql, cached);
  if (found.text != a || found.hash != qadvisor::parser::FingerprintHash(a)) std::abort();
  std::string varied(sql);
  for (char& c : varied) {
    if (c >= '0' && c <= '9') c = static_cast<char>('0' + (c - '0' + 7) % 10);
  }
  cache.Fingerprint(varied, cached);
  if (cached != qadvisor::parser::Fingerprint(varied)) std::abort();
  // Longer lists: `IN (1, 2)` and `IN (1,0, 2)` have one fingerprint, `SELECT 1, a` and
  // `SELECT 1,0, a` do not.
  std::string longer;
  for (size_t i = 0; i < size; ++i) {
    longer.push_back(sql[i]);
    if (sql[i] == ',' && i > 0 && sql[i - 1] >= '0' && sql[i - 1] <= '9') longer.append("0,");
  }
  cache.Fingerprint(longer, cached);
  if (cached != qadvisor::parser::Fingerprint(longer)) std::abort();
  return 0;
}
