#include "parser/keywords.h"

#include <algorithm>
#include <array>

#include "base/hash.h"

namespace qadvisor::parser {
namespace {

// Sorted, lower case: binary-searched. EMPTY, GROUPS and ROW are reserved on MySQL 8.0 but not on
// MariaDB, and RETURNING the other way round: for these four words the list follows MariaDB
// (https://mariadb.com/kb/en/reserved-words/), which is what lets `row` name a column.
constexpr std::string_view kReserved[] = {
    "\\n",  // \N, the lexer's NULL (lower-cased here)
    "accessible",
    "add",
    "all",
    "alter",
    "analyze",
    "and",
    "as",
    "asc",
    "asensitive",
    "before",
    "between",
    "bigint",
    "binary",
    "blob",
    "both",
    "by",
    "call",
    "cascade",
    "case",
    "change",
    "char",
    "character",
    "check",
    "collate",
    "column",
    "condition",
    "constraint",
    "continue",
    "convert",
    "create",
    "cross",
    "cube",
    "cume_dist",
    "current_date",
    "current_role",
    "current_time",
    "current_timestamp",
    "current_user",
    "cursor",
    "database",
    "databases",
    "day_hour",
    "day_microsecond",
    "day_minute",
    "day_second",
    "dec",
    "decimal",
    "declare",
    "default",
    "delayed",
    "delete",
    "dense_rank",
    "desc",
    "describe",
    "deterministic",
    "distinct",
    "distinctrow",
    "div",
    "double",
    "drop",
    "dual",
    "each",
    "else",
    "elseif",
    "enclosed",
    "escaped",
    "except",
    "exists",
    "exit",
    "explain",
    "false",
    "fetch",
    "first_value",
    "float",
    "float4",
    "float8",
    "for",
    "force",
    "foreign",
    "from",
    "fulltext",
    "function",
    "generated",
    "get",
    "grant",
    "group",
    "grouping",
    "having",
    "high_priority",
    "hour_microsecond",
    "hour_minute",
    "hour_second",
    "if",
    "ignore",
    "in",
    "index",
    "infile",
    "inner",
    "inout",
    "insensitive",
    "insert",
    "int",
    "int1",
    "int2",
    "int3",
    "int4",
    "int8",
    "integer",
    "intersect",
    "interval",
    "into",
    "io_after_gtids",
    "io_before_gtids",
    "is",
    "iterate",
    "join",
    "json_table",
    "key",
    "keys",
    "kill",
    "lag",
    "last_value",
    "lateral",
    "lead",
    "leading",
    "leave",
    "left",
    "like",
    "limit",
    "linear",
    "lines",
    "load",
    "localtime",
    "localtimestamp",
    "lock",
    "long",
    "longblob",
    "longtext",
    "loop",
    "low_priority",
    "master_bind",
    "master_ssl_verify_server_cert",
    "match",
    "maxvalue",
    "mediumblob",
    "mediumint",
    "mediumtext",
    "middleint",
    "minute_microsecond",
    "minute_second",
    "mod",
    "modifies",
    "natural",
    "no_write_to_binlog",
    "not",
    "nth_value",
    "ntile",
    "null",
    "numeric",
    "of",
    "on",
    "optimize",
    "optimizer_costs",
    "option",
    "optionally",
    "or",
    "order",
    "out",
    "outer",
    "outfile",
    "over",
    "partition",
    "percent_rank",
    "precision",
    "primary",
    "procedure",
    "purge",
    "range",
    "rank",
    "read",
    "read_write",
    "reads",
    "real",
    "recursive",
    "references",
    "regexp",
    "release",
    "rename",
    "repeat",
    "replace",
    "require",
    "resignal",
    "restrict",
    "return",
    "returning",
    "revoke",
    "right",
    "rlike",
    "row_number",
    "rows",
    "schema",
    "schemas",
    "second_microsecond",
    "select",
    "sensitive",
    "separator",
    "set",
    "show",
    "signal",
    "smallint",
    "spatial",
    "specific",
    "sql",
    "sql_big_result",
    "sql_calc_found_rows",
    "sql_small_result",
    "sqlexception",
    "sqlstate",
    "sqlwarning",
    "ssl",
    "starting",
    "stored",
    "straight_join",
    "system",
    "table",
    "terminated",
    "then",
    "tinyblob",
    "tinyint",
    "tinytext",
    "to",
    "trailing",
    "trigger",
    "true",
    "undo",
    "union",
    "unique",
    "unlock",
    "unsigned",
    "update",
    "usage",
    "use",
    "using",
    "utc_date",
    "utc_time",
    "utc_timestamp",
    "values",
    "varbinary",
    "varchar",
    "varcharacter",
    "varying",
    "virtual",
    "when",
    "where",
    "while",
    "window",
    "with",
    "write",
    "xor",
    "year_month",
    "zerofill",
};

constexpr size_t kLongestKeyword = 32;
constexpr size_t kTableSize = 1024;  // a power of two, about four times the words it holds

struct Slot {
  std::string_view word;  // empty: free
  KeywordInfo info;
};

// Open addressing with linear probing, built once from kReserved and the special words.
class KeywordTable {
 public:
  KeywordTable() {
    for (const std::string_view w : kReserved) Insert(w, {Keyword::kOther, true});
    const std::pair<std::string_view, Keyword> special[] = {
        {"null", Keyword::kNull},       {"true", Keyword::kTrue},     {"false", Keyword::kFalse},
        {"asc", Keyword::kAsc},         {"use", Keyword::kUse},       {"call", Keyword::kCall},
        {"in", Keyword::kIn},           {"values", Keyword::kValues}, {"value", Keyword::kValue},
        {"limit", Keyword::kLimit},     {"offset", Keyword::kOffset}, {"is", Keyword::kIs},
        {"not", Keyword::kNot},         {"into", Keyword::kInto},     {"table", Keyword::kTable},
        {"join", Keyword::kJoin},       {"update", Keyword::kUpdate}, {"from", Keyword::kFrom},
        {"replace", Keyword::kReplace}, {"row", Keyword::kRow},       {"\\n", Keyword::kNull}};
    for (const auto& [w, k] : special) {
      Slot& slot = Find(w);
      const bool reserved = !slot.word.empty() && slot.info.reserved;
      slot.word = w;
      slot.info = {k, reserved};
    }
  }

