/// The Unicode data of UTS #46 (``IDNATables``, generated at build time), read in place: no parse and no
/// allocation at first use.
///
/// Two tries map a code point to a one-byte value: the mapping trie to its UTS #46 status and mapping, the property
/// trie to its property word's index in a palette. Each is five stages (`IDNATables.shift0`...`shift3`): a top
/// table indexed by the plane, then blocks of ids indexed by the next bits, down to leaf blocks of 8 values;
/// identical blocks are stored once. A mapping trie value is a status, a common delta (mapped to the one scalar
/// `value + delta`), or the kth exception of its leaf block, whose mapping is in the exception stream from the
/// offset its leaf block has (an exception may also be the code point's canonical decomposition). Other
/// decompositions are a sorted list searched by binary search; compositions list the decompositions that compose
/// back, sorted by their parts. Numbers are stored 7 bits a byte, low first (see
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

  /// The scalars a code point maps to, read from the tables as they are iterated.
  struct Replacement: Sequence, IteratorProtocol {
    /// The exception stream's bytes from the next scalar's, or `nil` when the replacement is `single`.
    private var stream: UnsafePointer<UInt8>?
    /// The one scalar of a replacement not in the stream, `nil` once iterated (or for none).
    private var single: Unicode.Scalar?

    fileprivate init(stream: UnsafePointer<UInt8>?, single: Unicode.Scalar?) {
      self.stream = stream
      self.single = single
    }

    /// No scalars.
    static var none: Replacement { Replacement(stream: nil, single: nil) }

    /// The next scalar: bytes of 6 bits with bit 6 set, high first, then a byte of 5 bits whose bit 5 says
    /// whether another scalar follows.
    mutating func next() -> Unicode.Scalar? {
      guard var bytes = stream else {
        defer { single = nil }
        return single
      }
      var value: UInt32 = 0
      while bytes.pointee & 0x40 != 0 {
        value = value << 6 | UInt32(bytes.pointee & 0x3F)
        bytes += 1
      }
      value = value << 5 | UInt32(bytes.pointee & 0x1F)
      stream = bytes.pointee & 0x20 != 0 ? bytes + 1 : nil
      return Unicode.Scalar(value) ?? "\u{FFFD}"
    }
  }

  /// The compiled-in tables.
  static let shared = IDNAData(IDNATables.start())

  private let base: UnsafePointer<UInt8>

  private init(_ base: UnsafePointer<UInt8>) {
    self.base = base
  }

  /// The number at `offset`, `width` (1 or 2) bytes long.
  @inline(__always)
  private func read(_ offset: Int, width: Int) -> Int {
    width == 1 ? Int(base[offset]) : Int(base[offset]) | Int(base[offset &+ 1]) << 7
  }

  /// The 21-bit number at `offset`.
  @inline(__always)
  private func read3(_ offset: Int) -> UInt32 {
    UInt32(base[offset]) | UInt32(base[offset &+ 1]) << 7 | UInt32(base[offset &+ 2]) << 14
  }

  /// The id of the leaf block of `value` (below 0x110000) in the mapping trie (`mapping`) or the property trie.
  @inline(__always)
  private func leafBlock(_ value: UInt32, mapping: Bool) -> Int {
    typealias T = IDNATables
    let stages =
      mapping
      ? (T.mappingStage0, T.mappingStage1, T.mappingStage2, T.mappingStage3, T.mappingStage4)
      : (T.propertyStage0, T.propertyStage1, T.propertyStage2, T.propertyStage3, T.propertyStage4)
    let widths =
      mapping
      ? (T.mappingWidth0, T.mappingWidth1, T.mappingWidth2, T.mappingWidth3)
      : (T.propertyWidth0, T.propertyWidth1, T.propertyWidth2, T.propertyWidth3)
    let value = Int(value)
    var id = read(stages.0 &+ (value >> T.shift0) &* widths.0, width: widths.0)
    var index = id << (T.shift0 - T.shift1) | (value >> T.shift1) & ((1 << (T.shift0 - T.shift1)) - 1)
    id = read(stages.1 &+ index &* widths.1, width: widths.1)
    index = id << (T.shift1 - T.shift2) | (value >> T.shift2) & ((1 << (T.shift1 - T.shift2)) - 1)
    id = read(stages.2 &+ index &* widths.2, width: widths.2)
    index = id << (T.shift2 - T.shift3) | (value >> T.shift3) & ((1 << (T.shift2 - T.shift3)) - 1)
    return read(stages.3 &+ index &* widths.3, width: widths.3)
  }

  /// The value of `value` in the leaf block `block` of the mapping trie (`mapping`) or the property trie.
  @inline(__always)
  private func leafValue(_ value: UInt32, block: Int, mapping: Bool) -> Int {
    let leaves = mapping ? IDNATables.mappingStage4 : IDNATables.propertyStage4
    let mask = (1 << IDNATables.shift3) - 1
    return Int(base[leaves &+ block << IDNATables.shift3 &+ Int(value) & mask])
  }

  /// The mapping trie's value of `value` (below 0x110000) and the id of its leaf block.
  @inline(__always)
  private func mappingValue(_ value: UInt32) -> (value: Int, block: Int) {
    let block = leafBlock(value, mapping: true)
    return (leafValue(value, block: block, mapping: true), block)
  }

  /// The mapping of the `rank`th exception of the mapping trie's leaf block `block` (the leaf blocks with
  /// exceptions come first, and each has the offset of its first exception's mapping).
  @inline(__always)
  private func exception(_ rank: Int, block: Int) -> Replacement {
    var offset = IDNATables.exceptions &+ read(IDNATables.exceptionOffsets &+ 2 &* block, width: 2)
    for _ in 0..<rank {
      // Each mapping ends with a byte with bits 5 and 6 clear.
      while base[offset] & 0x60 != 0 { offset &+= 1 }
      offset &+= 1
    }
    return Replacement(stream: base + offset, single: nil)
  }

  /// The UTS #46 status of `scalar` and, when mapped, the scalars it maps to.
  @inline(__always)
  func mapping(of scalar: Unicode.Scalar) -> (Status, Replacement) {
    let (value, block) = mappingValue(scalar.value)
    switch value {
    case 0: return (.valid, .none)
    case 1: return (.deviation, .none)
    case 2: return (.ignored, .none)
    case 3: return (.disallowed, .none)
    case ..<IDNATables.firstException:
      let delta = Int32(bitPattern: read3(IDNATables.deltas &+ 3 &* (value &- 4))) - (1 << 20)
      let target = Unicode.Scalar(UInt32(bitPattern: Int32(bitPattern: scalar.value) &+ delta)) ?? "\u{FFFD}"
      return (.mapped, Replacement(stream: nil, single: target))
    default:
      return (.mapped, exception((value &- IDNATables.firstException) & ((1 << IDNATables.shift3) - 1), block: block))
    }
  }

  /// The bidi, joining, mark, combining-class and NFC properties of `scalar`.
  @inline(__always)
  func properties(of scalar: Unicode.Scalar) -> Properties {
    let block = leafBlock(scalar.value, mapping: false)
    let index = leafValue(scalar.value, block: block, mapping: false)
    return Properties(word: read3(IDNATables.propertyWords &+ 3 &* index))
  }

  /// The UTS #46 status, mapping and properties of `scalar`.
  @inline(__always)
  func lookUp(_ scalar: Unicode.Scalar) -> (status: Status, replacement: Replacement, properties: Properties) {
    let (status, replacement) = mapping(of: scalar)
    return (status, replacement, properties(of: scalar))
  }

  /// The canonical decomposition of `value` (one or two scalars), or `nil` when it has none (Hangul syllables
  /// are decomposed by algorithm, not here).
  func decomposition(of value: UInt32) -> (Unicode.Scalar, Unicode.Scalar?)? {
    guard value < 0x11_0000 else { return nil }
    let (trieValue, block) = mappingValue(value)
    let rank = trieValue &- IDNATables.firstException &- (1 << IDNATables.shift3)
    if rank >= 0 {
      // The code point maps to its decomposition, which is in the exceptions.
      var parts = exception(rank, block: block)
      guard let first = parts.next() else { return nil }
      return (first, parts.next())
    }
    var (low, high) = (0, IDNATables.decompositionCount)
    while low < high {
      let middle = (low + high) / 2
      let entry = IDNATables.decompositions &+ 7 &* middle
      let code = read3(entry)
      if code == value { return (Unicode.Scalar(read3(entry + 3)) ?? "\u{FFFD}", second(entry)) }
      if code < value { low = middle + 1 } else { high = middle }
    }
    return nil
  }

  /// The second part of the decomposition at `entry`: 7 bytes, the code point, the first part and the second
  /// part's index in the list of second parts (0: none).
  @inline(__always)
  private func second(_ entry: Int) -> Unicode.Scalar? {
    let index = Int(base[entry &+ 6])
    return index == 0 ? nil : Unicode.Scalar(read3(IDNATables.seconds &+ 3 &* (index &- 1)))
  }

  /// The primary composite of `first` followed by `second`, or `nil`.
  func composition(of first: UInt32, _ second: UInt32) -> Unicode.Scalar? {
    var (low, high) = (0, IDNATables.compositionCount)
    while low < high {
      let middle = (low + high) / 2
      let entry = IDNATables.decompositions &+ 7 &* read(IDNATables.compositions &+ 2 &* middle, width: 2)
      let key = (read3(entry + 3), self.second(entry)?.value ?? 0)
      if key == (first, second) { return Unicode.Scalar(read3(entry)) }
      if key < (first, second) { low = middle + 1 } else { high = middle }
    }
    return nil
  }
}
