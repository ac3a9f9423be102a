#!/usr/bin/env bash
# `qadvisor digest --merge`, end to end: every log of the corpus (tests/data/slowlogs,
# tests/data/real) is cut at random event boundaries (tests/cli/digest_merge.py split), each part
# digested to JSON, the parts merged, and the merge compared with the digest of the whole log
# (digest_merge.py same): counts, sums, minima, maxima, flags, first/last seen, database/user/
# host counts exactly, percentiles within the histogram's error, each class's state the same.
# The parts are merged in order, in reverse, and as a merge of merges. Then bad inputs: each an
# error naming the file, exit 2, no report.
# Usage: digest_merge_test.sh QADVISOR CORPUS_DIR SOURCE_DIR
set -uo pipefail
qadvisor=$1
corpus=$2
src=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=../lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
helper=$src/tests/cli/digest_merge.py

digest() { "$qadvisor" digest --no-progress --format json --top 0 "$@"; }

# Each case is a log cut into parts in a directory of its own; Python (its start is the slowest
# step here) runs twice for all of them: once to cut every log, once to compare every merge.
labels=()
dirs=()
declare -A case_log case_opts
# add_case LABEL LOG SEED PARTS [DIGEST OPTIONS…]
add_case() {
  local dir
  dir=$(mktemp -d "$tmp/split.XXXX")
  labels+=("$1")
  dirs+=("$dir")
  case_log[$dir]=$2
  case_opts[$dir]=${*:5}
  printf '%s\t%s\t%s\t%s\n' "$dir" "$2" "$4" "$3" >>"$tmp/split.list"
}
# merge_parts DIR: digest the whole log and each part (with the case's options), then merge the
# parts in order, in reverse, and as a merge of merges; DIR goes on the list to compare.
merge_parts() {
  local dir=$1 opts pieces jsons=() p
  read -ra opts <<<"${case_opts[$dir]}"
  digest "${opts[@]}" "${case_log[$dir]}" -o "$dir/whole.json" 2>/dev/null ||
    { echo "not a log we digest" >"$dir/same.txt" && return 0; }
  mapfile -t pieces < <(printf '%s\n' "$dir"/part-*.log | sort -V)
  for p in "${pieces[@]}"; do
    digest "${opts[@]}" "$p" -o "$p.json" 2>/dev/null || { echo "part $p did not digest"; return 1; }
    jsons+=("$p.json")
  done
  digest --merge "${jsons[@]}" -o "$dir/merged.json" || return 1
  local reversed=()
  for ((i = ${#jsons[@]} - 1; i >= 0; i--)); do reversed+=("${jsons[i]}"); done
  digest --merge "${reversed[@]}" -o "$dir/reversed.json" || return 1
  if ((${#jsons[@]} >= 3)); then
    # (last two) first, then the rest: merging is associative too.
    digest --merge "${jsons[@]: -2}" -o "$dir/tail.json" || return 1
    digest --merge "$dir/tail.json" "${jsons[@]:0:${#jsons[@]}-2}" -o "$dir/nested.json" || return 1
  fi
  echo "$dir" >>"$tmp/same.list"
  echo "${#jsons[@]}" >>"$tmp/parts"
}
# agrees DIR: the merges of DIR report what the whole log's digest does (or it is not a log).
agrees() {
  cat "$1/same.txt" 2>/dev/null || echo "not compared"
  grep -qx -e ok -e "not a log we digest" "$1/same.txt" 2>/dev/null
}

seed=0
for log in "$corpus"/slowlogs/*.txt "$corpus"/slowlogs/*.log "$corpus"/slowlogs/extra/* \
  "$corpus"/real/*.log; do
  seed=$((seed + 1))
  add_case "merge of $(basename "$log") cut in parts" "$log" "$seed" 4
done
# The real log, cut finer: more parts than classes have values in each.
add_case "real log in 12 parts" "$corpus"/real/*.log 7 12
# Grouped otherwise, an event can be in several classes or none: the totals travel too.
for group in table db user; do
  add_case "real log grouped by $group" "$corpus"/real/*.log 3 5 --group-by "$group"
  add_case "example grouped by $group" "$src"/examples/slow.log 4 5 --group-by "$group"
done
python3 "$helper" split "$tmp/split.list" || { echo "the logs could not be cut"; exit 1; }
for dir in "${dirs[@]}"; do
  merge_parts "$dir" >"$dir/merge.txt" 2>&1 || cp "$dir/merge.txt" "$dir/same.txt"
done
[[ -s $tmp/same.list ]] && python3 "$helper" same "$tmp/same.list"
for i in "${!dirs[@]}"; do
  check "${labels[i]}" agrees "${dirs[i]}"
done
# Not everything went unsplit: most logs were really cut.
check "logs were cut" bash -c "[[ \$(awk '\$1 > 1' '$tmp/parts' | wc -l) -ge 30 ]]"

# Every --format reports a merge; --top applies.
real=("$corpus"/real/*.log)
digest "${real[0]}" -o "$tmp/a.json"
check "text report of a merge" bash -c "'$qadvisor' digest --merge '$tmp/a.json' '$tmp/a.json' \
  | grep -q '^# Overall: 6.00k events, 38 unique'"
check "markdown report of a merge" bash -c "'$qadvisor' digest --merge --format markdown --top 3 \
  '$tmp/a.json' '$tmp/a.json' | grep -q '^## Top 3 query classes'"
check "json --top 2" bash -c "'$qadvisor' digest --merge --format json --top 2 '$tmp/a.json' \
  '$tmp/a.json' -o '$tmp/top2.json'"
check "json --top 2 lists 2, the state all" json "$tmp/top2.json" \
  "len(d['classes']) == 2 and len(d['state']['classes']) == 38 and d['events'] == 6000"

# Bad inputs: a clear error naming the file, exit 2, nothing written.
echo 'not json' >"$tmp/bad.json"
echo '{"tool": "qadvisor", "command": "check"}' >"$tmp/check.json"
python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
d['state']['version'] = 99
json.dump(d, open(sys.argv[2], 'w'))
d = json.load(open(sys.argv[1]))
d['state']['classes'][0]['metrics'][0][1]['count'] += 1
json.dump(d, open(sys.argv[3], 'w'))
d = json.load(open(sys.argv[1]))
d['group_by'] = 'db'
json.dump(d, open(sys.argv[4], 'w'))
d = json.load(open(sys.argv[1]))
d['state']['classes'][0]['metrics'][0][1]['sum'] = '9' * 39  # beyond 128 bits
json.dump(d, open(sys.argv[5], 'w'))
" "$tmp/a.json" "$tmp/v99.json" "$tmp/broken.json" "$tmp/bydb.json" "$tmp/huge.json"
refused() {
  local what=$1
  shift
  rm -f "$tmp/never.json"
  exit_code 2 "$qadvisor" digest --merge "$@" -o "$tmp/never.json" && has "$what" &&
    [[ ! -e $tmp/never.json ]]
}
check "not JSON" refused "$tmp/bad.json: not JSON" "$tmp/a.json" "$tmp/bad.json"
check "not a digest" refused "$tmp/check.json: not a digest" "$tmp/check.json"
check "another version" refused "$tmp/v99.json: digest state version 99" "$tmp/v99.json"
check "inconsistent state" refused "$tmp/broken.json: state.classes[0].metrics[0]" \
  "$tmp/broken.json"
check "a sum beyond 128 bits" refused "$tmp/huge.json: state.classes[0].metrics[0]" \
  "$tmp/huge.json"
check "missing file" refused "$tmp/missing.json" "$tmp/a.json" "$tmp/missing.json"
check "other grouping" refused "grouped by" "$tmp/a.json" "$tmp/bydb.json"
check "a slow log is not a digest" refused "${real[0]}: not JSON" "${real[0]}"
check "filters refused" refused "--since applies when each log is digested" --since 1d \
  "$tmp/a.json"

finish "digest --merge"
