// Access-path reasoning (see access.h).
#include "analyzer/access.h"

#include <algorithm>

#include "parser/keywords.h"

namespace qadvisor::analyzer {
namespace {

using parser::EqualsIgnoreCase;

// Whether `p` constrains key part `part`: its column, or for a functional key part, the same
// expression (a predicate on an expression binds no part of the bare column).
bool Binds(const Predicate& p, const KeyPart& part) {
  if (!p.key_expression.empty()) {
    return part.column.empty() && !part.expression.empty() &&
           CanonicalSql(part.expression) == p.key_expression;
  }
  return !part.column.empty() && EqualsIgnoreCase(p.column.name, part.column);
}

bool Binds(const Predicate& p, std::string_view column) {
  return p.key_expression.empty() && EqualsIgnoreCase(p.column.name, column);
}

// A single constant value: the column is constant for the rest of the key.
bool IsConstant(const Predicate& p) {
  return (p.op == PredicateOp::kEq || p.op == PredicateOp::kIsNull) &&
         p.value != ValueKind::kColumn && p.value != ValueKind::kSubquery;
}

bool BoundByConstant(const std::vector<const Predicate*>& eq, std::string_view column) {
  for (const Predicate* p : eq) {
    if (IsConstant(*p) && Binds(*p, column)) return true;
  }
  return false;
}

}  // namespace

bool ServesOrder(const Table& table, const Index& index, const std::vector<OrderColumn>& order,
                 int t, const std::vector<const Predicate*>& eq, bool any_order) {
  if (order.empty()) return true;
  const std::vector<KeyPart> parts = table.ExtendedKey(index);
  // The order columns that are not constant.
  std::vector<const OrderColumn*> wanted;
  for (const OrderColumn& o : order) {
    if (!o.column.resolved() || o.column.table != t || !o.column.column) return false;
    if (!BoundByConstant(eq, o.column.name)) wanted.push_back(&o);
  }
  size_t p = 0;
  auto skip_constant = [&] {
    while (p < parts.size() && !parts[p].column.empty() && BoundByConstant(eq, parts[p].column)) {
      ++p;
    }
  };
  if (any_order) {  // GROUP BY: the next key parts must be exactly the group columns
    for (size_t n = 0; n < wanted.size(); ++n) {
      skip_constant();
      if (p >= parts.size() || parts[p].prefix_length > 0) return false;
      bool found = false;
      for (const OrderColumn* o : wanted)
        found = found || EqualsIgnoreCase(o->column.name, parts[p].column);
      if (!found) return false;
      ++p;
    }
    return true;
  }
  int direction = -1;  // 0: forward, 1: backward
  for (const OrderColumn* o : wanted) {
    skip_constant();
    if (p >= parts.size() || parts[p].prefix_length > 0 ||
        !EqualsIgnoreCase(parts[p].column, o->column.name)) {
      return false;
    }
    const int d = o->descending != parts[p].descending ? 1 : 0;
    if (direction >= 0 && d != direction) return false;
    direction = d;
    ++p;
  }
  return true;
}

TableAccess AnalyzeAccess(const QueryBlock& block, int t, const AccessOptions& options) {
  TableAccess access;
  access.table = t;
  const TableUse& use = block.tables[t];
  if (!use.table) return access;
  const Table& table = *use.table;

  std::vector<const Predicate*> usable;
  for (const Predicate* p : block.PredicatesOn(t)) {
    const bool searchable = options.assume_fixed ? p->SargableOnceFixed() : p->sargable();
    if (!searchable || p->or_group >= 0) continue;
    if (!p->IsEquality() && !p->IsRange()) continue;
    if (p->value == ValueKind::kColumn) {
      if (!p->IsEquality()) continue;  // a join range is not a lookup
      access.has_join = true;
      if (!options.use_joins) continue;
    } else {
      access.has_filter = true;
    }
    usable.push_back(p);
  }
  std::vector<const Predicate*> constants;
  for (const Predicate* p : usable) {
    if (p->value != ValueKind::kColumn) constants.push_back(p);
  }

  // ORDER BY, else GROUP BY, when all of it is about this table.
  const bool by_order = !block.order_by.empty();
  const std::vector<OrderColumn>& order = by_order ? block.order_by : block.group_by;
  access.order_applies = !order.empty();
  for (const OrderColumn& o : order) {
    if (!o.column.resolved() || o.column.table != t || o.column.block < 0) {
      access.order_applies = false;
    }
  }

  int best_score = 0;
  for (const Index& index : table.indexes) {
    if (!index.IsBtree() || index.invisible) continue;
    IndexUse u;
    u.index = &index;
    const std::vector<KeyPart> parts = table.ExtendedKey(index);
    size_t k = 0;
    for (; k < parts.size(); ++k) {
      const Predicate* eq = nullptr;
      const Predicate* range = nullptr;
      for (const Predicate* p : usable) {
        if (!Binds(*p, parts[k])) continue;
        if (p->IsEquality() && !eq) eq = p;
        if (p->IsRange() && !range) range = p;
      }
      if (eq) {
        ++u.eq_parts;
        u.used.push_back(eq);
        continue;
      }
      if (range) {
        u.range = true;
        u.used.push_back(range);
        ++k;
      }
      break;
    }
    u.first_unbound = u.used_parts();
    for (size_t j = static_cast<size_t>(u.used_parts()); j < index.parts.size(); ++j) {
      bool constrained = false;
      for (const Predicate* p : usable) {
        if (p->value != ValueKind::kColumn && Binds(*p, index.parts[j])) constrained = true;
      }
      if (constrained) {
        u.unused_constrained_part = static_cast<int>(j);
        break;
      }
    }
    if (index.IsUnique() && !u.range && u.eq_parts >= static_cast<int>(index.parts.size())) {
      bool all_single = true;
      for (size_t j = 0; j < index.parts.size(); ++j) {
        all_single = all_single && u.used[j]->op == PredicateOp::kEq;
      }
      u.unique_lookup = all_single;
    }
    u.covering = !use.all_columns;
    for (const std::string& column : use.needed) {
      if (!u.covering) break;
      u.covering = table.IndexHolds(index, column);
    }
    if (access.order_applies) {
      u.order_served = ServesOrder(table, index, order, t, constants, !by_order);
    }
    const int score = u.used_parts() == 0
                          ? 0
                          : (u.unique_lookup ? 1000 : 0) + u.eq_parts * 10 + (u.range ? 5 : 0) +
                                (u.covering ? 2 : 0) + (u.order_served ? 1 : 0);
    access.indexes.push_back(std::move(u));
    if (score > best_score) {
      best_score = score;
      access.best = static_cast<int>(access.indexes.size() - 1);
    }
  }

  if (access.order_applies) {
    const IndexUse* best = access.Best();
    if (best) {
      access.sorts = !best->unique_lookup && !best->order_served;
    } else {
      access.sorts = true;
      for (const IndexUse& u : access.indexes) {
        if (u.order_served) access.sorts = false;
      }
    }
  }
  return access;
}

}  // namespace qadvisor::analyzer

