#!/usr/bin/env bash
# Benchmark `qadvisor digest` against pt-query-digest on one synthetic slow log.
#
#   bench/digest/run.sh [--size-mb N] [--keep] [--no-pt] [--runs N] [--pt-runs N] [--gzip]
#
#   --size-mb N  log size in MiB (default 320)
#   --keep       generate into bench/digest/.cache/ and leave the log there for later runs
#   --no-pt      skip pt-query-digest (about a minute at 320 MiB)
#   --runs N     runs of wc and qadvisor, interleaved with pt's; the fastest counts (default 5)
#   --pt-runs N  runs of pt-query-digest; the fastest counts (default 2)
#   --gzip       also time the log gzip-compressed: qadvisor reading the .gz against `zcat`
#
# Builds nothing: expects the release binary at build/release/cli/qadvisor (or $QADVISOR).
# Generates the log with gen_slowlog.py (fixed seed, so every run measures the same bytes), or
# reuses bench/digest/.cache/slow-<N>.log. Then times, on the same file and in one run:
# `wc -l` (the read-the-bytes floor), qadvisor (default threads, then --threads 1) and
# pt-query-digest, and prints seconds, MiB/s, peak RSS and the event counts each reports.
set -euo pipefail
export LC_ALL=C  # EPOCHREALTIME and printf must use '.' as the decimal point

size=320
keep=0
run_pt=1
runs=5
pt_runs=2
gzip_too=0
while (($#)); do
  case $1 in
    --size-mb) size=${2:?--size-mb needs a number}; shift 2 ;;
    --size-mb=*) size=${1#*=}; shift ;;
    --keep) keep=1; shift ;;
    --no-pt) run_pt=0; shift ;;
    --runs) runs=${2:?--runs needs a number}; shift 2 ;;
    --pt-runs) pt_runs=${2:?--pt-runs needs a number}; shift 2 ;;
    --gzip) gzip_too=1; shift ;;
    -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "run.sh: unknown option $1 (try --help)" >&2; exit 2 ;;
  esac
done
[[ $size =~ ^[0-9]+$ ]] || { echo "run.sh: --size-mb wants a whole number of MiB" >&2; exit 2; }

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
qadvisor=${QADVISOR:-$root/build/release/cli/qadvisor}
pt=${PT_QUERY_DIGEST:-pt-query-digest}

