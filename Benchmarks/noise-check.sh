#!/usr/bin/env bash
# Checks that `session-bench compare` does not cry wolf on this machine and still catches a real slowdown
# (Benchmarks/README.md, "Comparing runs").
#
#   Benchmarks/noise-check.sh [--tries N] [--repeat R] [--duration T] [--max-regression P] [--planted K]
#                             [--cpu N|none] [--binary PATH] [--keep DIR]
#
# By default every run is a default run, `session-bench run` with no options: the profile users make. `--repeat R`
# and `--duration T` make every run `run --repeat R --duration T` instead. `--cpu N` pins every run to CPU N with
# taskset (default: not pinned, as people run the tool; pinning did not remove the swing, Benchmarks/README.md,
# "Why runs differ").
#
# 1. N times (default 20): two fresh runs of the same release binary, then `compare FIRST SECOND --max-regression P`
#    (default 10). A pass is exit 0.
# 2. K times (default 3): a run with the planted-slowdown test hook, SESSION_BENCH_TEST_SLOW_DECIDE_PERCENT=20,
#    which stretches every timed engine.decide by 20 % with busy work inside the harness's measurement (SessionKit
#    is not touched), compared with an unplanted run made just before it. A catch is exit 1 naming engine.decide.
# Prints the tally and the machine's load; exits 0 when at least 95 % of the tries passed and every planted
# slowdown was caught, 1 otherwise, 2 on a usage error. A default run takes about 13 s, so 20 tries and 3 planted
# runs take about 10 minutes on a 2-core machine. The runs save nothing in .build/session-bench (--no-save).
set -uo pipefail
cd "$(dirname "$0")/.."

tries=20
repeats=""
duration=""
max_regression=10
planted=3
binary=.build/release/session-bench
keep=""
cpu=none
while [ $# -gt 0 ]; do
  case "$1" in
    --tries) tries="$2"; shift ;;
    --repeat) repeats="$2"; shift ;;
    --duration) duration="$2"; shift ;;
    --max-regression) max_regression="$2"; shift ;;
    --planted) planted="$2"; shift ;;
    --cpu) cpu="$2"; shift ;;
    --binary) binary="$2"; shift ;;
    --keep) keep="$2"; shift ;;
    -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
    *) echo "noise-check.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done

if [ ! -x "$binary" ]; then
  swift build -c release --product session-bench >/dev/null || exit 2
fi
work="${keep:-$(mktemp -d)}"
mkdir -p "$work"
pin=()
if [ "$cpu" != none ]; then
  if command -v taskset >/dev/null 2>&1; then
    pin=(taskset -c "$cpu")
  else
    echo "noise-check: taskset not found: the runs are not pinned" >&2
    cpu=none
  fi
fi
options=()
[ -n "$repeats" ] && options+=(--repeat "$repeats")
[ -n "$duration" ] && options+=(--duration "$duration")
run() { # run OUTPUT [ENV=VALUE]
  # ${a[@]+"${a[@]}"}: an empty array under set -u in bash 3.2 (macOS) too.
  env ${2:+"$2"} ${pin[@]+"${pin[@]}"} "$binary" run --quiet --no-save ${options[@]+"${options[@]}"} --json "$1"
}

echo "noise-check: $tries tries of two runs (${options[*]:-default options}, CPU $cpu)," \
  "--max-regression $max_regression"
echo "load before: $(uptime)"
passed=0
for try in $(seq 1 "$tries"); do
  run "$work/a$try.json" && run "$work/b$try.json" || { echo "try $try: a run failed" >&2; exit 2; }
  "$binary" compare "$work/a$try.json" "$work/b$try.json" --max-regression "$max_regression" \
    >"$work/compare$try.txt" 2>&1
  status=$?
  if [ "$status" -eq 0 ]; then
    passed=$((passed + 1))
    echo "try $try: pass"
  else
    echo "try $try: exit $status:"
    sed -n '/regression.* past/,$p' "$work/compare$try.txt"
  fi
done

caught=0
for planting in $(seq 1 "$planted"); do
  run "$work/base$planting.json" && run "$work/planted$planting.json" SESSION_BENCH_TEST_SLOW_DECIDE_PERCENT=20 \
    || { echo "planted $planting: a run failed" >&2; exit 2; }
  "$binary" compare "$work/base$planting.json" "$work/planted$planting.json" --max-regression "$max_regression" \
    >"$work/planted$planting.txt" 2>&1
  status=$?
  if [ "$status" -eq 1 ] && grep -q '^  engine.decide ' "$work/planted$planting.txt"; then
    caught=$((caught + 1))
    echo "planted $planting: caught: $(grep -m1 '^  engine.decide ' "$work/planted$planting.txt")"
  else
    echo "planted $planting: NOT caught (exit $status)"
  fi
done

echo "load after: $(uptime)"
echo "tally: $passed/$tries same-binary comparisons passed --max-regression $max_regression;" \
  "planted +20 % decide caught $caught/$planted (profiles in $work)"
needed=$(((tries * 95 + 99) / 100))
[ "$passed" -ge "$needed" ] && [ "$caught" -eq "$planted" ]
