// Markdown escaping shared by the check, digest and advise reports (see markdown.h).
#include "report/markdown.h"

#include <fmt/format.h>

#include <algorithm>

namespace qadvisor::report {

namespace {

bool IsControl(char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7F; }

size_t LongestBacktickRun(std::string_view s) {
  size_t run = 0;
  size_t longest = 0;
  for (const char c : s) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  return longest;
}

std::string CodeSpan(std::string_view s, bool in_table) {
  std::string body;
  body.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '|' && in_table) {
      body += "\\|";
    } else if (c == '\r' && i + 1 < s.size() && s[i + 1] == '\n') {
      continue;  // one space for a CRLF
    } else if (IsControl(c)) {
      body.push_back(' ');
    } else {
      body.push_back(c);
    }
  }
  const std::string fence(LongestBacktickRun(body) + 1, '`');
  // All spaces: nothing is stripped. Else pad when an end is a backtick (it would join the
  // fence) or both ends are spaces (one of each would be stripped).
  if (body.find_first_not_of(' ') == std::string::npos) return fence + body + fence;
  const bool pad =
      body.front() == '`' || body.back() == '`' || (body.front() == ' ' && body.back() == ' ');
  return pad ? fence + " " + body + " " + fence : fence + body + fence;
}

}  // namespace

std::string MarkdownCode(std::string_view text) { return CodeSpan(text, false); }

std::string MarkdownCodeCell(std::string_view text) { return CodeSpan(text, true); }

std::string MarkdownCodeLinesCell(std::string_view text) {
  std::string out;
  while (!text.empty()) {
    const size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.find_first_not_of(" \t") != std::string_view::npos) {
      if (!out.empty()) out += "<br>";
      out += MarkdownCodeCell(line);
    }
    if (nl == std::string_view::npos) break;
    text.remove_prefix(nl + 1);
  }
  return out;
}

std::string MarkdownCell(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    switch (c) {
      case '\\':
      case '`':
      case '*':
      case '_':
      case '[':
      case ']':
      case '<':
      case '>':
      case '|':
      case '~':
      case '&':
      case '#':
      case '!':
        out.push_back('\\');
        out.push_back(c);
        break;
      case '\r':
        if (i + 1 < s.size() && s[i + 1] == '\n') break;
        out += "<br>";
        break;
      case '\n':
        out += "<br>";
        break;
      case '\t':
        out.push_back(' ');
        break;
      default:
        out.push_back(IsControl(c) ? ' ' : c);
    }
  }
  return out;
}

std::string MarkdownCodeBlock(std::string_view text, std::string_view info) {
  const std::string fence(std::max<size_t>(3, LongestBacktickRun(text) + 1), '`');
  std::string out = fence + std::string(info) + "\n" + std::string(text);
  if (!out.ends_with('\n')) out.push_back('\n');
  return out + fence + "\n";
}

std::string Plural(uint64_t n, std::string_view one, std::string_view many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

}  // namespace qadvisor::report