work=$(mktemp -d "${TMPDIR:-/tmp}/qadvisor-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

# GNU time gives peak RSS; without it we still measure wall time, just not memory.
gnu_time=${GNU_TIME:-/usr/bin/time}
if ! { [[ -x $gnu_time ]] && "$gnu_time" -f '%M' -o /dev/null true 2>/dev/null; }; then
  gnu_time=""
  echo "note: GNU time not found, peak RSS not measured (install it: apt-get install time)" >&2
fi

# --- the log ---------------------------------------------------------------------------------
cache="$here/.cache/slow-$size.log"
gen_sha=$(sha256sum "$here/gen_slowlog.py" | cut -d' ' -f1)
# Reuse the cache only if the current generator wrote it (its truth file records the hash).
if [[ -f $cache && -f $cache.truth.json ]] && grep -q "\"$gen_sha\"" "$cache.truth.json"; then
  log=$cache
  echo "reusing $log"
else
  if ((keep)); then mkdir -p "$here/.cache"; log=$cache; else log=$work/slow-$size.log; fi
  echo "generating $size MiB: python3 bench/digest/gen_slowlog.py --size-mb $size --seed 1 --out $log"
  python3 "$here/gen_slowlog.py" --size-mb "$size" --seed 1 --out "$log"
fi
truth=$log.truth.json
bytes=$(stat -c %s "$log")

# Read the file once so that no tool is charged for the first read from disk.
cat "$log" > /dev/null
if ((gzip_too)); then
  echo "compressing: gzip -6 (the default level, what logrotate uses)" >&2
  gzip -6 -c "$log" > "$work/log.gz"
fi

# The load check, json_get and timed (fastest-run timing with peak RSS and CPU).
source "$here/../lib.sh"

mib=$(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1048576 }')
rate() { awk -v b="$bytes" -v s="$1" 'BEGIN { if (s > 0) printf "%.1f", b / 1048576 / s; else print "?" }'; }

declare -A T R U E C   # seconds, peak RSS, CPU seconds, events and classes reported; per tool
status=0

have_qadvisor=1
if [[ ! -x $qadvisor ]]; then
  have_qadvisor=0
  echo "warning: no qadvisor binary at $qadvisor (build: cmake -S . -B build/release" \
       "-DCMAKE_BUILD_TYPE=Release && cmake --build build/release, or set QADVISOR=path); skipping it" >&2
fi
if ((run_pt)); then
  command -v "$pt" > /dev/null || { echo "$pt not found: apt-get install percona-toolkit" >&2; exit 2; }
  echo "running pt-query-digest $pt_runs time(s) (4-7 MiB/s: expect about $((size / 6 + 5)) s each)" >&2
fi

rounds=$(( runs > pt_runs ? runs : pt_runs ))
for ((round = 1; round <= rounds; round++)); do
  if ((round <= runs)); then
    best wc wc -l "$log" || status=1
    if ((have_qadvisor)); then
      # --top 0 reports every class, like pt's --limit 100%. The JSON goes to a file, not
      # /dev/null, so its event count can be read back. Two configurations: the default (one
      # thread per core) and --threads 1, because pt-query-digest has a single thread.
      best qadvisor "$qadvisor" digest --format json --top 0 --no-progress "$log" || status=1
      best qadvisor1 "$qadvisor" digest --format json --top 0 --no-progress --threads 1 "$log" ||
        status=1
    fi
  fi
  if ((gzip_too && round <= runs)); then
    # The floor for a compressed log: decompressing it at all (zcat), then qadvisor on it.
    best zcat gzip -dc "$work/log.gz" || status=1
    ((have_qadvisor)) && { best qadvisorgz "$qadvisor" digest --format json --top 0 --no-progress \
      "$work/log.gz" || status=1; }
  fi
  if ((run_pt && round <= pt_runs)); then
    # --limit 100%: report every class, as qadvisor does (default is 95%:20).
    # --no-version-check: pt otherwise phones home once, which is not part of its speed.
    best pt "$pt" --no-version-check --output json --limit 100% "$log" || status=1
  fi
done

E[wc]="-" C[wc]="-"
if ((have_qadvisor)); then
  for k in qadvisor qadvisor1 $( ((gzip_too)) && echo qadvisorgz); do
    E[$k]=$(json_get "$work/$k.json" 'd["events"]')
    C[$k]=$(json_get "$work/$k.json" 'd.get("unique_classes", len(d["classes"]))')
  done
  qa_qt=$(json_get "$work/qadvisor.json" 'd["metrics"]["query_time"]["sum"]')
fi
if ((run_pt)); then
  E[pt]=$(json_get "$work/pt.json" 'd["global"]["query_count"]')
  C[pt]=$(json_get "$work/pt.json" 'd["global"]["unique_query_count"]')
  pt_qt=$(json_get "$work/pt.json" 'd["global"]["metrics"]["Query_time"]["sum"]')
fi

# --- report ----------------------------------------------------------------------------------
echo
echo "machine: $(nproc) CPUs, load average $load before timing"
echo "log: $log ($mib MiB, $(cut -d' ' -f1 < "$work/wc.json") lines)"
echo "fastest of $runs runs (wc, qadvisor) and of $pt_runs (pt-query-digest), interleaved"
truth_events=$(json_get "$truth" 'd["events"]')
echo "generator wrote: $truth_events events, $(json_get "$truth" 'd["templates_used"]') query" \
     "templates (= pt-query-digest classes), sum Query_time $(json_get "$truth" 'd["sum_query_time"]') s"
[[ -n ${qa_qt:-} ]] && echo "qadvisor read:        sum Query_time $qa_qt s"
[[ -n ${pt_qt:-} ]] && echo "pt-query-digest read: sum Query_time $pt_qt s"
echo
printf '%-17s %9s %9s %14s %9s %8s\n' tool seconds MiB/s "peak RSS MiB" events classes
E[zcat]="-" C[zcat]="-"
for k in wc qadvisor qadvisor1 zcat qadvisorgz pt; do
  [[ -n ${T[$k]:-} ]] || continue
  case $k in
    wc) label="wc -l" ;;
    qadvisor) label="qadvisor digest" ;;
    qadvisor1) label="  --threads 1" ;;
    zcat) label="gzip -dc (.gz)" ;;
    qadvisorgz) label="qadvisor (.gz)" ;;
    pt) label="pt-query-digest" ;;
  esac
  printf '%-17s %9s %9s %14s %9s %8s\n' "$label" "${T[$k]}" "$(rate "${T[$k]}")" "${R[$k]}" \
    "${E[$k]}" "${C[$k]}"
done
echo
for k in qadvisor qadvisor1 qadvisorgz pt; do
  # Throughput means nothing if a tool read a different number of events.
  if [[ -n ${E[$k]:-} && ${E[$k]} != "$truth_events" ]]; then
    echo "WARNING: $k reports ${E[$k]} events, the generator wrote $truth_events"
    status=1
  fi
done
if [[ -n ${T[qadvisor]:-} && -n ${T[pt]:-} ]]; then
  awk -v q="${T[qadvisor]}" -v p="${T[pt]}" \
    'BEGIN { printf "qadvisor throughput / pt-query-digest throughput: %.1fx\n", p / q }'
fi
if [[ -n ${T[qadvisor1]:-} && -n ${T[pt]:-} ]]; then
  awk -v q="${T[qadvisor1]}" -v p="${T[pt]}" \
    'BEGIN { printf "qadvisor --threads 1 throughput / pt-query-digest throughput: %.1fx\n", p / q }'
fi
if [[ -n ${T[qadvisor]:-} ]]; then
  awk -v q="${T[qadvisor]}" -v w="${T[wc]}" \
    'BEGIN { if (w > 0) printf "qadvisor time / wc -l time: %.1fx\n", q / w }'
fi
if [[ -n ${T[qadvisorgz]:-} ]]; then
  awk -v q="${T[qadvisorgz]}" -v z="${T[zcat]}" -v p="${T[qadvisor]:-0}" 'BEGIN {
    if (z > 0) printf "qadvisor on the .gz time / gzip -dc time: %.2fx\n", q / z
    if (p > 0) printf "qadvisor on the .gz time / qadvisor on the plain log time: %.2fx\n", q / p }'
fi
exit $status
