#!/usr/bin/env bash
# Instructions per call of the decision path's parts, counted by callgrind: repeatable where wall-clock time on a
# shared machine is not.
#
#   Benchmarks/instructions.sh                 # progress on stderr, one JSON object as the last line of stdout
#   Benchmarks/instructions.sh --check LIMITS  # the same, then exit 1 if a figure is over its limit in LIMITS
#
# For each operation, `session-bench instructions --op OP --count N` prepares a fixed stream of requests (the
# `mixed` workload, seed 1, over the standard catalogue, judged by the realistic policy; the same setup whatever
# OP and N are) and performs OP N times on it. It runs under `valgrind --tool=callgrind` twice, with N1 and N2 calls;
# (Ir(N2) - Ir(N1)) / (N2 - N1) is the cost of one call, setup and one-time initialisation cancelled out.
# SWIFT_DETERMINISTIC_HASHING=1 makes dictionary layouts, and so the counts, the same from run to run.
#
# `decide` also runs with the cache simulated (this machine's L1d and L2 per core: 48 KiB 12-way and 2 MiB 16-way,
# 64-byte lines), once with a session per catalogue page and once with 10 000 sessions (`--sessions 10000`, each
# call on one of its page's sessions): the last-level data misses per call (reads and writes) count the cold
# per-session state a decision touches, which wall-clock time on a shared machine measures only roughly. The
# harness's own share is in them too: with 10 000 sessions the request stream (about 2 MiB) no longer stays in
# the cache either. The limits file (`Benchmarks/instruction-limits.json`) names a limit for some figures.
#
# `coldStart` is what an app with the seed apps' policy pays for its first decision after launch: the instructions
# of `session-bench instructions --op coldStart --count 1` (`{"version": 1, "include": ["google-pay", "ad-clicks"]}`
# decoded from Data and compiled, both presets' rules included, an engine and a root session as the README's
# "Adopt" makes them, and one decision of the app's first `load(_:)`) minus those of `--count 0` (the same binary,
# started with the same arguments, doing none of it): process start to the first answer, less what any run of the
# binary pays.
# `coldStartReplay` (no limit) is the same measure through the simulator: `session-bench replay` of a one-step
# scenario (a preset and a site rule, an IDN host) minus `session-bench --help`; it adds the simulator's own
# first-use costs.
set -euo pipefail

