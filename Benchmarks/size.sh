#!/usr/bin/env bash
# What SessionKit adds to an app's executable, and the Public Suffix List's share of it.
#
#   Benchmarks/size.sh                 # progress on stderr, one JSON object as the last line of stdout
#   Benchmarks/size.sh --check LIMITS  # the same, then exit 1 if a figure is over its limit in LIMITS
#
# Builds two tiny release executables in a temporary package that depends on this checkout: one compiles a small
# policy from JSON and evaluates one navigation with SessionKit, the other reads the same arguments without it.
# SessionKit's size is the difference of their text + data (`size`, Berkeley format: code, read-only data,
# metadata and writable data; not debug information, which an app does not ship). The list's share is the bytes
# of its generated table (found in the executable) plus the code of the symbols that name `PublicSuffixList` or
# `PackedSuffixTable`. The breakdown gives the difference by kind of section (code, read-only data, unwind tables,
# relocations, Swift metadata, writable data), sorts the symbols only the first executable has
# (`nm --size-sort`, names demangled) into SessionKit's own functions, the standard library's generic functions
# specialised for SessionKit's types, and the rest (metadata, witness tables, literals), and names the largest.
#
# SIZE_SCRATCH=DIR keeps the temporary package's build there (a second run then only relinks).
set -euo pipefail

