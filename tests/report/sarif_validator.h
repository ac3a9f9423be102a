// A structure check of SARIF 2.1.0 logs against what GitHub code scanning requires of an
// upload (docs.github.com, "SARIF support for code scanning"), for unit and end-to-end tests.
//
// It is not the JSON schema: it checks the properties GitHub reads and rejects or misplaces
// results over — version and $schema, a tool driver with a name, rules with ids and short
// descriptions, results with ruleId, message.text, a level, a ruleIndex that points at the
// rule of that id, a physical location whose URI is relative (or an absolute file: URI), with
// forward slashes, no leading "./", only URI characters, and a 1-based region — and string
// partialFingerprints. Each problem comes back as "path.to.property: what is wrong"; none
// means the document passed. Never throws on malformed input.
#pragma once

#include <cctype>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace qadvisor::testing {

namespace sarif_detail {

using Json = nlohmann::json;

// obj[key] when obj is an object holding key, else nullptr.
inline const Json* Get(const Json& obj, const char* key) {
  if (!obj.is_object()) return nullptr;
  const auto it = obj.find(key);
  return it == obj.end() ? nullptr : &*it;
}

inline bool IsNonEmptyString(const Json* j) {
  return j != nullptr && j->is_string() && !j->get_ref<const std::string&>().empty();
}

inline bool IsPositiveInteger(const Json* j) {
  return j != nullptr && j->is_number_integer() && j->get<int64_t>() >= 1;
}

inline bool IsLevel(const Json* j) {
  if (j == nullptr || !j->is_string()) return false;
  const std::string& level = j->get_ref<const std::string&>();
  return level == "none" || level == "note" || level == "warning" || level == "error";
}

// Whether every character may appear in a URI (RFC 3986: unreserved, reserved, or a %XX).
inline bool IsUriText(std::string_view uri) {
  for (size_t i = 0; i < uri.size(); ++i) {
    const auto c = static_cast<unsigned char>(uri[i]);
    if (c == '%') {
      if (i + 2 >= uri.size() || !std::isxdigit(static_cast<unsigned char>(uri[i + 1])) ||
          !std::isxdigit(static_cast<unsigned char>(uri[i + 2]))) {
        return false;
      }
      i += 2;
      continue;
    }
    if (std::isalnum(c) || std::string_view("-._~:/?#[]@!$&'()*+,;=").find(static_cast<char>(c)) !=
                               std::string_view::npos) {
      continue;
    }
    return false;
  }
  return true;
}

// The scheme of an absolute URI ("file" of "file:///x"), or "" for a relative reference.
inline std::string Scheme(std::string_view uri) {
  const size_t colon = uri.find(':');
  if (colon == std::string_view::npos || colon == 0) return "";
  const std::string_view head = uri.substr(0, colon);
  if (head.find('/') != std::string_view::npos) return "";
  if (!std::isalpha(static_cast<unsigned char>(head[0]))) return "";
  for (const char c : head) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '+' && c != '-' && c != '.') {
      return "";
    }
  }
  return std::string(head);
}

inline void CheckArtifactLocation(const Json& artifact, const Json& run, const std::string& path,
                                  std::vector<std::string>& problems) {
  const Json* uri = Get(artifact, "uri");
  if (!IsNonEmptyString(uri)) {
    problems.push_back(path + ".uri: missing or not a non-empty string");
    return;
  }
  const std::string& text = uri->get_ref<const std::string&>();
  if (text.find('\\') != std::string::npos) {
    problems.push_back(path + ".uri: \"" + text + "\" has a backslash");
  }
  if (text.starts_with("./")) problems.push_back(path + ".uri: \"" + text + "\" starts with ./");
  if (!IsUriText(text)) {
    problems.push_back(path + ".uri: \"" + text + "\" is not a URI (unencoded characters)");
  }
  const std::string scheme = Scheme(text);
  const Json* base = Get(artifact, "uriBaseId");
  if (!scheme.empty()) {
    // GitHub maps absolute file: URIs under the checkout to repository paths itself.
    if (scheme != "file") {
      problems.push_back(path + ".uri: \"" + text + "\" is neither relative nor a file: URI");
    }
    if (base != nullptr) {
      problems.push_back(path + ".uriBaseId: given for the absolute URI \"" + text + "\"");
    }
  } else if (text.starts_with('/')) {
    problems.push_back(path + ".uri: \"" + text + "\" is an absolute path, not relative");
  }
  if (base != nullptr) {
    if (!IsNonEmptyString(base)) {
      problems.push_back(path + ".uriBaseId: not a non-empty string");
    } else if (const Json* bases = Get(run, "originalUriBaseIds");
               bases != nullptr &&
               Get(*bases, base->get_ref<const std::string&>().c_str()) == nullptr) {
      problems.push_back(path + ".uriBaseId: \"" + base->get<std::string>() +
                         "\" is not in run.originalUriBaseIds");
    }
  }
}

