// CatalogBuilder's statements (see catalog_builder.h): databases, tables, columns, indexes and
// foreign keys; views are in catalog_views.cpp.
//
// MySQL facts this file relies on, by the MySQL 8.0 Reference Manual's section titles:
//  - "Specifying Character Sets and Collations": defaults go server → database → table →
//    column; a collation alone implies its charset; a charset alone takes its default collation.
//  - "The CHAR and VARCHAR Types", "String Data Type Syntax": the BINARY attribute is the _bin
//    collation of the column's charset; NATIONAL CHAR / NCHAR use utf8mb3; CHARACTER SET binary
//    turns CHAR, VARCHAR and TEXT into BINARY, VARBINARY and BLOB.
//  - "FOREIGN KEY Constraints": the referencing table needs an index whose first columns are
//    the FK columns in order; InnoDB creates one (named after the constraint, the FK's index
//    name or its first column) and drops it when another index can serve the constraint.
//  - "ALTER TABLE Statement": CONVERT TO CHARACTER SET widens TEXT types so that they still
//    hold as many characters; keys are dropped before any is added.
//  - "RENAME TABLE Statement": views share the tables' namespace and are renamed by RENAME TABLE.
#include "analyzer/catalog_builder.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "analyzer/catalog.h"
#include "analyzer/catalog_internal.h"
#include "base/ascii.h"
#include "parser/keywords.h"

