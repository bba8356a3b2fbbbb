#!/usr/bin/env python3
"""Generates Scripts/Data/idna_tables.txt: the Unicode data that UTS #46 needs, as compact text tables, from which
Scripts/generate_embedded_tables.py (run by Scripts/generate-embedded-data.sh) makes the tables SessionKit reads
in place (Sources/SessionKit/Generated/IDNATables.swift).

Sources, each property taken from the newest one on the machine (see CONTRIBUTING.md):
- PyPI `idna` (>= 3.20): `uts46data.py`, the UTS #46 mapping table (status and mapping of every code
  point), and `idnadata.py`, Joining_Type (for the CONTEXTJ rule of ZERO WIDTH NON-JOINER).
- Debian `unicode-data` (/usr/share/unicode): Bidi_Class (extracted/DerivedBidiClass.txt, with its
  @missing defaults), General_Category=Mark (extracted/DerivedGeneralCategory.txt),
  Canonical_Combining_Class (extracted/DerivedCombiningClass.txt), canonical decompositions
  (UnicodeData.txt), NFC_Quick_Check and Full_Composition_Exclusion (DerivedNormalizationProps.txt).
Python's own `unicodedata` is older than both and is not used.

Usage: python3 Scripts/generate_idna_tables.py [--unicode-data DIR] [--output FILE]
"""

import argparse
import os
import re
import sys

import idna
import idna.idnadata as idnadata
import idna.uts46data as uts46data

BIDI_CLASSES = ["L", "R", "AL", "AN", "EN", "ES", "CS", "ET", "ON", "BN", "NSM", "OTHER"]
BIDI_LONG = {
    "Left_To_Right": "L", "Right_To_Left": "R", "Arabic_Letter": "AL", "Arabic_Number": "AN",
    "European_Number": "EN", "European_Separator": "ES", "Common_Separator": "CS",
    "European_Terminator": "ET", "Other_Neutral": "ON", "Boundary_Neutral": "BN", "Nonspacing_Mark": "NSM",
}
JOINING = {"U": 0, "D": 1, "L": 2, "R": 3, "T": 4, "C": 5}
STATUS = {ord("V"): 0, ord("D"): 1, ord("M"): 2, ord("I"): 3, ord("X"): 4}


