// MySQL 8 collation names rewritten to the nearest ones a MariaDB sandbox has
// (ReplaceMysql8Collations, see datagen.h).
#include <fmt/format.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "connectors/datagen.h"
#include "parser/keywords.h"

namespace qadvisor::connectors {
namespace {

using parser::LowerAscii;

// The locales of MySQL 8's utf8mb4_<locale>_0900_* collations that MariaDB (10.10+) has as
// utf8mb4_uca1400_<language>_*; the others fall back to the root collation.
constexpr std::pair<std::string_view, std::string_view> kLocales[] = {
    {"cs", "czech"},     {"da", "danish"},        {"de_pb", "german2"}, {"eo", "esperanto"},
    {"es", "spanish"},   {"es_trad", "spanish2"}, {"et", "estonian"},   {"hr", "croatian"},
    {"hu", "hungarian"}, {"is", "icelandic"},     {"la", "roman"},      {"lt", "lithuanian"},
    {"lv", "latvian"},   {"pl", "polish"},        {"ro", "romanian"},   {"sk", "slovak"},
    {"sl", "slovenian"}, {"sv", "swedish"},       {"tr", "turkish"},    {"vi", "vietnamese"}};

bool IsWordChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '$';
}

bool Contains(const std::vector<std::string>& names, std::string_view name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// `name`: lower-case utf8mb4_[<locale>_]0900_<strength>, e.g. utf8mb4_de_pb_0900_ai_ci.
std::string NearestCollation(std::string_view name, const std::vector<std::string>& available) {
  constexpr std::string_view kPrefix = "utf8mb4_";
  const size_t at = name.find("0900_");
  std::string_view locale = name.substr(kPrefix.size(), at - kPrefix.size());
  if (!locale.empty()) locale.remove_suffix(1);  // its trailing '_'
  std::string strength(name.substr(at + 5));     // ai_ci, as_ci, as_cs, bin, as_cs_ks
  if (strength.size() > 3 && strength.ends_with("_ks")) strength.resize(strength.size() - 3);

  std::vector<std::string> candidates;
  std::string fallback;
  if (strength == "bin") {
    candidates = {"utf8mb4_nopad_bin"};
    fallback = "utf8mb4_bin";
  } else {
    for (const auto& [code, language] : kLocales) {
      if (code != locale) continue;
      candidates.push_back(fmt::format("utf8mb4_uca1400_{}_nopad_{}", language, strength));
      candidates.push_back(fmt::format("utf8mb4_uca1400_{}_{}", language, strength));
    }
    candidates.push_back(fmt::format("utf8mb4_uca1400_nopad_{}", strength));
    candidates.push_back(fmt::format("utf8mb4_uca1400_{}", strength));
    fallback = strength.ends_with("_cs") ? "utf8mb4_bin" : "utf8mb4_unicode_520_ci";
  }
  for (const std::string& c : candidates) {
    if (Contains(available, c)) return c;
  }
  return fallback;
}

}  // namespace

std::string ReplaceMysql8Collations(std::string_view sql, const std::vector<std::string>& available,
                                    std::map<std::string, std::string>* replaced) {
  std::string out;
  out.reserve(sql.size());
  const std::string lower = LowerAscii(sql);
  size_t copied = 0;
  for (size_t at = lower.find("_0900_"); at != std::string::npos;
       at = lower.find("_0900_", at + 1)) {
    size_t begin = at;
    while (begin > 0 && IsWordChar(lower[begin - 1])) --begin;
    size_t end = at + 6;
    while (end < lower.size() && IsWordChar(lower[end])) ++end;
    if (begin < copied) continue;
    const std::string_view word = std::string_view(lower).substr(begin, end - begin);
    if (!word.starts_with("utf8mb4_") || end == at + 6) continue;
    if (!available.empty() && Contains(available, word)) continue;
    const std::string nearest = NearestCollation(word, available);
    out.append(sql.substr(copied, begin - copied));
    out += nearest;
    copied = end;
    if (replaced != nullptr) (*replaced)[std::string(word)] = nearest;
  }
  out.append(sql.substr(copied));
  return out;
}

}  // namespace qadvisor::connectors