namespace qadvisor::analyzer {

using catalog_internal::BinaryCounterpart;
using catalog_internal::BinCollation;
using catalog_internal::CanonicalType;
using catalog_internal::FamilyOf;
using catalog_internal::IsBlobType;
using catalog_internal::IsFixedCharType;
using catalog_internal::IsNationalType;
using catalog_internal::IsOneOf;
using catalog_internal::IsTextType;
using catalog_internal::Phrase;
using catalog_internal::RefusedDefault;
using catalog_internal::ToUint;
using catalog_internal::Unquote;

// --- CatalogBuilder: positions and issues --------------------------------------------------------

SourceLocation CatalogBuilder::LocationAt(uint32_t offset) const {
  SourceLocation loc{std::string(file_), statement_.line, statement_.column};
  const uint32_t from = statement_.span.offset;
  if (offset < from || offset > script_.size()) return loc;
  for (uint32_t i = from; i < offset; ++i) {
    if (script_[i] == '\n') {
      ++loc.line;
      loc.column = 1;
    } else {
      ++loc.column;
    }
  }
  return loc;
}

// Where the statement's code begins: the parser starts a statement's span (and line) at its
// first token, past the comments before it and inside a version comment's `/*!50001 `.
uint32_t CatalogBuilder::CodeStart() const { return statement_.span.offset; }

void CatalogBuilder::Report(uint32_t offset, std::string message) {
  catalog_.issues_.push_back({LocationAt(offset), std::move(message)});
}

void CatalogBuilder::ReportAll(std::string_view prefix) {
  for (Failure& f : failures_) Report(f.offset, std::string(prefix) + ": " + f.message);
  failures_.clear();
}

CatalogBuilder::TableName CatalogBuilder::Resolve(const ast::Name& name) const {
  std::vector<std::string> parts;
  for (const ast::Ident& i : name.parts) parts.push_back(i.Value());
  return Resolve(parts);
}

CatalogBuilder::TableName CatalogBuilder::Resolve(std::span<const std::string> parts) const {
  TableName t;
  if (parts.empty()) return t;
  t.name = StoredName(catalog_, parts.back());
  t.qualified = parts.size() >= 2;
  t.database = StoredName(catalog_, t.qualified ? parts[parts.size() - 2]
                                                : std::string_view(catalog_.current_database_));
  return t;
}

// --- CatalogBuilder: charsets and columns --------------------------------------------------------

CharsetCollation CatalogBuilder::DatabaseDefaults(std::string_view database) const {
  if (const Catalog::Database* d = FindDatabase(catalog_, database)) {
    return {d->charset, d->collation};
  }
  const std::string cs = catalog_.ServerCharset();
  return {cs, catalog_.DefaultCollation(cs)};
}

// An explicit charset and/or collation as written (quotes allowed), else `fallback`.
CharsetCollation CatalogBuilder::Resolve(std::string_view charset, std::string_view collation,
                                         const CharsetCollation& fallback) const {
  std::string cs = charset.empty() ? "" : NormalizeCharset(Unquote(charset));
  std::string coll = collation.empty() ? "" : NormalizeCollation(Unquote(collation));
  if (cs == "default") cs.clear();
  if (coll == "default") coll.clear();
  if (cs.empty() && coll.empty()) return fallback;
  if (cs.empty()) return {CharsetOfCollation(coll), coll};
  if (coll.empty()) return {cs, catalog_.DefaultCollation(cs)};
  return {cs, coll};
}

namespace {

// A DEFAULT as SHOW CREATE TABLE keeps it: an expression default in its parentheses.
std::string DefaultSql(const ast::Expr& value, bool parens) {
  const std::string sql = parser::ToSql(value);
  return parens ? "(" + sql + ")" : sql;
}

}  // namespace

// CHECK (json_valid(`column`)): MariaDB's JSON type is LONGTEXT with this constraint, and
// SHOW CREATE TABLE writes it so (MariaDB Knowledge Base, "JSON Data Type").
bool ChecksJsonValid(const ast::Expr* check, std::string_view column) {
  if (check == nullptr || check->kind != ast::ExprKind::kFunction) return false;
  const auto& f = check->As<ast::Function>();
  if (f.name.parts.size() != 1 || !EqualsIgnoreCase(f.name.last().Value(), "json_valid") ||
      f.args.size() != 1 || f.args[0]->kind != ast::ExprKind::kColumn) {
    return false;
  }
  const auto& arg = f.args[0]->As<ast::Column>();
  return !arg.star && arg.name.parts.size() == 1 &&
         EqualsIgnoreCase(arg.name.last().Value(), column);
}

Column CatalogBuilder::MakeColumn(const ast::ColumnDef& def, const Table& table) const {
  const ast::ColumnType& t = def.type;
  Column c;
  c.name = def.name.Value();
  const std::string written = Phrase(t.name);
  c.type = CanonicalType(written);
  c.family = FamilyOf(c.type);
  c.length = ToUint(t.length);
  c.scale = ToUint(t.scale);
  c.is_unsigned = t.is_unsigned || t.zerofill;  // ZEROFILL implies UNSIGNED
  c.nullable = def.nullability != ast::Nullability::kNotNull && !def.primary_key;
  c.auto_increment = def.auto_increment;
  if (def.serial_default_value) {  // NOT NULL AUTO_INCREMENT UNIQUE
    c.nullable = false;
    c.auto_increment = true;
  }
  if (def.default_value != nullptr)
    c.default_sql = DefaultSql(*def.default_value, def.default_parens);
  if (def.on_update != nullptr) c.on_update_sql = parser::ToSql(*def.on_update);
  c.comment = def.comment;
  if (def.generated != nullptr) {
    c.generated = parser::ToSql(*def.generated);
    c.stored =
        EqualsIgnoreCase(def.storage, "stored") || EqualsIgnoreCase(def.storage, "persistent");
  }
  if (c.family == TypeFamily::kEnumSet) {
    c.length = static_cast<uint32_t>(t.values.size());
    c.members.assign(t.values.begin(), t.values.end());
  }
  if (t.length.empty()) {
    // Lengths the server assumes when none is written.
    if (IsFixedCharType(c.type) || c.type == "binary" || c.type == "bit") c.length = 1;
    if (c.family == TypeFamily::kDecimal) c.length = 10;
  }
  if ((written == "bool" || written == "boolean") && t.length.empty()) c.length = 1;
  if (c.type == "serial") {  // BIGINT UNSIGNED NOT NULL AUTO_INCREMENT UNIQUE
    c.type = "bigint";
    c.is_unsigned = true;
    c.nullable = false;
    c.auto_increment = true;
  }
  if (c.type == "longtext" && ChecksJsonValid(def.check, c.name)) {
    c.type = "json";
    c.family = TypeFamily::kJson;
  }
  if (!IsCharacter(c.family)) return c;

  CharsetCollation resolved;
  const std::string coll = t.collation.empty() ? "" : NormalizeCollation(Unquote(t.collation));
  std::string cs = t.charset.empty() ? "" : NormalizeCharset(Unquote(t.charset));
  if (cs.empty() && IsNationalType(written)) cs = "utf8mb3";
  if (cs.empty() && coll.empty()) {
    resolved = {table.charset, table.collation};
    if (t.binary) resolved.collation = BinCollation(resolved.charset);
  } else if (cs.empty()) {
    resolved = {CharsetOfCollation(coll), coll};
  } else if (coll.empty()) {
    resolved = {cs, t.binary ? BinCollation(cs) : catalog_.DefaultCollation(cs)};
  } else {
    resolved = {cs, coll};
  }
  if (resolved.charset == "binary" && c.family == TypeFamily::kString) {
    c.type = BinaryCounterpart(c.type);
    c.family = TypeFamily::kBinary;
    return c;
  }
  c.charset = std::move(resolved.charset);
  c.collation = std::move(resolved.collation);
  return c;
}

// A DEFAULT the server would refuse for `column` (error 1067 and kin: catalog_defaults.cpp).
bool CatalogBuilder::CheckDefault(const Column& column, const ast::Expr* value, bool parens,
                                  uint32_t offset) {
  if (value == nullptr) return true;
  std::string why = RefusedDefault(column, *value, parens, catalog_.options_.flavor);
  if (why.empty()) return true;
  failures_.push_back({offset, std::move(why)});
  return false;
}

// CONVERT TO CHARACTER SET: every character column takes the new charset; TEXT types grow so that
// they hold as many characters as before; CHARACTER SET binary makes them binary types.
void CatalogBuilder::ConvertColumn(Column& column, const CharsetCollation& to) const {
  if (!IsCharacter(column.family)) return;
  const uint32_t old_mb = MaxBytesPerChar(column.charset);
  if (to.charset == "binary" && column.family == TypeFamily::kString) {
    if (!IsTextType(column.type)) column.length *= old_mb;
    column.type = BinaryCounterpart(column.type);
    column.family = TypeFamily::kBinary;
    column.charset.clear();
    column.collation.clear();
    return;
  }
  const uint32_t new_mb = MaxBytesPerChar(to.charset);
  if (IsTextType(column.type) && new_mb > old_mb) {
    static constexpr std::pair<std::string_view, uint64_t> kText[] = {
        {"tinytext", 255}, {"text", 65535}, {"mediumtext", 16777215}, {"longtext", 4294967295}};
    uint64_t capacity = 65535;
    if (column.type == "long" || column.type == "long varchar") capacity = 16777215;
    for (const auto& [name, bytes] : kText) {
      if (name == column.type) capacity = bytes;
    }
    const uint64_t needed = capacity / old_mb * new_mb;
    for (const auto& [name, bytes] : kText) {
      if (bytes >= needed || name == "longtext") {
        if (bytes > capacity) column.type = std::string(name);
        break;
      }
    }
  }
  column.charset = to.charset;
  column.collation = to.collation;
}

// --- CatalogBuilder: indexes ---------------------------------------------------------------------

namespace {

KeyPart WholeColumn(const std::string& column) {
  KeyPart part;
  part.column = column;
  return part;
}

bool NameTaken(const Table& table, std::string_view name) {
  return EqualsIgnoreCase(name, "PRIMARY") || table.FindIndex(name) != nullptr;
}

// The server's name for an unnamed key: its first column, then name_2, name_3, … while taken.
std::string GeneratedIndexName(const Table& table, const std::string& base) {
  if (!NameTaken(table, base)) return base;
  for (int n = 2;; ++n) {
    std::string candidate = base + "_" + std::to_string(n);
    if (!NameTaken(table, candidate)) return candidate;
  }
}

// Whether `index` can serve a foreign key on `columns`: a B-tree whose first parts are exactly
// those whole columns, in order.
bool Serves(const Index& index, const std::vector<std::string>& columns) {
  if (!index.IsBtree() || index.parts.size() < columns.size() || columns.empty()) return false;
  for (size_t i = 0; i < columns.size(); ++i) {
    const KeyPart& p = index.parts[i];
    if (!p.expression.empty() || p.prefix_length != 0 || !EqualsIgnoreCase(p.column, columns[i])) {
      return false;
    }
  }
  return true;
}

bool Names(const std::vector<std::string>& columns, std::string_view name) {
  return std::any_of(columns.begin(), columns.end(),
                     [&](const std::string& c) { return EqualsIgnoreCase(c, name); });
}

bool ServedIn(const Table& table, const std::vector<std::string>& columns) {
  return std::any_of(table.indexes.begin(), table.indexes.end(),
                     [&](const Index& i) { return Serves(i, columns); });
}

// The database and name of the table `fk` of `child` references: `db.t` names its database,
// `t` is in the child's.
std::pair<std::string_view, std::string_view> ReferencedTable(const Table& child,
                                                              const ForeignKey& fk) {
  const std::string_view ref = fk.ref_table;
  const size_t dot = ref.find('.');
  if (dot == std::string_view::npos) return {child.database, ref};
  return {ref.substr(0, dot), ref.substr(dot + 1)};
}

// "int unsigned", "varchar(10) utf8mb4_general_ci": a column's type for messages, without its
// NULL-ness.
std::string TypeOf(Column column) {
  column.nullable = true;
  return column.Describe();
}

// Whether a MODIFY / CHANGE changes what a column stores: its type, length, scale, sign,
// members, character set or collation (not its name, NULL-ness, default or comment, nor an
// integer's display width: INT(11) and INT are one type, checked on MariaDB 10.11).
bool StoredTypeChanges(const Column& a, const Column& b) {
  const bool width_only = a.family == TypeFamily::kInteger && b.family == TypeFamily::kInteger;
  return a.type != b.type || (a.length != b.length && !width_only) || a.scale != b.scale ||
         a.is_unsigned != b.is_unsigned || a.members != b.members || a.charset != b.charset ||
         a.collation != b.collation;
}

// MySQL 8.0 keeps a foreign key whose two sides stay "similar" (manual, "FOREIGN KEY
// Constraints": the size and sign of integer and decimal types must be the same, the length of
// string types need not be, a character column's charset and collation must be the same): so a
// string column may change its length, nothing else.
bool MySqlKeepsForeignKey(const Column& a, const Column& b) {
  return a.family == TypeFamily::kString && a.type == b.type && a.charset == b.charset &&
         a.collation == b.collation && a.is_unsigned == b.is_unsigned && a.members == b.members;
}

// Whether InnoDB takes `a` and `b` as the two sides of one foreign key (MySQL 8.0 manual,
// "FOREIGN KEY Constraints": integers of one size and sign, decimals of one precision and
// scale, character columns of one charset and collation whatever their length). Families it
// says nothing sure of pass.
bool AlikeForForeignKey(const Column& a, const Column& b) {
  if (IsNumeric(a.family) != IsNumeric(b.family)) return false;
  if (a.family != b.family)
    return !IsNumeric(a.family) && a.family != TypeFamily::kString &&
           b.family != TypeFamily::kString;
  switch (a.family) {
    case TypeFamily::kInteger:
      return a.type == b.type && a.is_unsigned == b.is_unsigned;
    case TypeFamily::kDecimal:
      return a.length == b.length && a.scale == b.scale && a.is_unsigned == b.is_unsigned;
    case TypeFamily::kString:
      return a.charset == b.charset && a.collation == b.collation;
    default:
      return true;
  }
}

// Marks, per foreign key, the first index that serves it.
void RefreshForeignKeyFlags(Table& table) {
  for (Index& index : table.indexes) index.foreign_key = false;
  for (const ForeignKey& fk : table.foreign_keys) {
    for (Index& index : table.indexes) {
      if (Serves(index, fk.columns)) {
        index.foreign_key = true;
        break;
      }
    }
  }
}

}  // namespace

// A whole TEXT or BLOB column in a B-tree key (error 1170 "used in key specification without
// a key length"; MySQL's JSON, error 3152). MariaDB supplies what is missing, as SHOW CREATE
// TABLE then shows: a UNIQUE key hashes the whole value (USING HASH), any other key but the
// primary takes the longest prefix the engine's key allows (`KEY (body)` is `body(768)` in
// utf8mb4 InnoDB, `body(1000)` in latin1 MyISAM), after which the key's length is checked as
// any other's (index-key-too-long). A MariaDB unique key longer than the engine's key is a
// hash too.
bool CatalogBuilder::CheckWholeColumnParts(const Table& table, Index& index, uint32_t offset) {
  if (!index.IsBtree()) return true;
  const bool mariadb = catalog_.options_.flavor == Flavor::kMariaDB;
  const uint32_t key_bytes = KeyLimitOf(table).key;
  // Values stored off-page, which a B-tree key holds only by a prefix.
  auto off_page = [](const Column& c) {
    return IsTextType(c.type) || IsBlobType(c.type) || c.family == TypeFamily::kJson;
  };
  if (mariadb && index.kind == IndexKind::kUnique) {
    uint32_t total = 0;
    for (const KeyPart& part : index.parts) {
      const Column* c = part.expression.empty() ? table.FindColumn(part.column) : nullptr;
      if (c == nullptr) continue;
      index.hash = index.hash || (off_page(*c) && part.prefix_length == 0);
      total += c->KeyBytes(part.prefix_length);
    }
    index.hash = index.hash || total > key_bytes;
    if (index.hash) return true;
  }
  for (KeyPart& part : index.parts) {
    const Column* c = part.expression.empty() ? table.FindColumn(part.column) : nullptr;
    if (c == nullptr || part.prefix_length != 0) continue;
    if (c->family == TypeFamily::kJson && !mariadb) {
      failures_.push_back({offset, "JSON column " + Quoted(c->name) +
                                       " can be indexed only through a generated column"});
      return false;
    }
    if (!off_page(*c)) continue;
    if (!mariadb || index.kind == IndexKind::kPrimary) {
      failures_.push_back({offset, "BLOB/TEXT column " + Quoted(c->name) +
                                       " used in key specification without a key length"});
      return false;
    }
    uint32_t per_char = MaxBytesPerChar(c->charset.empty() ? "latin1" : c->charset);
    if (c->family == TypeFamily::kBinary) per_char = 1;
    // MariaDB's JSON is LONGTEXT CHARACTER SET utf8mb4 (the column keeps no charset here).
    if (c->family == TypeFamily::kJson) per_char = 4;
    // No longer than the type holds: TINYTEXT's 255 (as MariaDB shows it, in characters).
    const uint32_t most = c->type.starts_with("tiny") ? 255 : 65535;
    part.prefix_length = std::min(key_bytes / per_char, most);
  }
  return true;
}

bool CatalogBuilder::InsertIndex(Table& table, Index index, uint32_t offset) {
  if (!CheckWholeColumnParts(table, index, offset)) return false;
  if (index.kind == IndexKind::kPrimary) {
    if (table.PrimaryKey() != nullptr) {
      failures_.push_back({offset, "multiple primary keys defined"});
      return false;
    }
    for (const KeyPart& p : index.parts) {
      if (Column* c = p.expression.empty() ? table.FindColumn(p.column) : nullptr) {
        c->nullable = false;  // primary-key columns are NOT NULL
      }
    }
    table.indexes.insert(table.indexes.begin(), std::move(index));
    return true;
  }
  if (NameTaken(table, index.name)) {
    failures_.push_back({offset, EqualsIgnoreCase(index.name, "PRIMARY")
                                     ? "incorrect index name 'PRIMARY'"
                                     : "duplicate key name " + Quoted(index.name)});
    return false;
  }
  table.indexes.push_back(std::move(index));
  return true;
}

bool CatalogBuilder::AddIndex(Table& table, const ast::IndexDef& def, uint32_t offset) {
  if (def.type == ast::IndexType::kCheck) return true;  // constraints are not indexes
  // MariaDB's ADD INDEX / CREATE INDEX IF NOT EXISTS of a name the table has: a note, no change.
  if (def.if_not_exists && !def.name.empty() && NameTaken(table, def.name.Value())) return true;
  if (def.type == ast::IndexType::kForeign && def.if_not_exists &&
      std::any_of(table.foreign_keys.begin(), table.foreign_keys.end(), [&](const ForeignKey& fk) {
        return EqualsIgnoreCase(fk.name, def.constraint.Value());
      })) {
    return true;
  }
  if (def.parts.empty()) {
    failures_.push_back({offset, "a key needs at least one column"});
    return false;
  }
  std::vector<KeyPart> parts;
  for (const ast::KeyPart& p : def.parts) {
    KeyPart part;
    part.descending = p.direction == ast::Direction::kDesc;
    // ((col)) is the column itself; any other expression a functional key part.
    const ast::Column* bare = p.expr != nullptr && p.expr->kind == ast::ExprKind::kColumn
                                  ? &p.expr->As<ast::Column>()
                                  : nullptr;
    if (bare != nullptr && (bare->star || bare->name.parts.empty())) bare = nullptr;
    if (p.expr != nullptr && bare == nullptr) {
      part.expression = parser::ToSql(*p.expr);
      parts.push_back(std::move(part));
      continue;
    }
    const std::string name = bare != nullptr ? bare->name.last().Value() : p.column.Value();
    const Column* column = table.FindColumn(name);
    if (column == nullptr) {
      failures_.push_back({offset, "key column " + Quoted(name) + " does not exist in the table"});
      return false;
    }
    part.column = column->name;
    part.prefix_length = ToUint(p.length);
    // A prefix of a string column, no longer than the column (error 1089, checked on MariaDB
    // 10.11): TEXT and BLOB columns have no length to exceed.
    const bool stringish =
        column->family == TypeFamily::kString || column->family == TypeFamily::kBinary;
    const bool unbounded = IsTextType(column->type) || IsBlobType(column->type);
    if (part.prefix_length > 0 && def.type != ast::IndexType::kForeign &&
        (!stringish || (!unbounded && part.prefix_length > column->length))) {
      failures_.push_back({offset, "incorrect prefix key " + Quoted(column->name) + "(" +
                                       std::to_string(part.prefix_length) + "): " +
                                       (stringish ? "longer than the column"
                                                  : "only a string column takes a prefix")});
      return false;
    }
    // A "prefix" as long as the whole CHAR/VARCHAR/BINARY column is the whole column: SHOW
    // CREATE TABLE prints it without a length.
    if (part.prefix_length > 0 && part.prefix_length == column->length && !unbounded) {
      part.prefix_length = 0;
    }
    // FULLTEXT indexes character columns only (error 1283).
    if (def.type == ast::IndexType::kFulltext && column->family != TypeFamily::kString) {
      failures_.push_back(
          {offset, "column " + Quoted(column->name) + " cannot be part of a FULLTEXT index"});
      return false;
    }
    // A column once per key (error 1060).
    if (std::any_of(parts.begin(), parts.end(),
                    [&](const KeyPart& q) { return EqualsIgnoreCase(q.column, column->name); })) {
      failures_.push_back({offset, "duplicate column name " + Quoted(column->name) + " in a key"});
      return false;
    }
    parts.push_back(std::move(part));
  }

  if (def.type == ast::IndexType::kForeign) {
    // Only InnoDB (and NDB) keep foreign keys; MyISAM, Aria, MEMORY … parse and ignore them.
    if (!table.engine.empty() && !IsOneOf(table.engine, {"innodb", "ndb", "ndbcluster"})) {
      return true;
    }
    ForeignKey fk;
    for (const KeyPart& p : parts) fk.columns.push_back(p.column);
    if (std::any_of(parts.begin(), parts.end(), [](auto& p) { return p.column.empty(); })) {
      failures_.push_back({offset, "a foreign key cannot have expression parts"});
      return false;
    }
    for (const ast::Ident& part : def.ref_table.parts) {
      fk.ref_table += (fk.ref_table.empty() ? "" : ".") + part.Value();
    }
    for (const ast::Ident& c : def.ref_columns) fk.ref_columns.push_back(c.Value());
    fk.name = def.constraint.Value();
    if (fk.name.empty()) {
      // InnoDB's generated name: <table>_ibfk_<n>, n one more than the largest in use.
      const std::string prefix = table.name + "_ibfk_";
      uint32_t n = 0;
      for (const ForeignKey& other : table.foreign_keys) {
        if (other.name.starts_with(prefix)) {
          n = std::max(n, ToUint(std::string_view(other.name).substr(prefix.size())));
        }
      }
      fk.name = prefix + std::to_string(n + 1);
    }
    for (const ForeignKey& other : table.foreign_keys) {
      if (EqualsIgnoreCase(other.name, fk.name)) {
        failures_.push_back({offset, "duplicate foreign key constraint name " + Quoted(fk.name)});
        return false;
      }
    }
    // The implicit index, if one is needed, is named after the constraint, else the FK's own
    // index name, else its first column (FinishForeignKeys).
    new_foreign_keys_.push_back(
        {table.foreign_keys.size(), offset,
         !def.constraint.empty() ? def.constraint.Value() : def.name.Value()});
    table.foreign_keys.push_back(std::move(fk));
    return true;
  }

  Index index;
  index.parts = std::move(parts);
  index.location = LocationAt(offset);
  index.invisible = ast::Hidden(def.visibility);
  // On MariaDB, UNIQUE … USING HASH is a long unique key; any other USING HASH is a B-tree in
  // InnoDB, as on MySQL.
  index.hash = catalog_.options_.flavor == Flavor::kMariaDB &&
               def.type == ast::IndexType::kUnique && EqualsIgnoreCase(def.using_type, "hash");
  switch (def.type) {
    case ast::IndexType::kPrimary:
      index.kind = IndexKind::kPrimary;
      index.name = "PRIMARY";
      break;
    case ast::IndexType::kUnique:
      index.kind = IndexKind::kUnique;
      break;
    case ast::IndexType::kFulltext:
      index.kind = IndexKind::kFulltext;
      break;
    case ast::IndexType::kSpatial:
      index.kind = IndexKind::kSpatial;
      break;
    default:
      index.kind = IndexKind::kKey;
      break;
  }
  if (index.kind != IndexKind::kPrimary) {
    index.name = def.name.Value();
    if (index.name.empty()) index.name = def.constraint.Value();
    if (index.name.empty()) {
      const KeyPart& first = index.parts.front();
      index.name =
          GeneratedIndexName(table, first.expression.empty() ? first.column : "functional_index");
    }
  }
  return InsertIndex(table, std::move(index), offset);
}

// Inline PRIMARY KEY / UNIQUE on a column, and SERIAL's implicit UNIQUE.
bool CatalogBuilder::AddColumnKeys(Table& table, const ast::ColumnDef& def, const Column& column) {
  const uint32_t offset = def.span.offset;
  if (def.primary_key) {
    Index pk;
    pk.name = "PRIMARY";
    pk.kind = IndexKind::kPrimary;
    pk.parts.push_back(WholeColumn(column.name));
    pk.location = LocationAt(offset);
    if (!InsertIndex(table, std::move(pk), offset)) return false;
  }
  const bool serial = Phrase(def.type.name) == "serial" || def.serial_default_value;
  for (int i = 0; i < (def.unique ? 1 : 0) + (serial ? 1 : 0); ++i) {
    Index unique;
    unique.kind = IndexKind::kUnique;
    unique.name = GeneratedIndexName(table, column.name);
    unique.parts.push_back(WholeColumn(column.name));
    unique.location = LocationAt(offset);
    if (!InsertIndex(table, std::move(unique), offset)) return false;
  }
  return true;
}

bool CatalogBuilder::DropIndex(Table& table, std::string_view name, bool if_exists,
                               uint32_t offset) {
  for (size_t i = 0; i < table.indexes.size(); ++i) {
    if (EqualsIgnoreCase(table.indexes[i].name, name)) {
      table.indexes.erase(table.indexes.begin() + static_cast<ptrdiff_t>(i));
      return true;
    }
  }
  if (if_exists) return true;
  failures_.push_back({offset, "cannot drop index " + Quoted(name) + ": no such index"});
  return false;
}

// After every key of a CREATE or ALTER is known: each new foreign key gets an implicit index
// when no index serves it; implicit indexes another index can stand in for are dropped; every
// foreign key must still have an index (dropping the only one is an error, MySQL ER 1553).
void CatalogBuilder::FinishForeignKeys(Table& table) {
  for (size_t f = 0; f < table.foreign_keys.size(); ++f) {
    const ForeignKey& fk = table.foreign_keys[f];
    const bool served = std::any_of(table.indexes.begin(), table.indexes.end(),
                                    [&](const Index& i) { return Serves(i, fk.columns); });
    if (served) continue;
    const auto added = std::find_if(new_foreign_keys_.begin(), new_foreign_keys_.end(),
                                    [&](const NewForeignKey& n) { return n.position == f; });
    if (added == new_foreign_keys_.end()) {
      failures_.push_back(
          {CodeStart(), "cannot drop the index that foreign key " + Quoted(fk.name) + " needs"});
      continue;
    }
    Index implicit;
    implicit.kind = IndexKind::kKey;
    implicit.implicit = true;
    implicit.location = LocationAt(added->offset);
    for (const std::string& c : fk.columns) implicit.parts.push_back(WholeColumn(c));
    implicit.name = GeneratedIndexName(
        table, added->index_name.empty() ? fk.columns.front() : added->index_name);
    table.indexes.push_back(std::move(implicit));
  }
  // An implicit index goes when another index serves the same columns (MySQL 8.0 manual,
  // "FOREIGN KEY Constraints").
  for (size_t i = 0; i < table.indexes.size();) {
    const Index& candidate = table.indexes[i];
    std::vector<std::string> columns;
    for (const KeyPart& p : candidate.parts) columns.push_back(p.column);
    bool replaced = false;
    if (candidate.implicit) {
      for (size_t j = 0; j < table.indexes.size() && !replaced; ++j) {
        replaced = j != i && Serves(table.indexes[j], columns);
      }
    }
    if (replaced) {
      table.indexes.erase(table.indexes.begin() + static_cast<ptrdiff_t>(i));
    } else {
      ++i;
    }
  }
  // The index a referencing key needs in this (parent) table cannot go while
  // foreign_key_checks is on (error 1553, checked on MariaDB 10.11). Only an index that served
  // the key before: a dump may have made keys that no index served.
  if (catalog_.foreign_key_checks_) {
    const int was = FindExact(catalog_, table.database, table.name);
    for (const Reference& r : ReferencesTo(table)) {
      if (was >= 0 && ServedIn(catalog_.tables_[static_cast<size_t>(was)], r.fk->ref_columns) &&
          !ServedIn(table, Renamed(r.fk->ref_columns))) {
        failures_.push_back({CodeStart(), "cannot drop the index that foreign key " +
                                              Quoted(r.fk->name) + " of table " +
                                              Quoted(r.child->name) + " needs"});
      }
    }
  }
  RefreshForeignKeyFlags(table);
  new_foreign_keys_.clear();
}

bool CatalogBuilder::RefersTo(const Table& child, const ForeignKey& fk, std::string_view database,
                              std::string_view name) const {
  const auto [db, table] = ReferencedTable(child, fk);
  return SameTableName(catalog_, db, database) && SameTableName(catalog_, table, name);
}

// A renamed table takes the keys that reference it along, across databases too (checked on
// MariaDB 10.11: after RENAME TABLE parent TO parent_old, child references parent_old, so
// pt-online-schema-change's swap leaves the children on the old table).
void CatalogBuilder::FollowTableRename(std::string_view from_db, std::string_view from,
                                       const std::string& to_db, const std::string& to) {
  for (Table& child : catalog_.tables_) {
    for (ForeignKey& fk : child.foreign_keys) {
      if (!RefersTo(child, fk, from_db, from)) continue;
      fk.ref_table = SameTableName(catalog_, to_db, child.database) ? to : to_db + "." + to;
    }
  }
}

std::vector<CatalogBuilder::Reference> CatalogBuilder::ReferencesTo(const Table& parent) const {
  std::vector<Reference> out;
  for (const Table& t : catalog_.tables_) {
    // The parent's own keys as this statement left them (it may have dropped one).
    const bool itself = SameTableName(catalog_, t.database, parent.database) &&
                        SameTableName(catalog_, t.name, parent.name);
    const Table& child = itself ? parent : t;
    for (const ForeignKey& fk : child.foreign_keys) {
      if (RefersTo(child, fk, parent.database, parent.name)) out.push_back({&child, &fk});
    }
  }
  return out;
}

// Checked on MariaDB 10.11: a column a foreign key uses, on either side, keeps what it stores
// whatever foreign_key_checks says (errors 1832 and 1833; MDEV-31086 made it so in 10.4.32,
// 10.5.23, 10.6.16, 10.11.6); its name, NULL-ness, default and comment may change. MySQL 8.0
// refuses, while foreign_key_checks is on, a change that leaves the two sides unlike (3780).
bool CatalogBuilder::CheckForeignKeyColumnChange(const Table& table, const Column& before,
                                                 const Column& after, uint32_t offset) {
  if (!StoredTypeChanges(before, after)) return true;
  if (catalog_.options_.flavor != Flavor::kMariaDB &&
      (!catalog_.foreign_key_checks_ || MySqlKeepsForeignKey(before, after))) {
    return true;
  }
  std::string used;
  for (const ForeignKey& fk : table.foreign_keys) {
    if (Names(fk.columns, before.name)) {
      used = "used in foreign key " + Quoted(fk.name);
      break;
    }
  }
  if (used.empty()) {
    for (const Reference& r : ReferencesTo(table)) {
      if (Names(r.fk->ref_columns, before.name)) {
        used = "used in foreign key " + Quoted(r.fk->name) + " of table " + Quoted(r.child->name);
        break;
      }
    }
  }
  if (used.empty()) return true;
  failures_.push_back({offset, "cannot change column " + Quoted(before.name) + " from " +
                                   TypeOf(before) + " to " + TypeOf(after) + ": " + used +
                                   " (drop the foreign key, change the columns on both sides, "
                                   "then add it back)"});
  return false;
}

// Why the server refuses to drop `parent` while foreign_key_checks is on: a key of another
// table references it (MySQL error 3730, MariaDB 1451). MySQL drops a statement's tables
// together, so a child it drops too is no obstacle; MariaDB drops them one by one (checked on
// 10.11: DROP TABLE child, parent works; DROP TABLE parent, child drops child only).
std::string CatalogBuilder::ReferencedBy(const Table& parent,
                                         const ast::DropTableStatement& s) const {
  if (!catalog_.foreign_key_checks_) return {};
  for (const Reference& r : ReferencesTo(parent)) {
    if (r.child == &parent) continue;
    const bool dropped_too =
        catalog_.options_.flavor != Flavor::kMariaDB &&
        std::any_of(s.tables.begin(), s.tables.end(), [&](const ast::Name& n) {
          const int i = Find(Resolve(n));
          return i >= 0 && &catalog_.tables_[static_cast<size_t>(i)] == r.child;
        });
    if (dropped_too) continue;
    return "foreign key " + Quoted(r.fk->name) + " of table " + Quoted(r.child->name) +
           " references it (drop " + Quoted(r.child->name) +
           " or its key first, or SET foreign_key_checks = 0)";
  }
  return {};
}

// InnoDB: one AUTO_INCREMENT column at most, and the first part of some index (error 1075,
// checked on MariaDB 10.11: KEY (a, b) does not serve b; MyISAM's would). ALTER TABLE t DROP
// PRIMARY KEY on an AUTO_INCREMENT id fails so.
void CatalogBuilder::CheckAutoIncrement(const Table& table) {
  if (!table.engine.empty() && table.engine != "innodb") return;
  const Column* auto_column = nullptr;
  for (const Column& c : table.columns) {
    if (!c.auto_increment) continue;
    if (auto_column != nullptr) {
      failures_.push_back({CodeStart(), "there can be only one AUTO_INCREMENT column"});
      return;
    }
    auto_column = &c;
  }
  if (auto_column == nullptr) return;
  const bool keyed = std::any_of(table.indexes.begin(), table.indexes.end(), [&](const Index& i) {
    return i.IsBtree() && !i.parts.empty() && i.parts.front().expression.empty() &&
           EqualsIgnoreCase(i.parts.front().column, auto_column->name);
  });
  if (!keyed) {
    failures_.push_back({CodeStart(), "AUTO_INCREMENT column " + Quoted(auto_column->name) +
                                          " must be the first column of an index"});
  }
}

// ALTER TABLE … ADD FOREIGN KEY, checked as the server checks it (errno 150, "Foreign key
// constraint is incorrectly formed", on MariaDB 10.11; MySQL 8.0 errors 1824, 3734, 1822,
// 3780): the parent table and its columns exist, an index of the parent begins with them, and
// each pair of columns is alike. With foreign_key_checks off the parent may be missing (a
// table created later); unlike columns MariaDB refuses even then (1825). CREATE TABLE is not
// checked: a schema file often creates a child before its parent, and refusing it would lose
// the table.
void CatalogBuilder::CheckNewForeignKey(const Table& child, const ForeignKey& fk, uint32_t offset) {
  const bool checks = catalog_.foreign_key_checks_;
  const std::string what = "foreign key " + Quoted(fk.name) + ": ";
  const Table* parent = nullptr;
  if (RefersTo(child, fk, child.database, child.name)) {
    parent = &child;
  } else {
    const auto [db, name] = ReferencedTable(child, fk);
    const int found = FindExact(catalog_, db, name);
    if (found >= 0) parent = &catalog_.tables_[static_cast<size_t>(found)];
  }
  if (parent == nullptr) {
    if (checks) {
      failures_.push_back({offset, what + "the referenced table " + Quoted(fk.ref_table) +
                                       " does not exist (create it first, or SET "
                                       "foreign_key_checks = 0)"});
    }
    return;
  }
  if (fk.ref_columns.size() != fk.columns.size()) {
    failures_.push_back({offset, what + "it names " + std::to_string(fk.columns.size()) +
                                     " column(s) and references " +
                                     std::to_string(fk.ref_columns.size())});
    return;
  }
  for (size_t i = 0; i < fk.columns.size(); ++i) {
    const Column* mine = child.FindColumn(fk.columns[i]);
    const Column* theirs = parent->FindColumn(fk.ref_columns[i]);
    if (theirs == nullptr) {
      if (checks) {
        failures_.push_back({offset, what + "the referenced column " + Quoted(fk.ref_columns[i]) +
                                         " does not exist in " + Quoted(parent->name)});
        return;
      }
      continue;
    }
    if (mine != nullptr && !AlikeForForeignKey(*mine, *theirs) &&
        (checks || catalog_.options_.flavor == Flavor::kMariaDB)) {
      failures_.push_back({offset, what + Quoted(child.name) + "." + Quoted(mine->name) + " (" +
                                       TypeOf(*mine) + ") and " + Quoted(parent->name) + "." +
                                       Quoted(theirs->name) + " (" + TypeOf(*theirs) +
                                       ") are not alike: give both one type"});
      return;
    }
  }
  if (checks && !ServedIn(*parent, fk.ref_columns)) {
    std::string columns;
    for (const std::string& c : fk.ref_columns) columns += (columns.empty() ? "" : ", ") + c;
    failures_.push_back({offset, what + "no index of " + Quoted(parent->name) + " begins with (" +
                                     columns + "): add one first"});
  }
}

// SET foreign_key_checks = 0 | 1 | OFF | ON | DEFAULT, SET SESSION …, SET @@session.…: the
// session's value; SET GLOBAL changes only later sessions. A value that is not a constant
// (mysqldump's @OLD_FOREIGN_KEY_CHECKS) restores the default, on.
void CatalogBuilder::SetVariables(const ast::SetStatement& s) {
  for (const ast::SetVariable& v : s.variables) {
    std::string written;
    std::string_view name;
    if (v.target->kind == ast::ExprKind::kColumn) {
      const ast::Name& n = v.target->As<ast::Column>().name;
      if (n.parts.size() == 1) name = written = n.parts.front().Value();
    } else if (v.target->kind == ast::ExprKind::kVariable && v.target->As<ast::Variable>().system) {
      name = v.target->As<ast::Variable>().text;
      name.remove_prefix(2);  // @@
      if (base::StartsWithIgnoreCase(name, "global.")) continue;
      for (std::string_view scope : {"session.", "local."}) {
        if (base::StartsWithIgnoreCase(name, scope)) name.remove_prefix(scope.size());
      }
    }
    if (!EqualsIgnoreCase(name, "foreign_key_checks") || EqualsIgnoreCase(v.scope, "GLOBAL")) {
      continue;
    }
    bool on = true;
    if (v.value->kind == ast::ExprKind::kLiteral) {
      const ast::Literal& l = v.value->As<ast::Literal>();
      on = !(l.literal == ast::LiteralKind::kFalse ||
             (l.literal == ast::LiteralKind::kNumber && l.text == "0"));
    } else if (v.value->kind == ast::ExprKind::kColumn) {
      const ast::Name& n = v.value->As<ast::Column>().name;
      on = !(n.parts.size() == 1 && EqualsIgnoreCase(n.parts.front().Value(), "OFF"));
    }
    catalog_.foreign_key_checks_ = on;
  }
}

// --- CatalogBuilder: columns ---------------------------------------------------------------------

// Puts `column` in place of column `replace` (-1: appends), then moves it as `position` says.
bool CatalogBuilder::PlaceColumn(Table& table, Column column, const ast::AlterAction& position,
                                 int replace, uint32_t offset) {
  size_t at = table.columns.size();
  if (replace >= 0) {
    at = static_cast<size_t>(replace);
    table.columns[at] = std::move(column);
  } else {
    table.columns.push_back(std::move(column));
  }
  if (!position.first && position.after.raw.empty()) return true;
  Column moved = std::move(table.columns[at]);
  table.columns.erase(table.columns.begin() + static_cast<ptrdiff_t>(at));
  if (position.first) {
    table.columns.insert(table.columns.begin(), std::move(moved));
    return true;
  }
  const std::string after = position.after.Value();
  for (size_t i = 0; i < table.columns.size(); ++i) {
    if (EqualsIgnoreCase(table.columns[i].name, after)) {
      table.columns.insert(table.columns.begin() + static_cast<ptrdiff_t>(i + 1), std::move(moved));
      return true;
    }
  }
  failures_.push_back({offset, "AFTER " + Quoted(after) + ": no such column"});
  return false;
}

std::vector<std::string> CatalogBuilder::Renamed(std::vector<std::string> columns) const {
  for (const auto& [from, to] : renamed_columns_) {
    for (std::string& c : columns) {
      if (EqualsIgnoreCase(c, from)) c = to;
    }
  }
  return columns;
}

// After an ALTER of `parent` applied: the keys that reference it name its columns as renamed.
void CatalogBuilder::FollowRenames(const Table& parent) {
  if (renamed_columns_.empty()) return;
  for (Table& child : catalog_.tables_) {
    for (ForeignKey& fk : child.foreign_keys) {
      if (RefersTo(child, fk, parent.database, parent.name)) {
        fk.ref_columns = Renamed(fk.ref_columns);
      }
    }
  }
}

void CatalogBuilder::RenameColumnEverywhere(Table& table, std::string_view from,
                                            const std::string& to) {
  if (!EqualsIgnoreCase(from, to)) renamed_columns_.emplace_back(from, to);
  for (Index& index : table.indexes) {
    for (KeyPart& p : index.parts) {
      if (p.expression.empty() && EqualsIgnoreCase(p.column, from)) p.column = to;
    }
  }
  for (ForeignKey& fk : table.foreign_keys) {
    for (std::string& c : fk.columns) {
      if (EqualsIgnoreCase(c, from)) c = to;
    }
  }
}

// DROP COLUMN: the column leaves every index, and an index left without parts goes (MySQL 8.0
// manual, "ALTER TABLE Statement"); a column a foreign key uses cannot be dropped.
bool CatalogBuilder::DropColumn(Table& table, std::string_view name, bool if_exists,
                                uint32_t offset) {
  const Column* column = table.FindColumn(name);
  if (column == nullptr) {
    if (if_exists) return true;
    failures_.push_back({offset, "cannot drop column " + Quoted(name) + ": no such column"});
    return false;
  }
  for (const ForeignKey& fk : table.foreign_keys) {
    for (const std::string& c : fk.columns) {
      if (EqualsIgnoreCase(c, name)) {
        failures_.push_back({offset, "cannot drop column " + Quoted(name) +
                                         ": needed in foreign key " + Quoted(fk.name)});
        return false;
      }
    }
  }
  // A column another table's key references: MariaDB refuses whatever foreign_key_checks says
  // (error 1829, checked on 10.11), MySQL while it is on.
  if (catalog_.options_.flavor == Flavor::kMariaDB || catalog_.foreign_key_checks_) {
    for (const Reference& r : ReferencesTo(table)) {
      if (Names(r.fk->ref_columns, name)) {
        failures_.push_back({offset, "cannot drop column " + Quoted(name) +
                                         ": needed in foreign key " + Quoted(r.fk->name) +
                                         " of table " + Quoted(r.child->name)});
        return false;
      }
    }
  }
  if (table.columns.size() == 1) {
    failures_.push_back({offset, "cannot drop the last column; use DROP TABLE"});
    return false;
  }
  table.columns.erase(table.columns.begin() + (column - table.columns.data()));
  for (size_t i = 0; i < table.indexes.size();) {
    std::vector<KeyPart>& parts = table.indexes[i].parts;
    std::erase_if(parts, [&](const KeyPart& p) {
      return p.expression.empty() && EqualsIgnoreCase(p.column, name);
    });
    if (parts.empty()) {
      table.indexes.erase(table.indexes.begin() + static_cast<ptrdiff_t>(i));
    } else {
      ++i;
    }
  }
  return true;
}

// [DEFAULT] CHARSET / CHARACTER SET / COLLATE (the table's default only), ENGINE / TYPE.
void CatalogBuilder::SetTableOption(Table& table, std::string_view name, std::string_view value) {
  std::string option = Phrase(name);
  if (option.starts_with("default ")) option.erase(0, 8);
  if (option == "charset" || option == "character set" || option == "char set") {
    CharsetCollation cc = Resolve(value, "", DatabaseDefaults(table.database));
    table.charset = std::move(cc.charset);
    table.collation = std::move(cc.collation);
  } else if (option == "collate") {
    CharsetCollation cc = Resolve("", value, DatabaseDefaults(table.database));
    table.charset = std::move(cc.charset);
    table.collation = std::move(cc.collation);
  } else if (option == "engine" || option == "type") {
    table.engine = parser::LowerAscii(Unquote(value));
  } else if (option == "row_format") {
    table.row_format = parser::LowerAscii(Unquote(value));
  }
}

// --- CatalogBuilder: statements ------------------------------------------------------------------

bool CatalogBuilder::Apply() {
  switch (statement_.kind) {
    case ast::StatementKind::kCreateDatabase:
      return CreateDatabase(statement_.As<ast::CreateDatabaseStatement>());
    case ast::StatementKind::kUse:
      catalog_.current_database_ =
          StoredName(catalog_, statement_.As<ast::UseStatement>().database.Value());
      return true;
    case ast::StatementKind::kCreateTable:
      return CreateTable(statement_.As<ast::CreateTableStatement>());
    case ast::StatementKind::kAlterTable:
      return AlterTable(statement_.As<ast::AlterTableStatement>());
    case ast::StatementKind::kCreateIndex:
      return CreateIndex(statement_.As<ast::CreateIndexStatement>());
    case ast::StatementKind::kDropTable:
      return DropTables(statement_.As<ast::DropTableStatement>());
    case ast::StatementKind::kDropIndex:
      return DropIndexStatement(statement_.As<ast::DropIndexStatement>());
    case ast::StatementKind::kRenameTable:
      return RenameTables(statement_.As<ast::RenameTableStatement>());
    case ast::StatementKind::kCreateView:
    case ast::StatementKind::kAlterView:
      return DefineView(static_cast<const ast::ViewStatement&>(statement_));
    case ast::StatementKind::kDropView:
      return DropViews(statement_.As<ast::DropViewStatement>());
    case ast::StatementKind::kDropDatabase:
      return DropDatabase(statement_.As<ast::DropDatabaseStatement>());
    case ast::StatementKind::kSet:
      SetVariables(statement_.As<ast::SetStatement>());
      return false;
    case ast::StatementKind::kCreateTrigger:
    case ast::StatementKind::kCreateRoutine:
    case ast::StatementKind::kDropRoutine:
      // Triggers and stored routines make no table, column, index or view: nothing of them
      // belongs in the catalog, and nothing is left half-applied.
      return false;
    case ast::StatementKind::kUnsupported:
      // The parser has noted it (ParseResult's notes): nothing of it is applied.
      return false;
    default:
      return false;
  }
}

bool CatalogBuilder::CreateDatabase(const ast::CreateDatabaseStatement& s) {
  const std::string name = StoredName(catalog_, s.name.Value());
  if (FindDatabase(catalog_, name) != nullptr) {
    if (!s.if_not_exists) {
      Report(CodeStart(), "CREATE DATABASE " + Quoted(name) + ": database already exists");
    }
    return false;
  }
  std::string charset;
  std::string collation;
  for (const ast::TableOption& o : s.options) {
    std::string option = Phrase(o.name);
    if (option.starts_with("default ")) option.erase(0, 8);
    if (option == "charset" || option == "character set" || option == "char set") charset = o.value;
    if (option == "collate") collation = o.value;
  }
  const std::string server = catalog_.ServerCharset();
  CharsetCollation cc = Resolve(charset, collation, {server, catalog_.DefaultCollation(server)});
  catalog_.databases_.push_back({name, std::move(cc.charset), std::move(cc.collation)});
  return true;
}

bool CatalogBuilder::CreateTable(const ast::CreateTableStatement& s) {
  const TableName name = Resolve(s.table);
  const std::string what = "CREATE TABLE " + name.Display();
  if (const int existing = FindExact(catalog_, name.database, name.name); existing >= 0) {
    if (!s.if_not_exists) {
      Report(CodeStart(), what + ": table already exists");
      // The server's table (SchemaImport applies it from "<db> (server)") is kept.
      if (catalog_.tables_[static_cast<size_t>(existing)].location.file.ends_with(" (server)")) {
        catalog_.issues_.back().note = true;
      }
    }
    return false;
  }
  // Tables and views share one namespace (MySQL error 1050, "Table '…' already exists").
  if (FindExactIn(catalog_, catalog_.views_, name.database, name.name) >= 0) {
    if (!s.if_not_exists) Report(CodeStart(), what + ": a view of that name exists");
    return false;
  }
  Table table;
  if (!s.like.parts.empty()) {
    const TableName like = Resolve(s.like);
    const int source = Find(like);
    if (source < 0) {
      Report(CodeStart(), what + ": LIKE " + like.Display() + ": table is not defined");
      return false;
    }
    // A copy of the columns and indexes; not its foreign keys, nor its statistics (MySQL 8.0
    // manual, "CREATE TABLE ... LIKE Statement").
    table = catalog_.tables_[static_cast<size_t>(source)];
    table.foreign_keys.clear();
    table.rows.reset();
    for (Column& c : table.columns) c.distinct.reset();
    for (Index& index : table.indexes) {
      index.foreign_key = false;
      index.implicit = false;
      for (KeyPart& p : index.parts) p.cardinality.reset();
    }
  } else {
    table.engine = "innodb";
    const CharsetCollation defaults = DatabaseDefaults(name.database);
    table.charset = defaults.charset;
    table.collation = defaults.collation;
    std::string charset;
    std::string collation;
    for (const ast::TableOption& o : s.options) {
      std::string option = Phrase(o.name);
      if (option.starts_with("default ")) option.erase(0, 8);
      if (option == "charset" || option == "character set" || option == "char set")
        charset = o.value;
      if (option == "collate") collation = o.value;
      if (option == "engine" || option == "type")
        table.engine = parser::LowerAscii(Unquote(o.value));
      if (option == "row_format") table.row_format = parser::LowerAscii(Unquote(o.value));
    }
    CharsetCollation cc = Resolve(charset, collation, defaults);
    table.charset = std::move(cc.charset);
    table.collation = std::move(cc.collation);
    table.name = name.name;
    table.database = name.database;
    for (const ast::ColumnDef& def : s.columns) {
      Column column = MakeColumn(def, table);
      if (table.FindColumn(column.name) != nullptr) {
        failures_.push_back({def.span.offset, "duplicate column name " + Quoted(column.name)});
        continue;
      }
      CheckDefault(column, def.default_value, def.default_parens, def.span.offset);
      table.columns.push_back(std::move(column));
    }
    // Keys in the order written, inline ones at their column: unnamed keys are named in order.
    size_t c = 0;
    size_t k = 0;
    while (failures_.empty() && (c < s.columns.size() || k < s.indexes.size())) {
      if (k >= s.indexes.size() ||
          (c < s.columns.size() && s.columns[c].span.offset < s.indexes[k].span.offset)) {
        const ast::ColumnDef& def = s.columns[c++];
        if (const Column* column = table.FindColumn(def.name.Value())) {
          AddColumnKeys(table, def, *column);
        }
      } else {
        const ast::IndexDef& def = s.indexes[k++];
        AddIndex(table, def, def.span.offset);
      }
    }
    if (failures_.empty()) FinishForeignKeys(table);
  }
  if (failures_.empty()) CheckAutoIncrement(table);
  if (!failures_.empty()) {
    ReportAll(what);
    return false;
  }
  table.database = name.database;
  table.name = name.name;
  table.location = LocationAt(CodeStart());
  catalog_.tables_.push_back(std::move(table));
  return true;
}

bool CatalogBuilder::ApplyAction(Table& table, const ast::AlterAction& a, std::string* rename_db,
                                 std::string* rename_to) {
  const uint32_t offset = a.span.offset;
  switch (a.kind) {
    case ast::AlterKind::kAddColumn: {
      Column column = MakeColumn(a.column, table);
      if (table.FindColumn(column.name) != nullptr) {
        if (a.if_exists) return true;  // ADD COLUMN IF NOT EXISTS
        failures_.push_back({offset, "duplicate column name " + Quoted(column.name)});
        return false;
      }
      if (!CheckDefault(column, a.column.default_value, a.column.default_parens, offset)) {
        return false;
      }
      const Column copy = column;
      return PlaceColumn(table, std::move(column), a, -1, offset) &&
             AddColumnKeys(table, a.column, copy);
    }
    case ast::AlterKind::kModifyColumn:
    case ast::AlterKind::kChangeColumn: {
      const std::string old_name =
          a.kind == ast::AlterKind::kChangeColumn ? a.name.Value() : a.column.name.Value();
      const Column* old = table.FindColumn(old_name);
      if (old == nullptr) {
        if (a.if_exists) return true;
        failures_.push_back({offset, "unknown column " + Quoted(old_name)});
        return false;
      }
      const int at = static_cast<int>(old - table.columns.data());
      Column column = MakeColumn(a.column, table);
      const Column* clash = table.FindColumn(column.name);
      if (clash != nullptr && clash != old) {
        failures_.push_back({offset, "duplicate column name " + Quoted(column.name)});
        return false;
      }
      if (!CheckDefault(column, a.column.default_value, a.column.default_parens, offset) ||
          !CheckForeignKeyColumnChange(table, *old, column, offset)) {
        return false;
      }
      RenameColumnEverywhere(table, old_name, column.name);
      const Column copy = column;
      if (!PlaceColumn(table, std::move(column), a, at, offset)) return false;
      if (const Index* pk = table.PrimaryKey()) {
        for (const KeyPart& p : pk->parts) {
          if (p.expression.empty() && EqualsIgnoreCase(p.column, copy.name)) {
            table.FindColumn(copy.name)->nullable = false;  // primary-key columns are NOT NULL
          }
        }
      }
      return AddColumnKeys(table, a.column, copy);
    }
    case ast::AlterKind::kDropColumn:
      return DropColumn(table, a.name.Value(), a.if_exists, offset);
    case ast::AlterKind::kRenameColumn: {
      const std::string from = a.name.Value();
      const std::string to = a.new_name.Value();
      Column* column = table.FindColumn(from);
      if (column == nullptr && a.if_exists) return true;  // MariaDB: RENAME COLUMN IF EXISTS
      if (column == nullptr) {
        failures_.push_back({offset, "unknown column " + Quoted(from)});
        return false;
      }
      const Column* clash = table.FindColumn(to);
      if (clash != nullptr && clash != column) {
        failures_.push_back({offset, "duplicate column name " + Quoted(to)});
        return false;
      }
      column->name = to;
      RenameColumnEverywhere(table, from, to);
      return true;
    }
    case ast::AlterKind::kAddIndex:
      return AddIndex(table, a.index, offset);
    case ast::AlterKind::kDropIndex: {
      const std::string name = a.name.Value();
      if (EqualsIgnoreCase(name, "PRIMARY") && table.PrimaryKey() == nullptr && !a.if_exists) {
        failures_.push_back({offset, "cannot drop PRIMARY: the table has no primary key"});
        return false;
      }
      return DropIndex(table, name, a.if_exists, offset);
    }
    case ast::AlterKind::kDropPrimaryKey:
      if (table.PrimaryKey() == nullptr) {
        failures_.push_back({offset, "cannot drop PRIMARY: the table has no primary key"});
        return false;
      }
      return DropIndex(table, "PRIMARY", false, offset);
    case ast::AlterKind::kDropForeignKey: {
      const std::string name = a.name.Value();
      auto& fks = table.foreign_keys;
      const auto it = std::find_if(fks.begin(), fks.end(),
                                   [&](auto& fk) { return EqualsIgnoreCase(fk.name, name); });
      if (it == fks.end()) {
        if (a.if_exists) return true;
        failures_.push_back({offset, "cannot drop foreign key " + Quoted(name) + ": no such key"});
        return false;
      }
      fks.erase(it);  // its index stays, as on the server
      return true;
    }
    case ast::AlterKind::kAlterIndex: {
      for (Index& index : table.indexes) {
        if (EqualsIgnoreCase(index.name, a.name.Value())) {
          index.invisible = ast::Hidden(a.visibility);
          return true;
        }
      }
      failures_.push_back({offset, "ALTER INDEX " + Quoted(a.name.Value()) + ": no such index"});
      return false;
    }
    case ast::AlterKind::kDropConstraint: {
      // DROP CONSTRAINT names a CHECK or a FOREIGN KEY (MySQL 8.0.19, MariaDB): a foreign key
      // goes, its index stays; CHECK constraints are not modelled.
      auto& fks = table.foreign_keys;
      std::erase_if(fks, [&](auto& fk) { return EqualsIgnoreCase(fk.name, a.name.Value()); });
      return true;
    }
    case ast::AlterKind::kAlterColumn: {  // SET / DROP DEFAULT; visibility is not modelled
      Column* column = table.FindColumn(a.name.Value());
      if (column == nullptr) {
        failures_.push_back({offset, "unknown column " + Quoted(a.name.Value())});
        return false;
      }
      if (a.setting == "DROP DEFAULT") column->default_sql.clear();
      if (a.setting != "SET DEFAULT" || a.default_value == nullptr) return true;
      if (!CheckDefault(*column, a.default_value, a.default_parens, offset)) return false;
      column->default_sql = DefaultSql(*a.default_value, a.default_parens);
      return true;
    }
    case ast::AlterKind::kForce:
      return true;
    case ast::AlterKind::kRenameIndex: {
      const std::string from = a.name.Value();
      const std::string to = a.new_name.Value();
      Index* index = nullptr;
      for (Index& i : table.indexes) {
        if (EqualsIgnoreCase(i.name, from)) index = &i;
      }
      if (index == nullptr || index->kind == IndexKind::kPrimary) {
        failures_.push_back({offset, "cannot rename index " + Quoted(from) + ": no such index"});
        return false;
      }
      if (!EqualsIgnoreCase(from, to) && NameTaken(table, to)) {
        failures_.push_back({offset, "duplicate key name " + Quoted(to)});
        return false;
      }
      index->name = to;
      index->implicit = false;
      return true;
    }
    case ast::AlterKind::kRenameTable: {
      // An unqualified new name is in the current database, as any table name; a script that
      // never said USE keeps the table where it is.
      const TableName to = Resolve(a.table);
      *rename_db =
          to.qualified || !catalog_.current_database_.empty() ? to.database : table.database;
      *rename_to = to.name;
      return true;
    }
    case ast::AlterKind::kConvertCharset: {
      const CharsetCollation cc = Resolve(a.charset, a.collation, DatabaseDefaults(table.database));
      table.charset = cc.charset;
      table.collation = cc.collation;
      for (Column& c : table.columns) ConvertColumn(c, cc);
      return true;
    }
    case ast::AlterKind::kOption:
      SetTableOption(table, a.option.name, a.option.value);
      return true;
    case ast::AlterKind::kOther:
      return true;  // an action the parser keeps as written (ADD PARTITION, …) changes no index
    case ast::AlterKind::kAddSystemVersioning:
    case ast::AlterKind::kDropSystemVersioning:
    case ast::AlterKind::kAddPeriod:
    case ast::AlterKind::kDropPeriod:
      // MariaDB's versioning columns are invisible and a period adds no index: nothing the
      // advisor's model holds changes.
      return true;
  }
  return true;
}

bool CatalogBuilder::AlterTable(const ast::AlterTableStatement& s) {
  const TableName name = Resolve(s.table);
  const std::string what = "ALTER TABLE " + name.Display();
  const int found = Find(name);
  if (found < 0) {
    Report(CodeStart(), what + ": table is not defined");
    return false;
  }
  Table table = catalog_.tables_[static_cast<size_t>(found)];
  std::string rename_db = table.database;
  std::string rename_to = table.name;
  // The server drops keys before it adds any (ALTER TABLE t DROP PRIMARY KEY, ADD PRIMARY KEY
  // (…) works in either order); everything else applies in the order written.
  auto is_drop = [](const ast::AlterAction& a) {
    return a.kind == ast::AlterKind::kDropIndex || a.kind == ast::AlterKind::kDropPrimaryKey ||
           a.kind == ast::AlterKind::kDropForeignKey;
  };
  for (int pass = 0; pass < 2; ++pass) {
    for (const ast::AlterAction& a : s.actions) {
      if (is_drop(a) == (pass == 0)) ApplyAction(table, a, &rename_db, &rename_to);
    }
  }
  const std::vector<NewForeignKey> added = new_foreign_keys_;
  FinishForeignKeys(table);
  if (failures_.empty()) CheckAutoIncrement(table);
  for (const NewForeignKey& n : added) {
    if (failures_.empty()) CheckNewForeignKey(table, table.foreign_keys[n.position], n.offset);
  }
  if (failures_.empty() && (rename_db != table.database || rename_to != table.name)) {
    const int clash = FindExact(catalog_, rename_db, rename_to);
    if (clash >= 0 && clash != found) {
      failures_.push_back({CodeStart(), "RENAME: table " + Quoted(rename_to) + " already exists"});
    }
    table.database = rename_db;
    table.name = rename_to;
  }
  if (!failures_.empty()) {
    ReportAll(what);
    return false;
  }
  const std::string old_db = catalog_.tables_[static_cast<size_t>(found)].database;
  const std::string old_name = catalog_.tables_[static_cast<size_t>(found)].name;
  catalog_.tables_[static_cast<size_t>(found)] = std::move(table);
  const Table& altered = catalog_.tables_[static_cast<size_t>(found)];
  if (altered.database != old_db || altered.name != old_name) {
    FollowTableRename(old_db, old_name, altered.database, altered.name);
  }
  FollowRenames(altered);
  return !s.actions.empty();
}

bool CatalogBuilder::CreateIndex(const ast::CreateIndexStatement& s) {
  const TableName name = Resolve(s.table);
  const std::string what = "CREATE INDEX " + Quoted(s.index.name.Value()) + " ON " + name.Display();
  const int found = Find(name);
  if (found < 0) {
    Report(CodeStart(), what + ": table is not defined");
    return false;
  }
  Table table = catalog_.tables_[static_cast<size_t>(found)];
  // CREATE INDEX's key definition carries no span of its own: the statement's start stands in.
  const uint32_t offset = s.index.span.length > 0 ? s.index.span.offset : CodeStart();
  if (s.if_not_exists && NameTaken(table, s.index.name.Value())) return false;  // a note
  AddIndex(table, s.index, offset);
  if (failures_.empty()) FinishForeignKeys(table);
  if (!failures_.empty()) {
    ReportAll(what);
    return false;
  }
  catalog_.tables_[static_cast<size_t>(found)] = std::move(table);
  return true;
}

// DROP TABLE drops the tables it finds and reports the others, as MariaDB does (MySQL 8.0's
// atomic DDL would drop none; a schema file that relies on the difference is broken anyway).
bool CatalogBuilder::DropTables(const ast::DropTableStatement& s) {
  bool changed = false;
  for (const ast::Name& n : s.tables) {
    const TableName name = Resolve(n);
    const int found = Find(name);
    if (found < 0) {
      if (!s.if_exists) {
        const uint32_t offset = n.parts.empty() ? CodeStart() : n.parts.front().offset;
        Report(offset, "DROP TABLE " + name.Display() + ": table is not defined");
      }
      continue;
    }
    if (const std::string why = ReferencedBy(catalog_.tables_[static_cast<size_t>(found)], s);
        !why.empty()) {
      Report(n.parts.empty() ? CodeStart() : n.parts.front().offset,
             "DROP TABLE " + name.Display() + ": " + why);
      continue;
    }
    catalog_.tables_.erase(catalog_.tables_.begin() + found);
    changed = true;
  }
  return changed;
}

bool CatalogBuilder::DropIndexStatement(const ast::DropIndexStatement& s) {
  const TableName name = Resolve(s.table);
  const std::string index = s.index.Value();
  const std::string what = "DROP INDEX " + Quoted(index) + " ON " + name.Display();
  const int found = Find(name);
  if (found < 0) {
    Report(CodeStart(), what + ": table is not defined");
    return false;
  }
  Table table = catalog_.tables_[static_cast<size_t>(found)];
  DropIndex(table, EqualsIgnoreCase(index, "PRIMARY") ? "PRIMARY" : index, s.if_exists,
            s.index.offset);
  if (failures_.empty()) FinishForeignKeys(table);
  if (!failures_.empty()) {
    ReportAll(what);
    return false;
  }
  catalog_.tables_[static_cast<size_t>(found)] = std::move(table);
  return true;
}

// RENAME TABLE a TO b, c TO d (pt-online-schema-change and gh-ost swap tables so): every pair in
// turn, as the server does (a TO tmp, b TO a, tmp TO b swaps a and b); all or nothing.
bool CatalogBuilder::RenameTables(const ast::RenameTableStatement& s) {
  std::vector<std::pair<TableName, TableName>> pairs;
  for (const ast::RenamePair& p : s.pairs) pairs.emplace_back(Resolve(p.from), Resolve(p.to));
  // RENAME TABLE renames views too (MySQL 8.0 manual, "RENAME TABLE Statement").
  const std::vector<Table> before = catalog_.tables_;
  const std::vector<View> views_before = catalog_.views_;
  for (const auto& pair : pairs) {
    // Not a structured binding: clang 14 (the fuzz build) cannot capture one in a lambda.
    const auto& from = pair.first;
    const auto& to = pair.second;
    const int found = Find(from);
    const int view = found >= 0 ? -1 : FindViewFor(from);
    if (found < 0 && view < 0 && s.if_exists) continue;  // MariaDB: skipped
    if (found < 0 && view < 0) {
      failures_.push_back({CodeStart(), from.Display() + ": table is not defined"});
      break;
    }
    if (FindExact(catalog_, to.database, to.name) >= 0 ||
        FindExactIn(catalog_, catalog_.views_, to.database, to.name) >= 0) {
      failures_.push_back({CodeStart(), to.Display() + ": table already exists"});
      break;
    }
    auto rename = [&](auto& object) {
      if (to.qualified || !catalog_.current_database_.empty()) object.database = to.database;
      object.name = to.name;
    };
    if (found >= 0) {
      Table& table = catalog_.tables_[static_cast<size_t>(found)];
      const std::string old_db = table.database, old_name = table.name;
      rename(table);
      FollowTableRename(old_db, old_name, table.database, table.name);
    } else {
      rename(catalog_.views_[static_cast<size_t>(view)]);
    }
  }
  if (!failures_.empty()) {
    catalog_.tables_ = before;
    catalog_.views_ = views_before;
    ReportAll("RENAME TABLE");
    return false;
  }
  return !pairs.empty();
}

// DROP DATABASE drops its tables and views with it ("DROP DATABASE Statement").
bool CatalogBuilder::DropDatabase(const ast::DropDatabaseStatement& s) {
  const std::string db = StoredName(catalog_, s.name.Value());
  const size_t before =
      catalog_.tables_.size() + catalog_.views_.size() + catalog_.databases_.size();
  std::erase_if(catalog_.tables_,
                [&](const Table& t) { return SameTableName(catalog_, t.database, db); });
  std::erase_if(catalog_.views_,
                [&](const View& v) { return SameTableName(catalog_, v.database, db); });
  std::erase_if(catalog_.databases_,
                [&](const Catalog::Database& d) { return SameTableName(catalog_, d.name, db); });
  if (SameTableName(catalog_, catalog_.current_database_, db)) catalog_.current_database_.clear();
  return before != catalog_.tables_.size() + catalog_.views_.size() + catalog_.databases_.size();
}

}  // namespace qadvisor::analyzer
