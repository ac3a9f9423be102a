// The workload index advisor (see advisor.h).
#include "analyzer/advisor.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <set>
#include <tuple>

#include "base/ascii.h"
#include "parser/keywords.h"

namespace qadvisor::analyzer {
namespace {

using parser::EqualsIgnoreCase;

// An index shape: what a want asks for, or what a proposal gives.
struct Shape {
  std::vector<std::string> key;  // equality columns (any order among the first `eq`), then the rest
  size_t eq = 0;
  bool order = false;      // the columns after the equalities serve ORDER BY / GROUP BY
  std::vector<bool> desc;  // per key column
  std::vector<std::string> include;
};

struct Candidate {
  const Table* table = nullptr;
  Shape shape;
  int64_t weight = 0;
  size_t query = 0;          // index into the workload
  size_t slot = 0;           // index into that class's TableAdvice list
  bool keeps_order = false;  // the key is an existing index's: its equality order stays
};

struct Part {
  std::string column;
  uint32_t prefix = 0;
  bool desc = false;
};

bool Contains(const std::vector<std::string>& names, std::string_view name) {
  return std::any_of(names.begin(), names.end(),
                     [&](const std::string& n) { return EqualsIgnoreCase(n, name); });
}

// Whether an index whose parts are `parts` (the primary key appended, as InnoDB stores it)
// gives what `want` asks for: its equality columns in the leading parts (any order), then its
// other key columns in order (ORDER BY columns all in the index's direction or all against it),
// and — when `cover` — every covering column in full somewhere in the index.
bool Serves(const std::vector<Part>& parts, const Shape& want, bool cover) {
  if (parts.size() < want.key.size()) return false;
  std::vector<std::string> eq(want.key.begin(), want.key.begin() + want.eq);
  int direction = -1;
  for (size_t i = 0; i < want.key.size(); ++i) {
    const Part& p = parts[i];
    if (i < want.eq) {
      if (!Contains(eq, p.column)) return false;
      continue;
    }
    if (!EqualsIgnoreCase(p.column, want.key[i])) return false;
    if (want.order) {
      if (p.prefix > 0) return false;  // a prefix part cannot give the order
      const int d = p.desc != want.desc[i] ? 1 : 0;
      if (direction >= 0 && d != direction) return false;
      direction = d;
    }
  }
  if (!cover) return true;
  for (const std::string& c : want.include) {
    const bool held = std::any_of(parts.begin(), parts.end(), [&](const Part& p) {
      return p.prefix == 0 && EqualsIgnoreCase(p.column, c);
    });
    if (!held) return false;
  }
  return true;
}

std::vector<Part> PartsOf(const Table& table, const Index& index) {
  std::vector<Part> parts;
  for (const KeyPart& k : table.ExtendedKey(index)) {
    if (k.column.empty()) break;  // a functional part: nothing after it is searched by column
    parts.push_back({k.column, k.prefix_length, k.descending});
  }
  return parts;
}

// Appends the primary key columns `parts` does not hold, as InnoDB does to a secondary index.
void AppendPrimaryKey(const Table& table, std::vector<Part>& parts) {
  const Index* pk = table.PrimaryKey();
  if (!pk) return;
  for (const KeyPart& k : pk->parts) {
    const bool held = std::any_of(parts.begin(), parts.end(), [&](const Part& p) {
      return EqualsIgnoreCase(p.column, k.column);
    });
    if (!held) parts.push_back({k.column, 0, false});
  }
}

// A shape's parts as an index of `table` would hold them: key, covering columns, primary key.
std::vector<Part> PartsOf(const Table& table, const Shape& shape) {
  std::vector<Part> parts;
  for (size_t i = 0; i < shape.key.size(); ++i) parts.push_back({shape.key[i], 0, shape.desc[i]});
  for (const std::string& c : shape.include) parts.push_back({c, 0, false});
  AppendPrimaryKey(table, parts);
  return parts;
}

// Whether the equality columns of `want` bind every part of `index` (a single-row lookup when
// the index is unique).
bool BindsWhole(const Index& index, const Shape& want) {
  if (index.parts.empty()) return false;
  const std::vector<std::string> eq(want.key.begin(), want.key.begin() + want.eq);
  return std::all_of(index.parts.begin(), index.parts.end(), [&](const KeyPart& p) {
    return !p.column.empty() && p.prefix_length == 0 && Contains(eq, p.column);
  });
}

// A want an existing index already serves, and the class that wants it.
struct ServedWant {
  Shape shape;
  std::string class_id;
};

// Whether `index` already serves `want`: a unique index bound by equalities finds one row
// (covering does not matter, and the primary key is the row); else by its key, and the
// covering columns too unless it is the primary key.
bool ServedBy(const Table& table, const Index& index, const Shape& want) {
  if (!index.IsBtree() || index.invisible) return false;
  if (index.IsUnique() && BindsWhole(index, want)) return true;
  const bool cover = !want.include.empty() && index.kind != IndexKind::kPrimary;
  return Serves(PartsOf(table, index), want, cover);
}

// A proposal whose columns begin with `index`'s makes it redundant, unless a want `index`
// serves is served neither by the proposal (`added`, its parts) nor by an index that stays.
// InnoDB appends the primary key to every secondary index: `(customer_id)` gives the order
// of `WHERE customer_id = ? ORDER BY id`, and `(customer_id, created_at)` no longer does.
// Returns such a want, or nullptr when `index` can go.
const ServedWant* KeptFor(const Table& table, const Index& index, std::vector<Part> added,
                          const std::vector<ServedWant>& served,
                          const std::set<std::string>& dropped) {
  AppendPrimaryKey(table, added);
  for (const ServedWant& w : served) {
    if (!ServedBy(table, index, w.shape)) continue;
    if (Serves(added, w.shape, !w.shape.include.empty())) continue;
    const bool elsewhere =
        std::any_of(table.indexes.begin(), table.indexes.end(), [&](const Index& other) {
          return &other != &index && !dropped.count(other.name) && ServedBy(table, other, w.shape);
        });
    if (!elsewhere) return &w;
  }
  return nullptr;
}

// Whether a column holds only a handful of distinct values (fewer than `few`): by statistics
// when known; else when its type allows no more (an ENUM of few members, BOOLEAN, TINYINT(1),
// BIT(1)), or when it is a small integer, an ENUM or a short string named as a state is
// (`status`, `state`, `type`, `kind`, `…_status`, …, `is_…`, `has_…`) — the convention a DBA reads
// the schema by.
bool FewValues(const Column& c, uint64_t few) {
  if (c.distinct) return *c.distinct < few;
  const std::string type = parser::LowerAscii(c.type);
  if (type == "bool" || type == "boolean") return true;
  if ((type == "tinyint" || type == "bit") && c.length == 1) return true;
  if (c.family == TypeFamily::kEnumSet && type == "enum" && c.length < few) return true;
  const bool small = type == "tinyint" || type == "smallint" || type == "enum" ||
                     (c.family == TypeFamily::kString && c.length > 0 && c.length <= 32);
  if (!small) return false;
  const std::string name = parser::LowerAscii(c.name);
  for (std::string_view state : {"status", "state", "type", "kind"}) {
    if (name == state || name.ends_with("_" + std::string(state))) return true;
  }
  return name.starts_with("is_") || name.starts_with("has_");
}

bool Indexable(const Column* c) {
  return c && c->family != TypeFamily::kJson && c->family != TypeFamily::kSpatial &&
         c->family != TypeFamily::kOther;
}

std::string Describe(const std::vector<std::string>& columns) {
  std::string out;
  for (const std::string& c : columns) out += (out.empty() ? "" : ", ") + QuoteIdentifier(c);
  return out;
}

std::string FreshName(const Table& table, const std::vector<std::string>& columns,
                      const std::set<std::string>& taken) {
  std::string base = "idx";
  for (const std::string& c : columns) {
    if (base.size() + 1 + c.size() > 60) break;
    base += "_" + c;
  }
  for (char& ch : base) {
    const auto u = static_cast<unsigned char>(ch);
    if (!(std::isalnum(u) || ch == '_' || u >= 0x80)) ch = '_';
  }
  auto free = [&](const std::string& name) {
    const std::string lower = base::LowerAscii(name);
    return table.FindIndex(name) == nullptr && taken.count(lower) == 0;
  };
  if (free(base)) return base;
  for (int n = 2;; ++n) {
    const std::string name = fmt::format("{}_{}", base, n);
    if (free(name)) return name;
  }
}

// Prefix lengths (characters; bytes for binary types) for the key columns of `table` named
// `key`, 0 for whole columns: a TEXT / BLOB column cannot be a whole key part, and a column
// wider than the key limit must be a prefix (MySQL 8.0 Reference Manual 17.22, "InnoDB
// Limits").
std::vector<uint32_t> KeyPrefixes(const Table& table, const std::vector<std::string>& key,
                                  const AdvisorOptions& options) {
  std::vector<uint32_t> prefixes(key.size(), 0);
  for (size_t i = 0; i < key.size(); ++i) {
    const Column* c = table.FindColumn(key[i]);
    if (!c || (c->family != TypeFamily::kString && c->family != TypeFamily::kBinary)) continue;
    const uint32_t per_char = c->family == TypeFamily::kString ? MaxBytesPerChar(c->charset) : 1;
    const uint32_t whole = c->KeyBytes();
    if (whole == 0 || whole > options.max_key_bytes) {
      prefixes[i] =
          std::min<uint32_t>(whole == 0 ? 767 / per_char : options.max_key_bytes / per_char,
                             c->length > 0 ? c->length : 255);
    }
  }
  return prefixes;
}

uint32_t KeyWidth(const Table& table, const std::vector<std::string>& key,
                  const std::vector<uint32_t>& prefixes, const std::vector<std::string>& include) {
  uint32_t sum = 0;
  auto bytes_of = [&](const std::string& name, uint32_t prefix) -> uint32_t {
    const Column* c = table.FindColumn(name);
    return c ? c->KeyBytes(prefix) : 0;
  };
  for (size_t i = 0; i < key.size(); ++i) sum += bytes_of(key[i], prefixes[i]);
  for (const std::string& c : include) sum += bytes_of(c, 0);
  return sum;
}

// Covering is all or nothing: the index must hold every column the query reads. So the covering
// columns are dropped when they do not all fit under the key limit with the key, or when a key
// column is only a prefix: the row must then be read to compare the whole value anyway (8.0
// manual 10.3.5, "Column Indexes").
void FitCovering(const Table& table, Shape& shape, const AdvisorOptions& options) {
  const std::vector<uint32_t> prefixes = KeyPrefixes(table, shape.key, options);
  if (std::any_of(prefixes.begin(), prefixes.end(), [](uint32_t p) { return p > 0; }) ||
      KeyWidth(table, shape.key, prefixes, shape.include) > options.max_key_bytes) {
    shape.include.clear();
  }
}

// One index for two wants on a table that neither index would serve alone: their common
// equality columns (the same set), then the one want's ORDER BY or range columns (at most one
// of them has any), then the covering columns of both. `WHERE user_id = ?` reading `order_no`
// and `WHERE user_id = ? ORDER BY created_at DESC LIMIT ?` become (user_id, created_at DESC,
// order_no). nullopt when the equalities differ, both have order or range columns, or the
// covering columns do not fit (the budget, the key's bytes); the caller then checks with Serves
// that the result gives every query what its own index would.
std::optional<Shape> Combine(const Table& table, const Shape& a, const Shape& b,
                             const AdvisorOptions& options) {
  if (a.eq == 0 || a.eq != b.eq) return std::nullopt;
  for (size_t i = 0; i < b.eq; ++i) {
    if (!Contains({a.key.begin(), a.key.begin() + a.eq}, b.key[i])) return std::nullopt;
  }
  const bool a_tail = a.key.size() > a.eq;
  const bool b_tail = b.key.size() > b.eq;
  if (a_tail && b_tail) return std::nullopt;
  Shape merged = b_tail ? b : a;
  if (b_tail) std::copy(a.key.begin(), a.key.begin() + a.eq, merged.key.begin());  // a's order
  merged.include.clear();
  for (const Shape* s : {&a, &b}) {
    for (const std::string& c : s->include) {
      if (!Contains(merged.key, c) && !Contains(merged.include, c)) merged.include.push_back(c);
    }
  }
  if (merged.include.size() > options.max_include_columns) return std::nullopt;
  FitCovering(table, merged, options);
  return merged;
}

// When an existing non-unique index gives `c`'s key but not its covering columns, `c` becomes
// that index with the missing columns appended, rather than a second index beside it: the
// proposal then replaces it and still serves every query it served.
void ExtendExisting(const Table& table, Candidate& c, const AdvisorOptions& options) {
  if (c.shape.include.empty()) return;
  const Index* base = nullptr;
  for (const Index& index : table.indexes) {
    if (index.kind != IndexKind::kKey || index.invisible) continue;
    const bool plain = std::all_of(index.parts.begin(), index.parts.end(), [](const KeyPart& k) {
      return !k.column.empty() && k.prefix_length == 0;
    });
    if (!plain || !Serves(PartsOf(table, index), c.shape, false)) continue;
    if (!base || index.parts.size() < base->parts.size()) base = &index;
  }
  if (!base) return;
  Shape shape = c.shape;
  const size_t own = std::min(shape.key.size(), base->parts.size());
  for (size_t i = 0; i < own; ++i) {  // the index's spelling, order and directions
    shape.key[i] = base->parts[i].column;
    shape.desc[i] = base->parts[i].descending;
  }
  shape.include.clear();
  for (size_t i = own; i < base->parts.size(); ++i) {
    // Covering columns are written ascending: the proposal would no longer begin with the index.
    if (base->parts[i].descending) return;
    shape.include.push_back(base->parts[i].column);
  }
  const size_t kept = shape.include.size();
  for (const std::string& col : c.shape.include) {
    if (!Contains(shape.include, col) && !Contains(shape.key, col)) shape.include.push_back(col);
  }
  FitCovering(table, shape, options);
  if (shape.include.size() <= kept) return;  // too wide with the index's own columns
  c.shape = std::move(shape);
  c.keeps_order = true;
}

std::string FormatSeconds(int64_t millionths) {
  return fmt::format("{:.3g} s", static_cast<double>(millionths) / 1e6);
}

// A join that looks a table up by a column it must convert (a charset, collation or type
// mismatch: charset-mismatch-join, implicit-conversion) cannot search that table by the join:
// the table is read whole for each row of the tables before it. That scan is the query's cost
// until the columns match, and an index on another table of the join saves none of it: those
// tables get no proposal, and the reason says what to fix first. The looked-up table keeps its
// own want (an index on its own filter still shortens each scan).
struct BrokenLookup {
  int table = -1;  // the table looked up through a converted column, or -1
  std::string why;
};

BrokenLookup FindBrokenLookup(const QueryBlock& block, int driving) {
  if (block.tables.size() < 2) return {};
  for (const Predicate& p : block.predicates) {
    if (p.value != ValueKind::kColumn || !p.IsEquality() || p.or_group >= 0) continue;
    if (p.column.table == driving || !block.tables[p.column.table].table) continue;
    if (p.blocker != Blocker::kCharset && p.blocker != Blocker::kCollation &&
        p.blocker != Blocker::kConversion) {
      continue;
    }
    const TableUse& use = block.tables[p.column.table];
    return {p.column.table,
            fmt::format("the join looks `{}` up by {}.{} through a {}, so it reads `{}` whole for "
                        "each row: fix that first ({}); an index here would not save that time",
                        use.table->name, QuoteIdentifier(use.alias), QuoteIdentifier(p.column.name),
                        BlockerName(p.blocker), use.table->name,
                        p.blocker == Blocker::kConversion ? "implicit-conversion"
                                                          : "charset-mismatch-join")};
  }
  return {};
}

using parser::ast::StatementKind;

// The classes that write each table, in workload order, and the per-table totals reports show,
// heaviest first.
std::vector<TableWrites> CountWrites(std::span<const WorkloadQuery> workload,
                                     std::map<const Table*, std::vector<size_t>>& writers) {
  std::vector<TableWrites> out;
  std::map<const Table*, size_t> slot;
  for (size_t q = 0; q < workload.size(); ++q) {
    const QueryModel* model = workload[q].model;
    if (!model || !model->statement) continue;
    for (const Table* table : model->written) {
      auto [it, fresh] = slot.emplace(table, out.size());
      if (fresh) {
        out.emplace_back().table = table;
        out.back().rows_affected = 0;
      }
      TableWrites& w = out[it->second];
      const uint64_t calls = workload[q].calls;
      switch (model->statement->kind) {
        case StatementKind::kInsert:
          (model->statement->As<parser::ast::InsertStatement>().replace ? w.replaces : w.inserts) +=
              calls;
          break;
        case StatementKind::kUpdate:
          w.updates += calls;
          break;
        default:
          w.deletes += calls;
          break;
      }
      if (w.rows_affected && workload[q].rows_affected) {
        *w.rows_affected += *workload[q].rows_affected;
      } else {
        w.rows_affected.reset();
      }
      w.weight += workload[q].weight;
      w.query_classes.push_back(workload[q].id);
      writers[table].push_back(q);
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const TableWrites& a, const TableWrites& b) {
    if (a.weight != b.weight) return a.weight > b.weight;
    return QuoteTableName(*a.table) < QuoteTableName(*b.table);
  });
  return out;
}

// The rows one execution of a write likely changes, when the log does not say (no
// Rows_affected): an INSERT's VALUES rows, an UPDATE's or DELETE's LIMIT, else one.
uint64_t RowsPerCall(const QueryModel& model) {
  if (model.statement->kind == StatementKind::kInsert) {
    const auto& insert = model.statement->As<parser::ast::InsertStatement>();
    return std::max<uint64_t>(insert.rows.size(), 1);
  }
  const QueryBlock* main = model.Main();
  return main && main->limit ? std::max<uint64_t>(*main->limit, 1) : 1;
}

bool HasAny(const Index& index, const std::vector<std::string>& columns) {
  return std::any_of(index.parts.begin(), index.parts.end(),
                     [&](const KeyPart& k) { return Contains(columns, k.column); });
}

// What the workload's writes would spend keeping a new index of `table` on `columns` up to
// date, in the unit of the weights. An INSERT, REPLACE or DELETE writes a row into every
// secondary index; an UPDATE only into those holding a column it sets (all of them when it sets
// a primary key column, which every secondary index holds). Per write class, the lesser of two
// upper bounds: its rows (Rows_affected, else RowsPerCall) times `index_write_us`, and an
// even share of its time among the row and the indexes it maintains now plus this one (which
// also counts the statement's reading, locking and commit as index work). `verify --sandbox`
// measures it instead. An index that replaces `extends` adds nothing for the writes that
// maintained that one already, unless an UPDATE sets a column it adds. Untimed workloads count
// the write statements.
struct WriteLoad {
  int64_t cost = 0;
  uint64_t calls = 0;
};

WriteLoad WriteCost(const Table& table, const std::vector<std::string>& columns,
                    const Index* extends, std::span<const WorkloadQuery> workload,
                    const std::vector<size_t>& writers, const AdvisorOptions& options) {
  WriteLoad load;
  std::vector<std::string> pk;
  if (const Index* primary = table.PrimaryKey()) {
    for (const KeyPart& k : primary->parts) pk.push_back(k.column);
  }
  for (size_t q : writers) {
    const QueryModel& model = *workload[q].model;
    size_t maintained = 0;  // secondary indexes the write maintains now
    bool touches = true;    // whether it would maintain the new index
    if (model.statement->kind == StatementKind::kUpdate) {
      std::vector<std::string> set;
      for (const auto& [t, column] : model.assigned) {
        if (t == &table) set.push_back(column);
      }
      const bool moves_rows = std::any_of(set.begin(), set.end(),
                                          [&](const std::string& c) { return Contains(pk, c); });
      std::vector<std::string> added;  // the new index's columns the extended one lacks
      for (const std::string& c : columns) {
        if (!extends || !HasAny(*extends, {c})) added.push_back(c);
      }
      touches = moves_rows ? extends == nullptr
                           : std::any_of(set.begin(), set.end(),
                                         [&](const std::string& c) { return Contains(added, c); });
      for (const Index& index : table.indexes) {
        if (index.kind != IndexKind::kPrimary && (moves_rows || HasAny(index, set))) ++maintained;
      }
    } else {
      touches = extends == nullptr;
      for (const Index& index : table.indexes) maintained += index.kind != IndexKind::kPrimary;
    }
    if (!touches) continue;
    const WorkloadQuery& w = workload[q];
    load.calls += w.calls;
    if (!options.timed) {
      load.cost += w.weight;
      continue;
    }
    const double rows = static_cast<double>(w.rows_affected.value_or(w.calls * RowsPerCall(model)));
    const double by_rows = rows * options.index_write_us;
    const double by_time = static_cast<double>(w.weight) / static_cast<double>(maintained + 2);
    load.cost += static_cast<int64_t>(std::min(by_rows, by_time));
  }
  return load;
}

}  // namespace

const ClassAdvice* Advice::Find(std::string_view id) const {
  const auto it = by_id.find(std::string(id));
  return it == by_id.end() ? nullptr : &classes[it->second];
}

Advice Advise(const Catalog& catalog, std::span<const WorkloadQuery> workload,
              const AdvisorOptions& options) {
  (void)catalog;
  Advice advice;
  std::vector<Candidate> candidates;

  int64_t total_weight = 0;
  for (const WorkloadQuery& q : workload) total_weight += q.weight;
  std::map<const Table*, std::vector<size_t>> writers;  // the classes writing each table
  advice.writes = CountWrites(workload, writers);
  // The wants existing indexes already serve, per table: an index one of them needs stays,
  // even when a proposal begins with its columns (KeptFor).
  std::map<const Table*, std::vector<ServedWant>> served;

  // 1. Each query's wants, minus those an existing index already serves.
  for (size_t q = 0; q < workload.size(); ++q) {
    ClassAdvice& ca = advice.classes.emplace_back();
    ca.id = workload[q].id;
    // The benefit floor (timed workloads only: a statement count says nothing of cost).
    const double share = total_weight > 0 ? static_cast<double>(workload[q].weight) /
                                                static_cast<double>(total_weight)
                                          : 1.0;
    const std::string below_floor =
        options.timed && share < options.min_share
            ? fmt::format(
                  "the class is {:.2g}% of the workload's time, below --min-share {:g}%: "
                  "an index would cost every write more than it saves",
                  100 * share, 100 * options.min_share)
            : std::string();
    const std::optional<uint64_t> examined =
        workload[q].model ? workload[q].model->max_rows_examined : std::nullopt;
    const QueryModel* model = workload[q].model;
    if (!model) continue;
    const bool reads =
        model->statement && (model->statement->kind == parser::ast::StatementKind::kSelect ||
                             model->statement->kind == parser::ast::StatementKind::kInsert);
    for (const QueryBlock& block : model->blocks) {
      // UPDATE / DELETE read their target's whole row to change it: no covering index for it.
      // Their subqueries, derived tables and CTEs are reads like any other.
      const bool writes = !reads && &block == model->Main();
      const int driving = DrivingTable(block);
      const BrokenLookup broken = FindBrokenLookup(block, driving);
      for (size_t t = 0; t < block.tables.size(); ++t) {
        const TableUse& use = block.tables[t];
        if (!use.table) continue;
        const Table& table = *use.table;
        TableAdvice ta;
        ta.table = &table;
        // The table a join is read from first is searched by its own filters; the others are
        // looked up by the join's columns.
        ta.want =
            WantIndex(block, static_cast<int>(t), {.use_joins = static_cast<int>(t) != driving});
        // A filter that searches nothing until the statement is rewritten — a function around
        // its column (DATE(c) = …: function-on-column), a string column compared with a number
        // (implicit-conversion) — is the class's first fix. When an existing index then
        // searches the rewritten filter, the rewrite is the whole fix and no index is credited
        // with the class's time (nor one covering the query as written). Else the index the
        // rewritten filter wants is proposed, its reason saying it needs the rewrite.
        IndexWant fixed =
            WantIndex(block, static_cast<int>(t),
                      {.use_joins = static_cast<int>(t) != driving, .assume_fixed = true});
        if (!fixed.rewrite.empty()) {
          const auto serving =
              std::find_if(table.indexes.begin(), table.indexes.end(),
                           [&](const Index& i) { return IndexServesWant(table, i, fixed); });
          ta.want = std::move(fixed);
          if (serving != table.indexes.end()) {
            ta.skipped = fmt::format(
                "rewrite the filter on {} first ({}): existing index `{}` "
                "then serves it",
                Describe(ta.want.rewrite), ta.want.rewrite_by.front(), serving->name);
            ca.tables.push_back(std::move(ta));
            continue;
          }
        }
        if (writes && (!model->target || model->target == &table)) ta.want.include.clear();
        if (ta.want.columns.empty()) {
          ca.tables.push_back(std::move(ta));
          continue;
        }
        if (table.rows && *table.rows < options.tiny_table_rows) {
          ta.skipped =
              fmt::format("`{}` is tiny ({} rows): a scan is as cheap", table.name, *table.rows);
          ca.tables.push_back(std::move(ta));
          continue;
        }
        Candidate c;
        c.table = &table;
        c.weight = workload[q].weight;
        c.query = q;
        c.shape.key = ta.want.columns;
        c.shape.desc = ta.want.descending;
        c.shape.eq = ta.want.equalities;
        c.shape.order = ta.want.serves_order;
        // A handful of distinct values is no index, unless nothing else filters the table.
        bool all_low = true;
        for (const std::string& k : c.shape.key) {
          const Column* col = table.FindColumn(k);
          all_low = all_low && col && FewValues(*col, options.low_cardinality);
        }
        // Another filter of the table's own (a join condition is none) would do the searching.
        bool other_filter = false;
        for (const Predicate* p : block.PredicatesOn(static_cast<int>(t))) {
          other_filter = other_filter ||
                         (p->value != ValueKind::kColumn && !Contains(c.shape.key, p->column.name));
        }
        if (all_low && other_filter) {
          ta.skipped = fmt::format("{} {} only a handful of distinct values", Describe(c.shape.key),
                                   c.shape.key.size() == 1 ? "has" : "have");
          ca.tables.push_back(std::move(ta));
          continue;
        }
        // A column too long for a whole key part is indexed by a prefix, which cannot give the
        // ORDER BY order (8.0 manual 10.2.1.16): the order columns are then no use in the key,
        // and no index can cover the query.
        bool coverable = ta.want.include.size() <= options.max_include_columns;
        if (c.shape.order) {
          const std::vector<uint32_t> prefixes = KeyPrefixes(table, c.shape.key, options);
          for (size_t i = c.shape.eq; i < c.shape.key.size(); ++i) {
            if (prefixes[i] == 0) continue;
            ta.skipped = fmt::format("{} can only be indexed by a prefix, which gives no order",
                                     QuoteIdentifier(c.shape.key[i]));
            c.shape.key.resize(c.shape.eq);
            c.shape.desc.resize(c.shape.eq);
            c.shape.order = false;
            coverable = false;
            break;
          }
          if (c.shape.key.empty()) {
            ca.tables.push_back(std::move(ta));
            continue;
          }
          ta.skipped.clear();
        }
        // Covering columns, when few and indexable.
        for (const std::string& col : ta.want.include) {
          const Column* column = table.FindColumn(col);
          coverable = coverable && Indexable(column) && column->KeyBytes() > 0;
        }
        if (coverable) c.shape.include = ta.want.include;
        FitCovering(table, c.shape, options);
        // Served already? The covering columns count only when they could be added (above).
        for (const Index& index : table.indexes) {
          if (ServedBy(table, index, c.shape)) {
            ta.served_by = index.name;
            break;
          }
        }
        if (!ta.served_by.empty()) served[&table].push_back({c.shape, workload[q].id});
        // An existing index already searches (and orders) it, and it reads few rows a call —
        // by the log's Rows_examined, or by its LIMIT when the index gives the order: making
        // the index covering would save at most those row lookups, not worth an index.
        if (ta.served_by.empty() && !c.shape.include.empty()) {
          std::optional<uint64_t> rows = examined;
          if (!rows && c.shape.order && block.limit) rows = *block.limit + block.offset.value_or(0);
          const auto keyed =
              std::find_if(table.indexes.begin(), table.indexes.end(), [&](const Index& index) {
                return index.IsBtree() && !index.invisible &&
                       Serves(PartsOf(table, index), c.shape, false);
              });
          if (rows && *rows <= options.few_rows && keyed != table.indexes.end()) {
            ta.skipped = fmt::format(
                "existing index `{}` already {} it, reading at most {} row{} a call: covering "
                "would save no more than as many lookups",
                keyed->name, c.shape.order ? "searches and orders" : "searches", *rows,
                *rows == 1 ? "" : "s");
            ca.tables.push_back(std::move(ta));
            continue;
          }
        }
        if (ta.served_by.empty() && broken.table >= 0 && static_cast<int>(t) != broken.table) {
          ta.skipped = broken.why;
          ca.tables.push_back(std::move(ta));
          continue;
        }
        // A table too small to matter, told by the log: the class reads it with no index to
        // search, and no call examined as many rows as a tiny table has (with statistics, tiny
        // tables are skipped above by their row count). Through an index, few rows examined say
        // nothing of the table's size.
        if (ta.served_by.empty() && examined && *examined < options.tiny_table_rows) {
          const TableAccess access = AnalyzeAccess(block, static_cast<int>(t),
                                                   {.use_joins = static_cast<int>(t) != driving});
          if (access.Best() == nullptr || access.Best()->used_parts() == 0) {
            ta.skipped = fmt::format(
                "no call examined more than {} row{} (Rows_examined) reading `{}` without an "
                "index: it is too small for one to matter",
                *examined, *examined == 1 ? "" : "s", table.name);
            ca.tables.push_back(std::move(ta));
            continue;
          }
        }
        if (ta.served_by.empty() && !below_floor.empty()) {
          ta.skipped = below_floor;
          ca.tables.push_back(std::move(ta));
          continue;
        }
        if (ta.served_by.empty()) ExtendExisting(table, c, options);
        c.slot = ca.tables.size();
        ca.tables.push_back(std::move(ta));
        if (ca.tables.back().served_by.empty()) candidates.push_back(std::move(c));
      }
    }
  }

  // 2. Equality columns in a stable order. When statistics know them all: more distinct values
  //    first. Else the columns of an existing non-unique index first, in its order, when they
  //    are all equalities of the want: the proposal then extends that index and replaces it
  //    rather than adding one beside it; then the columns more of the workload's time filters
  //    by, so that indexes can be shared; then by name.
  std::map<std::pair<const Table*, std::string>, int64_t> usage;
  for (const Candidate& c : candidates) {
    for (size_t i = 0; i < c.shape.eq; ++i)
      usage[{c.table, parser::LowerAscii(c.shape.key[i])}] += c.weight;
  }
  for (Candidate& c : candidates) {
    if (c.keeps_order) continue;
    const std::vector<std::string> eq(c.shape.key.begin(), c.shape.key.begin() + c.shape.eq);
    bool known = true;
    for (const std::string& e : eq) {
      const Column* col = c.table->FindColumn(e);
      known = known && col && col->distinct;
    }
    std::vector<std::string> lead;  // the longest existing index made of equality columns only
    for (const Index& index : c.table->indexes) {
      if (index.kind != IndexKind::kKey || index.invisible || index.parts.size() <= lead.size()) {
        continue;
      }
      const bool all = std::all_of(index.parts.begin(), index.parts.end(), [&](const KeyPart& k) {
        return !k.column.empty() && k.prefix_length == 0 && !k.descending && Contains(eq, k.column);
      });
      if (!all) continue;
      lead.clear();
      for (const KeyPart& k : index.parts) lead.push_back(k.column);
    }
    auto rank = [&](const std::string& col) {
      const Column* column = c.table->FindColumn(col);
      const int64_t distinct = known ? static_cast<int64_t>(*column->distinct) : 0;
      size_t position = lead.size();
      for (size_t i = 0; i < lead.size(); ++i) {
        if (EqualsIgnoreCase(lead[i], col)) position = i;
      }
      return std::make_tuple(-distinct, position, -usage[{c.table, parser::LowerAscii(col)}],
                             parser::LowerAscii(col));
    };
    std::stable_sort(c.shape.key.begin(), c.shape.key.begin() + c.shape.eq,
                     [&](const std::string& a, const std::string& b) { return rank(a) < rank(b); });
  }

  // 3. Merge, heaviest first.
  std::stable_sort(candidates.begin(), candidates.end(),
                   [&](const Candidate& a, const Candidate& b) {
                     if (a.weight != b.weight) return a.weight > b.weight;
                     return workload[a.query].id < workload[b.query].id;
                   });
  struct Draft {
    const Table* table;
    Shape shape;
    std::vector<Part> parts;  // PartsOf(shape), kept with it: Serves is asked thousands of times
    std::vector<const Candidate*> members;
    int64_t weight = 0;  // of the classes it serves, each once (set below)
  };
  std::vector<Draft> drafts;
  std::map<const Table*, std::vector<size_t>> drafts_of;  // a table's drafts, by index
  for (const Candidate& c : candidates) {
    std::vector<size_t>& mine = drafts_of[c.table];
    Draft* home = nullptr;
    for (size_t i : mine) {  // an index already drafted serves it
      if (Serves(drafts[i].parts, c.shape, true)) {
        home = &drafts[i];
        break;
      }
    }
    if (!home) {  // it extends a drafted index, serving everything that one served
      auto parts = PartsOf(*c.table, c.shape);
      for (size_t i : mine) {
        Draft& d = drafts[i];
        const bool all = std::all_of(d.members.begin(), d.members.end(), [&](const Candidate* m) {
          return Serves(parts, m->shape, true);
        });
        if (all && c.shape.include.size() + c.shape.key.size() <=
                       d.shape.key.size() + d.shape.include.size() + options.max_include_columns) {
          d.shape = c.shape;
          d.parts = std::move(parts);
          home = &d;
          break;
        }
      }
    }
    if (!home) {  // one index from two wants, when it serves both as their own would
      for (size_t i : mine) {
        Draft& d = drafts[i];
        std::optional<Shape> merged = Combine(*c.table, d.shape, c.shape, options);
        if (!merged) continue;
        auto parts = PartsOf(*c.table, *merged);
        const bool all = Serves(parts, c.shape, true) &&
                         std::all_of(d.members.begin(), d.members.end(), [&](const Candidate* m) {
                           return Serves(parts, m->shape, true);
                         });
        if (!all) continue;
        d.shape = std::move(*merged);
        d.parts = std::move(parts);
        home = &d;
        break;
      }
    }
    if (!home) {
      mine.push_back(drafts.size());
      drafts.push_back({c.table, c.shape, PartsOf(*c.table, c.shape), {}, 0});
      home = &drafts.back();
    }
    home->members.push_back(&c);
  }
  // A draft extended after others were drafted may now serve all of another: that one goes.
  // One pass: shapes do not change here and members only move into a draft, so a pair that
  // failed once fails again. Only drafts of one table are compared.
  {
    std::map<const Table*, std::vector<size_t>> by_table;
    for (size_t i = 0; i < drafts.size(); ++i) by_table[drafts[i].table].push_back(i);
    std::vector<bool> gone(drafts.size(), false);
    for (size_t i = 0; i < drafts.size(); ++i) {
      if (gone[i]) continue;
      const std::vector<Part>& parts = drafts[i].parts;
      for (size_t j : by_table[drafts[i].table]) {
        if (j == i || gone[j]) continue;
        Draft& other = drafts[j];
        const bool all =
            std::all_of(other.members.begin(), other.members.end(),
                        [&](const Candidate* m) { return Serves(parts, m->shape, true); });
        if (!all) continue;
        drafts[i].members.insert(drafts[i].members.end(), other.members.begin(),
                                 other.members.end());
        gone[j] = true;
      }
    }
    size_t kept = 0;
    for (size_t i = 0; i < drafts.size(); ++i) {
      if (gone[i]) continue;
      if (kept != i) drafts[kept] = std::move(drafts[i]);
      ++kept;
    }
    drafts.erase(drafts.begin() + static_cast<std::ptrdiff_t>(kept), drafts.end());
  }
  for (Draft& d : drafts) {  // members heaviest first, as the proposal lists its classes
    std::stable_sort(d.members.begin(), d.members.end(),
                     [&](const Candidate* a, const Candidate* b) {
                       if (a->weight != b->weight) return a->weight > b->weight;
                       return workload[a->query].id < workload[b->query].id;
                     });
    // A class counts once, however many of its tables or blocks the index serves.
    std::set<size_t> counted;
    d.weight = 0;
    for (const Candidate* m : d.members) {
      if (counted.insert(m->query).second) d.weight += m->weight;
    }
  }

  // 4. The budget per table, then proposals.
  std::stable_sort(drafts.begin(), drafts.end(), [](const Draft& a, const Draft& b) {
    if (a.weight != b.weight) return a.weight > b.weight;
    if (a.table->name != b.table->name) return a.table->name < b.table->name;
    return a.shape.key < b.shape.key;
  });
  std::map<const Table*, size_t> per_table;
  std::map<const Table*, std::set<std::string>> names;
  std::map<const Table*, std::set<std::string>> drops;
  auto skip_members = [&](const Draft& d, const std::string& why) {
    for (const Candidate* m : d.members) advice.classes[m->query].tables[m->slot].skipped = why;
  };
  for (const Draft& d : drafts) {
    const Table& table = *d.table;
    IndexProposal p;
    p.table = &table;
    p.weight = d.weight;
    Shape shape = d.shape;
    // Key bytes: whole TEXT / BLOB columns cannot be key parts, over-long ones must be
    // prefixes, and the key as a whole must fit (InnoDB: 3072 bytes). Covering columns go first
    // (FitCovering), then the widest string or binary part is shortened.
    std::vector<uint32_t> prefixes = KeyPrefixes(table, shape.key, options);
    FitCovering(table, shape, options);
    while (KeyWidth(table, shape.key, prefixes, shape.include) > options.max_key_bytes) {
      size_t widest = 0;
      uint32_t most = 0;
      for (size_t i = 0; i < shape.key.size(); ++i) {
        const Column* c = table.FindColumn(shape.key[i]);
        if (!c || (c->family != TypeFamily::kString && c->family != TypeFamily::kBinary)) continue;
        const uint32_t b = c->KeyBytes(prefixes[i]);
        if (b > most) {
          most = b;
          widest = i;
        }
      }
      if (most == 0) break;
      const Column* c = table.FindColumn(shape.key[widest]);
      const uint32_t per_char = c->family == TypeFamily::kString ? MaxBytesPerChar(c->charset) : 1;
      const uint32_t chars = most / per_char;
      if (chars <= 16) break;
      prefixes[widest] = chars / 2;
    }
    p.columns = shape.key;
    p.descending = shape.desc;
    p.prefix_lengths = prefixes;
    for (const std::string& c : shape.include) {
      p.columns.push_back(c);
      p.descending.push_back(false);
      p.prefix_lengths.push_back(0);
    }
    p.include = shape.include;
    // Existing non-unique indexes that become a leftmost prefix of the new one are redundant.
    std::vector<Part> new_parts;
    for (size_t i = 0; i < p.columns.size(); ++i) {
      new_parts.push_back({p.columns[i], p.prefix_lengths[i], p.descending[i]});
    }
    std::set<std::string>& dropped = drops[&table];
    std::string keeps;  // why a prefix of the proposal is not dropped ("; …" each)
    for (const Index& index : table.indexes) {
      if (index.kind != IndexKind::kKey || dropped.count(index.name)) continue;
      bool prefix = index.parts.size() <= new_parts.size();
      for (size_t i = 0; prefix && i < index.parts.size(); ++i) {
        const KeyPart& k = index.parts[i];
        prefix = EqualsIgnoreCase(k.column, new_parts[i].column) &&
                 k.prefix_length == new_parts[i].prefix && k.descending == new_parts[i].desc;
      }
      if (!prefix) continue;
      if (const ServedWant* kept = KeptFor(table, index, new_parts, served[&table], dropped)) {
        keeps += fmt::format("; `{}` stays: class {} uses the primary key InnoDB appends to it",
                             index.name, kept->class_id);
        continue;
      }
      p.replaces.push_back(index.name);
      if (p.extends.empty() || index.parts.size() > table.FindIndex(p.extends)->parts.size()) {
        p.extends = index.name;
      }
    }
    // What the writes would spend on it, against what it could save: the time of the classes
    // it serves (all of it, at best). A timed workload's index that costs more is not made.
    const auto writes = std::find_if(advice.writes.begin(), advice.writes.end(),
                                     [&](const TableWrites& w) { return w.table == &table; });
    if (writes != advice.writes.end()) {
      const WriteLoad load =
          WriteCost(table, p.columns, p.extends.empty() ? nullptr : table.FindIndex(p.extends),
                    workload, writers[&table], options);
      p.write_cost = load.cost;
      p.write_calls = load.calls;
      if (options.timed && load.cost > 0 && load.cost >= d.weight) {
        skip_members(d, fmt::format("keeping an index on `{}` up to date would cost its {} "
                                    "write{} an estimated {}, more than the {} of the queries "
                                    "it serves",
                                    table.name, load.calls, load.calls == 1 ? "" : "s",
                                    FormatSeconds(load.cost), FormatSeconds(d.weight)));
        continue;
      }
    }
    if (per_table[&table]++ >= options.max_indexes_per_table) {
      skip_members(d, fmt::format("`{}` already gets {} proposal{} (--max-indexes-per-table)",
                                  table.name, options.max_indexes_per_table,
                                  options.max_indexes_per_table == 1 ? "" : "s"));
      continue;
    }
    // One proposal drops an index; the DDL of another must not.
    for (const std::string& r : p.replaces) dropped.insert(r);
    std::set<std::string>& taken = names[&table];
    p.name = FreshName(table, shape.key, taken);
    const std::string lower = base::LowerAscii(p.name);
    taken.insert(lower);
    std::string parts;
    for (size_t i = 0; i < p.columns.size(); ++i) {
      if (!parts.empty()) parts += ", ";
      parts += QuoteIdentifier(p.columns[i]);
      if (p.prefix_lengths[i] > 0) parts += fmt::format("({})", p.prefix_lengths[i]);
      if (p.descending[i]) parts += " DESC";
    }
    const std::string qualified = QuoteTableName(table);
    p.ddl =
        fmt::format("ALTER TABLE {} ADD INDEX {} ({})", qualified, QuoteIdentifier(p.name), parts);
    for (const std::string& r : p.replaces) p.ddl += ", DROP INDEX " + QuoteIdentifier(r);
    p.ddl += ", ALGORITHM=INPLACE, LOCK=NONE;";
    for (const Candidate* m : d.members) {
      const std::string& id = workload[m->query].id;
      if (std::find(p.query_classes.begin(), p.query_classes.end(), id) == p.query_classes.end()) {
        p.query_classes.push_back(id);
      }
    }
    // The reason, in one sentence.
    std::string how;
    const std::vector<std::string> eq(shape.key.begin(), shape.key.begin() + shape.eq);
    const std::vector<std::string> rest(shape.key.begin() + shape.eq, shape.key.end());
    if (!eq.empty()) how = "looks up " + Describe(eq);
    if (!rest.empty()) {
      how += how.empty() ? "" : ", then ";
      how += shape.order ? "reads " + Describe(rest) + " in ORDER BY order without a sort"
                         : "ranges over " + Describe(rest);
    }
    if (!shape.include.empty()) how += ", and covers " + Describe(shape.include);
    // Key columns some class searches only once its statement is rewritten, by rule.
    std::vector<std::string> functions, conversions;
    for (const Candidate* m : d.members) {
      const IndexWant& want = advice.classes[m->query].tables[m->slot].want;
      for (size_t i = 0; i < want.rewrite.size(); ++i) {
        const std::string& c = want.rewrite[i];
        std::vector<std::string>& list =
            want.rewrite_by[i] == "implicit-conversion" ? conversions : functions;
        if (!Contains(list, c) && Contains(shape.key, c)) list.push_back(c);
      }
    }
    if (!functions.empty()) {
      how += fmt::format("; only once the function around {} is rewritten (function-on-column)",
                         Describe(functions));
    }
    if (!conversions.empty()) {
      how += fmt::format("; only once the value compared with {} is quoted (implicit-conversion)",
                         Describe(conversions));
    }
    const double share =
        total_weight > 0 ? 100.0 * static_cast<double>(p.weight) / total_weight : 0;
    p.reason = fmt::format(
        "Serves {} quer{} ({}, {:.0f}% of the workload's {}): {}{}{}.", p.query_classes.size(),
        p.query_classes.size() == 1 ? "y class" : "y classes",
        options.timed ? FormatSeconds(p.weight)
                      : fmt::format("{} statement{}", p.weight, p.weight == 1 ? "" : "s"),
        share, options.timed ? "time" : "statements", how,
        p.extends.empty() ? std::string()
                          : fmt::format("; it extends `{}`, which it replaces", p.extends),
        keeps);
    const int index = static_cast<int>(advice.proposals.size());
    for (const Candidate* m : d.members) advice.classes[m->query].tables[m->slot].proposal = index;
    advice.proposals.push_back(std::move(p));
  }
  for (size_t i = 0; i < advice.classes.size(); ++i) advice.by_id.emplace(advice.classes[i].id, i);
  return advice;
}

}  // namespace qadvisor::analyzer
