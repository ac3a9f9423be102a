#!/usr/bin/env bash
# Benchmark `qadvisor advise` against `qadvisor digest` on one synthetic slow log.
#
#   bench/advise/run.sh [--size-mb N] [--classes N] [--runs N] [--threads N] [--keep]
#
#   --size-mb N  log size in MiB (default 1024)
#   --classes N  query templates (= classes) in the log (default 10000)
#   --runs N     runs of each command, interleaved; the fastest counts (default 3)
#   --threads N  pass --threads N to both commands (default: theirs, one per core)
#   --keep       generate into bench/advise/.cache/ and leave log and schema there for later runs
#
# Builds nothing: expects the release binary at build/release/cli/qadvisor (or $QADVISOR).
# Generates the log and its schema with bench/digest/gen_slowlog.py --classes --schema-out (fixed
# seed, so every run measures the same bytes), or reuses bench/advise/.cache/. Then times, on the
# same file and in one run, `qadvisor digest` (the anchor: reading and grouping the log) and
# `qadvisor advise` (the same digest, then parse + bind + rules once per class, then the index
# advisor), and prints seconds, MiB/s, peak RSS, classes, proposals and advise ÷ digest time.
set -euo pipefail
export LC_ALL=C  # EPOCHREALTIME and printf must use '.' as the decimal point

size=1024
classes=10000
runs=3
threads=()
keep=0
while (($#)); do
  case $1 in
    --size-mb) size=${2:?--size-mb needs a number}; shift 2 ;;
    --size-mb=*) size=${1#*=}; shift ;;
    --classes) classes=${2:?--classes needs a number}; shift 2 ;;
    --classes=*) classes=${1#*=}; shift ;;
    --runs) runs=${2:?--runs needs a number}; shift 2 ;;
    --runs=*) runs=${1#*=}; shift ;;
    --threads) threads=(--threads "${2:?--threads needs a number}"); shift 2 ;;
    --threads=*) threads=(--threads "${1#*=}"); shift ;;
    --keep) keep=1; shift ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "run.sh: unknown option $1 (try --help)" >&2; exit 2 ;;
  esac
done
for v in "$size" "$classes" "$runs"; do
  [[ $v =~ ^[0-9]+$ && $v -gt 0 ]] || { echo "run.sh: --size-mb, --classes and --runs want a positive whole number" >&2; exit 2; }
done

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
gen=$root/bench/digest/gen_slowlog.py
qadvisor=${QADVISOR:-$root/build/release/cli/qadvisor}
if [[ ! -x $qadvisor ]]; then
  echo "run.sh: no qadvisor binary at $qadvisor (build: cmake -S . -B build/release -G Ninja" \
       "-DCMAKE_BUILD_TYPE=Release && cmake --build build/release --target qadvisor, or set QADVISOR=path)" >&2
  exit 2
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/qadvisor-bench-advise.XXXXXX")
trap 'rm -rf "$work"' EXIT

# GNU time gives peak RSS; without it we still measure wall time, just not memory.
gnu_time=${GNU_TIME:-/usr/bin/time}
if ! { [[ -x $gnu_time ]] && "$gnu_time" -f '%M' -o /dev/null true 2>/dev/null; }; then
  gnu_time=""
  echo "note: GNU time not found, peak RSS not measured (install it: apt-get install time)" >&2
fi

# --- the log and its schema --------------------------------------------------------------------
cache="$here/.cache/slow-$size-c$classes.log"
gen_sha=$(sha256sum "$gen" | cut -d' ' -f1)
# Reuse the cache only if the current generator wrote it (its truth file records the hash).
if [[ -f $cache && -f $cache.schema.sql && -f $cache.truth.json ]] &&
   grep -q "\"$gen_sha\"" "$cache.truth.json"; then
  log=$cache
  echo "reusing $log"
else
  if ((keep)); then mkdir -p "$here/.cache"; log=$cache; else log=$work/slow-$size-c$classes.log; fi
  echo "generating $size MiB, $classes classes: python3 bench/digest/gen_slowlog.py --size-mb $size" \
       "--seed 1 --classes $classes --schema-out $log.schema.sql --out $log"
  python3 "$gen" --size-mb "$size" --seed 1 --classes "$classes" --schema-out "$log.schema.sql" \
    --out "$log"
fi
schema=$log.schema.sql
truth=$log.truth.json
bytes=$(stat -c %s "$log")

