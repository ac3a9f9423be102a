// JSON string escaping (RFC 8259 §7), defined once for the AST dump (parser/ast_json.cpp), the
// report writer (report/json_writer.h) and anything else that writes JSON by hand. Input is
// untrusted bytes (slow logs hold anything), the output is always valid JSON in UTF-8.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace qadvisor::base {

// Appends `s` to `out` as the body of a JSON string (no quotes): `"` and `\` escaped; LF, CR,
// tab, backspace and form feed as \n \r \t \b \f; other C0 controls as \u00XX; well-formed UTF-8
// copied as it is (base/utf8.h); each byte of anything else replaced by U+FFFD. Hot: every key
// and string of a report goes through it, so plain ASCII is copied a run at a time.
void AppendJsonEscaped(std::string& out, std::string_view s);

// The length of the longest prefix of `s` that AppendJsonEscaped copies as it is (printable
// ASCII but `"` and `\`): s.size() when `s` needs no escaping at all.
size_t JsonPlainLength(std::string_view s);

}  // namespace qadvisor::base