inline void CheckRegion(const Json& region, const std::string& path,
                        std::vector<std::string>& problems) {
  const Json* start_line = Get(region, "startLine");
  if (!IsPositiveInteger(start_line)) {
    problems.push_back(path + ".startLine: missing or not an integer >= 1");
    return;
  }
  const Json* start_column = Get(region, "startColumn");
  if (start_column != nullptr && !IsPositiveInteger(start_column)) {
    problems.push_back(path + ".startColumn: not an integer >= 1");
  }
  const Json* end_line = Get(region, "endLine");
  if (end_line != nullptr &&
      (!end_line->is_number_integer() || end_line->get<int64_t>() < start_line->get<int64_t>())) {
    problems.push_back(path + ".endLine: not an integer >= startLine");
  }
  const Json* end_column = Get(region, "endColumn");
  if (end_column != nullptr) {
    const int64_t start = IsPositiveInteger(start_column) ? start_column->get<int64_t>() : 1;
    const bool same_line = end_line == nullptr || *end_line == *start_line;
    if (!end_column->is_number_integer() || end_column->get<int64_t>() < 1 ||
        (same_line && end_column->get<int64_t>() < start)) {
      problems.push_back(path + ".endColumn: not an integer >= startColumn");
    }
  }
}

inline void CheckResult(const Json& result, const Json& run, const Json* rules,
                        const std::string& path, std::vector<std::string>& problems) {
  if (!result.is_object()) {
    problems.push_back(path + ": not an object");
    return;
  }
  const Json* rule_id = Get(result, "ruleId");
  if (!IsNonEmptyString(rule_id)) problems.push_back(path + ".ruleId: missing or empty");
  const Json* message = Get(result, "message");
  if (message == nullptr || !IsNonEmptyString(Get(*message, "text"))) {
    problems.push_back(path + ".message.text: missing or empty");
  }
  if (!IsLevel(Get(result, "level"))) {
    problems.push_back(path + ".level: missing or not one of none, note, warning, error");
  }
  if (const Json* index = Get(result, "ruleIndex")) {
    const size_t count = rules != nullptr && rules->is_array() ? rules->size() : 0;
    if (!index->is_number_integer() || index->get<int64_t>() < 0 ||
        static_cast<size_t>(index->get<int64_t>()) >= count) {
      problems.push_back(path + ".ruleIndex: " + index->dump() + " is not an index into the " +
                         std::to_string(count) + " rules");
    } else if (rule_id != nullptr &&
               Get((*rules)[static_cast<size_t>(index->get<int64_t>())], "id") != nullptr &&
               *Get((*rules)[static_cast<size_t>(index->get<int64_t>())], "id") != *rule_id) {
      problems.push_back(path + ".ruleIndex: " + index->dump() + " names rule " +
                         Get((*rules)[static_cast<size_t>(index->get<int64_t>())], "id")->dump() +
                         ", not " + rule_id->dump());
    }
  }
  const Json* locations = Get(result, "locations");
  if (locations == nullptr || !locations->is_array() || locations->empty()) {
    problems.push_back(path + ".locations: missing or empty (GitHub needs a location)");
  } else {
    bool physical = false;
    for (size_t i = 0; i < locations->size(); ++i) {
      const std::string where = path + ".locations[" + std::to_string(i) + "].physicalLocation";
      const Json* location = Get((*locations)[i], "physicalLocation");
      if (location == nullptr) continue;
      physical = true;
      const Json* artifact = Get(*location, "artifactLocation");
      if (artifact == nullptr) {
        problems.push_back(where + ".artifactLocation: missing");
      } else {
        CheckArtifactLocation(*artifact, run, where + ".artifactLocation", problems);
      }
      const Json* region = Get(*location, "region");
      if (region == nullptr) {
        problems.push_back(where + ".region: missing");
      } else {
        CheckRegion(*region, where + ".region", problems);
      }
    }
    if (!physical) problems.push_back(path + ".locations: no physicalLocation");
  }
  // SARIF 3.55 (fix): a description and artifactChanges, each naming its file and holding
  // replacements of a deletedRegion by insertedContent.
  if (const Json* fixes = Get(result, "fixes")) {
    if (!fixes->is_array()) problems.push_back(path + ".fixes: not an array");
    for (size_t i = 0; fixes->is_array() && i < fixes->size(); ++i) {
      const std::string where = path + ".fixes[" + std::to_string(i) + "]";
      const Json& fix = (*fixes)[i];
      const Json* description = Get(fix, "description");
      if (description != nullptr && !IsNonEmptyString(Get(*description, "text"))) {
        problems.push_back(where + ".description.text: missing or empty");
      }
      const Json* changes = Get(fix, "artifactChanges");
      if (changes == nullptr || !changes->is_array() || changes->empty()) {
        problems.push_back(where + ".artifactChanges: missing or empty");
        continue;
      }
      for (size_t c = 0; c < changes->size(); ++c) {
        const std::string at = where + ".artifactChanges[" + std::to_string(c) + "]";
        const Json& change = (*changes)[c];
        if (const Json* artifact = Get(change, "artifactLocation")) {
          CheckArtifactLocation(*artifact, run, at + ".artifactLocation", problems);
        } else {
          problems.push_back(at + ".artifactLocation: missing");
        }
        const Json* replacements = Get(change, "replacements");
        if (replacements == nullptr || !replacements->is_array() || replacements->empty()) {
          problems.push_back(at + ".replacements: missing or empty");
          continue;
        }
        for (size_t r = 0; r < replacements->size(); ++r) {
          const std::string rat = at + ".replacements[" + std::to_string(r) + "]";
          const Json* deleted = Get((*replacements)[r], "deletedRegion");
          if (deleted == nullptr) {
            problems.push_back(rat + ".deletedRegion: missing");
          } else {
            CheckRegion(*deleted, rat + ".deletedRegion", problems);
          }
          if (const Json* inserted = Get((*replacements)[r], "insertedContent");
              inserted != nullptr &&
              (Get(*inserted, "text") == nullptr || !Get(*inserted, "text")->is_string())) {
            problems.push_back(rat + ".insertedContent.text: not a string");
          }
        }
      }
    }
  }
  if (const Json* fingerprints = Get(result, "partialFingerprints")) {
    if (!fingerprints->is_object()) {
      problems.push_back(path + ".partialFingerprints: not an object");
    } else {
      for (const auto& [name, value] : fingerprints->items()) {
        if (!value.is_string()) {
          problems.push_back(path + ".partialFingerprints." + name + ": not a string");
        }
      }
    }
  }
}

