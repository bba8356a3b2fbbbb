#!/usr/bin/env bash
# Runs scenarios through the simulator (`session-bench replay`) and through a real WebKit engine
# (WebKitGTK under Xvfb, Conformance/WebKit/harness.py), compares them step by step and prints one
# table. Works from any directory, on the project's scenarios or on your own files:
#
#   Scripts/webkit-conformance.sh                 every scenario: Tests/Scenarios, Conformance/WebKit/scenarios,
#                                                 Tests/Scenarios/Shared, ../shared/scenarios (when
#                                                 present and not the same as the copies there)
#   Scripts/webkit-conformance.sh FILE…           the given scenario files (the WritingScenarios format)
#   Scripts/webkit-conformance.sh --jobs N FILE…  N engines at a time (default 2; each has its own Xvfb screen)
#   Scripts/webkit-conformance.sh --ci            the same as no arguments (CI runs everything)
#
# Exit status: 0 every step agrees (or differs only by a listed WebKitGTK API artefact), 1 a difference
# (or a step the engine could not run, or a harness failure), 2 invalid input (a file that is missing or
# that `session-bench replay` rejects, an unknown option).
#
# Needs Debian/Ubuntu packages gir1.2-webkit2-4.1 python3-gi xvfb xauth xdotool: installed when missing
# (as root, or with sudo). SESSION_BENCH=/path/to/session-bench skips the release build. Results go to
# .build/webkit-conformance/ of the checkout (per scenario: NAME.sim.jsonl, NAME.engine.jsonl, NAME.err), which
# each run empties first; WEBKIT_CONFORMANCE_RESULTS=DIR puts them in DIR (made if missing; a run removes only
# its own kinds of file there), so two runs can share a checkout.
set -euo pipefail

usage() { sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; }

jobs=2
files=()
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --ci) shift ;;
    --jobs|-j)
      [ $# -ge 2 ] && [[ "$2" =~ ^[1-9][0-9]*$ ]] || { echo "error: --jobs needs a positive number" >&2; exit 2; }
      jobs=$2; shift 2 ;;
    --) shift; files+=("$@"); break ;;
    -*) echo "error: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) files+=("$1"); shift ;;
  esac
done

# The caller's paths, made absolute before moving to the checkout.
absolute=()
for file in ${files[@]+"${files[@]}"}; do
  if [ ! -f "$file" ]; then echo "error: $file: no such file" >&2; exit 2; fi
  absolute+=("$(cd "$(dirname "$file")" && pwd)/$(basename "$file")")
done
# WEBKIT_CONFORMANCE_RESULTS, relative to the caller's directory like the files.
results_dir=""
if [ -n "${WEBKIT_CONFORMANCE_RESULTS:-}" ]; then
  mkdir -p "$WEBKIT_CONFORMANCE_RESULTS"
  results_dir=$(cd "$WEBKIT_CONFORMANCE_RESULTS" && pwd)
fi
cd "$(dirname "$0")/.."
root=$(pwd)
here=$root/Conformance/WebKit

