# What the end-to-end shell tests share: a count of checks and the assertions they are made of.
# Source it after setting `tmp`, a scratch directory the caller removes; end with `finish`.
#   check DESCRIPTION COMMAND...   the command must succeed; its output is shown when it fails
#   exit_code EXPECTED COMMAND...  runs the command (stdout to $tmp/out, stderr to $tmp/err)
#                                  within $exit_timeout seconds (default 600: a hang fails)
#   has TEXT / lacks TEXT          TEXT is (is not) in $tmp/out or $tmp/err
#   json FILE EXPRESSION           the Python expression over the document `d` is true
#   finish [LABEL]                 prints "LABEL: N passed, N failed"; fails when one failed
passed=0
failed=0

check() {
  if "${@:2}" >"$tmp/check.out" 2>&1; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAILED: $1"
    sed 's/^/  | /' "$tmp/check.out" | head -40
  fi
}
exit_code() {
  timeout "${exit_timeout:-600}" "${@:2}" >"$tmp/out" 2>"$tmp/err"
  local got=$?
  [[ $got -eq $1 ]] || { echo "exit $got, expected $1"; tail -n 20 "$tmp/out" "$tmp/err"; return 1; }
}
has() { grep -qF -- "$1" "$tmp/out" "$tmp/err" || { echo "no '$1' in:"; cat "$tmp/out" "$tmp/err" | head -20; return 1; }; }
lacks() { ! grep -qF -- "$1" "$tmp/out" "$tmp/err" || { echo "'$1' printed:"; grep -F -- "$1" "$tmp/out" "$tmp/err"; return 1; }; }
json() {
  python3 -c "import json,sys; d=json.load(open(sys.argv[1])); sys.exit(0 if ($2) else 1)" "$1"
}
finish() {
  echo "${1:+$1: }$passed passed, $failed failed"
  [[ $failed -eq 0 ]]
}