usage="usage: size.sh [--check LIMITS]"
limits=""
if [[ "${1:-}" == "--check" ]]; then
  [[ $# -eq 2 ]] || { echo "size.sh: --check takes one limits file ($usage)" >&2; exit 2; }
  limits=$2
  [[ -f "$limits" ]] || { echo "size.sh: no limits file at $limits" >&2; exit 2; }
  limits="$(cd "$(dirname "$limits")" && pwd)/$(basename "$limits")"
elif [[ $# -gt 0 ]]; then
  echo "size.sh: unknown argument $1 ($usage)" >&2
  exit 2
fi
cd "$(dirname "$0")/.."
root=$PWD
for tool in size nm python3; do
  command -v "$tool" >/dev/null 2>&1 || { echo "size.sh: $tool is not installed (binutils, python3)" >&2; exit 2; }
done

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
probe="$work/size-probe"
mkdir -p "$probe/Sources/WithSessionKit" "$probe/Sources/WithoutSessionKit"
identity=$(basename "$root" | tr '[:upper:]' '[:lower:]')
cat >"$probe/Package.swift" <<EOF
// swift-tools-version:5.9
import PackageDescription

let package = Package(
  name: "size-probe",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [.package(path: "$root")],
  targets: [
    .executableTarget(name: "WithSessionKit", dependencies: [.product(name: "SessionKit", package: "$identity")]),
    .executableTarget(name: "WithoutSessionKit"),
  ]
)
EOF
# The policy and the URL come from the arguments, so that nothing is folded away at compile time.
cat >"$probe/Sources/WithSessionKit/main.swift" <<'EOF'
import SessionKit

let arguments = CommandLine.arguments
let json = arguments.count > 1 ? arguments[1] : #"{"version": 1, "rules": []}"#
let url = arguments.count > 2 ? arguments[2] : "https://www.example.co.uk/"
do {
  let policy = try CompiledPolicy(json: Array(json.utf8))
  // A tapped link in the main frame of a page at www.games.example: both URLs parsed, the site looked up.
  print(policy.evaluate(url, from: "https://www.games.example/").action)
} catch {
  print(error)
}
EOF
cat >"$probe/Sources/WithoutSessionKit/main.swift" <<'EOF'
let arguments = CommandLine.arguments
let json = arguments.count > 1 ? arguments[1] : #"{"version": 1, "rules": []}"#
let url = arguments.count > 2 ? arguments[2] : "https://www.example.co.uk/"
print(json.utf8.count + url.utf8.count)
EOF

scratch=${SIZE_SCRATCH:-$work/build}
echo "size.sh: building the two probes (release)" >&2
swift build -c release --package-path "$probe" --scratch-path "$scratch" >&2
bin="$(swift build -c release --package-path "$probe" --scratch-path "$scratch" --show-bin-path)"
with="$bin/WithSessionKit"
without="$bin/WithoutSessionKit"
"$with" '{"version": 1, "rules": [{"name": "r", "match": {"sites": ["example.co.uk"]}, "action": "cancel"}]}' \
  "https://www.example.co.uk/" | grep -qx cancel || { echo "size.sh: the probe did not evaluate" >&2; exit 1; }

nm --size-sort -S --defined-only "$with" >"$work/with.nm"
nm --size-sort -S --defined-only "$without" >"$work/without.nm"
demangler=(swift demangle --simplified)
"${demangler[@]}" <"$work/with.nm" >"$work/with.demangled" 2>/dev/null || cp "$work/with.nm" "$work/with.demangled"
swift demangle <"$work/with.nm" >"$work/with.full" 2>/dev/null || cp "$work/with.nm" "$work/with.full"

result=$(python3 - "$with" "$without" "$work/with.nm" "$work/with.demangled" "$work/with.full" "$work/without.nm" \
  "$root/Sources/SessionKit/Generated" "$(git rev-parse --short HEAD 2>/dev/null || echo unknown)" <<'PYTHON'
import json, re, subprocess, sys

with_path, without_path, with_nm, with_demangled, with_full, without_nm, generated, commit = sys.argv[1:]

def text_data(path):
    out = subprocess.run(["size", path], capture_output=True, text=True, check=True).stdout.splitlines()
    text, data, _ = out[1].split()[:3]
    return int(text), int(data)

def literal_bytes(swift_file):
    """The bytes of the file's `static let literal: StaticString`."""
    source = open(swift_file, encoding="utf-8").read()
    body = source.split('static let literal: StaticString = """\n', 1)[1].rsplit('\n    """', 1)[0]
    text = "\n".join(line[4:] for line in body.split("\n"))
    out = bytearray()
    index = 0
    while index < len(text):
        char = text[index]
        if char == "\\":
            following = text[index + 1]
            if following == "\n":
                index += 2
                continue
            if following == "u":
                end = text.index("}", index)
                out.extend(chr(int(text[index + 3:end], 16)).encode("utf-8"))
                index = end + 1
                continue
            out.extend({"0": b"\0", "\\": b"\\", '"': b'"', "n": b"\n", "t": b"\t", "r": b"\r"}[following])
            index += 2
            continue
        out.extend(char.encode("utf-8"))
        index += 1
    return bytes(out)

def sections(path):
    """Allocated sections' sizes by kind (`size -A`); debug information is not allocated and not counted."""
    kinds = {"code": (".text", ".init", ".fini", ".plt", ".plt.got", ".plt.sec"), "readOnlyData": (".rodata",),
             "unwindTables": (".eh_frame", ".eh_frame_hdr", ".gcc_except_table"),
             "relocations": (".rela.dyn", ".rela.plt"),
             "writableData": (".data", ".data.rel.ro", ".got", ".got.plt", ".init_array", ".fini_array")}
    out = {kind: 0 for kind in kinds}
    out["swiftMetadata"] = 0
    out["other"] = 0
    for line in subprocess.run(["size", "-A", path], capture_output=True, text=True, check=True).stdout.splitlines():
        parts = line.split()
        if len(parts) != 3 or not parts[1].isdigit() or parts[0].startswith(".debug") or parts[0] in (".bss", ".tbss"):
            continue
        name, size = parts[0], int(parts[1])
        if name in (".comment", ".symtab", ".strtab", ".shstrtab") or name.startswith(".note"):
            continue
        kind = next((k for k, names in kinds.items() if name in names), None)
        if kind is None:
            kind = "swiftMetadata" if name.startswith("swift5_") else "other"
        out[kind] += size
    return out

def symbols(path):
    rows = []
    for line in open(path, encoding="utf-8", errors="replace"):
        parts = line.rstrip("\n").split(" ", 3)
        if len(parts) == 4 and parts[2] in "TtRrDdBbVvWw":
            rows.append((int(parts[1], 16), parts[2], parts[3]))
    return rows

with_text, with_data = text_data(with_path)
without_text, without_data = text_data(without_path)
sessionkit = (with_text + with_data) - (without_text + without_data)

binary = open(with_path, "rb").read()
tables = {}
for name, file in (("publicSuffixList", "PublicSuffixTable.swift"), ("idna", "IDNATables.swift")):
    blob = literal_bytes(f"{generated}/{file}")
    if binary.count(blob) != 1:
        print(f"size.sh: the {name} table is not in the executable once", file=sys.stderr)
        sys.exit(1)
    tables[name] = len(blob)

without_names = {name for _, _, name in symbols(without_nm)}
raw = symbols(with_nm)
demangled = symbols(with_demangled)
full = symbols(with_full)
with_sections, without_sections = sections(with_path), sections(without_path)
section_delta = {kind: with_sections[kind] - without_sections[kind] for kind in with_sections}
groups = {"sessionKitFunctions": 0, "genericSpecialisations": 0, "metadataAndOther": 0}
list_code = 0
json_code = 0
largest = []
for (size, kind, mangled), (_, _, name), (_, _, long_name) in zip(raw, demangled, full):
    if mangled in without_names:
        continue
    if "PublicSuffixList" in name or "PackedSuffixTable" in name:
        list_code += size
    if "JSON" in name:
        json_code += size
    if kind in "Tt" and "generic specialization" in long_name and not long_name.startswith("SessionKit."):
        groups["genericSpecialisations"] += size
    elif kind in "Tt" and (mangled.startswith("$s10SessionKit") or " of SessionKit." in long_name):
        groups["sessionKitFunctions"] += size
    else:
        groups["metadataAndOther"] += size
    largest.append((size, name[:140]))
largest.sort(reverse=True)

print(json.dumps({
    "tool": "size.sh",
    "commit": commit,
    "bytes": {
        "sessionKit": sessionkit,
        "publicSuffixList": tables["publicSuffixList"] + list_code,
    },
    "parts": {
        "publicSuffixListTable": tables["publicSuffixList"],
        "publicSuffixListCode": list_code,
        "idnaTable": tables["idna"],
        "jsonCode": json_code,
        **groups,
    },
    "sections": section_delta,
    "executables": {"with": with_text + with_data, "without": without_text + without_data},
    "largestSymbols": [{"bytes": size, "name": name} for size, name in largest[:12]],
}))
PYTHON
)
python3 - "$result" >&2 <<'PYTHON'
import json, sys
r = json.loads(sys.argv[1])
b, p = r["bytes"], r["parts"]
print(f"size.sh: SessionKit adds {b['sessionKit']} bytes (text + data); the Public Suffix List {b['publicSuffixList']} "
      f"(table {p['publicSuffixListTable']}, code {p['publicSuffixListCode']}); IDNA table {p['idnaTable']}; "
      f"JSON reader code {p['jsonCode']}")
print(f"size.sh: symbols: SessionKit functions {p['sessionKitFunctions']}, generic specialisations of the standard "
      f"library {p['genericSpecialisations']}, metadata and other {p['metadataAndOther']}")
print("size.sh: sections: " + ", ".join(f"{kind} {size}" for kind, size in r["sections"].items()))
for entry in r["largestSymbols"]:
    print(f"size.sh:   {entry['bytes']:>7} {entry['name']}")
PYTHON

if [[ -n "$limits" ]]; then
  if ! python3 Benchmarks/check-limits.py size.sh "$limits" "$result" >&2; then
    echo "$result"
    echo "size.sh: over a limit in $limits (see above)" >&2
    exit 1
  fi
fi
echo "$result"
