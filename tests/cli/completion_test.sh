#!/usr/bin/env bash
# The man page and the shell completions (`qadvisor man`, `qadvisor completion bash|zsh`) against
# the command line as CLI11's own --help prints it: every command --help lists, and every option
# each command's --help lists, is in all three, so neither can drift from the parser. Then the
# scripts are valid bash and zsh, bash completes commands, options and choices when asked the
# way bash asks and zsh completes lines typed into it (zsh_complete.zsh), groff reads the man
# page without a warning, and the hidden commands stay hidden. Usage: completion_test.sh QADVISOR
set -uo pipefail
qadvisor=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=../lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"

"$qadvisor" man >"$tmp/qadvisor.1" &&
  "$qadvisor" completion bash >"$tmp/qadvisor.bash" &&
  "$qadvisor" completion zsh -o "$tmp/_qadvisor" || {
  echo "FAILED: the generators"
  exit 1
}

# The commands --help lists, and each one's options (every name of each: -o and --output).
mapfile -t commands < <("$qadvisor" --help | sed -n '/^Subcommands:/,/^$/p' | awk 'NF && !/:$/ {print $1}')
check "--help lists the commands" test "${#commands[@]}" -ge 8
options_of() {  # the option names `qadvisor $1 --help` lists
  "$qadvisor" "$@" --help | awk '/^  -/ {print $1}' | tr ',' '\n' | sed 's/=.*//'
}

