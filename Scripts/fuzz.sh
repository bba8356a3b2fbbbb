#!/usr/bin/env bash
# Runs one libFuzzer target for SECONDS seconds: Scripts/fuzz.sh policy|scenario|url SECONDS
#
# Builds the target (Fuzz/Sources/TARGET, a target of this package only with SESSIONKIT_FUZZ=1) with
# --sanitize=fuzzer (release, with Swift's runtime checks) in .build/fuzz, starts from the seed corpus in
# Fuzz/Corpus/TARGET (copied to a scratch corpus, so the checked-in seeds stay small) and the dictionary in
# Fuzz/Dictionaries/TARGET.dict. Exits non-zero on a crash, a leak of the fuzzer's own checks or a hang over 10 s
# per input, leaving the reproducer in Fuzz/Artifacts/ (rerun one with
# `.build/fuzz/release/FuzzTarget Fuzz/Artifacts/FILE`).
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { echo "usage: Scripts/fuzz.sh policy|scenario|url SECONDS" >&2; exit 2; }
[ $# -eq 2 ] || usage
case "$1" in
  policy) product=FuzzPolicy ;;
  scenario) product=FuzzScenario ;;
  url) product=FuzzURL ;;
  *) usage ;;
esac
[[ "$2" =~ ^[0-9]+$ ]] && [ "$2" -gt 0 ] || usage

export SESSIONKIT_FUZZ=1
swift build -c release --sanitize=fuzzer --scratch-path .build/fuzz --product "$product"
binary="$(swift build -c release --sanitize=fuzzer --scratch-path .build/fuzz --show-bin-path)/$product"

corpus=".build/fuzz/corpus/$1"
mkdir -p "$corpus" Fuzz/Artifacts
cp -n Fuzz/Corpus/"$1"/* "$corpus"/ 2>/dev/null || true

echo "fuzzing $1 for $2 s (corpus $corpus, artifacts Fuzz/Artifacts/)"
status=0
"$binary" "$corpus" -dict="Fuzz/Dictionaries/$1.dict" -max_total_time="$2" -timeout=10 -rss_limit_mb=2048 \
  -max_len=65536 -print_final_stats=1 -artifact_prefix="Fuzz/Artifacts/$1-" || status=$?
if [ "$status" -ne 0 ]; then
  echo "fuzz.sh: $1 failed (exit $status); reproducer(s):" >&2
  ls -1 Fuzz/Artifacts/"$1"-* >&2 2>/dev/null || true
  exit 1
fi
