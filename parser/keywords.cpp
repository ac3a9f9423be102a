#include "parser/keywords.h"

#include <algorithm>
#include <array>

namespace qadvisor::parser {
namespace {

// Sorted, lower case: binary-searched.
constexpr std::string_view kReserved[] = {
    "accessible", "add", "all", "alter", "analyze", "and", "as", "asc", "asensitive", "before",
    "between", "bigint", "binary", "blob", "both", "by", "call", "cascade", "case", "change",
    "char", "character", "check", "collate", "column", "condition", "constraint", "continue",
    "convert", "create", "cross", "cube", "cume_dist", "current_date", "current_role",
    "current_time", "current_timestamp", "current_user", "cursor", "database", "databases",
    "day_hour", "day_microsecond", "day_minute", "day_second", "dec", "decimal", "declare",
    "default", "delayed", "delete", "dense_rank", "desc", "describe", "deterministic",
    "distinct", "distinctrow", "div", "double", "drop", "dual", "each", "else", "elseif",
    "empty", "enclosed", "escaped", "except", "exists", "exit", "explain", "false", "fetch",
    "first_value", "float", "float4", "float8", "for", "force", "foreign", "from", "fulltext",
    "function", "generated", "get", "grant", "group", "grouping", "groups", "having",
    "high_priority", "hour_microsecond", "hour_minute", "hour_second", "if", "ignore", "in",
    "index", "infile", "inner", "inout", "insensitive", "insert", "int", "int1", "int2", "int3",
    "int4", "int8", "integer", "intersect", "interval", "into", "io_after_gtids",
    "io_before_gtids", "is", "iterate", "join", "json_table", "key", "keys", "kill", "lag",
    "last_value", "lateral", "lead", "leading", "leave", "left", "like", "limit", "linear",
    "lines", "load", "localtime", "localtimestamp", "lock", "long", "longblob", "longtext",
    "loop", "low_priority", "master_bind", "master_ssl_verify_server_cert", "match",
    "maxvalue", "mediumblob", "mediumint", "mediumtext", "middleint", "minute_microsecond",
    "minute_second", "mod", "modifies", "natural", "no_write_to_binlog", "not", "nth_value",
    "ntile", "null", "numeric", "of", "on", "optimize", "optimizer_costs", "option",
    "optionally", "or", "order", "out", "outer", "outfile", "over", "partition", "percent_rank",
    "precision", "primary", "procedure", "purge", "range", "rank", "read", "read_write", "reads",
    "real", "recursive", "references", "regexp", "release", "rename", "repeat", "replace",
    "require", "resignal", "restrict", "return", "returning", "revoke", "right", "rlike", "row",
    "row_number", "rows", "schema", "schemas", "second_microsecond", "select", "sensitive",
    "separator", "set", "show", "signal", "smallint", "spatial", "specific", "sql",
    "sql_big_result", "sql_calc_found_rows", "sql_small_result", "sqlexception", "sqlstate",
    "sqlwarning", "ssl", "starting", "stored", "straight_join", "system", "table", "terminated",
    "then", "tinyblob", "tinyint", "tinytext", "to", "trailing", "trigger", "true", "undo",
    "union", "unique", "unlock", "unsigned", "update", "usage", "use", "using", "utc_date",
    "utc_time", "utc_timestamp", "values", "varbinary", "varchar", "varcharacter", "varying",
    "virtual", "when", "where", "while", "window", "with", "write", "xor", "year_month",
    "zerofill",
};

constexpr std::array<char, 256> MakeLower() {
  std::array<char, 256> t{};
  for (int i = 0; i < 256; ++i) t[i] = static_cast<char>(i >= 'A' && i <= 'Z' ? i + 32 : i);
  return t;
}
constexpr std::array<char, 256> kLower = MakeLower();

}  // namespace

char ToLowerAscii(char c) { return kLower[static_cast<unsigned char>(c)]; }

bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (ToLowerAscii(a[i]) != ToLowerAscii(b[i])) return false;
  }
  return true;
}

bool IsReservedWord(std::string_view word) {
  constexpr size_t kLongest = 32;
  if (word.empty() || word.size() > kLongest) return false;
  char buf[kLongest];
  for (size_t i = 0; i < word.size(); ++i) buf[i] = ToLowerAscii(word[i]);
  const std::string_view lower(buf, word.size());
  return std::binary_search(std::begin(kReserved), std::end(kReserved), lower);
}

}  // namespace qadvisor::parser
