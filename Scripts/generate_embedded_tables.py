#!/usr/bin/env python3
"""Generates the tables SessionKit reads in place, with no parse or allocation at first use:

  Scripts/Data/public_suffix_list.dat -> Sources/SessionKit/Generated/PublicSuffixTable.swift
  Scripts/Data/idna_tables.txt        -> Sources/SessionKit/Generated/IDNATables.swift

Each table is one `StaticString` of bytes: numbers are written 7 bits a byte (little-endian), so that the literal
is ASCII and valid UTF-8 whatever the numbers; the suffix table's labels are their own UTF-8 bytes. A string
literal compiles in well under a second where an array literal of the same size takes far longer.

The suffix table's layout is `PackedSuffixTable`'s (Sources/SessionKit/Addresses/PackedSuffixTable.swift), which
builds the same bytes at run time for `PublicSuffixList(contents:)`; `EmbeddedDataTests` checks that both agree
byte for byte on the checked-in list, and that the IDNA tables hold what `idna_tables.txt` says.

Usage: python3 Scripts/generate_embedded_tables.py (run by Scripts/generate-embedded-data.sh)
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MASK64 = (1 << 64) - 1

# PackedSuffixTable's constants.
RULE, WILDCARD, EXCEPTION = 1, 2, 4
HEADER_SIZE = 5
RECORD_SIZE = 4
MAX_LABEL = 63
MAX_OFFSET = 1 << 18
MAX_SLOTS = 1 << 17
LOADS = (100, 95, 90, 85, 80, 70, 60, 50)
MAX_DISPLACEMENT = 1 << 14


def suffix_hash(data):
    """SuffixHash.of: FNV-1a over the bytes from the last to the first."""
    value = 0xCBF29CE484222325
    for byte in reversed(data):
        value = ((value ^ byte) * 0x00000100000001B3) & MASK64
    return value


def spread(value):
    return ((value ^ (value >> 29)) * 0x9E3779B97F4A7C15) & MASK64


def slot_of(mixed, displacement, slot_count):
    x = (((mixed ^ displacement) * 0x9E3779B97F4A7C15) & MASK64) >> 32
    return (x * slot_count) >> 32


def digits(value, count):
    """`value` as `count` bytes of 7 bits, low first."""
    out = []
    for _ in range(count):
        out.append(value & 0x7F)
        value >>= 7
    if value:
        raise ValueError("number too large for its field")
    return out


def punycode_forms(key):
    """PublicSuffixList.forms(of:): the key, plus its punycode form when it has Unicode labels, or its Unicode
    form when it has `xn--` labels."""
    if any(ord(c) >= 0x80 for c in key):
        labels = []
        for label in key.split("."):
            if all(ord(c) < 0x80 for c in label):
                labels.append(label)
            else:
                labels.append("xn--" + label.encode("punycode").decode("ascii"))
        return [key, ".".join(labels)]
    labels = key.split(".")
    if not any(label.startswith("xn--") and label != "xn--" for label in labels if label):
        return [key]
    decoded = []
    for label in labels:
        if label.startswith("xn--"):
            try:
                decoded.append(label[4:].encode("ascii").decode("punycode"))
                continue
            except UnicodeError:
                pass
        decoded.append(label)
    return [key, ".".join(decoded)]


def read_rules(path):
    """The list's entries (key bytes -> flags) and its rule count, as PublicSuffixList(contents:) reads them."""
    with open(path, "rb") as handle:
        data = handle.read()
    entries = {}
    rule_count = 0
    for line in data.split(b"\n"):
        end = len(line)
        for index, byte in enumerate(line):
            if byte in (0x20, 0x09, 0x0D):
                end = index
                break
        rule = line[:end]
        if not rule or rule.startswith(b"//"):
            continue
        rule_count += 1
        if rule.startswith(b"!"):
            kind, key = EXCEPTION, rule[1:]
        elif rule.startswith(b"*."):
            kind, key = WILDCARD, rule[2:]
        else:
            kind, key = RULE, rule
        text = key.decode("utf-8")
        if any(c.isupper() or ord(c) >= 0x80 for c in text):
            text = text.lower()
        for form in punycode_forms(text):
            encoded = form.encode("utf-8")
            entries[encoded] = entries.get(encoded, 0) | kind
    return entries, rule_count


