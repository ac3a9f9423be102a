// The order `check` applies its files in (see migration_order.h).
#include "cli/migration_order.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <system_error>

#include "base/ascii.h"

namespace qadvisor::cli {
namespace {

using base::IsDigit;

// Numbers separated by '.' or '_' from the start of `text` to `end`; nullopt when something
// else is there or a number would not fit.
std::optional<std::vector<uint64_t>> Numbers(std::string_view text) {
  std::vector<uint64_t> out;
  size_t i = 0;
  while (i < text.size()) {
    if (!IsDigit(text[i])) return std::nullopt;
    uint64_t n = 0;
    for (; i < text.size() && IsDigit(text[i]); ++i) {
      if (n > (UINT64_MAX - 9) / 10) return std::nullopt;
      n = n * 10 + static_cast<uint64_t>(text[i] - '0');
    }
    out.push_back(n);
    if (i < text.size() && (text[i] == '.' || text[i] == '_')) ++i;
  }
  if (out.empty()) return std::nullopt;
  return out;
}

std::string Parent(const std::string& path) {
  return std::filesystem::path(path).parent_path().lexically_normal().string();
}

std::string FileName(const std::string& path) {
  return std::filesystem::path(path).filename().string();
}

}  // namespace

std::optional<std::vector<uint64_t>> MigrationVersion(std::string_view name) {
  if (name.size() >= 2 && (name[0] == 'V' || name[0] == 'v') && IsDigit(name[1])) {
    const size_t end = name.find("__");  // Flyway: V<version>__<description>
    if (end == std::string_view::npos) return std::nullopt;
    return Numbers(name.substr(1, end - 1));
  }
  size_t digits = 0;
  while (digits < name.size() && IsDigit(name[digits])) ++digits;
  if (digits == 0) return std::nullopt;
  return Numbers(name.substr(0, digits));
}

Result<OrderedInputs> OrderMigrations(std::span<const std::string> inputs) {
  OrderedInputs out;
  for (const std::string& path : inputs) {
    std::error_code ec;
    if (path == "-" || !std::filesystem::is_directory(path, ec)) {
      out.files.push_back(path);
      continue;
    }
    std::vector<std::string> sql;
    for (const auto& entry : std::filesystem::directory_iterator(path, ec)) {
      std::error_code file_ec;
      if (entry.path().extension() == ".sql" && entry.is_regular_file(file_ec)) {
        sql.push_back(entry.path().string());
      }
    }
    if (ec) return Status(StatusCode::kIoError, fmt::format("{}: {}", path, ec.message()));
    if (sql.empty()) {
      return Status(
          StatusCode::kIoError,
          fmt::format("{}: a directory without .sql files; name the files to check", path));
    }
    std::sort(sql.begin(), sql.end());
    out.files.insert(out.files.end(), sql.begin(), sql.end());
  }
  // Per directory, the places its versioned files hold, and the files in version order.
  std::map<std::string, std::vector<size_t>> places;
  for (size_t i = 0; i < out.files.size(); ++i) {
    if (out.files[i] != "-" && MigrationVersion(FileName(out.files[i]))) {
      places[Parent(out.files[i])].push_back(i);
    }
  }
  for (const auto& [directory, at] : places) {
    std::vector<std::pair<std::vector<uint64_t>, std::string>> versioned;
    for (const size_t i : at) {
      versioned.emplace_back(*MigrationVersion(FileName(out.files[i])), out.files[i]);
    }
    std::stable_sort(versioned.begin(), versioned.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    for (size_t k = 0; k < at.size(); ++k) {
      if (out.files[at[k]] != versioned[k].second) out.reordered = true;
      out.files[at[k]] = versioned[k].second;
    }
  }
  return out;
}

}  // namespace qadvisor::cli