# Read the files once so that no command is charged for the first read from disk.
cat "$log" "$schema" > /dev/null

# The load check, json_get and timed (fastest-run timing with peak RSS and CPU).
source "$here/../lib.sh"

mib=$(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1048576 }')
rate() { awk -v b="$bytes" -v s="$1" 'BEGIN { if (s > 0) printf "%.1f", b / 1048576 / s; else print "?" }'; }

declare -A T R U   # fastest seconds, largest peak RSS, least CPU seconds; per command
status=0


echo "timing digest and advise, $runs run(s) each, interleaved" >&2
for ((round = 1; round <= runs; round++)); do
  # --top 0: both report every class, so advise's report is as big as it gets. The JSON goes to a
  # file so that its counts can be read back; it is tens of MB at 10 000 classes, the same order
  # for both (advise adds each class's findings and index verdict, and the proposals).
  best digest "$qadvisor" digest --format json --top 0 --no-progress "${threads[@]}" "$log" ||
    status=1
  best advise "$qadvisor" advise --format json --top 0 --no-progress "${threads[@]}" \
    --schema "$schema" "$log" || status=1
done
[[ -n ${T[digest]:-} && -n ${T[advise]:-} ]] || exit 1

d_events=$(json_get "$work/digest.json" 'd["events"]')
d_classes=$(json_get "$work/digest.json" 'd["unique_classes"]')
a_events=$(json_get "$work/advise.json" 'd["events"]')
a_classes=$(json_get "$work/advise.json" 'd["unique_classes"]')
proposals=$(json_get "$work/advise.json" 'len(d["proposals"])')
findings=$(json_get "$work/advise.json" 'sum(len(c["findings"]) for c in d["classes"])')
schema_findings=$(json_get "$work/advise.json" 'len(d["findings"])')
truth_events=$(json_get "$truth" 'd["events"]')
truth_used=$(json_get "$truth" 'd["templates_used"]')

# --- report ------------------------------------------------------------------------------------
echo
echo "machine: $(nproc) CPUs, load average $load before timing"
echo "log: $log ($mib MiB)"
echo "schema: $schema ($(grep -c '^CREATE TABLE' "$schema") tables," \
     "$(grep -cE '^  (UNIQUE )?KEY' "$schema") secondary indexes)"
echo "generator wrote: $truth_events events, $truth_used query templates used" \
     "($(json_get "$truth" 'd["templates_defined"]') defined)"
echo "fastest of $runs runs each, interleaved${threads:+, ${threads[*]}}"
echo
row='%-17s %9s %9s %7s %14s %9s %8s %10s\n'
printf "$row" command seconds MiB/s "CPU s" "peak RSS MiB" events classes proposals
printf "$row" "qadvisor digest" "${T[digest]}" "$(rate "${T[digest]}")" "${U[digest]:-n/a}" \
  "${R[digest]}" "$d_events" "$d_classes" -
printf "$row" "qadvisor advise" "${T[advise]}" "$(rate "${T[advise]}")" "${U[advise]:-n/a}" \
  "${R[advise]}" "$a_events" "$a_classes" "$proposals"
echo
echo "advise found $findings query findings and $schema_findings schema findings"
awk -v a="${T[advise]}" -v d="${T[digest]}" -v c="$a_classes" 'BEGIN {
  printf "advise time / digest time: %.2fx", a / d
  if (c + 0 > 0) printf " (advise adds %.3f s, %.1f us per class)", a - d, (a - d) * 1e6 / c
  printf "\n" }'
if [[ -n ${U[digest]:-} && -n ${U[advise]:-} ]]; then
  awk -v a="${U[advise]}" -v d="${U[digest]}" \
    'BEGIN { if (d > 0) printf "advise CPU time / digest CPU time: %.2fx\n", a / d }'
fi

# The ratio means nothing if the two commands did not read the same log into the same classes.
for k in digest advise; do
  if [[ $k == digest ]]; then e=$d_events c=$d_classes; else e=$a_events c=$a_classes; fi
  if [[ $e != "$truth_events" ]]; then
    echo "WARNING: $k reports $e events, the generator wrote $truth_events"
    status=1
  fi
  if [[ $c != "$truth_used" ]]; then
    echo "WARNING: $k reports $c classes, the generator used $truth_used templates"
    status=1
  fi
done
exit $status