# has_word FILE WORD: WORD is in FILE as a word of its own.
has_word() { grep -qE -- "(^|[^-[:alnum:]_])$2([^-[:alnum:]_]|\$)" "$1" || { echo "no '$2' in $1"; return 1; }; }
# man_has FILE OPTION: the man page shows OPTION in bold, each minus sign written \- (the
# minus sign, not a hyphen: copy and paste and searches find the option).
man_has() {
  local roff=${2//-/\\-}
  grep -qF -- "\\fB$roff\\fR" "$1" || { echo "no '\\fB$roff\\fR' in $1"; return 1; }
}

for c in "${commands[@]}"; do
  check "bash completes the command $c" has_word "$tmp/qadvisor.bash" "$c"
  check "zsh completes the command $c" has_word "$tmp/_qadvisor" "$c"
  check "the man page has a section for $c" grep -qF ".SS \"qadvisor $c [OPTIONS]" "$tmp/qadvisor.1"
  for o in $(options_of "$c"); do
    # The command's own arm of the bash script and zsh function, not another command's.
    sed -n "/^    $c)\$/,/^      ;;\$/p" "$tmp/qadvisor.bash" >"$tmp/bash.$c"
    sed -n "/^_qadvisor_$c() {/,/^}/p" "$tmp/_qadvisor" >"$tmp/zsh.$c"
    sed -n "/^\.SS \"qadvisor $c /,/^\.SS/p" "$tmp/qadvisor.1" >"$tmp/man.$c"
    check "bash completes $c $o" has_word "$tmp/bash.$c" "$o"
    check "zsh completes $c $o" has_word "$tmp/zsh.$c" "$o"
    check "the man page describes $c $o" man_has "$tmp/man.$c" "$o"
  done
done
for o in $(options_of); do
  check "bash completes the global option $o" has_word "$tmp/qadvisor.bash" "$o"
  check "zsh completes the global option $o" has_word "$tmp/_qadvisor" "$o"
  check "the man page describes the global option $o" man_has "$tmp/qadvisor.1" "$o"
done

# What the brief of this feature named, in case --help itself ever lost them.
for c in check advise digest verify; do
  check "$c is completed" has_word "$tmp/qadvisor.bash" "$c"
done
for o in --schema --format --fail-on --baseline; do check "check $o" has_word "$tmp/bash.check" "$o"; done
for o in --schema --stats --dsn --workload --top; do check "advise $o" has_word "$tmp/bash.advise" "$o"; done
for o in --since --until --group-by --order-by; do check "digest $o" has_word "$tmp/bash.digest" "$o"; done
for o in --sandbox --allow-ddl --runs; do check "verify $o" has_word "$tmp/bash.verify" "$o"; done

# The hidden commands are for packagers: neither completed nor in the man page's commands.
check "completion and man are not completed" \
  bash -c '! grep -qE "completion\)|man\)|words=.*\bman\b" "$1"' _ "$tmp/qadvisor.bash"
check "  nor in the man page's commands" bash -c '! grep -qE "^\.SS \"qadvisor (completion|man) " "$1"' _ "$tmp/qadvisor.1"
check "completion with no shell is a usage error" exit_code 2 "$qadvisor" completion
check "completion fish is a usage error" exit_code 2 "$qadvisor" completion fish
check "-o and standard output are the same" cmp "$tmp/_qadvisor" <("$qadvisor" completion zsh)

# Valid scripts.
check "bash -n" bash -n "$tmp/qadvisor.bash"
if command -v zsh >/dev/null; then
  check "zsh -n" zsh -n "$tmp/_qadvisor"
  # zsh, asked as zsh asks: lines typed into an interactive zsh that found _qadvisor on fpath.
  mkdir "$tmp/fpath" && cp "$tmp/_qadvisor" "$tmp/fpath/"
  zsh_same() {
    exit_timeout=60 exit_code 0 zsh "$(dirname "${BASH_SOURCE[0]}")/zsh_complete.zsh" "$tmp/fpath" \
      "qadvisor dig" "qadvisor digest --for" "qadvisor digest --format=mark" \
      "qadvisor check --fail-on war" "qadvisor verify --sand" "qadvisor advise --workload perf" \
      "qadvisor ex" "qadvisor --vers" || return 1
    printf '%s\n' "digest." "digest --format." "digest --format=markdown." \
      "check --fail-on warning." "verify --sandbox." "advise --workload performance_schema." \
      "explain." "--version." | diff - "$tmp/out"
  }
  check "zsh completes commands, options and choices" zsh_same
  # Sourced instead of installed: it registers itself for qadvisor.
  check "source <(qadvisor completion zsh) registers _qadvisor" test "$(zsh -f -c \
    'autoload -U compinit; compinit -u -D; source "$1"; print -r -- $_comps[qadvisor]' _ \
    "$tmp/_qadvisor")" = _qadvisor
else
  echo "skipped: zsh (not installed; scripts/install-deps.sh installs it)"
fi
if command -v shellcheck >/dev/null; then
  check "shellcheck" shellcheck -s bash -e SC2207 "$tmp/qadvisor.bash"
fi

# Bash, asked as bash asks: COMP_WORDS and COMP_CWORD set, the function called, COMPREPLY read.
complete_line() {  # complete_line WORD... ("" last for a new word): prints the replies, sorted
  bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _qadvisor
           printf "%s\n" "${COMPREPLY[@]}" | sort' _ "$tmp/qadvisor.bash" "$@"
}
same() {  # same "WANT LINES" WORD...
  diff <(printf '%s\n' $1 | sort) <(complete_line "${@:2}")
}
check "qadvisor <tab>: the commands" same "${commands[*]}" qadvisor ""
check "qadvisor ch<tab>" same "check" qadvisor ch
check "qadvisor -<tab>: the global options" same "-h --help --version" qadvisor -
check "qadvisor digest --for<tab>" same "--format" qadvisor digest --for
check "qadvisor digest --format <tab>" same "text json markdown" qadvisor digest --format ""
check "qadvisor check --format <tab>" same "text json sarif markdown github codeclimate" qadvisor check --format ""
check "qadvisor advise --format=h<tab>" same "html" qadvisor advise --format = h
check "qadvisor advise --format=<tab>" same "text markdown json html" qadvisor advise --format =
check "qadvisor advise --workload p<tab>" same "performance_schema" qadvisor advise --workload p
check "qadvisor verify --allow-<tab>" same "--allow-ddl --allow-writes --allow-analyze" \
  qadvisor verify --allow-
check "qadvisor check -o <tab>: files (no replies, bash's default)" same "" qadvisor check -o ""
check "qadvisor advise --schema x.sql <tab>: files" same "" qadvisor advise --schema x.sql ""
check "after a global flag" same "verify" qadvisor --help ver

# The man page as man reads it: no groff warning, and the text a reader sees.
check "groff reads the man page without a warning" \
  bash -c 'groff -man -Tutf8 -ww -z "$1" 2>&1 | tee /dev/stderr | (! grep -q .)' _ "$tmp/qadvisor.1"
groff -man -Tascii -P-cbou "$tmp/qadvisor.1" 2>/dev/null >"$tmp/man.txt"
check "rendered: NAME" grep -q "qadvisor - query and index advisor for MySQL and MariaDB" "$tmp/man.txt"
check "rendered: an option with choices" grep -q -- "--format text|json|sarif|markdown|github|codeclimate" "$tmp/man.txt"
check "rendered: the version" grep -q "qadvisor $("$qadvisor" --version | awk '{print $2}')" "$tmp/man.txt"

finish "man page and completions"
