#!/usr/bin/env bash
# Parse throughput: qadvisor's parser against libpg_query, on the statements both accept.
#
#   bench/parser/run.sh [--runs N] [--passes N] [--corpus FILE]
#
#   --runs N       timed runs per parser, interleaved; the fastest counts (default 5)
#   --passes N     passes over the subset in one timed run (default 20)
#   --corpus FILE  statements each followed by ";\n" (default bench/parser/.cache/corpus.sql,
#                  made by make_corpus.py when missing)
#
# Configures and builds its own tree, build/bench (Release, -DQADVISOR_BENCH=ON,
# -DQADVISOR_TESTS=OFF), so it never touches another build. Needs libpg-query-dev.
set -euo pipefail

runs=5
passes=20
corpus=""
while (($#)); do
  case $1 in
    --runs) runs=${2:?--runs needs a number}; shift 2 ;;
    --passes) passes=${2:?--passes needs a number}; shift 2 ;;
    --corpus) corpus=${2:?--corpus needs a file}; shift 2 ;;
    -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "run.sh: unknown option $1 (try --help)" >&2; exit 2 ;;
  esac
done

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$root/build/bench


cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DQADVISOR_BENCH=ON \
  -DQADVISOR_TESTS=OFF > /dev/null
cmake --build "$build" --target parser_bench > /dev/null

if [[ -z $corpus ]]; then
  corpus=$here/.cache/corpus.sql
  [[ -f $corpus ]] || python3 "$here/make_corpus.py" --out "$corpus"
fi

# Other work on the machine (a compile) takes CPU from the parsers and skews the figures.
load=$(cut -d' ' -f1 /proc/loadavg)
if awk -v l="$load" 'BEGIN { exit !(l >= 0.5) }'; then
  echo "warning: load average is $load before timing; other processes may slow the parsers" >&2
fi
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')
git -C "$root" diff --quiet HEAD -- parser 2>/dev/null || commit+=" + uncommitted parser changes"
pg_version=$(dpkg-query -W -f '${Version}' libpg-query-dev 2>/dev/null || echo '?')
echo "machine: $(nproc) CPUs, load average $load before timing; qadvisor $commit;" \
     "libpg_query $pg_version"
"$build/bench/parser/parser_bench" --runs "$runs" --passes "$passes" "$corpus"
