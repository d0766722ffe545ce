#!/usr/bin/env bash
# Runs every benchmark executable and writes bench/RESULTS.md and the charts in bench/charts/.
#
#   bench/run.sh                      full run: builds build/bench (Release) if needed, then
#                                     2 rounds x 5 repetitions of every executable
#   bench/run.sh --short              one short pass of the base executables (0.25 s a row), a
#                                     table of spool against the peers on stdout
#   options: --build-dir DIR  --rounds N  --repetitions N  --min-time SECONDS  --filter REGEX
#            --area REGEX (only the areas it matches: json, msgpack, number, pool, stream, toml;
#                          RESULTS.md keeps its other sections, and the build budget, as they were)
#            --variants REGEX (only the A/B variants whose suffix it matches, besides the base
#                          executables; with --area, an area's tables of the other variants are
#                          kept from the run that measured them, under their own "Measured" line)
#            --no-build (use the executables as they are; the bench-short target passes it)
#            --no-budget (a full run leaves out the build budget, the bench-budget target)
#
# A/B variants (the same benchmark built with one SPOOL_DISABLE_* switch) run interleaved with
# their base executable, A B A B ..., each run a separate process, so drift on a shared machine
# falls on both sides alike. Variants run only the spool rows: the peers do not change.
set -euo pipefail

invocation="bench/run.sh${*:+ $(printf '%q ' "$@")}"  # as typed, quoting included
invocation=${invocation% }
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
build_dir="$root/build/bench"
short=0
build=1
rounds=2
repetitions=5
min_time=0.2
filter=""
area=""
variants=""
budget=1

while [[ $# -gt 0 ]]; do
  case "$1" in
    --short) short=1 ;;
    --no-build) build=0 ;;
    --no-budget) budget=0 ;;
    --build-dir) build_dir=$2; shift ;;
    --rounds) rounds=$2; shift ;;
    --repetitions) repetitions=$2; shift ;;
    --min-time) min_time=$2; shift ;;
    --filter) filter=$2; shift ;;
    --area) area=$2; budget=0; shift ;;
    --variants) variants=$2; shift ;;
    -h|--help) sed -n '2,19p' "${BASH_SOURCE[0]}"; exit 0 ;;
    *) echo "run.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

python=${PYTHON:-python3}
if [[ $build -eq 1 ]]; then
  if [[ ! -f "$build_dir/CMakeCache.txt" ]]; then
    cmake -S "$root" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DSPOOL_BUILD_TESTS=OFF -DSPOOL_BUILD_TOOLS=OFF
  fi
  cmake --build "$build_dir" --target bench-all
fi

manifest="$build_dir/bench/executables.txt"
if [[ ! -f "$manifest" ]]; then
  echo "run.sh: $manifest not found; build the benchmarks first" >&2
  exit 1
fi

out="$build_dir/bench/results/$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$out"

if [[ $short -eq 1 ]]; then
  rounds=1
  repetitions=1
  min_time=0.25
fi

run() {  # area variant executable round
  local exe_area=$1 variant=$2 exe=$3 round=$4 flt=$filter
  if [[ $variant != base && -z $flt ]]; then flt='/spool$'; fi
  local args=(--benchmark_repetitions="$repetitions" --benchmark_min_time="$min_time"
              --benchmark_out="$out/$exe_area.$variant.$round.json" --benchmark_out_format=json)
  [[ -n $flt ]] && args+=(--benchmark_filter="$flt")
  echo "[$round/$rounds] $exe_area ($variant)" >&2
  "$exe" "${args[@]}" > "$out/$exe_area.$variant.$round.txt" 2>&1 || {
    echo "run.sh: $exe failed, see $out/$exe_area.$variant.$round.txt" >&2
    return 1
  }
}

for ((round = 1; round <= rounds; ++round)); do
  while read -r exe_area variant exe; do
    [[ $short -eq 1 && $variant != base ]] && continue
    [[ -n $area && ! $exe_area =~ ^($area)$ ]] && continue
    [[ -n $variants && $variant != base && ! $variant =~ ^($variants)$ ]] && continue
    if [[ ! -x $exe ]]; then
      echo "run.sh: $exe not built, skipped" >&2
      continue
    fi
    run "$exe_area" "$variant" "$exe" "$round"
  done < "$manifest"
done

if [[ $short -eq 1 ]]; then
  "$python" "$here/results.py" --table "$out"/*.json
else
  budget_args=()
  [[ -n $area ]] && budget_args+=(--keep-other-sections)
  if [[ $budget -eq 1 ]] && cmake --build "$build_dir" --target bench-budget; then
    budget_args=(--budget "$build_dir/bench/budget/budget.json")
  elif [[ $budget -eq 1 ]]; then
    echo "run.sh: the build budget was not measured (bench-budget failed or needs nlohmann/json)" >&2
  fi
  "$python" "$here/results.py" --markdown "$here/RESULTS.md" --charts "$here/charts" \
    --command "$invocation" "${budget_args[@]}" "$out"/*.json
  echo "wrote $here/RESULTS.md and $here/charts/ from $out" >&2
fi
