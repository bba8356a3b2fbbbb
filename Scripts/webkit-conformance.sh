#!/usr/bin/env bash
# Runs scenarios through the simulator (`session-bench replay`) and through a real WebKit engine
# (WebKitGTK under Xvfb, Conformance/WebKit/harness.py), compares them step by step and exits 1 on
# any difference that Conformance/WebKit/known-differences.json does not explain.
#
#   Scripts/webkit-conformance.sh              Tests/Scenarios, Conformance/WebKit/scenarios (+ ../shared/scenarios)
#   Scripts/webkit-conformance.sh --ci         the subset in Conformance/WebKit/ci-subset.txt (CI, ~10 min budget)
#   Scripts/webkit-conformance.sh FILE…        the given scenario files
#
# Installs the Debian packages it needs when they are missing (CI runs as root). Results go to
# .build/webkit-conformance/ (per scenario: NAME.sim.jsonl, NAME.engine.jsonl, NAME.err).
set -euo pipefail
cd "$(dirname "$0")/.."
here=Conformance/WebKit

files=()
if [ "${1:-}" = "--ci" ]; then
  shift
  while read -r line; do
    case "$line" in ''|'#'*) ;; *) files+=("$line") ;; esac
  done < "$here/ci-subset.txt"
fi
files+=("$@")
if [ ${#files[@]} -eq 0 ]; then
  files=(Tests/Scenarios/*.json "$here"/scenarios/*.json)
  # The shared scenarios beside the clone, as .ci/run replays them, when they are there.
  if [ -d ../shared/scenarios ]; then files+=(../shared/scenarios/*.json); fi
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

echo "=== swift build -c release --product session-bench"
swift build -c release --product session-bench
bench="$(swift build -c release --show-bin-path)/session-bench"

results=.build/webkit-conformance
rm -rf "$results" && mkdir -p "$results"
start=$(date +%s)
status=0
for file in "${files[@]}"; do
  name="$(basename "$file" .json)"
  while [ -e "$results/$name.sim.jsonl" ]; do name="$name-2"; done
  # Exit 1 (an `expect` failed) still prints every step; only an invalid file (2) stops here.
  rc=0; "$bench" replay "$file" > "$results/$name.sim.jsonl" || rc=$?
  if [ "$rc" -ge 2 ]; then
    echo "--- $file: session-bench replay rejected the file (exit $rc)"; status=1; continue
  fi
  t0=$(date +%s)
  # Python from Debian: python3-gi is installed for /usr/bin/python3, not for other interpreters.
  if ! timeout 300 xvfb-run -a -s "-screen 0 1920x1080x24" /usr/bin/python3 -W ignore "$here/harness.py" \
      "$file" "$results/$name.sim.jsonl" > "$results/$name.engine.jsonl" 2> "$results/$name.err"; then
    echo "--- $file: the harness failed (see $results/$name.err)"; tail -5 "$results/$name.err"; status=1
  fi
  echo "--- $file: $(( $(date +%s) - t0 )) s"
done

echo
# The comparer is the judge: its own tests run first.
if tests=$(PYTHONDONTWRITEBYTECODE=1 /usr/bin/python3 -m unittest discover -s "$here" -p 'test_*.py' 2>&1); then
  echo "comparer tests: $(echo "$tests" | tail -1)"
else
  echo "$tests"; status=1
fi
/usr/bin/python3 "$here/compare.py" "$here/known-differences.json" "$results" || status=1
echo "${#files[@]} scenarios in $(( $(date +%s) - start )) s"
exit $status
