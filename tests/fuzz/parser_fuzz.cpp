// libFuzzer target: arbitrary bytes through the SQL parser. Nothing may crash or hang, and
// every statement that parses must print back to SQL that parses to an equal AST (the
// round-trip property the fixtures check on chosen statements, here on whatever the fuzzer
// finds). JSON output must be produced for every statement.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "parser/parser.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view sql(reinterpret_cast<const char*>(data), size);
  const qadvisor::parser::ParseResult first = qadvisor::parser::Parse(sql);
  for (const qadvisor::parser::ast::Statement* s : first.statements()) {
    if (qadvisor::parser::ToJson(*s).empty()) std::abort();
    if (s->kind != qadvisor::parser::ast::StatementKind::kSelect) continue;
    const std::string printed = qadvisor::parser::ToSql(*s);
    const qadvisor::parser::ParseResult again = qadvisor::parser::Parse(printed);
    if (!again.ok() || again.statements().size() != 1 ||
        !qadvisor::parser::Equal(*s, *again.statements()[0])) {
      std::abort();  // the printer wrote something that does not read back the same
    }
  }
  return 0;
}
