#!/usr/bin/env bash
# The public declarations of each library module, one a line, sorted, in API/<Module>.txt.
#
#   Scripts/public-api.sh            regenerate API/*.txt (commit them with the change that alters the API)
#   Scripts/public-api.sh --check    regenerate into a temporary folder and fail, printing the difference, when
#                                    the API differs from the checked-in files
#
# Options: --scratch-path PATH (passed to swift build; default .build). The lists are made on Linux, where
# SessionKitWebKit compiles against WebKitStandIn; on macOS the WebKit types are the SDK's and the lists differ.
set -euo pipefail
cd "$(dirname "$0")/.."

modules=(SessionKit SessionKitSimulation SessionKitWebKit)
check=false
scratch=.build
while [ $# -gt 0 ]; do
  case "$1" in
    --check) check=true ;;
    --scratch-path) scratch="$2"; shift ;;
    *) echo "usage: Scripts/public-api.sh [--check] [--scratch-path PATH]" >&2; exit 2 ;;
  esac
  shift
done

for target in SessionKitSimulation SessionKitWebKit; do
  swift build --scratch-path "$scratch" --target "$target" > /dev/null
done
bin="$(swift build --scratch-path "$scratch" --show-bin-path)"
triple="$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')"
extract="$(command -v swift-symbolgraph-extract || xcrun --find swift-symbolgraph-extract)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/graphs" "$work/api"
for module in "${modules[@]}"; do
  "$extract" -module-name "$module" -target "$triple" -I "$bin/Modules" \
    -Xcc -fmodule-map-file="$bin/CSessionKitAtomics.build/module.modulemap" \
    -Xcc -ISources/CSessionKitAtomics/include \
    -minimum-access-level public -skip-synthesized-members -output-dir "$work/graphs"
done

python3 - "$work/graphs" "$work/api" "${modules[@]}" <<'PY'
import glob, json, os, sys

graphs, out, modules = sys.argv[1], sys.argv[2], sys.argv[3:]
KINDS = {
    "swift.class": "class", "swift.struct": "struct", "swift.enum": "enum", "swift.protocol": "protocol",
    "swift.typealias": "typealias", "swift.associatedtype": "associatedtype", "swift.enum.case": "case",
    "swift.init": "init", "swift.deinit": "deinit", "swift.method": "method", "swift.func": "func",
    "swift.func.op": "operator", "swift.type.method": "static method", "swift.property": "property",
    "swift.type.property": "static property", "swift.var": "var", "swift.subscript": "subscript",
    "swift.type.subscript": "static subscript", "swift.macro": "macro", "swift.extension": "extension",
}
HEADERS = {
    "SessionKitWebKit": "# On Linux this module compiles against WebKitStandIn (the SDK's signatures, not WebKit itself):\n"
    "# this is the API Linux sees. On Apple platforms the WK*, UI* and SF* types are the SDK's, and SessionWebView\n"
    "# (SwiftUI, which Linux does not have) is public too: SessionWebView(engine:url:configuration:) and its modifiers.\n",
}

def constraints(items):
    parts = []
    for c in items or []:
        op = {"conformance": ":", "superclass": ":", "sameType": "=="}.get(c["kind"], c["kind"])
        parts.append(f'{c["lhs"]} {op} {c["rhs"]}')
    return " where " + ", ".join(sorted(parts)) if parts else ""

for module in modules:
    lines = set()
    for path in sorted(glob.glob(os.path.join(graphs, f"{module}.symbols.json"))
                       + glob.glob(os.path.join(graphs, f"{module}@*.symbols.json"))):
        graph = json.load(open(path))
        symbols = {}
        for symbol in graph["symbols"]:
            precise = symbol["identifier"]["precise"]
            if "::SYNTHESIZED::" in precise or symbol.get("accessLevel") not in ("public", "open"):
                continue
            symbols[precise] = symbol
            kind = KINDS.get(symbol["kind"]["identifier"], symbol["kind"]["identifier"])
            name = ".".join(symbol["pathComponents"])
            extension = symbol.get("swiftExtension", {})
            if extension.get("extendedModule") not in (None, module):
                name = f'{extension["extendedModule"]}.{name}'
            declaration = "".join(f["spelling"] for f in symbol["declarationFragments"])
            declaration = " ".join(declaration.split())
            where = constraints(extension.get("constraints"))
            lines.add(f"{name} ({kind}): {declaration}{where}")
        conformances = {}
        for relation in graph["relationships"]:
            if relation["kind"] != "conformsTo" or relation["source"] not in symbols:
                continue
            target = relation["target"]
            if relation.get("targetFallback") == "Swift.SendableMetatype":
                continue  # Implied by Sendable; only Swift 6.2 and later name it.
            name = ".".join(symbols[target]["pathComponents"]) if target in symbols else relation.get(
                "targetFallback", target)
            where = constraints((relation.get("swiftConstraints")))
            conformances.setdefault(".".join(symbols[relation["source"]]["pathComponents"]), set()).add(name + where)
        for name, targets in conformances.items():
            lines.add(f"{name} (conformances): {', '.join(sorted(targets))}")
    header = (f"# The public API of {module}: one declaration a line, sorted. Generated by Scripts/public-api.sh\n"
              "# from the module's symbol graph on Linux; do not edit by hand (CONTRIBUTING.md).\n"
              + HEADERS.get(module, ""))
    with open(os.path.join(out, f"{module}.txt"), "w") as file:
        file.write(header + "".join(line + "\n" for line in sorted(lines)))
PY

if $check; then
  status=0
  for module in "${modules[@]}"; do
    if ! diff -u "API/$module.txt" "$work/api/$module.txt"; then status=1; fi
  done
  if [ "$status" -ne 0 ]; then
    echo "The public API differs from API/*.txt (above: - checked in, + now). If the change is deliberate, run" >&2
    echo "Scripts/public-api.sh and commit API/*.txt with it." >&2
  fi
  exit "$status"
fi
mkdir -p API
cp "$work/api"/*.txt API/
echo "wrote API/$(printf '%s.txt ' "${modules[@]}")"