usage="usage: instructions.sh [--check LIMITS]"
limits=""
if [[ "${1:-}" == "--check" ]]; then
  [[ $# -eq 2 ]] || { echo "instructions.sh: --check takes one limits file ($usage)" >&2; exit 2; }
  limits=$2
  [[ -f "$limits" ]] || { echo "instructions.sh: no limits file at $limits" >&2; exit 2; }
  # Absolute before the `cd` below, so that a path relative to the caller's directory keeps meaning that file.
  limits="$(cd "$(dirname "$limits")" && pwd)/$(basename "$limits")"
  command -v python3 >/dev/null 2>&1 || { echo "instructions.sh: --check needs python3" >&2; exit 2; }
elif [[ $# -gt 0 ]]; then
  echo "instructions.sh: unknown argument $1 ($usage)" >&2
  exit 2
fi
cd "$(dirname "$0")/.."

if ! command -v valgrind >/dev/null 2>&1; then
  echo "instructions.sh: valgrind is not installed (Debian/Ubuntu: apt-get install valgrind); nothing was counted" >&2
  exit 1
fi

# SESSION_BENCH=path/to/session-bench skips the build (a release binary of this checkout).
if [[ -n "${SESSION_BENCH:-}" ]]; then
  binary=$SESSION_BENCH
else
  swift build -c release --product session-bench >&2
  binary="$(swift build -c release --show-bin-path)/session-bench"
fi
export SWIFT_DETERMINISTIC_HASHING=1
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The totals of one run: instructions, then last-level data misses (reads plus writes; 0 without the cache
# simulated). Arguments: the operation, the calls, whether to simulate the cache, then session-bench's extra
# options.
totals() {
  local op=$1 count=$2 cache=$3
  shift 3
  local simulate=()
  if [[ "$cache" == yes ]]; then simulate=(--cache-sim=yes --D1=49152,12,64 --LL=2097152,16,64); fi
  # `${simulate[@]+...}`: an empty array under `set -u` is an error in bash before 4.4 (macOS's /bin/bash).
  if ! valgrind --tool=callgrind ${simulate[@]+"${simulate[@]}"} --callgrind-out-file="$work/callgrind.out" "$binary" instructions \
    --op "$op" --count "$count" "$@" >"$work/stdout" 2>"$work/stderr"; then
    echo "instructions.sh: session-bench instructions --op $op --count $count $* failed under valgrind:" >&2
    cat "$work/stderr" >&2
    exit 1
  fi
  awk '/^events:/ { for (i = 2; i <= NF; i++) column[$i] = i }
    /^(summary|totals):/ {
      misses = ("DLmr" in column) ? $(column["DLmr"]) + $(column["DLmw"]) : 0
      print $2, misses; exit
    }' "$work/callgrind.out"
}

# The JSON key, the operation, the calls of the first run (warm-up: lazy initialisation happens there), the extra
# calls of the second, whether to simulate the cache, and session-bench's extra options.
operations=(
  "evaluate evaluate 200 4000 no"
  "decide decide 200 4096 yes"
  "decide.10000sessions decide 200 4096 yes --sessions 10000"
  "parse parse 200 10000 no"
  "request request 200 10000 no"
  "site site 200 20000 no"
  "baseline.naive naive 200 4000 no"
  "baseline.linear linear 50 600 no"
)
json=""
misses=""
for entry in "${operations[@]}"; do
  read -r key op first extra cache options <<<"$entry"
  started=$SECONDS
  # Each run's totals are taken into a variable first: a failed run's `exit` inside `$(...)` stops the script
  # only through the assignment's status (`read <<<"$(...)"` would carry on with nothing).
  # shellcheck disable=SC2086 # the options are words on purpose
  low=$(totals "$op" "$first" "$cache" $options)
  # shellcheck disable=SC2086
  high=$(totals "$op" $((first + extra)) "$cache" $options)
  read -r low_ir low_misses <<<"$low"
  read -r high_ir high_misses <<<"$high"
  for figure in "$low_ir" "$low_misses" "$high_ir" "$high_misses"; do
    [[ "$figure" =~ ^[0-9]+$ ]] || { echo "instructions.sh: $key: callgrind gave no totals" >&2; exit 1; }
  done
  per=$(awk -v h="$high_ir" -v l="$low_ir" -v n="$extra" 'BEGIN { printf "%.0f", (h - l) / n }')
  json+="${json:+,}\"$key\":$per"
  note=""
  if [[ "$cache" == yes ]]; then
    missed=$(awk -v h="$high_misses" -v l="$low_misses" -v n="$extra" 'BEGIN { printf "%.2f", (h - l) / n }')
    misses+="${misses:+,}\"$key\":$missed"
    note=", $missed last-level misses"
  fi
  echo "instructions.sh: $key: $per instructions per call$note ($extra calls, $((SECONDS - started)) s)" >&2
done
# Whole-process instructions of one run of session-bench with the given arguments.
process_total() {
  if ! valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" "$binary" "$@" >"$work/stdout" \
    2>"$work/stderr"; then
    echo "instructions.sh: session-bench $* failed under valgrind:" >&2
    cat "$work/stderr" >&2
    exit 1
  fi
  awk '/^(summary|totals):/ { print $2; exit }' "$work/callgrind.out"
}
cat >"$work/cold-start.json" <<'SCENARIO'
{"name": "cold start: one decision",
 "policy": {"version": 1, "include": ["ad-clicks"],
            "rules": [{"name": "shops", "match": {"sites": ["example.co.uk"]}, "action": "allow"}]},
 "steps": [{"load": "https://www.bücher.example.co.uk/", "expect": {"outcome": "navigated"}}]}
SCENARIO
started=$SECONDS
first=$(process_total instructions --op coldStart --count 1)
empty=$(process_total instructions --op coldStart --count 0)
replay=$(process_total replay "$work/cold-start.json")
help=$(process_total --help)
for figure in "$first" "$empty" "$replay" "$help"; do
  [[ "$figure" =~ ^[0-9]+$ ]] || { echo "instructions.sh: coldStart: callgrind gave no totals" >&2; exit 1; }
done
cold=$((first - empty))
cold_replay=$((replay - help))
echo "instructions.sh: coldStart: $cold instructions to the first decision ($first - $empty); through the simulator $cold_replay ($replay - $help) ($((SECONDS - started)) s)" >&2

# What the engine adds to the policy: decide's instructions per call less evaluate's (issue 27's bar: 1 000).
over_evaluate=$(python3 -c 'import json, sys; f = json.loads("{" + sys.argv[1] + "}")
print(",".join("\"%s\":%d" % (k, f[k] - f["evaluate"]) for k in ("decide", "decide.10000sessions")))' "$json")
echo "instructions.sh: decide less evaluate: $over_evaluate" >&2

commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
cache='{"l1d":"48 KiB, 12-way","lastLevel":"2 MiB, 16-way","line":64}'
result="{\"tool\":\"instructions.sh\",\"commit\":\"$commit\",\"valgrind\":\"$(valgrind --version)\",\"instructionsPerCall\":{$json},\"overEvaluatePerCall\":{$over_evaluate},\"instructionsOnce\":{\"coldStart\":$cold,\"coldStartReplay\":$cold_replay},\"simulatedCache\":$cache,\"lastLevelMissesPerCall\":{$misses}}"

if [[ -n "$limits" ]]; then
  # Every figure the limits file names must be present and at or under its limit.
  if ! python3 Benchmarks/check-limits.py instructions.sh "$limits" "$result" >&2; then
    echo "$result"
    echo "instructions.sh: over a limit in $limits (see above)" >&2
    exit 1
  fi
fi
echo "$result"
