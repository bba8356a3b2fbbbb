#!/bin/sh
# Times WebAddress parsing of ASCII against non-ASCII hosts of the same length (Benchmarks/README.md, "Host
# parsing"). Builds SessionKit in release, then compiles Benchmarks/hosts/HostParse.swift against it.
set -eu
cd "$(dirname "$0")/.."
swift build -c release --product session-bench >/dev/null
bin=$(swift build -c release --show-bin-path)
# The objects of SessionKit and of the C target it imports, as session-bench's link took them (a glob of the
# build folder would also take objects of files since moved away), one per line: split on newlines only, so
# that a checkout path with spaces stays one word.
newline='
'
objects=$(grep -E '/(SessionKit|CSessionKitAtomics)\.build/' "$bin/session-bench.product/Objects.LinkFileList")
old_ifs=$IFS
IFS=$newline
# shellcheck disable=SC2086 # split into one argument per object on purpose
set -- $objects
IFS=$old_ifs
# WebAddress is `package`: the probe joins the package under the name SwiftPM gave it (the checkout's identity).
package_name=$(grep -o '"-package-name","[^"]*"' .build/release.yaml | head -1 | cut -d'"' -f4)
swiftc -O -package-name "$package_name" -I "$bin/Modules" \
  -Xcc -fmodule-map-file="$bin/CSessionKitAtomics.build/module.modulemap" \
  -Xcc -I -Xcc Sources/CSessionKitAtomics/include "$@" Benchmarks/hosts/HostParse.swift -o "$bin/host-parse"
"$bin/host-parse"
