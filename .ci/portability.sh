#!/usr/bin/env bash
# Apple-platform portability lint. Linux cannot compile for iOS, so this is what keeps the package building for
# its declared minimums (iOS 16, macOS 13): it fails on APIs and language features above them, and on a
# Package.swift that does not declare both platforms. Prints one `file:line: reason` per finding.
# Usage: .ci/portability.sh [ROOT]   (default: the repository this script lives in)
set -euo pipefail
cd "${1:-$(dirname "$0")/..}"

status=0
report() { printf '%s: %s\n' "$1" "$2"; status=1; }

# Every Swift source an app or a Mac developer compiles: the library targets, the bench, the example app.
roots=()
for dir in Sources Examples; do [ -d "$dir" ] && roots+=("$dir"); done

# pattern<TAB>reason. Patterns are extended regexes matched against code (comment lines are skipped).
checks=$(cat <<'PATTERNS'
import[[:space:]]+Synchronization	Synchronization needs iOS 18 / macOS 15; use Locked
(^|[^A-Za-z0-9_])Atomic<	Synchronization.Atomic needs iOS 18 / macOS 15; use Locked
(^|[^A-Za-z0-9_])Mutex<	Synchronization.Mutex needs iOS 18 / macOS 15; use Locked
weak[[:space:]]+let	`weak let` needs Swift 6.2 (Xcode 26); the tools version is 6.0
with(Throwing)?DiscardingTaskGroup	discarding task groups need iOS 17 / macOS 14
@Observable([^A-Za-z]|$)	Observation needs iOS 17 / macOS 14
import[[:space:]]+Observation	Observation needs iOS 17 / macOS 14
@Bindable	SwiftUI @Bindable needs iOS 17 / macOS 14
(^|[^A-Za-z0-9_])InlineArray	InlineArray needs iOS 26 / macOS 26
(^|[^A-Za-z0-9_])(Raw|UTF8|Mutable)?Span([<[:space:](.]|$)	Span needs iOS 26 / macOS 26
Task\.immediate	Task.immediate needs iOS 26 / macOS 26
Task(<[^>]*>)?\(name:	named tasks need iOS 26 / macOS 26
(^|[^A-Za-z0-9_])TaskExecutor([^A-Za-z]|$)|withTaskExecutorPreference	task executors need iOS 18 / macOS 15
@concurrent|nonisolated\(nonsending\)	needs Swift 6.2; the tools version is 6.0
isolated[[:space:]]+deinit	isolated deinit needs Swift 6.2 and iOS 18.4
encodingInvalidCharacters:	URL(string:encodingInvalidCharacters:) needs iOS 17 / macOS 14
\.isInspectable	WKWebView.isInspectable needs iOS 16.4 / macOS 13.3
ContentUnavailableView|containerRelativeFrame|onChange\(of:[^)]*initial:	SwiftUI API of iOS 17 / macOS 14
#Predicate|import[[:space:]]+SwiftData	iOS 17 / macOS 14 only
PATTERNS
)

if [ ${#roots[@]} -gt 0 ]; then
  while IFS=$'\t' read -r pattern reason; do
    [ -z "$pattern" ] && continue
    while IFS= read -r hit; do
      [ -z "$hit" ] && continue
      location=${hit%%:*}; rest=${hit#*:}; line=${rest%%:*}; code=${rest#*:}
      # Skip comment lines: prose may name the APIs we avoid.
      if [[ "$code" =~ ^[[:space:]]*// ]]; then continue; fi
      report "$location:$line" "$reason"
    done < <(grep -rnE --include='*.swift' -- "$pattern" "${roots[@]}" || true)
  done <<< "$checks"
fi

# Package.swift must name both Apple platforms; without them SwiftPM assumes iOS 12 / macOS 10.13, where actors,
# AsyncStream and Duration do not exist.
if ! grep -qE '\.iOS\(' Package.swift; then report "Package.swift:1" "platforms: names no iOS version"; fi
if ! grep -qE '\.macOS\(' Package.swift; then report "Package.swift:1" "platforms: names no macOS version"; fi

if [ "$status" -eq 0 ]; then echo "portability: OK"; else echo "portability: FAILED" >&2; fi
exit "$status"