def block_header(start, slot_count):
    """A block's header: where it starts in the table and its slots."""
    return start | slot_count << 18


def place_block(mixed):
    """A node's children placed in a block of their own: (displacements, each slot's child number or -1), with
    one displacement per bucket, largest buckets first, at the first load factor that works."""
    for load in LOADS:
        slot_count = max(1, (len(mixed) * 100 + load - 1) // load)
        bucket_count = (slot_count + 3) // 4
        if slot_count >= MAX_SLOTS:
            raise ValueError("too many children for one block")
        buckets = [[] for _ in range(bucket_count)]
        for number, value in enumerate(mixed):
            buckets[((value >> 32) * bucket_count) >> 32].append(number)
        order = sorted(range(bucket_count), key=lambda b: (-len(buckets[b]), b))
        displacements = [0] * bucket_count
        slots = [-1] * slot_count
        placed = True
        for bucket in order:
            members = buckets[bucket]
            if not members:
                break
            for displacement in range(MAX_DISPLACEMENT):
                chosen = [slot_of(mixed[number], displacement, slot_count) for number in members]
                if len(set(chosen)) == len(chosen) and all(slots[slot] < 0 for slot in chosen):
                    for number, slot in zip(members, chosen):
                        slots[slot] = number
                    displacements[bucket] = displacement
                    break
            else:
                placed = False
                break
        if placed:
            return displacements, slots
    raise ValueError("no displacement places every child")


def substrings(label):
    return (label[first:end] for first in range(len(label)) for end in range(first + 1, len(label) + 1))


def superstring(labels):
    """The labels (none inside another) overlapped greedily, longest overlaps first: (text, each label's start)."""
    by_prefix = {}
    for number, label in enumerate(labels):
        for length in range(1, len(label)):
            by_prefix.setdefault(label[:length], []).append(number)
    following = [-1] * len(labels)
    overlap = [0] * len(labels)
    has_previous = [False] * len(labels)
    chain = list(range(len(labels)))

    def chain_of(number):
        while chain[number] != number:
            chain[number] = chain[chain[number]]
            number = chain[number]
        return number

    longest = max((len(label) for label in labels), default=0)
    for length in range(longest - 1, 0, -1):
        for number, label in enumerate(labels):
            if following[number] >= 0 or len(label) <= length:
                continue
            for other in by_prefix.get(label[-length:], ()):
                if other == number or has_previous[other] or chain_of(number) == chain_of(other):
                    continue
                following[number], overlap[number], has_previous[other] = other, length, True
                chain[chain_of(number)] = chain_of(other)
                break
    text = bytearray()
    starts = [0] * len(labels)
    for first in range(len(labels)):
        if has_previous[first]:
            continue
        number, skip = first, 0
        while number >= 0:
            starts[number] = len(text) - skip
            text.extend(labels[number][skip:])
            number, skip = following[number], overlap[number]
    return bytes(text), starts


def build_suffix_table(entries):
    """PackedSuffixTable.build: the table's bytes and its node count."""
    keys = {}
    for key, flags in entries.items():
        labels = key.split(b".")
        if not key or any(not label for label in labels) or any(len(label) > MAX_LABEL for label in labels):
            continue  # unreachable: a looked-up name has no empty label; DNS labels have at most 63 bytes
        keys[key] = keys.get(key, 0) | flags
        for index in range(1, len(labels)):
            keys.setdefault(b".".join(labels[index:]), 0)
    children = {b"": []}
    for key in sorted(keys):
        children.setdefault(key, [])
        children.setdefault(key.partition(b".")[2], []).append(key)
    # Nodes whose children are alike (labels, flags, and children alike in turn) share one block, found from the
    # children's labels' hashes. The root and the nodes with children, deepest first, get their block's number.
    block_of = {}
    numbers = {}
    for key in sorted((key for key in children if key == b"" or children[key]), key=len, reverse=True):
        signature = tuple((child.partition(b".")[0], keys[child], block_of.get(child, -1)) for child in children[key])
        block_of[key] = numbers.setdefault(signature, len(numbers))
    # The blocks in the order of their first node's key, the root's first.
    first_node = {}
    for key in [b""] + [key for key in sorted(keys) if children[key]]:
        first_node.setdefault(block_of[key], key)
    blocks = list(first_node)
    placed = {}
    for block in blocks:
        placed[block] = place_block([spread(suffix_hash(child.partition(b".")[0]))
                                     for child in children[first_node[block]]])
    starts = {}
    size = HEADER_SIZE
    for block in blocks:
        displacements, slots = placed[block]
        starts[block] = size
        size += 2 * len(displacements) + RECORD_SIZE * len(slots)
    # The pool: for each label leading to a block, the block's header then the label (the record points at the
    # label), then the other labels, overlapped; a label found inside one placed earlier shares its bytes.
    inner = []
    for block in blocks:
        for child in children[first_node[block]]:
            if children[child] and (child.partition(b".")[0], block_of[child]) not in inner:
                inner.append((child.partition(b".")[0], block_of[child]))
    found = set()
    for label, _ in inner:
        found.update(substrings(label))
    kept = []
    for label in sorted({key.partition(b".")[0] for key in keys}, key=lambda label: (-len(label), label)):
        if label not in found:
            kept.append(label)
            found.update(substrings(label))
    pool = bytearray()
    own_offset = {}
    label_offsets = {}
    for label, block in inner:
        pool.extend(digits(block_header(starts[block], len(placed[block][1])), HEADER_SIZE))
        own_offset[label, block] = size + len(pool)
        for first in range(len(label)):
            for end in range(first + 1, len(label) + 1):
                label_offsets.setdefault(label[first:end], own_offset[label, block] + first)
        pool.extend(label)
    text, text_starts = superstring(kept)
    for label, start in zip(kept, text_starts):
        for first in range(len(label)):
            for end in range(first + 1, len(label) + 1):
                label_offsets.setdefault(label[first:end], size + len(pool) + start + first)
    pool.extend(text)
    if size + len(pool) > MAX_OFFSET:
        raise ValueError("too many suffixes for the table")
    out = bytearray(digits(block_header(starts[block_of[b""]], len(placed[block_of[b""]][1])), HEADER_SIZE))
    for block in blocks:
        displacements, slots = placed[block]
        for displacement in displacements:
            out.extend(digits(displacement, 2))
        for number in slots:
            if number < 0:
                out.extend([0] * RECORD_SIZE)
                continue
            child = children[first_node[block]][number]
            label = child.partition(b".")[0]
            inner_flag = 1 if children[child] else 0
            offset = own_offset[label, block_of[child]] if inner_flag else label_offsets[label]
            out.extend(digits(offset | len(label) << 18 | keys[child] << 24 | inner_flag << 27, RECORD_SIZE))
    out.extend(pool)
    return bytes(out), len(keys)


def swift_literal(data, indent="    ", width=116):
    """A multi-line string literal body holding exactly `data` (lines joined by trailing backslashes)."""
    text = data.decode("utf-8")
    lines = []
    line = []
    length = 0
    for char in text:
        code = ord(char)
        if char == "\\":
            piece = "\\\\"
        elif char == '"':
            piece = '\\"'
        elif code < 0x20 or code == 0x7F:
            piece = "\\0" if code == 0 else "\\u{%X}" % code
        else:
            piece = char
        line.append(piece)
        length += len(piece)
        if length >= width:
            lines.append("".join(line))
            line, length = [], 0
    lines.append("".join(line))
    # A line may not end with a space before the continuation backslash being misread: spaces are content, kept.
    return "\n".join(indent + text + "\\" for text in lines[:-1]) + ("\n" if len(lines) > 1 else "") + indent + lines[-1]


def write_suffix_table(path, output):
    entries, rule_count = read_rules(path)
    data, node_count = build_suffix_table(entries)
    version = ""
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if line.startswith("// VERSION: "):
                version = line[len("// VERSION: "):].strip()
                break
    swift = f"""// swift-format-ignore-file
// Generated by Scripts/generate_embedded_tables.py from Scripts/Data/public_suffix_list.dat. Do not edit: edit the data
// and rerun Scripts/generate-embedded-data.sh.

/// The Public Suffix List compiled into the library (version {version}) as a `PackedSuffixTable`, read in place.
enum PublicSuffixTableData {{
  /// The `VERSION` line of the list.
  static let version = "{version}"
  /// The rules of the list.
  static var ruleCount: Int {{ {rule_count} }}
  /// The table's nodes: the rules' keys and their suffixes, in all their forms.
  static var nodeCount: Int {{ {node_count} }}

  /// The table's bytes. Not inlined, so that the literal is emitted once, here: a file that inlined the literal
  /// would hold a copy of its own.
  @inline(never)
  static func bytes() -> UnsafeBufferPointer<UInt8> {{
    UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
  }}

  /// {len(data)} bytes.
  private static let literal: StaticString = \"\"\"
{swift_literal(data)}
    \"\"\"
}}
"""
    with open(output, "w", encoding="utf-8") as handle:
        handle.write(swift)
    print(f"{output}: {len(data)} bytes, {node_count} nodes, {rule_count} rules",
          file=sys.stderr)


def read_idna_sections(path):
    """The `== NAME:` sections of idna_tables.txt, line breaks removed."""
    sections = {}
    name = None
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            line = line.rstrip("\n")
            if line.startswith("#"):
                continue
            if line.startswith("== "):
                name = line[3:].split(":", 1)[0]
                sections[name] = []
            elif name and line:
                sections[name].append(line.strip())
    return {key: "".join(value) for key, value in sections.items()}


IDNA_BLOCK_SHIFT = 8


def build_idna_tables(path):
    """IDNAData's layout: (bytes, counts by name)."""
    sections = read_idna_sections(path)
    status_codes = {"v": 0, "d": 1, "m": 2, "i": 3}
    mapping = []
    for row in sections["mapping"].split(";"):
        index = next(i for i, c in enumerate(row) if c >= "a")
        start, status = int(row[:index], 16), status_codes.get(row[index], 4)
        word = status
        if status == 2 and "/" in row:
            offset, length = row[index + 1:].split("/")
            offset, length = int(offset, 16), int(length, 16)
            if length >= 32 or offset >= 1 << 13:
                raise ValueError("a mapping too long for its word")
            word |= length << 3 | offset << 8
        mapping.append((start, word))
    pool = [int(value, 16) for value in sections["mappingPool"].split(",")]
    properties = []
    for row in sections["properties"].split(";"):
        start, word = row.split(":")
        properties.append((int(start, 16), int(word, 16)))
    decompositions = []
    compositions = []
    for row in sections["decompositions"].split(";"):
        sign = next(i for i, c in enumerate(row) if c in "+-")
        code = int(row[:sign], 16)
        parts = [int(part, 16) for part in row[sign + 1:].split(",")]
        if not 1 <= len(parts) <= 2:
            raise ValueError("a decomposition of %d scalars" % len(parts))
        decompositions.append((code, parts))
        if row[sign] == "+" and len(parts) == 2:
            compositions.append((parts[0], parts[1], code))
    decompositions.sort()
    compositions.sort()
    # Merged rows: one wherever either table starts one (both start at 0).
    starts = sorted({start for start, _ in mapping} | {start for start, _ in properties})
    mapping_words, property_words = [], []
    m = p = 0
    for start in starts:
        while m + 1 < len(mapping) and mapping[m + 1][0] <= start:
            m += 1
        while p + 1 < len(properties) and properties[p + 1][0] <= start:
            p += 1
        mapping_words.append(mapping[m][1])
        property_words.append(properties[p][1])
    blocks = []
    row = 0
    for block in range(0x110000 >> IDNA_BLOCK_SHIFT):
        first = block << IDNA_BLOCK_SHIFT
        while row + 1 < len(starts) and starts[row + 1] <= first:
            row += 1
        blocks.append(row)
    # Rows share (mapping word, property word) pairs: each row names its pair in a palette.
    palette = []
    palette_index = {}
    row_classes = []
    for pair in zip(mapping_words, property_words):
        if pair not in palette_index:
            palette_index[pair] = len(palette)
            palette.append(pair)
        row_classes.append(palette_index[pair])
    out = bytearray()
    for values, width in ((starts, 3), (row_classes, 2), (pool, 3), (blocks, 2)):
        for value in values:
            out.extend(digits(value, width))
    for mapping_word, property_word in palette:
        out.extend(digits(mapping_word, 3))
        out.extend(digits(property_word, 3))
    for code, parts in decompositions:
        if 0 in parts:
            raise ValueError("a decomposition into U+0000")
        out.extend(digits(code, 3))
        out.extend(digits(parts[0], 3))
        out.extend(digits(parts[1] if len(parts) == 2 else 0, 3))
    for first, second, composite in compositions:
        out.extend(digits(first, 3))
        out.extend(digits(second, 3))
        out.extend(digits(composite, 3))
    counts = {"rowCount": len(starts), "poolCount": len(pool), "blockCount": len(blocks), "paletteCount": len(palette),
              "decompositionCount": len(decompositions), "compositionCount": len(compositions)}
    return bytes(out), counts


def write_idna_tables(path, output):
    data, counts = build_idna_tables(path)
    with open(path, encoding="utf-8") as handle:
        sources = [line[2:].rstrip("\n") for line in handle if line.startswith("# - ") or line.startswith("#   ")]
    lines = "\n".join(f"  static var {name}: Int {{ {value} }}" for name, value in counts.items())
    source_lines = "\n".join("// " + line for line in sources)
    swift = f"""// swift-format-ignore-file
// Generated by Scripts/generate_embedded_tables.py from Scripts/Data/idna_tables.txt. Do not edit: regenerate (see
// CONTRIBUTING.md). Sources and Unicode versions:
{source_lines}

/// The Unicode data of UTS #46 in `IDNAData`'s layout, read in place.
enum IDNATables {{
{lines}

  /// The tables' first byte. Not inlined, so that the literal is emitted once, here: a file that inlined the
  /// literal would hold a copy of its own.
  @inline(never)
  static func start() -> UnsafePointer<UInt8> {{
    literal.utf8Start
  }}

  /// {len(data)} bytes.
  private static let literal: StaticString = \"\"\"
{swift_literal(data)}
    \"\"\"
}}
"""
    with open(output, "w", encoding="utf-8") as handle:
        handle.write(swift)
    print(f"{output}: {len(data)} bytes, " + ", ".join(f"{k} {v}" for k, v in counts.items()), file=sys.stderr)


def main():
    data = os.path.join(ROOT, "Scripts/Data")
    generated = os.path.join(ROOT, "Sources/SessionKit/Generated")
    write_suffix_table(os.path.join(data, "public_suffix_list.dat"),
                       os.path.join(generated, "PublicSuffixTable.swift"))
    write_idna_tables(os.path.join(data, "idna_tables.txt"), os.path.join(generated, "IDNATables.swift"))


if __name__ == "__main__":
    main()
