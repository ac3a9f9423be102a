// parse-error: a statement of a checked script or a schema file that does not parse.
#include "rules/common.h"
#include "rules/rule.h"

namespace qadvisor::rules {
namespace {

constexpr RuleInfo kInfo{
    .id = "parse-error",
    .severity = Severity::kError,
    .scope = Scope::kScript,
    .summary =
        "a statement does not parse as MySQL / MariaDB SQL, so nothing else is checked "
        "in it",
    .doc = R"md(
## What it does

Reports each statement of a checked file or a `--schema` file that the parser cannot read,
with the parser's message ("expected X, found Y") and position. Statements of kinds qadvisor
recognises but does not model (stored routines, triggers, `GRANT`, `SET`, `SHOW`, …) are not
errors and are skipped silently.

## Why it matters

A syntax error in a migration or in application SQL fails at run time. And a statement that
does not parse cannot be checked by any other rule: a query qadvisor did not read gets no
findings, and a `CREATE TABLE` it did not read leaves the table out of the schema every other
rule judges by. So it is an error by default — `check` never passes input it did not
understand.

## Example

```sql
SELECT id FROM orders WHERE status IN ('paid', 'shipped';
```

## Fix

Correct the statement. If it is valid MySQL or MariaDB syntax that qadvisor does not read yet,
suppress the finding with `-- qadvisor:ignore parse-error` above the statement and report the
case.

## MySQL reference

- MySQL error 1064 (ER_PARSE_ERROR)
)md"};

class ParseError final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void CheckDiagnostic(const parser::Diagnostic& d, Reporter& out) const override {
    if (d.severity != parser::Severity::kError) return;
    out.Add(kInfo, parser::ast::Span{d.offset, 1}, d.message);
  }
};

}  // namespace

std::unique_ptr<Rule> MakeParseError(const RuleOptions& /*options*/) {
  return std::make_unique<ParseError>();
}

}  // namespace qadvisor::rules
