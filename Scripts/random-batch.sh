#!/usr/bin/env bash
# Runs the random WebKit conformance batch that CI runs for a commit: Conformance/WebKit/generate.py with the
# commit's seed (`git rev-parse --short=12 HEAD`), 40 scenarios, through Scripts/webkit-conformance.sh. CI fails
# on a difference, so run it on the commit you are about to push (about 5 minutes on 2 cores):
#
#   Scripts/random-batch.sh                     this commit's batch, as CI runs it
#   Scripts/random-batch.sh --seed S --count N  another batch (a seed is any text)
#
# The batch is the commit's only when the working tree is clean: the generator asks the simulator of the tree
# it builds. Exit status: that of Scripts/webkit-conformance.sh (0 no difference, 1 a difference, 2 invalid
# input). Scenarios go to .build/random-scenarios-SEED/, results to .build/webkit-conformance/
# (or $WEBKIT_CONFORMANCE_RESULTS).
set -euo pipefail

usage() { sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; }

cd "$(dirname "$0")/.."
seed=""
count=40
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --seed)
      [ $# -ge 2 ] || { echo "random-batch.sh: --seed needs a value" >&2; exit 2; }
      seed=$2; shift 2 ;;
    --count)
      [ $# -ge 2 ] && [[ "$2" =~ ^[1-9][0-9]*$ ]] || { echo "random-batch.sh: --count needs a positive number" >&2; exit 2; }
      count=$2; shift 2 ;;
    *) echo "random-batch.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
if [ -z "$seed" ]; then
  seed=$(git rev-parse --short=12 HEAD)
  if [ -n "$(git status --porcelain --untracked-files=no)" ]; then
    echo "random-batch.sh: the working tree has changes: this is not the batch CI will run for $seed" >&2
  fi
fi
swift build -c release --product session-bench
bench="$(swift build -c release --show-bin-path)/session-bench"
dir=".build/random-scenarios-$seed"
rm -rf "$dir"
echo "seed $seed, $count scenarios in $dir"
SESSION_BENCH="$bench" python3 Conformance/WebKit/generate.py --seed "$seed" --count "$count" --out "$dir"
SESSION_BENCH="$bench" exec Scripts/webkit-conformance.sh --jobs 2 "$dir"/*.json
