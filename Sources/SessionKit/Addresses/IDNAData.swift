/// The Unicode data of ``IDNATables``, decoded once on first use into sorted arrays searched by binary search.
///
/// Every table is a list of ranges: a row holds from its start to the next row's start. Only non-ASCII code
/// points are looked up; ASCII hosts never touch these tables (``HostParser``'s fast path). A class, so that
/// passing it around retains one reference.
///
/// `@unchecked Sendable` because the lookup tables are buffers rather than arrays (reading an array stored in a
/// class retains and releases it on every lookup, a third of the lookup's time): they are written only in `init`,
/// never mutated after it, and never deallocated (the only instance is ``shared``, which lives as long as the
/// process), so concurrent reads are safe.
final class IDNAData: @unchecked Sendable {
  /// The UTS #46 status of a code point (non-transitional processing: deviations are kept as valid).
  enum Status: UInt32 {
    case valid = 0
    case deviation = 1
    case mapped = 2
    case ignored = 3
    case disallowed = 4
  }

  /// Bidi_Class values the bidi rule (RFC 5893) distinguishes; every other class is `.other`.
  enum BidiClass: UInt32 {
    case l = 0
    case r
    case al
    case an
    case en
    case es
    case cs
    case et
    case on
    case bn
    case nsm
    case other
  }

  /// Joining_Type values (CONTEXTJ rule of ZERO WIDTH NON-JOINER).
  enum JoiningType: UInt32 {
    case nonJoining = 0
    case dual
    case left
    case right
    case transparent
    case causing
  }

  /// The properties of one code point, packed as the generator writes them.
  struct Properties {
    let word: UInt32
    var bidiClass: BidiClass { BidiClass(rawValue: word & 0xF) ?? .other }
    var joiningType: JoiningType { JoiningType(rawValue: (word >> 4) & 0x7) ?? .nonJoining }
    var isMark: Bool { word & 0x80 != 0 }
    var combiningClass: UInt8 { UInt8(truncatingIfNeeded: word >> 8) }
    /// NFC_Quick_Check is No or Maybe: the scalar may change under NFC.
    var mayChangeUnderNFC: Bool { word & 0x1_0000 != 0 }
  }

  static let shared = IDNAData()

  /// The mapping and property tables merged into one list of ranges, so that one lookup finds both.
  private let starts: UnsafeBufferPointer<UInt32>
  /// Status in bits 0-2, mapping length in bits 3-7, offset into `pool` from bit 8.
  private let mappingWords: UnsafeBufferPointer<UInt32>
  private let propertyWords: UnsafeBufferPointer<UInt32>
  /// The scalars that mapped code points map to.
  let pool: UnsafeBufferPointer<Unicode.Scalar>
  /// For each block of 64 code points, the row that holds its first code point: a lookup searches only the
  /// rows that start inside its block (usually none or a few).
  private let blocks: UnsafeBufferPointer<UInt16>
  private static let blockShift: UInt32 = 6
  /// Canonical decompositions, one or two scalars each.
  let decompositions: [UInt32: [Unicode.Scalar]]
  /// Primary composites by `first << 21 | second`.
  let compositions: [UInt64: Unicode.Scalar]

