#!/usr/bin/env bash
# Checks every `#include "folder/…"` in the source tree against the layering of
# docs/architecture.md ("Layering"), which is the link order of the CMake targets:
#
#   base        (qadvisor_base)        may include  base
#   parser      (qadvisor_parser)      may include  base parser
#   analyzer    (qadvisor_analyzer)    may include  base parser analyzer
#   rules       (qadvisor_rules)       may include  base parser analyzer rules
#   connectors  (qadvisor_connectors)  may include  base parser analyzer connectors
#   report      (qadvisor_report)      may include  base parser analyzer rules report
#   cli         (qadvisor, cli_support) may include everything above
#   bench       may include the libraries (everything but cli and tests)
#   tests/<f>/  may include what <f> may, and tests/  (tests/corpus: what report may;
#               tests/live and tests/fuzz: what rules and connectors may; tests/*.cpp: nothing)
#
# Rules and connectors are side by side: neither includes the other. Also checked: only
# connectors/ includes Connector/C++ headers (<cppconn/…>, <mysql_driver.h>, <mysql_connection.h>),
# and a quoted include with a folder names a folder of the tree.
#
# The lexer is parser/'s own: parser/lexer.h is included only in parser/, its tests
# (tests/parser, and tests/fuzz, whose target fuzzes the lexer) and bench/. Code elsewhere asks
# parser/ its lexical questions through parser/sql_text.h, so that no SQL is tokenised or
# word-matched outside parser/ (issue 15).
#
# Usage: check-layering.sh [SOURCE_DIR]     exit 0 when clean, 1 listing each violation
#        check-layering.sh --self-test      proves the check fails on a violation
set -euo pipefail

readonly kLibs="base parser analyzer rules connectors report"

# The folders `$1` (a path relative to the source root) may include.
allowed() {
  case "$1" in
    base/*) echo "base" ;;
    parser/*) echo "base parser" ;;
    analyzer/*) echo "base parser analyzer" ;;
    rules/*) echo "base parser analyzer rules" ;;
    connectors/*) echo "base parser analyzer connectors" ;;
    report/*) echo "base parser analyzer rules report" ;;
    cli/*) echo "$kLibs cli" ;;
    bench/*) echo "$kLibs" ;;
    tests/corpus/*) echo "base parser analyzer rules report tests" ;;
    tests/live/* | tests/fuzz/*) echo "base parser analyzer rules connectors tests" ;;
    tests/*/*)
      local sub="${1#tests/}"
      sub="${sub%%/*}"
      echo "$(allowed "$sub/x") $sub tests"
      ;;
    *) echo "" ;;
  esac
}

# Whether `$1` (a path relative to the source root) may run the lexer itself.
may_lex() {
  [[ "$1" =~ ^(parser|tests/parser|tests/fuzz|bench)/ ]]
}

# The source files of the tree under `$1`, NUL-separated, relative to it.
sources() {
  (cd "$1" && find base parser analyzer rules connectors report cli bench tests \
    -path tests/data -prune -o -type f \
    \( -name '*.h' -o -name '*.cpp' -o -name '*.cpp.in' -o -name '*.h.in' \) \
    -print0 2>/dev/null)
}

