#!/usr/bin/env bash
# Instructions per call of the decision path's parts, counted by callgrind: repeatable where wall-clock time on a
# shared machine is not.
#
#   Benchmarks/instructions.sh            # prints progress on stderr, one JSON object as the last line of stdout
#
# For each operation, `session-bench instructions --op OP --count N` prepares a fixed stream of requests (the
# `mixed` workload, seed 1, over the standard catalogue, judged by the realistic policy; the same setup whatever
# OP and N are) and performs OP N times on it. It runs under `valgrind --tool=callgrind` twice, with N1 and N2 calls;
# (Ir(N2) - Ir(N1)) / (N2 - N1) is the cost of one call, setup and one-time initialisation cancelled out.
# SWIFT_DETERMINISTIC_HASHING=1 makes dictionary layouts, and so the counts, the same from run to run.
set -euo pipefail
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

# Total instructions of one run.
total() {
  local op=$1 count=$2
  if ! valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" "$binary" instructions --op "$op" \
    --count "$count" >"$work/stdout" 2>"$work/stderr"; then
    echo "instructions.sh: session-bench instructions --op $op --count $count failed under valgrind:" >&2
    cat "$work/stderr" >&2
    exit 1
  fi
  awk '/^(summary|totals):/ { print $2; exit }' "$work/callgrind.out"
}

# Operation, the calls of the first run (warm-up: lazy initialisation happens there), the extra calls of the second.
operations=(
  "evaluate 200 4000"
  "decide 200 3000"
  "parse 200 10000"
  "request 200 10000"
  "site 200 20000"
  "naive 200 4000"
  "linear 50 600"
)
json=""
for entry in "${operations[@]}"; do
  read -r op first extra <<<"$entry"
  started=$SECONDS
  low=$(total "$op" "$first")
  high=$(total "$op" $((first + extra)))
  per=$(awk -v h="$high" -v l="$low" -v n="$extra" 'BEGIN { printf "%.0f", (h - l) / n }')
  echo "instructions.sh: $op: $per instructions per call ($extra calls, $((SECONDS - started)) s)" >&2
  key=$op
  case $op in
    naive) key="baseline.naive" ;;
    linear) key="baseline.linear" ;;
  esac
  json+="${json:+,}\"$key\":$per"
done
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
echo "{\"tool\":\"instructions.sh\",\"commit\":\"$commit\",\"valgrind\":\"$(valgrind --version)\",\"instructionsPerCall\":{$json}}"