  private init() {
    var mappingStarts: [UInt32] = []
    var mappingRows: [UInt32] = []
    IDNAData.rows(IDNATables.mapping) { row in
      guard let statusIndex = row.firstIndex(where: { $0 >= UInt8(ascii: "a") }) else { return }
      let start = IDNAData.hex(row[..<statusIndex])
      let status: UInt32 =
        switch row[statusIndex] {
        case UInt8(ascii: "v"): 0
        case UInt8(ascii: "d"): 1
        case UInt8(ascii: "m"): 2
        case UInt8(ascii: "i"): 3
        default: 4
        }
      var word = status
      if status == 2, let slash = row.firstIndex(of: UInt8(ascii: "/")) {
        let offset = IDNAData.hex(row[(statusIndex + 1)..<slash])
        let length = IDNAData.hex(row[(slash + 1)...])
        word |= length << 3 | offset << 8
      }
      mappingStarts.append(start)
      mappingRows.append(word)
    }
    var pool: [Unicode.Scalar] = []
    IDNAData.rows(IDNATables.mappingPool, separator: UInt8(ascii: ",")) { row in
      pool.append(Unicode.Scalar(IDNAData.hex(row[...])) ?? "\u{FFFD}")
    }
    var propertyStarts: [UInt32] = []
    var propertyWords: [UInt32] = []
    IDNAData.rows(IDNATables.properties) { row in
      guard let colon = row.firstIndex(of: UInt8(ascii: ":")) else { return }
      propertyStarts.append(IDNAData.hex(row[..<colon]))
      propertyWords.append(IDNAData.hex(row[(colon + 1)...]))
    }
    var decompositions: [UInt32: [Unicode.Scalar]] = [:]
    var compositions: [UInt64: Unicode.Scalar] = [:]
    IDNAData.rows(IDNATables.decompositions) { row in
      guard let sign = row.firstIndex(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }) else { return }
      let code = IDNAData.hex(row[..<sign])
      let parts = row[(sign + 1)...].split(separator: UInt8(ascii: ",")).compactMap {
        Unicode.Scalar(IDNAData.hex($0))
      }
      decompositions[code] = parts
      if row[sign] == UInt8(ascii: "+"), parts.count == 2, let composite = Unicode.Scalar(code) {
        compositions[UInt64(parts[0].value) << 21 | UInt64(parts[1].value)] = composite
      }
    }
    // Both tables start at 0; a merged row starts wherever either does.
    var starts: [UInt32] = []
    var mappingWords: [UInt32] = []
    var mergedPropertyWords: [UInt32] = []
    var (mapping, property) = (0, 0)
    while mapping < mappingStarts.count || property < propertyStarts.count {
      let nextMapping = mapping < mappingStarts.count ? mappingStarts[mapping] : .max
      let nextProperty = property < propertyStarts.count ? propertyStarts[property] : .max
      let start = min(nextMapping, nextProperty)
      if nextMapping == start { mapping += 1 }
      if nextProperty == start { property += 1 }
      starts.append(start)
      mappingWords.append(mappingRows[mapping - 1])
      mergedPropertyWords.append(propertyWords[property - 1])
    }
    self.starts = IDNAData.permanent(starts)
    self.mappingWords = IDNAData.permanent(mappingWords)
    self.propertyWords = IDNAData.permanent(mergedPropertyWords)
    self.pool = IDNAData.permanent(pool)
    self.blocks = IDNAData.permanent(IDNAData.blocks(of: starts))
    self.decompositions = decompositions
    self.compositions = compositions
  }

  /// A copy of `array` that is never freed (see the type's documentation).
  private static func permanent<Element>(_ array: [Element]) -> UnsafeBufferPointer<Element> {
    let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: array.count)
    _ = buffer.initialize(from: array)
    return UnsafeBufferPointer(buffer)
  }

  /// The UTS #46 status of `scalar` and, when mapped, where in ``pool`` what it maps to is.
  @inline(__always)
  func mapping(of scalar: Unicode.Scalar) -> (Status, Range<Int>) {
    let lookup = lookUp(scalar)
    return (lookup.status, lookup.replacement)
  }

  /// The bidi, joining, mark, combining-class and NFC properties of `scalar`.
  @inline(__always)
  func properties(of scalar: Unicode.Scalar) -> Properties {
    Properties(word: propertyWords[IDNAData.row(of: scalar.value, in: starts, blocks: blocks)])
  }

  /// The UTS #46 status, mapping and properties of `scalar` at the cost of one search.
  @inline(__always)
  func lookUp(_ scalar: Unicode.Scalar) -> (status: Status, replacement: Range<Int>, properties: Properties) {
    let row = IDNAData.row(of: scalar.value, in: starts, blocks: blocks)
    let word = mappingWords[row]
    let status = Status(rawValue: word & 0x7) ?? .disallowed
    let offset = Int(word >> 8)
    let replacement = status == .mapped ? offset..<(offset + Int((word >> 3) & 0x1F)) : 0..<0
    return (status, replacement, Properties(word: propertyWords[row]))
  }

  /// The index of the last row whose start is at most `value`, searched from the row of its block to the row
  /// of the next block.
  @inline(__always)
  private static func row(of value: UInt32, in starts: UnsafeBufferPointer<UInt32>, blocks: UnsafeBufferPointer<UInt16>)
    -> Int
  {
    let block = Int(value >> blockShift)
    var low = Int(blocks[block])
    var high = block + 1 < blocks.count ? Int(blocks[block + 1]) + 1 : starts.count
    while high - low > 1 {
      let middle = (low + high) / 2
      if starts[middle] <= value { low = middle } else { high = middle }
    }
    return low
  }

  /// The row holding the first code point of each block of 64.
  private static func blocks(of starts: [UInt32]) -> [UInt16] {
    var blocks: [UInt16] = []
    blocks.reserveCapacity(0x110000 >> blockShift)
    var row = 0
    for block in 0..<UInt32(0x110000 >> blockShift) {
      let first = block << blockShift
      while row + 1 < starts.count && starts[row + 1] <= first { row += 1 }
      blocks.append(UInt16(row))
    }
    return blocks
  }

  /// Calls `body` with each `separator`-separated row of a table, the literal's line breaks removed.
  private static func rows(
    _ table: String, separator: UInt8 = UInt8(ascii: ";"), _ body: (ArraySlice<UInt8>) -> Void
  ) {
    let bytes = Array(table.utf8.filter { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: " ") })
    for row in bytes.split(separator: separator) {
      body(row)
    }
  }

  private static func hex(_ digits: ArraySlice<UInt8>) -> UInt32 {
    var value: UInt32 = 0
    for digit in digits {
      let nibble: UInt8 = digit <= UInt8(ascii: "9") ? digit &- UInt8(ascii: "0") : (digit | 0x20) &- 87
      value = value << 4 | UInt32(nibble & 0xF)
    }
    return value
  }
}
