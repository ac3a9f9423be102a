// Reading EXPLAIN FORMAT=JSON and MySQL's EXPLAIN ANALYZE / FORMAT=TREE text (see explain.h).
#include "connectors/explain.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>

#include "base/ascii.h"

namespace qadvisor::connectors {
namespace {

using Json = nlohmann::json;

// MySQL writes some numbers as strings ("filtered": "10.00", "key_length": "4").
std::optional<double> Number(const Json& obj, const char* key) {
  const auto it = obj.find(key);
  if (it == obj.end()) return std::nullopt;
  if (it->is_number()) return it->get<double>();
  if (it->is_string()) {
    try {
      return std::stod(it->get<std::string>());
    } catch (const std::exception&) {
      return std::nullopt;
    }
  }
  return std::nullopt;
}

std::string Text(const Json& obj, const char* key) {
  const auto it = obj.find(key);
  if (it == obj.end()) return {};
  if (it->is_string()) return it->get<std::string>();
  if (it->is_number()) return it->dump();
  return {};
}

std::vector<std::string> Strings(const Json& obj, const char* key) {
  std::vector<std::string> out;
  const auto it = obj.find(key);
  if (it == obj.end() || !it->is_array()) return out;
  for (const Json& v : *it) {
    if (v.is_string()) out.push_back(v.get<std::string>());
  }
  return out;
}

PlanTable ReadTable(const Json& t, bool join_buffer) {
  PlanTable p;
  p.table = Text(t, "table_name");
  p.access_type = Text(t, "access_type");
  p.key = Text(t, "key");
  p.key_length = Text(t, "key_length");
  p.used_key_parts = Strings(t, "used_key_parts");
  p.possible_keys = Strings(t, "possible_keys");
  // MariaDB: rows; MySQL: rows_examined_per_scan.
  p.rows = Number(t, "rows").value_or(Number(t, "rows_examined_per_scan").value_or(0));
  p.filtered = Number(t, "filtered").value_or(100);
  const auto ui = t.find("using_index");
  p.using_index = ui != t.end() && ui->is_boolean() && ui->get<bool>();
  const auto jb = t.find("using_join_buffer");  // MySQL: "hash join", "Block Nested Loop"
  p.join_buffer = join_buffer || (jb != t.end() && jb->is_string());
  p.attached_condition = Text(t, "attached_condition");
  p.r_rows = Number(t, "r_rows");
  p.r_filtered = Number(t, "r_filtered");
  p.r_time_ms = Number(t, "r_table_time_ms");
  p.r_loops = Number(t, "r_loops");
  return p;
}

void Walk(const Json& node, bool in_join_buffer, Plan& plan) {
  if (node.is_array()) {
    for (const Json& item : node) Walk(item, in_join_buffer, plan);
    return;
  }
  if (!node.is_object()) return;
  for (auto it = node.begin(); it != node.end(); ++it) {
    const std::string& key = it.key();
    const Json& value = it.value();
    if (key == "table" && value.is_object() &&
        (value.contains("table_name") || value.contains("access_type"))) {
      plan.tables.push_back(ReadTable(value, in_join_buffer));
      Walk(value, false, plan);  // a derived table's own query_block sits inside
      continue;
    }
    if (key == "filesort" || (key == "using_filesort" && value.is_boolean() && value.get<bool>())) {
      plan.using_filesort = true;
    }
    if (key == "temporary_table" ||
        (key == "using_temporary_table" && value.is_boolean() && value.get<bool>())) {
      plan.using_temporary = true;
    }
    const bool buffered = key == "block-nl-join" || key == "bka-join";
    const size_t before = plan.tables.size();
    Walk(value, in_join_buffer || buffered, plan);
    // MariaDB writes the condition of a buffered join beside its table, not in it.
    if (buffered && value.is_object() && plan.tables.size() > before &&
        plan.tables[before].attached_condition.empty()) {
      plan.tables[before].attached_condition = Text(value, "attached_condition");
    }
  }
}

}  // namespace

double Plan::RowsExamined() const {
  double sum = 0;
  for (const PlanTable& t : tables) sum += t.r_rows.value_or(t.rows);
  return sum;
}

const PlanTable* Plan::Find(std::string_view table) const {
  for (const PlanTable& t : tables) {
    if (t.table == table) return &t;
  }
  return nullptr;
}

Result<Plan> ReadExplainJson(std::string_view json) {
  Json doc = Json::parse(json.begin(), json.end(), nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) return ParseError("EXPLAIN output is not JSON");
  if (!doc.is_object() || !doc.contains("query_block")) {
    return ParseError("EXPLAIN output has no query_block");
  }
  const auto block = doc.find("query_block");
  Plan plan;
  plan.r_total_time_ms = block->is_object() ? Number(*block, "r_total_time_ms") : std::nullopt;
  Walk(doc, false, plan);
  return plan;
}

// ---------------------------------------------------------------------------------------------
// MySQL's EXPLAIN ANALYZE / EXPLAIN FORMAT=TREE text

namespace {

bool ContainsIgnoreCase(std::string_view s, std::string_view word) {
  return std::search(s.begin(), s.end(), word.begin(), word.end(), [](char a, char b) {
           return base::ToLowerAscii(a) == base::ToLowerAscii(b);
         }) != s.end();
}

// Blanks within a line of the tree (MySQL writes spaces; a CRLF copy adds CR).
using base::IsBlank;

// A whole decimal number as MySQL prints it ("0.153", "9", "1e+6"); nothing else, not nan/inf.
std::optional<double> ParseNumber(std::string_view s) {
  if (s.empty() || !(s[0] == '-' || (s[0] >= '0' && s[0] <= '9'))) return std::nullopt;
  double v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

// The figures after an iterator's description.
struct Figures {
  std::optional<double> est_rows;
  std::optional<double> actual_end;   // ms, average per loop
  std::optional<double> actual_rows;  // average per loop
  std::optional<double> loops;
  bool never_executed = false;
};

// One iterator line of the tree, its figures read off.
struct TreeNode : Figures {
  size_t line = 0;  // 1-based, for messages
  size_t indent = 0;
  std::string text;  // the raw description with its continuation lines, then without figures
  int parent = -1;
  int first_child = -1;
  int table = -1;  // the PlanTable this node reads, when it is a table access
  int merge = -1;  // inside an index merge: the merge's table
};

// "time=0.153..0.200 rows=9 loops=1" or "cost=4.95 rows=9": every field `name=number` or
// `name=number..number`, with a known name, or the group is not one of ours (a lookup condition
// on a column named `cost` reads "(cost=t1.a)").
bool ReadFigureGroup(std::string_view group, bool actual, Figures* figures) {
  Figures out = *figures;
  bool any = false;
  while (!group.empty()) {
    const size_t space = group.find(' ');
    const std::string_view field = group.substr(0, space);
    group = space == std::string_view::npos ? std::string_view() : group.substr(space + 1);
    if (field.empty()) continue;
    const size_t eq = field.find('=');
    if (eq == std::string_view::npos) return false;
    const std::string_view name = field.substr(0, eq), value = field.substr(eq + 1);
    const size_t dots = value.find("..");
    const std::optional<double> first = ParseNumber(value.substr(0, dots));
    const std::optional<double> last =
        dots == std::string_view::npos ? first : ParseNumber(value.substr(dots + 2));
    if (!first || !last) return false;
    if (name == "rows") {
      (actual ? out.actual_rows : out.est_rows) = *last;
    } else if (actual && name == "time") {
      out.actual_end = *last;
    } else if (actual && name == "loops") {
      out.loops = *last;
    } else if (name != "cost") {
      return false;
    }
    any = true;
  }
  if (any) *figures = out;
  return any;
}

// Takes the figure groups off the end of `node->text`: at most one estimate group
// "(cost=… rows=…)" and after it one of "(actual time=… rows=… loops=…)" / "(never executed)".
void ReadFigures(TreeNode* node) {
  std::string_view text = base::TrimSpace(node->text);
  bool measured = false, estimated = false;
  while (!estimated && text.ends_with(')')) {
    const size_t open = text.rfind('(');
    if (open == std::string_view::npos) break;
    const std::string_view group = text.substr(open + 1, text.size() - open - 2);
    if (!measured && group == "never executed") {
      node->never_executed = true;
      measured = true;
    } else if (!measured && group.starts_with("actual ") &&
               ReadFigureGroup(group.substr(7), /*actual=*/true, node)) {
      measured = true;
    } else if (ReadFigureGroup(group, /*actual=*/false, node)) {
      estimated = true;
    } else {
      break;
    }
    text = base::TrimSpace(text.substr(0, open));
  }
  node->text = std::string(text);
}

// What the mysql client prints around the result cell, before, between and after its lines:
// `+----+` rules, the `| EXPLAIN |` heading, `*** 1. row ***`, "1 row in set (0.01 sec)".
bool IsDecoration(std::string_view line) {
  line = base::TrimSpace(line);
  if (line.empty()) return true;
  if (line.find_first_not_of("+-") == std::string_view::npos) return true;
  if (line.starts_with("***") && line.ends_with("***")) return true;
  if (line.starts_with('|') && line.ends_with('|')) {
    line = base::TrimSpace(line.substr(1, line.size() - 2));
  }
  if (line == "EXPLAIN") return true;
  const size_t digits = line.find_first_not_of("0123456789");
  return digits > 0 && digits != std::string_view::npos &&
         (line.substr(digits).starts_with(" row in set") ||
          line.substr(digits).starts_with(" rows in set"));
}

// Splits `text` into nodes: a line whose first non-blank text (after a `| ` border or the
// `EXPLAIN: ` of \G output) is `->` starts one; other lines continue the node above.
Result<std::vector<TreeNode>> SplitNodes(std::string_view text) {
  std::vector<TreeNode> nodes;
  size_t line_no = 0;
  while (!text.empty()) {
    const size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
    ++line_no;
    while (!line.empty() && IsBlank(line.back())) line.remove_suffix(1);
    if (line.ends_with('|') && !nodes.empty()) {  // the right border of the result cell
      line.remove_suffix(1);
      while (!line.empty() && IsBlank(line.back())) line.remove_suffix(1);
    }
    std::string_view rest = line;
    size_t indent = 0;
    while (indent < rest.size() && IsBlank(rest[indent])) ++indent;
    rest.remove_prefix(indent);
    if (rest.starts_with("| ->") || rest.starts_with("|->")) {
      rest = base::TrimSpace(rest.substr(1));
      indent = 0;
      while (!rest.empty() && IsBlank(rest.back())) rest.remove_suffix(1);
      if (rest.ends_with('|')) rest = base::TrimSpace(rest.substr(0, rest.size() - 1));
    } else if (rest.starts_with("EXPLAIN:")) {
      rest = base::TrimSpace(rest.substr(8));
      indent = 0;
    }
    if (rest.starts_with("->")) {
      TreeNode node;
      node.line = line_no;
      node.indent = indent;
      node.text = std::string(base::TrimSpace(rest.substr(2)));
      nodes.push_back(std::move(node));
      continue;
    }
    if (IsDecoration(line)) continue;
    if (nodes.empty()) {
      return ParseError(fmt::format("EXPLAIN output is not a tree: line {} starts with `{}`",
                                    line_no, base::TrimSpace(line).substr(0, 40)));
    }
    nodes.back().text += line;  // a wrapped line: joined as is
  }
  if (nodes.empty()) return ParseError("EXPLAIN output is not a tree: no `->` line");
  return nodes;
}

// Table accesses: the description's start, the access type, whether the index alone answers.
struct Access {
  std::string_view prefix;
  std::string_view type;
  bool covering;
};
constexpr Access kAccesses[] = {
    {"Table scan on ", "ALL", false},
    {"Index scan on ", "index", false},
    {"Covering index scan on ", "index", true},
    {"Index range scan on ", "range", false},
    {"Covering index range scan on ", "range", true},
    {"Index skip scan on ", "range", false},
    {"Index skip scan for grouping on ", "range", false},
    {"Index skip scan for deduplication on ", "range", false},
    {"Covering index skip scan on ", "range", true},
    {"Covering index skip scan for grouping on ", "range", true},
    {"Covering index skip scan for deduplication on ", "range", true},
    {"Index lookup on ", "ref", false},
    {"Covering index lookup on ", "ref", true},
    {"Single-row index lookup on ", "eq_ref", false},
    {"Single-row covering index lookup on ", "eq_ref", true},
    {"Constant row from ", "const", false},
    {"Full-text index search on ", "fulltext", false},
    {"Dynamic range scan on ", "ALL", false},
};

// Index merges printed as a node over one range scan per index (newer 8.0 releases).
struct Merge {
  std::string_view prefix;
  std::string_view kind;
};
constexpr Merge kMerges[] = {
    {"Sort-deduplicate by row ID", "sort_union"},
    {"Deduplicate rows sorted by row ID", "union"},
    {"Intersect rows sorted by row ID", "intersect"},
};

const Access* FindAccess(std::string_view text) {
  for (const Access& a : kAccesses) {
    if (text.starts_with(a.prefix)) return &a;
  }
  return nullptr;
}

const Merge* FindMerge(std::string_view text) {
  for (const Merge& m : kMerges) {
    if (text.starts_with(m.prefix)) return &m;
  }
  return nullptr;
}

// "t1 using idx_b (b=t1.a)" → table "t1", key "idx_b"; the key of an index merge in one node is
// "union(a,b)" with its parentheses.
void ReadTarget(std::string_view rest, std::string* table, std::string* key) {
  const size_t using_at = rest.find(" using ");
  if (using_at == std::string_view::npos) {
    *table =
        std::string(base::TrimSpace(rest.substr(0, std::min(rest.find(" ("), rest.find(',')))));
    return;
  }
  *table = std::string(base::TrimSpace(rest.substr(0, using_at)));
  std::string_view k = rest.substr(using_at + 7);
  size_t end = k.find_first_of(" ,(");
  if (end != std::string_view::npos && k[end] == '(') {  // union(a,b): to its ')'
    const size_t close = k.find(')', end);
    end = close == std::string_view::npos ? std::string_view::npos : close + 1;
  }
  *key = std::string(k.substr(0, end));
}

// The first child, looking through a Filter.
int ThroughFilter(const std::vector<TreeNode>& nodes, int i) {
  if (i >= 0 && nodes[i].text.starts_with("Filter:")) return nodes[i].first_child;
  return i;
}

// A sort of rows (a filesort); an index read in order prints no Sort node.
bool IsSort(std::string_view text) {
  return text.starts_with("Sort:") || text.starts_with("Sort row IDs:") ||
         text.starts_with("Sort with duplicate removal:");
}

bool IsHashJoin(std::string_view text) {
  return ContainsIgnoreCase(text, "hash join") || ContainsIgnoreCase(text, "hash antijoin") ||
         ContainsIgnoreCase(text, "hash semijoin");
}

void SetMeasured(const TreeNode& n, PlanTable* t) {
  if (n.never_executed) {
    t->r_rows = 0;
    t->r_loops = 0;
    t->r_time_ms = 0;
    return;
  }
  t->r_rows = n.actual_rows;
  t->r_loops = n.loops;
  if (n.actual_end) t->r_time_ms = *n.actual_end * n.loops.value_or(1);
}

}  // namespace

Result<Plan> ReadExplainTree(std::string_view text) {
  QADVISOR_ASSIGN_OR_RETURN(std::vector<TreeNode> nodes, SplitNodes(text));
  // Parents from indentation: the nearest node above that is indented less.
  std::vector<int> open;
  for (int i = 0; i < static_cast<int>(nodes.size()); ++i) {
    TreeNode& n = nodes[i];
    ReadFigures(&n);
    if (n.text.empty()) {
      return ParseError(fmt::format("EXPLAIN tree: line {}: `->` without a description", n.line));
    }
    while (!open.empty() && nodes[open.back()].indent >= n.indent) open.pop_back();
    if (!open.empty()) {
      n.parent = open.back();
      if (nodes[n.parent].first_child < 0) nodes[n.parent].first_child = i;
    }
    open.push_back(i);
  }

  Plan plan;
  std::map<int, std::vector<std::string>> merge_keys;  // an index merge's table: its indexes
  for (size_t i = 0; i < nodes.size(); ++i) {
    TreeNode& n = nodes[i];
    const std::string_view d = n.text;
    if (n.parent >= 0) n.merge = nodes[n.parent].merge;
    if (IsSort(d)) plan.using_filesort = true;
    if (ContainsIgnoreCase(d, "temporary table")) plan.using_temporary = true;
    if (const Merge* m = FindMerge(d); m != nullptr && n.merge < 0) {
      PlanTable t;
      t.access_type = "index_merge";
      t.key = std::string(m->kind);  // completed with the indexes below
      t.rows = n.est_rows.value_or(0);
      SetMeasured(n, &t);
      n.table = static_cast<int>(plan.tables.size());
      n.merge = n.table;
      merge_keys[n.table];
      plan.tables.push_back(std::move(t));
      continue;
    }
    const Access* a = FindAccess(d);
    if (a == nullptr) continue;
    std::string table, key;
    ReadTarget(d.substr(a->prefix.size()), &table, &key);
    if (table.starts_with('<') && ContainsIgnoreCase(table, "temporary")) {
      plan.using_temporary = true;  // <temporary>, <union temporary>: ours, not the user's
      continue;
    }
    if (n.merge >= 0) {  // one index of a merge
      PlanTable& t = plan.tables[n.merge];
      if (t.table.empty()) t.table = std::move(table);
      merge_keys[n.merge].push_back(std::move(key));
      continue;
    }
    PlanTable t;
    t.table = std::move(table);
    t.access_type = std::string(a->type);
    t.using_index = a->covering;
    if (a->type == "ref" && ContainsIgnoreCase(d, " or NULL)")) t.access_type = "ref_or_null";
    for (const std::string_view kind : {"union(", "intersect(", "sort_union("}) {
      if (key.starts_with(kind)) t.access_type = "index_merge";
    }
    t.key = std::move(key);
    t.rows = n.est_rows.value_or(0);
    SetMeasured(n, &t);
    n.table = static_cast<int>(plan.tables.size());
    plan.tables.push_back(std::move(t));
  }
  for (const auto& [table, keys] : merge_keys) {  // kind(a,b)
    std::string& key = plan.tables[table].key;
    key += "(";
    for (size_t k = 0; k < keys.size(); ++k) key += (k == 0 ? "" : ",") + keys[k];
    key += ")";
  }

  for (const TreeNode& n : nodes) {
    if (n.text.starts_with("Filter:")) {
      const int child = n.first_child;
      if (child < 0 || nodes[child].table < 0) continue;
      const TreeNode& c = nodes[child];
      PlanTable& t = plan.tables[c.table];
      t.attached_condition = std::string(base::TrimSpace(std::string_view(n.text).substr(7)));
      if (n.est_rows && c.est_rows && *c.est_rows > 0) {
        t.filtered = std::min(100.0, *n.est_rows / *c.est_rows * 100);
      }
      if (n.actual_rows && c.actual_rows && *c.actual_rows > 0) {
        t.r_filtered = std::min(100.0, *n.actual_rows / *c.actual_rows * 100);
      }
    } else if (IsHashJoin(n.text)) {
      const int probe = ThroughFilter(nodes, n.first_child);
      if (probe >= 0 && nodes[probe].table >= 0) plan.tables[nodes[probe].table].join_buffer = true;
    }
  }

  const TreeNode& root = nodes.front();
  if (root.never_executed) {
    plan.r_total_time_ms = 0;
  } else if (root.actual_end) {
    plan.r_total_time_ms = *root.actual_end * root.loops.value_or(1);
  }
  return plan;
}

}  // namespace qadvisor::connectors
