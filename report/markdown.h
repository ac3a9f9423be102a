// Markdown for the reports (CommonMark, with GitHub's tables): text that must read back exactly
// as it was — SQL with backticks and pipes, identifiers, fixes — and plural counts for the
// sentences around it. Pure functions over strings; no state.
//
// CommonMark facts relied on (spec 0.30, "Code spans", "Backslash escapes"; GFM "Tables"):
//  - a code span opens and closes with a run of N backticks and may hold any run of a
//    different length, so a fence one longer than the longest run inside fits any text;
//  - one space is stripped from each end when both ends have one (and the text is not all
//    spaces), which lets a span start or end with a backtick when padded;
//  - inside a code span nothing is escaped, except that GFM splits a table row at every `|`
//    not written `\|` — before it looks for code spans.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace qadvisor::report {

// `text` as one inline code span that renders as `text` (line breaks become spaces). Not for
// a table cell: use MarkdownCodeCell there.
std::string MarkdownCode(std::string_view text);

// The same inside a table cell: `|` is written `\|`, which GFM turns back into `|`.
std::string MarkdownCodeCell(std::string_view text);

// Each non-blank line of `text` as its own code span, joined by <br> (a cell is one line).
std::string MarkdownCodeLinesCell(std::string_view text);

// Plain text for a table cell: Markdown punctuation backslash-escaped (CommonMark turns "\x"
// into "x" for any ASCII punctuation x, and GFM tables need "\|"), line breaks as <br>.
std::string MarkdownCell(std::string_view text);

// A fenced code block: the fence is one longer than the longest run of backticks in `text`
// (at least three), so no line of it can close the block early. Ends with a newline.
std::string MarkdownCodeBlock(std::string_view text, std::string_view info);

// "1 call", "2 calls", "0 calls".
std::string Plural(uint64_t n, std::string_view one, std::string_view many);

}  // namespace qadvisor::report
