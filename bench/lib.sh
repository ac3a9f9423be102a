# Shared by the benchmark scripts (bench/*/run.sh): sourced after they set `work` (a scratch
# directory) and `gnu_time` (GNU time's path, or empty), and `bytes` where rates are printed.

# A compile or another benchmark running alongside takes CPU and skews the figures.
load=$(cut -d' ' -f1 /proc/loadavg)
if awk -v l="$load" 'BEGIN { exit !(l >= 0.5) }'; then
  echo "warning: load average is $load before timing; other processes may slow the commands down" >&2
fi

# json_get FILE EXPR: evaluate a Python expression over the parsed JSON `d`; "?" if it fails.
json_get() {
  python3 -c 'import json,sys
try:
    d = json.load(open(sys.argv[1])); print(eval(sys.argv[2]))
except Exception:
    print("?")' "$1" "$2"
}

# --- timing ------------------------------------------------------------------------------------
# timed NAME CMD...: runs CMD with stdout to $work/NAME.out; sets secs, cpu and rss_mib.
# Wall time comes from EPOCHREALTIME; GNU time adds ~1 ms of its own fork, the same for both.
# CPU time (user + sys, from GNU time) is printed too: on a busy machine it varies less than
# wall time, though it counts the digest's worker threads together.
timed() {
  local name=$1 t0 t1 rc=0
  shift
  t0=$EPOCHREALTIME
  if [[ -n $gnu_time ]]; then
    "$gnu_time" -f '%M %U %S' -o "$work/$name.rss" "$@" > "$work/$name.out" 2> "$work/$name.err" || rc=$?
  else
    "$@" > "$work/$name.out" 2> "$work/$name.err" || rc=$?
  fi
  t1=$EPOCHREALTIME
  secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')
  rss_mib="n/a" cpu="n/a"
  if [[ -n $gnu_time && -f $work/$name.rss ]]; then
    rss_mib=$(awk '/^[0-9]+ / { printf "%.1f", $1 / 1024 }' "$work/$name.rss")
    cpu=$(awk '/^[0-9]+ / { printf "%.2f", $2 + $3 }' "$work/$name.rss")
  fi
  if ((rc != 0)); then
    echo "$name failed with exit status $rc; last lines of its stderr:" >&2
    tail -n 5 "$work/$name.err" >&2
  fi
  return $rc
}

# best NAME CMD...: times CMD and keeps the fastest run of NAME in T (the largest RSS in R, the
# least CPU time in U): the caller declares the associative arrays T, R and U.
# The machine is shared: other work only ever adds time, so the fastest of several runs is the
# command's own speed. The two commands alternate, so a slow spell hits both.
best() {
  local name=$1
  shift
  timed "$name" "$@" || return 1
  if [[ -z ${T[$name]:-} ]] || awk -v a="$secs" -v b="${T[$name]}" 'BEGIN { exit !(a < b) }'; then
    T[$name]=$secs
  fi
  if [[ -z ${R[$name]:-} || $rss_mib == n/a ]] ||
     awk -v a="$rss_mib" -v b="${R[$name]}" 'BEGIN { exit !(a > b) }'; then
    R[$name]=$rss_mib
  fi
  if [[ $cpu != n/a ]] && { [[ -z ${U[$name]:-} ]] ||
                            awk -v a="$cpu" -v b="${U[$name]}" 'BEGIN { exit !(a < b) }'; }; then
    U[$name]=$cpu
  fi
  mv "$work/$name.out" "$work/$name.json" 2>/dev/null || true
  echo "  $name run: $secs s wall, $cpu s CPU" >&2
}
