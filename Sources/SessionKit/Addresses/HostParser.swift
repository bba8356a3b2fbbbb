/// The URL Standard's host parser, on UTF-8 bytes, with an ASCII fast path.
///
/// Domain to ASCII is UTS #46 with the URL Standard's flags (``UTS46``). An ASCII domain with no
/// `%` and no `xn--` label is only lower-cased, as the standard allows, without touching the
/// Unicode tables.
enum HostParser {
  /// Parses a non-empty host. `isOpaque` is true for non-special schemes.
  static func parse(_ bytes: UnsafeBufferPointer<UInt8>, isOpaque: Bool) throws(AddressError) -> WebHost {
    if bytes.first == UInt8(ascii: "[") {
      guard bytes.count >= 2, bytes.last == UInt8(ascii: "]") else {
        throw AddressError(.invalidIPv6, "missing \"]\"")
      }
      return .ipv6(try IPAddressParser.parseIPv6(UnsafeBufferPointer(rebasing: bytes[1..<(bytes.count - 1)])))
    }
    if isOpaque {
      return try parseOpaque(bytes)
    }
    if isPlainASCIIDomain(bytes) {
      return try finishDomain(bytes)
    }
    let ascii: [UInt8]
    if bytes.contains(UInt8(ascii: "%")) {
      ascii = try PercentEncodeSet.decode(bytes).withUnsafeTypedBufferPointer { (decoded) throws(AddressError) in
        try domainToASCII(decoded)
      }
    } else {
      ascii = try domainToASCII(bytes)
    }
    return try ascii.withUnsafeTypedBufferPointer { (buffer) throws(AddressError) -> WebHost in
      try finishDomain(buffer)
    }
  }

  /// The host of a non-special URL: forbidden host code points fail, controls and non-ASCII
  /// are percent-encoded, nothing else changes.
  private static func parseOpaque(_ bytes: UnsafeBufferPointer<UInt8>) throws(AddressError) -> WebHost {
    if let bad = bytes.first(where: isForbiddenHostCodePoint) {
      throw AddressError(.forbiddenHostCodePoint, "forbidden code point \(AddressError.show(byte: bad))")
    }
    return .opaque(PercentEncodeSet.c0Control.encode(bytes))
  }

  /// ASCII, no `%`, and no label starting with `xn--`: domain to ASCII is just lower-casing.
  private static func isPlainASCIIDomain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var labelStart = true
    for index in bytes.indices {
      let byte = bytes[index]
      if byte >= 0x80 || byte == UInt8(ascii: "%") { return false }
      if labelStart && (byte | 0x20) == UInt8(ascii: "x") && index + 3 < bytes.count
        && (bytes[index + 1] | 0x20) == UInt8(ascii: "n") && bytes[index + 2] == UInt8(ascii: "-")
        && bytes[index + 3] == UInt8(ascii: "-")
      {
        return false
      }
      labelStart = byte == UInt8(ascii: ".")
    }
    return true
  }

  /// Checks an ASCII domain (not yet lower-cased) for forbidden code points, then makes it an
  /// IPv4 address if it ends in a number, else a lower-case domain (a trailing dot kept).
  private static func finishDomain(_ bytes: UnsafeBufferPointer<UInt8>) throws(AddressError) -> WebHost {
    guard !bytes.isEmpty else { throw AddressError(.invalidHost, "the domain is empty after IDNA mapping") }
    var hasUpper = false
    for byte in bytes {
      if isForbiddenDomainCodePoint(byte) {
        throw AddressError(.forbiddenHostCodePoint, "forbidden code point \(AddressError.show(byte: byte))")
      }
      if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") {
        hasUpper = true
      }
    }
    if IPAddressParser.endsInANumber(bytes) {
      return .ipv4(try IPAddressParser.parseIPv4(bytes))
    }
    guard hasUpper else { return .domain(String(decoding: bytes, as: UTF8.self)) }
    return .domain(String(decoding: bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self))
  }

  /// The URL Standard's "domain to ASCII" of a percent-decoded domain: UTF-8 decoded (an invalid sequence
  /// becomes U+FFFD, which UTS #46 disallows), then ``UTS46/toASCII(_:data:)``.
  static func domainToASCII(_ bytes: UnsafeBufferPointer<UInt8>) throws(AddressError) -> [UInt8] {
    let ascii = try UTS46.toASCII(utf8: bytes)
    guard !ascii.isEmpty else { throw AddressError(.invalidHost, "the domain is empty after IDNA mapping") }
    return ascii
  }

  /// Forbidden host code points: NUL, tab, LF, CR, space, `#`, `/`, `:`, `<`, `>`, `?`, `@`,
  /// `[`, `\`, `]`, `^`, `|`.
  @inline(__always)
  static func isForbiddenHostCodePoint(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x00, 0x09, 0x0A, 0x0D, 0x20, 0x23, 0x2F, 0x3A, 0x3C, 0x3E, 0x3F, 0x40, 0x5B, 0x5C, 0x5D, 0x5E, 0x7C:
      true
    default: false
    }
  }

  /// Forbidden domain code points: the forbidden host code points, C0 controls, `%` and DEL.
  @inline(__always)
  static func isForbiddenDomainCodePoint(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == 0x25 || byte == 0x7F || isForbiddenHostCodePoint(byte)
  }
}
