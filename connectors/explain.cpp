// Reading EXPLAIN FORMAT=JSON (see explain.h).
#include "connectors/explain.h"

#include <nlohmann/json.hpp>

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

}  // namespace qadvisor::connectors
