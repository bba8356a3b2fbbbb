/// The parser's fast path for the URLs apps mostly see: `http` or `https`, written the way the URL Standard
/// serializes them, so that parsing them changes nothing and the input string is the result's serialization.
///
/// A URL qualifies when it is `https://` or `http://` in lower case, then a host of lower-case ASCII letters,
/// digits, `-` and `.` (no empty label, no trailing dot, no `xn--` label, and a last label that does not start
/// with a digit, so it is neither punycode to check nor a number to read as IPv4), with no credentials and no
/// port, then a path, query and fragment that have nothing to percent-encode, no `\` and no segment that starts
/// with `.` or `%` (so no dot segment to remove). Anything else returns `nil` and takes the full parser, which
/// gives the same result for every URL that qualifies (a test compares the two on the web-platform-tests URL
/// data and on random URLs).
///
/// The result keeps the input string itself (no copy, no allocation) unless its path is empty:
/// `https://a.example` serializes as `https://a.example/`, one string made.
enum OrdinaryURL {
  /// Parses `string`, which `withUTF8` may make native first (so that the result shares the native string).
  static func parse(_ string: inout String) -> WebAddress? {
    guard let layout = string.withUTF8(scan) else { return nil }
    guard layout.pathStart == layout.pathEnd else { return WebAddress(href: string, layout: layout) }
    // No path: the serialization has `/` there.
    let hostEnd = Int(layout.hostEnd)
    let href = string.withUTF8 { bytes in
      String(decoding: UnsafeBufferPointer(rebasing: bytes[..<hostEnd]), as: UTF8.self) + "/"
        + String(decoding: UnsafeBufferPointer(rebasing: bytes[hostEnd...]), as: UTF8.self)
    }
    var shifted = layout
    if shifted.queryStart != WebAddress.Layout.absent { shifted.queryStart += 1 }
    if shifted.fragmentStart != WebAddress.Layout.absent { shifted.fragmentStart += 1 }
    shifted.count += 1
    return WebAddress(href: href, layout: shifted)
  }

  /// Where the components of an ordinary URL are in `bytes`, or `nil` when it is not one.
  @inline(__always)
  static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> WebAddress.Layout? {
    let count = bytes.count
    guard count > 8, count < WebAddress.Layout.absent, bytes[0] == UInt8(ascii: "h"),
      bytes[1] == UInt8(ascii: "t"), bytes[2] == UInt8(ascii: "t"), bytes[3] == UInt8(ascii: "p")
    else { return nil }
    let isHTTPS = bytes[4] == UInt8(ascii: "s")
    let schemeEnd = isHTTPS ? 5 : 4
    guard bytes[schemeEnd] == UInt8(ascii: ":"), bytes[schemeEnd + 1] == UInt8(ascii: "/"),
      bytes[schemeEnd + 2] == UInt8(ascii: "/")
    else { return nil }
    let classes = Self.classes.utf8Start

    // The host: labels of host bytes separated by single dots; an `xn--` label is punycode, which the full
    // parser validates.
    let hostStart = schemeEnd + 3
    var index = hostStart
    var labelStart = index
    while true {
      if isPunycodePrefix(bytes, at: index) { return nil }
      while index < count && classes[Int(bytes[index])] & Self.host != 0 {
        index += 1
      }
      guard index > labelStart else { return nil }  // An empty label.
      guard index < count && bytes[index] == UInt8(ascii: ".") else { break }
      index += 1
      labelStart = index
    }
    // A last label that cannot be a number, then the end of the host.
    guard !isDigit(bytes[labelStart]) else { return nil }
    let hostEnd = index
    if index < count {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") else { return nil }
    }

    // The path: path bytes, and after each `/` neither `.` (a dot segment) nor `%` (maybe `%2e`).
    while index < count && bytes[index] == UInt8(ascii: "/") {
      index += 1
      if index < count && (bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "%")) { return nil }
      while index < count && classes[Int(bytes[index])] & Self.pathSegment != 0 {
        index += 1
      }
    }

    var layout = WebAddress.Layout(scheme: isHTTPS ? .https : .http, hasOpaquePath: false)
    layout.hostKind = .domain
    layout.schemeEnd = UInt32(schemeEnd)
    layout.usernameEnd = UInt32(hostStart)
    layout.hostStart = UInt32(hostStart)
    layout.hostEnd = UInt32(hostEnd)
    layout.pathStart = UInt32(hostEnd)
    layout.count = UInt32(count)
    if index < count && bytes[index] == UInt8(ascii: "?") {
      layout.queryStart = UInt32(index)
      index += 1
      while index < count && classes[Int(bytes[index])] & Self.query != 0 {
        index += 1
      }
    }
    if index < count && bytes[index] == UInt8(ascii: "#") {
      layout.fragmentStart = UInt32(index)
      index += 1
      while index < count && classes[Int(bytes[index])] & Self.fragment != 0 {
        index += 1
      }
    }
    // Anything left is a byte the URL Standard would percent-encode, or a path byte after the path.
    guard index == count else { return nil }
    return layout
  }

  /// Whether the label at `index` starts with `xn--`.
  @inline(__always)
  private static func isPunycodePrefix(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
    index + 3 < bytes.count && bytes[index] == UInt8(ascii: "x") && bytes[index + 1] == UInt8(ascii: "n")
      && bytes[index + 2] == UInt8(ascii: "-") && bytes[index + 3] == UInt8(ascii: "-")
  }

  @inline(__always)
  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  /// Host bytes other than `.`: lower-case letters, digits, `-`.
  static let host: UInt8 = 1
  /// Path bytes that need no percent-encoding in a special URL (``PercentEncodeSet/path``), other than `/`
  /// (which the path loop handles) and `\`.
  static let pathSegment: UInt8 = 2
  /// Query bytes that need no percent-encoding in a special URL (``PercentEncodeSet/specialQuery``), `#` aside.
  static let query: UInt8 = 4
  /// Fragment bytes that need no percent-encoding (``PercentEncodeSet/fragment``).
  static let fragment: UInt8 = 8

  /// For each byte, the classes it belongs to, plus 0x40 so that the table is printable (`@` is none; bytes
  /// 0x80 and up belong to none). One load per byte instead of two masks; a `StaticString`, so no allocation
  /// and no lazy initialisation. `OrdinaryURLTests` checks it against the percent-encode sets.
  static let classes: StaticString =
    """
    @@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@N@HNNNJNNNNNONLOOOOOOOOOONN@N@L\
    NNNNNNNNNNNNNNNNNNNNNNNNNNNNLNLNDOOOOOOOOOOOOOOOOOOOOOOOOOOLNLN@\
    @@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\
    @@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@
    """
}
