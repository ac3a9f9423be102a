// Character sets and collations: names as the server normalizes them (utf8 is utf8mb3), the
// charset of a collation, a charset's widest character and its _bin collation.
#include <string>

#include "analyzer/catalog.h"
#include "analyzer/catalog_internal.h"
#include "parser/keywords.h"

namespace qadvisor::analyzer {

using catalog_internal::IsOneOf;

namespace catalog_internal {

std::string BinCollation(std::string_view charset) {
  if (charset == "binary") return "binary";
  return std::string(charset) + "_bin";
}

}  // namespace catalog_internal

std::string NormalizeCharset(std::string_view name) {
  std::string cs = parser::LowerAscii(name);
  if (cs == "utf8") return "utf8mb3";
  return cs;
}

std::string NormalizeCollation(std::string_view name) {
  std::string coll = parser::LowerAscii(name);
  if (coll.starts_with("utf8_")) coll.insert(4, "mb3");
  return coll;
}

std::string CharsetOfCollation(std::string_view collation) {
  const std::string coll = NormalizeCollation(collation);
  if (coll == "binary") return coll;
  return NormalizeCharset(coll.substr(0, coll.find('_')));
}

uint32_t MaxBytesPerChar(std::string_view charset) {
  const std::string cs = NormalizeCharset(charset);
  if (IsOneOf(cs, {"utf8mb4", "utf16", "utf16le", "utf32", "gb18030"})) return 4;
  if (IsOneOf(cs, {"utf8mb3", "ujis", "eucjpms"})) return 3;
  if (IsOneOf(cs, {"ucs2", "gbk", "big5", "sjis", "cp932", "euckr", "gb2312"})) return 2;
  return 1;
}

}  // namespace qadvisor::analyzer