namespace qadvisor::analyzer {

// How a predicate searches the bare column once the function around it is rewritten, as
// function-on-column advises (rules/common.cpp, FunctionRewriteHint): arithmetic moved across or
// LOWER / UPPER dropped under a case-insensitive collation keep the comparison; DATE() and YEAR()
// become a range of the day or the year. Other functions (MONTH(), DATE_FORMAT(), LOWER under a
// case-sensitive collation, …) have no bare-column rewrite: their fix is an expression index.
// A string column compared with a number or date constant (implicit-conversion) searches its
// index once the constant is quoted: the same comparison.
enum class Rewrite : uint8_t { kNone, kSame, kRange };
Rewrite RewriteOf(const Predicate& p) {
  if (p.blocker == Blocker::kConversion && p.column.column && p.SargableOnceFixed() &&
      (p.value == ValueKind::kNumber || p.value == ValueKind::kTemporal)) {
    return Rewrite::kSame;
  }
  if (p.blocker != Blocker::kFunction || !p.SargableOnceFixed() || !p.column.column) {
    return Rewrite::kNone;
  }
  const std::string& f = p.function;
  if (f == "+" || f == "-" || f == "*" || f == "/") return Rewrite::kSame;
  const std::string& collation = p.column.column->collation;
  if ((f == "LOWER" || f == "UPPER") && collation.ends_with("_ci")) return Rewrite::kSame;
  if ((f == "DATE" || f == "YEAR") && (p.IsEquality() || p.IsRange())) return Rewrite::kRange;
  return Rewrite::kNone;
}

IndexWant WantIndex(const QueryBlock& block, int t, const AccessOptions& options) {
  IndexWant want;
  const TableUse& use = block.tables[t];
  if (!use.table) return want;
  const Table& table = *use.table;
  auto has = [&](std::string_view c) {
    for (const std::string& x : want.columns) {
      if (parser::EqualsIgnoreCase(x, c)) return true;
    }
    return false;
  };
  auto add = [&](const std::string& c, bool desc) {
    const Column* column = table.FindColumn(c);
    if (!column || has(c)) return;
    // TEXT / BLOB / JSON / spatial columns cannot be whole key parts: leave them out here;
    // the advisor decides about prefix parts.
    if (column->family == TypeFamily::kJson || column->family == TypeFamily::kSpatial) return;
    want.columns.push_back(column->name);
    want.descending.push_back(desc);
  };
  const std::vector<const Predicate*> predicates = block.PredicatesOn(t);
  // A predicate on a functional key part's expression is served by that index already. With
  // `assume_fixed`, a function around the column counts as its rewrite (RewriteOf).
  auto usable = [&](const Predicate* p) {
    if (p->or_group >= 0 || !p->key_expression.empty()) return false;
    return p->sargable() || (options.assume_fixed && RewriteOf(*p) != Rewrite::kNone);
  };
  auto equality = [](const Predicate* p) {
    return p->IsEquality() && RewriteOf(*p) != Rewrite::kRange;
  };
  auto range = [](const Predicate* p) {
    return p->value != ValueKind::kColumn && (p->IsRange() || RewriteOf(*p) == Rewrite::kRange);
  };
  auto add_searched = [&](const Predicate* p) {
    const size_t before = want.columns.size();
    add(p->column.name, false);
    return want.columns.size() > before;
  };
  // Equalities: single values first, then IN lists, then join lookups.
  bool in_list = false;  // a key column searched by several values
  for (int pass = 0; pass < 3; ++pass) {
    for (const Predicate* p : predicates) {
      if (!usable(p) || !equality(p)) continue;
      const bool join = p->value == ValueKind::kColumn;
      if (join && !options.use_joins) continue;
      const bool single = p->op == PredicateOp::kEq || p->op == PredicateOp::kIsNull;
      if ((pass == 0 && single && !join) || (pass == 1 && !single && !join) ||
          (pass == 2 && join)) {
        if (add_searched(p) && pass == 1 && p->list_size != 1) in_list = true;
      }
    }
  }
  const size_t equalities = want.columns.size();
  want.equalities = equalities;
  // ORDER BY (else GROUP BY) when it is all about this table. Not after an IN list: the index
  // then reads one range per value, each in order but not all together, so MySQL sorts anyway
  // (8.0 Reference Manual 10.2.1.16, "ORDER BY Optimization"); the range column is wanted
  // instead, and the order columns are left to covering.
  const std::vector<OrderColumn>& order = block.order_by.empty() ? block.group_by : block.order_by;
  bool order_here = !order.empty() && !in_list;
  for (const OrderColumn& o : order) {
    if (!o.column.resolved() || o.column.table != t || !o.column.column) order_here = false;
  }
  // Nor when a range would follow the equalities and there is no LIMIT, for ORDER BY and GROUP
  // BY alike: read in order, the index yields every row the equalities match and the range is
  // only a filter, and without a LIMIT nothing stops that read early — the range, then a sort
  // of what it found, reads fewer rows (sysbench's `WHERE id BETWEEN … ORDER BY c` got an index
  // on `c` the server never chose; `WHERE tenant_id = ? AND created_at BETWEEN … GROUP BY
  // action` got `(tenant_id, action)`). The order columns are then covering columns. With a
  // LIMIT the ordered read stops after the rows it returns: the order is wanted, the range
  // covered. A range on the first order column gives the order anyway: the order is wanted.
  if (order_here && !block.limit_written) {
    std::string_view first;  // the first order column not bound by an equality
    for (const OrderColumn& o : order) {
      if (first.empty() && !has(o.column.name)) first = o.column.name;
    }
    for (const Predicate* p : predicates) {
      if (usable(p) && range(p) && !has(p->column.name) &&
          !parser::EqualsIgnoreCase(p->column.name, first)) {
        order_here = false;
      }
    }
  }
  if (order_here) {
    for (const OrderColumn& o : order) add(o.column.name, o.descending);
    want.serves_order = true;
  } else {
    for (const Predicate* p : predicates) {
      if (usable(p) && range(p) && !has(p->column.name)) {
        add_searched(p);
        want.has_range = want.columns.size() > equalities;
        break;
      }
    }
  }
  // A key column taken for the order that a rewritten filter also searches (YEAR(c) = y …
  // ORDER BY c LIMIT n: a range within the ordered read) is searched only once rewritten, too.
  for (const Predicate* p : predicates) {
    if (!usable(p) || p->sargable() || !has(p->column.name)) continue;
    const auto same_column = [&](const Predicate* o) {
      return parser::EqualsIgnoreCase(o->column.name, p->column.name);
    };
    const bool searched_anyway = std::any_of(predicates.begin(), predicates.end(), [&](auto* o) {
      return same_column(o) && o->sargable() && usable(o);
    });
    if (searched_anyway || std::any_of(want.rewrite.begin(), want.rewrite.end(), [&](auto& c) {
          return parser::EqualsIgnoreCase(c, p->column.name);
        })) {
      continue;
    }
    want.rewrite.push_back(p->column.name);
    want.rewrite_by.push_back(p->blocker == Blocker::kConversion ? "implicit-conversion"
                                                                 : "function-on-column");
  }
  if (want.columns.empty()) return want;
  if (!use.all_columns) {
    for (const std::string& c : use.needed) {
      if (has(c)) continue;
      bool in_pk = false;
      if (const Index* pk = table.PrimaryKey()) {
        for (const KeyPart& part : pk->parts)
          in_pk = in_pk || parser::EqualsIgnoreCase(part.column, c);
      }
      if (!in_pk) want.include.push_back(c);
    }
  }
  return want;
}

bool IndexServesWant(const Table& table, const Index& index, const IndexWant& want) {
  if (!index.IsBtree() || index.invisible || want.columns.empty()) return false;
  const std::vector<KeyPart> parts = table.ExtendedKey(index);
  if (parts.size() < want.columns.size()) return false;
  for (size_t i = 0; i < want.columns.size(); ++i) {
    if (parts[i].prefix_length > 0 || parts[i].column.empty()) return false;
    if (i < want.equalities) {  // equalities: any order within the leading group
      bool found = false;
      for (size_t j = 0; j < want.equalities; ++j) {
        found = found || parser::EqualsIgnoreCase(parts[i].column, want.columns[j]);
      }
      if (!found) return false;
    } else if (!parser::EqualsIgnoreCase(parts[i].column, want.columns[i])) {
      return false;
    }
  }
  return true;
}

// Which table of a join the optimizer most likely reads first: the one with the strongest
// filter of its own (an equality beats a range beats nothing), never the inner side of an
// outer join; ties go to the first in FROM. 0 when the block reads one table.
int DrivingTable(const QueryBlock& block) {
  if (block.tables.size() < 2) return 0;
  int best = -1;
  int best_strength = -1;
  for (size_t t = 0; t < block.tables.size(); ++t) {
    if (block.tables[t].outer) continue;
    int strength = 0;
    for (const Predicate* p : block.PredicatesOn(static_cast<int>(t))) {
      if (!p->sargable() || p->or_group >= 0 || p->value == ValueKind::kColumn) continue;
      if (p->IsEquality()) strength = std::max(strength, 2);
      if (p->IsRange()) strength = std::max(strength, 1);
    }
    if (strength > best_strength) {
      best_strength = strength;
      best = static_cast<int>(t);
    }
  }
  return best;
}

}  // namespace qadvisor::analyzer
