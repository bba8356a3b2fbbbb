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
ROOT_PARENT = (1 << 15) - 1
RULE, WILDCARD, EXCEPTION = 1, 2, 4
LOADS = (95, 90, 85, 80, 70, 60, 50)
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
    x = (mixed & 0xFFFFFFFF) ^ ((displacement * 0x9E3779B1) & 0xFFFFFFFF)
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


def build_suffix_table(entries):
    """PackedSuffixTable.build: (bytes, slot count, bucket count)."""
    keys = {}
    for key, flags in entries.items():
        labels = key.split(b".")
        if not key or any(not label for label in labels) or any(len(label) > 63 for label in labels):
            continue  # unreachable: a looked-up name has no empty label; DNS labels have at most 63 bytes
        keys[key] = keys.get(key, 0) | flags
        for index in range(1, len(labels)):
            keys.setdefault(b".".join(labels[index:]), 0)
    ordered = sorted(keys)
    mixed = [spread(suffix_hash(key)) for key in ordered]
    for load in LOADS:
        slot_count = max(1, (len(ordered) * 100 + load - 1) // load)
        bucket_count = max(1, (len(ordered) + 3) // 4)
        if slot_count >= ROOT_PARENT:
            raise ValueError("too many suffixes for the table")
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
            break
    else:
        raise ValueError("no displacement places every suffix")
    slot_of_key = {ordered[number]: slot for slot, number in enumerate(slots) if number >= 0}
    # The label pool: longest labels first, a label found inside one already placed shares its bytes.
    labels = sorted({ordered[number].partition(b".")[0] for number in slots if number >= 0},
                    key=lambda label: (-len(label), label))
    pool = bytearray()
    pool_offsets = {}
    for label in labels:
        if label in pool_offsets:
            continue
        offset = len(pool)
        pool.extend(label)
        for first in range(len(label)):
            for end in range(first + 1, len(label) + 1):
                pool_offsets.setdefault(label[first:end], offset + first)
    if len(pool) >= 1 << 18:
        raise ValueError("too many label bytes for the table")
    records = []
    for number in slots:
        if number < 0:
            records.extend([0] * 6)
            continue
        key = ordered[number]
        label, _, parent = key.partition(b".")
        parent_slot = slot_of_key[parent] if parent else ROOT_PARENT
        records.extend(digits(parent_slot | len(label) << 15, 3))
        records.extend(digits(pool_offsets[label] | keys[key] << 18, 3))
    out = bytearray()
    for displacement in displacements:
        out.extend(digits(displacement, 2))
    out.extend(records)
    out.extend(pool)
    return bytes(out), slot_count, bucket_count


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
    data, slot_count, bucket_count = build_suffix_table(entries)
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
  /// The table's slots.
  static var slotCount: Int {{ {slot_count} }}
  /// The table's buckets.
  static var bucketCount: Int {{ {bucket_count} }}

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
    print(f"{output}: {len(data)} bytes, {slot_count} slots, {bucket_count} buckets, {rule_count} rules",
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


# The IDNA tables: two tries over the code points (UTS #46 status and mapping; properties), the mappings that no
# common delta gives (the exception stream), decompositions and compositions. See IDNAData.swift.
IDNA_CODE_POINTS = 0x110000
# The stages of both tries (see `build_idna_trie`): the smallest tables for four stages of ids (three take 4 KB
# more, five 1 KB less).
IDNA_TRIE_SHIFTS = (16, 9, 5, 3)
# Mapping trie values: the four statuses without a mapping, one value per common delta (mapped to the one scalar
# `value + delta`), then "mapped as its leaf block's kth exception" (k below the leaf size), then the same for an
# exception that is also the code point's canonical decomposition.
IDNA_STATUS_VALUES = {0: 0, 1: 1, 3: 2, 4: 3}
IDNA_FIRST_DELTA = 4


def idna_sequence(scalars):
    """Scalars in the exception stream: each in groups of bits, high first, 6 bits a byte with bit 6 set, then a
    last byte of 5 bits with bit 6 clear and bit 5 set when another scalar of the sequence follows."""
    out = []
    for index, scalar in enumerate(scalars):
        groups = [scalar & 0x1F | (0x20 if index + 1 < len(scalars) else 0)]
        scalar >>= 5
        while scalar:
            groups.append(0x40 | scalar & 0x3F)
            scalar >>= 6
        out.extend(reversed(groups))
    return out


def build_idna_trie(values, shifts, header=None):
    """A trie of `values` (one per code point, each below 128) in stages: with shifts (16, 9, 5, 3), the top table is
    indexed by `value >> 16`, then a block of ids by bits 9-15, one by bits 5-8, one by bits 3-4 and a leaf block of
    one-byte values by bits 0-2. Identical blocks are stored once; a stage's ids take 1 byte when it has at most 128
    blocks, else 2. `header(first, block)` gives a number for a leaf block, or `None`: the blocks with a number come
    first, and their numbers are returned in order of id. Returns the bytes, the shape (each stage's offset from
    the trie's start and id width) and the numbers."""
    leaf_size = 1 << shifts[-1]
    blocks, ids, of = [], {}, []
    for first in range(0, IDNA_CODE_POINTS, leaf_size):
        block = tuple(values[first:first + leaf_size])
        key = (header(first, block) if header else None, block)
        if key not in ids:
            ids[key] = len(blocks)
            blocks.append(key)
        of.append(ids[key])
    order = sorted(range(len(blocks)), key=lambda index: (blocks[index][0] is None, index))
    renumber = {old: new for new, old in enumerate(order)}
    blocks = [blocks[index] for index in order]
    of = [renumber[index] for index in of]
    numbers = [number for number, _ in blocks if number is not None]
    leaf_bytes = b"".join(bytes(block) for _, block in blocks)
    stages = [(leaf_bytes, 1)]
    count = len(blocks)
    for upper, lower in zip(shifts[-2::-1], shifts[:0:-1]):
        size = 1 << (upper - lower)
        width = 1 if count <= 128 else 2
        blocks, ids, next_of = [], {}, []
        for first in range(0, len(of), size):
            block = tuple(of[first:first + size])
            if block not in ids:
                ids[block] = len(blocks)
                blocks.append(block)
            next_of.append(ids[block])
        stages.append((b"".join(bytes(digits(v, width)) for block in blocks for v in block), width))
        of, count = next_of, len(blocks)
    width = 1 if count <= 128 else 2
    stages.append((b"".join(bytes(digits(v, width)) for v in of), width))
    stages.reverse()
    out = bytearray()
    shape = []
    for data, width in stages:
        shape.append((len(out), width))
        out.extend(data)
    return bytes(out), shape, numbers


def build_idna_tables(path):
    """IDNAData's layout: (bytes, constants by name, sizes by part)."""
    sections = read_idna_sections(path)
    status_codes = {"v": 0, "d": 1, "m": 2, "i": 3}
    text_pool = [int(value, 16) for value in sections["mappingPool"].split(",")]
    mapping = []
    for row in sections["mapping"].split(";"):
        index = next(i for i, c in enumerate(row) if c >= "a")
        start, status = int(row[:index], 16), status_codes.get(row[index], 4)
        target = ()
        if status == 2:
            offset, length = (int(part, 16) for part in row[index + 1:].split("/"))
            target = tuple(text_pool[offset:offset + length])
            if not 1 <= len(target) == length < 32:
                raise ValueError("a mapping of %d scalars" % length)
        mapping.append((start, status, target))
    properties = []
    for row in sections["properties"].split(";"):
        start, word = row.split(":")
        properties.append((int(start, 16), int(word, 16)))
    decompositions = []
    for row in sections["decompositions"].split(";"):
        sign = next(i for i, c in enumerate(row) if c in "+-")
        parts = tuple(int(part, 16) for part in row[sign + 1:].split(","))
        if not 1 <= len(parts) <= 2 or 0 in parts:
            raise ValueError("a decomposition of %d scalars" % len(parts))
        decompositions.append((int(row[:sign], 16), parts, row[sign] == "+" and len(parts) == 2))
    decompositions.sort()
    decomposition_of = {code: parts for code, parts, _ in decompositions}

    def per_code_point(rows):
        values = [None] * IDNA_CODE_POINTS
        for index, (start, *rest) in enumerate(rows):
            end = rows[index + 1][0] if index + 1 < len(rows) else IDNA_CODE_POINTS
            values[start:end] = [tuple(rest)] * (end - start)
        if None in values:
            raise ValueError("a table does not start at U+0000")
        return values

    statuses = per_code_point(mapping)
    words = [word for (word,) in per_code_point(properties)]

    # Common deltas: single-scalar mappings `value -> value + delta` shared by most code points; what is left
    # (longer mappings, rare deltas) is an exception.
    leaf_size = 1 << IDNA_TRIE_SHIFTS[-1]
    delta_limit = 128 - IDNA_FIRST_DELTA - 2 * leaf_size
    counts = {}
    for value, (status, target) in enumerate(statuses):
        if status == 2 and len(target) == 1:
            counts[target[0] - value] = counts.get(target[0] - value, 0) + 1
    ranked = sorted(counts, key=lambda delta: (-counts[delta], delta))
    deltas = sorted(delta for delta in ranked[:delta_limit] if counts[delta] > 1)
    delta_index = {delta: index for index, delta in enumerate(deltas)}
    first_exception = IDNA_FIRST_DELTA + len(deltas)
    mapping_values = []
    exception_targets = []
    rank = 0
    for value, (status, target) in enumerate(statuses):
        if value % leaf_size == 0:
            rank = 0
        if status != 2:
            mapping_values.append(IDNA_STATUS_VALUES[status])
        elif len(target) == 1 and target[0] - value in delta_index:
            mapping_values.append(IDNA_FIRST_DELTA + delta_index[target[0] - value])
        else:
            is_decomposition = decomposition_of.get(value) == target
            mapping_values.append(first_exception + rank + (leaf_size if is_decomposition else 0))
            exception_targets.append(target)
            rank += 1
    # The exceptions' mappings, one after another in code point order (`idna_sequence`); each leaf block with
    # exceptions has the offset of its first one's (`exceptionOffsets`, 2 bytes, by leaf block id).
    exceptions = bytearray()
    exception_offset = {}
    targets = iter(exception_targets)
    for first in range(0, IDNA_CODE_POINTS, leaf_size):
        in_block = sum(1 for v in mapping_values[first:first + leaf_size] if v >= first_exception)
        exception_offset[first] = len(exceptions) if in_block else None
        for _ in range(in_block):
            exceptions.extend(idna_sequence(next(targets)))
    if len(exceptions) >= 1 << 14:
        raise ValueError("the exceptions are too long for a leaf block's two-byte offset")
    mapping_trie, mapping_shape, offsets = build_idna_trie(mapping_values, IDNA_TRIE_SHIFTS,
                                                           header=lambda first, block: exception_offset[first])
    # The decompositions that are their code point's mapping are read from the exceptions.
    in_exceptions = {value for value, v in enumerate(mapping_values) if v >= first_exception + leaf_size}
    if any(composes for code, _, composes in decompositions if code in in_exceptions):
        raise ValueError("a mapped code point composes back")
    decompositions = [entry for entry in decompositions if entry[0] not in in_exceptions]
    palette = sorted(set(words))
    palette_index = {word: index for index, word in enumerate(palette)}
    if len(palette) > 128:
        raise ValueError("more than 128 property words")
    property_trie, property_shape, _ = build_idna_trie([palette_index[word] for word in words], IDNA_TRIE_SHIFTS)

    # Decompositions, sorted by code point: the code point, the first part, the second part's index in `seconds`
    # (0: none). Compositions, sorted by (first, second): the index of the decomposition that composes back.
    seconds = sorted({parts[1] for _, parts, _ in decompositions if len(parts) == 2})
    if len(seconds) >= 128:
        raise ValueError("too many distinct second parts of decompositions")
    second_index = {second: index + 1 for index, second in enumerate(seconds)}
    decomposition_bytes = bytearray()
    for code, parts, _ in decompositions:
        decomposition_bytes.extend(digits(code, 3))
        decomposition_bytes.extend(digits(parts[0], 3))
        decomposition_bytes.append(second_index[parts[1]] if len(parts) == 2 else 0)
    compositions = sorted((parts, index) for index, (_, parts, composes) in enumerate(decompositions) if composes)
    composition_bytes = bytearray()
    for _, index in compositions:
        composition_bytes.extend(digits(index, 2))

    parts = [
        ("mappingTrie", mapping_trie),
        ("propertyTrie", property_trie),
        ("deltas", b"".join(bytes(digits(delta + (1 << 20), 3)) for delta in deltas)),
        ("propertyWords", b"".join(bytes(digits(word, 3)) for word in palette)),
        ("exceptions", bytes(exceptions)),
        ("exceptionOffsets", b"".join(bytes(digits(offset, 2)) for offset in offsets)),
        ("seconds", b"".join(bytes(digits(second, 3)) for second in seconds)),
        ("decompositions", bytes(decomposition_bytes)),
        ("compositions", bytes(composition_bytes)),
    ]
    out = bytearray()
    constants = {}
    for name, data in parts:
        constants[name] = len(out)
        out.extend(data)
    for prefix, shape in (("mapping", mapping_shape), ("property", property_shape)):
        for stage, (offset, width) in enumerate(shape):
            constants[f"{prefix}Stage{stage}"] = constants[prefix + "Trie"] + offset
            if stage < len(shape) - 1:
                constants[f"{prefix}Width{stage}"] = width
        del constants[prefix + "Trie"]
    for index, shift in enumerate(IDNA_TRIE_SHIFTS):
        constants[f"shift{index}"] = shift
    constants["firstException"] = first_exception
    constants["decompositionCount"] = len(decompositions)
    constants["compositionCount"] = len(compositions)
    sizes = {name: len(data) for name, data in parts}
    return bytes(out), constants, sizes


def write_idna_tables(path, output):
    data, constants, sizes = build_idna_tables(path)
    with open(path, encoding="utf-8") as handle:
        sources = [line[2:].rstrip("\n") for line in handle if line.startswith("# - ") or line.startswith("#   ")]
    lines = "\n".join(f"  static var {name}: Int {{ {value} }}" for name, value in constants.items())
    source_lines = "\n".join("// " + line for line in sources)
    swift = f"""// swift-format-ignore-file
// Generated by Scripts/generate_embedded_tables.py from Scripts/Data/idna_tables.txt. Do not edit: regenerate (see
// CONTRIBUTING.md). Sources and Unicode versions:
{source_lines}

/// The Unicode data of UTS #46 in `IDNAData`'s layout, read in place.
enum IDNATables {{
  // Where each part starts in the literal, each trie's stages (and the width of their ids, 1 or 2 bytes), the
  // tries' shifts, the first exception value of the mapping trie, and the number of (de)compositions.
{lines}

  /// The tables' first byte. Not inlined, so that the literal is emitted once, here: a file that inlined the
  /// literal would hold a copy of its own.
  @inline(never)
  static func start() -> UnsafePointer<UInt8> {{
    literal.utf8Start
  }}

  /// {len(data)} bytes: {", ".join(f"{name} {size}" for name, size in list(sizes.items())[:4])},
  /// {", ".join(f"{name} {size}" for name, size in list(sizes.items())[4:])}.
  private static let literal: StaticString = \"\"\"
{swift_literal(data)}
    \"\"\"
}}
"""
    with open(output, "w", encoding="utf-8") as handle:
        handle.write(swift)
    print(f"{output}: {len(data)} bytes, " + ", ".join(f"{k} {v}" for k, v in sizes.items()), file=sys.stderr)


def main():
    data = os.path.join(ROOT, "Scripts/Data")
    generated = os.path.join(ROOT, "Sources/SessionKit/Generated")
    write_suffix_table(os.path.join(data, "public_suffix_list.dat"),
                       os.path.join(generated, "PublicSuffixTable.swift"))
    write_idna_tables(os.path.join(data, "idna_tables.txt"), os.path.join(generated, "IDNATables.swift"))


if __name__ == "__main__":
    main()