inline void CheckRun(const Json& run, const std::string& path, std::vector<std::string>& problems) {
  const Json* tool = Get(run, "tool");
  const Json* driver = tool != nullptr ? Get(*tool, "driver") : nullptr;
  if (driver == nullptr) {
    problems.push_back(path + ".tool.driver: missing");
  } else if (!IsNonEmptyString(Get(*driver, "name"))) {
    problems.push_back(path + ".tool.driver.name: missing or empty");
  }
  const Json* rules = driver != nullptr ? Get(*driver, "rules") : nullptr;
  if (rules != nullptr && !rules->is_array()) {
    problems.push_back(path + ".tool.driver.rules: not an array");
    rules = nullptr;
  }
  if (rules != nullptr) {
    std::set<std::string> ids;
    for (size_t i = 0; i < rules->size(); ++i) {
      const std::string where = path + ".tool.driver.rules[" + std::to_string(i) + "]";
      const Json& rule = (*rules)[i];
      const Json* id = Get(rule, "id");
      if (!IsNonEmptyString(id)) {
        problems.push_back(where + ".id: missing or empty");
      } else if (!ids.insert(id->get<std::string>()).second) {
        problems.push_back(where + ".id: " + id->dump() + " appears twice");
      }
      const Json* short_description = Get(rule, "shortDescription");
      if (short_description == nullptr || !IsNonEmptyString(Get(*short_description, "text"))) {
        problems.push_back(where + ".shortDescription.text: missing or empty");
      }
      if (const Json* config = Get(rule, "defaultConfiguration")) {
        if (const Json* level = Get(*config, "level"); level != nullptr && !IsLevel(level)) {
          problems.push_back(where + ".defaultConfiguration.level: " + level->dump() +
                             " is not one of none, note, warning, error");
        }
      }
    }
  }
  // SARIF 3.14.14: a base's uri is an absolute URI and ends with '/', or resolving a relative
  // path against it drops its last segment.
  if (const Json* bases = Get(run, "originalUriBaseIds"); bases != nullptr && bases->is_object()) {
    for (const auto& [name, base] : bases->items()) {
      const Json* uri = base.is_object() ? Get(base, "uri") : nullptr;
      if (uri == nullptr) continue;
      const std::string text = uri->is_string() ? uri->get<std::string>() : "";
      if (Scheme(text).empty() || !text.ends_with('/')) {
        problems.push_back(path + ".originalUriBaseIds." + name + ".uri: " + uri->dump() +
                           " is not an absolute URI ending in /");
      }
    }
  }
  if (const Json* kind = Get(run, "columnKind")) {
    if (*kind != "utf16CodeUnits" && *kind != "unicodeCodePoints") {
      problems.push_back(path + ".columnKind: " + kind->dump() + " is not a SARIF column kind");
    }
  }
  const Json* results = Get(run, "results");
  if (results == nullptr || !results->is_array()) {
    problems.push_back(path + ".results: missing or not an array");
    return;
  }
  for (size_t i = 0; i < results->size(); ++i) {
    CheckResult((*results)[i], run, rules, path + ".results[" + std::to_string(i) + "]", problems);
  }
}

}  // namespace sarif_detail

// Everything wrong with `sarif` as a GitHub code scanning upload; empty when nothing is.
inline std::vector<std::string> ValidateSarifForGithub(const nlohmann::json& sarif) {
  using sarif_detail::Get;
  std::vector<std::string> problems;
  if (!sarif.is_object()) return {"top level: not an object"};
  const nlohmann::json* version = Get(sarif, "version");
  if (version == nullptr || *version != "2.1.0") problems.push_back("version: not \"2.1.0\"");
  const nlohmann::json* schema = Get(sarif, "$schema");
  if (!sarif_detail::IsNonEmptyString(schema) ||
      schema->get_ref<const std::string&>().find("2.1.0") == std::string::npos) {
    problems.push_back("$schema: missing or not a SARIF 2.1.0 schema URI");
  }
  const nlohmann::json* runs = Get(sarif, "runs");
  if (runs == nullptr || !runs->is_array() || runs->empty()) {
    problems.push_back("runs: missing or empty");
    return problems;
  }
  for (size_t i = 0; i < runs->size(); ++i) {
    sarif_detail::CheckRun((*runs)[i], "runs[" + std::to_string(i) + "]", problems);
  }
  return problems;
}

}  // namespace qadvisor::testing
