/// Byte-wise comparisons of strings, for the evaluation path.
///
/// `String`'s own `==` and `hasPrefix` compare by canonical equivalence: equal strings are cheap, but every
/// unequal pair takes the slow path. URLs, hosts and schemes the parser produced are ASCII, where bytes and
/// canonical equivalence agree.
extension String {
  /// Whether the two strings have the same UTF-8 bytes.
  @inline(__always)
  func hasSameBytes(as other: String) -> Bool {
    guard utf8.count == other.utf8.count else { return false }
    var this = self
    var other = other
    return this.withUTF8 { a in other.withUTF8 { b in UTF8Bytes.equal(a, b) } }
  }

  /// Whether the string's UTF-8 bytes start with `prefix`'s.
  @inline(__always)
  func startsWithBytes(of prefix: String) -> Bool {
    guard utf8.count >= prefix.utf8.count else { return false }
    var this = self
    var prefix = prefix
    return this.withUTF8 { a in
      prefix.withUTF8 { b in UTF8Bytes.equal(UnsafeBufferPointer(rebasing: a[..<b.count]), b) }
    }
  }
}

/// Comparisons of byte buffers.
enum UTF8Bytes {
  /// Whether two buffers hold the same bytes (eight at a time).
  @inline(__always)
  static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    guard let x = a.baseAddress, let y = b.baseAddress else { return true }
    var index = 0
    while index + 8 <= a.count {
      if UnsafeRawPointer(x + index).loadUnaligned(as: UInt64.self)
        != UnsafeRawPointer(y + index).loadUnaligned(as: UInt64.self)
      {
        return false
      }
      index += 8
    }
    while index < a.count {
      if x[index] != y[index] { return false }
      index += 1
    }
    return true
  }

  /// Whether a buffer holds the bytes of `literal`.
  @inline(__always)
  static func equal(_ a: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
    equal(a, UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
  }
}
