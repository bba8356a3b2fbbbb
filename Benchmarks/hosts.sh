#!/bin/sh
# Times WebAddress parsing of ASCII against non-ASCII hosts of the same length (Benchmarks/README.md, "Host
# parsing"). Builds SessionKit in release, then compiles Benchmarks/hosts/HostParse.swift against it.
set -eu
cd "$(dirname "$0")/.."
swift build -c release --product session-bench >/dev/null
bin=$(swift build -c release --show-bin-path)
# The objects of SessionKit and of the C target it imports, as session-bench's link took them (a glob of the
# build folder would also take objects of files since moved away).
objects=$(grep -E '/(SessionKit|CSessionKitAtomics)\.build/' "$bin/session-bench.product/Objects.LinkFileList")
# shellcheck disable=SC2086 # one word per object
swiftc -O -I "$bin/Modules" -Xcc -fmodule-map-file="$bin/CSessionKitAtomics.build/module.modulemap" \
  -Xcc -I -Xcc Sources/CSessionKitAtomics/include $objects Benchmarks/hosts/HostParse.swift -o "$bin/host-parse"
"$bin/host-parse"