check_tree() {
  local root="$1" failures=0 rel n line target folder ok
  local known=" $kLibs cli tests bench "
  # One grep over the tree, then one pass over its include lines ("file:line:text").
  while IFS= read -r line; do
    rel="${line%%:*}"
    line="${line#*:}"
    n="${line%%:*}"
    line="${line#*:}"
    [[ "$line" =~ ^[[:space:]]*#[[:space:]]*include[[:space:]]*([\"\<])([^\"\>]*)[\"\>] ]] || continue
    target="${BASH_REMATCH[2]}"
    if [[ "${BASH_REMATCH[1]}" == "<" ]]; then
      if [[ "$target" =~ ^(cppconn/|mysql_driver\.h|mysql_connection\.h) && "$rel" != connectors/* ]]; then
        echo "$rel:$n: includes <$target>: only connectors/ includes Connector/C++ headers"
        failures=$((failures + 1))
      fi
      continue
    fi
    [[ "$target" == */* ]] || continue  # a file beside this one
    folder="${target%%/*}"
    ok=" $(allowed "$rel") "
    if [[ "$target" == parser/lexer.h ]] && ! may_lex "$rel"; then
      echo "$rel:$n: includes \"$target\": only parser/ lexes SQL; use parser/sql_text.h"
      failures=$((failures + 1))
    elif [[ "$known" != *" $folder "* ]]; then
      echo "$rel:$n: includes \"$target\": $folder/ is no folder of the tree"
      failures=$((failures + 1))
    elif [[ "$ok" != *" $folder "* ]]; then
      echo "$rel:$n: includes \"$target\": ${rel%%/*}/ may include only:$ok"
      failures=$((failures + 1))
    fi
  done < <(sources "$root" | (cd "$root" && xargs -0 -r grep -nHE \
             '^[[:space:]]*#[[:space:]]*include'))
  # parser/parser.h includes lexer.h, so a Lexer declared outside parser/ (`Lexer lexer(…)`,
  # `parser::Lexer`) is looked for too.
  local lexer_use='parser::Lexer([^[:alnum:]_]|$)'
  lexer_use+='|Lexer[[:space:]]+[[:alpha:]_][[:alnum:]_]*[[:space:]]*[({;=]'
  while IFS= read -r line; do
    rel="${line%%:*}"
    line="${line#*:}"
    n="${line%%:*}"
    may_lex "$rel" && continue
    echo "$rel:$n: runs a parser::Lexer: only parser/ lexes SQL; use parser/sql_text.h"
    failures=$((failures + 1))
  done < <(sources "$root" | (cd "$root" && xargs -0 -r grep -nHE "(^|[^[:alnum:]_])($lexer_use)"))
  if ((failures > 0)); then
    echo "check-layering: $failures violation(s) of the layering (docs/architecture.md)" >&2
    return 1
  fi
  echo "check-layering: every include follows the layering, and only parser/ runs the lexer"
}

self_test() {
  local dir out
  dir="$(mktemp -d)"
  trap 'rm -rf "$dir"' RETURN
  mkdir -p "$dir"/{base,parser,analyzer,rules,connectors,report,cli,bench,tests/parser}
  printf '#include "base/status.h"\n#include "parser/sql_text.h"\n' >"$dir/analyzer/a.cpp"
  printf '#include "parser/lexer.h"\nLexer lexer(text);\n' >"$dir/parser/sql_text.cpp"
  printf '#include "parser/lexer.h"\n' >"$dir/bench/lex_bench.cpp"
  printf '#include "cli/io.h"\n#include "connectors/dsn.h"\n#include "report/x.h"\n' \
    >"$dir/cli/c.cpp"
  printf '#include "parser/ast.h"\n#include "parser/lexer.h"\n#include "tests/x.h"\n' \
    >"$dir/tests/parser/p_test.cpp"
  printf '#include <cppconn/driver.h>\n' >"$dir/connectors/session.cpp"
  out="$(check_tree "$dir" 2>&1)" || { echo "self-test: a clean tree failed: $out"; return 1; }
  # Each violation on its own, each must fail and be named.
  local -a cases=(
    'parser/bad.cpp|#include "analyzer/catalog.h"'
    'base/bad.h|  #  include "parser/ast.h"'
    'rules/bad.cpp|#include "connectors/session.h"'
    'connectors/bad.cpp|#include "rules/rule.h"'
    'report/bad.cpp|#include "cli/io.h"'
    'tests/parser/bad_test.cpp|#include "analyzer/bind.h"'
    'bench/bad.cpp|#include "cli/io.h"'
    'cli/bad.cpp|#include "tests/live/live_server.h"'
    'analyzer/bad.cpp|#include <cppconn/driver.h>'
    'parser/bad2.cpp|#include "nowhere/x.h"'
    'connectors/bad3.cpp|#include "parser/lexer.h"'
    'analyzer/bad.cpp|  parser::Lexer lexer(text, {});'
  )
  local c file text
  for c in "${cases[@]}"; do
    file="${c%%|*}"
    text="${c#*|}"
    printf '%s\n' "$text" >"$dir/$file"
    if out="$(check_tree "$dir" 2>&1)"; then
      echo "self-test: $file with '$text' passed the check"
      return 1
    fi
    [[ "$out" == *"$file:1:"* ]] || { echo "self-test: $file not named: $out"; return 1; }
    rm "$dir/$file"
  done
  echo "check-layering: self-test passed (${#cases[@]} violations caught, clean tree passes)"
}

if [[ "${1:-}" == "--self-test" ]]; then
  self_test
else
  root="$(cd "${1:-$(dirname "$0")/..}" && pwd)"
  check_tree "$root"
fi
