/// The Unicode data of UTS #46 (``IDNATables``, generated at build time), read in place: no parse and no
/// allocation at first use.
///
/// The mapping and property tables are merged into one list of ranges (a row holds from its start to the next
/// row's start), searched by binary search from the row of the code point's block of 256; a row names its
/// (mapping, properties) pair in a palette, as thousands of rows share a few pairs. Decompositions and primary
/// composites are sorted lists searched by binary search. Numbers are stored 7 bits a byte, low first (see
/// `Scripts/generate_embedded_tables.py`). Only non-ASCII code points are looked up; ASCII hosts never touch these
/// tables (``HostParser``'s fast path).
///
/// `@unchecked Sendable`: it points at a `StaticString`'s bytes, which are never written and never freed.
struct IDNAData: @unchecked Sendable {
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

  /// The compiled-in tables.
  static let shared = IDNAData(IDNATables.start())

  private let base: UnsafePointer<UInt8>

  private init(_ base: UnsafePointer<UInt8>) {
    self.base = base
  }

  private static let blockShift: UInt32 = 8
  // Where each table starts: row starts (3 bytes a row), row palette indexes (2 bytes a row), the pool (3 bytes a
  // scalar), the blocks (2 bytes each), the palette (6 bytes: mapping word, property word), decompositions (9
  // bytes: code, two parts, the second 0 when there is one), compositions (9 bytes: first, second, composite).
  private static var classOffset: Int { IDNATables.rowCount * 3 }
  private static var poolOffset: Int { IDNATables.rowCount * 5 }
  private static var blockOffset: Int { poolOffset + IDNATables.poolCount * 3 }
  private static var paletteOffset: Int { blockOffset + IDNATables.blockCount * 2 }
  private static var decompositionOffset: Int { paletteOffset + IDNATables.paletteCount * 6 }
  private static var compositionOffset: Int { decompositionOffset + IDNATables.decompositionCount * 9 }

  /// Where the palette entry of `row` is.
  @inline(__always)
  private func pairOffset(_ row: Int) -> Int {
    Self.paletteOffset &+ 6 &* read2(Self.classOffset &+ 2 &* row)
  }

  /// The 21-bit number at `offset`.
  @inline(__always)
  private func read3(_ offset: Int) -> UInt32 {
    UInt32(base[offset]) | UInt32(base[offset &+ 1]) << 7 | UInt32(base[offset &+ 2]) << 14
  }

  /// The 14-bit number at `offset`.
  @inline(__always)
  private func read2(_ offset: Int) -> Int {
    Int(base[offset]) | Int(base[offset &+ 1]) << 7
  }

  /// The UTS #46 status of `scalar` and, when mapped, which scalars of the pool (``replacement(at:)``) it maps to.
  @inline(__always)
  func mapping(of scalar: Unicode.Scalar) -> (Status, Range<Int>) {
    let lookup = lookUp(scalar)
    return (lookup.status, lookup.replacement)
  }

  /// The `index`th scalar of the pool that mapped code points map to.
  @inline(__always)
  func replacement(at index: Int) -> Unicode.Scalar {
    Unicode.Scalar(read3(Self.poolOffset &+ 3 &* index)) ?? "\u{FFFD}"
  }

  /// The bidi, joining, mark, combining-class and NFC properties of `scalar`.
  @inline(__always)
  func properties(of scalar: Unicode.Scalar) -> Properties {
    Properties(word: read3(pairOffset(row(of: scalar.value)) &+ 3))
  }

  /// The UTS #46 status, mapping and properties of `scalar` at the cost of one search.
  @inline(__always)
  func lookUp(_ scalar: Unicode.Scalar) -> (status: Status, replacement: Range<Int>, properties: Properties) {
    let pair = pairOffset(row(of: scalar.value))
    let word = read3(pair)
    let status = Status(rawValue: word & 0x7) ?? .disallowed
    let offset = Int(word >> 8)
    let replacement = status == .mapped ? offset..<(offset + Int((word >> 3) & 0x1F)) : 0..<0
    return (status, replacement, Properties(word: read3(pair &+ 3)))
  }

  /// The index of the last row whose start is at most `value`, searched from the row of its block to the row
  /// of the next block.
  @inline(__always)
  private func row(of value: UInt32) -> Int {
    let block = Int(value >> Self.blockShift)
    let blockCount = IDNATables.blockCount
    guard block < blockCount else { return IDNATables.rowCount - 1 }
    var low = read2(Self.blockOffset &+ 2 &* block)
    var high = block + 1 < blockCount ? read2(Self.blockOffset &+ 2 &* (block + 1)) + 1 : IDNATables.rowCount
    while high - low > 1 {
      let middle = (low + high) / 2
      if read3(3 &* middle) <= value { low = middle } else { high = middle }
    }
    return low
  }

  /// The canonical decomposition of `value` (one or two scalars), or `nil` when it has none (Hangul syllables
  /// are decomposed by algorithm, not here).
  func decomposition(of value: UInt32) -> (Unicode.Scalar, Unicode.Scalar?)? {
    var (low, high) = (0, IDNATables.decompositionCount)
    while low < high {
      let middle = (low + high) / 2
      let entry = Self.decompositionOffset &+ 9 &* middle
      let code = read3(entry)
      if code == value {
        let (first, second) = (read3(entry + 3), read3(entry + 6))
        return (Unicode.Scalar(first) ?? "\u{FFFD}", second == 0 ? nil : Unicode.Scalar(second))
      }
      if code < value { low = middle + 1 } else { high = middle }
    }
    return nil
  }

  /// The primary composite of `first` followed by `second`, or `nil`.
  func composition(of first: UInt32, _ second: UInt32) -> Unicode.Scalar? {
    var (low, high) = (0, IDNATables.compositionCount)
    while low < high {
      let middle = (low + high) / 2
      let entry = Self.compositionOffset &+ 9 &* middle
      let key = (read3(entry), read3(entry + 3))
      if key == (first, second) { return Unicode.Scalar(read3(entry + 6)) }
      if key < (first, second) { low = middle + 1 } else { high = middle }
    }
    return nil
  }
}
