// Online DDL: naming each operation of a DDL statement, and looking it up in online_ddl.tsv.
#include "analyzer/online_ddl.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <iterator>
#include <limits>
#include <tuple>

#include "base/ascii.h"
#include "parser/keywords.h"

namespace qadvisor::analyzer {

extern const char kOnlineDdlTable[];

namespace {

namespace ast = parser::ast;
using parser::EqualsIgnoreCase;
using parser::LowerAscii;

constexpr std::string_view kAlgorithms[] = {"INSTANT", "NOCOPY", "INPLACE", "COPY"};
constexpr std::string_view kLocks[] = {"NONE", "SHARED", "EXCLUSIVE"};

struct Version {
  uint32_t major = 0, minor = 0, patch = 0;
  auto operator<=>(const Version&) const = default;
};

struct Row {
  std::string operation;
  ServerTarget::Kind kind = ServerTarget::Kind::kMySQL;
  Version since;
  std::vector<std::string> when;
  OnlineDdl ddl;
};

struct DdlTable {
  std::vector<Row> rows;
  std::vector<std::string> operations;  // in first-seen order
};

std::vector<std::string_view> Split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  size_t from = 0;
  for (size_t i = 0; i <= s.size(); ++i) {
    if (i == s.size() || s[i] == sep) {
      out.push_back(s.substr(from, i - from));
      from = i + 1;
    }
  }
  return out;
}

// "8.0.29" → {8, 0, 29}; missing parts are 0. nullopt when not numbers.
std::optional<Version> ParseVersion(std::string_view s) {
  Version v;
  uint32_t* parts[] = {&v.major, &v.minor, &v.patch};
  size_t i = 0;
  for (std::string_view p : Split(s, '.')) {
    if (i == 3 || p.empty()) return std::nullopt;
    const auto [end, ec] = std::from_chars(p.data(), p.data() + p.size(), *parts[i]);
    if (ec != std::errc() || end != p.data() + p.size()) return std::nullopt;
    ++i;
  }
  return v;
}

template <size_t N>
std::optional<size_t> IndexOf(const std::string_view (&names)[N], std::string_view name) {
  const auto* it = std::find(std::begin(names), std::end(names), name);
  if (it == std::end(names)) return std::nullopt;
  return static_cast<size_t>(it - std::begin(names));
}

std::optional<Row> ParseRow(std::string_view line) {
  const std::vector<std::string_view> f = Split(line, '\t');
  if (f.size() != 8 || (f[1] != "mysql" && f[1] != "mariadb") || (f[6] != "yes" && f[6] != "no")) {
    return std::nullopt;
  }
  const std::optional<Version> since = ParseVersion(f[2]);
  const std::optional<size_t> algorithm = IndexOf(kAlgorithms, f[4]);
  const std::optional<size_t> lock = IndexOf(kLocks, f[5]);
  if (!since || !algorithm || !lock) return std::nullopt;
  Row row;
  row.operation = std::string(f[0]);
  row.kind = f[1] == "mysql" ? ServerTarget::Kind::kMySQL : ServerTarget::Kind::kMariaDB;
  row.since = *since;
  if (f[3] != "-") {
    for (std::string_view c : Split(f[3], ',')) row.when.emplace_back(c);
  }
  row.ddl = {static_cast<Algorithm>(*algorithm), static_cast<DdlLock>(*lock), f[6] == "yes",
             std::string(f[7])};
  return row;
}

// The table is ours, compiled in and read whole by a unit test: a malformed row is a build
// defect, so it stops the program with the line rather than be skipped silently.
const DdlTable& TheTable() {
  static const DdlTable table = [] {
    DdlTable t;
    uint32_t line_no = 0;
    for (std::string_view line : Split(kOnlineDdlTable, '\n')) {
      ++line_no;
      if (line.empty() || line[0] == '#' || line.starts_with("probe\t")) continue;
      std::optional<Row> row = ParseRow(line);
      if (!row) {
        fmt::print(stderr, "qadvisor: analyzer/online_ddl.tsv:{}: malformed row\n", line_no);
        std::abort();
      }
      if (std::find(t.operations.begin(), t.operations.end(), row->operation) ==
          t.operations.end()) {
        t.operations.push_back(row->operation);
      }
      t.rows.push_back(std::move(*row));
    }
    return t;
  }();
  return table;
}

bool InSomeIndex(const Table& table, std::string_view column) {
  for (const Index& index : table.indexes) {
    for (const KeyPart& part : index.parts) {
      if (EqualsIgnoreCase(part.column, column)) return true;
    }
  }
  return false;
}

bool HasFulltext(const Table& table) {
  return std::any_of(table.indexes.begin(), table.indexes.end(),
                     [](const Index& i) { return i.kind == IndexKind::kFulltext; });
}

bool IsVirtual(const Column& c) { return !c.generated.empty() && !c.stored; }

// A STORED generated column, or a VIRTUAL one in an index: the server evaluates it for every row
// (measured on MariaDB 10.11: a column made NOT NULL then is copied, not rebuilt in place).
bool HasMaterializedGenerated(const Table& table) {
  for (const Column& c : table.columns) {
    if (c.stored || (IsVirtual(c) && InSomeIndex(table, c.name))) return true;
  }
  return false;
}

// A VIRTUAL column in an index: MariaDB then rebuilds the table to add or drop a column.
bool HasIndexedVirtual(const Table& table) {
  for (const Column& c : table.columns) {
    if (IsVirtual(c) && InSomeIndex(table, c.name)) return true;
  }
  return false;
}

// Whether a VIRTUAL generated column comes at or after position `from`: adding or dropping a
// column there moves it.
bool VirtualFrom(const Table& table, size_t from) {
  for (size_t i = from; i < table.columns.size(); ++i) {
    if (IsVirtual(table.columns[i])) return true;
  }
  return false;
}

// Whether a VIRTUAL column of `before` is gone from `after` or sits at another position there
// (nullptr: unknown, assumed so): a column added before it and another dropped before it leave
// it in place.
bool VirtualMoves(const Table& before, const Table* after) {
  if (after == nullptr) return true;
  for (size_t i = 0; i < before.columns.size(); ++i) {
    if (!IsVirtual(before.columns[i])) continue;
    const Column* c = after->FindColumn(before.columns[i].name);
    if (c == nullptr || static_cast<size_t>(c - after->columns.data()) != i) return true;
  }
  return false;
}

// Where a column added FIRST or AFTER `after` lands among `table`'s columns.
size_t PositionOf(const Table& table, const ast::AlterAction& a) {
  if (a.first) return 0;
  for (size_t i = 0; i < table.columns.size(); ++i) {
    if (EqualsIgnoreCase(table.columns[i].name, a.after.Value())) return i + 1;
  }
  return table.columns.size();
}

// Whether `index` holds a VIRTUAL column the statement adds (in `after`, not in `before`).
bool KeysNewVirtual(const ast::IndexDef& index, const Table& before, const Table* after) {
  if (after == nullptr) return false;
  return std::any_of(index.parts.begin(), index.parts.end(), [&](const ast::KeyPart& p) {
    const Column* c = after->FindColumn(p.column.Value());
    return c != nullptr && IsVirtual(*c) && before.FindColumn(p.column.Value()) == nullptr;
  });
}

// Whether dropping `column` leaves an index with fewer columns (rather than none): the index
// is then redefined, and the table rebuilt. `after`: the table once altered, when known.
bool InWiderIndex(const Table& before, const Table* after, std::string_view column) {
  for (const Index& index : before.indexes) {
    const bool holds = std::any_of(index.parts.begin(), index.parts.end(), [&](const KeyPart& p) {
      return EqualsIgnoreCase(p.column, column);
    });
    if (holds && index.parts.size() > 1 &&
        (after == nullptr || after->FindIndex(index.name) != nullptr)) {
      return true;
    }
  }
  return false;
}

// The index InnoDB clusters the table on: the primary key, else the first UNIQUE index of
// whole NOT NULL columns, which MySQL and MariaDB then treat as the primary key (adding one to
// a table without rebuilds it, dropping it copies it). nullptr: a hidden row id.
const Index* ClusteredIndex(const Table& table) {
  if (const Index* pk = table.PrimaryKey()) return pk;
  for (const Index& index : table.indexes) {
    if (index.kind != IndexKind::kUnique) continue;
    const bool clusters =
        std::all_of(index.parts.begin(), index.parts.end(), [&](const KeyPart& p) {
          const Column* c = p.column.empty() ? nullptr : table.FindColumn(p.column);
          return c != nullptr && !c->nullable && p.prefix_length == 0 && c->generated.empty();
        });
    if (clusters && !index.parts.empty()) return &index;
  }
  return nullptr;
}

// Whether adding the UNIQUE index `name` (empty: unnamed) gives a table clustered on a hidden
// row id its clustered index.
bool BecomesClustered(const Table& before, const Table* after, std::string_view name) {
  if (ClusteredIndex(before) != nullptr || after == nullptr) return false;
  const Index* clustered = ClusteredIndex(*after);
  return clustered != nullptr && (name.empty() || EqualsIgnoreCase(clustered->name, name));
}

// Whether dropping index `name` drops the index a table without a PRIMARY KEY is clustered on.
bool DropsClustered(const Table& before, std::string_view name) {
  const Index* clustered = ClusteredIndex(before);
  return before.PrimaryKey() == nullptr && clustered != nullptr &&
         EqualsIgnoreCase(clustered->name, name);
}

std::string Q(std::string_view name) { return fmt::format("`{}`", name); }

// The most bytes a VARCHAR / VARBINARY value takes: what decides its length bytes (1 up to 255).
uint64_t MaxBytes(const Column& c) {
  return uint64_t{c.length} * (c.family == TypeFamily::kString ? MaxBytesPerChar(c.charset) : 1);
}

// Bytes an ENUM (1 up to 255 members, else 2) or a SET (1, 2, 3, 4 or 8) value takes.
uint32_t EnumSetBytes(const Column& c) {
  if (c.type == "enum") return c.length <= 255 ? 1 : 2;
  const uint32_t bytes = (c.length + 7) / 8;
  return bytes > 4 ? 8 : bytes;
}

// What MODIFY / CHANGE does to a column, as the operations of the table: every aspect that
// changed (the caller keeps the costliest).
std::vector<std::string> ColumnChanges(const Column& from, const Column& to, bool renamed,
                                       bool positioned) {
  std::vector<std::string> ops;
  // A VIRTUAL column given a new expression: nothing stored changes, unless an index holds it.
  const bool virtual_expression =
      IsVirtual(from) && IsVirtual(to) && from.generated != to.generated;
  const bool same_type = from.type == to.type && from.scale == to.scale &&
                         from.is_unsigned == to.is_unsigned &&
                         (from.generated == to.generated || virtual_expression) &&
                         from.auto_increment == to.auto_increment;
  if (virtual_expression) ops.emplace_back("change-virtual-expression");
  if (!same_type || (to.family == TypeFamily::kEnumSet && to.length == from.length &&
                     to.members != from.members)) {
    ops.emplace_back("change-column-type");  // an ENUM's members renamed or reordered: too
  } else if (to.length != from.length) {
    const bool varlen = to.type == "varchar" || to.type == "varbinary";
    if (to.length < from.length || !(varlen || to.family == TypeFamily::kEnumSet)) {
      ops.emplace_back("change-column-type");
    } else if (to.family == TypeFamily::kEnumSet) {
      // Members added at the end, in the same storage size: metadata only; else a new type.
      const bool appended =
          std::equal(from.members.begin(), from.members.end(), to.members.begin());
      ops.emplace_back(appended && EnumSetBytes(from) == EnumSetBytes(to) ? "extend-enum"
                                                                          : "change-column-type");
    } else {
      ops.emplace_back((MaxBytes(from) <= 255) == (MaxBytes(to) <= 255)
                           ? "extend-varchar"
                           : "extend-varchar-length-bytes");
    }
  }
  if (!EqualsIgnoreCase(from.charset, to.charset)) {
    ops.emplace_back(EqualsIgnoreCase(to.charset, "utf8mb4") &&
                             (EqualsIgnoreCase(from.charset, "utf8mb3") ||
                              EqualsIgnoreCase(from.charset, "utf8"))
                         ? "widen-column-charset"
                         : "change-column-charset");
  } else if (!EqualsIgnoreCase(from.collation, to.collation)) {
    ops.emplace_back("change-column-collation");
  }
  if (from.nullable != to.nullable) {
    ops.emplace_back(to.nullable ? "make-column-null" : "make-column-not-null");
  }
  if (positioned) ops.emplace_back("reorder-column");
  if (renamed) ops.emplace_back("rename-column");
  if (ops.empty()) ops.emplace_back("column-metadata");
  return ops;
}

// CONVERT TO CHARACTER SET: only utf8mb3 → utf8mb4 and collation changes keep every byte
// (widen-table-charset), and then only while no column changes type with it: the server makes
// a TEXT a MEDIUMTEXT (and so on) when its characters take more bytes, and a VARCHAR whose
// length grows past 255 bytes from 128 or more needs a second length byte (measured on MariaDB
// 10.11: both copy). The costliest of these is the operation.
std::vector<std::string> ConvertOperations(const Table& table, std::string_view charset) {
  const std::string to = LowerAscii(charset) == "utf8" ? "utf8mb3" : LowerAscii(charset);
  std::vector<std::string> ops;
  bool widen = true;
  for (const Column& c : table.columns) {
    if (c.family != TypeFamily::kString) continue;
    const std::string from = LowerAscii(c.charset);
    if (from != to && !(to == "utf8mb4" && (from == "utf8mb3" || from == "utf8"))) widen = false;
    const uint32_t before = MaxBytesPerChar(c.charset), after = MaxBytesPerChar(to);
    if (after <= before) continue;
    const bool text = c.type == "tinytext" || c.type == "text" || c.type == "mediumtext";
    const uint64_t bytes = MaxBytes(c), grown = uint64_t{c.length} * after;
    if (text || (c.type == "varchar" && bytes >= 128 && bytes <= 255 && grown > 255)) {
      ops.emplace_back(text ? "change-column-type" : "extend-varchar-length-bytes");
    }
  }
  ops.insert(ops.begin(), widen ? "widen-table-charset" : "convert-charset");
  return ops;
}

std::string OptionOperation(const Table& table, std::string_view name, std::string_view value) {
  const std::string n = LowerAscii(name);
  if (n == "engine") {
    std::string v = LowerAscii(value);
    if (v.size() >= 2 && (v.front() == '\'' || v.front() == '"')) v = v.substr(1, v.size() - 2);
    return v == LowerAscii(table.engine) ? "rebuild-table" : "change-engine";
  }
  if (n == "row_format") return "row-format";
  if (n == "key_block_size") return "key-block-size";
  if (n == "auto_increment") return "auto-increment-value";
  if (n == "charset" || n == "default charset" || n == "character set" ||
      n == "default character set" || n == "collate" || n == "default collate") {
    return "table-charset";
  }
  if (n == "comment" || n.starts_with("stats_")) return "table-metadata";
  return "";
}

std::string IndexOperation(const ast::IndexDef& index, bool replaces_primary, bool* fulltext) {
  switch (index.type) {
    case ast::IndexType::kPrimary:
      return replaces_primary ? "replace-primary-key" : "add-primary-key";
    case ast::IndexType::kUnique:
    case ast::IndexType::kKey:
      return "add-index";
    case ast::IndexType::kFulltext: {
      const bool first = !*fulltext;
      *fulltext = true;
      return first ? "add-first-fulltext-index" : "add-fulltext-index";
    }
    case ast::IndexType::kSpatial:
      return "add-spatial-index";
    case ast::IndexType::kForeign:
      return "add-foreign-key";
    case ast::IndexType::kCheck:
      return "add-check";
  }
  return "";
}

bool AddsIndex(const ast::AlterAction& a) {
  if (a.kind == ast::AlterKind::kAddColumn) {
    // SERIAL DEFAULT VALUE makes a unique key too
    return a.column.unique || a.column.primary_key || a.column.serial_default_value;
  }
  if (a.kind != ast::AlterKind::kAddIndex) return false;
  return a.index.type != ast::IndexType::kForeign && a.index.type != ast::IndexType::kCheck;
}

// What the lookup of one operation needs to know besides its name.
struct Pending {
  DdlOperation op;
  std::vector<std::string> candidates;  // MODIFY / CHANGE: several; the costliest is kept
  std::vector<std::string_view> conditions;
};

auto Cost(const OnlineDdl& d) { return std::tuple(d.algorithm, d.rebuilds, d.lock); }

// Looks up every candidate of `p` and keeps the costliest.
void Resolve(Pending& p, const ServerTarget& target,
             const std::vector<std::string_view>& conditions) {
  p.op.ddl.reset();
  for (const std::string& name : p.candidates) {
    std::optional<OnlineDdl> d = Lookup(name, target, conditions);
    if (d && (!p.op.ddl || Cost(*d) > Cost(*p.op.ddl))) {
      p.op.ddl = std::move(d);
      p.op.operation = name;
    }
  }
  if (!p.op.ddl && !p.candidates.empty()) p.op.operation = p.candidates.front();
}

// What a statement asks for: ALGORITHM=x, LOCK=y (DEFAULT: nothing), MariaDB's ALTER ONLINE
// (LOCK=NONE).
struct Requested {
  std::optional<Algorithm> algorithm;
  std::optional<DdlLock> lock;
  std::string lock_text;  // "LOCK=NONE", "ALTER ONLINE TABLE"
};

Requested RequestedOf(const ast::Statement& statement) {
  Requested r;
  auto take = [&r](std::string_view name, std::string_view value) {
    const std::string n = LowerAscii(name);
    const std::string v = base::UpperAscii(value);
    if (n == "algorithm") {
      if (auto i = IndexOf(kAlgorithms, v)) r.algorithm = static_cast<Algorithm>(*i);
    } else if (n == "lock") {
      if (auto i = IndexOf(kLocks, v)) {
        r.lock = static_cast<DdlLock>(*i);
        r.lock_text = "LOCK=" + v;
      }
    }
  };
  if (statement.kind == ast::StatementKind::kAlterTable) {
    const auto& s = statement.As<ast::AlterTableStatement>();
    if (s.online) {
      r.lock = DdlLock::kNone;
      r.lock_text = "ALTER ONLINE TABLE";
    }
    for (const ast::AlterAction& a : s.actions) {
      if (a.kind == ast::AlterKind::kOption) take(a.option.name, a.option.value);
    }
  } else if (statement.kind == ast::StatementKind::kCreateIndex) {
    for (const ast::TableOption& o : statement.As<ast::CreateIndexStatement>().algorithm_lock) {
      take(o.name, o.value);
    }
  } else if (statement.kind == ast::StatementKind::kDropIndex) {
    for (const ast::TableOption& o : statement.As<ast::DropIndexStatement>().algorithm_lock) {
      take(o.name, o.value);
    }
  }
  return r;
}

}  // namespace

