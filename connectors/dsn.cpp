// DSNs and option files (see dsn.h).
#include "connectors/dsn.h"

#include <fmt/format.h>

#include <cctype>
#include <charconv>
#include <vector>

#include "base/ascii.h"

namespace qadvisor::connectors {
namespace {

std::optional<std::string> PercentDecode(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '%') {
      out += s[i];
      continue;
    }
    if (i + 2 >= s.size() || !std::isxdigit(static_cast<unsigned char>(s[i + 1])) ||
        !std::isxdigit(static_cast<unsigned char>(s[i + 2]))) {
      return std::nullopt;
    }
    out += static_cast<char>(std::stoi(std::string(s.substr(i + 1, 2)), nullptr, 16));
    i += 2;
  }
  return out;
}

std::optional<int> Port(std::string_view s) {
  int port = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), port);
  if (ec != std::errc() || end != s.data() + s.size() || port < 1 || port > 65535) {
    return std::nullopt;
  }
  return port;
}

}  // namespace

Result<ConnectSpec> ParseDsn(std::string_view dsn) {
  constexpr std::string_view kScheme = "mysql://";
  const auto fail = [&](size_t at, std::string_view what) {
    return InvalidArgument(
        fmt::format("--dsn: column {}: {} (expected mysql://user[:password]@"
                    "host[:port]/database[?option=value&…])",
                    at + 1, what));
  };
  if (!dsn.starts_with(kScheme) && !dsn.starts_with("mariadb://")) {
    return fail(0, "it must start with mysql://");
  }
  size_t at = dsn.find("://") + 3;
  ConnectSpec spec;
  std::string_view rest = dsn.substr(at);
  // Options after '?'.
  if (const size_t q = rest.find('?'); q != std::string_view::npos) {
    std::string_view query = rest.substr(q + 1);
    rest = rest.substr(0, q);
    size_t offset = at + q + 1;
    while (!query.empty()) {
      const size_t amp = query.find('&');
      const std::string_view pair = query.substr(0, amp);
      const size_t eq = pair.find('=');
      if (eq == std::string_view::npos || eq == 0) return fail(offset, "an option without =value");
      auto value = PercentDecode(pair.substr(eq + 1));
      if (!value) return fail(offset, "a bad %-escape");
      const std::string key(pair.substr(0, eq));
      if (key == "socket") {
        spec.socket = *value;
      } else {
        spec.options[key] = *value;
      }
      if (amp == std::string_view::npos) break;
      offset += amp + 1;
      query = query.substr(amp + 1);
    }
  }
  // user[:password]@
  if (const size_t atsign = rest.rfind('@'); atsign != std::string_view::npos) {
    const std::string_view userinfo = rest.substr(0, atsign);
    const size_t colon = userinfo.find(':');
    auto user = PercentDecode(userinfo.substr(0, colon));
    if (!user) return fail(at, "a bad %-escape in the user");
    if (!user->empty()) spec.user = *user;
    if (colon != std::string_view::npos) {
      auto password = PercentDecode(userinfo.substr(colon + 1));
      if (!password) return fail(at + colon + 1, "a bad %-escape in the password");
      spec.password = *password;
    }
    at += atsign + 1;
    rest = rest.substr(atsign + 1);
  }
  // host[:port] or unix(/path), then /database
  std::string_view host = rest;
  if (const size_t slash = rest.find('/', rest.starts_with("unix(") ? rest.find(')') : 0);
      slash != std::string_view::npos) {
    host = rest.substr(0, slash);
    auto db = PercentDecode(rest.substr(slash + 1));
    if (!db) return fail(at + slash + 1, "a bad %-escape in the database");
    if (!db->empty()) spec.database = *db;
  }
  if (host.starts_with("unix(")) {
    if (!host.ends_with(")")) return fail(at, "unix( without its )");
    spec.socket = std::string(host.substr(5, host.size() - 6));
  } else if (!host.empty()) {
    std::string_view name = host;
    if (host.front() == '[') {  // [::1]:3306
      const size_t close = host.find(']');
      if (close == std::string_view::npos) return fail(at, "[ without its ]");
      name = host.substr(1, close - 1);
      host = host.substr(close + 1);
      if (!host.empty() && host.front() != ':') return fail(at + close + 1, "':' after ]");
    } else if (const size_t colon = host.rfind(':'); colon != std::string_view::npos) {
      name = host.substr(0, colon);
      host = host.substr(colon);
    } else {
      host = {};
    }
    if (!name.empty()) spec.host = std::string(name);
    if (!host.empty()) {
      auto port = Port(host.substr(1));
      if (!port) return fail(at, "the port must be a number from 1 to 65535");
      spec.port = *port;
    }
  }
  return spec;
}

