// What the commands that read a schema share (`check`, `advise`): configuration and rule
// selection, the catalog from --schema and --stats, recognising slow logs, and locating a
// sampled query in its log.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/catalog.h"
#include "base/status.h"
#include "cli/check_command.h"
#include "cli/config.h"
#include "rules/checker.h"

namespace qadvisor::cli {

struct Setup {
  Config config;
  rules::CheckerOptions options;
  analyzer::CatalogOptions catalog;
};

// The configuration file (explicit, or the nearest upwards), with the command line on top;
// rule ids are checked against the registry, and a selection that leaves no rule to run is
// refused. Errors in the command line (--rules, --disable) are kInvalidArgument; errors in the
// configuration file never are (its InvalidArgument becomes ParseError: the file is input).
Result<Setup> LoadSetup(const SchemaArgs& args);
// Reads version comments (`/*!50705 …*/`, `/*M!100300 …*/`) as the catalog's server would.
// Called when the flavor is known — said on the command line or in the configuration, or
// read from a server; otherwise every version comment is read as SQL.
void ParseAsFlavor(Setup& setup);
// The --schema files into the catalog (through the checker, which keeps their text for
// excerpts and their ignore comments), then the --stats file.
Status LoadSchemas(const SchemaArgs& args, rules::Checker& checker, analyzer::Catalog& catalog);
// Whether `path` ("-": standard input, sniffed like a file) is a slow log, from its first
// 64 KiB; false for a SQL script; an error for binary data, which is neither.
Result<bool> IsSlowLog(const std::string& path);
// The line where a sampled query's text starts in its log (its event starts at offset/line).
uint64_t QueryLine(const std::string& path, uint64_t offset, uint64_t line, std::string_view query);
// "a,b" "c" → {a, b, c}
std::vector<std::string> SplitIds(const std::vector<std::string>& values);
void PrintCatalogIssues(const analyzer::Catalog& catalog);
// Prints "qadvisor: message" on standard error; returns the usage exit code. For input and
// environment errors (a missing file, a server that does not answer).
int Fail(std::string_view message);
// A usage error — the command line asks for something that makes no sense: "qadvisor: message"
// and "Run with --help for more information." on standard error, as CLI11's own parse errors
// are printed; returns the usage exit code.
int UsageFail(std::string_view message);
// UsageFail for kInvalidArgument (base/status.h: "the user asked for something that makes no
// sense"), else Fail.
int FailWith(const Status& status);

}  // namespace qadvisor::cli
