/// The parser's fast path for the URLs apps mostly see: `http` or `https`, written the way the URL Standard
/// serializes them, so that parsing them changes nothing and every component is a slice of the input.
///
/// A URL qualifies when it is `https://` or `http://` in lower case, then a host of lower-case ASCII letters,
/// digits, `-` and `.` (no empty label, no trailing dot, no `xn--` label, and a last label that does not start
/// with a digit, so it is neither punycode to check nor a number to read as IPv4), with no credentials and no
/// port, then a path, query and fragment that have nothing to percent-encode, no `\` and no segment that starts
/// with `.` or `%` (so no dot segment to remove). Anything else returns `nil` and takes the full parser, which
/// gives the same result for every URL that qualifies (a test compares the two on the web-platform-tests URL
/// data and on random URLs).
///
/// The input is the URL's serialization unless its path is empty (`https://a.example` serializes as
/// `https://a.example/`); ``parse(_:isSerialization:)`` says which.
enum OrdinaryURL {
  static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> WebAddress? {
    var isSerialization = false
    return parse(bytes, isSerialization: &isSerialization)
  }

  /// Parses `bytes`; on success `isSerialization` tells whether `bytes` are the result's serialization.
  @inline(__always)
  static func parse(_ bytes: UnsafeBufferPointer<UInt8>, isSerialization: inout Bool) -> WebAddress? {
    let count = bytes.count
    guard count > 8, bytes[0] == UInt8(ascii: "h"), bytes[1] == UInt8(ascii: "t"), bytes[2] == UInt8(ascii: "t"),
      bytes[3] == UInt8(ascii: "p")
    else { return nil }
    let isHTTPS = bytes[4] == UInt8(ascii: "s")
    var index = isHTTPS ? 5 : 4
    guard bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "/"),
      bytes[index + 2] == UInt8(ascii: "/")
    else { return nil }
    index += 3

    // The host.
    let hostStart = index
    var labelStart = index
    while index < count {
      let byte = bytes[index]
      if Self.hostBytes.contains(byte) {
        // An `xn--` label is punycode, which the full parser validates.
        if index == labelStart && byte == UInt8(ascii: "x") && index + 3 < count
          && bytes[index + 1] == UInt8(ascii: "n") && bytes[index + 2] == UInt8(ascii: "-")
          && bytes[index + 3] == UInt8(ascii: "-")
        {
          return nil
        }
      } else if byte == UInt8(ascii: ".") {
        guard index > labelStart else { return nil }
        labelStart = index + 1
      } else if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
        break
      } else {
        return nil
      }
      index += 1
    }
    // Not empty, no trailing dot, and a last label that cannot be a number.
    guard index > labelStart, !isDigit(bytes[labelStart]) else { return nil }
    let hostEnd = index

    // The path.
    let pathStart = index
    if index < count && bytes[index] == UInt8(ascii: "/") {
      var segmentStart = true
      while index < count {
        let byte = bytes[index]
        if !Self.pathBytes.contains(byte) {
          if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
          return nil
        }
        if segmentStart && (byte == UInt8(ascii: ".") || byte == UInt8(ascii: "%")) { return nil }
        segmentStart = byte == UInt8(ascii: "/")
        index += 1
      }
    }
    let pathEnd = index

    var query: String?
    if index < count && bytes[index] == UInt8(ascii: "?") {
      let start = index + 1
      index = start
      while index < count && bytes[index] != UInt8(ascii: "#") {
        if !Self.queryBytes.contains(bytes[index]) { return nil }
        index += 1
      }
      query = string(bytes, start..<index)
    }
    var fragment: String?
    if index < count {
      let start = index + 1
      for position in start..<count where !Self.fragmentBytes.contains(bytes[position]) { return nil }
      fragment = string(bytes, start..<count)
    }
    isSerialization = pathEnd > pathStart
    return WebAddress(
      scheme: isHTTPS ? "https" : "http", username: "", password: "", host: .domain(string(bytes, hostStart..<hostEnd)),
      port: nil, path: pathEnd > pathStart ? string(bytes, pathStart..<pathEnd) : "/", query: query,
      fragment: fragment, hasOpaquePath: false)
  }

  @inline(__always)
  private static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }

  /// Host bytes other than `.`: lower-case letters, digits, `-`.
  static var hostBytes: ASCIISet { ASCIISet(low: 0x03FF_2000_0000_0000, high: 0x07FF_FFFE_0000_0000) }
  /// Path bytes that need no percent-encoding in a special URL (``PercentEncodeSet/path``, and no `\`).
  static var pathBytes: ASCIISet { ASCIISet(low: 0x2FFF_FFF2_0000_0000, high: 0x57FF_FFFE_AFFF_FFFF) }
  /// Query bytes that need no percent-encoding in a special URL (``PercentEncodeSet/specialQuery``), `#` aside.
  static var queryBytes: ASCIISet { ASCIISet(low: 0xAFFF_FF72_0000_0000, high: 0x7FFF_FFFF_FFFF_FFFF) }
  /// Fragment bytes that need no percent-encoding (``PercentEncodeSet/fragment``).
  static var fragmentBytes: ASCIISet { ASCIISet(low: 0xAFFF_FFFA_0000_0000, high: 0x7FFF_FFFE_FFFF_FFFF) }

  @inline(__always)
  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}

/// A set of ASCII bytes as two 64-bit masks: membership is a shift and a test.
struct ASCIISet: Sendable {
  let low: UInt64
  let high: UInt64

  @inline(__always)
  func contains(_ byte: UInt8) -> Bool {
    if byte < 64 { return (low >> UInt64(byte)) & 1 != 0 }
    if byte < 128 { return (high >> UInt64(byte &- 64)) & 1 != 0 }
    return false
  }
}
