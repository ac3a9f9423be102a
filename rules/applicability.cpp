// Whether a finding's fix applies as it stands (see Applicability in finding.h).
#include <algorithm>

#include "parser/ast.h"
#include "parser/keywords.h"
#include "parser/parser.h"
#include "rules/finding.h"

namespace qadvisor::rules {
namespace {

namespace ast = parser::ast;

bool SecondaryIndex(const ast::IndexDef& index) {
  return index.type == ast::IndexType::kKey || index.type == ast::IndexType::kFulltext ||
         index.type == ast::IndexType::kSpatial;
}

// An ALTER TABLE action that only adds a secondary index, or says how to run the statement.
bool OnlyAdds(const ast::AlterAction& action) {
  if (action.kind == ast::AlterKind::kAddIndex) return SecondaryIndex(action.index);
  return action.kind == ast::AlterKind::kOption &&
         (parser::EqualsIgnoreCase(action.option.name, "ALGORITHM") ||
          parser::EqualsIgnoreCase(action.option.name, "LOCK"));
}

bool OnlyAdds(const ast::Statement& statement) {
  switch (statement.kind) {
    case ast::StatementKind::kCreateIndex:
      return SecondaryIndex(statement.As<ast::CreateIndexStatement>().index);
    case ast::StatementKind::kAlterTable: {
      const auto& alter = statement.As<ast::AlterTableStatement>();
      return alter.partitioning.empty() && !alter.actions.empty() &&
             std::all_of(alter.actions.begin(), alter.actions.end(),
                         [](const ast::AlterAction& a) { return OnlyAdds(a); });
    }
    default:
      return false;
  }
}

// The SQL's applicability, or nullopt when `sql` is not SQL the parser understands.
std::optional<Applicability> OfSql(std::string_view sql) {
  const parser::ParseResult parsed = parser::Parse(sql);
  if (!parsed.ok() || parsed.statements().empty()) return std::nullopt;
  bool safe = true;
  for (const ast::Statement* statement : parsed.statements()) {
    if (statement->kind == ast::StatementKind::kUnsupported) return std::nullopt;
    safe = safe && OnlyAdds(*statement);
  }
  return safe ? Applicability::kSafe : Applicability::kUnsafe;
}

}  // namespace

std::string_view ApplicabilityName(Applicability a) {
  switch (a) {
    case Applicability::kDisplayOnly:
      return "display-only";
    case Applicability::kUnsafe:
      return "unsafe";
    case Applicability::kSafe:
      return "safe";
  }
  return "display-only";
}

size_t IndexDdlAt(std::string_view fix) {
  for (std::string_view lead : {"ALTER TABLE ", "CREATE INDEX "}) {
    const size_t at = fix.find(lead);
    if (at == std::string_view::npos) continue;
    if (lead == "CREATE INDEX " || fix.find(" ADD INDEX ", at) != std::string_view::npos) {
      return at;
    }
  }
  return std::string_view::npos;
}

Applicability FixApplicability(const Finding& finding) {
  if (finding.applicability) return *finding.applicability;
  if (finding.fix.empty()) return Applicability::kDisplayOnly;
  if (std::optional<Applicability> all = OfSql(finding.fix)) return *all;
  const size_t at = IndexDdlAt(finding.fix);
  if (at == std::string::npos || at == 0) return Applicability::kDisplayOnly;
  return OfSql(std::string_view(finding.fix).substr(at)).value_or(Applicability::kDisplayOnly);
}

}  // namespace qadvisor::rules