Result<ServerTarget> ServerTarget::Parse(std::string_view name) {
  const std::string n = LowerAscii(name);
  ServerTarget t;
  std::string_view version;
  if (n.starts_with("mysql-")) {
    t.kind = Kind::kMySQL;
    version = std::string_view(name).substr(6);
  } else if (n.starts_with("mariadb-")) {
    t.kind = Kind::kMariaDB;
    version = std::string_view(name).substr(8);
  }
  const std::optional<Version> v = version.empty() ? std::nullopt : ParseVersion(version);
  const size_t dots = static_cast<size_t>(std::count(version.begin(), version.end(), '.'));
  const bool known =
      v && ((t.kind == Kind::kMySQL && v->major == 8 && (v->minor == 0 || v->minor == 4)) ||
            (t.kind == Kind::kMariaDB && ((v->major == 10 && (v->minor == 6 || v->minor == 11)) ||
                                          (v->major == 11 && v->minor == 4))));
  if (!known || dots == 0) {
    return InvalidArgument(fmt::format(
        "--target: expected mysql-8.0, mysql-8.4, mariadb-10.6, mariadb-10.11 or mariadb-11.4 "
        "(or a full version such as mysql-8.0.36), not '{}'",
        name));
  }
  t.major = v->major;
  t.minor = v->minor;
  t.patch = v->patch;
  t.exact = dots == 2;
  return t;
}