def read_ranges(path, field=1):
    """Yields (first, last, value, is_missing_line) from a UCD file, @missing lines first."""
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().splitlines()
    version = next((l for l in lines[:3] if l.startswith("# ")), "").lstrip("# ").strip()
    rows = []
    for line in lines:
        missing = line.startswith("# @missing:")
        text = line[len("# @missing:"):] if missing else line.split("#", 1)[0]
        if not text.strip():
            continue
        parts = [p.strip() for p in text.split(";")]
        first, _, last = parts[0].partition("..")
        rows.append((int(first, 16), int(last or first, 16), parts[field], missing))
    return version, rows


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--unicode-data", default="/usr/share/unicode")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("--output", default=os.path.join(root, "Scripts/Data/idna_tables.txt"))
    args = parser.parse_args()
    ucd = args.unicode_data

    # Per code point property word: bits 0-3 Bidi_Class, 4-6 Joining_Type, 7 mark, 8-15 ccc, 16 NFC_QC not Yes.
    size = 0x110000
    bidi = bytearray(size)
    bidi_version, rows = read_ranges(os.path.join(ucd, "extracted/DerivedBidiClass.txt"))
    for first, last, value, missing in sorted(rows, key=lambda r: not r[3]):
        code = BIDI_CLASSES.index(BIDI_LONG.get(value, value)) if BIDI_LONG.get(value, value) in BIDI_CLASSES else 11
        bidi[first:last + 1] = bytes([code]) * (last - first + 1)
    joining = bytearray(size)
    for name, ranges in idnadata.joining_types.items():
        for packed in ranges:
            first, end = packed >> 32, packed & 0xFFFFFFFF
            joining[first:end] = bytes([JOINING[name]]) * (end - first)
    mark = bytearray(size)
    gc_version, rows = read_ranges(os.path.join(ucd, "extracted/DerivedGeneralCategory.txt"))
    for first, last, value, missing in rows:
        if not missing and value in ("Mn", "Mc", "Me"):
            mark[first:last + 1] = b"\x01" * (last - first + 1)
    ccc = bytearray(size)
    ccc_version, rows = read_ranges(os.path.join(ucd, "extracted/DerivedCombiningClass.txt"))
    for first, last, value, missing in rows:
        if not missing:
            ccc[first:last + 1] = bytes([int(value)]) * (last - first + 1)
    quick = bytearray(size)
    exclusion = bytearray(size)
    norm_version, rows = read_ranges(os.path.join(ucd, "DerivedNormalizationProps.txt"))
    with open(os.path.join(ucd, "DerivedNormalizationProps.txt"), encoding="utf-8") as handle:
        for line in handle:
            text = line.split("#", 1)[0]
            parts = [p.strip() for p in text.split(";")]
            if len(parts) < 2:
                continue
            first, _, last = parts[0].partition("..")
            first, last = int(first, 16), int(last or first, 16)
            if parts[1] == "NFC_QC" and parts[2] in ("N", "M"):
                quick[first:last + 1] = b"\x01" * (last - first + 1)
            elif parts[1] == "Full_Composition_Exclusion":
                exclusion[first:last + 1] = b"\x01" * (last - first + 1)

    properties = []
    previous = None
    for cp in range(size):
        word = bidi[cp] | joining[cp] << 4 | mark[cp] << 7 | ccc[cp] << 8 | quick[cp] << 16
        if word != previous:
            properties.append((cp, word))
            previous = word

    # Canonical decompositions (Hangul syllables are algorithmic and not listed).
    decompositions = []
    with open(os.path.join(ucd, "UnicodeData.txt"), encoding="utf-8") as handle:
        for line in handle:
            fields = line.split(";")
            if fields[5] and not fields[5].startswith("<"):
                parts = [int(p, 16) for p in fields[5].split()]
                cp = int(fields[0], 16)
                composes = len(parts) == 2 and not exclusion[cp]
                decompositions.append((cp, parts, composes))

    # UTS #46 mapping table, merged where neighbours share a status that has no mapping.
    mapping = []
    pool = []
    pool_index = {}
    starts, statuses, replacements = uts46data.uts46_starts, uts46data.uts46_statuses, uts46data.uts46_replacements
    for index, start in enumerate(starts):
        status = STATUS[statuses[index]]
        replacement = replacements[index] or ""
        if status != 2:
            if mapping and mapping[-1][1] == status:
                continue
            mapping.append((start, status, 0, 0))
            continue
        key = replacement
        if key not in pool_index:
            pool_index[key] = len(pool)
            pool.extend(ord(c) for c in replacement)
        mapping.append((start, status, pool_index[key], len(replacement)))

    def hex_list(values):
        return ",".join("%X" % v for v in values)

    def section(name, text, doc):
        lines = [text[i:i + 110] for i in range(0, len(text), 110)]
        return f"\n== {name}: {doc}\n" + "\n".join(lines) + "\n"

    mapping_text = ";".join(
        "%X%s" % (start, "vdmix"[status]) + ("%X/%X" % (offset, length) if status == 2 else "")
        for start, status, offset, length in mapping)
    pool_text = hex_list(pool)
    properties_text = ";".join("%X:%X" % row for row in properties)
    decomposition_text = ";".join(
        "%X%s%s" % (cp, "+" if composes else "-", hex_list(parts)) for cp, parts, composes in decompositions)

    uts46_version = getattr(uts46data, "__version__", "?")
    idnadata_version = getattr(idnadata, "__version__", "?")
    header = f"""# Generated by Scripts/generate_idna_tables.py. Do not edit by hand; regenerate (see CONTRIBUTING.md).
#
# Sources and Unicode versions:
# - UTS #46 mapping table: PyPI idna {idna.__version__}, uts46data.py, Unicode {uts46_version}
# - Joining_Type: PyPI idna {idna.__version__}, idnadata.py, Unicode {idnadata_version}
# - Bidi_Class: Debian unicode-data, {bidi_version}
# - General_Category (marks): Debian unicode-data, {gc_version}
# - Canonical_Combining_Class: Debian unicode-data, {ccc_version}
# - Decompositions, NFC_Quick_Check, Full_Composition_Exclusion: Debian unicode-data, UnicodeData.txt and
#   {norm_version}
#
# Rows are separated by `;` (the pool by `,`), numbers are hexadecimal; line breaks are not part of the data.
# Scripts/generate_embedded_tables.py makes Sources/SessionKit/Generated/IDNATables.swift from this file.
"""
    text = header
    text += section("mapping", mapping_text,
                    "UTS #46 rows `START STATUS [OFFSET/LENGTH]`: status v valid, d deviation, m mapped (to `LENGTH` "
                    "scalars of `mappingPool` from `OFFSET`), i ignored, x disallowed; a row runs to the next.")
    text += section("mappingPool", pool_text, "The scalars that mapped rows map to, comma-separated.")
    text += section("properties", properties_text,
                    "Rows `START:WORD`: bits 0-3 Bidi_Class (L R AL AN EN ES CS ET ON BN NSM other), 4-6 "
                    "Joining_Type (U D L R T C), 7 General_Category=Mark, 8-15 Canonical_Combining_Class, 16 "
                    "NFC_Quick_Check No or Maybe.")
    text += section("decompositions", decomposition_text,
                    "Canonical decompositions `CODE+PARTS` (`+`: the pair composes back in NFC) or "
                    "`CODE-PARTS` (excluded from composition); Hangul syllables are algorithmic.")
    with open(args.output, "w", encoding="utf-8") as handle:
        handle.write(text)
    print(f"{args.output}: {len(mapping)} mapping rows, {len(pool)} pool scalars, {len(properties)} property rows, "
          f"{len(decompositions)} decompositions", file=sys.stderr)


if __name__ == "__main__":
    main()
