// The checker (see checker.h).
#include "rules/checker.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "analyzer/access.h"
#include "analyzer/digest.h"
#include "parser/fingerprint.h"
#include "parser/keywords.h"
#include "rules/common.h"

namespace qadvisor::rules {
namespace {

namespace ast = parser::ast;

bool Contains(const std::vector<std::string>& v, std::string_view s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

uint32_t CountLines(std::string_view text) {
  return static_cast<uint32_t>(std::count(text.begin(), text.end(), '\n'));
}

// The line of `text` that starts at line `base` and holds line `line`, without its newline.
std::string LineAt(std::string_view text, uint32_t base, uint32_t line) {
  if (line < base) return {};
  size_t start = 0;
  for (uint32_t l = base; l < line; ++l) {
    const size_t nl = text.find('\n', start);
    if (nl == std::string_view::npos) return {};
    start = nl + 1;
  }
  size_t end = text.find('\n', start);
  if (end == std::string_view::npos) end = text.size();
  std::string out(text.substr(start, end - start));
  if (!out.empty() && out.back() == '\r') out.pop_back();
  return out;
}

// `qadvisor:ignore a, b` comments: their line (relative to line 1 of `text`) and ids.
template <typename Marker>
std::vector<Marker> FindMarkers(std::string_view text) {
  static constexpr std::string_view kTag = "qadvisor:ignore";
  std::vector<Marker> out;
  uint32_t line = 1;
  size_t counted = 0;
  for (size_t at = text.find(kTag); at != std::string_view::npos; at = text.find(kTag, at + 1)) {
    line += static_cast<uint32_t>(std::count(text.begin() + counted, text.begin() + at, '\n'));
    counted = at;
    Marker m{line, {}};
    size_t i = at + kTag.size();
    while (i < text.size() && text[i] != '\n') {
      const char c = text[i];
      if (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_') {
        const size_t start = i;
        while (i < text.size() && (std::isalnum(static_cast<unsigned char>(text[i])) ||
                                   text[i] == '-' || text[i] == '_')) {
          ++i;
        }
        m.ids.emplace_back(text.substr(start, i - start));
      } else if (c == ',' || c == ' ' || c == '\t' || c == ':' || c == '=') {
        ++i;
      } else {
        break;  // "*/", or prose after the ids
      }
    }
    if (Contains(m.ids, "all")) m.ids.clear();
    out.push_back(std::move(m));
  }
  return out;
}

bool IsDdl(ast::StatementKind kind) {
  switch (kind) {
    case ast::StatementKind::kCreateTable:
    case ast::StatementKind::kCreateIndex:
    case ast::StatementKind::kAlterTable:
    case ast::StatementKind::kDropTable:
    case ast::StatementKind::kDropIndex:
    case ast::StatementKind::kRenameTable:
    case ast::StatementKind::kCreateDatabase:
    case ast::StatementKind::kUse:
    case ast::StatementKind::kCreateView:
    case ast::StatementKind::kAlterView:
    case ast::StatementKind::kDropView:
    case ast::StatementKind::kDropDatabase:
    case ast::StatementKind::kCreateTrigger:  // schema objects the catalog does not keep
    case ast::StatementKind::kCreateRoutine:
    case ast::StatementKind::kDropRoutine:
    case ast::StatementKind::kUnsupported:  // CREATE OR REPLACE TABLE, …: the catalog decides
      return true;
    default:
      return false;
  }
}

bool IsQuery(ast::StatementKind kind) {
  return kind == ast::StatementKind::kSelect || kind == ast::StatementKind::kInsert ||
         kind == ast::StatementKind::kUpdate || kind == ast::StatementKind::kDelete;
}

// An unmodelled statement that changes the schema (CREATE OR REPLACE TABLE, CREATE EVENT, ALTER
// DATABASE, …), by the verb the parser read; not SET, GRANT, LOCK TABLES and the like.
bool ChangesSchema(const ast::UnsupportedStatement& s) {
  return s.head.verb == ast::Verb::kCreate || s.head.verb == ast::Verb::kAlter ||
         s.head.verb == ast::Verb::kDrop || s.head.verb == ast::Verb::kRename;
}

// A span's line and column in `script`: from statement `st`'s own, counting the newlines
// between.
Reporter::Locator SpanLocator(std::string_view file, std::string_view script,
                              const ast::Statement& st) {
  return [file = std::string(file), script, &st](ast::Span span) {
    Location loc{file, st.line, st.column, span.length};
    const size_t from = st.span.offset;
    const size_t to = std::min<size_t>(std::max<size_t>(span.offset, from), script.size());
    const std::string_view between = script.substr(from, to - from);
    const size_t nl = between.rfind('\n');
    if (nl == std::string_view::npos) {
      loc.column = st.column + static_cast<uint32_t>(to - from);
    } else {
      loc.line += CountLines(between);
      loc.column = static_cast<uint32_t>(between.size() - nl);
    }
    return loc;
  };
}

}  // namespace

Status ValidateRuleIds(const CheckerOptions& options) {
  std::vector<std::string> unknown;
  auto check = [&](std::string_view id) {
    if (!FindRuleInfo(id) && !Contains(unknown, id)) unknown.emplace_back(id);
  };
  for (const auto& id : options.only) check(id);
  for (const auto& id : options.disable) check(id);
  for (const auto& id : options.enable) check(id);
  for (const auto& [id, severity] : options.severity) check(id);
  for (const auto& [name, value] : options.options.values()) check(name.substr(0, name.find('.')));
  if (unknown.empty()) return Status::Ok();
  std::string list;
  for (const auto& id : unknown) list += (list.empty() ? "" : ", ") + id;
  return InvalidArgument(fmt::format("unknown rule id{}: {} (`qadvisor rules` lists them)",
                                     unknown.size() > 1 ? "s" : "", list));
}

bool RuleSelected(const CheckerOptions& options, std::string_view id) {
  const bool selected = options.only.empty() || Contains(options.only, id);
  const bool disabled = Contains(options.disable, id) && !Contains(options.enable, id);
  return selected && !disabled;
}

Checker::Checker(analyzer::Catalog& catalog, CheckerOptions options)
    : catalog_(catalog), options_(std::move(options)) {
  for (const RuleEntry& entry : Registry()) {
    if (RuleSelected(options_, entry.id)) rules_.push_back(entry.make(options_.options));
  }
}

std::vector<const Rule*> Checker::rules() const {
  std::vector<const Rule*> out;
  for (const auto& r : rules_) out.push_back(r.get());
  return out;
}

Checker::SchemaLoad Checker::LoadSchema(std::string_view file, std::string_view text) {
  const parser::ParseResult parsed = Read(file, text);
  SchemaLoad load;
  for (const parser::Diagnostic& d : parsed.diagnostics()) {
    if (d.severity == parser::Severity::kError) load.errors.push_back(d);
  }
  uint32_t previous_end_line = 0;
  for (const ast::Statement* st : parsed.statements()) {
    ++load.statements;
    const uint32_t zone_start = previous_end_line + 1;
    previous_end_line =
        st->line + CountLines(parsed.text().substr(st->span.offset, st->span.length));
    if (IsDdl(st->kind)) ApplyDdl(*st, parsed.text(), file, zone_start, /*migration=*/false);
    // SET foreign_key_checks changes what DDL the server accepts after it: the catalog keeps it.
    if (st->kind == ast::StatementKind::kSet) catalog_.ApplyStatement(*st, parsed.text(), file);
  }
  return load;
}

parser::ParseResult Checker::Read(std::string_view file, std::string_view text) {
  auto& markers = markers_[std::string(file)];
  for (Marker& m : FindMarkers<Marker>(text)) markers.push_back(std::move(m));
  texts_[std::string(file)] = std::string(text);
  parser::ParseResult parsed = parser::Parse(text, options_.parse);
  for (const parser::Diagnostic& d : parsed.diagnostics()) {
    if (d.severity != parser::Severity::kError) continue;
    const size_t first = findings_.size();
    const Location where{std::string(file), d.line, d.column, 1};
    Reporter out(findings_, [&where](ast::Span) { return where; });
    for (const auto& rule : rules_) rule->CheckDiagnostic(d, out);
    const LineScope scope{std::string(file), d.line > 1 ? d.line - 1 : 1, d.line};
    for (size_t i = first; i < findings_.size(); ++i) {
      findings_[i].excerpt = LineAt(parsed.text(), 1, d.line);
    }
    Record(first, scope, fmt::format("parse:{}", d.line));
  }
  return parsed;
}

// The existing table an ALTER TABLE, CREATE INDEX or DROP INDEX changes, or nullptr.
const analyzer::Table* Checker::TargetOf(const ast::Statement& st) const {
  const ast::Name* name = nullptr;
  if (st.kind == ast::StatementKind::kAlterTable) name = &st.As<ast::AlterTableStatement>().table;
  if (st.kind == ast::StatementKind::kCreateIndex) name = &st.As<ast::CreateIndexStatement>().table;
  if (st.kind == ast::StatementKind::kDropIndex) name = &st.As<ast::DropIndexStatement>().table;
  return name == nullptr ? nullptr : TableNamed(catalog_, *name);
}

void Checker::ApplyDdl(const ast::Statement& st, std::string_view script, std::string_view file,
                       uint32_t zone_start, bool migration) {
  const size_t known = catalog_.issues().size();
  // The table the statement changes, as it was: DDL rules compare.
  std::optional<analyzer::Table> before;
  const bool ddl_rules = migration && std::any_of(rules_.begin(), rules_.end(), [](const auto& r) {
                           return r->info().scope == Scope::kDdl;
                         });
  const size_t ddl_first = findings_.size();
  Reporter ddl_out(findings_, SpanLocator(file, script, st));
  if (migration) {
    if (const analyzer::Table* t = TargetOf(st)) before = *t;
  }
  // Before it applies: what it drops or renames still exists.
  if (ddl_rules) CheckChanges(st, ddl_out);
  if (migration && st.kind == ast::StatementKind::kRenameTable) {
    for (const ast::RenamePair& pair : st.As<ast::RenameTableStatement>().pairs) {
      const analyzer::Table* t = TableNamed(catalog_, pair.from);
      if (t == nullptr) continue;
      steps_.push_back({SpanLocator(file, script, st)(st.span), t->name,
                        fmt::format("RENAME TABLE `{}` TO `{}`", t->name, pair.to.last().Value()),
                        "rename-table",
                        analyzer::Lookup("rename-table", options_.options.target(), {}), ""});
    }
  }
  catalog_.ApplyStatement(st, script, file);
  if (migration && before) {
    const analyzer::Table* now = catalog_.FindTable(before->database, before->name);
    const Reporter::Locator locate = SpanLocator(file, script, st);
    for (analyzer::DdlOperation& op :
         analyzer::OperationsOf(st, &*before, now, options_.options.target())) {
      steps_.push_back({locate(op.span), before->name, std::move(op.what), std::move(op.operation),
                        std::move(op.ddl), std::move(op.refused)});
    }
  }
  if (ddl_rules) {
    for (const auto& rule : rules_) {
      if (rule->info().scope == Scope::kDdl) {
        rule->CheckDdl(st, before ? &*before : nullptr, catalog_, ddl_out);
      }
    }
    const uint32_t end_line = st.line + CountLines(script.substr(st.span.offset, st.span.length));
    for (size_t i = ddl_first; i < findings_.size(); ++i) {
      findings_[i].excerpt = LineAt(script, 1, findings_[i].location.line);
    }
    Record(ddl_first, {std::string(file), std::min(zone_start, st.line), end_line},
           "ddl:" + parser::Fingerprint(script.substr(st.span.offset, st.span.length)));
  }
  // Copied: reporting does not change the catalog, but the vector is the catalog's.
  const std::vector<analyzer::CatalogIssue> issues(
      catalog_.issues().begin() + static_cast<std::ptrdiff_t>(known), catalog_.issues().end());
  const uint32_t last_line = st.line + CountLines(script.substr(st.span.offset, st.span.length));
  for (const analyzer::CatalogIssue& issue : issues) {
    const size_t first = findings_.size();
    const Location where{std::string(file), issue.location.line, issue.location.column, 0};
    Reporter out(findings_, [&where](ast::Span) { return where; });
    for (const auto& rule : rules_) rule->CheckCatalogIssue(issue, out);
    for (size_t i = first; i < findings_.size(); ++i) {
      findings_[i].excerpt = LineAt(script, 1, issue.location.line);
    }
    // An ignore comment above the statement or on any of its lines; the key leaves the line out.
    Record(first, {std::string(file), std::min(zone_start, st.line), last_line},
           "ddl:" + issue.message);
  }
}

void Checker::CheckScript(std::string_view file, std::string_view text) {
  const parser::ParseResult parsed = Read(file, text);
  const std::string_view script = parsed.text();

  // Ignore comments between the previous statement and this one belong to this one.
  uint32_t previous_end_line = 0;
  for (const ast::Statement* st : parsed.statements()) {
    ++statements_;
    const uint32_t zone_start = previous_end_line + 1;
    previous_end_line = st->line + CountLines(script.substr(st->span.offset, st->span.length));
    if (IsDdl(st->kind)) {
      ApplyDdl(*st, script, file, zone_start, /*migration=*/true);
      continue;
    }
    if (st->kind == ast::StatementKind::kSet) catalog_.ApplyStatement(*st, script, file);
    if (st->kind != ast::StatementKind::kSelect && st->kind != ast::StatementKind::kInsert &&
        st->kind != ast::StatementKind::kUpdate && st->kind != ast::StatementKind::kDelete) {
      continue;
    }
    const std::string_view body = script.substr(st->span.offset, st->span.length);
    const LineScope scope{std::string(file), std::min(zone_start, st->line),
                          st->line + CountLines(body)};
    const analyzer::QueryModel model =
        analyzer::Bind(*st, catalog_, catalog_.current_database(), script);
    const Reporter::Locator locator = SpanLocator(file, script, *st);
    const std::string fingerprint = parser::Fingerprint(body);
    const std::string statement_class = analyzer::FormatClassId(analyzer::ClassId(fingerprint));
    // Excerpts are read from the statement's first line on, not from the top of the script.
    const size_t newline =
        st->span.offset == 0 ? std::string_view::npos : script.rfind('\n', st->span.offset - 1);
    const size_t from = newline == std::string_view::npos ? 0 : newline + 1;
    CheckBound(model, locator, scope, statement_class, script.substr(from), st->line);
  }
}

void Checker::CheckQuery(std::string_view file, std::string_view sql, uint32_t line,
                         std::string_view database, std::string_view query_class,
                         std::optional<uint64_t> max_rows_examined) {
  const parser::ParseResult parsed = parser::Parse(sql, options_.parse);
  if (parsed.statements().empty()) return;
  const ast::Statement* st = parsed.statements().front();
  if (st->kind != ast::StatementKind::kSelect && st->kind != ast::StatementKind::kInsert &&
      st->kind != ast::StatementKind::kUpdate && st->kind != ast::StatementKind::kDelete) {
    return;
  }
  analyzer::QueryModel model = analyzer::Bind(*st, catalog_, database, parsed.text());
  model.max_rows_examined = max_rows_examined;
  CheckModel(file, model, line, query_class);
}

void Checker::CheckModel(std::string_view file, const analyzer::QueryModel& model, uint32_t line,
                         std::string_view query_class) {
  ++statements_;
  const std::string_view script = model.script;
  const LineScope scope{std::string(file), line, line};
  Reporter::Locator locator = [&](ast::Span span) {
    Location loc{std::string(file), line, 1, 0};
    const std::string_view before = script.substr(0, std::min<size_t>(span.offset, script.size()));
    loc.line += CountLines(before);
    const size_t nl = before.rfind('\n');
    loc.column = static_cast<uint32_t>(nl == std::string_view::npos ? before.size() + 1
                                                                    : before.size() - nl);
    loc.length = span.length;
    return loc;
  };
  const size_t first = findings_.size();
  CheckBound(model, locator, scope, query_class, script, line);
  for (size_t i = first; i < findings_.size(); ++i) findings_[i].query_class = query_class;
  // A comment in the logged query itself can suppress rules for it.
  const auto markers = FindMarkers<Marker>(script);
  if (markers.empty()) return;
  for (size_t i = findings_.size(); i-- > first;) {
    for (const auto& m : markers) {
      if (m.ids.empty() || Contains(m.ids, findings_[i].rule)) {
        findings_.erase(findings_.begin() + static_cast<std::ptrdiff_t>(i));
        scopes_.erase(scopes_.begin() + static_cast<std::ptrdiff_t>(i));
        ++suppressed_;
        break;
      }
    }
  }
}

void Checker::CheckBound(const analyzer::QueryModel& model, const Reporter::Locator& locator,
                         const LineScope& scope, std::string_view statement_class,
                         std::string_view text, uint32_t text_line) {
  const size_t first = findings_.size();
  Reporter out(findings_, locator);
  for (const auto& rule : rules_) {
    if (rule->info().scope == rules::Scope::kQuery) rule->CheckQuery(model, catalog_, out);
  }
  for (size_t i = first; i < findings_.size(); ++i) {
    findings_[i].excerpt = LineAt(text, text_line, findings_[i].location.line);
  }
  Record(first, scope, statement_class);
  NoteUse(model);
  checked_use_.Note(model, fmt::format("{}:{}", scope.file, text_line));
}

void Checker::Record(size_t first_new, const LineScope& scope, std::string_view statement_class) {
  for (size_t i = first_new; i < findings_.size(); ++i) {
    Finding& f = findings_[i];
    if (auto it = options_.severity.find(f.rule); it != options_.severity.end()) {
      f.severity = it->second;
    }
    MakeKey(f, statement_class);
    scopes_.push_back(scope);
  }
}

void Checker::NoteUse(const analyzer::QueryModel& model, bool count) {
  if (count) ++use_.statements;
  for (const analyzer::QueryBlock& block : model.blocks) {
    for (size_t t = 0; t < block.tables.size(); ++t) {
      const analyzer::TableUse& use = block.tables[t];
      if (!use.table) continue;
      const std::string table = WorkloadUse::TableKey(*use.table);
      if (!Contains(use_.tables_queried, table)) use_.tables_queried.push_back(table);
      auto mark = [&](std::string_view index) {
        const std::string key = WorkloadUse::IndexKey(*use.table, index);
        if (!Contains(use_.used_indexes, key)) use_.used_indexes.push_back(key);
      };
      for (const std::string& index : UsableIndexes(block, t)) mark(index);
      for (const std::string& hint : use.hint_indexes) mark(hint);
    }
  }
}

void Checker::AddApplication(std::string_view sql, std::string_view database, std::string site,
                             bool workload) {
  parser::ParseResult parsed = parser::Parse(sql, options_.parse);
  if (parsed.statements().size() != 1 || !IsQuery(parsed.statements().front()->kind)) return;
  application_.push_back({std::move(parsed), std::string(database), std::move(site), workload});
}

bool Checker::AddApplicationScript(std::string_view file, std::string_view text, bool workload) {
  const parser::ParseResult parsed = parser::Parse(text, options_.parse);
  for (const ast::Statement* st : parsed.statements()) {
    if (IsDdl(st->kind) && st->kind != ast::StatementKind::kUse &&
        (st->kind != ast::StatementKind::kUnsupported ||
         ChangesSchema(st->As<ast::UnsupportedStatement>()))) {
      return false;
    }
  }
  std::string database = catalog_.current_database();
  for (const ast::Statement* st : parsed.statements()) {
    if (st->kind == ast::StatementKind::kUse) {
      database = st->As<ast::UseStatement>().database.Value();
    } else if (IsQuery(st->kind)) {
      AddApplication(parsed.text().substr(st->span.offset, st->span.length), database,
                     fmt::format("{}:{}", file, st->line), workload);
    }
  }
  return true;
}

void Checker::CheckChanges(const ast::Statement& st, Reporter& out) {
  const std::vector<SchemaChange> changes = DroppedOrRenamed(st, catalog_);
  if (changes.empty()) return;
  // The application as it runs before this statement: bound to the schema as it is now.
  SchemaUse use = checked_use_;
  for (const Application& app : application_) {
    const analyzer::QueryModel model =
        analyzer::Bind(*app.parsed.statements().front(), catalog_, app.database, app.parsed.text());
    use.Note(model, app.site);
    // unused-index: an index the workload uses before the migration renames its column away
    // is not unused (the statement is counted where it is checked, or in Finish).
    if (options_.whole_workload) NoteUse(model, /*count=*/false);
  }
  for (const auto& rule : rules_) {
    if (rule->info().scope == Scope::kDdl) rule->CheckChanges(changes, use, out);
  }
}

bool Checker::Suppressed(const Finding& f, const LineScope& scope) const {
  const auto it = markers_.find(scope.file);
  if (it == markers_.end()) return false;
  for (const Marker& m : it->second) {
    if (m.line < scope.first_line || m.line > scope.last_line) continue;
    if (m.ids.empty() || Contains(m.ids, f.rule)) return true;
  }
  return false;
}

Findings Checker::Finish() {
  const size_t first = findings_.size();
  std::map<std::string, std::vector<size_t>, std::less<>> line_starts;
  Reporter out(findings_, nullptr);
  for (const Application& app : application_) {
    if (!app.workload || !options_.whole_workload) continue;
    NoteUse(analyzer::Bind(*app.parsed.statements().front(), catalog_, app.database,
                           app.parsed.text()));
  }
  for (const auto& rule : rules_) {
    if (rule->info().scope == rules::Scope::kSchema) rule->CheckSchema(catalog_, out);
    if (rule->info().scope == rules::Scope::kWorkload && options_.whole_workload) {
      rule->CheckWorkload(catalog_, use_, out);
    }
  }
  for (size_t i = first; i < findings_.size(); ++i) {
    Finding& f = findings_[i];
    if (auto it = options_.severity.find(f.rule); it != options_.severity.end()) {
      f.severity = it->second;
    }
    MakeKey(f, "schema");
    // A schema finding: an ignore comment on its line or the line above.
    scopes_.push_back(
        {f.location.file, f.location.line > 1 ? f.location.line - 1 : 1, f.location.line});
    if (auto text = texts_.find(f.location.file); text != texts_.end() && f.location.line > 0) {
      std::vector<size_t>& starts = line_starts[f.location.file];
      if (starts.empty()) {  // index the file's lines once: schema findings can be many
        starts.push_back(0);
        for (size_t at = text->second.find('\n'); at != std::string::npos;
             at = text->second.find('\n', at + 1)) {
          starts.push_back(at + 1);
        }
      }
      if (f.location.line <= starts.size()) {
        f.excerpt = LineAt(std::string_view(text->second).substr(starts[f.location.line - 1]),
                           f.location.line, f.location.line);
      }
    }
  }
  Findings kept;
  for (size_t i = 0; i < findings_.size(); ++i) {
    if (Suppressed(findings_[i], scopes_[i])) {
      ++suppressed_;
    } else {
      kept.push_back(std::move(findings_[i]));
    }
  }
  std::sort(kept.begin(), kept.end(), [](const Finding& a, const Finding& b) {
    return std::tie(a.location.file, a.location.line, a.location.column, a.rule, a.message) <
           std::tie(b.location.file, b.location.line, b.location.column, b.rule, b.message);
  });
  kept.erase(std::unique(kept.begin(), kept.end(),
                         [](const Finding& a, const Finding& b) {
                           return a.rule == b.rule && a.location.file == b.location.file &&
                                  a.location.line == b.location.line &&
                                  a.location.column == b.location.column && a.message == b.message;
                         }),
             kept.end());
  findings_.clear();
  scopes_.clear();
  return kept;
}

}  // namespace qadvisor::rules
