// Text from the input on its way to a terminal or a plain-text report: input is untrusted, and
// an escape sequence in a slow log's query must not move the reader's cursor or retitle their
// terminal. Reports in JSON, SARIF and HTML escape by their own rules and do not use these.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace qadvisor::base {

// `s` (its first `limit` bytes, then "...") with every control character written as `\xNN`:
// C0 controls except tab and newline, DEL, the C1 controls (U+0080–U+009F) and bytes that are
// not UTF-8. Valid UTF-8 text passes unchanged.
std::string Printable(std::string_view s, size_t limit = std::string_view::npos);

// The offset of the first byte that plain text (SQL, a log) never holds: NUL or a C0 control
// other than tab, newline, vertical tab, form feed and carriage return. nullopt for text.
std::optional<size_t> FirstBinaryByte(std::string_view s);

}  // namespace qadvisor::base
