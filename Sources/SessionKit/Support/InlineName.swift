/// A name of at most ``capacity`` bytes held in its owner's own storage, so that comparing it reads no string's
/// buffer: for the site a committed page compares navigations with, where a `String` of more than 15 bytes
/// kept its bytes in a heap object of its own (a cache line of its own for every decision, cold with 10 000
/// sessions). Longer names, and the absence of a name, are recorded as such for the caller to fall back.
struct InlineName: Sendable {
  /// The most bytes held inline.
  static let capacity = 23
  /// The count byte's value for "no name".
  private static let absent: UInt8 = 0xFE
  /// The count byte's value for "a name too long to hold inline".
  private static let tooLong: UInt8 = 0xFF

  /// The bytes (0 ..< 23), then the count (byte 23).
  private let words: (UInt64, UInt64, UInt64)

  /// What comparing with a name found.
  enum Match: Equatable {
    /// The names are the same.
    case same
    /// They differ (or there is no name to compare with).
    case different
    /// The name is too long to be held inline: the caller compares with its own copy.
    case unknown
  }

  /// No name.
  static let none = InlineName(count: absent)

  private init(count: UInt8) {
    var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
    withUnsafeMutableBytes(of: &words) { $0[Self.capacity] = count }
    self.words = words
  }

  /// `bytes`, inline when they fit.
  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
    withUnsafeMutableBytes(of: &words) { raw in
      guard bytes.count <= Self.capacity else {
        raw[Self.capacity] = Self.tooLong
        return
      }
      if !bytes.isEmpty { raw.copyMemory(from: UnsafeRawBufferPointer(bytes)) }
      raw[Self.capacity] = UInt8(bytes.count)
    }
    self.words = words
  }

  /// Compares the name with `bytes`: the three words of each, count byte included, so that "no name" (whose
  /// count byte no name of inline size has) never matches, whatever the length of `bytes`.
  @inline(__always)
  func match(_ bytes: UnsafeBufferPointer<UInt8>) -> Match {
    let count = withUnsafeBytes(of: words) { $0[Self.capacity] }
    if count == Self.tooLong { return .unknown }
    guard bytes.count <= Self.capacity else { return .different }
    let other = InlineName(bytes).words
    return words.0 == other.0 && words.1 == other.1 && words.2 == other.2 ? .same : .different
  }
}