std::optional<ServerTarget> ServerTarget::FromVersion(std::string_view version) {
  ServerTarget t;
  t.kind = version.find("MariaDB") != std::string_view::npos ? Kind::kMariaDB : Kind::kMySQL;
  const size_t end = version.find_first_not_of("0123456789.");
  const std::optional<Version> v = ParseVersion(version.substr(0, end));
  if (!v || v->major == 0) return std::nullopt;
  t.major = v->major;
  t.minor = v->minor;
  t.patch = v->patch;
  t.exact = true;
  return t;
}

std::string ServerTarget::Name() const {
  const std::string_view server = kind == Kind::kMariaDB ? "mariadb" : "mysql";
  return exact ? fmt::format("{}-{}.{}.{}", server, major, minor, patch)
               : fmt::format("{}-{}.{}", server, major, minor);
}

std::string_view AlgorithmName(Algorithm a) { return kAlgorithms[static_cast<size_t>(a)]; }
std::string_view DdlLockName(DdlLock l) { return kLocks[static_cast<size_t>(l)]; }

std::optional<OnlineDdl> Lookup(std::string_view operation, const ServerTarget& target,
                                const std::vector<std::string_view>& conditions) {
  // A series without a patch number stands for its newest release.
  const Version version{target.major, target.minor,
                        target.exact ? target.patch : std::numeric_limits<uint32_t>::max()};
  const Row* best = nullptr;
  for (const Row& row : TheTable().rows) {
    if (row.operation != operation || row.kind != target.kind || row.since > version) continue;
    const bool holds = std::all_of(row.when.begin(), row.when.end(), [&](const std::string& c) {
      return std::find(conditions.begin(), conditions.end(), c) != conditions.end();
    });
    if (!holds) continue;
    if (best == nullptr ||
        std::pair(row.when.size(), row.since) > std::pair(best->when.size(), best->since)) {
      best = &row;
    }
  }
  if (best == nullptr) return std::nullopt;
  return best->ddl;
}