if [ ${#absolute[@]} -eq 0 ]; then
  absolute=("$root"/Tests/Scenarios/*.json "$root"/Tests/Scenarios/Shared/*.json "$here"/scenarios/*.json)
  # The workspace's shared scenarios beside the clone, as .ci/run replays them, when they are there and differ from
  # the copies in Tests/Scenarios/Shared (a newer version, or a new file).
  if [ -d ../shared/scenarios ]; then
    for shared in "$(cd ../shared/scenarios && pwd)"/*.json; do
      cmp -s "$shared" "$root/Tests/Scenarios/Shared/$(basename "$shared")" || absolute+=("$shared")
    done
  fi
fi

packages=(gir1.2-webkit2-4.1 python3-gi xvfb xauth xdotool)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  command -v apt-get > /dev/null || { echo "missing ${missing[*]} and no apt-get: install them by hand" >&2; exit 2; }
  echo "=== installing ${missing[*]}"
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" > /dev/null
fi
echo "=== WebKitGTK $(dpkg-query -W -f='${Version}' libwebkit2gtk-4.1-0)"

if [ -n "${SESSION_BENCH:-}" ]; then
  bench=$SESSION_BENCH
else
  echo "=== swift build -c release --product session-bench"
  swift build -c release --product session-bench
  bench="$(swift build -c release --show-bin-path)/session-bench"
fi

# An earlier run's results go first; a directory the caller named loses only files of the kinds a run writes.
if [ -n "$results_dir" ]; then
  results=$results_dir
  find "$results" -maxdepth 1 -type f \( -name '*.sim.jsonl' -o -name '*.engine.jsonl' -o -name '*.err' \) -delete
else
  results=$root/.build/webkit-conformance
  rm -rf "$results" && mkdir -p "$results"
fi
start=$(date +%s)
status=0

# 1. The simulator's replay of each file (fast, one after the other), each callback with its URL, gesture and
# method (--callback-details) for the comparison; the file's name labels its rows.
names=()
runnable=()
for file in "${absolute[@]}"; do
  name="$(basename "$file" .json)"
  while [ -e "$results/$name.sim.jsonl" ]; do name="$name-2"; done
  # Exit 1 (an `expect` failed) still prints every step; only an invalid file (2) stops here.
  rc=0; "$bench" replay --callback-details "$file" > "$results/$name.sim.jsonl" 2> "$results/$name.err" || rc=$?
  if [ "$rc" -ge 2 ]; then
    echo "--- $file: session-bench replay rejected the file (exit $rc):"; sed 's/^/    /' "$results/$name.err"
    rm -f "$results/$name.sim.jsonl"; status=2; continue
  fi
  names+=("$name"); runnable+=("$file")
done

# 2. The engine, `jobs` scenarios at a time, each under its own X server.
engine() {
  local file=$1 name=$2 index=$3 t0 rc=0
  t0=$(date +%s)
  # Python from Debian: python3-gi is installed for /usr/bin/python3, not for other interpreters.
  timeout 300 xvfb-run -a -n $((100 + index)) -s "-screen 0 1920x1080x24" /usr/bin/python3 -W ignore \
    "$here/harness.py" "$file" "$results/$name.sim.jsonl" > "$results/$name.engine.jsonl" 2>> "$results/$name.err" || rc=$?
  if [ $rc -ne 0 ]; then
    echo "--- $file: the harness failed (exit $rc; see $results/$name.err)"; tail -3 "$results/$name.err"
    return 1
  fi
  echo "--- $file: $(( $(date +%s) - t0 )) s"
}
running=0
failed=0
for i in "${!runnable[@]}"; do
  engine "${runnable[$i]}" "${names[$i]}" "$i" &
  running=$((running + 1))
  if [ $running -ge "$jobs" ]; then
    wait -n || failed=1
    running=$((running - 1))
  fi
done
while [ $running -gt 0 ]; do wait -n || failed=1; running=$((running - 1)); done
if [ $failed -ne 0 ] && [ $status -eq 0 ]; then status=1; fi

echo
# The comparer is the judge: its own tests run first.
if tests=$(cd "$here" && SESSION_BENCH="$bench" PYTHONDONTWRITEBYTECODE=1 /usr/bin/python3 -m unittest discover -s . \
    -p 'test_*.py' 2>&1); then
  echo "comparer tests: $(echo "$tests" | tail -1)"
else
  echo "$tests"; [ $status -ne 0 ] || status=1
fi
if ! /usr/bin/python3 "$here/compare.py" "$here/known-differences.json" "$results"; then
  [ $status -ne 0 ] || status=1
fi
echo "${#runnable[@]} scenarios in $(( $(date +%s) - start )) s ($jobs at a time); per-file output in $results"
exit $status