Result<ConnectSpec> ParseOptionFile(std::string_view text, std::string_view file,
                                    std::vector<std::string>* includes) {
  ConnectSpec spec;
  bool in_client = false;
  size_t line_no = 0;
  while (!text.empty()) {
    ++line_no;
    const size_t nl = text.find('\n');
    std::string line(base::TrimSpace(text.substr(0, nl)));
    text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
    if (line.empty() || line[0] == '#' || line[0] == ';') continue;
    if (line[0] == '!') {
      if (includes && (line.rfind("!include ", 0) == 0 || line.rfind("!includedir ", 0) == 0)) {
        includes->push_back(line);
      }
      continue;
    }
    if (line[0] == '[') {
      if (line.back() != ']') {
        return ParseError(fmt::format("{}:{}: a group header without its ]", file, line_no));
      }
      const std::string group(base::TrimSpace(std::string_view(line).substr(1, line.size() - 2)));
      in_client = group == "client" || group == "mysql" || group == "client-mariadb" ||
                  group == "mariadb-client";
      continue;
    }
    if (!in_client) continue;
    const size_t eq = line.find('=');
    std::string key(base::TrimSpace(std::string_view(line).substr(0, eq)));
    std::string value = eq == std::string::npos
                            ? ""
                            : std::string(base::TrimSpace(std::string_view(line).substr(eq + 1)));
    for (char& c : key) c = c == '_' ? '-' : c;
    if (value.size() >= 2 && (value.front() == '"' || value.front() == '\'') &&
        value.back() == value.front()) {
      value = value.substr(1, value.size() - 2);
    }
    if (key == "user") {
      spec.user = value;
    } else if (key == "password") {
      spec.password = value;
    } else if (key == "host") {
      spec.host = value;
    } else if (key == "socket") {
      spec.socket = value;
    } else if (key == "database") {
      spec.database = value;
    } else if (key == "port") {
      auto port = Port(value);
      if (!port) return ParseError(fmt::format("{}:{}: port must be a number", file, line_no));
      spec.port = *port;
    } else if (key.rfind("ssl", 0) == 0) {
      spec.options[key] = value;
    }
  }
  return spec;
}

void Merge(ConnectSpec& into, const ConnectSpec& from) {
  if (!into.user) into.user = from.user;
  if (!into.password) into.password = from.password;
  if (!into.host) into.host = from.host;
  if (!into.socket) into.socket = from.socket;
  if (!into.database) into.database = from.database;
  if (!into.port) into.port = from.port;
  for (const auto& [k, v] : from.options) into.options.emplace(k, v);
}

ConnectOptions ToOptions(const ConnectSpec& spec) {
  ConnectOptions o;
  if (spec.user) o.user = *spec.user;
  if (spec.password) o.password = *spec.password;
  if (spec.host) o.host = *spec.host;
  if (spec.port) o.port = *spec.port;
  if (spec.socket) o.socket = *spec.socket;
  if (spec.database) o.database = *spec.database;
  return o;
}

std::string Describe(const ConnectOptions& o) {
  std::string where = o.socket.empty() ? fmt::format("{}:{}", o.host, o.port) : o.socket;
  return fmt::format("{}@{}{}{}", o.user, where, o.database.empty() ? "" : "/", o.database);
}

}  // namespace qadvisor::connectors
