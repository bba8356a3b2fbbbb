#!/bin/sh
# Times WebAddress parsing of ASCII against non-ASCII hosts of the same length (Benchmarks/README.md, "Host
# parsing"). Builds SessionKit in release, then compiles Benchmarks/hosts/HostParse.swift against it.
set -eu
cd "$(dirname "$0")/.."
swift build -c release --product session-bench >/dev/null
bin=$(swift build -c release --show-bin-path)
swiftc -O -I "$bin/Modules" "$bin"/SessionKit.build/*.o Benchmarks/hosts/HostParse.swift -o "$bin/host-parse"
"$bin/host-parse"