  KeywordInfo Lookup(std::string_view word) const {
    if (word.empty() || word.size() > kLongestKeyword) return {};
    // Hash the lower-cased bytes without copying them; most words land on a free slot.
    uint32_t h = base::kFnv1a32Offset;
    for (const char c : word) h = base::Fnv1a32Step(h, static_cast<unsigned char>(ToLowerAscii(c)));
    for (size_t i = h & (kTableSize - 1);; i = (i + 1) & (kTableSize - 1)) {
      const Slot& slot = slots_[i];
      if (slot.word.empty()) return {};
      if (EqualsIgnoreCase(slot.word, word)) return slot.info;
    }
  }

 private:
  Slot& Find(std::string_view lower) {
    for (size_t i = base::Fnv1a32(lower) & (kTableSize - 1);; i = (i + 1) & (kTableSize - 1)) {
      if (slots_[i].word.empty() || slots_[i].word == lower) return slots_[i];
    }
  }
  void Insert(std::string_view lower, KeywordInfo info) {
    Slot& slot = Find(lower);
    slot.word = lower;
    slot.info = info;
  }
  std::array<Slot, kTableSize> slots_{};
};

const KeywordTable& Table() {
  static const KeywordTable table;
  return table;
}

}  // namespace

KeywordInfo LookupKeyword(std::string_view word) { return Table().Lookup(word); }

bool IsCharsetName(std::string_view name) {
  // SHOW CHARACTER SET on MySQL 8.0 and MariaDB 11, plus the utf8 aliases.
  static constexpr std::string_view kCharsets[] = {
      "armscii8", "ascii",   "big5",   "binary",  "cp1250", "cp1251",  "cp1256",  "cp1257",
      "cp850",    "cp852",   "cp866",  "cp932",   "dec8",   "eucjpms", "euckr",   "filename",
      "gb18030",  "gb2312",  "gbk",    "geostd8", "greek",  "hebrew",  "hp8",     "keybcs2",
      "koi8r",    "koi8u",   "latin1", "latin2",  "latin5", "latin7",  "macce",   "macroman",
      "sjis",     "swe7",    "tis620", "ucs2",    "ujis",   "utf16",   "utf16le", "utf32",
      "utf8",     "utf8mb3", "utf8mb4"};
  return IsOneOf(name, kCharsets);
}

bool IsOneOf(std::string_view word, std::span<const std::string_view> words) {
  for (const std::string_view w : words) {
    if (EqualsIgnoreCase(word, w)) return true;
  }
  return false;
}

bool IsReservedWord(std::string_view word) { return LookupKeyword(word).reserved; }

}  // namespace qadvisor::parser
