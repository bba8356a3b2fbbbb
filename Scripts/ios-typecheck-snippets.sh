#!/usr/bin/env bash
# Type-checks the SwiftUI snippets of README.md and the DocC articles (the blocks marked <!-- snippet: swiftui -->,
# which Linux cannot build) against Apple's iPhoneOS SDK, with the modules ../shared/tools/ios-typecheck/typecheck.sh
# emitted: run that first, from the package root (CONTRIBUTING.md, "The iOS SDK type-check").
#
#   Scripts/ios-typecheck-snippets.sh
#
# Environment: WORK, SDK, RES, TARGET, OUT, MCACHE as typecheck.sh takes them (the same defaults).
# Exit status: 0 when every snippet type-checks without an error or a warning; 1 otherwise; 2 when the SDK or
# typecheck.sh's modules are missing.
set -u -o pipefail
cd "$(dirname "$0")/.."
PKG=$(pwd)
WORK=${WORK:-${TMPDIR:-/tmp}/ios-typecheck}
SDK=${SDK:-$WORK/sdk/iPhoneOS17.0.sdk}
RES=${RES:-$WORK/resource17}
TARGET=${TARGET:-arm64-apple-ios16.0}
OUT=${OUT:-$WORK/out/$TARGET}
MCACHE=${MCACHE:-$WORK/mcache17}
for f in "$SDK/SDKSettings.json" "$OUT/modules/SessionKitWebKit.swiftmodule" "$OUT/cmodule/module.modulemap"; do
  [ -e "$f" ] || { echo "missing $f: run setup-sdk.sh, then typecheck.sh . (CONTRIBUTING.md)" >&2; exit 2; }
done
snippets="$OUT/swiftui-snippets"
rm -rf "$snippets"
python3 Scripts/check_snippets.py --ios-swiftui "$snippets" || exit 1
log="$OUT/logs/SwiftUISnippets.log"
swiftc -target "$TARGET" -sdk "$SDK" -resource-dir "$RES" -module-cache-path "$MCACHE" -swift-version 6 -Onone \
  -package-name snippets -I "$OUT/modules" -Xcc -fmodule-map-file="$OUT/cmodule/module.modulemap" \
  -Xcc -I"$PKG/Sources/CSessionKitAtomics/include" -module-name SwiftUISnippets -parse-as-library -typecheck \
  "$snippets"/*.swift > "$log" 2>&1
rc=$?
problems=$(grep -E '^[^ ]+:[0-9]+:[0-9]+: (error|warning):' "$log" | grep -v "^$SDK/" | sort -u)
echo "ios-typecheck-snippets: $(ls "$snippets"/*.swift | wc -l) SwiftUI snippets, exit $rc; log: $log"
if [ -n "$problems" ] || [ $rc -ne 0 ]; then
  echo "${problems:-$(tail -20 "$log")}"
  exit 1
fi
echo "ios-typecheck-snippets: OK"
