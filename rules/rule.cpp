// The parts of the rule interface every rule shares: options, the reporter, the doc pages.
#include "rules/rule.h"

#include <fmt/format.h>

#include "base/hash.h"

namespace qadvisor::rules {

int64_t RuleOptions::Get(std::string_view rule, std::string_view option, int64_t fallback) const {
  const auto it = values_.find(fmt::format("{}.{}", rule, option));
  return it == values_.end() ? fallback : it->second;
}

Finding& Reporter::Add(const RuleInfo& info, parser::ast::Span span, std::string message) {
  Finding& f = out_.emplace_back();
  f.rule = std::string(info.id);
  f.severity = info.severity;
  f.message = std::move(message);
  if (locator_) f.location = locator_(span);
  return f;
}

Finding& Reporter::Add(const RuleInfo& info, const analyzer::SourceLocation& where,
                       std::string message) {
  Finding& f = out_.emplace_back();
  f.rule = std::string(info.id);
  f.severity = info.severity;
  f.message = std::move(message);
  f.location.file = where.file;
  f.location.line = where.line;
  f.location.column = where.column;
  return f;
}

void Reporter::SetReplacement(Finding& finding, std::string_view script, parser::ast::Span span,
                              std::string text) const {
  if (!locator_ || span.end() > script.size() ||
      script.substr(span.offset, span.length).find('\n') != std::string_view::npos) {
    return;
  }
  const size_t begin = script.rfind('\n', span.offset == 0 ? 0 : span.offset - 1);
  const size_t from = begin == std::string_view::npos || span.offset == 0 ? 0 : begin + 1;
  const std::string_view line = script.substr(from, script.find('\n', span.offset) - from);
  finding.replacement = Replacement{locator_(span), std::move(text), std::string(line)};
}

const RuleInfo* FindRuleInfo(std::string_view id) {
  for (const RuleInfo* info : AllRuleInfos()) {
    if (info->id == id) return info;
  }
  return nullptr;
}

std::vector<const RuleInfo*> AllRuleInfos() {
  // One default instance of each rule, made once: RuleInfo objects are static in their files.
  static const std::vector<const RuleInfo*> infos = [] {
    std::vector<const RuleInfo*> out;
    const RuleOptions defaults;
    for (const RuleEntry& entry : Registry()) out.push_back(&entry.make(defaults)->info());
    return out;
  }();
  return infos;
}

std::string_view ScopeName(Scope scope) {
  switch (scope) {
    case Scope::kQuery:
      return "query";
    case Scope::kSchema:
      return "schema";
    case Scope::kWorkload:
      return "workload";
    case Scope::kScript:
      return "script";
    case Scope::kDdl:
      return "ddl";
    case Scope::kLive:
      return "live";
  }
  return "query";  // not reached: every scope is named above
}

std::string RuleDocPage(const RuleInfo& info) {
  std::string_view scope;
  switch (info.scope) {
    case Scope::kQuery:
      scope = "each query";
      break;
    case Scope::kSchema:
      scope = "the schema";
      break;
    case Scope::kWorkload:
      scope = "the schema against the whole workload";
      break;
    case Scope::kScript:
      scope = "each script as it is parsed";
      break;
    case Scope::kDdl:
      scope = "each DDL statement of the checked scripts (migrations), on the schema built so far";
      break;
    case Scope::kLive:
      scope = "each query class on a live server (`qadvisor verify` only)";
      break;
  }
  std::string doc(info.doc);
  while (!doc.empty() && (doc.front() == '\n')) doc.erase(doc.begin());
  while (!doc.empty() && (doc.back() == '\n' || doc.back() == ' ')) doc.pop_back();
  return fmt::format(
      "<!-- Generated from rules/{}.cpp by `qadvisor explain {}`; edit the rule, not this page. "
      "-->\n# {}\n\n{}\n\n- Default severity: **{}**\n- Checks: {}\n\n{}\n",
      [&] {
        std::string file(info.id);
        for (char& c : file) c = c == '-' ? '_' : c;
        return file;
      }(),
      info.id, info.id, info.summary, SeverityName(info.severity), scope, doc);
}

}  // namespace qadvisor::rules

namespace qadvisor::rules {

void MakeKey(Finding& finding, std::string_view statement_class) {
  std::string text =
      fmt::format("{}\x1f{}\x1f{}\x1f", finding.rule, finding.location.file, finding.table);
  for (const std::string& c : finding.columns) text += c + ",";
  text += fmt::format("\x1f{}\x1f{}", finding.index, statement_class);
  // FNV-1a, 64 bits: stable across versions and platforms, which is all a baseline needs.
  finding.key = fmt::format("{}:{:016x}", finding.rule, base::Fnv1a64(text));
}

}  // namespace qadvisor::rules