std::vector<std::string> KnownOperations() { return TheTable().operations; }

std::vector<DdlOperation> OperationsOf(const ast::Statement& statement, const Table* before,
                                       const Table* after, const ServerTarget& target) {
  if (before == nullptr) return {};
  std::vector<Pending> ops;
  std::vector<std::string_view> table_conditions;
  if (HasFulltext(*before)) table_conditions.emplace_back("fulltext");
  if (before->row_format == "compressed") table_conditions.emplace_back("compressed");
  if (before->row_format == "redundant") table_conditions.emplace_back("redundant");
  if (HasMaterializedGenerated(*before)) table_conditions.emplace_back("stored-generated");
  if (HasIndexedVirtual(*before)) table_conditions.emplace_back("indexed-virtual");
  bool fulltext = HasFulltext(*before);
  const bool virtual_moves = VirtualMoves(*before, after);
  bool adds_index = false;

  auto add = [&](std::string what, ast::Span span, std::vector<std::string> candidates,
                 std::string_view column = {}) {
    Pending p;
    p.op.what = std::move(what);
    p.op.table = before->name;
    p.op.span = span;
    p.candidates = std::move(candidates);
    p.conditions = table_conditions;
    if (!column.empty() && InSomeIndex(*before, column)) p.conditions.emplace_back("indexed");
    if (const Column* c = column.empty() ? nullptr : before->FindColumn(column)) {
      if (MaxBytes(*c) < 128) p.conditions.emplace_back("under-128-bytes");
    }
    ops.push_back(std::move(p));
  };

  if (statement.kind == ast::StatementKind::kCreateIndex) {
    const auto& s = statement.As<ast::CreateIndexStatement>();
    const bool clusters = s.index.type == ast::IndexType::kUnique &&
                          BecomesClustered(*before, after, s.index.name.Value());
    add("CREATE INDEX " + Q(s.index.name.Value()), statement.span,
        {clusters ? "add-primary-key" : IndexOperation(s.index, false, &fulltext)});
    adds_index = true;
  } else if (statement.kind == ast::StatementKind::kDropIndex) {
    const auto& s = statement.As<ast::DropIndexStatement>();
    const bool primary =
        EqualsIgnoreCase(s.index.Value(), "primary") || DropsClustered(*before, s.index.Value());
    add("DROP INDEX " + Q(s.index.Value()), statement.span,
        {primary ? "drop-primary-key" : "drop-index"});
    // MariaDB's DROP INDEX takes no ALGORITHM / LOCK (its KB: `DROP INDEX … ON t [WAIT n |
    // NOWAIT]`; measured on 10.11: error 1064): only ALTER TABLE … DROP INDEX does.
    if (target.mariadb() && !s.algorithm_lock.empty()) {
      ops.back().op.refused = fmt::format(
          "{} has no ALGORITHM or LOCK clause on DROP INDEX (error 1064, a syntax error): write "
          "ALTER TABLE … DROP INDEX …, {}",
          target.Name(), s.algorithm_lock.front().name);
    }
  } else if (statement.kind == ast::StatementKind::kAlterTable) {
    const auto& s = statement.As<ast::AlterTableStatement>();
    const bool drops_primary = std::any_of(
        s.actions.begin(), s.actions.end(),
        [](const ast::AlterAction& a) { return a.kind == ast::AlterKind::kDropPrimaryKey; });
    const bool adds_primary = std::any_of(s.actions.begin(), s.actions.end(), [](const auto& a) {
      return a.kind == ast::AlterKind::kAddIndex && a.index.type == ast::IndexType::kPrimary;
    });
    for (const ast::AlterAction& a : s.actions) {
      adds_index = adds_index || AddsIndex(a);
      using K = ast::AlterKind;
      switch (a.kind) {
        case K::kAddColumn: {
          const ast::ColumnDef& c = a.column;
          const bool stored = c.generated != nullptr && (EqualsIgnoreCase(c.storage, "stored") ||
                                                         EqualsIgnoreCase(c.storage, "persistent"));
          const bool auto_increment = c.auto_increment || c.serial_default_value;
          std::string op = auto_increment           ? "add-auto-increment-column"
                           : stored                 ? "add-stored-column"
                           : c.generated != nullptr ? "add-virtual-column"
                           : !a.position.empty()    ? "add-column-at-position"
                                                    : "add-column";
          add("ADD COLUMN " + Q(c.name.Value()), a.span, {op});
          if (!a.position.empty() && virtual_moves &&
              VirtualFrom(*before, PositionOf(*before, a))) {
            ops.back().conditions.emplace_back("virtual-after");
          }
          // An inline UNIQUE / PRIMARY KEY adds an index with the column: measured, a rebuild.
          if (c.unique || c.primary_key || c.serial_default_value) {
            ops.back().conditions.emplace_back("with-new-index");
            ops.back().conditions.emplace_back("with-non-instant");  // the index is not INSTANT
          }
          break;
        }
        case K::kDropColumn: {
          const Column* c = before->FindColumn(a.name.Value());
          add("DROP COLUMN " + Q(a.name.Value()), a.span,
              {c != nullptr && IsVirtual(*c) ? "drop-virtual-column" : "drop-column"},
              a.name.Value());
          if (InWiderIndex(*before, after, a.name.Value())) {
            ops.back().conditions.emplace_back("in-wider-index");
          }
          if (c != nullptr && virtual_moves &&
              VirtualFrom(*before, static_cast<size_t>(c - before->columns.data()) + 1)) {
            ops.back().conditions.emplace_back("virtual-after");
          }
          break;
        }
        case K::kModifyColumn:
        case K::kChangeColumn: {
          const std::string old_name =
              a.kind == K::kChangeColumn ? a.name.Value() : a.column.name.Value();
          const Column* from = before->FindColumn(old_name);
          const Column* to = after ? after->FindColumn(a.column.name.Value()) : nullptr;
          const std::string what =
              (a.kind == K::kChangeColumn ? "CHANGE " : "MODIFY ") + Q(old_name);
          if (from == nullptr || to == nullptr) {
            add(what, a.span, {});
          } else {
            add(what, a.span,
                ColumnChanges(*from, *to, !EqualsIgnoreCase(from->name, to->name),
                              !a.position.empty()),
                old_name);
          }
          break;
        }
        case K::kAlterColumn:
          add("ALTER COLUMN " + Q(a.name.Value()) + " " + std::string(a.setting), a.span,
              {a.setting.ends_with("DEFAULT") ? "set-column-default" : "column-metadata"});
          break;
        case K::kRenameColumn:
          add("RENAME COLUMN " + Q(a.name.Value()), a.span, {"rename-column"});
          break;
        case K::kAddIndex: {
          const std::string name =
              a.index.name.Value().empty() ? a.index.constraint.Value() : a.index.name.Value();
          const std::string_view kind = a.index.type == ast::IndexType::kPrimary   ? "PRIMARY KEY"
                                        : a.index.type == ast::IndexType::kForeign ? "FOREIGN KEY"
                                        : a.index.type == ast::IndexType::kCheck   ? "CHECK"
                                                                                   : "INDEX";
          const bool clusters =
              a.index.type == ast::IndexType::kUnique && BecomesClustered(*before, after, name);
          add(fmt::format("ADD {}{}", kind, name.empty() ? "" : " " + Q(name)), a.span,
              {clusters ? "add-primary-key" : IndexOperation(a.index, drops_primary, &fulltext)});
          if (KeysNewVirtual(a.index, *before, after)) {
            ops.back().conditions.emplace_back("new-virtual-key");
          }
          break;
        }
        case K::kDropIndex:
          add("DROP INDEX " + Q(a.name.Value()), a.span,
              {DropsClustered(*before, a.name.Value()) && !adds_primary ? "drop-primary-key"
                                                                        : "drop-index"});
          break;
        case K::kDropPrimaryKey:
          // With ADD PRIMARY KEY in the same statement, the ADD tells for both.
          if (!adds_primary) add("DROP PRIMARY KEY", a.span, {"drop-primary-key"});
          break;
        case K::kDropForeignKey:
          add("DROP FOREIGN KEY " + Q(a.name.Value()), a.span, {"drop-foreign-key"});
          break;
        case K::kDropConstraint: {
          const bool fk = std::any_of(
              before->foreign_keys.begin(), before->foreign_keys.end(),
              [&](const ForeignKey& f) { return EqualsIgnoreCase(f.name, a.name.Value()); });
          add("DROP CONSTRAINT " + Q(a.name.Value()), a.span,
              {fk ? "drop-foreign-key" : "drop-check"});
          break;
        }
        case K::kRenameIndex:
          add("RENAME INDEX " + Q(a.name.Value()), a.span, {"rename-index"});
          break;
        case K::kAlterIndex: {
          const std::string_view words = ast::VisibilityWords(a.visibility);
          add("ALTER INDEX " + Q(a.name.Value()) + " " + std::string(words), a.span,
              {"index-visibility"});
          // MySQL writes VISIBLE / INVISIBLE, MariaDB IGNORED / NOT IGNORED: the other
          // server's word is a syntax error.
          const bool mysql_word = a.visibility == ast::IndexVisibility::kVisible ||
                                  a.visibility == ast::IndexVisibility::kInvisible;
          if (mysql_word == target.mariadb()) {
            ops.back().op.refused =
                fmt::format("{} has no ALTER INDEX … {}: it writes {} (error 1064, a syntax error)",
                            target.Name(), words,
                            target.mariadb() ? "IGNORED / NOT IGNORED" : "VISIBLE / INVISIBLE");
          }
          break;
        }
        case K::kRenameTable:
          add("RENAME TO " + Q(a.table.last().Value()), a.span, {"rename-table"});
          break;
        case K::kConvertCharset:
          add("CONVERT TO CHARACTER SET " + std::string(a.charset), a.span,
              ConvertOperations(*before, a.charset));
          break;
        case K::kForce:
          add("FORCE", a.span, {"rebuild-table"});
          break;
        case K::kOption: {
          const std::string n = LowerAscii(a.option.name);
          if (n == "algorithm" || n == "lock") break;  // how, not what
          const std::string op = OptionOperation(*before, a.option.name, a.option.value);
          add(fmt::format("{} = {}", a.option.name, a.option.value), a.span,
              op.empty() ? std::vector<std::string>{} : std::vector<std::string>{op});
          break;
        }
        case K::kOther:
          add(std::string(a.text), a.span, {});
          break;
        case K::kAddSystemVersioning:  // MariaDB; not in the operations table: unknown cost
          add("ADD SYSTEM VERSIONING", a.span, {});
          break;
        case K::kDropSystemVersioning:
          add("DROP SYSTEM VERSIONING", a.span, {});
          break;
        case K::kAddPeriod:
          add("ADD PERIOD FOR " + Q(a.period.name.Value()), a.span, {});
          break;
        case K::kDropPeriod:
          add("DROP PERIOD FOR " + Q(a.period.name.Value()), a.span, {});
          break;
      }
    }
  }

  // Operations run together: first each alone, then with what the others need.
  for (Pending& p : ops) {
    Resolve(p, target, p.conditions);
    p.op.alone = p.op.ddl;
  }
  for (size_t i = 0; i < ops.size(); ++i) {
    std::vector<std::string_view> conditions = ops[i].conditions;
    if (adds_index) conditions.emplace_back("with-new-index");
    for (size_t j = 0; j < ops.size(); ++j) {
      if (j != i && (!ops[j].op.ddl || ops[j].op.ddl->algorithm != Algorithm::kInstant)) {
        conditions.emplace_back("with-non-instant");
        break;
      }
    }
    // What MariaDB runs in place with adding, dropping or moving a VIRTUAL column (measured).
    static constexpr std::string_view kWithVirtual[] = {"add-virtual-column", "drop-virtual-column",
                                                        "drop-column", "add-index", "drop-index"};
    for (size_t j = 0; j < ops.size(); ++j) {
      if (j != i && !IndexOf(kWithVirtual, ops[j].op.operation)) {
        conditions.emplace_back("with-other-change");
        break;
      }
    }
    if (conditions.size() != ops[i].conditions.size()) ops[i].conditions = std::move(conditions);
  }
  // ALGORITHM= / LOCK= / ALTER ONLINE: COPY asked for is COPY; less than an operation needs
  // is refused.
  const Requested requested = RequestedOf(statement);
  std::vector<DdlOperation> out;
  for (Pending& p : ops) {
    Resolve(p, target, p.conditions);
    if (!p.op.refused.empty()) {
      // already refused: a syntax the target does not have
    } else if (p.op.ddl && requested.algorithm == Algorithm::kCopy) {
      p.op.ddl = OnlineDdl{Algorithm::kCopy, DdlLock::kShared, true, "ALGORITHM=COPY written"};
    } else if (p.op.ddl && requested.algorithm && *requested.algorithm < p.op.ddl->algorithm) {
      p.op.refused = fmt::format(
          "ALGORITHM={}: {} runs this operation only with ALGORITHM={} (error 1846)",
          AlgorithmName(*requested.algorithm), target.Name(), AlgorithmName(p.op.ddl->algorithm));
    } else if (p.op.ddl && requested.lock && *requested.lock < p.op.ddl->lock) {
      p.op.refused = fmt::format("{}: {} allows this operation at best LOCK={} (error 1846)",
                                 requested.lock_text, target.Name(), DdlLockName(p.op.ddl->lock));
    }
    out.push_back(std::move(p.op));
  }
  return out;
}

}  // namespace qadvisor::analyzer
