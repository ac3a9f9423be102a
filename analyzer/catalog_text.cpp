// Values the AST keeps as written (type phrases, quoted names, lengths and prefixes), as the
// catalog's DDL applier reads them.
#include <limits>
#include <string>
#include <vector>

#include "analyzer/catalog_internal.h"
#include "base/ascii.h"
#include "parser/keywords.h"

namespace qadvisor::analyzer::catalog_internal {

using base::IsSpace;
using parser::ToLowerAscii;

// "DOUBLE   PRECISION" → "double precision": keyword phrases as the AST keeps them.
std::string Phrase(std::string_view s) {
  std::string out;
  bool space = false;
  for (char c : s) {
    if (IsSpace(c)) {
      space = !out.empty();
      continue;
    }
    if (space) out.push_back(' ');
    space = false;
    out.push_back(ToLowerAscii(c));
  }
  return out;
}

// `x`, "x" and 'x' → x, doubled quotes undone; anything else as it is.
std::string Unquote(std::string_view s) {
  if (s.size() < 2) return std::string(s);
  const char q = s.front();
  if ((q != '`' && q != '"' && q != '\'') || s.back() != q) return std::string(s);
  std::string out;
  const std::string_view body = s.substr(1, s.size() - 2);
  for (size_t i = 0; i < body.size(); ++i) {
    out.push_back(body[i]);
    if (body[i] == q && i + 1 < body.size() && body[i + 1] == q) ++i;
  }
  return out;
}

// Digits as written in a length or prefix; saturates instead of overflowing.
uint32_t ToUint(std::string_view digits) {
  uint64_t v = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') break;
    v = v * 10 + static_cast<uint64_t>(c - '0');
    if (v > std::numeric_limits<uint32_t>::max()) return std::numeric_limits<uint32_t>::max();
  }
  return static_cast<uint32_t>(v);
}

std::string Quoted(std::string_view name) { return "`" + std::string(name) + "`"; }

}  // namespace qadvisor::analyzer::catalog_internal
